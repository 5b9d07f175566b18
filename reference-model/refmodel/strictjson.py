"""A strict RFC 8259 reader and a small JSON writer, written from docs/runtime-api.md §1–2 and
docs/report.md ("Malformed").

The reader builds a tree that keeps everything a decoder needs to apply the contract's rules:

* objects keep every member in the order written, duplicates included (``JObj.members``), so
  the decoder can apply "the last occurrence wins", report duplicate keys and count map members;
* a string that held an unpaired surrogate is an ``InvalidStr`` (it exists, but is no string);
  object keys likewise (a key that is an ``InvalidStr`` names no field and no map entry);
* numbers are IEEE-754 doubles (Python ``float``, correctly rounded; ``1e400`` is ``inf``);
* nesting deeper than 512 levels (the root container is level 1) is an error.

A syntax error raises ``JSONSyntaxError(index, expected)`` where ``index`` is the index (in
Python code points) of the first character at which the text stops being the beginning of an
acceptable document (the text's length when it ends too early) and ``expected`` is one of the
words of docs/report.md. ``utf8_offset`` turns the index into the UTF-8 byte offset (an
unpaired surrogate counts 3 bytes, as WTF-8 writes it).

The reader is iterative (no recursion), uses regular expressions for the long runs (plain
string bodies, whitespace, numbers), and is linear in the text.
"""

import re

MAX_DEPTH = 512


