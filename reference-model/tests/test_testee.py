"""End-to-end tests of the testee: the line protocol (docs/conformance.md "The testee protocol",
the README's request-line rules) and a few examples the docs spell out in full.
Run: cd reference-model/tests && python3 -m unittest
"""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..")
SCHEMAS = os.path.join(MODEL, "..", "schema")


def run(lines):
    p = subprocess.run([sys.executable, os.path.join(MODEL, "testee.py"), "--schemas", SCHEMAS],
                       input=b"".join(lines), capture_output=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = p.stdout.decode("ascii").split("\n")
    assert out[-1] == ""
    return [json.loads(x) for x in out[:-1]]


def req(contract, op, **given):
    return json.dumps({"contract": contract, "op": op, "given": given}).encode("utf-8")


class Protocol(unittest.TestCase):
    def test_one_line_per_request_and_framing(self):
        versions = req("widget-data", "versions")
        answers = run([versions + b"\r\n", b"\n", b"\r\n", b"\xff{}\n", b"not json\n",
                       b'{"contract":"widget-data","op":"frobnicate","given":{}}\n',
                       b'{"contract":"nope","op":"versions","given":{}}\n',
                       b'{"contract":"widget-data","op":"versions","given":{},"extra":1}\n',
                       b'{"contract":"widget-data","op":"versions","given":{"x":1}}\n',
                       req("widget-data", "stale", blob="{}", now=1.5) + b"\n",
                       req("todo-count", "stale", blob="{}", now=1) + b"\n",
                       b"[" * 100000 + b"\n",
                       versions])                     # a last line without LF is a request too
        self.assertEqual(answers[0], {"ok": {"accepts": [1], "writes": 1}})
        self.assertEqual([list(a) for a in answers[1:10]], [["error"]] * 9)
        self.assertEqual(answers[10], {"ok": {"accepts": [1], "writes": 1}})
        self.assertEqual(len(answers), 11)


class DocumentedExamples(unittest.TestCase):
    def test_the_readme_explain_example(self):
        blob = ('{"v":1,"dayStr":"2026-02-30","validUntil":1784325600000,'
                '"tasks":[{"id":"t1","title":"Buy milk","isDone":"true","projectId":"p1"},'
                '{"id":"t2","title":null,"projectId":"p2"},{"id":"t3","title":"Call Ana","projectId":""}],'
                '"projectColors":{"p1":"#ff0000","p2":255},'
                '"projects":[{"id":"p1","title":"Home","tasks":[{"id":7,"title":"Water plants"}]}]}')
        (a, t) = run([req("widget-data", "decode", blob=blob, report=True) + b"\n",
                      req("widget-data", "timeline", blob=blob, now=1784282400000, timeZone="Europe/Berlin") + b"\n"])
        obs = a["ok"]
        self.assertEqual(obs["status"], "ok")
        self.assertEqual(obs["dropped"], 2)
        self.assertEqual([(e["path"], e["rule"], e["used"]) for e in obs["report"]], [
            ("$.dayStr", "invalid-date", "null"),
            ("$.tasks[0].isDone", "wrong-type", "default"),
            ("$.tasks[1]", "invalid-field", "dropped"),
            ("$.tasks[1].title", "null", "parent"),
            ("$.tasks[2].projectId", "constraint", "null"),
            ("$.projectColors[#1]", "wrong-type", "ignored"),
            ("$.projects[0].tasks[0]", "invalid-field", "dropped"),
            ("$.projects[0].tasks[0].id", "wrong-type", "parent")])
        self.assertEqual(obs["tasks"][0]["projectColor"], "#ff0000")
        # the explain timeline: today from now, outdated from 2026-07-18 00:00 Berlin, reload then
        self.assertEqual(t["ok"], {"entries": [{"at": 1784282400000, "header": {"kind": "today"}},
                                               {"at": 1784325600000, "header": {"kind": "outdated", "dayMs": None}}],
                                   "reloadAt": 1784325600000})

    def test_union_fallback_observes_with_the_fallback_tag(self):
        blob = ('{"schema_version":1,"events":[{"event_id":"e","title":"T","start_time":5,'
                '"attachments":[{"type":"video","url":"v"}]}]}')
        (a,) = run([req("calendar-agenda", "decode", blob=blob) + b"\n"])
        self.assertEqual(a["ok"]["value"]["events"][0]["attachments"], [{"url": "v", "title": None, "type": "link"}])

    def test_status_precedence_and_flat_empty_observation(self):
        (a, b, c) = run([req("widget-data", "decode", blob='{"v":1} x') + b"\n",
                         req("widget-data", "decode", blob='{"v":"1"}') + b"\n",
                         req("todo-count", "decode", blob='{"v":1,"revision":1}', dropped=True) + b"\n"])
        self.assertEqual(a["ok"], {"status": "malformed", "dayStr": None, "validUntil": None, "tasks": [],
                                   "projects": [], "dropped": 0})
        self.assertEqual(b["ok"]["status"], "unsupportedVersion")
        self.assertEqual(c["ok"], {"status": "invalid", "value": None, "dropped": 0})

    def test_queue(self):
        q = '{"b":true,"a":"x","\\ud800":true,"c":1e400,"a":false}'
        (s, p, d) = run([req("widget-data", "queue.set", queue=q, taskId="z", isDone=True) + b"\n",
                         req("widget-data", "queue.peek", queue=q) + b"\n",
                         req("widget-data", "queue.drain", queue='{"9":true,"10":true,"Z":false,"a":true}',
                             tasks={"9": False, "10": False, "Z": True, "a": True}) + b"\n"])
        self.assertEqual(s["ok"], {"b": True, "a": False, "c": float("inf"), "z": True})
        self.assertEqual(p["ok"], {"b": True, "a": False})
        self.assertEqual([e["id"] for e in d["ok"]], ["10", "9", "Z"])


class EncodeInputJson(unittest.TestCase):
    """docs/conformance.md, op table `encode` and the `encode` paragraph: `inputJson` (a string)
    is the value to write as JSON text, read by the testee's own reader, which keeps a string
    holding an unpaired surrogate; `input` is then ignored. docs/schema.md ("Encoding, in every
    language"): a string with an unpaired surrogate and a map key with one are refused; the path
    names fields by code names, array elements by index, map entries by their key as a JSON
    string literal (JSON.stringify spells a lone surrogate `\\udxxx`); a map's keys are all
    checked before any of its values."""

    def encode(self, *givens):
        return run([req("todo-count", "encode", **g) + b"\n" for g in givens])

    def test_refusals_of_unpaired_surrogates_in_values_and_keys(self):
        base = '"count":1,"revision":0'
        answers = self.encode(
            {"input": None, "inputJson": '{%s,"source":{"platform":"ios","appVersion":"1.\\ud800"}}' % base},
            {"input": None, "inputJson": '{%s,"lists":[{"name":"a","open":1},{"name":"\\udc00b","open":2}]}' % base},
            {"input": None, "inputJson": '{%s,"badges":{"inbox":1,"\\udbff":2}}' % base},
            # every key before any value: the bad key is named, not the earlier bad value
            {"input": None, "inputJson": '{%s,"badges":{"a":"x","z\\ud800":1}}' % base},
            # a lone low surrogate right before a high one is no pair (two unpaired surrogates)
            {"input": None, "inputJson": '{%s,"lists":[{"name":"\\udc00\\ud800","open":0}]}' % base})
        self.assertEqual([a["ok"] for a in answers], [
            {"refused": "$.source.appVersion"},
            {"refused": "$.lists[1].name"},
            {"refused": '$.badges["\\udbff"]'},
            {"refused": '$.badges["z\\ud800"]'},
            {"refused": "$.lists[0].name"},
        ])

    def test_input_ignored_when_input_json_is_a_string_and_used_when_null_or_absent(self):
        good = {"count": 1, "revision": 0}
        written = '{"v":1,"count":1,"revision":0,"sync":"idle","lists":[],"badges":{}}'
        answers = self.encode(
            {"input": good, "inputJson": '{"count":2,"revision":0,"source":{"platform":"web","appVersion":"\\ud800"}}'},
            {"input": good, "inputJson": None},
            {"input": good},
            {"input": None, "inputJson": ' {"revision":0,"count":1} '})
        self.assertEqual([a["ok"] for a in answers], [
            {"refused": "$.source.appVersion"}, {"text": written}, {"text": written}, {"text": written}])

    def test_input_json_escapes_read_as_json(self):
        # a surrogate pair escape is one character, written raw; the last of two equal keys wins
        # (an input object holds each key once); 1e0 is the number 1
        (a,) = self.encode({"input": None, "inputJson":
                            '{"count":1e0,"revision":0,"badges":{"\\ud83d\\ude00":1,"\\u00e9":2,"\\u00e9":3}}'})
        self.assertEqual(a["ok"], {"text": '{"v":1,"count":1,"revision":0,"sync":"idle","lists":[],'
                                           '"badges":{"\u00e9":3,"\U0001f600":1}}'})

    def test_input_json_that_is_no_json_text_or_of_the_wrong_type_is_an_error(self):
        answers = self.encode({"input": None, "inputJson": '{"count":1,'},
                              {"input": None, "inputJson": "NaN"},
                              {"input": None, "inputJson": 1},
                              {"inputJson": '{"count":1,"revision":0}'})
        self.assertEqual([list(a) for a in answers], [["error"]] * 4)


if __name__ == "__main__":
    unittest.main()
