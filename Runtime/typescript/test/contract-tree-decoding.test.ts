// The runtime's part of the generated tree decoders (a decode walking JSON.parse's result): the
// depth and key counting of skipped values, the union tag, the completeness check on the text and
// the degradation mark a report relies on.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  CONTRACT_MAX_DEPTH, CONTRACT_TREE_DEGRADED, ContractTooDeep, ContractTreeCount, contractJsonParse, contractTreeComplete,
  contractTreeSawAll, parseDateTime, treeDateTime, treeDegraded, treeOrUnknown, treeSkip, treeTag,
} from "../contract-runtime";

function count(reporting = false): ContractTreeCount {
  return { treeKeys: 0, treeContainers: 0, degraded: false, reporting };
}

const nested = (levels: number, inner = "1"): string => "[".repeat(levels) + inner + "]".repeat(levels);

test("contractJsonParse: JSON.parse's result, undefined for a text it rejects", () => {
  assert.deepEqual(contractJsonParse('{"a":[1,"x",null]}'), { a: [1, "x", null] });
  assert.equal(contractJsonParse("null"), null);
  for (const text of ["", "{", "{\"a\":1,}", "01", "\ufeff{}", "[1] x", "'a'", "NaN"]) {
    assert.equal(contractJsonParse(text), undefined, JSON.stringify(text));
  }
});

test("treeSkip: scalars cost nothing; a container counts its keys and must nest within the limit", () => {
  const c = count();
  assert.equal(treeSkip("x", 0, c), undefined);
  assert.equal(treeSkip(null, 0, c), undefined);
  assert.equal(c.treeKeys, 0);
  assert.equal(treeSkip(JSON.parse('{"a":{"b":1,"c":[{"d":2}]},"e":3}'), 0, c), undefined);
  assert.equal(c.treeKeys, 5);
  assert.equal(c.treeContainers, 4, "each container inside the skipped value, the value itself included");
  assert.equal(c.degraded, false, "skipping marks nothing: the decoder's slot check does");
  // `depth` containers around the value: the value itself is level depth + 1.
  const deep = JSON.parse(nested(10));
  treeSkip(deep, CONTRACT_MAX_DEPTH - 10, c);
  assert.throws(() => treeSkip(deep, CONTRACT_MAX_DEPTH - 9, c), (error: unknown) => error instanceof ContractTooDeep);
  // A value of a million levels is measured without recursing past the limit.
  assert.throws(() => treeSkip(JSON.parse(nested(1_000_000)), 0, count()), (error: unknown) => error instanceof ContractTooDeep);
});

test("treeTag: an own string member, well-formed; never the prototype's", () => {
  assert.equal(treeTag(JSON.parse('{"kind":"photo","kind":"link"}'), "kind"), "link");
  assert.equal(treeTag(JSON.parse('{"kind":"\\ud800"}'), "kind"), undefined);
  assert.equal(treeTag(JSON.parse('{"kind":1}'), "kind"), undefined);
  assert.equal(treeTag(JSON.parse('[{"kind":"a"}]'), "kind"), undefined);
  assert.equal(treeTag("kind", "kind"), undefined);
  assert.equal(treeTag(JSON.parse("{}"), "constructor"), undefined);
  assert.equal(treeTag(JSON.parse("{}"), "__proto__"), undefined);
  assert.equal(treeTag(JSON.parse('{"__proto__":"x"}'), "__proto__"), "x");
});

test("contractTreeComplete: a colon per counted key, else the text itself is measured", () => {
  const text = '{"a":1,"b":{"c":2}}';
  assert.equal(contractTreeSawAll(text, 3), true);
  assert.equal(contractTreeSawAll(text, 2), false);
  // Fewer keys counted than colons (an unknown key, a replaced duplicate, a colon in a string):
  // the depth of the text decides.
  assert.equal(contractTreeComplete('{"a":' + nested(CONTRACT_MAX_DEPTH - 1) + ',"a":1}', 1), true);
  assert.equal(contractTreeComplete('{"a":' + nested(CONTRACT_MAX_DEPTH) + ',"a":1}', 1), false);
  assert.equal(contractTreeComplete('{"a":"x:y"}', 1), true);
});

