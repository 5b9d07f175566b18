/// The result of `mutate --catalogue`: per target (language or golden emitter) and per rule family,
/// killed / survived / stillborn / equivalent; every survivor with the bug it stands for; every
/// equivalent mutant with its argument. Printed, and written as Markdown with `--report FILE`.
import Foundation

public struct CatalogueReport {
    public struct Row {
        public var mutant: RuleMutant
        public var result: MutantResult
    }

    public var rules: RuleCatalogue
    public var rows: [CatalogueTarget: [Row]]
    public var command: String
    public var seconds: Double
    /// Rules a language carries that its catalogue has no mutant of.
    public var uncatalogued: [CatalogueTarget: [String]] = [:]
    /// Targets the deadline cut, with how many mutants were not run.
    public var notRun: [CatalogueTarget: Int] = [:]

    var targets: [CatalogueTarget] { CatalogueTarget.allCases.filter { rows[$0] != nil } }

    func score(_ rows: [Row]) -> MutationReport.Score { MutationReport.score(rows.map(\.result)) }

    public var survivors: Int { rows.values.flatMap { $0 }.filter { $0.result.outcome == .survived }.count }

    func family(of row: Row) -> String { rules.rule(row.mutant.rule)?.family ?? "?" }

    public func lines() -> [String] {
        var lines: [String] = []
        for target in targets {
            for row in rows[target]! where row.result.outcome == .survived {
                lines.append("SURVIVED \(target.rawValue) \(row.mutant.id) (\(row.mutant.rule)): \(row.mutant.why)")
            }
        }
        for target in targets {
            let byFamily = Dictionary(grouping: rows[target]!, by: family)
            for family in rules.families.map(\.name) where byFamily[family] != nil {
                let s = score(byFamily[family]!)
                lines.append("\(target.rawValue) \(family): \(s.killed)/\(s.scored) killed, \(s.survived) survived, \(s.equivalent) equivalent, \(s.stillborn) stillborn")
            }
            let s = score(rows[target]!)
            let missing = uncatalogued[target] ?? []
            lines.append("mutate --catalogue \(target.rawValue): \(s.killed)/\(s.scored) killed (\(s.percent)), \(s.survived) survived, \(s.equivalent) equivalent, \(s.stillborn) stillborn; \(rows[target]!.count) mutants"
                         + (notRun[target].map { ", \($0) not run (deadline)" } ?? "")
                         + (missing.isEmpty ? "" : "; \(missing.count) rule(s) without a mutant: \(missing.joined(separator: ", "))"))
        }
        lines.append("in \(String(format: "%.0f", seconds)) s")
        return lines
    }

    public func markdown() -> String {
        var text = "# Rule-level mutants: results\n\n"
        text += "Run: `\(command)`, \(String(format: "%.0f", seconds)) s (\(rows.values.flatMap { $0 }.filter(\.result.cached).count) results reused from the cache). "
        text += "Mutants: `mutation/catalogue/<target>.yaml`; rules: `mutation/rules.yaml`; how to read this: docs/mutation.md (*Rule catalogue*).\n\n"
        text += "| target | mutants | killed | survived | score | equivalent | stillborn |\n|---|---|---|---|---|---|---|\n"
        for target in targets {
            let s = score(rows[target]!)
            text += "| \(target.displayName) | \(rows[target]!.count) | \(s.killed) | \(s.survived) | **\(s.percent)** | \(s.equivalent) | \(s.stillborn) |\n"
        }
        text += "\nScore = killed / (killed + survived): equivalent mutants (argued below) and stillborn ones (the compiler caught them) are not scored. The golden emitter's mutants are judged by the rule coverage check, the languages' by the golden cases alone.\n"
        text += "\n## Per rule family\n\n| family | " + targets.map(\.displayName).joined(separator: " | ") + " |\n|---|" + targets.map { _ in "---|" }.joined() + "\n"
        for family in rules.families.map(\.name) {
            let cells = targets.map { target -> String in
                let chosen = rows[target]!.filter { self.family(of: $0) == family }
                guard !chosen.isEmpty else { return "–" }
                let s = score(chosen)
                return "\(s.killed)/\(s.scored)" + (s.equivalent > 0 ? " (+\(s.equivalent) eq.)" : "") + (s.stillborn > 0 ? " (+\(s.stillborn) st.)" : "")
            }
            if cells.allSatisfy({ $0 == "–" }) { continue }
            text += "| \(family) | " + cells.joined(separator: " | ") + " |\n"
        }
        text += "\n## Survivors\n\n"
        let survivors = targets.flatMap { target in rows[target]!.filter { $0.result.outcome == .survived }.map { (target, $0) } }
        text += survivors.isEmpty ? "None.\n" : survivors.map { "- \($0.0.rawValue) `\($0.1.mutant.id)` (\($0.1.mutant.rule)): \($0.1.mutant.why)\n" }.joined()
        let equivalents = targets.flatMap { target in rows[target]!.compactMap { row -> String? in
            guard case .equivalent(let reason) = row.result.outcome else { return nil }
            return "- \(target.rawValue) `\(row.mutant.id)` (\(row.mutant.rule)): \(row.mutant.why) — **equivalent:** \(reason)\n"
        } }
        if !equivalents.isEmpty { text += "\n## Equivalent (argued in the catalogue entry)\n\n" + equivalents.joined() }
        let missing = targets.filter { !(uncatalogued[$0] ?? []).isEmpty }
        if !missing.isEmpty {
            text += "\n## Rules without a mutant\n\n" + missing.map { "- \($0.displayName): \(uncatalogued[$0]!.joined(separator: ", "))\n" }.joined()
        }
        text += "\n## Every mutant\n"
        for target in targets {
            text += "\n### \(target.displayName)\n\n"
            for row in rows[target]! {
                text += "- `\(row.mutant.id)` (\(row.mutant.rule)) — \(MutationReport.describe(row.result.outcome))\n"
            }
        }
        return text
    }
}
