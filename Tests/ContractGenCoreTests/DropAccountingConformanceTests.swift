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
        try TestLocalContractConformance.assertEveryLanguagePasses(
            schema: Self.schema, contract: "drops", about: "drop accounting", report: false,
            cases: try TestLocalContractConformance.parsed(Self.cases))
    }
}
