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

/// JUnit XML: one `<testsuite>` per language, one `<testcase>` per golden case.
public enum JUnitReport {
    public static func xml(_ report: ConformanceReport, targets: [String]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // A target that did not run, or was abandoned, contributes one failing pseudo-case each.
        func extras(_ target: String) -> Int {
            report.unavailable.filter { $0.name == target }.count + report.abandoned.filter { $0.name == target }.count
        }
        let totalExtras = targets.reduce(0) { $0 + extras($1) }
        out += "<testsuites name=\"contract-gen conform\" tests=\"\(report.results.count + totalExtras)\" failures=\"\(report.results.count - report.passed - report.skippedByTestee + totalExtras)\" skipped=\"\(report.skippedByTestee)\">\n"
        for target in targets {
            let results = report.results.filter { $0.language == target }
            let skipped = results.filter { $0.outcome.isSkipped }.count
            let failures = results.filter { $0.outcome != .passed }.count - skipped + extras(target)
            let time = results.reduce(0) { $0 + $1.seconds }
            out += "  <testsuite name=\"\(escape(target))\" tests=\"\(results.count + extras(target))\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\">\n"
            if let unavailable = report.unavailable.first(where: { $0.name == target }) {
                out += "    <testcase classname=\"\(escape(target))\" name=\"(toolchain)\"><failure message=\"\(escape(unavailable.reason))\"/></testcase>\n"
            }
            for abandoned in report.abandoned where abandoned.name == target {
                out += "    <testcase classname=\"\(escape(target))\" name=\"(\(abandoned.count) cases not run)\"><failure message=\"\(escape(abandoned.reason))\"/></testcase>\n"
            }
            for result in results {
                let classname = escape("\(target).\(URL(fileURLWithPath: result.path).deletingLastPathComponent().lastPathComponent)")
                out += "    <testcase classname=\"\(classname)\" name=\"\(escape(result.caseName))\" file=\"\(escape(result.path))\" time=\"\(String(format: "%.3f", result.seconds))\""
                if case .failed(let expected, let actual, let details) = result.outcome {
                    out += ">\n      <failure message=\"\(escape(details.first ?? "observation differs"))\">"
                    out += escape("expected: \(expected)\nactual:   \(actual)\n" + details.joined(separator: "\n"))
                    out += "</failure>\n    </testcase>\n"
                } else if case .skipped(let reason) = result.outcome {
                    out += "><skipped message=\"\(escape(reason))\"/></testcase>\n"
                } else {
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    public static func write(_ report: ConformanceReport, targets: [String], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try AtomicFileWriter.write([GeneratedFile(path: url.lastPathComponent, contents: xml(report, targets: targets))],
                                   root: url.deletingLastPathComponent().path)
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
