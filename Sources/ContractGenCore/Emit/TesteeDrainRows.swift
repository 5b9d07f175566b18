/// The testees' check of the done-queue's drain convenience (drain over decoded rows: Swift
/// `drain(_:tasks:)`, Kotlin `drain(queue, tasks)`, TypeScript `doneQueueDrainTasks`), which no
/// op calls: for a `queue.drain` request each task becomes two rows of the queue's type, the first
/// with the other flag, and the convenience must answer what drain over the ids and flags answers
/// (a later row of an id wins). A row is built with a placeholder for every other field the type
/// requires; when one has no plain placeholder (an object, a union, an enum) the check is left out.
struct TesteeDrainRows {
    let contract: Contract

    enum Target { case swift, kotlin, typescript }

    var binding: TaskFlagBinding? { contract.behaviours.doneQueue?.binding }

    /// The expression of one row, with `id` and `flag` (expressions) as its id and flag, or nil.
    func row(_ target: Target, id: String, flag: String) -> String? {
        guard let binding, let type = contract.type(named: binding.typeName) else { return nil }
        var parts: [String] = []
        for field in type.fields {
            let value: String
            if field.name == binding.idField {
                value = id
            } else if field.name == binding.flagField {
                value = flag
            } else if field.derived != nil {
                guard target == .typescript else { continue }
                value = "null"
            } else if case .required = field.presence {
                guard let placeholder = Self.placeholder(field.type, target) else { return nil }
                value = placeholder
            } else {
                guard target == .typescript else { continue }  // Swift and Kotlin have defaults for these
                if case .defaultValue = field.presence {
                    guard let placeholder = Self.placeholder(field.type, target) else { return nil }
                    value = placeholder
                } else {
                    value = field.explicitNull ? "undefined" : "null"
                }
            }
            parts.append(target == .kotlin ? "\(field.name) = \(value)" : "\(field.name): \(value)")
        }
        switch target {
        case .swift: return "\(contract.targets.swiftNamespace).\(binding.typeName)(\(parts.joined(separator: ", ")))"
        case .kotlin: return "\(contract.targets.kotlinObject).\(binding.typeName)(\(parts.joined(separator: ", ")))"
        case .typescript: return "{ \(parts.joined(separator: ", ")) }"
        }
    }

    /// A value of the type that any reader would take, where one is plain to write.
    static func placeholder(_ type: FieldType, _ target: Target) -> String? {
        switch (type, target) {
        case (.string, _): return "\"\""
        case (.bool, _): return "false"
        case (.localDate, _): return "\"2000-01-01\""
        case (.integer, .kotlin), (.dateTime, .kotlin): return "0L"
        case (.epochMillis, .kotlin): return "1L"
        case (.number, .kotlin): return "0.0"
        case (.integer, _), (.number, _), (.dateTime, _): return "0"
        case (.epochMillis, _): return "1"
        case (.array, .swift): return "[]"
        case (.array, .kotlin): return "emptyList()"
        case (.array, .typescript): return "[]"
        case (.map, .swift): return "[:]"
        case (.map, .kotlin): return "emptyMap()"
        case (.map, .typescript): return "new Map()"
        case (.enumeration, _), (.object, _), (.union, _): return nil
        }
    }
}
