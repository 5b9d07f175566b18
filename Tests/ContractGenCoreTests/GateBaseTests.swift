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

    // MARK: The base read as it was

    /// A pull request that moves the schemas (`schemas: contracts` in a new contract-gen.yaml)
    /// and changes a storage key: the base is read where its own layout put the schemas.
    func testTheBaseIsReadWithItsOwnLayoutWhenThePullRequestMovesTheSchemas() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        XCTAssertEqual(git("mv schema contracts", in: repo), 0)
        try write("schemas: contracts\n", "contract-gen.yaml", in: repo)
        try write(Self.demo.replacingOccurrences(of: "storage-key: demo_blob", with: "storage-key: demo_blob_v2"), "contracts/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: storage-key changed from 'demo_blob' to 'demo_blob_v2'"), result.out)
        XCTAssertTrue(result.out.contains("[storage-key-changed]"), result.out)
        XCTAssertTrue(result.out.contains("note: contract 'demo' was in schema/demo.yaml at HEAD; compared with that"), result.out)
        XCTAssertFalse(result.out.contains("new contract"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 breaking change\n"), result.out)
    }

    /// The base had contract-gen.yaml (a list of schema files); the pull request moves the file,
    /// changes the list and removes a field.
    func testTheBaseConfigsSchemaListIsReadAtTheBase() throws {
        let repo = try repository(["specs/demo.yaml": Self.demo, "contract-gen.yaml": "schemas: [specs/demo.yaml]\n"])
        XCTAssertEqual(git("mv specs/demo.yaml specs/the-demo.yaml", in: repo), 0)
        try write("schemas: [specs/the-demo.yaml]\n", "contract-gen.yaml", in: repo)
        try write(Self.demo.replacingOccurrences(of: "      count: {type: integer, min: 0, max: 10, default: 1}\n", with: ""), "specs/the-demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: field 'count' of Doc removed"), result.out)
        XCTAssertTrue(result.out.contains("[field-removed]"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 breaking change\n"), result.out)
        // Run from a subdirectory: the config is found above it, at the base as in the tree.
        try FileManager.default.createDirectory(atPath: repo + "/sub/dir", withIntermediateDirectories: true)
        let below = TestSupport.run(["check", "--base", "HEAD"], root: repo + "/sub/dir")
        XCTAssertEqual(below.status, 1, below.out + below.err)
        XCTAssertTrue(below.out.contains("[field-removed]"), below.out)
    }

    /// A base contract-gen.yaml that does not parse cannot say where the schemas were: the gate
    /// fails rather than compare nothing.
    func testABaseConfigThatDoesNotParseFailsTheGate() throws {
        let directory = TestSupport.temporaryDirectory()
        try write(Self.demo, "schema/demo.yaml", in: directory)
        try write("schemaz: schema\n", "contract-gen.yaml", in: directory)
        XCTAssertEqual(git("init -q && git add -A && git commit -qm base && git rm -q contract-gen.yaml", in: directory), 0)
        let result = emitAndCheck(directory)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: contract-gen.yaml at HEAD does not load"), result.out)
        XCTAssertTrue(result.out.contains("unknown key 'schemaz'"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 base schema not compared\n"), result.out)
    }

    static let bound = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          items: {type: {array: Item}, default: []}
          colors: {type: {map: string}, default: {}}
          palette: {type: {map: string}, default: {}}
      Item:
        fields:
          id: {type: string, required: drop-element}
          ref: {type: string, required: drop-element}
          done: {type: bool, default: false}
          color: {type: string, derived: {lookup: colors, key: id}}
    behaviours:
      overlay: {type: Item, id: id, flag: done}

    """

    /// Swapping the code names of two fields keeps every field's JSON key, but the overlay's id
    /// and the derivation's key now read the other key: breaking, though no name in the binding
    /// changed.
    func testBehavioursAndDerivationsAreComparedByTheJSONKeysTheyRead() throws {
        let repo = try repository(["schema/demo.yaml": Self.bound])
        let swapped = Self.bound
            .replacingOccurrences(of: "      id: {type: string, required: drop-element}\n      ref: {type: string, required: drop-element}\n",
                                  with: "      ref: {type: string, json: id, required: drop-element}\n      id: {type: string, json: ref, required: drop-element}\n")
        XCTAssertNotEqual(swapped, Self.bound)
        try write(swapped, "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: overlay changed from Item.id/done (JSON keys 'id'/'done') to Item.id/done (JSON keys 'ref'/'done')"), result.out)
        XCTAssertTrue(result.out.contains("[behaviour-changed]"), result.out)
        XCTAssertTrue(result.out.contains("error: field 'color' of Item: derivation changed from colors[id] (JSON keys 'colors'['id']) to colors[id] (JSON keys 'colors'['ref'])"), result.out)
        XCTAssertTrue(result.out.contains("[derivation-changed]"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 2 breaking changes\n"), result.out)

        // The map a derivation looks up, swapped the same way.
        let maps = Self.bound
            .replacingOccurrences(of: "      colors: {type: {map: string}, default: {}}\n      palette: {type: {map: string}, default: {}}\n",
                                  with: "      colors: {type: {map: string}, json: palette, default: {}}\n      palette: {type: {map: string}, json: colors, default: {}}\n")
        XCTAssertNotEqual(maps, Self.bound)
        try write(maps, "schema/demo.yaml", in: repo)
        let lookup = emitAndCheck(repo)
        XCTAssertEqual(lookup.status, 1, lookup.out + lookup.err)
        XCTAssertTrue(lookup.out.contains("derivation changed from colors[id] (JSON keys 'colors'['id']) to colors[id] (JSON keys 'palette'['id'])"), lookup.out)
        XCTAssertTrue(lookup.out.hasSuffix("check: 1 breaking change\n"), lookup.out)

        // New code names over the same keys, binding and derivation following them: no change.
        let renamed = Self.bound.replacingOccurrences(of: "      id: {type: string,", with: "      ident: {type: string, json: id,")
            .replacingOccurrences(of: "id: id, flag", with: "id: ident, flag").replacingOccurrences(of: "key: id}", with: "key: ident}")
        try write(renamed, "schema/demo.yaml", in: repo)
        let fine = emitAndCheck(repo)
        XCTAssertEqual(fine.status, 0, fine.out + fine.err)
    }

    static let tagged = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          parts: {type: {array: Part}, default: []}
      Part:
        union:
          tag: kind
          tag-json: K
          variants: {text: Text, image: Image}
      Text:
        fields:
          body: {type: string, required: drop-element}
      Image:
        fields:
          url: {type: string, required: drop-element}

    """

    /// `K` and U+212A KELVIN SIGN are canonically equivalent, so Swift's `==` calls them equal;
    /// every decoder compares keys code unit by code unit, so old blobs' tags are no longer read.
    func testATagKeyRespelledCanonicallyEquivalentIsBreaking() throws {
        let repo = try repository(["schema/demo.yaml": Self.tagged])
        try write(Self.tagged.replacingOccurrences(of: "tag-json: K", with: "tag-json: \u{212A}"), "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("error: union 'Part': tag key changed from 'K' to '\u{212A}'"), result.out)
        XCTAssertTrue(result.out.contains("[union-tag-changed]"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 1 breaking change\n"), result.out)
    }

    /// Blobs carry no type names: a union renamed, or a variant pointed at a renamed type of the
    /// same shape, reads every blob the same.
    func testUnionAndVariantTypeRenamesAreNotes() throws {
        let repo = try repository(["schema/demo.yaml": Self.tagged])
        let renamed = Self.tagged.replacingOccurrences(of: "Part", with: "Piece").replacingOccurrences(of: "Image", with: "Picture")
        try write(renamed, "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertTrue(result.out.contains("note: union 'Part' is now named 'Piece'"), result.out)
        XCTAssertTrue(result.out.contains("note: type 'Image' is now named 'Picture'"), result.out)
        XCTAssertFalse(result.out.contains("error:"), result.out)
        // What is inside a renamed variant type is still compared.
        try write(renamed.replacingOccurrences(of: "url: {type: string, required: drop-element}", with: "url: {type: integer, required: drop-element}"),
                  "schema/demo.yaml", in: repo)
        let inside = emitAndCheck(repo)
        XCTAssertEqual(inside.status, 1, inside.out + inside.err)
        XCTAssertTrue(inside.out.contains("error: field 'url' of Image changed type from string to integer"), inside.out)
        XCTAssertTrue(inside.out.hasSuffix("check: 1 breaking change\n"), inside.out)
    }

    /// When the rules call something breaking, check points to `compat`, which shows what old and
    /// new readers actually do with blobs.
    func testABreakingChangePointsToCompat() throws {
        let repo = try repository(["schema/demo.yaml": Self.demo])
        try write(Self.demo.replacingOccurrences(of: "max: 10", with: "max: 5"), "schema/demo.yaml", in: repo)
        let result = emitAndCheck(repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.suffix(2), ["see what old and new readers actually do: contract-gen compat --ref HEAD", "check: 1 breaking change"], result.out)
        // Only then.
        try write(Self.demo.replacingOccurrences(of: "max: 10", with: "max: 20"), "schema/demo.yaml", in: repo)
        let fine = emitAndCheck(repo)
        XCTAssertEqual(fine.status, 0, fine.out + fine.err)
        XCTAssertFalse(fine.out.contains("compat"), fine.out)
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
