/// `contract-gen conform`: every case against every selected implementation, one line per
/// failure (case, language, expected, actual, structural diff), then `N passed, N failed`.
import Foundation

/// The outcome of one case in one language.
public struct CaseResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case failed(expected: String, actual: String, details: [String])
        /// The testee answered `{"skipped": reason}`: it does not support the op.
        case skipped(reason: String)

        public var isSkipped: Bool {
            if case .skipped = self { return true }
            return false
        }
    }
    public var caseName: String
    public var path: String
    public var language: String
    public var outcome: Outcome
    public var seconds: Double
    /// How the testee answered: the HTML report tells a crash or a timeout from a wrong answer.
    public var reply: ReplyKind = .answered

    public enum ReplyKind: Sendable, Equatable { case answered, crashed, timedOut }
}

/// One implementation under test: a name and how to start it (building it first, inside the
/// run's lanes and its deadline).
public struct ConformanceTarget: Sendable {
    public var name: String
    public var launcher: @Sendable () -> TesteeLaunch
    /// Also run every decode case by this road (SecondRoadTwins.swift).
    public var secondRoad: DecodeRoad?

    public init(name: String, launch: TesteeLaunch, secondRoad: DecodeRoad? = nil) {
        self.init(name: name, secondRoad: secondRoad, launcher: { launch })
    }

    /// `launcher` runs in the run's lane for this target (builds side by side, within `--deadline`).
    public init(name: String, secondRoad: DecodeRoad? = nil, launcher: @escaping @Sendable () -> TesteeLaunch) {
        self.name = name
        self.launcher = launcher
        self.secondRoad = secondRoad
    }
}

/// A whole run: per-target results and the targets that could not run.
public struct ConformanceReport: Sendable {
    public var results: [CaseResult] = []
    /// Targets that did not run, with why (skipped toolchain or failed build). Either fails the run.
    public var unavailable: [(name: String, reason: String, skipped: Bool)] = []
    public var loadErrors: [CaseLoadError] = []
    /// Cases of a target never run because the runner gave up on it (an unresponsive testee,
    /// the run's deadline): one entry per target, counted as failures.
    public var abandoned: [(name: String, count: Int, reason: String)] = []
    /// Targets whose answers cannot be matched to requests (more lines than requests): each fails
    /// the run, and none of its answers counts as a pass.
    public var protocolViolations: [(name: String, reason: String)] = []

    /// Cases per target, for counting what an unavailable target did not run.
    public var casesPerTarget = 0

    public var passed: Int { results.filter { $0.outcome == .passed }.count }
    /// Cases a testee answered `skipped` (an op it does not support): neither passed nor failed.
    public var skippedByTestee: Int { results.filter { $0.outcome.isSkipped }.count }
    /// Failed results, unusable case files, every case of a testee that did not build, and
    /// every case abandoned.
    public var failed: Int {
        results.count - passed - skippedByTestee + loadErrors.count + unavailable.filter { !$0.skipped }.count * casesPerTarget
            + abandoned.reduce(0) { $0 + $1.count } + protocolViolations.count
    }
    /// Cases not run because a language's toolchain is missing (the run still fails unless
    /// `--allow-skip`), and cases a testee answered `skipped` (which do not fail it).
    public var skipped: Int { unavailable.filter(\.skipped).count * casesPerTarget + skippedByTestee }
}

public struct ConformanceRunner: Sendable {
    /// Seconds one case may take.
    public var timeout: Double = 60
    /// Seconds the whole run may take (building testees and running cases); nil: no limit.
    public var deadline: Double?
    /// The instant the run must end by (set from `deadline` when the run starts, or earlier by the
    /// caller so that building and report writing count too).
    public var endsAt: Date?
    /// After this many timeouts in a row a testee is declared unresponsive and its remaining
    /// cases are not run (each timeout costs `timeout` seconds: 704 cases of a silent testee
    /// would otherwise take hours).
    public var unresponsiveAfter = 3
    /// Longest answer line accepted (raised for large requests; see TesteeProcess).
    public var lineLimit = TesteeProcess.defaultLineLimit
    public var progress: @Sendable (String) -> Void = { _ in }

    public init(timeout: Double = 60, deadline: Double? = nil, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timeout = timeout
        self.deadline = deadline
        self.progress = progress
    }

    /// Runs every target's testee over the cases. Testees are separate processes, so as many run
    /// at once as the machine has cores; each target's part of the report is kept apart and the
    /// parts are joined in target order, so the report lists results as a run target by target
    /// would (times, time-outs and a `deadline` now fall on targets running together).
    public func run(cases: [ConformanceCase], targets: [ConformanceTarget]) -> ConformanceReport {
        let runDeadline = endsAt ?? deadline.map { Date().addingTimeInterval($0) }
        let parts = TargetReports(count: targets.count)
        let lanes = max(1, min(targets.count, ProcessInfo.processInfo.activeProcessorCount))
        // Orphans a testee leaves (a daemon that double-forked and left the session) come back to
        // the runner as their subreaper (Linux), and are killed when the run ends.
        ProcessFamily.becomeSubreaper()
        defer { ProcessFamily.killAdopted() }
        DispatchQueue.concurrentPerform(iterations: lanes) { _ in
            while let index = parts.nextTarget() {
                let target = targets[index]
                var part = ConformanceReport()
                switch target.launcher() {
                case .skipped(let reason):
                    part.unavailable.append((target.name, reason, true))
                case .failed(let reason):
                    part.unavailable.append((target.name, reason, false))
                case .command(let command):
                    run(ConformanceCase.withTwins(cases, by: target.secondRoad), target: target.name, command: command,
                        until: runDeadline, into: &part)
                }
                parts.store(part, at: index)
            }
        }
        var report = ConformanceReport()
        report.casesPerTarget = cases.count
        for part in parts.all() {
            report.results += part.results
            report.unavailable += part.unavailable
            report.abandoned += part.abandoned
            report.protocolViolations += part.protocolViolations
        }
        return report
    }

