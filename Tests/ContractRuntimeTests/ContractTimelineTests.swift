/// Unit tests of the runtime's timeline section (`ContractTimeline`). Expectations are worked out
/// by hand from the rule: one entry at `now`; a second at the staleness instant when it lies
/// after `now`, which is also the reload instant; otherwise reload never. Santiago instants were
/// read off the tz rules: 2026-09-06 starts at 01:00 −03 (midnight is skipped).
import Foundation
import XCTest
@_spi(ContractGenRuntime) import ContractRuntime

final class ContractTimelineTests: XCTestCase {
    /// 2026-09-05 00:00 −04 in America/Santiago.
    static let sep5Start: Int64 = 1_788_580_800_000
    /// 2026-09-06 01:00 −03: the first instant of 2026-09-06 (00:00 does not exist).
    static let sep6Start: Int64 = 1_788_667_200_000
    /// 2026-09-07 00:00 −03.
    static let sep7Start: Int64 = 1_788_750_000_000

    /// The header rule as a string: "today" before `validUntil`, else "outdated:<dayMs>".
    static func headerAt(validUntil: Int64?, day: String, zone: TimeZone) -> (Int64) -> String {
        { at in
            guard let validUntil, at >= validUntil else { return "today" }
            return "outdated:" + (ContractCalendar.dayStartMs(day, zone).map(String.init) ?? "null")
        }
    }

    func testFreshSnapshotFlipsAtValidUntilOnTheDayBeforeASkippedMidnight() throws {
        let zone = try XCTUnwrap(ContractCalendar.timeZone("America/Santiago"))
        let now: Int64 = 1_788_620_400_000   // 2026-09-05 11:00 −04
        let timeline = ContractTimeline.build(now: now, flipAtMs: Self.sep6Start,
                                              headerAt: Self.headerAt(validUntil: Self.sep6Start, day: "2026-09-05", zone: zone))
        XCTAssertEqual(timeline.entries.map(\.atMs), [now, Self.sep6Start])
        XCTAssertEqual(timeline.entries.map(\.header), ["today", "outdated:\(Self.sep5Start)"])
        XCTAssertEqual(timeline.reloadAtMs, Self.sep6Start)
    }

    func testStaleOnTheSkippedMidnightDayShowsTheTransitionAsTheDayStart() throws {
        let zone = try XCTUnwrap(ContractCalendar.timeZone("America/Santiago"))
        let now = Self.sep7Start + 60_000
        let timeline = ContractTimeline.build(now: now, flipAtMs: Self.sep7Start,
                                              headerAt: Self.headerAt(validUntil: Self.sep7Start, day: "2026-09-06", zone: zone))
        XCTAssertEqual(timeline.entries.map(\.atMs), [now])
        XCTAssertEqual(timeline.entries.map(\.header), ["outdated:\(Self.sep6Start)"])
        XCTAssertNil(timeline.reloadAtMs)
    }

    func testTheBoundaryItselfIsStaleSoOneEntryAndNoReload() {
        let timeline = ContractTimeline.build(now: 5_000, flipAtMs: 5_000) { $0 >= 5_000 ? "outdated" : "today" }
        XCTAssertEqual(timeline.entries.map(\.atMs), [5_000])
        XCTAssertEqual(timeline.entries.map(\.header), ["outdated"])
        XCTAssertNil(timeline.reloadAtMs)
    }

    func testOneMillisecondBeforeTheBoundaryGivesTwoEntries() {
        let timeline = ContractTimeline.build(now: 4_999, flipAtMs: 5_000) { $0 >= 5_000 ? "outdated" : "today" }
        XCTAssertEqual(timeline.entries.map(\.atMs), [4_999, 5_000])
        XCTAssertEqual(timeline.entries.map(\.header), ["today", "outdated"])
        XCTAssertEqual(timeline.reloadAtMs, 5_000)
    }

    func testWithoutAStalenessInstantOneEntryAndNoReload() {
        var asked: [Int64] = []
        let timeline = ContractTimeline.build(now: 7, flipAtMs: nil) { asked.append($0); return "today" }
        XCTAssertEqual(timeline.entries.map(\.atMs), [7])
        XCTAssertNil(timeline.reloadAtMs)
        XCTAssertEqual(asked, [7], "the header is asked only for the entry instants")
    }

    func testFarFutureValidUntilIsKeptExactly() {
        let far: Int64 = 9_007_199_254_740_991
        var asked: [Int64] = []
        let timeline = ContractTimeline.build(now: 1_784_325_600_000, flipAtMs: far) { asked.append($0); return $0 >= far ? "outdated" : "today" }
        XCTAssertEqual(timeline.entries.map(\.atMs), [1_784_325_600_000, far])
        XCTAssertEqual(timeline.reloadAtMs, far)
        XCTAssertEqual(asked, [1_784_325_600_000, far])
    }

    func testWidgetDatesAreTheEntryInstants() {
        let timeline = ContractTimeline.build(now: 1_500, flipAtMs: 2_250) { $0 >= 2_250 ? "outdated" : "today" }
        XCTAssertEqual(timeline.widgetEntries.map(\.date), [Date(timeIntervalSince1970: 1.5), Date(timeIntervalSince1970: 2.25)])
        XCTAssertEqual(timeline.widgetEntries.map(\.header), ["today", "outdated"])
        XCTAssertEqual(timeline.reloadDate, Date(timeIntervalSince1970: 2.25))
        XCTAssertNil(ContractTimeline.build(now: 1, flipAtMs: nil) { _ in "today" }.reloadDate)
    }

    func testDatesBecomeTheWholeMillisecondAtOrBefore() {
        XCTAssertEqual(ContractTimelineTime.epochMs(Date(timeIntervalSince1970: 1.2345)), 1_234)
        XCTAssertEqual(ContractTimelineTime.epochMs(Date(timeIntervalSince1970: -0.0005)), -1)
        XCTAssertEqual(ContractTimelineTime.epochMs(Date(timeIntervalSince1970: .infinity)), 9_007_199_254_740_991)
        XCTAssertEqual(ContractTimelineTime.epochMs(Date(timeIntervalSince1970: 1e300)), 9_007_199_254_740_991)
        XCTAssertEqual(ContractTimelineTime.epochMs(Date(timeIntervalSince1970: -1e300)), -9_007_199_254_740_991)
    }
}
