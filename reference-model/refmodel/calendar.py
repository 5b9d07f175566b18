"""The calendar of docs/runtime-api.md §4 and the date-time form of docs/schema.md "Date-times".

Proleptic Gregorian, ASCII digits, explicit IANA zones read from this machine's tz database
(/usr/share/zoneinfo, through ``zoneinfo``) with the dayStart algorithm the docs spell out.
"""

import os
import re
from datetime import datetime, timedelta, timezone

try:
    import zoneinfo
except ImportError:  # pragma: no cover
    zoneinfo = None

DAY_MS = 86400000
SAFE_MAX = 9007199254740991
MIN_INSTANT = -62135596800000      # 0001-01-01T00:00:00Z
MAX_INSTANT = 253402300799999      # 9999-12-31T23:59:59.999Z


# ---------------------------------------------------------------- civil arithmetic (Hinnant)

def days_from_civil(y, m, d):
    """Days since 1970-01-01 of the proleptic Gregorian date (astronomical years)."""
    y -= 1 if m <= 2 else 0
    era = y // 400                       # floor division: also right for negative years
    yoe = y - era * 400                  # [0, 399]
    doy = (153 * (m - 3 if m > 2 else m + 9) + 2) // 5 + d - 1   # [0, 365]
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy                  # [0, 146096]
    return era * 146097 + doe - 719468


def civil_from_days(z):
    """(year, month, day) of a day count since 1970-01-01 (astronomical years)."""
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (y + (1 if m <= 2 else 0), m, d)


def is_leap(y):
    return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0


def days_in_month(y, m):
    if m == 2:
        return 29 if is_leap(y) else 28
    return 30 if m in (4, 6, 9, 11) else 31


_ASCII_DIGITS = frozenset("0123456789")


def _digits(s, a, b):
    """int of s[a:b] when every character is an ASCII digit, else None."""
    for k in range(a, b):
        if s[k] not in _ASCII_DIGITS:
            return None
    return int(s[a:b])


def parse_local_date(s):
    """(y, m, d) for exactly ``YYYY-MM-DD`` (10 UTF-16 units, ASCII digits, a real date in years
    0001–9999), else None."""
    if not isinstance(s, str) or len(s) != 10 or s[4] != "-" or s[7] != "-":
        return None
    y = _digits(s, 0, 4)
    m = _digits(s, 5, 7)
    d = _digits(s, 8, 10)
    if y is None or m is None or d is None:
        return None
    if y < 1 or m < 1 or m > 12 or d < 1 or d > days_in_month(y, m):
        return None
    return (y, m, d)


def parse_date_time(s):
    """Epoch milliseconds of ``YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|+HH:MM|-HH:MM)`` within
    0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z, else None (docs/schema.md, Date-times)."""
    if not isinstance(s, str) or len(s) < 20:
        return None
    date = parse_local_date(s[0:10])
    if date is None or s[10] != "T" or s[13] != ":" or s[16] != ":":
        return None
    hh = _digits(s, 11, 13)
    mi = _digits(s, 14, 16)
    ss = _digits(s, 17, 19)
    if hh is None or mi is None or ss is None or hh > 23 or mi > 59 or ss > 59:
        return None
    i = 19
    frac_ms = 0
    if s[i] == ".":
        j = i + 1
        while j < len(s) and s[j] in _ASCII_DIGITS:
            j += 1
        nd = j - (i + 1)
        if nd < 1 or nd > 9:
            return None
        frac = s[i + 1:j]
        frac_ms = int((frac + "00")[:3])        # floored to the millisecond
        i = j
    if i >= len(s):
        return None
    c = s[i]
    if c == "Z":
        off = 0
        if i + 1 != len(s):
            return None
    elif c == "+" or c == "-":
        if len(s) != i + 6 or s[i + 3] != ":":
            return None
        oh = _digits(s, i + 1, i + 3)
        om = _digits(s, i + 4, i + 6)
        if oh is None or om is None or oh > 23 or om > 59:
            return None
        off = (oh * 3600000 + om * 60000) * (1 if c == "+" else -1)
    else:
        return None
    y, m, d = date
    local = days_from_civil(y, m, d) * DAY_MS + hh * 3600000 + mi * 60000 + ss * 1000 + frac_ms
    instant = local - off
    if instant < MIN_INSTANT or instant > MAX_INSTANT:
        return None
    return instant


