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

/// An input on which one language is far slower than the others (a super-linear path): the
/// (minimized) input and each language's time for it, the fastest of three runs.
public struct SlowInput: Sendable {
    public var original: DifferentialInput
    public var input: DifferentialInput
    public var seconds: [(language: String, seconds: Double)]
}

public struct DifferentialSummary: Sendable {
    public var inputs = 0
    /// Of `inputs`, how many came from the stress family (large shape inputs, timed one by one).
    public var stressInputs = 0
    public var disagreements: [Disagreement] = []
    public var slow: [SlowInput] = []
    public var seconds = 0.0
    /// `encode` inputs every implementation answered alike: with the same document (byte for
    /// byte), or with a refusal at the same path.
    public var encodesWritten = 0
    public var encodesRefused = 0
}

public struct DifferentialRunner {
    public var targets: [(name: String, command: [String])]
    public var batchSize = 200
    public var maxReported = 20
    public var progress: (String) -> Void = { _ in }
    /// Schema-driven shape inputs (super-linear paths, size regimes); nil runs only the stream.
    public var shapes: ShapeGenerator?
    /// The contracts the ordinary stream draws blobs and ops for (from their schemas).
    public var contracts: [Contract] = []
    /// Share of the ordinary stream drawn from `shapes` at their regular scale.
    public var shapeShare = 0.03
    /// An input is slow in a language that takes more than `slowFactor` × the median of the
    /// others, and more than `slowFloor` seconds (below that, scheduling noise dominates).
    public var slowFactor = 10.0
    public var slowFloor = 0.05
    /// Wall-clock budget for minimizing one finding (each trial reruns every language).
    public var minimizeSeconds = 60.0

    public init(targets: [(name: String, command: [String])]) { self.targets = targets }

    /// The canonical form of a reply, for comparing across languages.
    static func canonical(_ reply: TesteeProcess.Reply) -> String {
        switch reply {
        case .line(let line):
            guard let json = JSONValue.parse(line) else { return "(unparseable: \(line.prefix(200)))" }
            if let ok = json["ok"] { return ok.serialized(sortedKeys: true) }
            return "(error: \(json["error"]?.stringValue ?? line))"
        case .notUTF8(let offset): return "(not UTF-8 at byte \(offset))"
        case .crashed(let detail): return "(crashed: \(detail))"
        case .timedOut: return "(timed out)"
        }
    }

    /// The index of a language whose time exceeds `factor` × the median of the others' and
    /// `floor`, if any (the slowest such one).
    static func slowLanguage(_ seconds: [Double], factor: Double, floor: Double) -> Int? {
        guard seconds.count >= 2 else { return nil }
        var found: Int?
        for index in seconds.indices where seconds[index] > floor {
            var others = seconds
            others.remove(at: index)
            others.sort()
            let middle = others.count / 2
            let median = others.count % 2 == 1 ? others[middle] : (others[middle - 1] + others[middle]) / 2
            if seconds[index] > factor * median, found.map({ seconds[index] > seconds[$0] }) ?? true { found = index }
        }
        return found
    }

