/// Emit at scale: near-linear golden growth, the nesting and required-field limits, the
/// TypeScript import scanner, and all-or-nothing emit (including `kill -9` mid-emit).
import Foundation
import XCTest
@testable import ContractGenCore

final class EmitScaleTests: XCTestCase {
    // MARK: Schema text builders

    static func header(_ name: String, root: String) -> String {
        """
        contract: \(name)
        doc: Scale test.
        storage-key: s
        targets:
          swift: {namespace: Scale}
          kotlin: {package: dev.scale, object: Scale}
          typescript: {module: \(name)}
        version: {field: v, writes: 1, accepts: [1], doc: Version 1.}
        root: \(root)
        types:

        """
    }

    /// One root type with `count` optional strings, defaulted integers and `required` required booleans.
    static func wideSchema(optional count: Int, required: Int = 0) -> String {
        var text = header("wide", root: "W") + "  W:\n    doc: Wide.\n    fields:\n"
        for i in 0..<count {
            text += i % 2 == 0 ? "      s\(i): {type: string, optional: true, doc: x}\n" : "      n\(i): {type: integer, default: 0, doc: x}\n"
        }
        for i in 0..<required { text += "      r\(i): {type: bool, required: fail-document, doc: x}\n" }
        return text + "observation: {style: wrapped}\n"
    }

    /// `count` object types, each holding the next; the last holds an array of strings. Documents
    /// nest `count + 1` levels (the root object is level 1, the last array one more).
    static func chainSchema(_ count: Int) -> String {
        var text = header("chain", root: "T0")
        for i in 0..<count {
            text += "  T\(i):\n    doc: Level.\n    fields:\n"
            text += "      c: {type: integer, default: 0, doc: x}\n"
            if i + 1 < count {
                text += "      next: {type: T\(i + 1), optional: true, doc: x}\n"
            } else {
                text += "      leaf: {type: {array: string}, default: [], doc: x}\n"
            }
        }
        return text + "observation: {style: wrapped}\n"
    }

    /// `chainSchema`, but each level reaches the next through a tagged union of one variant:
    /// `count` object types, so `count` levels plus the leaf array's.
    static func unionChainSchema(_ count: Int) -> String {
        var text = header("unions", root: "T0")
        for i in 0..<count {
            text += "  T\(i):\n    doc: Level.\n    fields:\n"
            text += "      c: {type: integer, default: 0, doc: x}\n"
            if i + 1 < count {
                text += "      next: {type: U\(i), optional: true, doc: x}\n"
                text += "  U\(i):\n    doc: Choice.\n    union: {tag: kind, variants: {n: T\(i + 1)}}\n"
            } else {
                text += "      leaf: {type: {array: string}, default: [], doc: x}\n"
            }
        }
        return text + "observation: {style: wrapped}\n"
    }

    func goldenBytes(_ schema: String) throws -> (files: Int, bytes: Int) {
        let contract = try SchemaLoader.load(text: schema, path: "s.yaml")
        let files = GoldenEmitter().files(contract)
        return (files.count, files.reduce(0) { $0 + $1.contents.utf8.count })
    }

    // MARK: Near-linear golden growth

    func testGoldenSizeGrowsLinearlyWithOptionalFields() throws {
        // 160 fields (80 strings, 80 integers of two JVM slots) is near the widest one type may be.
        let small = try goldenBytes(Self.wideSchema(optional: 40))
        let large = try goldenBytes(Self.wideSchema(optional: 160))
        // 4× the fields: about 4× the bytes (the old emitter grew 16×, one full document per case).
        XCTAssertLessThan(Double(large.bytes) / Double(small.bytes), 5, "\(small) → \(large)")
        // Files: one batch per mutation label, whatever the number of fields, plus per field one
        // `alone` case (its report entry with no other entry to stand in for it) and one
        // `nested-513-levels` case (the depth limit inside its value).
        XCTAssertEqual(large.files - small.files, 2 * 120)
    }

