/// Runs mutants: each is written into a scratch copy of the language's generated files, built by
/// TesteeBuilder like `conform` builds it, and run against the golden cases by the conformance
/// runner's own evaluation. The first failing, crashing or timed-out case kills it (cases that
/// killed before are tried first); a mutant that does not compile is stillborn. A TypeScript
/// mutant that Node does not kill is run again on JavaScriptCore, whose testee takes the paths an
/// engine without String.prototype.isWellFormed takes (older iOS), when `jsc` is installed.
import Foundation

public enum MutantOutcome: Sendable, Equatable {
    case killed(byCase: String, how: String)
    case survived
    /// Does not compile: reported apart and left out of the score.
    case stillborn(String)
    /// Listed in mutation/equivalent-<lang>.txt, with its reason: left out of the score.
    case equivalent(String)
    /// Listed in mutation/unreachable-<lang>.txt: a real bug the testee protocol cannot show.
    /// Left out of the score but counted and reported apart (and in the reachable-or-not score).
    case unreachable(String)
}

public struct MutantResult: Sendable {
    public var mutant: Mutant
    public var outcome: MutantOutcome
    public var seconds: Double
    public var cached: Bool
}

public struct MutationRunner {
    public var root: String
    public var language: Language
    public var cases: [ConformanceCase]
    /// Seconds one case may take before the mutant counts as killed by a timeout.
    public var caseTimeout: Double = 10
    /// Stop starting mutants after this many seconds (the rest are reported as not run).
    public var deadline: Double?
    /// Swift mutants are compiled without -O (about 3× faster to build; the checks that trap are
    /// the same in debug and release). The unmutated baseline is checked the same way.
    public var optimizeSwift = false
    /// Reuse results stored under .build/mutation-cache for unchanged files, mutants and cases.
    public var incremental = true
    /// Kotlin: compile only the mutated file against the unmutated classes when that is sound
    /// (KotlinOneFileBuild); false builds every mutant the way `conform` does.
    public var kotlinOneFile = true
    /// TypeScript and Swift: build each mutant incrementally from the unmutated build
    /// (TypeScriptIncrementalBuild, SwiftIncrementalBuild); false builds every mutant the way `conform` does.
    public var incrementalBuilds = true
    public var progress: (String) -> Void = { _ in }

