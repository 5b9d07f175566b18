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

    static let typeNames = ["Item", "Entry", "Row", "TaskRow", "CountRecord", "Detail", "Leaf", "Meta"]
    static let hostileTypeNames = Array(TakenNames.swift.union(TakenNames.kotlin).union(TakenNames.typeScript)).sorted()
        + ["Type", "Self", "Protocol", "Any", "Contract", "ContractJsonValue", "Input", "ItemInput", "Null", "True"]
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


    // MARK: Every construct of the schema language

    /// Type names a platform or the runtime also uses that the validator lets through (they must
    /// compile), beside `hostileTypeNames` (which it must refuse).
    static let platformishTypeNames = ["Task", "Record", "Scanner", "Character", "Math", "System", "Integer", "Entry", "Element",
                                       "Key", "Value", "Index", "Comparator", "Float64Array", "Proxy", "Reflect", "Console", "Process",
                                       "Timeline", "Observation", "Pending", "Queue", "Some", "None", "Undefined", "Thread",
                                       "Runnable", "Override", "Decoder", "Encoder", "Text", "Reader", "Context", "Path", "Slot",
                                       "Metadata", "Volatile", "Transient", "Throws", "Target", "Annotation", "ULong", "Reply", "Kind",
                                       "Mood", "Entries", "Input", "Output", "JSONValue", "Optional", "Dictionary", "Codable"]
    static let allowedPlatformishTypeNames = platformishTypeNames.filter { TakenNames.languages(taking: $0).isEmpty && SchemaValidator.reservedWords[$0] == nil }
    /// Contextual keywords of the three languages and the generated code's own locals: accepted as
    /// field names, so the code must compile with them.
    static let contextualFieldNames = [
        "open", "get", "set", "willSet", "didSet", "lazy", "weak", "unowned", "mutating", "nonmutating", "override", "final",
        "required", "convenience", "dynamic", "optional", "indirect", "infix", "prefix", "postfix", "async", "actor",
        "nonisolated", "isolated", "consume", "borrowing", "consuming", "copy", "each", "macro", "sending", "then", "by",
        "delegate", "field", "file", "finally", "param", "property", "receiver", "setparam", "actual", "abstract", "annotation",
        "companion", "crossinline", "data", "expect", "external", "infix", "inline", "inner", "lateinit", "noinline", "operator",
        "out", "protected", "reified", "sealed", "suspend", "tailrec", "vararg", "it", "value", "type", "of", "declare",
        "module", "namespace", "readonly", "keyof", "infer", "unique", "never", "unknown", "symbol", "bigint", "string",
        "number", "boolean", "undefined", "arguments", "eval", "require", "global", "accessor", "satisfies", "asserts", "from",
        "target", "hasOwnProperty", "toString", "valueOf", "prototype", "scanner", "context", "key", "input", "result", "path",
        "element", "text", "mark", "failed", "fields", "count", "row", "keys", "n", "p0", "e0", "queue", "current", "slots",
        "plan", "positions", "entry", "pending", "drops", "entries", "zone", "day", "now", "read", "exact", "utf8", "scalars",
        "build", "runtime", "contract", "decoding", "size", "items", "status", "decoded", "version", "observation", "decode",
        "encode", "json", "index", "none", "skipValue", "nextMember", "enterObject", "matches", "writeString", "storageKey",
        "versionField", "acceptedVersions", "writtenVersion", "header", "timeline", "isStale", "overlaying", "dayStart",
        "computeValidUntil", "fromJson", "unit", "task", "tasks", "taskId", "isDone", "map", "list", "date", "int", "long",
        "error", "array", "character", "calendar", "locale", "timeZone", "timeZoneId", "double", "bool", "hash", "hashValue",
        "description", "rawValue", "allCases", "ordinal", "name", "values", "entriesValue", "state", "kind", "mood", "sync",
        "record", "result", "undefinedValue", "length", "constructorValue", "ok", "malformed", "invalid"].filter {
            SchemaValidator.reservedWords[$0] == nil && !SchemaValidator.swiftModifierWords.contains($0) && !SchemaValidator.generatedLocalNames.contains($0)
        }
    static let jsonKeys = ["start_time", "default", "class", "in", "all-day", "Ort", "é", "e\u{301}", "日本", "🙂", "$x", "a\"b",
                           "back\\slash", "", " ", "\n", "${x}", "\\(x)", "*/", "null", "__proto__", "constructor", "toString",
                           "hasOwnProperty", "status", "value", "dropped", "K", "\u{212A}", "a b", "\u{FEFF}x", "\u{2028}", "tab\t",
                           "\u{0}", "ünïcödé", "snake_case_key", "UPPER", "kebab-case-key", "v2", "type", "0", "-1", "'", "`"]
    static let versionKeys = ["v", "schema_version", "$v", "vér", "version-key", "default", "__v", "Version", "\\v"]
    static let safeEnumValues = ["idle", "busy", "done", "failed", "none", "default", "class", "in", "true", "null", "self",
                                 "Type", "rawValue", "init", "values", "name", "ordinal", "other", "unknown", "x", "value1",
                                 "some", "a-b", "Companion", "description", "hashValue", "allCases", "prototype", "constructor",
                                 "toString", "valueOf", "json", "fromJson", "entries", "long-value-name_with-parts", "func",
                                 "fun", "object", "when", "typeof", "yield", "await", "is", "as", "protocol", "Any"]
    static let collidingEnumValues = ["None", "Self", "Busy", "a_b", "aB", "NOT_STARTED", "not_started", "notStarted", "IDLE", "Idle",
                                      "_a", "1a", "é", "a b", ""]
    static let elementKinds = ["string", "bool", "integer", "number", "localDate", "epochMillis", "dateTime"]

    /// An array element or map value: a scalar, a closed or open enum, or (two levels at most)
    /// an array or map of those.
    static func elementType(_ r: inout FuzzRandom, hostile: Bool, depth: Int = 0) -> String {
        switch r.below(depth < 2 ? 10 : 7) {
        case 0...4: return r.pick(elementKinds)
        case 5, 6:
            var values: [String] = []
            for _ in 0..<(1 + r.below(4)) {
                let value = hostile && r.chance(3) ? r.pick(collidingEnumValues) : r.pick(safeEnumValues)
                if !values.contains(value) { values.append(value) }
            }
            return "{enum: [\(values.map(yamlQuoted).joined(separator: ", "))]\(r.chance(40) ? ", unknown: \(yamlQuoted(r.pick(values)))" : "")}"
        case 7, 8: return "{array: \(elementType(&r, hostile: hostile, depth: depth + 1))}"
        default: return "{map: \(elementType(&r, hostile: hostile, depth: depth + 1))}"
        }
    }

    /// One deliberately invalid construct (hostile schemas only): each must be refused at its place.
    enum Invalid: CaseIterable {
        case unknownNotAValue, unknownOutsideEnum, defaultNotAValue,
             nonEmptyEmptyDefault, defaultTooLong, defaultBelowMinItems, defaultAboveMax, minAboveMax, minLengthAboveMax,
             maxLengthZero, limitTooLarge, negativeLimit, limitOnWrongType, minOnString, nonEmptyOnBool, fractionalIntegerBound,
             hugeIntegerBound, defaultOnDate, defaultOnObject, dropElementOnRoot, optionalFalse, twoPresences, noPresence,
             duplicateJSONKey, versionKeyOnRoot, jsonOnDerived, derivedWithPresence, derivedWrongType, derivedLookupNotMap,
             derivedKeyNotString, headerWithoutStaleness, timelineWithoutHeader, overlayIdOptional, overlayFlagNotBool,
             stalenessNotEpoch, omitUnknown, wrappedWithOmit, misspeltKey, cycle, unusedType, writesNotAccepted, emptyEnum,
             badEnumValue, collidingEnumValues, longJSONKey, unknownType
    }

    /// One field as it is written: `name: {type: …, json: …, presence, constraints…, doc: …}`.
    struct FieldSpec {
        var name: String
        var type: String
        var json: String?
        var presence: String?
        var extras: [String] = []
        /// The key the field is read under (its name when it has no `json:`; derived fields: the name).
        var key: String { json ?? name }
        func line(doc: String, deprecated: String? = nil) -> String {
            var parts = ["type: \(type)"]
            if let json { parts.append("json: \(SchemaTextFuzz.yamlQuoted(json))") }
            if let presence { parts.append(presence) }
            parts += extras
            parts.append("doc: \(doc)")
            if let deprecated { parts.append("deprecated: \(deprecated)") }
            return "      \(name): {\(parts.joined(separator: ", "))}"
        }
    }

    /// One schema. `hostileNames` draws names, keys and values from the keyword, platform and
    /// colliding pools and adds one invalid construct to about a quarter of the schemas (the
    /// validator must refuse or the code must compile and pass its goldens); without it every
    /// schema is valid. `docs` false leaves every doc empty (the comparison twin).
    struct Options { var hostileNames: Bool; var docs: Bool }

    static func schema(index: Int, seed: UInt64, options: Options) -> String {
        var r = FuzzRandom(seed: seed)
        var docRandom = FuzzRandom(seed: seed ^ 0xD0C5)  // docs draw from their own stream: the twin has the same names
        // Deprecation reasons too: the structure of a seed's schema stays the same.
        var deprecationRandom = FuzzRandom(seed: seed ^ 0xDE9)
        func doc() -> String { let text = hostileText(&docRandom); return options.docs ? yamlQuoted(text) : "\"\"" }
        let hostile = options.hostileNames
        let invalid: Invalid? = hostile && r.chance(20) ? r.pick(Invalid.allCases) : nil

        // Types: a tree, each type after the root held by an earlier one.
        let typeCount = 1 + r.below(4)
        var types: [String] = []
        while types.count < typeCount {
            let name: String
            if hostile && r.chance(3) { name = r.pick(hostileTypeNames) }
            else if r.chance(hostile ? 25 : 10) { name = r.pick(allowedPlatformishTypeNames) }
            else if types.count > 0, r.chance(8) { name = types[0] + r.pick(["Kind", "Mood", "State"]) }  // TypeScript's enum type names
            else { name = r.pick(typeNames) + "\(index)" }
            if !types.contains(name) { types.append(name) }
        }
        var fields: [[FieldSpec]] = Array(repeating: [], count: types.count)
        let versionKey = r.pick(versionKeys)
        func fresh(_ t: Int, _ pool: [String]) -> String {
            for _ in 0..<20 {
                let name = r.pick(pool)
                // An enum field names its enum type after itself ('index' → 'Index'), which must not be
                // a declared type's name: ordinary schemas keep clear of that (the validator refuses it).
                let typeName = name.prefix(1).uppercased() + name.dropFirst()
                if !fields[t].contains(where: { $0.name == name || $0.key == name }), t != 0 || name != versionKey,
                   hostile || !types.contains(typeName) { return name }
            }
            var n = 0
            while fields[t].contains(where: { $0.name == "field\(n)" }) { n += 1 }
            return "field\(n)"
        }
        func fieldName(_ t: Int) -> String {
            if hostile && r.chance(1) { return fresh(t, hostileFieldNames) }
            if hostile, r.chance(1), let sibling = fields[t].first { return sibling.name + r.pick(["Slot", "Dropped"]) }
            if r.chance(hostile ? 35 : 15) { return fresh(t, contextualFieldNames) }
            return fresh(t, fieldNames)
        }
        func jsonKey(_ t: Int) -> String? {
            guard r.chance(35) else { return nil }
            for _ in 0..<10 {
                let key = r.chance(10) ? hostileText(&r) : r.pick(jsonKeys)
                if t == 0, key == versionKey { continue }
                if !fields[t].contains(where: { $0.key == key }) { return key }
            }
            return nil
        }
        func appendField(_ t: Int, _ spec: FieldSpec) { fields[t].append(spec) }
        func required(_ t: Int) -> String { t == 0 || r.chance(25) ? "required: fail-document" : "required: drop-element" }

        // Child types: each held once by an earlier type, as an object, an array or a map.
        for t in 1..<max(1, types.count) {
            let parent = r.below(t)
            let name = fieldName(parent)
            var spec = FieldSpec(name: name, type: types[t], json: jsonKey(parent), presence: nil)
            switch r.below(4) {
            case 0:
                spec.type = "{array: \(types[t])}"
                spec.presence = r.pick(["default: []", "optional: true", required(parent)])
                spec.extras = itemLimits(&r, emptyDefault: spec.presence == "default: []")
            case 1:
                spec.type = "{map: \(types[t])}"
                spec.presence = r.pick(["default: {}", "optional: true", required(parent)])
                if spec.presence != "default: {}", r.chance(30) { spec.extras = ["non-empty: true"] }
            default:
                spec.presence = r.chance(60) ? "optional: true" : required(parent)
            }
            appendField(parent, spec)
        }
        // Ordinary fields of every kind.
        for t in types.indices {
            for _ in 0..<(1 + r.below(hostile ? 7 : 5)) {
                let name = fieldName(t), json = jsonKey(t)
                var spec = randomField(&r, name: name, json: json, isRoot: t == 0, hostile: hostile)
                // An enum type is the field's name capitalised: a valid schema keeps it off the declared types.
                let enumType = name.prefix(1).uppercased() + name.dropFirst()
                if !hostile, spec.type.hasPrefix("{enum:"), types.contains(enumType) || types.contains(enumType + "Value") { spec.name += "Choice" }
                appendField(t, spec)
            }
        }
        // Tagged unions: a union held by one of the types (as a field, an array element or a map
        // value), over variant types of its own (walkers never reach them: no derived field or
        // behaviour binds them), with a tag code name and JSON key, tags from the enum pools,
        // sometimes two tags on one variant type, and sometimes a fallback.
        var unionLines: [String] = []
        if r.chance(35) {
            let unionName = hostile && r.chance(20) ? r.pick(allowedPlatformishTypeNames.filter { !types.contains($0) } + ["Union\(index)"]) : "Union\(index)"
            let tag = r.pick(["kind", "type", "tag", "variant", "shape", "value", "open", "of", "status", "element"])
            let tagKey = r.chance(40) ? r.pick(["type", "@type", "kind_of", "$type", "__typename", "é", "K", "\u{212A}", "a\"b", "default", "class"]) : nil
            var tags: [String] = []
            for _ in 0..<(1 + r.below(3)) {
                let value = r.pick(safeEnumValues)
                let clashes = tags.contains { SwiftNames.caseName($0) == SwiftNames.caseName(value) || KotlinNames.unionCaseName($0) == KotlinNames.unionCaseName(value) }
                if !clashes, KotlinNames.unionCaseName(value) != unionName { tags.append(value) }
            }
            if tags.isEmpty { tags = ["first"] }
            var variantTypes: [String] = []
            var variants: [(String, String)] = []
            for (k, tagValue) in tags.enumerated() {
                if k > 0, r.chance(20) { variants.append((tagValue, variantTypes[0])); continue }
                var name = r.chance(15) ? r.pick(allowedPlatformishTypeNames) : "Variant\(index)x\(k)"
                // Not the enum type name an ordinary field already gives itself ('index' → 'Index').
                let takenByEnumFields = !hostile && fields.joined().contains { $0.name.prefix(1).uppercased() + $0.name.dropFirst() == name }
                if types.contains(name) || variantTypes.contains(name) || name == unionName || takenByEnumFields { name = "Variant\(index)x\(k)" }
                variantTypes.append(name)
                variants.append((tagValue, name))
                var variantFields: [FieldSpec] = []
                for _ in 0..<(1 + r.below(3)) {
                    let fieldName = r.pick(fieldNames + contextualFieldNames)
                    let json = r.chance(30) ? r.pick(jsonKeys) : nil
                    let key = json ?? fieldName
                    let enumTypeName = fieldName.prefix(1).uppercased() + fieldName.dropFirst()
                    guard fieldName != tag, key != (tagKey ?? tag), !variantFields.contains(where: { $0.name == fieldName || $0.key == key }),
                          hostile || !(types + variantTypes).contains(enumTypeName) else { continue }
                    var field = randomField(&r, name: fieldName, json: json, isRoot: false, hostile: hostile)
                    let enumType = fieldName.prefix(1).uppercased() + fieldName.dropFirst()
                    if field.type.hasPrefix("{enum:"), (types + variantTypes + [unionName]).contains(where: { $0 == enumType || $0 == enumType + "Value" }) { field.name += "Choice" }
                    variantFields.append(field)
                }
                if variantFields.isEmpty { variantFields.append(FieldSpec(name: "payload", type: "string", json: nil, presence: "optional: true")) }
                unionLines += ["  \(name):", "    doc: \(doc())", "    fields:"] + variantFields.map { $0.line(doc: doc()) }
            }
            var union = "    union: {tag: \(tag)"
            if let tagKey { union += ", tag-json: \(yamlQuoted(tagKey))" }
            union += ", variants: {" + variants.map { "\(yamlQuoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
            if r.chance(40) { union += ", unknown: \(yamlQuoted(r.pick(tags)))" }
            unionLines = ["  \(unionName):", "    doc: \(doc())", union + "}"] + unionLines
            let holder = r.below(types.count)
            var spec = FieldSpec(name: fieldName(holder), type: unionName, json: jsonKey(holder), presence: nil)
            switch r.below(3) {
            case 0:
                spec.type = "{array: \(unionName)}"
                spec.presence = r.pick(["default: []", "optional: true", required(holder)])
                spec.extras = itemLimits(&r, emptyDefault: spec.presence == "default: []")
            case 1:
                spec.type = "{map: \(unionName)}"
                spec.presence = r.pick(["default: {}", "optional: true", required(holder)])
            default:
                spec.presence = r.chance(60) ? "optional: true" : required(holder)
            }
            appendField(holder, spec)
        }
        // Derived fields: a lookup map on the root, a string key and the derived field beside it.
        if r.chance(35) {
            let valueType = r.pick(["string", "bool", "integer", "number"])
            let lookup = FieldSpec(name: fresh(0, ["colors", "lookupTable", "names", "weights", "labels"]), type: "{map: \(valueType)}",
                                   json: jsonKey(0), presence: r.pick(["default: {}", "optional: true"]))
            appendField(0, lookup)
            for t in types.indices where t == 0 || r.chance(50) {
                let nonEmpty = r.chance(30)
                let keyField = FieldSpec(name: fresh(t, ["colorKey", "ref", "labelId", "keyName", "code"]), type: "string",
                                         json: jsonKey(t), presence: r.pick(["optional: true", nonEmpty ? "default: \"k\"" : "default: \"\"", required(t)]),
                                         extras: nonEmpty ? ["non-empty: true"] : [])
                appendField(t, keyField)
                appendField(t, FieldSpec(name: fresh(t, ["derivedColor", "label", "resolved", "weight", "lookedUp"]), type: valueType,
                                           json: nil, presence: nil, extras: ["derived: {lookup: \(lookup.name), key: \(keyField.name)}"]))
            }
        }
        // Behaviours, with the fields they bind.
        var behaviours: [String] = []
        let wantsTimeline = r.chance(30), wantsHeader = wantsTimeline || r.chance(35), wantsStaleness = wantsHeader || r.chance(40)
        if wantsStaleness {
            let name = fresh(0, ["expiresAt", "validUntil", "staleAt", "until", "deadline"])
            appendField(0, FieldSpec(name: name, type: "epochMillis", json: jsonKey(0), presence: r.pick(["optional: true", "required: fail-document"]),
                                       extras: r.chance(20) ? ["min: 1", "max: 9007199254740991"] : []))
            behaviours.append("  staleness: {field: \(name), doc: \(doc())}")
        }
        let wantsValidUntil = r.chance(35)
        if wantsHeader || wantsValidUntil {
            let name = fresh(0, ["day", "dayStr", "date", "today", "localDay"])
            appendField(0, FieldSpec(name: name, type: "localDate", json: jsonKey(0), presence: r.pick(["optional: true", "required: fail-document"])))
            if wantsHeader { behaviours.append("  header: {day: \(name), doc: \(doc())}") }
            if wantsValidUntil { behaviours.append("  valid-until: {day: \(name), doc: \(doc())}") }
        }
        if wantsTimeline { behaviours.append(r.chance(50) ? "  timeline: {}" : "  timeline: {doc: \(doc())}") }
        for behaviour in ["overlay", "done-queue"] where r.chance(35) {
            let t = r.below(types.count)
            let id = fresh(t, ["id", "taskId", "uid", "key", "ident", "isDone"])
            appendField(t, FieldSpec(name: id, type: "string", json: jsonKey(t),
                                       presence: r.pick([required(t), required(t), "default: \"x\""]), extras: r.chance(30) ? ["non-empty: true"] : []))
            let flag = fresh(t, ["isDone", "flag", "done", "checked", "isRead", "taskId"])
            appendField(t, FieldSpec(name: flag, type: "bool", json: jsonKey(t), presence: r.pick(["default: false", "default: true", "optional: true", required(t)])))
            var line = "  \(behaviour): {type: \(types[t]), id: \(id), flag: \(flag), doc: \(doc())"
            if behaviour == "done-queue", r.chance(60) { line += ", storage-key: \(yamlQuoted(hostileText(&r)))" }
            behaviours.append(line + "}")
        }
        // Observation.
        var observation: String?
        switch r.below(3) {
        case 0: observation = nil
        case 1: observation = "observation: {style: wrapped}"
        default:
            let omit = fields[0].filter { _ in r.chance(20) }.map(\.name)
            observation = "observation: {style: flat, omit: [\(omit.joined(separator: ", "))], dropped: \(r.chance(50))}"
        }
        // Version.
        let version: String
        switch r.below(5) {
        case 0: version = "writes: 3, accepts: [1, 2, 3]"
        case 1: version = hostile ? r.pick(["writes: 0, accepts: [0]", "writes: -1, accepts: [-1, 1]", "writes: 9007199254740993, accepts: [9007199254740993]",
                                            "writes: 2, accepts: [2, 1, 2]"]) : "writes: 2, accepts: [2]"
        default: version = "writes: 1, accepts: [1]"
        }
        var versionLine = "version: {field: \(yamlQuoted(versionKey)), \(version), doc: \(doc())}"

        // The invalid construct, if any, replaces or adds one piece.
        var extraTypes: [String] = []
        if let invalid {
            let t = r.below(types.count)
            func add(_ spec: FieldSpec) { appendField(t, spec) }
            let name = fieldName(t)
            switch invalid {
            case .unknownNotAValue: add(FieldSpec(name: name, type: "{enum: [accepted, other], unknown: Other}", presence: "optional: true"))
            case .unknownOutsideEnum: add(FieldSpec(name: name, type: "{array: string, unknown: x}", presence: "optional: true"))
            case .defaultNotAValue: add(FieldSpec(name: name, type: "{enum: [calm, busy]}", presence: "default: Calm"))
            case .nonEmptyEmptyDefault: add(FieldSpec(name: name, type: "string", presence: "default: \"\"", extras: ["non-empty: true"]))
            case .defaultTooLong: add(FieldSpec(name: name, type: "string", presence: "default: \"e\u{301}\"", extras: ["max-length: 1"]))
            case .defaultBelowMinItems: add(FieldSpec(name: name, type: "{array: string}", presence: "default: []", extras: ["min-items: 1"]))
            case .defaultAboveMax: add(FieldSpec(name: name, type: "integer", presence: "default: 7", extras: ["max: 5"]))
            case .minAboveMax: add(FieldSpec(name: name, type: "number", presence: "optional: true", extras: ["min: 2", "max: 1.5"]))
            case .minLengthAboveMax: add(FieldSpec(name: name, type: "string", presence: "optional: true", extras: ["min-length: 3", "max-length: 2"]))
            case .maxLengthZero: add(FieldSpec(name: name, type: "{array: integer}", presence: "optional: true", extras: ["max-items: 0"]))
            case .limitTooLarge: add(FieldSpec(name: name, type: "string", presence: "optional: true", extras: ["max-length: 100001"]))
            case .negativeLimit: add(FieldSpec(name: name, type: "{array: bool}", presence: "optional: true", extras: ["min-items: -1"]))
            case .limitOnWrongType: add(FieldSpec(name: name, type: r.pick(["integer", "localDate", "{map: string}", "{enum: [a]}"]), presence: "optional: true", extras: [r.pick(["min-length: 1", "max-items: 2"])]))
            case .minOnString: add(FieldSpec(name: name, type: r.pick(["string", "localDate", "dateTime", "bool", "{array: integer}"]), presence: "optional: true", extras: ["min: 0"]))
            case .nonEmptyOnBool: add(FieldSpec(name: name, type: r.pick(["bool", "integer", "localDate", "dateTime", "{enum: [a]}"]), presence: "optional: true", extras: ["non-empty: true"]))
            case .fractionalIntegerBound: add(FieldSpec(name: name, type: "integer", presence: "optional: true", extras: ["min: 0.5"]))
            case .hugeIntegerBound: add(FieldSpec(name: name, type: "integer", presence: "optional: true", extras: ["max: 9007199254740992"]))
            case .defaultOnDate: add(FieldSpec(name: name, type: r.pick(["localDate", "epochMillis", "dateTime"]), presence: "default: 1"))
            case .defaultOnObject: add(FieldSpec(name: name, type: types.last!, presence: "default: {}"))
            case .dropElementOnRoot: appendField(0, FieldSpec(name: fieldName(0), type: "string", presence: "required: drop-element"))
            case .optionalFalse: add(FieldSpec(name: name, type: "string", presence: "optional: false"))
            case .twoPresences: add(FieldSpec(name: name, type: "bool", presence: "optional: true, default: false"))
            case .noPresence: add(FieldSpec(name: name, type: "integer", presence: nil))
            case .duplicateJSONKey:
                let other = fields[t][r.below(fields[t].count)]
                add(FieldSpec(name: name, type: "string", json: other.key, presence: "optional: true"))
            case .versionKeyOnRoot: appendField(0, FieldSpec(name: fieldName(0), type: "integer", json: versionKey, presence: "optional: true"))
            case .jsonOnDerived, .derivedWithPresence, .derivedWrongType, .derivedLookupNotMap, .derivedKeyNotString:
                let lookupName = fresh(0, ["lookupMap"])
                appendField(0, FieldSpec(name: lookupName, type: invalid == .derivedLookupNotMap ? "{array: string}" : "{map: string}", presence: "default: {}"))
                let keyName = fresh(t, ["lookupKey"])
                add(FieldSpec(name: keyName, type: invalid == .derivedKeyNotString ? "integer" : "string", presence: "optional: true"))
                add(FieldSpec(name: fresh(t, ["lookedUpValue"]), type: invalid == .derivedWrongType ? r.pick(["integer", "localDate", "{array: string}"]) : "string",
                              json: invalid == .jsonOnDerived ? "x" : nil, presence: invalid == .derivedWithPresence ? "optional: true" : nil,
                              extras: ["derived: {lookup: \(lookupName), key: \(keyName)}"]))
            case .headerWithoutStaleness:
                behaviours.removeAll { $0.hasPrefix("  staleness:") || $0.hasPrefix("  timeline:") }
                if !behaviours.contains(where: { $0.hasPrefix("  header:") }) {
                    let day = fresh(0, ["headerDay"])
                    appendField(0, FieldSpec(name: day, type: "localDate", presence: "optional: true"))
                    behaviours.append("  header: {day: \(day)}")
                }
            case .timelineWithoutHeader:
                behaviours.removeAll { $0.hasPrefix("  header:") || $0.hasPrefix("  timeline:") }
                behaviours.append("  timeline: {}")
            case .overlayIdOptional, .overlayFlagNotBool:
                let id = fresh(t, ["overlayId"]), flag = fresh(t, ["overlayFlag"])
                add(FieldSpec(name: id, type: "string", presence: invalid == .overlayIdOptional ? "optional: true" : "required: fail-document"))
                add(FieldSpec(name: flag, type: invalid == .overlayFlagNotBool ? "string" : "bool", presence: "default: false"))
                behaviours.removeAll { $0.hasPrefix("  overlay:") }
                behaviours.append("  overlay: {type: \(types[t]), id: \(id), flag: \(flag)}")
            case .stalenessNotEpoch:
                behaviours.removeAll { $0.hasPrefix("  staleness:") }
                let field = fresh(0, ["staleInteger"])
                appendField(0, FieldSpec(name: field, type: r.pick(["integer", "localDate", "number"]), presence: "optional: true"))
                behaviours.append("  staleness: {field: \(field)}")
            case .omitUnknown: observation = "observation: {style: flat, omit: [noSuchField], dropped: true}"
            case .wrappedWithOmit: observation = "observation: {style: wrapped, \(r.pick(["omit: []", "dropped: true"]))}"
            case .misspeltKey: add(FieldSpec(name: name, type: "string", presence: "optinal: true"))
            case .cycle: appendField(types.count - 1, FieldSpec(name: fresh(types.count - 1, ["again"]), type: types[0], presence: "optional: true"))
            case .unusedType: extraTypes = ["  Unused\(index):", "    fields:", "      x: {type: string, optional: true}"]
            case .writesNotAccepted: versionLine = "version: {field: \(yamlQuoted(versionKey)), writes: 2, accepts: [1]}"
            case .emptyEnum: add(FieldSpec(name: name, type: "{enum: []}", presence: "optional: true"))
            case .badEnumValue: add(FieldSpec(name: name, type: "{enum: [\(yamlQuoted(r.pick(["_a", "1a", "é", "a b", "", "a.b"])))]}", presence: "optional: true"))
            case .collidingEnumValues: add(FieldSpec(name: name, type: "{enum: [\(r.pick(["none, None", "a-b, a_b", "notStarted, not_started", "busy, Busy"]))]}", presence: "optional: true"))
            case .longJSONKey: add(FieldSpec(name: name, type: "string", json: String(repeating: "k", count: 1025), presence: "optional: true"))
            case .unknownType: add(FieldSpec(name: name, type: r.pick(["strng", "Nope", "date", "{list: string}", "[string]"]), presence: "optional: true"))
            }
        }

        var lines = [
            "contract: fz\(index)-\(r.pick(["a", "class", "string", "object", "runtime", "any", "none"]))",
            "doc: \(doc())",
            "storage-key: \(yamlQuoted(hostileText(&r)))",
        ]
        if !hostile || r.chance(70) {  // else the targets come from the contract name
            lines += [
                "targets:",
                "  swift: {namespace: Fz\(index)}",
                "  kotlin: {package: dev.fz\(index).\(hostile ? r.pick(["data", "value", "open", "pkg"]) : "pkg"), object: Fz\(index)}",
                "  typescript: {module: fz\(index)}",
            ]
        }
        lines += [versionLine, "root: \(types[0])", "types:"]
        for (t, typeName) in types.enumerated() {
            lines += ["  \(typeName):", "    doc: \(doc())", "    fields:"]
            var order = Array(fields[t].indices)
            for i in order.indices.reversed() where i > 0 { order.swapAt(i, r.below(i + 1)) }  // declaration order is random
            for i in order {
                // With hostile names, some fields are deprecated with a hostile reason (it reaches a
                // Swift doc comment, a Kotlin string literal and a TypeScript doc comment).
                let deprecated = options.hostileNames && deprecationRandom.chance(25) ? yamlQuoted("Old: " + hostileText(&deprecationRandom)) : nil
                lines.append(fields[t][i].line(doc: doc(), deprecated: deprecated))
            }
        }
        lines += unionLines
        lines += extraTypes
        if !behaviours.isEmpty { lines += ["behaviours:"] + behaviours }
        if let observation { lines.append(observation) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `min-items`/`max-items`/`non-empty` for an array, with edge values; none that a `default: []` would break.
    static func itemLimits(_ r: inout FuzzRandom, emptyDefault: Bool) -> [String] {
        guard r.chance(40) else { return [] }
        var extras: [String] = []
        let edges = [0, 1, 2, 4, 1000]
        var low = emptyDefault ? 0 : r.pick(edges)
        var high = r.pick(edges.filter { $0 >= 1 })
        if low > high { swap(&low, &high) }
        if r.chance(25) { high = max(low, 1); low = high == 1 && emptyDefault ? 0 : high }  // equal limits
        if r.chance(70) { extras.append("min-items: \(low)") }
        if r.chance(70) || extras.isEmpty { extras.append("max-items: \(high)") }
        if !emptyDefault, r.chance(20) { extras.append("non-empty: true") }
        return extras
    }

    /// A random field of any kind the schema accepts, valid on its own.
    static func randomField(_ r: inout FuzzRandom, name: String, json: String?, isRoot: Bool, hostile: Bool) -> FieldSpec {
        let required = isRoot || r.chance(25) ? "required: fail-document" : "required: drop-element"
        var spec = FieldSpec(name: name, type: "string", json: json, presence: nil)
        func presence(_ defaults: [String]) -> String {
            r.pick(["optional: true", "optional: true", required] + defaults)
        }
        switch r.below(10) {
        case 0, 1:  // string, with length limits and non-empty
            var low: Int?, high: Int?
            if r.chance(35) {
                let edges = [0, 1, 2, 5, 40, 100000]
                low = r.chance(60) ? r.pick(edges) : nil
                high = r.chance(60) || low == nil ? r.pick(edges.filter { $0 >= max(1, low ?? 0) }) : nil
                if r.chance(20), let l = low, l >= 1 { high = l }  // equal limits
            }
            let nonEmpty = r.chance(20)
            if let low { spec.extras.append("min-length: \(low)") }
            if let high { spec.extras.append("max-length: \(high)") }
            if nonEmpty { spec.extras.append("non-empty: true") }
            let need = max(low ?? 0, nonEmpty ? 1 : 0)
            if r.chance(30), need <= 20 {
                var text = ""
                let pool = ["a", "é", "e\u{301}", "😀", "日", "\"", "\\", "$", "\u{0}", "\u{2028}", "${x}", "*/", " "]
                while text.unicodeScalars.count < need + (r.chance(50) ? 1 : 0) { text += r.pick(pool) }
                if r.chance(30), need == 0, low == nil, high == nil { text = hostileText(&r) }
                if let high, text.unicodeScalars.count > high { text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(high))) }
                if text.unicodeScalars.count >= need { spec.presence = "default: \(yamlQuoted(text))"; return spec }
            }
            spec.presence = presence([])
        case 2:
            spec.type = "bool"
            spec.presence = presence(["default: true", "default: false"])
        case 3, 4:  // integer / number / epochMillis with bounds
            let kind = r.pick(["integer", "number", "epochMillis"])
            spec.type = kind
            var low: String?, high: String?
            if r.chance(40) {
                let edges: [String]
                switch kind {
                case "integer": edges = ["0", "-1", "1", "100", "-9007199254740991", "9007199254740991"]
                case "number": edges = ["0", "-1.5", "0.5", "1e300", "-1e300", "5", "1e-7", "100"]
                // Instants are 1 … 2^53−1: bounds below 1 are refused, so only hostile schemas try them.
                default: edges = ["1", "2", "1700000000000", "9007199254740991"] + (hostile ? ["0", "1e20", "-5", "1.5"] : [])
                }
                low = r.chance(60) ? r.pick(edges) : nil
                high = r.chance(60) ? r.pick(edges) : nil
                if let l = low, let h = high, Double(l)! > Double(h)! { (low, high) = (high, low) }
                if r.chance(20), let l = low { high = l }
            }
            if let low { spec.extras.append("min: \(low)") }
            if let high { spec.extras.append("max: \(high)") }
            var defaults: [String] = []
            if kind != "epochMillis" {
                let value = low ?? high ?? r.pick(kind == "integer" ? ["0", "-1", "42", "9007199254740991"] : ["0", "0.5", "-2.25", "1e300", "3"])
                if kind == "integer" || value.contains(".") || value.contains("e") || r.chance(50) { defaults.append("default: \(value)") }
            }
            spec.presence = presence(defaults)
        case 5: spec.type = r.pick(["localDate", "dateTime"]); spec.presence = presence([])
        case 6, 7:  // closed and open enums
            var values: [String] = []
            for _ in 0..<(1 + r.below(5)) {
                let value = hostile && r.chance(3) ? r.pick(collidingEnumValues) : r.pick(safeEnumValues)
                if !values.contains(value) { values.append(value) }
            }
            let open = r.chance(40)
            spec.type = "{enum: [\(values.map(yamlQuoted).joined(separator: ", "))]\(open ? ", unknown: \(yamlQuoted(r.pick(values)))" : "")}"
            spec.presence = presence(["default: \(yamlQuoted(r.pick(values)))"])
        case 8:  // arrays of every element kind: scalars, enums, nested arrays and maps
            spec.type = "{array: \(elementType(&r, hostile: hostile))}"
            spec.presence = presence(["default: []", "default: []"])
            spec.extras = itemLimits(&r, emptyDefault: spec.presence == "default: []")
        default:  // maps of every value kind
            spec.type = "{map: \(elementType(&r, hostile: hostile))}"
            spec.presence = presence(["default: {}", "default: {}"])
            if spec.presence != "default: {}", r.chance(30) { spec.extras = ["non-empty: true"] }
        }
        // explicit-null on optional scalars and enums (null then reads as a value of its own).
        if spec.presence == "optional: true", !spec.type.hasPrefix("{array"), !spec.type.hasPrefix("{map"), r.chance(25) {
            spec.extras.append("explicit-null: true")
        }
        return spec
    }
}
