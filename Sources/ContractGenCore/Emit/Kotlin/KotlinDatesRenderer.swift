/// Kotlin `java.util.Date` accessors for `epochMillis` fields (DateAccessors): properties with a
/// getter and no backing field in the data class body, so they are in neither `equals`, `copy`
/// nor the constructor. `java.util.Date` works on every Android API level; `java.time.Instant`
/// would need API 26.
extension KotlinContractWriter {
    func dateAccessors(_ type: ObjectType, _ p: inout CodePrinter) {
        for (index, field) in DateAccessors.fields(of: type).enumerated() {
            if index > 0 { p.line() }
            let nullable = KotlinNames.isNullable(field)
            p.line("/** [\(field.name)] as a `java.util.Date`\(nullable ? " (null when it is null)" : ""); `java.time.Instant.ofEpochMilli` needs API 26. */")
            if let why = field.deprecated {
                // It reads the deprecated field, which would warn (-Werror); an app reading it still does.
                p.line("@Deprecated(\(StringLiteral.kotlin(why)))")
                p.line(KotlinFacts.suppressDeprecation)
            }
            let value = nullable ? "\(field.name)?.let { java.util.Date(it) }" : "java.util.Date(\(field.name))"
            p.line("val \(DateAccessors.name(field)): java.util.Date\(nullable ? "?" : "") get() = \(value)")
        }
    }
}
