// The generated Kotlin encoder (WidgetData.encode, and encodeBytes) against Android's org.json
// writing the same tree (`JSONObject.toString()`, the tree parsed once from the same blob), in
// alternating batches of about 4 MB of output, one JVM. Run by Benchmarks/run-encoders.sh:
//   java -cp … dev.contractgen.bench.EncoderBenchKt BLOB
// Prints one line per encoder: name, characters written, median MB/s, median ratio against org.json.
package dev.contractgen.bench

import dev.contractgen.widget.WidgetData
import java.io.File
import org.json.JSONObject

fun main(args: Array<String>) {
    val text = File(args[0]).readText()
    val snapshot = WidgetData.decode(text).value ?: error("the blob does not decode")
    val tree = JSONObject(text)
    // Both must write the same value: each document reads back as the snapshot.
    check(WidgetData.decode(WidgetData.encode(snapshot)).value == snapshot) { "the generated encoder does not write the snapshot back" }
    check(WidgetData.decode(tree.toString()).value == snapshot) { "org.json does not write the snapshot back" }
    val encoders = listOf<Pair<String, () -> Int>>(
        "generated" to { WidgetData.encode(snapshot).length },
        "generated-bytes" to { WidgetData.encodeBytes(snapshot).size },
        "orgjson" to { tree.toString().length }
    )
    val rounds = maxOf(1, 4_000_000 / WidgetData.encode(snapshot).length)
    fun batch(encoder: () -> Int): Long {
        val started = System.nanoTime()
        var sink = 0
        for (i in 0 until rounds) sink += encoder()
        check(sink != 0)
        return System.nanoTime() - started
    }
    // Warm-up: let the JIT compile every encoder (C2 needs thousands of calls).
    repeat(5) { encoders.forEach { batch(it.second) } }
    val times = encoders.map { mutableListOf<Long>() }
    repeat(9) { encoders.forEachIndexed { k, e -> times[k].add(batch(e.second)) } }
    val baseline = encoders.indexOfFirst { it.first == "orgjson" }
    encoders.forEachIndexed { k, e ->
        val ratios = times[baseline].zip(times[k]).map { (b, g) -> b.toDouble() / g }.sorted()
        val median = times[k].sorted()[4]
        val written = e.second()
        println("${e.first}\t$written\t${"%.1f".format(written.toDouble() * rounds / 1e6 / (median / 1e9))}\t${"%.2f".format(ratios[4])}")
    }
}
