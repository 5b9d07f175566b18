/// The TypeScript emitter's entry: the writer's module (types, encoder, decoder) with no runtime
/// dependencies, for Node and browsers alike; readonly interfaces, string-literal unions.
/// Same shape as `SwiftEmitter` and `KotlinEmitter`: runtime, contract file (types → decoding →
/// behaviours → observation, then the writer side: encoding), testee. The contract file renders
/// the contract's `DecoderPlan`: TypeScriptTypesRenderer, TypeScriptDecoderRenderer,
/// TypeScriptBehavioursRenderer, TypeScriptEncoderRenderer; its imports are the plan's runtime
/// needs (TypeScriptRuntimeImports); TypeScript's spellings are in TypeScriptNames, its facts in
/// TypeScriptFacts.
import Foundation

public struct TypeScriptEmitter: LanguageEmitter {
    public let language = Language.typescript
    /// The specifiers of the runtime and contract imports (relative paths of the layout, in its module style).
    var imports = TypeScriptImports()
    public init() {}

    static let directory = TypeScriptFacts.directory
    static let lintOff = TypeScriptFacts.lintOff
    static let runtimeModule = TypeScriptFacts.runtimeModule

    // MARK: - Runtime

    public func runtimeFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/contract-runtime.ts", contents: p.text + EmbeddedRuntime.typescript)
    }

    // MARK: - Contract file

    public func contractFile(_ contract: Contract) -> GeneratedFile {
        var body = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        let writer = TypeScriptContractWriter(contract: contract)
        writer.versionGate(&body)
        writer.types(&body)
        writer.dateAccessors(&body)
        writer.decoding(&body)
        writer.behaviours(&body)
        writer.encoder(&body)
        var p = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.doc(contract.doc + "\n@packageDocumentation", style: .block)
        p.line()
        TypeScriptNames.importLine(TypeScriptRuntimeImports.names(for: writer.plan), from: imports.runtime(from: contract), &p)
        p.line()
        return GeneratedFile(path: "\(Self.directory)/\(contract.targets.typeScriptModule).ts", contents: p.text + body.text)
    }

    // MARK: - Testee

    public func testeeFiles(_ contracts: [Contract]) -> [GeneratedFile] {
        let writer = TypeScriptTesteeWriter(contracts: contracts)
        var p = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contracts.map(\.sourcePath).joined(separator: ", "),
                              hash: contracts.map(\.sourceHash).joined(), lintOff: Self.lintOff)
        p.line()
        TypeScriptNames.importLine(writer.runtimeImports, from: imports.runtimeForTestee, &p)
        TypeScriptNames.importLine(writer.supportImports, from: imports.spelled("./" + Self.testeeSupportModule), &p)
        for contract in contracts {
            p.line("import * as \(TypeScriptNames.moduleAlias(contract)) from \(TypeScriptNames.quoted(imports.contract(contract)));")
        }
        p.line()
        for contract in contracts {
            p.line("import * as \(Self.observationAlias(contract)) from \(TypeScriptNames.quoted(imports.spelled("./" + Self.observationModule(contract))));")
        }
        p.line()
        writer.write(&p)
        return [GeneratedFile(path: "\(Self.directory)/testee.ts", contents: p.text), testeeSupportFile()]
            + contracts.map(observationFile)
    }

    static func observationModule(_ contract: Contract) -> String { contract.targets.typeScriptModule + "-observation" }
    static func observationAlias(_ contract: Contract) -> String { TypeScriptNames.moduleAlias(contract) + "Observation" }

    /// A contract's observation (what conformance tests compare), a module beside the testee:
    /// test-harness code, never part of what an app ships. It imports exactly the types its
    /// observers name (`--noUnusedLocals` fails on one more).
    func observationFile(_ contract: Contract) -> GeneratedFile {
        let writer = TypeScriptContractWriter(contract: contract)
        var p = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: contract.sourcePath, hash: contract.sourceHash, lintOff: Self.lintOff)
        p.line()
        p.doc("What conformance tests compare for \(contract.name): test-harness code, not part of what an app ships.\n@packageDocumentation", style: .block)
        p.line()
        TypeScriptNames.importLine(["ContractJson", "ContractJsonObject"], from: imports.runtimeForTestee, &p)
        let types = ["Decoded"] + (contract.types.map(\.name) + contract.unions.map(\.name)).filter(writer.observedTypes.contains)
        p.line("import type { \(types.joined(separator: ", ")) } from \(TypeScriptNames.quoted(imports.contract(contract)));")
        p.line()
        writer.observation(&p)
        return GeneratedFile(path: "\(Self.directory)/\(Self.observationModule(contract)).ts", contents: p.text)
    }

    static let testeeSupportModule = "testee-support"

    /// Runtime/typescript/testee/testee-support.ts verbatim, but for its runtime import specifier,
    /// which is the layout's (it sits beside testee.ts).
    func testeeSupportFile() -> GeneratedFile {
        var p = CodePrinter(indentUnit: TypeScriptFacts.indentUnit)
        GeneratedHeader.print(into: &p, commentPrefix: "//", source: nil, hash: nil, lintOff: Self.lintOff)
        p.line()
        let source = EmbeddedRuntime.typescriptTestee.replacingOccurrences(
            of: " from \"./contract-runtime\";\n", with: " from \(TypeScriptNames.quoted(imports.runtimeForTestee));\n")
        return GeneratedFile(path: "\(Self.directory)/\(Self.testeeSupportModule).ts", contents: p.text + source)
    }
}

