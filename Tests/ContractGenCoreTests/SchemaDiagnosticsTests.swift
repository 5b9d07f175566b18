/// Stage tests for load → parse → validate: each schema mistake is pinned to its exact
/// `file:line:column` and text, the way a compiler's diagnostics are tested.
import XCTest
@testable import ContractGenCore

final class SchemaDiagnosticsTests: XCTestCase, SchemaFixtureTest {
    /// A minimal valid schema; each test breaks one line of it.
    static let valid = """
    contract: demo
    version:
      field: v
      writes: 1
      accepts: [1]
    root: Doc
    types:
      Doc:
        fields:
          name:
            type: string
            optional: true
          items:
            type: {array: Item}
            default: []
      Item:
        fields:
          id:
            type: string
            required: drop-element
    """

    /// Every diagnostic, as printed, of loading `text` as `demo.yaml` (none when it loads).
    static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try SchemaLoader.load(text: text, path: "demo.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func assertDiagnostic(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = diagnostics(text)
        XCTAssertTrue(found.contains(expected), "expected \(expected)\nfound \(found)", file: file, line: line)
    }

    func testValidSchemaHasNoDiagnostics() {
        XCTAssertEqual(diagnostics(Self.valid), [])
    }

    func testEmptyFile() {
        assertDiagnostic("", "demo.yaml:1:1: error: the schema file is empty")
    }

    func testCommentsOnlyFileIsEmpty() {
        assertDiagnostic("# nothing here\n", "demo.yaml:1:1: error: the schema file is empty")
    }

    func testInvalidYAMLSyntax() {
        // An unterminated flow sequence: the next line's `root:` is read inside it, and libyaml
        // gives up at that colon (line 6, column 5; its 0-based mark is 5:4).
        let found = diagnostics(replacing("accepts: [1]", with: "accepts: [1"))
        XCTAssertEqual(found, ["demo.yaml:6:5: error: invalid YAML: did not find expected ',' or ']'"])
    }

    func testTabIndentationIsInvalidYAML() {
        let found = diagnostics("contract: demo\n\tversion: 1\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].hasPrefix("demo.yaml:2:1: error: invalid YAML:"), "\(found)")
    }

    func testUnknownScalarTypeSuggestsClosest() {
        assertDiagnostic(replacing("type: string\n        optional", with: "type: strng\n        optional"),
                         "demo.yaml:11:15: error: unknown type 'strng' (did you mean 'string'?)")
    }

    func testTypoInFieldKeyIsAnErrorNotIgnored() {
        assertDiagnostic(replacing("optional: true", with: "optinal: true"),
                         "demo.yaml:12:9: error: unknown key 'optinal' in field 'Doc.name' (did you mean 'optional'?)")
    }

    func testMisspeltPresenceKeyIsReportedOnceAsTheTypo() {
        // The typo is the error; 'needs exactly one of …' would be a follow-on reported first.
        XCTAssertEqual(diagnostics(replacing("optional: true", with: "optinal: true")),
                       ["demo.yaml:12:9: error: unknown key 'optinal' in field 'Doc.name' (did you mean 'optional'?)"])
        XCTAssertEqual(diagnostics(replacing("optional: true", with: "requird: drop-element")),
                       ["demo.yaml:12:9: error: unknown key 'requird' in field 'Doc.name' (did you mean 'required'?)"])
    }

    func testMissingPresenceIsAnError() {
        assertDiagnostic(replacing("optional: true", with: "doc: no presence"),
                         "demo.yaml:10:7: error: field 'Doc.name' needs exactly one of 'required: drop-element|fail-document', 'optional: true' or 'default: VALUE'")
    }

    func testTwoPresencePoliciesAreAnError() {
        assertDiagnostic(replacing("optional: true", with: "optional: true\n        default: x"),
                         "demo.yaml:10:7: error: field 'Doc.name' needs exactly one of 'required: drop-element|fail-document', 'optional: true' or 'default: VALUE' (found optional and default)")
    }

    func testUnknownRequiredPolicy() {
        assertDiagnostic(replacing("required: drop-element", with: "required: drop-elemnt"),
                         "demo.yaml:20:19: error: 'required' says what a missing or invalid value does: drop-element or fail-document, not 'drop-elemnt' (did you mean 'drop-element'?)")
    }

    func testUnknownObjectTypeSuggestsDeclaredType() {
        assertDiagnostic(replacing("{array: Item}", with: "{array: Itm}"),
                         "demo.yaml:14:15: error: unknown type 'Itm' (did you mean 'Item'?)")
    }

    func testMissingContractName() {
        assertDiagnostic(replacing("contract: demo\n", with: ""), "demo.yaml:1:1: error: the schema is missing 'contract'")
    }

    func testRootTypeMustBeDeclared() {
        assertDiagnostic(replacing("root: Doc", with: "root: Dco"), "demo.yaml:1:1: error: root type 'Dco' is not declared in 'types' (did you mean 'Doc'?)")
    }

    func testAliasesAreRejected() {
        assertDiagnostic(replacing("accepts: [1]", with: "accepts: &a [1]\n  doc: *a"), "demo.yaml:6:8: error: YAML aliases are not allowed in a schema (write the value out)")
    }

    func testBillionLaughsIsRejectedQuickly() {
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1...9 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            text += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let started = Date()
        let found = diagnostics(text)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.0)
        XCTAssertEqual(found, ["demo.yaml:2:10: error: YAML aliases are not allowed in a schema (write the value out)"])
    }

