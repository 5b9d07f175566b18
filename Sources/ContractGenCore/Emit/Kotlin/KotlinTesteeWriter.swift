/// Writes the Kotlin testee: a long-lived process speaking the testee protocol (docs/conformance.md) —
/// one request line in, one `{"ok":…}` or `{"error":…}` line out — for every contract.

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
        p.line()
        p.line("/** A request the testee cannot serve; reported as {\"error\": message}, never a crash. */")
        p.line("class TesteeError(message: String) : Exception(message)")
        p.line()
        p.line("/** Typed access to a request's `given`, rejecting unknown fields (a typo must not pass silently). */")
        p.block("class Given(json: ContractJson?, allowed: Set<String>) {") { p in
            p.line("val members: Map<String, ContractJson> =")
            p.indented { p in p.line("if (json is ContractJson.Obj) json.entries else throw TesteeError(\"given must be an object\")") }
            p.line()
            p.block("init {") { p in
                p.block("for (key in members.keys) {") { p in
                    p.line("if (!allowed.contains(key)) throw TesteeError(\"unknown given field '$key'\")")
                }
            }
            p.line()
            p.block("fun string(key: String): String {") { p in
                p.line("val value = members[key]")
                p.line("if (value !is ContractJson.Str) throw TesteeError(\"given.$key must be a string\")")
                p.line("return value.value")
            }
            p.line()
            p.block("fun optionalString(key: String): String? {") { p in
                p.line("val value = members[key]")
                p.block("return when (value) {") { p in
                    p.line("null, ContractJson.Null -> null")
                    p.line("is ContractJson.Str -> value.value")
                    p.line("else -> throw TesteeError(\"given.$key must be a string or null\")")
                }
            }
            p.line()
            p.block("fun bool(key: String): Boolean {") { p in
                p.line("val value = members[key]")
                p.line("if (value !is ContractJson.Bool) throw TesteeError(\"given.$key must be a boolean\")")
                p.line("return value.value")
            }
            p.line()
            p.line("/** An integral number; null when it is a number that is not an integer (the caller decides). */")
            p.block("fun integer(key: String): Long? {") { p in
                p.line("val value = members[key]")
                p.line("if (value !is ContractJson.Num) throw TesteeError(\"given.$key must be a number\")")
                p.line("val number = value.value")
                p.line("if (number.isNaN() || number.isInfinite() || number % 1.0 != 0.0) return null")
                p.line("if (Math.abs(number) > ContractRead.MAX_SAFE_INTEGER_DOUBLE) return null")
                p.line("return number.toLong()")
            }
            p.line()
            p.line("/** A `{key: bool}` object; non-boolean values are skipped. */")
            p.block("fun boolMap(key: String): Map<String, Boolean>? {") { p in
                p.line("val value = members[key]")
                p.block("return when (value) {") { p in
                    p.line("null, ContractJson.Null -> null")
                    p.block("is ContractJson.Obj -> {") { p in
                        p.line("val result = LinkedHashMap<String, Boolean>()")
                        p.line("for ((id, flag) in value.entries) if (flag is ContractJson.Bool) result[id] = flag.value")
                        p.line("result")
                    }
                    p.line("else -> throw TesteeError(\"given.$key must be an object\")")
                }
            }
        }
        p.line()
        p.line("/** One response object: {\"ok\": observation} or {\"error\": message}. */")
        p.block("fun response(key: String, value: ContractJson): ContractJson {") { p in
            p.line("val entries = LinkedHashMap<String, ContractJson>()")
            p.line("entries[key] = value")
            p.line("return ContractJson.Obj(entries)")
        }
        p.line()
        p.line("/**")
        p.line(" * Serves one request line and returns the response line. Catches Throwable, not just Exception:")
        p.line(" * an OutOfMemoryError or StackOverflowError becomes an error line, never a dead process.")
        p.line(" */")
        p.block("fun respond(line: String): String {") { p in
            p.block("return try {", closer: "} catch (error: TesteeError) {") { p in
                p.line("val request = ContractJsonReader.parse(line)")
                p.line("if (request !is ContractJson.Obj) throw TesteeError(\"request is not a JSON object\")")
                p.block("for (key in request.entries.keys) {") { p in
                    p.line("if (key != \"contract\" && key != \"op\" && key != \"given\") throw TesteeError(\"unknown request field '$key'\")")
                }
                p.line("val contract = request.entries[\"contract\"]")
                p.line("val op = request.entries[\"op\"]")
                p.block("if (contract !is ContractJson.Str || op !is ContractJson.Str) {") { p in
                    p.line("throw TesteeError(\"request needs string 'contract' and 'op'\")")
                }
                p.block("val result = when (contract.value) {") { p in
                    for contract in contracts {
                        p.line("\(KotlinNames.quoted(contract.name)) -> serve\(contract.targets.kotlinObject)(op.value, request.entries[\"given\"])")
                    }
                    p.line("else -> throw TesteeError(\"unknown contract '${contract.value}'\")")
                }
                p.line("ContractJsonWriter.serialize(response(\"ok\", result))")
            }
            p.indented { p in
                p.line("ContractJsonWriter.serialize(response(\"error\", ContractJson.Str(error.message ?: \"error\")))")
            }
            p.block("} catch (error: Throwable) {") { p in
                p.line("ContractJsonWriter.serialize(response(\"error\", ContractJson.Str(error.toString())))")
            }
        }
        for contract in contracts {
            p.line()
            serveFunction(contract, &p)
        }
        p.line()
        p.line("/**")
        p.line(" * Request lines as the protocol defines them, the same in the Swift and TypeScript testees: the bytes")
        p.line(" * up to LF (a CR right before the LF is dropped; a bare CR stays in the line, where BufferedReader's")
        p.line(" * readLine would end the line and shift every later answer), decoded as UTF-8 with one U+FFFD per")
        p.line(" * maximal ill-formed subsequence (the Unicode/WHATWG practice of Swift and Node; the JDK decoder")
        p.line(" * turns the three bytes of a CESU-8 surrogate into one U+FFFD).")
        p.line(" */")
        p.line("class RequestLines(private val input: java.io.InputStream) {")
        p.line("    private val buffer = ByteArray(65536)")
        p.line("    private var start = 0")
        p.line("    private var end = 0")
        p.line("    private var line = java.io.ByteArrayOutputStream()")
        p.line()
        p.line("    /** The next line, or null at the end of input (a last line without LF is still a line). */")
        p.line("    fun next(): String? {")
        p.line("        line.reset()")
        p.line("        var sawBytes = false")
        p.line("        while (true) {")
        p.line("            if (start == end && !fill()) return if (sawBytes) decodeUtf8(line.toByteArray()) else null")
        p.line("            sawBytes = true")
        p.line("            var i = start")
        p.line("            while (i < end && buffer[i] != LF) i++")
        p.line("            line.write(buffer, start, i - start)")
        p.line("            val ended = i < end")
        p.line("            start = if (ended) i + 1 else end")
        p.line("            if (ended) return decodeUtf8(line.toByteArray())")
        p.line("        }")
        p.line("    }")
        p.line()
        p.line("    /** Skips the rest of the current line (after an OutOfMemoryError), so answers stay in step. */")
        p.line("    fun skipLine() {")
        p.line("        line = java.io.ByteArrayOutputStream()")
        p.line("        while (start < end || fill()) {")
        p.line("            while (start < end) {")
        p.line("                if (buffer[start++] == LF) return")
        p.line("            }")
        p.line("        }")
        p.line("    }")
        p.line()
        p.line("    private fun fill(): Boolean {")
        p.line("        val count = input.read(buffer, 0, buffer.size)")
        p.line("        start = 0")
        p.line("        end = if (count > 0) count else 0")
        p.line("        return count > 0")
        p.line("    }")
        p.line()
        p.line("    private companion object {")
        p.line("        const val LF: Byte = 10")
        p.line("        const val CR: Byte = 13")
        p.line()
        p.line("        /** UTF-8 to text, one U+FFFD per maximal ill-formed subsequence; a final CR is dropped. */")
        p.line("        fun decodeUtf8(bytes: ByteArray): String {")
        p.line("            val length = if (bytes.size > 0 && bytes[bytes.size - 1] == CR) bytes.size - 1 else bytes.size")
        p.line("            val out = StringBuilder(length)")
        p.line("            var i = 0")
        p.line("            while (i < length) {")
        p.line("                val lead = bytes[i].toInt() and 0xFF")
        p.line("                i++")
        p.line("                if (lead < 0x80) {")
        p.line("                    out.append(lead.toChar())")
        p.line("                    continue")
        p.line("                }")
        p.line("                // Continuation bytes needed, and the range the first one must fall in (no overlong")
        p.line("                // form, no surrogate, nothing above U+10FFFF).")
        p.line("                var needed = 0")
        p.line("                var lower = 0x80")
        p.line("                var upper = 0xBF")
        p.line("                var codePoint = 0")
        p.line("                when (lead) {")
        p.line("                    in 0xC2..0xDF -> { needed = 1; codePoint = lead and 0x1F }")
        p.line("                    in 0xE0..0xEF -> {")
        p.line("                        needed = 2; codePoint = lead and 0x0F")
        p.line("                        if (lead == 0xE0) lower = 0xA0")
        p.line("                        if (lead == 0xED) upper = 0x9F")
        p.line("                    }")
        p.line("                    in 0xF0..0xF4 -> {")
        p.line("                        needed = 3; codePoint = lead and 0x07")
        p.line("                        if (lead == 0xF0) lower = 0x90")
        p.line("                        if (lead == 0xF4) upper = 0x8F")
        p.line("                    }")
        p.line("                }")
        p.line("                while (needed > 0 && i < length) {")
        p.line("                    val next = bytes[i].toInt() and 0xFF")
        p.line("                    if (next < lower || next > upper) break")
        p.line("                    codePoint = (codePoint shl 6) or (next and 0x3F)")
        p.line("                    lower = 0x80")
        p.line("                    upper = 0xBF")
        p.line("                    needed--")
        p.line("                    i++")
        p.line("                }")
        p.line("                if (needed == 0 && lead >= 0xC2 && lead <= 0xF4) out.appendCodePoint(codePoint) else out.append('\\uFFFD')")
        p.line("            }")
        p.line("            return out.toString()")
        p.line("        }")
        p.line("    }")
        p.line("}")
        p.line()
        p.line("/** One request per line, one response per line, until stdin closes. */")
        p.block("fun main() {") { p in
            p.line("// UTF-8 both ways, whatever the platform default. A request line may be 100 MB: read it as a line.")
            p.line("val input = RequestLines(System.`in`)")
            p.line("val output = System.out.bufferedWriter(Charsets.UTF_8)")
            p.block("while (true) {") { p in
                p.block("val line = try {", closer: "} catch (error: Throwable) {") { p in
                    p.line("input.next() ?: break")
                }
                p.indented { p in
                    p.line("// A line too long to hold (OutOfMemoryError): skip the rest of it, up to LF, so the")
                    p.line("// next answer still belongs to the next request, and answer this one with an error.")
                    p.line("input.skipLine()")
                    p.line("output.write(ContractJsonWriter.serialize(response(\"error\", ContractJson.Str(error.toString()))))")
                    p.line("output.write(\"\\n\")")
                    p.line("output.flush()")
                    p.line("continue")
                }
                p.line("}")
                p.line("// Not isEmpty(): Kotlin 1.3 on JDK 15+ resolves it to the deprecated CharSequence member.")
                p.line("if (line.length == 0) continue")
                p.line("output.write(respond(line))")
                p.line("output.write(\"\\n\")")
                p.line("output.flush()")
            }
        }
    }

    func serveFunction(_ contract: Contract, _ p: inout CodePrinter) {
        let ns = contract.targets.kotlinObject
        let b = contract.behaviours
        p.block("fun serve\(ns)(op: String, givenJson: ContractJson?): ContractJson {") { p in
            p.block("when (op) {") { p in
                p.block("\"decode\" -> {") { p in
                    if let overlay = b.overlay {
                        p.line("val given = Given(givenJson, setOf(\"blob\", \"pending\"))")
                        p.line("var decoded = \(ns).decode(given.string(\"blob\"))")
                        p.line("// The overlay is what the widget renders: the queue's \(overlay.flagField) targets over the blob's.")
                        p.line("val pending = given.boolMap(\"pending\")")
                        p.line("val value = decoded.value")
                        p.block("if (pending != null && value != null) {") { p in
                            p.line("decoded = decoded.copy(value = \(ns).overlaying(value, pending))")
                        }
                        p.line("return \(ns).observation(decoded)")
                    } else {
                        p.line("val given = Given(givenJson, setOf(\"blob\"))")
                        p.line("return \(ns).observation(\(ns).decode(given.string(\"blob\")))")
                    }
                }
                if b.staleness != nil {
                    p.block("\"stale\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"blob\", \"now\"))")
                        p.line("val now = given.integer(\"now\") ?: throw TesteeError(\"given.now must be an integer\")")
                        p.line("return ContractJson.Bool(\(ns).isStale(\(ns).decode(given.string(\"blob\")).value, now))")
                    }
                }
                if b.header != nil {
                    p.block("\"header\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"blob\", \"now\", \"timeZone\"))")
                        p.line("val now = given.integer(\"now\") ?: throw TesteeError(\"given.now must be an integer\")")
                        p.line("val value = \(ns).decode(given.string(\"blob\")).value")
                        p.line("val result = LinkedHashMap<String, ContractJson>()")
                        p.line("val header = \(ns).header(value, now, given.string(\"timeZone\"))")
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
                    }
                    p.block("\"dayStart\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"dayStr\", \"timeZone\"))")
                        p.line("val dayMs = \(ns).dayStart(given.string(\"dayStr\"), given.string(\"timeZone\"))")
                        p.line("return dayMs?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
                    }
                }
                if b.validUntil != nil {
                    p.block("\"validUntil\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"dayStr\", \"startOfNextDayDiffMs\", \"timeZone\"))")
                        p.line("// The API takes whole milliseconds; a fractional offset has no valid result.")
                        p.line("val diff = given.integer(\"startOfNextDayDiffMs\") ?: return ContractJson.Null")
                        p.line("val result = \(ns).computeValidUntil(given.string(\"dayStr\"), diff, given.string(\"timeZone\"))")
                        p.line("return result?.let { ContractJson.Num(it.toDouble()) } ?: ContractJson.Null")
                    }
                }
                if b.doneQueue != nil {
                    p.block("\"queue.set\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"queue\", \"taskId\", \"isDone\"))")
                        p.line("val text = \(ns).DoneQueue.set(given.optionalString(\"queue\"), given.string(\"taskId\"), given.bool(\"isDone\"))")
                        p.line("return ContractJsonReader.parse(text) ?: throw TesteeError(\"set produced invalid JSON: $text\")")
                    }
                    p.block("\"queue.peek\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"queue\"))")
                        p.line("val result = LinkedHashMap<String, ContractJson>()")
                        p.line("// toSortedMap orders by String.compareTo: UTF-16 code units, as ContractRead.utf16Less.")
                        p.block("for ((id, isDone) in \(ns).DoneQueue.peek(given.optionalString(\"queue\")).toSortedMap()) {") { p in
                            p.line("result[id] = ContractJson.Bool(isDone)")
                        }
                        p.line("return ContractJson.Obj(result)")
                    }
                    p.block("\"queue.drain\" -> {") { p in
                        p.line("val given = Given(givenJson, setOf(\"queue\", \"tasks\"))")
                        p.line("val changes = \(ns).DoneQueue.drain(given.optionalString(\"queue\"), current = given.boolMap(\"tasks\") ?: emptyMap())")
                        p.block("return ContractJson.Arr(changes.map { change ->", closer: "})") { p in
                            p.line("val entry = LinkedHashMap<String, ContractJson>()")
                            p.line("entry[\"id\"] = ContractJson.Str(change.first)")
                            p.line("entry[\"isDone\"] = ContractJson.Bool(change.second)")
                            p.line("ContractJson.Obj(entry)")
                        }
                    }
                }
                KotlinTimelineRenderer(contract: contract).testeeCase(&p)
                // The escaped name has `$` as `\$`, so it can be spliced into a template string.
                p.line("else -> throw TesteeError(\"unknown op '$op' for \(StringLiteral.kotlinContent(contract.name))\")")
            }
        }
    }
}
