/// The Kotlin emitter: an Android-ready decoder (stdlib + what Android ships; no org.json, no
/// java.time), Kotlin 1.3-compatible and warning-free under `kotlinc -Werror`.
/// Same shape as `SwiftEmitter` and `TypeScriptEmitter`: runtime, contract file (types →
/// decoding → behaviours → observation), testee.
import Foundation

public struct KotlinEmitter: LanguageEmitter {
    public let language = Language.kotlin
    /// Puts every contract into this package instead of its `targets.kotlin.package`.
    let packageOverride: String?

    public init(packageOverride: String? = nil) { self.packageOverride = packageOverride }

    static let directory = "generated/kotlin"
    /// `@file:` annotations must precede the `package` line, so the lint-off line ends the header.
    static let lintOff = "@file:Suppress(\"unused\", \"MemberVisibilityCanBePrivate\", \"RedundantVisibilityModifier\")"
    static let runtimePackage = "dev.contractgen.runtime"
    static let testeePackage = "dev.contractgen.testee"

    /// The package a contract's object is emitted into.
    func package(of contract: Contract) -> String { packageOverride ?? contract.targets.kotlinPackage }

    static func path(ofPackage package: String) -> String { package.replacingOccurrences(of: ".", with: "/") }

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: Self.runtimePackage))/ContractRuntime.kt",
                             contents: p.text + EmbeddedRuntime.kotlin)
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("package \(package(of: contract))")
        p.line()
        p.line("import \(Self.runtimePackage).*")
        if contract.behaviours.header != nil { p.line("import java.util.TimeZone") }
        p.line()
        let writer = KotlinContractWriter(contract: contract)
        p.doc(contract.doc, style: .block)
        p.block("object \(contract.targets.kotlinObject) {") { p in
            writer.versionGate(&p)
            writer.types(&p)
            writer.decoding(&p)
            writer.behaviours(&p)
            writer.observation(&p)
        }
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: package(of: contract)))/\(contract.targets.kotlinObject).kt",
                             contents: p.text)
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        var p = CodePrinter()
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        KotlinTesteeWriter(contracts: contracts, packageOf: package(of:)).write(&p)
        return [GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: Self.testeePackage))/Testee.kt", contents: p.text)]
    }
}

/// Kotlin spelling of model types and expressions.
enum KotlinNames {

    /// An enum class, nested in the type of the field that declares it (as in Swift). An enum inside
    /// an array or map (which the validator currently rejects) reuses the first class with the same
    /// values, or is declared by the first field that mentions it.
    struct EnumDeclaration {
        var cases: [String]
        /// The type the enum class is nested in, e.g. `Record`.
        var typeName: String
        /// The enum class, e.g. `Sync`; never equal to a type name, so it never shadows one.
        var enumName: String
        /// The field that declares it (its doc names the field).
        var field: Field
        /// `Record.Sync`, as named outside its owner.
        var qualified: String { "\(typeName).\(enumName)" }
    }

    static func enumerations(in type: FieldType) -> [[String]] {
        switch type {
        case .enumeration(let cases): return [cases]
        case .array(let element), .map(let element): return enumerations(in: element)
        default: return []
        }
    }

    /// Every enum class of the contract, in declaration order: one per enum-typed field.
    static func enumDeclarations(_ contract: Contract) -> [EnumDeclaration] {
        var result: [EnumDeclaration] = []
        let typeNames = Set(contract.types.map(\.name))
        for type in contract.types {
            for field in type.fields {
                let own: [[String]]
                if case .enumeration(let cases) = field.type { own = [cases] } else { own = [] }
                for cases in enumerations(in: field.type) where !own.isEmpty || !result.contains(where: { $0.cases == cases }) {
                    var name = Naming.upperCamel(field.name)
                    if typeNames.contains(name) || TakenNames.kotlin.contains(name) || name == type.name { name += "Value" }
                    while result.contains(where: { $0.typeName == type.name && $0.enumName == name }) { name += "Value" }
                    result.append(EnumDeclaration(cases: cases, typeName: type.name, enumName: name, field: field))
                }
            }
        }
        return result
    }

