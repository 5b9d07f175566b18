// The generated Swift as an iOS app and its widget use it, from another module (`import
// Contracts`, as a SwiftPM library or a framework would be): decode, switch on the result, read
// the fields, a SwiftUI list of rows, a preview value built from defaults, the done-queue, the
// instants' dates, and the app writing the snapshot its widget reads (App Group storage). PlatformUsageTests compiles it with -swift-version 6 -warnings-as-errors and
// runs it; on Linux a tiny stand-in replaces the part of SwiftUI it uses.
import Foundation
import Contracts

#if canImport(SwiftUI)
import SwiftUI
#else
/// Stand-in for the SwiftUI this file uses (View, Text, VStack, ForEach, @ViewBuilder). Each view
/// also renders itself as text lines, so the program can check what it would show.
protocol View { var lines: [String] { get } }
struct Text: View {
    let lines: [String]
    init(_ text: String) { lines = [text] }
}
struct Pair<A: View, B: View>: View {
    let a: A, b: B
    var lines: [String] { a.lines + b.lines }
}
@resultBuilder enum ViewBuilder {
    static func buildBlock<A: View>(_ a: A) -> A { a }
    static func buildBlock<A: View, B: View>(_ a: A, _ b: B) -> Pair<A, B> { Pair(a: a, b: b) }
}
struct VStack<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var lines: [String] { content.lines }
}
struct ForEach<Data: RandomAccessCollection, Content: View>: View where Data.Element: Identifiable {
    let data: Data
    let content: (Data.Element) -> Content
    init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
    var lines: [String] { data.flatMap { content($0).lines } }
}
#endif

/// One row; `ForEach` needs no `id: \.id`, because a row with a string `id` is Identifiable.
struct TaskRowView: View {
    let task: WidgetData.TaskRow
    var body: some View { Text((task.isDone ? "[x] " : "[ ] ") + task.title) }
    #if !canImport(SwiftUI)
    var lines: [String] { body.lines }
    #endif
}

struct WidgetView: View {
    let snapshot: WidgetData.Snapshot
    let header: WidgetData.Header
    var body: some View {
        VStack {
            Text(header == .today ? "Today" : "Outdated")
            ForEach(snapshot.tasks) { task in TaskRowView(task: task) }
        }
    }
    #if !canImport(SwiftUI)
    var lines: [String] { body.lines }
    #endif
}

