/// The runtime names a TypeScript contract module imports: the plan's runtime needs, spelled as
/// the runtime's exports (an unused import does not compile under --noUnusedLocals).
enum TypeScriptRuntimeImports {
    static func names(_ need: RuntimeNeed) -> [String] {
        switch need {
        case .scanner: return ["ContractJsonScanner", "ContractReport"]
        case .constraintCheck: return ["satisfying"]
        case .textLength: return ["contractTextLength"]
        case .openEnumeration: return ["orUnknown"]
        case .unionTag: return []
        case .writeUnion: return ["ContractEncodeError"]
        case .dayStart: return ["dayStartMs"]
        case .validUntil: return ["validUntilMs"]
        case .doneQueue: return ["queueSet", "queuePeek", "queueDrain"]
        case .timeline: return ["buildTimeline", "ContractTimeline"]
        case .encoder: return ["serializeContractJson", "writeObject", "ContractJsonObject"]
        case .write(let kind): return [TypeScriptNames.writer(kind)]
        case .writeEnumeration: return ["writeOneOf"]
        case .writeArray: return ["writeArray"]
        case .writeMap: return ["writeMap"]
        case .writeConstraint: return ["writeSatisfying"]
        case .inputMap: return ["ContractInputMap"]
        }
    }

    /// The import list of a contract module, sorted as the import line has always been.
    static func names(for plan: DecoderPlan) -> [String] {
        Array(Set(plan.runtimeNeeds.flatMap(names))).sorted()
    }
}
