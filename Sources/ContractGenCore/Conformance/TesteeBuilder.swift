/// Builds the generated testee of each language on demand, cached by a hash of its sources, so
/// a second `conform` starts in seconds. A missing toolchain is reported with its install command.
import Foundation

/// How to start one implementation under test, or why it cannot be.
public enum TesteeLaunch: Sendable {
    case command([String])
    case skipped(reason: String)
    case failed(reason: String)
}

public struct TesteeBuilder: Sendable {
    public let root: String
    public var log: @Sendable (String) -> Void
    /// `swiftc -O` (conform) or `-Onone` (mutation testing: each mutant builds once, ~3× faster).
    public var optimizeSwift = true
    /// The generated files to build from, as contract-gen.yaml places them (paths relative to
    /// `root`); nil: every file under generated/<language>/, the default layout.
    public var layout: TesteeSources?

    public init(root: String, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.root = root
        self.log = log
    }

    /// Android's org.json, the very implementation Android ships (not the json.org library, whose
    /// behaviour differs). `CONTRACT_GEN_ORG_JSON_JAR` names it; otherwise the usual places are
    /// searched: Debian/Ubuntu's libandroid-json-java, /usr/local and Homebrew's share/java, and
    /// Maven's copy of the same sources (com.vaadin.external.google:android-json).
    public static let orgJSONJarVariable = "CONTRACT_GEN_ORG_JSON_JAR"

