/// Property tests over random schemas with hostile text in every slot (docs, storage keys, the
/// schema file name, names drawn from keywords and platform types, colliding enum values):
/// 1. docs and file names never change code: the generated files of a schema with hostile docs
///    equal, once comments are stripped, those of the same schema without docs;
/// 2. no generated file holds a line terminator but LF, or a control or bidi character;
/// 3. every schema is either refused (file:line:col, exit 2, nothing written) or compiles in all
///    three languages (swiftc -warnings-as-errors, kotlinc -Werror, tsc --strict).
/// Sizes: FUZZ_COUNT (default 150) for 1 and 2, FUZZ_COMPILE_COUNT (default 8) for 3, FUZZ_SEED.
/// scripts/fuzz-schema-text.sh runs the long version (and conformance on the compiled schemas).
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaTextPropertyTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment
    static let count = Int(environment["FUZZ_COUNT"] ?? "") ?? 150
    static let compileCount = Int(environment["FUZZ_COMPILE_COUNT"] ?? "") ?? 8
    static let seed = UInt64(environment["FUZZ_SEED"] ?? "") ?? 20261201

    /// Hostile schema file names: each line terminator, a comment closer and a bidi override.
    static let hostileFileNames = ["schema/a\nb.yaml", "schema/a\r} func injected() {.yaml", "schema/a\r\nb.yaml",
                                   "schema/a\u{2028}b.yaml", "schema/a\u{2029}b.yaml", "schema/a\u{85}b.yaml",
                                   "schema/*/ /* \u{202E}x.yaml", "schema/a\u{0B}\u{0C}b.yaml"]

    /// The code: every line that is not a comment line (`//`, `///`, `/**`, ` * `, ` */`).
    static func code(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.drop { $0 == " " }
            return !(trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*"))
        }.map(String.init)
    }

    static func files(_ contract: Contract) -> [GeneratedFile] {
        Language.allCases.flatMap { language -> [GeneratedFile] in
            let emitter = GeneratorPipeline.emitter(for: language)
            return [emitter.contractFile(contract)] + emitter.testeeFiles([contract])
        }
    }

    /// Every scalar of generated code is LF or visible: no other line terminator, no control,
    /// no bidi override, so what a reviewer sees is what the compiler reads.
    static func hiddenScalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { $0 != "\n" && (CommentText.lineTerminators.contains($0) || CommentText.isHidden($0)) }.map(\.value)
    }

    func testHostileDocsAndFileNamesChangeNoCode() throws {
        var compared = 0
        for index in 0..<Self.count {
            let seed = Self.seed &+ UInt64(index)
            let hostile = SchemaTextFuzz.schema(index: index, seed: seed, options: .init(hostileNames: false, docs: true))
            let plain = SchemaTextFuzz.schema(index: index, seed: seed, options: .init(hostileNames: false, docs: false))
            let hostileContract: Contract, plainContract: Contract
            do {
                hostileContract = try SchemaLoader.load(text: hostile, path: Self.hostileFileNames[index % Self.hostileFileNames.count])
                plainContract = try SchemaLoader.load(text: plain, path: "schema/plain.yaml")
            } catch {
                XCTFail("seed \(seed): a schema with ordinary names was refused: \(error)\n\(hostile)")
                continue
            }
            for (hostileFile, plainFile) in zip(Self.files(hostileContract), Self.files(plainContract)) {
                XCTAssertEqual(hostileFile.path, plainFile.path)
                XCTAssertEqual(Self.code(hostileFile.contents), Self.code(plainFile.contents), "seed \(seed): \(hostileFile.path) differs outside comments")
                XCTAssertEqual(Self.hiddenScalars(hostileFile.contents), [], "seed \(seed): \(hostileFile.path)")
                compared += 1
            }
        }
        // Per language: the contract file, the testee dispatch, the testee support and the
        // contract's observation (a testee file).
        XCTAssertEqual(compared, Self.count * 12)
    }

    // MARK: Refused or compiles

    struct Tool {
        static func exists(_ name: String) -> Bool { TesteeBuilder.which(name) != nil }

        static func run(_ arguments: [String], in directory: String) -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            // Never the terminal's input (compile() never runs kotlinc without sources: its REPL would wait).
            process.standardInput = FileHandle.nullDevice
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            do { try process.run() } catch { return (-1, "\(error)") }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        static func sources(_ directory: String, ext: String) -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: directory)
            var files: [String] = []
            while let item = enumerator?.nextObject() as? String {
                if item.hasSuffix("." + ext) { files.append(directory + "/" + item) }
            }
            return files.sorted()
        }
    }

    /// Compiles generated/ under `root`; the failures, by language.
    static func compile(_ root: String) -> [String] {
        var failures: [String] = []
        let swift = Tool.sources(root + "/generated/swift", ext: "swift")
        let swiftRun = Tool.run(["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "ContractTestee"] + swift, in: root)
        if swiftRun.status != 0 { failures.append("Swift:\n" + swiftRun.output) }
        let kotlin = Tool.sources(root + "/generated/kotlin", ext: "kt")
        // Never kotlinc without sources: it starts its REPL, which waits even on /dev/null.
        if kotlin.isEmpty {
            failures.append("Kotlin: no generated sources under \(root)/generated/kotlin (did emit fail?)")
        } else {
            let kotlinRun = Tool.run(["kotlinc", "-Werror", "-cp", (try? TesteeBuilder.androidJSONJar().get()) ?? "", "-d", root + "/kotlin-classes"] + kotlin, in: root)
            if kotlinRun.status != 0 { failures.append("Kotlin:\n" + kotlinRun.output) }
        }
        let typeScript = Tool.sources(root + "/generated/typescript", ext: "ts")
        let tsRun = Tool.run(["tsc", "--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns", "--noUncheckedIndexedAccess",
                              "--exactOptionalPropertyTypes", "--noImplicitOverride", "--noPropertyAccessFromIndexSignature", "--target", "es2019",
                              "--module", "commonjs", "--outDir", root + "/ts-out"] + typeScript, in: root)
        if tsRun.status != 0 { failures.append("TypeScript:\n" + tsRun.output) }
        return failures
    }

    /// After a batch failed to compile: the schemas named in the `// Source:` header of each
    /// generated file the compilers complain about (a file of one contract names one schema), each
    /// then emitted and compiled alone (into `root/alone/<schema>`) to confirm it; printed as
    /// `CULPRIT` lines, so a failure names its schema. A file serving several contracts (the
    /// testee dispatch) implicates all of them.
    static func nameCulprits(_ root: String, failures: [String]) {
        let fileManager = FileManager.default
        var suspects: Set<String> = []
        let paths = failures.joined(separator: "\n").split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"[^\s:]*generated/[^\s:]+\.(swift|kt|ts)"#, options: .regularExpression) else { return nil }
            let path = String(line[range])
            return path.hasPrefix("/") ? path : root + "/" + path
        }
        for path in Set(paths) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("// Source: ") }) else { continue }
            for source in line.dropFirst("// Source: ".count).split(separator: " (").first?.split(separator: ",") ?? [] {
                suspects.insert(String(source.trimmingCharacters(in: .whitespaces).split(separator: "/").last ?? ""))
            }
        }
        let all = ((try? fileManager.contentsOfDirectory(atPath: root + "/schema")) ?? []).sorted()
        for name in (suspects.isEmpty ? all : all.filter(suspects.contains)) {
            let alone = root + "/alone/" + name.replacingOccurrences(of: ".yaml", with: "")
            try? fileManager.createDirectory(atPath: alone + "/schema", withIntermediateDirectories: true)
            try? fileManager.copyItem(atPath: root + "/schema/" + name, toPath: alone + "/schema/" + name)
            _ = TestSupport.run(["emit", "--lang", "all"], root: alone)
            let failures = compile(alone)
            if !failures.isEmpty { print("schema-text fuzz: CULPRIT \(alone)/schema/\(name)\n" + failures.joined(separator: "\n").prefix(4000)) }
        }
    }

    func testEverySchemaIsRefusedOrCompilesInAllLanguages() throws {
        for tool in ["swiftc", "kotlinc", "java", "tsc", "node"] where !Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = Self.environment["FUZZ_KEEP_DIR"] ?? TestSupport.temporaryDirectory()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        var accepted = 0, refused = 0
        var storageKeys: [[String: String]] = []
        for index in 0..<Self.compileCount {
            let seed = Self.seed &+ 0x5EED &+ UInt64(index)
            let text = SchemaTextFuzz.schema(index: index, seed: seed, options: .init(hostileNames: true, docs: true))
            // One schema per batch keeps a hostile file name on disk too (it lands in every header).
            let name = index == 0 ? "fz0\n\r\u{2028}\u{202E}*x.yaml" : "fz\(index).yaml"
            let refusal: DiagnosticsError?
            do {
                _ = try SchemaLoader.load(text: text, path: "schema/" + name)
                refusal = nil
            } catch {
                refusal = error
            }
            guard let refusal else {
                try text.write(toFile: root + "/schema/" + name, atomically: true, encoding: .utf8)
                accepted += 1
                let contract = try SchemaLoader.load(text: text, path: "schema/" + name)
                if let key = contract.storageKey {
                    storageKeys.append(["module": root + "/ts-out/" + contract.targets.typeScriptModule + ".js", "key": key])
                }
                continue
            }
            refused += 1
            print("schema-text fuzz: refused seed \(seed): \(refusal.diagnostics.first.map(\.description) ?? "")".prefix(300))
            for diagnostic in refusal.diagnostics.map(\.description) {
                XCTAssertNotNil(diagnostic.range(of: #"\Aschema/[^:]+:[0-9]+:[0-9]+: error: "#, options: .regularExpression), diagnostic)
            }
            // Through the CLI: exit 2, and nothing written.
            let alone = TestSupport.temporaryDirectory()
            try fileManager.createDirectory(atPath: alone + "/schema", withIntermediateDirectories: true)
            try text.write(toFile: alone + "/schema/" + name, atomically: true, encoding: .utf8)
            let result = TestSupport.run(["emit", "--lang", "all", "--out", "out"], root: alone)
            XCTAssertEqual(result.status, 2, "seed \(seed): \(result.err)")
            XCTAssertFalse(fileManager.fileExists(atPath: alone + "/out"), "seed \(seed): a refused schema wrote files")
            try? fileManager.removeItem(atPath: alone)
        }
        print("schema-text fuzz: \(accepted) accepted, \(refused) refused (seed \(Self.seed))")
        guard accepted > 0 else { return }
        for lang in ["all", "golden"] {
            let result = TestSupport.run(["emit", "--lang", lang], root: root)
            XCTAssertEqual(result.status, 0, result.err)
        }
        let failures = Self.compile(root)
        XCTAssertEqual(failures, [], "generated code in \(root) does not compile")
        if !failures.isEmpty { Self.nameCulprits(root, failures: failures) }
        for file in TestSupport.snapshot(root + "/generated").values {
            XCTAssertEqual(Self.hiddenScalars(String(decoding: file, as: UTF8.self)), [])
        }
        // The compiled code holds each hostile storage key exactly: the expectations travel as
        // JSON (Foundation's encoder, not the layer under test) and node compares.
        let checks = try JSONSerialization.data(withJSONObject: storageKeys)
        try checks.write(to: URL(fileURLWithPath: root + "/storage-keys.json"))
        let program = "const c = require(process.argv[1]); const bad = c.filter(x => require(x.module).storageKey !== x.key).map(x => x.module); console.log(JSON.stringify(bad));"
        let node = Tool.run(["node", "-e", program, root + "/storage-keys.json"], in: root)
        XCTAssertEqual(node.output.trimmingCharacters(in: .whitespacesAndNewlines), "[]", "storage keys changed by escaping")
        if Self.environment["FUZZ_KEEP_DIR"] == nil, failures.isEmpty { try? fileManager.removeItem(atPath: root) }
    }
}
