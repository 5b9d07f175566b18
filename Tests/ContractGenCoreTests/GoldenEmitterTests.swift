/// The golden emitter: every stored field × missing / null / wrong types / boundaries, with
/// expectations that follow the field's declared rule.
import XCTest
@testable import ContractGenCore

final class GoldenEmitterTests: XCTestCase {
    func cases(_ name: String) throws -> [String: JSONValue] {
        TestSupport.materialisedGoldens(try TestSupport.loadBundled().first { $0.name == name }!)
    }

    func testEveryFieldIsTriedMissingNullAndWrongType() throws {
        let widget = try cases("widget-data")
        // Mutations that end the enclosing object (required fields) and those of fields leading to
        // a nested type stay one case each.
        for type in ["TaskRow.id", "TaskRow.title", "Project.id", "Snapshot.tasks", "Snapshot.projects"] {
            for mutation in ["missing", "null"] {
                XCTAssertNotNil(widget["golden/widget-data/schema.widget-data.\(type).\(mutation).json"], "\(type).\(mutation)")
            }
        }
        XCTAssertNil(widget["golden/widget-data/schema.widget-data.TaskRow.isDone.wrong-type-bool.json"], "bool is the right type")
        XCTAssertNil(widget["golden/widget-data/schema.widget-data.TaskRow.projectColor.missing.json"], "derived fields are not read")
        // The others are batched: one case per mutation, applied to every field that has it.
        // null: dayStr, validUntil and projectId are optional (null); isDone defaults to false;
        // projectColors and Project.tasks default to empty; Snapshot.tasks/projects are path fields.
        let null = try XCTUnwrap(widget["golden/widget-data/schema.widget-data.every-field.null.json"])
        XCTAssertEqual(JSONValue.parse(null["given"]?["blob"]?.stringValue ?? ""), JSONValue.parse(#"""
            {"v":1,"tasks":[{"id":"TaskRow.id","title":"TaskRow.title","isDone":null,"projectId":null}],
             "projects":[{"id":"Project.id","title":"Project.title","tasks":null}],
             "dayStr":null,"validUntil":null,"projectColors":null}
            """#))
        XCTAssertEqual(null["expect"], JSONValue.parse(#"""
            {"status":"ok","dayStr":null,"validUntil":null,
             "tasks":[{"id":"TaskRow.id","title":"TaskRow.title","isDone":false,"projectId":null,"projectColor":null}],
             "projects":[{"id":"Project.id","title":"Project.title","tasks":[]}],"dropped":0,
             "report":[{"path":"$.tasks[0].isDone","rule":"null","used":"default"},{"path":"$.tasks[0].projectId","rule":"null","used":"null"},
                       {"path":"$.projects[0].tasks","rule":"null","used":"default"},{"path":"$.dayStr","rule":"null","used":"null"},
                       {"path":"$.validUntil","rule":"null","used":"null"},{"path":"$.projectColors","rule":"null","used":"default"}]}
            """#))
        XCTAssertEqual(null["given"]?["report"], .bool(true))
        // A wrong type is batched the same way; isDone is not in the bool batch (bool is its type).
        let bool = try XCTUnwrap(widget["golden/widget-data/schema.widget-data.every-field.wrong-type-bool.json"])
        XCTAssertFalse(bool["about"]?.stringValue?.contains("TaskRow.isDone") ?? true)
        XCTAssertTrue(bool["about"]?.stringValue?.contains("TaskRow.projectId") ?? false)
    }

    func testDropElementDropsAndCounts() throws {
        let golden = try XCTUnwrap(try cases("widget-data")["golden/widget-data/schema.widget-data.TaskRow.title.wrong-type-number.json"])
        XCTAssertEqual(golden["expect"]?["tasks"], .array([]))
        XCTAssertEqual(golden["expect"]?["dropped"], .number(1))
        // A wrapped observation holds no count: the case asks for it (given.dropped), so the report's
        // decoders are held to the count as the plain ones are (an event without a usable event_id
        // is dropped and counted; the tag and attendee batch drops one element of each array).
        let agenda = try cases("calendar-agenda")
        let event = try XCTUnwrap(agenda["golden/calendar-agenda/schema.calendar-agenda.Event.eventId.empty.json"])
        XCTAssertEqual(event["given"]?["dropped"], .bool(true))
        XCTAssertEqual(event["expect"]?["value"]?["events"], .array([]))
        XCTAssertEqual(event["expect"]?["dropped"], .number(1))
        let elements = try XCTUnwrap(agenda["golden/calendar-agenda/schema.calendar-agenda.every-field.element-wrong-type.json"])
        XCTAssertEqual(elements["expect"]?["dropped"], .number(2))
    }

    func testFailDocumentFailsAndOptionalNestedObjectBecomesNull() throws {
        let todo = try cases("todo-count")
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.CountRecord.count.missing.json"]?["expect"],
                       JSONValue.parse(#"{"status":"invalid","value":null,"dropped":0,"report":[{"path":"$.count","rule":"missing","used":"document"}]}"#))
        // Source.platform is drop-element; Source sits in an optional field, so source becomes null.
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.Source.platform.null.json"]?["expect"]?["value"]?["source"], .null)
    }

    func testVersionGateRejectionsRenderEmpty() throws {
        let widget = try cases("widget-data")
        for label in ["missing", "null", "string", "bool", "next", "zero", "fractional", "negative", "overflow"] {
            XCTAssertEqual(widget["golden/widget-data/schema.widget-data.version.\(label).json"]?["expect"]?["status"], .string("unsupportedVersion"), label)
        }
        XCTAssertEqual(widget["golden/widget-data/schema.widget-data.version.spelled-exponent.json"]?["expect"]?["status"], .string("ok"))
    }

    /// A root that is no object is malformed at byte 0; every 513-level case reports the byte where
    /// the brackets, counted in the blob itself, first reach level 513.
    func firstReportEntry(_ expect: JSONValue?) -> JSONValue? {
        guard case .array(let entries)? = expect?["report"] else { return nil }
        return entries.first
    }

    func testDocumentCasesAreMalformedWhereTheRuleSays() throws {
        for name in ["todo-count", "widget-data", "calendar-agenda"] {
            let all = try cases(name)
            for label in ["null", "array", "string", "number", "bool"] {
                let expect = all["golden/\(name)/schema.\(name).document.root-\(label).json"]?["expect"]
                XCTAssertEqual(expect?["status"], .string("malformed"), "\(name) \(label)")
                XCTAssertEqual(firstReportEntry(expect)?["expected"], .string("object"), "\(name) \(label)")
                XCTAssertEqual(firstReportEntry(expect)?["offset"], .number(0), "\(name) \(label)")
            }
            let deep = all.filter { $0.key.hasSuffix("nested-513-levels.json") }
            XCTAssertTrue(deep.keys.contains("golden/\(name)/schema.\(name).document.unknown-key-nested-513-levels.json"), name)
            XCTAssertTrue(deep.keys.contains("golden/\(name)/schema.\(name).version.nested-513-levels.json"), name)
            for (file, json) in deep {
                guard case .string(let blob)? = json["given"]?["blob"], case .number(let offset)? = firstReportEntry(json["expect"])?["offset"] else {
                    XCTFail("\(file): no blob or offset"); continue
                }
                // The byte at which an opening bracket outside strings first makes the depth 513.
                var depth = 0, inString = false, escaped = false, found: Int?
                for (at, byte) in blob.utf8.enumerated() {
                    if inString {
                        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    } else if byte == UInt8(ascii: "\"") { inString = true
                    } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                        depth += 1
                        if depth == 513 { found = at; break }
                    } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
                }
                XCTAssertEqual(found.map(Double.init), offset, file)
            }
        }
    }

    func testBoundariesFollowConstraints() throws {
        let todo = try cases("todo-count")
        // at-max is batched: revision (max 2^53-1), ListCount.open (max 100000), ListCount.ratio (max 1).
        let atMax = todo["golden/todo-count/schema.todo-count.every-field.at-max.json"]?["expect"]?["value"]
        XCTAssertEqual(atMax?["lists"], JSONValue.parse(#"[{"name":"ListCount.name","open":100000,"ratio":1}]"#))
        XCTAssertEqual(atMax?["revision"], .number(9_007_199_254_740_991))
        XCTAssertEqual(atMax?["count"], .number(1), "count (min 0, no max) keeps its sample min + 1")
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.ListCount.open.above-max.json"]?["expect"]?["value"]?["lists"], .array([]))
    }

    func testHandWrittenGoldensAreNeverGenerated() throws {
        for (path, _) in try cases("widget-data") {
            XCTAssertTrue(path.hasPrefix("golden/widget-data/schema."), path)
        }
    }
}

/// Open enums in the golden emitter: the outcome of each mutation follows from the rule (an
/// unknown string reads as the fallback; anything that is not a string goes to the presence policy).
final class GoldenEmitterOpenEnumTests: XCTestCase {
    static let schema = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    observation: {style: flat, dropped: true}
    types:
      Doc:
        fields:
          kind: {type: {enum: [a, b, z], unknown: z}, default: a}
          items: {type: {array: Item}, default: []}
      Item:
        fields:
          reply: {type: {enum: [yes, no, other], unknown: other}, required: drop-element}
          mood: {type: {enum: [calm, busy]}, optional: true}
    """

    func outcomes(_ field: String, of type: String) throws -> [String: String] {
        let contract = try SchemaLoader.load(text: Self.schema, path: "demo.yaml")
        let builder = GoldenCaseBuilder(contract: contract)
        var result: [String: String] = [:]
        for mutation in builder.mutations(contract.type(named: type)!.field(named: field)!) {
            switch mutation.outcome {
            case .valid(let value): result[mutation.label] = value.serialized()
            case .invalid: result[mutation.label] = "invalid"
            }
        }
        return result
    }

    func testUnknownStringsReadAsTheFallbackAndOtherTypesAreInvalid() throws {
        let reply = try outcomes("reply", of: "Item")
        XCTAssertEqual(reply["unknown-value"], "\"other\"")
        XCTAssertEqual(reply["case-changed"], "\"other\"")   // "YES" is not "yes"
        XCTAssertEqual(reply["empty-string"], "\"other\"")
        XCTAssertEqual(reply["fallback-value"], "\"other\"")
        XCTAssertEqual(reply["first-value"], "\"yes\"")
        for label in ["missing", "null", "wrong-type-number", "wrong-type-bool", "wrong-type-array", "wrong-type-object", "unpaired-surrogate"] {
            XCTAssertEqual(reply[label], "invalid", label)
        }
        XCTAssertNil(reply["wrong-type-string"], "a string is the right type")
        // A closed enum: unknown strings are invalid, and it has no fallback cases.
        let mood = try outcomes("mood", of: "Item")
        XCTAssertEqual(mood["unknown-value"], "invalid")
        XCTAssertEqual(mood["case-changed"], "invalid")
        XCTAssertNil(mood["fallback-value"])
    }

    /// Through the whole case: an invalid reply drops its item (counted); an unknown one keeps it.
    func testCasesKeepOrDropTheElementByTheRule() throws {
        let contract = try SchemaLoader.load(text: Self.schema, path: "demo.yaml")
        let cases = TestSupport.materialisedGoldens(contract)
        let dropped = try XCTUnwrap(cases["golden/demo/schema.demo.Item.reply.wrong-type-number.json"])
        XCTAssertEqual(dropped["expect"]?["items"], .array([]))
        XCTAssertEqual(dropped["expect"]?["dropped"], .number(1))
        let surrogate = try XCTUnwrap(cases["golden/demo/schema.demo.Item.reply.unpaired-surrogate.json"])
        XCTAssertEqual(surrogate["expect"]?["dropped"], .number(1))
        let unknown = try XCTUnwrap(cases["golden/demo/schema.demo.every-field.unknown-value.json"])
        XCTAssertEqual(unknown["expect"]?["kind"], .string("z"))
        guard case .array(let items)? = unknown["expect"]?["items"], let item = items.first else { return XCTFail("no item kept") }
        XCTAssertEqual(item["reply"], .string("other"))
        XCTAssertEqual(item["mood"], .null)
        XCTAssertEqual(unknown["expect"]?["dropped"], .number(0))
        let wrongType = try XCTUnwrap(cases["golden/demo/schema.demo.every-field.wrong-type-number.json"])
        XCTAssertEqual(wrongType["expect"]?["kind"], .string("a"), "not a string: the default, not the fallback")
    }
}
