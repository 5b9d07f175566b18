/// Shared helpers for the test suite: the package root, a captured command run, temp dirs.
import Foundation
@testable import ContractGenCore

enum TestSupport {
    /// The package root (tests run from anywhere).
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Output of one CLI invocation.
    struct RunResult {
        var status: Int32
        var out: String
        var err: String
    }

    final class Buffer: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ s: String) { lock.lock(); text += s; lock.unlock() }
        var value: String { lock.lock(); defer { lock.unlock() }; return text }
    }

    static func run(_ arguments: [String], root: String = TestSupport.root, stdin: String = "", stdinBytes: Data? = nil) -> RunResult {
        let out = Buffer(), err = Buffer()
        let io = CommandIO(out: { out.append($0) }, err: { err.append($0) }, readStdinBytes: { stdinBytes ?? Data(stdin.utf8) })
        let status = ContractGenCommand(io: io, root: root).run(arguments)
        return RunResult(status: status, out: out.value, err: err.value)
    }

    /// One bundled schema's path, whichever sorts first (tests that need some contract).
    static var anySchema: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/schema")) ?? []
        return "schema/" + names.filter { $0.hasSuffix(".yaml") }.sorted()[0]
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "/contract-gen-test-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every file under a directory (relative path → bytes).
    static func snapshot(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let item = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + item, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[item] = FileManager.default.contents(atPath: directory + "/" + item)
            }
        }
        return files
    }

    /// The golden emitter's cases for a contract, materialised from their sample form into the
    /// full form a testee sees (file path → case JSON; samples left out).
    static func materialisedGoldens(_ contract: Contract) -> [String: JSONValue] {
        let loaded = GoldenCaseLoader.load(texts: GoldenEmitter().files(contract).map { ($0.path, $0.contents) })
        precondition(loaded.errors.isEmpty, "\(loaded.errors.map(\.message))")
        return Dictionary(uniqueKeysWithValues: loaded.cases.map { ($0.path, $0.fullForm) })
    }

    static func loadBundled() throws -> [Contract] {
        // Every bundled schema, as `emit` finds them: no test knows the contracts by name.
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/schema").filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { "schema/" + $0 }.map { path in
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            return try SchemaLoader.load(text: text, path: path)
        }
    }
}

/// A test class built around one valid schema fixture (`valid`): its variants and their
/// located diagnostics, written once for every diagnostics test class.
protocol SchemaFixtureTest {
    static var valid: String { get }
}

extension SchemaFixtureTest {
    /// The fixture with one piece of its text replaced (which must be there).
    func replacing(_ old: String, with new: String) -> String {
        precondition(Self.valid.contains(old), "fixture does not contain \(old)")
        return Self.valid.replacingOccurrences(of: old, with: new)
    }

    /// Every diagnostic, as printed, of loading `text` (none when it loads).
    func diagnostics(_ text: String) -> [String] { SchemaDiagnosticsTests.diagnostics(text) }
}
