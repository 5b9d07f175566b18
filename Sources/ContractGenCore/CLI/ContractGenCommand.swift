/// The command-line front end: `emit`, `check`, `conform`, `decode`, `--help`,
/// `--version`. Exit codes: 0 success, 1 check/conformance failure, 2 usage or schema error.
import Foundation

/// Where a command writes; tests capture both streams.
public struct CommandIO: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// All of stdin, as bytes (`decode` refuses bytes that are not UTF-8 rather than repair them).
    public var readStdinBytes: @Sendable () -> Data
    /// All of stdin as text (invalid UTF-8 repaired with U+FFFD).
    public var readStdin: @Sendable () -> String {
        { [readStdinBytes] in String(decoding: readStdinBytes(), as: UTF8.self) }
    }

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                readStdin: @escaping @Sendable () -> String = { "" }, readStdinBytes: (@Sendable () -> Data)? = nil) {
        self.out = out
        self.err = err
        self.readStdinBytes = readStdinBytes ?? { Data(readStdin().utf8) }
    }

    public static let standard = CommandIO(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) },
        readStdinBytes: { FileHandle.standardInput.readDataToEndOfFile() })
}

public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
}

public struct ContractGenCommand: Sendable {
    public var io: CommandIO
    /// The repository root everything is relative to (the current directory by default; the
    /// directory of contract-gen.yaml when there is one).
    public var root: String
    /// contract-gen.yaml, when one was found or given, and the layout it (or the default) sets.
    var config: ProjectConfig?
    var layout: ProjectLayout = .default
    /// Where the command was run, when a config moved `root` (flags' paths are relative to it).
    var invocationDirectory: String?

    public init(io: CommandIO = .standard, root: String = FileManager.default.currentDirectoryPath) {
        self.io = io
        self.root = root
    }

    static let usage = """
    contract-gen \(contractGenVersion) — one YAML schema → Swift, Kotlin and TypeScript decoders in lockstep.

    USAGE:
      contract-gen init [--force]
      contract-gen emit --lang swift|kotlin|typescript|golden|all [--schema FILE]... [--out DIR|-] [--kotlin-package PKG]
      contract-gen check [--schema FILE]... [--base GIT-REF] [--diff] [--fix-cases] [--format text|github]
      contract-gen conform [--lang swift|kotlin|typescript|typescript-jsc|all] [--golden DIR]... [--testee '[NAME=]CMD']...
                           [--report junit.xml|report.html]... [--report-html FILE] [--badge FILE.svg]
                           [--filter PATTERN] [--expected-failures FILE] [--fix-expected-failures]
                           [--format text|github] [--timeout SECONDS] [--deadline SECONDS] [--allow-skip]
      contract-gen decode [--schema FILE] [--lang swift|kotlin|typescript] [--pending JSON] [--timeout S] < blob.json
      contract-gen explain [--contract NAME] [--lang swift|kotlin|typescript] [--format text|json] [--now EPOCH-MS] [--zone IANA-ID] < blob.json
      contract-gen differential [--count N] [--stress N] [--seed S] [--lang swift|kotlin|typescript|typescript-jsc|all]
      contract-gen mutate --lang swift|kotlin|typescript [--file PATH] [--sample N] [--max N] [--seed S] [--report FILE]
      contract-gen mutate --catalogue [--lang swift|kotlin|typescript|golden-emitter|all] [--rule ID] | --coverage
      contract-gen compat [--ref REF]... [--releases GLOB] [--lang L] [--count N] [--report FILE]... [--format text|github]
      contract-gen --help | COMMAND --help | help COMMAND | --version

    emit, check, conform, decode, explain and differential follow contract-gen.yaml (found in the current
    directory or above, or --config FILE; see docs/config.md); without one: schema/, generated/, golden/.
    Exit status: 0 success, 1 check or conformance failure, 2 usage or schema error.
    """

