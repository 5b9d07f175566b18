// The contract runtime: the contract-independent part of every generated TypeScript decoder.
// Its sections match ContractRuntime.swift and ContractRuntime.kt one for one, so the three
// runtimes can be read side by side; the last section, Writer, is TypeScript's alone (the app is
// the only writer). No dependencies, no Node built-ins: it runs in Node 20 and in browsers alike.

// MARK: - JSON value model

/**
 * The type of the one *invalid string* value: a JSON string that held an unpaired UTF-16
 * surrogate. It exists (the key is present) but has the wrong type for every field.
 * For example, `parseContractJson('"\\ud800"') === CONTRACT_INVALID_STRING`.
 */
export interface ContractInvalidString {
  /** Brand, so that no other value is structurally a ContractInvalidString. */
  readonly contractInvalidString: true;
}

/**
 * The unique invalid-string sentinel; compare with `===`.
 * Why a sentinel and not the broken string itself: such a string is not a string (§5.8), and a
 * value of its own kind makes every `typeof v === 'string'` check reject it for free.
 */
export const CONTRACT_INVALID_STRING: ContractInvalidString = Object.freeze({ contractInvalidString: true as const });

/**
 * A JSON object: each key once, in order of first appearance.
 * Why a Map and not a plain object: a plain object turns the key `"__proto__"` into a prototype
 * change and reorders integer-like keys (`"10"` before `"9"`, before `"a"`); in a Map keys are
 * only data. For example, `{"b":1,"a":2}` is `new Map([["b", 1], ["a", 2]])`.
 */
export type ContractJsonObject = Map<string, ContractJson>;

/**
 * A parsed JSON value: null, boolean, number (an IEEE-754 double, as JavaScript reads it),
 * string (always well-formed UTF-16), the invalid-string sentinel, array or object.
 * For example, `[1,"a",null]` is `[1, "a", null]`.
 */
export type ContractJson =
  | null
  | boolean
  | number
  | string
  | ContractInvalidString
  | ContractJson[]
  | ContractJsonObject;

// MARK: - Strict reader

/**
 * The deepest nesting accepted: an array or object opens one level, the root container is level 1.
 * Why a limit: a hostile or corrupt blob of 10^6 `[` must be rejected, never crash the widget;
 * the same limit in Swift, Kotlin and TypeScript keeps the three verdicts identical.
 */
export const CONTRACT_MAX_DEPTH = 512;

/**
 * Parses `text` as exactly one RFC 8259 JSON value; `undefined` for any deviation (comments,
 * trailing commas, NaN/Infinity, single quotes, leading zeros, `1.`, `.5`, `+1`, invalid escapes,
 * raw control characters in strings, a byte-order mark, trailing non-whitespace, empty text,
 * nesting deeper than CONTRACT_MAX_DEPTH). Never throws.
 * Duplicate keys: the last occurrence wins, keeping the position of the first — why: JavaScript
 * and Android's org.json, the other readers of the same blob, both do so.
 * Entries whose key is an invalid string are dropped (such a key names no field).
 * Built with ContractJsonScanner, the runtime's one lexer (the decoders read through it directly).
 * For example, `parseContractJson('{"v":1e0}')` is `new Map([["v", 1]])`; `parseContractJson('01')` is `undefined`.
 */
export function parseContractJson(text: string): ContractJson | undefined {
  try {
    const scanner = new ContractJsonScanner(text);
    const value = scanner.value();
    return scanner.finish() ? value : undefined;
  } catch {
    // Only resource exhaustion (e.g. a string longer than the engine allows) can get here.
    return undefined;
  }
}

/** Sticky: a run of RFC 8259 whitespace. Why a regex: the engine scans long runs natively. */
const WHITESPACE_RUN = /[ \t\n\r]*/y;

/** Sticky: a run of string characters needing no attention (no quote, backslash, control, surrogate). */
const PLAIN_STRING_RUN = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

/**
 * Scanner settings. `treeMode` (default true): a decode walks JSON.parse's result when JSON.parse
 * accepts the text (see `ContractJsonScanner.nextIsObject`); false lexes every text. Results are
 * the same either way; the runtime's tests set it to compare the two.
 */
export const contractJsonScannerSettings: { treeMode: boolean } = { treeMode: true };

/**
 * An object member's key, as `ContractJsonScanner.nextMember` returns it. `text` is undefined
 * for a key holding an unpaired surrogate: such a key is not a string, so it matches no name.
 */
export class ContractJsonKey {
  /**
   * `unchecked`: `key` came from JSON.parse and may still hold an unpaired surrogate; `text`
   * checks it when asked. (A name to match is schema text, read from UTF-8: it never holds one,
   * so `matches` needs no check.)
   */
  constructor(private key: string | undefined, private unchecked = false) {}

  /**
   * Tree mode's reuse (see `ContractJsonScanner.treeNextMember`): this key object now stands for
   * `key`, an unchecked key from JSON.parse.
   */
  reuseFor(key: string): this {
    this.key = key;
    this.unchecked = true;
    return this;
  }

  /** The key; undefined when it holds an unpaired surrogate. */
  get text(): string | undefined {
    return this.unchecked && this.key !== undefined && !isWellFormedUtf16(this.key) ? undefined : this.key;
  }

  /** Whether the key is exactly `name` (UTF-16 code units, no normalization); `name` is well-formed. */
  matches(name: string): boolean {
    return this.key === name;
  }
}

/** What the string lexer found: the text, an invalid string (an unpaired surrogate), or a syntax error. */
const LEXED_INVALID = 1;
const LEXED_SYNTAX_ERROR = 2;

/**
 * A strict RFC 8259 pull reader over one text: the decoders read the text once, front to back,
 * straight into their types (over JSON.parse's result in tree mode, see `nextIsObject`; else
 * over the characters, with no intermediate tree). Same API as ContractJSONScanner in
 * Swift. Any syntax error, or nesting deeper than CONTRACT_MAX_DEPTH, makes `failed` sticky: every
 * later read returns undefined / false and `finish()` is false. A value of the wrong type for a
 * typed read is still consumed and syntax-checked (`skipValue`), and the read returns undefined.
 * Why not JSON.parse alone: it accepts unpaired surrogates silently and knows nothing of our depth
 * limit; a decode uses it only for the texts it accepts, checking those two rules itself (see
 * `nextIsObject`).
 * Recursion (`skipValue`, `value`) is bounded by CONTRACT_MAX_DEPTH: the depth is checked before
 * descending, so no input can overflow the call stack.
 */
export class ContractJsonScanner {
  private i = 0;
  private readonly n: number;
  private depth = 0;
  /** Just inside `{` or `[`: the next member or element needs no comma. */
  private atFirst = false;
  /** Decoded pieces of the string being read (only used once it holds an escape). */
  private pieces: string[] = [];
  /** Decoded code units not yet turned into a piece. */
  private units: number[] = [];
  /** Set on the first syntax error (or a nesting too deep); sticky. */
  failed = false;

  // Tree mode (see `nextIsObject`): the text was accepted by JSON.parse, and the reads walk its
  // result instead of the characters. `cur` is the next value when `hasCur`; the container being
  // read is `frame` (its keys in `frameKeys` for an object, undefined for an array) at
  // `frameIndex`; enclosing frames are saved in `saved` as (container, keys, index) triples.
  private tree = false;
  private cur: unknown = undefined;
  private hasCur = false;
  private frame: unknown = undefined;
  private frameKeys: string[] | undefined = undefined;
  private frameIndex = 0;
  private saved: unknown[] = [];
  /** Object keys in the parts of the tree read so far (see `finish`). */
  private treeKeys = 0;
  /**
   * One key object per depth, reused by every member at that depth (tree mode): a decoder reads
   * a member's key before its next sibling's, and a nested object's keys are one level deeper,
   * so no key it still holds is overwritten, and a decode allocates no key per member.
   */
  private treeKeyObjects: ContractJsonKey[] = [];

  /**
   * `treeMode: false` lexes the text whatever JSON.parse thinks of it. A decoder passes it when an
   * overwritten duplicate key can still change its result — a `fail-document` field below the
   * root fails the document even in a value a later duplicate replaces — because JSON.parse
   * keeps only the last value of a duplicate key.
   */
  /**
   * Tree mode only: false once the walk met something JSON.parse's result may show in another
   * order than the text (an object whose first key starts with a digit: JavaScript puts
   * integer-like keys first), or `finish` found more `:` in the text than the tree has keys (a
   * duplicate key, or a colon inside a string). A report recorded over the tree is then not
   * the text's and is recorded again by lexing (see `showsText`).
   */
  private treeInTextOrder = true;

  /**
   * `parsed`: JSON.parse's result for `text`, when the caller has it (a tree decode came first),
   * so tree mode does not parse the text again.
   */
  constructor(private readonly text: string, private readonly treeMode = true, private readonly parsed: unknown = undefined) {
    this.n = text.length;
  }

  /**
   * After `finish`: whether the reads saw the text itself — lexed, or in tree mode a tree that
   * holds every member of the text (no duplicate key) in the text's order. A report recorded
   * while this is false may miss a duplicate key or list entries out of order.
   */
  get showsText(): boolean {
    return !this.tree || this.treeInTextOrder;
  }

  /** Whether the reads walk JSON.parse's result (tree mode) rather than the characters. */
  get readsTree(): boolean {
    return this.tree;
  }

  // Structure

  /**
   * Whether the next value is an object (the document's root must be).
   * Asked first, before anything is read, it also chooses how the text is read: when JSON.parse
   * accepts the whole text and it nests at most CONTRACT_MAX_DEPTH deep, the reads walk
   * JSON.parse's result (tree mode), several times faster than lexing in JavaScript. JSON.parse
   * accepts exactly the RFC 8259 texts this scanner accepts (the same grammar, whitespace, escapes
   * and number syntax; a BOM is an error in both) except for two things, which tree mode checks:
   * unpaired surrogates (each string or key read is checked with `isWellFormedUtf16`) and the depth
   * (on entering a container, on skipping one, and in `finish` for what the tree cannot show).
   * Duplicate keys: JSON.parse keeps the last value at the first key's position, which is what a
   * decoder's slots see (the last occurrence wins); a map's entry order is not part of any result.
   * Any other text is lexed as before, so every malformed text fails exactly as it always did.
   */
  nextIsObject(): boolean {
    if (this.i === 0 && !this.tree && !this.failed && this.depth === 0 && this.treeMode && contractJsonScannerSettings.treeMode) {
      let root: unknown = this.parsed;
      let parsed = root !== undefined;
      if (!parsed) {
        try {
          root = JSON.parse(this.text);
          parsed = true;
        } catch {
          // Malformed (or too deep for the engine's parser): the lexer decides, as before.
        }
      }
      if (parsed) {
        this.tree = true;
        this.cur = root;
        this.hasCur = true;
        return isTreeObject(root);
      }
    }
    if (this.tree) return this.hasCur && isTreeObject(this.cur);
    this.skipWhitespace();
    return this.i < this.n && this.text.charCodeAt(this.i) === 0x7b;
  }

  /** Enters an object when the next value is one; false (nothing consumed) otherwise or when too deep (fails). */
  enterObject(): boolean {
    return this.enter(0x7b);
  }

  /** Enters an array when the next value is one; false (nothing consumed) otherwise or when too deep (fails). */
  enterArray(): boolean {
    return this.enter(0x5b);
  }

  private enter(opener: number): boolean {
    if (this.failed) return false;
    if (this.tree) return this.treeEnter(opener);
    this.skipWhitespace();
    if (this.i >= this.n || this.text.charCodeAt(this.i) !== opener) return false;
    // Why check before descending: 513 levels are rejected without looking any deeper.
    if (this.depth >= CONTRACT_MAX_DEPTH) {
      this.fail();
      return false;
    }
    this.depth++;
    this.i++;
    this.atFirst = true;
    return true;
  }

  /** The next member's key (the cursor then at its value), or undefined at the object's end (or on failure). */
  nextMember(): ContractJsonKey | undefined {
    // Why two small methods: each stays small enough for the JIT to inline into a decoder.
    return this.tree ? this.treeNextMember() : this.lexNextMember();
  }

  private treeNextMember(): ContractJsonKey | undefined {
    if (this.failed) return undefined;
    const keys = this.frameKeys as string[];
    if (this.frameIndex < keys.length) {
      const key = keys[this.frameIndex++] as string; // in bounds: checked above
      this.cur = (this.frame as Record<string, unknown>)[key];
      this.hasCur = true;
      const reused = this.treeKeyObjects[this.depth];
      if (reused !== undefined) return reused.reuseFor(key);
      const fresh = new ContractJsonKey(key, true);
      this.treeKeyObjects[this.depth] = fresh;
      return fresh;
    }
    this.leave();
    return undefined;
  }

  private lexNextMember(): ContractJsonKey | undefined {
    if (!this.advance(0x7d)) return undefined;
    if (this.i >= this.n || this.text.charCodeAt(this.i) !== 0x22) { // unquoted, single-quoted
      this.fail();
      return undefined;
    }
    const k = this.lexString(true);
    if (k === LEXED_SYNTAX_ERROR) {
      this.fail();
      return undefined;
    }
    this.skipWhitespace();
    if (this.text.charCodeAt(this.i) !== 0x3a) {
      this.fail();
      return undefined;
    }
    this.i++;
    return new ContractJsonKey(typeof k === 'string' ? k : undefined);
  }

  /** Whether another element follows (the cursor then at it); false at the array's end (or on failure). */
  nextElement(): boolean {
    return this.tree ? this.treeNextElement() : this.advance(0x5d);
  }

  private treeNextElement(): boolean {
    if (this.failed) return false;
    const items = this.frame as unknown[];
    if (this.frameIndex < items.length) {
      this.cur = items[this.frameIndex++];
      this.hasCur = true;
      return true;
    }
    this.leave();
    return false;
  }

  private advance(closer: number): boolean {
    if (this.failed) return false;
    this.skipWhitespace();
    if (this.i >= this.n) {
      this.fail();
      return false;
    }
    const c = this.text.charCodeAt(this.i);
    if (c === closer) {
      // `[1,]` is caught below (after the comma), so a closer here is legal.
      this.i++;
      this.depth--;
      this.atFirst = false;
      return false;
    }
    if (this.atFirst) {
      this.atFirst = false;
      return true;
    }
    if (c !== 0x2c) {
      this.fail();
      return false;
    }
    this.i++;
    this.skipWhitespace();
    // A trailing comma: `[1,]`, `{"a":1,}` are not JSON.
    if (this.i < this.n && this.text.charCodeAt(this.i) === closer) {
      this.fail();
      return false;
    }
    return true;
  }

  /**
   * A tagged union's tag, found before the value is read: when the next value is an object, the
   * text of its member `key` (exact code units; the last occurrence wins) if that is a string,
   * else undefined (not an object, no such member, not a string, an unpaired surrogate, a syntax
   * error). Consumes nothing: the scanner's state is restored, so the object is then read (or
   * skipped, which finds any error again) as usual. Linear in the object's length.
   */
  peekTag(key: string): string | undefined {
    const i = this.i, depth = this.depth, atFirst = this.atFirst, failed = this.failed;
    const cur = this.cur, hasCur = this.hasCur, frame = this.frame, frameKeys = this.frameKeys;
    const frameIndex = this.frameIndex, saved = this.saved.length, treeKeys = this.treeKeys;
    let tag: string | undefined;
    if (this.enterObject()) {
      for (let member = this.nextMember(); member !== undefined; member = this.nextMember()) {
        if (member.matches(key)) tag = this.string();
        else this.skipValue();
      }
    }
    const ok = !this.failed;
    this.i = i;
    this.depth = depth;
    this.atFirst = atFirst;
    this.failed = failed;
    this.cur = cur;
    this.hasCur = hasCur;
    this.frame = frame;
    this.frameKeys = frameKeys;
    this.frameIndex = frameIndex;
    this.saved.length = saved;
    this.treeKeys = treeKeys;
    return ok ? tag : undefined;
  }

