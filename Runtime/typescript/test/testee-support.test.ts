// Unit tests of the TypeScript testee's constant part (Runtime/typescript/testee), the file `emit`
// writes beside the generated dispatch. Expectations follow docs/conformance.md's protocol.
import { test } from "node:test";
import * as assert from "node:assert/strict";
import { parseContractJson, ContractEncodeError, ContractJson, CONTRACT_INVALID_STRING } from "../contract-runtime";
import { Given, TesteeError, TesteeContractServer, encodeResult, hexBytes, respond, responseText, unknownOp, utf8Bytes } from "../testee-support";

function given(text: string, allowed: ReadonlyArray<string>): Given {
  return new Given(parseContractJson(text), allowed);
}

function throwsTesteeError(run: () => unknown, message: string): void {
  assert.throws(run, (error: unknown) => error instanceof TesteeError && error.message === message);
}

test("given must be an object and hold only the op's keys", () => {
  throwsTesteeError(() => given("[]", ["blob"]), "given must be an object");
  throwsTesteeError(() => new Given(undefined, ["blob"]), "given must be an object");
  throwsTesteeError(() => given('{"blob":"x","blobb":1}', ["blob"]), "unknown given field 'blobb'");
  assert.equal(given('{"blob":"x"}', ["blob", "pending"]).string("blob"), "x");
});

test("each accessor takes exactly its JSON type", () => {
  const g = given('{"s":"x","b":true,"i":3,"f":1.5,"big":9007199254740992,"n":null,"m":{"a":true,"b":1,"c":false}}',
    ["s", "b", "i", "f", "big", "n", "m", "absent"]);
  assert.equal(g.string("s"), "x");
  throwsTesteeError(() => g.string("i"), "given.i must be a string");
  assert.equal(g.boolean("b"), true);
  throwsTesteeError(() => g.boolean("s"), "given.s must be a boolean");
  assert.equal(g.integer("i"), 3);
  throwsTesteeError(() => g.integer("f"), "given.f must be an integer");
  throwsTesteeError(() => g.integer("big"), "given.big must be an integer"); // 2^53 is past the safe range
  throwsTesteeError(() => g.integer("s"), "given.s must be a number");
  assert.equal(g.integerElseNull("f"), null);
  assert.equal(g.integerElseNull("i"), 3);
  assert.equal(g.textOrNull("n"), null);
  assert.equal(g.textOrNull("absent"), null);
  assert.equal(g.textOrNull("s"), "x");
  throwsTesteeError(() => g.textOrNull("b"), "given.b must be a string or null");
  assert.deepEqual(Array.from(g.flagMap("m") ?? []), [["a", true], ["c", false]]); // the non-boolean entry is skipped
  assert.equal(g.flagMap("absent"), null);
  throwsTesteeError(() => g.flagMap("s"), "given.s must be an object");
});

test("a request line gets exactly one response with one key", () => {
  const echo: TesteeContractServer = (op, json) => {
    if (op === "boom") throw new RangeError("Maximum call stack size exceeded");
    if (op !== "echo") throw unknownOp(op, "c");
    return new Given(json, ["x"]).string("x");
  };
  const servers = new Map<string, TesteeContractServer>([["c", echo]]);
  const answer = (line: string): string => responseText(respond(line, servers));
  assert.equal(answer('{"contract":"c","op":"echo","given":{"x":"hi"}}'), '{"ok":"hi"}');
  assert.equal(answer("[1]"), '{"error":"request is not a JSON object"}');
  assert.equal(answer("{"), '{"error":"request is not a JSON object"}');
  assert.equal(answer('{"contract":"c","op":"echo","given":{},"extra":1}'), `{"error":"unknown request field 'extra'"}`);
  assert.equal(answer('{"contract":1,"op":"echo"}'), `{"error":"request needs string 'contract' and 'op'"}`);
  assert.equal(answer('{"contract":"d","op":"echo","given":{}}'), `{"error":"unknown contract 'd'"}`);
  assert.equal(answer('{"contract":"c","op":"frob","given":{}}'), `{"error":"unknown op 'frob' for c"}`);
  assert.equal(answer('{"contract":"c","op":"boom","given":{}}'), '{"error":"RangeError: Maximum call stack size exceeded"}');
  const value: ContractJson = respond('{"contract":"c","op":"echo","given":{"x":"é"}}', servers);
  assert.ok(value instanceof Map && value.size === 1);
  assert.equal(responseText(value), '{"ok":"\\u00e9"}');
});

