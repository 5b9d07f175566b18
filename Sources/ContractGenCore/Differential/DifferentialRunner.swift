/// Runs generated inputs through every implementation and reports each input on which they
/// disagree (or one of them errs, crashes or hangs), minimized.
import Foundation

/// One disagreement: the (minimized) input and what each language answered.
public struct Disagreement: Sendable {
    /// The input as generated.
    public var original: DifferentialInput
    /// The smallest variant found that still disagrees.
    public var input: DifferentialInput
    public var answers: [(language: String, answer: String)]
}

public struct DifferentialSummary: Sendable {
    public var inputs = 0
    public var disagreements: [Disagreement] = []
    public var seconds = 0.0
}

public struct DifferentialRunner {
    public var targets: [(name: String, command: [String])]
    public var batchSize = 200
    public var maxReported = 20
    public var progress: (String) -> Void = { _ in }

    public init(targets: [(name: String, command: [String])]) { self.targets = targets }

    /// The canonical form of a reply, for comparing across languages.
    static func canonical(_ reply: TesteeProcess.Reply) -> String {
        switch reply {
        case .line(let line):
            guard let json = JSONValue.parse(line) else { return "(unparseable: \(line.prefix(200)))" }
            if let ok = json["ok"] { return ok.serialized(sortedKeys: true) }
            return "(error: \(json["error"]?.stringValue ?? line))"
        case .crashed(let detail): return "(crashed: \(detail))"
        case .timedOut: return "(timed out)"
        }
    }

    public func run(count: Int, seed: UInt64) -> DifferentialSummary {
        var summary = DifferentialSummary()
        let started = Date()
        let processes = targets.map { TesteeProcess(command: $0.command, timeout: 60) }
        defer { processes.forEach { $0.stop() } }
        let generator = InputGenerator(seed: seed)
        var done = 0
        while done < count {
            let batch = (0..<min(batchSize, count - done)).map { _ in generator.next() }
            let replies = processes.map { $0.sendBatch(batch.map(\.request)) }
            for (index, input) in batch.enumerated() {
                let answers = replies.map { Self.canonical($0[index]) }
                if Set(answers).count > 1, summary.disagreements.count < maxReported {
                    let minimized = minimize(input, processes: processes)
                    let finalAnswers = processes.map { Self.canonical($0.send(minimized.request)) }
                    summary.disagreements.append(Disagreement(original: input, input: minimized, answers: zip(targets.map(\.name), finalAnswers).map { ($0, $1) }))
                }
            }
            done += batch.count
            summary.inputs = done
            if done % 50_000 == 0 { progress("\(done) inputs, \(summary.disagreements.count) disagreement(s), \(Int(Date().timeIntervalSince(started))) s") }
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    func disagrees(_ input: DifferentialInput, _ processes: [TesteeProcess]) -> Bool {
        Set(processes.map { Self.canonical($0.send(input.request)) }).count > 1
    }

    /// Delta debugging on the text-valued `given` fields (blob, queue): remove chunks while the
    /// languages still disagree. Bounded, so a hard case still reports promptly.
    func minimize(_ input: DifferentialInput, processes: [TesteeProcess]) -> DifferentialInput {
        guard case .object(var entries) = input.given else { return input }
        var budget = 400
        for index in entries.indices {
            guard case .string(let original) = entries[index].1 else { continue }
            var units = Array(original.unicodeScalars)
            var chunk = max(1, units.count / 2)
            while chunk >= 1, budget > 0 {
                var start = 0
                var removedAny = false
                while start < units.count, budget > 0 {
                    var candidate = units
                    candidate.removeSubrange(start..<min(units.count, start + chunk))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: candidate)
                    var trial = entries
                    trial[index].1 = .string(text)
                    budget -= 1
                    if disagrees(DifferentialInput(contract: input.contract, op: input.op, given: .object(trial)), processes) {
                        units = candidate
                        entries = trial
                        removedAny = true
                    } else {
                        start += chunk
                    }
                }
                if !removedAny { chunk /= 2 }
            }
        }
        return DifferentialInput(contract: input.contract, op: input.op, given: .object(entries))
    }
}
