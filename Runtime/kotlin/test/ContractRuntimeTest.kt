// Unit tests of the Kotlin runtime as a source file of its own (Runtime/kotlin), the file `emit`
// copies verbatim into every app. A plain program (no test framework ships with Debian's Kotlin):
// it exits non-zero on the first broken check. Run by scripts/test-runtimes.sh with -Werror.
// Expectations follow RFC 8259 and the proleptic Gregorian calendar, worked out by hand.
package dev.contractgen.runtime.test

import dev.contractgen.runtime.ContractCalendar
import dev.contractgen.runtime.ContractDoneQueue
import dev.contractgen.runtime.ContractJson
import dev.contractgen.runtime.ContractJsonReader
import dev.contractgen.runtime.ContractJsonScanner
import dev.contractgen.runtime.ContractMapKeys
import dev.contractgen.runtime.ContractNullable
import dev.contractgen.runtime.ContractReport
import dev.contractgen.runtime.ContractText
import dev.contractgen.runtime.ContractTimeline
import dev.contractgen.runtime.ContractUtf8
import java.lang.management.ManagementFactory
import kotlin.system.exitProcess

private var checks = 0

private fun check(condition: Boolean, what: String) {
    checks++
    if (!condition) {
        System.err.println("FAILED: $what")
        exitProcess(1)
    }
}

private fun number(v: ContractJson?): Double? = (v as? ContractJson.Num)?.value

/** An object of [count] keys, each given twice (the second time after all the others). */
private fun repeatedKeyObject(count: Int): String {
    val keys = (0 until count).map { "\"k" + it.toString().padStart(7, '0') + "\"" }
    return "{" + (keys + keys).joinToString(",") { "$it:true" } + "}"
}

/**
 * CPU seconds of this thread for one peek of [text]: CPU time, not wall time, so other processes
 * on a busy machine do not skew the ratio; collected first, so earlier garbage is not billed.
 */
private fun peekSeconds(text: String, keys: Int): Double {
    System.gc()
    val threads = ManagementFactory.getThreadMXBean()
    val start = threads.currentThreadCpuTime
    val peeked = ContractDoneQueue.peek(text)
    val seconds = (threads.currentThreadCpuTime - start) / 1e9
    check(peeked.size == keys, "one entry per key")
    return seconds
}

/** Time for 4N repeated keys over time for N: the fastest of interleaved runs after a warm-up. */
private fun repeatedKeyRatio(): Double {
    val small = repeatedKeyObject(9000)
    val large = repeatedKeyObject(36000)
    check(large.length > 1000000, "the larger object is ~1 MB")
    var fastSmall = Double.MAX_VALUE
    var fastLarge = Double.MAX_VALUE
    for (round in 0 until 8) {
        val s = peekSeconds(small, 9000)
        val l = peekSeconds(large, 36000)
        if (round >= 3) { // the JIT compiles the scanner during the first rounds
            fastSmall = minOf(fastSmall, s)
            fastLarge = minOf(fastLarge, l)
        }
    }
    return fastLarge / maxOf(fastSmall, 1e-6)
}

/** A map field's entries after these members, as the generated map decoders build them. */
private fun mapOf(vararg members: Pair<String, Int?>): Map<String, Int> {
    val result = LinkedHashMap<String, Int>()
    val keys = ContractMapKeys()
    for ((name, value) in members) {
        result.remove(keys.replaced(name, value != null, result.keys))
        if (value != null) result[name] = value
    }
    return result
}

