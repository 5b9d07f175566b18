/// The app-facing shapes of issue 14 on schemas other than the bundled ones: done-queue entries
/// labelled by the schema's own id and flag fields, an overlay without a done-queue, instants'
/// date accessors (required, optional, deprecated), versions beyond 32 bits. Each schema must
/// compile in all three languages and pass its own goldens.
import XCTest
@testable import ContractGenCore

final class NativeAPITests: XCTestCase {
    static let shelf = """
    contract: shelf
    version: {field: v, writes: 3000000000, accepts: [1, 3000000000]}
    root: Shelf
    types:
      Shelf:
        fields:
          savedAt: {type: epochMillis, required: fail-document}
          expiresAt: {type: epochMillis, optional: true}
          oldAt: {type: epochMillis, optional: true, deprecated: "use expiresAt"}
          stamps: {type: {array: epochMillis}, default: []}
          books: {type: {array: Book}, default: []}
      Book:
        fields:
          isbn: {type: string, required: drop-element}
          isRead: {type: bool, optional: true}
          readAt: {type: epochMillis, required: drop-element}
    behaviours:
      overlay: {type: Book, id: isbn, flag: isRead}
      done-queue: {type: Book, id: isbn, flag: isRead}
    """

    static let notes = """
    contract: notes
    version: {field: v, writes: 1, accepts: [1]}
    root: Notes
    types:
      Notes:
        fields:
          items: {type: {array: Note}, default: []}
      Note:
        fields:
          id: {type: string, required: drop-element}
          pinned: {type: bool, default: false}
    behaviours:
      overlay: {type: Note, id: id, flag: pinned}
    """

    func contract(_ text: String, _ name: String) throws -> Contract { try SchemaLoader.load(text: text, path: "schema/\(name).yaml") }

    func testEntriesAreLabelledByTheBindings() throws {
        let shelf = try contract(Self.shelf, "shelf")
        let swift = SwiftEmitter().contractFile(shelf).contents
        XCTAssertTrue(swift.contains("public struct DoneQueueEntry: Sendable, Hashable {\n        public var isbn: String\n        public var isRead: Bool\n"), swift)
        XCTAssertTrue(swift.contains("public static func drain(_ queue: String?, tasks: [Book]) -> [DoneQueueEntry] {"), swift)
        let kotlin = KotlinEmitter().contractFile(shelf).contents
        XCTAssertTrue(kotlin.contains("data class DoneQueueEntry(val isbn: String, val isRead: Boolean)"), kotlin)
        let typescript = TypeScriptEmitter().contractFile(shelf).contents
        XCTAssertTrue(typescript.contains("export interface DoneQueueEntry {\n  readonly isbn: string;\n  readonly isRead: boolean;\n}"), typescript)
        XCTAssertTrue(typescript.contains("({ isbn: change.id, isRead: change.isDone })"), typescript)
        XCTAssertFalse(typescript.contains("Object.freeze"), "plain functions, so a bundler can drop them")

        // An overlay alone: Swift's `pending` is entries, so the type is declared with the overlay's names.
        let notes = SwiftEmitter().contractFile(try contract(Self.notes, "notes")).contents
        XCTAssertTrue(notes.contains("public struct DoneQueueEntry: Sendable, Hashable, Identifiable {\n        public var id: String\n        public var pinned: Bool\n"), notes)
        XCTAssertTrue(notes.contains("for entry in pending { targets[ContractExactKey(entry.id)] = entry.pinned }"), notes)
    }

    func testInstantsGetDatesAndVersionsKeepOneType() throws {
        let shelf = try contract(Self.shelf, "shelf")
        let swift = SwiftEmitter().contractFile(shelf).contents
        XCTAssertTrue(swift.contains("public var savedAtDate: Date { Date(timeIntervalSince1970: Double(savedAt) / 1000) }"), swift)
        XCTAssertTrue(swift.contains("public var expiresAtDate: Date? { expiresAt.map { Date(timeIntervalSince1970: Double($0) / 1000) } }"), swift)
        XCTAssertFalse(swift.contains("stampsDate"), "an array of instants keeps its numbers")
        XCTAssertTrue(swift.contains("public static let acceptedVersions: [Int] = [1, 3000000000]"), swift)
        let kotlin = KotlinEmitter().contractFile(shelf).contents
        XCTAssertTrue(kotlin.contains("val readAtDate: java.util.Date get() = java.util.Date(readAt)"), kotlin)
        XCTAssertTrue(kotlin.contains("@Deprecated(\"use expiresAt\")\n        @Suppress(\"DEPRECATION\")\n        val oldAtDate: java.util.Date? get() = oldAt?.let { java.util.Date(it) }"), kotlin)
        XCTAssertTrue(kotlin.contains("val ACCEPTED_VERSIONS: List<Long> = java.util.Collections.unmodifiableList(listOf(1L, 3000000000L))"), kotlin)
        XCTAssertTrue(kotlin.contains("const val WRITTEN_VERSION: Long = 3000000000L"), kotlin)
        let typescript = TypeScriptEmitter().contractFile(shelf).contents
        XCTAssertTrue(typescript.contains("export function toDate(epochMillis: number | null): Date | null;"), typescript)
        XCTAssertFalse(TypeScriptEmitter().contractFile(try contract(Self.notes, "notes")).contents.contains("toDate"), "only with an instant")
    }

    func testTheseSchemasCompileAndConform() throws {
        for tool in ["swiftc", "kotlinc", "java", "tsc", "node"] where !SchemaTextPropertyTests.Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try (Self.shelf + "\n").write(toFile: root + "/schema/shelf.yaml", atomically: true, encoding: .utf8)
        try (Self.notes + "\n").write(toFile: root + "/schema/notes.yaml", atomically: true, encoding: .utf8)
        for lang in ["all", "golden"] {
            let result = TestSupport.run(["emit", "--lang", lang], root: root)
            // Stop here: kotlinc given no sources would start its REPL and wait on stdin.
            guard result.status == 0 else { return XCTFail(result.err) }
        }
        XCTAssertEqual(SchemaTextPropertyTests.compile(root), [])
        let conform = TestSupport.run(["conform", "--lang", "all"], root: root)
        XCTAssertEqual(conform.status, 0, conform.out + conform.err)
    }
}
