/// Runs the golden emitter's catalogue mutants: each patches one file of
/// Sources/ContractGenCore/Fixtures in a copy of the package, the copy's contract-gen is built
/// (incrementally: the copy and its build live on under .build/catalogue-emitter), its
/// `emit --lang golden` writes the goldens of a copy of schema/ beside the hand-written cases, and
/// RuleCoverage judges them. A mutant is killed when a rule's witness loses all its cases; one
/// that does not compile is stillborn. The unmutated emitter's goldens must hold every witness
/// first, or nothing can be judged. (`check`'s drift test would notice any change of the
/// committed goldens too; this judges what the emitter covers, whatever it wrote before.)
import Foundation

struct EmitterMutantRun {
    var root: String
    var rules: RuleCatalogue
    var deadline: Date?
    var progress: (String) -> Void = { _ in }

    struct Failure: Error, CustomStringConvertible { var description: String }

    var work: String { root + "/.build/catalogue-emitter" }
    var package: String { work + "/package" }
    var project: String { work + "/project" }
    var binary: String { package + "/.build/debug/contract-gen" }

    /// What the build copy needs: the manifest and every path a target names.
    static let packageParts = ["Package.swift", "Sources", "Plugins", "Runtime", "Tools", "generated", "Benchmarks", "Tests"]

    func run(_ mutants: [(RuleMutant, Mutant)]) throws -> [MutantResult] {
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for part in Self.packageParts { try Self.sync(root + "/" + part, to: package + "/" + part) }
        progress("building the golden emitter's copy (unmutated) under \(work) …")
        if let problem = build() { throw Failure(description: "the unmutated copy does not build: \(MutationRunner.firstError(problem))") }
        let baseline = try emitAndCover()
        guard baseline.isComplete else {
            throw Failure(description: "the unmutated emitter's goldens already lose a rule's cases (\(baseline.lost.first!)); fix mutation/rules.yaml or the goldens first")
        }
        var results: [MutantResult] = []
        for (index, (_, mutant)) in mutants.enumerated() {
            if let deadline, Date() > deadline { break }
            let clock = Date()
            let outcome = try judge(mutant)
            results.append(MutantResult(mutant: mutant, outcome: outcome, seconds: Date().timeIntervalSince(clock), cached: false))
            progress("[\(index + 1)/\(mutants.count)] \(mutant.site.description): \(MutationReport.describe(outcome)) (\(String(format: "%.1f", Date().timeIntervalSince(clock))) s)")
        }
        return results
    }

    func judge(_ mutant: Mutant) throws -> MutantOutcome {
        let path = package + "/" + mutant.file
        guard let original = FileManager.default.contents(atPath: root + "/" + mutant.file) else {
            throw Failure(description: "cannot read \(mutant.file)")
        }
        try Data(mutant.apply(to: [UInt8](original))).write(to: URL(fileURLWithPath: path))
        defer { try? original.write(to: URL(fileURLWithPath: path)) }
        if let problem = build() { return .stillborn(MutationRunner.firstError(problem)) }
        let coverage = try emitAndCover()
        guard let lost = coverage.lost.first else { return .survived }
        return .killed(byCase: "coverage of \(lost.rule)", how: "no golden case matches \(lost.witness)")
    }

    /// Nil when the copy's contract-gen built; else the compiler's output.
    func build() -> String? {
        let completion = ChildProcess.runToCompletion(["swift", "build", "--package-path", package, "--product", "contract-gen"],
                                                      deadline: deadline)
        switch completion.end {
        case .succeeded: return nil
        case .failed, .deadlinePassed: return completion.output.isEmpty ? "swift build failed" : completion.output
        }
    }

    /// The copy's goldens for schema/ (beside the hand-written cases), and their coverage.
    func emitAndCover() throws -> RuleCoverage {
        try? FileManager.default.removeItem(atPath: project)
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/schema", toPath: project + "/schema")
        // The hand-written cases only: what the emitter writes must come from this emitter.
        for contract in try FileManager.default.contentsOfDirectory(atPath: root + "/golden") {
            let directory = root + "/golden/" + contract
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            try FileManager.default.createDirectory(atPath: project + "/golden/" + contract, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) where !name.hasPrefix(GoldenEmitter.generatedPrefix) {
                try FileManager.default.copyItem(atPath: directory + "/" + name, toPath: project + "/golden/" + contract + "/" + name)
            }
        }
        let quoted = "'" + project.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let binaryQuoted = "'" + binary.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let completion = ChildProcess.runToCompletion(["/bin/sh", "-c", "cd \(quoted) && \(binaryQuoted) emit --lang golden"], deadline: deadline)
        guard case .succeeded = completion.end else {
            throw Failure(description: "the copy's `emit --lang golden` failed: \(completion.output.suffix(400))")
        }
        let loaded = GoldenCaseLoader.load(directories: [project + "/golden"])
        if let error = loaded.errors.first { throw Failure(description: "the emitted goldens do not load: \(error.path): \(error.message)") }
        return RuleCoverage(rules: rules, cases: loaded.cases)
    }

    /// Makes `destination` hold exactly what `source` holds, writing only files whose bytes differ,
    /// so the copy's incremental build sees only what changed.
    static func sync(_ source: String, to destination: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: source, isDirectory: &isDirectory) else {
            try? manager.removeItem(atPath: destination)
            return
        }
        if !isDirectory.boolValue {
            let bytes = manager.contents(atPath: source)
            if manager.contents(atPath: destination) != bytes {
                try? manager.removeItem(atPath: destination)
                try bytes?.write(to: URL(fileURLWithPath: destination))
            }
            return
        }
        var destinationIsDirectory: ObjCBool = false
        if manager.fileExists(atPath: destination, isDirectory: &destinationIsDirectory), !destinationIsDirectory.boolValue {
            try manager.removeItem(atPath: destination)
        }
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let names = Set(try manager.contentsOfDirectory(atPath: source))
        for stale in try manager.contentsOfDirectory(atPath: destination) where !names.contains(stale) {
            try manager.removeItem(atPath: destination + "/" + stale)
        }
        for name in names.sorted() where name != ".build" {
            try sync(source + "/" + name, to: destination + "/" + name)
        }
    }
}
