/// The command line: exit codes 0/1/2, errors on stderr, deterministic and atomic `emit`, a
/// broken schema writes nothing.
import XCTest
@testable import ContractGenCore

final class CommandLineTests: XCTestCase {
    func testVersionAndHelp() {
        // A test build is not a release build: it has no commit to name, and says so.
        XCTAssertNil(BuildCommit.value)
        XCTAssertEqual(TestSupport.run(["--version"]).out, "contract-gen \(contractGenVersion) (commit unknown)\n")
        XCTAssertEqual(VersionLine.text(version: "0.4.0", commit: "abc1234def5678abc1234def5678abc1234def56"),
                       "contract-gen 0.4.0 (abc1234def56)")
        let help = TestSupport.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("contract-gen emit --lang"))
        for command in ["emit", "check", "conform", "decode", "differential"] {
            let result = TestSupport.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.out.hasPrefix("contract-gen \(command)"), command)
        }
    }

    func testUsageErrorsExitTwoOnStderr() {
        let noArguments = TestSupport.run([])
        XCTAssertEqual(noArguments.status, 2)
        let unknown = TestSupport.run(["emitt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("unknown command 'emitt' (did you mean 'emit'?)"))
        let badOption = TestSupport.run(["emit", "--lang", "swift", "--sheme", "x.yaml"])
        XCTAssertEqual(badOption.status, 2)
        XCTAssertTrue(badOption.err.contains("unknown option '--sheme' for 'emit' (did you mean --schema?)"))
        XCTAssertEqual(badOption.out, "")
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "rust"]).status, 2)
        XCTAssertEqual(TestSupport.run(["emit"]).status, 2)
    }

    /// A usage error is the error and one line pointing to the help: the usage text itself would
    /// push the error out of sight in a CI log.
    func testAUsageErrorIsTwoLines() {
        let badOption = TestSupport.run(["conform", "--sheme", "x.yaml"])
        XCTAssertEqual(badOption.err, "error: unknown option '--sheme' for 'conform'\nsee 'contract-gen conform --help'\n")
        XCTAssertEqual(TestSupport.run([]).err, "error: no command given\nsee 'contract-gen --help'\n")
        XCTAssertEqual(TestSupport.run(["emitt"]).err, "error: unknown command 'emitt' (did you mean 'emit'?)\nsee 'contract-gen --help'\n")
        XCTAssertEqual(TestSupport.run(["emit"]).err.split(separator: "\n").count, 2)
    }

    func testEmitTwiceIsByteIdenticalAndWritesEveryLanguage() {
        let a = TestSupport.temporaryDirectory(), b = TestSupport.temporaryDirectory()
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all", "--out", a]).status, 0)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all", "--out", b]).status, 0)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all", "--out", a]).status, 0)
        let first = TestSupport.snapshot(a), second = TestSupport.snapshot(b)
        XCTAssertEqual(first, second)
        XCTAssertNotNil(first["generated/swift/Contracts/WidgetData.swift"])
        XCTAssertNotNil(first["generated/kotlin/dev/contractgen/widget/WidgetData.kt"])
        XCTAssertNotNil(first["generated/typescript/widget-data.ts"])
        XCTAssertTrue(first.keys.contains { $0.hasPrefix("golden/widget-data/schema.") })
        XCTAssertFalse(first.keys.contains { $0.contains(".tmp-") }, "temporary files left behind")
    }

    /// `check` regenerates with the `--kotlin-package` emit was given, so that output can pass.
    func testCheckComparesKotlinFilesInTheEmittedPackage() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try TesteeProtocolTests.decodeOnly.write(toFile: root + "/schema/bare.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all", "--kotlin-package", "dev.other"], root: root).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/generated/kotlin/dev/other/Bare.kt"))
        let same = TestSupport.run(["check", "--kotlin-package", "dev.other"], root: root)
        XCTAssertEqual(same.status, 0, same.out + same.err)
        XCTAssertTrue(same.out.contains("up to date"), same.out)
        let without = TestSupport.run(["check"], root: root)
        XCTAssertEqual(without.status, 1, "the schema's own package is not what was emitted: " + without.out)
        XCTAssertEqual(TestSupport.run(["check", "--kotlin-package", "dev.class"], root: root).status, 2, "a keyword segment is a usage error")
    }

    /// A renamed namespace, module or package: emit removes what it wrote under the old names
    /// for that contract, says how many files were unchanged, and touches nothing else.
    func testEmitRemovesTheContractsFilesItNoLongerWrites() throws {
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        let schema = TesteeProtocolTests.decodeOnly
        try schema.write(toFile: root + "/schema/bare.yaml", atomically: true, encoding: .utf8)
        let other = schema.replacingOccurrences(of: "contract: bare", with: "contract: other")
            .replacingOccurrences(of: "Bare", with: "Other").replacingOccurrences(of: "module: bare", with: "module: other")
            .replacingOccurrences(of: "dev.bare", with: "dev.other")
        try other.write(toFile: root + "/schema/other.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let handWritten = root + "/generated/swift/Contracts/Notes.swift"
        try "// Source: schema/bare.yaml (sha256 0)\n".write(toFile: handWritten, atomically: true, encoding: .utf8)

        let renamed = schema.replacingOccurrences(of: "namespace: Bare", with: "namespace: Plain")
            .replacingOccurrences(of: "module: bare", with: "module: plain")
        try renamed.write(toFile: root + "/schema/bare.yaml", atomically: true, encoding: .utf8)
        let swiftOnly = TestSupport.run(["emit", "--lang", "swift"], root: root)
        XCTAssertEqual(swiftOnly.status, 0, swiftOnly.err)
        XCTAssertTrue(swiftOnly.err.contains("removed generated/swift/Contracts/Bare.swift (no longer generated)"), swiftOnly.err)
        XCTAssertTrue(swiftOnly.err.contains("removed generated/swift/Testee/BareObservation.swift (no longer generated)"), swiftOnly.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/generated/typescript/bare.ts"), "--lang swift leaves the TypeScript alone")
        let all = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertTrue(all.err.contains("removed generated/typescript/bare.ts (no longer generated)"), all.err)
        for kept in ["/generated/swift/Contracts/Other.swift", "/generated/typescript/other.ts", "/generated/swift/Contracts/Plain.swift"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + kept), kept)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: handWritten), "a file without the generated header is never removed")
        try FileManager.default.removeItem(atPath: handWritten)
        let again = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertTrue(again.err.contains("unchanged, 0 new or changed)"), again.err)
        XCTAssertFalse(again.err.contains("removed"), again.err)
        XCTAssertEqual(TestSupport.run(["check"], root: root).status, 0)
    }

    func testEmitToStdoutPrintsOneFile() {
        let result = TestSupport.run(["emit", "--lang", "swift", "--schema", "schema/todo-count.yaml", "--out", "-"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.out.contains("public enum TodoCount {"))
        XCTAssertTrue(result.out.contains("==> generated/swift/Contracts/ContractRuntime.swift <=="))
    }

    func testBrokenSchemaExitsTwoWithLocationAndWritesNothing() throws {
        let directory = TestSupport.temporaryDirectory()
        let good = try String(contentsOfFile: TestSupport.root + "/schema/widget-data.yaml", encoding: .utf8)
        let broken = good.replacingOccurrences(of: "        type: bool\n", with: "        type: boool\n")
        XCTAssertNotEqual(good, broken)
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try broken.write(toFile: directory + "/schema/widget-data.yaml", atomically: true, encoding: .utf8)
        let lineNumber = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("boool") }! + 1
        let result = TestSupport.run(["emit", "--lang", "all", "--schema", "schema/widget-data.yaml", "--out", directory + "/out"],
                                     root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "schema/widget-data.yaml:\(lineNumber):15: error: unknown type 'boool' (did you mean 'bool'?)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"), "a schema error must write nothing")
    }

    func testSchemaErrorInOneOfSeveralSchemasWritesNothingAtAll() throws {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestSupport.root + "/schema/todo-count.yaml", toPath: directory + "/schema/todo-count.yaml")
        try "contract: x\n".write(toFile: directory + "/schema/x.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all", "--out", "out"], root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("schema/x.yaml:1:1: error: the schema is missing 'version'"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"))
    }

    func testAtomicWriterLeavesNoTemporaryFileAndReplacesContent() throws {
        let directory = TestSupport.temporaryDirectory()
        try AtomicFileWriter.write([GeneratedFile(path: "a/b.txt", contents: "one")], root: directory)
        try AtomicFileWriter.write([GeneratedFile(path: "a/b.txt", contents: "two")], root: directory)
        XCTAssertEqual(try String(contentsOfFile: directory + "/a/b.txt", encoding: .utf8), "two")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/a"), ["b.txt"])
    }

    func testArgumentParser() throws {
        let spec = CommandSpec(name: "t", valueOptions: ["lang", "schema"], flags: ["fix"])
        let parsed = try spec.parse(["--lang=swift", "--schema", "a", "--schema", "b", "--fix"])
        XCTAssertEqual(parsed.value("lang"), "swift")
        XCTAssertEqual(parsed.values("schema"), ["a", "b"])
        XCTAssertTrue(parsed.has("fix"))
        XCTAssertThrowsError(try spec.parse(["--lang"]))
        XCTAssertThrowsError(try spec.parse(["stray"]))
        XCTAssertThrowsError(try spec.parse(["--fix=1"]))
    }

    func testFilterPatterns() {
        XCTAssertTrue(CaseFilter.matches("queue-drain-order", pattern: "drain"))
        XCTAssertTrue(CaseFilter.matches("queue-drain-order", pattern: "queue-*-order"))
        XCTAssertFalse(CaseFilter.matches("queue-drain-order", pattern: "header*"))
    }
}

