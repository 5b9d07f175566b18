/// The differential's stream reaches what the golden cases pin by hand: `civilFromDays` across its
/// whole domain and past it, and every decode's dropped count.
import Foundation
import XCTest
@testable import ContractGenCore

final class DifferentialRuntimeOpsTests: XCTestCase {
    func inputs(_ count: Int, seed: UInt64) throws -> [DifferentialInput] {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema").filter { $0.hasSuffix(".yaml") }.sorted()
        let generator = InputGenerator(contracts: try names.map { try SchemaLoader.load(path: TestSupport.root + "/schema/" + $0) }, seed: seed)
        return (0..<count).map { _ in generator.next() }
    }

    func testCivilDaysCoverYears1To9999TheEraEdgesAndPastTheLimit() throws {
        let days = try inputs(4000, seed: 3).filter { $0.op == "civilFromDays" }.compactMap { input -> Int? in
            guard case .number(let value)? = input.given["days"] else { return nil }
            return Int(value)
        }
        XCTAssertGreaterThan(days.count, 50, "every contract serves the op, so the stream draws it")
        let limit = TesteeOp.civilDaysLimit
        XCTAssertTrue(days.contains { (-719_162...2_932_896).contains($0) }, "years 1–9999")
        XCTAssertTrue(days.contains { $0 < -719_468 }, "before 0000-03-01: the negative-era branch")
        XCTAssertTrue(days.contains { $0 > 2_932_896 && $0 <= limit }, "past 9999-12-31, within the domain")
        XCTAssertTrue(days.contains { abs($0) > limit }, "past the domain, where every runtime answers null")
        XCTAssertTrue(days.allSatisfy { abs($0) <= limit + 1 })
    }

    func testEveryDecodeAsksForTheDroppedCount() throws {
        let decodes = try inputs(1000, seed: 4).filter { $0.op == "decode" }
        XCTAssertGreaterThan(decodes.count, 300)
        XCTAssertTrue(decodes.allSatisfy { $0.given["dropped"] == .bool(true) })
    }
}
