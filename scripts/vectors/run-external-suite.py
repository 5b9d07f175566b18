#!/usr/bin/env python3
"""Runs a user's own copy of an external test suite through every generated decoder (`conform --lang
all`, the decodeBytes op) and prints, per implementation, how its verdicts compare. Nothing of the
suite is written into the repository: the cases live in a temporary directory.

  jsontestsuite DIR   JSONTestSuite's test_parsing directory (y_*, n_*, i_* files). Each file's bytes
                      are the value of an unknown key in a valid todo-count document, so the document
                      is ok exactly when the decoder accepts the file's JSON text: y_ must be ok, n_
                      malformed; i_ (implementation-defined) are reported, accepted or rejected.
  kuhn FILE           Markus Kuhn's UTF-8-test.txt. Each line of the text (its bytes as written, with
                      ASCII control characters, " and \\ escaped) is read as source.appVersion: well-formed
                      UTF-8 (Python's strict codec as the reference) must read as the line itself;
                      any other line must be malformed, with the report's utf-8 offset where the bytes
                      stop being UTF-8 (Unicode Table 3-7, docs/report.md).

Usage: python3 scripts/vectors/run-external-suite.py (jsontestsuite DIR | kuhn FILE)
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MINIMAL = json.load(open(os.path.join(ROOT, "golden/todo-count/schema.todo-count.sample.minimal.CountRecord.json"), encoding="utf-8"))["expect"]
IMPLEMENTATIONS = ["swift", "kotlin", "typescript", "typescript-jsc"]


def stop_offset(data):
    """Where bytes stop being the beginning of well-formed UTF-8 (Unicode Table 3-7; docs/report.md)."""
    i = 0
    while i < len(data):
        lead = data[i]
        if lead < 0x80:
            i += 1
            continue
        if 0xC2 <= lead <= 0xDF:
            ranges = [(0x80, 0xBF)]
        elif 0xE0 <= lead <= 0xEF:
            ranges = [(0xA0 if lead == 0xE0 else 0x80, 0x9F if lead == 0xED else 0xBF), (0x80, 0xBF)]
        elif 0xF0 <= lead <= 0xF4:
            ranges = [(0x90 if lead == 0xF0 else 0x80, 0x8F if lead == 0xF4 else 0xBF), (0x80, 0xBF), (0x80, 0xBF)]
        else:
            return i
        for k, (low, high) in enumerate(ranges, 1):
            if i + k >= len(data):
                return len(data)
            if not low <= data[i + k] <= high:
                return i + k
        i += len(ranges) + 1
    return len(data)


def case(name, data, expect, report=False):
    given = {"hex": data.hex()}
    if report:
        given["report"] = True
    return {"case": name, "contract": "todo-count", "op": "decodeBytes", "given": given, "expect": expect}


def jsontestsuite(directory):
    cases, kinds = [], {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json") or name[:2] not in ("y_", "n_", "i_"):
            continue
        data = open(os.path.join(directory, name), "rb").read()
        doc = b'{"v":1,"count":1,"revision":1,"vector":' + data + b"}"
        kind = name[0]
        # y_ and i_ expect ok (i_ only to learn the verdict); n_ expects malformed.
        expect = MINIMAL if kind in "yi" else {"status": "malformed", "value": None}
        key = "jts." + name[:-5]
        kinds[key] = kind
        cases.append(case(key, doc, expect))
    return cases, kinds


def kuhn(path):
    cases, kinds = [], {}
    prefix = b'{"v":1,"count":1,"revision":1,"source":{"platform":"ios","appVersion":"'
    for number, line in enumerate(open(path, "rb").read().split(b"\n"), 1):
        if not line.strip():
            continue
        body = bytearray()
        for b in line:
            body += (b"\\u%04x" % b) if b < 0x20 or b in (0x22, 0x5C) else bytes([b])
        doc = prefix + bytes(body) + b'"}}'
        try:
            text = line.decode("utf-8")  # strict: the RFC 3629 reference
            value = dict(MINIMAL["value"], source={"platform": "ios", "appVersion": text})
            expect, kind = {"status": "ok", "value": value, "report": []}, "valid"
        except UnicodeDecodeError:
            expect = {"status": "malformed", "value": None,
                      "report": [{"path": "$", "rule": "malformed", "used": "document", "offset": stop_offset(doc), "expected": "utf-8"}]}
            kind = "invalid"
        key = "kuhn.line-%03d" % number
        kinds[key] = kind
        cases.append(case(key, doc, expect, report=True))
    return cases, kinds


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("jsontestsuite", "kuhn"):
        sys.exit(__doc__)
    mode, source = sys.argv[1], sys.argv[2]
    cases, kinds = jsontestsuite(source) if mode == "jsontestsuite" else kuhn(source)
    with tempfile.TemporaryDirectory() as work:
        golden = os.path.join(work, "golden")
        os.mkdir(golden)
        for c in cases:
            with open(os.path.join(golden, c["case"] + ".json"), "w", encoding="utf-8") as f:
                json.dump(c, f, ensure_ascii=False)
        junit = os.path.join(work, "junit.xml")
        run = subprocess.run(["swift", "run", "-q", "contract-gen", "conform", "--lang", "all", "--golden", golden, "--report", junit],
                             cwd=ROOT, capture_output=True, text=True)
        if not os.path.exists(junit):
            sys.exit("conform wrote no report:\n" + run.stdout[-3000:] + run.stderr[-3000:])
        results = {}  # (implementation, case) -> actual status, or "pass"
        for suite in ET.parse(junit).getroot().iter("testsuite"):
            impl = suite.get("name")
            for test in suite.iter("testcase"):
                failure = test.find("failure")
                if failure is None:
                    results[(impl, test.get("name"))] = "pass"
                else:
                    text = (failure.get("message") or "") + (failure.text or "")
                    status = "?"
                    for s in ("ok", "malformed", "invalid", "unsupportedVersion"):
                        if f'actual {{"status":"{s}"' in text or f'"status":"{s}"' in text.split("actual", 1)[-1]:
                            status = s
                            break
                    results[(impl, test.get("name"))] = status
    names = sorted(kinds)
    print(f"{mode}: {len(names)} inputs from {source}")
    for impl in IMPLEMENTATIONS:
        rows = {(impl, n): results.get((impl, n)) for n in names}
        if all(v is None for v in rows.values()):
            print(f"  {impl}: not run")
            continue
        if mode == "jsontestsuite":
            line = []
            for kind, word in (("y", "accepted"), ("n", "rejected")):
                group = [n for n in names if kinds[n] == kind]
                good = [n for n in group if rows[(impl, n)] == "pass"]
                line.append(f"{kind}_ {len(good)}/{len(group)} {word}")
                wrong = [n for n in group if rows[(impl, n)] != "pass"]
                if wrong:
                    line.append(f"(not {word}: {', '.join(w[4:] for w in wrong)})")
            group = [n for n in names if kinds[n] == "i"]
            accepted = [n for n in group if rows[(impl, n)] == "pass"]
            line.append(f"i_ {len(accepted)} accepted, {len(group) - len(accepted)} rejected")
            print(f"  {impl}: " + "; ".join(line))
        else:
            line = []
            for kind in ("valid", "invalid"):
                group = [n for n in names if kinds[n] == kind]
                good = [n for n in group if rows[(impl, n)] == "pass"]
                line.append(f"{kind} lines {len(good)}/{len(group)} as the rule says")
                wrong = [n for n in group if rows[(impl, n)] != "pass"]
                if wrong:
                    line.append("(differ: " + ", ".join(w[5:] for w in wrong) + ")")
            print(f"  {impl}: " + "; ".join(line))
    if mode == "jsontestsuite":
        verdicts = {}
        for n in names:
            if kinds[n] == "i":
                verdicts[n[4:]] = " ".join(f"{impl}={'accept' if results.get((impl, n)) == 'pass' else 'reject'}" for impl in IMPLEMENTATIONS)
        print("  i_ verdicts:")
        for n, v in verdicts.items():
            print(f"    {n}: {v}")


if __name__ == "__main__":
    main()