class InvalidStr(object):
    """A JSON string that held an unpaired surrogate: a value of no field type."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return "InvalidStr(%r)" % (self.text,)


class JObj(object):
    """A JSON object: every member as written, ``(key, value)``; key is str or InvalidStr."""
    __slots__ = ("members",)

    def __init__(self, members):
        self.members = members

    def __repr__(self):
        return "JObj(%r)" % (self.members,)


class JSONSyntaxError(Exception):
    def __init__(self, index, expected):
        Exception.__init__(self, "%s at %d" % (expected, index))
        self.index = index
        self.expected = expected


_WS = re.compile(r"[ \t\n\r]*")
_STR_SIMPLE = re.compile('"([^"\\\\\x00-\x1f\ud800-\udfff]*)"')
_STR_CHUNK = re.compile('[^"\\\\\x00-\x1f\ud800-\udfff]*')
_KEY_COLON = re.compile('"([^"\\\\\x00-\x1f\ud800-\udfff]*)"[ \t\n\r]*:[ \t\n\r]*')
_NUM = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_HEX = frozenset("0123456789abcdefABCDEF")
_DIGITS = frozenset("0123456789")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_NUM_START = frozenset("-0123456789")


def utf8_offset(text, index):
    """UTF-8 byte offset of code point ``index`` (unpaired surrogates count 3 bytes)."""
    return len(text[:index].encode("utf-8", "surrogatepass"))


def _scan_number_exact(s, i, n):
    """The RFC 8259 number grammar, character by character; returns the end or raises."""
    if i < n and s[i] == "-":
        i += 1
    if i >= n or s[i] not in _DIGITS:
        raise JSONSyntaxError(i, "digit")
    if s[i] == "0":
        i += 1
    else:
        while i < n and s[i] in _DIGITS:
            i += 1
    if i < n and s[i] == ".":
        i += 1
        if i >= n or s[i] not in _DIGITS:
            raise JSONSyntaxError(i, "digit")
        while i < n and s[i] in _DIGITS:
            i += 1
    if i < n and s[i] in "eE":
        i += 1
        if i < n and s[i] in "+-":
            i += 1
        if i >= n or s[i] not in _DIGITS:
            raise JSONSyntaxError(i, "digit")
        while i < n and s[i] in _DIGITS:
            i += 1
    return i


def _parse_number(s, i, n):
    m = _NUM.match(s, i)
    if m is None:
        end = _scan_number_exact(s, i, n)  # raises
    else:
        end = m.end()
        if end < n and s[end] in ".eE":
            end = _scan_number_exact(s, i, n)
    return float(s[i:end]), end


def _parse_string(s, i, n):
    """``s[i]`` is the opening quote. Returns (text, well_formed, end)."""
    m = _STR_SIMPLE.match(s, i)
    if m is not None:
        return m.group(1), True, m.end()
    parts = []
    valid = True
    j = i + 1
    chunk = _STR_CHUNK.match
    while True:
        m = chunk(s, j)
        e = m.end()
        if e > j:
            parts.append(m.group())
            j = e
        if j >= n:
            raise JSONSyntaxError(n, "string")
        c = s[j]
        if c == '"':
            return "".join(parts), valid, j + 1
        if c == "\\":
            j += 1
            if j >= n:
                raise JSONSyntaxError(n, "escape")
            c = s[j]
            if c == "u":
                cp = _hex4(s, j + 1, n)
                j += 5
                if 0xD800 <= cp <= 0xDBFF:
                    # a following escaped low surrogate completes the pair
                    if j + 6 <= n and s[j] == "\\" and s[j + 1] == "u":
                        h = s[j + 2:j + 6]
                        if all(ch in _HEX for ch in h):
                            low = int(h, 16)
                            if 0xDC00 <= low <= 0xDFFF:
                                parts.append(chr(0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00)))
                                j += 6
                                continue
                    valid = False
                    parts.append(chr(cp))
                elif 0xDC00 <= cp <= 0xDFFF:
                    valid = False
                    parts.append(chr(cp))
                else:
                    parts.append(chr(cp))
            else:
                rep = _ESCAPES.get(c)
                if rep is None:
                    raise JSONSyntaxError(j, "escape")
                parts.append(rep)
                j += 1
        elif c < " ":
            raise JSONSyntaxError(j, "string")
        else:
            # a raw surrogate code point in the text (only UTF-16 text can hold one): unpaired
            valid = False
            parts.append(c)
            j += 1


def _hex4(s, j, n):
    for k in range(4):
        if j + k >= n:
            raise JSONSyntaxError(n, "escape")
        if s[j + k] not in _HEX:
            raise JSONSyntaxError(j + k, "escape")
    return int(s[j:j + 4], 16)


def _parse_literal(s, i, n, word, value):
    if s.startswith(word, i):
        return value, i + len(word)
    for k, ch in enumerate(word):
        if i + k >= n:
            raise JSONSyntaxError(n, "literal")
        if s[i + k] != ch:
            raise JSONSyntaxError(i + k, "literal")
    return value, i + len(word)


def parse(s, root_object=True):
    """Parse ``s`` as exactly one JSON value with optional whitespace around it.

    With ``root_object`` the first non-whitespace character must be ``{`` (else the error is
    ``object`` there, before anything else is read), as for a contract's document.
    Returns the tree; raises JSONSyntaxError.
    """
    n = len(s)
    ws = _WS.match
    key_colon = _KEY_COLON.match
    simple_string = _STR_SIMPLE.match
    i = ws(s, 0).end()
    if root_object and (i >= n or s[i] != "{"):
        raise JSONSyntaxError(i, "object")
    # stack frames: [is_object, items, pending_key]
    stack = []
    depth = 0
    while True:
        # ---- a value starts at i (i is past whitespace)
        if i >= n:
            raise JSONSyntaxError(n, "value")
        c = s[i]
        if c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                raise JSONSyntaxError(i, "depth")
            i = ws(s, i + 1).end()
            if i < n and s[i] == "}":
                value = JObj([])
                depth -= 1
                i += 1
            else:
                m = key_colon(s, i)
                if m is not None:
                    key = m.group(1)
                    i = m.end()
                else:
                    if i >= n or s[i] != '"':
                        raise JSONSyntaxError(i, "key")
                    text, ok, i = _parse_string(s, i, n)
                    key = text if ok else InvalidStr(text)
                    i = ws(s, i).end()
                    if i >= n or s[i] != ":":
                        raise JSONSyntaxError(i, "colon")
                    i = ws(s, i + 1).end()
                stack.append([True, [], key])
                continue
        elif c == "[":
            depth += 1
            if depth > MAX_DEPTH:
                raise JSONSyntaxError(i, "depth")
            i = ws(s, i + 1).end()
            if i < n and s[i] == "]":
                value = []
                depth -= 1
                i += 1
            else:
                stack.append([False, [], None])
                continue
        elif c == '"':
            m = simple_string(s, i)
            if m is not None:
                value = m.group(1)
                i = m.end()
            else:
                text, ok, i = _parse_string(s, i, n)
                value = text if ok else InvalidStr(text)
        elif c in _NUM_START:
            value, i = _parse_number(s, i, n)
        elif c == "t":
            value, i = _parse_literal(s, i, n, "true", True)
        elif c == "f":
            value, i = _parse_literal(s, i, n, "false", False)
        elif c == "n":
            value, i = _parse_literal(s, i, n, "null", None)
        else:
            raise JSONSyntaxError(i, "value")
        # ---- a value is complete: hand it to its container
        while True:
            if not stack:
                i = ws(s, i).end()
                if i < n:
                    raise JSONSyntaxError(i, "end")
                return value
            frame = stack[-1]
            i = ws(s, i).end()
            c = s[i] if i < n else ""
            if frame[0]:
                frame[1].append((frame[2], value))
                if c == ",":
                    i = ws(s, i + 1).end()
                    m = key_colon(s, i)
                    if m is not None:
                        frame[2] = m.group(1)
                        i = m.end()
                        break
                    if i >= n or s[i] != '"':
                        raise JSONSyntaxError(i, "key")
                    text, ok, i = _parse_string(s, i, n)
                    frame[2] = text if ok else InvalidStr(text)
                    i = ws(s, i).end()
                    if i >= n or s[i] != ":":
                        raise JSONSyntaxError(i, "colon")
                    i = ws(s, i + 1).end()
                    break
                if c == "}":
                    i += 1
                    value = JObj(frame[1])
                    stack.pop()
                    depth -= 1
                    continue
                raise JSONSyntaxError(i, "comma-or-close")
            else:
                frame[1].append(value)
                if c == ",":
                    i = ws(s, i + 1).end()
                    break
                if c == "]":
                    i += 1
                    value = frame[1]
                    stack.pop()
                    depth -= 1
                    continue
                raise JSONSyntaxError(i, "comma-or-close")


def json_type(v):
    """The JSON type word of a tree value, as docs/report.md's ``found`` spells it."""
    if v is None:
        return "null"
    if v is True or v is False:
        return "boolean"
    if isinstance(v, float):
        return "number"
    if isinstance(v, (str, InvalidStr)):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, JObj):
        return "object"
    raise TypeError("not a tree value: %r" % (v,))


