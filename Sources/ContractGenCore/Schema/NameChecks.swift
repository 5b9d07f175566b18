/// Stage 3, names: every name a schema gives must produce code that compiles in all three
/// languages. A name that cannot is refused here, at its `file:line:column`, with a name to write
/// instead; nothing is emitted.

extension SchemaValidator {
    /// Suffixes the emitters append to a field's name for locals of the same decoder
    /// (`tasksSlot`, `tasksDropped`): a sibling field with that name would be declared twice.
    static let generatedLocalSuffixes = ["Slot", "Dropped"]

    /// Field names the decoders use for their own locals and parameters in every type.
    static let generatedLocalNames: Set<String> = ["dropped"]

    /// Members every generated Swift struct declares beside its fields (`customMirror`, which
    /// keeps `print` and `dump` to the fields): a field of that name would be declared twice.
    static let generatedMemberNames: Set<String> = [SwiftNames.mirrorMember]

    /// Swift declaration modifiers: not in `reservedWords` (they are legal labels elsewhere) but
    /// never a stored property or a `let`. (`open` is contextual and compiles as a name.)
    static let swiftModifierWords: Set<String> = ["internal", "fileprivate", "private", "public", "precedencegroup"]

    static func checkNames(_ contract: Contract, _ d: inout DiagnosticCollector) {
        checkTargets(contract, &d)
        let typeNames = Set(contract.types.map(\.name) + contract.unions.map(\.name))
        for union in contract.unions { checkTypeName(union.name, at: union.location, &d) }
        for type in contract.types {
            checkTypeName(type.name, at: type.location, &d)
            let fieldNames = Set(type.fields.map(\.name))
            checkDateAccessorNames(type, &d)
            for field in type.fields {
                checkFieldName(field, siblings: fieldNames, in: type, &d)
                // A field that holds an enum, as its own type or inside an array or map, may declare
                // the enum type (EnumDeclarationPlan), named after the field.
                let enumerations = EnumDeclarationPlan.enumerations(in: field.type)
                if !enumerations.isEmpty { checkEnumTypeName(field, in: type, typeNames: typeNames, namespace: contract.targets.swiftNamespace, &d) }
                for cases in enumerations { checkEnumValues(cases, field: field, &d) }
            }
        }
    }

    static func checkTypeName(_ name: String, at location: SourceLocation, _ d: inout DiagnosticCollector) {
        let languages = TakenNames.languages(taking: name)
        guard !languages.isEmpty else { return }
        d.error("type name '\(name)' is already a name in \(languages.joined(separator: ", ")) (a platform type or one contract-gen's generated code declares); rename it, e.g. '\(name)Value'", at: location)
    }

    static func checkFieldName(_ field: Field, siblings: Set<String>, in type: ObjectType, _ d: inout DiagnosticCollector) {
        if swiftModifierWords.contains(field.name) {
            d.error("field name '\(field.name)' is a declaration keyword in Swift; rename it, e.g. '\(field.name)Value', and keep its JSON key with 'json: \(field.jsonKey)'", at: field.location)
        }
        if generatedLocalNames.contains(field.name) {
            d.error("field name '\(field.name)' is the decoder's own count of dropped elements; rename it, e.g. '\(field.name)Count'", at: field.location)
        }
        if generatedMemberNames.contains(field.name) {
            d.error("field name '\(field.name)' is a member every generated Swift struct declares (its Mirror, for print and dump); rename it, e.g. '\(field.name)Value', and keep its JSON key with 'json: \(field.jsonKey)'", at: field.location)
        }
        for suffix in generatedLocalSuffixes where field.name.hasSuffix(suffix) {
            let base = String(field.name.dropLast(suffix.count))
            if siblings.contains(base) {
                d.error("field name '\(field.name)' is the name the decoder gives its own '\(base)\(suffix)' local for field '\(base)' of \(type.name); rename it, e.g. '\(base)\(suffix)Value'", at: field.location)
            }
        }
    }

    /// An instant field `x` gets a `xDate` accessor in Swift and Kotlin (DateAccessors): a sibling
    /// field of that name would be declared twice.
    static func checkDateAccessorNames(_ type: ObjectType, _ d: inout DiagnosticCollector) {
        for instant in DateAccessors.fields(of: type) {
            let accessor = DateAccessors.name(instant)
            if let clash = type.fields.first(where: { $0.name == accessor }) {
                d.error("field name '\(accessor)' is the Date accessor generated for the instant field '\(instant.name)' of \(type.name); rename it, e.g. '\(accessor)Value', and keep its JSON key with 'json: \(clash.jsonKey)'", at: clash.location)
            }
        }
    }

