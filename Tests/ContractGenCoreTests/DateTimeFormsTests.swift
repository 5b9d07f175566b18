import Foundation
import XCTest
@testable import ContractGenCore

/// The golden cases' date-time instants, checked against an oracle that is not the runtime:
/// Foundation's Gregorian calendar for years from 1600 (before 1582 it switches to the Julian
/// calendar, so the two year-0001/9999 edges are checked by day count instead).
final class DateTimeFormsTests: XCTestCase {
    func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, ms: Int, offsetMinutes: Int) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!   // Foundation zones stop at ±18 h; the offset is applied below
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
        return Int64((date.timeIntervalSince1970 * 1000).rounded()) + Int64(ms) - Int64(offsetMinutes) * 60_000
    }

    func testEveryValidFormHasTheInstantTheRuleGives() {
        let expected: [String: Int64] = [
            "utc": instant(2026, 7, 17, 8, 30, 0, ms: 0, offsetMinutes: 0),
            "nanoseconds": instant(2026, 7, 17, 8, 30, 0, ms: 123, offsetMinutes: 0),
            "one-fraction-digit-negative-offset": instant(2026, 7, 17, 8, 30, 0, ms: 500, offsetMinutes: -570),
            "offset-minus-zero": instant(2026, 7, 17, 8, 30, 0, ms: 0, offsetMinutes: 0),
            "before-1970": instant(1969, 12, 31, 23, 59, 59, ms: 999, offsetMinutes: 0),
            "floored-not-rounded": instant(1969, 12, 31, 23, 59, 59, ms: 999, offsetMinutes: 0),
            "leap-day-largest-offset": instant(2024, 2, 29, 23, 59, 59, ms: 0, offsetMinutes: 23 * 60 + 59),
            // 719,162 days from 0001-01-01 to 1970-01-01; 2,932,897 from 1970-01-01 to 10000-01-01.
            "first-instant": -719_162 * 86_400_000,
            "last-instant": 2_932_897 * 86_400_000 - 1,
            "escaped-separator": instant(2026, 7, 17, 8, 30, 0, ms: 0, offsetMinutes: 0),
        ]
        XCTAssertEqual(Set(DateTimeForms.valid.map(\.label)), Set(expected.keys))
        for form in DateTimeForms.valid { XCTAssertEqual(form.instant, expected[form.label], form.label) }
        XCTAssertEqual(DateTimeForms.sample.instant, instant(2026, 7, 17, 8, 30, 0, ms: 250, offsetMinutes: 120))
        XCTAssertEqual(DateTimeForms.sample.json, "\"" + DateTimeForms.sampleText + "\"")
        XCTAssertTrue(DateTimeForms.invalid.allSatisfy { $0.instant == nil })
        XCTAssertEqual(Set((DateTimeForms.valid + DateTimeForms.invalid).map(\.label)).count,
                       DateTimeForms.valid.count + DateTimeForms.invalid.count, "labels name golden cases, so they are unique")
    }

    func testADateTimeFieldGetsEveryFormAsAGoldenCase() throws {
        let schema = """
        contract: stamps
        targets: {swift: {namespace: Stamps}, kotlin: {package: dev.example.stamps, object: Stamps}, typescript: {module: stamps}}
        version: {field: v, writes: 1, accepts: [1]}
        root: Stamp
        types:
          Stamp:
            fields:
              at: {type: dateTime, required: fail-document}
        """
        let contract = try SchemaLoader.load(text: schema, path: "stamps.yaml")
        let cases = GoldenCaseBuilder(contract: contract).cases()
        let names = Set(cases.map(\.name))
        for form in DateTimeForms.valid + DateTimeForms.invalid {
            XCTAssertTrue(names.contains("schema.stamps.Stamp.at.\(form.label)"), form.label)
        }
        let leap = try XCTUnwrap(cases.first { $0.name == "schema.stamps.Stamp.at.leap-second" })
        // A leap second is a string but no date-time; the field is fail-document (docs/report.md), and
        // a wrapped observation asks for the dropped count, 0 for a document that is not ok.
        XCTAssertEqual(leap.expect, JSONValue.parse(#"{"status":"invalid","value":null,"dropped":0,"report":[{"path":"$.at","rule":"invalid-date","used":"document"}]}"#))
        let floored = try XCTUnwrap(cases.first { $0.name == "schema.stamps.Stamp.at.floored-not-rounded" })
        XCTAssertEqual(floored.expect["value"]?["at"], .number(-1))
    }
}
