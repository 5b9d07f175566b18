/// The report (docs/report.md) of a schema-derived golden case, derived from the mutated field's
/// declared rule, never from a decoder: the field's own entry (its rule from the written JSON and
/// the field's type and constraints; `used` from its presence policy), the elements or map
/// entries a container mutation drops or ignores, and, up the path, each object a `drop-element`
/// field makes invalid. Entries are ordered as the text holds the values (pre-order, a missing
/// field after what its object holds). A mutation this derivation does not cover (one of a
/// union, or a chain through a `fail-document` object) gives nil: that case asks for no report.
extension GoldenCaseBuilder {
    enum ReportStep: Equatable { case key(String), index(Int), position(Int) }

    struct ReportEntry {
        var steps: [ReportStep]
        var missing = false
        var json: [(String, JSONValue)]
    }

    static func jsonType(ofWritten value: JSONValue) -> (type: String, invalidString: Bool) {
        switch value {
        case .null: return ("null", false)
        case .bool: return ("boolean", false)
        case .number: return ("number", false)
        case .string: return ("string", false)
        case .array: return ("array", false)
        case .object: return ("object", false)
        case .raw(let text):
            switch text.first {
            case "\"": return ("string", text.contains("\\ud8") || text.contains("\\udc") || text.contains("\\uD8") || text.contains("\\uDC"))
            case "t", "f": return ("boolean", false)
            case "n": return ("null", false)
            case "[": return ("array", false)
            case "{": return ("object", false)
            default: return ("number", false)
            }
        }
    }

    static func number(ofWritten value: JSONValue) -> Double? {
        switch value {
        case .number(let n): return n
        case .raw(let text): return Double(text)
        default: return nil
        }
    }

    /// The first constraint (docs/report.md order) a value of the right type fails.
    static func failedConstraint(_ c: Constraints, text: String? = nil, number: Double? = nil, items: Int? = nil, entries: Int? = nil) -> String? {
        if let text {
            let length = text.unicodeScalars.count
            if c.nonEmpty && length == 0 { return "non-empty" }
            if let min = c.minLength, length < min { return "min-length" }
            if let max = c.maxLength, length > max { return "max-length" }
        }
        if let number {
            if let min = c.min, number < min { return "min" }
            if let max = c.max, number > max { return "max" }
        }
        if let items {
            if c.nonEmpty && items == 0 { return "non-empty" }
            if let min = c.minItems, items < min { return "min-items" }
            if let max = c.maxItems, items > max { return "max-items" }
        }
        if let entries, c.nonEmpty && entries == 0 { return "non-empty" }
        return nil
    }

    /// Why the decoder does not take `written` for `field` (nil: it is taken as written); the
    /// second value is the fallback read instead, for an open enum.
    func reason(_ written: JSONValue?, _ field: Field) -> (rule: String, detail: [(String, JSONValue)], fallback: String?)? {
        guard let written else {
            if case .required = field.presence { return ("missing", [], nil) }
            return nil
        }
        let (type, invalidString) = Self.jsonType(ofWritten: written)
        if type == "null" { return field.explicitNull ? nil : ("null", [], nil) }
        let wanted: String
        switch field.type {
        case .string, .localDate, .dateTime, .enumeration: wanted = "string"
        case .bool: wanted = "boolean"
        case .integer, .number, .epochMillis: wanted = "number"
        case .array: wanted = "array"
        case .map, .object, .union: wanted = "object"
        }
        if type != wanted { return ("wrong-type", [("found", .string(type))], nil) }
        if invalidString { return ("unpaired-surrogate", [], nil) }
        let c = field.constraints
        func constraint(_ name: String?) -> (rule: String, detail: [(String, JSONValue)], fallback: String?)? {
            name.map { ("constraint", [("constraint", .string($0))], nil) }
        }
        var value = written
        // A string spelled with escapes (`"caf\u00e9"`) is judged by what it decodes to.
        if case .raw(let text) = written, type == "string", let decoded = JSONValue.parse(text) { value = decoded }
        switch (field.type, value) {
        case (.bool, _): return nil
        case (.union(let name), .object(let members)): return unionReason(union(named: name), members)
        case (.string, .string(let text)): return constraint(Self.failedConstraint(c, text: text))
        case (.enumeration(let cases, let unknown), .string(let text)):
            if cases.contains(text) { return nil }
            return ("unknown-enum-value", unknown.map { [("fallback", .string($0))] } ?? [], unknown)
        case (.localDate, .string(let text)):
            return ContractCalendarModel.isValidLocalDate(text) ? nil : ("invalid-date", [], nil)
        case (.integer, _), (.epochMillis, _), (.number, _):
            guard let n = Self.number(ofWritten: value) else { return nil }
            let integral = field.type != .number
            if !n.isFinite || (integral && (n != n.rounded() || abs(n) > 9_007_199_254_740_991)) || (field.type == .epochMillis && n < 1) {
                return ("invalid-number", [], nil)
            }
            return constraint(Self.failedConstraint(c, number: n))
        default:
            return .some(("?", [], nil))   // not derived here (dates written raw, containers, objects)
        }
    }

