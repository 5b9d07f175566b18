// A Java caller in an Android app (Java 8 language level): static calls without INSTANCE, the
// sealed result by instanceof, getters, Java constructors from Kotlin's defaults (@JvmOverloads),
// named done-queue entries, immutable constants. PlatformUsageTests compiles it with
// javac --release 8 -Xlint:all -Werror against the compiled app files and runs it.
package usage;

import dev.contractgen.widget.WidgetData;
import java.util.Collections;
import java.util.Date;
import java.util.List;

public final class WidgetJava {
    private WidgetJava() {}

    private static void check(boolean condition, String what) {
        if (!condition) throw new IllegalStateException(what);
    }

    public static void main(String[] args) {
        WidgetData.Decoded decoded = WidgetData.decode(WidgetUsageKt.BLOB);
        if (!(decoded instanceof WidgetData.Decoded.Ok)) throw new IllegalStateException("renders the empty state: " + decoded.getStatus());
        WidgetData.Snapshot snapshot = ((WidgetData.Decoded.Ok) decoded).getValue();
        check(decoded.getDropped() == 1, "dropped");
        check(decoded.getStatus() == WidgetData.Status.OK, "status");
        // The byte entry point from Java: a static overload of decode.
        check(WidgetData.decode(WidgetUsageKt.BLOB.getBytes(java.nio.charset.StandardCharsets.UTF_8)).equals(decoded), "bytes decode as their text");
        for (WidgetData.TaskRow task : snapshot.getTasks()) check(!task.getId().isEmpty(), "ids");
        Date until = snapshot.getValidUntilDate();
        check(until != null && until.getTime() == 1784325600000L, "a java.util.Date");

        WidgetData.TaskRow row = new WidgetData.TaskRow("p1", "Preview row");
        check(!row.isDone() && row.getProjectId() == null, "Java constructors from the defaults");
        WidgetData.Snapshot preview = new WidgetData.Snapshot(null, null, Collections.singletonList(row));
        check(preview.getProjects().isEmpty(), "defaults");

        String queue = WidgetData.DoneQueue.set(null, "t1", true);
        List<WidgetData.DoneQueueEntry> changes = WidgetData.DoneQueue.drain(queue, snapshot.getTasks());
        check(changes.size() == 1 && changes.get(0).getId().equals("t1") && changes.get(0).isDone(), "named entries");

        int written = WidgetData.WRITTEN_VERSION;
        List<Integer> accepted = WidgetData.ACCEPTED_VERSIONS;
        check(accepted.contains(written), "versions");
        try {
            accepted.set(0, 2);
            throw new IllegalStateException("ACCEPTED_VERSIONS must not be mutable");
        } catch (UnsupportedOperationException expected) {
            // Unmodifiable from Java too, not only read-only in Kotlin.
        }
        System.out.println("java usage: ok");
    }
}
