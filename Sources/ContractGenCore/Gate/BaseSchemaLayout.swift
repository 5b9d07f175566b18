/// Where `check --base` finds the base revision's schemas: where the base's own contract-gen.yaml
/// put them (or `schema/`, the default layout, when the base had none). A pull request that moves
/// the schemas and edits the config in one go would otherwise have its base looked up at the new
/// place, find nothing, and compare nothing.

struct BaseSchemaLayout {
    /// Schema directories and files at the base, relative to the current project root.
    var directories: [String] = ["schema"]
    var files: [String] = []
    /// The base's config file (relative to the root), nil for the default layout.
    var configPath: String?
    /// A base config that does not parse: the gate cannot tell where the schemas were.
    var failure: GateFinding?

    /// The config the base revision would have used for a command run where this one ran: the
    /// file `--config` named, at the same place; else the first contract-gen.yaml from the
    /// invocation directory up to the repository's top, as ConfigLocator searches the tree.
    /// `invocation`: that directory relative to the root ("." for the root itself).
    static func locate(at base: GitRevision, invocation: String, givenConfig: String?) throws -> BaseSchemaLayout {
        var candidates: [String]
        if let givenConfig {
            candidates = [givenConfig]
        } else {
            var directory = invocation.split(separator: "/").filter { $0 != "." }.map(String.init)
            candidates = []
            while true {
                candidates.append(ProjectLayout.join(directory.isEmpty ? "." : directory.joined(separator: "/"), ProjectConfig.fileName))
                guard let last = directory.last, last != ".." else { break }
                directory.removeLast()
            }
            for up in 0..<(try base.depthBelowTop()) {
                candidates.append(Array(repeating: "..", count: up + 1).joined(separator: "/") + "/" + ProjectConfig.fileName)
            }
        }
        let found = try base.blobs(at: candidates)
        guard let path = candidates.first(where: { found[$0] != nil }), let text = found[path] else { return BaseSchemaLayout() }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var layout = BaseSchemaLayout(configPath: path)
        do {
            let config = try ConfigParser.parse(text: text, file: "\(base.ref):\(path)", directory: directory)
            switch config.schemas {
            case .directory(let schemas): layout.directories = [join(directory, schemas)]
            case .files(let files): (layout.directories, layout.files) = ([], files.map { join(directory, $0) })
            }
        } catch {
            let first = error.diagnostics.first.map { ": \($0.description)" } ?? ""
            let message = "\(path) at \(base.ref) does not load\(first); the gate cannot tell where the schemas were at \(base.ref), so it cannot"
                + " tell what this change breaks (fix the config at \(base.ref) first, or compare with another --base)"
            let diagnostic = Diagnostic(.error, message, at: SourceLocation(file: path, line: 1, column: 1))
            layout.directories = []
            layout.failure = GateFinding(text: diagnostic.description, diagnostic: diagnostic, isFailure: true, kind: .uncompared)
        }
        return layout
    }

    /// `a` then `b`, either of which may be `.`.
    static func join(_ a: String, _ b: String) -> String {
        a == "." ? b : b == "." ? a : a + "/" + b
    }
}
