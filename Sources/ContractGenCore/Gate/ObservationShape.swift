/// What a `decode` observation of a contract can look like (docs/schema.md#observation), for
/// `check` to find hand-written cases a schema change left behind: an expected object whose keys
/// are no longer the type's, an enum value the schema no longer has, a status that does not
/// exist. Such a case would fail `conform` in every language; `check` names it as a case to
/// revisit, with the path to the first place it differs. Values are not judged (that is what
/// `conform` is for), only the shape the schema decides.

enum ObservationShape {
    static let statuses: Set<String> = ["ok", "unsupportedVersion", "malformed", "invalid"]

    /// One step of a path into an observation.
    enum Step: Equatable {
        case key(String), index(Int)
    }

    /// One place where an expectation is not an observation of the schema. A key the schema now
    /// observes that the expectation lacks names its field (and the object's steps), so that
    /// `check --fix-cases` can add it; so does a value the expectation gives for a key the blob
    /// does not hold (`absentKey`), which `--fix-cases` can set to what absence reads as.
    struct Problem {
        var message: String
        var missing: (steps: [Step], field: Field)? = nil
        var absentKey: (steps: [Step], field: Field)? = nil
    }

    /// The keys of every object in a case's blob, scanned once when first asked (a blob can be
    /// megabytes, and most cases never ask).
    final class BlobKeys {
        private let bytes: [UInt8]
        private var scanned: Set<[UInt16]>??

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The keys, or nil when the text is not well-formed enough to tell keys from values.
        var keys: Set<[UInt16]>? {
            if let scanned { return scanned }
            let result = Self.scan(bytes)
            scanned = .some(result)
            return result
        }

        /// True only when the blob surely holds no member of this key in any object.
        func lacks(_ key: String) -> Bool { keys.map { !$0.contains(Array(key.utf16)) } ?? false }

