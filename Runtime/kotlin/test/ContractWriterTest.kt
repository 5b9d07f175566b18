// Unit tests of the Kotlin runtime's writer (Runtime/kotlin/ContractRuntime.kt, region 9): number
// text against node's String(x) (the definition: Runtime/test-data/ecmascript-number-strings.tsv),
// string escapes as JSON.stringify writes them, and each value check with its refusal. A plain
// program, like ContractRuntimeTest.kt: it exits non-zero on the first broken check.
// Usage: kotlin -cp … dev.contractgen.runtime.writertest.ContractWriterTestKt [VECTORS.tsv]
package dev.contractgen.runtime.writertest

import dev.contractgen.runtime.ContractEncodeException
import dev.contractgen.runtime.ContractJsonOutput
import dev.contractgen.runtime.ContractNumberText
import java.io.File
import kotlin.system.exitProcess

private var checks = 0

private fun check(condition: Boolean, what: String) {
    checks++
    if (!condition) {
        System.err.println("FAILED: $what")
        exitProcess(1)
    }
}

/** The text [write] produces, or `refused <path>: <expected>` (the path relative to the value). */
private fun written(write: (ContractJsonOutput) -> Unit): String {
    val w = ContractJsonOutput()
    return try {
        write(w)
        w.toString()
    } catch (e: ContractEncodeException) {
        "refused ${e.path}: ${e.expected}"
    }
}

