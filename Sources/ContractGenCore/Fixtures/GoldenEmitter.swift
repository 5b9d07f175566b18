/// The golden emitter: schema-derived conformance cases (docs/conformance.md). Every stored field of every
/// type is tried missing, as JSON null, as each JSON type it does not accept, and at each
/// constraint boundary; every rejected form of the version gate is tried. The expectation is
/// derived from the field's declared rule (presence policy, constraints), by the mutation rule
/// alone — never by running a decoder — and is cross-checked by the hand-written scenarios.

/// Emits `golden/<contract>/schema.*.json`. Files without the `schema.` prefix are hand-written
/// and never touched.
public struct GoldenEmitter: Sendable {
    public static let generatedPrefix = "schema."

    public init() {}

    /// The samples the cases use, then the cases, each written as changes to its sample
    /// (docs/conformance.md, "Samples and changes").
    public func files(_ contract: Contract) -> [GeneratedFile] {
        (GoldenCaseForm(builder: GoldenCaseBuilder(contract: contract)).files() + [Self.versionsCase(contract)]).map { name, json in
            GeneratedFile(path: "golden/\(contract.name)/\(name).json",
                          contents: Self.compacting(json, below: Self.prettyDepth).pretty() + "\n")
        }
    }

    /// `schema.<contract>.versions`: the `versions` op answers the schema's `version.accepts`, in
    /// its order, and `version.writes` (the constants an app checks and a writer stamps).
    static func versionsCase(_ contract: Contract) -> (name: String, json: JSONValue) {
        let name = generatedPrefix + contract.name + ".versions"
        let expect = JSONValue.object([("accepts", .array(contract.version.accepts.map { .number(Double($0)) })),
                                       ("writes", .number(Double(contract.version.writes)))])
        return (name, .object([("case", .string(name)),
                               ("about", .string("the version constants as the schema declares them: accepts \(contract.version.accepts.map(String.init).joined(separator: ", ")), writes \(contract.version.writes)")),
                               ("contract", .string(contract.name)), ("op", .string(TesteeOp.versions.rawValue)),
                               ("given", .object([])), ("expect", expect)]))
    }

    /// Levels printed one value a line; deeper values are printed compactly on one line, because
    /// indentation makes a pretty-printed document of depth d cost d² bytes (a 500-level schema).
    static let prettyDepth = 8

    static func compacting(_ value: JSONValue, below depth: Int) -> JSONValue {
        switch value {
        case .array(let items) where !items.isEmpty:
            return depth == 0 ? .raw(value.serialized()) : .array(items.map { compacting($0, below: depth - 1) })
        case .object(let entries) where !entries.isEmpty:
            return depth == 0 ? .raw(value.serialized()) : .object(entries.map { ($0.0, compacting($0.1, below: depth - 1)) })
        default:
            return value
        }
    }
}

/// One case: name, explanation, given blob and expected observation, and the sample its file
/// states them against (a `GoldenSampleKind`).
struct GoldenCase {
    var name: String
    var about: String
    var contract: String
    var blob: String
    var expect: JSONValue
    var sample: GoldenSampleKind? = nil
    /// Whether the case asks for the report (`expect` then holds it, derived by GoldenReport).
    var reports = false
    /// Whether the case asks for the dropped count (`given.dropped`; `expect` then holds it).
    var countsDropped = false
    /// Set on a case built straight as changes to its sample's expectation (an `alone` case:
    /// its full observation would cost every field of the spine, for each field). `expect` is
    /// then null and `fullExpect` computes it, for the full form and for the tests that compare
    /// the two spellings (GoldenCaseFormTests, EmitScaleTests).
    var expectChanges: [WrittenChange]? = nil
    var fullExpect: (() -> JSONValue)? = nil

    /// `given` besides the blob: the flags the case asks for.
    var flags: [(String, JSONValue)] {
        (reports ? [("report", .bool(true))] : []) + (countsDropped ? [("dropped", .bool(true))] : [])
    }

    var json: JSONValue {
        .object([("case", .string(name)), ("about", .string(about)), ("contract", .string(contract)),
                 ("op", .string("decode")), ("given", .object([("blob", .string(blob))] + flags)), ("expect", fullExpect?() ?? expect)])
    }

    /// The case asking for the dropped count too, where the observation does not hold it
    /// (a wrapped one): the count the rules give is then part of what every road must answer,
    /// the report's decoders included.
    func countingDropped(_ dropped: Int, observation: ObservationStyle) -> GoldenCase {
        guard case .wrapped = observation, case .object(var members) = expect else { return self }
        var result = self
        members.append(("dropped", .number(Double(dropped))))
        result.expect = .object(members)
        result.countsDropped = true
        return result
    }

    /// The case asking for `report` (nil: as it is, without one).
    func reporting(_ report: [JSONValue]?) -> GoldenCase {
        guard let report, case .object(var members) = expect else { return self }
        var result = self
        members.append(("report", .array(report)))
        result.expect = .object(members)
        result.reports = true
        return result
    }
}

/// What a mutated value is, according to the field's rule.
enum MutationOutcome {
    /// The value is accepted; the field observes as this (decoded) value.
    case valid(JSONValue)
    /// The value is rejected; the field's presence policy decides.
    case invalid
}

/// A way to break (or just-not-break) one field.
struct Mutation {
    var label: String
    var why: String
    /// The JSON written in place of the field; nil removes the key.
    var written: JSONValue?
    var outcome: MutationOutcome
    /// Array elements the written value drops (counted when the field's object is kept, whether
    /// or not the array is then valid: docs/schema.md, "Length and size limits").
    var drops = 0
}

struct GoldenCaseBuilder {
    let contract: Contract
    // Computed once: looked up per value, they made emission quadratic in the schema size.
    let typesByName: [String: ObjectType]
    let lookupKeyFields: Set<String>
    /// Fields a derived field reads (its key field, the root's lookup map), by name: changing
    /// one may change another field's observation.
    let derivationInputs: Set<String>
    let memo = Memo()

    /// Per-type minimal objects, filled on first use: rebuilt per case, they walked every field
    /// of the type for each field's case (docs/scaling.md: 10,000 fields took minutes).
    final class Memo {
        /// The required fields' minimal values, each with its place among the stored fields.
        var minimal: [String: [(position: Int, key: String, value: JSONValue)]] = [:]
        /// Each stored field's place by JSON key (the first of a key).
        var positions: [String: [String: Int]] = [:]
    }

