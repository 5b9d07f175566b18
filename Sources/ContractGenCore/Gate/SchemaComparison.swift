/// Classifies every difference between two versions of a contract, like `buf breaking` does for
/// protobuf. A change that lets the old writer and the new reader (or the new writer and an old
/// reader) disagree about a blob is breaking unless the contract version is bumped. A bump excuses
/// it only when no old blob is read under the new rules: the old readers must reject the new
/// version, and the new readers must no longer accept any version the old schema wrote or read
/// (with `writes: 2, accepts: [1, 2]`, v:1 blobs are still read, now by the new rules).

/// One classified difference.
public struct SchemaChange: Sendable, Equatable {
    public enum Rule: String, Sendable, CaseIterable {
        case fieldRemoved = "field-removed"
        case fieldTypeChanged = "field-type-changed"
        case fieldMadeRequired = "field-made-required"
        case requiredFieldAdded = "required-field-added"
        case degradePolicyChanged = "degrade-policy-changed"
        case defaultChanged = "default-changed"
        case constraintNarrowed = "constraint-narrowed"
        case enumValueRemoved = "enum-value-removed"
        case enumUnknownRemoved = "enum-unknown-removed"
        case enumUnknownChanged = "enum-unknown-changed"
        case derivationChanged = "derivation-changed"
        case versionGateChanged = "version-gate-changed"
        case behaviourChanged = "behaviour-changed"
        case typeRemoved = "type-removed"
        case rootChanged = "root-changed"
        case bumpStillAccepted = "bump-still-accepted"
        case storageKeyChanged = "storage-key-changed"
        case contractRemoved = "contract-removed"
        case reservedReused = "reserved-reused"
        case reservedRemoved = "reserved-removed"
        case explicitNullChanged = "explicit-null-changed"
        case unionVariantRemoved = "union-variant-removed"
        case unionVariantTypeChanged = "union-variant-type-changed"
        case unionTagChanged = "union-tag-changed"
        case unionUnknownRemoved = "union-unknown-removed"
        case unionUnknownChanged = "union-unknown-changed"
        // Not breaking:
        case optionalFieldAdded = "optional-field-added"
        case constraintWidened = "constraint-widened"
        case enumValueAdded = "enum-value-added"
        case enumUnknownAdded = "enum-unknown-added"
        case documentationChanged = "documentation-changed"
        case versionBumped = "version-bumped"
        case storageKeyAdded = "storage-key-added"
        case targetsChanged = "targets-changed"
        case observationChanged = "observation-changed"
        case codeNameChanged = "code-name-changed"
        case fieldDeprecated = "field-deprecated"
        case fieldUndeprecated = "field-undeprecated"
        case reservedAdded = "reserved-added"
        case typeRenamed = "type-renamed"
        case unionVariantAdded = "union-variant-added"
        case unionUnknownAdded = "union-unknown-added"

        /// Rules no version bump can excuse: they are about where blobs live or whether anything
        /// reads them at all, which the version field cannot express; and a reservation, which is
        /// a promise that no version ever reads the key again (the gate sees only the base, not
        /// which versions once wrote the key, and a removed entry would let the next change reuse it).
        public var isExcusableByBump: Bool {
            self != .storageKeyChanged && self != .contractRemoved && self != .reservedReused && self != .reservedRemoved
        }
    }

    public var rule: Rule
    public var isBreaking: Bool
    public var message: String
    public var location: SourceLocation?
}

