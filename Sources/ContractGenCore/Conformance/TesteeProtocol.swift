/// The testee protocol, defined once: its version, the request and response forms, every op with
/// the behaviour that brings it, the `given` keys it takes (name, JSON type, presence) and what it
/// answers. The generated testees' dispatch (each language's testee writer), the gate's check of
/// hand-written cases, the differential's requests and the op table of docs/conformance.md all
/// come from here; a test keeps that table equal to `TesteeOp.markdownOpTable()`.

public enum TesteeProtocol {
    /// Raised when a request or response form changes incompatibly (docs/conformance.md).
    public static let version = 1

    /// The keys of a request line, in the order the runner writes them.
    public static let requestKeys = ["contract", "op", "given"]

    /// The one key of a response line.
    public enum Response: String, CaseIterable, Sendable {
        /// The op's result, compared with the case's `expect`.
        case ok
        /// The testee cannot serve the request: the case fails.
        case error
        /// The implementation does not support this op (a hand-written parser without a
        /// behaviour): the case is counted as skipped, not passed and not failed.
        case skipped
    }
}

/// The JSON a `given` key holds, and what the testee does with anything else.
public enum GivenType: Sendable, Equatable {
    /// A JSON string.
    case string
    /// A JSON boolean.
    case boolean
    /// A number with an integral value within ±(2^53−1); any other number is an `error`.
    case integer
    /// A number of milliseconds, handed to the implementation's API as it takes one: Swift and
    /// Kotlin an `Int64` / `Long` (a number that is not an integral value such a type holds makes
    /// the op answer `null`), TypeScript any number. So the API's own bounds (an offset beyond
    /// ±(2^53−1) is no offset) are what the cases see, not the testee's.
    case millisecondOffset
    /// A string, `null` or absent (absent and `null` mean the same: no stored text).
    case textOrNull
    /// An object of `{id: boolean}` (non-boolean entries ignored), `null` or absent (= none).
    case flagMap
    /// A boolean or absent (= false).
    case flag
    /// Any JSON value (the `encode` op's input, written as given).
    case json

    /// The method of each testee support's `Given` that reads this type (Runtime/*/testee): the
    /// same name in Swift, Kotlin and TypeScript.
    public var accessor: String {
        switch self {
        case .string: return "string"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .millisecondOffset: return "millisecondOffset"
        case .textOrNull: return "textOrNull"
        case .flagMap: return "flagMap"
        case .flag: return "flag"
        case .json: return "json"
        }
    }

    /// Why `value` (nil: absent) is not one a testee accepts for this type, or nil when it is.
    func problem(with value: JSONValue?) -> String? {
        switch (self, value) {
        case (.textOrNull, nil), (.textOrNull, .null?), (.textOrNull, .string?),
             (.flagMap, nil), (.flagMap, .null?), (.flagMap, .object?), (.flag, nil), (.flag, .bool?),
             (.string, .string?), (.boolean, .bool?), (.millisecondOffset, .number?), (.json, _?):
            return nil
        case (.integer, .number(let number)?):
            return number == number.rounded() && abs(number) <= 9_007_199_254_740_991 ? nil : "must be an integer"
        case (_, nil):
            return "is missing (\(documented))"
        default:
            return "must be \(documented)"
        }
    }

    /// How docs/conformance.md spells the type.
    public var documented: String {
        switch self {
        case .string: return "string"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .millisecondOffset: return "number"
        case .textOrNull: return "string, `null` or absent"
        case .flagMap: return "object `{id: boolean}`, `null` or absent"
        case .flag: return "boolean or absent (absent: `false`)"
        case .json: return "any JSON value"
        }
    }
}

/// One key of an op's `given`.
public struct GivenKey: Sendable, Equatable {
    public let name: String
    /// Its JSON type; the types that may be absent say so themselves.
    public let type: GivenType
    /// Documentation beside the type, when the key needs more than its type.
    public let note: String

    init(_ name: String, _ type: GivenType, note: String = "") {
        self.name = name
        self.type = type
        self.note = note
    }
}

/// The behaviour a contract must declare for its testee to serve an op.
public enum OpRequirement: Sendable, Equatable {
    case always, staleness, header, validUntil, doneQueue, timeline

    public func isDeclared(in behaviours: Behaviours) -> Bool {
        switch self {
        case .always: return true
        case .staleness: return behaviours.staleness != nil
        case .header: return behaviours.header != nil
        case .validUntil: return behaviours.validUntil != nil
        case .doneQueue: return behaviours.doneQueue != nil
        case .timeline: return behaviours.timeline != nil
        }
    }

    /// The schema's spelling of the behaviour (docs/schema.md#behaviours).
    public var schemaKey: String {
        switch self {
        case .always: return "always"
        case .staleness: return "staleness"
        case .header: return "header"
        case .validUntil: return "valid-until"
        case .doneQueue: return "done-queue"
        case .timeline: return "timeline"
        }
    }
}