  /** Consumes and syntax-checks one value of any type. */
  skipValue(): void {
    if (this.failed) return;
    if (this.tree) {
      // Only the depth to check: JSON.parse checked the syntax.
      const keys = this.hasCur ? countTreeKeys(this.cur, CONTRACT_MAX_DEPTH - this.depth) : -1;
      if (keys < 0) {
        this.fail();
        return;
      }
      this.treeKeys += keys;
      this.hasCur = false;
      return;
    }
    this.skipWhitespace();
    if (this.i >= this.n) {
      this.fail();
      return;
    }
    switch (this.text.charCodeAt(this.i)) {
      case 0x7b: // '{'
        if (!this.enterObject()) return;
        while (this.nextMember() !== undefined) this.skipValue();
        return;
      case 0x5b: // '['
        if (!this.enterArray()) return;
        while (this.nextElement()) this.skipValue();
        return;
      case 0x22:
        if (this.lexString(false) === LEXED_SYNTAX_ERROR) this.fail();
        return;
      case 0x74: // 't'
        if (!this.literal('true')) this.fail();
        return;
      case 0x66: // 'f'
        if (!this.literal('false')) this.fail();
        return;
      case 0x6e: // 'n'
        if (!this.literal('null')) this.fail();
        return;
      default:
        if (this.lexNumber() === undefined) this.fail();
    }
  }

  /** Whether the text was one well-formed value with only whitespace after it. */
  finish(): boolean {
    if (this.failed) return false;
    if (this.tree) {
      if (this.hasCur || this.depth !== 0) return false;
      // A value a later duplicate key replaced is not in the tree, yet it may nest too deep. When
      // the text has as many `:` as the tree has keys there was no duplicate (each member has a
      // colon, and colons inside strings only add), so the depths seen were all there is;
      // otherwise the text itself is measured.
      if (countColons(this.text) !== this.treeKeys) {
        this.treeInTextOrder = false;
        if (!nestsWithin(this.text, CONTRACT_MAX_DEPTH)) {
          this.fail();
          return false;
        }
      }
      return true;
    }
    this.skipWhitespace();
    return this.i === this.n && this.depth === 0;
  }

  // Typed reads: the value when it has the type, else undefined (a wrong-typed value is still consumed).

  /** Any value as a tree (for the few readers that need one: requests, the done queue). */
  value(): ContractJson | undefined {
    if (this.tree) {
      if (this.failed) return undefined;
      treeValueKeys = 0;
      const tree = this.hasCur ? treeValue(this.cur, CONTRACT_MAX_DEPTH - this.depth) : undefined;
      if (tree === undefined) {
        this.fail();
        return undefined;
      }
      this.treeKeys += treeValueKeys;
      this.hasCur = false;
      return tree;
    }
    const c = this.peek();
    switch (c) {
      case undefined:
        this.fail();
        return undefined;
      case 0x7b: {
        if (!this.enterObject()) return undefined;
        const object: ContractJsonObject = new Map();
        for (let key = this.nextMember(); key !== undefined; key = this.nextMember()) {
          const item = this.value();
          if (item === undefined) return undefined;
          // Last occurrence wins; Map.set keeps the first occurrence's position.
          // An invalid-string key names no field: the entry is dropped.
          if (key.text !== undefined) object.set(key.text, item);
        }
        return this.failed ? undefined : object;
      }
      case 0x5b: {
        if (!this.enterArray()) return undefined;
        const items: ContractJson[] = [];
        while (this.nextElement()) {
          const item = this.value();
          if (item === undefined) return undefined;
          items.push(item);
        }
        return this.failed ? undefined : items;
      }
      case 0x22: {
        const s = this.lexString(true);
        if (s === LEXED_SYNTAX_ERROR) {
          this.fail();
          return undefined;
        }
        return typeof s === 'string' ? s : CONTRACT_INVALID_STRING; // LEXED_INVALID: an unpaired surrogate
      }
      case 0x74:
      case 0x66:
        return this.bool();
      case 0x6e:
        if (this.literal('null')) return null;
        this.fail();
        return undefined;
      default:
        return this.anyNumber();
    }
  }

  /** A valid string; undefined for anything else, including a string with an unpaired surrogate (§5.8). */
  string(): string | undefined {
    return this.tree ? this.treeString() : this.lexStringValue();
  }

  private treeString(): string | undefined {
    const v = this.cur;
    if (typeof v !== 'string' || !this.hasCur || this.failed) {
      this.skipValue();
      return undefined;
    }
    this.hasCur = false;
    return isWellFormedUtf16(v) ? v : undefined; // an unpaired surrogate: not a string
  }

  private lexStringValue(): string | undefined {
    if (this.peek() !== 0x22) {
      this.skipValue();
      return undefined;
    }
    const s = this.lexString(true);
    if (s === LEXED_SYNTAX_ERROR) {
      this.fail();
      return undefined;
    }
    return typeof s === 'string' ? s : undefined; // LEXED_INVALID: an unpaired surrogate
  }

  /** A JSON boolean only. Why no coercion: `1` or `"true"` would be guessed, not read. */
  /**
   * Consumes a JSON `null` and returns true; any other value is left unread (false). For a field
   * where `null` is a value of its own (`explicit-null`), read before the value itself.
   */
  nextIsNull(): boolean {
    if (this.tree) {
      if (this.failed || !this.hasCur || this.cur !== null) return false;
      this.hasCur = false;
      return true;
    }
    if (this.peek() !== 0x6e) return false;
    if (this.literal('null')) return true;
    this.fail();
    return false;
  }

  bool(): boolean | undefined {
    if (this.tree) {
      const v = this.cur;
      if (typeof v !== 'boolean' || !this.hasCur || this.failed) {
        this.skipValue();
        return undefined;
      }
      this.hasCur = false;
      return v;
    }
    const c = this.peek();
    if (c === 0x74) {
      if (this.literal('true')) return true;
    } else if (c === 0x66) {
      if (this.literal('false')) return false;
    } else {
      this.skipValue();
      return undefined;
    }
    this.fail();
    return undefined;
  }

  /** Any JSON number, ±Infinity included (`1e400`): the version gate compares it. */
  anyNumber(): number | undefined {
    if (this.tree) {
      const v = this.cur;
      if (typeof v !== 'number' || !this.hasCur || this.failed) {
        this.skipValue();
        return undefined;
      }
      this.hasCur = false;
      return v;
    }
    const c = this.peek();
    if (c === undefined || !(c === 0x2d || isDigit(c))) {
      this.skipValue();
      return undefined;
    }
    const x = this.lexNumber();
    if (x === undefined) this.fail();
    return x;
  }

  /** A finite number. Why finite: `1e400` parses (as Infinity) but no field can use it. */
  number(): number | undefined {
    const x = this.anyNumber();
    return x !== undefined && Number.isFinite(x) ? x : undefined;
  }

  /** A number with an integral value within ±(2^53−1); `1.0` and `1e0` are 1, `-0` is 0. */
  integer(): number | undefined {
    const x = this.anyNumber();
    return x !== undefined && Number.isSafeInteger(x) ? x + 0 : undefined;
  }

  /** Epoch milliseconds: an integral number within 1 … 2^53−1 (0 would read as 1970, not unknown). */
  epochMillis(): number | undefined {
    const x = this.integer();
    return x !== undefined && x >= 1 ? x : undefined;
  }

  /** A string that isValidLocalDate (`YYYY-MM-DD`, a real proleptic-Gregorian date, 0001–9999). */
  localDate(): string | undefined {
    const s = this.string();
    return s !== undefined && isValidLocalDate(s) ? s : undefined;
  }

  /** An RFC 3339 date-time in the one strict form of parseDateTime, as epoch milliseconds. */
  dateTime(): number | undefined {
    const s = this.string();
    return s === undefined ? undefined : parseDateTime(s);
  }

  // Tree mode

  /** Enters the pending value when it is the container `opener` opens (tree mode). */
  private treeEnter(opener: number): boolean {
    const v = this.cur;
    if (!this.hasCur || typeof v !== 'object' || v === null || Array.isArray(v) !== (opener === 0x5b)) return false;
    if (this.depth >= CONTRACT_MAX_DEPTH) {
      this.fail();
      return false;
    }
    this.depth++;
    this.saved.push(this.frame, this.frameKeys, this.frameIndex);
    this.frame = v;
    if (opener === 0x7b) {
      const keys = Object.keys(v);
      this.frameKeys = keys;
      this.treeKeys += keys.length;
      // Integer-like keys come first in Object.keys: when the first does not start with a digit, there is none.
      if (keys.length > 1 && isDigit((keys[0] as string).charCodeAt(0))) this.treeInTextOrder = false;
    } else {
      this.frameKeys = undefined;
    }
    this.frameIndex = 0;
    this.hasCur = false;
    return true;
  }

  /** Back to the enclosing container once the current one is read through (tree mode). */
  private leave(): void {
    const saved = this.saved;
    this.frameIndex = saved.pop() as number;
    this.frameKeys = saved.pop() as string[] | undefined;
    this.frame = saved.pop();
    this.depth--;
  }

  // Lexing

  private fail(): void {
    this.failed = true;
    this.i = this.n;
    this.hasCur = false;
  }

  /** The next non-whitespace code unit, or undefined at the end (or after a failure). */
  private peek(): number | undefined {
    if (this.failed) return undefined;
    this.skipWhitespace();
    return this.i < this.n ? this.text.charCodeAt(this.i) : undefined;
  }

  private literal(word: string): boolean {
    if (!this.text.startsWith(word, this.i)) return false;
    this.i += word.length;
    return true;
  }

  private skipWhitespace(): void {
    // Why only these four: RFC 8259 whitespace; anything else (a BOM, U+00A0) is an error.
    const c = this.text.charCodeAt(this.i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      WHITESPACE_RUN.lastIndex = this.i;
      WHITESPACE_RUN.test(this.text);
      this.i = WHITESPACE_RUN.lastIndex;
    }
  }

  /**
   * A string token from its opening quote: the string (empty when `keep` is false), LEXED_INVALID
   * for a well-formed token holding an unpaired surrogate, LEXED_SYNTAX_ERROR when malformed.
   */
  private lexString(keep: boolean): string | number {
    const text = this.text;
    const n = this.n;
    let i = this.i + 1;
    // Why runs: a 100 MB string is copied once per run of plain characters (`slice`), never
    // rebuilt one character at a time.
    let runStart = i;
    let escaped = false;
    // Why track surrogates: a string holding an unpaired surrogate is not a string (§5.8). The
    // decoded code units must be well-formed UTF-16, whether a surrogate was escaped or raw.
    let highPending = false; // the last code unit was a high surrogate, not yet paired
    let wellFormed = true;
    for (;;) {
      const hopStart = i;
      PLAIN_STRING_RUN.lastIndex = i;
      PLAIN_STRING_RUN.test(text);
      i = PLAIN_STRING_RUN.lastIndex;
      if (i >= n) return LEXED_SYNTAX_ERROR; // unterminated
      if (highPending && i > hopStart) {
        highPending = false;
        wellFormed = false;
      }
      let c = text.charCodeAt(i);
      if (c === 0x22) { // closing quote
        this.i = i + 1;
        if (highPending) wellFormed = false;
        let result = '';
        if (!escaped) {
          if (keep && wellFormed) result = text.slice(runStart, i); // no escapes: one slice of the text
        } else if (keep) {
          this.takeRun(runStart, i);
          this.flushUnits();
          result = this.pieces.join('');
          this.pieces = [];
        }
        return wellFormed ? result : LEXED_INVALID;
      }
      if (c === 0x5c) { // an escape
        if (!escaped) {
          escaped = true;
          this.pieces = [];
          this.units = [];
        }
        if (keep) this.takeRun(runStart, i);
        if (i + 1 >= n) return LEXED_SYNTAX_ERROR;
        let unit: number;
        switch (text.charCodeAt(i + 1)) {
          case 0x22: unit = 0x22; break; // \"
          case 0x5c: unit = 0x5c; break; // \\
          case 0x2f: unit = 0x2f; break; // \/
          case 0x62: unit = 0x08; break; // \b
          case 0x66: unit = 0x0c; break; // \f
          case 0x6e: unit = 0x0a; break; // \n
          case 0x72: unit = 0x0d; break; // \r
          case 0x74: unit = 0x09; break; // \t
          case 0x75: { // \uXXXX: exactly four hex digits
            if (i + 6 > n) return LEXED_SYNTAX_ERROR;
            unit = 0;
            for (let k = i + 2; k < i + 6; k++) {
              const h = hexValue(text.charCodeAt(k));
              if (h < 0) return LEXED_SYNTAX_ERROR;
              unit = unit * 16 + h;
            }
            i += 4;
            break;
          }
          default:
            return LEXED_SYNTAX_ERROR; // \a, \x, \' … are not JSON
        }
        i += 2;
        runStart = i;
        if ((unit & 0xfc00) === 0xdc00) {
          if (highPending) highPending = false; else wellFormed = false;
        } else {
          if (highPending) wellFormed = false;
          highPending = (unit & 0xfc00) === 0xd800;
        }
        if (keep) {
          this.units.push(unit);
          if (this.units.length >= 4096) this.flushUnits();
        }
        continue;
      }
      if (c < 0x20) return LEXED_SYNTAX_ERROR; // raw control characters must be escaped
      // A raw surrogate: it stays part of the current run; only its pairing is checked.
      if (c >= 0xdc00) {
        if (highPending) highPending = false; else wellFormed = false;
        i++;
        continue;
      }
      if (highPending) wellFormed = false; // two high surrogates in a row; the second stays pending
      highPending = true;
      i++;
      // Text rich in raw pairs (emoji): walk it here rather than one regex call per pair.
      while (i < n) {
        c = text.charCodeAt(i);
        if (highPending) {
          if ((c & 0xfc00) !== 0xdc00) break;
          highPending = false;
        } else if ((c & 0xfc00) === 0xd800) {
          highPending = true;
        } else if (c < 0x20 || c === 0x22 || c === 0x5c || (c & 0xfc00) === 0xdc00) {
          break;
        }
        i++;
      }
    }
  }

  /** Appends text[from..<to] to the string being decoded. */
  private takeRun(from: number, to: number): void {
    if (to - from >= 64) {
      this.flushUnits();
      this.pieces.push(this.text.slice(from, to));
    } else {
      for (let k = from; k < to; k++) this.units.push(this.text.charCodeAt(k));
      if (this.units.length >= 4096) this.flushUnits();
    }
  }

  private flushUnits(): void {
    if (this.units.length > 0) {
      this.pieces.push(String.fromCharCode.apply(null, this.units));
      this.units = [];
    }
  }

