/// Escaping for the HTML report: every string from a case file or a testee is untrusted.
enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attributes. Characters HTML
    /// cannot carry verbatim become visible stand-ins (C0 controls → control pictures, others →
    /// U+FFFD); line separators are written as references so the source stays one line per row.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case "\u{2028}": out += "&#x2028;"
            case "\u{2029}": out += "&#x2029;"
            default:
                let value = scalar.value
                if value < 0x20 {
                    out.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)   // ␀ … ␟
                } else if value == 0x7F {
                    out += "\u{2421}"   // ␡
                } else if (0x80...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// At most `limit` UTF-8 bytes, saying how long the whole was: a 64 MiB answer line (or one
    /// grapheme cluster of a million combining marks) must not become a 64 MiB page.
    static func clip(_ text: String, limit: Int = 4000) -> String { TextClip.clip(text, maxBytes: limit) }
}
