/// Length and size limits in all three languages, on shapes the bundled contracts do not have: a
/// flat observation that shows `dropped`, arrays with `min-items` above 1 (the golden emitter pads
/// them), an element dropped for its own limit that leaves its array below `min-items`, and
/// strings at their limits in Unicode scalars. The schema is written here; its schema-derived
/// cases (expectations from the declared rules) and a few hand-written ones run through every
/// testee.
import Foundation
import XCTest
@testable import ContractGenCore

final class LimitsConformanceTests: XCTestCase {
    static let schema = """
    contract: limits
    doc: Limits.
    targets:
      swift: {namespace: Limits}
      kotlin: {package: dev.limits, object: Limits}
      typescript: {module: limits}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          name: {type: string, min-length: 2, max-length: 5, default: ab, doc: Name.}
          code: {type: string, min-length: 3, required: fail-document, doc: Code.}
          groups: {type: {array: G}, min-items: 2, max-items: 3, optional: true, doc: Groups.}
          tags: {type: {array: string}, max-items: 2, default: [], doc: Tags.}
      G:
        doc: Group.
        fields:
          id: {type: string, max-length: 3, required: drop-element, doc: Id.}
          items: {type: {array: integer}, min-items: 1, required: drop-element, doc: Items.}
    observation: {style: flat, dropped: true}

    """

