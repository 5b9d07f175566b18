/// Prints the gate's findings verdict first: breaking changes, then hand-written golden problems,
/// then generated files out of date (one line each, or one line per contract or language
/// directory when there are many; diffs only with `--diff`), then notes, then a summary that
/// counts each kind separately.
public struct GateReport: Sendable {
    public var findings: [GateFinding]
    public var showDiffs: Bool

    /// More drift findings than this in one group are printed as one line.
    public static let groupThreshold = 5

    public init(findings: [GateFinding], showDiffs: Bool) {
        self.findings = findings
        self.showDiffs = showDiffs
    }

    /// The lines to print, each with the annotation it carries for `--format github`.
    public func lines() -> [(text: String, diagnostic: Diagnostic?)] {
        var lines: [(text: String, diagnostic: Diagnostic?)] = []
        for kind in GateFindingKind.allCases {
            let ofKind = findings.filter { $0.kind == kind }
            switch kind {
            case .missing, .stale, .orphan:
                for group in Self.grouped(ofKind) { lines += driftLines(group, kind: kind) }
            default:
                lines += ofKind.map { ($0.text, $0.diagnostic) }
            }
        }
        return lines
    }

    func driftLines(_ group: [GateFinding], kind: GateFindingKind) -> [(text: String, diagnostic: Diagnostic?)] {
        var lines: [(text: String, diagnostic: Diagnostic?)] = []
        let collapsed = group.count > Self.groupThreshold
        if collapsed, let first = group.first {
            let text = Self.groupLine(group, kind: kind, showDiffs: showDiffs)
            var diagnostic = first.diagnostic
            diagnostic?.message = text
            lines.append((text, diagnostic))
        }
        for finding in group {
            if !collapsed { lines.append((finding.text, finding.diagnostic)) }
            if showDiffs, let diff = finding.diff {
                if collapsed { lines.append((finding.text, nil)) }
                lines.append((diff, nil))
            }
        }
        return lines
    }

    /// For example "demo: 259 golden files missing — run `contract-gen emit --lang all`".
    static func groupLine(_ group: [GateFinding], kind: GateFindingKind, showDiffs: Bool) -> String {
        let name = group[0].group ?? "?"
        // Golden files are the JSON ones, wherever contract-gen.yaml puts the goldens.
        let isGolden = group[0].path?.hasSuffix(".json") ?? false
        let files = "\(group.count) \(isGolden ? "golden files" : "files")"
        switch kind {
        case .missing:
            return "\(name): \(files) missing — run `contract-gen emit --lang all`"
        case .stale:
            return "\(name): \(files) differ from what the schema generates — run `contract-gen emit --lang all`"
                + (showDiffs ? "" : " (`check --diff` shows the diffs)")
        default:
            return "\(name): \(files) no longer generated — " + (isGolden ? "`contract-gen emit --lang all` removes them" : "delete them")
        }
    }

    /// Findings by group, groups in order of first appearance.
    static func grouped(_ findings: [GateFinding]) -> [[GateFinding]] {
        var order: [String] = []
        var groups: [String: [GateFinding]] = [:]
        for finding in findings {
            let key = finding.group ?? finding.path ?? finding.text
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(finding)
        }
        return order.map { groups[$0]! }
    }

    public var hasFailures: Bool { findings.contains(where: \.isFailure) }

    /// For example "check: 1 breaking change, 259 missing generated files".
    public var summary: String {
        let labels: [(GateFindingKind, String, String)] = [
            (.breaking, "breaking change", "breaking changes"),
            (.uncompared, "base schema not compared", "base schemas not compared"),
            (.golden, "hand-written golden case problem", "hand-written golden case problems"),
            (.interrupted, "leftover of an interrupted emit", "leftovers of interrupted emits"),
            (.missing, "missing generated file", "missing generated files"),
            (.stale, "stale generated file", "stale generated files"),
            (.orphan, "file no longer generated", "files no longer generated"),
        ]
        let parts = labels.compactMap { kind, one, many -> String? in
            let count = findings.filter { $0.kind == kind && $0.isFailure }.count
            return count == 0 ? nil : "\(count) \(count == 1 ? one : many)"
        }
        return "check: " + parts.joined(separator: ", ")
    }
}
