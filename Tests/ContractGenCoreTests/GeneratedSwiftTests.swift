/// The committed generated Swift, used as an app would use it (it is compiled into the package
/// as the GeneratedContracts library): hostile inputs never crash, and the API reads naturally.
import XCTest
import GeneratedContracts

final class GeneratedSwiftTests: XCTestCase {
    static let specExample = """
    {"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,
     "tasks":[{"id":"t1","title":"Task one","isDone":false,"projectId":"p1"},
              {"id":"t2","title":"Task two","isDone":true}],
     "projectColors":{"p1":"#ff0000"},
     "projects":[{"id":"p1","title":"Work","tasks":[{"id":"t3","title":"Task three","isDone":false,"projectId":"p1"}]}]}
    """

    /// An app (or a SwiftUI preview) builds values with only the fields it cares about, and
    /// lists them by their `id`.
    func testValuesAreBuiltFromTheirRequiredFieldsAndAreIdentifiable() {
        let task = WidgetData.TaskRow(id: "t1", title: "Task one")
        XCTAssertEqual(task, WidgetData.TaskRow(id: "t1", title: "Task one", isDone: false, projectId: nil, projectColor: nil))
        let ids = [task, WidgetData.TaskRow(id: "t2", title: "Two", isDone: true)].map(\.id)
        XCTAssertEqual(ids, ["t1", "t2"])
        func identity<T: Identifiable>(_ value: T) -> T.ID { value.id }
        XCTAssertEqual(identity(task), "t1")
        XCTAssertEqual(WidgetData.Snapshot().tasks, [])
    }

