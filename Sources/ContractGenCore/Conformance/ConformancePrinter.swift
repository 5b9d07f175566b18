/// Prints a conformance run: one line per failure (case, language, expected, actual) with a
/// structural diff, a summary per language, and the closing `N passed, N failed` line.

struct ConformancePrinter {
    let io: CommandIO
    let format: OutputFormat

    /// Returns whether the run passes (taking expected failures into account). A language skipped
    /// for a missing toolchain fails the run unless `allowSkip`.
    func print(_ report: ConformanceReport, targets: [String], expected: ExpectedFailures?, allowSkip: Bool = false) -> Bool {
        var ok = true
        for error in report.loadErrors {
            io.out("FAIL \(Self.inert(error.path)): unusable case file: \(Self.clip(error.message))\n")
            ok = false
        }
        var expectedHits = 0
        for result in report.results {
            guard case .failed(let expectedText, let actual, let details) = result.outcome else { continue }
            if let expected, expected.lists(result.caseName, language: result.language) {
                expectedHits += 1
                continue
            }
            ok = false
            let name = Self.clip(result.caseName, limit: 200)
            io.out("FAIL \(name) [\(result.language)]: expected \(Self.clip(expectedText)), actual \(Self.clip(actual))\n")
            for detail in details { io.out("    \(Self.clip(detail))\n") }
            if case .github = format {
                let message = "\(name) [\(result.language)]: " + (details.first.map { Self.clip($0) } ?? "expected \(Self.clip(expectedText)), actual \(Self.clip(actual))")
                io.out(GitHubAnnotation.error(file: result.path, message: message) + "\n")
            }
        }
        if let expected {
            // A listed case that now passes fails the run: the list must never go stale silently.
            for entry in expected.entries {
                let matching = report.results.filter { $0.caseName == entry.caseName && (entry.language == nil || $0.language == entry.language) }
                if !matching.isEmpty, matching.allSatisfy({ $0.outcome == .passed }) {
                    io.out("UNEXPECTED PASS \(Self.clip(entry.caseName, limit: 200))\(entry.language.map { " [\(Self.inert($0))]" } ?? ""): listed in \(Self.inert(expected.path)) but passes; remove it (or run --fix-expected-failures)\n")
                    ok = false
                }
            }
        }
        // Skipped answers, one line per implementation and reason (a parser without an op
        // answers every case of that op so).
        var skippedLines: [String] = []
        var skippedCounts: [String: Int] = [:]
        for result in report.results {
            guard case .skipped(let reason) = result.outcome else { continue }
            let line = "SKIPPED BY \(result.language): \(Self.clip(reason))"
            if skippedCounts[line] == nil { skippedLines.append(line) }
            skippedCounts[line, default: 0] += 1
        }
        for line in skippedLines { io.out("\(line) (\(skippedCounts[line]!) case(s); not failures)\n") }
        // A testee that skips everything tested nothing (a broken wrapper must not go green).
        for target in targets {
            let results = report.results.filter { $0.language == target }
            if !results.isEmpty, results.allSatisfy({ $0.outcome.isSkipped }) {
                io.out("ALL SKIPPED \(target): every case was answered `skipped`, so nothing was tested\n")
                ok = false
            }
        }
        for violation in report.protocolViolations {
            io.out("PROTOCOL \(violation.name): \(Self.clip(violation.reason)); none of its answers counts as a pass\n")
            ok = false
        }
        for unavailable in report.unavailable {
            io.out("\(unavailable.skipped ? "SKIPPED" : "UNAVAILABLE") \(unavailable.name): \(Self.clip(unavailable.reason, limit: 4000, keepLineBreaks: true))\n")
            if !(unavailable.skipped && allowSkip) { ok = false }
        }
        for abandoned in report.abandoned {
            io.out("ABANDONED \(abandoned.name): \(abandoned.count) remaining case(s) not run: \(Self.clip(abandoned.reason))\n")
            ok = false
        }
        for target in targets {
            let results = report.results.filter { $0.language == target }
            guard !results.isEmpty || !report.unavailable.contains(where: { $0.name == target }) else { continue }
            let passed = results.filter { $0.outcome == .passed }.count
            let skipped = results.filter { $0.outcome.isSkipped }.count
            let listed = results.filter { result in
                guard case .failed = result.outcome, let expected else { return false }
                return expected.lists(result.caseName, language: target)
            }.count
            let seconds = results.reduce(0) { $0 + $1.seconds }
            let notRun = report.abandoned.filter { $0.name == target }.reduce(0) { $0 + $1.count }
            io.out("\(target): \(passed) passed, \(results.count - passed - skipped - listed + notRun) failed\(skipped > 0 ? ", \(skipped) skipped" : "")"
                   + "\(listed > 0 ? ", \(listed) failed as listed" : "")\(notRun > 0 ? " (\(notRun) not run)" : "") (\(String(format: "%.1f", seconds)) s)\n")
        }
        if expectedHits > 0 { io.out("(\(expectedHits) failure(s) were listed as expected, so they did not fail the run)\n") }
        // The closing line counts only what fails the run; listed failures are counted apart.
        io.out("\(report.passed) passed, \(report.failed - expectedHits) failed\(report.skipped > 0 ? ", \(report.skipped) skipped" : "")"
               + "\(expectedHits > 0 ? ", \(expectedHits) failed as listed" : "")\n")
        return ok
    }

    /// Golden and testee text made inert for a terminal or a CI log (no control characters, line
    /// breaks or bidi overrides: `<U+001B>`), clipped to `limit` UTF-8 bytes at a scalar boundary.
    /// Bytes, not characters: one grapheme cluster can hold megabytes of combining marks.
    static func clip(_ text: String, limit: Int = 400, keepLineBreaks: Bool = false) -> String {
        let (kept, clipped) = TextClip.prefix(text, maxBytes: limit)
        let shown = keepLineBreaks ? kept.split(separator: "\n", omittingEmptySubsequences: false).map { inert(String($0)) }.joined(separator: "\n") : inert(kept)
        return clipped ? shown + "… (\(text.utf8.count) bytes)" : shown
    }

    static func inert(_ text: String) -> String { Diagnostic.printable(text) }
}