    /// Why a union value (an object) is not taken: its tag (the last occurrence; `field` names the
    /// key), or the chosen variant's first missing `drop-element` field (`invalid-field`, its
    /// `missing` entry follows); a value read by the fallback is `unknown-union-tag`, used
    /// `fallback`. `?` when the variant's fields would need more than presence to judge.
    func unionReason(_ union: UnionType, _ members: [(String, JSONValue)]) -> (rule: String, detail: [(String, JSONValue)], fallback: String?)? {
        let key = union.tagKey
        let tagField: [(String, JSONValue)] = [("field", .string(key))]
        guard let tag = members.last(where: { $0.0 == key })?.1 else { return ("missing", tagField, nil) }
        let (type, invalidString) = Self.jsonType(ofWritten: tag)
        if type == "null" { return ("null", tagField, nil) }
        if type != "string" { return ("wrong-type", [("found", .string(type))] + tagField, nil) }
        if invalidString { return ("unpaired-surrogate", tagField, nil) }
        guard case .string(let text) = tag else { return .some(("?", [], nil)) }
        var variant = union.variants.first { $0.tag == text }
        var fallback: String? = nil
        if variant == nil {
            guard let unknown = union.unknown else { return ("unknown-union-tag", tagField, nil) }
            variant = union.variants.first { $0.tag == unknown }
            fallback = unknown
        }
        guard let variant, let type = objectType(named: variant.typeName) else { return .some(("?", [], nil)) }
        for field in type.storedFields {
            let value = members.last(where: { $0.0 == field.jsonKey })?.1
            if value == nil, case .required(.dropElement) = field.presence { return ("invalid-field", [("field", .string(field.jsonKey))], nil) }
            if value == nil { continue }
            // Another field's value: only a value taken as written (a sample) is judged here.
            if let why = reason(value, field) {
                if let value, why.rule == "?", ["array", "object"].contains(Self.jsonType(ofWritten: value).type) { continue }
                return .some(("?", [], nil))
            }
        }
        return fallback.map { ("unknown-union-tag", tagField + [("fallback", .string($0))], $0) } ?? nil
    }

    /// The extra entry an `invalid-field` reason brings: the missing field's own, after the value's.
    func causeEntry(_ at: [ReportStep], _ why: (rule: String, detail: [(String, JSONValue)], fallback: String?)) -> ReportEntry? {
        guard why.rule == "invalid-field", case .string(let key)? = why.detail.first(where: { $0.0 == "field" })?.1 else { return nil }
        return ReportEntry(steps: at + [.key(key)], missing: true, json: [("rule", .string("missing")), ("used", .string("parent"))])
    }

    /// What the decoder uses instead for `field`, as the report's `used` word.
    func used(_ field: Field) -> String { ReportPlan.used(SlotPlan(field)) }

    /// The report of one mutation of `field` at `path` in `document` (the blob as written).
    func report(path: [Step], field: Field, mutation: Mutation, document: JSONValue) -> [JSONValue]? {
        guard let entries = entries(path: path, field: field, mutation: mutation) else { return nil }
        return ordered(entries, in: document)
    }

