"""The writer (the TypeScript ``encode``), from docs/schema.md ("Decoding, in every language",
field types, presence, constraints, unions, date-times), docs/conformance.md (op ``encode``)
and docs/runtime-api.md §6.

The input is the JSON value the app would pass (``XInput``: fields under their code names, a
union's tag under its code name, instants as epoch-millisecond numbers, maps as plain objects).
The output is the document text: the version first, then the fields in declaration order under
their JSON keys; left-out (or null) optional fields are not written; left-out defaulted fields
(or null) are written with their default; derived fields never; map entries in UTF-16 order of
their keys, every key checked before any value (a key with an unpaired surrogate, or one
canonically equivalent (NFC) to an earlier key in the map's own order, is refused); a union's
tag first; compact JSON as
JavaScript's JSON.stringify spells strings and numbers. A value the readers would not read back
as given raises ``EncodeRefused(path)``; paths use code names (``$.events[0].attachments[1].kind``)
and map keys as JSON string literals (``$.badges["inbox"]``).
"""

import re
import unicodedata
from decimal import Decimal

from .calendar import parse_local_date, format_instant, MIN_INSTANT, MAX_INSTANT

SAFE_MAX = 9007199254740991
_INF = float("inf")


class EncodeRefused(Exception):
    def __init__(self, path, expected):
        Exception.__init__(self, "%s: expected %s" % (path, expected))
        self.path = path
        self.expected = expected


