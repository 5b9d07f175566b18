/// Every schema `emit` accepts builds, at any size (docs/scaling.md):
/// - every field count from 1 to 300 in one type, of one-slot fields and of every field kind: refused
///   at the type (file:line:col, exit 2, nothing written) exactly past the JVM's 255 parameter
///   slots, counted here from the rule; the widest accepted types (and the boundaries where the
///   generated code changes shape) compile warning-free in all three languages, and every Kotlin
///   class is loaded and verified by a JVM (kotlinc 1.3 compiles classes the JVM then refuses to
///   load; it crashed on @JvmOverloads with 34 or more parameters, and on the decoder of a type of
///   about 140 fields);
/// - chains of tagged unions up to the deepest the nesting limit accepts: compiled in all three
///   languages, and the Swift root struct's size does not grow with the depth (inline, every
///   struct held the chain below it, and swiftc -O took minutes at 100 levels);
/// - the scale schemas' golden emission and `check` in a child process under an address-space
///   limit, and refusing a long chain of types under a CPU-time limit: both grew quadratically or
///   worse. Limits on resources, not timings (scripts/scale-bench.sh measures the time).
/// All accepted schemas share one project, built once: each compiler runs once.
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

    /// Field kinds in turn, with the JVM parameter slots the rule gives each (docs/scaling.md: two
    /// for a non-null Long or Double, one for anything else): required and defaulted integers,
    /// numbers and instants among optional values, strings, bools, arrays, enums, explicit nulls
    /// and every constraint (each check and enum read is a lambda or an inline call in Kotlin).
    static let kinds: [(field: String, slots: Int)] = [
        ("{type: string, optional: true, doc: x}", 1),
        ("{type: integer, default: 0, doc: x}", 2),
        ("{type: bool, default: false, doc: x}", 1),
        ("{type: number, default: 0.5, doc: x}", 2),
        ("{type: {array: string}, default: [], doc: x}", 1),
        ("{type: integer, optional: true, doc: x}", 1),
        ("{type: {enum: [a, b]}, default: a, doc: x}", 1),
        ("{type: epochMillis, required: fail-document, doc: x}", 2),
        ("{type: integer, required: fail-document, doc: x}", 2),
        ("{type: number, optional: true, doc: x}", 1),
        ("{type: string, optional: true, explicit-null: true, non-empty: true, min-length: 2, max-length: 9, doc: x}", 1),
        ("{type: integer, optional: true, explicit-null: true, min: 1, max: 9, doc: x}", 1),
        ("{type: {array: {map: string}}, optional: true, non-empty: true, min-items: 1, max-items: 3, doc: x}", 1),
        ("{type: {enum: [a, b, o], unknown: o}, optional: true, explicit-null: true, doc: x}", 1),
        ("{type: dateTime, optional: true, doc: x}", 1),
    ]

    static func wideName(_ count: Int, mixed: Bool) -> String { "wide-\(count)\(mixed ? "-mixed" : "")" }

    /// One type with `count` fields: optional strings only (`mixed: false`), or `kinds` in turn.
    static func wideSchema(_ count: Int, mixed: Bool) -> String {
        var text = header(wideName(count, mixed: mixed), namespace: "Wide\(count)\(mixed ? "Mixed" : "")", root: "W") + "  W:\n    doc: Wide.\n    fields:\n"
        for i in 0..<count {
            text += "      f\(i): " + (mixed ? kinds[i % kinds.count].field : kinds[0].field) + "\n"
        }
        return text + "observation: {style: wrapped}\n"
    }

    /// The slots the rule gives `count` fields, counted here from the field kinds, not by the
    /// validator's code: each field's, one per 32 fields, two more.
    static func expectedSlots(_ count: Int, mixed: Bool) -> Int {
        let fields = (0..<count).reduce(0) { $0 + (mixed ? kinds[$1 % kinds.count].slots : 1) }
        return fields + (count + 31) / 32 + 2
    }

    /// The widest type of each shape the rule accepts: 245 one-slot fields, 194 mixed ones.
    static func widestAccepted(mixed: Bool) -> Int { (1...300).last { expectedSlots($0, mixed: mixed) <= 255 }! }

    /// `depth` object types in a chain, each holding the next directly (`unions: false`) or through
    /// a one-variant tagged union. Documents nest `depth + 1` levels (each type one, the last one's
    /// array one more).
    static func chain(_ depth: Int, unions: Bool) -> String {
        let name = chainName(depth, unions: unions)
        var text = header(name, namespace: Naming.upperCamel(name), root: "T0")
        for i in 0..<depth {
            text += "  T\(i):\n    doc: Level.\n    fields:\n      c: {type: integer, default: 0, doc: x}\n"
            if i + 1 < depth {
                text += "      next: {type: \(unions ? "U" : "T")\(unions ? i : i + 1), optional: true, doc: x}\n"
                if unions { text += "  U\(i):\n    doc: Choice.\n    union: {tag: kind, variants: {n: T\(i + 1)}}\n" }
            } else {
                text += "      leaf: {type: {array: string}, default: [], doc: x}\n"
            }
        }
        return text + "observation: {style: wrapped}\n"
    }

    /// An object field named `memberwise`: Swift stores it as `_memberwise`, the name of the
    /// memberwise marker, which then becomes `_memberwiseMarker` (else: invalid redeclaration).
    static let memberwiseField = header("memberwise-field", namespace: "MemberwiseField", root: "R") + """
      R:
        doc: Root.
        fields:
          memberwise: {type: I, optional: true, doc: x}
      I:
        doc: Inner.
        fields:
          c: {type: integer, default: 0, doc: x}
    observation: {style: wrapped}

    """

    static func chainName(_ depth: Int, unions: Bool) -> String { "\(unions ? "unions" : "objects")-\(depth)" }

    /// The deepest chain the 512-level nesting limit accepts.
    static let deepestChain = SchemaLimits.maxDepth - 1

    /// `SCALE_BUILD_LIMITS=1`: also build the largest schemas the limits accept (245 fields of one
    /// slot, chains of 100 and 511 levels); several minutes of kotlinc and swiftc, so not by default.
    static let atTheLimits = ProcessInfo.processInfo.environment["SCALE_BUILD_LIMITS"] == "1"

    /// Compiled: one-slot types at the @JvmOverloads boundary (33 get it, 34 do not) and the widest
    /// type of every field kind (194 fields, exactly the 255 slots: the decoder of 140 fields
    /// crashed kotlinc before); at the limits also the widest of all (245 one-slot fields).
    static var compiledWide: [(count: Int, mixed: Bool)] {
        [(33, false), (34, false), (widestAccepted(mixed: true), true)] + (atTheLimits ? [(widestAccepted(mixed: false), false)] : [])
    }
    /// Chains of object types and of unions; the root's size is compared across these depths.
    static var chainDepths: [Int] { [2, 3, 20] + (atTheLimits ? [100, deepestChain] : []) }

    // MARK: Accepted exactly when the slots fit

    /// Each count from 1 to 300, of both shapes, loaded in process: accepted exactly when the slots
    /// counted here fit, and refused with that count at the type otherwise.
    func testEveryFieldCountFrom1To300IsAcceptedExactlyWhenItsSlotsFit() throws {
        for mixed in [false, true] {
            for count in 1...300 {
                let name = Self.wideName(count, mixed: mixed)
                let slots = Self.expectedSlots(count, mixed: mixed)
                do {
                    _ = try SchemaLoader.load(text: Self.wideSchema(count, mixed: mixed), path: "schema/\(name).yaml")
                    XCTAssertLessThanOrEqual(slots, 255, "\(name) accepted with \(slots) slots")
                } catch {
                    XCTAssertGreaterThan(slots, 255, "\(name) refused with \(slots) slots: \(error)")
                    XCTAssertTrue("\(error)".contains("type 'W' has \(count) fields, too many for one Kotlin constructor: they need \(slots) JVM parameter slots"), "\(error)")
                }
            }
        }
        // The boundaries the rule puts: 245 one-slot fields fit (245 + 8 + 2 = 255), 246 do not.
        XCTAssertEqual(Self.widestAccepted(mixed: false), 245)
        XCTAssertEqual(Self.widestAccepted(mixed: true), 194)
    }

    /// The line `  W:` is on in a wide schema: the header's lines, then the type.
    static let typeLine = header("h", namespace: "H", root: "W").split(separator: "\n", omittingEmptySubsequences: false).count

    /// Refused through `emit`: the type's file:line:col, exit 2, nothing written.
    func testATypeTooWideForTheJVMIsRefusedAtTheTypeAndNothingIsWritten() throws {
        for (count, mixed) in [(246, false), (300, false), (Self.widestAccepted(mixed: true) + 1, true)] {
            let name = Self.wideName(count, mixed: mixed)
            let root = TestSupport.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
            try Self.wideSchema(count, mixed: mixed).write(toFile: root + "/schema/\(name).yaml", atomically: true, encoding: .utf8)
            let result = TestSupport.run(["emit", "--lang", "all", "--out", "out"], root: root)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertNotNil(result.err.range(of: #"schema/\#(name)\.yaml:\#(Self.typeLine):3: error: type 'W' has \#(count) fields, too many for one Kotlin constructor: they need \#(Self.expectedSlots(count, mixed: mixed)) JVM parameter slots"#,
                                              options: .regularExpression), result.err)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "\(name): a refused schema wrote files")
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    // MARK: Accepted schemas build

    /// The project every build test shares: the compiled wide types and chains, emitted for the
    /// three languages, compiled as the testees are, the Kotlin classes loaded by a JVM and the
    /// chains' root sizes measured. Built once, by the first test that asks.
    struct Build {
        var root = ""
        var skipped: String?
        var emitFailures: [String] = []
        var compileFailures: [String] = []
        var load = (status: Int32(0), output: "")
        var layout = (status: Int32(0), output: "")
    }

    nonisolated(unsafe) static var shared: Build?

    static func build() -> Build {
        if let shared { return shared }
        var build = Build()
        defer { shared = build }
        for tool in ["swiftc", "kotlinc", "java", "tsc"] where !SchemaTextPropertyTests.Tool.exists(tool) {
            build.skipped = "\(tool) not installed"
            return build
        }
        let root = TestSupport.temporaryDirectory()
        build.root = root
        try? FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        for (count, mixed) in compiledWide {
            try? wideSchema(count, mixed: mixed).write(toFile: root + "/schema/\(wideName(count, mixed: mixed)).yaml", atomically: true, encoding: .utf8)
        }
        for depth in chainDepths {
            for unions in [false, true] {
                try? chain(depth, unions: unions).write(toFile: root + "/schema/\(chainName(depth, unions: unions)).yaml", atomically: true, encoding: .utf8)
            }
        }
        try? memberwiseField.write(toFile: root + "/schema/memberwise-field.yaml", atomically: true, encoding: .utf8)
        for lang in ["swift", "kotlin", "typescript"] {
            let result = TestSupport.run(["emit", "--lang", lang], root: root)
            if result.status != 0 { build.emitFailures.append(lang + ": " + result.err) }
        }
        guard build.emitFailures.isEmpty else { return build }
        build.compileFailures = SchemaTextPropertyTests.compile(root)
        build.load = loadKotlinClasses(root)
        build.layout = chainRootSizes(root)
        return build
    }

    /// Every class kotlinc wrote, loaded and initialised (so verified) by a JVM: a Java program
    /// run from source (no second kotlinc start), printing `FAILED` lines and the count loaded.
    static func loadKotlinClasses(_ root: String) -> (status: Int32, output: String) {
        let loader = root + "/load"
        try? FileManager.default.createDirectory(atPath: loader, withIntermediateDirectories: true)
        try? """
        import java.io.File;
        import java.nio.file.*;
        import java.util.stream.*;

        public class LoadClasses {
            public static void main(String[] args) throws Exception {
                Path root = Paths.get(args[0]);
                java.util.List<Path> files;
                try (Stream<Path> walk = Files.walk(root)) {
                    files = walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
                }
                int loaded = 0;
                for (Path file : files) {
                    String name = root.relativize(file).toString().replaceAll("\\\\.class$", "").replace(File.separatorChar, '.');
                    try {
                        Class.forName(name, true, LoadClasses.class.getClassLoader());
                        loaded++;
                    } catch (Throwable e) {
                        System.out.println("FAILED " + name + ": " + e);
                    }
                }
                System.out.println("loaded " + loaded + " of " + files.size());
            }
        }

        """.write(toFile: loader + "/LoadClasses.java", atomically: true, encoding: .utf8)
        let kotlinc = URL(fileURLWithPath: TesteeBuilder.which("kotlinc") ?? "/usr/bin/kotlinc").resolvingSymlinksInPath()
        let stdlib = kotlinc.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/kotlin-stdlib.jar").path
        let jar = (try? TesteeBuilder.androidJSONJar().get()) ?? ""
        return SchemaTextPropertyTests.Tool.run(["java", "-cp", [root + "/kotlin-classes", stdlib, jar].joined(separator: ":"),
                                                 loader + "/LoadClasses.java", root + "/kotlin-classes"], in: loader)
    }

    /// A program built with the runtime and the chains' contracts (no testee) printing each
    /// chain's root struct size: `<name> <bytes>` per line.
    static func chainRootSizes(_ root: String) -> (status: Int32, output: String) {
        let program = root + "/layout"
        try? FileManager.default.createDirectory(atPath: program, withIntermediateDirectories: true)
        let names = chainDepths.flatMap { depth in [false, true].map { chainName(depth, unions: $0) } }
        try? (names.map { "print(\"\($0) \\(MemoryLayout<\(Naming.upperCamel($0)).T0>.size)\")" }.joined(separator: "\n") + "\n")
            .write(toFile: program + "/main.swift", atomically: true, encoding: .utf8)
        let contracts = root + "/generated/swift/Contracts/"
        let build = SchemaTextPropertyTests.Tool.run(["swiftc", "-Onone", "-swift-version", "6", "-module-name", "Layout", "-o", program + "/layout",
                                                      program + "/main.swift", contracts + "ContractRuntime.swift"]
                                                     + names.map { contracts + Naming.upperCamel($0) + ".swift" }, in: program)
        if build.status != 0 { return build }
        return SchemaTextPropertyTests.Tool.run([program + "/layout"], in: program)
    }

    func sharedBuild() throws -> Build {
        let build = Self.build()
        if let reason = build.skipped { throw XCTSkip(reason) }
        XCTAssertEqual(build.emitFailures, [])
        XCTAssertEqual(build.compileFailures, [], "generated code in \(build.root) does not compile")
        return build
    }

    func testTheWidestAcceptedTypesCompileInAllLanguagesAndLoadInAJVM() throws {
        let build = try sharedBuild()
        XCTAssertEqual(build.load.status, 0, build.load.output)
        XCTAssertFalse(build.load.output.contains("FAILED"), build.load.output)
        // Every class kotlinc wrote was loaded: the count printed is the number of class files.
        let counts = build.load.output.split(separator: "\n").last { $0.hasPrefix("loaded ") }?.split(separator: " ").compactMap { Int($0) } ?? []
        XCTAssertEqual(counts.count, 2, build.load.output)
        if counts.count == 2 { XCTAssertEqual(counts[0], counts[1]); XCTAssertGreaterThan(counts[0], 100) }
        for (count, mixed) in Self.compiledWide {
            let namespace = "Wide\(count)\(mixed ? "Mixed" : "")"
            let kotlin = try String(contentsOfFile: build.root + "/generated/kotlin/dev/scale/\(namespace.lowercased())/\(namespace).kt", encoding: .utf8)
            // Java callers keep the overloads up to 33 fields (every type here has a field with a default).
            XCTAssertEqual(kotlin.contains("data class W @JvmOverloads constructor("), count <= 33, namespace)
            // The decoder's keys are one `when`, each field read in a function of its own.
            XCTAssertFalse(kotlin.contains("} else if (key.matches("), namespace)
            XCTAssertEqual(kotlin.components(separatedBy: "private fun readW_").count - 1, count, namespace)
        }
    }

    /// Chains of object types and of unions, up to the deepest the nesting limit accepts with
    /// SCALE_BUILD_LIMITS=1: built in all three languages (`sharedBuild`), and the Swift root
    /// struct's size is the same at every depth (inline, each struct held the whole chain below it).
    func testChainsBuildAndTheSwiftRootDoesNotGrowWithTheDepth() throws {
        let build = try sharedBuild()
        XCTAssertEqual(build.layout.status, 0, build.layout.output)
        var sizes: [String: Int] = [:]
        for line in build.layout.output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let size = Int(parts[1]) { sizes[String(parts[0])] = size }
        }
        for unions in [false, true] {
            let bytes = Self.chainDepths.map { sizes[Self.chainName($0, unions: unions)] }
            XCTAssertFalse(bytes.contains(nil), build.layout.output)
            XCTAssertEqual(Set(bytes).count, 1, "\(unions ? "union" : "object") chains: the root's size grows with the depth (\(zip(Self.chainDepths, bytes).map { "\($0): \($1 ?? -1) bytes" }))")
        }
        // One level deeper is past the nesting limit.
        for unions in [false, true] {
            XCTAssertThrowsError(try SchemaLoader.load(text: Self.chain(Self.deepestChain + 1, unions: unions), path: "schema/c.yaml")) { error in
                XCTAssertTrue("\(error)".contains("nest \(SchemaLimits.maxDepth + 1) levels"), "\(error)")
            }
        }
    }

    // MARK: Scale schemas under resource limits

    /// `binary args…` in `root` in a child process under `ulimit` limits (kilobytes of address
    /// space, seconds of CPU): its exit status and output.
    func runLimited(_ arguments: [String], root: String, addressSpaceKB: Int, cpuSeconds: Int) throws -> (status: Int32, output: String) {
        guard let binary = StagedEmitTests.binary else { throw XCTSkip("contract-gen is not built") }
        return SchemaTextPropertyTests.Tool.run(["sh", "-c", "ulimit -v \(addressSpaceKB) && ulimit -t \(cpuSeconds) && exec \"$0\" \"$@\"", binary] + arguments, in: root)
    }

    /// 3,000 fields in 15 types of 200 under the root (the wide schema of scripts/scale-schemas.py,
    /// 60 required): golden emission and `check` stay within 1.5 GB of address space (before the
    /// fix, 4,000 fields took 0.9 GB of resident memory and 10,000 took 6 GB).
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
                text += "      f\(i): " + (i % 50 == 7 ? "{type: bool, required: fail-document, doc: x}" : Self.kinds[i % 7 == 1 ? 2 : 0].field) + "\n"
            }
        }
        try (text + "observation: {style: wrapped}\n").write(toFile: root + "/schema/scale-wide.yaml", atomically: true, encoding: .utf8)
        let emit = try runLimited(["emit", "--lang", "all"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 600)
        XCTAssertEqual(emit.status, 0, emit.output)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/golden/scale-wide")
        // Per field an `alone` and a `nested-513-levels` case, at least.
        XCTAssertGreaterThan(files.count, 2 * groups * perGroup * 9 / 10)
        let check = try runLimited(["check"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 600)
        XCTAssertEqual(check.status, 0, check.output)
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A chain of 3,000 types nests past the 512-level limit and is refused where the limit is
    /// crossed. The cycle check walked the chain from every type, looking each name up in a list:
    /// cubic, 76 s of CPU for 3,000 types in a release build. The linear walk takes about a second
    /// in a debug build; 30 s of CPU is a bound on the resource, far from that cost either way.
    func testALongChainOfTypesIsRefusedWithinACPUBound() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try EmitScaleTests.chainSchema(3_000).write(toFile: root + "/schema/chain.yaml", atomically: true, encoding: .utf8)
        let result = try runLimited(["emit", "--lang", "all", "--out", "out"], root: root, addressSpaceKB: 1_500_000, cpuSeconds: 30)
        XCTAssertEqual(result.status, 2, result.output)
        XCTAssertNotNil(result.output.range(of: #"chain\.yaml:\d+:\d+: error: documents of this schema nest 3001 levels"#, options: .regularExpression), result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
        try? FileManager.default.removeItem(atPath: root)
    }
}