  /** A number token per the RFC grammar; undefined when malformed. */
  private lexNumber(): number | undefined {
    const text = this.text;
    const n = this.n;
    const start = this.i;
    let i = start;
    if (text.charCodeAt(i) === 0x2d) i++; // '-'
    const first = text.charCodeAt(i);
    if (first === 0x30) {
      i++; // a leading 0 stands alone: no "01", "-01", "0x10"
    } else if (first >= 0x31 && first <= 0x39) {
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    } else {
      return undefined; // a lone '-', "-a", "-.5"
    }
    if (text.charCodeAt(i) === 0x2e) { // a fraction needs a digit: "1." is not JSON
      i++;
      if (!isDigit(text.charCodeAt(i))) return undefined;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    }
    if ((text.charCodeAt(i) | 0x20) === 0x65) { // exponent: e/E, optional sign, digits
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(text.charCodeAt(i))) return undefined;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    }
    this.i = i;
    // Why Number(): the platform's correctly rounded conversion, as JavaScript readers see the
    // blob (1.0000000000000001 is 1; 1e400 is Infinity; -0 is -0).
    return Number(text.slice(start, i));
  }
}

// MARK: - Tree decoding (the generated tree decoders' part)

/**
 * JSON.parse's result for `text`, or undefined when JSON.parse rejects it (it never returns
 * undefined itself). A generated decoder walks the result with plain property reads when there is
 * one (docs/runtime-api.md, "Tree decoding") and lexes the text otherwise, so a text JSON.parse
 * rejects fails exactly as the lexer says. Why JSON.parse: the engine's native parser is several
 * times faster than lexing in JavaScript, and it accepts exactly the RFC 8259 texts the lexer
 * accepts except for unpaired surrogates and the depth limit, which the tree decoders check.
 */
export function contractJsonParse(text: string): unknown {
  if (!contractJsonScannerSettings.treeMode) return undefined; // the lexer decides everything
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What a tree decoder counts while it walks (its DecodeContext): the object keys it saw, each
 * once — the members it read and every key inside the values it skipped. `contractTreeComplete`
 * compares the total with the text.
 */
export interface ContractTreeCount {
  treeKeys: number;
  /**
   * The containers (objects and arrays) the walk entered or measured, each once: every tree
   * function that enters one, and every container inside the values it skipped (`treeSkip`).
   * `contractTreeComplete` compares the total with the text's `[` and `{`.
   */
  treeContainers: number;
  /**
   * Set when a value was not taken as written (a report would have an entry for it; docs/report.md).
   * Conservative: set for any value a tree read does not take, so a report is only ever left empty
   * when nothing was degraded.
   */
  degraded: boolean;
  /** A report was asked for: the first degraded value ends the walk (`treeDegraded`). */
  reporting: boolean;
}

/**
 * Thrown by `treeDegraded` when a report was asked for: the report has entries, which the
 * scanner decoders record (they keep duplicate keys and member positions), so the rest of the
 * walk would be wasted.
 */
export const CONTRACT_TREE_DEGRADED: { readonly contractTreeDegraded: true } = Object.freeze({ contractTreeDegraded: true as const });

/** A value was not taken as written: marks `count`, and with a report ends the walk (CONTRACT_TREE_DEGRADED). */
export function treeDegraded(count: ContractTreeCount): void {
  count.degraded = true;
  if (count.reporting) throw CONTRACT_TREE_DEGRADED;
}

/**
 * Thrown by a tree decoder for a container nested deeper than CONTRACT_MAX_DEPTH; the decoder
 * catches it and the document is malformed, as the lexer makes it.
 */
export class ContractTooDeep extends RangeError {
  constructor() {
    super('nested deeper than CONTRACT_MAX_DEPTH');
  }
}

/** Throws ContractTooDeep: the tree decoders call it on entering a container at CONTRACT_MAX_DEPTH. */
export function treeTooDeep(): never {
  throw new ContractTooDeep();
}

/**
 * A value a tree decoder does not take (the wrong type, or an unpaired surrogate): nothing to
 * read, but a container inside it still counts its keys and must nest within the depth limit
 * (`depth` = the containers around `v`). Always undefined, so a read can end in it.
 */
export function treeSkip(v: unknown, depth: number, count: ContractTreeCount): undefined {
  if (typeof v === 'object' && v !== null) {
    countedContainers = 0;
    const keys = countTreeKeys(v, CONTRACT_MAX_DEPTH - depth);
    if (keys < 0) treeTooDeep();
    count.treeKeys += keys;
    count.treeContainers += countedContainers;
  }
  return undefined;
}

/**
 * A union's tag in a JSON.parse result: the value of `v`'s own member `key` when `v` is an object
 * and that is a well-formed string, else undefined. JSON.parse keeps the last occurrence of a
 * duplicate key, as `peekTag` does. (Own member: a key named like an Object.prototype member,
 * `constructor`, `__proto__`, is data, never the prototype's.)
 */
export function treeTag(v: unknown, key: string): string | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
  const tag = (v as Record<string, unknown>)[key];
  return typeof tag === 'string' && isWellFormedUtf16(tag) ? tag : undefined;
}

/**
 * After a tree decoder's walk: whether the text nests within CONTRACT_MAX_DEPTH where the walk did
 * not look. First its brackets (`nestingProven`): a text too short or with too few `[` and `{` to
 * nest 513 deep, or with exactly as many as the walk's `containers`, is within the limit. Else
 * its colons: each member of the text has a `:` (and colons inside strings only add), so when the
 * walk counted as many keys as the text has colons it saw every member, checked every depth, and
 * the text held no duplicate key and no unknown key. Otherwise (an unknown key, a value a later
 * duplicate replaced, a colon in a string such as a URL) `json`, JSON.parse's result, is counted
 * whole: when its keys and the colons inside its keys and strings are the text's colons, it holds
 * every member of the text (no replaced duplicate) and its depth, measured on the way, is the
 * text's. Only when that fails too (a replaced duplicate, an escaped colon) is the text measured.
 */
export function contractTreeComplete(text: string, keys: number, json?: unknown, containers = -1): boolean {
  if (nestingProven(text, containers)) {
    treeDateTimeColons = 0; // as walkSawAll would: the count starts again with the next walk
    return true;
  }
  const colons = walkSawAll(text, keys);
  if (colons < 0) return true;
  if (json !== undefined) {
    const inTree = treeColons(json, CONTRACT_MAX_DEPTH);
    if (inTree < 0) return false; // JSON.parse's result nests too deep, so the text does
    if (inTree === colons && !holdsEscapedColon(text)) return true;
  }
  return nestsWithin(text, CONTRACT_MAX_DEPTH);
}

/**
 * Whether the text's brackets alone prove that it nests within CONTRACT_MAX_DEPTH (a text
 * JSON.parse accepted, `containers` the containers a tree walk entered or measured, each checked
 * for the depth; -1 for none). Nesting 513 deep takes 513 `[` or `{` (and as many closers), so a
 * text of at most 1,024 characters, or with at most 512 of them, never does. Otherwise, each
 * container of JSON.parse's result has its own opening bracket in the text, and brackets inside
 * strings only add: when the text holds exactly as many as the walk counted, the walk checked every
 * container of the text (none was under an unknown key or a replaced duplicate) at its depth.
 */
function nestingProven(text: string, containers: number): boolean {
  const n = text.length;
  if (n <= 2 * CONTRACT_MAX_DEPTH) return true;
  // Counting stops once past both the limit and the walk's count: the answer is then no.
  const stop = containers > CONTRACT_MAX_DEPTH ? containers : CONTRACT_MAX_DEPTH;
  let openers = 0;
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) {
    if (++openers > stop) return false;
  }
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) {
    if (++openers > stop) return false;
  }
  return openers <= CONTRACT_MAX_DEPTH || openers === containers;
}

/**
 * Whether the walk saw every member of the text: no duplicate key, no unknown key (a report over
 * the tree is then complete). The walk counted as many keys as the text has colons, or, when some
 * colons are inside strings (see `contractTreeComplete`), `json` holds exactly the text's colons and
 * the walk counted every key of `json`.
 */
export function contractTreeSawAll(text: string, keys: number, json?: unknown): boolean {
  const dateTimeColons = treeDateTimeColons;
  const colons = walkSawAll(text, keys);
  if (colons < 0) return true;
  if (json === undefined || colons < keys) return false;
  treeColonKeys = 0;
  return treeColons(json, CONTRACT_MAX_DEPTH) === colons && treeColonKeys === keys - dateTimeColons && !holdsEscapedColon(text);
}

/**
 * -1 when the walk's count is the text's colons (`keys`: the members it read and the keys inside
 * values it skipped, plus the colons of the date-times it read), else the text's colon count.
 * Resets `treeDateTimeColons` for the next walk.
 */
function walkSawAll(text: string, keys: number): number {
  const dateTimeColons = treeDateTimeColons;
  treeDateTimeColons = 0;
  const colons = countColons(text);
  // A date-time's colons were counted from JSON.parse's string; one written `\u003a` is no colon
  // of the text, and could stand in for the colon of a member JSON.parse hid (a replaced duplicate).
  return colons === keys && (dateTimeColons === 0 || !holdsEscapedColon(text)) ? -1 : colons;
}

/** The object keys the last `treeColons` counted. */
let treeColonKeys = 0;

/**
 * The colons the text of a JSON.parse result holds if no colon in it is escaped: one per key, plus
 * those inside its keys and strings; -1 when it nests more than `levels` containers deep (a
 * scalar: 0 levels). Adds its keys to `treeColonKeys`. Recursion stops at `levels`.
 */
function treeColons(v: unknown, levels: number): number {
  if (typeof v === 'string') return colonsIn(v);
  if (typeof v !== 'object' || v === null) return 0;
  if (levels <= 0) return -1;
  let colons = 0;
  if (Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) {
      const inner = treeColons(v[k], levels - 1);
      if (inner < 0) return -1;
      colons += inner;
    }
    return colons;
  }
  const object = v as Record<string, unknown>;
  const names = Object.keys(object);
  treeColonKeys += names.length;
  for (let k = 0; k < names.length; k++) {
    const name = names[k] as string;
    const inner = treeColons(object[name], levels - 1);
    if (inner < 0) return -1;
    colons += 1 + colonsIn(name) + inner;
  }
  return colons;
}

function colonsIn(s: string): number {
  let count = 0;
  for (let at = s.indexOf(':'); at >= 0; at = s.indexOf(':', at + 1)) count++;
  return count;
}

/** The colons `treeDateTime` added to a count since the last `contractTreeSawAll` (which resets it). */
let treeDateTimeColons = 0;

/** Whether the text holds `\u003a` or `\u003A` (even as the tail of an escaped backslash: a conservative answer). */
function holdsEscapedColon(text: string): boolean {
  for (let at = text.indexOf('\\u003'); at >= 0; at = text.indexOf('\\u003', at + 1)) {
    if ((text.charCodeAt(at + 5) | 0x20) === 0x61) return true;
  }
  return false;
}

/**
 * `parseDateTime` in a tree decoder. A date-time it reads holds exactly two colons, three with a
 * numeric offset (`08:30:00+02:00`, not `08:30:00Z`); they are added to `count.treeKeys`, so a
 * text whose only other colons are its members still matches `contractTreeSawAll` and is not
 * measured again (`nestsWithin`) just because it holds date-times. A string it does not read adds
 * nothing: its colons, if any, leave the count short and the text is measured, as before. (The
 * colons come from the parsed string, so `contractTreeSawAll` refuses a text with an escaped colon.)
 */
export function treeDateTime(s: string, count: ContractTreeCount): number | undefined {
  const instant = parseDateTime(s);
  if (instant !== undefined) {
    const colons = s.charCodeAt(s.length - 1) === 0x5a ? 2 : 3;
    count.treeKeys += colons;
    treeDateTimeColons += colons;
  }
  return instant;
}

/**
 * `orUnknown` in a tree decoder: a string none of the enum's values reads as `unknown`, which a
 * report would record (`count.degraded`).
 */
export function treeOrUnknown<T extends string>(text: string | undefined, read: (text: string | undefined) => T | undefined, unknown: T, count: ContractTreeCount): T | undefined {
  if (text === undefined) return undefined;
  const known = read(text);
  if (known !== undefined) return known;
  treeDegraded(count);
  return unknown;
}

/** A JSON.parse result that is an object (tree mode). */
function isTreeObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The object keys in a JSON.parse result, or -1 when it nests more than `levels` containers deep
 * (a scalar: 0 keys, 0 levels). Recursion stops at `levels` (≤ CONTRACT_MAX_DEPTH), so a
 * 10^6-level value costs no more stack than 512.
 */
function countTreeKeys(v: unknown, levels: number): number {
  if (typeof v !== 'object' || v === null) return 0;
  if (levels <= 0) return -1;
  countedContainers++;
  let keys = 0;
  if (Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) {
      const item = v[k];
      if (typeof item !== 'object' || item === null) continue;
      const inner = countTreeKeys(item, levels - 1);
      if (inner < 0) return -1;
      keys += inner;
    }
    return keys;
  }
  const object = v as Record<string, unknown>;
  const names = Object.keys(object);
  keys = names.length;
  for (let k = 0; k < names.length; k++) {
    const item = object[names[k] as string];
    if (typeof item !== 'object' || item === null) continue;
    const inner = countTreeKeys(item, levels - 1);
    if (inner < 0) return -1;
    keys += inner;
  }
  return keys;
}

/** The containers the last `countTreeKeys` calls measured (`treeSkip` resets it). */
let countedContainers = 0;

/** How many `:` the text holds (inside strings too). */
function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) count++;
  return count;
}

/**
 * Sticky: from a structural position, everything up to the next bracket or brace, with strings
 * (whose brackets are not structure) taken whole. Only for valid JSON text.
 */
const UP_TO_BRACKET = /[^"[\]{}]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"[\]{}]*)*/y;

/** Whether a text JSON.parse accepted nests at most `levels` containers deep. */
function nestsWithin(text: string, levels: number): boolean {
  const n = text.length;
  if (n <= 2 * levels) return true; // too short to hold levels + 1 openers and their closers
  let depth = 0;
  try {
    for (let i = 0; ; i++) {
      UP_TO_BRACKET.lastIndex = i;
      // The pattern matches the empty text, so false means the engine gave up: JavaScriptCore
      // does so quietly (from about 850,000 escapes in one string) where V8 throws. Walk by hand.
      if (!UP_TO_BRACKET.test(text)) break;
      i = UP_TO_BRACKET.lastIndex;
      if (i >= n) return true;
      const c = text.charCodeAt(i);
      if (c === 0x5b || c === 0x7b) {
        if (++depth > levels) return false;
      } else {
        depth--;
      }
    }
  } catch {
    // The engine's regex stack (a string with a great many escapes): the same walk by hand.
  }
  depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let close = i;
      for (;;) {
        close = text.indexOf('"', close + 1);
        let before = close - 1;
        while (text.charCodeAt(before) === 0x5c) before--;
        if ((close - 1 - before) % 2 === 0) break; // not preceded by an odd run of backslashes
      }
      i = close;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > levels) return false;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return true;
}

/** Keys seen by the last `treeValue` (see `ContractJsonScanner.finish`). */
let treeValueKeys = 0;

/**
 * A JSON.parse result as a ContractJson, or undefined when it nests more than `levels` deep:
 * objects become Maps (keys holding an unpaired surrogate dropped), strings holding one become
 * CONTRACT_INVALID_STRING, as `value()` builds them from the text. Adds its keys to
 * `treeValueKeys`. Recursion stops at `levels` (≤ CONTRACT_MAX_DEPTH).
 */
