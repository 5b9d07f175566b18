package dev.contractgen.runtime

import java.util.TimeZone

// Everything here is `internal` but ContractTimeline, which the contracts' public `timeline`
// returns: an app compiles this file into the module of its contract files (and the testee into
// the same), so the scanner, calendar and done-queue are not that module's public API.

// region 1. JSON value model

/**
 * A parsed JSON value: null, bool, number (an IEEE-754 double, as JavaScript reads it), a
 * well-formed UTF-16 string, an *invalid string* (one that held an unpaired surrogate), an array
 * or an object.
 *
 * Only [ContractJsonScanner.value] (through [ContractJsonReader.parse]) builds these from text;
 * generated decoders read straight into their types instead. [ContractJsonWriter] turns them back into
 * compact JSON ([toString] does the same, for debugging).
 */
internal sealed class ContractJson {
    /** JSON `null`. */
    object Null : ContractJson()

    /**
     * A JSON boolean.
     * @property value the boolean.
     */
    class Bool(val value: Boolean) : ContractJson()

    /**
     * A JSON number, read as an IEEE-754 double (may be infinite: `1e400`; never NaN from text).
     * @property value the double.
     */
    class Num(val value: Double) : ContractJson()

    /**
     * A JSON string that is well-formed UTF-16 (every surrogate is paired).
     * @property value the string.
     */
    class Str(val value: String) : ContractJson()

    /**
     * A JSON string that held an unpaired UTF-16 surrogate (escaped like `"\ud800"` or raw in the
     * text). It exists, but it has the wrong type for every field: such a string is not a string.
     */
    object InvalidStr : ContractJson()

    /**
     * A JSON array.
     * @property items the elements, in order.
     */
    class Arr(val items: List<ContractJson>) : ContractJson()

    /**
     * A JSON object. Each key is held once (the last occurrence in the text wins) in the order of
     * its first appearance; keys that were invalid strings are not held at all.
     * @property entries the members by key.
     */
    class Obj(val entries: LinkedHashMap<String, ContractJson>) : ContractJson()

    /** The compact JSON text of this value (see [ContractJsonWriter.serialize]). */
    override fun toString(): String = ContractJsonWriter.serialize(this)
}

// endregion

// region 2. Strict reader

/**
 * The strict RFC 8259 reader. It does not use `org.json`: Android's `org.json` is lenient (it
 * accepts trailing garbage, single quotes, unquoted keys, `010` as octal, `0x10`, raw control
 * characters, reads `[1,]` as `[1,null]`) and recurses without bound, so a few thousand nested
 * brackets kill it with a StackOverflowError. Trees are built with [ContractJsonScanner], the one
 * lexer of this runtime.
 */
internal object ContractJsonReader {
    /**
     * The deepest nesting accepted: an array or object opens one level, the root container is
     * level 1; 512 levels are accepted, 513 are not. Why a limit: every platform must give the same
     * answer for the same text, and none may crash on 10^6 levels, so the limit is part of the
     * contract (checked before descending, so recursion is bounded by it).
     */
    const val MAX_DEPTH = 512

    /**
     * Parses [text] as exactly one RFC 8259 JSON value surrounded by optional whitespace (space,
     * tab, LF, CR). Returns null for ANY deviation (comments, trailing commas, NaN/Infinity,
     * single quotes, unquoted keys, leading zeros, `0x10`, `1.`, `.5`, `+1`, a lone `-`, invalid
     * escapes, raw control characters in strings, a byte-order mark, trailing garbage, empty text,
     * nesting deeper than [MAX_DEPTH]). Never throws.
     */
    fun parse(text: String): ContractJson? {
        val scanner = ContractJsonScanner(text)
        val value = scanner.value()
        return if (scanner.finish()) value else null
    }

    /**
     * Whether every surrogate in [s] from [from] to [to] is part of a high+low pair. Kotlin strings
     * are UTF-16, so an unpaired surrogate (raw in the text or escaped) would otherwise slip
     * through as a "string" that no UTF-8 consumer can represent. On a CharArray (the scanner's
     * own buffers), so no CharSequence calls.
     */
    internal fun isWellFormed(s: CharArray, from: Int, to: Int): Boolean {
        var k = from
        while (k < to) {
            val c = s[k]
            if (c < '\uD800' || c > '\uDFFF') {
                k++
            } else if (Character.isHighSurrogate(c) && k + 1 < to && Character.isLowSurrogate(s[k + 1])) {
                k += 2
            } else {
                return false
            }
        }
        return true
    }
}

/**
 * A strict RFC 8259 pull reader over the UTF-16 chars of a text: the one lexer of this runtime.
 * Generated decoders read a document through it once, front to back, straight into their types,
 * with no intermediate tree (so a decode costs little more memory than its result);
 * [ContractJsonReader.parse] builds a tree with it. Any syntax error, or nesting deeper than
 * [MAX_DEPTH], sets [failed] and ends the scan; every read after that returns null.
 *
 * A value that has the wrong type for a typed read ([string], [bool] …) is still consumed and
 * checked for syntax, then reported as null: the field is invalid, the document may be fine.
 */
internal class ContractJsonScanner(private val text: String) {
    companion object {
        /**
         * Arrays and objects may nest this deep (the root object is level 1): deeper input is
         * malformed, so hostile nesting cannot exhaust the stack of a widget's binder thread.
         */
        const val MAX_DEPTH = ContractJsonReader.MAX_DEPTH

        private const val STRING_OK = 0
        private const val STRING_INVALID = 1
        private const val STRING_SYNTAX_ERROR = 2

        private val TRUE = ContractJson.Bool(true)
        private val FALSE = ContractJson.Bool(false)

        /**
         * Texts up to this many chars are copied into a buffer of the thread's that the thread's
         * next scan reuses ([finish] hands it back): a small decode then allocates little more than
         * its value. Longer texts get an array of their own. At most 128 KB per thread, held
         * through a SoftReference, so the collector may take it back.
         */
        private const val RECYCLED_CHARS = 1 shl 16

        /** Each thread's recycled buffer: one slot, emptied while a scan has it. */
        private val recycled = object : ThreadLocal<Array<java.lang.ref.SoftReference<CharArray>?>>() {
            override fun initialValue(): Array<java.lang.ref.SoftReference<CharArray>?> = arrayOfNulls(1)
        }
    }

    /** The thread's recycled buffer this scan holds until [finish], or null. */
    private var lent: java.lang.ref.SoftReference<CharArray>? = null

    /**
     * The text's chars, copied once: the lexer reads every char, and an array read is cheaper
     * than `String.charAt` (no per-call bounds and coder checks on a non-Latin-1 String). A short
     * text is copied into the thread's recycled buffer, so the array may be longer than [n].
     */
    private val chars: CharArray = borrowChars()
    private val n = text.length

    private fun borrowChars(): CharArray {
        val length = text.length
        if (length > RECYCLED_CHARS) return text.toCharArray()
        val slot = recycled.get()
        var reference = slot[0]
        slot[0] = null // a scan started during this one (none is today) gets an array of its own
        var buffer = reference?.get()
        if (buffer == null || buffer.size < length) {
            buffer = CharArray(maxOf(length, 4096))
            reference = java.lang.ref.SoftReference(buffer)
        }
        lent = reference
        return text.toCharArray(buffer, 0, 0, length)
    }
    private var i = 0
    private var depth = 0

    /** Set right after entering a container: the next member or element is the first. */
    private var atFirst = false

    /**
     * Escaped strings are decoded into this buffer, reused and grown as needed ([scratchLength]
     * chars in use): runs are copied with one array copy, where a StringBuilder holding non-Latin-1
     * text copies char by char.
     */
    private var scratch = CharArray(64)
    private var scratchLength = 0

    /** Appends [count] chars of the text from [from] to [scratch]. */
    private fun appendRun(from: Int, count: Int) {
        reserve(count)
        System.arraycopy(chars, from, scratch, scratchLength, count)
        scratchLength += count
    }

    private fun appendChar(c: Char) {
        reserve(1)
        scratch[scratchLength++] = c
    }

    private fun reserve(count: Int) {
        if (scratchLength + count > scratch.size) {
            scratch = scratch.copyOf(maxOf(scratch.size * 2, scratchLength + count))
        }
    }

    /** The text of the last string lexed with `keep` (or of an escaped key). */
    private var lexed: String? = null

    /** Whether the last string lexed held an escape (then [lexed] holds its text when kept). */
    private var escaped = false

    /**
     * Whether the last string lexed held a surrogate code unit, raw or escaped: only then can it
     * be unpaired, so only then is the pairing checked (most strings never pay for that pass).
     */
    private var sawSurrogate = false

    /** The one key object of this scanner, refilled by each [nextMember]. */
    private val key = ContractJsonKey(chars)

    /** True once a syntax error (or too deep nesting) was found; the scan is over. */
    var failed = false
        private set

    // Structure

    /** True when the next value is an object (after whitespace). */
    fun nextIsObject(): Boolean {
        skipWs()
        return i < n && chars[i] == '{'
    }

    /** Enters an object if one comes next; false (and nothing consumed) for any other value. */
    fun enterObject(): Boolean = enter('{')

    /** Enters an array if one comes next; false (and nothing consumed) for any other value. */
    fun enterArray(): Boolean = enter('[')

    private fun enter(opener: Char): Boolean {
        if (failed) return false
        skipWs()
        if (i >= n || chars[i] != opener) return false
        // Depth is checked BEFORE descending: the new container would be level depth+1.
        if (depth >= MAX_DEPTH) {
            fail()
            return false
        }
        depth++
        i++
        atFirst = true
        return true
    }

    /**
     * The key of the next member of the current object (its `:` consumed, its value next), or
     * null at the closing brace (consumed) or on a syntax error. The key object is reused: read
     * its [ContractJsonKey.text] before reading the member's value.
     */
    fun nextMember(): ContractJsonKey? {
        if (!advance('}')) return null
        if (i >= n || chars[i] != '"' || !lexKey()) {
            fail()
            return null
        }
        skipWs()
        if (i >= n || chars[i] != ':') {
            fail()
            return null
        }
        i++
        return key
    }

    /**
     * True when another element of the current array follows (read it next); false at the
     * closing bracket (consumed) or on a syntax error.
     */
    fun nextElement(): Boolean = advance(']')

