/// The one way schema text (storage keys, enum values, field and contract names) reaches a string
/// literal in generated code. Every literal is plain printable ASCII: quotes, backslashes and each
/// language's interpolation sigil are escaped, and every other character (line terminators, controls,
/// bidi overrides, non-ASCII) becomes a Unicode escape, so no schema text can end a literal or a line.
enum StringLiteral {
    /// A Swift `"…"` literal. `\(` cannot start an interpolation: the backslash is escaped.
    static func swift(_ text: String) -> String { "\"" + swiftContent(text) + "\"" }

    /// The inside of a Swift literal, for text placed in a literal the emitter writes itself.
    static func swiftContent(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    /// A Kotlin `"…"` literal. `$` would start a string template: escaped as `\$`.
    static func kotlin(_ text: String) -> String { "\"" + kotlinContent(text) + "\"" }

    /// The inside of a Kotlin literal, in UTF-16 units (`\uXXXX` takes exactly four digits).
    static func kotlinContent(_ text: String) -> String {
        var result = ""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x24: result += "\\$"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(unit)!)
            default: result += "\\u" + hex4(unit)
            }
        }
        return result
    }

    /// A TypeScript `"…"` literal. A raw U+2028/U+2029 is legal in a JS string since ES2019 but not
    /// in older parsers, so, like every non-ASCII unit, it is escaped.
    static func typeScript(_ text: String) -> String { "\"" + typeScriptContent(text, quote: "\"") + "\"" }

    /// The inside of a TypeScript literal delimited by `quote` (`"` or `` ` ``); in a template
    /// literal `${` would interpolate, so `$` is escaped there.
    static func typeScriptContent(_ text: String, quote: Character) -> String {
        var result = ""
        for unit in text.utf16 {
            switch unit {
            case 0x22 where quote == "\"": result += "\\\""
            case 0x60 where quote == "`": result += "\\`"
            case 0x24 where quote == "`": result += "\\$"
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(unit)!)
            default: result += "\\u" + hex4(unit)
            }
        }
        return result
    }

    static func hex4(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}