function treeValue(v: unknown, levels: number): ContractJson | undefined {
  if (typeof v === 'string') return isWellFormedUtf16(v) ? v : CONTRACT_INVALID_STRING;
  if (typeof v !== 'object' || v === null) return v as number | boolean | null;
  if (levels <= 0) return undefined;
  if (Array.isArray(v)) {
    const items: ContractJson[] = [];
    for (let k = 0; k < v.length; k++) {
      const item = treeValue(v[k], levels - 1);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return items;
  }
  const source = v as Record<string, unknown>;
  const object: ContractJsonObject = new Map();
  const keys = Object.keys(source);
  treeValueKeys += keys.length;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    const item = treeValue(source[key], levels - 1);
    if (item === undefined) return undefined;
    if (isWellFormedUtf16(key)) object.set(key, item);
  }
  return object;
}

/** ES2024's String.prototype.isWellFormed (Node 20, current JavaScriptCore), when the engine has it. */
const NATIVE_IS_WELL_FORMED =
  typeof (String.prototype as unknown as { isWellFormed?: unknown }).isWellFormed === 'function';

/**
 * Whether `s` is well-formed UTF-16 (no unpaired surrogate): a string that is not is no string
 * to any field (§5.8). For example `isWellFormedUtf16('\ud83d\ude00')` is true and
 * `isWellFormedUtf16('\ud83d')` false. The engine's own check when it has one, else
 * `isWellFormedUtf16Portable`.
 */
export function isWellFormedUtf16(s: string): boolean {
  return NATIVE_IS_WELL_FORMED ? (s as unknown as { isWellFormed(): boolean }).isWellFormed() : isWellFormedUtf16Portable(s);
}

/** `isWellFormedUtf16` for engines without `isWellFormed`: every high surrogate followed by a low one, no other low one. */
export function isWellFormedUtf16Portable(s: string): boolean {
  const n = s.length;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c >= 0xdc00) return false; // a low surrogate without a high one
    k++;
    if (k >= n) return false;
    const d = s.charCodeAt(k);
    if (d < 0xdc00 || d > 0xdfff) return false; // a high surrogate without a low one
  }
  return true;
}

/** How many UTF-16 units `contractUtf8Text` turns into text at once (within every engine's argument limit). */
const UTF8_CHUNK = 4096;

/**
 * The text of UTF-8 bytes, or undefined when they are not well-formed UTF-8 (RFC 3629, Unicode
 * Table 3-7: no overlong form, no encoded surrogate, nothing above U+10FFFF, no truncated
 * sequence, no stray continuation byte): what a generated `decodeBytes` reads. It never repairs
 * into U+FFFD, as `TextDecoder` does by default (and `TextDecoder` is missing from
 * JavaScriptCore's shell and older engines). One pass; ASCII bytes are copied without a look at
 * the table. For example `contractUtf8Text(new Uint8Array([0x7b, 0x7d]))` is `'{}'` and
 * `contractUtf8Text(new Uint8Array([0xc0, 0x80]))` undefined.
 */
export function contractUtf8Text(bytes: Uint8Array): string | undefined {
  const n = bytes.length;
  const units = new Uint16Array(Math.min(n, UTF8_CHUNK) + 1);
  let parts = '';
  let out = 0;
  let i = 0;
  while (i < n) {
    if (out >= UTF8_CHUNK) {
      parts += String.fromCharCode.apply(null, units.subarray(0, out) as unknown as number[]);
      out = 0;
    }
    const lead = bytes[i]!;
    if (lead < 0x80) {
      units[out++] = lead;
      i++;
      continue;
    }
    const trailing = utf8Trailing(lead);
    if (trailing < 0 || i + trailing >= n) return undefined;
    let scalar = lead & (0x3f >> trailing);
    for (let k = 1; k <= trailing; k++) {
      const byte = bytes[i + k]!;
      if (byte < (k === 1 ? utf8Low(lead) : 0x80) || byte > (k === 1 ? utf8High(lead) : 0xbf)) return undefined;
      scalar = (scalar << 6) | (byte & 0x3f);
    }
    if (scalar >= 0x10000) {
      units[out++] = 0xd800 + ((scalar - 0x10000) >> 10);
      units[out++] = 0xdc00 + (scalar & 0x3ff);
    } else {
      units[out++] = scalar;
    }
    i += trailing + 1;
  }
  return parts + String.fromCharCode.apply(null, units.subarray(0, out) as unknown as number[]);
}

/**
 * Where `bytes` stop being the beginning of well-formed UTF-8 (docs/report.md, `utf-8`): the first
 * byte that cannot start a character (`80`–`C1`, `F5`–`FF`) or cannot continue the one begun
 * (`E0 80` at the `80`, `ED A0` at the `A0`); their length when they end inside a character or
 * never stop.
 */
export function contractUtf8StopOffset(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const trailing = utf8Trailing(lead);
    if (trailing < 0) return i;
    for (let k = 1; k <= trailing; k++) {
      if (i + k >= n) return n;
      const byte = bytes[i + k]!;
      if (byte < (k === 1 ? utf8Low(lead) : 0x80) || byte > (k === 1 ? utf8High(lead) : 0xbf)) return i + k;
    }
    i += trailing + 1;
  }
  return n;
}

// Unicode Table 3-7: how many bytes follow a lead byte (-1: it starts nothing), and the range of
// the first of them, which excludes overlongs (E0, F0), surrogates (ED) and > U+10FFFF (F4).
function utf8Trailing(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return -1;
}

function utf8Low(lead: number): number {
  return lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
}

function utf8High(lead: number): number {
  return lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

// MARK: - Serializer

/**
 * Compact JSON text of `value`. Integral numbers within ±(2^53−1) print as integers (-0 as `0`),
 * other finite numbers in JavaScript's shortest round-trip form; ±Infinity (only `1e400`-like
 * input produces it) prints as `1e400` / `-1e400`, so re-reading gives the same value; the
 * invalid-string sentinel prints as `"\ufffd"` (U+FFFD, the replacement for the unpaired surrogate
 * it stood for: the entry is kept and stays a non-boolean, non-valid-for-anything value).
 * Strings are escaped per RFC 8259.
 * For example, `serializeContractJson(new Map([["t1", true]]))` is `{"t1":true}`.
 */
export function serializeContractJson(value: ContractJson): string {
  const out: string[] = [];
  writeValue(value, out);
  return out.join('');
}

/** Recursive, but only over values this runtime built or parsed (≤ CONTRACT_MAX_DEPTH levels). */
function writeValue(value: ContractJson, out: string[]): void {
  if (value === null) {
    out.push('null');
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (typeof value === 'number') {
    out.push(formatNumber(value));
  } else if (typeof value === 'string') {
    out.push(quoteString(value));
  } else if (value === CONTRACT_INVALID_STRING) {
    // The six characters \ufffd, spelled as docs/runtime-api.md §2 spells them (ASCII output).
    out.push('"\\ufffd"');
  } else if (Array.isArray(value)) {
    out.push('[');
    let first = true;
    for (const item of value) {
      if (!first) out.push(',');
      first = false;
      writeValue(item, out);
    }
    out.push(']');
  } else if (value instanceof Map) {
    out.push('{');
    let first = true;
    for (const [k, v] of value) {
      if (!first) out.push(',');
      first = false;
      out.push(quoteString(k), ':');
      writeValue(v, out);
    }
    out.push('}');
  } else {
    out.push('null'); // unreachable for well-typed input
  }
}

/** A character JSON.stringify would escape (or a surrogate, which it escapes when unpaired). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string literal per RFC 8259: `"`, `\` and control characters escaped (as JSON.stringify
 * spells them), everything else as is. Why the fast path: most strings need no escape, and
 * JSON.stringify on millions of short strings dominates writing a large blob.
 */
function quoteString(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

function formatNumber(x: number): string {
  // Why integers as integers: epoch millis must read 1784325600000, never 1.7843256E12.
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return x === 0 ? '0' : String(x);
  if (Number.isFinite(x)) return String(x);
  if (x === Infinity) return '1e400';
  if (x === -Infinity) return '-1e400';
  return 'null'; // NaN: not a JSON value, never produced by the reader
}

/**
 * A `JSON.stringify` replacer for decoded values, whose maps are `ReadonlyMap`s: a `Map` has no
 * enumerable own properties, so `JSON.stringify(value)` alone writes every map as `{}`.
 * `JSON.stringify(value, contractJsonReplacer)` writes each map as a plain JSON object instead
 * (its entries in insertion order; a key such as `__proto__` stays an ordinary key). For logs and
 * debugging: the app's writer is the generated `encode`, which checks every value.
 */
export function contractJsonReplacer(_key: string, value: unknown): unknown {
  if (!(value instanceof Map)) return value;
  const plain: { [key: string]: unknown } = {};
  for (const [key, entry] of value) {
    // defineProperty, not `plain[key] =`: assigning "__proto__" would set the prototype instead.
    Object.defineProperty(plain, String(key), { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return plain;
}

// MARK: - Constraints and order

/**
 * `value` when it is present and passes `test` (a field's constraints: non-empty, min, max),
 * else undefined. TypeScript's spelling of Swift's `.flatMap { test($0) ? $0 : nil }`.
 * For example, `satisfying("", (v) => v.length > 0)` is undefined.
 */
export function satisfying<T>(value: T | undefined, test: (value: T) => boolean): T | undefined {
  return value !== undefined && test(value) ? value : undefined;
}

/**
 * The length `min-length` and `max-length` count, identical in all three languages: Unicode
 * scalar values (code points), never UTF-16 units (`length`: "😀" is 2 there, 1 here). One pass,
 * counting every code unit that is not the trailing half of a surrogate pair: `"é"` 1,
 * `"e\u0301"` 2, `"😀"` 1. (The scanner never yields an unpaired surrogate.)
 */
export function contractTextLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) continue; // the second half of a pair
    }
    count++;
  }
  return count;
}

/**
 * The key a map field files `text` under: itself when ASCII (no other text is canonically
 * equivalent to an ASCII one but itself), else its NFC form, so "é" and "e\u0301" (and "K" and
 * U+212A) are one key, as in Swift's `[String: T]` (docs/semantics.md row 15).
 */
export function contractMapKey(text: string): string {
  return isAsciiText(text) ? text : text.normalize('NFC');
}

function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) return false;
  }
  return true;
}

/**
 * The keys of one map field being read: which earlier entry a key replaces. An exact repeat, as
 * always; and, once a non-ASCII key has been seen, a key of another spelling with the same NFC
 * form (docs/semantics.md row 15). A map of ASCII keys never normalises anything.
 */
export class ContractMapKeys {
  private forms: Map<string, string> | undefined = undefined;

  /**
   * The key whose entry `name` replaces (`name` itself, or its earlier canonically equivalent
   * spelling); `kept`: `name` gets an entry. `existing`: the map's keys so far.
   */
  replaced(name: string, kept: boolean, existing: Iterable<string>): string {
    let forms = this.forms;
    if (forms === undefined) {
      if (isAsciiText(name)) return name;
      forms = new Map();
      for (const key of existing) forms.set(contractMapKey(key), key);
      this.forms = forms;
    }
    const form = contractMapKey(name);
    const earlier = forms.get(form);
    forms.delete(form);
    if (kept) forms.set(form, name);
    return earlier ?? name;
  }
}

/**
 * Thrown by a decoder that walks JSON.parse's result when two keys of a map field are canonically
 * equivalent: which of them came last only the text says (JSON.parse keeps an exact repeat's value
 * at its first position), so `decode` lexes the text instead.
 */
export const CONTRACT_NEEDS_TEXT: { readonly contractNeedsText: true } = Object.freeze({ contractNeedsText: true as const });

/** Leaves JSON.parse's result for the text (see CONTRACT_NEEDS_TEXT). */
export function contractNeedsText(): never {
  throw CONTRACT_NEEDS_TEXT;
}

/**
 * An open enum's read: `text` is the scanned string (undefined when the value was not a string,
 * an unpaired surrogate included), `read` the enum's exact reader. A string that is none of the
 * values reads as `unknown`; a value that is not a string stays undefined (the presence policy decides).
 */
export function orUnknown<T extends string>(text: string | undefined, read: (text: string | undefined) => T | undefined, unknown: T): T | undefined {
  if (text === undefined) return undefined;
  const known = read(text);
  return known === undefined ? unknown : known;
}

/**
 * `a < b` in UTF-16 code-unit order, which is what `<` on JavaScript strings compares.
 * Why UTF-16 order: it is the one order Swift, Kotlin and TypeScript can all compute identically
 * (`"10"` < `"9"`, `"Z"` < `"a"`, `"😀"` < `"ｚ"`), unlike locale or code-point order.
 */
export function utf16Less(a: string, b: string): boolean {
  return a < b;
}

// MARK: - Calendar
// Proleptic Gregorian, ASCII digits, an explicit IANA zone; never the device's calendar, locale
// or default zone (a Buddhist-calendar device must not shift the year by 543).

const MS_PER_DAY = 86_400_000;

/**
 * Whether `s` is exactly `YYYY-MM-DD` with ASCII digits naming a real date in years 0001–9999.
 * For example, `isValidLocalDate("2024-02-29")` is true; `isValidLocalDate("2026-7-1")` is false.
 */
export function isValidLocalDate(s: string): boolean {
  return parseLocalDate(s) !== undefined;
}

/**
 * `[year, month, day]` of a `YYYY-MM-DD` string: exactly 10 UTF-16 code units, ASCII digits only,
 * year 0001–9999, month 01–12, a day that exists in that month; undefined otherwise.
 * Why hand-written: platform date parsers are lenient (`2026-02-30` rolls into March).
 * For example, `parseLocalDate("2026-07-17")` is `[2026, 7, 17]`.
 */
export function parseLocalDate(s: string): [number, number, number] | undefined {
  if (typeof s !== 'string' || s.length !== 10 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return undefined;
  const year = asciiNumber(s, 0, 4);
  const month = asciiNumber(s, 5, 7);
  const day = asciiNumber(s, 8, 10);
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return [year, month, day];
}

/** The value of the ASCII digits s[from..<to]; -1 if any is not an ASCII digit (full-width digits are not). */
function asciiNumber(s: string, from: number, to: number): number {
  let v = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (!isDigit(c)) return -1;
    v = v * 10 + (c - 0x30);
  }
  return v;
}

/** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the instants a `dateTime` may hold. */
export const DATE_TIME_MIN_MS = -62_135_596_800_000;
export const DATE_TIME_MAX_MS = 253_402_300_799_999;

/**
 * The instant of an RFC 3339 `date-time` in its one strict form, as epoch milliseconds:
 * `YYYY-MM-DDTHH:MM:SS`, optionally `.` and 1–9 digits, then `Z` or `+HH:MM` / `-HH:MM`. ASCII
 * digits; `T` and `Z` upper case; a real date (as parseLocalDate); hour 00–23, minute and second
 * 00–59 (no leap second: epoch milliseconds cannot hold `:60`); offset hours 00–23, minutes
 * 00–59 (`-00:00` is UTC). Digits past the millisecond are dropped (floored). The instant must lie
 * within DATE_TIME_MIN_MS … DATE_TIME_MAX_MS, so it can be written back in UTC.
 * Why hand-written: `Date.parse` accepts a missing offset (as local time), `2026-02-30`, and
 * engine-specific forms.
 * For example, `parseDateTime("2026-07-17T08:30:00.250+02:00")` is 1784269800250;
 * `parseDateTime("2026-07-17 08:30:00Z")` is undefined.
 */