    private func run(_ cases: [ConformanceCase], target: String, command: [String], until runDeadline: Date?,
                     into report: inout ConformanceReport) {
        let process = TesteeProcess(command: command, timeout: timeout, lineLimit: lineLimit)
        let first = report.results.count
        defer {
            // Lines left over once the testee has read its last request and exited, or seen before
            // a request was sent, are answers to no request: some answer may have been taken for
            // the wrong case, so none of them is trusted.
            let extra = process.finish()
            if let reason = process.violation ?? extra { distrust(report: &report, from: first, target: target, reason: reason) }
        }
        var timeoutsInARow = 0
        for (index, golden) in cases.enumerated() {
            let left = runDeadline?.timeIntervalSinceNow ?? .infinity
            let caseTimeout = min(timeout, left)
            let started = Date()
            let reply: TesteeProcess.Reply = left > 0 ? process.send(golden.request, timeout: caseTimeout) : .timedOut
            if case .timedOut = reply, caseTimeout < timeout {
                // Cut short by the run's deadline, not by this case: it and the rest are not run.
                report.abandoned.append((target, cases.count - index, "the run's deadline (--deadline \(Self.seconds(deadline ?? 0))) passed"))
                return
            }
            if case .timedOut = reply { timeoutsInARow += 1 } else { timeoutsInARow = 0 }
            report.results.append(CaseResult(caseName: golden.name, path: golden.path, language: target,
                                             outcome: evaluate(golden, reply: reply), seconds: Date().timeIntervalSince(started),
                                             reply: Self.kind(of: reply)))
            if timeoutsInARow >= unresponsiveAfter, index + 1 < cases.count {
                report.abandoned.append((target, cases.count - index - 1,
                                         "testee unresponsive (\(timeoutsInARow) timeouts in a row), giving up on it"))
                return
            }
        }
    }

    /// Marks a target's answers as untrusted: its passes become failures and the run fails once more.
    private func distrust(report: inout ConformanceReport, from first: Int, target: String, reason: String) {
        for index in first..<report.results.count where report.results[index].outcome == .passed {
            report.results[index].outcome = .failed(expected: "(an answer to this request)",
                                                    actual: "(not trusted: the testee's answers are out of step; see its PROTOCOL line)", details: [])
        }
        report.protocolViolations.append((target, reason))
    }

    static func kind(of reply: TesteeProcess.Reply) -> CaseResult.ReplyKind {
        switch reply {
        case .line, .notUTF8: return .answered
        case .crashed: return .crashed
        case .timedOut: return .timedOut
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The most of an expectation, an answer or one difference line a result keeps: reports show
    /// them clipped anyway, and a run of many multi-megabyte failures must not hold them all.
    static let keptTextBytes = 8 << 10

    static func kept(_ text: String, limit: Int = keptTextBytes) -> String { TextClip.clip(text, maxBytes: limit) }

    func evaluate(_ golden: ConformanceCase, reply: TesteeProcess.Reply) -> CaseResult.Outcome {
        let outcome = judge(golden, reply: reply)
        guard case .failed(let expected, let actual, let details) = outcome else { return outcome }
        return .failed(expected: Self.kept(expected), actual: Self.kept(actual), details: details.map { Self.kept($0, limit: 1024) })
    }

    private func judge(_ golden: ConformanceCase, reply: TesteeProcess.Reply) -> CaseResult.Outcome {
        var expected: String { golden.expect.serialized(sortedKeys: true) }
        switch reply {
        case .timedOut:
            return .failed(expected: expected, actual: "(no answer within \(Self.seconds(timeout)) s; testee restarted)", details: [])
        case .crashed(let detail):
            return .failed(expected: expected, actual: "(\(detail); testee restarted)", details: [])
        case .notUTF8(let offset):
            return .failed(expected: expected, actual: "(not a protocol response: byte \(offset) of the answer is not UTF-8)", details: [])
        case .line(let line):
            guard let response = JSONValue.parse(line), case .object(let entries) = response, entries.count == 1 else {
                return .failed(expected: expected, actual: "(not a protocol response: \(line.prefix(200)))", details: [])
            }
            if let error = response[TesteeProtocol.Response.error.rawValue] {
                return .failed(expected: expected, actual: "(error: \(error.stringValue ?? error.serialized()))", details: [])
            }
            if let reason = response[TesteeProtocol.Response.skipped.rawValue] {
                return .skipped(reason: reason.stringValue ?? reason.serialized())
            }
            guard let observation = response[TesteeProtocol.Response.ok.rawValue] else {
                return .failed(expected: expected, actual: "(not a protocol response: \(line.prefix(200)))", details: [])
            }
            if observation == golden.expect { return .passed }
            return .failed(expected: expected, actual: observation.serialized(sortedKeys: true),
                           details: ObservationDiff.differences(expected: golden.expect, actual: observation))
        }
    }
}

/// The targets' parts of one run, filled from several threads: which target runs next, and each
/// finished part in its target's place.
private final class TargetReports: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var parts: [ConformanceReport]

    init(count: Int) { parts = Array(repeating: ConformanceReport(), count: count) }

    func nextTarget() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < parts.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ part: ConformanceReport, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        parts[index] = part
    }

    func all() -> [ConformanceReport] {
        lock.lock()
        defer { lock.unlock() }
        return parts
    }
}
