/// `required: fail-document` below the root, in all three languages, on shapes no bundled contract
/// has: a `fail-document` field declared after a `drop-element` field of the same object, inside a
/// dropped element, an ignored map entry (an unpaired-surrogate key too), a replaced duplicate and
/// an unknown key; an object-typed `fail-document` field; and the drops inside an object field
/// that became null. The schema and its cases are written here; every expectation is derived by
/// hand from docs/schema.md ("required: fail-document", "Decoding, in every language": what
/// `dropped` counts) and docs/report.md ("Which entries a report holds": an invalid document).
import Foundation
import XCTest
@testable import ContractGenCore

final class NestedFailDocumentConformanceTests: XCTestCase {
    static let schema = """
    contract: nested
    doc: Presence policies below the root.
    targets:
      swift: {namespace: Nested}
      kotlin: {package: dev.nested, object: Nested}
      typescript: {module: nested}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          items: {type: {array: E}, default: [], doc: Elements.}
          byKey: {type: {map: E}, default: {}, doc: Elements by key.}
          one: {type: O, optional: true, doc: One object.}
          head: {type: H, optional: true, doc: An object holding a fail-document object field.}
      E:
        doc: An element whose fail-document field is declared after a drop-element one.
        fields:
          name: {type: string, required: drop-element, doc: Name.}
          code: {type: integer, required: fail-document, doc: Code.}
          xs: {type: {array: integer}, default: [], doc: Numbers.}
      H:
        doc: Holds a fail-document object field.
        fields:
          core: {type: O, required: fail-document, doc: Core.}
      O:
        doc: An object with a drop-element field and counted drops.
        fields:
          id: {type: string, required: drop-element, doc: Id.}
          xs: {type: {array: integer}, default: [], doc: Numbers.}
    observation: {style: flat, dropped: true}

    """

    /// The flat observation of an `invalid` document: nothing of it is used (docs/conformance.md).
    static let invalid = #""status":"invalid","items":[],"byKey":{},"one":null,"head":null,"dropped":0"#

