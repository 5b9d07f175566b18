/// Length and size limits (`min-length`, `max-length`, `min-items`, `max-items`): each mistake
/// pinned to its `file:line:column`, and `emit` of a schema with one exits 2 and writes nothing.
/// The schemas are this test's own text.
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaLimitDiagnosticsTests: XCTestCase, SchemaFixtureTest {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, min-length: 1, max-length: 40, default: untitled}
          tags: {type: {array: string}, min-items: 0, max-items: 3, default: []}
          count: {type: integer, optional: true}
    """

    func testLimitsAreValidAndParsed() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.fields[0].constraints, Constraints(minLength: 1, maxLength: 40))
        XCTAssertEqual(contract.rootType.fields[1].constraints, Constraints(minItems: 0, maxItems: 3))
    }

    func testLimitsAreWholeNumbers() {
        XCTAssertEqual(diagnostics(replacing("max-length: 40", with: "max-length: 4.5")),
                       ["demo.yaml:7:56: error: 'max-length' must be an integer"])
        XCTAssertEqual(diagnostics(replacing("max-items: 3", with: "max-items: three")),
                       ["demo.yaml:8:62: error: 'max-items' must be an integer"])
        XCTAssertEqual(diagnostics(replacing("min-length: 1", with: "min-length: -1")),
                       ["demo.yaml:7:41: error: 'min-length' must be a whole number from 0, not -1"])
    }

    func testLimitsApplyToTheirTypesOnly() {
        XCTAssertEqual(diagnostics(replacing("count: {type: integer, optional: true}", with: "count: {type: integer, max-length: 3, optional: true}")),
                       ["demo.yaml:9:42: error: 'max-length' applies to strings only, not integer"])
        XCTAssertEqual(diagnostics(replacing("min-length: 1, max-length: 40", with: "min-items: 1, max-length: 40")),
                       ["demo.yaml:7:40: error: 'min-items' applies to arrays only, not string (use 'min-length'/'max-length')"])
        XCTAssertEqual(diagnostics(replacing("min-items: 0, max-items: 3", with: "min-items: 0, max-length: 3")),
                       ["demo.yaml:8:63: error: 'max-length' applies to strings only, not {array: string} (use 'min-items'/'max-items')"])
        // A date is text in JSON, but its length is fixed: limits are for strings only.
        XCTAssertEqual(diagnostics(replacing("count: {type: integer, optional: true}", with: "count: {type: localDate, min-length: 10, optional: true}")),
                       ["demo.yaml:9:44: error: 'min-length' applies to strings only, not localDate"])
    }

    func testMinimumNotAboveMaximum() {
        XCTAssertEqual(diagnostics(replacing("min-length: 1, max-length: 40", with: "min-length: 41, max-length: 40")),
                       ["demo.yaml:7:41: error: 'min-length' (41) is greater than 'max-length' (40): no string could be valid",
                        "demo.yaml:7:41: error: default is 8 Unicode scalars long, outside 'min-length' 41"])
        XCTAssertEqual(diagnostics(replacing("min-items: 0, max-items: 3", with: "min-items: 4, max-items: 3")),
                       ["demo.yaml:8:48: error: 'min-items' (4) is greater than 'max-items' (3): no array could be valid",
                        "demo.yaml:8:48: error: default [] has 0 items, below 'min-items' 4"])
    }

    func testMaximumOfZeroAndCeiling() {
        XCTAssertEqual(diagnostics(replacing("max-items: 3", with: "max-items: 0")),
                       ["demo.yaml:8:62: error: 'max-items: 0' would allow only the empty value; drop the field or give a maximum of at least 1"])
        XCTAssertEqual(diagnostics(replacing("max-length: 40", with: "max-length: 100001")),
                       ["demo.yaml:7:56: error: 'max-length' is 100001; limits go up to 100000 (every limit gets golden cases holding a value at it and one past it)"])
        XCTAssertEqual(diagnostics(replacing("max-items: 3", with: "max-items: 1001")),
                       ["demo.yaml:8:62: error: 'max-items' is 1001; limits go up to 1000 (every limit gets golden cases holding a value at it and one past it)"])
    }

    func testDefaultMustSatisfyTheLimits() {
        XCTAssertEqual(diagnostics(replacing("min-items: 0, max-items: 3", with: "min-items: 1, max-items: 3")),
                       ["demo.yaml:8:48: error: default [] has 0 items, below 'min-items' 1"])
        // Unicode scalars: "e\u0301" is 2 (one grapheme), so it is above max-length 1.
        XCTAssertEqual(diagnostics(replacing("max-length: 40, default: untitled", with: "max-length: 1, default: \"e\\u0301\"")),
                       ["demo.yaml:7:56: error: default is 2 Unicode scalars long, outside 'max-length' 1"])
        XCTAssertEqual(diagnostics(replacing("max-length: 40, default: untitled", with: "max-length: 1, default: \"😀\"")), [])
        XCTAssertEqual(diagnostics(replacing("min-length: 1, max-length: 40, default: untitled", with: "min-length: 9, max-length: 40, default: untitled")),
                       ["demo.yaml:7:41: error: default is 8 Unicode scalars long, outside 'min-length' 9"])
    }

    func testEmitOfABadLimitExitsTwoAndWritesNothing() throws {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try replacing("min-items: 0, max-items: 3", with: "min-items: 5, max-items: 3").write(toFile: directory + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all", "--schema", "schema/demo.yaml", "--out", directory + "/out"], root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "schema/demo.yaml:8:48: error: 'min-items' (5) is greater than 'max-items' (3): no array could be valid\n"
                       + "schema/demo.yaml:8:48: error: default [] has 0 items, below 'min-items' 5\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"), "a schema error must write nothing")
    }
}
