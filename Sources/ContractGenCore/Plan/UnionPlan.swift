/// One tagged union's decoder, decided once for every language:
///
/// 1. The value must be an object; its tag is found first, by scanning the object once without
///    reading it (`peekTag`): the tag key's last occurrence wins, and it must hold a string (an
///    unpaired surrogate is not one). Not an object, no tag, a tag that is not a string: invalid.
/// 2. A tag spelled exactly as one of the variants' (code units, no case folding) picks that
///    variant; any other string picks the fallback when the union has `unknown:`, else is invalid.
/// 3. The object is then read by the variant's own object decoder (the tag key is not one of its
///    fields, so it is skipped as an unknown key); an invalid variant object makes the union value
///    invalid, and the field's presence policy decides, as for any invalid value.
///
/// The object is thus scanned twice (its tag, then its fields): linear, since contracts are
/// trees — a value inside k nested unions is scanned k + 1 times, with k bounded by the schema.
/// Drops inside the variant are the variant decoder's, held and counted as for an object field.
struct UnionPlan {
    struct Variant {
        let tag: String
        let typeName: String
    }

    let union: UnionType
    var name: String { union.name }
    /// The JSON key of the tag.
    var tagKey: String { union.tagKey }
    /// The tag's code name (TypeScript's discriminant property).
    var tagName: String { union.tag }
    /// In declaration order.
    let variants: [Variant]
    /// The variant an unknown tag string is read as; nil: an unknown tag is invalid.
    let fallback: Variant?

    init(_ union: UnionType) {
        self.union = union
        variants = union.variants.map { Variant(tag: $0.tag, typeName: $0.typeName) }
        fallback = union.fallback.map { Variant(tag: $0.tag, typeName: $0.typeName) }
    }
}
