// The generated TypeScript as a web app uses it, as a native ES module (imports end in `.js`):
// decode, switch on the discriminated result, read the fields, the done-queue's functions, dates,
// and JSON for a decoded value with maps. PlatformUsageTests emits with `typescript.module: esm`,
// compiles this under --strict with nodenext resolution and isolated modules, and runs it on Node.
import { decode, decodeBytes, doneQueueDrainTasks, doneQueuePeek, doneQueueSet, header, overlaying, toDate, type DoneQueueEntry, type Snapshot, type TaskRow } from "./widget-data.js";
import * as TodoCount from "./todo-count.js";
import { ContractReport, contractJsonReplacer } from "./contract-runtime.js";

declare const console: { log(...values: unknown[]): void };

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

const blob = '{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Write the report"},{"id":"t2","title":"Call Sam","isDone":true},{"title":"no id"}],"projectColors":{"p":"#f00"}}';

// Decode, switch on `status` (narrowing `value`), read the fields.
let snapshot: Snapshot;
const decoded = decode(blob);
switch (decoded.status) {
  case "ok":
    check(decoded.dropped === 1, "the row without an id is dropped and counted");
    snapshot = decoded.value;
    break;
  case "unsupportedVersion":
  case "malformed":
  case "invalid": {
    const none: null = decoded.value;
    throw new Error("renders the empty state " + String(none));
  }
}
const rows: ReadonlyArray<TaskRow> = snapshot.tasks;
check(rows.map((task) => task.id).join() === "t1,t2", "rows");
check(toDate(snapshot.validUntil)?.toISOString() === "2026-07-17T22:00:00.000Z", "a Date from the stored milliseconds");

// The tap goes to the done-queue; the overlay shows it, drain hands it to the app.
const queue = doneQueueSet(null, "t1", true);
const shown = overlaying(snapshot, doneQueuePeek(queue));
const changes: DoneQueueEntry[] = doneQueueDrainTasks(queue, snapshot.tasks);
check(changes.length === 1 && changes[0]?.id === "t1" && changes[0].isDone, "named entries");
check(header(shown, 1784300000000, "Europe/Berlin").kind === "today", "header");

// Maps are ReadonlyMaps: JSON.stringify alone writes {}; the replacer writes the entries.
check(JSON.stringify(snapshot.projectColors) === "{}", "a Map has no own properties");
check(JSON.stringify(snapshot.projectColors, contractJsonReplacer) === '{"p":"#f00"}', "replacer");

// Another contract: a failed read is its own status, never a count of 0.
check(TodoCount.decode('{"v":1,"revision":3}').status === "invalid", "a missing count fails the read");
const count = TodoCount.decode('{"v":1,"count":0,"revision":3}');
check(count.status === "ok" && count.value.count === 0 && count.value.sync === "idle", "a count of 0");

// Bytes as `fetch`'s arrayBuffer() or a file hands them over: the same decode; bytes that are not
// UTF-8 are malformed (never repaired into U+FFFD), and the report says where.
const blobBytes = Uint8Array.from(blob, (c) => c.charCodeAt(0)); // the blob is ASCII: one byte a character
check(JSON.stringify(decodeBytes(blobBytes), contractJsonReplacer) === JSON.stringify(decode(blob), contractJsonReplacer), "bytes decode as their text");
const notUtf8 = new ContractReport();
check(TodoCount.decodeBytes(new Uint8Array([0x7b, 0x22, 0xc3, 0x22, 0x7d]), notUtf8).status === "malformed", "C3 then a quote is not UTF-8");
check(notUtf8.entries.length === 1 && notUtf8.entries[0]?.expected === "utf-8" && notUtf8.entries[0]?.offset === 3, "the report names the byte");

// Telemetry (docs/report.md): count each degradation by where (a pattern: no user data) and why.
const degradations = new Map<string, number>();
const report = new ContractReport();
report.onEntry = (entry) => {
  const key = `${entry.pattern} ${entry.rule}`;
  degradations.set(key, (degradations.get(key) ?? 0) + 1);
};
check(decode('{"v":1,"tasks":[{"id":"a","title":5},{"id":"b","title":null}],"validUntil":"soon"}', report).dropped === 2, "two rows dropped");
void report.entries; // the hook runs as the entries are read
check(JSON.stringify([...degradations].sort()) === JSON.stringify([["$.tasks[*] invalid-field", 2], ["$.tasks[*].title null", 1], ["$.tasks[*].title wrong-type", 1], ["$.validUntil wrong-type", 1]]), JSON.stringify([...degradations]));

console.log("typescript usage: ok");