    /// The result is a sum type: `.ok` carries the value, the others carry nothing.
    func testTheResultIsSwitchedOver() {
        switch WidgetData.decode(Self.specExample) {
        case .ok(let snapshot, let dropped):
            XCTAssertEqual(snapshot.tasks.map(\.id), ["t1", "t2"])
            XCTAssertEqual(dropped, 0)
        case .unsupportedVersion, .malformed, .invalid:
            XCTFail("the example is ok")
        }
        XCTAssertEqual(WidgetData.decode(#"{"v":2}"#), .unsupportedVersion)
        XCTAssertEqual(WidgetData.decode("{"), .malformed)
        XCTAssertNil(WidgetData.decode("{").value)
        XCTAssertEqual(WidgetData.decode("{").status, .malformed)
    }

    func testSpecExampleDecodes() throws {
        let decoded = WidgetData.decode(Self.specExample)
        XCTAssertEqual(decoded.status, .ok)
        let snapshot = try XCTUnwrap(decoded.value)
        XCTAssertEqual(snapshot.dayStr, "2026-07-17")
        XCTAssertEqual(snapshot.validUntil, 1_784_325_600_000)
        XCTAssertEqual(snapshot.tasks.map(\.id), ["t1", "t2"])
        XCTAssertEqual(snapshot.tasks[0].projectColor, "#ff0000")
        XCTAssertNil(snapshot.tasks[1].projectId)
        XCTAssertEqual(snapshot.projects[0].tasks[0].projectColor, "#ff0000")
    }

    func testOverlayStalenessAndHeader() throws {
        let snapshot = try XCTUnwrap(WidgetData.decode(Self.specExample).value)
        let overlaid = WidgetData.overlaying(snapshot, pending: WidgetData.DoneQueue.peek(#"{"t1":true,"t3":true,"t2":"x"}"#))
        XCTAssertEqual(overlaid.tasks.map(\.isDone), [true, true])
        XCTAssertEqual(overlaid.projects[0].tasks[0].isDone, true)
        XCTAssertFalse(WidgetData.isStale(snapshot, now: 1_784_325_599_999))
        XCTAssertTrue(WidgetData.isStale(snapshot, now: 1_784_325_600_000))
        XCTAssertEqual(WidgetData.header(snapshot, now: 1_784_325_600_000, timeZoneIdentifier: "Europe/Berlin"), .outdated(dayMs: 1_784_239_200_000))
        XCTAssertEqual(WidgetData.computeValidUntil("2026-07-17", startOfNextDayDiffMs: 0, timeZoneIdentifier: "Europe/Berlin"), 1_784_325_600_000)
    }

    /// Done-queue results are named, Equatable entries (labels from the schema's bindings), and
    /// `drain(_:tasks:)` takes the decoded rows.
    func testDoneQueueEntriesAreNamedAndEquatable() throws {
        let snapshot = try XCTUnwrap(WidgetData.decode(Self.specExample).value)
        let queue = WidgetData.DoneQueue.set(nil, taskId: "t1", isDone: true)
        XCTAssertEqual(WidgetData.DoneQueue.peek(queue), [WidgetData.DoneQueueEntry(id: "t1", isDone: true)])
        XCTAssertEqual(WidgetData.DoneQueue.drain(queue, tasks: snapshot.tasks), [WidgetData.DoneQueueEntry(id: "t1", isDone: true)])
        XCTAssertEqual(Set(WidgetData.DoneQueue.drain(queue, current: [.init(id: "t1", isDone: true)])), [])
        XCTAssertEqual(WidgetData.DoneQueue.peek(queue).map(\.id), ["t1"], "Identifiable: the id binding is named id")
    }

    /// An instant's `Date` is computed from the stored milliseconds, which stay the value.
    func testInstantDateAccessors() throws {
        let snapshot = try XCTUnwrap(WidgetData.decode(Self.specExample).value)
        XCTAssertEqual(snapshot.validUntilDate, Date(timeIntervalSince1970: 1_784_325_600))
        XCTAssertNil(WidgetData.Snapshot().validUntilDate)
        XCTAssertEqual(WidgetData.acceptedVersions, [WidgetData.writtenVersion])
    }

    /// A Buddhist device calendar and a Thai locale change nothing: the calendar is explicit.
    func testDeviceCalendarDoesNotLeakIn() {
        XCTAssertEqual(WidgetData.dayStart("2026-07-17", timeZoneIdentifier: "Asia/Bangkok"), 1_784_221_200_000)
    }

    func testMillionLevelsOfNestingIsMalformedNotACrash() {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        XCTAssertEqual(WidgetData.decode(deep).status, .malformed)
        XCTAssertEqual(WidgetData.decode(#"{"v":1,"x":"# + deep + "}").status, .malformed)
        XCTAssertEqual(WidgetData.DoneQueue.peek(deep).count, 0)
    }

    func testLargeDocumentDecodes() {
        let task = #"{"id":"t","title":"A task title with some length to it","isDone":false,"projectId":"p1"},"#
        let count = 300_000
        var text = #"{"v":1,"tasks":["#
        text.reserveCapacity(task.utf8.count * count + 100)
        for _ in 0..<count { text += task }
        text += #"{"id":"last","title":"x"}]}"#
        XCTAssertGreaterThan(text.utf8.count, 20_000_000)
        let decoded = WidgetData.decode(text)
        XCTAssertEqual(decoded.status, .ok)
        XCTAssertEqual(decoded.value?.tasks.count, count + 1)
    }

    func testEveryPrefixOfABlobIsHandled() {
        // Truncation at every position: each must decode to some answer (no traps, no hangs).
        let text = Self.specExample
        var malformed = 0
        for end in text.indices {
            if WidgetData.decode(String(text[..<end])).status == .malformed { malformed += 1 }
        }
        XCTAssertEqual(malformed, text.count)
    }

    func testSecondContract() {
        let decoded = TodoCount.decode(#"{"v":1,"count":0,"revision":3,"sync":"syncing","source":{"platform":"ios"}}"#)
        XCTAssertEqual(decoded.status, .ok)
        XCTAssertEqual(decoded.value?.count, 0)
        XCTAssertEqual(decoded.value?.sync, .syncing)
        XCTAssertEqual(decoded.value?.source?.platform, .ios)
        XCTAssertEqual(TodoCount.decode(#"{"v":1,"revision":3}"#).status, .invalid)
    }

    /// A map keeps, for each exact key, its last occurrence (an invalid one removes the entry),
    /// below and above the size where ContractExactMap switches from a linear search to an index;
    /// derived fields look the final map up. The expectation is the rule applied to the key list.
    func testMapsKeepTheLastOccurrenceOfEveryKeyAtEverySize() {
        for size in [0, 1, 2, 7, 8, 9, 10, 16, 40] {
            var members: [String] = []
            var expected: [String: String] = [:]
            for round in 0..<3 {
                for key in 0..<size {
                    // Round 1 makes every third key invalid (removed), round 2 sets every other key again.
                    if round == 1, key % 3 == 0 {
                        members.append("\"p\(key)\":7")
                        expected["p\(key)"] = nil
                    } else if round != 2 || key % 2 == 0 {
                        members.append("\"p\(key)\":\"c\(key)-\(round)\"")
                        expected["p\(key)"] = "c\(key)-\(round)"
                    }
                }
            }
            let tasks = (0..<size + 1).map { "{\"id\":\"t\($0)\",\"title\":\"x\",\"projectId\":\"p\($0)\"}" }.joined(separator: ",")
            let text = "{\"v\":1,\"tasks\":[\(tasks)],\"projectColors\":{\(members.joined(separator: ","))}}"
            for decoded in [WidgetData.decode(text), WidgetData.decode(Data(text.utf8))] {
                XCTAssertEqual(decoded.value?.projectColors, expected, "\(size)")
                XCTAssertEqual(decoded.value?.tasks.map(\.projectColor), (0..<size + 1).map { expected["p\($0)"] }, "\(size)")
            }
        }
        // Exact keys: "é" and "e\u{301}" are two entries (Swift's == would call them one key).
        let decoded = WidgetData.decode(##"{"v":1,"tasks":[{"id":"a","title":"x","projectId":"e\u0301"}],"projectColors":{"é":"#1","e\u0301":"#2"}}"##)
        XCTAssertEqual(decoded.value?.tasks.first?.projectColor, "#2")
    }

    /// The Data entry point reads UTF-8 bytes exactly as the text entry point reads the same text,
    /// and bytes that are not UTF-8 are malformed (RFC 8259 §8.1), never repaired.
    func testDataEntryPointReadsUTF8AndRefusesOtherBytes() {
        for text in [Self.specExample, #"{"v":1,"tasks":[{"id":"é","title":"😀"}]}"#, "{}", "[1]", #"{"v":2}"#] {
            XCTAssertEqual(WidgetData.decode(Data(text.utf8)), WidgetData.decode(text), text)
        }
        let prefix = Array(#"{"v":1,"dayStr":""#.utf8), suffix = Array(#""}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82]] {
            let decoded = WidgetData.decode(Data(prefix + bad + suffix))
            XCTAssertEqual(decoded.status, .malformed, "\(bad)")
            XCTAssertNil(decoded.value)
        }
        // A byte-order mark is not JSON text either way.
        XCTAssertEqual(WidgetData.decode(Data([0xEF, 0xBB, 0xBF] + Array("{\"v\":1}".utf8))).status, .malformed)
    }
}
