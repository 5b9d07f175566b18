/// Everything about Kotlin as a target in one place: where files go, the packages, the header
/// line, the names a generated decoder already uses.
enum KotlinFacts {
    static let directory = "generated/kotlin"
    static let indentUnit = "    "
    /// `@file:` annotations must precede the `package` line, so the lint-off line ends the header.
    static let lintOff = "@file:Suppress(\"unused\", \"MemberVisibilityCanBePrivate\", \"RedundantVisibilityModifier\")"
    static let runtimePackage = ProjectLayout.defaultKotlinRuntimePackage
    static let testeePackage = "dev.contractgen.testee"
    /// Before every function of a contract's object (and its nested objects): Java callers in an
    /// Android app then write `WidgetData.decode(…)`, not `WidgetData.INSTANCE.decode(…)`.
    static let jvmStatic = "@JvmStatic"
    /// Before generated code that reads a `@Deprecated` property (only reading one warns; a
    /// constructor's or `copy`'s named argument does not), so it stays `-Werror` clean.
    static let suppressDeprecation = "@Suppress(\"DEPRECATION\")"
    /// Names a decoder function already uses; a field's local must not shadow them.
    static let decoderNames: Set<String> = ["scanner", "context", "key", "start", "before", "it", "mark", "r", "report"]
    /// Names Kotlin or the runtime already uses, which an enum class must not take.
    static var takenTypeNames: Set<String> { TakenNames.kotlin }
}
