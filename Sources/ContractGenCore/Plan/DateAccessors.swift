/// Instants get a platform date beside their stored epoch milliseconds: Swift `Date`, Kotlin
/// `java.util.Date` (every Android API level; `java.time.Instant` needs API 26), TypeScript
/// `Date` (through `toDate`). Computed on each read from the stored value, so the value, its
/// equality, copies and the observations stay what the schema says.
enum DateAccessors {
    /// The `epochMillis` and `dateTime` fields of `type` that get an accessor (scalar fields; an
    /// array or map of instants keeps its numbers, and an `explicit-null` one its three states).
    static func fields(of type: ObjectType) -> [Field] { type.fields.filter(hasAccessor) }

    /// Whether the field gets an accessor (asked per field: filtering the type per field was
    /// quadratic in a type's fields).
    static func hasAccessor(_ field: Field) -> Bool {
        (field.type == .epochMillis || field.type == .dateTime) && field.derived == nil && !field.explicitNull
    }

    /// The accessor's name: `validUntil` → `validUntilDate`. The validator refuses a field with
    /// that name beside it.
    static func name(_ field: Field) -> String { field.name + "Date" }

    static func any(_ contract: Contract) -> Bool { contract.types.contains { !fields(of: $0).isEmpty } }
}
