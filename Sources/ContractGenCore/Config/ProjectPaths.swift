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

    /// Where `path` leads once written or read: each component resolved in turn, symbolic links
    /// followed even when they dangle (a write through a dangling link creates its target), and
    /// the part that does not exist yet appended as written. Nil after 40 links (a loop).
    static func resolvedForWriting(_ path: String) -> String? {
        var pending = URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
        var current: [String] = []
        var links = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." || component.isEmpty { continue }
            if component == ".." { _ = current.popLast(); continue }
            let candidate = "/" + (current + [component]).joined(separator: "/")
            var info = stat()
            if lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                links += 1
                guard links <= 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) else { return nil }
                if target.hasPrefix("/") { current = [] }
                pending = target.split(separator: "/").map(String.init) + pending
            } else {
                current.append(component)
            }
        }
        return "/" + current.joined(separator: "/")
    }

    /// Why `path` cannot be used when it names a place inside `root` as written (relative to
    /// `root`, or absolute), or nil: such a path must stay inside `root` once its symbolic links
    /// are resolved. A path outside `root` as written was asked for as such (a flag), and is left alone.
    public static func linkEscape(_ path: String, root: String) -> String? {
        let full = path.hasPrefix("/") ? path : root + "/" + path
        let lexical = URL(fileURLWithPath: full).standardizedFileURL.path
        let lexicalRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        guard lexical == lexicalRoot || isInside(lexical, lexicalRoot) else { return nil }
        let relative = String(lexical.dropFirst(lexicalRoot.count)).drop { $0 == "/" }
        return escape(relative.isEmpty ? "." : String(relative), root: root)
    }

    /// Why `relative` (a path below `root` that a command reads or writes) cannot be used, or nil:
    /// resolved, symlinks included, it must stay inside the resolved root (or be the root).
    static func escape(_ relative: String, root: String) -> String? {
        guard let base = resolvedForWriting(root) else { return "the directory \(root) cannot be resolved" }
        let full = relative.hasPrefix("/") ? relative : root + "/" + relative
        guard let target = resolvedForWriting(full) else { return "'\(relative)' cannot be resolved" }
        if target == base || isInside(target, base) { return nil }
        return "'\(relative)' leads outside the project (to \(target)) through a symbolic link"
    }
}
