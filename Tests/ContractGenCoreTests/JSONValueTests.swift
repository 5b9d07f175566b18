/// The tool's own JSON reader (golden files, testee answers): strict about string escapes.
import XCTest
@testable import ContractGenCore

final class JSONValueTests: XCTestCase {
    func testEscapesDecodeAndAHexEscapeNeedsFourHexDigits() throws {
        XCTAssertEqual(JSONValue.parse(#""a\n\"\\\/\b\f\r\t\u00e9\ud83d\ude00""#), .string("a\n\"\\/\u{8}\u{c}\r\té😀"))
        // UInt16("+041", radix: 16) is 65: the reader must not take a sign as a hex digit.
        XCTAssertNil(JSONValue.parse(#""\u+041""#))
        XCTAssertNil(JSONValue.parse(#""\u-041""#))
        XCTAssertNil(JSONValue.parse(#""\u004""#))
        XCTAssertNil(JSONValue.parse(#""\x41""#))
        XCTAssertNil(JSONValue.parse("\"a\u{1}\""))
    }
}
