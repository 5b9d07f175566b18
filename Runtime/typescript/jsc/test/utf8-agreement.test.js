// The JSC adapter decodes request lines (which jsc's readline() hands over as Latin-1 bytes)
// exactly as Node's UTF-8 stdin decoding does: valid text, overlongs, CESU-8 surrogates,
// truncated and stray bytes, across 2,000 seeded random byte strings. Run by
// scripts/test-runtimes.sh with `node --test` where jsc is installed.
"use strict";
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const adapter = fs.readFileSync(path.join(__dirname, "..", "jsc-testee-adapter.js"), "utf8");

test("jsc adapter decodes every byte string as Node does", () => {
  let state = 20261201;
  const random = () => { state = (Math.imul(state, 1103515245) + 12345) >>> 0; return state / 4294967296; };
  const interesting = [0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
  const cases = [[0xed, 0xa0, 0x80], [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80], [0xf0, 0x9f, 0x98, 0x80], [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x9f, 0x98], [0xe2, 0x80, 0xa8], [0xc2], [0x0d]];
  while (cases.length < 2000) {
    const length = 1 + Math.floor(random() * 8);
    cases.push(Array.from({ length }, () => interesting[Math.floor(random() * interesting.length)]));
  }
  const lines = cases.map((bytes) => Buffer.from([0x78, ...bytes, 0x0a]));
  const input = Buffer.concat([...lines, Buffer.from([0x0a])]);
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "jsc-utf8-")), "decode.js");
  fs.writeFileSync(script, adapter + '\nvar l; while ((l = readline()) !== "") print(JSON.stringify(__contractGenDecodeUTF8(l)));\n');
  const run = spawnSync("jsc", [script], { input });
  assert.equal(run.status, 0, String(run.stderr));
  const jsc = String(run.stdout).split("\n").slice(0, cases.length).map((line) => JSON.parse(line));
  const decoder = new TextDecoder();
  cases.forEach((bytes, k) => assert.equal(jsc[k], decoder.decode(Buffer.from([0x78, ...bytes])), `bytes ${bytes.map((b) => b.toString(16))}`));
});
