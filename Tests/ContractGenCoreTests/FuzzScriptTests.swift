/// scripts/fuzz/run-swift-fuzz.sh finds the contracts it fuzzes by grepping the generated Swift for
/// the two decode entry points. When the text entry point gained its `report:` parameter
/// (edb3856), the script's pattern stopped matching: the list went empty, and the fuzzer checked
/// the scanner alone while reporting "no findings". The script now refuses an empty list; this
/// test keeps the patterns and the generated code in step on every run of the tests.
import Foundation
import XCTest

final class FuzzScriptTests: XCTestCase {
    func testTheFuzzScriptFindsEveryGeneratedSwiftContract() throws {
        let script = try String(contentsOfFile: TestSupport.root + "/scripts/fuzz/run-swift-fuzz.sh", encoding: .utf8)
        // Every pattern the script greps a contract file for, as written there.
        let patterns = script.components(separatedBy: "grep -q '").dropFirst().compactMap { rest -> String? in
            guard let end = rest.firstIndex(of: "'"), rest[end...].hasPrefix("' \"$file\"") else { return nil }
            return String(rest[..<end])
        }
        XCTAssertEqual(patterns.count, 2, "the script looks for the text and the bytes entry points: \(patterns)")
        XCTAssertTrue(patterns.contains { $0.hasPrefix("public static func decode(_ text: String") }, "\(patterns)")
        XCTAssertTrue(patterns.contains { $0.hasPrefix("public static func decode(_ data: Data") }, "\(patterns)")
        let directory = TestSupport.root + "/generated/swift/Contracts"
        let contracts = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".swift") && $0 != "ContractRuntime.swift" }
        XCTAssertEqual(contracts.count, try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema")
            .filter { $0.hasSuffix(".yaml") }.count, "one generated Swift file per bundled schema")
        for file in contracts {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for pattern in patterns {
                XCTAssertTrue(text.contains(pattern), "\(file) has no «\(pattern)…»: the fuzz script would skip it")
            }
        }
    }
}
