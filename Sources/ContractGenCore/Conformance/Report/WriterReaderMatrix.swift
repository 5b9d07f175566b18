/// Writers × readers, from one run: every `encode` case that expects a document, written by the
/// row's implementation and read back by the column's. A writer passes the encode case only by
/// writing the expected text byte for byte; a reader passes the case's read-back twin
/// (ReadBackTwins.swift) only by reading that text back as the value the input implies. So a cell
/// counts the documents the row writes that the column reads back equal.
public struct WriterReaderMatrix: Sendable, Equatable {
    /// The implementations, in the run's order: each both a writer (row) and a reader (column).
    public var implementations: [String]
    /// The encode cases with a document (and a read-back twin) in the run.
    public var documents: Int
    /// Per writer: documents written byte for byte as expected.
    public var written: [Int]
    /// Per reader: documents read back as the input's value.
    public var read: [Int]
    /// [writer][reader]: documents the writer wrote as expected and the reader read back.
    public var cells: [[Int]]

    /// Nil when the run has no encode case with a read-back twin.
    public init?(_ matrix: ReportMatrix) {
        let rows = matrix.contracts.flatMap { $0.groups.flatMap(\.rows) }
        var twins: [String: ReportMatrix.Row] = [:]
        for row in rows where row.golden.name.hasSuffix(ConformanceCase.readBackSuffix) {
            twins[row.golden.path + "\u{0}" + row.golden.name] = row
        }
        let pairs = rows.compactMap { row -> (ReportMatrix.Row, ReportMatrix.Row)? in
            guard row.golden.op == TesteeOp.encode.rawValue,
                  let twin = twins[row.golden.path + "\u{0}" + row.golden.name + ConformanceCase.readBackSuffix] else { return nil }
            return (row, twin)
        }
        guard !pairs.isEmpty else { return nil }
        implementations = matrix.columns.map(\.name)
        documents = pairs.count
        let n = implementations.count
        written = (0..<n).map { w in pairs.filter { $0.0.cells[w].status.passes }.count }
        read = (0..<n).map { r in pairs.filter { $0.1.cells[r].status.passes }.count }
        cells = (0..<n).map { w in (0..<n).map { r in pairs.filter { $0.0.cells[w].status.passes && $0.1.cells[r].status.passes }.count } }
    }
}

extension HTMLReport {
    /// The writers × readers table, above the cases (nothing when the run has no encode case).
    static func writersAndReaders(_ matrix: ReportMatrix) -> String {
        guard let grid = WriterReaderMatrix(matrix) else { return "" }
        var out = "<section class=\"writers-readers\"><h2>Writers × readers</h2>\n"
        out += "<p>\(grid.documents) golden document(s) (<code>encode</code> cases that expect one): each row's encoder must write the "
        out += "expected text byte for byte, each column's decoder must read that text back as the value the input implies "
        out += "(the <code>(read back)</code> cases). A cell counts the documents the row writes that the column reads back.</p>\n"
        out += "<table class=\"totals\">\n<thead><tr><th>writer \\ reader</th>"
        for (index, name) in grid.implementations.enumerated() { out += "<th>\(e(name))<br><span class=\"tot\">reads \(grid.read[index])</span></th>" }
        out += "<th>written as expected</th></tr></thead>\n<tbody>\n"
        for (w, writer) in grid.implementations.enumerated() {
            out += "<tr><th>\(e(writer))</th>"
            for r in grid.implementations.indices {
                let count = grid.cells[w][r]
                out += "<td class=\"num \(count == grid.documents ? "g-ok" : "g-bad")\">\(count)/\(grid.documents)</td>"
            }
            out += "<td class=\"num\">\(grid.written[w])/\(grid.documents)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }
}
