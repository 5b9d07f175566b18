/// `contract-gen mutate`: mutation testing of one language's generated code against the goldens.
/// Exit 0 when every scored mutant was killed, 1 when any survived, 2 on a usage error.
import Foundation

extension ContractGenCommand {
    static let mutateHelp = """
    contract-gen mutate --lang swift|kotlin|typescript [--file PATH] [--sample N] [--max N] [--seed S]
                        [--report FILE] [--golden DIR]... [--timeout SECONDS] [--deadline SECONDS]
                        [--only FILE] [--list] [--no-cache] [--full-builds]
    contract-gen mutate --catalogue [--lang swift|kotlin|typescript|golden-emitter|all] [--rule ID|FAMILY]
                        [--list] [--report FILE] [--golden DIR]... [--timeout SECONDS] [--deadline SECONDS]
                        [--no-cache] [--full-builds]
    contract-gen mutate --coverage [--golden DIR]...

      Mutation testing: applies small plausible bugs (boundary and equality flips, && ↔ ||,
      true ↔ false, integer ±1, negated or removed conditions, removed `return null`/`continue`,
      a returned value replaced by null) to the language's generated runtime and contract files,
      one at a time, builds each mutant and runs the golden cases through it. A mutant is killed
      when a case fails, crashes or times out; one that does not compile is stillborn (not
      scored); mutation/equivalent-<lang>.txt lists equivalent mutants with their reason, and
      mutation/unreachable-<lang>.txt the real bugs the testee protocol cannot reach (both not
      scored; reported apart, with every list entry that matches no mutant).
      --file PATH          only mutants of files whose path ends with PATH
      --sample N           a seeded random choice of N mutants (in file order)
      --max N              run at most the first N (after --sample)
      --seed S             seed of --sample (default 1)
      --only FILE          only the mutants a file lists, one per line: a label as --list prints
                           it, a list entry (`  # reason` ignored) or a report's survivor line;
                           a line starting with # is a comment (re-runs survivors, or entries
                           taken out of a list)
      --report FILE        also write the results as Markdown
      --golden DIR         golden cases (default: golden); repeatable
      --expected-failures FILE  cases the unmutated code fails by design, `[lang:]case` per line
                           (default: golden/expected-failures.txt when it exists): this language's
                           are left out of the judging, as conform does not count them
      --timeout SECONDS    per-case timeout (default 10); a timeout kills the mutant
      --deadline SECONDS   start no mutant after this many seconds; the rest are reported as not run
      --list               print the chosen mutants and stop (nothing is built)
      --no-cache           ignore .build/mutation-cache (results are still stored)
      --full-builds        build every mutant in full. By default a Kotlin mutant compiles only
                           its file, against the unmutated classes (unless it touches a const val
                           or the file declares an inline fun), and a TypeScript or Swift mutant
                           is built incrementally from the unmutated build (tsc --incremental,
                           swiftc -incremental: only what the change reaches is compiled again)
      Swift mutants are compiled with -Onone. Results are cached per (generated files, mutant,
      cases) under .build/mutation-cache, so a re-run only builds what changed.

      --catalogue          run the rule-level mutants of mutation/catalogue/<target>.yaml instead:
                           each the plausible wrong implementation of one rule of
                           mutation/rules.yaml, judged by the golden cases alone (the golden
                           emitter's by the rule coverage check); prints killed / survived /
                           equivalent per target and rule family. --lang takes a comma list or
                           all (the default); --rule one rule id or a family. A mutant whose
                           `find` does not occur exactly once is stale: listed, exit 2, nothing run
      --coverage           print which golden cases exercise each rule of mutation/rules.yaml;
                           exit 1 when a rule's witness matches no case
    """

