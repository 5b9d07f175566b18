/// The HTML conformance report, the badge and named testees, without a browser: grouping,
/// cell statuses, escaping of hostile case names and testee output, what is (not) inlined.
import XCTest
@testable import ContractGenCore

/// A small synthetic run shared with the browser test. Rows, in report order (groups sorted,
/// names sorted within a group):
///   0 `<script>…` (its own group)  left pass, right fail (hostile actual)
///   1 grp-one                       left pass, right fail
///   2 grp-three                     left pass, right timeout
///   3 grp-two                       left pass, right crash
///   4 other-x                       left pass, right pass
enum ReportFixture {
    static let hostileName = "<script>document.title=\"pwned\"</script> 'q' \u{2028}end"
    static let hostileActual = "(not a protocol response: </script><img src=x onerror=\"document.title='pwned'\">\u{2028})"
    static let contract = "alpha"
    static let names = ["grp-one", "grp-two", "grp-three", "other-x", hostileName]

    static func golden(_ name: String) -> ConformanceCase {
        ConformanceCase(name: name, path: "/root/golden/\(contract)/\(names.firstIndex(of: name)!).json", about: "about \(name)", contract: contract,
                        op: "decode", given: .object([("blob", .string("GIVEN-BLOB-OF-\(name)"))]), expect: .bool(true))
    }

    static var cases: [ConformanceCase] { names.map(golden) }

    static func result(_ name: String, _ target: String, _ outcome: CaseResult.Outcome, _ reply: CaseResult.ReplyKind = .answered) -> CaseResult {
        CaseResult(caseName: name, path: golden(name).path, language: target, outcome: outcome, seconds: 0.01, reply: reply)
    }

    static var report: ConformanceReport {
        var report = ConformanceReport()
        report.casesPerTarget = names.count
        let failed = CaseResult.Outcome.failed(expected: "true", actual: "false", details: ["at $: expected true, got false"])
        for name in names { report.results.append(result(name, "left", .passed)) }
        report.results += [
            result("grp-one", "right", failed),
            result("grp-two", "right", .failed(expected: "true", actual: "(testee exited (exit 3); testee restarted)", details: []), .crashed),
            result("grp-three", "right", .failed(expected: "true", actual: "(no answer within 1 s; testee restarted)", details: []), .timedOut),
            result("other-x", "right", .passed),
            result(hostileName, "right", .failed(expected: "true", actual: hostileActual, details: [])),
        ]
        return report
    }

    static var html: String {
        HTMLReport.html(cases: cases, report: report, targets: ["left", "right"], expected: nil, root: "/root")
    }
}

final class HTMLReportTests: XCTestCase {
    // MARK: Grouping

    func testGroupOfSchemaDerivedNamesIsTypeAndField() {
        XCTAssertEqual(CaseGrouping.group(caseName: "schema.c-d.Item.name.wrong-type-bool", contract: "c-d"), "Item.name")
        XCTAssertEqual(CaseGrouping.group(caseName: "schema.c-d.version.null", contract: "c-d"), "version")
        XCTAssertEqual(CaseGrouping.group(caseName: "schema.c-d.sample-document", contract: "c-d"), "sample-document")
        // Another contract's prefix is not stripped: the name is then treated as hand-written.
        XCTAssertEqual(CaseGrouping.group(caseName: "schema.other.Item.name.null", contract: "c-d"), "schema.other.Item.name.null")
    }

    func testGroupOfHandWrittenNamesIsTheFirstWord() {
        XCTAssertEqual(CaseGrouping.group(caseName: "daystart-berlin-summer", contract: "cal-data"), "daystart")
        XCTAssertEqual(CaseGrouping.group(caseName: "single", contract: "cal-data"), "single")
        XCTAssertEqual(CaseGrouping.group(caseName: "", contract: "cal-data"), "")
        // The contract's own first word says nothing: two words.
        XCTAssertEqual(CaseGrouping.group(caseName: "cal-badges-duplicate", contract: "cal-data"), "cal-badges")
        XCTAssertEqual(CaseGrouping.group(caseName: "cal-x", contract: "cal-data"), "cal")
    }

    // MARK: Statuses

