// Unit tests of the TypeScript runtime's writer (Runtime/typescript/contract-runtime.ts, Writer):
// the canonical text's pieces (numbers as String(x), JSON.stringify's escapes, map entries in
// UTF-16 order) and each value check with its refusal and path. The Swift and Kotlin runtimes'
// writers are tested against the same rules (ContractWriterTests.swift, ContractWriterTest.kt).
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  ContractEncodeError, ContractRefusal, contractEncodeError, contractKeyStep, contractWithin, writeBool, writeDateTime,
  writeEpochMillis, writeInteger, writeKey, writeLocalDate, writeMapEntries, writeNumber, writeObject, writeOneOf, writeString,
} from "../contract-runtime";

/** The refusal `write` throws, as `<path>: <expected>`, or its text. */
function written(write: () => string): string {
  try {
    return write();
  } catch (error) {
    if (error instanceof ContractRefusal) return `refused ${error.path}: ${error.expected}`;
    throw error;
  }
}

test("numbers are written as String(x) writes them: every vector of the shared file", () => {
  let vectors = 0;
  const view = new DataView(new ArrayBuffer(8));
  for (const line of readFileSync("Runtime/test-data/ecmascript-number-strings.tsv", "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [bits, text] = line.split("\t") as [string, string];
    view.setUint32(0, parseInt(bits.slice(0, 8), 16));
    view.setUint32(4, parseInt(bits.slice(8), 16));
    assert.equal(writeNumber(view.getFloat64(0)), text, bits);
    vectors++;
  }
  assert.ok(vectors > 50000, `${vectors} vectors`);
  assert.equal(writeNumber(-0), "0");
  assert.equal(written(() => writeNumber(NaN)), "refused : a finite number");
  assert.equal(written(() => writeNumber(-Infinity)), "refused : a finite number");
  assert.equal(written(() => writeNumber("1")), "refused : a finite number");
});

test("strings are escaped as JSON.stringify escapes them; an unpaired surrogate is refused", () => {
  assert.equal(writeString('a"b\\c/d'), '"a\\"b\\\\c/d"');
  assert.equal(writeString("\b\t\n\f\r\u0000\u001f\u007f"), '"\\b\\t\\n\\f\\r\\u0000\\u001f\u007f"');
  assert.equal(writeString("\u2028\u2029é😀"), '"\u2028\u2029é😀"');
  for (const bad of ["\ud800", "a\udc00", "\ude00\ud83d", "\ud83d!\ude00"]) assert.equal(written(() => writeString(bad)), "refused : a well-formed string");
  assert.equal(written(() => writeString(5)), "refused : a well-formed string");
  assert.equal(writeKey("k"), '"k":');
  assert.equal(writeKey('a"'), '"a\\"":');
  assert.equal(written(() => writeKey("k\ud800")), "refused : a well-formed string key");
});

test("each kind's check at and just past its limits", () => {
  assert.equal(writeInteger(9007199254740991), "9007199254740991");
  assert.equal(written(() => writeInteger(9007199254740992)), "refused : an integer within ±(2^53−1)");
  assert.equal(written(() => writeInteger(1.5)), "refused : an integer within ±(2^53−1)");
  assert.equal(writeInteger(-0), "0");
  assert.equal(writeEpochMillis(1), "1");
  assert.equal(written(() => writeEpochMillis(0)), "refused : epoch milliseconds within 1 … 2^53−1");
  assert.equal(writeLocalDate("2024-02-29"), '"2024-02-29"');
  assert.equal(written(() => writeLocalDate("2026-02-29")), "refused : a YYYY-MM-DD date in 0001–9999");
  assert.equal(writeDateTime(-1), '"1969-12-31T23:59:59.999Z"');
  assert.equal(writeBool(false), "false");
  assert.equal(written(() => writeBool(1)), "refused : a boolean");
  assert.equal(writeOneOf("b", ["a", "b"]), '"b"');
  assert.equal(written(() => writeOneOf("c", ["a", 'b"'])), 'refused : one of "a", "b\\""');
  assert.equal(written(() => { writeObject([]); return ""; }), "refused : an object");
  assert.equal(written(() => { writeObject(null); return ""; }), "refused : an object");
});

test("map entries come in UTF-16 order of their keys, from a Map or a plain object", () => {
  const keys = ["ｚ", "😀", "a", "Z", "10", "9", "é", "__proto__"];
  const order = ["10", "9", "Z", "__proto__", "a", "é", "😀", "ｚ"];
  assert.deepEqual(writeMapEntries(new Map(keys.map((k, i) => [k, i]))).map((e) => e[0]), order);
  const plain: { [key: string]: number } = {};
  keys.forEach((k, i) => Object.defineProperty(plain, k, { value: i, enumerable: true }));
  assert.deepEqual(writeMapEntries(plain).map((e) => e[0]), order);
  assert.equal(written(() => { writeMapEntries([] as unknown as Map<string, number>); return ""; }), "refused : a Map or an object");
  assert.equal(written(() => { writeMapEntries(new Map<unknown, number>([[5, 1]]) as unknown as Map<string, number>); return ""; }), "refused [5]: a well-formed string key");
});

test("of two canonically equivalent map keys the later in the map's own order is refused, before any value", () => {
  const refused = (v: Map<string, number> | { [key: string]: number }): string => written(() => { writeMapEntries(v); return ""; });
  assert.equal(refused(new Map([["a", 0], ["\u00e9", 1], ["b", 2], ["e\u0301", 3]])), 'refused ["e\u0301"]: a key no other key of the map is canonically equivalent to');
  assert.equal(refused(new Map([["e\u0301", 3], ["\u00e9", 1]])), 'refused ["\u00e9"]: a key no other key of the map is canonically equivalent to');
  assert.equal(refused({ K: 1, "\u212a": 2 }), 'refused ["\u212a"]: a key no other key of the map is canonically equivalent to');
  assert.deepEqual(writeMapEntries(new Map([["\u00e9", 1], ["e", 2], ["\u0301", 3], ["\u00c9", 4]])).map((e) => e[0]), ["e", "\u00c9", "\u00e9", "\u0301"]);
});

test("a refusal's path grows a step at each level; encode turns it into a ContractEncodeError", () => {
  const refusal = new ContractRefusal("non-empty");
  contractWithin(refusal, ".id");
  contractWithin(refusal, "[3]");
  contractWithin(refusal, contractKeyStep("a\ud800"));
  contractWithin(refusal, ".tasks");
  const error = contractEncodeError(refusal);
  assert.ok(error instanceof ContractEncodeError && error instanceof RangeError);
  assert.equal((error as ContractEncodeError).path, '$.tasks["a\\ud800"][3].id');
  assert.equal((error as ContractEncodeError).message, '$.tasks["a\\ud800"][3].id: expected non-empty');
  const other = new TypeError("not a refusal");
  assert.equal(contractWithin(other, ".x"), other);
  assert.equal(contractEncodeError(other), other);
});