fun main(args: Array<String>) {
    // Every vector: the text ECMAScript's Number::toString gives, byte for byte.
    val path = if (args.isNotEmpty()) args[0] else "Runtime/test-data/ecmascript-number-strings.tsv"
    var vectors = 0
    var failures = 0
    File(path).forEachLine { line ->
        if (line.startsWith("#")) return@forEachLine
        val tab = line.indexOf('\t')
        val bits = java.lang.Long.parseUnsignedLong(line.substring(0, tab), 16)
        val expected = line.substring(tab + 1)
        val actual = ContractNumberText.string(java.lang.Double.longBitsToDouble(bits))
        if (actual != expected) {
            failures++
            if (failures <= 20) System.err.println("${line.substring(0, tab)}: $actual, node $expected")
        }
        vectors++
    }
    check(vectors > 50000, "the vector file has its vectors ($vectors)")
    check(failures == 0, "$failures of $vectors vectors differ from node's String(x)")

    // The layout rules, worked out from ECMA-262 by hand.
    val layout = listOf(
        0.0 to "0", -0.0 to "0", 1.0 to "1", -1.0 to "-1", 0.1 to "0.1", -1.5 to "-1.5", 100.0 to "100",
        1e21 to "1e+21", 999999999999999900000.0 to "999999999999999900000", 1.5e21 to "1.5e+21",
        1e-7 to "1e-7", 1e-6 to "0.000001", 1.25e-6 to "0.00000125", 1.25e-7 to "1.25e-7",
        Double.MAX_VALUE to "1.7976931348623157e+308", Double.MIN_VALUE to "5e-324", 2 * Double.MIN_VALUE to "1e-323",
        0.1 + 0.2 to "0.30000000000000004", 1784325600000.0 to "1784325600000", 1e100 to "1e+100", 2e-323 to "2e-323"
    )
    for ((value, text) in layout) check(ContractNumberText.string(value) == text, "$value is written $text, not ${ContractNumberText.string(value)}")

    // Strings: JSON.stringify's escapes, everything else as itself; an unpaired surrogate refused.
    check(written { it.string("a\"b\\c/d") } == "\"a\\\"b\\\\c/d\"", "quote and backslash escaped, slash not")
    check(written { it.string("\b\t\n\u000C\r") } == "\"\\b\\t\\n\\f\\r\"", "the five short escapes")
    check(written { it.string("\u0000\u0001\u001f\u007f") } == "\"\\u0000\\u0001\\u001f\u007f\"", "other control characters as \\u00xx, DEL as itself")
    check(written { it.string("\u2028\u2029é😀") } == "\"\u2028\u2029é😀\"", "U+2028, U+2029 and non-ASCII as themselves")
    check(written { it.string("a\uD800") } == "refused : a well-formed string", "a lone high surrogate is refused")
    check(written { it.string("\uDC00b") } == "refused : a well-formed string", "a lone low surrogate is refused")
    check(written { it.string("\uDE00\uD83D") } == "refused : a well-formed string", "a pair in the wrong order is refused")
    check(written { it.string(null) } == "refused : a well-formed string", "null (a Java caller's) is refused")
    check(written { it.openObject(); it.mapKey("k\uD800"); it.closeObject() } == "refused : a well-formed string key", "a key with an unpaired surrogate is refused")

    // Each kind's check.
    check(written { it.integer(9007199254740991L) } == "9007199254740991", "2^53−1 is an integer")
    check(written { it.integer(-9007199254740992L) } == "refused : an integer within ±(2^53−1)", "−2^53 is not safe")
    check(written { it.epochMillis(0L) } == "refused : epoch milliseconds within 1 … 2^53−1", "0 is no instant")
    check(written { it.number(Double.NaN) } == "refused : a finite number", "NaN is refused")
    check(written { it.number(Double.NEGATIVE_INFINITY) } == "refused : a finite number", "−∞ is refused")
    check(written { it.number(-0.0) } == "0", "−0 is written 0")
    check(written { it.localDate("2024-02-29") } == "\"2024-02-29\"", "a leap day")
    check(written { it.localDate("2026-02-29") } == "refused : a YYYY-MM-DD date in 0001–9999", "no 29 February in 2026")
    check(written { it.localDate("２０２６-01-01") } == "refused : a YYYY-MM-DD date in 0001–9999", "full-width digits")
    check(written { it.dateTime(-62135596800000L) } == "\"0001-01-01T00:00:00.000Z\"", "the first instant")
    check(written { it.dateTime(253402300799999L) } == "\"9999-12-31T23:59:59.999Z\"", "the last instant")
    check(written { it.dateTime(-1L) } == "\"1969-12-31T23:59:59.999Z\"", "one millisecond before the epoch")
    check(written { it.dateTime(-62135596800001L) }.startsWith("refused"), "before year 1")

    // Separators: a comma before every member and element but a container's first.
    check(written { it.openObject(); it.key("\"a\":"); it.openArray(); it.separate(); it.integer(1L); it.separate(); it.integer(2L); it.closeArray(); it.key("\"b\":"); it.nullValue(); it.closeObject() } ==
        "{\"a\":[1,2],\"b\":null}", "separators")

    // Map order: UTF-16 code units, whatever the map's own order.
    val keys = ContractJsonOutput.entries(linkedMapOf("ｚ" to 1, "😀" to 2, "a" to 3, "Z" to 4, "10" to 5, "9" to 6, "é" to 7)).map { it.key }
    check(keys == listOf("10", "9", "Z", "a", "é", "😀", "ｚ"), "UTF-16 order: $keys")
    check(ContractJsonOutput.quoted("a\"\uD800\uD83D\uDE00\n") == "\"a\\\"\\ud800😀\\n\"", "a key in a path, as JSON.stringify spells it")
    val refusal = try {
        ContractJsonOutput.entries(hashMapOf<String?, Int>(null to 1))
        null
    } catch (e: ContractEncodeException) {
        e
    }
    check(refusal?.path == "[null]" && refusal.expected == "a well-formed string key", "a null key (a Java caller's) is refused")
    // Two canonically equivalent keys: the later in the map's own order is refused, before any value.
    fun entriesRefusal(map: Map<String, Int>): ContractEncodeException? = try {
        ContractJsonOutput.entries(map)
        null
    } catch (e: ContractEncodeException) {
        e
    }
    val composedFirst = entriesRefusal(linkedMapOf("a" to 0, "\u00e9" to 1, "b" to 2, "e\u0301" to 3))
    check(composedFirst?.path == "[\"e\u0301\"]" && composedFirst.expected == "a key no other key of the map is canonically equivalent to", "é then e+U+0301: ${composedFirst?.path}")
    val decomposedFirst = entriesRefusal(linkedMapOf("e\u0301" to 3, "\u00e9" to 1))
    check(decomposedFirst?.path == "[\"\u00e9\"]", "e+U+0301 then é: ${decomposedFirst?.path}")
    check(entriesRefusal(linkedMapOf("K" to 1, "\u212a" to 2))?.path == "[\"\u212a\"]", "KELVIN SIGN after K")
    check(entriesRefusal(linkedMapOf("\u00e9" to 1, "e" to 2, "\u0301" to 3, "\u00c9" to 4)) == null, "no two keys are equivalent")

    check(ContractEncodeException("non-empty").within(".id").withinIndex(3).within(".tasks").within("$").message == "$.tasks[3].id: expected non-empty", "the message")

    println("kotlin writer: $checks checks passed ($vectors number vectors)")
}
