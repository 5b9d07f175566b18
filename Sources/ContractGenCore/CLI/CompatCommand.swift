/// `contract-gen compat`: compatibility across releases proven by running the old readers, not
/// guessed by rules (docs/ci.md). Each ref is unpacked from git (the work tree is never touched),
/// its committed testees are built (cached like conform's), and documents cross in both directions.
import Foundation

extension ContractGenCommand {
    static let compatHelp = """
    contract-gen compat [--ref REF]... [--releases GLOB] [--lang swift|kotlin|typescript|all] [--count N] [--seed S]
                        [--report junit.xml|report.html]... [--format text|github] [--timeout S] [--deadline S]

      Runs every release's shipped readers (the generated code committed at each ref) against what
      HEAD's writer writes, and HEAD's readers against what each release's writer wrote. The
      documents are both sides' valid golden blobs and --count (default 200) random valid documents
      of the writer's schema, encoded by the writer's own encoder. Each document gets a verdict in
      each language: same, documented degradation (the reader fell back as its schema says: its
      report names the value, or it rejects the document), or silent misread (ok, with a different
      value at a path both sides know, and no report saying why; or ok where the writer's release
      rejects it).
      --ref REF            a release to compare with HEAD (repeatable)
      --releases GLOB      every tag matching GLOB (`v*`), oldest first; default when no --ref is given
      --lang               the readers to run (default all: swift, kotlin, typescript)
      --report FILE        JUnit XML, or an HTML page for .html
      Exit status: 0 when nothing was misread, 1 on a silent misread or a release that could not be
      compared, 2 for a usage error.
    """

    func compat(_ arguments: [String]) throws -> Int32 {
        let spec = CommandSpec(name: "compat", valueOptions: ["config", "ref", "releases", "lang", "count", "seed", "report", "format", "timeout", "deadline"],
                               flags: [])
        let parsed = try spec.parse(arguments)
        let (command, rebased) = try configured(parsed)
        return try command.compat(parsed: rebased)
    }

    func compat(parsed: ParsedArguments) throws -> Int32 {
        let format = try OutputFormat(parsed.value("format"))
        let languages: [Language]
        switch parsed.value("lang") {
        case nil, "all"?: languages = Language.allCases
        case let list?:
            languages = try list.split(separator: ",").map { name in
                guard let language = Language(rawValue: String(name)) else { throw UsageError("unknown --lang '\(name)' (expected swift, kotlin, typescript or all)") }
                return language
            }
        }
        let count = try parsed.value("count").map { text -> Int in
            guard let value = Int(text), value >= 0, value <= 100_000 else { throw UsageError("--count must be a whole number from 0 to 100000") }
            return value
        } ?? 200
        let seed = try parsed.value("seed").map { text -> UInt64 in
            guard let value = UInt64(text) else { throw UsageError("--seed must be a whole number") }
            return value
        } ?? 1
        let timeout = try Self.seconds(parsed.value("timeout"), option: "timeout") ?? 60
        let deadline = Date().addingTimeInterval(try Self.seconds(parsed.value("deadline"), option: "deadline") ?? 3600)
        for report in parsed.values("report") {
            if let problem = ProjectPaths.linkEscape(report, root: root) { throw UsageError("--report: \(problem)") }
        }
        var refs = parsed.values("ref")
        if refs.isEmpty || parsed.value("releases") != nil {
            refs += try ReleaseTree.tags(matching: parsed.value("releases") ?? "v*", projectRoot: root)
        }
        guard !refs.isEmpty else { throw UsageError("no release to compare: give --ref REF or tag releases (default --releases 'v*')") }

        announceConfig()
        let contracts = try loadContracts(try schemaPaths([]))
        var builder = try testeeBuilder()
        builder.deadline = deadline
        guard case .success(let sources) = builder.sources() else { throw UsageError("cannot list the generated files; run `contract-gen emit --lang all`") }
        let head = ProjectSnapshot(name: "HEAD", commit: nil, root: root, layout: layout, contracts: contracts, sources: sources)
        let scratch = NSTemporaryDirectory() + "contract-gen-compat-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var releases: [ProjectSnapshot] = []
        var problems: [String] = []
        for ref in refs {
            do {
                releases.append(try ReleaseTree.unpack(ref: ref, projectRoot: root, scratch: scratch, deadline: deadline))
            } catch let error as UsageError {
                throw error
            } catch {
                problems.append("\(ref): \(error)")
            }
        }
        var runner = CompatRunner(head: head, releases: releases, languages: languages, count: count, seed: seed, deadline: deadline)
        runner.timeout = timeout
        runner.log = { [io] message in io.err(message + "\n") }
        var result = runner.run()
        result.problems = problems + result.problems
        let report = CompatReport(result: result)
        for line in report.lines() { io.out(line + "\n") }
        if case .github = format { for line in report.annotations() { io.out(line + "\n") } }
        for file in parsed.values("report") {
            let html = file.lowercased().hasSuffix(".html") || file.lowercased().hasSuffix(".htm")
            try AtomicFileWriter.stream(to: path(file)) { write in try write(html ? report.html() : report.junit()) }
            io.err("wrote \(html ? "HTML" : "JUnit") report \(file)\n")
        }
        return result.failed ? ExitCode.failure : ExitCode.success
    }
}