public enum SchemaComparison {
    /// One line of rationale per rule, printed in the README.
    public static let rationale: [SchemaChange.Rule: String] = [
        .fieldRemoved: "an old app still writes the field; new readers would silently ignore it",
        .fieldTypeChanged: "a blob written with the old type would read as wrong-type, i.e. degraded",
        .fieldMadeRequired: "old blobs without the field would now drop elements or fail the document",
        .requiredFieldAdded: "every old blob lacks it, so every old blob would be dropped or rejected",
        .degradePolicyChanged: "the same bad value would render differently in old and new readers",
        .defaultChanged: "a missing value would render differently in old and new readers",
        .constraintNarrowed: "values the old writer may write would now be rejected",
        .enumValueRemoved: "an old writer's value would now be rejected",
        .enumUnknownRemoved: "a string old readers keep as the fallback would now degrade by the field's policy (dropped, null or the default)",
        .enumUnknownChanged: "the same unknown string would render as a different value in old and new readers",
        .derivationChanged: "the same blob would render a different derived value",
        .versionGateChanged: "readers would accept or reject different versions than the writers expect",
        .behaviourChanged: "widgets built from each schema would decide staleness, header or queue differently",
        .typeRemoved: "its fields were removed with it",
        .rootChanged: "the document would be read as a different type",
        .bumpStillAccepted: "a bump is only safe if old readers reject the new version",
        .storageKeyChanged: "blobs already stored under the old key would never be read again, and old readers keep showing the last blob written there",
        .contractRemoved: "old apps still write the blob and nothing would read it any more",
        .reservedReused: "old blobs still carry the removed field's value under that key, and the new field would read it as its own",
        .explicitNullChanged: "the same JSON null would read as null in one reader and as absent in the other",
        .reservedRemoved: "the reservation is what keeps a removed field's key from being reused; without it the next change may reuse it",
        .optionalFieldAdded: "old blobs lack it and read it as null or its default",
        .constraintWidened: "everything valid before is still valid",
        .enumValueAdded: "old values stay valid; old readers degrade the new one by its policy",
        .enumUnknownAdded: "every value an old writer writes reads as before; only strings no writer of this schema writes now read as the fallback",
        .documentationChanged: "no behaviour changes",
        .codeNameChanged: "blobs are read from the same JSON key; only source code naming the field changes",
        .versionBumped: "old readers reject the new version, so nothing is mis-read",
        .storageKeyAdded: "blobs are read the same way; apps may now use the declared key",
        .targetsChanged: "generated names change, so app code must follow, but blobs are read the same way",
        .observationChanged: "only how golden cases observe a decode changes, not how blobs are read",
        .fieldDeprecated: "the field is read exactly as before; only app code using it is now warned",
        .fieldUndeprecated: "the field is read exactly as before; app code using it is no longer warned",
        .typeRenamed: "blobs carry no type names, so every blob reads the same; app code naming the type must follow",
        .reservedAdded: "no field uses the name or key, so blobs are read the same; it can never be used again",
        .unionVariantRemoved: "an old writer's values with that tag would now be invalid (or read as the fallback variant)",
        .unionVariantTypeChanged: "the same tag's object would be read by another type's rules",
        .unionTagChanged: "old blobs carry the tag under the old key, so no value of theirs would have a tag",
        .unionUnknownRemoved: "a tag old readers read as the fallback variant would now make the value invalid (dropped, null or failing by the field's policy)",
        .unionUnknownChanged: "the same unknown tag would be read as a different variant in old and new readers",
        .unionVariantAdded: "old tags read as before; old readers degrade the new tag's values by their fallback or the field's policy",
        .unionUnknownAdded: "every tag an old writer writes reads as before; only tags no writer of this schema writes now read as the fallback",
    ]

    public static func compare(old: Contract, new: Contract) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        let gate = BumpAssessment(old: old.version, new: new.version)
        func add(_ rule: SchemaChange.Rule, breaking: Bool, _ message: String, at location: SourceLocation?) {
            changes.append(gate.classify(rule, breaking: breaking, message, at: location))
        }

        // The version gate itself.
        if gate.bumped {
            if old.version.accepts.contains(new.version.writes) {
                changes.append(SchemaChange(rule: .bumpStillAccepted, isBreaking: true,
                                            message: "\(gate.field) bumped to \(new.version.writes), but the old readers accept \(new.version.writes) (\(rationale[.bumpStillAccepted]!))",
                                            location: new.version.location))
            } else {
                let still = gate.stillAccepted.isEmpty ? ""
                    : "; the new readers still accept \(gate.stillAcceptedText), so every breaking-change rule still applies"
                changes.append(SchemaChange(rule: .versionBumped, isBreaking: false,
                                            message: "\(gate.field) bumped from \(old.version.writes) to \(new.version.writes)\(still)", location: new.version.location))
            }
        }
        if !ExactText.same(old.version.field, new.version.field) || Set(old.version.accepts) != Set(new.version.accepts) {
            add(.versionGateChanged, breaking: true,
                "version gate changed from \(old.version.field) in \(old.version.accepts.sorted()) to \(new.version.field) in \(new.version.accepts.sorted())",
                at: new.version.location)
        }
        let typeRenames = TypeRenames(old: old, new: new)
        if typeRenames.name(old.rootTypeName) != new.rootTypeName {
            add(.rootChanged, breaking: true, "root type changed from \(old.rootTypeName) to \(new.rootTypeName)", at: new.location)
        }
        compareTopLevel(old, new, add)

