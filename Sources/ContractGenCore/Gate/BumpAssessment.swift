/// What a version bump excuses. A bump makes old readers reject the new blobs, but only a new
/// reader that no longer accepts the old versions is protected from old blobs: with
/// `writes: 2, accepts: [1, 2]`, v:1 blobs are read under the v:2 rules, so every breaking-change
/// rule still applies to them.
struct BumpAssessment {
    let old: VersionGate
    let new: VersionGate

    var field: String { new.field }
    var bumped: Bool { new.writes != old.writes }

    /// Versions old blobs may carry (what the old schema wrote or accepted) that the new readers
    /// still accept. Empty when the version field itself moved: old blobs then fail the new gate.
    var stillAccepted: [Int] {
        guard ExactText.same(old.field, new.field) else { return [] }
        let oldVersions = Set(old.accepts).union([old.writes])
        return Set(new.accepts).intersection(oldVersions).sorted()
    }

    var stillAcceptedText: String { stillAccepted.map { "\(field):\($0)" }.joined(separator: ", ") }

    /// A bump excuses a breaking change only when no old blob is read under the new rules.
    var excuses: Bool { bumped && stillAccepted.isEmpty }

    func classify(_ rule: SchemaChange.Rule, breaking: Bool, _ message: String, at location: SourceLocation?) -> SchemaChange {
        guard breaking else { return SchemaChange(rule: rule, isBreaking: false, message: message, location: location) }
        let why = SchemaComparison.rationale[rule]!
        func result(_ isBreaking: Bool, _ suffix: String) -> SchemaChange {
            SchemaChange(rule: rule, isBreaking: isBreaking, message: message + suffix, location: location)
        }
        if !rule.isExcusableByBump { return result(true, " (\(why); no version bump excuses this)") }
        if !bumped { return result(true, " without bumping \(field) (\(why))") }
        // Widening `accepts` is part of a bump itself; what it lets through is judged by the other rules.
        if rule == .versionGateChanged { return result(false, " (allowed: \(field) bumped to \(new.writes))") }
        if excuses {
            return result(false, " (allowed: \(field) bumped to \(new.writes), and the new readers accept no old version)")
        }
        return result(true, " although \(field) was bumped to \(new.writes): the new readers still accept \(stillAcceptedText)"
                      + " blobs and read them under the new rules (\(why))")
    }
}

/// Suggests that a removed field was renamed, only for a newly added field of the same type
/// whose name is similar; otherwise no guess (a wrong guess misleads more than none).
enum RenameGuess {
    /// Bounds the work on hostile schemas: names this long, or this many pairs, get no guess.
    static let maxNameLength = 40
    static let maxPairs = 256

    /// Removed field name → its likely new name.
    static func guesses(oldType: ObjectType, newType: ObjectType) -> [String: Field] {
        let removed = oldType.fields.filter { newType.field(named: $0.name) == nil }
        let added = newType.fields.filter { oldType.field(named: $0.name) == nil }
        guard !removed.isEmpty, !added.isEmpty, removed.count * added.count <= maxPairs else { return [:] }
        var result: [String: Field] = [:]
        for field in removed {
            var best: (field: Field, distance: Int)?
            for candidate in added where candidate.type == field.type {
                guard let distance = similarity(field.name, candidate.name) else { continue }
                if best == nil || distance < best!.distance { best = (candidate, distance) }
            }
            if let best { result[field.name] = best.field }
        }
        return result
    }

    /// The edit distance of two names if they are similar, else nil. Similar: one contains the
    /// other (case-insensitively, at least 3 letters), or at most a third of the letters differ.
    static func similarity(_ a: String, _ b: String) -> Int? {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        guard x.count <= maxNameLength, y.count <= maxNameLength, !x.isEmpty, !y.isEmpty else { return nil }
        let distance = editDistance(x, y)
        let (shorter, longer) = x.count <= y.count ? (x, y) : (y, x)
        if shorter.count >= 3, contains(longer, shorter) { return distance }
        return distance * 3 <= longer.count ? distance : nil
    }

    static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle { return true }
        return false
    }

    static func editDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        var previous = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var current = [i] + Array(repeating: 0, count: y.count)
            for j in stride(from: 1, through: y.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