    /** Moves past `,` to the next item, or past the closer (returning false). */
    private fun advance(closer: Char): Boolean {
        if (failed) return false
        skipWs()
        if (i >= n) {
            fail()
            return false
        }
        val c = chars[i]
        if (c == closer) {
            // `[1,]` is caught below, right after the comma, so a closer here is legal.
            i++
            depth--
            atFirst = false
            return false
        }
        if (atFirst) {
            atFirst = false
            return true
        }
        if (c != ',') {
            fail()
            return false
        }
        i++
        skipWs()
        // A trailing comma: `[1,]`, `{"a":1,}` are not JSON.
        if (i < n && chars[i] == closer) {
            fail()
            return false
        }
        return true
    }

    /**
     * A tagged union's tag, found before the value is read: when the next value is an object, the
     * text of its member [key] (exact code units; the last occurrence wins) if that is a string,
     * else null (not an object, no such member, not a string, an unpaired surrogate, a syntax
     * error). Consumes nothing: the position is restored, so the object is then read (or skipped,
     * which finds any syntax error again) as usual. Linear in the object's length.
     */
    fun peekTag(key: String): String? {
        val savedI = i
        val savedDepth = depth
        val savedAtFirst = atFirst
        val savedFailed = failed
        var tag: String? = null
        if (enterObject()) {
            while (true) {
                val member = nextMember() ?: break
                if (member.matches(key)) tag = string() else skipValue()
            }
        }
        val ok = !failed
        i = savedI
        depth = savedDepth
        atFirst = savedAtFirst
        failed = savedFailed
        return if (ok) tag else null
    }

    /** Consumes one value of any type, checking its syntax (recursion is bounded by [MAX_DEPTH]). */
    fun skipValue() {
        if (failed) return
        skipWs()
        if (i >= n) {
            fail()
            return
        }
        when (chars[i]) {
            '{' -> {
                if (!enterObject()) return
                while (nextMember() != null) skipValue()
            }
            '[' -> {
                if (!enterArray()) return
                while (nextElement()) skipValue()
            }
            '"' -> if (lexString(false) == STRING_SYNTAX_ERROR) fail()
            't' -> if (!literal("true")) fail()
            'f' -> if (!literal("false")) fail()
            'n' -> if (!literal("null")) fail()
            else -> if (lexNumber() == null) fail()
        }
    }

    /**
     * True when the whole text was one valid value followed only by whitespace. Ends the scan:
     * the recycled buffer goes back to the thread (nothing is read after this).
     */
    fun finish(): Boolean {
        val reference = lent
        if (reference != null) {
            lent = null
            skipWs()
            val whole = !failed && i == n && depth == 0
            // Every read after this finds the end (the buffer may be another scan's by then), and
            // finish answers the same again.
            if (!whole) fail()
            recycled.get()[0] = reference
            return whole
        }
        if (failed) return false
        skipWs()
        return i == n && depth == 0
    }

    // Typed reads

    /**
     * Any value, as a tree (for the done-queue and the testee; decoders use the typed reads).
     * Recursion is bounded by [MAX_DEPTH]. Object keys that are not strings are dropped; for a
     * duplicate key the last value wins at the first key's position.
     */
    fun value(): ContractJson? {
        val c = peek()
        if (c < 0) {
            fail()
            return null
        }
        when (c.toChar()) {
            '{' -> {
                if (!enterObject()) return null
                val map = LinkedHashMap<String, ContractJson>()
                while (true) {
                    val name = (nextMember() ?: break).text
                    val item = value() ?: return null
                    // Last occurrence wins. Why: JavaScript's JSON.parse and Android's org.json
                    // (the blob's other readers) both keep the last one. A member whose key is an
                    // invalid string is dropped: such a key is not a string.
                    if (name != null) map[name] = item
                }
                return if (failed) null else ContractJson.Obj(map)
            }
            '[' -> {
                if (!enterArray()) return null
                val items = ArrayList<ContractJson>()
                while (nextElement()) items.add(value() ?: return null)
                return if (failed) null else ContractJson.Arr(items)
            }
            '"' -> return when (lexString(true)) {
                STRING_OK -> ContractJson.Str(lexed!!)
                STRING_INVALID -> ContractJson.InvalidStr
                else -> {
                    fail()
                    null
                }
            }
            't', 'f' -> return bool()?.let { if (it) TRUE else FALSE }
            'n' -> {
                if (!literal("null")) {
                    fail()
                    return null
                }
                return ContractJson.Null
            }
            else -> return anyNumber()?.let { ContractJson.Num(it) }
        }
    }

    /** A string (one without unpaired surrogates), else null. */
    fun string(): String? {
        if (peek() != '"'.toInt()) {
            skipValue()
            return null
        }
        return when (lexString(true)) {
            STRING_OK -> lexed
            STRING_INVALID -> null // an unpaired surrogate: not a string
            else -> {
                fail()
                null
            }
        }
    }

    /** A JSON boolean, else null: `1` and `"true"` are not coerced. */
    /**
     * Consumes a JSON `null` and returns true; any other value is left unread (false). For a field
     * where `null` is a value of its own (`explicit-null`), read before the value itself.
     */
    fun nextIsNull(): Boolean {
        if (peek() != 'n'.toInt()) return false
        if (literal("null")) return true
        fail()
        return false
    }

    fun bool(): Boolean? {
        when (peek()) {
            't'.toInt() -> if (literal("true")) return true
            'f'.toInt() -> if (literal("false")) return false
            else -> {
                skipValue()
                return null
            }
        }
        fail()
        return null
    }

    /** Any JSON number as an IEEE double, infinite included (`1e400`): for the version gate. */
    fun anyNumber(): Double? {
        val c = peek()
        if (c != '-'.toInt() && (c < '0'.toInt() || c > '9'.toInt())) {
            skipValue()
            return null
        }
        val value = lexNumber()
        if (value == null) fail()
        return value
    }

    /** A finite number (`1e400` is a number, but not a usable one). */
    fun number(): Double? {
        val d = anyNumber() ?: return null
        return if (d.isNaN() || d.isInfinite()) null else d
    }

    /** A number with an integral value within ±(2^53−1) (`1.0` and `1e0` are 1). */
    fun integer(): Long? {
        val d = number() ?: return null
        if (d % 1.0 != 0.0 || Math.abs(d) > ContractSafeInteger.MAX_DOUBLE) return null
        return d.toLong()
    }

    /** Epoch milliseconds: an integral number in 1 … 2^53−1. Zero is 1970, never a real verdict. */
    fun epochMillis(): Long? {
        val v = integer() ?: return null
        return if (v >= 1L) v else null
    }

    /** A string naming a real proleptic-Gregorian date `YYYY-MM-DD` (years 0001–9999). */
    fun localDate(): String? {
        val s = string() ?: return null
        return if (ContractCalendar.parseLocalDate(s) != null) s else null
    }

    /** An RFC 3339 date-time in the one strict form of [ContractCalendar.parseDateTime], as epoch milliseconds. */
    fun dateTime(): Long? {
        val s = string() ?: return null
        return ContractCalendar.parseDateTime(s)
    }

    // Lexing

    private fun fail() {
        failed = true
        i = n
    }

    private fun skipWs() {
        val cs = chars
        var p = i
        // Compact JSON has none: one comparison for the common case.
        while (p < n) {
            val c = cs[p]
            if (c > ' ' || (c != ' ' && c != '\t' && c != '\n' && c != '\r')) break
            p++
        }
        i = p
    }

    /** The next char after whitespace as an Int, or -1 at the end or after a failure. */
    private fun peek(): Int {
        if (failed) return -1
        skipWs()
        return if (i < n) chars[i].toInt() else -1
    }

    private fun literal(word: String): Boolean {
        if (!text.startsWith(word, i)) return false
        i += word.length
        return true
    }

    /**
     * Validates the RFC 8259 number grammar, then converts the token with the JDK's correctly
     * rounded conversion (`1e400` is +Infinity, `-0` is -0.0, as JavaScript reads them). Null for
     * bad grammar.
     */
    private fun lexNumber(): Double? {
        val start = i
        val negative = i < n && chars[i] == '-'
        if (negative) i++
        if (i >= n) return null
        val first = chars[i]
        val digitsStart = i
        var whole = 0L
        if (first == '0') {
            i++
        } else if (first in '1'..'9') {
            i++
            whole = (first - '0').toLong()
            while (i < n && isDigit(chars[i])) {
                whole = whole * 10 + (chars[i] - '0') // wraps past 18 digits; then unused, see below
                i++
            }
        } else {
            return null
        }
        // A plain integer of at most 15 digits is exact in a double: no substring, no parse.
        if (i - digitsStart <= 15 && (i >= n || (chars[i] != '.' && chars[i] != 'e' && chars[i] != 'E'))) {
            return if (negative) (if (whole == 0L) -0.0 else -whole.toDouble()) else whole.toDouble()
        }
        if (i < n && chars[i] == '.') {
            i++
            if (i >= n || !isDigit(chars[i])) return null
            while (i < n && isDigit(chars[i])) i++
        }
        if (i < n && (chars[i] == 'e' || chars[i] == 'E')) {
            i++
            if (i < n && (chars[i] == '+' || chars[i] == '-')) i++
            if (i >= n || !isDigit(chars[i])) return null
            while (i < n && isDigit(chars[i])) i++
        }
        return java.lang.Double.parseDouble(String(chars, start, i - start))
    }

    private fun isDigit(c: Char): Boolean = c >= '0' && c <= '9'

    private fun hexValue(c: Char): Int = when (c) {
        in '0'..'9' -> c - '0'
        in 'a'..'f' -> c - 'a' + 10
        in 'A'..'F' -> c - 'A' + 10
        else -> -1
    }

    /** Set by [plainEnd]: whether the run it scanned held a surrogate code unit. */
    private var runSurrogate = false

    /**
     * The end of the plain run from [from]: the index of the first `"`, `\` or control char, or
     * [n]. Sets [runSurrogate]. Locals only, so the loop keeps everything in registers.
     */
    private fun plainEnd(from: Int): Int {
        val cs = chars
        val end = n
        var p = from
        var surrogate = false
        while (p < end) {
            val c = cs[p]
            if (c == '"' || c == '\\' || c < ' ') break
            if (c >= '\uD800' && c <= '\uDFFF') surrogate = true
            p++
        }
        runSurrogate = surrogate
        return p
    }

