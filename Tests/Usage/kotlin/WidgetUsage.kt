// The generated Kotlin as an Android app and its widget use it: decode, `when` over the result,
// read the fields, build a value from defaults, the done-queue and the instants' dates.
// PlatformUsageTests compiles it with the app files under kotlinc -Werror and runs it.
package usage

import dev.contractgen.count.TodoCount
import dev.contractgen.widget.WidgetData
import dev.contractgen.runtime.ContractReport

const val BLOB = """{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Write the report"},{"id":"t2","title":"Call Sam","isDone":true},{"title":"no id"}]}"""

fun check(condition: Boolean, what: String) {
    if (!condition) throw IllegalStateException(what)
}

fun main() {
    // Decode, `when` over the sealed result (exhaustive, no else), read the fields.
    val snapshot: WidgetData.Snapshot = when (val decoded = WidgetData.decode(BLOB)) {
        is WidgetData.Decoded.Ok -> {
            check(decoded.dropped == 1, "the row without an id is dropped and counted")
            decoded.value
        }
        WidgetData.Decoded.UnsupportedVersion, WidgetData.Decoded.Malformed, WidgetData.Decoded.Invalid ->
            throw IllegalStateException("renders the empty state")
    }
    check(snapshot.tasks.map { it.id } == listOf("t1", "t2"), "rows")
    check(snapshot.validUntilDate == java.util.Date(1784325600000L), "a java.util.Date beside the stored milliseconds")
    check(WidgetData.ACCEPTED_VERSIONS.contains(WidgetData.WRITTEN_VERSION), "both are Int")

    // A preview or test value: only the fields it cares about.
    val preview = WidgetData.Snapshot(tasks = listOf(WidgetData.TaskRow(id = "p1", title = "Preview row")))
    check(preview.validUntil == null && !preview.tasks[0].isDone, "defaults")

    // The widget's tap goes to the done-queue; the overlay shows it, drain hands it to the app.
    val queue = WidgetData.DoneQueue.set(null, "t1", true)
    val shown = WidgetData.overlaying(snapshot, WidgetData.DoneQueue.peek(queue))
    val changes: List<WidgetData.DoneQueueEntry> = WidgetData.DoneQueue.drain(queue, snapshot.tasks)
    check(changes == listOf(WidgetData.DoneQueueEntry(id = "t1", isDone = true)), "named data-class entries")
    check(shown.tasks[0].isDone, "overlaid")

    val header = when (val h = WidgetData.header(shown, 1784300000000L, "Europe/Berlin")) {
        WidgetData.Header.Today -> "Today"
        is WidgetData.Header.Outdated -> "Outdated ${h.dayMs}"
    }
    check(header == "Today", header)
    check(WidgetData.nextUpdateAt(shown, 1784300000000L) == snapshot.validUntil, "the next update")

    // Another contract: a failed read is its own status, never a count of 0.
    check(TodoCount.decode("""{"v":1,"revision":3}""") == TodoCount.Decoded.Invalid, "a missing count fails the read")
    val record = TodoCount.decode("""{"v":1,"count":0,"revision":3,"updatedAt":1000}""").value
    check(record != null && record.count == 0L && record.sync == TodoCount.CountRecord.Sync.IDLE && record.updatedAtDate == java.util.Date(1000L), "a count of 0")

    // Bytes as a file or a content provider hands them over: the same decode; bytes that are not
    // UTF-8 are malformed (never repaired into U+FFFD), and the report says where.
    check(WidgetData.decode(BLOB.toByteArray(Charsets.UTF_8)) == WidgetData.decode(BLOB), "bytes decode as their text")
    val notUtf8 = ContractReport()
    check(TodoCount.decode(byteArrayOf(0x7B, 0x22, 0xC3.toByte(), 0x22, 0x7D), notUtf8) == TodoCount.Decoded.Malformed, "C3 then a quote is not UTF-8")
    check(notUtf8.entries.single().expected == "utf-8" && notUtf8.entries.single().offset == 3L, "the report names the byte")

    // Telemetry (docs/report.md): count each degradation by where (a pattern: no user data) and why.
    val degradations = HashMap<String, Int>()
    val report = ContractReport()
    report.onEntry = { entry -> degradations["${entry.pattern} ${entry.rule}"] = (degradations["${entry.pattern} ${entry.rule}"] ?: 0) + 1 }
    check(WidgetData.decode("""{"v":1,"tasks":[{"id":"a","title":5},{"id":"b","title":null}],"validUntil":"soon"}""", report).dropped == 2, "two rows dropped")
    report.entries // the hook runs as the entries are read
    check(degradations == mapOf("\$.tasks[*] invalid-field" to 2, "\$.tasks[*].title wrong-type" to 1, "\$.tasks[*].title null" to 1, "\$.validUntil wrong-type" to 1), degradations.toString())

    println("kotlin usage: ok")
}
