/// Each `encode` case that expects a document is also read back: a decode of that document,
/// expecting the observation its input implies by the schema's rules (EncodedDocument, never a
/// decoder). Together the two make the writer × reader matrix of a run: an implementation that
/// passes the encode case writes exactly that text, and one that passes its twin reads that text
/// back as the value the app gave (ReportMatrix.writersAndReaders).
extension ConformanceCase {
    /// What a twin's name adds to its case's name.
    public static let readBackSuffix = " (read back)"

    /// The decode of this case's expected document; nil when the case is not an `encode` that
    /// expects a document, or its contract is not among `contracts`.
    public func readBack(_ contracts: [Contract]) -> ConformanceCase? {
        guard op == TesteeOp.encode.rawValue, let text = expect["text"]?.stringValue, let input = given["input"],
              let contract = contracts.first(where: { $0.name == self.contract }),
              let observation = EncodedDocument(contract: contract).observation(ofInput: input) else { return nil }
        var twin = self
        twin.name = name + Self.readBackSuffix
        twin.op = TesteeOp.decode.rawValue
        twin.about = "The document of \(name), read back: every decoder reads the value the input implies."
        twin.given = .object([("blob", .string(text))])
        twin.expect = observation
        return twin
    }

    /// `cases` with each encode case's read-back twin right after it.
    public static func withReadBackTwins(_ cases: [ConformanceCase], contracts: [Contract]) -> [ConformanceCase] {
        guard !contracts.isEmpty else { return cases }
        return cases.flatMap { golden in [golden] + (golden.readBack(contracts).map { [$0] } ?? []) }
    }
}
