// The constant part of the Kotlin testee (docs/conformance.md, "The testee protocol"): request
// lines, typed access to `given`, response lines. `emit` writes this file verbatim beside the
// generated dispatch (Testee.kt), which holds only what depends on the contracts. It is not part
// of what an app ships.
package dev.contractgen.testee

import dev.contractgen.runtime.ContractEncodeException
import dev.contractgen.runtime.ContractJson
import dev.contractgen.runtime.ContractJsonOutput
import dev.contractgen.runtime.ContractJsonReader
import dev.contractgen.runtime.ContractReport

/** A request the testee cannot serve; answered as {"error": message}, never a crash. */
internal class TesteeError(message: String) : Exception(message)

/**
 * An op this testee does not implement (`decodeBytes`: Kotlin's decoders take text); answered as
 * {"skipped": reason}, which a run counts apart (neither passed nor failed).
 */
internal class TesteeSkipped(val reason: String) : Exception(reason)

/**
 * Typed access to a request's `given`, one accessor per JSON type of the protocol, rejecting keys
 * the op does not take (a typo in a hand-written case must fail, not pass by accident).
 */
internal class Given(json: ContractJson?, allowed: Set<String>) {
    val members: Map<String, ContractJson> =
        if (json is ContractJson.Obj) json.entries else throw TesteeError("given must be an object")

    init {
        for (key in members.keys) {
            if (!allowed.contains(key)) throw TesteeError("unknown given field '$key'")
        }
    }

    fun string(key: String): String {
        val value = members[key]
        if (value !is ContractJson.Str) throw TesteeError("given.$key must be a string")
        return value.value
    }

    fun boolean(key: String): Boolean {
        val value = members[key]
        if (value !is ContractJson.Bool) throw TesteeError("given.$key must be a boolean")
        return value.value
    }

    /** An integral number within ±(2^53−1); any other number is an error. */
    fun integer(key: String): Long = integerElseNull(key) ?: throw TesteeError("given.$key must be an integer")

    /** An integral number within ±(2^53−1); null for any other number (the op then answers null). */
    fun integerElseNull(key: String): Long? {
        val value = members[key]
        if (value !is ContractJson.Num) throw TesteeError("given.$key must be a number")
        val number = value.value
        if (number.isNaN() || number.isInfinite() || number % 1.0 != 0.0) return null
        if (Math.abs(number) > MAX_SAFE_INTEGER) return null
        return number.toLong()
    }

    /** Any JSON value (`null` included); an error only when absent. */
    fun json(key: String): ContractJson = members[key] ?: throw TesteeError("given.$key is missing")

    /**
     * A number of milliseconds as the Long an API takes: its integral value when a Long holds it,
     * so the runtime's own bounds decide (2^53 is no offset); null for any other number (the op
     * then answers null: the API cannot be called with it).
     */
    fun millisecondOffset(key: String): Long? {
        val value = members[key]
        if (value !is ContractJson.Num) throw TesteeError("given.$key must be a number")
        val number = value.value
        if (number.isNaN() || number.isInfinite() || number % 1.0 != 0.0) return null
        if (Math.abs(number) >= 9.223372036854775807E18) return null
        return number.toLong()
    }

    /** A string; null when absent or null. */
    fun textOrNull(key: String): String? {
        val value = members[key]
        return when (value) {
            null, ContractJson.Null -> null
            is ContractJson.Str -> value.value
            else -> throw TesteeError("given.$key must be a string or null")
        }
    }

    /** A `{id: bool}` object (non-boolean values skipped); null when absent or null. */
    /** A boolean; false when absent. */
    fun flag(key: String): Boolean {
        val value = members[key] ?: return false
        if (value !is ContractJson.Bool) throw TesteeError("given.$key must be a boolean")
        return value.value
    }

    fun flagMap(key: String): Map<String, Boolean>? {
        val value = members[key]
        return when (value) {
            null, ContractJson.Null -> null
            is ContractJson.Obj -> {
                val result = LinkedHashMap<String, Boolean>()
                for ((id, flag) in value.entries) if (flag is ContractJson.Bool) result[id] = flag.value
                result
            }
            else -> throw TesteeError("given.$key must be an object")
        }
    }

    private companion object {
        const val MAX_SAFE_INTEGER = 9007199254740991.0
    }
}

