#!/usr/bin/env python3
"""Which golden cases pin each of the model's choices? (a development aid, not part of the model)

For each "flip" (an alternative reading of a rule, written as one exact text replacement in the
model's source), copy reference-model/ to a temporary directory, apply the replacement, run
`contract-gen conform` with the copy as the testee, and list the golden cases that fail. A flip
that fails no case marks a reading the golden cases do not decide (see FINDINGS.md).

    python3 reference-model/tools/pin_probe.py [--root DIR] [NAME ...]     (default: every flip)

--root is the directory holding ./contract-gen, schema/ and golden/ (default: the parent of
reference-model/). Copies go to a fresh directory under $TMPDIR and are removed afterwards.
"""

import collections
import os
import shutil
import subprocess
import sys
import tempfile

Flip = collections.namedtuple("Flip", "name choice description file old new")

FLIPS = [
    Flip('invalid-doc-keeps-all', 'C1', "an invalid document's report keeps every entry, not only the fail-document ones",
         'refmodel/decoder.py',
         '        if ctx.invalid:\n',
         '        if False:\n'),
    Flip('union-fallback-plus-invalid', 'C4', 'a union value read by its fallback whose variant is invalid keeps the unknown-union-tag entry before its invalid-field entry',
         'refmodel/decoder.py',
         '        r = self._object(node, vt, path, tick)\n        if not r[0]:\n            return r\n',
         '        r = self._object(node, vt, path, tick)\n        if not r[0]:\n            return (False, r[1], list(pre) + list(r[2]), r[3], r[4])\n'),
    Flip('chain-keeps-dup', 'C5', "an object dropped by a drop-element field keeps that field's duplicate-key entry too",
         'refmodel/decoder.py',
         '                    fail = (f, [own] + list(r[2]))\n',
         '                    fail = (f, ([dup] if dup else []) + [own] + list(r[2]))\n'),
    Flip('map-replaced-invalid-own-entry', 'C6', 'a replaced map member that was itself invalid keeps its own entry instead of duplicate-key',
         'refmodel/decoder.py',
         '            elif last[key] != n:\n',
         '            elif last[key] != n and r[0]:\n'),
    Flip('union-nonobject-field', 'C7', 'a union value that is not an object names the tag key in its entry (field)',
         'refmodel/decoder.py',
         '        if node.__class__ is not JObj:\n            return _bad_type(node)\n        tag_key = ut.tag_json\n',
         "        if node.__class__ is not JObj:\n            r = _bad_type(node); r[1]['field'] = ut.tag_json; return r\n        tag_key = ut.tag_json\n"),
    Flip('encode-null-default-writes-default', 'C8', 'encode: null given for a defaulted field writes the default',
         'refmodel/encoder.py',
         '                if not present:\n                    text = self._default_text(f)\n',
         '                if not present or v is None:\n                    text = self._default_text(f)\n'),
    Flip('encode-size-before-elements', 'C9', "encode: an array's size limits are checked before its elements",
         'refmodel/encoder.py',
         '            items = [self._value(x, t.elem, (), "%s[%d]" % (path, i)) for i, x in enumerate(v)]\n            n = len(items)\n',
         '            n = len(v)\n            for cname, cval in cons:\n                if (cname == \'non-empty\' and n < 1) or (cname == \'min-items\' and n < cval) or (cname == \'max-items\' and n > cval):\n                    raise EncodeRefused(path, \'size\')\n            items = [self._value(x, t.elem, (), "%s[%d]" % (path, i)) for i, x in enumerate(v)]\n'),
    Flip('encode-map-own-key-order', 'C10', "encode: a map given as a plain object is written in its own-key order (not UTF-16 key order)",
         'refmodel/encoder.py',
         '            for key in sorted(v, key=utf16_key):\n',
         '            for key in _js_key_order(v):\n'),
    Flip('encode-map-keys-after-values', 'C19', "encode: a map's refused keys are checked after its values, not before",
         'refmodel/encoder.py',
         '            if bad:\n                key, why = min(bad, key=lambda b: utf16_key(b[0]))\n                raise EncodeRefused("%s[%s]" % (path, js_string(key)), why)\n',
         '            for key in sorted(v, key=utf16_key):\n                self._value(v[key], t.elem, (), "%s[%s]" % (path, js_string(key)))\n            if bad:\n                key, why = min(bad, key=lambda b: utf16_key(b[0]))\n                raise EncodeRefused("%s[%s]" % (path, js_string(key)), why)\n'),
    Flip('encode-map-bad-keys-own-order', 'C21', "encode: of several refused map keys, the first in the map's own order is named (not the first in UTF-16 order)",
         'refmodel/encoder.py',
         '                key, why = min(bad, key=lambda b: utf16_key(b[0]))\n',
         '                key, why = bad[0]\n'),
    Flip('encode-paths-json-keys', 'C11', 'encode: refusal paths spell JSON keys instead of code names',
         'refmodel/encoder.py',
         '            fpath = path + "." + f.name\n',
         '            fpath = path + "." + f.json\n'),
    Flip('drain-nonbool-current-counts', 'C12', "queue.drain: a non-boolean current value counts as 'differs'",
         'testee.py',
         '                if v is True or v is False:\n                    current[k] = v\n',
         '                current[k] = v\n'),
    Flip('path-escape-non-ascii', 'C3', 'report paths escape non-ASCII key characters as \\uXXXX',
         'refmodel/decoder.py',
         '        elif 0xD800 <= o <= 0xDFFF:\n            out.append("\\\\u%04x" % o)\n        else:\n            out.append(ch)\n    out.append(\'"\')\n    return "".join(out)\n\n\ndef render_path',
         '        elif o >= 0x7f:\n            out.append("\\\\u%04x" % o)\n        else:\n            out.append(ch)\n    out.append(\'"\')\n    return "".join(out)\n\n\ndef render_path'),
    Flip('missing-before-contents', 'R1', "a missing field's entry comes before what its object holds",
         'refmodel/decoder.py',
         '        ctx.tick += 1\n        end_tick = ctx.tick\n',
         '        end_tick = tick\n'),
    Flip('recording-order', 'R2', "entries in the order recorded instead of the text's order",
         'refmodel/decoder.py',
         '        raw.sort(key=lambda e: (e[0], e[1], e[2]))\n',
         '        raw.sort(key=lambda e: e[2])\n'),
    Flip('dup-key-after-own', 'R3', "a duplicate-key entry after the last occurrence's own entry",
         'refmodel/decoder.py',
         '            dup = self._entry(p, t, {"rule": "duplicate-key"}, "last", 0) if count > 1 else None\n',
         '            dup = self._entry(p, t, {"rule": "duplicate-key"}, "last", 2) if count > 1 else None\n'),
    Flip('fallback-not-reported', 'R4', "an open enum's fallback is not reported",
         'refmodel/decoder.py',
         '                    return (True, t.unknown, 0, [e])\n',
         '                    return (True, t.unknown, 0, _EMPTY)\n'),
    Flip('array-constraint-drops-elements-entries', 'R5', "an array that fails a size limit loses its elements' entries",
         'refmodel/decoder.py',
         '                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, ents, drops)\n        return (True, vals, drops, ents)\n\n    def _map',
         '                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, _EMPTY, drops)\n        return (True, vals, drops, ents)\n\n    def _map'),
    Flip('array-constraint-drops-not-counted', 'R6', 'the drops of an array that fails a size limit are not counted',
         'refmodel/decoder.py',
         '                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, ents, drops)\n        return (True, vals, drops, ents)\n\n    def _map',
         '                    return (False, {"rule": "constraint", "constraint": cname}, _EMPTY, ents, 0)\n        return (True, vals, drops, ents)\n\n    def _map'),
    Flip('replaced-dup-drops-counted', 'R7', 'the drops of a replaced duplicate are counted',
         'refmodel/decoder.py',
         '                s[0] += 1\n                s[1] = r\n',
         '                s[0] += 1\n                r = (r[0], r[1], r[2] + (s[1][2] if s[1][0] else 0), r[3]) if r[0] else r\n                s[1] = r\n'),
    Flip('object-field-null-drops-counted', 'R8', 'the drops inside an object field that became null are counted',
         'refmodel/decoder.py',
         '            return (False, {"rule": "invalid-field", "field": fail[0].json}, fail[1], _EMPTY, 0)\n',
         '            return (False, {"rule": "invalid-field", "field": fail[0].json}, fail[1], _EMPTY, drops)\n'),
    Flip('report-limit-2000', 'R9', 'a report lists 2,000 entries',
         'refmodel/decoder.py',
         'REPORT_LIMIT = 1000\n',
         'REPORT_LIMIT = 2000\n'),
    Flip('map-ignored-entries-counted', 'R10', 'ignored map entries are counted in dropped',
         'refmodel/decoder.py',
         '                ents.append(self._entry(p, t, r[1], "ignored"))\n',
         '                ents.append(self._entry(p, t, r[1], "ignored")); drops += 1\n'),
    Flip('datetime-round', 'R11', 'date-time fractions are rounded, not floored',
         'refmodel/calendar.py',
         '        frac_ms = int((frac + "00")[:3])        # floored to the millisecond\n',
         "        frac_ms = round(int(frac) / 10 ** (len(frac) - 3)) if len(frac) > 3 else int((frac + '00')[:3])\n"),
    Flip('fail-doc-skips-after-drop', 'C14', 'a fail-document field after a failing drop-element field of the same object is not checked',
         'refmodel/decoder.py',
         '                elif pol == "fail-document":\n                    ctx.sticky.append',
         '                elif pol == "fail-document" and fail is None:\n                    ctx.sticky.append'),
    Flip('map-invalid-keeps-earlier', 'R12', 'an invalid later map value keeps the earlier valid one',
         'refmodel/decoder.py',
         '            r = dec(v, vt, p, t, _EMPTY)\n            last[key] = n\n',
         '            r = dec(v, vt, p, t, _EMPTY)\n            if r[0] or key not in last: last[key] = n\n'),
    Flip('explicit-null-invalid-is-null', 'R13', 'an invalid explicit-null value reads as null instead of absent',
         'refmodel/decoder.py',
         '                elif not f.explicit_null:\n                    val[f.json] = None\n            ents.extend(r[3])\n',
         '                else:\n                    val[f.json] = None\n            ents.extend(r[3])\n'),
    Flip('pending-nonbool-applied', 'R14', 'non-boolean pending entries are applied',
         'refmodel/decoder.py',
         '                if target is True or target is False:\n',
         '                if True:\n'),
    Flip('encode-explicit-null-omitted', 'R15', 'encode: an explicit-null field given null is left out',
         'refmodel/encoder.py',
         '                if v is None:\n                    text = "null"\n',
         '                if v is None:\n                    continue\n'),
]


