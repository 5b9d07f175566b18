/// The exact-key map's probes: a key's fingerprint only narrows a search, so keys alike in any
/// way (a shared prefix or suffix, a difference in the middle, canonically equivalent bytes) are
/// still told apart, on the linear search of a small map and on the index of a large one.
import XCTest
@testable import ContractRuntime

final class ContractExactMapTests: XCTestCase {
    /// Keys of every length from 0 to 40 bytes that differ in one byte at every position, with
    /// a non-ASCII byte pair at every position too: each finds only its own value.
    func testKeysDifferingAtAnyOneByteAreDistinct() {
        for length in 0...40 {
            var keys: [String] = [String(repeating: "k", count: length)]
            for position in 0..<length {
                var scalars = Array(repeating: Character("k"), count: length)
                scalars[position] = "q"
                keys.append(String(scalars))
                scalars[position] = "é"  // two UTF-8 bytes: the key is no longer ASCII
                keys.append(String(scalars))
            }
            for count in [keys.count, min(keys.count, 8)] {  // the index past 8 keys, and the linear search
                var map = ContractExactMap<Int>()
                for (offset, key) in keys.prefix(count).enumerated() { map.set(key, offset) }
                XCTAssertEqual(map.count, count, "length \(length)")
                for (offset, key) in keys.prefix(count).enumerated() {
                    XCTAssertEqual(map.value(for: key), offset, "length \(length), key \(key)")
                }
                if length > 0 { XCTAssertNil(map.value(for: String(repeating: "z", count: length)), "length \(length)") }
            }
        }
    }

    /// Two keys with the same first and last eight bytes and the same UTF-8 length whose middles
    /// are canonically equivalent (é then e + U+0301, against e + U+0301 then é): an exact probe
    /// (`value(for:)`, what a derived lookup asks) must compare bytes, never Swift's canonical
    /// `==`; and, as a map field's keys, the later spelling replaces the earlier entry
    /// (docs/semantics.md row 15).
    func testCanonicallyEquivalentMiddlesAreProbedExactlyAndAreOneKey() {
        let composed = "abcdefgh\u{E9}e\u{301}ijklmnop"
        let decomposed = "abcdefghe\u{301}\u{E9}ijklmnop"
        XCTAssertEqual(composed, decomposed)  // canonical equivalence, which an exact probe must not use
        XCTAssertEqual(composed.utf8.count, decomposed.utf8.count)
        var map = ContractExactMap<String>()
        map.set("2203306141", "ascii")
        map.set(composed, "composed")
        XCTAssertEqual(map.value(for: composed), "composed")
        XCTAssertNil(map.value(for: decomposed), "an exact probe of the other spelling finds nothing")
        XCTAssertEqual(map.value(for: "2203306141"), "ascii")
        XCTAssertNil(map.value(for: "2203306144"))
        // The other spelling replaces the entry: the later spelling stays, with its value.
        map.set(decomposed, "decomposed")
        XCTAssertEqual(map.count, 2)
        XCTAssertNil(map.value(for: composed))
        XCTAssertEqual(map.value(for: decomposed), "decomposed")
        XCTAssertEqual(map.entries.map(\.value), ["ascii", "decomposed"])
    }
}
