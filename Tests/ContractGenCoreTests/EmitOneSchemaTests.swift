/// `emit --schema one.yaml` and `check --schema one.yaml` in a repository with several contracts:
/// the shared testees keep serving every contract, and the other contracts' files are neither
/// rewritten nor condemned.
import XCTest
@testable import ContractGenCore

final class EmitOneSchemaTests: XCTestCase {
    func testOneSchemaLeavesTheOtherContractsWhole() throws {
        let root = TestSupport.temporaryDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: TestSupport.root + "/schema").filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: TestSupport.root + "/schema/" + name, toPath: root + "/schema/" + name)
        }
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "all"], root: root).status, 0)
        let before = TestSupport.snapshot(root)

        let one = "schema/" + names[0]
        let emitted = TestSupport.run(["emit", "--lang", "all", "--schema", one], root: root)
        XCTAssertEqual(emitted.status, 0, emitted.err)
        XCTAssertEqual(TestSupport.snapshot(root), before, "emit of one schema changed files of the whole repository")

        let checkedOne = TestSupport.run(["check", "--schema", one], root: root)
        XCTAssertEqual(checkedOne.status, 0, checkedOne.out)
        XCTAssertFalse(checkedOne.out.contains("delete"), checkedOne.out)
        XCTAssertEqual(TestSupport.run(["check"], root: root).status, 0)
    }
}
