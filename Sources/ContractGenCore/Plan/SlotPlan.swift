/// One stored field of an object type as the decoder handles it: its key, what it reads, the
/// checks the value must pass, what a missing or invalid value becomes, whether drops inside it count.
struct SlotPlan {
    let field: Field
    /// The name in generated code (the schema's field name; renderers rename locals that clash).
    var codeName: String { field.name }
    /// The key read from the JSON object.
    var jsonKey: String { field.jsonKey }
    let read: ValueRead
    let presence: PresenceAction
    /// Whether decoding the value can drop array elements; they count only if the object is kept,
    /// and a later occurrence of the key replaces the earlier one's count.
    var countsDrops: Bool { read.operation.countsDrops }
    /// Optional (and derived) fields hold null; required and defaulted ones never do.
    var isNullable: Bool { presence == .null || presence == .absent }
    /// `explicit-null`: JSON `null` is read as null, checked before the value is read.
    var readsNull: Bool { presence == .absent }

    init(_ field: Field) {
        self.field = field
        read = ValueRead(field.type, constraints: field.constraints)
        presence = field.explicitNull ? .absent : PresenceAction(field.presence)
    }
}

/// Reading one value: the operation, then the checks (a value failing one is invalid).
struct ValueRead {
    let operation: ReadOperation
    let checks: [ConstraintCheck]

    init(_ type: FieldType, constraints: Constraints = Constraints()) {
        operation = ReadOperation(type)
        checks = ConstraintCheck.all(constraints, for: operation)
    }
}

/// How a value is read from the scanner. Exhaustive: a renderer that forgets a case does not compile.
indirect enum ReadOperation: Hashable {
    /// A scalar read by the runtime's scanner method of the same name in every language.
    case scalar(ScalarKind)
    /// A string that must be one of the cases, spelled exactly (no case folding, no normalisation).
    /// With `unknown` (an open enum) a string that is none of them reads as that case instead of
    /// being invalid; a value that is not a string (another JSON type, an unpaired surrogate) is
    /// invalid either way, so the presence policy decides.
    case enumeration([String], unknown: String? = nil)
    /// An object type's decoder.
    case object(String)
    /// A tagged union's decoder: the tag is found first (the object is scanned once for it, its
    /// last occurrence wins), then the object is read by the tag's variant decoder.
    case union(String)
    /// An array helper (`decodeArrayOf…`); bad elements are dropped and counted.
    case array(ReadOperation)
    /// A map helper (`decodeMapOf…`); bad entries are ignored one by one.
    case map(ReadOperation)

    init(_ type: FieldType) {
        switch type {
        case .string: self = .scalar(.string)
        case .bool: self = .scalar(.bool)
        case .integer: self = .scalar(.integer)
        case .number: self = .scalar(.number)
        case .localDate: self = .scalar(.localDate)
        case .epochMillis: self = .scalar(.epochMillis)
        case .dateTime: self = .scalar(.dateTime)
        case .enumeration(let cases, let unknown): self = .enumeration(cases, unknown: unknown)
        case .object(let name): self = .object(name)
        case .union(let name): self = .union(name)
        case .array(let element): self = .array(ReadOperation(element))
        case .map(let value): self = .map(ReadOperation(value))
        }
    }

    /// Whether reading can drop array elements (counted only if the enclosing value is kept).
    var countsDrops: Bool {
        switch self {
        case .array, .object, .union: return true
        case .map(let value): return value.countsDrops
        case .scalar, .enumeration: return false
        }
    }

    /// Whether an open enum is read here, directly or as an array element or map value.
    var readsOpenEnumeration: Bool {
        switch self {
        case .enumeration(_, let unknown): return unknown != nil
        case .array(let element), .map(let element): return element.readsOpenEnumeration
        case .scalar, .object, .union: return false
        }
    }

    /// Whether a union is read here, directly or as an array element or map value.
    var readsUnion: Bool {
        switch self {
        case .union: return true
        case .array(let element), .map(let element): return element.readsUnion
        case .scalar, .enumeration, .object: return false
        }
    }

    /// Whether the read goes through a generated helper taking the decode context.
    var callsDecoder: Bool {
        switch self {
        case .array, .map, .object, .union: return true
        case .scalar, .enumeration: return false
        }
    }
}

/// The scalar kinds; each is one runtime reader (`scanner.<rawValue>()`) and one writer per language.
enum ScalarKind: String, CaseIterable {
    case string, bool, integer, number, localDate, epochMillis, dateTime

    /// Whether `min`/`max` are written as integers.
    var isIntegral: Bool {
        switch self {
        case .integer, .epochMillis: return true
        case .string, .bool, .number, .localDate, .dateTime: return false
        }
    }
}

/// One constraint a read value must meet.
enum ConstraintCheck: Equatable {
    /// A non-empty string or array (`length`) or map (`size`).
    case nonEmpty(isMap: Bool)
    case atLeast(Double, integral: Bool)
    case atMost(Double, integral: Bool)
    /// A string's length within inclusive bounds (at least one given), counted in Unicode scalar
    /// values (code points) in every language: never grapheme clusters, never UTF-16 units.
    case textLength(min: Int?, max: Int?)
    /// An array's size within inclusive bounds (at least one given), counted over the elements the
    /// array helper kept (after drops): what the app sees.
    case itemCount(min: Int?, max: Int?)

    static func all(_ constraints: Constraints, for operation: ReadOperation) -> [ConstraintCheck] {
        var checks: [ConstraintCheck] = []
        let isMap: Bool
        let integral: Bool
        switch operation {
        case .map: isMap = true; integral = false
        case .scalar(let kind): isMap = false; integral = kind.isIntegral
        case .enumeration, .object, .union, .array: isMap = false; integral = false
        }
        if constraints.nonEmpty { checks.append(.nonEmpty(isMap: isMap)) }
        if let min = constraints.min { checks.append(.atLeast(min, integral: integral)) }
        if let max = constraints.max { checks.append(.atMost(max, integral: integral)) }
        if constraints.minLength != nil || constraints.maxLength != nil {
            checks.append(.textLength(min: constraints.minLength, max: constraints.maxLength))
        }
        if constraints.minItems != nil || constraints.maxItems != nil {
            checks.append(.itemCount(min: constraints.minItems, max: constraints.maxItems))
        }
        return checks
    }
}

/// What the decoder does, after all keys, with a slot that is missing or invalid.
enum PresenceAction: Equatable {
    /// The enclosing object is invalid (dropped in an array, its own field's rule otherwise).
    case dropElement
    /// The whole document is `invalid`.
    case failDocument
    /// The field is null.
    case null
    /// `explicit-null`: the field is absent (JSON `null` is read as null, a value of its own).
    case absent
    /// The declared default.
    case defaultValue(DefaultValue)

    init(_ presence: Presence) {
        switch presence {
        case .required(.dropElement): self = .dropElement
        case .required(.failDocument): self = .failDocument
        case .optional: self = .null
        case .defaultValue(let value): self = .defaultValue(value)
        }
    }
}