    /// (name, blob, expected observation as JSON text), derived by hand from docs/schema.md.
    static let cases: [(String, String, String)] = [
        // Four groups written, one dropped (its id is 4 scalars): three kept, within max-items 3.
        ("kept-count-within-max-after-a-drop",
         #"{"v":1,"code":"abc","groups":[{"id":"a","items":[1]},{"id":"long","items":[1]},{"id":"b","items":[2]},{"id":"c","items":[3]}]}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":[{"id":"a","items":[1]},{"id":"b","items":[2]},{"id":"c","items":[3]}],"tags":[],"dropped":1}"#),
        // Two written, one dropped: one kept is below min-items 2, so groups is null; the drop still counts.
        ("kept-count-below-min-after-a-drop-is-null-and-counted",
         #"{"v":1,"code":"abc","groups":[{"id":"a","items":[1]},{"id":"b","items":[]}]}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":null,"tags":[],"dropped":1}"#),
        // A group dropped for items [null]: 1 drop (the group), not 2 (its inner drop does not count).
        ("inner-drops-of-a-dropped-element-do-not-count",
         #"{"v":1,"code":"abc","groups":[{"id":"a","items":[null]},{"id":"b","items":[1]},{"id":"c","items":[1]}]}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":[{"id":"b","items":[1]},{"id":"c","items":[1]}],"tags":[],"dropped":1}"#),
        // Unicode scalars: "e\u0301e\u0301e" is 5 (3 graphemes), "😀😀😀😀😀😀" is 6 (12 UTF-16 units).
        ("name-length-in-scalars",
         #"{"v":1,"code":"e\u0301\u0301","name":"e\u0301e\u0301e"}"#,
         #"{"status":"ok","name":"e\u0301e\u0301e","code":"e\u0301\u0301","groups":null,"tags":[],"dropped":0}"#),
        ("name-above-max-length-is-the-default",
         #"{"v":1,"code":"abc","name":"😀😀😀😀😀😀"}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":null,"tags":[],"dropped":0}"#),
        // "😀" is 2 UTF-16 units but 1 scalar: below min-length 3, and code is fail-document.
        ("code-below-min-length-fails-the-document",
         #"{"v":1,"code":"😀😀"}"#,
         #"{"status":"invalid","name":null,"code":null,"groups":[],"tags":[],"dropped":0}"#),
        // Three tags written, two of them numbers (dropped): one kept; three strings: above max-items 2.
        ("tags-counted-after-drops",
         #"{"v":1,"code":"abc","tags":["x",1,2]}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":null,"tags":["x"],"dropped":2}"#),
        ("tags-above-max-items-is-the-default-and-counts-its-drops",
         #"{"v":1,"code":"abc","tags":["x","y",null,"z"]}"#,
         #"{"status":"ok","name":"ab","code":"abc","groups":null,"tags":[],"dropped":1}"#),
    ]

    func testEveryLanguageReadsLimitsTheSameWay() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/limits.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let golden = root + "/golden/limits"
        let derived = try FileManager.default.contentsOfDirectory(atPath: golden).filter { $0.hasPrefix(GoldenEmitter.generatedPrefix) }
        for label in ["G.id.above-max-length", "R.groups.below-min-items-after-drops", "R.groups.max-items-after-drops",
                      "every-field.at-min-length", "R.tags.above-max-items", "G.items.below-min-items"] {
            XCTAssertTrue(derived.contains { $0.contains(label) }, "no schema-derived case for \(label): \(derived.sorted())")
        }
        for (name, blob, expected) in Self.cases {
            let file = JSONValue.object([
                ("case", .string(name)), ("about", .string("limits")), ("contract", .string("limits")),
                ("op", .string("decode")), ("given", .object([("blob", .string(blob))])),
                ("expect", try XCTUnwrap(JSONValue.parse(expected), name)),
            ])
            try file.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/golden"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        // Sample files (`schema.limits.sample.*`) are what derived cases change, not cases themselves;
        // each case that asks for the report also runs without it (PlainDecodeTwins).
        let cases = GoldenCaseLoader.load(directories: [golden]).cases
        XCTAssertEqual(cases.count, derived.filter { !$0.contains(".sample.") }.count + Self.cases.count)
        let total = ConformanceCase.withPlainTwins(cases).count
        XCTAssertGreaterThan(total, cases.count, "the derived cases ask for the report, so they have twins")
        for implementation in Implementation.allCases {
            let twins = ConformanceCase.withTwins(ConformanceCase.withPlainTwins(cases), by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(twins) passed, 0 failed"), result.out)
        }
        try encoderRefusesValuesOutsideTheLimits(root)
    }

    /// The TypeScript encoder refuses what the readers would not read back as given, naming the
    /// path and the limit; lengths in Unicode scalars, sizes in elements.
    func encoderRefusesValuesOutsideTheLimits(_ root: String) throws {
        guard case .command(let typescript) = TesteeBuilder(root: root).launch(Language.typescript) else { return XCTFail("TypeScript testee unavailable") }
        let compiled = URL(fileURLWithPath: typescript.last!).deletingLastPathComponent().path
        let inputs: [(String, String?)] = [
            (#"{"code":"abc"}"#, nil),
            (#"{"code":"😀😀😀"}"#, nil),                      // 3 scalars (6 UTF-16 units)
            (#"{"code":"ab"}"#, "$.code: expected length >= 3 Unicode scalars"),
            (#"{"code":"abc","name":"e\u0301e\u0301e\u0301"}"#, "$.name: expected length 2 to 5 Unicode scalars"),
            (#"{"code":"abc","tags":["a","b","c"]}"#, "$.tags: expected <= 2 items"),
            (#"{"code":"abc","groups":[{"id":"a","items":[1]}]}"#, "$.groups: expected 2 to 3 items"),
            (#"{"code":"abc","groups":[{"id":"a","items":[1]},{"id":"abcd","items":[1]}]}"#, "$.groups[1].id: expected length <= 3 Unicode scalars"),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", TestSupport.root + "/Tests/RoundTrip/encode.js", compiled]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = inputs.map { #"{"module":"limits","input":"# + $0.0 + "}" }
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let answers = String(decoding: data, as: UTF8.self).split(separator: "\n").map { JSONValue.parse(String($0)) }
        XCTAssertEqual(answers.count, inputs.count)
        for ((given, refusal), answer) in zip(inputs, answers) {
            if let refusal {
                let message = answer?["error"]?.stringValue ?? ""
                XCTAssertTrue(message.contains(refusal), "\(given): \(message)")
            } else {
                XCTAssertNotNil(answer?.stringValue, "\(given) refused: \(answer?.serialized() ?? "?")")
            }
        }
    }
}
