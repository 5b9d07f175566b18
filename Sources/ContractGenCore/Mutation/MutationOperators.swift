/// The mutation operators: each finds, in the code bytes of one source file (never in comments or
/// literals, see CodeMask), the places one small plausible bug could be made, and says what the
/// bug is. Ideas after PIT (conditionals boundary, negate conditionals, remove conditionals,
/// return values), Stryker (equality, logical, boolean literal) and muter.

/// One textual mutation: replace `range` of the file's bytes with `replacement`.
public struct MutationSite: Sendable, Equatable {
    public var mutationOperator: String
    public var range: Range<Int>
    public var replacement: String
    /// `'<' → '<='`: what the mutant changes, for the report.
    public var description: String
}

public enum MutationOperators {
    /// Every operator, in report order.
    public static let names = ["boundary", "equality", "logical", "boolean", "integer", "negate-condition",
                               "remove-condition", "remove-return-null", "remove-continue", "return-null"]

    public static func sites(in bytes: [UInt8], language: Language) -> [MutationSite] {
        let mask = CodeMask(bytes, language: language)
        var sites: [MutationSite] = []
        sites += operatorSites(bytes, mask)
        sites += booleanSites(bytes, mask)
        sites += integerSites(bytes, mask)
        sites += conditionSites(bytes, mask, language: language)
        sites += statementSites(bytes, mask, language: language)
        return sites.sorted { ($0.range.lowerBound, $0.mutationOperator, $0.replacement) < ($1.range.lowerBound, $1.mutationOperator, $1.replacement) }
    }

    // MARK: Binary operators

    /// Spaced binary operators only (`a < b`): unspaced `<` is a generic (`Array<Int>`), `->`,
    /// `=>` or `<<`, which the generated code never writes spaced as a comparison.
    static let binaryReplacements: [(String, String, String)] = [
        ("===", "!==", "equality"), ("!==", "===", "equality"),
        ("==", "!=", "equality"), ("!=", "==", "equality"),
        ("<=", "<", "boundary"), (">=", ">", "boundary"),
        ("<", "<=", "boundary"), (">", ">=", "boundary"),
        ("&&", "||", "logical"), ("||", "&&", "logical"),
    ]

    static func operatorSites(_ bytes: [UInt8], _ mask: CodeMask) -> [MutationSite] {
        var sites: [MutationSite] = []
        var index = 1
        while index < bytes.count {
            guard bytes[index - 1] == 0x20, mask.isCode[index] else { index += 1; continue }
            for (from, to, name) in binaryReplacements {
                let pattern = Array(from.utf8)
                let end = index + pattern.count
                guard end < bytes.count, bytes[index..<end].elementsEqual(pattern), bytes[end] == 0x20,
                      mask.isCode(index..<end) else { continue }
                sites.append(MutationSite(mutationOperator: name, range: index..<end, replacement: to,
                                          description: "'\(from)' → '\(to)'"))
                index = end
                break
            }
            index += 1
        }
        return sites
    }