    /**
     * Lexes a string starting at its opening quote: STRING_OK, STRING_INVALID (an unpaired
     * surrogate, raw or escaped) or STRING_SYNTAX_ERROR. With [keep], [lexed] holds the text of a
     * valid string. Without it only the syntax is checked (an unpaired surrogate is still a
     * syntactically fine string). [escaped] tells whether the string held an escape.
     */
    private fun lexString(keep: Boolean): Int {
        val cs = chars
        val start = i + 1 // past the opening quote
        // Fast path: no escapes. Pairing is checked only when a surrogate was seen.
        var p = plainEnd(start)
        var surrogate = runSurrogate
        escaped = false
        if (p >= n) {
            i = p
            return STRING_SYNTAX_ERROR
        }
        if (cs[p] == '"') {
            i = p + 1
            sawSurrogate = surrogate
            if (!keep) return STRING_OK
            if (surrogate && !ContractJsonReader.isWellFormed(cs, start, p)) return STRING_INVALID
            // The source's own substring: a Latin-1 text's bytes are copied as they are.
            lexed = text.substring(start, p)
            return STRING_OK
        }
        escaped = true
        scratchLength = 0
        if (keep) appendRun(start, p - start)
        while (true) {
            // cs[p] is a backslash or a control char.
            if (cs[p] != '\\' || p + 1 >= n) {
                i = p
                return STRING_SYNTAX_ERROR
            }
            val e = cs[p + 1]
            p += 2
            val decoded: Char = when (e) {
                '"' -> '"'
                '\\' -> '\\'
                '/' -> '/'
                'b' -> '\b'
                'f' -> '\u000C'
                'n' -> '\n'
                'r' -> '\r'
                't' -> '\t'
                'u' -> {
                    if (p + 4 > n) {
                        i = p
                        return STRING_SYNTAX_ERROR
                    }
                    var code = 0
                    for (k in 0 until 4) {
                        val h = hexValue(cs[p + k])
                        if (h < 0) {
                            i = p
                            return STRING_SYNTAX_ERROR
                        }
                        code = code * 16 + h
                    }
                    p += 4
                    if (code >= 0xD800 && code <= 0xDFFF) surrogate = true
                    code.toChar()
                }
                else -> {
                    i = p
                    return STRING_SYNTAX_ERROR
                }
            }
            if (keep) appendChar(decoded)
            // A run of plain characters is copied in one piece.
            val runStart = p
            p = plainEnd(p)
            if (runSurrogate) surrogate = true
            if (keep && p > runStart) appendRun(runStart, p - runStart)
            if (p >= n) {
                i = p
                return STRING_SYNTAX_ERROR
            }
            if (cs[p] == '"') {
                i = p + 1
                sawSurrogate = surrogate
                if (!keep) return STRING_OK
                // Escaped surrogates were appended as code units; pairing is checked on the whole
                // string, so `\ud83d\ude00` is a pair and a lone one is not.
                if (surrogate && !ContractJsonReader.isWellFormed(scratch, 0, scratchLength)) return STRING_INVALID
                lexed = String(scratch, 0, scratchLength)
                return STRING_OK
            }
        }
    }

    /** Lexes a member key into [key]; false on a syntax error. */
    private fun lexKey(): Boolean {
        val quote = i
        val status = lexString(false)
        if (status == STRING_SYNTAX_ERROR) return false
        if (!escaped) {
            // Compared in place, by exact UTF-16 code units (no substring for a known key).
            val start = quote + 1
            val end = i - 1
            key.fill(start, end, null, !sawSurrogate || ContractJsonReader.isWellFormed(chars, start, end))
            return true
        }
        // Escaped key (rare): decode it once more, keeping the text.
        val end = i
        i = quote
        val kept = lexString(true)
        i = end
        key.fill(0, 0, if (kept == STRING_OK) lexed else null, kept == STRING_OK)
        return true
    }
}

/**
 * An object member's key during a scan. The scanner reuses one key object: it is valid until the
 * next [ContractJsonScanner.nextMember].
 */
internal class ContractJsonKey internal constructor(private val source: CharArray) {
    private var start = 0
    private var end = 0
    private var decoded: String? = null
    private var valid = true

    internal fun fill(start: Int, end: Int, decoded: String?, valid: Boolean) {
        this.start = start
        this.end = end
        this.decoded = decoded
        this.valid = valid
    }

    /** True when the key is exactly [name] (UTF-16 code unit for code unit: no normalisation). */
    fun matches(name: String): Boolean {
        if (!valid) return false
        val d = decoded
        if (d != null) return d == name
        val length = name.length
        if (end - start != length) return false
        // Char by char against the scanner's array: most candidates differ in length or first char.
        val cs = source
        var k = 0
        while (k < length) {
            if (cs[start + k] != name[k]) return false
            k++
        }
        return true
    }

    /** The key as text; null when it held an unpaired surrogate (then it is no string at all). */
    val text: String?
        get() = if (!valid) null else decoded ?: String(source, start, end - start)
}

/**
 * UTF-8 bytes to text, refusing instead of repairing (RFC 3629, Unicode Table 3-7): what a
 * generated `decode(bytes: ByteArray)` reads. `String(bytes, UTF_8)` and a REPLACE decoder turn
 * each ill-formed sequence into U+FFFD, a text nobody wrote; bytes that are not UTF-8 are no
 * JSON text (RFC 8259 §8.1), so such a decode is malformed instead.
 */
internal object ContractUtf8 {
    /** The text of [bytes], or null when they are not well-formed UTF-8. One pass, linear. */
    fun text(bytes: ByteArray): String? {
        val n = bytes.size
        var i = 0
        while (i < n && bytes[i] >= 0) i++
        // All ASCII (the common case): every byte is its own character.
        if (i == n) return String(bytes, Charsets.US_ASCII)
        // At most one UTF-16 unit per byte: a 4-byte sequence gives two.
        val chars = CharArray(n)
        for (k in 0 until i) chars[k] = bytes[k].toInt().toChar()
        var out = i
        while (i < n) {
            val lead = bytes[i].toInt() and 0xFF
            if (lead < 0x80) {
                chars[out++] = lead.toChar()
                i++
                continue
            }
            val trailing = trailing(lead)
            if (trailing < 0 || i + trailing >= n) return null
            var scalar = lead and (0x3F shr trailing)
            for (k in 1..trailing) {
                val byte = bytes[i + k].toInt() and 0xFF
                if (byte < (if (k == 1) low(lead) else 0x80) || byte > (if (k == 1) high(lead) else 0xBF)) return null
                scalar = (scalar shl 6) or (byte and 0x3F)
            }
            if (scalar >= 0x10000) {
                chars[out++] = (0xD800 + ((scalar - 0x10000) shr 10)).toChar()
                chars[out++] = (0xDC00 + (scalar and 0x3FF)).toChar()
            } else {
                chars[out++] = scalar.toChar()
            }
            i += trailing + 1
        }
        return String(chars, 0, out)
    }

    /**
     * Where [bytes] stop being the beginning of well-formed UTF-8 (docs/report.md, `utf-8`): the
     * first byte that cannot start a character (`80`–`C1`, `F5`–`FF`) or cannot continue the one
     * begun (`E0 80` at the `80`, `ED A0` at the `A0`); their length when they end inside a
     * character or never stop.
     */
    fun stopOffset(bytes: ByteArray): Int {
        val n = bytes.size
        var i = 0
        while (i < n) {
            val lead = bytes[i].toInt() and 0xFF
            if (lead < 0x80) {
                i++
                continue
            }
            val trailing = trailing(lead)
            if (trailing < 0) return i
            for (k in 1..trailing) {
                if (i + k >= n) return n
                val byte = bytes[i + k].toInt() and 0xFF
                if (byte < (if (k == 1) low(lead) else 0x80) || byte > (if (k == 1) high(lead) else 0xBF)) return i + k
            }
            i += trailing + 1
        }
        return n
    }

    // Unicode Table 3-7: how many bytes follow a lead byte (-1: it starts nothing), and the range
    // of the first of them, which excludes overlongs (E0, F0), surrogates (ED) and > U+10FFFF (F4).
    private fun trailing(lead: Int): Int = when (lead) {
        in 0xC2..0xDF -> 1
        in 0xE0..0xEF -> 2
        in 0xF0..0xF4 -> 3
        else -> -1
    }

    private fun low(lead: Int): Int = when (lead) {
        0xE0 -> 0xA0
        0xF0 -> 0x90
        else -> 0x80
    }

    private fun high(lead: Int): Int = when (lead) {
        0xED -> 0x9F
        0xF4 -> 0x8F
        else -> 0xBF
    }
}

// endregion

// region 3. Serializer

/** Writes [ContractJson] values as compact JSON text. */
internal object ContractJsonWriter {
    private const val HEX = "0123456789abcdef"

    /**
     * The compact JSON text of [value]. Integral numbers within ±(2^53−1) print as integers
     * (`1784325600000`, never `1.7843256E12`); other finite numbers print in the JDK's round-trip
     * form. Strings are escaped per RFC 8259 (an unpaired surrogate in a String built by the caller
     * is written as a `\uXXXX` escape). Values the reader can produce but JSON cannot spell exactly
     * are written as in Swift and TypeScript (docs/runtime-api.md §2); they only appear in entries
     * [ContractDoneQueue.set] keeps untouched: [ContractJson.InvalidStr] as `"\ufffd"` (U+FFFD,
     * what every Unicode decoder substitutes for an unpaired surrogate), +∞/−∞ as `1e400`/`-1e400`
     * (re-reading gives the same unusable number), −0 as `0`.
     * Iterative: no nesting depth can overflow the call stack.
     */
    fun serialize(value: ContractJson): String {
        val sb = StringBuilder()
        val stack = ArrayList<Open>()
        var pending: ContractJson? = value
        while (true) {
            val v = pending
            if (v != null) {
                pending = null
                when (v) {
                    is ContractJson.Arr -> {
                        sb.append('[')
                        stack.add(Open.Items(v.items.iterator()))
                    }
                    is ContractJson.Obj -> {
                        sb.append('{')
                        stack.add(Open.Members(v.entries.entries.iterator()))
                    }
                    is ContractJson.Null -> sb.append("null")
                    is ContractJson.Bool -> sb.append(if (v.value) "true" else "false")
                    is ContractJson.Num -> writeNumber(v.value, sb)
                    is ContractJson.Str -> writeString(v.value, sb)
                    is ContractJson.InvalidStr -> sb.append("\"\\ufffd\"")
                }
            }
            if (stack.isEmpty()) return sb.toString()
            val top = stack[stack.size - 1]
            when (top) {
                is Open.Items -> {
                    if (top.it.hasNext()) {
                        if (top.count > 0) sb.append(',')
                        top.count++
                        pending = top.it.next()
                    } else {
                        sb.append(']')
                        stack.removeAt(stack.size - 1)
                    }
                }
                is Open.Members -> {
                    if (top.it.hasNext()) {
                        if (top.count > 0) sb.append(',')
                        top.count++
                        val entry = top.it.next()
                        writeString(entry.key, sb)
                        sb.append(':')
                        pending = entry.value
                    } else {
                        sb.append('}')
                        stack.removeAt(stack.size - 1)
                    }
                }
            }
        }
    }