    func steps(_ path: [Step]) -> [ReportStep] {
        var result: [ReportStep] = []
        for step in path {
            result.append(.key(step.field.jsonKey))
            if let index = step.index { result.append(.index(index)) }
            if step.mapKey != nil { result.append(.position(0)) }   // minimal maps hold the one key k1
        }
        return result
    }

    func entries(path: [Step], field: Field, mutation: Mutation) -> [ReportEntry]? {
        let at = steps(path) + [.key(field.jsonKey)]
        var result: [ReportEntry] = []
        // Elements and entries a container mutation drops or ignores (they stay in the report even
        // when the container then fails its own limits).
        var kept: Int? = nil
        switch (field.type, mutation.written) {
        case (.array(let element), .array(let items)?):
            var count = 0
            for (index, item) in items.enumerated() {
                let probe = CompositePlan.elementField(at: field.location)
                var elementField = probe
                elementField.type = element
                elementField.presence = .required(.dropElement)
                var why = reason(item, elementField)
                if why?.rule == "?", ["array", "object"].contains(Self.jsonType(ofWritten: item).type) { why = nil }   // the sample element: valid
                if let why {
                    if why.rule == "?" { return nil }
                    result.append(ReportEntry(steps: at + [.index(index)], json: [("rule", .string(why.rule)), ("used", .string(why.fallback == nil ? "dropped" : "fallback"))] + why.detail))
                    if let cause = causeEntry(at + [.index(index)], why) { result.append(cause) }
                    if why.fallback != nil { count += 1 }
                } else {
                    count += 1
                }
            }
            kept = count
        case (.map(let value), .object(let members)?):
            for (position, member) in members.enumerated() {
                var valueField = CompositePlan.elementField(at: field.location)
                valueField.type = value
                valueField.presence = .required(.dropElement)
                var why = reason(member.1, valueField)
                if why?.rule == "?", ["array", "object"].contains(Self.jsonType(ofWritten: member.1).type) { why = nil }   // the sample value: valid
                if let why {
                    if why.rule == "?" { return nil }
                    result.append(ReportEntry(steps: at + [.position(position)], json: [("rule", .string(why.rule)), ("used", .string(why.fallback == nil ? "ignored" : "fallback"))] + why.detail))
                    if let cause = causeEntry(at + [.position(position)], why) { result.append(cause) }
                }
            }
            if field.constraints.nonEmpty && members.isEmpty {
                result.append(ReportEntry(steps: at, json: [("rule", .string("constraint")), ("used", .string(used(field))), ("constraint", .string("non-empty"))]))
            }
        default: break
        }
        // The field's own entry.
        var own: (rule: String, detail: [(String, JSONValue)], fallback: String?)?
        if let kept, case .array = mutation.written {
            own = Self.failedConstraint(field.constraints, items: kept).map { ("constraint", [("constraint", .string($0))], nil) }
        } else if case .map = field.type, case .object? = mutation.written {
            own = nil
        } else if case .object = field.type, case .object? = mutation.written {
            return nil
        } else {
            own = reason(mutation.written, field)
            if own?.rule == "?" {
                // A date-time written raw: its rule follows from the mutation's outcome.
                guard case .dateTime = field.type, let written = mutation.written, Self.jsonType(ofWritten: written).type == "string" else { return nil }
                if case .valid = mutation.outcome { own = nil } else { own = ("invalid-date", [], nil) }
            }
        }
        // The derivation must agree with the outcome the expectation follows.
        switch mutation.outcome {
        case .valid: if let own, own.fallback == nil { return nil }
        case .invalid: if own == nil, !(mutation.written == nil && !isRequired(field)) { return nil }
        }
        guard let own else { return result }
        var ownUsed = own.fallback != nil ? "fallback" : used(field)
        if mutation.written == nil { ownUsed = used(field) }
        // The field's object is invalid: nothing inside it counts, its elements' entries included.
        if ownUsed == "parent" { result.removeAll() }
        result.append(ReportEntry(steps: at, missing: mutation.written == nil, json: [("rule", .string(own.rule)), ("used", .string(ownUsed))] + own.detail))
        if let cause = causeEntry(at, own) { result.append(cause) }
        if ownUsed == "document" { return result }
        guard ownUsed == "parent" else { return result }
        // Up the path: each object a drop-element field makes invalid.
        var failing = field
        var level = path.count
        if level == 0 {
            // The root is invalid: the document, for this field's reason.
            result.append(ReportEntry(steps: [], json: [("rule", .string("invalid-field")), ("used", .string("document")), ("field", .string(field.jsonKey))]))
        }
        while level > 0 {
            let step = path[level - 1]
            let objectSteps = steps(Array(path.prefix(level)))
            let container: String
            if step.index != nil { container = "dropped" } else if step.mapKey != nil { container = "ignored" } else { container = used(step.field) }
            if container == "document" { return nil }
            result.append(ReportEntry(steps: objectSteps, json: [("rule", .string("invalid-field")), ("used", .string(container)), ("field", .string(failing.jsonKey))]))
            var fieldUsed = container
            if step.index != nil {
                // The array loses the element: its own limits may fail in turn.
                let remaining = Self.sampleCount(step.field.constraints) - 1
                guard let name = Self.failedConstraint(step.field.constraints, items: remaining) else { return result }
                fieldUsed = used(step.field)
                if fieldUsed == "document" { return nil }
                result.append(ReportEntry(steps: steps(Array(path.prefix(level - 1))) + [.key(step.field.jsonKey)],
                                          json: [("rule", .string("constraint")), ("used", .string(fieldUsed)), ("constraint", .string(name))]))
            } else if step.mapKey != nil {
                guard step.field.constraints.nonEmpty else { return result }
                fieldUsed = used(step.field)
                if fieldUsed == "document" { return nil }
                result.append(ReportEntry(steps: steps(Array(path.prefix(level - 1))) + [.key(step.field.jsonKey)],
                                          json: [("rule", .string("constraint")), ("used", .string(fieldUsed)), ("constraint", .string("non-empty"))]))
            }
            guard fieldUsed == "parent" else { return result }
            failing = step.field
            level -= 1
        }
        return result
    }

