#!/usr/bin/env python3
"""Measures how far each implementation's time-zone data agrees with IANA tzdata (docs/semantics.md
row 14). For every zone of the runtime's fixed list and days 1, 8, 15 and 22 of every month
1970-2037, the start of the day (`dayStart`) by:

  reference       docs/runtime-api.md section 4's algorithm over Python's zoneinfo and this machine's
                  IANA tzdata (Debian's tzdata package);
  swift, kotlin   the generated testees (`dayStart` requests, the testee protocol);
  typescript      the generated runtime's dayStartMs on Node (Intl, Node's own ICU);
  typescript-jsc  the same compiled runtime on JavaScriptCore's jsc shell (the system ICU).

Prints, per implementation, the zones and years whose answers differ from the reference, and writes
them as TSV (implementation, zone, year, days that differ, first such day, reference, answer) to
DIR/zone-agreement.tsv with the data versions in its header lines. On demand, not in CI: a run
takes about 14 minutes on a 2-core machine (it builds the testees; 1.9 M days per implementation).

Usage: python3 scripts/zone-agreement.py [--out DIR] [--zones Z1,Z2,...]
"""
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from zoneinfo import ZoneInfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAY = 86_400_000
DAYS = [(y, m, d) for y in range(1970, 2038) for m in range(1, 13) for d in (1, 8, 15, 22)]
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def runtime_zones():
    text = open(os.path.join(ROOT, "Runtime/typescript/contract-runtime.ts"), encoding="utf-8").read()
    block = text.split("// BEGIN IANA ZONE NAMES", 1)[1].split("`", 2)[1]
    return block.split()


def days_from_civil(y, m, d):
    return (datetime.date(y, m, d) - datetime.date(1970, 1, 1)).days


def offset_ms(zone, ms):
    return int((EPOCH + datetime.timedelta(milliseconds=ms)).astimezone(zone).utcoffset().total_seconds() * 1000)


def start_of_day(days, zone):
    """docs/runtime-api.md section 4: local midnight's candidates, else the first instant after the gap."""
    local = days * DAY
    offsets = sorted({offset_ms(zone, local - DAY), offset_ms(zone, local), offset_ms(zone, local + DAY)})
    candidates = [local - o for o in offsets if offset_ms(zone, local - o) == o]
    if candidates:
        return min(candidates)
    low, high = local - max(offsets), local - min(offsets)
    while low < high:
        mid = (low + high) // 2
        if mid + offset_ms(zone, mid) >= local:
            high = mid
        else:
            low = mid + 1
    return low


def reference(zones):
    return {z: [start_of_day(days_from_civil(*d), ZoneInfo(z)) for d in DAYS] for z in zones}


def day_text(d):
    return "%04d-%02d-%02d" % d


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd[:3])} …\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return result.stdout


def drive(cmd, zones):
    """dayStart for every zone and day through a testee (docs/conformance.md, the testee protocol)."""
    process = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1 << 20)
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout))
    reader.start()
    for z in zones:
        for d in DAYS:
            process.stdin.write(json.dumps({"contract": "widget-data", "op": "dayStart", "given": {"dayStr": day_text(d), "timeZone": z}}) + "\n")
    process.stdin.close()
    reader.join()
    process.wait()
    answers = [json.loads(line).get("ok") for line in lines]
    if len(answers) != len(zones) * len(DAYS):
        sys.exit(f"{cmd[0]}: {len(answers)} answers for {len(zones) * len(DAYS)} requests")
    return {z: answers[i * len(DAYS):(i + 1) * len(DAYS)] for i, z in enumerate(zones)}


SCAN_JS = """
var out = [];
for (var zi = 0; zi < __zones.length; zi++) {
  var z = __zones[zi], row = [];
  for (var k = 0; k < __days.length; k++) { var v = __rt.dayStartMs(__days[k], z); row.push(v === undefined ? null : v); }
  out.push(JSON.stringify(row));
}
__print(out.join("\\n"));
"""


def scan_script(runtime_js, zones):
    """The compiled runtime and a loop over every zone and day, for node and jsc alike."""
    return ("var __rt = (function () { var exports = {}; var module = { exports: exports };\n" + runtime_js +
            "\nreturn module.exports; })();\nvar __zones = " + json.dumps(zones) + ";\nvar __days = " +
            json.dumps([day_text(d) for d in DAYS]) + ";\nvar __print = typeof print === 'function' ? print : console.log;\n" + SCAN_JS)


