// Unit tests of the TypeScript runtime as a source file of its own (Runtime/typescript), the file
// `emit` copies verbatim into every app. Run with node:test (Node 20, no npm) by
// scripts/test-runtimes.sh after `tsc --strict`. Expectations follow RFC 8259 and the proleptic
// Gregorian calendar, worked out by hand.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  ContractJsonScanner, ContractMapKeys, contractSyntaxError, contractJsonReplacer, contractJsonScannerSettings, serializeContractJson, parseContractJson, queueDrain, queuePeek, queueSet, contractUtf8Text, contractUtf8StopOffset, parseLocalDate, parseDateTime, formatDateTime, writeDateTime, daysFromCivil, contractTimeZone, isZoneIdSyntax, dayStartMs, orUnknown, contractTextLength, contractTreeComplete,
} from "../contract-runtime";

test("accepts RFC 8259 texts, rejects everything else", () => {
  assert.ok(parseContractJson(" \t\r\n[] ") !== undefined);
  for (const text of ["", "01", "[1,]", "{\"a\":1,}", "'x'", "NaN", "[1] 2", "\uFEFF{}", "{a:1}", "[\"\u0001\"]", "1.", ".5", "-", "+1", "[", "{\"a\"}", "\"\\x\""]) {
    assert.equal(parseContractJson(text), undefined, JSON.stringify(text));
  }
});

test("512 levels are accepted, 513 are not", () => {
  assert.notEqual(parseContractJson("[".repeat(512) + "]".repeat(512)), undefined);
  assert.equal(parseContractJson("[".repeat(513) + "]".repeat(513)), undefined);
});

test("the last duplicate key wins, also late in a 14-key object", () => {
  const members = Array.from({ length: 14 }, (_, k) => `"k${k}":${k}`).concat(['"k3":99']);
  const value = parseContractJson("{" + members.join(",") + "}");
  assert.ok(value instanceof Map);
  assert.equal((value as Map<string, unknown>).get("k3"), 99);
  assert.equal((value as Map<string, unknown>).get("k13"), 13);
});

test("a late duplicate of every key wins in objects of every size up to 40", () => {
  // Both sides of any small-object threshold: one entry per key, in order of first appearance.
  for (let size = 1; size <= 40; size++) {
    for (let duplicate = 0; duplicate < size; duplicate++) {
      const members = Array.from({ length: size }, (_, k) => `"k${k}":${k}`).concat([`"k${duplicate}":${1000 + duplicate}`]);
      const value = parseContractJson("{" + members.join(",") + "}") as Map<string, unknown>;
      assert.deepEqual(Array.from(value.keys()), Array.from({ length: size }, (_, k) => `k${k}`));
      for (let key = 0; key < size; key++) {
        assert.equal(value.get(`k${key}`), key === duplicate ? 1000 + key : key, `size ${size}, duplicate ${duplicate}, k${key}`);
      }
    }
  }
});

test("a late duplicate in a 300-entry queue wins", () => {
  const ids = Array.from({ length: 300 }, (_, k) => `t${k}`);
  const queue = "{" + ids.map((id) => `"${id}":true`).join(",") + ',"t150":false}';
  const changes = queueDrain(queue, new Map(ids.map((id) => [id, false] as [string, boolean])));
  // ASCII ids: UTF-16 order is the default sort order.
  assert.deepEqual(changes.map((change) => change.id), ids.filter((id) => id !== "t150").sort());
  assert.ok(changes.every((change) => change.isDone));
  const peeked = queuePeek(queue);
  assert.deepEqual(Array.from(peeked.keys()), ids);
  assert.equal(peeked.get("t150"), false);
  const longQueue = "{" + ids.slice(0, 40).map((id) => `"${id}":false`).join(",") + "}";
  assert.equal(queueSet(longQueue, "t30", true), "{" + ids.slice(0, 40).map((id) => `"${id}":${id === "t30"}`).join(",") + "}");
});

