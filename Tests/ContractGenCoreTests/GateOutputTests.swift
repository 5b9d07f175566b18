/// What `check` prints is inert and in the usual forms: GitHub annotations whose schema and
/// golden text cannot run workflow commands or move the cursor, and unified diffs exactly as
/// `diff -u` writes them (deletions before insertions), checked against diffutils itself.
import XCTest
@testable import ContractGenCore

final class GateOutputTests: XCTestCase {
    // MARK: GitHub annotations

    func emittedRepository() throws -> String {
        let directory = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schema", withIntermediateDirectories: true)
        try GateBaseTests.demo.write(toFile: directory + "/schema/demo.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: directory).status, 0)
        return directory
    }

    /// The runner takes a line as a command when it starts with `::` after leading whitespace, or
    /// holds `##[` anywhere (the legacy form, `##[stop-commands]` among its commands): only
    /// check's own annotations may do either.
    func assertInert(_ output: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x0D || $0.value == 0x07 },
                       "a control character or bidi override reached the output", file: file, line: line)
        for text in output.split(separator: "\n") {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("::") {
                XCTAssertTrue(text.hasPrefix("::error file=") || text.hasPrefix("::warning file=") || text.hasPrefix("::error::"),
                              "not an annotation of check's own: \(text)", file: file, line: line)
            }
            XCTAssertFalse(text.contains("##["), "a legacy workflow command: \(text)", file: file, line: line)
        }
    }

    func testAnnotationsCarryNoWorkflowCommandsOrControlCharacters() throws {
        let repo = try emittedRepository()
        // An op name and a file name a pull request chose.
        let op = #"\u001b[31m%0A::warning::fake##[add-mask]x\u202e\u0007"#
        let text = #"{"case":"x","contract":"demo","op":"\#(op)","given":{},"expect":null}"#
        try text.write(toFile: repo + "/golden/demo/a,b:c.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["check", "--format", "github"], root: repo)
        XCTAssertEqual(result.status, 1, result.out + result.err)
        assertInert(result.out)
        let annotations = result.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(annotations.count, 2, result.out)   // the unknown op, the name that is not the file's
        for annotation in annotations {
            XCTAssertTrue(annotation.hasPrefix("::error file=golden/demo/a%2Cb%3Ac.json,line=1,col=1::"), String(annotation))
        }
        let unknownOp = try XCTUnwrap(annotations.first { $0.contains("names op") })
        XCTAssertTrue(unknownOp.contains("names op '<U+001B>[31m%250A::warning::fake##<U+005B>add-mask]x<U+202E><U+0007>'"), String(unknownOp))
        // The text line says the same, as printable text.
        XCTAssertTrue(result.out.contains("golden/demo/a,b:c.json:1:1: error: names op '<U+001B>[31m%0A::warning::fake##<U+005B>add-mask]x<U+202E><U+0007>'"), result.out)
    }

    /// `--diff` under `--format github`: a stale file's lines are shown, but inert.
    func testDiffLinesAreInertUnderGitHubFormat() throws {
        let repo = try emittedRepository()
        let path = repo + "/generated/typescript/demo.ts"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try (original + "  ::warning file=x::planted\n##[stop-commands]token\n\u{1B}[2J\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let github = TestSupport.run(["check", "--diff", "--format", "github"], root: repo)
        XCTAssertEqual(github.status, 1, github.out + github.err)
        assertInert(github.out)
        XCTAssertTrue(github.out.contains("-  ::warning file=x::planted\n"), github.out)   // starts with -: no command
        XCTAssertTrue(github.out.contains("-##<U+005B>stop-commands]token\n"), github.out)
        XCTAssertTrue(github.out.contains("-<U+001B>[2J<U+000D>\n"), github.out)
        // In a terminal the diff is the file's text, as `diff -u` shows it.
        let text = TestSupport.run(["check", "--diff"], root: repo)
        XCTAssertTrue(text.out.contains("-##[stop-commands]token\n-\u{1B}[2J\r\n"), text.out)
    }

    func testAnnotationPropertiesAndDataAreEscapedPerTheWorkflowCommandRules() {
        let diagnostic = Diagnostic.error("50% done\r\nnext\u{1B}", at: SourceLocation(file: "a:b,c%d\ne.json", line: 3, column: 4))
        XCTAssertEqual(GitHubAnnotation.line(for: diagnostic),
                       "::error file=a%3Ab%2Cc%25d<U+000A>e.json,line=3,col=4::50%25 done<U+000D><U+000A>next<U+001B>")
        XCTAssertEqual(GitHubAnnotation.line(for: Diagnostic(.note, "a::b", at: nil)), "::warning::a::b")
        XCTAssertEqual(GitHubAnnotation.inert("  ::x\n"), "  <U+003A>:x<U+000A>")
        XCTAssertEqual(GitHubAnnotation.inert("a ##[b] ##["), "a ##<U+005B>b] ##<U+005B>")
    }

    // MARK: Unified diffs, against diffutils

    func diffU(_ old: String, _ new: String) throws -> String {
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try old.write(toFile: directory + "/a", atomically: true, encoding: .utf8)
        try new.write(toFile: directory + "/b", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["diff", "-u", "--label", "a", "--label", "b", directory + "/a", directory + "/b"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func lines(_ range: ClosedRange<Int>) -> [String] { range.map { "line \($0)" } }
    func text(_ lines: [String], newline: Bool = true) -> String { lines.joined(separator: "\n") + (newline && !lines.isEmpty ? "\n" : "") }

    func testTheDiffIsTheOneDiffUWrites() throws {
        let base = lines(1...20)
        var replaced = base; replaced[9] = "changed 10"
        var twoNear = base; twoNear[2] = "changed 3"; twoNear[9] = "changed 10"       // 6 lines apart: one hunk
        var twoFar = base; twoFar[2] = "changed 3"; twoFar[10] = "changed 11"        // 7 lines apart: two hunks
        var block = base; block.replaceSubrange(4...6, with: ["new a", "new b"])
        let inputs: [(String, String)] = [
            (text(base), text(replaced)),
            (text(base), text(twoNear)),
            (text(base), text(twoFar)),
            (text(base), text(block)),
            (text(base), text(["first", "second"] + base)),
            (text(base), text(Array(base.prefix(17)))),
            (text(base), text(base, newline: false)),
            (text(base, newline: false), text(replaced, newline: false)),
            ("", text(["only"])),
            (text(["only"]), ""),
            ("x", "x\n"),
            (text(["a", "b", "c"]), text(["c", "b", "a"])),
        ]
        for (old, new) in inputs {
            let expected = try diffU(old, new)
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b"), expected, "old:\n\(old)\nnew:\n\(new)")
        }
        XCTAssertEqual(UnifiedDiff.diff(old: text(base), new: text(base), oldName: "a", newName: "b"), "")
    }

    /// Random edits: whatever alignment is chosen, `patch` turns the old text into the new one
    /// with it, and in each run of changes the deletions come first.
    func testRandomDiffsApplyWithPatchAndListDeletionsFirst() throws {
        var generator = SystemRandomNumberGenerator()
        let directory = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for round in 0..<40 {
            let words = ["a", "b", "c", "d", "e"]
            let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            var new = old
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: new.insert(words.randomElement(using: &generator)!, at: position)
                case 1 where position < new.count: new.remove(at: position)
                default: if position < new.count { new[position] = "x" }
                }
            }
            let oldText = text(old, newline: Bool.random(using: &generator)), newText = text(new, newline: Bool.random(using: &generator))
            let diff = UnifiedDiff.diff(old: oldText, new: newText, oldName: "a", newName: "b")
            guard oldText != newText else { XCTAssertEqual(diff, ""); continue }
            let body = diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            for (line, next) in zip(body, body.dropFirst()) where line.hasPrefix("+") {
                XCTAssertFalse(next.hasPrefix("-"), "an insertion before a deletion in round \(round):\n\(diff)")
            }
            try oldText.write(toFile: directory + "/old", atomically: true, encoding: .utf8)
            try diff.write(toFile: directory + "/patch", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["patch", "-s", "-o", directory + "/patched", directory + "/old", directory + "/patch"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "patch refused round \(round):\n\(diff)")
            XCTAssertEqual(try String(contentsOfFile: directory + "/patched", encoding: .utf8), newText, "round \(round):\n\(diff)")
            try? FileManager.default.removeItem(atPath: directory + "/patched")
        }
    }
}
