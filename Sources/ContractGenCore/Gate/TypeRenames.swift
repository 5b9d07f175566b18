/// Object and union types renamed between two schemas where no blob can tell: walking both trees
/// from their roots, the field with the same JSON key holds (at the same place in the same
/// arrays and maps) an object type, or a union, of another name, or a union's variant of the
/// same tag is an object type of another name; the old name is gone and the new one did not
/// exist before. Blobs carry no type names, so such a rename changes generated code only
/// (`type-renamed`, a note); everything inside the type is still compared field by field.
struct TypeRenames {
    /// Old name → new name, for the renamed types only (objects and unions share one namespace).
    private(set) var newNames: [String: String] = [:]

    init(old: Contract, new: Contract) {
        var pending = [(old.rootTypeName, new.rootTypeName)]
        var visited: Set<String> = []
        func declares(_ contract: Contract, _ name: String) -> Bool { contract.type(named: name) != nil || contract.union(named: name) != nil }
        func accept(_ oldName: String, _ newName: String) -> Bool {
            guard oldName != newName else { return true }
            guard !declares(new, oldName), !declares(old, newName), !newNames.values.contains(newName) else { return false }
            newNames[oldName] = newName
            return true
        }
        while let (oldName, newName) = pending.popLast() {
            guard visited.insert(oldName).inserted else { continue }
            if let oldType = old.type(named: oldName), let newType = new.type(named: newName) {
                guard accept(oldName, newName) else { continue }
                for oldField in oldType.storedFields {
                    guard let newField = newType.storedFields.first(where: { ExactText.same($0.jsonKey, oldField.jsonKey) }),
                          let (a, b) = Self.namedAtOnePlace(oldField.type, newField.type) else { continue }
                    pending.append((a, b))
                }
            } else if let oldUnion = old.union(named: oldName), let newUnion = new.union(named: newName) {
                guard accept(oldName, newName) else { continue }
                for oldVariant in oldUnion.variants {
                    guard let newVariant = newUnion.variants.first(where: { ExactText.same($0.tag, oldVariant.tag) }) else { continue }
                    pending.append((oldVariant.typeName, newVariant.typeName))
                }
            }
        }
    }

    /// Two types that are the same arrays and maps around an object type or a union each: the two names.
    static func namedAtOnePlace(_ old: FieldType, _ new: FieldType) -> (String, String)? {
        switch (old, new) {
        case (.object(let a), .object(let b)), (.union(let a), .union(let b)): return (a, b)
        case (.array(let a), .array(let b)), (.map(let a), .map(let b)): return namedAtOnePlace(a, b)
        default: return nil
        }
    }

    /// An old type's name in the new schema.
    func name(_ old: String) -> String { newNames[old] ?? old }

    /// An old field type with the renamed types spelled as the new schema does.
    func renaming(_ type: FieldType) -> FieldType {
        switch type {
        case .object(let name): return .object(self.name(name))
        case .union(let name): return .union(self.name(name))
        case .array(let element): return .array(renaming(element))
        case .map(let value): return .map(renaming(value))
        default: return type
        }
    }
}