    public init(root: String, language: Language, cases: [ConformanceCase]) {
        self.root = root
        self.language = language
        self.cases = cases
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `mutants` in order; the unmutated code must build and pass every case first.
    public func run(_ mutants: [Mutant], equivalents: EquivalentMutants) throws -> (results: [MutantResult], notRun: Int) {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var order = Array(cases.indices)
        if let problem = baselineProblem(scratch: scratch, order: order) { throw Failure(description: problem) }
        var oneFile: KotlinOneFileBuild?
        var compileServer: KotlinCompileServer?
        defer { compileServer?.stop() }
        if language == .kotlin, kotlinOneFile, mutants.contains(where: { !equivalents.reasons.keys.contains($0.key) }) {
            progress("compiling the unmutated Kotlin classes once, for one-file mutant builds …")
            let run = builder(scratch).run
            compileServer = KotlinCompileServer.start(root: root, fallback: run)
            if compileServer == nil { progress("no warm Kotlin compiler: each mutant runs kotlinc") }
            oneFile = KotlinOneFileBuild.prepare(scratch: scratch, files: kotlinSources(scratch), run: compileServer?.run ?? run)
            if let base = oneFile, let problem = baseFails(base.baseCommand, order: order) {
                progress("the unmutated classes of one-file builds fail \(problem): every Kotlin mutant is built in full")
                oneFile = nil
            }
            if oneFile == nil { progress("one-file builds unavailable: every Kotlin mutant is built in full") }
        }
        var incrementalBuild: IncrementalMutantBuild?
        if language != .kotlin, incrementalBuilds, mutants.contains(where: { !equivalents.reasons.keys.contains($0.key) }) {
            progress("compiling the unmutated \(language.displayName) once more, incrementally, for incremental mutant builds …")
            incrementalBuild = prepareIncrementalBuild(scratch: scratch)
            if let base = incrementalBuild, let problem = baseFails(base.baseCommand, order: order) {
                progress("the unmutated code built incrementally fails \(problem): every \(language.displayName) mutant is built in full")
                incrementalBuild = nil
            }
            if incrementalBuild == nil { progress("incremental builds unavailable: every \(language.displayName) mutant is built in full") }
        }
        var cache = MutationCache.load(path: cachePath)
        let buildInputs = buildInputsHash()
        let started = Date()
        var results: [MutantResult] = []
        for (index, mutant) in mutants.enumerated() {
            if let deadline, Date().timeIntervalSince(started) > deadline { return (results, mutants.count - index) }
            if let reason = equivalents.reasons[mutant.key] {
                results.append(MutantResult(mutant: mutant, outcome: .equivalent(reason), seconds: 0, cached: false))
                continue
            }
            if let reason = equivalents.unreachable[mutant.key] {
                results.append(MutantResult(mutant: mutant, outcome: .unreachable(reason), seconds: 0, cached: false))
                continue
            }
            let key = buildInputs + "/" + mutant.file + "/" + mutant.id
            if incremental, let outcome = cache.outcome(for: key, cases: cases) {
                results.append(MutantResult(mutant: mutant, outcome: outcome, seconds: 0, cached: true))
                continue
            }
            let clock = Date()
            let outcome = try runOne(mutant, scratch: scratch, order: &order, oneFile: oneFile,
                                     incrementalBuild: incrementalBuild)
            let result = MutantResult(mutant: mutant, outcome: outcome, seconds: Date().timeIntervalSince(clock), cached: false)
            results.append(result)
            progress("[\(index + 1)/\(mutants.count)] \(mutant.label): \(MutationReport.describe(outcome)) (\(String(format: "%.1f", result.seconds)) s)")
            if incremental {
                cache.store(outcome, for: key, cases: cases)
                cache.save(path: cachePath)
            }
        }
        return (results, 0)
    }

    var cachePath: String { root + "/.build/mutation-cache/\(language.rawValue).json" }

    /// Every file the testee is built from: a mutant's result depends on all of them.
    func buildInputsHash() -> String {
        let directory = MutantCatalogue.sourceDirectory(language).directory.split(separator: "/").prefix(2).joined(separator: "/")
        var bytes: [UInt8] = Array((optimizeSwift ? "O" : "Onone").utf8)
        if secondEngine { bytes += Array(EmbeddedRuntime.typescriptJSCAdapter.utf8) }
        let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory)
        var files: [String] = []
        while let item = enumerator?.nextObject() as? String { files.append(item) }
        for file in files.sorted() {
            bytes += Array(file.utf8)
            bytes += [UInt8](FileManager.default.contents(atPath: root + "/" + directory + "/" + file) ?? Data())
        }
        return String(SHA256.hex(bytes).prefix(16))
    }

