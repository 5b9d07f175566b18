#!/usr/bin/env python3
"""Writes the zone corpus (docs/conformance.md, "The zone corpus"): for each zone below and every
UTC-offset change 1970-2037 in IANA tzdata, the local day of the change and the day after, each
asked as `dayStart` (its first instant) and as `validUntil` with startOfNextDayDiffMs 0 (the first
instant of the day after). The expectations are docs/runtime-api.md section 4's algorithm over
Python's zoneinfo reading this machine's tzdata (Debian's tzdata package), an implementation of the
zone rules independent of the three platforms'; each case names the tzdata version it came from.

The zones are chosen so that every platform here agrees on them (scripts/zone-agreement.sh measures
where they do not; those zones and years are pinned separately, golden/zones/
vectors.tz-data.*, with the expected failures in golden/expected-failures.txt).

Usage: python3 scripts/vectors/write-zone-corpus.py [--check]
"""
import datetime
import json
import os
import sys
from zoneinfo import ZoneInfo

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
zone_agreement = __import__("zone-agreement")  # scripts/zone-agreement.py: the same reference algorithm

DAY = 86_400_000
OUT = os.path.join(ROOT, "golden", "zones")

# Zone, why it is here, and the last year of its changes that every platform here agrees on
# (None: all of 1970-2037).
ZONES = [
    ("Asia/Kolkata", "half-hour offset, +05:30, no change since 1945 (so only its fixed days)", None),
    ("Australia/Adelaide", "half-hour offset with DST, +09:30/+10:30", None),
    ("Asia/Kathmandu", "45-minute offset: +05:30 to +05:45 in 1986", None),
    ("Australia/Eucla", "45-minute offset, +08:45, with DST trials (1974, 1983, 1992, 2006-2009)", None),
    ("Pacific/Chatham", "45-minute offset with DST, +12:45/+13:45", None),
    ("Australia/Lord_Howe", "a 30-minute DST, +10:30/+11", None),
    ("America/Santiago", "DST changes at midnight (a gap skips 00:00, a fold repeats 23:00)", None),
    ("America/Havana", "DST gaps at midnight (00:00 to 01:00)", None),
    ("Asia/Beirut", "DST gaps at midnight (00:00 to 01:00)", None),
    ("America/Asuncion", "DST gaps at midnight; permanent -03 since 2024", None),
    ("Pacific/Apia", "crossed the date line: 2011-12-30 does not exist there", None),
    ("Pacific/Kiritimati", "+14, the largest offset; 1995-01-01 skipped a day", None),
    ("America/St_Johns", "-03:30 with DST, changes at 00:01 until 2011", None),
    ("Europe/Dublin", "negative DST in IANA's data (winter is the saved time); the offsets are the same", None),
]
EXTRA_DAYS = {"Asia/Kolkata": ["1970-01-01", "2026-07-17", "2037-12-31"]}


def offset(zone, ms):
    return zone_agreement.offset_ms(zone, ms)


def transitions(zone, first_year=1970, last_year=2037):
    """Instants (ms) where the UTC offset changes, found on a 3-hour grid and narrowed to the millisecond."""
    start = zone_agreement.days_from_civil(first_year, 1, 1) * DAY - DAY
    end = zone_agreement.days_from_civil(last_year + 1, 1, 1) * DAY + DAY
    step = 3 * 3_600_000
    found = []
    t, o = start, offset(zone, start)
    while t < end:
        n = t + step
        p = offset(zone, n)
        if p != o:
            low, high = t, n  # offset(low) == o, offset(high) != o
            while high - low > 1:
                mid = (low + high) // 2
                if offset(zone, mid) == o:
                    low = mid
                else:
                    high = mid
            found.append(high)
        t, o = n, p
    return found


def local_date(zone, ms):
    return (zone_agreement.EPOCH + datetime.timedelta(milliseconds=ms)).astimezone(zone).date()


def tzdata_version():
    path = "/usr/share/zoneinfo/tzdata.zi"
    return open(path).readline().split()[-1] if os.path.exists(path) else "unknown"