/**
 * The `encode` op's input (docs/conformance.md) read into a contract's Kotlin values, as an app
 * would build them, and its answer. The input is JSON as an app hands it to TypeScript's `encode`;
 * what Kotlin's types cannot hold there — a value of another JSON type, a fraction or a number
 * beyond Long for an integer, an enum value or union tag that is none of the cases, a missing
 * required field — is refused here, at the path TypeScript's encoder refuses it at: in Kotlin
 * that refusal is the compiler's. Everything else goes to the generated `encode`, which checks
 * it as the readers' rules say. A string that held an unpaired surrogate (the reader keeps only
 * that it was invalid) is handed over as "\uD800", a String with one, which `encode` must refuse.
 * (One input with two refusals can name a different one first: the type's, here, before the encoder's.)
 */
internal object TesteeInput {
    /** null for an absent member or JSON `null`: how TypeScript's encoder treats `undefined` and `null`. */
    fun present(json: ContractJson?): ContractJson? = if (json == ContractJson.Null) null else json

    /**
     * `given.inputJson` read by the runtime's own reader (a string holding an unpaired surrogate is
     * its invalid string; a member whose key holds one is dropped, as every reader drops it).
     */
    fun parsed(text: String): ContractJson = ContractJsonReader.parse(text) ?: throw TesteeError("given.inputJson is not JSON")

    fun obj(json: ContractJson?): Map<String, ContractJson> =
        (json as? ContractJson.Obj)?.entries ?: throw ContractEncodeException("an object")

    fun string(json: ContractJson?): String = when (json) {
        is ContractJson.Str -> json.value
        ContractJson.InvalidStr -> "\uD800"
        else -> throw ContractEncodeException(ContractJsonOutput.EXPECTED_STRING)
    }

    fun bool(json: ContractJson?): Boolean = (json as? ContractJson.Bool)?.value ?: throw ContractEncodeException("a boolean")

    fun number(json: ContractJson?): Double = (json as? ContractJson.Num)?.value ?: throw ContractEncodeException(ContractJsonOutput.EXPECTED_NUMBER)

    /** An integral number a Long holds (whether it is safe is the encoder's check). */
    fun integer(json: ContractJson?, expected: String): Long {
        val number = (json as? ContractJson.Num)?.value ?: throw ContractEncodeException(expected)
        if (number % 1.0 != 0.0 || number < -9.223372036854775808E18 || number >= 9.223372036854775808E18) throw ContractEncodeException(expected)
        return number.toLong()
    }

    /** A union input's tag string (compared exactly); null when it is no string. */
    fun text(json: ContractJson?): String? = (json as? ContractJson.Str)?.value

    /** An array, each element read by [element] (a refusal inside gets the element's `[index]`). */
    fun <T> array(json: ContractJson?, element: (ContractJson) -> T): List<T> {
        val items = (json as? ContractJson.Arr)?.items ?: throw ContractEncodeException("an array")
        val result = ArrayList<T>(items.size)
        for ((index, item) in items.withIndex()) {
            try {
                result.add(element(item))
            } catch (refusal: ContractEncodeException) {
                throw refusal.within("[$index]")
            }
        }
        return result
    }

    /**
     * An object as a map in the object's key order (as an app's LinkedHashMap keeps it, so the
     * encoder meets canonically equivalent keys in that order), each value read by [value] in the
     * keys' UTF-16 order (the order the encoders write them in).
     */
    fun <T> map(json: ContractJson?, value: (ContractJson) -> T): Map<String, T> {
        val entries = (json as? ContractJson.Obj)?.entries ?: throw ContractEncodeException("a Map or an object")
        val read = HashMap<String, T>(entries.size * 2)
        for (key in entries.keys.sorted()) {
            try {
                read[key] = value(entries.getValue(key))
            } catch (refusal: ContractEncodeException) {
                throw refusal.within("[" + ContractJsonOutput.quoted(key) + "]")
            }
        }
        val result = LinkedHashMap<String, T>(entries.size * 2)
        for (key in entries.keys) result[key] = read.getValue(key)
        return result
    }

    /** `{"text": document}` or `{"refused": path}`; [bytes] (encodeBytes) must be the text's UTF-8. */
    fun answer(encode: () -> String, bytes: () -> ByteArray): ContractJson {
        val text = try {
            encode()
        } catch (refusal: ContractEncodeException) {
            return TesteeSupport.response("refused", ContractJson.Str(refusal.path))
        }
        if (!bytes().contentEquals(text.toByteArray(Charsets.UTF_8))) throw TesteeError("encodeBytes is not encode's text as UTF-8")
        return TesteeSupport.response("text", ContractJson.Str(text))
    }
}