    func testDuplicateKey() {
        assertDiagnostic(replacing("root: Doc", with: "root: Doc\nroot: Doc"), "demo.yaml:7:1: error: duplicate key 'root' (first at line 6)")
    }

    /// A default outside its bounds names the field and points at the bound, spelled as written.
    func testDefaultOutsideItsBoundsNamesTheFieldAndTheBound() {
        let text = """
        contract: bounds
        version: {field: v, writes: 1, accepts: [1]}
        root: R
        types:
          R:
            fields:
              pins: {type: integer, min: 1, default: 0}
              ratio: {type: number, max: 0.5, default: 0.75}
        """
        XCTAssertEqual(diagnostics(text), [
            "demo.yaml:7:34: error: field 'pins': default 0 is below 'min' 1",
            "demo.yaml:8:34: error: field 'ratio': default 0.75 is above 'max' 0.5",
        ])
    }

    func testDefaultOnLocalDateIsRefused() {
        assertDiagnostic(replacing("type: string\n        optional: true", with: "type: localDate\n        default: 2026-01-01"),
                         "demo.yaml:12:18: error: a localDate field cannot have a default (a made-up date or instant is exactly the bug this tool prevents); make it optional")
    }

    func testMinGreaterThanMax() {
        assertDiagnostic(replacing("type: string\n        optional: true", with: "type: integer\n        min: 5\n        max: 1\n        optional: true"),
                         "demo.yaml:10:7: error: 'min' (5.0) is greater than 'max' (1.0): no value could be valid")
    }

    /// An instant is 1 … 2^53−1 ms, so an epochMillis bound below 1 is refused at its key: found
    /// by the schema fuzzer, where `max: 0` (or `max: -5`) left no valid value and every sample
    /// the golden emitter built for the field was invalid.
    func testEpochMillisBoundsBelowOneAreRefused() {
        XCTAssertEqual(Self.diagnostics(replacing("type: string\n        optional: true", with: "type: epochMillis\n        max: -5\n        optional: true")),
                       ["demo.yaml:12:14: error: 'max: -5' on an epochMillis field: instants are 1 … 2^53−1, so a bound must be at least 1"])
        XCTAssertEqual(Self.diagnostics(replacing("type: string\n        optional: true", with: "type: epochMillis\n        min: 0\n        max: 0\n        optional: true")),
                       ["demo.yaml:12:14: error: 'min: 0' on an epochMillis field: instants are 1 … 2^53−1, so a bound must be at least 1",
                        "demo.yaml:13:14: error: 'max: 0' on an epochMillis field: instants are 1 … 2^53−1, so a bound must be at least 1"])
        XCTAssertEqual(Self.diagnostics(replacing("type: string\n        optional: true", with: "type: epochMillis\n        min: 1\n        max: 1\n        optional: true")), [])
    }

    func testReservedWordFieldName() {
        assertDiagnostic(replacing("      name:", with: "      class:"), "demo.yaml:10:7: error: field name 'class' is a reserved word in Swift; name the field e.g. 'classValue' and keep its JSON key with 'json: class'")
    }

    func testWrittenVersionMustBeAccepted() {
        assertDiagnostic(replacing("writes: 1", with: "writes: 2"), "demo.yaml:4:3: error: the version the writer writes (2) must be one the readers accept [1]")
    }

    func testDropElementOnRootIsRefused() {
        assertDiagnostic(replacing("optional: true", with: "required: drop-element"),
                         "demo.yaml:10:7: error: 'required: drop-element' on the root type has no element to drop; use 'required: fail-document'")
    }

