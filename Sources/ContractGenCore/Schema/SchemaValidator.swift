/// Stage 3 of the pipeline: cross-reference checks on the model. A schema that passes can be
/// emitted to every language; every error names the `file:line:column` it is about.

public enum SchemaValidator {
    /// Words no field or type may be named, because some target language reserves them.
    static let reservedWords: [String: String] = {
        var words: [String: String] = [:]
        for w in ["associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let",
                  "operator", "protocol", "static", "struct", "subscript", "typealias", "var", "break", "case",
                  "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
                  "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "rethrows", "super",
                  "self", "Self", "throw", "throws", "true", "try", "Type", "Protocol", "any", "some"] { words[w] = "Swift" }
        for w in ["fun", "object", "package", "interface", "typeof", "val", "when", "null", "this"] { words[w] = "Kotlin" }
        for w in ["const", "delete", "export", "extends", "function", "instanceof", "new", "typeof", "void", "with",
                  "yield", "let", "enum", "await", "implements", "private", "public", "constructor", "__proto__"] where words[w] == nil {
            words[w] = "TypeScript"
        }
        return words
    }()

    /// `checkingCodeNames: false` skips the checks that only keep generated code compiling
    /// (reserved words, platform, runtime and generated names), for a base schema the gate reads
    /// as blobs see it.
    public static func validate(_ contract: Contract, checkingCodeNames: Bool = true) throws(DiagnosticsError) {
        var d = DiagnosticCollector()
        check(contract, checkingCodeNames: checkingCodeNames, &d)
        if d.hasErrors { throw DiagnosticsError(d.diagnostics) }
    }

    static func check(_ contract: Contract, checkingCodeNames: Bool = true, _ d: inout DiagnosticCollector) {
        let typeNames = contract.types.map(\.name) + contract.unions.map(\.name)
        if let union = contract.union(named: contract.rootTypeName) {
            d.error("root type '\(union.name)' is a union; the root must be an object type (it holds the version gate)", at: contract.location)
            return
        }
        guard let root = contract.type(named: contract.rootTypeName) else {
            let hint = closestMatch(to: contract.rootTypeName, in: typeNames).map { " (did you mean '\($0)'?)" } ?? ""
            d.error("root type '\(contract.rootTypeName)' is not declared in 'types'\(hint)", at: contract.location)
            return
        }
        // Names: reserved words would not compile in some target language.
        for type in contract.types where checkingCodeNames {
            if let language = reservedWords[type.name] {
                d.error("type name '\(type.name)' is a reserved word in \(language)", at: type.location)
            }
            for field in type.fields {
                if let language = reservedWords[field.name] {
                    d.error("field name '\(field.name)' is a reserved word in \(language); name the field e.g. '\(field.name)Value' and keep its JSON key with 'json: \(field.jsonKey)'", at: field.location)
                }
            }
        }
        for union in contract.unions where checkingCodeNames {
            if let language = reservedWords[union.name] {
                d.error("type name '\(union.name)' is a reserved word in \(language)", at: union.location)
            }
        }
        // Platform, runtime and generated names; generated locals; enum case names.
        if checkingCodeNames { checkNames(contract, &d) }
        let declared = Set(typeNames)
        for (name, location) in contract.types.map({ ($0.name, $0.location) }) + contract.unions.map({ ($0.name, $0.location) })
        where checkingCodeNames && name.hasSuffix("Input") && declared.contains(String(name.dropLast(5))) {
            d.error("type name '\(name)' clashes with the TypeScript writer type of '\(name.dropLast(5))'", at: location)
        }
        for type in contract.types {
            for field in type.fields {
                switch field.type {
                case .array(let element), .map(let element):
                    _ = element
                default: break
                }
            }
        }
        // Every referenced type exists.
        for type in contract.types {
            for field in type.fields {
                for name in referencedTypes(field.type) where contract.type(named: name) == nil && contract.union(named: name) == nil {
                    let hint = closestMatch(to: name, in: typeNames + FieldType.scalarNames).map { " (did you mean '\($0)'?)" } ?? ""
                    d.error("unknown type '\(name)'\(hint)", at: field.typeLocation)
                }
            }
        }
        checkUnionVariants(contract, &d)
        if d.hasErrors { return }
        checkCycles(contract, &d)
        checkUnused(contract, &d)
        // The version gate is read before anything else and is not a field.
        if let clash = root.storedFields.first(where: { $0.jsonKey == contract.version.field }) {
            d.error("'\(clash.jsonKey)' is the version gate ('version.field'); declare it there only", at: clash.jsonLocation ?? clash.location)
        }
        checkJSONKeys(contract, &d)
        checkReserved(contract, &d)
        for type in contract.types {
            for field in type.fields {
                checkField(field, in: type, isRoot: type.name == root.name, contract: contract, &d)
            }
        }
        checkUnions(contract, &d)
        checkBehaviours(contract, root: root, &d)
        if case .flat(let omit, _) = contract.observation {
            for (index, name) in omit.enumerated() where root.field(named: name) == nil {
                let location = index < contract.observationOmitLocations.count ? contract.observationOmitLocations[index] : contract.location
                d.error("observation.omit names '\(name)', which is not a field of \(root.name)", at: location)
            }
        }
    }

