/// The runner against fake testees: wrong answers are reported with a structural diff, crashes
/// and hangs are reported and the testee restarted, expected-failure lists are strict both ways,
/// and the JUnit report is valid XML.
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ContractGenCore

final class ConformanceRunnerTests: XCTestCase {
    /// A golden directory with three cases that all expect `true`.
    func goldenDirectory() throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for name in ["alpha", "beta", "gamma"] {
            let text = #"{"case":"\#(name)","about":"x","contract":"fake","op":"stale","given":{"blob":"{}","now":1},"expect":true}"#
            try text.write(toFile: "\(directory)/\(name).json", atomically: true, encoding: .utf8)
        }
        return directory
    }

    func conform(_ testee: String, extra: [String] = []) throws -> TestSupport.RunResult {
        TestSupport.run(["conform", "--golden", try goldenDirectory(), "--testee", testee, "--timeout", "2"] + extra)
    }

    func testPassingTestee() throws {
        let result = try conform(#"while read l; do echo '{"ok":true}'; done"#)
        XCTAssertEqual(result.status, 0, result.out)
        XCTAssertTrue(result.out.hasSuffix("3 passed, 0 failed\n"), result.out)
    }

    func testWrongAnswerIsOneLineWithExpectedAndActual() throws {
        let result = try conform(#"while read l; do echo '{"ok":false}'; done"#)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("FAIL alpha [testee]: expected true, actual false\n"), result.out)
        XCTAssertTrue(result.out.hasSuffix("0 passed, 3 failed\n"))
    }

    func testErrorResponseIsAFailureNotACrash() throws {
        let result = try conform(#"while read l; do echo '{"error":"nope"}'; done"#)
        XCTAssertTrue(result.out.contains("actual (error: nope)"), result.out)
        XCTAssertTrue(result.out.hasSuffix("0 passed, 3 failed\n"))
    }

    /// `{"skipped": …}` (an op the implementation lacks) is neither a pass nor a failure: the run
    /// passes, the summary counts it, one line names the reason, JUnit writes `<skipped>`.
    func testSkippedAnswersAreCountedApartAndDoNotFailTheRun() throws {
        let report = TestSupport.temporaryDirectory() + "/junit.xml"
        let result = try conform(#"read l; echo '{"ok":true}'; while read l; do echo '{"skipped":"no stale here"}'; done"#,
                                 extra: ["--report", report])
        XCTAssertEqual(result.status, 0, result.out)
        XCTAssertTrue(result.out.contains("SKIPPED BY testee: no stale here (2 case(s); not failures)\n"), result.out)
        XCTAssertTrue(result.out.contains("testee: 1 passed, 0 failed, 2 skipped"), result.out)
        XCTAssertTrue(result.out.hasSuffix("1 passed, 0 failed, 2 skipped\n"), result.out)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertEqual(xml.components(separatedBy: "<skipped message=\"no stale here\"/>").count - 1, 2, xml)
        XCTAssertTrue(xml.contains("failures=\"0\" errors=\"0\" skipped=\"2\""), xml)
        // A testee that skips every case tested nothing: that fails the run.
        let allSkipped = try conform(#"while read l; do echo '{"skipped":"none"}'; done"#)
        XCTAssertEqual(allSkipped.status, 1, allSkipped.out)
        XCTAssertTrue(allSkipped.out.contains("ALL SKIPPED testee: every case was answered `skipped`, so nothing was tested\n"), allSkipped.out)
        // A skipped answer is still a protocol response with exactly one key.
        let twoKeys = try conform(#"while read l; do echo '{"skipped":"x","ok":true}'; done"#)
        XCTAssertTrue(twoKeys.out.hasSuffix("0 passed, 3 failed\n"), twoKeys.out)
    }

    func testCrashingTesteeIsRestartedAndTheRunGoesOn() throws {
        // Answers the first request, dies on the second; a restarted process answers again.
        let result = try conform(#"read l; echo '{"ok":true}'; read l; echo boom >&2; exit 3"#)
        XCTAssertTrue(result.out.contains("FAIL beta [testee]"), result.out)
        XCTAssertTrue(result.out.contains("actual (testee exited (exit 3): boom; testee restarted)"), result.out)
        XCTAssertTrue(result.out.hasSuffix("2 passed, 1 failed\n"), result.out)
    }

    func testHangingTesteeTimesOutAndIsRestarted() throws {
        let result = try conform(#"read l; echo '{"ok":true}'; read l; sleep 30"#)
        XCTAssertTrue(result.out.contains("no answer within 2 s"), result.out)
        XCTAssertTrue(result.out.hasSuffix("2 passed, 1 failed\n"), result.out)
    }

    /// A wrapper script whose real testee is a grandchild (sh → bash → python) must neither
    /// hang the run at the end nor after a timeout.
    func testWrapperScriptTesteeDoesNotHangTheRun() throws {
        let script = TestSupport.temporaryDirectory() + "/wrapper.sh"
        try """
        python3 -u -c 'import sys
        for line in sys.stdin: print("{\\"ok\\":true}", flush=True)'
        echo finished >&2
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try conform("bash \(script)")
        XCTAssertEqual(result.status, 0, result.out)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    /// A language whose toolchain is missing is reported with its install command and fails the
    /// run: never a silent pass.
    func testMissingToolchainIsSkippedLoudlyAndFailsTheRun() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", "/nonexistent", 1)
        defer { setenv("PATH", path, 1) }
        let result = TestSupport.run(["conform", "--lang", "kotlin", "--golden", try goldenDirectory()])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("SKIPPED kotlin: kotlinc/java not found; apt-get install -y kotlin libandroid-json-java"), result.out)
        XCTAssertTrue(result.out.hasSuffix("0 passed, 0 failed, 3 skipped\n"), result.out)
    }

    /// Testees run side by side, yet the report lists each target's results together and in the
    /// targets' order, as a run one target after another would: a slow first testee finishing
    /// last changes nothing, and neither does a target that could not start.
    func testTargetsRunSideBySideAndReportInTheirOrder() throws {
        let cases = GoldenCaseLoader.load(directories: [try goldenDirectory()]).cases
        let targets = [
            ConformanceTarget(name: "slow", launch: .command(["sh", "-c", #"while read l; do sleep 0.3; echo '{"ok":false}'; done"#])),
            ConformanceTarget(name: "absent", launch: .skipped(reason: "no toolchain")),
            ConformanceTarget(name: "fast", launch: .command(["sh", "-c", #"while read l; do echo '{"ok":true}'; done"#])),
            ConformanceTarget(name: "error", launch: .command(["sh", "-c", #"while read l; do echo '{"error":"nope"}'; done"#])),
        ]
        let report = ConformanceRunner(timeout: 5).run(cases: cases, targets: targets)
        XCTAssertEqual(report.results.map(\.language), ["slow", "slow", "slow", "fast", "fast", "fast", "error", "error", "error"])
        XCTAssertEqual(report.results.map(\.caseName), Array(repeating: ["alpha", "beta", "gamma"], count: 3).flatMap { $0 })
        XCTAssertEqual(report.results.map { $0.outcome == .passed }, [false, false, false, true, true, true, false, false, false])
        XCTAssertEqual(report.unavailable.map(\.name), ["absent"])
        XCTAssertEqual(report.passed, 3)
    }

    func testStructuralDiffNamesThePath() {
        let expected = JSONValue.parse(#"{"tasks":[{"id":"a","projectId":null}],"dropped":0}"#)!
        let actual = JSONValue.parse(#"{"dropped":0,"tasks":[{"projectId":"null","id":"a"}]}"#)!
        XCTAssertEqual(ObservationDiff.differences(expected: expected, actual: actual), [#"at $.tasks[0].projectId: expected null, got "null""#])
        XCTAssertEqual(ObservationDiff.differences(expected: expected, actual: JSONValue.parse(#"{"tasks":[{"projectId":null,"id":"a"}],"dropped":0.0}"#)!), [])
    }

    func testExpectedFailuresAreStrictBothWays() throws {
        let list = TestSupport.temporaryDirectory() + "/expected.txt"
        try "alpha  # known\n".write(toFile: list, atomically: true, encoding: .utf8)
        // alpha is listed and fails, beta and gamma pass: the run passes.
        let script = #"read l; echo '{"ok":false}'; while read l; do echo '{"ok":true}'; done"#
        let listed = try conform(script, extra: ["--expected-failures", list])
        XCTAssertEqual(listed.status, 0)
        // The closing line counts only what fails the run; the listed failure is counted apart.
        XCTAssertTrue(listed.out.hasSuffix("2 passed, 0 failed, 1 failed as listed\n"), listed.out)
        XCTAssertTrue(listed.out.contains("testee: 2 passed, 0 failed, 1 failed as listed"), listed.out)
        // alpha is listed but now passes: the run fails, so the list cannot go stale silently.
        let stale = try conform(#"while read l; do echo '{"ok":true}'; done"#, extra: ["--expected-failures", list])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.out.contains("UNEXPECTED PASS alpha"), stale.out)
        // An unlisted failure fails the run.
        XCTAssertEqual(try conform(#"while read l; do echo '{"ok":false}'; done"#, extra: ["--expected-failures", list]).status, 1)
        // --fix-expected-failures rewrites the list to this run's failures.
        _ = try conform(#"while read l; do echo '{"ok":false}'; done"#, extra: ["--expected-failures", list, "--fix-expected-failures"])
        let rewritten = ExpectedFailures.parse(try String(contentsOfFile: list, encoding: .utf8), path: list)
        XCTAssertEqual(rewritten.entries.map(\.caseName), ["alpha", "beta", "gamma"])
        XCTAssertEqual(rewritten.entries.first?.reason, "known")
    }

    func testJUnitReportIsValidXML() throws {
        let report = TestSupport.temporaryDirectory() + "/junit.xml"
        _ = try conform(#"read l; echo '{"ok":"<&>"}'; while read l; do echo '{"ok":true}'; done"#, extra: ["--report", report])
        let data = try XCTUnwrap(FileManager.default.contents(atPath: report))
        final class Counter: NSObject, XMLParserDelegate {
            var suites = 0, cases = 0, failures = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "testsuite" { suites += 1 }
                if name == "testcase" { cases += 1 }
                if name == "failure" { failures += 1 }
            }
        }
        let parser = XMLParser(data: data)
        let counter = Counter()
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), "JUnit XML does not parse: \(String(describing: parser.parserError))")
        XCTAssertEqual([counter.suites, counter.cases, counter.failures], [1, 3, 1])
    }

    func testMissingGoldenDirectoryAndBadCaseFilesAreFailures() throws {
        let directory = try goldenDirectory()
        try #"{"case":"x","contract":"fake","op":"stale","given":{},"expect":true,"typo":1}"#.write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", #"while read l; do echo '{"ok":true}'; done"#])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("unknown key 'typo'"), result.out)
    }
}
