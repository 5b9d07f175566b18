/// The rule catalogue (mutation/rules.yaml), the rule-level mutants (mutation/catalogue/) and the
/// rule coverage check: the checked-in files load, every rule has a mutant in every language that
/// carries it and a golden case for each witness, no mutant is stale; a stale `find` is refused
/// loudly; a rule that loses its cases fails the check.
import Foundation
import XCTest
@testable import ContractGenCore

final class RuleCatalogueTests: XCTestCase {
    func loaded() throws -> (RuleCatalogue, RuleMutantCatalogue) {
        let rules = try RuleCatalogue.load(root: TestSupport.root)
        return (rules, try RuleMutantCatalogue.load(root: TestSupport.root, rules: rules))
    }

    /// Every rule a language carries has at least one mutant in that language's catalogue, and
    /// every mutant's `find` occurs exactly once in its file (a code change under an anchor shows
    /// here, not only when someone runs the catalogue).
    func testCheckedInCatalogueIsCompleteAndNotStale() throws {
        let (rules, catalogue) = try loaded()
        XCTAssertGreaterThan(rules.rules.count, 100)
        for language in Language.allCases {
            XCTAssertEqual(catalogue.uncatalogued(rules, language: language).map(\.id), [], "\(language.displayName) rules without a mutant")
        }
        XCTAssertFalse(catalogue.mutants.filter { $0.target == .goldenEmitter }.isEmpty)
        let resolved = catalogue.resolve(root: TestSupport.root, catalogue.mutants)
        XCTAssertEqual(resolved.stale.map(\.description), [])
        XCTAssertEqual(resolved.mutants.count, catalogue.mutants.count)
    }

    /// The goldens hold a case for every witness of every rule: the check the golden emitter's
    /// mutants are judged by.
    func testEveryRuleWitnessHasAGoldenCase() throws {
        let (rules, _) = try loaded()
        let loaded = GoldenCaseLoader.load(directories: [TestSupport.root + "/golden"])
        XCTAssertEqual(loaded.errors.count, 0)
        let coverage = RuleCoverage(rules: rules, cases: loaded.cases)
        XCTAssertEqual(coverage.lost.map(\.description), [])
    }

    /// An emitter that stops writing the leap-second case leaves DT-04's witness without a case,
    /// and one that moves the safe-integer case off 2^53 leaves NUM-01's: the coverage check fails
    /// for exactly those rules, whatever else the goldens hold.
    func testARuleThatLosesItsCasesFailsTheCheck() throws {
        let (rules, _) = try loaded()
        let cases = GoldenCaseLoader.load(directories: [TestSupport.root + "/golden"]).cases
        let withoutLeapSecond = cases.filter { !$0.name.hasSuffix(".leap-second") }
        XCTAssertEqual(Set(RuleCoverage(rules: rules, cases: withoutLeapSecond).lost.map(\.rule)), ["DT-04"])
        let moved = cases.map { golden -> ConformanceCase in
            guard golden.name.hasSuffix(".beyond-2-53"), case .object(var given) = golden.given,
                  let at = given.firstIndex(where: { $0.0 == "blob" }), case .string(let blob) = given[at].1 else { return golden }
            var changed = golden
            given[at].1 = .string(blob.replacingOccurrences(of: "9007199254740992", with: "9007199254740993"))
            changed.given = .object(given)
            return changed
        }
        XCTAssertEqual(Set(RuleCoverage(rules: rules, cases: moved).lost.map(\.rule)), ["NUM-01"])
    }

