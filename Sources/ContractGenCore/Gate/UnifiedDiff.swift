/// A small unified diff (`--- a` / `+++ b` / `@@` hunks with 3 lines of context) so `check` can
/// show exactly what is stale without needing diffutils.

public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = editScript(a, b)
        guard edits.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Group edits into hunks with `context` lines around changes.
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if edits[end].kind != .same { lastChange = end }
                if end - lastChange > context * 2 { break }
                end += 1
            }
            let stop = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<stop]
            let oldStart = (hunk.first { $0.kind != .insert }?.oldIndex ?? hunk.first!.oldIndex) + 1
            let newStart = (hunk.first { $0.kind != .delete }?.newIndex ?? hunk.first!.newIndex) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: out += " \(a[edit.oldIndex])\n"
                case .delete: out += "-\(a[edit.oldIndex])\n"
                case .insert: out += "+\(b[edit.newIndex])\n"
                }
            }
            index = stop
        }
        return out
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// Common prefix and suffix are matched directly; the middle by longest common subsequence
    /// (bounded: a huge rewrite is shown as delete-all / insert-all).
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
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
                } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
                    edits.append(Edit(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j)); j += 1
                } else {
                    edits.append(Edit(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j)); i += 1
                }
            }
        }
        let offsetA = a.count - suffix, offsetB = b.count - suffix
        edits += (0..<suffix).map { Edit(kind: .same, oldIndex: offsetA + $0, newIndex: offsetB + $0) }
        return edits
    }
}
