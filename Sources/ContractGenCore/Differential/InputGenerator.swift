/// Seeded generator of random and hostile testee requests for differential testing: valid blobs
/// mutated (dropped keys, wrong JSON types, duplicate keys, number spellings, unicode and
/// surrogate escapes, truncation, deep nesting), queues with mixed values, calendar inputs.

/// SplitMix64: tiny, fast, and the same sequence on every platform for a given seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated request.
public struct DifferentialInput: Sendable {
    public var contract: String
    public var op: String
    public var given: JSONValue
    /// For shape-family inputs: the family, site and size (to tell a long input apart in a report).
    public var family: String?

    public init(contract: String, op: String, given: JSONValue, family: String? = nil) {
        self.contract = contract
        self.op = op
        self.given = given
        self.family = family
    }

    /// A request of the protocol: `given`'s keys must be keys the op takes for that contract.
    init(contract: Contract, op: TesteeOp, given: [(String, JSONValue)], family: String? = nil) {
        let allowed = op.allowedKeys(for: contract)
        precondition(given.allSatisfy { allowed.contains($0.0) }, "testee protocol: \(op.rawValue) takes \(allowed)")
        self.init(contract: contract.name, op: op.rawValue, given: .object(given), family: family)
    }

    public var request: String {
        JSONValue.object([("contract", .string(contract)), ("op", .string(op)), ("given", given)]).serialized()
    }
}

public final class InputGenerator {
    var random: SeededRandom

