// The scanner's tree mode (a decode walking JSON.parse's result, see ContractJsonScanner.nextIsObject)
// against its lexer: every text must get the same verdict and the same values, whichever reads it.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import {
  ContractJson, ContractJsonScanner, contractJsonScannerSettings, isWellFormedUtf16, isWellFormedUtf16Portable,
  serializeContractJson, CONTRACT_INVALID_STRING,
} from "../contract-runtime";

/**
 * What a generic decoder sees, with a decoder's slot semantics: in an object each key's last
 * occurrence wins (the reads of earlier ones still happen, so their syntax and depth count), keys
 * holding an unpaired surrogate name nothing; the typed read used depends on the key, so each
 * kind of read meets every kind of value. Then the verdict.
 */
function read(text: string, treeMode: boolean, salt: number): string {
  contractJsonScannerSettings.treeMode = treeMode;
  try {
    const scanner = new ContractJsonScanner(text);
    const walk = (): string => {
      if (scanner.enterObject()) {
        const slots = new Map<string, string>();
        for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) {
          const name = key.text;
          let result: string;
          switch ((salt + (name ?? "").length + ((name ?? "").charCodeAt(0) || 0)) % 8) {
            case 0: result = "string " + JSON.stringify(scanner.string() ?? null); break;
            case 1: result = "bool " + scanner.bool(); break;
            case 2: result = "number " + scanner.number(); break;
            case 3: result = "any " + scanner.anyNumber(); break;
            case 4: result = "integer " + scanner.integer(); break;
            case 5: scanner.skipValue(); result = "skipped"; break;
            case 6: { const v = scanner.value(); result = "value " + (v === undefined ? "-" : serializeContractJson(v)); break; }
            default: result = walk();
          }
          if (name !== undefined) {
            slots.set(name, result + " " + key.matches("a"));
          }
        }
        return "{" + [...slots.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([k, v]) => JSON.stringify(k) + ": " + v).join(", ") + "}";
      }
      if (scanner.enterArray()) {
        const items: string[] = [];
        while (scanner.nextElement()) items.push(walk());
        return "[" + items.join(", ") + "]";
      }
      return salt % 2 === 0 ? "localDate " + scanner.localDate() : "epoch " + scanner.epochMillis();
    };
    const isObject = scanner.nextIsObject();
    const result = walk();
    if (scanner.failed || !scanner.finish()) return `object ${isObject}, failed`; // nothing read counts
    return `object ${isObject}, ${result}`;
  } finally {
    contractJsonScannerSettings.treeMode = true;
  }
}

function agree(text: string): void {
  for (let salt = 0; salt < 8; salt++) {
    assert.equal(read(text, true, salt), read(text, false, salt), `salt ${salt}: ` + JSON.stringify(text.length > 200 ? text.slice(0, 200) + "…" : text));
  }
}

const nested = (levels: number, inner = "1"): string => "[".repeat(levels) + inner + "]".repeat(levels);

test("tree mode and the lexer agree on valid, malformed and edge-case texts", () => {
  const texts = [
    '{"a":1}', '{"a":"x","b":true,"c":null,"d":[1,2,{"a":"y"}],"e":{"f":1.5}}', "[]", "[1,2]", '"s"', "1", "null", " {} ",
    "\uFEFF{}", '{"a":1}\uFEFF', "{", "{}x", '{"a":1,}', "[1,]", '{"a":01}', '{"a":1.}', '{"a":.5}', '{"a":+1}', '{"a":-}',
    '{"a":NaN}', "{'a':1}", '{a:1}', '{"a":"\\x"}', '{"a":"\u0001"}', '{"a":"\\u12"}', '{"a":1}\u00a0', "\u00a0{}", "",
    '{"a":1e400,"b":-1e400,"c":-0,"d":1e-400,"e":1.0000000000000001,"f":9007199254740993,"g":1E2,"h":-0.0e+0}',
    '{"a":"\\ud800","b":"\\udc00x","c":"\\ud83d\\ude00","d":"\ud83d\ude00","e":"\ud800","f":"x\udc00","g":"\\ud83d\ude00"}',
    '{"\\ud800":1,"\ud800":"x","a\\u0000":2,"\\u0061":3}', '{"a":1,"a":"two","a":[3]}', '{"__proto__":{"a":1},"constructor":2}',
    '{"10":1,"9":2,"b":3,"1":4}', '{"a":"2026-02-30","b":"2024-02-29","c":1784325600000,"d":0,"e":1.5}',
    '{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u2028"}', '{"a":"\u2028\u2029\u007f"}',
    `{"a":${nested(511)}}`, `{"a":${nested(512)}}`, `{"deep":${nested(600)},"a":1}`, nested(512), nested(513),
    `{"a":[{"a":${nested(509)}}]}`, `{"a":[{"a":${nested(510)}}]}`, `[${nested(100000, "")}]`,
    `{"a":${nested(512)},"a":1}`, `{"q":"[[[[\\"${"[".repeat(600)}","a":${nested(511)}}`, `{"q":"\\\\","a":${nested(511)}}`,
    `{"q":"\\"]]]]]]]","a":${nested(512)}}`,
  ];
  for (const text of texts) agree(text);
});

