/// `check --fix-cases`: a harmless schema change (an optional field added, here or in a nested
/// type) leaves hand-written decode cases behind in two ways: a key the schema now observes is
/// missing from an expected object, or (in a case that restates its sample's blob) the sample's
/// new value is expected for a key the case's blob does not hold. Either is set, mechanically, to
/// what the field's rule gives an absent key (null, or its default), and nothing else changes.
/// That is the observation only when the blob lacks the key: a case whose blob holds it anywhere
/// is left for a human, and so is a case with any other problem. A hand-written sample is fixed
/// the same way, unless a case built on it holds the key in its blob. Each rewrite is spliced into
/// the file's own text (its spacing and order kept) and the whole set is checked before anything
/// is written: every hand-written decode case, materialised again, gives the same `given` and its
/// old expectation with exactly these members added or set, and every sample keeps its blob.
import Foundation

struct CaseFixer {
    let root: String
    let goldenDirectory: String
    let contracts: [Contract]

    struct Rewrite {
        var path: String
        var old: String
        var new: String
        /// `$.tasks[0].note = null`, one per member added or set.
        var changes: [String]
    }

    struct Outcome {
        var rewrites: [Rewrite] = []
        /// Why a problem was left for a human, by `key(path, problem)`.
        var reasons: [String: String] = [:]
    }

    /// One member of an expected object made what the absent key reads as: added or set to
    /// `value`, or removed (an explicit-null field's absent key is left out).
    struct Fix {
        enum Action { case add, set, remove }
        var steps: [ObservationShape.Step]   // the object
        var field: Field
        var value: JSONValue
        var action: Action
        var problem: String
        var key: String { field.observedKey }
        var memberSteps: [ObservationShape.Step] { steps + [.key(key)] }
        var text: String { CaseFixer.pathText(memberSteps) + (action == .remove ? " removed" : " = " + value.serialized()) }
    }

    /// A splice into a file's text: add a member to an object, set a value, or append an entry
    /// to the `expect-changes` array.
    struct Edit {
        enum Kind {
            case member(String, JSONValue)
            case value(JSONValue)
            case removal
            /// A new `expect-changes` entry: `replace` with a value, or `remove` (value nil).
            case change(path: String, value: JSONValue?)
        }
        var fileSteps: [ObservationShape.Step]
        var kind: Kind
    }

    struct Loaded {
        var path: String   // relative to root
        var text: String
        var file: GoldenFile
        var generated: Bool
    }

    typealias Case = (loaded: Loaded, draft: GoldenCaseDraft, before: ConformanceCase)

    static func key(_ path: String, _ problem: String) -> String { path + "\u{0}" + problem }

