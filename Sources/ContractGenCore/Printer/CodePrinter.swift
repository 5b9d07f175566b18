/// The one code printer every emitter writes through: indentation, blocks and comments, so no
/// emitter concatenates indentation by hand.
import Foundation

/// Accumulates lines of code at the current indentation.
///
/// Blank lines carry no indentation, outdenting past the margin is a programming error, and
/// long documentation is wrapped to the language's width.
/// For example `p.block("public struct Task {") { $0.line("public var id: String") }`.
public struct CodePrinter: Sendable {
    public private(set) var text = ""
    private var level = 0
    public let indentUnit: String

    public init(indentUnit: String = "    ") { self.indentUnit = indentUnit }

    /// Appends one line (or a blank line) at the current indentation.
    public mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: indentUnit, count: level) + content + "\n"
        }
    }

    /// Appends several lines, each at the current indentation.
    public mutating func lines(_ contents: [String]) { for content in contents { line(content) } }

    /// Runs `body` one level deeper.
    public mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        precondition(level > 0, "outdented past the margin")
        level -= 1
    }

    /// `opener` on its own line, `body` indented, then `closer`.
    public mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opener)
        indented(body)
        line(closer)
    }

    /// A comment block: each line prefixed (`///`, `//`, ` *`), wrapped at `width` columns.
    public mutating func comment(_ text: String, prefix: String, width: Int = 100) {
        let available = max(40, width - level * indentUnit.count - prefix.count - 1)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = paragraph.split(separator: " ")
            if words.isEmpty { line(prefix); continue }
            var current = ""
            for word in words {
                if !current.isEmpty, current.count + 1 + word.count > available {
                    line(prefix + " " + current)
                    current = String(word)
                } else {
                    current += current.isEmpty ? String(word) : " " + word
                }
            }
            if !current.isEmpty { line(prefix + " " + current) }
        }
    }

    /// A documentation comment in the style of the language: `///` or `/** … */`.
    public mutating func doc(_ text: String, style: DocStyle, width: Int = 100) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        switch style {
        case .tripleSlash:
            comment(trimmed, prefix: "///", width: width)
        case .block:
            line("/**")
            comment(trimmed.replacingOccurrences(of: "*/", with: "* /"), prefix: " *", width: width)
            line(" */")
        }
    }

    public enum DocStyle: Sendable { case tripleSlash, block }
}
