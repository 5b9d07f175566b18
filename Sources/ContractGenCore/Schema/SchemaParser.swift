/// Stage 2 of the pipeline: YAML nodes → the typed schema model. Shape errors only (unknown or
/// missing keys, wrong node kinds, bad spellings); cross-references are checked by `SchemaValidator`.
import Foundation

public enum SchemaParser {
    /// Builds a `Contract` from a loaded YAML document. Collects every error it can find.
    public static func parse(_ root: YAMLNode, sourcePath: String, sourceHash: String) throws(DiagnosticsError) -> Contract {
        var diagnostics = DiagnosticCollector()
        let contract = ContractBuilder().build(root, sourcePath: sourcePath, sourceHash: sourceHash, &diagnostics)
        if diagnostics.hasErrors || contract == nil {
            throw DiagnosticsError(diagnostics.diagnostics)
        }
        return contract!
    }
}

/// Reads one YAML mapping key by key and reports keys nobody asked for: a typo such as
/// `optinal:` is an error, never silently ignored.
struct MappingReader {
    let entries: [(key: YAMLScalar, value: YAMLNode)]
    let location: SourceLocation
    let what: String
    private(set) var consumed: Set<String> = []

    init?(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) {
        guard case .mapping(let entries, let location) = node else {
            diagnostics.error("\(what) must be a mapping, found \(node.kindName)", at: node.location)
            return nil
        }
        self.entries = entries
        self.location = location
        self.what = what
    }

    mutating func value(_ key: String) -> YAMLNode? {
        consumed.insert(key)
        return entries.first { $0.key.value == key }?.value
    }

    func keyLocation(_ key: String) -> SourceLocation? {
        entries.first { $0.key.value == key }?.key.location
    }

    func has(_ key: String) -> Bool { entries.contains { $0.key.value == key } }

    mutating func requiredValue(_ key: String, diagnostics: inout DiagnosticCollector) -> YAMLNode? {
        if let node = value(key) { return node }
        diagnostics.error("\(what) is missing '\(key)'", at: location)
        return nil
    }

    /// Reports every key that was not read, with a "did you mean" hint.
    func reportUnknownKeys(allowed: [String], diagnostics: inout DiagnosticCollector) {
        for (key, _) in entries where !consumed.contains(key.value) {
            var message = "unknown key '\(key.value)' in \(what)"
            if let hint = closestMatch(to: key.value, in: allowed) {
                message += " (did you mean '\(hint)'?)"
            } else {
                message += " (expected one of: \(allowed.joined(separator: ", ")))"
            }
            diagnostics.error(message, at: key.location)
        }
    }
}

