// The constant part of the TypeScript testee (docs/conformance.md, "The testee protocol"): request
// lines, typed access to `given`, response lines. `emit` writes this file verbatim beside the
// generated dispatch (testee.ts), which holds only what depends on the contracts; only the import
// specifier below is respelled for the project's layout. It is not part of what an app ships.
// It compiles without @types/node: the few Node globals it touches are declared here.
import { ContractEncodeError, type ContractJson, type ContractJsonObject, type ContractReport, contractJsonScannerSettings, parseContractJson } from "./contract-runtime";

/** The few Node globals the testee uses, declared here so that no @types/node is needed. */
declare const process: {
  readonly stdin: {
    setEncoding(encoding: "utf8"): void;
    on(event: "data", listener: (chunk: string) => void): void;
    on(event: "end", listener: () => void): void;
  };
  readonly stdout: {
    write(text: string): boolean;
  };
};

/** A request the testee cannot serve; answered as {"error": message}, never a crash. */
export class TesteeError extends Error {}

/** An op this language does not have (a byte entry point); answered as {"skipped": reason}. */
export class TesteeSkipped extends Error {}

/** A parsed JSON value as plain JavaScript (recursion is bounded by the reader's 512 levels). */
function plainJson(value: ContractJson): unknown {
  if (Array.isArray(value)) return value.map(plainJson);
  if (value instanceof Map) {
    const object: { [key: string]: unknown } = {};
    // defineProperty, not assignment: a "__proto__" key must be an own property, not the prototype.
    value.forEach((item, key) => {
      Object.defineProperty(object, key, { value: plainJson(item), enumerable: true, writable: true, configurable: true });
    });
    return object;
  }
  return value;
}

/**
 * The `encode` op's answer: `{"text": document}`, or `{"refused": path}` when the encoder throws
 * ContractEncodeError (any other exception is a testee error).
 */
export function encodeResult(write: () => string): ContractJson {
  try {
    return new Map<string, ContractJson>([["text", write()]]);
  } catch (error) {
    if (error instanceof ContractEncodeError) return new Map<string, ContractJson>([["refused", error.path]]);
    throw error;
  }
}

/**
 * Typed access to a request's `given`, one accessor per JSON type of the protocol, rejecting keys
 * the op does not take (a typo in a hand-written case must fail, not pass by accident).
 */
export class Given {
  private readonly object: ContractJsonObject;

  constructor(json: ContractJson | undefined, allowed: ReadonlyArray<string>) {
    if (!(json instanceof Map)) throw new TesteeError("given must be an object");
    for (const key of json.keys()) {
      if (allowed.indexOf(key) < 0) throw new TesteeError(`unknown given field '${key}'`);
    }
    this.object = json;
  }

  string(key: string): string {
    const value = this.object.get(key);
    if (typeof value !== "string") throw new TesteeError(`given.${key} must be a string`);
    return value;
  }

  boolean(key: string): boolean {
    const value = this.object.get(key);
    if (typeof value !== "boolean") throw new TesteeError(`given.${key} must be a boolean`);
    return value;
  }

  /** An integral number within ±(2^53−1); any other number is an error. */
  integer(key: string): number {
    const value = this.integerElseNull(key);
    if (value === null) throw new TesteeError(`given.${key} must be an integer`);
    return value;
  }

  /** An integral number within ±(2^53−1); null for any other number (the op then answers null). */
  integerElseNull(key: string): number | null {
    const value = this.object.get(key);
    if (typeof value !== "number") throw new TesteeError(`given.${key} must be a number`);
    return Number.isSafeInteger(value) ? value + 0 : null;
  }

  /**
   * A number of milliseconds as the API takes it: any number, so the runtime's own checks decide
   * (a fraction or 2^53 is no offset). Null never: the type is the other supports' (where a number
   * their integer type cannot hold makes the op answer null).
   */
  millisecondOffset(key: string): number | null {
    const value = this.object.get(key);
    if (typeof value !== "number") throw new TesteeError(`given.${key} must be a number`);
    return value;
  }

  /**
   * Any JSON value, as an app would hand it to `encode`: objects become plain objects (every key
   * an own enumerable property, `__proto__` too), arrays arrays, the rest itself.
   */
  json(key: string): unknown {
    if (!this.object.has(key)) throw new TesteeError(`given.${key} is missing`);
    return plainJson(this.object.get(key) as ContractJson);
  }

