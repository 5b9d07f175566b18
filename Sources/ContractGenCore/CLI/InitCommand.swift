/// `contract-gen init`: writes a commented contract-gen.yaml in the current directory and, when
/// there is no schema yet, a commented starter schema, so the next documented commands (`emit`,
/// `check`, `conform`) work at once; the user edits or replaces it (it says so at its top).
import Foundation

extension ContractGenCommand {
    static let initHelp = """
    contract-gen init [--force]

      Writes contract-gen.yaml in the current directory: every key, set to the default layout
      (generated/, golden/), with a comment each (docs/config.md). When schema/ holds no schema,
      also writes schema/my-widget.yaml, a commented starter contract to make your own
      (docs/schema.md). Edit the paths to your app's directories, then run
      `contract-gen emit --lang all`.
      --force              overwrite an existing contract-gen.yaml (never a schema)
    """

    func initProject(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec(name: "init", valueOptions: [], flags: ["force"]).parse(arguments)
        let file = path(ProjectConfig.fileName)
        if FileManager.default.fileExists(atPath: file), !parsed.has("force") {
            io.err("error: \(ProjectConfig.fileName) already exists; give --force to overwrite it\n")
            return ExitCode.usage
        }
        for target in [ProjectConfig.fileName, InitTemplate.starterSchemaPath] {
            if let problem = ProjectPaths.linkEscape(target, root: root) { throw UsageError("init: \(problem)") }
        }
        try AtomicFileWriter.write([GeneratedFile(path: ProjectConfig.fileName, contents: InitTemplate.text)], root: root)
        io.err("wrote \(ProjectConfig.fileName)\n")
        if (try? configuredSchemaPaths(ConfigLocator.load(file))) == nil, !FileManager.default.fileExists(atPath: path(InitTemplate.starterSchemaPath)) {
            try AtomicFileWriter.write([GeneratedFile(path: InitTemplate.starterSchemaPath, contents: InitTemplate.starterSchema)], root: root)
            io.err("wrote \(InitTemplate.starterSchemaPath), a starter contract: make it yours (docs/schema.md), then run `contract-gen emit --lang all`\n")
        }
        return ExitCode.success
    }
}