test("time grows linearly with a repeated-key object", () => {
  // N keys then the same N again, against 4N (~1 MB): linear is ~4x; 11x leaves room for noise
  // (8.1x was seen once on a 2-core machine under a load of 7, the larger heap's GC), a quadratic
  // path (16x) still fails.
  const object = (count: number): string => {
    const keys = Array.from({ length: count }, (_, k) => `"k${String(k).padStart(7, "0")}"`);
    return "{" + keys.concat(keys).map((key) => key + ":true").join(",") + "}";
  };
  // CPU time, not wall time, so other processes on a busy machine do not skew the ratio.
  const seconds = (text: string, keys: number): number => {
    const start = process.cpuUsage();
    const peeked = queuePeek(text);
    const used = process.cpuUsage(start);
    const elapsed = (used.user + used.system) / 1e6;
    assert.equal(peeked.size, keys);
    return elapsed;
  };
  const small = object(9000);
  const large = object(36000);
  assert.ok(large.length > 1000000);
  // The fastest of interleaved runs, after warm-up rounds in which the JIT compiles the scanner.
  let fastSmall = Infinity;
  let fastLarge = Infinity;
  for (let round = 0; round < 8; round++) {
    const s = seconds(small, 9000);
    const l = seconds(large, 36000);
    if (round >= 3) {
      fastSmall = Math.min(fastSmall, s);
      fastLarge = Math.min(fastLarge, l);
    }
  }
  const ratio = fastLarge / Math.max(fastSmall, 1e-6);
  assert.ok(ratio < 11, `4x the keys took ${ratio}x the time`);
});

test("an unpaired surrogate is not a string", () => {
  assert.equal(new ContractJsonScanner('"\\ud800"').string(), undefined);
  assert.equal(new ContractJsonScanner('"\\ud83d\\ude00"').string(), "\u{1F600}");
});

test("epochMillis is integral, 1 … 2^53−1", () => {
  const epochMillis = (text: string): number | undefined => new ContractJsonScanner(text).epochMillis();
  assert.equal(epochMillis("0"), undefined);
  assert.equal(epochMillis("1"), 1);
  assert.equal(epochMillis("1.0"), 1);
  assert.equal(epochMillis("9007199254740991"), 9007199254740991);
  assert.equal(epochMillis("9007199254740992"), undefined);
  assert.equal(epochMillis("1.5"), undefined);
  assert.equal(epochMillis("-5"), undefined);
  assert.equal(epochMillis('"1"'), undefined);
});

test("only real proleptic-Gregorian dates", () => {
  for (const bad of ["2026-02-30", "2026-11-31", "2026-09-31", "1900-02-29", "0000-01-01", "2026-1-01"]) {
    assert.equal(parseLocalDate(bad), undefined, bad);
  }
  assert.deepEqual(parseLocalDate("2000-02-29"), [2000, 2, 29]);
  assert.equal(daysFromCivil(1970, 1, 1), 0);
  assert.equal(daysFromCivil(2000, 3, 1), 11017);
});