    private sealed class Open {
        var count = 0

        class Items(val it: Iterator<ContractJson>) : Open()
        class Members(val it: Iterator<Map.Entry<String, ContractJson>>) : Open()
    }

    private fun writeNumber(d: Double, sb: StringBuilder) {
        if (d.isInfinite()) {
            sb.append(if (d > 0) "1e400" else "-1e400")
        } else if (d.isNaN()) {
            // Not a JSON value, and never produced by the reader.
            sb.append("null")
        } else if (d % 1.0 == 0.0 && Math.abs(d) <= ContractSafeInteger.MAX_DOUBLE) {
            // Integral and exactly representable: print as an integer (`-0` prints as `0`).
            sb.append(d.toLong())
        } else {
            sb.append(d.toString())
        }
    }

    private fun writeString(s: String, sb: StringBuilder) {
        sb.append('"')
        val len = s.length
        var k = 0
        while (k < len) {
            val c = s[k]
            when {
                c == '"' -> sb.append("\\\"")
                c == '\\' -> sb.append("\\\\")
                c == '\n' -> sb.append("\\n")
                c == '\r' -> sb.append("\\r")
                c == '\t' -> sb.append("\\t")
                c == '\b' -> sb.append("\\b")
                c == '\u000C' -> sb.append("\\f")
                c < ' ' -> writeEscape(c, sb)
                Character.isHighSurrogate(c) -> {
                    if (k + 1 < len && Character.isLowSurrogate(s[k + 1])) {
                        sb.append(c)
                        sb.append(s[k + 1])
                        k++
                    } else {
                        writeEscape(c, sb)
                    }
                }
                Character.isLowSurrogate(c) -> writeEscape(c, sb)
                else -> sb.append(c)
            }
            k++
        }
        sb.append('"')
    }

    private fun writeEscape(c: Char, sb: StringBuilder) {
        val code = c - '\u0000'
        sb.append("\\u")
        sb.append(HEX[(code shr 12) and 0xF])
        sb.append(HEX[(code shr 8) and 0xF])
        sb.append(HEX[(code shr 4) and 0xF])
        sb.append(HEX[code and 0xF])
    }
}

// endregion

// region 4. Safe integers

/** The integers every language holds exactly: JavaScript's safe integers, ±(2^53−1). */
internal object ContractSafeInteger {
    /** 2^53−1, the largest integer a double (and JavaScript) holds exactly. */
    const val MAX: Long = 9007199254740991L

    /** [MAX] as a double (exact). */
    const val MAX_DOUBLE: Double = 9007199254740991.0
}

/**
 * A field where JSON `null` is a value of its own (`explicit-null` in the schema): the key was
 * absent (or its value invalid, which reads the same), it held `null`, or it held a value. An app
 * tells "cleared" ([Null]) from "not said" ([Absent]), which `T?` cannot.
 */
sealed class ContractNullable<out T> {
    object Absent : ContractNullable<Nothing>() {
        override fun toString(): String = "Absent"
    }

    object Null : ContractNullable<Nothing>() {
        override fun toString(): String = "Null"
    }

    data class Value<out T>(val value: T) : ContractNullable<T>()

    /** The value, or null when absent or null. */
    val valueOrNull: T?
        get() = when (this) {
            is Value -> value
            Absent, Null -> null
        }

    companion object {
        /** [Value] for a read value, [Absent] for null (a missing key or an invalid value). */
        @JvmStatic
        fun <T> of(read: T?): ContractNullable<T> = if (read == null) Absent else Value(read)
    }
}

/**
 * The length `min-length` and `max-length` count, identical in all three languages: Unicode
 * scalar values (code points), never UTF-16 units (`String.length`: "😀" is 2 there, 1 here).
 */
internal object ContractText {
    /** The number of code points in [text], in one pass: "é" 1, "e\u0301" 2, "😀" 1. */
    fun length(text: String): Int = text.codePointCount(0, text.length)

    /**
     * The key a map field files [text] under: itself when ASCII (no other text is canonically
     * equivalent to an ASCII one but itself), else its NFC form, so "é" and "e\u0301" (and "K" and
     * U+212A) are one key, as in Swift's `[String: T]` (docs/semantics.md row 15).
     */
    fun mapKey(text: String): String =
        if (isAscii(text)) text else java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFC)

    fun isAscii(text: String): Boolean {
        for (index in 0 until text.length) {
            if (text[index] >= '\u0080') return false
        }
        return true
    }
}

/**
 * The keys of one map field being read: which earlier entry a key replaces. An exact repeat, as
 * always; and, once a non-ASCII key has been seen, a key of another spelling with the same NFC
 * form (docs/semantics.md row 15). A map of ASCII keys never normalises anything.
 */
internal class ContractMapKeys {
    private var forms: HashMap<String, String>? = null

    /**
     * The key whose entry [name] replaces ([name] itself, or its earlier canonically equivalent
     * spelling); [kept]: [name] gets an entry. [existing]: the map's keys so far.
     */
    fun replaced(name: String, kept: Boolean, existing: Collection<String>): String {
        var forms = this.forms
        if (forms == null) {
            if (ContractText.isAscii(name)) return name
            forms = HashMap()
            for (key in existing) forms[ContractText.mapKey(key)] = key
            this.forms = forms
        }
        val form = ContractText.mapKey(name)
        val earlier = forms.remove(form)
        if (kept) forms[form] = name
        return earlier ?: name
    }
}

// endregion

// region 5. Calendar

/**
 * Proleptic-Gregorian calendar arithmetic in plain integers (no platform calendar, ASCII digits
 * only), plus time-zone offsets from java.util.TimeZone in an explicit zone — never the device
 * default. No java.time: it needs Android API 26.
 */
internal object ContractCalendar {
    /** Milliseconds in a civil day. */
    const val DAY_MS: Long = 86_400_000L

    /**
     * Parses exactly 10 UTF-16 code units `YYYY-MM-DD` with ASCII digits, year 0001–9999, month
     * 01–12 and a day that exists in that month; returns `[year, month, day]` or null.
     */
    fun parseLocalDate(s: String): IntArray? {
        if (s.length != 10 || s[4] != '-' || s[7] != '-') return null
        for (k in 0 until 10) {
            if (k == 4 || k == 7) continue
            val c = s[k]
            if (c < '0' || c > '9') return null
        }
        val y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0')
        val m = (s[5] - '0') * 10 + (s[6] - '0')
        val d = (s[8] - '0') * 10 + (s[9] - '0')
        if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null
        return intArrayOf(y, m, d)
    }

    /** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants a `dateTime` may hold. */
    const val DATE_TIME_MIN_MS: Long = -62_135_596_800_000L
    const val DATE_TIME_MAX_MS: Long = 253_402_300_799_999L

    /**
     * The instant of an RFC 3339 `date-time` in its one strict form, as epoch milliseconds:
     * `YYYY-MM-DDTHH:MM:SS`, optionally `.` and 1–9 digits, then `Z` or `+HH:MM` / `-HH:MM`.
     * ASCII digits; `T` and `Z` upper case; a real date (as [parseLocalDate]); hour 00–23, minute
     * and second 00–59 (no leap second: epoch milliseconds cannot hold `:60`); offset hours 00–23,
     * minutes 00–59 (`-00:00` is UTC). Digits past the millisecond are dropped (floored). The
     * instant must lie within [DATE_TIME_MIN_MS] … [DATE_TIME_MAX_MS], so it can be written back
     * in UTC. Why hand-written: platform parsers differ on each of these points (`java.time`
     * accepts lower-case `t` and `:60` in some modes, a missing offset in others).
     * For example `"2026-07-17T08:30:00.250+02:00"` → 1784269800250; `"2026-07-17 08:30:00Z"` → null.
     */
    fun parseDateTime(s: String): Long? {
        val n = s.length
        if (n < 20 || n > 35) return null
        if (s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':') return null
        val year = digits(s, 0, 4)
        val month = digits(s, 5, 2)
        val day = digits(s, 8, 2)
        val hour = digits(s, 11, 2)
        val minute = digits(s, 14, 2)
        val second = digits(s, 17, 2)
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
        if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null
        var i = 19
        var millis = 0
        if (s[i] == '.') {
            i++
            val start = i
            while (i < n && s[i] >= '0' && s[i] <= '9') i++
            if (i - start < 1 || i - start > 9) return null
            for (k in 0 until 3) millis = millis * 10 + (if (start + k < i) s[start + k] - '0' else 0)
        }
        if (i >= n) return null
        var offsetMinutes = 0
        when (s[i]) {
            'Z' -> i++
            '+', '-' -> {
                if (n - i != 6 || s[i + 3] != ':') return null
                val hours = digits(s, i + 1, 2)
                val minutes = digits(s, i + 4, 2)
                if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null
                offsetMinutes = (if (s[i] == '+') 1 else -1) * (hours * 60 + minutes)
                i += 6
            }
            else -> return null
        }
        if (i != n) return null
        val seconds = ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        val instant = seconds * 1000 + millis
        return if (instant < DATE_TIME_MIN_MS || instant > DATE_TIME_MAX_MS) null else instant
    }

    /** The value of the ASCII digits s[from, from + count); -1 if any is not an ASCII digit. */
    private fun digits(s: String, from: Int, count: Int): Int {
        var v = 0
        for (k in from until from + count) {
            val c = s[k]
            if (c < '0' || c > '9') return -1
            v = v * 10 + (c - '0')
        }
        return v
    }

