/// What blobs carry (JSON keys, enum values, union tags, storage keys, string defaults) compared
/// code unit by code unit, as every decoder compares it. Swift's `==` on `String` is canonical
/// equivalence: it calls `K` and U+212A KELVIN SIGN, or an NFC and an NFD spelling, equal, so a
/// key respelled that way would pass the gate while old blobs no longer match it.
enum ExactText {
    static func same(_ a: String, _ b: String) -> Bool { JSONValue.exactlyEqual(a, b) }

    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return same(a, b)
        default: return false
        }
    }

    static func contains(_ list: [String], _ text: String) -> Bool { list.contains { same($0, text) } }

    /// Field types with enum values compared exactly (type names are ASCII identifiers).
    static func same(_ a: FieldType, _ b: FieldType) -> Bool {
        switch (a, b) {
        case let (.enumeration(x, xu), .enumeration(y, yu)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) } && same(xu, yu)
        case let (.array(x), .array(y)), let (.map(x), .map(y)): return same(x, y)
        default: return a == b
        }
    }

    /// Defaults as the JSON values they put in an observation: an integer field's `default: 0`
    /// and a number field's `default: 0.0` are the same number; strings compare exactly.
    static func same(_ a: DefaultValue, _ b: DefaultValue) -> Bool {
        switch (a, b) {
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.integer(x), .number(y)), let (.number(y), .integer(x)): return Double(exactly: x) == y
        case let (.string(x), .string(y)): return same(x, y)
        case let (.bool(x), .bool(y)): return x == y
        case (.emptyArray, .emptyArray), (.emptyMap, .emptyMap): return true
        default: return false
        }
    }

    static func same(_ a: Presence, _ b: Presence) -> Bool {
        switch (a, b) {
        case let (.defaultValue(x), .defaultValue(y)): return same(x, y)
        default: return a == b
        }
    }
}
