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
        return GeneratedFile(path: "\(Self.directory)/Contracts/ContractRuntime.swift", contents: p.text + SwiftRuntimeTemplate.source + "\n")
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
    static func enumTypeName(_ field: Field) -> String { Naming.upperCamel(field.name) }

    static func caseName(_ value: String) -> String {
        let camel = Naming.upperCamel(value)
        let lower = camel.prefix(1).lowercased() + camel.dropFirst()
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
            p.line("// Not JSON, not an object, or nested deeper than ContractJSON.maxDepth: nothing is usable.")
            p.block("guard let json = ContractJSON.parse(text), case .object(let object) = json else {") { p in
                p.line("return Decoded(status: .malformed, value: nil, dropped: 0)")
            }
            p.line("// The version gate comes first: a future version may mean something else by every field.")
            p.block("guard ContractRead.isVersion(object[versionField], accepted: acceptedVersions) else {") { p in
                p.line("return Decoded(status: .unsupportedVersion, value: nil, dropped: 0)")
            }
            p.line("var context = DecodeContext()")
            for lookup in facts.lookupFields {
                p.line("// Derived fields look into `\(lookup.name)`, so it is read before the elements that use it.")
                p.line("// Keys match by exact UTF-16 code units, as in Kotlin and JavaScript: Swift's String")
                p.line("// equality is canonical (\"é\" == \"e\\u{301}\"), which would find entries they do not.")
                p.line("context.\(lookup.name) = exactKeyLookup(object[\(Naming.swiftQuoted(lookup.name))]) { \(readExpression(mapValueField(lookup), source: "$0")) }")
            }
            p.block("guard let value = decode\(root.name)(json, &context), !context.failed else {") { p in
                p.line("return Decoded(status: .invalid, value: nil, dropped: 0)")
            }
            p.line("return Decoded(status: .ok, value: value, dropped: context.dropped)")
        }
        p.line()
        p.line("/// State threaded through one decode.")
        p.block("private struct DecodeContext {") { p in
            p.line("/// Array elements dropped anywhere in the document.")
            p.line("var dropped = 0")
            p.line("/// Set when a `fail-document` field is missing or invalid.")
            p.line("var failed = false")
            for lookup in facts.lookupFields {
                p.line("var \(lookup.name): [ContractExactKey: \(SwiftNames.type(mapValueField(lookup).type, field: lookup))] = [:]")
            }
        }
        if !facts.lookupFields.isEmpty {
            p.line()
            p.line("/// A derived-lookup map keyed by exact code units; entries with invalid values are ignored, the last duplicate wins.")
            p.block("private static func exactKeyLookup<Value>(_ json: ContractJSON?, _ read: (ContractJSON) -> Value?) -> [ContractExactKey: Value] {") { p in
                p.line("guard case .object(let object)? = json else { return [:] }")
                p.line("var result: [ContractExactKey: Value] = [:]")
                p.line("for (key, value) in object { if let read = read(value) { result[ContractExactKey(key)] = read } }")
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
        p.line()
    }

    /// The decoder of one object type: nil when the value is not an object or a
    /// `drop-element` field fails.
    func objectDecoder(_ type: ObjectType, _ p: inout CodePrinter) {
        p.block("private static func decode\(type.name)(_ json: ContractJSON?, _ context: inout DecodeContext) -> \(type.name)? {") { p in
            p.line("guard case .object(let object)? = json else { return nil }")
            // Required fields first: an element that will be dropped is not looked into further,
            // so nothing inside it is counted as dropped.
            let ordered = type.storedFields.filter { if case .required = $0.presence { return true } else { return false } }
                + type.storedFields.filter { if case .required = $0.presence { return false } else { return true } }
            for field in ordered {
                fieldDecode(field, owner: type.name, &p)
            }
            for field in type.fields {
                guard let derived = field.derived else { continue }
                p.line("// \(field.name) = \(derived.lookupField)[\(derived.keyField)] when both exist, else null.")
                let keyIsOptional = type.field(named: derived.keyField).map(isOptional) ?? true
                p.line(keyIsOptional
                       ? "let \(field.name) = \(derived.keyField).flatMap { context.\(derived.lookupField)[ContractExactKey($0)] }"
                       : "let \(field.name) = context.\(derived.lookupField)[ContractExactKey(\(derived.keyField))]")
            }
            p.line("return \(type.name)(\(type.fields.map { "\($0.name): \($0.name)" }.joined(separator: ", ")))")
        }
    }

    /// `let name = <read + constraints>` then the presence policy.
    func fieldDecode(_ field: Field, owner: String, _ p: inout CodePrinter) {
        let source = "object[\(Naming.swiftQuoted(field.name))]"
        let read = readExpression(field, source: source, owner: owner)
        switch field.presence {
        case .required(.dropElement):
            p.line("guard let \(field.name) = \(read) else { return nil }")
        case .required(.failDocument):
            p.line("guard let \(field.name) = \(read) else {")
            p.indented { p in
                p.line("context.failed = true")
                p.line("return nil")
            }
            p.line("}")
        case .optional:
            p.line("let \(field.name) = \(read)")
        case .defaultValue(let value):
            p.line("let \(field.name) = \(read) ?? \(SwiftNames.literal(value, field: field))")
        }
    }

    /// An expression of type `T?`: the value when present, of the right type and within constraints.
    func readExpression(_ field: Field, source: String, owner: String = "") -> String {
        var expression: String
        switch field.type {
        case .string: expression = "ContractRead.string(\(source))"
        case .bool: expression = "ContractRead.bool(\(source))"
        case .integer: expression = "ContractRead.integer(\(source))"
        case .number: expression = "ContractRead.number(\(source))"
        case .localDate: expression = "ContractRead.localDate(\(source))"
        case .epochMillis: expression = "ContractRead.epochMillis(\(source))"
        case .enumeration: expression = "ContractRead.string(\(source)).flatMap({ \(owner).\(SwiftNames.enumTypeName(field))(rawValue: $0) })"
        case .array, .map, .object: expression = "\(SwiftNames.helperName(field.type))(\(source), &context)"
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
        let field = Field(name: "element", doc: "", type: .string, presence: .optional, constraints: Constraints(),
                          derived: nil, location: contract.location, typeLocation: contract.location)
        switch type {
        case .array(let element):
            var elementField = field
            elementField.type = element
            p.line("/// An array; each element that is not a valid \(element.schemaSpelling) is dropped and counted.")
            p.block("private static func \(SwiftNames.helperName(type))(_ json: ContractJSON?, _ context: inout DecodeContext) -> [\(SwiftNames.type(element, field: field))]? {") { p in
                p.line("guard case .array(let items)? = json else { return nil }")
                p.line("var result: [\(SwiftNames.type(element, field: field))] = []")
                p.line("result.reserveCapacity(items.count)")
                p.block("for item in items {") { p in
                    p.block("if let value = \(readExpression(elementField, source: "item")) {") { p in
                        p.line("result.append(value)")
                    }
                    p.block("else {") { p in
                        p.line("context.dropped += 1")
                    }
                }
                p.line("return result")
            }
        case .map(let value):
            var valueField = field
            valueField.type = value
            p.line("/// A string-keyed map; entries whose value is not a valid \(value.schemaSpelling) are ignored one by one.")
            p.block("private static func \(SwiftNames.helperName(type))(_ json: ContractJSON?, _ context: inout DecodeContext) -> [String: \(SwiftNames.type(value, field: field))]? {") { p in
                p.line("guard case .object(let object)? = json else { return nil }")
                p.line("var result: [String: \(SwiftNames.type(value, field: field))] = [:]")
                p.block("for key in object.keys {") { p in
                    p.block("if let value = \(readExpression(valueField, source: "object[key]")) {") { p in
                        p.line("result[key] = value")
                    }
                }
                p.line("return result")
            }
        default:
            break
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
        p.line()
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        let containing = facts.typesContaining(overlay.typeName)
        p.line()
        p.doc(overlay.doc, style: .tripleSlash)
        p.line("///")
        p.line("/// `pending` is what `DoneQueue.peek` returns. Ids match by exact UTF-16 code units, as in")
        p.line("/// Kotlin and JavaScript (Swift's String equality is canonical, so a [String: Bool] would not do).")
        p.block("public static func overlaying(_ value: \(root.name), pending: [(id: String, isDone: Bool)]) -> \(root.name) {") { p in
            p.line("var targets: [ContractExactKey: Bool] = [:]")
            p.line("for entry in pending { targets[ContractExactKey(entry.id)] = entry.isDone }")
            p.line("return overlay\(root.name)(value, targets)")
        }
        for type in contract.types where containing.contains(type.name) {
            p.line()
            p.block("private static func overlay\(type.name)(_ value: \(type.name), _ pending: [ContractExactKey: Bool]) -> \(type.name) {") { p in
                p.line("var result = value")
                if type.name == overlay.typeName {
                    p.line("if let target = pending[ContractExactKey(value.\(overlay.idField))] { result.\(overlay.flagField) = target }")
                }
                for field in type.storedFields {
                    guard let transform = overlayTransform(field.type, containing: containing, value: "value.\(field.name)") else { continue }
                    if case .optional = field.presence {
                        p.line("result.\(field.name) = value.\(field.name).map { \(overlayTransform(field.type, containing: containing, value: "$0")!) }")
                    } else {
                        p.line("result.\(field.name) = \(transform)")
                    }
                }
                p.line("return result")
            }
        }
    }

    func overlayTransform(_ type: FieldType, containing: Set<String>, value: String) -> String? {
        switch type {
        case .object(let name) where containing.contains(name):
            return "overlay\(name)(\(value), pending)"
        case .array(let element):
            return overlayTransform(element, containing: containing, value: "$0").map { "\(value).map { \($0) }" }
        case .map(let element):
            return overlayTransform(element, containing: containing, value: "$0").map { "\(value).mapValues { \($0) }" }
        default:
            return nil
        }
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("// MARK: - Observation (SPEC §6)")
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
                        p.line("result.set(\(Naming.swiftQuoted(field.name)), \(observeExpression(field.type, field: field, value: "value.\(field.name)", optional: isOptional(field))))")
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
                        p.line("result.set(\(Naming.swiftQuoted(field.name)), \(empty))")
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
                    p.line("result.set(\(Naming.swiftQuoted(field.name)), \(observeExpression(field.type, field: field, value: "value.\(field.name)", optional: isOptional(field))))")
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
