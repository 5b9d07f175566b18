/// Everything about Swift as a target in one place: where files go, the lint line, the names a
/// generated decoder already uses.
enum SwiftFacts {
    static let directory = "generated/swift"
    static let indentUnit = "    "
    static let lintOff = "// swiftlint:disable all"
    static let commentPrefix = "//"
    /// The decoder's own parameters and locals: a field's local must not shadow them (`context.failed`).
    static let decoderParameters: Set<String> = ["scanner", "context", "dropped", "version", "key", "mark", "r", "report", "read"]
    /// Names Swift or the runtime already uses, which an enum type must not take.
    static var takenTypeNames: Set<String> { TakenNames.swift }
}
