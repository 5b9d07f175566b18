/// `each<Target>` walkers: apply an update to every `Target` anywhere inside a value. One walker
/// per type that contains the target (the target included), in declaration order.
struct WalkerPlan {
    /// How a field's value reaches the target: through an object that contains it, or through the
    /// elements of an array or the values of a map.
    indirect enum Path {
        case object(String)
        case array(Path)
        case map(Path, valueType: FieldType)
    }

    struct Step {
        let field: Field
        let path: Path
        var isNullable: Bool { ObjectPlan.isNullable(field) }
    }

    struct Walker {
        let typeName: String
        /// The walker of the target itself applies the update to the value first.
        let updatesSelf: Bool
        let steps: [Step]
    }

    let target: String
    let walkers: [Walker]

    /// Walkers for the types with derived fields, then for the overlay's type if not among them.
    static func all(in contract: Contract, derivations: [DerivationPlan]) -> [WalkerPlan] {
        var targets = derivations.map(\.typeName)
        if let overlay = contract.behaviours.overlay, !targets.contains(overlay.typeName) { targets.append(overlay.typeName) }
        let referencedBy = referencedByMap(contract)
        return targets.map { target in
            let containing = typesContaining(target, referencedBy: referencedBy)
            let walkers = contract.types.filter { containing.contains($0.name) }.map { type in
                Walker(typeName: type.name, updatesSelf: type.name == target,
                       steps: type.storedFields.compactMap { field in path(field.type, containing).map { Step(field: field, path: $0) } })
            }
            return WalkerPlan(target: target, walkers: walkers)
        }
    }

    static func path(_ type: FieldType, _ containing: Set<String>) -> Path? {
        if case .object(let name) = type { return containing.contains(name) ? .object(name) : nil }
        // The validator refuses walker targets reached through a union, so no path enters one.
        if case .union = type { return nil }
        switch CompositePlan.container(type) {
        case (.array, let element)?: return path(element, containing).map { .array($0) }
        case (.map, let value)?: return path(value, containing).map { .map($0, valueType: value) }
        case nil: return nil   // scalars and enums hold no object
        }
    }

    static func referencedByMap(_ contract: Contract) -> [String: [String]] {
        var referencedBy: [String: [String]] = [:]
        for type in contract.types {
            for field in type.fields {
                for name in SchemaValidator.referencedTypes(field.type) { referencedBy[name, default: []].append(type.name) }
            }
        }
        return referencedBy
    }

    /// Types that contain (transitively) the target, plus the target itself: a breadth-first walk
    /// over "is referenced by" edges, linear in the schema.
    static func typesContaining(_ target: String, referencedBy: [String: [String]]) -> Set<String> {
        var result: Set<String> = [target]
        var queue = [target]
        while let name = queue.popLast() {
            for container in referencedBy[name] ?? [] where result.insert(container).inserted { queue.append(container) }
        }
        return result
    }
}
