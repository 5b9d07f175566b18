/// Compiler-style diagnostics: `file:line:column: error: message`, 1-based, collected per run.

/// A position in a schema file, 1-based like every compiler prints it.
/// For example `schema/widget-data.yaml:12:5`.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One finding about a schema (or a schema change), with where it is.
/// For example `schema/widget-data.yaml:12:5: error: unknown type 'strng' (did you mean 'string'?)`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning, note }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public var description: String {
        let text = Self.printable(message)
        if let location { return "\(Self.printable(location.description)): \(severity.rawValue): \(text)" }
        return "\(severity.rawValue): \(text)"
    }

    /// Schema text quoted in a message (a name, a key, a file name) is untrusted: control
    /// characters, line breaks and bidi overrides are shown as `<U+XXXX>`, so a diagnostic is one
    /// line that cannot move the cursor, recolour the terminal or fake another diagnostic.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Collects diagnostics so one run reports every mistake it can, not just the first.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.error(message, at: location))
    }

    public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Thrown by a stage that found errors: every diagnostic it collected, in source order.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// The closest candidate by edit distance (a swap of two letters counts as one edit), for
/// "did you mean" hints; nil when nothing is close.
public func closestMatch(to word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
    let target = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
        let d = distance(target, Array(candidate.lowercased()))
        if d <= max(1, (candidate.count + 2) / 4), best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
}
