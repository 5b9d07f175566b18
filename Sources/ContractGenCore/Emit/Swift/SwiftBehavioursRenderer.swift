/// Renders the plan's behaviours in Swift, one function per behaviour.
extension SwiftContractWriter {
    // MARK: Behaviours

    /// The one place behaviours are rendered: a new behaviour is one more case and function.
    func behaviours(_ p: inout CodePrinter) {
        guard !plan.behaviours.isEmpty else { return }
        p.line("// MARK: - Behaviours")
        if let entry = queueEntryBinding { queueEntryType(entry, &p) }
        for behaviour in plan.behaviours {
            switch behaviour {
            case .overlay(let overlay): overlayFunctions(overlay, &p)
            case .staleness(let staleness, _): stalenessFunction(staleness, &p)
            case .header(let header): headerFunctions(header, &p)
            case .validUntil(let validUntil): validUntilFunction(validUntil, &p)
            case .doneQueue(let queue, let flagIsNullable): doneQueueFunctions(queue, flagIsNullable: flagIsNullable, &p)
            case .timeline: SwiftTimelineRenderer(contract: contract).behaviour(&p)
            }
        }
        p.line()
    }

    func stalenessFunction(_ staleness: Staleness, _ p: inout CodePrinter) {
        p.line()
        p.doc(staleness.doc, style: .tripleSlash)
        p.block("public static func isStale(_ value: \(root.name)?, now: Int64) -> Bool {") { p in
            p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
            p.line("guard let \(staleness.field) = value?.\(staleness.field) else { return false }")
            p.line("return now >= \(staleness.field)")
        }
    }

