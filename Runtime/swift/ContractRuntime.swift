import Foundation

// The scanner, value tree, calendar and done-queue are the generated decoders' machinery, not an
// app's API: they are public only behind the SPI group ContractGenRuntime (the testee and the
// runtime's tests import it with `@_spi(ContractGenRuntime) import`), so an app that imports the
// contracts' module sees its contracts, ContractTimeline and ContractTimelineTime, nothing else.

// MARK: - JSON value model

/// One parsed JSON value, as the strict reader produces it and the serializer writes it.
///
/// For example `{"v":1,"tasks":[]}` is `.object` holding `v → .number(1)` and `tasks → .array([])`.
/// Numbers are IEEE-754 doubles because that is how JavaScript (the writer) reads them, so all
/// three platforms agree on `1.0000000000000001 == 1`.
@_spi(ContractGenRuntime) public enum ContractJSON: Sendable, Equatable {
    /// JSON `null`.
    case null
    /// JSON `true` / `false`.
    case bool(Bool)
    /// A JSON number, as a double (`1e400` is `+infinity`: a number, but no field accepts it).
    case number(Double)
    /// A well-formed string (no unpaired UTF-16 surrogate).
    case string(String)
    /// A string that held an unpaired surrogate: it exists, but has the wrong type for every
    /// field, because not every platform can represent it (Swift `String` cannot at all).
    case invalidString
    /// A JSON array.
    case array([ContractJSON])
    /// A JSON object (each key once, last occurrence wins).
    case object(ContractJSONObject)

    /// Structural equality with exact (code-unit) string comparison: Swift's `==` on `String`
    /// would call canonically equivalent strings ("é" and "e\u{301}") equal, JSON does not.
    /// Object key order is irrelevant. Iterative, so deep values cannot exhaust a small stack.
    public static func == (lhs: ContractJSON, rhs: ContractJSON) -> Bool {
        var pending: [(ContractJSON, ContractJSON)] = []
        var pair = (lhs, rhs)
        while true {
            switch pair {
            case (.null, .null), (.invalidString, .invalidString):
                break
            case let (.bool(a), .bool(b)):
                guard a == b else { return false }
            case let (.number(a), .number(b)):
                guard a == b else { return false }
            case let (.string(a), .string(b)):
                guard ContractExactKey.same(a, b) else { return false }
            case let (.array(a), .array(b)):
                guard a.count == b.count else { return false }
                for offset in a.indices {
                    pending.append((a[offset], b[offset]))
                }
            case let (.object(a), .object(b)):
                guard a.count == b.count else { return false }
                for entry in a.entries {
                    guard let other = b[entry.key] else { return false }
                    pending.append((entry.value, other))
                }
            default:
                return false
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }
}

/// The type of the zero-size stored property `_memberwise` that ends every generated struct. A
/// struct whose own body declares no initializer gets Swift's memberwise one; with this property
/// that one's labels differ from the public initializer's (declared in an extension), so both
/// exist, and the decoders call the memberwise one. Why: Swift 6.3 compiles an initializer written
/// out for a struct of four or more reference-counted fields to a copy of the value and a release
/// of each field (an atomic retain and release of every heap string, per value), and the
/// synthesized one to plain moves: 2-7% of a whole decode. File-private, so no app sees it;
/// Equatable and Hashable, so every struct's synthesized conformances hold (all are equal).
struct ContractMemberwise: Hashable, Sendable {
    init() {}
}

/// A string compared and hashed by its exact UTF-8 bytes (equivalently, its UTF-16 code units).
/// Why: Swift's `String ==` and hashing use Unicode canonical equivalence, while JavaScript and
/// Kotlin compare code units; object keys and lookups must agree across the three languages
/// (no case folding, no normalisation).
struct ContractExactKey: Hashable, Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ContractExactKey, rhs: ContractExactKey) -> Bool {
        same(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        let done: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return true
        }
        if done == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// True when `a` and `b` have exactly the same code units (UTF-8 bytes compared directly).
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // Native strings (every string a scan produces) are compared in place, with no copy.
        if let result = a.utf8.withContiguousStorageIfAvailable({ l in
            b.utf8.withContiguousStorageIfAvailable { r in
                l.count == 0 || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0
            }
        }), let result {
            return result
        }
        return a.utf8.elementsEqual(b.utf8)
    }
}

/// A JSON object: each key once, in order of first appearance, with the LAST value given for it.
///
/// For example `{"a":1,"b":2,"a":3}` has `keys == ["a", "b"]` and `self["a"] == .number(3)`.
/// Order is kept only so that serialization is stable; no result depends on it.
@_spi(ContractGenRuntime) public struct ContractJSONObject: Sendable, Equatable, Sequence {
    /// The entries, one per key, in order of first appearance.
    public private(set) var entries: [(key: String, value: ContractJSON)]

    /// Exact-key index, built only for larger objects: small objects (the common case: a task
    /// has four keys) are searched linearly, which is faster and allocates nothing.
    private var index: [ContractExactKey: Int]?

    /// True when every key is known to be ASCII. Then `==` on String is exact for keys of equal
    /// UTF-8 length (canonical equivalence can only map longer non-ASCII text onto ASCII), and
    /// it is much faster than comparing bytes.
    private var asciiKeys: Bool

    /// Up to this many entries, lookups scan linearly instead of keeping a hash index.
    private static let linearLimit = 12

    /// An empty object.
    public init() {
        entries = []
        index = nil
        asciiKeys = true
    }

    /// Returns a dictionary slot's value through its in-place accessor, so that looking a key
    /// up and inserting it when new (with the subscript's default) costs one hash.
    @inline(__always)
    private static func claim(_ slot: inout Int) -> Int {
        slot
    }

    /// The keys, unique, in order of first appearance.
    public var keys: [String] {
        entries.map { $0.key }
    }

    /// The number of (unique) keys.
    public var count: Int {
        entries.count
    }

    /// The value stored for `key` (exact code-unit match), or nil when the key is absent.
    public subscript(key: String) -> ContractJSON? {
        guard let position = position(of: key) else { return nil }
        return entries[position].value
    }

    /// Sets `key` to `value`: an existing key keeps its position and gets the new value (last
    /// occurrence wins, as in JavaScript and org.json); a new key is appended.
    public mutating func set(_ key: String, _ value: ContractJSON) {
        if let position = position(of: key) {
            entries[position].value = value
            return
        }
        entries.append((key: key, value: value))
        if asciiKeys {
            asciiKeys = Self.isASCII(key)
        }
        if index != nil {
            index![ContractExactKey(key)] = entries.count - 1
        } else if entries.count > Self.linearLimit {
            var built = [ContractExactKey: Int](minimumCapacity: entries.count * 2)
            for (offset, entry) in entries.enumerated() {
                built[ContractExactKey(entry.key)] = offset
            }
            index = built
        }
    }

    /// Iterates the entries in order of first appearance.
    public func makeIterator() -> IndexingIterator<[(key: String, value: ContractJSON)]> {
        entries.makeIterator()
    }

    /// Same keys with equal values; order is irrelevant (it is never observable).
    public static func == (lhs: ContractJSONObject, rhs: ContractJSONObject) -> Bool {
        ContractJSON.object(lhs) == ContractJSON.object(rhs)
    }

    private func position(of key: String) -> Int? {
        if let index {
            return index[ContractExactKey(key)]
        }
        for offset in entries.indices where Self.sameKey(entries[offset].key, key, ascii: asciiKeys) {
            return offset
        }
        return nil
    }

    /// Exact key equality; `ascii` says that `stored` is known to be ASCII.
    @inline(__always)
    private static func sameKey(_ stored: String, _ key: String, ascii: Bool) -> Bool {
        if ascii {
            return stored.utf8.count == key.utf8.count && stored == key
        }
        return ContractExactKey.same(stored, key)
    }

    private static func isASCII(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
    }
}

/// A string-keyed map as a decoder reads it: a repeated key replacing the earlier entry and moving
/// to the end (as in Kotlin's LinkedHashMap and JavaScript's Map), even when the new value is
/// invalid (nil: the key then has no entry). Keys are found by their exact bytes (as Kotlin and
/// JavaScript compare them); a key canonically equivalent to an earlier one of another spelling
/// (`"é"` after `"e\u{301}"`, `"K"` after U+212A) replaces it too, in every language: a map
/// field is a Swift `[String: T]`, which cannot hold both (docs/semantics.md row 15). Small maps
/// (the common case) are searched linearly, with no hashing and no index allocation; past
/// `linearLimit` entries an exact-key index keeps every operation O(1), so a decode stays linear
/// however many keys or duplicates the object holds. Only a map with a non-ASCII key pays for the
/// canonical check (two ASCII keys are canonically equal only when identical).
struct ContractExactMap<Value> {
    /// The entries in order of last occurrence; a replaced entry leaves a hole (nil).
    private var slots: [(key: String, value: Value, dropped: Int)?] = []
    /// Beside each slot, its key's `fingerprint`: a linear search compares these first, and only
    /// a key with the same one in full (a String comparison is a call; most probes are misses).
    private var fingerprints: [UInt64] = []
    /// Positions by exact key, built once the map outgrows `linearLimit`.
    private var index: [ContractExactKey: Int]?
    /// Entries (not holes) in `slots`.
    private var live = 0
    /// True while every key is ASCII: then `==` on String is exact for keys of equal UTF-8 length
    /// (see ContractJSONObject.asciiKeys) and much cheaper than comparing bytes.
    private var asciiKeys = true
    /// Positions by canonical key (Swift's own String hashing and equality), kept from the first
    /// non-ASCII key on.
    private var canonical: [String: Int]?

    private static var linearLimit: Int { 8 }

    init() {}

    /// The number of entries (unique keys with a valid value): what a map's `min-items` /
    /// `max-items` and `non-empty` checks count.
    var count: Int { live }

    /// True when no key has an entry.
    var isEmpty: Bool { live == 0 }

    /// Sets `key` to `value` (nil: invalid, so the key ends with no entry), replacing an earlier
    /// entry. `dropped` is the count of array elements dropped inside `value`; only entries that
    /// remain count (`dropped` below).
    mutating func set(_ key: String, _ value: Value?, dropped: Int = 0) {
        let (print, isASCII) = Self.fingerprint(key)
        if !isASCII, canonical == nil { indexCanonically() }
        if let at = position(of: key, print) ?? canonical?[key] {
            if let earlier = slots[at] {
                index?[ContractExactKey(earlier.key)] = nil
                canonical?[earlier.key] = nil
            }
            slots[at] = nil
            live -= 1
        }
        guard let value else { return }
        // Room for a small map at once: growing 1, 2, 4, 8 reallocated three times.
        if slots.isEmpty {
            slots.reserveCapacity(Self.linearLimit)
            fingerprints.reserveCapacity(Self.linearLimit)
        }
        slots.append((key: key, value: value, dropped: dropped))
        fingerprints.append(print)
        live += 1
        if !isASCII { asciiKeys = false }
        canonical?[key] = slots.count - 1
        if index != nil {
            index![ContractExactKey(key)] = slots.count - 1
        } else if live > Self.linearLimit {
            var built = [ContractExactKey: Int](minimumCapacity: live * 2)
            for (offset, slot) in slots.enumerated() {
                if let slot { built[ContractExactKey(slot.key)] = offset }
            }
            index = built
        }
    }

    /// From the first non-ASCII key on, every entry is also found by its canonical key.
    private mutating func indexCanonically() {
        var built = [String: Int](minimumCapacity: Swift.max(live * 2, 4))
        for (offset, slot) in slots.enumerated() {
            if let slot { built[slot.key] = offset }
        }
        canonical = built
    }

    /// The value for exactly `key`, or nil.
    func value(for key: String) -> Value? {
        guard let at = position(of: key, Self.fingerprint(key).print) else { return nil }
        return slots[at]?.value
    }

    /// Array elements dropped inside the entries that remain.
    var dropped: Int {
        var total = 0
        for slot in slots { total += slot?.dropped ?? 0 }
        return total
    }

    /// The entries, in order of last occurrence.
    var entries: [(key: String, value: Value)] {
        var result: [(key: String, value: Value)] = []
        result.reserveCapacity(live)
        for slot in slots {
            if let slot { result.append((key: slot.key, value: slot.value)) }
        }
        return result
    }

    /// The public field's dictionary (no two keys here are canonically equivalent: see `set`).
    var dictionary: [String: Value] {
        var result = [String: Value](minimumCapacity: live)
        for slot in slots {
            if let slot { result[slot.key] = slot.value }
        }
        return result
    }

    /// Where exactly `key` (whose `fingerprint` is `print`) has its entry.
    private func position(of key: String, _ print: UInt64) -> Int? {
        if let index { return index[ContractExactKey(key)] }
        if asciiKeys {
            for offset in fingerprints.indices where fingerprints[offset] == print {
                if let slot = slots[offset], slot.key == key { return offset }
            }
            return nil
        }
        for offset in fingerprints.indices where fingerprints[offset] == print {
            if let slot = slots[offset], ContractExactKey.same(slot.key, key) { return offset }
        }
        return nil
    }

    /// `key`'s UTF-8 length and bytes in one word (equal keys have equal fingerprints), and
    /// whether the key is ASCII, found in the same look at its bytes. A key of up to 7 bytes is
    /// its own fingerprint; a longer one's mixes its first and last eight bytes, so ids that share
    /// a prefix (`2203306141`, `2203306144`) or a suffix differ here, and a probe compares a whole
    /// key only where it is almost surely the one.
    private static func fingerprint(_ key: String) -> (print: UInt64, isASCII: Bool) {
        key.utf8.withContiguousStorageIfAvailable { fingerprint($0) }
            ?? Array(key.utf8).withUnsafeBufferPointer { fingerprint($0) }
    }

    @inline(__always)
    private static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> (print: UInt64, isASCII: Bool) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return (0, true) }
        if count < 8 {
            var print = UInt64(truncatingIfNeeded: count) << 56
            for offset in 0..<count { print |= UInt64(base[offset]) << (offset &* 8) }
            return (print, print & 0x0080_8080_8080_8080 == 0)
        }
        // Whole words; the last one may overlap the one before it (the ASCII test only ORs them).
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 < count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        let first = raw.loadUnaligned(as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        high |= last
        let print = (first &* 0x9E37_79B9_7F4A_7C15 ^ last) &+ UInt64(truncatingIfNeeded: count)
        return (print, high & 0x8080_8080_8080_8080 == 0)
    }
}

// MARK: - Strict reader

extension ContractJSON {
    /// The deepest nesting `parse` accepts: an array or object opens one level, the root
    /// container is level 1. The limit exists so that hostile input (10^6 `[`) cannot exhaust
    /// memory or the stack, and so that all three languages reject exactly the same documents.
    public static let maxDepth = 512