final class DecodeDeterminismTests: XCTestCase {
    /// `decode` prints the same text on every run, in every language: a map's keys are printed in
    /// UTF-16 order by the Swift testee (a Swift dictionary's own order changes per process).
    func testDecodePrintsMapsTheSameWayEveryRun() throws {
        let contracts = try TestSupport.loadBundled()
        // A root map of plain values that the observation shows, and a valid value for it.
        func plainValue(_ type: FieldType) -> String? {
            switch type {
            case .integer, .number: return "1"
            case .string: return "\"s\""
            case .bool: return "true"
            default: return nil
            }
        }
        guard let (contract, field, value) = contracts.lazy.compactMap({ contract -> (Contract, Field, String)? in
            let omitted: [String]
            if case .flat(let omit, _) = contract.observation { omitted = omit } else { omitted = [] }
            for field in contract.rootType.storedFields where !omitted.contains(field.name) {
                if case .map(let element) = field.type, let value = plainValue(element), field.constraints == Constraints() { return (contract, field, value) }
            }
            return nil
        }).first else { throw XCTSkip("no bundled contract has an observed map of plain values at its root") }
        // The smallest valid document (the golden emitter's sample), with the map filled in.
        let sampleName = "schema.\(contract.name).sample.minimal.\(contract.rootTypeName)"
        let sample = try XCTUnwrap(GoldenEmitter().files(contract).first { $0.path.hasSuffix("/" + sampleName + ".json") })
        let minimal = try XCTUnwrap(JSONValue.parse(sample.contents)?["blob"]?.stringValue)
        let members = try XCTUnwrap(JSONValue.parse(minimal)?.objectEntries).filter { $0.0 != field.jsonKey }
        let map = JSONValue.object((0..<12).map { ("k\($0)", JSONValue.parse(value)!) })
        let blob = JSONValue.object(members + [(field.jsonKey, map)]).serialized()
        let schema = "schema/" + URL(fileURLWithPath: contract.sourcePath).lastPathComponent
        let runs = (0..<3).map { _ in TestSupport.run(["decode", "--schema", schema, "--lang", "swift"], stdin: blob) }
        XCTAssertEqual(runs[0].status, 0, runs[0].err)
        XCTAssertTrue(runs[0].out.contains("\"k11\""), runs[0].out)
        XCTAssertEqual(Set(runs.map { $0.out }).count, 1, runs.map { $0.out }.joined(separator: "\n---\n"))
    }
}