test("contractTreeComplete: the text's brackets prove the depth when they are few, or all the walk's", () => {
  // A replaced duplicate hides a value the walk never sees; the colon count (1 key, 2 colons) proves nothing.
  const shallow = '{"a":' + nested(CONTRACT_MAX_DEPTH - 1) + ',"a":1}';
  assert.equal(shallow.length > 2 * CONTRACT_MAX_DEPTH, true);
  assert.equal(contractTreeComplete(shallow, 1, JSON.parse(shallow), 1), true, "512 openers: no deeper than 512");
  const deep = '{"a":' + nested(CONTRACT_MAX_DEPTH) + ',"a":1}';
  assert.equal(contractTreeComplete(deep, 1, JSON.parse(deep), 1), false, "513 openers, 1 counted: measured, too deep");
  // Brackets inside strings only add: a long title of brackets leaves the count short, and the colons decide.
  const title = '{"t":"' + "[{".repeat(600) + '"}';
  assert.equal(contractTreeComplete(title, 1, JSON.parse(title), 1), true);
  const titleDeep = '{"t":"' + "[".repeat(600) + '","x":' + nested(CONTRACT_MAX_DEPTH) + '}';
  assert.equal(contractTreeComplete(titleDeep, 1, JSON.parse(titleDeep), 1), false);
  // Exactly as many openers as the walk counted: every container was checked, whatever the colons say.
  const rows = '{"r":[' + Array(600).fill('{"u":"h:1"}').join(",") + "]}";
  assert.equal(contractTreeComplete(rows, 1, undefined, 602), true);
  assert.equal(contractTreeComplete(rows, 1, undefined, 601), true, "one container not seen, no tree: the text is measured, within the limit");
  assert.equal(contractTreeComplete(rows, 1, JSON.parse(rows), 601), true, "not seen, but the tree's colons are the text's: within the limit");
  // A container the walk did not see stays unproven by brackets, and the colons find it too deep.
  const hidden = '{"r":[' + Array(600).fill("{}").join(",") + '],"x":' + nested(CONTRACT_MAX_DEPTH) + "}";
  assert.equal(contractTreeComplete(hidden, 1, JSON.parse(hidden), 602), false);
  // A text of at most 1,024 characters cannot nest 513 deep.
  assert.equal(contractTreeComplete('{"a":[],"a":1}', 0, undefined, 0), true);
});

test("treeDateTime: parseDateTime, counting the colons a date-time it reads holds", () => {
  const c = count();
  assert.equal(treeDateTime("2026-07-17T08:30:00Z", c), parseDateTime("2026-07-17T08:30:00Z"));
  assert.equal(c.treeKeys, 2);
  assert.equal(treeDateTime("2026-07-17T08:30:00.250+02:00", c), parseDateTime("2026-07-17T08:30:00.250+02:00"));
  assert.equal(c.treeKeys, 5);
  for (const text of ["2026-07-17T08:30:00", "08:30", "2026-07-17T08:30:00z", "2026-07-17T08:30:00+02:00:00"]) {
    assert.equal(treeDateTime(text, c), undefined, text);
  }
  assert.equal(c.treeKeys, 5, "a string it does not read counts nothing");
  // One key and a date-time: the text's three colons are all accounted for.
  const d = count();
  d.treeKeys += 1;
  treeDateTime("2026-07-17T08:30:00Z", d);
  assert.equal(contractTreeSawAll('{"t":"2026-07-17T08:30:00Z"}', d.treeKeys), true);
  assert.equal(contractTreeComplete('{"t":"2026-07-17T08:30:00Z"}', d.treeKeys), true);
});

