/// Where each contract's generated files go, and the check that no two of them (or a contract
/// file and the runtime or testee) are the same file. Without it the second silently replaced
/// the first, including the runtime. Paths are compared case-insensitively: macOS file systems are.

enum OutputPaths {
    /// The contract file's path, as the language's emitter writes it (a test pins the two together).
    static func contractFile(_ contract: Contract, _ language: Language, kotlinPackage: String?) -> String {
        switch language {
        case .swift:
            return "\(SwiftEmitter.directory)/Contracts/\(contract.targets.swiftNamespace).swift"
        case .kotlin:
            let package = kotlinPackage ?? contract.targets.kotlinPackage
            return "\(KotlinEmitter.directory)/\(KotlinEmitter.path(ofPackage: package))/\(contract.targets.kotlinObject).kt"
        case .typescript:
            return "\(TypeScriptEmitter.directory)/\(contract.targets.typeScriptModule).ts"
        }
    }

    /// One error per contract whose file in some language is another contract's, the runtime's or
    /// the testee's; also two contracts sharing a top-level name the testee imports both under.
    static func collisions(_ contracts: [Contract], kotlinPackage: String?, layout: ProjectLayout = .default) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for language in Language.allCases {
            // The layout's Kotlin runtime package decides where the runtime file is.
            let emitter = GeneratorPipeline.emitter(for: language, kotlinPackage: kotlinPackage, layout: layout)
            var owners: [String: String] = [:]
            owners[emitter.runtimeFile().path.lowercased()] = "contract-gen's runtime"
            for file in emitter.testeeFiles([]) { owners[file.path.lowercased()] = "the testee" }
            var names: [String: String] = [:]
            for contract in contracts.sorted(by: { $0.name < $1.name }) {
                let path = contractFile(contract, language, kotlinPackage: kotlinPackage)
                if let owner = owners[path.lowercased()] {
                    diagnostics.append(.error("the \(language.displayName) file of contract '\(contract.name)', \(path), is also the file of \(owner); give the contract its own \(targetKey(language)) in 'targets'", at: contract.location))
                    continue
                }
                owners[path.lowercased()] = "contract '\(contract.name)'"
                let name = topLevelName(contract, language)
                if let other = names[name], other != contract.name {
                    diagnostics.append(.error("contracts '\(other)' and '\(contract.name)' both have the \(language.displayName) name '\(name)', which the testee imports both under; give one another \(targetKey(language)) in 'targets'", at: contract.location))
                } else {
                    names[name] = contract.name
                }
            }
        }
        return diagnostics
    }

    static func topLevelName(_ contract: Contract, _ language: Language) -> String {
        switch language {
        case .swift: return contract.targets.swiftNamespace
        case .kotlin: return contract.targets.kotlinObject
        case .typescript: return TypeScriptNames.moduleAlias(contract)
        }
    }

    static func targetKey(_ language: Language) -> String {
        switch language {
        case .swift: return "swift.namespace"
        case .kotlin: return "kotlin.package or kotlin.object"
        case .typescript: return "typescript.module"
        }
    }
}
