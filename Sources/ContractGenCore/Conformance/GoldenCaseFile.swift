/// Golden case files: loading any directory of them, including ones never seen before.
import Foundation

/// One conformance case as read from disk.
/// For example `golden/widget-data/unknown-version-renders-empty.json`.
public struct ConformanceCase: Sendable {
    public var name: String
    public var path: String
    public var about: String
    public var contract: String
    public var op: String
    public var given: JSONValue
    public var expect: JSONValue

    /// The case in the full form (what a sample-form file materialises to).
    public var fullForm: JSONValue {
        .object([("case", .string(name)), ("about", .string(about)), ("contract", .string(contract)), ("op", .string(op)),
                 ("given", given), ("expect", expect)])
    }

    /// The testee request line.
    public var request: String {
        JSONValue.object([("contract", .string(contract)), ("op", .string(op)), ("given", given)]).serialized()
    }
}

/// A case file that could not be used; reported as a failure, never skipped silently.
public struct CaseLoadError: Error, Sendable {
    public var path: String
    public var message: String
}

/// What one golden file holds: a case (full or sample form, not yet materialised) or a sample.
public enum GoldenFile: Sendable {
    case testCase(GoldenCaseDraft)
    case sample(GoldenSample)
}

/// A case as written: in the sample form its blob and expectation are still changes to a sample.
public struct GoldenCaseDraft: Sendable {
    public var name: String
    public var path: String
    public var about: String
    public var contract: String
    public var op: String
    public var given: JSONValue
    public var expect: JSONValue?
    public var sample: String?
    var blobChanges: [GoldenChange] = []
    var expectChanges: [GoldenChange]?
}


public enum GoldenCaseLoader {
    static let allowedKeys: Set<String> = ["case", "about", "contract", "op", "given", "expect", "sample", "blob-changes", "expect-changes"]

