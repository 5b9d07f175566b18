/// The derived fields of one type, filled in once the whole document is read (the map they look
/// into may come after the elements that use it).
struct DerivationPlan {
    struct Lookup {
        /// The derived field, e.g. `projectColor`.
        let field: String
        /// The root map looked into, e.g. `projectColors`.
        let lookupField: String
        /// The sibling holding the key, e.g. `projectId`.
        let keyField: String
        /// Whether the key field may be null (then the derived field is null too).
        let keyIsNullable: Bool
    }

    let typeName: String
    let lookups: [Lookup]

    static func all(in contract: Contract) -> [DerivationPlan] {
        contract.types.compactMap { type in
            let lookups = type.fields.compactMap { field -> Lookup? in
                guard let derived = field.derived else { return nil }
                let keyIsNullable = type.field(named: derived.keyField).map(ObjectPlan.isNullable) ?? true
                return Lookup(field: field.name, lookupField: derived.lookupField, keyField: derived.keyField, keyIsNullable: keyIsNullable)
            }
            return lookups.isEmpty ? nil : DerivationPlan(typeName: type.name, lookups: lookups)
        }
    }
}
