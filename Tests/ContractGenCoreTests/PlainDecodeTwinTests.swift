/// A decode case that asks for the report is also run without it, so the default decode path
/// (separate code in Swift and TypeScript) is checked by every such case.
import XCTest
@testable import ContractGenCore

final class PlainDecodeTwinTests: XCTestCase {
    func reportCase(_ directory: String) throws {
        let text = #"{"case":"r","about":"x","contract":"fake","op":"decode","given":{"blob":"{}","report":true},"expect":{"status":"ok","report":[],"reportOmitted":1}}"#
        try text.write(toFile: "\(directory)/r.json", atomically: true, encoding: .utf8)
        let plain = #"{"case":"p","about":"x","contract":"fake","op":"decode","given":{"blob":"{}"},"expect":{"status":"ok"}}"#
        try plain.write(toFile: "\(directory)/p.json", atomically: true, encoding: .utf8)
    }

    func testTwinDropsTheReportFromRequestAndExpectation() throws {
        let golden = ConformanceCase(name: "r", path: "r.json", about: "", contract: "c", op: "decode",
                                     given: .object([("blob", .string("{}")), ("report", .bool(true))]),
                                     expect: .object([("status", .string("ok")), ("report", .array([])), ("reportOmitted", .number(1))]))
        let twin = try XCTUnwrap(golden.withoutReport)
        XCTAssertEqual(twin.name, "r (no report)")
        XCTAssertEqual(twin.given, .object([("blob", .string("{}"))]))
        XCTAssertEqual(twin.expect, .object([("status", .string("ok"))]))
        // Not a decode with a report: no twin.
        var plain = golden
        plain.given = .object([("blob", .string("{}")), ("report", .bool(false))])
        XCTAssertNil(plain.withoutReport)
        var stale = golden
        stale.op = "stale"
        XCTAssertNil(stale.withoutReport)
        XCTAssertEqual(ConformanceCase.withPlainTwins([golden, plain]).map(\.name), ["r", "r (no report)", "r"])
    }

    func testConformFailsATesteeWhosePlainDecodeDiffers() throws {
        let directory = TestSupport.temporaryDirectory()
        try reportCase(directory)
        // Right with a report, wrong without: only the twin fails.
        let divergent = #"while read l; do case "$l" in *'"report":true'*) echo '{"ok":{"status":"ok","report":[],"reportOmitted":1}}';; *) echo '{"ok":{"status":"invalid"}}';; esac; done"#
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", divergent, "--timeout", "2"])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains("FAIL r (no report) [testee]"), result.out)
        XCTAssertTrue(result.out.hasSuffix("1 passed, 2 failed\n"), result.out)
        let agreeing = #"while read l; do case "$l" in *'"report":true'*) echo '{"ok":{"status":"ok","report":[],"reportOmitted":1}}';; *) echo '{"ok":{"status":"ok"}}';; esac; done"#
        let passing = TestSupport.run(["conform", "--golden", directory, "--testee", agreeing, "--timeout", "2"])
        XCTAssertEqual(passing.status, 0, passing.out)
        XCTAssertTrue(passing.out.hasSuffix("3 passed, 0 failed\n"), passing.out)
    }
}