/// Every op of the protocol, in the order testees list them.
public enum TesteeOp: String, CaseIterable, Sendable {
    case decode
    case stale
    case header
    case dayStart
    case validUntil
    case queueSet = "queue.set"
    case queuePeek = "queue.peek"
    case queueDrain = "queue.drain"
    case timeline
    /// Served by every language: each has an encoder, and the three write the same bytes.
    case encode
    /// The runtime's day-count calendar (`civilFromDays`), public API of every runtime: served
    /// for every contract, so the three runtimes are held to one proleptic Gregorian calendar.
    case civilFromDays
    /// A decode of bytes given in hex, so that a case can hold bytes that are not UTF-8, which
    /// no JSON string can carry. Served through each language's byte entry point (Swift
    /// `decode(_ data:)`, Kotlin `decode(bytes: ByteArray)`, TypeScript `decodeBytes(Uint8Array)`).
    case decodeBytes
    /// The contract's version constants as the generated code declares them (`acceptedVersions`,
    /// `writtenVersion`): public API an app checks against, and the number a writer stamps.
    /// Decodes test the accepted list only through the gate; this shows the constants themselves.
    case versions

    /// Why `language`'s generated testee answers the op `skipped` (the language lacks the API the
    /// op needs), or nil when it serves it. The one place that says which language serves what:
    /// every testee writer asks here.
    public func skipReason(in language: Language) -> String? {
        // Every language serves every op: each has an encoder (issue 41) and a byte entry point.
        nil
    }

    /// Whether every language serves the op (so the differential can compare them on it).
    public var servedByEveryLanguage: Bool { Language.allCases.allSatisfy { skipReason(in: $0) == nil } }

    /// Whether the op's answer is a decode's observation (and may hold its report).
    public var observesADecode: Bool { self == .decode || self == .decodeBytes }

    public var requirement: OpRequirement {
        switch self {
        case .decode: return .always
        case .stale: return .staleness
        case .header, .dayStart: return .header
        case .validUntil: return .validUntil
        case .queueSet, .queuePeek, .queueDrain: return .doneQueue
        case .timeline: return .timeline
        case .encode, .civilFromDays, .decodeBytes, .versions: return .always
        }
    }

    /// Every key the op can take, whatever the contract.
    public var given: [GivenKey] {
        switch self {
        case .decode:
            return [GivenKey("blob", .string, note: "the document text"),
                    GivenKey("pending", .flagMap, note: "only with `overlay`: for a contract without one, `pending`, even `null`, is a key the op does not take, so the testee answers `error`, which no golden case can expect (`check` refuses such a case); a value that is not a boolean is ignored"),
                    GivenKey("report", .flag, note: "`true`: the observation holds the [report](report.md)"),
                    GivenKey("bytes", .flag, note: "`true`: decode the blob's UTF-8 bytes by the language's byte entry point (Swift `decode(_ data:)`, Kotlin `decode(bytes: ByteArray)`, TypeScript `decodeBytes(Uint8Array)`); the answer is the same"),
                    GivenKey("lexed", .flag, note: "`true`: decode by lexing the text, where the language has a faster road too (TypeScript: no `JSON.parse` tree); the answer is the same"),
                    GivenKey("dropped", .flag, note: "`true`: an observation without a `dropped` member gets one, the decode's count of dropped array elements (see [observations](#observations)); one that has it is unchanged")]
        case .stale:
            return [GivenKey("blob", .string), GivenKey("now", .integer, note: "epoch ms")]
        case .header, .timeline:
            return [GivenKey("blob", .string), GivenKey("now", .integer, note: "epoch ms"),
                    GivenKey("timeZone", .string, note: "IANA id")]
        case .dayStart:
            return [GivenKey("dayStr", .string), GivenKey("timeZone", .string)]
        case .validUntil:
            return [GivenKey("dayStr", .string), GivenKey("startOfNextDayDiffMs", .millisecondOffset),
                    GivenKey("timeZone", .string)]
        case .queueSet:
            return [GivenKey("queue", .textOrNull, note: "the stored queue text"), GivenKey("taskId", .string),
                    GivenKey("isDone", .boolean)]
        case .queuePeek:
            return [GivenKey("queue", .textOrNull)]
        case .queueDrain:
            return [GivenKey("queue", .textOrNull), GivenKey("tasks", .flagMap, note: "current values; an entry whose value is not a boolean is skipped, so that id is not current")]
        case .encode:
            return [GivenKey("input", .json, note: "the value to write: objects for records, union variants and maps, arrays, numbers for instants, strings for dates"),
                    GivenKey("inputJson", .textOrNull, note: "the value to write as JSON text, read by the testee's own JSON reader, for what a case file cannot hold (a string with an unpaired surrogate, written `\\ud800`); when a string, `input` is ignored (give `null`)")]
        case .civilFromDays:
            return [GivenKey("days", .integer, note: "days since 1970-01-01, negative before it")]
        case .decodeBytes:
            return [GivenKey("hex", .string, note: "the document's bytes, two hex digits each (`7b7d` is `{}`); any other string is an `error`"),
                    GivenKey("report", .flag, note: "as for `decode`"),
                    GivenKey("dropped", .flag, note: "as for `decode`")]
        case .versions:
            return []
        }
    }

