/// `contract-gen explain`: a timeline answer in words, instants in the widget's zone. The
/// instants are worked out by hand: 1784282400000 is 2026-07-17 10:00 UTC, 12:00 in Berlin
/// (CEST, +02:00); 1784325600000 is 2026-07-18 00:00 in Berlin; 1784239200000 is 2026-07-17 00:00.
import XCTest
@testable import ContractGenCore

final class ExplainTests: XCTestCase {
    func testATimelineReadsAsWhatTheWidgetShowsAndWhenItReloads() throws {
        let answer = try XCTUnwrap(JSONValue.parse(#"{"entries":[{"at":1784282400000,"header":{"kind":"today"}},{"at":1784325600000,"header":{"kind":"outdated","dayMs":1784239200000}}],"reloadAt":1784325600000}"#))
        XCTAssertEqual(TimelineExplanation(zoneIdentifier: "Europe/Berlin").lines(answer, now: 1_784_282_400_000), [
            "  from now (2026-07-17 12:00 Europe/Berlin): today",
            "  from 2026-07-18 00:00 Europe/Berlin (1784325600000): outdated (the day that began 2026-07-17 00:00)",
            "  reload at 2026-07-18 00:00 Europe/Berlin (1784325600000)",
        ])
    }

    func testOneEntryWithAnUnknownDayIsNeverReloaded() throws {
        let answer = try XCTUnwrap(JSONValue.parse(#"{"entries":[{"at":1784282400001,"header":{"kind":"outdated","dayMs":null}}],"reloadAt":null}"#))
        XCTAssertEqual(TimelineExplanation(zoneIdentifier: "UTC").lines(answer, now: 1_784_282_400_001), [
            "  from now (2026-07-17 10:00:00.001 UTC): outdated (its day is unknown: no day field, or an unknown zone)",
            "  never reloaded by time: only a new snapshot changes what it shows",
        ])
        XCTAssertEqual(TimelineExplanation(zoneIdentifier: "Nowhere/Zone").zoneName, "UTC")
    }

    /// Through the command, with a schema written here and the Swift testee.
    func testExplainAsksTheTesteeAndSaysWhatItShows() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try TesteeProtocolTests.everyBehaviour.write(toFile: root + "/schema/proto.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let blob = #"{"v":1,"day":"2026-07-17","until":1784325600000}"#
        let explain = TestSupport.run(["explain", "--now", "1784282400000", "--zone", "Europe/Berlin"], root: root, stdin: blob)
        XCTAssertEqual(explain.status, 0, explain.err)
        XCTAssertEqual(explain.out, """
            proto-test (swift): ok, nothing degraded
            timeline in Europe/Berlin:
              from now (2026-07-17 12:00 Europe/Berlin): today
              from 2026-07-18 00:00 Europe/Berlin (1784325600000): outdated (the day that began 2026-07-17 00:00)
              reload at 2026-07-18 00:00 Europe/Berlin (1784325600000)

            """)
        XCTAssertEqual(TestSupport.run(["explain", "--now", "soon"], root: root, stdin: blob).status, 2)
    }
}
