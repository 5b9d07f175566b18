/// `reserved: [names]` on a type: located diagnostics (a field reusing a reserved code name or
/// JSON key, malformed lists), no change to generated code, and the gate rules (`reserved-reused`
/// and `reserved-removed` breaking whatever the bump, `reserved-added` a note). The schemas are
/// this test's own text.
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaReservedTests: XCTestCase {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        reserved: [note, old_key]
        fields:
          title: {type: string, optional: true}
          count: {type: integer, json: item_count, default: 0}
    """

    func diagnostics(_ text: String) -> [String] { SchemaDiagnosticsTests.diagnostics(text) }

    func replacing(_ old: String, with new: String, in text: String = SchemaReservedTests.valid) -> String {
        precondition(text.contains(old), "fixture does not contain \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    // MARK: Diagnostics

    func testReservedIsParsed() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.reserved.map(\.name), ["note", "old_key"])
        XCTAssertEqual(contract.rootType.reserved.map(\.location.description), ["demo.yaml:6:16", "demo.yaml:6:22"])
    }

    func testAFieldMayNotUseAReservedNameOrKey() {
        let why = "which is reserved on Doc: a removed field's key stays in old blobs, so reusing it would make old blobs' values read as the new field; choose another name and JSON key"
        // The code name (which is also the JSON key).
        XCTAssertEqual(diagnostics(replacing("title: {type: string", with: "note: {type: string")),
                       ["demo.yaml:8:7: error: field 'note' of Doc uses the name 'note', \(why)"])
        // The JSON key, pinned to `json:`.
        XCTAssertEqual(diagnostics(replacing("json: item_count", with: "json: old_key")),
                       ["demo.yaml:9:36: error: field 'count' of Doc uses the JSON key 'old_key', \(why)"])
        // A code name over another key is refused too: the name is what the entry says.
        XCTAssertEqual(diagnostics(replacing("title: {type: string", with: "note: {type: string, json: note_text")),
                       ["demo.yaml:8:7: error: field 'note' of Doc uses the name 'note', \(why)"])
        // Exact comparison: another spelling is another key.
        XCTAssertEqual(diagnostics(replacing("json: item_count", with: "json: Old_key")), [])
    }

    func testReservedMustBeAListOfNonEmptyTextsEachOnce() {
        XCTAssertEqual(diagnostics(replacing("reserved: [note, old_key]", with: "reserved: note")),
                       ["demo.yaml:6:15: error: 'reserved' of type 'Doc' must be a list of field names or JSON keys, found a scalar"])
        XCTAssertEqual(diagnostics(replacing("reserved: [note, old_key]", with: "reserved: [note, \"\"]")),
                       ["demo.yaml:6:22: error: an entry of 'reserved' must be a non-empty field name or JSON key"])
        XCTAssertEqual(diagnostics(replacing("reserved: [note, old_key]", with: "reserved: [note, note]")),
                       ["demo.yaml:6:22: error: 'note' is listed twice in 'reserved' of type 'Doc'"])
        XCTAssertEqual(diagnostics(replacing("reserved: [note, old_key]", with: "reserved: [note, [x]]")),
                       ["demo.yaml:6:22: error: each entry of 'reserved' must be text, found a list"])
        XCTAssertEqual(diagnostics(replacing("reserved: [note, old_key]", with: "reserve: [note]")),
                       ["demo.yaml:6:5: error: unknown key 'reserve' in type 'Doc' (did you mean 'reserved'?)"])
    }

    func testRefusedSchemaWritesNothing() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try replacing("json: item_count", with: "json: old_key").write(toFile: root + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("schema/demo.yaml:9:36: error: field 'count' of Doc uses the JSON key 'old_key', which is reserved"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/generated"))
    }

    /// A reservation changes no generated code and no golden case (a reserved key is an unknown
    /// key, ignored as every unknown key is).
    func testReservedChangesNoGeneratedCode() throws {
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        let plain = try SchemaLoader.load(text: replacing("    reserved: [note, old_key]\n", with: ""), path: "demo.yaml")
        for (a, b) in zip(SchemaTextPropertyTests.files(contract), SchemaTextPropertyTests.files(plain)) {
            // Only the header's schema hash differs.
            XCTAssertEqual(SchemaTextPropertyTests.code(a.contents), SchemaTextPropertyTests.code(b.contents), a.path)
        }
        XCTAssertEqual(GoldenEmitter().files(contract), GoldenEmitter().files(plain))
    }

    // MARK: Gate

    static let base = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, optional: true}
          note: {type: string, optional: true}
    """

    func changes(_ old: String, _ new: String) throws -> [SchemaChange] {
        SchemaComparison.compare(old: try SchemaLoader.load(text: old, path: "demo.yaml"), new: try SchemaLoader.load(text: new, path: "demo.yaml"))
    }

    func bumped(_ text: String) -> String { text.replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [2]") }

    /// Removing a field and reserving its key: the removal is judged as before (a bump governs
    /// it), the reservation is a note.
    var removedAndReserved: String {
        replacing("\n      note: {type: string, optional: true}", with: "", in: replacing("    fields:", with: "    reserved: [note]\n    fields:", in: Self.base))
    }

    func testRemovingAFieldAndReservingItsKeyIsAFieldRemoval() throws {
        let found = try changes(Self.base, removedAndReserved)
        XCTAssertEqual(found.map(\.rule), [.reservedAdded, .fieldRemoved])
        XCTAssertEqual(found.filter(\.isBreaking).map(\.rule), [.fieldRemoved])
        XCTAssertEqual(found.first?.location?.description, "demo.yaml:6:16")
        let withBump = try changes(Self.base, bumped(removedAndReserved))
        XCTAssertFalse(withBump.contains(where: \.isBreaking), "\(withBump.map(\.message))")
    }

    func testReusingAKeyReservedInTheBaseIsBreakingWhateverTheBump() throws {
        let reserved = bumped(removedAndReserved)
        // The entry removed and the key reused, with a bump whose readers reject v:1 and v:2.
        let reused = replacing("writes: 2, accepts: [2]", with: "writes: 3, accepts: [3]",
                               in: replacing("    reserved: [note]\n", with: "", in: reserved)) + "\n      memo: {type: string, json: note, optional: true}"
        let found = try changes(reserved, reused)
        let breaking = found.filter(\.isBreaking)
        XCTAssertEqual(breaking.map(\.rule), [.reservedRemoved, .reservedReused], "\(found.map(\.message))")
        XCTAssertEqual(breaking.map(\.message), [
            "'note' is no longer reserved on Doc (the reservation is what keeps a removed field's key from being reused; without it the next change may reuse it; no version bump excuses this)",
            "field 'memo' of Doc reads the JSON key 'note', which was reserved on Doc (old blobs still carry the removed field's value under that key, and the new field would read it as its own; no version bump excuses this)",
        ])
        XCTAssertEqual(breaking.last?.location?.description, "demo.yaml:8:34")
    }

    func testRemovingAReservationAloneIsBreaking() throws {
        let found = try changes(removedAndReserved, replacing("    reserved: [note]\n", with: "", in: removedAndReserved))
        XCTAssertEqual(found.map(\.rule), [.reservedRemoved])
        XCTAssertTrue(found[0].isBreaking)
        XCTAssertFalse(SchemaChange.Rule.reservedRemoved.isExcusableByBump)
        XCTAssertFalse(SchemaChange.Rule.reservedReused.isExcusableByBump)
    }

    func testReservingAnUnusedNameIsANote() throws {
        let found = try changes(Self.base, replacing("    fields:", with: "    reserved: [legacy]\n    fields:", in: Self.base))
        XCTAssertEqual(found.map(\.rule), [.reservedAdded])
        XCTAssertFalse(found[0].isBreaking)
    }
}