    func testCellStatusesFollowThePrintedRun() {
        var report = ReportFixture.report
        report.unavailable = [("gone", "kotlinc not found", true), ("broken", "build failed: x", false)]
        report.abandoned = [("right", 0, "unused")]   // harmless: every right case has a result
        let expected = ExpectedFailures.parse("right:grp-one  # known\nleft:other-x  # stale\n", path: "/root/xf.txt")
        let matrix = ReportMatrix(cases: ReportFixture.cases, report: report, targets: ["left", "right", "gone", "broken"], expected: expected)
        let rows = matrix.contracts.flatMap(\.groups).flatMap(\.rows)
        XCTAssertEqual(rows.map(\.golden.name), [ReportFixture.hostileName, "grp-one", "grp-three", "grp-two", "other-x"])
        XCTAssertEqual(rows.map { $0.cells.map(\.status) }, [
            [.pass, .fail, .skip, .unavailable],
            [.pass, .xfail, .skip, .unavailable],
            [.pass, .timeout, .skip, .unavailable],
            [.pass, .crash, .skip, .unavailable],
            [.xpass, .pass, .skip, .unavailable],
        ])
        XCTAssertEqual(matrix.columns.map(\.passed), [5, 1, 0, 0])
        XCTAssertEqual(matrix.columns[2].notes, ["skipped: kotlinc not found"])
    }

    func testCasesNotReachedAreAbandoned() {
        var report = ReportFixture.report
        report.results.removeAll { $0.language == "right" && $0.caseName != "grp-one" }
        report.abandoned = [("right", 4, "testee unresponsive")]
        let matrix = ReportMatrix(cases: ReportFixture.cases, report: report, targets: ["left", "right"], expected: nil)
        XCTAssertEqual(matrix.columns[1].counts, [.fail: 1, .abandoned: 4])
        XCTAssertEqual(matrix.columns[1].notes, ["4 case(s) abandoned: testee unresponsive"])
    }

    // MARK: The page