    private fun daysInMonth(y: Int, m: Int): Int = when (m) {
        2 -> if ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) 29 else 28
        4, 6, 9, 11 -> 30
        else -> 31
    }

    /** Days since 1970-01-01 of the proleptic-Gregorian date [y]-[m]-[d] (Howard Hinnant's days_from_civil). */
    fun daysFromCivil(y: Int, m: Int, d: Int): Long {
        val yy = (if (m <= 2) y - 1 else y).toLong()
        val era = (if (yy >= 0) yy else yy - 399) / 400
        val yoe = yy - era * 400
        val mp = (if (m > 2) m - 3 else m + 9).toLong()
        val doy = (153 * mp + 2) / 5 + d - 1
        val doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /** The proleptic-Gregorian `[year, month, day]` of [days] since 1970-01-01 (Hinnant's civil_from_days). */
    fun civilFromDays(days: Long): IntArray {
        val z = days + 719468
        val era = (if (z >= 0) z else z - 146096) / 146097
        val doe = z - era * 146097
        val yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        val doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        val mp = (5 * doy + 2) / 153
        val d = doy - (153 * mp + 2) / 5 + 1
        val m = if (mp < 10) mp + 3 else mp - 9
        val y = yoe + era * 400 + (if (m <= 2) 1 else 0)
        return intArrayOf(y.toInt(), m.toInt(), d.toInt())
    }

    // Why check getAvailableIDs: TimeZone.getTimeZone silently returns GMT for an unknown id, and
    // a silent fallback would compute wrong instants; an unknown zone must fail closed (null).
    private val availableIds: Set<String> by lazy { TimeZone.getAvailableIDs().toHashSet() }

    /**
     * The IANA zone named [id], or null when unknown (never a GMT fallback). The one zone-id rule of
     * docs/semantics.md, identical in Swift and TypeScript, checked before the platform is asked:
     * [isZoneIdSyntax], then exact membership in [ianaZoneNames], then the JVM must know it (the JVM
     * alone would also accept non-IANA ids such as `PST` and `SystemV/EST5`).
     */
    fun timeZone(id: String): TimeZone? =
        if (isZoneIdSyntax(id) && ianaZoneNames.contains(id) && availableIds.contains(id)) TimeZone.getTimeZone(id) else null

    /**
     * The zone-id grammar: 1 to 3 segments separated by `/`, each 1 to 14 ASCII characters from
     * `A-Z a-z 0-9 _ + -`, starting with a letter or `_` (IANA's own file-name rules; so no `.`/`..`,
     * NUL, control, space or non-ASCII character ever reaches the platform).
     */
    fun isZoneIdSyntax(id: String): Boolean {
        var segments = 1
        var length = 0 // of the current segment
        for (c in id) {
            when (c) {
                '/' -> {
                    if (length == 0 || segments >= 3) return false
                    segments++
                    length = 0
                }
                in 'A'..'Z', in 'a'..'z', '_' -> length++
                in '0'..'9', '+', '-' -> {
                    if (length == 0) return false
                    length++
                }
                else -> return false
            }
            if (length > 14) return false
        }
        return length > 0
    }

    /**
     * Every zone id accepted anywhere: the names (zones and links) of IANA tzdata 2025b, minus those
     * one of the platforms lacks (see docs/semantics.md). The same block, byte for byte, is in the
     * Swift and TypeScript runtimes (a test compares them).
     */
    private val ianaZoneNames: Set<String> by lazy {
        ianaZoneNameBlock.split(' ', '\n').filter { it.isNotEmpty() }.toHashSet()
    }

    // BEGIN IANA ZONE NAMES
    private const val ianaZoneNameBlock = """
    Africa/Abidjan Africa/Accra Africa/Addis_Ababa Africa/Algiers Africa/Asmara Africa/Asmera
    Africa/Bamako Africa/Bangui Africa/Banjul Africa/Bissau Africa/Blantyre Africa/Brazzaville
    Africa/Bujumbura Africa/Cairo Africa/Casablanca Africa/Ceuta Africa/Conakry Africa/Dakar
    Africa/Dar_es_Salaam Africa/Djibouti Africa/Douala Africa/El_Aaiun Africa/Freetown
    Africa/Gaborone Africa/Harare Africa/Johannesburg Africa/Juba Africa/Kampala Africa/Khartoum
    Africa/Kigali Africa/Kinshasa Africa/Lagos Africa/Libreville Africa/Lome Africa/Luanda
    Africa/Lubumbashi Africa/Lusaka Africa/Malabo Africa/Maputo Africa/Maseru Africa/Mbabane
    Africa/Mogadishu Africa/Monrovia Africa/Nairobi Africa/Ndjamena Africa/Niamey Africa/Nouakchott
    Africa/Ouagadougou Africa/Porto-Novo Africa/Sao_Tome Africa/Timbuktu Africa/Tripoli Africa/Tunis
    Africa/Windhoek America/Adak America/Anchorage America/Anguilla America/Antigua
    America/Araguaina America/Argentina/Buenos_Aires America/Argentina/Catamarca
    America/Argentina/ComodRivadavia America/Argentina/Cordoba America/Argentina/Jujuy
    America/Argentina/La_Rioja America/Argentina/Mendoza America/Argentina/Rio_Gallegos
    America/Argentina/Salta America/Argentina/San_Juan America/Argentina/San_Luis
    America/Argentina/Tucuman America/Argentina/Ushuaia America/Aruba America/Asuncion
    America/Atikokan America/Atka America/Bahia America/Bahia_Banderas America/Barbados
    America/Belem America/Belize America/Blanc-Sablon America/Boa_Vista America/Bogota America/Boise
    America/Buenos_Aires America/Cambridge_Bay America/Campo_Grande America/Cancun America/Caracas
    America/Catamarca America/Cayenne America/Cayman America/Chicago America/Chihuahua
    America/Ciudad_Juarez America/Coral_Harbour America/Cordoba America/Costa_Rica America/Creston
    America/Cuiaba America/Curacao America/Danmarkshavn America/Dawson America/Dawson_Creek
    America/Denver America/Detroit America/Dominica America/Edmonton America/Eirunepe
    America/El_Salvador America/Ensenada America/Fort_Nelson America/Fort_Wayne America/Fortaleza
    America/Glace_Bay America/Godthab America/Goose_Bay America/Grand_Turk America/Grenada
    America/Guadeloupe America/Guatemala America/Guayaquil America/Guyana America/Halifax
    America/Havana America/Hermosillo America/Indiana/Indianapolis America/Indiana/Knox
    America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Tell_City
    America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis
    America/Inuvik America/Iqaluit America/Jamaica America/Jujuy America/Juneau
    America/Kentucky/Louisville America/Kentucky/Monticello America/Knox_IN America/Kralendijk
    America/La_Paz America/Lima America/Los_Angeles America/Louisville America/Lower_Princes
    America/Maceio America/Managua America/Manaus America/Marigot America/Martinique
    America/Matamoros America/Mazatlan America/Mendoza America/Menominee America/Merida
    America/Metlakatla America/Mexico_City America/Miquelon America/Moncton America/Monterrey
    America/Montevideo America/Montreal America/Montserrat America/Nassau America/New_York
    America/Nipigon America/Nome America/Noronha America/North_Dakota/Beulah
    America/North_Dakota/Center America/North_Dakota/New_Salem America/Nuuk America/Ojinaga
    America/Panama America/Pangnirtung America/Paramaribo America/Phoenix America/Port-au-Prince
    America/Port_of_Spain America/Porto_Acre America/Porto_Velho America/Puerto_Rico
    America/Punta_Arenas America/Rainy_River America/Rankin_Inlet America/Recife America/Regina
    America/Resolute America/Rio_Branco America/Rosario America/Santa_Isabel America/Santarem
    America/Santiago America/Santo_Domingo America/Sao_Paulo America/Scoresbysund America/Shiprock
    America/Sitka America/St_Barthelemy America/St_Johns America/St_Kitts America/St_Lucia
    America/St_Thomas America/St_Vincent America/Swift_Current America/Tegucigalpa America/Thule
    America/Thunder_Bay America/Tijuana America/Toronto America/Tortola America/Vancouver
    America/Virgin America/Whitehorse America/Winnipeg America/Yakutat America/Yellowknife
    Antarctica/Casey Antarctica/Davis Antarctica/DumontDUrville Antarctica/Macquarie
    Antarctica/Mawson Antarctica/McMurdo Antarctica/Palmer Antarctica/Rothera Antarctica/South_Pole
    Antarctica/Syowa Antarctica/Troll Antarctica/Vostok Arctic/Longyearbyen Asia/Aden Asia/Almaty
    Asia/Amman Asia/Anadyr Asia/Aqtau Asia/Aqtobe Asia/Ashgabat Asia/Ashkhabad Asia/Atyrau
    Asia/Baghdad Asia/Bahrain Asia/Baku Asia/Bangkok Asia/Barnaul Asia/Beirut Asia/Bishkek
    Asia/Brunei Asia/Calcutta Asia/Chita Asia/Choibalsan Asia/Chongqing Asia/Chungking Asia/Colombo
    Asia/Dacca Asia/Damascus Asia/Dhaka Asia/Dili Asia/Dubai Asia/Dushanbe Asia/Famagusta Asia/Gaza
    Asia/Harbin Asia/Hebron Asia/Ho_Chi_Minh Asia/Hong_Kong Asia/Hovd Asia/Irkutsk Asia/Istanbul
    Asia/Jakarta Asia/Jayapura Asia/Jerusalem Asia/Kabul Asia/Kamchatka Asia/Karachi Asia/Kashgar
    Asia/Kathmandu Asia/Katmandu Asia/Khandyga Asia/Kolkata Asia/Krasnoyarsk Asia/Kuala_Lumpur
    Asia/Kuching Asia/Kuwait Asia/Macao Asia/Macau Asia/Magadan Asia/Makassar Asia/Manila
    Asia/Muscat Asia/Nicosia Asia/Novokuznetsk Asia/Novosibirsk Asia/Omsk Asia/Oral Asia/Phnom_Penh
    Asia/Pontianak Asia/Pyongyang Asia/Qatar Asia/Qostanay Asia/Qyzylorda Asia/Rangoon Asia/Riyadh
    Asia/Saigon Asia/Sakhalin Asia/Samarkand Asia/Seoul Asia/Shanghai Asia/Singapore
    Asia/Srednekolymsk Asia/Taipei Asia/Tashkent Asia/Tbilisi Asia/Tehran Asia/Tel_Aviv Asia/Thimbu
    Asia/Thimphu Asia/Tokyo Asia/Tomsk Asia/Ujung_Pandang Asia/Ulaanbaatar Asia/Ulan_Bator
    Asia/Urumqi Asia/Ust-Nera Asia/Vientiane Asia/Vladivostok Asia/Yakutsk Asia/Yangon
    Asia/Yekaterinburg Asia/Yerevan Atlantic/Azores Atlantic/Bermuda Atlantic/Canary
    Atlantic/Cape_Verde Atlantic/Faeroe Atlantic/Faroe Atlantic/Jan_Mayen Atlantic/Madeira
    Atlantic/Reykjavik Atlantic/South_Georgia Atlantic/St_Helena Atlantic/Stanley Australia/ACT
    Australia/Adelaide Australia/Brisbane Australia/Broken_Hill Australia/Canberra Australia/Currie
    Australia/Darwin Australia/Eucla Australia/Hobart Australia/LHI Australia/Lindeman
    Australia/Lord_Howe Australia/Melbourne Australia/NSW Australia/North Australia/Perth
    Australia/Queensland Australia/South Australia/Sydney Australia/Tasmania Australia/Victoria
    Australia/West Australia/Yancowinna Brazil/Acre Brazil/DeNoronha Brazil/East Brazil/West CET
    CST6CDT Canada/Atlantic Canada/Central Canada/Eastern Canada/Mountain Canada/Newfoundland
    Canada/Pacific Canada/Saskatchewan Canada/Yukon Chile/Continental Chile/EasterIsland Cuba EET
    EST EST5EDT Egypt Eire Etc/GMT Etc/GMT+0 Etc/GMT+1 Etc/GMT+10 Etc/GMT+11 Etc/GMT+12 Etc/GMT+2
    Etc/GMT+3 Etc/GMT+4 Etc/GMT+5 Etc/GMT+6 Etc/GMT+7 Etc/GMT+8 Etc/GMT+9 Etc/GMT-0 Etc/GMT-1
    Etc/GMT-10 Etc/GMT-11 Etc/GMT-12 Etc/GMT-13 Etc/GMT-14 Etc/GMT-2 Etc/GMT-3 Etc/GMT-4 Etc/GMT-5
    Etc/GMT-6 Etc/GMT-7 Etc/GMT-8 Etc/GMT-9 Etc/GMT0 Etc/Greenwich Etc/UCT Etc/UTC Etc/Universal
    Etc/Zulu Europe/Amsterdam Europe/Andorra Europe/Astrakhan Europe/Athens Europe/Belfast
    Europe/Belgrade Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Bucharest Europe/Budapest
    Europe/Busingen Europe/Chisinau Europe/Copenhagen Europe/Dublin Europe/Gibraltar Europe/Guernsey
    Europe/Helsinki Europe/Isle_of_Man Europe/Istanbul Europe/Jersey Europe/Kaliningrad Europe/Kiev
    Europe/Kirov Europe/Kyiv Europe/Lisbon Europe/Ljubljana Europe/London Europe/Luxembourg
    Europe/Madrid Europe/Malta Europe/Mariehamn Europe/Minsk Europe/Monaco Europe/Moscow
    Europe/Nicosia Europe/Oslo Europe/Paris Europe/Podgorica Europe/Prague Europe/Riga Europe/Rome
    Europe/Samara Europe/San_Marino Europe/Sarajevo Europe/Saratov Europe/Simferopol Europe/Skopje
    Europe/Sofia Europe/Stockholm Europe/Tallinn Europe/Tirane Europe/Tiraspol Europe/Ulyanovsk
    Europe/Uzhgorod Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Vilnius Europe/Volgograd
    Europe/Warsaw Europe/Zagreb Europe/Zaporozhye Europe/Zurich GB GB-Eire GMT GMT0 Greenwich HST
    Hongkong Iceland Indian/Antananarivo Indian/Chagos Indian/Christmas Indian/Cocos Indian/Comoro
    Indian/Kerguelen Indian/Mahe Indian/Maldives Indian/Mauritius Indian/Mayotte Indian/Reunion Iran
    Israel Jamaica Japan Kwajalein Libya MET MST MST7MDT Mexico/BajaNorte Mexico/BajaSur
    Mexico/General NZ NZ-CHAT Navajo PRC PST8PDT Pacific/Apia Pacific/Auckland Pacific/Bougainville
    Pacific/Chatham Pacific/Chuuk Pacific/Easter Pacific/Efate Pacific/Enderbury Pacific/Fakaofo
    Pacific/Fiji Pacific/Funafuti Pacific/Galapagos Pacific/Gambier Pacific/Guadalcanal Pacific/Guam
    Pacific/Honolulu Pacific/Johnston Pacific/Kanton Pacific/Kiritimati Pacific/Kosrae
    Pacific/Kwajalein Pacific/Majuro Pacific/Marquesas Pacific/Midway Pacific/Nauru Pacific/Niue
    Pacific/Norfolk Pacific/Noumea Pacific/Pago_Pago Pacific/Palau Pacific/Pitcairn Pacific/Pohnpei
    Pacific/Ponape Pacific/Port_Moresby Pacific/Rarotonga Pacific/Saipan Pacific/Samoa
    Pacific/Tahiti Pacific/Tarawa Pacific/Tongatapu Pacific/Truk Pacific/Wake Pacific/Wallis
    Pacific/Yap Poland Portugal ROK Singapore Turkey UCT US/Alaska US/Aleutian US/Arizona US/Central
    US/East-Indiana US/Eastern US/Hawaii US/Indiana-Starke US/Michigan US/Mountain US/Pacific
    US/Samoa UTC Universal W-SU WET Zulu
    """
    // END IANA ZONE NAMES

    /** The UTC offset of [zone] at [instantMs], in milliseconds. */
    fun offsetMs(zone: TimeZone, instantMs: Long): Long = zone.getOffset(instantMs).toLong()

    /**
     * The first instant whose local date in [zone] is [dayStr]: local midnight, the earlier one when
     * midnight happens twice, or the first instant after the gap when a DST gap skips midnight.
     * Null for an invalid [dayStr].
     */
    fun dayStartMs(dayStr: String, zone: TimeZone): Long? {
        val ymd = parseLocalDate(dayStr) ?: return null
        return startOfDay(daysFromCivil(ymd[0], ymd[1], ymd[2]), zone)
    }

    /**
     * The first instant of the civil day after [dayStr] in [zone], plus [startOfNextDayDiffMs]
     * (correct across DST and month/year/leap-year rollover, never "+24h"). Null for an invalid
     * [dayStr], an offset or a result outside ±(2^53−1) (epoch millis are safe integers, and the
     * TypeScript writer holds no other integer exactly).
     */
    fun validUntilMs(dayStr: String, startOfNextDayDiffMs: Long, zone: TimeZone): Long? {
        val ymd = parseLocalDate(dayStr) ?: return null
        val start = startOfDay(daysFromCivil(ymd[0], ymd[1], ymd[2]) + 1, zone)
        val max = ContractSafeInteger.MAX
        // Both |start| and |offset| are below 2^53, so the sum cannot overflow a Long.
        if (startOfNextDayDiffMs > max || startOfNextDayDiffMs < -max) return null
        val result = start + startOfNextDayDiffMs
        return if (result > max || result < -max) null else result
    }

    /** The shared algorithm of docs/runtime-api.md §4, identical in Swift, Kotlin and TypeScript. */
    private fun startOfDay(days: Long, zone: TimeZone): Long {
        val local = days * DAY_MS // local midnight written as if it were UTC
        val offsets = longArrayOf(
            offsetMs(zone, local - DAY_MS),
            offsetMs(zone, local),
            offsetMs(zone, local + DAY_MS)
        )
        var found = false
        var best = 0L
        var minOffset = offsets[0]
        var maxOffset = offsets[0]
        for (o in offsets) {
            if (o < minOffset) minOffset = o
            if (o > maxOffset) maxOffset = o
            val t = local - o
            if (offsetMs(zone, t) == o && (!found || t < best)) {
                found = true
                best = t
            }
        }
        if (found) return best
        // Midnight is skipped: the smallest t in [local - max, local - min] with t + offset(t) >= local.
        var lo = local - maxOffset
        var hi = local - minOffset
        while (lo < hi) {
            val mid = lo + (hi - lo) / 2
            if (mid + offsetMs(zone, mid) >= local) hi = mid else lo = mid + 1
        }
        return lo
    }
}

