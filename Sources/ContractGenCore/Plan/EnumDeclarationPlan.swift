/// Which field declares each enum type of Swift and Kotlin, where an enum is nested in the type
/// of the field that declares it (`Event.Attendance`). A field whose own type is an enum always
/// declares one. An enum inside an array or map (`{array: {enum: […]}}`) has no field of its
/// own to be named after: it reuses the first enum declared with the same values, or else is
/// declared by that field. TypeScript needs no owner (it shares one union type per value list).
struct EnumDeclarationPlan {
    let cases: [String]
    let owner: ObjectType
    let field: Field
    /// Whether the enum is the field's own type (not an array element or map value).
    let isFieldsOwnType: Bool

    static func all(in contract: Contract) -> [EnumDeclarationPlan] {
        var result: [EnumDeclarationPlan] = []
        var declared: Set<[String]> = []
        for type in contract.types {
            for field in type.fields {
                if case .enumeration(let cases, _) = field.type {
                    result.append(EnumDeclarationPlan(cases: cases, owner: type, field: field, isFieldsOwnType: true))
                    declared.insert(cases)
                    continue
                }
                for cases in enumerations(in: field.type) where declared.insert(cases).inserted {
                    result.append(EnumDeclarationPlan(cases: cases, owner: type, field: field, isFieldsOwnType: false))
                }
            }
        }
        return result
    }

    /// The value lists of the enums in a type: its own, or its elements' and values', nested.
    static func enumerations(in type: FieldType) -> [[String]] {
        switch type {
        case .enumeration(let cases, _): return [cases]
        case .array(let element), .map(let element): return enumerations(in: element)
        case .string, .bool, .integer, .number, .localDate, .epochMillis, .dateTime, .object, .union: return []
        }
    }
}
