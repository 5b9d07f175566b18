/// Which golden cases exercise each rule of mutation/rules.yaml, and which rules have lost theirs.
/// Every witness a rule names must match at least one case: a witness that matches none is a
/// lost case, and the check fails. This is what judges the golden emitter: an emitter that stops
/// writing the leap-second case, or writes the safe-integer case off its boundary, leaves a
/// witness without a case (`mutate --catalogue --lang golden-emitter`, `mutate --coverage`).
import Foundation

public struct RuleCoverage: Sendable {
    public struct Lost: Sendable, CustomStringConvertible {
        public var rule: String
        public var witness: CaseWitness
        public var description: String { "\(rule): no golden case matches \(witness)" }
    }

    /// Per rule, the names of the cases that match any of its witnesses (sorted).
    public var cases: [String: [String]]
    /// Witnesses that match no case.
    public var lost: [Lost]

    public var isComplete: Bool { lost.isEmpty }

    public init(rules: RuleCatalogue, cases golden: [ConformanceCase]) {
        var cases: [String: [String]] = [:]
        var lost: [Lost] = []
        for rule in rules.rules {
            var names: Set<String> = []
            for witness in rule.witnesses {
                let matched = golden.filter(witness.matches).map(\.name)
                if matched.isEmpty { lost.append(Lost(rule: rule.id, witness: witness)) }
                names.formUnion(matched)
            }
            cases[rule.id] = names.sorted()
        }
        self.cases = cases
        self.lost = lost
    }

    /// `mutate --coverage`: one line per rule (its case count, or why it has none), the lost witnesses last.
    public func lines(_ rules: RuleCatalogue) -> [String] {
        var lines: [String] = []
        for rule in rules.rules {
            if let reason = rule.noCase {
                lines.append("\(rule.id): no golden case (\(reason))")
            } else {
                let names = cases[rule.id] ?? []
                lines.append("\(rule.id): \(names.count) case(s)\(names.first.map { ", e.g. \($0)" } ?? "")")
            }
        }
        lines += lost.map { "LOST \($0)" }
        let testable = rules.rules.filter { $0.noCase == nil }.count
        lines.append("coverage: \(testable - Set(lost.map(\.rule)).count) of \(testable) rules with golden cases hold every witness; \(rules.rules.count - testable) rule(s) have none by nature; \(lost.count) lost witness(es)")
        return lines
    }
}
