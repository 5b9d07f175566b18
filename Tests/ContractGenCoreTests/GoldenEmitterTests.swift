/// The golden emitter: every stored field × missing / null / wrong types / boundaries, with
/// expectations that follow the field's declared rule.
import XCTest
@testable import ContractGenCore

final class GoldenEmitterTests: XCTestCase {
    func cases(_ name: String) throws -> [String: JSONValue] {
        let contract = try TestSupport.loadBundled().first { $0.name == name }!
        var result: [String: JSONValue] = [:]
        for file in GoldenEmitter().files(contract) {
            result[file.path] = JSONValue.parse(file.contents)
        }
        return result
    }

    func testEveryFieldIsTriedMissingNullAndWrongType() throws {
        let widget = try cases("widget-data")
        for type in ["Snapshot.dayStr", "Snapshot.validUntil", "Snapshot.tasks", "Task.id", "Task.isDone", "Task.projectId", "Project.tasks"] {
            for mutation in ["missing", "null"] {
                XCTAssertNotNil(widget["golden/widget-data/schema.widget-data.\(type).\(mutation).json"], "\(type).\(mutation)")
            }
        }
        XCTAssertNotNil(widget["golden/widget-data/schema.widget-data.Task.isDone.wrong-type-number.json"])
        XCTAssertNil(widget["golden/widget-data/schema.widget-data.Task.isDone.wrong-type-bool.json"], "bool is the right type")
        XCTAssertNil(widget["golden/widget-data/schema.widget-data.Task.projectColor.missing.json"], "derived fields are not read")
    }

    func testDropElementDropsAndCounts() throws {
        let golden = try XCTUnwrap(try cases("widget-data")["golden/widget-data/schema.widget-data.Task.title.wrong-type-number.json"])
        XCTAssertEqual(golden["expect"]?["tasks"], .array([]))
        XCTAssertEqual(golden["expect"]?["dropped"], .number(1))
    }

    func testFailDocumentFailsAndOptionalNestedObjectBecomesNull() throws {
        let todo = try cases("todo-count")
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.Record.count.missing.json"]?["expect"],
                       JSONValue.parse(#"{"status":"invalid","value":null}"#))
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

    func testBoundariesFollowConstraints() throws {
        let todo = try cases("todo-count")
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.ListCount.open.at-max.json"]?["expect"]?["value"]?["lists"],
                       JSONValue.parse(#"[{"name":"ListCount.name","open":100000,"ratio":0.5}]"#))
        XCTAssertEqual(todo["golden/todo-count/schema.todo-count.ListCount.open.above-max.json"]?["expect"]?["value"]?["lists"], .array([]))
    }

    func testHandWrittenGoldensAreNeverGenerated() throws {
        for (path, _) in try cases("widget-data") {
            XCTAssertTrue(path.hasPrefix("golden/widget-data/schema."), path)
        }
    }
}
