/// What one release's reader makes of a document, next to what the writer's own release reads:
/// the same, a degradation the reader's schema documents (its report says so, or it fails safe),
/// or a silent misread (an `ok` that differs where no rule of either side says why). Observations
/// are compared on the JSON paths both sides know; a field only one side has is not compared.

enum CompatVerdict: Int, Comparable, Sendable {
    case same, degraded, misread

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    var label: String {
        switch self {
        case .same: return "same"
        case .degraded: return "documented degradation"
        case .misread: return "silent misread"
        }
    }
}

/// One decode with its report, split into what `compat` compares.
struct CompatReading: Sendable {
    var status: String
    /// The decoded value as the document's shape: a flat observation without its `status`,
    /// `dropped`, `report` and `reportOmitted` members, a wrapped one's `value`.
    var value: JSONValue
    /// The report's entries' paths (docs/report.md), with their `used` words.
    var entries: [(path: String, used: String)]
    var observation: JSONValue

    /// Reads a testee's `decode` answer (given `report: true`); nil when it is not an observation.
    init?(observation: JSONValue) {
        guard case .object(let members) = observation, let status = observation["status"]?.stringValue else { return nil }
        self.status = status
        self.observation = observation
        if members.contains(where: { $0.0 == "value" }), members.allSatisfy({ ["status", "value", "report", "reportOmitted", "dropped"].contains($0.0) }) {
            value = observation["value"] ?? .null
        } else {
            value = .object(members.filter { !["status", "dropped", "report", "reportOmitted"].contains($0.0) })
        }
        entries = []
        if case .array(let items)? = observation["report"] {
            for item in items {
                if let path = item["path"]?.stringValue { entries.append((path, item["used"]?.stringValue ?? "")) }
            }
        }
    }
}

/// The judgement of one document: its verdict and, for the worst one, where and why.
struct CompatJudgement: Sendable {
    var verdict: CompatVerdict
    var path: String
    var why: String
}

enum CompatComparison {
    /// How `reader` (another release) reads a document the writer's own release reads as `writer`.
    /// `derivedNames`: the code names of derived fields (observed by name, no path in the blob):
    /// their difference is documented when something in their object is.
    static func judge(writer: CompatReading, reader: CompatReading, derivedNames: Set<String>) -> CompatJudgement {
        switch (writer.status == "ok", reader.status == "ok") {
        case (true, false):
            // The reader rejects what the writer's release accepts: visible, and what its rules say.
            return CompatJudgement(verdict: .degraded, path: "$", why: "read as \(reader.status) (the writer's release reads it as ok)")
        case (false, true):
            return CompatJudgement(verdict: .misread, path: "$", why: "read as ok, where the writer's release reads it as \(writer.status)")
        case (false, false):
            return writer.status == reader.status ? CompatJudgement(verdict: .same, path: "$", why: "")
                : CompatJudgement(verdict: .degraded, path: "$", why: "read as \(reader.status) (the writer's release: \(writer.status))")
        case (true, true):
            var worst = CompatJudgement(verdict: .same, path: "$", why: "")
            walk(writer.value, reader.value, path: "$", writer: writer, reader: reader, derivedNames: derivedNames, worst: &worst)
            return worst
        }
    }

    /// Whether an entry of either side documents a difference at `path`: an entry at the path
    /// itself or at a value holding it (a dropped element, an object a field made invalid).
    static func documented(_ path: String, _ sides: [CompatReading]) -> Bool {
        sides.contains { side in side.entries.contains { encloses($0.path, path) } }
    }

    /// Whether `outer` is `inner` or a value holding it (its path a prefix ending at a step).
    static func encloses(_ outer: String, _ inner: String) -> Bool {
        guard inner.hasPrefix(outer) else { return false }
        let rest = inner.dropFirst(outer.count)
        return rest.isEmpty || rest.first == "." || rest.first == "["
    }

    /// Whether any entry of either side lies inside the value at `path` (or in its map members,
    /// which reports name by position: `path[#N]`).
    static func anythingInside(_ path: String, _ sides: [CompatReading]) -> Bool {
        sides.contains { side in side.entries.contains { encloses(path, $0.path) } }
    }

    private static func note(_ verdict: CompatVerdict, _ path: String, _ why: String, _ worst: inout CompatJudgement) {
        if verdict > worst.verdict { worst = CompatJudgement(verdict: verdict, path: path, why: why) }
    }

    private static func walk(_ a: JSONValue, _ b: JSONValue, path: String, writer: CompatReading, reader: CompatReading,
                             derivedNames: Set<String>, worst: inout CompatJudgement) {
        if a == b { return }
        let sides = [writer, reader]
        switch (a, b) {
        case (.object(let left), .object(let right)):
            // A map whose members a report names (by position) cannot be matched key by key.
            if sides.contains(where: { $0.entries.contains { $0.path.hasPrefix(path + "[#") } }) {
                note(.degraded, path, "a map with reported members differs", &worst)
                return
            }
            for (key, value) in left {
                guard let other = right.last(where: { JSONValue.exactlyEqual($0.0, key) })?.1 else { continue }
                let child = ObservationShape.path(path, key)
                if value == other { continue }
                if derivedNames.contains(key) {
                    // A derived value follows its key field: documented when anything in its object is.
                    if anythingInside(path, sides) { note(.degraded, child, "derived from a reported value", &worst) } else {
                        note(.misread, child, "writer's release \(value.serialized()), reader \(other.serialized())", &worst)
                    }
                    continue
                }
                walk(value, other, path: child, writer: writer, reader: reader, derivedNames: derivedNames, worst: &worst)
            }
        case (.array(let left), .array(let right)):
            // Indices match the document's only while no element was dropped on either side.
            if left.count != right.count || anythingInside(path, sides) {
                if documented(path, sides) || anythingInside(path, sides) {
                    note(.degraded, path, "elements dropped or degraded as reported", &worst)
                } else {
                    note(.misread, path, "writer's release has \(left.count) element(s), reader \(right.count), and no report says why", &worst)
                }
                return
            }
            for (index, pair) in zip(left, right).enumerated() {
                walk(pair.0, pair.1, path: "\(path)[\(index)]", writer: writer, reader: reader, derivedNames: derivedNames, worst: &worst)
            }
        default:
            if documented(path, sides) {
                note(.degraded, path, "writer's release \(TextClip.clip(a.serialized(), maxBytes: 200)), reader \(TextClip.clip(b.serialized(), maxBytes: 200)), as reported", &worst)
            } else {
                note(.misread, path, "writer's release \(TextClip.clip(a.serialized(), maxBytes: 200)), reader \(TextClip.clip(b.serialized(), maxBytes: 200)), and no report says why", &worst)
            }
        }
    }
}
