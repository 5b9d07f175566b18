/// Swift spelling of model types and expressions.
enum SwiftNames {
    /// The enum type an enum field declares in its struct: `sync` → `Sync`; a name Swift or the
    /// runtime already uses gets a suffix (`status` → `StatusValue`), as in Kotlin.
    static func enumTypeName(_ field: Field) -> String {
        let name = Naming.upperCamel(field.name)
        return SwiftFacts.takenTypeNames.contains(name) ? name + "Value" : name
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
        case .object(let name), .union(let name): return name
        }
    }

    static func declaredType(_ field: Field) -> String {
        type(field.type, field: field) + (ObjectPlan.isNullable(field) ? "?" : "")
    }

    /// The helper a composite or object read calls: `decodeArrayOfTask`, `decodeMapOfString`, `decodeTask`.
    static func helperName(_ operation: ReadOperation) -> String {
        switch operation {
        case .array(let element): return "decodeArrayOf" + suffix(element)
        case .map(let value): return "decodeMapOf" + suffix(value)
        case .object(let name), .union(let name): return "decode" + name
        case .scalar, .enumeration: return "read" + suffix(operation)
        }
    }

    static func suffix(_ operation: ReadOperation) -> String {
        switch operation {
        case .array(let element): return "ArrayOf" + suffix(element)
        case .map(let value): return "MapOf" + suffix(value)
        case .object(let name), .union(let name): return name
        case .enumeration: return "Enum"
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
