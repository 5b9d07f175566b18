// Engine-neutral benchmark of a generated TypeScript decoder, run the same way on Node (V8) and on
// JavaScriptCore (`jsc`): Benchmarks/run.sh bundles the compiled modules for jsc, and this file is
// appended with its arguments set in `BENCH` (module, runtime module, blob text). In one process it
// alternates batches of every decoder below, and prints one line per decoder:
//   name  chars  MB/s  ratio vs JSON.parse+Ajv  ratio vs JSON.parse+typed walk  ratio vs JSON.parse+untyped walk
// (each ratio: the median over 9 rounds of the baseline's batch time ÷ this decoder's, "—" where
// that baseline is not measured). The decoders:
//   generated   the generated `decode`
//   report      the same decode asked for its degradation report (docs/report.md)
//   ajv         JSON.parse plus a compiled Ajv validator (a global `contractBenchAjvValidate(value)`,
//               defined before this file) when there is one and it accepts the blob: what a web team
//               picks. The value it hands on is JSON.parse's own.
//   typed       JSON.parse plus a hand-written typed walk (a global `contractBenchTypedWalk(text)`, e.g.
//               widget-data-typed-walk.js) when there is one; it builds the value the generated
//               decoder returns, which is checked before timing
//   untyped     JSON.parse plus a walk that touches every value and builds nothing
// With BENCH.memory (one of the names above, Node only) it prints the peak RSS above the RSS before
// decoding instead: decoder, chars, MB, MB ÷ input length.
"use strict";
(function () {
  var out = typeof print === "function" ? print : function (s) { console.log(s); };
  var now = contractBenchNow; // clock.js, put before this file
  var load = typeof __contractGenRequire === "function" ? __contractGenRequire : require;
  var contract = load(BENCH.module);
  var runtime = load(BENCH.runtime);
  var text = BENCH.text;
  function walk(v) {
    if (v === null || typeof v !== "object") return 1;
    var n = 1;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) n += walk(v[i]); return n; }
    for (var k in v) n += walk(v[k]);
    return n;
  }
  var typedWalk = typeof contractBenchTypedWalk === "function" ? contractBenchTypedWalk : null;
  var validate = typeof contractBenchAjvValidate === "function" ? contractBenchAjvValidate : null;
  // The checks below decode the text: a memory run (BENCH.memory) skips them, so its peak is its decoder's.
  if (!BENCH.memory && validate !== null && !validate(JSON.parse(text))) validate = null;  // a blob it rejects: no Ajv row
  if (!BENCH.memory && typedWalk !== null) {
    // The yardstick must read what the generated decoder reads, or the ratio compares unlike work.
    var norm = function (v) {
      return JSON.stringify(v, function (k, x) {
        if (!(x instanceof Map)) return x;
        var entries = []; x.forEach(function (value, key) { entries.push([key, value]); }); return entries.sort();
      });
    };
    var decoded = contract.decode(text);
    if (decoded.status !== "ok" || norm(decoded.value) !== norm(typedWalk(text))) {
      throw new Error("the typed walk does not read the value the generated decoder reads");
    }
  }
  var decoders = [
    ["generated", function () { return contract.decode(text).status === "ok" ? 1 : 0; }],
    ["report", function () { return contract.decode(text, new runtime.ContractReport()).status === "ok" ? 1 : 0; }]
  ];
  if (validate !== null) {
    decoders.push(["ajv", function () {
      var value;
      try { value = JSON.parse(text); } catch (e) { return 0; }
      return validate(value) ? 1 : 0;
    }]);
  }
  if (typedWalk !== null) decoders.push(["typed", function () { return typedWalk(text) === null ? 0 : 1; }]);
  decoders.push(["untyped", function () { return walk(JSON.parse(text)); }]);
  function find(name) { for (var i = 0; i < decoders.length; i++) if (decoders[i][0] === name) return i; return -1; }

  if (BENCH.memory) {
    // Peak RSS above the RSS once the text is read, over three decodes (Node only: one decoder
    // per process, so the peak is that decoder's).
    var decodeOnce = decoders[find(BENCH.memory)][1];
    var before = process.memoryUsage().rss;
    var kept = 0;
    for (var m = 0; m < 3; m++) kept += decodeOnce();
    var peak = Math.max(0, process.resourceUsage().maxRSS * 1024 - before);
    out([BENCH.memory, text.length, (peak / 1e6).toFixed(2), (peak / text.length).toFixed(2), kept].join("\t"));
    return;
  }

  // ~4 MB of input per batch, and at least 3 decodes (one 9 MB decode is one collection more or less), as in Swift and Kotlin
  var rounds = Math.max(3, Math.floor(4000000 / text.length));
  function batch(f) {
    var t = now(), sink = 0;
    for (var i = 0; i < rounds; i++) sink += f();
    if (sink === 0) throw new Error("a decoder read nothing");
    return now() - t;
  }
  decoders.forEach(function (d) { batch(d[1]); });  // warm-up: let the JIT compile each
  var times = decoders.map(function () { return []; });
  for (var r = 0; r < 9; r++) decoders.forEach(function (d, k) { times[k].push(batch(d[1])); });
  function median(xs) { xs = xs.slice().sort(function (x, y) { return x - y; }); return xs[4]; }
  var mb = text.length * rounds / 1e6;
  decoders.forEach(function (d, k) {
    var line = [d[0], text.length, (mb / (median(times[k]) / 1000)).toFixed(1)];
    ["ajv", "typed", "untyped"].forEach(function (name) {
      var b = find(name);
      line.push(b < 0 ? "—" : median(times[b].map(function (t, i) { return t / times[k][i]; })).toFixed(2));
    });
    out(line.join("\t"));
  });
})();
