/// Random *valid* documents of any contract, read from its schema alone: the writer side of the
/// round trip (TypeScript encoder → every decoder). Each document comes twice — keyed by code
/// names, as the encoder's input, and keyed by JSON keys, as readers see it — and the expected
/// observation follows from the schema's rules (defaults, nulls, derived lookups) through the
/// golden emitter's observation, never from a decoder.
///
/// Ranges: strings of 0–4 pieces (ASCII, quotes, backslash, control characters, U+2028,
/// non-ASCII, astral characters; never an unpaired surrogate), integers and numbers within the
/// field's bounds (by default ±10^6 and ±2^53−1 at the edges), epochMillis 1…2^53−1, dateTime
/// every millisecond of years 0001–9999 (UTC), every day
/// of every month of years 0001–9999, every enum value, arrays of 0–3 elements, maps of 0–3
/// entries, optional and defaulted fields present or left out at random (explicit-null ones also null).

public struct ValidDocument: Sendable {
    /// The encoder's input (`encode(input)`): code names, maps as plain objects.
    public var input: JSONValue
    /// The expected observation of decoding what the encoder writes.
    public var expect: JSONValue
}

public struct ValidDocumentGenerator {
    let contract: Contract
    let builder: GoldenCaseBuilder
    var random: SeededRandom
    /// Fields that key a derived lookup: their values come from the lookup maps' key pool, so
    /// lookups hit as well as miss.
    let lookupKeyFields: Set<String>

    public init(contract: Contract, seed: UInt64) {
        self.contract = contract
        builder = GoldenCaseBuilder(contract: contract)
        random = SeededRandom(seed: seed)
        lookupKeyFields = Set(contract.types.flatMap { $0.fields.compactMap { $0.derived?.keyField } })
    }

    /// Pieces of text; `e\u{301}` only in values: a map field keeps one of two canonically
    /// equivalent keys (docs/semantics.md row 15, and a writer refuses both), so a valid
    /// document's map keys are never canonical twins of each other.
    static let pieces = ["a", "Task", " ", "é", "😀", "ｚ", "10", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{2028}",
                         "中文", "null", "__proto__", "#ff0000", "\u{10FFFF}", "e\u{301}"]
    static let keyPool = ["k1", "k2", "é", "10", "null", "__proto__", "😀", ""]

