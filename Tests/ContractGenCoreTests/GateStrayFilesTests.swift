/// `check` and the files emit would not write: a dot-file planted in a testee directory (a
/// module-level `readLine()` that shadows Swift's, a Kotlin `mapOf()`), a hidden source file in an
/// app's own output directory, and hidden files or directories among the goldens. Each must fail
/// the gate; an app's ordinary hand-written files beside generated ones must not.
import XCTest
@testable import ContractGenCore

final class GateStrayFilesTests: XCTestCase {
    func write(_ text: String, _ path: String, in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/" + (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: directory + "/" + path, atomically: true, encoding: .utf8)
    }

    /// The default layout, emitted: contract-gen owns generated/ whole.
    func emittedRepository() throws -> String {
        let directory = TestSupport.temporaryDirectory()
        try write(GateBaseTests.demo, "schema/demo.yaml", in: directory)
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: directory)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        let clean = TestSupport.run(["check"], root: directory)
        XCTAssertEqual(clean.status, 0, clean.out + clean.err)
        return directory
    }

    static let swiftShadow = "func readLine(strippingNewline: Bool = true) -> String? { nil }\n"
    static let kotlinShadow = "package dev.contractgen.testee\n\nfun <K, V> mapOf(): Map<K, V> = emptyMap()\n"

    func testDotFilesInTheDefaultLayoutsGeneratedDirectoryFailTheGate() throws {
        let repo = try emittedRepository()
        let planted = [
            "generated/swift/Testee/.shadow.swift": Self.swiftShadow,
            "generated/kotlin/dev/contractgen/testee/.Shadow.kt": Self.kotlinShadow,
            "generated/typescript/.shadow.ts": "export const x = 1;\n",
            "generated/.notes": "anything\n",
            "generated/swift/Contracts/Extra.swift": "struct Extra {}\n",
        ]
        for (path, text) in planted { try write(text, path, in: repo) }
        let result = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        for path in planted.keys {
            XCTAssertTrue(result.out.contains("stale: \(path) is not generated from any schema (delete it)"), "\(path)\n\(result.out)")
        }
        XCTAssertTrue(result.out.hasSuffix("check: 5 files no longer generated\n"), result.out)
    }

    /// With contract-gen.yaml: the app's `out` directories also hold its own code, so only files
    /// carrying the generated header, and hidden source files, are condemned there; the testee
    /// directories are contract-gen's whole.
    func testAConfiguredLayoutFailsOnHiddenSourcesAndOnAnythingInTheTestees() throws {
        let app = TestSupport.temporaryDirectory()
        try write(ExampleAppRepositoryTests.schema, "contracts/shelf-note.yaml", in: app)
        try write("""
            schemas: contracts
            swift: {out: ios/Generated}
            kotlin: {out: android/src}
            typescript: {out: web/generated}
            goldens: tests/golden
            testees: tests/testees

            """, "contract-gen.yaml", in: app)
        // The app's own files beside the generated ones, hidden ones without a source extension too.
        let ordinary = ["ios/Generated/Helper.swift", "android/src/com/example/app/Main.kt", "web/generated/index.ts",
                        "web/generated/.eslintrc", "ios/Generated/.gitignore"]
        for path in ordinary { try write("// the app's own\n", path, in: app) }
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: app).status, 0)
        let clean = TestSupport.run(["check"], root: app)
        XCTAssertEqual(clean.status, 0, clean.out + clean.err)

        let planted = [
            "web/generated/.shadow.ts": "export const mapOf = 1;\n",
            "web/generated/.types.d.ts": "declare const x: number;\n",
            "ios/Generated/.shadow.swift": Self.swiftShadow,
            "android/src/com/example/shelf/.Shadow.kt": Self.kotlinShadow,
            "android/src/com/example/shelf/.Util.java": "class Util {}\n",
            "web/generated/.bundle.js": "1;\n",
            "tests/testees/swift/.shadow.swift": Self.swiftShadow,
            "tests/testees/kotlin/dev/contractgen/testee/.Shadow.kt": Self.kotlinShadow,
            "tests/testees/typescript/notes.txt": "not emitted\n",
            "tests/testees/typescript/.hidden": "not emitted\n",
        ]
        for (path, text) in planted { try write(text, path, in: app) }
        let result = TestSupport.run(["check"], root: app)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        for path in planted.keys {
            XCTAssertTrue(result.out.contains("stale: \(path) "), "\(path)\n\(result.out)")
        }
        for path in ordinary { XCTAssertFalse(result.out.contains(path), "\(path)\n\(result.out)") }
        XCTAssertTrue(result.out.hasSuffix("check: 10 files no longer generated\n"), result.out)
    }

    /// conform refuses a hidden `*.json` under a golden directory (or one below a hidden
    /// directory), so check may not skip one: it reports the same files. Hidden files that are no
    /// cases (`.DS_Store`) are left alone by both.
    func testHiddenCaseFilesInAGoldenDirectoryFailTheGate() throws {
        let repo = try emittedRepository()
        let hiddenCase = #"{"case":".hidden","contract":"demo","op":"decode","given":{"blob":"{}"},"expect":{"status":"ok"}}"#
        try write(hiddenCase, "golden/demo/.hidden.json", in: repo)
        try write(#"{"case":"inside","contract":"demo","op":"explode","given":{},"expect":null}"#, "golden/demo/.more/inside.json", in: repo)
        try write("x", "golden/.DS_Store", in: repo)
        let result = TestSupport.run(["check"], root: repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        XCTAssertTrue(result.out.contains("golden/demo/.hidden.json:1:1: error: hidden file in a golden directory"), result.out)
        XCTAssertTrue(result.out.contains("golden/demo/.more/inside.json:1:1: error: hidden file in a golden directory"), result.out)
        XCTAssertFalse(result.out.contains(".DS_Store"), result.out)
        // What is hidden is not read as a case (conform refuses it too).
        XCTAssertFalse(result.out.contains("explode"), result.out)
        XCTAssertTrue(result.out.hasSuffix("check: 2 hand-written golden case problems\n"), result.out)
        // conform sees the same two files, and refuses them.
        let conform = TestSupport.run(["conform", "--golden", repo + "/golden", "--testee", "cat"], root: repo)
        XCTAssertTrue(conform.out.contains(".hidden.json: unusable case file: a hidden file"), conform.out)
        XCTAssertTrue(conform.out.contains(".more/inside.json: unusable case file: a hidden file"), conform.out)
    }
}
