/// `conform`'s report options: `--report FILE` (format by extension), `--report-html FILE`,
/// `--badge FILE.svg`, and naming `--testee 'NAME=CMD'` columns.
import Foundation

/// One `--testee` value: `NAME=CMD` or a plain command.
struct TesteeArgument: Equatable {
    var name: String
    var command: String

    /// A leading `NAME=` names the column when NAME is lowercase letters, digits, `.`, `_`, `-`
    /// (starting with a letter or digit): an environment assignment in front of a command is
    /// conventionally upper case (`JAVA_OPTS=… cmd`) and stays part of the command. Unnamed
    /// testees are `testee` (the only one) or `testeeN` (Nth of several), as always.
    static func parse(_ values: [String]) throws(UsageError) -> [TesteeArgument] {
        var out: [TesteeArgument] = []
        for (index, value) in values.enumerated() {
            if let equals = value.firstIndex(of: "="), isName(value[..<equals]) {
                let command = String(value[value.index(after: equals)...])
                guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw UsageError("--testee '\(value)' names a testee but gives no command")
                }
                out.append(TesteeArgument(name: String(value[..<equals]), command: command))
            } else {
                out.append(TesteeArgument(name: values.count == 1 ? "testee" : "testee\(index + 1)", command: value))
            }
        }
        return out
    }

    static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, text.count <= 64 else { return false }
        let lower = "a"..."z" as ClosedRange<Unicode.Scalar>, digits = "0"..."9" as ClosedRange<Unicode.Scalar>
        guard lower.contains(first) || digits.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { lower.contains($0) || digits.contains($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }
}

extension ContractGenCommand {
    /// Writes every report asked for. `--report` picks HTML for `.html`/`.htm`, JUnit XML otherwise.
    func writeReports(_ parsed: ParsedArguments, cases: [ConformanceCase], report: ConformanceReport, targets: [String],
                      expected: ExpectedFailures?, deadline: Date? = nil) throws {
        func inTime() throws { if let deadline, Date() >= deadline { throw ReportDeadlinePassed() } }
        var htmlPaths = parsed.values("report-html")
        for reportPath in parsed.values("report") {
            let lowered = reportPath.lowercased()
            if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") {
                htmlPaths.append(reportPath)
            } else {
                try inTime()
                try JUnitReport.write(report, targets: targets, to: path(reportPath), deadline: deadline)
                io.err("wrote JUnit report \(reportPath)\n")
            }
        }
        let badges = parsed.values("badge")
        guard !htmlPaths.isEmpty || !badges.isEmpty else { return }
        try inTime()
        let matrix = ReportMatrix(cases: cases, report: report, targets: targets, expected: expected)
        if !htmlPaths.isEmpty {
            try inTime()
            let html = HTMLReport.html(matrix, expected: expected, root: URL(fileURLWithPath: root).standardizedFileURL.path)
            for htmlPath in htmlPaths {
                try inTime()
                let url = URL(fileURLWithPath: path(htmlPath))
                try AtomicFileWriter.write([GeneratedFile(path: url.lastPathComponent, contents: html)],
                                           root: url.deletingLastPathComponent().path)
                io.err("wrote HTML report \(htmlPath)\n")
            }
        }
        for badge in badges {
            try ConformanceBadge.write(matrix, to: path(badge))
            io.err("wrote badge \(badge)\n")
        }
    }
}
