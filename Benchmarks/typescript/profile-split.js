// Where the generated widget-data `decode` spends its time, beside the JSON.parse + Ajv baseline:
// engine-neutral (Node and JavaScriptCore), appended by Benchmarks/typescript/profile-split.sh
// with its arguments in `BENCH` (module, runtime module, blob text), as bench.js is. In one
// process it alternates batches of the parts below (9 rounds, ~4 MB of input per batch) and prints
// one line per part: its median time per decode in µs and its share of `decode`.
//   decode        the generated decode(text), whole
//   parse         JSON.parse(text) alone
//   walk          the tree walk alone: decode(text) with contractJsonParse answering the
//                 already-parsed value and contractTreeComplete answering true (the walk builds
//                 the same fresh objects; the result is checked against decode's)
//   proof         contractTreeComplete alone, with the keys and containers the walk counted
//   isWellFormed  isWellFormedUtf16 on every string value of the parsed value (a part of walk, which
//                 checks the values it takes and a map's keys)
//   ajv-validate  the compiled Ajv validator alone, on an already-parsed value
//   ajv           JSON.parse + Ajv validator (the baseline)
//   untyped       a walk over the parsed value that touches every value and builds nothing
// and two alternatives measured and not taken (their rows say why):
//   proof-charCodeAt    the depth proof's bracket count as one charCodeAt pass instead of indexOf loops
//   text-isWellFormed   one check of the whole text (text.isWellFormed() and no `\ud`/`\uD` escape),
//                       which would prove every parsed string well-formed, instead of one check per string
// The split is approximate: parts timed alone run with warm caches the whole decode does not give
// them, so parse + walk + proof need not add up to decode exactly.
"use strict";
(function () {
  var out = typeof print === "function" ? print : function (s) { console.log(s); };
  var now = contractBenchNow; // clock.js, put before this file
  var load = typeof __contractGenRequire === "function" ? __contractGenRequire : require;
  var contract = load(BENCH.module);
  var runtime = load(BENCH.runtime);
  var text = BENCH.text;
  var parsed = JSON.parse(text);
  var validate = typeof contractBenchAjvValidate === "function" ? contractBenchAjvValidate : null;
  if (validate !== null && !validate(parsed)) throw new Error("Ajv rejects the blob");

  var realParse = runtime.contractJsonParse, realComplete = runtime.contractTreeComplete;
  // The walk's counts, as decode hands them to contractTreeComplete.
  var proofArgs = null;
  runtime.contractTreeComplete = function (t, keys, json, containers) {
    proofArgs = [keys, containers];
    return realComplete(t, keys, json, containers);
  };
  var reference = contract.decode(text);
  runtime.contractTreeComplete = realComplete;
  if (reference.status !== "ok" || proofArgs === null) throw new Error("the blob does not decode through the tree walk");
  var keys = proofArgs[0], containers = proofArgs[1];

  var strings = [];
  (function collect(v) {
    if (typeof v === "string") { strings.push(v); return; }
    if (v === null || typeof v !== "object") return;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) collect(v[i]); return; }
    for (var k in v) collect(v[k]);
  })(parsed);

  var stubbed = 0; // calls of the two stubs: the walk alone must go through both, or it times something else
  function walkOnly() {
    runtime.contractJsonParse = function () { stubbed++; return parsed; };
    runtime.contractTreeComplete = function () { stubbed++; return true; };
    try { return contract.decode(text); } finally { runtime.contractJsonParse = realParse; runtime.contractTreeComplete = realComplete; }
  }
  if (JSON.stringify(walkOnly().value, mapEntries) !== JSON.stringify(reference.value, mapEntries) || stubbed !== 2) {
    throw new Error("the walk alone reads another value, or not through the stubs");
  }
  function mapEntries(k, x) {
    if (!(x instanceof Map)) return x;
    var entries = []; x.forEach(function (value, key) { entries.push([key, value]); }); return entries;
  }
  function untyped(v) {
    if (v === null || typeof v !== "object") return 1;
    var n = 1;
    if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) n += untyped(v[i]); return n; }
    for (var k in v) n += untyped(v[k]);
    return n;
  }

  var parts = [
    ["decode", function () { return contract.decode(text).status === "ok" ? 1 : 0; }],
    ["parse", function () { return typeof JSON.parse(text) === "object" ? 1 : 0; }],
    ["walk", function () { return walkOnly().status === "ok" ? 1 : 0; }],
    ["proof", function () { return realComplete(text, keys, parsed, containers) ? 1 : 0; }],
    ["isWellFormed", function () {
      var ok = 1;
      for (var i = 0; i < strings.length; i++) if (!runtime.isWellFormedUtf16(strings[i])) ok = 0;
      return ok + 1;
    }]
  ];
  parts.push(["proof-charCodeAt", function () {
    var n = 0, len = text.length;
    for (var i = 0; i < len; i++) { var c = text.charCodeAt(i); if (c === 123 || c === 91) n++; }
    return n <= 512 || n === containers ? 1 : 2;
  }]);
  parts.push(["text-isWellFormed", function () {
    return runtime.isWellFormedUtf16(text) && text.indexOf("\\ud") < 0 && text.indexOf("\\uD") < 0 ? 1 : 2;
  }]);
  if (validate !== null) {
    parts.push(["ajv-validate", function () { return validate(parsed) ? 1 : 0; }]);
    parts.push(["ajv", function () { return validate(JSON.parse(text)) ? 1 : 0; }]);
  }
  parts.push(["untyped", function () { return untyped(parsed); }]);

  var rounds = Math.max(3, Math.floor(4000000 / text.length)); // at least 3 decodes per batch, as in bench.js
  function batch(f) {
    var t = now(), sink = 0;
    for (var i = 0; i < rounds; i++) sink += f();
    if (sink === 0) throw new Error("a part read nothing");
    return now() - t;
  }
  parts.forEach(function (p) { batch(p[1]); batch(p[1]); }); // warm-up: let the JIT compile each
  var times = parts.map(function () { return []; });
  for (var r = 0; r < 9; r++) parts.forEach(function (p, k) { times[k].push(batch(p[1]) * 1000 / rounds); });
  function median(xs) { xs = xs.slice().sort(function (x, y) { return x - y; }); return xs[4]; }
  var decodeUs = median(times[0]);
  parts.forEach(function (p, k) {
    var us = median(times[k]);
    out([BENCH.engine, text.length, p[0], us.toFixed(us < 100 ? 2 : 0), (100 * us / decodeUs).toFixed(0) + "%"].join("\t"));
  });
})();
