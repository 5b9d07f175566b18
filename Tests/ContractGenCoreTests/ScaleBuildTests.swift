/// Every schema `emit` accepts builds, at any size (docs/scaling.md):
/// - field counts from 1 to 300 in one type: refused at the type (file:line:col, exit 2, nothing
///   written) past the JVM's 255 parameter slots, otherwise compiled warning-free in all three
///   languages, and every Kotlin class loaded by a JVM (kotlinc 1.3 compiles classes the JVM then
///   refuses to load, and crashed on @JvmOverloads with 34 or more parameters);
/// - chains of tagged unions: compiled in all three languages, and the Swift root struct's size
///   does not grow with the depth (inline, every struct held the chain below it, and the Swift
///   optimizer's work grew with it: a chain of 100 took minutes to build with -O);
/// - the scale schemas' golden emission and `check` in a child process under an address-space
///   limit, and refusing a long chain of types under a CPU-time limit far above its cost: both
///   grew quadratically or worse (scripts/scale-bench.sh measures the time).
/// All accepted schemas share one project, so each compiler runs once.
import Foundation
import XCTest
@testable import ContractGenCore

final class ScaleBuildTests: XCTestCase {
    static func header(_ name: String, namespace: String, root: String) -> String {
        """
        contract: \(name)
        doc: Scale build test.
        storage-key: s
        targets:
          swift: {namespace: \(namespace)}
          kotlin: {package: dev.scale.\(namespace.lowercased()), object: \(namespace)}
          typescript: {module: \(name)}
        version: {field: v, writes: 1, accepts: [1], doc: Version 1.}
        root: \(root)
        types:

        """
    }

    /// Field kinds in turn: two-slot ones (required and defaulted integers, a defaulted number, a
    /// required epochMillis) among one-slot ones (optional, strings, bools, arrays, enums).
    static let kinds = ["{type: string, optional: true, doc: x}", "{type: integer, default: 0, doc: x}",
                        "{type: bool, default: false, doc: x}", "{type: number, default: 0.5, doc: x}",
                        "{type: {array: string}, default: [], doc: x}", "{type: integer, optional: true, doc: x}",
                        "{type: {enum: [a, b]}, default: a, doc: x}", "{type: epochMillis, required: fail-document, doc: x}",
                        "{type: integer, required: fail-document, doc: x}", "{type: number, optional: true, doc: x}"]

    /// One type with `count` fields: of one-slot kinds only (`mixed: false`), or of every kind.
    static func wideSchema(_ count: Int, mixed: Bool) -> String {
        let name = "wide-\(count)\(mixed ? "-mixed" : "")"
        var text = header(name, namespace: "Wide\(count)\(mixed ? "Mixed" : "")", root: "W") + "  W:\n    doc: Wide.\n    fields:\n"
        for i in 0..<count {
            text += "      f\(i): " + (mixed ? kinds[i % kinds.count] : "{type: string, optional: true, doc: x}") + "\n"
        }
        return text + "observation: {style: wrapped}\n"
    }

    /// `depth` object types, each reaching the next through a one-variant tagged union.
    static func unionChain(_ depth: Int) -> String {
        var text = header("unions-\(depth)", namespace: "Unions\(depth)", root: "T0")
        for i in 0..<depth {
            text += "  T\(i):\n    doc: Level.\n    fields:\n      c: {type: integer, default: 0, doc: x}\n"
            if i + 1 < depth {
                text += "      next: {type: U\(i), optional: true, doc: x}\n"
                text += "  U\(i):\n    doc: Choice.\n    union: {tag: kind, variants: {n: T\(i + 1)}}\n"
            } else {
                text += "      leaf: {type: {array: string}, default: [], doc: x}\n"
            }
        }
        return text + "observation: {style: wrapped}\n"
    }

    /// The slots the rule gives, counted here from the field kinds (two for a non-null Long or
    /// Double), not by the validator's code.
    static func expectedSlots(_ count: Int, mixed: Bool) -> Int {
        let twoSlots: Set<Int> = [1, 3, 7, 8]   // indexes into `kinds`
        let fields = mixed ? (0..<count).reduce(0) { $0 + (twoSlots.contains($1 % kinds.count) ? 2 : 1) } : count
        return fields + (count + 31) / 32 + 2
    }

    static let fieldCounts = [1, 2, 32, 33, 34, 35, 64, 100, 245, 246, 300]
    static let mixedCounts = [34, 130, 200, 300]
    static let unionDepths = [2, 3, 100]

