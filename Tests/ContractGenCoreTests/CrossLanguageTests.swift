/// The product's promise, tested: every golden case passes in Swift, Kotlin and TypeScript;
/// seeded random and hostile inputs get the same answer from all three; the CI recipes in
/// docs/ci.md and scripts/pre-commit run as written.
import XCTest
@testable import ContractGenCore

final class CrossLanguageTests: XCTestCase {
    func testEveryGoldenCasePassesInAllThreeLanguages() {
        // The platforms' own tz data differs from IANA's in a few zones (docs/semantics.md row 14):
        // those cases fail as golden/expected-failures.txt lists, and an unlisted failure or a listed
        // case that passes fails the run.
        let result = TestSupport.run(["conform", "--lang", "all", "--expected-failures", "golden/expected-failures.txt"])
        print(result.out.split(separator: "\n").suffix(5).joined(separator: "\n"))
        XCTAssertEqual(result.status, 0, String(result.out.prefix(5000)))
        for language in ["swift", "kotlin", "typescript"] {
            XCTAssertTrue(result.out.split(separator: "\n").contains { $0.hasPrefix("\(language): ") }, "\(language) did not run:\n\(result.out.suffix(2000))")
        }
        // Swift and Kotlin answer the encode cases `skipped` (no encoder): counted apart, never failures.
        // Every failure is a listed one: the closing line counts 0 failed, and the listed ones apart.
        let listed = result.out.range(of: #"\([0-9]+ failure\(s\) were listed as expected"#, options: .regularExpression)
            .map { Int(result.out[$0].dropFirst().prefix(while: \.isNumber))! } ?? 0
        XCTAssertNotNil(result.out.range(of: " 0 failed(, [0-9]+ skipped)?\(listed > 0 ? ", \(listed) failed as listed" : "")\n$", options: .regularExpression),
                        String(result.out.suffix(500)))
    }

    /// ≥ 2,000 seeded inputs through all three testees, answers and time compared, plus 3 large
    /// stress inputs (kept few so the suite stays fast); `contract-gen differential --count
    /// 1000000` is the long run.
    func testDifferentialAgreementOnSeededHostileInputs() {
        let seed = ProcessInfo.processInfo.environment["CONTRACT_GEN_SEED"] ?? "20261129"
        let result = TestSupport.run(["differential", "--count", "2500", "--stress", "3", "--seed", seed])
        print(result.out.split(separator: "\n").suffix(3).joined(separator: "\n"))
        XCTAssertEqual(result.status, 0, String(result.out.prefix(8000)))
        XCTAssertTrue(result.out.contains("differential: 2503 inputs (3 of them large)"), result.out)
        XCTAssertTrue(result.out.contains(" 0 disagreement(s), 0 slow\n"), result.out)
    }

    /// A Thai device (Buddhist calendar, Thai digits available) in Kathmandu (UTC+5:45): the
    /// calendar cases must not move, because zones and the Gregorian calendar are explicit inputs.
    func testDeviceLocaleCalendarAndZoneDoNotLeakIn() {
        let environment = ["TZ": "Asia/Kathmandu", "LANG": "th_TH.UTF-8", "LC_ALL": "th_TH.UTF-8",
                           "JAVA_TOOL_OPTIONS": "-Duser.language=th -Duser.country=TH -Duser.timezone=Asia/Kathmandu"]
        for (key, value) in environment { setenv(key, value, 1) }
        defer { for key in environment.keys { unsetenv(key) } }
        for filter in ["daystart", "validuntil", "header", "stale"] {
            let result = TestSupport.run(["conform", "--lang", "all", "--filter", filter])
            XCTAssertEqual(result.status, 0, "\(filter):\n\(result.out.suffix(3000))")
            XCTAssertNotNil(result.out.range(of: #" 0 failed(, [0-9]+ skipped)?\n"#, options: .regularExpression), result.out)
        }
    }

    /// Writer → readers, for every bundled contract: random valid documents generated from the
    /// schema alone, written by the generated TypeScript encoder, decode to the observation the
    /// schema's rules imply, in every implementation.
    func testTypeScriptEncoderRoundTripsThroughEveryDecoder() throws {
        let builder = TesteeBuilder(root: TestSupport.root)
        guard case .command(let typescript) = builder.launch(Language.typescript) else { return XCTFail("TypeScript testee unavailable") }
        let compiled = URL(fileURLWithPath: typescript.last!).deletingLastPathComponent().path
        let perContract = 500
        var requests: [String] = []
        var expectations: [(contract: String, expect: JSONValue, input: JSONValue)] = []
        for (index, contract) in try TestSupport.loadBundled().enumerated() {
            var generator = ValidDocumentGenerator(contract: contract, seed: 20261201 + UInt64(index))
            for _ in 0..<perContract {
                let document = generator.next()
                requests.append(JSONValue.object([("module", .string(contract.targets.typeScriptModule)), ("input", document.input)]).serialized())
                expectations.append((contract.name, document.expect, document.input))
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", TestSupport.root + "/Tests/RoundTrip/encode.js", compiled]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((requests.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let blobs = String(decoding: data, as: UTF8.self).split(separator: "\n").map { JSONValue.parse(String($0)) }
        XCTAssertEqual(blobs.count, expectations.count)
        var cases: [ConformanceCase] = []
        for (index, (blob, expected)) in zip(blobs, expectations).enumerated() {
            // Every generated document is valid, so the encoder must accept it.
            guard let text = blob?.stringValue else {
                XCTFail("encoder refused a valid \(expected.contract) input \(expected.input.serialized()): \(blob?.serialized() ?? "?")")
                continue
            }
            cases.append(ConformanceCase(name: "roundtrip-\(expected.contract)-\(index)", path: "roundtrip", about: "", contract: expected.contract,
                                         op: "decode", given: .object([("blob", .string(text))]), expect: expected.expect))
        }
        let targets = Implementation.allCases.map { ConformanceTarget(name: $0.rawValue, launch: builder.launch($0)) }
        let report = ConformanceRunner().run(cases: cases, targets: targets)
        let failures = report.results.filter { $0.outcome != .passed }.prefix(5).map { "\($0.caseName) [\($0.language)]: \($0.outcome)" }
        XCTAssertEqual(report.passed, cases.count * targets.count, failures.joined(separator: "\n"))
        XCTAssertTrue(report.unavailable.isEmpty, "\(report.unavailable.map(\.reason))")
    }

    /// Every `contract-gen …` command of the CI recipes, run in-process against this repository.
    func testCIRecipesRunAsWritten() throws {
        var commands: [[String]] = []
        for file in ["docs/ci.md", "scripts/pre-commit"] {
            let text = try String(contentsOfFile: TestSupport.root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let range = line.range(of: "contract-gen "), line.contains("swift run") else { continue }
                var arguments = line[range.upperBound...].split(separator: " ").map(String.init)
                // Quoted --testee commands: re-join the quoted part.
                if let start = arguments.firstIndex(where: { $0.hasPrefix("'") }), let end = arguments.firstIndex(where: { $0.hasSuffix("'") }) {
                    let joined = arguments[start...end].joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: "'"))
                    arguments.replaceSubrange(start...end, with: [joined])
                }
                commands.append(arguments)
            }
        }
        XCTAssertGreaterThanOrEqual(commands.count, 5)
        let scratch = TestSupport.temporaryDirectory()
        for var arguments in commands {
            // In a test, the base is this commit and reports go to a scratch directory.
            if let index = arguments.firstIndex(of: "--base") { arguments[index + 1] = "HEAD" }
            if let index = arguments.firstIndex(of: "--report") { arguments[index + 1] = scratch + "/junit.xml" }
            let isKnownDivergent = arguments.contains("--testee") && !arguments.contains("--expected-failures")
            let result = TestSupport.run(arguments)
            if isKnownDivergent {
                // The hand-written example parser diverges by design: the run must fail, not crash.
                XCTAssertEqual(result.status, 1, "\(arguments): \(result.out.suffix(500))")
                XCTAssertFalse(result.out.contains("crashed"), "\(arguments)")
            } else {
                XCTAssertEqual(result.status, 0, "\(arguments.joined(separator: " ")):\n\(result.out.suffix(3000))\n\(result.err.suffix(1000))")
            }
        }
    }
}
