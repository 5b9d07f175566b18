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

    // MARK: Serialization

    /// Compact JSON; keys in stored order (or sorted, for canonical comparisons and diffs).
    public func serialized(sortedKeys: Bool = false) -> String {
        var out = ""
        write(into: &out, sortedKeys: sortedKeys, indent: nil, level: 0)
        return out
    }

    /// Two-space indented JSON, for files people read.
    public func pretty(sortedKeys: Bool = false) -> String {
        var out = ""
        write(into: &out, sortedKeys: sortedKeys, indent: "  ", level: 0)
        return out
    }

    private func write(into out: inout String, sortedKeys: Bool, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.format(n)
        case .string(let s): JSONValue.quote(s, into: &out)
        case .raw(let text): out += text
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                item.write(into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "]"
        case .object(let entries):
            if entries.isEmpty { out += "{}"; return }
            let ordered = sortedKeys ? entries.sorted { JSONValue.utf16Less($0.0, $1.0) } : entries
            out += "{"
            for (i, (key, value)) in ordered.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
                JSONValue.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, sortedKeys: sortedKeys, indent: indent, level: level + 1)
            }
            if let indent { out += "\n" + String(repeating: indent, count: level) }
            out += "}"
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

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for unit in s.unicodeScalars {
            switch unit {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if unit.value < 0x20 {
                    out += String(format: "\\u%04x", unit.value)
                } else {
                    out.unicodeScalars.append(unit)
                }
            }
        }
        out += "\""
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
            while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { return nil }
            index += w.count
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
            var units: [UInt16] = []
            var runStart = index
            func flushRun() {
                if runStart < index { units += String(decoding: bytes[runStart..<index], as: UTF8.self).utf16 }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flushRun()
                    index += 1
                    return String(decoding: units, as: UTF16.self)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    flushRun()
                    index += 1
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): units.append(0x22)
                    case UInt8(ascii: "\\"): units.append(0x5c)
                    case UInt8(ascii: "/"): units.append(0x2f)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0c)
                    case UInt8(ascii: "n"): units.append(0x0a)
                    case UInt8(ascii: "r"): units.append(0x0d)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
                        index += 4
                        units.append(unit)
                    default: return nil
                    }
                    runStart = index
                    continue
                }
                index += 1
            }
            return nil
        }
    }
}
