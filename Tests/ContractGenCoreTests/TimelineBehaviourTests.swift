/// The `timeline` behaviour's schema rules (located diagnostics) and what declaring it enables:
/// the `timeline` testee op and the generated wrappers in each language.
import XCTest
@testable import ContractGenCore

final class TimelineBehaviourTests: XCTestCase {
    /// A small valid schema with an instant and a day on its root; each test adds behaviours.
    static let base = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          day: {type: localDate, optional: true}
          until: {type: epochMillis, optional: true}
    behaviours:

    """

    func testTimelineNeedsStalenessAndHeader() {
        let found = SchemaDiagnosticsTests.diagnostics(Self.base + "  timeline: {}\n")
        XCTAssertEqual(found, [
            "demo.yaml:10:13: error: 'timeline' needs 'staleness' (the timeline flips where the snapshot turns stale)",
            "demo.yaml:10:13: error: 'timeline' needs 'header' (each entry shows the header from its instant on)",
        ])
    }

    func testTimelineTakesOnlyADoc() {
        let text = Self.base + "  staleness: {field: until}\n  header: {day: day}\n  timeline: {doc: Flips at until., field: until}\n"
        XCTAssertEqual(SchemaDiagnosticsTests.diagnostics(text), ["demo.yaml:12:36: error: unknown key 'field' in 'timeline' (expected one of: doc)"])
    }

    func testTimelineMustBeAMapping() {
        let text = Self.base + "  staleness: {field: until}\n  header: {day: day}\n  timeline: true\n"
        XCTAssertEqual(SchemaDiagnosticsTests.diagnostics(text), ["demo.yaml:12:13: error: 'timeline' must be a mapping, found a scalar"])
    }

    func testDeclaredTimelineEnablesTheOpAndTheWrappers() throws {
        let text = Self.base + "  staleness: {field: until}\n  header: {day: day}\n  timeline: {doc: Flips at until.}\n"
        let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
        XCTAssertEqual(ContractGate.ops(of: contract).filter { $0 == "timeline" }, ["timeline"])
        let swift = SwiftEmitter().contractFile(contract).contents
        XCTAssertTrue(swift.contains("ContractTimeline.build(now: now, flipAtMs: value?.until) { header(value, now: $0, timeZone: timeZone) }"))
        XCTAssertTrue(swift.contains("public static func widgetTimeline(_ value: Doc?, now: Date, timeZone: TimeZone)"))
        let kotlin = KotlinEmitter().contractFile(contract).contents
        XCTAssertTrue(kotlin.contains("return ContractTimeline.build(now, value?.until) { isStale(value, it) }.reloadAtMs"))
        let typeScript = TypeScriptEmitter().contractFile(contract).contents
        XCTAssertTrue(typeScript.contains("return buildTimeline(now, value === null ? null : value.until, (at) => header(value, at, timeZoneId));"))
    }

    func testWithoutTimelineThereIsNoOpAndNoWrapper() throws {
        let text = Self.base + "  staleness: {field: until}\n  header: {day: day}\n"
        let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
        XCTAssertFalse(ContractGate.ops(of: contract).contains("timeline"))
        XCTAssertFalse(SwiftEmitter().contractFile(contract).contents.contains("ContractTimeline"))
        XCTAssertFalse(KotlinEmitter().contractFile(contract).contents.contains("ContractTimeline"))
        XCTAssertFalse(TypeScriptEmitter().contractFile(contract).contents.contains("buildTimeline"))
    }
}