def cases():
    version = tzdata_version()
    result = []
    for name, why, last_year in ZONES:
        zone = ZoneInfo(name)
        days = set(EXTRA_DAYS.get(name, []))
        for t in transitions(zone, last_year=last_year or 2037):
            before, after = local_date(zone, t - 1), local_date(zone, t)
            for d in {before, after}:
                for k in (0, 1):
                    day = d + datetime.timedelta(days=k)
                    if 1970 <= day.year <= 2037:
                        days.add(day.isoformat())
        for day in sorted(days):
            y, m, d = map(int, day.split("-"))
            count = zone_agreement.days_from_civil(y, m, d)
            start = zone_agreement.start_of_day(count, zone)
            following = zone_agreement.start_of_day(count + 1, zone)
            source = (f"{name} ({why}): docs/runtime-api.md section 4 over Python's zoneinfo and IANA tzdata {version}"
                      f" (scripts/vectors/write-zone-corpus.py); {day} is the local day of a UTC-offset change or the day after.")
            slug = name.replace("/", ".")
            result.append({"case": f"vectors.zones.{slug}.{day}.dayStart", "about": source + f" Its first instant: {start}.",
                           "contract": "widget-data", "op": "dayStart", "given": {"dayStr": day, "timeZone": name}, "expect": start})
            result.append({"case": f"vectors.zones.{slug}.{day}.validUntil",
                           "about": source + f" The first instant of the day after (startOfNextDayDiffMs 0): {following}.",
                           "contract": "widget-data", "op": "validUntil",
                           "given": {"dayStr": day, "startOfNextDayDiffMs": 0, "timeZone": name}, "expect": following})
    return result


def pinned_cases():
    """One case per zone where some implementation's tz data differs from IANA's (results/zone-agreement.tsv,
    written by scripts/zone-agreement.sh): the day most implementations differ on (the earliest such day),
    pinned to the documented answer, the algorithm over IANA tzdata. Which implementations fail it, and
    why, is golden/expected-failures.txt."""
    path = os.path.join(ROOT, "results", "zone-agreement.tsv")
    if not os.path.exists(path):
        return []
    header = [line[2:].rstrip("\n") for line in open(path, encoding="utf-8") if line.startswith("# ")]
    version = tzdata_version()
    days = {}  # zone -> {day: set of implementations}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("implementation\t"):
            continue
        impl, zone, _, _, day, _, _ = line.rstrip("\n").split("\t")
        days.setdefault(zone, {}).setdefault(day, set()).add(impl)
    result = []
    for zone in sorted(days):
        day = sorted(days[zone], key=lambda d: (-len(days[zone][d]), d))[0]
        y, m, d = map(int, day.split("-"))
        start = zone_agreement.start_of_day(zone_agreement.days_from_civil(y, m, d), ZoneInfo(zone))
        measured = "; ".join(h for h in header if h.split(":")[0] in days[zone][day])
        result.append({"case": f"vectors.tz-data.{zone.replace('/', '.')}.{day}",
                       "about": (f"{zone} on {day}: the documented answer, docs/runtime-api.md section 4 over IANA tzdata {version}"
                                 f" (Python's zoneinfo), is {start}. Platforms whose tz data differ there (scripts/zone-agreement.sh):"
                                 f" {', '.join(sorted(days[zone][day]))} ({measured}); they are listed in golden/expected-failures.txt,"
                                 " so one that updates its data shows as UNEXPECTED PASS."),
                       "contract": "widget-data", "op": "dayStart", "given": {"dayStr": day, "timeZone": zone}, "expect": start})
    return result


EXPECTED_FAILURES = os.path.join(ROOT, "golden", "expected-failures.txt")

# What is known of why each platform's data differs (added to the measured versions).
CAUSES = {
    "swift": "Foundation's ICU data predates IANA 2024b, which made EET and WET links to Europe/Athens and Europe/Lisbon",
    "kotlin": "the JDK's tzdb.dat keeps EET and WET as their own rules, and differs from IANA in Iran's 1978 changes and in 2037 in Namibia and Palestine",
    "typescript": "Node's ICU tz data is 2025c, newer than the reference: 2025c corrected Baja California's 1970s history; EET and WET as for Swift",
    "typescript-jsc": "the system ICU 72.1's tz data is 2022-era: later changes (Mexico 2022, Egypt and Greenland 2023, Kazakhstan and Paraguay 2024, Fiji, …) and corrections are missing",
}


