import Foundation

/// The two corpora every benchmark row is measured on (Benchmarks/README.md, "Corpora"). Both are
/// deterministic: the same size gives the same bytes on every machine, so the other languages'
/// harnesses read the very blob the Swift one does (`contract-bench --corpus NAME --size N --write`).
enum Corpus: String, CaseIterable {
    /// Every title holds escapes, non-ASCII and a surrogate pair: the case where JSONDecoder is slowest.
    case escapes
    /// What a widget reads on a typical day: word titles, one in eight with an escape or an emoji.
    case typical

    func snapshot(bytes: Int) -> String {
        switch self {
        case .escapes: return makeEscapeHeavySnapshot(bytes: bytes)
        case .typical: return makeTypicalSnapshot(bytes: bytes)
        }
    }
}

/// The escape-heavy corpus: task titles vary, with escapes (`\"`, `\\`, `\n`, `\u00e9`), raw
/// non-ASCII, raw emoji (a surrogate pair in UTF-16) and escaped pairs in every one of them.
func makeEscapeHeavySnapshot(bytes: Int) -> String {
    var tasks: [String] = []
    var projects: [String] = []
    var size = 200
    var index = 0
    while size < bytes {
        let emoji = index % 2 == 0 ? " 🎉" : " \\ud83d\\ude80"
        let title = "Task \(index) — review \"draft\" \\ notes ünïcödé\(emoji) \(String(repeating: "x", count: index % 40))"
        let escapedTitle = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\\\\ud83d\\\\ude80", with: "\\ud83d\\ude80") + (index % 4 == 1 ? "\\n\\u00e9" : "")
        let task = "{\"id\":\"t\(index)\",\"title\":\"\(escapedTitle)\",\"isDone\":\(index % 3 == 0),\"projectId\":\"p\(index % 7)\"}"
        if index % 5 == 4 {
            projects.append("{\"id\":\"p\(index)\",\"title\":\"Project \(index)\",\"tasks\":[\(task)]}")
        } else {
            tasks.append(task)
        }
        size += task.utf8.count + 1
        index += 1
    }
    let colors = (0..<7).map { "\"p\($0)\":\"#\(String(format: "%06x", $0 * 2_396_745))\"" }.joined(separator: ",")
    return "{\"v\":1,\"dayStr\":\"2026-07-17\",\"validUntil\":1784325600000,\"tasks\":[\(tasks.joined(separator: ","))],"
        + "\"projectColors\":{\(colors)},\"projects\":[\(projects.joined(separator: ","))]}"
}

/// The typical-content corpus, as `JSON.stringify` writes a to-do app's day (key order id, title,
/// isDone, projectId; an absent projectId is no key at all):
/// - titles: 2–7 lowercase ASCII words from a list of 48 (first letter capitalised), 8–60 bytes;
///   one title in eight (every 8th row) carries one extra: in turn `\"…\"` quotes, a `\\`
///   (a path), a `\t`, or a raw emoji (4 UTF-8 bytes, a surrogate pair in UTF-16);
/// - ids: task ids are 10-digit numeric strings, project ids 10-digit numeric strings;
/// - isDone: true on one row in four (pseudo-random), always present;
/// - projectId: on half the rows (pseudo-random), one of 4 projects;
/// - projects: 4, titled "Work", "Home", "Errands", "Reading"; one row in five is nested in a
///   project's tasks (in turn), the others are top-level tasks;
/// - projectColors: one "#rrggbb" per project (4 entries);
/// - dayStr and validUntil present, no whitespace.
/// Pseudo-random choices come from a fixed linear congruential generator, so the text is the same
/// for a given size everywhere.
func makeTypicalSnapshot(bytes: Int) -> String {
    let words = ["call", "email", "review", "draft", "budget", "meeting", "notes", "plan", "book", "dentist",
                 "groceries", "pay", "rent", "invoice", "team", "report", "update", "slides", "fix", "bug",
                 "login", "page", "water", "plants", "pick", "up", "kids", "from", "school", "send",
                 "the", "to", "for", "and", "with", "weekly", "quarterly", "sync", "design", "doc",
                 "renew", "passport", "clean", "kitchen", "order", "printer", "ink", "gym"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    let projectIds = ["2203306141", "2203306144", "2203306150", "2203306157"]
    let projectTitles = ["Work", "Home", "Errands", "Reading"]
    let extras = [" \\\"asap\\\"", " C:\\\\notes", "\\tlater", " 🎉"]
    var topLevel: [String] = []
    var nested: [[String]] = Array(repeating: [], count: projectIds.count)
    var size = 320
    var index = 0
    while size < bytes {
        var title = ""
        for w in 0..<(2 + next(6)) {
            let word = words[next(words.count)]
            title += w == 0 ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
        }
        if index % 8 == 3 { title += extras[(index / 8) % extras.count] }
        var task = "{\"id\":\"\(6_100_000_000 + index * 37)\",\"title\":\"\(title)\",\"isDone\":\(next(4) == 0)"
        if next(2) == 0 { task += ",\"projectId\":\"\(projectIds[next(projectIds.count)])\"" }
        task += "}"
        if index % 5 == 4 {
            nested[(index / 5) % projectIds.count].append(task)
        } else {
            topLevel.append(task)
        }
        size += task.utf8.count + 1
        index += 1
    }
    let colorValues = ["#db4035", "#299438", "#4073ff", "#af38eb"]
    let colors = projectIds.indices.map { "\"\(projectIds[$0])\":\"\(colorValues[$0])\"" }.joined(separator: ",")
    let projects = projectIds.indices.map {
        "{\"id\":\"\(projectIds[$0])\",\"title\":\"\(projectTitles[$0])\",\"tasks\":[\(nested[$0].joined(separator: ","))]}"
    }.joined(separator: ",")
    return "{\"v\":1,\"dayStr\":\"2026-07-17\",\"validUntil\":1784325600000,\"tasks\":[\(topLevel.joined(separator: ","))],"
        + "\"projectColors\":{\(colors)},\"projects\":[\(projects)]}"
}