    func run() -> Outcome {
        var outcome = Outcome()
        let files = load()
        var samples = GoldenCaseLoader.SampleIndex()
        for loaded in files { if case .sample(let sample) = loaded.file { _ = samples.add(sample) } }
        let byName = Dictionary(contracts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        // Hand-written samples: what each would gain.
        var sampleFixes: [String: (loaded: Loaded, sample: GoldenSample, fixes: [Fix], problems: [ObservationShape.Problem])] = [:]
        var sampleProblems: [String: Set<String>] = [:]
        for loaded in files where !loaded.generated {
            guard case .sample(let sample) = loaded.file, let expect = sample.expect, let contract = byName[sample.contract] else { continue }
            let blob = Array(sample.blob.utf8)
            let problems = ObservationShape.located(in: expect, contract: contract, blob: ObservationShape.BlobKeys(blob))
            sampleProblems[Self.sampleKey(sample.contract, sample.name)] = Set(problems.map(\.message))
            if let fixes = plan(problems, blob: blob, contract: contract, path: loaded.path, what: "the sample", into: &outcome), !fixes.isEmpty {
                sampleFixes[Self.sampleKey(sample.contract, sample.name)] = (loaded, sample, fixes, problems)
            }
        }

        // Hand-written decode cases: their own problems (not their sample's).
        var edits: [String: [Edit]] = [:]
        var fixesByFile: [String: [Fix]] = [:]
        var cases: [Case] = []
        var dependents: [String: [Case]] = [:]   // by sample
        for loaded in files where !loaded.generated {
            guard case .testCase(let draft) = loaded.file, let contract = byName[draft.contract],
                  let op = TesteeOp(rawValue: draft.op), op.observesADecode,
                  case .success(let golden) = GoldenCaseLoader.materialise(draft, samples: &samples) else { continue }
            cases.append((loaded, draft, golden))
            let sampleKey = draft.sample.map { Self.sampleKey(draft.contract, $0) }
            if let sampleKey, draft.expectChanges != nil { dependents[sampleKey, default: []].append((loaded, draft, golden)) }
            let blob = Self.blobBytes(golden.given)
            let problems = Self.ownProblems(ObservationShape.located(in: golden.expect, contract: contract, asksDropped: golden.given["dropped"] == .bool(true),
                                                                     blob: blob.map(ObservationShape.BlobKeys.init)),
                                            of: draft, sampleProblems: sampleKey.flatMap { sampleProblems[$0] } ?? [])
            guard let fixes = plan(problems, blob: blob, contract: contract, path: loaded.path, what: "the case", into: &outcome), !fixes.isEmpty else { continue }
            var located: [Edit] = []
            for fix in fixes {
                guard let edit = edit(for: fix, in: draft) else {
                    refuse(problems, path: loaded.path, "one of its changes writes inside that value", into: &outcome)
                    located = []
                    break
                }
                located.append(edit)
            }
            if !located.isEmpty {
                edits[loaded.path] = located
                fixesByFile[loaded.path] = fixes
            }
        }

        // A sample's fixes reach every case built on it that does not replace those objects:
        // each such case's blob must lack the key too.
        var sampleFixesApplied: [String: [Fix]] = [:]
        for (sampleKey, fix) in sampleFixes.sorted(by: { $0.key < $1.key }) {
            var blocked: String?
            search: for dependent in dependents[sampleKey] ?? [] {
                for one in fix.fixes where !Self.covered(one.memberSteps, by: dependent.draft.expectChanges ?? []) {
                    guard let keys = Self.blobBytes(dependent.before.given).flatMap(ObservationShape.BlobKeys.scan) else {
                        blocked = "the blob of \(dependent.loaded.path), built on this sample, is not one JSON text"
                        break search
                    }
                    if keys.contains(Array(one.field.jsonKey.utf16)) {
                        blocked = "the blob of \(dependent.loaded.path), built on this sample, holds the key '\(one.field.jsonKey)'"
                        break search
                    }
                }
            }
            if let blocked {
                refuse(fix.problems, path: fix.loaded.path, blocked, into: &outcome)
                continue
            }
            edits[fix.loaded.path, default: []] += fix.fixes.map { one in
                switch one.action {
                case .add: return Edit(fileSteps: [.key("expect")] + one.steps, kind: .member(one.key, one.value))
                case .set: return Edit(fileSteps: [.key("expect")] + one.memberSteps, kind: .value(one.value))
                case .remove: return Edit(fileSteps: [.key("expect")] + one.memberSteps, kind: .removal)
                }
            }
            fixesByFile[fix.loaded.path, default: []] += fix.fixes
            sampleFixesApplied[sampleKey] = fix.fixes
        }

        // Splice into each file's text.
        var texts: [String: String] = [:]
        for (path, fileEdits) in edits.sorted(by: { $0.key < $1.key }) {
            guard let loaded = files.first(where: { $0.path == path }) else { continue }
            guard let text = Self.splice(fileEdits, into: loaded.text) else {
                for fix in fixesByFile[path] ?? [] { outcome.reasons[Self.key(path, fix.problem)] = "the place to write it could not be found in the file's text" }
                continue
            }
            texts[path] = text
        }
        guard !texts.isEmpty else { return outcome }

        if let failure = verify(texts, files: files, cases: cases, fixesByFile: fixesByFile, sampleFixes: sampleFixesApplied) {
            // A rewrite that does not say what the file said is no fix: nothing is written.
            for (path, fixes) in fixesByFile {
                for fix in fixes { outcome.reasons[Self.key(path, fix.problem)] = "the rewrites failed their own check (\(failure))" }
            }
            return outcome
        }
        for (path, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let loaded = files.first(where: { $0.path == path }) else { continue }
            outcome.rewrites.append(Rewrite(path: path, old: loaded.text, new: text, changes: (fixesByFile[path] ?? []).map(\.text)))
        }
        return outcome
    }

    static func sampleKey(_ contract: String, _ name: String) -> String { contract + "\u{0}" + name }

    // MARK: Planning

    /// The fixes for these problems, or nil (with a reason per problem) when the file is left for
    /// a human: a problem of another kind, a field whose absent value is not fixed by its rule,
    /// a blob that holds the key or cannot be read.
    func plan(_ problems: [ObservationShape.Problem], blob: [UInt8]?, contract: Contract, path: String, what: String,
              into outcome: inout Outcome) -> [Fix]? {
        guard !problems.isEmpty else { return [] }
        let keys = blob.flatMap(ObservationShape.BlobKeys.scan)
        var fixes: [Fix] = []
        var reasons: [String: String] = [:]
        let builder = GoldenCaseBuilder(contract: contract)
        for problem in problems {
            if let (steps, field) = problem.absentKey {
                // Found against the blob: the key is surely absent.
                fixes.append(Fix(steps: steps, field: field, value: builder.absentValue(field), action: field.explicitNull ? .remove : .set,
                                 problem: problem.message))
                continue
            }
            guard let (steps, field) = problem.missing else { continue }
            if field.derived != nil {
                reasons[problem.message] = "'\(field.name)' is derived: its value depends on the blob"
            } else if case .required = field.presence {
                reasons[problem.message] = "'\(field.name)' is required: without it the object is not observed at all"
            } else if blob == nil {
                reasons[problem.message] = "\(what) gives no blob to read the key's absence from"
            } else if keys == nil {
                reasons[problem.message] = "the blob is not one JSON text"
            } else if keys!.contains(Array(field.jsonKey.utf16)) {
                reasons[problem.message] = "the blob holds the key '\(field.jsonKey)'"
            } else {
                fixes.append(Fix(steps: steps, field: field, value: builder.absentValue(field), action: .add, problem: problem.message))
            }
        }
        let others = problems.filter { $0.missing == nil && $0.absentKey == nil }
        guard reasons.isEmpty, others.isEmpty else {
            for problem in problems where problem.missing != nil || problem.absentKey != nil {
                outcome.reasons[Self.key(path, problem.message)] = reasons[problem.message] ?? "\(what) has other problems to revisit"
            }
            return nil
        }
        return fixes
    }

    func refuse(_ problems: [ObservationShape.Problem], path: String, _ reason: String, into outcome: inout Outcome) {
        for problem in problems where problem.missing != nil || problem.absentKey != nil {
            outcome.reasons[Self.key(path, problem.message)] = reason
        }
    }

    /// A case's own problems: not those it inherits from its sample. A case that changes its
    /// sample's expectation (`expect-changes`) inherits the sample's problems, except in what its
    /// own changes write: a key missing there, or a value set there, is the case's.
    static func ownProblems(_ problems: [ObservationShape.Problem], of draft: GoldenCaseDraft, sampleProblems: Set<String>) -> [ObservationShape.Problem] {
        guard let changes = draft.expectChanges, draft.sample != nil else { return problems }
        return problems.filter { problem in
            if let (steps, _) = problem.missing { return covered(steps, by: changes) }
            return !sampleProblems.contains(problem.message)
        }
    }

    /// The document a decode case reads: `given.blob`, or the bytes `given.hex` spells (decodeBytes).
    static func blobBytes(_ given: JSONValue) -> [UInt8]? {
        if let blob = given["blob"]?.stringValue { return Array(blob.utf8) }
        guard let hex = given["hex"]?.stringValue, hex.utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for unit in hex.utf8 {
            guard let digit = UInt8(String(UnicodeScalar(unit)), radix: 16) else { return nil }
            if let h = high { bytes.append(h << 4 | digit); high = nil } else { high = digit }
        }
        return bytes
    }

    /// Where a case's fix is written: under `expect`, or inside the value of the `expect-changes`
    /// entry whose path holds it; a value the case inherits from its sample is set by a new
    /// `replace` entry. Nil when one of its changes writes inside that value (they would clash).
    func edit(for fix: Fix, in draft: GoldenCaseDraft) -> Edit? {
        let target = fix.action == .add ? fix.steps : fix.memberSteps
        func kind() -> Edit.Kind {
            switch fix.action {
            case .add: return .member(fix.key, fix.value)
            case .set: return .value(fix.value)
            case .remove: return .removal
            }
        }
        guard let changes = draft.expectChanges else { return draft.expect == nil ? nil : Edit(fileSteps: [.key("expect")] + target, kind: kind()) }
        for (index, change) in changes.enumerated() where change.kind != .remove && change.value != nil {
            let changeSteps = change.path.steps.map(Self.step)
            if changeSteps.count <= target.count, zip(changeSteps, target).allSatisfy(Self.sameStep) {
                // A change that writes exactly the member to remove is itself removed... not a
                // splice this fixer makes: left for a human.
                if fix.action == .remove, changeSteps.count == target.count { return nil }
                return Edit(fileSteps: [.key("expect-changes"), .index(index), .key("value")] + target.dropFirst(changeSteps.count), kind: kind())
            }
        }
        guard fix.action != .add else { return nil }   // a missing key is the sample's
        let inside = changes.contains { change in
            let changeSteps = change.path.steps.map(Self.step)
            return changeSteps.count > target.count && zip(changeSteps, target).allSatisfy(Self.sameStep)
        }
        return inside ? nil : Edit(fileSteps: [.key("expect-changes")], kind: .change(path: Self.pathText(target), value: fix.action == .remove ? nil : fix.value))
    }

    /// Whether a case's expect-changes write `steps` or a value holding it (replace, add or remove).
    static func covered(_ steps: [ObservationShape.Step], by changes: [GoldenChange]) -> Bool {
        changes.contains { change in
            let changeSteps = change.path.steps.map(Self.step)
            return changeSteps.count <= steps.count && zip(changeSteps, steps).allSatisfy(Self.sameStep)
        }
    }

    static func step(_ step: GoldenPathStep) -> ObservationShape.Step {
        switch step {
        case .key(let units): return .key(String(decoding: units, as: UTF16.self))
        case .index(let index): return .index(index)
        }
    }

    static func sameStep(_ a: ObservationShape.Step, _ b: ObservationShape.Step) -> Bool {
        switch (a, b) {
        case let (.key(x), .key(y)): return x.utf16.elementsEqual(y.utf16)
        case let (.index(x), .index(y)): return x == y
        default: return false
        }
    }

    /// Steps spelled as a golden path (`$.tasks[0].note`, `$["a-b"]`).
    static func pathText(_ steps: [ObservationShape.Step]) -> String {
        steps.reduce("$") { base, step in
            switch step {
            case .key(let key): return ObservationShape.path(base, key)
            case .index(let index): return "\(base)[\(index)]"
            }
        }
    }

    // MARK: Checking

    /// Nil when every rewrite says what its file said plus the fixes; else what does not.
    func verify(_ texts: [String: String], files: [Loaded], cases: [Case], fixesByFile: [String: [Fix]], sampleFixes: [String: [Fix]]) -> String? {
        var rewritten = GoldenCaseLoader.SampleIndex()
        var reread: [String: GoldenFile] = [:]
        for loaded in files {
            guard let file = texts[loaded.path].map({ self.reread($0, loaded.path) }) ?? loaded.file else {
                return "\(loaded.path) no longer reads as a golden file"
            }
            reread[loaded.path] = file
            if case .sample(let sample) = file { _ = rewritten.add(sample) }
        }
        for loaded in files where texts[loaded.path] != nil {
            guard case .sample(let before) = loaded.file else { continue }
            let expected = before.expect.flatMap { Self.applying(fixesByFile[loaded.path] ?? [], to: $0) }
            guard case .sample(let after)? = reread[loaded.path], after.blob == before.blob, let expected, after.expect == expected else {
                return "\(loaded.path) does not read as its old sample with the fixes"
            }
        }
        for (loaded, _, before) in cases {
            guard case .testCase(let draft)? = reread[loaded.path],
                  case .success(let after) = GoldenCaseLoader.materialise(draft, samples: &rewritten) else {
                return "\(loaded.path) no longer materialises"
            }
            let reaching = draft.expectChanges == nil ? [] : draft.sample.flatMap { sampleFixes[Self.sampleKey(draft.contract, $0)] }?
                .filter { !Self.covered($0.memberSteps, by: draft.expectChanges ?? []) } ?? []
            guard after.given == before.given, let expected = Self.applying(reaching + (fixesByFile[loaded.path] ?? []), to: before.expect),
                  after.expect == expected else {
                return "\(loaded.path) does not materialise to its old case with the fixes"
            }
        }
        return nil
    }

    /// `value` with each fix applied: the member appended to its object, or its value set.
    static func applying(_ fixes: [Fix], to value: JSONValue) -> JSONValue? {
        var result = value
        for fix in fixes {
            guard let next = applying(fix, to: result, at: fix.steps[...]) else { return nil }
            result = next
        }
        return result
    }

    static func applying(_ fix: Fix, to value: JSONValue, at steps: ArraySlice<ObservationShape.Step>) -> JSONValue? {
        guard let step = steps.first else {
            guard case .object(var members) = value else { return nil }
            switch fix.action {
            case .add:
                members.append((fix.key, fix.value))
            case .set:
                guard let index = members.lastIndex(where: { JSONValue.exactlyEqual($0.0, fix.key) }) else { return nil }
                members[index].1 = fix.value
            case .remove:
                guard members.contains(where: { JSONValue.exactlyEqual($0.0, fix.key) }) else { return nil }
                members.removeAll { JSONValue.exactlyEqual($0.0, fix.key) }
            }
            return .object(members)
        }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            guard let index = members.lastIndex(where: { JSONValue.exactlyEqual($0.0, key) }),
                  let inner = applying(fix, to: members[index].1, at: steps.dropFirst()) else { return nil }
            members[index].1 = inner
            return .object(members)
        case (.index(let index), .array(var items)):
            guard index < items.count, let inner = applying(fix, to: items[index], at: steps.dropFirst()) else { return nil }
            items[index] = inner
            return .array(items)
        default:
            return nil
        }
    }