test("contractTreeSawAll: a date-time's colons never stand in for a hidden member's (an escaped colon)", () => {
  // `x` twice: JSON.parse keeps the second, so the walk sees one `x`, one `t` and the date-time's two
  // colons, four in all, as many as the text's raw colons; but one of those is `\u003a`, not the text's.
  const deep = nested(CONTRACT_MAX_DEPTH);
  const text = '{"x":' + deep + ',"x":1,"t":"2026-07-17T08\\u003a30:00Z"}';
  assert.equal(JSON.parse(text).t, "2026-07-17T08:30:00Z");
  const c = count();
  c.treeKeys += 2;
  treeDateTime(JSON.parse(text).t, c);
  assert.equal(c.treeKeys, 4);
  assert.equal(contractTreeSawAll(text, c.treeKeys), false);
  // (The date-time colons counted are those since the last check, as after one walk.)
  treeDateTime(JSON.parse(text).t, count());
  assert.equal(contractTreeComplete(text, 4), false, "the text itself is measured: too deep");
  // The same count without a date-time counted is a plain comparison (nothing to distrust).
  assert.equal(contractTreeSawAll('{"a":"\\u003a","b":1}', 2), true);
});

test("contractTreeComplete and contractTreeSawAll with JSON.parse's result: colons inside strings are counted on the tree", () => {
  const url = '{"a":"https://x.example/1","b":{"c":"x:y:z"}}';
  assert.equal(contractTreeSawAll(url, 3), false, "without the tree, a colon in a string leaves the count short");
  assert.equal(contractTreeSawAll(url, 3, JSON.parse(url)), true);
  assert.equal(contractTreeComplete(url, 3, JSON.parse(url)), true);
  // An unknown key: complete (its value nests within the limit) but not every key was seen.
  const unknown = '{"a":"h:1","zz":[1]}';
  assert.equal(contractTreeComplete(unknown, 1, JSON.parse(unknown)), true);
  assert.equal(contractTreeSawAll(unknown, 1, JSON.parse(unknown)), false);
  // An unknown key's value too deep: the tree's own measure says so.
  const deepUnknown = '{"a":"h:1","zz":' + nested(CONTRACT_MAX_DEPTH) + '}';
  assert.equal(contractTreeComplete(deepUnknown, 1, JSON.parse(deepUnknown)), false);
  const fineUnknown = '{"a":"h:1","zz":' + nested(CONTRACT_MAX_DEPTH - 1) + '}';
  assert.equal(contractTreeComplete(fineUnknown, 1, JSON.parse(fineUnknown)), true);
  // A replaced duplicate is not in the tree: the text itself is measured.
  const replaced = '{"a":"h:1","a":' + nested(CONTRACT_MAX_DEPTH) + ',"a":"h:1"}';
  assert.equal(contractTreeComplete(replaced, 1, JSON.parse(replaced)), false);
  assert.equal(contractTreeSawAll(replaced, 1, JSON.parse(replaced)), false);
  // An escaped colon inside a string could stand in for a replaced duplicate's colon: never trusted.
  const escaped = '{"x":' + nested(CONTRACT_MAX_DEPTH) + ',"x":"\\u003a"}';
  assert.equal(contractTreeComplete(escaped, 1, JSON.parse(escaped)), false);
  assert.equal(contractTreeSawAll(escaped, 1, JSON.parse(escaped)), false);
  const escapedFine = '{"x":' + nested(CONTRACT_MAX_DEPTH - 1) + ',"x":"\\u003a"}';
  assert.equal(contractTreeComplete(escapedFine, 1, JSON.parse(escapedFine)), true, "measured on the text: within the limit");
});

test("treeDegraded and treeOrUnknown: the mark, and the end of the walk when a report was asked for", () => {
  const plain = count();
  treeDegraded(plain);
  assert.equal(plain.degraded, true);
  const reporting = count(true);
  assert.throws(() => treeDegraded(reporting), (error: unknown) => error === CONTRACT_TREE_DEGRADED);
  const read = (text: string | undefined): "a" | "b" | undefined => (text === "a" || text === "b" ? text : undefined);
  const c = count();
  assert.equal(treeOrUnknown("a", read, "b", c), "a");
  assert.equal(treeOrUnknown(undefined, read, "b", c), undefined);
  assert.equal(c.degraded, false);
  assert.equal(treeOrUnknown("zz", read, "b", c), "b");
  assert.equal(c.degraded, true, "a fallback is a report entry");
});
