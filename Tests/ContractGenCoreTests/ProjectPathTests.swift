/// No read or write leaves the project through a committed symbolic link: contract-gen.yaml's
/// paths are checked as text, and each path is also resolved, links included, before it is used.
import XCTest
@testable import ContractGenCore

final class ProjectPathTests: XCTestCase {
    /// A project holding one bundled schema, and a directory beside it that nothing may touch.
    func project() throws -> (root: String, elsewhere: String) {
        let parent = TestSupport.temporaryDirectory()
        let root = parent + "/app", elsewhere = parent + "/elsewhere"
        for directory in [root + "/schema", elsewhere] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let schema = TestSupport.anySchema
        try FileManager.default.copyItem(atPath: TestSupport.root + "/" + schema, toPath: root + "/" + schema)
        return (root, elsewhere)
    }

    func contents(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
    }

    func testEmitDoesNotWriteThroughASymlinkOutOfTheProject() throws {
        let (root, elsewhere) = try project()
        try FileManager.default.createSymbolicLink(atPath: root + "/web", withDestinationPath: "../elsewhere")
        try "typescript:\n  out: web/gen\n".write(toFile: root + "/contract-gen.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(result.status, 2, result.out + result.err)
        XCTAssertTrue(result.err.contains("leads outside the project"), result.err)
        XCTAssertEqual(contents(elsewhere), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/generated"), "nothing is written when one path escapes")
    }

    func testAGeneratedFileThatIsASymlinkOutIsNotWrittenThrough() throws {
        let (root, elsewhere) = try project()
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "typescript"], root: root).status, 0)
        let runtime = root + "/generated/typescript/contract-runtime.ts"
        try FileManager.default.removeItem(atPath: runtime)
        try FileManager.default.createSymbolicLink(atPath: runtime, withDestinationPath: elsewhere + "/victim.ts")
        let result = TestSupport.run(["emit", "--lang", "typescript"], root: root)
        XCTAssertEqual(result.status, 2, result.err)
        XCTAssertEqual(contents(elsewhere), [])
    }

    func testASchemaLinkedOutOfTheProjectIsNotRead() throws {
        let (root, elsewhere) = try project()
        let outside = elsewhere + "/secret.yaml"
        try "contract: secret\n".write(toFile: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/schema/z-linked.yaml", withDestinationPath: outside)
        let result = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("schema/z-linked.yaml:1:1: error: the schema file cannot be read:"), result.err)
        XCTAssertTrue(result.err.contains("leads outside the project"), result.err)
    }

    func testAGoldenFileLinkedOutOfTheProjectIsNotRead() throws {
        let (root, elsewhere) = try project()
        try FileManager.default.createDirectory(atPath: root + "/golden/x", withIntermediateDirectories: true)
        try #"{"case":"inside","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#
            .write(toFile: root + "/golden/x/inside.json", atomically: true, encoding: .utf8)
        try #"{"case":"outside","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#
            .write(toFile: elsewhere + "/outside.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/golden/x/outside.json", withDestinationPath: elsewhere + "/outside.json")
        let result = TestSupport.run(["conform", "--testee", #"while read l; do echo '{"ok":true}'; done"#], root: root)
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains("golden/x/outside.json: unusable case file: 'golden/x/outside.json' leads outside the project"), result.out)
        XCTAssertTrue(result.out.contains("testee: 1 passed, 0 failed"), result.out)
    }

    func testReportsAreNotWrittenThroughASymlinkOut() throws {
        let (root, elsewhere) = try project()
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: elsewhere)
        try FileManager.default.createDirectory(atPath: root + "/golden/x", withIntermediateDirectories: true)
        try #"{"case":"inside","contract":"fake","op":"stale","given":{"blob":"{}"},"expect":true}"#
            .write(toFile: root + "/golden/x/inside.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["conform", "--report", "out/junit.xml", "--testee", #"while read l; do echo '{"ok":true}'; done"#], root: root)
        XCTAssertEqual(result.status, 2, result.out + result.err)
        XCTAssertEqual(contents(elsewhere), [])
    }

    func testResolution() throws {
        let parent = TestSupport.temporaryDirectory()
        let resolved = try XCTUnwrap(ProjectPaths.resolved(parent))
        XCTAssertEqual(ProjectPaths.resolvedForWriting(parent + "/new/dir/file"), resolved + "/new/dir/file")
        XCTAssertNil(ProjectPaths.escape("a/b/c.txt", root: parent))
        XCTAssertNil(ProjectPaths.linkEscape("/somewhere/else/entirely", root: parent), "a path outside as written was asked for as such")
        try FileManager.default.createSymbolicLink(atPath: parent + "/up", withDestinationPath: "/")
        XCTAssertNotNil(ProjectPaths.escape("up/tmp/x", root: parent))
        XCTAssertNotNil(ProjectPaths.linkEscape(parent + "/up/tmp", root: parent))
        try FileManager.default.createDirectory(atPath: parent + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: parent + "/alias", withDestinationPath: "real")
        XCTAssertNil(ProjectPaths.escape("alias/x", root: parent), "a link that stays inside is fine")
    }
}
