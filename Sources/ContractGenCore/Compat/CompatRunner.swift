/// `contract-gen compat`: every release's shipped readers run against what HEAD's writer writes,
/// and HEAD's readers against what each release's writer wrote (a blob persisted by the previous
/// app version, read after the update). The documents are both sides' valid golden blobs and
/// random valid documents of the writer's schema, encoded by the writer's own encoder.
import Foundation

/// Which way a document goes.
enum CompatDirection: String, CaseIterable, Sendable {
    /// HEAD's writer, the release's readers: an app update that has not reached every reader yet.
    case headWrites = "HEAD writes, release reads"
    /// The release's writer, HEAD's readers: a blob written before the update, read after it.
    case releaseWrites = "release writes, HEAD reads"
}

/// One cell of the matrix: a release, a direction, a language, a contract.
struct CompatCell: Sendable {
    var release: String
    var direction: CompatDirection
    var language: Language
    var contract: String
    var counts: [CompatVerdict: Int] = [:]
    /// The first silent misread: the document, both readings and the judgement.
    var firstMisread: (document: String, writer: JSONValue, reader: JSONValue, judgement: CompatJudgement)?
    /// Why part of the cell could not be judged (a testee that did not build or answer).
    var problems: [String] = []

    var documents: Int { counts.values.reduce(0, +) }
}

struct CompatResult: Sendable {
    var cells: [CompatCell] = []
    /// Releases or contracts that could not be compared at all, with why.
    var problems: [String] = []

    var misreads: Int { cells.reduce(0) { $0 + ($1.counts[.misread] ?? 0) } }
    var failed: Bool { misreads > 0 || !problems.isEmpty || cells.contains { !$0.problems.isEmpty } }
}

struct CompatRunner {
    var head: ProjectSnapshot
    var releases: [ProjectSnapshot]
    var languages: [Language]
    /// Random valid documents per writer and contract, besides the golden blobs.
    var count: Int
    var seed: UInt64
    var deadline: Date?
    var timeout: Double = 60
    var log: @Sendable (String) -> Void = { _ in }