    static let help: [String: String] = [
        "emit": """
        contract-gen emit --lang swift|kotlin|typescript|golden|all [--schema FILE]... [--out DIR|-] [--kotlin-package PKG]

          Generates code and golden fixtures from the schemas (default: every schema/*.yaml).
          --lang LANG          what to generate; `golden` writes golden/<contract>/schema.*.json, `all` everything
          --schema FILE        a schema file; repeat for several
          --out DIR|-          the output root (default: the current directory); `-` prints to stdout
          --kotlin-package PKG put every Kotlin contract into this package
          --config FILE        contract-gen.yaml to follow (default: found in the current directory
                               or above; see docs/config.md); it says where each file goes
          Output is deterministic byte for byte and written all or nothing (staged in
          .contract-gen-staging-<pid>, then moved); a schema error writes nothing, and the next
          emit finishes or discards what a killed one left.
        """,
        "check": """
        contract-gen check [--schema FILE]... [--base GIT-REF] [--diff] [--fix-cases] [--format text|github] [--kotlin-package PKG]

          The pre-merge gate: the schemas are valid, generated/ and the schema-derived goldens are
          exactly what emit would write (and no other file sits in a directory emit owns; no
          hidden file among the goldens), hand-written goldens parse, name a known contract and
          op, give it the `given` a testee accepts and still have the shape the schema observes,
          and with --base no breaking change against the contracts of the same `contract:`
          name at that git revision, read where that revision's contract-gen.yaml put them (a
          removed contract or a changed storage-key is breaking; a version bump excuses the other
          rules only if the new readers accept no old version).
          Breaking changes are printed first; out-of-date files one line each (one line per
          contract when there are many); the summary counts each kind.
          --config FILE        contract-gen.yaml to follow (default: found in the current directory
                               or above; see docs/config.md)
          --base GIT-REF       a commit, branch or tag; one that does not resolve is a usage error
          --diff               also print the unified diff of every stale file
          --fix-cases          first rewrite the hand-written decode cases a harmless schema change
                               left behind (a missing key added, a value for a key the blob lacks
                               set, to what the absent key reads as), printing each diff
          --format github      also print GitHub Actions annotations (::error file=…); every
                               printed line is then inert to the runner
          --kotlin-package PKG what emit was given: the Kotlin files are compared in that package
        """,
        "conform": """
        contract-gen conform [--lang swift|kotlin|typescript|typescript-jsc|all] [--golden DIR]... [--testee '[NAME=]CMD']...
                             [--report junit.xml|report.html]... [--report-html FILE] [--badge FILE.svg]
                             [--filter PATTERN] [--expected-failures FILE] [--fix-expected-failures]
                             [--format text|github] [--timeout SECONDS] [--deadline SECONDS] [--allow-skip]

          Runs every golden case against every selected implementation (default: all: Swift,
          Kotlin, TypeScript on Node's V8, and the same TypeScript on JavaScriptCore as
          `typescript-jsc`; or a comma-separated list) and prints one line per failure, a summary
          per implementation, then `N passed, N failed`.
          --golden DIR          a directory of golden cases (default: golden); repeatable; a
                                missing one is a usage error (exit 2)
          --testee 'CMD'        also run an external program speaking the testee protocol
          --testee 'NAME=CMD'   the same, shown as NAME (lowercase letters, digits, . _ -); repeat
                                --testee to compare several programs in one run
          --report FILE         write a report: HTML if FILE ends in .html or .htm, else JUnit
                                XML; repeatable
          --report-html FILE    write the HTML report (cases × implementations, one
                                self-contained page; see docs/conformance-report.md)
          --badge FILE.svg      write an SVG badge, one "N/M cases" line per implementation
          --filter PATTERN      only cases whose name contains PATTERN (or matches it with * wildcards);
                                matching no case is a usage error (exit 2)
          --expected-failures F known failures, one `[lang:]case-name  # reason` per line; an
                                unlisted failure fails the run, and so does a listed case that passes
          --fix-expected-failures  rewrite that file to the failures of this run
          --timeout SECONDS     per-case answer timeout (default 60); a hung testee is restarted,
                                and after 3 timeouts in a row its remaining cases fail unrun
          --deadline SECONDS    limit for running all cases (default 1800); cases not reached fail
          --allow-skip          a language whose toolchain is missing is reported but does not
                                fail the run (by default it does)
          Answer lines are capped at 64 MiB (or 16 × the request); duplicate case names within a
          contract are errors.
        """,
        "differential": """
        contract-gen differential [--count N] [--stress N] [--seed S] [--lang swift|kotlin|typescript|typescript-jsc|all]

          Differential testing: N seeded random and hostile inputs (mutated blobs, wrong types,
          duplicate keys, number spellings, surrogates, truncation, deep nesting, odd queues and
          calendar inputs) run through every implementation; every input on which they disagree
          is printed, minimized. Time is compared too: an input on which one language takes more
          than 10× the median of the others (and over 50 ms) is reported as SLOW, minimized.
          Schema-driven shape inputs (repeated map keys, duplicates, wide objects, long keys and
          escapes, 512-deep nesting, dropped elements, big arrays and queues, every calendar day)
          are mixed in; --stress N more of them, 100 KB to ~1 MB each, run one at a time after
          the stream (default: count/1000, 10 to 500).
          The contracts are every schema contract-gen.yaml's `schemas:` lists (else schema/*.yaml),
          named in the summary line. Default: --count 2000 --seed 1. Exit 1 on any disagreement or
          slow input.
        """,
        "decode": """
        contract-gen decode [--schema FILE] [--lang swift|kotlin|typescript] [--pending JSON] [--timeout S] < blob.json

          Prints the observation of the blob on stdin, as the generated decoder of that
          language sees it (default: Swift; --schema may be left out when the schema directory —
          schema/, or contract-gen.yaml's `schemas:` — holds one schema;
          --timeout default 300 s). Stdin must be UTF-8: other bytes are refused (exit 2), never repaired.
        """,
        "explain": """
        contract-gen explain [--contract NAME | --schema FILE] [--lang swift|kotlin|typescript] [--format text|json]
                             [--now EPOCH-MS] [--zone IANA-ID] [--timeout S] < blob.json

          Says what a widget shows for the blob on stdin, as that language's generated decoder
          reads it (default: Swift): a verdict ("ok, 3 values degraded, 1 element dropped"), then
          the decode's report (docs/report.md), one line per value not taken as written: path,
          rule, what was used instead. When the schema declares a `timeline`, also what it shows
          from --now on (default: the current time) with instants in --zone (default UTC), and
          when the timeline must be reloaded. --format json prints the report itself (a JSON
          array of entries). --contract picks a schema of the repository by its contract name.
          Exit status: 0 when nothing is degraded, 1 when something was degraded, dropped or
          rejected (or the testee failed), 2 for a usage error.
        """,
        "mutate": mutateHelp,
        "compat": compatHelp,
        "init": initHelp,
    ]