// The response text is the testee's own (not the runtime writer's): ASCII, every other UTF-16 unit
// a \u escape, so a lone surrogate survives; numbers that read back as the same double.
test("the response text is ASCII, with numbers every reader reads back", () => {
  assert.equal(responseText('a"b\\c~ '), '"a\\"b\\\\c~ "');
  assert.equal(responseText("\t\u007f\u00e9\ud83d\ude00"), '"\\u0009\\u007f\\u00e9\\ud83d\\ude00"');
  assert.equal(responseText("x\ud800"), '"x\\ud800"');
  assert.equal(responseText(CONTRACT_INVALID_STRING), '"\\ufffd"');
  assert.equal(responseText(-0), "0");
  assert.equal(responseText(1784325600000), "1784325600000");
  assert.equal(responseText(9007199254740992), "9007199254740992");
  assert.equal(responseText(1e21), "1e+21");
  assert.equal(responseText(-1.5), "-1.5");
  assert.equal(responseText(Infinity), "1e400");
  assert.equal(responseText(-Infinity), "-1e400");
  assert.equal(responseText(NaN), "null");
  const members = new Map<string, ContractJson>([["z", [true, null, false]], ["é", []]]);
  assert.equal(responseText(members), '{"z":[true,null,false],"\\u00e9":[]}');
});

test("json gives plain JavaScript, __proto__ an own key; encodeResult answers text or the refused path", () => {
  const g = given('{"input":{"a":[1,{"__proto__":2}],"s":"x"}}', ["input"]);
  const input = g.json("input") as { a: [number, { [key: string]: number }]; s: string };
  assert.equal(input.s, "x");
  assert.equal(input.a[0], 1);
  assert.deepEqual(Object.keys(input.a[1]), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(input.a[1]), Object.prototype);
  throwsTesteeError(() => given("{}", ["input"]).json("input"), "given.input is missing");
  assert.equal(responseText(encodeResult(() => '{"v":1}')), '{"text":"{\\"v\\":1}"}');
  assert.equal(responseText(encodeResult(() => { throw new ContractEncodeError("$.a[0]", "a string"); })), '{"refused":"$.a[0]"}');
  assert.throws(() => encodeResult(() => { throw new TypeError("bug"); }), (error: unknown) => error instanceof TypeError);
});

test("decodeBytes: hex to bytes in either case; anything else is the request's error", () => {
  assert.deepEqual(Array.from(hexBytes("7b7D00fF")), [0x7b, 0x7d, 0x00, 0xff]);
  assert.equal(hexBytes("").length, 0);
  throwsTesteeError(() => hexBytes("7b7"), "hex has an odd number of digits");
  for (const bad of ["7g", "0x", " 7", "\uff10\uff10", "\u0661\u0661"]) throwsTesteeError(() => hexBytes(bad), "hex holds a character that is not a hex digit");
});

test("the bytes road: a blob's UTF-8 bytes; an unpaired surrogate has none", () => {
  assert.deepEqual(Array.from(utf8Bytes('{"a":"\u00e9\u20ac\ud83d\ude00"}')), [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x22, 0x7d]);
  for (const bad of ["\ud800", "a\udc00", "\udbff\udbff\udc00x", "\ude00\ud83d"]) throwsTesteeError(() => utf8Bytes(bad), "blob holds an unpaired surrogate: it has no UTF-8 bytes");
});
