/// `contract-gen mutate --catalogue` (rule-level mutants, mutation/catalogue/) and
/// `contract-gen mutate --coverage` (which golden cases exercise each rule of mutation/rules.yaml).
import Foundation

extension ContractGenCommand {
    /// The golden cases as `mutate` runs them for a language: every case, each report case's
    /// `(no report)` twin, and each decode case's second-road twin where the language has one.
    /// Cases `expected` lists for one of the language's implementations (a platform's own data differs there, e.g. its
    /// time-zone data) are left out with their twins: the unmutated code fails them by design, so
    /// they can neither be the baseline nor kill a mutant.
    func mutationCases(_ directories: [String], language: Language, expected: ExpectedFailures? = nil) throws -> [ConformanceCase] {
        let loaded = GoldenCaseLoader.load(directories: directories.map(path))
        guard loaded.errors.isEmpty, !loaded.cases.isEmpty else {
            throw UsageError("the golden cases must load cleanly first: \(loaded.errors.first.map { "\($0.path): \($0.message)" } ?? "none found")")
        }
        let twins = ConformanceCase.withPlainTwins(Self.judgedCases(loaded.cases, language: language, expected: expected))
        let road = Implementation.allCases.first { $0.language == language }?.secondRoad
        return ConformanceCase.withTwins(twins, by: road)
    }

    /// The cases a mutant of `language` is judged by: those `expected` lists for none of the
    /// language's implementations (TypeScript runs on Node and JavaScriptCore).
    static func judgedCases(_ cases: [ConformanceCase], language: Language, expected: ExpectedFailures?) -> [ConformanceCase] {
        guard let expected else { return cases }
        let implementations = Implementation.allCases.filter { $0.language == language }.map(\.rawValue)
        return cases.filter { golden in !implementations.contains { expected.lists(golden.name, language: $0) } }
    }

    /// `--expected-failures FILE`, else golden/expected-failures.txt when it exists.
    func mutationExpectedFailures(_ parsed: ParsedArguments) throws -> ExpectedFailures? {
        let file = parsed.value("expected-failures") ?? "golden/expected-failures.txt"
        guard parsed.value("expected-failures") != nil || FileManager.default.fileExists(atPath: path(file)) else { return nil }
        do {
            return try ExpectedFailures.load(path: path(file))
        } catch {
            throw UsageError("--expected-failures: cannot read \(file): \(error)")
        }
    }

    func loadRuleCatalogues() throws -> (RuleCatalogue, RuleMutantCatalogue) {
        do {
            let rules = try RuleCatalogue.load(root: root)
            return (rules, try RuleMutantCatalogue.load(root: root, rules: rules))
        } catch {
            throw UsageError("the rule catalogue does not load:\n" + error.description)
        }
    }

    /// `mutate --coverage [--golden DIR]`: exit 1 when a rule's witness matches no case.
    func ruleCoverage(_ parsed: ParsedArguments) throws -> Int32 {
        let (rules, _) = try loadRuleCatalogues()
        let directories = parsed.values("golden").isEmpty ? ["golden"] : parsed.values("golden")
        let loaded = GoldenCaseLoader.load(directories: directories.map(path))
        guard loaded.errors.isEmpty else {
            throw UsageError("the golden cases must load cleanly first: \(loaded.errors.first.map { "\($0.path): \($0.message)" } ?? "")")
        }
        let coverage = RuleCoverage(rules: rules, cases: loaded.cases)
        for line in coverage.lines(rules) { io.out(line + "\n") }
        return coverage.isComplete ? ExitCode.success : ExitCode.failure
    }

