/// Reads schema files at a git revision for `check --base`. Git runs with a fixed locale and
/// only its exit codes and machine formats (`ls-tree -z`) are read, never its messages; the ref
/// is resolved to a commit id once, so no user text reaches git as an option afterwards.
import Foundation

/// One schema file as it was at the base commit.
public struct BaseSchemaFile: Sendable {
    public var path: String
    public var text: String
}

public struct GitRevision: Sendable {
    /// The repository directory git runs in (paths are relative to it).
    public let root: String
    /// The resolved commit id (40 or 64 hex digits).
    public let commit: String
    /// The ref as the user wrote it, for messages.
    public let ref: String

    /// Git's output is bounded: a base schema larger than this is not read.
    static let outputLimit = 16 << 20
    /// A git call that takes longer than this is stopped.
    static let timeoutSeconds = 60.0

    /// Resolves `ref` to a commit, or throws a usage error naming it (exit 2).
    public init(root: String, ref: String) throws {
        guard !ref.isEmpty else { throw UsageError("--base needs a git revision (e.g. origin/main), not an empty string") }
        self.root = root
        self.ref = ref
        let result = try Self.git(root: root, ["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
        let id = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, Self.isObjectID(id) else {
            throw UsageError("--base '\(ref)' does not name a commit in \(root) (is it a git repository, and is the ref fetched?)")
        }
        commit = id
    }

    static func isObjectID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The `.yaml`/`.yml` files directly in each directory, plus each exact path, at the commit.
    /// Paths are relative to `root`; absolute paths are not in the repository and are skipped.
    public func schemaFiles(directories: [String], paths: [String]) throws -> [BaseSchemaFile] {
        let specs = directories.filter { !$0.hasPrefix("/") }.map { $0.isEmpty || $0 == "." ? "./" : $0 + "/" }
            + paths.filter { !$0.hasPrefix("/") }
        guard !specs.isEmpty else { return [] }
        let listing = try run(["--literal-pathspecs", "ls-tree", "-z", commit, "--"] + Set(specs).sorted())
        var seen = Set<String>()
        var files: [BaseSchemaFile] = []
        for entry in listing.split(separator: 0) {
            guard let parsed = Self.parseTreeEntry(entry), parsed.type == "blob",
                  parsed.path.hasSuffix(".yaml") || parsed.path.hasSuffix(".yml"),
                  seen.insert(parsed.path).inserted else { continue }
            let blob = try run(["cat-file", "blob", parsed.object])
            files.append(BaseSchemaFile(path: parsed.path, text: String(decoding: blob, as: UTF8.self)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The blobs at these exact paths that exist at the commit (relative to `root`; `../` is
    /// allowed within the repository), by path.
    func blobs(at paths: [String]) throws -> [String: String] {
        guard !paths.isEmpty else { return [:] }
        let listing = try run(["--literal-pathspecs", "ls-tree", "-z", commit, "--"] + Set(paths).sorted())
        var found: [String: String] = [:]
        for entry in listing.split(separator: 0) {
            guard let parsed = Self.parseTreeEntry(entry), parsed.type == "blob", paths.contains(parsed.path) else { continue }
            found[parsed.path] = String(decoding: try run(["cat-file", "blob", parsed.object]), as: UTF8.self)
        }
        return found
    }

    /// How many directories `root` lies below the top of its repository (`git rev-parse --show-cdup`).
    func depthBelowTop() throws -> Int {
        let cdup = String(decoding: try run(["rev-parse", "--show-cdup"]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return cdup.split(separator: "/").filter { $0 == ".." }.count
    }

    /// `<mode> SP <type> SP <object> TAB <path>` (git's `ls-tree -z` format).
    static func parseTreeEntry(_ entry: Data.SubSequence) -> (type: String, object: String, path: String)? {
        guard let tab = entry.firstIndex(of: 9) else { return nil }
        let fields = entry[entry.startIndex..<tab].split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3, isObjectID(fields[2]) else { return nil }
        let path = String(decoding: entry[entry.index(after: tab)...], as: UTF8.self)
        return (fields[1], fields[2], path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    func run(_ arguments: [String]) throws -> Data {
        let result = try Self.git(root: root, arguments)
        guard result.status == 0 else {
            throw UsageError("git \(arguments.first ?? "") failed at --base '\(ref)' (exit \(result.status)): \(result.stderrTail)")
        }
        return result.stdout
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderrTail: String
    }

    /// Runs git in `root` with the C locale, bounded in output and time.
    static func git(root: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["LANG"] = "C"
        environment["LANGUAGE"] = nil
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw UsageError("cannot run git: \(error)") }
        let stderrTail = TailReader(error.fileHandleForReading, keep: 2000)
        let timer = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: timer)
        var stdout = Data()
        var overflow = false
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            stdout.append(chunk)
            if stdout.count > outputLimit { overflow = true; process.terminate(); break }
        }
        process.waitUntilExit()
        timer.cancel()
        let tail = stderrTail.finish()
        if overflow { throw UsageError("git \(arguments.first ?? "") wrote more than \(outputLimit >> 20) MiB at --base; not reading it") }
        return Result(status: process.terminationStatus, stdout: stdout, stderrTail: tail)
    }
}

/// Drains a pipe on a background thread, keeping only its last `keep` bytes.
final class TailReader: @unchecked Sendable {
    private let lock = NSLock()
    private var tail = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, keep: Int) {
        DispatchQueue.global().async { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                tail.append(chunk)
                if tail.count > keep { tail = tail.suffix(keep) }
                lock.unlock()
            }
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
