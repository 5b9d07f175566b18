/// A generated array or map helper (`decodeArrayOfTask`, `decodeMapOfString`): one per distinct
/// composite type stored fields use, inner ones first, in first-use order.
struct CompositePlan {
    enum Kind { case array, map }
    let kind: Kind
    /// The composite's own read (`.array(…)` or `.map(…)`), as slots refer to it.
    let operation: ReadOperation
    /// The element (array) or value (map) read, without constraints.
    let element: ReadOperation
    /// The element's schema spelling, for the helper's doc comment.
    let elementSpelling: String
    let elementType: FieldType
    /// Whether the elements' own drops are counted (arrays of objects, maps of arrays…).
    var countsInnerDrops: Bool { element.countsDrops }

    static func all(in contract: Contract) -> [CompositePlan] {
        var result: [CompositePlan] = []
        var seen: Set<ReadOperation> = []
        func visit(_ type: FieldType) {
            guard let (kind, element) = container(type) else { return }
            visit(element)
            let operation = ReadOperation(type)
            guard seen.insert(operation).inserted else { return }
            result.append(CompositePlan(kind: kind, operation: operation, element: ReadOperation(element),
                                        elementSpelling: element.schemaSpelling, elementType: element))
        }
        for type in contract.types { for field in type.storedFields { visit(field.type) } }
        return result
    }
}

extension CompositePlan {
    /// An array's element or a map's value type; nil for every other type (so a new scalar type
    /// needs no case here).
    static func container(_ type: FieldType) -> (Kind, FieldType)? {
        if case .array(let element) = type { return (.array, element) }
        if case .map(let value) = type { return (.map, value) }
        return nil
    }

    /// A stand-in field for the element or value of a composite, for the spellings that take a
    /// field (an element has no name or constraints of its own).
    static func elementField(at location: SourceLocation) -> Field {
        Field(name: "element", doc: "", type: .string, presence: .optional, constraints: Constraints(),
              derived: nil, location: location, typeLocation: location)
    }
}
