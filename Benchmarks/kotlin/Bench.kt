// The generated Kotlin decoder (WidgetData.decode) against the parsers Android teams pick, on the
// corpora of Benchmarks/contract-bench (Benchmarks/README.md). Run by Benchmarks/run.sh:
//   java -cp … dev.contractgen.bench.BenchKt BLOB            throughput: alternating batches
//   java -cp … dev.contractgen.bench.BenchKt BLOB --memory NAME   peak heap of one decoder
// Baselines (benchmark rows only; none is a dependency of generated code or of the tool):
//   gson        Gson 2.10 (Debian libgoogle-gson-java): fromJson into Kotlin data classes by reflection,
//               then the rows without an id or title left out, as an app must
//   jackson     Jackson 2.14 streaming (Debian libjackson2-core-java): JsonParser plus a typed walk
//               that builds the same value the generated decoder returns (the ratio's baseline)
//   orgjson     Android's org.json: JSONObject plus a walk touching every value
package dev.contractgen.bench

import com.fasterxml.jackson.core.JsonFactory
import com.fasterxml.jackson.core.JsonParser
import com.fasterxml.jackson.core.JsonToken
import com.google.gson.Gson
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

// What an Android team declares for Gson: nullable fields, since Gson sets whatever the JSON holds
// (and leaves out what it lacks) through reflection, whatever the Kotlin types say.
data class GsonTask(val id: String?, val title: String?, val isDone: Boolean?, val projectId: String?)
data class GsonProject(val id: String?, val title: String?, val tasks: List<GsonTask>?)
data class GsonSnapshot(val v: Int?, val dayStr: String?, val validUntil: Long?, val tasks: List<GsonTask>?,
                        val projectColors: Map<String, String>?, val projects: List<GsonProject>?)

val gson = Gson()

fun gsonDecode(text: String): Int {
    val snapshot = gson.fromJson(text, GsonSnapshot::class.java) ?: return -1
    if (snapshot.v != 1) return -1
    return snapshot.tasks.orEmpty().count { it.id != null && it.title != null }
}

// Jackson streaming plus a typed walk: the same value as the generated decoder (rows without a
// string id or title dropped, isDone a JSON boolean else false, projectId non-empty else null,
// projectColor looked up once the whole document is read), built from JsonParser's tokens.
// It keeps none of the contract's other rules (depth, surrogates, dates, the version's number forms).
val jsonFactory = JsonFactory()

data class JacksonTask(val id: String, val title: String, val isDone: Boolean, val projectId: String?, var projectColor: String? = null)
data class JacksonProject(val id: String, val title: String, val tasks: List<JacksonTask>)
data class JacksonSnapshot(val dayStr: String?, val validUntil: Long?, val tasks: List<JacksonTask>,
                           val projectColors: Map<String, String>, val projects: List<JacksonProject>)

fun JsonParser.stringOrSkip(): String? = if (currentToken == JsonToken.VALUE_STRING) text else { skipChildren(); null }

fun jacksonTask(p: JsonParser): JacksonTask? {
    if (p.currentToken != JsonToken.START_OBJECT) { p.skipChildren(); return null }
    var id: String? = null; var title: String? = null; var isDone = false; var projectId: String? = null
    while (p.nextToken() == JsonToken.FIELD_NAME) {
        val key = p.currentName
        p.nextToken()
        when (key) {
            "id" -> id = p.stringOrSkip()
            "title" -> title = p.stringOrSkip()
            "isDone" -> isDone = p.currentToken == JsonToken.VALUE_TRUE
            "projectId" -> projectId = p.stringOrSkip()?.takeIf { it.isNotEmpty() }
            else -> p.skipChildren()
        }
    }
    return if (id != null && title != null) JacksonTask(id, title, isDone, projectId) else null
}

fun jacksonTasks(p: JsonParser): List<JacksonTask> {
    if (p.currentToken != JsonToken.START_ARRAY) { p.skipChildren(); return emptyList() }
    val tasks = ArrayList<JacksonTask>()
    while (p.nextToken() != JsonToken.END_ARRAY) jacksonTask(p)?.let { tasks.add(it) }
    return tasks
}

