/// Paths into a golden case's sample (docs/conformance.md, "Paths"): the spelling `check` already
/// uses for a case to revisit, `$.tasks[3].projectId`, `$.projectColors["p-1"]`.

/// One step of a path: a member of an object (its key as UTF-16 code units, so that a key
/// holding an unpaired surrogate can be named exactly) or an element of an array.
enum GoldenPathStep: Equatable, Hashable, Sendable {
    case key([UInt16])
    case index(Int)
}

struct GoldenPath: Equatable, Hashable, Sendable {
    var steps: [GoldenPathStep]
    /// The key steps as written (`name` or the bracketed JSON string literal), for `add`, which
    /// writes the new member's key exactly as the path spells it.
    var keyTexts: [String?]
    var text: String

    /// The path without its last step (the container of what it names).
    var parentSteps: ArraySlice<GoldenPathStep> { steps.dropLast() }

    /// The most steps a path may have: twice the deepest nesting a contract reads (512 levels),
    /// so every value of a golden blob can be named, and the work a hostile path causes (its
    /// resolution, the trees built from many paths) stays small.
    static let maxSteps = 1024

    /// Parses `$`, `.name` (ASCII letters, digits, `_`), `["json string"]` and `[index]` steps.
    static func parse(_ text: String) throws(GoldenPathError) -> GoldenPath {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "$") else { throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 80))' does not start with '$'") }
        var steps: [GoldenPathStep] = []
        var keyTexts: [String?] = []
        var i = 1
        func isPlain(_ b: UInt8) -> Bool {
            (0x30...0x39).contains(b) || (0x41...0x5a).contains(b) || (0x61...0x7a).contains(b) || b == UInt8(ascii: "_")
        }
        while i < bytes.count {
            guard steps.count < maxSteps else {
                throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 80))' has more than \(maxSteps) steps, the most a path may have")
            }
            switch bytes[i] {
            case UInt8(ascii: "."):
                let start = i + 1
                var end = start
                while end < bytes.count, isPlain(bytes[end]) { end += 1 }
                guard end > start else { throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 200))': '.' must be followed by a name of ASCII letters, digits or '_' (use [\"…\"] for any other key)") }
                let name = String(decoding: bytes[start..<end], as: UTF8.self)
                steps.append(.key(Array(name.utf16)))
                keyTexts.append("\"\(name)\"")
                i = end
            case UInt8(ascii: "["):
                guard i + 1 < bytes.count else { throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 200))': unclosed '['") }
                if bytes[i + 1] == UInt8(ascii: "\"") {
                    guard let (units, end) = JSONStringLexer.decode(bytes, from: i + 1), end < bytes.count, bytes[end] == UInt8(ascii: "]") else {
                        throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 200))': a [\"…\"] step holds one JSON string literal")
                    }
                    steps.append(.key(units))
                    keyTexts.append(String(decoding: bytes[(i + 1)..<end], as: UTF8.self))
                    i = end + 1
                } else {
                    var end = i + 1
                    while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
                    let digits = bytes[(i + 1)..<end]
                    guard !digits.isEmpty, end < bytes.count, bytes[end] == UInt8(ascii: "]"),
                          digits.count == 1 || digits.first != UInt8(ascii: "0"), digits.count <= 9,
                          let index = Int(String(decoding: digits, as: UTF8.self)) else {
                        throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 200))': an index step is [N], N a decimal number without leading zeros")
                    }
                    steps.append(.index(index))
                    keyTexts.append(nil)
                    i = end + 1
                }
            default:
                throw GoldenPathError("path '\(TextClip.clip(text, maxBytes: 200))': unexpected '\(String(decoding: [bytes[i]], as: UTF8.self))' (steps are .name, [\"key\"] or [N])")
            }
        }
        return GoldenPath(steps: steps, keyTexts: keyTexts, text: text)
    }

    /// The spelling of a key step, as `check` prints paths: `.name` for a plain key, else `["…"]`.
    static func appending(_ base: String, key: String) -> String { ObservationShape.path(base, key) }
    static func appending(_ base: String, index: Int) -> String { "\(base)[\(index)]" }
}

struct GoldenPathError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Decodes one JSON string literal into UTF-16 code units, without repairing unpaired surrogates.
enum JSONStringLexer {
    /// The literal starting at `start` (a `"`): its code units and the index after its closing quote.
    static func decode(_ bytes: [UInt8], from start: Int) -> ([UInt16], Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var units: [UInt16] = []
        var i = start + 1
        var runStart = i
        func flush() { if runStart < i { units += String(decoding: bytes[runStart..<i], as: UTF8.self).utf16 } }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { flush(); return (units, i + 1) }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                flush()
                guard i + 1 < bytes.count else { return nil }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""): units.append(0x22)
                case UInt8(ascii: "\\"): units.append(0x5c)
                case UInt8(ascii: "/"): units.append(0x2f)
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0c)
                case UInt8(ascii: "n"): units.append(0x0a)
                case UInt8(ascii: "r"): units.append(0x0d)
                case UInt8(ascii: "t"): units.append(0x09)
                case UInt8(ascii: "u"):
                    guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy({ isHex($0) }),
                          let unit = UInt16(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16) else { return nil }
                    units.append(unit)
                    i += 4
                default: return nil
                }
                i += 2
                runStart = i
                continue
            }
            i += 1
        }
        return nil
    }

    /// The index after the literal starting at `start`, validated as `decode` does, decoding nothing.
    static func skip(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var i = start + 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i + 1 }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { return nil }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy({ isHex($0) }) else { return nil }
                    i += 6
                default:
                    return nil
                }
                continue
            }
            i += 1
        }
        return nil
    }

    static func isHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b) }
}