    public init(contracts: [Contract], seed: UInt64) {
        random = SeededRandom(seed: seed)
        self.contracts = contracts.sorted { $0.name < $1.name }
        typesByName = Dictionary(contracts.map { c in (c.name, Dictionary(c.types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })) },
                                 uniquingKeysWith: { a, _ in a })
        lookupKeys = Dictionary(contracts.map { c in (c.name, Set(c.types.flatMap { $0.fields.compactMap { $0.derived?.keyField } })) },
                                uniquingKeysWith: { a, _ in a })
    }

    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "America/Santiago", "Asia/Tokyo", "Asia/Kolkata",
                        "Australia/Lord_Howe", "America/Havana", "Pacific/Kiritimati", "Asia/Kathmandu", "America/Sao_Paulo",
                        "Europe/London", "America/New_York", "Mars/Olympus", "", "utc", "Etc/GMT+5"]

    /// Raw JSON text fragments for string values: unicode, escapes, surrogates.
    func stringLiteral() -> String {
        let pieces = ["a", "t1", "p1", "Task", " ", "é", "e\u{301}", "😀", "ｚ", "10", "9", "Z", "null", "\\\"", "\\\\", "\\/",
                      "\\u00e9", "\\u0000", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\n", "\\t", "中文", "\u{2028}", "#ff0000"]
        var text = ""
        for _ in 0..<int(0...3) { text += pick(pieces) }
        return "\"" + text + "\""
    }

    func numberLiteral() -> String {
        pick(["0", "-0", "1", "1.0", "1e0", "10e-1", "0.1e1", "1.5", "-1", "2", "1784325600000", "1784325600000.0",
              "1784325600000.5", "9007199254740991", "9007199254740992", "9007199254740993", "1e400", "-1e400",
              "1e-400", "1.0000000000000001", "1.0000000000000002", "0.5", "100000", "100001", "1E2", "1e+2"])
    }

    func anyLiteral(depth: Int = 0) -> String {
        switch int(0...(depth > 2 ? 3 : 5)) {
        case 0: return "null"
        case 1: return pick(["true", "false"])
        case 2: return numberLiteral()
        case 3: return stringLiteral()
        case 4: return "[" + (0..<int(0...2)).map { _ in anyLiteral(depth: depth + 1) }.joined(separator: ",") + "]"
        default: return "{" + (0..<int(0...2)).map { _ in stringLiteral() + ":" + anyLiteral(depth: depth + 1) }.joined(separator: ",") + "}"
        }
    }

    /// A value that is usually right for the field and sometimes anything at all.
    func value(_ good: () -> String) -> String { chance(0.8) ? good() : anyLiteral() }

    /// An object as key/value literal pairs, then mutated: drops, duplicates, reorders.
    func object(_ pairs: [(String, String)]) -> String {
        var entries = pairs.map { (Self.keyLiteral($0.0), $0.1) }
        if chance(0.15), !entries.isEmpty { entries.remove(at: int(0...(entries.count - 1))) }
        if chance(0.1), !entries.isEmpty {
            let duplicate = entries[int(0...(entries.count - 1))]
            entries.insert((duplicate.0, anyLiteral()), at: int(0...entries.count))
        }
        if chance(0.1) { entries.append((stringLiteral(), anyLiteral())) }
        if chance(0.05) { entries.shuffle(using: &random) }
        return "{" + entries.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
    }

    func dayLiteral() -> String {
        chance(0.7) ? "\"\(dayString())\"" : pick(["\"2026-02-30\"", "\"2026-07-17garbage\"", "\"2026-7-1\"", "\"\"", "null",
                                                   "20260717", "\"２０２６-07-17\"", "\"0000-01-01\"", "\"\\u0032026-07-17\""])
    }

    /// A `dateTime` text: usually well formed with every part drawn at or just past its range (day
    /// 1–31 of any month, hour 0–24, minute and second 0–60, 0–10 fraction digits, `Z`, `z` or an
    /// offset of ±00–24 h and 0–60 min, years 1–9999 with the edges that leave the instant range),
    /// sometimes one of the fixed malformed spellings the golden cases hold.
    func dateTimeLiteral() -> String {
        if chance(0.15) { return pick(DateTimeForms.valid.map(\.json) + DateTimeForms.invalid.map(\.json) + ["null", "1784277000000"]) }
        let year = chance(0.1) ? pick([1, 9999, 0]) : chance(0.8) ? int(1960...2040) : int(1...9999)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, int(1...12), int(1...(chance(0.9) ? 28 : 31)),
                          chance(0.95) ? int(0...23) : 24, chance(0.95) ? int(0...59) : 60, chance(0.95) ? int(0...59) : 60)
        let digits = chance(0.5) ? 0 : int(1...(chance(0.95) ? 9 : 10))
        if digits > 0 { text += "." + String((0..<digits).map { _ in Character(String(int(0...9))) }) }
        switch int(0...9) {
        case 0...3: text += "Z"
        case 4: text += pick(["z", "", "+0200", " "])
        default:
            text += String(format: "%@%02d:%02d", pick(["+", "-"]), chance(0.95) ? int(0...23) : 24, chance(0.95) ? int(0...59) : 60)
        }
        return "\"" + text + "\""
    }

    /// Years drawn for dates; narrowed to 1970–2037 for zone-dependent ops outside fixed-offset
    /// zones, where platforms' tz data legitimately differ (the desktop JVM ignores local mean
    /// time before a zone's first transition — 1920 for Asia/Kathmandu, found at input ~600,000
    /// of seed 1129 — and extrapolates rules after 2037; see docs/semantics.md #14).
    var yearRange: ClosedRange<Int> = 1...9999
    /// Off for the same ops: a text mutation can turn "1972" into "0972" (it did, at input
    /// ~500,000 of seed 1129), which would test the platforms' tz data, not the code.
    var textMutations = true

    func dayString() -> String {
        let year = chance(0.8) ? int(2020...2030) : int(yearRange)
        let month = int(1...12)
        let day = int(1...(chance(0.9) ? 28 : 31))
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    // MARK: Blobs, from the schema

    /// The contracts inputs are drawn for, and per contract the keys its derived lookups use (so
    /// lookups hit as well as miss).
    let contracts: [Contract]
    let typesByName: [String: [String: ObjectType]]
    let lookupKeys: [String: Set<String>]

    /// Map keys, canonical twins among them (`é` and `e\u{301}`, `K` and U+212A): a map field keeps
    /// the later spelling of two canonically equivalent keys, in every language (docs/semantics.md
    /// row 15).
    static let keyPool = ["p1", "p2", "a", "10", "é", "e\u{301}", "K", "\u{212A}", "😀", "null", "__proto__", ""]
    /// Values of lookup key fields: the map keys, whose lookups compare exact UTF-16 units (`é` never
    /// finds the entry of `e\u{301}`).
    static let lookupValuePool = keyPool

    /// A JSON string literal spelling `key` exactly (keys can be any text: `json:`).
    static func keyLiteral(_ key: String) -> String { JSONValue.string(key).serialized() }

    /// A valid-looking value of `type` for `field`, sometimes at or just past a constraint bound,
    /// sometimes (through `value`) anything at all.
    func literal(_ type: FieldType, field: Field, contract: Contract) -> String {
        let c = field.constraints
        switch type {
        case .string:
            if lookupKeys[contract.name]?.contains(field.name) == true, chance(0.7) {
                return Self.keyLiteral(pick(Self.lookupValuePool))
            }
            let bounds = [c.minLength, c.maxLength].compactMap { $0 }
            if !bounds.isEmpty, chance(0.4) { return limitText(max(0, pick(bounds) + pick([-1, 0, 0, 1]))) }
            return stringLiteral()
        case .bool: return pick(["true", "false"])
        case .integer, .number, .epochMillis:
            let bounds = [c.min, c.max].compactMap { $0 }
            if !bounds.isEmpty, chance(0.3) {
                let bound = pick(bounds)
                return JSONValue.number(bound + pick([-1, 0, 0, 1, 0.5])).serialized()
            }
            return numberLiteral()
        case .localDate: return dayLiteral()
        case .dateTime: return dateTimeLiteral()
        case .enumeration(let cases, _):
            // Declared values, and strings that are none of them (an open enum's fallback reads
            // them): case-changed, empty, canonically equivalent but not identical (KELVIN SIGN for
            // K, a combining accent), astral, escaped spellings of a value, an unpaired surrogate.
            var candidates = cases.map(Self.keyLiteral)
            let value = pick(cases)
            candidates += [Self.keyLiteral(value.uppercased()), Self.keyLiteral(value.lowercased()), "\"other\"", "\"\"",
                           Self.keyLiteral(value.replacingOccurrences(of: "K", with: "\u{212A}")), Self.keyLiteral(value + "\u{301}"),
                           Self.keyLiteral("e\u{301}"), Self.keyLiteral("😀"), Self.keyLiteral(" " + value),
                           "\"\\u00" + String(value.unicodeScalars.first!.value, radix: 16) + String(value.dropFirst()) + "\"", "\"\\ud800\""]
            return pick(candidates)
        case .array(let element):
            let bounds = [c.minItems, c.maxItems].compactMap { $0 }
            let count = !bounds.isEmpty && chance(0.4) ? max(0, pick(bounds) + pick([-1, 0, 0, 1])) : int(0...3)
            return list(count) { literal(element, field: field, contract: contract) }
        case .map(let element):
            let entries = (0..<int(0...3)).map { _ in (Self.keyLiteral(pick(Self.keyPool)), value { literal(element, field: field, contract: contract) }) }
            return "{" + entries.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        case .object(let name):
            guard let type = typesByName[contract.name]?[name] else { return "{}" }
            return objectLiteral(type, contract: contract)
        case .union(let name):
            guard let union = contract.union(named: name) else { return "{}" }
            return unionLiteral(union, contract: contract)
        }
    }

    /// A union value: one variant's fields with a tag that is usually its own, and sometimes
    /// another variant's, unknown (an exact spelling differs: case, KELVIN SIGN, a combining
    /// accent, an escape), not a string, or an unpaired surrogate; `object` then sometimes drops,
    /// repeats or moves the tag like any key.
    func unionLiteral(_ union: UnionType, contract: Contract) -> String {
        let variant = pick(union.variants)
        guard let type = typesByName[contract.name]?[variant.typeName] else { return "{}" }
        let tag = variant.tag
        let tagLiteral = chance(0.6) ? Self.keyLiteral(tag) : pick([
            Self.keyLiteral(pick(union.variants).tag), Self.keyLiteral("zz-unknown"), Self.keyLiteral(tag.uppercased()),
            Self.keyLiteral(tag.replacingOccurrences(of: "k", with: "\u{212A}")), Self.keyLiteral(tag + "\u{301}"), Self.keyLiteral(""),
            "\"\\u00" + String(tag.unicodeScalars.first!.value, radix: 16) + String(tag.dropFirst()) + "\"", "\"\\ud800\"",
            "null", "1", "true", "[]", "{}",
        ])
        let fields = type.storedFields.map { field in (field.jsonKey, value { literal(field.type, field: field, contract: contract) }) }
        return object([(union.tagKey, tagLiteral)] + fields)
    }

    func objectLiteral(_ type: ObjectType, contract: Contract) -> String {
        object(type.storedFields.map { field in (field.jsonKey, value { literal(field.type, field: field, contract: contract) }) })
    }

    /// `count` elements, each usually well-typed and sometimes anything (then usually dropped, so
    /// size limits meet arrays whose kept count differs from the written one).
    func list(_ count: Int, _ element: () -> String) -> String {
        "[" + (0..<count).map { _ in chance(0.9) ? element() : anyLiteral() }.joined(separator: ",") + "]"
    }

    /// Pieces of a string literal with the Unicode scalars each decodes to: a combining accent
    /// (2 scalars, 1 grapheme), astral characters raw and escaped (1 scalar, 2 UTF-16 units).
    static let limitPieces: [(text: String, scalars: Int)] = [("x", 1), ("é", 1), ("e\u{301}", 2), ("😀", 1), ("\\u00e9", 1),
                                                              ("\\ud83d\\ude00", 1), ("\\u0301", 1), ("中", 1), ("👩‍👩‍👧", 5), ("\\n", 1)]

    /// A string literal of exactly `scalars` Unicode scalars (a length limit, or one past it).
    func limitText(_ scalars: Int) -> String {
        var text = "\""
        var left = scalars
        while left > 0 {
            let piece = pick(Self.limitPieces)
            if piece.scalars <= left {
                text += piece.text
                left -= piece.scalars
            } else {
                text += "x"
                left -= 1
            }
        }
        return text + "\""
    }

    /// A blob of `contract`: its version (usually an accepted one), every stored root field
    /// (usually well-typed), then the object mutations and, sometimes, text damage.
    func blob(_ contract: Contract) -> String {
        let version = chance(0.85) ? String(pick(contract.version.accepts)) : numberLiteral()
        let fields = contract.rootType.storedFields.map { field in
            (field.jsonKey, value { literal(field.type, field: field, contract: contract) })
        }
        return textMutation(object([(contract.version.field, version)] + fields))
    }

    /// Text-level damage: truncation, junk, comments, trailing commas, BOM, deep nesting.
    func textMutation(_ text: String) -> String {
        guard chance(0.25), textMutations else { return text }
        var units = Array(text.unicodeScalars)
        switch int(0...8) {
        case 0 where !units.isEmpty: units = Array(units.prefix(int(0...(units.count - 1))))
        case 1: return text + pick([" xyz", " ", "\n", "}", ",", "\t\r\n"])
        case 2: return "\u{FEFF}" + text
        case 3: return text.replacingOccurrences(of: "}", with: ",}", options: [], range: text.range(of: "}", options: .backwards))
        case 4: return text.replacingOccurrences(of: "{", with: "{/*c*/", options: [], range: text.range(of: "{"))
        case 5:
            let depth = pick([510, 511, 512, 513, 600, int(1...2000)])
            let nested = JSONValue.nestedArraysText(depth)
            return text.replacingOccurrences(of: "{", with: "{\"deep\":\(nested),", options: [], range: text.range(of: "{"))
        case 6 where !units.isEmpty:
            units[int(0...(units.count - 1))] = pick(["'", ",", " ", "0", "\u{1}", "\"", "x"]).unicodeScalars.first!
        case 7: return text.replacingOccurrences(of: "1", with: pick(["01", "0x1", "+1", "1.", ".1", "NaN", "Infinity"]), options: [], range: text.range(of: "1"))
        default: return text.replacingOccurrences(of: ":", with: " : ")
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: units)
        return result
    }

    func queueText() -> JSONValue {
        if chance(0.1) { return .null }
        let pairs = (0..<int(0...4)).map { _ in
            (pick(["a", "b", "t1", "10", "9", "Z", "é", "😀", "ｚ", "__proto__", ""]), value { pick(["true", "false"]) })
        }
        return .string(textMutation(object(pairs)))
    }

    func boolMap() -> JSONValue {
        .object((0..<int(0...4)).map { _ in (pick(["a", "b", "t1", "10", "9", "Z", "é", "😀", "ｚ", ""]), .bool(chance(0.5))) })
    }

    func zone() -> String {
        let zone = pick(Self.zones)
        let fixedOffset = ["UTC", "Mars/Olympus", "", "utc", "Etc/GMT+5"].contains(zone)
        yearRange = fixedOffset ? 1...9999 : 1970...2037
        textMutations = fixedOffset
        return zone
    }

    /// One request: a contract at random, then one of the ops its testee serves (the testee
    /// protocol's ops follow from the declared behaviours), decode most often.
    public func next() -> DifferentialInput {
        yearRange = 1...9999
        textMutations = true
        guard !contracts.isEmpty else { return DifferentialInput(contract: "", op: "decode", given: .object([("blob", .string(anyLiteral()))])) }
        let contract = pick(contracts)
        let b = contract.behaviours
        let now = JSONValue.number(Double(pick([1_784_325_599_999, 1_784_325_600_000, 1_784_325_600_001, 0, 1, 9_007_199_254_740_991])))
        // Only ops every language serves (not encode): one answer is nothing to compare; and only
        // ops with inputs (not versions, whose one answer its golden case holds).
        let ops = TesteeOp.served(by: contract).filter { $0.servedByEveryLanguage && !$0.given.isEmpty }
        let op = chance(0.6) ? .decode : pick(ops)
        func request(_ given: [(String, JSONValue)]) -> DifferentialInput {
            DifferentialInput(contract: contract, op: op, given: given)
        }
        switch op {
        case .stale:
            return request([("blob", .string(blob(contract))), ("now", now)])
        case .header, .timeline:
            let zone = zone()
            return request([("blob", .string(blob(contract))), ("now", now), ("timeZone", .string(zone))])
        case .dayStart:
            let zone = zone()
            return request([("dayStr", .string(chance(0.9) ? dayString() : "2026-02-30")), ("timeZone", .string(zone))])
        case .validUntil:
            let offset = Double(pick([0, 14_400_000, -3_600_000, 86_400_000, int(-100_000_000...100_000_000)]))
            let zone = zone()
            return request([("dayStr", .string(dayString())), ("startOfNextDayDiffMs", .number(offset)), ("timeZone", .string(zone))])
        case .queueSet:
            return request([("queue", queueText()), ("taskId", .string(pick(["a", "t1", "é", "😀", "10"]))), ("isDone", .bool(chance(0.5)))])
        case .queuePeek:
            return request([("queue", queueText())])
        case .queueDrain:
            return request([("queue", queueText()), ("tasks", boolMap())])
        case .decodeBytes:
            // A document's bytes, half of them with one sequence that is not UTF-8 put in at a random
            // place (Unicode Table 3-7's refusals: a stray continuation, C0/C1, F5-FF, an overlong, an
            // encoded surrogate, above U+10FFFF, a character cut short), so the byte roads' UTF-8
            // checks and their reports' offsets are compared.
            var bytes = Array(blob(contract).utf8)
            if chance(0.5) {
                let bad: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE0, 0x80, 0x80],
                                      [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98]]
                bytes.insert(contentsOf: pick(bad), at: int(0...bytes.count))
            }
            let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            var given: [(String, JSONValue)] = [("hex", .string(hex))]
            if bytes.count % 2 == 0 { given.append(("report", .bool(true))) }
            given.append(("dropped", .bool(true)))
            return request(given)
        case .encode, .versions:
            preconditionFailure("\(op.rawValue) is not drawn: one language serves it, or it takes no input")
        case .civilFromDays:
            // Years 1–9999 mostly; then era edges (every 146,097 days from 0000-03-01), the whole
            // domain, and just past its limit, where every runtime must answer null.
            let limit = TesteeOp.civilDaysLimit
            let era = int(-675...680) * 146_097 - 719_468 + int(-2...2)  // within the limit
            let days = pick([int(-719_162...2_932_896), int(-719_162...2_932_896), era, int(-limit...limit), pick([-limit - 1, limit + 1, -limit, limit])])
            return request([("days", .number(Double(days)))])
        case .decode:
            let text = blob(contract)
            var given: [(String, JSONValue)] = [("blob", .string(text))]
            if b.overlay != nil, chance(0.3) { given.append(("pending", boolMap())) }
            // Half the decodes ask for the report (docs/report.md), so it is compared too; chosen by the
            // text, not the random stream, so a seed gives the same documents as before.
            if text.utf8.count % 2 == 0 { given.append(("report", .bool(true))) }
            // Every decode shows its dropped count, so a wrapped observation compares it too.
            given.append(("dropped", .bool(true)))
            return request(given)
        }
    }
}
