/// The TypeScript emitter: the writer's module (types, encoder, decoder) with no runtime
/// dependencies, for Node and browsers alike; readonly interfaces, string-literal unions.
/// Same shape as `SwiftEmitter` and `KotlinEmitter`: runtime, contract file (types → decoding →
/// behaviours → observation, then the writer side: encoding), testee.
import Foundation

public struct TypeScriptEmitter: LanguageEmitter {
    public let language = Language.typescript
    public init() {}

    static let directory = "generated/typescript"
    static let lintOff = "/* eslint-disable */"
    /// The runtime module, as the contract modules and the testee import it.
    static let runtimeModule = "./contract-runtime"

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: "  ")
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/contract-runtime.ts", contents: p.text + EmbeddedRuntime.typescript)
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        // The body first: the runtime names it uses decide the import line (an unused import does
        // not compile under --noUnusedLocals).
        var body = CodePrinter(indentUnit: "  ")
        let writer = TypeScriptContractWriter(contract: contract)
        writer.versionGate(&body)
        writer.types(&body)
        writer.decoding(&body)
        writer.behaviours(&body)
        writer.observation(&body)
        writer.encoder(&body)
        var p = CodePrinter(indentUnit: "  ")
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.doc(contract.doc + "\n@packageDocumentation", style: .block)
        p.line()
        TypeScriptNames.importLine(TypeScriptNames.runtimeNames(usedIn: body.text), from: Self.runtimeModule, &p)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/\(contract.targets.typeScriptModule).ts", contents: p.text + body.text)
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        var body = CodePrinter(indentUnit: "  ")
        TypeScriptTesteeWriter(contracts: contracts).write(&body)
        var p = CodePrinter(indentUnit: "  ")
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        TypeScriptNames.importLine(TypeScriptNames.runtimeNames(usedIn: body.text), from: Self.runtimeModule, &p)
        for contract in contracts {
            p.line("import * as \(TypeScriptNames.moduleAlias(contract)) from \(TypeScriptNames.quoted("./" + contract.targets.typeScriptModule));")
        }
        p.line()
        return [GeneratedFile(path: "\(Self.directory)/testee.ts", contents: p.text + body.text)]
    }
}

/// TypeScript spelling of model types and expressions.
enum TypeScriptNames {
    /// An enumeration of the contract, named after the first field that uses it: `RecordSync`.
    struct EnumOwner {
        var typeName: String
        var cases: [String]
        var name: String
        var field: Field
    }

    /// Names every contract module declares besides its types.
    static let generatedTypeNames: Set<String> = ["Status", "Decoded", "Header", "DoneQueue", "DecodeContext"]