def js_string(s):
    """JSON.stringify of a string: \\" \\\\ \\b \\f \\n \\r \\t, other controls as \\u00xx,
    lone surrogates as \\udxxx, everything else raw."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20:
            out.append({8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"}.get(o, "\\u%04x" % o))
        elif 0xD800 <= o <= 0xDFFF:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def js_number(x):
    """ECMAScript Number::toString for a finite double (JSON.stringify's spelling)."""
    x = float(x)
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    d = Decimal(repr(abs(x))).normalize()   # repr is the shortest round-trip digits
    t = d.as_tuple()
    digits = "".join(str(k) for k in t.digits)
    k = len(digits)
    n = t.exponent + k                      # value = 0.d1…dk × 10^n
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        es = ("+" if e >= 0 else "-") + str(abs(e))
        body = digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + es
    return sign + body


_SIMPLE = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def utf16_key(s):
    """Sort key for UTF-16 code-unit order (JavaScript's ``<``; not code-point order: U+1F600,
    D83D DE00, sorts before U+FF5A). Big-endian UTF-16 bytes compare as the code units do."""
    return s.encode("utf-16-be", "surrogatepass")


def _has_lone_surrogate(s):
    return any(0xD800 <= ord(ch) <= 0xDFFF for ch in s)


def _js_key_order(d):
    """A plain JavaScript object's own-key order (the map's own order, which decides which of
    two canonically equivalent keys is the later): array-index keys ascending, then the others
    in insertion order (JSON.parse builds the object member by member)."""
    idx = []
    rest = []
    for k in d:
        if k.isascii() and k.isdigit() and (k == "0" or not k.startswith("0")) and int(k) < 4294967295:
            idx.append(k)
        else:
            rest.append(k)
    idx.sort(key=int)
    return idx + rest


class Encoder(object):
    def __init__(self, contract):
        self.c = contract

    def encode(self, value):
        c = self.c
        if not isinstance(value, dict):
            raise EncodeRefused("$", "an object")
        parts = ["{", js_string(c.version_field), ":", str(c.writes)]
        self._fields(value, c.root, "$", parts, first=False)
        parts.append("}")
        return "".join(parts)

    def _fields(self, obj, ot, path, parts, first):
        for f in ot.fields:
            if f.derived:
                continue
            fpath = path + "." + f.name
            present = f.name in obj
            v = obj.get(f.name)
            if f.explicit_null:
                if not present:
                    continue
                if v is None:
                    text = "null"
                else:
                    text = self._value(v, f.type, f.constraints, fpath)
            elif f.policy == "optional":
                if not present or v is None:
                    continue
                text = self._value(v, f.type, f.constraints, fpath)
            elif f.policy == "default":
                # null is a left-out value: the default is written (schema.md, the writer).
                if not present or v is None:
                    text = self._default_text(f)
                else:
                    text = self._value(v, f.type, f.constraints, fpath)
            else:
                if not present:
                    raise EncodeRefused(fpath, "a value (required)")
                text = self._value(v, f.type, f.constraints, fpath)
            if not first:
                parts.append(",")
            first = False
            parts.append(js_string(f.json))
            parts.append(":")
            parts.append(text)
        return first

    def _default_text(self, f):
        d = f.default
        k = f.type.kind
        if k == "array":
            return "[]"
        if k == "map":
            return "{}"
        if k == "bool":
            return "true" if d else "false"
        if k in ("integer", "number"):
            return js_number(d)
        return js_string(d)

    def _value(self, v, t, cons, path):
        k = t.kind
        if k == "string":
            if not isinstance(v, str):
                raise EncodeRefused(path, "a string")
            if any(0xD800 <= ord(ch) <= 0xDFFF for ch in v):
                raise EncodeRefused(path, "a well-formed string")
            n = len(v)
            for cname, cval in cons:
                if cname == "non-empty" and n < 1:
                    raise EncodeRefused(path, "a non-empty string")
                if cname == "min-length" and n < cval:
                    raise EncodeRefused(path, "length >= %d Unicode scalars" % cval)
                if cname == "max-length" and n > cval:
                    raise EncodeRefused(path, "length <= %d Unicode scalars" % cval)
            return js_string(v)
        if k == "bool":
            if v is True:
                return "true"
            if v is False:
                return "false"
            raise EncodeRefused(path, "a boolean")
        if k in ("integer", "number", "epochMillis"):
            if not _is_number(v):
                raise EncodeRefused(path, "a number")
            x = float(v)
            if x != x or x in (_INF, -_INF):
                raise EncodeRefused(path, "a finite number")
            if k != "number":
                if x != int(x) or abs(x) > SAFE_MAX:
                    raise EncodeRefused(path, "a safe integer")
                if k == "epochMillis" and x < 1:
                    raise EncodeRefused(path, "an instant of at least 1")
            for cname, cval in cons:
                if cname == "min" and not (x >= cval):
                    raise EncodeRefused(path, ">= %s" % cval)
                if cname == "max" and not (x <= cval):
                    raise EncodeRefused(path, "<= %s" % cval)
            return js_number(x)
        if k == "localDate":
            if not isinstance(v, str) or parse_local_date(v) is None:
                raise EncodeRefused(path, "a date YYYY-MM-DD")
            return js_string(v)
        if k == "dateTime":
            if not _is_number(v):
                raise EncodeRefused(path, "an instant")
            x = float(v)
            if x != x or x in (_INF, -_INF) or x != int(x) or not (MIN_INSTANT <= x <= MAX_INSTANT):
                raise EncodeRefused(path, "an instant within years 1-9999")
            return js_string(format_instant(int(x)))
        if k == "enum":
            if not isinstance(v, str) or v not in t.value_set:
                raise EncodeRefused(path, "one of %s" % t.values)
            return js_string(v)
        if k == "array":
            if not isinstance(v, list):
                raise EncodeRefused(path, "an array")
            items = [self._value(x, t.elem, (), "%s[%d]" % (path, i)) for i, x in enumerate(v)]
            n = len(items)
            for cname, cval in cons:
                if (cname == "non-empty" and n < 1) or (cname == "min-items" and n < cval) or \
                        (cname == "max-items" and n > cval):
                    raise EncodeRefused(path, "a size within the limits")
            return "[" + ",".join(items) + "]"
        if k == "map":
            if not isinstance(v, dict):
                raise EncodeRefused(path, "an object (a map)")
            # Every key is checked before any value (schema.md, "Encoding, in every language"):
            # a key holding an unpaired surrogate (every reader drops such an entry) and a key
            # canonically equivalent (NFC) to an earlier key in the map's own order (semantics.md
            # rows 15, 23; for a plain object, its own-key order) are refused. Of several refused
            # keys, the first in writing order (UTF-16) is named (FINDINGS F16).
            bad = []
            seen = set()
            for key in _js_key_order(v):
                if _has_lone_surrogate(key):
                    bad.append((key, "a well-formed key"))
                    continue
                nk = key if key.isascii() else unicodedata.normalize("NFC", key)
                if nk in seen:
                    bad.append((key, "no two canonically equivalent keys"))
                seen.add(nk)
            if bad:
                key, why = min(bad, key=lambda b: utf16_key(b[0]))
                raise EncodeRefused("%s[%s]" % (path, js_string(key)), why)
            # Entries are written, and their values checked, in UTF-16 code-unit order of their
            # keys, whatever order the map keeps (semantics.md row 23).
            items = []
            for key in sorted(v, key=utf16_key):
                items.append(js_string(key) + ":" + self._value(v[key], t.elem, (), "%s[%s]" % (path, js_string(key))))
            for cname, cval in cons:
                if cname == "non-empty" and not items:
                    raise EncodeRefused(path, "a non-empty map")
            return "{" + ",".join(items) + "}"
        if k == "object":
            if not isinstance(v, dict):
                raise EncodeRefused(path, "an object")
            parts = ["{"]
            self._fields(v, t.target, path, parts, first=True)
            parts.append("}")
            return "".join(parts)
        if k == "union":
            if not isinstance(v, dict):
                raise EncodeRefused(path, "an object")
            u = t.target
            tag = v.get(u.tag)
            if not isinstance(tag, str) or tag not in u.variants:
                raise EncodeRefused(path + "." + u.tag, "one of %s" % list(u.variants))
            parts = ["{", js_string(u.tag_json), ":", js_string(tag)]
            self._fields(v, u.variants[tag], path, parts, first=False)
            parts.append("}")
            return "".join(parts)
        raise AssertionError(k)
