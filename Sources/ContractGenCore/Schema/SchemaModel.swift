/// Stage 2's output: the typed schema model every emitter reads. Plain values, with locations.

/// One contract: a versioned JSON document, its types and its behaviours.
/// For example `widget-data` or `todo-count`.
public struct Contract: Sendable {
    /// The contract's name, e.g. `widget-data`; also the golden directory name.
    public var name: String
    public var doc: String
    /// The shared-storage key the document is written under, e.g. `widget_data`.
    public var storageKey: String?
    public var targets: Targets
    public var version: VersionGate
    /// The name of the root object type, e.g. `Snapshot`.
    public var rootTypeName: String
    /// Object types in declaration order (the order every emitter uses).
    public var types: [ObjectType]
    /// Tagged unions in declaration order (`union:` entries of `types:`), after the object types
    /// in every emitter.
    public var unions: [UnionType] = []
    public var behaviours: Behaviours
    public var observation: ObservationStyle
    /// Where each entry of a flat observation's `omit` list is written, in order (for diagnostics).
    public var observationOmitLocations: [SourceLocation] = []
    /// The schema file as given on the command line, e.g. `schema/widget-data.yaml`.
    public var sourcePath: String
    /// SHA-256 of the schema text, carried into every generated header.
    public var sourceHash: String
    public var location: SourceLocation

    public var rootType: ObjectType { types.first { $0.name == rootTypeName }! }

    public func type(named name: String) -> ObjectType? { types.first { $0.name == name } }

    public func union(named name: String) -> UnionType? { unions.first { $0.name == name } }

    /// The object types a value of the named type (object or union) may hold directly: an
    /// object's field types, a union's variants. For reachability walks over the schema.
    public func childTypeNames(of name: String) -> [String] {
        if let type = type(named: name) { return type.fields.flatMap { SchemaValidator.referencedTypes($0.type) } }
        if let union = union(named: name) { return union.variants.map(\.typeName) }
        return []
    }
}

/// A tagged union: one of several object types, chosen by a string discriminator in the object.
/// For example `Attachment {tag: kind, variants: {photo: Photo, link: Link}, unknown: link}`.
public struct UnionType: Sendable {
    public var name: String
    public var doc: String
    /// The discriminator's code name (TypeScript's discriminant property), e.g. `kind`.
    public var tag: String
    /// The discriminator's JSON key when it differs from its code name (`tag-json: "@type"`).
    public var tagJSON: String? = nil
    /// Tag value → object type, in declaration order.
    public var variants: [UnionVariant]
    /// The tag whose variant an unknown tag *string* reads as; nil: an unknown tag is invalid.
    public var unknown: String? = nil
    public var location: SourceLocation
    /// Where `tag:` (or `tag-json:`) and `unknown:` are written, for errors about them.
    public var tagLocation: SourceLocation
    public var unknownLocation: SourceLocation? = nil

    /// The JSON key the tag is read from and written to (and its key in observations).
    public var tagKey: String { tagJSON ?? tag }

    public func variant(tagged tag: String) -> UnionVariant? { variants.first { $0.tag == tag } }

    /// The variant an unknown tag string reads as, if any.
    public var fallback: UnionVariant? { unknown.flatMap(variant(tagged:)) }
}

/// One variant of a union: its tag value and the object type it is read as.
public struct UnionVariant: Sendable, Equatable {
    public var tag: String
    public var typeName: String
    public var location: SourceLocation
}

/// Per-language naming of the generated code.
/// For example `swift: {namespace: WidgetData}`, `kotlin: {package: dev.contractgen.widget, object: WidgetData}`.
public struct Targets: Sendable {
    public var swiftNamespace: String
    public var kotlinPackage: String
    public var kotlinObject: String
    public var typeScriptModule: String
}

/// Which field gates the version and which values readers accept.
/// For example `v`, writer writes 1, readers accept `[1]`.
public struct VersionGate: Sendable {
    public var field: String
    public var writes: Int
    public var accepts: [Int]
    public var doc: String
    public var location: SourceLocation
}

/// An object type: named fields in declaration order.
/// For example `Task { id, title, isDone, projectId, projectColor }`.
public struct ObjectType: Sendable {
    public var name: String
    public var doc: String
    public var fields: [Field]
    public var location: SourceLocation
    /// Code names and JSON keys no field of this type may use again (`reserved: [note, old_key]`),
    /// each with where it is written: a removed field's key reused would read old blobs' values
    /// as the new field.
    public var reserved: [ReservedName] = []

