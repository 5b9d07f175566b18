/// The product's promise, tested: every golden case passes in Swift, Kotlin and TypeScript; every
/// encoder writes the same bytes and every decoder reads them back; seeded random and hostile
/// inputs get the same answer from all three; the CI recipes in
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
        // Every language serves every op, so nothing is skipped (the printer then leaves "skipped" out).
        // Every failure is a listed one: the closing line counts 0 failed, and the listed ones apart.
        let listed = result.out.range(of: #"\([0-9]+ failure\(s\) were listed as expected"#, options: .regularExpression)
            .map { Int(result.out[$0].dropFirst().prefix(while: \.isNumber))! } ?? 0
        XCTAssertNotNil(result.out.range(of: " 0 failed\(listed > 0 ? ", \(listed) failed as listed" : "")\n$", options: .regularExpression),
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

    /// Writers × readers, for every bundled contract: random valid documents generated from the
    /// schema alone are written by every implementation's encoder (Swift, Kotlin, TypeScript on V8
    /// and on JavaScriptCore), which must write the same bytes; each document's text is then read
    /// by every decoder, which must answer the observation the schema's rules imply for the input
    /// (ValidDocumentGenerator, never a decoder). 500 documents per contract.
    func testEveryEncoderWritesTheSameBytesAndEveryDecoderReadsThemBack() throws {
        let builder = TesteeBuilder(root: TestSupport.root)
        let writers = Implementation.allCases
        var commands: [[String]] = []
        for writer in writers {
            guard case .command(let command) = builder.launch(writer) else { return XCTFail("\(writer.rawValue) testee unavailable") }
            commands.append(command)
        }
        let perContract = 500
        var documents: [(contract: String, input: JSONValue, expect: JSONValue)] = []
        for (index, contract) in try TestSupport.loadBundled().enumerated() {
            var generator = ValidDocumentGenerator(contract: contract, seed: 20261201 + UInt64(index))
            for _ in 0..<perContract {
                let document = generator.next()
                documents.append((contract.name, document.input, document.expect))
            }
        }
        let requests = documents.map {
            JSONValue.object([("contract", .string($0.contract)), ("op", .string("encode")), ("given", .object([("input", $0.input)]))]).serialized()
        }
        // Every writer, the same requests.
        var texts: [[String?]] = []
        for (writer, command) in zip(writers, commands) {
            let process = TesteeProcess(command: command, timeout: 120)
            defer { process.stop() }
            texts.append(process.sendBatch(requests).map { reply -> String? in
                guard case .line(let line) = reply, let text = JSONValue.parse(line)?["ok"]?["text"]?.stringValue else { return nil }
                return text
            })
            XCTAssertEqual(texts.last?.count, documents.count, writer.rawValue)
        }
        var cases: [ConformanceCase] = []
        var differing = 0
        for (index, document) in documents.enumerated() {
            let written = texts.map { $0[index] }
            // Every generated document is valid, so every encoder must write it, and write the same bytes.
            guard let first = written[0], written.allSatisfy({ $0 == first }) else {
                differing += 1
                if differing <= 5 {
                    XCTFail("\(document.contract) \(document.input.serialized()): " + zip(writers, written).map { "\($0.rawValue): \($1 ?? "(refused or failed)")" }.joined(separator: "; "))
                }
                continue
            }
            // One text for all writers: each reader reads it once, for every writer.
            cases.append(ConformanceCase(name: "roundtrip-\(document.contract)-\(index)", path: "roundtrip", about: "", contract: document.contract,
                                         op: "decode", given: .object([("blob", .string(first))]), expect: document.expect))
        }
        XCTAssertEqual(differing, 0, "documents the encoders did not all write, byte for byte alike")
        let targets = writers.map { ConformanceTarget(name: $0.rawValue, launch: builder.launch($0)) }
        let report = ConformanceRunner().run(cases: cases, targets: targets)
        let failures = report.results.filter { $0.outcome != .passed }.prefix(5).map { "\($0.caseName) [\($0.language)]: \($0.outcome)" }
        XCTAssertEqual(report.passed, cases.count * targets.count, failures.joined(separator: "\n"))
        XCTAssertTrue(report.unavailable.isEmpty, "\(report.unavailable.map(\.reason))")
        print("round trip: \(documents.count) documents, written byte-identically by \(writers.count) encoders (\(documents.count - differing) alike), "
              + "read back by \(targets.count) decoders: \(report.passed) of \(documents.count * targets.count) reads equal, "
              + "\(writers.count) × \(targets.count) writer × reader pairs")
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
