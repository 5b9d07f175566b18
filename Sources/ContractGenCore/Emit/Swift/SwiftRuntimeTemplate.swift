/// The contract-independent Swift runtime, emitted verbatim as generated/swift/Contracts/ContractRuntime.swift.
enum SwiftRuntimeTemplate {
    static let source = #"""
    import Foundation

    // MARK: - JSON value model

    /// One parsed JSON value, as the strict reader produces it and the serializer writes it.
    ///
    /// For example `{"v":1,"tasks":[]}` is `.object` holding `v → .number(1)` and `tasks → .array([])`.
    /// Numbers are IEEE-754 doubles because that is how JavaScript (the writer) reads them, so all
    /// three platforms agree on `1.0000000000000001 == 1`.
    public enum ContractJSON: Sendable, Equatable {
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
        public static func == (lhs: ContractJSON, rhs: ContractJSON) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null), (.invalidString, .invalidString):
                return true
            case let (.bool(a), .bool(b)):
                return a == b
            case let (.number(a), .number(b)):
                return a == b
            case let (.string(a), .string(b)):
                return ContractExactKey.same(a, b)
            case let (.array(a), .array(b)):
                return a == b
            case let (.object(a), .object(b)):
                return a == b
            default:
                return false
            }
        }
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
            var left = a
            var right = b
            return left.withUTF8 { l in
                right.withUTF8 { r in
                    l.count == 0 || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0
                }
            }
        }
    }

    /// A JSON object: each key once, in order of first appearance, with the LAST value given for it.
    ///
    /// For example `{"a":1,"b":2,"a":3}` has `keys == ["a", "b"]` and `self["a"] == .number(3)`.
    /// Order is kept only so that serialization is stable; no result depends on it.
    public struct ContractJSONObject: Sendable, Equatable, Sequence {
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

        /// Takes ownership of `count` parsed keys and values (moving them out of the reader's
        /// stacks): entries with a nil key (an invalid string) are dropped, and for a duplicate key
        /// the last value wins at the first key's position.
        init(movingKeys keys: UnsafeMutablePointer<String?>, values: UnsafeMutablePointer<ContractJSON>, count: Int,
             asciiKeys: Bool) {
            self.asciiKeys = asciiKeys
            entries = []
            index = nil
            if count > Self.linearLimit {
                // Large object: one pass, one hash per key, building the index as we go.
                var lookup = [ContractExactKey: Int](minimumCapacity: count)
                entries.reserveCapacity(count)
                for offset in 0..<count {
                    let value = (values + offset).move()
                    guard let key = (keys + offset).move() else { continue }
                    let next = entries.count
                    let position = Self.claim(&lookup[ContractExactKey(key), default: next], next)
                    if position == next {
                        entries.append((key: key, value: value))
                    } else {
                        entries[position].value = value
                    }
                }
                index = lookup
                return
            }
            // Small object: usually every key is valid and distinct, so the entries move in as is.
            var clean = true
            scan: for offset in 0..<count {
                guard let key = keys[offset] else {
                    clean = false
                    break scan
                }
                for earlier in 0..<offset where Self.sameKey(keys[earlier]!, key, ascii: asciiKeys) {
                    clean = false
                    break scan
                }
            }
            if clean {
                entries = [(key: String, value: ContractJSON)](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for offset in 0..<count {
                        (buffer.baseAddress! + offset).initialize(to: (key: (keys + offset).move()!, value: (values + offset).move()))
                    }
                    initialized = count
                }
                return
            }
            entries.reserveCapacity(count)
            for offset in 0..<count {
                let value = (values + offset).move()
                if let key = (keys + offset).move() {
                    set(key, value)
                }
            }
        }

        /// Returns the slot's value (it was just defaulted to `next` when the key is new).
        @inline(__always)
        private static func claim(_ slot: inout Int, _ next: Int) -> Int {
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
            guard lhs.entries.count == rhs.entries.count else { return false }
            for entry in lhs.entries {
                guard let other = rhs[entry.key], other == entry.value else { return false }
            }
            return true
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
            // Fast path: a native Swift string is valid UTF-8 stored contiguously, so the reader
            // walks the bytes in place without copying the text.
            let direct: ContractJSON?? = text.utf8.withContiguousStorageIfAvailable { bytes in
                var reader = ContractStrictReader(bytes, mayHoldRawSurrogates: false)
                return reader.readDocument()
            }
            if let direct {
                return direct
            }
            // A bridged (UTF-16) string, as UserDefaults hands out on Apple platforms: it may hold
            // raw unpaired surrogates, which must make their string invalid rather than silently
            // become U+FFFD, so transcode to WTF-8 ourselves and let the reader flag them.
            return parse(utf16: text.utf16)
        }

        /// Parses UTF-16 code units (possibly holding unpaired surrogates) like `parse(_:)`.
        static func parse<Units: Collection>(utf16 units: Units) -> ContractJSON? where Units.Element == UInt16 {
            let bytes = ContractStrictReader.wtf8(units)
            return bytes.withUnsafeBufferPointer { buffer in
                var reader = ContractStrictReader(buffer, mayHoldRawSurrogates: true)
                return reader.readDocument()
            }
        }
    }

    /// A growable stack whose elements are moved in and moved out (no copy, no reference-count
    /// traffic per element). Only the strict reader uses it, always with `release()` in a `defer`.
    private struct ContractMoveStack<Element> {
        private(set) var base: UnsafeMutablePointer<Element>
        private(set) var count = 0
        private var capacity: Int

        init() {
            capacity = 32
            base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }

        mutating func push(_ element: Element) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: element)
            count += 1
        }

        /// Moves the elements from `start` to the top into a new array of exactly that size.
        mutating func moveOut(from start: Int) -> [Element] {
            let moved = count - start
            let source = base + start
            let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
                if moved > 0 {
                    buffer.baseAddress!.moveInitialize(from: source, count: moved)
                }
                initialized = moved
            }
            count = start
            return result
        }

        /// Drops the elements from `start` to the top, which the caller has already moved away.
        mutating func forgetMoved(from start: Int) {
            count = start
        }

        /// Destroys what is left and frees the storage.
        func release() {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// The strict RFC 8259 reader over UTF-8 bytes. Iterative (an explicit stack of open
    /// containers), so nesting can never overflow the call stack, and the depth limit is checked
    /// before a level is opened.
    private struct ContractStrictReader {
        /// One open array or object: where its values (and keys) start on the shared stacks.
        private struct Frame {
            let isObject: Bool
            let valueStart: Int
            let keyStart: Int
            /// All keys so far are plain ASCII without escapes, which makes lookups cheaper.
            var asciiKeys = true
        }

        private let bytes: UnsafeBufferPointer<UInt8>
        private let end: Int
        private let mayHoldRawSurrogates: Bool
        private var position = 0
        /// Reused buffer for strings that contain escapes.
        private var scratch: [UInt8] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, mayHoldRawSurrogates: Bool) {
            self.bytes = bytes
            self.end = bytes.count
            self.mayHoldRawSurrogates = mayHoldRawSurrogates
        }

        /// Reads exactly one value surrounded by optional whitespace, or returns nil.
        mutating func readDocument() -> ContractJSON? {
            var frames: [Frame] = []
            frames.reserveCapacity(16)
            // Values (and object keys) of all open containers, moved in and out without copying.
            var values = ContractMoveStack<ContractJSON>()
            var keys = ContractMoveStack<String?>()  // nil: a key with an unpaired surrogate, dropped
            defer {
                values.release()
                keys.release()
            }
            skipWhitespace()
            nextValue: while true {
                guard position < end else { return nil }
                var value: ContractJSON
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[position] == UInt8(ascii: "{")
                    // Depth is checked before the level is opened: 512 levels pass, 513 do not.
                    guard frames.count < ContractJSON.maxDepth else { return nil }
                    position += 1
                    skipWhitespace()
                    guard position < end else { return nil }
                    if bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        position += 1
                        value = isObject ? .object(ContractJSONObject()) : .array([])
                    } else {
                        frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                        if isObject {
                            guard readKey(into: &keys, ascii: &frames[frames.count - 1].asciiKeys) else { return nil }
                        }
                        continue nextValue
                    }
                case UInt8(ascii: "\""):
                    guard let string = readString() else { return nil }
                    value = string
                case UInt8(ascii: "t"):
                    guard readLiteral("true") else { return nil }
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    guard readLiteral("false") else { return nil }
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    guard readLiteral("null") else { return nil }
                    value = .null
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let number = readNumber() else { return nil }
                    value = .number(number)
                default:
                    return nil
                }
                // A complete value: attach it to the innermost open container, closing as many
                // containers as the following `]` / `}` say.
                while true {
                    skipWhitespace()
                    guard let top = frames.last else {
                        // Only whitespace may follow the root value.
                        return position == end ? value : nil
                    }
                    values.push(value)
                    guard position < end else { return nil }
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace()
                        if top.isObject {
                            guard readKey(into: &keys, ascii: &frames[frames.count - 1].asciiKeys) else { return nil }
                        }
                        continue nextValue  // a comma must be followed by a value: no trailing commas
                    }
                    guard byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                    frames.removeLast()
                    if top.isObject {
                        let count = values.count - top.valueStart
                        value = .object(ContractJSONObject(
                            movingKeys: keys.base + top.keyStart, values: values.base + top.valueStart, count: count,
                            asciiKeys: top.asciiKeys))
                        keys.forgetMoved(from: top.keyStart)
                        values.forgetMoved(from: top.valueStart)
                    } else {
                        value = .array(values.moveOut(from: top.valueStart))
                    }
                }
            }
        }

        /// JSON whitespace is exactly space, tab, LF and CR (a BOM or NBSP is an error).
        private mutating func skipWhitespace() {
            while position < end {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D:
                    position += 1
                default:
                    return
                }
            }
        }

        /// Reads `"key"` `:` and the whitespace around the colon; nil key for an invalid string.
        /// Clears `ascii` unless the key's text is plain ASCII without escapes.
        private mutating func readKey(into keys: inout ContractMoveStack<String?>, ascii: inout Bool) -> Bool {
            guard position < end, bytes[position] == UInt8(ascii: "\"") else { return false }  // keys must be quoted
            let textStart = position + 1
            guard let key = readString() else { return false }
            if ascii {
                for offset in textStart..<(position - 1) where bytes[offset] >= 0x80 || bytes[offset] == UInt8(ascii: "\\") {
                    ascii = false
                    break
                }
            }
            if case let .string(text) = key {
                keys.push(text)
            } else {
                keys.push(nil)
            }
            skipWhitespace()
            guard position < end, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            skipWhitespace()
            return true
        }

        private mutating func readLiteral(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard end - position >= count else { return false }
            let expected = word.utf8Start
            for offset in 0..<count where bytes[position + offset] != expected[offset] {
                return false
            }
            position += count
            return true
        }

        /// Exact powers of ten for the fast number path (10^22 is the largest exact double power).
        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// Validates the RFC 8259 number grammar, then converts it exactly as the platform's
        /// correctly-rounded `Double(String)` would (the same double JavaScript gets).
        private mutating func readNumber() -> Double? {
            let start = position
            var negative = false
            if bytes[position] == UInt8(ascii: "-") {
                negative = true
                position += 1
            }
            var mantissa: UInt64 = 0
            var digitCount = 0  // digits folded into mantissa; beyond 19 the fast path is off
            guard position < end else { return nil }  // a lone "-"
            let first = bytes[position]
            if first == UInt8(ascii: "0") {
                position += 1
                // Leading zeros ("01", "-01") are not JSON.
                if position < end, Self.isDigit(bytes[position]) { return nil }
            } else if Self.isDigit(first) {
                while position < end, Self.isDigit(bytes[position]) {
                    if digitCount < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
                    }
                    digitCount += 1
                    position += 1
                }
            } else {
                return nil  // "-x", "-.5"
            }
            var fractionDigits = 0
            if position < end, bytes[position] == UInt8(ascii: ".") {
                position += 1
                // "1." is not JSON: a fraction needs at least one digit.
                guard position < end, Self.isDigit(bytes[position]) else { return nil }
                while position < end, Self.isDigit(bytes[position]) {
                    if digitCount < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
                        fractionDigits += 1
                    }
                    digitCount += 1
                    position += 1
                }
            }
            var exponent = 0
            if position < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                var exponentNegative = false
                if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                    exponentNegative = bytes[position] == UInt8(ascii: "-")
                    position += 1
                }
                // "1e" / "1e+" are not JSON.
                guard position < end, Self.isDigit(bytes[position]) else { return nil }
                while position < end, Self.isDigit(bytes[position]) {
                    if exponent < 100_000 {  // saturate: no overflow on "1e99999999999999999999"
                        exponent = exponent * 10 + Int(bytes[position] &- 48)
                    }
                    position += 1
                }
                if exponentNegative { exponent = -exponent }
            }
            // Clinger's fast path: an exact mantissa (< 2^53) times or divided by an exact power of
            // ten is one correctly-rounded IEEE operation, so it equals the full conversion.
            if digitCount <= 19, mantissa <= 1 << 53 {
                let scale = exponent - fractionDigits
                if mantissa == 0 {
                    return negative ? -0.0 : 0.0  // "-0" is -0.0, as in JavaScript
                }
                if scale >= -22, scale <= 22 {
                    var magnitude = Double(mantissa)
                    if scale >= 0 {
                        magnitude *= Self.powersOfTen[scale]
                    } else {
                        magnitude /= Self.powersOfTen[-scale]
                    }
                    return negative ? -magnitude : magnitude
                }
            }
            // Everything else: the platform's correctly-rounded conversion of the validated token
            // ("1e400" is +infinity, as in JavaScript).
            let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            return Double(token)
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// Reads a string literal starting at its opening quote: `.string`, `.invalidString` (an
        /// unpaired surrogate), or nil for a syntax error.
        private mutating func readString() -> ContractJSON? {
            position += 1
            let start = position
            // Fast path: no escapes, so the string is built from the byte slice in one go. Eight
            // bytes are tested at a time for a quote, a backslash or a control character.
            if let raw = UnsafeRawPointer(bytes.baseAddress) {
                while end - position >= 8 {
                    let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                    if Self.hasSpecialByte(word) { break }
                    position += 8
                }
            }
            while position < end {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
                    position += 1
                    if mayHoldRawSurrogates, Self.containsRawSurrogate(literal) {
                        return .invalidString
                    }
                    return .string(String(decoding: literal, as: UTF8.self))
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            // Raw control characters (< 0x20) are not allowed inside strings; neither is the end.
            guard position < end, bytes[position] == UInt8(ascii: "\\") else { return nil }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
            var invalid = false
            while position < end {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    if invalid || (mayHoldRawSurrogates && Self.containsRawSurrogate(UnsafeBufferPointer(rebasing: bytes[start..<position - 1]))) {
                        return .invalidString
                    }
                    return .string(String(decoding: scratch, as: UTF8.self))
                }
                if byte < 0x20 { return nil }
                if byte != UInt8(ascii: "\\") {
                    let runStart = position
                    while position < end {
                        let next = bytes[position]
                        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
                        position += 1
                    }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                    continue
                }
                position += 1
                guard position < end else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    scratch.append(escape)
                case UInt8(ascii: "b"):
                    scratch.append(0x08)
                case UInt8(ascii: "f"):
                    scratch.append(0x0C)
                case UInt8(ascii: "n"):
                    scratch.append(0x0A)
                case UInt8(ascii: "r"):
                    scratch.append(0x0D)
                case UInt8(ascii: "t"):
                    scratch.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4(at: position) else { return nil }
                    position += 4
                    if unit >= 0xD800, unit <= 0xDBFF {
                        // A high surrogate pairs only with an immediately following escaped low one.
                        if end - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                           bytes[position + 1] == UInt8(ascii: "u"),
                           let low = hex4(at: position + 2), low >= 0xDC00, low <= 0xDFFF {
                            position += 6
                            appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        } else {
                            invalid = true  // unpaired high surrogate; keep validating the rest
                        }
                    } else if unit >= 0xDC00, unit <= 0xDFFF {
                        invalid = true  // unpaired low surrogate
                    } else {
                        appendUTF8(unit)
                    }
                default:
                    return nil  // "\x", "\'", "\U" … are not JSON escapes
                }
            }
            return nil  // unterminated
        }

        /// True when one of the eight bytes in `word` is `"`, `\\` or below 0x20 (classic SWAR
        /// "has zero byte" tests; bytes >= 0x80 never match).
        @inline(__always)
        private static func hasSpecialByte(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ (ones &* 0x22)  // zero byte where word has `"`
            let backslash = word ^ (ones &* 0x5C)  // zero byte where word has a backslash
            let hasQuote = (quote &- ones) & ~quote & highs
            let hasBackslash = (backslash &- ones) & ~backslash & highs
            let hasControl = (word &- (ones &* 0x20)) & ~word & highs
            return hasQuote | hasBackslash | hasControl != 0
        }

        /// Four hex digits at `at`, or nil.
        private func hex4(at: Int) -> UInt32? {
            guard end - at >= 4 else { return nil }
            var result: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[at + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                result = result << 4 | UInt32(digit)
            }
            return result
        }

        private mutating func appendUTF8(_ scalar: UInt32) {
            switch scalar {
            case 0..<0x80:
                scratch.append(UInt8(scalar))
            case 0x80..<0x800:
                scratch.append(UInt8(0xC0 | scalar >> 6))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            case 0x800..<0x10000:
                scratch.append(UInt8(0xE0 | scalar >> 12))
                scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            default:
                scratch.append(UInt8(0xF0 | scalar >> 18))
                scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            }
        }

        /// True when WTF-8 bytes hold an encoded surrogate (ED A0…BF xx), i.e. a raw unpaired one.
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
        static func wtf8<Units: Collection>(_ units: Units) -> [UInt8] where Units.Element == UInt16 {
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
    }

    // MARK: - Serializer

    extension ContractJSON {
        /// Compact JSON text for this value. Integral numbers within ±(2^53−1) print as integers
        /// (`1784325600000`, never `1.7843256e+12`) so every language reads back the same epoch
        /// millis; other finite numbers print in Swift's shortest round-trip form; a non-finite
        /// number (JSON has none) prints `null`, as JavaScript's `JSON.stringify` does.
        public func serialized() -> String {
            var out: [UInt8] = []
            out.reserveCapacity(64)
            ContractSerializer.write(self, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Writes `ContractJSON` as compact UTF-8 JSON text.
    private enum ContractSerializer {
        static func write(_ value: ContractJSON, into out: inout [UInt8]) {
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
                // The unpaired surrogate cannot be represented (and its value was not kept); it is
                // written as U+FFFD so the entry survives as a string (e.g. in a done-queue rewrite).
                out.append(contentsOf: "\"\u{FFFD}\"".utf8)
            case .array(let items):
                out.append(UInt8(ascii: "["))
                for (offset, item) in items.enumerated() {
                    if offset > 0 { out.append(UInt8(ascii: ",")) }
                    write(item, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            case .object(let object):
                out.append(UInt8(ascii: "{"))
                for (offset, entry) in object.entries.enumerated() {
                    if offset > 0 { out.append(UInt8(ascii: ",")) }
                    writeString(entry.key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    write(entry.value, into: &out)
                }
                out.append(UInt8(ascii: "}"))
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

    // MARK: - Field readers

    /// Tiny typed readers: each returns the value, or nil when the JSON value is missing or of the
    /// wrong type. Per-contract code composes them with constraints and degrade policies; nothing
    /// is ever coerced (`1` is not a bool, `"1"` is not a number, `null` is not a string).
    public enum ContractRead {
        /// The largest integer every language represents exactly (JavaScript's safe integers).
        public static let maxSafeInteger: Int64 = 9_007_199_254_740_991

        /// A valid string; nil for an invalid string (unpaired surrogate) or any other type.
        public static func string(_ value: ContractJSON?) -> String? {
            if case let .string(text)? = value { return text }
            return nil
        }

        /// A JSON boolean only (never `1` or `"true"`).
        public static func bool(_ value: ContractJSON?) -> Bool? {
            if case let .bool(flag)? = value { return flag }
            return nil
        }

        /// A finite number (`1e400` is a number in JSON, but not a usable one).
        public static func number(_ value: ContractJSON?) -> Double? {
            if case let .number(number)? = value, number.isFinite { return number }
            return nil
        }

        /// A finite number with an integral value within ±(2^53−1) (`1.0` and `1e0` are 1): beyond
        /// that, doubles skip integers and the three languages would disagree.
        public static func integer(_ value: ContractJSON?) -> Int64? {
            guard let number = number(value), number == number.rounded(.towardZero),
                  abs(number) <= Double(maxSafeInteger) else { return nil }
            return Int64(number)
        }

        /// Epoch milliseconds: an integral number within 1 … 2^53−1. Zero and negatives are
        /// rejected because a missing timestamp must never read as 1970.
        public static func epochMillis(_ value: ContractJSON?) -> Int64? {
            guard let millis = integer(value), millis >= 1 else { return nil }
            return millis
        }

        /// A string that is a real proleptic-Gregorian date `YYYY-MM-DD` (see `ContractCalendar`).
        public static func localDate(_ value: ContractJSON?) -> String? {
            guard let text = string(value), ContractCalendar.parseLocalDate(text) != nil else { return nil }
            return text
        }

        /// True when `value` is a JSON number equal to one of `accepted` (`1`, `1.0`, `1e0` all
        /// equal 1; `"1"` and `true` never do): an unknown version is rejected, never guessed at.
        public static func isVersion(_ value: ContractJSON?, accepted: [Double]) -> Bool {
            guard case let .number(number)? = value else { return false }
            return accepted.contains(number)
        }

        /// UTF-16 code-unit order, the order JavaScript and Kotlin sort strings in. Swift's `<` on
        /// `String` compares Unicode scalars, which differs for characters above U+FFFF versus
        /// U+E000…U+FFFF (e.g. "😀" < "ｚ" in UTF-16).
        public static func utf16Less(_ a: String, _ b: String) -> Bool {
            a.utf16.lexicographicallyPrecedes(b.utf16)
        }
    }

    // MARK: - Calendar

    /// Proleptic-Gregorian date arithmetic with ASCII digits and an explicit time zone. Nothing here
    /// reads the device calendar, locale or default zone (a Buddhist calendar or Arabic-Indic digits
    /// on the device must not change a result).
    public enum ContractCalendar {
        private static let dayMs: Int64 = 86_400_000

        /// Parses exactly 10 UTF-16 code units `YYYY-MM-DD` (ASCII digits only, year 0001–9999,
        /// month 01–12, a day that exists in that month); nil for anything else. Lenient parsing
        /// would roll `2026-02-30` into March, so nothing is normalised.
        ///
        /// For example `"2024-02-29"` → (2024, 2, 29); `"2026-02-30"`, `"2026-7-1"` → nil.
        public static func parseLocalDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
            let units = text.utf16
            guard units.count == 10 else { return nil }
            var fields = [0, 0, 0]
            var field = 0
            for (offset, unit) in units.enumerated() {
                if offset == 4 || offset == 7 {
                    guard unit == 0x2D else { return nil }  // "-"
                    field += 1
                    continue
                }
                // ASCII digits only: full-width or other scripts' digits are not accepted.
                guard unit >= 0x30, unit <= 0x39 else { return nil }
                fields[field] = fields[field] * 10 + Int(unit - 0x30)
            }
            let (year, month, day) = (fields[0], fields[1], fields[2])
            guard year >= 1, month >= 1, month <= 12, day >= 1, day <= daysInMonth(year, month) else { return nil }
            return (year, month, day)
        }

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
        /// (fail closed). Foundation's custom-offset names (`GMT+5`, `UTC-0300`) are not IANA zones
        /// and are rejected too; the IANA spelling is `Etc/GMT-5`.
        public static func timeZone(_ id: String) -> TimeZone? {
            for prefix in ["GMT+", "GMT-", "UTC+", "UTC-"] where id.hasPrefix(prefix) {
                return nil
            }
            return TimeZone(identifier: id)
        }

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

        /// The instant the snapshot for `dayStr` expires: the first instant of the following local
        /// day plus `startOfNextDayDiffMs`. Computed from the calendar, not "+24 h", so 23 h and
        /// 25 h DST days and month/year/leap-year rollover are right. Nil for an invalid `dayStr` or
        /// a result outside ±(2^53−1) (epoch millis are safe integers).
        public static func validUntilMs(_ dayStr: String, startOfNextDayDiffMs: Int64, _ zone: TimeZone) -> Int64? {
            guard let date = parseLocalDate(dayStr) else { return nil }
            let nextDay = daysFromCivil(date.year, date.month, date.day) + 1  // 9999-12-31 → 10000-01-01
            let start = dayStartMs(days: nextDay, zone)
            let (result, overflow) = start.addingReportingOverflow(startOfNextDayDiffMs)
            guard !overflow, result >= -ContractRead.maxSafeInteger, result <= ContractRead.maxSafeInteger else { return nil }
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
    public enum ContractDoneQueue {
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
            changes.sort { ContractRead.utf16Less($0.id, $1.id) }
            return changes
        }

        private static func parseObject(_ queue: String?) -> ContractJSONObject? {
            guard let queue, case let .object(object)? = ContractJSON.parse(queue) else { return nil }
            return object
        }
    }
    """#
}
