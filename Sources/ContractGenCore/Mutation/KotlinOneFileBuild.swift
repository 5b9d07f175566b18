/// Kotlin mutants compiled one file at a time: kotlinc recompiling every generated file is most
/// of a Kotlin mutant's cost, and a mutant changes one file. So the unmutated code is compiled
/// once into a class directory; each mutant compiles only its file against it (same module name,
/// the class directory as a friend path so `internal` resolves), and runs with its own classes
/// first on the class path, shadowing the unmutated ones.
/// Not when other files could hold a copy of what the mutant changes: a `const val` is inlined
/// into every file that reads it, an `inline fun` into every caller. A mutant on a `const val`
/// line, or in a file that declares an `inline fun`, is built the full way.
import Foundation

struct KotlinOneFileBuild {
    /// The unmutated classes (compiled without the Kotlin runtime) and what runs them.
    var classes: String
    var androidJSON: String
    var standardLibrary: String
    var run: ([String]) -> String?

    /// Compiles `files` into `<scratch>/kotlin-base`; nil (full builds only) when anything is missing.
    static func prepare(scratch: String, files: [String], run: @escaping ([String]) -> String?) -> KotlinOneFileBuild? {
        guard case .success(let json) = TesteeBuilder.androidJSONJar(), let kotlinc = TesteeBuilder.which("kotlinc") else { return nil }
        let home = URL(fileURLWithPath: kotlinc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        let stdlib = home + "/lib/kotlin-stdlib.jar"
        guard FileManager.default.fileExists(atPath: stdlib) else { return nil }
        let classes = scratch + "/kotlin-base"
        guard run(["kotlinc", "-Werror", "-module-name", "main", "-cp", json, "-d", classes] + files) == nil else { return nil }
        return KotlinOneFileBuild(classes: classes, androidJSON: json, standardLibrary: stdlib, run: run)
    }

    /// Whether this mutant of `bytes` may be built alone (see the type's comment).
    static func canBuildAlone(_ mutant: Mutant, bytes: [UInt8]) -> Bool {
        let text = " " + mutant.lineText + " "
        if text.contains(" const val ") { return false }
        let mask = CodeMask(bytes, language: .kotlin)
        let words = MutationOperators.words(bytes, mask).map { MutationOperators.text(bytes, $0) }
        return !zip(words, words.dropFirst()).contains { $0 == "inline" && $1 == "fun" }
    }

    /// The unmutated classes as one-file builds run them (checked against every case before any mutant).
    var baseCommand: [String] { launch(classDirectories: [classes]) }

    /// The testee run from class directories (the first one's classes shadow the later ones').
    private func launch(classDirectories: [String]) -> [String] {
        ["java", "-Xss1m", "-cp", (classDirectories + [standardLibrary, androidJSON]).joined(separator: ":"), "dev.contractgen.testee.TesteeKt"]
    }

    /// Compiles the mutated `file` into `output`: the launch command, or the compiler's output.
    func build(file: String, output: String) -> Result<[String], BuildFailure> {
        try? FileManager.default.removeItem(atPath: output)
        if let failure = run(["kotlinc", "-Werror", "-module-name", "main", "-cp", classes + ":" + androidJSON,
                              "-Xfriend-paths=" + classes, "-d", output, file]) {
            return .failure(BuildFailure(output: failure))
        }
        return .success(launch(classDirectories: [output, classes]))
    }

    struct BuildFailure: Error { var output: String }
}