    func testUnreachableTypeIsAnError() {
        assertDiagnostic(Self.valid + "\n  Orphan:\n    fields:\n      x:\n        type: bool\n        default: false\n",
                         "demo.yaml:21:3: error: type 'Orphan' is declared but never reached from root 'Doc'")
    }

    func testBehaviourMustBindRightTypes() {
        assertDiagnostic(Self.valid + "\nbehaviours:\n  staleness:\n    field: name\n",
                         "demo.yaml:23:5: error: staleness.field 'name' must be an epochMillis field of root Doc")
    }

    func testEveryErrorIsReportedNotJustTheFirst() {
        let text = replacing("optional: true", with: "optinal: true").replacingOccurrences(of: "required: drop-element", with: "required: maybe")
        XCTAssertGreaterThanOrEqual(diagnostics(text).count, 2)
    }

    func testBundledSchemasAreValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["widget-data", "todo-count"] {
            let contract = try SchemaLoader.load(path: root.appendingPathComponent("schema/\(name).yaml").path)
            XCTAssertEqual(contract.name, name)
        }
    }

    // MARK: JSON keys (`json:`)

    func testTwoFieldsWithOneJSONKeyAreAnError() {
        // `name` now reads the key "items", which the field `items` (line 14) reads too.
        assertDiagnostic(replacing("optional: true", with: "optional: true\n        json: items"),
                         "demo.yaml:14:7: error: fields 'name' and 'items' of Doc both use the JSON key 'items'; give one of them another 'json:' key")
    }

    func testKeywordFieldNameSuggestsJSONKey() {
        let found = diagnostics(replacing("      name:\n", with: "      default:\n"))
        XCTAssertTrue(found.contains { $0.hasPrefix("demo.yaml:10:7: error: field name 'default' is a reserved word in ") && $0.hasSuffix("; name the field e.g. 'defaultValue' and keep its JSON key with 'json: default'") }, "\(found)")
    }

    func testSnakeCaseFieldNameSuggestsJSONKey() {
        assertDiagnostic(replacing("      name:\n", with: "      start_time:\n"),
                         "demo.yaml:10:7: error: field name 'start_time' must be a lowerCamelCase identifier; to read a JSON key such as 'start_time', name the field in lowerCamelCase and give the key with 'json: \"start_time\"'")
    }

    func testAnyTextIsAJSONKeyAndReadsBack() throws {
        let text = replacing("optional: true", with: "optional: true\n        json: \"a \\\"key\\\" / ü \\n\"")
        let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.field(named: "name")?.jsonKey, "a \"key\" / ü \n")
        XCTAssertEqual(contract.rootType.field(named: "items")?.jsonKey, "items")
    }

    func testJSONKeyOnDerivedFieldIsAnError() {
        let text = """
        contract: demo
        version: {field: v, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            fields:
              colors: {type: {map: string}, default: {}}
              items: {type: {array: Item}, default: []}
          Item:
            fields:
              key: {type: string, optional: true}
              color: {type: string, json: colour, derived: {lookup: colors, key: key}}
        """
        assertDiagnostic(text, "demo.yaml:12:35: error: a derived field is computed, not read, so it has no JSON key ('json')")
    }

    /// A name `observation.omit` does not know is reported at that entry, not at the contract.
    func testAnUnknownOmitEntryIsReportedWhereItIsWritten() {
        let text = Self.valid + "\nobservation:\n  style: flat\n  omit: [name, nope]\n"
        XCTAssertEqual(diagnostics(text), ["demo.yaml:23:16: error: observation.omit names 'nope', which is not a field of Doc"])
    }

    func testVersionFieldIsAnyJSONKeyButNotAFieldKey() {
        XCTAssertEqual(diagnostics(replacing("field: v", with: "field: schema_version")), [])
        assertDiagnostic(replacing("field: v", with: "field: name"),
                         "demo.yaml:10:7: error: 'name' is the version gate ('version.field'); declare it there only")
    }
}

final class DiagnosticPrintingTests: XCTestCase {
    /// A hostile name in a schema must not reach the terminal as an escape sequence or a new line.
    func testSchemaTextInADiagnosticIsPrintedOnOneInertLine() {
        let diagnostic = Diagnostic.error("unknown type 'A\u{1B}[2J\nschema.yaml:1:1: error: fake\u{202E}'", at: SourceLocation(file: "s\ru.yaml", line: 3, column: 4))
        XCTAssertEqual(diagnostic.description, "s<U+000D>u.yaml:3:4: error: unknown type 'A<U+001B>[2J<U+000A>schema.yaml:1:1: error: fake<U+202E>'")
    }
}
