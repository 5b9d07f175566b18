/// The mutation score, per language and per file: killed / (run − stillborn − equivalent), each
/// survivor as `file:line: description`, and the stillborn and equivalent mutants apart. Printed,
/// and written as Markdown with `--report FILE` (the committed results files under mutation/).
import Foundation

public struct MutationReport {
    public var language: Language
    public var results: [MutantResult]
    /// Mutants in the catalogue, how many were chosen (--sample/--max) and how many the deadline cut.
    public var catalogueSize: Int
    public var notRun: Int
    public var command: String
    public var seconds: Double
    /// Entries of the equivalent and unreachable lists that match no mutant (stale: re-check them).
    public var staleEntries: [String] = []

    public struct Score: Equatable {
        public var killed = 0, survived = 0, stillborn = 0, equivalent = 0, unreachable = 0
        public var scored: Int { killed + survived }
        public var percent: String {
            scored == 0 ? "–" : String(format: "%.1f%%", Double(killed) * 100 / Double(scored))
        }
        /// The score if the unreachable mutants counted as survivors (what the goldens catch of
        /// every bug that can change a result).
        public var percentWithUnreachable: String {
            scored + unreachable == 0 ? "–" : String(format: "%.1f%%", Double(killed) * 100 / Double(scored + unreachable))
        }
    }

    static func score(_ results: [MutantResult]) -> Score {
        var score = Score()
        for result in results {
            switch result.outcome {
            case .killed: score.killed += 1
            case .survived: score.survived += 1
            case .stillborn: score.stillborn += 1
            case .equivalent: score.equivalent += 1
            case .unreachable: score.unreachable += 1
            }
        }
        return score
    }

    public var total: Score { Self.score(results) }

    public var perFile: [(file: String, score: Score)] {
        Dictionary(grouping: results, by: { $0.mutant.file }).map { ($0.key, Self.score($0.value)) }.sorted { $0.file < $1.file }
    }

    public var survivors: [Mutant] { results.filter { $0.outcome == .survived }.map(\.mutant) }

    static func describe(_ outcome: MutantOutcome) -> String {
        switch outcome {
        case .killed(let name, let how): return "killed by \(name) (\(how))"
        case .survived: return "SURVIVED"
        case .stillborn(let reason): return "stillborn: \(reason)"
        case .equivalent(let reason): return "equivalent: \(reason)"
        case .unreachable(let reason): return "unreachable from the protocol: \(reason)"
        }
    }

    /// The terminal summary: survivors, then per file, then the total line.
    public func lines() -> [String] {
        var lines = survivors.map { "SURVIVED \($0.label)" }
        lines += staleEntries.map { "STALE \($0)" }
        for (file, score) in perFile {
            lines.append("\((file as NSString).lastPathComponent): \(score.killed)/\(score.scored) killed (\(score.percent)), \(score.stillborn) stillborn, \(score.equivalent) equivalent, \(score.unreachable) unreachable")
        }
        let total = self.total
        lines.append("mutate \(language.rawValue): \(total.killed)/\(total.scored) killed (\(total.percent)), \(total.survived) survived, \(total.stillborn) stillborn, \(total.equivalent) equivalent, \(total.unreachable) unreachable (\(total.percentWithUnreachable) counting them as survivors); \(results.count) of \(catalogueSize) mutants\(notRun > 0 ? " (\(notRun) not run: deadline)" : "")\(staleEntries.isEmpty ? "" : ", \(staleEntries.count) stale list entries") in \(String(format: "%.0f", seconds)) s")
        return lines
    }

    public func markdown() -> String {
        let total = self.total
        var text = "# Mutation results: \(language.displayName)\n\n"
        text += "Run: `\(command)` — \(results.count) of \(catalogueSize) mutants"
        text += notRun > 0 ? " (\(notRun) not reached before the deadline)" : ""
        text += ", \(String(format: "%.0f", seconds)) s (\(results.filter(\.cached).count) results reused from the incremental cache).\n\n"
        text += "**Score: \(total.killed) / \(total.scored) killed (\(total.percent))**; \(total.survived) survived, \(total.stillborn) stillborn (do not compile; not scored), \(total.equivalent) equivalent (not scored), \(total.unreachable) unreachable from the testee protocol (not scored; \(total.percentWithUnreachable) if they counted as survivors).\n\n"
        text += "| file | killed | scored | score | stillborn | equivalent | unreachable |\n|---|---|---|---|---|---|---|\n"
        for (file, score) in perFile {
            text += "| \(file) | \(score.killed) | \(score.scored) | \(score.percent) | \(score.stillborn) | \(score.equivalent) | \(score.unreachable) |\n"
        }
        text += "\n## Survivors\n\n"
        text += survivors.isEmpty ? "None.\n" : survivors.map { "- `\($0.label)`\n" }.joined()
        let equivalents = results.compactMap { result -> String? in
            if case .equivalent(let reason) = result.outcome { return "- `\(result.mutant.label)` — \(reason)\n" }
            return nil
        }
        if !equivalents.isEmpty { text += "\n## Equivalent (mutation/equivalent-\(language.rawValue).txt)\n\n" + equivalents.joined() }
        let unreachable = results.compactMap { result -> String? in
            if case .unreachable(let reason) = result.outcome { return "- `\(result.mutant.label)` — \(reason)\n" }
            return nil
        }
        if !unreachable.isEmpty {
            text += "\n## Unreachable from the testee protocol (mutation/unreachable-\(language.rawValue).txt)\n\n" + unreachable.joined()
        }
        if !staleEntries.isEmpty {
            text += "\n## Stale list entries (match no mutant: the line changed or went; re-check)\n\n"
                + staleEntries.map { "- \($0)\n" }.joined()
        }
        text += "\n## Killed, by operator\n\n| operator | killed | survived | stillborn |\n|---|---|---|---|\n"
        for name in MutationOperators.names {
            let chosen = results.filter { $0.mutant.site.mutationOperator == name }
            guard !chosen.isEmpty else { continue }
            let score = Self.score(chosen)
            text += "| \(name) | \(score.killed) | \(score.survived) | \(score.stillborn) |\n"
        }
        text += "\n## Every mutant\n\n"
        for result in results {
            text += "- `\(result.mutant.label)` — \(Self.describe(result.outcome))\n"
        }
        return text
    }
}