    /// The keys a contract's testee accepts for this op (`pending` only where an overlay exists).
    public func given(for contract: Contract) -> [GivenKey] {
        given.filter { $0.name != "pending" || contract.behaviours.overlay != nil }
    }

    /// One key of this op by name; a name the definition lacks is a bug in the caller.
    public func key(_ name: String) -> GivenKey {
        guard let key = given.first(where: { $0.name == name }) else {
            preconditionFailure("testee protocol: op '\(rawValue)' has no given key '\(name)'")
        }
        return key
    }

    /// The key names a contract's testee accepts for this op, in the definition's order.
    public func allowedKeys(for contract: Contract) -> [String] { given(for: contract).map(\.name) }

    /// A testee's call reading `name` from its `Given` (`given.integer("now")`), by the key's type.
    func read(_ name: String) -> String { "given.\(key(name).type.accessor)(\(StringLiteral.swift(name)))" }

    /// What is wrong with a case's `given` for this op of this contract, one message per problem
    /// (empty when a testee must accept it): not an object, a key the op does not take, a key it
    /// needs that is missing, a value of the wrong JSON type.
    public func problems(in given: JSONValue, for contract: Contract) -> [String] {
        guard case .object(let members) = given else { return ["given must be an object"] }
        let keys = self.given(for: contract)
        var problems: [String] = []
        for (name, _) in members where !keys.contains(where: { $0.name == name }) {
            problems.append("op '\(rawValue)' takes no given key '\(name)' (it takes \(keys.map(\.name).joined(separator: ", ")))")
        }
        for key in keys {
            let value = members.last(where: { $0.0 == key.name })?.1
            if let message = key.type.problem(with: value) {
                problems.append("given.\(key.name) \(message)")
            }
        }
        return problems
    }

    /// What the op answers under `ok` (docs/conformance.md).
    public var result: String {
        switch self {
        case .decode: return "the [observation](#observations)"
        case .stale: return "boolean"
        case .header: return "`{\"kind\":\"today\"}` or `{\"kind\":\"outdated\",\"dayMs\":INTEGER-or-null}`"
        case .dayStart, .validUntil: return "integer or `null`"
        case .queueSet: return "the new queue text, parsed: a JSON object"
        case .queuePeek: return "object of the boolean entries `{id: boolean}`"
        case .queueDrain: return "array of `{\"id\": string, \"isDone\": boolean}`"
        case .timeline:
            return "`{\"entries\": [{\"at\": INTEGER, \"header\": HEADER}, …], \"reloadAt\": INTEGER-or-null}`, `HEADER` as the `header` op answers"
        case .encode:
            return "`{\"text\": STRING}`, the document `encode` wrote, or `{\"refused\": PATH}`, the path of the value it refused (TypeScript's `ContractEncodeError`, Swift's `ContractEncodeRefusal`, Kotlin's `ContractEncodeException`)"
        case .civilFromDays:
            return "`[year, month, day]` (integers; astronomical years: 0 is 1 BC) for `days` within ±100,000,000 (about ±273,790 years), `null` for any other"
        case .decodeBytes:
            return "the [observation](#observations) of the bytes' decode by the language's byte entry point (bytes that are not UTF-8 are `malformed`, [report](report.md#malformed): `utf-8`)"
        case .versions:
            return "`{\"accepts\": [INTEGER, …], \"writes\": INTEGER}`: the generated `acceptedVersions` (in the schema's order) and `writtenVersion` (Kotlin `ACCEPTED_VERSIONS`, `WRITTEN_VERSION`)"
        }
    }

    /// The `civilFromDays` op answers for `days` within ± this; `null` beyond. Far past years
    /// 1–9999 (so both branches of the era arithmetic run), and small enough that every step is
    /// exact in a JavaScript number.
    public static let civilDaysLimit = 100_000_000

    /// The ops a contract's testee serves, from its declared behaviours.
    public static func served(by contract: Contract) -> [TesteeOp] {
        allCases.filter { $0.requirement.isDeclared(in: contract.behaviours) }
    }

    /// The op table of docs/conformance.md, rendered from this definition.
    public static func markdownOpTable() -> String {
        var lines = ["| op | behaviour | `given` keys (JSON types) | `ok` result |", "|---|---|---|---|"]
        for op in allCases {
            let keys = op.given.map { key -> String in
                var text = "`\(key.name)`: \(key.type.documented)"
                if !key.note.isEmpty { text += " (\(key.note))" }
                return text
            }
            lines.append("| `\(op.rawValue)` | `\(op.requirement.schemaKey)` | \(keys.joined(separator: "; ")) | \(op.result.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
