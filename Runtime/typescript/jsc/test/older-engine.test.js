// The JSC adapter removes String.prototype.isWellFormed before the testee's modules load, as
// WKWebView before iOS 16.4 lacks it: the runtime's feature test then picks its own loop
// (isWellFormedUtf16Portable), so the golden cases on `typescript-jsc` judge that loop while Node
// judges the engine's check. Run by scripts/test-runtimes.sh with `node --test` where jsc is installed.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const adapter = fs.readFileSync(path.join(__dirname, "..", "jsc-testee-adapter.js"), "utf8");

test("jsc adapter leaves no String.prototype.isWellFormed, and only that method goes", () => {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "jsc-older-")), "probe.js");
  fs.writeFileSync(script, adapter + '\nprint(typeof "".isWellFormed, typeof "".toWellFormed, typeof "".at);\n');
  const run = spawnSync("jsc", [script]);
  assert.equal(run.status, 0, String(run.stderr));
  assert.equal(String(run.stdout).trim(), "undefined function function");
});
