/// Random schemas with hostile text in every text slot, for the schema-text property tests and
/// scripts/fuzz-schema-text.sh. Deterministic per seed.
import Foundation
@testable import ContractGenCore

/// SplitMix64: small, seedable, the same on every platform.
struct FuzzRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

enum SchemaTextFuzz {
    /// Every line terminator any of the three languages (or an editor) knows.
    static let lineTerminators = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
    /// Comment and string delimiters, interpolation sigils, and code that would run if it escaped.
    static let delimiters = ["*/", "/*", "/**", "///", "//", "\"", "'", "`", "${x}", "$x", "\\(x)", "\\", "\\u{41}", "\\u0041",
                             "#", "*", "/", "*/ /*", "/*/", "\"\"\"", "@param", "{", "}", ";"]
    static let payloads = ["} public static func injected() {}", "return true", "isStale = true;", "fun injected() = 1",
                           "export const injected = 1;", "let injected = 1", "val injected = 1"]
    static let hidden = ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{0}", "\u{1B}[31m",
                         "\u{7F}", "\u{9B}", "\t"]
    static let plain = ["the", "value", "é", "日本", "🙂", "e\u{301}", "*\u{301}/", "/\u{301}*", " ", "  "]

    static func hostileText(_ r: inout FuzzRandom) -> String {
        var text = ""
        for _ in 0..<(1 + r.below(8)) {
            switch r.below(5) {
            case 0: text += r.pick(lineTerminators)
            case 1: text += r.pick(delimiters)
            case 2: text += r.pick(payloads)
            case 3: text += r.pick(hidden)
            default: text += r.pick(plain)
            }
        }
        return text
    }

    static let typeNames = ["Item", "Entry", "Row", "Task", "Record", "Detail", "Node", "Meta"]
    static let hostileTypeNames = Array(TakenNames.swift.union(TakenNames.kotlin).union(TakenNames.typeScript)).sorted()
        + ["Type", "Self", "Protocol", "Any", "Contract", "ContractJsonValue", "Input", "ItemInput"]
    static let fieldNames = ["alpha", "beta", "count", "items", "name", "title", "value", "key", "text", "open", "it", "data",
                             "field", "copy", "equals", "hashCode", "toString", "description", "length", "size", "get", "set",
                             "prototype", "result", "status", "decoded", "scanner", "context", "version", "path", "element",
                             "observation", "decode", "encode", "json", "index", "type", "out", "input", "none"]
    static let hostileFieldNames = Array(SchemaValidator.reservedWords.keys).sorted()
        + Array(SchemaValidator.swiftModifierWords).sorted() + Array(TypeScriptNames.reservedWords.filter { $0.first!.isLowercase }).sorted()
        + ["dropped", "itemsDropped", "itemsSlot", "internal", "constructor", "evalValue", "protectedValue", "argumentsValue"]
    static let enumValues = ["idle", "busy", "Busy", "not_started", "notStarted", "NOT_STARTED", "a-b", "a_b", "aB", "none",
                             "None", "self", "Type", "default", "class", "true", "null", "x", "value1", "some", "rawValue"]

    /// A YAML double-quoted scalar holding exactly `text` (every non-printable-ASCII scalar escaped).
    static func yamlQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16)
                result += scalar.value > 0xFFFF ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result + "\""
    }

    /// One schema. `hostileNames` draws names from the keyword/platform pools (the validator must
    /// refuse or the code must compile); `docs` false leaves every doc empty (the comparison twin).
    struct Options { var hostileNames: Bool; var docs: Bool }

    static func schema(index: Int, seed: UInt64, options: Options) -> String {
        var r = FuzzRandom(seed: seed)
        var docRandom = FuzzRandom(seed: seed ^ 0xD0C5)  // docs draw from their own stream: the twin has the same names
        var deprecationRandom = FuzzRandom(seed: seed ^ 0xDE9)
        func doc() -> String { let text = hostileText(&docRandom); return options.docs ? yamlQuoted(text) : "\"\"" }
        let typeCount = 1 + r.below(3)
        var types: [String] = []
        while types.count < typeCount {
            let name = options.hostileNames && r.chance(12) ? r.pick(hostileTypeNames) : r.pick(typeNames) + "\(index)"
            if !types.contains(name) { types.append(name) }
        }
        var lines = [
            "contract: fz\(index)-\(r.pick(["a", "class", "string", "object", "runtime", "any", "none"]))",
            "doc: \(doc())",
            "storage-key: \(yamlQuoted(hostileText(&r)))",
        ]
        if !options.hostileNames || r.chance(70) {  // else the targets come from the contract name
            lines += [
                "targets:",
                "  swift: {namespace: Fz\(index)}",
                "  kotlin: {package: dev.fz\(index).\(options.hostileNames ? r.pick(["data", "value", "open", "pkg"]) : "pkg"), object: Fz\(index)}",
                "  typescript: {module: fz\(index)}",
            ]
        }
        lines += [
            "version: {field: v, writes: 1, accepts: [1], doc: \(doc())}",
            "root: \(types[0])",
            "types:",
        ]
        for (t, typeName) in types.enumerated() {
            lines += ["  \(typeName):", "    doc: \(doc())", "    fields:"]
            var fields: [String] = []
            let fieldCount = 1 + r.below(5)
            while fields.count < fieldCount {
                var name = options.hostileNames && r.chance(6) ? r.pick(hostileFieldNames) : r.pick(fieldNames)
                if options.hostileNames, r.chance(4), let sibling = fields.first { name = sibling + r.pick(["Slot", "Dropped"]) }
                if fields.contains(name) { continue }
                fields.append(name)
                let child = t + 1 < types.count && fields.count == 1 ? types[t + 1] : nil  // each type holds the next: a tree
                let (type, presence) = fieldType(&r, child: child, isRoot: t == 0, hostileNames: options.hostileNames)
                // With hostile names, some fields are deprecated with a hostile reason (its own
                // stream: the structure stays that of the seed).
                let deprecation = options.hostileNames && deprecationRandom.chance(25) ? ", deprecated: " + yamlQuoted(hostileText(&deprecationRandom)) : ""
                lines.append("      \(name): {type: \(type), \(presence), doc: \(doc())\(deprecation)}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func fieldType(_ r: inout FuzzRandom, child: String?, isRoot: Bool, hostileNames: Bool) -> (String, String) {
        let required = isRoot ? "required: fail-document" : "required: drop-element"
        if let child {
            return r.chance(50) ? ("{array: \(child)}", "default: []") : (child, "optional: true")
        }
        switch r.below(8) {
        case 0:
            if r.chance(30) { return ("string", "default: \(yamlQuoted(hostileText(&r)))") }  // a hostile string literal
            return ("string", r.chance(50) ? "optional: true" : required)
        case 1: return ("bool", "optional: true")
        case 2: return ("integer", r.chance(50) ? "optional: true" : "default: 0")
        case 3: return ("number", "optional: true")
        case 4: return ("localDate", "optional: true")
        case 5: return ("epochMillis", "optional: true")
        case 6: return ("{map: string}", "default: {}")
        default:
            var values: [String] = []
            for _ in 0..<(1 + r.below(4)) {
                let value = hostileNames && r.chance(50) ? r.pick(enumValues) : r.pick(["idle", "busy", "done", "failed", "none"])
                if !values.contains(value) { values.append(value) }
            }
            return ("{enum: [\(values.map(yamlQuoted).joined(separator: ", "))]}", "optional: true")
        }
    }
}
