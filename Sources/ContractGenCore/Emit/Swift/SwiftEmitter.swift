/// The Swift emitter: a Foundation-only decoder for a WidgetKit extension, value types, `Sendable`.
/// Same shape as `KotlinEmitter` and `TypeScriptEmitter`: runtime, contract file (types →
/// decoding → behaviours → observation), testee.
import Foundation

public struct SwiftEmitter: LanguageEmitter {
    public let language = Language.swift
    public init() {}

    static let directory = "generated/swift"
    static let lintOff = "// swiftlint:disable all"

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/Contracts/ContractRuntime.swift", contents: p.text + EmbeddedRuntime.swift)
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("import Foundation")
        p.line()
        let writer = SwiftContractWriter(contract: contract)
        p.doc(contract.doc, style: .tripleSlash)
        p.block("public enum \(contract.targets.swiftNamespace) {") { p in
            writer.versionGate(&p)
            writer.types(&p)
            writer.decoding(&p)
            writer.behaviours(&p)
            writer.observation(&p)
        }
        return GeneratedFile(path: "\(Self.directory)/Contracts/\(contract.targets.swiftNamespace).swift", contents: p.text)
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        SwiftTesteeWriter(contracts: contracts).write(&p)
        return [GeneratedFile(path: "\(Self.directory)/Testee/main.swift", contents: p.text)]
    }
}

/// Swift spelling of model types and expressions.
enum SwiftNames {
    /// The enum type an enum field declares in its struct: `sync` → `Sync`; a name Swift or the
    /// runtime already uses gets a suffix (`status` → `StatusValue`), as in Kotlin.
    static func enumTypeName(_ field: Field) -> String {
        let name = Naming.upperCamel(field.name)
        return TakenNames.swift.contains(name) ? name + "Value" : name
    }

    static func caseName(_ value: String) -> String {
        let camel = Naming.upperCamel(value)
        let lower = camel.prefix(1).lowercased() + camel.dropFirst()
        // `.none` on an optional enum means nil to Swift, not the case: the case gets a suffix
        // (its JSON spelling stays "none"; the validator refuses a value that would also map here).
        if lower == "none" { return "noneValue" }
        return SchemaValidator.reservedWords[lower] == nil ? lower : "`\(lower)`"
    }

    static func type(_ type: FieldType, field: Field) -> String {
        switch type {
        case .string, .localDate: return "String"
        case .bool: return "Bool"
        case .integer, .epochMillis: return "Int64"
        case .number: return "Double"
        case .enumeration: return enumTypeName(field)
        case .array(let element): return "[\(self.type(element, field: field))]"
        case .map(let value): return "[String: \(self.type(value, field: field))]"
        case .object(let name): return name
        }
    }

    static func declaredType(_ field: Field) -> String {
        let base = type(field.type, field: field)
        if field.derived != nil { return base + "?" }
        if case .optional = field.presence { return base + "?" }
        return base
    }

    /// `decodeArrayOfTask`, `decodeMapOfString`.
    static func helperName(_ type: FieldType) -> String {
        switch type {
        case .array(let element): return "decodeArrayOf" + suffix(element)
        case .map(let value): return "decodeMapOf" + suffix(value)
        case .object(let name): return "decode" + name
        default: return "read" + suffix(type)
        }
    }

    static func suffix(_ type: FieldType) -> String {
        switch type {
        case .array(let element): return "ArrayOf" + suffix(element)
        case .map(let value): return "MapOf" + suffix(value)
        case .object(let name): return name
        case .enumeration: return "Enum"
        default: return Naming.upperCamel(type.schemaSpelling)
        }
    }

    static func literal(_ value: DefaultValue, field: Field) -> String {
        switch value {
        case .bool(let v): return String(v)
        case .integer(let v): return String(v)
        case .number(let v): return "\(v)"
        case .string(let v):
            if case .enumeration = field.type { return "." + caseName(v) }
            return Naming.swiftQuoted(v)
        case .emptyArray: return "[]"
        case .emptyMap: return "[:]"
        }
    }