export function parseDateTime(s: string): number | undefined {
  const n = s.length;
  if (n < 20 || n > 35) return undefined;
  if (s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d || s.charCodeAt(10) !== 0x54 || s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a) {
    return undefined;
  }
  const year = asciiNumber(s, 0, 4);
  const month = asciiNumber(s, 5, 7);
  const day = asciiNumber(s, 8, 10);
  const hour = asciiNumber(s, 11, 13);
  const minute = asciiNumber(s, 14, 16);
  const second = asciiNumber(s, 17, 19);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  let i = 19;
  let millis = 0;
  if (s.charCodeAt(i) === 0x2e) {
    i++;
    const start = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i - start < 1 || i - start > 9) return undefined;
    for (let k = 0; k < 3; k++) millis = millis * 10 + (start + k < i ? s.charCodeAt(start + k) - 0x30 : 0);
  }
  if (i >= n) return undefined;
  let offsetMinutes = 0;
  const sign = s.charCodeAt(i);
  if (sign === 0x5a) {
    i++;
  } else if (sign === 0x2b || sign === 0x2d) {
    if (n - i !== 6 || s.charCodeAt(i + 3) !== 0x3a) return undefined;
    const hours = asciiNumber(s, i + 1, i + 3);
    const minutes = asciiNumber(s, i + 4, i + 6);
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return undefined;
    offsetMinutes = (sign === 0x2b ? 1 : -1) * (hours * 60 + minutes);
    i += 6;
  } else {
    return undefined;
  }
  if (i !== n) return undefined;
  const seconds = ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second;
  const instant = seconds * 1000 + millis;
  return instant < DATE_TIME_MIN_MS || instant > DATE_TIME_MAX_MS ? undefined : instant;
}

/**
 * The UTC spelling `YYYY-MM-DDTHH:MM:SS.sssZ` of an instant within DATE_TIME_MIN_MS …
 * DATE_TIME_MAX_MS (what the encoder writes; parseDateTime reads it back exactly). Not
 * `Date.prototype.toISOString`, which writes years before 1000 and after 9999 differently.
 * For example, `formatDateTime(1784269800250)` is `"2026-07-17T06:30:00.250Z"`.
 */
export function formatDateTime(ms: number): string {
  const days = Math.floor(ms / MS_PER_DAY);
  const inDay = ms - days * MS_PER_DAY;
  const [year, month, day] = civilFromDays(days);
  const pad = (v: number, width: number): string => {
    let t = String(v);
    while (t.length < width) t = '0' + t;
    return t;
  };
  return pad(year, 4) + '-' + pad(month, 2) + '-' + pad(day, 2) + 'T' + pad(Math.floor(inDay / 3_600_000), 2) + ':' +
    pad(Math.floor(inDay / 60_000) % 60, 2) + ':' + pad(Math.floor(inDay / 1000) % 60, 2) + '.' + pad(inDay % 1000, 3) + 'Z';
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days since 1970-01-01 of a proleptic-Gregorian date (Howard Hinnant's days_from_civil; pure
 * integer arithmetic, no platform calendar).
 * For example, `daysFromCivil(1970, 1, 1)` is 0; `daysFromCivil(2026, 7, 17)` is 20651.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400; // [0, 399]
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1; // [0, 365]
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy; // [0, 146096]
  return era * 146097 + doe - 719468;
}

/**
 * The proleptic-Gregorian `[year, month, day]` of a count of days since 1970-01-01 (Howard
 * Hinnant's civil_from_days).
 * For example, `civilFromDays(0)` is `[1970, 1, 1]`.
 */
export function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097; // [0, 146096]
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // [0, 365]
  const mp = Math.floor((5 * doy + 2) / 153); // [0, 11], March-based
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return [year, month, day];
}

/** One formatter per valid zone id; creating an Intl.DateTimeFormat is far costlier than using it. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(id: string): Intl.DateTimeFormat | undefined {
  const cached = zoneFormatters.get(id);
  if (cached !== undefined) return cached;
  // The one zone-id rule of docs/semantics.md, identical in Swift and Kotlin, checked before Intl
  // is asked: Intl matches ids case-insensitively and accepts aliases ("us/pacific", "zulu").
  if (typeof id !== 'string' || !isZoneIdSyntax(id) || !ianaZoneNames().has(id)) return undefined;
  let formatter: Intl.DateTimeFormat;
  try {
    // Why en-US with the Gregorian calendar and Latin digits spelled out, an era and h23: ASCII
    // digits in the proleptic Gregorian calendar whatever the device's locale; the era tells
    // 1 BC from 1 AD; h23 never prints midnight as "24".
    // (`hourCycle` is ES2020 Intl, not in the ES2019 typings this file compiles against.)
    const options: Intl.DateTimeFormatOptions & { hourCycle: 'h23' } = {
      timeZone: id,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    };
    formatter = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', options);
  } catch {
    return undefined; // Intl throws a RangeError for an unknown zone
  }
  zoneFormatters.set(id, formatter);
  return formatter;
}

/**
 * The zone-id grammar: 1 to 3 segments separated by `/`, each 1 to 14 ASCII characters from
 * `A-Z a-z 0-9 _ + -`, starting with a letter or `_` (IANA's own file-name rules; so no `.`/`..`,
 * NUL, control, space or non-ASCII character ever reaches Intl).
 * For example, `isZoneIdSyntax("Etc/GMT-5")` is true; `isZoneIdSyntax("../etc/passwd")` is false.
 */
export function isZoneIdSyntax(id: string): boolean {
  let segments = 1;
  let length = 0; // of the current segment
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 0x2f) { // '/'
      if (length === 0 || segments >= 3) return false;
      segments++;
      length = 0;
    } else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f) { // A-Z a-z _
      length++;
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d) { // 0-9 + -
      if (length === 0) return false;
      length++;
    } else {
      return false;
    }
    if (length > 14) return false;
  }
  return length > 0;
}

/**
 * Every zone id accepted anywhere: the names (zones and links) of IANA tzdata 2025b, minus those one
 * of the platforms lacks (see docs/semantics.md). Exact spelling: the only way to tell `US/Pacific`
 * from `us/pacific` here. The same block, byte for byte, is in the Swift and Kotlin runtimes.
 */
let ianaZoneNameSet: Set<string> | undefined;

function ianaZoneNames(): Set<string> {
  if (ianaZoneNameSet === undefined) {
    ianaZoneNameSet = new Set(ianaZoneNameBlock.split(/[ \n]+/).filter((name) => name.length > 0));
  }
  return ianaZoneNameSet;
}

// BEGIN IANA ZONE NAMES
const ianaZoneNameBlock = `
    Africa/Abidjan Africa/Accra Africa/Addis_Ababa Africa/Algiers Africa/Asmara Africa/Asmera
    Africa/Bamako Africa/Bangui Africa/Banjul Africa/Bissau Africa/Blantyre Africa/Brazzaville
    Africa/Bujumbura Africa/Cairo Africa/Casablanca Africa/Ceuta Africa/Conakry Africa/Dakar
    Africa/Dar_es_Salaam Africa/Djibouti Africa/Douala Africa/El_Aaiun Africa/Freetown
    Africa/Gaborone Africa/Harare Africa/Johannesburg Africa/Juba Africa/Kampala Africa/Khartoum
    Africa/Kigali Africa/Kinshasa Africa/Lagos Africa/Libreville Africa/Lome Africa/Luanda
    Africa/Lubumbashi Africa/Lusaka Africa/Malabo Africa/Maputo Africa/Maseru Africa/Mbabane
    Africa/Mogadishu Africa/Monrovia Africa/Nairobi Africa/Ndjamena Africa/Niamey Africa/Nouakchott
    Africa/Ouagadougou Africa/Porto-Novo Africa/Sao_Tome Africa/Timbuktu Africa/Tripoli Africa/Tunis
    Africa/Windhoek America/Adak America/Anchorage America/Anguilla America/Antigua
    America/Araguaina America/Argentina/Buenos_Aires America/Argentina/Catamarca
    America/Argentina/ComodRivadavia America/Argentina/Cordoba America/Argentina/Jujuy
    America/Argentina/La_Rioja America/Argentina/Mendoza America/Argentina/Rio_Gallegos
    America/Argentina/Salta America/Argentina/San_Juan America/Argentina/San_Luis
    America/Argentina/Tucuman America/Argentina/Ushuaia America/Aruba America/Asuncion
    America/Atikokan America/Atka America/Bahia America/Bahia_Banderas America/Barbados
    America/Belem America/Belize America/Blanc-Sablon America/Boa_Vista America/Bogota America/Boise
    America/Buenos_Aires America/Cambridge_Bay America/Campo_Grande America/Cancun America/Caracas
    America/Catamarca America/Cayenne America/Cayman America/Chicago America/Chihuahua
    America/Ciudad_Juarez America/Coral_Harbour America/Cordoba America/Costa_Rica America/Creston
    America/Cuiaba America/Curacao America/Danmarkshavn America/Dawson America/Dawson_Creek
    America/Denver America/Detroit America/Dominica America/Edmonton America/Eirunepe
    America/El_Salvador America/Ensenada America/Fort_Nelson America/Fort_Wayne America/Fortaleza
    America/Glace_Bay America/Godthab America/Goose_Bay America/Grand_Turk America/Grenada
    America/Guadeloupe America/Guatemala America/Guayaquil America/Guyana America/Halifax
    America/Havana America/Hermosillo America/Indiana/Indianapolis America/Indiana/Knox
    America/Indiana/Marengo America/Indiana/Petersburg America/Indiana/Tell_City
    America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac America/Indianapolis
    America/Inuvik America/Iqaluit America/Jamaica America/Jujuy America/Juneau
    America/Kentucky/Louisville America/Kentucky/Monticello America/Knox_IN America/Kralendijk
    America/La_Paz America/Lima America/Los_Angeles America/Louisville America/Lower_Princes
    America/Maceio America/Managua America/Manaus America/Marigot America/Martinique
    America/Matamoros America/Mazatlan America/Mendoza America/Menominee America/Merida
    America/Metlakatla America/Mexico_City America/Miquelon America/Moncton America/Monterrey
    America/Montevideo America/Montreal America/Montserrat America/Nassau America/New_York
    America/Nipigon America/Nome America/Noronha America/North_Dakota/Beulah
    America/North_Dakota/Center America/North_Dakota/New_Salem America/Nuuk America/Ojinaga
    America/Panama America/Pangnirtung America/Paramaribo America/Phoenix America/Port-au-Prince
    America/Port_of_Spain America/Porto_Acre America/Porto_Velho America/Puerto_Rico
    America/Punta_Arenas America/Rainy_River America/Rankin_Inlet America/Recife America/Regina
    America/Resolute America/Rio_Branco America/Rosario America/Santa_Isabel America/Santarem
    America/Santiago America/Santo_Domingo America/Sao_Paulo America/Scoresbysund America/Shiprock
    America/Sitka America/St_Barthelemy America/St_Johns America/St_Kitts America/St_Lucia
    America/St_Thomas America/St_Vincent America/Swift_Current America/Tegucigalpa America/Thule
    America/Thunder_Bay America/Tijuana America/Toronto America/Tortola America/Vancouver
    America/Virgin America/Whitehorse America/Winnipeg America/Yakutat America/Yellowknife
    Antarctica/Casey Antarctica/Davis Antarctica/DumontDUrville Antarctica/Macquarie
    Antarctica/Mawson Antarctica/McMurdo Antarctica/Palmer Antarctica/Rothera Antarctica/South_Pole
    Antarctica/Syowa Antarctica/Troll Antarctica/Vostok Arctic/Longyearbyen Asia/Aden Asia/Almaty
    Asia/Amman Asia/Anadyr Asia/Aqtau Asia/Aqtobe Asia/Ashgabat Asia/Ashkhabad Asia/Atyrau
    Asia/Baghdad Asia/Bahrain Asia/Baku Asia/Bangkok Asia/Barnaul Asia/Beirut Asia/Bishkek
    Asia/Brunei Asia/Calcutta Asia/Chita Asia/Choibalsan Asia/Chongqing Asia/Chungking Asia/Colombo
    Asia/Dacca Asia/Damascus Asia/Dhaka Asia/Dili Asia/Dubai Asia/Dushanbe Asia/Famagusta Asia/Gaza
    Asia/Harbin Asia/Hebron Asia/Ho_Chi_Minh Asia/Hong_Kong Asia/Hovd Asia/Irkutsk Asia/Istanbul
    Asia/Jakarta Asia/Jayapura Asia/Jerusalem Asia/Kabul Asia/Kamchatka Asia/Karachi Asia/Kashgar
    Asia/Kathmandu Asia/Katmandu Asia/Khandyga Asia/Kolkata Asia/Krasnoyarsk Asia/Kuala_Lumpur
    Asia/Kuching Asia/Kuwait Asia/Macao Asia/Macau Asia/Magadan Asia/Makassar Asia/Manila
    Asia/Muscat Asia/Nicosia Asia/Novokuznetsk Asia/Novosibirsk Asia/Omsk Asia/Oral Asia/Phnom_Penh
    Asia/Pontianak Asia/Pyongyang Asia/Qatar Asia/Qostanay Asia/Qyzylorda Asia/Rangoon Asia/Riyadh
    Asia/Saigon Asia/Sakhalin Asia/Samarkand Asia/Seoul Asia/Shanghai Asia/Singapore
    Asia/Srednekolymsk Asia/Taipei Asia/Tashkent Asia/Tbilisi Asia/Tehran Asia/Tel_Aviv Asia/Thimbu
    Asia/Thimphu Asia/Tokyo Asia/Tomsk Asia/Ujung_Pandang Asia/Ulaanbaatar Asia/Ulan_Bator
    Asia/Urumqi Asia/Ust-Nera Asia/Vientiane Asia/Vladivostok Asia/Yakutsk Asia/Yangon
    Asia/Yekaterinburg Asia/Yerevan Atlantic/Azores Atlantic/Bermuda Atlantic/Canary
    Atlantic/Cape_Verde Atlantic/Faeroe Atlantic/Faroe Atlantic/Jan_Mayen Atlantic/Madeira
    Atlantic/Reykjavik Atlantic/South_Georgia Atlantic/St_Helena Atlantic/Stanley Australia/ACT
    Australia/Adelaide Australia/Brisbane Australia/Broken_Hill Australia/Canberra Australia/Currie
    Australia/Darwin Australia/Eucla Australia/Hobart Australia/LHI Australia/Lindeman
    Australia/Lord_Howe Australia/Melbourne Australia/NSW Australia/North Australia/Perth
    Australia/Queensland Australia/South Australia/Sydney Australia/Tasmania Australia/Victoria
    Australia/West Australia/Yancowinna Brazil/Acre Brazil/DeNoronha Brazil/East Brazil/West CET
    CST6CDT Canada/Atlantic Canada/Central Canada/Eastern Canada/Mountain Canada/Newfoundland
    Canada/Pacific Canada/Saskatchewan Canada/Yukon Chile/Continental Chile/EasterIsland Cuba EET
    EST EST5EDT Egypt Eire Etc/GMT Etc/GMT+0 Etc/GMT+1 Etc/GMT+10 Etc/GMT+11 Etc/GMT+12 Etc/GMT+2
    Etc/GMT+3 Etc/GMT+4 Etc/GMT+5 Etc/GMT+6 Etc/GMT+7 Etc/GMT+8 Etc/GMT+9 Etc/GMT-0 Etc/GMT-1
    Etc/GMT-10 Etc/GMT-11 Etc/GMT-12 Etc/GMT-13 Etc/GMT-14 Etc/GMT-2 Etc/GMT-3 Etc/GMT-4 Etc/GMT-5
    Etc/GMT-6 Etc/GMT-7 Etc/GMT-8 Etc/GMT-9 Etc/GMT0 Etc/Greenwich Etc/UCT Etc/UTC Etc/Universal
    Etc/Zulu Europe/Amsterdam Europe/Andorra Europe/Astrakhan Europe/Athens Europe/Belfast
    Europe/Belgrade Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Bucharest Europe/Budapest
    Europe/Busingen Europe/Chisinau Europe/Copenhagen Europe/Dublin Europe/Gibraltar Europe/Guernsey
    Europe/Helsinki Europe/Isle_of_Man Europe/Istanbul Europe/Jersey Europe/Kaliningrad Europe/Kiev
    Europe/Kirov Europe/Kyiv Europe/Lisbon Europe/Ljubljana Europe/London Europe/Luxembourg
    Europe/Madrid Europe/Malta Europe/Mariehamn Europe/Minsk Europe/Monaco Europe/Moscow
    Europe/Nicosia Europe/Oslo Europe/Paris Europe/Podgorica Europe/Prague Europe/Riga Europe/Rome
    Europe/Samara Europe/San_Marino Europe/Sarajevo Europe/Saratov Europe/Simferopol Europe/Skopje
    Europe/Sofia Europe/Stockholm Europe/Tallinn Europe/Tirane Europe/Tiraspol Europe/Ulyanovsk
    Europe/Uzhgorod Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Vilnius Europe/Volgograd
    Europe/Warsaw Europe/Zagreb Europe/Zaporozhye Europe/Zurich GB GB-Eire GMT GMT0 Greenwich HST
    Hongkong Iceland Indian/Antananarivo Indian/Chagos Indian/Christmas Indian/Cocos Indian/Comoro
    Indian/Kerguelen Indian/Mahe Indian/Maldives Indian/Mauritius Indian/Mayotte Indian/Reunion Iran
    Israel Jamaica Japan Kwajalein Libya MET MST MST7MDT Mexico/BajaNorte Mexico/BajaSur
    Mexico/General NZ NZ-CHAT Navajo PRC PST8PDT Pacific/Apia Pacific/Auckland Pacific/Bougainville
    Pacific/Chatham Pacific/Chuuk Pacific/Easter Pacific/Efate Pacific/Enderbury Pacific/Fakaofo
    Pacific/Fiji Pacific/Funafuti Pacific/Galapagos Pacific/Gambier Pacific/Guadalcanal Pacific/Guam
    Pacific/Honolulu Pacific/Johnston Pacific/Kanton Pacific/Kiritimati Pacific/Kosrae
    Pacific/Kwajalein Pacific/Majuro Pacific/Marquesas Pacific/Midway Pacific/Nauru Pacific/Niue
    Pacific/Norfolk Pacific/Noumea Pacific/Pago_Pago Pacific/Palau Pacific/Pitcairn Pacific/Pohnpei
    Pacific/Ponape Pacific/Port_Moresby Pacific/Rarotonga Pacific/Saipan Pacific/Samoa
    Pacific/Tahiti Pacific/Tarawa Pacific/Tongatapu Pacific/Truk Pacific/Wake Pacific/Wallis
    Pacific/Yap Poland Portugal ROK Singapore Turkey UCT US/Alaska US/Aleutian US/Arizona US/Central
    US/East-Indiana US/Eastern US/Hawaii US/Indiana-Starke US/Michigan US/Mountain US/Pacific
    US/Samoa UTC Universal W-SU WET Zulu
    `;