/// What a SwiftUI preview writes: only the fields it cares about, every other one defaulted.
let preview = WidgetData.Snapshot(tasks: [WidgetData.TaskRow(id: "p1", title: "Preview row")])
precondition(preview.validUntil == nil && preview.projects.isEmpty && preview.tasks[0].isDone == false)
// Logged, a value shows the schema's fields and nothing else (no `_memberwise`).
let logged = String(describing: preview.tasks[0])
precondition(logged == #"TaskRow(id: "p1", title: "Preview row", isDone: false, projectId: nil, projectColor: nil)"#, logged)

let blob = #"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Write the report"},{"id":"t2","title":"Call Sam","isDone":true},{"title":"no id"}]}"#

// Decode (from the bytes App Group storage hands over), switch on the result, read the fields.
let snapshot: WidgetData.Snapshot
switch WidgetData.decode(Data(blob.utf8)) {
case .ok(let value, let dropped):
    precondition(dropped == 1, "the row without an id is dropped and counted")
    snapshot = value
case .unsupportedVersion, .malformed, .invalid:
    fatalError("renders the empty state")
}
precondition(snapshot.tasks.map(\.id) == ["t1", "t2"])
precondition(snapshot.validUntilDate == Date(timeIntervalSince1970: 1_784_325_600), "a Date beside the stored milliseconds")
precondition(WidgetData.acceptedVersions.contains(WidgetData.writtenVersion), "both are Int")

// The widget's tap goes to the done-queue; the overlay shows it at once, drain hands it to the app.
let queue = WidgetData.DoneQueue.set(nil, taskId: "t1", isDone: true)
let shown = WidgetData.overlaying(snapshot, pending: WidgetData.DoneQueue.peek(queue))
let changes: [WidgetData.DoneQueueEntry] = WidgetData.DoneQueue.drain(queue, tasks: snapshot.tasks)
precondition(changes == [WidgetData.DoneQueueEntry(id: "t1", isDone: true)], "named, Equatable entries")

let now = ContractTimelineTime.epochMs(Date(timeIntervalSince1970: 1_784_300_000))
let header = WidgetData.header(shown, now: now, timeZoneIdentifier: "Europe/Berlin")
switch header {
case .today: break
case .outdated(let dayMs): fatalError("not stale yet: \(String(describing: dayMs))")
}
let plan = WidgetData.widgetTimeline(shown, now: Date(timeIntervalSince1970: 1_784_300_000), timeZone: TimeZone(identifier: "Europe/Berlin")!)
precondition(plan.entries.count == 2 && plan.reloadAfter == snapshot.validUntilDate)

// Another contract: a failed read is its own status, never a count of 0.
switch TodoCount.decode(#"{"v":1,"revision":3}"#) {
case .invalid: break
default: fatalError("a missing count fails the read")
}
if case .ok(let record, _) = TodoCount.decode(#"{"v":1,"count":0,"revision":3,"updatedAt":1000}"#) {
    precondition(record.count == 0 && record.sync == .idle && record.updatedAtDate == Date(timeIntervalSince1970: 1))
} else {
    fatalError("a count of 0 is a real value")
}

// The app writes the snapshot its widget extension reads, into App Group storage: a file in the
// group's container (FileManager.containerURL(forSecurityApplicationGroupIdentifier:)) or
// UserDefaults(suiteName:). Here a temporary directory stands in for the container.
let fresh = WidgetData.Snapshot(dayStr: "2026-07-17", validUntil: 1_784_325_600_000,
                                tasks: [WidgetData.TaskRow(id: "t1", title: "Write the \"report\""),
                                        WidgetData.TaskRow(id: "t2", title: "Call Sam", isDone: true, projectId: "p1")],
                                projectColors: ["p1": "#ff0000"])
let container = FileManager.default.temporaryDirectory.appendingPathComponent("group.usage-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: container) }
let file = container.appendingPathComponent(WidgetData.storageKey + ".json")
switch WidgetData.encode(fresh) {
case .ok(let document):
    try document.data.write(to: file, options: .atomic)  // or UserDefaults(suiteName:)?.set(document.text, forKey: WidgetData.storageKey)
case .refused(let refusal):
    fatalError("a writer bug, caught in the app's tests: \(refusal)")
}
// The exact document every writer writes for this value, and what the widget reads from it.
let stored = try Data(contentsOf: file)
precondition(String(decoding: stored, as: UTF8.self) == ##"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Write the \"report\"","isDone":false},{"id":"t2","title":"Call Sam","isDone":true,"projectId":"p1"}],"projectColors":{"p1":"#ff0000"},"projects":[]}"##)
guard case .ok(let read, 0) = WidgetData.decode(stored) else { fatalError("the widget reads what the app wrote") }
precondition(read.tasks.map(\.title) == fresh.tasks.map(\.title) && read.tasks[1].projectColor == "#ff0000" && read.validUntilDate == fresh.validUntilDate)
// A value no reader would read back as given is refused with its path, and nothing is written.
let mistaken = WidgetData.Snapshot(validUntil: 0, tasks: [WidgetData.TaskRow(id: "t3", title: "Plan", projectId: "")])
guard case .refused(let refusal) = WidgetData.encode(mistaken) else { fatalError("an empty projectId is refused") }
precondition(refusal.path == "$.validUntil" && refusal.description == "$.validUntil: expected epoch milliseconds within 1 … 2^53−1", refusal.description)
do {
    _ = try WidgetData.encode(WidgetData.Snapshot(tasks: [WidgetData.TaskRow(id: "t3", title: "Plan", projectId: "")])).get()
    fatalError("refused")
} catch {
    precondition(error.path == "$.tasks[0].projectId" && error.expected == "non-empty")
}

#if !canImport(SwiftUI)
print(WidgetView(snapshot: shown, header: header).lines.joined(separator: "\n"))
print(WidgetView(snapshot: preview, header: .today).lines.joined(separator: "\n"))
#endif
// Telemetry (docs/report.md): count each degradation by where (a pattern: no user data) and why.
func degradations(_ text: String) -> [String: Int] {
    final class Counts { var byPattern: [String: Int] = [:] }
    let counts = Counts()
    let report = ContractReport()
    report.onEntry = { entry in counts.byPattern["\(entry.pattern) \(entry.rule)", default: 0] += 1 }
    precondition(WidgetData.decode(text, report: report).dropped == 2, "two rows dropped")
    _ = report.entries  // the hook runs as the entries are read
    return counts.byPattern
}
let counted = degradations(#"{"v":1,"tasks":[{"id":"a","title":5},{"id":"b","title":null}],"validUntil":"soon"}"#)
precondition(counted == ["$.tasks[*] invalid-field": 2, "$.tasks[*].title wrong-type": 1, "$.tasks[*].title null": 1, "$.validUntil wrong-type": 1], "\(counted)")
print("swift usage: ok")
