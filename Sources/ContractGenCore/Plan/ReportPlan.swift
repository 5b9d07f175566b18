/// The report's one decision per slot, shared by the three renderers (docs/report.md): the path
/// step a field adds, what the decoder uses instead of a value it did not take, and the checks one
/// by one under their schema keys (so an entry can name the constraint that failed).
enum ReportPlan {
    /// The closed vocabularies of docs/report.md, in its order (the runtimes spell the same words).
    static let rules = ["malformed", "version-rejected", "null", "wrong-type", "unpaired-surrogate", "invalid-number", "invalid-date",
                        "unknown-enum-value", "constraint", "missing", "invalid-field", "unknown-union-tag", "invalid-key", "duplicate-key"]
    static let usedWords = ["default", "null", "absent", "fallback", "parent", "dropped", "ignored", "last", "document"]
    static let entryKeys = ["path", "rule", "used", "found", "constraint", "fallback", "field", "offset", "expected"]

    /// The path step of a member `key`: `.key` when it is ASCII letters, digits and `_`, else the
    /// bracketed JSON string literal (`["start-time"]`), the spelling golden paths use.
    static func step(_ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return simple ? "." + key : "[" + JSONValue.string(key).serialized() + "]"
    }

    /// What a missing or invalid value of this slot becomes, as the report's `used` word.
    static func used(_ slot: SlotPlan) -> String {
        switch slot.presence {
        case .dropElement: return "parent"
        case .failDocument: return "document"
        case .null: return "null"
        case .absent: return "absent"
        case .defaultValue: return "default"
        }
    }

    /// The checks one bound at a time, each under the schema key that declares it.
    static func checks(_ checks: [ConstraintCheck]) -> [(name: String, check: ConstraintCheck)] {
        var result: [(name: String, check: ConstraintCheck)] = []
        for check in checks {
            switch check {
            case .nonEmpty: result.append(("non-empty", check))
            case .atLeast: result.append(("min", check))
            case .atMost: result.append(("max", check))
            case .textLength(let min, let max):
                if let min { result.append(("min-length", .textLength(min: min, max: nil))) }
                if let max { result.append(("max-length", .textLength(min: nil, max: max))) }
            case .itemCount(let min, let max):
                if let min { result.append(("min-items", .itemCount(min: min, max: nil))) }
                if let max { result.append(("max-items", .itemCount(min: nil, max: max))) }
            }
        }
        return result
    }
}
