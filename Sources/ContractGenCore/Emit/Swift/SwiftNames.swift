/// Swift spelling of model types and expressions.
enum SwiftNames {
    /// The zero-size stored property every generated struct ends with, which gives the decoders
    /// Swift's memberwise initializer (`ContractMemberwise`): `_memberwise`. No field name starts
    /// with `_`, but a field of an object type is stored as `_<field>` (`isIndirect`), so a type
    /// with such a field named `memberwise` gets `_memberwiseMarker`.
    static func memberwiseMarker(_ type: ObjectType) -> String {
        let storage = Set(type.fields.filter(isIndirect).map { "_" + $0.name })
        var name = "_memberwise"
        while storage.contains(name) { name += "Marker" }
        return name
    }

    /// A field of an object type is declared `@ContractIndirect` (ContractRuntime.swift): its value
    /// on the heap, so no struct holds the structs below it (docs/scaling.md). Unions are
    /// `indirect` enums; arrays and maps hold their elements on the heap already.
    static func isIndirect(_ field: Field) -> Bool {
        if case .object = field.type { return true }
        return false
    }

    /// What every generated struct declares beside its fields (its `Mirror`, for `print` and
    /// `dump`): no field may have this name (NameChecks).
    static let mirrorMember = "customMirror"

    /// The enum type an enum field declares in its struct: `sync` → `Sync`; a name Swift or the
    /// runtime already uses gets a suffix (`status` → `StatusValue`), as in Kotlin.
    static func enumTypeName(_ field: Field) -> String {
        let name = Naming.upperCamel(field.name)
        return SwiftFacts.takenTypeNames.contains(name) ? name + "Value" : name
    }

    /// An enum nested in the type of the field that declares it (`EnumDeclarationPlan`), named
    /// after that field: `Event.Attendance`.
    struct EnumDeclaration {
        let plan: EnumDeclarationPlan
        var cases: [String] { plan.cases }
        var name: String { enumTypeName(plan.field) }
        /// As named outside its owner.
        var qualified: String { plan.owner.name + "." + name }
    }

    static func enumDeclarations(_ contract: Contract) -> [EnumDeclaration] {
        EnumDeclarationPlan.all(in: contract).map(EnumDeclaration.init)
    }

    /// The enum an array element or map value of these values reads as (the first declared).
    static func nestedEnumType(_ cases: [String], enums: [EnumDeclaration]) -> String {
        enums.first { $0.cases == cases }!.qualified
    }

    static func caseName(_ value: String) -> String {
        let camel = Naming.upperCamel(value)
        let lower = camel.prefix(1).lowercased() + camel.dropFirst()
        // `.none` on an optional enum means nil to Swift, not the case: the case gets a suffix
        // (its JSON spelling stays "none"; the validator refuses a value that would also map here).
        if lower == "none" { return "noneValue" }
        return SchemaValidator.reservedWords[lower] == nil ? lower : "`\(lower)`"
    }

    /// A field's own enum is named plainly (inside its owner); an element's or value's enum is
    /// qualified, since it may be declared by another type. With a `namespace`, every contract
    /// type is named through it (`Agenda.Event`), as code outside the namespace must.
    static func type(_ type: FieldType, field: Field, enums: [EnumDeclaration], nested: Bool = false, namespace: String? = nil) -> String {
        let prefix = namespace.map { $0 + "." } ?? ""
        switch type {
        case .string, .localDate: return "String"
        case .bool: return "Bool"
        case .integer, .epochMillis, .dateTime: return "Int64"
        case .number: return "Double"
        case .enumeration(let cases, _): return nested ? prefix + nestedEnumType(cases, enums: enums) : enumTypeName(field)
        case .array(let element): return "[\(self.type(element, field: field, enums: enums, nested: true, namespace: namespace))]"
        case .map(let value): return "[String: \(self.type(value, field: field, enums: enums, nested: true, namespace: namespace))]"
        case .object(let name), .union(let name): return prefix + name
        }
    }

    /// An `explicit-null` field is `ContractNullable<T>` (absent, null or a value), not `T?`.
    static func declaredType(_ field: Field, enums: [EnumDeclaration], namespace: String? = nil) -> String {
        let type = type(field.type, field: field, enums: enums, namespace: namespace)
        if field.explicitNull { return "ContractNullable<\(type)>" }
        return type + (ObjectPlan.isNullable(field) ? "?" : "")
    }

    /// The helper a composite or object read calls: `decodeArrayOfTask`, `decodeMapOfString`, `decodeTask`.
    static func helperName(_ operation: ReadOperation, enums: [EnumDeclaration]) -> String {
        switch operation {
        case .array(let element): return "decodeArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "decodeMapOf" + suffix(value, enums: enums)
        case .object(let name), .union(let name): return "decode" + name
        case .scalar, .enumeration: return "read" + suffix(operation, enums: enums)
        }
    }

    /// An enum's part names its declaration and whether it is open (`Enum_Event_Tags_Or3`): type
    /// and enum names have no `_`, so two different reads never share a helper.
    static func suffix(_ operation: ReadOperation, enums: [EnumDeclaration]) -> String {
        switch operation {
        case .array(let element): return "ArrayOf" + suffix(element, enums: enums)
        case .map(let value): return "MapOf" + suffix(value, enums: enums)
        case .object(let name), .union(let name): return name
        case .enumeration(let cases, let unknown):
            let declaration = enums.first { $0.cases == cases }!
            return "Enum_" + declaration.plan.owner.name + "_" + declaration.name + Naming.openEnumMarker(cases, unknown: unknown)
        case .scalar(let kind): return Naming.upperCamel(kind.rawValue)
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