  /** A string; null when absent or null. */
  textOrNull(key: string): string | null {
    const value = this.object.get(key);
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") throw new TesteeError(`given.${key} must be a string or null`);
    return value;
  }

  /** A boolean; false when absent. */
  flag(key: string): boolean {
    const value = this.object.get(key);
    if (value === undefined) return false;
    if (typeof value !== "boolean") throw new TesteeError(`given.${key} must be a boolean`);
    return value;
  }

  /** A `{id: bool}` object (non-boolean values skipped); null when absent or null. */
  flagMap(key: string): Map<string, boolean> | null {
    const value = this.object.get(key);
    if (value === undefined || value === null) return null;
    if (!(value instanceof Map)) throw new TesteeError(`given.${key} must be an object`);
    const result = new Map<string, boolean>();
    for (const [id, flag] of value) if (typeof flag === "boolean") result.set(id, flag);
    return result;
  }
}

/**
 * The bytes of a `decodeBytes` request's `hex`: two hex digits (either case) per byte. Any other
 * string is the request's error, never a guess.
 */
export function hexBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new TesteeError("hex has an odd number of digits");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = hexDigit(hex.charCodeAt(2 * i));
    const low = hexDigit(hex.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) throw new TesteeError("hex holds a character that is not a hex digit");
    bytes[i] = high * 16 + low;
  }
  return bytes;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/**
 * The UTF-8 bytes of a decode's blob for its `bytes` road, written here (no `TextEncoder` in
 * JavaScriptCore's shell). A blob holding an unpaired surrogate has no UTF-8 bytes: the request's
 * error, never a guess.
 */
export function utf8Bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c >= 0xdc00 || d < 0xdc00 || d > 0xdfff) throw new TesteeError("blob holds an unpaired surrogate: it has no UTF-8 bytes");
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      i++;
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(out);
}

/**
 * `decode()` as the request asks: with `lexed`, by the scanner decoders alone (no JSON.parse tree,
 * the road a report of a degraded blob takes), which must answer the same.
 */
export function lexedIf<T>(lexed: boolean, decode: () => T): T {
  if (!lexed) return decode();
  contractJsonScannerSettings.treeMode = false;
  try {
    return decode();
  } finally {
    contractJsonScannerSettings.treeMode = true;
  }
}

/**
 * The observation with `"dropped": N` added when it has no `dropped` member (a wrapped one): the
 * `dropped` flag of a decode request (docs/conformance.md), which makes the count of dropped array
 * elements observable whatever the contract's observation style.
 */
export function withDropped(observation: ContractJson, dropped: number): ContractJson {
  if (!(observation instanceof Map) || observation.has("dropped")) return observation;
  const result: ContractJsonObject = new Map(observation);
  result.set("dropped", dropped);
  return result;
}

/**
 * The observation with the decode's report under `report` (docs/report.md): each entry's path,
 * rule, used and the details it has; unchanged without a report.
 */
export function withReport(observation: ContractJson, report: ContractReport | undefined): ContractJson {
  if (report === undefined || !(observation instanceof Map)) return observation;
  const entries: ContractJson[] = report.entries.map((entry) => {
    const object: ContractJsonObject = new Map<string, ContractJson>([["path", entry.path], ["rule", entry.rule], ["used", entry.used]]);
    if (entry.found !== undefined) object.set("found", entry.found);
    if (entry.constraint !== undefined) object.set("constraint", entry.constraint);
    if (entry.fallback !== undefined) object.set("fallback", entry.fallback);
    if (entry.field !== undefined) object.set("field", entry.field);
    if (entry.offset !== undefined) object.set("offset", entry.offset);
    if (entry.expected !== undefined) object.set("expected", entry.expected);
    return object;
  });
  const result: ContractJsonObject = new Map(observation);
  result.set("report", entries);
  if (report.omitted > 0) result.set("reportOmitted", report.omitted);
  return result;
}

/** Serves a contract's op: (op, given) → the `ok` result. */
export type TesteeContractServer = (op: string, given: ContractJson | undefined) => ContractJson;

