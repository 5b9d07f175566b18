/// The TypeScript module's version-gate constants and reader-side types (interfaces, enum unions).
extension TypeScriptContractWriter {
    // MARK: Version gate

    func versionGate(_ p: inout CodePrinter) {
        p.line("// MARK: - Version gate")
        p.line()
        p.doc(contract.version.doc, style: .block)
        p.line("export const versionField = \(TypeScriptNames.quoted(contract.version.field));")
        p.line("/** The versions this reader accepts; any other renders as `unsupportedVersion`. */")
        p.line("export const acceptedVersions: ReadonlyArray<number> = [\(contract.version.accepts.map(String.init).joined(separator: ", "))];")
        p.line("/** The version the writer writes. */")
        p.line("export const writtenVersion = \(contract.version.writes);")
        if let key = contract.storageKey {
            p.line("/** The shared-storage key the document is written under. */")
            p.line("export const storageKey = \(TypeScriptNames.quoted(key));")
        }
        p.line()
    }

    // MARK: Types

    /// `doc` with a deprecated field's `@deprecated why` tag last, so editors strike the
    /// property through (tsc itself reports nothing).
    static func fieldDoc(_ field: Field, _ doc: String) -> String {
        guard let why = field.deprecated else { return doc }
        return doc + "\n@deprecated " + why
    }

    func types(_ p: inout CodePrinter) {
        p.line("// MARK: - Types")
        for type in contract.types {
            for owner in owners where owner.typeName == type.name {
                p.line()
                p.line("/** The values of `\(type.name).\(owner.field.name)`, each spelled exactly as in JSON. */")
                p.line("export type \(owner.name) = \(owner.cases.map(TypeScriptNames.quoted).joined(separator: " | "));")
            }
            p.line()
            p.doc(type.doc, style: .block)
            p.block("export interface \(type.name) {") { p in
                for field in type.fields {
                    p.doc(Self.fieldDoc(field, field.doc), style: .block)
                    p.line("readonly \(field.name): \(declaredType(field));")
                }
            }
        }
        for union in plan.unions {
            p.line()
            var doc = union.union.doc
            doc += (doc.isEmpty ? "" : "\n") + "A tagged union on the JSON key `\(union.tagKey)`, discriminated on `\(union.tagName)`: each variant's fields and its tag (a value read by the fallback has the fallback's tag)."
            p.doc(doc, style: .block)
            unionAlias(union, suffix: "", &p)
        }
        p.line()
    }

    /// One interface per variant extending its type with the tag, then `export type U = UA | UB;`
    /// (`suffix` `Input` for the writer's types).
    func unionAlias(_ union: UnionPlan, suffix: String, _ p: inout CodePrinter) {
        for variant in union.variants {
            let name = TypeScriptNames.unionVariantName(union.name, tag: variant.tag)
            p.line("/** `\(union.name)\(suffix)` tagged `\(variant.tag)`: a `\(variant.typeName)\(suffix)` with `\(union.tagName)`. */")
            p.block("export interface \(name)\(suffix) extends \(variant.typeName)\(suffix) {") { p in
                p.line("readonly \(union.tagName): \(TypeScriptNames.quoted(variant.tag));")
            }
        }
        p.line("export type \(union.name)\(suffix) = " + union.variants.map { TypeScriptNames.unionVariantName(union.name, tag: $0.tag) + suffix }.joined(separator: " | ") + ";")
    }
}
