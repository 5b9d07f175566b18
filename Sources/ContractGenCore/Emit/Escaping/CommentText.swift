/// The one way schema text (docs, file names) reaches a comment in generated code. Every line
/// terminator any target language knows splits the text into lines, and characters that could end
/// a comment, hide code (bidi overrides) or confuse a compiler are made visible instead.

/// Comment-safe text, per language and per place.
enum CommentText {
    /// Every scalar Swift, Kotlin, TypeScript or an editor may treat as a line break:
    /// LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. CR LF counts once.
    static let lineTerminators: Set<Unicode.Scalar> = ["\u{0A}", "\u{0B}", "\u{0C}", "\u{0D}", "\u{85}", "\u{2028}", "\u{2029}"]

    /// Scalars shown as `<U+XXXX>` inside a comment: other controls (C0, DEL, C1), bidi embeddings,
    /// overrides and isolates (Trojan Source), directional marks and the byte-order mark.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `<U+202E>`: visible, ASCII, and never part of a comment delimiter.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// The text as lines: split at every line terminator (CR LF once), tabs as spaces, hidden
    /// characters made visible. No returned line holds a line terminator or a hidden character.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if lineTerminators.contains(scalar) {
                if scalar == "\n", previousWasCR { continue }
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else if scalar == "\t" {
                current.append(" ")
            } else if isHidden(scalar) {
                current.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// One line for a `//` comment (the `Source:` header): line terminators and hidden characters
    /// shown as `<U+XXXX>`, so a file name can never start a new line of code.
    static func singleLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if lineTerminators.contains(scalar) || isHidden(scalar) {
                result += visible(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A line for the inside of a `/* … */` or `/** … */` comment. Kotlin block comments nest, so
    /// `/*` would open one that the closing `*/` never ends; `*/` ends any. A space goes between
    /// every `/` and `*` that touch, so neither delimiter survives (TypeScript gets the same text).
    static func blockCommentLine(_ line: String) -> String {
        // Scalars, not Characters: `*` followed by a combining mark is one Character but still
        // lexes as `*`.
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in line.unicodeScalars {
            if (previous == "/" && scalar == "*") || (previous == "*" && scalar == "/") { result.append(" ") }
            result.append(scalar)
            previous = scalar
        }
        return String(result)
    }
}
