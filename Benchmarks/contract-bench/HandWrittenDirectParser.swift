import Foundation

/// The fastest kind of reader an iOS developer writes by hand for one known blob: a byte cursor
/// that goes straight into the Codable mirror's structs, with no value tree in between. Keys are
/// compared as bytes, and strings without escapes are made in one step from their bytes. It
/// checks much less than the generated decoder: no depth limit (it recurses only as deep as the
/// fields it knows), no surrogate, number-grammar or UTF-8 checks, a lenient reading of literals,
/// and unknown values skipped by counting brackets. That is why it is a baseline for speed only:
/// the distance between it and the generated decoder is the price of the contract's rules.
struct HandWrittenDirectParser<Row: HandWrittenRow> {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    static func decode(_ data: Data) -> HandWrittenSnapshot<Row>? {
        data.withUnsafeBytes { raw in
            var parser = HandWrittenDirectParser(bytes: raw.bindMemory(to: UInt8.self))
            return parser.snapshot()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var byte: UInt8 { i < bytes.count ? bytes[i] : 0 }

    private mutating func ws() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func expect(_ b: UInt8) -> Bool {
        ws()
        guard byte == b else { return false }
        i += 1
        return true
    }

    /// Walks an object's members: `body` gets each key's bytes with the cursor on its value, and
    /// must consume the value. False when the text is not an object of that shape.
    private mutating func members(_ body: (inout HandWrittenDirectParser, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard expect(UInt8(ascii: "{")) else { return false }
        if expect(UInt8(ascii: "}")) { return true }
        repeat {
            ws()
            guard byte == UInt8(ascii: "\"") else { return false }
            let start = i + 1
            i = start
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            guard i < bytes.count else { return false }
            let key = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1
            guard expect(UInt8(ascii: ":")) else { return false }
            ws()
            guard body(&self, key) else { return false }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "}"))
    }

    private mutating func elements(_ body: (inout HandWrittenDirectParser) -> Bool) -> Bool {
        guard expect(UInt8(ascii: "[")) else { return false }
        if expect(UInt8(ascii: "]")) { return true }
        repeat {
            ws()
            guard body(&self) else { return false }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "]"))
    }

    /// A string value, or nil (and the value skipped) when it is something else.
    private mutating func string() -> String? {
        guard byte == UInt8(ascii: "\"") else { _ = skip(); return nil }
        i += 1
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                defer { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") { return escapedString(from: start) }
            i += 1
        }
        return nil
    }

