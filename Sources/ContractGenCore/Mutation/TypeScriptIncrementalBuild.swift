/// TypeScript mutants built incrementally: tsc type-checking every generated file again is most
/// of a TypeScript mutant's cost, and a mutant changes one file. So the unmutated code is compiled
/// once with `--incremental` (same flags as `conform`); each mutant starts from a copy of that
/// output and its build-info file, and tsc re-checks and re-emits only what the change can reach:
/// the mutated file, and the files importing it whenever its declarations changed (a `return
/// null` that widens an inferred return type fails the importer's check, as in a full build).
/// The verdict is tsc's own: its build info records each file's content hash and diagnostics.
import Foundation

struct TypeScriptIncrementalBuild: IncrementalMutantBuild {
    /// The unmutated output (`.js` files and `build.tsbuildinfo`), copied for every mutant.
    var base: String
    /// Where each mutant is built: beside `base`, at the same depth, so the build info's paths
    /// (relative to its own directory) name the same sources.
    var mutantOutput: String
    var files: [String]
    var testeeModule: String
    var run: ([String]) -> String?

    static func arguments(files: [String], output: String) -> [String] {
        ["tsc"] + TesteeBuilder.typeScriptFlags
            + ["--incremental", "--tsBuildInfoFile", output + "/build.tsbuildinfo", "--outDir", output] + files
    }

    /// Compiles `files` into `<scratch>/typescript-base/out`; nil (full builds only) when that fails.
    static func prepare(scratch: String, files: [String], testeeModule: String = "testee",
                        run: @escaping ([String]) -> String?) -> TypeScriptIncrementalBuild? {
        guard TesteeBuilder.which("tsc") != nil, !files.isEmpty else { return nil }
        let base = scratch + "/typescript-base/out"
        try? FileManager.default.removeItem(atPath: scratch + "/typescript-base")
        guard run(arguments(files: files, output: base)) == nil,
              FileManager.default.fileExists(atPath: base + "/build.tsbuildinfo") else { return nil }
        return TypeScriptIncrementalBuild(base: base, mutantOutput: scratch + "/typescript-mutant/out", files: files,
                                          testeeModule: testeeModule, run: run)
    }

    /// Builds the sources as they now are (one file mutated): the launch command, or tsc's output.
    var baseCommand: [String] { TesteeBuilder.nodeCommand(base + "/\(testeeModule).js") }

    func build() -> Result<[String], MutantBuildFailure> {
        let parent = (mutantOutput as NSString).deletingLastPathComponent
        try? FileManager.default.removeItem(atPath: parent)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base, toPath: mutantOutput)
        } catch {
            return .failure(.infrastructure("cannot copy the unmutated TypeScript build: \(error)"))
        }
        if let failure = run(Self.arguments(files: files, output: mutantOutput)) {
            return .failure(.compiler("TypeScript testee does not compile:\n" + failure))
        }
        return .success(TesteeBuilder.nodeCommand(mutantOutput + "/\(testeeModule).js"))
    }
}
