/// Unit tests of the Swift runtime as a source file of its own (`Runtime/swift`), the file `emit`
/// copies verbatim into every app. Expectations follow the contract's JSON and calendar rules
/// (RFC 8259, proleptic Gregorian calendar), worked out by hand.
import Foundation
import XCTest
@_spi(ContractGenRuntime) import ContractRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU seconds used by this thread: a busy machine slows wall time, not this.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

final class ContractJSONParseTests: XCTestCase {
    /// A key is its bytes; an escaped key's decoded bytes are kept for the rest of the scan, so
    /// every key read stays itself after later keys (escaped or not) and values were read, on a
    /// String and on UTF-8 bytes; a key with an unpaired surrogate has no text.
    func testEscapedKeysStayValidUntilTheScanEnds() {
        let text = #"{"\u0061b":1,"c\"d":{"\u00e9":2,"x":[3]},"long\u0020key\u0020past\u0020fifteen\u0020bytes":4,"\ud800":5,"plain":6}"#
        func keys(_ scanner: inout ContractJSONScanner) -> [String?] {
            var held: [ContractJSONKey] = []
            guard scanner.enterObject() else { return [] }
            while let key = scanner.nextMember() {
                held.append(key)
                if key.matches("c\"d"), scanner.enterObject() {
                    while let inner = scanner.nextMember() {
                        held.append(inner)
                        scanner.skipValue()
                    }
                } else {
                    scanner.skipValue()
                }
            }
            XCTAssertTrue(scanner.finish())
            // Read once every later key was decoded; the first key matched by its decoded bytes.
            return held.map(\.text) + [held.first?.matches("ab") == true ? "matches" : "no match"]
        }
        let expected: [String?] = ["ab", "c\"d", "é", "x", "long key past fifteen bytes", nil, "plain", "matches"]
        XCTAssertEqual(ContractJSONScanner.scan(text) { keys(&$0) }, expected)
        XCTAssertEqual(ContractJSONScanner.scan(utf8: Data(text.utf8)) { keys(&$0) }, expected)
        // A union's tag is found through escaped keys too, and the scan goes on as before.
        let union = #"{"\u006bind":"a","k\u0069nd":"b","x":1}"#
        XCTAssertEqual(ContractJSONScanner.scan(union) { scanner -> [String?] in
            let tag = scanner.peekTag("kind")
            return [tag] + keys(&scanner)
        }, ["b", "kind", "kind", "x", "no match"])
    }

    /// Where bytes stop being the beginning of well-formed UTF-8 (Unicode Table 3-7): a byte that
    /// cannot start a character, or cannot continue the one begun; the length when they end inside one.
    func testUTF8StopOffsets() {
        let cases: [([UInt8], Int)] = [
            ([], 0), ([0x41, 0x42], 2), ([0xC3, 0xA9], 2), ([0xE4, 0xB8, 0xAD], 3), ([0xF0, 0x9F, 0x98, 0x80], 4),
            ([0xF4, 0x8F, 0xBF, 0xBF], 4),  // U+10FFFF, the last scalar
            ([0x80], 0), ([0xBF], 0), ([0xC0, 0x80], 0), ([0xC1, 0xBF], 0), ([0xF5, 0x80], 0), ([0xFF], 0),
            ([0x41, 0xE0, 0x80, 0x80], 2), ([0xE0, 0xA0, 0x80], 3),  // E0 needs A0–BF next
            ([0xED, 0xA0, 0x80], 1), ([0xED, 0x9F, 0xBF], 3),  // ED needs 80–9F next (no surrogates)
            ([0xF0, 0x8F, 0x80, 0x80], 1), ([0xF0, 0x90, 0x80, 0x80], 4), ([0xF4, 0x90, 0x80, 0x80], 1),
            ([0xE4, 0xB8, 0x41], 2), ([0xF0, 0x9F, 0x98, 0x41], 3), ([0xC3, 0x41], 1),
            ([0xE4, 0xB8], 2), ([0x41, 0xF0, 0x9F], 3),  // ends inside a character: the length
        ]
        for (bytes, offset) in cases {
            XCTAssertEqual(ContractReport.utf8StopOffset(Data(bytes)), offset, "\(bytes.map { String($0, radix: 16) })")
        }
    }