        // Types and fields.
        for oldType in old.types {
            guard let newType = new.type(named: typeRenames.name(oldType.name)) else {
                add(.typeRemoved, breaking: true, "type '\(oldType.name)' removed", at: new.location)
                continue
            }
            if newType.name != oldType.name {
                add(.typeRenamed, breaking: false, "type '\(oldType.name)' is now named '\(newType.name)' (\(rationale[.typeRenamed]!))", at: newType.location)
            }
            compareReserved(oldType, newType, add)
            let renames = RenameGuess.guesses(oldType: oldType, newType: newType)
            // A field is its JSON key (`json:`, or its name): that is what blobs carry. A new code
            // name over the same key reads every blob the same; a new key is a removal.
            for oldField in oldType.fields {
                guard let newField = newType.fields.first(where: { ExactText.same($0.observedKey, oldField.observedKey) }) else {
                    let sameName = newType.field(named: oldField.name)
                    let renamed = sameName == nil ? renames[oldField.name] : nil
                    let hint = sameName.map { " (its JSON key changed from \(quoted(oldField.observedKey)) to \(quoted($0.observedKey)); blobs still carry the old key)" }
                        ?? renamed.map { " (renamed to '\($0.name)'? a rename is a removal to old writers; keep the key with json: \(quoted(oldField.observedKey)))" } ?? ""
                    add(.fieldRemoved, breaking: true, "field '\(oldField.name)' of \(oldType.name) removed\(hint)",
                        at: sameName?.jsonLocation ?? sameName?.location ?? renamed?.location ?? newType.location)
                    continue
                }
                if newField.name != oldField.name {
                    add(.codeNameChanged, breaking: false, "field '\(oldField.name)' of \(oldType.name) is now named '\(newField.name)' in code (JSON key \(quoted(newField.observedKey)) unchanged)", at: newField.location)
                }
                compareField(oldField, newField, typeName: oldType.name, renames: typeRenames, add)
                compareDerivation(oldField, newField, typeName: oldType.name, in: (oldType, newType), of: (old, new), add)
            }
            for newField in newType.fields where !oldType.fields.contains(where: { ExactText.same($0.observedKey, newField.observedKey) }) {
                if case .required = newField.presence {
                    add(.requiredFieldAdded, breaking: true, "required field '\(newField.name)' added to \(newType.name)", at: newField.location)
                } else {
                    add(.optionalFieldAdded, breaking: false, "field '\(newField.name)' added to \(newType.name) (\(newField.presence.spelling); \(rationale[.optionalFieldAdded]!))", at: newField.location)
                }
            }
        }