    /// A scratch root holding a copy of the language's generated directory (all the builder reads).
    func makeScratch() throws -> String {
        let scratch = NSTemporaryDirectory() + "contract-gen-mutate-\(language.rawValue)-\(getpid())-\(UUID().uuidString.prefix(8))"
        let generated = "generated/" + language.rawValue
        try FileManager.default.createDirectory(atPath: scratch + "/generated", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/" + generated, toPath: scratch + "/" + generated)
        return scratch
    }

    func builder(_ scratch: String) -> TesteeBuilder {
        var builder = TesteeBuilder(root: scratch)
        builder.optimizeSwift = optimizeSwift
        builder.layout = .scanning(root: scratch)
        return builder
    }

    /// TypeScript survivors of Node are run on JavaScriptCore too (when `jsc` is installed).
    var secondEngine: Bool { language == .typescript && TesteeBuilder.jscPath() != nil }

    /// The implementations a mutant is run on, in order: the second only sees Node's survivors.
    var engines: [Implementation] {
        switch language {
        case .swift: return [.swift]
        case .kotlin: return [.kotlin]
        case .typescript: return secondEngine ? [.typescript, .typescriptJSC] : [.typescript]
        }
    }

    func baselineProblem(scratch: String, order: [Int]) -> String? {
        progress("building the unmutated \(language.displayName) testee (baseline) …")
        if language == .typescript, !secondEngine {
            progress("jsc not found: Node's survivors are not run on JavaScriptCore (\(TesteeBuilder.jscInstallHint))")
        }
        for engine in engines {
            switch builder(scratch).launch(engine) {
            case .skipped(let reason), .failed(let reason): return "the unmutated code cannot be tested: \(reason)"
            case .command(let command):
                var order = order
                if case .killed(let name, let how) = runCases(command, order: &order) {
                    return "the unmutated code already fails case \(name) on \(engine.rawValue) (\(how)); fix that first"
                }
            }
        }
        try? FileManager.default.removeItem(atPath: scratch + "/.build")
        return nil
    }

    /// A faster build's unmutated testee must pass every case as `conform`'s build does, or a
    /// difference between the two builds would count as mutants killed: the failing case, or nil.
    func baseFails(_ command: [String], order: [Int]) -> String? {
        var order = order
        guard case .killed(let name, let how) = runCases(command, order: &order) else { return nil }
        return "case \(name) (\(how))"
    }

    /// The Kotlin files the testee is built from, as TesteeBuilder finds them.
    func kotlinSources(_ scratch: String) -> [String] {
        let directory = scratch + "/generated/kotlin"
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let item = enumerator?.nextObject() as? String {
            if item.hasSuffix(".kt") { files.append(directory + "/" + item) }
        }
        return files.sorted()
    }

    /// The language's incremental mutant build over the scratch copy's sources, as TesteeBuilder finds them.
    func prepareIncrementalBuild(scratch: String) -> IncrementalMutantBuild? {
        let builder = builder(scratch)
        switch language {
        case .typescript:
            return TypeScriptIncrementalBuild.prepare(scratch: scratch, files: builder.typeScriptSources, run: builder.run)
        case .swift:
            return SwiftIncrementalBuild.prepare(scratch: scratch, files: builder.swiftSources, optimization: builder.swiftOptimization,
                                                 run: builder.run)
        case .kotlin:
            return nil
        }
    }

    func runOne(_ mutant: Mutant, scratch: String, order: inout [Int], oneFile: KotlinOneFileBuild? = nil,
                incrementalBuild: IncrementalMutantBuild? = nil) throws -> MutantOutcome {
        let path = scratch + "/" + mutant.file
        guard let original = FileManager.default.contents(atPath: root + "/" + mutant.file) else {
            throw Failure(description: "cannot read \(mutant.file)")
        }
        try Data(mutant.apply(to: [UInt8](original))).write(to: URL(fileURLWithPath: path))
        defer {
            try? original.write(to: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: scratch + "/.build")   // one testee per mutant: never reused
        }
        if let oneFile, KotlinOneFileBuild.canBuildAlone(mutant, bytes: [UInt8](original)) {
            switch oneFile.build(file: path, output: scratch + "/.build/kotlin-mutant") {
            case .failure(let failure): return .stillborn(Self.firstError(failure.output))
            case .success(let command): return runCases(command, order: &order)
            }
        }
        var engines = engines[...]
        if let incrementalBuild {
            // The first engine built incrementally; only its survivors are built in full for the next
            // (TypeScript's JavaScriptCore).
            switch incrementalBuild.build() {
            case .failure(.compiler(let output)): return .stillborn(Self.firstError(output))
            case .failure(.infrastructure(let problem)): throw Failure(description: problem)
            case .success(let command):
                let outcome = runCases(command, order: &order)
                if case .killed = outcome { return outcome }
            }
            engines = engines.dropFirst()
        }
        for (position, engine) in zip(engines.indices, engines) {
            switch builder(scratch).launch(engine) {
            case .skipped(let reason): throw Failure(description: reason)
            case .failed(let reason): return .stillborn(Self.firstError(reason))
            case .command(let command):
                let outcome = runCases(command, order: &order)
                guard case .killed(let name, let how) = outcome else { continue }
                return position == 0 ? outcome : .killed(byCase: name, how: how + " on \(engine.rawValue)")
            }
        }
        return .survived
    }

    /// Runs cases in `order` until one fails; a killing case moves to the front for the next mutant.
    func runCases(_ command: [String], order: inout [Int]) -> MutantOutcome {
        let runner = ConformanceRunner(timeout: caseTimeout)
        let process = TesteeProcess(command: command, timeout: caseTimeout)
        defer { process.stop() }
        for (position, index) in order.enumerated() {
            let golden = cases[index]
            let outcome = runner.evaluate(golden, reply: process.send(golden.request))
            guard case .failed(_, let actual, _) = outcome else { continue }
            order.remove(at: position)
            order.insert(index, at: 0)
            let how = actual.hasPrefix("(no answer") ? "timed out" : actual.hasPrefix("(") ? "crashed" : "wrong answer"
            return .killed(byCase: golden.name, how: how)
        }
        return .survived
    }

    /// The first compiler error line, for the report.
    static func firstError(_ output: String) -> String {
        let lines = output.split(separator: "\n").map(String.init)
        var error = lines.first { $0.contains("error") && $0 != lines.first } ?? lines.dropFirst().first ?? "does not compile"
        // The scratch directory's path means nothing after the run: keep the repository-relative part.
        if let generated = error.range(of: "generated/") { error = String(error[generated.lowerBound...]) }
        return String(error.trimmingCharacters(in: .whitespaces).prefix(160))
    }
}

/// .build/mutation-cache/<lang>.json: earlier outcomes, reused only while the generated files,
/// the mutant and the deciding cases are unchanged (a survivor is re-run whenever any case changes).
struct MutationCache {
    var entries: [String: JSONValue] = [:]