// Instants worked out apart from the runtime (UTC arithmetic in Python's datetime).
test("date-times: the one strict RFC 3339 form, floored to the millisecond", () => {
  const valid: Array<[string, number]> = [
    ["2026-07-17T06:30:00Z", 1784269800000], ["2026-07-17T08:30:00+02:00", 1784269800000],
    ["2026-07-16T21:00:00-09:30", 1784269800000], ["2026-07-17T06:30:00-00:00", 1784269800000],
    ["2000-02-29T00:00:00Z", 951782400000], ["1970-01-01T00:00:00.001Z", 1],
    ["1969-12-31T23:59:59.9999Z", -1], ["2026-07-17T08:30:00.250+02:00", 1784269800250],
    ["2026-12-31T23:59:59.999999999-23:59", 1798847939999],
    ["0001-01-01T00:00:00Z", -62135596800000], ["9999-12-31T23:59:59.999Z", 253402300799999],
  ];
  for (const [text, instant] of valid) assert.equal(parseDateTime(text), instant, text);
  for (const bad of ["2026-07-17t06:30:00Z", "2026-07-17T06:30:00z", "2026-07-17 06:30:00Z", "2026-07-17T06:30:00",
    "2026-07-17T06:30Z", "2016-12-31T23:59:60Z", "2026-07-17T24:00:00Z", "2026-07-17T06:60:00Z",
    "2026-02-29T06:30:00Z", "2026-07-17T06:30:00.Z", "2026-07-17T06:30:00.1234567890Z",
    "2026-07-17T06:30:00+0200", "2026-07-17T06:30:00+24:00", "2026-07-17T06:30:00+02:60",
    "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59.999-00:01", "0000-12-31T23:30:00-01:00",
    "\uFF12\uFF10\uFF12\uFF16-07-17T06:30:00Z", "2026-07-17T06:30:00Z ", "2026-7-17T06:30:00Z", "2026-07-17", "",
    "2026-07-17T06:30:00+02:00:00", "2026-07-17T06:30:00.5", "+2026-07-17T06:30:00Z"]) {
    assert.equal(parseDateTime(bad), undefined, bad);
  }
  assert.equal(new ContractJsonScanner('"2026-07-17\\u005406:30:00Z"').dateTime(), 1784269800000);
  assert.equal(new ContractJsonScanner("1784269800000").dateTime(), undefined);
});

test("explicit-null: nextIsNull consumes null and leaves any other value to read, in both modes", () => {
  for (const tree of [true, false]) {
    const nulls = new ContractJsonScanner('{"a":null,"b":"null","c":0}', tree);
    assert.ok(nulls.nextIsObject() && nulls.enterObject());
    assert.equal(nulls.nextMember()?.matches("a"), true);
    assert.equal(nulls.nextIsNull(), true);
    assert.equal(nulls.nextMember()?.matches("b"), true);
    assert.equal(nulls.nextIsNull(), false);
    assert.equal(nulls.string(), "null");
    assert.equal(nulls.nextMember()?.matches("c"), true);
    assert.equal(nulls.nextIsNull(), false);
    assert.equal(nulls.integer(), 0);
    assert.equal(nulls.nextMember(), undefined);
  }
});

test("the encoder writes every instant of 0001-9999 in UTC, and reads it back", () => {
  assert.equal(formatDateTime(1784269800250), "2026-07-17T06:30:00.250Z");
  assert.equal(formatDateTime(-1), "1969-12-31T23:59:59.999Z");
  assert.equal(formatDateTime(-62135596800000), "0001-01-01T00:00:00.000Z");
  assert.equal(formatDateTime(253402300799999), "9999-12-31T23:59:59.999Z");
  for (const instant of [-62135596800000, -1, 0, 1, 951782400000, 1784269800250, 253402300799999]) {
    assert.equal(parseDateTime(formatDateTime(instant)), instant, String(instant));
  }
  assert.throws(() => writeDateTime(253402300800000, "$.t"), (e: unknown) => String(e).includes("0001-01-01T00:00:00Z"));
  assert.throws(() => writeDateTime(-62135596800001, "$.t"), (e: unknown) => String(e).includes("0001-01-01T00:00:00Z"));
  assert.throws(() => writeDateTime(1.5, "$.t"), (e: unknown) => String(e).includes("0001-01-01T00:00:00Z"));
  assert.throws(() => writeDateTime("2026-07-17T06:30:00Z", "$.t"), (e: unknown) => String(e).includes("0001-01-01T00:00:00Z"));
});

test("a skipped midnight starts the day at the transition; unknown zones fail closed", () => {
  // America/Santiago 2022-09-11: 00:00 → 01:00 (UTC−4 → UTC−3), so the day starts 04:00 UTC.
  const zone = contractTimeZone("America/Santiago");
  assert.ok(zone !== undefined);
  assert.equal(dayStartMs("2022-09-11", zone!), 1662868800000);
  assert.equal(contractTimeZone("Mars/Olympus"), undefined);
});

