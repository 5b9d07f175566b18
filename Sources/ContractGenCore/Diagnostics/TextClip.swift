/// Clipping untrusted text for display by its UTF-8 length, never by characters: one grapheme
/// cluster of combining marks can be megabytes long, so "the first 400 characters" is no bound.

public enum TextClip {
    /// The longest prefix of `text` of at most `maxBytes` UTF-8 bytes that ends on a scalar
    /// boundary, and whether anything was cut.
    public static func prefix(_ text: String, maxBytes: Int) -> (text: String, clipped: Bool) {
        let utf8 = text.utf8
        guard utf8.count > maxBytes else { return (text, false) }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, maxBytes))
        while end > utf8.startIndex, end.samePosition(in: text.unicodeScalars) == nil { end = utf8.index(before: end) }
        return (String(text.unicodeScalars[..<end]), true)
    }

    /// `text` clipped to `maxBytes`, with "… (N bytes)" when cut.
    public static func clip(_ text: String, maxBytes: Int) -> String {
        let (kept, clipped) = prefix(text, maxBytes: maxBytes)
        return clipped ? kept + "… (\(text.utf8.count) bytes)" : kept
    }
}
