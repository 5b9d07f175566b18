/// Writes the Kotlin testee's dispatch (Testee.kt): per contract, one branch per op its testee
/// serves (TesteeProtocol), reading `given` by the protocol's declared key types. The constant part
/// (request lines, `Given`, responses) is Runtime/kotlin/testee/TesteeSupport.kt, written beside it.

struct KotlinTesteeWriter {
    let contracts: [Contract]
    /// The package each contract's object lives in (the emitter's package override applies).
    let packageOf: (Contract) -> String
    var runtimePackage = KotlinEmitter.runtimePackage

    func write(_ p: inout CodePrinter) {
        p.line("package \(KotlinEmitter.testeePackage)")
        p.line()
        p.line("import \(runtimePackage).*")
        for contract in contracts {
            p.line("import \(packageOf(contract)).\(contract.targets.kotlinObject)")
        }
        for contract in contracts {
            p.line()
            serveFunction(contract, &p)
        }
        p.line()
        p.line("/** The contracts this testee serves; the framing is TesteeSupport.kt's. */")
        p.block("fun main() {") { p in
            p.line("TesteeSupport.run(mapOf<String, TesteeContractServer>(")
            p.indented { p in
                for (index, contract) in contracts.enumerated() {
                    let comma = index + 1 < contracts.count ? "," : ""
                    p.line("\(KotlinNames.quoted(contract.name)) to ::serve\(contract.targets.kotlinObject)\(comma)")
                }
            }
            p.line("))")
        }
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.kotlinObject
        p.block("internal fun serve\(ns)(op: String, givenJson: ContractJson?): ContractJson {") { p in
            p.block("when (op) {") { p in
                for op in TesteeOp.served(by: contract) {
                    if let reason = op.skipReason(in: .kotlin) {
                        p.line("\(KotlinNames.quoted(op.rawValue)) -> throw TesteeSkipped(\(KotlinNames.quoted(reason)))")
                        continue
                    }
                    p.block("\(KotlinNames.quoted(op.rawValue)) -> {") { p in
                        // An op without keys still refuses any key (and a given that is not an object).
                        let binding = op.allowedKeys(for: contract).isEmpty ? "" : "val given = "
                        p.line("\(binding)Given(givenJson, setOf(\(op.allowedKeys(for: contract).map(KotlinNames.quoted).joined(separator: ", "))))")
                        body(op, contract, &p)
                    }
                }
                p.line("else -> throw TesteeSupport.unknownOp(op, \(KotlinNames.quoted(contract.name)))")
            }
        }
    }

    func read(_ op: TesteeOp, _ key: String) -> String { op.read(key) }

