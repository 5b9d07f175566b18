"""Decoding a document by a contract's rules, with its degradation report and its observation.

Written from docs/schema.md (types, presence, constraints, unions, derived fields), the
observation rules of docs/conformance.md and docs/report.md (entries, paths, order).

The text is first read whole by the strict reader (strictjson.parse): RFC 8259, depth ≤ 512,
root an object; any failure is ``malformed``, decided before anything else. Then the version
gate, then the root object is read field by field, exactly as the docs describe the generated
decoders: one slot per declared key (the last occurrence wins), the presence policy applied when
the object ends, drops held by the object until it is kept.

Each decode function returns either
    (True,  value, drops, entries)                 a valid value (its observation), or
    (False, own, chain, extra, drops)              an invalid one:
        own    the value's own entry (rule and details; path and ``used`` are the caller's),
        chain  entries that stay even when the value's holder drops it (for ``invalid-field``:
               the failing field's own entry and its chain),
        extra  entries that stay only when the holder keeps the slot (the elements of an array
               that failed a size constraint), and ``drops`` likewise.

Entries are (tick, cls, seq, path, details): ``tick`` is the pre-order number of the value the
entry is about (a missing field: a tick taken when its object ends), so sorting by
(tick, cls, seq) gives the text's order; ``cls`` 0 puts a ``duplicate-key`` entry before the
last occurrence's own entry.
"""

import re
import unicodedata

from .strictjson import JObj, InvalidStr, JSONSyntaxError, parse, utf8_offset, json_type
from .calendar import parse_local_date, parse_date_time

SAFE_MAX = 9007199254740991
INF = float("inf")
REPORT_LIMIT = 1000

USED_BY_POLICY = {
    "optional": "null",
    "default": "default",
    "drop-element": "parent",
    "fail-document": "document",
}

_SIMPLE_KEY = re.compile(r"[A-Za-z0-9_]+")


def json_string_literal(s):
    """A JSON string literal as JSON.stringify spells it (used for path keys)."""
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


def render_path(p):
    steps = []
    while p is not None:
        parent, kind, x = p
        if kind == 0:
            steps.append("." + x if _SIMPLE_KEY.fullmatch(x) else "[" + json_string_literal(x) + "]")
        elif kind == 1:
            steps.append("[%d]" % x)
        else:
            steps.append("[#%d]" % x)
        p = parent
    steps.append("$")
    steps.reverse()
    return "".join(steps)


class DecodeResult(object):
    __slots__ = ("status", "value", "dropped", "entries")

    def __init__(self, status, value=None, dropped=0, entries=()):
        self.status = status
        self.value = value
        self.dropped = dropped
        self.entries = entries


class _Ctx(object):
    __slots__ = ("tick", "seq", "sticky", "invalid", "typed", "watch")

    def __init__(self, watch):
        self.tick = 0
        self.seq = 0
        self.sticky = []
        self.invalid = False
        self.watch = watch          # object types whose decoded dicts are collected (derived, overlay)
        self.typed = {}


_EMPTY = ()


def _bad(rule, **details):
    d = {"rule": rule}
    d.update(details)
    return (False, d, _EMPTY, _EMPTY, 0)


def _bad_type(node):
    """The own entry for a value of the wrong JSON type (null has a rule of its own)."""
    if node is None:
        return (False, {"rule": "null"}, _EMPTY, _EMPTY, 0)
    return (False, {"rule": "wrong-type", "found": json_type(node)}, _EMPTY, _EMPTY, 0)