    static func androidJSONJarCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        return ["/usr/share/java/com.android.json.jar", "/usr/share/java/android-json.jar",
                "/usr/local/share/java/com.android.json.jar", "/opt/homebrew/share/java/com.android.json.jar",
                home + "/.m2/repository/com/vaadin/external/google/android-json/0.0.20131108.vaadin1/android-json-0.0.20131108.vaadin1.jar"]
    }

    /// The jar to compile and run the Kotlin testee with, or why there is none.
    static func androidJSONJar(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, TesteeLaunchProblem> {
        if let given = environment[orgJSONJarVariable], !given.isEmpty {
            // A jar named explicitly is never silently replaced by another one.
            return FileManager.default.fileExists(atPath: given) ? .success(given)
                : .failure(TesteeLaunchProblem(message: "\(orgJSONJarVariable)=\(given): no such file"))
        }
        let candidates = androidJSONJarCandidates(environment: environment)
        if let found = candidates.first(where: FileManager.default.fileExists) { return .success(found) }
        return .failure(TesteeLaunchProblem(message: "Android's org.json jar not found (looked for \(candidates.joined(separator: ", ")); set \(orgJSONJarVariable)"))
    }

    struct TesteeLaunchProblem: Error {
        var message: String
    }

    static let installHints: [Language: String] = [
        .swift: "install the Swift toolchain (swift.org) and put swiftc on PATH",
        .kotlin: "apt-get install -y kotlin libandroid-json-java",
        .typescript: "apt-get install -y node-typescript nodejs",
    ]
    static let jscInstallHint = "apt-get install -y libjavascriptcoregtk-4.0-bin node-typescript (macOS: JavaScriptCore.framework's Helpers/jsc)"

    public func launch(_ implementation: Implementation) -> TesteeLaunch {
        switch implementation {
        case .swift, .kotlin, .typescript: return launch(implementation.language)
        case .typescriptJSC: return buildTypeScriptJSC()
        }
    }

    public func launch(_ language: Language) -> TesteeLaunch {
        switch language {
        case .swift: return buildSwift()
        case .kotlin: return buildKotlin()
        case .typescript: return buildTypeScript()
        }
    }

    // MARK: Helpers

    /// Absolute paths of layout-given files (none: the build reports "no generated …").
    func paths(_ relative: [String]?) -> [String] { (relative ?? []).map { root + "/" + $0 }.sorted() }

    /// The TypeScript testee's module path below the compile output, without `.js`.
    var typeScriptTesteeModule: String {
        guard let testee = layout?.typeScriptTestee else { return "testee" }
        return String(testee.dropLast(3))
    }

    func sources(under directory: String, ext: String) -> [String] {
        let base = root + "/" + directory
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.hasSuffix("." + ext) { files.append(base + "/" + item) }
        }
        return files.sorted()
    }

    func hash(_ files: [String], extra: String) -> String {
        var bytes = Array(extra.utf8)
        for file in files {
            bytes += Array(file.utf8)
            bytes += Array(FileManager.default.contents(atPath: file) ?? Data())
        }
        return String(SHA256.hex(bytes).prefix(20))
    }

    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a build command; returns its combined output on failure.
    func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // A compiler never reads our input (kotlinc is never run without sources: its REPL would wait).
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return "cannot run \(arguments[0]): \(error)" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: data, as: UTF8.self)
    }

    func cacheDirectory(_ language: Language, _ digest: String) -> String {
        root + "/.build/contract-gen-testees/\(language.rawValue)-\(digest)"
    }

    /// Builds into a temporary directory and renames it into place, so an interrupted build
    /// never leaves a cache entry that looks complete.
    func cached(_ language: Language, digest: String, product: String, build: (String) -> String?) -> TesteeLaunch? {
        let directory = cacheDirectory(language, digest)
        if FileManager.default.fileExists(atPath: directory + "/" + product) { return nil }
        let temporary = directory + ".tmp-\(getpid())"
        try? FileManager.default.removeItem(atPath: temporary)
        try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        log("building the \(language.displayName) testee …")
        if let failure = build(temporary) {
            try? FileManager.default.removeItem(atPath: temporary)
            return .failed(reason: "\(language.displayName) testee does not compile:\n\(failure)")
        }
        try? FileManager.default.removeItem(atPath: directory)
        do { try FileManager.default.moveItem(atPath: temporary, toPath: directory) } catch {
            return .failed(reason: "cannot store the \(language.displayName) testee: \(error)")
        }
        return nil
    }

    // MARK: Per language

    /// The files each testee is built from (the layout's, else the generated directory's), and
    /// Swift's optimization: one place, for `conform`'s builds and `mutate`'s incremental ones.
    var swiftSources: [String] {
        layout.map { paths($0.files[.swift]) }
            ?? sources(under: "generated/swift/Contracts", ext: "swift") + sources(under: "generated/swift/Testee", ext: "swift")
    }
    var typeScriptSources: [String] {
        layout.map { paths($0.files[.typescript]) } ?? sources(under: "generated/typescript", ext: "ts")
    }
    var swiftOptimization: String { optimizeSwift ? "-O" : "-Onone" }

    /// Swift 6 language mode, warning-free, as an app compiles the generated files.
    static let swiftFlags = ["-swift-version", "6", "-warnings-as-errors", "-module-name", "ContractTestee"]

    func buildSwift() -> TesteeLaunch {
        guard Self.which("swiftc") != nil else { return .skipped(reason: "swiftc not found; " + Self.installHints[.swift]!) }
        let files = swiftSources
        guard !files.isEmpty else { return .failed(reason: "no generated Swift; run `contract-gen emit --lang swift`") }
        let optimization = swiftOptimization
        let digest = hash(files, extra: "swiftc \(optimization) -swift-version 6 -warnings-as-errors")
        if let problem = cached(.swift, digest: digest, product: "testee", build: { directory in
            run(["swiftc", optimization] + Self.swiftFlags + ["-o", directory + "/testee"] + files)
        }) { return problem }
        return .command([cacheDirectory(.swift, digest) + "/testee"])
    }

    func buildKotlin() -> TesteeLaunch {
        guard Self.which("kotlinc") != nil, Self.which("java") != nil else {
            return .skipped(reason: "kotlinc/java not found; " + Self.installHints[.kotlin]!)
        }
        let jar: String
        switch Self.androidJSONJar() {
        case .success(let found): jar = found
        case .failure(let problem): return .skipped(reason: problem.message + "; " + Self.installHints[.kotlin]!)
        }
        let files = layout.map { paths($0.files[.kotlin]) } ?? sources(under: "generated/kotlin", ext: "kt")
        guard !files.isEmpty else { return .failed(reason: "no generated Kotlin; run `contract-gen emit --lang kotlin`") }
        let digest = hash(files, extra: "kotlinc -Werror")
        if let problem = cached(.kotlin, digest: digest, product: "testee.jar", build: { directory in
            run(["kotlinc", "-Werror", "-cp", jar, "-include-runtime", "-d", directory + "/testee.jar"] + files)
        }) { return problem }
        return .command(["java", "-Xss1m", "-cp", cacheDirectory(.kotlin, digest) + "/testee.jar:" + jar,
                         "dev.contractgen.testee.TesteeKt"])
    }

    /// The strictest settings an app may compile with, so the generated files pass under any of them.
    static let typeScriptFlags = ["--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns", "--noUncheckedIndexedAccess",
                                  "--exactOptionalPropertyTypes", "--noImplicitOverride", "--noPropertyAccessFromIndexSignature",
                                  "--noFallthroughCasesInSwitch", "--target", "es2019", "--module", "commonjs"]

    /// Runs a compiled TypeScript testee (a deep stack: the 512-level cases recurse).
    static func nodeCommand(_ script: String) -> [String] { ["node", "--stack-size=4000", script] }

    func buildTypeScript() -> TesteeLaunch {
        guard Self.which("tsc") != nil, Self.which("node") != nil else {
            return .skipped(reason: "tsc/node not found; " + Self.installHints[.typescript]!)
        }
        let files = typeScriptSources
        guard !files.isEmpty else { return .failed(reason: "no generated TypeScript; run `contract-gen emit --lang typescript`") }
        var flags = Self.typeScriptFlags
        // Files from several directories: the output mirrors them below the project root.
        if layout != nil { flags += ["--rootDir", root] }
        let digest = hash(files, extra: flags.joined(separator: " "))
        // The product is where tsc writes the testee (below --rootDir's mirror with a layout), so a
        // warm run finds it and does not rebuild.
        if let problem = cached(.typescript, digest: digest, product: "\(typeScriptTesteeModule).js", build: { directory in
            run(["tsc"] + flags + ["--outDir", directory] + files)
        }) { return problem }
        return .command(Self.nodeCommand(cacheDirectory(.typescript, digest) + "/\(typeScriptTesteeModule).js"))
    }

    /// JavaScriptCore's shell: Debian's `jsc`, or the one inside macOS's JavaScriptCore.framework.
    static func jscPath() -> String? {
        if let found = which("jsc") { return found }
        let macOS = "/System/Library/Frameworks/JavaScriptCore.framework/Versions/Current/Helpers/jsc"
        return FileManager.default.isExecutableFile(atPath: macOS) ? macOS : nil
    }

    /// `testee-jsc-<12 hex digits>.js`: a bundle (of this or an older adapter), not a compiled module.
    static func isJSCBundle(_ file: String) -> Bool {
        let name = file.utf8
        return file.hasPrefix("testee-jsc-") && file.hasSuffix(".js") && name.count == 26
            && name.dropFirst(11).prefix(12).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The compiled TypeScript testee, unchanged, bundled behind the JSC adapter
    /// (Runtime/typescript/jsc): the modules become factories that the adapter's `require` loads.
    func buildTypeScriptJSC() -> TesteeLaunch {
        guard let jsc = Self.jscPath() else { return .skipped(reason: "jsc not found; " + Self.jscInstallHint) }
        let compiled = buildTypeScript()
        guard case .command(let node) = compiled, let testee = node.last else { return compiled }
        // The compiled tree: flat by default, mirroring the project under contract-gen.yaml.
        let directory = String(testee.dropLast(typeScriptTesteeModule.count + "/.js".count))
        // Named by the adapter's digest: a cached compile must not keep the bundle of an older adapter.
        let adapter = EmbeddedRuntime.typescriptJSCAdapter
        let bundle = directory + "/testee-jsc-\(SHA256.hex(Array(adapter.utf8)).prefix(12)).js"
        if !FileManager.default.fileExists(atPath: bundle) {
            var text = adapter
            let modules = ((FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? [])
                .filter { $0.hasSuffix(".js") && !Self.isJSCBundle($0) }.sorted()
            if modules.contains(where: { $0.contains("/") }) { text += JSCModulePaths.resolver }
            for file in modules {
                guard let source = FileManager.default.contents(atPath: directory + "/" + file) else {
                    return .failed(reason: "cannot read the compiled TypeScript module \(file)")
                }
                let name = String(file.dropLast(3))
                text += "\n__contractGenModule(\(StringLiteral.typeScript(name)), function (exports, require, module) {\n"
                text += JSCModulePaths.relativeRequire(moduleName: name)
                text += String(decoding: source, as: UTF8.self)
                text += "\n});\n"
            }
            text += "\n__contractGenMain(\(StringLiteral.typeScript(typeScriptTesteeModule)));\n"
            let temporary = bundle + ".tmp-\(getpid())"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, bundle) == 0 else { throw CocoaError(.fileWriteUnknown) }
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                return .failed(reason: "cannot write the JavaScriptCore bundle: \(error)")
            }
        }
        return .command([jsc, bundle])
    }
}