/// Scalar conversions with located errors.
enum ScalarReading {
    static func string(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> String? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            diagnostics.error("\(what) must be text, found \(node.kindName == "a scalar" ? "null" : node.kindName)", at: node.location)
            return nil
        }
        return scalar.value
    }

    static func bool(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> Bool? {
        guard case .scalar(let scalar) = node, scalar.isPlain, scalar.value == "true" || scalar.value == "false" else {
            diagnostics.error("\(what) must be true or false", at: node.location)
            return nil
        }
        return scalar.value == "true"
    }

    static func integer(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> Int? {
        guard case .scalar(let scalar) = node, scalar.isPlain, let value = Int(scalar.value) else {
            diagnostics.error("\(what) must be an integer", at: node.location)
            return nil
        }
        return value
    }

    static func number(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> Double? {
        guard case .scalar(let scalar) = node, scalar.isPlain,
              scalar.value.range(of: #"^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
              let value = Double(scalar.value), value.isFinite
        else {
            diagnostics.error("\(what) must be a number", at: node.location)
            return nil
        }
        return value
    }

    static func stringList(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> [String]? {
        guard case .sequence(let items, _) = node else {
            diagnostics.error("\(what) must be a list, found \(node.kindName)", at: node.location)
            return nil
        }
        var result: [String] = []
        for item in items {
            guard let text = string(item, what: "each entry of \(what)", diagnostics: &diagnostics) else { return nil }
            result.append(text)
        }
        return result
    }

    static func identifier(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) -> String? {
        guard let text = string(node, what: what, diagnostics: &diagnostics) else { return nil }
        guard isIdentifier(text) else {
            diagnostics.error("\(what) '\(text)' must be an identifier (a letter, then letters or digits)", at: node.location)
            return nil
        }
        return text
    }

    // Names are checked scalar by scalar over the whole string: a regular expression's `$` also
    // matches before a final newline, which then reached file names and code.

    /// `widget-data`: lowercase letters and digits in dash-separated words, the first from a letter.
    static func isKebabName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.unicodeScalars.last != "-" else { return false }
        guard !text.contains("--") else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A TypeScript module file name: a lowercase letter, then lowercase letters, digits and '-'.
    static func isModuleName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// An enum value: an ASCII letter, then ASCII letters, digits, '-' and '_'.
    static func isEnumValue(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

/// Builds the model; keeps going after an error so one run reports all of them.
private struct ContractBuilder {
    static let topLevelKeys = ["contract", "doc", "storage-key", "targets", "version", "root", "types", "behaviours", "observation"]
    static let fieldKeys = ["type", "json", "doc", "required", "optional", "default", "non-empty", "min", "max", "min-length", "max-length", "min-items", "max-items", "derived", "deprecated", "explicit-null"]

    func build(_ root: YAMLNode, sourcePath: String, sourceHash: String, _ d: inout DiagnosticCollector) -> Contract? {
        guard var top = MappingReader(root, what: "the schema", diagnostics: &d) else { return nil }
        let name = top.requiredValue("contract", diagnostics: &d).flatMap { node -> String? in
            guard let text = ScalarReading.string(node, what: "'contract'", diagnostics: &d) else { return nil }
            guard ScalarReading.isKebabName(text) else {
                d.error("contract name '\(text)' must be lowercase-kebab-case, e.g. widget-data", at: node.location)
                return nil
            }
            return text
        }
        let doc = top.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
        let storageKey = top.value("storage-key").flatMap { ScalarReading.string($0, what: "'storage-key'", diagnostics: &d) }
        let targets = top.value("targets").flatMap { readTargets($0, contractName: name ?? "contract", &d) }
            ?? defaultTargets(contractName: name ?? "contract")
        let version = top.requiredValue("version", diagnostics: &d).flatMap { readVersion($0, &d) }
        let rootTypeName = top.requiredValue("root", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'root'", diagnostics: &d) }
        let (types, unions) = top.requiredValue("types", diagnostics: &d).flatMap { readTypes($0, &d) } ?? ([], [])
        let behaviours = top.value("behaviours").flatMap { readBehaviours($0, &d) } ?? Behaviours()
        let observation = top.value("observation").flatMap { readObservation($0, &d) } ?? .wrapped
        let omitLocations = top.value("observation").map(Self.omitLocations) ?? []
        top.reportUnknownKeys(allowed: Self.topLevelKeys, diagnostics: &d)
        guard let name, let version, let rootTypeName, !d.hasErrors else { return nil }
        // A type name is written the same way for an object and a union; the name decides which.
        let unionNames = Set(unions.map(\.name))
        let resolved = types.map { type -> ObjectType in
            var type = type
            type.fields = type.fields.map { field in
                var field = field
                field.type = Self.resolvingUnions(field.type, unionNames)
                return field
            }
            return type
        }
        var contract = Contract(
            name: name, doc: doc, storageKey: storageKey, targets: targets, version: version,
            rootTypeName: rootTypeName, types: resolved, behaviours: behaviours, observation: observation,
            sourcePath: sourcePath, sourceHash: sourceHash, location: root.location)
        contract.unions = unions
        contract.observationOmitLocations = omitLocations
        return contract
    }

    static func resolvingUnions(_ type: FieldType, _ unionNames: Set<String>) -> FieldType {
        switch type {
        case .object(let name) where unionNames.contains(name): return .union(name)
        case .array(let element): return .array(resolvingUnions(element, unionNames))
        case .map(let value): return .map(resolvingUnions(value, unionNames))
        default: return type
        }
    }

    func defaultTargets(contractName: String) -> Targets {
        let pascal = contractName.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return Targets(
            swiftNamespace: pascal,
            kotlinPackage: "dev.contractgen." + contractName.replacingOccurrences(of: "-", with: ""),
            kotlinObject: pascal, typeScriptModule: contractName)
    }

    /// Reports a namespace, object or module alias that cannot be a top-level name; false then.
    static func checkTargetName(_ name: String, what: String, taken: Set<String>, at location: SourceLocation, _ d: inout DiagnosticCollector) -> Bool {
        guard let problem = SchemaValidator.targetNameProblem(name, what: what, taken: taken) else { return true }
        d.error(problem, at: location)
        return false
    }

    func readTargets(_ node: YAMLNode, contractName: String, _ d: inout DiagnosticCollector) -> Targets? {
        var targets = defaultTargets(contractName: contractName)
        guard var reader = MappingReader(node, what: "'targets'", diagnostics: &d) else { return nil }
        if let swift = reader.value("swift"), var r = MappingReader(swift, what: "'targets.swift'", diagnostics: &d) {
            if let n = r.value("namespace"), let v = ScalarReading.identifier(n, what: "'namespace'", diagnostics: &d),
               Self.checkTargetName(v, what: "Swift namespace", taken: TakenNames.swift, at: n.location, &d) { targets.swiftNamespace = v }
            r.reportUnknownKeys(allowed: ["namespace"], diagnostics: &d)
        }
        if let kotlin = reader.value("kotlin"), var r = MappingReader(kotlin, what: "'targets.kotlin'", diagnostics: &d) {
            if let n = r.value("package"), let v = ScalarReading.string(n, what: "'package'", diagnostics: &d) {
                if let problem = SchemaValidator.kotlinPackageProblem(v) {
                    d.error(problem, at: n.location)
                } else {
                    targets.kotlinPackage = v
                }
            }
            if let n = r.value("object"), let v = ScalarReading.identifier(n, what: "'object'", diagnostics: &d),
               Self.checkTargetName(v, what: "Kotlin object", taken: TakenNames.kotlin, at: n.location, &d) { targets.kotlinObject = v }
            r.reportUnknownKeys(allowed: ["package", "object"], diagnostics: &d)
        }
        if let ts = reader.value("typescript"), var r = MappingReader(ts, what: "'targets.typescript'", diagnostics: &d) {
            if let n = r.value("module"), let v = ScalarReading.string(n, what: "'module'", diagnostics: &d) {
                if ScalarReading.isModuleName(v) {
                    if Self.checkTargetName(Naming.upperCamel(v), what: "TypeScript module alias (the testee imports '\(v)' as)", taken: TakenNames.typeScript, at: n.location, &d) {
                        targets.typeScriptModule = v
                    }
                } else {
                    d.error("TypeScript module '\(v)' must be a lowercase file name", at: n.location)
                }
            }
            r.reportUnknownKeys(allowed: ["module"], diagnostics: &d)
        }
        reader.reportUnknownKeys(allowed: ["swift", "kotlin", "typescript"], diagnostics: &d)
        return targets
    }

    func readVersion(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> VersionGate? {
        guard var reader = MappingReader(node, what: "'version'", diagnostics: &d) else { return nil }
        // The version field is a JSON key, never a code name: any non-empty key (`schema_version`, `v`).
        let field = reader.requiredValue("field", diagnostics: &d).flatMap { node -> String? in
            guard let key = ScalarReading.string(node, what: "'version.field'", diagnostics: &d) else { return nil }
            guard !key.isEmpty, key.utf16.count <= 1024 else {
                d.error("'version.field' is the JSON key of the version: 1 to 1024 UTF-16 units, not \(key.utf16.count)", at: node.location)
                return nil
            }
            return key
        }
        let writes = reader.requiredValue("writes", diagnostics: &d).flatMap { ScalarReading.integer($0, what: "'version.writes'", diagnostics: &d) }
        var accepts: [Int]?
        if let acceptsNode = reader.requiredValue("accepts", diagnostics: &d) {
            if case .sequence(let items, _) = acceptsNode, !items.isEmpty {
                accepts = items.compactMap { ScalarReading.integer($0, what: "each accepted version", diagnostics: &d) }
            } else {
                d.error("'version.accepts' must be a non-empty list of integers, e.g. [1]", at: acceptsNode.location)
            }
        }
        let doc = reader.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
        reader.reportUnknownKeys(allowed: ["field", "writes", "accepts", "doc"], diagnostics: &d)
        guard let field, let writes, let accepts else { return nil }
        // Whole numbers from 1 (0 and negatives are what a missing version often becomes), small
        // enough that the next version is still an exact IEEE double in every language.
        let range = 1...9_007_199_254_740_990
        if !range.contains(writes) {
            d.error("versions are whole numbers from 1 to 2^53−2, not \(writes); write e.g. 'writes: 1'", at: reader.keyLocation("writes"))
        }
        if let bad = accepts.first(where: { !range.contains($0) }) {
            d.error("versions are whole numbers from 1 to 2^53−2, not \(bad) (in 'accepts')", at: reader.keyLocation("accepts"))
        }
        if !accepts.contains(writes) {
            d.error("the version the writer writes (\(writes)) must be one the readers accept \(accepts)", at: reader.keyLocation("writes"))
        }
        return VersionGate(field: field, writes: writes, accepts: accepts, doc: doc, location: node.location)
    }

    func readTypes(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> ([ObjectType], [UnionType])? {
        guard case .mapping(let entries, _) = node else {
            d.error("'types' must be a mapping of type names to types, found \(node.kindName)", at: node.location)
            return nil
        }
        var types: [ObjectType] = []
        var unions: [UnionType] = []
        for (key, value) in entries {
            guard ScalarReading.isIdentifier(key.value), key.value.first!.isUppercase else {
                d.error("type name '\(key.value)' must be an UpperCamelCase identifier", at: key.location)
                continue
            }
            guard var reader = MappingReader(value, what: "type '\(key.value)'", diagnostics: &d) else { continue }
            let doc = reader.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
            if reader.has("union") {
                // A union is one of several object types; it has no fields of its own.
                for extra in ["fields", "reserved"] where reader.has(extra) {
                    d.error("type '\(key.value)' is a union, so it takes no '\(extra)' (its variants' object types declare fields)", at: reader.keyLocation(extra))
                    _ = reader.value(extra)
                }
                if let union = reader.value("union").flatMap({ readUnion($0, name: key, doc: doc, &d) }) { unions.append(union) }
                reader.reportUnknownKeys(allowed: ["doc", "union"], diagnostics: &d)
                continue
            }
            var fields: [Field] = []
            if let fieldsNode = reader.requiredValue("fields", diagnostics: &d) {
                if case .mapping(let fieldEntries, _) = fieldsNode, !fieldEntries.isEmpty {
                    for (fieldKey, fieldValue) in fieldEntries {
                        if let field = readField(name: fieldKey, fieldValue, owner: key.value, &d) { fields.append(field) }
                    }
                } else {
                    d.error("'fields' of type '\(key.value)' must be a non-empty mapping", at: fieldsNode.location)
                }
            }
            let reserved = reader.value("reserved").map { readReserved($0, typeName: key.value, &d) } ?? []
            reader.reportUnknownKeys(allowed: ["doc", "fields", "reserved", "union"], diagnostics: &d)
            types.append(ObjectType(name: key.value, doc: doc, fields: fields, location: key.location, reserved: reserved))
        }
        return (types, unions)
    }

    /// `union: {tag: kind, tag-json: KEY?, variants: {photo: Photo, …}, unknown: TAG?}`. Tags are
    /// spelled as enum values (each becomes a case name); `unknown` must be one of them.
    func readUnion(_ node: YAMLNode, name: YAMLScalar, doc: String, _ d: inout DiagnosticCollector) -> UnionType? {
        guard var r = MappingReader(node, what: "'union' of type '\(name.value)'", diagnostics: &d) else { return nil }
        let tagNode = r.requiredValue("tag", diagnostics: &d)
        let tag = tagNode.flatMap { node -> String? in
            guard let text = ScalarReading.string(node, what: "'tag'", diagnostics: &d) else { return nil }
            guard ScalarReading.isIdentifier(text), text.first!.isLowercase else {
                d.error("'tag' is the discriminator's name in code, a lowerCamelCase identifier; to read a JSON key such as '\(text)', "
                        + "name the tag in lowerCamelCase and give the key with 'tag-json: \"\(text)\"'", at: node.location)
                return nil
            }
            return text
        }
        let tagJSONNode = r.value("tag-json")
        let tagJSON = tagJSONNode.flatMap { node -> String? in
            guard let key = ScalarReading.string(node, what: "'tag-json'", diagnostics: &d) else { return nil }
            guard !key.isEmpty, key.utf16.count <= 1024 else {
                d.error("'tag-json' is the discriminator's JSON key: 1 to 1024 UTF-16 units, not \(key.utf16.count)", at: node.location)
                return nil
            }
            return key
        }
        var variants: [UnionVariant] = []
        if let variantsNode = r.requiredValue("variants", diagnostics: &d) {
            if case .mapping(let entries, _) = variantsNode, !entries.isEmpty {
                for (tagKey, typeNode) in entries {
                    guard ScalarReading.isEnumValue(tagKey.value) else {
                        // Each tag becomes a case name in Swift, Kotlin and TypeScript, as enum values do.
                        d.error("union tag '\(tagKey.value)' must start with a letter and hold only letters, digits, '-' and '_'", at: tagKey.location)
                        continue
                    }
                    if variants.contains(where: { $0.tag == tagKey.value }) {
                        d.error("union tag '\(tagKey.value)' is listed twice in '\(name.value)'", at: tagKey.location)
                        continue
                    }
                    if case .mapping = typeNode {
                        // A variant is read as an object (its tag is one of its keys), so it names an object type.
                        d.error("the variant of tag '\(tagKey.value)' must name an object type declared under 'types:', not a type expression such as {array: …}; declare an object type with a field of that type and name it here", at: typeNode.location)
                        continue
                    }
                    guard let typeName = ScalarReading.string(typeNode, what: "the variant type of tag '\(tagKey.value)'", diagnostics: &d) else { continue }
                    guard ScalarReading.isIdentifier(typeName), typeName.first!.isUppercase else {
                        d.error("the variant of tag '\(tagKey.value)' must name an object type (UpperCamelCase), not '\(typeName)'", at: typeNode.location)
                        continue
                    }
                    variants.append(UnionVariant(tag: tagKey.value, typeName: typeName, location: typeNode.location))
                }
            } else {
                d.error("'variants' of union '\(name.value)' must be a non-empty mapping of tag values to object types, e.g. {photo: Photo, link: Link}", at: variantsNode.location)
            }
        }
        let unknownNode = r.value("unknown")
        var unknown: String?
        if let unknownNode, let fallback = ScalarReading.string(unknownNode, what: "'unknown'", diagnostics: &d), !variants.isEmpty {
            if variants.contains(where: { $0.tag == fallback }) {
                unknown = fallback
            } else {
                // Exact spelling, as tags are read: 'Link' is not 'link'.
                let hint = closestMatch(to: fallback, in: variants.map(\.tag)).map { " (did you mean '\($0)'?)" } ?? ""
                d.error("'unknown: \(fallback)' must be one of the tags [\(variants.map(\.tag).joined(separator: ", "))]\(hint): an unknown tag string reads as that variant", at: unknownNode.location)
            }
        }
        r.reportUnknownKeys(allowed: ["tag", "tag-json", "variants", "unknown"], diagnostics: &d)
        guard let tag, !variants.isEmpty else { return nil }
        return UnionType(name: name.value, doc: doc, tag: tag, tagJSON: tagJSON == tag ? nil : tagJSON, variants: variants, unknown: unknown,
                         location: name.location, tagLocation: tagJSONNode?.location ?? tagNode?.location ?? name.location,
                         unknownLocation: unknownNode?.location)
    }

    /// `reserved: [note, old_key]`: a list of non-empty texts, each once.
    func readReserved(_ node: YAMLNode, typeName: String, _ d: inout DiagnosticCollector) -> [ReservedName] {
        guard case .sequence(let items, _) = node else {
            d.error("'reserved' of type '\(typeName)' must be a list of field names or JSON keys, found \(node.kindName)", at: node.location)
            return []
        }
        var result: [ReservedName] = []
        for item in items {
            guard let text = ScalarReading.string(item, what: "each entry of 'reserved'", diagnostics: &d) else { continue }
            if text.isEmpty {
                d.error("an entry of 'reserved' must be a non-empty field name or JSON key", at: item.location)
            } else if result.contains(where: { $0.name == text }) {
                d.error("'\(text)' is listed twice in 'reserved' of type '\(typeName)'", at: item.location)
            } else {
                result.append(ReservedName(name: text, location: item.location))
            }
        }
        return result
    }

    func readField(name: YAMLScalar, _ node: YAMLNode, owner: String, _ d: inout DiagnosticCollector) -> Field? {
        guard ScalarReading.isIdentifier(name.value), name.value.first!.isLowercase else {
            d.error("field name '\(name.value)' must be a lowerCamelCase identifier; to read a JSON key such as '\(name.value)', "
                    + "name the field in lowerCamelCase and give the key with 'json: \"\(name.value)\"'", at: name.location)
            return nil
        }
        let what = "field '\(owner).\(name.value)'"
        guard var reader = MappingReader(node, what: what, diagnostics: &d) else { return nil }
        let typeNode = reader.requiredValue("type", diagnostics: &d)
        let type = typeNode.flatMap { readType($0, &d) }
        let doc = reader.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
        let jsonNode = reader.value("json")
        let json = jsonNode.flatMap { ScalarReading.string($0, what: "'json'", diagnostics: &d) }
        var constraints = Constraints()
        if let n = reader.value("non-empty"), let v = ScalarReading.bool(n, what: "'non-empty'", diagnostics: &d) { constraints.nonEmpty = v }
        var constraintLocations: [String: SourceLocation] = [:]
        if let n = reader.value("min") {
            constraints.min = ScalarReading.number(n, what: "'min'", diagnostics: &d)
            constraintLocations["min"] = n.location
        }
        if let n = reader.value("max") {
            constraints.max = ScalarReading.number(n, what: "'max'", diagnostics: &d)
            constraintLocations["max"] = n.location
        }
        // Length and size limits: whole numbers (checked for sign, order and type by the validator).
        for (key, path) in Constraints.limits {
            guard let n = reader.value(key) else { continue }
            constraintLocations[key] = n.location
            constraints[keyPath: path] = ScalarReading.integer(n, what: "'\(key)'", diagnostics: &d)
        }
        var deprecated: String?
        if let n = reader.value("deprecated") {
            deprecated = readDeprecation(n, &d)
        }
        var explicitNull = false
        let explicitNullNode = reader.value("explicit-null")
        if let n = explicitNullNode, let v = ScalarReading.bool(n, what: "'explicit-null'", diagnostics: &d) { explicitNull = v }
        var derived: Derivation?
        if let n = reader.value("derived"), var r = MappingReader(n, what: "'derived' of \(what)", diagnostics: &d) {
            let lookup = r.requiredValue("lookup", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'lookup'", diagnostics: &d) }
            let key = r.requiredValue("key", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'key'", diagnostics: &d) }
            r.reportUnknownKeys(allowed: ["lookup", "key"], diagnostics: &d)
            if let lookup, let key { derived = Derivation(lookupField: lookup, keyField: key) }
        }
        // Exactly one presence policy (derived fields have none: they are always computed).
        let presenceKeys = ["required", "optional", "default"].filter { reader.has($0) }
        var presence: Presence = .optional
        if derived != nil {
            if let extra = presenceKeys.first {
                d.error("a derived field is computed, so it takes no '\(extra)'", at: reader.keyLocation(extra))
            }
            _ = reader.value("required"); _ = reader.value("optional"); _ = reader.value("default")
        } else if presenceKeys.isEmpty, reader.entries.contains(where: { entry in
            // A misspelt presence key ('optinal') is reported as unknown, with its hint; saying the
            // policy is missing as well would put a follow-on error first.
            !Self.fieldKeys.contains(entry.key.value)
                && ["required", "optional", "default"].contains(closestMatch(to: entry.key.value, in: Self.fieldKeys) ?? "")
        }) {
        } else if presenceKeys.count != 1 {
            d.error("\(what) needs exactly one of 'required: drop-element|fail-document', 'optional: true' or 'default: VALUE'"
                    + (presenceKeys.isEmpty ? "" : " (found \(presenceKeys.joined(separator: " and ")))"), at: name.location)
        } else if let n = reader.value("required") {
            if let text = ScalarReading.string(n, what: "'required'", diagnostics: &d) {
                if let policy = RequiredPolicy(rawValue: text) {
                    presence = .required(policy)
                } else {
                    let hint = closestMatch(to: text, in: RequiredPolicy.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                    d.error("'required' says what a missing or invalid value does: drop-element or fail-document, not '\(text)'\(hint)", at: n.location)
                }
            }
        } else if let n = reader.value("optional") {
            if ScalarReading.bool(n, what: "'optional'", diagnostics: &d) == false {
                d.error("'optional: false' says nothing; use 'required: drop-element' or 'required: fail-document'", at: n.location)
            }
            presence = .optional
        } else if let n = reader.value("default") {
            if let type, let value = readDefault(n, for: type, &d) { presence = .defaultValue(value) }
        }
        reader.reportUnknownKeys(allowed: Self.fieldKeys, diagnostics: &d)
        if let jsonNode, derived != nil {
            d.error("a derived field is computed, not read, so it has no JSON key ('json')", at: jsonNode.location)
        }
        guard let type else { return nil }
        return Field(name: name.value, doc: doc, type: type, presence: presence, constraints: constraints,
                     derived: derived, location: name.location, typeLocation: typeNode?.location ?? name.location,
                     json: json == name.value ? nil : json, jsonLocation: jsonNode?.location,
                     constraintLocations: constraintLocations, deprecated: deprecated,
                     explicitNull: explicitNull, explicitNullLocation: explicitNullNode?.location)
    }

    /// `deprecated: "why"`: the reason, which every language shows where the field is used. A
    /// reason is required (a bare `true` says nothing to the app developer who meets the mark).
    func readDeprecation(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> String? {
        if case .scalar(let scalar) = node, scalar.isPlain, scalar.value == "true" || scalar.value == "false" {
            d.error("'deprecated' says why the field should no longer be used: give the reason as text, e.g. 'deprecated: \"use place instead\"', not \(scalar.value)", at: node.location)
            return nil
        }
        guard let text = ScalarReading.string(node, what: "'deprecated'", diagnostics: &d) else { return nil }
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            d.error("'deprecated' needs a non-empty reason: say why the field should no longer be used and what to use instead", at: node.location)
            return nil
        }
        return text
    }

    func readType(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> FieldType? {
        switch node {
        case .scalar(let scalar):
            switch scalar.value {
            case "string": return .string
            case "bool": return .bool
            case "integer": return .integer
            case "number": return .number
            case "localDate": return .localDate
            case "epochMillis": return .epochMillis
            case "dateTime": return .dateTime
            default:
                if ScalarReading.isIdentifier(scalar.value), scalar.value.first!.isUppercase {
                    return .object(scalar.value)
                }
                var message = "unknown type '\(scalar.value)'"
                if let hint = closestMatch(to: scalar.value, in: FieldType.scalarNames) {
                    message += " (did you mean '\(hint)'?)"
                } else {
                    message += " (expected one of \(FieldType.scalarNames.joined(separator: ", ")), a type name, {enum: [...]}, {array: T} or {map: T})"
                }
                d.error(message, at: scalar.location)
                return nil
            }
        case .mapping(let entries, let location):
            // An enum may also name its fallback: {enum: [...], unknown: VALUE} (an open enum).
            if entries.count == 2, entries.contains(where: { $0.key.value == "enum" }),
               let fallback = entries.first(where: { $0.key.value == "unknown" }) {
                return readEnum(entries.first { $0.key.value == "enum" }!.value, unknown: fallback.value, &d)
            }
            guard entries.count == 1, let (key, value) = entries.first else {
                if entries.contains(where: { $0.key.value == "enum" }), let extra = entries.first(where: { $0.key.value != "enum" && $0.key.value != "unknown" }) {
                    let hint = closestMatch(to: extra.key.value, in: ["unknown"]).map { " (did you mean '\($0)'?)" } ?? " (expected 'unknown')"
                    d.error("unknown key '\(extra.key.value)' in an enum type\(hint)", at: extra.key.location)
                } else if let stray = entries.first(where: { $0.key.value == "unknown" }) {
                    d.error("'unknown' names an enum's fallback value, so it goes with 'enum: [...]'", at: stray.key.location)
                } else {
                    d.error("a composite type is one of {enum: [...]}, {enum: [...], unknown: VALUE}, {array: T} or {map: T}", at: location)
                }
                return nil
            }
            switch key.value {
            case "enum":
                return readEnum(value, unknown: nil, &d)
            case "unknown":
                d.error("'unknown' names an enum's fallback value, so it goes with 'enum: [...]'", at: key.location)
                return nil
            case "array":
                return readType(value, &d).map { .array($0) }
            case "map":
                return readType(value, &d).map { .map($0) }
            default:
                let hint = closestMatch(to: key.value, in: ["enum", "array", "map"]).map { " (did you mean '\($0)'?)" } ?? ""
                d.error("unknown composite type '\(key.value)'\(hint)", at: key.location)
                return nil
            }
        case .sequence(_, let location):
            d.error("a type is a name or a one-key mapping, not a list", at: location)
            return nil
        }
    }

    /// `enum: [a, b]`, and with `unknown: b` the value any other string reads as (it must be one of them).
    func readEnum(_ value: YAMLNode, unknown: YAMLNode?, _ d: inout DiagnosticCollector) -> FieldType? {
        guard let cases = ScalarReading.stringList(value, what: "'enum'", diagnostics: &d) else { return nil }
        if cases.isEmpty { d.error("an enum needs at least one value", at: value.location); return nil }
        if Set(cases).count != cases.count { d.error("enum values must be unique", at: value.location); return nil }
        for name in cases where !ScalarReading.isEnumValue(name) {
            // Each value becomes a case name in Swift, Kotlin and TypeScript.
            d.error("enum value '\(name)' must start with a letter and hold only letters, digits, '-' and '_'", at: value.location)
            return nil
        }
        guard let unknown else { return .enumeration(cases) }
        guard let fallback = ScalarReading.string(unknown, what: "'unknown'", diagnostics: &d) else { return nil }
        guard cases.contains(fallback) else {
            // Exact spelling, as values are read: 'Other' is not 'other'.
            let hint = closestMatch(to: fallback, in: cases).map { " (did you mean '\($0)'?)" } ?? ""
            d.error("'unknown: \(fallback)' must be one of the enum values [\(cases.joined(separator: ", "))]\(hint): an unknown string reads as that value", at: unknown.location)
            return nil
        }
        return .enumeration(cases, unknown: fallback)
    }

    func readDefault(_ node: YAMLNode, for type: FieldType, _ d: inout DiagnosticCollector) -> DefaultValue? {
        switch type {
        case .bool:
            return ScalarReading.bool(node, what: "the default of a bool", diagnostics: &d).map { .bool($0) }
        case .integer:
            return ScalarReading.integer(node, what: "the default of an integer", diagnostics: &d).map { .integer(Int64($0)) }
        case .number:
            return ScalarReading.number(node, what: "the default of a number", diagnostics: &d).map { .number($0) }
        case .string, .enumeration:
            return ScalarReading.string(node, what: "the default", diagnostics: &d).map { .string($0) }
        case .array:
            if case .sequence(let items, _) = node, items.isEmpty { return .emptyArray }
            d.error("the default of an array can only be []", at: node.location)
            return nil
        case .map:
            if case .mapping(let entries, _) = node, entries.isEmpty { return .emptyMap }
            d.error("the default of a map can only be {}", at: node.location)
            return nil
        case .object(let name), .union(let name):
            // Unions are told from objects after parsing, so both get this message.
            d.error("a \(name) field cannot have a default: an object or union value has no default to write (which fields, which variant?); make it optional or required", at: node.location)
            return nil
        case .localDate, .epochMillis, .dateTime:
            d.error("a \(type.schemaSpelling) field cannot have a default (a made-up date or instant is exactly the bug this tool prevents); make it optional", at: node.location)
            return nil
        }
    }

    func readBinding(_ node: YAMLNode, what: String, _ d: inout DiagnosticCollector, extraKeys: [String] = []) -> (TaskFlagBinding, MappingReader)? {
        guard var r = MappingReader(node, what: what, diagnostics: &d) else { return nil }
        let type = r.requiredValue("type", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'type'", diagnostics: &d) }
        let id = r.requiredValue("id", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'id'", diagnostics: &d) }
        let flag = r.requiredValue("flag", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'flag'", diagnostics: &d) }
        let doc = r.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
        guard let type, let id, let flag else { return nil }
        return (TaskFlagBinding(typeName: type, idField: id, flagField: flag, doc: doc, location: node.location), r)
    }

    func readDay(_ node: YAMLNode, what: String, _ d: inout DiagnosticCollector) -> DayBinding? {
        guard var r = MappingReader(node, what: what, diagnostics: &d) else { return nil }
        let day = r.requiredValue("day", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'day'", diagnostics: &d) }
        let doc = r.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
        r.reportUnknownKeys(allowed: ["day", "doc"], diagnostics: &d)
        return day.map { DayBinding(dayField: $0, doc: doc, location: node.location) }
    }

    func readBehaviours(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> Behaviours? {
        guard var reader = MappingReader(node, what: "'behaviours'", diagnostics: &d) else { return nil }
        var behaviours = Behaviours()
        if let n = reader.value("overlay"), let (binding, r) = readBinding(n, what: "'overlay'", &d) {
            r.reportUnknownKeys(allowed: ["type", "id", "flag", "doc"], diagnostics: &d)
            behaviours.overlay = binding
        }
        if let n = reader.value("staleness"), var r = MappingReader(n, what: "'staleness'", diagnostics: &d) {
            let field = r.requiredValue("field", diagnostics: &d).flatMap { ScalarReading.identifier($0, what: "'field'", diagnostics: &d) }
            let doc = r.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
            r.reportUnknownKeys(allowed: ["field", "doc"], diagnostics: &d)
            behaviours.staleness = field.map { Staleness(field: $0, doc: doc, location: n.location) }
        }
        if let n = reader.value("header") { behaviours.header = readDay(n, what: "'header'", &d) }
        if let n = reader.value("valid-until") { behaviours.validUntil = readDay(n, what: "'valid-until'", &d) }
        if let n = reader.value("done-queue"), let (binding, reader0) = readBinding(n, what: "'done-queue'", &d) {
            var r = reader0
            let key = r.value("storage-key").flatMap { ScalarReading.string($0, what: "'storage-key'", diagnostics: &d) }
            r.reportUnknownKeys(allowed: ["type", "id", "flag", "doc", "storage-key"], diagnostics: &d)
            behaviours.doneQueue = DoneQueue(binding: binding, storageKey: key)
        }
        if let n = reader.value("timeline"), var r = MappingReader(n, what: "'timeline'", diagnostics: &d) {
            let doc = r.value("doc").flatMap { ScalarReading.string($0, what: "'doc'", diagnostics: &d) } ?? ""
            r.reportUnknownKeys(allowed: ["doc"], diagnostics: &d)
            behaviours.timeline = TimelineBinding(doc: doc, location: n.location)
        }
        reader.reportUnknownKeys(allowed: ["overlay", "staleness", "header", "valid-until", "done-queue", "timeline"], diagnostics: &d)
        return behaviours
    }

    /// Where each `observation.omit` entry is written, so a name the root lacks is reported there.
    static func omitLocations(_ observation: YAMLNode) -> [SourceLocation] {
        guard case .mapping(let entries, _) = observation,
              let omit = entries.last(where: { $0.key.value == "omit" })?.value,
              case .sequence(let items, _) = omit else { return [] }
        return items.map(\.location)
    }

    func readObservation(_ node: YAMLNode, _ d: inout DiagnosticCollector) -> ObservationStyle? {
        guard var r = MappingReader(node, what: "'observation'", diagnostics: &d) else { return nil }
        let style = r.requiredValue("style", diagnostics: &d).flatMap { ScalarReading.string($0, what: "'style'", diagnostics: &d) }
        let omit = r.value("omit").flatMap { ScalarReading.stringList($0, what: "'omit'", diagnostics: &d) } ?? []
        let dropped = r.value("dropped").flatMap { ScalarReading.bool($0, what: "'dropped'", diagnostics: &d) } ?? false
        switch style {
        case "flat":
            r.reportUnknownKeys(allowed: ["style", "omit", "dropped"], diagnostics: &d)
            return .flat(omit: omit, dropped: dropped)
        case "wrapped":
            for key in ["omit", "dropped"] where r.has(key) {
                d.error("'\(key)' applies to 'style: flat' only", at: r.keyLocation(key))
            }
            r.reportUnknownKeys(allowed: ["style", "omit", "dropped"], diagnostics: &d)
            return .wrapped
        case let other?:
            d.error("observation style must be 'flat' or 'wrapped', not '\(other)'", at: r.keyLocation("style"))
            return nil
        case nil:
            return nil
        }
    }
}
