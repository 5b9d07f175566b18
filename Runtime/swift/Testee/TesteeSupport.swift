// The constant part of the Swift testee (docs/conformance.md, "The testee protocol"): request
// framing, typed access to `given`, response lines. `emit` writes this file verbatim beside the
// generated dispatch (`main.swift`), which holds only what depends on the contracts. It is not
// part of what an app ships.
import Foundation

/// A request the testee cannot serve; answered as `{"error": message}`, never a crash.
struct TesteeError: Error, Equatable {
    let message: String
}

/// An op this testee does not implement (`decodeBytes` where a language has no byte entry point);
/// answered as `{"skipped": reason}`, which a run counts apart (neither passed nor failed).
struct TesteeSkipped: Error, Equatable {
    let reason: String
}

/// Typed access to a request's `given`, one accessor per JSON type of the protocol, rejecting
/// keys the op does not take (a typo in a hand-written case must fail, not pass by accident).
struct Given {
    let object: ContractJSONObject

    init(_ json: ContractJSON?, allowed: Set<String>) throws {
        guard case .object(let object)? = json else { throw TesteeError(message: "given must be an object") }
        for key in object.keys where !allowed.contains(key) {
            throw TesteeError(message: "unknown given field '\(key)'")
        }
        self.object = object
    }

    func string(_ key: String) throws -> String {
        guard case .string(let value)? = object[key] else { throw TesteeError(message: "given.\(key) must be a string") }
        return value
    }

    func boolean(_ key: String) throws -> Bool {
        guard case .bool(let value)? = object[key] else { throw TesteeError(message: "given.\(key) must be a boolean") }
        return value
    }

    /// An integral number within ±(2^53−1); any other number is an error.
    func integer(_ key: String) throws -> Int64 {
        guard let value = try integerElseNull(key) else { throw TesteeError(message: "given.\(key) must be an integer") }
        return value
    }

    /// An integral number within ±(2^53−1); nil for any other number (the op then answers null).
    func integerElseNull(_ key: String) throws -> Int64? {
        guard case .number(let value)? = object[key] else { throw TesteeError(message: "given.\(key) must be a number") }
        guard value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_991 else { return nil }
        return Int64(value)
    }

    /// A number of milliseconds as the Int64 an API takes: its integral value when an Int64 holds
    /// it, so the runtime's own bounds decide (2^53 is no offset); nil for any other number (the
    /// op then answers null: the API cannot be called with it).
    func millisecondOffset(_ key: String) throws -> Int64? {
        guard case .number(let value)? = object[key] else { throw TesteeError(message: "given.\(key) must be a number") }
        guard value.isFinite, value == value.rounded(), abs(value) < 9_223_372_036_854_775_808.0 else { return nil }
        return Int64(value)
    }

    /// A string; nil when absent or null.
    func textOrNull(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw TesteeError(message: "given.\(key) must be a string or null")
        }
    }

    /// A boolean; false when absent.
    func flag(_ key: String) throws -> Bool {
        switch object[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw TesteeError(message: "given.\(key) must be a boolean")
        }
    }

    /// Any JSON value (`null` included); an error only when absent.
    func json(_ key: String) throws -> ContractJSON {
        guard let value = object[key] else { throw TesteeError(message: "given.\(key) is missing") }
        return value
    }

    /// A `{id: bool}` object as entries, every key kept exactly; non-boolean values are skipped.
    /// nil when absent or null.
    func flagMap(_ key: String) throws -> [(id: String, isDone: Bool)]? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let map)?:
            return map.compactMap { entry in
                if case .bool(let flag) = entry.value { return (id: entry.key, isDone: flag) } else { return nil }
            }
        default: throw TesteeError(message: "given.\(key) must be an object")
        }
    }
}

/// Serves a contract's op: (op, given) → the `ok` result.
typealias TesteeContractServer = (_ op: String, _ given: ContractJSON?) throws -> ContractJSON

enum TesteeSupport {
    static let requestKeys: Set<String> = ["contract", "op", "given"]