    /// Fields read from the JSON (everything that is not derived).
    public var storedFields: [Field] { fields.filter { $0.derived == nil } }

    public func field(named name: String) -> Field? { fields.first { $0.name == name } }
}

/// One entry of a type's `reserved:` list.
public struct ReservedName: Sendable, Equatable {
    public var name: String
    public var location: SourceLocation
}

/// One field, with its type, presence policy and constraints.
/// For example `projectId: string, non-empty, optional` (invalid or missing → null).
public struct Field: Sendable {
    public var name: String
    public var doc: String
    public var type: FieldType
    public var presence: Presence
    public var constraints: Constraints
    /// Set for fields computed from other fields rather than read from JSON.
    public var derived: Derivation?
    public var location: SourceLocation
    /// Where the `type:` value is written, for errors about the type itself.
    public var typeLocation: SourceLocation
    /// The JSON key when it differs from the code name (`json: start_time`); nil means the name.
    public var json: String? = nil
    /// Where `json:` is written, for errors about the key.
    public var jsonLocation: SourceLocation? = nil
    /// Where each constraint key (`min-length`, `max-items`, …) is written, for errors about it.
    public var constraintLocations: [String: SourceLocation] = [:]
    /// Why the field should no longer be used (`deprecated: "why"`); nil when it is not deprecated.
    /// Reading is unchanged: only the generated code marks the field.
    public var deprecated: String? = nil
    /// `explicit-null: true` (with `optional: true`): JSON `null` is a value of its own, read apart
    /// from a missing key; a missing key or an invalid value reads as absent.
    public var explicitNull = false
    /// Where `explicit-null:` is written.
    public var explicitNullLocation: SourceLocation? = nil

    /// The key this field is read from and written to, and its key in observations. For example
    /// `startTime` with `json: start_time` is read from `"start_time"`; without `json:`, from `"startTime"`.
    public var jsonKey: String { json ?? name }

    /// The field's key in an observation: its JSON key, or its name for a derived field.
    public var observedKey: String { derived == nil ? jsonKey : name }
}

/// The JSON shape a field accepts.
/// For example `{array: Task}` or `localDate`.
public indirect enum FieldType: Sendable, Equatable {
    case string, bool, integer, number, localDate, epochMillis
    /// An RFC 3339 date-time string with an explicit offset, read as epoch milliseconds.
    case dateTime
    /// Values spelled exactly; `unknown` (an open enum) is the value a string that is none of them
    /// reads as, e.g. `{enum: [confirmed, tentative, other], unknown: other}`.
    case enumeration([String], unknown: String? = nil)
    case array(FieldType)
    case map(FieldType)
    case object(String)
    /// A tagged union by name (`unions`), e.g. `Attachment`.
    case union(String)

    /// The spelling used in the schema and in messages.
    public var schemaSpelling: String {
        switch self {
        case .string: return "string"
        case .bool: return "bool"
        case .integer: return "integer"
        case .number: return "number"
        case .localDate: return "localDate"
        case .epochMillis: return "epochMillis"
        case .dateTime: return "dateTime"
        case .enumeration(let cases, let unknown):
            return "{enum: [\(cases.joined(separator: ", "))]\(unknown.map { ", unknown: \($0)" } ?? "")}"
        case .array(let element): return "{array: \(element.schemaSpelling)}"
        case .map(let value): return "{map: \(value.schemaSpelling)}"
        case .object(let name), .union(let name): return name
        }
    }

    public var isEnumeration: Bool {
        if case .enumeration = self { return true }
        return false
    }

    public static let scalarNames = ["string", "bool", "integer", "number", "localDate", "epochMillis", "dateTime"]

    /// Whether `min`/`max` make sense for the type.
    public var isNumeric: Bool {
        switch self {
        case .integer, .number, .epochMillis: return true
        case .string, .bool, .localDate, .dateTime, .enumeration, .array, .map, .object, .union: return false
        }
    }
}

/// What a missing or invalid value becomes.
/// For example `required: drop-element` (the enclosing element is invalid), `optional` (null), `default: false`.
public enum Presence: Sendable, Equatable {
    case required(RequiredPolicy)
    case optional
    case defaultValue(DefaultValue)

    public var spelling: String {
        switch self {
        case .required(let policy): return "required: \(policy.rawValue)"
        case .optional: return "optional"
        case .defaultValue(let value): return "default: \(value.spelling)"
        }
    }
}

