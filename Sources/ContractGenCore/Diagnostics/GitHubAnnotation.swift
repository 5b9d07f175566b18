/// GitHub Actions workflow commands (`::error file=…::message`) built from untrusted text: schema
/// names, golden case names, testee output. Each piece is made inert first (control characters,
/// line breaks and bidi overrides shown as `<U+XXXX>`, so nothing can start a command line of its
/// own or rewrite the log), then escaped as the workflow-command syntax asks: `%` in the message;
/// `%`, `:` and `,` in a property value.
public enum GitHubAnnotation {
    public enum Level: String { case error, warning, notice }

    /// `::error file=F,line=L,col=C::message` (line and column only when given).
    public static func make(_ level: Level, file: String?, line: Int? = nil, column: Int? = nil, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + property(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        let head = properties.isEmpty ? "::\(level.rawValue)" : "::\(level.rawValue) " + properties.joined(separator: ",")
        return head + "::" + data(message)
    }

    public static func error(file: String?, message: String) -> String { make(.error, file: file, message: message) }

    static func data(_ text: String) -> String {
        Diagnostic.printable(text).replacingOccurrences(of: "%", with: "%25")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
