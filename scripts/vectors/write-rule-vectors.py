#!/usr/bin/env python3
"""Writes the rule-derived external vectors as golden cases (docs/conformance.md, "External vectors").

Each vector below is written from a standard's text, and its verdict is written beside it by hand
from that standard and this repository's docs (docs/conformance.md "Observations", docs/report.md
"Malformed", docs/schema.md "Field types" and "Date-times"): accepted or rejected, and where a
rejected text stops being acceptable (a character index into the vector, or END for the end of the
document) with the expected word. No decoder is run here. The script only does the bookkeeping:
it puts each vector into its documents, turns character indexes into UTF-8 byte offsets, spells
bytes in hex and writes the case files.

  RFC 8259 (JSON)      -> golden/todo-count/vectors.rfc8259.*.json
  RFC 3629 / Table 3-7 -> golden/todo-count/vectors.utf8.*.json      (decodeBytes)
  RFC 3339             -> golden/calendar-agenda/vectors.rfc3339.*.json

Usage: python3 scripts/vectors/write-rule-vectors.py [--check]
(--check: exit 1 when a file would change; nothing is written.)
"""
import calendar
import datetime
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
END = "END"
OK = "ok"

RFC8259 = "RFC 8259"
WS = "RFC 8259 §2: ws = *( %x20 / %x09 / %x0A / %x0D )"
LIT = "RFC 8259 §3: the literal names MUST be lowercase (false, null, true)"
OBJ = "RFC 8259 §4: object = begin-object [ member *( value-separator member ) ] end-object"
ARR = "RFC 8259 §5: array = begin-array [ value *( value-separator value ) ] end-array"
NUM = "RFC 8259 §6: number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT ); frac = decimal-point 1*DIGIT; exp = e [ minus / plus ] 1*DIGIT"
NUMLIM = "RFC 8259 §6: an implementation may limit the range and precision of numbers; docs/schema.md: integer = integral within ±(2^53−1), number = finite (1e400 is +∞, invalid), a skipped value is only checked against the grammar"
STR = "RFC 8259 §7: string = quotation-mark *char quotation-mark; unescaped = %x20-21 / %x23-5B / %x5D-10FFFF; escape = \\ followed by one of \" \\ / b f n r t uXXXX"
SUR = "RFC 8259 §7 and §8.2: an escaped unpaired surrogate is grammatical, but such a string is not Unicode text; docs/semantics.md: it is no string to a field, and a skipped value is only checked against the grammar"
BOM = "RFC 8259 §8.1: implementations MUST NOT add a byte order mark; docs/conformance.md: a byte-order mark is malformed"
DEPTH = "RFC 8259 §9: a parser may limit the depth of nesting; docs/conformance.md: 512 levels (the root object is level 1) are fine, 513 are malformed"
DUP = "RFC 8259 §4: the names within an object SHOULD be unique; docs/conformance.md: a duplicate key's last occurrence counts (docs/report.md: one duplicate-key entry for a declared field)"
ROOTOBJ = "docs/conformance.md: the text must be exactly one RFC 8259 value, and an object"

# Where a vector goes in a todo-count document (the minimal CountRecord sample plus one member).
MINIMAL = '{"v":1,"count":1,"revision":1}'
EMBED = ('{"v":1,"count":1,"revision":1,"vector":', "}")            # an unknown key's value: skipped
READ = ('{"v":1,"count":1,"revision":1,"source":{"platform":"ios","appVersion":', "}}")  # a string read
COUNT = ('{"v":1,"count":', ',"revision":1}')                        # a number read (integer, min 0, fail-document)
SAMPLE = "schema.todo-count.sample.minimal.CountRecord"


def utf8_offset(text, index):
    return len(text[:index].encode("utf-8"))


def malformed_changes(offset, expected):
    return [{"replace": "$.status", "value": "malformed"}, {"replace": "$.value", "value": None},
            {"add": "$.report", "value": [{"path": "$", "rule": "malformed", "used": "document", "offset": offset, "expected": expected}]}]


def place(prefix, vector, suffix, verdict):
    """The document and, for a rejected vector, the byte offset of the verdict in it."""
    doc = prefix + vector + suffix
    if verdict == OK:
        return doc, None
    index, expected = verdict
    offset = len(doc.encode("utf-8")) if index == END else len(prefix.encode("utf-8")) + utf8_offset(vector, index)
    return doc, (offset, expected)


def whole_verdict(vector):
    """docs/report.md: `object` when the first non-whitespace character is not `{` (END when there is none)."""
    for i, c in enumerate(vector):
        if c not in " \t\n\r":
            return (i, "object") if c != "{" else None
    return (END, "object")


def decode_case(name, about, doc, changes):
    return {"case": name, "about": about, "contract": "todo-count", "op": "decode", "sample": SAMPLE,
            "given": {"report": True}, "blob-changes": [{"replace": "$", "text": doc}], "expect-changes": changes}


