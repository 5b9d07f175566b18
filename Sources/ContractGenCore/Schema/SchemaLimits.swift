/// Size limits a valid schema must stay within, checked after validation (`SchemaLoader.load`).
///
/// - Nesting: no document of the schema may nest deeper than the 512 levels every decoder
///   accepts (the root object is level 1; each array, map or object value opens one more). A
///   deeper schema would describe documents no conforming decoder may read, and its goldens
///   would expect `ok` for them.
/// - Required fields per type: the golden cases that isolate a required field hold every other
///   required field of its type, so their size grows with the square of that count
///   (docs/scaling.md); 256 keeps the worst type to a few megabytes of goldens.
/// - Fields per type (JVM parameter slots): Kotlin declares a type as one data class whose
///   constructor takes every field, and a JVM method takes at most 255 parameter slots. A
///   non-null Long or Double (an integer, epochMillis, dateTime or number field that is required
///   or defaulted) takes two, any other field one; the data class's synthetic default constructor
///   and `copy$default` add one slot per 32 fields and two more. kotlinc 1.3 compiles a wider
///   class, but the JVM (and Android) refuses to load it: ClassFormatError.
/// - Length and size limits (`min-length` … `max-items`): the golden cases hold a value at each
///   limit and one past it, so a limit stays small enough to spell there: 100,000 Unicode scalars
///   for a string, 1,000 elements for an array.
public enum SchemaLimits {
    public static let maxDepth = 512
    public static let maxRequiredFieldsPerType = 256
    public static let maxLength = 100_000
    public static let maxItems = 1_000
    /// The JVM's limit on a method's parameter slots (`this` or the copied instance included).
    public static let maxJVMParameterSlots = 255

    public static func check(_ contract: Contract) throws(DiagnosticsError) {
        var d = DiagnosticCollector()
        checkDepth(contract, &d)
        checkRequiredFields(contract, &d)
        checkJVMParameterSlots(contract, &d)
        if d.hasErrors { throw DiagnosticsError(d.diagnostics) }
    }

    static func checkRequiredFields(_ contract: Contract, _ d: inout DiagnosticCollector) {
        for type in contract.types {
            var required = 0
            for field in type.storedFields {
                guard case .required = field.presence else { continue }
                required += 1
                if required == maxRequiredFieldsPerType + 1 {
                    d.error("type '\(type.name)' has more than \(maxRequiredFieldsPerType) required fields; make some optional or defaulted, or split the type", at: field.location)
                }
            }
        }
    }

    /// Parameter slots of the widest method Kotlin generates for the type: its fields' slots, one
    /// int of default-argument flags per 32 fields, and the instance and a marker (docs/scaling.md).
    static func jvmParameterSlots(_ type: ObjectType) -> Int {
        let fields = type.fields.reduce(0) { $0 + jvmSlots($1) }
        return fields + (type.fields.count + 31) / 32 + 2
    }

    /// Two for a field Kotlin declares as a non-null Long or Double (KotlinNames.type: integer,
    /// epochMillis and dateTime are Long, number is Double; optional and derived fields are
    /// nullable, explicit-null ones a ContractNullable, both references), one for any other.
    static func jvmSlots(_ field: Field) -> Int {
        guard !field.explicitNull, field.derived == nil, field.presence != .optional else { return 1 }
        switch field.type {
        case .integer, .epochMillis, .dateTime, .number: return 2
        default: return 1
        }
    }

    static func checkJVMParameterSlots(_ contract: Contract, _ d: inout DiagnosticCollector) {
        for type in contract.types {
            let slots = jvmParameterSlots(type)
            guard slots > maxJVMParameterSlots else { continue }
            d.error("type '\(type.name)' has \(type.fields.count) fields, too many for one Kotlin constructor: they need \(slots) JVM parameter slots (an integer, number, epochMillis or dateTime field that is required or defaulted takes two, any other field one, plus one per 32 fields and two more), and the JVM allows \(maxJVMParameterSlots); move some fields into a nested object type", at: type.location)
        }
    }

