/// The Swift emitter's entry: a Foundation-only decoder for a WidgetKit extension, value types,
/// `Sendable`. Same shape as `KotlinEmitter` and `TypeScriptEmitter`: runtime, contract file
/// (types → decoding → behaviours → observation), testee. The contract file renders the contract's
/// `DecoderPlan`: SwiftTypesRenderer, SwiftDecoderRenderer, SwiftBehavioursRenderer; Swift's
/// spellings are in SwiftNames, its facts in SwiftFacts.
import Foundation

public struct SwiftEmitter: LanguageEmitter {
    public let language = Language.swift
    /// `swift.access` (contract-gen.yaml): `internal` for an app that compiles the files into its
    /// own module, so neither the runtime nor the contracts become that module's public API.
    var access: SwiftAccessLevel = .public
    public init() {}
    init(access: SwiftAccessLevel) { self.access = access }

    static let directory = SwiftFacts.directory
    static let lintOff = SwiftFacts.lintOff

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: SwiftFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/Contracts/ContractRuntime.swift", contents: p.text + SwiftAccess.apply(access, to: EmbeddedRuntime.swift))
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter(indentUnit: SwiftFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("import Foundation")
        p.line()
        let writer = SwiftContractWriter(contract: contract)
        p.doc(contract.doc, style: .tripleSlash)
        p.block("public enum \(contract.targets.swiftNamespace) {") { p in
            writer.versionGate(&p)
            writer.types(&p)
            writer.decoding(&p)
            writer.encoding(&p)
            writer.behaviours(&p)
        }
        writer.initializers(&p)
        writer.dateAccessors(&p)
        return GeneratedFile(path: "\(Self.directory)/Contracts/\(contract.targets.swiftNamespace).swift", contents: SwiftAccess.apply(access, to: p.text))
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        var p = CodePrinter(indentUnit: SwiftFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        SwiftTesteeWriter(contracts: contracts).write(&p)
        return [GeneratedFile(path: "\(Self.directory)/Testee/main.swift", contents: p.text), testeeSupportFile()]
            + contracts.map(observationFile)
    }

    /// A contract's observation (what conformance tests compare), an extension of its namespace
    /// in the testee: test-harness code, never part of what an app ships.
    func observationFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter(indentUnit: SwiftFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("#if canImport(GeneratedContracts)")
        p.line("@_spi(ContractGenRuntime) import GeneratedContracts")
        p.line("#endif")
        p.line()
        p.block("extension \(contract.targets.swiftNamespace) {") { p in
            let writer = SwiftContractWriter(contract: contract)
            writer.observation(&p)
            writer.encodeInput(&p)
        }
        return GeneratedFile(path: "\(Self.directory)/Testee/\(contract.targets.swiftNamespace)Observation.swift", contents: p.text)
    }

    /// Runtime/swift/Testee/TesteeSupport.swift verbatim. In the SwiftPM testee target the
    /// contracts and runtime are another module (GeneratedContracts); in a plain `swiftc` build of
    /// all the files, the same one.
    func testeeSupportFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: SwiftFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        p.line("#if canImport(GeneratedContracts)")
        p.line("@_spi(ContractGenRuntime) import GeneratedContracts")
        p.line("#endif")
        return GeneratedFile(path: "\(Self.directory)/Testee/TesteeSupport.swift", contents: p.text + EmbeddedRuntime.swiftTestee)
    }
}

/// Writes the body of one contract's namespace.
struct SwiftContractWriter {
    let contract: Contract
    /// Every decision about the decoder, made once for all languages.
    let plan: DecoderPlan
    /// The enums, nested in the types that declare them.
    let enums: [SwiftNames.EnumDeclaration]
    var ns: String { contract.targets.swiftNamespace }
    var root: ObjectType { contract.rootType }