    /// Each stored field of a type has its own JSON key: two fields read from one key would make
    /// the last duplicate-key rule meaningless. Keys are compared exactly (UTF-16 code units), as
    /// every reader compares them.
    static func checkJSONKeys(_ contract: Contract, _ d: inout DiagnosticCollector) {
        for type in contract.types {
            var seen: [String: Field] = [:]
            for field in type.fields {
                let key = field.derived == nil ? field.jsonKey : field.name
                if let earlier = seen[key] {
                    d.error("fields '\(earlier.name)' and '\(field.name)' of \(type.name) both use the JSON key '\(key)'; give one of them another 'json:' key",
                            at: field.jsonLocation ?? field.location)
                }
                seen[key] = field
                if let json = field.json, json.utf16.count > 1024 {
                    d.error("JSON key of '\(field.name)' is \(json.utf16.count) UTF-16 units long; keys are limited to 1024", at: field.jsonLocation ?? field.location)
                }
            }
        }
    }

    /// No field may take a code name or JSON key its type reserves: the key of a removed field
    /// still sits in old blobs, and a new field reading it would show the old value as its own.
    /// Compared exactly, as keys are read.
    static func checkReserved(_ contract: Contract, _ d: inout DiagnosticCollector) {
        for type in contract.types where !type.reserved.isEmpty {
            let reserved = Set(type.reserved.map(\.name))
            for field in type.fields {
                let key = field.derived == nil ? field.jsonKey : nil
                let (used, location): (String, SourceLocation)
                if let key, key != field.name, reserved.contains(key) {
                    (used, location) = ("JSON key '\(key)'", field.jsonLocation ?? field.location)
                } else if reserved.contains(field.name) {
                    (used, location) = ("name '\(field.name)'", field.location)
                } else {
                    continue
                }
                d.error("field '\(field.name)' of \(type.name) uses the \(used), which is reserved on \(type.name): a removed field's key stays in old blobs, "
                        + "so reusing it would make old blobs' values read as the new field; choose another name and JSON key", at: location)
            }
        }
    }

    static func referencedTypes(_ type: FieldType) -> [String] {
        switch type {
        case .object(let name), .union(let name): return [name]
        case .array(let element): return referencedTypes(element)
        case .map(let value): return referencedTypes(value)
        default: return []
        }
    }

    static func checkCycles(_ contract: Contract, _ d: inout DiagnosticCollector) {
        // A type that contains itself would make the observation unbounded; v:1 contracts are trees.
        for (typeName, location) in contract.types.map({ ($0.name, $0.location) }) + contract.unions.map({ ($0.name, $0.location) }) {
            var stack = contract.childTypeNames(of: typeName)
            var seen: Set<String> = []
            while let name = stack.popLast() {
                if name == typeName {
                    d.error("type '\(typeName)' contains itself; contracts are trees", at: location)
                    break
                }
                guard seen.insert(name).inserted else { continue }
                stack += contract.childTypeNames(of: name)
            }
        }
    }

    static func checkUnused(_ contract: Contract, _ d: inout DiagnosticCollector) {
        var used: Set<String> = [contract.rootTypeName]
        var stack = [contract.rootTypeName]
        while let name = stack.popLast() {
            for child in contract.childTypeNames(of: name) where used.insert(child).inserted { stack.append(child) }
        }
        for (name, location) in contract.types.map({ ($0.name, $0.location) }) + contract.unions.map({ ($0.name, $0.location) }) where !used.contains(name) {
            d.error("type '\(name)' is declared but never reached from root '\(contract.rootTypeName)'", at: location)
        }
    }

