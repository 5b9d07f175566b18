/// contract-gen.yaml applied to a command: found (or given with --config), parsed, and turned
/// into a command whose root is the config file's directory and whose layout is the file's.
/// Paths given as flags stay relative to the directory the command was run in.
import Foundation

extension ContractGenCommand {
    /// This command with the project's config applied (itself when there is none).
    /// Path-valued flags come back relative to the project root (see `rebased`).
    func configured(_ parsed: ParsedArguments) throws -> (ContractGenCommand, ParsedArguments) {
        let file: String
        if let given = parsed.value("config") {
            file = path(given)
            guard FileManager.default.fileExists(atPath: file) else { throw UsageError("--config \(given): no such file") }
        } else if let found = ConfigLocator.find(from: root) {
            file = found
        } else {
            return (self, parsed)
        }
        let config = try ConfigLocator.load(file)
        var command = self
        command.root = config.directory
        command.config = config
        command.layout = config.layout
        command.invocationDirectory = root
        var rebased = parsed
        for option in Self.pathOptions {
            guard let values = parsed.options[option] else { continue }
            rebased.options[option] = values.map { option == "out" && $0 == "-" ? $0 : command.rebased($0) }
        }
        return (command, rebased)
    }

    /// The flags whose values are paths.
    static let pathOptions = ["schema", "golden", "out", "report", "report-html", "badge", "expected-failures"]

    /// A path given on the command line (relative to where the command was run), relative to
    /// the project root when it lies inside it, else absolute.
    func rebased(_ given: String) -> String {
        guard let invocationDirectory else { return given }
        let absolute = URL(fileURLWithPath: given.hasPrefix("/") ? given : invocationDirectory + "/" + given).standardizedFileURL.path
        let prefix = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// "using contract-gen.yaml at …" for commands that say which config they follow.
    func announceConfig() {
        if let config { io.err("config: \(config.file)\n") }
    }

    /// The schemas contract-gen.yaml names: its list, or the YAML files in its directory.
    func configuredSchemaPaths(_ config: ProjectConfig) throws -> [String] {
        switch config.schemas {
        case .files(let files): return files
        case .directory(let directory):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []
            let schemas = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { ProjectLayout.join(directory, $0) }
            guard !schemas.isEmpty else {
                throw UsageError("no schema (*.yaml) in '\(directory)', the schemas directory of \(config.file)")
            }
            return schemas
        }
    }

    /// What emit and check cannot honour yet, and overrides naming no loaded contract (exit 2).
    func checkLayout(for contracts: [Contract]) throws {
        guard let config else { return }
        var errors: [Diagnostic] = []
        let names = Set(contracts.map(\.name)) .union(companionNames)
        for (name, location) in config.overrideLocations.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            let hint = closestMatch(to: name, in: names.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            errors.append(.error("contracts: no schema defines contract '\(name)'\(hint)", at: location))
        }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
    }

    /// The names of every contract of the configured schemas (so `--schema one.yaml` does not
    /// condemn another contract's override).
    var companionNames: Set<String> {
        guard let config, let paths = try? configuredSchemaPaths(config) else { return [] }
        return Set(paths.compactMap { try? loadContracts([$0]).first?.name })
    }

    /// The testee builder, reading the generated files where the layout puts them.
    func testeeBuilder() throws -> TesteeBuilder {
        var builder = TesteeBuilder(root: root, log: { [io] message in io.err(message + "\n") })
        if config != nil {
            builder.layout = TesteeSources(contracts: try loadContracts(try schemaPaths([])), layout: layout)
        }
        return builder
    }
}
