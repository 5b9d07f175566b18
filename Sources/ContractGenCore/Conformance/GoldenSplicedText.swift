/// The text a blob change splices in (docs/conformance.md, "A long text in a few lines"): a string,
/// or pieces joined in order, `{"repeat": S, "times": N}` among them, so that a case can hold a
/// text of megabytes in a few lines. Kept as pieces until a case is materialised, and bounded, so
/// that a few bytes of hostile case file cannot make `conform` or `check` build a blob of any size.
struct GoldenSplicedText: Sendable {
    /// The most one case's blob changes may splice in, together. A request writes a control
    /// character as six bytes (`\u0001`), so a case's request line stays within about 100 MB.
    static let maxBytesPerCase = 16 << 20
    /// The most the usable cases of one run may splice in, together (see `GoldenCaseFile.load`).
    static let maxBytesPerRun = 128 << 20

    private var pieces: [(text: String, times: Int)]
    /// The joined text's length in UTF-8 bytes, known without joining it.
    private(set) var bytes: Int

    init(_ text: String) {
        self.init(pieces: [(text, 1)], bytes: text.utf8.count)
    }

    private init(pieces: [(text: String, times: Int)], bytes: Int) {
        self.pieces = pieces
        self.bytes = bytes
    }

    /// Reads a change's `text` payload; `at` names the change in messages.
    init(_ payload: JSONValue, at: String) throws(GoldenPathError) {
        if case .string(let text) = payload { self.init(text); return }
        guard case .array(let items) = payload else {
            throw GoldenPathError("\(at): 'text' must be a string, or an array of strings and {\"repeat\": string, \"times\": integer} pieces")
        }
        var pieces: [(text: String, times: Int)] = []
        var bytes = 0
        for (index, item) in items.enumerated() {
            let here = "\(at).text[\(index)]"
            var piece: (text: String, times: Int)
            if case .string(let text) = item {
                piece = (text, 1)
            } else {
                guard let entries = item.objectEntries, entries.count == 2,
                      let text = item["repeat"]?.stringValue, case .number(let times)? = item["times"] else {
                    throw GoldenPathError("\(here) must be a string or {\"repeat\": string, \"times\": integer}")
                }
                guard times >= 0, times <= Double(Self.maxBytesPerCase), times.rounded() == times else {
                    throw GoldenPathError("\(here): 'times' must be a whole number from 0 to \(Self.maxBytesPerCase)")
                }
                piece = (text, Int(times))
            }
            let (size, overflow) = piece.text.utf8.count.multipliedReportingOverflow(by: piece.times)
            guard !overflow, size <= Self.maxBytesPerCase - bytes else {
                throw GoldenPathError("\(here): the text would pass \(Self.maxBytesPerCase) bytes, the most a case may splice in")
            }
            bytes += size
            pieces.append(piece)
        }
        self.init(pieces: pieces, bytes: bytes)
    }

    /// The text itself.
    func joined() -> String {
        if pieces.count == 1, pieces[0].times == 1 { return pieces[0].text }
        var text = ""
        text.reserveCapacity(bytes)
        for piece in pieces where !piece.text.isEmpty { text += String(repeating: piece.text, count: piece.times) }
        return text
    }
}
