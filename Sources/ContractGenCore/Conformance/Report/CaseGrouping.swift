/// Which group of the HTML report a golden case belongs to, derived from its name alone
/// (docs/conformance-report.md states the rule).
public enum CaseGrouping {
    /// - `schema.<contract>.<Type>.<field>.<mutation>` → `<Type>.<field>`: every name the golden
    ///   emitter writes is `schema.<contract>.` then dot-separated parts, the last being the
    ///   mutation; the group is everything before it (`schema.c.version.null` → `version`, a
    ///   single part such as `schema.c.sample-document` is its own group).
    /// - A hand-written name → its first dash-separated word (`daystart-berlin-summer` →
    ///   `daystart`); when that word is also the first word of the contract's name it says
    ///   nothing, so the first two words are used (`todo-badges-…` in `todo-count` → `todo-badges`).
    public static func group(caseName name: String, contract: String) -> String {
        let schemaPrefix = "schema.\(contract)."
        if name.hasPrefix(schemaPrefix) {
            let parts = name.dropFirst(schemaPrefix.count).split(separator: ".", omittingEmptySubsequences: false)
            return parts.count >= 2 ? parts.dropLast().joined(separator: ".") : String(name.dropFirst(schemaPrefix.count))
        }
        let words = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = words.first, words.count > 1 else { return name }
        let contractFirstWord = contract.split(separator: "-", omittingEmptySubsequences: false).first.map(String.init)
        if first == contractFirstWord, words.count > 2 { return words[0] + "-" + words[1] }
        return first
    }
}
