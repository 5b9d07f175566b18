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
    /// The text goes through `CommentText.lines`: every line terminator of every target language
    /// splits it, so no part of it can leave the comment.
    public mutating func comment(_ text: String, prefix: String, width: Int = 100) {
        let available = max(40, width - level * indentUnit.count - prefix.count - 1)
        for paragraph in CommentText.lines(text) {
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
        let lines = CommentText.lines(text)
        let trimmed = Self.trimBlankLines(lines)
        guard !trimmed.isEmpty else { return }
        switch style {
        case .tripleSlash:
            comment(trimmed.joined(separator: "\n"), prefix: "///", width: width)
        case .block:
            // Neither `/*` (Kotlin nests block comments) nor `*/` may survive inside.
            line("/**")
            comment(trimmed.map(CommentText.blockCommentLine).joined(separator: "\n"), prefix: " *", width: width)
            line(" */")
        }
    }

    /// Lines without leading and trailing blank ones, each without edge whitespace at the ends
    /// of the whole text (as the doc was written, minus the YAML's trailing newline).
    static func trimBlankLines(_ lines: [String]) -> [String] {
        let isBlank: (String) -> Bool = { $0.allSatisfy { $0 == " " } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let last = lines.lastIndex(where: { !isBlank($0) }) else { return [] }
        var result = Array(lines[first...last])
        result[0] = String(result[0].drop { $0 == " " })
        result[result.count - 1] = String(result[result.count - 1].reversed().drop { $0 == " " }.reversed())
        return result
    }

    public enum DocStyle: Sendable { case tripleSlash, block }
}
