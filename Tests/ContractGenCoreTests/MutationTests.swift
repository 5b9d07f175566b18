/// The mutation tool: its lexer-lite, its operators, the seeded sample, the equivalent list, and a
/// three-mutant TypeScript run through the real builder and golden cases (killed, survived,
/// stillborn), so the tool cannot rot.
import Foundation
import XCTest
@testable import ContractGenCore

final class MutationTests: XCTestCase {
    func sites(_ source: String, _ language: Language) -> [String] {
        MutationOperators.sites(in: Array(source.utf8), language: language).map { "\($0.mutationOperator): \($0.description)" }
    }

    func testMaskSkipsCommentsStringsAndRegexLiterals() {
        let source = "a < b /* c < d */ \"e < f\" 'g < h' `i < ${j} < k`; r = /x < y/g // l < m\nn < o"
        let mask = CodeMask(Array(source.utf8), language: .typescript)
        let code = String(decoding: zip(source.utf8, mask.isCode).filter(\.1).map(\.0), as: UTF8.self)
        XCTAssertEqual(code.replacingOccurrences(of: " ", with: ""), "a<b;r=\nn<o")
    }

    func testSwiftNestedCommentsAndRawStrings() {
        let source = "a < b /* x /* y */ < z */ #\"p \" < q\"# \"\"\"\nr < s\n\"\"\" t < u"
        let mask = CodeMask(Array(source.utf8), language: .swift)
        let code = String(decoding: zip(source.utf8, mask.isCode).filter(\.1).map(\.0), as: UTF8.self)
        XCTAssertEqual(code.replacingOccurrences(of: " ", with: ""), "a<bt<u")
    }

    func testOperatorsOnATypeScriptSnippet() {
        let source = "if (a < b) return null; // a < b\nconst s = \"x == y\"; const n: Array<number> = [512]; f(x => x);\n"
        let found = Set(sites(source, .typescript))
        XCTAssertEqual(found, ["negate-condition: if a < b → negated", "remove-condition: if a < b → false",
                               "boundary: '<' → '<='", "remove-return-null: return null removed",
                               "integer: 512 → 511", "integer: 512 → 513"])
    }

    func testKotlinAndSwiftStatements() {
        XCTAssertEqual(Set(sites("while (i >= n) { if (x == 0L) continue; return i && j }\n", .kotlin)), [
            "boundary: '>=' → '>'", "equality: '==' → '!='", "integer: 0 → 1",
            "negate-condition: if x == 0L → negated", "remove-condition: if x == 0L → false",
            "remove-continue: continue removed", "return-null: return i && j → return null", "logical: '&&' → '||'",
        ])
        // Binding conditions cannot be negated; a plain guard can, and can be removed.
        XCTAssertEqual(Set(sites("if let x = y { }\nguard a != b else { return nil }\n", .swift)), [
            "negate-condition: guard a != b → negated", "remove-condition: guard a != b → true",
            "equality: '!=' → '=='", "remove-return-null: return nil removed",
        ])
    }

    func testMutantAppliesItsReplacement() {
        let bytes = Array("if (a < b) x = 1;".utf8)
        let site = MutationOperators.sites(in: bytes, language: .typescript).first { $0.mutationOperator == "boundary" }!
        let mutant = Mutant(file: "generated/typescript/x.ts", line: 1, site: site)
        XCTAssertEqual(String(decoding: mutant.apply(to: bytes), as: UTF8.self), "if (a <= b) x = 1;")
        XCTAssertEqual(mutant.label, "x.ts:1: '<' → '<='")
    }