    /// Runs `count` inputs of the ordinary stream (batched), then `stress` large shape inputs
    /// (one at a time), comparing both answers and time.
    public func run(count: Int, stress: Int = 0, seed: UInt64) -> DifferentialSummary {
        var summary = DifferentialSummary()
        let started = Date()
        let processes = targets.map { TesteeProcess(command: $0.command, timeout: 60) }
        defer { processes.forEach { $0.stop() } }
        let generator = InputGenerator(contracts: contracts, seed: seed)
        var mixing = SeededRandom(seed: seed ^ 0x4D49_58)
        var done = 0
        // Every other decode goes by the second roads (SecondRoadInputs.swift). A count, not a
        // draw, so a seed's stream of inputs is the same as before apart from those flags.
        var decodes = 0
        func byRoads(_ input: DifferentialInput) -> DifferentialInput {
            guard input.op == "decode" else { return input }
            decodes += 1
            return decodes % 2 == 0 ? input.bySecondRoads() : input
        }
        while done < count {
            let batch = (0..<min(batchSize, count - done)).map { _ -> DifferentialInput in
                if let shapes, Double.random(in: 0..<1, using: &mixing) < shapeShare, let input = shapes.next(.regular) { return byRoads(input) }
                return byRoads(generator.next())
            }
            var batchSeconds: [Double] = []
            let replies = processes.map { process -> [TesteeProcess.Reply] in
                let start = Date()
                defer { batchSeconds.append(Date().timeIntervalSince(start)) }
                return process.sendBatch(batch.map(\.request))
            }
            for (index, input) in batch.enumerated() {
                let answers = replies.map { Self.canonical($0[index]) }
                if Set(answers).count > 1 {
                    report(input, processes, &summary)
                } else if input.op == TesteeOp.encode.rawValue, let first = answers.first, let answer = JSONValue.parse(first) {
                    if answer["text"] != nil { summary.encodesWritten += 1 }
                    if answer["refused"] != nil { summary.encodesRefused += 1 }
                }
            }
            // A slow batch is timed again input by input, in the slow language only.
            if let slow = Self.slowLanguage(batchSeconds, factor: slowFactor, floor: slowFloor) {
                for input in batch {
                    let start = Date()
                    _ = processes[slow].send(input.request)
                    if Date().timeIntervalSince(start) > slowFloor { checkTime(input, processes, &summary) }
                }
            }
            done += batch.count
            summary.inputs = done
            if done % 50_000 == 0 { progress("\(done) inputs, \(summary.disagreements.count) disagreement(s), \(summary.slow.count) slow, \(Int(Date().timeIntervalSince(started))) s") }
        }
        if let shapes {
            for _ in 0..<stress {
                guard let input = shapes.next(.stress).map(byRoads) else { break }
                var seconds: [Double] = []
                let answers = processes.map { process -> String in
                    let start = Date()
                    defer { seconds.append(Date().timeIntervalSince(start)) }
                    return Self.canonical(process.send(input.request))
                }
                if Set(answers).count > 1 { report(input, processes, &summary) }
                if Self.slowLanguage(seconds, factor: slowFactor, floor: slowFloor) != nil { checkTime(input, processes, &summary) }
                summary.stressInputs += 1
                summary.inputs += 1
            }
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    func report(_ input: DifferentialInput, _ processes: [TesteeProcess], _ summary: inout DifferentialSummary) {
        guard summary.disagreements.count < maxReported else { return }
        let minimized = minimize(input) { disagrees($0, processes) }
        let finalAnswers = processes.map { Self.canonical($0.send(minimized.request)) }
        summary.disagreements.append(Disagreement(original: input, input: minimized, answers: zip(targets.map(\.name), finalAnswers).map { ($0, $1) }))
    }

    /// Confirms a suspected slow input (fastest of three runs per language), then minimizes it
    /// while it stays slow, and records it.
    func checkTime(_ input: DifferentialInput, _ processes: [TesteeProcess], _ summary: inout DifferentialSummary) {
        guard summary.slow.count < maxReported else { return }
        let confirmed = fastestSeconds(input, processes, runs: 3)
        guard Self.slowLanguage(confirmed, factor: slowFactor, floor: slowFloor) != nil else { return }
        let minimized = minimize(input) { isSlow($0, processes) }
        var final = fastestSeconds(minimized, processes, runs: 3)
        var reported = minimized
        if Self.slowLanguage(final, factor: slowFactor, floor: slowFloor) == nil {
            (reported, final) = (input, confirmed)  // the minimized one was a lucky run: keep the original
        }
        summary.slow.append(SlowInput(original: input, input: reported, seconds: zip(targets.map(\.name), final).map { ($0, $1) }))
    }

    func fastestSeconds(_ input: DifferentialInput, _ processes: [TesteeProcess], runs: Int) -> [Double] {
        processes.map { process in
            var best = Double.infinity
            for _ in 0..<runs {
                let start = Date()
                _ = process.send(input.request)
                best = min(best, Date().timeIntervalSince(start))
            }
            return best
        }
    }

    func isSlow(_ input: DifferentialInput, _ processes: [TesteeProcess]) -> Bool {
        Self.slowLanguage(fastestSeconds(input, processes, runs: 1), factor: slowFactor, floor: slowFloor) != nil
    }

    func disagrees(_ input: DifferentialInput, _ processes: [TesteeProcess]) -> Bool {
        Set(processes.map { Self.canonical($0.send(input.request)) }).count > 1
    }

    /// Delta debugging on the text-valued `given` fields (blob, queue): remove chunks while
    /// `keeps` still holds. Bounded in trials and in wall time, so a hard case reports promptly.
    func minimize(_ input: DifferentialInput, keeps: (DifferentialInput) -> Bool) -> DifferentialInput {
        guard case .object(var entries) = input.given else { return input }
        var budget = 400
        let deadline = Date().addingTimeInterval(minimizeSeconds)
        for index in entries.indices {
            guard case .string(let original) = entries[index].1 else { continue }
            var units = Array(original.unicodeScalars)
            var chunk = max(1, units.count / 2)
            while chunk >= 1, budget > 0, Date() < deadline {
                var start = 0
                var removedAny = false
                while start < units.count, budget > 0, Date() < deadline {
                    var candidate = units
                    candidate.removeSubrange(start..<min(units.count, start + chunk))
                    var text = ""
                    text.unicodeScalars.append(contentsOf: candidate)
                    var trial = entries
                    trial[index].1 = .string(text)
                    budget -= 1
                    if keeps(DifferentialInput(contract: input.contract, op: input.op, given: .object(trial), family: input.family)) {
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
        return DifferentialInput(contract: input.contract, op: input.op, given: .object(entries), family: input.family)
    }
}