/** Serves a contract's op: (op, given) → the `ok` result. */
internal typealias TesteeContractServer = (String, ContractJson?) -> ContractJson

internal object TesteeSupport {
    private val requestKeys = setOf("contract", "op", "given")

    /** One response object with its one key. */
    fun response(key: String, value: ContractJson): ContractJson {
        val entries = LinkedHashMap<String, ContractJson>()
        entries[key] = value
        return ContractJson.Obj(entries)
    }

    /**
     * The observation with `"dropped": N` added when it has no `dropped` member (a wrapped one): the
     * `dropped` flag of a decode request (docs/conformance.md), which makes the count of dropped
     * array elements observable whatever the contract's observation style.
     */
    fun withDropped(observation: ContractJson, dropped: Int): ContractJson {
        if (observation !is ContractJson.Obj || observation.entries.containsKey("dropped")) return observation
        val entries = LinkedHashMap(observation.entries)
        entries["dropped"] = ContractJson.Num(dropped.toDouble())
        return ContractJson.Obj(entries)
    }

    /**
     * The observation with the decode's report under `report` (docs/report.md): each entry's path,
     * rule, used and the details it has; unchanged without a report.
     */
    fun withReport(observation: ContractJson, report: ContractReport?): ContractJson {
        if (report == null || observation !is ContractJson.Obj) return observation
        val entries = report.entries.map { entry ->
            val members = LinkedHashMap<String, ContractJson>()
            members["path"] = ContractJson.Str(entry.path)
            members["rule"] = ContractJson.Str(entry.rule)
            members["used"] = ContractJson.Str(entry.used)
            entry.found?.let { members["found"] = ContractJson.Str(it) }
            entry.constraint?.let { members["constraint"] = ContractJson.Str(it) }
            entry.fallback?.let { members["fallback"] = ContractJson.Str(it) }
            entry.field?.let { members["field"] = ContractJson.Str(it) }
            entry.offset?.let { members["offset"] = ContractJson.Num(it.toDouble()) }
            entry.expected?.let { members["expected"] = ContractJson.Str(it) }
            ContractJson.Obj(members)
        }
        val result = LinkedHashMap(observation.entries)
        result["report"] = ContractJson.Arr(entries)
        if (report.omitted > 0) result["reportOmitted"] = ContractJson.Num(report.omitted.toDouble())
        return ContractJson.Obj(result)
    }

    /**
     * The bytes of a `decodeBytes` request's `hex`: two hex digits (either case) per byte. Any
     * other string is the request's error, never a guess.
     */
    fun bytes(hex: String): ByteArray {
        if (hex.length % 2 != 0) throw TesteeError("hex has an odd number of digits")
        val bytes = ByteArray(hex.length / 2)
        for (i in bytes.indices) {
            val high = Character.digit(hex[2 * i], 16)
            val low = Character.digit(hex[2 * i + 1], 16)
            // Character.digit also takes non-ASCII digits (fullwidth, Arabic-Indic): ASCII only.
            if (high < 0 || low < 0 || hex[2 * i] > 'f' || hex[2 * i + 1] > 'f') {
                throw TesteeError("hex holds a character that is not a hex digit")
            }
            bytes[i] = ((high shl 4) or low).toByte()
        }
        return bytes
    }

