/// The mutants of one language: every operator site in its generated runtime and contract files
/// (not the testee harness, which is test code), in a fixed order, with a stable id, and the
/// documented equivalent mutants (mutation/equivalent-<lang>.txt).
import Foundation

/// One mutant: a file of the generated code with one site mutated.
public struct Mutant: Sendable {
    /// Path relative to the repository root, e.g. `generated/typescript/contract-runtime.ts`.
    public var file: String
    public var line: Int
    public var site: MutationSite
    /// Stable while the file does not change: `operator@offset:replacement`.
    public var id: String { "\(site.mutationOperator)@\(site.range.lowerBound):\(site.replacement)" }
    /// `contract-runtime.ts:412: '<' → '<='`, the form of the report and the equivalent list.
    public var label: String { "\((file as NSString).lastPathComponent):\(line): \(site.description)" }

    public func apply(to bytes: [UInt8]) -> [UInt8] {
        Array(bytes[..<site.range.lowerBound]) + Array(site.replacement.utf8) + Array(bytes[site.range.upperBound...])
    }
}

public struct MutantCatalogue: Sendable {
    public var language: Language
    public var mutants: [Mutant]
    /// Content hash of each file, for the incremental cache.
    public var fileHashes: [String: String]

    /// The directory holding a language's generated files, and the harness files never mutated.
    static func sourceDirectory(_ language: Language) -> (directory: String, ext: String, harness: Set<String>) {
        switch language {
        case .swift: return ("generated/swift/Contracts", "swift", [])
        case .kotlin: return ("generated/kotlin", "kt", ["Testee.kt", "TesteeSupport.kt"])
        case .typescript: return ("generated/typescript", "ts", ["testee.ts", "testee-support.ts"])
        }
    }

    /// Test-harness code, never shipped in an app, so never mutated: the dispatch, its support
    /// file and the observations (Swift keeps all of them in Testee/, outside the directory).
    static func isHarness(_ name: String, _ language: Language) -> Bool {
        sourceDirectory(language).harness.contains(name) || name.hasSuffix("Observation.kt") || name.hasSuffix("-observation.ts")
    }

    /// The generated files of `language` under `root` that are mutated, relative and sorted.
    public static func files(root: String, language: Language) -> [String] {
        let (directory, ext, _) = sourceDirectory(language)
        guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + directory) else { return [] }
        var files: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.hasSuffix("." + ext), !isHarness((item as NSString).lastPathComponent, language) {
                files.append(directory + "/" + item)
            }
        }
        return files.sorted()
    }

    /// All mutants of the language, optionally only of files whose path ends with `fileFilter`.
    public static func build(root: String, language: Language, fileFilter: String? = nil) -> MutantCatalogue {
        var mutants: [Mutant] = []
        var hashes: [String: String] = [:]
        for file in files(root: root, language: language) {
            if let fileFilter, !file.hasSuffix(fileFilter) { continue }
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else { continue }
            let bytes = [UInt8](data)
            hashes[file] = String(SHA256.hex(bytes).prefix(20))
            let lineStarts = lineStartOffsets(bytes)
            for site in MutationOperators.sites(in: bytes, language: language) {
                mutants.append(Mutant(file: file, line: line(of: site.range.lowerBound, in: lineStarts), site: site))
            }
        }
        return MutantCatalogue(language: language, mutants: mutants, fileHashes: hashes)
    }

    static func lineStartOffsets(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        return starts
    }

    /// 1-based line of a byte offset (binary search over line starts).
    static func line(of offset: Int, in starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// A seeded, reproducible choice of `count` mutants, kept in catalogue order.
    public func sample(_ count: Int, seed: UInt64) -> [Mutant] {
        guard count < mutants.count else { return mutants }
        var random = SeededRandom(seed: seed)
        var indices = Array(mutants.indices)
        for index in 0..<count {
            let pick = index + Int(random.next() % UInt64(indices.count - index))
            indices.swapAt(index, pick)
        }
        return indices.prefix(count).sorted().map { mutants[$0] }
    }
}

/// mutation/equivalent-<lang>.txt: `file:line: description  # reason`, one per line. A mutant is
/// only equivalent with a written reason; a line without one is an error, not silently honoured.
public struct EquivalentMutants: Sendable {
    public var reasons: [String: String] = [:]
    public var errors: [String] = []

    public static func path(root: String, language: Language) -> String {
        root + "/mutation/equivalent-\(language.rawValue).txt"
    }

    public static func load(root: String, language: Language) -> EquivalentMutants {
        var result = EquivalentMutants()
        guard let data = FileManager.default.contents(atPath: path(root: root, language: language)) else { return result }
        for (number, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let hash = line.range(of: "  # ") else {
                result.errors.append("equivalent-\(language.rawValue).txt:\(number + 1): no `  # reason`")
                continue
            }
            let label = line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces)
            let reason = line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
            if reason.isEmpty { result.errors.append("equivalent-\(language.rawValue).txt:\(number + 1): empty reason"); continue }
            result.reasons[label] = reason
        }
        return result
    }
}
