/// `contract-gen check`, the pre-merge gate: generated files in sync, hand-written goldens
/// usable, and (with `--base`) no breaking schema change without a version bump.
import Foundation

/// What a finding is about; the report orders and counts findings by kind.
public enum GateFindingKind: Int, Sendable, Comparable, CaseIterable {
    case breaking, uncompared, golden, interrupted, missing, stale, orphan, note

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One line of the gate's verdict.
public struct GateFinding: Sendable {
    public var text: String
    public var diagnostic: Diagnostic?
    public var isFailure: Bool
    public var kind: GateFindingKind
    /// The generated file a drift finding is about, its group (a golden directory's contract or
    /// a generated language directory) and, for stale files, the unified diff.
    public var path: String? = nil
    public var group: String? = nil
    public var diff: String? = nil
}

public struct ContractGate: Sendable {
    public let root: String
    /// Where generated files and goldens live (contract-gen.yaml; default generated/ and golden/).
    public var layout: ProjectLayout = .default
    /// The `--kotlin-package` the files were emitted with: check regenerates with the same.
    public var kotlinPackage: String?
    /// Where the command ran, relative to `root`, and the `--config` file it was given (its path
    /// relative to `root`): `--base` looks for the base's contract-gen.yaml as the command did.
    public var invocation = "."
    public var givenConfig: String?

    public init(root: String, layout: ProjectLayout = .default) {
        self.root = root
        self.layout = layout
    }

    /// The ops a contract's testee serves, by name (TesteeProtocol: from its declared behaviours).
    public static func ops(of contract: Contract) -> [String] {
        TesteeOp.served(by: contract).map(\.rawValue)
    }

    // MARK: Drift

    /// Regenerates everything in memory and compares with the files on disk; stale files carry
    /// their unified diff when `diffs` is set (`check --diff`).
    /// `companions`: the repository's other contracts when only some are checked (`--schema`):
    /// the shared testees serve them too, and their own files are not reported.
    public func driftFindings(_ contracts: [Contract], diffs: Bool = false, companions: [Contract] = []) -> [GateFinding] {
        let files = GeneratorPipeline.generate(contracts, options: .init(languages: Language.allCases, golden: true, kotlinPackage: kotlinPackage,
                                                                          testeeContracts: companions.isEmpty ? nil : contracts + companions,
                                                                          layout: layout))
        let companionFiles = GeneratorPipeline.generate(companions, options: .init(languages: Language.allCases, golden: false,
                                                                                    kotlinPackage: kotlinPackage, layout: layout))
        var findings: [GateFinding] = []
        for file in files {
            let onDisk = FileManager.default.contents(atPath: root + "/" + file.path).map { String(decoding: $0, as: UTF8.self) }
            guard let onDisk else {
                findings.append(drift(.missing, file.path, "generated file is missing"))
                continue
            }
            if onDisk != file.contents {
                var finding = drift(.stale, file.path, "differs from what the schema generates (hand-edited, or the schema changed without `emit`)",
                                    line: Self.firstDifferentLine(onDisk, file.contents))
                if diffs {
                    finding.diff = UnifiedDiff.diff(old: onDisk, new: file.contents, oldName: "a/\(file.path) (on disk)", newName: "b/\(file.path) (generated)")
                }
                findings.append(finding)
            }
        }
        // Files in the output and testee directories that emit would not write.
        let interrupted = StagedEmit.orphanFindings(root: root)
        findings += strayFindings(expected: files.map(\.path) + companionFiles.map(\.path), skipping: interrupted.compactMap(\.path))
        for stale in GeneratorPipeline.staleGoldenFiles(contracts, generated: files, root: root, goldenDirectory: layout.goldenDirectory) {
            findings.append(drift(.orphan, stale, "is no longer generated (`emit` removes it)"))
        }
        findings += interrupted
        return findings
    }

    /// Directories contract-gen owns whole, where every file is emit's: the default layout's
    /// generated/, and each configured testee directory that no app directory is, holds or lies in.
    var ownedDirectories: [String] {
        if layout == .default { return ["generated"] }
        let apps = Set(layout.appDirectory.values).union(layout.contractDirectory.values.flatMap(\.values))
        return Set(layout.testeeDirectory.values).filter { testee in !apps.contains { Self.overlap($0, testee) } }.sorted()
    }

    /// The app's own output directories (contract-gen.yaml's `out`s and per-contract ones), which
    /// also hold hand-written code.
    var sharedDirectories: [String] {
        layout == .default ? [] : layout.generatedDirectories.filter { !ownedDirectories.contains($0) }
    }

