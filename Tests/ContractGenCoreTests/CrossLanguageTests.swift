/// The product's promise, tested: every golden case passes in Swift, Kotlin and TypeScript;
/// seeded random and hostile inputs get the same answer from all three; the CI recipes in
/// docs/ci.md and scripts/pre-commit run as written.
import XCTest
@testable import ContractGenCore

final class CrossLanguageTests: XCTestCase {
    func testEveryGoldenCasePassesInAllThreeLanguages() {
        let result = TestSupport.run(["conform", "--lang", "all"])
        print(result.out.split(separator: "\n").suffix(5).joined(separator: "\n"))
        XCTAssertEqual(result.status, 0, String(result.out.prefix(5000)))
        for language in ["swift", "kotlin", "typescript"] {
            XCTAssertTrue(result.out.split(separator: "\n").contains { $0.hasPrefix("\(language): ") }, "\(language) did not run:\n\(result.out.suffix(2000))")
        }
        XCTAssertTrue(result.out.hasSuffix(" 0 failed\n"))
    }

    /// ≥ 2,000 seeded inputs through all three testees; `contract-gen differential --count
    /// 1000000` is the long run.
    func testDifferentialAgreementOnSeededHostileInputs() {
        let seed = ProcessInfo.processInfo.environment["CONTRACT_GEN_SEED"] ?? "20261129"
        let result = TestSupport.run(["differential", "--count", "2500", "--seed", seed])
        print(result.out.split(separator: "\n").suffix(3).joined(separator: "\n"))
        XCTAssertEqual(result.status, 0, String(result.out.prefix(8000)))
        XCTAssertTrue(result.out.contains("differential: 2500 inputs"), result.out)
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
            XCTAssertTrue(result.out.contains(" 0 failed\n"), result.out)
        }
    }

    /// Writer → readers: random valid data encoded by the generated TypeScript encoder decodes to
    /// the observation its input implies, in Swift, Kotlin and TypeScript alike.
    func testTypeScriptEncoderRoundTripsThroughAllThreeDecoders() throws {
        let builder = TesteeBuilder(root: TestSupport.root)
        guard case .command(let typescript) = builder.launch(Implementation.typescript) else { return XCTFail("TypeScript testee unavailable") }
        let compiled = URL(fileURLWithPath: typescript.last!).deletingLastPathComponent().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", TestSupport.root + "/Tests/RoundTrip/roundtrip.js", compiled, "1500", "20261129"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let cases: [ConformanceCase] = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let json = JSONValue.parse(String(line)), let name = json["case"]?.stringValue,
                  let contract = json["contract"]?.stringValue, let given = json["given"], let expect = json["expect"] else { return nil }
            return ConformanceCase(name: name, path: "roundtrip", about: "", contract: contract, op: "decode", given: given, expect: expect)
        }
        XCTAssertEqual(cases.count, 1500)
        let targets = Language.allCases.map { ConformanceTarget(name: $0.rawValue, launch: builder.launch($0)) }
        let report = ConformanceRunner().run(cases: cases, targets: targets)
        let failures = report.results.filter { $0.outcome != .passed }.prefix(5).map { "\($0.caseName) [\($0.language)]: \($0.outcome)" }
        XCTAssertEqual(report.passed, 4500, failures.joined(separator: "\n"))
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