/// Writes the body of one contract module.
struct TypeScriptContractWriter {
    let contract: Contract
    /// Every decision about the decoder, made once for all languages.
    let plan: DecoderPlan
    let root: ObjectType
    // Performance: computed once per contract, not once per field (they are linear in the schema,
    // so recomputing them per field made emission quadratic).
    let owners: [TypeScriptNames.EnumOwner]
    /// Names a field's local variable must avoid (`local(_:)`).
    let takenLocalNames: Set<String>

    init(contract: Contract) {
        self.contract = contract
        plan = DecoderPlan(contract)
        root = contract.rootType
        owners = TypeScriptNames.enumOwners(contract)
        takenLocalNames = TypeScriptNames.reservedWords.union(Self.functionNames)
            .union(Self.moduleNames(contract, plan: plan, owners: owners)).union(TypeScriptNames.runtimeExports)
    }

    func type(_ type: FieldType) -> String { TypeScriptNames.type(type, owners: owners) }
    func declaredType(_ field: Field) -> String { TypeScriptNames.declaredType(field, owners: owners) }

    /// Names a decoder or encoder function already uses; a field's local must not shadow them.
    static var functionNames: Set<String> { TypeScriptFacts.functionNames }

    /// Names declared at the module's top level (types, functions); a local must not shadow them either.
    static func moduleNames(_ contract: Contract, plan: DecoderPlan, owners: [TypeScriptNames.EnumOwner]) -> Set<String> {
        var names: Set<String> = ["decode", "observation", "encode", "versionField", "acceptedVersions", "writtenVersion",
                                  "storageKey", "overlaying", "isStale", "header", "dayStart", "computeValidUntil", "resolvingDerivedFields", "decodeTree", "decodeScanned", "decodeBytes",
                                  "doneQueueStorageKey", "doneQueueSet", "doneQueuePeek", "doneQueueDrain", "doneQueueDrainTasks", "toDate"]
        names.formUnion(TypeScriptNames.generatedTypeNames)
        for type in contract.types {
            names.formUnion([type.name, type.name + "Input", "decode" + type.name, "tree" + type.name, "observe" + type.name,
                             "overlay" + type.name, "encode" + type.name])
        }
        for union in contract.unions {
            names.formUnion([union.name, union.name + "Input", "decode" + union.name, "tree" + union.name, "observe" + union.name, "encode" + union.name])
        }
        if !contract.unions.isEmpty { names.insert("observeTagged") }
        for name in TypeScriptNames.unionVariantNames(contract) { names.formUnion([name, name + "Input"]) }
        for owner in owners { names.formUnion([owner.name, "read" + owner.name]) }
        for composite in plan.composites {
            let helper = TypeScriptNames.helperName(composite.operation, owners: owners)
            names.formUnion([helper, treeName(helper)])
        }
        return names
    }

    /// The local variable holding a field in a decoder: the field's name unless that would be a
    /// reserved word or shadow a name the decoder needs.
    func local(_ field: Field) -> String {
        var name = field.name
        while takenLocalNames.contains(name) { name += "Value" }
        return name
    }

    // MARK: Observation

