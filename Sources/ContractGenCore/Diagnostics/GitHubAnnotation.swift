/// `--format github` (check, conform, compat): annotations, and every other line made inert. The Actions runner
/// reads workflow commands from any line of a step's output: `::cmd props::data` when the line
/// starts with `::` after leading whitespace, and the legacy `##[cmd]data` anywhere in a line
/// (`##[stop-commands]` and `##[add-mask]` among them). Schema text, golden text, file names and
/// stale files' lines arrive in pull requests, so none of them may form either, nor carry a
/// control character or a bidi override into the log.

enum GitHubAnnotation {
    /// The workflow command for a diagnostic: `::error file=…,line=…,col=…::message`.
    /// Properties escape `%`, CR, LF, `:` and `,`; the message `%`, CR and LF (the runner's rules).
    static func line(for diagnostic: Diagnostic) -> String {
        let command = diagnostic.severity == .error ? "error" : "warning"
        let message = escapeData(inert(diagnostic.message))
        guard let location = diagnostic.location else { return "::\(command)::\(message)" }
        return "::\(command) file=\(escapeProperty(inert(location.file))),line=\(location.line),col=\(location.column)::\(message)"
    }

    /// `::error file=F::message` (or `::error::message`) for untrusted text: a golden case's name
    /// and path, a testee's answer, a compat finding.
    static func error(file: String?, message: String) -> String {
        let data = escapeData(inert(message))
        guard let file else { return "::error::\(data)" }
        return "::error file=\(escapeProperty(inert(file)))::\(data)"
    }

    /// One line of text no runner reads as a command: control and format characters (bidi
    /// overrides, zero-width marks) as `<U+XXXX>`, like `Diagnostic.printable`; a `[` after `##`
    /// as `<U+005B>`; a line that would start with `::` (after spaces and tabs) with its first
    /// colon as `<U+003A>`.
    static func inert(_ text: String) -> String {
        var result = ""
        var hashes = 0   // how many `#` end the text so far
        for scalar in text.unicodeScalars {
            let visible: String
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                visible = hex(scalar)
            default:
                visible = scalar == "[" && hashes >= 2 ? hex(scalar) : String(scalar)
            }
            result += visible
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        let lead = result.prefix { $0 == " " || $0 == "\t" }
        if result.dropFirst(lead.count).hasPrefix("::") {
            result = lead + "<U+003A>" + result.dropFirst(lead.count + 1)
        }
        return result
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
