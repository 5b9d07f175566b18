/// Writes the TypeScript testee's dispatch (testee.ts): per contract, one case per op its testee
/// serves (TesteeProtocol), reading `given` by the protocol's declared key types. The constant part
/// (request lines, `Given`, responses, the Node globals) is Runtime/typescript/testee/testee-support.ts,
/// written beside it.

struct TypeScriptTesteeWriter {
    let contracts: [Contract]

    /// The runtime names the dispatch uses, tracked from the ops served (never by reading the
    /// emitted text): `--noUnusedLocals` fails on one too many, the compiler on one too few.
    var runtimeImports: [String] {
        var names: Set<String> = ["ContractJson", "ContractReport"]
        for op in contracts.flatMap(TesteeOp.served(by:)) {
            switch op {
            case .decode, .stale, .dayStart, .validUntil, .queueDrain: break
            case .header, .timeline: names.insert("ContractJsonObject")
            case .queueSet: names.insert("parseContractJson")
            case .queuePeek: names.insert("utf16Less")
            case .encode, .decodeBytes, .versions: break
            case .civilFromDays: names.insert("civilFromDays")
            }
        }
        return TypeScriptNames.runtimeExports.filter(names.contains).sorted()
    }

    /// The support module's names the dispatch uses.
    var supportImports: [String] {
        let throwsItself = contracts.contains { TesteeOp.served(by: $0).contains(.queueSet) }
        let encodes = contracts.contains { TesteeOp.served(by: $0).contains(.encode) }
        let skips = contracts.contains { TesteeOp.served(by: $0).contains { $0.skipReason(in: .typescript) != nil } }
        return (encodes ? ["encodeResult"] : []) + ["Given", "TesteeContractServer"] + (throwsItself ? ["TesteeError"] : []) + (skips ? ["TesteeSkipped"] : []) + ["hexBytes", "lexedIf", "runTestee", "unknownOp", "utf8Bytes", "withDropped", "withReport"]
    }

    func write(_ p: inout CodePrinter) {
        for contract in contracts {
            serveFunction(contract, &p)
            p.line()
        }
        p.line("// The contracts this testee serves; the framing is testee-support.ts's.")
        p.block("runTestee(new Map<string, TesteeContractServer>([", closer: "]));") { p in
            for contract in contracts {
                p.line("[\(TypeScriptNames.quoted(contract.name)), serve\(TypeScriptNames.moduleAlias(contract))],")
            }
        }
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        p.block("function serve\(TypeScriptNames.moduleAlias(contract))(op: string, givenJson: ContractJson | undefined): ContractJson {") { p in
            p.block("switch (op) {") { p in
                for op in TesteeOp.served(by: contract) {
                    if let reason = op.skipReason(in: .typescript) {
                        p.line("case \(TypeScriptNames.quoted(op.rawValue)):")
                        p.indented { p in p.line("throw new TesteeSkipped(\(TypeScriptNames.quoted(reason)));") }
                        continue
                    }
                    p.block("case \(TypeScriptNames.quoted(op.rawValue)): {") { p in
                        // An op without keys still refuses any key (and a given that is not an object).
                        let binding = op.allowedKeys(for: contract).isEmpty ? "" : "const given = "
                        p.line("\(binding)new Given(givenJson, [\(op.allowedKeys(for: contract).map(TypeScriptNames.quoted).joined(separator: ", "))]);")
                        body(op, contract, &p)
                    }
                }
                p.line("default:")
                p.indented { p in
                    p.line("throw unknownOp(op, \(TypeScriptNames.quoted(contract.name)));")
                }
            }
        }
    }

    func read(_ op: TesteeOp, _ key: String) -> String { op.read(key) }