    public mutating func next() -> ValidDocument {
        let root = contract.rootType
        let (input, document) = object(root)
        let expect = builder.observation(status: "ok", decodedRoot: document, dropped: 0)
        return ValidDocument(input: input, expect: expect)
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// One object: (code-name keyed input, JSON-key keyed document).
    mutating func object(_ type: ObjectType) -> (JSONValue, JSONValue) {
        var input: [(String, JSONValue)] = []
        var document: [(String, JSONValue)] = []
        for field in type.storedFields {
            if case .required = field.presence {} else if chance(0.35) { continue }
            // explicit-null: null is a value the encoder writes and every reader reads back as null.
            if field.explicitNull, chance(0.3) {
                input.append((field.name, .null))
                document.append((field.jsonKey, .null))
                continue
            }
            let (i, d) = value(field.type, field: field)
            input.append((field.name, i))
            document.append((field.jsonKey, d))
        }
        return (.object(input), .object(document))
    }

    mutating func value(_ type: FieldType, field: Field) -> (JSONValue, JSONValue) {
        switch type {
        case .object(let name):
            return object(builder.objectType(named: name)!)
        case .union(let name):
            // A random variant: the input carries the tag under its code name, the document under its key.
            let union = builder.union(named: name)
            let variant = union.variants.randomElement(using: &random)!
            let (input, document) = object(builder.objectType(named: variant.typeName)!)
            return (GoldenCaseBuilder.tagged(input, union.tag, variant.tag), GoldenCaseBuilder.tagged(document, union.tagKey, variant.tag))
        case .array(let element):
            var input: [JSONValue] = [], document: [JSONValue] = []
            for _ in 0..<Self.count(field.constraints, int: { int($0) }) {
                let (i, d) = value(element, field: field)
                input.append(i); document.append(d)
            }
            return (.array(input), .array(document))
        case .map(let element):
            var input: [(String, JSONValue)] = [], document: [(String, JSONValue)] = []
            var keys = Self.keyPool.shuffled(using: &random)
            for _ in 0..<int((field.constraints.nonEmpty ? 1 : 0)...3) {
                let key = keys.removeLast()
                let (i, d) = value(element, field: field)
                input.append((key, i)); document.append((key, d))
            }
            return (.object(input), .object(document))
        default:
            let scalar = self.scalar(type, field: field)
            return (scalar, scalar)
        }
    }

    mutating func scalar(_ type: FieldType, field: Field) -> JSONValue {
        let c = field.constraints
        switch type {
        case .string:
            if lookupKeyFields.contains(field.name) {
                return .string(Self.keyPool.filter { !(c.nonEmpty && $0.isEmpty) }.randomElement(using: &random)!)
            }
            var text = ""
            for _ in 0..<int((c.nonEmpty ? 1 : 0)...4) { text += Self.pieces.randomElement(using: &random)! }
            // Within the length limits (Unicode scalars), often exactly at one of them.
            if c.minLength != nil || c.maxLength != nil {
                let low = Swift.max(c.minLength ?? 0, c.nonEmpty ? 1 : 0), high = c.maxLength ?? low + 8
                let target = chance(0.5) ? [low, high].randomElement(using: &random)! : int(low...high)
                var scalars = Array(text.unicodeScalars.prefix(target))
                while scalars.count < target { scalars += Array(Self.pieces.randomElement(using: &random)!.unicodeScalars) }
                text = ""
                text.unicodeScalars.append(contentsOf: scalars.prefix(target))
            }
            return .string(text)
        case .bool:
            return .bool(chance(0.5))
        case .integer:
            // Bounds a one-sided constraint leaves open extend 10^6 past the other side.
            let low = c.min.map { Int64($0) } ?? (c.max.map { Int64($0) } ?? 1_000_000) - 2_000_000
            let high = c.max.map { Int64($0) } ?? low + 2_000_000
            let edges = [low, high, Swift.min(Swift.max(0, low), high)]
            return .number(Double(chance(0.3) ? edges.randomElement(using: &random)! : Int64.random(in: low...high, using: &random)))
        case .number:
            let low = c.min ?? (c.max ?? 1e6) - 2e6
            let high = c.max ?? low + 2e6
            let candidates = [low, high, Double.random(in: low...high, using: &random), (low + high) / 2]
            let picked = candidates.randomElement(using: &random)!
            return .number(picked == 0 ? 0 : picked)   // never -0: JSON text cannot tell it apart everywhere
        case .epochMillis:
            let low = Swift.max(1, c.min.map { Int64($0.rounded(.up)) } ?? 1)
            let high = Swift.min(9_007_199_254_740_991, c.max.map { Int64($0.rounded(.down)) } ?? 9_007_199_254_740_991)
            let edges = [low, high, Swift.min(Swift.max(1_784_325_600_000, low), high)]
            return .number(Double(chance(0.3) ? edges.randomElement(using: &random)! : Int64.random(in: low...high, using: &random)))
        case .dateTime:
            // Every millisecond of years 0001–9999 (UTC), often at an end or within a second of 1970.
            let low = DateTimeForms.valid.first { $0.label == "first-instant" }!.instant!
            let high = DateTimeForms.valid.first { $0.label == "last-instant" }!.instant!
            let edges = [low, high, -1, 0, 1_784_277_000_000]
            return .number(Double(chance(0.3) ? edges.randomElement(using: &random)! : Int64.random(in: low...high, using: &random)))
        case .localDate:
            let year = int(1...9999), month = int(1...12)
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            let day = chance(0.3) ? days : int(1...days)
            return .string(Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2))
        case .enumeration(let cases, _):
            return .string(cases.randomElement(using: &random)!)
        case .array, .map, .object, .union:
            preconditionFailure("composites are handled by value(_:field:)")
        }
    }

    /// An array's size: 0–3 elements, within `non-empty` and the size limits (often at one of them).
    static func count(_ c: Constraints, int: (ClosedRange<Int>) -> Int) -> Int {
        let low = Swift.max(c.minItems ?? 0, c.nonEmpty ? 1 : 0)
        let high = Swift.max(low, c.maxItems ?? 3)
        guard c.minItems != nil || c.maxItems != nil else { return int(low...3) }
        return [low, high, int(low...high)][int(0...2)]
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
