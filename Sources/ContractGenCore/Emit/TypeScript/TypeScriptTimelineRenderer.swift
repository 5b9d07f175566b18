/// The `timeline` behaviour in TypeScript: the generated wrapper around the runtime's
/// `buildTimeline`, and the testee's `timeline` op. The flip instant is the staleness field and
/// each entry's header is the contract's own `header` at that instant, so the timeline cannot
/// drift from either rule.
struct TypeScriptTimelineRenderer {
    let contract: Contract

    /// The wrapper, in the contract module after `header` (which it calls).
    func behaviour(_ p: inout CodePrinter) {
        guard let timeline = contract.behaviours.timeline, let staleness = contract.behaviours.staleness else { return }
        let root = contract.rootType.name
        p.line()
        p.doc(timeline.doc + "\n\n" + """
            The entries a widget renders from `now` on (for a web widget, or a test): `now` with its \
            header; while not yet stale, also `\(staleness.field)` with the header from then on, which \
            is also `reloadAtMs`. Already stale, or no `\(staleness.field)`: one entry, `reloadAtMs` null. \
            An unknown zone id gives outdated entries a null day, never a silent UTC.
            """, style: .block)
        p.block("export function timeline(value: \(root) | null, now: number, timeZoneId: string): ContractTimeline<Header> {") { p in
            p.line("return buildTimeline(now, value === null ? null : value.\(staleness.field), (at) => header(value, at, timeZoneId));")
        }
    }

    /// The body of the testee's `case "timeline": { … }` (after its `given`), inside
    /// `serve<Module>`'s switch; `read` spells reading a `given` key.
    func testeeCase(read: (String) -> String, _ p: inout CodePrinter) {
        let ns = TypeScriptNames.moduleAlias(contract)
        do {
            p.line("const now = \(read("now"));")
            p.line("const value = \(ns).decode(\(read("blob"))).value;")
            p.line("const plan = \(ns).timeline(value, now, \(read("timeZone")));")
            p.block("const entries = plan.entries.map((entry): ContractJson => {", closer: "});") { p in
                p.line("const header: ContractJsonObject = new Map();")
                p.line("header.set(\"kind\", entry.header.kind);")
                p.line("if (entry.header.kind === \"outdated\") header.set(\"dayMs\", entry.header.dayMs);")
                p.line("return new Map<string, ContractJson>([[\"at\", entry.atMs], [\"header\", header]]);")
            }
            p.line("return new Map<string, ContractJson>([[\"entries\", entries], [\"reloadAt\", plan.reloadAtMs]]);")
        }
    }
}
