/// The sample form of golden cases (docs/conformance.md, "Samples and changes"): a case states its
/// blob and its expectation as changes to a per-contract sample, so that a schema change which
/// alters the sample (a new optional field) leaves the cases that do not concern it untouched.
/// `conform`, `check` and `mutate` all materialise a case here, into the full form testees see.

/// A sample file: a blob and, optionally, the observation a `decode` of it gives.
public struct GoldenSample: Sendable {
    public var name: String
    public var path: String
    public var contract: String
    public var blob: String
    public var expect: JSONValue?

    static let allowedKeys: Set<String> = ["sample", "about", "contract", "blob", "expect"]
}

/// One change of a `blob-changes` or `expect-changes` list.
struct GoldenChange: Sendable {
    enum Kind: String { case replace, remove, add }
    var kind: Kind
    var path: GoldenPath
    /// `text` (blob changes) or `value` (expect changes); nil for `remove`.
    var spliced: GoldenSplicedText?
    var value: JSONValue?

    /// The text a blob change splices in, joined (each call joins it again).
    func joinedText() -> String { spliced?.joined() ?? "" }

    init(kind: Kind, path: GoldenPath, spliced: GoldenSplicedText? = nil, value: JSONValue? = nil) {
        self.kind = kind
        self.path = path
        self.spliced = spliced
        self.value = value
    }

    /// Reads one change object; `payloadKey` is "text" or "value".
    static func parse(_ json: JSONValue, payloadKey: String, list: String, index: Int) throws(GoldenPathError) -> GoldenChange {
        let at = "\(list)[\(index)]"
        guard case .object(let entries) = json else { throw GoldenPathError("\(at) is not an object") }
        let kinds = entries.compactMap { Kind(rawValue: $0.0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw GoldenPathError("\(at) needs exactly one of 'replace', 'remove', 'add' (naming a path)")
        }
        for (key, _) in entries where Kind(rawValue: key) == nil && key != payloadKey {
            throw GoldenPathError("\(at): unknown key '\(key)' (a change has 'replace', 'remove' or 'add', and '\(payloadKey)')")
        }
        guard let pathText = json[kind.rawValue]?.stringValue else { throw GoldenPathError("\(at): '\(kind.rawValue)' must be a path string") }
        let path = try GoldenPath.parse(pathText)
        let payload = json[payloadKey]
        switch kind {
        case .remove:
            guard payload == nil else { throw GoldenPathError("\(at): 'remove' takes no '\(payloadKey)'") }
            guard !path.steps.isEmpty else { throw GoldenPathError("\(at): '$' itself cannot be removed") }
        case .replace, .add:
            guard let payload else { throw GoldenPathError("\(at): '\(kind.rawValue)' needs '\(payloadKey)'") }
            if kind == .add { guard case .key? = path.steps.last else { throw GoldenPathError("\(at): 'add' names a new object member, so its path ends in a key") } }
            if payloadKey == "text" { return GoldenChange(kind: kind, path: path, spliced: try GoldenSplicedText(payload, at: at)) }
            return GoldenChange(kind: kind, path: path, value: payload)
        }
        return GoldenChange(kind: kind, path: path)
    }

    static func parseList(_ json: JSONValue, payloadKey: String, list: String) throws(GoldenPathError) -> [GoldenChange] {
        guard case .array(let items) = json else { throw GoldenPathError("'\(list)' must be an array of changes") }
        var changes: [GoldenChange] = []
        var bytes = 0
        for (index, item) in items.enumerated() {
            let change = try parse(item, payloadKey: payloadKey, list: list, index: index)
            bytes += change.spliced?.bytes ?? 0
            guard bytes <= GoldenSplicedText.maxBytesPerCase else {
                throw GoldenPathError("\(list)[\(index)]: the changes' texts pass \(GoldenSplicedText.maxBytesPerCase) bytes, the most a case may splice in")
            }
            changes.append(change)
        }
        return changes
    }

    /// Two changes may not touch the same value, nor one a value inside the other's: each path
    /// resolves in the sample as written, so an order between them would be meaningless.
    static func checkDisjoint(_ changes: [GoldenChange], list: String) throws(GoldenPathError) {
        // A tree of the paths, built step by step: linear in their total length, however deep.
        final class Node {
            var children: [GoldenPathStep: Node] = [:]
            var target: String?     // the change that names this value
            var below: String?      // a change naming a value inside it
        }
        let root = Node()
        for change in changes {
            var node = root
            for step in change.path.steps {
                if let outer = node.target {
                    throw GoldenPathError("\(list): '\(change.path.text)' is inside '\(outer)', which is changed too")
                }
                node.below = node.below ?? change.path.text
                if let next = node.children[step] { node = next } else {
                    let next = Node()
                    node.children[step] = next
                    node = next
                }
            }
            if let other = node.target { throw GoldenPathError("\(list): '\(change.path.text)' and '\(other)' change the same value") }
            if let inner = node.below { throw GoldenPathError("\(list): '\(inner)' is inside '\(change.path.text)', which is changed too") }
            node.target = change.path.text
        }
    }
}

// MARK: Blob changes: text spliced into the sample's blob text

/// Where every value of a JSON text starts and ends, so changes splice text without re-spelling
/// anything else. Iterative: a hand-written sample may nest without bound.
struct JSONSpanTree {
    enum Kind { case object, array, scalar }
    struct Member {
        var key: [UInt16]?   // nil in an array
        var start: Int       // the key's quote (object) or the value (array)
        var node: Int
    }
    struct Node {
        var start: Int
        var end: Int         // one past the last byte
        var kind: Kind
        var members: [Member] = []
    }
    var nodes: [Node] = []

