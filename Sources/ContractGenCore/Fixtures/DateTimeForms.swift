/// The `dateTime` texts the golden cases write, each with the instant the rule gives it. The
/// instants were computed apart from every decoder (Python's `datetime`, UTC arithmetic, checked
/// by hand for the edge cases) and are pinned by `DateTimeFormsTests` against Foundation's own
/// calendar: the golden emitter never parses a date-time itself, so a decoder bug cannot leak
/// into an expectation.
enum DateTimeForms {
    struct Form {
        let label: String
        /// The JSON text written in the blob (a string literal; escapes allowed).
        let json: String
        /// Epoch milliseconds, or nil when the text is not a valid `dateTime`.
        let instant: Int64?
        let why: String
    }

    /// The value samples carry: a fraction and a non-zero offset, so a decoder ignoring either fails.
    static let sample = Form(label: "sample", json: "\"2026-07-17T08:30:00.250+02:00\"", instant: 1_784_269_800_250,
                             why: "08:30:00.250 at +02:00 is 06:30:00.250Z")
    static let sampleText = "2026-07-17T08:30:00.250+02:00"

    static let valid: [Form] = [
        Form(label: "utc", json: "\"2026-07-17T08:30:00Z\"", instant: 1_784_277_000_000, why: "Z is UTC"),
        Form(label: "nanoseconds", json: "\"2026-07-17T08:30:00.123456789Z\"", instant: 1_784_277_000_123,
             why: "digits past the millisecond are dropped (9 fraction digits is the most)"),
        Form(label: "one-fraction-digit-negative-offset", json: "\"2026-07-17T08:30:00.5-09:30\"", instant: 1_784_311_200_500,
             why: ".5 is 500 ms; -09:30 is 9 h 30 min behind UTC"),
        Form(label: "offset-minus-zero", json: "\"2026-07-17T08:30:00-00:00\"", instant: 1_784_277_000_000, why: "-00:00 is UTC"),
        Form(label: "before-1970", json: "\"1969-12-31T23:59:59.999Z\"", instant: -1, why: "instants before 1970 are negative"),
        Form(label: "floored-not-rounded", json: "\"1969-12-31T23:59:59.9999Z\"", instant: -1,
             why: "the instant is floored to its millisecond: -0.1 ms is -1, not 0"),
        Form(label: "leap-day-largest-offset", json: "\"2024-02-29T23:59:59+23:59\"", instant: 1_709_164_859_000,
             why: "2024-02-29 exists; +23:59 is the largest offset"),
        Form(label: "first-instant", json: "\"0001-01-01T00:00:00Z\"", instant: -62_135_596_800_000, why: "0001-01-01T00:00:00Z is the first instant"),
        Form(label: "last-instant", json: "\"9999-12-31T23:59:59.999Z\"", instant: 253_402_300_799_999, why: "9999-12-31T23:59:59.999Z is the last instant"),
        Form(label: "escaped-separator", json: "\"2026-07-17\\u005408:30:00Z\"", instant: 1_784_277_000_000,
             why: "JSON escapes are decoded first: \\u0054 is T"),
    ]

    static let invalid: [Form] = [
        Form(label: "lowercase-t", json: "\"2026-07-17t08:30:00Z\"", instant: nil, why: "T must be upper case"),
        Form(label: "lowercase-z", json: "\"2026-07-17T08:30:00z\"", instant: nil, why: "Z must be upper case"),
        Form(label: "space-separator", json: "\"2026-07-17 08:30:00Z\"", instant: nil, why: "the separator is T, not a space"),
        Form(label: "no-offset", json: "\"2026-07-17T08:30:00\"", instant: nil, why: "a local time without an offset is no instant"),
        Form(label: "no-seconds", json: "\"2026-07-17T08:30Z\"", instant: nil, why: "seconds are required"),
        Form(label: "leap-second", json: "\"2016-12-31T23:59:60Z\"", instant: nil, why: "epoch milliseconds cannot hold a leap second"),
        Form(label: "hour-24", json: "\"2026-07-17T24:00:00Z\"", instant: nil, why: "hours are 00-23"),
        Form(label: "nonexistent-day", json: "\"2026-02-30T08:30:00Z\"", instant: nil, why: "2026-02-30 is not a date (never rolled into March)"),
        Form(label: "empty-fraction", json: "\"2026-07-17T08:30:00.Z\"", instant: nil, why: "a fraction has 1-9 digits"),
        Form(label: "ten-fraction-digits", json: "\"2026-07-17T08:30:00.1234567890Z\"", instant: nil, why: "a fraction has at most 9 digits"),
        Form(label: "offset-without-colon", json: "\"2026-07-17T08:30:00+0200\"", instant: nil, why: "an offset is +HH:MM"),
        Form(label: "offset-hour-24", json: "\"2026-07-17T08:30:00+24:00\"", instant: nil, why: "offset hours are 00-23"),
        Form(label: "offset-minute-60", json: "\"2026-07-17T08:30:00+02:60\"", instant: nil, why: "offset minutes are 00-59"),
        Form(label: "before-first-instant", json: "\"0001-01-01T00:00:00+00:01\"", instant: nil, why: "the instant is before 0001-01-01T00:00:00Z"),
        Form(label: "after-last-instant", json: "\"9999-12-31T23:59:59-00:01\"", instant: nil, why: "the instant is after 9999-12-31T23:59:59.999Z"),
        Form(label: "year-zero", json: "\"0000-12-31T23:30:00-01:00\"", instant: nil, why: "year 0000 is not a date, whatever the offset"),
        Form(label: "full-width-digits", json: "\"２０２６-07-17T08:30:00Z\"", instant: nil, why: "only ASCII digits are digits here"),
        Form(label: "trailing-garbage", json: "\"2026-07-17T08:30:00Zjunk\"", instant: nil, why: "nothing may follow the offset"),
        Form(label: "unpadded", json: "\"2026-7-17T08:30:00Z\"", instant: nil, why: "every number has its full width"),
        Form(label: "date-only", json: "\"2026-07-17\"", instant: nil, why: "a date alone is no instant"),
        Form(label: "numeric-string", json: "\"1784277000000\"", instant: nil, why: "epoch milliseconds in a string are no date-time"),
    ]

    /// The instant of a text the golden emitter wrote (only `sample` texts reach observations as strings).
    static func instant(ofSample text: String) -> Int64 {
        precondition(text == sampleText, "a dateTime sample must come from DateTimeForms")
        return sample.instant!
    }
}