fun main() {
    // A map field's keys: a canonically equivalent spelling replaces the earlier entry, the later
    // spelling kept (docs/semantics.md row 15); ASCII keys and exact repeats as always.
    check(mapOf("e\u0301" to 1, "\u00e9" to 2) == linkedMapOf("\u00e9" to 2), "composed after decomposed")
    check(mapOf("\u00e9" to 1, "e\u0301" to 2) == linkedMapOf("e\u0301" to 2), "decomposed after composed")
    check(mapOf("\u212a" to 1, "K" to 2) == linkedMapOf("K" to 2), "K after the Kelvin sign")
    check(mapOf("K" to 1, "\u212a" to 2) == linkedMapOf("\u212a" to 2), "the Kelvin sign after K")
    check(mapOf("e\u0301" to 1, "\u00e9" to 2, "e\u0301" to 3) == linkedMapOf("e\u0301" to 3), "twins around an exact repeat")
    check(mapOf("\u00e9" to 1, "e\u0301" to null).isEmpty(), "an invalid later twin leaves no entry")
    check(mapOf("a" to 1, "b" to 2, "a" to 3).keys.toList() == listOf("b", "a"), "an exact repeat moves to the end")
    check(mapOf("\ufb01" to 1, "fi" to 2).size == 2, "compatibility equivalents stay apart")
    // A malformed text's place: the UTF-8 byte offset and the expected word (docs/report.md).
    check(ContractReport.contractSyntaxError("") == Pair(0L, "object"), "syntax error place of " + "")
    check(ContractReport.contractSyntaxError("[]") == Pair(0L, "object"), "syntax error place of " + "[]")
    check(ContractReport.contractSyntaxError(" {") == Pair(2L, "key"), "syntax error place of " + " {")
    check(ContractReport.contractSyntaxError("{\"a\":1,}") == Pair(7L, "key"), "syntax error place of " + "{\"a\":1,}")
    check(ContractReport.contractSyntaxError("{\"a\":tru}") == Pair(8L, "literal"), "syntax error place of " + "{\"a\":tru}")
    check(ContractReport.contractSyntaxError("{\"é\":-}") == Pair(7L, "digit"), "syntax error place of " + "{\"é\":-}")
    check(ContractReport.contractSyntaxError("{\"a\":\"\\x\"}") == Pair(7L, "escape"), "syntax error place of " + "{\"a\":\"\\x\"}")
    check(ContractReport.contractSyntaxError("{\"a\":1}x") == Pair(7L, "end"), "syntax error place of " + "{\"a\":1}x")
    check(ContractReport.contractSyntaxError("{\"a\" 1}") == Pair(5L, "colon"), "syntax error place of " + "{\"a\" 1}")
    check(ContractReport.contractSyntaxError("{\"a\":[1 2]}") == Pair(8L, "comma-or-close"), "syntax error place of " + "{\"a\":[1 2]}")
    check(ContractReport.contractSyntaxError("{\"😀\":}") == Pair(8L, "value"), "syntax error place of " + "{\"😀\":}")
    check(ContractReport.contractSyntaxError("{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[") == Pair(516L, "depth"), "syntax error place of " + "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[")
    check(ContractReport.contractSyntaxError("{\"a\":\"b") == Pair(7L, "string"), "syntax error place of " + "{\"a\":\"b")
    check(ContractReport.contractSyntaxError("{\"a\":[1,{\"b\":null}]}") == null, "an acceptable text")
    // RFC 8259: accepted and rejected texts.
    check(ContractJsonReader.parse(" \t\r\n[] ") is ContractJson.Arr, "whitespace around an array")
    for (text in listOf("", "01", "[1,]", "{\"a\":1,}", "'x'", "NaN", "[1] 2", "\uFEFF{}", "{a:1}", "[\"\u0001\"]", "1.", ".5", "-", "+1", "[", "{\"a\"}", "\"\\x\"")) {
        check(ContractJsonReader.parse(text) == null, "rejects ${text.map { it.toInt() }}")
    }

    // Depth: 512 levels are accepted, 513 are not.
    check(ContractJsonReader.parse("[".repeat(512) + "]".repeat(512)) != null, "512 levels")
    check(ContractJsonReader.parse("[".repeat(513) + "]".repeat(513)) == null, "513 levels")

    // Duplicate keys: the last wins, also in objects past any small-object threshold.
    val members = (0 until 14).map { "\"k$it\":$it" } + "\"k3\":99"
    val obj = ContractJsonReader.parse("{" + members.joinToString(",") + "}") as ContractJson.Obj
    check(number(obj.entries["k3"]) == 99.0, "late duplicate in a 14-key object wins")
    check(number(obj.entries["k13"]) == 13.0, "last key kept")

    // Every object size on both sides of any small-object threshold, with a late duplicate of
    // every key in turn: one entry per key, in order of first appearance, the duplicate wins.
    for (size in 1..40) {
        for (duplicate in 0 until size) {
            val text = "{" + ((0 until size).map { "\"k$it\":$it" } + "\"k$duplicate\":${1000 + duplicate}").joinToString(",") + "}"
            val entries = (ContractJsonReader.parse(text) as ContractJson.Obj).entries
            check(entries.keys.toList() == (0 until size).map { "k$it" }, "keys of size $size, duplicate $duplicate")
            for (key in 0 until size) {
                val expected = (if (key == duplicate) 1000 + key else key).toDouble()
                check(number(entries["k$key"]) == expected, "size $size, duplicate $duplicate, k$key")
            }
        }
    }

    // A 300-entry queue whose last entry repeats t150 with the opposite target: the repeat wins.
    val ids = (0 until 300).map { "t$it" }
    val queue = "{" + ids.joinToString(",") { "\"$it\":true" } + ",\"t150\":false}"
    val changes = ContractDoneQueue.drain(queue, ids.associateWith { false })
    // ASCII ids: UTF-16 order is plain character order.
    check(changes.map { it.first } == ids.filter { it != "t150" }.sorted(), "drain of a long queue with a late duplicate")
    check(changes.all { it.second }, "drain targets")
    val peeked = ContractDoneQueue.peek(queue)
    check(peeked.keys.toList() == ids && peeked["t150"] == false, "peek of a long queue with a late duplicate")
    val longQueue = "{" + ids.take(40).joinToString(",") { "\"$it\":false" } + "}"
    check(ContractDoneQueue.set(longQueue, "t30", true) == "{" + ids.take(40).joinToString(",") { "\"$it\":${it == "t30"}" } + "}",
        "set keeps an existing id's place in a long queue")

    // Time grows linearly with a repeated-key object (N keys, then the same N again) against 4N:
    // linear is ~4x; 8x leaves room for noise, a quadratic path (16x) fails. The larger is ~1 MB.
    val ratio = repeatedKeyRatio()
    check(ratio < 8.0, "4x the keys took ${ratio}x the time")

    // A union's tag (peekTag): the last occurrence of the key when it is a string; nothing is
    // consumed, so the value then reads in full, and a syntax error inside is found by that read.
    val tagCases = listOf<Pair<String, String?>>(
        Pair("{\"kind\":\"a\",\"x\":1}", "a"),
        Pair("{\"x\":[1,{\"kind\":\"z\"}],\"kind\":\"a\"}", "a"),
        Pair("{\"kind\":\"a\",\"kind\":\"b\"}", "b"),
        Pair("{\"kind\":\"a\",\"kind\":1}", null),
        Pair("{\"x\":1}", null),
        Pair("\"a\"", null),
        Pair("[{\"kind\":\"a\"}]", null),
        Pair("null", null),
        Pair("{\"kind\":\"\\ud800\"}", null),
        Pair("{\"kind\":\"\\u0061\"}", "a"),
        Pair("{\"kind\":{\"kind\":\"a\"}}", null),
        Pair("{\"Kind\":\"a\"}", null),
        Pair("{}", null),
        Pair("{\"kind\":\"\"}", "")
    )
    for ((value, expected) in tagCases) {
        val scanner = ContractJsonScanner("{\"u\":" + value + "}")
        scanner.enterObject()
        scanner.nextMember()
        check(scanner.peekTag("kind") == expected, "peekTag of $value")
        val after = scanner.value()
        check(after.toString() == ContractJsonReader.parse(value).toString(), "the value after peekTag of $value")
        scanner.nextMember()
        check(scanner.finish(), "finish after peekTag of $value")
    }
    val broken = ContractJsonScanner("{\"u\":{\"kind\":\"a\",\"x\":[1,]}}")
    broken.enterObject()
    broken.nextMember()
    check(broken.peekTag("kind") == null && !broken.failed, "peekTag of a malformed object: no tag, nothing failed yet")
    broken.skipValue()
    check(broken.failed, "the read after peekTag finds the syntax error")

    // Unpaired surrogates are not strings (the scanner's typed read, as the decoders use it).
    check(ContractJsonScanner("\"\\ud800\"").string() == null, "unpaired surrogate")
    check(ContractJsonScanner("\"\\ud83d\\ude00\"").string() == "\uD83D\uDE00", "surrogate pair")
    // Raw surrogates (the fast path checks pairing only once it saw one) and plain runs between
    // escapes (copied in one piece), at several lengths.
    for (filler in listOf("a", "\u00e9", "\uD83D\uDE00")) {
        for (count in 0..9) {
            val run = filler.repeat(count)
            check(ContractJsonScanner("\"$run\"").string() == run, "plain run $count")
            check(ContractJsonScanner("\"$run\\n$run\\\"$run\"").string() == "$run\n$run\"$run", "runs between escapes $count")
            check(ContractJsonScanner("\"$run\uD800$run\"").string() == null, "raw unpaired high surrogate $count")
            check(ContractJsonScanner("\"$run\\t\uDC00$run\"").string() == null, "raw unpaired low surrogate after an escape $count")
            check(ContractJsonReader.parse("\"$run\\n$run\u0001\"") == null, "control character after an escape $count")
        }
    }

    // The escape buffer grows past its first 64 chars; a raw surrogate before the first escape
    // still has its pairing checked (the flag is carried into the escaped part).
    for (count in listOf(60, 64, 65, 200, 5000)) {
        val long = "x".repeat(count)
        check(ContractJsonScanner("\"$long\\n$long\"").string() == "$long\n$long", "escaped string of ${2 * count + 1} chars")
    }
    check(ContractJsonScanner("\"\uD800\\n\"").string() == null, "raw unpaired surrogate before an escape")
    check(ContractJsonScanner("\"\uD83D\\n\"").string() == null, "raw high surrogate split from its pair by an escape")
    check(ContractJsonScanner("\"\uD83D\\uDE00\\n\"").string() == "\uD83D\uDE00\n", "raw high + escaped low is a pair")
    // Keys: the pairing check runs only when a surrogate was seen, and then it still runs.
    for ((text, name) in listOf("{\"\uD800\":1}" to null, "{\"a\uD83D\uDE00\":1}" to "a\uD83D\uDE00", "{\"ab\":1}" to "ab")) {
        val scanner = ContractJsonScanner(text)
        scanner.enterObject()
        check(scanner.nextMember()?.text == name, "key of $text")
    }

    // A text of up to 65,536 chars is scanned in the thread's recycled buffer, which still holds
    // an earlier, longer text's chars past this one's end: every read stops at the text's own end.
    check(ContractJsonReader.parse("{\"a\":\"xyz\",\"b\":12345}").toString() == "{\"a\":\"xyz\",\"b\":12345}", "a text before shorter ones")
    check(ContractJsonReader.parse("{\"a\":\"x") == null, "a string cut short, where the buffer goes on with an earlier text's chars")
    check(number(ContractJsonReader.parse("123")) == 123.0, "a number that ends where the buffer's earlier text goes on")
    check(ContractJsonReader.parse("{\"a\":\"\\") == null, "an escape cut short after a longer text")
    // A scan started while another holds the buffer gets an array of its own; finish hands a
    // buffer back once and answers the same when asked again.
    val outer = ContractJsonScanner("{\"a\":\"outer\",\"b\":[1,2]}")
    outer.enterObject()
    check(outer.nextMember()?.text == "a", "the outer scan's first key")
    check(ContractJsonReader.parse("{\"inner\":\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\"}") != null, "a scan inside a scan")
    check(outer.string() == "outer" && outer.nextMember()?.text == "b", "the outer scan reads on after the inner one")
    check(outer.value().toString() == "[1,2]" && outer.nextMember() == null && outer.finish() && outer.finish(), "the outer scan ends whole, twice")
    val trailing = ContractJsonScanner("{} x")
    trailing.skipValue()
    check(!trailing.finish() && !trailing.finish() && trailing.value() == null, "trailing text: no, no again, and nothing read after")
    // Longer texts get an array of their own: one between two short scans leaves them unchanged.
    val long = "[" + "1,".repeat(40_000) + "\"" + "y".repeat(1000) + "\"]"
    check((ContractJsonReader.parse(long) as? ContractJson.Arr)?.items?.size == 40_001, "a text of 81,003 chars")
    check(ContractJsonReader.parse("[\"y\"]").toString() == "[\"y\"]", "a short text after a long one")

    // Numbers: a plain integer of up to 15 digits is converted without the JDK's parser; it must
    // give exactly what the parser gives (and -0 stays negative zero), at every length and sign.
    val random = java.util.Random(2026)
    for (k in 0 until 4000) {
        val digits = 1 + k % 20
        val body = StringBuilder().append(if (k % 7 == 0) '0' else '1' + random.nextInt(9))
        if (body[0] != '0') for (d in 1 until digits) body.append('0' + random.nextInt(10))
        val token = (if (k % 2 == 0) "-" else "") + body
        val expected = java.lang.Double.parseDouble(token)
        val got = ContractJsonScanner(token).anyNumber()
        check(got != null && java.lang.Double.doubleToRawLongBits(got) == java.lang.Double.doubleToRawLongBits(expected), "integer $token")
    }
    check(java.lang.Double.doubleToRawLongBits(ContractJsonScanner("-0").anyNumber()!!) == java.lang.Double.doubleToRawLongBits(-0.0), "-0 is negative zero")
    check(ContractJsonScanner("999999999999999").anyNumber() == 999999999999999.0, "15 digits")
    check(ContractJsonScanner("9007199254740993").anyNumber() == 9007199254740992.0, "16 digits round as the JDK rounds")
    for (bad in listOf("01", "-", "1.", "1e", "-01", "1.e5")) check(ContractJsonReader.parse(bad) == null, "number syntax $bad")

    // epochMillis: integral, 1 … 2^53−1.
    check(ContractJsonScanner("0").epochMillis() == null, "0 is not an instant")
    check(ContractJsonScanner("1").epochMillis() == 1L, "1 is")
    check(ContractJsonScanner("1.0").epochMillis() == 1L, "1.0 is 1")
    check(ContractJsonScanner("9007199254740991").epochMillis() == 9007199254740991L, "2^53-1 is")
    check(ContractJsonScanner("9007199254740992").epochMillis() == null, "2^53 is not")
    check(ContractJsonScanner("1.5").epochMillis() == null, "1.5 is not")
    check(ContractJsonScanner("-5").epochMillis() == null, "negatives are not")
    check(ContractJsonScanner("\"1\"").epochMillis() == null, "a string is not")

    // Calendar: real proleptic-Gregorian dates only.
    for (bad in listOf("2026-02-30", "2026-11-31", "2026-09-31", "1900-02-29", "0000-01-01", "2026-1-01")) {
        check(ContractCalendar.parseLocalDate(bad) == null, "rejects $bad")
    }
    check(ContractCalendar.parseLocalDate("2000-02-29") != null, "2000 is a leap year")
    // Date-times: the one strict RFC 3339 form; instants worked out apart (Python's datetime, UTC).
    val validDateTimes = listOf(
        "2026-07-17T06:30:00Z" to 1784269800000L, "2026-07-17T08:30:00+02:00" to 1784269800000L,
        "2026-07-16T21:00:00-09:30" to 1784269800000L, "2026-07-17T06:30:00-00:00" to 1784269800000L,
        "2000-02-29T00:00:00Z" to 951782400000L, "1970-01-01T00:00:00.001Z" to 1L,
        "1969-12-31T23:59:59.9999Z" to -1L, "2026-07-17T08:30:00.250+02:00" to 1784269800250L,
        "2026-12-31T23:59:59.999999999-23:59" to 1798847939999L,
        "0001-01-01T00:00:00Z" to -62135596800000L, "9999-12-31T23:59:59.999Z" to 253402300799999L
    )
    for ((text, instant) in validDateTimes) check(ContractCalendar.parseDateTime(text) == instant, "reads $text")
    for (bad in listOf("2026-07-17t06:30:00Z", "2026-07-17T06:30:00z", "2026-07-17 06:30:00Z", "2026-07-17T06:30:00",
            "2026-07-17T06:30Z", "2016-12-31T23:59:60Z", "2026-07-17T24:00:00Z", "2026-07-17T06:60:00Z",
            "2026-02-29T06:30:00Z", "2026-07-17T06:30:00.Z", "2026-07-17T06:30:00.1234567890Z",
            "2026-07-17T06:30:00+0200", "2026-07-17T06:30:00+24:00", "2026-07-17T06:30:00+02:60",
            "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59.999-00:01", "0000-12-31T23:30:00-01:00",
            "\uFF12\uFF10\uFF12\uFF16-07-17T06:30:00Z", "2026-07-17T06:30:00Z ", "2026-7-17T06:30:00Z", "2026-07-17", "",
            "2026-07-17T06:30:00+02:00:00", "2026-07-17T06:30:00.5", "+2026-07-17T06:30:00Z")) {
        check(ContractCalendar.parseDateTime(bad) == null, "rejects date-time $bad")
    }
    check(ContractJsonScanner("\"2026-07-17\\u005406:30:00Z\"").dateTime() == 1784269800000L, "escapes decode first")
    check(ContractJsonScanner("1784269800000").dateTime() == null, "a number is no date-time")
    // explicit-null: null is consumed and reported; any other value is left to read.
    check(ContractJsonScanner("null").nextIsNull(), "null is null")
    run {
        val scanner = ContractJsonScanner("\"null\"")
        check(!scanner.nextIsNull() && scanner.string() == "null", "the string \"null\" is a string")
    }
    run {
        val scanner = ContractJsonScanner("  0")
        check(!scanner.nextIsNull() && scanner.integer() == 0L, "0 is left to read")
    }
    check(ContractNullable.of<String>(null) == ContractNullable.Absent, "nothing read is absent")
    check(ContractNullable.of("x") == ContractNullable.Value("x"), "a read value is a value")
    val cleared: ContractNullable<String> = ContractNullable.Null
    check(cleared.valueOrNull == null && ContractNullable.of("x").valueOrNull == "x", "valueOrNull")
    check(ContractCalendar.daysFromCivil(1970, 1, 1) == 0L, "epoch day")
    check(ContractCalendar.daysFromCivil(2000, 3, 1) == 11017L, "2000-03-01")
    // validUntil takes only safe-integer offsets (docs/semantics.md, decision 9), even when the sum would be in range.
    val utc = ContractCalendar.timeZone("UTC")!!
    check(ContractCalendar.validUntilMs("1970-01-01", -9007199254740991L, utc) == 86400000L - 9007199254740991L, "lowest safe offset")
    check(ContractCalendar.validUntilMs("1970-01-01", -9007199254740992L, utc) == null, "offset -2^53")
    check(ContractCalendar.validUntilMs("1970-01-01", Long.MIN_VALUE, utc) == null, "offset Long.MIN_VALUE")
    check(ContractCalendar.validUntilMs("1970-01-01", 9007199254740992L, utc) == null, "offset 2^53")

    // America/Santiago 2022-09-11: midnight is skipped (UTC−4 → UTC−3); the day starts 04:00 UTC.
    val santiago = ContractCalendar.timeZone("America/Santiago")
    check(santiago != null, "Santiago is known")
    check(ContractCalendar.dayStartMs("2022-09-11", santiago!!) == 1662868800000L, "skipped midnight")
    check(ContractCalendar.timeZone("Mars/Olympus") == null, "unknown zone fails closed")

    // The zone-id rule of docs/semantics.md; the same tables are in the Swift and TypeScript tests.
    for (id in listOf("Etc/GMT-5", "America/Argentina/ComodRivadavia", "EST5EDT", "America/Port-au-Prince", "_a", "Mars/Olympus")) check(ContractCalendar.isZoneIdSyntax(id), "grammar accepts $id")
    for (id in listOf("", "/", "Europe/", "/Europe", "Europe//Berlin", "a/b/c/d", "Europe/Berlin\u0000", "Europe/Berlin ", "../../etc/passwd", "Europe/Berl.in", "-05", "Etc/-5", "Etc/+5", "Fifteen_Letters", "\u00DCmlaut", "Europe/Berlin\n", "Europe/Berlin\r")) check(!ContractCalendar.isZoneIdSyntax(id), "grammar rejects $id")
    check(!ContractCalendar.isZoneIdSyntax("Europe/" + "B".repeat(993)), "grammar rejects 1000 chars")
    for (id in listOf("europe/berlin", "gmt", "etc/utc", "us/pacific", "japan", "zulu", "PST", "GMT+0", "Factory", "America/Coyhaique", "ROC", "SystemV/EST5", "Mars/Olympus", "Europe/Berlin\u0000")) check(ContractCalendar.timeZone(id) == null, "not an exact IANA name: $id")
    for (id in listOf("Europe/Berlin", "GMT", "UTC", "Etc/UTC", "US/Pacific", "Japan", "Zulu", "Asia/Kolkata", "Europe/Kyiv", "Etc/GMT-5")) check(ContractCalendar.timeZone(id) != null, "IANA name: $id")

    // min-length/max-length count code points: neither UTF-16 units nor grapheme clusters.
    for ((text, expected) in listOf("" to 0, "a" to 1, "\u00e9" to 1, "e\u0301" to 2, "\uD83D\uDE00" to 1, "a\uD83D\uDE00b" to 3,
            "\uD83C\uDDE9\uD83C\uDDEA" to 2, "\u4E2D\u6587" to 2, "\u0000" to 1, "\r\n" to 2)) {
        check(ContractText.length(text) == expected, "length of ${text.map { it.toInt() }} is $expected")
    }
    check("\uD83D\uDE00".length == 2, "UTF-16 length differs")
    check(ContractText.length("\uD83D\uDE00e\u0301".repeat(100_000)) == 300_000, "long text")

    timelineChecks()
    utf8Checks()
    println("kotlin runtime: $checks passed, 0 failed")
}

