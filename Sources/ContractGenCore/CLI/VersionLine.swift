/// What `contract-gen --version` prints: the version and the commit the binary was built from.
/// Only a release build knows its commit (scripts/release.sh embeds it from the tree it exports
/// from git); any other build says so rather than guess from a work tree that may differ.
enum VersionLine {
    /// `contract-gen 0.3.0 (4bbc53cb1c2d)` or `contract-gen 0.3.0 (commit unknown)`.
    static func text(version: String = contractGenVersion, commit: String? = BuildCommit.value) -> String {
        "contract-gen \(version) (\(commit.map { String($0.prefix(12)) } ?? "commit unknown"))"
    }
}
