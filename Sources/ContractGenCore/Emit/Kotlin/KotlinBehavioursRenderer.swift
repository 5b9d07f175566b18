/// Renders the plan's behaviours in Kotlin, one function per behaviour.
extension KotlinContractWriter {
    // MARK: Behaviours

    /// The one place behaviours are rendered: a new behaviour is one more case and function.
    func behaviours(_ p: inout CodePrinter) {
        guard !plan.behaviours.isEmpty else { return }
        p.line("// region Behaviours")
        for behaviour in plan.behaviours {
            switch behaviour {
            case .overlay(let overlay): overlayFunctions(overlay, &p)
            case .staleness(let staleness, _): stalenessFunction(staleness, &p)
            case .header(let header): headerFunctions(header, &p)
            case .validUntil(let validUntil): validUntilFunction(validUntil, &p)
            case .doneQueue(let queue, let flagIsNullable): doneQueueFunctions(queue, flagIsNullable: flagIsNullable, &p)
            case .timeline: KotlinTimelineRenderer(contract: contract).behaviour(&p)
            }
        }
        p.line()
        p.line("// endregion")
        p.line()
    }

    func stalenessFunction(_ staleness: Staleness, _ p: inout CodePrinter) {
        let local = KotlinNames.local(staleness.field, avoiding: ["value", "now"])
        p.line()
        p.doc(staleness.doc, style: .block)
        p.line(KotlinFacts.jvmStatic)
        p.block("fun isStale(value: \(root.name)?, now: Long): Boolean {") { p in
            p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
            p.line("val \(local) = value?.\(staleness.field) ?: return false")
            p.line("// Boundary inclusive: at the very instant of \(staleness.field) the snapshot is stale.")
            p.line("return now >= \(local)")
        }
    }

    func headerFunctions(_ header: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.line("/** What the widget header shows. */")
        p.block("sealed class Header {") { p in
            p.line("/** Not stale: the snapshot is today's. */")
            p.block("object Today : Header() {") { p in
                p.line("override fun toString(): String = \"Today\"")
            }
            p.line()
            p.line("/** Stale: the first instant of the snapshot's day in the zone, or null when the day is unreadable. */")
            p.line("data class Outdated(val dayMs: Long?) : Header()")
        }
        p.line()
        p.doc(header.doc, style: .block)
        p.line(KotlinFacts.jvmStatic)
        p.block("fun header(value: \(root.name)?, now: Long, timeZone: TimeZone): Header {") { p in
            p.line("if (!isStale(value, now)) return Header.Today")
            p.line("return Header.Outdated(value?.\(header.dayField)?.let { ContractCalendar.dayStartMs(it, timeZone) })")
        }
        p.line()
        p.line("/** [header] for an IANA zone id; an unknown zone gives a null day, never a silent GMT. */")
        p.line(KotlinFacts.jvmStatic)
        p.block("fun header(value: \(root.name)?, now: Long, timeZoneId: String): Header {") { p in
            p.line("// TimeZone.getTimeZone would fall back to GMT for an unknown id; ContractCalendar.timeZone fails closed.")
            p.line("val zone = ContractCalendar.timeZone(timeZoneId)")
            p.line("    ?: return if (isStale(value, now)) Header.Outdated(null) else Header.Today")
            p.line("return header(value, now, zone)")
        }
        p.line()
        p.line("/** The first instant of a local day in a zone (null for an invalid day or zone). */")
        p.line(KotlinFacts.jvmStatic)
        p.block("fun dayStart(dayStr: String, timeZoneId: String): Long? {") { p in
            p.line("val zone = ContractCalendar.timeZone(timeZoneId) ?: return null")
            p.line("return ContractCalendar.dayStartMs(dayStr, zone)")
        }
    }

    func validUntilFunction(_ validUntil: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(validUntil.doc, style: .block)
        p.line(KotlinFacts.jvmStatic)
        p.block("fun computeValidUntil(\(validUntil.dayField): String, startOfNextDayDiffMs: Long, timeZoneId: String): Long? {") { p in
            p.line("val zone = ContractCalendar.timeZone(timeZoneId) ?: return null")
            p.line("return ContractCalendar.validUntilMs(\(validUntil.dayField), startOfNextDayDiffMs, zone)")
        }
    }

    func doneQueueFunctions(_ queue: DoneQueue, flagIsNullable: Bool, _ p: inout CodePrinter) {
        let task = queue.binding.typeName
        let id = queue.binding.idField, flag = queue.binding.flagField
        p.line()
        // A named data class, not a Pair: Java and Kotlin callers read the schema's own names.
        p.line("/** One change [DoneQueue.drain] returns: the \(task)'s `\(id)` and its `\(flag)` target. */")
        p.line("data class DoneQueueEntry(val \(id): String, val \(flag): Boolean)")
        p.line()
        p.doc(queue.binding.doc, style: .block)
        p.block("object DoneQueue {") { p in
            if let key = queue.storageKey {
                p.line("/** The shared-storage key of the queue. */")
                p.line("const val STORAGE_KEY = \(KotlinNames.quoted(key))")
                p.line()
            }
            p.line("/** The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost. */")
            p.line(KotlinFacts.jvmStatic)
            p.line("fun set(queue: String?, taskId: String, isDone: Boolean): String = ContractDoneQueue.set(queue, taskId, isDone)")
            p.line()
            p.line("/** The boolean targets in the queue; a bad entry never hides the others. */")
            p.line(KotlinFacts.jvmStatic)
            p.line("fun peek(queue: String?): Map<String, Boolean> = ContractDoneQueue.peek(queue)")
            p.line()
            p.line("/** The changes to apply, by task id in UTF-16 code-unit order. */")
            p.line(KotlinFacts.jvmStatic)
            p.line("fun drain(queue: String?, current: Map<String, Boolean>): List<DoneQueueEntry> =")
            p.indented { p in p.line("ContractDoneQueue.drain(queue, current).map { DoneQueueEntry(it.first, it.second) }") }
            p.line()
            p.line("/** [drain] against decoded tasks (their blob `\(queue.binding.flagField)`). */")
            p.line(KotlinFacts.jvmStatic)
            p.block("fun drain(queue: String?, tasks: List<\(task)>): List<DoneQueueEntry> {") { p in
                p.line("val current = LinkedHashMap<String, Boolean>()")
                if flagIsNullable {
                    // A task without a flag has nothing to compare a tap with: it is left out, as in every language.
                    p.line("for (task in tasks) task.\(queue.binding.flagField)?.let { current[task.\(queue.binding.idField)] = it }")
                } else {
                    p.line("for (task in tasks) current[task.\(queue.binding.idField)] = task.\(queue.binding.flagField)")
                }
                p.line("return drain(queue, current)")
            }
        }
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .block)
        p.line(KotlinFacts.jvmStatic)
        p.block("fun overlaying(value: \(root.name), pending: Map<String, Boolean>): \(root.name) {") { p in
            p.block("return each\(overlay.typeName)(value) { element ->") { p in
                p.line("// The queue's boolean target, when there is one, wins over the blob's \(overlay.flagField).")
                p.line("val target = pending[element.\(overlay.idField)]")
                p.line("if (target != null) element.copy(\(overlay.flagField) = target) else element")
            }
        }
    }
}