def json_cases():
    cases = []

    def add(slug, source, vector, embedded, whole=None, read=None, count=None, why=""):
        """One vector: embedded as an unknown key's value; as the whole document (`whole`: a verdict,
        "version" for an accepted object without `v`, or None for the `object` rule); read as a
        string (`read`: the decoded text, "surrogate", or "same" for a rejected string) or as the
        count (`count`: its value, "invalid-number", "min", or "same")."""
        about = f"{source}. {why}".strip()
        doc, at = place(EMBED[0], vector, EMBED[1], embedded)
        verdict = "accepted: an unknown key's value is skipped, so the document is ok with an empty report" if at is None else \
            f"rejected: malformed at byte {at[0]}, expected {at[1]}"
        cases.append(decode_case(f"vectors.rfc8259.{slug}.embedded", f"{about} Embedded as an unknown key's value: {verdict}.", doc,
                                 [{"add": "$.report", "value": []}] if at is None else malformed_changes(*at)))
        w = whole if whole is not None else whole_verdict(vector)
        if w == "version":
            changes = [{"replace": "$.status", "value": "unsupportedVersion"}, {"replace": "$.value", "value": None},
                       {"add": "$.report", "value": [{"path": "$.v", "rule": "version-rejected", "used": "document", "found": "missing"}]}]
            text = "an object without v: the version gate rejects it"
        elif w == OK:
            changes = [{"add": "$.report", "value": []}]
            text = "ok"
        else:
            _, at = place("", vector, "", w)
            changes = malformed_changes(*at)
            text = f"malformed at byte {at[0]}, expected {at[1]}"
        cases.append(decode_case(f"vectors.rfc8259.{slug}.whole", f"{about} As the whole document: {text}.", vector, changes))
        if read is not None:
            rv = embedded if read == "same" else OK
            doc, at = place(READ[0], vector, READ[1], rv)
            if at is not None:
                changes, text = malformed_changes(*at), f"malformed at byte {at[0]}, expected {at[1]}"
            elif read == "surrogate":
                changes = [{"replace": "$.value.source", "value": {"platform": "ios", "appVersion": None}},
                           {"add": "$.report", "value": [{"path": "$.source.appVersion", "rule": "unpaired-surrogate", "used": "null"}]}]
                text = "an unpaired surrogate is no string: appVersion (optional) is null"
            else:
                changes = [{"replace": "$.value.source", "value": {"platform": "ios", "appVersion": read}}, {"add": "$.report", "value": []}]
                text = f"appVersion reads as {json.dumps(read)}"
            cases.append(decode_case(f"vectors.rfc8259.{slug}.read", f"{about} Read as source.appVersion (a string): {text}.", doc, changes))
        if count is not None:
            cv = embedded if count == "same" else OK
            doc, at = place(COUNT[0], vector, COUNT[1], cv)
            if at is not None:
                changes, text = malformed_changes(*at), f"malformed at byte {at[0]}, expected {at[1]}"
            elif count in ("invalid-number", "min"):
                entry = {"path": "$.count", "rule": "invalid-number", "used": "document"} if count == "invalid-number" else \
                    {"path": "$.count", "rule": "constraint", "used": "document", "constraint": "min"}
                changes = [{"replace": "$.status", "value": "invalid"}, {"replace": "$.value", "value": None}, {"add": "$.report", "value": [entry]}]
                text = "not an integer within ±(2^53−1)" if count == "invalid-number" else "an integer below min 0"
                text += ": count (fail-document) makes the document invalid"
            else:
                changes = [{"replace": "$.value.count", "value": count}, {"add": "$.report", "value": []}]
                text = f"count reads as {count}"
            cases.append(decode_case(f"vectors.rfc8259.{slug}.count", f"{about} Read as count (integer, min 0): {text}.", doc, changes))

    # Numbers. Verdicts: the grammar above; a leading zero ends its number (docs/report.md).
    add("number.zero", NUM, "0", OK, count=0)
    add("number.minus-zero", NUM, "-0", OK, count=0, why="-0 is grammatical and equals 0 (docs/conformance.md: -0 equals 0).")
    add("number.minus-zero-fraction-exponent", NUM, "-0.0e-0", OK, count=0)
    add("number.integer", NUM, "123456789", OK, count=123456789)
    add("number.negative", NUM, "-1", OK, count="min")
    add("number.fraction", NUM, "0.5", OK, count="invalid-number")
    add("number.integral-fraction", NUM, "1.0", OK, count=1, why="1.0 has an integral value (docs/schema.md).")
    add("number.exponent-lower", NUM, "1e3", OK, count=1000)
    add("number.exponent-upper-plus", NUM, "1E+3", OK, count=1000)
    add("number.exponent-minus", NUM, "25e-1", OK, count="invalid-number", why="25e-1 is 2.5.")
    add("number.exponent-leading-zeros", NUM, "1e007", OK, count=10000000, why="Exponent digits may start with 0 (1*DIGIT).")
    add("number.fraction-and-exponent", NUM, "1.25e2", OK, count=125)
    add("number.largest-safe-integer", NUMLIM, "9007199254740991", OK, count=9007199254740991)
    add("number.past-the-safe-integers", NUMLIM, "9007199254740992", OK, count="invalid-number")
    add("number.thirty-digits", NUMLIM, "123456789012345678901234567890", OK, count="invalid-number")
    add("number.huge-magnitude", NUMLIM, "1e400", OK, count="invalid-number", why="Beyond double range: +∞, grammatical, no usable number.")
    add("number.huge-negative-magnitude", NUMLIM, "-1e400", OK, count="invalid-number")
    add("number.largest-double", NUMLIM, "1.7976931348623157e308", OK, count="invalid-number")
    add("number.tiny-magnitude", NUMLIM, "1e-400", OK, count=0,
        why="Below the smallest double: the nearest double is 0 (IEEE 754 round to nearest), a finite integral value, so count reads 0.")
    add("number.smallest-subnormal", NUMLIM, "4.9e-324", OK, count="invalid-number")
    add("number.four-hundred-digits", NUMLIM, "1" + "0" * 400, OK, count="invalid-number", why="A 401-digit integer: +∞ as a double.")
    add("number.leading-zero", NUM, "01", (1, "comma-or-close"), count="same", why="A leading zero ends its number: the 1 is at the place of , or }.")
    add("number.minus-leading-zero", NUM, "-01", (2, "comma-or-close"), count="same")
    add("number.double-zero", NUM, "00", (1, "comma-or-close"), count="same")
    add("number.minus-alone", NUM, "-", (1, "digit"), count="same", why="A minus needs a digit.")
    add("number.minus-space-digit", NUM, "- 1", (1, "digit"), count="same")
    add("number.double-minus", NUM, "--1", (1, "digit"), count="same")
    add("number.minus-point", NUM, "-.5", (1, "digit"), count="same")
    add("number.plus-sign", NUM, "+1", (0, "value"), count="same", why="No plus sign before a number.")
    add("number.leading-point", NUM, ".5", (0, "value"), count="same")
    add("number.trailing-point", NUM, "1.", (2, "digit"), count="same", why="frac needs a digit after the point.")
    add("number.point-then-exponent", NUM, "1.e3", (2, "digit"), count="same")
    add("number.zero-point-exponent", NUM, "0.e1", (2, "digit"), count="same")
    add("number.exponent-alone", NUM, "1e", (2, "digit"), count="same")
    add("number.exponent-plus-alone", NUM, "1e+", (3, "digit"), count="same")
    add("number.exponent-minus-alone", NUM, "1E-", (3, "digit"), count="same")
    add("number.exponent-two-signs", NUM, "1e+-1", (3, "digit"), count="same")
    add("number.fractional-exponent", NUM, "1e1.5", (3, "comma-or-close"), count="same")
    add("number.two-points", NUM, "1.5.2", (3, "comma-or-close"), count="same")
    add("number.hex", NUM, "0x10", (1, "comma-or-close"), count="same")
    add("number.digit-separator", NUM, "1_000", (1, "comma-or-close"), count="same")
    add("number.nan", NUM + "; §6: NaN and Infinity are not permitted", "NaN", (0, "value"), count="same")
    add("number.infinity", NUM + "; §6: NaN and Infinity are not permitted", "Infinity", (0, "value"), count="same")
    add("number.minus-infinity", NUM + "; §6: NaN and Infinity are not permitted", "-Infinity", (1, "digit"), count="same")
    add("number.fullwidth-digit", NUM + "; DIGIT is %x30-39 only", "\uff11", (0, "value"), count="same")
    add("number.two-numbers", NUM, "1 2", (2, "comma-or-close"), count="same")

    # Literals.
    for word in ("true", "false", "null"):
        add(f"literal.{word}", LIT, word, OK)
    add("literal.capitalised", LIT, "True", (0, "value"))
    add("literal.upper-case", LIT, "NULL", (0, "value"))
    add("literal.cut-short-true", LIT, "tru", (3, "literal"), why="The word ends early: the next letter was expected where the } is.")
    add("literal.cut-short-false", LIT, "fals", (4, "literal"))
    add("literal.cut-short-null", LIT, "nul", (3, "literal"))
    add("literal.one-letter", LIT, "t", (1, "literal"))
    add("literal.wrong-letter", LIT, "nil", (1, "literal"))
    add("literal.letter-after", LIT, "nulll", (4, "comma-or-close"))
    add("literal.two-words", LIT, "truefalse", (4, "comma-or-close"))
    add("literal.undefined", LIT, "undefined", (0, "value"))

    # Strings: every escape, read and skipped; bad escapes; raw control characters; unpaired surrogates.
    escapes = [("quotation-mark", '"\\""', '"'), ("reverse-solidus", '"\\\\"', "\\"), ("solidus", '"\\/"', "/"),
               ("backspace", '"\\b"', "\b"), ("form-feed", '"\\f"', "\f"), ("line-feed", '"\\n"', "\n"),
               ("carriage-return", '"\\r"', "\r"), ("tab", '"\\t"', "\t"), ("u-nul", '"a\\u0000b"', "a\x00b"),
               ("u-1f", '"\\u001F"', "\x1f"), ("u-lower-hex", '"\\u00e9"', "é"), ("u-upper-hex", '"\\u00E9"', "é"),
               ("u-mixed-case-hex", '"\\u20Ac"', "€"), ("u-ffff", '"\\uFFFF"', "\uffff"),
               ("surrogate-pair-g-clef", '"\\uD834\\uDD1E"', "\U0001D11E"),
               ("surrogate-pair-lower-case", '"\\ud83d\\ude00"', "\U0001F600"),
               ("every-escape-in-one", '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041"', "\"\\/\b\f\n\r\tA")]
    for slug, text, value in escapes:
        add(f"string.escape.{slug}", STR, text, OK, read=value)
    raw = [("unescaped-solidus", '"a/b"', "a/b"), ("raw-del", '"\x7f"', "\x7f"), ("raw-non-ascii", '"é€😀"', "é€😀"),
           ("raw-line-separator", '"\u2028\u2029"', "\u2028\u2029"), ("raw-nbsp", '"\u00a0"', "\u00a0"),
           ("raw-bom-inside", '"\ufeff"', "\ufeff"), ("space", '" "', " ")]
    for slug, text, value in raw:
        add(f"string.{slug}", STR, text, OK, read=value)
    add("string.empty", STR, '""', OK)
    for slug, text in [("lone-high", '"\\ud800"'), ("lone-low", '"\\udc00"'), ("two-highs", '"\\ud800\\ud800"'),
                       ("reversed-pair", '"\\ude00\\ud83d"'), ("high-then-text", '"\\udbffx"'), ("low-after-text", '"a\\udfff"')]:
        add(f"string.unpaired-surrogate.{slug}", SUR, text, OK, read="surrogate",
            why="Skipped: accepted. Read: an unpaired surrogate is no string.")
    bad = [("escape-x", '"\\x41"', 2, "escape"), ("escape-a", '"\\a"', 2, "escape"), ("escape-single-quote", '"\\\'"', 2, "escape"),
           ("escape-upper-u", '"\\U00e9"', 2, "escape"), ("escape-0", '"\\0"', 2, "escape"), ("escape-space", '"\\ "', 2, "escape"),
           ("u-bad-hex-digit", '"\\u00g9"', 5, "escape"), ("u-three-digits", '"\\u12"', 5, "escape"),
           ("u-no-digits", '"\\u"', 3, "escape"), ("u-fullwidth-digit", '"\\u00\uff10\uff10"', 5, "escape"),
           ("backslash-before-the-end", '"\\', 2, "escape"),
           ("raw-nul", '"\x00"', 1, "string"), ("raw-tab", '"a\tb"', 2, "string"), ("raw-line-feed", '"\n"', 1, "string"),
           ("raw-carriage-return", '"\r"', 1, "string"), ("raw-1f", '"\x1f"', 1, "string"), ("raw-escape-char", '"\x1b[0m"', 1, "string"),
           ("unclosed", '"abc', END, "string"), ("single-quotes", "'a'", 0, "value")]
    for slug, text, index, expected in bad:
        add(f"string.{slug}", STR, text, (index, expected), read="same")

    # Structure.
    add("array.empty", ARR, "[]", OK)
    add("array.nested", ARR, '[[],[[]],{"a":[1,"x",null,true]}]', OK)
    add("array.trailing-comma", ARR, "[1,]", (3, "value"))
    add("array.leading-comma", ARR, "[,1]", (1, "value"))
    add("array.double-comma", ARR, "[1,,2]", (3, "value"))
    add("array.missing-comma", ARR, "[1 2]", (3, "comma-or-close"))
    add("array.unclosed", ARR, "[1", (2, "comma-or-close"), why="The } where , or ] was expected.")
    add("array.open-bracket-alone", ARR, "[", (1, "value"))
    add("array.inner-unclosed", ARR, "[[]", (3, "comma-or-close"))
    add("array.closed-by-brace", ARR, "[1}", (2, "comma-or-close"))
    add("array.colon", ARR, "[1:2]", (2, "comma-or-close"))
    add("object.empty", OBJ, "{}", OK, whole="version")
    add("object.members", OBJ, '{"a":1,"b":[],"c":{}}', OK, whole="version")
    add("object.escaped-keys", OBJ, '{"\\u0061":1,"\\ud800":2,"":3}', OK, whole="version",
        why="Keys are strings: escapes, an unpaired surrogate and the empty key are grammatical.")
    add("object.duplicate-keys", DUP, '{"a":1,"a":2}', OK, whole="version")
    add("object.trailing-comma", OBJ, '{"a":1,}', (7, "key"), whole=(7, "key"))
    add("object.leading-comma", OBJ, '{,"a":1}', (1, "key"), whole=(1, "key"))
    add("object.comma-alone", OBJ, "{,}", (1, "key"), whole=(1, "key"))
    add("object.missing-colon", OBJ, '{"a" 1}', (5, "colon"), whole=(5, "colon"))
    add("object.key-alone", OBJ, '{"a"}', (4, "colon"), whole=(4, "colon"))
    add("object.missing-value", OBJ, '{"a":}', (5, "value"), whole=(5, "value"))
    add("object.missing-comma", OBJ, '{"a":1 "b":2}', (7, "comma-or-close"), whole=(7, "comma-or-close"))
    add("object.unquoted-key", OBJ, "{a:1}", (1, "key"), whole=(1, "key"))
    add("object.single-quoted-key", OBJ, "{'a':1}", (1, "key"), whole=(1, "key"))
    add("object.number-key", OBJ, "{1:1}", (1, "key"), whole=(1, "key"))
    add("object.double-colon", OBJ, '{"a"::1}', (5, "value"), whole=(5, "value"))
    add("object.equals-sign", OBJ, '{"a"=1}', (4, "colon"), whole=(4, "colon"))
    add("object.unclosed", OBJ, '{"a":1', (END, "comma-or-close"), whole=(END, "comma-or-close"),
        why="Embedded, the document's } closes it and the text ends where , or } was expected; whole, the text ends there.")
    add("object.open-brace-alone", OBJ, "{", (END, "comma-or-close"), whole=(END, "key"))
    add("object.closed-by-bracket", OBJ, '{"a":1]', (6, "comma-or-close"), whole=(6, "comma-or-close"))
    add("object.trailing-brace", OBJ, '{"a":1}}', (8, "end"), whole=(7, "end"),
        why="One } too many: embedded it closes the document and the next is trailing; whole, it is trailing.")
    add("object.trailing-value", OBJ + "; " + ROOTOBJ, '{"a":1} 2', (8, "comma-or-close"), whole=(8, "end"))
    add("whitespace.every-kind", WS, ' \t\n\r[ 1 ,\t2\n,\r3 ] \r\n\t', OK)
    add("whitespace.form-feed", WS, "\f1", (0, "value"))
    add("whitespace.vertical-tab", WS, "\v1", (0, "value"))
    add("whitespace.nbsp", WS, "\u00a01", (0, "value"))
    add("whitespace.line-separator", WS, "\u20281", (0, "value"))
    add("whitespace.ideographic-space", WS, "\u30001", (0, "value"))
    add("bom.before-a-value", BOM, "\ufeff1", (0, "value"))
    add("empty.nothing", ROOTOBJ, "", (0, "value"), why="No value where one was expected.")
    add("empty.whitespace-only", WS, " \t\r\n", (4, "value"))
    add("comment.line", RFC8259 + " has no comments", "// c\n1", (0, "value"))
    add("comment.block", RFC8259 + " has no comments", "/* c */ 1", (0, "value"))

    # Depth: the vector sits at level 2, so 511 more levels reach 512; one more is the 513th.
    add("depth.arrays-to-level-512", DEPTH, "[" * 511 + "]" * 511, OK)
    add("depth.arrays-to-level-513", DEPTH, "[" * 512 + "]" * 512, (511, "depth"), why="The 512th [ of the vector opens level 513.")
    add("depth.objects-to-level-512", DEPTH, '{"a":' * 511 + "1" + "}" * 511, OK, whole="version")
    add("depth.objects-to-level-513", DEPTH, '{"a":' * 512 + "1" + "}" * 512, (5 * 511, "depth"), whole="version",
        why="Embedded, the vector's 512th { opens level 513: malformed; whole, its 512 levels are within the limit (no v: the gate).")

    # Whole documents that are only documents: a valid todo-count document around which the text is changed.
    def doc_case(slug, source, text, verdict, why):
        if verdict == OK:
            changes, said = [{"add": "$.report", "value": []}], "ok"
        elif isinstance(verdict, list):
            changes, said = verdict, "ok, as the rule says"
        else:
            _, at = place("", text, "", verdict)
            changes, said = malformed_changes(*at), f"malformed at byte {at[0]}, expected {at[1]}"
        about = " ".join(part for part in (f"{source}.", why, f"The document: {said}.") if part)
        cases.append(decode_case(f"vectors.rfc8259.document.{slug}", about, text, changes))

    version = [{"replace": "$.status", "value": "unsupportedVersion"}, {"replace": "$.value", "value": None},
               {"add": "$.report", "value": [{"path": "$.v", "rule": "version-rejected", "used": "document", "found": "missing"}]}]
    doc_case("objects-nested-512-levels", DEPTH, '{"a":' * 512 + "1" + "}" * 512, version,
             "512 levels, the root among them: within the limit; no v, so the version gate rejects it.")
    doc_case("objects-nested-513-levels", DEPTH, '{"a":' * 513 + "1" + "}" * 513, (5 * 512, "depth"),
             "The 513th { opens level 513: malformed before any version gate.")
    doc_case("whitespace-around", WS, " \t\r\n" + MINIMAL + "\n\r\t ", OK, "Every kind of whitespace around the root.")
    doc_case("whitespace-between-every-token", WS, '{ "v" : 1 ,\t"count"\n:\r1 , "revision" : 1 }', OK, "")
    doc_case("bom-before-the-root", BOM, "\ufeff" + MINIMAL, (0, "object"), "The BOM is the first character.")
    doc_case("form-feed-before-the-root", WS, "\f" + MINIMAL, (0, "object"), "Form feed is no JSON whitespace.")
    doc_case("nbsp-after-the-root", WS, MINIMAL + "\u00a0", (len(MINIMAL), "end"), "")
    doc_case("empty", ROOTOBJ, "", (END, "object"), "An empty text holds no value.")
    doc_case("whitespace-only", ROOTOBJ, " \n", (END, "object"), "")
    doc_case("trailing-comma-in-the-root", OBJ, MINIMAL[:-1] + ",}", (len(MINIMAL), "key"), "")
    doc_case("unclosed-root", OBJ, MINIMAL[:-1], (END, "comma-or-close"), "")
    doc_case("trailing-garbage-value", ROOTOBJ, MINIMAL + " 1", (len(MINIMAL) + 1, "end"), "Exactly one value.")
    doc_case("trailing-second-object", ROOTOBJ, MINIMAL + "{}", (len(MINIMAL), "end"), "")
    doc_case("trailing-nul", ROOTOBJ, MINIMAL + "\x00", (len(MINIMAL), "end"), "")
    doc_case("trailing-comma-after-the-root", ROOTOBJ, MINIMAL + ",", (len(MINIMAL), "end"), "")
    doc_case("root-array", ROOTOBJ, "[" + MINIMAL + "]", (0, "object"), "An array root, even holding the document.")
    doc_case("duplicate-read-key-last-wins", DUP, '{"v":1,"count":5,"revision":1,"count":2}',
             [{"replace": "$.value.count", "value": 2},
              {"add": "$.report", "value": [{"path": "$.count", "rule": "duplicate-key", "used": "last"}]}], "count is given twice: the last, 2, counts.")
    doc_case("duplicate-version-last-wins", DUP, '{"v":2,"count":1,"revision":1,"v":1}', [{"add": "$.report", "value": []}],
             "v is 2 then 1: the last counts, the gate accepts it, a repeated version is not reported.")
    return cases


