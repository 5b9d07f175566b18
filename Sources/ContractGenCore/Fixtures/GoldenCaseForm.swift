/// How the golden emitter writes its cases: against a per-contract sample (docs/conformance.md,
/// "Samples and changes"), so that a schema change shows in the samples and in the cases it
/// concerns, not in every file. The cases themselves are computed as before, in full; this only
/// chooses their spelling, and every case is materialised back and compared with its full form
/// before it is written, so the spelling can never change what a case means. The exception is an
/// `alone` case's expectation, built as changes to the spine's (one field's worth, where its full
/// form costs the whole spine's observation): the tests compare it with its full form.

/// The documents the generated cases start from.
enum GoldenSampleKind {
    /// Every field present and valid (the sample-document case).
    case document
    /// The minimal document reaching the type at the end of the path (version and isolated cases).
    case minimal([GoldenCaseBuilder.Step])
    /// One minimal instance of every reached type (the every-field cases).
    case spine
}

struct GoldenCaseForm {
    let builder: GoldenCaseBuilder

    var contract: Contract { builder.contract }

    /// `schema.<contract>.sample.document`, `….sample.spine`, `….sample.minimal.<Type>`.
    func sampleName(_ kind: GoldenSampleKind) -> String {
        let prefix = GoldenEmitter.generatedPrefix + contract.name + ".sample."
        switch kind {
        case .document: return prefix + "document"
        case .spine: return prefix + "spine"
        case .minimal(let path): return prefix + "minimal." + builder.groupType(path).name
        }
    }

    /// The sample's blob and the observation it decodes to, from the same rules as the cases.
    func sample(_ kind: GoldenSampleKind) -> (about: String, blob: String, expect: JSONValue) {
        let document: JSONValue
        let about: String
        switch kind {
        case .document:
            document = builder.sampleDocument()
            about = "every field present and valid; the sample-document case reads it back as written"
        case .minimal(let path):
            document = builder.pathDocument(path)
            let type = builder.groupType(path).name
            about = path.isEmpty
                ? "the smallest valid document: required fields only; the version cases and the \(type) field cases change it"
                : "the smallest valid document holding a \(type) (at \(path.map(\.field.name).joined(separator: "."))): required fields only; the \(type) field cases change it"
        case .spine:
            document = builder.spineDocument(builder.paths())
            about = "one smallest valid instance of every type, each at its first place; the every-field cases change it"
        }
        return (about, document.serialized(), builder.observation(status: "ok", decodedRoot: builder.withoutVersion(document), dropped: 0))
    }

    /// Sample files (those some case uses, in first use order), then case files.
    func files() -> [(name: String, json: JSONValue)] {
        let cases = builder.cases(relative: true)
        var samples: [String: (blob: BlobChanges.Parsed, expect: JSONValue)] = [:]
        var sampleFiles: [(String, JSONValue)] = []
        var caseFiles: [(String, JSONValue)] = []
        for golden in cases {
            guard let kind = golden.sample else { caseFiles.append((golden.name, golden.json)); continue }
            let name = sampleName(kind)
            if samples[name] == nil {
                let made = sample(kind)
                samples[name] = (BlobChanges.Parsed(made.blob), made.expect)
                sampleFiles.append((name, .object([("sample", .string(name)), ("about", .string(made.about)), ("contract", .string(contract.name)),
                                                   ("blob", .string(made.blob)), ("expect", made.expect)])))
            }
            caseFiles.append((golden.name, Self.relative(golden, sample: name, base: samples[name]!) ?? golden.json))
        }
        return sampleFiles + caseFiles
    }