// END IANA ZONE NAMES

/**
 * The IANA zone id when the platform knows it, else undefined (the caller's result is then null:
 * fail closed, never a silent fallback to UTC as Java's `TimeZone.getTimeZone` does).
 * For example, `contractTimeZone("Europe/Berlin")` is `"Europe/Berlin"`; `contractTimeZone("Mars/Olympus")` is undefined.
 */
export function contractTimeZone(id: string): string | undefined {
  return zoneFormatter(id) !== undefined ? id : undefined;
}

/**
 * The UTC offset of zone `zoneId` at `instantMs`, in milliseconds (local = UTC + offset).
 * NaN when the zone is unknown or the instant is outside the Date range (±8.64e15 ms).
 * Built from `formatToParts` (the only zone data a browser exposes): the local wall time is
 * rebuilt with daysFromCivil (no `Date.UTC`, whose years 0–99 mean 1900–1999) and the instant,
 * truncated to the second the parts show, is subtracted.
 * For example, `offsetMs("Europe/Berlin", 1784239200000)` is 7200000.
 */
export function offsetMs(zoneId: string, instantMs: number): number {
  const formatter = zoneFormatter(zoneId);
  if (formatter === undefined) return NaN;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter.formatToParts(new Date(instantMs));
  } catch {
    return NaN; // RangeError: invalid time value
  }
  let year = NaN;
  let month = NaN;
  let day = NaN;
  let hour = NaN;
  let minute = NaN;
  let second = NaN;
  let beforeChrist = false;
  for (const part of parts) {
    switch (part.type) {
      case 'year': year = asciiInteger(part.value); break;
      case 'month': month = asciiInteger(part.value); break;
      case 'day': day = asciiInteger(part.value); break;
      case 'hour': hour = asciiInteger(part.value); break;
      case 'minute': minute = asciiInteger(part.value); break;
      case 'second': second = asciiInteger(part.value); break;
      case 'era': beforeChrist = part.value.charCodeAt(0) === 0x42; break; // "BC" (en-US), vs "AD"
      default: break;
    }
  }
  if (beforeChrist) year = 1 - year; // 1 BC is the proleptic year 0, 2 BC is -1
  if (hour === 24) hour = 0; // engines predating hourCycle support print midnight as 24
  const localMs = daysFromCivil(year, month, day) * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 + second * 1000;
  const wholeSecondMs = instantMs - (((instantMs % 1000) + 1000) % 1000);
  return localMs - wholeSecondMs;
}

/** The value of a run of ASCII digits (grouping separators skipped); NaN if there are none. */
function asciiInteger(s: string): number {
  let v = 0;
  let digits = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (isDigit(c)) {
      v = v * 10 + (c - 0x30);
      digits++;
    }
  }
  return digits > 0 ? v : NaN;
}

/**
 * The first instant whose local date in `zoneId` is `dayStr`: local midnight; the earlier one when
 * midnight happens twice; the first instant after the gap when a DST change skips midnight (as
 * java.time's `atStartOfDay`). Undefined for an invalid dayStr or an unknown zone.
 * The algorithm is identical in Swift, Kotlin and TypeScript, so the three agree to the millisecond.
 * For example, `dayStartMs("2026-07-17", "Europe/Berlin")` is 1784239200000.
 */
export function dayStartMs(dayStr: string, zoneId: string): number | undefined {
  const date = parseLocalDate(dayStr);
  if (date === undefined || zoneFormatter(zoneId) === undefined) return undefined;
  return dayStartFromDays(daysFromCivil(date[0], date[1], date[2]), zoneId);
}

function dayStartFromDays(days: number, zoneId: string): number | undefined {
  const local = days * MS_PER_DAY; // local midnight written as if it were UTC
  const offsets: number[] = [];
  for (const probe of [local - MS_PER_DAY, local, local + MS_PER_DAY]) {
    const o = offsetMs(zoneId, probe);
    if (Number.isNaN(o)) return undefined;
    if (offsets.indexOf(o) < 0) offsets.push(o);
  }
  // Midnight occurs at local − o for each offset o in force at that instant; take the earliest.
  let best: number | undefined;
  for (const o of offsets) {
    const t = local - o;
    if (offsetMs(zoneId, t) === o && (best === undefined || t < best)) best = t;
  }
  if (best !== undefined) return best;
  // Midnight is skipped: the smallest t whose local wall time has reached midnight.
  let lo = local - Math.max(...offsets);
  let hi = local - Math.min(...offsets);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const o = offsetMs(zoneId, mid);
    if (Number.isNaN(o)) return undefined;
    if (mid + o >= local) hi = mid; else lo = mid + 1;
  }
  return lo;
}

/**
 * The writer's `validUntil`: the first instant of the local day after `dayStr` in `zoneId` plus
 * `startOfNextDayDiffMs`. Why the next civil day and not "+24h": days are 23 or 25 hours long
 * across DST changes, and months and years roll over. Undefined for an invalid dayStr, an unknown
 * zone, a diff that is not a safe integer, or a result outside ±(2^53−1).
 * For example, `validUntilMs("2026-07-17", 0, "Europe/Berlin")` is 1784325600000.
 */
export function validUntilMs(dayStr: string, startOfNextDayDiffMs: number, zoneId: string): number | undefined {
  const date = parseLocalDate(dayStr);
  if (date === undefined || !Number.isSafeInteger(startOfNextDayDiffMs)) return undefined;
  if (zoneFormatter(zoneId) === undefined) return undefined;
  const start = dayStartFromDays(daysFromCivil(date[0], date[1], date[2]) + 1, zoneId);
  if (start === undefined) return undefined;
  const result = start + startOfNextDayDiffMs;
  return Number.isSafeInteger(result) ? result + 0 : undefined;
}

// MARK: - Done-queue
// The widget's done-taps, `{taskId: targetIsDone}`, in their own storage slot.

/** The queue's object, or undefined when the text is absent, malformed or not a JSON object. */
function queueObject(queue: string | null | undefined): ContractJsonObject | undefined {
  if (queue === null || queue === undefined) return undefined;
  const parsed = parseContractJson(queue);
  return parsed instanceof Map ? parsed : undefined;
}

/**
 * The new queue text after a tap: `taskId` set to `isDone`. The last tap per task wins (an existing
 * entry is replaced in place); every other entry is kept exactly as it was, even non-boolean ones
 * (the writer must never lose data it does not own); a corrupt or non-object queue is replaced by
 * a fresh object (the tap must never be lost).
 * For example, `queueSet(null, "t1", true)` is `{"t1":true}`.
 */
export function queueSet(queue: string | null | undefined, taskId: string, isDone: boolean): string {
  const object = queueObject(queue) ?? new Map<string, ContractJson>();
  object.set(taskId, isDone);
  return serializeContractJson(object);
}

/**
 * The queue's entries whose value is a JSON boolean; other entries are skipped one by one (one bad
 * entry must not hide the rest); an absent, malformed or non-object queue is empty.
 * For example, `queuePeek('{"a":true,"b":1}')` is `new Map([["a", true]])`.
 */
export function queuePeek(queue: string | null | undefined): Map<string, boolean> {
  const result = new Map<string, boolean>();
  const object = queueObject(queue);
  if (object !== undefined) {
    for (const [id, target] of object) {
      if (typeof target === 'boolean') result.set(id, target);
    }
  }
  return result;
}

/**
 * The changes to apply: entries with a boolean target whose task exists in `current` and whose
 * target differs from its current `isDone`, sorted by id in UTF-16 code-unit order (why: the same
 * order in all three languages; JavaScript object key order puts integer-like keys first).
 * For example, `queueDrain('{"b":true,"a":false}', new Map([["a", true], ["b", false]]))` is
 * `[{id: "a", isDone: false}, {id: "b", isDone: true}]`.
 */
export function queueDrain(
  queue: string | null | undefined,
  current: ReadonlyMap<string, boolean>,
): Array<{ id: string; isDone: boolean }> {
  const changes: Array<{ id: string; isDone: boolean }> = [];
  for (const [id, target] of queuePeek(queue)) {
    const now = current.get(id);
    if (now !== undefined && now !== target) changes.push({ id, isDone: target });
  }
  changes.sort((a, b) => (utf16Less(a.id, b.id) ? -1 : utf16Less(b.id, a.id) ? 1 : 0));
  return changes;
}

// MARK: - Writer
// TypeScript only: the app is the blob's only writer. Each `write…` returns the value
// as JSON, or throws ContractEncodeError when the readers would not read it back as given —
// the writer's bug surfaces in the app's own tests, not as a wrong number on a home screen.

/**
 * A value the encoder refuses to write, with the path of the offending field.
 * For example, `new ContractEncodeError("$.tasks[0].id", "a string")` reads
 * `$.tasks[0].id: expected a string`.
 */
export class ContractEncodeError extends RangeError {
  constructor(readonly path: string, readonly expected: string) {
    super(`${path}: expected ${expected}`);
    this.name = 'ContractEncodeError';
  }
}

/**
 * A string-keyed map as the writer may give it: a Map, or a plain object (its own enumerable
 * keys). For example, `new Map([["p1", "#ff0000"]])` or `{p1: "#ff0000"}`.
 */
export type ContractInputMap<T> = ReadonlyMap<string, T> | { readonly [key: string]: T };

/** An unpaired surrogate anywhere (a high one not followed by a low one, or a lone low one). */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether `s` is well-formed UTF-16 (no unpaired surrogate): the only strings a reader accepts.
 * For example, `isWellFormedString("\ud83d\ude00")` is true; `isWellFormedString("\ud800")` is false.
 */
export function isWellFormedString(s: string): boolean {
  return !UNPAIRED_SURROGATE.test(s);
}

/** A new, empty JSON object for the fields of `v`, which must be an object (not null, not an array). */
export function writeObject(v: unknown, path: string): ContractJsonObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ContractEncodeError(path, 'an object');
  return new Map();
}

/** A well-formed string (an unpaired surrogate would read back as the wrong type). */
export function writeString(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isWellFormedString(v)) throw new ContractEncodeError(path, 'a well-formed string');
  return v;
}

/** A boolean (never 1 or "true"). */
export function writeBool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw new ContractEncodeError(path, 'a boolean');
  return v;
}

/** A finite number (NaN and ±Infinity have no JSON spelling a reader would accept). */
export function writeNumber(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ContractEncodeError(path, 'a finite number');
  return v + 0;
}

/** An integer within ±(2^53−1), as the scanner's `integer()` accepts. */
export function writeInteger(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new ContractEncodeError(path, 'an integer within ±(2^53−1)');
  return v + 0;
}

/** Epoch milliseconds within 1 … 2^53−1, as the scanner's `epochMillis()` accepts (0 would read as unknown). */
export function writeEpochMillis(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) {
    throw new ContractEncodeError(path, 'epoch milliseconds within 1 … 2^53−1');
  }
  return v;
}

/** A `YYYY-MM-DD` string naming a real date in years 0001–9999, as the scanner's `localDate()` accepts. */
export function writeLocalDate(v: unknown, path: string): string {
  if (typeof v !== 'string' || !isValidLocalDate(v)) throw new ContractEncodeError(path, 'a YYYY-MM-DD date in 0001–9999');
  return v;
}

/** An instant within years 0001–9999 (UTC), written as formatDateTime spells it; the scanner's `dateTime()` reads it back. */
export function writeDateTime(v: unknown, path: string): string {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < DATE_TIME_MIN_MS || v > DATE_TIME_MAX_MS) {
    throw new ContractEncodeError(path, 'epoch milliseconds within 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z');
  }
  return formatDateTime(v);
}

