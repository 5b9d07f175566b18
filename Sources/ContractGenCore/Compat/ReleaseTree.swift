/// One release of the project as git holds it, unpacked into a directory of its own: its
/// contract-gen.yaml, schemas, generated readers and writer, and goldens, exactly as committed
/// at that ref (`git archive`, so the work tree is never touched). `compat` builds the shipped
/// readers from these files, not from anything regenerated.
import Foundation

/// A project at one commit: where it was unpacked, its layout and contracts, and the generated
/// files its testees are built from.
struct ProjectSnapshot: Sendable {
    /// "HEAD (work tree)" or the ref as given (`v1.2.0`).
    var name: String
    /// The resolved commit, nil for the work tree.
    var commit: String?
    var root: String
    var layout: ProjectLayout
    var contracts: [Contract]
    var sources: TesteeSources
}

enum ReleaseTree {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Unpacks `ref` of the repository holding `projectRoot` (the same subdirectory of it, when the
    /// project is not at the repository's top) into a new directory under `scratch`.
    static func unpack(ref: String, projectRoot: String, scratch: String, deadline: Date?) throws -> ProjectSnapshot {
        let revision = try GitRevision(root: projectRoot, ref: ref)
        let prefix = try GitRevision.git(root: projectRoot, ["rev-parse", "--show-prefix"])
        guard prefix.status == 0 else { throw Failure(description: "\(projectRoot) is not inside a git repository") }
        let subdirectory = String(decoding: prefix.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = scratch + "/" + revision.commit.prefix(12)
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let archive = directory + ".tar"
        defer { try? FileManager.default.removeItem(atPath: archive) }
        // `<commit>:<subdirectory>` is the project's tree at that commit; the archive goes to a file
        // (it can be larger than git's captured output may be).
        let tree = subdirectory.isEmpty ? revision.commit : revision.commit + ":" + String(subdirectory.dropLast(subdirectory.hasSuffix("/") ? 1 : 0))
        for command in [["git", "-C", projectRoot, "archive", "--format=tar", "-o", archive, tree],
                        ["tar", "-x", "-f", archive, "-C", directory]] {
            let completion = ChildProcess.runToCompletion(command, deadline: deadline)
            guard case .succeeded = completion.end else {
                throw Failure(description: "cannot unpack \(ref): `\(command.prefix(3).joined(separator: " "))` failed: \(completion.output.suffix(500))")
            }
        }
        return try snapshot(name: ref, commit: revision.commit, root: directory)
    }

    /// The project in `root` as its own contract-gen.yaml (or the default layout) describes it.
    /// Contracts are read with this contract-gen's schema loader. The testee sources are the files
    /// `emit` writes for them in that layout, those the tree holds: a release made by an older
    /// contract-gen may lack a file this one writes (its testee is then built from what it has).
    static func snapshot(name: String, commit: String?, root: String) throws -> ProjectSnapshot {
        var layout = ProjectLayout.default
        var schemaPaths: [String]
        let configFile = root + "/" + ProjectConfig.fileName
        if FileManager.default.fileExists(atPath: configFile) {
            let config = try ConfigLocator.load(configFile)
            layout = config.layout
            switch config.schemas {
            case .files(let files): schemaPaths = files
            case .directory(let directory): schemaPaths = yamlFiles(root + "/" + directory).map { ProjectLayout.join(directory, $0) }
            }
        } else {
            schemaPaths = yamlFiles(root + "/schema").map { "schema/" + $0 }
        }
        var contracts: [Contract] = []
        for path in schemaPaths {
            if let problem = ProjectPaths.escape(path, root: root) { throw Failure(description: "\(name): \(problem)") }
            guard let data = FileManager.default.contents(atPath: root + "/" + path), let text = String(data: data, encoding: .utf8) else {
                throw Failure(description: "\(name): cannot read \(path)")
            }
            do { contracts.append(try SchemaLoader.load(text: text, path: path)) } catch {
                throw Failure(description: "\(name): \(path) does not load with this contract-gen: \(error)")
            }
        }
        guard !contracts.isEmpty else { throw Failure(description: "\(name): no schema found") }
        var sources = TesteeSources(contracts: contracts, layout: layout)
        for (language, files) in sources.files {
            sources.files[language] = files.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
        }
        return ProjectSnapshot(name: name, commit: commit, root: root, layout: layout, contracts: contracts, sources: sources)
    }

    static func yamlFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && !$0.hasPrefix(".") }.sorted()
    }

    /// The tags matching a shell glob (`v*`), oldest first by the tagged commit's date.
    static func tags(matching glob: String, projectRoot: String) throws -> [String] {
        let result = try GitRevision.git(root: projectRoot, ["tag", "--list", "--sort=creatordate", "--", glob])
        guard result.status == 0 else { throw UsageError("git tag failed: \(result.stderrTail)") }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
