// The libFuzzer entry point for scripts/fuzz/run-swift-fuzz.sh: compiled together with the generated
// Swift sources and a generated `decodeEveryContract` (one `checkDecode` call per contract).
// A violated property calls fatalError, which libFuzzer reports as a crash with the input saved.

import Foundation

/// The input bytes as the decoders receive them: as text (invalid UTF-8 repaired to U+FFFD, as a
/// platform string would be) and as the bytes themselves (`decode(Data)`, read in place).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let buffer = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let text = String(decoding: buffer, as: UTF8.self)
    currentTree = checkScanner(text)
    decodeEveryContract(text, Data(buffer))
    return 0
}

/// The parse of the current input (nil: not JSON), for the decoders' malformed check.
nonisolated(unsafe) var currentTree: ContractJSON?

/// The tree reader and a bare syntax scan must agree on validity, and parsing is deterministic.
func checkScanner(_ text: String) -> ContractJSON? {
    let tree = ContractJSON.parse(text)
    let scanned = ContractJSONScanner.scan(text) { scanner -> Bool in
        scanner.skipValue()
        return scanner.finish()
    }
    if (tree != nil) != scanned {
        fatalError("ContractJSON.parse says \(tree != nil ? "valid" : "invalid"), skipValue says \(scanned ? "valid" : "invalid")")
    }
    if tree != ContractJSON.parse(text) { fatalError("ContractJSON.parse is not deterministic") }
    return tree
}

/// A decode is deterministic, and `malformed` exactly when the text is not a JSON object.
func checkDecode<Decoded: Equatable>(_ contract: String, _ first: Decoded, _ second: Decoded, malformed: Bool) {
    if first != second { fatalError("\(contract).decode is not deterministic") }
    var isObject = false
    if case .object? = currentTree { isObject = true }
    if malformed == isObject {
        fatalError("\(contract).decode says malformed=\(malformed) for a text that is \(isObject ? "" : "not ")a JSON object")
    }
}

/// A report only records: the decode it rides along gives the same result as the plain one.
func checkReport<Decoded: Equatable>(_ contract: String, _ plain: Decoded, _ reported: Decoded) {
    if plain != reported { fatalError("\(contract).decode with a report differs from the plain decode") }
}

/// The bytes road reads UTF-8 input as the text road reads its text, and any other input is not
/// JSON text (RFC 8259 §8.1): malformed, never repaired into something that decodes.
func checkBytes<Decoded: Equatable>(_ contract: String, text: Decoded, bytes: Decoded, bytesMalformed: Bool, wellFormed: Bool) {
    if wellFormed, text != bytes { fatalError("\(contract).decode(Data) differs from decode(String) on UTF-8 input") }
    if !wellFormed, !bytesMalformed { fatalError("\(contract).decode(Data) is not malformed on input that is not UTF-8") }
}