    /// (name, blob, expected observation as JSON text, with its report: every case asks for one,
    /// and conform runs each a second time without it).
    static let cases: [(String, String, String)] = [
        // schema.md: an object's fail-document fields are checked before its other fields, so one
        // declared after a failing drop-element field still fails the document (no dropped element).
        ("fail-document-after-a-failing-drop-element-field-fails-the-document",
         #"{"v":1,"items":[{"xs":[1]}]}"#,
         #"{"# + invalid + #","report":[{"path":"$.items[0].code","rule":"missing","used":"document"}]}"#),
        ("fail-document-wrong-type-after-a-failing-drop-element-field",
         #"{"v":1,"items":[{"name":1,"code":"x"}]}"#,
         #"{"# + invalid + #","report":[{"path":"$.items[0].code","rule":"wrong-type","found":"string","used":"document"}]}"#),
        // Valid fail-document fields: a failing drop-element field only drops its element, and the
        // kept element's drops count (schema.md "required: drop-element").
        ("valid-fail-document-field-leaves-the-element-to-its-drop-element-field",
         #"{"v":1,"items":[{"code":1,"xs":[1,"x"]},{"name":"n","code":2,"xs":[3,"y"]}]}"#,
         #"{"status":"ok","items":[{"name":"n","code":2,"xs":[3]}],"byKey":{},"one":null,"head":null,"dropped":2,"report":[{"path":"$.items[0]","rule":"invalid-field","field":"name","used":"dropped"},{"path":"$.items[0].name","rule":"missing","used":"parent"},{"path":"$.items[1].xs[1]","rule":"wrong-type","found":"string","used":"dropped"}]}"#),
        // schema.md: it fails the document inside a value a later duplicate key replaces; the
        // report of an invalid document keeps no duplicate-key entry (report.md).
        ("fail-document-inside-a-replaced-map-member-fails",
         #"{"v":1,"byKey":{"k":{"name":"a"},"k":{"name":"b","code":2}}}"#,
         #"{"# + invalid + #","report":[{"path":"$.byKey[#0].code","rule":"missing","used":"document"}]}"#),
        ("fail-document-inside-a-replaced-root-field-fails",
         #"{"v":1,"items":[{"name":"a"}],"items":[]}"#,
         #"{"# + invalid + #","report":[{"path":"$.items[0].code","rule":"missing","used":"document"}]}"#),
        // schema.md: a map entry whose key holds an unpaired surrogate is ignored, but its value is read.
        ("fail-document-inside-a-member-with-an-unpaired-surrogate-key-fails",
         #"{"v":1,"byKey":{"\ud800":{"name":"a"}}}"#,
         #"{"# + invalid + #","report":[{"path":"$.byKey[#0].code","rule":"missing","used":"document"}]}"#),
        // schema.md: an unknown key's value is never read.
        ("fail-document-inside-an-unknown-key-is-never-read",
         #"{"v":1,"other":{"items":[{"name":"a"}]}}"#,
         #"{"status":"ok","items":[],"byKey":{},"one":null,"head":null,"dropped":0,"report":[]}"#),
        // report.md: the first failing fail-document field of each object, in the text's order,
        // and nothing else (no invalid-field of items[1], which has no name, or of the map entry).
        ("an-invalid-documents-report-holds-each-failing-field-in-text-order",
         #"{"v":1,"items":[{"name":"a"},{"code":1},{"code":null}],"byKey":{"k":{"code":true}}}"#,
         #"{"# + invalid + #","report":[{"path":"$.items[0].code","rule":"missing","used":"document"},{"path":"$.items[2].code","rule":"null","used":"document"},{"path":"$.byKey[#0].code","rule":"wrong-type","found":"boolean","used":"document"}]}"#),
        // report.md: an invalid-field entry of a fail-document field keeps the entry of the field
        // that made it invalid; the dropped task elsewhere has no entry.
        ("an-invalid-fail-document-object-keeps-its-fields-entry",
         #"{"v":1,"head":{"core":{"xs":[1,"x"]}},"items":[{"code":1}]}"#,
         #"{"# + invalid + #","report":[{"path":"$.head.core","rule":"invalid-field","field":"id","used":"document"},{"path":"$.head.core.id","rule":"missing","used":"parent"}]}"#),
        // report.md: a fail-document field's own value that a later occurrence replaces failed nothing.
        ("a-replaced-invalid-fail-document-object-fails-nothing",
         #"{"v":1,"head":{"core":{},"core":{"id":"c"}}}"#,
         #"{"status":"ok","items":[],"byKey":{},"one":null,"head":{"core":{"id":"c","xs":[]}},"dropped":0,"report":[{"path":"$.head.core","rule":"duplicate-key","used":"last"}]}"#),
        ("a-replaced-invalid-fail-document-value-fails-nothing",
         #"{"v":1,"items":[{"name":"a","code":"x","code":1}]}"#,
         #"{"status":"ok","items":[{"name":"a","code":1,"xs":[]}],"byKey":{},"one":null,"head":null,"dropped":0,"report":[{"path":"$.items[0].code","rule":"duplicate-key","used":"last"}]}"#),
        // schema.md: dropped counts nothing inside an object field that became null; a kept one's drops count.
        ("drops-inside-an-object-field-that-became-null-do-not-count",
         #"{"v":1,"one":{"xs":[1,"x"]},"items":[{"name":"n","code":1}]}"#,
         #"{"status":"ok","items":[{"name":"n","code":1,"xs":[]}],"byKey":{},"one":null,"head":null,"dropped":0,"report":[{"path":"$.one","rule":"invalid-field","field":"id","used":"null"},{"path":"$.one.id","rule":"missing","used":"parent"}]}"#),
        ("drops-inside-a-kept-object-field-count",
         #"{"v":1,"one":{"id":"o","xs":[1,"x"]}}"#,
         #"{"status":"ok","items":[],"byKey":{},"one":{"id":"o","xs":[1]},"head":null,"dropped":1,"report":[{"path":"$.one.xs[1]","rule":"wrong-type","found":"string","used":"dropped"}]}"#),
    ]

    func testEveryLanguageAppliesFailDocumentBelowTheRootTheSameWay() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/nested.yaml", atomically: true, encoding: .utf8)
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        let golden = root + "/cases/nested"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        for (name, blob, expected) in Self.cases {
            let file = JSONValue.object([
                ("case", .string(name)), ("about", .string("fail-document below the root")), ("contract", .string("nested")),
                ("op", .string("decode")), ("given", .object([("blob", .string(blob)), ("report", .bool(true))])),
                ("expect", try XCTUnwrap(JSONValue.parse(expected), name)),
            ])
            try file.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/cases"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        // Every implementation ran every case, its no-report twin and their second-road twins.
        let cases = GoldenCaseLoader.load(directories: [golden]).cases
        XCTAssertEqual(cases.count, Self.cases.count)
        for implementation in Implementation.allCases {
            let total = ConformanceCase.withTwins(ConformanceCase.withPlainTwins(cases), by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(total) passed, 0 failed"), result.out)
        }
    }
}
