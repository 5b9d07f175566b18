/// A harmless schema change needs no hand edits: an optional field added to a nested type leaves
/// hand-written cases without the new key, and `check --fix-cases` adds it with exactly the value
/// the field's rule gives an absent key (null or its default), nothing else; a case whose blob
/// holds that key is left for a human.
import XCTest
@testable import ContractGenCore

final class GateFixCasesTests: XCTestCase {
    func write(_ text: String, _ path: String, in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/" + (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: directory + "/" + path, atomically: true, encoding: .utf8)
    }

    func read(_ path: String, in directory: String) throws -> String {
        try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
    }

    /// Every case file under a directory, materialised (path → (given, expect)).
    func materialised(_ directory: String) -> [String: (given: JSONValue, expect: JSONValue)] {
        let loaded = GoldenCaseLoader.load(directories: [directory])
        XCTAssertEqual(loaded.errors.map(\.message), [])
        var result: [String: (JSONValue, JSONValue)] = [:]
        for golden in loaded.cases { result[golden.path] = (golden.given, golden.expect) }
        return result
    }

    /// How many members `after` adds to `before` or sets, each to its value in `allowed`, and
    /// nothing else different; nil when anything else differs.
    func addedMembers(_ after: JSONValue, to before: JSONValue, allowed: [String: JSONValue]) -> Int? {
        switch (before, after) {
        case let (.object(old), .object(new)):
            var added = 0
            for (key, value) in new {
                if let previous = old.last(where: { JSONValue.exactlyEqual($0.0, key) })?.1 {
                    if let inner = addedMembers(value, to: previous, allowed: allowed) {
                        added += inner
                    } else {
                        guard allowed[key] == value else { return nil }   // set to what the absent key reads as
                        added += 1
                    }
                } else {
                    guard allowed[key] == value else { return nil }
                    added += 1
                }
            }
            return old.allSatisfy { key, _ in new.contains { JSONValue.exactlyEqual($0.0, key) } } ? added : nil
        case let (.array(old), .array(new)):
            guard old.count == new.count else { return nil }
            var added = 0
            for (a, b) in zip(old, new) {
                guard let inner = addedMembers(b, to: a, allowed: allowed) else { return nil }
                added += inner
            }
            return added
        default:
            return before == after ? 0 : nil
        }
    }

