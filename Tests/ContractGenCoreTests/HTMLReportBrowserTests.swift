/// The HTML report in a real browser: headless Chromium (Debian's `chromium`) loads the page,
/// its script runs, and the DOM it leaves is checked: filtering by URL fragment, a failing cell
/// opened by `open=`, hostile case text inert, and a screenshot taken. Skipped, saying why, only
/// when Chromium is not installed or cannot start here.
import XCTest
@testable import ContractGenCore

final class HTMLReportBrowserTests: XCTestCase {
    struct Browser {
        var executable: String
        var profile: String

        /// Runs Chromium headless on `url` with extra arguments; returns (status, stdout, stderr).
        func run(_ arguments: [String], url: String, timeout: Double = 90) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            // Its own profile: several runs at once must not share one (Chromium locks it).
            process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
                                 "--allow-file-access-from-files"] + arguments + [url]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            let outData = TestSupport.Buffer(), errData = TestSupport.Buffer()
            let group = DispatchGroup()
            for (pipe, buffer) in [(out, outData), (err, errData)] {
                group.enter()
                DispatchQueue.global().async {
                    buffer.append(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
                    group.leave()
                }
            }
            try process.run()
            let finished = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in finished.signal() }
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                _ = finished.wait(timeout: .now() + 5)
                XCTFail("chromium did not finish within \(timeout) s")
            }
            _ = group.wait(timeout: .now() + 10)
            return (process.terminationStatus, outData.value, errData.value)
        }
    }

    /// Chromium, or a skip with the reason.
    func browser() throws -> Browser {
        switch Self.shared {
        case .success(let browser): return browser
        case .failure(let reason): throw XCTSkip(reason.message)
        }
    }

    struct NoBrowser: Error { var message: String }

    /// Found and probed once for the whole class (a start costs seconds).
    static let shared: Result<Browser, NoBrowser> = {
        let candidates = ["chromium", "chromium-browser", "google-chrome"]
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard let executable = candidates.lazy.compactMap({ name in
            path.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }).first else {
            return .failure(NoBrowser(message: "Chromium is not installed (Debian: apt-get install chromium); the browser test of the HTML report needs it"))
        }
        let browser = Browser(executable: executable, profile: TestSupport.temporaryDirectory())
        // Can it start at all here? (A container may forbid what it needs.)
        let probe = TestSupport.temporaryDirectory() + "/probe.html"
        do {
            try "<p id=probe>ok</p>".write(toFile: probe, atomically: true, encoding: .utf8)
            let (status, out, err) = try browser.run(["--dump-dom"], url: URL(fileURLWithPath: probe).absoluteString)
            guard status == 0, out.contains("<p id=\"probe\">ok</p>") else {
                return .failure(NoBrowser(message: "Chromium (\(executable)) cannot run here: exit \(status); \(err.suffix(300))"))
            }
        } catch {
            return .failure(NoBrowser(message: "Chromium (\(executable)) cannot be started: \(error)"))
        }
        return .success(browser)
    }()

    func writeFixturePage() throws -> URL {
        let file = URL(fileURLWithPath: TestSupport.temporaryDirectory() + "/report.html")
        try ReportFixture.html.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static func count(_ text: String, _ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testFragmentFiltersRowsAndOpensAFailingCell() throws {
        let browser = try browser()
        let page = try writeFixturePage()
        // Only crashes and timeouts, only the `right` column, and open grp-two's crash (row 3).
        let (status, dom, err) = try browser.run(["--dump-dom"], url: page.absoluteString + "#status=crash,timeout&impl=1&open=c-3-1")
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(dom.contains("<body data-ready=\"true\">"), "the page's script did not finish:\n\(dom.prefix(2000))")
        XCTAssertTrue(dom.contains("<output id=\"shown\">2</output>"), dom)
        // Of the 5 case rows, 3 are hidden (rows 0, 1 and 4); their emptied groups too.
        XCTAssertEqual(Self.count(dom, "<tr data-s="), 5)
        XCTAssertEqual(Self.count(dom, "\" hidden=\"\"><th"), 3, dom)
        XCTAssertEqual(Self.count(dom, "<tbody class=\"group\" data-contract=\"0\" hidden=\"\">"), 2, dom)
        XCTAssertTrue(dom.contains("<table id=\"matrix\" class=\"h0\">"), "the left column is hidden")
        XCTAssertTrue(dom.contains("<details id=\"c-3-1\" open=\"\">"), "the crash cell is open")
        XCTAssertEqual(Self.count(dom, "open=\"\""), 1)
        // The hostile case name and testee output stayed text: no element came of them.
        XCTAssertTrue(dom.contains("<title>Conformance: 5 cases × 2 implementation(s)</title>"))
        XCTAssertFalse(dom.contains("pwned</title>"))
        XCTAssertFalse(dom.contains("<img"))
    }

    func testWithoutAFragmentEverythingShows() throws {
        let browser = try browser()
        let page = try writeFixturePage()
        let (status, dom, err) = try browser.run(["--dump-dom"], url: page.absoluteString)
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(dom.contains("<body data-ready=\"true\">"))
        XCTAssertTrue(dom.contains("<output id=\"shown\">5</output>"), dom)
        XCTAssertEqual(Self.count(dom, "hidden=\"\""), 0)
        XCTAssertEqual(Self.count(dom, "<details id="), 4)
        XCTAssertEqual(Self.count(dom, "open=\"\""), 0)
    }

    func testLargeRunFiltersInTheBrowser() throws {
        let browser = try browser()
        let file = URL(fileURLWithPath: TestSupport.temporaryDirectory() + "/large.html")
        try LargeReportFixture.page.html.write(to: file, atomically: true, encoding: .utf8)
        let started = Date()
        // Only the `hand` column (index 3), only failures: cases with index % 20 == 17.
        let (status, dom, err) = try browser.run(["--dump-dom"], url: file.absoluteString + "#status=fail&impl=3")
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(status, 0, err)
        XCTAssertTrue(dom.contains("<body data-ready=\"true\">"))
        XCTAssertTrue(dom.contains("<output id=\"shown\">125</output>"), String(dom.suffix(3000)))
        XCTAssertEqual(Self.count(dom, "\" hidden=\"\"><th"), 2375)
        XCTAssertLessThan(seconds, 60, "loading and filtering 2,500 × 4 took \(seconds) s")
        print("large report in Chromium: \(String(format: "%.1f", seconds)) s")
    }

    func testScreenshot() throws {
        let browser = try browser()
        let page = try writeFixturePage()
        let png = TestSupport.temporaryDirectory() + "/shot.png"
        let (status, _, err) = try browser.run(["--window-size=1000,700", "--screenshot=\(png)"], url: page.absoluteString + "#open=c-1-1")
        XCTAssertEqual(status, 0, err)
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        // IHDR: width and height as asked.
        XCTAssertEqual(data.subdata(in: 16..<24), Data([0, 0, 0x03, 0xE8, 0, 0, 0x02, 0xBC]))
        XCTAssertGreaterThan(data.count, 5_000, "an empty page compresses to less")
    }
}
