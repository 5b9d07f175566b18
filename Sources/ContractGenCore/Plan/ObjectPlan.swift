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
    /// The slots in the order the decoder applies their presence policies once the object is read,
    /// each with its index in `slots`: the `fail-document` fields first, so that one declared after
    /// a failing `drop-element` field still fails the document (docs/schema.md: at any depth), then
    /// the others in declaration order (the first failing `drop-element` field names the object's
    /// `invalid-field` entry).
    var presenceOrder: [(index: Int, slot: SlotPlan)] {
        let indexed = slots.enumerated().map { (index: $0.offset, slot: $0.element) }
        return indexed.filter { $0.slot.presence == .failDocument } + indexed.filter { $0.slot.presence != .failDocument }
    }
    /// Whether a field is null-able in the type: optional or derived.
    static func isNullable(_ field: Field) -> Bool {
        field.derived != nil || field.presence == .optional
    }
}
