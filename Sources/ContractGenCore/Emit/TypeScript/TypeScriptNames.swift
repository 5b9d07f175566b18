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
    static var generatedTypeNames: Set<String> { TypeScriptFacts.generatedTypeNames }

    /// Words no local variable may be named in strict-mode TypeScript, plus globals a local must not shadow.
    static var reservedWords: Set<String> { TypeScriptFacts.reservedWords }

    /// `widget-data` → `WidgetData`: the alias the testee imports a contract module under.
    static func moduleAlias(_ contract: Contract) -> String { Naming.upperCamel(contract.targets.typeScriptModule) }

    /// A union variant's interface: the union's name and the variant's Kotlin subclass name
    /// (`Attachment` + `photo` → `AttachmentPhoto`), extending the variant type with the tag. An
    /// interface, not `{ readonly kind: "photo" } & Photo`: an intersection with a type literal
    /// gives a field named like an Object member (`toString: boolean`) the type `(() => string) & boolean`.
    static func unionVariantName(_ union: String, tag: String) -> String {
        union + KotlinNames.unionCaseName(tag)
    }

    /// Every variant interface of the contract's unions (their `Input` twins are these plus `Input`).
    static func unionVariantNames(_ contract: Contract) -> [String] {
        contract.unions.flatMap { union in union.variants.map { unionVariantName(union.name, tag: $0.tag) } }
    }

    /// Every distinct enumeration of the contract, in declaration order, named `<Type><Field>`
    /// (a TypeScript interface cannot nest a type, so the owner's name is the prefix).
    static func enumOwners(_ contract: Contract) -> [EnumOwner] {
        var result: [EnumOwner] = []
        // Sets beside the list keep this linear in the number of enum fields.
        var seenCases: Set<[String]> = []
        var usedNames: Set<String> = []
        let declared = contract.types.map(\.name) + contract.unions.map(\.name) + unionVariantNames(contract)
        let typeNames = Set(declared + declared.map { $0 + "Input" })
        for type in contract.types {
            for field in type.fields {
                for cases in EnumDeclarationPlan.enumerations(in: field.type) where seenCases.insert(cases).inserted {
                    var name = type.name + Naming.upperCamel(field.name)
                    while typeNames.contains(name) || TypeScriptFacts.takenTypeNames.contains(name) || usedNames.contains(name) {
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
        case .integer, .number, .epochMillis, .dateTime: return "number"
        case .enumeration(let cases, _): return enumName(cases, owners: owners)
        case .array(let element): return "ReadonlyArray<\(self.type(element, owners: owners))>"
        case .map(let value): return "ReadonlyMap<string, \(self.type(value, owners: owners))>"
        case .object(let name), .union(let name): return name
        }
    }

    /// The writer's (input) type: objects are `<Type>Input`, maps a Map or a plain object.
    static func inputType(_ type: FieldType, owners: [EnumOwner]) -> String {
        switch type {
        case .array(let element): return "ReadonlyArray<\(inputType(element, owners: owners))>"
        case .map(let value): return "ContractInputMap<\(inputType(value, owners: owners))>"
        case .object(let name), .union(let name): return name + "Input"
        case .string, .bool, .integer, .number, .localDate, .epochMillis, .dateTime, .enumeration: return self.type(type, owners: owners)
        }
    }

    /// Optional and derived fields are `T | null`; required and defaulted ones never are.
    static func isNullable(_ field: Field) -> Bool { ObjectPlan.isNullable(field) }

    /// An `explicit-null` field is also `undefined` when absent (null is a value of its own).
    static func declaredType(_ field: Field, owners: [EnumOwner]) -> String {
        type(field.type, owners: owners) + (isNullable(field) ? " | null" : "") + (field.explicitNull ? " | undefined" : "")
    }

    /// The helper a read calls: `decodeArrayOfTask`, `decodeMapOfString`, `decodeTask`, `readRecordSync`.
    static func helperName(_ operation: ReadOperation, owners: [EnumOwner]) -> String {
        switch operation {
        case .array(let element): return "decodeArrayOf" + suffix(element, owners: owners)
        case .map(let value): return "decodeMapOf" + suffix(value, owners: owners)
        case .object(let name), .union(let name): return "decode" + name
        case .enumeration(let cases, _): return "read" + enumName(cases, owners: owners)
        case .scalar: return "read" + suffix(operation, owners: owners)
        }
    }

    static func suffix(_ operation: ReadOperation, owners: [EnumOwner]) -> String {
        switch operation {
        case .array(let element): return "ArrayOf" + suffix(element, owners: owners)
        case .map(let value): return "MapOf" + suffix(value, owners: owners)
        case .object(let name), .union(let name): return name
        case .enumeration(let cases, let unknown):
            // Type and enum names have no `_`: an enum's part never equals a type's (`Enum_EventTags_Or3`).
            return "Enum_" + enumName(cases, owners: owners) + Naming.openEnumMarker(cases, unknown: unknown)
        case .scalar(let kind): return Naming.upperCamel(kind.rawValue)
        }
    }

    /// The runtime's writer of a scalar kind: `writeString`, `writeEpochMillis`.
    static func writer(_ kind: ScalarKind) -> String { "write" + Naming.upperCamel(kind.rawValue) }

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

    /// The names the runtime and the testee support export as types only (`export type`,
    /// `export interface`): imported with an inline `type`, as `verbatimModuleSyntax` and
    /// `isolatedModules` bundlers require.
    static let typeOnlyExports: Set<String> = {
        var names: Set<String> = []
        for source in [EmbeddedRuntime.typescript, EmbeddedRuntime.typescriptTestee] {
            for line in source.split(separator: "\n") {
                let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                if words.count >= 3, words[0] == "export", words[1] == "type" || words[1] == "interface" { names.insert(String(words[2])) }
            }
        }
        return names
    }()

    /// `import { a, type B } from "./contract-runtime";`, one name a line when long.
    static func importLine(_ names: [String], from module: String, _ p: inout CodePrinter) {
        guard !names.isEmpty else { return }
        let names = names.map { typeOnlyExports.contains($0) ? "type " + $0 : $0 }
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
