/// The whole pipeline, stage by stage: schema files → validated contracts → generated files →
/// (atomically) the file system. `emit` and `check` both go through `generate`, so what `check`
/// compares is exactly what `emit` would write.
import Foundation

public enum GeneratorPipeline {
    /// What to generate.
    public struct Options: Sendable {
        public var languages: [Language]
        public var golden: Bool
        /// Overrides every contract's Kotlin package (`--kotlin-package`).
        public var kotlinPackage: String?
        /// The contracts the shared testee files serve, when more than the ones generated: with
        /// `--schema one.yaml` the testees must keep serving the repository's other contracts.
        public var testeeContracts: [Contract]?
        /// Where the files go and the settings of contract-gen.yaml (default: generated/, golden/).
        public var layout: ProjectLayout

        public init(languages: [Language], golden: Bool, kotlinPackage: String? = nil, testeeContracts: [Contract]? = nil,
                    layout: ProjectLayout = .default) {
            self.languages = languages
            self.golden = golden
            self.kotlinPackage = kotlinPackage
            self.testeeContracts = testeeContracts
            self.layout = layout
        }
    }

    /// `contracts`: every contract whose files the emitter writes, for the TypeScript import paths.
    public static func emitter(for language: Language, kotlinPackage: String? = nil, layout: ProjectLayout = .default,
                               contracts: [Contract] = []) -> any LanguageEmitter {
        switch language {
        case .swift: return SwiftEmitter(access: layout.swiftAccess)
        case .kotlin: return KotlinEmitter(packageOverride: kotlinPackage, runtimePackage: layout.kotlinRuntimePackage)
        case .typescript:
            var emitter = TypeScriptEmitter()
            emitter.imports = layout.typeScriptImports(contracts)
            return emitter
        }
    }

    /// Stage 4: every file for the given contracts, in a fixed order (deterministic output).
    public static func generate(_ contracts: [Contract], options: Options) -> [GeneratedFile] {
        let ordered = contracts.sorted { $0.name < $1.name }
        let served = (options.testeeContracts ?? contracts).sorted { $0.name < $1.name }
        var files: [GeneratedFile] = []
        let layout = options.layout
        for language in options.languages {
            let emitter = emitter(for: language, kotlinPackage: options.kotlinPackage, layout: layout, contracts: served + ordered)
            files.append(layout.place(emitter.runtimeFile(), .runtime(language)))
            for contract in ordered { files.append(layout.place(emitter.contractFile(contract), .contract(contract, language))) }
            files += emitter.testeeFiles(served).map { layout.place($0, .testee(language)) }
        }
        if options.golden {
            for contract in ordered { files += GoldenEmitter().files(contract).map { layout.place($0, .golden) } }
        }
        return files
    }

    /// Source files an earlier emit of these contracts wrote that this one no longer writes (a
    /// renamed namespace, module or package): files of the emitted languages, in the layout's
    /// directories, whose generated header names exactly one of these contracts' schemas as
    /// their source. `emit` deletes them; a file of another contract, a testee of several, or
    /// any file without the header is never touched.
    public static func staleSourceFiles(_ contracts: [Contract], generated: [GeneratedFile], languages: [Language],
                                        root: String, layout: ProjectLayout) -> [String] {
        let current = Set(generated.map(\.path))
        let sources = contracts.map(\.sourcePath)
        let extensions = Set(languages.map { language -> String in
            switch language {
            case .swift: return ".swift"
            case .kotlin: return ".kt"
            case .typescript: return ".ts"
            }
        })
        let directories = layout == .default ? ["generated/swift", "generated/kotlin", "generated/typescript"] : layout.generatedDirectories
        var stale: Set<String> = []
        for directory in directories {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { continue }
            while let item = enumerator.nextObject() as? String {
                let path = ProjectLayout.join(directory, item)
                guard !current.contains(path), extensions.contains(where: { item.hasSuffix($0) }),
                      let head = head(root + "/" + path), sources.contains(where: { GeneratedHeader.namesOnlySource($0, head: head) }) else { continue }
                stale.insert(path)
            }
        }
        return stale.sorted()
    }

    /// A file's first 4 KiB as text (enough for its header), or nil when it cannot be read.
    static func head(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
    }

    /// Generated goldens that exist on disk but are no longer generated (a field was removed):
    /// `emit` deletes them, `check` reports them.
    public static func staleGoldenFiles(_ contracts: [Contract], generated: [GeneratedFile], root: String,
                                        goldenDirectory: String = "golden") -> [String] {
        let current = Set(generated.map(\.path))
        var stale: [String] = []
        for contract in contracts {
            let directory = ProjectLayout.join(goldenDirectory, contract.name)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []
            for name in names.sorted() where name.hasPrefix(GoldenEmitter.generatedPrefix) && name.hasSuffix(".json") {
                let path = "\(directory)/\(name)"
                if !current.contains(path) { stale.append(path) }
            }
        }
        return stale
    }
}

/// Writes files atomically one by one: each goes to a temporary file beside its target, then is
/// renamed over it, so a reader (or a crash) never sees a half-written file. For single files
/// (reports, expected-failure lists); `emit` uses `StagedEmit`, which is atomic as a whole.
public enum AtomicFileWriter {
    /// Writes a file piece by piece (a report of many megabytes is never one string in memory) into
    /// a temporary beside it, renamed over the target when complete: readers see the old file or
    /// the whole new one. If `body` throws, the temporary is removed and the target left as it was.
    public static func stream(to path: String, _ body: (_ write: (String) throws -> Void) throws -> Void) throws {
        let target = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(temporary.path)"])
        }
        var pending = Data()
        do {
            try body { text in
                pending.append(contentsOf: text.utf8)
                if pending.count >= 1 << 20 {
                    try handle.write(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: pending)
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        if rename(temporary.path, target.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename onto \(path): \(String(cString: strerror(code)))"])
        }
    }

    public static func write(_ files: [GeneratedFile], root: String) throws {
        let manager = FileManager.default
        for file in files {
            let target = URL(fileURLWithPath: root).appendingPathComponent(file.path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = Data(file.contents.utf8)
            // Unchanged files are not rewritten: timestamps stay, incremental builds stay warm.
            if let existing = try? Data(contentsOf: target), existing == data { continue }
            let temporary = target.deletingLastPathComponent()
                .appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())")
            try data.write(to: temporary)
            if rename(temporary.path, target.path) != 0 {
                let code = errno
                try? manager.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename onto \(file.path): \(String(cString: strerror(code)))"])
            }
        }
    }
}
