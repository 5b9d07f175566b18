/// The schema-driven shape generator of the differential: its documents are legal JSON that
/// reach their site (so the large inputs really exercise the decoder, not its error path),
/// nesting stays within the 512-level limit and reaches it, every family and every calendar
/// day is produced, and the time comparison flags only a clearly slower language.
import Foundation
import XCTest
@testable import ContractGenCore

final class ShapeGeneratorTests: XCTestCase {
    func contracts() throws -> [Contract] {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema").filter { $0.hasSuffix(".yaml") }.sorted()
        return try names.map { try SchemaLoader.load(path: TestSupport.root + "/schema/" + $0) }
    }

    /// The deepest nesting of arrays and objects in a JSON text (strings skipped).
    func nesting(_ text: String) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    func testDocumentsAreLegalJSONWithinTheDepthLimitAndEveryFamilyAppears() throws {
        let generator = ShapeGenerator(contracts: try contracts(), seed: 7)
        var families: Set<String> = []
        var deepest = 0
        for _ in 0..<1_000 {
            let input = try XCTUnwrap(generator.next(.regular))
            families.insert(String(input.family!.split(separator: " ")[0]))
            for (_, value) in input.given.objectEntries ?? [] {
                guard case .string(let text) = value, text.hasPrefix("{") else { continue }
                XCTAssertNotNil(JSONValue.parse(text), "not JSON: \(input.family!)")
                let depth = nesting(text)
                XCTAssertLessThanOrEqual(depth, 512, input.family!)
                if input.family!.hasPrefix("deep-nesting") { XCTAssertEqual(depth, 512, input.family!) }
                deepest = max(deepest, depth)
            }
        }
        XCTAssertEqual(families, ["repeated-keys", "many-duplicates", "many-duplicate-tags", "wide-object", "long-key", "long-escapes",
                                  "deep-nesting", "many-dropped", "big-array", "queue", "dates", "calendar", "limits"])
        XCTAssertEqual(deepest, 512)
    }

    /// 12 × 31 × 5 calendar inputs name every day 1–31 of every month of each kind of year.
    func testCalendarCycleCoversEveryDayOfEveryMonth() throws {
        let generator = ShapeGenerator(contracts: try contracts(), seed: 1)
        let contract = try XCTUnwrap(try contracts().first { $0.behaviours.header != nil || $0.behaviours.validUntil != nil })
        var days: Set<String> = []
        for _ in 0..<(12 * 31 * 5) {
            let input = try XCTUnwrap(generator.calendar(contract))
            guard case .string(let day)? = input.given["dayStr"] else { return XCTFail("no dayStr") }
            days.insert(day)
        }
        XCTAssertEqual(days.count, 12 * 31 * 5)
        for day in ["2026-02-29", "2024-02-29", "1900-02-29", "2000-02-29", "2100-02-29", "2026-11-31", "2026-09-31", "2026-12-31"] {
            XCTAssertTrue(days.contains(day), day)
        }
    }

    /// Date fields meet every day 1–31 of every month of the seven years, 2,604 days, in turn.
    func testDateFieldsCycleThroughEveryDayOfEveryMonth() throws {
        let all = try contracts()
        let generator = ShapeGenerator(contracts: all, seed: 3)
        let contract = try XCTUnwrap(all.first { c in c.types.contains { $0.storedFields.contains { ShapeGenerator.isDate($0.type) } } })
        var days: Set<String> = []
        for _ in 0..<(12 * 31 * 7) {
            let input = try XCTUnwrap(generator.dates(contract))
            guard case .string(let blob)? = input.given["blob"] else { return XCTFail("no blob") }
            XCTAssertNotNil(JSONValue.parse(blob), input.family!)
            // Every date the blob holds (an array field takes 1–3 days of the cycle at once).
            let pattern = try NSRegularExpression(pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}")
            for match in pattern.matches(in: blob, range: NSRange(blob.startIndex..., in: blob)) {
                days.insert((blob as NSString).substring(with: match.range))
            }
        }
        for step in 0..<(12 * 31 * 7) {
            let day = ShapeGenerator.cycleDay(step, years: ShapeGenerator.dateYears)
            XCTAssertTrue(days.contains(day), day)
        }
        for day in ["0001-01-01", "9999-12-31", "2100-02-29", "2000-02-29", "1900-02-29", "2026-04-31", "2024-06-30"] {
            XCTAssertTrue(days.contains(day), day)
        }
    }

    /// Documents the decoder must accept: status ok in the Swift testee, so the payload is read.
    func testValidFamiliesDecodeAsOk() throws {
        guard case .command(let command) = TesteeBuilder(root: TestSupport.root).launch(Language.swift) else { return XCTFail("no Swift testee") }
        let testee = TesteeProcess(command: command, timeout: 60)
        defer { testee.stop() }
        let generator = ShapeGenerator(contracts: try contracts(), seed: 11)
        var checked = 0
        for _ in 0..<400 {
            let input = try XCTUnwrap(generator.next(.regular))
            let family = input.family!
            guard ["repeated-keys", "long-key", "deep-nesting", "big-array"].contains(where: family.hasPrefix) else { continue }
            guard case .line(let line) = testee.send(input.request), let answer = JSONValue.parse(line) else { return XCTFail("no answer: \(family)") }
            XCTAssertEqual(answer["ok"]?["status"]?.stringValue, "ok", "\(family): \(line.prefix(300))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
    }

    func testSlowLanguageNeedsTenTimesTheMedianOfTheOthersAndTheFloor() {
        XCTAssertEqual(DifferentialRunner.slowLanguage([0.01, 0.6, 0.02], factor: 10, floor: 0.05), 1)
        XCTAssertNil(DifferentialRunner.slowLanguage([0.01, 0.04, 0.001], factor: 10, floor: 0.05), "under the floor")
        XCTAssertNil(DifferentialRunner.slowLanguage([0.1, 0.9, 0.1], factor: 10, floor: 0.05), "9× is not 10×")
        XCTAssertEqual(DifferentialRunner.slowLanguage([0.1, 1.1, 0.1], factor: 10, floor: 0.05), 1)
        XCTAssertEqual(DifferentialRunner.slowLanguage([2.0, 0.1], factor: 10, floor: 0.05), 0)
    }
}