def format_instant(ms):
    """``YYYY-MM-DDTHH:MM:SS.sssZ`` in UTC (the writer's spelling)."""
    days, rem = divmod(ms, DAY_MS)
    y, m, d = civil_from_days(days)
    hh, rem = divmod(rem, 3600000)
    mi, rem = divmod(rem, 60000)
    ss, msr = divmod(rem, 1000)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (y, m, d, hh, mi, ss, msr)


# ---------------------------------------------------------------- zones (semantics.md row 16)

_ZONE_SYNTAX = re.compile(r"[A-Za-z_][A-Za-z0-9_+\-]{0,13}(?:/[A-Za-z_][A-Za-z0-9_+\-]{0,13}){0,2}")
_HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(_HERE, "tznames-2025b.txt"), encoding="ascii") as _f:
    ZONE_NAMES = frozenset(line.strip() for line in _f if line.strip())

_zone_cache = {}


def is_zone_id_syntax(zid):
    return isinstance(zid, str) and _ZONE_SYNTAX.fullmatch(zid) is not None


def time_zone(zid):
    """The zone for an id, or None when unknown: the grammar, then exact membership in the
    fixed list of tzdata 2025b names (less the five the docs leave out), then the platform."""
    if not is_zone_id_syntax(zid) or zid not in ZONE_NAMES:
        return None
    if zid in _zone_cache:
        return _zone_cache[zid]
    z = None
    if zoneinfo is not None:
        try:
            z = zoneinfo.ZoneInfo(zid)
        except Exception:
            z = None
    _zone_cache[zid] = z
    return z


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_CYCLE_MS = 146097 * DAY_MS                     # 400 Gregorian years: the same calendar again
_LOW_MS = days_from_civil(1, 1, 3) * DAY_MS     # inside datetime's range with room for offsets
_HIGH_MS = days_from_civil(9999, 12, 29) * DAY_MS


def offset_ms(zone, t):
    """The zone's UTC offset (ms) at instant ``t`` (epoch ms).

    datetime covers years 1–9999 only. Before year 1 every zone is on its first (oldest) offset,
    the same as at year 1; after 9999 the zone's last rule (periodic over 400 Gregorian years)
    applies, so the instant is moved back by whole 400-year cycles."""
    if t < _LOW_MS:
        t = _LOW_MS
    elif t > _HIGH_MS:
        k = (t - _HIGH_MS) // _CYCLE_MS + 1
        t -= k * _CYCLE_MS
    dt = _EPOCH + timedelta(milliseconds=t)
    off = dt.astimezone(zone).utcoffset()
    return (off.days * 86400 + off.seconds) * 1000 + off.microseconds // 1000


def day_start_of_days(days, zone):
    """The first instant whose local date is day ``days`` (docs/runtime-api.md §4)."""
    L = days * DAY_MS
    offs = {offset_ms(zone, L - DAY_MS), offset_ms(zone, L), offset_ms(zone, L + DAY_MS)}
    candidates = [L - o for o in offs if offset_ms(zone, L - o) == o]
    if candidates:
        return min(candidates)
    lo = L - max(offs)
    hi = L - min(offs)
    while lo < hi:
        mid = (lo + hi) // 2
        if mid + offset_ms(zone, mid) >= L:
            hi = mid
        else:
            lo = mid + 1
    return lo


def day_start_ms(day_str, zone_id):
    date = parse_local_date(day_str)
    if date is None:
        return None
    zone = time_zone(zone_id)
    if zone is None:
        return None
    return day_start_of_days(days_from_civil(*date), zone)


def is_safe_integer_number(x):
    """A JSON number (int or float, not bool) with an integral value within ±(2^53−1)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    if isinstance(x, float):
        if x != x or x in (float("inf"), float("-inf")) or x != int(x):
            return False
        x = int(x)
    return -SAFE_MAX <= x <= SAFE_MAX


def valid_until_ms(day_str, diff, zone_id):
    if not is_safe_integer_number(diff):
        return None
    date = parse_local_date(day_str)
    if date is None:
        return None
    zone = time_zone(zone_id)
    if zone is None:
        return None
    start = day_start_of_days(days_from_civil(*date) + 1, zone)
    result = start + int(diff)
    if result < -SAFE_MAX or result > SAFE_MAX:
        return None
    return result


CIVIL_DAYS_LIMIT = 100000000


def civil_from_days_op(days):
    if days < -CIVIL_DAYS_LIMIT or days > CIVIL_DAYS_LIMIT:
        return None
    return list(civil_from_days(days))
