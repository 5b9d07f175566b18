/// Names that would not compile, or would overwrite another file, are refused with
/// `file:line:column`, a name to write instead, exit 2 and nothing written.
import XCTest
@testable import ContractGenCore

final class SchemaNameDiagnosticsTests: XCTestCase {
    /// The same minimal valid schema as the other diagnostic tests; each test breaks one name.
    static let valid = SchemaDiagnosticsTests.valid

    func diagnostics(_ text: String) -> [String] { SchemaDiagnosticsTests.diagnostics(text) }

    func assertDiagnostic(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = diagnostics(text)
        XCTAssertTrue(found.contains(expected), "expected \(expected)\nfound \(found)", file: file, line: line)
    }

    func replacing(_ pairs: [(String, String)]) -> String {
        var text = Self.valid
        for (old, new) in pairs {
            precondition(text.contains(old), "fixture does not contain \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    func testFixtureIsValid() { XCTAssertEqual(diagnostics(Self.valid), []) }

    // MARK: Type names

    func testPlatformTypeNamesAreRefusedWithTheLanguages() {
        for (name, languages) in [("String", "Swift, Kotlin, TypeScript"), ("Map", "Kotlin, TypeScript"), ("ReadonlyArray", "TypeScript"),
                                  ("Equatable", "Swift"), ("Long", "Kotlin"), ("Decoded", "Swift, Kotlin, TypeScript"),
                                  ("ContractJSON", "Swift"), ("ContractJson", "Kotlin, TypeScript"), ("TesteeError", "Swift, Kotlin, TypeScript"),
                                  // Swift Concurrency's Task; TypeScript's Record<K, V> and java.lang.Record; the generated entry type.
                                  ("Task", "Swift"), ("Record", "Kotlin, TypeScript"), ("DoneQueueEntry", "Swift, Kotlin, TypeScript"),
                                  ("Awaited", "TypeScript"), ("Thread", "Kotlin"),
                                  // Their TypeScript decoders would be the module's decodeBytes, decodeTree, decodeScanned.
                                  ("Bytes", "TypeScript"), ("Tree", "TypeScript"), ("Scanned", "TypeScript"),
                                  // Their tree decoders would be the runtime's treeSkip, treeTag, treeTooDeep.
                                  ("Skip", "TypeScript"), ("Tag", "TypeScript"), ("TooDeep", "TypeScript")] {
            assertDiagnostic(replacing([("  Item:", "  \(name):"), ("{array: Item}", "{array: \(name)}")]),
                             "demo.yaml:16:3: error: type name '\(name)' is already a name in \(languages) (a platform type or one contract-gen's generated code declares); rename it, e.g. '\(name)Value'")
        }
    }

    func testRuntimeNamesAreReadFromTheRuntimeSources() {
        XCTAssertTrue(TakenNames.swift.isSuperset(of: ["ContractJSON", "ContractJSONScanner", "ContractCalendar", "ContractDoneQueue"]))
        XCTAssertTrue(TakenNames.kotlin.isSuperset(of: ["ContractJson", "ContractJsonScanner", "ContractSafeInteger", "ContractCalendar", "ContractDoneQueue"]))
        XCTAssertTrue(TakenNames.typeScript.isSuperset(of: ["ContractJson", "ContractJsonScanner"]))
        // The testees' constant part is read from its sources too (Runtime/*/testee).
        XCTAssertTrue(TakenNames.swift.isSuperset(of: ["TesteeSupport", "TesteeError", "Given"]))
        XCTAssertTrue(TakenNames.kotlin.isSuperset(of: ["TesteeSupport", "RequestLines", "Given"]))
    }

    // MARK: Field names

    func testSwiftModifierFieldName() {
        assertDiagnostic(replacing([("      name:", "      internal:")]),
                         "demo.yaml:10:7: error: field name 'internal' is a declaration keyword in Swift; rename it, e.g. 'internalValue', and keep its JSON key with 'json: internal'")
    }

    /// `at` (an instant) gets the accessor `atDate` in Swift and Kotlin: a sibling field of that name is refused.
    func testFieldNamedAfterAnInstantsDateAccessor() {
        assertDiagnostic(replacing([("      name:\n        type: string\n", "      at:\n        type: epochMillis\n        optional: true\n      atDate:\n        type: string\n")]),
                         "demo.yaml:13:7: error: field name 'atDate' is the Date accessor generated for the instant field 'at' of Doc; rename it, e.g. 'atDateValue', and keep its JSON key with 'json: atDate'")
        XCTAssertEqual(diagnostics(replacing([("      name:\n", "      nameDate:\n")])), [], "a string field's sibling may be called anything")
    }

    func testDroppedCounterFieldName() {
        assertDiagnostic(replacing([("      name:", "      dropped:")]),
                         "demo.yaml:10:7: error: field name 'dropped' is the decoder's own count of dropped elements; rename it, e.g. 'droppedCount'")
    }

    /// Every Swift struct declares `customMirror` (print and dump show the fields only), and its
    /// public init, in `extension Demo.Doc`, names other types through the namespace: a member of
    /// the struct named like the namespace (an enum a field declares, Identifiable's `ID`) would
    /// hide it. The standard library's names there are written `Swift.Mirror`, so `Mirror` stays free.
    func testNamesTheSwiftStructsUse() {
        assertDiagnostic(replacing([("      name:", "      customMirror:")]),
                         "demo.yaml:10:7: error: field name 'customMirror' is a member every generated Swift struct declares (its Mirror, for print and dump); rename it, e.g. 'customMirrorValue', and keep its JSON key with 'json: customMirror'")
        assertDiagnostic(replacing([("      name:\n        type: string\n        optional: true", "      demo:\n        type: {enum: [a, b]}\n        default: a")]),
                         "demo.yaml:10:7: error: enum field 'demo' names its enum type 'Demo', which is the Swift namespace; rename the field, e.g. 'demoKind'")
        let id = diagnostics(replacing([("contract: demo\n", "contract: demo\ntargets:\n  swift: {namespace: ID}\n")]))
        XCTAssertTrue(id.contains { $0.hasSuffix("error: Swift namespace 'ID' is the identity type every Identifiable struct declares; write e.g. 'IDContract' (set it under 'targets' if the contract name gave it)") }, "\(id)")
        XCTAssertEqual(diagnostics(replacing([("      name:\n        type: string\n        optional: true", "      mirror:\n        type: {enum: [a, b]}\n        default: a")])), [],
                       "a field may still declare an enum Mirror")
        XCTAssertTrue(TakenNames.languages(taking: "Mirror").isEmpty)
    }

    func testFieldNamedAfterASiblingsGeneratedLocal() {
        for suffix in ["Slot", "Dropped"] {
            assertDiagnostic(replacing([("      name:", "      items\(suffix):")]),
                             "demo.yaml:10:7: error: field name 'items\(suffix)' is the name the decoder gives its own 'items\(suffix)' local for field 'items' of Doc; rename it, e.g. 'items\(suffix)Value'")
        }
        // Without the sibling there is nothing to collide with.
        XCTAssertEqual(diagnostics(replacing([("      name:", "      nameSlot:")])), [])
    }

    func testFieldNamedLikeADecoderParameterDoesNotShadowIt() throws {
        // `context` is also the Swift decoder's parameter, which the code after the field's local
        // still uses (`context.dropped` for the kept object's drops; the fail-document field's
        // `context.failed` comes first, as every fail-document check does), so the field's local
        // is `context_` (never a field name: no underscores).
        let text = replacing([("      name:\n        type: string\n        optional: true",
                               "      context:\n        type: string\n        optional: true\n      count:\n        type: integer\n        required: fail-document")])
        let swift = SwiftEmitter().contractFile(try SchemaLoader.load(text: text, path: "demo.yaml")).contents
        XCTAssertTrue(swift.contains("        guard let count = countSlot else {\n            context.failed = true"), swift)
        XCTAssertTrue(swift.contains("        let context_ = contextSlot\n        let items = itemsSlot ?? []\n        context.dropped += itemsDropped"), swift)
        XCTAssertTrue(swift.contains("return Doc(context: context_, count: count, items: items, _memberwise: ContractMemberwise())"), swift)
    }

    // MARK: Enums

    func enumSchema(_ values: String) -> String {
        replacing([("        type: string\n        optional: true", "        type: {enum: [\(values)]}\n        optional: true")])
    }

    func testEnumValuesCollidingAfterCaseConversion() {
        // a-b, a_b, aB: Swift lowerCamel aB for all three, Kotlin A_B for all three.
        let found = diagnostics(enumSchema("a-b, a_b, aB"))
        let advice = "keep one spelling (values may differ in more than case, '-' and '_')"
        XCTAssertEqual(found, [
            "demo.yaml:11:15: error: enum values 'a-b' and 'a_b' both become the Swift case 'aB'; \(advice)",
            "demo.yaml:11:15: error: enum values 'a-b' and 'aB' both become the Swift case 'aB'; \(advice)",
            "demo.yaml:11:15: error: enum values 'a-b' and 'a_b' both become the Kotlin case 'A_B'; \(advice)",
            "demo.yaml:11:15: error: enum values 'a-b' and 'aB' both become the Kotlin case 'A_B'; \(advice)",
        ])
        assertDiagnostic(enumSchema("Busy, busy"), "demo.yaml:11:15: error: enum values 'Busy' and 'busy' both become the Swift case 'busy'; \(advice)")
        assertDiagnostic(enumSchema("Busy, busy"), "demo.yaml:11:15: error: enum values 'Busy' and 'busy' both become the Kotlin case 'BUSY'; \(advice)")
        assertDiagnostic(enumSchema("not_started, notStarted"), "demo.yaml:11:15: error: enum values 'not_started' and 'notStarted' both become the Swift case 'notStarted'; \(advice)")
        assertDiagnostic(enumSchema("not_started, notStarted"), "demo.yaml:11:15: error: enum values 'not_started' and 'notStarted' both become the Kotlin case 'NOT_STARTED'; \(advice)")
    }

    func testEnumValueNoneIsASwiftCaseThatIsNotOptionalNone() throws {
        let contract = try SchemaLoader.load(text: enumSchema("none, some"), path: "demo.yaml")
        let swift = SwiftEmitter().contractFile(contract).contents
        XCTAssertTrue(swift.contains("case noneValue = \"none\"\n"), swift)
        XCTAssertFalse(swift.contains("case none\n"))
        // A value that would also become `noneValue` is refused.
        assertDiagnostic(enumSchema("none, none-value"), "demo.yaml:11:15: error: enum values 'none' and 'none-value' both become the Swift case 'noneValue'; keep one spelling (values may differ in more than case, '-' and '_')")
    }

    func testEnumFieldWhoseTypeNameHidesAType() throws {
        assertDiagnostic(replacing([("      name:\n        type: string", "      item:\n        type: {enum: [a]}")]),
                         "demo.yaml:10:7: error: enum field 'item' names its enum type 'Item', which is a declared type; rename the field, e.g. 'itemKind'")
        // A platform name is not refused: every language suffixes it.
        let contract = try SchemaLoader.load(text: replacing([("      name:\n        type: string", "      string:\n        type: {enum: [a]}")]), path: "demo.yaml")
        XCTAssertTrue(SwiftEmitter().contractFile(contract).contents.contains("public enum StringValue: String"))
        XCTAssertTrue(KotlinEmitter().contractFile(contract).contents.contains("enum class StringValue(val json: String)"))
        XCTAssertTrue(TypeScriptEmitter().contractFile(contract).contents.contains("export type DocString = \"a\";"))
        // `Type` cannot name a member type in Swift (`Doc.Type` is the metatype); Kotlin keeps it.
        let typed = try SchemaLoader.load(text: replacing([("      name:\n        type: string", "      type:\n        type: {enum: [a]}")]), path: "demo.yaml")
        XCTAssertTrue(SwiftEmitter().contractFile(typed).contents.contains("public enum TypeValue: String"))
        XCTAssertTrue(KotlinEmitter().contractFile(typed).contents.contains("enum class Type(val json: String)"))
    }

    // MARK: Names with a trailing line break

    func testTrailingLineBreakInNamesIsRefused() {
        for terminator in ["\\n", "\\r", "\\L", "\\N"] {
            let contract = diagnostics(replacing([("contract: demo", "contract: \"demo\(terminator)\"")]))
            XCTAssertTrue(contract.contains { $0.hasPrefix("demo.yaml:1:11: error: contract name 'demo") && $0.hasSuffix("' must be lowercase-kebab-case, e.g. widget-data") }, "\(contract)")
            let module = diagnostics(replacing([("root: Doc", "targets:\n  typescript: {module: \"demo\(terminator)\"}\nroot: Doc")]))
            XCTAssertTrue(module.contains { $0.hasPrefix("demo.yaml:7:24: error: TypeScript module 'demo") }, "\(module)")
            let value = diagnostics(enumSchema("\"idle\(terminator)\""))
            XCTAssertTrue(value.contains { $0.hasPrefix("demo.yaml:11:22: error: enum value 'idle") }, "\(value)")
        }
    }

    // MARK: Targets

    func testKotlinPackageWithKeywordSegment() {
        assertDiagnostic(replacing([("root: Doc", "targets:\n  kotlin: {package: dev.object.x}\nroot: Doc")]),
                         "demo.yaml:7:21: error: Kotlin package 'dev.object.x' has the Kotlin keyword 'object' as a segment; write e.g. 'dev.objectpkg.x'")
        assertDiagnostic(replacing([("root: Doc", "targets:\n  kotlin: {package: \"dev..x\"}\nroot: Doc")]),
                         "demo.yaml:7:21: error: Kotlin package 'dev..x' must be dot-separated identifiers (a letter, then letters or digits), but '' is not; write e.g. 'com.example.widget'")
    }

    func testTargetNamesThatAreKeywordsOrTaken() {
        assertDiagnostic(replacing([("root: Doc", "targets:\n  swift: {namespace: String}\nroot: Doc")]),
                         "demo.yaml:7:22: error: Swift namespace 'String' is already a platform or contract-gen runtime name; write e.g. 'StringContract'")
        assertDiagnostic(replacing([("root: Doc", "targets:\n  kotlin: {object: class}\nroot: Doc")]),
                         "demo.yaml:7:20: error: Kotlin object 'class' is a reserved word in Swift; write e.g. 'ClassContract'")
        assertDiagnostic(replacing([("root: Doc", "targets:\n  kotlin: {object: object}\nroot: Doc")]),
                         "demo.yaml:7:20: error: Kotlin object 'object' is a reserved word in Kotlin; write e.g. 'ObjectContract'")
    }

    func testTargetsDerivedFromTheContractNameAreChecked() {
        // `contract: string` gives the namespace and object `String` and the module alias `String`.
        let found = diagnostics(replacing([("contract: demo", "contract: string")]))
        let hint = " (set it under 'targets' if the contract name gave it)"
        XCTAssertEqual(found, [
            "demo.yaml:1:1: error: Swift namespace 'String' is already a platform or contract-gen runtime name; write e.g. 'StringContract'" + hint,
            "demo.yaml:1:1: error: Kotlin object 'String' is already a platform or contract-gen runtime name; write e.g. 'StringContract'" + hint,
            "demo.yaml:1:1: error: TypeScript module alias 'String' is already a platform or contract-gen runtime name; write e.g. 'StringContract'" + hint,
        ])
        assertDiagnostic(replacing([("contract: demo", "contract: in")]),
                         "demo.yaml:1:1: error: Kotlin package 'dev.contractgen.in' has the Kotlin keyword 'in' as a segment; write e.g. 'dev.contractgen.inpkg'" + hint)
    }

    // MARK: Output files (CLI: exit 2, nothing written)

    func writeSchemas(_ schemas: [String: String]) -> String {
        let root = TestSupport.temporaryDirectory()
        try! FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        for (name, text) in schemas { try! text.write(toFile: root + "/schema/" + name, atomically: true, encoding: .utf8) }
        return root
    }

    func assertRefusedWritingNothing(_ root: String, _ arguments: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let before = TestSupport.snapshot(root)
        let result = TestSupport.run(["emit", "--lang", "all", "--out", "out"] + arguments, root: root)
        XCTAssertEqual(result.status, 2, result.err, file: file, line: line)
        for text in expected { XCTAssertTrue(result.err.contains(text), "expected \(text)\nin \(result.err)", file: file, line: line) }
        XCTAssertEqual(TestSupport.snapshot(root), before, "emit wrote files", file: file, line: line)
    }

    func testTwoContractsMappingToTheSameFiles() {
        let root = writeSchemas([
            "a.yaml": replacing([("contract: demo", "contract: alpha\ntargets: {swift: {namespace: Same}, kotlin: {package: dev.same, object: Same}, typescript: {module: same}}")]),
            "b.yaml": replacing([("contract: demo", "contract: beta\ntargets: {swift: {namespace: Same}, kotlin: {package: dev.same, object: Same}, typescript: {module: same}}")]),
        ])
        assertRefusedWritingNothing(root, [], [
            "schema/b.yaml:1:1: error: the Swift file of contract 'beta', generated/swift/Contracts/Same.swift, is also the file of contract 'alpha'; give the contract its own swift.namespace in 'targets'",
            "schema/b.yaml:1:1: error: the Kotlin file of contract 'beta', generated/kotlin/dev/same/Same.kt, is also the file of contract 'alpha'; give the contract its own kotlin.package or kotlin.object in 'targets'",
            "schema/b.yaml:1:1: error: the TypeScript file of contract 'beta', generated/typescript/same.ts, is also the file of contract 'alpha'; give the contract its own typescript.module in 'targets'",
        ])
    }

    func testFileNamesDifferingOnlyInCaseCollide() {
        let root = writeSchemas([
            "a.yaml": replacing([("contract: demo", "contract: alpha\ntargets: {swift: {namespace: Same}}")]),
            "b.yaml": replacing([("contract: demo", "contract: beta\ntargets: {swift: {namespace: SAME}}")]),
        ])
        assertRefusedWritingNothing(root, [], ["the Swift file of contract 'beta', generated/swift/Contracts/SAME.swift, is also the file of contract 'alpha'"])
    }

    func testContractOverwritingTheRuntimeOrTestee() {
        let root = writeSchemas(["a.yaml": replacing([("contract: demo", "contract: contract-runtime")])])
        assertRefusedWritingNothing(root, [], [
            "the Swift file of contract 'contract-runtime', generated/swift/Contracts/ContractRuntime.swift, is also the file of contract-gen's runtime",
            "the TypeScript file of contract 'contract-runtime', generated/typescript/contract-runtime.ts, is also the file of contract-gen's runtime",
        ])
        let testee = writeSchemas(["a.yaml": replacing([("contract: demo", "contract: demo\ntargets: {typescript: {module: testee}}")])])
        // The module alias `Testee` is refused first, at the module's own line and column.
        assertRefusedWritingNothing(testee, [], ["schema/a.yaml:2:32: error: TypeScript module alias (the testee imports 'testee' as) 'Testee' is already a platform or contract-gen runtime name; write e.g. 'TesteeContract'"])
    }

    func testSameKotlinObjectInTwoPackagesClashesInTheTestee() {
        let root = writeSchemas([
            "a.yaml": replacing([("contract: demo", "contract: alpha\ntargets: {kotlin: {package: dev.a, object: Same}}")]),
            "b.yaml": replacing([("contract: demo", "contract: beta\ntargets: {kotlin: {package: dev.b, object: Same}}")]),
        ])
        assertRefusedWritingNothing(root, [], ["schema/b.yaml:1:1: error: contracts 'alpha' and 'beta' both have the Kotlin name 'Same', which the testee imports both under; give one another kotlin.package or kotlin.object in 'targets'"])
        // One --kotlin-package for two contracts puts both objects in one package: still distinct files.
        let fine = writeSchemas(["a.yaml": replacing([("contract: demo", "contract: alpha")]), "b.yaml": replacing([("contract: demo", "contract: beta")])])
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "kotlin", "--out", "-", "--kotlin-package", "dev.one"], root: fine).status, 0)
    }

    func testKotlinPackageOptionIsValidated() {
        let root = writeSchemas(["a.yaml": Self.valid])
        for (package, problem) in [("dev.when.x", "has the Kotlin keyword 'when' as a segment; write e.g. 'dev.whenpkg.x'"),
                                   ("dev.x\n", "must be dot-separated identifiers"), ("dev;x", "must be dot-separated identifiers"), ("", "must be dot-separated identifiers")] {
            assertRefusedWritingNothing(root, ["--kotlin-package", package], ["error: --kotlin-package: Kotlin package '\(package)' \(problem)"])
        }
    }

    func testOutputPathsMatchTheEmitters() throws {
        for contract in try TestSupport.loadBundled() {
            for language in Language.allCases {
                let emitter = GeneratorPipeline.emitter(for: language, kotlinPackage: nil)
                XCTAssertEqual(OutputPaths.contractFile(contract, language, kotlinPackage: nil), emitter.contractFile(contract).path)
                let moved = GeneratorPipeline.emitter(for: language, kotlinPackage: "dev.moved")
                XCTAssertEqual(OutputPaths.contractFile(contract, language, kotlinPackage: "dev.moved"), moved.contractFile(contract).path)
            }
        }
    }
}
