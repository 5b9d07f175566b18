/// `explicit-null: true`: where it is refused (with its location), and what the golden emitter
/// derives for it from the rule (null is a value, a missing key or invalid value is absent and
/// left out of the observation). The schemas are this test's own text.
import XCTest
@testable import ContractGenCore

final class SchemaExplicitNullTests: XCTestCase, SchemaFixtureTest {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          color: {type: string, optional: true, explicit-null: true}
          rows: {type: {array: Row}, default: []}
      Row:
        fields:
          id: {type: string, required: drop-element}
          done: {type: bool, default: false}
    """

    func testAcceptedOnAnOptionalScalar() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.fields.map(\.explicitNull), [true, false])
    }

    func testRefusedWhereATernaryValueHasNoMeaning() {
        XCTAssertEqual(diagnostics(replacing("color: {type: string, optional: true, explicit-null: true}", with: "color: {type: string, default: x, explicit-null: true}")),
                       ["demo.yaml:7:56: error: 'explicit-null' needs 'optional: true': a missing key reads as absent and null as null, so there is nothing to require or default (found 'default: \"x\"')"])
        XCTAssertEqual(diagnostics(replacing("rows: {type: {array: Row}, default: []}", with: "rows: {type: {array: Row}, optional: true, explicit-null: true}")),
                       ["demo.yaml:8:65: error: 'explicit-null' applies to scalar and enum fields, not {array: Row}: an empty value or an optional field says 'nothing' for it"])
        XCTAssertEqual(diagnostics(replacing("explicit-null: true", with: "explicit-null: yes please")),
                       ["demo.yaml:7:60: error: 'explicit-null' must be true or false"])
        let overlay = Self.valid.replacingOccurrences(of: "done: {type: bool, default: false}", with: "done: {type: bool, optional: true, explicit-null: true}")
            + "\nbehaviours:\n  overlay: {type: Row, id: id, flag: done}\n"
        XCTAssertEqual(diagnostics(overlay), ["demo.yaml:12:57: error: field 'done' is read by overlay, which takes a value or nothing, so it cannot be 'explicit-null'"])
    }

    func testGoldensReadNullAsNullAndMissingAsAbsent() throws {
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        let cases = GoldenCaseBuilder(contract: contract).cases()
        func value(_ name: String) throws -> [(String, JSONValue)] {
            // A mutation only this field has is named after it; shared ones are batched (`every-field.`).
            let found = try XCTUnwrap(cases.first { $0.name == "schema.demo.Doc.color.\(name)" || $0.name == "schema.demo.every-field.\(name)" }, name)
            return try XCTUnwrap(found.expect["value"]?.objectEntries, name)
        }
        XCTAssertEqual(try value("null").first { $0.0 == "color" }?.1, .null)
        XCTAssertNil(try value("missing").first { $0.0 == "color" }, "absent: left out")
        XCTAssertNil(try value("wrong-type-number").first { $0.0 == "color" }, "an invalid value is absent, never null")
        XCTAssertEqual(try value("escaped-unicode").first { $0.0 == "color" }?.1, .string("café"))
    }
}
