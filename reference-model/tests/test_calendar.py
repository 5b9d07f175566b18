"""Unit tests of the calendar: civil arithmetic, day and date-time strings, zone ids, dayStart
and validUntil.

Expectations: Python's own ``datetime`` (an implementation that shares nothing with the
model's Hinnant arithmetic) for years 1–9999 and whole 400-year Gregorian cycles (146,097 days)
outside them; the date-time grammar and ranges of docs/schema.md "Date-times"; the zone rule
of docs/semantics.md row 16; DST instants from the zones' published rules (tzdata), written
out by hand below.
Run: cd reference-model/tests && python3 -m unittest
"""

import os
import random
import sys
import unittest
from datetime import date, datetime, timezone

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from refmodel import calendar as cal  # noqa: E402

EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
CYCLE = 146097


def utc_ms(*args):
    return int(datetime(*args, tzinfo=timezone.utc).timestamp() * 1000)


def reference_civil(days):
    """(y, m, d) from datetime.date, shifted by whole 400-year cycles outside years 1–9999."""
    shift = 0
    o = days + EPOCH_ORDINAL
    while o < 1:
        o += CYCLE
        shift -= 400
    while o > date.max.toordinal():
        o -= CYCLE
        shift += 400
    d = date.fromordinal(o)
    return (d.year + shift, d.month, d.day)


class CivilArithmetic(unittest.TestCase):
    def test_known_days(self):
        self.assertEqual(cal.civil_from_days(0), (1970, 1, 1))
        self.assertEqual(cal.civil_from_days(-1), (1969, 12, 31))
        self.assertEqual(cal.days_from_civil(2000, 3, 1), date(2000, 3, 1).toordinal() - EPOCH_ORDINAL)
        self.assertEqual(cal.days_from_civil(1, 1, 1), date(1, 1, 1).toordinal() - EPOCH_ORDINAL)
        self.assertEqual(cal.civil_from_days(cal.days_from_civil(0, 2, 29)), (0, 2, 29))   # 1 BC was leap
        self.assertEqual(cal.civil_from_days(cal.days_from_civil(1, 1, 1) - 1), (0, 12, 31))
        self.assertEqual(cal.civil_from_days(cal.days_from_civil(9999, 12, 31) + 1), (10000, 1, 1))

    def test_against_datetime_and_cycles(self):
        rnd = random.Random(20261206)
        samples = [0, -1, 1, 59, 60, -719468, -719469, 2932896, 2932897, 100000000, -100000000]
        samples += [rnd.randint(-100000000, 100000000) for _ in range(5000)]
        samples += [rnd.randint(-800000, 3000000) for _ in range(5000)]
        for days in samples:
            want = reference_civil(days)
            self.assertEqual(cal.civil_from_days(days), want, days)
            self.assertEqual(cal.days_from_civil(*want), days, days)

    def test_the_op_domain(self):
        self.assertEqual(cal.civil_from_days_op(100000000), list(reference_civil(100000000)))
        self.assertEqual(cal.civil_from_days_op(-100000000), list(reference_civil(-100000000)))
        self.assertIsNone(cal.civil_from_days_op(100000001))
        self.assertIsNone(cal.civil_from_days_op(-100000001))


class DayStrings(unittest.TestCase):
    def test_valid(self):
        for s in ("2026-07-17", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "1582-10-10",
                  "2026-04-30"):
            self.assertIsNotNone(cal.parse_local_date(s), s)

    def test_invalid(self):
        for s in ("2026-02-30", "1900-02-29", "2100-02-29", "2026-04-31", "2026-7-1", "2026-07-1",
                  "0000-01-01", "10000-01-01", "2026-00-10", "2026-13-01", "2026-01-00", "2026-01-32",
                  "２０２６-０７-１７", "٢٠٢٦-٠٧-١٧", "2026/07/17", "2026-07-17T00:00:00Z", "", " 2026-07-17",
                  "2026-07-17 ", "+026-07-17", "2026-07-1\u0661"):
            self.assertIsNone(cal.parse_local_date(s), s)


