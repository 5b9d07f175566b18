/// One object type's decoder: its slots (stored fields, in declaration order) and what the
/// decoder as a whole needs.
struct ObjectPlan {
    let type: ObjectType
    let isRoot: Bool
    let slots: [SlotPlan]

    init(_ type: ObjectType, isRoot: Bool) {
        self.type = type
        self.isRoot = isRoot
        slots = type.storedFields.map(SlotPlan.init)
    }

    var name: String { type.name }
    /// Every field, derived ones included, in declaration order (the type's declaration).
    var fields: [Field] { type.fields }
    /// Slots whose drops are counted, in declaration order.
    var countedSlots: [SlotPlan] { slots.filter(\.countsDrops) }
    var dropsElement: Bool { slots.contains { $0.presence == .dropElement } }
    var failsDocument: Bool { slots.contains { $0.presence == .failDocument } }
    /// Whether a field is null-able in the type: optional or derived.
    static func isNullable(_ field: Field) -> Bool {
        field.derived != nil || field.presence == .optional
    }
}
