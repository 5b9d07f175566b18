/// The testee protocol's one definition (TesteeProtocol) against what is derived from it: the op
/// table of docs/conformance.md, the ops each contract's testee serves, the gate's check of a
/// case's `given`, and the generated dispatch of every language. Schemas are written here.
import XCTest
@testable import ContractGenCore

final class TesteeProtocolTests: XCTestCase {
    /// Every behaviour, so every op is served.
    static let everyBehaviour = """
    contract: proto-test
    doc: Protocol test.
    targets:
      swift: {namespace: ProtoTest}
      kotlin: {package: dev.proto, object: ProtoTest}
      typescript: {module: proto-test}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          day: {type: localDate, optional: true, doc: Day.}
          until: {type: epochMillis, optional: true, doc: Until.}
          items: {type: {array: E}, default: [], doc: Items.}
      E:
        doc: Element.
        fields:
          id: {type: string, required: drop-element, doc: Id.}
          on: {type: bool, default: false, doc: On.}
    behaviours:
      overlay: {type: E, id: id, flag: on, doc: Overlay.}
      staleness: {field: until, doc: Stale.}
      header: {day: day, doc: Header.}
      valid-until: {day: day, doc: Valid until.}
      done-queue: {type: E, id: id, flag: on, doc: Queue.}
      timeline: {doc: Timeline.}
    observation: {style: wrapped}

    """

    static let decodeOnly = """
    contract: bare
    doc: Bare.
    targets:
      swift: {namespace: Bare}
      kotlin: {package: dev.bare, object: Bare}
      typescript: {module: bare}
    version: {field: v, writes: 1, accepts: [1], doc: Version.}
    root: R
    types:
      R:
        doc: Root.
        fields:
          n: {type: integer, default: 0, doc: N.}
    observation: {style: wrapped}

    """

    func load(_ text: String) throws -> Contract { try SchemaLoader.load(text: text, path: "t.yaml") }

    func testTheDocumentedOpTableIsTheDefinition() throws {
        let docs = try String(contentsOfFile: TestSupport.root + "/docs/conformance.md", encoding: .utf8)
        let table = TesteeOp.markdownOpTable()
        XCTAssertTrue(docs.contains(table), "docs/conformance.md's op table must be exactly:\n\(table)")
        XCTAssertTrue(docs.contains("protocol version \(TesteeProtocol.version)"), "docs/conformance.md names the protocol version")
        for response in TesteeProtocol.Response.allCases {
            XCTAssertTrue(docs.contains("`{\"\(response.rawValue)\":"), "docs/conformance.md shows the `\(response.rawValue)` response")
        }
    }

    func testOpsFollowTheDeclaredBehaviours() throws {
        XCTAssertEqual(TesteeOp.served(by: try load(Self.everyBehaviour)), TesteeOp.allCases)
        XCTAssertEqual(TesteeOp.served(by: try load(Self.decodeOnly)), [.decode, .encode, .civilFromDays, .decodeBytes, .versions], "decode, encode, civilFromDays, decodeBytes and versions need no behaviour")
        XCTAssertEqual(TesteeOp.decode.allowedKeys(for: try load(Self.everyBehaviour)), ["blob", "pending", "report", "bytes", "lexed", "dropped"])
        XCTAssertEqual(TesteeOp.decode.allowedKeys(for: try load(Self.decodeOnly)), ["blob", "report", "bytes", "lexed", "dropped"], "pending only with an overlay")
    }