class Decoder(object):
    """Decodes documents of one contract."""

    def __init__(self, contract):
        self.c = contract
        watch = set()
        for t in contract.types.values():
            if getattr(t, "derived", None):
                watch.add(t)
        ov = contract.behaviours.get("overlay")
        if ov:
            watch.add(ov["type"])
        self.watch = frozenset(watch)

    # ------------------------------------------------------------------ entries
    def _entry(self, path, tick, details, used, cls=1):
        ctx = self.ctx
        ctx.seq += 1
        d = dict(details)
        d["used"] = used
        return (tick, cls, ctx.seq, path, d)

    # ------------------------------------------------------------------ values
    def dec(self, node, t, path, tick, cons):
        k = t.kind
        if node is None:
            return (False, {"rule": "null"}, _EMPTY, _EMPTY, 0)
        if k == "string":
            if node.__class__ is str:
                if cons:
                    return self._string_constraints(node, cons)
                return (True, node, 0, _EMPTY)
            if node.__class__ is InvalidStr:
                return _bad("unpaired-surrogate")
            return _bad_type(node)
        if k == "bool":
            if node is True or node is False:
                return (True, node, 0, _EMPTY)
            return _bad_type(node)
        if k in ("integer", "number", "epochMillis"):
            if node.__class__ is not float:
                return _bad_type(node)
            x = node
            if k == "number":
                if x != x or x == INF or x == -INF:
                    return _bad("invalid-number")
                val = int(x) if (x == int(x) and -SAFE_MAX <= x <= SAFE_MAX) else x
            else:
                if x != x or x == INF or x == -INF or x != int(x) or not (-SAFE_MAX <= x <= SAFE_MAX):
                    return _bad("invalid-number")
                if k == "epochMillis" and x < 1:
                    return _bad("invalid-number")
                val = int(x)
            if cons:
                for cname, cval in cons:
                    if cname == "min" and not (x >= cval):
                        return _bad("constraint", constraint="min")
                    if cname == "max" and not (x <= cval):
                        return _bad("constraint", constraint="max")
            return (True, val, 0, _EMPTY)
        if k == "localDate":
            if node.__class__ is str:
                if parse_local_date(node) is None:
                    return _bad("invalid-date")
                return (True, node, 0, _EMPTY)
            if node.__class__ is InvalidStr:
                return _bad("unpaired-surrogate")
            return _bad_type(node)
        if k == "dateTime":
            if node.__class__ is str:
                ms = parse_date_time(node)
                if ms is None:
                    return _bad("invalid-date")
                return (True, ms, 0, _EMPTY)
            if node.__class__ is InvalidStr:
                return _bad("unpaired-surrogate")
            return _bad_type(node)
        if k == "enum":
            if node.__class__ is str:
                if node in t.value_set:
                    return (True, node, 0, _EMPTY)
                if t.unknown is not None:
                    e = self._entry(path, tick, {"rule": "unknown-enum-value", "fallback": t.unknown}, "fallback")
                    return (True, t.unknown, 0, [e])
                return _bad("unknown-enum-value")
            if node.__class__ is InvalidStr:
                return _bad("unpaired-surrogate")
            return _bad_type(node)
        if k == "array":
            return self._array(node, t.elem, path, cons)
        if k == "map":
            return self._map(node, t.elem, path, cons)
        if k == "object":
            return self._object(node, t.target, path, tick)
        if k == "union":
            return self._union(node, t.target, path, tick)
        raise AssertionError("unknown kind %r" % k)

    @staticmethod
    def _string_constraints(s, cons):
        n = len(s)   # code points: a str without unpaired surrogates holds Unicode scalars only
        for cname, cval in cons:
            if cname == "non-empty" and n < 1:
                return _bad("constraint", constraint="non-empty")
            if cname == "min-length" and n < cval:
                return _bad("constraint", constraint="min-length")
            if cname == "max-length" and n > cval:
                return _bad("constraint", constraint="max-length")
        return (True, s, 0, _EMPTY)

    def _array(self, node, et, path, cons):
        if node.__class__ is not list:
            return _bad_type(node)
        ctx = self.ctx
        vals = []
        ents = []
        drops = 0
        dec = self.dec
        for i, el in enumerate(node):
            ctx.tick += 1
            t = ctx.tick
            p = (path, 1, i)
            r = dec(el, et, p, t, _EMPTY)
            if r[0]:
                vals.append(r[1])
                drops += r[2]
                if r[3]:
                    ents.extend(r[3])
            else:
                ents.append(self._entry(p, t, r[1], "dropped"))
                if r[2]:
                    ents.extend(r[2])
                drops += 1
        if cons:
            n = len(vals)
            for cname, cval in cons:
                if (cname == "non-empty" and n < 1) or (cname == "min-items" and n < cval) or \
                        (cname == "max-items" and n > cval):
                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, ents, drops)
        return (True, vals, drops, ents)

    def _map(self, node, vt, path, cons):
        if node.__class__ is not JObj:
            return _bad_type(node)
        ctx = self.ctx
        recs = []
        last = {}
        dec = self.dec
        for n, (key, v) in enumerate(node.members):
            ctx.tick += 1
            t = ctx.tick
            p = (path, 2, n)
            if key.__class__ is not str:
                # An ignored member is still read: a fail-document field inside it fails the
                # document (schema.md `required: fail-document`, semantics.md row 22).
                dec(v, vt, p, t, _EMPTY)
                recs.append((t, p, None, None, None))
                continue
            r = dec(v, vt, p, t, _EMPTY)
            # Canonically equivalent keys are one key (semantics.md row 15, schema.md maps):
            # compared by their NFC form; an ASCII key is its own.
            nk = key if key.isascii() else unicodedata.normalize("NFC", key)
            last[nk] = n
            recs.append((t, p, key, nk, r))
        vals = {}
        ents = []
        drops = 0
        for n, (t, p, key, nk, r) in enumerate(recs):
            if key is None:
                ents.append(self._entry(p, t, {"rule": "invalid-key"}, "ignored"))
            elif last[nk] != n:
                ents.append(self._entry(p, t, {"rule": "duplicate-key"}, "last"))
            elif r[0]:
                vals[key] = r[1]
                drops += r[2]
                if r[3]:
                    ents.extend(r[3])
            else:
                ents.append(self._entry(p, t, r[1], "ignored"))
                if r[2]:
                    ents.extend(r[2])
        if cons:
            for cname, cval in cons:
                if cname == "non-empty" and not vals:
                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, ents, drops)
        return (True, vals, drops, ents)

    def _object(self, node, ot, path, tick):
        if node.__class__ is not JObj:
            return _bad_type(node)
        ctx = self.ctx
        by_key = ot.by_key
        slots = {}
        dec = self.dec
        for key, v in node.members:
            if key.__class__ is not str:
                continue
            f = by_key.get(key)
            if f is None:
                continue                      # unknown keys (and the version key, a union's tag)
            ctx.tick += 1
            t = ctx.tick
            p = (path, 0, f.json)
            if f.explicit_null and v is None:
                r = (True, None, 0, _EMPTY)
            else:
                r = dec(v, f.type, p, t, f.constraints)
            s = slots.get(f)
            if s is None:
                slots[f] = [1, r, t, p]
            else:
                s[0] += 1
                s[1] = r
                s[2] = t
        ctx.tick += 1
        end_tick = ctx.tick
        val = {}
        ents = []
        drops = 0
        fail = None
        fd_failed = False   # an object reports only its first failing fail-document field (report.md)
        for f in ot.fields:
            if f.derived_lookup is not None:
                val[f.name] = None            # filled in once the root is read
                continue
            s = slots.get(f)
            pol = f.policy
            if s is None:
                if pol == "drop-element":
                    if fail is None:
                        fail = (f, [self._entry((path, 0, f.json), end_tick, {"rule": "missing"}, "parent")])
                elif pol == "fail-document":
                    if not fd_failed:
                        fd_failed = True
                        ctx.sticky.append(self._entry((path, 0, f.json), end_tick, {"rule": "missing"}, "document"))
                    ctx.invalid = True
                elif pol == "default":
                    val[f.json] = _copy_default(f.default)
                elif not f.explicit_null:
                    val[f.json] = None
                continue
            count, r, t, p = s
            dup = self._entry(p, t, {"rule": "duplicate-key"}, "last", 0) if count > 1 else None
            if r[0]:
                val[f.json] = r[1]
                drops += r[2]
                if dup is not None:
                    ents.append(dup)
                if r[3]:
                    ents.extend(r[3])
                continue
            used = "absent" if f.explicit_null else USED_BY_POLICY[pol]
            own = self._entry(p, t, r[1], used)
            if pol == "drop-element":
                if fail is None:
                    fail = (f, [own] + list(r[2]))
                continue
            if dup is not None:
                ents.append(dup)
            if pol == "fail-document":
                if not fd_failed:
                    fd_failed = True
                    ctx.sticky.append(own)
                    ctx.sticky.extend(r[2])
                ctx.invalid = True
            else:
                ents.append(own)
                ents.extend(r[2])
                if pol == "default":
                    val[f.json] = _copy_default(f.default)
                elif not f.explicit_null:
                    val[f.json] = None
            ents.extend(r[3])
            drops += r[4]
        if fail is not None:
            return (False, {"rule": "invalid-field", "field": fail[0].json}, fail[1], _EMPTY, 0)
        if ot in self.watch:
            ctx.typed.setdefault(ot, []).append(val)
        return (True, val, drops, ents)

    def _union(self, node, ut, path, tick):
        if node.__class__ is not JObj:
            return _bad_type(node)
        tag_key = ut.tag_json
        tag = _MISSING_V
        for key, v in node.members:
            if key.__class__ is str and key == tag_key:
                tag = v
        if tag is _MISSING_V:
            return _bad("missing", field=tag_key)
        if tag is None:
            return _bad("null", field=tag_key)
        if tag.__class__ is InvalidStr:
            return _bad("unpaired-surrogate", field=tag_key)
        if tag.__class__ is not str:
            return _bad("wrong-type", found=json_type(tag), field=tag_key)
        vt = ut.variants.get(tag)
        pre = _EMPTY
        if vt is None:
            if ut.unknown is None:
                return _bad("unknown-union-tag", field=tag_key)
            tag = ut.unknown
            vt = ut.variants[tag]
            pre = [self._entry(path, tick, {"rule": "unknown-union-tag", "field": tag_key,
                                            "fallback": tag}, "fallback")]
        r = self._object(node, vt, path, tick)
        if not r[0]:
            return r
        val = r[1]
        val[tag_key] = tag
        if pre:
            return (True, val, r[2], list(pre) + list(r[3]))
        return r

    # ------------------------------------------------------------------ documents
    def decode_text(self, text):
        c = self.c
        try:
            tree = parse(text, root_object=True)
        except JSONSyntaxError as e:
            entry = {"path": "$", "rule": "malformed", "used": "document",
                     "offset": utf8_offset(text, e.index), "expected": e.expected}
            return DecodeResult("malformed", entries=[entry])
        except RecursionError:  # pragma: no cover - the reader is iterative
            return DecodeResult("malformed", entries=[])
        vkey = c.version_field
        ver = _MISSING_V
        for key, v in tree.members:
            if key.__class__ is str and key == vkey:
                ver = v
        if ver is _MISSING_V or ver.__class__ is not float or not any(ver == a for a in c.accepts):
            found = "missing" if ver is _MISSING_V else json_type(ver)
            entry = {"path": render_path((None, 0, vkey)), "rule": "version-rejected",
                     "used": "document", "found": found}
            return DecodeResult("unsupportedVersion", entries=[entry])
        self.ctx = ctx = _Ctx(self.watch)
        ctx.tick += 1
        r = self._object(tree, c.root, None, ctx.tick)
        raw = []
        if ctx.invalid:
            # The document is rejected: no value of it is used, so only the entries of the
            # fail-document fields that rejected it stay (README "Choices", C1; FINDINGS F1).
            pass
        elif r[0]:
            raw.extend(r[3])
        else:  # a root cannot be invalid by drop-element; keep what there is
            raw.extend(r[2])
        raw.extend(ctx.sticky)
        raw.sort(key=lambda e: (e[0], e[1], e[2]))
        entries = []
        for tick, cls, seq, path, d in raw:
            out = {"path": render_path(path)}
            out.update(d)
            entries.append(out)
        if ctx.invalid or not r[0]:
            self.ctx = None
            return DecodeResult("invalid", entries=entries)
        root = r[1]
        self._fill_derived(root)
        typed = ctx.typed
        self.ctx = None
        self._last_typed = typed
        return DecodeResult("ok", root, r[2], entries)

    def _fill_derived(self, root):
        for t, dicts in self.ctx.typed.items():
            if not t.derived:
                continue
            for f in t.derived:
                lookup = root.get(f.derived_lookup.json)
                kj = f.derived_key.json
                for d in dicts:
                    key = d.get(kj)
                    if key.__class__ is str and isinstance(lookup, dict):
                        d[f.name] = lookup.get(key)
                    else:
                        d[f.name] = None

    def apply_overlay(self, pending):
        ov = self.c.behaviours.get("overlay")
        if ov is None:
            return
        idj = ov["id"].json
        flagj = ov["flag"].json
        for d in self._last_typed.get(ov["type"], ()):
            key = d.get(idj)
            if key.__class__ is str and key in pending:
                target = pending[key]
                if target is True or target is False:
                    d[flagj] = target


