/// The tool's own JSON: reads golden cases and testee responses, writes requests and goldens.
/// (The generated code has its own strict reader; this one serves the runner and fixtures.)
import Foundation

/// A JSON value with ordered object keys (duplicate keys: the last wins, in place).
/// For example `.object([("v", .number(1)), ("tasks", .array([]))])`.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// Verbatim JSON text, for fixtures that need an exact spelling (`1e0`, `"\ud800"`).
    case raw(String)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return JSONValue.exactlyEqual(a, b)
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { key, value in b.contains { JSONValue.exactlyEqual($0.0, key) && $0.1 == value } }
        case let (.raw(a), .raw(b)): return a == b
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.last { JSONValue.exactlyEqual($0.0, key) }?.1
    }

    /// Code-unit equality: what JSON, JavaScript and Kotlin mean by "the same key".
    public static func exactlyEqual(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var objectEntries: [(String, JSONValue)]? { if case .object(let e) = self { return e } else { return nil } }

    /// The text of `levels` nested empty arrays, `[[…]]`: the depth-limit probes of the golden
    /// emitter and the differential.
    public static func nestedArraysText(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }

    // MARK: Serialization

    /// Compact JSON; keys in stored order (or sorted, for canonical comparisons and diffs).
    public func serialized(sortedKeys: Bool = false) -> String {
        var out: [UInt8] = []
        write(into: &out, sortedKeys: sortedKeys, indent: nil, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// The byte length of `serialized()`, counted without building the text (budgets over cases
    /// of many megabytes). Strings are counted at their escaped length.
    public var serializedByteCount: Int {
        switch self {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .number(let n): return JSONValue.format(n).utf8.count
        case .string(let s): return JSONValue.quotedByteCount(s)
        case .raw(let text): return text.utf8.count
        case .array(let items): return 2 + max(0, items.count - 1) + items.reduce(0) { $0 + $1.serializedByteCount }
        case .object(let entries):
            return 2 + max(0, entries.count - 1) + entries.reduce(0) { $0 + JSONValue.quotedByteCount($1.0) + 1 + $1.1.serializedByteCount }
        }
    }

    static func quotedByteCount(_ s: String) -> Int {
        var count = 2
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: count += 2
            case ..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }

    /// Two-space indented JSON, for files people read.
    public func pretty(sortedKeys: Bool = false) -> String {
        var out: [UInt8] = []
        write(into: &out, sortedKeys: sortedKeys, indent: 2, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes into a byte buffer (documents can be 100 MB: no intermediate strings).
    private func write(into out: inout [UInt8], sortedKeys: Bool, indent: Int?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out.append(0x0a)
            out.append(contentsOf: repeatElement(0x20, count: indent * level))
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: JSONValue.format(n).utf8)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .raw(let text): out.append(contentsOf: text.utf8)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                item.write(into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
            }
            newline(level)
            out.append(UInt8(ascii: "]"))
        case .object(let entries):
            if entries.isEmpty { out.append(contentsOf: "{}".utf8); return }
            let ordered = sortedKeys ? entries.sorted { JSONValue.utf16Less($0.0, $1.0) } : entries
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                JSONValue.quote(key, into: &out)
                out.append(contentsOf: (indent == nil ? ":" : ": ").utf8)
                value.write(into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
            }
            newline(level)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Integral values within ±(2^53−1) print as integers; others in shortest round-trip form.
    public static func format(_ n: Double) -> String {
        // ±∞ (a number JSON cannot spell exactly) writes as 1e400, which reads back as ±∞.
        if n.isInfinite { return n < 0 ? "-1e400" : "1e400" }
        if n.isNaN { return "null" }
        if n == n.rounded(), abs(n) <= 9_007_199_254_740_991 { return String(Int64(n)) }
        return "\(n)"
    }

    /// Escapes per RFC 8259, copying runs that need no escape in one piece (blobs can be 100 MB).
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                default: out.append(contentsOf: String(format: "\\u%04x", byte).utf8)
                }
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// UTF-16 code-unit order, as JavaScript and Kotlin compare strings.
    public static func utf16Less(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    // MARK: Parsing

    /// Strict RFC 8259 parse; nil on any error or nesting deeper than `maxDepth`.
    public static func parse(_ text: String, maxDepth: Int = 10_000) -> JSONValue? {
        var parser = Parser(bytes: Array(text.utf8), maxDepth: maxDepth)
        guard let value = parser.parseValue(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var index = 0

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d else { return }
                index += 1
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        mutating func parseValue(depth: Int) -> JSONValue? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "\""): return parseString().map { .string($0) }
            case UInt8(ascii: "["):
                guard depth < maxDepth else { return nil }
                index += 1
                var items: [JSONValue] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    guard let item = parseValue(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipWhitespace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "{"):
                guard depth < maxDepth else { return nil }
                index += 1
                var entries: [(String, JSONValue)] = []
                // Keys compare by exact code units (Swift's String == is canonical: "é" == "e\u{301}").
                var positions: [[UInt8]: Int] = [:]
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(entries) }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let value = parseValue(depth: depth + 1) else { return nil }
                    if let at = positions[Array(key.utf8)] { entries[at].1 = value } else {
                        positions[Array(key.utf8)] = entries.count
                        entries.append((key, value))
                    }
                    skipWhitespace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(entries) }
                    return nil
                }
            default:
                return parseNumber()
            }
        }

        mutating func parseNumber() -> JSONValue? {
            let start = index
            func digits() -> Int {
                let s = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - s
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            return Double(token).map { .number($0) }
        }

        mutating func parseString() -> String? {
            index += 1
            // Fast path: no escape before the closing quote.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            // Escapes: the one string lexer the tool has (it checks each \u escape's four hex digits;
            // UInt16(_:radix:) alone would take "+041").
            guard let (units, after) = JSONStringLexer.decode(bytes, from: index - 1) else { return nil }
            index = after
            return String(decoding: units, as: UTF16.self)
        }
    }
}
