/// `contract-gen conform`: every case against every selected implementation, one line per
/// failure (case, language, expected, actual, structural diff), then `N passed, N failed`.
import Foundation

/// The outcome of one case in one language.
public struct CaseResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case failed(expected: String, actual: String, details: [String])
    }
    public var caseName: String
    public var path: String
    public var language: String
    public var outcome: Outcome
    public var seconds: Double
}

/// One implementation under test: a name and how to start it.
public struct ConformanceTarget: Sendable {
    public var name: String
    public var launch: TesteeLaunch

    public init(name: String, launch: TesteeLaunch) {
        self.name = name
        self.launch = launch
    }
}

/// A whole run: per-target results and the targets that could not run.
public struct ConformanceReport: Sendable {
    public var results: [CaseResult] = []
    /// Targets that did not run, with why (skipped toolchain or failed build). Either fails the run.
    public var unavailable: [(name: String, reason: String, skipped: Bool)] = []
    public var loadErrors: [CaseLoadError] = []

    /// Cases per target, for counting what an unavailable target did not run.
    public var casesPerTarget = 0

    public var passed: Int { results.filter { $0.outcome == .passed }.count }
    /// Failed results, unusable case files, and every case of a testee that did not build.
    public var failed: Int {
        results.count - passed + loadErrors.count + unavailable.filter { !$0.skipped }.count * casesPerTarget
    }
    /// Cases not run because a language's toolchain is missing (the run still fails).
    public var skipped: Int { unavailable.filter(\.skipped).count * casesPerTarget }
}

public struct ConformanceRunner: Sendable {
    public var timeout: Double = 60
    public var progress: @Sendable (String) -> Void = { _ in }

    public init(timeout: Double = 60, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timeout = timeout
        self.progress = progress
    }

    public func run(cases: [ConformanceCase], targets: [ConformanceTarget]) -> ConformanceReport {
        var report = ConformanceReport()
        report.casesPerTarget = cases.count
        for target in targets {
            switch target.launch {
            case .skipped(let reason):
                report.unavailable.append((target.name, reason, true))
                continue
            case .failed(let reason):
                report.unavailable.append((target.name, reason, false))
                continue
            case .command(let command):
                let process = TesteeProcess(command: command, timeout: timeout)
                defer { process.stop() }
                for golden in cases {
                    let started = Date()
                    let outcome = evaluate(golden, reply: process.send(golden.request))
                    report.results.append(CaseResult(caseName: golden.name, path: golden.path, language: target.name,
                                                     outcome: outcome, seconds: Date().timeIntervalSince(started)))
                }
            }
        }
        return report
    }

    func evaluate(_ golden: ConformanceCase, reply: TesteeProcess.Reply) -> CaseResult.Outcome {
        let expected = golden.expect.serialized(sortedKeys: true)
        switch reply {
        case .timedOut:
            return .failed(expected: expected, actual: "(no answer within \(Int(timeout)) s; testee restarted)", details: [])
        case .crashed(let detail):
            return .failed(expected: expected, actual: "(\(detail); testee restarted)", details: [])
        case .line(let line):
            guard let response = JSONValue.parse(line), case .object(let entries) = response, entries.count == 1 else {
                return .failed(expected: expected, actual: "(not a protocol response: \(line.prefix(200)))", details: [])
            }
            if let error = response["error"] {
                return .failed(expected: expected, actual: "(error: \(error.stringValue ?? error.serialized()))", details: [])
            }
            guard let observation = response["ok"] else {
                return .failed(expected: expected, actual: "(not a protocol response: \(line.prefix(200)))", details: [])
            }
            if observation == golden.expect { return .passed }
            return .failed(expected: expected, actual: observation.serialized(sortedKeys: true),
                           details: ObservationDiff.differences(expected: golden.expect, actual: observation))
        }
    }
}
