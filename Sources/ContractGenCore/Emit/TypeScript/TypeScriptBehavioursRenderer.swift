/// Renders the plan's behaviours in TypeScript, one function per behaviour.
extension TypeScriptContractWriter {
    // MARK: Behaviours

    /// The one place behaviours are rendered: a new behaviour is one more case and function.
    func behaviours(_ p: inout CodePrinter) {
        guard !plan.behaviours.isEmpty else { return }
        p.line("// MARK: - Behaviours")
        for behaviour in plan.behaviours {
            switch behaviour {
            case .overlay(let overlay): overlayFunctions(overlay, &p)
            case .staleness(let staleness, let fieldIsNullable): stalenessFunction(staleness, fieldIsNullable: fieldIsNullable, &p)
            case .header(let header): headerFunctions(header, &p)
            case .validUntil(let validUntil): validUntilFunction(validUntil, &p)
            case .doneQueue(let queue, let flagIsNullable): doneQueueFunctions(queue, flagIsNullable: flagIsNullable, &p)
            case .timeline: TypeScriptTimelineRenderer(contract: contract).behaviour(&p)
            }
        }
        p.line()
    }

    func stalenessFunction(_ staleness: Staleness, fieldIsNullable: Bool, _ p: inout CodePrinter) {
        p.line()
        p.doc(staleness.doc, style: .block)
        p.block("export function isStale(value: \(root.name) | null, now: number): boolean {") { p in
            p.line("// Without a \(staleness.field) the snapshot is never stale: its rows are still the best we have.")
            p.line("if (value === null\(fieldIsNullable ? " || value.\(staleness.field) === null" : "")) return false;")
            p.line("// Boundary inclusive: at \(staleness.field) itself the snapshot is no longer today's.")
            p.line("return now >= value.\(staleness.field);")
        }
    }

    func headerFunctions(_ header: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.line("/** What the widget header shows. */")
        p.line("export type Header =")
        p.indented { p in
            p.line("| { readonly kind: \"today\" }")
            p.line("/** Stale: the first instant of the snapshot's day in the zone, or null when the day or zone is unreadable. */")
            p.line("| { readonly kind: \"outdated\"; readonly dayMs: number | null };")
        }
        p.line()
        p.doc(header.doc + "\nAn unknown zone id gives a null day, never a silent UTC.", style: .block)
        p.block("export function header(value: \(root.name) | null, now: number, timeZoneId: string): Header {") { p in
            p.line("if (!isStale(value, now)) return { kind: \"today\" };")
            p.line("const day = value === null ? null : value.\(header.dayField);")
            p.line("return { kind: \"outdated\", dayMs: day === null ? null : dayStartMs(day, timeZoneId) ?? null };")
        }
        p.line()
        p.line("/** The first instant of a local day in a zone (null for an invalid day or zone). */")
        p.block("export function dayStart(dayStr: string, timeZoneId: string): number | null {") { p in
            p.line("return dayStartMs(dayStr, timeZoneId) ?? null;")
        }
    }

    func validUntilFunction(_ validUntil: DayBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(validUntil.doc + "\nNull for an invalid day, an unknown zone id, a non-integral offset or a result outside ±(2^53−1).", style: .block)
        p.block("export function computeValidUntil(dayStr: string, startOfNextDayDiffMs: number, timeZoneId: string): number | null {") { p in
            p.line("return validUntilMs(dayStr, startOfNextDayDiffMs, timeZoneId) ?? null;")
        }
    }

    func doneQueueFunctions(_ queue: DoneQueue, flagIsNullable: Bool, _ p: inout CodePrinter) {
        let id = queue.binding.idField, flag = queue.binding.flagField
        p.line()
        p.line("// The done-queue as plain module-level functions, not one object: a bundler drops those an app does not call.")
        p.line()
        p.doc(queue.binding.doc + "\n\nOne change `doneQueueDrain` returns: the \(queue.binding.typeName)'s `\(id)` and its `\(flag)` target.", style: .block)
        p.block("export interface DoneQueueEntry {") { p in
            p.line("readonly \(id): string;")
            p.line("readonly \(flag): boolean;")
        }
        if let key = queue.storageKey {
            p.line()
            p.line("/** The shared-storage key of the queue. */")
            p.line("export const doneQueueStorageKey = \(TypeScriptNames.quoted(key));")
        }
        p.line()
        p.line("/** The new queue text after a tap: last tap per task wins; a corrupt queue is replaced, the tap never lost. */")
        p.block("export function doneQueueSet(queue: string | null | undefined, taskId: string, isDone: boolean): string {") { p in
            p.line("return queueSet(queue, taskId, isDone);")
        }
        p.line()
        p.line("/** The boolean targets in the queue; a bad entry never hides the others. */")
        p.block("export function doneQueuePeek(queue: string | null | undefined): Map<string, boolean> {") { p in
            p.line("return queuePeek(queue);")
        }
        p.line()
        p.line("/** The changes to apply, by task id in UTF-16 code-unit order. */")
        p.block("export function doneQueueDrain(queue: string | null | undefined, current: ReadonlyMap<string, boolean>): DoneQueueEntry[] {") { p in
            if id == "id" && flag == "isDone" {
                p.line("return queueDrain(queue, current);")
            } else {
                p.line("return queueDrain(queue, current).map((change) => ({ \(id): change.id, \(flag): change.isDone }));")
            }
        }
        p.line()
        p.line("/** `doneQueueDrain` against decoded elements (their blob `\(flag)`); Swift's `drain(_:tasks:)`. */")
        p.block("export function doneQueueDrainTasks(queue: string | null | undefined, tasks: ReadonlyArray<\(queue.binding.typeName)>): DoneQueueEntry[] {") { p in
            p.line("const current = new Map<string, boolean>();")
            if flagIsNullable {
                p.line("for (const task of tasks) if (task.\(flag) !== null) current.set(task.\(id), task.\(flag));")
            } else {
                p.line("for (const task of tasks) current.set(task.\(id), task.\(flag));")
            }
            p.line("return doneQueueDrain(queue, current);")
        }
    }

    func overlayFunctions(_ overlay: TaskFlagBinding, _ p: inout CodePrinter) {
        p.line()
        p.doc(overlay.doc, style: .block)
        p.block("export function overlaying(value: \(root.name), pending: ReadonlyMap<string, boolean>): \(root.name) {") { p in
            p.block("return each\(overlay.typeName)In\(root.name)(value, (element) => {", closer: "});") { p in
                p.line("// Only a boolean target counts; anything else in the queue leaves the blob's \(overlay.flagField).")
                p.line("const target = pending.get(element.\(overlay.idField));")
                p.line("return typeof target === \"boolean\" ? { ...element, \(overlay.flagField): target } : element;")
            }
        }
    }
}