    /// A malformed text's place: the UTF-8 byte offset and the expected word (docs/report.md).
    func testSyntaxErrorPlaces() {
        let cases: [(String, Int, String)] = [
            ("", 0, "object"),
            ("[]", 0, "object"),
            (" {", 2, "key"),
            ("{\"a\":1,}", 7, "key"),
            ("{\"a\":tru}", 8, "literal"),
            ("{\"é\":-}", 7, "digit"),
            ("{\"a\":\"\\x\"}", 7, "escape"),
            ("{\"a\":1}x", 7, "end"),
            ("{\"a\" 1}", 5, "colon"),
            ("{\"a\":[1 2]}", 8, "comma-or-close"),
            ("{\"😀\":}", 8, "value"),
            ("{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", 516, "depth"),
            ("{\"a\":\"b", 7, "string"),
        ]
        for (text, offset, expected) in cases {
            let error = ContractReport.syntaxError(text)
            XCTAssertEqual(error?.offset, offset, text)
            XCTAssertEqual(error?.expected, expected, text)
        }
        XCTAssertNil(ContractReport.syntaxError(#"{"a":[1,{"b":null}]}"#))
    }

    func testAcceptsRFC8259Texts() {
        var expected = ContractJSONObject()
        expected.set("a", .array([.number(1), .number(25), .number(-0.0), .bool(true), .bool(false), .null, .string("x")]))
        XCTAssertEqual(ContractJSON.parse(#"{"a":[1,2.5e1,-0,true,false,null,"x"]}"#), .object(expected))
        XCTAssertEqual(ContractJSON.parse(" \t\r\n[] "), .array([]))
    }

    func testRejectsEverythingRFC8259Rejects() {
        for text in ["", "01", "[1,]", "{\"a\":1,}", "'x'", "NaN", "[1] 2", "\u{FEFF}{}", "{a:1}", "[\"\u{01}\"]", "1.", ".5", "-", "+1", "[", "{\"a\"}", "\"\\x\""] {
            XCTAssertNil(ContractJSON.parse(text), "accepted \(text.debugDescription)")
        }
    }

    func testDepthLimitIs512() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertNotNil(ContractJSON.parse(ok))
        XCTAssertNil(ContractJSON.parse(tooDeep))
    }

    func testDuplicateKeyLastWins() {
        guard case .object(let object)? = ContractJSON.parse(#"{"k":1,"k":2}"#) else { return XCTFail("not an object") }
        XCTAssertEqual(object["k"], .number(2))
    }

    func testDuplicateKeyLastWinsInLargeObjects() {
        // Objects past any small-object threshold, with the duplicate late: the 14-entry case.
        var members = (0..<14).map { "\"k\($0)\":\($0)" }
        members.append("\"k3\":99")
        guard case .object(let object)? = ContractJSON.parse("{" + members.joined(separator: ",") + "}") else { return XCTFail("not an object") }
        XCTAssertEqual(object["k3"], .number(99))
        XCTAssertEqual(object["k13"], .number(13))
        XCTAssertEqual(object["k0"], .number(0))
    }

    /// Every object size on both sides of the small-object threshold (the index starts after 12
    /// keys), with one late duplicate of every key in turn: one entry per key, in order of first
    /// appearance, the duplicate's value wins and no other value moves.
    func testLateDuplicateOfEveryKeyInObjectsOfEverySizeUpTo40() {
        for size in 1...40 {
            for duplicate in 0..<size {
                var members = (0..<size).map { "\"k\($0)\":\($0)" }
                members.append("\"k\(duplicate)\":\(1000 + duplicate)")
                guard case .object(let object)? = ContractJSON.parse("{" + members.joined(separator: ",") + "}") else {
                    return XCTFail("size \(size): not an object")
                }
                XCTAssertEqual(object.keys, (0..<size).map { "k\($0)" }, "size \(size), duplicate \(duplicate)")
                for key in 0..<size {
                    let expected = Double(key == duplicate ? 1000 + key : key)
                    XCTAssertEqual(object["k\(key)"], .number(expected), "size \(size), duplicate \(duplicate), k\(key)")
                }
                XCTAssertNil(object["k\(size)"])
            }
        }
    }

    /// Every key given twice, the second time with a new value: all second values win.
    func testEveryKeyRepeatedInA200KeyObject() {
        let keys = (0..<200).map { "k\($0)" }
        let text = "{" + (keys.enumerated().map { "\"\($1)\":\($0)" } + keys.enumerated().map { "\"\($1)\":\($0 + 200)" }).joined(separator: ",") + "}"
        guard case .object(let object)? = ContractJSON.parse(text) else { return XCTFail("not an object") }
        XCTAssertEqual(object.count, 200)
        XCTAssertEqual(object.keys, keys)
        for (offset, key) in keys.enumerated() { XCTAssertEqual(object[key], .number(Double(offset + 200)), key) }
    }

    /// Decoding time grows linearly with a repeated-key object: N distinct keys then the same N
    /// again, against 4N. Linear is ~4×; the bound 8× leaves room for noise, and a quadratic
    /// path (16×) fails it. The larger object is ~1 MB.
    func testRepeatedKeyObjectDecodesInLinearTime() {
        func object(_ count: Int) -> String {
            let keys = (0..<count).map { String(format: "\"k%07d\"", $0) }
            return "{" + (keys + keys).map { $0 + ":true" }.joined(separator: ",") + "}"
        }
        func seconds(_ text: String, keys: Int) -> Double {
            let start = threadCPUSeconds()
            let peeked = ContractDoneQueue.peek(text)
            let elapsed = threadCPUSeconds() - start
            XCTAssertEqual(peeked.count, keys)
            return elapsed
        }
        let small = object(9_000)
        let large = object(36_000)
        XCTAssertGreaterThan(large.utf8.count, 1_000_000)
        var fastSmall = Double.infinity
        var fastLarge = Double.infinity
        for _ in 0..<3 {  // interleaved, the fastest of each: one slow run must not decide
            fastSmall = min(fastSmall, seconds(small, keys: 9_000))
            fastLarge = min(fastLarge, seconds(large, keys: 36_000))
        }
        let ratio = fastLarge / max(fastSmall, 1e-6)
        XCTAssertLessThan(ratio, 8, "4× the keys took \(ratio)× the time")
    }

    /// The string lexer finds a quote, backslash or control character eight bytes at a time: each
    /// such byte at every offset of a word (and in the byte-wise tail), next to multi-byte UTF-8
    /// (bytes ≥ 0x80, which must never look like a match), decodes or fails as byte by byte.
    func testStringRunsAtEveryOffsetOfAWord() {
        let fillers = ["a", "é", "😀", "\u{7F}"]
        for filler in fillers {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9] {
                    let head = String(repeating: filler, count: before)
                    let tail = String(repeating: filler, count: after)
                    // Plain, with each escape, and with a raw control character (malformed).
                    XCTAssertEqual(ContractJSON.parse("\"\(head)\(tail)\""), .string(head + tail))
                    for (escape, decoded) in [("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\u00e9", "é"), ("\\ud83d\\ude00", "😀"), ("\\/", "/")] {
                        XCTAssertEqual(ContractJSON.parse("\"\(head)\(escape)\(tail)\""), .string(head + decoded + tail), "\(before) \(escape) \(after)")
                        XCTAssertEqual(ContractJSON.parse("[\"\(head)\(escape)\(tail)\(escape)\"]"), .array([.string(head + decoded + tail + decoded)]))
                    }
                    XCTAssertNil(ContractJSON.parse("\"\(head)\u{1F}\(tail)\""))
                    XCTAssertNil(ContractJSON.parse("\"\(head)\\u{1F}\(tail)\""))  // \ then a control character
                    XCTAssertNil(ContractJSON.parse("\"\(head)\\x\(tail)\""))
                    XCTAssertNil(ContractJSON.parse("\"\(head)\(tail)"))  // unterminated
                    XCTAssertNil(ContractJSON.parse("\"\(head)\\"))
                    XCTAssertEqual(ContractJSON.parse("\"\(head)\\ud800\(tail)\""), .invalidString)
                    // Keys: escaped or not, they match exactly.
                    XCTAssertEqual(ContractJSON.parse("{\"\(head)\":1,\"\(head)\\u0041\":2}"), .object({
                        var object = ContractJSONObject()
                        object.set(head, .number(1))
                        object.set(head + "A", .number(2))
                        return object
                    }()))
                }
            }
        }
    }

    /// A kept literal with escapes is decoded in one pass into a 1 KB scratch buffer, and one
    /// whose text outgrows it in two passes: every length around that size, with an escape of each
    /// decoded width (1 to 4 bytes) or a plain run at the edge, reads the same on the String and
    /// the UTF-8 roads; an unpaired surrogate or a bad escape past the edge is still found.
    func testEscapedLiteralsAroundTheScratchSize() {
        let escapes: [(String, String)] = [("\\n", "\n"), ("\\u00e9", "é"), ("\\u20ac", "€"), ("\\ud83d\\ude00", "😀"), ("\\/", "/")]
        func roads(_ literal: String) -> [String?] {
            [ContractJSONScanner.scan(literal) { $0.string() },
             ContractJSONScanner.scan(utf8: Data(literal.utf8)) { $0.string() },
             { if case .string(let text)? = ContractJSON.parse(literal) { return text } else { return nil } }()]
        }
        // A literal that ends the text with a lone backslash, after an escape: never read past.
        for length in [0, 1, 7, 8, 100] {
            let text = "\"\\t" + String(repeating: "a", count: length) + "\\"
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(Array(text.utf8))) { $0.string() }, "\(length) lone backslash")
            XCTAssertNil(ContractJSON.parse(text), "\(length) lone backslash")
        }
        for length in 1000...1040 {
            for (escape, decoded) in escapes {
                // The escape first (one pass sees it at once), then a run that crosses the edge.
                let run = String(repeating: "a", count: length)
                XCTAssertEqual(roads("\"\(escape)\(run)\""), Array(repeating: decoded + run, count: 3), "\(length) \(escape) first")
                // A run up to the edge, then the escape across it, then a short tail.
                XCTAssertEqual(roads("\"\\t\(run)\(escape)é\""), Array(repeating: "\t" + run + decoded + "é", count: 3), "\(length) \(escape) last")
            }
            let run = String(repeating: "a", count: length)
            XCTAssertEqual(roads("\"\\t\(run)\\ud800\""), [nil, nil, nil], "\(length) unpaired")
            XCTAssertEqual(ContractJSON.parse("\"\\t\(run)\\ud800\""), .invalidString, "\(length) unpaired")
            XCTAssertNil(ContractJSON.parse("\"\\t\(run)\\x\""), "\(length) bad escape")
            XCTAssertNil(ContractJSON.parse("\"\\t\(run)\\u12\""), "\(length) short \\u")
            XCTAssertNil(ContractJSON.parse("\"\\t\(run)\u{1}\""), "\(length) control character")
            XCTAssertNil(ContractJSON.parse("\"\\t\(run)"), "\(length) unterminated")
            // Bytes end with the text (a String's storage ends in a NUL): an unterminated literal
            // must not be read past its last byte (AddressSanitizer sees it in these runs).
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(Array("\"\\t\(run)".utf8))) { $0.string() }, "\(length) unterminated bytes")
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(Array("\"\\t\(run)\\n".utf8))) { $0.string() }, "\(length) unterminated bytes")
        }
    }

    /// A kept text is built from a NUL-terminated copy in the scan's scratch when it fits (at most
    /// 1,023 bytes): read on both roads at lengths around that edge, plain and after an escape,
    /// with a NUL of its own (`\u0000`, which must not end the text) and with a byte that is not
    /// UTF-8 before or after that NUL (the bytes road: malformed). Run under AddressSanitizer too.
    func testKeptTextsAroundTheScratchSizeAndWithANul() {
        func roads(_ literal: [UInt8]) -> [String?] {
            [ContractJSONScanner.scan(String(decoding: literal, as: UTF8.self)) { $0.string() },
             ContractJSONScanner.scan(utf8: Data(literal)) { $0.string() }]
        }
        let quote: [UInt8] = [0x22], newline = Array(#"\n"#.utf8), nul = Array(#"\u0000"#.utf8), e = Array("é".utf8)
        for length in 1016...1030 {
            let run = [UInt8](repeating: 0x61, count: length - 2) + e
            let text = String(decoding: run, as: UTF8.self)
            XCTAssertEqual(roads(quote + run + quote), [text, text], "\(length) plain")
            XCTAssertEqual(roads(quote + newline + run + quote), ["\n" + text, "\n" + text], "\(length) escaped")
            XCTAssertEqual(roads(quote + run + nul + e + quote), [text + "\u{0}é", text + "\u{0}é"], "\(length) NUL")
            XCTAssertEqual(roads(quote + nul + run + quote), ["\u{0}" + text, "\u{0}" + text], "\(length) NUL first")
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(quote + run + [0xBF] + quote)) { $0.string() }, "\(length) not UTF-8")
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(quote + newline + run + [0xBF] + quote)) { $0.string() }, "\(length) escaped, not UTF-8")
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(quote + run + nul + [0xBF] + quote)) { $0.string() }, "\(length) not UTF-8 after a NUL")
            XCTAssertNil(ContractJSONScanner.scan(utf8: Data(quote + [0xBF] + nul + run + quote)) { $0.string() }, "\(length) not UTF-8 before a NUL")
        }
        // A text read after a longer one: the scratch past its end still holds the longer one's
        // bytes, so only the NUL written after it ends the copy (AddressSanitizer sees a read past
        // the scratch otherwise).
        let long = String(repeating: "a", count: 1021) + "é", short = String(repeating: "b", count: 18) + "é"
        func both(_ scanner: inout ContractJSONScanner) -> [String?] {
            guard scanner.enterArray() else { return [] }
            var texts: [String?] = []
            while scanner.nextElement() { texts.append(scanner.string()) }
            return texts
        }
        let array = "[\"\(long)\",\"\(short)\",\"\\n\(short)\"]"
        XCTAssertEqual(ContractJSONScanner.scan(array) { both(&$0) }, [long, short, "\n" + short])
        XCTAssertEqual(ContractJSONScanner.scan(utf8: Data(array.utf8)) { both(&$0) }, [long, short, "\n" + short])
        // Short texts: a NUL in 16 bytes or fewer, ASCII and not.
        XCTAssertEqual(roads(quote + Array(#"a\u0000b"#.utf8) + quote), ["a\u{0}b", "a\u{0}b"])
        XCTAssertEqual(roads(quote + e + nul + e + quote), ["é\u{0}é", "é\u{0}é"])
        XCTAssertNil(ContractJSONScanner.scan(utf8: Data(quote + e + nul + [0xBF] + quote)) { $0.string() })
    }

    /// `scan(utf8:)` reads only well-formed UTF-8 (RFC 3629), the same bytes Swift's own decoding
    /// leaves unrepaired: any other byte is a syntax error where the scan meets it. Checked inside
    /// a string literal (kept and skipped, plain and escaped) and as a member key, on hand-picked
    /// edge cases and on random byte strings rich in lead and continuation bytes, at every offset
    /// of the eight-byte step; outside a literal a non-ASCII byte is no JSON at all.
    func testScanUTF8RunsOnlyOnWellFormedUTF8() {
        func scans(_ bytes: [UInt8]) -> Bool {
            let literal = [0x22] + bytes + [0x22]
            let kept = ContractJSONScanner.scan(utf8: Data(literal)) { $0.string() != nil && $0.finish() }
            let escaped = ContractJSONScanner.scan(utf8: Data([0x22, 0x5C, 0x6E] + bytes + [0x22])) { $0.string() != nil && $0.finish() }
            let skipped = ContractJSONScanner.scan(utf8: Data([0x5B] + literal + [0x5D])) { $0.bool() == nil && $0.finish() }
            // Read as a value of any type (a report's wrong-type read), plain and escaped.
            let tree = ContractJSONScanner.scan(utf8: Data(literal)) { $0.value() != nil && $0.finish() }
            let escapedTree = ContractJSONScanner.scan(utf8: Data([0x22, 0x5C, 0x6E] + bytes + [0x22])) { $0.value() != nil && $0.finish() }
            let key = ContractJSONScanner.scan(utf8: Data([0x7B] + literal + Array(":1}".utf8))) { scanner -> Bool in
                guard scanner.enterObject() else { return false }
                while scanner.nextMember() != nil { scanner.skipValue() }
                return scanner.finish()
            }
            XCTAssertEqual(kept, escaped, "\(bytes)")
            XCTAssertEqual(kept, skipped, "\(bytes)")
            XCTAssertEqual(kept, key, "\(bytes)")
            XCTAssertEqual(kept, tree, "\(bytes)")
            XCTAssertEqual(kept, escapedTree, "\(bytes)")
            return kept
        }
        XCTAssertFalse(ContractJSONScanner.scan(utf8: Data([0x5B, 0x31, 0x2C, 0xC3, 0xA9, 0x5D])) { $0.skipValue(); return $0.finish() })
        XCTAssertFalse(ContractJSONScanner.scan(utf8: Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8))) { $0.skipValue(); return $0.finish() })
        // A kept literal is judged by the String built from it (a repair leaves U+FFFD, EF BF BD):
        // a real U+FFFD is valid, and a 3-byte ill-formed part (F0 90 80) repairs to the same length.
        let valid: [[UInt8]] = [[], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
                                [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBD],
                                [0xEF, 0xBF, 0xBD, 0xC3, 0xA9]]
        let invalid: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
                                  [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82],
                                  [0xC2], [0xE2, 0x28, 0xA1], [0xF0, 0x90, 0x80], [0xEF, 0xBF, 0xBD, 0xF0, 0x90, 0x80],
                                  [0xF0, 0x90, 0x80, 0xEF, 0xBF, 0xBD]]
        for pad in 0..<17 {
            let head = [UInt8](repeating: 0x61, count: pad)
            for bytes in valid { XCTAssertTrue(scans(head + bytes + head), "\(pad) \(bytes)") }
            for bytes in invalid { XCTAssertFalse(scans(head + bytes + head), "\(pad) \(bytes)") }
        }
        // Bytes that are not UTF-8 make the text malformed even in a literal with an unpaired surrogate
        // (which alone only makes the string invalid).
        func surrogateLiteral(_ extra: [UInt8]) -> [Bool] {
            ContractJSONScanner.scan(utf8: Data([0x22] + Array(#"\ud800"#.utf8) + extra + [0x22])) { scanner in
                let kept = scanner.string() != nil
                return [kept, scanner.finish()]
            }
        }
        XCTAssertEqual(surrogateLiteral([]), [false, true])
        XCTAssertEqual(surrogateLiteral([0xC3, 0xA9]), [false, true])
        XCTAssertEqual(surrogateLiteral([0xFF]), [false, false])
        XCTAssertEqual(surrogateLiteral([0xF0, 0x90, 0x80, 0x41]), [false, false])
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let wellFormed = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
            XCTAssertEqual(scans(bytes), wellFormed, "\(bytes)")
        }
    }

    /// A union's tag: the last occurrence of the key, when it is a string; nothing is consumed, so
    /// the value then reads in full, and a syntax error inside is found by that read.
    func testPeekTagFindsTheLastStringTagAndConsumesNothing() {
        let cases: [(String, String?)] = [
            (#"{"kind":"a","x":1}"#, "a"),
            (#"{"x":[1,{"kind":"z"}],"kind":"a"}"#, "a"),
            (#"{"kind":"a","kind":"b"}"#, "b"),
            (#"{"kind":"a","kind":1}"#, nil),
            (#"{"x":1}"#, nil),
            (#""a""#, nil),
            (#"[{"kind":"a"}]"#, nil),
            (#"null"#, nil),
            (#"{"kind":"\ud800"}"#, nil),
            (#"{"kind":"\u0061"}"#, "a"),
            (#"{"kind":{"kind":"a"}}"#, nil),
            (#"{"Kind":"a"}"#, nil),
            (#"{}"#, nil),
            (#"{"kind":""}"#, "")
        ]
        for (value, expected) in cases {
            let (tag, after, finished) = ContractJSONScanner.scan(#"{"u":"# + value + "}") { scanner -> (String?, ContractJSON?, Bool) in
                _ = scanner.enterObject()
                _ = scanner.nextMember()
                let tag = scanner.peekTag("kind")
                let after = scanner.value()
                _ = scanner.nextMember()
                return (tag, after, scanner.finish())
            }
            XCTAssertEqual(tag, expected, value)
            XCTAssertEqual(after, ContractJSON.parse(value), value)
            XCTAssertTrue(finished, value)
        }
        // A syntax error inside the object: no tag, and the read that follows fails.
        let failed = ContractJSONScanner.scan(#"{"u":{"kind":"a","x":[1,]}}"#) { scanner -> (String?, Bool) in
            _ = scanner.enterObject()
            _ = scanner.nextMember()
            let tag = scanner.peekTag("kind")
            scanner.skipValue()
            return (tag, scanner.failed)
        }
        XCTAssertNil(failed.0)
        XCTAssertTrue(failed.1)
    }

    func testUnpairedSurrogateIsAnInvalidString() {
        XCTAssertNil(ContractJSONScanner.scan(#""\ud800""#) { $0.string() })
        XCTAssertEqual(ContractJSONScanner.scan(#""\ud83d\ude00""#) { $0.string() }, "😀")
    }
}

/// The typed reads the generated decoders use, one value at a time.
final class ContractJSONScannerReadTests: XCTestCase {
    func epochMillis(_ text: String) -> Int64? { ContractJSONScanner.scan(text) { $0.epochMillis() } }

    func testEpochMillisIsIntegralAndPositiveUpTo2To53Minus1() {
        XCTAssertNil(epochMillis("0"), "0 would read as 1970")
        XCTAssertEqual(epochMillis("1"), 1)
        XCTAssertEqual(epochMillis("1.0"), 1)
        XCTAssertEqual(epochMillis("9007199254740991"), 9_007_199_254_740_991)
        XCTAssertNil(epochMillis("9007199254740992"))
        XCTAssertNil(epochMillis("1.5"))
        XCTAssertNil(epochMillis("-5"))
        XCTAssertNil(epochMillis(#""1""#))
    }

    func testDrainSortsInUTF16OrderNotScalarOrder() {
        // U+FF61 (one UTF-16 unit 0xFF61) sorts after U+1F600 (surrogates 0xD83D…) in UTF-16
        // order, before it in scalar order.
        let changes = ContractDoneQueue.drain(#"{"\#u{FF61}":true,"😀":true}"#, current: [("\u{FF61}", false), ("😀", false)])
        XCTAssertEqual(changes.map(\.id), ["😀", "\u{FF61}"])
    }
}

final class ContractCalendarTests: XCTestCase {
    func testLocalDatesAreRealProlepticGregorianDates() {
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-02-30"))
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-11-31"))
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-09-31"))
        XCTAssertNil(ContractCalendar.parseLocalDate("1900-02-29"))   // century, not divisible by 400
        XCTAssertNotNil(ContractCalendar.parseLocalDate("2000-02-29"))
        XCTAssertNil(ContractCalendar.parseLocalDate("0000-01-01"))
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-1-01"))
        XCTAssertNil(ContractCalendar.parseLocalDate("２０２６-01-01"))
        // The three numbers, read from the UTF-8 bytes: a text of 10 UTF-16 units with another
        // script's digit (11 bytes) and one of 10 bytes with a non-ASCII letter (9 units) are refused.
        for (text, year, month, day) in [("2024-02-29", 2024, 2, 29), ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31), ("2026-07-17", 2026, 7, 17)] {
            let fields = ContractCalendar.parseLocalDate(text)
            XCTAssertEqual(fields?.year, year, text)
            XCTAssertEqual(fields?.month, month, text)
            XCTAssertEqual(fields?.day, day, text)
        }
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-01-0\u{661}"))
        XCTAssertNil(ContractCalendar.parseLocalDate("20é-01-01"))
        XCTAssertNil(ContractCalendar.parseLocalDate("2026-07-17 "))
        XCTAssertNil(ContractCalendar.parseLocalDate("2026/07/17"))
    }

    /// Instants worked out apart from the runtime (UTC arithmetic in Python's datetime).
    func testDateTimesInTheOneStrictForm() {
        let valid: [(String, Int64)] = [
            ("2026-07-17T06:30:00Z", 1_784_269_800_000), ("2026-07-17T08:30:00+02:00", 1_784_269_800_000),
            ("2026-07-16T21:00:00-09:30", 1_784_269_800_000), ("2026-07-17T06:30:00-00:00", 1_784_269_800_000),
            ("2000-02-29T00:00:00Z", 951_782_400_000), ("1970-01-01T00:00:00.001Z", 1),
            ("1969-12-31T23:59:59.9999Z", -1), ("2026-07-17T08:30:00.250+02:00", 1_784_269_800_250),
            ("2026-12-31T23:59:59.999999999-23:59", 1_798_847_939_999),
            ("0001-01-01T00:00:00Z", -62_135_596_800_000), ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ]
        for (text, instant) in valid { XCTAssertEqual(ContractCalendar.parseDateTime(text), instant, text) }
        for bad in ["2026-07-17t06:30:00Z", "2026-07-17T06:30:00z", "2026-07-17 06:30:00Z", "2026-07-17T06:30:00",
                    "2026-07-17T06:30Z", "2016-12-31T23:59:60Z", "2026-07-17T24:00:00Z", "2026-07-17T06:60:00Z",
                    "2026-02-29T06:30:00Z", "2026-07-17T06:30:00.Z", "2026-07-17T06:30:00.1234567890Z",
                    "2026-07-17T06:30:00+0200", "2026-07-17T06:30:00+24:00", "2026-07-17T06:30:00+02:60",
                    "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59.999-00:01", "0000-12-31T23:30:00-01:00",
                    "２０２６-07-17T06:30:00Z", "2026-07-17T06:30:00Z ", "2026-7-17T06:30:00Z", "2026-07-17", "",
                    "2026-07-17T06:30:00+02:00:00", "2026-07-17T06:30:00.5", "+2026-07-17T06:30:00Z"] {
            XCTAssertNil(ContractCalendar.parseDateTime(bad), bad)
        }
        XCTAssertEqual(ContractJSONScanner.scan(#""2026-07-17\u005406:30:00Z""#) { $0.dateTime() }, 1_784_269_800_000,
                       "escapes are decoded before the form is checked")
        XCTAssertNil(ContractJSONScanner.scan("1784269800000") { $0.dateTime() }, "a number is no date-time")
    }

    /// `explicit-null` fields: null is consumed and reported; any other value is left to read.
    func testNextIsNullConsumesOnlyNull() {
        XCTAssertEqual(ContractJSONScanner.scan("null") { $0.nextIsNull() }, true)
        XCTAssertEqual(ContractJSONScanner.scan(#""null""#) { scanner -> String? in scanner.nextIsNull() ? "null" : scanner.string() }, "null")
        XCTAssertEqual(ContractJSONScanner.scan("  0") { scanner -> Int64? in scanner.nextIsNull() ? -1 : scanner.integer() }, 0)
        XCTAssertEqual(ContractJSONScanner.scan("nul") { scanner -> Bool in _ = scanner.nextIsNull(); return scanner.failed }, true,
                       "a broken literal is malformed")
        XCTAssertEqual(ContractNullable<Int>(nil), .absent)
        XCTAssertEqual(ContractNullable(3), .value(3))
        XCTAssertEqual(ContractNullable<Int>.null.wrapped, nil)
        XCTAssertEqual(ContractNullable(3).wrapped, 3)
    }

    func testCivilDayNumbering() throws {
        XCTAssertEqual(ContractCalendar.daysFromCivil(1970, 1, 1), 0)
        XCTAssertEqual(ContractCalendar.daysFromCivil(2000, 3, 1), 11_017)
        // validUntil takes only safe-integer offsets (docs/semantics.md, decision 9), even when the sum would be in range.
        let utc = try XCTUnwrap(ContractCalendar.timeZone("UTC"))
        XCTAssertEqual(ContractCalendar.validUntilMs("1970-01-01", startOfNextDayDiffMs: -9_007_199_254_740_991, utc), 86_400_000 - 9_007_199_254_740_991)
        XCTAssertNil(ContractCalendar.validUntilMs("1970-01-01", startOfNextDayDiffMs: -9_007_199_254_740_992, utc))
        XCTAssertNil(ContractCalendar.validUntilMs("1970-01-01", startOfNextDayDiffMs: .min, utc))
        XCTAssertNil(ContractCalendar.validUntilMs("1970-01-01", startOfNextDayDiffMs: 9_007_199_254_740_992, utc))
        XCTAssertEqual(ContractCalendar.civilFromDays(11_017).day, 1)
    }

    func testDayStartSkipsAMissingMidnight() throws {
        // America/Santiago, 2022-09-11: clocks jump 00:00 → 01:00 (UTC−4 → UTC−3), so the day starts
        // at 01:00 local = 04:00 UTC.
        let zone = try XCTUnwrap(ContractCalendar.timeZone("America/Santiago"))
        XCTAssertEqual(ContractCalendar.dayStartMs("2022-09-11", zone), 1_662_868_800_000)
    }

    func testUnknownZoneIsNil() {
        XCTAssertNil(ContractCalendar.timeZone("Mars/Olympus"))
    }

    // The zone-id rule of docs/semantics.md; the same tables are in the Kotlin and TypeScript tests.
    func testZoneIdGrammar() {
        for id in ["Etc/GMT-5", "America/Argentina/ComodRivadavia", "EST5EDT", "America/Port-au-Prince", "_a", "Mars/Olympus"] {
            XCTAssertTrue(ContractCalendar.isZoneIdSyntax(id), id.debugDescription)
        }
        for id in ["", "/", "Europe/", "/Europe", "Europe//Berlin", "a/b/c/d", "Europe/Berlin\u{0}", "Europe/Berlin ", "../../etc/passwd", "Europe/Berl.in", "-05", "Etc/-5", "Etc/+5", "Fifteen_Letters", "\u{00DC}mlaut", "Europe/Berlin\n", "Europe/Berlin\r"] {
            XCTAssertFalse(ContractCalendar.isZoneIdSyntax(id), id.debugDescription)
        }
        XCTAssertFalse(ContractCalendar.isZoneIdSyntax("Europe/" + String(repeating: "B", count: 993)))
    }

    func testZoneIdsAreExactIANANames() {
        _ = ContractCalendar.timeZone("Europe/Berlin")  // Foundation then resolves "Europe/Berlin\0" too
        for id in ["europe/berlin", "gmt", "etc/utc", "us/pacific", "japan", "zulu", "PST", "GMT+0", "Factory", "America/Coyhaique", "ROC", "SystemV/EST5", "Mars/Olympus", "Europe/Berlin\u{0}"] {
            XCTAssertNil(ContractCalendar.timeZone(id), id.debugDescription)
        }
        for id in ["Europe/Berlin", "GMT", "UTC", "Etc/UTC", "US/Pacific", "Japan", "Zulu", "Asia/Kolkata", "Europe/Kyiv", "Etc/GMT-5"] {
            XCTAssertNotNil(ContractCalendar.timeZone(id), id)
        }
    }

    /// The name list is the same, line for line, in the three runtimes, sorted, unique, within the
    /// grammar, and every name on it is known to this platform (so the three agree on this machine).
    func testZoneNameListIsIdenticalInEveryRuntime() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var blocks: [[String]] = []
        for file in ["Runtime/swift/ContractRuntime.swift", "Runtime/kotlin/ContractRuntime.kt", "Runtime/typescript/contract-runtime.ts"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// BEGIN IANA ZONE NAMES") }, file)
            let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// END IANA ZONE NAMES") }, file)
            XCTAssertLessThan(begin + 3, end, file)
            blocks.append(Array(lines[(begin + 2)..<(end - 1)]))  // between the opening and closing lines
        }
        XCTAssertEqual(blocks[0], blocks[1])
        XCTAssertEqual(blocks[0], blocks[2])
        let names = blocks[0].flatMap { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(names.count, 593)
        XCTAssertEqual(names, names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        XCTAssertEqual(Set(names).count, names.count)
        for name in names {
            XCTAssertTrue(ContractCalendar.isZoneIdSyntax(name), name)
            XCTAssertNotNil(ContractCalendar.timeZone(name), name)
        }
    }
}

final class ContractDoneQueueTests: XCTestCase {
    /// A queue of 300 entries (past any small-object threshold) whose last entry repeats an
    /// earlier id with the opposite target: the repeat wins. Every task is not done in the blob,
    /// so each `true` target is a change, except `t150`, whose last target is `false`.
    func testLateDuplicateInAHundredsOfEntriesQueueWins() {
        let ids = (0..<300).map { "t\($0)" }
        let queue = "{" + ids.map { "\"\($0)\":true" }.joined(separator: ",") + ",\"t150\":false}"
        let current = ids.map { (id: $0, isDone: false) }
        let changes = ContractDoneQueue.drain(queue, current: current)
        // ASCII ids: UTF-16 order is plain byte order.
        let expected = ids.filter { $0 != "t150" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        XCTAssertEqual(changes.map(\.id), expected)
        XCTAssertTrue(changes.allSatisfy { $0.isDone })
        let peeked = ContractDoneQueue.peek(queue)
        XCTAssertEqual(peeked.count, 300)
        XCTAssertEqual(peeked.map(\.id), ids)
        XCTAssertEqual(peeked[150].isDone, false)
    }

    /// `set` on a long queue: an existing id keeps its place, a new one is appended.
    func testSetOnALongQueueKeepsPlacesAndAppendsNewIds() {
        let ids = (0..<40).map { "t\($0)" }
        let queue = "{" + ids.map { "\"\($0)\":false" }.joined(separator: ",") + "}"
        let updated = ContractDoneQueue.set(queue, taskId: "t30", isDone: true)
        XCTAssertEqual(updated, "{" + ids.map { "\"\($0)\":\($0 == "t30")" }.joined(separator: ",") + "}")
        let appended = ContractDoneQueue.set(queue, taskId: "new", isDone: true)
        XCTAssertEqual(appended, "{" + ids.map { "\"\($0)\":false" }.joined(separator: ",") + ",\"new\":true}")
    }
}

final class ContractEnumerationReadTests: XCTestCase {
    enum Unit: String, CaseIterable { case kelvin = "Kelvin", k = "K", other }

    func testExactSpellingOnly() {
        XCTAssertEqual(ContractEnum.read("Kelvin", as: Unit.self), .kelvin)
        XCTAssertEqual(ContractEnum.read("K", as: Unit.self), .k)
        // Canonically equivalent (Swift's `==` says equal) but not the same text: not the case.
        XCTAssertTrue("\u{212A}" == "K")
        XCTAssertEqual(Unit(rawValue: "\u{212A}elvin"), .kelvin)  // what the rawValue initializer alone would read
        XCTAssertNil(ContractEnum.read("\u{212A}elvin", as: Unit.self))
        XCTAssertNil(ContractEnum.read("\u{212A}", as: Unit.self))
        for text in ["kelvin", "KELVIN", " K", "", "e\u{301}", "😀"] { XCTAssertNil(ContractEnum.read(text, as: Unit.self), text) }
        XCTAssertNil(ContractEnum.read(nil, as: Unit.self))
    }

    func testOpenEnumFallsBackForEveryOtherString() {
        XCTAssertEqual(ContractEnum.read("K", as: Unit.self, unknown: .other), .k)
        for text in ["\u{212A}", "k", "Other", "", "e\u{301}", "😀"] {
            XCTAssertEqual(ContractEnum.read(text, as: Unit.self, unknown: .other), .other, text)
        }
        // Not a string (another JSON type, an unpaired surrogate): no value, the presence policy decides.
        XCTAssertNil(ContractEnum.read(nil, as: Unit.self, unknown: .other))
    }
}

/// `min-length`/`max-length` count Unicode scalars (code points), the unit all three languages share.
final class ContractTextLengthTests: XCTestCase {
    func testCountsUnicodeScalars() {
        let cases: [(String, Int)] = [("", 0), ("a", 1), ("é", 1), ("e\u{301}", 2), ("😀", 1), ("a😀b", 3),
                                      ("👩‍👩‍👧", 5), ("🇩🇪", 2), ("中文", 2), ("\u{0}", 1), ("\r\n", 2)]
        for (text, expected) in cases {
            XCTAssertEqual(ContractText.length(text), expected, text.debugDescription)
        }
        // Neither grapheme clusters nor UTF-16 units.
        XCTAssertEqual("e\u{301}".count, 1)
        XCTAssertEqual("😀".utf16.count, 2)
    }

    func testLinearInTheLength() {
        XCTAssertEqual(ContractText.length(String(repeating: "😀e\u{301}", count: 100_000)), 300_000)
    }
}
