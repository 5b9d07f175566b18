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
    /// The mutated line's text, trimmed, every run of white space one space.
    public var lineText: String
    /// Set when the file has another mutant with this same line text and change (two identical
    /// lines, or two identical changes on one line): the declaration holding the line
    /// (DeclarationScopes), and which of that declaration's such mutants this is, 1-based.
    public var scope: (name: String, occurrence: Int)?

    public init(file: String, line: Int, site: MutationSite, lineText: String = "", scope: (name: String, occurrence: Int)? = nil) {
        self.file = file
        self.line = line
        self.site = site
        self.lineText = lineText
        self.scope = scope
    }

    /// Stable while the file does not change: `operator@offset:replacement`.
    public var id: String { "\(site.mutationOperator)@\(site.range.lowerBound):\(site.replacement)" }
    /// `contract-runtime.ts: '<' → '<=' in «while (i < n) {»`: the key of the equivalent lists.
    /// It names the line by its text, not its number (after Stryker's incremental mode, which keys
    /// mutants by content), so an edit elsewhere in the file does not make an entry stale; an
    /// edit of the line itself does, which is right: the reason must then be re-checked.
    public var key: String { Self.key(file: (file as NSString).lastPathComponent, rest: "\(site.description)\(context)") }
    /// The key with the line number after the file name (`contract-runtime.ts:412: …`), the form
    /// of the report; an equivalent list may hold either (the number is only a hint).
    public var label: String { Self.key(file: "\((file as NSString).lastPathComponent):\(line)", rest: "\(site.description)\(context)") }

    var context: String {
        (lineText.isEmpty ? "" : " in «\(lineText)»") + (scope.map { " (in \($0.name)\($0.occurrence > 1 ? " #\($0.occurrence)" : ""))" } ?? "")
    }

    static func key(file: String, rest: String) -> String { "\(file): \(rest)" }

    /// `file:412: rest` → `file: rest`: the key an entry of an equivalent list names.
    static func key(ofLabel label: String) -> String {
        guard let colon = label.firstIndex(of: ":") else { return label }
        var index = label.index(after: colon)
        var digits = 0
        while index < label.endIndex, label[index].isASCII, label[index].isNumber { index = label.index(after: index); digits += 1 }
        guard digits > 0, index < label.endIndex, label[index] == ":" else { return label }
        return String(label[..<colon]) + String(label[index...])
    }

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
            let comments = CodeMask(bytes, language: language).isComment
            let scopes = DeclarationScopes.names(of: bytes, language: language, lineStarts: lineStarts)
            var fileMutants: [Mutant] = []
            for site in MutationOperators.sites(in: bytes, language: language) {
                let number = line(of: site.range.lowerBound, in: lineStarts)
                let end = number < lineStarts.count ? lineStarts[number] : bytes.count
                let text = normalizedLine((lineStarts[number - 1]..<end).filter { !comments[$0] }.map { bytes[$0] })
                fileMutants.append(Mutant(file: file, line: number, site: site, lineText: text))
            }
            // Only a change on a text the file holds more than once names its declaration.
            var sameKey: [String: Int] = [:]
            for mutant in fileMutants { sameKey[mutant.key, default: 0] += 1 }
            var inScope: [String: Int] = [:]
            for var mutant in fileMutants {
                if sameKey[mutant.key, default: 0] > 1 {
                    let name = scopes[mutant.line - 1]
                    let occurrence = inScope[mutant.key + "\u{0}" + name, default: 0] + 1
                    inScope[mutant.key + "\u{0}" + name] = occurrence
                    mutant.scope = (name, occurrence)
                }
                mutants.append(mutant)
            }
        }
        return MutantCatalogue(language: language, mutants: mutants, fileHashes: hashes)
    }

    /// A line's text without its comments, trimmed, every run of white space one space (so
    /// re-indenting or re-wording a comment keeps keys, and an entry's `  # ` reason separator can
    /// never occur inside a key).
    static func normalizedLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .joined(separator: " ")
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

/// mutation/equivalent-<lang>.txt and mutation/unreachable-<lang>.txt: `file: change in «line»
/// [(in declaration [#k])]  # reason` (or the report's `file:line: …`, the number ignored), one per line. Equivalent:
/// no input can change any result. Unreachable: a real bug no golden case can show, because the
/// testee protocol never reaches that code (reported apart, never silently dropped from view). A
/// mutant is listed only with a written reason; a line without one is an error.
public struct EquivalentMutants: Sendable {
    /// Key → reason.
    public var reasons: [String: String] = [:]
    public var unreachable: [String: String] = [:]
    public var errors: [String] = []
    /// Each entry's key and where it is written (`equivalent-typescript.txt:12`), for stale entries.
    public var entries: [(key: String, place: String)] = []

    public init() {}

    public static func path(root: String, language: Language) -> String {
        root + "/mutation/equivalent-\(language.rawValue).txt"
    }

    public static func unreachablePath(root: String, language: Language) -> String {
        root + "/mutation/unreachable-\(language.rawValue).txt"
    }

    public static func load(root: String, language: Language) -> EquivalentMutants {
        var result = EquivalentMutants()
        result.read(path(root: root, language: language), into: \.reasons)
        result.read(unreachablePath(root: root, language: language), into: \.unreachable)
        return result
    }

    mutating func read(_ path: String, into table: WritableKeyPath<EquivalentMutants, [String: String]>) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let name = (path as NSString).lastPathComponent
        for (number, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let hash = line.range(of: "  # ") else {
                errors.append("\(name):\(number + 1): no `  # reason`")
                continue
            }
            let key = Mutant.key(ofLabel: line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces))
            let reason = line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
            if reason.isEmpty { errors.append("\(name):\(number + 1): empty reason"); continue }
            if reasons[key] != nil || unreachable[key] != nil { errors.append("\(name):\(number + 1): listed twice: \(key)"); continue }
            self[keyPath: table][key] = reason
            entries.append((key, "\(name):\(number + 1)"))
        }
    }

    /// Entries that name no mutant of `catalogue` (only entries of the catalogue's files count, so
    /// a `--file` run does not call the other files' entries stale): the line changed or went.
    public func stale(in catalogue: MutantCatalogue) -> [String] {
        let keys = Set(catalogue.mutants.map(\.key))
        let files = Set(catalogue.mutants.map { ($0.file as NSString).lastPathComponent })
        return entries.filter { entry in
            guard let colon = entry.key.firstIndex(of: ":") else { return true }
            return files.contains(String(entry.key[..<colon])) && !keys.contains(entry.key)
        }.map { "\($0.place): matches no mutant: \($0.key)" }
    }
}
