/// mutation/rules.yaml: every rule a contract promises, numbered, each with the golden cases that
/// exercise it. The syntactic operators (MutationOperators) mutate the lines the goldens already
/// reach; a rule nobody wrote a case for has no line there. So the rules are listed from the
/// documents (docs/semantics.md, docs/schema.md, docs/report.md, the RFCs the runtimes implement),
/// each rule's mutants are written by hand as the plausible wrong implementation of that rule
/// (RuleMutants), and each rule names the cases that must hold it (RuleCoverage).
import Foundation

/// One rule of the contract.
public struct ContractRule: Sendable {
    /// `JSON-05`: the family's prefix and a number.
    public var id: String
    public var family: String
    /// One line: what the rule promises.
    public var statement: String
    /// Where it is written down: a doc section or an RFC.
    public var source: String
    /// The implementations that carry the rule, each of which needs a mutant of it.
    public var languages: [Language]
    /// The golden cases that exercise it (each must match at least one case).
    public var witnesses: [CaseWitness]
    /// Why no golden case can exercise the rule (then `witnesses` is empty).
    public var noCase: String?
    public var location: SourceLocation
}

/// A golden case that exercises a rule: a case name (with `*` wildcards), optionally narrowed to
/// cases whose `given` and `expect` hold a text (so a case kept under its name but moved off the
/// rule's boundary no longer counts).
public struct CaseWitness: Sendable, CustomStringConvertible {
    public var pattern: String
    /// A text one of the `given` strings holds, or the compact `given` itself.
    public var given: String?
    /// A text the compact `expect` (sorted keys) holds.
    public var expect: String?

    public var description: String {
        pattern + (given.map { " given «\($0)»" } ?? "") + (expect.map { " expect «\($0)»" } ?? "")
    }

    public func matches(_ golden: ConformanceCase) -> Bool {
        guard Self.glob(pattern, golden.name) else { return false }
        if let given, !Self.holds(golden.given, given) { return false }
        if let expect, !golden.expect.serialized(sortedKeys: true).contains(expect) { return false }
        return true
    }

    /// `text` inside any string of `value` (a blob, a queue, a zone id) or inside its compact form.
    static func holds(_ value: JSONValue, _ text: String) -> Bool {
        if value.serialized().contains(text) { return true }
        switch value {
        case .string(let s): return s.contains(text)
        case .array(let items): return items.contains { holds($0, text) }
        case .object(let entries): return entries.contains { holds($0.1, text) }
        default: return false
        }
    }

