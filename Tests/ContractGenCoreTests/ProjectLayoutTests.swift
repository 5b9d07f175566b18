/// Placement and TypeScript import specifiers of a layout, on every bundled contract.
import XCTest
@testable import ContractGenCore

final class ProjectLayoutTests: XCTestCase {
    func testDefaultLayoutPlacesEveryFileWhereTheEmittersPutIt() throws {
        let contracts = try TestSupport.loadBundled()
        let placed = GeneratorPipeline.generate(contracts, options: .init(languages: Language.allCases, golden: true))
        var unplaced: [GeneratedFile] = []
        for language in Language.allCases {
            let emitter = GeneratorPipeline.emitter(for: language)
            unplaced.append(emitter.runtimeFile())
            for contract in contracts.sorted(by: { $0.name < $1.name }) { unplaced.append(emitter.contractFile(contract)) }
            unplaced += emitter.testeeFiles(contracts.sorted { $0.name < $1.name })
        }
        for contract in contracts.sorted(by: { $0.name < $1.name }) { unplaced += GoldenEmitter().files(contract) }
        XCTAssertEqual(placed, unplaced)
    }

    func testConfiguredLayoutMovesFilesAndKeepsRelativePaths() throws {
        let contracts = try TestSupport.loadBundled()
        var layout = ProjectLayout.default
        layout.appDirectory = [.swift: "ios/Gen", .kotlin: "android/java", .typescript: "web/gen"]
        layout.testeeDirectory = ProjectLayout.testeeDirectories(under: "tests")
        layout.goldenDirectory = "tests/golden"
        let moved = contracts[0]
        layout.contractDirectory[moved.name] = [.typescript: "web/other"]
        let paths = Set(GeneratorPipeline.generate(contracts, options: .init(languages: Language.allCases, golden: true, layout: layout)).map(\.path))
        XCTAssertTrue(paths.contains("ios/Gen/ContractRuntime.swift"))
        XCTAssertTrue(paths.contains("ios/Gen/\(moved.targets.swiftNamespace).swift"))
        XCTAssertTrue(paths.contains("tests/swift/main.swift"))
        XCTAssertTrue(paths.contains("android/java/dev/contractgen/runtime/ContractRuntime.kt"))
        XCTAssertTrue(paths.contains("tests/kotlin/dev/contractgen/testee/Testee.kt"))
        XCTAssertTrue(paths.contains("web/other/\(moved.targets.typeScriptModule).ts"))
        XCTAssertTrue(paths.contains("tests/typescript/testee.ts"))
        XCTAssertTrue(paths.allSatisfy { ["ios/Gen/", "android/java/", "web/gen/", "web/other/", "tests/"].contains(where: $0.hasPrefix) }, "\(paths)")
    }

    func testRelativeSpecifiers() {
        XCTAssertEqual(TypeScriptImports.relative(from: "g/testee.ts", to: "g/x.ts"), "./x")
        XCTAssertEqual(TypeScriptImports.relative(from: "t/ts/testee.ts", to: "web/gen/x.ts"), "../../web/gen/x")
        XCTAssertEqual(TypeScriptImports.relative(from: "web/other/a.ts", to: "web/gen/contract-runtime.ts"), "../gen/contract-runtime")
        XCTAssertEqual(TypeScriptImports.relative(from: "testee.ts", to: "web/x.ts"), "./web/x")
        XCTAssertEqual(TypeScriptImports.relative(from: "web/a.ts", to: "x.ts"), "../x")
    }

    func testModuleStyleAndRuntimePackageReachTheImportLines() throws {
        let contracts = try TestSupport.loadBundled()
        var layout = ProjectLayout.default
        layout.typeScriptModuleStyle = .esm
        layout.kotlinRuntimePackage = "com.example.rt"
        let files = GeneratorPipeline.generate(contracts, options: .init(languages: [.kotlin, .typescript], golden: false, layout: layout))
        let runtime = try XCTUnwrap(files.first { $0.path == "generated/kotlin/com/example/rt/ContractRuntime.kt" })
        XCTAssertTrue(runtime.contents.contains("\npackage com.example.rt\n"))
        XCTAssertFalse(runtime.contents.contains(ProjectLayout.defaultKotlinRuntimePackage))
        for file in files where file.path.hasSuffix(".kt") && file != runtime {
            XCTAssertTrue(file.contents.contains("\nimport com.example.rt.*\n") || file.contents.contains("\nimport com.example.rt.ContractJson\n"), file.path)
            XCTAssertFalse(file.contents.contains("import \(ProjectLayout.defaultKotlinRuntimePackage)."), file.path)
        }
        for file in files where file.path.hasSuffix(".ts") {
            // Every relative import ends in .js; none is left without it.
            for line in file.contents.split(separator: "\n") where line.contains(" from \"./") || line.contains("} from \"") {
                XCTAssertTrue(line.hasSuffix(".js\";"), "\(file.path): \(line)")
            }
        }
    }
}
