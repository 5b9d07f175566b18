// A synthetic calendar-agenda snapshot for Benchmarks/run.sh, of about the size given (bytes, in
// argv[2]), written to stdout: every field of an event, date-time strings with and without an
// offset (their colons are what the TypeScript tree decoders must account for), URLs (colons inside
// strings), escapes, non-ASCII and a raw surrogate pair. Deterministic.
//   node Benchmarks/typescript/agenda-blob.js 170000 > agenda.json
"use strict";
function event(i) {
  return {
    event_id: "e" + i, title: "Meeting " + i + " \u2014 \"plan\" \u00fcn\u00efc\u00f6d\u00e9 \ud83c\udf89", start_time: 1767261600000 + i * 3600000,
    end_time: 1767265200000 + i * 3600000, "all-day": i % 7 === 0, class: "c" + (i % 5), Ort: "Raum " + (i % 9),
    attendance: ["confirmed", "tentative", "cancelled"][i % 3], response_status: ["accepted", "tentative", "declined"][i % 3],
    reminder_minutes: (i * 5) % 120, short_title: "M" + i, badge: i % 2 ? "\ud83d\ude80" : "AB",
    color: i % 4 === 0 ? null : "#12ab" + String(i % 100).padStart(2, "0"),
    updated_at: "2026-07-" + String(1 + (i % 28)).padStart(2, "0") + "T08:" + String(i % 60).padStart(2, "0") + ":00.250" + (i % 3 === 0 ? "Z" : "+02:00"),
    tags: ["work", "family", "travel"].slice(0, 1 + (i % 3)), attendees: ["Ana", "Ben", "Cem"].slice(0, 1 + (i % 3)),
    attachments: i % 2
      ? [{ type: "photo", url: "https://x.example/p" + i + ".jpg", width: 640, caption: "Bild" }, { type: "link", url: "https://x.example/" + i, title: "Doc" }]
      : [{ type: "place", latitude: 52.5, longitude: 13.4, name: "Berlin" }],
  };
}
const target = Number(process.argv[2] || 170000);
const events = [];
let text = "";
for (let i = 0; ; i++) {
  events.push(event(i));
  if (i % 50 === 0 || target < 10000) {
    text = JSON.stringify({ schema_version: 1, generated_at: 1767261600000, events, calendar_kind: "work", default: false,
      hidden_calendars: { acct1: ["c1", "c2"], acct2: [] }, day_status: { "2026-07-17": "busy", "2026-07-18": "free" } });
    if (text.length >= target) break;
  }
}
process.stdout.write(text);
