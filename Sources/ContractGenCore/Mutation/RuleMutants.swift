/// mutation/catalogue/<target>.yaml: rule-level mutants, each the plausible wrong implementation of
/// one rule of mutation/rules.yaml (a rule half implemented, a boundary off by one, a platform
/// shortcut), written by hand as an exact text to find in one generated file and its replacement.
/// The generated contract files stand for their renderer: a renderer bug is the contract file
/// the renderer would have written. The golden emitter's mutants (target `golden-emitter`) are
/// omissions and moved boundaries in Sources/ContractGenCore/Fixtures, judged by RuleCoverage.
///
/// A `find` must occur exactly once in its file. One that does not (the code changed under it) is
/// stale: reported with the entry's place, and `mutate --catalogue` stops with exit 2 before it
/// runs anything, so no mutant is ever silently skipped.
import Foundation

/// What a catalogue mutates: a language's generated code, or the golden emitter.
public enum CatalogueTarget: String, CaseIterable, Sendable {
    case swift, kotlin, typescript
    case goldenEmitter = "golden-emitter"

    public var language: Language? { Language(rawValue: rawValue) }

    public var displayName: String { language?.displayName ?? "golden emitter" }

    public static func path(root: String, _ target: CatalogueTarget) -> String {
        root + "/mutation/catalogue/\(target.rawValue).yaml"
    }

    /// Whether a mutant of this target may patch `file` (relative to the root), given the files
    /// of the target's language (`MutantCatalogue.files`: generated code, never the testee harness).
    func allows(_ file: String, languageFiles: Set<String>) -> Bool {
        if language != nil { return languageFiles.contains(file) }
        return file.hasPrefix("Sources/ContractGenCore/Fixtures/") && file.hasSuffix(".swift")
    }
}

/// One entry of a catalogue.
public struct RuleMutant: Sendable {
    public var id: String
    /// The rule (mutation/rules.yaml) this mutant implements wrongly.
    public var rule: String
    public var target: CatalogueTarget
    public var file: String
    public var find: String
    public var replace: String
    /// The bug it stands for, and why an engineer could write it.
    public var why: String
    /// Set when no input can tell the mutant from the code: the argument, written out.
    public var equivalent: String?
    public var location: SourceLocation
}

/// A catalogue entry whose `find` does not occur exactly once: it must be re-anchored.
public struct StaleMutant: Sendable, CustomStringConvertible {
    public var mutant: RuleMutant
    public var problem: String
    public var description: String { "\(mutant.location): \(mutant.id): \(problem)" }
}

public struct RuleMutantCatalogue: Sendable {
    public var mutants: [RuleMutant]

