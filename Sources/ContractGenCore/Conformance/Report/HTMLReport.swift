/// `conform --report-html FILE`: one self-contained HTML page (inline CSS and JS, no network)
/// showing golden cases × implementations. Only failing cells carry details, so a run of
/// thousands of cases stays a page a browser opens at once. Byte-for-byte deterministic: no
/// timings, no dates.
import Foundation

public enum HTMLReport {
    public static func html(cases: [ConformanceCase], report: ConformanceReport, targets: [String],
                            expected: ExpectedFailures?, root: String? = nil) -> String {
        html(ReportMatrix(cases: cases, report: report, targets: targets, expected: expected), expected: expected, root: root)
    }

    /// `root`: case file paths under it are shown relative to it (the page then reads the same
    /// on every machine).
    public static func html(_ matrix: ReportMatrix, expected: ExpectedFailures?, root: String? = nil) -> String {
        let relative = { (path: String) -> String in
            guard let root, path.hasPrefix(root + "/") else { return path }
            return String(path.dropFirst(root.count + 1))
        }
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>Conformance: \(matrix.caseCount) cases × \(matrix.columns.count) implementation(s)</title>\n"
        out += "<style>\n" + HTMLReportAssets.css + columnHidingCSS(matrix.columns.count) + "</style>\n</head>\n<body>\n"
        out += header(matrix, expected: expected.map { ExpectedFailures(path: relative($0.path), entries: $0.entries) })
        out += loadErrors(matrix, relative: relative)
        out += writersAndReaders(matrix)
        out += table(matrix, relative: relative)
        out += "<script>\n" + HTMLReportAssets.script + "</script>\n</body>\n</html>\n"
        return out
    }

    static func e(_ text: String) -> String { HTMLText.escape(text) }

    /// `#matrix.hN` hides implementation column N (the case name is column 1).
    static func columnHidingCSS(_ count: Int) -> String {
        (0..<count).map { "#matrix.h\($0) tr > :nth-child(\($0 + 2)) { display: none; }\n" }.joined()
    }

    // MARK: Header: totals and filters