    /// The entries in the text's order: by each value's place in `document` (a value before the
    /// values inside it; a missing field after its object's members).
    func ordered(_ entries: [ReportEntry], in document: JSONValue) -> [JSONValue] {
        func positions(_ entry: ReportEntry) -> [Int] {
            var node: JSONValue? = document
            var result: [Int] = []
            for (k, step) in entry.steps.enumerated() {
                switch (step, node) {
                case (.key(let key), .object(let members)?):
                    if let at = members.lastIndex(where: { $0.0 == key }) {
                        result.append(at)
                        node = members[at].1
                    } else {
                        result.append(k == entry.steps.count - 1 && entry.missing ? members.count : Int.max)
                        node = nil
                    }
                case (.index(let i), .array(let items)?):
                    result.append(i)
                    node = i < items.count ? items[i] : nil
                case (.position(let p), .object(let members)?):
                    result.append(p)
                    node = p < members.count ? members[p].1 : nil
                default:
                    result.append(Int.max)
                    node = nil
                }
            }
            return result
        }
        let keyed = entries.enumerated().map { (positions($0.element), $0.offset, $0.element) }
        let sorted = keyed.sorted { a, b in
            if a.0 != b.0 { return a.0.lexicographicallyPrecedes(b.0) }
            return a.1 < b.1
        }
        return sorted.map { entry in
            let path = "$" + entry.2.steps.map { step -> String in
                switch step {
                case .key(let key): return ReportPlan.step(key)
                case .index(let i): return "[\(i)]"
                case .position(let p): return "[#\(p)]"
                }
            }.joined()
            return .object([("path", .string(path))] + entry.2.json)
        }
    }
}

/// The one date check the report derivation needs (the runtimes' `parseLocalDate`, docs/runtime-api.md §4).
enum ContractCalendarModel {
    static func isValidLocalDate(_ s: String) -> Bool {
        let units = Array(s.utf16)
        guard units.count == 10, units[4] == 0x2D, units[7] == 0x2D else { return false }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for k in range {
                guard units[k] >= 0x30, units[k] <= 0x39 else { return nil }
                value = value * 10 + Int(units[k] - 0x30)
            }
            return value
        }
        guard let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10), y >= 1, (1...12).contains(m), d >= 1 else { return false }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return d <= days
    }
}
