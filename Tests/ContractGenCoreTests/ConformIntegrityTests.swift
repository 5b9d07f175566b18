/// `conform` cannot be made to report what did not happen, whatever a pull request plants:
/// source files emit does not write, a build cache in the work tree, a testee that answers
/// twice or answers bytes that are not UTF-8, golden files that amplify, hide, or carry escape
/// sequences. Each test plants one such thing (each was reproduced against the unfixed tool).
import XCTest
@testable import ContractGenCore

final class ConformIntegrityTests: XCTestCase {
    /// A project with one bundled contract (the one sorting first), emitted.
    func emittedProject() throws -> String {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        let schema = TestSupport.anySchema
        try FileManager.default.copyItem(atPath: TestSupport.root + "/" + schema, toPath: root + "/" + schema)
        let emit = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(emit.status, 0, emit.err)
        return root
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A builder whose cache is a fresh directory of this test's.
    func builder(_ root: String) -> TesteeBuilder {
        var builder = TesteeBuilder(root: root)
        builder.environment[TesteeCache.variable] = TestSupport.temporaryDirectory() + "/cache"
        builder.optimizeSwift = false
        return builder
    }

    // MARK: Sources and cache

    func testPlantedSourcesInTesteeDirectoriesAreNeverCompiled() throws {
        let root = try emittedProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Each would shadow what the testee calls: Swift's readLine (the testee would read nothing),
        // Kotlin's mapOf, and a TypeScript file beside the modules.
        try write("func readLine(strippingNewline: Bool = true) -> String? { nil }\n", root + "/generated/swift/Testee/.shadow.swift")
        try write("func readLine(strippingNewline: Bool = true) -> String? { nil }\n", root + "/generated/swift/Testee/Shadow.swift")
        let kotlinTestee = try XCTUnwrap(FileManager.default.enumerator(atPath: root + "/generated/kotlin")?.allObjects
            .compactMap { $0 as? String }.first { $0.hasSuffix("/Testee.kt") })
        let kotlinPackage = (kotlinTestee as NSString).deletingLastPathComponent
        try write("package dev.contractgen.testee\nfun <K, V> mapOf(): Map<K, V> = throw IllegalStateException()\n",
                  root + "/generated/kotlin/\(kotlinPackage)/.Shadow.kt")
        try write("export const planted: number = 1;\n", root + "/generated/typescript/.shadow.ts")

        let builder = builder(root)
        let expected = try XCTUnwrap(try? builder.sources().get())
        for language in Language.allCases {
            let files = try XCTUnwrap(try? builder.files(language, what: "").get()).1.map(\.0)
            XCTAssertEqual(files, (expected.files[language] ?? []).sorted(), "\(language)")
            XCTAssertFalse(files.contains { $0.contains("hadow") }, "\(language): \(files)")
        }
        // The Swift testee, built and run: with the planted readLine it would answer nothing.
        guard case .command(let command) = builder.launch(Language.swift) else { return XCTFail("no Swift testee") }
        let staged = ((command[0] as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent + "/src"
        let stagedFiles = Set((FileManager.default.enumerator(atPath: staged)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") })
        XCTAssertEqual(stagedFiles, Set(expected.files[.swift] ?? []))
        let cases = GoldenCaseLoader.load(directories: [root + "/golden"]).cases.prefix(40)
        let report = ConformanceRunner(timeout: 30).run(cases: Array(cases), targets: [ConformanceTarget(name: "swift", launch: .command(command))])
        XCTAssertEqual(report.passed, cases.count, "\(report.results.filter { $0.outcome != .passed }.prefix(3))")
    }

    func testBuildsAreCachedOutsideTheProjectAndAPlantedCacheIsNeverRun() throws {
        let root = try emittedProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A lying testee where the old cache lived, for every digest it could have had.
        let lying = #"process.stdin.on("data", d => { for (const _ of String(d).split("\n").slice(1)) console.log('{"ok":true}'); });"#
        for name in ["typescript-0", "typescript-planted"] { try write(lying, root + "/.build/contract-gen-testees/\(name)/testee.js") }
        let builder = builder(root)
        guard case .command(let command) = builder.launch(Language.typescript) else { return XCTFail("no TypeScript testee") }
        let script = try XCTUnwrap(command.last)
        let resolvedRoot = try XCTUnwrap(ProjectPaths.resolved(root))
        XCTAssertFalse(script.hasPrefix(resolvedRoot + "/"), script)
        XCTAssertTrue(script.hasPrefix(try XCTUnwrap(ProjectPaths.resolved(builder.environment[TesteeCache.variable]!))), script)

        // A cache directory inside the project is refused (the temporary directory is the fallback
        // only when no directory was named).
        var inside = builder
        inside.environment[TesteeCache.variable] = root + "/.build/cache"
        guard case .failed(let reason) = inside.launch(Language.typescript) else { return XCTFail("a cache inside the project was used") }
        XCTAssertTrue(reason.contains("inside the project"), reason)
    }

    func testTheDeadlineStopsABuildAndItsCompiler() throws {
        let root = try emittedProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var builder = builder(root)
        builder.optimizeSwift = true
        builder.deadline = Date().addingTimeInterval(1)
        let started = Date()
        guard case .failed(let reason) = builder.launch(Language.swift) else { return XCTFail("built within a second?") }
        XCTAssertTrue(reason.contains("deadline"), reason)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        // No compiler of this build is left running (its staged sources are in the test's cache).
        let cache = builder.environment[TesteeCache.variable]!
        let survivors = ProcessFamily.processTable().filter { entry in
            ((try? String(contentsOfFile: "/proc/\(entry.pid)/cmdline", encoding: .utf8)) ?? "").contains(cache)
        }
        XCTAssertEqual(survivors.map(\.pid), [])
    }

    // MARK: Answers

    func cases(_ count: Int) throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for index in 1...count {
            let name = String(format: "case%02d", index)
            try write(#"{"case":"\#(name)","contract":"fake","op":"stale","given":{"blob":"{}","n":\#(index)},"expect":true}"#,
                      "\(directory)/\(name).json")
        }
        return directory
    }

    func testATesteeThatAnswersTwiceFailsAndEveryRequestIsSent() throws {
        let log = TestSupport.temporaryDirectory() + "/received"
        let twice = #"N=0; while read l; do N=$((N+1)); echo "$l" >> \#(log); echo '{"ok":true}'; if [ $N = 1 ]; then echo '{"ok":true}'; fi; done"#
        let result = TestSupport.run(["conform", "--golden", try cases(18), "--testee", twice])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertFalse(result.out.contains("18 passed"), result.out)
        XCTAssertTrue(result.out.contains("PROTOCOL testee:") || result.out.contains("an answer to no request"), result.out)
        // Out of step from its first answer on: no case counts as passed, whether or not its
        // request was sent (one that was not fails as an answer to no request).
        XCTAssertTrue(result.out.contains("testee: 0 passed, 18 failed"), result.out)
        XCTAssertFalse(try String(contentsOfFile: log, encoding: .utf8).isEmpty)
    }

    func testALineBeforeTheFirstRequestFails() throws {
        let early = #"echo '{"ok":true}'; while read l; do echo '{"ok":true}'; done"#
        let result = TestSupport.run(["conform", "--golden", try cases(5), "--testee", early])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertFalse(result.out.contains("5 passed"), result.out)
    }

    func testAnAnswerThatIsNotUTF8IsRefusedNotRepaired() throws {
        let result = TestSupport.run(["conform", "--golden", try cases(2), "--testee", #"while read l; do printf '{"ok":true}\377\n'; done"#])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains("byte 11 of the answer is not UTF-8"), result.out)
    }

    // MARK: Golden files

    func testCasesNamingOneLargeSampleAreChargedTheirMaterialisedSize() throws {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let blob = "{\"pad\":\"" + String(repeating: "x", count: 1 << 20) + "\"}"
        try JSONValue.object([("sample", .string("big")), ("contract", .string("fake")), ("blob", .string(blob))]).serialized()
            .write(toFile: directory + "/big.json", atomically: true, encoding: .utf8)
        for index in 0..<40 {
            try write(#"{"case":"c\#(index)","contract":"fake","op":"stale","sample":"big","given":{"now":1},"expect":true}"#, directory + "/c\(index).json")
        }
        // (The run's budget is 128 MiB; a smaller one here makes the same point faster.)
        let budget = 8 << 20
        let loaded = GoldenCaseLoader.load(directories: [directory], materialisedBudget: budget)
        XCTAssertLessThanOrEqual(loaded.cases.reduce(0) { $0 + $1.given.serializedByteCount + $1.expect.serializedByteCount }, budget)
        XCTAssertEqual(loaded.cases.count, budget / (1 << 20 + 40))
        XCTAssertEqual(loaded.errors.count, 40 - loaded.cases.count)
        XCTAssertTrue(loaded.errors.allSatisfy { $0.message.contains("materialised cases") }, "\(loaded.errors.first?.message ?? "")")
    }

    func testAPathOfSixtyThousandStepsIsRefusedByConformAndCheck() throws {
        let directory = TestSupport.temporaryDirectory()
        try write(#"{"sample":"s","contract":"fake","blob":"[]","expect":[]}"#, directory + "/s.json")
        let path = "$" + String(repeating: "[0]", count: 60_000)
        try write(#"{"case":"deep","contract":"fake","op":"decode","sample":"s","expect-changes":[{"replace":"\#(path)","value":1}]}"#,
                  directory + "/deep.json")
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", "cat"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("has more than 1024 steps"), String(result.out.prefix(500)))
        XCTAssertLessThan(result.out.utf8.count, 2000)

        let root = try emittedProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contract = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: root + "/golden").first)
        try write(#"{"case":"deep","contract":"\#(contract)","op":"decode","sample":"s","expect-changes":[{"replace":"\#(path)","value":1}]}"#,
                  root + "/golden/\(contract)/deep.json")
        let check = TestSupport.run(["check"], root: root)
        XCTAssertEqual(check.status, 1, check.out)
    }

    func testGoldenTextIsPrintedInertly() throws {
        let directory = TestSupport.temporaryDirectory()
        let name = "x\u{1B}[2J\u{1B}[32mall passed\u{1B}[0m\n::error ::injected\u{202E}"
        try JSONValue.object([("case", .string(name)), ("contract", .string("fake")), ("op", .string("stale")),
                              ("given", .object([("blob", .string("{}"))])), ("expect", .bool(true))]).serialized()
            .write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["conform", "--golden", directory, "--format", "github",
                                      "--testee", #"while read l; do printf '{"ok":false,"x":"\u001b[31m"}\n'; done"#])
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, result.out)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::") }.count, 1, result.out)
        XCTAssertFalse(lines.contains { $0.hasPrefix("::error ::injected") }, result.out)
    }

    func testOneGraphemeClusterOfMegabytesDoesNotDefeatTheClip() throws {
        let directory = TestSupport.temporaryDirectory()
        try write(#"{"sample":"g","contract":"fake","blob":"{}"}"#, directory + "/g.json")
        try write(#"{"case":"graph","contract":"fake","op":"stale","sample":"g","blob-changes":[{"replace":"$","text":["\"e",{"repeat":"\u0301","times":4000000},"\""]}],"expect":true}"#,
                  directory + "/graph.json")
        let html = TestSupport.temporaryDirectory() + "/report.html"
        let result = TestSupport.run(["conform", "--golden", directory, "--report-html", html,
                                      "--testee", #"while read l; do echo '{"ok":false}'; done"#])
        XCTAssertEqual(result.status, 1)
        XCTAssertLessThan(result.out.utf8.count, 4000)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: html)[.size] as? Int)
        XCTAssertLessThan(size, 200_000)
    }

    func testAHiddenCaseFileIsRefusedNotRun() throws {
        let directory = try cases(2)
        try write(#"{"case":".hidden","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#, directory + "/.hidden.json")
        try write(#"{"case":"deeper","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#, directory + "/.dir/deeper.json")
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", #"while read l; do echo '{"ok":true}'; done"#])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains(".hidden.json: unusable case file: a hidden file"), result.out)
        XCTAssertTrue(result.out.contains(".dir/deeper.json: unusable case file: a hidden file"), result.out)
        XCTAssertTrue(result.out.contains("testee: 2 passed, 0 failed"), result.out)
    }

    // MARK: Processes

    func testADaemonStartedByATesteeDoesNotOutliveTheRun() throws {
        #if os(Linux)
        let marker = "\(Int.random(in: 100_000...999_999)).5"
        // Forks twice, leaves the session and closes every pipe: neither the process group, the
        // descendants nor the pipes lead to it any more.
        let daemon = "( setsid sleep \(marker) </dev/null >/dev/null 2>&1 & ) ; while read l; do echo '{\"ok\":true}'; done"
        let result = TestSupport.run(["conform", "--golden", try cases(2), "--testee", daemon])
        XCTAssertEqual(result.status, 0, result.out)
        let survivors = ProcessFamily.processTable().filter { entry in
            ((try? String(contentsOfFile: "/proc/\(entry.pid)/cmdline", encoding: .utf8)) ?? "").contains(marker)
        }
        XCTAssertEqual(survivors.map(\.pid), [])
        #endif
    }
}
