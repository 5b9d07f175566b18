/// `check --base` and the verdict-first report, end to end in small scratch git repositories:
/// contracts matched by name across a file rename, removed contracts, storage keys, refs that
/// must never reach git as options, and output that leads with what matters.
import XCTest
@testable import ContractGenCore

final class GateBaseTests: XCTestCase {
    static let demo = """
    contract: demo
    storage-key: demo_blob
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, required: fail-document}
          count: {type: integer, min: 0, max: 10, default: 1}

    """

    static let other = """
    contract: other
    version: {field: v, writes: 1, accepts: [1]}
    root: Row
    types:
      Row:
        fields:
          label: {type: string, optional: true}

    """

    @discardableResult
    func git(_ arguments: String, in directory: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "git -c user.email=t@t -c user.name=t " + arguments]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func write(_ text: String, _ path: String, in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/" + (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: directory + "/" + path, atomically: true, encoding: .utf8)
    }

    /// A committed repository with the given schemas and everything `emit` writes for them.
    func repository(_ schemas: [String: String]) throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for (path, text) in schemas { try write(text, path, in: directory) }
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: directory)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        XCTAssertEqual(git("init -q && git add -A && git commit -qm base", in: directory), 0)
        return directory
    }

    /// Regenerates, so that only the comparison with the base can fail.
    func emitAndCheck(_ directory: String, _ extra: [String] = []) -> TestSupport.RunResult {
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: directory)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        return TestSupport.run(["check", "--base", "HEAD"] + extra, root: directory)
    }

    // MARK: Matching by contract name

    func testARenamedSchemaFileIsComparedWithTheContractOfTheSameName() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        XCTAssertEqual(git("mv schema/demo.yaml schema/renamed.yaml", in: repo), 0)
        try write(Self.demo.replacingOccurrences(of: "max: 10", with: "max: 5"), "schema/renamed.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("schema/renamed.yaml:9:7: error: field 'count' of Doc: max changed from 10 to 5 without bumping v"), result.out)
        XCTAssertTrue(result.out.contains("[constraint-narrowed]"), result.out)
        XCTAssertTrue(result.out.contains("note: contract 'demo' was in schema/demo.yaml at HEAD"), result.out)
        XCTAssertFalse(result.out.contains("new contract"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 breaking change\n"), result.out)
    }

    /// A base whose names this contract-gen refuses (here a field named `default`, a keyword) is
    /// still compared: names in generated code change no blob.
    func testABaseRefusedOnlyForCodeNamesIsStillCompared() throws {
        let directory = TestSupport.temporaryDirectory()
        let base = Self.demo.replacingOccurrences(of: "count: {type: integer", with: "default: {type: integer")
        try write(base, "schema/demo.yaml", in: directory)
        XCTAssertEqual(git("init -q && git add -A && git commit -qm base", in: directory), 0)
        try write(Self.demo.replacingOccurrences(of: "count: {type: integer", with: "count: {type: integer, json: default")
                    .replacingOccurrences(of: "max: 10", with: "max: 5"), "schema/demo.yaml", in: directory)
        let result = emitAndCheck(directory)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("max changed from 10 to 5 without bumping v"), result.out)
        XCTAssertTrue(result.out.contains("[constraint-narrowed]"), result.out)
        XCTAssertFalse(result.out.contains("not compared"), result.out)
    }

    /// A base schema that does not load at all fails the gate: comparing nothing must not pass.
    func testABaseThatDoesNotLoadFailsTheGate() throws {
        let directory = TestSupport.temporaryDirectory()
        try write(Self.demo.replacingOccurrences(of: "root: Doc", with: "root: Missing"), "schema/demo.yaml", in: directory)
        XCTAssertEqual(git("init -q && git add -A && git commit -qm base", in: directory), 0)
        try write(Self.demo, "schema/demo.yaml", in: directory)
        let result = emitAndCheck(directory)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("schema/demo.yaml:1:1: error: the schema schema/demo.yaml at HEAD does not load: "), result.out)
        XCTAssertTrue(result.out.contains("root type 'Missing' is not declared"), result.out)
        XCTAssertTrue(result.out.contains("the gate cannot tell what this change breaks"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 base schema not compared\n"), result.out)
    }

    func testDeletingAContractIsBreakingButOnlyInScope() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo, "schema/other.yaml": Self.other])
        XCTAssertEqual(git("rm -q schema/other.yaml && rm -rf golden/other && find generated -iname '*other*' -delete", in: repo), 0)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.hasSuffix("check: 1 breaking change\n"), result.out)
        XCTAssertTrue(result.out.contains("schema/other.yaml:1:1: error: contract 'other' (schema/other.yaml at HEAD) removed (old apps still write the blob"), result.out)
        XCTAssertTrue(result.out.contains("[contract-removed]"), result.out)
        // Checking one schema on purpose does not judge the others.
        let scoped = TestSupport.run(["check", "--base", "HEAD", "--schema", "schema/demo.yaml"], root: repo)
        XCTAssertEqual(scoped.status, 0, scoped.out + scoped.err)
    }

    func testChangingTheContractNameIsARemoval() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        try write(Self.demo.replacingOccurrences(of: "contract: demo", with: "contract: demo-two"), "schema/demo.yaml", in: repo)
        XCTAssertEqual(git("rm -rq golden/demo", in: repo), 0)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: contract 'demo' (schema/demo.yaml at HEAD) removed (renamed to 'demo-two'?"), result.out)
    }

    func testChangingTheStorageKeyIsBreakingEvenWithABump() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        try write(Self.demo.replacingOccurrences(of: "demo_blob", with: "demo_blob_v2")
                    .replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [2]"), "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: storage-key changed from 'demo_blob' to 'demo_blob_v2'"), result.out)
        XCTAssertTrue(result.out.contains("no version bump excuses this) [storage-key-changed]"), result.out)
    }

    func testTheBumpHoleIsClosedEndToEnd() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        let hole = Self.demo.replacingOccurrences(of: "max: 10", with: "max: 5")
            .replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [1, 2]")
        try write(hole, "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("max changed from 10 to 5 although v was bumped to 2: the new readers still accept v:1 blobs"), result.out)
        // Dropping v:1 from `accepts` makes the bump excuse it.
        try write(hole.replacingOccurrences(of: "accepts: [1, 2]", with: "accepts: [2]"), "schema/demo.yaml", in: repo)
        let fixed = emitAndCheck(repo)
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
    }

    /// Removing a field and reserving its key is judged as a removal (a bump allows it); reusing
    /// the key later is breaking whatever the bump, and so is dropping the reservation.
    func testReservedKeysEndToEnd() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        let removed = Self.demo.replacingOccurrences(of: "      count: {type: integer, min: 0, max: 10, default: 1}\n", with: "")
            .replacingOccurrences(of: "    fields:", with: "    reserved: [count]\n    fields:")
            .replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [2]")
        try write(removed, "schema/demo.yaml", in: repo)
        let allowed = emitAndCheck(repo)
        XCTAssertEqual(allowed.status, 0, allowed.out + allowed.err)
        XCTAssertTrue(allowed.out.contains("schema/demo.yaml:7:16: note: 'count' reserved on Doc"), allowed.out)
        XCTAssertTrue(allowed.out.contains("schema/demo.yaml:6:3: note: field 'count' of Doc removed (allowed: v bumped to 2"), allowed.out)
        XCTAssertEqual(git("add -A && git commit -qm removed", in: repo), 0)

        let reused = removed.replacingOccurrences(of: "    reserved: [count]\n", with: "")
            .replacingOccurrences(of: "writes: 2, accepts: [2]", with: "writes: 3, accepts: [3]")
            + "      total: {type: integer, json: count, optional: true}\n"
        try write(reused, "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("schema/demo.yaml:9:36: error: field 'total' of Doc reads the JSON key 'count', which was reserved on Doc"), result.out)
        XCTAssertTrue(result.out.contains("no version bump excuses this) [reserved-reused]"), result.out)
        XCTAssertTrue(result.out.contains("schema/demo.yaml:6:3: error: 'count' is no longer reserved on Doc"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 2 breaking changes\n"), result.out)
    }

    // MARK: Refs and git

    func testEmptyAndOptionLikeBaseRefsAreUsageErrors() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        let empty = TestSupport.run(["check", "--base", ""], root: repo)
        XCTAssertEqual(empty.status, 2, empty.out + empty.err)
        XCTAssertTrue(empty.err.contains("--base needs a git revision"), empty.err)
        let injected = TestSupport.run(["check", "--base=--output=x"], root: repo)
        XCTAssertEqual(injected.status, 2, injected.out + injected.err)
        XCTAssertTrue(injected.err.contains("error: --base '--output=x' does not name a commit"), injected.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo + "/x"))
        let unknown = TestSupport.run(["check", "--base", "no-such-branch"], root: repo)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("'no-such-branch'"), unknown.err)
        // A base outside any git repository is a usage error too, not a crash.
        let plain = TestSupport.temporaryDirectory()
        try write(Self.demo, "schema/demo.yaml", in: plain)
        XCTAssertEqual(TestSupport.run(["check", "--base", "HEAD"], root: plain).status, 2)
    }

    func testANewContractIsANoteAndGitRunsInTheCLocale() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        try write(Self.other, "schema/other.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertTrue(result.out.contains("note: new contract 'other' (not in HEAD)"), result.out)
        // Git's messages are never parsed, and it runs with LC_ALL=C whatever the caller's locale.
        let locale = try GitRevision.git(root: repo, ["-c", "alias.showlocale=!printenv LC_ALL", "showlocale"])
        XCTAssertEqual(String(decoding: locale.stdout, as: UTF8.self), "C\n")
    }

    // MARK: Verdict first

    func testBreakingChangesLeadAndStaleFilesAreOneLineEachWithoutDiffs() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        // A breaking change without `emit`: generated files go stale too.
        try write(Self.demo.replacingOccurrences(of: "max: 10", with: "max: 5"), "schema/demo.yaml", in: repo)
        let result = TestSupport.run(["check", "--base", "HEAD"], root: repo)
        XCTAssertEqual(result.status, 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("error: field 'count' of Doc: max changed from 10 to 5"), result.out)
        XCTAssertFalse(result.out.contains("+++ b/"), result.out)
        XCTAssertFalse(result.out.contains("\n@@ "), result.out)
        let stale = lines.filter { $0.hasPrefix("stale: ") }.count
        let grouped = lines.filter { $0.contains(" differ from what the schema generates — run") }.count
        XCTAssertGreaterThan(stale + grouped, 0, result.out)
        XCTAssertTrue(lines.last!.hasPrefix("check: 1 breaking change, "), result.out)
        XCTAssertTrue(lines.last!.contains("stale generated file"), result.out)
        // --diff adds the diffs, after the breaking change.
        let withDiffs = TestSupport.run(["check", "--base", "HEAD", "--diff"], root: repo)
        XCTAssertTrue(withDiffs.out.contains("+++ b/"), withDiffs.out)
        XCTAssertEqual(withDiffs.out.split(separator: "\n").first.map(String.init), lines[0])
    }

    func testManyMissingGoldenFilesAreOneLinePerContract() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo, "schema/other.yaml": Self.other])
        let golden = repo + "/golden/demo"
        let removed = try FileManager.default.contentsOfDirectory(atPath: golden).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(removed.count, GateReport.groupThreshold)
        try FileManager.default.removeItem(atPath: golden)
        let result = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(result.status, 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["demo: \(removed.count) golden files missing — run `contract-gen emit --lang all`",
                               "check: \(removed.count) missing generated files"], result.out)
        // A few missing files are listed one by one.
        let few = repo + "/golden/other"
        try FileManager.default.removeItem(atPath: few + "/" + (try FileManager.default.contentsOfDirectory(atPath: few).sorted()[0]))
        XCTAssertEqual(git("checkout -q -- golden/demo", in: repo), 0)
        let one = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(one.out.split(separator: "\n").count, 2, one.out)
        XCTAssertTrue(one.out.hasPrefix("missing: golden/other/"), one.out)
        XCTAssertTrue(one.out.hasSuffix("check: 1 missing generated file\n"), one.out)
    }
}
