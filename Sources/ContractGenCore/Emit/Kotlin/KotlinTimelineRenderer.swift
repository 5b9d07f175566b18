/// The `timeline` behaviour in Kotlin: the generated wrappers around the runtime's
/// `ContractTimeline.build`, and the testee's `timeline` op. The flip instant is the staleness
/// field and each entry's header is the contract's own `header` at that instant, so the timeline
/// cannot drift from either rule.
struct KotlinTimelineRenderer {
    let contract: Contract

    /// The wrappers, inside the contract's object after `header` (which they call).
    func behaviour(_ p: inout CodePrinter) {
        guard let timeline = contract.behaviours.timeline, let staleness = contract.behaviours.staleness else { return }
        let root = contract.rootType.name
        let flip = "value?.\(staleness.field)"
        p.line()
        p.doc(timeline.doc + "\n\n" + """
            The entries a widget renders from `now` on: `now` with its header; while not yet stale, \
            also `\(staleness.field)` with the header from then on, which is also the next update. \
            Already stale, or no `\(staleness.field)`: one entry, no update (a new snapshot updates the widget). \
            `headerNow` is the header to render now.
            """, style: .block)
        p.line(KotlinFacts.jvmStatic)
        p.block("fun timeline(value: \(root)?, now: Long, timeZone: TimeZone): ContractTimeline<Header> {") { p in
            p.line("return ContractTimeline.build(now, \(flip)) { header(value, it, timeZone) }")
        }
        p.line()
        p.line("/** [timeline] for an IANA zone id; an unknown zone gives outdated entries a null day, never a silent GMT. */")
        p.line(KotlinFacts.jvmStatic)
        p.block("fun timeline(value: \(root)?, now: Long, timeZoneId: String): ContractTimeline<Header> {") { p in
            p.line("return ContractTimeline.build(now, \(flip)) { header(value, it, timeZoneId) }")
        }
        p.line()
        p.line("/**")
        p.line(" * The instant (epoch ms) at which the widget must be updated next, or null for none: schedule")
        p.line(" * it with AlarmManager (`setExactAndAllowWhileIdle(AlarmManager.RTC, it, …)`) or WorkManager")
        p.line(" * (`setInitialDelay(it - now, TimeUnit.MILLISECONDS)`), and render [header] for `now`.")
        p.line(" */")
        p.line(KotlinFacts.jvmStatic)
        p.block("fun nextUpdateAt(value: \(root)?, now: Long): Long? {") { p in
            p.line("return ContractTimeline.build(now, \(flip)) { isStale(value, it) }.reloadAtMs")
        }
    }

    /// The body of the testee's `"timeline" -> { … }` branch (after its `given`), inside
    /// `serve<Object>`'s `when`; `read` spells reading a `given` key.
    func testeeCase(read: (String) -> String, _ p: inout CodePrinter) {
        let ns = contract.targets.kotlinObject
        do {
            p.line("val now = \(read("now"))")
            p.line("val value = \(ns).decode(\(read("blob"))).value")
            p.line("val plan = \(ns).timeline(value, now, \(read("timeZone")))")
            // The Android conveniences say what the timeline says: the header to render now, and
            // when to schedule the next update (docs/schema.md, timeline).
            p.line("if (plan.headerNow != plan.entries[0].header) throw TesteeError(\"headerNow is ${plan.headerNow}, the entry at now ${plan.entries[0].header}\")")
            p.line("val nextUpdate = \(ns).nextUpdateAt(value, now)")
            p.line("if (nextUpdate != plan.reloadAtMs) throw TesteeError(\"nextUpdateAt is $nextUpdate, the reload ${plan.reloadAtMs}\")")
            p.block("val entries = plan.entries.map { entry ->") { p in
                p.line("val header = LinkedHashMap<String, ContractJson>()")
                p.line("val shown = entry.header")
                p.block("when (shown) {") { p in
                    p.block("\(ns).Header.Today -> {") { p in
                        p.line("header[\"kind\"] = ContractJson.Str(\"today\")")
                    }
                    p.block("is \(ns).Header.Outdated -> {") { p in
                        p.line("header[\"kind\"] = ContractJson.Str(\"outdated\")")
                        p.line("header[\"dayMs\"] = shown.dayMs?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
                    }
                }
                p.line("val item = LinkedHashMap<String, ContractJson>()")
                p.line("item[\"at\"] = ContractJson.Num(entry.atMs.toDouble())")
                p.line("item[\"header\"] = ContractJson.Obj(header)")
                p.line("ContractJson.Obj(item)")
            }
            p.line("val result = LinkedHashMap<String, ContractJson>()")
            p.line("result[\"entries\"] = ContractJson.Arr(entries)")
            p.line("result[\"reloadAt\"] = plan.reloadAtMs?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
            p.line("return ContractJson.Obj(result)")
        }
    }
}
