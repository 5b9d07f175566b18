/// The runtime names a TypeScript contract module imports: the plan's runtime needs, spelled as
/// the runtime's exports (an unused import does not compile under --noUnusedLocals).
enum TypeScriptRuntimeImports {
    static func names(_ need: RuntimeNeed) -> [String] {
        switch need {
        case .scanner: return ["ContractJsonScanner", "ContractReport", "contractUtf8Text"]
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
        Array(Set(plan.runtimeNeeds.flatMap(names)).union(treeNames(for: plan)).union(mapNames(for: plan))).sorted()
    }

    /// A map field's keys are compared canonically (ContractMapKeys); over JSON.parse's result two
    /// canonically equivalent keys send `decode` to the text (CONTRACT_NEEDS_TEXT).
    static func mapNames(for plan: DecoderPlan) -> Set<String> {
        guard plan.composites.contains(where: { $0.kind == .map }) else { return [] }
        return decodesTrees(plan) ? ["ContractMapKeys", "contractNeedsText", "CONTRACT_NEEDS_TEXT"] : ["ContractMapKeys", "contractNeedsText"]
    }

    /// Whether the default path walks JSON.parse's result with tree functions (TypeScriptTreeRenderer).
    /// Not when a `fail-document` field sits below the root: it fails the document even inside a
    /// value a later duplicate key replaces, which JSON.parse never shows.
    static func decodesTrees(_ plan: DecoderPlan) -> Bool {
        !plan.objects.contains(where: { !$0.isRoot && $0.failsDocument })
    }

    /// The runtime names the tree functions use (TypeScript's own decoding strategy, so not a plan need).
    static func treeNames(for plan: DecoderPlan) -> Set<String> {
        guard decodesTrees(plan) else { return [] }
        var names: Set<String> = ["contractJsonParse", "contractTreeComplete", "contractTreeSawAll", "treeDegraded", "CONTRACT_TREE_DEGRADED",
                                  "treeSkip", "treeTooDeep", "CONTRACT_MAX_DEPTH"]
        func visit(_ operation: ReadOperation) {
            switch operation {
            case .scalar(let kind):
                switch kind {
                case .string: names.insert("isWellFormedUtf16")
                case .localDate: names.formUnion(["isWellFormedUtf16", "isValidLocalDate"])
                case .dateTime: names.formUnion(["isWellFormedUtf16", "treeDateTime"])
                case .bool, .integer, .number, .epochMillis: break
                }
            case .enumeration(_, let unknown): if unknown != nil { names.formUnion(["isWellFormedUtf16", "treeOrUnknown"]) }
            case .array(let element): visit(element)
            case .map(let value): names.insert("isWellFormedUtf16"); visit(value)
            case .union: names.insert("treeTag")
            case .object: break
            }
        }
        for object in plan.objects { for slot in object.slots { visit(slot.read.operation) } }
        return names
    }
}