    /// Parses `text` as RFC 8259 JSON, strictly; returns nil for ANY deviation (comments,
    /// trailing commas, NaN, leading zeros, a byte-order mark, trailing garbage, invalid escapes,
    /// raw control characters, nesting deeper than `maxDepth`, empty text). Never crashes.
    ///
    /// For example `parse("{\"v\":1}")` is an object and `parse("{\"v\":1,}")` is nil.
    public static func parse(_ text: String) -> ContractJSON? {
        ContractJSONScanner.scan(text) { scanner in
            let value = scanner.value()
            return scanner.finish() ? value : nil
        }
    }
}


/// A strict RFC 8259 pull reader over the UTF-8 bytes of a text: the one lexer of this runtime.
/// Generated decoders read a document through it once, front to back, straight into their
/// types, with no intermediate tree (so a decode costs little more memory than its result);
/// `ContractJSON.parse` builds a tree with it. Any syntax error, or nesting deeper than
/// `maxDepth`, sets `failed` and ends the scan; every read after that returns nil.
///
/// A value that has the wrong type for a typed read (`string()`, `bool()` …) is still consumed
/// and checked for syntax, then reported as nil: the field is invalid, the document may be fine.
@_spi(ContractGenRuntime) public struct ContractJSONScanner {
    /// Arrays and objects may nest this deep (the root object is level 1): deeper input is
    /// malformed, so hostile nesting cannot exhaust the stack of a widget extension.
    public static let maxDepth = ContractJSON.maxDepth

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Set right after entering a container: the next member or element is the first.
    private var atFirst = false
    /// Whether the string literal lexed last held a backslash.
    private var sawEscape = false
    /// True for text that came from UTF-16 (see `scan`): raw unpaired surrogates may be present.
    private let mayHoldRawSurrogates: Bool
    /// True once a syntax error (or too deep nesting) was found; the scan is over.
    public private(set) var failed = false
    /// The high bit of every byte of a word when the bytes may not be UTF-8 (`scan(utf8:)`), else
    /// 0: a skipped literal's or a key's run then also stops at each non-ASCII byte, which must
    /// start a well-formed sequence; a literal `string()` keeps is judged by the String built
    /// from it (`lexKeptUTF8String`), which validates its bytes anyway. (A String is UTF-8
    /// already; outside string literals the grammar admits ASCII only, so a stray byte there is
    /// a syntax error anyway.)
    private let nonASCIIStop: UInt64
    /// Room on the stack of `scan` for the decoded text of one kept literal with escapes, so it
    /// is decoded in the pass that finds its end (`decodeIntoScratch`); a longer one takes two.
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    /// Bytes of `scratch`: 1 KB, what `withUnsafeTemporaryAllocation` always takes from the stack.
    static let scratchCapacity = 1024
    /// The decoded bytes of the escaped keys read so far (rare), each in a block of its own whose
    /// first word links the block before it: a `ContractJSONKey` is then only a pointer and a
    /// length (no String to release per key), and every key stays valid until `scan` ends and
    /// frees the blocks.
    private var keyBlocks: UnsafeMutableRawPointer?

    private init(bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>, mayHoldRawSurrogates: Bool, checksUTF8: Bool = false) {
        self.bytes = bytes
        self.scratch = scratch
        self.mayHoldRawSurrogates = mayHoldRawSurrogates
        self.nonASCIIStop = checksUTF8 ? 0x8080_8080_8080_8080 : 0
    }

