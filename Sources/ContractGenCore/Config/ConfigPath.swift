/// A path written in contract-gen.yaml: relative to the file's directory and inside it, so every
/// output stays under the project (emit's staging and rename need one root) and the text that
/// reaches generated import lines is a plain relative path.

enum ConfigPath {
    static func directory(_ node: YAMLNode) throws(DiagnosticsError) -> String { try path(node, "a directory") }
    static func file(_ node: YAMLNode) throws(DiagnosticsError) -> String { try path(node, "a file") }

    static func path(_ node: YAMLNode, _ what: String) throws(DiagnosticsError) -> String {
        let scalar = try ConfigParser.scalar(node, what)
        if let problem = problem(scalar.value) {
            throw DiagnosticsError([.error("'\(scalar.value)' is not usable as \(what): \(problem)", at: scalar.location)])
        }
        // `ios/Generated/` and `ios/Generated` are the same directory; `./x` is `x`.
        let parts = scalar.value.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Why a path cannot be used, or nil.
    static func problem(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return "paths are relative to the directory of contract-gen.yaml" }
        if path.split(separator: "/").contains("..") { return "'..' would leave the directory of contract-gen.yaml" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0 == "\u{7F}" }) {
            return "control characters and backslashes are not allowed"
        }
        return nil
    }
}