    /// `idle` → `IDLE`, `unsupportedVersion` → `UNSUPPORTED_VERSION`; anything that is not a letter
    /// or digit becomes `_`, a leading digit gets a `_` prefix, duplicates get a numeric suffix.
    /// One value's case name before duplicates are told apart (the validator refuses duplicates).
    static func baseCaseName(_ value: String) -> String {
        var name = ""
        for character in Naming.screamingSnake(value) {
            name += character.isASCII && (character.isLetter || character.isNumber) ? String(character) : "_"
        }
        if value.isEmpty { name = "EMPTY" }
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    static func caseNames(_ values: [String]) -> [String] {
        var names: [String] = []
        for value in values {
            var name = baseCaseName(value)
            // Kotlin reserves names made only of underscores.
            if name.allSatisfy({ $0 == "_" }) { name = "VALUE_\(names.count + 1)" }
            var unique = name
            var counter = 2
            while names.contains(unique) {
                unique = "\(name)_\(counter)"
                counter += 1
            }
            names.append(unique)
        }
        return names
    }

    /// The enum class of `field` of `owner`; for an enum inside an array or map (no field of its
    /// own), the first class with the same values.
    static func declaration(_ cases: [String], field: Field?, owner: String?, enums: [EnumDeclaration]) -> EnumDeclaration {
        if let field, let owner, let own = enums.first(where: { $0.typeName == owner && $0.field.name == field.name }) { return own }
        return enums.first { $0.cases == cases }!
    }

    /// Inside its owner (`within`) an enum is named plainly: enum names never equal a type name.
    static func type(_ type: FieldType, enums: [EnumDeclaration], field: Field? = nil, owner: String? = nil, within: String? = nil) -> String {
        switch type {
        case .string, .localDate: return "String"
        case .bool: return "Boolean"
        case .integer, .epochMillis: return "Long"
        case .number: return "Double"
        case .enumeration(let cases):
            let declaration = declaration(cases, field: field, owner: owner, enums: enums)
            return declaration.typeName == within ? declaration.enumName : declaration.qualified
        case .array(let element): return "List<\(self.type(element, enums: enums, within: within))>"
        case .map(let value): return "Map<String, \(self.type(value, enums: enums, within: within))>"
        case .object(let name): return name
        }
    }

    /// Optional and derived fields are nullable; required and defaulted ones never are.
    static func isNullable(_ field: Field) -> Bool {
        if field.derived != nil { return true }
        if case .optional = field.presence { return true }
        return false
    }

    /// `decodeArrayOfTask`, `decodeMapOfString`.
    static func helperName(_ type: FieldType, enums: [EnumDeclaration]) -> String {
        switch type {
        case .array(let element): return "decodeArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "decodeMapOf" + suffix(value, enums: enums)
        case .object(let name): return "decode" + name
        default: return "read" + suffix(type, enums: enums)
        }
    }

    static func suffix(_ type: FieldType, enums: [EnumDeclaration]) -> String {
        switch type {
        case .array(let element): return "ArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "MapOf" + suffix(value, enums: enums)
        case .object(let name): return name
        case .enumeration(let cases):
            let declaration = enums.first { $0.cases == cases }!
            return declaration.typeName + declaration.enumName
        default: return Naming.upperCamel(type.schemaSpelling)
        }
    }

    static func literal(_ value: DefaultValue, field: Field, owner: String, enums: [EnumDeclaration]) -> String {
        switch value {
        case .bool(let v): return String(v)
        case .integer(let v): return "\(v)L"
        case .number(let v): return "\(v)"
        case .string(let v):
            if case .enumeration(let cases) = field.type, let index = cases.firstIndex(of: v) {
                return self.type(field.type, enums: enums, field: field, owner: owner) + "." + caseNames(cases)[index]
            }
            return quoted(v)
        case .emptyArray: return "emptyList()"
        case .emptyMap: return "emptyMap()"
        }
    }

    static func number(_ value: Double, integral: Bool) -> String {
        if integral, value == value.rounded(), abs(value) < 1e18 { return "\(Int64(value))L" }
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int64(value)).0" }
        return "\(value)"
    }

    /// A Kotlin string literal: ASCII only, `$` escaped (no templates), every non-ASCII UTF-16 code
    /// unit as `\uXXXX` (so characters outside the BMP become a surrogate pair, as Kotlin needs).
    static func quoted(_ text: String) -> String { StringLiteral.kotlin(text) }

    /// A local variable for a field, renamed when it would shadow one of the function's own names.
    static func local(_ name: String, avoiding taken: Set<String>) -> String {
        var result = name
        while taken.contains(result) { result += "Field" }
        return result
    }
}

/// Writes the body of one contract's object.
struct KotlinContractWriter {
    let contract: Contract
    var facts: ContractFacts { ContractFacts(contract: contract) }
    var object: String { contract.targets.kotlinObject }
    var root: ObjectType { contract.rootType }
    let enums: [KotlinNames.EnumDeclaration]

    init(contract: Contract) {
        self.contract = contract
        self.enums = KotlinNames.enumDeclarations(contract)
    }

