/// The differential sends every other decode by the second roads (Swift bytes, TypeScript
/// lexed): a disagreement only one road has is found, and a seed's stream is otherwise unchanged.
import Foundation
import XCTest
@testable import ContractGenCore

final class DifferentialSecondRoadTests: XCTestCase {
    func contracts() throws -> [Contract] {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema").filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { try SchemaLoader.load(path: TestSupport.root + "/schema/" + $0) }
    }

    func testBySecondRoadsSetsEveryRoadsFlagOnADecodeOnly() {
        let decode = DifferentialInput(contract: "c", op: "decode", given: .object([("blob", .string("{}")), ("bytes", .bool(false))]))
        XCTAssertEqual(decode.bySecondRoads().given, .object([("blob", .string("{}")), ("bytes", .bool(true)), ("lexed", .bool(true))]))
        XCTAssertEqual(decode.bySecondRoads().bySecondRoads().given, decode.bySecondRoads().given, "setting the flags twice changes nothing")
        let other = DifferentialInput(contract: "c", op: "stale", given: .object([("blob", .string("{}"))]))
        XCTAssertEqual(other.bySecondRoads().given, other.given)
    }

    /// A recording testee sees the generator's own stream, with the flags on every second decode.
    func testEveryOtherDecodeCarriesTheFlagsAndTheStreamIsTheSeeds() throws {
        let log = TestSupport.temporaryDirectory() + "/requests.jsonl"
        let record = "while IFS= read -r l; do printf '%s\\n' \"$l\" >> '\(log)'; echo '{\"ok\":{}}'; done"
        let contracts = try contracts()
        var runner = DifferentialRunner(targets: [("a", ["sh", "-c", record]), ("b", ["sh", "-c", "while IFS= read -r l; do echo '{\"ok\":{}}'; done"])])
        runner.contracts = contracts
        let summary = runner.run(count: 300, seed: 7)
        XCTAssertEqual(summary.inputs, 300)
        XCTAssertTrue(summary.disagreements.isEmpty)
        let sent = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let generator = InputGenerator(contracts: contracts, seed: 7)
        var decodes = 0
        for line in sent {
            var expected = generator.next()
            if expected.op == "decode" {
                decodes += 1
                if decodes % 2 == 0 { expected = expected.bySecondRoads() }
            }
            XCTAssertEqual(line, expected.request)
        }
        XCTAssertEqual(sent.count, 300)
        XCTAssertGreaterThan(decodes, 100, "the stream is mostly decodes")
        XCTAssertEqual(sent.filter { $0.contains(#""bytes":true,"lexed":true"#) }.count, decodes / 2)
    }

    /// One testee right by the text and wrong by the bytes: only the road-flagged decodes disagree.
    func testADisagreementOnlyTheSecondRoadHasIsFound() {
        let divergent = #"while IFS= read -r l; do case "$l" in *'"bytes":true'*) echo '{"ok":{"status":"invalid"}}';; *) echo '{"ok":{"status":"ok"}}';; esac; done"#
        let steady = #"while IFS= read -r l; do echo '{"ok":{"status":"ok"}}'; done"#
        var runner = DifferentialRunner(targets: [("roads", ["sh", "-c", divergent]), ("steady", ["sh", "-c", steady])])
        runner.maxReported = 50
        runner.minimizeSeconds = 5
        let summary = runner.run(count: 20, seed: 3)  // no contracts: every input is a decode
        XCTAssertEqual(summary.disagreements.count, 10)
        for found in summary.disagreements {
            XCTAssertTrue(found.input.request.contains(#""bytes":true"#))
            XCTAssertEqual(found.answers.map(\.answer), [#"{"status":"invalid"}"#, #"{"status":"ok"}"#])
        }
    }
}
