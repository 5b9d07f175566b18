/// Tagged unions: the schema syntax, every refusal pinned to its `file:line:column` (and `emit`
/// of one exits 2 and writes nothing), the decoder plan, and the gate's union rules both ways.
/// The schemas are this test's own text.
import Foundation
import XCTest
@testable import ContractGenCore

final class UnionTests: XCTestCase, SchemaFixtureTest {
    static let valid = """
    contract: demo
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          items: {type: {array: Item}, default: []}
          main: {type: Item, optional: true}
      Item:
        doc: One item.
        union:
          tag: kind
          tag-json: type
          variants: {text: Text, image: Image}
          unknown: text
      Text:
        fields:
          body: {type: string, required: drop-element}
      Image:
        fields:
          url: {type: string, required: drop-element}
          width: {type: integer, optional: true}
    """

    func testUnionIsValidAndResolvedByName() throws {
        XCTAssertEqual(diagnostics(Self.valid), [])
        let contract = try SchemaLoader.load(text: Self.valid, path: "demo.yaml")
        XCTAssertEqual(contract.rootType.fields.map(\.type), [.array(.union("Item")), .union("Item")])
        let union = try XCTUnwrap(contract.union(named: "Item"))
        XCTAssertEqual(union.tag, "kind")
        XCTAssertEqual(union.tagKey, "type")
        XCTAssertEqual(union.variants.map(\.tag), ["text", "image"])
        XCTAssertEqual(union.variants.map(\.typeName), ["Text", "Image"])
        XCTAssertEqual(union.fallback?.typeName, "Text")
        XCTAssertEqual(contract.types.map(\.name), ["Doc", "Text", "Image"])
    }

