/// How the golden emitter writes its cases: against a per-contract sample (docs/conformance.md,
/// "Samples and changes"), so that a schema change shows in the samples and in the cases it
/// concerns, not in every file. The cases themselves are computed as before, in full; this only
/// chooses their spelling, and every case is materialised back and compared with its full form
/// before it is written, so the spelling can never change what a case means.

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
        let cases = builder.cases()
        var samples: [String: (about: String, blob: String, expect: JSONValue)] = [:]
        var sampleFiles: [(String, JSONValue)] = []
        var caseFiles: [(String, JSONValue)] = []
        for golden in cases {
            guard let kind = golden.sample else { caseFiles.append((golden.name, golden.json)); continue }
            let name = sampleName(kind)
            if samples[name] == nil {
                let made = sample(kind)
                samples[name] = made
                sampleFiles.append((name, .object([("sample", .string(name)), ("about", .string(made.about)), ("contract", .string(contract.name)),
                                                   ("blob", .string(made.blob)), ("expect", made.expect)])))
            }
            caseFiles.append((golden.name, Self.relative(golden, sample: name, base: samples[name]!) ?? golden.json))
        }
        return sampleFiles + caseFiles
    }

    /// The case as changes to its sample, or nil when the changes do not materialise to exactly
    /// its blob and expectation (then the full form is written).
    static func relative(_ golden: GoldenCase, sample: String, base: (about: String, blob: String, expect: JSONValue)) -> JSONValue? {
        guard let blobChanges = GoldenDiff.blob(from: base.blob, to: golden.blob) else { return nil }
        let expectChanges = GoldenDiff.expect(from: base.expect, to: golden.expect)
        // Read back through the loader's own code: the file must mean exactly the full case.
        guard let blobList = try? GoldenChange.parseList(.array(blobChanges.map { $0.json }), payloadKey: "text", list: "blob-changes"),
              let expectList = try? GoldenChange.parseList(.array(expectChanges.map { $0.json }), payloadKey: "value", list: "expect-changes"),
              let blob = try? BlobChanges.apply(blobList, to: base.blob), blob == golden.blob,
              let expect = try? ExpectChanges.apply(expectList, to: base.expect),
              expect.serialized() == golden.expect.serialized() else { return nil }
        return .object([("case", .string(golden.name)), ("about", .string(golden.about)), ("contract", .string(golden.contract)),
                        ("op", .string("decode")), ("sample", .string(sample)),
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
enum GoldenDiff {
    static func blob(from sample: String, to target: String) -> [WrittenChange]? {
        let sampleBytes = Array(sample.utf8)
        let targetBytes = Array(target.utf8)
        guard let s = JSONSpanTree.parse(sampleBytes), let t = JSONSpanTree.parse(targetBytes) else { return nil }
        var out: [WrittenChange] = []
        func text(_ bytes: [UInt8], _ tree: JSONSpanTree, _ node: Int) -> ArraySlice<UInt8> { bytes[tree.nodes[node].start..<tree.nodes[node].end] }
        func targetText(_ node: Int) -> String { String(decoding: text(targetBytes, t, node), as: UTF8.self) }
        func walk(_ a: Int, _ b: Int, _ path: String) {
            if text(sampleBytes, s, a) == text(targetBytes, t, b) { return }
            let sa = s.nodes[a], tb = t.nodes[b]
            switch (sa.kind, tb.kind) {
            case (.object, .object):
                // Keys as code units: Swift's String == would equate "é" and "e\u{301}".
                let sampleKeys = sa.members.map { $0.key! }, targetKeys = tb.members.map { $0.key! }
                let sampleSet = Set(sampleKeys)
                let targetByKey = Dictionary(tb.members.map { ($0.key!, $0.node) }, uniquingKeysWith: { first, _ in first })
                let kept = sampleKeys.filter { targetByKey[$0] != nil }
                let appended = targetKeys.filter { !sampleSet.contains($0) }
                guard sampleSet.count == sampleKeys.count, targetByKey.count == targetKeys.count, targetKeys == kept + appended else { break }
                for member in sa.members {
                    let childPath = GoldenPath.appending(path, key: String(decoding: member.key!, as: UTF16.self))
                    if let other = targetByKey[member.key!] { walk(member.node, other, childPath) }
                    else { out.append(WrittenChange(kind: .remove, path: childPath)) }
                }
                for member in tb.members where !sampleSet.contains(member.key!) {
                    out.append(WrittenChange(kind: .add, path: GoldenPath.appending(path, key: String(decoding: member.key!, as: UTF16.self)),
                                             payload: ("text", .string(targetText(member.node)))))
                }
                return
            case (.array, .array) where sa.members.count == tb.members.count:
                for (index, (x, y)) in zip(sa.members, tb.members).enumerated() { walk(x.node, y.node, GoldenPath.appending(path, index: index)) }
                return
            default:
                break
            }
            out.append(WrittenChange(kind: .replace, path: path, payload: ("text", .string(targetText(b)))))
        }
        walk(0, 0, "$")
        return out
    }

    static func expect(from sample: JSONValue, to target: JSONValue) -> [WrittenChange] {
        var out: [WrittenChange] = []
        func walk(_ a: JSONValue, _ b: JSONValue, _ path: String) {
            if identical(a, b) { return }
            switch (a, b) {
            case (.object(let x), .object(let y)):
                let sampleKeys = x.map { Array($0.0.utf16) }, targetKeys = y.map { Array($0.0.utf16) }
                let sampleSet = Set(sampleKeys)
                let targetByKey = Dictionary(zip(targetKeys, y.map(\.1)), uniquingKeysWith: { first, _ in first })
                let kept = sampleKeys.filter { targetByKey[$0] != nil }
                let appended = targetKeys.filter { !sampleSet.contains($0) }
                guard sampleSet.count == sampleKeys.count, targetByKey.count == targetKeys.count, targetKeys == kept + appended else { break }
                for ((key, value), units) in zip(x, sampleKeys) {
                    if let other = targetByKey[units] { walk(value, other, GoldenPath.appending(path, key: key)) }
                    else { out.append(WrittenChange(kind: .remove, path: GoldenPath.appending(path, key: key))) }
                }
                for ((key, value), units) in zip(y, targetKeys) where !sampleSet.contains(units) {
                    out.append(WrittenChange(kind: .add, path: GoldenPath.appending(path, key: key), payload: ("value", value)))
                }
                return
            case (.array(let x), .array(let y)) where x.count == y.count:
                for (index, (p, q)) in zip(x, y).enumerated() { walk(p, q, GoldenPath.appending(path, index: index)) }
                return
            default:
                break
            }
            out.append(WrittenChange(kind: .replace, path: path, payload: ("value", b)))
        }
        walk(sample, target, "$")
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
