/// Moves each emitted file from the emitters' default place (generated/<language>/…, golden/…)
/// to where the layout says. The emitters keep writing default paths; only the directory part
/// before the file's own relative path changes, so the default layout is the identity.

/// What an emitted file is, which decides its directory.
public enum FileRole: Sendable {
    case runtime(Language)
    case contract(Contract, Language)
    case testee(Language)
    case golden
}

extension ProjectLayout {
    /// The emitters' default directory for a role (the prefix placement replaces).
    static func defaultDirectory(_ role: FileRole) -> String {
        switch role {
        case .runtime(let language), .contract(_, let language): return ProjectLayout.default.appDirectory[language]!
        case .testee(let language): return ProjectLayout.default.testeeDirectory[language]!
        case .golden: return ProjectLayout.default.goldenDirectory
        }
    }

    /// The directory this layout puts a role's files in.
    func directory(_ role: FileRole) -> String {
        switch role {
        case .runtime(let language): return appDirectory[language]!
        case .contract(let contract, let language): return directory(of: contract, language)
        case .testee(let language): return testeeDirectory[language]!
        case .golden: return goldenDirectory
        }
    }

    /// `path` (as an emitter wrote it) in this layout.
    public func place(_ path: String, _ role: FileRole) -> String {
        let prefix = Self.defaultDirectory(role) + "/"
        precondition(path.hasPrefix(prefix), "emitted \(path) outside \(prefix)")
        return Self.join(directory(role), String(path.dropFirst(prefix.count)))
    }

    /// `dir/rest`, or `rest` when the directory is the project's own (`.`).
    static func join(_ directory: String, _ rest: String) -> String { directory == "." ? rest : directory + "/" + rest }

    public func place(_ file: GeneratedFile, _ role: FileRole) -> GeneratedFile {
        GeneratedFile(path: place(file.path, role), contents: file.contents)
    }
}