    init(contract: Contract) {
        self.contract = contract
        plan = DecoderPlan(contract)
        enums = SwiftNames.enumDeclarations(contract)
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("/// The canonical JSON observation of a decode, as golden cases expect it (docs/conformance.md).")
        p.block("static func observation(_ decoded: Decoded) -> ContractJSON {") { p in
            p.line("var result = ContractJSONObject()")
            p.line("result.set(\"status\", .string(decoded.status.rawValue))")
            switch contract.observation {
            case .wrapped:
                p.line("result.set(\"value\", decoded.value.map(observe\(root.name)) ?? .null)")
            case .flat(let omit, let dropped):
                p.block("if let value = decoded.value {") { p in
                    for field in root.fields where !omit.contains(field.name) { observeField(field, of: root, &p) }
                }
                p.block("else {") { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    // An explicit-null field is absent: left out.
                    for field in root.fields where !omit.contains(field.name) && !field.explicitNull {
                        let empty: String
                        switch field.type {
                        case .array: empty = ".array([])"
                        case .map: empty = ".object(ContractJSONObject())"
                        default: empty = ".null"
                        }
                        p.line("result.set(\(Naming.swiftQuoted(field.observedKey)), \(empty))")
                    }
                }
                if dropped { p.line("result.set(\"dropped\", .number(Double(decoded.dropped)))") }
            }
            p.line("return .object(result)")
        }
        if plan.composites.contains(where: { $0.kind == .map }) {
            p.line()
            p.line("/// A map observes as an object, its keys in UTF-16 order: key order is irrelevant to")
            p.line("/// observations, but a dictionary's own order changes from run to run, and `decode` prints this.")
            p.block("private static func observeMap<Value>(_ map: [String: Value], _ observe: (Value) -> ContractJSON) -> ContractJSON {") { p in
                p.line("var result = ContractJSONObject()")
                p.line("for (key, value) in map.sorted(by: { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }) { result.set(key, observe(value)) }")
                p.line("return .object(result)")
            }
        }
        for type in contract.types {
            p.line()
            p.block("private static func observe\(type.name)(_ value: \(type.name)) -> ContractJSON {") { p in
                p.line("var result = ContractJSONObject()")
                for field in type.fields { observeField(field, of: type, &p) }
                p.line("return .object(result)")
            }
        }
        for union in plan.unions {
            p.line()
            p.line("/// A union observes as its variant's object plus the tag key holding the variant's tag.")
            p.block("private static func observe\(union.name)(_ value: \(union.name)) -> ContractJSON {") { p in
                p.block("switch value {") { p in
                    for variant in union.variants {
                        p.line("case .\(SwiftNames.caseName(variant.tag))(let variant): return observeTagged(observe\(variant.typeName)(variant), \(Naming.swiftQuoted(union.tagKey)), \(Naming.swiftQuoted(variant.tag)))")
                    }
                }
            }
        }
        if !plan.unions.isEmpty {
            p.line()
            p.block("private static func observeTagged(_ observed: ContractJSON, _ key: String, _ tag: String) -> ContractJSON {") { p in
                p.line("guard case .object(var result) = observed else { return observed }")
                p.line("result.set(key, .string(tag))")
                p.line("return .object(result)")
            }
        }
    }

    /// `result.set(key, …)` for one field; an absent explicit-null field is left out of the observation.
    /// An instant with a `Date` accessor is observed through `TesteeSupport.instant`, which holds
    /// the accessor to its milliseconds: the protocol observes numbers, and the accessor is API too.
    func observeField(_ field: Field, of type: ObjectType, _ p: inout CodePrinter) {
        let key = Naming.swiftQuoted(field.observedKey)
        if DateAccessors.hasAccessor(field) {
            p.line("result.set(\(key), TesteeSupport.instant(value.\(field.name), value.\(DateAccessors.name(field))))")
            return
        }
        guard field.explicitNull else {
            p.line("result.set(\(key), \(observeExpression(field.type, field: field, value: "value.\(field.name)", optional: isOptional(field))))")
            return
        }
        p.block("switch value.\(field.name) {") { p in
            p.line("case .absent: break")
            p.line("case .null: result.set(\(key), .null)")
            p.line("case .value(let present): result.set(\(key), \(observeExpression(field.type, field: field, value: "present", optional: false)))")
        }
    }

    func isOptional(_ field: Field) -> Bool {
        if field.derived != nil { return true }
        if case .optional = field.presence { return true }
        return false
    }

    func observeExpression(_ type: FieldType, field: Field, value: String, optional: Bool) -> String {
        if optional {
            return "\(value).map { \(observeExpression(type, field: field, value: "$0", optional: false)) } ?? .null"
        }
        switch type {
        case .string, .localDate: return ".string(\(value))"
        case .bool: return ".bool(\(value))"
        case .integer, .epochMillis, .dateTime: return ".number(Double(\(value)))"
        case .number: return ".number(\(value))"
        case .enumeration: return ".string(\(value).rawValue)"
        case .object(let name), .union(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return ".array(\(value).map { \(observeExpression(element, field: field, value: "$0", optional: false)) })"
        case .map(let element):
            return "observeMap(\(value)) { \(observeExpression(element, field: field, value: "$0", optional: false)) }"
        }
    }
}