    static func number(_ value: Double, integral: Bool) -> String {
        if integral, value == value.rounded(), abs(value) < 1e18 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// Writes the body of one contract's namespace.
struct SwiftContractWriter {
    let contract: Contract
    var facts: ContractFacts { ContractFacts(contract: contract) }
    var ns: String { contract.targets.swiftNamespace }
    var root: ObjectType { contract.rootType }

    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// MARK: - Version gate")
        p.line()
        p.doc(contract.version.doc, style: .tripleSlash)
        p.line("public static let versionField = \(Naming.swiftQuoted(contract.version.field))")
        p.line("/// The versions this reader accepts; any other renders as `unsupportedVersion`.")
        p.line("public static let acceptedVersions: [Double] = [\(contract.version.accepts.map(String.init).joined(separator: ", "))]")
        p.line("/// The version the writer writes.")
        p.line("public static let writtenVersion = \(contract.version.writes)")
        if let key = contract.storageKey {
            p.line("/// The shared-storage key the document is written under.")
            p.line("public static let storageKey = \(Naming.swiftQuoted(key))")
        }
        p.line()
    }

    // MARK: Types

    func types(_ p: inout CodePrinter) {
        p.line("// MARK: - Types")
        for type in contract.types {
            p.line()
            p.doc(type.doc, style: .tripleSlash)
            p.block("public struct \(type.name): Sendable, Equatable {") { p in
                for field in type.fields {
                    if case .enumeration(let cases) = field.type {
                        p.line("/// The values of `\(field.name)`.")
                        p.block("public enum \(SwiftNames.enumTypeName(field)): String, Sendable, Equatable, CaseIterable {") { p in
                            for value in cases {
                                let name = SwiftNames.caseName(value)
                                p.line(name.trimmingCharacters(in: ["`"]) == value ? "case \(name)" : "case \(name) = \(Naming.swiftQuoted(value))")
                            }
                        }
                        p.line()
                    }
                }
                for field in type.fields {
                    p.doc(field.doc, style: .tripleSlash)
                    p.line("public var \(field.name): \(SwiftNames.declaredType(field))")
                }
                p.line()
                let parameters = type.fields.map { "\($0.name): \(SwiftNames.declaredType($0))" }
                p.line("/// Every field, in declaration order.")
                p.block("public init(\(parameters.joined(separator: ", "))) {") { p in
                    for field in type.fields { p.line("self.\(field.name) = \(field.name)") }
                }
            }
        }
        p.line()
    }

    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree): each field is a slot that every occurrence of its key overwrites, so for a
    /// duplicate key the last occurrence wins, as in JavaScript and org.json.
    func decoding(_ p: inout CodePrinter) {
        p.line("// MARK: - Decoding")
        p.line()
        p.line("/// How a read went. Anything but `ok` renders the empty state; nothing is guessed.")
        p.block("public enum Status: String, Sendable, Equatable {") { p in
            p.line("case ok, unsupportedVersion, malformed, invalid")
        }
        p.line()
        p.line("/// The result of `decode`: the status, the value when `ok`, and how many array elements were dropped.")
        p.block("public struct Decoded: Sendable, Equatable {") { p in
            p.line("public var status: Status")
            p.line("public var value: \(root.name)?")
            p.line("public var dropped: Int")
            p.line()
            p.block("public init(status: Status, value: \(root.name)?, dropped: Int) {") { p in
                p.line("self.status = status")
                p.line("self.value = value")
                p.line("self.dropped = dropped")
            }
        }
        p.line()
        p.line("/// Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes.")
        p.block("public static func decode(_ text: String) -> Decoded {") { p in
            p.block("ContractJSONScanner.scan(text) { scanner in") { p in
                p.line("var context = DecodeContext()")
                p.line("var dropped = 0")
                p.line("var version: Double?")
                p.line("let isObject = scanner.nextIsObject()")
                p.line("let value = decode\(root.name)(&scanner, &context, &dropped, version: &version)")
                p.line("// Not JSON, not an object, or nested deeper than ContractJSONScanner.maxDepth: nothing is usable.")
                p.block("guard isObject, scanner.finish() else {") { p in
                    p.line("return Decoded(status: .malformed, value: nil, dropped: 0)")
                }
                p.line("// The version gate comes before any field: a future version may mean something else by every field.")
                p.block("guard let version, acceptedVersions.contains(version) else {") { p in
                    p.line("return Decoded(status: .unsupportedVersion, value: nil, dropped: 0)")
                }
                p.block("guard let value, !context.failed else {") { p in
                    p.line("return Decoded(status: .invalid, value: nil, dropped: 0)")
                }
                if facts.derivedTypes.isEmpty {
                    p.line("return Decoded(status: .ok, value: value, dropped: dropped)")
                } else {
                    p.line("return Decoded(status: .ok, value: resolvingDerivedFields(value, context), dropped: dropped)")
                }
            }
        }
        p.line()
        p.line("/// Decodes the document as the UTF-8 bytes App Group storage and files hand over, with no")
        p.line("/// String round trip for the caller. Bytes that are not UTF-8 are not JSON text (RFC 8259 §8.1),")
        p.line("/// so they are `.malformed`, never silently repaired into other text.")
        p.block("public static func decode(_ data: Data) -> Decoded {") { p in
            p.line("// Decoding repairs bad bytes into U+FFFD, so the text spells its bytes back only when they were")
            p.line("// UTF-8. (Foundation's String(data:encoding:) would also drop a byte-order mark, which is not JSON.)")
            p.line("let text = String(decoding: data, as: UTF8.self)")
            p.block("guard text.utf8.elementsEqual(data) else {") { p in
                p.line("return Decoded(status: .malformed, value: nil, dropped: 0)")
            }
            p.line("return decode(text)")
        }
        p.line()
        p.line("/// State threaded through one decode.")
        p.block("private struct DecodeContext {") { p in
            p.line("/// Set when a `fail-document` field is missing or invalid.")
            p.line("var failed = false")
            for lookup in facts.lookupFields {
                p.line("/// `\(lookup.name)` by exact UTF-16 code units, as Kotlin and JavaScript compare keys (Swift's")
                p.line("/// String equality is canonical: \"é\" == \"e\\u{301}\", which would find entries they do not).")
                p.line("var \(lookup.name): [ContractExactKey: \(SwiftNames.type(mapValueField(lookup).type, field: lookup))] = [:]")
            }
        }
        if !facts.derivedTypes.isEmpty {
            p.line()
            p.line("/// Derived fields are filled in once the whole document is read: the map they look into")
            p.line("/// may come after the elements that use it.")
            p.block("private static func resolvingDerivedFields(_ value: \(root.name), _ context: DecodeContext) -> \(root.name) {") { p in
                p.line("var result = value")
                for type in facts.derivedTypes {
                    p.block("result = each\(type.name)(result) { element in") { p in
                        for field in type.fields {
                            guard let derived = field.derived else { continue }
                            p.line("// \(field.name) = \(derived.lookupField)[\(derived.keyField)] when both exist, else null.")
                            let keyIsOptional = type.field(named: derived.keyField).map(isOptional) ?? true
                            p.line(keyIsOptional
                                   ? "element.\(field.name) = element.\(derived.keyField).flatMap { context.\(derived.lookupField)[ContractExactKey($0)] }"
                                   : "element.\(field.name) = context.\(derived.lookupField)[ContractExactKey(element.\(derived.keyField))]")
                        }
                    }
                }
                p.line("return result")
            }
        }
        for type in contract.types {
            p.line()
            objectDecoder(type, &p)
        }
        for composite in facts.compositeTypes {
            p.line()
            compositeDecoder(composite, &p)
        }
        for target in facts.walkedTypes {
            walkers(to: target, &p)
        }
        p.line()
    }