    func mutate(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "mutate", valueOptions: ["lang", "file", "sample", "max", "seed", "report", "golden",
                                                              "timeout", "deadline", "only", "rule", "expected-failures"],
                               flags: ["list", "no-cache", "full-builds", "catalogue", "coverage"])
        let parsed = try spec.parse(arguments)
        if parsed.has("coverage") { return try ruleCoverage(parsed) }
        if parsed.has("catalogue") {
            for option in ["file", "sample", "max", "seed", "only"] where parsed.value(option) != nil {
                throw UsageError("--\(option) is an option of the syntactic mutants, not of --catalogue")
            }
            return try catalogueMutate(parsed, arguments: arguments)
        }
        if parsed.value("rule") != nil { throw UsageError("--rule needs --catalogue") }
        guard let name = parsed.value("lang"), let language = Language(rawValue: name) else {
            throw UsageError("mutate needs --lang swift, kotlin or typescript")
        }
        let sample = try Self.count(parsed.value("sample"), option: "sample")
        let limit = try Self.count(parsed.value("max"), option: "max")
        guard let seed = UInt64(parsed.value("seed") ?? "1") else { throw UsageError("--seed needs a non-negative integer") }
        let catalogue = MutantCatalogue.build(root: root, language: language, fileFilter: parsed.value("file"))
        guard !catalogue.mutants.isEmpty else {
            throw UsageError("no mutants: no generated \(language.displayName) files\(parsed.value("file").map { " ending in '\($0)'" } ?? "") under \(root)")
        }
        var chosen = sample.map { catalogue.sample($0, seed: seed) } ?? catalogue.mutants
        if let only = parsed.value("only") {
            guard let text = try? String(contentsOfFile: path(only), encoding: .utf8) else { throw UsageError("--only: cannot read '\(only)'") }
            var keys: Set<String> = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                // A report's bullet and backquotes, and a list entry's `  # reason`, are not the key.
                var entry = line.trimmingCharacters(in: .whitespaces)
                if entry.hasPrefix("#") { continue }
                if let reason = entry.range(of: "  # ") { entry = String(entry[..<reason.lowerBound]) }
                if entry.hasPrefix("- `") { entry = String(entry.dropFirst(3)); if let end = entry.range(of: "`", options: .backwards) { entry = String(entry[..<end.lowerBound]) } }
                let trimmed = entry.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { keys.insert(Mutant.key(ofLabel: trimmed)) }
            }
            chosen = chosen.filter { keys.contains($0.key) }
            guard !chosen.isEmpty else { throw UsageError("--only: none of the \(keys.count) key(s) in '\(only)' names a mutant") }
        }
        if let limit { chosen = Array(chosen.prefix(limit)) }
        if parsed.has("list") {
            for mutant in chosen { io.out(mutant.label + "\n") }
            let lists = EquivalentMutants.load(root: root, language: language)
            for problem in lists.errors { io.err("error: \(problem)\n") }
            for entry in lists.stale(in: catalogue) { io.err("stale: \(entry)\n") }
            io.out("\(chosen.count) of \(catalogue.mutants.count) mutants\n")
            return ExitCode.success
        }
        let equivalents = EquivalentMutants.load(root: root, language: language)
        guard equivalents.errors.isEmpty else { throw UsageError(equivalents.errors.joined(separator: "\n")) }
        let stale = equivalents.stale(in: catalogue)
        for entry in stale { io.err("stale: \(entry)\n") }
        let directories = parsed.values("golden").isEmpty ? ["golden"] : parsed.values("golden")
        var runner = MutationRunner(root: root, language: language,
                                    cases: try mutationCases(directories, language: language, expected: mutationExpectedFailures(parsed)))
        runner.caseTimeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 10
        runner.deadline = try Self.seconds(parsed.value("deadline"), option: "deadline")
        runner.incremental = !parsed.has("no-cache")
        runner.kotlinOneFile = !parsed.has("full-builds")
        runner.incrementalBuilds = !parsed.has("full-builds")
        runner.progress = { [io] message in io.err(message + "\n") }
        let started = Date()
        let (results, notRun) = try runner.run(chosen, equivalents: equivalents)
        let report = MutationReport(language: language, results: results, catalogueSize: catalogue.mutants.count, notRun: notRun,
                                    command: (["contract-gen", "mutate"] + arguments).joined(separator: " "),
                                    seconds: Date().timeIntervalSince(started), staleEntries: stale)
        for line in report.lines() { io.out(line + "\n") }
        if let file = parsed.value("report") {
            try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: path(file)))
            io.err("wrote \(file)\n")
        }
        return report.total.survived == 0 ? ExitCode.success : ExitCode.failure
    }

    static func count(_ text: String?, option: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value > 0 else { throw UsageError("--\(option) needs a positive integer, not '\(text)'") }
        return value
    }
}
