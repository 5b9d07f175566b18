/// Swift mutants built incrementally: swiftc compiling every generated file again is most of a
/// Swift mutant's cost, and a mutant changes one file. So the unmutated code is compiled once in
/// the driver's incremental mode (same flags as `conform`, one object file per source); each
/// mutant starts from a copy of those objects and their dependency records, and the driver
/// recompiles the mutated file, then every file that depends on what its change touched, and
/// links. The driver takes an input whose modification time is the recorded one as unchanged,
/// and hashes the others (`-enable-incremental-file-hashing`): so the sources are dated
/// 2000-01-01 before the unmutated build, a mutant's write (dated now) is always seen, even
/// within the file system's timestamp granularity of that build, and a file restored after its
/// mutant hashes as unchanged for the next.
import Foundation

struct SwiftIncrementalBuild: IncrementalMutantBuild {
    /// The unmutated build: objects, dependency records, output file map and testee.
    var base: String
    /// Where every build runs: the output file map names paths here.
    var work: String
    var files: [String]
    var optimization: String
    var run: ([String]) -> String?

    static func arguments(files: [String], work: String, optimization: String) -> [String] {
        ["swiftc", optimization] + TesteeBuilder.swiftFlags
            + ["-incremental", "-enable-incremental-file-hashing", "-output-file-map", work + "/output-file-map.json",
               "-o", work + "/testee"] + files
    }

    /// One object and dependency file per source (names made unique by their index), and the
    /// module's build record.
    static func outputFileMap(files: [String], work: String) -> JSONValue {
        var entries: [(String, JSONValue)] = [("", .object([("swift-dependencies", .string(work + "/module.swiftdeps"))]))]
        for (index, file) in files.enumerated() {
            let stem = work + "/\(index)-" + (file as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            entries.append((file, .object([("object", .string(stem + ".o")), ("swift-dependencies", .string(stem + ".swiftdeps"))])))
        }
        return .object(entries)
    }

    /// Compiles `files` into `<scratch>/swift-incremental` and keeps a copy as the base; nil (full
    /// builds only) when that fails.
    static func prepare(scratch: String, files: [String], optimization: String,
                        run: @escaping ([String]) -> String?) -> SwiftIncrementalBuild? {
        guard TesteeBuilder.which("swiftc") != nil, !files.isEmpty else { return nil }
        let work = scratch + "/swift-incremental", base = scratch + "/swift-incremental-base"
        try? FileManager.default.removeItem(atPath: work)
        try? FileManager.default.removeItem(atPath: base)
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try Data(outputFileMap(files: files, work: work).serialized().utf8)
                .write(to: URL(fileURLWithPath: work + "/output-file-map.json"))
            for file in files {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 946_684_800)], ofItemAtPath: file)
            }
        } catch { return nil }
        guard run(arguments(files: files, work: work, optimization: optimization)) == nil,
              (try? FileManager.default.copyItem(atPath: work, toPath: base)) != nil else { return nil }
        return SwiftIncrementalBuild(base: base, work: work, files: files, optimization: optimization, run: run)
    }

    var baseCommand: [String] { [base + "/testee"] }

    func build() -> Result<[String], MutantBuildFailure> {
        try? FileManager.default.removeItem(atPath: work)
        do {
            try FileManager.default.copyItem(atPath: base, toPath: work)
        } catch {
            return .failure(.infrastructure("cannot copy the unmutated Swift build: \(error)"))
        }
        if let failure = run(Self.arguments(files: files, work: work, optimization: optimization)) {
            return .failure(.compiler("Swift testee does not compile:\n" + failure))
        }
        return .success([work + "/testee"])
    }
}
