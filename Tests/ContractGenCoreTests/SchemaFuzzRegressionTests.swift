/// Regressions found by the schema fuzzer (SchemaTextFuzz, scripts/fuzz-schema-text.sh): each
/// minimized schema is pinned by a cheap check of the generated code or of the diagnostic, and
/// the accepted ones together must compile in all three languages and pass their own goldens.
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaFuzzRegressionTests: XCTestCase {
    /// Accepted schemas that once generated code that did not compile or did not conform.
    static let accepted: [String: String] = [
        // `header` on a required (non-optional) day: Swift's `value?.day.flatMap` bound to the
        // String itself (a sequence of characters).
        "fuzz-header-required-day": """
        contract: fuzz-header-required-day
        version: {field: v, writes: 1, accepts: [1]}
        root: Snap
        types:
          Snap:
            fields:
              expiresAt: {type: epochMillis, optional: true}
              day: {type: localDate, required: fail-document}
        behaviours:
          staleness: {field: expiresAt}
          header: {day: day}
          timeline: {}
        """,
        // An enum field named `companion`: Kotlin's enum class `Companion` clashed with its own
        // `companion object` (fromJson).
        "fuzz-kotlin-companion-enum": """
        contract: fuzz-kotlin-companion-enum
        version: {field: v, writes: 1, accepts: [1]}
        root: Snap
        types:
          Snap:
            fields:
              companion: {type: {enum: [a, b]}, optional: true}
        """,
        // Number bounds of ±1e300: the golden cases below min and above max wrote `min - 0.25` and
        // `max + 0.25`, which round to the bound itself (valid), so they expected `invalid` wrongly.
        "fuzz-huge-number-bounds": """
        contract: fuzz-huge-number-bounds
        version: {field: v, writes: 1, accepts: [1]}
        root: Snap
        types:
          Snap:
            fields:
              low: {type: number, min: -1e300, max: 100, required: fail-document}
              high: {type: number, min: 100, max: 1e300, optional: true}
        """,
        // Arrays of two different enums were both `decodeArrayOfEnum` in Swift (ambiguous), and an
        // open and a closed enum of the same values shared a helper in every language.
        "fuzz-enum-helpers": """
        contract: fuzz-enum-helpers
        version: {field: v, writes: 1, accepts: [1]}
        root: Snap
        types:
          Snap:
            fields:
              colours: {type: {array: {enum: [red, green]}}, default: []}
              moods: {type: {array: {array: {enum: [calm, busy]}}}, default: []}
              loose: {type: {array: {enum: [red, green], unknown: green}}, default: []}
        """,
        // Bounds the sample sat outside: epochMillis `max: 1`, an integer `max` at -(2^53-1); and an
        // explicit-null field inside a union variant.
        "fuzz-bounded-samples": """
        contract: fuzz-bounded-samples
        version: {field: v, writes: 1, accepts: [1]}
        root: Snap
        types:
          Snap:
            fields:
              early: {type: epochMillis, max: 1, required: fail-document}
              floor: {type: integer, max: -9007199254740991, required: fail-document}
              part: {type: Part, optional: true}
          Part:
            union: {tag: kind, variants: {a: Fragment}}
          Fragment:
            fields:
              note: {type: string, optional: true, explicit-null: true}
        """,
    ]

    static func contract(_ name: String) throws -> Contract {
        try SchemaLoader.load(text: accepted[name]!, path: "schema/\(name).yaml")
    }

    static func file(_ contract: Contract, _ language: Language) -> String {
        GeneratorPipeline.emitter(for: language).contractFile(contract).contents
    }

    func testHeaderOnARequiredDayReadsTheDayAsOneOptional() throws {
        let swift = Self.file(try Self.contract("fuzz-header-required-day"), .swift)
        XCTAssertTrue(swift.contains("(value?.day).flatMap { ContractCalendar.dayStartMs($0, timeZone) }"), swift)
    }

    func testKotlinEnumNamedCompanionGetsTheValueSuffix() throws {
        let kotlin = Self.file(try Self.contract("fuzz-kotlin-companion-enum"), .kotlin)
        XCTAssertTrue(kotlin.contains("enum class CompanionValue(val json: String)"), kotlin)
        XCTAssertTrue(kotlin.contains("val companion: CompanionValue? = null"), kotlin)
    }

    func testEnumHelpersNameTheirEnumAndWhetherItIsOpen() throws {
        let contract = try Self.contract("fuzz-enum-helpers")
        let swift = Self.file(contract, .swift), kotlin = Self.file(contract, .kotlin), typeScript = Self.file(contract, .typescript)
        for name in ["decodeArrayOfEnum_Snap_Colours(", "decodeArrayOfArrayOfEnum_Snap_Moods(", "decodeArrayOfEnum_Snap_Colours_Or1("] {
            XCTAssertTrue(swift.contains("func " + name), name)
            XCTAssertTrue(kotlin.contains("fun " + name), name)
        }
        XCTAssertTrue(typeScript.contains("function decodeArrayOfEnum_SnapColours_Or1("), typeScript)
    }

    func testSamplesStayWithinTheirBoundsAndAbsentExplicitNullsInVariants() throws {
        let contract = try Self.contract("fuzz-bounded-samples")
        let sample = GoldenCaseBuilder(contract: contract).sampleDocument()
        XCTAssertEqual(sample["early"], .number(1))
        XCTAssertEqual(sample["floor"], .number(-9_007_199_254_740_991))
        // No min, but a max below -3: the 'negative' case's -3 is invalid, so the document is.
        let negative = try XCTUnwrap(GoldenCaseBuilder(contract: contract).cases().first { $0.name == "schema.fuzz-bounded-samples.Snap.floor.negative" })
        XCTAssertEqual(negative.expect["status"], .string("invalid"))
        let cases = GoldenCaseBuilder(contract: contract).cases()
        let missing = try XCTUnwrap(cases.first { $0.name == "schema.fuzz-bounded-samples.Fragment.note.missing" })
        XCTAssertNil(missing.expect["value"]?["part"]?["note"], "absent: left out, not null")
        XCTAssertEqual(missing.expect["status"], .string("ok"))
    }

    func testNumberCasesPastHugeBoundsArePastThem() throws {
        let cases = GoldenEmitter().files(try Self.contract("fuzz-huge-number-bounds")).map(\.contents)
        let text = cases.map { "\($0)" }.joined(separator: "\n")
        XCTAssertTrue(text.contains("-1.5e+300"), "below-min of -1e300")
        XCTAssertTrue(text.contains("1.5e+300"), "above-max of 1e300")
    }

    /// An epochMillis bound of 1.5 or 1e20 was accepted and generated Swift that compared an
    /// Int64 with a Double literal (did not compile); refused like an integer's.
    func testFractionalOrHugeEpochMillisBoundsAreRefusedWhereWritten() {
        for (bound, spelled) in [("max: 1.5", "1.5"), ("min: 1e20", "1e+20")] {
            let text = """
            contract: fuzz-epoch-bound
            version: {field: v, writes: 1, accepts: [1]}
            root: Snap
            types:
              Snap:
                fields:
                  at: {type: epochMillis, \(bound), optional: true}
            """
            XCTAssertThrowsError(try SchemaLoader.load(text: text, path: "schema/fuzz-epoch-bound.yaml")) { error in
                let messages = (error as? DiagnosticsError)?.diagnostics.map(\.description) ?? []
                XCTAssertEqual(messages, ["schema/fuzz-epoch-bound.yaml:7:7: error: epochMillis bounds must be integers within ±(2^53−1), not \(Double(spelled)!)"])
            }
        }
    }

    func testAcceptedRegressionSchemasCompileAndConform() throws {
        for tool in ["swiftc", "kotlinc", "java", "tsc", "node"] where !SchemaTextPropertyTests.Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        for (name, text) in Self.accepted {
            try (text + "\n").write(toFile: root + "/schema/\(name).yaml", atomically: true, encoding: .utf8)
        }
        for lang in ["all", "golden"] {
            let result = TestSupport.run(["emit", "--lang", lang], root: root)
            XCTAssertEqual(result.status, 0, result.err)
        }
        XCTAssertEqual(SchemaTextPropertyTests.compile(root), [])
        let conform = TestSupport.run(["conform", "--lang", "all"], root: root)
        XCTAssertEqual(conform.status, 0, conform.out + conform.err)
        try? FileManager.default.removeItem(atPath: root)
    }
}
