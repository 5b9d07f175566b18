/// The streaming scanner section of the Swift runtime (appended to ContractRuntime.swift): the
/// generated decoders read documents through it without building a JSON tree.
enum SwiftScannerTemplate {
    static let source = #"""
    // MARK: - Streaming scanner

    /// A strict RFC 8259 pull reader over the UTF-8 bytes of a text, for generated decoders: they
    /// read a document once, front to back, straight into their types, with no intermediate tree
    /// (so a decode costs little more memory than its result). Any syntax error, or nesting deeper
    /// than `maxDepth`, sets `failed` and ends the scan; every read after that returns nil.
    ///
    /// A value that has the wrong type for a typed read (`string()`, `bool()` …) is still consumed
    /// and checked for syntax, then reported as nil: the field is invalid, the document may be fine.
    public struct ContractJSONScanner {
        /// Arrays and objects may nest this deep (the root object is level 1): deeper input is
        /// malformed, so hostile nesting cannot exhaust the stack of a widget extension.
        public static let maxDepth = 512

        private let bytes: UnsafeBufferPointer<UInt8>
        private var position = 0
        private var depth = 0
        /// Set right after entering a container: the next member or element is the first.
        private var atFirst = false
        /// Escaped strings are decoded here, reusing one buffer.
        private var scratch: [UInt8] = []
        /// True once a syntax error (or too deep nesting) was found; the scan is over.
        public private(set) var failed = false

        private init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Runs `body` with a scanner over `text` (the bytes stay valid for the duration).
        public static func scan<Result>(_ text: String, _ body: (inout ContractJSONScanner) -> Result) -> Result {
            var text = text
            return text.withUTF8 { buffer in
                var scanner = ContractJSONScanner(bytes: buffer)
                return body(&scanner)
            }
        }

        // MARK: Structure

        /// True when the next value is an object (after whitespace).
        public mutating func nextIsObject() -> Bool {
            skipWhitespace()
            return position < bytes.count && bytes[position] == UInt8(ascii: "{")
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
        public mutating func nextMember() -> ContractJSONKey? {
            guard advance(closer: UInt8(ascii: "}")) else { return nil }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                fail()
                return nil
            }
            guard let key = lexKey() else {
                fail()
                return nil
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

        /// True when the whole text was one valid value followed only by whitespace.
        public mutating func finish() -> Bool {
            if failed { return false }
            skipWhitespace()
            return position == bytes.count && depth == 0
        }

        // MARK: Typed reads

        /// A string (one without unpaired surrogates), else nil.
        public mutating func string() -> String? {
            guard peek() == UInt8(ascii: "\"") else {
                skipValue()
                return nil
            }
            switch lexString(keep: true) {
            case .string(let text): return text
            case .invalid: return nil  // an unpaired surrogate: not a string (SPEC §5.8)
            case .syntaxError:
                fail()
                return nil
            }
        }

        /// A JSON boolean, else nil: `1` and `"true"` are not coerced.
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

        // MARK: Lexing

        private mutating func fail() {
            failed = true
            position = bytes.count
        }

        @inline(__always)
        private mutating func skipWhitespace() {
            while position < bytes.count {
                let byte = bytes[position]
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
        private mutating func lexString(keep: Bool) -> LexedString {
            position += 1
            let start = position
            // Fast path: no escape until the closing quote, so the string is the byte slice itself.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                    position += 1
                    return .string(keep ? String(decoding: slice, as: UTF8.self) : "")
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return .syntaxError }  // raw control characters are not allowed
                position += 1
            }
            guard position < bytes.count else { return .syntaxError }
            scratch.removeAll(keepingCapacity: true)
            if keep { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position])) }
            var valid = true
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") {
                    guard valid else { return .invalid }
                    return .string(keep ? String(decoding: scratch, as: UTF8.self) : "")
                }
                if byte < 0x20 { return .syntaxError }
                guard byte == UInt8(ascii: "\\") else {
                    if keep { scratch.append(byte) }
                    continue
                }
                guard position < bytes.count else { return .syntaxError }
                let escape = bytes[position]
                position += 1
                let decoded: UInt8
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = escape
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return .syntaxError }
                    if unit >= 0xD800, unit <= 0xDBFF {
                        // A high surrogate pairs only with an immediately following escaped low one.
                        if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            position += 2
                            guard let low = hex4() else { return .syntaxError }
                            if low >= 0xDC00, low <= 0xDFFF {
                                if keep { appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) }
                            } else {
                                valid = false
                                if low >= 0xD800, low <= 0xDBFF { position -= 6 }  // re-read it as a high surrogate
                                else if keep { appendUTF8(low) }
                            }
                        } else {
                            valid = false
                        }
                    } else if unit >= 0xDC00, unit <= 0xDFFF {
                        valid = false  // a low surrogate without a high one
                    } else if keep {
                        appendUTF8(unit)
                    }
                    continue
                default:
                    return .syntaxError  // `\x`, `\'`, `\U` … are not JSON escapes
                }
                if keep { scratch.append(decoded) }
            }
            return .syntaxError  // unterminated
        }

        private mutating func hex4() -> UInt32? {
            guard bytes.count - position >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        private mutating func appendUTF8(_ scalar: UInt32) {
            switch scalar {
            case ..<0x80:
                scratch.append(UInt8(scalar))
            case ..<0x800:
                scratch.append(UInt8(0xC0 | scalar >> 6))
                scratch.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
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

        /// A member key: compared by its exact bytes, never canonically.
        private mutating func lexKey() -> ContractJSONKey? {
            let start = position + 1
            switch lexString(keep: false) {
            case .syntaxError:
                return nil
            case .invalid:
                return ContractJSONKey(raw: nil, decoded: nil)
            case .string:
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
                if !raw.contains(UInt8(ascii: "\\")) { return ContractJSONKey(raw: raw, decoded: nil) }
                // Escaped key (rare): decode it once more, keeping the text.
                let end = position
                position = start - 1
                guard case .string(let text) = lexString(keep: true) else { return nil }
                position = end
                return ContractJSONKey(raw: nil, decoded: text)
            }
        }
    }

    /// An object member's key during a scan (its bytes live as long as the scan).
    public struct ContractJSONKey {
        fileprivate let raw: UnsafeBufferPointer<UInt8>?
        fileprivate let decoded: String?

        /// True when the key is exactly `name` (byte for byte: no Unicode normalisation).
        @inline(__always)
        public func matches(_ name: StaticString) -> Bool {
            if let raw {
                return raw.count == name.utf8CodeUnitCount && (raw.count == 0 || memcmp(raw.baseAddress!, name.utf8Start, raw.count) == 0)
            }
            guard let decoded else { return false }
            return decoded.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }

        /// The key as text; nil when it held an unpaired surrogate (then it is no string at all).
        public var text: String? {
            if let raw { return String(decoding: raw, as: UTF8.self) }
            return decoded
        }
    }
    """#
}