    /// The testee commands of every snapshot and language, built side by side (cached by content).
    func launchAll() -> [String: TesteeLaunch] {
        let jobs = ([head] + releases).flatMap { snapshot in Language.allCases.filter { languages.contains($0) || $0 == .typescript }.map { (snapshot, $0) } }
        let results = LockedResults<TesteeLaunch>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let (snapshot, language) = jobs[index]
            var builder = TesteeBuilder(root: snapshot.root, log: log)
            builder.layout = snapshot.sources
            builder.deadline = deadline
            results.set(index, builder.launch(language))
        }
        var launches: [String: TesteeLaunch] = [:]
        for (index, job) in jobs.enumerated() { launches[Self.key(job.0, job.1)] = results.get(index) }
        return launches
    }

    static func key(_ snapshot: ProjectSnapshot, _ language: Language) -> String { snapshot.name + "|" + language.rawValue }

    func run() -> CompatResult {
        var result = CompatResult()
        let launches = launchAll()
        var processes: [String: TesteeProcess] = [:]
        defer { for process in processes.values { process.stop() } }
        func process(_ snapshot: ProjectSnapshot, _ language: Language) -> Result<TesteeProcess, CompatProblem> {
            let key = Self.key(snapshot, language)
            if let running = processes[key] { return .success(running) }
            switch launches[key] {
            case .command(let command)?:
                let started = TesteeProcess(command: command, timeout: timeout)
                processes[key] = started
                return .success(started)
            case .skipped(let reason)?, .failed(let reason)?:
                return .failure(CompatProblem(message: "\(snapshot.name) \(language.displayName): \(reason)"))
            case nil:
                return .failure(CompatProblem(message: "\(snapshot.name) \(language.displayName): not built"))
            }
        }
        for release in releases {
            for direction in CompatDirection.allCases {
                let (writer, other) = direction == .headWrites ? (head, release) : (release, head)
                for contract in writer.contracts {
                    guard let otherContract = other.contracts.first(where: { $0.name == contract.name }) else {
                        result.problems.append("\(contract.name): not a contract of \(other.name) (\(direction.rawValue)); nothing to compare")
                        continue
                    }
                    let documents = self.documents(of: contract, in: writer, process: process)
                    let derived = Set((contract.types + otherContract.types).flatMap { $0.fields.filter { $0.derived != nil }.map(\.name) })
                    for language in languages {
                        if let deadline, Date() >= deadline {
                            result.problems.append("the deadline passed before \(release.name) \(direction.rawValue) \(language.displayName) was compared")
                            continue
                        }
                        var cell = CompatCell(release: release.name, direction: direction, language: language, contract: contract.name)
                        cell.problems += documents.problems
                        judge(documents.texts, contract: contract.name, writer: writer, other: other, language: language,
                              derived: derived, process: process, into: &cell)
                        result.cells.append(cell)
                    }
                }
            }
        }
        return result
    }

    struct CompatProblem: Error { var message: String }

    /// The writer's documents: its valid golden blobs, then `count` random valid documents its own
    /// (TypeScript) encoder wrote.
    func documents(of contract: Contract, in writer: ProjectSnapshot,
                   process: (ProjectSnapshot, Language) -> Result<TesteeProcess, CompatProblem>) -> (texts: [String], problems: [String]) {
        var texts: [String] = []
        var seen = Set<String>()
        let goldens = GoldenCaseLoader.load(directories: [writer.root + "/" + ProjectLayout.join(writer.layout.goldenDirectory, contract.name)])
        for golden in goldens.cases where golden.op == "decode" && golden.contract == contract.name {
            guard case .object(let given) = golden.given, given.allSatisfy({ ["blob", "report", "dropped"].contains($0.0) }),
                  golden.expect["status"]?.stringValue == "ok", let blob = golden.given["blob"]?.stringValue,
                  seen.insert(blob).inserted else { continue }
            texts.append(blob)
        }
        guard count > 0 else { return (texts, []) }
        let encoder: TesteeProcess
        switch process(writer, .typescript) {
        case .success(let found): encoder = found
        case .failure(let problem): return (texts, ["no encoder: " + problem.message])
        }
        var generator = ValidDocumentGenerator(contract: contract, seed: seed)
        let requests = (0..<count).map { _ in
            JSONValue.object([("contract", .string(contract.name)), ("op", .string("encode")),
                              ("given", .object([("input", generator.next().input)]))]).serialized()
        }
        var problems: [String] = []
        for reply in encoder.sendBatch(requests) {
            guard case .line(let line) = reply, let text = JSONValue.parse(line)?["ok"]?["text"]?.stringValue else {
                if problems.isEmpty { problems.append("\(writer.name)'s encoder did not write a generated document: \(reply)") }
                continue
            }
            if seen.insert(text).inserted { texts.append(text) }
        }
        return (texts, problems)
    }

    /// Decodes every document with the writer's release's reader and the other release's reader of
    /// `language`, each with its report, and counts the verdicts.
    func judge(_ texts: [String], contract: String, writer: ProjectSnapshot, other: ProjectSnapshot, language: Language,
               derived: Set<String>, process: (ProjectSnapshot, Language) -> Result<TesteeProcess, CompatProblem>, into cell: inout CompatCell) {
        let requests = texts.map {
            JSONValue.object([("contract", .string(contract)), ("op", .string("decode")),
                              ("given", .object([("blob", .string($0)), ("report", .bool(true))]))]).serialized()
        }
        var readings: [[CompatReading?]] = []
        for snapshot in [writer, other] {
            switch process(snapshot, language) {
            case .failure(let problem):
                cell.problems.append(problem.message)
                return
            case .success(let testee):
                readings.append(testee.sendBatch(requests).map { reply in
                    guard case .line(let line) = reply, let observation = JSONValue.parse(line)?["ok"] else { return nil }
                    return CompatReading(observation: observation)
                })
            }
        }
        for (index, text) in texts.enumerated() {
            guard let ours = readings[0][index], let theirs = readings[1][index] else {
                if cell.problems.count < 3 { cell.problems.append("no observation for a document from \(writer.name) or \(other.name)") }
                continue
            }
            let judgement = CompatComparison.judge(writer: ours, reader: theirs, derivedNames: derived)
            cell.counts[judgement.verdict, default: 0] += 1
            if judgement.verdict == .misread, cell.firstMisread == nil {
                cell.firstMisread = (text, ours.observation, theirs.observation, judgement)
            }
        }
    }
}

/// Results filled from several threads, each in its place.
final class LockedResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T?]

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        items[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return items[index]
    }
}