def run_flip(flip, root, model):
    work = tempfile.mkdtemp(prefix="pin-probe-")
    try:
        dst = os.path.join(work, "reference-model")
        shutil.copytree(model, dst, ignore=shutil.ignore_patterns("__pycache__", "tools", "tests"))
        path = os.path.join(dst, flip.file)
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if text.count(flip.old) != 1:
            return None, "the text to replace occurs %d times (the model changed: update the flip)" % text.count(flip.old)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text.replace(flip.old, flip.new))
        cmd = [os.path.join(root, "contract-gen"), "conform", "--testee",
               "%s %s --schemas schema" % (sys.executable, os.path.join(dst, "testee.py")), "--golden", "golden"]
        out = subprocess.run(cmd, cwd=root, capture_output=True, text=True).stdout
        return [line[5:].split(" [")[0] for line in out.splitlines() if line.startswith("FAIL ")], None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    model = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    root = os.path.dirname(model)
    names = []
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--root" and args:
            root = os.path.abspath(args.pop(0))
        else:
            names.append(a)
    flips = [f for f in FLIPS if not names or f.name in names]
    for f in flips:
        fails, problem = run_flip(f, root, model)
        if problem:
            print("%-4s %-40s ERROR %s" % (f.choice, f.name, problem))
            continue
        shown = ", ".join(fails[:4]) + (" …" if len(fails) > 4 else "")
        print("%-4s %-40s %4d failing  %s" % (f.choice, f.name, len(fails), shown or "(no golden case decides it)"))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