        /// Object member keys in order of a JSON text, containers tracked on a stack; values are skipped.
        static func scan(_ bytes: [UInt8]) -> Set<[UInt16]>? {
            var keys = Set<[UInt16]>()
            var objects: [Bool] = []   // per open container: is it an object
            var expectingKey = false
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "{"): objects.append(true); expectingKey = true; i += 1
                case UInt8(ascii: "["): objects.append(false); expectingKey = false; i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !objects.isEmpty else { return nil }
                    objects.removeLast(); expectingKey = false; i += 1
                case UInt8(ascii: ","): expectingKey = objects.last ?? false; i += 1
                case UInt8(ascii: "\""):
                    if expectingKey {
                        guard let (key, end) = JSONStringLexer.decode(bytes, from: i) else { return nil }
                        keys.insert(key)
                        expectingKey = false
                        i = end
                    } else {
                        guard let end = JSONStringLexer.skip(bytes, from: i) else { return nil }
                        i = end
                    }
                default: i += 1
                }
            }
            return objects.isEmpty ? keys : nil
        }
    }

    /// Every place where `expect` cannot be an observation of `contract`, one message each.
    /// `asksDropped`: the decode's `given.dropped` is true, so the root holds `dropped` whatever
    /// the observation style (docs/conformance.md).
    static func problems(in expect: JSONValue, contract: Contract, asksDropped: Bool = false) -> [String] {
        located(in: expect, contract: contract, asksDropped: asksDropped).map(\.message)
    }

    /// The same problems, with what `--fix-cases` needs to know about each. With the case's
    /// `blob`, also each value expected for a key the blob does not hold: by the rules an absent
    /// optional key reads as null and a key with a default as its default, nothing else.
    static func located(in expect: JSONValue, contract: Contract, asksDropped: Bool = false, blob: BlobKeys? = nil) -> [Problem] {
        guard case .object(var members) = expect else { return [Problem(message: "$: an observation is an object")] }
        let check = blob.map { AbsentKeys(blob: $0, builder: GoldenCaseBuilder(contract: contract)) }
        var problems: [Problem] = []
        // A decode asked for its report (docs/report.md) observes it beside the rest.
        if let report = member(members, "report") { problems += reportProblems(report).map { Problem(message: $0) } }
        members.removeAll { same($0.0, "report") || same($0.0, "reportOmitted") }
        let root = contract.rootType
        switch contract.observation {
        case .wrapped:
            problems += keyProblems(members, fields: [], extra: ["status", "value"] + (asksDropped ? ["dropped"] : []), at: "$", steps: [])
            if let value = member(members, "value"), value != .null {
                problems += objectProblems(value, type: root, contract: contract, at: "$.value", steps: [.key("value")], absent: check)
            }
        case .flat(let omit, let dropped):
            let fields = root.fields.filter { !omit.contains($0.name) }
            problems += keyProblems(members, fields: fields, extra: ["status"], trailing: dropped || asksDropped ? ["dropped"] : [], at: "$", steps: [])
            for field in fields {
                if let value = member(members, field.observedKey) {
                    problems += check?.problems(value, field: field, at: path("$", field.observedKey), steps: []) ?? []
                    problems += valueProblems(value, type: field.type, contract: contract, at: path("$", field.observedKey), steps: [.key(field.observedKey)], absent: check)
                }
            }
        }
        if let status = member(members, "status") {
            if case .string(let text) = status, statuses.contains(where: { same($0, text) }) {} else {
                problems.append(Problem(message: "$.status: \(status.serialized()) is none of \(statuses.sorted().joined(separator: ", "))"))
            }
        }
        return problems
    }

    /// Keys compare code unit by code unit, as decoders and `conform` compare them.
    static func same(_ a: String, _ b: String) -> Bool { JSONValue.exactlyEqual(a, b) }

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
            for (key, _) in members where !ReportPlan.entryKeys.contains(where: { same($0, key) }) {
                problems.append("\(at).\(key): no entry has this key (keys: \(ReportPlan.entryKeys.joined(separator: ", ")))")
            }
            if case .string(let rule)? = member(members, "rule"), ReportPlan.rules.contains(where: { same($0, rule) }) {} else {
                problems.append("\(at).rule: none of the rules (\(ReportPlan.rules.joined(separator: ", ")))")
            }
            if case .string(let used)? = member(members, "used"), ReportPlan.usedWords.contains(where: { same($0, used) }) {} else {
                problems.append("\(at).used: none of the used words (\(ReportPlan.usedWords.joined(separator: ", ")))")
            }
        }
        return problems
    }

    static func member(_ members: [(String, JSONValue)], _ key: String) -> JSONValue? {
        members.last(where: { same($0.0, key) })?.1
    }

    /// The keys an object must have: the fields' observed keys (explicit-null fields may be
    /// absent: an observation leaves them out when absent), then `extra` before them and
    /// `trailing` after them in the list of observed keys.
    static func keyProblems(_ members: [(String, JSONValue)], fields: [Field], extra: [String], trailing: [String] = [],
                            at path: String, steps: [Step]) -> [Problem] {
        let expected: [(key: String, field: Field?)] = extra.map { ($0, nil) } + fields.map { ($0.observedKey, $0) } + trailing.map { ($0, nil) }
        let keys = members.map(\.0)
        var problems: [Problem] = []
        for key in keys where !expected.contains(where: { same($0.key, key) }) {
            problems.append(Problem(message: "\(Self.path(path, key)): the schema observes no such key here (observed keys: \(expected.map(\.key).joined(separator: ", ")))"))
        }
        for (key, field) in expected where !(field?.explicitNull ?? false) && !keys.contains(where: { same($0, key) }) {
            problems.append(Problem(message: "\(Self.path(path, key)): missing, but the schema observes it", missing: field.map { (steps, $0) }))
        }
        return problems
    }

    /// Values expected for keys a blob does not hold (see `located`).
    struct AbsentKeys {
        let blob: BlobKeys
        let builder: GoldenCaseBuilder

        /// `object` steps; `value` the expected member of `field` there. An explicit-null field's
        /// absent key is left out of the observation, so any member of it is one too many.
        func problems(_ value: JSONValue, field: Field, at path: String, steps: [Step]) -> [Problem] {
            guard field.derived == nil else { return [] }
            if case .required = field.presence { return [] }
            let absent = builder.absentValue(field)
            guard field.explicitNull || value != absent, blob.lacks(field.jsonKey) else { return [] }
            var shown = value.serialized()
            if shown.unicodeScalars.count > 40 { shown = String(String.UnicodeScalarView(shown.unicodeScalars.prefix(40))) + "…" }
            let reads = field.explicitNull ? "which an observation leaves out (explicit-null)" : "which reads as \(absent.serialized())"
            return [Problem(message: "\(path): \(shown), but the blob holds no key '\(field.jsonKey)', \(reads)", absentKey: (steps, field))]
        }
    }

    static func objectProblems(_ value: JSONValue, type: ObjectType, contract: Contract, at path: String, steps: [Step], absent: AbsentKeys? = nil) -> [Problem] {
        guard case .object(let members) = value else { return [] }
        var problems = keyProblems(members, fields: type.fields, extra: [], at: path, steps: steps)
        for field in type.fields {
            if let member = member(members, field.observedKey) {
                problems += absent?.problems(member, field: field, at: Self.path(path, field.observedKey), steps: steps) ?? []
                problems += valueProblems(member, type: field.type, contract: contract, at: Self.path(path, field.observedKey),
                                          steps: steps + [.key(field.observedKey)], absent: absent)
            }
        }
        return problems
    }

    static func valueProblems(_ value: JSONValue, type: FieldType, contract: Contract, at path: String, steps: [Step], absent: AbsentKeys? = nil) -> [Problem] {
        switch (type, value) {
        case (.object(let name), .object):
            guard let objectType = contract.type(named: name) else { return [] }
            return objectProblems(value, type: objectType, contract: contract, at: path, steps: steps, absent: absent)
        case (.union(let name), .object(let members)):
            // A variant's object plus the tag key holding one of the tags.
            guard let union = contract.union(named: name) else { return [] }
            let tags = union.variants.map(\.tag).joined(separator: ", ")
            func variant(_ tag: String) -> UnionVariant? { union.variants.first { same($0.tag, tag) } }
            guard let tagValue = member(members, union.tagKey) else {
                // Most often the schema renamed the tag key: name the key that still holds a tag.
                let oldKey = members.first { !same($0.0, union.tagKey) && $0.1.stringValue.map { variant($0) != nil } == true }?.0
                return [Problem(message: "\(path): no tag key '\(union.tagKey)' of \(union.name) (tags: \(tags))"
                                + (oldKey.map { "; '\($0)' holds a tag: the schema's tag key is '\(union.tagKey)' now" } ?? ""))]
            }
            guard let tag = tagValue.stringValue, let variant = variant(tag),
                  let objectType = contract.type(named: variant.typeName) else {
                return [Problem(message: "\(Self.path(path, union.tagKey)): not one of the tags of \(union.name) (\(tags))")]
            }
            return objectProblems(.object(members.filter { !same($0.0, union.tagKey) }), type: objectType, contract: contract, at: path, steps: steps, absent: absent)
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { valueProblems($1, type: element, contract: contract, at: "\(path)[\($0)]", steps: steps + [.index($0)], absent: absent) }
        case (.map(let element), .object(let entries)):
            return entries.flatMap { valueProblems($1, type: element, contract: contract, at: Self.path(path, $0), steps: steps + [.key($0)], absent: absent) }
        case (.enumeration(let cases, _), .string(let text)):
            return cases.contains(where: { same($0, text) }) ? [] : [Problem(message: "\(path): \"\(text)\" is not a value of the enum (\(cases.joined(separator: ", ")))")]
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