    func testHostileCaseNamesAndTesteeOutputAreEscaped() {
        let html = ReportFixture.html
        // Exactly our own script element; nothing from a case or a testee opens another.
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "</script").count - 1, 1)
        XCTAssertFalse(html.contains("<img"))
        XCTAssertFalse(html.unicodeScalars.contains("\u{2028}"), "a raw U+2028 would end a line inside any script")
        XCTAssertTrue(html.contains("&lt;script&gt;document.title=&quot;pwned&quot;&lt;/script&gt; &#39;q&#39; &#x2028;end"), html)
        XCTAssertTrue(html.contains("&lt;/script&gt;&lt;img src=x onerror=&quot;document.title=&#39;pwned&#39;&quot;&gt;&#x2028;)"))
        XCTAssertEqual(HTMLText.escape("a\u{0}b\u{1B}c\u{7F}d\u{85}e\tf"), "a\u{2400}b\u{241B}c\u{2421}d\u{FFFD}e\tf")
    }

    func testHostileImplementationNamesReasonsAndLoadErrorsAreEscaped() {
        var report = ReportFixture.report
        report.unavailable = [("<b>impl</b>", "build failed: </script><i>stderr</i>", false)]
        report.loadErrors = [CaseLoadError(path: "/root/golden/<u>x</u>.json", message: "unknown key '<s>'")]
        let html = HTMLReport.html(cases: ReportFixture.cases, report: report, targets: ["left", "<b>impl</b>"], expected: nil, root: "/root")
        XCTAssertFalse(html.contains("<b>impl") || html.contains("<i>") || html.contains("<u>") || html.contains("<s>"))
        XCTAssertTrue(html.contains("<th>&lt;b&gt;impl&lt;/b&gt;<br><span class=\"tot\">0/5</span></th>"))
        XCTAssertTrue(html.contains("not built: build failed: &lt;/script&gt;&lt;i&gt;stderr&lt;/i&gt;"))
        XCTAssertTrue(html.contains("<li><code>golden/&lt;u&gt;x&lt;/u&gt;.json</code>: unknown key &#39;&lt;s&gt;&#39;</li>"))
        XCTAssertEqual(html.components(separatedBy: "</script").count - 1, 1)
    }

    func testOnlyFailingCellsCarryDetails() {
        let html = ReportFixture.html
        XCTAssertEqual(html.components(separatedBy: "<details").count - 1, 4)
        for name in ["grp-one", "grp-two", "grp-three"] {
            XCTAssertTrue(html.contains("GIVEN-BLOB-OF-\(name)"), name)
        }
        // A case that passes everywhere inlines neither its input nor its expectation.
        XCTAssertFalse(html.contains("GIVEN-BLOB-OF-other-x"))
        XCTAssertTrue(html.contains("<details id=\"c-1-1\"><summary>fail</summary>"))
        XCTAssertTrue(html.contains("<li>at $: expected true, got false</li>"))
        XCTAssertTrue(html.contains("<p class=\"file\">golden/alpha/0.json</p>"), "paths are shown relative to the root")
    }

    func testGroupSummaryNamesTheImplementationThatBreaksIt() {
        let html = ReportFixture.html
        XCTAssertTrue(html.contains("<tr class=\"gsum\"><th>grp <span class=\"count\">3 case(s)</span> <span class=\"breaks\">broken by right</span></th><td class=\"g-ok\">3/3</td><td class=\"g-bad\">0/3</td></tr>"), html)
        XCTAssertTrue(html.contains("<tr class=\"gsum\"><th>other <span class=\"count\">1 case(s)</span></th><td class=\"g-ok\">1/1</td><td class=\"g-ok\">1/1</td></tr>"))
        XCTAssertTrue(html.contains("<tr data-col=\"1\"><th>right</th><td class=\"num\">1/5</td>"))
    }

    func testPageIsSelfContainedAndDeterministic() {
        let html = ReportFixture.html
        XCTAssertEqual(html, ReportFixture.html)
        for external in ["http://", "https://", "src=\"", "<link", "@import", "url("] {
            XCTAssertFalse(html.contains(external), external)
        }
    }

    // MARK: Badge

    func testBadgeSaysPassingOfAllPerImplementation() {
        var report = ReportFixture.report
        report.unavailable = [("a<b&\"c", "no toolchain", true)]
        let matrix = ReportMatrix(cases: ReportFixture.cases, report: report, targets: ["left", "right", "a<b&\"c"], expected: nil)
        let svg = ConformanceBadge.svg(matrix)
        XCTAssertEqual(svg, ConformanceBadge.svg(matrix))
        XCTAssertTrue(svg.contains("<text x=\"10\" y=\"14\" fill=\"#fff\">left</text><text x=\"72\" y=\"14\" fill=\"#fff\">5/5 cases</text>"), svg)
        // Widths from the rule: longest name 6 chars × 7 + 2 × 10 = 62, longest value 9 × 7 + 20 = 83.
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"145\" height=\"60\""), svg)
        XCTAssertTrue(svg.contains(">1/5 cases</text>"))
        XCTAssertTrue(svg.contains(">a&lt;b&amp;&quot;c</text>"))
        XCTAssertTrue(svg.contains(">skipped</text>"))
        XCTAssertTrue(svg.contains("fill=\"#4c1\""))      // all pass: green
        XCTAssertTrue(svg.contains("fill=\"#e05d44\""))   // 1 of 5: red
        XCTAssertTrue(svg.contains("aria-label=\"left: 5/5 cases; right: 1/5 cases; a&lt;b&amp;&quot;c: skipped\""))
    }

    // MARK: Named testees

    func testTesteeArgumentNamesAndPlainCommands() throws {
        XCTAssertEqual(try TesteeArgument.parse(["cat"]), [TesteeArgument(name: "testee", command: "cat")])
        XCTAssertEqual(try TesteeArgument.parse(["hand-kt_1.0=bash run.sh", "cat", "JAVA_OPTS=-X cmd", "sh -c 'a=b'"]), [
            TesteeArgument(name: "hand-kt_1.0", command: "bash run.sh"),
            TesteeArgument(name: "testee2", command: "cat"),
            TesteeArgument(name: "testee3", command: "JAVA_OPTS=-X cmd"),   // an environment assignment stays
            TesteeArgument(name: "testee4", command: "sh -c 'a=b'"),
        ])
        XCTAssertThrowsError(try TesteeArgument.parse(["name=  "]))
    }
}

