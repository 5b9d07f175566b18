/// Where built testees are kept between runs: a directory of the user's, outside every checkout.
/// A pull request controls the work tree, so nothing in it (a `.build` directory, a symlink, a
/// planted `testee.js`) is ever taken for a build: each entry is named by a digest of the exact
/// sources, compiler and flags it was built from, and lives where only this user writes.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TesteeCache {
    /// Overrides the cache directory (a CI job that keeps the cache between runs names it here).
    static let variable = "CONTRACT_GEN_CACHE_DIR"

    /// The user's cache directory for contract-gen: `$CONTRACT_GEN_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/contract-gen`, `~/.cache/contract-gen` (Linux) or
    /// `~/Library/Caches/contract-gen` (macOS).
    static func baseDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let given = environment[variable], !given.isEmpty { return given }
        #if os(macOS)
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/Library/Caches/contract-gen"
        #else
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/contract-gen" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/contract-gen"
        #endif
    }

    /// The testee cache for a project rooted at `projectRoot`, created if needed: the user's cache
    /// directory, else (a sandboxed SwiftPM plugin may not write there) one in the temporary
    /// directory; or why neither can be used (inside the project, owned by someone else,
    /// writable by others).
    static func testeeDirectory(projectRoot: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, CacheProblem> {
        let preferred = testeeDirectory(base: baseDirectory(environment: environment), projectRoot: projectRoot)
        guard case .failure(let problem) = preferred, environment[variable] == nil else { return preferred }
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        return testeeDirectory(base: temporary + "contract-gen-\(geteuid())", projectRoot: projectRoot)
            .mapError { CacheProblem(message: problem.message + "; and " + $0.message) }
    }

    private static func testeeDirectory(base: String, projectRoot: String) -> Result<String, CacheProblem> {
        guard base.hasPrefix("/") else { return .failure(CacheProblem(message: "the cache directory '\(base)' is not an absolute path")) }
        let directory = base + "/testees"
        do {
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return .failure(CacheProblem(message: "cannot create the testee cache \(directory): \(error.localizedDescription)"))
        }
        guard let resolved = ProjectPaths.resolved(directory) else {
            return .failure(CacheProblem(message: "cannot resolve the testee cache \(directory)"))
        }
        if let project = ProjectPaths.resolved(projectRoot), ProjectPaths.isInside(resolved, project) || resolved == project {
            return .failure(CacheProblem(message: "the testee cache \(resolved) lies inside the project, where a pull request could plant a build; set \(variable) to a directory outside it"))
        }
        // Both the cache and the directory holding it: whoever may write the parent may swap the cache.
        for path in [resolved, (resolved as NSString).deletingLastPathComponent] {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
                return .failure(CacheProblem(message: "the testee cache \(resolved) must be in a directory of this user's that no one else can write to (\(path) is not)"))
            }
        }
        return .success(resolved)
    }

    struct CacheProblem: Error {
        var message: String
    }

    /// Keeps the `keep` most recently used entries of one language and removes the rest, so the
    /// cache does not grow with every change of the generated code.
    static func evict(in directory: String, prefix: String, keep: Int = 12) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(prefix) && !$0.contains(".tmp-") }
        guard names.count > keep else { return }
        let dated = names.map { name -> (String, Date) in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)
            return (name, attributes?[.modificationDate] as? Date ?? .distantPast)
        }.sorted { $0.1 > $1.1 }
        for (name, _) in dated.dropFirst(keep) { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
    }

    /// Marks an entry as just used (eviction keeps the most recently used).
    static func touch(_ entry: String) {
        _ = utime(entry, nil)
    }

    /// One lock per entry: two lanes of one run (TypeScript on Node and on JavaScriptCore) build
    /// the same entry once.
    static func withEntryLock<T>(_ entry: String, _ body: () -> T) -> T {
        locksLock.lock()
        let lock = locks[entry] ?? NSLock()
        locks[entry] = lock
        locksLock.unlock()
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    nonisolated(unsafe) private static var locks: [String: NSLock] = [:]
    private static let locksLock = NSLock()
}
