/// Unit tests of the Swift testee's constant part (`Runtime/swift/Testee`), the file `emit` writes
/// beside the generated dispatch. Expectations follow docs/conformance.md's protocol.
import XCTest
@_spi(ContractGenRuntime) @testable import ContractRuntime

final class TesteeSupportTests: XCTestCase {
    func given(_ text: String, _ allowed: Set<String>) throws -> Given {
        try Given(ContractJSON.parse(text), allowed: allowed)
    }

    func error(_ run: () throws -> Any?) -> String? {
        do {
            _ = try run()
            return nil
        } catch let error as TesteeError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    func testGivenIsAnObjectHoldingOnlyTheOpsKeys() throws {
        XCTAssertEqual(error { try self.given("[]", ["blob"]) }, "given must be an object")
        XCTAssertEqual(error { try Given(nil, allowed: ["blob"]) }, "given must be an object")
        XCTAssertEqual(error { try self.given(#"{"blob":"x","blobb":1}"#, ["blob"]) }, "unknown given field 'blobb'")
        XCTAssertEqual(try given(#"{"blob":"x"}"#, ["blob", "pending"]).string("blob"), "x")
    }

    func testHexIsTwoDigitsPerByteAndNothingElse() throws {
        XCTAssertEqual(try TesteeSupport.bytes(hex: "7b7D00ff80"), Data([0x7B, 0x7D, 0x00, 0xFF, 0x80]))
        XCTAssertEqual(try TesteeSupport.bytes(hex: ""), Data())
        XCTAssertEqual(error { try TesteeSupport.bytes(hex: "7b7") }, "hex has an odd number of digits")
        XCTAssertEqual(error { try TesteeSupport.bytes(hex: "7g") }, "hex holds a character that is not a hex digit")
        XCTAssertEqual(error { try TesteeSupport.bytes(hex: "７b") }, "hex holds a character that is not a hex digit", "a full-width digit (3 bytes) is no hex digit")
        XCTAssertEqual(error { try TesteeSupport.bytes(hex: " 7b ") }, "hex holds a character that is not a hex digit")
    }

    func testEachAccessorTakesExactlyItsJSONType() throws {
        let g = try given(#"{"s":"x","b":true,"i":3,"f":1.5,"big":9007199254740992,"n":null,"m":{"a":true,"b":1,"c":false}}"#,
                          ["s", "b", "i", "f", "big", "n", "m", "absent"])
        XCTAssertEqual(try g.string("s"), "x")
        XCTAssertEqual(error { try g.string("i") }, "given.i must be a string")
        XCTAssertEqual(try g.boolean("b"), true)
        XCTAssertEqual(error { try g.boolean("s") }, "given.s must be a boolean")
        XCTAssertEqual(try g.integer("i"), 3)
        XCTAssertEqual(error { try g.integer("f") }, "given.f must be an integer")
        XCTAssertEqual(error { try g.integer("big") }, "given.big must be an integer", "2^53 is past the safe range")
        XCTAssertEqual(error { try g.integer("s") }, "given.s must be a number")
        XCTAssertNil(try g.integerElseNull("f"))
        XCTAssertEqual(try g.integerElseNull("i"), 3)
        XCTAssertNil(try g.textOrNull("n"))
        XCTAssertNil(try g.textOrNull("absent"))
        XCTAssertEqual(try g.textOrNull("s"), "x")
        XCTAssertEqual(error { try g.textOrNull("b") }, "given.b must be a string or null")
        let flags = try XCTUnwrap(g.flagMap("m"))
        XCTAssertEqual(flags.map(\.id), ["a", "c"], "the non-boolean entry is skipped")
        XCTAssertEqual(flags.map(\.isDone), [true, false])
        XCTAssertNil(try g.flagMap("absent"))
        XCTAssertEqual(error { try g.flagMap("s") }, "given.s must be an object")
    }

    /// The response text is the testee's own (not the runtime serializer's): ASCII, every other
    /// UTF-16 unit a `\u` escape; numbers that read back as the same double.
    func testTheResponseTextIsASCIIWithNumbersEveryReaderReadsBack() {
        XCTAssertEqual(ResponseJSON.text(of: .string(#"a"b\c~ "#)), #""a\"b\\c~ ""#)
        XCTAssertEqual(ResponseJSON.text(of: .string("\t\u{7F}\u{E9}\u{1F600}")), #""\u0009\u007f\u00e9\ud83d\ude00""#)
        XCTAssertEqual(ResponseJSON.text(of: .invalidString), #""\ufffd""#)
        XCTAssertEqual(ResponseJSON.text(of: .number(-0.0)), "0")
        XCTAssertEqual(ResponseJSON.text(of: .number(1_784_325_600_000)), "1784325600000")
        XCTAssertEqual(ResponseJSON.text(of: .number(9_007_199_254_740_991)), "9007199254740991")
        XCTAssertEqual(ResponseJSON.text(of: .number(-1.5)), "-1.5")
        XCTAssertEqual(ResponseJSON.text(of: .number(1e-7)), "1e-07")
        XCTAssertEqual(ResponseJSON.text(of: .number(.infinity)), "1e400")
        XCTAssertEqual(ResponseJSON.text(of: .number(-.infinity)), "-1e400")
        XCTAssertEqual(ResponseJSON.text(of: .number(.nan)), "null")
        var members = ContractJSONObject()
        members.set("z", .array([.bool(true), .null, .bool(false)]))
        members.set("\u{E9}", .array([]))
        XCTAssertEqual(ResponseJSON.text(of: .object(members)), #"{"z":[true,null,false],"\u00e9":[]}"#)
        // Every number the text spells reads back as the same double (JSONSerialization, not the runtime).
        for number in [0.1, -2.5e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 123_456_789.125, 9_007_199_254_740_992, 1e21] {
            let text = ResponseJSON.text(of: .array([.number(number)]))
            let read = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [NSNumber]
            XCTAssertEqual(read?.first?.doubleValue, number, text)
        }
    }

    func testARequestLineGetsOneResponseWithOneKey() {
        struct Boom: Error {}
        let servers: [String: TesteeContractServer] = ["c": { op, json in
            switch op {
            case "echo": return .string(try Given(json, allowed: ["x"]).string("x"))
            case "boom": throw Boom()
            case "encode": throw TesteeSkipped(reason: "no encoder")
            default: throw TesteeSupport.unknownOp(op, contract: "c")
            }
        }]
        func answer(_ line: String) -> String { ResponseJSON.text(of: TesteeSupport.respond(to: line, contracts: servers)) }
        XCTAssertEqual(answer(#"{"contract":"c","op":"echo","given":{"x":"hi"}}"#), #"{"ok":"hi"}"#)
        XCTAssertEqual(answer("[1]"), #"{"error":"request is not a JSON object"}"#)
        XCTAssertEqual(answer("{"), #"{"error":"request is not a JSON object"}"#)
        XCTAssertEqual(answer(#"{"contract":"c","op":"echo","given":{},"extra":1}"#), #"{"error":"unknown request field 'extra'"}"#)
        XCTAssertEqual(answer(#"{"contract":1,"op":"echo"}"#), #"{"error":"request needs string 'contract' and 'op'"}"#)
        XCTAssertEqual(answer(#"{"contract":"d","op":"echo","given":{}}"#), #"{"error":"unknown contract 'd'"}"#)
        XCTAssertEqual(answer(#"{"contract":"c","op":"frob","given":{}}"#), #"{"error":"unknown op 'frob' for c"}"#)
        XCTAssertEqual(answer(#"{"contract":"c","op":"boom","given":{}}"#), #"{"error":"Boom()"}"#)
        XCTAssertEqual(answer(#"{"contract":"c","op":"encode","given":{"input":1}}"#), #"{"skipped":"no encoder"}"#)
    }
}