/** The error for an op a contract does not serve. */
export function unknownOp(op: string, contract: string): TesteeError {
  return new TesteeError(`unknown op '${op}' for ${contract}`);
}

/** One response object: {"ok": result} or {"error": message}. */
function response(key: "ok" | "error" | "skipped", value: ContractJson): ContractJson {
  return new Map<string, ContractJson>([[key, value]]);
}

/** Serves one request line. Every exception, even a RangeError from a blown stack, becomes an error line. */
export function respond(line: string, contracts: ReadonlyMap<string, TesteeContractServer>): ContractJson {
  try {
    const request = parseContractJson(line);
    if (!(request instanceof Map)) throw new TesteeError("request is not a JSON object");
    for (const key of request.keys()) {
      if (key !== "contract" && key !== "op" && key !== "given") throw new TesteeError(`unknown request field '${key}'`);
    }
    const contract = request.get("contract");
    const op = request.get("op");
    if (typeof contract !== "string" || typeof op !== "string") {
      throw new TesteeError("request needs string 'contract' and 'op'");
    }
    const serve = contracts.get(contract);
    if (serve === undefined) throw new TesteeError(`unknown contract '${contract}'`);
    return response("ok", serve(op, request.get("given")));
  } catch (error) {
    if (error instanceof TesteeSkipped) return response("skipped", error.message);
    return response("error", error instanceof TesteeError ? error.message : String(error));
  }
}

/**
 * The JSON text of a response line, written by the testee itself and not by the runtime's
 * serializeContractJson: the runtime is what is under test, and a mutant of its writer must not
 * rewrite the answer it is judged by (two wrongs that cancel; docs/mutation.md). ASCII only: every
 * UTF-16 unit outside printable ASCII is a `\uXXXX` escape, so an unpaired surrogate survives and no
 * output encoding can matter. Numbers: ±∞ as ±1e400 (a number the reader reads back as ±∞), NaN
 * as null, any other in JavaScript's shortest round-trip form. The depth is bounded by the
 * reader's 512 levels; a blown stack would still be caught by serveLine.
 */
export function responseText(value: ContractJson): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "null";
    if (!Number.isFinite(value)) return value < 0 ? "-1e400" : "1e400";
    return String(value); // integers as digits up to 1e21, then an exponent; −0 as 0
  }
  if (typeof value === "string") return responseString(value);
  if (Array.isArray(value)) return "[" + value.map(responseText).join(",") + "]";
  if (value instanceof Map) {
    const members: string[] = [];
    value.forEach((item, key) => members.push(responseString(key) + ":" + responseText(item)));
    return "{" + members.join(",") + "}";
  }
  // The one other value, a string that held an unpaired surrogate: U+FFFD, as the runtime writers write it.
  return responseString("\ufffd");
}

function responseString(text: string): string {
  return '"' + text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, (unit) => {
    if (unit === '"') return '\\"';
    if (unit === "\\") return "\\\\";
    return "\\u" + ("000" + unit.charCodeAt(0).toString(16)).slice(-4);
  }) + '"';
}

/** Answers one line with exactly one line; an empty line is no request. */
function serveLine(raw: string, contracts: ReadonlyMap<string, TesteeContractServer>): void {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line.length === 0) return;
  let reply: string;
  try {
    reply = responseText(respond(line, contracts));
  } catch (error) {
    reply = responseText(response("error", String(error)));
  }
  process.stdout.write(reply + "\n");
}

/** One request per line, one response per line, until stdin closes. */
export function runTestee(contracts: ReadonlyMap<string, TesteeContractServer>): void {
  // A line may be 100 MB and arrive in thousands of chunks: the pieces are kept in an array and
  // joined once per line (never `pending += chunk`, which would copy the line again for every chunk).
  const pieces: string[] = [];
  process.stdin.setEncoding("utf8"); // a character split across two chunks is decoded whole
  process.stdin.on("data", (chunk: string) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf("\n", start);
      if (newline < 0) break;
      pieces.push(chunk.slice(start, newline));
      const line = pieces.join("");
      pieces.length = 0;
      serveLine(line, contracts);
      start = newline + 1;
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
  });
  process.stdin.on("end", () => {
    // A last line without a newline is still a request.
    if (pieces.length > 0) serveLine(pieces.join(""), contracts);
  });
}
