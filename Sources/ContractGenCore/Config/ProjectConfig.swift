/// contract-gen.yaml as read: the layout it describes, where the schemas are, and where each
/// per-contract override was written (a contract name is checked once the schemas are loaded).

public struct ProjectConfig: Sendable {
    /// The schema files: every *.yaml / *.yml in a directory, or a list of files.
    public enum Schemas: Sendable, Equatable {
        case directory(String)
        case files([String])
    }

    /// The config file's path as found (for messages and locations).
    public var file: String
    /// The directory every path in the file is relative to.
    public var directory: String
    public var schemas: Schemas = .directory("schema")
    public var layout: ProjectLayout = .default
    /// Contract name → where its override was written.
    public var overrideLocations: [String: SourceLocation] = [:]

    public static let fileName = "contract-gen.yaml"
}