    /// The decoder of one object type: nil when the value is not an object or a
    /// `drop-element` field fails. Drops inside it count only if it is kept.
    func objectDecoder(_ type: ObjectType, _ p: inout CodePrinter) {
        let isRoot = type.name == root.name
        let signature = "private static func decode\(type.name)(_ scanner: inout ContractJSONScanner, _ context: inout DecodeContext, _ dropped: inout Int"
            + (isRoot ? ", version: inout Double?" : "") + ") -> \(type.name)? {"
        p.block(signature) { p in
            p.line("guard scanner.enterObject() else {")
            p.indented { p in
                p.line("scanner.skipValue()")
                p.line("return nil")
            }
            p.line("}")
            for field in type.storedFields {
                let slot = slotType(field)
                p.line("var \(field.name)Slot: \(field.type.isEnumeration ? type.name + "." + slot : slot)?")
                if field.type.countsDrops { p.line("var \(field.name)Dropped = 0") }
            }
            p.block("while let key = scanner.nextMember() {") { p in
                var first = true
                if isRoot {
                    p.line("if key.matches(\(Naming.swiftQuoted(contract.version.field))) {")
                    p.indented { p in p.line("version = scanner.anyNumber()") }
                    first = false
                }
                for field in type.storedFields {
                    p.line("\(first ? "if" : "} else if") key.matches(\(Naming.swiftQuoted(field.jsonKey))) {")
                    p.indented { p in fieldDecode(field, owner: type.name, &p) }
                    first = false
                }
                if first {
                    p.line("scanner.skipValue()")
                } else {
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue()  // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            p.line("if scanner.failed { return nil }")
            for field in type.storedFields {
                presencePolicy(field, &p)
            }
            let counted = type.storedFields.filter { $0.type.countsDrops }
            if !counted.isEmpty {
                p.line("dropped += " + counted.map { "\($0.name)Dropped" }.joined(separator: " + "))
            }
            if let lookup = isRoot ? facts.lookupFields : nil {
                for field in lookup {
                    p.line("for entry in \(field.name)Slot ?? [] { context.\(field.name)[ContractExactKey(entry.key)] = entry.value }")
                }
            }
            let arguments = type.fields.map { field -> String in
                if field.derived != nil { return "\(field.name): nil" }
                let local = Self.local(field)
                if case .map = field.type {
                    return isOptional(field)
                        ? "\(field.name): \(local).map { Dictionary($0, uniquingKeysWith: { $1 }) }"
                        : "\(field.name): Dictionary(\(local), uniquingKeysWith: { $1 })"
                }
                return "\(field.name): \(local)"
            }
            p.line("return \(type.name)(\(arguments.joined(separator: ", ")))")
        }
    }

    /// Maps read as entry lists (exact keys, last duplicate already applied); the public
    /// field is a dictionary built from them.
    func slotType(_ field: Field) -> String {
        if case .map(let value) = field.type { return "[(key: String, value: \(SwiftNames.type(value, field: field)))]" }
        return SwiftNames.type(field.type, field: field)
    }

    /// One occurrence of the key: read the value into the slot (the last occurrence wins).
    func fieldDecode(_ field: Field, owner: String, _ p: inout CodePrinter) {
        if field.type.countsDrops {
            p.line("\(field.name)Dropped = 0")
            p.line("\(field.name)Slot = \(readExpression(field, source: "&\(field.name)Dropped", owner: owner))")
        } else {
            p.line("\(field.name)Slot = \(readExpression(field, source: "&dropped", owner: owner))")
        }
    }

    /// The decoder's own parameters: a field's local must not shadow them (`context.failed`).
    static let decoderParameters: Set<String> = ["scanner", "context", "dropped", "version", "key"]

    /// The local holding a field's final value: its name, or with a trailing `_` when that is one
    /// of the decoder's parameters (field names are letters and digits, so no field is named so).
    static func local(_ field: Field) -> String {
        decoderParameters.contains(field.name) ? field.name + "_" : field.name
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presencePolicy(_ field: Field, _ p: inout CodePrinter) {
        let slot = "\(field.name)Slot"
        let local = Self.local(field)
        switch field.presence {
        case .required(.dropElement):
            p.line("guard let \(local) = \(slot) else { return nil }  // \(field.name) missing or invalid: the element is dropped")
        case .required(.failDocument):
            p.line("guard let \(local) = \(slot) else {")
            p.indented { p in
                p.line("context.failed = true  // \(field.name) missing or invalid: the whole document is unusable")
                p.line("return nil")
            }
            p.line("}")
        case .optional:
            p.line("let \(local) = \(slot)")
        case .defaultValue(let value):
            if case .map = field.type {
                p.line("let \(local) = \(slot) ?? []")
            } else {
                p.line("let \(local) = \(slot) ?? \(SwiftNames.literal(value, field: field))")
            }
        }
    }

    /// An expression of type `T?` reading one value from `scanner`: the value when it has the
    /// right type and meets the constraints, else nil (the value is still consumed and checked).
    /// `source` is the drop counter composite values add to.
    func readExpression(_ field: Field, source: String, owner: String = "") -> String {
        var expression: String
        switch field.type {
        case .string: expression = "scanner.string()"
        case .bool: expression = "scanner.bool()"
        case .integer: expression = "scanner.integer()"
        case .number: expression = "scanner.number()"
        case .localDate: expression = "scanner.localDate()"
        case .epochMillis: expression = "scanner.epochMillis()"
        case .enumeration: expression = "scanner.string().flatMap({ \(owner).\(SwiftNames.enumTypeName(field))(rawValue: $0) })"
        case .array, .map, .object: expression = "\(SwiftNames.helperName(field.type))(&scanner, &context, \(source))"
        }
        var conditions: [String] = []
        let c = field.constraints
        if c.nonEmpty { conditions.append("!$0.isEmpty") }
        let integral = field.type == .integer || field.type == .epochMillis
        if let min = c.min { conditions.append("$0 >= \(SwiftNames.number(min, integral: integral))") }
        if let max = c.max { conditions.append("$0 <= \(SwiftNames.number(max, integral: integral))") }
        if !conditions.isEmpty {
            expression += ".flatMap({ \(conditions.joined(separator: " && ")) ? $0 : nil })"
        }
        return expression
    }

    /// The value type of a `{map: T}` field, as a field (so `readExpression` applies).
    func mapValueField(_ field: Field) -> Field {
        var value = field
        if case .map(let element) = field.type { value.type = element }
        value.constraints = Constraints()
        return value
    }

    func compositeDecoder(_ type: FieldType, _ p: inout CodePrinter) {
        let field = ContractFacts.elementField(at: contract.location)
        let signature = "(_ scanner: inout ContractJSONScanner, _ context: inout DecodeContext, _ dropped: inout Int)"
        switch type {
        case .array(let element):
            var elementField = field
            elementField.type = element
            let elementType = SwiftNames.type(element, field: field)
            p.line("/// An array; each element that is not a valid \(element.schemaSpelling) is dropped and counted.")
            p.block("private static func \(SwiftNames.helperName(type))\(signature) -> [\(elementType)]? {") { p in
                p.line("guard scanner.enterArray() else {")
                p.indented { p in
                    p.line("scanner.skipValue()")
                    p.line("return nil")
                }
                p.line("}")
                p.line("var result: [\(elementType)] = []")
                let counts = element.countsDrops
                p.block("while scanner.nextElement() {") { p in
                    if counts { p.line("var inner = 0") }
                    p.block("if let value = \(readExpression(elementField, source: "&inner")) {") { p in
                        p.line("result.append(value)")
                        if counts { p.line("dropped += inner") }
                    }
                    p.block("else {") { p in
                        p.line("dropped += 1  // one bad row never hides the others")
                    }
                }
                p.line("return scanner.failed ? nil : result")
            }
        case .map(let value):
            var valueField = field
            valueField.type = value
            let valueType = SwiftNames.type(value, field: field)
            p.line("/// A string-keyed map as exact-key entries; entries whose value is not a valid \(value.schemaSpelling)")
            p.line("/// are ignored one by one; a duplicate key replaces the earlier entry (the last wins).")
            p.block("private static func \(SwiftNames.helperName(type))\(signature) -> [(key: String, value: \(valueType))]? {") { p in
                p.line("guard scanner.enterObject() else {")
                p.indented { p in
                    p.line("scanner.skipValue()")
                    p.line("return nil")
                }
                p.line("}")
                let counts = value.countsDrops
                // A repeated key moves to the end (as in Kotlin's LinkedHashMap and JavaScript's
                // Map): its earlier slot becomes a hole, compacted once at the end, so a decode
                // stays linear however many duplicates the object holds.
                p.line("var slots: [(key: String, value: \(valueType))?] = []")
                if counts { p.line("var innerDropped: [Int] = []") }
                p.line("var positions: [ContractExactKey: Int] = [:]")
                p.block("while let key = scanner.nextMember() {") { p in
                    if counts { p.line("var inner = 0") }
                    p.line("let value = \(readExpression(valueField, source: "&inner"))")
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.line("guard let name = key.text else { continue }")
                    p.line("let exact = ContractExactKey(name)")
                    p.block("if let at = positions.removeValue(forKey: exact) {") { p in
                        p.line("slots[at] = nil  // the last occurrence wins, even an invalid one")
                        if counts { p.line("innerDropped[at] = 0") }
                    }
                    p.block("if let value {") { p in
                        p.line("positions[exact] = slots.count")
                        p.line("slots.append((key: name, value: value))")
                        if counts { p.line("innerDropped.append(inner)") }
                    }
                }
                p.line("if scanner.failed { return nil }")
                if counts { p.line("dropped += innerDropped.reduce(0, +)") }
                p.line("return slots.compactMap { $0 }")
            }
        default:
            break
        }
    }

    /// `each<Target>(value) { … }`: applies an update to every `Target` anywhere inside a value.
    func walkers(to target: String, _ p: inout CodePrinter) {
        let containing = facts.typesContaining(target)
        for type in contract.types where containing.contains(type.name) {
            p.line()
            p.block("private static func each\(target)(_ value: \(type.name), _ update: (inout \(target)) -> Void) -> \(type.name) {") { p in
                p.line("var result = value")
                if type.name == target { p.line("update(&result)") }
                for field in type.storedFields {
                    guard let transform = walkTransform(field.type, target: target, containing: containing, value: "value.\(field.name)") else { continue }
                    if isOptional(field) {
                        p.line("result.\(field.name) = value.\(field.name).map { \(walkTransform(field.type, target: target, containing: containing, value: "$0")!) }")
                    } else {
                        p.line("result.\(field.name) = \(transform)")
                    }
                }
                p.line("return result")
            }
        }
    }

    func walkTransform(_ type: FieldType, target: String, containing: Set<String>, value: String) -> String? {
        switch type {
        case .object(let name) where containing.contains(name):
            return "each\(target)(\(value), update)"
        case .array(let element):
            return walkTransform(element, target: target, containing: containing, value: "$0").map { "\(value).map { \($0) }" }
        case .map(let element):
            return walkTransform(element, target: target, containing: containing, value: "$0").map { "\(value).mapValues { \($0) }" }
        default:
            return nil
        }
    }

    // MARK: Behaviours

    func behaviours(_ p: inout CodePrinter) {
        let b = contract.behaviours
        guard b.overlay != nil || b.staleness != nil || b.header != nil || b.validUntil != nil || b.doneQueue != nil else { return }
        p.line("// MARK: - Behaviours")
        if let overlay = b.overlay { overlayFunctions(overlay, &p) }
        if let staleness = b.staleness {
            p.line()
            p.doc(staleness.doc, style: .tripleSlash)
            p.block("public static func isStale(_ value: \(root.name)?, now: Int64) -> Bool {") { p in
                p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
                p.line("guard let \(staleness.field) = value?.\(staleness.field) else { return false }")
                p.line("return now >= \(staleness.field)")
            }
        }
        if let header = b.header {
            p.line()
            p.line("/// What the widget header shows.")
            p.block("public enum Header: Sendable, Equatable {") { p in
                p.line("case today")
                p.line("/// Stale: the first instant of the snapshot's day in the zone, or nil when the day is unreadable.")
                p.line("case outdated(dayMs: Int64?)")
            }
            p.line()
            p.doc(header.doc, style: .tripleSlash)
            p.block("public static func header(_ value: \(root.name)?, now: Int64, timeZone: TimeZone) -> Header {") { p in
                p.line("guard isStale(value, now: now) else { return .today }")
                p.line("return .outdated(dayMs: value?.\(header.dayField).flatMap { ContractCalendar.dayStartMs($0, timeZone) })")
            }
            p.line()
            p.line("/// `header` for an IANA zone id; an unknown zone gives a null day, never a silent UTC.")
            p.block("public static func header(_ value: \(root.name)?, now: Int64, timeZoneIdentifier: String) -> Header {") { p in
                p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else {")
                p.indented { p in p.line("return isStale(value, now: now) ? .outdated(dayMs: nil) : .today") }
                p.line("}")
                p.line("return header(value, now: now, timeZone: zone)")
            }
            p.line()
            p.line("/// The first instant of a local day in a zone (nil for an invalid day or zone).")
            p.block("public static func dayStart(_ dayStr: String, timeZoneIdentifier: String) -> Int64? {") { p in
                p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else { return nil }")
                p.line("return ContractCalendar.dayStartMs(dayStr, zone)")
            }
        }
        if let validUntil = b.validUntil {
            p.line()
            p.doc(validUntil.doc, style: .tripleSlash)
            p.block("public static func computeValidUntil(_ \(validUntil.dayField): String, startOfNextDayDiffMs: Int64, timeZoneIdentifier: String) -> Int64? {") { p in
                p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else { return nil }")
                p.line("return ContractCalendar.validUntilMs(\(validUntil.dayField), startOfNextDayDiffMs: startOfNextDayDiffMs, zone)")
            }
        }
        if let queue = b.doneQueue {
            p.line()
            p.doc(queue.binding.doc, style: .tripleSlash)
            p.block("public enum DoneQueue {") { p in
                if let key = queue.storageKey {
                    p.line("/// The shared-storage key of the queue.")
                    p.line("public static let storageKey = \(Naming.swiftQuoted(key))")
                    p.line()
                }
                p.line("/// The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost.")
                p.block("public static func set(_ queue: String?, taskId: String, isDone: Bool) -> String {") { p in
                    p.line("ContractDoneQueue.set(queue, taskId: taskId, isDone: isDone)")
                }
                p.line()
                p.line("/// The boolean targets in the queue; a bad entry never hides the others.")
                p.block("public static func peek(_ queue: String?) -> [(id: String, isDone: Bool)] {") { p in
                    p.line("ContractDoneQueue.peek(queue)")
                }
                p.line()
                p.line("/// The changes to apply, by task id in UTF-16 code-unit order.")
                p.block("public static func drain(_ queue: String?, current: [(id: String, isDone: Bool)]) -> [(id: String, isDone: Bool)] {") { p in
                    p.line("ContractDoneQueue.drain(queue, current: current)")
                }
                p.line()
                p.line("/// `drain` against decoded tasks (their blob `\(queue.binding.flagField)`).")
                p.block("public static func drain(_ queue: String?, tasks: [\(queue.binding.typeName)]) -> [(id: String, isDone: Bool)] {") { p in
                    p.line("ContractDoneQueue.drain(queue, current: tasks.map { (id: $0.\(queue.binding.idField), isDone: $0.\(queue.binding.flagField)) })")
                }
            }
        }
        SwiftTimelineRenderer(contract: contract).behaviour(&p)
        p.line()
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .tripleSlash)
        p.line("///")
        p.line("/// `pending` is what `DoneQueue.peek` returns. Ids match by exact UTF-16 code units, as in")
        p.line("/// Kotlin and JavaScript (Swift's String equality is canonical, so a [String: Bool] would not do).")
        p.block("public static func overlaying(_ value: \(root.name), pending: [(id: String, isDone: Bool)]) -> \(root.name) {") { p in
            p.line("var targets: [ContractExactKey: Bool] = [:]")
            p.line("for entry in pending { targets[ContractExactKey(entry.id)] = entry.isDone }")
            p.block("return each\(overlay.typeName)(value) { element in") { p in
                p.line("if let target = targets[ContractExactKey(element.\(overlay.idField))] { element.\(overlay.flagField) = target }")
            }
        }
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("// MARK: - Observation (what conformance tests compare)")
        p.line()
        p.line("/// The canonical JSON observation of a decode, as golden cases expect it.")
        p.block("public static func observation(_ decoded: Decoded) -> ContractJSON {") { p in
            p.line("var result = ContractJSONObject()")
            p.line("result.set(\"status\", .string(decoded.status.rawValue))")
            switch contract.observation {
            case .wrapped:
                p.line("result.set(\"value\", decoded.value.map(observe\(root.name)) ?? .null)")
            case .flat(let omit, let dropped):
                p.block("if let value = decoded.value {") { p in
                    for field in root.fields where !omit.contains(field.name) {
                        p.line("result.set(\(Naming.swiftQuoted(field.observedKey)), \(observeExpression(field.type, field: field, value: "value.\(field.name)", optional: isOptional(field))))")
                    }
                }
                p.block("else {") { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    for field in root.fields where !omit.contains(field.name) {
                        let empty: String
                        switch field.type {
                        case .array: empty = ".array([])"
                        case .map: empty = ".object(ContractJSONObject())"
                        default: empty = ".null"
                        }
                        p.line("result.set(\(Naming.swiftQuoted(field.observedKey)), \(empty))")
                    }
                }
                if dropped { p.line("result.set(\"dropped\", .number(Double(decoded.dropped)))") }
            }
            p.line("return .object(result)")
        }
        if !facts.compositeTypes.filter({ if case .map = $0 { return true } else { return false } }).isEmpty {
            p.line()
            p.line("/// A map observes as an object; key order is irrelevant to observations.")
            p.block("private static func observeMap<Value>(_ map: [String: Value], _ observe: (Value) -> ContractJSON) -> ContractJSON {") { p in
                p.line("var result = ContractJSONObject()")
                p.line("for (key, value) in map { result.set(key, observe(value)) }")
                p.line("return .object(result)")
            }
        }
        for type in contract.types {
            p.line()
            p.block("private static func observe\(type.name)(_ value: \(type.name)) -> ContractJSON {") { p in
                p.line("var result = ContractJSONObject()")
                for field in type.fields {
                    p.line("result.set(\(Naming.swiftQuoted(field.observedKey)), \(observeExpression(field.type, field: field, value: "value.\(field.name)", optional: isOptional(field))))")
                }
                p.line("return .object(result)")
            }
        }
    }

    func isOptional(_ field: Field) -> Bool {
        if field.derived != nil { return true }
        if case .optional = field.presence { return true }
        return false
    }

    func observeExpression(_ type: FieldType, field: Field, value: String, optional: Bool) -> String {
        if optional {
            return "\(value).map { \(observeExpression(type, field: field, value: "$0", optional: false)) } ?? .null"
        }
        switch type {
        case .string, .localDate: return ".string(\(value))"
        case .bool: return ".bool(\(value))"
        case .integer, .epochMillis: return ".number(Double(\(value)))"
        case .number: return ".number(\(value))"
        case .enumeration: return ".string(\(value).rawValue)"
        case .object(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return ".array(\(value).map { \(observeExpression(element, field: field, value: "$0", optional: false)) })"
        case .map(let element):
            return "observeMap(\(value)) { \(observeExpression(element, field: field, value: "$0", optional: false)) }"
        }
    }
}
