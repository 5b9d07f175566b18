import ContractGenCore
import Foundation
import XCTest

/// A contract that exists only in a test (a shape the bundled contracts lack), held to one answer
/// in every language: the schema is emitted in a scratch directory, each case becomes a golden
/// `decode` file, and `conform --lang all` must pass every case and every twin it derives.
enum TestLocalContractConformance {
    static func assertEveryLanguagePasses(schema: String, contract: String, about: String, report: Bool,
                                          cases: [(name: String, blob: String, expect: JSONValue)],
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try schema.write(toFile: root + "/schema/\(contract).yaml", atomically: true, encoding: .utf8)
        let emitted = TestSupport.run(["emit", "--lang", "all"], root: root)
        XCTAssertEqual(emitted.status, 0, emitted.err, file: file, line: line)
        let golden = root + "/cases/\(contract)"
        try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        for (name, blob, expected) in cases {
            var given: [(String, JSONValue)] = [("blob", .string(blob))]
            if report { given.append(("report", .bool(true))) }
            let caseFile = JSONValue.object([
                ("case", .string(name)), ("about", .string(about)), ("contract", .string(contract)),
                ("op", .string("decode")), ("given", .object(given)), ("expect", expected),
            ])
            try caseFile.serialized().write(toFile: golden + "/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = TestSupport.run(["conform", "--lang", "all", "--golden", root + "/cases"], root: root)
        XCTAssertEqual(result.status, 0, result.out + result.err, file: file, line: line)
        // Every implementation ran every case, its no-report twin and their second-road twins:
        // Swift, Kotlin, TypeScript on V8 and on JavaScriptCore.
        let loaded = GoldenCaseLoader.load(directories: [golden]).cases
        XCTAssertEqual(loaded.count, cases.count, file: file, line: line)
        for implementation in Implementation.allCases {
            let total = ConformanceCase.withTwins(ConformanceCase.withPlainTwins(loaded), by: implementation.secondRoad).count
            XCTAssertTrue(result.out.contains("\(implementation.rawValue): \(total) passed, 0 failed"), result.out, file: file, line: line)
        }
    }

    /// The expectation of a case written as JSON text.
    static func parsed(_ cases: [(String, String, String)]) throws -> [(name: String, blob: String, expect: JSONValue)] {
        try cases.map { name, blob, expected in (name, blob, try XCTUnwrap(JSONValue.parse(expected), name)) }
    }
}
