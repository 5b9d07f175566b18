/// Paths as the file system resolves them. contract-gen.yaml's paths are checked as text (no
/// `..`, not absolute), but a committed symlink (`web -> ../elsewhere`, a `.build` link, a schema
/// linked to `/etc/…`) would still lead a read or a write out of the project. Every path a command
/// reads from or writes to inside the project is resolved here, symlinks included, and refused
/// when it leaves the project root.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ProjectPaths {
    /// The path with every symlink resolved, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether `path` lies strictly below `root` (both already resolved).
    static func isInside(_ path: String, _ root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix)
    }

    /// Where `path` leads once written or read: its longest existing ancestor resolved, with the
    /// rest appended as written (a path that does not exist yet cannot hold a symlink below that).
    static func resolvedForWriting(_ path: String) -> String? {
        if let whole = resolved(path) { return whole }
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while resolved(existing.path) == nil {
            let last = existing.lastPathComponent
            guard !last.isEmpty, last != "/", last != ".." else { return nil }
            rest.insert(last, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let base = resolved(existing.path) else { return nil }
        return rest.reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
    }

    /// Why `relative` (a path below `root` that a command reads or writes) cannot be used, or nil:
    /// resolved, symlinks included, it must stay inside the resolved root (or be the root).
    static func escape(_ relative: String, root: String) -> String? {
        guard let base = resolved(root) else { return "the project root \(root) does not exist" }
        let full = relative.hasPrefix("/") ? relative : root + "/" + relative
        guard let target = resolvedForWriting(full) else { return "'\(relative)' cannot be resolved" }
        if target == base || isInside(target, base) { return nil }
        return "'\(relative)' leads outside the project (to \(target)) through a symbolic link"
    }
}