// The zone-id rule of docs/semantics.md; the same tables are in the Swift and Kotlin tests.
test("zone ids: the grammar", () => {
  for (const id of ["Etc/GMT-5", "America/Argentina/ComodRivadavia", "EST5EDT", "America/Port-au-Prince", "_a", "Mars/Olympus"]) assert.ok(isZoneIdSyntax(id), id);
  for (const id of ["", "/", "Europe/", "/Europe", "Europe//Berlin", "a/b/c/d", "Europe/Berlin\u0000", "Europe/Berlin ", "../../etc/passwd", "Europe/Berl.in", "-05", "Etc/-5", "Etc/+5", "Fifteen_Letters", "\u00dcmlaut", "Europe/Berlin\n", "Europe/Berlin\r"]) assert.ok(!isZoneIdSyntax(id), JSON.stringify(id));
  assert.ok(!isZoneIdSyntax("Europe/" + "B".repeat(993)));
});

test("zone ids: exact IANA names only, whatever Intl accepts", () => {
  for (const id of ["europe/berlin", "gmt", "etc/utc", "us/pacific", "japan", "zulu", "PST", "GMT+0", "Factory", "America/Coyhaique", "ROC", "SystemV/EST5", "Mars/Olympus", "Europe/Berlin\u0000"]) assert.equal(contractTimeZone(id), undefined, id);
  for (const id of ["Europe/Berlin", "GMT", "UTC", "Etc/UTC", "US/Pacific", "Japan", "Zulu", "Asia/Kolkata", "Europe/Kyiv", "Etc/GMT-5"]) assert.equal(contractTimeZone(id), id);
});

test("an open enum: an unknown string reads as the fallback, a value that is not a string stays undefined", () => {
  type Reply = "yes" | "no" | "other";
  const read = (text: string | undefined): Reply | undefined => (text === "yes" || text === "no" || text === "other" ? text : undefined);
  assert.equal(orUnknown("yes", read, "other"), "yes");
  assert.equal(orUnknown("other", read, "other"), "other");
  // Exact spelling: case, normalisation and surrounding space all make a string unknown.
  for (const text of ["maybe", "Yes", "YES", " yes", "", "e\u0301", "\u{1F600}"]) {
    assert.equal(orUnknown(text, read, "other"), "other", JSON.stringify(text));
  }
  assert.equal(orUnknown(undefined, read, "other"), undefined);
});

test("min-length/max-length count code points: neither UTF-16 units nor grapheme clusters", () => {
  const cases: [string, number][] = [["", 0], ["a", 1], ["\u00e9", 1], ["e\u0301", 2], ["\u{1F600}", 1], ["a\u{1F600}b", 3],
    ["\u{1F1E9}\u{1F1EA}", 2], ["\u4e2d\u6587", 2], ["\u0000", 1], ["\r\n", 2]];
  for (const [text, expected] of cases) assert.equal(contractTextLength(text), expected, JSON.stringify(text));
  assert.equal("\u{1F600}".length, 2);
  assert.equal(contractTextLength("\u{1F600}e\u0301".repeat(100000)), 300000);
  // Kotlin's codePointCount agrees on surrogates the scanner never yields: each unpaired half is one.
  assert.equal(contractTextLength("\ud800\ud800\udc00"), 2);
  assert.equal(contractTextLength("\udc00"), 1);
});

test("contractJsonReplacer writes maps as plain objects, __proto__ included as a key", () => {
  const value = { name: "x", counts: new Map<string, unknown>([["b", 2], ["__proto__", 1], ["nested", new Map([["k", true]])]]) };
  assert.equal(JSON.stringify(value), '{"name":"x","counts":{}}');
  assert.equal(JSON.stringify(value, contractJsonReplacer), '{"name":"x","counts":{"b":2,"__proto__":1,"nested":{"k":true}}}');
  assert.equal(JSON.stringify([1, null, "s"], contractJsonReplacer), '[1,null,"s"]');
});