/**
 * The timeline rule (runtime section 7), worked out by hand: one entry at `now`; a second at the
 * staleness instant when it lies after `now`, which is also the next update; otherwise none.
 * America/Santiago 2026-09-06 starts at 01:00 −03 (midnight is skipped).
 */
private fun timelineChecks() {
    val sep5Start = 1788580800000L // 2026-09-05 00:00 −04
    val sep6Start = 1788667200000L // 2026-09-06 01:00 −03, the first instant of that day
    val sep7Start = 1788750000000L // 2026-09-07 00:00 −03
    val santiago = ContractCalendar.timeZone("America/Santiago")!!
    fun headerAt(validUntil: Long?, day: String): (Long) -> String = { at ->
        if (validUntil == null || at < validUntil) "today" else "outdated:" + ContractCalendar.dayStartMs(day, santiago)
    }

    val now = 1788620400000L // 2026-09-05 11:00 −04
    val fresh = ContractTimeline.build(now, sep6Start, headerAt(sep6Start, "2026-09-05"))
    check(fresh.entries.map { it.atMs } == listOf(now, sep6Start), "fresh: entries at now and validUntil")
    check(fresh.entries.map { it.header } == listOf("today", "outdated:$sep5Start"), "fresh: today, then outdated with the day's start")
    check(fresh.reloadAtMs == sep6Start && fresh.headerNow == "today", "fresh: update at validUntil, today now")

    val stale = ContractTimeline.build(sep7Start + 60000L, sep7Start, headerAt(sep7Start, "2026-09-06"))
    check(stale.entries.map { it.atMs } == listOf(sep7Start + 60000L), "stale: one entry at now")
    check(stale.headerNow == "outdated:$sep6Start" && stale.reloadAtMs == null, "stale: the skipped-midnight day starts at the transition; no update")

    val boundary = ContractTimeline.build(5000L, 5000L) { if (it >= 5000L) "outdated" else "today" }
    check(boundary.entries.map { it.atMs } == listOf(5000L) && boundary.headerNow == "outdated" && boundary.reloadAtMs == null, "boundary is stale")
    val justBefore = ContractTimeline.build(4999L, 5000L) { if (it >= 5000L) "outdated" else "today" }
    check(justBefore.entries.map { it.atMs } == listOf(4999L, 5000L) && justBefore.reloadAtMs == 5000L, "1 ms before the boundary: two entries")

    val asked = ArrayList<Long>()
    val never = ContractTimeline.build(7L, null) { asked.add(it); "today" }
    check(never.entries.map { it.atMs } == listOf(7L) && never.reloadAtMs == null && asked == listOf(7L), "no validUntil: one entry, header asked once")

    val far = 9007199254740991L
    val future = ContractTimeline.build(1784325600000L, far) { if (it >= far) "outdated" else "today" }
    check(future.entries.map { it.atMs } == listOf(1784325600000L, far) && future.reloadAtMs == far, "far-future validUntil kept exactly")
}

