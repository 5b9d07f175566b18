/// The Kotlin object's version-gate constants and data classes (with their nested enum classes).
extension KotlinContractWriter {
    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// region Version gate")
        p.line()
        p.doc(contract.version.doc, style: .block)
        p.line("const val VERSION_FIELD = \(KotlinNames.quoted(contract.version.field))")
        p.line()
        // Versions are integers: Int like WRITTEN_VERSION, Long for both when one does not fit in 32
        // bits (Int.MIN_VALUE is left out too: Kotlin reads `-2147483648` as minus a Long).
        let versions = contract.version.accepts + [contract.version.writes]
        let isInt = versions.allSatisfy { $0 > Int(Int32.min) && $0 <= Int(Int32.max) }
        let (type, suffix) = isInt ? ("Int", "") : ("Long", "L")
        p.line("/** The versions this reader accepts; any other renders as `unsupportedVersion`. */")
        p.line("@JvmField")
        // Unmodifiable for Java callers too: listOf(a, b) is Arrays.asList, whose set() writes through.
        p.line("val ACCEPTED_VERSIONS: List<\(type)> = java.util.Collections.unmodifiableList(listOf(\(contract.version.accepts.map { "\($0)\(suffix)" }.joined(separator: ", "))))")
        p.line()
        p.line("/** The version the writer writes. */")
        p.line("const val WRITTEN_VERSION: \(type) = \(contract.version.writes)\(suffix)")
        if let key = contract.storageKey {
            p.line()
            p.line("/** The shared-storage key the document is written under. */")
            p.line("const val STORAGE_KEY = \(KotlinNames.quoted(key))")
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    // MARK: Types

    /// The most constructor parameters Kotlin 1.3 compiles `@JvmOverloads` for.
    static let maxJvmOverloadsParameters = 33

    func types(_ p: inout CodePrinter) {
        p.line("// region Types")
        for type in contract.types {
            p.line()
            p.doc(type.doc, style: .block)
            // Java callers get the constructors Kotlin's defaults imply (Kotlin warns when there is none),
            // up to 33 parameters: with 34 or more, @JvmOverloads crashes Kotlin 1.3's JVM back end
            // ("Back-end (JVM) Internal error: Couldn't transform method node: <init>"), so a wider
            // type has the full constructor only (docs/scaling.md).
            let overloads = type.fields.count <= Self.maxJvmOverloadsParameters && type.fields.contains { !defaultArgument($0, in: type).isEmpty }
                ? " @JvmOverloads constructor" : ""
            p.line("data class \(type.name)\(overloads)(")
            p.indented { p in
                for (index, field) in type.fields.enumerated() {
                    p.doc(field.doc, style: .block)
                    if let why = field.deprecated { p.line("@Deprecated(\(StringLiteral.kotlin(why)))") }
                    // Kotlin 1.3 has no trailing comma in parameter lists.
                    p.line("val \(field.name): \(declaredType(field, in: type))" + defaultArgument(field, in: type) + (index < type.fields.count - 1 ? "," : ""))
                }
            }
            let nested = enums.filter { $0.typeName == type.name }
            let dates = !DateAccessors.fields(of: type).isEmpty
            if nested.isEmpty && !dates {
                p.line(")")
                continue
            }
            p.block(") {") { p in
                if dates { dateAccessors(type, &p) }
                for (index, declaration) in nested.enumerated() {
                    if dates && index == 0 { p.line() }
                    if index > 0 { p.line() }
                    enumClass(declaration, &p)
                }
            }
        }
        for union in plan.unions {
            p.line()
            unionClass(union, &p)
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    /// A union is a sealed class with one data class per tag wrapping its variant's value. The
    /// variant types are named fully qualified: a subclass may share a declared type's name.
    func unionClass(_ union: UnionPlan, _ p: inout CodePrinter) {
        var doc = union.union.doc
        doc += (doc.isEmpty ? "" : "\n\n") + "A tagged union on the JSON key `\(union.tagKey)`: one subclass per tag, wrapping its variant."
        p.doc(doc, style: .block)
        p.block("sealed class \(union.name) {") { p in
            for (index, variant) in union.variants.enumerated() {
                if index > 0 { p.line() }
                let fallback = union.fallback?.tag == variant.tag ? " Any other tag string reads as this subclass too." : ""
                // The tag's JSON key is any text: one line, with no comment delimiter left in it.
                p.line("/** " + CommentText.blockCommentLine(CommentText.singleLine("`\(union.tagKey)` is `\(variant.tag)`.\(fallback)")) + " */")
                p.line("data class \(KotlinNames.unionCaseName(variant.tag))(val value: \(contract.targets.kotlinPackage).\(object).\(variant.typeName)) : \(union.name)()")
            }
        }
    }

    /// An enum class carrying each value's JSON spelling; `fromJson` is exact (no case folding).
    func enumClass(_ declaration: KotlinNames.EnumDeclaration, _ p: inout CodePrinter) {
        let cases = declaration.cases
        let name = declaration.enumName
        let names = KotlinNames.caseNames(cases)
        p.line("/** The values of `\(declaration.field.name)`, each with its JSON spelling. */")
        p.block("enum class \(name)(val json: String) {") { p in
            for (index, value) in cases.enumerated() {
                p.line("\(names[index])(\(KotlinNames.quoted(value)))" + (index < cases.count - 1 ? "," : ";"))
            }
            p.line()
            p.block("companion object {") { p in
                p.line("/** The value spelled exactly [text] in JSON, or null for any other string. */")
                p.line(KotlinFacts.jvmStatic)
                p.block("fun fromJson(text: String): \(name)? = when (text) {") { p in
                    for (index, value) in cases.enumerated() {
                        p.line("\(KotlinNames.quoted(value)) -> \(names[index])")
                    }
                    p.line("else -> null")
                }
            }
        }
    }

    /// ` = value` when the schema gives the field one (a default, or null for a nullable field),
    /// so an app, a test or a preview writes only the fields it cares about.
    func defaultArgument(_ field: Field, in owner: ObjectType) -> String {
        if field.explicitNull { return " = ContractNullable.Absent" }
        if KotlinNames.isNullable(field) { return " = null" }
        if case .defaultValue(let value) = field.presence {
            return " = " + KotlinNames.literal(value, field: field, owner: owner.name, enums: enums)
        }
        return ""
    }
}