    /// Every target's catalogue (a missing file is an empty catalogue); ids are unique across all.
    public static func load(root: String, rules: RuleCatalogue, targets: [CatalogueTarget] = CatalogueTarget.allCases) throws(DiagnosticsError) -> RuleMutantCatalogue {
        var mutants: [RuleMutant] = []
        var diagnostics: [Diagnostic] = []
        for target in targets {
            let file = CatalogueTarget.path(root: root, target)
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            do {
                mutants += try parse(String(decoding: data, as: UTF8.self), file: "mutation/catalogue/\(target.rawValue).yaml",
                                     target: target, rules: rules, root: root)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        var seen: [String: SourceLocation] = [:]
        for mutant in mutants {
            if let first = seen[mutant.id] { diagnostics.append(.error("mutant \(mutant.id) is listed twice (first at \(first))", at: mutant.location)) }
            seen[mutant.id] = mutant.location
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return RuleMutantCatalogue(mutants: mutants)
    }

    static func parse(_ text: String, file: String, target: CatalogueTarget, rules: RuleCatalogue, root: String) throws(DiagnosticsError) -> [RuleMutant] {
        let node = try YAMLDocumentLoader.load(text: text, file: file)
        var reader = CatalogueYAML(file: file)
        var result: [RuleMutant] = []
        let languageFiles = Set(target.language.map { MutantCatalogue.files(root: root, language: $0) } ?? [])
        for item in reader.sequence(node) {
            let fields = reader.mapping(item, keys: ["id", "rule", "file", "find", "replace", "why", "equivalent"],
                                        required: ["id", "rule", "file", "find", "replace", "why"])
            let mutant = RuleMutant(id: reader.text(fields["id"]), rule: reader.text(fields["rule"]), target: target,
                                    file: reader.text(fields["file"]), find: reader.text(fields["find"]), replace: reader.text(fields["replace"]),
                                    why: reader.text(fields["why"]), equivalent: fields["equivalent"].map { reader.text($0) },
                                    location: item.location)
            if let rule = rules.rule(mutant.rule) {
                if let language = target.language, !rule.languages.contains(language) {
                    reader.error("mutant \(mutant.id): rule \(rule.id) is not carried by \(language.displayName) (its `languages`)", item)
                }
            } else {
                reader.error("mutant \(mutant.id): unknown rule '\(mutant.rule)'", item)
            }
            if !target.allows(mutant.file, languageFiles: languageFiles) {
                reader.error("mutant \(mutant.id): '\(mutant.file)' is not a file a \(target.displayName) mutant may patch", item)
            }
            if mutant.find.isEmpty || mutant.find == mutant.replace { reader.error("mutant \(mutant.id): `find` must be non-empty text that `replace` changes", item) }
            if mutant.why.trimmingCharacters(in: .whitespaces).isEmpty { reader.error("mutant \(mutant.id): `why` may not be empty", item) }
            if let reason = mutant.equivalent, reason.trimmingCharacters(in: .whitespaces).isEmpty {
                reader.error("mutant \(mutant.id): `equivalent` needs its argument", item)
            }
            result.append(mutant)
        }
        if !reader.diagnostics.isEmpty { throw DiagnosticsError(reader.diagnostics) }
        return result
    }

    /// Each mutant as a `Mutant` the runner builds, or stale when its `find` is not there exactly once.
    public func resolve(root: String, _ chosen: [RuleMutant]) -> (mutants: [(RuleMutant, Mutant)], stale: [StaleMutant]) {
        var resolved: [(RuleMutant, Mutant)] = []
        var stale: [StaleMutant] = []
        var files: [String: [UInt8]] = [:]
        for entry in chosen {
            if files[entry.file] == nil {
                guard let data = FileManager.default.contents(atPath: root + "/" + entry.file) else {
                    stale.append(StaleMutant(mutant: entry, problem: "\(entry.file) does not exist"))
                    continue
                }
                files[entry.file] = [UInt8](data)
            }
            let bytes = files[entry.file]!
            let needle = Array(entry.find.utf8)
            let found = Self.occurrences(of: needle, in: bytes)
            guard found.count == 1, let start = found.first else {
                stale.append(StaleMutant(mutant: entry, problem: found.isEmpty ? "`find` no longer occurs in \(entry.file)"
                                                                               : "`find` occurs \(found.count) times in \(entry.file) (it must name one place)"))
                continue
            }
            let starts = MutantCatalogue.lineStartOffsets(bytes)
            let first = MutantCatalogue.line(of: start, in: starts)
            let last = MutantCatalogue.line(of: start + needle.count - 1, in: starts)
            let end = last < starts.count ? starts[last] : bytes.count
            let site = MutationSite(mutationOperator: "catalogue", range: start..<(start + needle.count), replacement: entry.replace,
                                    description: "catalogue \(entry.id)")
            let text = MutantCatalogue.normalizedLine(Array(bytes[starts[first - 1]..<end]))
            resolved.append((entry, Mutant(file: entry.file, line: first, site: site, lineText: text)))
        }
        return (resolved, stale)
    }

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        let first = needle[0]
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
                if found.count > 1 { return found }
            }
            index += 1
        }
        return found
    }

    /// Rules a language carries but its catalogue has no mutant of: each needs one.
    public func uncatalogued(_ rules: RuleCatalogue, language: Language) -> [ContractRule] {
        let covered = Set(mutants.filter { $0.target.language == language }.map(\.rule))
        return rules.rules.filter { $0.languages.contains(language) && !covered.contains($0.id) }
    }
}
