// The contract-gen testee protocol (docs/conformance.md) around the hand-written WidgetDataParser:
// one request per stdin line, {"contract":…,"op":…,"given":{…}}, one answer per stdout line,
// {"ok": <observation>} or {"error": "…"}. This wrapper only translates; every decision is the
// parser's, so whatever `conform` reports is a divergence of the parser itself.

import com.example.tasks.widget.WidgetData
import com.example.tasks.widget.WidgetDataParser
import com.example.tasks.widget.WidgetHeader
import com.example.tasks.widget.WidgetTask
import org.json.JSONArray
import org.json.JSONObject
import java.util.TimeZone

private class Unsupported(message: String) : Exception(message)

/** An op this parser does not implement (no encoder, no byte entry point): answered as skipped, not a failure. */
private class NotImplemented(message: String) : Exception(message)

fun main() {
    exitWhenParentExits()
    val input = System.`in`.bufferedReader(Charsets.UTF_8)
    val output = System.out
    while (true) {
        val line = input.readLine() ?: break
        output.print(respond(line))
        output.print('\n')
        output.flush()
    }
}

/**
 * `conform --testee 'CMD'` starts `sh -c CMD`; run-testee.sh then execs this JVM, so our parent
 * is that `sh`. When the runner stops the testee it kills the `sh` only, and nobody closes our
 * stdin: without this we would outlive the run (and keep the runner waiting for us).
 */
fun exitWhenParentExits() {
    fun parentPid(): Long = ProcessHandle.current().parent().map { it.pid() }.orElse(-1L)
    val original = parentPid()
    val watchdog = Thread {
        // Polls for re-parenting rather than using onExit(): a killed `sh` the runner has not
        // reaped yet is a zombie, which still "exists" as far as onExit() is concerned.
        while (parentPid() == original) Thread.sleep(200)
        Runtime.getRuntime().halt(0)
    }
    watchdog.isDaemon = true
    watchdog.start()
}

/** One answer line; never throws (Throwable: a StackOverflowError must not end the process). */
fun respond(line: String): String {
    val answer = JSONObject()
    try {
        val request = JSONObject(line)
        val contract = request.getString("contract")
        val op = request.getString("op")
        val given = request.getJSONObject("given")
        if (contract != "widget-data") throw Unsupported("contract '$contract' is not supported by the hand-written parser")
        // This parser makes no degradation report (docs/report.md): a decode asking for one is skipped.
        if (op == "decode" && given.optBoolean("report", false)) answer.put("skipped", "this parser makes no report")
        else answer.put("ok", serveWidgetData(op, given))
    } catch (e: NotImplemented) {
        answer.put("skipped", e.message)
    } catch (e: Unsupported) {
        answer.put("error", e.message)
    } catch (e: Throwable) {
        answer.put("error", e.toString())
    }
    return asciiOnly(answer.toString())
}

fun serveWidgetData(op: String, given: JSONObject): Any = when (op) {
    "decode" -> {
        // In the app the overlay comes from the queue slot through peekPending(); do the same here.
        val pending = given.optJSONObject("pending")?.let { WidgetDataParser.peekPending(it.toString()) }
        observe(WidgetDataParser.parse(given.getString("blob"), pending ?: emptyMap()))
    }
    "stale" -> WidgetDataParser.isStale(WidgetDataParser.parse(given.getString("blob")), given.getLong("now"))
    "header" -> {
        val data = WidgetDataParser.parse(given.getString("blob"))
        val header = WidgetDataParser.header(data, given.getLong("now"), TimeZone.getTimeZone(given.getString("timeZone")))
        when (header) {
            is WidgetHeader.Today -> JSONObject().put("kind", "today")
            is WidgetHeader.Outdated -> JSONObject().put("kind", "outdated").put("dayMs", header.dayMs ?: JSONObject.NULL)
        }
    }
    "dayStart" -> WidgetDataParser.dayStart(given.getString("dayStr"), TimeZone.getTimeZone(given.getString("timeZone")))
        ?: JSONObject.NULL
    "validUntil" -> WidgetDataParser.validUntil(
        given.getString("dayStr"),
        given.getLong("startOfNextDayDiffMs"),
        TimeZone.getTimeZone(given.getString("timeZone"))
    ) ?: JSONObject.NULL
    "queue.set" -> JSONObject(WidgetDataParser.setPending(queueText(given), given.getString("taskId"), given.getBoolean("isDone")))
    "queue.peek" -> {
        val result = JSONObject()
        for ((taskId, isDone) in WidgetDataParser.peekPending(queueText(given))) result.put(taskId, isDone)
        result
    }
    "queue.drain" -> {
        val tasksJson = given.getJSONObject("tasks")
        val tasks = LinkedHashMap<String, Boolean>()
        val keys = tasksJson.keys()
        while (keys.hasNext()) {
            val taskId = keys.next()
            tasks[taskId] = tasksJson.getBoolean(taskId)
        }
        val result = JSONArray()
        for ((taskId, isDone) in WidgetDataParser.drainPending(queueText(given), tasks)) {
            result.put(JSONObject().put("id", taskId).put("isDone", isDone))
        }
        result
    }
    // The one version this parser reads is also the one it would write.
    "versions" -> JSONObject().put("accepts", JSONArray().put(WidgetDataParser.SUPPORTED_VERSION)).put("writes", WidgetDataParser.SUPPORTED_VERSION)
    "encode" -> throw NotImplemented("the hand-written parser has no encoder")
    "decodeBytes" -> throw NotImplemented("the hand-written parser takes text: it has no byte entry point")
    else -> throw Unsupported("unknown op '$op' for widget-data")
}

private fun queueText(given: JSONObject): String? = if (given.isNull("queue")) null else given.getString("queue")

/** The decode observation (docs/conformance.md). The parser's own conventions: validUntil 0 = none. */
fun observe(data: WidgetData): JSONObject {
    val status = when (data.status) {
        WidgetData.Status.OK -> "ok"
        WidgetData.Status.UNSUPPORTED_VERSION -> "unsupportedVersion"
        WidgetData.Status.CORRUPT -> "malformed"
    }
    val projects = JSONArray()
    for (project in data.projects) {
        projects.put(JSONObject().put("id", project.id).put("title", project.title).put("tasks", observe(project.tasks)))
    }
    return JSONObject()
        .put("status", status)
        .put("dayStr", data.dayStr ?: JSONObject.NULL)
        .put("validUntil", if (data.validUntil > 0) data.validUntil else JSONObject.NULL)
        .put("tasks", observe(data.tasks))
        .put("projects", projects)
        .put("dropped", data.skipped)
}

fun observe(tasks: List<WidgetTask>): JSONArray {
    val result = JSONArray()
    for (task in tasks) {
        result.put(
            JSONObject()
                .put("id", task.id)
                .put("title", task.title)
                .put("isDone", task.isDone)
                .put("projectId", task.projectId ?: JSONObject.NULL)
                .put("projectColor", task.projectColor ?: JSONObject.NULL)
        )
    }
    return result
}

/**
 * Escapes every non-ASCII UTF-16 unit as \uXXXX: the answer is then the same bytes whatever the
 * JVM's default charset, and an unpaired surrogate the parser kept survives the trip unchanged.
 * (Outside strings org.json writes ASCII only, so this never touches the JSON structure.)
 */
fun asciiOnly(json: String): String {
    val out = StringBuilder(json.length + 16)
    for (c in json) {
        if (c.toInt() < 0x80) out.append(c) else out.append(String.format("\\u%04x", c.toInt()))
    }
    return out.toString()
}