    /// What one op computes, from the contract's generated API.
    func body(_ op: TesteeOp, _ contract: Contract, _ p: inout CodePrinter) {
        let ns = TypeScriptNames.moduleAlias(contract)
        switch op {
        case .decode:
            p.line("const report = \(read(op, "report")) ? new ContractReport() : undefined;")
            // `lexed`: the scanner decoders alone, the road a report of a degraded blob takes;
            // `bytes`: the byte entry point, its UTF-8 decoder in front of the text decode.
            p.line("const bytes = \(read(op, "bytes"));")
            p.line("const decode = (text: string): \(ns).Decoded => lexedIf(\(read(op, "lexed")), () => (bytes ? \(ns).decodeBytes(utf8Bytes(text), report) : \(ns).decode(text, report)));")
            if let overlay = contract.behaviours.overlay {
                p.line("let decoded = decode(\(read(op, "blob")));")
                p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                p.line("const pending = \(read(op, "pending"));")
                p.block("if (pending !== null && decoded.value !== null) {") { p in
                    p.line("decoded = { ...decoded, value: \(ns).overlaying(decoded.value, pending) };")
                }
            } else {
                p.line("const decoded = decode(\(read(op, "blob")));")
            }
            p.line("const observation = withReport(\(TypeScriptEmitter.observationAlias(contract)).observation(decoded), report);")
            p.line("return \(read(op, "dropped")) ? withDropped(observation, decoded.dropped) : observation;")
        case .stale:
            p.line("const now = \(read(op, "now"));")
            p.line("return \(ns).isStale(\(ns).decode(\(read(op, "blob"))).value, now);")
        case .header:
            p.line("const now = \(read(op, "now"));")
            p.line("const value = \(ns).decode(\(read(op, "blob"))).value;")
            p.line("const header = \(ns).header(value, now, \(read(op, "timeZone")));")
            p.line("const result: ContractJsonObject = new Map();")
            p.line("result.set(\"kind\", header.kind);")
            p.line("if (header.kind === \"outdated\") result.set(\"dayMs\", header.dayMs);")
            p.line("return result;")
        case .dayStart:
            p.line("return \(ns).dayStart(\(read(op, "dayStr")), \(read(op, "timeZone")));")
        case .validUntil:
            p.line("// The API takes any number: its own checks (whole, safe milliseconds) decide.")
            p.line("const diff = \(read(op, "startOfNextDayDiffMs"));")
            p.line("if (diff === null) return null;")
            p.line("return \(ns).computeValidUntil(\(read(op, "dayStr")), diff, \(read(op, "timeZone")));")
        case .queueSet:
            p.line("const text = \(ns).doneQueueSet(\(read(op, "queue")), \(read(op, "taskId")), \(read(op, "isDone")));")
            p.line("const queue = parseContractJson(text);")
            p.line("if (queue === undefined) throw new TesteeError(`set produced invalid JSON: ${text}`);")
            p.line("return queue;")
        case .queuePeek:
            p.line("const entries = Array.from(\(ns).doneQueuePeek(\(read(op, "queue"))));")
            p.line("entries.sort((a, b) => (utf16Less(a[0], b[0]) ? -1 : utf16Less(b[0], a[0]) ? 1 : 0));")
            p.line("return new Map<string, ContractJson>(entries);")
        case .queueDrain:
            p.line("const queue = \(read(op, "queue"));")
            p.line("const current = \(read(op, "tasks")) ?? new Map<string, boolean>();")
            p.line("const changes = \(ns).doneQueueDrain(queue, current);")
            // The convenience over decoded rows answers the same, a later row of an id winning (TesteeDrainRows).
            if let binding = contract.behaviours.doneQueue?.binding,
               let row = TesteeDrainRows(contract: contract).row(.typescript, id: "id", flag: "!done"),
               let kept = TesteeDrainRows(contract: contract).row(.typescript, id: "id", flag: "done") {
                p.line("const rows: \(ns).\(binding.typeName)[] = [];")
                p.line("current.forEach((done, id) => rows.push(\(row), \(kept)));")
                p.line("const viaRows = \(ns).doneQueueDrainTasks(queue, rows);")
                p.line("if (viaRows.length !== changes.length || viaRows.some((change, k) => change.\(binding.idField) !== changes[k]?.\(binding.idField) || change.\(binding.flagField) !== changes[k]?.\(binding.flagField))) {")
                p.line("  throw new TesteeError(\"drain over rows disagrees with drain over their ids and flags\");")
                p.line("}")
            }
            p.line("return changes.map((change): ContractJson => new Map<string, ContractJson>([[\"id\", change.\(contract.behaviours.doneQueue?.binding.idField ?? "id")], [\"isDone\", change.\(contract.behaviours.doneQueue?.binding.flagField ?? "isDone")]]));")
        case .timeline:
            TypeScriptTimelineRenderer(contract: contract).testeeCase(read: { read(op, $0) }, &p)
        case .encode:
            // The input is the app's value as JSON; encode checks every part of it itself.
            // `inputJson` carries what the case file cannot (an unpaired surrogate): JSON.parse keeps it.
            p.line("const inputJson = \(read(op, "inputJson"));")
            p.line("const input: unknown = inputJson === null ? \(read(op, "input")) : JSON.parse(inputJson);")
            p.line("return encodeResult(() => \(ns).encode(input as Parameters<typeof \(ns).encode>[0]));")
        case .decodeBytes:
            // Bytes that no JSON string can carry (not UTF-8), through the byte entry point.
            p.line("const report = \(read(op, "report")) ? new ContractReport() : undefined;")
            p.line("const decoded = \(ns).decodeBytes(hexBytes(\(read(op, "hex"))), report);")
            p.line("const observation = withReport(\(TypeScriptEmitter.observationAlias(contract)).observation(decoded), report);")
            p.line("return \(read(op, "dropped")) ? withDropped(observation, decoded.dropped) : observation;")
        case .civilFromDays:
            p.line("const days = \(read(op, "days"));")
            p.line("// The op's domain (docs/conformance.md): exact in every runtime's arithmetic.")
            p.line("return Math.abs(days) <= \(TesteeOp.civilDaysLimit) ? civilFromDays(days) : null;")
        case .versions:
            p.line("return new Map<string, ContractJson>([[\"accepts\", \(ns).acceptedVersions.slice()], [\"writes\", \(ns).writtenVersion]]);")
        }
    }
}