    init(contract: Contract) {
        self.contract = contract
        typesByName = Dictionary(contract.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        lookupKeyFields = Set(contract.types.flatMap { $0.fields.compactMap { $0.derived?.keyField } })
        derivationInputs = lookupKeyFields.union(contract.types.flatMap { $0.fields.compactMap { $0.derived?.lookupField } })
    }

    func objectType(named name: String) -> ObjectType? { typesByName[name] }

    func union(named name: String) -> UnionType { contract.union(named: name)! }

    // MARK: Sample documents

    /// A valid value for a field: non-default, within constraints, so that degrading is visible.
    func sample(_ field: Field, owner: String) -> JSONValue {
        sample(field.type, field: field, owner: owner)
    }

    func sample(_ type: FieldType, field: Field, owner: String) -> JSONValue {
        switch type {
        case .string:
            // Keys of derived lookups must hit the sample map, so they share one sample value.
            return .string(Self.fitted(lookupKeyFields.contains(field.name) ? "k1" : "\(owner).\(field.name)", field.constraints))
        case .bool:
            if case .defaultValue(.bool(let d)) = field.presence { return .bool(!d) }
            return .bool(true)
        case .integer:
            let c = field.constraints
            let value = c.min.map { min in c.max.map { Swift.min(min + 1, $0) } ?? min + 1 } ?? c.max.map { $0 - 1 } ?? 7
            // Within the safe integers and the bounds (a bound at ±(2^53−1) leaves no room past it).
            return .number(Self.clamped(value, low: Swift.max(c.min ?? -9_007_199_254_740_991, -9_007_199_254_740_991),
                                        high: Swift.min(c.max ?? 9_007_199_254_740_991, 9_007_199_254_740_991)))
        case .number:
            let c = field.constraints
            if let min = c.min, let max = c.max { return .number((min + max) / 2) }
            return .number(c.min.map { $0 + 0.5 } ?? c.max.map { $0 - 0.5 } ?? 2.5)
        case .localDate: return .string("2026-07-17")
        case .epochMillis:
            // 2026-07-17T22:00:00Z, or the nearest instant the field's bounds allow (at least 1).
            let c = field.constraints
            return .number(Self.clamped(1_784_325_600_000, low: Swift.max(c.min ?? 1, 1), high: Swift.min(c.max ?? 9_007_199_254_740_991, 9_007_199_254_740_991)))
        case .dateTime: return .string(DateTimeForms.sampleText)
        case .enumeration(let cases, _): return .string(cases.last!)
        case .array(let element): return .array(Array(repeating: sample(element, field: field, owner: owner), count: Self.sampleCount(field.constraints)))
        case .map(let value): return .object([("k1", sample(value, field: field, owner: owner + "[k1]"))])
        case .object(let name): return sampleObject(objectType(named: name)!)
        case .union(let name):
            // The first variant, its tag first (docs/conformance.md: a union's samples).
            let union = union(named: name)
            return Self.tagged(sampleObject(objectType(named: union.variants[0].typeName)!), union.tagKey, union.variants[0].tag)
        }
    }

    /// A union value: `object` with the tag key first (as the writer puts it).
    static func tagged(_ object: JSONValue, _ key: String, _ tag: JSONValue) -> JSONValue {
        .object([(key, tag)] + (object.objectEntries ?? []))
    }

    static func tagged(_ object: JSONValue, _ key: String, _ tag: String) -> JSONValue {
        tagged(object, key, .string(tag))
    }

    /// `value` within `low … high`, rounded into the integers inside them (bounds may be fractional).
    static func clamped(_ value: Double, low: Double, high: Double) -> Double {
        let low = low.rounded(.up), high = high.rounded(.down)
        return Swift.min(Swift.max(value, low), high)
    }

        /// `text` cut or padded (with `x`) to the field's length limits, in Unicode scalars.
    static func fitted(_ text: String, _ c: Constraints) -> String {
        var scalars = Array(text.unicodeScalars)
        if let max = c.maxLength, scalars.count > max { scalars = Array(scalars.prefix(max)) }
        let min = Swift.max(c.minLength ?? 0, c.nonEmpty ? 1 : 0)
        while scalars.count < min { scalars.append("x") }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// How many elements a sample array holds: one, or `min-items` when that is more.
    static func sampleCount(_ c: Constraints) -> Int { Swift.max(1, c.minItems ?? 0) }

    /// A text of exactly `count` Unicode scalars that starts with `lead` (cut to fit) and is
    /// padded with `x`: a lead of `e\u{301}` (two scalars, one grapheme) or `😀` (one scalar, two
    /// UTF-16 units) makes a wrong unit of length disagree at the limit.
    static func text(_ count: Int, lead: String) -> String {
        fitted(String(String.UnicodeScalarView(lead.unicodeScalars.prefix(count))), Constraints(minLength: count, maxLength: count))
    }


    /// The blob form of an object: every stored field, in declaration order.
    func sampleObject(_ type: ObjectType) -> JSONValue {
        .object(type.storedFields.map { ($0.jsonKey, sample($0, owner: type.name)) })
    }

    func sampleDocument() -> JSONValue {
        guard case .object(let fields) = sampleObject(contract.rootType) else { return .null }
        return .object([(contract.version.field, .number(Double(contract.version.writes)))] + fields)
    }

    // MARK: Expected observation (from the decoded-value tree)

    /// The decoded value of a sample (all samples are valid, so decoding is the identity on them).
    /// Observation = the schema's observation style applied to the decoded tree, with derived
    /// fields looked up in the decoded root.
    func observation(status: String, decodedRoot: JSONValue?, dropped: Int) -> JSONValue {
        let root = contract.rootType
        guard let decodedRoot, status == "ok" else {
            switch contract.observation {
            case .wrapped:
                return .object([("status", .string(status)), ("value", .null)])
            case .flat(let omit, let countsDropped):
                var entries: [(String, JSONValue)] = [("status", .string(status))]
                for field in root.fields where !omit.contains(field.name) && !field.explicitNull {
                    switch field.type {
                    case .array: entries.append((field.observedKey, .array([])))
                    case .map: entries.append((field.observedKey, .object([])))
                    default: entries.append((field.observedKey, .null))
                    }
                }
                if countsDropped { entries.append(("dropped", .number(0))) }
                return .object(entries)
            }
        }
        let observed = observe(decodedRoot, type: root, root: decodedRoot)
        switch contract.observation {
        case .wrapped:
            return .object([("status", .string(status)), ("value", observed)])
        case .flat(let omit, let countsDropped):
            var entries: [(String, JSONValue)] = [("status", .string(status))]
            // `omit` names fields; the observation is keyed by their JSON keys.
            let omitted = Set(root.fields.filter { omit.contains($0.name) }.map(\.observedKey))
            for (key, value) in observed.objectEntries ?? [] where !omitted.contains(key) { entries.append((key, value)) }
            if countsDropped { entries.append(("dropped", .number(Double(dropped)))) }
            return .object(entries)
        }
    }

    func observe(_ value: JSONValue, type: ObjectType, root: JSONValue) -> JSONValue {
        // One dictionary per object (last key wins, as in `subscript`): a lookup per field would
        // make observing a type with many fields quadratic.
        let present = Dictionary((value.objectEntries ?? []).map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
        var entries: [(String, JSONValue)] = []
        for field in type.fields {
            if let derived = field.derived {
                // The document is keyed by JSON keys; a derivation names fields.
                let keyField = type.field(named: derived.keyField)
                let lookupKey = contract.rootType.field(named: derived.lookupField)?.jsonKey ?? derived.lookupField
                let key = present[keyField?.jsonKey ?? derived.keyField]?.stringValue ?? absentValue(keyField).stringValue
                let found = key.flatMap { root[lookupKey]?[$0] } ?? .null
                entries.append((field.observedKey, found))
            } else if let value = present[field.jsonKey] {
                entries.append((field.observedKey, observe(value, type: field.type, root: root)))
            } else if !field.explicitNull {   // an absent explicit-null field is left out
                entries.append((field.observedKey, observe(absentValue(field), type: field.type, root: root)))
            }
        }
        return .object(entries)
    }

    /// A field the (minimal) document leaves out reads as its presence policy says: null or the
    /// default. (Required fields are never left out of a valid sample.)
    func absentValue(_ field: Field?) -> JSONValue {
        guard let field, case .replace(let value?)? = degrade(field) else { return .null }
        return value
    }


    func observe(_ value: JSONValue, type: FieldType, root: JSONValue) -> JSONValue {
        switch (type, value) {
        case (.object(let name), .object): return observe(value, type: objectType(named: name)!, root: root)
        case (.union(let name), .object(let entries)):
            // A decoded union holds its variant's tag (the last occurrence); it observes as the
            // variant's object plus the tag key with that tag.
            let union = union(named: name)
            guard let tag = entries.last(where: { $0.0 == union.tagKey })?.1.stringValue,
                  let variant = union.variant(tagged: tag) ?? union.fallback else { return value }
            let observed = observe(value, type: objectType(named: variant.typeName)!, root: root)
            return .object((observed.objectEntries ?? []) + [(union.tagKey, .string(variant.tag))])
        case (.array(let element), .array(let items)): return .array(items.map { observe($0, type: element, root: root) })
        case (.map(let element), .object(let entries)): return .object(entries.map { ($0.0, observe($0.1, type: element, root: root)) })
        // A sample's date-time text reads as its instant (a mutation's outcome already is one).
        case (.dateTime, .string(let text)): return .number(Double(DateTimeForms.instant(ofSample: text)))
        default: return value
        }
    }

    // MARK: Paths

    /// One place per object type where an instance sits in the sample: `[("tasks", 0)]` for Task.
    struct Step {
        var field: Field; var owner: ObjectType; var index: Int?; var mapKey: String?
        /// Set when the step goes through a union: its variant's type, the tag key and the tag
        /// the instance holds to be read as that variant.
        var variant: (typeName: String, key: String, tag: String)? = nil
    }

    func paths() -> [(ObjectType, [Step])] {
        var result: [(ObjectType, [Step])] = [(contract.rootType, [])]
        var queue: [(ObjectType, [Step])] = [(contract.rootType, [])]
        var seen: Set<String> = [contract.rootTypeName]
        while !queue.isEmpty {
            let (type, path) = queue.removeFirst()
            for field in type.storedFields {
                var step = Step(field: field, owner: type, index: nil, mapKey: nil)
                var target = field.type
                if case .array(let element) = target { step.index = 0; target = element }
                if case .map(let value) = target { step.mapKey = "k1"; target = value }
                if case .object(let name) = target, seen.insert(name).inserted, let child = objectType(named: name) {
                    result.append((child, path + [step]))
                    queue.append((child, path + [step]))
                }
                // Through a union, each variant type is reached as an instance holding its tag.
                if case .union(let name) = target {
                    let union = union(named: name)
                    for variant in union.variants where seen.insert(variant.typeName).inserted {
                        guard let child = objectType(named: variant.typeName) else { continue }
                        var through = step
                        through.variant = (variant.typeName, union.tagKey, variant.tag)
                        result.append((child, path + [through]))
                        queue.append((child, path + [through]))
                    }
                }
            }
        }
        return result
    }

    // MARK: Mutations per field type

    /// Integers longer than 64 bits hold: read by their value they are no safe integer; a reader
    /// with a 64-bit fast path overflows on the first and wraps the second to 1.
    static let beyond64Bits = [
        Mutation(label: "beyond-int64", why: "a 19-digit integer above the largest Int64 is beyond the safe integers (never wrapped or trapped on)",
                 written: .raw("9999999999999999999"), outcome: .invalid),
        Mutation(label: "beyond-64-bits", why: "2^64 + 1 is beyond the safe integers (64-bit arithmetic would wrap it to 1)",
                 written: .raw("18446744073709551617"), outcome: .invalid),
    ]

    /// The decimal text of 2^64 + `n` (n ≥ 0, small): a number 64-bit arithmetic wraps to `n`.
    static func twoToThe64Plus(_ n: Int) -> String {
        var digits = Array("18446744073709551616".utf8).map { Int($0) - 48 }
        var carry = n
        var k = digits.count - 1
        while carry > 0 {
            if k < 0 { digits.insert(0, at: 0); k = 0 }
            let sum = digits[k] + carry
            digits[k] = sum % 10
            carry = sum / 10
            k -= 1
        }
        return String(digits.map { Character(String($0)) })
    }

    /// `{"a":` … `{}` … `}`: `levels` objects, each the only member of the one around it.
    static func nestedObjectsText(_ levels: Int) -> String {
        String(repeating: "{\"a\":", count: levels - 1) + "{}" + String(repeating: "}", count: levels - 1)
    }

    /// Whether a field's type takes no object (so an object in its place is a wrong type).
    static func takesNoObject(_ type: FieldType) -> Bool {
        switch type {
        case .object, .union, .map: return false
        default: return true
        }
    }

    func mutations(_ field: Field) -> [Mutation] {
        var list: [Mutation] = [
            Mutation(label: "missing", why: "the key is absent", written: nil, outcome: .invalid),
            field.explicitNull
                ? Mutation(label: "null", why: "explicit-null: JSON null is a value of its own, read as null (not as absent)", written: .null, outcome: .valid(.null))
                : Mutation(label: "null", why: "JSON null is not a value of any type", written: .null, outcome: .invalid),
        ]
        let wrongTypes: [(String, JSONValue)] = [("bool", .bool(true)), ("number", .number(1)), ("string", .string("1")),
                                                 ("array", .array([])), ("object", .object([]))]
        let accepted: Set<String>
        switch field.type {
        case .string, .localDate, .dateTime, .enumeration: accepted = ["string"]
        case .bool: accepted = ["bool"]
        case .integer, .number, .epochMillis: accepted = ["number"]
        case .array: accepted = ["array"]
        case .map, .object, .union: accepted = ["object"]
        }
        for (name, value) in wrongTypes where !accepted.contains(name) {
            list.append(Mutation(label: "wrong-type-\(name)", why: "a JSON \(name) is not a \(field.type.schemaSpelling) (no coercion)", written: value, outcome: .invalid))
        }
        let c = field.constraints
        func inRange(_ v: Double) -> Bool { (c.min.map { v >= $0 } ?? true) && (c.max.map { v <= $0 } ?? true) }
        switch field.type {
        case .string:
            list.append(Mutation(label: "unpaired-surrogate", why: "a string holding an unpaired surrogate is not a valid string",
                                 written: .raw("\"\\ud800\""), outcome: .invalid))
            func read(_ text: String) -> MutationOutcome { c.accepts(text: text) ? .valid(.string(text)) : .invalid }
            list.append(Mutation(label: "empty", why: c.nonEmpty ? "the field is declared non-empty"
                                     : (c.minLength ?? 0) > 0 ? "the empty string is below min-length \(c.minLength!)" : "the empty string is a string",
                                 written: .string(""), outcome: read("")))
            list.append(Mutation(label: "escaped-unicode", why: "escapes decode to the characters they name"
                                     + (c.accepts(text: "café") ? "" : "; café (4 Unicode scalars) is outside the length limits"),
                                 written: .raw("\"caf\\u00e9\""), outcome: read("café")))
            // Length limits count Unicode scalars: a combining accent is one more, an astral
            // character one (two UTF-16 units), so a decoder counting graphemes or UTF-16 units
            // disagrees with these at the limit.
            if let min = c.minLength, min > 0 {
                let at = Self.text(min, lead: min >= 2 ? "e\u{301}" : "😀")
                list.append(Mutation(label: "at-min-length", why: "min-length \(min) is inclusive; e\\u0301 is 2 Unicode scalars (1 grapheme), 😀 is 1 (2 UTF-16 units)",
                                     written: .string(at), outcome: read(at)))
                let below = String(repeating: "😀", count: min - 1)
                list.append(Mutation(label: "below-min-length", why: "\(min - 1) Unicode scalars is below min-length \(min), though 😀 is 2 UTF-16 units",
                                     written: .string(below), outcome: read(below)))
            }
            if let max = c.maxLength {
                let at = Self.text(max, lead: "😀")
                list.append(Mutation(label: "at-max-length", why: "max-length \(max) is inclusive, in Unicode scalars: 😀 is 1 (2 UTF-16 units)",
                                     written: .string(at), outcome: read(at)))
                let above = Self.text(max + 1, lead: "e\u{301}")
                list.append(Mutation(label: "above-max-length", why: "\(max + 1) Unicode scalars is above max-length \(max), though e\\u0301 is 1 grapheme",
                                     written: .string(above), outcome: read(above)))
            }
        case .bool:
            list.append(Mutation(label: "false", why: "false is a boolean", written: .bool(false), outcome: .valid(.bool(false))))
            list.append(Mutation(label: "string-true", why: "\"true\" is a string, not a boolean", written: .string("true"), outcome: .invalid))
        case .integer:
            list.append(Mutation(label: "fractional", why: "1.5 has no integral value", written: .raw("1.5"), outcome: .invalid))
            list.append(Mutation(label: "beyond-2-53", why: "2^53 is beyond the safe integers", written: .raw("9007199254740992"), outcome: .invalid))
            list += Self.beyond64Bits
            list.append(Mutation(label: "overflow", why: "1e400 is a number but not a usable one", written: .raw("1e400"), outcome: .invalid))
            if let min = c.min {
                list.append(Mutation(label: "below-min", why: "min is \(JSONValue.format(min))", written: .number(min - 1), outcome: .invalid))
                list.append(Mutation(label: "at-min", why: "min is inclusive", written: .number(min), outcome: inRange(min) ? .valid(.number(min)) : .invalid))
                list.append(Mutation(label: "at-min-spelled-float", why: "\(JSONValue.format(min)).0 is the same IEEE double",
                                     written: .raw(JSONValue.format(min) + ".0"), outcome: inRange(min) ? .valid(.number(min)) : .invalid))
            } else {
                list.append(Mutation(label: "negative", why: inRange(-3) ? "no min is declared" : "no min is declared, but -3 is above max \(JSONValue.format(c.max!))",
                                     written: .number(-3), outcome: inRange(-3) ? .valid(.number(-3)) : .invalid))
            }
            if let max = c.max {
                list.append(Mutation(label: "at-max", why: "max is inclusive", written: .number(max), outcome: .valid(.number(max))))
                if max < 9_007_199_254_740_991 {
                    list.append(Mutation(label: "above-max", why: "max is \(JSONValue.format(max))", written: .number(max + 1), outcome: .invalid))
                }
            }
        case .number:
            list.append(Mutation(label: "overflow", why: "1e400 is a number but not a usable one", written: .raw("1e400"), outcome: .invalid))
            // Read by its value, as every reader reads a number: 1e19, not what 64 bits make of it.
            list.append(Mutation(label: "beyond-int64", why: inRange(1e19) ? "a 19-digit integer above the largest Int64 is the number 1e19, never wrapped" : "a 19-digit integer above the largest Int64 is the number 1e19, outside the bounds",
                                 written: .raw("9999999999999999999"), outcome: inRange(1e19) ? .valid(.number(1e19)) : .invalid))
            // A quarter past the bound, or half the bound's size past it where a quarter is lost in
            // rounding (min -1e300: -1e300 - 0.25 is -1e300 itself, at the bound, not past it).
            func past(_ bound: Double, by sign: Double) -> Double {
                let near = bound + sign * 0.25
                return near != bound ? near : bound + sign * abs(bound) / 2
            }
            if let min = c.min {
                list.append(Mutation(label: "below-min", why: "min is \(JSONValue.format(min))", written: .number(past(min, by: -1)), outcome: .invalid))
                list.append(Mutation(label: "at-min", why: "min is inclusive", written: .number(min), outcome: .valid(.number(min))))
            }
            if let max = c.max {
                list.append(Mutation(label: "at-max", why: "max is inclusive", written: .number(max), outcome: .valid(.number(max))))
                list.append(Mutation(label: "above-max", why: "max is \(JSONValue.format(max))", written: .number(past(max, by: 1)), outcome: .invalid))
            }
        case .localDate:
            for (label, text, valid) in [("nonexistent-day", "2026-02-30", false), ("trailing-garbage", "2026-07-17garbage", false),
                                         ("unpadded", "2026-7-1", false), ("empty", "", false), ("year-zero", "0000-01-01", false),
                                         ("leap-day", "2024-02-29", true), ("not-leap-century", "1900-02-29", false),
                                         ("first-year", "0001-01-01", true)] {
                list.append(Mutation(label: label, why: valid ? "\(text) is a real proleptic-Gregorian date" : "\(text) is not a real YYYY-MM-DD date",
                                     written: .string(text), outcome: valid ? .valid(.string(text)) : .invalid))
            }
            list.append(Mutation(label: "full-width-digits", why: "only ASCII digits are digits here",
                                 written: .string("２０２６-07-17"), outcome: .invalid))
        case .epochMillis:
            for (label, text, valid, why) in [("zero", "0", false, "0 is 1970, never a real validity instant"),
                                              ("negative", "-1", false, "instants before 1970 are rejected"),
                                              ("one", "1", true, "1 is the smallest accepted instant"),
                                              ("fractional", "1784325600000.5", false, "epoch millis are integral"),
                                              ("float-spelling", "1784325600000.0", true, "an integral value spelled as a float is that integer"),
                                              ("max-safe", "9007199254740991", true, "2^53-1 is the largest accepted"),
                                              ("beyond-2-53", "9007199254740992", false, "2^53 is beyond the safe integers"),
                                              ("overflow", "1e400", false, "1e400 is not a usable number")] {
                let value = Double(text)!
                let accepted = valid && inRange(value)
                list.append(Mutation(label: label, why: why, written: .raw(text), outcome: accepted ? .valid(.number(value)) : .invalid))
            }
            list += Self.beyond64Bits
            list.append(Mutation(label: "numeric-string", why: "a number in a string is a string", written: .string("1784325600000"), outcome: .invalid))
        case .dateTime:
            for form in DateTimeForms.valid + DateTimeForms.invalid {
                list.append(Mutation(label: form.label, why: form.why, written: .raw(form.json),
                                     outcome: form.instant.map { .valid(.number(Double($0))) } ?? .invalid))
            }
        case .enumeration(let cases, let unknown):
            // A string that is none of the values: invalid, or with `unknown:` the fallback value.
            func read(_ text: String) -> MutationOutcome {
                cases.contains(text) ? .valid(.string(text)) : unknown.map { .valid(.string($0)) } ?? .invalid
            }
            list.append(Mutation(label: "unknown-value", why: unknown.map { "a string that is none of the values \(cases) reads as the fallback '\($0)'" }
                                     ?? "only the declared values \(cases) are accepted",
                                 written: .string("unknown-value"), outcome: read("unknown-value")))
            let changed = cases[0].uppercased()
            list.append(Mutation(label: "case-changed", why: "enum values match exactly, case included"
                                     + (unknown != nil && !cases.contains(changed) ? ", so '\(changed)' is an unknown string" : ""),
                                 written: .string(changed), outcome: read(changed)))
            list.append(Mutation(label: "first-value", why: "\(cases[0]) is declared", written: .string(cases[0]), outcome: .valid(.string(cases[0]))))
            if let unknown {
                list.append(Mutation(label: "empty-string", why: "the empty string is a string that is none of the values, so it reads as '\(unknown)'",
                                     written: .string(""), outcome: read("")))
                list.append(Mutation(label: "unpaired-surrogate", why: "a string holding an unpaired surrogate is not a string, so it is invalid, not unknown",
                                     written: .raw("\"\\ud800\""), outcome: .invalid))
                list.append(Mutation(label: "fallback-value", why: "the fallback '\(unknown)' is itself a declared value", written: .string(unknown), outcome: .valid(.string(unknown))))
            }
        case .union(let name):
            list += unionMutations(union(named: name))
        case .array(.union(let name)):
            list += arrayElementMutations(arrayMutationsOf: field, unionMutations(union(named: name), inContainer: true))
        case .map(.union(let name)):
            // An invalid map value is ignored (not counted); the map stays unless it is left empty under non-empty.
            for mutation in unionMutations(union(named: name), inContainer: true) {
                let outcome: MutationOutcome
                switch mutation.outcome {
                case .valid(let value): outcome = .valid(.object([("k1", value)]))
                case .invalid: outcome = c.nonEmpty ? .invalid : .valid(.object([]))
                }
                list.append(Mutation(label: "value-" + mutation.label, why: "the map's only value: " + mutation.why,
                                     written: mutation.written.map { .object([("k1", $0)]) }, outcome: outcome))
            }
        default: break
        }
        switch field.type {
        case .array(let element):
            list.append(Mutation(label: "empty", why: c.nonEmpty ? "the array is declared non-empty"
                                     : (c.minItems ?? 0) > 0 ? "an empty array is below min-items \(c.minItems!)" : "an empty array is an array",
                                 written: .array([]), outcome: c.accepts(items: 0) ? .valid(.array([])) : .invalid))
            // Size limits count the elements kept: a dropped element (null is no valid element) does not count.
            let item = sample(element, field: field, owner: "item")
            func items(_ count: Int, dropping: Int = 0) -> Mutation {
                let kept = Array(repeating: item, count: count)
                return Mutation(label: "", why: "", written: .array(Array(repeating: JSONValue.null, count: dropping) + kept),
                                outcome: c.accepts(items: count) ? .valid(.array(kept)) : .invalid, drops: dropping)
            }
            func labelled(_ mutation: Mutation, _ label: String, _ why: String) -> Mutation {
                var result = mutation
                result.label = label
                result.why = why
                return result
            }
            func elements(_ n: Int) -> String { n == 1 ? "1 element" : "\(n) elements" }
            if let min = c.minItems, min > 0 {
                list.append(labelled(items(min), "at-min-items", "min-items \(min) is inclusive"))
                list.append(labelled(items(min - 1), "below-min-items", "\(elements(min - 1)) is below min-items \(min)"))
                list.append(labelled(items(min - 1, dropping: 1), "below-min-items-after-drops",
                                     "\(elements(min)) written, one of them null (dropped), leave \(min - 1) kept, below min-items \(min); the drop still counts"))
            }
            if let max = c.maxItems {
                list.append(labelled(items(max), "at-max-items", "max-items \(max) is inclusive"))
                list.append(labelled(items(max + 1), "above-max-items", "\(elements(max + 1)) is above max-items \(max)"))
                list.append(labelled(items(max, dropping: 1), "max-items-after-drops",
                                     "\(elements(max + 1)) written, one of them null (dropped), leave \(max) kept: within max-items \(max)"))
            }
            // One bad element beside a good one: the bad one is dropped and counted, the good one kept.
            let bad = Self.neverValid(element)
            list.append(labelled(Mutation(label: "", why: "", written: .array([item, bad.value]),
                                          outcome: c.accepts(items: 1) ? .valid(.array([item])) : .invalid, drops: 1),
                                 "element-wrong-type", "an element that is \(bad.what) is not a valid \(element.schemaSpelling): dropped and counted, the valid one kept"))
            // Null, the commonest bad element, apart: a reader that looks into an element before
            // checking that it is an object fails on null, not on true.
            list.append(labelled(Mutation(label: "", why: "", written: .array([item, .null]),
                                          outcome: c.accepts(items: 1) ? .valid(.array([item])) : .invalid, drops: 1),
                                 "element-null", "an element that is null is no \(element.schemaSpelling) (an element is never optional): dropped and counted, the valid one kept"))
            if case .enumeration(let cases, let unknown) = element {
                // The valid sibling is not the fallback, so a decoder reading every element as the
                // fallback fails.
                let item = JSONValue.string(cases.first { $0 != unknown } ?? cases[0])
                let kept = unknown.map { [item, .string($0)] } ?? [item]
                list.append(labelled(Mutation(label: "", why: "", written: .array([item, .string("unknown-value")]),
                                              outcome: c.accepts(items: kept.count) ? .valid(.array(kept)) : .invalid, drops: unknown == nil ? 1 : 0),
                                     "element-unknown-value", unknown.map { "an element that is none of the values \(cases) reads as the fallback '\($0)'" }
                                         ?? "an element that is none of the values \(cases) is dropped and counted"))
            }
        case .map(let value):
            list.append(Mutation(label: "empty", why: c.nonEmpty ? "the map is declared non-empty" : "an empty object is a map",
                                 written: .object([]), outcome: c.nonEmpty ? .invalid : .valid(.object([]))))
            // One bad entry beside a good one: the bad one is ignored (not counted), the good one kept.
            let item = sample(value, field: field, owner: "entry")
            let bad = Self.neverValid(value)
            list.append(Mutation(label: "entry-wrong-type", why: "an entry whose value is \(bad.what) is not a valid \(value.schemaSpelling): ignored, the valid one kept",
                                 written: .object([("k1", item), ("k2", bad.value)]), outcome: .valid(.object([("k1", item)]))))
            if case .enumeration(let cases, let unknown) = value {
                let item = JSONValue.string(cases.first { $0 != unknown } ?? cases[0])   // not the fallback, as for elements
                let kept: [(String, JSONValue)] = [("k1", item)] + (unknown.map { [("k2", .string($0))] } ?? [])
                list.append(Mutation(label: "entry-unknown-value", why: unknown.map { "an entry that is none of the values \(cases) reads as the fallback '\($0)'" }
                                         ?? "an entry that is none of the values \(cases) is ignored",
                                     written: .object([("k1", item), ("k2", .string("unknown-value"))]), outcome: .valid(.object(kept))))
            }
        default:
            break
        }
        return list
    }

    /// A JSON value no element of `type` accepts (true, or 1 for a bool), and how to say it.
    static func neverValid(_ type: FieldType) -> (value: JSONValue, what: String) {
        type == .bool ? (.number(1), "the number 1") : (.bool(true), "true")
    }


    /// Union-element mutations as mutations of their array: the array holds the mutated element
    /// first, then minimal elements up to `min-items`; an invalid element is dropped and counted.
    func arrayElementMutations(arrayMutationsOf field: Field, _ elementMutations: [Mutation]) -> [Mutation] {
        guard case .array(let element) = field.type else { return [] }
        let c = field.constraints
        let padding = Array(repeating: minimalSample(element, field: field, owner: "item"), count: Self.sampleCount(c) - 1)
        return elementMutations.map { mutation in
            let kept: [JSONValue]
            switch mutation.outcome {
            case .valid(let value): kept = [value] + padding
            case .invalid: kept = padding
            }
            let dropped = kept.count == padding.count ? 1 : 0
            return Mutation(label: "element-" + mutation.label, why: "the first element: " + mutation.why + (dropped == 1 ? ", so it is dropped and counted" : ""),
                            written: .array([mutation.written ?? .null] + padding),
                            outcome: c.accepts(items: kept.count) ? .valid(.array(kept)) : .invalid, drops: dropped)
        }
    }

    /// One union value, written in every way the rule tells apart (docs/schema.md, "Tagged
    /// unions"): each variant valid, the tag missing, null, of each wrong JSON type, an unpaired
    /// surrogate, unknown (read as the fallback when there is one), in other case, after the
    /// fields, repeated (the last wins), and a variant object that is itself invalid. The
    /// decoded value of a valid one holds the tag of the variant it was read as.
    func unionMutations(_ union: UnionType, inContainer: Bool = false) -> [Mutation] {
        let key = union.tagKey
        let tags = Set(union.variants.map(\.tag))
        let first = union.variants[0]
        let firstSample = sampleObject(objectType(named: first.typeName)!)
        func otherTag(_ base: String) -> String {
            var text = base
            while tags.contains(text) { text += "-x" }
            return text
        }
        var list: [Mutation] = []
        if inContainer {
            list.append(Mutation(label: "not-an-object", why: "a union value must be an object", written: .string(first.tag), outcome: .invalid))
        }
        var seenTypes: Set<String> = []
        for variant in union.variants {
            let sample = sampleObject(objectType(named: variant.typeName)!)
            let value = Self.tagged(sample, key, variant.tag)
            list.append(Mutation(label: "variant-\(variant.tag)", why: "tag '\(variant.tag)' reads the object as \(variant.typeName)", written: value, outcome: .valid(value)))
            // A variant object that is itself invalid (a drop-element field missing) makes the union value invalid.
            guard seenTypes.insert(variant.typeName).inserted, let type = objectType(named: variant.typeName),
                  let required = type.storedFields.first(where: { $0.presence == .required(.dropElement) }) else { continue }
            list.append(Mutation(label: "variant-\(variant.tag)-invalid",
                                 why: "tag '\(variant.tag)' picks \(variant.typeName), whose required \(required.name) is missing: the variant is invalid, so the union value is",
                                 written: setting(value, required.jsonKey, to: nil), outcome: .invalid))
        }
        list.append(Mutation(label: "tag-missing", why: "without its tag '\(key)' no variant is chosen", written: firstSample, outcome: .invalid))
        let wrongTags: [(String, JSONValue)] = [("null", .null), ("bool", .bool(true)), ("number", .number(1)), ("array", .array([.string(first.tag)])),
                                                ("object", .object([])), ("unpaired-surrogate", .raw("\"\\ud800\""))]
        for (label, tag) in wrongTags {
            list.append(Mutation(label: "tag-\(label)", why: "a tag must be a string" + (union.unknown == nil ? "" : " (the fallback takes unknown strings only)"),
                                 written: Self.tagged(firstSample, key, tag), outcome: .invalid))
        }
        let unknownTag = otherTag("unknown-tag")
        var caseChanged = first.tag.uppercased()
        if caseChanged == first.tag { caseChanged = first.tag.lowercased() }
        for (label, tag, why) in [("tag-unknown", unknownTag, "'\(unknownTag)' is no tag of \(union.name)"),
                                  ("tag-case-changed", caseChanged, "tags are spelled exactly: '\(caseChanged)' is not '\(first.tag)'")]
        where !tags.contains(tag) && tag != first.tag {
            if let fallback = union.fallback {
                let sample = sampleObject(objectType(named: fallback.typeName)!)
                list.append(Mutation(label: label, why: why + "; an unknown tag string reads as the fallback '\(fallback.tag)'",
                                     written: Self.tagged(sample, key, tag), outcome: .valid(Self.tagged(sample, key, fallback.tag))))
            } else {
                list.append(Mutation(label: label, why: why + ", and \(union.name) has no fallback", written: Self.tagged(firstSample, key, tag), outcome: .invalid))
            }
        }
        let decodedFirst = Self.tagged(firstSample, key, first.tag)
        list.append(Mutation(label: "tag-after-fields", why: "the tag may come after the fields",
                             written: .object((firstSample.objectEntries ?? []) + [(key, .string(first.tag))]), outcome: .valid(decodedFirst)))
        list.append(Mutation(label: "tag-repeated-last-wins", why: "for a repeated tag key the last occurrence wins",
                             written: .object([(key, .string(unknownTag))] + (firstSample.objectEntries ?? []) + [(key, .string(first.tag))]),
                             outcome: .valid(decodedFirst)))
        list.append(Mutation(label: "tag-repeated-last-not-a-string", why: "the last occurrence of the tag wins, and it is not a string",
                             written: .object([(key, .string(first.tag))] + (firstSample.objectEntries ?? []) + [(key, .number(1))]), outcome: .invalid))
        return list
    }

    // MARK: Applying a mutation

    /// Outcome of resolving an invalid value up the path.
    enum Resolution {
        case replace(JSONValue?)   // the field's decoded value (nil = remove from its container)
        case failDocument
    }

    /// What an invalid field becomes under its presence policy; `.replace(nil)` means the
    /// enclosing object is itself invalid.
    func degrade(_ field: Field) -> Resolution? {
        switch field.presence {
        case .optional: return .replace(.null)
        case .defaultValue(let value):
            switch value {
            case .bool(let b): return .replace(.bool(b))
            case .integer(let i): return .replace(.number(Double(i)))
            case .number(let n): return .replace(.number(n))
            case .string(let s): return .replace(.string(s))
            case .emptyArray: return .replace(.array([]))
            case .emptyMap: return .replace(.object([]))
            }
        case .required(.failDocument): return .failDocument
        case .required(.dropElement): return nil
        }
    }

    /// Every derived case, computed in full; with `relative`, the `alone` cases carry their
    /// expectation as changes to the spine's instead (what the emitter writes).
    func cases(relative: Bool = false) -> [GoldenCase] {
        var result: [GoldenCase] = []
        let prefix = GoldenEmitter.generatedPrefix + contract.name
        let full = sampleDocument()
        result.append(GoldenCase(name: "\(prefix).sample-document", about: "every field present and valid reads back as written",
                                 contract: contract.name, blob: full.serialized(),
                                 expect: observation(status: "ok", decodedRoot: withoutVersion(full), dropped: 0), sample: .document)
            .countingDropped(0, observation: contract.observation).reporting([]))

        // Version gate: every rejected form renders empty; accepted spellings read normally. The
        // minimal document keeps these cases small however many optional fields the root has.
        let document = pathDocument([])
        let decodedRoot = withoutVersion(document)
        let gate = contract.version.field
        let rejected: [(String, JSONValue?)] = [("missing", nil), ("null", .null), ("string", .string(String(contract.version.writes))),
                                                ("bool", .bool(true)), ("next", .number(Double(contract.version.accepts.max()! + 1))),
                                                ("zero", .number(0)), ("fractional", .raw("\(contract.version.writes).5")),
                                                ("negative", .number(-Double(contract.version.writes))), ("array", .array([.number(Double(contract.version.writes))])),
                                                ("object", .object([])), ("overflow", .raw("1e400")),
                                                ("beyond-64-bits", .raw(Self.twoToThe64Plus(contract.version.writes))),
                                                ("nested-512-levels", .raw(JSONValue.nestedArraysText(SchemaLimits.maxDepth - 1)))]
        for (label, value) in rejected {
            let found = value.map { Self.jsonType(ofWritten: $0).type } ?? "missing"
            result.append(GoldenCase(name: "\(prefix).version.\(label)", about: "version gate: \(label) is not an accepted version, so nothing is read",
                                     contract: contract.name, blob: setting(document, gate, to: value).serialized(),
                                     expect: observation(status: "unsupportedVersion", decodedRoot: nil, dropped: 0), sample: .minimal([]))
                .countingDropped(0, observation: contract.observation)
                .reporting([.object([("path", .string("$" + ReportPlan.step(gate))), ("rule", .string("version-rejected")), ("used", .string("document")), ("found", .string(found))])]))
        }
        for spelling in ["\(contract.version.writes).0", "\(contract.version.writes)e0"] {
            result.append(GoldenCase(name: "\(prefix).version.spelled-\(spelling.contains("e") ? "exponent" : "float")",
                                     about: "version gate: \(spelling) is the same IEEE double as \(contract.version.writes)",
                                     contract: contract.name, blob: setting(document, gate, to: .raw(spelling)).serialized(),
                                     expect: observation(status: "ok", decodedRoot: decodedRoot, dropped: 0), sample: .minimal([]))
                .countingDropped(0, observation: contract.observation).reporting([]))
        }
        result += rootCases(prefix: prefix, document: document)
        result += fieldCases(prefix: prefix, relative: relative)
        result += nestingCases(prefix: prefix)
        result += rootNestingCases(prefix: prefix)
        if let objects = objectNestingCase(prefix: prefix) { result.append(objects) }
        return result
    }

    /// `document.root-<type>`: a document whose root is valid JSON but not an object is malformed
    /// (docs/report.md, `expected: object` at byte 0), before any version gate. The array holds
    /// the minimal valid document, so a decoder that unwraps a one-element array reads it.
    func rootCases(prefix: String, document: JSONValue) -> [GoldenCase] {
        let roots: [(String, JSONValue)] = [("null", .null), ("array", .array([document])), ("string", .string(document.serialized())),
                                            ("number", .number(Double(contract.version.writes))), ("bool", .bool(true))]
        return roots.map { label, root in
            GoldenCase(name: "\(prefix).document.root-\(label)",
                       about: "the root is a JSON \(label), not an object: malformed, and the version gate is never reached",
                       contract: contract.name, blob: root.serialized(),
                       expect: observation(status: "malformed", decodedRoot: nil, dropped: 0), sample: .minimal([]))
                .countingDropped(0, observation: contract.observation)
                .reporting([.object([("path", .string("$")), ("rule", .string("malformed")), ("used", .string("document")),
                                     ("offset", .number(0)), ("expected", .string("object"))])])
        }
    }

    /// `document.unknown-key-nested-513-levels`: the minimal document with a key no field declares
    /// holding arrays nested to level 513. An unknown key is ignored, but the document must still
    /// nest within 512 levels wherever the decoder does not look. `version.nested-513-levels`: the
    /// same value as the version, which the gate rejects only after the whole text was found to be
    /// JSON. Both malformed, reported at the 513th opening bracket.
    func rootNestingCases(prefix: String) -> [GoldenCase] {
        let declared = Set(contract.rootType.storedFields.map(\.jsonKey) + [contract.version.field])
        var unknown = "unknown"
        while declared.contains(unknown) { unknown += "_" }
        let levels = SchemaLimits.maxDepth   // inside the root object: level 513
        let members = [(unknown, "document.unknown-key-nested-513-levels", "an unknown key"), (contract.version.field, "version.nested-513-levels", "the version")]
        return members.compactMap { key, label, what in
            tooDeepCase(name: "\(prefix).\(label)",
                        about: "\(what) holding \(levels) nested arrays inside the root object reaches level 513: the whole document must nest within 512 levels, whatever the decoder reads, so it is malformed",
                        key: key, levels: levels, path: []) { setting($0, key, to: $1) }
        }
    }

    /// A case whose member `key` holds `levels` nested arrays reaching level 513 (`place` writes
    /// the value into the minimal document of `path`): malformed, reported at the innermost
    /// array's opening bracket. Nil when the member cannot be found in the blob.
    func tooDeepCase(name: String, about: String, key: String, levels: Int, path: [Step], document: JSONValue? = nil,
                     place: (JSONValue, JSONValue) -> JSONValue) -> GoldenCase? {
        let nested = JSONValue.nestedArraysText(levels)
        let blob = updating(document ?? pathDocument(path), path[...]) { place($0, .raw(nested)) }.serialized()
        let member = JSONValue.string(key).serialized() + ":" + nested
        guard let at = blob.range(of: member) else { return nil }
        let offset = blob[..<at.lowerBound].utf8.count + member.utf8.count - nested.utf8.count + levels - 1
        return GoldenCase(name: name, about: about, contract: contract.name, blob: blob,
                          expect: observation(status: "malformed", decodedRoot: nil, dropped: 0), sample: .minimal(path))
            .countingDropped(0, observation: contract.observation)
            .reporting([.object([("path", .string("$")), ("rule", .string("malformed")), ("used", .string("document")),
                                 ("offset", .number(Double(offset))), ("expected", .string("depth"))])])
    }

    // MARK: The depth limit at every field

    /// How many containers hold a field's value in the minimal document (and the spine) reaching
    /// the end of `path`: the root object, and per step its object plus its array or map.
    func containers(_ path: [Step]) -> Int {
        path.reduce(1) { $0 + 1 + ($1.index != nil || $1.mapKey != nil ? 1 : 0) }
    }

    /// The field's value `nested-512-levels`: arrays nested until the innermost is the 512th level
    /// of the document, the deepest it may go. Not the field's type, so it degrades like any wrong
    /// type, and a decoder that counts a level too many in this field's value calls it malformed.
    /// An array of scalars gets `element-nested-512-levels` instead: a valid element, then one that
    /// is arrays nested to level 512 (its array is one of them), a wrong type dropped and counted.
    func nestedToTheLimit(_ field: Field, around: Int) -> Mutation? {
        let levels = SchemaLimits.maxDepth - around
        if case .array(let element) = field.type {
            switch element {
            case .array, .map, .object, .union: return nil
            default: break
            }
            guard levels >= 2 else { return nil }
            let item = sample(element, field: field, owner: "item")
            let c = field.constraints
            return Mutation(label: "element-nested-512-levels",
                            why: "an element that is \(levels - 1) nested arrays reaches level 512, the deepest a document may go: not a valid \(element.schemaSpelling), so it is dropped and counted, the valid one kept",
                            written: .array([item, .raw(JSONValue.nestedArraysText(levels - 1))]),
                            outcome: c.accepts(items: 1) ? .valid(.array([item])) : .invalid, drops: 1)
        }
        guard levels >= 1 else { return nil }
        return Mutation(label: "nested-512-levels", why: "\(levels) nested arrays reach level 512, the deepest a document may go: a JSON array, not a \(field.type.schemaSpelling)",
                        written: .raw(JSONValue.nestedArraysText(levels)), outcome: .invalid)
    }

    /// The field's value `objects-nested-512-levels`: objects nested until the innermost is the
    /// 512th level (`{"a":{"a":…{}}}`). Objects count toward the limit as arrays do; not the field's
    /// type (fields that take an object are left out), so it degrades like any wrong type.
    func objectsNestedToTheLimit(_ field: Field, around: Int) -> Mutation? {
        let levels = SchemaLimits.maxDepth - around
        guard levels >= 1, Self.takesNoObject(field.type) else { return nil }
        return Mutation(label: "objects-nested-512-levels", why: "\(levels) nested objects reach level 512, the deepest a document may go: a JSON object, not a \(field.type.schemaSpelling)",
                        written: .raw(Self.nestedObjectsText(levels)), outcome: .invalid)
    }

    /// `document.objects-nested-513-levels`: the root's first field that takes no object holding
    /// objects nested to level 513, one more than a document may nest: malformed, reported at the
    /// 513th opening brace (a reader that counts arrays but not objects reads it).
    func objectNestingCase(prefix: String) -> GoldenCase? {
        guard let field = contract.rootType.storedFields.first(where: { Self.takesNoObject($0.type) }) else { return nil }
        let levels = SchemaLimits.maxDepth   // inside the root object: the innermost at level 513
        let nested = Self.nestedObjectsText(levels)
        let blob = setting(pathDocument([]), field.jsonKey, to: .raw(nested)).serialized()
        let member = JSONValue.string(field.jsonKey).serialized() + ":" + nested
        guard let at = blob.range(of: member) else { return nil }
        // Each object but the innermost opens with the five bytes `{"a":`.
        let offset = blob[..<at.lowerBound].utf8.count + member.utf8.count - nested.utf8.count + 5 * (levels - 1)
        return GoldenCase(name: "\(prefix).document.objects-nested-513-levels",
                          about: "\(field.name) holding \(levels) nested objects inside the root object reaches level 513: objects count toward the limit as arrays do, so the document is malformed",
                          contract: contract.name, blob: blob,
                          expect: observation(status: "malformed", decodedRoot: nil, dropped: 0), sample: .minimal([]))
            .countingDropped(0, observation: contract.observation)
            .reporting([.object([("path", .string("$")), ("rule", .string("malformed")), ("used", .string("document")),
                                 ("offset", .number(Double(offset))), ("expected", .string("depth"))])])
    }

    /// `<Type>.<field>.nested-513-levels`: one level deeper than `nested-512-levels` in each field
    /// (in an array field, the field's array is the outermost of them), so the document is malformed, with its report at the 513th opening bracket. A decoder that
    /// counts a level too few in this field's value (or skips it without measuring) reads it.
    func nestingCases(prefix: String) -> [GoldenCase] {
        var result: [GoldenCase] = []
        for (type, path) in paths() {
            let around = containers(path)
            let levels = SchemaLimits.maxDepth + 1 - around
            guard levels >= 1 else { continue }
            let document = pathDocument(path)   // once per type, not per field
            for field in type.storedFields {
                let where_ = path.isEmpty ? "" : " (inside \(path.map(\.field.name).joined(separator: ".")))"
                if let found = tooDeepCase(name: "\(prefix).\(type.name).\(field.name).nested-513-levels",
                                           about: "\(type.name).\(field.name)\(where_): \(levels) nested arrays inside \(around) container(s) reach level 513, one more than a document may nest: malformed, whatever the field's rule",
                                           key: field.jsonKey, levels: levels, path: path, document: document,
                                           place: { setting($0, field.jsonKey, to: $1) }) {
                    result.append(found)
                }
            }
        }
        return result
    }

    // MARK: Field cases (the size bound)

    /// Every stored field of every type × every mutation, in two kinds of case, so the goldens
    /// grow linearly with the schema (docs/scaling.md):
    ///
    /// - **Isolated** (`<Type>.<field>.<mutation>`): a mutation that ends the enclosing object or
    ///   document (an invalid value in a `required` field), and every mutation of a field on the
    ///   way to a nested type. The blob is the *minimal* document reaching the type: each object
    ///   on the path holds only its required fields and the next step.
    /// - **Batched** (`every-field.<mutation>`): all other mutations, which change only their own
    ///   field (a valid value, or an invalid one that degrades to null or a default). One case per
    ///   mutation label applies it to every such field of every type at once, in the spine
    ///   document (one minimal instance of every type); each field is still read under its own
    ///   rule, so the expectation is the per-field one, field by field. A label only one field
    ///   has stays an isolated-style name.
    ///
    /// Cost: batched cases are (labels ≈ 30) × spine size; isolated ones are (required fields +
    /// path fields) × mutations × path size, bounded by the nesting and required-field limits
    /// (`SchemaLimits`).
    func fieldCases(prefix: String, relative: Bool = false) -> [GoldenCase] {
        var result: [GoldenCase] = []
        let reached = paths()
        let stepFields = Set(reached.compactMap { $0.1.last.map { "\($0.owner.name).\($0.field.name)" } })
        var batches: [(label: String, members: [(type: ObjectType, path: [Step], field: Field, mutation: Mutation)])] = []
        var batchIndex: [String: Int] = [:]
        for (type, path) in reached {
            let document = pathDocument(path)
            let decodedRoot = withoutVersion(document)
            for field in type.storedFields {
                let isStep = stepFields.contains("\(type.name).\(field.name)") || path.contains { $0.variant != nil }
                for mutation in mutations(field) + [nestedToTheLimit(field, around: containers(path)),
                                                    objectsNestedToTheLimit(field, around: containers(path))].compactMap({ $0 }) {
                    if isStep || endsEnclosing(field, mutation) {
                        let blob = updating(document, path[...]) { setting($0, field.jsonKey, to: mutation.written) }
                        let where_ = path.isEmpty ? "" : " (inside \(path.map(\.field.name).joined(separator: ".")))"
                        let expectation = expected(decodedRoot, path: path, field: field, mutation: mutation)
                        result.append(GoldenCase(name: "\(prefix).\(type.name).\(field.name).\(mutation.label)",
                                                 about: "\(type.name).\(field.name)\(where_), \(field.presence.spelling): \(mutation.label): \(mutation.why)",
                                                 contract: contract.name, blob: blob.serialized(),
                                                 expect: expectation.observation, sample: .minimal(path))
                            .countingDropped(expectation.dropped, observation: contract.observation)
                            .reporting(report(path: path, field: field, mutation: mutation, document: blob)))
                    } else {
                        if batchIndex[mutation.label] == nil {
                            batchIndex[mutation.label] = batches.count
                            batches.append((mutation.label, []))
                        }
                        batches[batchIndex[mutation.label]!].members.append((type, path, field, mutation))
                    }
                }
            }
        }
        for batch in batches {
            // One pass builds the spine with every member's change applied at its type (each type
            // sits once in the spine), for the blob and for the decoded tree alike.
            var written: [String: [(String, JSONValue?)]] = [:]
            var decoded: [String: [(String, JSONValue?)]] = [:]
            for member in batch.members {
                written[member.type.name, default: []].append((member.field.jsonKey, member.mutation.written))
                decoded[member.type.name, default: []].append((member.field.jsonKey, decodedValue(member.field, member.mutation.outcome)))
            }
            let blob = spineDocument(reached, changes: written)
            let decodedRoot = withoutVersion(spineDocument(reached, changes: decoded))
            // Batched mutations keep their objects, so every element they drop counts.
            let drops = batch.members.reduce(0) { $0 + $1.mutation.drops }
            let names = batch.members.map { "\($0.type.name).\($0.field.name)" }
            let name: String
            if batch.members.count == 1 {
                name = "\(prefix).\(names[0]).\(batch.label)"
            } else {
                name = "\(prefix).every-field.\(batch.label)"
            }
            let listed = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", and \(names.count - 12) more" : "")
            let why = batch.members.count == 1 ? batch.members[0].mutation.why : "each field is read under its own rule"
            // The report: every member's entries, in the spine's order; none when one is not derived.
            var entries: [ReportEntry]? = []
            for member in batch.members {
                guard let found = self.entries(path: member.path, field: member.field, mutation: member.mutation) else { entries = nil; break }
                entries?.append(contentsOf: found)
            }
            result.append(GoldenCase(name: name, about: "\(batch.label) in \(listed): \(why)",
                                     contract: contract.name, blob: blob.serialized(),
                                     expect: observation(status: "ok", decodedRoot: decodedRoot, dropped: drops), sample: .spine)
                .countingDropped(drops, observation: contract.observation)
                .reporting(entries.map { ordered($0, in: blob) }))
        }
        result += aloneCases(prefix: prefix, reached: reached, batches: batches, relative: relative)
        return result
    }

    /// `<Type>.<field>.alone.<mutation>`: for each field whose degrading mutations are only ever
    /// batched with other fields', one of them (a wrong type first) applied alone in the spine,
    /// with its report. In a batched case every other field's entry stands in for a missing one:
    /// a decoder that forgot to note one field's degradation (and so answered "nothing degraded"
    /// from a fast path) would still pass every batch.
    func aloneCases(prefix: String, reached: [(ObjectType, [Step])],
                    batches: [(label: String, members: [(type: ObjectType, path: [Step], field: Field, mutation: Mutation)])],
                    relative: Bool = false) -> [GoldenCase] {
        typealias Member = (type: ObjectType, path: [Step], field: Field, mutation: Mutation)
        func degrades(_ member: Member) -> Bool {
            guard case .invalid = member.mutation.outcome, member.mutation.written != nil else { return false }
            return true
        }
        var aloneAlready: Set<String> = []
        var candidates: [String: [Member]] = [:]
        var order: [String] = []
        for batch in batches {
            for member in batch.members where degrades(member) {
                let key = "\(member.type.name).\(member.field.name)"
                if batch.members.count == 1 { aloneAlready.insert(key); continue }
                if candidates[key] == nil { order.append(key) }
                candidates[key, default: []].append(member)
            }
        }
        // The spine and its observation once; each case changes one field of it.
        let spine = spineDocument(reached)
        let spineObservation = SpineObservation(observation(status: "ok", decodedRoot: withoutVersion(spine), dropped: 0))
        var result: [GoldenCase] = []
        for key in order where !aloneAlready.contains(key) {
            let members = candidates[key] ?? []
            guard let member = members.first(where: { $0.mutation.label.hasPrefix("wrong-type") }) ?? members.first,
                  let entries = self.entries(path: member.path, field: member.field, mutation: member.mutation) else { continue }
            let name = "\(prefix).\(key).alone.\(member.mutation.label)"
            let about = "\(key) alone: \(member.mutation.label): \(member.mutation.why); the only degraded value, so the report holds its entry and nothing else"
            // The full computation: the spine rebuilt with the change, decoded and observed whole.
            let full = { () -> GoldenCase in
                let blob = spineDocument(reached, changes: [member.type.name: [(member.field.jsonKey, member.mutation.written)]])
                let decoded = decodedValue(member.field, member.mutation.outcome)
                let decodedRoot = withoutVersion(spineDocument(reached, changes: [member.type.name: [(member.field.jsonKey, decoded)]]))
                return GoldenCase(name: name, about: about, contract: contract.name, blob: blob.serialized(),
                                  expect: observation(status: "ok", decodedRoot: decodedRoot, dropped: member.mutation.drops), sample: .spine)
                    .countingDropped(member.mutation.drops, observation: contract.observation)
                    .reporting(ordered(entries, in: blob))
            }
            let blob = updating(spine, member.path[...]) { setting($0, member.field.jsonKey, to: member.mutation.written) }
            let report = ordered(entries, in: blob)
            guard relative, let changes = aloneExpectChanges(member.path, member.field, member.mutation, report: report, spine: spineObservation,
                                                              decodedRoot: withoutVersion(spine)) else {
                result.append(full())
                continue
            }
            var golden = GoldenCase(name: name, about: about, contract: contract.name, blob: blob.serialized(), expect: .null, sample: .spine)
            golden.reports = true
            if case .wrapped = contract.observation { golden.countsDropped = true }
            golden.expectChanges = changes
            golden.fullExpect = { full().expect }
            result.append(golden)
        }
        return result
    }

    /// The spine's observation with each object's members indexed by key, looked up per case.
    final class SpineObservation {
        let root: JSONValue
        private var indexes: [[String]: [String: Int]] = [:]
        init(_ root: JSONValue) { self.root = root }

        /// The value at `steps` (`k:` a key, `i:` an index); nil when there is none.
        func value(at steps: [String]) -> JSONValue? {
            var node = root
            for (depth, step) in steps.enumerated() {
                if step.hasPrefix("i:") {
                    guard case .array(let items) = node, let index = Int(step.dropFirst(2)), index < items.count else { return nil }
                    node = items[index]
                    continue
                }
                guard case .object(let members) = node else { return nil }
                let prefix = Array(steps.prefix(depth))
                if indexes[prefix] == nil {
                    indexes[prefix] = Dictionary(members.enumerated().map { ($0.element.0, $0.offset) }, uniquingKeysWith: { _, last in last })
                }
                guard let at = indexes[prefix]![String(step.dropFirst(2))] else { return nil }
                node = members[at].1
            }
            return node
        }
    }

    /// An `alone` case's expectation as changes to the spine's, derived the way the full
    /// observation is but for the one field it changes: that field's observed value (when it
    /// differs from the spine's), then the dropped count and the report, as `GoldenDiff.expect`
    /// would write them. Nil where another field's observation could change too (a derived
    /// field's input) or the field's presence in the observation changes: the full form then.
    func aloneExpectChanges(_ path: [Step], _ field: Field, _ mutation: Mutation, report: [JSONValue],
                            spine: SpineObservation, decodedRoot: JSONValue) -> [WrittenChange]? {
        guard !derivationInputs.contains(field.name) else { return nil }
        var at = GoldenDiff.PathStack()
        var steps: [String] = []
        func key(_ key: String) { at.key(key); steps.append("k:" + key) }
        var observed = true
        switch contract.observation {
        case .wrapped:
            key("value")
        case .flat(let omit, _):
            // The observation leaves out the omitted root fields (by JSON key, as `observation` does).
            let top = path.first?.field ?? field
            let omitted = Set(contract.rootType.fields.filter { omit.contains($0.name) }.map(\.observedKey))
            observed = !omitted.contains(top.observedKey)
        }
        var changes: [WrittenChange] = []
        if observed {
            for step in path {
                key(step.field.observedKey)
                if let index = step.index { at.index(index); steps.append("i:\(index)") }
                if let mapKey = step.mapKey { key(mapKey) }
            }
            key(field.observedKey)
            let before = spine.value(at: steps)
            let after = decodedValue(field, mutation.outcome).map { observe($0, type: field.type, root: decodedRoot) }
            switch (before, after) {
            case (nil, nil): break
            case (let before?, let after?):
                if !GoldenDiff.identical(before, after) { changes += GoldenDiff.expect(from: before, to: after, at: at) }
            default: return nil
            }
        }
        var top = GoldenDiff.PathStack()
        top.key("dropped")
        let dropped = JSONValue.number(Double(mutation.drops))
        switch contract.observation {
        case .wrapped:
            changes.append(WrittenChange(kind: .add, path: top.text, payload: ("value", dropped)))
        case .flat(_, let countsDropped):
            if countsDropped, !GoldenDiff.identical(.number(0), dropped) {
                changes.append(WrittenChange(kind: .replace, path: top.text, payload: ("value", dropped)))
            }
        }
        var reportPath = GoldenDiff.PathStack()
        reportPath.key("report")
        changes.append(WrittenChange(kind: .add, path: reportPath.text, payload: ("value", .array(report))))
        return changes
    }

    /// The type a path leads to.
    func groupType(_ path: [Step]) -> ObjectType {
        if let variant = path.last?.variant, let type = objectType(named: variant.typeName) { return type }
        guard let last = path.last, let name = SchemaValidator.referencedTypes(last.field.type).first,
              let type = objectType(named: name) else { return contract.rootType }
        return type
    }

    /// Whether the mutation makes the field's enclosing object (or the document) invalid.
    func endsEnclosing(_ field: Field, _ mutation: Mutation) -> Bool {
        guard case .invalid = mutation.outcome else { return false }
        switch degrade(field) {
        case .replace(_?)?: return false
        default: return true
        }
    }

    /// The decoded value a non-ending mutation leaves in its field (nil: the key reads as absent).
    func decodedValue(_ field: Field, _ outcome: MutationOutcome) -> JSONValue? {
        switch outcome {
        case .valid(let value): return value
        case .invalid: return field.explicitNull ? nil : absentValue(field)   // explicit-null: absent
        }
    }

    // MARK: Minimal and spine documents

    func isRequired(_ field: Field) -> Bool {
        if case .required = field.presence { return true }
        return false
    }

    /// A valid value of a required field, holding only required fields in nested objects.
    func minimalSample(_ type: FieldType, field: Field, owner: String) -> JSONValue {
        switch type {
        case .array(let element): return .array(Array(repeating: minimalSample(element, field: field, owner: owner), count: Self.sampleCount(field.constraints)))
        case .map(let value): return .object([("k1", minimalSample(value, field: field, owner: owner + "[k1]"))])
        case .object(let name): return minimalObject(objectType(named: name)!, steps: [:])
        case .union(let name):
            let union = union(named: name)
            return Self.tagged(minimalObject(objectType(named: union.variants[0].typeName)!, steps: [:]), union.tagKey, union.variants[0].tag)
        default: return sample(type, field: field, owner: owner)
        }
    }

    /// An instance of `type` with its required fields, plus the given step fields' values, in
    /// the order of the type's stored fields. Costs the required fields and the steps, not the
    /// type's other fields.
    func minimalObject(_ type: ObjectType, steps: [String: JSONValue]) -> JSONValue {
        let stored = type.storedFields
        if memo.minimal[type.name] == nil {
            var positions: [String: Int] = [:]
            var minimal: [(position: Int, key: String, value: JSONValue)] = []
            for (position, field) in stored.enumerated() {
                if positions[field.jsonKey] == nil { positions[field.jsonKey] = position }
                if isRequired(field) { minimal.append((position, field.jsonKey, minimalSample(field.type, field: field, owner: type.name))) }
            }
            memo.minimal[type.name] = minimal
            memo.positions[type.name] = positions
        }
        let minimal = memo.minimal[type.name]!
        guard !steps.isEmpty else { return .object(minimal.map { ($0.key, $0.value) }) }
        // A step field in place of its required value (if it is one), at its place.
        let positions = memo.positions[type.name]!
        var placed = steps.compactMap { key, value in positions[key].map { (position: $0, key: key, value: value) } }
        let taken = Set(placed.map(\.position))
        placed += minimal.filter { !taken.contains($0.position) }
        return .object(placed.sorted { $0.position < $1.position }.map { ($0.key, $0.value) })
    }

    /// The value a step field holds to contain `inner`: itself, `[inner]`, `{"k1": inner}` or `[{"k1": inner}]`.
    /// An array under `min-items` holds the step first, then minimal elements up to the minimum.
    func stepValue(_ step: Step, _ inner: JSONValue) -> JSONValue {
        let mapped = step.mapKey.map { JSONValue.object([($0, inner)]) } ?? inner
        guard step.index != nil, case .array(let element) = step.field.type else { return mapped }
        let padding = Self.sampleCount(step.field.constraints) - 1
        return .array([mapped] + Array(repeating: minimalSample(element, field: step.field, owner: step.owner.name), count: padding))
    }

    func versioned(_ root: JSONValue) -> JSONValue {
        .object([(contract.version.field, .number(Double(contract.version.writes)))] + (root.objectEntries ?? []))
    }

    func withoutVersion(_ document: JSONValue) -> JSONValue {
        .object((document.objectEntries ?? []).filter { $0.0 != contract.version.field })
    }

    /// The minimal document reaching the end of `path`.
    func pathDocument(_ path: [Step]) -> JSONValue {
        // Build top-down to place each step in its owner.
        func build(_ type: ObjectType, _ steps: ArraySlice<Step>) -> JSONValue {
            guard let step = steps.first else { return minimalObject(type, steps: [:]) }
            var child = build(groupType(Array(steps.prefix(1))), steps.dropFirst())
            if let variant = step.variant { child = Self.tagged(child, variant.key, variant.tag) }
            return minimalObject(type, steps: [step.field.jsonKey: stepValue(step, child)])
        }
        return versioned(build(contract.rootType, path[...]))
    }

    /// One minimal instance of every reached type, each at its first path.
    /// `changes` sets or removes fields of a type's instance (by type name).
    func spineDocument(_ reached: [(ObjectType, [Step])], changes: [String: [(String, JSONValue?)]] = [:]) -> JSONValue {
        var children: [String: [(Step, ObjectType)]] = [:]
        // Types reached through a union are not in the spine: its field holds one variant (its
        // first, from minimal samples), and their fields get isolated cases instead.
        for (type, path) in reached where !path.contains(where: { $0.variant != nil }) {
            if let last = path.last { children[last.owner.name, default: []].append((last, type)) }
        }
        func build(_ type: ObjectType) -> JSONValue {
            var steps: [String: JSONValue] = [:]
            for (step, child) in children[type.name] ?? [] { steps[step.field.jsonKey] = stepValue(step, build(child)) }
            let object = minimalObject(type, steps: steps)
            guard let change = changes[type.name] else { return object }
            return setting(object, change)
        }
        return versioned(build(contract.rootType))
    }

    // MARK: Applying a mutation

    /// `object` with `key` set to `value` (replaced in place, or appended), or removed when nil.
    func setting(_ object: JSONValue, _ key: String, to value: JSONValue?) -> JSONValue {
        guard case .object(var entries) = object else { return object }
        if let value {
            if let at = entries.lastIndex(where: { $0.0 == key }) { entries[at].1 = value } else { entries.append((key, value)) }
            return .object(entries)
        }
        return .object(entries.filter { $0.0 != key })
    }

    /// `object` with several keys set or removed at once, in one pass (a type may have many fields).
    func setting(_ object: JSONValue, _ changes: [(String, JSONValue?)]) -> JSONValue {
        guard case .object(let entries) = object else { return object }
        let byKey = Dictionary(changes, uniquingKeysWith: { $1 })
        var result: [(String, JSONValue)] = []
        var done: Set<String> = []
        for (key, value) in entries {
            guard let change = byKey[key] else { result.append((key, value)); continue }
            done.insert(key)
            if let change { result.append((key, change)) }
        }
        for (key, value) in changes where !done.contains(key) {
            done.insert(key)
            if let value = byKey[key] ?? nil { result.append((key, value)) }
            _ = value
        }
        return .object(result)
    }

    /// `node` with the object at the end of `steps` transformed.
    func updating(_ node: JSONValue, _ steps: ArraySlice<Step>, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard let step = steps.first else { return transform(node) }
        guard case .object(var entries) = node, let at = entries.lastIndex(where: { $0.0 == step.field.jsonKey }) else { return node }
        let rest = steps.dropFirst()
        func inner(_ value: JSONValue) -> JSONValue {
            guard let key = step.mapKey else { return updating(value, rest, transform) }
            guard case .object(var mapEntries) = value, let mi = mapEntries.lastIndex(where: { $0.0 == key }) else { return value }
            mapEntries[mi].1 = updating(mapEntries[mi].1, rest, transform)
            return .object(mapEntries)
        }
        if let index = step.index {
            guard case .array(var items) = entries[at].1, index < items.count else { return node }
            items[index] = inner(items[index])
            entries[at].1 = .array(items)
        } else {
            entries[at].1 = inner(entries[at].1)
        }
        return .object(entries)
    }

    /// The expected observation after mutating `field` at `path`: valid → the new value; invalid →
    /// the presence policy, walking up through drop-element objects. Drops count only in objects
    /// that are kept: an element dropped from an array counts 1, and what was dropped inside it
    /// does not. A container left outside its own limits by a drop (`non-empty`, `min-items`) is
    /// invalid in turn, and its field's presence policy applies (its drops still count when its
    /// object is kept, as the decoders hold a slot's drops by its object, not by its checks).
    func expected(_ decodedRoot: JSONValue, path: [Step], field: Field, mutation: Mutation) -> (observation: JSONValue, dropped: Int) {
        let builder = self
        let replacement: JSONValue?
        // An invalid explicit-null value is absent: its key leaves the object (which stays valid).
        var removesKey = false
        switch mutation.outcome {
        case .valid(let value):
            replacement = value
        case .invalid where field.explicitNull:
            replacement = nil
            removesKey = true
        case .invalid:
            switch degrade(field) {
            case .replace(let value)?: replacement = value
            case .failDocument?: return (builder.observation(status: "invalid", decodedRoot: nil, dropped: 0), 0)
            case nil: replacement = nil   // the enclosing object is invalid
            }
        }
        /// The container `step.field` holds after a change inside it: itself, or, outside its own
        /// limits, what the field's presence policy says (nil: its object is invalid).
        func checked(_ container: JSONValue, _ step: Step) -> Resolution {
            let c = step.field.constraints
            let valid: Bool
            switch container {
            case .array(let items): valid = c.accepts(items: items.count)
            case .object(let entries): valid = !(c.nonEmpty && entries.isEmpty)
            default: valid = true
            }
            if valid { return .replace(container) }
            return degrade(step.field) ?? .replace(nil)
        }
        // Walk down the path, rebuilding; an invalid object is resolved at its container. Each
        // level answers with its resolution and the drops counted inside what it kept.
        func rebuild(_ node: JSONValue, _ steps: ArraySlice<Step>) -> (Resolution, Int) {
            guard let step = steps.first else {
                if removesKey { return (.replace(setting(node, field.jsonKey, to: nil)), mutation.drops) }
                guard let replacement else { return (.replace(nil), 0) }
                return (.replace(setting(node, field.jsonKey, to: replacement)), mutation.drops)
            }
            guard case .object(var entries) = node, let at = entries.firstIndex(where: { $0.0 == step.field.jsonKey }) else { return (.replace(node), 0) }
            let child = entries[at].1
            var resolution: Resolution
            var drops = 0
            if let index = step.index, case .array(var items) = child {
                // An array of maps: the step goes through the element's map key first.
                if let key = step.mapKey, case .object(var mapEntries) = items[index], let mi = mapEntries.firstIndex(where: { $0.0 == key }) {
                    let (inner, innerDrops) = rebuild(mapEntries[mi].1, steps.dropFirst())
                    switch inner {
                    case .failDocument: return (.failDocument, 0)
                    case .replace(let value?): mapEntries[mi].1 = value; drops = innerDrops
                    case .replace(nil): mapEntries.remove(at: mi)   // map entries are ignored, not counted
                    }
                    items[index] = .object(mapEntries)
                } else {
                    let (inner, innerDrops) = rebuild(items[index], steps.dropFirst())
                    switch inner {
                    case .failDocument: return (.failDocument, 0)
                    case .replace(let value?): items[index] = value; drops = innerDrops
                    case .replace(nil):
                        // An invalid element is dropped and counted; nothing inside it counts.
                        items.remove(at: index)
                        drops = 1
                    }
                }
                resolution = checked(.array(items), step)
            } else if let key = step.mapKey, case .object(var mapEntries) = child, let mi = mapEntries.firstIndex(where: { $0.0 == key }) {
                let (inner, innerDrops) = rebuild(mapEntries[mi].1, steps.dropFirst())
                switch inner {
                case .failDocument: return (.failDocument, 0)
                case .replace(let value?): mapEntries[mi].1 = value; drops = innerDrops
                case .replace(nil): mapEntries.remove(at: mi)   // map entries are ignored, not counted
                }
                resolution = checked(.object(mapEntries), step)
            } else {
                let (inner, innerDrops) = rebuild(child, steps.dropFirst())
                switch inner {
                case .failDocument: return (.failDocument, 0)
                case .replace(let value?): resolution = .replace(value); drops = innerDrops
                case .replace(nil):
                    // The object was the value of a field: that field's own policy applies.
                    resolution = degrade(step.field) ?? .replace(nil)
                }
            }
            switch resolution {
            case .failDocument: return (.failDocument, 0)
            case .replace(nil): return (.replace(nil), 0)   // this object is invalid: its drops vanish with it
            case .replace(let value?):
                entries[at].1 = value
                return (.replace(.object(entries)), drops)
            }
        }
        // A document that is not ok counts nothing (docs/conformance.md, `dropped`).
        switch rebuild(decodedRoot, path[...]) {
        case (.failDocument, _):
            return (builder.observation(status: "invalid", decodedRoot: nil, dropped: 0), 0)
        case (.replace(let root?), let dropped):
            return (builder.observation(status: "ok", decodedRoot: root, dropped: dropped), dropped)
        case (.replace(nil), _):
            return (builder.observation(status: "invalid", decodedRoot: nil, dropped: 0), 0)
        }
    }
}

extension FieldType {
    var arrayElement: FieldType? { if case .array(let e) = self { return e } else { return nil } }
}
