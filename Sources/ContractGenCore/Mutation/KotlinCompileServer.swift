/// A warm Kotlin compiler for mutant builds (`Tools/kotlin/KotlinCompileServer.kt`): one JVM runs
/// the compiler's own entry point per request, so a one-file mutant compile costs about 1 s
/// instead of the 5 s a new `kotlinc` JVM spends mostly starting up. Same arguments, same verdict,
/// same class files (`testKotlinCompileServerMatchesKotlinc`). Any failure of the server itself
/// (it cannot be built or started, it crashes or hangs) falls back to running `kotlinc`.
import Foundation

final class KotlinCompileServer {
    private let process: TesteeProcess
    private let kotlinHome: String
    private let fallback: ([String]) -> String?
    /// Compiles served by this JVM; it is restarted after `restartEvery`, so whatever a compiler
    /// keeps between runs cannot pile up over a whole catalogue.
    private var served = 0
    static let restartEvery = 200

    private init(process: TesteeProcess, kotlinHome: String, fallback: @escaping ([String]) -> String?) {
        self.process = process
        self.kotlinHome = kotlinHome
        self.fallback = fallback
    }

    /// Builds the server (once per source text, under `<root>/.build`) and starts it; nil when
    /// kotlinc, java or the compiler's jars are missing, or it does not compile.
    static func start(root: String, fallback: @escaping ([String]) -> String?) -> KotlinCompileServer? {
        guard let kotlinc = TesteeBuilder.which("kotlinc"), TesteeBuilder.which("java") != nil else { return nil }
        let home = URL(fileURLWithPath: kotlinc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        let library = home + "/lib/"
        let jars = ["kotlin-compiler.jar", "trove4j.jar", "annotations-13.0.jar", "kotlin-stdlib.jar", "kotlin-reflect.jar",
                    "kotlin-script-runtime.jar"].map { library + $0 }
        guard jars.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else { return nil }
        let source = EmbeddedRuntime.kotlinCompileServer
        let classes = root + "/.build/kotlin-compile-server-" + String(SHA256.hex(Array((home + "\n" + source).utf8)).prefix(16))
        if !FileManager.default.fileExists(atPath: classes + "/KotlinCompileServerKt.class") {
            let temporary = classes + ".tmp-\(getpid())"
            try? FileManager.default.removeItem(atPath: temporary)
            do {
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
                try Data(source.utf8).write(to: URL(fileURLWithPath: temporary + "/KotlinCompileServer.kt"))
            } catch { return nil }
            guard fallback(["kotlinc", "-Werror", "-cp", jars[0], "-d", temporary + "/classes", temporary + "/KotlinCompileServer.kt"]) == nil
            else { return nil }
            try? FileManager.default.removeItem(atPath: classes)
            guard rename(temporary + "/classes", classes) == 0 else { return nil }
            try? FileManager.default.removeItem(atPath: temporary)
        }
        // The heap kotlinc's launcher gives the compiler (-Xmx256M), doubled: this JVM also holds
        // what the last compile left until it is collected.
        let command = ["java", "-Xmx512M", "-Xms32M", "-Xss2m", "-cp", ([classes] + jars).joined(separator: ":"), "KotlinCompileServerKt"]
        return KotlinCompileServer(process: TesteeProcess(command: command, timeout: 600), kotlinHome: home, fallback: fallback)
    }

    /// `TesteeBuilder.run`'s contract for a `kotlinc` command: nil when it compiled, else the
    /// compiler's messages. Anything else, or arguments the protocol cannot carry, run as a process.
    func run(_ arguments: [String]) -> String? {
        guard arguments.first == "kotlinc",
              arguments.allSatisfy({ !$0.contains("\t") && !$0.contains("\n") && !$0.contains("\r") }) else {
            return fallback(arguments)
        }
        if served == Self.restartEvery {
            process.stop()
            served = 0
        }
        served += 1
        let request = (["-kotlin-home", kotlinHome] + arguments.dropFirst()).joined(separator: "\t")
        // Only OK (0) and a compilation error (1) are the compiler's verdict; an internal error, a
        // crash or a hang of the server is not, and kotlinc itself decides.
        guard case .line(let line) = process.send(request), let tab = line.firstIndex(of: "\t"),
              let code = Int(line[..<tab]), code == 0 || code == 1 else {
            process.stop()
            return fallback(arguments)
        }
        // A first line as kotlinc's own JVM prints one (a warning of its launcher), so callers read the messages alike.
        return code == 0 ? nil : "kotlinc (warm) exited with \(code):\n" + Self.unescape(line[line.index(after: tab)...])
    }

    static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    func stop() { process.stop() }
}
