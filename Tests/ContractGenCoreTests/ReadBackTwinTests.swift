/// The read-back twins of `encode` cases (the expected document decoded, expecting the value the
/// input implies by the schema's rules) and the writers × readers matrix they give a report.
import XCTest
@testable import ContractGenCore

final class ReadBackTwinTests: XCTestCase {
    /// An array's first element.
    func first(_ value: JSONValue) -> JSONValue? {
        if case .array(let items) = value { return items.first }
        return nil
    }

    func encodeCase(_ name: String, _ input: String, expect: String) -> ConformanceCase {
        ConformanceCase(name: name, path: "/g/todo-count/\(name).json", about: "", contract: "todo-count", op: "encode",
                        given: .object([("input", JSONValue.parse(input)!)]), expect: JSONValue.parse(expect)!)
    }

    /// The twin decodes the expected text and expects what each field's rule gives the input's value:
    /// left-out and null optionals null, left-out defaults their default, maps and lists as given.
    func testTheTwinExpectsTheValueTheInputImplies() throws {
        let contracts = try TestSupport.loadBundled()
        let text = #"{"v":1,"count":3,"revision":7,"sync":"idle","source":{"platform":"ios"},"lists":[{"name":"a","open":1,"ratio":0.5}],"badges":{"b":2,"a":1}}"#
        let golden = encodeCase("encode-x", #"{"count":3,"revision":7,"updatedAt":null,"source":{"platform":"ios","appVersion":null},"lists":[{"name":"a","open":1,"ratio":0.5}],"badges":{"b":2,"a":1}}"#,
                                expect: JSONValue.object([("text", .string(text))]).serialized())
        let twin = try XCTUnwrap(golden.readBack(contracts))
        XCTAssertEqual(twin.name, "encode-x (read back)")
        XCTAssertEqual(twin.op, "decode")
        XCTAssertEqual(twin.path, golden.path)
        XCTAssertEqual(twin.given, .object([("blob", .string(text))]))
        // Worked out by hand from schema/todo-count.yaml (wrapped observation).
        let expected = JSONValue.parse(#"""
            {"status":"ok","value":{"count":3,"revision":7,"updatedAt":null,"sync":"idle","source":{"platform":"ios","appVersion":null},
             "lists":[{"name":"a","open":1,"ratio":0.5}],"badges":{"b":2,"a":1}}}
            """#)!
        XCTAssertEqual(twin.expect.serialized(sortedKeys: true), expected.serialized(sortedKeys: true))
        // A refusal has no document to read back; neither has another op or an unknown contract.
        XCTAssertNil(encodeCase("encode-refused", #"{"count":-1,"revision":0}"#, expect: #"{"refused":"$.count"}"#).readBack(contracts))
        var other = golden
        other.contract = "no-such-contract"
        XCTAssertNil(other.readBack(contracts))
        XCTAssertEqual(ConformanceCase.withReadBackTwins([golden], contracts: contracts).map(\.name), ["encode-x", "encode-x (read back)"])
        XCTAssertEqual(ConformanceCase.withReadBackTwins([golden], contracts: []).map(\.name), ["encode-x"])
    }

    /// A union's tag under its JSON key, keys renamed, an explicit null kept, derived fields looked up.
    func testUnionsKeysAndDerivedFieldsAreReadBackByTheSchema() throws {
        let contracts = try TestSupport.loadBundled()
        let agenda = try XCTUnwrap(contracts.first { $0.name == "calendar-agenda" })
        let observation = try XCTUnwrap(EncodedDocument(contract: agenda).observation(ofInput: JSONValue.parse(
            #"{"events":[{"eventId":"e","title":"T","startTime":1,"color":null,"attachments":[{"kind":"place","latitude":1,"longitude":2,"label":"HQ"}]}]}"#)!))
        let event = try XCTUnwrap(observation["value"]?["events"].flatMap(first))   // wrapped: the default style
        XCTAssertEqual(event["event_id"], .string("e"))
        XCTAssertEqual(event["color"], .null, "explicit-null: null kept")
        XCTAssertEqual(event["attachments"].flatMap(first)?["type"], .string("place"))
        XCTAssertEqual(event["attachments"].flatMap(first)?["name"], .string("HQ"))
        let widget = try XCTUnwrap(contracts.first { $0.name == "widget-data" })
        let snapshot = try XCTUnwrap(EncodedDocument(contract: widget).observation(ofInput: JSONValue.parse(
            ##"{"tasks":[{"id":"t","title":"T","projectId":"p"}],"projectColors":{"p":"#f00"}}"##)!))
        XCTAssertEqual(snapshot["tasks"].flatMap(first)?["projectColor"], .string("#f00"), "a derived field is looked up")
        // An input the encoders refuse has no document: a union with no known tag.
        XCTAssertNil(EncodedDocument(contract: agenda).observation(ofInput: JSONValue.parse(
            #"{"events":[{"eventId":"e","title":"T","startTime":1,"attachments":[{"kind":"nope"}]}]}"#)!))
    }

    /// Writers × readers: a cell counts the documents its writer wrote as expected that its reader read back.
    func testTheMatrixCountsWhatEachWriterWroteAndEachReaderReadBack() throws {
        let contracts = try TestSupport.loadBundled()
        let one = encodeCase("encode-one", #"{"count":1,"revision":1}"#, expect: #"{"text":"{\"v\":1,\"count\":1,\"revision\":1,\"sync\":\"idle\",\"lists\":[],\"badges\":{}}"}"#)
        let two = encodeCase("encode-two", #"{"count":2,"revision":2}"#, expect: #"{"text":"{\"v\":1,\"count\":2,\"revision\":2,\"sync\":\"idle\",\"lists\":[],\"badges\":{}}"}"#)
        let cases = ConformanceCase.withReadBackTwins([one, two], contracts: contracts)
        XCTAssertEqual(cases.count, 4)
        var report = ConformanceReport()
        report.casesPerTarget = cases.count
        let failed = CaseResult.Outcome.failed(expected: "x", actual: "y", details: [])
        func result(_ golden: ConformanceCase, _ target: String, _ passes: Bool) -> CaseResult {
            CaseResult(caseName: golden.name, path: golden.path, language: target, outcome: passes ? .passed : failed, seconds: 0, reply: .answered)
        }
        // "a" writes and reads both; "b" writes only encode-one and reads only encode-two back.
        report.results = cases.map { result($0, "a", true) }
            + [result(cases[0], "b", true), result(cases[1], "b", false), result(cases[2], "b", false), result(cases[3], "b", true)]
        let grid = try XCTUnwrap(WriterReaderMatrix(ReportMatrix(cases: cases, report: report, targets: ["a", "b"], expected: nil)))
        XCTAssertEqual(grid.documents, 2)
        XCTAssertEqual(grid.written, [2, 1])
        XCTAssertEqual(grid.read, [2, 1])
        XCTAssertEqual(grid.cells, [[2, 1], [1, 0]])
        let html = HTMLReport.html(cases: cases, report: report, targets: ["a", "b"], expected: nil)
        XCTAssertTrue(html.contains("<h2>Writers × readers</h2>"), html)
        XCTAssertTrue(html.contains("<tr><th>b</th><td class=\"num g-bad\">1/2</td><td class=\"num g-bad\">0/2</td><td class=\"num\">1/2</td></tr>"), html)
        // No encode case: no table.
        XCTAssertNil(WriterReaderMatrix(ReportMatrix(cases: ReportFixture.cases, report: ReportFixture.report, targets: ["left", "right"], expected: nil)))
        XCTAssertFalse(ReportFixture.html.contains("Writers × readers"))
    }
}