/// `conform` end to end with real testee processes: two named testees, reports by extension.
final class HTMLReportCommandTests: XCTestCase {
    func testTwoNamedTesteesHTMLJUnitAndBadge() throws {
        let directory = TestSupport.temporaryDirectory()
        let names = ["calm-one", "calm-two", "dies-here", ReportFixture.hostileName]
        for (index, name) in names.enumerated() {
            let golden = JSONValue.object([("case", .string(name)), ("contract", .string("fake")), ("op", .string("stale")),
                                           ("given", .object([("blob", .string("case\(index)"))])), ("expect", .bool(true))])
            try golden.serialized().write(toFile: "\(directory)/case\(index).json", atomically: true, encoding: .utf8)
        }
        // The odd testee exits on `dies-here` (case2) and echoes hostile text, not a protocol
        // answer, for the hostile case (case3); a case's name is not in its request, its blob is.
        let odd = directory + "/odd.sh"
        try """
        while IFS= read -r line; do
          case "$line" in
            *case2*) exit 3 ;;
            *case3*) echo '</script><img src=x onerror=alert(1)>\u{2028}' ;;
            *) echo '{"ok":true}' ;;
          esac
        done
        """.write(toFile: odd, atomically: true, encoding: .utf8)
        let out = TestSupport.temporaryDirectory()
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", #"good=while read l; do echo '{"ok":true}'; done"#,
                                      "--testee", "odd=sh \(odd)", "--report", out + "/r.html", "--report", out + "/r.xml",
                                      "--badge", out + "/b.svg"])
        XCTAssertEqual(result.status, 1, result.out)
        XCTAssertTrue(result.out.contains("good: 4 passed, 0 failed"), result.out)
        XCTAssertTrue(result.out.contains("odd: 2 passed, 2 failed"), result.out)
        let html = try String(contentsOfFile: out + "/r.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<th>good<br><span class=\"tot\">4/4</span></th><th>odd<br><span class=\"tot\">2/4</span></th>"), html)
        XCTAssertEqual(html.components(separatedBy: "class=\"s-crash\"><details").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1)
        XCTAssertFalse(html.unicodeScalars.contains("\u{2028}"))
        XCTAssertTrue(html.contains("(not a protocol response: &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#x2028;)"), html)
        let xml = try String(contentsOfFile: out + "/r.xml", encoding: .utf8)
        XCTAssertTrue(xml.hasPrefix("<?xml"), xml)
        let svg = try String(contentsOfFile: out + "/b.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains(">good</text>") && svg.contains(">4/4 cases</text>") && svg.contains(">2/4 cases</text>"), svg)
    }

    func testTwoTesteesWithOneNameIsAUsageError() throws {
        let directory = TestSupport.temporaryDirectory()
        try #"{"case":"a","contract":"fake","op":"stale","given":{},"expect":true}"#.write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["conform", "--golden", directory, "--testee", "x=cat", "--testee", "x=cat"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("error: two implementations are named 'x'"), result.err)
    }
}

/// A large run: 2,500 cases × 4 implementations, 1 in 20 cells failing with a 2 KB input.
enum LargeReportFixture {
    static let caseCount = 2500
    static let targets = ["swift", "kotlin", "typescript", "hand"]

    static var page: (html: String, failing: Int) {
        var cases: [ConformanceCase] = []
        var report = ConformanceReport()
        report.casesPerTarget = caseCount
        var failing = 0
        let blob = String(repeating: "x", count: 2000)
        for index in 0..<caseCount {
            let name = "schema.big.Type\(index % 25).field\(index % 7).mutation-\(index)"
            let path = "/root/golden/big/\(index).json"
            cases.append(ConformanceCase(name: name, path: path, about: "", contract: "big", op: "decode",
                                         given: .object([("blob", .string(blob))]), expect: .bool(true)))
            for (column, target) in targets.enumerated() {
                let fails = (index + column) % 20 == 0
                if fails { failing += 1 }
                report.results.append(CaseResult(caseName: name, path: path, language: target,
                                                 outcome: fails ? .failed(expected: "true", actual: "false", details: ["at $: expected true, got false"]) : .passed,
                                                 seconds: 0))
            }
        }
        return (HTMLReport.html(cases: cases, report: report, targets: targets, expected: nil, root: "/root"), failing)
    }
}

final class HTMLReportSizeTests: XCTestCase {
    func testLargeRunInlinesOnlyFailingCells() {
        let started = Date()
        let (html, failing) = LargeReportFixture.page
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(failing, 500)
        XCTAssertEqual(html.components(separatedBy: "<details").count - 1, failing)
        // Each failing cell carries its 2 KB input; the 9,500 passing cells carry a few bytes each.
        let bytes = html.utf8.count
        XCTAssertLessThan(bytes, failing * 2_600 + 2500 * 4 * 40 + 200_000, "\(bytes) bytes")
        XCTAssertLessThan(seconds, 30, "building the page took \(seconds) s")
        print("large report: \(bytes) bytes, built in \(String(format: "%.2f", seconds)) s")
    }
}