    private mutating func escapedString(from start: Int) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard b == UInt8(ascii: "\\"), i < bytes.count else { out.append(b); continue }
            let escape = bytes[i]
            i += 1
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var unit = hex()
                if unit >= 0xD800, unit < 0xDC00, byte == UInt8(ascii: "\\") {
                    i += 2
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (hex() &- 0xDC00)
                }
                UTF8.encode(Unicode.Scalar(unit) ?? "\u{FFFD}") { out.append($0) }
            default: out.append(escape)
            }
        }
        return nil
    }

    private mutating func hex() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 where i < bytes.count {
            let b = bytes[i] | 0x20
            value = value << 4 + UInt32(b >= UInt8(ascii: "a") ? b - UInt8(ascii: "a") + 10 : b &- UInt8(ascii: "0"))
            i += 1
        }
        return value
    }

    private mutating func bool() -> Bool? {
        if byte == UInt8(ascii: "t") { i += 4; return true }
        if byte == UInt8(ascii: "f") { i += 5; return false }
        _ = skip()
        return nil
    }

    /// An integer value (digits and a sign only), or nil.
    private mutating func integer() -> Int64? {
        var negative = false
        if byte == UInt8(ascii: "-") { negative = true; i += 1 }
        var value: Int64 = 0
        var digits = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int64(bytes[i] - UInt8(ascii: "0"))
            i += 1
            digits += 1
        }
        guard digits > 0 else { _ = skip(); return nil }
        return negative ? -value : value
    }

    /// Skips one value by counting brackets outside strings.
    private mutating func skip() -> Bool {
        var depth = 0
        repeat {
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; i += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1; i += 1
            case UInt8(ascii: ","): if depth == 0 { return true }; i += 1
            default: i += 1
            }
        } while depth > 0
        return true
    }

    private mutating func task() -> Row? {
        var id: String?, title: String?, isDone: Bool?, projectId: String?
        guard members({ parser, key in
            if equal(key, "id") { id = parser.string() }
            else if equal(key, "title") { title = parser.string() }
            else if equal(key, "isDone") { isDone = parser.bool() }
            else if equal(key, "projectId") { projectId = parser.string() }
            else { return parser.skip() }
            return true
        }), let id, let title else { return nil }
        return Row.row(CodableTask(id: id, title: title, isDone: isDone, projectId: projectId))
    }

    private mutating func tasks() -> [Row]? {
        guard byte == UInt8(ascii: "[") else { _ = skip(); return nil }
        var tasks: [Row] = []
        guard elements({ parser in
            if let task = parser.task() { tasks.append(task) }
            return true
        }) else { return nil }
        return tasks
    }

    private mutating func project() -> HandWrittenProject<Row>? {
        var id: String?, title: String?, tasks: [Row]?
        guard members({ parser, key in
            if equal(key, "id") { id = parser.string() }
            else if equal(key, "title") { title = parser.string() }
            else if equal(key, "tasks") { tasks = parser.tasks() }
            else { return parser.skip() }
            return true
        }), let id, let title else { return nil }
        return HandWrittenProject<Row>(id: id, title: title, tasks: tasks)
    }

    private mutating func snapshot() -> HandWrittenSnapshot<Row>? {
        var v: Int64?, dayStr: String?, validUntil: Int64?, tasks: [Row]?
        var colors: [String: String]?, projects: [HandWrittenProject<Row>]?
        guard members({ parser, key in
            if equal(key, "v") { v = parser.integer() }
            else if equal(key, "dayStr") { dayStr = parser.string() }
            else if equal(key, "validUntil") { validUntil = parser.integer() }
            else if equal(key, "tasks") { tasks = parser.tasks() }
            else if equal(key, "projectColors") {
                var map: [String: String] = [:]
                guard parser.members({ parser, name in
                    if let color = parser.string() { map[String(decoding: name, as: UTF8.self)] = color }
                    return true
                }) else { return false }
                colors = map
            } else if equal(key, "projects") {
                var list: [HandWrittenProject<Row>] = []
                guard parser.elements({ parser in
                    if let project = parser.project() { list.append(project) }
                    return true
                }) else { return false }
                projects = list
            } else { return parser.skip() }
            return true
        }), let v else { return nil }
        return HandWrittenSnapshot<Row>(v: Int(v), dayStr: dayStr, validUntil: validUntil, tasks: tasks, projectColors: colors, projects: projects)
    }
}

extension HandWrittenDirectParser where Row == DerivedTask {
    /// `decode`, then each row's `projectColor` filled in place once the whole blob is read
    /// (`projectColors` may come after the rows), as an app fills it for the widget. Concrete
    /// (not generic) code over `DerivedTask`, so each row is updated where it lies.
    static func decodeDerivingProjectColors(_ data: Data) -> HandWrittenSnapshot<DerivedTask>? {
        guard var snapshot = decode(data) else { return nil }
        guard let colors = snapshot.projectColors else { return snapshot }
        if snapshot.tasks != nil { fill(&snapshot.tasks!, colors) }
        let projects = snapshot.projects?.count ?? 0
        for k in 0..<projects where snapshot.projects![k].tasks != nil { fill(&snapshot.projects![k].tasks!, colors) }
        return snapshot
    }

    private static func fill(_ rows: inout [DerivedTask], _ colors: [String: String]) {
        for k in rows.indices {
            if let projectId = rows[k].projectId { rows[k].projectColor = colors[projectId] }
        }
    }
}

/// Whether a key's bytes spell `name`.
private func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    key.count == name.utf8CodeUnitCount && (key.count == 0 || memcmp(key.baseAddress!, name.utf8Start, key.count) == 0)
}
