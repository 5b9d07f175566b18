/// Unit tests of the Swift runtime's writer (Runtime/swift/ContractRuntime.swift, Writer): number
/// text against node's String(x) (the definition, Runtime/test-data/ecmascript-number-strings.tsv),
/// string escapes as JSON.stringify writes them, and each value check with its refusal.
import Foundation
import XCTest
@_spi(ContractGenRuntime) import ContractRuntime

final class ContractNumberTextTests: XCTestCase {
    static let vectorsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Runtime/test-data/ecmascript-number-strings.tsv").path

    /// Every vector of the file: the text ECMAScript's Number::toString gives, byte for byte.
    func testEveryVectorIsWrittenAsNodeWritesIt() throws {
        let text = try String(contentsOfFile: Self.vectorsPath, encoding: .utf8)
        var checked = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let bits = UInt64(parts[0], radix: 16) else { return XCTFail("bad line \(line)") }
            let value = Double(bitPattern: bits)
            let written = ContractNumberText.string(value)
            if written != parts[1] { failures.append("\(parts[0]) \(value): \(written), node \(parts[1])") }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50_000)
        XCTAssertEqual(failures.count, 0, failures.prefix(20).joined(separator: "\n"))
    }

    /// The layout rules, worked out from ECMA-262 by hand: where the exponent starts, -0, the extremes.
    func testLayoutByHand() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.1, "0.1"), (0.5, "0.5"), (-1.5, "-1.5"), (100, "100"),
            (1e21, "1e+21"), (Double("999999999999999900000")!, "999999999999999900000"), (1.5e21, "1.5e+21"),
            (1e-7, "1e-7"), (1e-6, "0.000001"), (1.25e-6, "0.00000125"), (1.25e-7, "1.25e-7"),
            (Double("123456789012345680000")!, "123456789012345680000"), (Double("9007199254740993")!, "9007199254740992"),
            (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.leastNonzeroMagnitude, "5e-324"),
            (2 * Double.leastNonzeroMagnitude, "1e-323"), (Double.leastNormalMagnitude, "2.2250738585072014e-308"),
            (0.1 + 0.2, "0.30000000000000004"), (1.0 / 3, "0.3333333333333333"), (-90, "-90"), (180, "180"),
            (1784325600000, "1784325600000"), (5e-7, "5e-7"), (123e-20, "1.23e-18"), (1e100, "1e+100"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(ContractNumberText.string(value), expected, "\(value)")
        }
    }
}

final class ContractJSONOutputTests: XCTestCase {
    /// The text `write` produces, or `refused <path>: <expected>` (the path relative to the value).
    func written(_ write: (inout ContractJSONOutput) throws -> Void) -> String {
        var output = ContractJSONOutput()
        do {
            try write(&output)
        } catch let error as ContractEncodeRefusal {
            return "refused \(error.path): \(error.expected)"
        } catch {
            return "unexpected \(error)"
        }
        return output.document().text
    }

