/// Each decode case that asks for the report is also run without it.
///
/// Why: asking for a report never changes a decode's result (docs/report.md), but the default
/// path an app runs is separate code — Swift's plain decoder family, TypeScript's tree decoders
/// over `JSON.parse` — and most cases (every schema-derived one) ask for the report. Without the
/// twin, a bug only in the default path would pass every such case.
extension ConformanceCase {
    /// What a twin's name adds to its case's name.
    public static let noReportSuffix = " (no report)"

    /// The same decode with `report` left out of `given` and `report` / `reportOmitted` left out
    /// of the expectation; nil when the case is not a decode that asks for a report.
    public var withoutReport: ConformanceCase? {
        guard TesteeOp(rawValue: op)?.observesADecode == true, case .object(let given) = given,
              given.contains(where: { $0.0 == "report" && $0.1 == .bool(true) }),
              case .object(let expected) = expect else { return nil }
        var twin = self
        twin.name = name + Self.noReportSuffix
        twin.given = .object(given.filter { $0.0 != "report" })
        twin.expect = .object(expected.filter { $0.0 != "report" && $0.0 != "reportOmitted" })
        return twin
    }

    /// `cases` with each one's no-report twin right after it.
    public static func withPlainTwins(_ cases: [ConformanceCase]) -> [ConformanceCase] {
        cases.flatMap { golden in [golden] + (golden.withoutReport.map { [$0] } ?? []) }
    }
}