/// What a required field's failure does.
public enum RequiredPolicy: String, Sendable, Equatable, CaseIterable {
    /// The object holding the field is invalid: dropped (and counted) in an array, or its own
    /// field's policy applies when it is a field value.
    case dropElement = "drop-element"
    /// The whole document is invalid (status `invalid`).
    case failDocument = "fail-document"
}

/// A declared default.
public enum DefaultValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case emptyArray
    case emptyMap

    public var spelling: String {
        switch self {
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .emptyArray: return "[]"
        case .emptyMap: return "{}"
        }
    }
}

/// Value constraints; a value outside them is invalid (and then degrades by its presence).
/// For example `non-empty: true`, `min: 0` or `max-length: 80`.
public struct Constraints: Sendable, Equatable {
    public var nonEmpty = false
    public var min: Double?
    public var max: Double?
    /// A string's length bounds, inclusive, in Unicode scalar values (code points): `"é"` is 1,
    /// `"e\u{301}"` 2, `"😀"` 1, in every language.
    public var minLength: Int?
    public var maxLength: Int?
    /// An array's size bounds, inclusive, counted over the elements kept (after drops).
    public var minItems: Int?
    public var maxItems: Int?

    public init(nonEmpty: Bool = false, min: Double? = nil, max: Double? = nil,
                minLength: Int? = nil, maxLength: Int? = nil, minItems: Int? = nil, maxItems: Int? = nil) {
        self.nonEmpty = nonEmpty
        self.min = min
        self.max = max
        self.minLength = minLength
        self.maxLength = maxLength
        self.minItems = minItems
        self.maxItems = maxItems
    }

    /// The length and size limits: each key as the schema spells it, and where it is kept.
    public static var limits: [(key: String, path: WritableKeyPath<Constraints, Int?>)] {
        [("min-length", \.minLength), ("max-length", \.maxLength), ("min-items", \.minItems), ("max-items", \.maxItems)]
    }

    /// Whether a string meets `non-empty` and the length limits (counted in Unicode scalars).
    public func accepts(text: String) -> Bool {
        let length = text.unicodeScalars.count
        return !(nonEmpty && length == 0) && (minLength.map { length >= $0 } ?? true) && (maxLength.map { length <= $0 } ?? true)
    }

    /// Whether an array of `count` kept elements meets `non-empty` and the size limits.
    public func accepts(items count: Int) -> Bool {
        !(nonEmpty && count == 0) && (minItems.map { count >= $0 } ?? true) && (maxItems.map { count <= $0 } ?? true)
    }
}

/// A field computed from a root-level map and a sibling key.
/// For example `projectColor = projectColors[projectId]`.
public struct Derivation: Sendable, Equatable {
    /// A root field of type `{map: T}`.
    public var lookupField: String
    /// A sibling string field holding the key.
    public var keyField: String
}

/// The behaviours a contract declares; each is emitted in all three languages.
public struct Behaviours: Sendable {
    public var overlay: TaskFlagBinding?
    public var staleness: Staleness?
    public var header: DayBinding?
    public var validUntil: DayBinding?
    public var doneQueue: DoneQueue?
    public var timeline: TimelineBinding?
}

/// Binds a behaviour to an object type's id and boolean flag.
/// For example `overlay: {type: Task, id: id, flag: isDone}`.
public struct TaskFlagBinding: Sendable {
    public var typeName: String
    public var idField: String
    public var flagField: String
    public var doc: String
    public var location: SourceLocation
}

/// `staleness: {field: validUntil}`: stale(now) = field != null && now >= field.
public struct Staleness: Sendable {
    public var field: String
    public var doc: String
    public var location: SourceLocation
}

/// A behaviour reading the root's local-date field, e.g. `header: {day: dayStr}`.
public struct DayBinding: Sendable {
    public var dayField: String
    public var doc: String
    public var location: SourceLocation
}

/// `timeline: {}`: the entries a widget renders over time, from `staleness` and `header`
/// (it binds no field of its own, so the rules it builds on cannot drift from it).
public struct TimelineBinding: Sendable {
    public var doc: String
    public var location: SourceLocation
}

/// The done-queue: `{taskId: targetIsDone}` in its own storage slot.
public struct DoneQueue: Sendable {
    public var binding: TaskFlagBinding
    public var storageKey: String?
}

/// How `decode` is observed.
public enum ObservationStyle: Sendable, Equatable {
    /// `{"status", <root fields but omitted ones>, "dropped"?}` (widget-data).
    case flat(omit: [String], dropped: Bool)
    /// `{"status", "value"}` (every other contract).
    case wrapped
}
