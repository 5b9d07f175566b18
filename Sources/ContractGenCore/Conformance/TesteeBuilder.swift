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
    /// The generated files to build from (paths relative to `root`): exactly the files `emit`
    /// writes for the project's schemas. nil: computed from `root/schema` with the default layout.
    public var layout: TesteeSources?
    /// Builds are stopped (and fail) at this instant: `conform --deadline` covers them too.
    public var deadline: Date?
    /// Overrides the user's cache directory (tests).
    var environment: [String: String] = ProcessInfo.processInfo.environment

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

    // MARK: Sources

    /// The files each language's testee is built from, relative to `root`: the layout's, else
    /// what `emit` writes for `root/schema/*.yaml` in the default layout. Never a directory glob:
    /// a file emit does not write (a planted `.shadow.swift`) is never compiled.
    func sources() -> Result<TesteeSources, TesteeLaunchProblem> {
        if let layout { return .success(layout) }
        let directory = root + "/schema"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { return .failure(TesteeLaunchProblem(message: "no schema (schema/*.yaml) to build the testees from")) }
        var contracts: [Contract] = []
        for name in names {
            let path = "schema/" + name
            if let problem = ProjectPaths.escape(path, root: root) { return .failure(TesteeLaunchProblem(message: problem)) }
            guard let data = FileManager.default.contents(atPath: root + "/" + path), let text = String(data: data, encoding: .utf8) else {
                return .failure(TesteeLaunchProblem(message: "cannot read \(path)"))
            }
            do { contracts.append(try SchemaLoader.load(text: text, path: path)) } catch {
                return .failure(TesteeLaunchProblem(message: "\(path) does not load: \(error)"))
            }
        }
        return .success(TesteeSources(contracts: contracts, layout: .default))
    }

    /// Absolute paths of one language's source files (mutation testing edits them in place).
    func sourcePaths(_ language: Language) -> [String] {
        guard case .success(let sources) = sources() else { return [] }
        return (sources.files[language] ?? []).map { root + "/" + $0 }.sorted()
    }
    var swiftSources: [String] { sourcePaths(.swift) }
    var typeScriptSources: [String] { sourcePaths(.typescript) }
    var swiftOptimization: String { optimizeSwift ? "-O" : "-Onone" }

    /// The TypeScript testee's module path below the compile output, without `.js`.
    func typeScriptTesteeModule(_ sources: TesteeSources) -> String { String(sources.typeScriptTestee.dropLast(3)) }

    /// One language's sources read from the project: each must be a regular file that resolves,
    /// symlinks included, inside the project. Returns (relative path, bytes) in path order.
    func read(_ relative: [String]) -> Result<[(String, Data)], TesteeLaunchProblem> {
        var files: [(String, Data)] = []
        for path in relative.sorted() {
            if let problem = ProjectPaths.escape(path, root: root) { return .failure(TesteeLaunchProblem(message: problem)) }
            var info = stat()
            guard stat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return .failure(TesteeLaunchProblem(message: "\(path) is missing; run `contract-gen emit --lang all`"))
            }
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
                return .failure(TesteeLaunchProblem(message: "cannot read \(path)"))
            }
            files.append((path, data))
        }
        return .success(files)
    }

    /// The digest that names a build: the tool and flags, then every file's path and bytes.
    static func digest(_ files: [(String, Data)], tool: String) -> String {
        var bytes = Array(tool.utf8) + [0]
        for (path, data) in files {
            bytes += Array(path.utf8) + [0]
            bytes += Array(String(data.count).utf8) + [0]
            bytes += Array(data)
        }
        return String(SHA256.hex(bytes).prefix(24))
    }

    /// A compiler as the digest knows it: its resolved path, size and modification time (a new
    /// toolchain is a new build; asking the compiler for its version would cost a JVM start).
    static func identity(ofTool name: String) -> String {
        guard let path = which(name), let real = ProjectPaths.resolved(path) else { return name }
        var info = stat()
        guard stat(real, &info) == 0 else { return real }
        #if canImport(Darwin)
        let modified = info.st_mtimespec.tv_sec
        #else
        let modified = info.st_mtim.tv_sec
        #endif
        return "\(real):\(info.st_size):\(modified)"
    }

    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a build command to its end (stopped at `deadline`); returns its output on failure.
    func run(_ arguments: [String]) -> String? {
        let completion = ChildProcess.runToCompletion(arguments, deadline: deadline)
        switch completion.end {
        case .succeeded: return nil
        case .failed(let how): return completion.output.isEmpty ? "\(arguments[0]) failed (\(how))" : completion.output
        case .deadlinePassed: return "stopped: the run's deadline passed during `\(arguments[0])`"
        }
    }

    /// The built product of one language, from the cache or built now: the sources are copied
    /// into `<entry>/src` (nothing else is there to be found by a compiler or a module resolver),
    /// compiled into `<entry>/out`, and the entry renamed into place only when complete.
    /// Returns the entry directory.
    func cached(_ language: Language, files: [(String, Data)], tool: String, product: String,
                build: (_ source: String, _ output: String) -> String?) -> Result<String, TesteeLaunchProblem> {
        let cache: String
        switch TesteeCache.testeeDirectory(projectRoot: root, environment: environment) {
        case .success(let found): cache = found
        case .failure(let problem): return .failure(TesteeLaunchProblem(message: problem.message))
        }
        let name = "\(language.rawValue)-\(Self.digest(files, tool: tool))"
        let entry = cache + "/" + name
        return TesteeCache.withEntryLock(entry) {
            if FileManager.default.fileExists(atPath: entry + "/out/" + product) {
                TesteeCache.touch(entry)
                return .success(entry)
            }
            if let deadline, Date() >= deadline {
                return .failure(TesteeLaunchProblem(message: "the run's deadline passed before the \(language.displayName) testee was built"))
            }
            let temporary = entry + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            do {
                for (path, data) in files {
                    let target = URL(fileURLWithPath: temporary + "/src/" + path)
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: target)
                }
                try FileManager.default.createDirectory(atPath: temporary + "/out", withIntermediateDirectories: true)
            } catch {
                return .failure(TesteeLaunchProblem(message: "cannot stage the \(language.displayName) sources in \(temporary): \(error)"))
            }
            log("building the \(language.displayName) testee …")
            if let failure = build(temporary + "/src", temporary + "/out") {
                return .failure(TesteeLaunchProblem(message: "\(language.displayName) testee does not compile:\n\(failure)"))
            }
            try? FileManager.default.removeItem(atPath: entry)
            guard rename(temporary, entry) == 0 else {
                return .failure(TesteeLaunchProblem(message: "cannot store the \(language.displayName) testee in \(entry): \(String(cString: strerror(errno)))"))
            }
            TesteeCache.evict(in: cache, prefix: language.rawValue + "-")
            return .success(entry)
        }
    }

    /// The sources of `language`, read, or why they cannot be.
    func files(_ language: Language, what: String) -> Result<(TesteeSources, [(String, Data)]), TesteeLaunchProblem> {
        let sources: TesteeSources
        switch self.sources() {
        case .success(let found): sources = found
        case .failure(let problem): return .failure(problem)
        }
        let relative = sources.files[language] ?? []
        guard !relative.isEmpty else { return .failure(TesteeLaunchProblem(message: "no generated \(what); run `contract-gen emit --lang \(language.rawValue)`")) }
        return read(relative).map { (sources, $0) }
    }

    // MARK: Per language

    /// Swift 6 language mode, warning-free, as an app compiles the generated files.
    static let swiftFlags = ["-swift-version", "6", "-warnings-as-errors", "-module-name", "ContractTestee"]

    func buildSwift() -> TesteeLaunch {
        guard Self.which("swiftc") != nil else { return .skipped(reason: "swiftc not found; " + Self.installHints[.swift]!) }
        let optimization = swiftOptimization
        let result = files(.swift, what: "Swift").flatMap { _, files in
            cached(.swift, files: files, tool: Self.identity(ofTool: "swiftc") + " \(optimization) " + Self.swiftFlags.joined(separator: " "),
                   product: "testee") { source, output in
                run(["swiftc", optimization] + Self.swiftFlags + ["-o", output + "/testee"] + files.map { source + "/" + $0.0 })
            }
        }
        switch result {
        case .success(let entry): return .command([entry + "/out/testee"])
        case .failure(let problem): return .failed(reason: problem.message)
        }
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
        let result = files(.kotlin, what: "Kotlin").flatMap { _, files in
            cached(.kotlin, files: files, tool: Self.identity(ofTool: "kotlinc") + " -Werror " + jar, product: "testee.jar") { source, output in
                run(["kotlinc", "-Werror", "-cp", jar, "-include-runtime", "-d", output + "/testee.jar"] + files.map { source + "/" + $0.0 })
            }
        }
        switch result {
        case .success(let entry):
            return .command(["java", "-Xss1m", "-cp", entry + "/out/testee.jar:" + jar, "dev.contractgen.testee.TesteeKt"])
        case .failure(let problem): return .failed(reason: problem.message)
        }
    }

    /// The strictest settings an app may compile with, so the generated files pass under any of them.
    static let typeScriptFlags = ["--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns", "--noUncheckedIndexedAccess",
                                  "--exactOptionalPropertyTypes", "--noImplicitOverride", "--noPropertyAccessFromIndexSignature",
                                  "--noFallthroughCasesInSwitch", "--target", "es2019", "--module", "commonjs"]

    /// Runs a compiled TypeScript testee (a deep stack: the 512-level cases recurse).
    static func nodeCommand(_ script: String) -> [String] { ["node", "--stack-size=4000", script] }

    /// The compiled TypeScript testee: the entry directory and the testee module's path in `out`.
    func compiledTypeScript() -> Result<(entry: String, module: String), TesteeLaunchProblem> {
        files(.typescript, what: "TypeScript").flatMap { sources, files in
            let module = typeScriptTesteeModule(sources)
            // The output mirrors the staged tree below --rootDir, so the testee is out/<its path>.js.
            return cached(.typescript, files: files, tool: Self.identity(ofTool: "tsc") + " " + Self.typeScriptFlags.joined(separator: " "),
                          product: module + ".js") { source, output in
                run(["tsc"] + Self.typeScriptFlags + ["--rootDir", source, "--outDir", output] + files.map { source + "/" + $0.0 })
            }.map { ($0, module) }
        }
    }

    func buildTypeScript() -> TesteeLaunch {
        guard Self.which("tsc") != nil, Self.which("node") != nil else {
            return .skipped(reason: "tsc/node not found; " + Self.installHints[.typescript]!)
        }
        switch compiledTypeScript() {
        case .success(let (entry, module)): return .command(Self.nodeCommand(entry + "/out/" + module + ".js"))
        case .failure(let problem): return .failed(reason: problem.message)
        }
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
        guard Self.which("tsc") != nil, Self.which("node") != nil else {
            return .skipped(reason: "tsc/node not found; " + Self.installHints[.typescript]!)
        }
        let entry: String, module: String
        switch compiledTypeScript() {
        case .success(let compiled): (entry, module) = compiled
        case .failure(let problem): return .failed(reason: problem.message)
        }
        let directory = entry + "/out"
        // Named by the adapter's digest: a cached compile must not keep the bundle of an older adapter.
        let adapter = EmbeddedRuntime.typescriptJSCAdapter
        let bundle = directory + "/testee-jsc-\(SHA256.hex(Array(adapter.utf8)).prefix(12)).js"
        return TesteeCache.withEntryLock(bundle) {
            if FileManager.default.fileExists(atPath: bundle) { return .command([jsc, bundle]) }
            var text = adapter
            let modules = ((FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? [])
                .filter { $0.hasSuffix(".js") && !Self.isJSCBundle($0) && !$0.contains(".tmp-") }.sorted()
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
            text += "\n__contractGenMain(\(StringLiteral.typeScript(module)));\n"
            let temporary = bundle + ".tmp-\(getpid())"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
                guard rename(temporary, bundle) == 0 else { throw CocoaError(.fileWriteUnknown) }
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                return .failed(reason: "cannot write the JavaScriptCore bundle: \(error)")
            }
            return .command([jsc, bundle])
        }
    }
}