    /// `tag-json` is any text, and it is quoted in a comment per variant: line terminators and
    /// comment delimiters in it must stay inside that comment in every language.
    func testAHostileTagKeyStaysInsideItsComments() throws {
        let hostile = #"tag-json: "t\n*/ fun injected() = 1 /*\u2028// x\r\nlet injected = 1""#
        let contract = try SchemaLoader.load(text: replacing("tag-json: type", with: hostile), path: "demo.yaml")
        for language in [Language.swift, .kotlin, .typescript] {
            let text = GeneratorPipeline.emitter(for: language).contractFile(contract).contents
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }) where line.contains("injected") {
                let code = line.trimmingCharacters(in: .whitespaces)
                XCTAssertTrue(code.hasPrefix("//") || code.hasPrefix("/*") || code.hasPrefix("*") || code.contains("\"") , "\(language): \(line)")
            }
            if language == .kotlin {
                // Outside string literals (the peekTag key is one, escaped), no comment may be closed early.
                for line in text.split(whereSeparator: { $0.isNewline }) where line.contains("injected") && !line.contains("\"") {
                    XCTAssertFalse(line.contains("*/ fun"), "\(language): \(line)")
                }
            }
        }
    }

    func testVariantsMustBeDeclaredObjectTypes() {
        XCTAssertEqual(diagnostics(replacing("image: Image}", with: "image: Imgae}")),
                       ["demo.yaml:14:37: error: the variant of tag 'image' names 'Imgae', which is not a declared object type (did you mean 'Image'?)"])
        XCTAssertEqual(diagnostics(replacing("image: Image}", with: "image: Item}")),
                       ["demo.yaml:14:37: error: the variant of tag 'image' names union 'Item'; a variant must be an object type (declare one holding the union as a field)"])
        XCTAssertEqual(diagnostics(replacing("image: Image}", with: "image: string}")),
                       ["demo.yaml:14:37: error: the variant of tag 'image' must name an object type (UpperCamelCase), not 'string'"])
        XCTAssertEqual(diagnostics(replacing("image: Image}", with: "image: {array: Image}}")),
                       ["demo.yaml:14:37: error: the variant of tag 'image' must name an object type declared under 'types:', not a type expression such as {array: …}; declare an object type with a field of that type and name it here"])
    }

    func testVariantsAndTagsAreWellFormed() {
        XCTAssertEqual(diagnostics(replacing("variants: {text: Text, image: Image}", with: "variants: {}")),
                       ["demo.yaml:14:17: error: 'variants' of union 'Item' must be a non-empty mapping of tag values to object types, e.g. {photo: Photo, link: Link}"])
        XCTAssertEqual(diagnostics(replacing("variants: {text: Text,", with: "variants: {'a b': Text,")).first,
                       "demo.yaml:14:18: error: union tag 'a b' must start with a letter and hold only letters, digits, '-' and '_'")
        XCTAssertEqual(diagnostics(replacing("variants: {text: Text, image: Image}", with: "variants: {text: Text, image: Image, Text: Text}")),
                       ["demo.yaml:14:50: error: union tags 'text' and 'Text' both become the Swift case 'text'; keep one spelling (tags may differ in more than case, '-' and '_')",
                        "demo.yaml:14:50: error: union tags 'text' and 'Text' both become the Kotlin case 'Text'; keep one spelling (tags may differ in more than case, '-' and '_')"])
        XCTAssertEqual(diagnostics(replacing("variants: {text: Text, image: Image}", with: "variants: {text: Text, item: Image}")),
                       ["demo.yaml:14:36: error: union tag 'item' becomes the Kotlin subclass 'Item.Item', which Kotlin cannot nest in a class of the same name; spell the tag otherwise, e.g. 'item-value'"])
    }

    func testFallbackMustBeATag() {
        XCTAssertEqual(diagnostics(replacing("unknown: text", with: "unknown: txet")),
                       ["demo.yaml:15:16: error: 'unknown: txet' must be one of the tags [text, image] (did you mean 'text'?): an unknown tag string reads as that variant"])
        XCTAssertEqual(diagnostics(replacing("unknown: text", with: "unknown: Text")).first?.hasPrefix("demo.yaml:15:16: error: 'unknown: Text' must be one of the tags"), true)
    }

    func testTagNames() {
        XCTAssertEqual(diagnostics(replacing("tag: kind", with: "tag: Kind")).first?.hasPrefix("demo.yaml:12:12: error: 'tag' is the discriminator's name in code, a lowerCamelCase identifier"), true)
        XCTAssertEqual(diagnostics(replacing("tag: kind", with: "tag: class")),
                       ["demo.yaml:13:17: error: tag name 'class' of union 'Item' is a reserved word in Swift; name it e.g. 'classTag' and keep its JSON key with 'tag-json: type'"])
        XCTAssertEqual(diagnostics(replacing("      tag-json: type\n", with: "")), [])
        XCTAssertEqual(diagnostics(replacing("tag-json: type", with: "tag-json: ''")).first?.hasPrefix("demo.yaml:13:17: error: 'tag-json' is the discriminator's JSON key"), true)
    }

    func testVariantFieldsMayNotUseTheTag() {
        XCTAssertEqual(diagnostics(replacing("body: {type: string, required: drop-element}", with: "body: {type: string, json: type, required: drop-element}")),
                       ["demo.yaml:18:34: error: field 'Text.body' uses the JSON key 'type', which is the tag of union 'Item' (Text is its variant 'text'); the tag is not a field of its variants: remove the field or give it another 'json:' key"])
        XCTAssertEqual(diagnostics(replacing("width: {type: integer", with: "kind: {type: integer")),
                       ["demo.yaml:22:7: error: field 'Image.kind' has the code name of the tag of union 'Item' (Image is its variant 'image'); TypeScript gives the variant a 'kind' property: rename the field, e.g. 'kindValue', or the tag"])
    }

    func testUnionShapeErrors() {
        XCTAssertEqual(diagnostics(replacing("    union:\n", with: "    fields: {a: {type: string, optional: true}}\n    union:\n")),
                       ["demo.yaml:11:5: error: type 'Item' is a union, so it takes no 'fields' (its variants' object types declare fields)"])
        XCTAssertEqual(diagnostics(replacing("unknown: text", with: "unknown: text\n      fallback: text")),
                       ["demo.yaml:16:7: error: unknown key 'fallback' in 'union' of type 'Item' (expected one of: tag, tag-json, variants, unknown)"])
        XCTAssertEqual(diagnostics(replacing("main: {type: Item, optional: true}", with: "main: {type: Item, default: {}}")),
                       ["demo.yaml:8:35: error: a Item field cannot have a default: an object or union value has no default to write (which fields, which variant?); make it optional or required"])
        XCTAssertEqual(diagnostics(replacing("root: Doc", with: "root: Item")),
                       ["demo.yaml:1:1: error: root type 'Item' is a union; the root must be an object type (it holds the version gate)"])
    }

    func testUnionsAreReachedAndAcyclic() {
        XCTAssertEqual(diagnostics(replacing("      main: {type: Item, optional: true}\n", with: "").replacingOccurrences(of: "items: {type: {array: Item}, default: []}", with: "items: {type: {array: Text}, default: []}")),
                       ["demo.yaml:18:3: error: type 'Image' is declared but never reached from root 'Doc'",
                        "demo.yaml:8:3: error: type 'Item' is declared but never reached from root 'Doc'"])
        XCTAssertEqual(diagnostics(replacing("width: {type: integer, optional: true}", with: "width: {type: Item, optional: true}")),
                       ["demo.yaml:19:3: error: type 'Image' contains itself; contracts are trees",
                        "demo.yaml:9:3: error: type 'Item' contains itself; contracts are trees"])
    }

    func testUnionNamesAreCheckedLikeTypeNames() {
        let renamed = Self.valid.replacingOccurrences(of: "Item", with: "Result")
        XCTAssertEqual(diagnostics(renamed), ["demo.yaml:9:3: error: type name 'Result' is already a name in Swift, Kotlin (a platform type or one contract-gen's generated code declares); rename it, e.g. 'ResultValue'"])
        XCTAssertEqual(diagnostics(Self.valid.replacingOccurrences(of: "Image", with: "ItemText")),
                       ["demo.yaml:14:24: error: union tag 'text' of Item names the TypeScript interface 'ItemText', which a declared type (or its writer type) already uses; rename the type or spell the tag otherwise"])
        let input = Self.valid.replacingOccurrences(of: "Image", with: "ItemInput")
        XCTAssertEqual(diagnostics(input), ["demo.yaml:19:3: error: type name 'ItemInput' clashes with the TypeScript writer type of 'Item'"])
    }

    func testNothingThatWalksIsReachedThroughAUnion() {
        let derived = replacing("      main: {type: Item, optional: true}\n", with: "      main: {type: Item, optional: true}\n      names: {type: {map: string}, default: {}}\n")
            .replacingOccurrences(of: "width: {type: integer, optional: true}", with: "width: {type: integer, optional: true}\n      key: {type: string, optional: true}\n      label: {type: string, derived: {lookup: names, key: key}}")
        XCTAssertEqual(diagnostics(derived),
                       ["demo.yaml:25:7: error: type 'Image' is reached through a union, so its derived field 'label' cannot be filled in (derived fields are not resolved through unions); make it a stored field"])
    }

    func testEmitOfABadUnionExitsTwoAndWritesNothing() throws {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try replacing("unknown: text", with: "unknown: video").write(toFile: directory + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all", "--schema", "schema/demo.yaml", "--out", directory + "/out"], root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "schema/demo.yaml:15:16: error: 'unknown: video' must be one of the tags [text, image]: an unknown tag string reads as that variant\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"), "a schema error must write nothing")
    }

    // MARK: Plan

    func testPlanReadsUnionsThroughTheirDecoder() throws {
        let plan = DecoderPlan(try SchemaLoader.load(text: Self.valid, path: "demo.yaml"))
        XCTAssertEqual(plan.unions.map(\.name), ["Item"])
        XCTAssertEqual(plan.unions[0].tagKey, "type")
        XCTAssertEqual(plan.unions[0].tagName, "kind")
        XCTAssertEqual(plan.unions[0].variants.map(\.typeName), ["Text", "Image"])
        XCTAssertEqual(plan.unions[0].fallback?.tag, "text")
        XCTAssertEqual(plan.root.slots.map(\.read.operation), [.array(.union("Item")), .union("Item")])
        // A union's drops are held like an object's: a later duplicate key replaces them.
        XCTAssertEqual(plan.root.slots.map(\.countsDrops), [true, true])
        XCTAssertTrue(plan.runtimeNeeds.isSuperset(of: [.unionTag, .writeUnion]))
        XCTAssertEqual(plan.composites.map(\.operation), [.array(.union("Item"))])
    }

    // MARK: Gate

    func changes(_ old: String, _ new: String) throws -> [SchemaChange] {
        SchemaComparison.compare(old: try SchemaLoader.load(text: old, path: "demo.yaml"), new: try SchemaLoader.load(text: new, path: "demo.yaml"))
    }

    func assertRule(_ rule: SchemaChange.Rule, breaking: Bool, from base: String = UnionTests.valid, _ changed: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try changes(base, changed)
        XCTAssertTrue(found.contains { $0.rule == rule && $0.isBreaking == breaking }, "\(rule): \(found.map(\.message))", file: file, line: line)
        XCTAssertEqual(found.contains(where: \.isBreaking), breaking, "\(found.map(\.message))", file: file, line: line)
        guard breaking else { return }
        let bumped = changed.replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [2]")
        XCTAssertFalse(try changes(base, bumped).contains(where: \.isBreaking), "a bump that rejects v:1 allows \(rule)", file: file, line: line)
        let hole = changed.replacingOccurrences(of: "writes: 1, accepts: [1]", with: "writes: 2, accepts: [1, 2]")
        XCTAssertTrue(try changes(base, hole).contains { $0.rule == rule && $0.isBreaking }, "v:1 still read: \(rule) stays breaking", file: file, line: line)
    }

    func testVariantAddedIsANoteRemovedIsBreaking() throws {
        let added = replacing("variants: {text: Text, image: Image}", with: "variants: {text: Text, image: Image, caption: Text}")
        try assertRule(.unionVariantAdded, breaking: false, added)
        XCTAssertEqual(try changes(Self.valid, added).first?.message, "union 'Item': variant 'caption' (Text) added")
        XCTAssertEqual(try changes(Self.valid, added).first?.location?.description, "demo.yaml:14:53")
        try assertRule(.unionVariantRemoved, breaking: true, from: added, Self.valid)
    }

    func testVariantTypeChangedIsBreaking() throws {
        try assertRule(.unionVariantTypeChanged, breaking: true, replacing("image: Image}", with: "image: Text}").replacingOccurrences(of: "\n  Image:\n    fields:\n      url: {type: string, required: drop-element}\n      width: {type: integer, optional: true}", with: ""))
    }

    func testTagKeyChangedIsBreakingTagCodeNameIsANote() throws {
        try assertRule(.unionTagChanged, breaking: true, replacing("tag-json: type", with: "tag-json: kind_of"))
        try assertRule(.codeNameChanged, breaking: false, replacing("tag: kind", with: "tag: sort"))
    }

    func testFallbackAddedIsANoteRemovedOrChangedIsBreaking() throws {
        let without = replacing("      unknown: text\n", with: "")
        try assertRule(.unionUnknownRemoved, breaking: true, without)
        try assertRule(.unionUnknownChanged, breaking: true, replacing("unknown: text", with: "unknown: image"))
        let found = try changes(without, Self.valid)
        XCTAssertEqual(found.map(\.rule), [.unionUnknownAdded])
        XCTAssertFalse(found[0].isBreaking)
    }

    /// A union under a new name that reads every blob as the old one did is a rename: blobs carry
    /// no type names. Only the app's code that names the type must follow, so it is a note.
    func testUnionRenamedWithTheSameShapeIsANote() throws {
        let found = try changes(Self.valid, Self.valid.replacingOccurrences(of: "Item", with: "Entry"))
        XCTAssertFalse(found.contains(where: \.isBreaking), "\(found.map(\.message))")
        XCTAssertTrue(found.contains { $0.message.hasPrefix("union 'Item' is now named 'Entry'") }, "\(found.map(\.message))")
    }

    /// The union is gone and its fields now hold one of its variants.
    func testUnionRemovedIsTypeRemoved() throws {
        let union = """
          Item:
            doc: One item.
            union:
              tag: kind
              tag-json: type
              variants: {text: Text, image: Image}
              unknown: text

        """
        XCTAssertTrue(Self.valid.contains(union))
        let found = try changes(Self.valid, Self.valid.replacingOccurrences(of: union, with: "")
            .replacingOccurrences(of: "{array: Item}", with: "{array: Text}").replacingOccurrences(of: "type: Item,", with: "type: Image,"))
        XCTAssertTrue(found.contains { $0.rule == .typeRemoved && $0.isBreaking && $0.message.hasPrefix("union 'Item' removed") }, "\(found.map(\.message))")
        XCTAssertEqual(found.filter { $0.rule == .fieldTypeChanged }.count, 2)
    }
}