    /// The key names the line by its text (comments and indentation left out), and a text the
    /// file holds more than once by its declaration too, so lines inserted above, or a re-worded
    /// comment, keep every entry of the lists on its mutant.
    func testKeysSurviveUnrelatedEdits() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/generated/typescript", withIntermediateDirectories: true)
        func keys(_ text: String) throws -> [String] {
            try text.write(toFile: root + "/generated/typescript/x.ts", atomically: true, encoding: .utf8)
            return MutantCatalogue.build(root: root, language: .typescript).mutants.filter { $0.site.mutationOperator == "boundary" }.map(\.key)
        }
        let before = try keys("if (a < b) x(); // one\nif (a < b) y();\n")
        XCTAssertEqual(before, ["x.ts: '<' → '<=' in «if (a < b) x();»", "x.ts: '<' → '<=' in «if (a < b) y();»"])
        XCTAssertEqual(try keys("// new header\nconst k = 0;\n\n    if (a < b) x(); // re-worded\nif (a < b) y();\n"), before)
        XCTAssertEqual(try keys("if (a < b && c < d) z();\n"),
                       ["x.ts: '<' → '<=' in «if (a < b && c < d) z();» (in file)", "x.ts: '<' → '<=' in «if (a < b && c < d) z();» (in file #2)"])
        // The same change on the same text in two declarations names each one's declaration, so
        // an identical line added above (here in a new function `e`) re-points no key: the
        // mutants of `f` and `g` keep theirs, and only the new line's mutant is new.
        let twice = "function f() {\n  if (i < n) i++;\n}\nclass Q {\n  g(x: number): void {\n    if (i < n) i++;\n  }\n}\n"
        let named = try keys(twice)
        XCTAssertEqual(named, ["x.ts: '<' → '<=' in «if (i < n) i++;» (in f)", "x.ts: '<' → '<=' in «if (i < n) i++;» (in g)"])
        let added = try keys("const e = (): void => {\n  if (i < n) i++;\n};\n" + twice)
        XCTAssertEqual(added, ["x.ts: '<' → '<=' in «if (i < n) i++;» (in e)"] + named)
        XCTAssertEqual(Mutant.key(ofLabel: "x.ts:412: 1 → 2 in «f(1)»"), "x.ts: 1 → 2 in «f(1)»")
        XCTAssertEqual(Mutant.key(ofLabel: "x.ts: 1 → 2 in «f(1)»"), "x.ts: 1 → 2 in «f(1)»")
    }

    /// Each line names the nearest declaration at or above it, never one inside a comment or a
    /// string; "file" above the first.
    func testDeclarationScopesPerLanguage() {
        func names(_ source: String, _ language: Language) -> [String] {
            let bytes = Array(source.utf8)
            return DeclarationScopes.names(of: bytes, language: language, lineStarts: MutantCatalogue.lineStartOffsets(bytes))
        }
        XCTAssertEqual(names("let a = 1\nstruct S {\n  init(x: Int) {\n  }\n  // func hidden()\n  var count: Int {\n    1\n  }\n  static func < (l: S, r: S) -> Bool {\n", .swift),
                       ["file", "S", "init", "init", "init", "count", "count", "count", "<", "<"])
        XCTAssertEqual(names("object Q {\n  private fun <T> List<T>.second(): T {\n    val s = \"fun fake(\"\n  }\n  init {\n", .kotlin),
                       ["Q", "second", "second", "second", "init", "init"])
        XCTAssertEqual(names("export function f(x: number): number {\n  if (x) {\n  }\n}\nclass C {\n  private g(a: string): void {\n    for (;;) {\n", .typescript),
                       ["f", "f", "f", "f", "C", "g", "g", "g"])
    }

    /// Grouped literals are integers too (they held the calendar's era constants and the safe
    /// integer bound, and were once skipped); hex, floats, identifiers and a trailing `_` are not.
    func testIntegerSitesIncludeGroupedLiterals() {
        func integers(_ source: String, _ language: Language) -> [String] {
            MutationOperators.sites(in: Array(source.utf8), language: language).filter { $0.mutationOperator == "integer" }
                .map { "\($0.description) as \($0.replacement)" }.sorted()
        }
        XCTAssertEqual(integers("let era = z / 146_097\n", .swift), ["146097 → 146096 as 146096", "146097 → 146098 as 146098"])
        XCTAssertEqual(integers("val max = 9_007_199_254_740_991L\n", .kotlin),
                       ["9007199254740991 → 9007199254740990 as 9007199254740990", "9007199254740991 → 9007199254740992 as 9007199254740992"])
        XCTAssertEqual(integers("const d = 86_400_000;\n", .typescript), ["86400000 → 86399999 as 86399999", "86400000 → 86400001 as 86400001"])
        XCTAssertEqual(integers("let a = 0x1F + 1.5 + x_1 + y_2_3\n", .swift), [], "no hex, float or identifier")
    }

    /// A Kotlin mutant is compiled alone unless another file could hold an inlined copy of what
    /// it changes: a const val's value, an inline function's body.
    func testKotlinOneFileBuildOnlyWhenNothingIsInlinedElsewhere() {
        func alone(_ source: String, _ fragment: String) -> Bool {
            let bytes = Array(source.utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let site = MutationOperators.sites(in: bytes, language: .kotlin).first { $0.mutationOperator == "integer" }!
            let number = MutantCatalogue.line(of: site.range.lowerBound, in: MutantCatalogue.lineStartOffsets(bytes))
            XCTAssertTrue(lines[number - 1].contains(fragment))
            return KotlinOneFileBuild.canBuildAlone(Mutant(file: "x.kt", line: number, site: site,
                                                           lineText: String(lines[number - 1]).trimmingCharacters(in: .whitespaces)), bytes: bytes)
        }
        XCTAssertTrue(alone("fun f(x: Int) = x < 512\n", "512"))
        XCTAssertFalse(alone("object A {\n    const val MAX_DEPTH = 512\n}\n", "512"))
        XCTAssertFalse(alone("inline fun g() = 1\nfun f(x: Int) = x < 512\n", "1"))
    }

    func testStaleAndUnreachableEntries() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/generated/typescript", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/mutation", withIntermediateDirectories: true)
        try "if (a < b) x();\n".write(toFile: root + "/generated/typescript/x.ts", atomically: true, encoding: .utf8)
        try "x.ts:9: '<' → '<=' in «if (a < b) x();»  # a is never b\nx.ts: '<' → '<=' in «if (a < c) x();»  # gone\ny.ts: 1 → 2 in «f(1)»  # other file\n"
            .write(toFile: root + "/mutation/equivalent-typescript.txt", atomically: true, encoding: .utf8)
        try "x.ts: if a < b → false in «if (a < b) x();»  # only an app calls x\n"
            .write(toFile: root + "/mutation/unreachable-typescript.txt", atomically: true, encoding: .utf8)
        let lists = EquivalentMutants.load(root: root, language: .typescript)
        XCTAssertEqual(lists.errors, [])
        XCTAssertEqual(lists.reasons["x.ts: '<' → '<=' in «if (a < b) x();»"], "a is never b")
        XCTAssertEqual(lists.unreachable["x.ts: if a < b → false in «if (a < b) x();»"], "only an app calls x")
        let catalogue = MutantCatalogue.build(root: root, language: .typescript)
        XCTAssertEqual(lists.stale(in: catalogue), ["equivalent-typescript.txt:2: matches no mutant: x.ts: '<' → '<=' in «if (a < c) x();»"],
                       "an entry of a file outside the catalogue (y.ts) is not judged")
    }

    func testSampleIsSeededAndInFileOrder() {
        let catalogue = MutantCatalogue.build(root: TestSupport.root, language: .typescript)
        XCTAssertGreaterThan(catalogue.mutants.count, 500)
        XCTAssertFalse(catalogue.mutants.contains { $0.file.hasSuffix("testee.ts") }, "the testee harness is not mutated")
        XCTAssertFalse(catalogue.mutants.contains { $0.file.hasSuffix("testee-support.ts") || $0.file.hasSuffix("-observation.ts") },
                       "nor its support file and the observations (test code)")
        let first = catalogue.sample(20, seed: 7).map(\.label), again = catalogue.sample(20, seed: 7).map(\.label)
        XCTAssertEqual(first, again)
        XCTAssertNotEqual(first, catalogue.sample(20, seed: 8).map(\.label))
        let order = catalogue.sample(20, seed: 7).map { "\($0.file)#\(String(format: "%08d", $0.site.range.lowerBound))" }
        XCTAssertEqual(order, order.sorted())
    }

    func testEquivalentListNeedsAReason() throws {
        let root = TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/mutation", withIntermediateDirectories: true)
        try "# comment\nx.ts:3: '<' → '<='  # both sides are never equal here\nx.ts:4: 1 → 2\n"
            .write(toFile: root + "/mutation/equivalent-typescript.txt", atomically: true, encoding: .utf8)
        let list = EquivalentMutants.load(root: root, language: .typescript)
        XCTAssertEqual(list.reasons, ["x.ts: '<' → '<='": "both sides are never equal here"], "the line number is only a hint")
        XCTAssertEqual(list.errors, ["equivalent-typescript.txt:3: no `  # reason`"])
        XCTAssertEqual(list.entries.map(\.place), ["equivalent-typescript.txt:2"])
    }

    /// Three real mutants of the TypeScript runtime against the nesting cases only: the depth
    /// limit raised is killed by the 513-level cases; a wrong leap-day count survives them (no
    /// nesting case has a date); a returned number replaced by null does not compile.
    func testTypeScriptMutantsKilledSurvivingAndStillborn() throws {
        guard TesteeBuilder.which("tsc") != nil, TesteeBuilder.which("node") != nil else {
            throw XCTSkip("tsc/node not installed")
        }
        let root = TestSupport.root
        let catalogue = MutantCatalogue.build(root: root, language: .typescript, fileFilter: "contract-runtime.ts")
        let text = try String(contentsOfFile: root + "/generated/typescript/contract-runtime.ts", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func mutant(onLineContaining fragment: String, replacement: String) throws -> Mutant {
            try XCTUnwrap(catalogue.mutants.first { lines[$0.line - 1].contains(fragment) && $0.site.replacement == replacement },
                          "no mutant '\(replacement)' on a line with '\(fragment)'")
        }
        let chosen = [try mutant(onLineContaining: "CONTRACT_MAX_DEPTH = 512", replacement: "513"),
                      try mutant(onLineContaining: "leap ? 29 : 28", replacement: "30"),
                      try mutant(onLineContaining: "return leap ? 29 : 28", replacement: "null")]
        let cases = GoldenCaseLoader.load(directories: [root + "/golden"]).cases.filter { $0.name.hasPrefix("nesting-51") }
        // The 512/513-level nesting cases (six at the root and in a task's unknown key, four in declared fields).
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        XCTAssertTrue(cases.contains { $0.name.hasPrefix("nesting-513") })
        var runner = MutationRunner(root: root, language: .typescript, cases: cases)
        runner.incremental = false
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/generated/typescript/contract-runtime.ts"))
        let (results, notRun) = try runner.run(chosen, equivalents: EquivalentMutants())
        XCTAssertEqual(notRun, 0)
        XCTAssertEqual(results.count, 3)
        guard case .killed(let killer, _) = results[0].outcome else { return XCTFail("\(results[0].outcome)") }
        XCTAssertTrue(killer.hasPrefix("nesting-513"), killer)
        XCTAssertEqual(results[1].outcome, .survived)
        guard case .stillborn(let reason) = results[2].outcome else { return XCTFail("\(results[2].outcome)") }
        XCTAssertTrue(reason.contains("error TS"), reason)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/generated/typescript/contract-runtime.ts")), before,
                       "the repository's file is never touched")
        let report = MutationReport(language: .typescript, results: results, catalogueSize: catalogue.mutants.count, notRun: 0,
                                    command: "test", seconds: 1)
        XCTAssertEqual(report.total, MutationReport.Score(killed: 1, survived: 1, stillborn: 1, equivalent: 0))
        XCTAssertTrue(report.lines().contains("SURVIVED \(chosen[1].label)"))
    }

    /// An incremental mutant build must judge what a full build judges: a change that widens an
    /// inferred return type fails the importing file's check (which tsc re-checks only because the
    /// mutated file's declarations changed), and a body-only change builds and runs.
    func testTypeScriptIncrementalBuildRechecksImporters() throws {
        guard TesteeBuilder.which("tsc") != nil, TesteeBuilder.which("node") != nil else {
            throw XCTSkip("tsc/node not installed")
        }
        let scratch = NSTemporaryDirectory() + "contract-gen-ts-incremental-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sources = scratch + "/src"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let library = sources + "/library.ts", testee = sources + "/testee.ts"
        func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        try write("export function limit(n: number) {\n  if (n > 3) return 3;\n  return n;\n}\n", library)
        try write("import { limit } from \"./library\";\nconst value: number = limit(5);\nconsole.log(String(value));\n", testee)
        let builder = TesteeBuilder(root: scratch)
        let build = try XCTUnwrap(TypeScriptIncrementalBuild.prepare(scratch: scratch, files: [library, testee], run: builder.run))

        try write("export function limit(n: number) {\n  if (n > 3) return null;\n  return n;\n}\n", library)
        guard case .failure(.compiler(let failure)) = build.build() else { return XCTFail("a widened return type must fail the importer") }
        XCTAssertTrue(failure.contains("testee.ts"), failure)

        try write("export function limit(n: number) {\n  if (n >= 3) return 4;\n  return n;\n}\n", library)
        guard case .success(let command) = build.build() else { return XCTFail("a body-only change builds") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(printed, "4\n", "the mutant's code runs, not the unmutated build's")
    }

    /// The Swift incremental mutant build: a changed declaration fails the file that uses it (which
    /// the driver recompiles only because the declaration changed), a body-only change builds and
    /// runs, and the restored file builds the unmutated program again.
    func testSwiftIncrementalBuildRecompilesDependents() throws {
        guard TesteeBuilder.which("swiftc") != nil else { throw XCTSkip("swiftc not installed") }
        let scratch = NSTemporaryDirectory() + "contract-gen-swift-incremental-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let library = scratch + "/Limit.swift", main = scratch + "/main.swift"
        func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        let original = "func limit(_ n: Int) -> Int {\n    n > 3 ? 3 : n\n}\n"
        try write(original, library)
        try write("print(limit(5))\n", main)
        let builder = TesteeBuilder(root: scratch)
        let build = try XCTUnwrap(SwiftIncrementalBuild.prepare(scratch: scratch, files: [library, main], optimization: "-Onone",
                                                                run: builder.run))
        func output(_ command: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command[0])
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }

        try write("func limit(_ n: Int) -> Int? {\n    n > 3 ? 3 : n\n}\n", library)
        guard case .failure(.compiler(let failure)) = build.build() else { return XCTFail("a changed declaration must fail its user") }
        XCTAssertTrue(failure.contains("main.swift"), failure)

        try write("func limit(_ n: Int) -> Int {\n    n >= 3 ? 4 : n\n}\n", library)
        guard case .success(let mutant) = build.build() else { return XCTFail("a body-only change builds") }
        XCTAssertEqual(try output(mutant), "4\n", "the mutant's code runs, not the unmutated build's")

        try write(original, library)
        guard case .success(let restored) = build.build() else { return XCTFail("the restored file builds") }
        XCTAssertEqual(try output(restored), "3\n")
    }

    /// The warm Kotlin compiler gives kotlinc's verdict and kotlinc's class files, byte for byte,
    /// for a one-file build against other classes (an `internal` use through the friend path).
    func testKotlinCompileServerMatchesKotlinc() throws {
        guard TesteeBuilder.which("kotlinc") != nil, TesteeBuilder.which("java") != nil else {
            throw XCTSkip("kotlinc/java not installed")
        }
        let scratch = NSTemporaryDirectory() + "contract-gen-kotlin-server-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        func write(_ text: String, _ name: String) throws -> String {
            try text.write(toFile: scratch + "/" + name, atomically: true, encoding: .utf8)
            return scratch + "/" + name
        }
        let library = try write("package demo\n\ninternal fun limit(n: Int): Int = if (n > 3) 3 else n\n", "Limit.kt")
        let user = try write("package demo\n\nfun main() {\n    println(limit(5))\n}\n", "Main.kt")
        let broken = try write("package demo\n\nfun other(): Int = limit(\"5\")\n", "Broken.kt")
        let builder = TesteeBuilder(root: scratch)
        XCTAssertNil(builder.run(["kotlinc", "-Werror", "-module-name", "main", "-d", scratch + "/base", library]))
        final class Calls: @unchecked Sendable { var files: [String] = [] }
        let calls = Calls()
        let server = try XCTUnwrap(KotlinCompileServer.start(root: TestSupport.root, fallback: { arguments in
            calls.files.append(arguments.last ?? "")
            return builder.run(arguments)
        }))
        defer { server.stop() }
        func oneFile(_ file: String, into output: String) -> [String] {
            ["kotlinc", "-Werror", "-module-name", "main", "-cp", scratch + "/base", "-Xfriend-paths=" + scratch + "/base",
             "-d", scratch + "/" + output, file]
        }
        XCTAssertNil(builder.run(oneFile(user, into: "cli")))
        XCTAssertNil(server.run(oneFile(user, into: "warm")))
        func classes(_ directory: String) -> [String: Data] {
            var found: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: scratch + "/" + directory)
            while let item = enumerator?.nextObject() as? String {
                if item.hasSuffix(".class") { found[item] = FileManager.default.contents(atPath: scratch + "/" + directory + "/" + item) }
            }
            return found
        }
        XCTAssertFalse(classes("cli").isEmpty)
        XCTAssertEqual(classes("warm"), classes("cli"), "the same class files as kotlinc")
        let failure = try XCTUnwrap(server.run(oneFile(broken, into: "broken")))
        XCTAssertTrue(failure.contains("Broken.kt:3") && failure.contains("error:"), failure)
        // After a failed compile, the same file with other content: kotlinc's classes again (nothing
        // of the earlier compiles is kept by the warm compiler).
        _ = try write("package demo\n\nfun main() {\n    println(limit(2) + 40)\n}\n", "Main.kt")
        XCTAssertNil(builder.run(oneFile(user, into: "cli2")))
        XCTAssertNil(server.run(oneFile(user, into: "warm2")))
        XCTAssertNotEqual(classes("cli2"), classes("cli"))
        XCTAssertEqual(classes("warm2"), classes("cli2"))
        XCTAssertFalse(calls.files.contains(user) || calls.files.contains(broken), "served warm, not by the fallback")
    }

    func testCacheReusesOnlyWhileTheDecidingCaseIsUnchanged() throws {
        let cases = GoldenCaseLoader.load(directories: [TestSupport.root + "/golden"]).cases.prefix(3).map { $0 }
        var cache = MutationCache()
        cache.store(.killed(byCase: cases[1].name, how: "wrong answer"), for: "k", cases: cases)
        cache.store(.survived, for: "s", cases: cases)
        XCTAssertEqual(cache.outcome(for: "k", cases: cases), .killed(byCase: cases[1].name, how: "wrong answer"))
        XCTAssertEqual(cache.outcome(for: "s", cases: cases), .survived)
        var changed = cases
        changed[1].expect = .null
        XCTAssertNil(cache.outcome(for: "k", cases: changed), "the killing case changed: run again")
        XCTAssertNil(cache.outcome(for: "s", cases: Array(cases.prefix(2))), "a survivor is re-run when the cases change")
    }

    func testMutateCommandUsage() {
        XCTAssertEqual(TestSupport.run(["mutate"]).status, ExitCode.usage)
        XCTAssertEqual(TestSupport.run(["mutate", "--lang", "cobol"]).status, ExitCode.usage)
        let listed = TestSupport.run(["mutate", "--lang", "kotlin", "--list", "--sample", "3", "--seed", "2"])
        XCTAssertEqual(listed.status, ExitCode.success)
        XCTAssertTrue(listed.out.hasSuffix("3 of \(MutantCatalogue.build(root: TestSupport.root, language: .kotlin).mutants.count) mutants\n"), listed.out)
    }
}