class DateTimes(unittest.TestCase):
    def test_the_form(self):
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:00.250+02:00"), utc_ms(2026, 7, 17, 6, 30, 0) + 250)
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:00Z"), utc_ms(2026, 7, 17, 8, 30))
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:00-00:00"), utc_ms(2026, 7, 17, 8, 30))
        self.assertEqual(cal.parse_date_time("1969-12-31T23:59:59.999Z"), -1)
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:00.1Z"), utc_ms(2026, 7, 17, 8, 30) + 100)
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:00.123456789Z"), utc_ms(2026, 7, 17, 8, 30) + 123)

    def test_floored_not_rounded(self):
        self.assertEqual(cal.parse_date_time("2026-07-17T08:30:59.9999Z"), utc_ms(2026, 7, 17, 8, 31) - 1)

    def test_range(self):
        self.assertEqual(cal.parse_date_time("0001-01-01T00:00:00Z"), -62135596800000)
        self.assertEqual(cal.parse_date_time("9999-12-31T23:59:59.999Z"), 253402300799999)
        self.assertIsNone(cal.parse_date_time("0001-01-01T00:00:00+00:01"))
        self.assertIsNone(cal.parse_date_time("9999-12-31T23:59:59.999-00:01"))
        self.assertEqual(cal.parse_date_time("0001-01-01T00:00:00-00:01"), -62135596800000 + 60000)

    def test_invalid(self):
        for s in ("2026-07-17T08:30:00", "2026-07-17t08:30:00Z", "2026-07-17T08:30:00z", "2026-07-17 08:30:00Z",
                  "2026-07-17T23:59:60Z", "2026-07-17T24:00:00Z", "2026-07-17T08:60:00Z", "2026-02-30T08:30:00Z",
                  "2026-07-17T08:30:00.Z", "2026-07-17T08:30:00.1234567890Z", "2026-07-17T08:30:00+24:00",
                  "2026-07-17T08:30:00+02:60", "2026-07-17T08:30:00+0200", "2026-07-17T08:30Z", "2026-07-17",
                  "2026-7-17T08:30:00Z", "2026-07-17T8:30:00Z", "2026-07-17T08:30:00+2:00", "2026-07-17T08:30:00Z ",
                  "2026-07-17T08:30:00.25 Z", ""):
            self.assertIsNone(cal.parse_date_time(s), s)

    def test_format_instant(self):
        self.assertEqual(cal.format_instant(1784277000250), "2026-07-17T08:30:00.250Z")
        self.assertEqual(cal.format_instant(-62135596800000), "0001-01-01T00:00:00.000Z")
        self.assertEqual(cal.format_instant(253402300799999), "9999-12-31T23:59:59.999Z")
        self.assertEqual(cal.format_instant(-1), "1969-12-31T23:59:59.999Z")


class Zones(unittest.TestCase):
    def test_known(self):
        for z in ("UTC", "Etc/UTC", "GMT", "Zulu", "US/Pacific", "Japan", "Asia/Kolkata", "Europe/Kyiv",
                  "Europe/Berlin", "Etc/GMT-14", "America/Argentina/Buenos_Aires", "America/Port-au-Prince"):
            self.assertIsNotNone(cal.time_zone(z), z)

    def test_unknown(self):
        for z in ("gmt", "etc/utc", "us/pacific", "japan", "zulu", "europe/berlin", "Europe/Berlin\u0000", "PST",
                  "../../etc/passwd", "", "x" * 1000, "Factory", "America/Coyhaique", "GMT+0", "GMT-0", "ROC",
                  "Europe/Berlin ", "Europe//Berlin", "/UTC", "UTC/", "A/B/C/D", "Etc/GMT+5\n", "1UTC"):
            self.assertIsNone(cal.time_zone(z), repr(z))

    def test_the_list_has_593_names(self):
        self.assertEqual(len(cal.ZONE_NAMES), 593)


