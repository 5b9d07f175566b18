// Unit tests of the runtime's timeline section (buildTimeline). Expectations are worked out by hand
// from the rule: one entry at `now`; a second at the staleness instant when it lies after `now`,
// which is also the reload instant; otherwise reload never. America/Santiago 2026-09-06 starts at
// 01:00 −03 (midnight is skipped).
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { buildTimeline, dayStartMs } from "../contract-runtime";

const sep5Start = 1788580800000; // 2026-09-05 00:00 −04
const sep6Start = 1788667200000; // 2026-09-06 01:00 −03, the first instant of that day
const sep7Start = 1788750000000; // 2026-09-07 00:00 −03

function headerAt(validUntil: number | null, day: string): (at: number) => string {
  return (at) => (validUntil === null || at < validUntil ? "today" : `outdated:${dayStartMs(day, "America/Santiago") ?? null}`);
}

test("a fresh snapshot flips at validUntil, on the day before a skipped midnight", () => {
  const now = 1788620400000; // 2026-09-05 11:00 −04
  const timeline = buildTimeline(now, sep6Start, headerAt(sep6Start, "2026-09-05"));
  assert.deepEqual(timeline.entries, [{ atMs: now, header: "today" }, { atMs: sep6Start, header: `outdated:${sep5Start}` }]);
  assert.equal(timeline.reloadAtMs, sep6Start);
});

test("stale on the skipped-midnight day: one entry, the day starts at the transition, no reload", () => {
  const timeline = buildTimeline(sep7Start + 60000, sep7Start, headerAt(sep7Start, "2026-09-06"));
  assert.deepEqual(timeline, { entries: [{ atMs: sep7Start + 60000, header: `outdated:${sep6Start}` }], reloadAtMs: null });
});

test("the boundary itself is stale; one millisecond before it gives two entries", () => {
  const rule = (at: number): string => (at >= 5000 ? "outdated" : "today");
  assert.deepEqual(buildTimeline(5000, 5000, rule), { entries: [{ atMs: 5000, header: "outdated" }], reloadAtMs: null });
  assert.deepEqual(buildTimeline(4999, 5000, rule), { entries: [{ atMs: 4999, header: "today" }, { atMs: 5000, header: "outdated" }], reloadAtMs: 5000 });
});

test("without validUntil: one entry, never reloaded, the header asked once", () => {
  const asked: number[] = [];
  assert.deepEqual(buildTimeline(7, null, (at) => { asked.push(at); return "today"; }), { entries: [{ atMs: 7, header: "today" }], reloadAtMs: null });
  assert.deepEqual(asked, [7]);
});

test("a far-future validUntil is kept exactly", () => {
  const far = 9007199254740991;
  const timeline = buildTimeline(1784325600000, far, (at) => (at >= far ? "outdated" : "today"));
  assert.deepEqual(timeline.entries.map((entry) => entry.atMs), [1784325600000, far]);
  assert.equal(timeline.reloadAtMs, far);
});