    /// Whole-name match with `*` for any run of characters.
    static func glob(_ pattern: String, _ name: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == name }
        guard name.hasPrefix(parts[0]) else { return false }
        var rest = Substring(name.dropFirst(parts[0].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}

/// A family of rules, and the prefix of its rules' ids.
public struct RuleFamily: Sendable {
    public var name: String
    public var prefix: String
    public var about: String
}

public struct RuleCatalogue: Sendable {
    public var families: [RuleFamily]
    public var rules: [ContractRule]

    public static func path(root: String) -> String { root + "/mutation/rules.yaml" }

    public func rule(_ id: String) -> ContractRule? { rules.first { $0.id == id } }

    /// The rules an `--rule` argument names: one id, or every rule of a family (by name or prefix).
    public func rules(matching selector: String) -> [ContractRule] {
        if let one = rule(selector) { return [one] }
        let family = families.first { $0.name == selector || $0.prefix == selector }
        return rules.filter { $0.family == family?.name }
    }

    public static func load(root: String) throws(DiagnosticsError) -> RuleCatalogue {
        let file = path(root: root)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw DiagnosticsError([.error("cannot read \(file)", at: nil)])
        }
        return try parse(String(decoding: data, as: UTF8.self), file: "mutation/rules.yaml")
    }

    public static func parse(_ text: String, file: String) throws(DiagnosticsError) -> RuleCatalogue {
        let node = try YAMLDocumentLoader.load(text: text, file: file)
        var reader = CatalogueYAML(file: file)
        var catalogue = RuleCatalogue(families: [], rules: [])
        let top = reader.mapping(node, keys: ["families", "rules"], required: ["families", "rules"])
        for item in reader.sequence(top["families"]) {
            let fields = reader.mapping(item, keys: ["family", "prefix", "about"], required: ["family", "prefix", "about"])
            let family = RuleFamily(name: reader.text(fields["family"]), prefix: reader.text(fields["prefix"]), about: reader.text(fields["about"]))
            if catalogue.families.contains(where: { $0.name == family.name || $0.prefix == family.prefix }) {
                reader.error("family '\(family.name)' (prefix \(family.prefix)) is listed twice", item)
            }
            catalogue.families.append(family)
        }
        for item in reader.sequence(top["rules"]) {
            let fields = reader.mapping(item, keys: ["id", "family", "rule", "source", "languages", "cases", "no-case"],
                                        required: ["id", "family", "rule", "source"])
            var rule = ContractRule(id: reader.text(fields["id"]), family: reader.text(fields["family"]), statement: reader.text(fields["rule"]),
                                    source: reader.text(fields["source"]), languages: Language.allCases, witnesses: [],
                                    noCase: fields["no-case"].map { reader.text($0) }, location: item.location)
            if let languages = fields["languages"] {
                rule.languages = reader.sequence(languages).compactMap { node in
                    let name = reader.text(node)
                    guard let language = Language(rawValue: name) else { reader.error("unknown language '\(name)'", node); return nil }
                    return language
                }
            }
            for witness in reader.sequence(fields["cases"]) {
                if case .scalar = witness {
                    rule.witnesses.append(CaseWitness(pattern: reader.text(witness)))
                    continue
                }
                let parts = reader.mapping(witness, keys: ["case", "given", "expect"], required: ["case"])
                rule.witnesses.append(CaseWitness(pattern: reader.text(parts["case"]), given: parts["given"].map { reader.text($0) },
                                                  expect: parts["expect"].map { reader.text($0) }))
            }
            guard let family = catalogue.families.first(where: { $0.name == rule.family }) else {
                reader.error("rule \(rule.id): unknown family '\(rule.family)'", item)
                continue
            }
            if !rule.id.hasPrefix(family.prefix + "-") { reader.error("rule \(rule.id): the id of a \(family.name) rule starts with '\(family.prefix)-'", item) }
            if catalogue.rule(rule.id) != nil { reader.error("rule \(rule.id) is listed twice", item) }
            if rule.witnesses.isEmpty == (rule.noCase == nil) {
                reader.error("rule \(rule.id): give either `cases` (the golden cases that exercise it) or `no-case` (why none can)", item)
            }
            if rule.statement.isEmpty || rule.source.isEmpty { reader.error("rule \(rule.id): `rule` and `source` may not be empty", item) }
            catalogue.rules.append(rule)
        }
        if !reader.diagnostics.isEmpty { throw DiagnosticsError(reader.diagnostics) }
        return catalogue
    }
}

/// Reads the catalogue files' YAML, collecting every error with its place.
struct CatalogueYAML {
    let file: String
    var diagnostics: [Diagnostic] = []

    mutating func error(_ message: String, _ node: YAMLNode?) {
        diagnostics.append(.error(message, at: node?.location))
    }

    mutating func mapping(_ node: YAMLNode?, keys: Set<String>, required: Set<String>) -> [String: YAMLNode] {
        guard let node else { return [:] }
        guard case .mapping(let entries, _) = node else { error("expected a mapping, found \(node.kindName)", node); return [:] }
        var result: [String: YAMLNode] = [:]
        for (key, value) in entries {
            if !keys.contains(key.value) { error("unknown key '\(key.value)' (known: \(keys.sorted().joined(separator: ", ")))", .scalar(key)) }
            result[key.value] = value
        }
        for key in required.sorted() where result[key] == nil { error("missing key '\(key)'", node) }
        return result
    }

    mutating func sequence(_ node: YAMLNode?) -> [YAMLNode] {
        guard let node else { return [] }
        guard case .sequence(let items, _) = node else { error("expected a list, found \(node.kindName)", node); return [] }
        return items
    }

    mutating func text(_ node: YAMLNode?) -> String {
        guard let node else { return "" }
        guard case .scalar(let scalar) = node else { error("expected text, found \(node.kindName)", node); return "" }
        return scalar.value
    }
}
