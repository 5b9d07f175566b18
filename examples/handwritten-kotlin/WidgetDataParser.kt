// ---------------------------------------------------------------------------------------------
// A MEASURING EXAMPLE, NOT REFERENCE CODE.
//
// This is an intentionally typical hand-written Android parser of the `v:1` widget blob and of
// the done-queue, written the way such code is commonly written with org.json before a team
// adopts generated decoders: opt*() getters with their silent defaults, a lenient
// SimpleDateFormat, "+24h" for the end of the day, and so on. Nothing here is deliberately
// broken; every line is something that passes review, lint and unit tests in a real app.
//
// It is kept in the repository so that `contract-gen conform --testee` has a realistic
// hand-written implementation to measure (see README.md next to it for the divergences it finds).
// Do not copy it into an app: use the generated Kotlin decoder (generated/kotlin/) instead.
// ---------------------------------------------------------------------------------------------
package com.example.tasks.widget

import org.json.JSONArray
import org.json.JSONException
import org.json.JSONObject
import java.text.ParseException
import java.text.SimpleDateFormat
import java.util.TimeZone

/** One row of the widget. */
data class WidgetTask(
    val id: String,
    val title: String,
    val isDone: Boolean,
    val projectId: String?,
    val projectColor: String?
)

data class WidgetProject(val id: String, val title: String, val tasks: List<WidgetTask>)

/** What the widget renders; an empty snapshot when the blob can't be used. */
data class WidgetData(
    val status: Status,
    /** Display only, e.g. "2026-07-17"; null when the app didn't write one. */
    val dayStr: String?,
    /** Epoch millis after which the snapshot is outdated; 0 when the app didn't write one. */
    val validUntil: Long,
    val tasks: List<WidgetTask>,
    val projects: List<WidgetProject>,
    /** Elements we had to skip (logged for analytics). */
    val skipped: Int
) {
    enum class Status { OK, UNSUPPORTED_VERSION, CORRUPT }

    fun isStale(now: Long): Boolean = validUntil > 0 && now >= validUntil

    companion object {
        fun empty(status: Status) = WidgetData(status, null, 0L, emptyList(), emptyList(), 0)
    }
}

sealed class WidgetHeader {
    object Today : WidgetHeader()
    /** [dayMs] is the start of the snapshot's day, for "Tasks of Thu, Jul 17"; null if unknown. */
    data class Outdated(val dayMs: Long?) : WidgetHeader()
}

object WidgetDataParser {

    const val SUPPORTED_VERSION = 1
    private const val DAY_MS = 24L * 60 * 60 * 1000

    // ---- the snapshot ------------------------------------------------------------------------

    /**
     * Parses the `widget_data` blob. [pending] holds the done-taps the app hasn't consumed yet
     * (see [peekPending]) and wins over the blob's isDone, so a tap shows immediately.
     */
    fun parse(text: String?, pending: Map<String, Boolean> = emptyMap()): WidgetData {
        if (text.isNullOrEmpty()) return WidgetData.empty(WidgetData.Status.CORRUPT)
        // runCatching: whatever is in shared storage, the widget must not crash.
        val json = runCatching { JSONObject(text) }.getOrNull()
            ?: return WidgetData.empty(WidgetData.Status.CORRUPT)

        if (json.optInt("v") != SUPPORTED_VERSION) {
            return WidgetData.empty(WidgetData.Status.UNSUPPORTED_VERSION)
        }

        val dayStr = json.optString("dayStr").takeIf { it.isNotEmpty() }
        val validUntil = json.optLong("validUntil")
        val reader = TaskReader(json.optJSONObject("projectColors"), pending)

        val tasks = reader.readTasks(json.optJSONArray("tasks"))

        // `projects` was added later in v:1; old blobs don't have it.
        val projects = ArrayList<WidgetProject>()
        val projectArray = json.optJSONArray("projects")
        if (projectArray != null) {
            for (i in 0 until projectArray.length()) {
                val project = projectArray.optJSONObject(i)
                if (project == null) {
                    reader.skipped++
                    continue
                }
                val id = project.optString("id").takeIf { it.isNotEmpty() }
                if (id == null) {
                    reader.skipped++
                    continue
                }
                projects.add(
                    WidgetProject(id, project.optString("title"), reader.readTasks(project.optJSONArray("tasks")))
                )
            }
        }

        return WidgetData(
            status = WidgetData.Status.OK,
            dayStr = dayStr,
            validUntil = validUntil,
            tasks = tasks,
            projects = projects,
            skipped = reader.skipped
        )
    }

