/// Stage 3½: the language-neutral decoder plan every emitter renders. Each contract rule is
/// decided here once — what a slot reads, which constraints it checks, what its presence policy
/// does, whether its drops are counted, which helpers and walkers exist — so the three renderers
/// only spell the decisions, and cannot decide them differently.
///
/// Built in stages from a validated `Contract` (each stage a small file):
/// objects and slots (`ObjectPlan`, `SlotPlan`) → unions (`UnionPlan`) → composite helpers (`CompositePlan`) →
/// derived fields and walkers (`WalkerPlan`) → behaviours (`BehaviourPlan`).
struct DecoderPlan {
    let contract: Contract
    /// Every object type, in declaration order (the order every renderer uses).
    let objects: [ObjectPlan]
    /// Every tagged union, in declaration order (after the objects in every renderer).
    let unions: [UnionPlan]
    /// The array and map helpers stored fields need, deduplicated, in first-use order.
    let composites: [CompositePlan]
    /// Root `{map: T}` fields that derived fields look into, in declaration order.
    let lookups: [Field]
    /// Types with derived fields, in declaration order, with what each derived field looks up.
    let derivations: [DerivationPlan]
    /// `each<Target>` walkers, one set per target (derived-field types, then the overlay's type).
    let walkers: [WalkerPlan]
    /// The behaviours, in the order every language emits them.
    let behaviours: [BehaviourPlan]

    init(_ contract: Contract) {
        self.contract = contract
        objects = contract.types.map { ObjectPlan($0, isRoot: $0.name == contract.rootTypeName) }
        unions = contract.unions.map(UnionPlan.init)
        composites = CompositePlan.all(in: contract)
        let lookupNames = Set(contract.types.flatMap { $0.fields.compactMap { $0.derived?.lookupField } })
        lookups = contract.rootType.fields.filter { lookupNames.contains($0.name) }
        derivations = DerivationPlan.all(in: contract)
        walkers = WalkerPlan.all(in: contract, derivations: derivations)
        behaviours = BehaviourPlan.all(in: contract)
    }

    var root: ObjectPlan { objects.first { $0.isRoot }! }
    var version: VersionGate { contract.version }

    /// The deprecated fields generated code reads after decoding (decoders only pass them to
    /// constructors): walker steps, derivation keys, and every field a behaviour binds. Kotlin
    /// warns on reading a `@Deprecated` property, so its contract object suppresses that when this
    /// is not empty; the app's own reads still warn.
    var deprecatedFieldsRead: [String] {
        var read: [(type: String, field: String)] = []
        for walker in walkers.flatMap(\.walkers) { read += walker.steps.map { (walker.typeName, $0.field.name) } }
        for derivation in derivations { read += derivation.lookups.map { (derivation.typeName, $0.keyField) } }
        let b = contract.behaviours
        for binding in [b.overlay, b.doneQueue?.binding].compactMap({ $0 }) {
            read += [(binding.typeName, binding.idField), (binding.typeName, binding.flagField)]
        }
        let root = contract.rootTypeName
        read += [b.staleness?.field, b.header?.dayField, b.validUntil?.dayField].compactMap { $0 }.map { (root, $0) }
        var seen: Set<String> = []
        return read.compactMap { entry in
            guard contract.type(named: entry.type)?.field(named: entry.field)?.deprecated != nil else { return nil }
            let name = entry.type + "." + entry.field
            return seen.insert(name).inserted ? name : nil
        }
    }

    /// Whether the observation reports `dropped` (the decoders count drops either way).
    var observesDropped: Bool {
        switch contract.observation {
        case .flat(_, let dropped): return dropped
        case .wrapped: return false
        }
    }
}