/** One of an enumeration's spellings, exactly. */
export function writeOneOf<T extends string>(v: unknown, values: readonly T[], path: string): T {
  if (typeof v !== 'string' || (values as readonly string[]).indexOf(v) < 0) {
    throw new ContractEncodeError(path, 'one of ' + values.map((value) => JSON.stringify(value)).join(', '));
  }
  return v as T;
}

/** `value` when it passes a field's constraints (`expected` names them for the error). */
export function writeSatisfying<T>(value: T, test: (value: T) => boolean, expected: string, path: string): T {
  if (!test(value)) throw new ContractEncodeError(path, expected);
  return value;
}

/**
 * A JSON array of `v`'s elements, each written by `element` (given the element's path, `path[i]`).
 * Every element must be valid: the encoder never writes an element a reader would drop.
 */
export function writeArray<T>(v: ReadonlyArray<T>, path: string, element: (item: T, path: string) => ContractJson): ContractJson[] {
  if (!Array.isArray(v)) throw new ContractEncodeError(path, 'an array');
  const result: ContractJson[] = [];
  for (let i = 0; i < v.length; i++) result.push(element(v[i], `${path}[${i}]`));
  return result;
}

/**
 * A JSON object of `v`'s entries (a Map, or a plain object's own enumerable keys), each value
 * written by `value` (given the entry's path, `path["key"]`). Keys must be well-formed strings
 * (a reader ignores any other entry).
 */
export function writeMap<T>(v: ContractInputMap<T>, path: string, value: (item: T, path: string) => ContractJson): ContractJsonObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ContractEncodeError(path, 'a Map or an object');
  const result: ContractJsonObject = new Map();
  const keys = new ContractMapKeys();
  const add = (item: T, key: unknown): void => {
    const keyPath = `${path}[${typeof key === 'string' ? JSON.stringify(key) : String(key)}]`;
    if (typeof key !== 'string' || !isWellFormedString(key)) throw new ContractEncodeError(keyPath, 'a well-formed string key');
    // Readers keep one of two canonically equivalent keys ("é", "e\u0301"): never write both.
    if (keys.replaced(key, true, result.keys()) !== key) throw new ContractEncodeError(keyPath, 'a key no other key of the map is canonically equivalent to');
    result.set(key, value(item, keyPath));
  };
  if (isReadonlyMap(v)) {
    v.forEach(add);
  } else {
    const object = v as { readonly [key: string]: T };
    for (const key of Object.keys(object)) add(object[key] as T, key); // an own key: present
  }
  return result;
}

/** A Map or any other ReadonlyMap (duck-typed: a plain object's values are data, never functions). */
function isReadonlyMap<T>(v: ContractInputMap<T>): v is ReadonlyMap<string, T> {
  if (v instanceof Map) return true;
  const candidate = v as { readonly forEach?: unknown; readonly get?: unknown; readonly has?: unknown };
  return typeof candidate.forEach === 'function' && typeof candidate.get === 'function' && typeof candidate.has === 'function';
}

// MARK: - Timeline
// What a widget must render over time from one snapshot, and when to read it again. A widget
// renders only when the system asks it to: a snapshot that is "today" until its staleness instant
// must hand over a second entry for that very instant, or the widget keeps showing yesterday as
// today until the app happens to run again (the missing midnight entry).

/** One timeline entry: from `atMs` on, the widget shows `header`. */
export interface ContractTimelineEntry<H> {
  readonly atMs: number;
  readonly header: H;
}

/** The entries in time order (never empty, the first at `now`) and the reload instant (null: never). */
export interface ContractTimeline<H> {
  readonly entries: ReadonlyArray<ContractTimelineEntry<H>>;
  readonly reloadAtMs: number | null;
}

/**
 * The timeline for `now`, given the instant the snapshot turns stale (`flipAtMs`, null: never).
 * The rule, identical in the three runtimes:
 * - the first entry is at `now`, with the header at `now`;
 * - when `flipAtMs` is after `now`, a second entry is at `flipAtMs` with the header from that
 *   instant on (the boundary is inclusive, as in staleness), and the timeline is reloaded at
 *   `flipAtMs`: from then on nothing changes with time, and reading the storage again picks up a
 *   snapshot the app wrote meanwhile;
 * - otherwise (already stale, or no staleness instant) the header can change only when the app
 *   writes a new snapshot, which reloads the widget itself: one entry, reload never (null).
 * No entry lies in the past except the first, which is `now`; instants are epoch milliseconds.
 * `headerAt` is the contract's own `header` function, so the timeline never disagrees with it.
 * For example, `buildTimeline(1000, 5000, (t) => (t >= 5000 ? "outdated" : "today"))` has the
 * entries (1000, "today") and (5000, "outdated") and is reloaded at 5000.
 */
export function buildTimeline<H>(now: number, flipAtMs: number | null, headerAt: (atMs: number) => H): ContractTimeline<H> {
  const first: ContractTimelineEntry<H> = { atMs: now, header: headerAt(now) };
  if (flipAtMs === null || flipAtMs <= now) return { entries: [first], reloadAtMs: null };
  return { entries: [first, { atMs: flipAtMs, header: headerAt(flipAtMs) }], reloadAtMs: flipAtMs };
}

// MARK: - Report
// Why a decoder did not take a value as written (docs/report.md). A decoder given a report records
// into it; without one (the default) none of this runs and no path is ever built. Entries hold
// paths, rules and schema-derived detail only — never a string, number or key from the blob — so an
// app may log them from a user's device. The same rules, in the same order, in the three runtimes.

/** The rules a report entry names (a closed vocabulary: docs/report.md). */
export type ContractReportRule =
  | 'wrong-type' | 'null' | 'missing' | 'constraint' | 'invalid-number' | 'invalid-date'
  | 'unknown-enum-value' | 'unknown-union-tag' | 'unpaired-surrogate' | 'invalid-key' | 'invalid-field'
  | 'duplicate-key' | 'version-rejected' | 'malformed';

/** What the decoder used instead of the value (docs/report.md). */
export type ContractReportUsed =
  | 'default' | 'null' | 'absent' | 'fallback' | 'parent' | 'dropped' | 'ignored' | 'last' | 'document';

/** One entry: a value the decoder did not take as written, where, why, and what it used instead. */
export interface ContractReportEntry {
  /** `$.tasks[3].projectId`; array elements by index, map entries by position (`$.colors[#2]`). */
  readonly path: string;
  /** The path with every index and position as `*` (`$.tasks[*].projectId`): a key to count by. */
  readonly pattern: string;
  readonly rule: ContractReportRule;
  readonly used: ContractReportUsed;
  /** wrong-type, version-rejected: the JSON type found (`missing` for an absent version). */
  readonly found?: string;
  /** constraint: the schema key of the constraint that failed (`non-empty`, `min`, `max-length`, …). */
  readonly constraint?: string;
  /** The enum value or union tag read instead (used `fallback`). */
  readonly fallback?: string;
  /** invalid-field: the JSON key of the field that made the value invalid; a union's tag key. */
  readonly field?: string;
  /** malformed: the UTF-8 byte offset in the blob where the text stops being acceptable. */
  readonly offset?: number;
  /** malformed: what was expected there (docs/report.md). */
  readonly expected?: string;
}

/** The most entries a report lists; more are counted in `omitted` (paths are up to 512 steps long). */
export const CONTRACT_REPORT_LIMIT = 1000;

/** One step of a path; `seq` orders values as the text holds them (parents before their members). */
interface ReportNode { readonly parent: ReportNode | undefined; readonly step: string | number; readonly seq: number }
interface ReportWhy {
  rule: ContractReportRule; found?: string; constraint?: string; fallback?: string; field?: string;
  offset?: number; expected?: string; cause?: ReportRecord;
}
/**
 * `replaced`: a `fail-document` field's own entry whose value a later duplicate replaced; that
 * value failed nothing, so the entry is not rendered (entries inside it stay, see `render`).
 * `cause`, on an entry used `document`: the entry of the field that made it invalid, which a
 * rejected document's report keeps with it.
 */
interface ReportRecord extends ReportWhy { node: ReportNode | undefined; used: ContractReportUsed; replaced?: boolean }
interface ReportFrame { start: number; count: number; from: number[]; to: number[]; dup: boolean[]; cause: (ReportRecord | undefined)[]; keys: Map<string, [ReportNode | undefined, number, number]> | undefined }

/**
 * A report sink: pass one to a contract's `decode(text, report)`, then read `entries` (each decode
 * starts it afresh). `onEntry`, when set, is called once per entry as `entries` is first read: the
 * hook an app counts from (`report.onEntry = (e) => telemetry.count(e.pattern, e.rule)`).
 */
export class ContractReport {
  onEntry: ((entry: ContractReportEntry) => void) | undefined = undefined;
  private records: ReportRecord[] = [];
  /** Killed ranges of `records` as [from, to) pairs: values the document did not keep. */
  private kills: number[] = [];
  private steps: (string | number)[] = [];
  private seqs: number[] = [];
  /** Values begun so far: each path step's place in the text's order. */
  private began = 0;
  private nodes: (ReportNode | undefined)[] = [];
  /** `nodes[0..<built]` exist; deeper ones are made only when an entry needs them. */
  private built = 0;
  private frames: ReportFrame[] = [];
  /** Frames made so far, one per nesting level, reused by every container at that level (no allocation per object). */
  private framePool: ReportFrame[] = [];
  private why: ReportWhy | undefined = undefined;
  private rendered: ContractReportEntry[] | undefined = undefined;
  private omittedCount = 0;

  /** The entries, in the order the decoder recorded them, at most CONTRACT_REPORT_LIMIT. */
  get entries(): ReadonlyArray<ContractReportEntry> {
    return this.render();
  }

  /** How many entries were left out of `entries` beyond CONTRACT_REPORT_LIMIT. */
  get omitted(): number {
    this.render();
    return this.omittedCount;
  }

  /** @internal A decode begins: forget the last one. */
  begin(): void {
    this.records = [];
    this.kills = [];
    this.steps = [];
    this.seqs = [];
    this.began = 0;
    this.nodes = [];
    this.built = 0;
    this.frames = [];
    this.why = undefined;
    this.rendered = undefined;
    this.omittedCount = 0;
  }

  /** @internal The decode ended as `invalid` or `ok`: a reason nobody took is no entry. */
  end(): void {
    // A drop-element field made the root invalid: the document is, for that field's reason.
    if (this.why !== undefined && this.why.cause !== undefined) this.record('document');
    this.why = undefined;
  }

  /** @internal Malformed: the one entry, where the text stops being acceptable (contractSyntaxError). */
  malformed(text: string): void {
    this.begin();
    const error = contractSyntaxError(text) ?? { offset: contractUtf8Length(text), expected: 'end' };
    this.records.push({ node: undefined, rule: 'malformed', used: 'document', offset: error.offset, expected: error.expected });
  }

  /** @internal Bytes that are not UTF-8 (`decodeBytes`): the one entry, `utf-8` where they stop being UTF-8. */
  notUtf8(bytes: Uint8Array): void {
    this.begin();
    this.records.push({ node: undefined, rule: 'malformed', used: 'document', offset: contractUtf8StopOffset(bytes), expected: 'utf-8' });
  }

  /** @internal The version gate failed: the one entry, with the JSON type of the last version value. */
  versionRejected(step: string, found: string | undefined): void {
    this.begin();
    this.push(step);
    this.records.push({ node: this.node(), rule: 'version-rejected', used: 'document', found: found ?? 'missing' });
  }

  // Reads: the value of `v` (what scanner.value() read) when the type takes it, else undefined with the reason held.

  /** @internal The version field's value: a number, else undefined; remembers its JSON type. */
  version(v: ContractJson | undefined): number | undefined {
    this.versionType = v === undefined ? undefined : contractJsonType(v);
    return typeof v === 'number' ? v : undefined;
  }
  /** @internal The JSON type of the last version value read. */
  versionType: string | undefined = undefined;

  /** @internal */
  string(v: ContractJson | undefined): string | undefined {
    if (typeof v === 'string') return v;
    if (v === CONTRACT_INVALID_STRING) this.why = { rule: 'unpaired-surrogate' };
    else this.wrongType(v);
    return undefined;
  }
  /** @internal */
  bool(v: ContractJson | undefined): boolean | undefined {
    if (typeof v === 'boolean') return v;
    this.wrongType(v);
    return undefined;
  }
  /** @internal */
  number(v: ContractJson | undefined): number | undefined {
    if (typeof v !== 'number') return this.wrongType(v);
    if (Number.isFinite(v)) return v;
    this.why = { rule: 'invalid-number' };
    return undefined;
  }
  /** @internal */
  integer(v: ContractJson | undefined): number | undefined {
    if (typeof v !== 'number') return this.wrongType(v);
    if (Number.isSafeInteger(v)) return v + 0;
    this.why = { rule: 'invalid-number' };
    return undefined;
  }
  /** @internal */
  epochMillis(v: ContractJson | undefined): number | undefined {
    const x = this.integer(v);
    if (x === undefined || x >= 1) return x;
    this.why = { rule: 'invalid-number' };
    return undefined;
  }
  /** @internal */
  localDate(v: ContractJson | undefined): string | undefined {
    const s = this.string(v);
    if (s === undefined || isValidLocalDate(s)) return s;
    this.why = { rule: 'invalid-date' };
    return undefined;
  }
  /** @internal */
  dateTime(v: ContractJson | undefined): number | undefined {
    const s = this.string(v);
    if (s === undefined) return undefined;
    const ms = parseDateTime(s);
    if (ms === undefined) this.why = { rule: 'invalid-date' };
    return ms;
  }
  /** @internal An enum: `read`'s case, else the fallback (an open enum, held as used `fallback`) or undefined. */
  enumeration<T extends string>(v: ContractJson | undefined, read: (text: string | undefined) => T | undefined, fallback?: T): T | undefined {
    const s = this.string(v);
    if (s === undefined) return undefined;
    const value = read(s);
    if (value !== undefined) return value;
    this.why = fallback === undefined ? { rule: 'unknown-enum-value' } : { rule: 'unknown-enum-value', fallback };
    return fallback;
  }
  /** @internal One constraint, by its schema key. */
  satisfying<T>(value: T | undefined, test: (value: T) => boolean, constraint: string): T | undefined {
    if (value === undefined || test(value)) return value;
    this.why = { rule: 'constraint', constraint };
    return undefined;
  }
  /** @internal Not the object or array expected: `v` is what was there instead. */
  wrongType(v: ContractJson | undefined): undefined {
    if (v === undefined) return undefined; // a syntax error: the document is malformed
    this.why = v === null ? { rule: 'null' } : { rule: 'wrong-type', found: contractJsonType(v) };
    return undefined;
  }
  /**
   * @internal A union whose tag cannot choose a variant: `v` is the whole value (scanner.value()):
   * not an object, no tag (the last occurrence counts), a tag that is not a string, or one no
   * variant has (`unknown`, no fallback).
   */
  badUnion(v: ContractJson | undefined, tagKey: string, unknown: boolean): void {
    if (unknown) {
      this.why = { rule: 'unknown-union-tag', field: tagKey };
      return;
    }
    if (v === undefined || !(v instanceof Map)) {
      this.wrongType(v);
      return;
    }
    const tag = v.get(tagKey);
    if (tag === undefined) this.why = { rule: 'missing', field: tagKey };
    else if (tag === CONTRACT_INVALID_STRING) this.why = { rule: 'unpaired-surrogate', field: tagKey };
    else if (tag === null) this.why = { rule: 'null', field: tagKey };
    else this.why = { rule: 'wrong-type', found: contractJsonType(tag), field: tagKey };
  }
  /** @internal A union read with its fallback variant: held as used `fallback` once the variant is kept. */
  unknownTag(tagKey: string, fallback: string): void {
    if (this.why === undefined) this.why = { rule: 'unknown-union-tag', field: tagKey, fallback };
  }

