/// The `timeline` behaviour in Swift: the generated wrappers around the runtime's
/// `ContractTimeline.build`, and the testee's `timeline` op. The flip instant is the staleness
/// field and each entry's header is the contract's own `header` at that instant, so the timeline
/// cannot drift from either rule.
struct SwiftTimelineRenderer {
    let contract: Contract

    /// The wrappers, inside the contract's namespace after `header` (which they call).
    func behaviour(_ p: inout CodePrinter) {
        guard let timeline = contract.behaviours.timeline, let staleness = contract.behaviours.staleness else { return }
        let root = contract.rootType.name
        let flip = "value?.\(staleness.field)"
        p.line()
        p.doc(timeline.doc + "\n\n" + """
            The entries a widget renders from `now` on: `now` with its header; while not yet stale, \
            also `\(staleness.field)` with the header from then on, which is also when to reload. \
            Already stale, or no `\(staleness.field)`: one entry, reload never (a new snapshot reloads the widget).
            """, style: .tripleSlash)
        p.block("public static func timeline(_ value: \(root)?, now: Int64, timeZone: TimeZone) -> ContractTimeline<Header> {") { p in
            p.line("ContractTimeline.build(now: now, flipAtMs: \(flip)) { header(value, now: $0, timeZone: timeZone) }")
        }
        p.line()
        p.line("/// `timeline` for an IANA zone id; an unknown zone gives outdated entries a nil day, never a silent UTC.")
        p.block("public static func timeline(_ value: \(root)?, now: Int64, timeZoneIdentifier: String) -> ContractTimeline<Header> {") { p in
            p.line("ContractTimeline.build(now: now, flipAtMs: \(flip)) { header(value, now: $0, timeZoneIdentifier: timeZoneIdentifier) }")
        }
        p.line()
        p.line("/// The timeline as a WidgetKit `TimelineProvider` hands it over: one `TimelineEntry` per entry")
        p.line("/// (`date`, `header`) and `policy: reloadAfter.map { .after($0) } ?? .never`.")
        p.block("public static func widgetTimeline(_ value: \(root)?, now: Date, timeZone: TimeZone) -> (entries: [(date: Date, header: Header)], reloadAfter: Date?) {") { p in
            p.line("let plan = timeline(value, now: ContractTimelineTime.epochMs(now), timeZone: timeZone)")
            p.line("return (plan.widgetEntries, plan.reloadDate)")
        }
    }

    /// The body of the testee's `case "timeline":` (after its `given`), inside `serve<Namespace>`'s
    /// switch; `read` spells reading a `given` key.
    func testeeCase(read: (String) -> String, _ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        do {
            p.line("let now = \(read("now"))")
            // WidgetKit hands the provider a Date and takes Dates back: the Date side
            // (ContractTimelineTime) is checked too, as TesteeSupport.instant checks other accessors.
            p.line("// `now` as a Date reads back as the whole millisecond at or before it: `now`, or a little")
            p.line("// less where now / 1000 is not exact in a double (1 ms, more only near 2^53).")
            p.line("let nowBack = ContractTimelineTime.epochMs(Date(timeIntervalSince1970: Double(now) / 1000))")
            p.line("guard nowBack <= now, now - nowBack <= 1 + abs(now) >> 50 else {")
            p.line("    throw TesteeError(message: \"ContractTimelineTime.epochMs reads \\(now) ms as \\(nowBack)\")")
            p.line("}")
            // Three quarters of a millisecond after `now` is still `now`: the Date is floored, never rounded
            // (exact in a double while |now| < 2^43, every instant the cases use).
            p.line("let nowPlusThreeQuarters = Date(timeIntervalSince1970: (Double(now) + 0.75) / 1000)")
            p.line("if abs(now) < 1 << 43, ContractTimelineTime.epochMs(nowPlusThreeQuarters) != now {")
            p.line("    throw TesteeError(message: \"ContractTimelineTime.epochMs reads \\(now).75 ms as \\(ContractTimelineTime.epochMs(nowPlusThreeQuarters))\")")
            p.line("}")
            p.line("let value = \(ns).decode(\(read("blob"))).value")
            p.line("let zoneId = \(read("timeZone"))")
            p.line("let plan = \(ns).timeline(value, now: now, timeZoneIdentifier: zoneId)")
            p.line("let dates = plan.widgetEntries.map(\\.date)")
            // The WidgetKit form an app's provider calls must say what the timeline says, at the
            // same instants (given `now` as a Date that reads back as `now`, in a known zone).
            p.line("if abs(now) < 1 << 43, let zone = ContractCalendar.timeZone(zoneId) {")
            p.line("    let widget = \(ns).widgetTimeline(value, now: nowPlusThreeQuarters, timeZone: zone)")
            p.line("    guard widget.entries.map(\\.date) == dates, widget.entries.map(\\.header) == plan.entries.map(\\.header),")
            p.line("          widget.reloadAfter == plan.reloadDate else {")
            p.line("        throw TesteeError(message: \"widgetTimeline disagrees with timeline: \\(widget.entries.map(\\.date)), reload \\(String(describing: widget.reloadAfter))\")")
            p.line("    }")
            p.line("}")
            p.line("var result = ContractJSONObject()")
            p.line("result.set(\"entries\", .array(zip(plan.entries, dates).map { entry, date in")
            p.line("    var header = ContractJSONObject()")
            p.line("    switch entry.header {")
            p.line("    case .today:")
            p.line("        header.set(\"kind\", .string(\"today\"))")
            p.line("    case .outdated(let dayMs):")
            p.line("        header.set(\"kind\", .string(\"outdated\"))")
            p.line("        header.set(\"dayMs\", dayMs.map { .number(Double($0)) } ?? .null)")
            p.line("    }")
            p.line("    var item = ContractJSONObject()")
            p.line("    item.set(\"at\", TesteeSupport.instant(entry.atMs, date))")
            p.line("    item.set(\"header\", .object(header))")
            p.line("    return .object(item)")
            p.line("}))")
            p.line("result.set(\"reloadAt\", TesteeSupport.instant(plan.reloadAtMs, plan.reloadDate))")
            p.line("return .object(result)")
        }
    }
}
