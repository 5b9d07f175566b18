/// Object types renamed between two schemas where no blob can tell: walking both trees from
/// their roots, the field with the same JSON key holds, at the same place in the same arrays and
/// maps, an object type of another name, the old name is gone and the new one did not exist
/// before. Blobs carry no type names, so such a rename changes generated code only
/// (`type-renamed`, a note); everything inside the type is still compared field by field.
struct TypeRenames {
    /// Old name → new name, for the renamed types only.
    private(set) var newNames: [String: String] = [:]

    init(old: Contract, new: Contract) {
        var pending = [(old.rootTypeName, new.rootTypeName)]
        var visited: Set<String> = []
        while let (oldName, newName) = pending.popLast() {
            guard visited.insert(oldName).inserted, let oldType = old.type(named: oldName), let newType = new.type(named: newName) else { continue }
            if oldName != newName {
                guard new.type(named: oldName) == nil, old.type(named: newName) == nil, !newNames.values.contains(newName) else { continue }
                newNames[oldName] = newName
            }
            for oldField in oldType.storedFields {
                guard let newField = newType.storedFields.first(where: { $0.jsonKey == oldField.jsonKey }),
                      let (a, b) = Self.objectsAtOnePlace(oldField.type, newField.type) else { continue }
                pending.append((a, b))
            }
        }
    }

    /// Two types that are the same arrays and maps around an object type each: the two names.
    static func objectsAtOnePlace(_ old: FieldType, _ new: FieldType) -> (String, String)? {
        switch (old, new) {
        case (.object(let a), .object(let b)): return (a, b)
        case (.array(let a), .array(let b)), (.map(let a), .map(let b)): return objectsAtOnePlace(a, b)
        default: return nil
        }
    }

    /// An old type's name in the new schema.
    func name(_ old: String) -> String { newNames[old] ?? old }

    /// An old field type with the renamed object types spelled as the new schema does.
    func renaming(_ type: FieldType) -> FieldType {
        switch type {
        case .object(let name): return .object(self.name(name))
        case .array(let element): return .array(renaming(element))
        case .map(let value): return .map(renaming(value))
        default: return type
        }
    }
}