    /// Every `*.json` under the directories (recursively), sorted by path.
    /// `confinedTo`: a file that lies in that directory as written but leads out of it through a
    /// symbolic link is an unusable case file, not read.
    public static func load(directories: [String], confinedTo root: String? = nil,
                            materialisedBudget: Int = maxMaterialisedBytesPerRun) -> (cases: [ConformanceCase], errors: [CaseLoadError]) {
        var errors: [CaseLoadError] = []
        var paths: [String] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                errors.append(CaseLoadError(path: directory, message: "no such directory"))
                continue
            }
            if !isDirectory.boolValue {
                if let root, let problem = ProjectPaths.linkEscape(directory, root: root) {
                    errors.append(CaseLoadError(path: directory, message: problem))
                } else {
                    paths.append(directory)
                }
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: directory)
            while let item = enumerator?.nextObject() as? String {
                guard item.hasSuffix(".json") else { continue }
                if isHidden(item) {
                    errors.append(CaseLoadError(path: directory + "/" + item, message: hiddenMessage))
                } else if let root, let problem = ProjectPaths.linkEscape(directory + "/" + item, root: root) {
                    errors.append(CaseLoadError(path: directory + "/" + item, message: problem))
                } else {
                    paths.append(directory + "/" + item)
                }
            }
        }
        // A file reached through two overlapping --golden directories is one case, not a duplicate.
        let unique = Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }).sorted()
        let loaded = load(unique.map { path in (path, { readFile(path: path) }) }, materialisedBudget: materialisedBudget, confinedTo: root)
        return (loaded.cases, errors + loaded.errors + duplicateNames(loaded.cases))
    }

    /// A case file hidden from a listing (`.x.json`, or below a `.dir/`): `check` and `conform`
    /// refuse it alike, so the two never see different sets of cases.
    public static func isHidden(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
    }

    static let hiddenMessage = "a hidden file in a golden directory (its name, or a directory's above it, starts with '.'): rename it so reviewers see it, or remove it"

    /// The most one golden file may hold (a case's blob of megabytes is written with `repeat`).
    static let maxFileBytes = 16 << 20
    /// The most the materialised cases of one run may hold together (their `given` and `expect`
    /// as sent and compared): many small cases naming one large sample each cost its size each.
    public static let maxMaterialisedBytesPerRun = 128 << 20

    /// Reads the files (samples first), then materialises every case against the samples read.
    /// A sample a case names that is not among them is looked for beside the case file.
    static func load(paths: [String]) -> (cases: [ConformanceCase], errors: [CaseLoadError]) {
        load(paths.map { path in (path, { readFile(path: path) }) })
    }

    /// Files held in memory (the golden emitter's output, before it is written), materialised.
    static func load(texts: [(path: String, text: String)], splicedBudget: Int = GoldenSplicedText.maxBytesPerRun) -> (cases: [ConformanceCase], errors: [CaseLoadError]) {
        load(texts.map { file in (file.path, { readFile(text: file.text, path: file.path) }) }, splicedBudget: splicedBudget)
    }

    private static func load(_ files: [(path: String, read: () -> Result<GoldenFile, CaseLoadError>)],
                             splicedBudget: Int = GoldenSplicedText.maxBytesPerRun,
                             materialisedBudget: Int = maxMaterialisedBytesPerRun,
                             confinedTo root: String? = nil) -> (cases: [ConformanceCase], errors: [CaseLoadError]) {
        var drafts: [GoldenCaseDraft] = []
        var errors: [CaseLoadError] = []
        var samples = SampleIndex()
        samples.root = root
        for (_, read) in files {
            switch read() {
            case .failure(let error): errors.append(error)
            case .success(.testCase(let draft)): drafts.append(draft)
            case .success(.sample(let sample)):
                if let error = samples.add(sample) { errors.append(error) }
            }
        }
        var cases: [ConformanceCase] = []
        // Spliced text is joined only now, case by case, within one budget for the cases kept; and
        // every materialised case is charged its size against the run's budget.
        var spliced = 0
        var materialised = 0
        for draft in drafts {
            let bytes = draft.blobChanges.reduce(0) { $0 + ($1.spliced?.bytes ?? 0) }
            guard bytes <= splicedBudget - spliced else {
                errors.append(CaseLoadError(path: draft.path, message: "its blob-changes text would take the run past \(splicedBudget) bytes spliced in, the most all cases together may"))
                continue
            }
            if let sample = draft.sample, let size = samples.blobBytes(sample, contract: draft.contract, besides: draft.path),
               size > materialisedBudget - materialised {
                errors.append(CaseLoadError(path: draft.path, message: "its sample's blob (\(size) bytes) would take the run past \(materialisedBudget) bytes of materialised cases, the most all cases together may"))
                continue
            }
            switch materialise(draft, samples: &samples) {
            case .success(let golden):
                let size = golden.given.serializedByteCount + golden.expect.serializedByteCount
                guard size <= materialisedBudget - materialised else {
                    errors.append(CaseLoadError(path: draft.path, message: "materialised, it (\(size) bytes) would take the run past \(materialisedBudget) bytes of materialised cases, the most all cases together may"))
                    continue
                }
                spliced += bytes
                materialised += size
                cases.append(golden)
            case .failure(let error): errors.append(error)
            }
        }
        return (cases, errors.sorted { $0.path < $1.path })
    }

    /// Samples by contract and name.
    public struct SampleIndex: Sendable {
        var byName: [String: [String: GoldenSample]] = [:]
        /// A sample file beside a case is read only when it stays inside this directory once its
        /// symbolic links are resolved.
        var root: String?

        public init() {}

        /// Adds a sample; a second sample of the same name and contract is an error.
        mutating func add(_ sample: GoldenSample) -> CaseLoadError? {
            if let first = byName[sample.contract]?[sample.name] {
                guard first.path != sample.path else { return nil }
                return CaseLoadError(path: sample.path, message: "duplicate sample name '\(sample.name)' in contract '\(sample.contract)' (also \(first.path))")
            }
            byName[sample.contract, default: [:]][sample.name] = sample
            return nil
        }

        /// The byte length of the named sample's blob, when it can be found.
        mutating func blobBytes(_ name: String, contract: String, besides casePath: String) -> Int? {
            find(name, contract: contract, besides: casePath)?.blob.utf8.count
        }

        /// The named sample, read from `<name>.json` beside the case file when not indexed yet.
        mutating func find(_ name: String, contract: String, besides casePath: String) -> GoldenSample? {
            if let sample = byName[contract]?[name] { return sample }
            let sibling = URL(fileURLWithPath: casePath).deletingLastPathComponent().appendingPathComponent(name + ".json").path
            guard !name.contains("/"), root.flatMap({ ProjectPaths.linkEscape(sibling, root: $0) }) == nil,
                  case .success(.sample(let sample)) = readFile(path: sibling),
                  sample.contract == contract, sample.name == name else { return nil }
            byName[contract, default: [:]][name] = sample
            return sample
        }
    }

    /// One case file, materialised on its own (a sample it names is looked for beside it).
    public static func loadCase(path: String) -> Result<ConformanceCase, CaseLoadError> {
        switch readFile(path: path) {
        case .failure(let error): return .failure(error)
        case .success(.sample(let sample)): return .failure(CaseLoadError(path: path, message: "'\(sample.name)' is a sample, not a case"))
        case .success(.testCase(let draft)):
            var samples = SampleIndex()
            return materialise(draft, samples: &samples)
        }
    }

    /// Reads a case or a sample file; nothing is resolved yet.
    public static func readFile(path: String) -> Result<GoldenFile, CaseLoadError> {
        func fail(_ message: String) -> Result<GoldenFile, CaseLoadError> { .failure(CaseLoadError(path: path, message: message)) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileBytes {
            return fail("the file holds \(size) bytes, more than the \(maxFileBytes) a golden file may (write long texts with `repeat`)")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return fail("cannot read the file as UTF-8")
        }
        return readFile(text: text, path: path)
    }

    static func readFile(text: String, path: String) -> Result<GoldenFile, CaseLoadError> {
        func fail(_ message: String) -> Result<GoldenFile, CaseLoadError> { .failure(CaseLoadError(path: path, message: message)) }
        guard let json = JSONValue.parse(text), case .object(let entries) = json else {
            return fail("not a JSON object")
        }
        // A file with a `case` key is a case; one with `sample` and no `case` defines a sample.
        if json["case"] == nil, json["sample"] != nil {
            for (key, _) in entries where !GoldenSample.allowedKeys.contains(key) {
                return fail("unknown key '\(key)' in a sample (expected \(GoldenSample.allowedKeys.sorted().joined(separator: ", ")))")
            }
            guard let name = json["sample"]?.stringValue, let contract = json["contract"]?.stringValue, let blob = json["blob"]?.stringValue else {
                return fail("a sample needs strings 'sample', 'contract' and 'blob'")
            }
            if let about = json["about"], about.stringValue == nil { return fail("'about' must be a string") }
            return .success(.sample(GoldenSample(name: name, path: path, contract: contract, blob: blob, expect: json["expect"])))
        }
        for (key, _) in entries where !allowedKeys.contains(key) {
            return fail("unknown key '\(key)' (expected \(allowedKeys.sorted().joined(separator: ", ")))")
        }
        guard let name = json["case"]?.stringValue, let contract = json["contract"]?.stringValue, let op = json["op"]?.stringValue else {
            return fail("a case needs strings 'case', 'contract' and 'op'")
        }
        guard let sample = json["sample"] else {
            for key in ["blob-changes", "expect-changes"] where json[key] != nil { return fail("'\(key)' needs a 'sample' to change") }
            guard let given = json["given"], let expect = json["expect"] else {
                return fail("a case needs values 'given' and 'expect' (or a 'sample' with changes)")
            }
            guard case .object = given else { return fail("'given' must be an object") }
            return .success(.testCase(GoldenCaseDraft(name: name, path: path, about: json["about"]?.stringValue ?? "", contract: contract,
                                                      op: op, given: given, expect: expect)))
        }
        guard let sampleName = sample.stringValue else { return fail("'sample' must be a string (a sample's name)") }
        let given = json["given"] ?? .object([])
        guard case .object(let givenEntries) = given else { return fail("'given' must be an object") }
        if givenEntries.contains(where: { $0.0 == "blob" }) {
            return fail("with a 'sample', the blob is the sample's: change it with 'blob-changes', not 'given.blob'")
        }
        guard (json["expect"] == nil) != (json["expect-changes"] == nil) else {
            return fail("a case with a 'sample' has exactly one of 'expect' and 'expect-changes'")
        }
        var draft = GoldenCaseDraft(name: name, path: path, about: json["about"]?.stringValue ?? "", contract: contract,
                                    op: op, given: given, expect: json["expect"], sample: sampleName)
        do {
            draft.blobChanges = try json["blob-changes"].map { try GoldenChange.parseList($0, payloadKey: "text", list: "blob-changes") } ?? []
            draft.expectChanges = try json["expect-changes"].map { try GoldenChange.parseList($0, payloadKey: "value", list: "expect-changes") }
        } catch let error as GoldenPathError {
            return fail(error.message)
        } catch {
            return fail("\(error)")
        }
        if draft.expectChanges != nil, op != "decode" {
            return fail("'expect-changes' changes the sample's decode observation, so it needs op 'decode' (give 'expect' for op '\(op)')")
        }
        return .success(.testCase(draft))
    }

    /// The case as testees see it: the sample's blob with the blob changes spliced in (first in
    /// `given`), and the sample's expectation with the expect changes applied.
    static func materialise(_ draft: GoldenCaseDraft, samples: inout SampleIndex) -> Result<ConformanceCase, CaseLoadError> {
        func fail(_ message: String) -> Result<ConformanceCase, CaseLoadError> { .failure(CaseLoadError(path: draft.path, message: message)) }
        guard let sampleName = draft.sample else {
            return .success(ConformanceCase(name: draft.name, path: draft.path, about: draft.about, contract: draft.contract,
                                            op: draft.op, given: draft.given, expect: draft.expect ?? .null))
        }
        guard let sample = samples.find(sampleName, contract: draft.contract, besides: draft.path) else {
            return fail("unknown sample '\(sampleName)' (no sample of that name for contract '\(draft.contract)' in the golden directories, nor beside this file)")
        }
        let blob: String
        let expect: JSONValue
        do {
            blob = try BlobChanges.apply(draft.blobChanges, to: sample.blob)
            if let changes = draft.expectChanges {
                guard let base = sample.expect else { return fail("sample '\(sampleName)' has no 'expect' for 'expect-changes' to change") }
                expect = try ExpectChanges.apply(changes, to: base)
            } else {
                expect = draft.expect ?? .null
            }
        } catch {
            return fail("sample '\(sampleName)': \(error.message)")
        }
        return .success(ConformanceCase(name: draft.name, path: draft.path, about: draft.about, contract: draft.contract, op: draft.op,
                                        given: .object([("blob", .string(blob))] + (draft.given.objectEntries ?? [])), expect: expect))
    }

    /// Case names must be unique within a contract: expected-failure lists, `--filter` and the
    /// reports name a case by its name alone. One error per file that repeats a name already
    /// used (in path order), naming the first file. The gate can call this on its own cases.
    public static func duplicateNames(_ cases: [ConformanceCase]) -> [CaseLoadError] {
        var firstPath: [String: [String: String]] = [:]   // contract → case name → path
        var errors: [CaseLoadError] = []
        for golden in cases.sorted(by: { $0.path < $1.path }) {
            if let first = firstPath[golden.contract]?[golden.name] {
                errors.append(CaseLoadError(path: golden.path,
                                            message: "duplicate case name '\(golden.name)' in contract '\(golden.contract)' (also \(first))"))
            } else {
                firstPath[golden.contract, default: [:]][golden.name] = golden.path
            }
        }
        return errors
    }
}