# ---------------------------------------------------------------------------------------------
# UTF-8 (RFC 3629 §4 syntax, Unicode 15 Table 3-7 "Well-Formed UTF-8 Byte Sequences").

U8 = "RFC 3629 §4 and Unicode Table 3-7 (well-formed UTF-8 byte sequences)"
# Byte documents, each: (prefix, suffix) around the bytes under test, and what a valid character reads as.
U8_READ = (b'{"v":1,"count":1,"revision":1,"source":{"platform":"ios","appVersion":"', b'"}}')
U8_KEY = (b'{"v":1,"count":1,"revision":1,"badges":{"', b'":1}}')
U8_UNKNOWN_KEY = (b'{"v":1,"count":1,"revision":1,"', b'":1}')
U8_SKIPPED = (b'{"v":1,"count":1,"revision":1,"vector":"', b'"}')


def bytes_case(name, about, data, expect):
    return {"case": name, "about": about, "contract": "todo-count", "op": "decodeBytes",
            "given": {"hex": data.hex(), "report": True}, "expect": expect}


def minimal_value():
    return {"count": 1, "revision": 1, "updatedAt": None, "sync": "idle", "source": None, "lists": [], "badges": {}}


def utf8_cases():
    cases = []
    valid = [("u-007f-last-one-byte", b"\x7f", "\u007f"), ("u-0080-first-two-byte", b"\xc2\x80", "\u0080"),
             ("u-07ff-last-two-byte", b"\xdf\xbf", "\u07ff"), ("u-0800-first-three-byte", b"\xe0\xa0\x80", "\u0800"),
             ("u-d7ff-before-the-surrogates", b"\xed\x9f\xbf", "\ud7ff"), ("u-e000-after-the-surrogates", b"\xee\x80\x80", "\ue000"),
             ("u-fffd-replacement-character", b"\xef\xbf\xbd", "\ufffd"), ("u-ffff-last-three-byte", b"\xef\xbf\xbf", "\uffff"),
             ("u-10000-first-four-byte", b"\xf0\x90\x80\x80", "\U00010000"), ("u-10ffff-last-code-point", b"\xf4\x8f\xbf\xbf", "\U0010ffff")]
    for slug, seq, char in valid:
        for where, (pre, post) in [("read", U8_READ), ("map-key", U8_KEY), ("unknown-key", U8_UNKNOWN_KEY), ("skipped", U8_SKIPPED)]:
            value = minimal_value()
            if where == "read":
                value["source"] = {"platform": "ios", "appVersion": char}
            elif where == "map-key":
                value["badges"] = {char: 1}
            cases.append(bytes_case(f"vectors.utf8.valid.{slug}.{where}",
                                    f"{U8}: {seq.hex(' ').upper()} is well-formed ({slug}); {where}: ok, reads as written.",
                                    pre + seq + post, {"status": "ok", "value": value, "report": []}))
    # Ill-formed: (slug, bytes, index of the first byte where they stop being UTF-8, why).
    invalid = [("lone-continuation-80", b"\x80", 0, "80 cannot start a character"),
               ("lone-continuation-bf", b"\xbf", 0, "BF cannot start a character"),
               ("continuations-80-bf-80", b"\x80\xbf\x80", 0, "a run of continuation bytes"),
               ("overlong-c0-80", b"\xc0\x80", 0, "C0 never starts a character (an overlong U+0000)"),
               ("overlong-c1-bf", b"\xc1\xbf", 0, "C1 never starts a character (an overlong U+007F)"),
               ("overlong-e0-80-80", b"\xe0\x80\x80", 1, "after E0 only A0-BF (E0 80 80 would be an overlong U+0000)"),
               ("overlong-e0-9f-bf", b"\xe0\x9f\xbf", 1, "after E0 only A0-BF (an overlong U+07FF)"),
               ("overlong-f0-80-80-80", b"\xf0\x80\x80\x80", 1, "after F0 only 90-BF"),
               ("overlong-f0-8f-bf-bf", b"\xf0\x8f\xbf\xbf", 1, "after F0 only 90-BF (an overlong U+FFFF)"),
               ("surrogate-ed-a0-80", b"\xed\xa0\x80", 1, "after ED only 80-9F (ED A0 80 would be U+D800)"),
               ("surrogate-ed-bf-bf", b"\xed\xbf\xbf", 1, "U+DFFF"),
               ("surrogate-pair-cesu", b"\xed\xa0\xbd\xed\xb8\x80", 1, "a surrogate pair encoded as two three-byte sequences (CESU-8)"),
               ("above-10ffff-f4-90", b"\xf4\x90\x80\x80", 1, "after F4 only 80-8F (F4 90 80 80 would be U+110000)"),
               ("lead-f5", b"\xf5\x80\x80\x80", 0, "F5-FF never start a character"),
               ("lead-f7", b"\xf7\xbf\xbf\xbf", 0, "F7 would begin U+1FFFFF"),
               ("five-byte-f8", b"\xf8\x88\x80\x80\x80", 0, "five-byte forms were removed by RFC 3629"),
               ("six-byte-fc", b"\xfc\x84\x80\x80\x80\x80", 0, "six-byte forms too"),
               ("byte-fe", b"\xfe", 0, "FE never appears"), ("byte-ff", b"\xff", 0, "FF never appears"),
               ("two-byte-cut-short", b"\xc3", 1, "C3 needs one continuation byte; the next byte is not one"),
               ("three-byte-cut-after-one", b"\xe2", 1, "E2 needs two"), ("three-byte-cut-after-two", b"\xe2\x82", 2, "E2 82 needs one more"),
               ("four-byte-cut-after-three", b"\xf0\x9f\x98", 3, "F0 9F 98 needs one more"),
               ("continuation-then-ascii", b"\xc3\x41", 1, "41 cannot continue C3"),
               ("valid-then-stray", b"\xc3\xa9\xa9", 2, "C3 A9 is é; the second A9 is a stray continuation")]
    for slug, seq, stop, why in invalid:
        for where, (pre, post) in [("read", U8_READ), ("map-key", U8_KEY), ("unknown-key", U8_UNKNOWN_KEY), ("skipped", U8_SKIPPED)]:
            offset = len(pre) + stop
            cases.append(bytes_case(f"vectors.utf8.invalid.{slug}.{where}",
                                    f"{U8}: {seq.hex(' ').upper()}: {why}; in the {where} string at byte {len(pre)}: malformed, utf-8 at byte {offset}.",
                                    pre + seq + post,
                                    {"status": "malformed", "value": None,
                                     "report": [{"path": "$", "rule": "malformed", "used": "document", "offset": offset, "expected": "utf-8"}]}))
    # Cut short by the end of the document: the bytes end inside a character (the offset is their length).
    for slug, seq in [("two-byte", b"\xc3"), ("three-byte-after-one", b"\xe2"), ("three-byte-after-two", b"\xe2\x82"),
                      ("four-byte-after-three", b"\xf0\x9f\x98")]:
        for where, pre in [("in-a-read-string", U8_READ[0]), ("after-the-root", MINIMAL.encode())]:
            data = pre + seq
            cases.append(bytes_case(f"vectors.utf8.end-inside-a-character.{slug}.{where}",
                                    f"{U8}: the document ends inside a character ({seq.hex(' ').upper()}): malformed, utf-8 at its length, {len(data)}.",
                                    data, {"status": "malformed", "value": None,
                                           "report": [{"path": "$", "rule": "malformed", "used": "document", "offset": len(data), "expected": "utf-8"}]}))
    return cases


