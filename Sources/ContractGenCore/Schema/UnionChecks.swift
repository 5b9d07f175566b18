/// Stage 3, tagged unions: every variant is an object type that does not use the tag itself, the
/// tags give distinct case names in every language, and nothing a union cannot carry yet (derived
/// fields, behaviour bindings) is reached through one. Each error names its `file:line:column`.

extension SchemaValidator {
    /// Each variant names a declared object type (a union of unions would need a tag per level).
    static func checkUnionVariants(_ contract: Contract, _ d: inout DiagnosticCollector) {
        let objectNames = contract.types.map(\.name)
        for union in contract.unions {
            for variant in union.variants where contract.type(named: variant.typeName) == nil {
                if contract.union(named: variant.typeName) != nil {
                    d.error("the variant of tag '\(variant.tag)' names union '\(variant.typeName)'; a variant must be an object type (declare one holding the union as a field)", at: variant.location)
                } else {
                    let hint = closestMatch(to: variant.typeName, in: objectNames).map { " (did you mean '\($0)'?)" } ?? ""
                    d.error("the variant of tag '\(variant.tag)' names '\(variant.typeName)', which is not a declared object type\(hint)", at: variant.location)
                }
            }
        }
    }

    static func checkUnions(_ contract: Contract, _ d: inout DiagnosticCollector) {
        for union in contract.unions {
            checkUnionTag(union, &d)
            checkUnionCaseNames(union, &d)
            // The tag is the union's, not a field of its variants: a variant field with the tag's key
            // (or, in TypeScript's intersection, its code name) would read or type the tag twice.
            var reported: Set<String> = []
            for variant in union.variants {
                guard reported.insert(variant.typeName).inserted, let type = contract.type(named: variant.typeName) else { continue }
                for field in type.fields {
                    if field.derived == nil, field.jsonKey == union.tagKey {
                        d.error("field '\(type.name).\(field.name)' uses the JSON key '\(field.jsonKey)', which is the tag of union '\(union.name)' (\(type.name) is its variant '\(variant.tag)'); "
                                + "the tag is not a field of its variants: remove the field or give it another 'json:' key", at: field.jsonLocation ?? field.location)
                    } else if field.name == union.tag {
                        d.error("field '\(type.name).\(field.name)' has the code name of the tag of union '\(union.name)' (\(type.name) is its variant '\(variant.tag)'); "
                                + "TypeScript gives the variant a '\(union.tag)' property: rename the field, e.g. '\(field.name)Value', or the tag", at: field.location)
                    }
                }
            }
        }
        checkTypeScriptVariantNames(contract, &d)
        checkThroughUnions(contract, &d)
    }

    /// TypeScript declares an interface per variant, `<Union><Subclass>` (and its `Input`): it must
    /// not be a declared type's name (or its writer type), a platform or runtime name, or another
    /// union's variant interface.
    static func checkTypeScriptVariantNames(_ contract: Contract, _ d: inout DiagnosticCollector) {
        let declared = contract.types.map(\.name) + contract.unions.map(\.name)
        let taken = Set(declared + declared.map { $0 + "Input" })
        var seen: [String: (union: String, tag: String)] = [:]
        for union in contract.unions {
            for variant in union.variants {
                let name = TypeScriptNames.unionVariantName(union.name, tag: variant.tag)
                let what = "union tag '\(variant.tag)' of \(union.name) names the TypeScript interface '\(name)'"
                if taken.contains(name) || taken.contains(name + "Input") {
                    d.error("\(what), which a declared type (or its writer type) already uses; rename the type or spell the tag otherwise", at: variant.location)
                } else if TakenNames.typeScript.contains(name) || TakenNames.typeScript.contains(name + "Input") {
                    d.error("\(what), which is already a TypeScript platform or runtime name; spell the tag otherwise", at: variant.location)
                } else if let other = seen[name] {
                    // Within one union two such tags are already one Kotlin subclass (reported above).
                    if other.union != union.name {
                        d.error("\(what), as does tag '\(other.tag)' of \(other.union); spell the tag otherwise", at: variant.location)
                    }
                } else {
                    seen[name] = (union.name, variant.tag)
                }
            }
        }
    }

    /// The tag's code name follows the field-name rules (it is a TypeScript property beside fields).
    static func checkUnionTag(_ union: UnionType, _ d: inout DiagnosticCollector) {
        if let language = reservedWords[union.tag] {
            d.error("tag name '\(union.tag)' of union '\(union.name)' is a reserved word in \(language); name it e.g. '\(union.tag)Tag' and keep its JSON key with 'tag-json: \(union.tagKey)'", at: union.tagLocation)
        } else if swiftModifierWords.contains(union.tag) {
            d.error("tag name '\(union.tag)' of union '\(union.name)' is a declaration keyword in Swift; name it e.g. '\(union.tag)Tag' and keep its JSON key with 'tag-json: \(union.tagKey)'", at: union.tagLocation)
        }
    }

    /// Each tag becomes a Swift case (lowerCamel) and a Kotlin subclass (UpperCamel) of the union:
    /// two tags that map to one name would be declared twice, and a Kotlin class may not nest a
    /// class of its own name. (The subclasses refer to their variant types fully qualified, so a
    /// subclass named like a declared or platform type hides nothing they use.)
    static func checkUnionCaseNames(_ union: UnionType, _ d: inout DiagnosticCollector) {
        let tags = union.variants.map(\.tag)
        for (language, names) in [("Swift", tags.map(SwiftNames.caseName)), ("Kotlin", tags.map(KotlinNames.unionCaseName))] {
            var firstTag: [String: String] = [:]
            for (variant, name) in zip(union.variants, names) {
                if let other = firstTag[name] {
                    d.error("union tags '\(other)' and '\(variant.tag)' both become the \(language) case '\(name)'; keep one spelling (tags may differ in more than case, '-' and '_')", at: variant.location)
                } else {
                    firstTag[name] = variant.tag
                }
            }
        }
        for variant in union.variants {
            let name = KotlinNames.unionCaseName(variant.tag)
            if name == union.name {
                d.error("union tag '\(variant.tag)' becomes the Kotlin subclass '\(union.name).\(name)', which Kotlin cannot nest in a class of the same name; spell the tag otherwise, e.g. '\(variant.tag)-value'", at: variant.location)
            }
        }
    }

    /// Derived fields and the overlay and done-queue are applied by walkers that do not go through
    /// unions: a type they need may not be reached through a union.
    static func checkThroughUnions(_ contract: Contract, _ d: inout DiagnosticCollector) {
        guard !contract.unions.isEmpty else { return }
        let graph = SchemaValidator.childGraph(contract)
        var throughUnion: Set<String> = []
        var stack = contract.unions.flatMap { $0.variants.map(\.typeName) }
        while let name = stack.popLast() {
            guard throughUnion.insert(name).inserted else { continue }
            stack += graph[name] ?? []
        }
        for type in contract.types where throughUnion.contains(type.name) {
            if let derived = type.fields.first(where: { $0.derived != nil }) {
                d.error("type '\(type.name)' is reached through a union, so its derived field '\(derived.name)' cannot be filled in (derived fields are not resolved through unions); make it a stored field", at: derived.location)
            }
        }
        let b = contract.behaviours
        for (what, binding) in [("overlay", b.overlay), ("done-queue", b.doneQueue?.binding)] {
            guard let binding, throughUnion.contains(binding.typeName) else { continue }
            d.error("\(what) binds type '\(binding.typeName)', which is reached through a union; behaviours do not reach into unions", at: binding.location)
        }
    }
}
