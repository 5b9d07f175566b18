import Foundation

/// What an iOS developer writes first without Foundation's JSONDecoder: a small recursive-descent
/// byte parser into a value tree (no depth limit, no surrogate checks, lenient about numbers), then
/// a walk into the same structs as the Codable mirror. HandWrittenDirectParser is the faster kind.
enum HandJSON {
    case null, bool(Bool), number(Double), string(String), array([HandJSON]), object([String: HandJSON])

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func ws() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 } }

        mutating func value() -> HandJSON? {
            ws()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var object: [String: HandJSON] = [:]
                ws()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                while true {
                    ws()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                    ws()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let item = value() else { return nil }
                    object[key] = item
                    ws()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [HandJSON] = []
                ws()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard let item = value() else { return nil }
                    items.append(item)
                    ws()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "\""):
                return string().map { .string($0) }
            case UInt8(ascii: "t"): i += 4; return .bool(true)
            case UInt8(ascii: "f"): i += 5; return .bool(false)
            case UInt8(ascii: "n"): i += 4; return .null
            default:
                let start = i
                while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
                return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)).map { .number($0) }
            }
        }

        mutating func string() -> String? {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
                guard i < bytes.count else { return nil }
                let escape = bytes[i]
                i += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var unit = hex() else { return nil }
                    if unit >= 0xD800, unit < 0xDC00, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\") {
                        i += 2
                        guard let low = hex() else { return nil }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
                default: out.append(escape)
                }
            }
            return nil
        }

        mutating func hex() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + 4)]), as: UTF8.self), radix: 16)
            i += 4
            return value
        }
    }

    static func decode(_ data: Data) -> CodableSnapshot? {
        let tree: HandJSON? = data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            return parser.value()
        }
        guard case .object(let root)? = tree, case .number(let v)? = root["v"] else { return nil }
        func str(_ value: HandJSON?) -> String? { if case .string(let s)? = value { return s }; return nil }
        func task(_ value: HandJSON) -> CodableTask? {
            guard case .object(let o) = value, let id = str(o["id"]), let title = str(o["title"]) else { return nil }
            var done: Bool?
            if case .bool(let b)? = o["isDone"] { done = b }
            return CodableTask(id: id, title: title, isDone: done, projectId: str(o["projectId"]))
        }
        func tasks(_ value: HandJSON?) -> [CodableTask]? {
            guard case .array(let items)? = value else { return nil }
            return items.compactMap(task)
        }
        var validUntil: Int64?
        if case .number(let n)? = root["validUntil"] { validUntil = Int64(exactly: n) }
        var colors: [String: String]?
        if case .object(let o)? = root["projectColors"] { colors = o.compactMapValues { str($0) } }
        var projects: [CodableProject]?
        if case .array(let items)? = root["projects"] {
            projects = items.compactMap { item in
                guard case .object(let o) = item, let id = str(o["id"]), let title = str(o["title"]) else { return nil }
                return CodableProject(id: id, title: title, tasks: tasks(o["tasks"]))
            }
        }
        return CodableSnapshot(v: Int(v), dayStr: str(root["dayStr"]), validUntil: validUntil, tasks: tasks(root["tasks"]),
                               projectColors: colors, projects: projects)
    }
}