# ---------------------------------------------------------------------------------------------
# RFC 3339 date-times in calendar-agenda's Event.updatedAt (docs/schema.md "Date-times").

R3339 = "RFC 3339"
STRICT = "docs/schema.md Date-times: YYYY-MM-DD \"T\" HH:MM:SS [\".\" 1-9 digits] (\"Z\" | \"+\" HH:MM | \"-\" HH:MM), T and Z upper case, a real date, hour 00-23, minute and second 00-59, offset hours 00-23 and minutes 00-59"


def instant_ms(y, mo, d, h, mi, s, frac_digits, sign, oh, om):
    """Epoch milliseconds of a date-time by the docs' rule: the fraction floored to milliseconds,
    the offset subtracted. Calendar arithmetic by Python's calendar.timegm (proleptic Gregorian)."""
    seconds = calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0)) - sign * (oh * 3600 + om * 60)
    millis = int((frac_digits + "000")[:3]) if frac_digits else 0
    return seconds * 1000 + millis


def rfc3339_cases():
    cases = []

    def add(slug, source, text, ms, why=""):
        valid = ms is not None
        changes = [{"add": "$.events[0].updated_at", "text": json.dumps(text)}]
        expect = [{"replace": "$.value.events[0].updated_at", "value": ms}, {"add": "$.report", "value": []}] if valid else \
            [{"add": "$.report", "value": [{"path": "$.events[0].updated_at", "rule": "invalid-date", "used": "null"}]}]
        verdict = f"Valid: {ms} ms" if valid else "Not the strict form: updated_at (optional) is null"
        cases.append({"case": f"vectors.rfc3339.{slug}", "about": f"{source}: {text!r}. {why} {verdict}.".replace("  ", " "),
                      "contract": "calendar-agenda", "op": "decode", "sample": "schema.calendar-agenda.sample.minimal.Event",
                      "given": {"report": True}, "blob-changes": changes, "expect-changes": expect})

    ex = "RFC 3339 §5.8 example"
    add("example-fraction-z", ex, "1985-04-12T23:20:50.52Z", instant_ms(1985, 4, 12, 23, 20, 50, "52", 1, 0, 0))
    add("example-offset-minus-08", ex, "1996-12-19T16:39:57-08:00", instant_ms(1996, 12, 19, 16, 39, 57, "", -1, 8, 0))
    add("example-leap-second-z", ex, "1990-12-31T23:59:60Z", None, "A leap second is invalid here (docs/schema.md).")
    add("example-leap-second-offset", ex, "1990-12-31T15:59:60-08:00", None, "The same leap second in Pacific time.")
    add("example-offset-plus-00-20", ex, "1937-01-01T12:00:27.87+00:20", instant_ms(1937, 1, 1, 12, 0, 27, "87", 1, 0, 20),
        "An offset of 20 minutes (Netherlands, 1937), before 1970.")
    add("lower-case-t", STRICT, "2026-07-17t08:30:00Z", None, "RFC 3339 allows t; the strict form does not.")
    add("lower-case-z", STRICT, "2026-07-17T08:30:00z", None)
    add("space-separator", STRICT, "2026-07-17 08:30:00Z", None, "RFC 3339 §5.6 NOTE allows a space; the strict form does not.")
    add("offset-plus-00-00", STRICT, "2026-07-17T08:30:00+00:00", instant_ms(2026, 7, 17, 8, 30, 0, "", 1, 0, 0))
    add("offset-minus-00-00", STRICT + "; -00:00 reads as UTC (RFC 3339 §4.3: unknown local offset)", "2026-07-17T08:30:00-00:00",
        instant_ms(2026, 7, 17, 8, 30, 0, "", 1, 0, 0))
    add("offset-plus-23-59", STRICT, "2026-07-17T08:30:00+23:59", instant_ms(2026, 7, 17, 8, 30, 0, "", 1, 23, 59))
    add("offset-minus-23-59", STRICT, "2026-07-17T08:30:00-23:59", instant_ms(2026, 7, 17, 8, 30, 0, "", -1, 23, 59))
    add("offset-plus-24-00", STRICT, "2026-07-17T08:30:00+24:00", None)
    add("offset-minutes-60", STRICT, "2026-07-17T08:30:00+00:60", None)
    add("offset-without-colon", STRICT, "2026-07-17T08:30:00+0530", None)
    add("offset-one-digit-hour", STRICT, "2026-07-17T08:30:00+5:30", None)
    add("offset-hours-only", STRICT, "2026-07-17T08:30:00+05", None)
    add("no-offset", STRICT, "2026-07-17T08:30:00", None, "A local time names no instant.")
    add("missing-seconds", STRICT + " (RFC 3339 §5.6: time-second is required)", "2026-07-17T08:30Z", None)
    add("second-59", STRICT, "2026-07-17T23:59:59Z", instant_ms(2026, 7, 17, 23, 59, 59, "", 1, 0, 0))
    add("hour-24", STRICT, "2026-07-17T24:00:00Z", None)
    add("minute-60", STRICT, "2026-07-17T08:60:00Z", None)
    for digits in range(1, 10):
        frac = "987654321"[:digits]
        add(f"fraction-{digits}-digits", STRICT + " (digits past the millisecond are dropped: floored)", f"2026-07-17T08:30:00.{frac}Z",
            instant_ms(2026, 7, 17, 8, 30, 0, frac, 1, 0, 0))
    add("fraction-10-digits", STRICT, "2026-07-17T08:30:00.9876543210Z", None)
    add("fraction-empty", STRICT + " (RFC 3339 §5.6: time-secfrac = \".\" 1*DIGIT)", "2026-07-17T08:30:00.Z", None)
    add("fraction-comma", STRICT, "2026-07-17T08:30:00,5Z", None)
    # Days 29-31 of every month of a common year (2026), and February 29 by the leap-year rule.
    for month in range(1, 13):
        for day in (29, 30, 31):
            exists = day <= calendar.monthrange(2026, month)[1]
            text = f"2026-{month:02d}-{day:02d}T12:00:00Z"
            add(f"day-2026-{month:02d}-{day:02d}", "RFC 3339 §5.7: date-mday 01-28, 01-29, 01-30, 01-31 by month and year", text,
                instant_ms(2026, month, day, 12, 0, 0, "", 1, 0, 0) if exists else None,
                "The day exists." if exists else "No such day: never rolled into the next month.")
    for year, leap in [(2024, True), (2023, False), (2000, True), (1900, False), (2100, False), (1600, True), (9996, True), (4, True)]:
        text = f"{year:04d}-02-29T00:00:00Z"
        add(f"february-29-{year:04d}", "RFC 3339 §5.7 and Appendix C: a leap year is divisible by 4, and by 400 if by 100", text,
            instant_ms(year, 2, 29, 0, 0, 0, "", 1, 0, 0) if leap else None, "A leap year." if leap else "Not a leap year.")
    return cases