    /**
     * The UTF-8 bytes of a decode's blob for its `bytes` road. A blob holding an unpaired surrogate
     * has no UTF-8 bytes (`toByteArray` would write `?` for it): the request's error, never a guess.
     */
    fun utf8(blob: String): ByteArray {
        for (i in blob.indices) {
            val c = blob[i]
            if (Character.isHighSurrogate(c) && (i + 1 >= blob.length || !Character.isLowSurrogate(blob[i + 1]))) {
                throw TesteeError("blob holds an unpaired surrogate: it has no UTF-8 bytes")
            }
            if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(blob[i - 1]))) {
                throw TesteeError("blob holds an unpaired surrogate: it has no UTF-8 bytes")
            }
        }
        return blob.toByteArray(Charsets.UTF_8)
    }

    /** The error for an op a contract does not serve. */
    fun unknownOp(op: String, contract: String): TesteeError = TesteeError("unknown op '$op' for $contract")

    /**
     * Serves one request line and returns the response line. Catches Throwable, not just Exception:
     * an OutOfMemoryError or StackOverflowError becomes an error line, never a dead process.
     */
    fun respond(line: String, contracts: Map<String, TesteeContractServer>): String {
        return try {
            val request = ContractJsonReader.parse(line)
            if (request !is ContractJson.Obj) throw TesteeError("request is not a JSON object")
            for (key in request.entries.keys) {
                if (!requestKeys.contains(key)) throw TesteeError("unknown request field '$key'")
            }
            val contract = request.entries["contract"]
            val op = request.entries["op"]
            if (contract !is ContractJson.Str || op !is ContractJson.Str) {
                throw TesteeError("request needs string 'contract' and 'op'")
            }
            val serve = contracts[contract.value] ?: throw TesteeError("unknown contract '${contract.value}'")
            ResponseJson.text(response("ok", serve(op.value, request.entries["given"])))
        } catch (skip: TesteeSkipped) {
            ResponseJson.text(response("skipped", ContractJson.Str(skip.reason)))
        } catch (error: TesteeError) {
            ResponseJson.text(response("error", ContractJson.Str(error.message ?: "error")))
        } catch (error: Throwable) {
            ResponseJson.text(response("error", ContractJson.Str(error.toString())))
        }
    }

    /** One request per line, one response per line, until stdin closes. */
    fun run(contracts: Map<String, TesteeContractServer>) {
        // UTF-8 both ways, whatever the platform default. A request line may be 100 MB: read it as a line.
        val input = RequestLines(System.`in`)
        val output = System.out.bufferedWriter(Charsets.UTF_8)
        while (true) {
            val line = try {
                input.next() ?: break
            } catch (error: Throwable) {
                // A line too long to hold (OutOfMemoryError): skip the rest of it, up to LF, so the
                // next answer still belongs to the next request, and answer this one with an error.
                input.skipLine()
                output.write(ResponseJson.text(response("error", ContractJson.Str(error.toString()))))
                output.write("\n")
                output.flush()
                continue
            }
            // Not isEmpty(): Kotlin 1.3 on JDK 15+ resolves it to the deprecated CharSequence member.
            if (line.length == 0) continue
            output.write(respond(line, contracts))
            output.write("\n")
            output.flush()
        }
    }
}

/**
 * The JSON text of a response line, written by the testee itself and not by the runtime's
 * ContractJsonWriter: the runtime is what is under test, and a mutant of its writer must not
 * rewrite the answer it is judged by (two wrongs that cancel; docs/mutation.md). ASCII only: every
 * UTF-16 unit outside printable ASCII is a `\uXXXX` escape, so an unpaired surrogate survives and no
 * output encoding can matter. Numbers: integral values within ±(2^53−1) as integers, ±∞ as ±1e400
 * (a number the reader reads back as ±∞), NaN as null, any other in the JDK's round-trip form. The
 * depth is bounded by the reader's limit; a StackOverflowError would still become an error line.
 */
internal object ResponseJson {
    private const val HEX = "0123456789abcdef"
    private const val MAX_SAFE_INTEGER = 9007199254740991.0

    fun text(value: ContractJson): String {
        val sb = StringBuilder()
        append(value, sb)
        return sb.toString()
    }

    private fun append(value: ContractJson, sb: StringBuilder) {
        when (value) {
            is ContractJson.Null -> sb.append("null")
            is ContractJson.Bool -> sb.append(if (value.value) "true" else "false")
            is ContractJson.Num -> sb.append(numberText(value.value))
            is ContractJson.Str -> appendString(value.value, sb)
            // A string that held an unpaired surrogate: U+FFFD, as the runtime writers write it.
            is ContractJson.InvalidStr -> appendString("\uFFFD", sb)
            is ContractJson.Arr -> {
                sb.append('[')
                var first = true
                for (item in value.items) {
                    if (!first) sb.append(',')
                    first = false
                    append(item, sb)
                }
                sb.append(']')
            }
            is ContractJson.Obj -> {
                sb.append('{')
                var first = true
                for ((key, item) in value.entries) {
                    if (!first) sb.append(',')
                    first = false
                    appendString(key, sb)
                    sb.append(':')
                    append(item, sb)
                }
                sb.append('}')
            }
        }
    }

