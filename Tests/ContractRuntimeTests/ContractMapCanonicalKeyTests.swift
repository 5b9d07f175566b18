import XCTest
@testable import ContractRuntime

/// A map field's keys: an exact repeat or a canonically equivalent spelling replaces the earlier
/// entry, the later spelling kept (docs/semantics.md row 15), small and indexed maps alike.
final class ContractMapCanonicalKeyTests: XCTestCase {
    func entries(_ pairs: [(String, Int?)]) -> [String] {
        var map = ContractExactMap<Int>()
        for (key, value) in pairs { map.set(key, value) }
        return map.entries.map { "\($0.key.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "+"))=\($0.value)" }
    }

    func testTwinsReplaceEachOtherAndTheLaterSpellingStays() {
        XCTAssertEqual(entries([("e\u{301}", 1), ("\u{E9}", 2)]), ["e9=2"])
        XCTAssertEqual(entries([("\u{E9}", 1), ("e\u{301}", 2)]), ["65+301=2"])
        XCTAssertEqual(entries([("\u{212A}", 1), ("K", 2)]), ["4b=2"])
        XCTAssertEqual(entries([("K", 1), ("\u{212A}", 2)]), ["212a=2"])
        XCTAssertEqual(entries([("e\u{301}", 1), ("\u{E9}", 2), ("e\u{301}", 3)]), ["65+301=3"])
        XCTAssertEqual(entries([("\u{E9}", 1), ("e\u{301}", nil)]), [], "an invalid later value leaves no entry")
        // Past the linear search (an index by exact key), and with the twin first seen as ASCII.
        let many = (0..<20).map { ("k\($0)", Optional($0)) }
        XCTAssertEqual(entries(many + [("K", 20), ("\u{212A}", 21)]).count, 21)
        XCTAssertEqual(entries(many + [("K", 20), ("\u{212A}", 21)]).last, "212a=21")
        XCTAssertEqual(entries([("a", 1), ("b", 2), ("a", 3)]), ["62=2", "61=3"], "exact repeats as before")
        // Different strings that are not canonical twins stay apart (compatibility, not canonical).
        XCTAssertEqual(entries([("\u{FB01}", 1), ("fi", 2)]).count, 2)
    }
}