def versions():
    found = {}
    zi = "/usr/share/zoneinfo/tzdata.zi"
    found["reference"] = "Python " + sys.version.split()[0] + " zoneinfo, IANA tzdata " + (
        open(zi).readline().split()[-1] if os.path.exists(zi) else "?") + " (" + (
        run(["dpkg-query", "-W", "-f", "${Version}", "tzdata"]) if shutil.which("dpkg-query") else "?") + ")"
    swift = run(["swift", "--version"]).strip().splitlines()[0]
    found["swift"] = swift + ", Foundation's bundled ICU"
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    tzdb = glob.glob("/usr/lib/jvm/*/lib/tzdb.dat")
    version = "?"
    if tzdb:
        head = open(os.path.realpath(tzdb[0]), "rb").read(64)
        m = re.search(rb"(19|20)\d\d[a-z]", head)
        version = m.group(0).decode() if m else "?"
    found["kotlin"] = java + ", tzdb.dat " + version
    node = run(["node", "-p", "process.versions.node + ' ICU ' + process.versions.icu + ' tz ' + process.versions.tz"]).strip()
    found["typescript"] = "Node " + node
    jsc = run(["dpkg-query", "-W", "-f", "${Version}", "libjavascriptcoregtk-4.0-bin"]) if shutil.which("dpkg-query") else "?"
    icu = run(["dpkg-query", "-W", "-f", "${Version}", "libicu72"]) if shutil.which("dpkg-query") else "?"
    found["typescript-jsc"] = f"JavaScriptCore (jsc) {jsc}, system ICU {icu}"
    return found


def main():
    out = os.path.join(ROOT, "results")
    zones = runtime_zones()
    args = sys.argv[1:]
    while args:
        flag = args.pop(0)
        if flag == "--out":
            out = os.path.abspath(args.pop(0))
        elif flag == "--zones":
            zones = args.pop(0).split(",")
        else:
            sys.exit(__doc__)
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="zone-agreement-")
    try:
        print(f"reference: {len(zones)} zones x {len(DAYS)} days …", file=sys.stderr)
        ref = reference(zones)
        print("building the testees and the runtime …", file=sys.stderr)
        gen = os.path.join(ROOT, "generated")
        run(["swiftc", "-O", "-swift-version", "6", "-module-name", "ContractTestee", "-o", os.path.join(work, "swift-testee")] +
            sorted(glob.glob(gen + "/swift/Contracts/*.swift")) + sorted(glob.glob(gen + "/swift/Testee/*.swift")))
        run(["kotlinc", "-include-runtime", "-d", os.path.join(work, "testee.jar")] + sorted(glob.glob(gen + "/kotlin/**/*.kt", recursive=True)))
        run(["tsc", "--target", "es2019", "--module", "commonjs", "--outDir", os.path.join(work, "ts"), gen + "/typescript/contract-runtime.ts"])
        script = scan_script(open(os.path.join(work, "ts", "contract-runtime.js"), encoding="utf-8").read(), zones)
        with open(os.path.join(work, "scan.js"), "w", encoding="utf-8") as f:
            f.write(script)
        answers = {}
        print("swift …", file=sys.stderr)
        answers["swift"] = drive([os.path.join(work, "swift-testee")], zones)
        print("kotlin …", file=sys.stderr)
        answers["kotlin"] = drive(["java", "-cp", os.path.join(work, "testee.jar"), "dev.contractgen.testee.TesteeKt"], zones)
        for name, cmd in [("typescript", ["node", "--stack-size=8000", os.path.join(work, "scan.js")]), ("typescript-jsc", ["jsc", os.path.join(work, "scan.js")])]:
            if shutil.which(cmd[0]) is None:
                print(f"{name}: {cmd[0]} not found, skipped", file=sys.stderr)
                continue
            print(f"{name} …", file=sys.stderr)
            rows = run(cmd).strip().split("\n")
            answers[name] = {z: json.loads(rows[i]) for i, z in enumerate(zones)}
        found = versions()
        lines = ["# zone agreement: dayStart of days 1, 8, 15, 22 of every month 1970-2037 in every zone of the runtime's list, against the reference (scripts/zone-agreement.py)"]
        lines += [f"# {k}: {v}" for k, v in found.items()]
        lines.append("implementation\tzone\tyear\tdays\tfirst_day\treference\tanswer")
        summary = []
        for impl, table in answers.items():
            zones_differing = {}
            for z in zones:
                by_year = {}
                for k, d in enumerate(DAYS):
                    if table[z][k] != ref[z][k]:
                        by_year.setdefault(d[0], []).append(k)
                for year, ks in sorted(by_year.items()):
                    k = ks[0]
                    lines.append(f"{impl}\t{z}\t{year}\t{len(ks)}\t{day_text(DAYS[k])}\t{ref[z][k]}\t{json.dumps(table[z][k])}")
                if by_year:
                    zones_differing[z] = sorted(by_year)
            summary.append(f"{impl}: {len(zones_differing)} of {len(zones)} zones differ" +
                           "".join(f"\n  {z}: {years[0]}" + (f"-{years[-1]}" if len(years) > 1 else "") + f" ({len(years)} year(s))"
                                   for z, years in sorted(zones_differing.items())))
        with open(os.path.join(out, "zone-agreement.tsv.tmp"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(os.path.join(out, "zone-agreement.tsv.tmp"), os.path.join(out, "zone-agreement.tsv"))
        print("\n".join(f"{k}: {v}" for k, v in found.items()))
        print("\n".join(summary))
        print(f"wrote {os.path.relpath(os.path.join(out, 'zone-agreement.tsv'), os.getcwd())}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