    /// The observation with the decode's report under `report` (docs/report.md): each entry's
    /// path, rule, used and the details it has; unchanged without a report.
    static func withReport(_ observation: ContractJSON, _ report: ContractReport?) -> ContractJSON {
        guard let report, case .object(var result) = observation else { return observation }
        let entries = report.entries.map { entry -> ContractJSON in
            var object = ContractJSONObject()
            object.set("path", .string(entry.path))
            object.set("rule", .string(entry.rule))
            object.set("used", .string(entry.used))
            if let found = entry.found { object.set("found", .string(found)) }
            if let constraint = entry.constraint { object.set("constraint", .string(constraint)) }
            if let fallback = entry.fallback { object.set("fallback", .string(fallback)) }
            if let field = entry.field { object.set("field", .string(field)) }
            if let offset = entry.offset { object.set("offset", .number(Double(offset))) }
            if let expected = entry.expected { object.set("expected", .string(expected)) }
            return .object(object)
        }
        result.set("report", .array(entries))
        if report.omitted > 0 { result.set("reportOmitted", .number(Double(report.omitted))) }
        return .object(result)
    }

    /// The bytes of a `decodeBytes` request's `hex`: two hex digits (either case) per byte. Any
    /// other string is the request's error, never a guess.
    static func bytes(hex: String) throws -> Data {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { throw TesteeError(message: "hex has an odd number of digits") }
        func value(_ digit: UInt8) throws -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: throw TesteeError(message: "hex holds a character that is not a hex digit")
            }
        }
        var data = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            data.append(try value(digits[index]) << 4 | value(digits[index + 1]))
            index += 2
        }
        return data
    }

    /// `observation` with `"dropped": N` added when it has no `dropped` member (a wrapped one):
    /// the `dropped` flag of a decode request (docs/conformance.md), which makes the count of
    /// dropped array elements observable whatever the contract's observation style.
    static func withDropped(_ observation: ContractJSON, _ dropped: Int) -> ContractJSON {
        guard case .object(var result) = observation, !result.keys.contains("dropped") else { return observation }
        result.set("dropped", .number(Double(dropped)))
        return .object(result)
    }

    /// An instant field's milliseconds, checked against its generated `Date` accessor, which is
    /// `Date(timeIntervalSince1970: ms / 1000)` exactly (docs/runtime-api.md): one that disagrees
    /// makes the observation a string naming it, so the case fails. The protocol observes
    /// milliseconds in every language; this makes the Swift-only accessor part of what is checked.
    static func instant(_ ms: Int64?, _ date: Date?) -> ContractJSON {
        guard let ms else { return date == nil ? .null : .string("the Date accessor is not nil for a nil instant") }
        guard date == Date(timeIntervalSince1970: Double(ms) / 1000) else {
            return .string("the Date accessor disagrees with \(ms) ms: \(date.map { "\($0.timeIntervalSince1970)" } ?? "nil") s")
        }
        return .number(Double(ms))
    }

    static func instant(_ ms: Int64, _ date: Date) -> ContractJSON { instant(Optional(ms), Optional(date)) }

    /// One response object with its one key.
    static func response(_ key: String, _ value: ContractJSON) -> ContractJSON {
        var response = ContractJSONObject()
        response.set(key, value)
        return .object(response)
    }

    /// Answers one request line; every failure becomes an `error` response.
    static func respond(to line: String, contracts: [String: TesteeContractServer]) -> ContractJSON {
        do {
            guard case .object(let request)? = ContractJSON.parse(line) else { throw TesteeError(message: "request is not a JSON object") }
            for key in request.keys where !requestKeys.contains(key) {
                throw TesteeError(message: "unknown request field '\(key)'")
            }
            guard case .string(let contract)? = request["contract"], case .string(let op)? = request["op"] else {
                throw TesteeError(message: "request needs string 'contract' and 'op'")
            }
            guard let serve = contracts[contract] else { throw TesteeError(message: "unknown contract '\(contract)'") }
            return response("ok", try serve(op, request["given"]))
        } catch let skip as TesteeSkipped {
            return response("skipped", .string(skip.reason))
        } catch let error as TesteeError {
            return response("error", .string(error.message))
        } catch {
            return response("error", .string("\(error)"))
        }
    }

    /// The error for an op a contract does not serve.
    static func unknownOp(_ op: String, contract: String) -> TesteeError {
        TesteeError(message: "unknown op '\(op)' for \(contract)")
    }

    /// One request per line, one response per line, until stdin closes; an empty line is no request.
    static func run(contracts: [String: TesteeContractServer]) {
        while let line = readLine(strippingNewline: true) {
            if line.isEmpty { continue }
            // One unbuffered write per response: the runner waits for each line.
            FileHandle.standardOutput.write(Data((ResponseJSON.text(of: respond(to: line, contracts: contracts)) + "\n").utf8))
        }
    }
}

