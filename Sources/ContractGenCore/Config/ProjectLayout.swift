/// Where every generated file goes, resolved once (config file, then CLI flags) and handed to
/// GeneratorPipeline, the gate and the testee builder. `ProjectLayout.default` is the layout of a
/// repository without contract-gen.yaml: generated/{swift,kotlin,typescript} and golden/.

/// How generated TypeScript spells relative imports.
public enum TypeScriptModuleStyle: String, Sendable, CaseIterable {
    /// `from "./contract-runtime"` (bundlers, CommonJS, `moduleResolution: node`).
    case commonjs
    /// `from "./contract-runtime.js"` (native ES modules in browsers and Node need the extension).
    case esm
}

/// The access level of the generated Swift declarations.
public enum SwiftAccessLevel: String, Sendable, CaseIterable {
    case `public`, `internal`
}

public struct ProjectLayout: Sendable, Equatable {
    /// Where a language's app-facing files (runtime + contracts) go. Kotlin's is a source root:
    /// files go below it in their package's directories, as Gradle expects.
    public var appDirectory: [Language: String]
    /// Per contract name, per language: that contract's file goes here instead.
    public var contractDirectory: [String: [Language: String]] = [:]
    /// Where each language's testee (test-harness program) goes; never shipped in an app.
    public var testeeDirectory: [Language: String]
    public var goldenDirectory: String
    public var kotlinRuntimePackage: String
    public var typeScriptModuleStyle: TypeScriptModuleStyle
    public var swiftAccess: SwiftAccessLevel

    public static let defaultKotlinRuntimePackage = "dev.contractgen.runtime"

    public static let `default` = ProjectLayout(
        appDirectory: [.swift: "generated/swift/Contracts", .kotlin: "generated/kotlin", .typescript: "generated/typescript"],
        testeeDirectory: [.swift: "generated/swift/Testee", .kotlin: "generated/kotlin", .typescript: "generated/typescript"],
        goldenDirectory: "golden",
        kotlinRuntimePackage: defaultKotlinRuntimePackage,
        typeScriptModuleStyle: .commonjs,
        swiftAccess: .public)

    /// The directory a contract's file of `language` goes to.
    public func directory(of contract: Contract, _ language: Language) -> String {
        contractDirectory[contract.name]?[language] ?? appDirectory[language]!
    }

    /// The testee directory given as one directory: each language in a subdirectory of it.
    public static func testeeDirectories(under directory: String) -> [Language: String] {
        Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, join(directory, $0.rawValue)) })
    }

    /// Every directory generated files go to (for `check`'s search for files nothing generates).
    public var generatedDirectories: [String] {
        let all = Array(appDirectory.values) + testeeDirectory.values + contractDirectory.values.flatMap(\.values)
        return Set(all).sorted()
    }
}