    // MARK: Words and numbers

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Ranges of whole words (identifiers, keywords, numbers) in code.
    static func words(_ bytes: [UInt8], _ mask: CodeMask) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]), mask.isCode[index] else { index += 1; continue }
            let start = index
            while index < bytes.count, isWordByte(bytes[index]), mask.isCode[index] { index += 1 }
            words.append(start..<index)
        }
        return words
    }

    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    static func booleanSites(_ bytes: [UInt8], _ mask: CodeMask) -> [MutationSite] {
        words(bytes, mask).compactMap { range in
            switch text(bytes, range) {
            case "true": return MutationSite(mutationOperator: "boolean", range: range, replacement: "false", description: "true → false")
            case "false": return MutationSite(mutationOperator: "boolean", range: range, replacement: "true", description: "false → true")
            default: return nil
            }
        }
    }

    /// Decimal integer literals, ±1 (an off-by-one in a limit, an index, a character code),
    /// grouped ones too (`146_097`, `9_007_199_254_740_991`, `86_400_000L`: Swift, Kotlin and
    /// TypeScript all allow `_` between digits; the mutant is written without it).
    /// Not: hexadecimal, floating-point, or digits inside an identifier.
    static func integerSites(_ bytes: [UInt8], _ mask: CodeMask) -> [MutationSite] {
        var sites: [MutationSite] = []
        for range in words(bytes, mask) {
            let word = text(bytes, range)
            var digits = Substring(word)
            if digits.hasSuffix("L") { digits = digits.dropLast() }   // Kotlin's Long suffix
            guard let first = digits.utf8.first, isDigit(first), let last = digits.utf8.last, isDigit(last),
                  digits.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "_") }),
                  let value = UInt64(digits.filter { $0 != "_" }), value < 1 << 53 else { continue }
            if range.lowerBound > 0, bytes[range.lowerBound - 1] == UInt8(ascii: ".") { continue }   // 1.5
            if range.upperBound < bytes.count, bytes[range.upperBound] == UInt8(ascii: "."),
               range.upperBound + 1 < bytes.count, isDigit(bytes[range.upperBound + 1]) { continue }
            let suffix = word.hasSuffix("L") ? "L" : ""
            let span = range.lowerBound..<(range.upperBound - suffix.utf8.count)
            sites.append(MutationSite(mutationOperator: "integer", range: span, replacement: String(value + 1),
                                      description: "\(value) → \(value + 1)"))
            if value > 0 {
                sites.append(MutationSite(mutationOperator: "integer", range: span, replacement: String(value - 1),
                                          description: "\(value) → \(value - 1)"))
            }
        }
        return sites
    }

    // MARK: Conditions

    /// The byte index of the bracket closing the one at `open`, on code bytes; nil at a line end.
    static func matchingClose(_ bytes: [UInt8], _ mask: CodeMask, open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            if mask.isCode[index] {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index }
                case 0x0A: return nil
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// `if (c)` → `if (!(c))` and `if (false)`; in Swift `if c {` → `if !(c) {` / `if false {` and
    /// `guard c else` → `guard !(c) else` / `guard true else` (the check removed). Conditions that
    /// bind (`if let`, `case`, several clauses) are left alone: negating them cannot compile.
    static func conditionSites(_ bytes: [UInt8], _ mask: CodeMask, language: Language) -> [MutationSite] {
        var sites: [MutationSite] = []
        for word in words(bytes, mask) {
            let keyword = text(bytes, word)
            guard keyword == "if" || (keyword == "guard" && language == .swift) else { continue }
            guard let condition = conditionRange(bytes, mask, after: word.upperBound, language: language, keyword: keyword) else { continue }
            let original = text(bytes, condition)
            if language == .swift, original.hasPrefix("let ") || original.hasPrefix("var ") || original.hasPrefix("case ")
                || original.contains(", ") || original.contains("#available") { continue }
            let shown = original.count > 40 ? String(original.prefix(37)) + "…" : original
            sites.append(MutationSite(mutationOperator: "negate-condition", range: condition, replacement: "!(\(original))",
                                      description: "\(keyword) \(shown) → negated"))
            let removed = keyword == "guard" ? "true" : "false"
            sites.append(MutationSite(mutationOperator: "remove-condition", range: condition, replacement: removed,
                                      description: "\(keyword) \(shown) → \(removed)"))
        }
        return sites
    }

    /// The condition's bytes: inside `(…)` in Kotlin and TypeScript; in Swift up to ` {` or
    /// ` else` at depth 0 on the same line.
    static func conditionRange(_ bytes: [UInt8], _ mask: CodeMask, after keywordEnd: Int, language: Language, keyword: String) -> Range<Int>? {
        var start = keywordEnd
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        guard start < bytes.count, start > keywordEnd else { return nil }
        if language != .swift {
            guard bytes[start] == UInt8(ascii: "("), let close = matchingClose(bytes, mask, open: start), close > start + 1 else { return nil }
            return (start + 1)..<close
        }
        var depth = 0
        var index = start
        let terminator = Array((keyword == "guard" ? " else" : " {").utf8)
        while index < bytes.count, bytes[index] != 0x0A {
            if mask.isCode[index] {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: "{") where depth == 0: return nil   // a closure inside the condition
                default: break
                }
                if depth == 0, index + terminator.count <= bytes.count, bytes[index..<(index + terminator.count)].elementsEqual(terminator) {
                    return index > start ? start..<index : nil
                }
            }
            index += 1
        }
        return nil
    }

    // MARK: Statements

    /// `continue` removed, `return null` removed (falls through to the code after the check), and
    /// `return EXPR` on one line replaced by `return null` (`nil` in Swift).
    static func statementSites(_ bytes: [UInt8], _ mask: CodeMask, language: Language) -> [MutationSite] {
        let nothing = language == .swift ? "()" : language == .kotlin ? "Unit" : "{}"
        let null = language == .swift ? "nil" : "null"
        var sites: [MutationSite] = []
        let all = words(bytes, mask)
        for (position, word) in all.enumerated() {
            switch text(bytes, word) {
            case "continue":
                sites.append(MutationSite(mutationOperator: "remove-continue", range: word, replacement: nothing,
                                          description: "continue removed"))
            case "return":
                guard position + 1 < all.count, bytes[word.upperBound] == 0x20 else { continue }
                let next = all[position + 1]
                guard next.lowerBound == word.upperBound + 1 || bytes[word.upperBound + 1] != 0x0A else { continue }
                if next.lowerBound == word.upperBound + 1, text(bytes, next) == null {
                    sites.append(MutationSite(mutationOperator: "remove-return-null", range: word.lowerBound..<next.upperBound,
                                              replacement: nothing, description: "return \(null) removed"))
                } else if let value = returnedExpression(bytes, mask, from: word.upperBound + 1), !value.isEmpty {
                    let shown = text(bytes, value)
                    guard !["true", "false", null, "this", "self"].contains(shown) else { continue }
                    let brief = shown.count > 40 ? String(shown.prefix(37)) + "…" : shown
                    sites.append(MutationSite(mutationOperator: "return-null", range: value, replacement: null,
                                              description: "return \(brief) → return \(null)"))
                }
            default: continue
            }
        }
        return sites
    }

    /// The returned expression when it is on this line and balanced: up to `;` (TypeScript) or
    /// the line end, without a trailing `}` of a one-line block.
    static func returnedExpression(_ bytes: [UInt8], _ mask: CodeMask, from start: Int) -> Range<Int>? {
        var depth = 0
        var index = start
        while index < bytes.count, bytes[index] != 0x0A {
            if mask.isCode[index] {
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth < 0 { return trimmed(bytes, start..<index) }
                case UInt8(ascii: ";") where depth == 0: return trimmed(bytes, start..<index)
                default: break
                }
            } else if !mask.isCode[index], index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/") {
                return trimmed(bytes, start..<index)   // a trailing comment
            }
            index += 1
        }
        return depth == 0 ? trimmed(bytes, start..<index) : nil
    }

    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var upper = range.upperBound
        while upper > range.lowerBound, bytes[upper - 1] == 0x20 { upper -= 1 }
        return range.lowerBound..<upper
    }
}
