// Writes ecmascript-number-strings.tsv: doubles and the string ECMAScript's Number::toString gives
// each (String(x) in node, the definition the encoders' number text must match byte for byte;
// docs/schema.md, "The canonical document"). The Swift and Kotlin runtime unit tests read the file
// and compare their own formatting of every double with it.
//   node Runtime/test-data/ecmascript-number-strings.js > Runtime/test-data/ecmascript-number-strings.tsv
// Deterministic (a seeded generator), so a rerun on any node gives the same file unless node's
// String(x) itself differs. Each line: the double's IEEE-754 bits as 16 hex digits (big-endian),
// a tab, String(x). Lines starting with # are comments.
'use strict';
const view = new DataView(new ArrayBuffer(8));
const bitsOf = (x) => { view.setFloat64(0, x); return view.getBigUint64(0); };
const ofBits = (b) => { view.setBigUint64(0, BigInt.asUintN(64, b)); return view.getFloat64(0); };

// splitmix64: a fixed seed, the same stream everywhere.
let state = 0x0123456789abcdefn;
function next64() {
  state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
  let z = state;
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
  return z ^ (z >> 31n);
}
const below = (n) => Number(next64() % BigInt(n));

const seen = new Set();
const lines = [];
const sections = [];
function add(x) {
  if (!Number.isFinite(x)) return;  // NaN and ±Infinity are refused, never written
  const bits = bitsOf(x);
  if (seen.has(bits)) return;
  seen.add(bits);
  lines.push(bits.toString(16).padStart(16, '0') + '\t' + String(x));
}
/** x, its two neighbours (one unit in the last place away) and -x. */
function around(x) {
  const b = bitsOf(Math.abs(x));
  for (let d = -1n; d <= 1n; d++) if (b + d >= 0n) add(ofBits(b + d));
  add(-x);
}
function section(name, fill) {
  const before = lines.length;
  fill();
  sections.push(`# ${name}: ${lines.length - before}`);
}

section('zero, extremes, the smallest normal, epsilon', () => {
  [0, -0, Number.MIN_VALUE, Number.MAX_VALUE, 2.2250738585072014e-308, Number.EPSILON, 1, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, Math.PI, Math.E].forEach(around);
});
section('every subnormal with a significand up to 1100, and 2000 at random', () => {
  for (let c = 1n; c <= 1100n; c++) { add(ofBits(c)); add(-ofBits(c)); }
  for (let i = 0; i < 2000; i++) add(ofBits(next64() & 0xfffffffffffffn));
});
section('every power of ten from 1e-324 to 1e308 and its neighbours', () => {
  for (let e = -324; e <= 308; e++) around(Number('1e' + e));
});
section('every power of two from 2^-1074 to 2^1023 and its neighbours', () => {
  for (let e = -1074; e <= 1023; e++) around(2 ** e);
});
section('the exponent thresholds: 1e21 and 1e-7, with the last values printed without an exponent', () => {
  [1e21, 999999999999999900000, 1e-7, 1e-6, 0.000001234, 1.234e-7, 123456789012345680000, 1.5e21, 1e20, 9.999999999999999e20,
    0.0000001, 0.00000123456789, 1e-5, 5e-7].forEach(around);
  for (let k = 1; k <= 17; k++) { around(Number('1e' + (21 - k)) * (10 ** k - 1)); around(Number('1e-' + (6 + k)) * (10 ** k - 1)); }
});
section('integers near 2^53 and other integer edges', () => {
  for (let d = -40; d <= 40; d++) { add(2 ** 53 + d); add(-(2 ** 53 + d)); add(2 ** 54 + 2 * d); }
  for (const e of [31, 32, 52, 53, 54, 55, 60, 63, 64, 66, 69, 70, 80, 100]) around(2 ** e);
  for (let i = 0; i < 1000; i++) { const x = below(2 ** 53); add(x); add(-x); add(x + 0.5); }
});
section('random bit patterns (every exponent, every significand)', () => {
  for (let i = 0; i < 12000; i++) add(ofBits(next64()));
});
section('random decimals of 1 to 17 digits between 1e-330 and 1e310 (where the shortest form is short)', () => {
  for (let i = 0; i < 12000; i++) {
    const digits = 1 + below(17);
    let text = String(1 + below(9));
    for (let k = 1; k < digits; k++) text += String(below(10));
    add(Number(text + 'e' + (below(641) - 330)));
  }
});
section('values a document holds: coordinates, ratios, money, fractions with few digits', () => {
  for (let i = 0; i < 3000; i++) {
    add((below(360000001) - 180000000) / 1e6);
    add(below(1001) / 1000);
    add(below(10000000) / 100);
    add(below(100) / (1 + below(99)));
  }
});

process.stdout.write(['# String(x) for finite doubles x, from node ' + process.version + ' (V8 ' + process.versions.v8 + ').',
  '# Made by Runtime/test-data/ecmascript-number-strings.js; each line: 16 hex digits of the IEEE-754 bits, a tab, String(x).',
  ...sections, ...lines].join('\n') + '\n');
