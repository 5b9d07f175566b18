/// Exit codes a CI can trust (conform, decode, help), duplicate case names, and where the
/// Android org.json jar is looked for.
import XCTest
@testable import ContractGenCore

final class ConformCommandTests: XCTestCase {
    let answersTrue = #"while read l; do echo '{"ok":true}'; done"#

    func writeCase(_ directory: String, file: String, name: String, contract: String = "fake") throws {
        let text = #"{"case":"\#(name)","contract":"\#(contract)","op":"stale","given":{"blob":"{}"},"expect":true}"#
        try text.write(toFile: "\(directory)/\(file)", atomically: true, encoding: .utf8)
    }

    func goldenDirectory() throws -> String {
        let directory = TestSupport.temporaryDirectory()
        for name in ["alpha", "beta"] { try writeCase(directory, file: name + ".json", name: name) }
        return directory
    }

    // MARK: Duplicate case names

    func testDuplicateCaseNameWithinAContractFailsTheRun() throws {
        let directory = try goldenDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/more", withIntermediateDirectories: true)
        try writeCase(directory, file: "more/alpha-again.json", name: "alpha")
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", answersTrue])
        XCTAssertEqual(result.status, 1, result.out)
        let clean = URL(fileURLWithPath: directory).standardizedFileURL.path
        XCTAssertTrue(result.out.contains("FAIL \(clean)/more/alpha-again.json: unusable case file: duplicate case name 'alpha' in contract 'fake' (also \(clean)/alpha.json)"), result.out)
        XCTAssertTrue(result.out.hasSuffix("3 passed, 1 failed\n"), result.out)
    }

    func testSameNameInTwoContractsAndOverlappingDirectoriesAreNotDuplicates() throws {
        let directory = try goldenDirectory()
        try writeCase(directory, file: "other-alpha.json", name: "alpha", contract: "other")
        // The same directory given twice reaches each file twice: still one case each.
        let result = TestSupport.run(["conform", "--golden", directory, "--golden", directory + "/.", "--testee", answersTrue])
        XCTAssertEqual(result.status, 0, result.out)
        XCTAssertTrue(result.out.hasSuffix("3 passed, 0 failed\n"), result.out)
    }

    func testDuplicateNamesFunctionForTheGate() {
        func golden(_ name: String, _ contract: String, _ path: String) -> ConformanceCase {
            ConformanceCase(name: name, path: path, about: "", contract: contract, op: "stale", given: .object([]), expect: .bool(true))
        }
        let errors = GoldenCaseLoader.duplicateNames([golden("a", "x", "g/x/2.json"), golden("a", "x", "g/x/1.json"),
                                                      golden("a", "y", "g/y/1.json"), golden("b", "x", "g/x/3.json"),
                                                      golden("a", "x", "g/x/4.json")])
        XCTAssertEqual(errors.map(\.path), ["g/x/2.json", "g/x/4.json"])
        XCTAssertEqual(errors.first?.message, "duplicate case name 'a' in contract 'x' (also g/x/1.json)")
    }

    // MARK: Exit codes