        compareUnions(old, new, renames: typeRenames, add)
        compareBehaviours(old, new, renames: typeRenames, add)
        return changes
    }

    /// Behaviours read fields by code name; what they decide depends on the JSON keys those
    /// names resolve to, so that is what is compared (swapping two fields' code names over the
    /// same keys moves a binding to the other key).
    static func compareBehaviours(_ old: Contract, _ new: Contract, renames typeRenames: TypeRenames,
                                  _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        let ob = old.behaviours, nb = new.behaviours
        func binding(_ b: TaskFlagBinding?, _ contract: Contract) -> String {
            guard let b else { return "none" }
            let type = contract.type(named: b.typeName)
            return "\(b.typeName).\(b.idField)/\(b.flagField) (JSON keys \(reads(type?.field(named: b.idField), in: contract, type: type))/\(reads(type?.field(named: b.flagField), in: contract, type: type)))"
        }
        func sameBinding(_ a: TaskFlagBinding?, _ b: TaskFlagBinding?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            let oldType = old.type(named: a.typeName), newType = new.type(named: b.typeName)
            return typeRenames.name(a.typeName) == b.typeName
                && sameKeys(keysRead(oldType?.field(named: a.idField), in: old, type: oldType), keysRead(newType?.field(named: b.idField), in: new, type: newType))
                && sameKeys(keysRead(oldType?.field(named: a.flagField), in: old, type: oldType), keysRead(newType?.field(named: b.flagField), in: new, type: newType))
        }
        func rootField(_ name: String?, _ contract: Contract) -> String {
            name.map { "\($0) (JSON key \(reads(contract.rootType.field(named: $0), in: contract, type: contract.rootType)))" } ?? "none"
        }
        func sameRootField(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return sameKeys(keysRead(old.rootType.field(named: a), in: old, type: old.rootType), keysRead(new.rootType.field(named: b), in: new, type: new.rootType))
        }
        if !sameBinding(ob.overlay, nb.overlay) {
            add(.behaviourChanged, true, "overlay changed from \(binding(ob.overlay, old)) to \(binding(nb.overlay, new))", nb.overlay?.location ?? new.location)
        }
        if !sameRootField(ob.staleness?.field, nb.staleness?.field) {
            add(.behaviourChanged, true, "staleness changed from \(rootField(ob.staleness?.field, old)) to \(rootField(nb.staleness?.field, new))",
                nb.staleness?.location ?? new.location)
        }
        if !sameRootField(ob.header?.dayField, nb.header?.dayField) {
            add(.behaviourChanged, true, "header day changed from \(rootField(ob.header?.dayField, old)) to \(rootField(nb.header?.dayField, new))",
                nb.header?.location ?? new.location)
        }
        if !sameRootField(ob.validUntil?.dayField, nb.validUntil?.dayField) {
            add(.behaviourChanged, true, "valid-until day changed from \(rootField(ob.validUntil?.dayField, old)) to \(rootField(nb.validUntil?.dayField, new))",
                nb.validUntil?.location ?? new.location)
        }
        if !sameBinding(ob.doneQueue?.binding, nb.doneQueue?.binding) {
            add(.behaviourChanged, true, "done-queue changed from \(binding(ob.doneQueue?.binding, old)) to \(binding(nb.doneQueue?.binding, new))",
                nb.doneQueue?.binding.location ?? new.location)
        }
        if let oldKey = ob.doneQueue?.storageKey, let queue = nb.doneQueue, !ExactText.same(queue.storageKey, oldKey) {
            add(.storageKeyChanged, true, "done-queue storage-key changed from \(quoted(oldKey)) to \(queue.storageKey.map(quoted) ?? "none")",
                queue.binding.location)
        }
    }

    /// The JSON keys a field reads: its own, or for a derived field its lookup map's and its
    /// key's (`colors`, `id`); nil when there is no such field.
    static func keysRead(_ field: Field?, in contract: Contract, type: ObjectType?) -> [String]? {
        guard let field else { return nil }
        guard let derived = field.derived else { return [field.jsonKey] }
        return [contract.rootType.field(named: derived.lookupField)?.jsonKey ?? derived.lookupField,
                type?.field(named: derived.keyField)?.jsonKey ?? derived.keyField]
    }

    static func sameKeys(_ a: [String]?, _ b: [String]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.count == b.count && zip(a, b).allSatisfy { ExactText.same($0, $1) }
    }

    /// `'id'`, or `'colors'['id']` for a derived field; `?` when there is no such field.
    static func reads(_ field: Field?, in contract: Contract, type: ObjectType?) -> String {
        guard let keys = keysRead(field, in: contract, type: type) else { return "?" }
        return keys.count == 1 ? quoted(keys[0]) : "\(quoted(keys[0]))[\(quoted(keys[1]))]"
    }

    /// A derived field (`projectColor = projectColors[projectId]`) by the JSON keys its lookup
    /// and its key resolve to, not by their code names.
    static func compareDerivation(_ old: Field, _ new: Field, typeName: String, in types: (ObjectType, ObjectType), of contracts: (Contract, Contract),
                                  _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        func text(_ field: Field, _ type: ObjectType, _ contract: Contract) -> String {
            field.derived.map { "\($0.lookupField)[\($0.keyField)] (JSON keys \(reads(field, in: contract, type: type)))" } ?? "none"
        }
        guard old.derived != nil || new.derived != nil else { return }
        let same = old.derived != nil && new.derived != nil
            && sameKeys(keysRead(old, in: contracts.0, type: types.0), keysRead(new, in: contracts.1, type: types.1))
        if !same {
            add(.derivationChanged, true, "field '\(old.name)' of \(typeName): derivation changed from \(text(old, types.0, contracts.0)) to \(text(new, types.1, contracts.1))",
                new.location)
        }
    }

    /// Top-level settings other than the version gate and the root: where blobs are stored,
    /// and the settings that change generated names or observations but not blob reading.
    static func compareTopLevel(_ old: Contract, _ new: Contract,
                                _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        switch (old.storageKey, new.storageKey) {
        case let (a?, b) where !ExactText.same(a, b):
            add(.storageKeyChanged, true, "storage-key changed from \(quoted(a)) to \(b.map(quoted) ?? "none")", new.location)
        case let (nil, b?):
            add(.storageKeyAdded, false, "storage-key \(quoted(b)) declared", new.location)
        default:
            break
        }
        let ot = old.targets, nt = new.targets
        if ot.swiftNamespace != nt.swiftNamespace || ot.kotlinPackage != nt.kotlinPackage
            || ot.kotlinObject != nt.kotlinObject || ot.typeScriptModule != nt.typeScriptModule {
            add(.targetsChanged, false, "targets changed (\(rationale[.targetsChanged]!))", new.location)
        }
        if old.observation != new.observation {
            add(.observationChanged, false, "observation changed (\(rationale[.observationChanged]!))", new.location)
        }
    }

    static func quoted(_ text: String) -> String { "'\(text)'" }

    /// Tagged unions, by name, analogous to enums: a tag is a value the writer writes. (A type that
    /// turns from an object into a union, or back, changes the type of every field holding it.)
    static func compareUnions(_ old: Contract, _ new: Contract, renames: TypeRenames,
                              _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        func variant(_ union: UnionType, _ tag: String) -> UnionVariant? { union.variants.first { ExactText.same($0.tag, tag) } }
        for oldUnion in old.unions {
            guard let newUnion = new.union(named: renames.name(oldUnion.name)) else {
                add(.typeRemoved, true, "union '\(oldUnion.name)' removed", new.location)
                continue
            }
            let name = "union '\(oldUnion.name)'"
            if newUnion.name != oldUnion.name {
                add(.typeRenamed, false, "\(name) is now named '\(newUnion.name)' (\(rationale[.typeRenamed]!))", newUnion.location)
            }
            if !ExactText.same(oldUnion.tagKey, newUnion.tagKey) {
                add(.unionTagChanged, true, "\(name): tag key changed from \(quoted(oldUnion.tagKey)) to \(quoted(newUnion.tagKey))", newUnion.tagLocation)
            } else if oldUnion.tag != newUnion.tag {
                add(.codeNameChanged, false, "\(name): its tag is now named '\(newUnion.tag)' in code (JSON key \(quoted(newUnion.tagKey)) unchanged)", newUnion.tagLocation)
            }
            for oldVariant in oldUnion.variants {
                guard let newVariant = variant(newUnion, oldVariant.tag) else {
                    add(.unionVariantRemoved, true, "\(name): variant '\(oldVariant.tag)' removed", newUnion.location)
                    continue
                }
                // A variant type renamed where the tag holds it is a type rename (a note, and its
                // fields are compared with the type's); another type is another shape.
                if renames.name(oldVariant.typeName) != newVariant.typeName {
                    add(.unionVariantTypeChanged, true, "\(name): variant '\(oldVariant.tag)' changed from \(oldVariant.typeName) to \(newVariant.typeName)", newVariant.location)
                }
            }
            for newVariant in newUnion.variants where variant(oldUnion, newVariant.tag) == nil {
                add(.unionVariantAdded, false, "\(name): variant '\(newVariant.tag)' (\(newVariant.typeName)) added", newVariant.location)
            }
            let location = newUnion.unknownLocation ?? newUnion.location
            switch (oldUnion.unknown, newUnion.unknown) {
            case (let a?, nil):
                add(.unionUnknownRemoved, true, "\(name): 'unknown: \(a)' removed", location)
            case (nil, let b?):
                add(.unionUnknownAdded, false, "\(name): 'unknown: \(b)' added", location)
            case (let a?, let b?) where !ExactText.same(a, b):
                add(.unionUnknownChanged, true, "\(name): 'unknown' changed from \(a) to \(b)", location)
            default:
                break
            }
            if !ExactText.same(oldUnion.doc, newUnion.doc) {
                add(.documentationChanged, false, "\(name): documentation changed", newUnion.location)
            }
        }
    }

    /// A type's `reserved:` list: an entry removed, or a key the base reserved read by a field.
    /// Removing a field and reserving its key reports the removal as `field-removed` as before.
    static func compareReserved(_ oldType: ObjectType, _ newType: ObjectType,
                                _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        let oldNames = oldType.reserved.map(\.name), newNames = newType.reserved.map(\.name)
        for name in oldNames where !ExactText.contains(newNames, name) {
            add(.reservedRemoved, true, "\(quoted(name)) is no longer reserved on \(newType.name)", newType.location)
        }
        for entry in newType.reserved where !ExactText.contains(oldNames, entry.name) {
            add(.reservedAdded, false, "\(quoted(entry.name)) reserved on \(newType.name) (\(rationale[.reservedAdded]!))", entry.location)
        }
        for field in newType.storedFields where ExactText.contains(oldNames, field.jsonKey) {
            add(.reservedReused, true, "field '\(field.name)' of \(newType.name) reads the JSON key \(quoted(field.jsonKey)), which was reserved on \(oldType.name)",
                field.jsonLocation ?? field.location)
        }
    }

    /// An open enum's fallback (`unknown:`): removing or changing it changes how a string old
    /// readers kept reads; adding one only keeps strings no writer of the old schema writes.
    static func compareUnknown(_ old: FieldType, _ new: FieldType, name: String, at location: SourceLocation,
                               _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        guard case .enumeration(_, let a) = old, case .enumeration(_, let b) = new, !ExactText.same(a, b) else { return }
        switch (a, b) {
        case (let a?, nil):
            add(.enumUnknownRemoved, true, "\(name): 'unknown: \(a)' removed", location)
        case (nil, let b?):
            add(.enumUnknownAdded, false, "\(name): 'unknown: \(b)' added", location)
        case (let a?, let b?):
            add(.enumUnknownChanged, true, "\(name): 'unknown' changed from \(a) to \(b)", location)
        case (nil, nil):
            break
        }
    }

    /// Two types that are the same arrays and maps around an enum each: the two enums and where
    /// they sit (`""`, `" (elements)"`, `" (values of elements)"`…); nil otherwise.
    static func enumsAtOnePlace(_ old: FieldType, _ new: FieldType) -> (FieldType, FieldType, String)? {
        switch (old, new) {
        case (.enumeration, .enumeration): return (old, new, "")
        case (.array(let a), .array(let b)):
            return enumsAtOnePlace(a, b).map { ($0.0, $0.1, $0.2.isEmpty ? " (elements)" : $0.2.replacingOccurrences(of: " (", with: " (elements' ")) }
        case (.map(let a), .map(let b)):
            return enumsAtOnePlace(a, b).map { ($0.0, $0.1, $0.2.isEmpty ? " (values)" : $0.2.replacingOccurrences(of: " (", with: " (values' ")) }
        default: return nil
        }
    }

    static func compareField(_ old: Field, _ new: Field, typeName: String, renames: TypeRenames? = nil,
                             _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        let name = "field '\(old.name)' of \(typeName)"
        if !ExactText.same(renames.map({ $0.renaming(old.type) }) ?? old.type, new.type) {
            if let (oldEnum, newEnum, place) = enumsAtOnePlace(old.type, new.type),
               case .enumeration(let oldCases, _) = oldEnum, case .enumeration(let newCases, _) = newEnum {
                // An enum inside arrays or maps changes like a field's own: by its values and fallback.
                let name = name + place
                let removed = oldCases.filter { !ExactText.contains(newCases, $0) }
                let added = newCases.filter { !ExactText.contains(oldCases, $0) }
                if !removed.isEmpty { add(.enumValueRemoved, true, "\(name): enum value(s) \(removed) removed", new.typeLocation) }
                if !added.isEmpty { add(.enumValueAdded, false, "\(name): enum value(s) \(added) added", new.typeLocation) }
                compareUnknown(oldEnum, newEnum, name: name, at: new.typeLocation, add)
            } else {
                add(.fieldTypeChanged, true, "\(name) changed type from \(old.type.schemaSpelling) to \(new.type.schemaSpelling)", new.typeLocation)
            }
        }
        switch (old.presence, new.presence) {
        case (let a, let b) where ExactText.same(a, b):
            break
        case (.optional, .required), (.defaultValue, .required):
            add(.fieldMadeRequired, true, "\(name) made required (\(new.presence.spelling), was \(old.presence.spelling))", new.location)
        case (.defaultValue(let a), .defaultValue(let b)):
            add(.defaultChanged, true, "\(name): default changed from \(a.spelling) to \(b.spelling)", new.location)
        default:
            add(.degradePolicyChanged, true, "\(name): what a missing or invalid value becomes changed from '\(old.presence.spelling)' to '\(new.presence.spelling)'", new.location)
        }
        let oc = old.constraints, nc = new.constraints
        if !oc.nonEmpty && nc.nonEmpty { add(.constraintNarrowed, true, "\(name) is now non-empty", new.location) }
        if oc.nonEmpty && !nc.nonEmpty { add(.constraintWidened, false, "\(name) may now be empty", new.location) }
        func compareBound(_ label: String, _ o: Double?, _ n: Double?, narrowerWhenGreater: Bool) {
            guard o != n else { return }
            let narrowed: Bool
            switch (o, n) {
            case (nil, _?): narrowed = true
            case (_?, nil): narrowed = false
            case let (o?, n?): narrowed = narrowerWhenGreater ? n > o : n < o
            default: return
            }
            let text = "\(name): \(label) changed from \(o.map { JSONValue.format($0) } ?? "none") to \(n.map { JSONValue.format($0) } ?? "none")"
            add(narrowed ? .constraintNarrowed : .constraintWidened, narrowed, text, new.location)
        }
        compareBound("min", oc.min, nc.min, narrowerWhenGreater: true)
        compareBound("max", oc.max, nc.max, narrowerWhenGreater: false)
        // Length and size limits: a larger minimum or a smaller maximum rejects values the old
        // writer may write; adding one narrows, removing one widens.
        compareBound("min-length", oc.minLength.map(Double.init), nc.minLength.map(Double.init), narrowerWhenGreater: true)
        compareBound("max-length", oc.maxLength.map(Double.init), nc.maxLength.map(Double.init), narrowerWhenGreater: false)
        compareBound("min-items", oc.minItems.map(Double.init), nc.minItems.map(Double.init), narrowerWhenGreater: true)
        compareBound("max-items", oc.maxItems.map(Double.init), nc.maxItems.map(Double.init), narrowerWhenGreater: false)
        if old.explicitNull != new.explicitNull {
            add(.explicitNullChanged, true, "\(name): 'explicit-null' \(new.explicitNull ? "added" : "removed")", new.explicitNullLocation ?? new.location)
        }
        if !ExactText.same(old.doc, new.doc) { add(.documentationChanged, false, "\(name): documentation changed", new.location) }
        switch (old.deprecated, new.deprecated) {
        case (nil, _?):
            add(.fieldDeprecated, false, "\(name) deprecated (\(rationale[.fieldDeprecated]!))", new.location)
        case (_?, nil):
            add(.fieldUndeprecated, false, "\(name) no longer deprecated (\(rationale[.fieldUndeprecated]!))", new.location)
        case let (a?, b?) where !ExactText.same(a, b):
            add(.documentationChanged, false, "\(name): deprecation reason changed", new.location)
        default:
            break
        }
    }
}
