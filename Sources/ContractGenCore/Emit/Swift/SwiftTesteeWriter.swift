/// Writes the Swift testee's dispatch (`main.swift`): per contract, one case per op its testee
/// serves (TesteeProtocol), reading `given` by the protocol's declared key types. The constant part
/// (request lines, `Given`, responses) is Runtime/swift/Testee/TesteeSupport.swift, written beside it.

struct SwiftTesteeWriter {
    let contracts: [Contract]

    func write(_ p: inout CodePrinter) {
        p.line("import Foundation")
        p.line("#if canImport(GeneratedContracts)")
        p.line("@_spi(ContractGenRuntime) import GeneratedContracts")
        p.line("#endif")
        for contract in contracts {
            p.line()
            serveFunction(contract, &p)
        }
        p.line()
        p.line("// The contracts this testee serves; the framing is TesteeSupport.swift's.")
        p.line("TesteeSupport.run(contracts: [")
        p.indented { p in
            for contract in contracts {
                p.line("\(Naming.swiftQuoted(contract.name)): serve\(contract.targets.swiftNamespace),")
            }
        }
        p.line("])")
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        p.block("func serve\(ns)(_ op: String, _ givenJSON: ContractJSON?) throws -> ContractJSON {") { p in
            p.line("switch op {")
            for op in TesteeOp.served(by: contract) {
                p.line("case \(Naming.swiftQuoted(op.rawValue)):")
                if let reason = op.skipReason(in: .swift) {
                    p.line("    throw TesteeSkipped(reason: \(Naming.swiftQuoted(reason)))")
                    continue
                }
                p.indented { p in
                    // An op without keys still refuses any key (and a given that is not an object).
                    let binding = op.allowedKeys(for: contract).isEmpty ? "_" : "let given"
                    p.line("\(binding) = try Given(givenJSON, allowed: [\(op.allowedKeys(for: contract).map(Naming.swiftQuoted).joined(separator: ", "))])")
                    body(op, contract, &p)
                }
            }
            p.line("default:")
            p.line("    throw TesteeSupport.unknownOp(op, contract: \(Naming.swiftQuoted(contract.name)))")
            p.line("}")
        }
    }

    func read(_ op: TesteeOp, _ key: String) -> String { "try " + op.read(key) }

    /// The labels of the contract's `DoneQueueEntry` (its done-queue's, else its overlay's bindings).
    func entryId(_ contract: Contract) -> String { (contract.behaviours.doneQueue?.binding ?? contract.behaviours.overlay)?.idField ?? "id" }
    func entryFlag(_ contract: Contract) -> String { (contract.behaviours.doneQueue?.binding ?? contract.behaviours.overlay)?.flagField ?? "isDone" }

