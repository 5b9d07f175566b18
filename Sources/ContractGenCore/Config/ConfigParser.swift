/// contract-gen.yaml → `ProjectConfig`, through the schema's libyaml loader: every key known,
/// every value checked, each problem reported at file:line:col (exit 2), never ignored.
import Foundation

enum ConfigParser {
    static let topKeys = ["schemas", "swift", "kotlin", "typescript", "goldens", "testees", "contracts"]
    static let languageKeys: [Language: [String]] = [
        .swift: ["out", "access"], .kotlin: ["out", "runtime-package"], .typescript: ["out", "module"],
    ]

    static func parse(text: String, file: String, directory: String) throws(DiagnosticsError) -> ProjectConfig {
        var config = ProjectConfig(file: file, directory: directory)
        // Only comments (or nothing): every default; the YAML loader would call it an empty schema.
        let blank = text.split(separator: "\n").allSatisfy { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
        if blank { return config }
        let node = try YAMLDocumentLoader.load(text: text, file: file)
        var errors: [Diagnostic] = []
        guard case .mapping(let entries, _) = node else {
            if case .scalar(let scalar) = node, scalar.isNull { return config }   // an empty file: every default
            throw DiagnosticsError([.error("contract-gen.yaml must be a mapping of keys (see docs/config.md), not \(node.kindName)", at: node.location)])
        }
        for (key, value) in entries {
            do throws(DiagnosticsError) {
                switch key.value {
                case "schemas": config.schemas = try schemas(value)
                case "goldens": config.layout.goldenDirectory = try ConfigPath.directory(value)
                case "testees": config.layout.testeeDirectory = try testees(value)
                case "contracts": try contracts(value, into: &config)
                case "swift", "kotlin", "typescript": try languageSection(Language(rawValue: key.value)!, value, into: &config)
                default: throw unknownKey(key, known: topKeys)
                }
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticsError(errors) }
        return config
    }

    static func unknownKey(_ key: YAMLScalar, known: [String]) -> DiagnosticsError {
        let hint = closestMatch(to: key.value, in: known).map { " (did you mean '\($0)'?)" } ?? ""
        return DiagnosticsError([.error("unknown key '\(key.value)'\(hint); expected one of \(known.joined(separator: ", "))", at: key.location)])
    }

    static func mapping(_ node: YAMLNode, _ what: String) throws(DiagnosticsError) -> [(key: YAMLScalar, value: YAMLNode)] {
        guard case .mapping(let entries, _) = node else {
            throw DiagnosticsError([.error("\(what) must be a mapping, not \(node.kindName)", at: node.location)])
        }
        return entries
    }

    static func scalar(_ node: YAMLNode, _ what: String) throws(DiagnosticsError) -> YAMLScalar {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            throw DiagnosticsError([.error("\(what) needs a value", at: node.location)])
        }
        return scalar
    }

    static func schemas(_ node: YAMLNode) throws(DiagnosticsError) -> ProjectConfig.Schemas {
        if case .sequence(let items, let location) = node {
            guard !items.isEmpty else { throw DiagnosticsError([.error("schemas: the list is empty", at: location)]) }
            var files: [String] = []
            for item in items { files.append(try ConfigPath.file(item)) }
            return .files(files)
        }
        return .directory(try ConfigPath.directory(node))
    }

    static func testees(_ node: YAMLNode) throws(DiagnosticsError) -> [Language: String] {
        if case .scalar = node { return ProjectLayout.testeeDirectories(under: try ConfigPath.directory(node)) }
        var directories = ProjectLayout.default.testeeDirectory
        for (key, value) in try mapping(node, "testees") {
            guard let language = Language(rawValue: key.value) else { throw unknownKey(key, known: Language.allCases.map(\.rawValue)) }
            directories[language] = try ConfigPath.directory(value)
        }
        return directories
    }

    static func contracts(_ node: YAMLNode, into config: inout ProjectConfig) throws(DiagnosticsError) {
        for (name, value) in try mapping(node, "contracts") {
            var directories: [Language: String] = [:]
            for (key, directory) in try mapping(value, "contracts: '\(name.value)'") {
                guard let language = Language(rawValue: key.value) else { throw unknownKey(key, known: Language.allCases.map(\.rawValue)) }
                directories[language] = try ConfigPath.directory(directory)
            }
            config.layout.contractDirectory[name.value] = directories
            config.overrideLocations[name.value] = name.location
        }
    }

    static func languageSection(_ language: Language, _ node: YAMLNode, into config: inout ProjectConfig) throws(DiagnosticsError) {
        for (key, value) in try mapping(node, language.rawValue) {
            switch (language, key.value) {
            case (_, "out"): config.layout.appDirectory[language] = try ConfigPath.directory(value)
            case (.swift, "access"):
                let text = try scalar(value, "swift: access")
                guard let access = SwiftAccessLevel(rawValue: text.value) else {
                    throw DiagnosticsError([.error("swift: access must be public or internal, not '\(text.value)'", at: text.location)])
                }
                config.layout.swiftAccess = access
            case (.kotlin, "runtime-package"):
                let text = try scalar(value, "kotlin: runtime-package")
                if let problem = SchemaValidator.kotlinPackageProblem(text.value) {
                    throw DiagnosticsError([.error("kotlin: runtime-package: " + problem, at: text.location)])
                }
                config.layout.kotlinRuntimePackage = text.value
            case (.typescript, "module"):
                let text = try scalar(value, "typescript: module")
                guard let style = TypeScriptModuleStyle(rawValue: text.value) else {
                    throw DiagnosticsError([.error("typescript: module must be esm or commonjs, not '\(text.value)'", at: text.location)])
                }
                config.layout.typeScriptModuleStyle = style
            default: throw unknownKey(key, known: languageKeys[language]!)
            }
        }
    }
}