# ----------------------------------------------------------------------------------------
# Value tree (runtime-api.md §2): each key once, the LAST occurrence's value at the FIRST
# occurrence's position; entries whose key is an invalid string are dropped.

def to_value_tree(v):
    """Turn a parse tree into plain Python values: dict (insertion ordered), list, str,
    InvalidStr, float, bool, None. Iterative over containers' depth is bounded (512)."""
    if isinstance(v, JObj):
        out = {}
        for k, x in v.members:
            if isinstance(k, InvalidStr):
                continue
            out[k] = to_value_tree(x)  # dict keeps the first position, takes the last value
        return out
    if isinstance(v, list):
        return [to_value_tree(x) for x in v]
    return v


def to_input_value(v):
    """Turn a parse tree into the value an app hands the writer (what JavaScript's JSON.parse
    builds; docs/conformance.md, op ``encode``, ``inputJson``): like ``to_value_tree`` (each key
    once, the last value at the first position), except that a string or key that held an
    unpaired surrogate is KEPT as a Python str holding the lone surrogate code point, so the
    writer sees it and refuses it (docs/schema.md, "Encoding, in every language")."""
    if isinstance(v, JObj):
        out = {}
        for k, x in v.members:
            if isinstance(k, InvalidStr):
                k = k.text
            out[k] = to_input_value(x)
        return out
    if isinstance(v, list):
        return [to_input_value(x) for x in v]
    if isinstance(v, InvalidStr):
        return v.text
    return v


# ----------------------------------------------------------------------------------------
# Writers.

SAFE_MAX = 9007199254740991.0


def _escape_ascii(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        elif o > 0xFFFF:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
        else:
            out.append("\\u%04x" % o)
    out.append('"')
    return "".join(out)


def number_text(x):
    """Integral numbers within ±(2^53−1) as integers; ±∞ as ±1e400; −0 as 0; other numbers in
    Python's shortest round-trip form (valid JSON)."""
    if isinstance(x, bool):
        raise TypeError("bool is not a number")
    if isinstance(x, int):
        if -SAFE_MAX <= x <= SAFE_MAX:
            return str(x)
        x = float(x)
    if x != x:
        raise ValueError("NaN has no JSON spelling")
    if x == float("inf"):
        return "1e400"
    if x == float("-inf"):
        return "-1e400"
    if x == int(x) and -SAFE_MAX <= x <= SAFE_MAX:
        return str(int(x))
    return repr(x)


def dumps_ascii(v):
    """Compact JSON, ASCII only (every other code unit as \\uXXXX): the testee's own response
    writer, so nothing of the model's values is re-spelled by a library."""
    parts = []
    _dump(v, parts)
    return "".join(parts)


def _dump(v, parts):
    if v is None:
        parts.append("null")
    elif v is True:
        parts.append("true")
    elif v is False:
        parts.append("false")
    elif isinstance(v, (int, float)):
        parts.append(number_text(v))
    elif isinstance(v, str):
        parts.append(_escape_ascii(v))
    elif isinstance(v, InvalidStr):
        parts.append('"\\ufffd"')
    elif isinstance(v, (list, tuple)):
        parts.append("[")
        first = True
        for x in v:
            if not first:
                parts.append(",")
            first = False
            _dump(x, parts)
        parts.append("]")
    elif isinstance(v, dict):
        parts.append("{")
        first = True
        for k, x in v.items():
            if not first:
                parts.append(",")
            first = False
            parts.append(_escape_ascii(k))
            parts.append(":")
            _dump(x, parts)
        parts.append("}")
    else:
        raise TypeError("cannot write %r" % (v,))