    func testWitnessGlobsAndTexts() {
        XCTAssertTrue(CaseWitness.glob("schema.*.*.*.nested-513-levels", "schema.widget-data.TaskRow.title.nested-513-levels"))
        XCTAssertFalse(CaseWitness.glob("schema.*.*.*.nested-513-levels", "schema.widget-data.version.nested-513-levels"))
        XCTAssertTrue(CaseWitness.glob("daystr-*-31-kept", "daystr-aug-31-kept"))
        XCTAssertFalse(CaseWitness.glob("daystr-*", "xdaystr-a"))
        XCTAssertTrue(CaseWitness.glob("exact", "exact"))
        let golden = ConformanceCase(name: "c-1", path: "", about: "", contract: "x", op: "decode",
                                     given: .object([("blob", .string("{\"v\":1,\"t\":\"23:59:60\"}"))]), expect: .object([("status", .string("ok"))]))
        XCTAssertTrue(CaseWitness(pattern: "c-*", given: "23:59:60").matches(golden))
        XCTAssertFalse(CaseWitness(pattern: "c-*", given: "23:59:61").matches(golden))
        XCTAssertTrue(CaseWitness(pattern: "c-*", expect: "\"status\":\"ok\"").matches(golden))
    }

    /// A `find` that no longer occurs, or occurs twice, is stale: listed with its place, never run.
    func testStaleFindsAreReportedNotSkipped() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/generated/typescript", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/mutation/catalogue", withIntermediateDirectories: true)
        try "const a = 1;\nconst b = 2;\nconst b2 = 2;\n".write(toFile: root + "/generated/typescript/x.ts", atomically: true, encoding: .utf8)
        try """
        families:
          - {family: json, prefix: JSON, about: syntax}
        rules:
          - id: JSON-01
            family: json
            rule: Only an object is a document.
            source: here
            cases: [some-case]
        """.write(toFile: root + "/mutation/rules.yaml", atomically: true, encoding: .utf8)
        try """
        - id: A
          rule: JSON-01
          file: generated/typescript/x.ts
          find: |-
            const a = 1;
          replace: |-
            const a = 0;
          why: found once.
        - id: B
          rule: JSON-01
          file: generated/typescript/x.ts
          find: |-
            = 2;
          replace: |-
            = 3;
          why: found twice.
        - id: C
          rule: JSON-01
          file: generated/typescript/x.ts
          find: |2-
              gone
          replace: |-
            x
          why: found nowhere.
        """.write(toFile: root + "/mutation/catalogue/typescript.yaml", atomically: true, encoding: .utf8)
        let rules = try RuleCatalogue.load(root: root)
        let catalogue = try RuleMutantCatalogue.load(root: root, rules: rules)
        let resolved = catalogue.resolve(root: root, catalogue.mutants)
        XCTAssertEqual(resolved.mutants.map(\.0.id), ["A"])
        XCTAssertEqual(resolved.stale.map(\.mutant.id), ["B", "C"])
        XCTAssertTrue(resolved.stale[0].problem.contains("2 times"), resolved.stale[0].problem)
        XCTAssertTrue(resolved.stale[1].problem.contains("no longer occurs"), resolved.stale[1].problem)
        let mutated = resolved.mutants[0].1.apply(to: Array("const a = 1;\nconst b = 2;\nconst b2 = 2;\n".utf8))
        XCTAssertEqual(String(decoding: mutated, as: UTF8.self), "const a = 0;\nconst b = 2;\nconst b2 = 2;\n")
        // The command refuses to run anything while an entry is stale (exit 2).
        let run = TestSupport.run(["mutate", "--catalogue", "--lang", "typescript"], root: root)
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("STALE mutation/catalogue/typescript.yaml"), run.err)
        let listed = TestSupport.run(["mutate", "--catalogue", "--lang", "typescript", "--list"], root: root)
        XCTAssertEqual(listed.status, 2, listed.err)
    }

    /// Entries must name a known rule carried by their language, a file of that language's
    /// generated code (never the testee harness), and say why; `equivalent` needs its argument.
    func testCatalogueEntriesAreValidated() throws {
        let rules = try RuleCatalogue.parse("""
        families:
          - {family: encode, prefix: ENC, about: writer}
        rules:
          - {id: ENC-01, family: encode, rule: r, source: s, languages: [typescript], cases: [c]}
        """, file: "rules.yaml")
        func problems(_ text: String, _ target: CatalogueTarget) -> String {
            do {
                _ = try RuleMutantCatalogue.parse(text, file: "x.yaml", target: target, rules: rules, root: TestSupport.root)
                return ""
            } catch {
                return error.description
            }
        }
        XCTAssertTrue(problems("- {id: A, rule: ENC-01, file: generated/swift/Contracts/ContractRuntime.swift, find: a, replace: b, why: w}", .swift)
                        .contains("not carried by Swift"))
        XCTAssertTrue(problems("- {id: A, rule: NOPE-1, file: generated/typescript/contract-runtime.ts, find: a, replace: b, why: w}", .typescript)
                        .contains("unknown rule"))
        XCTAssertTrue(problems("- {id: A, rule: ENC-01, file: generated/typescript/testee.ts, find: a, replace: b, why: w}", .typescript)
                        .contains("may patch"))
        XCTAssertTrue(problems("- {id: A, rule: ENC-01, file: generated/typescript/contract-runtime.ts, find: a, replace: b, why: w, equivalent: ' '}", .typescript)
                        .contains("needs its argument"))
        XCTAssertTrue(problems("- {id: A, rule: ENC-01, file: generated/typescript/contract-runtime.ts, find: a, replace: b}", .typescript)
                        .contains("missing key 'why'"))
        XCTAssertEqual(problems("- {id: A, rule: ENC-01, file: generated/typescript/contract-runtime.ts, find: a, replace: b, why: w}", .typescript), "")
        XCTAssertThrowsError(try RuleCatalogue.parse("""
        families:
          - {family: encode, prefix: ENC, about: writer}
        rules:
          - {id: X-01, family: encode, rule: r, source: s}
        """, file: "rules.yaml"))
    }

    /// A case the project lists as an expected failure of one of a language's implementations (a
    /// platform's own time-zone data) is not judged for that language: the unmutated code fails
    /// it by design, so it would stop every run at the baseline and could kill nothing.
    func testExpectedFailuresAreLeftOutOfTheJudging() {
        func golden(_ name: String) -> ConformanceCase {
            ConformanceCase(name: name, path: "", about: "", contract: "x", op: "decode", given: .object([]), expect: .object([]))
        }
        let cases = [golden("a"), golden("zone-on-jsc"), golden("zone-on-kotlin"), golden("everywhere")]
        let expected = ExpectedFailures.parse("typescript-jsc:zone-on-jsc  # ICU 72\nkotlin:zone-on-kotlin\neverywhere  # all\n", path: "x")
        XCTAssertEqual(ContractGenCommand.judgedCases(cases, language: .typescript, expected: expected).map(\.name), ["a", "zone-on-kotlin"])
        XCTAssertEqual(ContractGenCommand.judgedCases(cases, language: .kotlin, expected: expected).map(\.name), ["a", "zone-on-jsc"])
        XCTAssertEqual(ContractGenCommand.judgedCases(cases, language: .swift, expected: expected).map(\.name), ["a", "zone-on-jsc", "zone-on-kotlin"])
        XCTAssertEqual(ContractGenCommand.judgedCases(cases, language: .swift, expected: nil).count, 4)
    }

    /// One real catalogue mutant through the real runner (the depth limit checked after
    /// descending, on the TypeScript lexing road): killed by a golden case, the file untouched.
    func testACatalogueMutantRunsThroughTheRunner() throws {
        guard TesteeBuilder.which("tsc") != nil, TesteeBuilder.which("node") != nil else { throw XCTSkip("tsc/node not installed") }
        let run = TestSupport.run(["mutate", "--catalogue", "--lang", "typescript", "--rule", "JSON-05", "--no-cache", "--timeout", "30"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("typescript json: 2/2 killed"), run.out)
    }
}
