/// TypeScript's tree functions (TypeScriptTreeRenderer) on schemas written here: keys named like
/// Object.prototype members are read as own members only, derived fields are filled in as read,
/// and a contract with a fail-document field below the root gets no tree path. (Behaviour is
/// decided by the golden suite and the differential; these pin what the renderer writes.)
import XCTest
@testable import ContractGenCore

final class TypeScriptTreeDecoderTests: XCTestCase {
    static func contract(_ types: String) throws -> Contract {
        try SchemaLoader.load(text: """
        contract: tree-test
        doc: Tree test.
        targets:
          swift: {namespace: TreeTest}
          kotlin: {package: dev.tree, object: TreeTest}
          typescript: {module: tree-test}
        version: {field: ver, writes: 1, accepts: [1], doc: Version.}
        root: R
        types:
        \(types)
        """, path: "tree-test.yaml")
    }

    func testInheritedKeyNamesAreReadAsOwnMembersOnly() throws {
        let contract = try Self.contract("""
          R:
            doc: Root.
            fields:
              ctor: {type: string, optional: true, json: constructor, doc: C.}
              proto: {type: {map: integer}, default: {}, json: __proto__, doc: P.}
              plain: {type: bool, default: false, doc: B.}
        """)
        let text = TypeScriptEmitter().contractFile(contract).contents
        XCTAssertTrue(text.contains(#"const item = (Object.prototype.hasOwnProperty.call(object, "constructor") ? object["constructor"] : undefined);"#), text)
        XCTAssertTrue(text.contains(#"const item = (Object.prototype.hasOwnProperty.call(object, "__proto__") ? object["__proto__"] : undefined);"#), text)
        XCTAssertTrue(text.contains(#"const item = object["plain"];"#), text)
        XCTAssertTrue(text.contains("function decodeTree(text: string, json: unknown, reporting: boolean): Decoded | undefined {"), text)
    }

    func testDerivedFieldsAreFilledInAsRead() throws {
        let contract = try Self.contract("""
          R:
            doc: Root.
            fields:
              rows: {type: {array: E}, default: [], doc: Rows.}
              names: {type: {map: string}, default: {}, doc: Names.}
          E:
            doc: Row.
            fields:
              id: {type: string, required: drop-element, doc: Id.}
              key: {type: string, optional: true, doc: Key.}
              name: {type: string, derived: {lookup: names, key: key}, doc: Name.}
        """)
        let text = TypeScriptEmitter().contractFile(contract).contents
        // The lookup map is read before the rows, so each row's derived field is set as it is built.
        let tree = try XCTUnwrap(text.range(of: "function treeR(")).upperBound
        let names = try XCTUnwrap(text.range(of: #"object["names"]"#, range: tree..<text.endIndex)).lowerBound
        let rows = try XCTUnwrap(text.range(of: #"object["rows"]"#, range: tree..<text.endIndex)).lowerBound
        XCTAssertLessThan(names, rows)
        // (`key` is a name the scanner decoders use, so the field's local is `keyValue`.)
        XCTAssertTrue(text.contains("return { id, key: keyValue, name: keyValue === null ? null : context.names.get(keyValue) ?? null };"), text)
    }

    func testUnionVariantsAreBuiltWithoutASpreadAndDateTimesCountTheirColons() throws {
        let contract = try Self.contract("""
          R:
            doc: Root.
            fields:
              at: {type: dateTime, optional: true, doc: At.}
              item: {type: U, optional: true, doc: Item.}
          U:
            doc: Union.
            union: {tag: kind, variants: {a: A}}
          A:
            doc: Variant.
            fields:
              url: {type: string, required: drop-element, doc: Url.}
              size: {type: integer, optional: true, doc: Size.}
        """)
        let text = TypeScriptEmitter().contractFile(contract).contents
        XCTAssertTrue(text.contains(#"return value === undefined ? undefined : { url: value.url, size: value.size, kind: "a" };"#), text)
        let tree = try XCTUnwrap(text.range(of: "function treeU(")).upperBound
        XCTAssertFalse(text[tree...].contains("...value"), text)
        XCTAssertTrue(text.contains("? treeDateTime(item, context) :"), text)
        XCTAssertFalse(text.contains("parseDateTime("), text)
    }

    func testAFailDocumentFieldBelowTheRootLexesEveryText() throws {
        let contract = try Self.contract("""
          R:
            doc: Root.
            fields:
              inner: {type: E, optional: true, doc: Inner.}
          E:
            doc: Inner.
            fields:
              n: {type: integer, required: fail-document, doc: N.}
        """)
        let text = TypeScriptEmitter().contractFile(contract).contents
        XCTAssertFalse(text.contains("function decodeTree("), text)
        XCTAssertFalse(text.contains("contractJsonParse"), text)
        XCTAssertTrue(text.contains("decodeScanned(text, new ContractJsonScanner(text, false), report)"), text)
    }
}
