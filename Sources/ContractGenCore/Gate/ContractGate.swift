/// `contract-gen check`, the pre-merge gate: generated files in sync, hand-written goldens
/// usable, and (with `--base`) no breaking schema change without a version bump.
import Foundation

/// One line of the gate's verdict.
public struct GateFinding: Sendable {
    public var text: String
    public var diagnostic: Diagnostic?
    public var isFailure: Bool
}

public struct ContractGate: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// The ops a contract's testee serves (SPEC §6), from its declared behaviours.
    public static func ops(of contract: Contract) -> [String] {
        var ops = ["decode"]
        let b = contract.behaviours
        if b.staleness != nil { ops.append("stale") }
        if b.header != nil { ops += ["header", "dayStart"] }
        if b.validUntil != nil { ops.append("validUntil") }
        if b.doneQueue != nil { ops += ["queue.set", "queue.peek", "queue.drain"] }
        return ops
    }

    // MARK: Drift

    /// Regenerates everything in memory and compares with the files on disk.
    public func driftFindings(_ contracts: [Contract]) -> [GateFinding] {
        let files = GeneratorPipeline.generate(contracts, options: .init(languages: Language.allCases, golden: true))
        var findings: [GateFinding] = []
        for file in files {
            let onDisk = FileManager.default.contents(atPath: root + "/" + file.path).map { String(decoding: $0, as: UTF8.self) }
            guard let onDisk else {
                findings.append(GateFinding(text: "missing: \(file.path) (run `contract-gen emit --lang all`)",
                                            diagnostic: .error("generated file is missing", at: SourceLocation(file: file.path, line: 1, column: 1)),
                                            isFailure: true))
                continue
            }
            if onDisk != file.contents {
                let diff = UnifiedDiff.diff(old: onDisk, new: file.contents, oldName: "a/\(file.path) (on disk)", newName: "b/\(file.path) (generated)")
                let line = Self.firstChangedLine(diff)
                findings.append(GateFinding(text: "stale: \(file.path) differs from what the schema generates (hand-edited, or the schema changed without `emit`):\n\(diff)",
                                            diagnostic: .error("stale or hand-edited generated file; run `contract-gen emit --lang all`", at: SourceLocation(file: file.path, line: line, column: 1)),
                                            isFailure: true))
            }
        }
        // Files under generated/ that nothing generates any more.
        let expected = Set(files.map(\.path))
        for directory in ["generated/swift", "generated/kotlin", "generated/typescript"] {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { continue }
            while let item = enumerator.nextObject() as? String {
                let path = directory + "/" + item
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
                if !isDirectory.boolValue, !expected.contains(path), !item.split(separator: "/").last!.hasPrefix(".") {
                    findings.append(GateFinding(text: "stale: \(path) is not generated from any schema (delete it)",
                                                diagnostic: .error("not generated from any schema", at: SourceLocation(file: path, line: 1, column: 1)),
                                                isFailure: true))
                }
            }
        }
        for stale in GeneratorPipeline.staleGoldenFiles(contracts, generated: files, root: root) {
            findings.append(GateFinding(text: "stale: \(stale) is no longer generated (run `contract-gen emit --lang golden`)",
                                        diagnostic: .error("stale generated golden", at: SourceLocation(file: stale, line: 1, column: 1)),
                                        isFailure: true))
        }
        findings += StagedEmit.orphanFindings(root: root)
        return findings
    }

    static func firstChangedLine(_ diff: String) -> Int {
        for line in diff.split(separator: "\n") where line.hasPrefix("@@") {
            // "@@ -12,7 +12,8 @@"
            let parts = line.split(separator: " ")
            if parts.count > 1, let start = Int(parts[1].dropFirst().split(separator: ",")[0]) { return start + 3 }
        }
        return 1
    }

    // MARK: Hand-written goldens

    /// Hand-written goldens are left alone, but each must still parse and name a known op.
    public func handWrittenGoldenFindings(_ contracts: [Contract]) -> [GateFinding] {
        var findings: [GateFinding] = []
        let opsByContract = Dictionary(uniqueKeysWithValues: contracts.map { ($0.name, Self.ops(of: $0)) })
        for contract in contracts {
            let directory = "golden/\(contract.name)"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []).sorted()
            for name in names where name.hasSuffix(".json") && !name.hasPrefix(GoldenEmitter.generatedPrefix) {
                let path = "\(directory)/\(name)"
                switch GoldenCaseLoader.loadCase(path: root + "/" + path) {
                case .failure(let error):
                    findings.append(finding(path, "unusable golden case: \(error.message)"))
                case .success(let golden):
                    if golden.name + ".json" != name {
                        findings.append(finding(path, "case name '\(golden.name)' does not match the file name"))
                    }
                    guard let ops = opsByContract[golden.contract] else {
                        findings.append(finding(path, "names unknown contract '\(golden.contract)'"))
                        continue
                    }
                    if !ops.contains(golden.op) {
                        findings.append(finding(path, "names op '\(golden.op)', which \(golden.contract) does not have (it has \(ops.joined(separator: ", ")))"))
                    }
                }
            }
        }
        return findings
    }

    func finding(_ path: String, _ message: String) -> GateFinding {
        let diagnostic = Diagnostic.error(message, at: SourceLocation(file: path, line: 1, column: 1))
        return GateFinding(text: diagnostic.description, diagnostic: diagnostic, isFailure: true)
    }

    // MARK: Breaking changes

    /// Compares each schema with its version at `base` (`git show base:path`).
    public func breakingChanges(_ contracts: [Contract], base: String) throws -> [GateFinding] {
        var findings: [GateFinding] = []
        for contract in contracts {
            guard let oldText = try gitShow(base: base, path: contract.sourcePath) else {
                findings.append(GateFinding(text: "\(contract.sourcePath): note: new contract '\(contract.name)' (not in \(base))", diagnostic: nil, isFailure: false))
                continue
            }
            let old: Contract
            do {
                old = try SchemaLoader.load(text: oldText, path: "\(base):\(contract.sourcePath)")
            } catch {
                findings.append(GateFinding(text: "\(contract.sourcePath): note: the schema at \(base) does not load, so nothing is compared", diagnostic: nil, isFailure: false))
                continue
            }
            for change in SchemaComparison.compare(old: old, new: contract) {
                let diagnostic = Diagnostic(change.isBreaking ? .error : .note, change.message, at: change.location)
                findings.append(GateFinding(text: diagnostic.description, diagnostic: change.isBreaking ? diagnostic : nil, isFailure: change.isBreaking))
            }
        }
        return findings
    }

    func gitShow(base: String, path: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "show", "\(base):\(path)"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 { return String(decoding: data, as: UTF8.self) }
        if errorText.contains("does not exist") || errorText.contains("exists on disk, but not in") { return nil }
        throw UsageError("cannot read \(path) at '\(base)': \(errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