    func headerFunctions(_ header: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.line("/// What the widget header shows.")
        p.block("public enum Header: Sendable, Equatable {") { p in
            p.line("case today")
            p.line("/// Stale: the first instant of the snapshot's day in the zone, or nil when the day is unreadable.")
            p.line("case outdated(dayMs: Int64?)")
        }
        p.line()
        p.doc(header.doc, style: .tripleSlash)
        p.block("public static func header(_ value: \(root.name)?, now: Int64, timeZone: TimeZone) -> Header {") { p in
            p.line("guard isStale(value, now: now) else { return .today }")
            // Parenthesised: the chain is then `String?` whether the day field is optional or required
            // (unparenthesised, `flatMap` would bind to a required `String`, a sequence of characters).
            p.line("return .outdated(dayMs: (value?.\(header.dayField)).flatMap { ContractCalendar.dayStartMs($0, timeZone) })")
        }
        p.line()
        p.line("/// `header` for an IANA zone id; an unknown zone gives a null day, never a silent UTC.")
        p.block("public static func header(_ value: \(root.name)?, now: Int64, timeZoneIdentifier: String) -> Header {") { p in
            p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else {")
            p.indented { p in p.line("return isStale(value, now: now) ? .outdated(dayMs: nil) : .today") }
            p.line("}")
            p.line("return header(value, now: now, timeZone: zone)")
        }
        p.line()
        p.line("/// The first instant of a local day in a zone (nil for an invalid day or zone).")
        p.block("public static func dayStart(_ dayStr: String, timeZoneIdentifier: String) -> Int64? {") { p in
            p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else { return nil }")
            p.line("return ContractCalendar.dayStartMs(dayStr, zone)")
        }
    }

    func validUntilFunction(_ validUntil: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(validUntil.doc, style: .tripleSlash)
        p.block("public static func computeValidUntil(_ \(validUntil.dayField): String, startOfNextDayDiffMs: Int64, timeZoneIdentifier: String) -> Int64? {") { p in
            p.line("guard let zone = ContractCalendar.timeZone(timeZoneIdentifier) else { return nil }")
            p.line("return ContractCalendar.validUntilMs(\(validUntil.dayField), startOfNextDayDiffMs: startOfNextDayDiffMs, zone)")
        }
    }

    /// The bindings a `DoneQueueEntry` takes its labels from: the done-queue's, else the overlay's
    /// (whose `pending` is what `DoneQueue.peek` returns); nil when neither is declared.
    var queueEntryBinding: TaskFlagBinding? { contract.behaviours.doneQueue?.binding ?? contract.behaviours.overlay }

    /// A named entry rather than a tuple: it can be Equatable and Hashable, and its labels are the
    /// schema's id and flag fields.
    func queueEntryType(_ binding: TaskFlagBinding, _ p: inout CodePrinter) {
        let id = binding.idField, flag = binding.flagField
        p.line()
        p.line("/// One done-queue entry: the \(binding.typeName)'s `\(id)` and the `\(flag)` target a tap set.")
        let identifiable = id == "id" ? ", Identifiable" : ""
        p.block("public struct DoneQueueEntry: Sendable, Hashable\(identifiable) {") { p in
            p.line("public var \(id): String")
            p.line("public var \(flag): Bool")
            p.line()
            p.block("public init(\(id): String, \(flag): Bool) {") { p in
                p.line("self.\(id) = \(id)")
                p.line("self.\(flag) = \(flag)")
            }
        }
    }

    func doneQueueFunctions(_ queue: DoneQueue, flagIsNullable: Bool, _ p: inout CodePrinter) {
        let id = queue.binding.idField, flag = queue.binding.flagField
        let toEntries = ".map { DoneQueueEntry(\(id): $0.id, \(flag): $0.isDone) }"
        p.line()
        p.doc(queue.binding.doc, style: .tripleSlash)
        p.block("public enum DoneQueue {") { p in
            if let key = queue.storageKey {
                p.line("/// The shared-storage key of the queue.")
                p.line("public static let storageKey = \(Naming.swiftQuoted(key))")
                p.line()
            }
            p.line("/// The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost.")
            p.block("public static func set(_ queue: String?, taskId: String, isDone: Bool) -> String {") { p in
                p.line("ContractDoneQueue.set(queue, taskId: taskId, isDone: isDone)")
            }
            p.line()
            p.line("/// The boolean targets in the queue; a bad entry never hides the others.")
            p.block("public static func peek(_ queue: String?) -> [DoneQueueEntry] {") { p in
                p.line("ContractDoneQueue.peek(queue)\(toEntries)")
            }
            p.line()
            p.line("/// The changes to apply, by task id in UTF-16 code-unit order.")
            p.block("public static func drain(_ queue: String?, current: [DoneQueueEntry]) -> [DoneQueueEntry] {") { p in
                p.line("ContractDoneQueue.drain(queue, current: current.map { (id: $0.\(id), isDone: $0.\(flag)) })\(toEntries)")
            }
            p.line()
            p.line("/// `drain` against decoded tasks (their blob `\(flag)`).")
            p.block("public static func drain(_ queue: String?, tasks: [\(queue.binding.typeName)]) -> [DoneQueueEntry] {") { p in
                if flagIsNullable {
                    // A task without a flag has nothing to compare a tap with: it is left out, as in every language.
                    p.line("ContractDoneQueue.drain(queue, current: tasks.compactMap { task in task.\(flag).map { (id: task.\(id), isDone: $0) } })\(toEntries)")
                } else {
                    p.line("ContractDoneQueue.drain(queue, current: tasks.map { (id: $0.\(id), isDone: $0.\(flag)) })\(toEntries)")
                }
            }
        }
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .tripleSlash)
        p.line("///")
        p.line("/// `pending` is what `DoneQueue.peek` returns. Ids match by exact UTF-16 code units, as in")
        p.line("/// Kotlin and JavaScript (Swift's String equality is canonical, so a [String: Bool] would not do).")
        let entry = queueEntryBinding ?? overlay
        p.block("public static func overlaying(_ value: \(root.name), pending: [DoneQueueEntry]) -> \(root.name) {") { p in
            p.line("var targets: [ContractExactKey: Bool] = [:]")
            p.line("for entry in pending { targets[ContractExactKey(entry.\(entry.idField))] = entry.\(entry.flagField) }")
            p.line("var result = value")
            p.block("each\(overlay.typeName)(&result) { element in") { p in
                p.line("if let target = targets[ContractExactKey(element.\(overlay.idField))] { element.\(overlay.flagField) = target }")
            }
            p.line("return result")
        }
    }
}
