// Engine-neutral benchmark of a generated TypeScript decoder, run the same way on Node (V8) and on
// JavaScriptCore (`jsc`): contract-gen's jsc adapter bundles the compiled modules, and this file
// is appended with its arguments set in `BENCH` (module, blob text). It alternates batches of
// the generated `decode` and of the platform baseline, in one process. The baseline is
// `JSON.parse` plus a typed walk when the contract has a hand-written one (a global
// `contractBenchTypedWalk(text)`, e.g. widget-data-typed-walk.js, defined before this file), else
// `JSON.parse` plus a walk that touches every value; with a typed walk, the untyped walk is
// measured too. Prints one line:
//   engine  bytes  generated MB/s  baseline MB/s  ratio (median of 9 batch ratios)  report MB/s  report ratio
//   [untyped walk MB/s  ratio against it]
// (report: the generated decode asked for its degradation report, docs/report.md; BENCH.runtime
// names the runtime module that exports ContractReport).
// With BENCH.memory ("generated", "report", "baseline" or "walk" (the untyped one), Node only) it prints the peak RSS above the RSS
// before decoding instead: decoder, bytes, MB, MB ÷ input length.
"use strict";
(function () {
  var out = typeof print === "function" ? print : function (s) { console.log(s); };
  var now = typeof performance !== "undefined" ? function () { return performance.now(); } : function () { return Date.now(); };
  var load = typeof __contractGenRequire === "function" ? __contractGenRequire : require;
  var contract = load(BENCH.module);
  var runtime = load(BENCH.runtime);
  var text = BENCH.text;
  var untyped = function () { return walk(JSON.parse(text)); };
  var typed = typeof contractBenchTypedWalk === "function" ? contractBenchTypedWalk : null;
  var baseline = typed === null ? untyped : function () { return typed(text) === null ? 0 : 1; };
  if (typed !== null) {
    // The yardstick must read what the generated decoder reads, or the ratio compares unlike work.
    var norm = function (v) {
      return JSON.stringify(v, function (k, x) {
        if (!(x instanceof Map)) return x;
        var entries = []; x.forEach(function (value, key) { entries.push([key, value]); }); return entries.sort();
      });
    };
    var decoded = contract.decode(text);
    if (decoded.status !== "ok" || norm(decoded.value) !== norm(typed(text))) {
      throw new Error("the typed walk does not read the value the generated decoder reads");
    }
  }
  if (BENCH.memory) {
    // Peak RSS above the RSS once the text is read, over three decodes (Node only: one decoder
    // per process, so the peak is that decoder's).
    var before = process.memoryUsage().rss;
    var decodeOnce = BENCH.memory === "generated" ? function () { return contract.decode(text).status === "ok" ? 1 : 0; }
      : BENCH.memory === "report" ? function () { return contract.decode(text, new runtime.ContractReport()).status === "ok" ? 1 : 0; }
      : BENCH.memory === "walk" ? function () { return walkOnce(JSON.parse(text)); }
      : function () { return baseline(); };
    var kept = 0;
    for (var m = 0; m < 3; m++) kept += decodeOnce();
    var peak = Math.max(0, process.resourceUsage().maxRSS * 1024 - before);
    out([BENCH.memory, text.length, (peak / 1e6).toFixed(2), (peak / text.length).toFixed(2), kept].join("\t"));
    return;
  }
  function walkOnce(v) { return walk(v); }
  function walk(v) {
    if (v === null || typeof v !== "object") return 1;
    var n = 1;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) n += walk(v[i]); return n; }
    for (var k in v) n += walk(v[k]);
    return n;
  }
  var rounds = Math.max(1, Math.floor(4000000 / text.length)); // ~4 MB of input per batch, as in Swift and Kotlin
  function batch(f) { var t = now(); var sink = 0; for (var i = 0; i < rounds; i++) sink += f(); return [now() - t, sink]; }
  var generated = function () { var d = contract.decode(text); return d.status === "ok" ? 1 : 0; };
  var reported = function () { var d = contract.decode(text, new runtime.ContractReport()); return d.status === "ok" ? 1 : 0; };
  batch(generated); batch(baseline); batch(reported); if (typed !== null) batch(untyped);   // warm-up: let the JIT compile each
  var ratios = [], reportRatios = [], walkRatios = [], g = 0, b = 0, p = 0, w = 0;
  for (var r = 0; r < 9; r++) {
    var tg = batch(generated)[0], tb = batch(baseline)[0], tp = batch(reported)[0];
    g += tg; b += tb; p += tp; ratios.push(tb / tg); reportRatios.push(tb / tp);
    if (typed !== null) { var tw = batch(untyped)[0]; w += tw; walkRatios.push(tw / tg); }
  }
  function median(xs) { xs.sort(function (x, y) { return x - y; }); return xs[4]; }
  var mb = text.length * rounds * 9 / 1e6;
  var line = [BENCH.engine, text.length, (mb / (g / 1000)).toFixed(1), (mb / (b / 1000)).toFixed(1), median(ratios).toFixed(2),
              (mb / (p / 1000)).toFixed(1), median(reportRatios).toFixed(2)];
  if (typed !== null) line.push((mb / (w / 1000)).toFixed(1), median(walkRatios).toFixed(2));
  out(line.join("\t"));
})();
