/// A unified diff as `diff -u` writes it (`---`/`+++` headers, `@@ -l,s +l,s @@` hunks with 3
/// lines of context, hunks closer than twice that merged, in each run of changes the deleted
/// lines before the inserted ones, `\\ No newline at end of file` after a last line without
/// one), so `check` can show exactly what is stale without needing diffutils.

public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let edits = deletionsFirst(editScript(a, b))
        let changes = edits.indices.filter { edits[$0].kind != .same }
        guard let first = changes.first else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Hunks: each change with `context` lines around it; changes at most 2 × context
        // unchanged lines apart share one.
        var hunkStart = first, hunkEnd = first
        var ranges: [(Int, Int)] = []
        for change in changes.dropFirst() {
            if change - hunkEnd - 1 > 2 * context {
                ranges.append((hunkStart, hunkEnd))
                hunkStart = change
            }
            hunkEnd = change
        }
        ranges.append((hunkStart, hunkEnd))
        for (firstChange, lastChange) in ranges {
            let start = max(0, firstChange - context), stop = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<stop]
            let oldBefore = edits[..<start].filter { $0.kind != .insert }.count
            let newBefore = edits[..<start].filter { $0.kind != .delete }.count
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldBefore, oldCount)) +\(range(newBefore, newCount)) @@\n"
            for edit in hunk {
                let line: Line
                switch edit.kind {
                case .same: line = a[edit.oldIndex]; out += " "
                case .delete: line = a[edit.oldIndex]; out += "-"
                case .insert: line = b[edit.newIndex]; out += "+"
                }
                out += line.text + "\n"
                if !line.terminated { out += "\\ No newline at end of file\n" }
            }
        }
        return out
    }

    /// `l,s` as diff writes it: `l` alone for one line; for none, the line before (`0,0` at the top).
    static func range(_ before: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(before),0"
        case 1: return "\(before + 1)"
        default: return "\(before + 1),\(count)"
        }
    }

    /// A line and whether a newline ends it (only the last line of a text may lack one).
    struct Line: Equatable {
        var text: String
        var terminated: Bool

        static func == (a: Line, b: Line) -> Bool { a.terminated == b.terminated && JSONValue.exactlyEqual(a.text, b.text) }
    }

    /// Split at LF only, scalar by scalar (a `Character` holds CR LF as one, and `==` on
    /// `String` is canonical equivalence; diff compares bytes).
    static func lines(_ text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var pieces = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        let terminated = pieces.last == ""
        if terminated { pieces.removeLast() }
        return pieces.enumerated().map { Line(text: $1, terminated: terminated || $0 < pieces.count - 1) }
    }

    /// In each run of changes, the deletions first (each edit keeps the line it names).
    static func deletionsFirst(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        var run: [Edit] = []
        func flush() {
            result += run.filter { $0.kind == .delete } + run.filter { $0.kind == .insert }
            run.removeAll()
        }
        for edit in edits {
            if edit.kind == .same { flush(); result.append(edit) } else { run.append(edit) }
        }
        flush()
        return result
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// Common prefix and suffix are matched directly; the middle by longest common subsequence
    /// (bounded: a huge rewrite is shown as delete-all / insert-all).
    static func editScript(_ a: [Line], _ b: [Line]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var edits: [Edit] = (0..<prefix).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        if midA.count * midB.count > 4_000_000 {
            edits += midA.indices.map { Edit(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            edits += midB.indices.map { Edit(kind: .insert, oldIndex: prefix + midA.count, newIndex: prefix + $0) }
        } else {
            let n = midA.count, m = midB.count
            var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            if n > 0, m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        lcs[i][j] = midA[i] == midB[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, midA[i] == midB[j] {
                    edits.append(Edit(kind: .same, oldIndex: prefix + i, newIndex: prefix + j)); i += 1; j += 1
                } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                    // On a tie, delete first: the alignment diff -u (Myers) picks.
                    edits.append(Edit(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j)); i += 1
                } else {
                    edits.append(Edit(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j)); j += 1
                }
            }
        }
        let offsetA = a.count - suffix, offsetB = b.count - suffix
        edits += (0..<suffix).map { Edit(kind: .same, oldIndex: offsetA + $0, newIndex: offsetB + $0) }
        return edits
    }
}
