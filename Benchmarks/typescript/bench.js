// Engine-neutral benchmark of a generated TypeScript decoder, run the same way on Node (V8) and on
// JavaScriptCore (`jsc`): contract-gen's jsc adapter bundles the compiled modules, and this file
// is appended with its arguments set in `BENCH` (module, blob text). It alternates batches of
// the generated `decode` and of the platform baseline `JSON.parse` plus a walk that touches every
// value (what a hand-written reader does at least), in one process, and prints one line:
//   engine  bytes  generated MB/s  baseline MB/s  ratio (median of batch ratios)
"use strict";
(function () {
  var out = typeof print === "function" ? print : function (s) { console.log(s); };
  var now = typeof performance !== "undefined" ? function () { return performance.now(); } : function () { return Date.now(); };
  var load = typeof __contractGenRequire === "function" ? __contractGenRequire : require;
  var contract = load(BENCH.module);
  var text = BENCH.text;
  function walk(v) {
    if (v === null || typeof v !== "object") return 1;
    var n = 1;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) n += walk(v[i]); return n; }
    for (var k in v) n += walk(v[k]);
    return n;
  }
  var rounds = Math.max(1, Math.min(200, Math.floor(4000000 / text.length)));
  function batch(f) { var t = now(); var sink = 0; for (var i = 0; i < rounds; i++) sink += f(); return [now() - t, sink]; }
  var generated = function () { var d = contract.decode(text); return d.status === "ok" ? 1 : 0; };
  var baseline = function () { return walk(JSON.parse(text)); };
  batch(generated); batch(baseline);   // warm-up: let the JIT compile both
  var ratios = [], g = 0, b = 0;
  for (var r = 0; r < 7; r++) {
    var tg = batch(generated)[0], tb = batch(baseline)[0];
    g += tg; b += tb; ratios.push(tb / tg);
  }
  ratios.sort(function (x, y) { return x - y; });
  var mb = text.length * rounds * 7 / 1e6;
  out([BENCH.engine, text.length, (mb / (g / 1000)).toFixed(1), (mb / (b / 1000)).toFixed(1), ratios[3].toFixed(2)].join("\t"));
})();
