/// The one drop-accounting scheme (Plan/DropAccounting.swift) in all three languages, on the shapes
/// no bundled contract has: a map whose values count drops, duplicate keys replacing counted
/// values, invalid elements and map values whose inner drops must not count. The schema and its
/// cases are written here; every expectation is derived by hand from the rules in docs/schema.md.
import Foundation
import XCTest
@testable import ContractGenCore

final class DropAccountingConformanceTests: XCTestCase {
    static let schema = """
    contract: drops
    doc: Drop accounting.
    targets:
      swift: {namespace: Drops}
      kotlin: {package: dev.drops, object: Drops}
      typescript: {module: drops}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          m: {type: {map: E}, default: {}, doc: Elements by key.}
          a: {type: {array: E}, default: [], doc: Elements.}
      E:
        doc: Element.
        fields:
          id: {type: string, required: drop-element, doc: Id.}
          xs: {type: {array: integer}, default: [], doc: Numbers.}
    observation: {style: flat, dropped: true}

    """

    /// (name, blob, expected observation as JSON text).
    static let cases: [(String, String, String)] = [
        ("map-duplicate-key-replaces-its-drops",
         #"{"v":1,"m":{"k":{"id":"a","xs":[1,"x","y"]},"k":{"id":"b","xs":["z"]}}}"#,
         #"{"status":"ok","m":{"k":{"id":"b","xs":[]}},"a":[],"dropped":1}"#),
        ("invalid-map-value-drops-do-not-count",
         #"{"v":1,"m":{"k":{"xs":["x"]},"j":{"id":"j","xs":[2]}}}"#,
         #"{"status":"ok","m":{"j":{"id":"j","xs":[2]}},"a":[],"dropped":0}"#),
        ("map-last-duplicate-invalid-removes-entry-and-drops",
         #"{"v":1,"m":{"k":{"id":"a","xs":["x"]},"k":{"xs":[]}}}"#,
         #"{"status":"ok","m":{},"a":[],"dropped":0}"#),
        ("dropped-element-inner-drops-do-not-count",
         #"{"v":1,"a":[{"xs":["x","y"]},{"id":"c","xs":[1,"q"]}]}"#,
         #"{"status":"ok","m":{},"a":[{"id":"c","xs":[1]}],"dropped":2}"#),
        ("duplicate-root-key-replaces-its-drops",
         #"{"v":1,"a":[5,6],"a":[{"id":"d"}]}"#,
         #"{"status":"ok","m":{},"a":[{"id":"d","xs":[]}],"dropped":0}"#),
        ("map-and-array-drops-add-up",
         #"{"v":1,"m":{"k":{"id":"k","xs":["x"]}},"a":[{"id":"e","xs":[null]},7]}"#,
         #"{"status":"ok","m":{"k":{"id":"k","xs":[]}},"a":[{"id":"e","xs":[]}],"dropped":3}"#),
    ]

    func testEveryLanguageCountsDropsTheSameWay() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/drops.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let golden = root + "/cases/drops"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        for (name, blob, expected) in Self.cases {
            let file = JSONValue.object([
                ("case", .string(name)), ("about", .string("drop accounting")), ("contract", .string("drops")),
                ("op", .string("decode")), ("given", .object([("blob", .string(blob))])),
                ("expect", try XCTUnwrap(JSONValue.parse(expected), name)),
            ])
            try file.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/cases"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        // Every implementation ran every case, and its second-road twins: Swift, Kotlin, TypeScript on V8 and JavaScriptCore.
        let cases = GoldenCaseLoader.load(directories: [golden]).cases
        XCTAssertEqual(cases.count, Self.cases.count)
        for implementation in Implementation.allCases {
            let total = ConformanceCase.withTwins(cases, by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(total) passed, 0 failed"), result.out)
        }
    }
}
