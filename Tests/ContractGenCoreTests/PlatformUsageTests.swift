/// The generated app files used as each platform's developer uses them (Tests/Usage): a Swift
/// program with SwiftUI-style views in another module than the contracts, a Kotlin program and a
/// Java caller, a TypeScript ES module. Each must compile warning-free under the platform's strict
/// settings and run to its `ok` line; each also checks what must NOT compile or be visible.
import XCTest
@testable import ContractGenCore

final class PlatformUsageTests: XCTestCase {
    static let usage = TestSupport.root + "/Tests/Usage"

    /// Runs a command; its exit status and combined output.
    func run(_ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "cannot run \(arguments[0]): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func assertRuns(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        let result = run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments.joined(separator: " ")):\n\(result.output)", file: file, line: line)
        return result.output
    }

    /// The contracts as their own module (`import Contracts`), as a SwiftPM library or framework:
    /// only the contracts, ContractTimeline and ContractTimelineTime are visible to the app.
    func testSwiftAppAndSwiftUIStyleViews() throws {
        guard TesteeBuilder.which("swiftc") != nil else { throw XCTSkip("swiftc not found") }
        let dir = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let contracts = try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/generated/swift/Contracts")
            .filter { $0.hasSuffix(".swift") }.sorted().map { TestSupport.root + "/generated/swift/Contracts/" + $0 }
        let strict = ["-swift-version", "6", "-warnings-as-errors"]
        _ = assertRuns(["swiftc", "-parse-as-library", "-emit-library", "-emit-module", "-module-name", "Contracts"] + strict
                       + ["-o", dir + "/libContracts.so", "-emit-module-path", dir + "/Contracts.swiftmodule"] + contracts)
        let app = ["-I", dir, "-L", dir, "-lContracts", "-Xlinker", "-rpath", "-Xlinker", dir]
        _ = assertRuns(["swiftc"] + strict + app + [Self.usage + "/swift/main.swift", "-o", dir + "/app"])
        let output = assertRuns([dir + "/app"])
        XCTAssertTrue(output.hasSuffix("swift usage: ok\n"), output)
        XCTAssertTrue(output.contains("Today\n[x] Write the report\n[x] Call Sam\n"), "the list shows the overlaid rows:\n" + output)

        // The runtime's machinery is not the app's API: it is behind @_spi(ContractGenRuntime).
        let hidden = dir + "/hidden.swift"
        try "import Contracts\nlet scanner = ContractJSONScanner.self\n".write(toFile: hidden, atomically: true, encoding: .utf8)
        let refused = run(["swiftc"] + strict + app + ["-typecheck", hidden])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("cannot find 'ContractJSONScanner' in scope"), refused.output)
    }

    /// The Kotlin program and the Java caller, compiled against the app files only (no org.json:
    /// the runtime does not need it), under -Werror and javac -Xlint:all -Werror at Java 8.
    func testKotlinProgramAndJavaCaller() throws {
        guard TesteeBuilder.which("kotlinc") != nil, TesteeBuilder.which("javac") != nil else { throw XCTSkip("kotlinc/javac not found") }
        let stdlib = URL(fileURLWithPath: TesteeBuilder.which("kotlinc")!).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/kotlin-stdlib.jar").path
        guard FileManager.default.fileExists(atPath: stdlib) else { throw XCTSkip("kotlin-stdlib.jar not found beside kotlinc") }
        let dir = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let generated = TestSupport.root + "/generated/kotlin/dev/contractgen/"
        let appFiles = ["runtime/ContractRuntime.kt", "widget/WidgetData.kt", "count/TodoCount.kt"].map { generated + $0 }
        let classes = dir + "/classes"
        let kotlin = run(["kotlinc", "-Werror", "-d", classes] + appFiles + [Self.usage + "/kotlin/WidgetUsage.kt"])
        XCTAssertEqual(kotlin.status, 0, kotlin.output)
        _ = assertRuns(["javac", "--release", "8", "-Xlint:all", "-Werror", "-cp", classes + ":" + stdlib, "-d", classes,
                        Self.usage + "/java/WidgetJava.java"])
        XCTAssertEqual(assertRuns(["java", "-cp", classes + ":" + stdlib, "usage.WidgetUsageKt"]), "kotlin usage: ok\n")
        XCTAssertEqual(assertRuns(["java", "-cp", classes + ":" + stdlib, "usage.WidgetJava"]), "java usage: ok\n")

        // The runtime is internal to the contracts' module: another module cannot reach it.
        let other = dir + "/Other.kt"
        try "import dev.contractgen.runtime.ContractJsonScanner\nfun main() { println(ContractJsonScanner(\"{}\").finish()) }\n"
            .write(toFile: other, atomically: true, encoding: .utf8)
        let refused = run(["kotlinc", "-cp", classes, "-d", dir + "/other", other])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.output.contains("internal"), refused.output)
    }

    /// An ES module app (`typescript.module: esm`) under --strict and the stricter flags the app
    /// files promise, nodenext resolution, isolated modules with preserved value imports (so a
    /// type imported without `type` would fail), run on Node.
    func testTypeScriptESModule() throws {
        guard TesteeBuilder.which("tsc") != nil, TesteeBuilder.which("node") != nil else { throw XCTSkip("tsc/node not found") }
        let dir = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/schema", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema") where name.hasSuffix(".yaml") {
            try FileManager.default.copyItem(atPath: TestSupport.root + "/schema/" + name, toPath: dir + "/schema/" + name)
        }
        try "typescript:\n  out: web\n  module: esm\n".write(toFile: dir + "/contract-gen.yaml", atomically: true, encoding: .utf8)
        let emit = TestSupport.run(["emit", "--lang", "typescript"], root: dir)
        XCTAssertEqual(emit.status, 0, emit.err)
        try FileManager.default.copyItem(atPath: Self.usage + "/typescript/app.ts", toPath: dir + "/web/app.ts")
        try #"{"type": "module"}"#.write(toFile: dir + "/web/package.json", atomically: true, encoding: .utf8)
        _ = assertRuns(["tsc", "--strict", "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--noUnusedLocals",
                        "--noPropertyAccessFromIndexSignature", "--noImplicitOverride", "--isolatedModules", "--preserveValueImports",
                        "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2019", "--lib", "es2019",
                        "--outDir", dir + "/web/out", dir + "/web/app.ts"])
        try FileManager.default.copyItem(atPath: dir + "/web/package.json", toPath: dir + "/web/out/package.json")
        XCTAssertEqual(assertRuns(["node", dir + "/web/out/app.js"]), "typescript usage: ok\n")
    }
}