private fun bytes(vararg values: Int): ByteArray = ByteArray(values.size) { values[it].toByte() }

/** RFC 3629's encoding of one scalar value, written from the RFC's table (not from the runtime). */
private fun encode(scalar: Int): ByteArray = when {
    scalar < 0x80 -> bytes(scalar)
    scalar < 0x800 -> bytes(0xC0 or (scalar shr 6), 0x80 or (scalar and 0x3F))
    scalar < 0x10000 -> bytes(0xE0 or (scalar shr 12), 0x80 or ((scalar shr 6) and 0x3F), 0x80 or (scalar and 0x3F))
    else -> bytes(0xF0 or (scalar shr 18), 0x80 or ((scalar shr 12) and 0x3F), 0x80 or ((scalar shr 6) and 0x3F), 0x80 or (scalar and 0x3F))
}

/**
 * The byte entry point's UTF-8 decoder against RFC 3629 itself: every scalar value's encoding
 * decodes to it; every other sequence of one to three bytes (all 16.8 M of them) is refused, with
 * the encodings of the scalars as the only oracle; four-byte leads with every second byte.
 */
private fun utf8Checks() {
    var wrong = 0
    var scalar = 0
    while (scalar <= 0x10FFFF) {
        if (scalar in 0xD800..0xDFFF) { scalar++; continue }
        val encoded = encode(scalar)
        val text = ContractUtf8.text(encoded)
        if (text == null || text.codePointCount(0, text.length) != 1 || text.codePointAt(0) != scalar ||
            ContractUtf8.stopOffset(encoded) != encoded.size) wrong++
        scalar++
    }
    check(wrong == 0, "every scalar's RFC 3629 encoding decodes to it ($wrong wrong)")
    // One to three bytes: valid exactly when the sequence is made of scalars' encodings.
    val valid = HashSet<Int>()
    for (s in 0 until 0x10000) if (s !in 0xD800..0xDFFF) {
        val e = encode(s)
        var key = 0
        for (b in e) key = (key shl 8) or (b.toInt() and 0xFF)
        valid.add(key or (e.size shl 24))
    }
    fun validSequence(b: IntArray): Boolean {
        // Split greedily by each lead's length: the only way a UTF-8 sequence can split.
        var i = 0
        while (i < b.size) {
            val length = if (b[i] < 0x80) 1 else if (b[i] in 0xC0..0xDF) 2 else if (b[i] in 0xE0..0xEF) 3 else return false
            if (i + length > b.size) return false
            var key = 0
            for (k in 0 until length) key = (key shl 8) or b[i + k]
            if (!valid.contains(key or (length shl 24))) return false
            i += length
        }
        return true
    }
    wrong = 0
    for (length in 1..3) {
        val count = 1 shl (8 * length)
        for (n in 0 until count) {
            val b = IntArray(length) { (n shr (8 * (length - 1 - it))) and 0xFF }
            val seq = ByteArray(length) { b[it].toByte() }
            val expected = validSequence(b)
            // Valid bytes never stop; invalid ones stop inside, or at their end when it cuts a character.
            val stop = ContractUtf8.stopOffset(seq)
            if ((ContractUtf8.text(seq) != null) != expected || (expected && stop != length)) wrong++
        }
    }
    check(wrong == 0, "one to three bytes: refused exactly when not made of scalars' encodings ($wrong wrong)")
    for (second in 0..255) {
        for (lead in 0xF0..0xFF) {
            val seq = bytes(lead, second, 0x80, 0x80)
            val scalarValue = ((lead and 0x07) shl 18) or ((second and 0x3F) shl 12)
            val expected = lead <= 0xF4 && second in 0x80..0xBF && scalarValue in 0x10000..0x10FFFF
            check((ContractUtf8.text(seq) != null) == expected, "four bytes %02X %02X 80 80".format(lead, second))
        }
    }
    // Where the report says they stop (docs/report.md, `utf-8`).
    val stops = listOf(
        bytes(0x80) to 0, bytes(0xC0, 0x80) to 0, bytes(0xC1, 0xBF) to 0, bytes(0xF5, 0x80, 0x80, 0x80) to 0, bytes(0xFF) to 0,
        bytes(0xE0, 0x80, 0x80) to 1, bytes(0xED, 0xA0, 0x80) to 1, bytes(0xF4, 0x90, 0x80, 0x80) to 1, bytes(0xF0, 0x8F, 0xBF, 0xBF) to 1,
        bytes(0xEF, 0xBF, 0x22) to 2, bytes(0x7B, 0xE2, 0x82) to 3, bytes(0x7B, 0xF0, 0x9F, 0x98) to 4, bytes(0x41, 0xC3) to 2,
        bytes(0xC3, 0xA9, 0xA9) to 2, bytes(0xE2, 0x82, 0xAC, 0xF4, 0x8F, 0xBF, 0xBF) to 7
    )
    for ((seq, at) in stops) {
        check(ContractUtf8.stopOffset(seq) == at, "stop offset of ${seq.joinToString(" ") { "%02X".format(it) }} is $at")
        // Only the last of them is UTF-8; three end inside a character (stopping at their length).
        check((ContractUtf8.text(seq) == null) == (seq !== stops.last().first), "text of ${seq.joinToString(" ") { "%02X".format(it) }}")
    }
    // Long texts: ASCII alone (the fast path), and a non-ASCII character past it.
    val ascii = ByteArray(100_000) { (0x20 + it % 90).toByte() }
    check(ContractUtf8.text(ascii) == String(CharArray(100_000) { (0x20 + it % 90).toChar() }), "100 KB of ASCII")
    val mixed = ascii + encode(0x1F600) + ascii
    val mixedText = ContractUtf8.text(mixed)
    check(mixedText != null && mixedText.length == 200_002 && mixedText.codePointAt(100_000) == 0x1F600, "a supplementary character between two ASCII runs")
    check(ContractUtf8.text(ByteArray(0)) == "" && ContractUtf8.stopOffset(ByteArray(0)) == 0, "no bytes: the empty text")
}