    /// `mutate --catalogue [--lang L[,L…]|all] [--rule ID|FAMILY] [--list] [--report FILE]`.
    func catalogueMutate(_ parsed: ParsedArguments, arguments: [String]) throws -> Int32 {
        let (rules, catalogue) = try loadRuleCatalogues()
        var targets: [CatalogueTarget] = []
        for name in (parsed.value("lang") ?? "all").split(separator: ",").map(String.init) {
            if name == "all" { targets += CatalogueTarget.allCases; continue }
            guard let target = CatalogueTarget(rawValue: name) else {
                throw UsageError("--lang: '\(name)' is not swift, kotlin, typescript, golden-emitter or all")
            }
            targets.append(target)
        }
        var chosen = catalogue.mutants.filter { targets.contains($0.target) }
        if let selector = parsed.value("rule") {
            let selected = Set(rules.rules(matching: selector).map(\.id))
            guard !selected.isEmpty else { throw UsageError("--rule: '\(selector)' names no rule id or family of mutation/rules.yaml") }
            chosen = chosen.filter { selected.contains($0.rule) }
        }
        let resolved = catalogue.resolve(root: root, chosen)
        for stale in resolved.stale { io.err("STALE \(stale)\n") }
        var uncatalogued: [CatalogueTarget: [String]] = [:]
        for target in targets {
            guard let language = target.language else { continue }
            let missing = catalogue.uncatalogued(rules, language: language).map(\.id)
            if !missing.isEmpty, parsed.value("rule") == nil {
                uncatalogued[target] = missing
                io.err("note: \(language.displayName) carries \(missing.count) rule(s) its catalogue has no mutant of: \(missing.joined(separator: ", "))\n")
            }
        }
        if parsed.has("list") {
            for (entry, mutant) in resolved.mutants {
                io.out("\(entry.target.rawValue) \(entry.id) (\(entry.rule)) \(mutant.file):\(mutant.line)\(entry.equivalent == nil ? "" : " [equivalent]")\n")
            }
            io.out("\(resolved.mutants.count) mutant(s), \(resolved.stale.count) stale\n")
            return resolved.stale.isEmpty ? ExitCode.success : ExitCode.usage
        }
        guard resolved.stale.isEmpty else {
            throw UsageError("\(resolved.stale.count) catalogue mutant(s) are stale (their `find` does not occur exactly once): re-anchor them; nothing was run")
        }
        guard !resolved.mutants.isEmpty else { throw UsageError("no catalogue mutant matches") }
        let directories = parsed.values("golden").isEmpty ? ["golden"] : parsed.values("golden")
        let timeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 10
        let deadline = try Self.seconds(parsed.value("deadline"), option: "deadline").map { Date().addingTimeInterval($0) }
        let started = Date()
        var report = CatalogueReport(rules: rules, rows: [:], command: (["contract-gen", "mutate"] + arguments).joined(separator: " "), seconds: 0)
        report.uncatalogued = uncatalogued
        for target in targets {
            let mine = resolved.mutants.filter { $0.0.target == target }
            guard !mine.isEmpty else { continue }
            io.err("== \(target.displayName): \(mine.count) catalogue mutant(s)\n")
            var equivalents = EquivalentMutants()
            for (entry, mutant) in mine { if let reason = entry.equivalent { equivalents.reasons[mutant.key] = reason } }
            var results: [MutantResult]
            var notRun = 0
            if let language = target.language {
                var runner = MutationRunner(root: root, language: language, cases: try mutationCases(directories, language: language, expected: mutationExpectedFailures(parsed)))
                runner.caseTimeout = timeout
                runner.deadline = deadline.map { $0.timeIntervalSince(Date()) }
                runner.incremental = !parsed.has("no-cache")
                runner.kotlinOneFile = !parsed.has("full-builds")
                runner.incrementalBuilds = !parsed.has("full-builds")
                runner.progress = { [io] message in io.err(message + "\n") }
                (results, notRun) = try runner.run(mine.map(\.1), equivalents: equivalents)
            } else {
                var run = EmitterMutantRun(root: root, rules: rules, deadline: deadline)
                run.progress = { [io] message in io.err(message + "\n") }
                let scored = mine.filter { $0.0.equivalent == nil }
                results = try run.run(scored)
                notRun = scored.count - results.count
                results += mine.compactMap { entry, mutant in
                    entry.equivalent.map { MutantResult(mutant: mutant, outcome: .equivalent($0), seconds: 0, cached: false) }
                }
            }
            let byKey = Dictionary(mine.map { ($0.1.site.description, $0.0) }, uniquingKeysWith: { first, _ in first })
            report.rows[target] = results.compactMap { result in byKey[result.mutant.site.description].map { CatalogueReport.Row(mutant: $0, result: result) } }
            if notRun > 0 { report.notRun[target] = notRun }
        }
        report.seconds = Date().timeIntervalSince(started)
        for line in report.lines() { io.out(line + "\n") }
        if let file = parsed.value("report") {
            try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: path(file)), options: .atomic)
            io.err("wrote \(file)\n")
        }
        return report.survivors == 0 ? ExitCode.success : ExitCode.failure
    }
}
