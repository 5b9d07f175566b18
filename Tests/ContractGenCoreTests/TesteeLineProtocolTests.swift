/// The testee line protocol, fed raw bytes the runner never writes: a line ends at LF only (a bare
/// CR stays in the line), and invalid UTF-8 becomes one U+FFFD per maximal ill-formed subsequence
/// (Unicode's recommended practice, WHATWG's decoder), identically in the three testees.
import Foundation
import XCTest
@testable import ContractGenCore

final class TesteeLineProtocolTests: XCTestCase {
    /// Runs a testee on `input` and returns its answer lines.
    func answers(_ language: Language, _ input: Data) throws -> [String] {
        guard case .command(let command) = TesteeBuilder(root: TestSupport.root).launch(language) else {
            throw XCTSkip("\(language) testee unavailable")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A `queue.peek` request line whose done-queue holds one key made of `keyBytes` (raw).
    func peekRequest(keyBytes: [UInt8], separator: String = "") -> Data {
        var line = Data(#"{"contract":"widget-data","op":"queue.peek",\#(separator)"given":{"queue":"{\""#.utf8)
        line.append(contentsOf: keyBytes)
        line.append(contentsOf: Array(#"\":true}"}}"#.utf8))
        return line
    }

    func testBareCRIsNotALineEndAndInvalidUTF8BecomesOneReplacementPerMaximalSubpart() throws {
        var input = Data()
        // 1: a bare CR between tokens is JSON whitespace: one valid request.
        input.append(peekRequest(keyBytes: Array("a".utf8), separator: "\r"))
        input.append(contentsOf: [0x0A])
        // 2: a bare CR inside a string: one invalid request, so one error answer (not two).
        input.append(peekRequest(keyBytes: Array("b\rc".utf8)))
        input.append(contentsOf: [0x0A])
        // 3: CRLF ends a line like LF.
        input.append(peekRequest(keyBytes: Array("d".utf8)))
        input.append(contentsOf: [0x0D, 0x0A])
        // 4: CESU-8 U+1F600 (two 3-byte surrogates: 3 + 3 replacements), a truncated 4-byte
        // sequence (1), "A", an invalid lead C0 with its continuation (2), an overlong E0 80 (2).
        let invalid: [UInt8] = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0xF0, 0x9F, 0x98, 0x41, 0xC0, 0xAF, 0xE0, 0x80]
        input.append(peekRequest(keyBytes: invalid))
        input.append(contentsOf: [0x0A])
        let replacement = "\u{FFFD}"
        let expectedKey4 = String(repeating: replacement, count: 7) + "A" + String(repeating: replacement, count: 4)
        for language in Language.allCases {
            let lines = try answers(language, input)
            XCTAssertEqual(lines.count, 4, "\(language): \(lines)")
            guard lines.count == 4 else { continue }
            XCTAssertEqual(JSONValue.parse(lines[0]), JSONValue.parse(#"{"ok":{"a":true}}"#), "\(language): \(lines[0])")
            XCTAssertNotNil(JSONValue.parse(lines[1])?["error"], "\(language): \(lines[1])")
            XCTAssertEqual(JSONValue.parse(lines[2]), JSONValue.parse(#"{"ok":{"d":true}}"#), "\(language): \(lines[2])")
            let keys = JSONValue.parse(lines[3])?["ok"].flatMap { value -> [String]? in
                if case .object(let members) = value { return members.map(\.0) } else { return nil }
            }
            XCTAssertEqual(keys, [expectedKey4], "\(language): \(lines[3].unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
