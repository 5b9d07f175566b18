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
        func answer(_ line: String) -> String { TesteeSupport.respond(to: line, contracts: servers).serialized() }
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
