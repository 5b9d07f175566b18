/// Writes the Swift testee: a long-lived process speaking the testee protocol (docs/conformance.md) —
/// one request line in, one `{"ok":…}` or `{"error":…}` line out — for every contract.

struct SwiftTesteeWriter {
    let contracts: [Contract]

    func write(_ p: inout CodePrinter) {
        p.line("import Foundation")
        p.line("#if canImport(GeneratedContracts)")
        p.line("import GeneratedContracts")
        p.line("#endif")
        p.line()
        p.line("/// A request the testee cannot serve; reported as {\"error\": message}, never a crash.")
        p.block("struct TesteeError: Error {") { p in p.line("let message: String") }
        p.line()
        p.line("/// Typed access to a request's `given`, rejecting unknown fields (a typo must not pass silently).")
        p.block("struct Given {") { p in
            p.line("let object: ContractJSONObject")
            p.line()
            p.block("init(_ json: ContractJSON?, allowed: Set<String>) throws {") { p in
                p.line("guard case .object(let object)? = json else { throw TesteeError(message: \"given must be an object\") }")
                p.block("for key in object.keys where !allowed.contains(key) {") { p in
                    p.line("throw TesteeError(message: \"unknown given field '\\(key)'\")")
                }
                p.line("self.object = object")
            }
            p.line()
            p.block("func string(_ key: String) throws -> String {") { p in
                p.line("guard case .string(let value)? = object[key] else { throw TesteeError(message: \"given.\\(key) must be a string\") }")
                p.line("return value")
            }
            p.line()
            p.block("func optionalString(_ key: String) throws -> String? {") { p in
                p.line("switch object[key] {")
                p.line("case nil, .null?: return nil")
                p.line("case .string(let value)?: return value")
                p.line("default: throw TesteeError(message: \"given.\\(key) must be a string or null\")")
                p.line("}")
            }
            p.line()
            p.block("func bool(_ key: String) throws -> Bool {") { p in
                p.line("guard case .bool(let value)? = object[key] else { throw TesteeError(message: \"given.\\(key) must be a boolean\") }")
                p.line("return value")
            }
            p.line()
            p.line("/// An integral number; nil when it is a number that is not an integer (the caller decides).")
            p.block("func integer(_ key: String) throws -> Int64? {") { p in
                p.line("guard case .number(let value)? = object[key] else { throw TesteeError(message: \"given.\\(key) must be a number\") }")
                p.line("guard value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_991 else { return nil }")
                p.line("return Int64(value)")
            }
            p.line()
            p.line("/// A `{key: bool}` object as entries (every key kept exactly); non-boolean values are skipped.")
            p.block("func boolEntries(_ key: String) throws -> [(id: String, isDone: Bool)]? {") { p in
                p.line("switch object[key] {")
                p.line("case nil, .null?: return nil")
                p.line("case .object(let map)?:")
                p.line("    return map.compactMap { entry in")
                p.line("        if case .bool(let flag) = entry.value { return (id: entry.key, isDone: flag) } else { return nil }")
                p.line("    }")
                p.line("default: throw TesteeError(message: \"given.\\(key) must be an object\")")
                p.line("}")
            }
        }
        p.line()
        p.line("/// Serves one request line.")
        p.block("func respond(to line: String) -> ContractJSON {") { p in
            p.block("do {") { p in
                p.line("guard case .object(let request)? = ContractJSON.parse(line) else { throw TesteeError(message: \"request is not a JSON object\") }")
                p.block("for key in request.keys where ![\"contract\", \"op\", \"given\"].contains(key) {") { p in
                    p.line("throw TesteeError(message: \"unknown request field '\\(key)'\")")
                }
                p.line("guard case .string(let contract)? = request[\"contract\"], case .string(let op)? = request[\"op\"] else {")
                p.line("    throw TesteeError(message: \"request needs string 'contract' and 'op'\")")
                p.line("}")
                p.line("let result: ContractJSON")
                p.line("switch contract {")
                for contract in contracts {
                    p.line("case \(Naming.swiftQuoted(contract.name)): result = try serve\(contract.targets.swiftNamespace)(op, request[\"given\"])")
                }
                p.line("default: throw TesteeError(message: \"unknown contract '\\(contract)'\")")
                p.line("}")
                p.line("var response = ContractJSONObject()")
                p.line("response.set(\"ok\", result)")
                p.line("return .object(response)")
            }
            p.block("catch let error as TesteeError {") { p in
                p.line("var response = ContractJSONObject()")
                p.line("response.set(\"error\", .string(error.message))")
                p.line("return .object(response)")
            }
            p.block("catch {") { p in
                p.line("var response = ContractJSONObject()")
                p.line("response.set(\"error\", .string(\"\\(error)\"))")
                p.line("return .object(response)")
            }
        }
        for contract in contracts {
            p.line()
            serveFunction(contract, &p)
        }
        p.line()
        p.line("// One request per line, one response per line, until stdin closes.")
        p.block("while let line = readLine(strippingNewline: true) {") { p in
            p.line("if line.isEmpty { continue }")
            p.line("// One unbuffered write per response: the runner waits for each line.")
            p.line("FileHandle.standardOutput.write(Data((respond(to: line).serialized() + \"\\n\").utf8))")
        }
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        let b = contract.behaviours
        p.block("func serve\(ns)(_ op: String, _ givenJSON: ContractJSON?) throws -> ContractJSON {") { p in
            p.line("switch op {")
            p.line("case \"decode\":")
            p.indented { p in
                if let overlay = b.overlay {
                    p.line("let given = try Given(givenJSON, allowed: [\"blob\", \"pending\"])")
                    p.line("var decoded = \(ns).decode(try given.string(\"blob\"))")
                    p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                    p.line("if let pending = try given.boolEntries(\"pending\"), let value = decoded.value {")
                    p.line("    decoded.value = \(ns).overlaying(value, pending: pending)")
                    p.line("}")
                    p.line("return \(ns).observation(decoded)")
                } else {
                    p.line("let given = try Given(givenJSON, allowed: [\"blob\"])")
                    p.line("return \(ns).observation(\(ns).decode(try given.string(\"blob\")))")
                }
            }
            if b.staleness != nil {
                p.line("case \"stale\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"blob\", \"now\"])")
                    p.line("guard let now = try given.integer(\"now\") else { throw TesteeError(message: \"given.now must be an integer\") }")
                    p.line("return .bool(\(ns).isStale(\(ns).decode(try given.string(\"blob\")).value, now: now))")
                }
            }
            if b.header != nil {
                p.line("case \"header\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"blob\", \"now\", \"timeZone\"])")
                    p.line("guard let now = try given.integer(\"now\") else { throw TesteeError(message: \"given.now must be an integer\") }")
                    p.line("let value = \(ns).decode(try given.string(\"blob\")).value")
                    p.line("var result = ContractJSONObject()")
                    p.line("switch \(ns).header(value, now: now, timeZoneIdentifier: try given.string(\"timeZone\")) {")
                    p.line("case .today:")
                    p.line("    result.set(\"kind\", .string(\"today\"))")
                    p.line("case .outdated(let dayMs):")
                    p.line("    result.set(\"kind\", .string(\"outdated\"))")
                    p.line("    result.set(\"dayMs\", dayMs.map { .number(Double($0)) } ?? .null)")
                    p.line("}")
                    p.line("return .object(result)")
                }
                p.line("case \"dayStart\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"dayStr\", \"timeZone\"])")
                    p.line("let dayMs = \(ns).dayStart(try given.string(\"dayStr\"), timeZoneIdentifier: try given.string(\"timeZone\"))")
                    p.line("return dayMs.map { .number(Double($0)) } ?? .null")
                }
            }
            if b.validUntil != nil {
                p.line("case \"validUntil\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"dayStr\", \"startOfNextDayDiffMs\", \"timeZone\"])")
                    p.line("// The API takes whole milliseconds; a fractional offset has no valid result.")
                    p.line("guard let diff = try given.integer(\"startOfNextDayDiffMs\") else { return .null }")
                    p.line("let result = \(ns).computeValidUntil(try given.string(\"dayStr\"), startOfNextDayDiffMs: diff, timeZoneIdentifier: try given.string(\"timeZone\"))")
                    p.line("return result.map { .number(Double($0)) } ?? .null")
                }
            }
            if b.doneQueue != nil {
                p.line("case \"queue.set\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"queue\", \"taskId\", \"isDone\"])")
                    p.line("let text = \(ns).DoneQueue.set(try given.optionalString(\"queue\"), taskId: try given.string(\"taskId\"), isDone: try given.bool(\"isDone\"))")
                    p.line("guard let queue = ContractJSON.parse(text) else { throw TesteeError(message: \"set produced invalid JSON: \\(text)\") }")
                    p.line("return queue")
                }
                p.line("case \"queue.peek\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"queue\"])")
                    p.line("var result = ContractJSONObject()")
                    p.line("for (id, isDone) in \(ns).DoneQueue.peek(try given.optionalString(\"queue\")) {")
                    p.line("    result.set(id, .bool(isDone))")
                    p.line("}")
                    p.line("return .object(result)")
                }
                p.line("case \"queue.drain\":")
                p.indented { p in
                    p.line("let given = try Given(givenJSON, allowed: [\"queue\", \"tasks\"])")
                    p.line("let changes = \(ns).DoneQueue.drain(try given.optionalString(\"queue\"), current: try given.boolEntries(\"tasks\") ?? [])")
                    p.line("return .array(changes.map { change in")
                    p.line("    var entry = ContractJSONObject()")
                    p.line("    entry.set(\"id\", .string(change.id))")
                    p.line("    entry.set(\"isDone\", .bool(change.isDone))")
                    p.line("    return .object(entry)")
                    p.line("})")
                }
            }
            SwiftTimelineRenderer(contract: contract).testeeCase(&p)
            p.line("default:")
            p.line("    throw TesteeError(message: \"unknown op '\\(op)' for \(StringLiteral.swiftContent(contract.name))\")")
            p.line("}")
        }
    }
}