test("tree mode keeps the last duplicate and drops keys holding an unpaired surrogate", () => {
  const scanner = new ContractJsonScanner('{"a":1,"\\ud800":2,"a":3}');
  assert.equal(scanner.nextIsObject(), true);
  const value = scanner.value() as Map<string, ContractJson>;
  assert.equal(scanner.finish(), true);
  assert.deepEqual([...value.entries()], [["a", 3]]);
  const strings = new ContractJsonScanner('{"s":"\\udfff"}');
  strings.nextIsObject();
  assert.equal(serializeContractJson(strings.value() as ContractJson), '{"s":"\\ufffd"}');
  assert.equal(CONTRACT_INVALID_STRING, CONTRACT_INVALID_STRING);
});

test("a too deep value replaced by a later duplicate still makes the text malformed", () => {
  const escapes = '\\"'.repeat(300000);
  for (const text of [`{"a":${nested(512)},"a":1}`, `{"a":[{"b":${nested(510)},"b":2}],"a":1}`, `{"t":"10:30","a":${nested(512)},"a":1}`,
    `{"a":{"b":1,"b":${nested(511)}},"a":{"c":"::"}}`, `{"s":"${escapes}[[","a":${nested(512)},"a":1}`, `{"v":{"x":${nested(511)}},"v":1}`]) {
    const scanner = new ContractJsonScanner(text);
    assert.equal(scanner.nextIsObject(), true);
    assert.equal(scanner.enterObject(), true);
    while (scanner.nextMember() !== undefined) scanner.skipValue();
    assert.equal(scanner.finish(), false);
  }
});

test("replaced duplicates that nest within the limit, and colons inside strings, are fine", () => {
  for (const text of [`{"a":${nested(511)},"a":1}`, `{"t":"a:b:c","u":{"k":"::"},"a":[1]}`, `{"a":{"b":1,"b":2},"a":{"c":"x"},"s":"${'\\"'.repeat(1000)}"}`]) {
    agree(text);
    const scanner = new ContractJsonScanner(text);
    assert.equal(scanner.nextIsObject(), true);
    scanner.skipValue();
    assert.equal(scanner.finish(), true, text.slice(0, 20));
  }
});

test("treeMode false lexes every text", () => {
  const scanner = new ContractJsonScanner('{"a":1,"a":"x"}', false);
  assert.equal(scanner.nextIsObject(), true);
  assert.equal(scanner.enterObject(), true);
  const reads: unknown[] = [];
  for (let key = scanner.nextMember(); key !== undefined; key = scanner.nextMember()) reads.push(scanner.value());
  assert.deepEqual(reads, [1, "x"]); // both occurrences seen, as only the lexer can
  assert.equal(scanner.finish(), true);
});

test("nesting: 512 levels in tree mode, 513 fail, also inside skipped and wrong-typed values", () => {
  for (const [text, ok] of [[`{"x":${nested(511)}}`, true], [`{"x":${nested(512)}}`, false], [`{"x":[${nested(511)}]}`, false]] as const) {
    const scanner = new ContractJsonScanner(text);
    assert.equal(scanner.nextIsObject(), true);
    assert.equal(scanner.enterObject(), true);
    assert.notEqual(scanner.nextMember(), undefined);
    assert.equal(scanner.string(), undefined); // wrong type: skipped, depth checked
    assert.equal(scanner.nextMember(), undefined);
    assert.equal(scanner.finish(), ok, text.slice(0, 12));
  }
});

test("well-formed UTF-16: the native check and the portable one agree", () => {
  const cases = ["", "a", "\ud83d\ude00", "\ud83d", "\ude00", "a\ud83d\ude00b", "\ud83d\ud83d\ude00", "\ude00\ud83d", "\ud800\udc00\udbff\udfff", "x\udbff"];
  for (const s of cases) {
    const expected = !/[\ud800-\udfff]/u.test(s);
    assert.equal(isWellFormedUtf16(s), expected, JSON.stringify(s));
    assert.equal(isWellFormedUtf16Portable(s), expected, JSON.stringify(s));
  }
});

test("random documents: tree mode and the lexer agree", () => {
  let seed = 20261201;
  const next = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const pieces = ['"a"', '"b"', '"\\ud800"', '"\ud83d\ude00"', '"\\ud83d\\ude00"', "1", "-0", "1e400", "true", "null", '"2026-01-31"', "1784325600000"];
  const value = (level: number): string => {
    const kind = next(level > 6 ? 3 : 5);
    if (kind < 3) return pieces[next(pieces.length)];
    const count = next(4);
    const items = Array.from({ length: count }, () => (kind === 3 ? value(level + 1) : `${pieces[next(3)]}:${value(level + 1)}`));
    return kind === 3 ? `[${items.join(",")}]` : `{${items.join(",")}}`;
  };
  for (let k = 0; k < 1000; k++) {
    let text = `{"a":${value(0)},"b":${value(0)},"a":${value(0)}}`;
    if (k % 5 === 0) text = text.slice(0, next(text.length)); // truncated: malformed
    agree(text);
  }
});