    func testGivenProblemsNameEachKeyAndType() throws {
        let contract = try load(Self.everyBehaviour)
        func problems(_ op: TesteeOp, _ given: String) -> [String] { op.problems(in: JSONValue.parse(given)!, for: contract) }
        XCTAssertEqual(problems(.stale, #"{"blob":"{}","now":5}"#), [])
        XCTAssertEqual(problems(.stale, #"{"blob":"{}","now":1.5}"#), ["given.now must be an integer"])
        XCTAssertEqual(problems(.stale, #"{"blob":"{}"}"#), ["given.now is missing (integer)"])
        XCTAssertEqual(problems(.stale, #"{"blob":"{}","now":5,"zone":"UTC"}"#), ["op 'stale' takes no given key 'zone' (it takes blob, now)"])
        XCTAssertEqual(problems(.validUntil, #"{"dayStr":"2026-01-01","startOfNextDayDiffMs":0.5,"timeZone":"UTC"}"#), [],
                       "a fraction is a valid request whose answer is null")
        XCTAssertEqual(problems(.queuePeek, #"{}"#), [], "an absent queue is no queue")
        XCTAssertEqual(problems(.queuePeek, #"{"queue":null}"#), [])
        XCTAssertEqual(problems(.queuePeek, #"{"queue":{}}"#), ["given.queue must be string, `null` or absent"])
        XCTAssertEqual(problems(.decode, #"{"blob":"{}","pending":[]}"#), ["given.pending must be object `{id: boolean}`, `null` or absent"])
        XCTAssertEqual(TesteeOp.decode.problems(in: JSONValue.parse(#"{"blob":"{}","pending":{}}"#)!, for: try load(Self.decodeOnly)),
                       ["op 'decode' takes no given key 'pending' (it takes blob, report, bytes, lexed, dropped)"])
        XCTAssertEqual(TesteeOp.decode.problems(in: JSONValue.parse(#"{"blob":"{}","pending":null}"#)!, for: try load(Self.decodeOnly)),
                       ["op 'decode' takes no given key 'pending' (it takes blob, report, bytes, lexed, dropped)"],
                       "without an overlay even a null pending is a key the op does not take: an error, never a golden case")
        XCTAssertEqual(problems(.decode, #"{"blob":"{}","report":1}"#), ["given.report must be boolean or absent (absent: `false`)"])
        XCTAssertEqual(problems(.decode, "[]"), ["given must be an object"])
    }

    /// `check` refuses a hand-written case whose `given` a testee would answer with an error.
    func testCheckReportsAHandWrittenCaseATesteeWouldRefuse() throws {
        let contract = try load(Self.everyBehaviour)
        let root = TestSupport.temporaryDirectory()
        let directory = root + "/golden/proto-test"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cases = [
            ("good", #"{"blob":"{}","now":5}"#),
            ("typo", #"{"blob":"{}","nwo":5}"#),
        ]
        for (name, given) in cases {
            let text = #"{"case":"\#(name)","about":"x","contract":"proto-test","op":"stale","given":\#(given),"expect":false}"#
            try text.write(toFile: "\(directory)/\(name).json", atomically: true, encoding: .utf8)
        }
        // conform reads golden directories recursively, so check does too.
        try FileManager.default.createDirectory(atPath: directory + "/hand", withIntermediateDirectories: true)
        try #"{"case":"nested","about":"x","contract":"proto-test","op":"queue.pop","given":{},"expect":null}"#
            .write(toFile: directory + "/hand/nested.json", atomically: true, encoding: .utf8)
        let findings = ContractGate(root: root).handWrittenGoldenFindings([contract]).map(\.text)
        XCTAssertEqual(findings, [
            "golden/proto-test/hand/nested.json:1:1: error: names op 'queue.pop', which proto-test does not have (it has \(TesteeOp.allCases.map(\.rawValue).joined(separator: ", ")))",
            "golden/proto-test/typo.json:1:1: error: op 'stale' takes no given key 'nwo' (it takes blob, now): a testee answers it with an error",
            "golden/proto-test/typo.json:1:1: error: given.now is missing (integer): a testee answers it with an error",
        ])
    }

    /// Each language's dispatch has one case per served op, each listing exactly the op's keys
    /// and reading each key with the accessor of its declared type.
    func testEveryLanguagesDispatchIsTheDefinition() throws {
        let contract = try load(Self.everyBehaviour)
        let files = [SwiftEmitter().testeeFiles([contract]), KotlinEmitter().testeeFiles([contract]), TypeScriptEmitter().testeeFiles([contract])]
        for file in files.map({ $0[0] }) {
            for op in TesteeOp.allCases {
                XCTAssertTrue(file.contents.contains("\"\(op.rawValue)\""), "\(file.path): no case for \(op.rawValue)")
                let language: Language = file.path.hasSuffix(".ts") ? .typescript : file.path.hasSuffix(".kt") ? .kotlin : .swift
                if let reason = op.skipReason(in: language) {
                    // A language without the op's API (an encoder, a byte entry point): `skipped`, given unread.
                    XCTAssertTrue(file.contents.contains("TesteeSkipped("), "\(file.path): \(op.rawValue) is answered skipped")
                    XCTAssertTrue(file.contents.contains(reason), "\(file.path): with its reason")
                    continue
                }
                let keys = op.allowedKeys(for: contract).map { "\"\($0)\"" }.joined(separator: ", ")
                XCTAssertTrue(file.contents.contains("[\(keys)]") || file.contents.contains("setOf(\(keys))"), "\(file.path): \(op.rawValue) takes \(keys)")
                for key in op.given(for: contract) {
                    XCTAssertTrue(file.contents.contains("given.\(key.type.accessor)(\"\(key.name)\")"), "\(file.path): reads \(key.name) as \(key.type)")
                }
            }
        }
        let bare = try load(Self.decodeOnly)
        for file in [SwiftEmitter().testeeFiles([bare]), KotlinEmitter().testeeFiles([bare]), TypeScriptEmitter().testeeFiles([bare])].map({ $0[0] }) {
            for op in TesteeOp.allCases where op.requirement != .always {
                XCTAssertFalse(file.contents.contains("\"\(op.rawValue)\""), "\(file.path): \(op.rawValue) is not served")
            }
        }
    }

    /// The observation (what conformance compares) is test-harness code: it is in the testee's
    /// files and nowhere in the files an app ships.
    func testObservationIsTesteeCodeNotAppCode() throws {
        for contract in [try load(Self.everyBehaviour), try load(Self.decodeOnly)] {
            for language in Language.allCases {
                let emitter = GeneratorPipeline.emitter(for: language)
                let app = emitter.contractFile(contract).contents + emitter.runtimeFile().contents
                XCTAssertFalse(app.contains("observation("), "\(language): the app files hold no observation")
                XCTAssertFalse(app.contains("func observe") || app.contains("fun observe"), "\(language): nor its observers")
                let testee = emitter.testeeFiles([contract])
                let defines = { (file: GeneratedFile) in ["func observation(", "fun observation(", "function observation("].contains { file.contents.contains($0) } }
                XCTAssertEqual(testee.filter(defines).count, 1, "\(language): one observation file")
                XCTAssertTrue(testee.contains { $0.contents.contains("bservation.observation(") || $0.contents.contains("\(contract.targets.swiftNamespace).observation(") },
                              "\(language): the dispatch calls it")
            }
        }
    }

    /// The dispatch imports exactly the runtime and support names it uses (tracked from the
    /// ops, checked here by scanning the text, as `--noUnusedLocals` would).
    func testTypeScriptTesteeImportsAreExactlyWhatItUses() throws {
        for contracts in [[try load(Self.everyBehaviour)], [try load(Self.decodeOnly)]] {
            let writer = TypeScriptTesteeWriter(contracts: contracts)
            var p = CodePrinter(indentUnit: "  ")
            writer.write(&p)
            let used = TypeScriptIdentifierScanner.identifiers(in: p.text)
            XCTAssertEqual(writer.runtimeImports.sorted(), TypeScriptNames.runtimeExports.filter(used.contains).sorted())
            XCTAssertEqual(writer.supportImports.sorted(), ["Given", "TesteeContractServer", "TesteeError", "TesteeSkipped", "encodeResult", "hexBytes", "lexedIf", "runTestee", "unknownOp", "utf8Bytes", "withDropped", "withReport"].filter(used.contains).sorted())
        }
    }
}
