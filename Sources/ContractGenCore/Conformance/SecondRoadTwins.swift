/// Each decode case is also run by the second road to its answer, in the implementations that
/// have one: the same blob and expectation, with one `given` flag that picks the road.
///
/// Why: each of these roads is its own code that an app runs, and decoding the text by the
/// default road never reaches it.
/// - Swift `decode(_ data:)` (`bytes`): what App Group storage and files hand over — the UTF-8
///   check inside the scan, byte offsets.
/// - Kotlin `decode(bytes: ByteArray)` (`bytes`): its own UTF-8 decoder, which refuses instead of
///   repairing, in front of the text decode.
/// - TypeScript's scanner decoders (`lexed`): the road a report of a degraded blob takes, and every
///   text `JSON.parse` rejects; by default a decode walks `JSON.parse`'s tree instead.
public struct DecodeRoad: Sendable, Equatable {
    /// The `given` flag that takes this road (docs/conformance.md).
    public var key: String
    /// What a twin's name adds to its case's name.
    public var suffix: String

    public static let bytes = DecodeRoad(key: "bytes", suffix: " (utf-8 bytes)")
    public static let lexed = DecodeRoad(key: "lexed", suffix: " (lexed)")
    /// Every road a testee may be asked for (the differential sets them all at once).
    public static let all: [DecodeRoad] = [.bytes, .lexed]
}

extension ConformanceCase {
    /// The same decode by `road`; nil when the case is not a decode.
    public func by(_ road: DecodeRoad) -> ConformanceCase? {
        guard op == "decode", case .object(let given) = given else { return nil }
        var twin = self
        twin.name = name + road.suffix
        twin.given = .object(given.filter { $0.0 != road.key } + [(road.key, .bool(true))])
        return twin
    }

    /// `cases` with each decode's twin by `road` right after it (unchanged without a road).
    public static func withTwins(_ cases: [ConformanceCase], by road: DecodeRoad?) -> [ConformanceCase] {
        guard let road else { return cases }
        return cases.flatMap { golden in [golden] + (golden.by(road).map { [$0] } ?? []) }
    }
}

extension Implementation {
    /// The implementation's second decode road, whose twins `conform` and `mutate` also run.
    public var secondRoad: DecodeRoad? {
        switch self {
        case .swift: return .bytes
        case .kotlin: return .bytes
        // TypeScript's byte road is its UTF-8 decoder in front of the default one; the lexed twin
        // tests the other decoders, and the byte road meets every decodeBytes case and the
        // differential's `bytes` decodes.
        case .typescript, .typescriptJSC: return .lexed
        }
    }
}