/// The `encode` op's input (docs/conformance.md) read into a contract's Swift values, as an app
/// would build them, and its answer. The input is JSON as an app hands it to TypeScript's `encode`;
/// what Swift's types cannot hold there — a value of another JSON type, a fraction or a number
/// beyond Int64 for an integer, an enum value or union tag that is none of the cases, a missing
/// required field, a string with an unpaired surrogate — is refused here, at the path TypeScript's
/// encoder refuses it at: in Swift that refusal is the compiler's. Everything Swift's types can
/// hold goes to the generated `encode`, which checks it as the readers' rules say. (One input with
/// two refusals can name a different one first: the type's, here, before the encoder's.)
enum TesteeInput {
    /// nil for an absent member or JSON `null`: how TypeScript's encoder treats `undefined` and `null`.
    static func present(_ json: ContractJSON?) -> ContractJSON? {
        if case .null? = json { return nil }
        return json
    }

    /// `given.inputJson` read by the runtime's own reader (a string holding an unpaired surrogate is
    /// its invalid string; a member whose key holds one is dropped, as every reader drops it).
    static func parsed(_ text: String) throws -> ContractJSON {
        guard let value = ContractJSON.parse(text) else { throw TesteeError(message: "given.inputJson is not JSON") }
        return value
    }

    static func object(_ json: ContractJSON?) throws -> ContractJSONObject {
        guard case .object(let object)? = json else { throw ContractEncodeRefusal(expected: "an object") }
        return object
    }

    /// A string; one that held an unpaired surrogate (the reader's invalid string) no Swift String can hold.
    static func string(_ json: ContractJSON?) throws -> String {
        guard case .string(let text)? = json else { throw ContractEncodeRefusal(expected: ContractJSONOutput.expectedString) }
        return text
    }

    static func bool(_ json: ContractJSON?) throws -> Bool {
        guard case .bool(let flag)? = json else { throw ContractEncodeRefusal(expected: "a boolean") }
        return flag
    }

    static func number(_ json: ContractJSON?) throws -> Double {
        guard case .number(let number)? = json else { throw ContractEncodeRefusal(expected: ContractJSONOutput.expectedNumber) }
        return number
    }

    /// An integral number an Int64 holds (whether it is safe is the encoder's check).
    static func integer(_ json: ContractJSON?, expected: String) throws -> Int64 {
        guard case .number(let number)? = json, number == number.rounded(.towardZero),
              number >= -9_223_372_036_854_775_808.0, number < 9_223_372_036_854_775_808.0 else {
            throw ContractEncodeRefusal(expected: expected)
        }
        return Int64(number)
    }

    /// The case spelled exactly as the JSON string (code units, no normalisation).
    static func enumeration<E: RawRepresentable>(_ json: ContractJSON?, as type: E.Type, expected: String) throws -> E where E.RawValue == String {
        guard case .string(let text)? = json, let value = ContractEnum.read(text, as: type) else {
            throw ContractEncodeRefusal(expected: expected)
        }
        return value
    }

    /// The tag string of a union input, compared exactly by `isTag`; nil when it is no string.
    static func text(_ json: ContractJSON?) -> String? {
        if case .string(let text)? = json { return text }
        return nil
    }

    static func isTag(_ text: String?, _ tag: String) -> Bool {
        guard let text else { return false }
        return text.utf8.elementsEqual(tag.utf8)
    }

