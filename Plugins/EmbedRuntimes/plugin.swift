/// Embeds `Runtime/{swift,kotlin,typescript}` (and `Tools/`) into `ContractGenCore` at build time (see
/// `Sources/embed-runtimes`). The runtimes are declared as inputs, so editing one rebuilds.
/// Also writes `BuildCommit.value` from `.contract-gen-commit` at the package root, which only
/// scripts/release.sh creates (in the tree it exports from git; the name is git-ignored, so no
/// checkout carries a stale one): every other build says "commit unknown".
import Foundation
import PackagePlugin

@main
struct EmbedRuntimes: BuildToolPlugin {
    /// Constant name → runtime source, relative to the package root.
    static let runtimes: [(name: String, path: String)] = [
        ("swift", "Runtime/swift/ContractRuntime.swift"),
        ("kotlin", "Runtime/kotlin/ContractRuntime.kt"),
        ("typescript", "Runtime/typescript/contract-runtime.ts"),
        ("typescriptJSCAdapter", "Runtime/typescript/jsc/jsc-testee-adapter.js"),
        // The constant part of each testee (request lines, typed `given`, responses).
        ("swiftTestee", "Runtime/swift/Testee/TesteeSupport.swift"),
        ("kotlinTestee", "Runtime/kotlin/testee/TesteeSupport.kt"),
        ("typescriptTestee", "Runtime/typescript/testee/testee-support.ts"),
        // Not a runtime: the warm Kotlin compiler `mutate` compiles Kotlin mutants with.
        ("kotlinCompileServer", "Tools/kotlin/KotlinCompileServer.kt"),
    ]

    /// The file naming the commit a release is built from.
    static let commitFile = ".contract-gen-commit"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuntime.swift")
        let inputs = Self.runtimes.map { root.appending(path: $0.path) }
        let commitOutput = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let commitFile = root.appending(path: Self.commitFile)
        let commitInputs = FileManager.default.fileExists(atPath: commitFile.path) ? [commitFile] : []
        return [
            .buildCommand(
                displayName: commitInputs.isEmpty ? "Embedding no commit (not a release build)" : "Embedding the release commit",
                executable: try context.tool(named: "embed-runtimes").url,
                arguments: ["--commit", commitOutput.path] + commitInputs.map(\.path),
                inputFiles: commitInputs,
                outputFiles: [commitOutput]
            ),
            .buildCommand(
                displayName: "Embedding the Swift, Kotlin and TypeScript runtimes",
                executable: try context.tool(named: "embed-runtimes").url,
                arguments: [output.path] + zip(Self.runtimes, inputs).map { "\($0.name)=\($1.path)" },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
