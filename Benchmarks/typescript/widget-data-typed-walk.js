// The hand-written TypeScript reader of a widget-data snapshot that the generated decoder is
// measured against: `JSON.parse` plus a typed walk. It reads each field the contract declares,
// checks its JSON type the cheap way a hand-written reader does (`typeof`, `Array.isArray`,
// v === 1, a safe positive integer for validUntil, non-empty projectId), drops rows without a
// string id or title, and builds the same typed value (rows, a Map of colours, each row's
// projectColor). It keeps none of the contract's other rules: no depth limit, no unpaired-surrogate
// check, no date check, no report; JSON.parse's own answer for duplicate keys and numbers.
// Defined as a global so the benchmark (Benchmarks/typescript/bench.js) finds it on Node and on
// JavaScriptCore alike; plain ES5, as the benchmark file is.
var contractBenchTypedWalk = (function () {
  "use strict";
  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function readTask(t, colors) {
    if (!isObject(t)) return null;
    var id = t.id, title = t.title, projectId = t.projectId;
    if (typeof id !== "string" || typeof title !== "string") return null;
    if (typeof projectId !== "string" || projectId === "") projectId = null;
    var color = projectId === null ? undefined : colors.get(projectId);
    return { id: id, title: title, isDone: t.isDone === true, projectId: projectId, projectColor: color === undefined ? null : color };
  }
  function readTasks(a, colors) {
    var out = [];
    if (!Array.isArray(a)) return out;
    for (var i = 0; i < a.length; i++) { var t = readTask(a[i], colors); if (t !== null) out.push(t); }
    return out;
  }
  return function (text) {
    var raw;
    try { raw = JSON.parse(text); } catch (e) { return null; }
    if (!isObject(raw) || raw.v !== 1) return null;
    var colors = new Map(), pc = raw.projectColors;
    if (isObject(pc)) for (var k in pc) { var c = pc[k]; if (typeof c === "string") colors.set(k, c); }
    var projects = [], ps = raw.projects;
    if (Array.isArray(ps)) {
      for (var i = 0; i < ps.length; i++) {
        var p = ps[i];
        if (!isObject(p) || typeof p.id !== "string" || typeof p.title !== "string") continue;
        projects.push({ id: p.id, title: p.title, tasks: readTasks(p.tasks, colors) });
      }
    }
    var validUntil = raw.validUntil;
    return {
      dayStr: typeof raw.dayStr === "string" ? raw.dayStr : null,
      validUntil: typeof validUntil === "number" && Number.isSafeInteger(validUntil) && validUntil > 0 ? validUntil : null,
      tasks: readTasks(raw.tasks, colors),
      projectColors: colors,
      projects: projects
    };
  };
})();
