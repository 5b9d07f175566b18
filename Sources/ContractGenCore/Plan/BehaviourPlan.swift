/// The behaviours a contract declares, in the one order every language emits them. A renderer
/// switches over these exhaustively: a new behaviour is one more case here and one more
/// function per behaviours renderer.
enum BehaviourPlan {
    case overlay(TaskFlagBinding)
    /// `isStale`; `fieldIsNullable` when the staleness field may be null.
    case staleness(Staleness, fieldIsNullable: Bool)
    case header(DayBinding)
    case validUntil(DayBinding)
    /// `flagIsNullable` when the flag field may be null (it is then skipped when draining).
    case doneQueue(DoneQueue, flagIsNullable: Bool)
    /// The entries a widget renders over time (needs `staleness` and `header`).
    case timeline(TimelineBinding)

    static func all(in contract: Contract) -> [BehaviourPlan] {
        let b = contract.behaviours
        var result: [BehaviourPlan] = []
        if let overlay = b.overlay { result.append(.overlay(overlay)) }
        if let staleness = b.staleness, let field = contract.rootType.field(named: staleness.field) {
            result.append(.staleness(staleness, fieldIsNullable: ObjectPlan.isNullable(field)))
        }
        if let header = b.header { result.append(.header(header)) }
        if let validUntil = b.validUntil { result.append(.validUntil(validUntil)) }
        if let queue = b.doneQueue, let flag = contract.type(named: queue.binding.typeName)?.field(named: queue.binding.flagField) {
            result.append(.doneQueue(queue, flagIsNullable: ObjectPlan.isNullable(flag)))
        }
        if let timeline = b.timeline { result.append(.timeline(timeline)) }
        return result
    }
}