    func observation(_ p: inout CodePrinter) {
        p.line("// MARK: - Observation (what conformance tests compare)")
        p.line()
        p.line("/** The canonical JSON observation of a decode, as golden cases expect it. */")
        p.block("export function observation(decoded: Decoded): ContractJson {") { p in
            p.line("const result: ContractJsonObject = new Map();")
            p.line("result.set(\"status\", decoded.status);")
            switch contract.observation {
            case .wrapped:
                p.line("result.set(\"value\", decoded.value === null ? null : observe\(root.name)(decoded.value));")
            case .flat(let omit, let dropped):
                p.line("const value = decoded.value;")
                p.block("if (value !== null) {", closer: "} else {") { p in
                    for field in root.fields where !omit.contains(field.name) { observeField(field, &p) }
                }
                p.indented { p in
                    p.line("// Nothing is guessed from a document that was not read: empty lists, null values.")
                    // An explicit-null field is absent: left out.
                    for field in root.fields where !omit.contains(field.name) && !field.explicitNull {
                        let empty: String
                        switch field.type {
                        case .array: empty = "[]"
                        case .map: empty = "new Map()"
                        default: empty = "null"
                        }
                        p.line("result.set(\(TypeScriptNames.quoted(field.observedKey)), \(empty));")
                    }
                }
                p.line("}")
                if dropped { p.line("result.set(\"dropped\", decoded.dropped);") }
            }
            p.line("return result;")
        }
        // Only the types the observation reaches (an unused function does not compile under --noUnusedLocals).
        for type in contract.types where observedTypes.contains(type.name) {
            p.line()
            p.block("function observe\(type.name)(value: \(type.name)): ContractJson {") { p in
                p.line("const result: ContractJsonObject = new Map();")
                for field in type.fields { observeField(field, &p) }
                p.line("return result;")
            }
        }
        for union in plan.unions where observedTypes.contains(union.name) {
            p.line()
            p.line("/** A union observes as its variant's object plus the tag key holding the variant's tag. */")
            p.block("function observe\(union.name)(value: \(union.name)): ContractJson {") { p in
                p.block("switch (value.\(union.tagName)) {") { p in
                    for variant in union.variants {
                        p.line("case \(TypeScriptNames.quoted(variant.tag)):")
                        p.indented { p in
                            p.line("return observeTagged(observe\(variant.typeName)(value), \(TypeScriptNames.quoted(union.tagKey)), \(TypeScriptNames.quoted(variant.tag)));")
                        }
                    }
                }
            }
        }
        if plan.unions.contains(where: { observedTypes.contains($0.name) }) {
            p.line()
            p.block("function observeTagged(observed: ContractJson, key: string, tag: string): ContractJson {") { p in
                p.line("if (observed instanceof Map) observed.set(key, tag);")
                p.line("return observed;")
            }
        }
        p.line()
    }

    /// The object types `observation` reaches: from the root (wrapped) or from its observed fields (flat).
    var observedTypes: Set<String> {
        var result: Set<String> = []
        var pending: [String] = []
        switch contract.observation {
        case .wrapped:
            pending = [root.name]
        case .flat(let omit, _):
            pending = root.fields.filter { !omit.contains($0.name) }.flatMap { SchemaValidator.referencedTypes($0.type) }
        }
        while let name = pending.popLast() {
            guard result.insert(name).inserted else { continue }
            pending += contract.childTypeNames(of: name)
        }
        return result
    }

    /// Scalars are their own JSON (null included); objects, arrays and maps are rebuilt.
    /// Maps keep the document's key order (a Map is ordered; order is never observable in results).
    /// `result.set(key, …)` for one field; an absent explicit-null field is left out of the observation.
    func observeField(_ field: Field, _ p: inout CodePrinter) {
        let set = "result.set(\(TypeScriptNames.quoted(field.observedKey)), \(observeExpression(field.type, value: "value.\(field.name)", optional: TypeScriptNames.isNullable(field), depth: 0)));"
        p.line(field.explicitNull ? "if (value.\(field.name) !== undefined) \(set)" : set)
    }

    func observeExpression(_ type: FieldType, value: String, optional: Bool, depth: Int) -> String {
        switch type {
        case .string, .localDate, .bool, .integer, .epochMillis, .dateTime, .number, .enumeration:
            return value
        default:
            break
        }
        if optional {
            return "\(value) === null ? null : \(observeExpression(type, value: value, optional: false, depth: depth))"
        }
        switch type {
        case .object(let name), .union(let name): return "observe\(name)(\(value))"
        case .array(let element):
            return "\(value).map((e\(depth)): ContractJson => \(observeExpression(element, value: "e\(depth)", optional: false, depth: depth + 1)))"
        case .map(let element):
            return "new Map(Array.from(\(value), ([k\(depth), e\(depth)]): [string, ContractJson] => [k\(depth), \(observeExpression(element, value: "e\(depth)", optional: false, depth: depth + 1))]))"
        default:
            return value
        }
    }
}