    /// Words no local variable may be named in strict-mode TypeScript, plus globals a local must not shadow.
    static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield",
        "let", "static", "implements", "interface", "package", "private", "protected", "public", "await", "arguments",
        "eval", "undefined", "NaN", "Infinity", "Map", "Array", "Object", "Number", "String", "JSON", "Math", "Error",
        "RangeError", "TypeError",
    ]

    /// `widget-data` → `WidgetData`: the alias the testee imports a contract module under.
    static func moduleAlias(_ contract: Contract) -> String { Naming.upperCamel(contract.targets.typeScriptModule) }

    static func enumerations(in type: FieldType) -> [[String]] {
        switch type {
        case .enumeration(let cases): return [cases]
        case .array(let element), .map(let element): return enumerations(in: element)
        default: return []
        }
    }

    /// Every distinct enumeration of the contract, in declaration order, named `<Type><Field>`
    /// (a TypeScript interface cannot nest a type, so the owner's name is the prefix).
    static func enumOwners(_ contract: Contract) -> [EnumOwner] {
        var result: [EnumOwner] = []
        // Sets beside the list keep this linear in the number of enum fields.
        var seenCases: Set<[String]> = []
        var usedNames: Set<String> = []
        let typeNames = Set(contract.types.map(\.name) + contract.types.map { $0.name + "Input" })
        for type in contract.types {
            for field in type.fields {
                for cases in enumerations(in: field.type) where seenCases.insert(cases).inserted {
                    var name = type.name + Naming.upperCamel(field.name)
                    while typeNames.contains(name) || TakenNames.typeScript.contains(name) || usedNames.contains(name) {
                        name += "Value"
                    }
                    usedNames.insert(name)
                    result.append(EnumOwner(typeName: type.name, cases: cases, name: name, field: field))
                }
            }
        }
        return result
    }

    static func enumName(_ cases: [String], owners: [EnumOwner]) -> String {
        owners.first { $0.cases == cases }!.name
    }

    /// The decoded (reader-side) type: readonly collections, string-literal unions.
    static func type(_ type: FieldType, owners: [EnumOwner]) -> String {
        switch type {
        case .string, .localDate: return "string"
        case .bool: return "boolean"
        case .integer, .number, .epochMillis: return "number"
        case .enumeration(let cases): return enumName(cases, owners: owners)
        case .array(let element): return "ReadonlyArray<\(self.type(element, owners: owners))>"
        case .map(let value): return "ReadonlyMap<string, \(self.type(value, owners: owners))>"
        case .object(let name): return name
        }
    }

    /// The writer's (input) type: objects are `<Type>Input`, maps a Map or a plain object.
    static func inputType(_ type: FieldType, owners: [EnumOwner]) -> String {
        switch type {
        case .array(let element): return "ReadonlyArray<\(inputType(element, owners: owners))>"
        case .map(let value): return "ContractInputMap<\(inputType(value, owners: owners))>"
        case .object(let name): return name + "Input"
        default: return self.type(type, owners: owners)
        }
    }

    /// Optional and derived fields are `T | null`; required and defaulted ones never are.
    static func isNullable(_ field: Field) -> Bool {
        if field.derived != nil { return true }
        if case .optional = field.presence { return true }
        return false
    }

    static func declaredType(_ field: Field, owners: [EnumOwner]) -> String {
        type(field.type, owners: owners) + (isNullable(field) ? " | null" : "")
    }

    /// `decodeArrayOfTask`, `decodeMapOfString`, `readRecordSync`.
    static func helperName(_ type: FieldType, owners: [EnumOwner]) -> String {
        switch type {
        case .array(let element): return "decodeArrayOf" + suffix(element, owners: owners)
        case .map(let value): return "decodeMapOf" + suffix(value, owners: owners)
        case .object(let name): return "decode" + name
        default: return "read" + suffix(type, owners: owners)
        }
    }

    static func suffix(_ type: FieldType, owners: [EnumOwner]) -> String {
        switch type {
        case .array(let element): return "ArrayOf" + suffix(element, owners: owners)
        case .map(let value): return "MapOf" + suffix(value, owners: owners)
        case .object(let name): return name
        case .enumeration(let cases): return enumName(cases, owners: owners)
        default: return Naming.upperCamel(type.schemaSpelling)
        }
    }

    static func literal(_ value: DefaultValue) -> String {
        switch value {
        case .bool(let v): return String(v)
        case .integer(let v): return String(v)
        case .number(let v): return number(v, integral: false)
        case .string(let v): return quoted(v)
        case .emptyArray: return "[]"
        case .emptyMap: return "new Map()"
        }
    }

    /// A number literal: integral values without a fraction (JavaScript has one number type).
    static func number(_ value: Double, integral: Bool) -> String {
        if value == value.rounded(), abs(value) < 1e18 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A double-quoted string literal: ASCII only, every other UTF-16 code unit as `\uXXXX`
    /// (so characters outside the BMP become a surrogate pair, as JavaScript strings hold them).
    static func quoted(_ text: String) -> String { StringLiteral.typeScript(text) }

    /// The names the runtime exports, read from its source (so the list never drifts from it).
    static let runtimeExports: [String] = {
        var names: [String] = []
        for line in EmbeddedRuntime.typescript.split(separator: "\n") {
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            guard words.count >= 3, words[0] == "export" else { continue }
            let kind = words[1] == "abstract" ? words[2] : words[1]
            guard ["function", "const", "type", "interface", "class"].contains(kind) else { continue }
            let name = String(words[1] == "abstract" ? words[3] : words[2])
            if !names.contains(name) { names.append(name) }
        }
        return names
    }()

    /// The runtime exports `code` uses: identifiers in code (not in comments or string
    /// literals), not after a `.`. One pass over the UTF-8 bytes (`TypeScriptIdentifierScanner`):
    /// per-Character tokenising was the main cost of emitting a large contract.
    static func runtimeNames(usedIn code: String) -> [String] {
        let used = TypeScriptIdentifierScanner.identifiers(in: code)
        return runtimeExports.filter(used.contains).sorted()
    }

    /// `import { a, b } from "./contract-runtime";`, one name a line when long.
    static func importLine(_ names: [String], from module: String, _ p: inout CodePrinter) {
        guard !names.isEmpty else { return }
        let single = "import { \(names.joined(separator: ", ")) } from \(quoted(module));"
        if single.count <= 100 {
            p.line(single)
            return
        }
        p.block("import {", closer: "} from \(quoted(module));") { p in
            for name in names { p.line(name + ",") }
        }
    }
}

/// Writes the body of one contract module.
struct TypeScriptContractWriter {
    let contract: Contract
    let facts: ContractFacts
    let root: ObjectType
    // Performance: computed once per contract, not once per field (they are linear in the schema,
    // so recomputing them per field made emission quadratic).
    let owners: [TypeScriptNames.EnumOwner]
    /// Names a field's local variable must avoid (`local(_:)`).
    let takenLocalNames: Set<String>

    init(contract: Contract) {
        self.contract = contract
        facts = ContractFacts(contract: contract)
        root = contract.rootType
        owners = TypeScriptNames.enumOwners(contract)
        takenLocalNames = TypeScriptNames.reservedWords.union(Self.functionNames)
            .union(Self.moduleNames(contract, facts: facts, owners: owners)).union(TypeScriptNames.runtimeExports)
    }

    func type(_ type: FieldType) -> String { TypeScriptNames.type(type, owners: owners) }
    func declaredType(_ field: Field) -> String { TypeScriptNames.declaredType(field, owners: owners) }

    /// Names a decoder or encoder function already uses; a field's local must not shadow them.
    static let functionNames: Set<String> = ["json", "context", "object", "value", "input", "path", "satisfying", "scanner", "key", "mark", "text"]

    /// Names declared at the module's top level (types, functions); a local must not shadow them either.
    static func moduleNames(_ contract: Contract, facts: ContractFacts, owners: [TypeScriptNames.EnumOwner]) -> Set<String> {
        var names: Set<String> = ["decode", "observation", "encode", "versionField", "acceptedVersions", "writtenVersion",
                                  "storageKey", "overlaying", "isStale", "header", "dayStart", "computeValidUntil", "resolvingDerivedFields"]
        names.formUnion(TypeScriptNames.generatedTypeNames)
        for type in contract.types {
            names.formUnion([type.name, type.name + "Input", "decode" + type.name, "observe" + type.name,
                             "overlay" + type.name, "encode" + type.name])
        }
        for owner in owners { names.formUnion([owner.name, "read" + owner.name]) }
        for composite in facts.compositeTypes { names.insert(TypeScriptNames.helperName(composite, owners: owners)) }
        return names
    }

