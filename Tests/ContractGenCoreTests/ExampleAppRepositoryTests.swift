/// contract-gen in an app repository: ios/, android/ and web/ trees with hand-written code, one
/// schema of its own, `init`, the config pointed at those trees, then emit, check and conform
/// (every language, testees built from the configured places). Nothing lands elsewhere.
import XCTest
@testable import ContractGenCore

final class ExampleAppRepositoryTests: XCTestCase {
    static let schema = """
    contract: shelf-note
    doc: A note on a shelf.
    storage-key: shelf.note
    targets:
      swift: {namespace: ShelfNote}
      kotlin: {package: com.example.shelf, object: ShelfNote}
      typescript: {module: shelf-note}
    version: {field: v, writes: 1, accepts: [1], doc: Version 1.}
    root: Note
    types:
      Note:
        doc: The note.
        fields:
          title: {type: string, optional: true, doc: Its title.}
          pins: {type: integer, default: 0, doc: How many pins hold it.}
          done: {type: bool, required: fail-document, doc: Whether it is done.}
    observation: {style: wrapped}

    """

    /// The app's own files, which contract-gen must neither touch nor compile.
    static let handWritten = [
        "ios/Widget/WidgetView.swift": "struct WidgetView {}\n",
        "android/app/src/main/java/com/example/app/MainActivity.kt": "this is not Kotlin and must never be compiled\n",
        "web/src/index.ts": "export const app: number = \"not a number\";\n",
    ]

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testInitEmitCheckConformInAnAppRepository() throws {
        let app = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: app) }
        for (path, text) in Self.handWritten { try write(text, app + "/" + path) }
        try write(Self.schema, app + "/contracts/shelf-note.yaml")

        XCTAssertEqual(TestSupport.run(["init"], root: app).status, 0)
        XCTAssertEqual(TestSupport.run(["init"], root: app).status, 2, "init must not overwrite")
        try "goldens: elsewhere\n".write(toFile: app + "/contract-gen.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["init", "--force"], root: app).status, 0)
        XCTAssertEqual(try String(contentsOfFile: app + "/contract-gen.yaml", encoding: .utf8), InitTemplate.text)
        var config = try String(contentsOfFile: app + "/contract-gen.yaml", encoding: .utf8)
        let edits = [
            "schemas: schema": "schemas: contracts",
            "out: generated/swift/Contracts": "out: ios/Widget/Generated/",
            "out: generated/kotlin": "out: android/app/src/main/java",
            "runtime-package: dev.contractgen.runtime": "runtime-package: com.example.contractruntime",
            "out: generated/typescript": "out: web/src/widget/generated",
            "module: commonjs": "module: esm",
            "access: public": "access: internal",
            "goldens: golden": "goldens: contract-tests/golden",
            "  swift: generated/swift/Testee\n  kotlin: generated/kotlin\n  typescript: generated/typescript\n": "  swift: contract-tests/testees/swift\n  kotlin: contract-tests/testees/kotlin\n  typescript: contract-tests/testees/typescript\n",
        ]
        for (old, new) in edits {
            XCTAssertEqual(config.components(separatedBy: old).count, 2, "the template has '\(old)' once")
            config = config.replacingOccurrences(of: old, with: new)
        }
        try config.write(toFile: app + "/contract-gen.yaml", atomically: true, encoding: .utf8)
        let before = TestSupport.snapshot(app)

        let emit = TestSupport.run(["emit", "--lang", "all"], root: app)
        XCTAssertEqual(emit.status, 0, emit.err)
        XCTAssertTrue(emit.err.contains("config: "), emit.err)
        // From a subdirectory: the config is found above.
        let check = TestSupport.run(["check"], root: app + "/web/src")
        XCTAssertEqual(check.status, 0, check.out + check.err)
        XCTAssertTrue(check.out.contains("up to date"), check.out)

        let written = Set(TestSupport.snapshot(app).keys).subtracting(before.keys)
        let expected: Set<String> = [
            "ios/Widget/Generated/ContractRuntime.swift", "ios/Widget/Generated/ShelfNote.swift",
            "android/app/src/main/java/com/example/contractruntime/ContractRuntime.kt",
            "android/app/src/main/java/com/example/shelf/ShelfNote.kt",
            "web/src/widget/generated/contract-runtime.ts", "web/src/widget/generated/shelf-note.ts",
            "contract-tests/testees/swift/main.swift", "contract-tests/testees/kotlin/dev/contractgen/testee/Testee.kt",
            "contract-tests/testees/typescript/testee.ts",
            // The testees' constant part (Runtime/*/testee), beside each dispatch.
            "contract-tests/testees/swift/TesteeSupport.swift", "contract-tests/testees/kotlin/dev/contractgen/testee/TesteeSupport.kt",
            "contract-tests/testees/typescript/testee-support.ts",
            // The contract's observation (what conformance compares) is the testees', not the app's.
            "contract-tests/testees/swift/ShelfNoteObservation.swift",
            "contract-tests/testees/kotlin/dev/contractgen/testee/ShelfNoteObservation.kt",
            "contract-tests/testees/typescript/shelf-note-observation.ts",
        ]
        XCTAssertEqual(written.filter { !$0.hasPrefix("contract-tests/golden/") }, expected)
        let goldens = written.filter { $0.hasPrefix("contract-tests/golden/shelf-note/") && $0.hasSuffix(".json") }
        XCTAssertFalse(goldens.isEmpty)
        XCTAssertEqual(written.count, expected.count + goldens.count, "nothing written elsewhere: \(written.sorted())")
        for (path, text) in Self.handWritten {
            XCTAssertEqual(try String(contentsOfFile: app + "/" + path, encoding: .utf8), text)
        }
        // `access: internal`: no declaration of the Swift app files is public (conform below
        // compiles them, with the testee, warning-free as one module).
        for file in ["ios/Widget/Generated/ContractRuntime.swift", "ios/Widget/Generated/ShelfNote.swift"] {
            let text = try String(contentsOfFile: app + "/" + file, encoding: .utf8)
            XCTAssertFalse(text.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("public ") }, file)
            XCTAssertTrue(text.contains("\nenum ") || text.contains("\nstruct "), file)
        }
        let testee = try String(contentsOfFile: app + "/contract-tests/testees/typescript/testee.ts", encoding: .utf8)
        XCTAssertTrue(testee.contains("from \"../../../web/src/widget/generated/shelf-note.js\";"), testee)

        // Every golden case, every implementation, built from the configured places.
        let conform = TestSupport.run(["conform", "--lang", "all"], root: app)
        XCTAssertEqual(conform.status, 0, conform.out + conform.err)
        XCTAssertTrue(conform.out.contains(" passed, 0 failed"), conform.out)
        XCTAssertFalse(conform.out.contains(" 0 passed"), conform.out)
        // A warm run reuses every testee it built, with the layout's paths too (the TypeScript
        // one was rebuilt on every run when its output sat below --rootDir's mirror).
        let warm = TestSupport.run(["conform", "--lang", "all"], root: app)
        XCTAssertEqual(warm.status, 0, warm.out + warm.err)
        XCTAssertFalse((warm.out + warm.err).contains("building the"), warm.out + warm.err)
        // decode builds from the same places (each language's testee, already cached by conform).
        for language in Language.allCases {
            let decode = TestSupport.run(["decode", "--lang", language.rawValue], root: app, stdin: #"{"v":1,"done":true,"pins":2}"#)
            XCTAssertEqual(decode.status, 0, decode.err)
            XCTAssertTrue(decode.out.contains("\"pins\": 2") || decode.out.contains("\"pins\":2"), decode.out)
        }
        // The builds are cached outside the project (a pull request controls the work tree).
        let afterConform = Set(TestSupport.snapshot(app).keys).subtracting(before.keys).subtracting(written)
        XCTAssertEqual(afterConform, [], "\(afterConform.sorted())")
    }

    /// The first commands of the README in an empty directory: `init` writes a starter schema
    /// beside the config, so `emit`, `check` and `conform` pass without any edit. (TypeScript
    /// alone for conform: the other testees are built from the same files by the test above.)
    func testInitEmitCheckConformInAnEmptyDirectory() throws {
        let empty = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let initialized = TestSupport.run(["init"], root: empty)
        XCTAssertEqual(initialized.status, 0, initialized.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: empty + "/" + InitTemplate.starterSchemaPath))
        let emit = TestSupport.run(["emit", "--lang", "all"], root: empty)
        XCTAssertEqual(emit.status, 0, emit.err)
        let check = TestSupport.run(["check"], root: empty)
        XCTAssertEqual(check.status, 0, check.out + check.err)
        let conform = TestSupport.run(["conform", "--lang", "typescript"], root: empty)
        XCTAssertEqual(conform.status, 0, conform.out + conform.err)
        XCTAssertFalse(conform.out.contains(" 0 passed"), conform.out)
        // A second init keeps the schema the user may have edited, even with --force.
        try "# edited\n".write(toFile: empty + "/" + InitTemplate.starterSchemaPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["init", "--force"], root: empty).status, 0)
        XCTAssertEqual(try String(contentsOfFile: empty + "/" + InitTemplate.starterSchemaPath, encoding: .utf8), "# edited\n")
    }

    func testFlagsStayRelativeToWhereTheCommandRuns() throws {
        let app = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: app) }
        try write(Self.schema, app + "/contracts/shelf-note.yaml")
        try write("schemas: contracts\ngoldens: tests/golden\n", app + "/contract-gen.yaml")
        try FileManager.default.createDirectory(atPath: app + "/web", withIntermediateDirectories: true)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: app).status, 0)
        // From web/, `--schema ../contracts/…` is the configured schema: same source path, up to date.
        let check = TestSupport.run(["check", "--schema", "../contracts/shelf-note.yaml"], root: app + "/web")
        XCTAssertEqual(check.status, 0, check.out + check.err)
        // `--out` overrides where the layout is rooted: relative to web/, not to the config's directory.
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "golden", "--out", "copy"], root: app + "/web").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: app + "/web/copy/tests/golden/shelf-note"))
        // A missing --golden directory is named relative to the project root (where the config is).
        let conform = TestSupport.run(["conform", "--lang", "swift", "--golden", "nowhere"], root: app + "/web")
        XCTAssertEqual(conform.status, 2)
        XCTAssertTrue(conform.err.contains("golden directory 'web/nowhere' does not exist"), conform.err)
    }

    func testUnknownOverrideIsRefused() throws {
        let app = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: app) }
        try write(Self.schema, app + "/schema/shelf-note.yaml")
        try write("swift:\n  access: internal\ncontracts:\n  shelf-nose: {swift: ios}\n", app + "/contract-gen.yaml")
        let emit = TestSupport.run(["emit", "--lang", "all"], root: app)
        XCTAssertEqual(emit.status, 2)
        XCTAssertFalse(emit.err.contains("access"), "internal is supported: " + emit.err)
        XCTAssertTrue(emit.err.contains("contract-gen.yaml:4:3: error: contracts: no schema defines contract 'shelf-nose' (did you mean 'shelf-note'?)"), emit.err)
        XCTAssertEqual(Set(TestSupport.snapshot(app).keys), ["contract-gen.yaml", "schema/shelf-note.yaml"])
        // A configured runtime package is where the runtime file goes: a contract object there collides.
        try write(Self.schema.replacingOccurrences(of: "object: ShelfNote", with: "object: ContractRuntime"), app + "/schema/shelf-note.yaml")
        try write("kotlin:\n  runtime-package: com.example.shelf\n", app + "/contract-gen.yaml")
        let collision = TestSupport.run(["emit", "--lang", "kotlin"], root: app)
        XCTAssertEqual(collision.status, 2)
        XCTAssertTrue(collision.err.contains("is also the file of contract-gen's runtime"), collision.err)
        try write("swift:\n  acces: internal\n", app + "/contract-gen.yaml")
        let check = TestSupport.run(["check"], root: app)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.err.contains("contract-gen.yaml:2:3: error: unknown key 'acces' (did you mean 'access'?)"), check.err)
    }
}