    /// JSON.stringify's escapes, everything else as itself; every length around the 8-byte steps.
    func testStringsAreEscapedAsJSONStringifyEscapes() {
        XCTAssertEqual(written { try $0.string("a\"b\\c/d") }, #""a\"b\\c/d""#)
        XCTAssertEqual(written { try $0.string("\u{8}\t\n\u{C}\r") }, #""\b\t\n\f\r""#)
        XCTAssertEqual(written { try $0.string("\u{0}\u{1}\u{1F}\u{7F}") }, "\"\\u0000\\u0001\\u001f\u{7F}\"")
        XCTAssertEqual(written { try $0.string("\u{2028}\u{2029}é😀") }, "\"\u{2028}\u{2029}é😀\"")
        XCTAssertEqual(written { try $0.string("") }, "\"\"")
        // An escape at each place of strings of 0 to 40 bytes: the word loop and the byte loop meet right.
        for length in 0...40 {
            for place in 0..<max(length, 1) where length > 0 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                bytes[place] = UInt8(ascii: "\"")
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = "\"" + String(repeating: "x", count: place) + "\\\"" + String(repeating: "x", count: length - place - 1) + "\""
                XCTAssertEqual(written { try $0.string(text) }, expected, "length \(length), place \(place)")
            }
        }
        // Bytes just outside the escaped set are not escaped (0x20, 0x21, 0x23, 0x5B, 0x5D, and 0x80 and up).
        XCTAssertEqual(written { try $0.string(" !#[]~ÿ\u{100}") }, "\" !#[]~ÿ\u{100}\"")
    }

    /// A key in a refusal's path, as JSON.stringify spells it: an unpaired surrogate as `\udxxx`.
    func testKeysInPathsAreSpelledAsJSONStringifySpellsThem() {
        XCTAssertEqual(ContractJSONOutput.quoted(Array("a\"\n😀".utf16)), #""a\"\n😀""#)
        XCTAssertEqual(ContractJSONOutput.quoted([0x61, 0xD800, 0x62]), #""a\ud800b""#)
        XCTAssertEqual(ContractJSONOutput.quoted([0xDC00, 0xD83D]), #""\udc00\ud83d""#)
        XCTAssertEqual(ContractEncodeRefusal(expected: "non-empty").within(".id").within(index: 3).within(key: "inbox").within(".badges").within("$").description,
                       #"$.badges["inbox"][3].id: expected non-empty"#)
    }

    /// Each kind's check, at and just past its limits.
    func testEachKindIsCheckedAtItsLimits() {
        XCTAssertEqual(written { try $0.integer(9_007_199_254_740_991) }, "9007199254740991")
        XCTAssertEqual(written { try $0.integer(-9_007_199_254_740_991) }, "-9007199254740991")
        XCTAssertEqual(written { try $0.integer(9_007_199_254_740_992) }, "refused : an integer within ±(2^53−1)")
        XCTAssertEqual(written { try $0.integer(Int64.min) }, "refused : an integer within ±(2^53−1)")
        XCTAssertEqual(written { try $0.epochMillis(1) }, "1")
        XCTAssertEqual(written { try $0.epochMillis(0) }, "refused : epoch milliseconds within 1 … 2^53−1")
        XCTAssertEqual(written { try $0.number(-0.0) }, "0")
        XCTAssertEqual(written { try $0.number(.nan) }, "refused : a finite number")
        XCTAssertEqual(written { try $0.number(-.infinity) }, "refused : a finite number")
        XCTAssertEqual(written { try $0.localDate("2024-02-29") }, #""2024-02-29""#)
        XCTAssertEqual(written { try $0.localDate("2026-02-29") }, "refused : a YYYY-MM-DD date in 0001–9999")
        XCTAssertEqual(written { try $0.localDate("0000-01-01") }, "refused : a YYYY-MM-DD date in 0001–9999")
        XCTAssertEqual(written { try $0.localDate("２０２６-01-01") }, "refused : a YYYY-MM-DD date in 0001–9999")
        XCTAssertEqual(written { try $0.dateTime(-62_135_596_800_000) }, #""0001-01-01T00:00:00.000Z""#)
        XCTAssertEqual(written { try $0.dateTime(253_402_300_799_999) }, #""9999-12-31T23:59:59.999Z""#)
        XCTAssertEqual(written { try $0.dateTime(-1) }, #""1969-12-31T23:59:59.999Z""#)
        XCTAssertEqual(written { try $0.dateTime(1_784_269_800_250) }, #""2026-07-17T06:30:00.250Z""#)
        XCTAssertEqual(written { try $0.dateTime(-62_135_596_800_001) }, "refused : epoch milliseconds within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z")
        XCTAssertEqual(written { try $0.dateTime(253_402_300_800_000) }, "refused : epoch milliseconds within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z")
    }

    /// A comma before every member and element but a container's first; bytes past the first buffer.
    func testSeparatorsAndGrowth() {
        XCTAssertEqual(written {
            $0.openObject(); $0.member(#""a":"#); $0.openArray(); $0.separate(); try $0.integer(1); $0.separate(); $0.bool(true)
            $0.closeArray(); $0.member(#""b":"#); $0.null(); $0.member(#""c":"#); $0.openObject(); $0.closeObject(); $0.closeObject()
        }, #"{"a":[1,true],"b":null,"c":{}}"#)
        let long = String(repeating: "é\"x", count: 5000)
        XCTAssertEqual(written { try $0.string(long) }.utf8.count, 2 + 5000 * 5)
    }

    /// A map's entries in UTF-16 order, whatever the dictionary's order (which changes per process).
    func testMapEntriesAreInUTF16Order() {
        let keys = ContractMapOrder.entries(["ｚ": 1, "😀": 2, "a": 3, "Z": 4, "10": 5, "9": 6, "é": 7]).map(\.key)
        XCTAssertEqual(keys, ["10", "9", "Z", "a", "é", "😀", "ｚ"])  // "😀" (D83D) before "ｚ" (FF5A): not scalar order
    }

    /// The document's bytes become its Data as they are; the text is the same characters.
    func testTheDocumentHoldsBytesAndText() throws {
        var output = ContractJSONOutput()
        try output.string("é😀")
        let document = output.document()
        XCTAssertEqual(Array(document.data), Array("\"é😀\"".utf8))
        XCTAssertEqual(document.text, "\"é😀\"")
        XCTAssertEqual(ContractEncodeResult.ok(document).data, document.data)
        XCTAssertEqual(try ContractEncodeResult.ok(document).get(), document)
        let refusal = ContractEncodeRefusal(expected: "non-empty").within(".id").within("$")
        XCTAssertEqual(ContractEncodeResult.refused(refusal).refusal, refusal)
        XCTAssertNil(ContractEncodeResult.refused(refusal).text)
        XCTAssertThrowsError(try ContractEncodeResult.refused(refusal).get()) { XCTAssertEqual($0 as? ContractEncodeRefusal, refusal) }
        XCTAssertEqual(ContractJSONOutput().document().data, Data())
    }
}

final class ContractJSONOutputUTF16Tests: XCTestCase {
    /// The bridged road: the same bytes as the native one, an unpaired surrogate refused with nothing left behind.
    func testTheUTF16RoadWritesTheSameBytesAndRefusesUnpairedSurrogates() throws {
        for text in ["", "a\"b\\c", "\u{8}\t\n\u{C}\r\u{0}\u{1F}\u{7F}", "é中😀\u{10FFFF}\u{2028}", String(repeating: "xé😀\"", count: 300)] {
            var native = ContractJSONOutput()
            var bridged = ContractJSONOutput()
            try native.string(text)
            try bridged.string(utf16: Array(text.utf16))
            let nativeData = native.document().data, bridgedData = bridged.document().data
            XCTAssertEqual(bridgedData, nativeData, text)
        }
        for units: [UInt16] in [[0xD800], [0x61, 0xDC00], [0xDE00, 0xD83D], [0xD83D, 0x61, 0xDE00], [0x61, 0xD800]] {
            var output = ContractJSONOutput()
            output.openArray()
            var expected = ""
            do {
                try output.string(utf16: units)
            } catch {
                expected = error.expected
            }
            output.closeArray()
            let text = output.document().text
            XCTAssertEqual(expected, "a well-formed string", "\(units)")
            XCTAssertEqual(text, "[]", "\(units): nothing of a refused string stays")
        }
    }
}
