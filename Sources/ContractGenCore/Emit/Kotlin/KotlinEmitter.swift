/// The Kotlin emitter's entry: an Android-ready decoder (stdlib + what Android ships; no org.json,
/// no java.time), Kotlin 1.3-compatible and warning-free under `kotlinc -Werror`.
/// Same shape as `SwiftEmitter` and `TypeScriptEmitter`: runtime, contract file (types →
/// decoding → behaviours → observation), testee. The contract file renders the contract's
/// `DecoderPlan`: KotlinTypesRenderer, KotlinDecoderRenderer, KotlinBehavioursRenderer; Kotlin's
/// spellings are in KotlinNames, its facts in KotlinFacts.
import Foundation

public struct KotlinEmitter: LanguageEmitter {
    public let language = Language.kotlin
    /// Puts every contract into this package instead of its `targets.kotlin.package`.
    let packageOverride: String?

    /// The runtime's package (contract-gen.yaml's `kotlin: runtime-package`).
    let runtimePackageName: String

    public init(packageOverride: String? = nil, runtimePackage: String = KotlinEmitter.runtimePackage) {
        self.packageOverride = packageOverride
        self.runtimePackageName = runtimePackage
    }

    static let directory = KotlinFacts.directory
    static let lintOff = KotlinFacts.lintOff
    public static let runtimePackage = KotlinFacts.runtimePackage
    static let testeePackage = KotlinFacts.testeePackage

    /// The package a contract's object is emitted into.
    func package(of contract: Contract) -> String { packageOverride ?? contract.targets.kotlinPackage }

    static func path(ofPackage package: String) -> String { package.replacingOccurrences(of: ".", with: "/") }

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: KotlinFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        // The runtime source's first line is its package line; a configured package replaces it.
        let source = runtimePackageName == Self.runtimePackage ? EmbeddedRuntime.kotlin
            : EmbeddedRuntime.kotlin.replacingOccurrences(of: "package \(Self.runtimePackage)\n", with: "package \(runtimePackageName)\n")
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: runtimePackageName))/ContractRuntime.kt",
                             contents: p.text + source)
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter(indentUnit: KotlinFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("package \(package(of: contract))")
        p.line()
        p.line("import \(runtimePackageName).*")
        let writer = KotlinContractWriter(contract: contract)
        // `header` takes a java.util.TimeZone; an unused import would warn, and -Werror fails on it.
        if writer.plan.runtimeNeeds.contains(.dayStart) { p.line("import java.util.TimeZone") }
        p.line()
        p.doc(contract.doc, style: .block)
        let deprecatedRead = writer.plan.deprecatedFieldsRead
        if !deprecatedRead.isEmpty {
            p.line("// Generated code reads the deprecated \(deprecatedRead.joined(separator: ", ")); the app's own reads still warn.")
            p.line(KotlinFacts.suppressDeprecation)
        }
        p.block("object \(contract.targets.kotlinObject) {") { p in
            writer.versionGate(&p)
            writer.types(&p)
            writer.decoding(&p)
            writer.encoding(&p)
            writer.behaviours(&p)
        }
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: package(of: contract)))/\(contract.targets.kotlinObject).kt",
                             contents: p.text)
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        var p = CodePrinter(indentUnit: KotlinFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        KotlinTesteeWriter(contracts: contracts, packageOf: package(of:), runtimePackage: runtimePackageName).write(&p)
        return [GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: Self.testeePackage))/Testee.kt", contents: p.text),
                testeeSupportFile()] + contracts.map(observationFile)
    }

    /// The object a contract's observation lives in, in the testee package.
    static func observationObject(_ contract: Contract) -> String { contract.targets.kotlinObject + "Observation" }

    /// A contract's observation (what conformance tests compare), an object of the testee package:
    /// test-harness code, never part of what an app ships. The contract's nested types are
    /// imported one by one, so the observers name them as the contract file does.
    func observationFile(_ contract: Contract) -> GeneratedFile {
        var p = CodePrinter(indentUnit: KotlinFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.line("package \(Self.testeePackage)")
        p.line()
        p.line("import \(runtimePackageName).*")
        let object = "\(package(of: contract)).\(contract.targets.kotlinObject)"
        for name in ["Decoded"] + contract.types.map(\.name) + contract.unions.map(\.name) { p.line("import \(object).\(name)") }
        p.line()
        p.doc("What conformance tests compare for \(contract.name): test-harness code, not part of what an app ships.", style: .block)
        // Harness code: internal, like the runtime it reads (ContractJson).
        p.block("internal object \(Self.observationObject(contract)) {") { p in
            let writer = KotlinContractWriter(contract: contract)
            writer.observation(&p)
            writer.encodeInput(&p)
        }
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: Self.testeePackage))/\(Self.observationObject(contract)).kt",
                             contents: p.text)
    }

    /// Runtime/kotlin/testee/TesteeSupport.kt verbatim, its runtime imports in the configured package.
    func testeeSupportFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: KotlinFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        let source = runtimePackageName == Self.runtimePackage ? EmbeddedRuntime.kotlinTestee
            : EmbeddedRuntime.kotlinTestee.replacingOccurrences(of: "\nimport \(Self.runtimePackage).", with: "\nimport \(runtimePackageName).")
        return GeneratedFile(path: "\(Self.directory)/\(Self.path(ofPackage: Self.testeePackage))/TesteeSupport.kt", contents: p.text + source)
    }
}