test("peekTag: the last occurrence of the key when it is a string, consuming nothing, in tree mode and lexing alike", () => {
  const cases: [string, string | undefined][] = [
    ['{"kind":"a","x":1}', 'a'],
    ['{"x":[1,{"kind":"z"}],"kind":"a"}', 'a'],
    ['{"kind":"a","kind":"b"}', 'b'],
    ['{"kind":"a","kind":1}', undefined],
    ['{"x":1}', undefined],
    ['"a"', undefined],
    ['[{"kind":"a"}]', undefined],
    ['null', undefined],
    ['{"kind":"\\ud800"}', undefined],
    ['{"kind":"\\u0061"}', 'a'],
    ['{"kind":{"kind":"a"}}', undefined],
    ['{"Kind":"a"}', undefined],
    ['{}', undefined],
    ['{"kind":""}', ''],
  ];
  for (const treeMode of [true, false]) {
    contractJsonScannerSettings.treeMode = treeMode;
    try {
      for (const [value, expected] of cases) {
        const scanner = new ContractJsonScanner('{"u":' + value + "}");
        assert.ok(scanner.nextIsObject());
        assert.ok(scanner.enterObject());
        assert.ok(scanner.nextMember() !== undefined);
        assert.equal(scanner.peekTag("kind"), expected, `${treeMode}: ${value}`);
        const after = scanner.value();
        const parsed = parseContractJson(value);
        if (after === undefined || parsed === undefined) throw new Error(value);
        assert.equal(serializeContractJson(after), serializeContractJson(parsed), `${treeMode}: the value after peekTag of ${value}`);
        assert.equal(scanner.nextMember(), undefined);
        assert.ok(scanner.finish(), `${treeMode}: finish after ${value}`);
      }
      const broken = new ContractJsonScanner('{"u":{"kind":"a","x":[1,]}}');
      broken.nextIsObject();
      broken.enterObject();
      broken.nextMember();
      assert.equal(broken.peekTag("kind"), undefined);
      assert.equal(broken.failed, false);
      broken.skipValue();
      assert.equal(broken.failed, true, `${treeMode}: the read after peekTag finds the syntax error`);
    } finally {
      contractJsonScannerSettings.treeMode = true;
    }
  }
});

test("a malformed text's place: the UTF-8 byte offset and the expected word (docs/report.md)", () => {
  const cases: Array<[string, number, string]> = [
    ["", 0, "object"],
    ["[]", 0, "object"],
    [" {", 2, "key"],
    ["{\"a\":1,}", 7, "key"],
    ["{\"a\":tru}", 8, "literal"],
    ["{\"é\":-}", 7, "digit"],
    ["{\"a\":\"\\x\"}", 7, "escape"],
    ["{\"a\":1}x", 7, "end"],
    ["{\"a\" 1}", 5, "colon"],
    ["{\"a\":[1 2]}", 8, "comma-or-close"],
    ["{\"😀\":}", 8, "value"],
    ["{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", 516, "depth"],
    ["{\"a\":\"b", 7, "string"],
  ];
  for (const [text, offset, expected] of cases) {
    assert.deepEqual(contractSyntaxError(text), { offset, expected }, JSON.stringify(text));
  }
  assert.equal(contractSyntaxError('{"a":[1,{"b":null}],"c":"\\u00e9"}'), undefined);
});