    /// The deepest document level each type's object can reach, the root object being level 1
    /// for itself. Iterative (a schema may chain thousands of types) and cycle-safe.
    static func objectDepths(_ contract: Contract) -> [String: Int] {
        let byName = Dictionary(contract.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let unions = Dictionary(contract.unions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var depth: [String: Int] = [:]
        var inProgress: Set<String> = []
        for start in contract.types.map(\.name) where depth[start] == nil {
            var stack: [(name: String, expanded: Bool)] = [(start, false)]
            while let (name, expanded) = stack.popLast() {
                if depth[name] != nil { continue }
                // A union's value is the object of one of its variants: as deep as the deepest.
                if let union = unions[name] {
                    let variants = union.variants.map(\.typeName)
                    if expanded {
                        inProgress.remove(name)
                        depth[name] = variants.map { depth[$0] ?? 1 }.max() ?? 1
                        continue
                    }
                    if !inProgress.insert(name).inserted { continue }
                    stack.append((name, true))
                    for child in variants where depth[child] == nil && !inProgress.contains(child) { stack.append((child, false)) }
                    continue
                }
                guard let type = byName[name] else { depth[name] = 1; continue }
                if expanded {
                    inProgress.remove(name)
                    depth[name] = 1 + (type.storedFields.map { valueLevels($0.type, depth) }.max() ?? 0)
                    continue
                }
                if !inProgress.insert(name).inserted { continue }   // a cycle: the validator reports it
                stack.append((name, true))
                for field in type.storedFields {
                    for child in SchemaValidator.referencedTypes(field.type) where depth[child] == nil && !inProgress.contains(child) {
                        stack.append((child, false))
                    }
                }
            }
        }
        return depth
    }

    /// Levels a field's value opens below its object: one per array or map, plus the object's own.
    static func valueLevels(_ type: FieldType, _ depth: [String: Int]) -> Int {
        switch type {
        case .array(let element), .map(let element): return 1 + valueLevels(element, depth)
        case .object(let name), .union(let name): return depth[name] ?? 1
        default: return 0
        }
    }

    /// The object type a field's innermost value reads: the object itself, or a union's deepest
    /// variant (the one the depth check follows down); nil for a scalar.
    private static func deepestObjectType(_ type: FieldType, _ contract: Contract, _ depth: [String: Int]) -> ObjectType? {
        switch type {
        case .object(let name): return contract.type(named: name)
        case .union(let name):
            let variants = contract.union(named: name)?.variants.map(\.typeName) ?? []
            return variants.max { (depth[$0] ?? 1) < (depth[$1] ?? 1) }.flatMap { contract.type(named: $0) }
        default: return nil
        }
    }

    static func checkDepth(_ contract: Contract, _ d: inout DiagnosticCollector) {
        let depth = objectDepths(contract)
        guard let rootDepth = depth[contract.rootTypeName], rootDepth > maxDepth else { return }
        // Follow the deepest path down to the field whose value opens level maxDepth + 1.
        var type = contract.rootType
        var level = 1
        var trail: [String] = []
        while true {
            guard let field = type.storedFields.max(by: { valueLevels($0.type, depth) < valueLevels($1.type, depth) }) else { return }
            trail.append("\(type.name).\(field.name)")
            var containers = 0
            var inner = field.type
            unwrap: while true {
                switch inner {
                case .array(let element), .map(let element): containers += 1; inner = element
                default: break unwrap
                }
            }
            let objectLevel = level + containers + 1
            guard objectLevel <= maxDepth, let next = deepestObjectType(inner, contract, depth) else {
                let shown = trail.count > 6 ? trail.prefix(3).joined(separator: " → ") + " → … → " + trail.suffix(2).joined(separator: " → ") : trail.joined(separator: " → ")
                d.error("documents of this schema nest \(rootDepth) levels deep (\(shown)); decoders read at most \(maxDepth) levels (the root object is level 1), so no such document could ever be read", at: field.typeLocation)
                return
            }
            type = next
            level = objectLevel
        }
    }
}
