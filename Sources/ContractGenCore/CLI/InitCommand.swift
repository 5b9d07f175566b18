/// `contract-gen init`: writes a commented contract-gen.yaml in the current directory. It writes
/// no starter schema: a placeholder contract would end up in an app's generated code; the
/// message points to docs/schema.md instead.
import Foundation

extension ContractGenCommand {
    static let initHelp = """
    contract-gen init [--force]

      Writes contract-gen.yaml in the current directory: every key, set to the default layout
      (generated/, golden/), with a comment each (docs/config.md). Edit the paths to your
      app's directories, then run `contract-gen emit --lang all`.
      --force              overwrite an existing contract-gen.yaml
    """

    func initProject(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec(name: "init", valueOptions: [], flags: ["force"]).parse(arguments)
        let file = path(ProjectConfig.fileName)
        if FileManager.default.fileExists(atPath: file), !parsed.has("force") {
            io.err("error: \(ProjectConfig.fileName) already exists; give --force to overwrite it\n")
            return ExitCode.usage
        }
        try AtomicFileWriter.write([GeneratedFile(path: ProjectConfig.fileName, contents: InitTemplate.text)], root: root)
        io.err("wrote \(ProjectConfig.fileName)\n")
        if (try? configuredSchemaPaths(ConfigLocator.load(file))) == nil {
            io.err("no schema in schema/ yet: write one (docs/schema.md) or point `schemas:` at yours\n")
        }
        return ExitCode.success
    }
}
