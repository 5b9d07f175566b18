/// `emit` as one unit: every changed file is first written into a staging directory inside the
/// output root (`.contract-gen-staging-<pid>`), then a manifest is renamed into place (the commit
/// point), then each staged file is renamed over its target and stale files are deleted.
///
/// A crash or `kill -9` before the commit point leaves the old files untouched; after it, the
/// next `emit` finishes the interrupted one (roll forward) before doing anything else, so after
/// it the tree holds either the old or the new set, never a mix. `check` reports what an
/// interrupted emit left behind (`GeneratorPipeline.orphanedTemporaryFiles`).
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum StagedEmit {
    static let stagingPrefix = ".contract-gen-staging-"
    /// Written last, by rename: its presence means the staged set is complete.
    static let manifestName = "manifest.json"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `files` (skipping unchanged ones) and deletes `deleting` (paths relative to `root`).
    public static func commit(_ files: [GeneratedFile], deleting: [String] = [], root: String) throws {
        try recoverInterrupted(root: root)
        guard let staging = try stage(files, deleting: deleting, root: root) else { return }
        try rollForward(staging: staging, root: root)
    }

    /// Everything up to the commit point: the staging directory with every changed file and the
    /// manifest; nothing visible has changed yet. Nil when there is nothing to change.
    static func stage(_ files: [GeneratedFile], deleting: [String], root: String) throws -> String? {
        let manager = FileManager.default
        var changed: [GeneratedFile] = []
        for file in files {
            // Unchanged files are not rewritten: timestamps stay, incremental builds stay warm.
            let existing = manager.contents(atPath: root + "/" + file.path)
            if existing != Data(file.contents.utf8) { changed.append(file) }
        }
        let deletions = deleting.filter { manager.fileExists(atPath: root + "/" + $0) }
        if changed.isEmpty && deletions.isEmpty { return nil }

        let staging = root + "/" + stagingPrefix + String(getpid())
        try? manager.removeItem(atPath: staging)
        try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var writes: [JSONValue] = []
        do {
            for (index, file) in changed.enumerated() {
                let staged = String(format: "f%06d", index)
                guard manager.createFile(atPath: staging + "/" + staged, contents: Data(file.contents.utf8)) else {
                    throw Failure(description: "cannot stage \(file.path) in \(staging)")
                }
                writes.append(.array([.string(staged), .string(file.path)]))
            }
            let manifest = JSONValue.object([("write", .array(writes)), ("delete", .array(deletions.map { .string($0) }))])
            let temporary = staging + "/" + manifestName + ".tmp"
            guard manager.createFile(atPath: temporary, contents: Data(manifest.serialized().utf8)) else {
                throw Failure(description: "cannot write the emit manifest in \(staging)")
            }
            try renameOrThrow(temporary, staging + "/" + manifestName)
        } catch {
            // Before the commit point: nothing visible changed; drop the staged copies.
            try? manager.removeItem(atPath: staging)
            throw error
        }
        return staging
    }

    /// Finishes (or discards) every emit a dead process left in `root`, and removes the
    /// temporary files of the per-file writer it left beside its targets.
    public static func recoverInterrupted(root: String) throws {
        for name in stagingDirectories(root: root) where !isLiveOtherProcess(pidSuffix(name, after: stagingPrefix)) {
            let staging = root + "/" + name
            if FileManager.default.fileExists(atPath: staging + "/" + manifestName) {
                try rollForward(staging: staging, root: root)
            } else {
                try? FileManager.default.removeItem(atPath: staging)
            }
        }
        for path in legacyTemporaryFiles(root: root) { try? FileManager.default.removeItem(atPath: root + "/" + path) }
    }

    /// Applies a committed staging directory: rename each staged file over its target, delete the
    /// stale ones, then remove the directory. Idempotent, so an interrupted roll-forward resumes.
    static func rollForward(staging: String, root: String) throws {
        let manager = FileManager.default
        guard let data = manager.contents(atPath: staging + "/" + manifestName),
              let manifest = JSONValue.parse(String(decoding: data, as: UTF8.self)),
              case .array(let writes)? = manifest["write"], case .array(let deletes)? = manifest["delete"] else {
            throw Failure(description: "\(staging) holds an unreadable emit manifest; remove the directory and emit again")
        }
        for entry in writes {
            guard case .array(let pair) = entry, pair.count == 2, let staged = pair[0].stringValue, let target = pair[1].stringValue,
                  isSafeRelativePath(target), !staged.contains("/") else {
                throw Failure(description: "\(staging) holds a malformed emit manifest; remove the directory and emit again")
            }
            let source = staging + "/" + staged
            guard manager.fileExists(atPath: source) else { continue }   // already moved
            let destination = root + "/" + target
            try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try renameOrThrow(source, destination)
        }
        for entry in deletes {
            guard let target = entry.stringValue, isSafeRelativePath(target) else { continue }
            if unlink(root + "/" + target) != 0, errno != ENOENT {
                throw Failure(description: "cannot remove \(target): \(String(cString: strerror(errno)))")
            }
        }
        unlink(staging + "/" + manifestName)
        try? manager.removeItem(atPath: staging)
    }

    /// What interrupted emits left under `root`: staging directories of processes that are gone,
    /// and per-file temporaries (`.<name>.tmp-<pid>`) in generated/ and golden/. Paths relative to `root`.
    public static func orphans(root: String) -> [String] {
        let staging = stagingDirectories(root: root).filter { !isLiveOtherProcess(pidSuffix($0, after: stagingPrefix)) }
        return (staging + legacyTemporaryFiles(root: root)).sorted()
    }

    static func stagingDirectories(root: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix(stagingPrefix) }.sorted()
    }

    /// `.name.tmp-<pid>` files of dead processes under the directories emit writes to.
    static func legacyTemporaryFiles(root: String) -> [String] {
        var found: [String] = []
        for top in ["generated", "golden"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + top) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
                let pid = pidSuffix(String(name[marker.lowerBound...]), after: ".tmp-")
                if pid != nil, !isLiveOtherProcess(pid) { found.append(top + "/" + relative) }
            }
        }
        return found
    }

    static func pidSuffix(_ name: String, after prefix: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        return Int32(name.dropFirst(prefix.count))
    }

    /// Whether `pid` is another process that is still running (so its staging is not an orphan).
    /// Our own pid counts as gone: a staging directory of ours is left over from an earlier run.
    static func isLiveOtherProcess(_ pid: Int32?) -> Bool {
        guard let pid, pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    static func renameOrThrow(_ from: String, _ to: String) throws {
        if rename(from, to) != 0 {
            throw Failure(description: "cannot rename \(from) onto \(to): \(String(cString: strerror(errno)))")
        }
    }
}

extension GeneratorPipeline {
    /// What interrupted emits left under `root` (for `check`): see `StagedEmit.orphans`.
    public static func orphanedTemporaryFiles(root: String) -> [String] { StagedEmit.orphans(root: root) }
}

extension StagedEmit {
    /// `check`'s findings for what interrupted emits left behind: each is a failure, because an
    /// emit committed but not finished leaves a mix of old and new files until the next emit.
    static func orphanFindings(root: String) -> [GateFinding] {
        GeneratorPipeline.orphanedTemporaryFiles(root: root).map { path in
            GateFinding(text: "interrupted emit: \(path) was left by a killed `contract-gen emit` (run it again to finish or discard it)",
                        diagnostic: .error("left by an interrupted emit", at: SourceLocation(file: path, line: 1, column: 1)),
                        isFailure: true, kind: .interrupted, path: path)
        }
    }
}