    /// An enum field's own enum type is its capitalised name, nested in the struct (Swift): it must
    /// not hide a declared type. (Platform names get a suffix in every emitter; Kotlin and
    /// TypeScript also suffix declared type names, Swift has no contract at hand to do so.)
    static func checkEnumTypeName(_ field: Field, in type: ObjectType, typeNames: Set<String>, namespace: String, _ d: inout DiagnosticCollector) {
        let enumName = SwiftNames.enumTypeName(field)
        if typeNames.contains(enumName) || enumName == type.name {
            d.error("enum field '\(field.name)' names its enum type '\(enumName)', which is a declared type; rename the field, e.g. '\(field.name)Kind'", at: field.location)
        }
        // The struct's public init, in `extension Namespace.Type`, names other types through the
        // namespace, which an enum nested in the struct under the same name would hide.
        if enumName == namespace {
            d.error("enum field '\(field.name)' names its enum type '\(enumName)', which is the Swift namespace; rename the field, e.g. '\(field.name)Kind'", at: field.location)
        }
    }

    /// Each value becomes a case name (Swift lowerCamel, Kotlin SCREAMING_SNAKE); two values that
    /// map to the same case would be declared twice.
    static func checkEnumValues(_ cases: [String], field: Field, _ d: inout DiagnosticCollector) {
        for (language, names) in [("Swift", cases.map(SwiftNames.caseName)), ("Kotlin", cases.map(KotlinNames.baseCaseName))] {
            var firstValue: [String: String] = [:]
            for (value, name) in zip(cases, names) {
                if let other = firstValue[name] {
                    d.error("enum values '\(other)' and '\(value)' both become the \(language) case '\(name)'; keep one spelling (values may differ in more than case, '-' and '_')", at: field.typeLocation)
                } else {
                    firstValue[name] = value
                }
            }
        }
    }

    /// A Kotlin package: dot-separated identifiers, none a Kotlin keyword (a keyword segment
    /// needs backticks in `package` and `import` lines). `nil` when it is fine, else the problem.
    static func kotlinPackageProblem(_ package: String) -> String? {
        let segments = package.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let bad = segments.first(where: { !ScalarReading.isIdentifier($0) }) {
            return "Kotlin package '\(package)' must be dot-separated identifiers (a letter, then letters or digits), but '\(bad)' is not; write e.g. 'com.example.widget'"
        }
        if let keyword = segments.first(where: kotlinKeywords.contains) {
            return "Kotlin package '\(package)' has the Kotlin keyword '\(keyword)' as a segment; write e.g. '\(segments.map { $0 == keyword ? $0 + "pkg" : $0 }.joined(separator: "."))'"
        }
        return nil
    }

    /// A namespace, object or module alias is a top-level name: neither a keyword nor a platform,
    /// runtime or testee name of its language. `nil` when it is fine, else the problem.
    static func targetNameProblem(_ name: String, what: String, taken: Set<String>) -> String? {
        if let language = reservedWords[name] ?? (kotlinKeywords.contains(name) ? "Kotlin" : nil) {
            return "\(what) '\(name)' is a reserved word in \(language); write e.g. '\(Naming.upperCamel(name))Contract'"
        }
        if taken.contains(name) {
            return "\(what) '\(name)' is already a platform or contract-gen runtime name; write e.g. '\(name)Contract'"
        }
        return nil
    }

    /// Targets derived from the contract name (no `targets:` entry) get the same checks as written ones.
    static func checkTargets(_ contract: Contract, _ d: inout DiagnosticCollector) {
        let t = contract.targets
        let problems = [
            targetNameProblem(t.swiftNamespace, what: "Swift namespace", taken: TakenNames.swift),
            targetNameProblem(t.kotlinObject, what: "Kotlin object", taken: TakenNames.kotlin),
            targetNameProblem(Naming.upperCamel(t.typeScriptModule), what: "TypeScript module alias", taken: TakenNames.typeScript),
            kotlinPackageProblem(t.kotlinPackage),
        ]
        for problem in problems.compactMap({ $0 }) {
            d.error(problem + " (set it under 'targets' if the contract name gave it)", at: contract.location)
        }
        // Inside `extension Namespace.Type` (the structs' public inits) `ID` is an Identifiable
        // struct's own identity type, which would hide a namespace of that name.
        if t.swiftNamespace == "ID" {
            d.error("Swift namespace 'ID' is the identity type every Identifiable struct declares; write e.g. 'IDContract' (set it under 'targets' if the contract name gave it)", at: contract.location)
        }
    }

    /// Kotlin's hard keywords: never a bare name, also not in a package.
    static let kotlinKeywords: Set<String> = ["as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
                                              "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
                                              "true", "try", "typealias", "typeof", "val", "var", "when", "while"]
}