    static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || a == "." || b == "." || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }

    /// Source files a compiler or bundler may pick up from a directory (`.d.ts` ends in `.ts`).
    static let sourceExtensions = [".swift", ".kt", ".kts", ".java", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]

    /// A planted file beside the generated ones changes what a testee or an app compiles (a dot-file
    /// `readLine()` shadows Swift's), so each file emit would not write fails the gate: anything in
    /// an owned directory, dot-files included; in the app's directories, files carrying the
    /// generated header and hidden source files (ordinary hand-written files there are the app's).
    /// Symbolic links count as files. `skipping`: leftovers of an interrupted emit, reported as such.
    /// Paths compare byte for byte: a file whose name is only canonically equivalent to a
    /// generated file's (NFD for NFC, U+212A for K) is another file to the file system and to
    /// every compiler.
    func strayFindings(expected: [String], skipping: [String]) -> [GateFinding] {
        var findings: [GateFinding] = []
        let expected = Set(expected.map { Array($0.utf8) })
        var seen = Set(skipping.map { Array($0.utf8) })
        func walk(_ directory: String, owned: Bool) {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { return }
            while let item = enumerator.nextObject() as? String {
                let path = ProjectLayout.join(directory, item)
                let full = root + "/" + path
                let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                guard isLink || !isDirectory.boolValue, !expected.contains(Array(path.utf8)), !seen.contains(Array(path.utf8)) else { continue }
                let name = item.split(separator: "/").last.map(String.init) ?? item
                let hiddenSource = name.hasPrefix(".") && Self.sourceExtensions.contains { name.hasSuffix($0) }
                if owned {
                    findings.append(drift(.orphan, path, "is not generated from any schema (delete it)"))
                } else if hiddenSource {
                    findings.append(drift(.orphan, path, "is a hidden source file emit does not write, which a compiler or bundler may still pick up (delete it)"))
                } else if Self.carriesGeneratedHeader(full) {
                    findings.append(drift(.orphan, path, "is not generated from any schema (delete it)"))
                } else {
                    continue
                }
                seen.insert(Array(path.utf8))
            }
        }
        for directory in ownedDirectories { walk(directory, owned: true) }
        for directory in sharedDirectories { walk(directory, owned: false) }
        return findings.sorted { $0.path ?? "" < $1.path ?? "" }
    }