    func testEveryFieldIsCoveredByEveryMutationInTheBatches() throws {
        let contract = try SchemaLoader.load(text: Self.wideSchema(optional: 4), path: "s.yaml")
        let files = TestSupport.materialisedGoldens(contract)
        // Null: every optional string reads as null, every defaulted integer as its default 0.
        let null = try XCTUnwrap(files["golden/wide/schema.wide.every-field.null.json"])
        let blob = try XCTUnwrap(JSONValue.parse(null["given"]?["blob"]?.stringValue ?? ""))
        XCTAssertEqual(blob, JSONValue.parse(#"{"v":1,"s0":null,"n1":null,"s2":null,"n3":null}"#))
        XCTAssertEqual(null["expect"], JSONValue.parse(#"{"status":"ok","value":{"s0":null,"n1":0,"s2":null,"n3":0},"dropped":0,"report":[{"path":"$.s0","rule":"null","used":"null"},{"path":"$.n1","rule":"null","used":"default"},{"path":"$.s2","rule":"null","used":"null"},{"path":"$.n3","rule":"null","used":"default"}]}"#))
        // A wrong type (bool) in every field: same per-field rule.
        let bool = try XCTUnwrap(files["golden/wide/schema.wide.every-field.wrong-type-bool.json"])
        XCTAssertEqual(bool["expect"], JSONValue.parse(#"{"status":"ok","value":{"s0":null,"n1":0,"s2":null,"n3":0},"dropped":0,"report":[{"path":"$.s0","rule":"wrong-type","used":"null","found":"boolean"},{"path":"$.n1","rule":"wrong-type","used":"default","found":"boolean"},{"path":"$.s2","rule":"wrong-type","used":"null","found":"boolean"},{"path":"$.n3","rule":"wrong-type","used":"default","found":"boolean"}]}"#))
        // A valid value applies to the strings only ("" is a string), the integers keep no mutation of that label.
        let empty = try XCTUnwrap(files["golden/wide/schema.wide.every-field.empty.json"])
        XCTAssertEqual(empty["expect"], JSONValue.parse(#"{"status":"ok","value":{"s0":"","n1":0,"s2":"","n3":0},"dropped":0,"report":[]}"#))
        // Every mutation label of every field appears in exactly one case.
        let labels = ["missing", "null", "wrong-type-bool", "wrong-type-number", "wrong-type-string", "wrong-type-array", "wrong-type-object"]
        for label in labels {
            let about = try XCTUnwrap(files.first { $0.key.hasSuffix(".\(label).json") && $0.key.contains("every-field") }?.value["about"]?.stringValue, label)
            let expected = label == "wrong-type-string" ? ["W.n1", "W.n3"] : label == "wrong-type-number" ? ["W.s0", "W.s2"] : ["W.s0", "W.n1", "W.s2", "W.n3"]
            for field in expected { XCTAssertTrue(about.contains(field), "\(label): \(about)") }
        }
    }

    func testEachDegradableFieldAlsoDegradesAloneWithItsReport() throws {
        let contract = try SchemaLoader.load(text: Self.wideSchema(optional: 4, required: 1), path: "s.yaml")
        let files = TestSupport.materialisedGoldens(contract)
        let alone = files.keys.filter { $0.contains(".alone.") }.sorted()
        // One per optional or defaulted field, a wrong type first; none for the required field,
        // whose mutations are isolated cases already.
        XCTAssertEqual(alone, ["golden/wide/schema.wide.W.n1.alone.wrong-type-bool.json", "golden/wide/schema.wide.W.n3.alone.wrong-type-bool.json",
                               "golden/wide/schema.wide.W.s0.alone.wrong-type-bool.json", "golden/wide/schema.wide.W.s2.alone.wrong-type-bool.json"])
        let n1 = try XCTUnwrap(files["golden/wide/schema.wide.W.n1.alone.wrong-type-bool.json"])
        XCTAssertEqual(JSONValue.parse(n1["given"]?["blob"]?.stringValue ?? ""), JSONValue.parse(#"{"v":1,"r0":true,"n1":true}"#))
        // The bool reads as the default 0; the report holds n1's entry and nothing else.
        XCTAssertEqual(n1["expect"], JSONValue.parse(#"{"status":"ok","value":{"s0":null,"n1":0,"s2":null,"n3":0,"r0":true},"dropped":0,"report":[{"path":"$.n1","rule":"wrong-type","used":"default","found":"boolean"}]}"#))
    }

    func testRequiredFieldFailureStaysIsolated() throws {
        let contract = try SchemaLoader.load(text: Self.wideSchema(optional: 2, required: 2), path: "s.yaml")
        let files = TestSupport.materialisedGoldens(contract)
        let missing = try XCTUnwrap(files["golden/wide/schema.wide.W.r1.missing.json"])
        // The minimal document: the other required field only, r1 removed.
        XCTAssertEqual(JSONValue.parse(missing["given"]?["blob"]?.stringValue ?? ""), JSONValue.parse(#"{"v":1,"r0":true}"#))
        XCTAssertEqual(missing["expect"], JSONValue.parse(#"{"status":"invalid","value":null,"dropped":0,"report":[{"path":"$.r1","rule":"missing","used":"document"}]}"#))
    }

    func testNestedGoldensStaySmall() throws {
        let small = try goldenBytes(Self.chainSchema(50))
        let large = try goldenBytes(Self.chainSchema(100))
        // Cases along the chain carry the path to their level, so size grows with depth × types,
        // bounded by the 512-level limit; the old emitter put a full document in every case.
        XCTAssertLessThan(Double(large.bytes) / Double(small.bytes), 4.5, "\(small) → \(large)")
        XCTAssertLessThan(large.bytes, 4_000_000)
    }

    // MARK: Limits

    /// `schema(511)` (512 levels) loads; `schema(512)` (513) is refused at the last type's `leaf`
    /// (the array that opens level 513), the deepest path followed down to it.
    func assertRefusedOneLevelPastTheLimit(_ schema: (Int) -> String, _ path: String) throws {
        XCTAssertNoThrow(try SchemaLoader.load(text: schema(511), path: path))
        do {
            _ = try SchemaLoader.load(text: schema(512), path: path)
            XCTFail("a 513-level schema was accepted: \(path)")
        } catch {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            XCTAssertTrue(text.contains("nest 513 levels deep"), text)
            let location = try XCTUnwrap(error.diagnostics.first?.location)
            let lines = schema(512).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[location.line - 1].contains("leaf:"), String(lines[location.line - 1]))
        }
    }

    func testNestingWithinTheLimitIsAcceptedAndOneLevelMoreIsRefused() throws {
        try assertRefusedOneLevelPastTheLimit(Self.chainSchema, "deep.yaml")
    }

    func testNestingThroughTaggedUnionsCountsEveryLevel() throws {
        // A union's value is its variant's object: one level, like an object field. (The limit
        // once counted no level for a union field, so a chain of unions escaped it.)
        try assertRefusedOneLevelPastTheLimit(Self.unionChainSchema, "unions.yaml")
    }

    func testEmitRefusesTooDeepSchemaWithExitTwoAndWritesNothing() throws {
        let directory = TestSupport.temporaryDirectory()
        try Self.chainSchema(600).write(toFile: directory + "/deep.yaml", atomically: true, encoding: .utf8)
        let result = TestSupport.run(["emit", "--lang", "all", "--schema", "deep.yaml", "--out", "out"], root: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.range(of: #"deep\.yaml:\d+:\d+: error: documents of this schema nest 601 levels"#, options: .regularExpression) != nil, result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"))
    }

    /// 256 required fields never fit one type's 255 JVM parameter slots (docs/scaling.md), so the
    /// slot limit refuses a type first: 245 one-slot required fields load, 246 do not; past 256 the
    /// required-field limit says so too.
    func testTooManyRequiredFieldsIsRefused() throws {
        XCTAssertNoThrow(try SchemaLoader.load(text: Self.wideSchema(optional: 0, required: 245), path: "r.yaml"))
        XCTAssertThrowsError(try SchemaLoader.load(text: Self.wideSchema(optional: 0, required: 246), path: "r.yaml")) { error in
            XCTAssertTrue("\(error)".contains("JVM parameter slots"), "\(error)")
        }
        XCTAssertThrowsError(try SchemaLoader.load(text: Self.wideSchema(optional: 0, required: 257), path: "r.yaml")) { error in
            XCTAssertTrue("\(error)".contains("more than 256 required fields"), "\(error)")
        }
    }

    // MARK: TypeScript import scanning

    func testIdentifierScannerSeesCodeOnly() {
        let code = """
        // readA in a line comment
        /* readB in a block
           comment */ const x = readC(1);
        const s = "readD \\" readE"; const t = 'readF';
        obj.readG(); const u = `text readH ${readI(2)} more`;
        """
        let found = TypeScriptIdentifierScanner.identifiers(in: code)
        for name in ["readC", "readI", "x", "obj", "const"] { XCTAssertTrue(found.contains(name), name) }
        for name in ["readA", "readB", "readD", "readE", "readF", "readG", "readH"] { XCTAssertFalse(found.contains(name), name) }
    }
}