    static func header(_ matrix: ReportMatrix, expected: ExpectedFailures?) -> String {
        var out = "<header>\n<h1>Conformance report</h1>\n"
        let contracts = matrix.contracts.map { "\(e($0.name)) (\($0.caseCount))" }.joined(separator: ", ")
        out += "<p class=\"lead\">\(matrix.caseCount) golden case(s) of \(matrix.contracts.count) contract(s): \(contracts)"
        if let expected { out += "; expected failures from <code>\(e(expected.path))</code>" }
        out += ".</p>\n<table class=\"totals\">\n<thead><tr><th>implementation</th><th>passing</th>"
        let shown = CellStatus.allCases.filter { status in matrix.columns.contains { ($0.counts[status] ?? 0) > 0 } }
        for status in shown { out += "<th class=\"s-\(status.rawValue)\">\(status.label)</th>" }
        out += "<th>notes</th></tr></thead>\n<tbody>\n"
        for (index, column) in matrix.columns.enumerated() {
            out += "<tr data-col=\"\(index)\"><th>\(e(column.name))</th><td class=\"num\">\(column.passed)/\(matrix.caseCount)</td>"
            for status in shown { out += "<td class=\"num\">\(column.counts[status] ?? 0)</td>" }
            out += "<td>\(column.notes.map { e(HTMLText.clip($0, limit: 600)) }.joined(separator: "<br>"))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        out += "<form id=\"filters\" autocomplete=\"off\">\n<fieldset><legend>status</legend>"
        for status in shown {
            let total = matrix.columns.reduce(0) { $0 + ($1.counts[status] ?? 0) }
            out += "<label class=\"s-\(status.rawValue)\"><input type=\"checkbox\" data-status=\"\(status.rawValue)\" checked> \(status.label) (\(total))</label>"
        }
        out += "<button type=\"button\" id=\"problems\">problems only</button><button type=\"button\" id=\"everything\">everything</button>"
        out += "<button type=\"button\" id=\"fold\">groups only</button><button type=\"button\" id=\"unfold\">all cases</button>"
        out += "</fieldset>\n<fieldset><legend>implementation</legend>"
        for (index, column) in matrix.columns.enumerated() {
            out += "<label><input type=\"checkbox\" data-col=\"\(index)\" checked> \(e(column.name))</label>"
        }
        out += "</fieldset>\n<p class=\"shown\">showing <output id=\"shown\">\(matrix.caseCount)</output> of \(matrix.caseCount) case(s)"
        out += " <span class=\"hint\">(a row shows when one of its shown implementations has a checked status; click a failing cell to open it, a group's name to fold it)</span></p>\n"
        out += "</form>\n</header>\n"
        return out
    }

    static func loadErrors(_ matrix: ReportMatrix, relative: (String) -> String) -> String {
        guard !matrix.loadErrors.isEmpty else { return "" }
        var out = "<section class=\"load-errors\"><h2>\(matrix.loadErrors.count) unusable case file(s) (each fails the run)</h2><ul>\n"
        for error in matrix.loadErrors {
            out += "<li><code>\(e(relative(error.path)))</code>: \(e(HTMLText.clip(error.message, limit: 600)))</li>\n"
        }
        return out + "</ul></section>\n"
    }

    // MARK: The matrix

    static func table(_ matrix: ReportMatrix, relative: (String) -> String) -> String {
        var out = "<table id=\"matrix\">\n<thead><tr><th class=\"case\">case</th>"
        for column in matrix.columns {
            out += "<th>\(e(column.name))<br><span class=\"tot\">\(column.passed)/\(matrix.caseCount)</span></th>"
        }
        out += "</tr></thead>\n"
        var rowIndex = 0
        for (contractIndex, contract) in matrix.contracts.enumerated() {
            out += "<tbody class=\"contract\" data-contract=\"\(contractIndex)\"><tr><th colspan=\"\(matrix.columns.count + 1)\">"
            out += "\(e(contract.name)) <span class=\"count\">\(contract.caseCount) case(s), \(contract.groups.count) group(s)</span></th></tr></tbody>\n"
            for group in contract.groups {
                out += "<tbody class=\"group\" data-contract=\"\(contractIndex)\">\n" + groupSummary(group, columns: matrix.columns)
                for row in group.rows {
                    out += caseRow(row, group: group.name, index: rowIndex, relative: relative)
                    rowIndex += 1
                }
                out += "</tbody>\n"
            }
        }
        return out + "</table>\n"
    }

    /// "projectId: 9 cases" and, per implementation, how many of them pass.
    static func groupSummary(_ group: ReportMatrix.Group, columns: [ReportMatrix.Column]) -> String {
        var breakers: [String] = []
        var cells = ""
        for (index, column) in columns.enumerated() {
            let statuses = group.rows.map { $0.cells[index].status }
            let passed = statuses.filter(\.passes).count
            let broken = statuses.filter { [.fail, .crash, .timeout, .abandoned, .unavailable].contains($0) }.count
            let kind = broken > 0 ? "bad" : statuses.contains(.xfail) ? "known" : passed == statuses.count ? "ok" : "none"
            if broken > 0 { breakers.append(column.name) }
            cells += "<td class=\"g-\(kind)\">\(passed)/\(statuses.count)</td>"
        }
        var out = "<tr class=\"gsum\"><th>\(e(group.name)) <span class=\"count\">\(group.rows.count) case(s)</span>"
        if !breakers.isEmpty { out += " <span class=\"breaks\">broken by \(breakers.map(e).joined(separator: ", "))</span>" }
        return out + "</th>" + cells + "</tr>\n"
    }

    /// The case name, its group's part dimmed when it merely repeats the group (schema-derived
    /// names), so the part that differs stands out; the text is still the whole name.
    static func caseName(_ golden: ConformanceCase, group: String) -> String {
        let prefix = "schema.\(golden.contract).\(group)."
        guard golden.name.hasPrefix(prefix), golden.name.count > prefix.count else { return e(golden.name) }
        return "<span class=\"pre\">\(e(prefix))</span>\(e(String(golden.name.dropFirst(prefix.count))))"
    }

    static func caseRow(_ row: ReportMatrix.Row, group: String, index: Int, relative: (String) -> String) -> String {
        let statuses = row.cells.map(\.status.rawValue).joined(separator: " ")
        var out = "<tr data-s=\"\(statuses)\"><th"
        if !row.golden.about.isEmpty { out += " title=\"\(e(HTMLText.clip(row.golden.about, limit: 600)))\"" }
        out += ">\(caseName(row.golden, group: group))</th>"
        for (column, cell) in row.cells.enumerated() {
            out += self.cell(cell, golden: row.golden, path: relative(row.golden.path), id: "c-\(index)-\(column)")
        }
        return out + "</tr>\n"
    }

    static func cell(_ cell: ReportMatrix.Cell, golden: ConformanceCase, path: String, id: String) -> String {
        let status = cell.status
        guard let result = cell.result, case .failed(let expected, let actual, let details) = result.outcome else {
            return "<td class=\"s-\(status.rawValue)\">\(status == .pass ? "✓" : status.label)</td>"
        }
        var out = "<td class=\"s-\(status.rawValue)\"><details id=\"\(id)\"><summary>\(status.label)</summary><div class=\"d\">"
        if status == .xfail { out += "<p>listed as an expected failure; the run still passes</p>" }
        out += "<p class=\"file\">\(e(path))</p>"
        out += "<b>given</b> (op <code>\(e(golden.op))</code>)<pre>\(e(HTMLText.clip(golden.given.serialized(sortedKeys: true))))</pre>"
        out += "<b>expected</b><pre>\(e(HTMLText.clip(expected)))</pre>"
        out += "<b>actual</b><pre>\(e(HTMLText.clip(actual)))</pre>"
        if !details.isEmpty {
            out += "<b>differences</b><ul>" + details.map { "<li>\(e(HTMLText.clip($0, limit: 600)))</li>" }.joined() + "</ul>"
        }
        return out + "</div></details></td>"
    }
}