_MISSING_V = object()


def _copy_default(v):
    if isinstance(v, list):
        return []
    if isinstance(v, dict):
        return {}
    return v


def empty_field_value(f):
    """A root field's value in a flat observation whose status is not ok."""
    k = f.type.kind
    if not f.derived and k == "array":
        return []
    if not f.derived and k == "map":
        return {}
    return None


def observation(contract, res, want_report, want_dropped):
    c = contract
    if c.observation_style == "flat":
        obs = {"status": res.status}
        omit = set(c.observation_omit)
        for f in c.root.fields:
            if f.name in omit:
                continue
            key = f.name if f.derived else f.json
            if res.status == "ok":
                if key in res.value:
                    obs[key] = res.value[key]
            else:
                if f.explicit_null:
                    continue
                obs[key] = empty_field_value(f)
        if c.observation_dropped or want_dropped:
            obs["dropped"] = res.dropped if res.status == "ok" else 0
    else:
        obs = {"status": res.status, "value": res.value if res.status == "ok" else None}
        if want_dropped:
            obs["dropped"] = res.dropped if res.status == "ok" else 0
    if want_report:
        entries = res.entries
        obs["report"] = list(entries[:REPORT_LIMIT])
        if len(entries) > REPORT_LIMIT:
            obs["reportOmitted"] = len(entries) - REPORT_LIMIT
    return obs