// endregion

// region 6. Done-queue

/**
 * The done-queue: a JSON object `{taskId: targetIsDone}` kept as text in its own storage slot,
 * written by the widget on a tap and drained by the app.
 */
internal object ContractDoneQueue {
    /**
     * The new queue text after a tap on [taskId] with target [isDone]: the last tap per task wins
     * (an existing key keeps its position, its value is replaced); every other entry is kept
     * exactly as it was, even a non-boolean one (the writer never loses data it does not own); a
     * missing, corrupt, too-deep or non-object [queue] is replaced by a fresh object, so the tap
     * is never lost.
     */
    fun set(queue: String?, taskId: String, isDone: Boolean): String {
        val root = if (queue == null) null else ContractJsonReader.parse(queue)
        val map = LinkedHashMap<String, ContractJson>()
        if (root is ContractJson.Obj) map.putAll(root.entries)
        map[taskId] = ContractJson.Bool(isDone)
        return ContractJsonWriter.serialize(ContractJson.Obj(map))
    }

    /**
     * The entries of [queue] whose value is a JSON boolean; other entries are skipped one by one
     * (one bad entry must not hide the rest). Not a JSON object → empty.
     */
    fun peek(queue: String?): Map<String, Boolean> {
        val result = LinkedHashMap<String, Boolean>()
        val root = if (queue == null) null else ContractJsonReader.parse(queue)
        if (root is ContractJson.Obj) {
            for ((id, value) in root.entries) {
                if (value is ContractJson.Bool) result[id] = value.value
            }
        }
        return result
    }

    /**
     * The changes to apply: entries of [queue] with a boolean target whose id is in [current] and
     * whose target differs from `current[id]`, sorted by id in UTF-16 code-unit order (the order
     * JavaScript uses; not insertion order, which JavaScript objects do not keep for integer-like
     * keys). Not a JSON object → no changes.
     */
    fun drain(queue: String?, current: Map<String, Boolean>): List<Pair<String, Boolean>> {
        val changes = ArrayList<Pair<String, Boolean>>()
        for ((id, target) in peek(queue)) {
            val now = current[id] ?: continue
            if (now != target) changes.add(Pair(id, target))
        }
        // String.compareTo compares UTF-16 code units: the order JavaScript's `<` uses, so all three
        // languages sort ids identically ("10" < "9", "Z" < "a", "😀" < "ｚ").
        return changes.sortedWith(Comparator { a, b -> a.first.compareTo(b.first) })
    }
}

// endregion

// region 7. Timeline

