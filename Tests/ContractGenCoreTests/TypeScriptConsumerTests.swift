/// The generated TypeScript as an app uses it, compiled by tsc: `decode`'s result narrows on
/// `status`, so `value` is the root type exactly when `ok` (a schema written here).
import XCTest
@testable import ContractGenCore

final class TypeScriptConsumerTests: XCTestCase {
    func testDecodedNarrowsOnStatus() throws {
        guard TesteeBuilder.which("tsc") != nil else { throw XCTSkip("tsc not found") }
        let root = TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/schema", withIntermediateDirectories: true)
        try TesteeProtocolTests.decodeOnly.write(toFile: root + "/schema/bare.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.run(["emit", "--lang", "typescript"], root: root).status, 0)
        let consumer = """
        import { decode, type Decoded, type R } from "./bare";
        const decoded: Decoded = decode("{}");
        if (decoded.status === "ok") {
          const root: R = decoded.value;          // narrowed: no null check needed
          console.log(root.n);
        } else {
          const none: null = decoded.value;       // and nothing otherwise
          const status: "unsupportedVersion" | "malformed" | "invalid" = decoded.status;
          console.log(none, status);
        }

        """
        try consumer.write(toFile: root + "/generated/typescript/consumer.ts", atomically: true, encoding: .utf8)
        let failure = TesteeBuilder(root: root).run(["tsc", "--strict", "--noEmit", "--target", "es2019", "--module", "commonjs",
                                                     "--lib", "es2019,dom", root + "/generated/typescript/consumer.ts"])
        XCTAssertNil(failure, failure ?? "")
    }
}