def expected_failures_text():
    """golden/expected-failures.txt: per implementation, the pinned cases its tz data gets wrong
    (each pinned day is one where every platform that differs in that zone differs, so the list is
    the measurement's, zone for zone), with the measured data version and the years it differs."""
    path = os.path.join(ROOT, "results", "zone-agreement.tsv")
    if not os.path.exists(path):
        return None
    header = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("# ") and ": " in line:
            key, value = line[2:].rstrip("\n").split(": ", 1)
            header[key] = value
    years = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("implementation\t"):
            continue
        impl, zone, year, _, _, _, _ = line.rstrip("\n").split("\t")
        years.setdefault((impl, zone), []).append(int(year))
    pinned = {c["given"]["timeZone"]: c["case"] for c in pinned_cases()}
    lines = ["# Expected conformance failures: platforms whose own time-zone data differs from IANA tzdata",
             f"# {tzdata_version()} (docs/semantics.md row 14), measured by scripts/zone-agreement.sh (results/zone-agreement.tsv).",
             "# Written by scripts/vectors/write-zone-corpus.py; a platform that updates its data shows as UNEXPECTED PASS.",
             "# `[lang:]case-name  # reason` (docs/conformance.md, Expected-failures files)."]
    order = ["swift", "kotlin", "typescript", "typescript-jsc"]
    for impl in order:
        entries = sorted((zone, ys) for (i, zone), ys in years.items() if i == impl)
        if not entries:
            continue
        lines.append("")
        lines.append(f"# {impl}: {header.get(impl, '?')}: {CAUSES[impl]}.")
        for zone, ys in entries:
            span = f"{min(ys)}" if min(ys) == max(ys) else f"{min(ys)}-{max(ys)}"
            lines.append(f"{impl}:{pinned[zone]}  # {header.get(impl, impl)}: {zone} differs from IANA {tzdata_version()} in {span}")
    lines += [""] + TESTEE_LIMITS
    return "\n".join(lines) + "\n"


# Not tz data: what the typed testees cannot hand their writers (kept in this file, which this
# script writes whole, so a rewrite keeps them).
TESTEE_LIMITS = [
    "# swift, kotlin: the testees read encode's inputJson with their runtime's JSON reader, which drops a member whose key holds an unpaired",
    "# surrogate (every reader drops it), so the writer never sees that key. Kotlin's writer refuses such a key in its unit test",
    "# (Runtime/kotlin/test/ContractWriterTest.kt); no Swift String can hold one (docs/conformance.md, encode).",
    "swift:encode-refuses-unpaired-surrogate-in-a-map-key  # the testee's reader drops the key, so the writer writes the map without it",
    "kotlin:encode-refuses-unpaired-surrogate-in-a-map-key  # the testee's reader drops the key, so the writer writes the map without it",
]


def main():
    check = "--check" in sys.argv[1:]
    written = {os.path.join(OUT, c["case"] + ".json"): json.dumps(c, indent=2, ensure_ascii=False) + "\n" for c in cases() + pinned_cases()}
    count = len(written)
    failures = expected_failures_text()
    if failures is not None:
        written[EXPECTED_FAILURES] = failures
    changed = []
    os.makedirs(OUT, exist_ok=True)
    for path, text in sorted(written.items()):
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            changed.append(path)
            if not check:
                with open(path + ".tmp", "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(path + ".tmp", path)
    for name in sorted(os.listdir(OUT)):
        path = os.path.join(OUT, name)
        if name.startswith(("vectors.zones.", "vectors.tz-data.")) and path not in written:
            changed.append(path)
            if not check:
                os.remove(path)
    print(f"zone corpus: {count} cases in {len(ZONES)} zones (tzdata {tzdata_version()}); {len(changed)} file(s) {'would change' if check else 'changed'}")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