    fun numberText(d: Double): String = when {
        d.isNaN() -> "null"
        d.isInfinite() -> if (d < 0) "-1e400" else "1e400"
        d % 1.0 == 0.0 && Math.abs(d) <= MAX_SAFE_INTEGER -> d.toLong().toString()
        else -> d.toString()
    }

    private fun appendString(s: String, sb: StringBuilder) {
        sb.append('"')
        for (c in s) {
            when {
                c == '"' -> sb.append("\\\"")
                c == '\\' -> sb.append("\\\\")
                c >= ' ' && c <= '~' -> sb.append(c)
                else -> {
                    val unit = c.toInt()
                    sb.append("\\u").append(HEX[unit shr 12]).append(HEX[(unit shr 8) and 15])
                        .append(HEX[(unit shr 4) and 15]).append(HEX[unit and 15])
                }
            }
        }
        sb.append('"')
    }
}

/**
 * Request lines as the protocol defines them, the same in the Swift and TypeScript testees: the bytes
 * up to LF (a CR right before the LF is dropped; a bare CR stays in the line, where BufferedReader's
 * readLine would end the line and shift every later answer), decoded as UTF-8 with one U+FFFD per
 * maximal ill-formed subsequence (the Unicode/WHATWG practice of Swift and Node; the JDK decoder
 * turns the three bytes of a CESU-8 surrogate into one U+FFFD).
 */
internal class RequestLines(private val input: java.io.InputStream) {
    private val buffer = ByteArray(65536)
    private var start = 0
    private var end = 0
    private var line = java.io.ByteArrayOutputStream()

    /** The next line, or null at the end of input (a last line without LF is still a line). */
    fun next(): String? {
        line.reset()
        var sawBytes = false
        while (true) {
            if (start == end && !fill()) return if (sawBytes) decodeUtf8(line.toByteArray()) else null
            sawBytes = true
            var i = start
            while (i < end && buffer[i] != LF) i++
            line.write(buffer, start, i - start)
            val ended = i < end
            start = if (ended) i + 1 else end
            if (ended) return decodeUtf8(line.toByteArray())
        }
    }

    /** Skips the rest of the current line (after an OutOfMemoryError), so answers stay in step. */
    fun skipLine() {
        line = java.io.ByteArrayOutputStream()
        while (start < end || fill()) {
            while (start < end) {
                if (buffer[start++] == LF) return
            }
        }
    }

    private fun fill(): Boolean {
        val count = input.read(buffer, 0, buffer.size)
        start = 0
        end = if (count > 0) count else 0
        return count > 0
    }

    private companion object {
        const val LF: Byte = 10
        const val CR: Byte = 13

        /** UTF-8 to text, one U+FFFD per maximal ill-formed subsequence; a final CR is dropped. */
        fun decodeUtf8(bytes: ByteArray): String {
            val length = if (bytes.size > 0 && bytes[bytes.size - 1] == CR) bytes.size - 1 else bytes.size
            val out = StringBuilder(length)
            var i = 0
            while (i < length) {
                val lead = bytes[i].toInt() and 0xFF
                i++
                if (lead < 0x80) {
                    out.append(lead.toChar())
                    continue
                }
                // Continuation bytes needed, and the range the first one must fall in (no overlong
                // form, no surrogate, nothing above U+10FFFF).
                var needed = 0
                var lower = 0x80
                var upper = 0xBF
                var codePoint = 0
                when (lead) {
                    in 0xC2..0xDF -> { needed = 1; codePoint = lead and 0x1F }
                    in 0xE0..0xEF -> {
                        needed = 2; codePoint = lead and 0x0F
                        if (lead == 0xE0) lower = 0xA0
                        if (lead == 0xED) upper = 0x9F
                    }
                    in 0xF0..0xF4 -> {
                        needed = 3; codePoint = lead and 0x07
                        if (lead == 0xF0) lower = 0x90
                        if (lead == 0xF4) upper = 0x8F
                    }
                }
                while (needed > 0 && i < length) {
                    val next = bytes[i].toInt() and 0xFF
                    if (next < lower || next > upper) break
                    codePoint = (codePoint shl 6) or (next and 0x3F)
                    lower = 0x80
                    upper = 0xBF
                    needed--
                    i++
                }
                if (needed == 0 && lead >= 0xC2 && lead <= 0xF4) out.appendCodePoint(codePoint) else out.append('\uFFFD')
            }
            return out.toString()
        }
    }
}