test("the depth measure walks by hand when the engine's regex gives up without throwing", () => {
  // JavaScriptCore's regex, on a string of some 850,000 escapes, answers false instead of
  // throwing as V8 does. The bracket pattern matches the empty text, so false can only mean
  // that: the measure must then walk the text by hand, not count the same `{` again and again.
  // Simulated here by making that one pattern give up; no colon count or tree proves anything
  // (keys 0, no JSON.parse result), so the text itself is measured.
  const original = RegExp.prototype.test;
  RegExp.prototype.test = function (this: RegExp, s: string): boolean {
    return this.sticky && this.source.startsWith('[^"[\\]{}]*') ? false : original.call(this, s);
  };
  try {
    const shallow = '{"a":[' + "[]".repeat(600) + "]}"; // 602 openers, 3 levels deep
    const justWithin = '{"b":' + "[".repeat(511) + "]".repeat(511) + ',"a":[' + "[]".repeat(10) + "]}"; // 523 openers, 512 levels
    const deep = '{"a":' + "[".repeat(512) + "]".repeat(512) + "}"; // 513 levels
    assert.equal(contractTreeComplete(shallow, 0), true);
    assert.equal(contractTreeComplete(justWithin, 0), true);
    assert.equal(contractTreeComplete(deep, 0), false);
  } finally {
    RegExp.prototype.test = original;
  }
});

/** RFC 3629's encoding of one scalar value, written from the RFC's table (not from the runtime). */
function encodeScalar(s: number): number[] {
  if (s < 0x80) return [s];
  if (s < 0x800) return [0xc0 | (s >> 6), 0x80 | (s & 0x3f)];
  if (s < 0x10000) return [0xe0 | (s >> 12), 0x80 | ((s >> 6) & 0x3f), 0x80 | (s & 0x3f)];
  return [0xf0 | (s >> 18), 0x80 | ((s >> 12) & 0x3f), 0x80 | ((s >> 6) & 0x3f), 0x80 | (s & 0x3f)];
}

test("UTF-8 bytes: every scalar's RFC 3629 encoding decodes to it", () => {
  let wrong = 0;
  for (let s = 0; s <= 0x10ffff; s++) {
    if (s >= 0xd800 && s <= 0xdfff) continue;
    const bytes = Uint8Array.from(encodeScalar(s));
    const text = contractUtf8Text(bytes);
    if (text === undefined || text.codePointAt(0) !== s || text.length !== (s >= 0x10000 ? 2 : 1) || contractUtf8StopOffset(bytes) !== bytes.length) wrong++;
  }
  assert.equal(wrong, 0);
});

test("UTF-8 bytes: one and two bytes, and three after E0-EF, refused exactly when not made of scalars' encodings", () => {
  const valid = new Set<string>();
  for (let s = 0; s < 0x10000; s++) if (s < 0xd800 || s > 0xdfff) valid.add(encodeScalar(s).join(","));
  const made = (b: number[]): boolean => {
    let i = 0;
    while (i < b.length) {
      const lead = b[i]!;
      const length = lead < 0x80 ? 1 : lead >= 0xc0 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : 0;
      if (length === 0 || i + length > b.length || !valid.has(b.slice(i, i + length).join(","))) return false;
      i += length;
    }
    return true;
  };
  let wrong = 0;
  const sequences: number[][] = [];
  for (let a = 0; a < 256; a++) {
    sequences.push([a]);
    for (let b = 0; b < 256; b++) sequences.push([a, b]);
  }
  for (let a = 0xe0; a <= 0xef; a++) for (let b = 0; b < 256; b++) for (let c = 0; c < 256; c++) sequences.push([a, b, c]);
  for (const b of sequences) {
    const bytes = Uint8Array.from(b);
    const expected = made(b);
    // Valid bytes never stop; invalid ones stop inside, or at their end when it cuts a character.
    const stop = contractUtf8StopOffset(bytes);
    if ((contractUtf8Text(bytes) !== undefined) !== expected || (expected && stop !== b.length)) wrong++;
  }
  assert.equal(wrong, 0);
  for (let lead = 0xf0; lead <= 0xff; lead++) {
    for (let second = 0; second < 256; second++) {
      const scalar = ((lead & 0x07) << 18) | ((second & 0x3f) << 12);
      const expected = lead <= 0xf4 && second >= 0x80 && second <= 0xbf && scalar >= 0x10000 && scalar <= 0x10ffff;
      assert.equal(contractUtf8Text(Uint8Array.from([lead, second, 0x80, 0x80])) !== undefined, expected, `${lead} ${second}`);
    }
  }
});

