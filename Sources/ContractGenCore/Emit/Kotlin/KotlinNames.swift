/// Kotlin spelling of model types and expressions.
enum KotlinNames {

    /// An enum class, nested in the type of the field that declares it (as in Swift; see
    /// `EnumDeclarationPlan`).
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

    /// Every enum class of the contract, in declaration order (`EnumDeclarationPlan` decides which
    /// field declares each), named after that field.
    static func enumDeclarations(_ contract: Contract) -> [EnumDeclaration] {
        var result: [EnumDeclaration] = []
        let typeNames = Set(contract.types.map(\.name))
        for planned in EnumDeclarationPlan.all(in: contract) {
            let typeName = planned.owner.name
            var name = Naming.upperCamel(planned.field.name)
            // `Companion` too: the enum class declares a `companion object` (`fromJson`), which
            // an enum class of that name could not inherit from or name.
            if typeNames.contains(name) || KotlinFacts.takenTypeNames.contains(name) || name == typeName || name == "Companion" { name += "Value" }
            while result.contains(where: { $0.typeName == typeName && $0.enumName == name }) { name += "Value" }
            result.append(EnumDeclaration(cases: planned.cases, typeName: typeName, enumName: name, field: planned.field))
        }
        return result
    }

    /// `idle` → `IDLE`, `unsupportedVersion` → `UNSUPPORTED_VERSION`; anything that is not a letter
    /// or digit becomes `_`, a leading digit gets a `_` prefix, duplicates get a numeric suffix.
    /// One value's case name before duplicates are told apart (the validator refuses duplicates).
    /// A union variant's subclass of the sealed class: `photo` → `Photo`, `web-link` → `WebLink`.
    static func unionCaseName(_ tag: String) -> String {
        Naming.upperCamel(tag)
    }

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

    /// The case name of one of `cases`.
    static func caseName(_ value: String, in cases: [String]) -> String {
        caseNames(cases)[cases.firstIndex(of: value)!]
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
        case .integer, .epochMillis, .dateTime: return "Long"
        case .number: return "Double"
        case .enumeration(let cases, _):
            let declaration = declaration(cases, field: field, owner: owner, enums: enums)
            return declaration.typeName == within ? declaration.enumName : declaration.qualified
        case .array(let element): return "List<\(self.type(element, enums: enums, within: within))>"
        case .map(let value): return "Map<String, \(self.type(value, enums: enums, within: within))>"
        case .object(let name), .union(let name): return name
        }
    }

    /// Optional and derived fields are nullable; required and defaulted ones never are.
    static func isNullable(_ field: Field) -> Bool { ObjectPlan.isNullable(field) }

    /// The helper a composite or object read calls: `decodeArrayOfTask`, `decodeMapOfString`, `decodeTask`.
    static func helperName(_ operation: ReadOperation, enums: [EnumDeclaration]) -> String {
        switch operation {
        case .array(let element): return "decodeArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "decodeMapOf" + suffix(value, enums: enums)
        case .object(let name), .union(let name): return "decode" + name
        case .enumeration(let cases, _):
            let declaration = enums.first { $0.cases == cases }!
            return "read" + declaration.typeName + declaration.enumName
        case .scalar: return "read" + suffix(operation, enums: enums)
        }
    }

    static func suffix(_ operation: ReadOperation, enums: [EnumDeclaration]) -> String {
        switch operation {
        case .array(let element): return "ArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "MapOf" + suffix(value, enums: enums)
        case .object(let name), .union(let name): return name
        case .enumeration(let cases, let unknown):
            // Type and enum names have no `_`: an enum's part never equals a type's (`Enum_Event_Tags_Or3`).
            let declaration = enums.first { $0.cases == cases }!
            return "Enum_" + declaration.typeName + "_" + declaration.enumName + Naming.openEnumMarker(cases, unknown: unknown)
        case .scalar(let kind): return Naming.upperCamel(kind.rawValue)
        }
    }

    static func literal(_ value: DefaultValue, field: Field, owner: String, enums: [EnumDeclaration]) -> String {
        switch value {
        case .bool(let v): return String(v)
        case .integer(let v): return "\(v)L"
        case .number(let v): return "\(v)"
        case .string(let v):
            if case .enumeration(let cases, _) = field.type, let index = cases.firstIndex(of: v) {
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
