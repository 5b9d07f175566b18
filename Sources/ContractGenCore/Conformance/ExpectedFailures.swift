/// Known-failure lists (like protobuf's `failure_list_<lang>.txt`): `[lang:]case-name  # reason`
/// per line. Listed failures do not fail a run; unlisted failures and listed cases that now pass do.
import Foundation

public struct ExpectedFailures: Sendable {
    public struct Entry: Sendable, Equatable {
        public var caseName: String
        /// nil: expected to fail in every language.
        public var language: String?
        public var reason: String
    }

    public var path: String
    public var entries: [Entry]

    public func lists(_ caseName: String, language: String) -> Bool {
        entries.contains { $0.caseName == caseName && ($0.language == nil || $0.language == language) }
    }

    public static func parse(_ text: String, path: String) -> ExpectedFailures {
        var entries: [Entry] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !name.isEmpty else { continue }
            let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if let colon = name.firstIndex(of: ":") {
                entries.append(Entry(caseName: String(name[name.index(after: colon)...]), language: String(name[..<colon]), reason: reason))
            } else {
                entries.append(Entry(caseName: name, language: nil, reason: reason))
            }
        }
        return ExpectedFailures(path: path, entries: entries)
    }

    public static func load(path: String) throws -> ExpectedFailures {
        guard FileManager.default.fileExists(atPath: path) else { return ExpectedFailures(path: path, entries: []) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return parse(text, path: path)
    }

    /// Rewrites the list to exactly this run's failures, keeping reasons already written.
    public static func rewrite(path: String, report: ConformanceReport, previous: ExpectedFailures?) throws {
        var lines: [String] = ["# Expected conformance failures: `[lang:]case-name  # reason`, one per line.",
                               "# Maintained by `contract-gen conform --expected-failures FILE --fix-expected-failures`."]
        let failures = report.results.filter { $0.outcome != .passed && !$0.outcome.isSkipped }
        for result in failures.sorted(by: { ($0.language, $0.caseName) < ($1.language, $1.caseName) }) {
            let reason = previous?.entries.first { $0.caseName == result.caseName && ($0.language ?? result.language) == result.language }?.reason
            var detail = "fails"
            if case .failed(_, let actual, let details) = result.outcome { detail = details.first ?? actual }
            lines.append("\(result.language):\(result.caseName)  # \((reason?.isEmpty == false ? reason! : detail).prefix(200))")
        }
        try AtomicFileWriter.write([GeneratedFile(path: URL(fileURLWithPath: path).lastPathComponent, contents: lines.joined(separator: "\n") + "\n")],
                                   root: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}

/// The run's `--deadline` passed while a report was being written: the report is not written.
public struct ReportDeadlinePassed: Error, CustomStringConvertible {
    public var description: String { "the run's deadline passed while writing the report; it was not written" }
}

/// JUnit XML: one `<testsuite>` per language, one `<testcase>` per golden case.
public enum JUnitReport {
    public static func xml(_ report: ConformanceReport, targets: [String]) -> String {
        var out = ""
        write(report, targets: targets) { out += $0 }
        return out
    }

    /// Writes the report piece by piece through `emit`, which may throw (the run's deadline).
    public static func write(_ report: ConformanceReport, targets: [String], _ emit: (String) throws -> Void) rethrows {
        try emit("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        // A target that did not run, or was abandoned, contributes one failing pseudo-case each.
        func extras(_ target: String) -> Int {
            report.unavailable.filter { $0.name == target }.count + report.abandoned.filter { $0.name == target }.count
                + report.protocolViolations.filter { $0.name == target }.count
        }
        let byTarget = Dictionary(grouping: report.results, by: \.language)
        let totalExtras = targets.reduce(0) { $0 + extras($1) }
        try emit("<testsuites name=\"contract-gen conform\" tests=\"\(report.results.count + totalExtras)\" failures=\"\(report.results.count - report.passed - report.skippedByTestee + totalExtras)\" skipped=\"\(report.skippedByTestee)\">\n")
        for target in targets {
            let results = byTarget[target] ?? []
            let skipped = results.filter { $0.outcome.isSkipped }.count
            let failures = results.filter { $0.outcome != .passed }.count - skipped + extras(target)
            let time = results.reduce(0) { $0 + $1.seconds }
            try emit("  <testsuite name=\"\(escape(target))\" tests=\"\(results.count + extras(target))\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\">\n")
            if let unavailable = report.unavailable.first(where: { $0.name == target }) {
                try emit("    <testcase classname=\"\(escape(target))\" name=\"(toolchain)\"><failure message=\"\(escape(TextClip.clip(unavailable.reason, maxBytes: 4096)))\"/></testcase>\n")
            }
            for abandoned in report.abandoned where abandoned.name == target {
                try emit("    <testcase classname=\"\(escape(target))\" name=\"(\(abandoned.count) cases not run)\"><failure message=\"\(escape(abandoned.reason))\"/></testcase>\n")
            }
            for violation in report.protocolViolations where violation.name == target {
                try emit("    <testcase classname=\"\(escape(target))\" name=\"(protocol)\"><failure message=\"\(escape(violation.reason))\"/></testcase>\n")
            }
            for result in results {
                let classname = escape("\(target).\(URL(fileURLWithPath: result.path).deletingLastPathComponent().lastPathComponent)")
                var out = "    <testcase classname=\"\(classname)\" name=\"\(escape(result.caseName))\" file=\"\(escape(result.path))\" time=\"\(String(format: "%.3f", result.seconds))\""
                if case .failed(let expected, let actual, let details) = result.outcome {
                    out += ">\n      <failure message=\"\(escape(details.first ?? "observation differs"))\">"
                    out += escape("expected: \(expected)\nactual:   \(actual)\n" + details.joined(separator: "\n"))
                    out += "</failure>\n    </testcase>\n"
                } else if case .skipped(let reason) = result.outcome {
                    out += "><skipped message=\"\(escape(reason))\"/></testcase>\n"
                } else {
                    out += "/>\n"
                }
                try emit(out)
            }
            try emit("  </testsuite>\n")
        }
        try emit("</testsuites>\n")
    }

    /// Streams the report to `path` (atomically); stops, leaving no file, at `deadline`.
    public static func write(_ report: ConformanceReport, targets: [String], to path: String, deadline: Date? = nil) throws {
        var pieces = 0
        try AtomicFileWriter.stream(to: path) { sink in
            try write(report, targets: targets) { text in
                pieces += 1
                if pieces % 256 == 0, let deadline, Date() >= deadline { throw ReportDeadlinePassed() }
                try sink(text)
            }
        }
    }

    /// XML-escapes text, dropping characters XML 1.0 cannot carry.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { out += "?" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
