/// A lexer-lite for Swift, Kotlin and TypeScript source: which bytes are code, and which are
/// inside a comment, a string, a character or a regular-expression literal. Mutation operators
/// only touch code bytes, so a mutant never edits a doc comment or a message text.
/// It is deliberately small: it knows comments (nested in Swift and Kotlin), quoted and
/// triple-quoted strings, Swift raw strings (`#"…"#`), TypeScript template and regex literals.
/// Interpolations (`\(…)`, `${…}`) count as string: they are never mutated.

public struct CodeMask: Sendable {
    /// `isCode[i]` is true when byte i is outside every comment and literal.
    public let isCode: [Bool]
    /// `isComment[i]` is true when byte i is inside a comment (a mutant's key leaves comments out).
    public let isComment: [Bool]

    public init(_ bytes: [UInt8], language: Language) {
        var mask = [Bool](repeating: true, count: bytes.count)
        var comments = [Bool](repeating: false, count: bytes.count)
        var scanner = Scanner(bytes: bytes, language: language)
        scanner.mark(&mask, comments: &comments)
        isCode = mask
        isComment = comments
    }

    /// True when every byte of `range` is code.
    public func isCode(_ range: Range<Int>) -> Bool {
        range.allSatisfy { isCode[$0] }
    }
}

private struct Scanner {
    let bytes: [UInt8]
    let language: Language
    var index = 0

    init(bytes: [UInt8], language: Language) {
        self.bytes = bytes
        self.language = language
    }

    func at(_ offset: Int) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    func startsWith(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    mutating func mark(_ mask: inout [Bool], comments: inout [Bool]) {
        while index < bytes.count {
            let start = index
            var comment = false
            if startsWith("//") {
                skipLineComment()
                comment = true
            } else if startsWith("/*") {
                skipBlockComment()
                comment = true
            } else if language == .swift, at(0) == UInt8(ascii: "#"), let hashes = rawStringHashes() {
                skipSwiftRawString(hashes: hashes)
            } else if startsWith("\"\"\"") && language != .typescript {
                skipTripleQuoted()
            } else if at(0) == UInt8(ascii: "\"") || at(0) == UInt8(ascii: "'")
                        || (language == .typescript && at(0) == UInt8(ascii: "`")) {
                skipQuoted(closer: at(0))
            } else if language == .typescript, at(0) == UInt8(ascii: "/"), regexMayStartHere() {
                skipRegex()
            } else {
                index += 1
                continue
            }
            for position in start..<min(index, bytes.count) {
                mask[position] = false
                comments[position] = comment
            }
        }
    }

    mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    /// Swift and Kotlin nest block comments; TypeScript does not.
    mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if startsWith("*/") { depth -= 1; index += 2 }
            else if startsWith("/*"), language != .typescript { depth += 1; index += 2 }
            else { index += 1 }
        }
    }

    /// The number of `#` before a `"` at the cursor, when this is a Swift raw string.
    func rawStringHashes() -> Int? {
        var count = 0
        while at(count) == UInt8(ascii: "#") { count += 1 }
        return at(count) == UInt8(ascii: "\"") ? count : nil
    }

    mutating func skipSwiftRawString(hashes: Int) {
        index += hashes
        let triple = startsWith("\"\"\"")
        index += triple ? 3 : 1
        let closer = Array((triple ? "\"\"\"" : "\"").utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while index < bytes.count {
            if index + closer.count <= bytes.count, bytes[index..<(index + closer.count)].elementsEqual(closer) {
                index += closer.count
                return
            }
            index += 1
        }
    }

    mutating func skipTripleQuoted() {
        index += 3
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), language == .swift { index += 2; continue }
            if startsWith("\"\"\"") {
                index += 3
                while at(0) == UInt8(ascii: "\"") { index += 1 }
                return
            }
            index += 1
        }
    }

    /// A quoted literal; escapes skip the next byte. Interpolations stay inside the literal, with
    /// their own nested quotes: `"a\(f("b"))c"` and `` `x${g(`y`)}z` `` are one literal each.
    mutating func skipQuoted(closer: UInt8) {
        index += 1
        var interpolationDepth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if interpolationDepth > 0 {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { interpolationDepth += 1 }
                else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") { interpolationDepth -= 1 }
                else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                    skipQuoted(closer: byte)
                    continue
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\") {
                if at(1) == UInt8(ascii: "(") && language == .swift { interpolationDepth = 1; index += 2; continue }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "$"), at(1) == UInt8(ascii: "{"), closer != UInt8(ascii: "'") {
                interpolationDepth = 1
                index += 2
                continue
            }
            index += 1
            if byte == closer { return }
            if byte == 0x0A, closer != UInt8(ascii: "`") { return }   // unterminated: stop at the line end
        }
    }

    /// A `/` begins a regex literal when what precedes it cannot end an operand.
    func regexMayStartHere() -> Bool {
        var back = index - 1
        while back >= 0, bytes[back] == 0x20 || bytes[back] == 0x09 || bytes[back] == 0x0A || bytes[back] == 0x0D { back -= 1 }
        guard back >= 0 else { return true }
        if Array("=(,:[!&|?{};".utf8).contains(bytes[back]) { return true }
        let keyword = Array("return".utf8)
        if back + 1 >= keyword.count, bytes[(back + 1 - keyword.count)...back].elementsEqual(keyword) { return true }
        return false
    }

    mutating func skipRegex() {
        index += 1
        var inClass = false
        while index < bytes.count, bytes[index] != 0x0A {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte == UInt8(ascii: "[") { inClass = true }
            else if byte == UInt8(ascii: "]") { inClass = false }
            else if byte == UInt8(ascii: "/"), !inClass {
                index += 1
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }   // flags
                return
            }
            index += 1
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
    }
}