    /// What one op computes, from the contract's generated API.
    func body(_ op: TesteeOp, _ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.kotlinObject
        switch op {
        case .decode:
            p.line("val report = if (\(read(op, "report"))) ContractReport() else null")
            p.line("// One lexer: `lexed` is read only to refuse a value that is not a flag.")
            p.line(read(op, "lexed"))
            // `bytes`: the byte entry point (files, content providers), checked by every case's twin.
            p.line("val blob = \(read(op, "blob"))")
            let decode = "if (\(read(op, "bytes"))) \(ns).decode(TesteeSupport.utf8(blob), report) else \(ns).decode(blob, report)"
            if let overlay = contract.behaviours.overlay {
                p.line("var decoded = \(decode)")
                p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                p.line("val pending = \(read(op, "pending"))")
                p.line("val value = decoded.value")
                p.block("if (pending != null && value != null) {") { p in
                    p.line("decoded = \(ns).Decoded.Ok(\(ns).overlaying(value, pending), decoded.dropped)")
                }
            } else {
                p.line("val decoded = \(decode)")
            }
            p.line("val observation = TesteeSupport.withReport(\(KotlinEmitter.observationObject(contract)).observation(decoded), report)")
            p.line("return if (\(read(op, "dropped"))) TesteeSupport.withDropped(observation, decoded.dropped) else observation")
        case .stale:
            p.line("val now = \(read(op, "now"))")
            p.line("return ContractJson.Bool(\(ns).isStale(\(ns).decode(\(read(op, "blob"))).value, now))")
        case .header:
            p.line("val now = \(read(op, "now"))")
            p.line("val value = \(ns).decode(\(read(op, "blob"))).value")
            p.line("val result = LinkedHashMap<String, ContractJson>()")
            p.line("val header = \(ns).header(value, now, \(read(op, "timeZone")))")
            p.block("when (header) {") { p in
                p.block("\(ns).Header.Today -> {") { p in
                    p.line("result[\"kind\"] = ContractJson.Str(\"today\")")
                }
                p.block("is \(ns).Header.Outdated -> {") { p in
                    p.line("result[\"kind\"] = ContractJson.Str(\"outdated\")")
                    p.line("result[\"dayMs\"] = header.dayMs?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
                }
            }
            p.line("return ContractJson.Obj(result)")
        case .dayStart:
            p.line("val dayMs = \(ns).dayStart(\(read(op, "dayStr")), \(read(op, "timeZone")))")
            p.line("return dayMs?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
        case .validUntil:
            p.line("// The API takes a Long of milliseconds: a number none can hold has no result; the runtime bounds the rest.")
            p.line("val diff = \(read(op, "startOfNextDayDiffMs")) ?: return ContractJson.Null")
            p.line("val result = \(ns).computeValidUntil(\(read(op, "dayStr")), diff, \(read(op, "timeZone")))")
            p.line("return result?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
        case .queueSet:
            p.line("val text = \(ns).DoneQueue.set(\(read(op, "queue")), \(read(op, "taskId")), \(read(op, "isDone")))")
            p.line("return ContractJsonReader.parse(text) ?: throw TesteeError(\"set produced invalid JSON: $text\")")
        case .queuePeek:
            p.line("val result = LinkedHashMap<String, ContractJson>()")
            p.line("// toSortedMap orders by String.compareTo: UTF-16 code units, as the protocol's sort.")
            p.block("for ((id, isDone) in \(ns).DoneQueue.peek(\(read(op, "queue"))).toSortedMap()) {") { p in
                p.line("result[id] = ContractJson.Bool(isDone)")
            }
            p.line("return ContractJson.Obj(result)")
        case .queueDrain:
            p.line("val queue = \(read(op, "queue"))")
            p.line("val current = \(read(op, "tasks")) ?: emptyMap()")
            p.line("val changes = \(ns).DoneQueue.drain(queue, current = current)")
            // The convenience over decoded rows answers the same, a later row of an id winning (TesteeDrainRows).
            if let row = TesteeDrainRows(contract: contract).row(.kotlin, id: "id", flag: "!done"),
               let kept = TesteeDrainRows(contract: contract).row(.kotlin, id: "id", flag: "done") {
                p.line("val rows = current.flatMap { (id, done) -> listOf(\(row), \(kept)) }")
                p.line("if (\(ns).DoneQueue.drain(queue, rows) != changes) throw TesteeError(\"drain over rows disagrees with drain over their ids and flags\")")
            }
            p.block("return ContractJson.Arr(changes.map { change ->", closer: "})") { p in
                p.line("val entry = LinkedHashMap<String, ContractJson>()")
                p.line("entry[\"id\"] = ContractJson.Str(change.\(contract.behaviours.doneQueue?.binding.idField ?? "id"))")
                p.line("entry[\"isDone\"] = ContractJson.Bool(change.\(contract.behaviours.doneQueue?.binding.flagField ?? "isDone"))")
                p.line("ContractJson.Obj(entry)")
            }
        case .timeline:
            KotlinTimelineRenderer(contract: contract).testeeCase(read: { read(op, $0) }, &p)
        case .encode:
            // The input read into the contract's data classes (a refusal there is one Kotlin's types make), then encoded.
            let input = "\(KotlinEmitter.observationObject(contract)).encodeInput(input)"
            // `inputJson` carries what a case file cannot (an unpaired surrogate): the runtime's reader
            // keeps such a string as an invalid string, handed to the writer as a lone surrogate.
            p.line("val inputJson = \(read(op, "inputJson"))")
            p.line("val input = if (inputJson != null) TesteeInput.parsed(inputJson) else \(read(op, "input"))")
            p.line("return TesteeInput.answer({ \(ns).encode(\(input)) }, { \(ns).encodeBytes(\(input)) })")
        case .decodeBytes:
            // Bytes that no JSON string can carry (not UTF-8), through the byte entry point.
            p.line("val report = if (\(read(op, "report"))) ContractReport() else null")
            p.line("val decoded = \(ns).decode(TesteeSupport.bytes(\(read(op, "hex"))), report)")
            p.line("val observation = TesteeSupport.withReport(\(KotlinEmitter.observationObject(contract)).observation(decoded), report)")
            p.line("return if (\(read(op, "dropped"))) TesteeSupport.withDropped(observation, decoded.dropped) else observation")
        case .civilFromDays:
            p.line("val days = \(read(op, "days"))")
            p.line("// The op's domain (docs/conformance.md): exact in every runtime's arithmetic.")
            p.line("if (Math.abs(days) > \(TesteeOp.civilDaysLimit)L) return ContractJson.Null")
            p.line("return ContractJson.Arr(ContractCalendar.civilFromDays(days).map { ContractJson.Num(it.toDouble()) })")
        case .versions:
            p.line("val versions = LinkedHashMap<String, ContractJson>()")
            p.line("versions[\"accepts\"] = ContractJson.Arr(\(ns).ACCEPTED_VERSIONS.map { ContractJson.Num(it.toDouble()) })")
            p.line("versions[\"writes\"] = ContractJson.Num(\(ns).WRITTEN_VERSION.toDouble())")
            p.line("return ContractJson.Obj(versions)")
        }
    }
}