    private class TaskReader(
        private val projectColors: JSONObject?,
        private val pending: Map<String, Boolean>
    ) {
        var skipped = 0

        fun readTasks(array: JSONArray?): List<WidgetTask> {
            if (array == null) return emptyList()
            val result = ArrayList<WidgetTask>(array.length())
            for (i in 0 until array.length()) {
                val item = array.optJSONObject(i)
                if (item == null) {
                    skipped++
                    continue
                }
                // A row without an id can't be tapped, so it isn't shown.
                val id = item.optString("id").takeIf { it.isNotEmpty() }
                if (id == null) {
                    skipped++
                    continue
                }
                val projectId = item.optString("projectId").takeIf { it.isNotEmpty() }
                val projectColor = if (projectId != null && projectColors != null) {
                    projectColors.optString(projectId).takeIf { it.isNotEmpty() }
                } else {
                    null
                }
                result.add(
                    WidgetTask(
                        id = id,
                        title = item.optString("title"),
                        isDone = pending[id] ?: item.optBoolean("isDone"),
                        projectId = projectId,
                        projectColor = projectColor
                    )
                )
            }
            return result
        }
    }

    // ---- staleness and header ---------------------------------------------------------------

    fun isStale(data: WidgetData, now: Long): Boolean = data.isStale(now)

    fun header(data: WidgetData, now: Long, timeZone: TimeZone = TimeZone.getDefault()): WidgetHeader {
        if (!data.isStale(now)) return WidgetHeader.Today
        val dayStr = data.dayStr ?: return WidgetHeader.Outdated(null)
        return WidgetHeader.Outdated(dayStart(dayStr, timeZone))
    }

    /** Local midnight of [dayStr] ("yyyy-MM-dd") in [timeZone]; null if it can't be parsed. */
    fun dayStart(dayStr: String, timeZone: TimeZone = TimeZone.getDefault()): Long? {
        val format = SimpleDateFormat("yyyy-MM-dd")
        format.timeZone = timeZone
        return try {
            format.parse(dayStr).time
        } catch (e: ParseException) {
            null
        }
    }

    /**
     * The writer side: the snapshot of [dayStr] is valid until the start of the next day plus
     * [startOfNextDayDiffMs] (the user's "day starts at" setting).
     */
    fun validUntil(dayStr: String, startOfNextDayDiffMs: Long, timeZone: TimeZone = TimeZone.getDefault()): Long? {
        val start = dayStart(dayStr, timeZone) ?: return null
        return start + DAY_MS + startOfNextDayDiffMs
    }

    // ---- the done-queue ({taskId: targetIsDone}, its own SharedPreferences slot) -------------

    /**
     * Records a done-tap. If the stored queue can't be read we start a fresh one: losing old,
     * unreadable taps is better than losing this one (and than crashing on every tap). This is
     * what most code does: `try { JSONObject(stored ?: "{}") } catch (e: JSONException) { JSONObject() }`.
     */
    fun setPending(queueText: String?, taskId: String, isDone: Boolean): String {
        val queue = try {
            JSONObject(queueText ?: "{}")
        } catch (e: JSONException) {
            JSONObject()
        }
        queue.put(taskId, isDone)
        return queue.toString()
    }

    /** The taps the app hasn't consumed yet; overlaid on the blob by [parse]. */
    fun peekPending(queueText: String?): Map<String, Boolean> {
        val result = LinkedHashMap<String, Boolean>()
        if (queueText == null) return result
        try {
            val queue = JSONObject(queueText)
            val keys = queue.keys()
            while (keys.hasNext()) {
                val taskId = keys.next()
                result[taskId] = queue.getBoolean(taskId)
            }
        } catch (e: JSONException) {
            // Corrupt queue: show what we have.
        }
        return result
    }

    /**
     * Called by the app on resume: the taps to apply to the database, i.e. those whose task
     * still exists and whose state differs from [currentIsDone].
     */
    fun drainPending(queueText: String?, currentIsDone: Map<String, Boolean>): List<Pair<String, Boolean>> {
        if (queueText == null) return emptyList()
        val queue = try {
            JSONObject(queueText)
        } catch (e: JSONException) {
            return emptyList()
        }
        val changes = ArrayList<Pair<String, Boolean>>()
        val keys = queue.keys()
        while (keys.hasNext()) {
            val taskId = keys.next()
            val current = currentIsDone[taskId] ?: continue // task deleted in the meantime
            val target = queue.optBoolean(taskId)
            if (target != current) changes.add(taskId to target)
        }
        return changes
    }
}
