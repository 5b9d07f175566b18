// Runs the compiled TypeScript testee, unchanged, under JavaScriptCore's `jsc` shell (the engine
// of WKWebView on iOS), so the very module an app ships is conformance-tested on both engines.
// jsc has no Node: this prelude supplies the two things the compiled CommonJS output needs,
// `require` between the bundled modules and a `process` with stdin/stdout, using jsc's own
// `readline()` and `print()`. contract-gen appends each compiled module as
// `__contractGenModule("name", function (exports, require, module) { … })` and then calls
// `__contractGenMain("testee")`. Harness code: never part of what an app ships.
"use strict";

// WKWebView before iOS 16.4 has no String.prototype.isWellFormed, and the runtime then checks
// strings with its own loop (isWellFormedUtf16Portable). This engine has it; removing it here runs
// every case through that loop on JSC, as Node runs them through the engine's own check.
delete String.prototype.isWellFormed;

var __contractGenFactories = {};
var __contractGenCache = {};

function __contractGenModule(name, factory) {
  __contractGenFactories[name] = factory;
}

function __contractGenRequire(name) {
  var key = name.replace(/^\.\//, "").replace(/\.js$/, "");
  if (Object.prototype.hasOwnProperty.call(__contractGenCache, key)) return __contractGenCache[key].exports;
  var factory = __contractGenFactories[key];
  if (factory === undefined) throw new Error("jsc adapter: no bundled module '" + name + "'");
  var module = { exports: {} };
  __contractGenCache[key] = module;
  factory(module.exports, __contractGenRequire, module);
  return module.exports;
}

// jsc's readline() hands back each byte of the line as one char (Latin-1); the runner writes
// UTF-8. Decode it exactly as Node's stdin decoding (WHATWG UTF-8) does: one U+FFFD for each
// maximal ill-formed subsequence, so both engines see the same request text.
function __contractGenDecodeUTF8(bytes) {
  var out = [];
  var chunk = "";
  var i = 0;
  var n = bytes.length;
  function flush() { out.push(chunk); chunk = ""; }
  while (i < n) {
    var b0 = bytes.charCodeAt(i);
    if (b0 < 0x80) { chunk += bytes[i]; i++; if (chunk.length > 4096) flush(); continue; }
    var need = 0, lower = 0x80, upper = 0xBF, cp = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) { need = 1; cp = b0 & 0x1F; }
    else if (b0 >= 0xE0 && b0 <= 0xEF) { need = 2; cp = b0 & 0x0F; if (b0 === 0xE0) lower = 0xA0; if (b0 === 0xED) upper = 0x9F; }
    else if (b0 >= 0xF0 && b0 <= 0xF4) { need = 3; cp = b0 & 0x07; if (b0 === 0xF0) lower = 0x90; if (b0 === 0xF4) upper = 0x8F; }
    else { chunk += "\uFFFD"; i++; continue; }
    var j = 1;
    for (; j <= need; j++) {
      if (i + j >= n) break;
      var b = bytes.charCodeAt(i + j);
      if (b < lower || b > upper) break;
      lower = 0x80; upper = 0xBF;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (j <= need) { chunk += "\uFFFD"; i += j; continue; }
    chunk += String.fromCodePoint(cp);
    i += need + 1;
  }
  flush();
  return out.join("");
}

var process = (function () {
  var listeners = { data: [], end: [] };
  var pendingOut = [];
  return {
    stdin: {
      setEncoding: function () {},
      on: function (event, listener) { listeners[event].push(listener); },
    },
    stdout: {
      // print() adds the newline; the testee always ends a reply with one.
      write: function (text) {
        var start = 0;
        for (;;) {
          var newline = text.indexOf("\n", start);
          if (newline < 0) break;
          pendingOut.push(text.slice(start, newline));
          print(pendingOut.join(""));
          pendingOut.length = 0;
          start = newline + 1;
        }
        if (start < text.length) pendingOut.push(text.slice(start));
        return true;
      },
    },
    // jsc's readline() returns "" both for an empty line and at the end of input; the protocol
    // never sends an empty request line, so "" ends the session.
    run: function () {
      for (;;) {
        var line = readline();
        if (line === null || line === undefined || line === "") break;
        var text = __contractGenDecodeUTF8(line) + "\n";
        for (var k = 0; k < listeners.data.length; k++) listeners.data[k](text);
      }
      for (var e = 0; e < listeners.end.length; e++) listeners.end[e]();
      if (pendingOut.length > 0) print(pendingOut.join(""));
    },
  };
})();

function __contractGenMain(name) {
  __contractGenRequire(name);
  process.run();
}