    static func load(path: String) -> MutationCache {
        guard let data = FileManager.default.contents(atPath: path),
              case .object(let pairs)? = JSONValue.parse(String(decoding: data, as: UTF8.self)) else { return MutationCache() }
        return MutationCache(entries: Dictionary(pairs, uniquingKeysWith: { $1 }))
    }

    func save(path: String) {
        let text = JSONValue.object(entries.sorted { $0.key < $1.key }).serialized()
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())"
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: temporary))) != nil else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    static func digest(_ golden: ConformanceCase) -> String {
        String(SHA256.hex(Array((golden.request + golden.expect.serialized(sortedKeys: true)).utf8)).prefix(16))
    }

    static func digest(_ cases: [ConformanceCase]) -> String {
        String(SHA256.hex(Array(cases.map(digest).joined().utf8)).prefix(16))
    }

    func outcome(for key: String, cases: [ConformanceCase]) -> MutantOutcome? {
        guard let entry = entries[key], let kind = entry["outcome"]?.stringValue else { return nil }
        switch kind {
        case "killed":
            guard let name = entry["case"]?.stringValue, let how = entry["how"]?.stringValue,
                  let golden = cases.first(where: { $0.name == name }),
                  entry["caseDigest"]?.stringValue == Self.digest(golden) else { return nil }
            return .killed(byCase: name, how: how)
        case "stillborn":
            return entry["reason"]?.stringValue.map(MutantOutcome.stillborn)
        case "survived":
            return entry["cases"]?.stringValue == Self.digest(cases) ? .survived : nil
        default:
            return nil
        }
    }

    mutating func store(_ outcome: MutantOutcome, for key: String, cases: [ConformanceCase]) {
        switch outcome {
        case .killed(let name, let how):
            let digest = cases.first { $0.name == name }.map(Self.digest) ?? ""
            entries[key] = .object([("outcome", .string("killed")), ("case", .string(name)), ("how", .string(how)),
                                    ("caseDigest", .string(digest))])
        case .stillborn(let reason):
            entries[key] = .object([("outcome", .string("stillborn")), ("reason", .string(reason))])
        case .survived:
            entries[key] = .object([("outcome", .string("survived")), ("cases", .string(Self.digest(cases)))])
        case .equivalent, .unreachable:
            break
        }
    }
}