    /// Runs one invocation; returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            io.err("error: no command given\nsee 'contract-gen --help'\n")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if command == "help", let topic = rest.first {
            guard let text = Self.help[topic] else {
                io.err("error: no help for '\(topic)'\(Self.suggestion(for: topic))\nsee 'contract-gen --help'\n")
                return ExitCode.usage
            }
            io.out(text + "\n")
            return ExitCode.success
        }
        if command == "--help" || command == "-h" || command == "help" {
            io.out(Self.usage + "\n")
            return ExitCode.success
        }
        if command == "--version" {
            io.out(VersionLine.text() + "\n")
            return ExitCode.success
        }
        if rest.contains("--help") || rest.contains("-h") {
            guard let text = Self.help[command] else {
                io.err("error: unknown command '\(command)'\(Self.suggestion(for: command))\nsee 'contract-gen --help'\n")
                return ExitCode.usage
            }
            io.out(text + "\n")
            return ExitCode.success
        }
        do {
            switch command {
            case "init": return try initProject(rest)
            case "emit": return try emit(rest)
            case "check": return try check(rest)
            case "conform": return try conform(rest)
            case "decode": return try decode(rest)
            case "explain": return try explain(rest)
            case "differential": return try differential(rest)
            case "mutate": return try mutate(rest)
            case "compat": return try compat(rest)
            default:
                throw UsageError("unknown command '\(command)'\(Self.suggestion(for: command))")
            }
        } catch let error as UsageError {
            // The error and where to read more: the usage text would push the error out of a CI log.
            let more = Self.help[command] != nil ? "contract-gen \(command) --help" : "contract-gen --help"
            io.err("error: \(error.message)\nsee '\(more)'\n")
            return ExitCode.usage
        } catch let error as DiagnosticsError {
            io.err(error.description + "\n")
            return ExitCode.usage
        } catch {
            io.err("error: \(error)\n")
            return ExitCode.failure
        }
    }

    // MARK: - Shared

    /// " (did you mean 'emit'?)" for a near miss of a command or a top-level flag, else "".
    static func suggestion(for word: String) -> String {
        let known = help.keys.sorted() + ["help", "--help", "--version"]
        return closestMatch(to: word, in: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    func path(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : root + "/" + relative
    }

    /// The schema files to read: the given ones, or every schema/*.yaml.
    func schemaPaths(_ given: [String]) throws -> [String] {
        if !given.isEmpty { return given }
        if let config { return try configuredSchemaPaths(config) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("schema"))) ?? []
        let schemas = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { "schema/\($0)" }
        guard !schemas.isEmpty else { throw UsageError("no schema found: give --schema where the command takes it, list them in contract-gen.yaml, or put them in schema/*.yaml under \(root)") }
        return schemas
    }

    /// With `--schema`, the repository's other contracts (schema/*.yaml that load cleanly): the
    /// shared testees keep serving them, and their files are neither rewritten nor condemned.
    func companions(of given: [Contract], explicit: Bool, kotlinPackage: String? = nil) -> [Contract] {
        guard explicit, let defaults = try? schemaPaths([]) else { return [] }
        let names = Set(given.map(\.name))
        return defaults.compactMap { path in try? loadContracts([path], kotlinPackage: kotlinPackage).first }
            .filter { !names.contains($0.name) }
    }

    /// Loads schemas, reporting paths as given (relative paths stay relative in diagnostics).
    /// Also refuses contracts whose generated files would overwrite each other or the runtime.
    func loadContracts(_ paths: [String], kotlinPackage: String? = nil) throws(DiagnosticsError) -> [Contract] {
        var contracts: [Contract] = []
        var errors: [Diagnostic] = []
        for schema in paths {
            do {
                if let problem = ProjectPaths.linkEscape(schema, root: root) {
                    throw DiagnosticsError([.error("the schema file cannot be read: \(problem)", at: SourceLocation(file: schema, line: 1, column: 1))])
                }
                let text: String
                if let data = FileManager.default.contents(atPath: path(schema)) {
                    guard let decoded = String(data: data, encoding: .utf8) else {
                        throw DiagnosticsError([.error("the schema is not UTF-8 text", at: SourceLocation(file: schema, line: 1, column: 1))])
                    }
                    text = decoded
                } else {
                    throw DiagnosticsError([.error("cannot read the schema file", at: SourceLocation(file: schema, line: 1, column: 1))])
                }
                let contract = try SchemaLoader.load(text: text, path: schema)
                if let clash = contracts.first(where: { $0.name == contract.name }) {
                    errors.append(.error("contract '\(contract.name)' is also defined in \(clash.sourcePath)", at: contract.location))
                } else {
                    contracts.append(contract)
                }
            } catch let error as DiagnosticsError {
                errors += error.diagnostics
            } catch {
                errors.append(.error("\(error)", at: SourceLocation(file: schema, line: 1, column: 1)))
            }
        }
        if errors.isEmpty { errors = OutputPaths.collisions(contracts, kotlinPackage: kotlinPackage, layout: layout) }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
        return contracts
    }

    static func languages(_ value: String?, allowGolden: Bool) throws -> (languages: [Language], golden: Bool) {
        switch value {
        case nil, "all"?: return (Language.allCases, allowGolden)
        case "golden"? where allowGolden: return ([], true)
        case let name?:
            guard let language = Language(rawValue: name) else {
                let choices = Language.allCases.map(\.rawValue) + (allowGolden ? ["golden"] : []) + ["all"]
                throw UsageError("unknown --lang '\(name)' (expected \(choices.joined(separator: ", ")))")
            }
            return ([language], false)
        }
    }

    // MARK: - emit

    func emit(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "emit", valueOptions: ["config", "lang", "schema", "out", "kotlin-package"], flags: [])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.emit(parsed: rebased)
    }

    func emit(parsed: ParsedArguments) throws -> Int32 {
        guard let lang = parsed.value("lang") else { throw UsageError("emit needs --lang swift|kotlin|typescript|golden|all") }
        let (languages, golden) = try Self.languages(lang, allowGolden: true)
        let kotlinPackage = parsed.value("kotlin-package")
        if let kotlinPackage, let problem = SchemaValidator.kotlinPackageProblem(kotlinPackage) {
            throw UsageError("--kotlin-package: " + problem)
        }
        announceConfig()
        let contracts = try loadContracts(try schemaPaths(parsed.values("schema")), kotlinPackage: kotlinPackage)
        try checkLayout(for: contracts)
        let others = companions(of: contracts, explicit: !parsed.values("schema").isEmpty, kotlinPackage: kotlinPackage)
        let files = GeneratorPipeline.generate(contracts, options: .init(languages: languages, golden: golden,
                                                                          kotlinPackage: kotlinPackage,
                                                                          testeeContracts: others.isEmpty ? nil : contracts + others,
                                                                          layout: layout))
        let out = parsed.value("out") ?? "."
        if out == "-" {
            for file in files {
                if files.count > 1 { io.out("==> \(file.path) <==\n") }
                io.out(file.contents)
            }
            return ExitCode.success
        }
        let outRoot = path(out)
        // No write may leave the project through a committed symlink (`web -> ../elsewhere`):
        // neither the output root (when it lies in the project) nor any file below it.
        if let problem = ProjectPaths.linkEscape(out, root: root) { throw UsageError("emit: \(problem); nothing was written") }
        for file in files {
            if let problem = ProjectPaths.escape(file.path, root: outRoot) { throw UsageError("emit: \(problem); nothing was written") }
        }
        // Finish (or discard) an emit that was killed, before judging which goldens are stale.
        let orphans = GeneratorPipeline.orphanedTemporaryFiles(root: outRoot)
        try StagedEmit.recoverInterrupted(root: outRoot)
        for orphan in orphans { io.err("recovered \(orphan) (left by an interrupted emit)\n") }
        let stale = (golden ? GeneratorPipeline.staleGoldenFiles(contracts, generated: files, root: outRoot, goldenDirectory: layout.goldenDirectory) : [])
            + GeneratorPipeline.staleSourceFiles(contracts, generated: files, languages: languages, root: outRoot, layout: layout)
        for path in stale {
            if let problem = ProjectPaths.escape(path, root: outRoot) { throw UsageError("emit: \(problem); nothing was written") }
        }
        let unchanged = files.filter { file in
            FileManager.default.contents(atPath: outRoot + "/" + file.path).map { $0 == Data(file.contents.utf8) } ?? false
        }.count
        // All or nothing: staged, then moved into place together with the stale deletions.
        try StagedEmit.commit(files, deleting: stale, root: outRoot)
        for path in stale { io.err("removed \(path) (no longer generated)\n") }
        io.err("wrote \(files.count) files under \(out) (\(unchanged) unchanged, \(files.count - unchanged) new or changed)\n")
        return ExitCode.success
    }

    // MARK: - check

    func check(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "check", valueOptions: ["config", "schema", "base", "format", "kotlin-package"], flags: ["diff", "fix-cases"])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.check(parsed: rebased)
    }

    func check(parsed: ParsedArguments) throws -> Int32 {
        let format = try OutputFormat(parsed.value("format"))
        // A bad ref is a usage error before anything else is read.
        let base = try parsed.value("base").map { try GitRevision(root: root, ref: $0) }
        let kotlinPackage = parsed.value("kotlin-package")
        if let kotlinPackage, let problem = SchemaValidator.kotlinPackageProblem(kotlinPackage) {
            throw UsageError("--kotlin-package: " + problem)
        }
        announceConfig()
        let paths = try schemaPaths(parsed.values("schema"))
        let contracts: [Contract]
        do {
            contracts = try loadContracts(paths, kotlinPackage: kotlinPackage)
        } catch {
            for diagnostic in error.diagnostics { format.annotate(diagnostic, io: io) }
            guard case .github = format else { throw error }
            io.err(format.printable(error.description) + "\n")   // schema text, inert in the log too
            return ExitCode.usage
        }
        try checkLayout(for: contracts)
        var gate = ContractGate(root: root, layout: layout)
        gate.kotlinPackage = kotlinPackage
        gate.invocation = invocationDirectory.map(relativeToRoot) ?? "."
        gate.givenConfig = parsed.value("config") == nil ? nil : config.map { ($0.file as NSString).lastPathComponent }
        var findings: [GateFinding] = []
        if let base {
            findings += try gate.breakingChanges(contracts, base: base, schemaPaths: paths, explicitSchemas: !parsed.values("schema").isEmpty)
        }
        var notRewritten: [String: String] = [:]
        if parsed.has("fix-cases") { notRewritten = try fixCases(gate, contracts, format: format) }
        findings += gate.handWrittenGoldenFindings(contracts, notRewritten: notRewritten)
        findings += gate.driftFindings(contracts, diffs: parsed.has("diff"),
                                       companions: companions(of: contracts, explicit: !parsed.values("schema").isEmpty, kotlinPackage: kotlinPackage))
        let report = GateReport(findings: findings, showDiffs: parsed.has("diff"))
        for (text, diagnostic) in report.lines() {
            let shown = format.printable(text)
            io.out(shown.hasSuffix("\n") ? shown : shown + "\n")
            if let diagnostic { format.annotate(diagnostic, io: io) }
        }
        if let base, findings.contains(where: { $0.kind == .breaking && $0.isFailure }) {
            // The rules judge the schemas; `compat` runs old and new readers on blobs.
            io.out(format.printable("see what old and new readers actually do: contract-gen compat --ref \(Self.shellWord(base.ref))") + "\n")
        }
        if report.hasFailures {
            io.out(report.summary + "\n")
            return ExitCode.failure
        }
        io.out("check: \(contracts.count) contract(s) valid, \(config == nil ? "generated/" : "generated files") and goldens up to date\(base.map { ", no breaking change against \($0.ref)" } ?? "")\n")
        return ExitCode.success
    }

    /// `check --fix-cases`: writes each rewrite (atomically) and shows it as a diff; returns why
    /// the rest was left for a human.
    func fixCases(_ gate: ContractGate, _ contracts: [Contract], format: OutputFormat) throws -> [String: String] {
        let outcome = gate.fixCases(contracts)
        for rewrite in outcome.rewrites {
            try Data(rewrite.new.utf8).write(to: URL(fileURLWithPath: path(rewrite.path)), options: .atomic)
            let shown = rewrite.changes.prefix(8).joined(separator: ", ") + (rewrite.changes.count > 8 ? ", and \(rewrite.changes.count - 8) more" : "")
            io.out(format.printable("fixed \(rewrite.path): \(shown)") + "\n")
            io.out(format.printable(UnifiedDiff.diff(old: rewrite.old, new: rewrite.new, oldName: "a/\(rewrite.path)", newName: "b/\(rewrite.path)")))
        }
        io.out(outcome.rewrites.isEmpty ? "check --fix-cases: no hand-written golden file to rewrite\n"
               : "check --fix-cases: \(outcome.rewrites.count) hand-written golden file(s) rewritten: each member added or set holds what its field reads"
                 + " as when the key is absent (null or its default), and nothing else changed\n")
        return outcome.reasons
    }

    /// A word to paste into a shell: as it is when plain, else single-quoted; printable either way.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/@^~:+-".unicodeScalars.contains($0))
        }
        return Diagnostic.printable(plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'")
    }

    /// A directory at or below the project root, relative to it ("." for the root).
    func relativeToRoot(_ directory: String) -> String {
        let path = URL(fileURLWithPath: directory).standardizedFileURL.path
        let top = URL(fileURLWithPath: root).standardizedFileURL.path
        return path.hasPrefix(top + "/") ? String(path.dropFirst(top.count + 1)) : "."
    }

    // MARK: - conform

    func conform(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "conform",
                               valueOptions: ["config", "lang", "golden", "testee", "report", "report-html", "badge", "filter",
                                              "expected-failures", "format", "timeout", "deadline"],
                               flags: ["fix-expected-failures", "allow-skip"])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.conform(parsed: rebased)
    }

    func conform(parsed: ParsedArguments) throws -> Int32 {
        let format = try OutputFormat(parsed.value("format"))
        var languages: [Implementation]
        if parsed.value("lang") == nil, !parsed.values("testee").isEmpty {
            languages = []   // only the external testee(s), unless languages are asked for too
        } else {
            languages = try Implementation.parse(parsed.value("lang"))
        }
        let timeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 60
        let deadline = try Self.seconds(parsed.value("deadline"), option: "deadline") ?? 1800
        // One instant for everything the run does: loading, building the testees, the cases, the reports.
        let endsAt = Date().addingTimeInterval(deadline)
        let directories = parsed.values("golden").isEmpty ? [layout.goldenDirectory] : parsed.values("golden")
        for directory in directories where !FileManager.default.fileExists(atPath: path(directory)) {
            throw UsageError("golden directory '\(directory)' does not exist" + (parsed.values("golden").isEmpty ? " (give --golden DIR)" : ""))
        }
        for directory in directories {
            if let problem = ProjectPaths.linkEscape(directory, root: root) { throw UsageError("--golden: \(problem)") }
        }
        for option in ["expected-failures", "report", "report-html", "badge"] {
            for value in parsed.values(option) {
                if let problem = ProjectPaths.linkEscape(value, root: root) { throw UsageError("--\(option): \(problem)") }
            }
        }
        let loaded = GoldenCaseLoader.load(directories: directories.map(path), confinedTo: root)
        var cases = ConformanceCase.withPlainTwins(loaded.cases)
        // Encode cases read back by every decoder (the writer × reader matrix), where the schemas are at hand.
        cases = ConformanceCase.withReadBackTwins(cases, contracts: (try? loadContracts(try schemaPaths([]))) ?? [])
        if let pattern = parsed.value("filter") {
            cases = cases.filter { CaseFilter.matches($0.name, pattern: pattern) }
            // A filter that matches nothing would otherwise pass with "0 passed, 0 failed".
            if cases.isEmpty { throw UsageError("--filter '\(pattern)' matches none of the \(loaded.cases.count) case(s)") }
        }
        if cases.isEmpty, loaded.errors.isEmpty {
            io.err("error: no golden cases (*.json) under \(directories.joined(separator: ", "))\n")
            return ExitCode.failure
        }
        // Only the generated testees need the schemas (to know the files emit writes).
        var builder = languages.isEmpty ? TesteeBuilder(root: root) : try testeeBuilder()
        builder.deadline = endsAt
        var targets = languages.map { language in
            ConformanceTarget(name: language.rawValue, secondRoad: language.secondRoad) { [builder] in builder.launch(language) }
        }
        for testee in try TesteeArgument.parse(parsed.values("testee")) {
            guard !targets.contains(where: { $0.name == testee.name }) else {
                throw UsageError("two implementations are named '\(testee.name)'; name each --testee 'NAME=CMD' differently")
            }
            targets.append(ConformanceTarget(name: testee.name, launch: .command(["sh", "-c", testee.command])))
        }
        guard !targets.isEmpty else { throw UsageError("nothing to run: give --lang or --testee") }
        var runner = ConformanceRunner(timeout: timeout, deadline: deadline)
        runner.endsAt = endsAt
        var report = runner.run(cases: cases, targets: targets)
        report.loadErrors = loaded.errors
        let expectations = try parsed.value("expected-failures").map { try ExpectedFailures.load(path: path($0)) }
        let printer = ConformancePrinter(io: io, format: format)
        let verdict = printer.print(report, targets: targets.map(\.name), expected: expectations, allowSkip: parsed.has("allow-skip"))
        do {
            try writeReports(parsed, cases: cases, report: report, targets: targets.map(\.name), expected: expectations, deadline: endsAt)
        } catch let error as ReportDeadlinePassed {
            io.out("ABANDONED reports: \(error)\n")
            return ExitCode.failure
        }
        if parsed.has("fix-expected-failures") {
            guard let file = parsed.value("expected-failures") else { throw UsageError("--fix-expected-failures needs --expected-failures FILE") }
            try ExpectedFailures.rewrite(path: path(file), report: report, previous: expectations)
            io.err("rewrote \(file)\n")
            return ExitCode.success
        }
        return verdict ? ExitCode.success : ExitCode.failure
    }

    /// A positive number of seconds given for `--option`, or nil when absent.
    static func seconds(_ text: String?, option: String) throws -> Double? {
        guard let text else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("--\(option) needs a positive number of seconds, not '\(text)'")
        }
        return seconds
    }

    // MARK: - decode

    func decode(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "decode", valueOptions: ["config", "schema", "lang", "pending", "timeout"], flags: [])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.decode(parsed: rebased)
    }

    /// The one contract `decode` and `explain` read a blob of: `--schema`, else the repository's
    /// only schema (with several, the user must say which).
    func singleContract(_ parsed: ParsedArguments, command: String) throws -> Contract {
        let schema: String
        if let given = parsed.value("schema") {
            schema = given
        } else {
            let all = try schemaPaths([])
            guard all.count == 1 else {
                throw UsageError("\(command) needs --schema FILE: this repository has \(all.count) schemas (\(all.joined(separator: ", ")))")
            }
            schema = all[0]
        }
        return try loadContracts([schema])[0]
    }

    static func language(_ name: String?) throws -> Language {
        guard let name else { return .swift }
        guard let language = Language(rawValue: name) else {
            throw UsageError("unknown --lang '\(name)' (expected \(Language.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return language
    }

    /// The blob on stdin as text, or nil (reported) when it is not UTF-8: such bytes cannot
    /// travel in the request's JSON string unchanged, and repairing them would show the
    /// observation of a different blob.
    func stdinText(command: String) -> String? {
        let bytes = io.readStdinBytes()
        let validPrefix = Self.validUTF8Prefix(bytes)
        guard validPrefix == bytes.count else {
            io.err("error: stdin is not valid UTF-8 (first bad byte at offset \(validPrefix)); \(command) reads the blob as UTF-8 text\n")
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func decode(parsed: ParsedArguments) throws -> Int32 {
        let contract = try singleContract(parsed, command: "decode")
        let language = try Self.language(parsed.value("lang"))
        let timeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 300
        guard let blob = stdinText(command: "decode") else { return ExitCode.usage }
        var given: [(String, JSONValue)] = [("blob", .string(blob))]
        if let pending = parsed.value("pending") {
            guard let value = JSONValue.parse(pending), case .object = value else { throw UsageError("--pending must be a JSON object") }
            given.append(("pending", value))
        }
        let launch = try testeeBuilder().launch(language)
        guard case .command(let command) = launch else {
            if case .skipped(let reason) = launch { io.err("error: \(reason)\n") }
            if case .failed(let reason) = launch { io.err("error: \(reason)\n") }
            return ExitCode.failure
        }
        let process = TesteeProcess(command: command, timeout: timeout)
        defer { process.stop() }
        let request = JSONValue.object([("contract", .string(contract.name)), ("op", .string("decode")), ("given", .object(given))])
        switch process.send(request.serialized()) {
        case .line(let line):
            guard let response = JSONValue.parse(line), let observation = response["ok"] else {
                io.err("error: \(line)\n")
                return ExitCode.failure
            }
            io.out(observation.pretty() + "\n")
            return ExitCode.success
        case .crashed(let detail):
            io.err("error: testee crashed: \(detail)\n")
            return ExitCode.failure
        case .notUTF8(let offset):
            io.err("error: the testee's answer is not UTF-8 (byte \(offset))\n")
            return ExitCode.failure
        case .timedOut:
            io.err("error: testee timed out\n")
            return ExitCode.failure
        }
    }

    // MARK: - explain

    func explain(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "explain", valueOptions: ["config", "schema", "contract", "lang", "format", "now", "zone", "timeout"], flags: [])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.explain(parsed: rebased)
    }

    /// The decode's status and, for a contract with a `timeline`, what the widget shows from
    /// `--now` on in `--zone`, in words: the testee's `decode` and `timeline` answers.
    func explain(parsed: ParsedArguments) throws -> Int32 {
        let contract: Contract
        if let name = parsed.value("contract") {
            let all = try loadContracts(parsed.value("schema").map { [$0] } ?? schemaPaths([]))
            guard let found = all.first(where: { $0.name == name }) else {
                throw UsageError("no schema has contract '\(name)' (there are: \(all.map(\.name).joined(separator: ", ")))")
            }
            contract = found
        } else {
            contract = try singleContract(parsed, command: "explain")
        }
        let language = try Self.language(parsed.value("lang"))
        let format = parsed.value("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("unknown --format '\(format)' (expected text or json)") }
        let now: Int64
        if let text = parsed.value("now") {
            guard let value = Int64(text), value >= 0, value <= 9_007_199_254_740_991 else {
                throw UsageError("--now must be epoch milliseconds, an integer in 0 … 2^53−1, not '\(text)'")
            }
            now = value
        } else {
            now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        }
        let zone = parsed.value("zone") ?? "UTC"
        let timeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 300
        guard let blob = stdinText(command: "explain") else { return ExitCode.usage }
        let launch = try testeeBuilder().launch(language)
        guard case .command(let testee) = launch else {
            if case .skipped(let reason) = launch { io.err("error: \(reason)\n") }
            if case .failed(let reason) = launch { io.err("error: \(reason)\n") }
            return ExitCode.failure
        }
        let process = TesteeProcess(command: testee, timeout: timeout)
        defer { process.stop() }
        func ask(_ op: TesteeOp, _ given: [(String, JSONValue)]) -> JSONValue? {
            let request = JSONValue.object([("contract", .string(contract.name)), ("op", .string(op.rawValue)), ("given", .object(given))])
            switch process.send(request.serialized()) {
            case .line(let line):
                guard let response = JSONValue.parse(line), let ok = response["ok"] else {
                    io.err("error: \(line)\n")
                    return nil
                }
                return ok
            case .crashed(let detail):
                io.err("error: testee crashed: \(detail)\n")
                return nil
            case .notUTF8(let offset):
                io.err("error: the testee's answer is not UTF-8 (byte \(offset))\n")
                return nil
            case .timedOut:
                io.err("error: testee timed out\n")
                return nil
            }
        }
        guard let observation = ask(.decode, [("blob", .string(blob)), ("report", .bool(true))]) else { return ExitCode.failure }
        let report = ReportExplanation(observation: observation)
        let exit = report.isClean ? ExitCode.success : ExitCode.failure
        if format == "json" {
            io.out((observation["report"] ?? .array([])).pretty() + "\n")
            return exit
        }
        io.out("\(contract.name) (\(language.rawValue)): " + report.lines.joined(separator: "\n") + "\n")
        guard TesteeOp.served(by: contract).contains(.timeline) else {
            io.out("no timeline: the schema declares no `timeline` behaviour\n")
            return exit
        }
        guard let timeline = ask(.timeline, [("blob", .string(blob)), ("now", .number(Double(now))), ("timeZone", .string(zone))]) else {
            return ExitCode.failure
        }
        let explanation = TimelineExplanation(zoneIdentifier: zone)
        if explanation.zoneName != zone { io.out("(zone '\(zone)' is unknown here; instants are shown in UTC)\n") }
        io.out("timeline in \(explanation.zoneName):\n" + explanation.lines(timeline, now: now).joined(separator: "\n") + "\n")
        return exit
    }

    /// How many leading bytes are valid UTF-8 (all of them when the input is valid). Strict:
    /// overlong forms, encoded surrogates (CESU-8) and truncated sequences all stop it.
    static func validUTF8Prefix(_ bytes: Data) -> Int {
        var offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            offset += UTF8.width(scalar)
        }
        return offset
    }
}

extension ContractGenCommand {
    func differential(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "differential", valueOptions: ["config", "count", "seed", "lang", "stress"], flags: [])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.differential(parsed: rebased)
    }

    func differential(parsed: ParsedArguments) throws -> Int32 {
        guard let count = Int(parsed.value("count") ?? "2000"), count > 0 else { throw UsageError("--count needs a positive integer") }
        // The stress family is small: one large input per 1,000 ordinary ones, at least 10.
        guard let stress = Int(parsed.value("stress") ?? String(min(500, max(10, count / 1000)))), stress >= 0 else {
            throw UsageError("--stress needs a non-negative integer")
        }
        let contracts = try loadContracts(try schemaPaths([]))
        guard let seed = UInt64(parsed.value("seed") ?? "1") else { throw UsageError("--seed needs a non-negative integer") }
        let languages = try Implementation.parse(parsed.value("lang"))
        let builder = try testeeBuilder()
        var targets: [(name: String, command: [String])] = []
        for language in languages {
            switch builder.launch(language) {
            case .command(let command): targets.append((language.rawValue, command))
            case .skipped(let reason), .failed(let reason):
                io.out("UNAVAILABLE \(language.rawValue): \(reason)\n")
                return ExitCode.failure
            }
        }
        guard targets.count >= 2 else { throw UsageError("differential testing needs at least two languages") }
        var runner = DifferentialRunner(targets: targets)
        runner.progress = { [io] message in io.err(message + "\n") }
        runner.shapes = ShapeGenerator(contracts: contracts, seed: seed)
        runner.contracts = contracts
        let summary = runner.run(count: count, stress: stress, seed: seed)
        for (index, disagreement) in summary.disagreements.enumerated() {
            io.out("DISAGREEMENT \(index + 1): \(Self.abbreviated(disagreement.input))\n")
            if disagreement.original.request != disagreement.input.request {
                io.out("    (minimized from \(Self.abbreviated(disagreement.original)))\n")
            }
            for (language, answer) in disagreement.answers { io.out("    \(language): \(answer.prefix(2000))\n") }
        }
        for (index, slow) in summary.slow.enumerated() {
            io.out("SLOW \(index + 1): \(Self.abbreviated(slow.input))\n")
            if slow.original.request != slow.input.request {
                io.out("    (minimized from \(Self.abbreviated(slow.original)))\n")
            }
            for (language, seconds) in slow.seconds { io.out("    \(language): \(String(format: "%.3f", seconds)) s\n") }
        }
        if summary.encodesWritten + summary.encodesRefused > 0 {
            io.out("differential: encode: \(summary.encodesWritten) document(s) written byte for byte alike, \(summary.encodesRefused) refused at the same path, by every implementation\n")
        }
        io.out("differential: \(summary.inputs) inputs (\(summary.stressInputs) of them large) (seed \(seed)) of \(contracts.map(\.name).joined(separator: ", ")) through \(targets.map(\.name).joined(separator: ", ")) in \(String(format: "%.1f", summary.seconds)) s: \(summary.disagreements.count) disagreement(s), \(summary.slow.count) slow\n")
        return summary.disagreements.isEmpty && summary.slow.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// A request for a report: whole up to 20,000 bytes, else its start, its size and its family.
    static func abbreviated(_ input: DifferentialInput) -> String {
        let request = input.request
        let family = input.family.map { " [\($0)]" } ?? ""
        guard request.utf8.count > 20_000 else { return request + family }
        return String(request.prefix(2_000)) + "… (\(request.utf8.count) bytes)" + family
    }
}

/// `--filter`: a substring, or a pattern with `*` wildcards.
enum CaseFilter {
    static func matches(_ name: String, pattern: String) -> Bool {
        guard pattern.contains("*") else { return name.contains(pattern) }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var rest = Substring(name)
        for (index, part) in parts.enumerated() {
            if part.isEmpty { continue }
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return rest.hasSuffix(part)
            } else {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return true
    }
}

/// `--format text|github`.
enum OutputFormat {
    case text, github

    init(_ value: String?) throws {
        switch value {
        case nil, "text"?: self = .text
        case "github"?: self = .github
        case let other?: throw UsageError("unknown --format '\(other)' (expected text or github)")
        }
    }

    /// GitHub Actions workflow command for a diagnostic, its text inert (GitHubAnnotation).
    func annotate(_ diagnostic: Diagnostic, io: CommandIO) {
        guard case .github = self else { return }
        io.out(GitHubAnnotation.line(for: diagnostic) + "\n")
    }

    /// Text printed beside annotations: under `github`, each line made inert, so no schema or
    /// golden text, file name or stale file's line runs as a workflow command.
    func printable(_ text: String) -> String {
        guard case .github = self else { return text }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)   // CR LF is one Character
        return lines.map { GitHubAnnotation.inert(String($0)) }.joined(separator: "\n")
    }
}