    /// What one op computes, from the contract's generated API.
    func body(_ op: TesteeOp, _ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.swiftNamespace
        switch op {
        case .decode:
            p.line("let report = \(read(op, "report")) ? ContractReport() : nil")
            p.line("let blob = \(read(op, "blob"))")
            p.line("_ = \(read(op, "lexed")) // one lexer: `lexed` is read only to refuse a value that is not a flag")
            // `bytes`: the entry point App Group storage and files hand over, checked by every case.
            let decode = "\(read(op, "bytes")) ? \(ns).decode(Data(blob.utf8), report: report) : \(ns).decode(blob, report: report)"
            if let overlay = contract.behaviours.overlay {
                p.line("var decoded = \(decode)")
                p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                p.line("if let pending = \(read(op, "pending")), let value = decoded.value {")
                p.line("    let entries = pending.map { \(ns).DoneQueueEntry(\(entryId(contract)): $0.id, \(entryFlag(contract)): $0.isDone) }")
                p.line("    decoded = .ok(\(ns).overlaying(value, pending: entries), dropped: decoded.dropped)")
                p.line("}")
            } else {
                p.line("let decoded = \(decode)")
            }
            p.line("let observation = TesteeSupport.withReport(\(ns).observation(decoded), report)")
            p.line("return \(read(op, "dropped")) ? TesteeSupport.withDropped(observation, decoded.dropped) : observation")
        case .stale:
            p.line("return .bool(\(ns).isStale(\(ns).decode(\(read(op, "blob"))).value, now: \(read(op, "now"))))")
        case .header:
            p.line("let value = \(ns).decode(\(read(op, "blob"))).value")
            p.line("var result = ContractJSONObject()")
            p.line("switch \(ns).header(value, now: \(read(op, "now")), timeZoneIdentifier: \(read(op, "timeZone"))) {")
            p.line("case .today:")
            p.line("    result.set(\"kind\", .string(\"today\"))")
            p.line("case .outdated(let dayMs):")
            p.line("    result.set(\"kind\", .string(\"outdated\"))")
            p.line("    result.set(\"dayMs\", dayMs.map { .number(Double($0)) } ?? .null)")
            p.line("}")
            p.line("return .object(result)")
        case .dayStart:
            p.line("let dayMs = \(ns).dayStart(\(read(op, "dayStr")), timeZoneIdentifier: \(read(op, "timeZone")))")
            p.line("return dayMs.map { .number(Double($0)) } ?? .null")
        case .validUntil:
            p.line("// The API takes an Int64 of milliseconds: a number none can hold has no result; the runtime bounds the rest.")
            p.line("guard let diff = \(read(op, "startOfNextDayDiffMs")) else { return .null }")
            p.line("let result = \(ns).computeValidUntil(\(read(op, "dayStr")), startOfNextDayDiffMs: diff, timeZoneIdentifier: \(read(op, "timeZone")))")
            p.line("return result.map { .number(Double($0)) } ?? .null")
        case .queueSet:
            p.line("let text = \(ns).DoneQueue.set(\(read(op, "queue")), taskId: \(read(op, "taskId")), isDone: \(read(op, "isDone")))")
            p.line("guard let queue = ContractJSON.parse(text) else { throw TesteeError(message: \"set produced invalid JSON: \\(text)\") }")
            p.line("return queue")
        case .queuePeek:
            p.line("var result = ContractJSONObject()")
            p.line("for entry in \(ns).DoneQueue.peek(\(read(op, "queue"))) {")
            p.line("    result.set(entry.\(entryId(contract)), .bool(entry.\(entryFlag(contract))))")
            p.line("}")
            p.line("return .object(result)")
        case .queueDrain:
            p.line("let queue = \(read(op, "queue"))")
            p.line("let current = (\(read(op, "tasks")) ?? []).map { \(ns).DoneQueueEntry(\(entryId(contract)): $0.id, \(entryFlag(contract)): $0.isDone) }")
            p.line("let changes = \(ns).DoneQueue.drain(queue, current: current)")
            // Rules no op reaches otherwise: a later entry of an id wins, and the convenience over
            // decoded rows answers the same (TesteeDrainRows).
            p.line("let decoys = current.map { \(ns).DoneQueueEntry(\(entryId(contract)): $0.\(entryId(contract)), \(entryFlag(contract)): !$0.\(entryFlag(contract))) }")
            p.line("guard \(ns).DoneQueue.drain(queue, current: decoys + current) == changes else {")
            p.line("    throw TesteeError(message: \"drain with each id given first with the other flag disagrees: the first entry of an id won\")")
            p.line("}")
            if let row = TesteeDrainRows(contract: contract).row(.swift, id: "$0.\(entryId(contract))", flag: "!$0.\(entryFlag(contract))"),
               let kept = TesteeDrainRows(contract: contract).row(.swift, id: "$0.\(entryId(contract))", flag: "$0.\(entryFlag(contract))") {
                p.line("let rows = current.flatMap { [\(row), \(kept)] }")
                p.line("guard \(ns).DoneQueue.drain(queue, tasks: rows) == changes else {")
                p.line("    throw TesteeError(message: \"drain over rows disagrees with drain over their ids and flags\")")
                p.line("}")
            }
            p.line("return .array(changes.map { change in")
            p.line("    var entry = ContractJSONObject()")
            p.line("    entry.set(\"id\", .string(change.\(entryId(contract))))")
            p.line("    entry.set(\"isDone\", .bool(change.\(entryFlag(contract))))")
            p.line("    return .object(entry)")
            p.line("})")
        case .timeline:
            SwiftTimelineRenderer(contract: contract).testeeCase(read: { read(op, $0) }, &p)
        case .encode:
            // The input read into the contract's Swift values (a refusal there is one Swift's types make), then encoded.
            // `inputJson` carries what a case file cannot (an unpaired surrogate): the runtime's reader
            // keeps such a string as an invalid string, which no Swift String holds, so reading the
            // input into the contract's values refuses it at its path.
            p.line("let inputJson = \(read(op, "inputJson"))")
            p.line("let input = try inputJson.map(TesteeInput.parsed) ?? \(op.read("input"))")
            p.line("return try TesteeInput.answer { \(ns).encode(try \(ns).encodeInput(input)) }")
        case .decodeBytes:
            // Bytes that no JSON string can carry (not UTF-8), through the entry point files hand over.
            p.line("let report = \(read(op, "report")) ? ContractReport() : nil")
            p.line("let hex = \(read(op, "hex"))")
            p.line("let decoded = \(ns).decode(try TesteeSupport.bytes(hex: hex), report: report)")
            p.line("let observation = TesteeSupport.withReport(\(ns).observation(decoded), report)")
            p.line("return \(read(op, "dropped")) ? TesteeSupport.withDropped(observation, decoded.dropped) : observation")
        case .civilFromDays:
            p.line("let days = \(read(op, "days"))")
            p.line("// The op's domain (docs/conformance.md): exact in every runtime's arithmetic.")
            p.line("guard abs(days) <= \(TesteeOp.civilDaysLimit) else { return .null }")
            p.line("let civil = ContractCalendar.civilFromDays(days)")
            p.line("return .array([.number(Double(civil.year)), .number(Double(civil.month)), .number(Double(civil.day))])")
        case .versions:
            p.line("var versions = ContractJSONObject()")
            p.line("versions.set(\"accepts\", .array(\(ns).acceptedVersions.map { .number(Double($0)) }))")
            p.line("versions.set(\"writes\", .number(Double(\(ns).writtenVersion)))")
            p.line("return .object(versions)")
        }
    }
}