    /// The local variable holding a field in a decoder: the field's name unless that would be a
    /// reserved word or shadow a name the decoder needs.
    func local(_ field: Field) -> String {
        var name = field.name
        while takenLocalNames.contains(name) { name += "Value" }
        return name
    }

    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// MARK: - Version gate")
        p.line()
        p.doc(contract.version.doc, style: .block)
        p.line("export const versionField = \(TypeScriptNames.quoted(contract.version.field));")
        p.line("/** The versions this reader accepts; any other renders as `unsupportedVersion`. */")
        p.line("export const acceptedVersions: ReadonlyArray<number> = [\(contract.version.accepts.map(String.init).joined(separator: ", "))];")
        p.line("/** The version the writer writes. */")
        p.line("export const writtenVersion = \(contract.version.writes);")
        if let key = contract.storageKey {
            p.line("/** The shared-storage key the document is written under. */")
            p.line("export const storageKey = \(TypeScriptNames.quoted(key));")
        }
        p.line()
    }

    // MARK: Types

    func types(_ p: inout CodePrinter) {
        p.line("// MARK: - Types")
        for type in contract.types {
            for owner in owners where owner.typeName == type.name {
                p.line()
                p.line("/** The values of `\(type.name).\(owner.field.name)`, each spelled exactly as in JSON. */")
                p.line("export type \(owner.name) = \(owner.cases.map(TypeScriptNames.quoted).joined(separator: " | "));")
            }
            p.line()
            p.doc(type.doc, style: .block)
            p.block("export interface \(type.name) {") { p in
                for field in type.fields {
                    p.doc(field.doc, style: .block)
                    p.line("readonly \(field.name): \(declaredType(field));")
                }
            }
        }
        p.line()
    }

    // MARK: Decoding

    /// The decoder reads the text once, front to back, straight into the types (no intermediate
    /// JSON tree), through the runtime's strict pull scanner: each field is a slot that every
    /// occurrence of its key overwrites, so for a duplicate key the last occurrence wins, as in
    /// JavaScript and org.json. Same structure as `SwiftContractWriter.decoding`.
    func decoding(_ p: inout CodePrinter) {
        p.line("// MARK: - Decoding")
        p.line()
        p.line("/** How a read went. Anything but `ok` renders the empty state; nothing is guessed. */")
        p.line("export type Status = \"ok\" | \"unsupportedVersion\" | \"malformed\" | \"invalid\";")
        p.line()
        p.line("/** The result of `decode`: the status, the value when `ok`, and how many array elements were dropped. */")
        p.block("export interface Decoded {") { p in
            p.line("readonly status: Status;")
            p.line("readonly value: \(root.name) | null;")
            p.line("readonly dropped: number;")
        }
        p.line()
        p.line("/** Decodes the document text. Strict RFC 8259, fail-closed, never throws, never crashes. */")
        p.block("export function decode(text: string): Decoded {") { p in
            p.block("try {", closer: "} catch {") { p in
                p.line("const scanner = new ContractJsonScanner(text);")
                let lookups = facts.lookupFields
                p.line("const context: DecodeContext = { dropped: 0, failed: false, version: undefined\(lookups.map { ", \($0.name): new Map()" }.joined()) };")
                p.line("const isObject = scanner.nextIsObject();")
                p.line("const value = decode\(root.name)(scanner, context);")
                p.line("// Not JSON, not an object, or nested deeper than CONTRACT_MAX_DEPTH: nothing is usable.")
                p.block("if (!isObject || !scanner.finish()) {") { p in
                    p.line("return { status: \"malformed\", value: null, dropped: 0 };")
                }
                p.line("// The version gate comes before any field: a future version may mean something else by every field.")
                p.block("if (context.version === undefined || acceptedVersions.indexOf(context.version) < 0) {") { p in
                    p.line("return { status: \"unsupportedVersion\", value: null, dropped: 0 };")
                }
                p.block("if (value === undefined || context.failed) {") { p in
                    p.line("return { status: \"invalid\", value: null, dropped: 0 };")
                }
                if facts.derivedTypes.isEmpty {
                    p.line("return { status: \"ok\", value, dropped: context.dropped };")
                } else {
                    p.line("return { status: \"ok\", value: resolvingDerivedFields(value, context), dropped: context.dropped };")
                }
            }
            p.indented { p in
                p.line("// Only resource exhaustion (e.g. a string longer than the engine allows) can get here.")
                p.line("return { status: \"malformed\", value: null, dropped: 0 };")
            }
            p.line("}")
        }
        p.line()
        p.line("/** State threaded through one decode. */")
        p.block("interface DecodeContext {") { p in
            p.line("/** Array elements dropped so far, in values that were kept (Swift's `dropped`). */")
            p.line("dropped: number;")
            p.line("/** Set when a `fail-document` field is missing or invalid. */")
            p.line("failed: boolean;")
            p.line("/** " + CommentText.blockCommentLine(CommentText.singleLine("The root's `\(contract.version.field)` slot: its last occurrence, when that is a number.")) + " */")
            p.line("version: number | undefined;")
            for lookup in facts.lookupFields {
                p.line("/** `\(lookup.name)`, read with the root, for derived fields (exact UTF-16 keys). */")
                p.line("\(lookup.name): \(type(lookup.type));")
            }
        }
        if !facts.derivedTypes.isEmpty {
            p.line()
            p.line("/**")
            p.line(" * Derived fields are filled in once the whole document is read: the map they look into")
            p.line(" * may come after the elements that use it.")
            p.line(" */")
            p.block("function resolvingDerivedFields(value: \(root.name), context: DecodeContext): \(root.name) {") { p in
                p.line("let result = value;")
                for type in facts.derivedTypes {
                    p.block("result = each\(type.name)In\(root.name)(result, (element) => ({", closer: "}));") { p in
                        p.line("...element,")
                        for field in type.fields {
                            guard let derived = field.derived else { continue }
                            let keyIsNullable = type.field(named: derived.keyField).map(TypeScriptNames.isNullable) ?? true
                            let lookup = "context.\(derived.lookupField).get(element.\(derived.keyField)) ?? null"
                            p.line("// \(field.name) = \(derived.lookupField)[\(derived.keyField)] when both exist, else null.")
                            p.line(keyIsNullable
                                   ? "\(field.name): element.\(derived.keyField) === null ? null : \(lookup),"
                                   : "\(field.name): \(lookup),")
                        }
                    }
                }
                p.line("return result;")
            }
        }
        for owner in owners {
            p.line()
            enumReader(owner, &p)
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

    /// An enumeration's reader: exactly one of its JSON spellings (no case folding), else undefined.
    func enumReader(_ owner: TypeScriptNames.EnumOwner, _ p: inout CodePrinter) {
        p.line("/** A `\(owner.field.name)` value: exactly one of its JSON spellings (no case folding, no trimming), else undefined. */")
        p.block("function read\(owner.name)(text: string | undefined): \(owner.name) | undefined {") { p in
            p.block("switch (text) {") { p in
                for value in owner.cases { p.line("case \(TypeScriptNames.quoted(value)):") }
                p.indented { p in p.line("return text;") }
                p.line("default:")
                p.indented { p in p.line("return undefined;") }
            }
        }
    }

    /// Whether decoding a value of this type touches the decode context (drop counter, failure
    /// flag, version, lookups); a parameter that is never read does not compile under --noUnusedParameters.
    func needsContext(_ type: FieldType) -> Bool {
        switch type {
        case .array: return true
        case .map(let value): return passesContext(value)
        case .object(let name):
            guard let object = contract.type(named: name) else { return false }
            if name == root.name { return true }
            return object.storedFields.contains { field in
                if case .required(.failDocument) = field.presence { return true }
                return passesContext(field.type)
            }
        default: return false
        }
    }

    /// Whether reading a value of this type calls a decoder that takes the context.
    func passesContext(_ type: FieldType) -> Bool {
        switch type {
        case .array, .map, .object: return true
        default: return false
        }
    }

    func contextParameter(_ type: FieldType) -> String {
        needsContext(type) ? "context: DecodeContext" : "_context: DecodeContext"
    }

    /// The decoder of one object type: undefined when the value is not an object or a
    /// `drop-element` field fails. Drops inside it count only if it is kept.
    func objectDecoder(_ type: ObjectType, _ p: inout CodePrinter) {
        let isRoot = type.name == root.name
        p.block("function decode\(type.name)(scanner: ContractJsonScanner, \(contextParameter(.object(type.name)))): \(type.name) | undefined {") { p in
            p.block("if (!scanner.enterObject()) {") { p in
                p.line("scanner.skipValue();")
                p.line("return undefined;")
            }
            for field in type.storedFields {
                p.line("let \(field.name)Slot: \(slotType(field)) | undefined;")
                if field.type.countsDrops { p.line("let \(field.name)Dropped = 0;") }
            }
            p.block("for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) {") { p in
                var first = true
                if isRoot {
                    p.line("if (key.matches(versionField)) {")
                    p.indented { p in p.line("context.version = scanner.anyNumber();") }
                    first = false
                }
                for field in type.storedFields {
                    p.line("\(first ? "if" : "} else if") (key.matches(\(TypeScriptNames.quoted(field.jsonKey)))) {")
                    p.indented { p in fieldDecode(field, &p) }
                    first = false
                }
                if first {
                    p.line("scanner.skipValue();")
                } else {
                    p.line("} else {")
                    p.indented { p in p.line("scanner.skipValue(); // unknown keys are ignored: fields are added within a version") }
                    p.line("}")
                }
            }
            p.line("if (scanner.failed) return undefined;")
            for field in type.storedFields {
                presencePolicy(field, &p)
            }
            let counted = type.storedFields.filter { $0.type.countsDrops }
            if !counted.isEmpty {
                p.line("context.dropped += " + counted.map { "\($0.name)Dropped" }.joined(separator: " + ") + ";")
            }
            if isRoot {
                for field in facts.lookupFields {
                    p.line("context.\(field.name) = \(field.name)Slot ?? new Map();")
                }
            }
            let members = type.fields.map { field -> String in
                if field.derived != nil { return "\(field.name): null" }
                return local(field) == field.name ? field.name : "\(field.name): \(local(field))"
            }
            p.line("return { \(members.joined(separator: ", ")) };")
        }
    }

    /// The type of a field's slot (without the `| undefined` of a slot not yet filled).
    func slotType(_ field: Field) -> String { type(field.type) }

    /// One occurrence of the key: read the value into the slot (the last occurrence wins). A
    /// composite value's drops are held apart (a duplicate key resets them) until the object is kept.
    func fieldDecode(_ field: Field, _ p: inout CodePrinter) {
        if field.type.countsDrops {
            p.line("const mark = context.dropped;")
            p.line("\(field.name)Slot = \(readExpression(field));")
            p.line("\(field.name)Dropped = context.dropped - mark;")
            p.line("context.dropped = mark;")
        } else {
            p.line("\(field.name)Slot = \(readExpression(field));")
        }
    }

    /// After all keys: the field's presence policy decides what a missing or invalid value becomes.
    func presencePolicy(_ field: Field, _ p: inout CodePrinter) {
        let slot = "\(field.name)Slot"
        let name = local(field)
        switch field.presence {
        case .required(.dropElement):
            p.line("const \(name) = \(slot);")
            p.line("if (\(name) === undefined) return undefined; // \(field.name) missing or invalid: the element is dropped")
        case .required(.failDocument):
            p.line("const \(name) = \(slot);")
            p.block("if (\(name) === undefined) {") { p in
                p.line("context.failed = true; // \(field.name) missing or invalid: the whole document is unusable")
                p.line("return undefined;")
            }
        case .optional:
            p.line("const \(name) = \(slot) ?? null;")
        case .defaultValue(let value):
            p.line("const \(name) = \(slot) ?? \(TypeScriptNames.literal(value));")
        }
    }

    /// An expression of type `T | undefined` reading one value from `scanner`: the value when it has
    /// the right type and meets the constraints, else undefined (the value is still consumed and checked).
    func readExpression(_ field: Field) -> String {
        var expression: String
        switch field.type {
        case .string: expression = "scanner.string()"
        case .bool: expression = "scanner.bool()"
        case .integer: expression = "scanner.integer()"
        case .number: expression = "scanner.number()"
        case .localDate: expression = "scanner.localDate()"
        case .epochMillis: expression = "scanner.epochMillis()"
        case .enumeration: expression = "\(TypeScriptNames.helperName(field.type, owners: owners))(scanner.string())"
        case .array, .map, .object: expression = "\(TypeScriptNames.helperName(field.type, owners: owners))(scanner, context)"
        }
        let conditions = constraintConditions(field, value: "v")
        if !conditions.isEmpty {
            expression = "satisfying(\(expression), (v) => \(conditions.joined(separator: " && ")))"
        }
        return expression
    }

    /// The field's constraints as boolean expressions over `value`.
    func constraintConditions(_ field: Field, value: String) -> [String] {
        var conditions: [String] = []
        let c = field.constraints
        if c.nonEmpty {
            if case .map = field.type { conditions.append("\(value).size > 0") } else { conditions.append("\(value).length > 0") }
        }
        let integral = field.type == .integer || field.type == .epochMillis
        if let min = c.min { conditions.append("\(value) >= \(TypeScriptNames.number(min, integral: integral))") }
        if let max = c.max { conditions.append("\(value) <= \(TypeScriptNames.number(max, integral: integral))") }
        return conditions
    }

    func compositeDecoder(_ type: FieldType, _ p: inout CodePrinter) {
        let field = ContractFacts.elementField(at: contract.location)
        let name = TypeScriptNames.helperName(type, owners: owners)
        switch type {
        case .array(let element):
            var elementField = field
            elementField.type = element
            let elementType = self.type(element)
            let counts = element.countsDrops
            p.line("/** An array; each element that is not a valid \(element.schemaSpelling) is dropped and counted. */")
            p.block("function \(name)(scanner: ContractJsonScanner, context: DecodeContext): \(elementType)[] | undefined {") { p in
                p.block("if (!scanner.enterArray()) {") { p in
                    p.line("scanner.skipValue();")
                    p.line("return undefined;")
                }
                p.line("const result: \(elementType)[] = [];")
                p.block("while (scanner.nextElement()) {") { p in
                    if counts { p.line("const mark = context.dropped;") }
                    p.line("const value = \(readExpression(elementField));")
                    p.block("if (value !== undefined) {", closer: "} else {") { p in
                        p.line("result.push(value);")
                    }
                    p.indented { p in
                        if counts {
                            p.line("context.dropped = mark + 1; // one bad row never hides the others; drops inside it do not count")
                        } else {
                            p.line("context.dropped += 1; // one bad row never hides the others")
                        }
                    }
                    p.line("}")
                }
                p.line("return scanner.failed ? undefined : result;")
            }
        case .map(let value):
            var valueField = field
            valueField.type = value
            let valueType = self.type(value)
            let counts = value.countsDrops
            p.line("/**")
            p.line(" * A string-keyed map; entries whose value is not a valid \(value.schemaSpelling) are ignored one by one;")
            p.line(" * a duplicate key replaces the earlier entry (the last wins).")
            p.line(" */")
            p.block("function \(name)(scanner: ContractJsonScanner, \(contextParameter(type))): Map<string, \(valueType)> | undefined {") { p in
                p.block("if (!scanner.enterObject()) {") { p in
                    p.line("scanner.skipValue();")
                    p.line("return undefined;")
                }
                p.line("const result = new Map<string, \(valueType)>();")
                if counts { p.line("const innerDropped = new Map<string, number>();") }
                p.block("for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) {") { p in
                    if counts { p.line("const mark = context.dropped;") }
                    p.line("const value = \(readExpression(valueField));")
                    if counts {
                        p.line("const inner = context.dropped - mark;")
                        p.line("context.dropped = mark;")
                    }
                    p.line("// A key holding an unpaired surrogate is not a string, so no entry has it.")
                    p.line("const name = key.text;")
                    p.line("if (name === undefined) continue;")
                    p.line("result.delete(name);")
                    if counts { p.line("innerDropped.delete(name);") }
                    p.block("if (value !== undefined) {") { p in
                        p.line("result.set(name, value);")
                        if counts { p.line("innerDropped.set(name, inner);") }
                    }
                }
                p.line("if (scanner.failed) return undefined;")
                if counts { p.line("for (const inner of innerDropped.values()) context.dropped += inner;") }
                p.line("return result;")
            }
        default:
            break
        }
    }

    /// `each<Target>In<Type>(value, update)`: applies an update to every `Target` anywhere inside a value.
    func walkers(to target: String, _ p: inout CodePrinter) {
        let containing = facts.typesContaining(target)
        for type in contract.types where containing.contains(type.name) {
            p.line()
            p.block("function each\(target)In\(type.name)(value: \(type.name), update: (element: \(target)) => \(target)): \(type.name) {") { p in
                var members: [String] = []
                for field in type.storedFields {
                    guard let transform = walkTransform(field.type, target: target, containing: containing, value: "value.\(field.name)", depth: 0) else { continue }
                    members.append(TypeScriptNames.isNullable(field)
                                   ? "\(field.name): value.\(field.name) === null ? null : \(transform),"
                                   : "\(field.name): \(transform),")
                }
                let base = type.name == target ? "update(value)" : "value"
                if members.isEmpty {
                    p.line("return \(base);")
                } else {
                    p.block("return {", closer: "};") { p in
                        p.line("...\(base),")
                        for member in members { p.line(member) }
                    }
                }
            }
        }
    }

    func walkTransform(_ type: FieldType, target: String, containing: Set<String>, value: String, depth: Int) -> String? {
        switch type {
        case .object(let name) where containing.contains(name):
            return "each\(target)In\(name)(\(value), update)"
        case .array(let element):
            return walkTransform(element, target: target, containing: containing, value: "e\(depth)", depth: depth + 1)
                .map { "\(value).map((e\(depth)) => \($0))" }
        case .map(let element):
            return walkTransform(element, target: target, containing: containing, value: "e\(depth)", depth: depth + 1)
                .map { "new Map(Array.from(\(value), ([k\(depth), e\(depth)]): [string, \(self.type(element))] => [k\(depth), \($0)]))" }
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
        if let staleness = b.staleness, let field = root.field(named: staleness.field) {
            p.line()
            p.doc(staleness.doc, style: .block)
            p.block("export function isStale(value: \(root.name) | null, now: number): boolean {") { p in
                p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
                p.line("if (value === null\(TypeScriptNames.isNullable(field) ? " || value.\(staleness.field) === null" : "")) return false;")
                p.line("// Boundary inclusive: at \(staleness.field) itself the snapshot is no longer today's.")
                p.line("return now >= value.\(staleness.field);")
            }
        }
        if let header = b.header {
            p.line()
            p.line("/** What the widget header shows. */")
            p.line("export type Header =")
            p.indented { p in
                p.line("| { readonly kind: \"today\" }")
                p.line("/** Stale: the first instant of the snapshot's day in the zone, or null when the day or zone is unreadable. */")
                p.line("| { readonly kind: \"outdated\"; readonly dayMs: number | null };")
            }
            p.line()
            p.doc(header.doc + "\nAn unknown zone id gives a null day, never a silent UTC.", style: .block)
            p.block("export function header(value: \(root.name) | null, now: number, timeZoneId: string): Header {") { p in
                p.line("if (!isStale(value, now)) return { kind: \"today\" };")
                p.line("const day = value === null ? null : value.\(header.dayField);")
                p.line("return { kind: \"outdated\", dayMs: day === null ? null : dayStartMs(day, timeZoneId) ?? null };")
            }
            p.line()
            p.line("/** The first instant of a local day in a zone (null for an invalid day or zone). */")
            p.block("export function dayStart(dayStr: string, timeZoneId: string): number | null {") { p in
                p.line("return dayStartMs(dayStr, timeZoneId) ?? null;")
            }
        }
        if let validUntil = b.validUntil {
            p.line()
            p.doc(validUntil.doc + "\nNull for an invalid day, an unknown zone id, a non-integral offset or a result outside ±(2^53−1).", style: .block)
            p.block("export function computeValidUntil(dayStr: string, startOfNextDayDiffMs: number, timeZoneId: string): number | null {") { p in
                p.line("return validUntilMs(dayStr, startOfNextDayDiffMs, timeZoneId) ?? null;")
            }
        }
        if let queue = b.doneQueue, let flag = contract.type(named: queue.binding.typeName)?.field(named: queue.binding.flagField) {
            p.line()
            p.doc(queue.binding.doc, style: .block)
            p.block("export const DoneQueue = Object.freeze({", closer: "});") { p in
                if let key = queue.storageKey {
                    p.line("/** The shared-storage key of the queue. */")
                    p.line("storageKey: \(TypeScriptNames.quoted(key)),")
                    p.line()
                }
                p.line("/** The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost. */")
                p.block("set(queue: string | null | undefined, taskId: string, isDone: boolean): string {", closer: "},") { p in
                    p.line("return queueSet(queue, taskId, isDone);")
                }
                p.line()
                p.line("/** The boolean targets in the queue; a bad entry never hides the others. */")
                p.block("peek(queue: string | null | undefined): Map<string, boolean> {", closer: "},") { p in
                    p.line("return queuePeek(queue);")
                }
                p.line()
                p.line("/** The changes to apply, by task id in UTF-16 code-unit order. */")
                p.block("drain(queue: string | null | undefined, current: ReadonlyMap<string, boolean>): Array<{ id: string; isDone: boolean }> {", closer: "},") { p in
                    p.line("return queueDrain(queue, current);")
                }
                p.line()
                p.line("/** `drain` against decoded tasks (their blob `\(queue.binding.flagField)`); Swift's `drain(_:tasks:)`. */")
                p.block("drainTasks(queue: string | null | undefined, tasks: ReadonlyArray<\(queue.binding.typeName)>): Array<{ id: string; isDone: boolean }> {", closer: "},") { p in
                    p.line("const current = new Map<string, boolean>();")
                    if TypeScriptNames.isNullable(flag) {
                        p.line("for (const task of tasks) if (task.\(queue.binding.flagField) !== null) current.set(task.\(queue.binding.idField), task.\(queue.binding.flagField));")
                    } else {
                        p.line("for (const task of tasks) current.set(task.\(queue.binding.idField), task.\(queue.binding.flagField));")
                    }
                    p.line("return queueDrain(queue, current);")
                }
            }
        }
        TypeScriptTimelineRenderer(contract: contract).behaviour(&p)
        p.line()
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .block)
        p.block("export function overlaying(value: \(root.name), pending: ReadonlyMap<string, boolean>): \(root.name) {") { p in
            p.block("return each\(overlay.typeName)In\(root.name)(value, (element) => {", closer: "});") { p in
                p.line("// Only a boolean target counts; anything else in the queue leaves the blob's \(overlay.flagField).")
                p.line("const target = pending.get(element.\(overlay.idField));")
                p.line("return typeof target === \"boolean\" ? { ...element, \(overlay.flagField): target } : element;")
            }
        }
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("// MARK: - Observation (what conformance tests compare)")
        p.line()
        p.line("/** The canonical JSON observation of a decode, as golden cases expect it. */")
        p.block("export function observation(decoded: Decoded): ContractJson {") { p in
            p.line("const result: ContractJsonObject = new Map();")
            p.line("result.set(\"status\", decoded.status);")
            switch contract.observation {
            case .wrapped:
                p.line("result.set(\"value\", decoded.value === null ? null : observe\(root.name)(decoded.value));")
            case .flat(let omit, let dropped):
                p.line("const value = decoded.value;")
                p.block("if (value !== null) {", closer: "} else {") { p in
                    for field in root.fields where !omit.contains(field.name) {
                        p.line("result.set(\(TypeScriptNames.quoted(field.observedKey)), \(observeExpression(field.type, value: "value.\(field.name)", optional: TypeScriptNames.isNullable(field), depth: 0)));")
                    }
                }
                p.indented { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    for field in root.fields where !omit.contains(field.name) {
                        let empty: String
                        switch field.type {
                        case .array: empty = "[]"
                        case .map: empty = "new Map()"
                        default: empty = "null"
                        }
                        p.line("result.set(\(TypeScriptNames.quoted(field.observedKey)), \(empty));")
                    }
                }
                p.line("}")
                if dropped { p.line("result.set(\"dropped\", decoded.dropped);") }
            }
            p.line("return result;")
        }
        // Only the types the observation reaches (an unused function does not compile under --noUnusedLocals).
        for type in contract.types where observedTypes.contains(type.name) {
            p.line()
            p.block("function observe\(type.name)(value: \(type.name)): ContractJson {") { p in
                p.line("const result: ContractJsonObject = new Map();")
                for field in type.fields {
                    p.line("result.set(\(TypeScriptNames.quoted(field.observedKey)), \(observeExpression(field.type, value: "value.\(field.name)", optional: TypeScriptNames.isNullable(field), depth: 0)));")
                }
                p.line("return result;")
            }
        }
        p.line()
    }

    /// The object types `observation` reaches: from the root (wrapped) or from its observed fields (flat).
    var observedTypes: Set<String> {
        var result: Set<String> = []
        var pending: [String] = []
        switch contract.observation {
        case .wrapped:
            pending = [root.name]
        case .flat(let omit, _):
            pending = root.fields.filter { !omit.contains($0.name) }.flatMap { SchemaValidator.referencedTypes($0.type) }
        }
        while let name = pending.popLast() {
            guard result.insert(name).inserted, let type = contract.type(named: name) else { continue }
            pending += type.fields.flatMap { SchemaValidator.referencedTypes($0.type) }
        }
        return result
    }

    /// Scalars are their own JSON (null included); objects, arrays and maps are rebuilt.
    /// Maps keep the document's key order (a Map is ordered; order is never observable in results).
    func observeExpression(_ type: FieldType, value: String, optional: Bool, depth: Int) -> String {
        switch type {
        case .string, .localDate, .bool, .integer, .epochMillis, .number, .enumeration:
            return value
        default:
            break
        }
        if optional {
            return "\(value) === null ? null : \(observeExpression(type, value: value, optional: false, depth: depth))"
        }
        switch type {
        case .object(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return "\(value).map((e\(depth)): ContractJson => \(observeExpression(element, value: "e\(depth)", optional: false, depth: depth + 1)))"
        case .map(let element):
            return "new Map(Array.from(\(value), ([k\(depth), e\(depth)]): [string, ContractJson] => [k\(depth), \(observeExpression(element, value: "e\(depth)", optional: false, depth: depth + 1))]))"
        default:
            return value
        }
    }

    // MARK: Encoding (the writer side)

    func encoder(_ p: inout CodePrinter) {
        p.line("// MARK: - Encoding (the writer side: the app writes the blob)")
        for type in contract.types {
            p.line()
            p.doc(type.doc + "\nThe writer's input: required fields are required; optional fields may be left out (undefined or null: the key is not written, never as null); fields with a default may be left out (the default is written); derived fields are computed by readers, never written.", style: .block)
            p.block("export interface \(type.name)Input {") { p in
                for field in type.storedFields {
                    var doc = field.doc
                    let fieldType = TypeScriptNames.inputType(field.type, owners: owners)
                    switch field.presence {
                    case .required:
                        p.doc(doc, style: .block)
                        p.line("readonly \(field.name): \(fieldType);")
                    case .optional:
                        doc += "\nLeft out (or null): the key is not written."
                        p.doc(doc, style: .block)
                        p.line("readonly \(field.name)?: \(fieldType) | null;")
                    case .defaultValue(let value):
                        doc += "\nLeft out: written as \(value.spelling)."
                        p.doc(doc, style: .block)
                        p.line("readonly \(field.name)?: \(fieldType);")
                    }
                }
            }
        }
        p.line()
        var encodeDoc = "The document text for `input`, as readers expect it: `{\"\(contract.version.field)\":\(contract.version.writes),…}` with the version first, then the fields in declaration order; optional fields left out (undefined or null) are omitted, never written as null; left-out defaulted fields are written with their default; derived fields are never written."
        encodeDoc += "\nEvery value is checked against the readers' rules first: a value they would not read back as given (a wrong type, NaN or ±Infinity, a fractional or unsafe integer, a timestamp below 1, an invalid date, a string with an unpaired surrogate, an unknown enum value, a value outside its constraints) throws a ContractEncodeError naming its path, rather than writing a blob that renders something else."
        if let validUntil = contract.behaviours.validUntil {
            encodeDoc += "\n`\(contract.behaviours.staleness?.field ?? "validUntil")`: compute it with `computeValidUntil(\(validUntil.dayField), startOfNextDayDiffMs, timeZoneId)` (the same calendar code the readers use), never as \"+24h\"."
        }
        p.doc(encodeDoc, style: .block)
        p.block("export function encode(input: \(root.name)Input): string {") { p in
            p.line("return serializeContractJson(encode\(root.name)(input, \"$\"));")
        }
        for type in contract.types {
            p.line()
            objectEncoder(type, &p)
        }
    }

    /// The encoder of one object type: a new JSON object with the stored fields in declaration order.
    func objectEncoder(_ type: ObjectType, _ p: inout CodePrinter) {
        p.block("function encode\(type.name)(input: \(type.name)Input, path: string): ContractJsonObject {") { p in
            p.line("const object = writeObject(input, path);")
            if type.name == root.name {
                p.line("// The version first: readers check it before anything it gates.")
                p.line("object.set(versionField, writtenVersion);")
            }
            let firstOptional = type.storedFields.first { $0.presence == .optional }?.name
            for field in type.storedFields {
                if field.name == firstOptional {
                    p.line("// Optional fields left out or null are not written at all: a null would be a second spelling of absent.")
                }
                fieldEncode(field, &p)
            }
            p.line("return object;")
        }
    }

    /// `object.set(name, <checked value>)` under the presence policy.
    func fieldEncode(_ field: Field, _ p: inout CodePrinter) {
        let source = "input.\(field.name)"
        let key = TypeScriptNames.quoted(field.jsonKey)
        let path = "path + \(TypeScriptNames.quoted("." + field.name))"
        switch field.presence {
        case .required:
            p.line("object.set(\(key), \(writeExpression(field, source: source, path: path)));")
        case .optional:
            p.block("if (\(source) !== undefined && \(source) !== null) {") { p in
                p.line("object.set(\(key), \(writeExpression(field, source: source, path: path)));")
            }
        case .defaultValue(let value):
            p.line("object.set(\(key), \(writeExpression(field, source: "\(source) ?? \(TypeScriptNames.literal(value))", path: path)));")
        }
    }

    /// An expression writing `source` as JSON, throwing ContractEncodeError when a reader would not
    /// read it back as given.
    func writeExpression(_ field: Field, source: String, path: String) -> String {
        var expression = writeValue(field.type, source: source, path: path, depth: 0)
        let conditions = constraintConditions(field, value: "v")
        if !conditions.isEmpty {
            var expected: [String] = []
            if field.constraints.nonEmpty { expected.append("non-empty") }
            let integral = field.type == .integer || field.type == .epochMillis
            if let min = field.constraints.min { expected.append(">= \(TypeScriptNames.number(min, integral: integral))") }
            if let max = field.constraints.max { expected.append("<= \(TypeScriptNames.number(max, integral: integral))") }
            expression = "writeSatisfying(\(expression), (v) => \(conditions.joined(separator: " && ")), \(TypeScriptNames.quoted(expected.joined(separator: ", "))), \(path))"
        }
        return expression
    }

    func writeValue(_ type: FieldType, source: String, path: String, depth: Int) -> String {
        switch type {
        case .string: return "writeString(\(source), \(path))"
        case .bool: return "writeBool(\(source), \(path))"
        case .integer: return "writeInteger(\(source), \(path))"
        case .number: return "writeNumber(\(source), \(path))"
        case .localDate: return "writeLocalDate(\(source), \(path))"
        case .epochMillis: return "writeEpochMillis(\(source), \(path))"
        case .enumeration(let cases): return "writeOneOf(\(source), [\(cases.map(TypeScriptNames.quoted).joined(separator: ", "))], \(path))"
        case .object(let name): return "encode\(name)(\(source), \(path))"
        case .array(let element):
            return "writeArray(\(source), \(path), (e\(depth), p\(depth)) => \(writeValue(element, source: "e\(depth)", path: "p\(depth)", depth: depth + 1)))"
        case .map(let element):
            return "writeMap(\(source), \(path), (e\(depth), p\(depth)) => \(writeValue(element, source: "e\(depth)", path: "p\(depth)", depth: depth + 1)))"
        }
    }
}
