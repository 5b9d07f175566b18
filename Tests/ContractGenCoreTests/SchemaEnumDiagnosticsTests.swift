/// Open enums (`unknown:`): each mistake pinned to its `file:line:column`, and `emit` of a schema
/// with one exits 2 and writes nothing. The schemas are this test's own text.
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaEnumDiagnosticsTests: XCTestCase, SchemaFixtureTest {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          reply:
            type: {enum: [yes, no, other], unknown: other}
            default: yes
    """

    func testOpenEnumIsValid() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.fields[0].type, .enumeration(["yes", "no", "other"], unknown: "other"))
        XCTAssertEqual(contract.rootType.fields[0].type.schemaSpelling, "{enum: [yes, no, other], unknown: other}")
    }

    func testFallbackMustBeOneOfTheValues() {
        XCTAssertEqual(diagnostics(replacing("unknown: other}", with: "unknown: otehr}")),
                       ["demo.yaml:8:49: error: 'unknown: otehr' must be one of the enum values [yes, no, other] (did you mean 'other'?): an unknown string reads as that value"])
        // Exact spelling, as values are read.
        XCTAssertEqual(diagnostics(replacing("unknown: other}", with: "unknown: Other}")).first?.hasPrefix("demo.yaml:8:49: error: 'unknown: Other' must be one of"), true)
        XCTAssertEqual(diagnostics(replacing("unknown: other}", with: "unknown: [other]}")),
                       ["demo.yaml:8:49: error: 'unknown' must be text, found a list"])
    }

    func testUnknownBelongsToAnEnum() {
        XCTAssertEqual(diagnostics(replacing("{enum: [yes, no, other], unknown: other}", with: "{array: string, unknown: other}")),
                       ["demo.yaml:8:31: error: 'unknown' names an enum's fallback value, so it goes with 'enum: [...]'"])
        XCTAssertEqual(diagnostics(replacing("{enum: [yes, no, other], unknown: other}", with: "{unknown: other}")),
                       ["demo.yaml:8:16: error: 'unknown' names an enum's fallback value, so it goes with 'enum: [...]'"])
        XCTAssertEqual(diagnostics(replacing("unknown: other}", with: "unknwon: other}")),
                       ["demo.yaml:8:40: error: unknown key 'unknwon' in an enum type (did you mean 'unknown'?)"])
        XCTAssertEqual(diagnostics(replacing("unknown: other}", with: "unknown: other, extra: 1}")),
                       ["demo.yaml:8:56: error: unknown key 'extra' in an enum type (expected 'unknown')"])
    }

    func testDefaultOfAnOpenEnumIsStillOneOfTheValues() {
        XCTAssertEqual(diagnostics(replacing("default: yes", with: "default: maybe")),
                       ["demo.yaml:7:7: error: default 'maybe' is not one of the enum values [\"yes\", \"no\", \"other\"]"])
    }

    func testEmitOfABadFallbackExitsTwoAndWritesNothing() throws {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try replacing("unknown: other}", with: "unknown: maybe}").write(toFile: directory + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all", "--schema", "schema/demo.yaml", "--out", directory + "/out"], root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "schema/demo.yaml:8:49: error: 'unknown: maybe' must be one of the enum values [yes, no, other]: an unknown string reads as that value\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"), "a schema error must write nothing")
    }
}
