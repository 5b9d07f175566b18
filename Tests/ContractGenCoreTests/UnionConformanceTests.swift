/// Tagged unions in all three languages on shapes the bundled contract has not: drops counted
/// through unions (flat observation with `dropped`), a union without a fallback, a union nested
/// in a variant, a map of unions with duplicate keys, a `fail-document` field inside a variant,
/// and tags that are canonically equivalent but not identical. The schema and its cases are
/// written here; every expectation is derived by hand from docs/schema.md ("Tagged unions").
import Foundation
import XCTest
@testable import ContractGenCore

final class UnionConformanceTests: XCTestCase {
    static let schema = """
    contract: shapes
    doc: Shapes.
    targets:
      swift: {namespace: Shapes}
      kotlin: {package: dev.shapes, object: Shapes}
      typescript: {module: shapes}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          items: {type: {array: S}, default: [], doc: Shapes.}
          byKey: {type: {map: S}, default: {}, doc: Shapes by key.}
          one: {type: S, optional: true, doc: One shape.}
          strict: {type: Strict, optional: true, doc: A variant with a fail-document field.}
      S:
        doc: A shape, without a fallback.
        union: {tag: kind, variants: {circle: Circle, group: Group}}
      Circle:
        doc: A circle.
        fields:
          r: {type: number, required: drop-element, doc: Radius.}
          xs: {type: {array: integer}, default: [], doc: Numbers.}
      Group:
        doc: Members, each a nested union with a fallback.
        fields:
          members: {type: {array: L}, default: [], doc: Members.}
      L:
        doc: A member.
        union: {tag: t, tag-json: "@t", variants: {a: A, Kb: B}, unknown: a}
      A:
        doc: A.
        fields:
          x: {type: integer, required: drop-element, doc: X.}
      B:
        doc: B.
        fields:
          y: {type: string, optional: true, doc: Y.}
      Strict:
        doc: A union whose variant fails the document.
        union: {tag: kind, variants: {must: Must}}
      Must:
        doc: Must.
        fields:
          id: {type: string, required: fail-document, doc: Id.}
    observation: {style: flat, dropped: true}

    """

    static let empty = #""byKey":{},"one":null,"strict":null"#

    /// (name, blob, expected observation as JSON text).
    static let cases: [(String, String, String)] = [
        ("invalid-unions-are-dropped-and-counted",
         #"{"v":1,"items":[{"kind":"circle","r":1,"xs":[1,"x"]},{"r":2},{"kind":"square","r":3},{"kind":null,"r":4},{"kind":"circle"},"circle"]}"#,
         #"{"status":"ok","items":[{"kind":"circle","r":1,"xs":[1]}],"# + empty + #","dropped":6}"#),
        ("tag-after-fields-and-last-duplicate-wins",
         #"{"v":1,"items":[{"r":1,"kind":"group","kind":"circle"},{"kind":"circle","r":1,"kind":1}]}"#,
         #"{"status":"ok","items":[{"kind":"circle","r":1,"xs":[]}],"# + empty + #","dropped":1}"#),
        ("nested-union-fallback-and-drops",
         #"{"v":1,"items":[{"kind":"group","members":[{"@t":"Kb","y":"q"},{"@t":"zzz","x":5},{"@t":"zzz"},{"x":1},{"@t":"\ud800","x":2}]}]}"#,
         #"{"status":"ok","items":[{"kind":"group","members":[{"@t":"Kb","y":"q"},{"@t":"a","x":5}]}],"# + empty + #","dropped":3}"#),
        ("a-dropped-unions-inner-drops-do-not-count",
         #"{"v":1,"items":[{"kind":"circle","xs":["x","y"]},{"kind":"group","members":[{"@t":"a"}],"kind":"nope"}]}"#,
         #"{"status":"ok","items":[],"# + empty + #","dropped":2}"#),
        ("map-of-unions-last-duplicate-replaces-its-drops",
         #"{"v":1,"byKey":{"k":{"kind":"circle","r":1,"xs":["x"]},"k":{"kind":"circle","r":2},"j":{"kind":"nope","r":3}}}"#,
         #"{"status":"ok","items":[],"byKey":{"k":{"kind":"circle","r":2,"xs":[]}},"one":null,"strict":null,"dropped":0}"#),
        ("optional-union-invalid-is-null",
         #"{"v":1,"one":{"kind":"circle","r":"1","xs":[true]}}"#,
         #"{"status":"ok","items":[],"# + empty + #","dropped":0}"#),
        ("optional-union-valid-keeps-its-drops",
         #"{"v":1,"one":{"xs":[1,null],"kind":"circle","r":0.5}}"#,
         #"{"status":"ok","items":[],"byKey":{},"one":{"kind":"circle","r":0.5,"xs":[1]},"strict":null,"dropped":1}"#),
        ("tags-are-exact-code-units",
         #"{"v":1,"items":[{"kind":"\u0063ircle","r":1},{"kind":"group","members":[{"@t":"\u212Ab","y":"kelvin"},{"@t":"K\u0062","y":"escaped"},{"@t":"kb","y":"lower"}]}]}"#,
         #"{"status":"ok","items":[{"kind":"circle","r":1,"xs":[]},{"kind":"group","members":[{"@t":"Kb","y":"escaped"}]}],"# + empty + #","dropped":2}"#),
        ("fail-document-inside-a-chosen-variant-fails",
         #"{"v":1,"strict":{"kind":"must"}}"#,
         #"{"status":"invalid","items":[],"byKey":{},"one":null,"strict":null,"dropped":0}"#),
        ("fail-document-inside-an-unchosen-variant-does-not",
         #"{"v":1,"strict":{"kind":"other"}}"#,
         #"{"status":"ok","items":[],"# + empty + #","dropped":0}"#),
        ("malformed-inside-a-union-is-malformed",
         #"{"v":1,"items":[{"kind":"circle","r":1,}]}"#,
         #"{"status":"malformed","items":[],"byKey":{},"one":null,"strict":null,"dropped":0}"#),
    ]

    func testEveryLanguageReadsUnionsTheSameWay() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/shapes.yaml", atomically: true, encoding: .utf8)
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        let golden = root + "/cases/shapes"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        for (name, blob, expected) in Self.cases {
            let file = JSONValue.object([
                ("case", .string(name)), ("about", .string("tagged unions")), ("contract", .string("shapes")),
                ("op", .string("decode")), ("given", .object([("blob", .string(blob))])),
                ("expect", try XCTUnwrap(JSONValue.parse(expected), name)),
            ])
            try file.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/cases"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        let cases = GoldenCaseLoader.load(directories: [root + "/cases"]).cases
        XCTAssertEqual(cases.count, Self.cases.count)
        for implementation in Implementation.allCases {
            let total = ConformanceCase.withTwins(cases, by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(total) passed, 0 failed"), result.out)
        }
        // The schema's own derived goldens pass too.
        let derived = TestSupport.run(["conform", "--lang", "all"], root: root)
        XCTAssertEqual(derived.status, 0, derived.out + derived.err)
    }
}