/**
 * What a widget must render over time from one snapshot, and when to update it next.
 *
 * A widget renders only when the system asks it to. A snapshot that is "today" until its
 * staleness instant must therefore get an update scheduled for that very instant, or the widget
 * keeps showing yesterday as today until the app happens to run again (the missing midnight
 * entry). The rule, identical in the three runtimes:
 * - the first entry is at `now`, with the header at `now`;
 * - when the staleness instant `flipAtMs` is after `now`, a second entry is at `flipAtMs` with the
 *   header from that instant on (the boundary is inclusive, as in staleness), and the next update
 *   is at `flipAtMs`: from then on nothing changes with time, and reading the storage again picks
 *   up a snapshot the app wrote meanwhile;
 * - otherwise (already stale, or no staleness instant) the header can change only when the app
 *   writes a new snapshot, which updates the widget itself: one entry, no update (null).
 * No entry lies in the past except the first, which is `now`; instants are epoch milliseconds.
 * The header of each entry comes from `headerAt`, the contract's own `header` function, so the
 * timeline can never disagree with what `header` says at that instant.
 */
data class ContractTimeline<H>(
    /** In time order; never empty, the first is at `now`. */
    val entries: List<Entry<H>>,
    /** The instant of the next update (AlarmManager / WorkManager), or null for none. */
    val reloadAtMs: Long?
) {
    /** One entry: from [atMs] on, the widget shows [header]. */
    data class Entry<H>(val atMs: Long, val header: H)

    /** The header to render now. */
    val headerNow: H get() = entries[0].header

    companion object {
        /**
         * The timeline for [now], given the instant the snapshot turns stale ([flipAtMs], null: never).
         * For example `build(1000, 5000) { if (it >= 5000) "outdated" else "today" }` has the entries
         * (1000, "today") and (5000, "outdated") and updates at 5000.
         */
        fun <H> build(now: Long, flipAtMs: Long?, headerAt: (Long) -> H): ContractTimeline<H> {
            val first = Entry(now, headerAt(now))
            if (flipAtMs == null || flipAtMs <= now) return ContractTimeline(listOf(first), null)
            return ContractTimeline(listOf(first, Entry(flipAtMs, headerAt(flipAtMs))), flipAtMs)
        }
    }
}

// endregion

// region 8. Report

/**
 * One report entry: a value the decoder did not take as written, where ([path]; array elements by
 * index, map entries by position, `$.colors[#2]`), why ([rule], a closed vocabulary) and what it
 * used instead ([used]), with schema-derived detail only — never a string, number or key from the
 * blob (docs/report.md). [pattern] is the path with every index and position as `*`: a key to
 * count by. Unset details are null.
 */
class ContractReportEntry internal constructor(
    val path: String,
    val pattern: String,
    val rule: String,
    val used: String,
    val found: String?,
    val constraint: String?,
    val fallback: String?,
    val field: String?,
    val offset: Long?,
    val expected: String?
) {
    override fun toString(): String = "$path $rule $used"
}

/**
 * A report sink: pass one to a contract's `decode(text, report)`, then read [entries] (each decode
 * starts it afresh). [onEntry], when set, is called once per entry as [entries] is first read: the
 * hook an app counts from (`report.onEntry = { telemetry.count(it.pattern, it.rule) }`). Without a
 * report (the default) none of this runs and no path is ever built. Same rules, in the same order,
 * as ContractRuntime.swift and contract-runtime.ts.
 */
class ContractReport {
    var onEntry: ((ContractReportEntry) -> Unit)? = null

    /** One step of a path; [seq] orders values as the text holds them (parents before their members). */
    private class Node(val parent: Node?, val step: String?, val index: Int, val seq: Int)
    private class Why(
        val rule: String, val found: String? = null, val constraint: String? = null, val fallback: String? = null,
        val field: String? = null, val offset: Long? = null, val expected: String? = null, val cause: Record? = null
    )
    private class Record(val why: Why, val node: Node?, val used: String) {
        /**
         * A `fail-document` field's own entry whose value a later duplicate replaced: that value
         * failed nothing, so the entry is not rendered (entries inside it stay, see [render]).
         */
        var replaced = false
    }
    private class Frame(val start: Int, fields: Int, map: Boolean) {
        var count = 0
        val from = IntArray(if (fields == 0 && map) 1 else fields) { -1 }
        val to = IntArray(fields)
        val dup = BooleanArray(fields)
        val cause = arrayOfNulls<Record>(fields)
        /** Per field, its own `used: document` entry. */
        val own = arrayOfNulls<Record>(fields)
        val keys: HashMap<String, Triple<Node?, Int, Int>>? = if (map) HashMap() else null
    }

    private var records = ArrayList<Record>()
    /** Killed ranges of `records` as (from, to) pairs: values the document did not keep. */
    private var kills = ArrayList<Int>()
    private val steps = ArrayList<String?>()
    private val indices = ArrayList<Int>()
    private val seqs = ArrayList<Int>()
    /** Values begun so far: each path step's place in the text's order. */
    private var began = 0
    private val nodes = ArrayList<Node?>()
    /** `nodes[0 until built]` exist; deeper ones are made only when an entry needs them. */
    private var built = 0
    private val frames = ArrayList<Frame>()
    private var why: Why? = null
    private var rendered: List<ContractReportEntry>? = null
    private var omittedCount = 0

    /** The entries, in the order the decoder recorded them, at most [LIMIT]. */
    val entries: List<ContractReportEntry> get() = render()

    /** How many entries were left out of [entries] beyond [LIMIT]. */
    val omitted: Int get() { render(); return omittedCount }

    internal fun begin() {
        records = ArrayList()
        kills = ArrayList()
        steps.clear(); indices.clear(); seqs.clear(); nodes.clear()
        began = 0
        built = 0
        frames.clear()
        why = null
        rendered = null
        omittedCount = 0
        versionType = null
    }

    internal fun end() {
        // A drop-element field made the root invalid: the document is, for that field's reason.
        if (why?.cause != null) record("document")
        why = null
    }

    internal fun malformed(text: String) {
        begin()
        val error = contractSyntaxError(text)
        records.add(Record(Why("malformed", offset = error?.first ?: utf8Length(text), expected = error?.second ?: "end"), null, "document"))
    }

    /** Bytes that are not UTF-8 (`decode(bytes)`): the one entry, `utf-8` where they stop being UTF-8. */
    internal fun notUtf8(bytes: ByteArray) {
        begin()
        records.add(Record(Why("malformed", offset = ContractUtf8.stopOffset(bytes).toLong(), expected = "utf-8"), null, "document"))
    }

    internal fun versionRejected(step: String, found: String?) {
        begin()
        push(step, 0)
        records.add(Record(Why("version-rejected", found = found ?: "missing"), node(), "document"))
    }

    /** The JSON type of the last version value read. */
    internal var versionType: String? = null

    internal fun version(v: ContractJson?): Double? {
        versionType = if (v == null) null else jsonType(v)
        return (v as? ContractJson.Num)?.value
    }

    internal fun string(v: ContractJson?): String? {
        if (v is ContractJson.Str) return v.value
        if (v === ContractJson.InvalidStr) why = Why("unpaired-surrogate") else wrongType(v)
        return null
    }

    internal fun bool(v: ContractJson?): Boolean? {
        if (v is ContractJson.Bool) return v.value
        wrongType(v)
        return null
    }

    internal fun number(v: ContractJson?): Double? {
        if (v !is ContractJson.Num) { wrongType(v); return null }
        if (!v.value.isNaN() && !v.value.isInfinite()) return v.value
        why = Why("invalid-number")
        return null
    }

    internal fun integer(v: ContractJson?): Long? {
        if (v !is ContractJson.Num) { wrongType(v); return null }
        val d = v.value
        if (!d.isNaN() && !d.isInfinite() && d % 1.0 == 0.0 && Math.abs(d) <= ContractSafeInteger.MAX_DOUBLE) return d.toLong()
        why = Why("invalid-number")
        return null
    }

    internal fun epochMillis(v: ContractJson?): Long? {
        val x = integer(v) ?: return null
        if (x >= 1L) return x
        why = Why("invalid-number")
        return null
    }

    internal fun localDate(v: ContractJson?): String? {
        val s = string(v) ?: return null
        if (ContractCalendar.parseLocalDate(s) != null) return s
        why = Why("invalid-date")
        return null
    }

    internal fun dateTime(v: ContractJson?): Long? {
        val s = string(v) ?: return null
        val ms = ContractCalendar.parseDateTime(s)
        if (ms == null) why = Why("invalid-date")
        return ms
    }

    /** An enum: [read]'s case, else the [fallback] (an open enum, held as used `fallback`) or null. */
    internal fun <T> enumeration(v: ContractJson?, read: (String) -> T?, fallback: T?, fallbackName: String?): T? {
        val s = string(v) ?: return null
        val value = read(s)
        if (value != null) return value
        why = Why("unknown-enum-value", fallback = fallbackName)
        return fallback
    }

    /** One constraint, by its schema key. */
    internal fun <T> satisfying(value: T?, constraint: String, test: (T) -> Boolean): T? {
        if (value == null || test(value)) return value
        why = Why("constraint", constraint = constraint)
        return null
    }

    internal fun wrongType(v: ContractJson?) {
        if (v == null) return // a syntax error: the document is malformed
        why = if (v === ContractJson.Null) Why("null") else Why("wrong-type", found = jsonType(v))
    }

    internal fun badUnion(v: ContractJson?, tagKey: String, unknown: Boolean) {
        if (unknown) { why = Why("unknown-union-tag", field = tagKey); return }
        if (v !is ContractJson.Obj) { wrongType(v); return }
        val tag = v.entries[tagKey]
        why = when {
            tag == null -> Why("missing", field = tagKey)
            tag === ContractJson.InvalidStr -> Why("unpaired-surrogate", field = tagKey)
            tag === ContractJson.Null -> Why("null", field = tagKey)
            else -> Why("wrong-type", found = jsonType(tag), field = tagKey)
        }
    }

    internal fun unknownTag(tagKey: String, fallback: String) {
        if (why == null) why = Why("unknown-union-tag", field = tagKey, fallback = fallback)
    }

    internal fun beginObject(fields: Int) { frames.add(Frame(records.size, fields, false)) }

    internal fun field(index: Int, step: String) {
        val frame = frames[frames.size - 1]
        push(step, 0)
        if (frame.from[index] >= 0) {
            kill(frame.from[index], frame.to[index])
            frame.cause[index] = null
            frame.own[index]?.replaced = true
            frame.own[index] = null
            if (!frame.dup[index]) {
                frame.dup[index] = true
                records.add(Record(Why("duplicate-key"), node(), "last"))
            }
        }
        frame.from[index] = records.size
        why = null
    }

    internal fun fieldDone(index: Int, used: String) {
        val frame = frames[frames.size - 1]
        if (why != null) {
            val record = record(used)
            if (used == "parent") frame.cause[index] = record
            else if (used == "document") frame.own[index] = record
        }
        frame.to[index] = records.size
        pop()
    }

    internal fun endObject() { frames.removeAt(frames.size - 1) }

