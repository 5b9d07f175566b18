import Foundation

/// `contract-gen explain`'s account of a blob's degradation report (docs/report.md): a short
/// verdict first ("ok, 3 values degraded, 1 element dropped"), then one line per entry: path, rule
/// (with its detail) and what the decoder used instead.
struct ReportExplanation {
    let status: String
    let entries: [JSONValue]

    init(observation: JSONValue) {
        status = observation["status"]?.stringValue ?? "?"
        if case .array(let items)? = observation["report"] { entries = items } else { entries = [] }
    }

    /// Nothing degraded, dropped or rejected: `explain` exits 0 only then.
    var isClean: Bool { status == "ok" && entries.isEmpty }

    static func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    func count(_ used: Set<String>) -> Int {
        entries.filter { used.contains($0["used"]?.stringValue ?? "") }.count
    }

    /// The first line: the status, then what it cost.
    var verdict: String {
        switch status {
        case "malformed":
            let entry = entries.first
            let offset = entry?["offset"].flatMap { value -> String? in if case .number(let n) = value { return String(Int(n)) } else { return nil } } ?? "?"
            return "malformed: not a JSON document the contract reads (at byte \(offset), expected \(entry?["expected"]?.stringValue ?? "?")); the widget shows its empty state"
        case "unsupportedVersion":
            return "unsupportedVersion: the version field is \(entries.first?["found"]?.stringValue ?? "?"), not an accepted version; the widget shows its empty state"
        case "invalid":
            let failing = entries.filter { $0["used"]?.stringValue == "document" }.compactMap { $0["path"]?.stringValue }
            return "invalid: \(failing.isEmpty ? "a fail-document field" : failing.joined(separator: ", ")) failed, so nothing is shown; the widget shows its empty state"
        default:
            var parts: [String] = []
            let degraded = count(["default", "null", "absent", "fallback"])
            let dropped = count(["dropped"])
            let ignored = count(["ignored"])
            let duplicates = count(["last"])
            if degraded > 0 { parts.append(Self.plural(degraded, "value degraded", "values degraded")) }
            if dropped > 0 { parts.append(Self.plural(dropped, "element dropped", "elements dropped")) }
            if ignored > 0 { parts.append(Self.plural(ignored, "map entry ignored", "map entries ignored")) }
            if duplicates > 0 { parts.append(Self.plural(duplicates, "duplicate key", "duplicate keys")) }
            return parts.isEmpty ? "\(status), nothing degraded" : "\(status), " + parts.joined(separator: ", ")
        }
    }

    /// The rule with its schema-derived detail: `wrong-type (found number)`, `constraint non-empty`.
    static func rule(_ entry: JSONValue) -> String {
        var text = entry["rule"]?.stringValue ?? "?"
        if let found = entry["found"]?.stringValue { text += " (found \(found))" }
        if let constraint = entry["constraint"]?.stringValue { text += " \(constraint)" }
        if let field = entry["field"]?.stringValue { text += " (field \(JSONValue.string(field).serialized()))" }
        if let expected = entry["expected"]?.stringValue { text += " (expected \(expected))" }
        if case .number(let offset)? = entry["offset"] { text += " at byte \(Int(offset))" }
        return text
    }

    /// What the decoder used instead, in words.
    static func used(_ entry: JSONValue) -> String {
        switch entry["used"]?.stringValue ?? "" {
        case "default": return "the default"
        case "null": return "null"
        case "absent": return "absent"
        case "fallback": return "the fallback \(JSONValue.string(entry["fallback"]?.stringValue ?? "?").serialized())"
        case "parent": return "nothing: its object is invalid"
        case "dropped": return "nothing: dropped"
        case "ignored": return "nothing: entry ignored"
        case "last": return "the later occurrence"
        case "document": return "nothing: the document is rejected"
        case let other: return other
        }
    }

    /// The verdict, then the table (none when nothing is degraded).
    var lines: [String] {
        var lines = [verdict]
        guard !entries.isEmpty else { return lines }
        let rows = [("path", "rule", "used instead")] + entries.map { ($0["path"]?.stringValue ?? "?", Self.rule($0), Self.used($0)) }
        let pathWidth = rows.map(\.0.count).max() ?? 0
        let ruleWidth = rows.map(\.1.count).max() ?? 0
        for row in rows {
            lines.append("  " + row.0.padding(toLength: pathWidth, withPad: " ", startingAt: 0) + "  "
                         + row.1.padding(toLength: ruleWidth, withPad: " ", startingAt: 0) + "  " + row.2)
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }
}
