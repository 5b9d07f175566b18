// The benchmarks' clock, in milliseconds, on Node (V8) and JavaScriptCore: the runners put this
// file before bench.js, encoder-bench.js and profile-split.js. JavaScriptCore's shell has no
// `performance`, and its Date.now() ticks in whole milliseconds (5% of a 20 ms batch); its
// preciseTime() is seconds with microseconds.
var contractBenchNow = typeof performance !== "undefined" ? function () { return performance.now(); }
  : typeof preciseTime === "function" ? function () { return preciseTime() * 1000; }
  : function () { return Date.now(); };
