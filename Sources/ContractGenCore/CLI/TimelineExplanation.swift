/// `contract-gen explain`'s account of a blob's timeline: the testee's `timeline` answer
/// (docs/conformance.md) in words, instants shown in the zone the widget renders in, so a team
/// can see why its widget did or did not flip ("today until 2026-07-18 00:00 Europe/Berlin,
/// then outdated").
import Foundation

struct TimelineExplanation {
    /// The zone instants are written in (the request's zone; UTC when it is unknown).
    let zone: TimeZone
    let zoneName: String

    init(zoneIdentifier: String) {
        if let zone = TimeZone(identifier: zoneIdentifier) {
            self.zone = zone
            zoneName = zoneIdentifier
        } else {
            zone = TimeZone(identifier: "UTC")!
            zoneName = "UTC"
        }
    }

    /// `2026-07-18 00:00` (seconds and milliseconds only when not zero), proleptic Gregorian,
    /// ASCII digits, whatever this machine's locale.
    func local(_ epochMs: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = Date(timeIntervalSince1970: Double(epochMs) / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var text = String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        let millis = Int(((epochMs % 1000) + 1000) % 1000)
        if (c.second ?? 0) != 0 || millis != 0 {
            text += String(format: ":%02d", c.second ?? 0) + (millis != 0 ? String(format: ".%03d", millis) : "")
        }
        return text
    }

    func header(_ value: JSONValue?) -> String {
        guard case .string(let kind)? = value?["kind"] else { return "?" }
        if kind == "today" { return "today" }
        guard case .number(let dayMs)? = value?["dayMs"] else { return "outdated (its day is unknown: no day field, or an unknown zone)" }
        return "outdated (the day that began \(local(Int64(dayMs))))"
    }

    /// The lines that say what the widget shows from `now` on, and when to reload.
    func lines(_ timeline: JSONValue, now: Int64) -> [String] {
        guard case .array(let entries)? = timeline["entries"] else { return ["(no timeline in the answer: \(timeline.serialized()))"] }
        var lines: [String] = []
        for (index, entry) in entries.enumerated() {
            guard case .number(let at)? = entry["at"] else { continue }
            let from = index == 0 ? "now (\(local(now)) \(zoneName))" : "\(local(Int64(at))) \(zoneName) (\(Int64(at)))"
            lines.append("  from \(from): \(header(entry["header"]))")
        }
        if case .number(let reload)? = timeline["reloadAt"] {
            lines.append("  reload at \(local(Int64(reload))) \(zoneName) (\(Int64(reload)))")
        } else {
            lines.append("  never reloaded by time: only a new snapshot changes what it shows")
        }
        return lines
    }
}
