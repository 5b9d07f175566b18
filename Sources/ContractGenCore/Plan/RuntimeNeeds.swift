/// The runtime facilities one contract file uses, decided from the plan rather than found by
/// scanning the emitted text. A language that imports runtime symbols one by one (TypeScript,
/// under --noUnusedLocals) or needs a platform import for one of them (Kotlin's TimeZone) spells
/// these as its own names; an unused import does not compile, so the set must be exact.
enum RuntimeNeed: Hashable {
    /// The strict pull scanner every decoder reads with.
    case scanner
    /// A decoder checks a constraint on a read value.
    case constraintCheck
    /// A decoder or the writer measures a string's length in Unicode scalars (`min-length`, `max-length`).
    case textLength
    /// An open enum's read: a string that is none of the values reads as the fallback.
    case openEnumeration
    /// A union's tag, found before its object is read (`peekTag`).
    case unionTag
    /// The calendar's first instant of a local day in a zone (`header`, `dayStart`).
    case dayStart
    /// The calendar's `validUntil` computation.
    case validUntil
    /// The done-queue's set, peek and drain.
    case doneQueue
    /// The timeline builder and its result type.
    case timeline
    /// The writer side: the object writer and the serializer.
    case encoder
    /// The writer checks a value of this scalar kind.
    case write(ScalarKind)
    /// The writer checks an enum value.
    case writeEnumeration
    case writeArray
    case writeMap
    /// The writer refuses a union input whose tag is none of the variants'.
    case writeUnion
    /// The writer checks a value's constraints.
    case writeConstraint
    /// The writer's input type for a map (a Map or a plain object).
    case inputMap
}

extension DecoderPlan {
    /// What the contract file needs from the runtime: decoders for every object type, the
    /// behaviours and the writer side for every stored field. (The observation is the testee's.)
    var runtimeNeeds: Set<RuntimeNeed> {
        var needs: Set<RuntimeNeed> = [.scanner, .encoder]
        for object in objects {
            for slot in object.slots {
                if !slot.read.checks.isEmpty { needs.formUnion([.constraintCheck, .writeConstraint]) }
                for check in slot.read.checks {
                    switch check {
                    case .textLength: needs.insert(.textLength)
                    case .nonEmpty, .atLeast, .atMost, .itemCount: break
                    }
                }
                if slot.read.operation.readsOpenEnumeration { needs.insert(.openEnumeration) }
                if slot.read.operation.readsUnion { needs.insert(.unionTag) }
                Self.writerNeeds(slot.read.operation, into: &needs)
            }
        }
        for behaviour in behaviours {
            switch behaviour {
            case .overlay, .staleness: break
            case .header: needs.insert(.dayStart)
            case .validUntil: needs.insert(.validUntil)
            case .doneQueue: needs.insert(.doneQueue)
            case .timeline: needs.insert(.timeline)
            }
        }
        return needs
    }

    private static func writerNeeds(_ operation: ReadOperation, into needs: inout Set<RuntimeNeed>) {
        switch operation {
        case .scalar(let kind): needs.insert(.write(kind))
        case .enumeration: needs.insert(.writeEnumeration)
        case .object: break
        case .union: needs.insert(.writeUnion)
        case .array(let element):
            needs.insert(.writeArray)
            writerNeeds(element, into: &needs)
        case .map(let value):
            needs.formUnion([.writeMap, .inputMap])
            writerNeeds(value, into: &needs)
        }
    }
}