  // Objects: one frame per object being read; fields by their index in the type.

  /** @internal */
  beginObject(fields: number): void {
    const frame = this.nextFrame();
    const from = frame.from, to = frame.to, dup = frame.dup, cause = frame.cause;
    // Only indices below `fields` are read: what a container at this level left beyond them stays.
    for (let k = 0; k < fields; k++) {
      from[k] = -1;
      to[k] = 0;
      dup[k] = false;
      cause[k] = undefined;
    }
  }
  /** The frame of a container begun now, pushed: its level's pooled frame, emptied. */
  private nextFrame(): ReportFrame {
    const level = this.frames.length;
    let frame = this.framePool[level];
    if (frame === undefined) {
      frame = { start: 0, count: 0, from: [], to: [], dup: [], cause: [], keys: undefined };
      this.framePool[level] = frame;
    }
    frame.start = this.records.length;
    frame.count = 0;
    frame.keys = undefined;
    this.frames.push(frame);
    return frame;
  }
  /** @internal An occurrence of field `index` (its path step `step`): a repeat replaces the earlier one's entries. */
  field(index: number, step: string): void {
    const frame = this.frames[this.frames.length - 1] as ReportFrame;
    this.push(step);
    if ((frame.from[index] as number) >= 0) {
      this.kill(frame.from[index] as number, frame.to[index] as number);
      const own = frame.cause[index];
      if (own !== undefined && own.used === 'document') own.replaced = true;
      frame.cause[index] = undefined;
      if (!frame.dup[index]) {
        frame.dup[index] = true;
        this.records.push({ node: this.node(), rule: 'duplicate-key', used: 'last' });
      }
    }
    frame.from[index] = this.records.length;
    this.why = undefined;
  }
  /** @internal The occurrence is read; a held reason becomes an entry, used `used` (the field's presence policy). */
  fieldDone(index: number, used: ContractReportUsed): void {
    const frame = this.frames[this.frames.length - 1] as ReportFrame;
    if (this.why !== undefined) {
      const record = this.record(used);
      // `cause` also holds a fail-document field's own entry (dropObject ignores it for those).
      if (used === 'parent' || used === 'document') frame.cause[index] = record;
    }
    frame.to[index] = this.records.length;
    this.pop();
  }
  /** @internal The object is kept. */
  endObject(): void {
    this.frames.pop();
  }
  /**
   * @internal Field `index` (`step`, JSON key `key`) makes the object invalid (`used` is `parent`,
   * or `document` for a fail-document field): nothing else inside it counts; the reason held is
   * `invalid-field`, followed by the field's own entry.
   */
  dropObject(index: number, step: string, key: string, used: ContractReportUsed): void {
    const frame = this.frames.pop() as ReportFrame;
    let cause = frame.cause[index];
    if ((frame.from[index] as number) < 0) {
      this.push(step);
      cause = { node: this.node(), rule: 'missing', used };
      this.pop();
      if (used === 'document') {
        this.records.push(cause); // a fail-document entry is kept wherever it is
        cause = undefined;
      }
    }
    this.kill(frame.start, this.records.length);
    // A fail-document field's entry says it all (the document is invalid): no invalid-field above it.
    if (used === 'document') this.why = undefined;
    else this.why = cause === undefined ? { rule: 'invalid-field', field: key } : { rule: 'invalid-field', field: key, cause };
  }

  // Arrays and maps

  /** @internal */
  beginArray(): void {
    this.nextFrame();
  }
  /** @internal The next element (its index is the path step). */
  element(): void {
    const frame = this.frames[this.frames.length - 1] as ReportFrame;
    this.push(frame.count++);
    this.why = undefined;
  }
  /** @internal The element is read: kept (a held fallback becomes an entry) or dropped. */
  elementDone(kept: boolean): void {
    if (this.why !== undefined) this.record(kept ? 'fallback' : 'dropped');
    this.pop();
  }
  /** @internal */
  endContainer(): void {
    this.frames.pop();
  }
  /** @internal */
  beginMap(): void {
    const frame = this.nextFrame();
    frame.from[0] = 0;
    frame.keys = new Map();
  }
  /** @internal The next entry (its position is the path step; never its key). */
  entry(): void {
    const frame = this.frames[this.frames.length - 1] as ReportFrame;
    frame.from[0] = this.records.length;
    this.push(-1 - frame.count++);
    this.why = undefined;
  }
  /** @internal The entry is read; `name` is its key (undefined: it held an unpaired surrogate). */
  entryDone(name: string | undefined, kept: boolean): void {
    const frame = this.frames[this.frames.length - 1] as ReportFrame;
    const from = frame.from[0] as number;
    if (name === undefined) {
      this.kill(from, this.records.length);
      this.why = { rule: 'invalid-key' };
      this.record('ignored');
      this.pop();
      return;
    }
    if (this.why !== undefined) this.record(kept ? 'fallback' : 'ignored');
    const keys = frame.keys as Map<string, [ReportNode | undefined, number, number]>;
    // By canonical key, as the map itself replaces entries (ContractMapKeys).
    const key = contractMapKey(name);
    const earlier = keys.get(key);
    keys.set(key, [this.node(), from, this.records.length]);
    this.pop();
    if (earlier !== undefined) {
      // The earlier entry of this key is replaced (the last wins): its own entries no longer count.
      this.kill(earlier[1], earlier[2]);
      this.records.push({ node: earlier[0], rule: 'duplicate-key', used: 'last' });
    }
  }

  // Paths

  private push(step: string | number): void {
    this.steps.push(step);
    this.seqs.push(this.began++);
    this.nodes.push(undefined);
  }
  private pop(): void {
    this.steps.pop();
    this.seqs.pop();
    this.nodes.pop();
    if (this.built > this.steps.length) this.built = this.steps.length;
  }
  /** The current path's node, made only now (each step once), so paths cost nothing until an entry needs one. */
  private node(): ReportNode | undefined {
    for (let k = this.built; k < this.steps.length; k++) {
      this.nodes[k] = { parent: k === 0 ? undefined : this.nodes[k - 1], step: this.steps[k] as string | number, seq: this.seqs[k] as number };
    }
    this.built = this.steps.length;
    return this.steps.length === 0 ? undefined : this.nodes[this.steps.length - 1];
  }
  private record(used: ContractReportUsed): ReportRecord {
    const why = this.why as ReportWhy;
    this.why = undefined;
    // Field by field, not a spread and a `delete` (which turns every record into a slow dictionary object).
    const record: ReportRecord = { rule: why.rule, node: this.node(), used: why.fallback !== undefined ? 'fallback' : used };
    if (why.found !== undefined) record.found = why.found;
    if (why.constraint !== undefined) record.constraint = why.constraint;
    if (why.fallback !== undefined) record.fallback = why.fallback;
    if (why.field !== undefined) record.field = why.field;
    if (why.offset !== undefined) record.offset = why.offset;
    if (why.expected !== undefined) record.expected = why.expected;
    this.records.push(record);
    if (why.cause !== undefined) {
      // A fail-document entry keeps its cause (render): remember which record that is.
      if (used === 'document') record.cause = why.cause;
      this.records.push(why.cause);
    }
    return record;
  }
  private kill(from: number, to: number): void {
    if (to > from) this.kills.push(from, to);
  }

  private render(): ContractReportEntry[] {
    if (this.rendered !== undefined) return this.rendered;
    const n = this.records.length;
    const depth = new Array<number>(n + 1).fill(0);
    for (let k = 0; k < this.kills.length; k += 2) {
      (depth[this.kills[k] as number] as number)++;
      (depth[this.kills[k + 1] as number] as number)--;
    }
    // An entry used `document` that no later duplicate replaced means the document is rejected
    // (a fail-document field failed, wherever it is; or malformed, or the version).
    let invalid = false;
    for (let k = 0; k < n && !invalid; k++) {
      const record = this.records[k] as ReportRecord;
      invalid = record.used === 'document' && record.replaced !== true;
    }
    const alive: ReportRecord[] = [];
    let killed = 0;
    for (let k = 0; k < n; k++) {
      killed += depth[k] as number;
      const record = this.records[k] as ReportRecord;
      if (record.replaced === true) continue; // a fail-document field's own value that a later duplicate replaced: it failed nothing
      if (invalid) {
        // A rejected document uses no value: only its fail-document entries stay, wherever they
        // are, each with the entry of the field that made it invalid (pushed right after it).
        const before = k > 0 ? this.records[k - 1] as ReportRecord : undefined;
        const cause = before !== undefined && before.used === 'document' && before.replaced !== true && before.cause === record;
        if (record.used !== 'document' && !cause) continue;
      } else if (killed > 0) {
        continue;
      }
      alive.push(record);
    }
    // In the text's order: by where each value begins (a value before its members), then as recorded.
    const order = alive.map((_, k) => k);
    order.sort((a, b) => (reportSeq(alive[a]) - reportSeq(alive[b])) || a - b);
    const result: ContractReportEntry[] = [];
    for (const k of order) {
      const record = alive[k] as ReportRecord;
      if (result.length === CONTRACT_REPORT_LIMIT) {
        this.omittedCount++;
        continue;
      }
      const entry: { -readonly [K in keyof ContractReportEntry]: ContractReportEntry[K] } = {
        path: reportPath(record.node, false), pattern: reportPath(record.node, true), rule: record.rule, used: record.used,
      };
      if (record.found !== undefined) entry.found = record.found;
      if (record.constraint !== undefined) entry.constraint = record.constraint;
      if (record.fallback !== undefined) entry.fallback = record.fallback;
      if (record.field !== undefined) entry.field = record.field;
      if (record.offset !== undefined) entry.offset = record.offset;
      if (record.expected !== undefined) entry.expected = record.expected;
      result.push(entry);
    }
    this.rendered = result;
    if (this.onEntry !== undefined) for (const entry of result) this.onEntry(entry);
    return result;
  }
}

function reportSeq(record: ReportRecord | undefined): number {
  return record === undefined || record.node === undefined ? -1 : record.node.seq;
}

function reportPath(node: ReportNode | undefined, pattern: boolean): string {
  const steps: string[] = [];
  for (let at = node; at !== undefined; at = at.parent) {
    const step = at.step;
    if (typeof step === 'string') steps.push(step);
    else if (step >= 0) steps.push(pattern ? '[*]' : '[' + step + ']');
    else steps.push(pattern ? '[#*]' : '[#' + (-1 - step) + ']');
  }
  return '$' + steps.reverse().join('');
}

/** The JSON type of a value as a report names it: null, boolean, number, string, array, object. */
export function contractJsonType(v: ContractJson): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string' || v === CONTRACT_INVALID_STRING) return 'string';
  return Array.isArray(v) ? 'array' : 'object';
}

/** The UTF-8 length of a text; an unpaired surrogate counts 3 bytes (as WTF-8 writes it). */
export function contractUtf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += utf8Width(text, i) > 3 ? (i++, 4) : utf8Width(text, i);
  return bytes;
}

function utf8Width(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 4;
  }
  return 3;
}

/**
 * Where a document text stops being acceptable (RFC 8259, nesting ≤ CONTRACT_MAX_DEPTH, an object
 * at the root): the UTF-8 byte offset of the first character that cannot continue it (the text's
 * length when it ends too early) and what was expected there — one of `object`, `key`, `colon`,
 * `value`, `comma-or-close`, `end`, `digit`, `literal`, `string`, `escape`, `depth`
 * (docs/report.md). Undefined for an acceptable text. Its own small loop, not the scanner's,
 * so that the three runtimes agree on the place without sharing a lexer's shortcuts.
 */
export function contractSyntaxError(text: string): { offset: number; expected: string } | undefined {
  const n = text.length;
  let i = 0;
  let bytes = 0;
  const open: number[] = [];
  const step = (): void => {
    const width = utf8Width(text, i);
    bytes += width;
    i += width === 4 ? 2 : 1;
  };
  const ws = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (i < n && (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d)) step();
      else return;
    }
  };
  const at = (expected: string): { offset: number; expected: string } => ({ offset: bytes, expected });
  const digits = (): boolean => {
    if (i >= n || !isDigit(text.charCodeAt(i))) return false;
    while (i < n && isDigit(text.charCodeAt(i))) step();
    return true;
  };
  // A string from its opening quote; the error, if any.
  const string = (): { offset: number; expected: string } | undefined => {
    step();
    for (;;) {
      if (i >= n) return at('string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { step(); return undefined; }
      if (c < 0x20) return at('string');
      if (c === 0x5c) {
        step();
        if (i >= n) return at('escape');
        const e = text.charCodeAt(i);
        if (e === 0x75) {
          step();
          for (let k = 0; k < 4; k++) {
            if (i >= n || !isHexDigit(text.charCodeAt(i))) return at('escape');
            step();
          }
        } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          step();
        } else {
          return at('escape');
        }
        continue;
      }
      step();
    }
  };
  ws();
  if (i >= n || text.charCodeAt(i) !== 0x7b) return at('object');
  let state: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    if (state === 'value') {
      ws();
      if (i >= n) return at('value');
      const c = text.charCodeAt(i);
      if (c === 0x7b || c === 0x5b) {
        if (open.length >= CONTRACT_MAX_DEPTH) return at('depth');
        open.push(c);
        step();
        ws();
        const closer = c === 0x7b ? 0x7d : 0x5d;
        if (i < n && text.charCodeAt(i) === closer) {
          open.pop();
          step();
          state = 'after';
        } else {
          state = c === 0x7b ? 'key' : 'value';
        }
        continue;
      }
      if (c === 0x22) {
        const error = string();
        if (error !== undefined) return error;
      } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
        const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
        for (let k = 0; k < word.length; k++) {
          if (i >= n || text.charCodeAt(i) !== word.charCodeAt(k)) return at('literal');
          step();
        }
      } else if (c === 0x2d || isDigit(c)) {
        if (c === 0x2d) step();
        if (i < n && text.charCodeAt(i) === 0x30) step();
        else if (!digits()) return at('digit');
        if (i < n && text.charCodeAt(i) === 0x2e) {
          step();
          if (!digits()) return at('digit');
        }
        if (i < n && (text.charCodeAt(i) === 0x65 || text.charCodeAt(i) === 0x45)) {
          step();
          if (i < n && (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d)) step();
          if (!digits()) return at('digit');
        }
      } else {
        return at('value');
      }
      state = 'after';
    } else if (state === 'key') {
      ws();
      if (i >= n || text.charCodeAt(i) !== 0x22) return at('key');
      const error = string();
      if (error !== undefined) return error;
      ws();
      if (i >= n || text.charCodeAt(i) !== 0x3a) return at('colon');
      step();
      state = 'value';
    } else {
      ws();
      if (open.length === 0) return i < n ? at('end') : undefined;
      const top = open[open.length - 1];
      const c = i < n ? text.charCodeAt(i) : -1;
      if (c === 0x2c) {
        step();
        state = top === 0x7b ? 'key' : 'value';
      } else if (c === (top === 0x7b ? 0x7d : 0x5d)) {
        open.pop();
        step();
      } else {
        return at('comma-or-close');
      }
    }
  }
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
