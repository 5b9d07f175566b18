/// The sample form of golden cases (docs/conformance.md, "The sample form"): paths, blob and
/// expect changes, loading and materialising, the emitter writing it, and `check` validating it.
import XCTest
@testable import ContractGenCore

final class GoldenCaseFormTests: XCTestCase {
    func blob(_ sample: String, _ changes: String) throws -> String {
        let list = try GoldenChange.parseList(XCTUnwrap(JSONValue.parse(changes)), payloadKey: "text", list: "blob-changes")
        return try BlobChanges.apply(list, to: sample)
    }

    func blobError(_ sample: String, _ changes: String) -> String {
        do {
            let list = try GoldenChange.parseList(JSONValue.parse(changes)!, payloadKey: "text", list: "blob-changes")
            return "no error: " + (try BlobChanges.apply(list, to: sample))
        } catch {
            return error.message
        }
    }

    func expect(_ sample: String, _ changes: String) throws -> String {
        let list = try GoldenChange.parseList(XCTUnwrap(JSONValue.parse(changes)), payloadKey: "value", list: "expect-changes")
        return try ExpectChanges.apply(list, to: XCTUnwrap(JSONValue.parse(sample))).serialized()
    }

    // MARK: Paths

    func testPathsParseAndBadOnesAreErrors() throws {
        XCTAssertEqual(try GoldenPath.parse("$").steps, [])
        XCTAssertEqual(try GoldenPath.parse(#"$.tasks[3].projectId"#).steps, [.key(Array("tasks".utf16)), .index(3), .key(Array("projectId".utf16))])
        XCTAssertEqual(try GoldenPath.parse(#"$.projectColors["p-1"]"#).steps, [.key(Array("projectColors".utf16)), .key(Array("p-1".utf16))])
        XCTAssertEqual(try GoldenPath.parse(#"$["\ud800"]"#).steps, [.key([0xd800])], "an unpaired surrogate key is named exactly")
        for bad in ["", "tasks", "$.", "$..a", "$.a-b", "$[01]", "$[-1]", "$[x]", #"$["a"#, "$[1", "$ .a", #"$["a"]x"#] {
            XCTAssertThrowsError(try GoldenPath.parse(bad), bad)
        }
    }

    // MARK: Blob changes

    func testBlobChangesSpliceTextAndKeepEverythingElse() throws {
        let sample = #"{"v":1,"a":{"x":1,"y":2},"l":[1,2,3]}"#
        XCTAssertEqual(try blob(sample, #"[{"replace": "$.a.x", "text": "1e400"}]"#), #"{"v":1,"a":{"x":1e400,"y":2},"l":[1,2,3]}"#)
        XCTAssertEqual(try blob(sample, #"[{"replace": "$.a.y", "text": "\"\\ud800\""}]"#), #"{"v":1,"a":{"x":1,"y":"\ud800"},"l":[1,2,3]}"#)
        XCTAssertEqual(try blob(sample, #"[{"remove": "$.a.x"}]"#), #"{"v":1,"a":{"y":2},"l":[1,2,3]}"#)
        XCTAssertEqual(try blob(sample, #"[{"remove": "$.a.y"}, {"remove": "$.a.x"}]"#), #"{"v":1,"a":{},"l":[1,2,3]}"#)
        XCTAssertEqual(try blob(sample, #"[{"remove": "$.l[1]"}, {"replace": "$.l[2]", "text": "-0"}]"#), #"{"v":1,"a":{"x":1,"y":2},"l":[1,-0]}"#)
        XCTAssertEqual(try blob(sample, #"[{"add": "$.a[\"z-1\"]", "text": "null"}, {"add": "$.a.w", "text": "[]"}]"#),
                       #"{"v":1,"a":{"x":1,"y":2,"z-1":null,"w":[]}}"#.replacingOccurrences(of: "}}", with: "},\"l\":[1,2,3]}"))
        XCTAssertEqual(try blob(sample, #"[{"replace": "$", "text": "NaN"}]"#), "NaN", "text is spliced unparsed")
        XCTAssertEqual(try blob(#"{"a":{}}"#, #"[{"add": "$.a.k", "text": "1"}]"#), #"{"a":{"k":1}}"#)
        // Whitespace stays, except between the members of a container that loses or gains one.
        XCTAssertEqual(try blob("{ \"a\" : [ 1 , 2 ] ,\n \"b\": true }", #"[{"replace": "$.a[1]", "text": "3"}]"#), "{ \"a\" : [ 1 , 3 ] ,\n \"b\": true }")
        XCTAssertEqual(try blob("{ \"a\" : [ 1 , 2 ] ,\n \"b\": true }", #"[{"remove": "$.b"}]"#), "{\"a\" : [ 1 , 2 ]}")
        XCTAssertEqual(try blob(sample, "[]"), sample)
    }

    func testBlobChangesThatResolveToNothingOrCollideAreErrors() {
        let sample = #"{"v":1,"a":{"x":1},"l":[1],"d":1,"d":2}"#
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.b", "text": "1"}]"#).contains("'$.b' resolves to nothing: the object at $ has no such key"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.l[1]", "text": "1"}]"#).contains("the array at $.l has 1 element(s)"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v.x", "text": "1"}]"#).contains("$.v is not an object"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.a[0]", "text": "1"}]"#).contains("$.a is not an array"))
        XCTAssertTrue(blobError(sample, #"[{"remove": "$.d"}]"#).contains("ambiguous"))
        XCTAssertTrue(blobError(sample, #"[{"add": "$.a.x", "text": "1"}]"#).contains("already has that key"))
        XCTAssertTrue(blobError(sample, #"[{"add": "$.l[1]", "text": "1"}]"#).contains("ends in a key"))
        XCTAssertTrue(blobError(sample, #"[{"remove": "$"}]"#).contains("cannot be removed"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.a", "text": "1"}, {"remove": "$.a.x"}]"#).contains("is inside '$.a'"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v", "text": "1"}, {"replace": "$.v", "text": "2"}]"#).contains("change the same value"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v"}]"#).contains("needs 'text'"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v", "text": 1}]"#).contains("must be a string"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v", "remove": "$.a", "text": "1"}]"#).contains("exactly one of"))
        XCTAssertTrue(blobError(sample, #"[{"replace": "$.v", "value": 1}]"#).contains("unknown key 'value'"))
        XCTAssertTrue(blobError("{\"a\":1,}", #"[{"replace": "$.a", "text": "2"}]"#).contains("not one JSON text"))
    }

    func testTextPiecesRepeatAndJoinInOrderWithinTheSizeLimit() throws {
        let sample = #"{"v":1,"a":0}"#
        XCTAssertEqual(try blob(sample, #"[{"replace": "$.a", "text": ["[", {"repeat": "\"\",", "times": 3}, "\"]\"]"]}]"#),
                       #"{"v":1,"a":["","","","]"]}"#)
        XCTAssertEqual(try blob(sample, #"[{"replace": "$.a", "text": [{"repeat": "x", "times": 0}, "1"]}]"#), #"{"v":1,"a":1}"#)
        XCTAssertEqual(try blob(sample, #"[{"replace": "$.a", "text": []}]"#), #"{"v":1}"#.replacingOccurrences(of: "}", with: #","a":}"#),
                       "no pieces is the empty text")
        let big = try blob(sample, #"[{"replace": "$.a", "text": [{"repeat": "ab", "times": 1000000}]}]"#)
        XCTAssertEqual(big.utf8.count, 2_000_000 + sample.utf8.count - 1)
        XCTAssertTrue(big.hasPrefix(#"{"v":1,"a":abab"#) && big.hasSuffix("abab}"))
        for (bad, says) in [(#"{"repeat": "x"}"#, "must be a string or"), (#"{"repeat": "x", "times": 2, "also": 1}"#, "must be a string or"),
                            (#"{"repeat": 1, "times": 2}"#, "must be a string or"), (#"{"repeat": "x", "times": -1}"#, "whole number"),
                            (#"{"repeat": "x", "times": 1.5}"#, "whole number"), ("7", "must be a string or"),
                            (#"{"repeat": "xy", "times": 8388609}"#, "the most a case may splice in"),
                            (#"{"repeat": "x", "times": 1e300}"#, "whole number")] {
            XCTAssertTrue(blobError(sample, #"[{"replace": "$.a", "text": [\#(bad)]}]"#).contains(says), bad)
        }
        // The limit holds for the list as a whole, however the text is shared out among changes.
        let half = #"{"repeat": "x", "times": 8388608}"#
        XCTAssertTrue(blobError(#"{"a":0,"b":0}"#, #"[{"replace": "$.a", "text": [\#(half)]}, {"replace": "$.b", "text": [\#(half), "x"]}]"#)
            .contains("the changes' texts pass"))
    }

    func testDeepSamplesAreResolvedWithoutRecursion() throws {
        let depth = 200_000
        let sample = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        XCTAssertNotNil(JSONSpanTree.parse(Array(sample.utf8)))
        XCTAssertEqual(try blob(sample, #"[{"replace": "$[0][0]", "text": "2"}]"#), "[[2]]")
    }

    // MARK: Expect changes

    func testExpectChangesSetValues() throws {
        let sample = #"{"status":"ok","value":{"a":[{"x":1},{"x":2}],"b":null}}"#
        XCTAssertEqual(try expect(sample, #"[{"replace": "$.status", "value": "invalid"}, {"replace": "$.value", "value": null}]"#),
                       #"{"status":"invalid","value":null}"#)
        XCTAssertEqual(try expect(sample, #"[{"remove": "$.value.a[0]"}, {"replace": "$.value.a[1].x", "value": 3}, {"add": "$.value.c", "value": {"k": 1}}]"#),
                       #"{"status":"ok","value":{"a":[{"x":3}],"b":null,"c":{"k":1}}}"#)
        XCTAssertThrowsError(try expect(sample, #"[{"replace": "$.value.z", "value": 1}]"#))
        XCTAssertThrowsError(try expect(sample, #"[{"add": "$.value.b", "value": 1}]"#))
        XCTAssertThrowsError(try expect(sample, #"[{"replace": "$.value.a[2]", "value": 1}]"#))
        XCTAssertThrowsError(try expect(sample, #"[{"replace": "$.value", "value": 1}, {"replace": "$.value.b", "value": 1}]"#))
    }

    // MARK: Loading

    func write(_ files: [String: String]) throws -> String {
        let root = TestSupport.temporaryDirectory()
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let sampleFile = #"{"sample": "s", "contract": "c", "blob": "{\"v\":1,\"n\":2}", "expect": {"status": "ok", "value": {"n": 2}}}"#

    func testASampleFormCaseMaterialisesIntoTheFullForm() throws {
        let root = try write([
            "g/s.json": Self.sampleFile,
            "g/a.json": #"{"case": "a", "contract": "c", "op": "decode", "sample": "s", "blob-changes": [{"replace": "$.n", "text": "1e0"}], "expect-changes": [{"replace": "$.value.n", "value": 1}]}"#,
            "g/b.json": #"{"case": "b", "contract": "c", "op": "stale", "sample": "s", "given": {"now": 5}, "expect": false}"#,
        ])
        let loaded = GoldenCaseLoader.load(directories: [root + "/g"])
        XCTAssertEqual(loaded.errors.map(\.message), [])
        XCTAssertEqual(loaded.cases.map(\.name), ["a", "b"], "a sample is not a case")
        XCTAssertEqual(loaded.cases[0].request, #"{"contract":"c","op":"decode","given":{"blob":"{\"v\":1,\"n\":1e0}"}}"#)
        XCTAssertEqual(loaded.cases[0].expect.serialized(), #"{"status":"ok","value":{"n":1}}"#)
        XCTAssertEqual(loaded.cases[1].request, #"{"contract":"c","op":"stale","given":{"blob":"{\"v\":1,\"n\":2}","now":5}}"#)
        // One case file alone finds its sample beside it.
        let alone = GoldenCaseLoader.load(directories: [root + "/g/a.json"])
        XCTAssertEqual(alone.errors.map(\.message), [])
        XCTAssertEqual(alone.cases.first?.expect.serialized(), #"{"status":"ok","value":{"n":1}}"#)
    }

    func testUnusableSampleFormCasesFailWithTheirReason() throws {
        let root = try write([
            "g/s.json": Self.sampleFile,
            "g/other/s.json": Self.sampleFile,
            "g/u.json": #"{"case": "u", "contract": "c", "op": "decode", "sample": "nope", "expect-changes": []}"#,
            "g/p.json": #"{"case": "p", "contract": "c", "op": "decode", "sample": "s", "blob-changes": [{"remove": "$.m"}], "expect-changes": []}"#,
            "g/q.json": #"{"case": "q", "contract": "c", "op": "decode", "sample": "s", "given": {"blob": "{}"}, "expect-changes": []}"#,
            "g/r.json": #"{"case": "r", "contract": "c", "op": "stale", "sample": "s", "given": {"now": 1}, "expect-changes": []}"#,
            "g/t.json": #"{"case": "t", "contract": "c", "op": "decode", "blob-changes": [], "expect": null, "given": {}}"#,
            "g/w.json": #"{"case": "w", "contract": "c", "op": "decode", "sample": "s"}"#,
        ])
        let loaded = GoldenCaseLoader.load(directories: [root + "/g"])
        let messages = Dictionary(loaded.errors.map { (URL(fileURLWithPath: $0.path).lastPathComponent + ($0.path.contains("/other/") ? "@other" : ""), $0.message) },
                                  uniquingKeysWith: { $0 + " | " + $1 })
        XCTAssertTrue(messages["u.json"]?.contains("unknown sample 'nope'") ?? false, "\(messages)")
        XCTAssertTrue(messages["p.json"]?.contains("'$.m' resolves to nothing") ?? false, "\(messages)")
        XCTAssertTrue(messages["q.json"]?.contains("not 'given.blob'") ?? false, "\(messages)")
        XCTAssertTrue(messages["r.json"]?.contains("needs op 'decode'") ?? false, "\(messages)")
        XCTAssertTrue(messages["t.json"]?.contains("needs a 'sample'") ?? false, "\(messages)")
        XCTAssertTrue(messages["w.json"]?.contains("exactly one of 'expect' and 'expect-changes'") ?? false, "\(messages)")
        XCTAssertTrue(messages["s.json"]?.contains("duplicate sample name 's' in contract 'c' (also ") ?? false, "\(messages)")
        XCTAssertTrue(loaded.cases.isEmpty)
    }

    /// One run's cases splice in a bounded amount of text in all: the case that would pass the
    /// budget is unusable, with its reason, the cases after it that fit are still run, and a case
    /// unusable for another reason takes nothing from the budget.
    func testARunSplicesInABoundedAmountOfTextInAll() throws {
        let sample = (path: "g/s.json", text: Self.sampleFile)
        func repeating(_ name: String, _ times: Int, at path: String = "$.n") -> (path: String, text: String) {
            ("g/\(name).json", #"{"case": "\#(name)", "contract": "c", "op": "decode", "sample": "s", "blob-changes": [{"replace": "\#(path)", "text": ["\"", {"repeat": "x", "times": \#(times)}, "\""]}], "expect": null}"#)
        }
        let loaded = GoldenCaseLoader.load(texts: [sample, repeating("z", 600, at: "$.nope"), repeating("a", 400), repeating("b", 700), repeating("c", 98)],
                                           splicedBudget: 1000)
        XCTAssertEqual(loaded.cases.map(\.name).sorted(), ["a", "c"],
                       "z is unusable and not counted; a's 402 + c's 100 bytes fit in 1,000, b's 702 more would not")
        XCTAssertEqual(loaded.errors.map(\.path), ["g/b.json", "g/z.json"])
        XCTAssertTrue(loaded.errors.first?.message.contains("past 1000 bytes spliced in") ?? false, "\(loaded.errors)")
        XCTAssertEqual(loaded.cases.first { $0.name == "a" }?.given["blob"]?.stringValue?.count, 13 - 1 + 402, "the sample blob {\"v\":1,\"n\":2} with its 2 replaced")
    }

    // MARK: The golden emitter

    /// Every generated case is written in the sample form, and materialises to exactly the case
    /// the emitter computed: the same blob text, byte for byte, and the same expectation.
    func testGeneratedCasesMaterialiseToTheirFullForm() throws {
        for contract in try TestSupport.loadBundled() {
            let files = GoldenEmitter().files(contract)
            let materialised = TestSupport.materialisedGoldens(contract)
            let computed = GoldenCaseBuilder(contract: contract).cases()
            // Besides the decode cases, one generated case of another op: the schema's version constants.
            let decodes = materialised.filter { $0.value["op"]?.stringValue == "decode" }
            XCTAssertEqual(decodes.count, computed.count, contract.name)
            XCTAssertEqual(materialised.count, computed.count + 1, contract.name)
            let versions = materialised["golden/\(contract.name)/schema.\(contract.name).versions.json"]
            XCTAssertEqual(versions?["expect"]?["writes"], .number(Double(contract.version.writes)), contract.name)
            XCTAssertEqual(versions?["expect"]?["accepts"], .array(contract.version.accepts.map { .number(Double($0)) }), contract.name)
            for golden in computed {
                let path = "golden/\(contract.name)/\(golden.name).json"
                let file = try XCTUnwrap(files.first { $0.path == path }.flatMap { JSONValue.parse($0.contents) }, path)
                XCTAssertNotNil(file["sample"], "\(path) is in the sample form")
                // Every derived case asks for the report, and, where the observation holds no count
                // (a wrapped one), for the dropped count.
                let flags: [(String, JSONValue)] = [("report", .bool(true))] + (contract.observation == .wrapped ? [("dropped", .bool(true))] : [])
                XCTAssertEqual(file["given"], .object(flags), path)
                XCTAssertEqual(materialised[path]?["given"]?["blob"]?.stringValue, golden.blob, path)
                XCTAssertEqual(materialised[path]?["expect"]?.serialized(), golden.expect.serialized(), path)
            }
        }
    }

    static let churnSchema = """
    contract: churn
    version: {field: v, writes: 1, accepts: [1]}
    root: Doc
    types:
      Doc:
        fields:
          title: {type: string, optional: true}
          count: {type: integer, min: 0, default: 0}
          items: {type: {array: Item}, default: []}
      Item:
        fields:
          id: {type: string, required: drop-element}
          label: {type: string, optional: true}
    """

    /// Adding an optional field changes the samples (their expectation gains the field), the
    /// cases that mutate it (the every-field batches it joins, and its own `alone` and
    /// `nested-513-levels` cases) and the element-wrong-type and element-null cases of an array of
    /// its type (which write and observe one whole sample element), and no other file.
    func testAnOptionalFieldChangesOnlyTheSamplesAndItsOwnCases() throws {
        let before = try SchemaLoader.load(text: Self.churnSchema, path: "churn.yaml")
        let edited = Self.churnSchema.replacingOccurrences(of: "      label:", with: "      note: {type: string, optional: true}\n      label:")
        let after = try SchemaLoader.load(text: edited, path: "churn.yaml")
        let old = Dictionary(uniqueKeysWithValues: GoldenEmitter().files(before).map { ($0.path, $0.contents) })
        let new = Dictionary(uniqueKeysWithValues: GoldenEmitter().files(after).map { ($0.path, $0.contents) })
        let changed = Set(new.keys.filter { old[$0] != new[$0] }).union(old.keys.filter { new[$0] == nil })
        let samples = Set(new.keys.filter { $0.contains(".sample.") })
        let ownCases = Set(new.keys.filter { $0.contains(".every-field.") && (new[$0]?.contains("Item.note") ?? false) })
            .union(new.keys.filter { $0.hasSuffix(".Doc.items.element-wrong-type.json") || $0.hasSuffix(".Doc.items.element-null.json") || $0.contains(".Item.note.") })
        XCTAssertFalse(ownCases.isEmpty)
        XCTAssertEqual(changed.subtracting(samples), ownCases, "\(changed.subtracting(samples.union(ownCases)).sorted())")
        XCTAssertTrue(changed.contains { $0.hasSuffix(".sample.minimal.Item.json") })
        XCTAssertLessThan(changed.count, new.count / 3, "\(changed.count) of \(new.count)")
    }

    // MARK: check

    func testCheckValidatesSampleFormHandWrittenCases() throws {
        let contracts = try TestSupport.loadBundled()
        let contract = contracts[0]
        var files: [String: String] = [:]
        for file in GoldenEmitter().files(contract) { files[file.path] = file.contents }
        let sample = try XCTUnwrap(files.keys.filter { $0.hasSuffix(".sample.spine.json") }.first)
        let sampleName = String(URL(fileURLWithPath: sample).lastPathComponent.dropLast(5))
        let dir = "golden/\(contract.name)"
        func write(_ name: String, _ body: String) {
            files["\(dir)/\(name).json"] = #"{"case": "\#(name)", "contract": "\#(contract.name)", "op": "decode", \#(body)}"#
        }
        write("fine", #""sample": "\#(sampleName)", "expect-changes": []"#)
        write("unknown-sample", #""sample": "no-such-sample", "expect-changes": []"#)
        write("nowhere", #""sample": "\#(sampleName)", "blob-changes": [{"remove": "$.noSuchKey"}], "expect-changes": []"#)
        write("revisit", #""sample": "\#(sampleName)", "expect-changes": [{"add": "$.noSuchKey", "value": 1}]"#)
        files["\(dir)/own-sample.json"] = #"{"sample": "own-sample", "contract": "\#(contract.name)", "blob": "{}", "expect": {"status": "ok", "bogus": 1}}"#
        // Cases built on a sample with a problem: the sample's line is reported at the sample
        // only; a case's own new problem is still its own.
        write("inherits", #""sample": "own-sample", "expect-changes": []"#)
        write("inherits-and-adds", #""sample": "own-sample", "expect-changes": [{"add": "$.alsoBogus", "value": 2}]"#)
        let root = try self.write(files)
        let findings = ContractGate(root: root).handWrittenGoldenFindings(contracts).map(\.text)
        func has(_ file: String, _ text: String) -> Bool { findings.contains { $0.hasPrefix("\(dir)/\(file).json:1:1: error: ") && $0.contains(text) } }
        XCTAssertTrue(has("unknown-sample", "unknown sample 'no-such-sample'"), findings.joined(separator: "\n"))
        XCTAssertTrue(has("nowhere", "'$.noSuchKey' resolves to nothing"), findings.joined(separator: "\n"))
        XCTAssertTrue(has("revisit", "case to revisit: expect $.noSuchKey: the schema observes no such key"), findings.joined(separator: "\n"))
        XCTAssertTrue(has("own-sample", "sample to revisit: expect $.bogus"), findings.joined(separator: "\n"))
        XCTAssertTrue(has("inherits-and-adds", "case to revisit: expect $.alsoBogus"), findings.joined(separator: "\n"))
        XCTAssertFalse(findings.contains { $0.contains("/inherits") && $0.contains("$.bogus") }, findings.joined(separator: "\n"))
        XCTAssertFalse(findings.contains { $0.contains("/inherits.json") }, findings.joined(separator: "\n"))
        XCTAssertEqual(findings.filter { $0.contains("$.bogus") }.count, 1, findings.joined(separator: "\n"))
        XCTAssertFalse(findings.contains { $0.contains("/fine.json") || $0.hasPrefix("\(dir)/schema.") }, findings.joined(separator: "\n"))
    }
}
