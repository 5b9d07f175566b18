// The generated Kotlin decoder (WidgetData.decode) against Android's org.json (JSONObject parse
// plus a walk touching every value, what a hand-written reader does at least), on the synthetic
// snapshots of Benchmarks/contract-bench. Run by Benchmarks/run.sh:
//   java -cp … dev.contractgen.bench.BenchKt BLOB            throughput: alternating batches
//   java -cp … dev.contractgen.bench.BenchKt BLOB --memory generated|orgjson|generated-report   peak heap of one decoder
package dev.contractgen.bench

import dev.contractgen.runtime.ContractReport
import dev.contractgen.widget.WidgetData
import java.io.File
import java.lang.management.ManagementFactory
import java.lang.management.MemoryType
import org.json.JSONArray
import org.json.JSONObject

fun walk(value: Any?): Int = when (value) {
    is JSONObject -> { var n = 1; val keys = value.keys(); while (keys.hasNext()) n += walk(value.opt(keys.next())); n }
    is JSONArray -> { var n = 1; for (i in 0 until value.length()) n += walk(value.opt(i)); n }
    else -> 1
}

fun generated(text: String): Int = WidgetData.decode(text).value?.tasks?.size ?: -1
fun orgJson(text: String): Int = walk(JSONObject(text))
// The same decoder asked for its degradation report (docs/report.md).
fun generatedReport(text: String): Int = WidgetData.decode(text, ContractReport()).value?.tasks?.size ?: -1

fun main(args: Array<String>) {
    val text = File(args[0]).readText()
    val decoders = listOf<Pair<String, (String) -> Int>>("generated" to ::generated, "orgjson" to ::orgJson, "generated-report" to ::generatedReport)
    if (args.size >= 3 && args[1] == "--memory") {
        // Peak heap above the baseline: every heap pool's peak after a collection and a reset,
        // while decoding three times (one decoder per JVM, so nothing else is in the peak).
        val decoder = decoders.first { it.first == args[2] }.second
        val pools = ManagementFactory.getMemoryPoolMXBeans().filter { it.type == MemoryType.HEAP }
        System.gc()
        val baseline = pools.map { it.usage.used }.sum()
        pools.forEach { it.resetPeakUsage() }
        var sink = 0
        for (i in 0 until 3) sink += decoder(text)
        val peak = pools.map { it.peakUsage.used }.sum() - baseline
        println("${args[2]}\t${text.length}\t${"%.2f".format(peak / 1e6)}\t${"%.2f".format(peak.toDouble() / text.length)}\t$sink")
        return
    }
    val rounds = maxOf(1, 4_000_000 / text.length)
    fun batch(decoder: (String) -> Int): Long {
        val started = System.nanoTime()
        var sink = 0
        for (i in 0 until rounds) sink += decoder(text)
        check(sink != 0)
        return System.nanoTime() - started
    }
    // Warm-up: let the JIT compile both (several batches: C2 needs thousands of calls).
    repeat(5) { decoders.forEach { batch(it.second) } }
    val times = decoders.map { mutableListOf<Long>() }
    repeat(9) { decoders.forEachIndexed { k, d -> times[k].add(batch(d.second)) } }
    val megabytes = text.length.toDouble() * rounds / 1e6
    decoders.forEachIndexed { k, d ->
        val ratios = times[1].zip(times[k]).map { (b, g) -> b.toDouble() / g }.sorted()
        val median = times[k].sorted()[4]
        println("${d.first}\t${text.length}\t${"%.1f".format(megabytes / (median / 1e9))}\t${"%.2f".format(ratios[4])}")
    }
}