/// Structural comparison of observations: key order is irrelevant, numbers compare as values.
public enum ObservationDiff {
    /// Human-readable differences, each `at $.path: expected X, got Y`; empty when equal.
    public static func differences(expected: JSONValue, actual: JSONValue, path: String = "$", limit: Int = 8) -> [String] {
        var out: [String] = []
        walk(expected, actual, path, &out, limit)
        return out
    }

    private static func walk(_ e: JSONValue, _ a: JSONValue, _ path: String, _ out: inout [String], _ limit: Int) {
        guard out.count < limit else { return }
        switch (e, a) {
        case let (.object(ee), .object(ae)):
            for (key, value) in ee {
                if let other = ae.last(where: { JSONValue.exactlyEqual($0.0, key) })?.1 {
                    walk(value, other, "\(path).\(key)", &out, limit)
                } else {
                    out.append("at \(path).\(key): expected \(value.serialized(sortedKeys: true)), missing")
                }
            }
            for (key, value) in ae where !ee.contains(where: { JSONValue.exactlyEqual($0.0, key) }) {
                out.append("at \(path).\(key): unexpected \(value.serialized(sortedKeys: true))")
            }
        case let (.array(ei), .array(ai)):
            if ei.count != ai.count {
                out.append("at \(path): expected \(ei.count) elements, got \(ai.count)")
            }
            for (index, pair) in zip(ei, ai).enumerated() { walk(pair.0, pair.1, "\(path)[\(index)]", &out, limit) }
        default:
            if e != a { out.append("at \(path): expected \(e.serialized(sortedKeys: true)), got \(a.serialized(sortedKeys: true))") }
        }
    }
}
