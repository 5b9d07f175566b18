/// Finds the identifiers generated TypeScript uses in code position, so the contract module
/// imports exactly the runtime names it needs (an unused import fails `--noUnusedLocals`).
///
/// A single linear pass over UTF-8 bytes: comments (`//`, `/* */`) and string literals (`"…"`,
/// `'…'`) are skipped, template literals are skipped except their `${…}` parts, and a name right
/// after `.` is a member, not a reference.
enum TypeScriptIdentifierScanner {
    static func identifiers(in code: String) -> Set<String> {
        var scanner = Cursor(bytes: Array(code.utf8))
        var found: Set<String> = []
        scanner.scanCode(into: &found, untilClosingBrace: false)
        return found
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        func byte(at offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        static func isIdentifierByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                || b == 0x5F || b == 0x24 || b >= 0x80
        }

        /// Code until the end (or, inside a template's `${`, until its closing `}`).
        mutating func scanCode(into found: inout Set<String>, untilClosingBrace: Bool) {
            var depth = 0
            var previous: UInt8 = 0x20
            while index < bytes.count {
                let b = bytes[index]
                switch b {
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue
                case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                    index += 2
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && byte(at: 1) == UInt8(ascii: "/")) { index += 1 }
                    index = min(index + 2, bytes.count)
                    previous = 0x20
                    continue
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    skipString(quote: b)
                    previous = b
                    continue
                case UInt8(ascii: "`"):
                    scanTemplate(into: &found)
                    previous = b
                    continue
                case UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "}"):
                    if untilClosingBrace && depth == 0 { index += 1; return }
                    depth -= 1
                default:
                    if Self.isIdentifierByte(b) {
                        let start = index
                        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                        if previous != UInt8(ascii: ".") {
                            found.insert(String(decoding: bytes[start..<index], as: UTF8.self))
                        }
                        previous = bytes[index - 1]
                        continue
                    }
                }
                previous = b
                index += 1
            }
        }

        mutating func skipString(quote: UInt8) {
            index += 1
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\\") { index += 2; continue }
                index += 1
                if b == quote || b == 0x0A { return }
            }
        }

        mutating func scanTemplate(into found: inout Set<String>) {
            index += 1
            while index < bytes.count {
                let b = bytes[index]
                if b == UInt8(ascii: "\\") { index += 2; continue }
                if b == UInt8(ascii: "`") { index += 1; return }
                if b == UInt8(ascii: "$"), byte(at: 1) == UInt8(ascii: "{") {
                    index += 2
                    scanCode(into: &found, untilClosingBrace: true)
                    continue
                }
                index += 1
            }
        }
    }
}
