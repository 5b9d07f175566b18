/// What `compat` prints and writes: one matrix row per release, direction, language and contract
/// with the count of each verdict, then the first silent misread of each row that has one (the
/// document and both readings), as text, JUnit XML, GitHub annotations and an HTML table.
import Foundation

struct CompatReport {
    var result: CompatResult

    /// The text report; every piece of document or observation text is printed inertly, clipped.
    func lines() -> [String] {
        var out: [String] = []
        let header = ["release", "direction", "language", "contract", "documents", "same", "degraded", "misread"]
        var rows = [header]
        for cell in result.cells {
            rows.append([cell.release, cell.direction.rawValue, cell.language.rawValue, cell.contract, String(cell.documents),
                         String(cell.counts[.same] ?? 0), String(cell.counts[.degraded] ?? 0), String(cell.counts[.misread] ?? 0)])
        }
        let widths = header.indices.map { column in rows.map { Diagnostic.printable($0[column]).count }.max() ?? 0 }
        for row in rows {
            out.append(row.enumerated().map { column, text in
                let shown = Diagnostic.printable(text)
                let pad = String(repeating: " ", count: widths[column] - shown.count)
                return column >= 4 ? pad + shown : shown + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        for cell in result.cells {
            for problem in cell.problems {
                out.append("PROBLEM \(label(cell)): \(ConformancePrinter.clip(problem, limit: 600))")
            }
            guard let misread = cell.firstMisread else { continue }
            out.append("MISREAD \(label(cell)) at \(ConformancePrinter.clip(misread.judgement.path, limit: 200)): \(ConformancePrinter.clip(misread.judgement.why))")
            out.append("    document: \(ConformancePrinter.clip(misread.document, limit: 600))")
            out.append("    writer's release reads: \(ConformancePrinter.clip(misread.writer.serialized(sortedKeys: true), limit: 600))")
            out.append("    the other reads:        \(ConformancePrinter.clip(misread.reader.serialized(sortedKeys: true), limit: 600))")
        }
        for problem in result.problems { out.append("PROBLEM \(ConformancePrinter.clip(problem, limit: 600))") }
        let documents = result.cells.reduce(0) { $0 + $1.documents }
        let degraded = result.cells.reduce(0) { $0 + ($1.counts[.degraded] ?? 0) }
        out.append("compat: \(documents) reading(s) compared, \(degraded) documented degradation(s), \(result.misreads) silent misread(s)")
        return out
    }

    func label(_ cell: CompatCell) -> String {
        "\(cell.release) (\(cell.direction.rawValue)) [\(cell.language.rawValue)] \(cell.contract)"
    }

    /// One `::error` per row with a misread or a problem.
    func annotations() -> [String] {
        result.cells.compactMap { cell in
            if let misread = cell.firstMisread {
                return GitHubAnnotation.error(file: nil, message: "compat: \(label(cell)): silent misread at \(misread.judgement.path): \(misread.judgement.why)")
            }
            return cell.problems.first.map { GitHubAnnotation.error(file: nil, message: "compat: \(label(cell)): \($0)") }
        } + result.problems.map { GitHubAnnotation.error(file: nil, message: "compat: \($0)") }
    }

    /// JUnit: a suite per release and direction, a test case per language and contract.
    func junit() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"contract-gen compat\">\n"
        var suites: [String] = []
        for cell in result.cells where !suites.contains(cell.release + "|" + cell.direction.rawValue) { suites.append(cell.release + "|" + cell.direction.rawValue) }
        for suite in suites {
            let cells = result.cells.filter { $0.release + "|" + $0.direction.rawValue == suite }
            let failures = cells.filter { $0.firstMisread != nil || !$0.problems.isEmpty }.count
            out += "  <testsuite name=\"\(JUnitReport.escape(suite.replacingOccurrences(of: "|", with: ": ")))\" tests=\"\(cells.count)\" failures=\"\(failures)\">\n"
            for cell in cells {
                out += "    <testcase classname=\"\(JUnitReport.escape(cell.release))\" name=\"\(JUnitReport.escape("\(cell.language.rawValue) \(cell.contract)"))\""
                if let misread = cell.firstMisread {
                    out += "><failure message=\"\(JUnitReport.escape(TextClip.clip("silent misread at \(misread.judgement.path): \(misread.judgement.why)", maxBytes: 2000)))\">"
                    out += JUnitReport.escape(TextClip.clip("document: \(misread.document)\nwriter's release: \(misread.writer.serialized(sortedKeys: true))\nother: \(misread.reader.serialized(sortedKeys: true))", maxBytes: 16 << 10))
                    out += "</failure></testcase>\n"
                } else if let problem = cell.problems.first {
                    out += "><failure message=\"\(JUnitReport.escape(TextClip.clip(problem, maxBytes: 2000)))\"/></testcase>\n"
                } else {
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// A self-contained page: the matrix, and the first misread of each row that has one.
    func html() -> String {
        func e(_ text: String) -> String { HTMLText.escape(text) }
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>compat: \(result.misreads) silent misread(s)</title>\n"
        out += "<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
        out += "td.n{text-align:right}.bad{background:#fdd}.deg{background:#ffe9b3}.ok{background:#dfd}pre{white-space:pre-wrap;max-width:70em}</style>\n</head>\n<body>\n"
        out += "<h1>Releases against HEAD</h1>\n<table>\n<tr><th>release</th><th>direction</th><th>language</th><th>contract</th><th>documents</th><th>same</th><th>documented degradation</th><th>silent misread</th></tr>\n"
        for cell in result.cells {
            let misread = cell.counts[.misread] ?? 0, degraded = cell.counts[.degraded] ?? 0
            let kind = misread > 0 || !cell.problems.isEmpty ? "bad" : degraded > 0 ? "deg" : "ok"
            out += "<tr class=\"\(kind)\"><td>\(e(cell.release))</td><td>\(e(cell.direction.rawValue))</td><td>\(e(cell.language.rawValue))</td><td>\(e(cell.contract))</td>"
            out += "<td class=\"n\">\(cell.documents)</td><td class=\"n\">\(cell.counts[.same] ?? 0)</td><td class=\"n\">\(degraded)</td><td class=\"n\">\(misread)</td></tr>\n"
        }
        out += "</table>\n"
        for cell in result.cells {
            if let misread = cell.firstMisread {
                out += "<h2>\(e(label(cell)))</h2>\n<p>silent misread at <code>\(e(HTMLText.clip(misread.judgement.path, limit: 400)))</code>: \(e(HTMLText.clip(misread.judgement.why, limit: 1000)))</p>\n"
                out += "<pre>document: \(e(HTMLText.clip(misread.document)))\n\nwriter's release: \(e(HTMLText.clip(misread.writer.serialized(sortedKeys: true))))\n\nother: \(e(HTMLText.clip(misread.reader.serialized(sortedKeys: true))))</pre>\n"
            }
            for problem in cell.problems { out += "<p class=\"bad\">\(e(label(cell))): \(e(HTMLText.clip(problem, limit: 2000)))</p>\n" }
        }
        for problem in result.problems { out += "<p class=\"bad\">\(e(HTMLText.clip(problem, limit: 2000)))</p>\n" }
        return out + "</body>\n</html>\n"
    }
}
