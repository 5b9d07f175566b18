/// JSON keys that are not ASCII names, in all three languages: non-ASCII, astral, quote,
/// backslash and control-character keys (and a non-ASCII version key) are read exactly as written,
/// through any JSON escape, while a canonically equivalent spelling is another key; and a report
/// path spells each key as docs/report.md ("Paths") says. The schema and its cases are written
/// here; every expectation is derived by hand from docs/schema.md ("JSON keys and code names") and
/// docs/report.md, the paths spelled out character by character below.
import Foundation
import XCTest
@testable import ContractGenCore

final class KeySpellingConformanceTests: XCTestCase {
    static let schema = #"""
    contract: keys
    doc: JSON keys that are not ASCII names.
    targets:
      swift: {namespace: Keys}
      kotlin: {package: dev.keys, object: Keys}
      typescript: {module: keys}
    version: {field: "Versi\u00f3n", writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          size: {type: integer, json: "Gr\u00f6\u00dfe", optional: true, doc: A key with a precomposed o-umlaut.}
          quoted: {type: integer, json: "a\"b\\c/d", optional: true, doc: "A quote, a backslash and a slash."}
          controls: {type: integer, json: "\b\f\n\r\t\x01\x1f\x7f\u2028", optional: true, doc: Control characters.}
          items: {type: {array: E}, default: [], doc: Elements.}
      E:
        doc: An element read through non-ASCII keys.
        fields:
          id: {type: string, json: "Schl\u00fcssel", required: drop-element, doc: Id.}
          emoji: {type: integer, json: "\U0001F600", optional: true, doc: An astral key.}
    observation: {style: flat}

    """#

    // The keys as the schema declares them.
    static let size = "Gr\u{F6}\u{DF}e"
    static let quoted = #"a"b\c/d"#
    static let controls = "\u{8}\u{C}\n\r\t\u{1}\u{1F}\u{7F}\u{2028}"
    static let id = "Schl\u{FC}ssel"
    static let emoji = "\u{1F600}"

    // Their report path steps, spelled as docs/report.md says: `\"`, `\\`, `\n`, `\r`, `\t`,
    // `\u00XX` (lowercase) for the other characters below U+0020, everything else as itself.
    static let sizeStep = "[\"Gr\u{F6}\u{DF}e\"]"
    static let quotedStep = #"["a\"b\\c/d"]"#
    static let controlsStep = #"["\u0008\u000c\n\r\t\u0001\u001f"# + "\u{7F}\u{2028}" + #""]"#
    static let idStep = "[\"Schl\u{FC}ssel\"]"
    static let emojiStep = "[\"\u{1F600}\"]"
    static let versionStep = "[\"Versi\u{F3}n\"]"

    static func observation(_ status: String = "ok", size: JSONValue = .null, quoted: JSONValue = .null,
                            controls: JSONValue = .null, items: [JSONValue] = [], report: [JSONValue]) -> JSONValue {
        .object([("status", .string(status)), (Self.size, size), (Self.quoted, quoted), (Self.controls, controls),
                 ("items", .array(items)), ("report", .array(report))])
    }

    static func item(_ id: String, _ emoji: JSONValue = .null) -> JSONValue {
        .object([(Self.id, .string(id)), (Self.emoji, emoji)])
    }

    static func entry(_ path: String, _ rule: String, _ used: String, _ details: (String, String)...) -> JSONValue {
        .object([("path", .string(path)), ("rule", .string(rule)), ("used", .string(used))] + details.map { ($0.0, .string($0.1)) })
    }

    /// (name, blob, expected observation with its report).
    static let cases: [(String, String, JSONValue)] = [
        ("keys-read-as-written",
         #"{"Versi\#u{F3}n":1,"Gr\#u{F6}\#u{DF}e":1,"a\"b\\c/d":2,"\b\f\n\r\t\u0001\u001f\#u{7F}\#u{2028}":3,"items":[{"Schl\#u{FC}ssel":"k","\#u{1F600}":4}]}"#,
         observation(size: .number(1), quoted: .number(2), controls: .number(3), items: [item("k", .number(4))], report: [])),
        ("keys-escaped-spellings-match",
         #"{"Versi\u00f3n":1,"Gr\u00f6\u00dfe":1,"a\u0022b\u005cc\/d":2,"\u0008\u000C\u000a\u000d\u0009\u0001\u001F\u007f\u2028":3,"items":[{"Schl\u00fcssel":"k","\ud83d\ude00":4}]}"#,
         observation(size: .number(1), quoted: .number(2), controls: .number(3), items: [item("k", .number(4))], report: [])),
        // A decomposed spelling (o or u followed by U+0308) is another key: unknown, so ignored
        // without an entry; the element without its id is dropped.
        ("keys-decomposed-spelling-is-another-key",
         #"{"Versi\#u{F3}n":1,"Gr\#u{F6}\#u{DF}e":1,"Gro\#u{308}\#u{DF}e":2,"Gro\u0308\u00dfe":3,"items":[{"Schlu\#u{308}ssel":"k"},{"Schl\#u{FC}ssel":"j","\ud83d":5}]}"#,
         observation(size: .number(1), items: [item("j")], report: [
             entry("$.items[0]", "invalid-field", "dropped", ("field", id)),
             entry("$.items[0]" + idStep, "missing", "parent"),
         ])),
        ("keys-report-paths-spell-keys-as-json-literals",
         #"{"Versi\#u{F3}n":1,"Gr\u00f6\u00dfe":"x","a\"b\\c/d":true,"\b\f\n\r\t\u0001\u001f\#u{7F}\#u{2028}":null,"items":[{"Schl\#u{FC}ssel":"k","\#u{1F600}":1.5},{"Schl\#u{FC}ssel":7}]}"#,
         observation(items: [item("k")], report: [
             entry("$" + sizeStep, "wrong-type", "null", ("found", "string")),
             entry("$" + quotedStep, "wrong-type", "null", ("found", "boolean")),
             entry("$" + controlsStep, "null", "null"),
             entry("$.items[0]" + emojiStep, "invalid-number", "null"),
             entry("$.items[1]", "invalid-field", "dropped", ("field", id)),
             entry("$.items[1]" + idStep, "wrong-type", "parent", ("found", "number")),
         ])),
        ("keys-version-rejected-at-the-version-fields-path",
         #"{"Versi\#u{F3}n":"1"}"#,
         observation("unsupportedVersion", report: [entry("$" + versionStep, "version-rejected", "document", ("found", "string"))])),
        ("keys-decomposed-version-key-is-no-version",
         #"{"Versio\#u{301}n":1}"#,
         observation("unsupportedVersion", report: [entry("$" + versionStep, "version-rejected", "document", ("found", "missing"))])),
    ]

    func testEveryLanguageReadsAndReportsKeysAsWritten() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try Self.schema.write(toFile: root + "/schema/keys.yaml", atomically: true, encoding: .utf8)
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        let golden = root + "/cases/keys"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        for (name, blob, expected) in Self.cases {
            let file = JSONValue.object([
                ("case", .string(name)), ("about", .string("key spelling")), ("contract", .string("keys")),
                ("op", .string("decode")), ("given", .object([("blob", .string(blob)), ("report", .bool(true))])),
                ("expect", expected),
            ])
            try file.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/cases"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err)
        let cases = GoldenCaseLoader.load(directories: [golden]).cases
        XCTAssertEqual(cases.count, Self.cases.count)
        for implementation in Implementation.allCases {
            let total = ConformanceCase.withTwins(ConformanceCase.withPlainTwins(cases), by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(total) passed, 0 failed"), result.out)
        }
    }
}
