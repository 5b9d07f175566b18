/// Writes the TypeScript testee: a long-lived Node process speaking the testee protocol (docs/conformance.md) —
/// one request line in, one `{"ok":…}` or `{"error":…}` line out — for every contract.
/// It compiles without @types/node: the few Node globals it touches are declared here.

struct TypeScriptTesteeWriter {
    let contracts: [Contract]

    func write(_ p: inout CodePrinter) {
        p.line("/** The few Node globals the testee uses, declared here so that no @types/node is needed. */")
        p.block("declare const process: {", closer: "};") { p in
            p.block("readonly stdin: {", closer: "};") { p in
                p.line("setEncoding(encoding: \"utf8\"): void;")
                p.line("on(event: \"data\", listener: (chunk: string) => void): void;")
                p.line("on(event: \"end\", listener: () => void): void;")
            }
            p.block("readonly stdout: {", closer: "};") { p in
                p.line("write(text: string): boolean;")
            }
        }
        p.line()
        p.line("/** A request the testee cannot serve; reported as {\"error\": message}, never a crash. */")
        p.line("class TesteeError extends Error {}")
        p.line()
        p.line("/** Typed access to a request's `given`, rejecting unknown fields (a typo must not pass silently). */")
        p.block("class Given {") { p in
            p.line("private readonly object: ContractJsonObject;")
            p.line()
            p.block("constructor(json: ContractJson | undefined, allowed: ReadonlyArray<string>) {") { p in
                p.line("if (!(json instanceof Map)) throw new TesteeError(\"given must be an object\");")
                p.block("for (const key of json.keys()) {") { p in
                    p.line("if (allowed.indexOf(key) < 0) throw new TesteeError(`unknown given field '${key}'`);")
                }
                p.line("this.object = json;")
            }
            p.line()
            p.block("string(key: string): string {") { p in
                p.line("const value = this.object.get(key);")
                p.line("if (typeof value !== \"string\") throw new TesteeError(`given.${key} must be a string`);")
                p.line("return value;")
            }
            p.line()
            p.block("optionalString(key: string): string | null {") { p in
                p.line("const value = this.object.get(key);")
                p.line("if (value === undefined || value === null) return null;")
                p.line("if (typeof value !== \"string\") throw new TesteeError(`given.${key} must be a string or null`);")
                p.line("return value;")
            }
            p.line()
            p.block("bool(key: string): boolean {") { p in
                p.line("const value = this.object.get(key);")
                p.line("if (typeof value !== \"boolean\") throw new TesteeError(`given.${key} must be a boolean`);")
                p.line("return value;")
            }
            p.line()
            p.line("/** An integral number; null when it is a number that is not an integer (the caller decides). */")
            p.block("integer(key: string): number | null {") { p in
                p.line("const value = this.object.get(key);")
                p.line("if (typeof value !== \"number\") throw new TesteeError(`given.${key} must be a number`);")
                p.line("return Number.isSafeInteger(value) ? value + 0 : null;")
            }
            p.line()
            p.line("/** A `{key: bool}` object; non-boolean values are skipped. */")
            p.block("boolMap(key: string): Map<string, boolean> | null {") { p in
                p.line("const value = this.object.get(key);")
                p.line("if (value === undefined || value === null) return null;")
                p.line("if (!(value instanceof Map)) throw new TesteeError(`given.${key} must be an object`);")
                p.line("const result = new Map<string, boolean>();")
                p.line("for (const [id, flag] of value) if (typeof flag === \"boolean\") result.set(id, flag);")
                p.line("return result;")
            }
        }
        p.line()
        p.line("/** One response object: {\"ok\": observation} or {\"error\": message}. */")
        p.block("function response(key: \"ok\" | \"error\", value: ContractJson): ContractJson {") { p in
            p.line("return new Map<string, ContractJson>([[key, value]]);")
        }
        p.line()
        p.line("/** Serves one request line. Every exception, even a RangeError from a blown stack, becomes an error line. */")
        p.block("function respond(line: string): ContractJson {") { p in
            p.block("try {", closer: "} catch (error) {") { p in
                p.line("const request = parseContractJson(line);")
                p.line("if (!(request instanceof Map)) throw new TesteeError(\"request is not a JSON object\");")
                p.block("for (const key of request.keys()) {") { p in
                    p.line("if (key !== \"contract\" && key !== \"op\" && key !== \"given\") throw new TesteeError(`unknown request field '${key}'`);")
                }
                p.line("const contract = request.get(\"contract\");")
                p.line("const op = request.get(\"op\");")
                p.block("if (typeof contract !== \"string\" || typeof op !== \"string\") {") { p in
                    p.line("throw new TesteeError(\"request needs string 'contract' and 'op'\");")
                }
                p.block("switch (contract) {") { p in
                    for contract in contracts {
                        p.line("case \(TypeScriptNames.quoted(contract.name)):")
                        p.indented { p in
                            p.line("return response(\"ok\", serve\(TypeScriptNames.moduleAlias(contract))(op, request.get(\"given\")));")
                        }
                    }
                    p.line("default:")
                    p.indented { p in p.line("throw new TesteeError(`unknown contract '${contract}'`);") }
                }
            }
            p.indented { p in
                p.line("return response(\"error\", error instanceof TesteeError ? error.message : String(error));")
            }
            p.line("}")
        }
        for contract in contracts {
            p.line()
            serveFunction(contract, &p)
        }
        p.line()
        p.line("/** Answers one line with exactly one line; an empty line is no request. */")
        p.block("function serveLine(raw: string): void {") { p in
            p.line("const line = raw.endsWith(\"\\r\") ? raw.slice(0, -1) : raw;")
            p.line("if (line.length === 0) return;")
            p.line("let reply: string;")
            p.block("try {", closer: "} catch (error) {") { p in
                p.line("reply = serializeContractJson(respond(line));")
            }
            p.indented { p in
                p.line("reply = serializeContractJson(response(\"error\", String(error)));")
            }
            p.line("}")
            p.line("process.stdout.write(reply + \"\\n\");")
        }
        p.line()
        p.line("// One request per line, one response per line, until stdin closes. A line may be 100 MB and")
        p.line("// arrive in thousands of chunks: the pieces are kept in an array and joined once per line (never")
        p.line("// `pending += chunk`, which would copy the line again for every chunk).")
        p.line("const pieces: string[] = [];")
        p.line("process.stdin.setEncoding(\"utf8\"); // a character split across two chunks is decoded whole")
        p.block("process.stdin.on(\"data\", (chunk: string) => {", closer: "});") { p in
            p.line("let start = 0;")
            p.block("for (;;) {") { p in
                p.line("const newline = chunk.indexOf(\"\\n\", start);")
                p.line("if (newline < 0) break;")
                p.line("pieces.push(chunk.slice(start, newline));")
                p.line("const line = pieces.join(\"\");")
                p.line("pieces.length = 0;")
                p.line("serveLine(line);")
                p.line("start = newline + 1;")
            }
            p.line("if (start < chunk.length) pieces.push(chunk.slice(start));")
        }
        p.block("process.stdin.on(\"end\", () => {", closer: "});") { p in
            p.line("// A last line without a newline is still a request.")
            p.line("if (pieces.length > 0) serveLine(pieces.join(\"\"));")
        }
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        let ns = TypeScriptNames.moduleAlias(contract)
        let b = contract.behaviours
        p.block("function serve\(ns)(op: string, givenJson: ContractJson | undefined): ContractJson {") { p in
            p.block("switch (op) {") { p in
                p.block("case \"decode\": {") { p in
                    if let overlay = b.overlay {
                        p.line("const given = new Given(givenJson, [\"blob\", \"pending\"]);")
                        p.line("let decoded = \(ns).decode(given.string(\"blob\"));")
                        p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                        p.line("const pending = given.boolMap(\"pending\");")
                        p.block("if (pending !== null && decoded.value !== null) {") { p in
                            p.line("decoded = { ...decoded, value: \(ns).overlaying(decoded.value, pending) };")
                        }
                        p.line("return \(ns).observation(decoded);")
                    } else {
                        p.line("const given = new Given(givenJson, [\"blob\"]);")
                        p.line("return \(ns).observation(\(ns).decode(given.string(\"blob\")));")
                    }
                }
                if b.staleness != nil {
                    p.block("case \"stale\": {") { p in
                        p.line("const given = new Given(givenJson, [\"blob\", \"now\"]);")
                        p.line("const now = given.integer(\"now\");")
                        p.line("if (now === null) throw new TesteeError(\"given.now must be an integer\");")
                        p.line("return \(ns).isStale(\(ns).decode(given.string(\"blob\")).value, now);")
                    }
                }
                if b.header != nil {
                    p.block("case \"header\": {") { p in
                        p.line("const given = new Given(givenJson, [\"blob\", \"now\", \"timeZone\"]);")
                        p.line("const now = given.integer(\"now\");")
                        p.line("if (now === null) throw new TesteeError(\"given.now must be an integer\");")
                        p.line("const value = \(ns).decode(given.string(\"blob\")).value;")
                        p.line("const header = \(ns).header(value, now, given.string(\"timeZone\"));")
                        p.line("const result: ContractJsonObject = new Map();")
                        p.line("result.set(\"kind\", header.kind);")
                        p.line("if (header.kind === \"outdated\") result.set(\"dayMs\", header.dayMs);")
                        p.line("return result;")
                    }
                    p.block("case \"dayStart\": {") { p in
                        p.line("const given = new Given(givenJson, [\"dayStr\", \"timeZone\"]);")
                        p.line("return \(ns).dayStart(given.string(\"dayStr\"), given.string(\"timeZone\"));")
                    }
                }
                if b.validUntil != nil {
                    p.block("case \"validUntil\": {") { p in
                        p.line("const given = new Given(givenJson, [\"dayStr\", \"startOfNextDayDiffMs\", \"timeZone\"]);")
                        p.line("// The API takes whole milliseconds; a fractional offset has no valid result.")
                        p.line("const diff = given.integer(\"startOfNextDayDiffMs\");")
                        p.line("if (diff === null) return null;")
                        p.line("return \(ns).computeValidUntil(given.string(\"dayStr\"), diff, given.string(\"timeZone\"));")
                    }
                }
                if b.doneQueue != nil {
                    p.block("case \"queue.set\": {") { p in
                        p.line("const given = new Given(givenJson, [\"queue\", \"taskId\", \"isDone\"]);")
                        p.line("const text = \(ns).DoneQueue.set(given.optionalString(\"queue\"), given.string(\"taskId\"), given.bool(\"isDone\"));")
                        p.line("const queue = parseContractJson(text);")
                        p.line("if (queue === undefined) throw new TesteeError(`set produced invalid JSON: ${text}`);")
                        p.line("return queue;")
                    }
                    p.block("case \"queue.peek\": {") { p in
                        p.line("const given = new Given(givenJson, [\"queue\"]);")
                        p.line("const entries = Array.from(\(ns).DoneQueue.peek(given.optionalString(\"queue\")));")
                        p.line("entries.sort((a, b) => (utf16Less(a[0], b[0]) ? -1 : utf16Less(b[0], a[0]) ? 1 : 0));")
                        p.line("return new Map<string, ContractJson>(entries);")
                    }
                    p.block("case \"queue.drain\": {") { p in
                        p.line("const given = new Given(givenJson, [\"queue\", \"tasks\"]);")
                        p.line("const changes = \(ns).DoneQueue.drain(given.optionalString(\"queue\"), given.boolMap(\"tasks\") ?? new Map());")
                        p.line("return changes.map((change): ContractJson => new Map<string, ContractJson>([[\"id\", change.id], [\"isDone\", change.isDone]]));")
                    }
                }
                TypeScriptTimelineRenderer(contract: contract).testeeCase(&p)
                p.line("default:")
                p.indented { p in
                    p.line("throw new TesteeError(`unknown op '${op}' for \(StringLiteral.typeScriptContent(contract.name, quote: "`"))`);")
                }
            }
        }
    }
}
