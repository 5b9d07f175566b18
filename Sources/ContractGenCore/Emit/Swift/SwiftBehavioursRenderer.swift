/// Renders the plan's behaviours in Swift, one function per behaviour.
extension SwiftContractWriter {
    // MARK: Behaviours

    /// The one place behaviours are rendered: a new behaviour is one more case and function.
    func behaviours(_ p: inout CodePrinter) {
        guard !plan.behaviours.isEmpty else { return }
        p.line("// MARK: - Behaviours")
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

    func doneQueueFunctions(_ queue: DoneQueue, flagIsNullable: Bool, _ p: inout CodePrinter) {
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
            p.block("public static func peek(_ queue: String?) -> [(id: String, isDone: Bool)] {") { p in
                p.line("ContractDoneQueue.peek(queue)")
            }
            p.line()
            p.line("/// The changes to apply, by task id in UTF-16 code-unit order.")
            p.block("public static func drain(_ queue: String?, current: [(id: String, isDone: Bool)]) -> [(id: String, isDone: Bool)] {") { p in
                p.line("ContractDoneQueue.drain(queue, current: current)")
            }
            p.line()
            p.line("/// `drain` against decoded tasks (their blob `\(queue.binding.flagField)`).")
            p.block("public static func drain(_ queue: String?, tasks: [\(queue.binding.typeName)]) -> [(id: String, isDone: Bool)] {") { p in
                if flagIsNullable {
                    // A task without a flag has nothing to compare a tap with: it is left out, as in every language.
                    p.line("ContractDoneQueue.drain(queue, current: tasks.compactMap { task in task.\(queue.binding.flagField).map { (id: task.\(queue.binding.idField), isDone: $0) } })")
                } else {
                    p.line("ContractDoneQueue.drain(queue, current: tasks.map { (id: $0.\(queue.binding.idField), isDone: $0.\(queue.binding.flagField)) })")
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
        p.block("public static func overlaying(_ value: \(root.name), pending: [(id: String, isDone: Bool)]) -> \(root.name) {") { p in
            p.line("var targets: [ContractExactKey: Bool] = [:]")
            p.line("for entry in pending { targets[ContractExactKey(entry.id)] = entry.isDone }")
            p.block("return each\(overlay.typeName)(value) { element in") { p in
                p.line("if let target = targets[ContractExactKey(element.\(overlay.idField))] { element.\(overlay.flagField) = target }")
            }
        }
    }
}