    static func checkField(_ field: Field, in type: ObjectType, isRoot: Bool, contract: Contract, _ d: inout DiagnosticCollector) {
        let c = field.constraints
        if c.nonEmpty {
            switch field.type {
            case .string, .array, .map: break
            default: d.error("'non-empty' applies to strings, arrays and maps, not \(field.type.schemaSpelling)", at: field.location)
            }
        }
        if c.min != nil || c.max != nil, !field.type.isNumeric {
            d.error("'min'/'max' apply to integer, number and epochMillis fields, not \(field.type.schemaSpelling)", at: field.constraintLocations["min"] ?? field.constraintLocations["max"] ?? field.location)
        }
        if let min = c.min, let max = c.max, min > max {
            d.error("'min' (\(min)) is greater than 'max' (\(max)): no value could be valid", at: field.location)
        }
        // Integral types (epochMillis too: an Int64 in Swift and Kotlin) need integral bounds.
        if field.type == .integer || field.type == .epochMillis {
            for bound in [c.min, c.max].compactMap({ $0 }) where bound != bound.rounded() || abs(bound) > 9_007_199_254_740_991 {
                d.error("\(field.type.schemaSpelling) bounds must be integers within ±(2^53−1), not \(bound)", at: field.location)
            }
        }
        // An instant is 1 … 2^53−1 ms: a bound below 1 says nothing (min) or leaves no valid value (max).
        if field.type == .epochMillis {
            for (key, bound) in [("min", c.min), ("max", c.max)] {
                if let bound, bound < 1 {
                    d.error("'\(key): \(Int64(exactly: bound).map(String.init) ?? "\(bound)")' on an epochMillis field: instants are 1 … 2^53−1, so a bound must be at least 1", at: field.constraintLocations[key] ?? field.location)
                }
            }
        }
        checkLimits(field, &d)
        checkExplicitNull(field, in: type, contract: contract, &d)
        if case .required(.dropElement) = field.presence, isRoot {
            d.error("'required: drop-element' on the root type has no element to drop; use 'required: fail-document'", at: field.location)
        }
        if case .defaultValue(let value) = field.presence {
            checkDefault(value, field: field, &d)
        }
        if let derived = field.derived {
            guard let root = contract.type(named: contract.rootTypeName) else { return }
            switch field.type {
            case .string, .bool, .integer, .number: break
            default: d.error("a derived field must be a string, bool, integer or number", at: field.typeLocation)
            }
            if let lookup = root.field(named: derived.lookupField) {
                if case .map(let valueType) = lookup.type {
                    if valueType != field.type {
                        d.error("'\(field.name)' is \(field.type.schemaSpelling) but \(root.name).\(lookup.name) holds \(valueType.schemaSpelling)", at: field.typeLocation)
                    }
                } else {
                    d.error("derived lookup '\(derived.lookupField)' must be a {map: T} field of \(root.name)", at: field.location)
                }
            } else {
                let hint = closestMatch(to: derived.lookupField, in: root.fields.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                d.error("derived lookup '\(derived.lookupField)' is not a field of root \(root.name)\(hint)", at: field.location)
            }
            if let key = type.field(named: derived.keyField) {
                if key.type != .string || key.derived != nil {
                    d.error("derived key '\(derived.keyField)' must be a stored string field of \(type.name)", at: field.location)
                }
            } else {
                let hint = closestMatch(to: derived.keyField, in: type.fields.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                d.error("derived key '\(derived.keyField)' is not a field of \(type.name)\(hint)", at: field.location)
            }
        }
    }

    /// `explicit-null: true`: only on a stored `optional` field of a scalar or enum type, which no
    /// behaviour or derivation reads (they take a value or nothing; a third state would need a
    /// rule of its own in each).
    static func checkExplicitNull(_ field: Field, in type: ObjectType, contract: Contract, _ d: inout DiagnosticCollector) {
        guard field.explicitNull else { return }
        let at = field.explicitNullLocation ?? field.location
        if field.derived != nil {
            d.error("a derived field is computed, so it takes no 'explicit-null'", at: at)
            return
        }
        if field.presence != .optional {
            d.error("'explicit-null' needs 'optional: true': a missing key reads as absent and null as null, so there is nothing to require or default (found '\(field.presence.spelling)')", at: at)
        }
        switch field.type {
        case .array, .map, .object, .union:
            d.error("'explicit-null' applies to scalar and enum fields, not \(field.type.schemaSpelling): an empty value or an optional field says 'nothing' for it", at: at)
        case .string, .bool, .integer, .number, .localDate, .epochMillis, .dateTime, .enumeration:
            break
        }
        let b = contract.behaviours
        var readers: [(String, String, String)] = []   // (type, field, reader)
        for (binding, what) in [(b.overlay, "overlay"), (b.doneQueue?.binding, "done-queue")] {
            guard let binding else { continue }
            readers += [(binding.typeName, binding.idField, what), (binding.typeName, binding.flagField, what)]
        }
        let root = contract.rootTypeName
        if let f = b.staleness?.field { readers.append((root, f, "staleness")) }
        if let f = b.header?.dayField { readers.append((root, f, "header")) }
        if let f = b.validUntil?.dayField { readers.append((root, f, "valid-until")) }
        for other in type.fields { if let derived = other.derived { readers.append((type.name, derived.keyField, "derived field '\(other.name)'")) } }
        for (typeName, fieldName, reader) in readers where typeName == type.name && fieldName == field.name {
            d.error("field '\(field.name)' is read by \(reader), which takes a value or nothing, so it cannot be 'explicit-null'", at: at)
        }
    }

    /// `min-length`/`max-length` (strings, in Unicode scalars) and `min-items`/`max-items`
    /// (arrays, over the kept elements): whole numbers from 0, the minimum not above the maximum,
    /// a maximum of at least 1 (0 would allow only the empty value), and no larger than the
    /// golden cases can spell (`SchemaLimits.maxLength`, `SchemaLimits.maxItems`).
    static func checkLimits(_ field: Field, _ d: inout DiagnosticCollector) {
        let c = field.constraints
        func location(_ key: String) -> SourceLocation { field.constraintLocations[key] ?? field.location }
        let isString: Bool, isArray: Bool
        switch field.type {
        case .string: isString = true; isArray = false
        case .array: isString = false; isArray = true
        case .bool, .integer, .number, .localDate, .epochMillis, .dateTime, .enumeration, .map, .object, .union: isString = false; isArray = false
        }
        for (key, value, applies, what, ceiling) in [
            ("min-length", c.minLength, isString, "strings", SchemaLimits.maxLength),
            ("max-length", c.maxLength, isString, "strings", SchemaLimits.maxLength),
            ("min-items", c.minItems, isArray, "arrays", SchemaLimits.maxItems),
            ("max-items", c.maxItems, isArray, "arrays", SchemaLimits.maxItems),
        ] {
            guard let value else { continue }
            if !applies {
                let fix = isString ? " (use 'min-length'/'max-length')" : isArray ? " (use 'min-items'/'max-items')" : ""
                d.error("'\(key)' applies to \(what) only, not \(field.type.schemaSpelling)\(fix)", at: location(key))
            } else if value < 0 {
                d.error("'\(key)' must be a whole number from 0, not \(value)", at: location(key))
            } else if value > ceiling {
                d.error("'\(key)' is \(value); limits go up to \(ceiling) (every limit gets golden cases holding a value at it and one past it)", at: location(key))
            } else if key.hasPrefix("max"), value == 0 {
                d.error("'\(key): 0' would allow only the empty value; drop the field or give a maximum of at least 1", at: location(key))
            }
        }
        if let min = c.minLength, let max = c.maxLength, min > max {
            d.error("'min-length' (\(min)) is greater than 'max-length' (\(max)): no string could be valid", at: location("min-length"))
        }
        if let min = c.minItems, let max = c.maxItems, min > max {
            d.error("'min-items' (\(min)) is greater than 'max-items' (\(max)): no array could be valid", at: location("min-items"))
        }
    }

    /// A numeric default against the field's `min` / `max`, at the bound it breaks.
    static func checkBounds(_ value: Double, field: Field, _ d: inout DiagnosticCollector) {
        let c = field.constraints
        let spelled = { (x: Double) in x == x.rounded() && abs(x) < 1e18 ? String(Int64(x)) : "\(x)" }
        if let min = c.min, value < min {
            d.error("field '\(field.name)': default \(spelled(value)) is below 'min' \(spelled(min))", at: field.constraintLocations["min"] ?? field.location)
        }
        if let max = c.max, value > max {
            d.error("field '\(field.name)': default \(spelled(value)) is above 'max' \(spelled(max))", at: field.constraintLocations["max"] ?? field.location)
        }
    }

    static func checkDefault(_ value: DefaultValue, field: Field, _ d: inout DiagnosticCollector) {
        let c = field.constraints
        switch (value, field.type) {
        case (.string(let text), .enumeration(let cases, _)) where !cases.contains(text):
            d.error("default '\(text)' is not one of the enum values \(cases)", at: field.location)
        case (.string(let text), .string) where c.nonEmpty && text.isEmpty:
            d.error("default \"\" contradicts 'non-empty'", at: field.location)
        case (.string(let text), .string) where !c.accepts(text: text):
            let length = text.unicodeScalars.count
            let key = c.minLength.map { length < $0 } == true ? "min-length" : "max-length"
            d.error("default is \(length) Unicode scalar\(length == 1 ? "" : "s") long, outside '\(key)' \((key == "min-length" ? c.minLength : c.maxLength)!)", at: field.constraintLocations[key] ?? field.location)
        case (.emptyArray, _) where c.nonEmpty, (.emptyMap, _) where c.nonEmpty:
            d.error("an empty default contradicts 'non-empty'", at: field.location)
        case (.emptyArray, _) where !c.accepts(items: 0):
            d.error("default [] has 0 items, below 'min-items' \(c.minItems ?? 0)", at: field.constraintLocations["min-items"] ?? field.location)
        case (.integer(let v), _):
            checkBounds(Double(v), field: field, &d)
        case (.number(let v), _):
            checkBounds(v, field: field, &d)
        default: break
        }
    }

    static func checkBinding(_ binding: TaskFlagBinding, name: String, contract: Contract, _ d: inout DiagnosticCollector) {
        guard let type = contract.type(named: binding.typeName) else {
            let hint = closestMatch(to: binding.typeName, in: contract.types.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            d.error("\(name) names type '\(binding.typeName)', which is not declared\(hint)", at: binding.location)
            return
        }
        if let id = type.field(named: binding.idField) {
            if id.type != .string || id.presence == .optional {
                d.error("\(name).id '\(binding.idField)' must be a required string field of \(type.name)", at: binding.location)
            }
        } else {
            d.error("\(name).id '\(binding.idField)' is not a field of \(type.name)", at: binding.location)
        }
        if let flag = type.field(named: binding.flagField) {
            if flag.type != .bool { d.error("\(name).flag '\(binding.flagField)' must be a bool field of \(type.name)", at: binding.location) }
        } else {
            d.error("\(name).flag '\(binding.flagField)' is not a field of \(type.name)", at: binding.location)
        }
    }

    static func checkBehaviours(_ contract: Contract, root: ObjectType, _ d: inout DiagnosticCollector) {
        let b = contract.behaviours
        if let overlay = b.overlay { checkBinding(overlay, name: "overlay", contract: contract, &d) }
        if let queue = b.doneQueue { checkBinding(queue.binding, name: "done-queue", contract: contract, &d) }
        if let staleness = b.staleness {
            if root.field(named: staleness.field)?.type != .epochMillis {
                d.error("staleness.field '\(staleness.field)' must be an epochMillis field of root \(root.name)", at: staleness.location)
            }
        }
        for (name, binding) in [("header", b.header), ("valid-until", b.validUntil)] {
            guard let binding else { continue }
            if root.field(named: binding.dayField)?.type != .localDate {
                d.error("\(name).day '\(binding.dayField)' must be a localDate field of root \(root.name)", at: binding.location)
            }
        }
        if let header = b.header, b.staleness == nil {
            d.error("'header' needs 'staleness' (the header is decided by the staleness verdict)", at: header.location)
        }
        if let timeline = b.timeline {
            // The timeline is the staleness verdict and the header laid out over time: it has no rule of its own.
            if b.staleness == nil { d.error("'timeline' needs 'staleness' (the timeline flips where the snapshot turns stale)", at: timeline.location) }
            if b.header == nil { d.error("'timeline' needs 'header' (each entry shows the header from its instant on)", at: timeline.location) }
        }
    }
}
