/// The writer side (`encode`), decided once for every language, so that the three encoders write
/// the same bytes and refuse the same values at the same paths (docs/schema.md, "The canonical
/// document"; docs/runtime-api.md §6):
///
/// - An object: `{`, for the root the version first (readers check it before anything it gates),
///   then each stored field in declaration order under its JSON key; derived fields never.
///   Presence: a required field is always written; an optional one only when it holds a value
///   (null and left out are not written: null would be a second spelling of absent), an
///   `explicit-null` one as `null` when null; a defaulted one always (its default when the app
///   left it out).
/// - A value is written by its read operation's writer (one per scalar kind in each runtime, with
///   that kind's check), then checked against the field's constraints, in the plan's order; an
///   array's or a map's elements are written (and checked) before the array's own constraints.
/// - A union: the tag first (readers find it anywhere; first reads best), then the variant's fields.
/// - A map: its entries by key in UTF-16 code-unit order (JavaScript's and Kotlin's string order;
///   a Swift Dictionary has no order of its own, and insertion order would make the bytes depend on
///   how the app built the map).
/// - A refusal names the path of the first value, in that writing order, that a reader would not
///   read back as given: `$`, then `.field` (code names), `[index]`, `["key"]` (the key as
///   JSON.stringify spells it).
struct WriterPlan {
    /// One stored field's write.
    struct FieldWrite {
        let field: Field
        var codeName: String { field.name }
        /// The member's key as JSON text with its colon, `"tasks":` (escaped as JSON.stringify does).
        let keyText: String
        /// The field's step in a refusal's path, `.tasks`.
        var step: String { "." + field.name }
        let presence: WritePresence
        let value: ValueWrite
    }

    /// What the writer does with a field's presence.
    enum WritePresence: Equatable {
        /// Always written; a value the language cannot leave out (TypeScript: left out is refused).
        case required
        /// Written when it holds a value; null or left out: not written.
        case optional
        /// `explicit-null`: null written as `null`, left out not written.
        case explicitNull
        /// Always written: the default when left out (a language whose value always holds one writes that).
        case defaulted(DefaultValue)
    }

    /// How one value is written: its read operation's writer, then its constraints in order.
    struct ValueWrite {
        let operation: ReadOperation
        let checks: [CheckWrite]

        init(_ read: ValueRead) {
            operation = read.operation
            checks = read.checks.map(CheckWrite.init)
        }

        /// An array's element or a map's value: a field's constraints apply to the field's value, not to these.
        init(element operation: ReadOperation) {
            self.operation = operation
            checks = []
        }
    }

    /// One constraint and the words a refusal of it uses (`expected`).
    struct CheckWrite {
        let check: ConstraintCheck
        let expected: String

        init(_ check: ConstraintCheck) {
            self.check = check
            switch check {
            case .nonEmpty: expected = "non-empty"
            case .atLeast(let bound, let integral): expected = ">= " + WriterPlan.boundText(bound, integral: integral)
            case .atMost(let bound, let integral): expected = "<= " + WriterPlan.boundText(bound, integral: integral)
            case .textLength(let min, let max): expected = "length " + WriterPlan.range(min, max) + " Unicode scalars"
            case .itemCount(let min, let max): expected = WriterPlan.range(min, max) + " items"
            }
        }
    }

    struct ObjectWrite {
        let type: ObjectType
        var name: String { type.name }
        /// The root's version member, `"v":1`; nil for every other type.
        let versionText: String?
        let fields: [FieldWrite]
        /// Whether some union writes this type as a variant (its writer then takes the tag member).
        let isVariant: Bool
    }

    struct UnionWrite {
        struct Variant {
            let tag: String
            let typeName: String
            /// The tag member as JSON text, `"type":"photo"`.
            let tagText: String
        }

        let union: UnionType
        var name: String { union.name }
        /// The tag's code name (the input's discriminant where the language has one: TypeScript).
        var tagName: String { union.tag }
        /// The step of a refused tag, `.kind`.
        var tagStep: String { "." + union.tag }
        let variants: [Variant]
        /// A tag none of the variants has: `one of "photo", "link", "place"`.
        let unknownTagExpected: String
    }

    let objects: [ObjectWrite]
    let unions: [UnionWrite]

    init(_ contract: Contract) {
        let variantTypes = Set(contract.unions.flatMap { $0.variants.map(\.typeName) })
        objects = contract.types.map { type in
            let isRoot = type.name == contract.rootTypeName
            return ObjectWrite(
                type: type,
                versionText: isRoot ? CanonicalJSON.quoted(contract.version.field) + ":" + String(contract.version.writes) : nil,
                fields: type.storedFields.map { field in
                    let presence: WritePresence
                    switch field.presence {
                    case .required: presence = .required
                    case .optional: presence = field.explicitNull ? .explicitNull : .optional
                    case .defaultValue(let value): presence = .defaulted(value)
                    }
                    return FieldWrite(field: field, keyText: CanonicalJSON.quoted(field.jsonKey) + ":", presence: presence,
                                      value: ValueWrite(ValueRead(field.type, constraints: field.constraints)))
                },
                isVariant: variantTypes.contains(type.name))
        }
        unions = contract.unions.map { union in
            UnionWrite(union: union,
                       variants: union.variants.map {
                           UnionWrite.Variant(tag: $0.tag, typeName: $0.typeName,
                                              tagText: CanonicalJSON.quoted(union.tagKey) + ":" + CanonicalJSON.quoted($0.tag))
                       },
                       unknownTagExpected: "one of " + union.variants.map { CanonicalJSON.quoted($0.tag) }.joined(separator: ", "))
        }
    }

    /// An enumeration's refusal: `one of "idle", "syncing", "failed"`.
    static func oneOf(_ cases: [String]) -> String { "one of " + cases.map(CanonicalJSON.quoted).joined(separator: ", ") }

    /// A bound as a refusal names it: integral bounds without a fraction.
    static func boundText(_ value: Double, integral: Bool) -> String {
        if value == value.rounded(), abs(value) < 1e18 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Inclusive bounds as a refusal names them (ASCII, as every literal is): `1 to 80`, `>= 1`, `<= 80`.
    static func range(_ min: Int?, _ max: Int?) -> String {
        switch (min, max) {
        case let (min?, max?): return "\(min) to \(max)"
        case let (min?, nil): return ">= \(min)"
        case let (nil, max?): return "<= \(max)"
        case (nil, nil): return "any"
        }
    }
}

/// JSON text as every writer spells it: JSON.stringify's string escapes (`"` and `\` with a
/// backslash; U+0008, U+0009, U+000A, U+000C, U+000D as `\b \t \n \f \r`; other control
/// characters as `\u00xx`, lower-case hex; everything else as itself). The runtimes' string
/// writers escape the same way; the plan uses this for text it decides (keys, tags, the version).
enum CanonicalJSON {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x00..<0x20: result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