fun jacksonDecode(text: String): JacksonSnapshot? {
    jsonFactory.createParser(text).use { p ->
        if (p.nextToken() != JsonToken.START_OBJECT) return null
        var v: Double? = null; var dayStr: String? = null; var validUntil: Long? = null
        var tasks: List<JacksonTask> = emptyList(); val colors = HashMap<String, String>(); val projects = ArrayList<JacksonProject>()
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            val key = p.currentName
            val token = p.nextToken()
            when (key) {
                "v" -> v = if (token.isNumeric) p.doubleValue else null
                "dayStr" -> dayStr = p.stringOrSkip()
                "validUntil" -> validUntil = if (token == JsonToken.VALUE_NUMBER_INT) p.longValue.takeIf { it > 0 } else null
                "tasks" -> tasks = jacksonTasks(p)
                "projectColors" -> if (token == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        val name = p.currentName
                        p.nextToken()
                        p.stringOrSkip()?.let { colors[name] = it }
                    }
                } else p.skipChildren()
                "projects" -> if (token == JsonToken.START_ARRAY) {
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (p.currentToken != JsonToken.START_OBJECT) { p.skipChildren(); continue }
                        var id: String? = null; var title: String? = null; var list: List<JacksonTask> = emptyList()
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            val field = p.currentName
                            p.nextToken()
                            when (field) {
                                "id" -> id = p.stringOrSkip()
                                "title" -> title = p.stringOrSkip()
                                "tasks" -> list = jacksonTasks(p)
                                else -> p.skipChildren()
                            }
                        }
                        if (id != null && title != null) projects.add(JacksonProject(id, title, list))
                    }
                } else p.skipChildren()
                else -> p.skipChildren()
            }
        }
        if (v != 1.0) return null
        for (task in tasks) task.projectColor = task.projectId?.let { colors[it] }
        for (project in projects) for (task in project.tasks) task.projectColor = task.projectId?.let { colors[it] }
        return JacksonSnapshot(dayStr, validUntil, tasks, colors, projects)
    }
}

fun generated(text: String): Int = WidgetData.decode(text).value?.tasks?.size ?: -1
fun jackson(text: String): Int = jacksonDecode(text)?.tasks?.size ?: -1
fun orgJson(text: String): Int = walk(JSONObject(text))
// The same decoder asked for its degradation report (docs/report.md).
fun generatedReport(text: String): Int = WidgetData.decode(text, ContractReport()).value?.tasks?.size ?: -1

/** The typed walk must read what the generated decoder reads, or the ratio compares unlike work. */
fun checkSameValue(text: String) {
    val expected = WidgetData.decode(text).value ?: error("the generated decoder does not read the blob")
    val walked = jacksonDecode(text) ?: error("the Jackson typed walk does not read the blob")
    fun rows(tasks: List<WidgetData.TaskRow>) = tasks.map { listOf(it.id, it.title, it.isDone, it.projectId, it.projectColor) }
    fun walkedRows(tasks: List<JacksonTask>) = tasks.map { listOf(it.id, it.title, it.isDone, it.projectId, it.projectColor) }
    check(rows(expected.tasks) == walkedRows(walked.tasks) && expected.projectColors == walked.projectColors &&
          expected.projects.map { listOf(it.id, it.title, rows(it.tasks)) } == walked.projects.map { listOf(it.id, it.title, walkedRows(it.tasks)) } &&
          expected.dayStr == walked.dayStr && expected.validUntil == walked.validUntil) { "the Jackson typed walk reads another value" }
    check(gsonDecode(text) == expected.tasks.size) { "Gson reads another number of rows" }
}

fun main(args: Array<String>) {
    val text = File(args[0]).readText()
    val decoders = listOf<Pair<String, (String) -> Int>>(
        "generated" to ::generated, "jackson" to ::jackson, "gson" to ::gsonDecode, "orgjson" to ::orgJson,
        "generated-report" to ::generatedReport)
    if (args.size >= 3 && args[1] == "--profile") {
        // Benchmarks/kotlin/profile.sh: the generated decoder alone, in a loop, for a profiler.
        var sink = 0
        val warm = System.nanoTime() + 3_000_000_000L // warm-up: C2 compiles the decoder first
        while (System.nanoTime() < warm) sink += generated(text)
        val end = System.nanoTime() + (args[2].toDouble() * 1e9).toLong()
        while (System.nanoTime() < end) sink += generated(text)
        check(sink != 0)
        return
    }
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
    checkSameValue(text)
    // ~4 MB of input per batch, and at least 3 decodes (one 9 MB decode is one collection more or less).
    val rounds = maxOf(3, 4_000_000 / text.length)
    fun batch(decoder: (String) -> Int): Long {
        val started = System.nanoTime()
        var sink = 0
        for (i in 0 until rounds) sink += decoder(text)
        check(sink != 0)
        return System.nanoTime() - started
    }
    // Warm-up: let the JIT compile each (several batches: C2 needs thousands of calls).
    repeat(5) { decoders.forEach { batch(it.second) } }
    val times = decoders.map { mutableListOf<Long>() }
    repeat(9) { decoders.forEachIndexed { k, d -> times[k].add(batch(d.second)) } }
    val megabytes = text.length.toDouble() * rounds / 1e6
    // One line per decoder: name, chars, median MB/s, then its median ratio against each baseline's
    // batch of the same round (baseline time ÷ this decoder's time): Jackson, Gson, org.json.
    val baselines = listOf("jackson", "gson", "orgjson").map { name -> decoders.indexOfFirst { it.first == name } }
    decoders.forEachIndexed { k, d ->
        val median = times[k].sorted()[4]
        val ratios = baselines.map { b -> times[b].zip(times[k]).map { (base, own) -> base.toDouble() / own }.sorted()[4] }
        println("${d.first}\t${text.length}\t${"%.1f".format(megabytes / (median / 1e9))}\t" + ratios.joinToString("\t") { "%.2f".format(it) })
    }
}
