/// `conform --badge FILE.svg`: one SVG with a shields-style line per implementation,
/// "name | N/M cases" (N passing of M golden cases). Deterministic: text widths are estimated
/// from character counts, never measured.
import Foundation

public enum ConformanceBadge {
    static let rowHeight = 20
    static let charWidth = 7
    static let padding = 10
    static let nameLimit = 40

    public static func svg(_ matrix: ReportMatrix) -> String {
        let rows = matrix.columns.map { column -> (name: String, value: String, color: String) in
            let name = column.name.count > nameLimit ? String(column.name.prefix(nameLimit - 1)) + "…" : column.name
            return (name, value(column, total: matrix.caseCount), color(column, total: matrix.caseCount))
        }
        let left = (rows.map(\.name.count).max() ?? 0) * charWidth + 2 * padding
        let right = (rows.map(\.value.count).max() ?? 0) * charWidth + 2 * padding
        let width = left + right, height = max(rows.count, 1) * rowHeight
        let label = rows.map { "\($0.name): \($0.value)" }.joined(separator: "; ")
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(escape(label))\">\n"
        out += "<title>\(escape(label))</title>\n"
        out += "<g font-family=\"Verdana,DejaVu Sans,Geneva,sans-serif\" font-size=\"11\">\n"
        for (index, row) in rows.enumerated() {
            let y = index * rowHeight
            out += "<rect x=\"0\" y=\"\(y)\" width=\"\(left)\" height=\"\(rowHeight)\" fill=\"#555\"/>"
            out += "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(right)\" height=\"\(rowHeight)\" fill=\"\(row.color)\"/>\n"
            out += "<text x=\"\(padding)\" y=\"\(y + 14)\" fill=\"#fff\">\(escape(row.name))</text>"
            out += "<text x=\"\(left + padding)\" y=\"\(y + 14)\" fill=\"#fff\">\(escape(row.value))</text>\n"
        }
        return out + "</g>\n</svg>\n"
    }

    static func value(_ column: ReportMatrix.Column, total: Int) -> String {
        if column.counts[.skip] == total, total > 0 { return "skipped" }
        if column.counts[.unavailable] == total, total > 0 { return "not built" }
        return "\(column.passed)/\(total) cases"
    }

    /// Green when every case passes, orange from 75 %, red below; grey when it did not run.
    static func color(_ column: ReportMatrix.Column, total: Int) -> String {
        if total > 0, column.counts[.skip] == total || column.counts[.unavailable] == total { return "#9f9f9f" }
        if column.passed == total { return "#4c1" }
        return column.passed * 4 >= total * 3 ? "#fe7d37" : "#e05d44"
    }

    static func escape(_ text: String) -> String {
        JUnitReport.escape(text).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    public static func write(_ matrix: ReportMatrix, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try AtomicFileWriter.write([GeneratedFile(path: url.lastPathComponent, contents: svg(matrix))],
                                   root: url.deletingLastPathComponent().path)
    }
}