    /// nil unless `bytes` is exactly one RFC 8259 JSON text (whitespace around it allowed).
    static func parse(_ bytes: [UInt8]) -> JSONSpanTree? {
        var tree = JSONSpanTree()
        var stack: [Int] = []
        var i = 0
        let n = bytes.count
        func skipWhitespace() {
            while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0a || bytes[i] == 0x0d { i += 1 }
        }
        var memberKey: [UInt16]?
        var memberStart = 0
        func readKey() -> Bool {
            memberStart = i
            guard let (units, end) = JSONStringLexer.decode(bytes, from: i) else { return false }
            i = end
            skipWhitespace()
            guard i < n, bytes[i] == UInt8(ascii: ":") else { return false }
            i += 1
            skipWhitespace()
            memberKey = units
            return true
        }
        func scanScalar() -> Bool {
            let c = bytes[i]
            func literal(_ word: StaticString) -> Bool {
                let count = word.utf8CodeUnitCount
                guard i + count <= n else { return false }
                for offset in 0..<count where bytes[i + offset] != word.utf8Start[offset] { return false }
                i += count
                return true
            }
            if c == UInt8(ascii: "t") { return literal("true") }
            if c == UInt8(ascii: "f") { return literal("false") }
            if c == UInt8(ascii: "n") { return literal("null") }
            if c == UInt8(ascii: "\"") {
                guard let end = JSONStringLexer.skip(bytes, from: i) else { return false }
                i = end
                return true
            }
            func digits() -> Int { let s = i; while i < n, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < n else { return false }
            if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return false }
            if i < n, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { return false } }
            if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return false }
            }
            return true
        }
        skipWhitespace()
        value: while true {
            guard i < n else { return nil }
            let index = tree.nodes.count
            let c = bytes[i]
            let start = i
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                let isObject = c == UInt8(ascii: "{")
                tree.nodes.append(Node(start: start, end: -1, kind: isObject ? .object : .array))
                if let parent = stack.last { tree.nodes[parent].members.append(Member(key: memberKey, start: memberStart, node: index)) }
                i += 1
                skipWhitespace()
                if i < n, bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    tree.nodes[index].end = i
                } else {
                    stack.append(index)
                    if isObject { guard readKey() else { return nil } } else { memberKey = nil; memberStart = i }
                    continue value
                }
            } else {
                guard scanScalar() else { return nil }
                tree.nodes.append(Node(start: start, end: i, kind: .scalar))
                if let parent = stack.last { tree.nodes[parent].members.append(Member(key: memberKey, start: memberStart, node: index)) }
            }
            // After a value: a separator, the end of its container(s), or the end of the text.
            while true {
                skipWhitespace()
                guard let top = stack.last else { return i == n ? tree : nil }
                guard i < n else { return nil }
                let isObject = tree.nodes[top].kind == .object
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    if isObject { guard readKey() else { return nil } } else { memberKey = nil; memberStart = i }
                    continue value
                }
                guard bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                i += 1
                tree.nodes[top].end = i
                stack.removeLast()
            }
        }
    }

    /// The member index at which `step` continues in container `node`. `keys` caches each
    /// object's key index (built on first use), so many changes in one wide object stay linear.
    func member(_ node: Int, _ step: GoldenPathStep, path: GoldenPath, depth: Int,
                keys: inout [Int: [[UInt16]: Int]]) throws(GoldenPathError) -> Int {
        let container = nodes[node]
        var here: String { Self.prefixText(path, depth) }   // only for an error message
        switch step {
        case .key(let key):
            guard container.kind == .object else { throw GoldenPathError("'\(path.text)' resolves to nothing: \(here) is not an object") }
            if keys[node] == nil {
                var index: [[UInt16]: Int] = [:]
                for (position, member) in container.members.enumerated() {
                    index[member.key!] = index[member.key!] == nil ? position : -1   // -1: the key occurs more than once
                }
                keys[node] = index
            }
            guard let found = keys[node]![key] else { throw GoldenPathError("'\(path.text)' resolves to nothing: the object at \(here) has no such key") }
            guard found >= 0 else { throw GoldenPathError("'\(path.text)' is ambiguous: the object at \(here) has that key more than once") }
            return found
        case .index(let index):
            guard container.kind == .array else { throw GoldenPathError("'\(path.text)' resolves to nothing: \(here) is not an array") }
            guard index < container.members.count else {
                throw GoldenPathError("'\(path.text)' resolves to nothing: the array at \(here) has \(container.members.count) element(s)")
            }
            return index
        }
    }

    /// The node `steps` lead to from the root.
    func resolve(_ steps: ArraySlice<GoldenPathStep>, path: GoldenPath, keys: inout [Int: [[UInt16]: Int]]) throws(GoldenPathError) -> Int {
        var node = 0
        for (depth, step) in steps.enumerated() { node = nodes[node].members[try member(node, step, path: path, depth: depth, keys: &keys)].node }
        return node
    }

    /// The first `depth` steps of `path`, spelled as a path (`$` for none).
    static func prefixText(_ path: GoldenPath, _ depth: Int) -> String {
        "$" + path.steps.prefix(depth).map { step in
            switch step {
            case .key(let units): return GoldenPath.appending("", key: String(decoding: units, as: UTF16.self))
            case .index(let index): return GoldenPath.appending("", index: index)
            }
        }.joined()
    }
}