    /// An array, each element read by `element` (a refusal inside gets the element's `[index]`).
    static func array<T>(_ json: ContractJSON?, _ element: (ContractJSON) throws -> T) throws -> [T] {
        guard case .array(let items)? = json else { throw ContractEncodeRefusal(expected: "an array") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try element(item))
            } catch let refusal as ContractEncodeRefusal {
                throw refusal.within(index: index)
            }
        }
        return result
    }

    /// An object as a dictionary, each value read by `value` in the keys' UTF-16 order (the order
    /// the encoders write them in). Two keys a Swift dictionary takes for one (canonically
    /// equivalent, `"é"` and `"e\u{301}"`) are refused at the later one in the object's order, as
    /// TypeScript's writer refuses them: the app could not have built that value, and dropping one
    /// would lose data.
    static func map<T>(_ json: ContractJSON?, _ value: (ContractJSON) throws -> T) throws -> [String: T] {
        guard case .object(let object)? = json else { throw ContractEncodeRefusal(expected: "a Map or an object") }
        var keys = Set<String>(minimumCapacity: object.entries.count)
        for (key, _) in object.entries where !keys.insert(key).inserted {
            throw ContractEncodeRefusal(expected: "a key no other key of the map is canonically equivalent to").within(key: key)
        }
        let entries = object.entries.sorted { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }
        var result: [String: T] = Dictionary(minimumCapacity: entries.count)
        for (key, item) in entries {
            do {
                result[key] = try value(item)
            } catch let refusal as ContractEncodeRefusal {
                throw refusal.within(key: key)
            }
        }
        return result
    }

    /// `{"text": document}` or `{"refused": path}`; the document's `data` must be its text's UTF-8.
    static func answer(_ encode: () throws -> ContractEncodeResult) throws -> ContractJSON {
        let result: ContractEncodeResult
        do {
            result = try encode()
        } catch let refusal as ContractEncodeRefusal {
            return TesteeSupport.response("refused", .string(refusal.path))
        }
        switch result {
        case .ok(let document):
            let text = document.text
            guard document.data.elementsEqual(text.utf8) else { throw TesteeError(message: "encode's data is not its text's UTF-8") }
            return TesteeSupport.response("text", .string(text))
        case .refused(let refusal):
            return TesteeSupport.response("refused", .string(refusal.path))
        }
    }
}

/// The JSON text of a response line, written by the testee itself and not by the runtime's
/// serializer: the runtime is what is under test, and a mutant of its writer must not rewrite the
/// answer it is judged by (two wrongs that cancel; docs/mutation.md). ASCII only: every UTF-16
/// unit outside printable ASCII is a `\uXXXX` escape, so no output encoding can matter. Numbers:
/// integral values within ±(2^53−1) as integers, ±∞ as ±1e400 (a number the reader reads back as
/// ±∞), any other finite value in Swift's shortest round-trip form. The depth is bounded by the
/// reader's limit, so the recursion is too.
enum ResponseJSON {
    static func text(of value: ContractJSON) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ value: ContractJSON, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): out.append(contentsOf: numberText(number).utf8)
        case .string(let text): appendString(text.utf16, to: &out)
        // A string that held an unpaired surrogate: U+FFFD, as the runtime writers write it.
        case .invalidString: appendString("\u{FFFD}".utf16, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (position, entry) in object.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                appendString(entry.key.utf16, to: &out)
                out.append(UInt8(ascii: ":"))
                append(entry.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func numberText(_ number: Double) -> String {
        if number.isNaN { return "null" }
        if number.isInfinite { return number < 0 ? "-1e400" : "1e400" }
        if number == number.rounded(.towardZero), abs(number) <= 9_007_199_254_740_991 { return String(Int64(number)) }
        return "\(number)"
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func appendString<Units: Sequence>(_ units: Units, to out: inout [UInt8]) where Units.Element == UInt16 {
        out.append(UInt8(ascii: "\""))
        for unit in units {
            switch unit {
            case 0x22: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case 0x5C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x20...0x7E: out.append(UInt8(unit))
            default:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"),
                                        hex[Int(unit >> 12)], hex[Int(unit >> 8 & 0xF)], hex[Int(unit >> 4 & 0xF)], hex[Int(unit & 0xF)]])
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
