// Unit tests of the Kotlin testee's constant part (Runtime/kotlin/testee), the file `emit` writes
// beside the generated dispatch. A plain program that exits non-zero on the first broken check,
// run by scripts/test-runtimes.sh with -Werror. Expectations follow docs/conformance.md's protocol.
package dev.contractgen.testee.test

import dev.contractgen.runtime.ContractJson
import dev.contractgen.runtime.ContractJsonReader
import dev.contractgen.testee.Given
import dev.contractgen.testee.ResponseJson
import dev.contractgen.testee.TesteeContractServer
import dev.contractgen.testee.TesteeError
import dev.contractgen.testee.TesteeSkipped
import dev.contractgen.testee.TesteeSupport
import kotlin.system.exitProcess

private var checks = 0

private fun check(condition: Boolean, what: String) {
    checks++
    if (!condition) {
        System.err.println("FAILED: $what")
        exitProcess(1)
    }
}

/** The TesteeError message [run] throws, or null when it throws none. */
private fun errorOf(run: () -> Any?): String? =
    try {
        run()
        null
    } catch (error: TesteeError) {
        error.message
    }

private fun given(text: String, vararg allowed: String): Given = Given(ContractJsonReader.parse(text), allowed.toSet())

fun main() {
    // given must be an object and hold only the op's keys.
    check(errorOf { given("[]", "blob") } == "given must be an object", "an array is no given")
    check(errorOf { Given(null, setOf("blob")) } == "given must be an object", "an absent given")
    check(errorOf { given("{\"blob\":\"x\",\"blobb\":1}", "blob") } == "unknown given field 'blobb'", "a typo is refused")

    // Each accessor takes exactly its JSON type.
    val g = given("{\"s\":\"x\",\"b\":true,\"i\":3,\"f\":1.5,\"big\":9007199254740992,\"n\":null,\"m\":{\"a\":true,\"b\":1,\"c\":false}}",
        "s", "b", "i", "f", "big", "n", "m", "absent")
    check(g.string("s") == "x", "string")
    check(errorOf { g.string("i") } == "given.i must be a string", "a number is no string")
    check(g.boolean("b"), "boolean")
    check(errorOf { g.boolean("s") } == "given.s must be a boolean", "a string is no boolean")
    check(g.integer("i") == 3L, "integer")
    check(errorOf { g.integer("f") } == "given.f must be an integer", "1.5 is no integer")
    check(errorOf { g.integer("big") } == "given.big must be an integer", "2^53 is past the safe range")
    check(errorOf { g.integer("s") } == "given.s must be a number", "a string is no number")
    check(g.integerElseNull("f") == null, "1.5 reads as null where the op answers null")
    check(g.integerElseNull("i") == 3L, "3 stays 3")
    check(g.textOrNull("n") == null && g.textOrNull("absent") == null && g.textOrNull("s") == "x", "text or null")
    check(errorOf { g.textOrNull("b") } == "given.b must be a string or null", "a boolean is no text")
    check(g.flagMap("m") == mapOf("a" to true, "c" to false), "the non-boolean entry is skipped")
    check(g.flagMap("absent") == null, "an absent map")
    check(errorOf { g.flagMap("s") } == "given.s must be an object", "a string is no map")

    // A request line gets exactly one response with one key.
    val echo: TesteeContractServer = { op, json ->
        when (op) {
            "echo" -> ContractJson.Str(Given(json, setOf("x")).string("x"))
            "boom" -> throw StackOverflowError()
            "encode" -> throw TesteeSkipped("no encoder")
            else -> throw TesteeSupport.unknownOp(op, "c")
        }
    }
    val servers = mapOf("c" to echo)
    fun answer(line: String) = TesteeSupport.respond(line, servers)
    check(answer("{\"contract\":\"c\",\"op\":\"echo\",\"given\":{\"x\":\"hi\"}}") == "{\"ok\":\"hi\"}", "ok")
    check(answer("[1]") == "{\"error\":\"request is not a JSON object\"}", "not an object")
    check(answer("{") == "{\"error\":\"request is not a JSON object\"}", "not JSON")
    check(answer("{\"contract\":\"c\",\"op\":\"echo\",\"given\":{},\"extra\":1}") == "{\"error\":\"unknown request field 'extra'\"}", "extra key")
    check(answer("{\"contract\":1,\"op\":\"echo\"}") == "{\"error\":\"request needs string 'contract' and 'op'\"}", "non-string contract")
    check(answer("{\"contract\":\"d\",\"op\":\"echo\",\"given\":{}}") == "{\"error\":\"unknown contract 'd'\"}", "unknown contract")
    check(answer("{\"contract\":\"c\",\"op\":\"frob\",\"given\":{}}") == "{\"error\":\"unknown op 'frob' for c\"}", "unknown op")
    check(answer("{\"contract\":\"c\",\"op\":\"boom\",\"given\":{}}") == "{\"error\":\"java.lang.StackOverflowError\"}", "a Throwable becomes an error line")
    check(answer("{\"contract\":\"c\",\"op\":\"encode\",\"given\":{}}") == "{\"skipped\":\"no encoder\"}", "an op without an implementation is skipped")

    // The response text is the testee's own (not the runtime writer's): ASCII, every other UTF-16
    // unit a \\u escape, so a lone surrogate survives; numbers that read back as the same double.
    fun text(value: ContractJson) = ResponseJson.text(value)
    check(text(ContractJson.Str("a\"b\\c~ ")) == "\"a\\\"b\\\\c~ \"", "quote, backslash, printable ASCII")
    check(text(ContractJson.Str("\t\u007f\u00e9\ud83d\ude00")) == "\"\\u0009\\u007f\\u00e9\\ud83d\\ude00\"", "control, DEL, é, a pair: escaped")
    check(text(ContractJson.Str("x\ud800")) == "\"x\\ud800\"", "an unpaired surrogate stays one")
    check(text(ContractJson.InvalidStr) == "\"\\ufffd\"", "an invalid string is U+FFFD")
    check(text(ContractJson.Num(-0.0)) == "0", "-0 is 0")
    check(text(ContractJson.Num(1784325600000.0)) == "1784325600000", "an instant as digits")
    check(text(ContractJson.Num(9007199254740991.0)) == "9007199254740991", "2^53-1 as digits")
    check(text(ContractJson.Num(9007199254740992.0)) == "9.007199254740992E15", "2^53 in the JDK's form")
    check(text(ContractJson.Num(-1.5)) == "-1.5", "a fraction")
    check(text(ContractJson.Num(Double.POSITIVE_INFINITY)) == "1e400", "+inf")
    check(text(ContractJson.Num(Double.NEGATIVE_INFINITY)) == "-1e400", "-inf")
    check(text(ContractJson.Num(Double.NaN)) == "null", "NaN")
    val members = LinkedHashMap<String, ContractJson>()
    members["z"] = ContractJson.Arr(listOf(ContractJson.Bool(true), ContractJson.Null, ContractJson.Bool(false)))
    members["\u00e9"] = ContractJson.Arr(listOf())
    check(text(ContractJson.Obj(members)) == "{\"z\":[true,null,false],\"\\u00e9\":[]}", "members in order, keys escaped")
    check(answer("{\"contract\":\"c\",\"op\":\"echo\",\"given\":{\"x\":\"\u00e9\"}}") == "{\"ok\":\"\\u00e9\"}", "a response line is ASCII")

    // decodeBytes: hex to bytes, either case; anything else is the request's error.
    check(TesteeSupport.bytes("7b7D00fF").toList() == listOf<Byte>(0x7B, 0x7D, 0x00, -1), "hex digits in either case")
    check(TesteeSupport.bytes("").isEmpty(), "no hex digits: no bytes")
    check(errorOf { TesteeSupport.bytes("7b7") } == "hex has an odd number of digits", "odd hex")
    for (bad in listOf("7g", "0x", " 7", "\uFF10\uFF10", "\u0661\u0661")) {
        check(errorOf { TesteeSupport.bytes(bad) } == "hex holds a character that is not a hex digit", "not hex: $bad")
    }
    // The bytes road: a blob's UTF-8 bytes; an unpaired surrogate has none.
    check(TesteeSupport.utf8("{\"a\":\"\u00e9\uD83D\uDE00\"}").toList() == listOf(0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x22, 0x7D).map { it.toByte() }, "blob bytes")
    for (bad in listOf("\uD800", "a\uDC00", "\uDBFF\uDBFF\uDC00x", "\uDE00\uD83D")) {
        check(errorOf { TesteeSupport.utf8(bad) } == "blob holds an unpaired surrogate: it has no UTF-8 bytes", "unpaired surrogate in a blob")
    }
    println("kotlin testee support: $checks passed, 0 failed")
}