    /// Whether a file starts like every generated source file (its first 200 bytes hold the header).
    static func carriesGeneratedHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 200), as: UTF8.self)
        return head.contains(GeneratedHeader.marker)
    }

    func drift(_ kind: GateFindingKind, _ path: String, _ message: String, line: Int = 1) -> GateFinding {
        let diagnostic = Diagnostic.error(message, at: SourceLocation(file: path, line: line, column: 1))
        let label = kind == .missing ? "missing" : "stale"
        return GateFinding(text: "\(label): \(Diagnostic.printable(path)) \(kind == .missing ? "(run `contract-gen emit --lang all`)" : message)",
                           diagnostic: diagnostic, isFailure: true, kind: kind, path: path, group: Self.group(of: path))
    }

    /// `golden/<contract>/…` → the contract; `generated/<language>/…` → that directory.
    static func group(of path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 2, parts[0] == "golden" { return String(parts[1]) }
        return parts.count > 2 ? parts[0...1].joined(separator: "/") : path
    }

    /// The 1-based number of the first line where two texts differ.
    static func firstDifferentLine(_ a: String, _ b: String) -> Int {
        var line = 1
        for (x, y) in zip(a.utf8, b.utf8) {
            if x != y { return line }
            if x == 10 { line += 1 }
        }
        return line
    }

    // MARK: Hand-written goldens

    /// Hand-written goldens are left alone, but each must still parse and name a known op. Cases
    /// in the sample form are materialised first (against generated or hand-written samples), so
    /// every check below judges what a testee would be sent.
    /// `notRewritten`: why `--fix-cases` left a problem for a human (CaseFixer), by path and problem.
    public func handWrittenGoldenFindings(_ contracts: [Contract], notRewritten: [String: String] = [:]) -> [GateFinding] {
        var findings: [GateFinding] = []
        var loaded: [ConformanceCase] = []
        let opsByContract = Dictionary(uniqueKeysWithValues: contracts.map { ($0.name, Self.ops(of: $0)) })
        // Every file conform would read from these contracts' golden directories, subdirectories
        // included (conform reads them recursively); generated ones only lend their samples.
        var samples = GoldenCaseLoader.SampleIndex()
        var drafts: [(path: String, name: String, draft: GoldenCaseDraft)] = []
        findings += hiddenGoldenFindings()
        for contract in contracts {
            let directory = ProjectLayout.join(layout.goldenDirectory, contract.name)
            var relatives: [String] = []
            if let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) {
                while let item = enumerator.nextObject() as? String { relatives.append(item) }
            }
            for relative in relatives.sorted() {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                // A hidden file, or one in a hidden directory, is reported above and not read.
                guard name.hasSuffix(".json"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                // Schema-derived cases sit at the top of the directory; a `schema.` name deeper
                // down is someone's own file.
                let generated = name.hasPrefix(GoldenEmitter.generatedPrefix) && !relative.contains("/")
                let path = "\(directory)/\(relative)"
                switch GoldenCaseLoader.readFile(path: root + "/" + path) {
                case .failure(let error):
                    if !generated { findings.append(finding(path, "unusable golden case: \(error.message)")) }
                case .success(.sample(let sample)):
                    if let error = samples.add(sample), !generated {
                        findings.append(finding(path, error.message.replacingOccurrences(of: root + "/", with: "")))
                    }
                    if !generated { findings += sampleFindings(sample, path: path, fileName: name, contracts: contracts, notRewritten: notRewritten) }
                case .success(.testCase(let draft)):
                    if !generated { drafts.append((path, name, draft)) }
                }
            }
        }
        // What a sample's own expectation gets wrong is reported at the sample, once; the cases
        // built on it inherit those lines and would repeat them, one copy per case.
        var inheritedProblems: [String: Set<String>] = [:]
        for (contractName, byName) in samples.byName {
            guard let contract = contracts.first(where: { $0.name == contractName }) else { continue }
            for (sampleName, sample) in byName {
                guard let expect = sample.expect else { continue }
                let blob = ObservationShape.BlobKeys(Array(sample.blob.utf8))
                inheritedProblems[contractName + "\u{0}" + sampleName] = Set(ObservationShape.located(in: expect, contract: contract, blob: blob).map(\.message))
            }
        }
        for (path, name, draft) in drafts {
            let inherited = draft.sample.flatMap { inheritedProblems[draft.contract + "\u{0}" + $0] } ?? []
            switch GoldenCaseLoader.materialise(draft, samples: &samples) {
            case .failure(let error):
                findings.append(finding(path, "unusable golden case: \(error.message)"))
            case .success(let golden):
                loaded.append(golden)
                if golden.name + ".json" != name {
                    findings.append(finding(path, "case name '\(golden.name)' does not match the file name"))
                }
                guard let ops = opsByContract[golden.contract] else {
                    findings.append(finding(path, "names unknown contract '\(golden.contract)'"))
                    continue
                }
                guard let op = TesteeOp(rawValue: golden.op), ops.contains(golden.op) else {
                    findings.append(finding(path, "names op '\(golden.op)', which \(golden.contract) does not have (it has \(ops.joined(separator: ", ")))"))
                    continue
                }
                if let contract = contracts.first(where: { $0.name == golden.contract }) {
                    for problem in op.problems(in: golden.given, for: contract) {
                        findings.append(finding(path, "\(problem): a testee answers it with an error"))
                    }
                    if op.observesADecode {
                        // A case a schema change left behind: revisit it now, not at conform.
                        let asksDropped = golden.given["dropped"] == .bool(true)
                        // Not what it inherits from its sample (CaseFixer.ownProblems), which is reported there.
                        let blob = CaseFixer.blobBytes(golden.given).map(ObservationShape.BlobKeys.init)
                        let problems = CaseFixer.ownProblems(ObservationShape.located(in: golden.expect, contract: contract, asksDropped: asksDropped, blob: blob),
                                                             of: draft, sampleProblems: inherited)
                        findings += revisitFindings(problems.map(\.message), path: path, what: "case", notRewritten: notRewritten)
                    }
                }
            }
        }
        // A case file of one directory may name another contract: names must stay unique per
        // contract across directories, as conform requires.
        let prefix = root + "/"
        for error in GoldenCaseLoader.duplicateNames(loaded) {
            let relative = error.path.hasPrefix(prefix) ? String(error.path.dropFirst(prefix.count)) : error.path
            findings.append(finding(relative, error.message.replacingOccurrences(of: prefix, with: "")))
        }
        return findings
    }

    /// `check --fix-cases`: the hand-written cases and samples a harmless schema change left
    /// without a key, rewritten in memory and checked (CaseFixer); the caller writes them.
    func fixCases(_ contracts: [Contract]) -> CaseFixer.Outcome {
        CaseFixer(root: root, goldenDirectory: layout.goldenDirectory, contracts: contracts).run()
    }

    /// `conform` reads every `*.json` under a golden directory and refuses a hidden one (its name,
    /// or a directory's above it, starts with `.`: `GoldenCaseLoader.isHidden`); `check` reports the
    /// same files, so the two never see different sets of cases. Hidden files that are no cases
    /// (`.DS_Store`, `.gitkeep`) are left alone. What an interrupted emit left is reported as that.
    func hiddenGoldenFindings() -> [GateFinding] {
        let directory = layout.goldenDirectory
        guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { return [] }
        let interrupted = Set(GeneratorPipeline.orphanedTemporaryFiles(root: root).map { Array($0.utf8) })
        var findings: [GateFinding] = []
        while let item = enumerator.nextObject() as? String {
            guard item.hasSuffix(".json"), GoldenCaseLoader.isHidden(item) else { continue }
            let path = ProjectLayout.join(directory, item)
            if !interrupted.contains(Array(path.utf8)) {
                findings.append(finding(path, "hidden file in a golden directory: conform refuses it as an unusable case file, and a listing hides it (rename it, and any directory above it, without the leading '.', or delete it)"))
            }
        }
        return findings.sorted { ($0.diagnostic?.location?.file ?? "") < ($1.diagnostic?.location?.file ?? "") }
    }

    /// The "case to revisit" lines for an expected observation (at most five, then a count).
    func revisitFindings(_ shape: [String], path: String, what: String, notRewritten: [String: String] = [:]) -> [GateFinding] {
        var findings = shape.prefix(5).map { problem in
            finding(path, "\(what) to revisit: expect \(problem)" + (notRewritten[CaseFixer.key(path, problem)].map { " (not rewritten by --fix-cases: \($0))" } ?? ""))
        }
        if shape.count > 5 { findings.append(finding(path, "\(what) to revisit: and \(shape.count - 5) more difference(s) from the schema's observation")) }
        return findings
    }

    /// A hand-written sample: named as its file, of a known contract, and its expectation (the
    /// base of its cases' `expect-changes`) still an observation the schema makes.
    func sampleFindings(_ sample: GoldenSample, path: String, fileName: String, contracts: [Contract], notRewritten: [String: String] = [:]) -> [GateFinding] {
        var findings: [GateFinding] = []
        if sample.name + ".json" != fileName { findings.append(finding(path, "sample name '\(sample.name)' does not match the file name")) }
        guard let contract = contracts.first(where: { $0.name == sample.contract }) else {
            return findings + [finding(path, "names unknown contract '\(sample.contract)'")]
        }
        if let expect = sample.expect {
            let problems = ObservationShape.located(in: expect, contract: contract, blob: ObservationShape.BlobKeys(Array(sample.blob.utf8)))
            findings += revisitFindings(problems.map(\.message), path: path, what: "sample", notRewritten: notRewritten)
        }
        return findings
    }

    func finding(_ path: String, _ message: String) -> GateFinding {
        let diagnostic = Diagnostic.error(message, at: SourceLocation(file: path, line: 1, column: 1))
        return GateFinding(text: diagnostic.description, diagnostic: diagnostic, isFailure: true, kind: .golden)
    }

    // MARK: Breaking changes

    /// Compares each contract with the contract of the same `contract:` name at `base`, wherever
    /// its schema file was then. `schemaPaths` are the schemas being checked; every `.yaml` in
    /// their directories at `base` is read too, so a renamed file is still matched. A contract
    /// at `base` that no longer exists is reported as removed when it is in scope: always when
    /// the whole schema directory is checked, and with `--schema` only if its old file was given.
    public func breakingChanges(_ contracts: [Contract], base: GitRevision, schemaPaths: [String], explicitSchemas: Bool) throws -> [GateFinding] {
        let paths = schemaPaths.map(Self.normalized)
        // The base's schemas where its own layout put them, and every .yaml beside the schemas
        // checked now (a schema file renamed in place is still matched).
        let baseLayout = try BaseSchemaLayout.locate(at: base, invocation: invocation, givenConfig: givenConfig)
        let directories = Set(paths.map(Self.directory)).union(baseLayout.directories.map(Self.normalized)).sorted()
        let files = Set(paths).union(baseLayout.files.map(Self.normalized)).sorted()
        let old = loadBaseContracts(try base.schemaFiles(directories: directories, paths: files), base: base)
        var findings = (baseLayout.failure.map { [$0] } ?? []) + old.notes
        let headNames = Set(contracts.map(\.name))
        for contract in contracts.sorted(by: { $0.name < $1.name }) {
            let path = Self.normalized(contract.sourcePath)
            guard let previous = old.contracts[contract.name] else {
                findings.append(note(contract.location, "new contract '\(contract.name)' (not in \(base.ref))"))
                continue
            }
            if previous.sourcePath != path {
                findings.append(note(contract.location, "contract '\(contract.name)' was in \(previous.sourcePath) at \(base.ref); compared with that"))
            }
            for change in SchemaComparison.compare(old: previous.contract, new: contract) {
                findings.append(finding(change))
            }
        }
        for (name, previous) in old.contracts.sorted(by: { $0.key < $1.key }) where !headNames.contains(name) {
            guard !explicitSchemas || paths.contains(previous.sourcePath) else { continue }
            let successor = contracts.first { Self.normalized($0.sourcePath) == previous.sourcePath && old.contracts[$0.name] == nil }
            let hint = successor.map { " (renamed to '\($0.name)'? contracts are matched by their `contract:` name)" } ?? ""
            let why = SchemaComparison.rationale[.contractRemoved]!
            findings.append(finding(SchemaChange(rule: .contractRemoved, isBreaking: true,
                                                 message: "contract '\(name)' (\(previous.sourcePath) at \(base.ref)) removed\(hint) (\(why); no version bump excuses this)",
                                                 location: successor?.location ?? SourceLocation(file: previous.sourcePath, line: 1, column: 1))))
        }
        return findings
    }

    struct BaseContract {
        var contract: Contract
        var sourcePath: String
    }

    /// Loads every schema at `base`, by contract name. The base is read as blobs see it: the
    /// checks on names in generated code are skipped (a newer contract-gen may refuse a type name
    /// the base used, which changes no blob). A schema that still does not load is a failure: the
    /// gate cannot tell what the change breaks, and a gate that quietly compares nothing is a hole.
    func loadBaseContracts(_ files: [BaseSchemaFile], base: GitRevision) -> (contracts: [String: BaseContract], notes: [GateFinding]) {
        var contracts: [String: BaseContract] = [:]
        var notes: [GateFinding] = []
        for file in files {
            let location = SourceLocation(file: file.path, line: 1, column: 1)
            let contract: Contract
            do {
                contract = try SchemaLoader.load(text: file.text, path: "\(base.ref):\(file.path)", checkingCodeNames: false)
            } catch {
                let first = error.diagnostics.first.map { ": \($0.description)" } ?? ""
                let message = "the schema \(file.path) at \(base.ref) does not load\(first); its contract cannot be compared with this one, so"
                    + " the gate cannot tell what this change breaks (fix the schema at \(base.ref) first, or compare with another --base)"
                let diagnostic = Diagnostic(.error, message, at: location)
                notes.append(GateFinding(text: diagnostic.description, diagnostic: diagnostic, isFailure: true, kind: .uncompared))
                continue
            }
            if let first = contracts[contract.name] {
                notes.append(note(location, "contract '\(contract.name)' is defined twice at \(base.ref); compared with \(first.sourcePath)"))
                continue
            }
            contracts[contract.name] = BaseContract(contract: contract, sourcePath: file.path)
        }
        return (contracts, notes)
    }

    /// A breaking change names its rule, so the README's table says why.
    func finding(_ change: SchemaChange) -> GateFinding {
        let message = change.isBreaking ? "\(change.message) [\(change.rule.rawValue)]" : change.message
        let diagnostic = Diagnostic(change.isBreaking ? .error : .note, message, at: change.location)
        return GateFinding(text: diagnostic.description, diagnostic: change.isBreaking ? diagnostic : nil,
                           isFailure: change.isBreaking, kind: change.isBreaking ? .breaking : .note)
    }

    func note(_ location: SourceLocation?, _ message: String) -> GateFinding {
        GateFinding(text: Diagnostic(.note, message, at: location).description, diagnostic: nil, isFailure: false, kind: .note)
    }

    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