    /// The case as changes to its sample, or nil when the changes do not materialise to exactly
    /// its blob and expectation (then the full form is written).
    static func relative(_ golden: GoldenCase, sample: String, base: (blob: BlobChanges.Parsed, expect: JSONValue)) -> JSONValue? {
        guard let blobChanges = GoldenDiff.blob(from: base.blob, to: golden.blob) else { return nil }
        // Read back through the loader's own code: the file must mean exactly the full case.
        guard let blobList = try? GoldenChange.parseList(.array(blobChanges.map { $0.json }), payloadKey: "text", list: "blob-changes"),
              let blob = try? BlobChanges.apply(blobList, to: base.blob), blob == golden.blob else { return nil }
        let expectChanges: [WrittenChange]
        if let given = golden.expectChanges {
            // Built as changes (an `alone` case): only the paths it names are checked here, since
            // materialising the whole expectation per case is what made a wide type quadratic;
            // the tests compare these cases with their full computation.
            expectChanges = given
            guard (try? GoldenChange.parseList(.array(expectChanges.map { $0.json }), payloadKey: "value", list: "expect-changes")) != nil else { return nil }
        } else {
            expectChanges = GoldenDiff.expect(from: base.expect, to: golden.expect)
            guard let expectList = try? GoldenChange.parseList(.array(expectChanges.map { $0.json }), payloadKey: "value", list: "expect-changes"),
                  let expect = try? ExpectChanges.apply(expectList, to: base.expect),
                  expect.serialized() == golden.expect.serialized() else { return nil }
        }
        return .object([("case", .string(golden.name)), ("about", .string(golden.about)), ("contract", .string(golden.contract)),
                        ("op", .string("decode")), ("sample", .string(sample))]
                        + (golden.flags.isEmpty ? [] : [("given", .object(golden.flags))]) + [
                        ("blob-changes", .array(blobChanges.map { .raw($0.line) })),
                        ("expect-changes", .array(expectChanges.map { .raw($0.line) }))])
    }
}

/// A change as the emitter writes it: one line per change, `{"replace": "$.a", "text": "1"}`.
struct WrittenChange {
    var kind: GoldenChange.Kind
    var path: String
    var payload: (key: String, value: JSONValue)?

    var json: JSONValue {
        .object([(kind.rawValue, .string(path))] + (payload.map { [($0.key, $0.value)] } ?? []))
    }

    var line: String {
        "{" + JSONValue.string(kind.rawValue).serialized() + ": " + JSONValue.string(path).serialized()
            + (payload.map { ", " + JSONValue.string($0.key).serialized() + ": " + $0.value.serialized() } ?? "") + "}"
    }
}

/// The smallest set of changes from a sample to a case: objects member by member (kept members
/// in order, new ones appended), arrays of one length element by element, anything else replaced.
/// Each node is visited once and a path is spelled only for a change, so a deep document costs
/// its size, not its size times its depth.
enum GoldenDiff {
    /// The path to the current node, as spelled steps (`.a`, `["k-1"]`, `[0]`).
    struct PathStack {
        enum Step { case key(String), units([UInt16]), index(Int) }
        var steps: [Step] = []
        /// Spelled only when a change is written: most nodes visited are unchanged.
        var text: String {
            "$" + steps.map { step in
                switch step {
                case .key(let key): return GoldenPath.appending("", key: key)
                case .units(let units): return GoldenPath.appending("", key: String(decoding: units, as: UTF16.self))
                case .index(let index): return GoldenPath.appending("", index: index)
                }
            }.joined()
        }
        mutating func key(_ key: String) { steps.append(.key(key)) }
        mutating func key(_ units: [UInt16]) { steps.append(.units(units)) }
        mutating func index(_ index: Int) { steps.append(.index(index)) }
        mutating func pop() { steps.removeLast() }
    }

