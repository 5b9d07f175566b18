/// Classifies every difference between two versions of a contract, like `buf breaking` does for
/// protobuf. A change that lets the old writer and the new reader (or the new writer and an old
/// reader) disagree about a blob is breaking unless the contract version is bumped — and a bump
/// is only sound when the old readers reject the new version, which the version gate guarantees
/// if the new `writes` is not in the old `accepts`.

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
        case derivationChanged = "derivation-changed"
        case versionGateChanged = "version-gate-changed"
        case behaviourChanged = "behaviour-changed"
        case typeRemoved = "type-removed"
        case rootChanged = "root-changed"
        case bumpStillAccepted = "bump-still-accepted"
        // Not breaking:
        case optionalFieldAdded = "optional-field-added"
        case constraintWidened = "constraint-widened"
        case enumValueAdded = "enum-value-added"
        case documentationChanged = "documentation-changed"
        case versionBumped = "version-bumped"
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
        .derivationChanged: "the same blob would render a different derived value",
        .versionGateChanged: "readers would accept or reject different versions than the writers expect",
        .behaviourChanged: "widgets built from each schema would decide staleness, header or queue differently",
        .typeRemoved: "its fields were removed with it",
        .rootChanged: "the document would be read as a different type",
        .bumpStillAccepted: "a bump is only safe if old readers reject the new version",
        .optionalFieldAdded: "old blobs lack it and read it as null or its default (as `projects` was added within v:1)",
        .constraintWidened: "everything valid before is still valid",
        .enumValueAdded: "old values stay valid; old readers degrade the new one by its policy",
        .documentationChanged: "no behaviour changes",
        .versionBumped: "old readers reject the new version, so nothing is mis-read",
    ]

    public static func compare(old: Contract, new: Contract) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        let bumped = new.version.writes != old.version.writes
        let versionName = new.version.field
        func add(_ rule: SchemaChange.Rule, breaking: Bool, _ message: String, at location: SourceLocation?) {
            let suffix = breaking && !bumped ? " without bumping \(versionName) (\(rationale[rule]!))" : ""
            let isBreaking = breaking && !bumped
            changes.append(SchemaChange(rule: rule, isBreaking: isBreaking, message: message + suffix
                                        + (breaking && bumped ? " (allowed: \(versionName) bumped to \(new.version.writes))" : ""),
                                        location: location))
        }

        // The version gate itself.
        if bumped {
            if old.version.accepts.contains(new.version.writes) {
                changes.append(SchemaChange(rule: .bumpStillAccepted, isBreaking: true,
                                            message: "\(versionName) bumped to \(new.version.writes), but the old readers accept \(new.version.writes) (\(rationale[.bumpStillAccepted]!))",
                                            location: new.version.location))
            } else {
                changes.append(SchemaChange(rule: .versionBumped, isBreaking: false,
                                            message: "\(versionName) bumped from \(old.version.writes) to \(new.version.writes)", location: new.version.location))
            }
        }
        if old.version.field != new.version.field || Set(old.version.accepts) != Set(new.version.accepts) {
            add(.versionGateChanged, breaking: true,
                "version gate changed from \(old.version.field) in \(old.version.accepts.sorted()) to \(new.version.field) in \(new.version.accepts.sorted())",
                at: new.version.location)
        }
        if old.rootTypeName != new.rootTypeName {
            add(.rootChanged, breaking: true, "root type changed from \(old.rootTypeName) to \(new.rootTypeName)", at: new.location)
        }

        // Types and fields.
        for oldType in old.types {
            guard let newType = new.type(named: oldType.name) else {
                add(.typeRemoved, breaking: true, "type '\(oldType.name)' removed", at: new.location)
                continue
            }
            for oldField in oldType.fields {
                guard let newField = newType.field(named: oldField.name) else {
                    let renamed = newType.fields.first { candidate in oldType.field(named: candidate.name) == nil && candidate.type == oldField.type }
                    let hint = renamed.map { " (renamed to '\($0.name)'? a rename is a removal to old writers)" } ?? ""
                    add(.fieldRemoved, breaking: true, "field '\(oldField.name)' of \(oldType.name) removed\(hint)", at: renamed?.location ?? newType.location)
                    continue
                }
                compareField(oldField, newField, typeName: oldType.name, add)
            }
            for newField in newType.fields where oldType.field(named: newField.name) == nil {
                if case .required = newField.presence {
                    add(.requiredFieldAdded, breaking: true, "required field '\(newField.name)' added to \(newType.name)", at: newField.location)
                } else {
                    add(.optionalFieldAdded, breaking: false, "field '\(newField.name)' added to \(newType.name) (\(newField.presence.spelling); \(rationale[.optionalFieldAdded]!))", at: newField.location)
                }
            }
        }

        // Behaviours.
        let ob = old.behaviours, nb = new.behaviours
        func bindingText(_ b: TaskFlagBinding?) -> String { b.map { "\($0.typeName).\($0.idField)/\($0.flagField)" } ?? "none" }
        if bindingText(ob.overlay) != bindingText(nb.overlay) {
            add(.behaviourChanged, breaking: true, "overlay changed from \(bindingText(ob.overlay)) to \(bindingText(nb.overlay))", at: nb.overlay?.location ?? new.location)
        }
        if ob.staleness?.field != nb.staleness?.field {
            add(.behaviourChanged, breaking: true, "staleness changed from \(ob.staleness?.field ?? "none") to \(nb.staleness?.field ?? "none")", at: nb.staleness?.location ?? new.location)
        }
        if ob.header?.dayField != nb.header?.dayField {
            add(.behaviourChanged, breaking: true, "header day changed from \(ob.header?.dayField ?? "none") to \(nb.header?.dayField ?? "none")", at: nb.header?.location ?? new.location)
        }
        if ob.validUntil?.dayField != nb.validUntil?.dayField {
            add(.behaviourChanged, breaking: true, "valid-until day changed from \(ob.validUntil?.dayField ?? "none") to \(nb.validUntil?.dayField ?? "none")", at: nb.validUntil?.location ?? new.location)
        }
        if bindingText(ob.doneQueue?.binding) != bindingText(nb.doneQueue?.binding) || ob.doneQueue?.storageKey != nb.doneQueue?.storageKey {
            add(.behaviourChanged, breaking: true, "done-queue changed", at: nb.doneQueue?.binding.location ?? new.location)
        }
        return changes
    }

    static func compareField(_ old: Field, _ new: Field, typeName: String,
                             _ add: (SchemaChange.Rule, Bool, String, SourceLocation?) -> Void) {
        let name = "field '\(old.name)' of \(typeName)"
        if old.type != new.type {
            if case .enumeration(let oldCases) = old.type, case .enumeration(let newCases) = new.type {
                let removed = oldCases.filter { !newCases.contains($0) }
                let added = newCases.filter { !oldCases.contains($0) }
                if !removed.isEmpty { add(.enumValueRemoved, true, "\(name): enum value(s) \(removed) removed", new.typeLocation) }
                if !added.isEmpty { add(.enumValueAdded, false, "\(name): enum value(s) \(added) added", new.typeLocation) }
            } else {
                add(.fieldTypeChanged, true, "\(name) changed type from \(old.type.schemaSpelling) to \(new.type.schemaSpelling)", new.typeLocation)
            }
        }
        if old.derived != new.derived {
            add(.derivationChanged, true, "\(name): derivation changed", new.location)
        }
        switch (old.presence, new.presence) {
        case (let a, let b) where a == b:
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
        if old.doc != new.doc { add(.documentationChanged, false, "\(name): documentation changed", new.location) }
    }
}
