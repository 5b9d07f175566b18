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


if __name__ == "__main__":
    unittest.main()