    /// The bundled schemas and goldens, with optional fields added to nested types of two
    /// contracts: TaskRow and Project (array elements) and Photo (a union variant).
    func testAddingOptionalFieldsToNestedTypesOfTheBundledSchemasNeedsNoHandEdits() throws {
        let repo = TestSupport.temporaryDirectory()
        for item in ["schema", "golden", "generated"] {
            try FileManager.default.copyItem(atPath: TestSupport.root + "/" + item, toPath: repo + "/" + item)
        }
        var widget = try read("schema/widget-data.yaml", in: repo)
        let taskRow = "  TaskRow:\n    doc: One task row.\n    fields:\n"
        let project = "  Project:\n    doc: A project with its own task list.\n    fields:\n"
        XCTAssertTrue(widget.contains(taskRow) && widget.contains(project))
        widget = widget.replacingOccurrences(of: taskRow, with: taskRow + "      note: {type: string, optional: true}\n")
            .replacingOccurrences(of: project, with: project + "      rank: {type: integer, default: 0}\n")
        try write(widget, "schema/widget-data.yaml", in: repo)
        var agenda = try read("schema/calendar-agenda.yaml", in: repo)
        let photo = "  Photo:\n    doc: A photo attachment.\n    fields:\n"
        XCTAssertTrue(agenda.contains(photo))
        agenda = agenda.replacingOccurrences(of: photo, with: photo + "      alt: {type: string, default: untitled}\n")
        try write(agenda, "schema/calendar-agenda.yaml", in: repo)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repo).status, 0)
        let before = materialised(repo + "/golden")

        let stuck = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(stuck.status, 1, stuck.out)
        XCTAssertTrue(stuck.out.contains("case to revisit: expect $.tasks[0].note: missing, but the schema observes it"), stuck.out)

        // A case that restates its whole blob but keeps its sample's expectation now expects the
        // sample's new values for keys its blob does not hold.
        XCTAssertTrue(stuck.out.contains(#"golden/widget-data/report-every-field-duplicated-invalid-first.json:1:1: error: case to revisit: expect $.tasks[0].note: "TaskRow.note", but the blob holds no key 'note', which reads as null"#), stuck.out)

        let fixed = TestSupport.run(["check", "--fix-cases"], root: repo)
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(fixed.out.contains("+    {\"replace\": \"$.projects[0].rank\", \"value\": 0},\n"), fixed.out)
        XCTAssertTrue(fixed.out.contains("fixed golden/widget-data/"), fixed.out)
        XCTAssertTrue(fixed.out.contains("+++ b/golden/widget-data/"), fixed.out)
        XCTAssertTrue(fixed.out.contains("check: 4 contract(s) valid"), fixed.out)
        let again = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(again.status, 0, again.out)

        // Each rewritten case still says what it said: the same given, and the same expectation
        // but for the new keys, each with the value an absent key reads as.
        let after = materialised(repo + "/golden")
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        var rewritten = 0, added = 0
        for (path, old) in before where !(path as NSString).lastPathComponent.hasPrefix("schema.") {
            let new = try XCTUnwrap(after[path])
            XCTAssertEqual(new.given, old.given, path)
            let members = addedMembers(new.expect, to: old.expect, allowed: ["note": .null, "rank": .number(0), "alt": .string("untitled")])
            XCTAssertNotNil(members, path)
            if let members, members > 0 { rewritten += 1; added += members }
        }
        XCTAssertGreaterThan(rewritten, 40)
        XCTAssertGreaterThan(added, rewritten)
        XCTAssertTrue(fixed.out.contains("check --fix-cases: \(rewritten) hand-written golden file(s) rewritten"), fixed.out)
    }

    static let schema = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          items: {type: {array: Item}, default: []}
      Item:
        fields:
          id: {type: string, required: drop-element}

    """

    static let grown = schema + """
          note: {type: string, optional: true}
          rank: {type: integer, default: 3}
          tags: {type: {array: string}, default: []}
          gone: {type: string, optional: true, explicit-null: true}

    """

    /// The insertions follow each file's own spelling, samples are fixed where the key is
    /// missing from them, and a case whose blob holds the key is left alone.
    func testRewritesKeepEachFilesSpellingAndLeaveCasesWhoseBlobHoldsTheKey() throws {
        let repo = TestSupport.temporaryDirectory()
        try write(Self.schema, "schema/demo.yaml", in: repo)
        let files = [
            "golden/demo/compact.json":
                #"{"case":"compact","contract":"demo","op":"decode","given":{"blob":"{\"v\":1,\"items\":[{\"id\":\"a\"},{\"id\":\"b\"}]}"},"expect":{"status":"ok","value":{"items":[{"id":"a"},{"id":"b"}]}}}"#,
            "golden/demo/spaced.json": """
                {
                    "case" : "spaced",
                    "contract" : "demo",
                    "op" : "decode",
                    "given" : {"blob" : "{\\"v\\":1,\\"items\\":[{\\"id\\":\\"a\\"}]}"},
                    "expect" : {
                        "status" : "ok",
                        "value" : {
                            "items" : [
                                {
                                    "id" : "a"
                                }
                            ]
                        }
                    }
                }

                """,
            "golden/demo/my-sample.json":
                #"{"sample":"my-sample","contract":"demo","blob":"{\"v\":1,\"items\":[{\"id\":\"s\"}]}","expect":{"status":"ok","value":{"items":[{"id":"s"}]}}}"# + "\n",
            "golden/demo/uses-sample.json":
                #"{"case":"uses-sample","contract":"demo","op":"decode","sample":"my-sample","expect-changes":[]}"# + "\n",
            "golden/demo/changes.json":
                #"{"case":"changes","contract":"demo","op":"decode","sample":"my-sample","blob-changes":[{"replace":"$.items[0].id","text":"\"c\""}],"expect-changes":[{"replace":"$.value.items[0]","value":{"id":"c"}}]}"# + "\n",
            // Restates the generated document sample's blob and keeps its expectation.
            "golden/demo/restated.json":
                #"{"case":"restated","contract":"demo","op":"decode","sample":"schema.demo.sample.document","blob-changes":[{"replace":"$","text":"{\"v\":1,\"items\":[{\"id\":\"Item.id\"}]}"}],"expect-changes":[]}"# + "\n",
            "golden/demo/holds-key.json":
                #"{"case":"holds-key","contract":"demo","op":"decode","given":{"blob":"{\"v\":1,\"items\":[{\"id\":\"a\",\"note\":\"hi\"}]}"},"expect":{"status":"ok","value":{"items":[{"id":"a"}]}}}"# + "\n",
        ]
        for (path, text) in files { try write(text, path, in: repo) }
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repo).status, 0)
        let clean = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(clean.status, 0, clean.out)

        try write(Self.grown, "schema/demo.yaml", in: repo)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repo).status, 0)
        let result = TestSupport.run(["check", "--fix-cases"], root: repo)
        XCTAssertEqual(result.status, 1, result.out)

        let additions = #","note":null,"rank":3,"tags":[]"#
        XCTAssertEqual(try read("golden/demo/compact.json", in: repo),
                       #"{"case":"compact","contract":"demo","op":"decode","given":{"blob":"{\"v\":1,\"items\":[{\"id\":\"a\"},{\"id\":\"b\"}]}"},"expect":{"status":"ok","value":{"items":[{"id":"a"\#(additions)},{"id":"b"\#(additions)}]}}}"#)
        XCTAssertEqual(try read("golden/demo/spaced.json", in: repo), files["golden/demo/spaced.json"]!.replacingOccurrences(
            of: "\"id\" : \"a\"\n", with: "\"id\" : \"a\",\n                    \"note\" : null,\n                    \"rank\" : 3,\n                    \"tags\" : []\n"))
        XCTAssertEqual(try read("golden/demo/my-sample.json", in: repo), files["golden/demo/my-sample.json"]!.replacingOccurrences(
            of: #"[{"id":"s"}]}}"#, with: #"[{"id":"s"\#(additions)}]}}"#))
        XCTAssertEqual(try read("golden/demo/uses-sample.json", in: repo), files["golden/demo/uses-sample.json"]!)
        XCTAssertEqual(try read("golden/demo/changes.json", in: repo), files["golden/demo/changes.json"]!.replacingOccurrences(
            of: #""value":{"id":"c"}"#, with: #""value":{"id":"c"\#(additions)}"#))
        XCTAssertEqual(try read("golden/demo/holds-key.json", in: repo), files["golden/demo/holds-key.json"]!)
        // The sample's new values, which this blob does not hold: set to what absence reads as,
        // and the explicit-null field's member removed (an absent one is left out).
        XCTAssertEqual(try read("golden/demo/restated.json", in: repo), files["golden/demo/restated.json"]!.replacingOccurrences(
            of: #""expect-changes":[]"#,
            with: #""expect-changes":[{"replace":"$.value.items[0].note","value":null},{"replace":"$.value.items[0].rank","value":3},{"replace":"$.value.items[0].tags","value":[]},{"remove":"$.value.items[0].gone"}]"#))

        XCTAssertTrue(result.out.contains("fixed golden/demo/compact.json: $.value.items[0].note = null, $.value.items[0].rank = 3, $.value.items[0].tags = [], $.value.items[1].note = null"), result.out)
        XCTAssertTrue(result.out.contains("golden/demo/holds-key.json:1:1: error: case to revisit: expect $.value.items[0].note: missing, but the schema observes it (not rewritten by --fix-cases: the blob holds the key 'note')"), result.out)
        XCTAssertTrue(result.out.contains("check --fix-cases: 5 hand-written golden file(s) rewritten"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 3 hand-written golden case problems\n"), result.out)   // holds-key: note, rank, tags
        // Nothing left to do but the human's part.
        let again = TestSupport.run(["check", "--fix-cases"], root: repo)
        XCTAssertFalse(again.out.contains("fixed "), again.out)
        XCTAssertTrue(again.out.hasSuffix("check: 3 hand-written golden case problems\n"), again.out)
    }

    /// A sample's fix changes the expectation of every case built on it: when one of those
    /// cases' blobs holds the key, the sample is left for a human too.
    func testASampleIsNotRewrittenWhenACaseBuiltOnItHoldsTheKey() throws {
        let repo = TestSupport.temporaryDirectory()
        try write(Self.schema, "schema/demo.yaml", in: repo)
        try write(#"{"sample":"my-sample","contract":"demo","blob":"{\"v\":1,\"items\":[{\"id\":\"s\"}]}","expect":{"status":"ok","value":{"items":[{"id":"s"}]}}}"#,
                  "golden/demo/my-sample.json", in: repo)
        try write(#"{"case":"extra-key","contract":"demo","op":"decode","sample":"my-sample","blob-changes":[{"add":"$.items[0].note","text":"\"hi\""}],"expect-changes":[]}"#,
                  "golden/demo/extra-key.json", in: repo)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repo).status, 0)
        XCTAssertEqual(TestSupport.run(["check"], root: repo).status, 0)
        try write(Self.grown, "schema/demo.yaml", in: repo)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repo).status, 0)
        let sample = try read("golden/demo/my-sample.json", in: repo)
        let result = TestSupport.run(["check", "--fix-cases"], root: repo)
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertEqual(try read("golden/demo/my-sample.json", in: repo), sample)
        XCTAssertTrue(result.out.contains("sample to revisit: expect $.value.items[0].note: missing, but the schema observes it (not rewritten by --fix-cases: the blob of golden/demo/extra-key.json, built on this sample, holds the key 'note')"), result.out)
    }
}