# ---------------------------------------------------------------------- bytes

def utf8_stop_offset(b):
    """The first byte at which ``b`` stops being the beginning of well-formed UTF-8 (Unicode
    Table 3-7), or len(b) when it ends inside a character; None when it is well-formed."""
    try:
        b.decode("utf-8")
        return None
    except UnicodeDecodeError as e:
        i = e.start
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        if 0xC2 <= c <= 0xDF:
            need, lo, hi = 1, 0x80, 0xBF
        elif c == 0xE0:
            need, lo, hi = 2, 0xA0, 0xBF
        elif 0xE1 <= c <= 0xEC or 0xEE <= c <= 0xEF:
            need, lo, hi = 2, 0x80, 0xBF
        elif c == 0xED:
            need, lo, hi = 2, 0x80, 0x9F
        elif c == 0xF0:
            need, lo, hi = 3, 0x90, 0xBF
        elif 0xF1 <= c <= 0xF3:
            need, lo, hi = 3, 0x80, 0xBF
        elif c == 0xF4:
            need, lo, hi = 3, 0x80, 0x8F
        else:
            return i
        j = i + 1
        for k in range(need):
            if j >= n:
                return n
            x = b[j]
            if k == 0:
                if not (lo <= x <= hi):
                    return j
            elif not (0x80 <= x <= 0xBF):
                return j
            j += 1
        i = j
    return None  # pragma: no cover (decode said it is not well-formed)