test("UTF-8 bytes: where they stop being UTF-8 (docs/report.md, utf-8)", () => {
  const stops: [number[], number][] = [
    [[0x80], 0], [[0xc0, 0x80], 0], [[0xc1, 0xbf], 0], [[0xf5, 0x80, 0x80, 0x80], 0], [[0xff], 0],
    [[0xe0, 0x80, 0x80], 1], [[0xed, 0xa0, 0x80], 1], [[0xf4, 0x90, 0x80, 0x80], 1], [[0xf0, 0x8f, 0xbf, 0xbf], 1],
    [[0xef, 0xbf, 0x22], 2], [[0x7b, 0xe2, 0x82], 3], [[0x7b, 0xf0, 0x9f, 0x98], 4], [[0x41, 0xc3], 2],
    [[0xc3, 0xa9, 0xa9], 2], [[0xe2, 0x82, 0xac, 0xf4, 0x8f, 0xbf, 0xbf], 7],
  ];
  for (const [b, at] of stops) {
    assert.equal(contractUtf8StopOffset(Uint8Array.from(b)), at, b.join(" "));
    // Only the last of them is UTF-8; three end inside a character (stopping at their length).
    assert.equal(contractUtf8Text(Uint8Array.from(b)) === undefined, b !== stops[stops.length - 1]![0], b.join(" "));
  }
});

test("UTF-8 bytes: long texts across the chunks, ASCII and not", () => {
  const ascii = Array.from({ length: 100000 }, (_, k) => 0x20 + (k % 90));
  assert.equal(contractUtf8Text(Uint8Array.from(ascii)), String.fromCharCode(...ascii.slice(0, 50000)) + String.fromCharCode(...ascii.slice(50000)));
  // A supplementary character at every place around a chunk boundary (its two units may straddle it).
  for (let at = 4090; at <= 4100; at++) {
    const bytes = Uint8Array.from([...ascii.slice(0, at), ...encodeScalar(0x1f600), ...ascii.slice(0, 10)]);
    const text = contractUtf8Text(bytes);
    assert.ok(text !== undefined && text.length === at + 12 && text.codePointAt(at) === 0x1f600, `at ${at}`);
  }
  const mixed: number[] = [];
  for (let k = 0; k < 20000; k++) mixed.push(...encodeScalar([0x41, 0xe9, 0x20ac, 0x1f600][k % 4]!));
  const text = contractUtf8Text(Uint8Array.from(mixed));
  assert.equal(text, "A\u00e9\u20ac\u{1f600}".repeat(5000));
  assert.equal(contractUtf8Text(new Uint8Array(0)), "");
});

test("a map field's canonically equivalent keys are one key, the later spelling kept", () => {
  const build = (members: Array<[string, number | undefined]>): Array<[string, number]> => {
    const result = new Map<string, number>();
    const keys = new ContractMapKeys();
    for (const [name, value] of members) {
      result.delete(keys.replaced(name, value !== undefined, result.keys()));
      if (value !== undefined) result.set(name, value);
    }
    return [...result.entries()];
  };
  assert.deepEqual(build([["e\u0301", 1], ["\u00e9", 2]]), [["\u00e9", 2]]);
  assert.deepEqual(build([["\u00e9", 1], ["e\u0301", 2]]), [["e\u0301", 2]]);
  assert.deepEqual(build([["\u212a", 1], ["K", 2]]), [["K", 2]]);
  assert.deepEqual(build([["K", 1], ["\u212a", 2]]), [["\u212a", 2]]);
  assert.deepEqual(build([["e\u0301", 1], ["\u00e9", 2], ["e\u0301", 3]]), [["e\u0301", 3]]);
  assert.deepEqual(build([["\u00e9", 1], ["e\u0301", undefined]]), []);
  assert.deepEqual(build([["a", 1], ["b", 2], ["a", 3]]), [["b", 2], ["a", 3]]);
  assert.equal(build([["\ufb01", 1], ["fi", 2]]).length, 2);
});
