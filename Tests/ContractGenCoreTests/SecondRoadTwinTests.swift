/// Each decode case also runs by its implementation's second road (Swift bytes, TypeScript
/// lexed), so those roads are checked by every decode case.
import XCTest
@testable import ContractGenCore

final class SecondRoadTwinTests: XCTestCase {
    func testTwinAddsTheRoadsFlagAndKeepsTheExpectation() throws {
        let golden = ConformanceCase(name: "d", path: "d.json", about: "", contract: "c", op: "decode",
                                     given: .object([("blob", .string("{}")), ("report", .bool(true))]),
                                     expect: .object([("status", .string("ok")), ("report", .array([]))]))
        let bytes = try XCTUnwrap(golden.by(.bytes))
        XCTAssertEqual(bytes.name, "d (utf-8 bytes)")
        XCTAssertEqual(bytes.given, .object([("blob", .string("{}")), ("report", .bool(true)), ("bytes", .bool(true))]))
        XCTAssertEqual(bytes.expect, golden.expect)
        XCTAssertEqual(try XCTUnwrap(golden.by(.lexed)).name, "d (lexed)")
        var stale = golden
        stale.op = "stale"
        XCTAssertNil(stale.by(.bytes), "only decodes have a second road")
        XCTAssertEqual(ConformanceCase.withTwins([golden, stale], by: .lexed).map(\.name), ["d", "d (lexed)", "d"])
        XCTAssertEqual(ConformanceCase.withTwins([golden, stale], by: nil).map(\.name), ["d", "d"])
    }

    func testEachImplementationsRoad() {
        XCTAssertEqual(Implementation.swift.secondRoad, .bytes)
        XCTAssertEqual(Implementation.typescript.secondRoad, .lexed)
        XCTAssertEqual(Implementation.typescriptJSC.secondRoad, .lexed)
        XCTAssertEqual(Implementation.kotlin.secondRoad, .bytes, "Kotlin's decode(bytes: ByteArray)")
    }

    func testARunnerTargetWithARoadFailsATesteeWhoseRoadDiffers() throws {
        let golden = ConformanceCase(name: "d", path: "d.json", about: "", contract: "c", op: "decode",
                                     given: .object([("blob", .string("{}"))]), expect: .object([("status", .string("ok"))]))
        // Right by the text, wrong by the bytes.
        let divergent = #"while read l; do case "$l" in *'"bytes":true'*) echo '{"ok":{"status":"invalid"}}';; *) echo '{"ok":{"status":"ok"}}';; esac; done"#
        let runner = ConformanceRunner(timeout: 5, deadline: nil)
        let report = runner.run(cases: [golden], targets: [ConformanceTarget(name: "t", launch: .command(["sh", "-c", divergent]), secondRoad: .bytes)])
        XCTAssertEqual(report.results.map(\.caseName), ["d", "d (utf-8 bytes)"])
        XCTAssertEqual(report.results.map { $0.outcome == .passed }, [true, false])
        // Without the road the same testee passes: external testees get no twins.
        let plain = runner.run(cases: [golden], targets: [ConformanceTarget(name: "t", launch: .command(["sh", "-c", divergent]))])
        XCTAssertEqual(plain.results.map { $0.outcome == .passed }, [true])
    }
}