    func testEveryFieldCountFrom1To300IsRefusedAtTheJVMLimitOrBuildsInAllLanguages() throws {
        for tool in ["swiftc", "kotlinc", "kotlin", "java", "tsc"] where !SchemaTextPropertyTests.Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = TestSupport.temporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        var accepted: [String] = []
        let schemas = Self.fieldCounts.map { (Self.wideSchema($0, mixed: false), $0, false) } + Self.mixedCounts.map { (Self.wideSchema($0, mixed: true), $0, true) }
        for (text, count, mixed) in schemas {
            let name = "wide-\(count)\(mixed ? "-mixed" : "").yaml"
            let fits = Self.expectedSlots(count, mixed: mixed) <= 255
            let alone = TestSupport.temporaryDirectory()
            try fileManager.createDirectory(atPath: alone + "/schema", withIntermediateDirectories: true)
            try text.write(toFile: alone + "/schema/" + name, atomically: true, encoding: .utf8)
            let result = TestSupport.run(["emit", "--lang", "all", "--out", "out"], root: alone)
            if fits {
                XCTAssertEqual(result.status, 0, "\(name): \(result.err)")
                try text.write(toFile: root + "/schema/" + name, atomically: true, encoding: .utf8)
                accepted.append(name)
            } else {
                XCTAssertEqual(result.status, 2, name)
                XCTAssertNotNil(result.err.range(of: #"schema/\#(name):\d+:\d+: error: type 'W' has \#(count) fields, too many for one Kotlin constructor: they need \#(Self.expectedSlots(count, mixed: mixed)) JVM parameter slots"#,
                                                  options: .regularExpression), result.err)
                XCTAssertFalse(fileManager.fileExists(atPath: alone + "/out"), "\(name): a refused schema wrote files")
            }
            try? fileManager.removeItem(atPath: alone)
        }
        // The boundary sits where the rule puts it: 245 one-slot fields fit (245 + 8 + 2 = 255).
        XCTAssertTrue(accepted.contains("wide-245.yaml"))
        XCTAssertFalse(accepted.contains("wide-246.yaml"))
        try compileAndLoad(root)
        let kotlin = try String(contentsOfFile: root + "/generated/kotlin/dev/scale/wide33/Wide33.kt", encoding: .utf8)
        XCTAssertTrue(kotlin.contains("data class W @JvmOverloads constructor("), "Java callers keep the overloads up to 33 fields")
        try? fileManager.removeItem(atPath: root)
    }

