/// Finds contract-gen.yaml the way git finds .git: in the working directory or the nearest
/// directory above it, so `contract-gen emit` works from anywhere inside an app repository.
/// The search ends at the repository's root (the directory holding `.git`): a checkout of
/// contract-gen itself inside an app repository must not pick up the app's file.
import Foundation

enum ConfigLocator {
    /// The config file's path, or nil when no directory from `start` up to `/` has one.
    static func find(from start: String) -> String? {
        var directory = URL(fileURLWithPath: start).standardizedFileURL.path
        while true {
            let candidate = (directory == "/" ? "" : directory) + "/" + ProjectConfig.fileName
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard directory != "/", !directory.isEmpty, !FileManager.default.fileExists(atPath: directory + "/.git") else { return nil }
            directory = (directory as NSString).deletingLastPathComponent
        }
    }

    /// Reads and parses a config file; unreadable or invalid is a located error (exit 2).
    static func load(_ file: String) throws(DiagnosticsError) -> ProjectConfig {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw DiagnosticsError([.error("cannot read the config file as UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        return try ConfigParser.parse(text: text, file: file, directory: (file as NSString).deletingLastPathComponent)
    }
}
