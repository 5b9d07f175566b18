/// What a `decode` observation of a contract can look like (docs/schema.md#observation), for
/// `check` to find hand-written cases a schema change left behind: an expected object whose keys
/// are no longer the type's, an enum value the schema no longer has, a status that does not
/// exist. Such a case would fail `conform` in every language; `check` names it as a case to
/// revisit, with the path to the first place it differs. Values are not judged (that is what
/// `conform` is for), only the shape the schema decides.

enum ObservationShape {
    static let statuses: Set<String> = ["ok", "unsupportedVersion", "malformed", "invalid"]

    /// Every place where `expect` cannot be an observation of `contract`, one message each.
    /// `asksDropped`: the decode's `given.dropped` is true, so the root holds `dropped` whatever
    /// the observation style (docs/conformance.md).
    static func problems(in expect: JSONValue, contract: Contract, asksDropped: Bool = false) -> [String] {
        guard case .object(var members) = expect else { return ["$: an observation is an object"] }
        var problems: [String] = []
        // A decode asked for its report (docs/report.md) observes it beside the rest.
        if let report = member(members, "report") { problems += reportProblems(report) }
        members.removeAll { $0.0 == "report" || $0.0 == "reportOmitted" }
        let root = contract.rootType
        switch contract.observation {
        case .wrapped:
            problems += keyProblems(members, expected: ["status", "value"] + (asksDropped ? ["dropped"] : []), at: "$")
            if let value = member(members, "value"), value != .null {
                problems += objectProblems(value, type: root, contract: contract, at: "$.value")
            }
        case .flat(let omit, let dropped):
            let fields = root.fields.filter { !omit.contains($0.name) }
            problems += keyProblems(members, expected: ["status"] + fields.map(\.observedKey) + (dropped || asksDropped ? ["dropped"] : []), at: "$",
                                    mayBeAbsent: Set(fields.filter(\.explicitNull).map(\.observedKey)))
            for field in fields {
                if let value = member(members, field.observedKey) {
                    problems += valueProblems(value, type: field.type, contract: contract, at: path("$", field.observedKey))
                }
            }
        }
        if let status = member(members, "status") {
            if case .string(let text) = status, statuses.contains(text) {} else {
                problems.append("$.status: \(status.serialized()) is none of \(statuses.sorted().joined(separator: ", "))")
            }
        }
        return problems
    }

    /// A report is an array of entries, each with the documented keys and words only.
    static func reportProblems(_ report: JSONValue) -> [String] {
        guard case .array(let entries) = report else { return ["$.report: a report is an array of entries"] }
        var problems: [String] = []
        for (index, entry) in entries.enumerated() {
            let at = "$.report[\(index)]"
            guard case .object(let members) = entry else {
                problems.append("\(at): an entry is an object")
                continue
            }
            for (key, _) in members where !ReportPlan.entryKeys.contains(key) {
                problems.append("\(at).\(key): no entry has this key (keys: \(ReportPlan.entryKeys.joined(separator: ", ")))")
            }
            if case .string(let rule)? = member(members, "rule"), ReportPlan.rules.contains(rule) {} else {
                problems.append("\(at).rule: none of the rules (\(ReportPlan.rules.joined(separator: ", ")))")
            }
            if case .string(let used)? = member(members, "used"), ReportPlan.usedWords.contains(used) {} else {
                problems.append("\(at).used: none of the used words (\(ReportPlan.usedWords.joined(separator: ", ")))")
            }
        }
        return problems
    }

    static func member(_ members: [(String, JSONValue)], _ key: String) -> JSONValue? {
        members.last(where: { $0.0 == key })?.1
    }

    /// `mayBeAbsent`: explicit-null fields, which an observation leaves out when absent.
    static func keyProblems(_ members: [(String, JSONValue)], expected: [String], at path: String, mayBeAbsent: Set<String> = []) -> [String] {
        let keys = members.map(\.0)
        var problems: [String] = []
        for key in keys where !expected.contains(key) {
            problems.append("\(Self.path(path, key)): the schema observes no such key here (observed keys: \(expected.joined(separator: ", ")))")
        }
        for key in expected where !keys.contains(key) && !mayBeAbsent.contains(key) {
            problems.append("\(Self.path(path, key)): missing, but the schema observes it")
        }
        return problems
    }

    static func objectProblems(_ value: JSONValue, type: ObjectType, contract: Contract, at path: String) -> [String] {
        guard case .object(let members) = value else { return [] }
        var problems = keyProblems(members, expected: type.fields.map(\.observedKey), at: path,
                                   mayBeAbsent: Set(type.fields.filter(\.explicitNull).map(\.observedKey)))
        for field in type.fields {
            if let member = member(members, field.observedKey) {
                problems += valueProblems(member, type: field.type, contract: contract, at: Self.path(path, field.observedKey))
            }
        }
        return problems
    }

    static func valueProblems(_ value: JSONValue, type: FieldType, contract: Contract, at path: String) -> [String] {
        switch (type, value) {
        case (.object(let name), .object):
            guard let objectType = contract.type(named: name) else { return [] }
            return objectProblems(value, type: objectType, contract: contract, at: path)
        case (.union(let name), .object(let members)):
            // A variant's object plus the tag key holding one of the tags.
            guard let union = contract.union(named: name) else { return [] }
            let tags = union.variants.map(\.tag).joined(separator: ", ")
            guard let tagValue = member(members, union.tagKey) else {
                // Most often the schema renamed the tag key: name the key that still holds a tag.
                let oldKey = members.first { $0.0 != union.tagKey && $0.1.stringValue.map { union.variant(tagged: $0) != nil } == true }?.0
                return ["\(path): no tag key '\(union.tagKey)' of \(union.name) (tags: \(tags))"
                        + (oldKey.map { "; '\($0)' holds a tag: the schema's tag key is '\(union.tagKey)' now" } ?? "")]
            }
            guard let tag = tagValue.stringValue, let variant = union.variant(tagged: tag),
                  let objectType = contract.type(named: variant.typeName) else {
                return ["\(Self.path(path, union.tagKey)): not one of the tags of \(union.name) (\(tags))"]
            }
            return objectProblems(.object(members.filter { $0.0 != union.tagKey }), type: objectType, contract: contract, at: path)
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { valueProblems($1, type: element, contract: contract, at: "\(path)[\($0)]") }
        case (.map(let element), .object(let entries)):
            return entries.flatMap { valueProblems($1, type: element, contract: contract, at: Self.path(path, $0)) }
        case (.enumeration(let cases, _), .string(let text)):
            return cases.contains(text) ? [] : ["\(path): \"\(text)\" is not a value of the enum (\(cases.joined(separator: ", ")))"]
        case (.string, _), (.bool, _), (.integer, _), (.number, _), (.localDate, _), (.epochMillis, _), (.dateTime, _),
             (.enumeration, _), (.array, _), (.map, _), (.object, _), (.union, _):
            return []
        }
    }

    /// `$.a`, or `$["a-b"]` for a key that is not a plain identifier.
    static func path(_ base: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_" }
        return plain ? "\(base).\(key)" : "\(base)[\(JSONValue.string(key).serialized())]"
    }
}