/// Writes the body of one contract's object.
struct KotlinContractWriter {
    let contract: Contract
    /// Every decision about the decoder, made once for all languages.
    let plan: DecoderPlan
    var object: String { contract.targets.kotlinObject }
    var root: ObjectType { contract.rootType }
    let enums: [KotlinNames.EnumDeclaration]

    init(contract: Contract) {
        self.contract = contract
        plan = DecoderPlan(contract)
        self.enums = KotlinNames.enumDeclarations(contract)
    }

    func type(_ type: FieldType) -> String { KotlinNames.type(type, enums: enums) }

    /// A field's type as declared in its owner's constructor.
    /// An `explicit-null` field is `ContractNullable<T>` (absent, null or a value), not `T?`.
    func declaredType(_ field: Field, in owner: ObjectType) -> String {
        let type = KotlinNames.type(field.type, enums: enums, field: field, owner: owner.name, within: owner.name)
        if field.explicitNull { return "ContractNullable<\(type)>" }
        return type + (KotlinNames.isNullable(field) ? "?" : "")
    }


    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("/** The canonical JSON observation of a decode, as golden cases expect it (docs/conformance.md). */")
        if case .flat(let omit, _) = contract.observation, root.fields.contains(where: { $0.deprecated != nil && !omit.contains($0.name) }) {
            p.line(KotlinFacts.suppressDeprecation)
        }
        p.block("fun observation(decoded: Decoded): ContractJson {") { p in
            p.line("val result = LinkedHashMap<String, ContractJson>()")
            p.line("result[\"status\"] = ContractJson.Str(decoded.status.json)")
            switch contract.observation {
            case .wrapped:
                p.line("val value = decoded.value")
                p.line("result[\"value\"] = if (value != null) observe\(root.name)(value) else ContractJson.Null")
            case .flat(let omit, let dropped):
                p.line("val value = decoded.value")
                p.block("if (value != null) {", closer: "} else {") { p in
                    for field in root.fields where !omit.contains(field.name) { observeField(field, &p) }
                }
                p.indented { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    // An explicit-null field is absent: left out.
                    for field in root.fields where !omit.contains(field.name) && !field.explicitNull {
                        let empty: String
                        switch field.type {
                        case .array: empty = "ContractJson.Arr(emptyList())"
                        case .map: empty = "ContractJson.Obj(LinkedHashMap())"
                        default: empty = "ContractJson.Null"
                        }
                        p.line("result[\(KotlinNames.quoted(field.observedKey))] = \(empty)")
                    }
                }
                p.line("}")
                if dropped { p.line("result[\"dropped\"] = ContractJson.Num(decoded.dropped.toDouble())") }
            }
            p.line("return ContractJson.Obj(result)")
        }
        for type in contract.types {
            p.line()
            if type.fields.contains(where: { $0.deprecated != nil }) { p.line(KotlinFacts.suppressDeprecation) }
            p.block("private fun observe\(type.name)(value: \(type.name)): ContractJson {") { p in
                p.line("val result = LinkedHashMap<String, ContractJson>()")
                for field in type.fields { observeField(field, &p) }
                p.line("return ContractJson.Obj(result)")
            }
        }
        for union in plan.unions {
            p.line()
            p.line("/** A union observes as its variant's object plus the tag key holding the variant's tag. */")
            p.block("private fun observe\(union.name)(value: \(union.name)): ContractJson = when (value) {") { p in
                for variant in union.variants {
                    p.line("is \(union.name).\(KotlinNames.unionCaseName(variant.tag)) -> observeTagged(observe\(variant.typeName)(value.value), \(KotlinNames.quoted(union.tagKey)), \(KotlinNames.quoted(variant.tag)))")
                }
            }
        }
        if !plan.unions.isEmpty {
            p.line()
            p.block("private fun observeTagged(observed: ContractJson, key: String, tag: String): ContractJson {") { p in
                p.line("if (observed is ContractJson.Obj) observed.entries[key] = ContractJson.Str(tag)")
                p.line("return observed")
            }
        }
    }

    /// `result[key] = …` for one field; an absent explicit-null field is left out of the observation.
    func observeField(_ field: Field, _ p: inout CodePrinter) {
        let key = KotlinNames.quoted(field.observedKey)
        guard field.explicitNull else {
            p.line("result[\(key)] = \(observeExpression(field.type, value: "value.\(field.name)", optional: KotlinNames.isNullable(field), depth: 0))")
            return
        }
        p.block("when (val present = value.\(field.name)) {") { p in
            p.line("is ContractNullable.Value -> result[\(key)] = \(observeExpression(field.type, value: "present.value", optional: false, depth: 0))")
            p.line("ContractNullable.Null -> result[\(key)] = ContractJson.Null")
            p.line("ContractNullable.Absent -> {}")
        }
    }

    /// Lambda parameters are numbered by depth: Kotlin warns when one shadows another.
    func observeExpression(_ type: FieldType, value: String, optional: Bool, depth: Int) -> String {
        let parameter = depth == 0 ? "element" : "element\(depth + 1)"
        if optional {
            return "\(value)?.let { \(parameter) -> \(observeExpression(type, value: parameter, optional: false, depth: depth + 1)) } ?: ContractJson.Null"
        }
        switch type {
        case .string, .localDate: return "ContractJson.Str(\(value))"
        case .bool: return "ContractJson.Bool(\(value))"
        case .integer, .epochMillis, .dateTime: return "ContractJson.Num(\(value).toDouble())"
        case .number: return "ContractJson.Num(\(value))"
        case .enumeration: return "ContractJson.Str(\(value).json)"
        case .object(let name), .union(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return "ContractJson.Arr(\(value).map { \(parameter) -> \(observeExpression(element, value: parameter, optional: false, depth: depth + 1)) })"
        case .map(let element):
            // Sorted by key (String.compareTo: UTF-16 code units) so the text is deterministic.
            return "ContractJson.Obj(\(value).toSortedMap().mapValuesTo(LinkedHashMap<String, ContractJson>()) { \(parameter) -> "
                + "\(observeExpression(element, value: "\(parameter).value", optional: false, depth: depth + 1)) })"
        }
    }
}
