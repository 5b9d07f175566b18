/// The Swift namespace's version-gate constants and value types (structs, nested enums).
extension SwiftContractWriter {
    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// MARK: - Version gate")
        p.line()
        p.doc(contract.version.doc, style: .tripleSlash)
        p.line("public static let versionField = \(Naming.swiftQuoted(contract.version.field))")
        p.line("/// The versions this reader accepts; any other renders as `unsupportedVersion`.")
        p.line("public static let acceptedVersions: [Int] = [\(contract.version.accepts.map(String.init).joined(separator: ", "))]")
        p.line("/// The version the writer writes.")
        p.line("public static let writtenVersion = \(contract.version.writes)")
        if let key = contract.storageKey {
            p.line("/// The shared-storage key the document is written under.")
            p.line("public static let storageKey = \(Naming.swiftQuoted(key))")
        }
        p.line()
    }

    // MARK: Types

    func types(_ p: inout CodePrinter) {
        p.line("// MARK: - Types")
        for type in contract.types {
            p.line()
            p.doc(type.doc, style: .tripleSlash)
            p.block("public struct \(type.name): Sendable, Equatable\(Self.isIdentifiable(type) ? ", Identifiable" : "") {") { p in
                for declaration in enums where declaration.plan.owner.name == type.name {
                    let field = declaration.plan.field
                    p.line(declaration.plan.isFieldsOwnType ? "/// The values of `\(field.name)`." : "/// The values in `\(field.name)` (and in every array or map of these values).")
                    p.block("public enum \(declaration.name): String, Sendable, Equatable, CaseIterable {") { p in
                        for value in declaration.cases {
                            let name = SwiftNames.caseName(value)
                            p.line(name.trimmingCharacters(in: ["`"]) == value ? "case \(name)" : "case \(name) = \(Naming.swiftQuoted(value))")
                        }
                    }
                    p.line()
                }
                for field in type.fields {
                    p.doc(Self.fieldDoc(field), style: .tripleSlash)
                    p.line("\(SwiftNames.isIndirect(field) ? "@ContractIndirect " : "")public var \(field.name): \(SwiftNames.declaredType(field, enums: enums))")
                }
                p.line()
                p.line("/// Zero bytes, not a field of the contract: it gives the decoders Swift's memberwise")
                p.line("/// initializer (`ContractMemberwise`, ContractRuntime.swift). The public one is in the")
                p.line("/// extension after the namespace.")
                p.line("fileprivate var \(SwiftNames.memberwiseMarker(type)) = ContractMemberwise()")
            }
        }
        for union in plan.unions {
            p.line()
            unionType(union, &p)
        }
        p.line()
    }

    /// A union is an enum with one case per tag, holding the variant's value. `indirect` boxes
    /// the variant: inline, each struct held the whole chain of types below it, so the size of
    /// the types and the optimizer's work on them grew with the nesting depth (a chain of 100
    /// unions took minutes to build with -O; docs/scaling.md).
    func unionType(_ union: UnionPlan, _ p: inout CodePrinter) {
        p.doc(union.union.doc, style: .tripleSlash)
        p.line("///")
        p.line("/// " + CommentText.singleLine("A tagged union on the JSON key `\(union.tagKey)`: one case per tag, holding its variant."))
        p.block("public indirect enum \(union.name): Sendable, Equatable {") { p in
            for variant in union.variants {
                let fallback = union.fallback?.tag == variant.tag ? " Any other tag string reads as this case too." : ""
                p.line("/// " + CommentText.singleLine("`\(union.tagKey)` is `\(variant.tag)`.\(fallback)"))
                p.line("case \(SwiftNames.caseName(variant.tag))(\(variant.typeName))")
            }
        }
    }

    /// The public initializers (one per struct), each with a `customMirror` that shows the
    /// declared fields only, in extensions after the namespace: a struct whose own body declares
    /// no initializer also gets Swift's memberwise one, which the decoders call (`ContractMemberwise`).
    /// Inside `extension NS.T` a name is looked up among T's members first: other types are
    /// named through the namespace, which no member of T may hide (a nested enum named like the
    /// namespace and a namespace named `ID` are refused, NameChecks), and the standard library's
    /// through `Swift.` (a nested enum named `Swift` is renamed like every platform name).
    func initializers(_ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        for type in contract.types {
            p.line()
            p.block("extension \(ns).\(type.name): Swift.CustomReflectable {") { p in
                let parameters = type.fields.map { "\($0.name): \(SwiftNames.declaredType($0, enums: enums, namespace: ns))" + defaultArgument($0) }
                p.line("/// Every field, in declaration order; those with a default (or nil) may be left out.")
                p.block("public init(\(parameters.joined(separator: ", "))) {") { p in
                    for field in type.fields { p.line("self.\(field.name) = \(field.name)") }
                }
                p.line()
                let children = type.fields.map { "\(Naming.swiftQuoted($0.name)): \($0.name) as Any" }
                p.line("/// The declared fields, for `print`, `dump` and `Mirror` (without `\(SwiftNames.memberwiseMarker(type))`).")
                p.block("public var \(SwiftNames.mirrorMember): Swift.Mirror {") { p in
                    p.line("Swift.Mirror(self, children: [\(children.isEmpty ? ":" : children.joined(separator: ", "))], displayStyle: .struct)")
                }
            }
        }
    }

    /// A field's doc, with a deprecated field's reason as a `- Warning:` callout (Xcode's Quick
    /// Help shows it). Not `@available(*, deprecated)`: on a stored property it makes the
    /// generated init, decoder and observation warn, and generated Swift is warning-free.
    static func fieldDoc(_ field: Field) -> String {
        guard let why = field.deprecated else { return field.doc }
        return field.doc + "\n\n- Warning: Deprecated: " + why
    }

    /// ` = value` when the schema gives the field one (a default, or nil for an optional field),
    /// so an app, a test or a SwiftUI preview writes only the fields it cares about.
    func defaultArgument(_ field: Field) -> String {
        if field.explicitNull { return " = .absent" }
        if ObjectPlan.isNullable(field) { return " = nil" }
        if case .defaultValue(let value) = field.presence { return " = " + SwiftNames.literal(value, field: field) }
        return ""
    }

    /// A type with a non-optional `id` of a hashable kind is `Identifiable`: SwiftUI's `ForEach`
    /// then needs no `id:` key path.
    static func isIdentifiable(_ type: ObjectType) -> Bool {
        guard let id = type.field(named: "id"), !ObjectPlan.isNullable(id) else { return false }
        switch id.type {
        case .string, .integer, .localDate, .epochMillis, .dateTime, .enumeration: return true
        case .bool, .number, .array, .map, .object, .union: return false
        }
    }
}
