/// The cases × implementations matrix behind the HTML report and the badge: one status per
/// cell, decided by the same rules as the printed run (expected failures, unexpected passes,
/// skipped and unavailable implementations, abandoned cases).
import Foundation

/// What one case did in one implementation.
public enum CellStatus: String, CaseIterable, Sendable {
    case pass, fail, crash, timeout, xfail, xpass, skip, abandoned, unavailable

    /// Shown to a person.
    public var label: String {
        switch self {
        case .pass: return "pass"
        case .fail: return "fail"
        case .crash: return "crash"
        case .timeout: return "timeout"
        case .xfail: return "expected failure"
        case .xpass: return "unexpected pass"
        case .skip: return "skipped"
        case .abandoned: return "abandoned"
        case .unavailable: return "not built"
        }
    }

    /// Whether the case passes in this implementation (an unexpected pass does: only the list is stale).
    public var passes: Bool { self == .pass || self == .xpass }
}

public struct ReportMatrix: Sendable {
    public struct Cell: Sendable {
        public var status: CellStatus
        /// The run's result for the cell (nil when the case was not run there).
        public var result: CaseResult?
    }

    public struct Row: Sendable {
        public var golden: ConformanceCase
        public var cells: [Cell]
    }

    public struct Group: Sendable {
        public var name: String
        public var rows: [Row]
    }

    public struct Contract: Sendable {
        public var name: String
        public var groups: [Group]
        public var caseCount: Int { groups.reduce(0) { $0 + $1.rows.count } }
    }

    public struct Column: Sendable {
        public var name: String
        /// Why the column did not run (fully or partly), or nil.
        public var notes: [String]
        public var counts: [CellStatus: Int]
        public var passed: Int { counts.filter { $0.key.passes }.reduce(0) { $0 + $1.value } }
    }

    public var columns: [Column]
    public var contracts: [Contract]
    public var loadErrors: [CaseLoadError]
    public var caseCount: Int { contracts.reduce(0) { $0 + $1.caseCount } }

    public init(cases: [ConformanceCase], report: ConformanceReport, targets: [String], expected: ExpectedFailures?) {
        var resultByKey: [String: CaseResult] = [:]
        for result in report.results { resultByKey[Self.key(result.path, result.caseName, result.language)] = result }
        let unexpectedPasses = Self.unexpectedPasses(report, expected: expected)
        var counts = Array(repeating: [CellStatus: Int](), count: targets.count)
        var byContract: [String: [String: [Row]]] = [:]
        for golden in cases {
            var cells: [Cell] = []
            for (index, target) in targets.enumerated() {
                let result = resultByKey[Self.key(golden.path, golden.name, target)]
                let status = Self.status(result, target: target, report: report, expected: expected, unexpectedPasses: unexpectedPasses)
                counts[index][status, default: 0] += 1
                cells.append(Cell(status: status, result: result))
            }
            let group = CaseGrouping.group(caseName: golden.name, contract: golden.contract)
            byContract[golden.contract, default: [:]][group, default: []].append(Row(golden: golden, cells: cells))
        }
        contracts = byContract.keys.sorted().map { contract in
            let groups = byContract[contract]!
            return Contract(name: contract, groups: groups.keys.sorted().map { name in
                Group(name: name, rows: groups[name]!.sorted { ($0.golden.name, $0.golden.path) < ($1.golden.name, $1.golden.path) })
            })
        }
        columns = targets.enumerated().map { index, target in
            var notes = report.unavailable.filter { $0.name == target }.map { "\($0.skipped ? "skipped" : "not built"): \($0.reason)" }
            notes += report.abandoned.filter { $0.name == target }.map { "\($0.count) case(s) abandoned: \($0.reason)" }
            return Column(name: target, notes: notes, counts: counts[index])
        }
        loadErrors = report.loadErrors
    }

    /// A result's cell: its file, its case name (a file's twins — no report, UTF-8 bytes — share the
    /// file, and one must not hide another) and its target.
    static func key(_ path: String, _ name: String, _ target: String) -> String { path + "\u{0}" + name + "\u{0}" + target }

    /// Results of expected-failure entries whose every matching result passes: the printed run
    /// fails on each such entry ("UNEXPECTED PASS"), so their cells say so too.
    static func unexpectedPasses(_ report: ConformanceReport, expected: ExpectedFailures?) -> Set<String> {
        guard let expected else { return [] }
        var keys: Set<String> = []
        for entry in expected.entries {
            let matching = report.results.filter { $0.caseName == entry.caseName && (entry.language == nil || $0.language == entry.language) }
            if !matching.isEmpty, matching.allSatisfy({ $0.outcome == .passed }) {
                for result in matching { keys.insert(key(result.path, result.caseName, result.language)) }
            }
        }
        return keys
    }

    static func status(_ result: CaseResult?, target: String, report: ConformanceReport, expected: ExpectedFailures?,
                       unexpectedPasses: Set<String>) -> CellStatus {
        guard let result else {
            if let unavailable = report.unavailable.first(where: { $0.name == target }) { return unavailable.skipped ? .skip : .unavailable }
            return .abandoned
        }
        if result.outcome == .passed {
            return unexpectedPasses.contains(key(result.path, result.caseName, result.language)) ? .xpass : .pass
        }
        if result.outcome.isSkipped { return .skip }
        if expected?.lists(result.caseName, language: result.language) == true { return .xfail }
        switch result.reply {
        case .answered: return .fail
        case .crashed: return .crash
        case .timedOut: return .timeout
        }
    }
}