enum BlobChanges {
    /// `sample` with `changes` applied; every path resolves in the sample as written.
    /// A sample blob with its spans, parsed once for all the cases of one sample.
    struct Parsed {
        let text: String
        let bytes: [UInt8]
        let tree: JSONSpanTree?
        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
            tree = JSONSpanTree.parse(bytes)
        }
    }

    static func apply(_ changes: [GoldenChange], to sample: String) throws(GoldenPathError) -> String {
        if changes.isEmpty { return sample }
        return try apply(changes, to: Parsed(sample))
    }

    static func apply(_ changes: [GoldenChange], to sample: Parsed) throws(GoldenPathError) -> String {
        if changes.isEmpty { return sample.text }
        try GoldenChange.checkDisjoint(changes, list: "blob-changes")
        let bytes = sample.bytes
        guard let tree = sample.tree else {
            throw GoldenPathError("blob-changes: the sample's blob is not one JSON text, so no path can be resolved in it")
        }
        struct Edit { var start: Int; var end: Int; var text: [UInt8]; var origin: String }
        var edits: [Edit] = []
        // Containers that lose or gain members: removed member indices and added members, per node.
        var removed: [Int: Set<Int>] = [:]
        var added: [Int: [(key: String, text: String)]] = [:]
        var containerOrder: [Int] = []
        var origins: [Int: String] = [:]
        var keys: [Int: [[UInt16]: Int]] = [:]
        for change in changes {
            switch change.kind {
            case .replace:
                let node = try tree.resolve(change.path.steps[...], path: change.path, keys: &keys)
                edits.append(Edit(start: tree.nodes[node].start, end: tree.nodes[node].end, text: Array(change.joinedText().utf8), origin: change.path.text))
            case .remove:
                let parent = try tree.resolve(change.path.parentSteps, path: change.path, keys: &keys)
                let index = try tree.member(parent, change.path.steps.last!, path: change.path, depth: change.path.steps.count - 1, keys: &keys)
                if removed[parent] == nil, added[parent] == nil { containerOrder.append(parent) }
                removed[parent, default: []].insert(index)
                origins[parent] = origins[parent] ?? change.path.text
            case .add:
                let parent = try tree.resolve(change.path.parentSteps, path: change.path, keys: &keys)
                var here: String { JSONSpanTree.prefixText(change.path, change.path.steps.count - 1) }
                guard tree.nodes[parent].kind == .object else { throw GoldenPathError("'\(change.path.text)': add needs an object at \(here)") }
                guard case .key(let key) = change.path.steps.last!,
                      (try? tree.member(parent, change.path.steps.last!, path: change.path, depth: change.path.steps.count - 1, keys: &keys)) == nil,
                      keys[parent]?[key] == nil else {
                    throw GoldenPathError("'\(change.path.text)': the object at \(here) already has that key (use replace)")
                }
                if removed[parent] == nil, added[parent] == nil { containerOrder.append(parent) }
                added[parent, default: []].append((change.path.keyTexts.last!!, change.joinedText()))
                origins[parent] = origins[parent] ?? change.path.text
            }
        }
        // A container that loses or gains members is written with no whitespace between its
        // members: its kept members' text (and any change inside them) stays as it was.
        for node in containerOrder {
            let container = tree.nodes[node]
            let gone = removed[node] ?? []
            let kept = container.members.indices.filter { !gone.contains($0) }
            let adds = (added[node] ?? []).map { "\($0.key):\($0.text)" }
            let origin = origins[node] ?? ""
            guard let first = kept.first, let last = kept.last else {
                edits.append(Edit(start: container.start + 1, end: container.end - 1, text: Array(adds.joined(separator: ",").utf8), origin: origin))
                continue
            }
            edits.append(Edit(start: container.start + 1, end: container.members[first].start, text: [], origin: origin))
            for (a, b) in zip(kept, kept.dropFirst()) {
                edits.append(Edit(start: tree.nodes[container.members[a].node].end, end: container.members[b].start, text: [UInt8(ascii: ",")], origin: origin))
            }
            edits.append(Edit(start: tree.nodes[container.members[last].node].end, end: container.end - 1,
                              text: Array(adds.map { "," + $0 }.joined().utf8), origin: origin))
        }
        // The separator edits of a container cover its removed members, so a change inside a
        // removed member overlaps one of them.
        edits.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        for (previous, edit) in zip(edits, edits.dropFirst()) where edit.start < previous.end {
            throw GoldenPathError("blob-changes: '\(edit.origin)' and '\(previous.origin)' change overlapping text")
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits {
            out += bytes[position..<edit.start]
            out += edit.text
            position = max(position, edit.end)
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: Expect changes: values set in the sample's expectation

enum ExpectChanges {
    /// The changes as a tree of steps, walked once together with the sample (a lookup per
    /// change would make many changes in one wide object quadratic).
    final class Trie {
        var change: GoldenChange?
        var adds: [GoldenChange] = []
        var children: [GoldenPathStep: Trie] = [:]
        var order: [GoldenPathStep] = []
        /// A change below this node, for naming the path in an error.
        var example: GoldenPath

        init(example: GoldenPath) { self.example = example }

        func child(_ step: GoldenPathStep, example: GoldenPath) -> Trie {
            if let found = children[step] { return found }
            let made = Trie(example: example)
            children[step] = made
            order.append(step)
            return made
        }
    }

    static func apply(_ changes: [GoldenChange], to sample: JSONValue) throws(GoldenPathError) -> JSONValue {
        if changes.isEmpty { return sample }
        try GoldenChange.checkDisjoint(changes, list: "expect-changes")
        let root = Trie(example: changes[0].path)
        for change in changes {
            var node = root
            let steps = change.kind == .add ? Array(change.path.parentSteps) : change.path.steps
            for step in steps { node = node.child(step, example: change.path) }
            if change.kind == .add { node.adds.append(change) } else { node.change = change }
        }
        if let change = root.change { return change.value ?? .null }
        return try rebuild(sample, root, depth: 0)
    }

    /// `value` with the changes below `node` applied; every step must resolve in `value`.
    static func rebuild(_ value: JSONValue, _ node: Trie, depth: Int) throws(GoldenPathError) -> JSONValue {
        let here = { (path: GoldenPath) in JSONSpanTree.prefixText(path, depth) }
        switch value {
        case .object(let entries):
            var position: [[UInt16]: Int] = [:]
            for (index, entry) in entries.enumerated() { position[Array(entry.0.utf16)] = index }
            var replaced: [Int: JSONValue?] = [:]   // nil: removed
            for step in node.order {
                let child = node.children[step]!
                guard case .key(let key) = step else { throw GoldenPathError("'\(child.example.text)' resolves to nothing: \(here(child.example)) is not an array") }
                guard let index = position[key] else {
                    throw GoldenPathError("'\(child.example.text)' resolves to nothing: the object at \(here(child.example)) has no such key")
                }
                if let change = child.change {
                    replaced[index] = change.kind == .remove ? .some(nil) : .some(change.value ?? .null)
                } else {
                    replaced[index] = .some(try rebuild(entries[index].1, child, depth: depth + 1))
                }
            }
            var result: [(String, JSONValue)] = []
            for (index, entry) in entries.enumerated() {
                if let change = replaced[index] {
                    if let value = change { result.append((entry.0, value)) }
                } else {
                    result.append(entry)
                }
            }
            for add in node.adds {
                guard case .key(let key)? = add.path.steps.last, position[key] == nil else {
                    throw GoldenPathError("'\(add.path.text)': the object at \(here(add.path)) already has that key (use replace)")
                }
                result.append((String(decoding: key, as: UTF16.self), add.value ?? .null))
            }
            return .object(result)
        case .array(let items):
            if let add = node.adds.first { throw GoldenPathError("'\(add.path.text)': add needs an object at \(here(add.path))") }
            var replaced: [Int: JSONValue?] = [:]
            for step in node.order {
                let child = node.children[step]!
                guard case .index(let index) = step else { throw GoldenPathError("'\(child.example.text)' resolves to nothing: \(here(child.example)) is not an object") }
                guard index < items.count else {
                    throw GoldenPathError("'\(child.example.text)' resolves to nothing: the array at \(here(child.example)) has \(items.count) element(s)")
                }
                if let change = child.change {
                    replaced[index] = change.kind == .remove ? .some(nil) : .some(change.value ?? .null)
                } else {
                    replaced[index] = .some(try rebuild(items[index], child, depth: depth + 1))
                }
            }
            var result: [JSONValue] = []
            for (index, item) in items.enumerated() {
                if let change = replaced[index] {
                    if let value = change { result.append(value) }
                } else {
                    result.append(item)
                }
            }
            return .array(result)
        default:
            if let add = node.adds.first { throw GoldenPathError("'\(add.path.text)': add needs an object at \(here(add.path))") }
            let example = node.children[node.order[0]]!.example
            let kind: String
            if case .key = node.order[0] { kind = "an object" } else { kind = "an array" }
            throw GoldenPathError("'\(example.text)' resolves to nothing: \(here(example)) is not \(kind)")
        }
    }
}