    func type(_ type: FieldType) -> String { KotlinNames.type(type, enums: enums) }

    /// A field's type as declared in its owner's constructor.
    func declaredType(_ field: Field, in owner: ObjectType) -> String {
        KotlinNames.type(field.type, enums: enums, field: field, owner: owner.name, within: owner.name)
            + (KotlinNames.isNullable(field) ? "?" : "")
    }

    /// Names a decoder function already uses; a field's local must not shadow them.
    static let decoderNames: Set<String> = ["scanner", "context", "key", "start", "before", "it"]

    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// region Version gate")
        p.line()
        p.doc(contract.version.doc, style: .block)
        p.line("const val VERSION_FIELD = \(KotlinNames.quoted(contract.version.field))")
        p.line()
        p.line("/** The versions this reader accepts; any other renders as `unsupportedVersion`. */")
        p.line("val ACCEPTED_VERSIONS: DoubleArray = doubleArrayOf(\(contract.version.accepts.map { "\(Double($0))" }.joined(separator: ", ")))")
        p.line()
        p.line("/** The version the writer writes. */")
        p.line("const val WRITTEN_VERSION = \(contract.version.writes)")
        if let key = contract.storageKey {
            p.line()
            p.line("/** The shared-storage key the document is written under. */")
            p.line("const val STORAGE_KEY = \(KotlinNames.quoted(key))")
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    // MARK: Types

    func types(_ p: inout CodePrinter) {
        p.line("// region Types")
        for type in contract.types {
            p.line()
            p.doc(type.doc, style: .block)
            p.line("data class \(type.name)(")
            p.indented { p in
                for (index, field) in type.fields.enumerated() {
                    p.doc(field.doc, style: .block)
                    // Kotlin 1.3 has no trailing comma in parameter lists.
                    p.line("val \(field.name): \(declaredType(field, in: type))" + (index < type.fields.count - 1 ? "," : ""))
                }
            }
            let nested = enums.filter { $0.typeName == type.name }
            if nested.isEmpty {
                p.line(")")
                continue
            }
            p.block(") {") { p in
                for (index, declaration) in nested.enumerated() {
                    if index > 0 { p.line() }
                    enumClass(declaration, &p)
                }
            }
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    /// An enum class carrying each value's JSON spelling; `fromJson` is exact (no case folding).
    func enumClass(_ declaration: KotlinNames.EnumDeclaration, _ p: inout CodePrinter) {
        let cases = declaration.cases
        let name = declaration.enumName
        let names = KotlinNames.caseNames(cases)
        p.line("/** The values of `\(declaration.field.name)`, each with its JSON spelling. */")
        p.block("enum class \(name)(val json: String) {") { p in
            for (index, value) in cases.enumerated() {
                p.line("\(names[index])(\(KotlinNames.quoted(value)))" + (index < cases.count - 1 ? "," : ";"))
            }
            p.line()
            p.block("companion object {") { p in
                p.line("/** The value spelled exactly [text] in JSON, or null for any other string. */")
                p.block("fun fromJson(text: String): \(name)? = when (text) {") { p in
                    for (index, value) in cases.enumerated() {
                        p.line("\(KotlinNames.quoted(value)) -> \(names[index])")
                    }
                    p.line("else -> null")
                }
            }
        }
    }

    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree): each field is a slot that every occurrence of its key overwrites, so for a
    /// duplicate key the last occurrence wins, as in JavaScript and org.json.
    func decoding(_ p: inout CodePrinter) {
        p.line("// region Decoding")
        p.line()
        p.line("/** How a read went. Anything but `OK` renders the empty state; nothing is guessed. */")
        p.block("enum class Status(val json: String) {") { p in
            p.line("OK(\"ok\"), UNSUPPORTED_VERSION(\"unsupportedVersion\"), MALFORMED(\"malformed\"), INVALID(\"invalid\")")
        }
        p.line()
        p.line("/** The result of [decode]: the status, the value when `OK`, and how many array elements were dropped. */")
        p.line("data class Decoded(val status: Status, val value: \(root.name)?, val dropped: Int)")
        p.line()
        p.line("/** Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes. */")
        p.block("fun decode(text: String): Decoded {") { p in
            p.line("val scanner = ContractJsonScanner(text)")
            p.line("val context = DecodeContext()")
            p.line("val isObject = scanner.nextIsObject()")
            p.line("val value = decode\(root.name)(scanner, context)")
            p.line("// Not JSON, not an object, or nested deeper than ContractJsonScanner.MAX_DEPTH: nothing is usable.")
            p.line("if (!isObject || !scanner.finish()) return Decoded(Status.MALFORMED, null, 0)")
            p.line("// The version gate comes before any field: a future version may mean something else by every field.")
            p.line("val version: Double = context.version ?: return Decoded(Status.UNSUPPORTED_VERSION, null, 0)")
            p.line("if (ACCEPTED_VERSIONS.none { it == version }) return Decoded(Status.UNSUPPORTED_VERSION, null, 0)")
            p.line("// A fail-document field anywhere fails the whole read: a distinct, visible state, not zeros.")
            p.line("if (value == null || context.failed) return Decoded(Status.INVALID, null, 0)")
            if facts.derivedTypes.isEmpty {
                p.line("return Decoded(Status.OK, value, context.dropped)")
            } else {
                p.line("return Decoded(Status.OK, resolvingDerivedFields(value, context), context.dropped)")
            }
        }
        p.line()
        p.line("/** State threaded through one decode. */")
        p.block("private class DecodeContext {") { p in
            p.line("/** " + CommentText.blockCommentLine(CommentText.singleLine("The root's `\(contract.version.field)` (its last occurrence) when it is a number: the version gate's slot.")) + " */")
            p.line("var version: Double? = null")
            p.line()
            p.line("/**")
            p.line(" * Array elements dropped in the values read so far. A decoder that returns null leaves it as")
            p.line(" * it found it: drops inside an element only count if the element is kept.")
            p.line(" */")
            p.line("var dropped = 0")
            p.line()
            p.line("/** Set when a `fail-document` field is missing or invalid. */")
            p.line("var failed = false")
            for lookup in facts.lookupFields {
                p.line()
                p.line("/** The root's `\(lookup.name)`, for the derived fields resolved once the whole document is read. */")
                p.line("var \(lookup.name): \(type(lookup.type)) = emptyMap()")
            }
            p.line()
            p.line("/** Forgets the drops counted since [start] (an element being dropped); returns null. */")
            p.block("fun dropFrom(start: Int): Nothing? {") { p in
                p.line("dropped = start")
                p.line("return null")
            }
        }
        if !facts.derivedTypes.isEmpty {
            p.line()
            p.line("/**")
            p.line(" * Derived fields are filled in once the whole document is read: the map they look into may")
            p.line(" * come after the elements that use it.")
            p.line(" */")
            p.block("private fun resolvingDerivedFields(value: \(root.name), context: DecodeContext): \(root.name) {") { p in
                p.line("var result = value")
                for type in facts.derivedTypes {
                    p.block("result = each\(type.name)(result) { element ->") { p in
                        var arguments: [String] = []
                        for field in type.fields {
                            guard let derived = field.derived else { continue }
                            p.line("// \(field.name) = \(derived.lookupField)[\(derived.keyField)] when both exist, else null.")
                            let keyIsNullable = type.field(named: derived.keyField).map(KotlinNames.isNullable) ?? true
                            arguments.append(keyIsNullable
                                ? "\(field.name) = element.\(derived.keyField)?.let { context.\(derived.lookupField)[it] }"
                                : "\(field.name) = context.\(derived.lookupField)[element.\(derived.keyField)]")
                        }
                        p.line("element.copy(\(arguments.joined(separator: ", ")))")
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
        p.line("// endregion")
        p.line()
    }

    /// Whether a value of this type is read through a helper that takes the context.
    func needsContext(_ type: FieldType) -> Bool {
        switch type {
        case .array, .map, .object: return true
        default: return false
        }
    }

    /// Every decoder takes the context; one that needs none says so instead of warning.
    func unusedContextSuppression(_ uses: Bool, _ p: inout CodePrinter) {
        if !uses { p.line("@Suppress(\"UNUSED_PARAMETER\") // Every decoder takes the context; this one needs none.") }
    }

    /// The decoder of one object type: null when the value is not an object or a `drop-element`
    /// field fails. Drops inside it count only if it is kept.
    func objectDecoder(_ type: ObjectType, _ p: inout CodePrinter) {
        let isRoot = type.name == root.name
        let counted = type.storedFields.filter { $0.type.countsDrops }
        let dropsElement = type.storedFields.contains { if case .required(.dropElement) = $0.presence { return true } else { return false } }
        let failsDocument = type.storedFields.contains { if case .required(.failDocument) = $0.presence { return true } else { return false } }
        let usesContext = isRoot || failsDocument || type.storedFields.contains { needsContext($0.type) }
        unusedContextSuppression(usesContext, &p)
        p.block("private fun decode\(type.name)(scanner: ContractJsonScanner, context: DecodeContext): \(type.name)? {") { p in
            p.block("if (!scanner.enterObject()) {") { p in
                p.line("scanner.skipValue()")
                p.line("return null")
            }
            let restores = !counted.isEmpty && dropsElement
            if restores { p.line("val start = context.dropped") }
            for field in type.storedFields {
                p.line("var \(field.name)Slot: \(slotType(field, owner: type))? = null")
                if field.type.countsDrops { p.line("var \(field.name)Dropped = 0") }
            }
            if type.storedFields.isEmpty && !isRoot {
                p.line("while (scanner.nextMember() != null) scanner.skipValue()")
            } else {
                p.block("while (true) {") { p in
                    p.line("val key = scanner.nextMember() ?: break")
                    var first = true
                    if isRoot {
                        p.line("if (key.matches(VERSION_FIELD)) {")
                        p.indented { p in p.line("context.version = scanner.anyNumber()") }
                        first = false
                    }
                    for field in type.storedFields {
                        p.line("\(first ? "if" : "} else if") (key.matches(\(KotlinNames.quoted(field.jsonKey)))) {")
                        p.indented { p in fieldDecode(field, owner: type.name, &p) }
                        first = false
                    }
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue() // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            p.line("if (scanner.failed) return null")
            for field in type.storedFields {
                presencePolicy(field, owner: type.name, restores: restores, &p)
            }
            if let lookup = isRoot ? facts.lookupFields : nil {
                for field in lookup {
                    p.line("context.\(field.name) = \(field.name)Slot ?: emptyMap()")
                }
            }
            let arguments = type.fields.map { field -> String in
                if field.derived != nil { return "\(field.name) = null" }
                return "\(field.name) = \(KotlinNames.local(field.name, avoiding: Self.decoderNames))"
            }
            p.line("return \(type.name)(\(arguments.joined(separator: ", ")))")
        }
    }

    /// The slot of a field: its type, not null (a missing or invalid value is a null slot).
    func slotType(_ field: Field, owner: ObjectType) -> String {
        KotlinNames.type(field.type, enums: enums, field: field, owner: owner.name)
    }

    /// Values that may hold arrays, whose dropped elements are counted.
    /// One occurrence of the key: read the value into the slot (the last occurrence wins).
    func fieldDecode(_ field: Field, owner: String, _ p: inout CodePrinter) {
        let read = readExpression(field, owner: owner)
        if field.type.countsDrops {
            p.line("// A later occurrence replaces the earlier one, and the drops counted in it.")
            p.line("context.dropped -= \(field.name)Dropped")
            p.line("val before = context.dropped")
            p.line("\(field.name)Slot = \(read)")
            p.line("\(field.name)Dropped = context.dropped - before")
        } else {
            p.line("\(field.name)Slot = \(read)")
        }
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presencePolicy(_ field: Field, owner: String, restores: Bool, _ p: inout CodePrinter) {
        let name = KotlinNames.local(field.name, avoiding: Self.decoderNames)
        let slot = "\(field.name)Slot"
        switch field.presence {
        case .required(.dropElement):
            let drop = restores ? "context.dropFrom(start)" : "null"
            p.line("val \(name) = \(slot) ?: return \(drop) // \(field.name) missing or invalid: the element is dropped")
        case .required(.failDocument):
            p.line("val \(name) = \(slot)")
            p.block("if (\(name) == null) {") { p in
                p.line("context.failed = true // \(field.name) missing or invalid: the whole document is unusable")
                p.line("return null")
            }
        case .optional:
            p.line("val \(name) = \(slot)")
        case .defaultValue(let value):
            p.line("val \(name) = \(slot) ?: \(KotlinNames.literal(value, field: field, owner: owner, enums: enums))")
        }
    }

    /// An expression of type `T?` reading one value from `scanner`: the value when it has the right
    /// type and meets the constraints, else null (the value is still consumed and checked).
    /// `owner` is the type declaring the field (nil for an array element or map value).
    func readExpression(_ field: Field, owner: String? = nil) -> String {
        var expression: String
        switch field.type {
        case .string: expression = "scanner.string()"
        case .bool: expression = "scanner.bool()"
        case .integer: expression = "scanner.integer()"
        case .number: expression = "scanner.number()"
        case .localDate: expression = "scanner.localDate()"
        case .epochMillis: expression = "scanner.epochMillis()"
        case .enumeration:
            let enumType = KotlinNames.type(field.type, enums: enums, field: owner == nil ? nil : field, owner: owner)
            expression = "scanner.string()?.let { \(enumType).fromJson(it) }"
        case .array, .map, .object: expression = "\(KotlinNames.helperName(field.type, enums: enums))(scanner, context)"
        }
        var conditions: [String] = []
        let c = field.constraints
        if c.nonEmpty { conditions.append("it.isNotEmpty()") }
        let integral = field.type == .integer || field.type == .epochMillis
        if let min = c.min { conditions.append("it >= \(KotlinNames.number(min, integral: integral))") }
        if let max = c.max { conditions.append("it <= \(KotlinNames.number(max, integral: integral))") }
        if !conditions.isEmpty {
            expression += "?.takeIf { \(conditions.joined(separator: " && ")) }"
        }
        return expression
    }

    func compositeDecoder(_ type: FieldType, _ p: inout CodePrinter) {
        let field = ContractFacts.elementField(at: contract.location)
        let name = KotlinNames.helperName(type, enums: enums)
        switch type {
        case .array(let element):
            var elementField = field
            elementField.type = element
            let elementType = self.type(element)
            p.line("/** An array; each element that is not a valid \(element.schemaSpelling) is dropped and counted. */")
            p.block("private fun \(name)(scanner: ContractJsonScanner, context: DecodeContext): List<\(elementType)>? {") { p in
                p.block("if (!scanner.enterArray()) {") { p in
                    p.line("scanner.skipValue()")
                    p.line("return null")
                }
                p.line("val result = ArrayList<\(elementType)>()")
                p.block("while (scanner.nextElement()) {") { p in
                    p.line("val value = \(readExpression(elementField))")
                    p.line("if (value != null) result.add(value) else context.dropped += 1 // one bad row never hides the others")
                }
                p.line("return if (scanner.failed) null else result")
            }
        case .map(let value):
            var valueField = field
            valueField.type = value
            let valueType = self.type(value)
            let counts = value.countsDrops
            p.line("/**")
            p.line(" * A string-keyed map; entries whose value is not a valid \(value.schemaSpelling) are ignored one by one;")
            p.line(" * a duplicate key replaces the earlier entry (the last wins, even when it is invalid).")
            p.line(" */")
            unusedContextSuppression(needsContext(value), &p)
            p.block("private fun \(name)(scanner: ContractJsonScanner, context: DecodeContext): Map<String, \(valueType)>? {") { p in
                p.block("if (!scanner.enterObject()) {") { p in
                    p.line("scanner.skipValue()")
                    p.line("return null")
                }
                p.line("val result = LinkedHashMap<String, \(valueType)>()")
                if counts { p.line("val innerDropped = HashMap<String, Int>()") }
                p.block("while (true) {") { p in
                    p.line("val name = (scanner.nextMember() ?: break).text")
                    if counts { p.line("val before = context.dropped") }
                    p.line("val value = \(readExpression(valueField))")
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    if counts {
                        p.block("if (name == null) {") { p in
                            p.line("context.dropped = before")
                            p.line("continue")
                        }
                        p.line("val inner = context.dropped - before")
                        p.line("result.remove(name)")
                        p.line("context.dropped -= innerDropped.remove(name) ?: 0")
                        p.block("if (value != null) {") { p in
                            p.line("result[name] = value")
                            p.line("innerDropped[name] = inner")
                        }
                    } else {
                        p.line("if (name == null) continue")
                        p.line("result.remove(name)")
                        p.line("if (value != null) result[name] = value")
                    }
                }
                p.line("return if (scanner.failed) null else result")
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
            p.block("private fun each\(target)(value: \(type.name), update: (\(target)) -> \(target)): \(type.name) {") { p in
                p.line("var result = value")
                if type.name == target { p.line("result = update(result)") }
                for field in type.storedFields {
                    guard let transform = walkTransform(field.type, target: target, containing: containing, value: "value.\(field.name)", depth: 0) else { continue }
                    if KotlinNames.isNullable(field) {
                        let inner = walkTransform(field.type, target: target, containing: containing, value: "present", depth: 0)!
                        p.line("result = result.copy(\(field.name) = value.\(field.name)?.let { present -> \(inner) })")
                    } else {
                        p.line("result = result.copy(\(field.name) = \(transform))")
                    }
                }
                p.line("return result")
            }
        }
    }

    /// Lambda parameters are numbered by depth: Kotlin warns when one shadows another.
    func walkTransform(_ type: FieldType, target: String, containing: Set<String>, value: String, depth: Int) -> String? {
        let parameter = depth == 0 ? "element" : "element\(depth + 1)"
        switch type {
        case .object(let name) where containing.contains(name):
            return "each\(target)(\(value), update)"
        case .array(let element):
            return walkTransform(element, target: target, containing: containing, value: parameter, depth: depth + 1)
                .map { "\(value).map { \(parameter) -> \($0) }" }
        case .map(let element):
            return walkTransform(element, target: target, containing: containing, value: "\(parameter).value", depth: depth + 1)
                .map { "\(value).mapValues { \(parameter) -> \($0) }" }
        default:
            return nil
        }
    }

    // MARK: Behaviours

    func behaviours(_ p: inout CodePrinter) {
        let b = contract.behaviours
        guard b.overlay != nil || b.staleness != nil || b.header != nil || b.validUntil != nil || b.doneQueue != nil else { return }
        p.line("// region Behaviours")
        if let overlay = b.overlay { overlayFunctions(overlay, &p) }
        if let staleness = b.staleness {
            let local = KotlinNames.local(staleness.field, avoiding: ["value", "now"])
            p.line()
            p.doc(staleness.doc, style: .block)
            p.block("fun isStale(value: \(root.name)?, now: Long): Boolean {") { p in
                p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
                p.line("val \(local) = value?.\(staleness.field) ?: return false")
                p.line("// Boundary inclusive: at the very instant of \(staleness.field) the snapshot is stale.")
                p.line("return now >= \(local)")
            }
        }
        if let header = b.header {
            p.line()
            p.line("/** What the widget header shows. */")
            p.block("sealed class Header {") { p in
                p.line("/** Not stale: the snapshot is today's. */")
                p.line("object Today : Header()")
                p.line()
                p.line("/** Stale: the first instant of the snapshot's day in the zone, or null when the day is unreadable. */")
                p.line("data class Outdated(val dayMs: Long?) : Header()")
            }
            p.line()
            p.doc(header.doc, style: .block)
            p.block("fun header(value: \(root.name)?, now: Long, timeZone: TimeZone): Header {") { p in
                p.line("if (!isStale(value, now)) return Header.Today")
                p.line("return Header.Outdated(value?.\(header.dayField)?.let { ContractCalendar.dayStartMs(it, timeZone) })")
            }
            p.line()
            p.line("/** [header] for an IANA zone id; an unknown zone gives a null day, never a silent GMT. */")
            p.block("fun header(value: \(root.name)?, now: Long, timeZoneId: String): Header {") { p in
                p.line("// TimeZone.getTimeZone would fall back to GMT for an unknown id; ContractCalendar.timeZone fails closed.")
                p.line("val zone = ContractCalendar.timeZone(timeZoneId)")
                p.line("    ?: return if (isStale(value, now)) Header.Outdated(null) else Header.Today")
                p.line("return header(value, now, zone)")
            }
            p.line()
            p.line("/** The first instant of a local day in a zone (null for an invalid day or zone). */")
            p.block("fun dayStart(dayStr: String, timeZoneId: String): Long? {") { p in
                p.line("val zone = ContractCalendar.timeZone(timeZoneId) ?: return null")
                p.line("return ContractCalendar.dayStartMs(dayStr, zone)")
            }
        }
        if let validUntil = b.validUntil {
            p.line()
            p.doc(validUntil.doc, style: .block)
            p.block("fun computeValidUntil(\(validUntil.dayField): String, startOfNextDayDiffMs: Long, timeZoneId: String): Long? {") { p in
                p.line("val zone = ContractCalendar.timeZone(timeZoneId) ?: return null")
                p.line("return ContractCalendar.validUntilMs(\(validUntil.dayField), startOfNextDayDiffMs, zone)")
            }
        }
        if let queue = b.doneQueue {
            let task = queue.binding.typeName
            p.line()
            p.doc(queue.binding.doc, style: .block)
            p.block("object DoneQueue {") { p in
                if let key = queue.storageKey {
                    p.line("/** The shared-storage key of the queue. */")
                    p.line("const val STORAGE_KEY = \(KotlinNames.quoted(key))")
                    p.line()
                }
                p.line("/** The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost. */")
                p.line("fun set(queue: String?, taskId: String, isDone: Boolean): String = ContractDoneQueue.set(queue, taskId, isDone)")
                p.line()
                p.line("/** The boolean targets in the queue; a bad entry never hides the others. */")
                p.line("fun peek(queue: String?): Map<String, Boolean> = ContractDoneQueue.peek(queue)")
                p.line()
                p.line("/** The changes to apply (id, target), by task id in UTF-16 code-unit order. */")
                p.line("fun drain(queue: String?, current: Map<String, Boolean>): List<Pair<String, Boolean>> =")
                p.indented { p in p.line("ContractDoneQueue.drain(queue, current)") }
                p.line()
                p.line("/** [drain] against decoded tasks (their blob `\(queue.binding.flagField)`). */")
                p.block("fun drain(queue: String?, tasks: List<\(task)>): List<Pair<String, Boolean>> {") { p in
                    p.line("val current = LinkedHashMap<String, Boolean>()")
                    p.line("for (task in tasks) current[task.\(queue.binding.idField)] = task.\(queue.binding.flagField)")
                    p.line("return ContractDoneQueue.drain(queue, current)")
                }
            }
        }
        KotlinTimelineRenderer(contract: contract).behaviour(&p)
        p.line()
        p.line("// endregion")
        p.line()
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .block)
        p.block("fun overlaying(value: \(root.name), pending: Map<String, Boolean>): \(root.name) {") { p in
            p.block("return each\(overlay.typeName)(value) { element ->") { p in
                p.line("// The queue's boolean target, when there is one, wins over the blob's \(overlay.flagField).")
                p.line("val target = pending[element.\(overlay.idField)]")
                p.line("if (target != null) element.copy(\(overlay.flagField) = target) else element")
            }
        }
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("// region Observation (what conformance tests compare)")
        p.line()
        p.line("/** The canonical JSON observation of a decode, as golden cases expect it. */")
        p.block("fun observation(decoded: Decoded): ContractJson {") { p in
            p.line("val result = LinkedHashMap<String, ContractJson>()")
            p.line("result[\"status\"] = ContractJson.Str(decoded.status.json)")
            switch contract.observation {
            case .wrapped:
                p.line("val value = decoded.value")
                p.line("result[\"value\"] = if (value != null) observe\(root.name)(value) else ContractJson.Null")
            case .flat(let omit, let dropped):
                p.line("val value = decoded.value")
                p.block("if (value != null) {", closer: "} else {") { p in
                    for field in root.fields where !omit.contains(field.name) {
                        p.line("result[\(KotlinNames.quoted(field.observedKey))] = \(observeExpression(field.type, value: "value.\(field.name)", optional: KotlinNames.isNullable(field), depth: 0))")
                    }
                }
                p.indented { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    for field in root.fields where !omit.contains(field.name) {
                        let empty: String
                        switch field.type {
                        case .array: empty = "ContractJson.Arr(emptyList())"
                        case .map: empty = "ContractJson.Obj(LinkedHashMap())"
                        default: empty = "ContractJson.Null"
                        }
                        p.line("result[\(KotlinNames.quoted(field.observedKey))] = \(empty)")
                    }
                }
                p.line("}")
                if dropped { p.line("result[\"dropped\"] = ContractJson.Num(decoded.dropped.toDouble())") }
            }
            p.line("return ContractJson.Obj(result)")
        }
        for type in contract.types {
            p.line()
            p.block("private fun observe\(type.name)(value: \(type.name)): ContractJson {") { p in
                p.line("val result = LinkedHashMap<String, ContractJson>()")
                for field in type.fields {
                    p.line("result[\(KotlinNames.quoted(field.observedKey))] = \(observeExpression(field.type, value: "value.\(field.name)", optional: KotlinNames.isNullable(field), depth: 0))")
                }
                p.line("return ContractJson.Obj(result)")
            }
        }
        p.line()
        p.line("// endregion")
    }

    /// Lambda parameters are numbered by depth: Kotlin warns when one shadows another.
    func observeExpression(_ type: FieldType, value: String, optional: Bool, depth: Int) -> String {
        let parameter = depth == 0 ? "element" : "element\(depth + 1)"
        if optional {
            return "\(value)?.let { \(parameter) -> \(observeExpression(type, value: parameter, optional: false, depth: depth + 1)) } ?: ContractJson.Null"
        }
        switch type {
        case .string, .localDate: return "ContractJson.Str(\(value))"
        case .bool: return "ContractJson.Bool(\(value))"
        case .integer, .epochMillis: return "ContractJson.Num(\(value).toDouble())"
        case .number: return "ContractJson.Num(\(value))"
        case .enumeration: return "ContractJson.Str(\(value).json)"
        case .object(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return "ContractJson.Arr(\(value).map { \(parameter) -> \(observeExpression(element, value: parameter, optional: false, depth: depth + 1)) })"
        case .map(let element):
            // Sorted by key (String.compareTo: UTF-16 code units) so the text is deterministic.
            return "ContractJson.Obj(\(value).toSortedMap().mapValuesTo(LinkedHashMap<String, ContractJson>()) { \(parameter) -> "
                + "\(observeExpression(element, value: "\(parameter).value", optional: false, depth: depth + 1)) })"
        }
    }
}