    static func blob(from sample: BlobChanges.Parsed, to target: String) -> [WrittenChange]? {
        let sampleBytes = sample.bytes
        let targetBytes = Array(target.utf8)
        guard let s = sample.tree, let t = JSONSpanTree.parse(targetBytes) else { return nil }
        var out: [WrittenChange] = []
        var path = PathStack()
        func targetText(_ node: Int) -> String { String(decoding: targetBytes[t.nodes[node].start..<t.nodes[node].end], as: UTF8.self) }
        func walk(_ a: Int, _ b: Int) {
            let sa = s.nodes[a], tb = t.nodes[b]
            switch (sa.kind, tb.kind) {
            case (.scalar, .scalar):
                if sampleBytes[sa.start..<sa.end] == targetBytes[tb.start..<tb.end] { return }
            case (.object, .object) where sa.members.count == tb.members.count
                    && zip(sa.members, tb.members).allSatisfy({ $0.key! == $1.key! }):
                // The common case, the same keys in the same order: member by member.
                for (x, y) in zip(sa.members, tb.members) {
                    path.key(x.key!)
                    walk(x.node, y.node)
                    path.pop()
                }
                return
            case (.object, .object):
                // Keys as code units: Swift's String == would equate "é" and "e\u{301}".
                let sampleKeys = sa.members.map { $0.key! }, targetKeys = tb.members.map { $0.key! }
                let sampleSet = Set(sampleKeys)
                let targetByKey = Dictionary(tb.members.map { ($0.key!, $0.node) }, uniquingKeysWith: { first, _ in first })
                let kept = sampleKeys.filter { targetByKey[$0] != nil }
                let appended = targetKeys.filter { !sampleSet.contains($0) }
                guard sampleSet.count == sampleKeys.count, targetByKey.count == targetKeys.count, targetKeys == kept + appended else { break }
                for member in sa.members {
                    path.key(member.key!)
                    if let other = targetByKey[member.key!] { walk(member.node, other) }
                    else { out.append(WrittenChange(kind: .remove, path: path.text)) }
                    path.pop()
                }
                for member in tb.members where !sampleSet.contains(member.key!) {
                    path.key(member.key!)
                    out.append(WrittenChange(kind: .add, path: path.text, payload: ("text", .string(targetText(member.node)))))
                    path.pop()
                }
                return
            case (.array, .array) where sa.members.count == tb.members.count:
                for (index, (x, y)) in zip(sa.members, tb.members).enumerated() {
                    path.index(index)
                    walk(x.node, y.node)
                    path.pop()
                }
                return
            default:
                break
            }
            out.append(WrittenChange(kind: .replace, path: path.text, payload: ("text", .string(targetText(b)))))
        }
        walk(0, 0)
        return out
    }

    /// `at`: where `sample` sits in its document (the changes' paths start there).
    static func expect(from sample: JSONValue, to target: JSONValue, at start: PathStack = PathStack()) -> [WrittenChange] {
        var out: [WrittenChange] = []
        var path = start
        func walk(_ a: JSONValue, _ b: JSONValue) {
            switch (a, b) {
            case (.object(let x), .object(let y)) where x.count == y.count && zip(x, y).allSatisfy({ JSONValue.exactlyEqual($0.0, $1.0) }):
                // The common case, the same keys in the same order: member by member.
                for ((key, p), (_, q)) in zip(x, y) {
                    path.key(key)
                    walk(p, q)
                    path.pop()
                }
                return
            case (.object(let x), .object(let y)):
                let sampleKeys = x.map { Array($0.0.utf16) }, targetKeys = y.map { Array($0.0.utf16) }
                let sampleSet = Set(sampleKeys)
                let targetByKey = Dictionary(zip(targetKeys, y.map(\.1)), uniquingKeysWith: { first, _ in first })
                let kept = sampleKeys.filter { targetByKey[$0] != nil }
                let appended = targetKeys.filter { !sampleSet.contains($0) }
                guard sampleSet.count == sampleKeys.count, targetByKey.count == targetKeys.count, targetKeys == kept + appended else { break }
                for ((key, value), units) in zip(x, sampleKeys) {
                    path.key(key)
                    if let other = targetByKey[units] { walk(value, other) }
                    else { out.append(WrittenChange(kind: .remove, path: path.text)) }
                    path.pop()
                }
                for ((key, value), units) in zip(y, targetKeys) where !sampleSet.contains(units) {
                    path.key(key)
                    out.append(WrittenChange(kind: .add, path: path.text, payload: ("value", value)))
                    path.pop()
                }
                return
            case (.array(let x), .array(let y)) where x.count == y.count:
                for (index, (p, q)) in zip(x, y).enumerated() {
                    path.index(index)
                    walk(p, q)
                    path.pop()
                }
                return
            case (.object, _), (.array, _), (_, .object), (_, .array):
                break
            default:
                if identical(a, b) { return }
            }
            out.append(WrittenChange(kind: .replace, path: path.text, payload: ("value", b)))
        }
        walk(sample, target)
        return out
    }

    /// Equal and spelled alike (key order included), unlike `==`, which ignores key order.
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { JSONValue.exactlyEqual($0.0.0, $0.1.0) && identical($0.0.1, $0.1.1) }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { identical($0.0, $0.1) }
        case (.number(let x), .number(let y)):
            return JSONValue.format(x) == JSONValue.format(y)
        default:
            return a == b
        }
    }
}
