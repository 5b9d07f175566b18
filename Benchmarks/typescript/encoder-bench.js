// The generated TypeScript encoder (`encode`, every value checked) against JSON.stringify of the
// same value (no check at all), each text used once, on Node (V8) or JavaScriptCore: this file is appended to the
// compiled modules with BENCH set (module, blob text). The value is the blob parsed by JSON.parse
// (widget-data's code names are its JSON keys). Alternating batches of about 4 MB of output, one
// process. Prints one line: engine, bytes, encode MB/s, JSON.stringify MB/s, median ratio.
"use strict";
(function () {
  var out = typeof print === "function" ? print : function (s) { console.log(s); };
  var now = contractBenchNow; // clock.js, put before this file
  var load = typeof __contractGenRequire === "function" ? __contractGenRequire : require;
  var contract = load(BENCH.module);
  var value = JSON.parse(BENCH.text);
  var written = contract.encode(value);
  // The encoder must write the value back: its document reads as the value the blob holds.
  var norm = function (v) {
    return JSON.stringify(v, function (k, x) {
      if (!(x instanceof Map)) return x;
      var entries = []; x.forEach(function (item, key) { entries.push([key, item]); }); return entries.sort();
    });
  };
  if (norm(contract.decode(written).value) !== norm(contract.decode(BENCH.text).value)) throw new Error("encode does not write the value back");
  // Each side's text is read once (one character in its middle): the generated encoder builds its
  // text by concatenation, which an engine keeps as a rope until the text is used, and using it
  // (storing it, sending it) first makes it one string; JSON.stringify's text already is one.
  var encoders = [
    function () { var t = contract.encode(value); return t.length + t.charCodeAt(t.length >> 1); },
    function () { var t = JSON.stringify(value); return t.length + t.charCodeAt(t.length >> 1); },
  ];
  var rounds = Math.max(1, Math.floor(4e6 / written.length));
  function batch(run) {
    var started = now();
    var sink = 0;
    for (var i = 0; i < rounds; i++) sink += run();
    if (sink === 0) throw new Error("nothing written");
    return now() - started;
  }
  for (var w = 0; w < 3; w++) encoders.forEach(batch);
  var times = [[], []];
  for (var r = 0; r < 9; r++) encoders.forEach(function (run, k) { times[k].push(batch(run)); });
  var median = function (values) { var sorted = values.slice().sort(function (a, b) { return a - b; }); return sorted[4]; };
  var ratios = times[1].map(function (t, k) { return t / times[0][k]; });
  var mbs = function (ms) { return (written.length * rounds / 1e3 / ms).toFixed(1); };
  out([BENCH.engine, written.length, mbs(median(times[0])), mbs(median(times[1])), median(ratios).toFixed(2)].join("\t"));
})();
