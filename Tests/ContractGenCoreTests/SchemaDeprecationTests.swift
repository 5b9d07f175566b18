/// `deprecated: "why"` on a field: located diagnostics, the mark each language generates, that
/// hostile reasons stay inside their comment or string, and that generated code using deprecated
/// fields still compiles warning-free (swiftc -warnings-as-errors, kotlinc -Werror, tsc --strict).
/// The schemas are this test's own text.
import Foundation
import XCTest
@testable import ContractGenCore

final class SchemaDeprecationTests: XCTestCase, SchemaFixtureTest {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, optional: true, doc: The title., deprecated: use heading}
          heading: {type: string, optional: true}
    """

    // MARK: Diagnostics

    func testReasonIsParsedAndReadingIsUnchanged() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.fields.map(\.deprecated), ["use heading", nil])
        // The decoder plan and the goldens do not know about it.
        let plain = try SchemaLoader.load(text: replacing(", deprecated: use heading", with: ""), path: "demo.yaml")
        XCTAssertEqual(GoldenEmitter().files(contract), GoldenEmitter().files(plain))
    }

    func testReasonMustBeNonEmptyText() {
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecated: \"\"")),
                       ["demo.yaml:7:74: error: 'deprecated' needs a non-empty reason: say why the field should no longer be used and what to use instead"])
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecated: \" \\n\\t\"")),
                       ["demo.yaml:7:74: error: 'deprecated' needs a non-empty reason: say why the field should no longer be used and what to use instead"])
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecated: true")),
                       ["demo.yaml:7:74: error: 'deprecated' says why the field should no longer be used: give the reason as text, e.g. 'deprecated: \"use place instead\"', not true"])
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecated: [a]")),
                       ["demo.yaml:7:74: error: 'deprecated' must be text, found a list"])
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecated: ~")),
                       ["demo.yaml:7:74: error: 'deprecated' must be text, found null"])
        XCTAssertEqual(diagnostics(replacing("deprecated: use heading", with: "deprecate: use heading")),
                       ["demo.yaml:7:62: error: unknown key 'deprecate' in field 'Doc.title' (did you mean 'deprecated'?)"])
    }

    func testRefusedSchemaWritesNothing() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try replacing("deprecated: use heading", with: "deprecated: \"\"").write(toFile: root + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("schema/demo.yaml:7:74: error: 'deprecated' needs a non-empty reason"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/generated"))
    }

    // MARK: What each language generates

    func testEachLanguageMarksTheField() throws {
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        let swift = SwiftEmitter().contractFile(contract).contents
        XCTAssertTrue(swift.contains("""
                /// The title.
                ///
                /// - Warning: Deprecated: use heading
                public var title: String?
                public var heading: String?
        """), swift)
        XCTAssertFalse(swift.contains("@available"), swift)
        let kotlin = KotlinEmitter().contractFile(contract).contents
        XCTAssertTrue(kotlin.contains("""
                /**
                 * The title.
                 */
                @Deprecated("use heading")
                val title: String? = null,
                val heading: String? = null
        """), kotlin)
        // Outside the decoder only the encoder reads `title` (it writes every stored field): the
        // suppression is on its writer alone, not on the contract object, so the app's reads still warn.
        XCTAssertEqual(kotlin.components(separatedBy: "DEPRECATION").count - 1, 1, kotlin)
        XCTAssertTrue(kotlin.contains("    @Suppress(\"DEPRECATION\")\n    private fun writeDoc(value: Doc, w: ContractJsonOutput) {"), kotlin)
        let observation = KotlinEmitter().testeeFiles([contract]).first { $0.path.hasSuffix("DemoObservation.kt") }!.contents
        XCTAssertTrue(observation.contains("    @Suppress(\"DEPRECATION\")\n    private fun observeDoc(value: Doc): ContractJson {"), observation)
        let typeScript = TypeScriptEmitter().contractFile(contract).contents
        XCTAssertTrue(typeScript.contains("""
          /**
           * The title.
           * @deprecated use heading
           */
          readonly title: string | null;
          readonly heading: string | null;
        """), typeScript)
        XCTAssertTrue(typeScript.contains("""
          /**
           * The title.
           * Left out (or null): the key is not written.
           * @deprecated use heading
           */
          readonly title?: string | null;
        """), typeScript)
    }

    func testKotlinSuppressesOnlyWhereGeneratedCodeReadsADeprecatedField() throws {
        let text = """
        contract: demo
        version: {field: v, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            fields:
              until: {type: epochMillis, optional: true, deprecated: gone}
              note: {type: string, optional: true}
        behaviours:
          staleness: {field: until}
        """
        let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
        XCTAssertEqual(DecoderPlan(contract).deprecatedFieldsRead, ["Doc.until"])
        let kotlin = KotlinEmitter().contractFile(contract).contents
        XCTAssertTrue(kotlin.contains("""
        // Generated code reads the deprecated Doc.until; the app's own reads still warn.
        @Suppress("DEPRECATION")
        object Demo {
        """), kotlin)
    }

    // MARK: Hostile reasons

    /// Every line terminator, both block-comment delimiters, quotes, backslashes and each
    /// language's interpolation sigil.
    static let hostileReasons = SchemaTextFuzz.lineTerminators.map { "first" + $0 + "} fun injected() {}" }
        + ["a */ b", "a /* b", "say \"no\"", "back\\slash \\(x) \\u0041", "cost $5", "${x} and $x", "*/ /* \"\\$ ${x}\u{2028}\u{202E}end"]

    func testHostileReasonsStayInsideTheirCommentOrString() throws {
        for reason in Self.hostileReasons {
            let text = replacing("deprecated: use heading", with: "deprecated: " + SchemaTextFuzz.yamlQuoted(reason))
            let contract = try SchemaLoader.load(text: text, path: "demo.yaml")
            let plain = try SchemaLoader.load(text: replacing(", doc: The title., deprecated: use heading", with: ""), path: "demo.yaml")
            for (hostile, clean) in zip(SchemaTextPropertyTests.files(contract), SchemaTextPropertyTests.files(plain)) {
                XCTAssertEqual(SchemaTextPropertyTests.hiddenScalars(hostile.contents), [], hostile.path)
                // Outside comments, the only difference is Kotlin's annotation, one line holding
                // exactly the escaped literal.
                var code = SchemaTextPropertyTests.code(hostile.contents)
                if hostile.path.hasSuffix(".kt") {
                    code.removeAll { $0.trimmingCharacters(in: .whitespaces) == "@Deprecated(\(StringLiteral.kotlin(reason)))" }
                    code.removeAll { $0.trimmingCharacters(in: .whitespaces) == KotlinFacts.suppressDeprecation }
                }
                XCTAssertEqual(code, SchemaTextPropertyTests.code(clean.contents), "\(hostile.path): reason \(reason.unicodeScalars.map(\.value))")
            }
        }
        XCTAssertEqual(StringLiteral.kotlin("${x} $5 \"q\" \\ */"), #""\${x} \$5 \"q\" \\ */""#)
    }

    /// A contract whose every field is deprecated with a hostile reason, using every behaviour,
    /// a derived field, nested arrays and a flat observation: everything generated code touches.
    static func everythingDeprecated() -> String {
        var reasons = hostileReasons.makeIterator()
        func why() -> String { SchemaTextFuzz.yamlQuoted(reasons.next() ?? "again") }
        return """
        contract: deprecations
        storage-key: deprecations
        version: {field: v, writes: 1, accepts: [1]}
        root: Doc
        types:
          Doc:
            fields:
              day: {type: localDate, optional: true, deprecated: \(why())}
              until: {type: epochMillis, optional: true, deprecated: \(why())}
              rows: {type: {array: Row}, default: [], deprecated: \(why())}
              colors: {type: {map: string}, default: {}, deprecated: \(why())}
              groups: {type: {array: Group}, default: [], deprecated: \(why())}
              owner: {type: Group, optional: true, deprecated: \(why())}
          Row:
            fields:
              id: {type: string, required: drop-element, deprecated: \(why())}
              done: {type: bool, default: false, deprecated: \(why())}
              colorKey: {type: string, optional: true, deprecated: \(why())}
              color: {type: string, derived: {lookup: colors, key: colorKey}, deprecated: \(why())}
              kind: {type: {enum: [a, b]}, default: a, deprecated: \(why())}
          Group:
            fields:
              name: {type: string, required: drop-element, deprecated: \(why())}
              rows: {type: {array: Row}, default: [], deprecated: \(why())}
        behaviours:
          overlay: {type: Row, id: id, flag: done}
          staleness: {field: until}
          header: {day: day}
          valid-until: {day: day}
          done-queue: {type: Row, id: id, flag: done, storage-key: deprecations_done}
          timeline: {}
        observation: {style: flat, dropped: true}
        """
    }

    func testEverythingDeprecatedCompilesWarningFreeInAllLanguages() throws {
        for tool in ["swiftc", "kotlinc", "java", "tsc"] where !SchemaTextPropertyTests.Tool.exists(tool) { throw XCTSkip("\(tool) not installed") }
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        let text = Self.everythingDeprecated()
        let contract = try SchemaLoader.load(text: text, path: "schema/deprecations.yaml")
        XCTAssertTrue(contract.types.allSatisfy { $0.fields.allSatisfy { $0.deprecated != nil } })
        XCTAssertEqual(DecoderPlan(contract).deprecatedFieldsRead.count, 9, "\(DecoderPlan(contract).deprecatedFieldsRead)")
        try text.write(toFile: root + "/schema/deprecations.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(result.status, 0, result.err)
        let failures = SchemaTextPropertyTests.compile(root)
        XCTAssertEqual(failures, [], "generated code in \(root) does not compile warning-free")
        if failures.isEmpty { try? FileManager.default.removeItem(atPath: root) }
    }
}
