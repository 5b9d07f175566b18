/// `check` names hand-written decode cases a schema change left behind (ObservationShape):
/// expectations derived from docs/schema.md#observation for a schema written here.
import XCTest
@testable import ContractGenCore

final class ObservationShapeTests: XCTestCase {
    static let schema = """
    contract: shape-test
    doc: Shape test.
    targets:
      swift: {namespace: ShapeTest}
      kotlin: {package: dev.shape, object: ShapeTest}
      typescript: {module: shape-test}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          count: {type: integer, default: 0, json: item_count, doc: Count.}
          mood: {type: {enum: [calm, busy]}, default: calm, doc: Mood.}
          items: {type: {array: E}, default: [], doc: Items.}
          tags: {type: {map: E}, default: {}, doc: Tags.}
      E:
        doc: Element.
        fields:
          id: {type: string, required: drop-element, doc: Id.}
    observation: {style: wrapped}

    """

    func problems(_ expect: String, flat: Bool = false) throws -> [String] {
        let text = flat ? Self.schema.replacingOccurrences(of: "{style: wrapped}", with: "{style: flat, omit: [tags], dropped: true}") : Self.schema
        return ObservationShape.problems(in: try XCTUnwrap(JSONValue.parse(expect)), contract: try SchemaLoader.load(text: text, path: "t.yaml"))
    }

    func testAnObservationOfTheSchemaHasNoProblems() throws {
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"id":"a"}],"tags":{"k":{"id":"b"}}}}"#), [])
        XCTAssertEqual(try problems(#"{"status":"malformed","value":null}"#), [])
        XCTAssertEqual(try problems(#"{"status":"ok","item_count":0,"mood":"calm","items":[],"dropped":2}"#, flat: true), [])
    }

    func testKeysTheSchemaNoLongerHasOrNowHasAreNamedWithTheirPath() throws {
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"count":1,"mood":"busy","items":[],"tags":{}}}"#), [
            "$.value.count: the schema observes no such key here (observed keys: item_count, mood, items, tags)",
            "$.value.item_count: missing, but the schema observes it",
        ], "the JSON key is what is observed, not the code name")
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"id":"a","title":"A"}],"tags":{"k-1":{}}}}"#), [
            "$.value.items[0].title: the schema observes no such key here (observed keys: id)",
            #"$.value.tags["k-1"].id: missing, but the schema observes it"#,
        ])
        XCTAssertEqual(try problems(#"{"status":"ok","item_count":0,"mood":"calm","items":[]}"#, flat: true),
                       ["$.dropped: missing, but the schema observes it"])
    }

    /// A union observed under a tag key the schema has since renamed: the case names the object
    /// and the key that still holds a tag, not a path to a key it does not have.
    func testARenamedUnionTagKeyIsNamedAsSuch() throws {
        let schema = Self.schema
            .replacingOccurrences(of: "items: {type: {array: E}", with: "items: {type: {array: U}")
            .replacingOccurrences(of: "observation: {style: wrapped}", with: """
              U:
                union: {tag: kind, tag-json: type, variants: {e: E}}
            observation: {style: wrapped}
            """)
        let contract = try SchemaLoader.load(text: schema, path: "t.yaml")
        func problems(_ expect: String) throws -> [String] {
            ObservationShape.problems(in: try XCTUnwrap(JSONValue.parse(expect)), contract: contract)
        }
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"type":"e","id":"a"}],"tags":{}}}"#), [])
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"kind":"e","id":"a"}],"tags":{}}}"#),
                       ["$.value.items[0]: no tag key 'type' of U (tags: e); 'kind' holds a tag: the schema's tag key is 'type' now"])
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"id":"a"}],"tags":{}}}"#),
                       ["$.value.items[0]: no tag key 'type' of U (tags: e)"])
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"busy","items":[{"type":"f","id":"a"}],"tags":{}}}"#),
                       [#"$.value.items[0].type: not one of the tags of U (e)"#])
    }

    func testEnumValuesAndStatusesMustExist() throws {
        XCTAssertEqual(try problems(#"{"status":"ok","value":{"item_count":1,"mood":"sleepy","items":[],"tags":{}}}"#),
                       [#"$.value.mood: "sleepy" is not a value of the enum (calm, busy)"#])
        XCTAssertEqual(try problems(#"{"status":"fine","value":null}"#),
                       [#"$.status: "fine" is none of invalid, malformed, ok, unsupportedVersion"#])
        XCTAssertEqual(try problems("[]"), ["$: an observation is an object"])
    }

    /// Through `check`: a case to revisit fails the gate with its file and the path.
    func testCheckReportsTheCaseToRevisit() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/shape-test.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let blob = JSONValue.string(#"{"v":1,"mood":"busy"}"#).serialized()
        let text = #"{"case":"old-mood","about":"x","contract":"shape-test","op":"decode","given":{"blob":\#(blob)},"expect":{"status":"ok","value":{"item_count":0,"mood":"hectic","items":[],"tags":{}}}}"#
        try text.write(toFile: root + "/golden/shape-test/old-mood.json", atomically: true, encoding: .utf8)
        let check = TestSupport.run(["check"], root: root)
        XCTAssertEqual(check.status, 1, check.out)
        XCTAssertTrue(check.out.contains(#"golden/shape-test/old-mood.json:1:1: error: case to revisit: expect $.value.mood: "hectic" is not a value of the enum (calm, busy)"#), check.out)
    }
}
