/// `compat` on a repository with three tagged releases: two union renames that keep the JSON
/// shape read the same across releases, and a changed `default:` is caught as a silent misread by
/// running the old and new readers (whatever `check`'s rules say). TypeScript readers only: each
/// release's testee is a real build, and the other languages' testees are built from the same
/// kind of files by the conformance tests.
import XCTest
@testable import ContractGenCore

final class CompatTests: XCTestCase {
    static func schema(board: String = "Board", card: String = "Card", cardDefault: Int = 0) -> String {
        """
        contract: pin-board
        doc: Pins on a board.
        storage-key: pin_board
        targets:
          swift: {namespace: PinBoard}
          kotlin: {package: com.example.pins, object: PinBoard}
          typescript: {module: pin-board}
        version: {field: v, writes: 1, accepts: [1]}
        root: Wall
        types:
          Wall:
            doc: The wall.
            fields:
              pins: {type: {array: \(board)}, default: [], doc: The pins.}
              limit: {type: integer, default: \(cardDefault), doc: How many pins fit.}
          \(board):
            doc: One pin.
            union:
              tag: kind
              variants: {card: \(card), note: Note}
          \(card): {doc: A card., fields: {title: {type: string, required: drop-element, doc: Its title.}}}
          Note: {doc: A note., fields: {text: {type: string, optional: true, doc: Its text.}}}
        observation: {style: wrapped}

        """
    }

    func git(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    /// Writes the schema, emits everything, commits, tags.
    func release(_ schema: String, tag: String, in repository: String) throws {
        try schema.write(toFile: repository + "/schema/pin-board.yaml", atomically: true, encoding: .utf8)
        let emit = TestSupport.run(["emit", "--lang", "all"], root: repository)
        XCTAssertEqual(emit.status, 0, emit.err)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", tag], in: repository)
        try git(["tag", tag], in: repository)
    }

    func testUnionRenamesReadTheSameAndAChangedDefaultIsASilentMisread() throws {
        let repository = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: repository) }
        try FileManager.default.createDirectory(atPath: repository + "/schema", withIntermediateDirectories: true)
        try git(["init", "-q"], in: repository)
        try release(Self.schema(), tag: "v1.0.0", in: repository)
        try release(Self.schema(board: "Pin"), tag: "v1.1.0", in: repository)                  // a union type renamed
        try release(Self.schema(board: "Pin", card: "IndexCard"), tag: "v1.2.0", in: repository) // a variant's type renamed

        let renames = TestSupport.run(["compat", "--lang", "typescript", "--count", "40"], root: repository)
        XCTAssertEqual(renames.status, 0, renames.out + renames.err)
        for tag in ["v1.0.0", "v1.1.0", "v1.2.0"] { XCTAssertTrue(renames.out.contains(tag + " "), renames.out) }
        XCTAssertTrue(renames.out.contains(", 0 documented degradation(s), 0 silent misread(s)"), renames.out)
        XCTAssertFalse(renames.out.contains("MISREAD"), renames.out)

        // The same blob, read by old and new readers: a missing `limit` is 0 to one, 5 to the other.
        try Self.schema(board: "Pin", card: "IndexCard", cardDefault: 5).write(toFile: repository + "/schema/pin-board.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: repository).status, 0)
        let html = TestSupport.temporaryDirectory() + "/compat.html"
        let junit = TestSupport.temporaryDirectory() + "/compat.xml"
        let changed = TestSupport.run(["compat", "--ref", "v1.2.0", "--lang", "typescript", "--count", "40", "--format", "github",
                                       "--report", html, "--report", junit], root: repository)
        XCTAssertEqual(changed.status, 1, changed.out + changed.err)
        XCTAssertTrue(changed.out.contains("MISREAD v1.2.0 (release writes, HEAD reads) [typescript] pin-board at $.limit: writer's release 0, reader 5"), changed.out)
        XCTAssertTrue(changed.out.contains("MISREAD v1.2.0 (HEAD writes, release reads) [typescript] pin-board at $.limit: writer's release 5, reader 0"), changed.out)
        XCTAssertTrue(changed.out.contains("::error::compat: v1.2.0"), changed.out)
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains("silent misread at <code>$.limit</code>"))
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure message=\"silent misread at $.limit"))
        // The work tree and the repository's refs are untouched.
        XCTAssertEqual(try String(contentsOfFile: repository + "/schema/pin-board.yaml", encoding: .utf8),
                       Self.schema(board: "Pin", card: "IndexCard", cardDefault: 5))
    }

    func testVerdicts() throws {
        func reading(_ text: String) throws -> CompatReading { try XCTUnwrap(CompatReading(observation: XCTUnwrap(JSONValue.parse(text)))) }
        let ok = try reading(#"{"status":"ok","value":{"a":1,"rows":[{"x":1}],"m":{"k":2}},"report":[]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: ok, derivedNames: []).verdict, .same)
        // A value read differently with no report entry is a misread; with one, a degradation.
        let other = try reading(#"{"status":"ok","value":{"a":2,"rows":[{"x":1}],"m":{"k":2}},"report":[]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: other, derivedNames: []).verdict, .misread)
        let reported = try reading(#"{"status":"ok","value":{"a":2,"rows":[{"x":1}],"m":{"k":2}},"report":[{"path":"$.a","rule":"wrong-type","used":"default"}]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: reported, derivedNames: []).verdict, .degraded)
        // A dropped element shortens the array: documented by its entry; unexplained, a misread.
        let dropped = try reading(#"{"status":"ok","value":{"a":1,"rows":[],"m":{"k":2}},"report":[{"path":"$.rows[0]","rule":"invalid-field","used":"dropped"}]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: dropped, derivedNames: []).verdict, .degraded)
        let lost = try reading(#"{"status":"ok","value":{"a":1,"rows":[],"m":{"k":2}},"report":[]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: lost, derivedNames: []).verdict, .misread)
        // Failing safe is documented; reading as ok what the writer's release rejects is not.
        let rejected = try reading(#"{"status":"unsupportedVersion","value":null,"report":[]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: rejected, derivedNames: []).verdict, .degraded)
        XCTAssertEqual(CompatComparison.judge(writer: rejected, reader: ok, derivedNames: []).verdict, .misread)
        // A field only one side knows is not compared.
        let newer = try reading(#"{"status":"ok","value":{"a":1,"rows":[{"x":1}],"m":{"k":2},"added":true},"report":[]}"#)
        XCTAssertEqual(CompatComparison.judge(writer: ok, reader: newer, derivedNames: []).verdict, .same)
        // A flat observation is the document's shape without its bookkeeping members.
        let flat = try reading(#"{"status":"ok","a":1,"dropped":0,"report":[]}"#)
        XCTAssertEqual(flat.value, JSONValue.parse(#"{"a":1}"#))
    }
}
