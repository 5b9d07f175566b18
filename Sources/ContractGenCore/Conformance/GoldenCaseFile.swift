/// Golden case files: loading any directory of them, including ones never seen before.
import Foundation

/// One conformance case as read from disk.
/// For example `golden/widget-data/unknown-version-renders-empty.json`.
public struct ConformanceCase: Sendable {
    public var name: String
    public var path: String
    public var about: String
    public var contract: String
    public var op: String
    public var given: JSONValue
    public var expect: JSONValue

    /// The testee request line.
    public var request: String {
        JSONValue.object([("contract", .string(contract)), ("op", .string(op)), ("given", given)]).serialized()
    }
}

/// A case file that could not be used; reported as a failure, never skipped silently.
public struct CaseLoadError: Error, Sendable {
    public var path: String
    public var message: String
}

public enum GoldenCaseLoader {
    static let allowedKeys: Set<String> = ["case", "about", "contract", "op", "given", "expect"]

    /// Every `*.json` under the directories (recursively), sorted by path.
    public static func load(directories: [String]) -> (cases: [ConformanceCase], errors: [CaseLoadError]) {
        var cases: [ConformanceCase] = []
        var errors: [CaseLoadError] = []
        var paths: [String] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
                errors.append(CaseLoadError(path: directory, message: "no such directory"))
                continue
            }
            if !isDirectory.boolValue { paths.append(directory); continue }
            let enumerator = FileManager.default.enumerator(atPath: directory)
            while let item = enumerator?.nextObject() as? String {
                if item.hasSuffix(".json") { paths.append(directory + "/" + item) }
            }
        }
        // A file reached through two overlapping --golden directories is one case, not a duplicate.
        for path in Set(paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }).sorted() {
            switch loadCase(path: path) {
            case .success(let golden): cases.append(golden)
            case .failure(let error): errors.append(error)
            }
        }
        return (cases, errors + duplicateNames(cases))
    }

    /// Case names must be unique within a contract: expected-failure lists, `--filter` and the
    /// reports name a case by its name alone. One error per file that repeats a name already
    /// used (in path order), naming the first file. The gate can call this on its own cases.
    public static func duplicateNames(_ cases: [ConformanceCase]) -> [CaseLoadError] {
        var firstPath: [String: [String: String]] = [:]   // contract → case name → path
        var errors: [CaseLoadError] = []
        for golden in cases.sorted(by: { $0.path < $1.path }) {
            if let first = firstPath[golden.contract]?[golden.name] {
                errors.append(CaseLoadError(path: golden.path,
                                            message: "duplicate case name '\(golden.name)' in contract '\(golden.contract)' (also \(first))"))
            } else {
                firstPath[golden.contract, default: [:]][golden.name] = golden.path
            }
        }
        return errors
    }

    public static func loadCase(path: String) -> Result<ConformanceCase, CaseLoadError> {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(CaseLoadError(path: path, message: "cannot read the file as UTF-8"))
        }
        guard let json = JSONValue.parse(text), case .object(let entries) = json else {
            return .failure(CaseLoadError(path: path, message: "not a JSON object"))
        }
        for (key, _) in entries where !allowedKeys.contains(key) {
            return .failure(CaseLoadError(path: path, message: "unknown key '\(key)' (expected \(allowedKeys.sorted().joined(separator: ", ")))"))
        }
        guard let name = json["case"]?.stringValue, let contract = json["contract"]?.stringValue,
              let op = json["op"]?.stringValue, let given = json["given"], let expect = json["expect"] else {
            return .failure(CaseLoadError(path: path, message: "a case needs string 'case', 'contract', 'op' and values 'given', 'expect'"))
        }
        guard case .object = given else {
            return .failure(CaseLoadError(path: path, message: "'given' must be an object"))
        }
        return .success(ConformanceCase(name: name, path: path, about: json["about"]?.stringValue ?? "", contract: contract,
                                        op: op, given: given, expect: expect))
    }
}

/// Structural comparison of observations: key order is irrelevant, numbers compare as values.
public enum ObservationDiff {
    /// Human-readable differences, each `at $.path: expected X, got Y`; empty when equal.
    public static func differences(expected: JSONValue, actual: JSONValue, path: String = "$", limit: Int = 8) -> [String] {
        var out: [String] = []
        walk(expected, actual, path, &out, limit)
        return out
    }

    private static func walk(_ e: JSONValue, _ a: JSONValue, _ path: String, _ out: inout [String], _ limit: Int) {
        guard out.count < limit else { return }
        switch (e, a) {
        case let (.object(ee), .object(ae)):
            for (key, value) in ee {
                if let other = ae.last(where: { JSONValue.exactlyEqual($0.0, key) })?.1 {
                    walk(value, other, "\(path).\(key)", &out, limit)
                } else {
                    out.append("at \(path).\(key): expected \(value.serialized(sortedKeys: true)), missing")
                }
            }
            for (key, value) in ae where !ee.contains(where: { JSONValue.exactlyEqual($0.0, key) }) {
                out.append("at \(path).\(key): unexpected \(value.serialized(sortedKeys: true))")
            }
        case let (.array(ei), .array(ai)):
            if ei.count != ai.count {
                out.append("at \(path): expected \(ei.count) elements, got \(ai.count)")
            }
            for (index, pair) in zip(ei, ai).enumerated() { walk(pair.0, pair.1, "\(path)[\(index)]", &out, limit) }
        default:
            if e != a { out.append("at \(path): expected \(e.serialized(sortedKeys: true)), got \(a.serialized(sortedKeys: true))") }
        }
    }
}
