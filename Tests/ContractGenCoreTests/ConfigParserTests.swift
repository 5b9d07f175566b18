/// contract-gen.yaml parsing: defaults, every key, and each bad value reported at its line:col.
import XCTest
@testable import ContractGenCore

final class ConfigParserTests: XCTestCase {
    func parse(_ text: String) throws -> ProjectConfig {
        try ConfigParser.parse(text: text, file: "contract-gen.yaml", directory: "/p")
    }

    func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text: text, file: "contract-gen.yaml", directory: "/p")
            return []
        } catch {
            return error.diagnostics.map { $0.description }
        }
    }

    func testEmptyFileIsTheDefaultLayout() throws {
        XCTAssertEqual(try parse("").layout, .default)
        XCTAssertEqual(try parse("").schemas, .directory("schema"))
    }

    func testInitTemplateSpellsOutTheDefaultLayout() throws {
        // `init` then `emit` must write exactly what emit writes without a config file.
        let config = try parse(InitTemplate.text)
        XCTAssertEqual(config.layout, .default)
        XCTAssertEqual(config.schemas, .directory("schema"))
    }

    func testEveryKey() throws {
        let config = try parse("""
        schemas: [contracts/a.yaml, contracts/b.yml]
        swift: {out: ios/Widget/Generated/, access: public}
        kotlin: {out: android/app/src/main/java, runtime-package: com.example.rt}
        typescript: {out: ./web/gen, module: esm}
        goldens: tests/golden
        testees: tests/testees
        contracts:
          one: {swift: ios/Other, typescript: web/other}
        """)
        XCTAssertEqual(config.schemas, .files(["contracts/a.yaml", "contracts/b.yml"]))
        XCTAssertEqual(config.layout.appDirectory, [.swift: "ios/Widget/Generated", .kotlin: "android/app/src/main/java", .typescript: "web/gen"])
        XCTAssertEqual(config.layout.kotlinRuntimePackage, "com.example.rt")
        XCTAssertEqual(config.layout.typeScriptModuleStyle, .esm)
        XCTAssertEqual(config.layout.goldenDirectory, "tests/golden")
        XCTAssertEqual(config.layout.testeeDirectory, [.swift: "tests/testees/swift", .kotlin: "tests/testees/kotlin", .typescript: "tests/testees/typescript"])
        XCTAssertEqual(config.layout.contractDirectory["one"], [.swift: "ios/Other", .typescript: "web/other"])
        XCTAssertEqual(config.overrideLocations["one"]?.line, 8)
    }

    func testUnknownKeysAreLocatedErrorsWithAHint() {
        XCTAssertEqual(diagnostics("schemas: s\ngolden: g\n"),
                       ["contract-gen.yaml:2:1: error: unknown key 'golden' (did you mean 'goldens'?); expected one of schemas, swift, kotlin, typescript, goldens, testees, contracts"])
        XCTAssertEqual(diagnostics("kotlin:\n  package: a.b\n").first?.hasPrefix("contract-gen.yaml:2:3: error: unknown key 'package'"), true)
        XCTAssertEqual(diagnostics("testees: {rust: x}\n").first?.hasPrefix("contract-gen.yaml:1:11: error: unknown key 'rust'"), true)
    }

    func testBadValuesAreLocatedErrors() {
        XCTAssertEqual(diagnostics("typescript:\n  module: amd\n"), ["contract-gen.yaml:2:11: error: typescript: module must be esm or commonjs, not 'amd'"])
        XCTAssertEqual(diagnostics("swift: {access: open}\n"), ["contract-gen.yaml:1:17: error: swift: access must be public or internal, not 'open'"])
        XCTAssertEqual(diagnostics("kotlin: {runtime-package: com.9x}\n").first?.hasPrefix("contract-gen.yaml:1:27: error: kotlin: runtime-package: Kotlin package 'com.9x'"), true)
        XCTAssertEqual(diagnostics("goldens: ../elsewhere\n").first, "contract-gen.yaml:1:10: error: '../elsewhere' is not usable as a directory: '..' would leave the directory of contract-gen.yaml")
        XCTAssertEqual(diagnostics("swift: {out: /abs}\n").count, 1)
        XCTAssertEqual(diagnostics("schemas: []\n"), ["contract-gen.yaml:1:10: error: schemas: the list is empty"])
        XCTAssertEqual(diagnostics("- a\n"), ["contract-gen.yaml:1:1: error: contract-gen.yaml must be a mapping of keys (see docs/config.md), not a list"])
        // Every problem of the file at once, not only the first.
        XCTAssertEqual(diagnostics("goldens: /g\ntestees: /t\n").count, 2)
    }

    func testFoundWalkingUp() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        XCTAssertNil(ConfigLocator.find(from: root + "/a/b"))
        try "goldens: g\n".write(toFile: root + "/contract-gen.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(ConfigLocator.find(from: root + "/a/b"), URL(fileURLWithPath: root + "/contract-gen.yaml").standardizedFileURL.path)
        XCTAssertEqual(try ConfigLocator.load(ConfigLocator.find(from: root + "/a")!).layout.goldenDirectory, "g")
        // A repository root below the file ends the search (a nested checkout keeps its own layout).
        try FileManager.default.createDirectory(atPath: root + "/a/.git", withIntermediateDirectories: true)
        XCTAssertNil(ConfigLocator.find(from: root + "/a/b"))
        XCTAssertNil(ConfigLocator.find(from: root + "/a"))
    }
}