    func testUnionChainsBuildAndTheSwiftRootDoesNotGrowWithTheDepth() throws {
        for tool in ["swiftc", "kotlinc", "kotlin", "java", "tsc"] where !SchemaTextPropertyTests.Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        for depth in Self.unionDepths {
            try Self.unionChain(depth).write(toFile: root + "/schema/unions-\(depth).yaml", atomically: true, encoding: .utf8)
        }
        try compileAndLoad(root)
        // The root struct's size at each depth, from a program built with the generated contracts.
        let program = root + "/layout"
        try FileManager.default.createDirectory(atPath: program, withIntermediateDirectories: true)
        try (Self.unionDepths.map { "print(MemoryLayout<Unions\($0).T0>.size)" }.joined(separator: "\n") + "\n")
            .write(toFile: program + "/main.swift", atomically: true, encoding: .utf8)
        let contracts = SchemaTextPropertyTests.Tool.sources(root + "/generated/swift/Contracts", ext: "swift")
        let build = SchemaTextPropertyTests.Tool.run(["swiftc", "-Onone", "-swift-version", "6", "-module-name", "Layout", "-o", program + "/layout",
                                                      program + "/main.swift"] + contracts, in: program)
        XCTAssertEqual(build.status, 0, build.output)
        let run = SchemaTextPropertyTests.Tool.run([program + "/layout"], in: program)
        let sizes = run.output.split(separator: "\n").compactMap { Int($0) }
        XCTAssertEqual(sizes.count, Self.unionDepths.count, run.output)
        XCTAssertEqual(Set(sizes).count, 1, "the root's size grows with the depth (\(zip(Self.unionDepths, sizes).map { "\($0): \($1) bytes" }))")
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `emit --lang all` and `--lang golden` in `root`, every language compiled warning-free as
    /// the testees are, then every Kotlin class loaded (and so checked) by the JVM.
    func compileAndLoad(_ root: String) throws {
        for lang in ["all", "golden"] {
            let result = TestSupport.run(["emit", "--lang", lang], root: root)
            XCTAssertEqual(result.status, 0, result.err)
        }
        XCTAssertEqual(SchemaTextPropertyTests.compile(root), [], "generated code in \(root) does not compile")
        let loader = root + "/load"
        try FileManager.default.createDirectory(atPath: loader, withIntermediateDirectories: true)
        try """
        fun main(args: Array<String>) {
            val root = java.io.File(args[0])
            var loaded = 0
            for (file in root.walkTopDown().filter { it.isFile && it.name.endsWith(".class") }) {
                val name = file.relativeTo(root).path.removeSuffix(".class").replace('/', '.')
                try {
                    Class.forName(name, false, Thread.currentThread().contextClassLoader)
                    loaded++
                } catch (e: Throwable) {
                    println("FAILED " + name + ": " + e)
                }
            }
            println("loaded " + loaded)
        }

        """.write(toFile: loader + "/LoadClasses.kt", atomically: true, encoding: .utf8)
        let jar = (try? TesteeBuilder.androidJSONJar().get()) ?? ""
        let compiled = SchemaTextPropertyTests.Tool.run(["kotlinc", "-Werror", "-d", loader + "/classes", loader + "/LoadClasses.kt"], in: loader)
        XCTAssertEqual(compiled.status, 0, compiled.output)
        let load = SchemaTextPropertyTests.Tool.run(["kotlin", "-cp", [loader + "/classes", root + "/kotlin-classes", jar].joined(separator: ":"),
                                                     "LoadClassesKt", root + "/kotlin-classes"], in: loader)
        XCTAssertFalse(load.output.contains("FAILED"), load.output)
        XCTAssertTrue(load.output.contains("loaded "), load.output)
    }

    // MARK: Scale schemas under resource limits

    /// `binary args…` in `root` in a child process under `ulimit` limits (kilobytes of address
    /// space, seconds of CPU): its exit status and output.
    func runLimited(_ arguments: [String], root: String, addressSpaceKB: Int, cpuSeconds: Int) throws -> (status: Int32, output: String) {
        guard let binary = StagedEmitTests.binary else { throw XCTSkip("contract-gen is not built") }
        return SchemaTextPropertyTests.Tool.run(["sh", "-c", "ulimit -v \(addressSpaceKB) -t \(cpuSeconds) && exec \"$0\" \"$@\"", binary] + arguments, in: root)
    }

    /// 3,000 fields in one type (60 required; the wide schema of scripts/scale-schemas.py, split
    /// into types within the JVM limit): golden emission and `check` stay within 1.5 GB of address
    /// space (before the fix, 4,000 fields took 0.9 GB of resident memory and 10,000 took 6 GB).
    func testWideSchemaGoldensAndCheckStayWithinAMemoryBound() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        var text = Self.header("scale-wide", namespace: "ScaleWide", root: "Wide")
        let groups = 15, perGroup = 200
        text += "  Wide:\n    doc: Groups.\n    fields:\n"
        for g in 0..<groups { text += "      g\(g): {type: G\(g), optional: true, doc: x}\n" }
        for g in 0..<groups {
            text += "  G\(g):\n    doc: Group.\n    fields:\n"
            for i in 0..<perGroup {
                text += "      f\(i): " + (i % 50 == 7 ? "{type: bool, required: fail-document, doc: x}" : Self.kinds[i % 7 == 1 ? 2 : 0]) + "\n"
            }
        }
        try (text + "observation: {style: wrapped}\n").write(toFile: root + "/schema/scale-wide.yaml", atomically: true, encoding: .utf8)
        let emit = try runLimited(["emit", "--lang", "all"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 600)
        XCTAssertEqual(emit.status, 0, emit.output)
        let golden = try runLimited(["emit", "--lang", "golden"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 600)
        XCTAssertEqual(golden.status, 0, golden.output)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/golden/scale-wide")
        // Per field an `alone` and a `nested-513-levels` case, at least.
        XCTAssertGreaterThan(files.count, 2 * groups * perGroup * 9 / 10)
        let check = try runLimited(["check"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 600)
        XCTAssertEqual(check.status, 0, check.output)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A chain of 3,000 types nests past the 512-level limit and is refused where the limit is
    /// crossed. The cycle check walked the chain from every type, looking each name up in a list:
    /// cubic, 76 s for 3,000 types (release build). 120 s of CPU is a hang guard hundreds of times
    /// the refusal's cost, not a timing.
    func testALongChainOfTypesIsRefusedWithinACPUBound() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try EmitScaleTests.chainSchema(3_000).write(toFile: root + "/schema/chain.yaml", atomically: true, encoding: .utf8)
        let result = try runLimited(["emit", "--lang", "all", "--out", "out"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 120)
        XCTAssertEqual(result.status, 2, result.output)
        XCTAssertNotNil(result.output.range(of: #"chain\.yaml:\d+:\d+: error: documents of this schema nest 3001 levels"#, options: .regularExpression), result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
        try? FileManager.default.removeItem(atPath: root)
    }
}