    func testFilterMatchingNothingIsAUsageError() throws {
        let result = TestSupport.run(["conform", "--golden", try goldenDirectory(), "--testee", answersTrue, "--filter", "gamma"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("error: --filter 'gamma' matches none of the 2 case(s)\n"), result.err)
        XCTAssertEqual(result.out, "")
    }

    func testMissingGoldenDirectoryIsAUsageError() throws {
        let result = TestSupport.run(["conform", "--golden", "no/such/dir", "--testee", answersTrue])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("error: golden directory 'no/such/dir' does not exist\n"), result.err)
        // Without --golden, in a directory that has no golden/.
        let bare = TestSupport.run(["conform", "--testee", answersTrue], root: TestSupport.temporaryDirectory())
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.err.hasPrefix("error: golden directory 'golden' does not exist (give --golden DIR)\n"), bare.err)
    }

    func testEmptyGoldenDirectoryFails() {
        let result = TestSupport.run(["conform", "--golden", TestSupport.temporaryDirectory(), "--testee", answersTrue])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("no golden cases"), result.err)
    }

    func testBadDeadlineAndTimeoutAreUsageErrors() throws {
        for option in ["--deadline", "--timeout"] {
            for value in ["0", "-1", "soon", "inf"] {
                let result = TestSupport.run(["conform", "--golden", try goldenDirectory(), "--testee", answersTrue, option, value])
                XCTAssertEqual(result.status, 2, "\(option) \(value)")
            }
        }
    }

    func testSkippedToolchainFailsUnlessAllowSkip() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", "/nonexistent", 1)
        defer { setenv("PATH", path, 1) }
        let directory = try goldenDirectory()
        let strict = TestSupport.run(["conform", "--lang", "kotlin", "--golden", directory])
        XCTAssertEqual(strict.status, 1)
        let allowed = TestSupport.run(["conform", "--lang", "kotlin", "--golden", directory, "--allow-skip"])
        XCTAssertEqual(allowed.status, 0, allowed.out)
        // Still said loudly.
        XCTAssertTrue(allowed.out.contains("SKIPPED kotlin: kotlinc/java not found"), allowed.out)
        XCTAssertTrue(allowed.out.hasSuffix("0 passed, 0 failed, 2 skipped\n"), allowed.out)
    }

    func testAllowSkipDoesNotExcuseAFailingLanguage() throws {
        let result = TestSupport.run(["conform", "--golden", try goldenDirectory(), "--testee", #"while read l; do echo '{"ok":false}'; done"#,
                                      "--allow-skip"])
        XCTAssertEqual(result.status, 1)
    }

    // MARK: decode

    func testDecodeRefusesStdinThatIsNotUTF8() {
        // 0xFF never occurs in UTF-8; ED A0 80 is a CESU-8 surrogate; C0 AF an overlong '/'.
        for (bytes, offset) in [([0x7B, 0x22, 0xFF, 0x22, 0x7D], 2), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
                                ([0xC3, 0xA9, 0xC0, 0xAF], 2), ([0x61, 0xE2, 0x82], 1)] as [([UInt8], Int)] {
            let result = TestSupport.run(["decode", "--schema", TestSupport.anySchema], stdinBytes: Data(bytes))
            XCTAssertEqual(result.status, 2, "\(bytes)")
            XCTAssertEqual(result.err, "error: stdin is not valid UTF-8 (first bad byte at offset \(offset)); decode reads the blob as UTF-8 text\n")
            XCTAssertEqual(result.out, "")
        }
        XCTAssertEqual(ContractGenCommand.validUTF8Prefix(Data("é€😀".utf8)), Data("é€😀".utf8).count)
    }

    func testDecodeBadLanguageListsTheChoices() {
        let result = TestSupport.run(["decode", "--schema", TestSupport.anySchema, "--lang", "rust"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("error: unknown --lang 'rust' (expected swift, kotlin, typescript)\n"), result.err)
    }

    func testDecodeWithSeveralSchemasNeedsSchema() {
        let result = TestSupport.run(["decode"], stdin: "{}")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("error: decode needs --schema FILE: this repository has "), result.err)
    }

    // MARK: help

    func testHelpTyposAndHelpCommand() {
        let top = TestSupport.run(["--hlep"])
        XCTAssertEqual(top.status, 2)
        XCTAssertTrue(top.err.hasPrefix("error: unknown command '--hlep' (did you mean '--help'?)"), top.err)
        let option = TestSupport.run(["conform", "--hlep"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.err.hasPrefix("error: unknown option '--hlep' for 'conform' (did you mean --help?)"), option.err)
        for command in ["emit", "check", "conform", "decode", "differential"] {
            let help = TestSupport.run(["help", command])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertEqual(help.out, TestSupport.run([command, "--help"]).out, command)
        }
        let unknown = TestSupport.run(["help", "emitt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.hasPrefix("error: no help for 'emitt' (did you mean 'emit'?)"), unknown.err)
    }

    // MARK: org.json

    func testOrgJSONJarFromTheEnvironmentIsUsedOrReported() throws {
        let jar = TestSupport.temporaryDirectory() + "/android-json.jar"
        try Data().write(to: URL(fileURLWithPath: jar))
        XCTAssertEqual(try TesteeBuilder.androidJSONJar(environment: ["CONTRACT_GEN_ORG_JSON_JAR": jar]).get(), jar)
        // Named but missing: reported, never replaced by a jar found elsewhere.
        guard case .failure(let problem) = TesteeBuilder.androidJSONJar(environment: ["CONTRACT_GEN_ORG_JSON_JAR": jar + ".missing"]) else {
            return XCTFail("a missing jar was accepted")
        }
        XCTAssertEqual(problem.message, "CONTRACT_GEN_ORG_JSON_JAR=\(jar).missing: no such file")
        // Unset: the usual places, the Maven copy under HOME among them.
        let home = TestSupport.temporaryDirectory()
        let maven = home + "/.m2/repository/com/vaadin/external/google/android-json/0.0.20131108.vaadin1"
        try FileManager.default.createDirectory(atPath: maven, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: maven + "/android-json-0.0.20131108.vaadin1.jar"))
        let candidates = TesteeBuilder.androidJSONJarCandidates(environment: ["HOME": home])
        XCTAssertEqual(candidates.last, maven + "/android-json-0.0.20131108.vaadin1.jar")
        XCTAssertTrue(candidates.contains("/usr/share/java/com.android.json.jar"))
    }
}
