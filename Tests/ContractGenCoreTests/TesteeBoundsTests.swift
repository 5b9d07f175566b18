/// The runner is bounded against hostile testees: an answer without a line break, a flood of
/// stderr, a testee that never answers, a slow one against the run's deadline, and a wrapper
/// whose `setsid` grandchild would outlive it. Each fake testee is a small shell script.
import XCTest
@testable import ContractGenCore

final class TesteeBoundsTests: XCTestCase {
    /// `count` cases named case01… that all expect `true`.
    func goldenDirectory(count: Int = 3) throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for index in 1...count {
            let name = String(format: "case%02d", index)
            let text = #"{"case":"\#(name)","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#
            try text.write(toFile: "\(directory)/\(name).json", atomically: true, encoding: .utf8)
        }
        return directory
    }

    func conform(_ testee: String, cases: Int = 3, _ extra: [String] = []) throws -> TestSupport.RunResult {
        TestSupport.run(["conform", "--golden", try goldenDirectory(count: cases), "--testee", testee] + extra)
    }

    /// Peak resident memory of this process so far, in bytes (Linux).
    func peakMemory() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    func testAnswerWithoutLineBreakIsCutOffAtTheCapAndTheTesteeRestarted() throws {
        // The first request is answered by an endless stream of bytes without a newline; the
        // restarted testee answers properly.
        let marker = TestSupport.temporaryDirectory() + "/streamed"
        let script = "if [ -e \(marker) ]; then while read l; do echo '{\"ok\":true}'; done; else touch \(marker); read l; exec cat /dev/zero; fi"
        let started = Date()
        let result = try conform(script, ["--timeout", "20"])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains("FAIL case01 [testee]: expected true, actual (answer longer than \(64 << 20) bytes; testee restarted)"), result.out)
        XCTAssertTrue(result.out.hasSuffix("2 passed, 1 failed\n"), result.out)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    /// The cap is max(lineLimit, 16 × the request): a large request may get a large answer.
    func testLineCapGrowsWithTheRequest() {
        let answer = String(repeating: "a", count: 3000)
        let script = "while read l; do printf '%s\\n' '\(answer)'; done"
        let small = TesteeProcess(command: ["sh", "-c", script], timeout: 5, lineLimit: 1000)
        defer { small.stop() }
        guard case .crashed(let detail) = small.send("short") else { return XCTFail("a 3000-byte line passed a 1000-byte cap") }
        XCTAssertEqual(detail, "answer longer than 1000 bytes")
        // A 200-byte request raises the cap to 3200: the same answer now fits.
        guard case .line(let line) = small.send(String(repeating: "r", count: 200)) else { return XCTFail("cap not raised") }
        XCTAssertEqual(line, answer)
    }

    func testHugeStderrIsReadAsItComesAndOnlyItsTailKept() throws {
        // 300 MB of stderr, then last words, then death.
        let script = "read l; head -c 300000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo LAST-WORDS >&2; exit 7"
        let before = peakMemory()
        let result = try conform(script, cases: 1)
        XCTAssertTrue(result.out.contains("actual (testee exited (exit 7): " + String(repeating: "x", count: 120) + "… | LAST-WORDS; testee restarted)"), result.out)
        if let before, let after = peakMemory() {
            XCTAssertLessThan(after - before, 100 << 20, "stderr was held in memory")
        }
    }

    func testSilentTesteeIsGivenUpAfterThreeTimeoutsInARow() throws {
        let started = Date()
        let result = try conform("while read l; do :; done", cases: 10, ["--timeout", "0.3"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out.components(separatedBy: "no answer within 0.3 s").count - 1, 3, result.out)
        XCTAssertTrue(result.out.contains("ABANDONED testee: 7 remaining case(s) not run: testee unresponsive (3 timeouts in a row), giving up on it\n"), result.out)
        XCTAssertTrue(result.out.contains("testee: 0 passed, 10 failed (7 not run)"), result.out)
        XCTAssertTrue(result.out.hasSuffix("0 passed, 10 failed\n"), result.out)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testTimeoutsThatAreNotInARowDoNotGiveUp() throws {
        // Every other request goes unanswered (the testee hangs and is restarted): never 3 in a row.
        let marker = TestSupport.temporaryDirectory() + "/flip"
        let script = "while read l; do if [ -e \(marker) ]; then rm \(marker); echo '{\"ok\":true}'; else touch \(marker); sleep 30; fi; done"
        let result = try conform(script, cases: 6, ["--timeout", "0.3"])
        XCTAssertFalse(result.out.contains("ABANDONED"), result.out)
        XCTAssertTrue(result.out.hasSuffix("3 passed, 3 failed\n"), result.out)
    }

    func testRunDeadlineStopsTheRunAndCountsTheRestAsFailed() throws {
        let started = Date()
        let result = try conform("while read l; do sleep 0.4; echo '{\"ok\":true}'; done", cases: 10, ["--deadline", "1", "--timeout", "30"])
        XCTAssertEqual(result.status, 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
        let abandoned = try XCTUnwrap(result.out.split(separator: "\n").first { $0.hasPrefix("ABANDONED testee: ") }, result.out)
        XCTAssertTrue(abandoned.hasSuffix("remaining case(s) not run: the run's deadline (--deadline 1) passed"), result.out)
        // Every case is accounted for: passed ones plus the abandoned ones.
        XCTAssertTrue(result.out.hasSuffix("failed\n"))
        let last = result.out.split(separator: "\n").last ?? ""
        let numbers = last.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers.reduce(0, +), 10, result.out)
        XCTAssertGreaterThan(numbers.first ?? 0, 0, "some cases should pass before the deadline: \(result.out)")
    }

    #if os(Linux)
    /// A wrapper that starts the real testee with `setsid` (its own session and group, out of
    /// reach of a process-group kill), which ignores SIGTERM and EOF: stopping kills it anyway.
    func testSetsidGrandchildIsNotLeaked() throws {
        let grandchild = try grandchildScript()
        let started = Date()
        let result = try conform("setsid sh \(grandchild.script)")
        XCTAssertEqual(result.status, 0, result.out)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        try assertAllDead(grandchild)
    }

    /// `setsid -f`: the wrapper exits at once and the grandchild is orphaned (no longer a
    /// descendant); it still holds the testee's pipes, which is how it is found.
    func testOrphanedSetsidGrandchildIsNotLeaked() throws {
        let grandchild = try grandchildScript()
        let result = try conform("setsid -f sh \(grandchild.script)")
        XCTAssertTrue(result.out.hasSuffix("3 passed, 0 failed\n"), result.out)
        try assertAllDead(grandchild)
    }

    /// The real testee: records its pid, ignores SIGTERM and SIGHUP, and after EOF forks a
    /// long `sleep` (a new process appearing while it is being stopped) that holds the pipes.
    /// The sleep's argument is unique to this test, so a leaked one can be found.
    func grandchildScript() throws -> (script: String, pidFile: String, sleepArgument: String) {
        let directory = TestSupport.temporaryDirectory()
        let sleepArgument = "300.\(UInt32.random(in: 100_000...999_999))"
        try """
        echo $$ >> \(directory)/pids
        trap '' TERM HUP
        while read l; do echo '{"ok":true}'; done
        sleep \(sleepArgument)
        """.write(toFile: directory + "/testee.sh", atomically: true, encoding: .utf8)
        return (directory + "/testee.sh", directory + "/pids", sleepArgument)
    }

    /// Processes (not zombies) whose command line contains `argument`.
    func processes(withArgument argument: String) -> [pid_t] {
        ProcessFamily.processTable().map(\.pid).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == argument } && ProcessFamily.isAlive(pid)
        }
    }

    func assertAllDead(_ grandchild: (script: String, pidFile: String, sleepArgument: String)) throws {
        let pids = try String(contentsOfFile: grandchild.pidFile, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
        XCTAssertFalse(pids.isEmpty)
        // SIGKILL is asynchronous; give the kernel a moment.
        let deadline = Date().addingTimeInterval(2)
        while pids.contains(where: ProcessFamily.isAlive) || !processes(withArgument: grandchild.sleepArgument).isEmpty, Date() < deadline {
            usleep(20_000)
        }
        let leaked = pids.filter(ProcessFamily.isAlive) + processes(withArgument: grandchild.sleepArgument)
        XCTAssertEqual(leaked, [], "leaked processes")
        for pid in leaked { kill(pid, SIGKILL) }
    }
    #endif
}