    // MARK: Splicing into the file's text

    /// The text with each edit spliced in, spelled as its surroundings are: a new member or entry
    /// after the last one, with the separator before that one and the key/value separator of the
    /// file; a value set in place. Nil when a step does not lead to exactly one place.
    static func splice(_ edits: [Edit], into text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let tree = JSONSpanTree.parse(bytes) else { return nil }
        var replacements: [(start: Int, end: Int, text: [UInt8])] = []
        var appended: [Int: [[UInt8]]] = [:]   // container node → new members, in order
        var order: [Int] = []
        let colon = colonText(tree, bytes, node: 0) ?? Array(": ".utf8)
        for edit in edits {
            if case .removal = edit.kind {
                // The member and one separator beside it: the one before it, or after it when first.
                guard let (objectNode, index) = resolveMember(edit.fileSteps, in: tree) else { return nil }
                let members = tree.nodes[objectNode].members
                let end = tree.nodes[members[index].node].end
                if index > 0 {
                    replacements.append((tree.nodes[members[index - 1].node].end, end, []))
                } else if members.count > 1 {
                    replacements.append((members[0].start, members[1].start, []))
                } else {
                    replacements.append((members[0].start, end, []))
                }
                continue
            }
            guard let node = resolve(edit.fileSteps, in: tree) else { return nil }
            let container = tree.nodes[node]
            switch edit.kind {
            case .removal:
                continue
            case .value(let value):
                replacements.append((container.start, container.end, Array(value.serialized().utf8)))
                continue
            case .member(let key, let value):
                guard container.kind == .object else { return nil }
                let memberColon = colonText(tree, bytes, node: node) ?? colon
                if appended[node] == nil { order.append(node) }
                appended[node, default: []].append(Array(JSONValue.string(key).serialized().utf8) + memberColon + Array(value.serialized().utf8))
            case .change(let path, let value):
                guard container.kind == .array else { return nil }
                if appended[node] == nil { order.append(node) }
                var entry = Array((value == nil ? "{\"remove\"" : "{\"replace\"").utf8) + colon + Array(JSONValue.string(path).serialized().utf8)
                if let value {
                    entry += Array(",".utf8) + (colon.last == 0x20 ? [0x20] : []) + Array("\"value\"".utf8) + colon + Array(value.serialized().utf8)
                }
                appended[node, default: []].append(entry + Array("}".utf8))
            }
        }
        for node in order {
            let container = tree.nodes[node]
            var separator: [UInt8], at: Int
            if let last = container.members.last {
                if container.members.count >= 2 {
                    separator = Array(bytes[tree.nodes[container.members[container.members.count - 2].node].end..<last.start])
                } else {
                    separator = [UInt8(ascii: ",")] + bytes[(container.start + 1)..<last.start]
                }
                at = tree.nodes[last.node].end
            } else {
                (separator, at) = ([UInt8(ascii: ",")], container.start + 1)
            }
            var inserted: [UInt8] = []
            for (index, piece) in appended[node]!.enumerated() {
                inserted += (index == 0 && container.members.isEmpty ? [] : separator) + piece
            }
            replacements.append((at, at, inserted))
        }
        var result = bytes
        var limit = bytes.count
        for replacement in replacements.sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
            guard replacement.end <= limit else { return nil }   // two edits of one span: left for a human
            result.replaceSubrange(replacement.start..<replacement.end, with: replacement.text)
            limit = replacement.start
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// What stands between the key and the value of an object's first member (`": "`, `":"`).
    static func colonText(_ tree: JSONSpanTree, _ bytes: [UInt8], node: Int) -> [UInt8]? {
        guard tree.nodes[node].kind == .object, let first = tree.nodes[node].members.first,
              let keyEnd = JSONStringLexer.skip(bytes, from: first.start) else { return nil }
        return Array(bytes[keyEnd..<tree.nodes[first.node].start])
    }

    /// The object and member index the last key step of `steps` names (exactly one such member).
    static func resolveMember(_ steps: [ObservationShape.Step], in tree: JSONSpanTree) -> (Int, Int)? {
        guard case .key(let key)? = steps.last, let object = resolve(Array(steps.dropLast()), in: tree),
              tree.nodes[object].kind == .object else { return nil }
        let units = Array(key.utf16)
        let matches = tree.nodes[object].members.indices.filter { tree.nodes[object].members[$0].key == units }
        return matches.count == 1 ? (object, matches[0]) : nil
    }

    /// The node `steps` lead to from the root, each key step matching exactly one member.
    static func resolve(_ steps: [ObservationShape.Step], in tree: JSONSpanTree) -> Int? {
        var node = 0
        for step in steps {
            let container = tree.nodes[node]
            switch step {
            case .key(let key):
                let units = Array(key.utf16)
                let matches = container.members.filter { $0.key == units }
                guard container.kind == .object, matches.count == 1 else { return nil }
                node = matches[0].node
            case .index(let index):
                guard container.kind == .array, index < container.members.count else { return nil }
                node = container.members[index].node
            }
        }
        return node
    }

    // MARK: Reading

    /// Every golden file of these contracts (hidden ones are check's errors, not read here).
    func load() -> [Loaded] {
        var files: [Loaded] = []
        for contract in contracts {
            let directory = ProjectLayout.join(goldenDirectory, contract.name)
            var relatives: [String] = []
            if let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) {
                while let item = enumerator.nextObject() as? String { relatives.append(item) }
            }
            for relative in relatives.sorted() {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                guard name.hasSuffix(".json"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                let path = "\(directory)/\(relative)"
                guard let data = FileManager.default.contents(atPath: root + "/" + path), let text = String(data: data, encoding: .utf8),
                      let file = reread(text, path) else { continue }
                files.append(Loaded(path: path, text: text, file: file,
                                    generated: name.hasPrefix(GoldenEmitter.generatedPrefix) && !relative.contains("/")))
            }
        }
        return files
    }

    func reread(_ text: String, _ path: String) -> GoldenFile? {
        if case .success(let file) = GoldenCaseLoader.readFile(text: text, path: root + "/" + path) { return file }
        return nil
    }
}