class DayStart(unittest.TestCase):
    def test_utc(self):
        self.assertEqual(cal.day_start_ms("1970-01-01", "UTC"), 0)
        self.assertEqual(cal.day_start_ms("1969-12-31", "UTC"), -86400000)
        self.assertEqual(cal.day_start_ms("0001-01-01", "UTC"), -62135596800000)
        self.assertEqual(cal.day_start_ms("9999-12-31", "UTC"), utc_ms(9999, 12, 31))
        self.assertEqual(cal.day_start_ms("1582-10-10", "UTC"), utc_ms(1582, 10, 10))   # proleptic

    def test_fixed_offsets(self):
        self.assertEqual(cal.day_start_ms("2026-07-17", "Etc/GMT-14"), utc_ms(2026, 7, 16, 10))
        self.assertEqual(cal.day_start_ms("0001-01-01", "Etc/GMT+1"), -62135596800000 + 3600000)
        self.assertEqual(cal.day_start_ms("2026-07-17", "Asia/Kolkata"), utc_ms(2026, 7, 16, 18, 30))

    def test_berlin(self):
        # CET +1 / CEST +2; 2026-03-29 01:00Z and 2026-10-25 01:00Z (EU rule: last Sunday, 01:00 UTC)
        self.assertEqual(cal.day_start_ms("2026-01-15", "Europe/Berlin"), utc_ms(2026, 1, 14, 23))
        self.assertEqual(cal.day_start_ms("2026-07-17", "Europe/Berlin"), utc_ms(2026, 7, 16, 22))
        self.assertEqual(cal.day_start_ms("2026-03-29", "Europe/Berlin"), utc_ms(2026, 3, 28, 23))
        self.assertEqual(cal.day_start_ms("2026-03-30", "Europe/Berlin"), utc_ms(2026, 3, 29, 22))
        self.assertEqual(cal.day_start_ms("2026-10-25", "Europe/Berlin"), utc_ms(2026, 10, 24, 22))
        self.assertEqual(cal.day_start_ms("2026-10-26", "Europe/Berlin"), utc_ms(2026, 10, 25, 23))

    def test_skipped_midnight_havana(self):
        # Cuba: DST from the second Sunday of March at 0:00 standard time (-5 → -4): 00:00–01:00 is skipped
        self.assertEqual(cal.day_start_ms("2026-03-08", "America/Havana"), utc_ms(2026, 3, 8, 5))
        # back on the first Sunday of November at 0:00 standard (01:00 daylight → 00:00): midnight twice
        self.assertEqual(cal.day_start_ms("2026-11-01", "America/Havana"), utc_ms(2026, 11, 1, 4))

    def test_santiago(self):
        # Chile: DST from the first Sunday on/after Sep 2 at 04:00 UTC (local 00:00 -4 → 01:00 -3)
        self.assertEqual(cal.day_start_ms("2026-09-06", "America/Santiago"), utc_ms(2026, 9, 6, 4))
        # back on the first Sunday on/after Apr 2 at 03:00 UTC: the clock reaches 24:00 (-3) and turns
        # back to 23:00 (-4) of April 4, so April 5 begins once, at 00:00 -4 = 04:00 UTC
        self.assertEqual(cal.day_start_ms("2026-04-05", "America/Santiago"), utc_ms(2026, 4, 5, 4))

    def test_invalid_inputs(self):
        self.assertIsNone(cal.day_start_ms("2026-02-30", "UTC"))
        self.assertIsNone(cal.day_start_ms("2026-07-17", "utc"))
        self.assertIsNone(cal.day_start_ms("2026-07-17", ""))


class ValidUntil(unittest.TestCase):
    def test_calendar_arithmetic_not_24h(self):
        # 2026-03-28 in Berlin: the next day starts 23 hours later than "+24h" would think … exactly its midnight
        self.assertEqual(cal.valid_until_ms("2026-03-28", 0, "Europe/Berlin"), utc_ms(2026, 3, 28, 23))
        self.assertEqual(cal.valid_until_ms("2026-03-29", 0, "Europe/Berlin"), utc_ms(2026, 3, 29, 22))
        self.assertEqual(cal.valid_until_ms("2026-07-17", 3600000, "Europe/Berlin"), utc_ms(2026, 7, 17, 23))
        self.assertEqual(cal.valid_until_ms("2024-02-28", 0, "UTC"), utc_ms(2024, 2, 29))

    def test_after_9999(self):
        self.assertEqual(cal.valid_until_ms("9999-12-31", 0, "UTC"), cal.days_from_civil(10000, 1, 1) * 86400000)
        self.assertEqual(cal.valid_until_ms("9999-12-31", 0, "Europe/Berlin"),
                         cal.days_from_civil(10000, 1, 1) * 86400000 - 3600000)

    def test_offsets_and_results(self):
        self.assertIsNone(cal.valid_until_ms("2026-07-17", 1.5, "UTC"))
        self.assertIsNone(cal.valid_until_ms("2026-07-17", float("inf"), "UTC"))
        self.assertIsNone(cal.valid_until_ms("2026-07-17", 2 ** 53, "UTC"))
        self.assertEqual(cal.valid_until_ms("2026-07-17", -(2 ** 53 - 1) + 1, "UTC"),
                         utc_ms(2026, 7, 18) - (2 ** 53 - 1) + 1)
        self.assertIsNone(cal.valid_until_ms("2026-07-17", 2 ** 53 - 1, "UTC"))
        self.assertIsNone(cal.valid_until_ms("2026-07-17", 0, "Mars/Olympus"))


if __name__ == "__main__":
    unittest.main()