    internal fun dropObject(index: Int, step: String, key: String, used: String) {
        val frame = frames.removeAt(frames.size - 1)
        var cause = frame.cause[index]
        if (frame.from[index] < 0) {
            push(step, 0)
            cause = Record(Why("missing"), node(), used)
            pop()
            if (used == "document") { records.add(cause); cause = null }
        }
        kill(frame.start, records.size)
        // A fail-document field's entry says it all (the document is invalid): no invalid-field above it.
        why = if (used == "document") null else Why("invalid-field", field = key, cause = cause)
    }

    internal fun beginArray() { frames.add(Frame(records.size, 0, false)) }

    internal fun element() {
        val frame = frames[frames.size - 1]
        push(null, frame.count++)
        why = null
    }

    internal fun elementDone(kept: Boolean) {
        if (why != null) record(if (kept) "fallback" else "dropped")
        pop()
    }

    internal fun endContainer() { frames.removeAt(frames.size - 1) }

    internal fun beginMap() { frames.add(Frame(records.size, 0, true)) }

    internal fun entry() {
        val frame = frames[frames.size - 1]
        frame.from[0] = records.size
        push(null, -1 - frame.count++)
        why = null
    }

    internal fun entryDone(name: String?, kept: Boolean) {
        val frame = frames[frames.size - 1]
        val from = frame.from[0]
        if (name == null) {
            kill(from, records.size)
            why = Why("invalid-key")
            record("ignored")
            pop()
            return
        }
        if (why != null) record(if (kept) "fallback" else "ignored")
        val keys = frame.keys!!
        // By canonical key, as the map itself replaces entries (ContractMapKeys).
        val key = ContractText.mapKey(name)
        val earlier = keys[key]
        keys[key] = Triple(node(), from, records.size)
        pop()
        if (earlier != null) {
            // The earlier entry of this key is replaced (the last wins): its own entries no longer count.
            kill(earlier.second, earlier.third)
            records.add(Record(Why("duplicate-key"), earlier.first, "last"))
        }
    }

    private fun push(step: String?, index: Int) {
        steps.add(step); indices.add(index); seqs.add(began++); nodes.add(null)
    }

    private fun pop() {
        val last = steps.size - 1
        steps.removeAt(last); indices.removeAt(last); seqs.removeAt(last); nodes.removeAt(last)
        if (built > steps.size) built = steps.size
    }

    /** The current path's node, made only now (each step once), so paths cost nothing until an entry needs one. */
    private fun node(): Node? {
        for (k in built until steps.size) nodes[k] = Node(if (k == 0) null else nodes[k - 1], steps[k], indices[k], seqs[k])
        built = steps.size
        return if (steps.isEmpty()) null else nodes[steps.size - 1]
    }

    private fun record(used: String): Record {
        val held = why!!
        why = null
        val record = Record(held, node(), if (held.fallback != null) "fallback" else used)
        records.add(record)
        if (held.cause != null) records.add(held.cause)
        return record
    }

    private fun kill(from: Int, to: Int) {
        if (to > from) { kills.add(from); kills.add(to) }
    }

    private fun render(): List<ContractReportEntry> {
        rendered?.let { return it }
        val n = records.size
        val depth = IntArray(n + 1)
        var k = 0
        while (k < kills.size) { depth[kills[k]]++; depth[kills[k + 1]]--; k += 2 }
        // An entry used `document` that no later duplicate replaced means the document is rejected
        // (a fail-document field failed, wherever it is; or malformed, or the version).
        val invalid = records.any { it.used == "document" && !it.replaced }
        val alive = ArrayList<Record>()
        var killed = 0
        for (i in 0 until n) {
            killed += depth[i]
            val record = records[i]
            if (record.replaced) continue // a fail-document field's own value that a later duplicate replaced: it failed nothing
            if (invalid) {
                // A rejected document uses no value: only its fail-document entries stay, wherever they
                // are, each with the entry of the field that made it invalid (added right after it).
                val before = if (i > 0) records[i - 1] else null
                val cause = before != null && before.used == "document" && !before.replaced && before.why.cause === record
                if (record.used != "document" && !cause) continue
            } else if (killed > 0) {
                continue
            }
            alive.add(record)
        }
        // In the text's order: by where each value begins (a value before its members), then as recorded (a stable sort).
        val ordered = alive.sortedBy { it.node?.seq ?: -1 }
        val result = ArrayList<ContractReportEntry>()
        for (record in ordered) {
            if (result.size == LIMIT) { omittedCount++; continue }
            val w = record.why
            result.add(ContractReportEntry(path(record.node, false), path(record.node, true), w.rule, record.used,
                w.found, w.constraint, w.fallback, w.field, w.offset, w.expected))
        }
        rendered = result
        onEntry?.let { hook -> for (entry in result) hook(entry) }
        return result
    }

    private fun path(node: Node?, pattern: Boolean): String {
        val parts = ArrayList<String>()
        var at = node
        while (at != null) {
            val step = at.step
            parts.add(when {
                step != null -> step
                at.index >= 0 -> if (pattern) "[*]" else "[" + at.index + "]"
                else -> if (pattern) "[#*]" else "[#" + (-1 - at.index) + "]"
            })
            at = at.parent
        }
        val sb = StringBuilder("$")
        for (i in parts.indices.reversed()) sb.append(parts[i])
        return sb.toString()
    }

    companion object {
        /** The most entries a report lists; more are counted in [omitted] (paths are up to 512 steps long). */
        const val LIMIT = 1000

        internal fun jsonType(v: ContractJson): String = when (v) {
            is ContractJson.Null -> "null"
            is ContractJson.Bool -> "boolean"
            is ContractJson.Num -> "number"
            is ContractJson.Str, is ContractJson.InvalidStr -> "string"
            is ContractJson.Arr -> "array"
            is ContractJson.Obj -> "object"
        }

        private fun utf8Width(text: String, i: Int): Int {
            val c = text[i].toInt()
            if (c < 0x80) return 1
            if (c < 0x800) return 2
            if (Character.isHighSurrogate(text[i]) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1])) return 4
            return 3
        }

        /** The UTF-8 length of a text; an unpaired surrogate counts 3 bytes (as WTF-8 writes it). */
        internal fun utf8Length(text: String): Long {
            var bytes = 0L
            var i = 0
            while (i < text.length) {
                val w = utf8Width(text, i)
                bytes += w
                i += if (w == 4) 2 else 1
            }
            return bytes
        }

        /**
         * Where a document text stops being acceptable (RFC 8259, nesting ≤ 512, an object at the
         * root): the UTF-8 byte offset and what was expected there (docs/report.md); null for an
         * acceptable text. Its own small loop, the same as contract-runtime.ts's `contractSyntaxError`.
         */
        internal fun contractSyntaxError(text: String): Pair<Long, String>? = SyntaxProbe(text).run()
    }

    private class SyntaxProbe(val text: String) {
        val n = text.length
        var i = 0
        var bytes = 0L
        val open = ArrayList<Char>()

        fun step() {
            val w = utf8Width(text, i)
            bytes += w
            i += if (w == 4) 2 else 1
        }

        fun ws() {
            while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) step()
        }

        fun isDigit(c: Char) = c in '0'..'9'
        fun isHex(c: Char) = c in '0'..'9' || c in 'A'..'F' || c in 'a'..'f'

        fun digits(): Boolean {
            if (i >= n || !isDigit(text[i])) return false
            while (i < n && isDigit(text[i])) step()
            return true
        }

        fun string(): String? {
            step()
            while (true) {
                if (i >= n) return "string"
                val c = text[i]
                if (c == '"') { step(); return null }
                if (c < ' ') return "string"
                if (c == '\\') {
                    step()
                    if (i >= n) return "escape"
                    val e = text[i]
                    if (e == 'u') {
                        step()
                        for (k in 0 until 4) {
                            if (i >= n || !isHex(text[i])) return "escape"
                            step()
                        }
                    } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                        step()
                    } else {
                        return "escape"
                    }
                    continue
                }
                step()
            }
        }

        fun run(): Pair<Long, String>? {
            ws()
            if (i >= n || text[i] != '{') return Pair(bytes, "object")
            var state = 0 // 0 value, 1 key, 2 after a value
            while (true) {
                if (state == 0) {
                    ws()
                    if (i >= n) return Pair(bytes, "value")
                    val c = text[i]
                    if (c == '{' || c == '[') {
                        if (open.size >= 512) return Pair(bytes, "depth")
                        open.add(c)
                        step()
                        ws()
                        if (i < n && text[i] == (if (c == '{') '}' else ']')) {
                            open.removeAt(open.size - 1)
                            step()
                            state = 2
                        } else {
                            state = if (c == '{') 1 else 0
                        }
                        continue
                    }
                    if (c == '"') {
                        val error = string()
                        if (error != null) return Pair(bytes, error)
                    } else if (c == 't' || c == 'f' || c == 'n') {
                        val word = if (c == 't') "true" else if (c == 'f') "false" else "null"
                        for (k in 0 until word.length) {
                            if (i >= n || text[i] != word[k]) return Pair(bytes, "literal")
                            step()
                        }
                    } else if (c == '-' || isDigit(c)) {
                        if (c == '-') step()
                        if (i < n && text[i] == '0') step() else if (!digits()) return Pair(bytes, "digit")
                        if (i < n && text[i] == '.') {
                            step()
                            if (!digits()) return Pair(bytes, "digit")
                        }
                        if (i < n && (text[i] == 'e' || text[i] == 'E')) {
                            step()
                            if (i < n && (text[i] == '+' || text[i] == '-')) step()
                            if (!digits()) return Pair(bytes, "digit")
                        }
                    } else {
                        return Pair(bytes, "value")
                    }
                    state = 2
                } else if (state == 1) {
                    ws()
                    if (i >= n || text[i] != '"') return Pair(bytes, "key")
                    val error = string()
                    if (error != null) return Pair(bytes, error)
                    ws()
                    if (i >= n || text[i] != ':') return Pair(bytes, "colon")
                    step()
                    state = 0
                } else {
                    ws()
                    if (open.isEmpty()) return if (i < n) Pair(bytes, "end") else null
                    val top = open[open.size - 1]
                    if (i < n && text[i] == ',') {
                        step()
                        state = if (top == '{') 1 else 0
                    } else if (i < n && text[i] == (if (top == '{') '}' else ']')) {
                        open.removeAt(open.size - 1)
                        step()
                    } else {
                        return Pair(bytes, "comma-or-close")
                    }
                }
            }
        }
    }
}

// endregion
