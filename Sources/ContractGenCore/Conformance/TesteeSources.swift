/// The generated files each testee is built from when contract-gen.yaml puts them in the app's
/// own directories (beside hand-written code, so no directory can simply be compiled whole).

import Foundation

public struct TesteeSources: Sendable, Equatable {
    /// Per language, the generated files (runtime, contracts, testee), relative to the project root.
    public var files: [Language: [String]]
    /// The TypeScript testee's path (it is the compiled program's entry point).
    public var typeScriptTestee: String

    /// The files `emit --lang all` writes for these contracts in this layout.
    public init(contracts: [Contract], layout: ProjectLayout, kotlinPackage: String? = nil) {
        let generated = GeneratorPipeline.generate(contracts, options: .init(languages: Language.allCases, golden: false,
                                                                              kotlinPackage: kotlinPackage, layout: layout))
        var files: [Language: [String]] = [:]
        for file in generated {
            let language: Language = file.path.hasSuffix(".swift") ? .swift : file.path.hasSuffix(".kt") ? .kotlin : .typescript
            files[language, default: []].append(file.path)
        }
        self.files = files
        self.typeScriptTestee = ProjectLayout.join(layout.testeeDirectory[.typescript]!, "testee.ts")
    }

    init(files: [Language: [String]], typeScriptTestee: String) {
        self.files = files
        self.typeScriptTestee = typeScriptTestee
    }

    /// The source files under a default-layout tree that holds no schema: mutation testing's
    /// scratch copy of the generated directories, which contract-gen itself wrote a moment ago
    /// (never a directory a pull request controls; hidden files are left out all the same).
    static func scanning(root: String) -> TesteeSources {
        func files(under directory: String, ext: String) -> [String] {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { return [] }
            var found: [String] = []
            while let item = enumerator.nextObject() as? String {
                guard !item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                if item.hasSuffix("." + ext) { found.append(directory + "/" + item) }
            }
            return found.sorted()
        }
        let layout = ProjectLayout.default
        return TesteeSources(files: [.swift: files(under: layout.appDirectory[.swift]!, ext: "swift") + files(under: layout.testeeDirectory[.swift]!, ext: "swift"),
                                     .kotlin: files(under: layout.testeeDirectory[.kotlin]!, ext: "kt"),
                                     .typescript: files(under: layout.testeeDirectory[.typescript]!, ext: "ts")],
                             typeScriptTestee: ProjectLayout.join(layout.testeeDirectory[.typescript]!, "testee.ts"))
    }
}

/// Relative `require` for the JavaScriptCore bundle when compiled modules sit in several
/// directories: each module resolves `./x` and `../y/x` against its own directory, as Node does.
enum JSCModulePaths {
    static let resolver = """

    function __contractGenRelative(directory, require) {
      return function (specifier) {
        if (specifier.charAt(0) !== ".") return require(specifier);
        var parts = directory === "" ? [] : directory.split("/");
        var steps = specifier.replace(/\\.js$/, "").split("/");
        for (var i = 0; i < steps.length; i++) {
          if (steps[i] === "..") parts.pop();
          else if (steps[i] !== ".") parts.push(steps[i]);
        }
        return require(parts.join("/"));
      };
    }

    """

    /// The line that makes a module's `require` relative to its directory (none for top-level modules).
    static func relativeRequire(moduleName: String) -> String {
        guard let slash = moduleName.lastIndex(of: "/") else { return "" }
        return "require = __contractGenRelative(\(StringLiteral.typeScript(String(moduleName[..<slash]))), require);\n"
    }
}