def write_all(check):
    outputs = {}
    for case in json_cases() + utf8_cases():
        outputs[os.path.join(ROOT, "golden", "todo-count", case["case"] + ".json")] = case
    for case in rfc3339_cases():
        outputs[os.path.join(ROOT, "golden", "calendar-agenda", case["case"] + ".json")] = case
    changed = []
    for path, case in sorted(outputs.items()):
        text = json.dumps(case, indent=2, ensure_ascii=False) + "\n"
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            changed.append(path)
            if not check:
                with open(path + ".tmp", "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(path + ".tmp", path)
    for contract, prefixes in [("todo-count", ("vectors.rfc8259.", "vectors.utf8.")), ("calendar-agenda", ("vectors.rfc3339.",))]:
        directory = os.path.join(ROOT, "golden", contract)
        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            if name.startswith(prefixes) and path not in outputs:
                changed.append(path)
                if not check:
                    os.remove(path)
    names = [c["case"] for c in json_cases() + utf8_cases() + rfc3339_cases()]
    assert len(names) == len(set(names)), "duplicate case names"
    counts = {}
    for n in names:
        key = n.split(".")[1]
        counts[key] = counts.get(key, 0) + 1
    print("vectors: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f"; {len(changed)} file(s) {'would change' if check else 'changed'}")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(write_all("--check" in sys.argv[1:]))
