/// The module specifiers generated TypeScript imports its runtime and contracts by: relative
/// paths between where the layout puts the files, spelled in the configured module style.

public struct TypeScriptImports: Sendable, Equatable {
    public var style: TypeScriptModuleStyle = .commonjs
    /// Contract name → the runtime's specifier from that contract's file.
    var runtimeFromContract: [String: String] = [:]
    /// The runtime's specifier from the testee.
    var runtimeFromTestee: String?
    /// Contract name → that contract's specifier from the testee.
    var contractFromTestee: [String: String] = [:]

    public init() {}

    func runtime(from contract: Contract) -> String { runtimeFromContract[contract.name] ?? spelled("./contract-runtime") }
    var runtimeForTestee: String { runtimeFromTestee ?? spelled("./contract-runtime") }
    func contract(_ contract: Contract) -> String {
        contractFromTestee[contract.name] ?? spelled("./" + contract.targets.typeScriptModule)
    }

    func spelled(_ specifier: String) -> String { style == .esm ? specifier + ".js" : specifier }

    /// `./x` or `../../a/x` (no `.ts`): the specifier of the file `to` from the file `from`.
    static func relative(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/").dropLast().map(String.init)
        var toParts = to.split(separator: "/").map(String.init)
        if let last = toParts.last, last.hasSuffix(".ts") { toParts[toParts.count - 1] = String(last.dropLast(3)) }
        var common = 0
        while common < fromParts.count, common < toParts.count - 1, fromParts[common] == toParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let path = (ups + toParts[common...]).joined(separator: "/")
        return ups.isEmpty ? "./" + path : path
    }
}

extension ProjectLayout {
    /// The specifiers for these contracts' files as this layout places them.
    func typeScriptImports(_ contracts: [Contract]) -> TypeScriptImports {
        var imports = TypeScriptImports()
        imports.style = typeScriptModuleStyle
        let runtime = Self.join(appDirectory[.typescript]!, "contract-runtime.ts")
        let testee = Self.join(testeeDirectory[.typescript]!, "testee.ts")
        imports.runtimeFromTestee = imports.spelled(TypeScriptImports.relative(from: testee, to: runtime))
        for contract in contracts {
            let file = Self.join(directory(of: contract, .typescript), contract.targets.typeScriptModule + ".ts")
            imports.runtimeFromContract[contract.name] = imports.spelled(TypeScriptImports.relative(from: file, to: runtime))
            imports.contractFromTestee[contract.name] = imports.spelled(TypeScriptImports.relative(from: testee, to: file))
        }
        return imports
    }
}