    /// Runs `body` with a scanner over `text` (the bytes stay valid for the duration).
    public static func scan<Result>(_ text: String, _ body: (inout ContractJSONScanner) -> Result) -> Result {
        // Fast path: a native Swift string is valid UTF-8 stored contiguously: read it in place.
        if let result = text.utf8.withContiguousStorageIfAvailable({ buffer -> Result in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { scratch in
                var scanner = ContractJSONScanner(bytes: buffer, scratch: scratch, mayHoldRawSurrogates: false)
                defer { freeKeyBlocks(scanner.keyBlocks) }
                return body(&scanner)
            }
        }) {
            return result
        }
        // A bridged (UTF-16) string, as UserDefaults hands out on Apple platforms, may hold raw
        // unpaired surrogates; they must make their string invalid (as in JavaScript and Kotlin)
        // rather than silently become U+FFFD, so transcode to WTF-8 and let the lexer flag them.
        let bytes = wtf8(text.utf16)
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { scratch in
                var scanner = ContractJSONScanner(bytes: buffer, scratch: scratch, mayHoldRawSurrogates: true)
                defer { freeKeyBlocks(scanner.keyBlocks) }
                return body(&scanner)
            }
        }
    }

    /// Runs `body` with a scanner over UTF-8 bytes read in place (App Group files and storage
    /// hand over `Data`): no String is built and nothing is copied. Bytes that are not UTF-8
    /// (RFC 3629: no overlong form, no encoded surrogate, nothing above U+10FFFF) are a syntax
    /// error like any other, found where the scan meets them: such bytes are no JSON text
    /// (RFC 8259 §8.1), and repairing them into U+FFFD would read a text the writer never wrote.
    /// The check is part of the scan (one pass over the bytes, not two).
    public static func scan<Result>(utf8 data: Data, _ body: (inout ContractJSONScanner) -> Result) -> Result {
        data.withUnsafeBytes { raw -> Result in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { scratch in
                var scanner = ContractJSONScanner(bytes: raw.bindMemory(to: UInt8.self), scratch: scratch, mayHoldRawSurrogates: false, checksUTF8: true)
                defer { freeKeyBlocks(scanner.keyBlocks) }
                return body(&scanner)
            }
        }
    }

    /// Frees the key blocks from `first` back to (not including) `last`.
    private static func freeKeyBlocks(_ first: UnsafeMutableRawPointer?, until last: UnsafeMutableRawPointer? = nil) {
        var block = first
        while let current = block, current != last {
            block = current.load(as: UnsafeMutableRawPointer?.self)
            current.deallocate()
        }
    }

    /// A copy of an escaped key's decoded text that lives until the scan ends (`keyBlocks`).
    private mutating func keptKeyBytes(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let count = text.utf8.count
        let block = UnsafeMutableRawPointer.allocate(byteCount: 8 + max(count, 1), alignment: 8)
        block.storeBytes(of: keyBlocks, as: UnsafeMutableRawPointer?.self)
        keyBlocks = block
        let bytes = (block + 8).bindMemory(to: UInt8.self, capacity: max(count, 1))
        _ = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(from: text.utf8)
        return UnsafeBufferPointer(start: bytes, count: count)
    }

    /// The offset just past the well-formed UTF-8 sequence that starts with the non-ASCII byte at
    /// `at` (Unicode Table 3-7), or nil when none does.
    private func utf8SequenceEnd(_ at: Int) -> Int? {
        guard let (trailing, low, high) = Self.utf8Lead(bytes[at]) else { return nil }
        guard bytes.count - at > trailing, bytes[at + 1] >= low, bytes[at + 1] <= high else { return nil }
        var next = 2
        while next <= trailing {
            guard bytes[at + next] & 0xC0 == 0x80 else { return nil }
            next += 1
        }
        return at + trailing + 1
    }

    /// What a non-ASCII lead byte begins (Unicode Table 3-7): how many bytes follow it, and the
    /// range of the first of them, which excludes the overlong forms, the surrogates and everything
    /// above U+10FFFF (any later one is 80–BF); nil for a byte that begins no character. The one
    /// table of the scan's check and of the report's `utf-8` offset.
    @inline(__always)
    static func utf8Lead(_ byte: UInt8) -> (trailing: Int, low: UInt8, high: UInt8)? {
        switch byte {
        case 0xC2...0xDF: return (1, 0x80, 0xBF)
        case 0xE0: return (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (2, 0x80, 0xBF)
        case 0xED: return (2, 0x80, 0x9F)
        case 0xF0: return (3, 0x90, 0xBF)
        case 0xF1...0xF3: return (3, 0x80, 0xBF)
        case 0xF4: return (3, 0x80, 0x8F)
        default: return nil
        }
    }

    // MARK: Structure

    /// True when the next value is an object (after whitespace).
    public mutating func nextIsObject() -> Bool {
        skipWhitespace()
        return position < bytes.count && bytes[position] == UInt8(ascii: "{")
    }

    /// Whether a string comes next (nothing consumed): a report reads it as one, with no
    /// `ContractJSON` built, and builds a value only for another type, to name it.
    @_spi(ContractGenRuntime) public mutating func nextIsString() -> Bool {
        skipWhitespace()
        return position < bytes.count && bytes[position] == UInt8(ascii: "\"")
    }

    /// Enters an object if one comes next; false (and nothing consumed) for any other value.
    public mutating func enterObject() -> Bool {
        enter(UInt8(ascii: "{"))
    }

    /// Enters an array if one comes next; false (and nothing consumed) for any other value.
    public mutating func enterArray() -> Bool {
        enter(UInt8(ascii: "["))
    }

    private mutating func enter(_ opener: UInt8) -> Bool {
        if failed { return false }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == opener else { return false }
        guard depth < Self.maxDepth else {
            fail()
            return false
        }
        depth += 1
        position += 1
        atFirst = true
        return true
    }

    /// The key of the next member of the current object (its `:` consumed, its value next),
    /// or nil at the closing brace (consumed) or on a syntax error.
    @inline(__always)
    public mutating func nextMember() -> ContractJSONKey? {
        guard advance(closer: UInt8(ascii: "}")) else { return nil }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            fail()
            return nil
        }
        let key: ContractJSONKey
        // Most keys are one plain run up to their quote (on a scan that checks UTF-8, an ASCII
        // one): taken as they stand, in the decoder's own code. Any other goes to lexKey.
        let start = position + 1
        let runEnd = Self.plainRunEnd(bytes, from: start, stop: nonASCIIStop)
        if runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "\""), !mayHoldRawSurrogates {
            position = runEnd + 1
            key = ContractJSONKey(raw: UnsafeBufferPointer(rebasing: bytes[start..<runEnd]))
        } else {
            guard let lexed = lexKey() else {
                fail()
                return nil
            }
            key = lexed
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            fail()
            return nil
        }
        position += 1
        return key
    }

    /// True when another element of the current array follows (read it next); false at the
    /// closing bracket (consumed) or on a syntax error.
    public mutating func nextElement() -> Bool {
        advance(closer: UInt8(ascii: "]"))
    }

    /// Moves past `,` to the next item, or past the closer (returning false).
    private mutating func advance(closer: UInt8) -> Bool {
        if failed { return false }
        skipWhitespace()
        guard position < bytes.count else {
            fail()
            return false
        }
        let byte = bytes[position]
        if byte == closer {
            // `[1,]` is caught by the value read after the comma, so a closer here is legal.
            position += 1
            depth -= 1
            atFirst = false
            return false
        }
        if atFirst {
            atFirst = false
            return true
        }
        guard byte == UInt8(ascii: ",") else {
            fail()
            return false
        }
        position += 1
        skipWhitespace()
        // A trailing comma: `[1,]`, `{"a":1,}` are not JSON.
        if position < bytes.count, bytes[position] == closer {
            fail()
            return false
        }
        return true
    }

    /// Consumes one value of any type, checking its syntax (recursion is bounded by `maxDepth`).
    public mutating func skipValue() {
        if failed { return }
        skipWhitespace()
        guard position < bytes.count else {
            fail()
            return
        }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard enterObject() else { return }
            while nextMember() != nil { skipValue() }
        case UInt8(ascii: "["):
            guard enterArray() else { return }
            while nextElement() { skipValue() }
        case UInt8(ascii: "\""):
            if lexString(keep: false) == .syntaxError { fail() }
        case UInt8(ascii: "t"):
            if !literal("true") { fail() }
        case UInt8(ascii: "f"):
            if !literal("false") { fail() }
        case UInt8(ascii: "n"):
            if !literal("null") { fail() }
        default:
            if lexNumber() == nil { fail() }
        }
    }

    /// A tagged union's tag, found before the value is read: when the next value is an object,
    /// the text of its member `key` (compared byte for byte; the last occurrence wins) if that is
    /// a string, else nil (not an object, no such member, not a string, an unpaired surrogate, a
    /// syntax error). Consumes nothing: it scans a copy, so the object is then read (or skipped,
    /// which finds any syntax error again) as usual. Linear in the object's length.
    public func peekTag(_ key: StaticString) -> String? {
        var probe = self
        // The probe's own escaped keys are not handed out: freed here, not by `scan`.
        defer { Self.freeKeyBlocks(probe.keyBlocks, until: keyBlocks) }
        guard probe.enterObject() else { return nil }
        var tag: String?
        while let member = probe.nextMember() {
            if member.matches(key) {
                tag = probe.string()
            } else {
                probe.skipValue()
            }
        }
        return probe.failed ? nil : tag
    }

    /// True when the whole text was one valid value followed only by whitespace.
    public mutating func finish() -> Bool {
        if failed { return false }
        skipWhitespace()
        return position == bytes.count && depth == 0
    }

    // MARK: Typed reads

    /// Any value, as a tree (for the done-queue and the testee; decoders use the typed reads).
    /// Recursion is bounded by `maxDepth`. Object keys that are not strings are dropped; for a
    /// duplicate key the last value wins at the first key's position.
    public mutating func value() -> ContractJSON? {
        guard let byte = peek() else {
            fail()
            return nil
        }
        switch byte {
        case UInt8(ascii: "{"):
            guard enterObject() else { return nil }
            var object = ContractJSONObject()
            while let key = nextMember() {
                guard let item = value() else { return nil }
                if let name = key.text { object.set(name, item) }
            }
            return failed ? nil : .object(object)
        case UInt8(ascii: "["):
            guard enterArray() else { return nil }
            var items: [ContractJSON] = []
            while nextElement() {
                guard let item = value() else { return nil }
                items.append(item)
            }
            return failed ? nil : .array(items)
        case UInt8(ascii: "\""):
            switch lexString(keep: true) {
            case .string(let text): return .string(text)
            case .invalid: return .invalidString
            case .syntaxError:
                fail()
                return nil
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return bool().map { .bool($0) }
        case UInt8(ascii: "n"):
            guard literal("null") else {
                fail()
                return nil
            }
            return .null
        default:
            return anyNumber().map { .number($0) }
        }
    }

    /// A string (one without unpaired surrogates), else nil.
    @inline(__always)
    public mutating func string() -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            skipValue()
            return nil
        }
        // Most literals are one plain run up to their quote: built straight from it in the
        // decoder's own code. On a String scan such a run is UTF-8 already; on a scan that checks
        // UTF-8 the run stops at a non-ASCII byte, so one that reaches its quote is ASCII. Any
        // other (non-ASCII bytes to check, escapes, a bridged String's raw surrogates): `lexedString`.
        if !mayHoldRawSurrogates {
            let start = position + 1
            let runEnd = Self.plainRunEnd(bytes, from: start, stop: nonASCIIStop)
            if runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "\"") {
                position = runEnd + 1
                return wellFormedText(UnsafeBufferPointer(rebasing: bytes[start..<runEnd]))
            }
        }
        return lexedString()
    }

    /// `string()` for a literal with escapes, one a bridged String may hold a raw surrogate in,
    /// or a syntax error (its quote is next).
    @inline(never)
    private mutating func lexedString() -> String? {
        // On a scan that checks UTF-8, the String built checks it too: read the literal once.
        switch nonASCIIStop != 0 ? lexKeptUTF8String() : lexString(keep: true) {
        case .string(let text): return text
        case .invalid: return nil  // an unpaired surrogate: not a string
        case .syntaxError:
            fail()
            return nil
        }
    }

    /// A JSON boolean, else nil: `1` and `"true"` are not coerced.
    /// Consumes a JSON `null` and returns true; any other value is left unread (false). For a
    /// field where `null` is a value of its own (`explicit-null`), read before the value itself.
    public mutating func nextIsNull() -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        if literal("null") { return true }
        fail()
        return false
    }

    public mutating func bool() -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"):
            if literal("true") { return true }
        case UInt8(ascii: "f"):
            if literal("false") { return false }
        default:
            skipValue()
            return nil
        }
        fail()
        return nil
    }

    /// Any JSON number as an IEEE double, infinite included (`1e400`): for the version gate.
    public mutating func anyNumber() -> Double? {
        guard let byte = peek(), byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
            skipValue()
            return nil
        }
        guard let value = lexNumber() else {
            fail()
            return nil
        }
        return value
    }

    /// A finite number (`1e400` is a number, but not a usable one).
    public mutating func number() -> Double? {
        guard let value = anyNumber(), value.isFinite else { return nil }
        return value
    }

    /// A number with an integral value within ±(2^53−1) (`1.0` and `1e0` are 1).
    public mutating func integer() -> Int64? {
        guard let value = number(), value == value.rounded(.towardZero), abs(value) <= 9_007_199_254_740_991 else { return nil }
        return Int64(value)
    }

    /// Epoch milliseconds: an integral number in 1 … 2^53−1. Zero is 1970, never a real verdict.
    public mutating func epochMillis() -> Int64? {
        guard let value = integer(), value >= 1 else { return nil }
        return value
    }

    /// A string naming a real proleptic-Gregorian date `YYYY-MM-DD` (years 0001–9999).
    public mutating func localDate() -> String? {
        guard let text = string(), ContractCalendar.parseLocalDate(text) != nil else { return nil }
        return text
    }

    /// An RFC 3339 date-time string in the one strict form of `ContractCalendar.parseDateTime`,
    /// as epoch milliseconds.
    public mutating func dateTime() -> Int64? {
        guard let text = string() else { return nil }
        return ContractCalendar.parseDateTime(text)
    }

    // MARK: Lexing

    private mutating func fail() {
        failed = true
        position = bytes.count
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte > 0x20 { return }  // the usual case, in one comparison
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// The next byte after whitespace (nil at the end: the caller's skipValue then fails).
    private mutating func peek() -> UInt8? {
        if failed { return nil }
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, count) == 0 else { return false }
        position += count
        return true
    }

    /// Validates the RFC 8259 number grammar, then converts the token with the platform's
    /// correctly rounded conversion (as JavaScript reads numbers). Nil for bad grammar.
    private mutating func lexNumber() -> Double? {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1  // no leading zeros: `01` is not JSON
        } else if isDigit(bytes[position]) {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        } else {
            return nil
        }
        var simple = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            simple = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            simple = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { return nil }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        // Short plain integers (the common case: versions, counts, instants) need no parser:
        // below 2^53 every integer is exact in a double.
        if simple, position - start <= 16 {
            var value: Int64 = 0
            var index = start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            while index < position {
                value = value * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return negative ? (value == 0 ? -0.0 : -Double(value)) : Double(value)
        }
        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return Double(token)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private enum LexedString: Equatable {
        case string(String)
        case invalid
        case syntaxError
    }

    /// Reads a string literal at its opening quote. `keep: false` only validates (skipping).
    /// `sawEscape` tells afterwards whether the literal held a backslash.
    private mutating func lexString(keep: Bool) -> LexedString {
        position += 1
        let start = position
        sawEscape = false
        // Fast path: no escape until the closing quote, so the string is the byte slice itself.
        guard let runEnd = stringRunEnd(from: position) else { return .syntaxError }  // not UTF-8
        position = runEnd
        guard position < bytes.count else { return .syntaxError }  // unterminated
        if bytes[position] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            if mayHoldRawSurrogates, Self.containsRawSurrogate(slice) { return .invalid }
            return .string(keep ? wellFormedText(slice) : "")
        }
        if bytes[position] < 0x20 { return .syntaxError }  // raw control characters are not allowed
        sawEscape = true
        return lexEscaped(start, keep: keep)
    }

    /// The rest of `lexString` from a literal's first backslash at `position` (its body began at
    /// `start`). A function of its own: `lexString`, which every key and value goes through, then
    /// stays small enough for the optimizer to inline its run scan, and this one inlines its own
    /// (in one function, the scan after each backslash was a call: 3.6% of a 181 KB decode).
    @inline(never)
    private mutating func lexEscaped(_ start: Int, keep: Bool) -> LexedString {
        if keep {
            var valid = true
            // Runs need `stringRunEnd` only where the scan checks UTF-8; elsewhere the plain scan
            // is the same and stays inlined.
            if let length = decodeIntoScratch(start, checksRuns: nonASCIIStop != 0, valid: &valid) {
                guard length >= 0 else { return .syntaxError }
                guard valid else { return .invalid }
                if mayHoldRawSurrogates, Self.containsRawSurrogate(UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])) { return .invalid }
                return .string(wellFormedText(UnsafeBufferPointer(rebasing: scratch[..<length])))
            }
        }
        // Two passes (a literal only checked, or one too long for `scratch`). Find the closing
        // quote first: at each backslash the escaped byte is skipped (the four digits of `\u` are
        // plain bytes), so the body bytes[start..<end] holds no raw quote or control character,
        // and its decoded form is never longer than it.
        var end = position
        while true {
            end += 2
            guard end < bytes.count, let runEnd = stringRunEnd(from: end) else { return .syntaxError }  // unterminated, or not UTF-8
            end = runEnd
            guard end < bytes.count else { return .syntaxError }  // unterminated
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return .syntaxError }
            // Another backslash: loop.
        }
        position = end + 1
        var valid = true
        var length = 0
        if keep {
            // Decoded straight into the string's own storage: no scratch buffer, no second copy.
            let text = String(unsafeUninitializedCapacity: end - start) { out in
                length = decodeEscaped(start, end, out.baseAddress, valid: &valid)
                return max(length, 0)
            }
            guard length >= 0 else { return .syntaxError }
            guard valid else { return .invalid }
            if mayHoldRawSurrogates, Self.containsRawSurrogate(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return .invalid }
            return .string(text)
        }
        length = decodeEscaped(start, end, nil, valid: &valid)
        guard length >= 0 else { return .syntaxError }
        guard valid else { return .invalid }
        if mayHoldRawSurrogates, Self.containsRawSurrogate(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return .invalid }
        return .string("")
    }

    /// `lexString(keep: true)` for `string()` on a scan that checks UTF-8 (`scan(utf8:)`). The
    /// literal's run is not stopped at each non-ASCII byte: the String built from it validates
    /// its UTF-8 anyway, and `keptText` takes that check as the verdict. A function of its
    /// own, so the String path's `lexString` keeps its shape (and its run scan inlined).
    @inline(never)
    private mutating func lexKeptUTF8String() -> LexedString {
        position += 1
        let start = position
        sawEscape = false
        position = plainRunEnd(from: position, stop: 0)
        guard position < bytes.count else { return .syntaxError }  // unterminated
        if bytes[position] == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            guard let text = keptText(slice, start, position - 1) else { return .syntaxError }
            return .string(text)
        }
        if bytes[position] < 0x20 { return .syntaxError }  // raw control characters are not allowed
        sawEscape = true
        var inScratchValid = true
        if let length = decodeIntoScratch(start, checksRuns: false, valid: &inScratchValid) {
            guard length >= 0 else { return .syntaxError }
            // Bytes that are not UTF-8 make the text malformed, even beside an unpaired surrogate.
            guard let text = keptText(UnsafeBufferPointer(rebasing: scratch[..<length]), start, position - 1) else { return .syntaxError }
            guard inScratchValid else { return bodyIsUTF8(start, position - 1) ? .invalid : .syntaxError }
            return .string(text)
        }
        var end = position
        while true {
            end += 2
            guard end < bytes.count else { return .syntaxError }  // unterminated
            end = plainRunEnd(from: end, stop: 0)
            guard end < bytes.count else { return .syntaxError }  // unterminated
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return .syntaxError }
        }
        position = end + 1
        var valid = true
        var length = 0
        let text = String(unsafeUninitializedCapacity: end - start) { out in
            length = decodeEscaped(start, end, out.baseAddress, valid: &valid)
            return max(length, 0)
        }
        guard length >= 0 else { return .syntaxError }
        // Bytes that are not UTF-8 make the text malformed, even beside an unpaired surrogate.
        guard keptIsUTF8(text, start, end) else { return .syntaxError }
        guard valid else { return bodyIsUTF8(start, end) ? .invalid : .syntaxError }
        return .string(text)
    }

    /// The kept literal whose body is bytes[start..<end], from its decoded bytes, as a String;
    /// nil when the body is not UTF-8. A valid escape decodes to whole scalars, so it can neither
    /// hide nor make an ill-formed sequence: the decoded bytes are UTF-8 exactly when the body is.
    /// (An unpaired surrogate decodes to nothing and can join the halves of a split sequence,
    /// `C3 \ud800 A9` reading as é: a literal that held one has its body checked by `bodyIsUTF8`,
    /// in `lexKeptUTF8String`.) A short ASCII body (most ids, enum values and colours) is
    /// UTF-8 as it stands: two words of its bytes settle it. Any other is validated once, by
    /// `validatedText`, which refuses ill-formed bytes; when it cannot tell,
    /// `keptTextCheckingRepairs` does.
    @inline(__always)
    private func keptText(_ decoded: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        if end - start <= 16, isASCII(start, end) { return Self.string(decoded) }
        return validatedText(decoded) ?? keptTextCheckingRepairs(decoded, start, end)
    }

    /// `decoded` (well-formed UTF-8: a String scan's text) as a String.
    @inline(__always)
    private func wellFormedText(_ decoded: UnsafeBufferPointer<UInt8>) -> String {
        if decoded.count > 15, let text = validatedText(decoded) { return text }
        return Self.string(decoded)
    }

    /// `decoded` as a String, built by `String(validatingCString:)` from a NUL-terminated copy in
    /// `scratch`; nil when it has no room there, when the bytes are not UTF-8, or when they hold
    /// a NUL of their own (`\u0000`: the text reads short). The standard library has no public
    /// initializer that takes UTF-8 on trust, and of those that validate this one, in every OS,
    /// measured cheapest: fewer instructions than `String(decoding:as:)`, which validates and
    /// repairs, and far fewer than `String(validating:as:)` (macOS 15 / iOS 18).
    @inline(__always)
    private func validatedText(_ decoded: UnsafeBufferPointer<UInt8>) -> String? {
        guard let source = decoded.baseAddress, let copy = scratch.baseAddress, decoded.count < scratch.count else { return nil }
        if source != UnsafePointer(copy) { copy.initialize(from: source, count: decoded.count) }
        copy[decoded.count] = 0
        guard let text = copy.withMemoryRebound(to: CChar.self, capacity: decoded.count + 1, { String(validatingCString: $0) }),
              text.utf8.count == decoded.count else { return nil }
        return text
    }

    /// `keptText` for a text `validatedText` did not take: the String built from the decoded
    /// bytes, if `keptIsUTF8` finds the body was UTF-8.
    private func keptTextCheckingRepairs(_ decoded: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        let text = Self.string(decoded)
        return keptIsUTF8(text, start, end) ? text : nil
    }

    /// Whether a kept literal's body bytes[start..<end] was UTF-8, given the String built from
    /// it. Every String initializer validates UTF-8 and replaces each ill-formed sequence by
    /// U+FFFD (EF BF BD), so a text without an 0xEF byte is the bytes as written (a valid escape
    /// decodes to whole scalars, so it can neither hide nor make an ill-formed sequence; a literal
    /// with an unpaired surrogate is checked again by its caller). Only a text that holds one, a
    /// real U+FFFD or a repair, has the literal's own bytes checked.
    /// A short ASCII literal (most ids, enum values and colours) is UTF-8 as it stands: two
    /// words of its bytes settle it, where a call to memchr would cost more than the look.
    private func keptIsUTF8(_ text: String, _ start: Int, _ end: Int) -> Bool {
        if end - start <= 16, isASCII(start, end) { return true }
        let mayBeRepaired = text.utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0xEF, buffer.count) != nil
        } ?? true
        guard mayBeRepaired else { return true }
        return bodyIsUTF8(start, end)
    }

    /// Whether bytes[start..<end], a literal's body as written (escapes are ASCII), is UTF-8.
    private func bodyIsUTF8(_ start: Int, _ end: Int) -> Bool {
        var offset = start
        while offset < end {
            if bytes[offset] < 0x80 {
                offset += 1
                continue
            }
            guard let next = utf8SequenceEnd(offset), next <= end else { return false }
            offset = next
        }
        return true
    }

    /// Whether bytes[start..<end] are all ASCII, read a word at a time.
    @inline(__always)
    private func isASCII(_ start: Int, _ end: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = start
        var seen: UInt64 = 0
        while offset + 8 <= end {
            seen |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < end {
            seen |= UInt64(base[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// `bytes` (well-formed UTF-8) as a String. One that fits in a String's inline storage (15
    /// bytes: ids, enum values, colours) is built through `String(unsafeUninitializedCapacity:)`,
    /// which takes ASCII after one check of the finished value's flag bits; `String(decoding:)`
    /// would first test the bytes for ASCII one by one, then copy them. Longer ones are validated
    /// either way, as the standard library offers no public initializer that takes UTF-8 on trust.
    @inline(__always)
    fileprivate static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let source = bytes.baseAddress, bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            out.baseAddress?.initialize(from: source, count: bytes.count)
            return bytes.count
        }
    }

    /// Decodes the body of a string literal that holds escapes, bytes[start..<end] (no raw quote
    /// or control character in it), writing UTF-8 to `out` when given (room for end − start bytes
    /// is enough: every escape is longer than what it decodes to). Returns the decoded length, or
    /// −1 for an invalid escape; clears `valid` for an unpaired surrogate (`\ud800`).
    private func decodeEscaped(_ start: Int, _ end: Int, _ out: UnsafeMutablePointer<UInt8>?, valid: inout Bool) -> Int {
        guard let base = bytes.baseAddress else { return -1 }
        var at = start
        var count = 0
        while at < end {
            // The plain run up to the next backslash, copied in one piece.
            let run = memchr(base + at, Int32(UInt8(ascii: "\\")), end - at)
            let runEnd = run.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? end
            if let out, runEnd > at { (out + count).initialize(from: base + at, count: runEnd - at) }
            count += runEnd - at
            at = runEnd
            guard at < end else { break }
            guard Self.decodeEscape(base, &at, end, out, &count, valid: &valid) else { return -1 }
        }
        return count
    }

    /// Decodes a kept literal from its first backslash at `position` (its body began at `start`)
    /// into `scratch`, in the same pass that finds its closing quote, and moves past that quote:
    /// returns the decoded length, −1 for a syntax error, or nil (nothing moved) when the text
    /// outgrows `scratch`. `checksRuns`: plain runs are scanned by `stringRunEnd` (which checks
    /// UTF-8 where this scan does), else with no stop at non-ASCII bytes (`lexKeptUTF8String`
    /// checks the String it builds). Clears `valid` for an unpaired surrogate.
    @inline(__always)
    private mutating func decodeIntoScratch(_ start: Int, checksRuns: Bool, valid: inout Bool) -> Int? {
        guard let base = bytes.baseAddress, let out = scratch.baseAddress else { return nil }
        let count = bytes.count
        var length = position - start
        guard length <= scratch.count else { return nil }
        out.initialize(from: base + start, count: length)
        var at = position
        while true {
            // At a backslash: the escape, then the plain run after it.
            guard length + 4 <= scratch.count else { return nil }  // an escape decodes to 4 bytes at most
            guard Self.decodeEscape(base, &at, count, out, &length, valid: &valid) else { return -1 }
            let runEnd: Int
            if checksRuns {
                guard let end = stringRunEnd(from: at) else { return -1 }  // not UTF-8
                runEnd = end
            } else {
                runEnd = plainRunEnd(from: at, stop: 0)
            }
            guard runEnd < count else { return -1 }  // unterminated
            guard length + (runEnd - at) <= scratch.count else { return nil }
            (out + length).initialize(from: base + at, count: runEnd - at)
            length += runEnd - at
            at = runEnd
            let byte = base[at]
            if byte == UInt8(ascii: "\"") {
                position = at + 1
                return length
            }
            if byte < 0x20 { return -1 }  // raw control characters are not allowed
        }
    }

    /// Decodes the escape at the backslash `at` (the text ends before `end`), writing UTF-8 at
    /// `out + count` when given, and moves past it: false for an invalid escape (`\x`, `\'`,
    /// `\U`, a `\u` without four hex digits). Clears `valid` for an unpaired surrogate (`\ud800`):
    /// it decodes to nothing, and the escape after it is read on its own.
    @inline(__always)
    private static func decodeEscape(_ base: UnsafePointer<UInt8>, _ at: inout Int, _ end: Int,
                                     _ out: UnsafeMutablePointer<UInt8>?, _ count: inout Int, valid: inout Bool) -> Bool {
        guard end - at >= 2 else { return false }
        let escape = base[at + 1]
        at += 2
        let decoded: UInt8
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = escape
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            guard let unit = hex4(base, &at, end) else { return false }
            if unit >= 0xD800, unit <= 0xDBFF {
                // A high surrogate pairs only with an immediately following escaped low one.
                if end - at >= 6, base[at] == UInt8(ascii: "\\"), base[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    guard let low = hex4(base, &at, end) else { return false }
                    if low >= 0xDC00, low <= 0xDFFF {
                        putUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), out, &count)
                    } else {
                        valid = false
                        if low >= 0xD800, low <= 0xDBFF { at -= 6 }  // re-read it as a high surrogate
                        else { putUTF8(low, out, &count) }
                    }
                } else {
                    valid = false
                }
            } else if unit >= 0xDC00, unit <= 0xDFFF {
                valid = false  // a low surrogate without a high one
            } else {
                putUTF8(unit, out, &count)
            }
            return true
        default:
            return false  // `\x`, `\'`, `\U` … are not JSON escapes
        }
        out?[count] = decoded
        count += 1
        return true
    }

    /// The offset of the first byte at or after `from` that ends a plain string run: a quote, a
    /// backslash or a control character (< 0x20); `bytes.count` when there is none. Eight bytes
    /// at a time: in each word, the lowest flagged byte of every test below is a true match.
    @inline(__always)
    private func plainRunEnd(from: Int) -> Int {
        plainRunEnd(from: from, stop: nonASCIIStop)
    }

    /// `plainRunEnd` as a call: the decoders' inlined key and string reads share one copy of the
    /// loop. Static, on the bytes alone: a method would be handed a copy of the whole scanner.
    @inline(never)
    private static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, stop: UInt64) -> Int {
        runEnd(bytes, from: from, stop: stop)
    }

    /// `plainRunEnd`, stopping at non-ASCII bytes as `stop` says (`nonASCIIStop`, or 0).
    @inline(__always)
    private func plainRunEnd(from: Int, stop: UInt64) -> Int {
        Self.runEnd(bytes, from: from, stop: stop)
    }

    /// The loop of `plainRunEnd`: eight bytes at a time; in each word, the lowest flagged byte of
    /// every test below is a true match.
    @inline(__always)
    private static func runEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, stop: UInt64) -> Int {
        var offset = from
        let count = bytes.count
        guard let base = bytes.baseAddress else { return count }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while offset + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let quote = word ^ 0x2222_2222_2222_2222
            let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let flagged = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- 0x2020_2020_2020_2020) & ~word) & high
                | word & stop
            if flagged != 0 {
                return offset + flagged.trailingZeroBitCount >> 3
            }
            offset += 8
        }
        while offset < count {
            let byte = base[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte & UInt8(truncatingIfNeeded: stop) != 0 { return offset }
            offset += 1
        }
        return count
    }

    /// `plainRunEnd`, past every well-formed UTF-8 sequence where bytes are checked: the offset
    /// of the quote, backslash or control character that ends the run (`bytes.count` for none),
    /// or nil at a byte that is not UTF-8.
    @inline(__always)
    private func stringRunEnd(from: Int) -> Int? {
        var offset = plainRunEnd(from: from)
        // Only a scan that checks UTF-8 stops at a non-ASCII byte.
        while offset < bytes.count, bytes[offset] >= 0x80 {
            guard let next = utf8SequenceEnd(offset) else { return nil }
            offset = plainRunEnd(from: next)
        }
        return offset
    }

    /// Four hex digits at `at` (before `end`) as a UTF-16 code unit, moving past them; nil otherwise.
    private static func hex4(_ base: UnsafePointer<UInt8>, _ at: inout Int, _ end: Int) -> UInt32? {
        guard end - at >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[at]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
            at += 1
        }
        return value
    }

    /// Writes `scalar` as UTF-8 at `out + count` (when writing) and advances `count`.
    @inline(__always)
    private static func putUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>?, _ count: inout Int) {
        switch scalar {
        case ..<0x80:
            out?[count] = UInt8(scalar)
            count += 1
        case ..<0x800:
            if let out {
                out[count] = UInt8(0xC0 | scalar >> 6)
                out[count + 1] = UInt8(0x80 | scalar & 0x3F)
            }
            count += 2
        case ..<0x10000:
            if let out {
                out[count] = UInt8(0xE0 | scalar >> 12)
                out[count + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[count + 2] = UInt8(0x80 | scalar & 0x3F)
            }
            count += 3
        default:
            if let out {
                out[count] = UInt8(0xF0 | scalar >> 18)
                out[count + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                out[count + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[count + 3] = UInt8(0x80 | scalar & 0x3F)
            }
            count += 4
        }
    }

    /// True when WTF-8 bytes hold an encoded surrogate (0xED 0xA0…0xBF …): an unpaired one.
    private static func containsRawSurrogate(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset + 1 < literal.count {
            if literal[offset] == 0xED, literal[offset + 1] >= 0xA0 { return true }
            offset += 1
        }
        return false
    }

    /// UTF-16 → WTF-8: UTF-8, except that an unpaired surrogate is encoded as its own three
    /// bytes (instead of being replaced by U+FFFD) so the reader can tell it was there.
    private static func wtf8<Units: Collection>(_ units: Units) -> [UInt8] where Units.Element == UInt16 {
        var out: [UInt8] = []
        out.reserveCapacity(units.count + units.count / 2)
        var pendingHigh: UInt32? = nil
        func put(_ scalar: UInt32) {
            switch scalar {
            case 0..<0x80:
                out.append(UInt8(scalar))
            case 0x80..<0x800:
                out.append(UInt8(0xC0 | scalar >> 6))
                out.append(UInt8(0x80 | scalar & 0x3F))
            case 0x800..<0x10000:
                out.append(UInt8(0xE0 | scalar >> 12))
                out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                out.append(UInt8(0x80 | scalar & 0x3F))
            default:
                out.append(UInt8(0xF0 | scalar >> 18))
                out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                out.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        for unit in units {
            let value = UInt32(unit)
            if let high = pendingHigh {
                pendingHigh = nil
                if value >= 0xDC00, value <= 0xDFFF {
                    put(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
                    continue
                }
                put(high)  // unpaired high surrogate, kept as WTF-8
            }
            if value >= 0xD800, value <= 0xDBFF {
                pendingHigh = value
            } else {
                put(value)  // includes an unpaired low surrogate, kept as WTF-8
            }
        }
        if let high = pendingHigh {
            put(high)
        }
        return out
    }

    /// A member key: compared by its exact bytes, never canonically.
    @inline(never)
    private mutating func lexKey() -> ContractJSONKey? {
        let start = position + 1
        switch lexString(keep: false) {
        case .syntaxError:
            return nil
        case .invalid:
            return ContractJSONKey(raw: nil)
        case .string:
            if !sawEscape { return ContractJSONKey(raw: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])) }
            // Escaped key (rare): decode it once more, keeping the text.
            let end = position
            position = start - 1
            guard case .string(let text) = lexString(keep: true) else { return nil }
            position = end
            return ContractJSONKey(raw: keptKeyBytes(text))
        }
    }
}

/// An object member's key during a scan (its bytes live as long as the scan).
@_spi(ContractGenRuntime) public struct ContractJSONKey {
    /// The key's UTF-8 bytes: in the text itself, or (for an escaped key) decoded into the scan's
    /// key blocks; nil when the key held an unpaired surrogate.
    fileprivate let raw: UnsafeBufferPointer<UInt8>?

    /// True when the key is exactly `name` (byte for byte: no Unicode normalisation).
    @inline(__always)
    public func matches(_ name: StaticString) -> Bool {
        guard let raw else { return false }
        return raw.count == name.utf8CodeUnitCount && (raw.count == 0 || memcmp(raw.baseAddress!, name.utf8Start, raw.count) == 0)
    }

    /// The key as text; nil when it held an unpaired surrogate (then it is no string at all).
    public var text: String? {
        raw.map { ContractJSONScanner.string($0) }
    }
}

// MARK: - Serializer

extension ContractJSON {
    /// Compact JSON text for this value. Integral numbers within ±(2^53−1) print as integers
    /// (`1784325600000`, never `1.7843256e+12`) so every language reads back the same epoch
    /// millis; other finite numbers print in Swift's shortest round-trip form; ±infinity (JSON
    /// has none; it comes from `1e400`) prints as `1e400` / `-1e400`, which reads back the same.
    public func serialized() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        ContractSerializer.write(self, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Writes `ContractJSON` as compact UTF-8 JSON text. Iterative (an explicit stack of open
/// containers), so even a debug build on a small thread stack cannot overflow it.
private enum ContractSerializer {
    /// An open container and the index of its next element.
    private enum Open {
        case array([ContractJSON], Int)
        case object(ContractJSONObject, Int)
    }

    static func write(_ root: ContractJSON, into out: inout [UInt8]) {
        var open: [Open] = []
        var next: ContractJSON? = root
        while true {
            if let value = next {
                next = nil
                switch value {
                case .null:
                    out.append(contentsOf: "null".utf8)
                case .bool(let flag):
                    out.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number):
                    writeNumber(number, into: &out)
                case .string(let text):
                    writeString(text, into: &out)
                case .invalidString:
                    // The unpaired surrogate cannot be represented (and its value was not kept);
                    // it is written as U+FFFD so the entry survives as a string (e.g. in a
                    // done-queue rewrite).
                    out.append(contentsOf: "\"\u{FFFD}\"".utf8)
                case .array(let items):
                    out.append(UInt8(ascii: "["))
                    open.append(.array(items, 0))
                case .object(let object):
                    out.append(UInt8(ascii: "{"))
                    open.append(.object(object, 0))
                }
            }
            guard let top = open.popLast() else { return }
            switch top {
            case let .array(items, index):
                if index == items.count {
                    out.append(UInt8(ascii: "]"))
                    continue
                }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                open.append(.array(items, index + 1))
                next = items[index]
            case let .object(object, index):
                if index == object.entries.count {
                    out.append(UInt8(ascii: "}"))
                    continue
                }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                let entry = object.entries[index]
                writeString(entry.key, into: &out)
                out.append(UInt8(ascii: ":"))
                open.append(.object(object, index + 1))
                next = entry.value
            }
        }
    }

    private static func writeNumber(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            // ±∞ (from 1e400) writes as 1e400 so a kept entry re-reads as the same unusable
            // number, as in Kotlin and TypeScript; NaN never comes out of the reader.
            out.append(contentsOf: (number.isNaN ? "null" : number < 0 ? "-1e400" : "1e400").utf8)
            return
        }
        if number == number.rounded(.towardZero), abs(number) <= 9_007_199_254_740_991 {
            out.append(contentsOf: String(Int64(number)).utf8)  // -0 prints as 0, as in JavaScript
        } else {
            out.append(contentsOf: number.description.utf8)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            let escaped: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                escaped = byte
            case 0x0A:
                escaped = UInt8(ascii: "n")
            case 0x0D:
                escaped = UInt8(ascii: "r")
            case 0x09:
                escaped = UInt8(ascii: "t")
            case 0x08:
                escaped = UInt8(ascii: "b")
            case 0x0C:
                escaped = UInt8(ascii: "f")
            case 0..<0x20:
                // Other control characters must be escaped (RFC 8259 §7), in lowercase hex as
                // JavaScript's JSON.stringify writes them.
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
                continue
            default:
                out.append(byte)  // everything else, including non-ASCII, is written as is
                continue
            }
            out.append(UInt8(ascii: "\\"))
            out.append(escaped)
        }
        out.append(UInt8(ascii: "\""))
    }
}

// MARK: - Text length

/// A field where JSON `null` is a value of its own (`explicit-null` in the schema): the key was
/// absent (or its value invalid, which reads the same), it held `null`, or it held a value. An
/// app tells "cleared" (`.null`) from "not said" (`.absent`), which `T?` cannot.
public enum ContractNullable<Wrapped> {
    case absent
    case null
    case value(Wrapped)

    /// `.value` for a read value, `.absent` for nil (a missing key or an invalid value).
    public init(_ read: Wrapped?) {
        if let read { self = .value(read) } else { self = .absent }
    }

    /// The value, or nil when absent or null.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension ContractNullable: Sendable where Wrapped: Sendable {}
extension ContractNullable: Equatable where Wrapped: Equatable {}
extension ContractNullable: Hashable where Wrapped: Hashable {}

/// The length `min-length` and `max-length` count, identical in all three languages: Unicode
/// scalar values (code points). Not `String.count`, which counts grapheme clusters (`"e\u{301}"`
/// is 1 there, 2 here), nor UTF-16 units (`"😀"` is 2 there, 1 here).
@_spi(ContractGenRuntime) public enum ContractText {
    /// The number of Unicode scalars in `text`, in one pass: `"é"` 1, `"e\u{301}"` 2, `"😀"` 1.
    public static func length(_ text: String) -> Int {
        text.unicodeScalars.count
    }
}

// MARK: - Enumerations

/// Enum reads with the exact spelling all three languages compare by.
@_spi(ContractGenRuntime) public enum ContractEnum {
    /// The enum case spelled exactly `text`, byte for byte; nil for any other text. Not
    /// `E(rawValue:)` alone: Swift's String `==` is canonical equivalence, so `"\u{212A}"` (KELVIN
    /// SIGN) would be the case `"K"`, which Kotlin and JavaScript never find.
    public static func read<E: RawRepresentable>(_ text: String?, as _: E.Type) -> E? where E.RawValue == String {
        guard let text, let value = E(rawValue: text), value.rawValue.utf8.elementsEqual(text.utf8) else { return nil }
        return value
    }

    /// An open enum's read: the case spelled exactly `text`, `unknown` for any other string, nil
    /// when the value was not a string (`text` nil: another JSON type or an unpaired surrogate).
    public static func read<E: RawRepresentable>(_ text: String?, as type: E.Type, unknown: E) -> E? where E.RawValue == String {
        guard let text else { return nil }
        return read(text, as: type) ?? unknown
    }
}

// MARK: - Calendar

/// Proleptic-Gregorian date arithmetic with ASCII digits and an explicit time zone. Nothing here
/// reads the device calendar, locale or default zone (a Buddhist calendar or Arabic-Indic digits
/// on the device must not change a result).
@_spi(ContractGenRuntime) public enum ContractCalendar {
    private static let dayMs: Int64 = 86_400_000

    /// Parses exactly 10 UTF-16 code units `YYYY-MM-DD` (ASCII digits only, year 0001–9999,
    /// month 01–12, a day that exists in that month); nil for anything else. Lenient parsing
    /// would roll `2026-02-30` into March, so nothing is normalised.
    ///
    /// For example `"2024-02-29"` → (2024, 2, 29); `"2026-02-30"`, `"2026-7-1"` → nil.
    public static func parseLocalDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        // Read as UTF-8 (a native String's own form, in place): every accepted unit is ASCII, so
        // 10 UTF-16 units are then 10 bytes, and a text of 10 bytes with any other is refused either way.
        guard let (year, month, day) = text.utf8.withContiguousStorageIfAvailable(localDateFields)
                ?? Array(text.utf8).withUnsafeBufferPointer(localDateFields) else { return nil }
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
        return (year, month, day)
    }

    /// `YYYY-MM-DD`'s three numbers from exactly 10 bytes of ASCII digits and two hyphens, else nil.
    private static func localDateFields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10 else { return nil }
        var fields = (0, 0, 0)
        for offset in 0..<10 {
            let byte = bytes[offset]
            if offset == 4 || offset == 7 {
                guard byte == 0x2D else { return nil }  // "-"
                continue
            }
            // ASCII digits only: full-width or other scripts' digits are not accepted.
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let digit = Int(byte &- 0x30)
            if offset < 4 { fields.0 = fields.0 * 10 + digit } else if offset < 7 { fields.1 = fields.1 * 10 + digit } else { fields.2 = fields.2 * 10 + digit }
        }
        return fields
    }

    /// The instant of an RFC 3339 `date-time` in its one strict form, as epoch milliseconds:
    /// `YYYY-MM-DDTHH:MM:SS`, optionally `.` and 1–9 digits, then `Z` or `+HH:MM` / `-HH:MM`.
    /// ASCII digits; `T` and `Z` upper case; a real date (as `parseLocalDate`); hour 00–23,
    /// minute and second 00–59 (no leap second: epoch milliseconds cannot hold `:60`); offset
    /// hours 00–23, minutes 00–59 (`-00:00` is UTC). Digits past the millisecond are dropped
    /// (the instant is floored to its millisecond). The instant must lie within
    /// 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z, so every value can be written back in UTC.
    /// Platform parsers differ on every one of these points (lower-case `t`, a space, a missing
    /// offset, `24:00`, `:60`, rolling `02-30` into March), so the rule is written out here.
    ///
    /// For example `"2026-07-17T08:30:00.250+02:00"` → 1784269800250; `"2026-07-17 08:30:00Z"` → nil.
    public static func parseDateTime(_ text: String) -> Int64? {
        let n = text.utf16.count
        guard n >= 20, n <= 35 else { return nil }
        let units = Array(text.utf16)
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for k in from..<(from + count) {
                let unit = units[k]
                guard unit >= 0x30, unit <= 0x39 else { return nil }
                value = value * 10 + Int(unit - 0x30)
            }
            return value
        }
        guard units[4] == 0x2D, units[7] == 0x2D, units[10] == 0x54, units[13] == 0x3A, units[16] == 0x3A,  // - - T : :
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              year >= 1, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        var i = 19
        var millis = 0
        if units[i] == 0x2E {  // "."
            i += 1
            let start = i
            while i < n, units[i] >= 0x30, units[i] <= 0x39 { i += 1 }
            guard i - start >= 1, i - start <= 9 else { return nil }
            for k in 0..<3 { millis = millis * 10 + (start + k < i ? Int(units[start + k] - 0x30) : 0) }
        }
        guard i < n else { return nil }
        var offsetMinutes = 0
        if units[i] == 0x5A {  // "Z"
            i += 1
        } else if units[i] == 0x2B || units[i] == 0x2D {  // "+" / "-"
            guard n - i == 6, units[i + 3] == 0x3A, let hours = digits(i + 1, 2), let minutes = digits(i + 4, 2),
                  hours <= 23, minutes <= 59 else { return nil }
            offsetMinutes = (units[i] == 0x2B ? 1 : -1) * (hours * 60 + minutes)
            i += 6
        } else {
            return nil
        }
        guard i == n else { return nil }
        let seconds = ((daysFromCivil(year, month, day) * 24 + Int64(hour)) * 60 + Int64(minute) - Int64(offsetMinutes)) * 60 + Int64(second)
        let instant = seconds * 1000 + Int64(millis)
        guard instant >= dateTimeMinMs, instant <= dateTimeMaxMs else { return nil }
        return instant
    }

    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants a `dateTime` may hold.
    public static let dateTimeMinMs: Int64 = -62_135_596_800_000
    public static let dateTimeMaxMs: Int64 = 253_402_300_799_999

    private static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2:
            // Gregorian leap years: divisible by 4 and not by 100, or by 400.
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic-Gregorian date (Howard Hinnant's `days_from_civil`):
    /// pure integer arithmetic, so no platform calendar can interfere. Wrapping arithmetic keeps
    /// absurd inputs from trapping; results are meaningful for realistic years.
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(year) &- (month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y &- 399) / 400
        let yearOfEra = y &- era &* 400
        let m = Int64(month)
        let dayOfYear = (153 &* (m > 2 ? m &- 3 : m &+ 9) &+ 2) / 5 &+ Int64(day) &- 1
        let dayOfEra = yearOfEra &* 365 &+ yearOfEra / 4 &- yearOfEra / 100 &+ dayOfYear
        return era &* 146_097 &+ dayOfEra &- 719_468
    }

    /// The proleptic-Gregorian date of a day number (days since 1970-01-01; Howard Hinnant's
    /// `civil_from_days`), the inverse of `daysFromCivil`.
    public static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days &+ 719_468
        let era = (z >= 0 ? z : z &- 146_096) / 146_097
        let dayOfEra = z &- era &* 146_097
        let yearOfEra = (dayOfEra &- dayOfEra / 1460 &+ dayOfEra / 36_524 &- dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra &- (365 &* yearOfEra &+ yearOfEra / 4 &- yearOfEra / 100)
        let mp = (5 &* dayOfYear &+ 2) / 153
        let day = dayOfYear &- (153 &* mp &+ 2) / 5 &+ 1
        let month = mp < 10 ? mp &+ 3 : mp &- 9
        let year = yearOfEra &+ era &* 400 &+ (month <= 2 ? 1 : 0)
        return (Int(truncatingIfNeeded: year), Int(month), Int(day))
    }

    /// The IANA time zone named `id`, or nil when unknown: never a silent fallback to UTC/GMT
    /// (fail closed). The one zone-id rule of docs/semantics.md (identical in Kotlin and
    /// TypeScript), checked before the platform is asked: `id` must match the grammar of
    /// `isZoneIdSyntax` and be, byte for byte, a name of `ianaZoneNames`; then Foundation must
    /// know it. The platform alone is not enough: Foundation returns a zone for
    /// `"Europe/Berlin\0"` once Europe/Berlin was used, and for custom names (`GMT+5`, `PST`).
    public static func timeZone(_ id: String) -> TimeZone? {
        guard isZoneIdSyntax(id), ianaZoneNames.contains(id) else { return nil }
        return TimeZone(identifier: id)
    }

    /// The zone-id grammar: 1 to 3 segments separated by `/`, each 1 to 14 ASCII characters
    /// from `A-Z a-z 0-9 _ + -`, starting with a letter or `_` (IANA's own file-name rules; so no
    /// `.`/`..`, NUL, control, space or non-ASCII character ever reaches the platform).
    public static func isZoneIdSyntax(_ id: String) -> Bool {
        var segments = 1
        var length = 0  // of the current segment
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                guard length > 0, segments < 3 else { return false }
                segments += 1
                length = 0
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard length > 0 else { return false }
                length += 1
            default:
                return false
            }
            if length > 14 { return false }
        }
        return length > 0
    }

    /// Every zone id accepted anywhere: the names (zones and links) of IANA tzdata 2025b, minus
    /// those one of the platforms lacks (Factory, America/Coyhaique, GMT+0, GMT-0, ROC; see
    /// docs/semantics.md). Exact spelling: Intl matches ids case-insensitively, so the list is
    /// the only way TypeScript can tell `US/Pacific` from `us/pacific`. The same block, byte for
    /// byte, is in the Kotlin and TypeScript runtimes (a test compares them).
    static let ianaZoneNames: Set<String> = Set(ianaZoneNameBlock.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

    // BEGIN IANA ZONE NAMES
    private static let ianaZoneNameBlock = """
    Africa/Abidjan Africa/Accra Africa/Addis_Ababa Africa/Algiers Africa/Asmara Africa/Asmera
    Africa/Bamako Africa/Bangui Africa/Banjul Africa/Bissau Africa/Blantyre Africa/Brazzaville
    Africa/Bujumbura Africa/Cairo Africa/Casablanca Africa/Ceuta Africa/Conakry Africa/Dakar
    Africa/Dar_es_Salaam Africa/Djibouti Africa/Douala Africa/El_Aaiun Africa/Freetown
    Africa/Gaborone Africa/Harare Africa/Johannesburg Africa/Juba Africa/Kampala Africa/Khartoum
    Africa/Kigali Africa/Kinshasa Africa/Lagos Africa/Libreville Africa/Lome Africa/Luanda
    Africa/Lubumbashi Africa/Lusaka Africa/Malabo Africa/Maputo Africa/Maseru Africa/Mbabane
    Africa/Mogadishu Africa/Monrovia Africa/Nairobi Africa/Ndjamena Africa/Niamey Africa/Nouakchott
    Africa/Ouagadougou Africa/Porto-Novo Africa/Sao_Tome Africa/Timbuktu Africa/Tripoli Africa/Tunis
    Africa/Windhoek America/Adak America/Anchorage America/Anguilla America/Antigua
    America/Araguaina America/Argentina/Buenos_Aires America/Argentina/Catamarca
    America/Argentina/ComodRivadavia America/Argentina/Cordoba America/Argentina/Jujuy
    America/Argentina/La_Rioja America/Argentina/Mendoza America/Argentina/Rio_Gallegos
    America/Argentina/Salta America/Argentina/San_Juan America/Argentina/San_Luis
    America/Argentina/Tucuman America/Argentina/Ushuaia America/Aruba America/Asuncion
    America/Atikokan America/Atka America/Bahia America/Bahia_Banderas America/Barbados
    America/Belem America/Belize America/Blanc-Sablon America/Boa_Vista America/Bogota America/Boise
    America/Buenos_Aires America/Cambridge_Bay America/Campo_Grande America/Cancun America/Caracas
    America/Catamarca America/Cayenne America/Cayman America/Chicago America/Chihuahua
    America/Ciudad_Juarez America/Coral_Harbour America/Cordoba America/Costa_Rica America/Creston
    America/Cuiaba America/Curacao America/Danmarkshavn America/Dawson America/Dawson_Creek
    America/Denver America/Detroit America/Dominica America/Edmonton America/Eirunepe
    America/El_Salvador America/Ensenada America/Fort_Nelson America/Fort_Wayne America/Fortaleza
    America/Glace_Bay America/Godthab America/Goose_Bay America/Grand_Turk America/Grenada
    America/Guadeloupe America/Guatemala America/Guayaquil America/Guyana America/Halifax
    America/Havana America/Hermosillo America/Indiana/Indianapolis America/Indiana/Knox
    America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Tell_City
    America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis
    America/Inuvik America/Iqaluit America/Jamaica America/Jujuy America/Juneau
    America/Kentucky/Louisville America/Kentucky/Monticello America/Knox_IN America/Kralendijk
    America/La_Paz America/Lima America/Los_Angeles America/Louisville America/Lower_Princes
    America/Maceio America/Managua America/Manaus America/Marigot America/Martinique
    America/Matamoros America/Mazatlan America/Mendoza America/Menominee America/Merida
    America/Metlakatla America/Mexico_City America/Miquelon America/Moncton America/Monterrey
    America/Montevideo America/Montreal America/Montserrat America/Nassau America/New_York
    America/Nipigon America/Nome America/Noronha America/North_Dakota/Beulah
    America/North_Dakota/Center America/North_Dakota/New_Salem America/Nuuk America/Ojinaga
    America/Panama America/Pangnirtung America/Paramaribo America/Phoenix America/Port-au-Prince
    America/Port_of_Spain America/Porto_Acre America/Porto_Velho America/Puerto_Rico
    America/Punta_Arenas America/Rainy_River America/Rankin_Inlet America/Recife America/Regina
    America/Resolute America/Rio_Branco America/Rosario America/Santa_Isabel America/Santarem
    America/Santiago America/Santo_Domingo America/Sao_Paulo America/Scoresbysund America/Shiprock
    America/Sitka America/St_Barthelemy America/St_Johns America/St_Kitts America/St_Lucia
    America/St_Thomas America/St_Vincent America/Swift_Current America/Tegucigalpa America/Thule
    America/Thunder_Bay America/Tijuana America/Toronto America/Tortola America/Vancouver
    America/Virgin America/Whitehorse America/Winnipeg America/Yakutat America/Yellowknife
    Antarctica/Casey Antarctica/Davis Antarctica/DumontDUrville Antarctica/Macquarie
    Antarctica/Mawson Antarctica/McMurdo Antarctica/Palmer Antarctica/Rothera Antarctica/South_Pole
    Antarctica/Syowa Antarctica/Troll Antarctica/Vostok Arctic/Longyearbyen Asia/Aden Asia/Almaty
    Asia/Amman Asia/Anadyr Asia/Aqtau Asia/Aqtobe Asia/Ashgabat Asia/Ashkhabad Asia/Atyrau
    Asia/Baghdad Asia/Bahrain Asia/Baku Asia/Bangkok Asia/Barnaul Asia/Beirut Asia/Bishkek
    Asia/Brunei Asia/Calcutta Asia/Chita Asia/Choibalsan Asia/Chongqing Asia/Chungking Asia/Colombo
    Asia/Dacca Asia/Damascus Asia/Dhaka Asia/Dili Asia/Dubai Asia/Dushanbe Asia/Famagusta Asia/Gaza
    Asia/Harbin Asia/Hebron Asia/Ho_Chi_Minh Asia/Hong_Kong Asia/Hovd Asia/Irkutsk Asia/Istanbul
    Asia/Jakarta Asia/Jayapura Asia/Jerusalem Asia/Kabul Asia/Kamchatka Asia/Karachi Asia/Kashgar
    Asia/Kathmandu Asia/Katmandu Asia/Khandyga Asia/Kolkata Asia/Krasnoyarsk Asia/Kuala_Lumpur
    Asia/Kuching Asia/Kuwait Asia/Macao Asia/Macau Asia/Magadan Asia/Makassar Asia/Manila
    Asia/Muscat Asia/Nicosia Asia/Novokuznetsk Asia/Novosibirsk Asia/Omsk Asia/Oral Asia/Phnom_Penh
    Asia/Pontianak Asia/Pyongyang Asia/Qatar Asia/Qostanay Asia/Qyzylorda Asia/Rangoon Asia/Riyadh
    Asia/Saigon Asia/Sakhalin Asia/Samarkand Asia/Seoul Asia/Shanghai Asia/Singapore
    Asia/Srednekolymsk Asia/Taipei Asia/Tashkent Asia/Tbilisi Asia/Tehran Asia/Tel_Aviv Asia/Thimbu
    Asia/Thimphu Asia/Tokyo Asia/Tomsk Asia/Ujung_Pandang Asia/Ulaanbaatar Asia/Ulan_Bator
    Asia/Urumqi Asia/Ust-Nera Asia/Vientiane Asia/Vladivostok Asia/Yakutsk Asia/Yangon
    Asia/Yekaterinburg Asia/Yerevan Atlantic/Azores Atlantic/Bermuda Atlantic/Canary
    Atlantic/Cape_Verde Atlantic/Faeroe Atlantic/Faroe Atlantic/Jan_Mayen Atlantic/Madeira
    Atlantic/Reykjavik Atlantic/South_Georgia Atlantic/St_Helena Atlantic/Stanley Australia/ACT
    Australia/Adelaide Australia/Brisbane Australia/Broken_Hill Australia/Canberra Australia/Currie
    Australia/Darwin Australia/Eucla Australia/Hobart Australia/LHI Australia/Lindeman
    Australia/Lord_Howe Australia/Melbourne Australia/NSW Australia/North Australia/Perth
    Australia/Queensland Australia/South Australia/Sydney Australia/Tasmania Australia/Victoria
    Australia/West Australia/Yancowinna Brazil/Acre Brazil/DeNoronha Brazil/East Brazil/West CET
    CST6CDT Canada/Atlantic Canada/Central Canada/Eastern Canada/Mountain Canada/Newfoundland
    Canada/Pacific Canada/Saskatchewan Canada/Yukon Chile/Continental Chile/EasterIsland Cuba EET
    EST EST5EDT Egypt Eire Etc/GMT Etc/GMT+0 Etc/GMT+1 Etc/GMT+10 Etc/GMT+11 Etc/GMT+12 Etc/GMT+2
    Etc/GMT+3 Etc/GMT+4 Etc/GMT+5 Etc/GMT+6 Etc/GMT+7 Etc/GMT+8 Etc/GMT+9 Etc/GMT-0 Etc/GMT-1
    Etc/GMT-10 Etc/GMT-11 Etc/GMT-12 Etc/GMT-13 Etc/GMT-14 Etc/GMT-2 Etc/GMT-3 Etc/GMT-4 Etc/GMT-5
    Etc/GMT-6 Etc/GMT-7 Etc/GMT-8 Etc/GMT-9 Etc/GMT0 Etc/Greenwich Etc/UCT Etc/UTC Etc/Universal
    Etc/Zulu Europe/Amsterdam Europe/Andorra Europe/Astrakhan Europe/Athens Europe/Belfast
    Europe/Belgrade Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Bucharest Europe/Budapest
    Europe/Busingen Europe/Chisinau Europe/Copenhagen Europe/Dublin Europe/Gibraltar Europe/Guernsey
    Europe/Helsinki Europe/Isle_of_Man Europe/Istanbul Europe/Jersey Europe/Kaliningrad Europe/Kiev
    Europe/Kirov Europe/Kyiv Europe/Lisbon Europe/Ljubljana Europe/London Europe/Luxembourg
    Europe/Madrid Europe/Malta Europe/Mariehamn Europe/Minsk Europe/Monaco Europe/Moscow
    Europe/Nicosia Europe/Oslo Europe/Paris Europe/Podgorica Europe/Prague Europe/Riga Europe/Rome
    Europe/Samara Europe/San_Marino Europe/Sarajevo Europe/Saratov Europe/Simferopol Europe/Skopje
    Europe/Sofia Europe/Stockholm Europe/Tallinn Europe/Tirane Europe/Tiraspol Europe/Ulyanovsk
    Europe/Uzhgorod Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Vilnius Europe/Volgograd
    Europe/Warsaw Europe/Zagreb Europe/Zaporozhye Europe/Zurich GB GB-Eire GMT GMT0 Greenwich HST
    Hongkong Iceland Indian/Antananarivo Indian/Chagos Indian/Christmas Indian/Cocos Indian/Comoro
    Indian/Kerguelen Indian/Mahe Indian/Maldives Indian/Mauritius Indian/Mayotte Indian/Reunion Iran
    Israel Jamaica Japan Kwajalein Libya MET MST MST7MDT Mexico/BajaNorte Mexico/BajaSur
    Mexico/General NZ NZ-CHAT Navajo PRC PST8PDT Pacific/Apia Pacific/Auckland Pacific/Bougainville
    Pacific/Chatham Pacific/Chuuk Pacific/Easter Pacific/Efate Pacific/Enderbury Pacific/Fakaofo
    Pacific/Fiji Pacific/Funafuti Pacific/Galapagos Pacific/Gambier Pacific/Guadalcanal Pacific/Guam
    Pacific/Honolulu Pacific/Johnston Pacific/Kanton Pacific/Kiritimati Pacific/Kosrae
    Pacific/Kwajalein Pacific/Majuro Pacific/Marquesas Pacific/Midway Pacific/Nauru Pacific/Niue
    Pacific/Norfolk Pacific/Noumea Pacific/Pago_Pago Pacific/Palau Pacific/Pitcairn Pacific/Pohnpei
    Pacific/Ponape Pacific/Port_Moresby Pacific/Rarotonga Pacific/Saipan Pacific/Samoa
    Pacific/Tahiti Pacific/Tarawa Pacific/Tongatapu Pacific/Truk Pacific/Wake Pacific/Wallis
    Pacific/Yap Poland Portugal ROK Singapore Turkey UCT US/Alaska US/Aleutian US/Arizona US/Central
    US/East-Indiana US/Eastern US/Hawaii US/Indiana-Starke US/Michigan US/Mountain US/Pacific
    US/Samoa UTC Universal W-SU WET Zulu
    """
    // END IANA ZONE NAMES

    /// The zone's UTC offset, in milliseconds, at the instant `instantMs` (epoch millis).
    public static func offsetMs(_ zone: TimeZone, _ instantMs: Int64) -> Int64 {
        let date = Date(timeIntervalSince1970: Double(instantMs) / 1000)
        return Int64(zone.secondsFromGMT(for: date)) * 1000
    }

    /// The first instant (epoch millis) whose local date in `zone` is `dayStr`: local midnight,
    /// or, where midnight is skipped by a DST gap, the first instant after the gap; where
    /// midnight happens twice, the earlier one. Nil for an invalid `dayStr`.
    public static func dayStartMs(_ dayStr: String, _ zone: TimeZone) -> Int64? {
        guard let date = parseLocalDate(dayStr) else { return nil }
        return dayStartMs(days: daysFromCivil(date.year, date.month, date.day), zone)
    }

    /// The largest integer every language represents exactly (JavaScript's safe integers).
    static let maxSafeInteger: Int64 = 9_007_199_254_740_991

    /// The instant the snapshot for `dayStr` expires: the first instant of the following local
    /// day plus `startOfNextDayDiffMs`. Computed from the calendar, not "+24 h", so 23 h and
    /// 25 h DST days and month/year/leap-year rollover are right. Nil for an invalid `dayStr`, or
    /// an offset or a result outside ±(2^53−1) (epoch millis are safe integers, and the
    /// TypeScript writer holds no other integer exactly).
    public static func validUntilMs(_ dayStr: String, startOfNextDayDiffMs: Int64, _ zone: TimeZone) -> Int64? {
        guard let date = parseLocalDate(dayStr),
              (-maxSafeInteger...maxSafeInteger).contains(startOfNextDayDiffMs) else { return nil }
        let nextDay = daysFromCivil(date.year, date.month, date.day) + 1  // 9999-12-31 → 10000-01-01
        let start = dayStartMs(days: nextDay, zone)
        let (result, overflow) = start.addingReportingOverflow(startOfNextDayDiffMs)
        guard !overflow, (-maxSafeInteger...maxSafeInteger).contains(result) else {
            return nil
        }
        return result
    }

    /// The algorithm shared by all three languages, so they agree to the millisecond.
    static func dayStartMs(days: Int64, _ zone: TimeZone) -> Int64 {
        // Local midnight written as if it were UTC.
        let local = days * dayMs
        // Every offset that can apply around that day (at most two in practice).
        var offsets: [Int64] = []
        for probe in [local - dayMs, local, local + dayMs] {
            let offset = offsetMs(zone, probe)
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        // Local midnight really occurs at `local − o` when the offset there is `o`; if it occurs
        // twice (clocks set back over midnight), the earlier instant is the start of the day.
        var earliest: Int64? = nil
        for offset in offsets {
            let candidate = local - offset
            if offsetMs(zone, candidate) == offset, candidate < (earliest ?? Int64.max) {
                earliest = candidate
            }
        }
        if let earliest {
            return earliest
        }
        // Midnight is skipped by a DST gap: the day starts at the first instant whose local
        // time is at or after midnight (the transition itself, like java.time's atStartOfDay).
        var low = local - (offsets.max() ?? 0)
        var high = local - (offsets.min() ?? 0)
        while low < high {
            let middle = low + (high - low) / 2
            if middle + offsetMs(zone, middle) >= local {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}

// MARK: - Done-queue

/// The done-queue: a JSON object `{taskId: targetIsDone}` in its own shared-storage slot, to
/// which the widget appends taps and which the app drains. The blob itself is never rewritten
/// by native code.
@_spi(ContractGenRuntime) public enum ContractDoneQueue {
    /// The queue text with `taskId` set to `isDone` (last tap wins; the key keeps its place).
    /// Every other entry is kept exactly as it was, even a non-boolean one: the writer must not
    /// lose data it does not own. A missing, corrupt or non-object queue is replaced by a fresh
    /// object, because the tap must never be lost.
    public static func set(_ queue: String?, taskId: String, isDone: Bool) -> String {
        var object = parseObject(queue) ?? ContractJSONObject()
        object.set(taskId, .bool(isDone))
        return ContractJSON.object(object).serialized()
    }

    /// The entries whose value is a JSON boolean; other entries are skipped one by one (one bad
    /// entry must not hide the rest); not an object → empty.
    ///
    /// Entries, not a [String: Bool]: Swift's String equality is canonical ("é" == "e\u{301}"),
    /// so a dictionary would merge ids that Kotlin and JavaScript keep apart.
    public static func peek(_ queue: String?) -> [(id: String, isDone: Bool)] {
        guard let object = parseObject(queue) else { return [] }
        var result: [(id: String, isDone: Bool)] = []
        for entry in object.entries {
            if case let .bool(target) = entry.value {
                result.append((id: entry.key, isDone: target))
            }
        }
        return result
    }

    /// The changes to apply: entries with a boolean target whose task exists in `current` and
    /// whose current `isDone` differs, sorted by id in UTF-16 code-unit order (the same order in
    /// all three languages; JavaScript's object key order puts integer-like keys first, so it
    /// cannot be used). Invalid JSON or a non-object → no changes.
    /// `current` lists each task's id and blob `isDone` (a later duplicate id wins).
    public static func drain(_ queue: String?, current: [(id: String, isDone: Bool)]) -> [(id: String, isDone: Bool)] {
        guard let object = parseObject(queue) else { return [] }
        // Ids match by exact code units, as in JavaScript and Kotlin (no Unicode normalisation).
        var tasks = [ContractExactKey: Bool](minimumCapacity: current.count)
        for (id, isDone) in current {
            tasks[ContractExactKey(id)] = isDone
        }
        var changes: [(id: String, isDone: Bool)] = []
        for entry in object.entries {
            guard case let .bool(target) = entry.value,
                  let isDone = tasks[ContractExactKey(entry.key)], isDone != target else { continue }
            changes.append((id: entry.key, isDone: target))
        }
        changes.sort { utf16Less($0.id, $1.id) }
        return changes
    }

    /// UTF-16 code-unit order, the order JavaScript and Kotlin sort strings in. Swift's `<` on
    /// `String` compares Unicode scalars, which differs for characters above U+FFFF versus
    /// U+E000…U+FFFF (e.g. "😀" < "ｚ" in UTF-16).
    static func utf16Less(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    private static func parseObject(_ queue: String?) -> ContractJSONObject? {
        guard let queue, case let .object(object)? = ContractJSON.parse(queue) else { return nil }
        return object
    }
}

// MARK: - Timeline

/// What a widget must render over time from one snapshot, and when to read the snapshot again.
///
/// A widget renders only when the system asks it to. A snapshot that is "today" until its
/// staleness instant must therefore hand the system a second entry for that very instant, or the
/// widget keeps showing yesterday as today until the app happens to run again (the missing
/// midnight entry). The rule, identical in the three runtimes:
/// - the first entry is at `now`, with the header at `now`;
/// - when the staleness instant `flipAtMs` is after `now`, a second entry is at `flipAtMs` with
///   the header from that instant on (the boundary is inclusive, as in staleness), and the
///   timeline is reloaded at `flipAtMs`: from then on nothing changes with time, and reading the
///   storage again picks up a snapshot the app wrote meanwhile;
/// - otherwise (already stale, or no staleness instant) the header can change only when the app
///   writes a new snapshot, which reloads the widget itself: one entry, reload never (nil).
/// No entry lies in the past except the first, which is `now`; instants are epoch milliseconds.
/// The header of each entry comes from `headerAt`, the contract's own `header` function, so the
/// timeline can never disagree with what `header` says at that instant.
public struct ContractTimeline<Header: Sendable & Equatable>: Sendable, Equatable {
    /// One entry: from `atMs` on, the widget shows `header`.
    public struct Entry: Sendable, Equatable {
        public let atMs: Int64
        public let header: Header
    }

    /// In time order; never empty, the first is at `now`.
    public let entries: [Entry]
    /// The instant at which to reload the timeline, or nil for never.
    public let reloadAtMs: Int64?

    /// The timeline for `now`, given the instant the snapshot turns stale (nil: never).
    /// For example `build(now: 1000, flipAtMs: 5000) { $0 >= 5000 ? "outdated" : "today" }` is
    /// `[(1000, "today"), (5000, "outdated")]`, reloaded at 5000.
    public static func build(now: Int64, flipAtMs: Int64?, headerAt: (Int64) -> Header) -> ContractTimeline {
        var entries = [Entry(atMs: now, header: headerAt(now))]
        guard let flip = flipAtMs, flip > now else { return ContractTimeline(entries: entries, reloadAtMs: nil) }
        entries.append(Entry(atMs: flip, header: headerAt(flip)))
        return ContractTimeline(entries: entries, reloadAtMs: flip)
    }

    /// The entries as WidgetKit takes them (`TimelineEntry.date`), whole milliseconds.
    public var widgetEntries: [(date: Date, header: Header)] {
        entries.map { (date: ContractTimelineTime.date($0.atMs), header: $0.header) }
    }

    /// The date for `TimelineReloadPolicy.after(_:)`; nil means `.never`.
    public var reloadDate: Date? { reloadAtMs.map(ContractTimelineTime.date) }
}

/// Conversions between `Date` and epoch milliseconds for the timeline.
public enum ContractTimelineTime {
    /// The whole millisecond at or before `date`, within ±(2^53−1) (a timeline entry must never
    /// lie after `now`; a date beyond the safe range is clamped rather than trapping).
    public static func epochMs(_ date: Date) -> Int64 {
        let maxSafe = 9_007_199_254_740_991.0
        let ms = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard ms.isFinite else { return ms > 0 ? Int64(maxSafe) : -Int64(maxSafe) }
        return Int64(min(max(ms, -maxSafe), maxSafe))
    }

    /// The `Date` of an epoch-millisecond instant.
    public static func date(_ ms: Int64) -> Date {
        Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}

// MARK: - Report
// Why a decoder did not take a value as written (docs/report.md). A decoder given a report records
// into it; without one (the default) none of this runs and no path is ever built. Entries hold
// paths, rules and schema-derived detail only — never a string, number or key from the blob — so an
// app may log them from a user's device. The same rules, in the same order, as ContractRuntime.kt
// and contract-runtime.ts.

/// One report entry: a value the decoder did not take as written, where (`path`; array elements by
/// index, map entries by position, `$.colors[#2]`), why (`rule`, a closed vocabulary) and what it
/// used instead (`used`), with schema-derived detail only. `pattern` is the path with every index
/// and position as `*`: a key to count by. Unset details are nil.
public struct ContractReportEntry: Sendable, Equatable {
    public let path: String
    public let pattern: String
    public let rule: String
    public let used: String
    public let found: String?
    public let constraint: String?
    public let fallback: String?
    public let field: String?
    public let offset: Int?
    public let expected: String?
}

/// A report sink: pass one to a contract's `decode(text, report:)`, then read `entries` (each decode
/// starts it afresh). `onEntry`, when set, is called once per entry as `entries` is first read: the
/// hook an app counts from (`report.onEntry = { telemetry.count($0.pattern, $0.rule) }`).
public final class ContractReport {
    /// The most entries a report lists; more are counted in `omitted` (paths are up to 512 steps long).
    public static let limit = 1000

    public var onEntry: ((ContractReportEntry) -> Void)?

    /// One step of a path; `seq` orders values as the text holds them (parents before their members).
    private final class Node {
        let parent: Node?
        let step: StaticString?
        let index: Int
        let seq: Int
        init(_ parent: Node?, _ step: StaticString?, _ index: Int, _ seq: Int) {
            self.parent = parent
            self.step = step
            self.index = index
            self.seq = seq
        }
    }
    /// Why a class: `why` is set for every field read and cleared after it, and an optional
    /// reference is one word to test and clear, where an optional seven-field struct is a
    /// value-witness call each time; one is allocated only when a value is not taken as written.
    private final class Why {
        let rule: String
        let found: String?
        let constraint: String?
        let fallback: String?
        let field: String?
        let offset: Int?
        let expected: String?
        var cause: Record?
        init(rule: String, found: String? = nil, constraint: String? = nil, fallback: String? = nil, field: String? = nil,
             offset: Int? = nil, expected: String? = nil, cause: Record? = nil) {
            self.rule = rule
            self.found = found
            self.constraint = constraint
            self.fallback = fallback
            self.field = field
            self.offset = offset
            self.expected = expected
            self.cause = cause
        }
    }
    private final class Record {
        let why: Why
        let node: Node?
        let used: String
        /// A `fail-document` field's own entry whose value a later duplicate replaced: that value
        /// failed nothing, so the entry is not rendered (entries inside it stay, see `render`).
        var replaced = false
        init(_ why: Why, _ node: Node?, _ used: String) {
            self.why = why
            self.node = node
            self.used = used
        }
    }
    /// One object, array or map being read. Why so lean: one is made per object of the blob, so
    /// its per-field state (`from`, then `to`, per field) lives in the report's one `ranges`
    /// stack from `base` (no array allocated per object), and the rare parts (duplicates,
    /// causes, a map's keys) are made when first needed.
    private struct Frame {
        let start: Int
        let base: Int
        let fields: Int
        var count = 0
        var dup: [Bool]? = nil
        var cause: [Record?]? = nil
        /// Per field, its own `used: document` entry (made when first needed).
        var own: [Record?]? = nil
        /// A map's keys so far, by canonical key (Swift's String equality), as `ContractExactMap`
        /// replaces entries.
        var keys: [String: Int]? = nil
        var keyRanges: [(Node?, Int, Int)]? = nil  // with `keys`: nil costs no retain per frame
        init(start: Int, base: Int, fields: Int) {
            self.start = start
            self.base = base
            self.fields = fields
        }
    }

    // Why unchecked: the report is used by one decode on one thread, and the runtime's dynamic
    // exclusivity checks on these class properties cost more than the recording itself.
    @exclusivity(unchecked) private var records: [Record] = []
    /// Killed ranges of `records` as (from, to) pairs: values the document did not keep.
    @exclusivity(unchecked) private var kills: [Int] = []
    /// One step of the current path; `node` is made only when an entry needs it.
    /// Why a StaticString: a step is pushed and popped for every field read, and a static name
    /// (the generated code's literal) costs no reference counting.
    private struct Step {
        let name: StaticString?
        let index: Int
        let seq: Int
        var node: Node?
    }
    @exclusivity(unchecked) private var steps: [Step] = []
    /// Values begun so far: each path step's place in the text's order.
    @exclusivity(unchecked) private var began = 0
    /// `steps[0..<built]` have their nodes; deeper ones are made only when an entry needs them.
    @exclusivity(unchecked) private var built = 0
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The open frames' per-field (from, to) pairs, each frame's from its `base`; -1 when unread.
    /// `ranges[..<rangesTop]` is in use; the rest is kept for the next frames (no shrinking).
    @exclusivity(unchecked) private var ranges: [Int] = []
    @exclusivity(unchecked) private var rangesTop = 0
    @exclusivity(unchecked) private var why: Why?
    private var rendered: [ContractReportEntry]?
    private var omittedCount = 0

    public init() {}

    /// The entries, in the order the decoder recorded them, at most `limit`.
    public var entries: [ContractReportEntry] { render() }

    /// How many entries were left out of `entries` beyond `limit`.
    public var omitted: Int {
        _ = render()
        return omittedCount
    }

    @_spi(ContractGenRuntime) public func begin() {
        records = []
        kills = []
        steps = []
        began = 0
        built = 0
        frames = []
        ranges = []
        rangesTop = 0
        why = nil
        rendered = nil
        omittedCount = 0
        versionType = nil
    }

    @_spi(ContractGenRuntime) public func end() {
        // A drop-element field made the root invalid: the document is, for that field's reason.
        if why?.cause != nil { record("document") }
        why = nil
    }

    @_spi(ContractGenRuntime) public func malformed(_ text: String) {
        begin()
        let units = Array(text.utf16)
        let error = ContractReport.syntaxError(units)
        records.append(Record(Why(rule: "malformed", offset: error?.offset ?? ContractReport.utf8Length(units), expected: error?.expected ?? "end"), nil, "document"))
    }

    /// Bytes that are not UTF-8 (`decode(_ data:)`), expected `utf-8` at the first byte where they
    /// stop being the beginning of well-formed UTF-8 (Unicode Table 3-7): one that cannot start a
    /// character or cannot continue the one begun; their length when they end inside a character.
    /// The same "where it stops being acceptable" as a syntax error's offset, so `E0 80` is at the
    /// `80` (E0 may begin a character; 80 cannot follow it) and `EF BF 22` at the `22`.
    @_spi(ContractGenRuntime) public func notUTF8(_ data: Data) {
        begin()
        records.append(Record(Why(rule: "malformed", offset: Self.utf8StopOffset(data), expected: "utf-8"), nil, "document"))
    }

    /// Where `data` stops being the beginning of well-formed UTF-8; `data.count` when it never does.
    @_spi(ContractGenRuntime) public static func utf8StopOffset(_ data: Data) -> Int {
        let bytes = Array(data)
        var at = 0
        while at < bytes.count {
            let lead = bytes[at]
            if lead < 0x80 { at += 1; continue }
            // A continuation byte, C0, C1 or F5–FF cannot start a character.
            guard let (trailing, low, high) = ContractJSONScanner.utf8Lead(lead) else { return at }
            for next in 1...trailing {
                guard at + next < bytes.count else { return bytes.count }  // ends inside the character
                let byte = bytes[at + next]
                let (min, max) = next == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min, byte <= max else { return at + next }
            }
            at += trailing + 1
        }
        return bytes.count
    }

    @_spi(ContractGenRuntime) public func versionRejected(_ step: StaticString, _ found: String?) {
        begin()
        push(step, 0)
        records.append(Record(Why(rule: "version-rejected", found: found ?? "missing"), node(), "document"))
    }

    /// The JSON type of the last version value read.
    @_spi(ContractGenRuntime) public private(set) var versionType: String?

    @_spi(ContractGenRuntime) public func version(_ v: ContractJSON?) -> Double? {
        versionType = v.map(ContractReport.jsonType)
        if case .number(let d)? = v { return d }
        return nil
    }

    // The readers a report decoder calls: each reads the next value from the scanner and says why
    // when it is not taken. A string is read as one; any other value is built as a `ContractJSON`
    // (cheap for a scalar) so that its type can be named.

    @_spi(ContractGenRuntime) public func string(_ scanner: inout ContractJSONScanner) -> String? {
        guard scanner.nextIsString() else {
            wrongType(scanner.value())
            return nil
        }
        if let s = scanner.string() { return s }
        if !scanner.failed { why = Why(rule: "unpaired-surrogate") }  // else a syntax error: malformed
        return nil
    }

    @_spi(ContractGenRuntime) public func bool(_ scanner: inout ContractJSONScanner) -> Bool? { bool(scanner.value()) }
    @_spi(ContractGenRuntime) public func number(_ scanner: inout ContractJSONScanner) -> Double? { number(scanner.value()) }
    @_spi(ContractGenRuntime) public func integer(_ scanner: inout ContractJSONScanner) -> Int64? { integer(scanner.value()) }
    @_spi(ContractGenRuntime) public func epochMillis(_ scanner: inout ContractJSONScanner) -> Int64? { epochMillis(scanner.value()) }

    @_spi(ContractGenRuntime) public func localDate(_ scanner: inout ContractJSONScanner) -> String? {
        guard let s = string(&scanner) else { return nil }
        return validDate(s)
    }

    @_spi(ContractGenRuntime) public func dateTime(_ scanner: inout ContractJSONScanner) -> Int64? {
        guard let s = string(&scanner) else { return nil }
        return instant(s)
    }

    @_spi(ContractGenRuntime) public func enumeration<E: RawRepresentable>(_ scanner: inout ContractJSONScanner, as type: E.Type, unknown: E? = nil) -> E? where E.RawValue == String {
        guard let s = string(&scanner) else { return nil }
        return enumValue(s, as: type, unknown: unknown)
    }

    private func string(_ v: ContractJSON?) -> String? {
        switch v {
        case .string(let s)?: return s
        case .invalidString?: why = Why(rule: "unpaired-surrogate")
        default: wrongType(v)
        }
        return nil
    }

    private func bool(_ v: ContractJSON?) -> Bool? {
        if case .bool(let b)? = v { return b }
        wrongType(v)
        return nil
    }

    private func number(_ v: ContractJSON?) -> Double? {
        guard case .number(let d)? = v else {
            wrongType(v)
            return nil
        }
        if d.isFinite { return d }
        why = Why(rule: "invalid-number")
        return nil
    }

    private func integer(_ v: ContractJSON?) -> Int64? {
        guard case .number(let d)? = v else {
            wrongType(v)
            return nil
        }
        if d.isFinite, d == d.rounded(.towardZero), abs(d) <= 9_007_199_254_740_991 { return Int64(d) }
        why = Why(rule: "invalid-number")
        return nil
    }

    private func epochMillis(_ v: ContractJSON?) -> Int64? {
        guard let x = integer(v) else { return nil }
        if x >= 1 { return x }
        why = Why(rule: "invalid-number")
        return nil
    }

    private func validDate(_ s: String) -> String? {
        if ContractCalendar.parseLocalDate(s) != nil { return s }
        why = Why(rule: "invalid-date")
        return nil
    }

    private func instant(_ s: String) -> Int64? {
        let ms = ContractCalendar.parseDateTime(s)
        if ms == nil { why = Why(rule: "invalid-date") }
        return ms
    }

    /// An enum spelled exactly like one of its cases, else the fallback (an open enum, held as used
    /// `fallback`) or nil.
    private func enumValue<E: RawRepresentable>(_ s: String, as type: E.Type, unknown: E?) -> E? where E.RawValue == String {
        if let value = ContractEnum.read(s, as: type) { return value }
        why = Why(rule: "unknown-enum-value", fallback: unknown?.rawValue)
        return unknown
    }

    /// One constraint, by its schema key.
    @_spi(ContractGenRuntime) public func satisfying<T>(_ value: T?, _ constraint: String, _ test: (T) -> Bool) -> T? {
        guard let value else { return nil }
        if test(value) { return value }
        why = Why(rule: "constraint", constraint: constraint)
        return nil
    }

    @_spi(ContractGenRuntime) public func wrongType(_ v: ContractJSON?) {
        guard let v else { return }  // a syntax error: the document is malformed
        if case .null = v { why = Why(rule: "null") } else { why = Why(rule: "wrong-type", found: ContractReport.jsonType(v)) }
    }

    @_spi(ContractGenRuntime) public func badUnion(_ v: ContractJSON?, _ tagKey: String, unknown: Bool) {
        if unknown {
            why = Why(rule: "unknown-union-tag", field: tagKey)
            return
        }
        guard case .object(let object)? = v else {
            wrongType(v)
            return
        }
        switch object[tagKey] {
        case nil: why = Why(rule: "missing", field: tagKey)
        case .invalidString?: why = Why(rule: "unpaired-surrogate", field: tagKey)
        case .null?: why = Why(rule: "null", field: tagKey)
        case let tag?: why = Why(rule: "wrong-type", found: ContractReport.jsonType(tag), field: tagKey)
        }
    }

    @_spi(ContractGenRuntime) public func unknownTag(_ tagKey: String, _ fallback: String) {
        if why == nil { why = Why(rule: "unknown-union-tag", fallback: fallback, field: tagKey) }
    }

    @_spi(ContractGenRuntime) public func beginObject(_ fields: Int) {
        pushFrame(fields: fields, pairs: fields)
    }

    @_spi(ContractGenRuntime) public func field(_ index: Int, _ step: StaticString) {
        let last = frames.count - 1
        push(step, 0)
        let at = frames[last].base + 2 * index
        if ranges[at] >= 0 {
            kill(ranges[at], ranges[at + 1])
            frames[last].cause?[index] = nil
            if let own = frames[last].own?[index] {
                own.replaced = true
                frames[last].own?[index] = nil
            }
            let fields = frames[last].fields
            if frames[last].dup == nil { frames[last].dup = Array(repeating: false, count: fields) }
            if frames[last].dup?[index] == false {
                frames[last].dup?[index] = true
                records.append(Record(Why(rule: "duplicate-key"), node(), "last"))
            }
        }
        ranges[at] = records.count
        why = nil
    }

    @_spi(ContractGenRuntime) public func fieldDone(_ index: Int, _ used: String) {
        let last = frames.count - 1
        if why != nil {
            let record = self.record(used)
            if used == "parent" {
                if frames[last].cause == nil { frames[last].cause = Array(repeating: nil, count: frames[last].fields) }
                frames[last].cause?[index] = record
            } else if used == "document" {
                if frames[last].own == nil { frames[last].own = Array(repeating: nil, count: frames[last].fields) }
                frames[last].own?[index] = record
            }
        }
        ranges[frames[last].base + 2 * index + 1] = records.count
        pop()
    }

    @_spi(ContractGenRuntime) public func endObject() { popFrame() }

    private func pushFrame(fields: Int, pairs: Int) {
        frames.append(Frame(start: records.count, base: rangesTop, fields: fields))
        let top = rangesTop + 2 * pairs
        while ranges.count < top { ranges.append(-1) }
        var k = rangesTop
        while k < top {
            ranges[k] = -1
            k += 1
        }
        rangesTop = top
    }

    @discardableResult
    private func popFrame() -> Frame {
        let frame = frames.removeLast()
        rangesTop = frame.base
        return frame
    }

    @_spi(ContractGenRuntime) public func dropObject(_ index: Int, _ step: StaticString, _ key: String, _ used: String) {
        let unread = ranges[frames[frames.count - 1].base + 2 * index] < 0
        let frame = popFrame()
        var cause = frame.cause?[index] ?? nil
        if unread {
            push(step, 0)
            cause = Record(Why(rule: "missing"), node(), used)
            pop()
            if used == "document", let kept = cause {
                records.append(kept)  // a fail-document entry is kept wherever it is
                cause = nil
            }
        }
        kill(frame.start, records.count)
        // A fail-document field's entry says it all (the document is invalid): no invalid-field above it.
        why = used == "document" ? nil : Why(rule: "invalid-field", field: key, cause: cause)
    }

    @_spi(ContractGenRuntime) public func beginArray() {
        pushFrame(fields: 0, pairs: 0)
    }

    @_spi(ContractGenRuntime) public func element() {
        let last = frames.count - 1
        push(nil, frames[last].count)
        frames[last].count += 1
        why = nil
    }

    @_spi(ContractGenRuntime) public func elementDone(_ kept: Bool) {
        if why != nil { record(kept ? "fallback" : "dropped") }
        pop()
    }

    @_spi(ContractGenRuntime) public func endContainer() { popFrame() }

    @_spi(ContractGenRuntime) public func beginMap() {
        pushFrame(fields: 0, pairs: 1)  // one pair: the entry being read
    }

    @_spi(ContractGenRuntime) public func entry() {
        let last = frames.count - 1
        ranges[frames[last].base] = records.count
        push(nil, -1 - frames[last].count)
        frames[last].count += 1
        why = nil
    }

    @_spi(ContractGenRuntime) public func entryDone(_ name: String?, _ kept: Bool) {
        let last = frames.count - 1
        let from = ranges[frames[last].base]
        guard let name else {
            kill(from, records.count)
            why = Why(rule: "invalid-key")
            record("ignored")
            pop()
            return
        }
        if why != nil { record(kept ? "fallback" : "ignored") }
        if frames[last].keys == nil {
            frames[last].keys = [:]
            frames[last].keyRanges = []
        }
        // By canonical key, as the map itself replaces entries (ContractExactMap.set).
        let earlier = frames[last].keys?[name].map { frames[last].keyRanges![$0] }
        frames[last].keys?[name] = frames[last].keyRanges!.count
        frames[last].keyRanges!.append((node(), from, records.count))
        pop()
        if let earlier {
            // The earlier entry of this key is replaced (the last wins): its own entries no longer count.
            kill(earlier.1, earlier.2)
            records.append(Record(Why(rule: "duplicate-key"), earlier.0, "last"))
        }
    }

    private func push(_ step: StaticString?, _ index: Int) {
        steps.append(Step(name: step, index: index, seq: began, node: nil))
        began += 1
    }

    private func pop() {
        steps.removeLast()
        if built > steps.count { built = steps.count }
    }

    /// The current path's node, made only now (each step once), so paths cost nothing until an entry needs one.
    private func node() -> Node? {
        var k = built
        let count = steps.count
        while k < count {
            steps[k].node = Node(k == 0 ? nil : steps[k - 1].node, steps[k].name, steps[k].index, steps[k].seq)
            k += 1
        }
        built = count
        return count == 0 ? nil : steps[count - 1].node
    }

    @discardableResult
    private func record(_ used: String) -> Record {
        let held = why!
        why = nil
        let cause = held.cause
        // A fail-document entry keeps its cause, which a rejected document's report shows with it (render).
        if used != "document" { held.cause = nil }
        let record = Record(held, node(), held.fallback != nil ? "fallback" : used)
        records.append(record)
        if let cause { records.append(cause) }
        return record
    }

    private func kill(_ from: Int, _ to: Int) {
        if to > from { kills.append(from); kills.append(to) }
    }

    private func render() -> [ContractReportEntry] {
        if let rendered { return rendered }
        let n = records.count
        var depth = Array(repeating: 0, count: n + 1)
        var k = 0
        while k < kills.count {
            depth[kills[k]] += 1
            depth[kills[k + 1]] -= 1
            k += 2
        }
        // An entry used `document` that no later duplicate replaced means the document is rejected
        // (a fail-document field failed, wherever it is; or malformed, or the version).
        let invalid = records.contains { $0.used == "document" && !$0.replaced }
        var alive: [(Int, Record)] = []
        var killed = 0
        for i in 0..<n {
            killed += depth[i]
            let record = records[i]
            if record.replaced { continue }  // a fail-document field's own value that a later duplicate replaced: it failed nothing
            if invalid {
                // A rejected document uses no value: only its fail-document entries stay, wherever they
                // are, each with the entry of the field that made it invalid (appended right after it).
                let before = i > 0 ? records[i - 1] : nil
                let cause = before.map { $0.used == "document" && !$0.replaced && $0.why.cause === record } ?? false
                if record.used != "document" && !cause { continue }
            } else if killed > 0 {
                continue
            }
            alive.append((alive.count, record))
        }
        // In the text's order: by where each value begins (a value before its members), then as recorded.
        alive.sort { a, b in
            let (x, y) = (a.1.node?.seq ?? -1, b.1.node?.seq ?? -1)
            return x != y ? x < y : a.0 < b.0
        }
        var result: [ContractReportEntry] = []
        for (_, record) in alive {
            if result.count == ContractReport.limit {
                omittedCount += 1
                continue
            }
            let w = record.why
            result.append(ContractReportEntry(path: path(record.node, pattern: false), pattern: path(record.node, pattern: true), rule: w.rule, used: record.used, found: w.found, constraint: w.constraint, fallback: w.fallback, field: w.field, offset: w.offset, expected: w.expected))
        }
        rendered = result
        if let onEntry { for entry in result { onEntry(entry) } }
        return result
    }

    private func path(_ node: Node?, pattern: Bool) -> String {
        var parts: [String] = []
        var at = node
        while let step = at {
            if let name = step.step {
                parts.append(name.description)
            } else if step.index >= 0 {
                parts.append(pattern ? "[*]" : "[\(step.index)]")
            } else {
                parts.append(pattern ? "[#*]" : "[#\(-1 - step.index)]")
            }
            at = step.parent
        }
        return "$" + parts.reversed().joined()
    }

    static func jsonType(_ v: ContractJSON) -> String {
        switch v {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string, .invalidString: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    private static func utf8Width(_ units: [UInt16], _ i: Int) -> Int {
        let c = units[i]
        if c < 0x80 { return 1 }
        if c < 0x800 { return 2 }
        if c >= 0xD800, c <= 0xDBFF, i + 1 < units.count, units[i + 1] >= 0xDC00, units[i + 1] <= 0xDFFF { return 4 }
        return 3
    }

    /// The UTF-8 length of a text; an unpaired surrogate counts 3 bytes (as WTF-8 writes it).
    static func utf8Length(_ units: [UInt16]) -> Int {
        var bytes = 0
        var i = 0
        while i < units.count {
            let w = utf8Width(units, i)
            bytes += w
            i += w == 4 ? 2 : 1
        }
        return bytes
    }

    /// Where a document text stops being acceptable (RFC 8259, nesting ≤ 512, an object at the
    /// root): the UTF-8 byte offset and what was expected there (docs/report.md); nil for an
    /// acceptable text. Its own small loop, the same as contract-runtime.ts's `contractSyntaxError`.
    @_spi(ContractGenRuntime) public static func syntaxError(_ text: String) -> (offset: Int, expected: String)? {
        syntaxError(Array(text.utf16))
    }

    static func syntaxError(_ t: [UInt16]) -> (offset: Int, expected: String)? {
        let n = t.count
        var i = 0
        var bytes = 0
        var open: [UInt16] = []
        func step() {
            let w = utf8Width(t, i)
            bytes += w
            i += w == 4 ? 2 : 1
        }
        func ws() {
            while i < n && (t[i] == 0x20 || t[i] == 0x09 || t[i] == 0x0A || t[i] == 0x0D) { step() }
        }
        func isDigit(_ c: UInt16) -> Bool { c >= 0x30 && c <= 0x39 }
        func isHex(_ c: UInt16) -> Bool { isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) }
        func digits() -> Bool {
            guard i < n, isDigit(t[i]) else { return false }
            while i < n && isDigit(t[i]) { step() }
            return true
        }
        func string() -> String? {
            step()
            while true {
                if i >= n { return "string" }
                let c = t[i]
                if c == 0x22 { step(); return nil }
                if c < 0x20 { return "string" }
                if c == 0x5C {
                    step()
                    if i >= n { return "escape" }
                    let e = t[i]
                    if e == 0x75 {
                        step()
                        for _ in 0..<4 {
                            if i >= n || !isHex(t[i]) { return "escape" }
                            step()
                        }
                    } else if [0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74].contains(e) {
                        step()
                    } else {
                        return "escape"
                    }
                    continue
                }
                step()
            }
        }
        ws()
        if i >= n || t[i] != 0x7B { return (bytes, "object") }
        var state = 0  // 0 value, 1 key, 2 after a value
        while true {
            if state == 0 {
                ws()
                if i >= n { return (bytes, "value") }
                let c = t[i]
                if c == 0x7B || c == 0x5B {
                    if open.count >= 512 { return (bytes, "depth") }
                    open.append(c)
                    step()
                    ws()
                    if i < n && t[i] == (c == 0x7B ? 0x7D : 0x5D) {
                        open.removeLast()
                        step()
                        state = 2
                    } else {
                        state = c == 0x7B ? 1 : 0
                    }
                    continue
                }
                if c == 0x22 {
                    if let error = string() { return (bytes, error) }
                } else if c == 0x74 || c == 0x66 || c == 0x6E {
                    let word: [UInt16] = c == 0x74 ? Array("true".utf16) : c == 0x66 ? Array("false".utf16) : Array("null".utf16)
                    for unit in word {
                        if i >= n || t[i] != unit { return (bytes, "literal") }
                        step()
                    }
                } else if c == 0x2D || isDigit(c) {
                    if c == 0x2D { step() }
                    if i < n && t[i] == 0x30 { step() } else if !digits() { return (bytes, "digit") }
                    if i < n && t[i] == 0x2E {
                        step()
                        if !digits() { return (bytes, "digit") }
                    }
                    if i < n && (t[i] == 0x65 || t[i] == 0x45) {
                        step()
                        if i < n && (t[i] == 0x2B || t[i] == 0x2D) { step() }
                        if !digits() { return (bytes, "digit") }
                    }
                } else {
                    return (bytes, "value")
                }
                state = 2
            } else if state == 1 {
                ws()
                if i >= n || t[i] != 0x22 { return (bytes, "key") }
                if let error = string() { return (bytes, error) }
                ws()
                if i >= n || t[i] != 0x3A { return (bytes, "colon") }
                step()
                state = 0
            } else {
                ws()
                guard let top = open.last else { return i < n ? (bytes, "end") : nil }
                if i < n && t[i] == 0x2C {
                    step()
                    state = top == 0x7B ? 1 : 0
                } else if i < n && t[i] == (top == 0x7B ? 0x7D : 0x5D) {
                    open.removeLast()
                    step()
                } else {
                    return (bytes, "comma-or-close")
                }
            }
        }
    }
}
