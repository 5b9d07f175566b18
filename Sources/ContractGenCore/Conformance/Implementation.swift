/// What `conform` and `differential` can run: each generated language, and the generated
/// TypeScript on a second engine (JavaScriptCore, the engine of WKWebView on iOS) beside V8.
public enum Implementation: String, CaseIterable, Sendable {
    case swift, kotlin, typescript
    /// The same compiled TypeScript testee, run under `jsc` through a small I/O adapter.
    case typescriptJSC = "typescript-jsc"

    /// The generated language whose files this implementation runs.
    public var language: Language {
        switch self {
        case .swift: return .swift
        case .kotlin: return .kotlin
        case .typescript, .typescriptJSC: return .typescript
        }
    }

    /// `--lang` of `conform` and `differential`: `all`, one name, or a comma-separated list.
    /// For example `swift,typescript-jsc`.
    public static func parse(_ value: String?) throws -> [Implementation] {
        guard let value, value != "all" else { return allCases }
        var chosen: [Implementation] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let implementation = Implementation(rawValue: name) else {
                let choices = allCases.map(\.rawValue) + ["all"]
                throw UsageError("unknown --lang '\(name)' (expected \(choices.joined(separator: ", ")), or a comma-separated list)")
            }
            if !chosen.contains(implementation) { chosen.append(implementation) }
        }
        return chosen
    }
}
