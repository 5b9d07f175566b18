"""Unit tests of the strict JSON reader and the writers.

Expectations come from RFC 8259 (grammar), RFC 3629 / Unicode Table 3-7 (UTF-8), and
docs/report.md ("Malformed": the offset and `expected` word of each syntax error).
Run: cd reference-model/tests && python3 -m unittest
"""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from refmodel.strictjson import (parse, JObj, InvalidStr, JSONSyntaxError, utf8_offset,  # noqa: E402
                                 to_value_tree, to_input_value, dumps_ascii, number_text, json_type)
from refmodel.decoder import utf8_stop_offset  # noqa: E402
from refmodel.encoder import js_number, js_string  # noqa: E402


def err(text, root_object=True):
    try:
        parse(text, root_object)
    except JSONSyntaxError as e:
        return (utf8_offset(text, e.index), e.expected)
    return None


class ValidTexts(unittest.TestCase):
    def test_values(self):
        t = parse('{"a":[1,-0,1.5e2,true,false,null,"x",{}],"b":{"c":[]}}')
        self.assertIsInstance(t, JObj)
        (k1, a), (k2, b) = t.members
        self.assertEqual((k1, k2), ("a", "b"))
        self.assertEqual(a[:3], [1.0, 0.0, 150.0])
        self.assertTrue(math.copysign(1, a[1]) < 0)        # -0 is read as -0.0
        self.assertEqual(a[3:7], [True, False, None, "x"])
        self.assertIsInstance(a[7], JObj)

    def test_whitespace_around_and_between(self):
        t = parse(' \t\r\n{ "a" : [ 1 , 2 ] } \n')
        self.assertEqual(t.members[0][1], [1.0, 2.0])

    def test_duplicate_keys_are_all_kept_in_order(self):
        t = parse('{"a":1,"b":2,"a":3}')
        self.assertEqual(t.members, [("a", 1.0), ("b", 2.0), ("a", 3.0)])

    def test_numbers_are_doubles(self):
        self.assertEqual(parse("1e400", False), float("inf"))
        self.assertEqual(parse("-1e400", False), float("-inf"))
        self.assertEqual(parse("1.0", False), 1.0)
        self.assertEqual(parse("10e-1", False), 1.0)
        self.assertEqual(parse("9007199254740993", False), 9007199254740992.0)   # rounded to even
        self.assertEqual(parse("1e-400", False), 0.0)

    def test_escapes(self):
        self.assertEqual(parse(r'"\"\\\/\b\f\n\r\t\u0041\u00e9"', False), '"\\/\b\f\n\r\tAé')
        self.assertEqual(parse(r'"\uD83D\uDE00"', False), "\U0001F600")
        self.assertEqual(parse(r'"start\u005ftime"', False), "start_time")

    def test_unpaired_surrogates_make_invalid_strings(self):
        for text in (r'"\ud800"', r'"\udc00"', r'"a\ud800b"', r'"\udc00\ud800"', r'"\ud800\u0041"',
                     r'"\ud800\ud800"'):
            v = parse(text, False)
            self.assertIsInstance(v, InvalidStr, text)
            self.assertEqual(json_type(v), "string")
        # a key holding one is an invalid key
        t = parse(r'{"\ud800":1,"ok":2}')
        self.assertIsInstance(t.members[0][0], InvalidStr)
        self.assertEqual(t.members[1][0], "ok")

    def test_512_levels_pass_513_fail(self):
        self.assertIsNotNone(parse("{\"a\":" + "[" * 511 + "]" * 511 + "}"))
        self.assertEqual(err("{\"a\":" + "[" * 512 + "]" * 512 + "}"), (5 + 511, "depth"))
        self.assertEqual(err("[" * 513 + "]" * 513, False), (512, "depth"))

    def test_a_million_levels_do_not_overflow(self):
        self.assertEqual(err("[" * 1000000, False), (512, "depth"))

    def test_raw_non_ascii_and_astral(self):
        self.assertEqual(parse('"é😀"', False), "é😀")


class Malformed(unittest.TestCase):
    """Each row of docs/report.md's `expected` table; offsets are UTF-8 byte offsets."""

    def test_object(self):
        self.assertEqual(err(""), (0, "object"))
        self.assertEqual(err("   "), (3, "object"))
        self.assertEqual(err("\ufeff{}"), (0, "object"))
        self.assertEqual(err("[{}]"), (0, "object"))
        self.assertEqual(err("1"), (0, "object"))
        self.assertEqual(err("  null"), (2, "object"))

    def test_key(self):
        self.assertEqual(err('{"v":1,'), (7, "key"))
        self.assertEqual(err("{,}"), (1, "key"))
        self.assertEqual(err('{"a":1,}'), (7, "key"))
        self.assertEqual(err("{a:1}"), (1, "key"))
        self.assertEqual(err("{'a':1}"), (1, "key"))
        self.assertEqual(err("{"), (1, "key"))

    def test_colon(self):
        self.assertEqual(err('{"a" 1}'), (5, "colon"))
        self.assertEqual(err('{"a"'), (4, "colon"))

    def test_value(self):
        self.assertEqual(err('{"a":}'), (5, "value"))
        self.assertEqual(err('{"a":[1,]}'), (8, "value"))
        self.assertEqual(err('{"a":['), (6, "value"))
        self.assertEqual(err('{"a":NaN}'), (5, "value"))
        self.assertEqual(err('{"a":.5}'), (5, "value"))
        self.assertEqual(err('{"a":+1}'), (5, "value"))
        self.assertEqual(err('{"a":Infinity}'), (5, "value"))

    def test_comma_or_close(self):
        self.assertEqual(err('{"a":01}'), (6, "comma-or-close"))   # a leading zero ends its number
        self.assertEqual(err('{"a":0x10}'), (6, "comma-or-close"))
        self.assertEqual(err('{"a":1'), (6, "comma-or-close"))
        self.assertEqual(err('{"a":[1 2]}'), (8, "comma-or-close"))
        self.assertEqual(err('{"a":1.5.}'), (8, "comma-or-close"))

    def test_end(self):
        self.assertEqual(err('{"v":1} x'), (8, "end"))
        self.assertEqual(err('{"v":1}{}'), (7, "end"))
        self.assertEqual(err('{"v":1}\f'), (7, "end"))      # form feed is no JSON whitespace
        self.assertEqual(err('{"v":1}\u00a0'), (7, "end"))

    def test_digit(self):
        self.assertEqual(err('{"a":-}'), (6, "digit"))
        self.assertEqual(err('{"a":1.}'), (7, "digit"))
        self.assertEqual(err('{"a":1.e5}'), (7, "digit"))
        self.assertEqual(err('{"a":1e}'), (7, "digit"))
        self.assertEqual(err('{"a":1e+}'), (8, "digit"))
        self.assertEqual(err('{"a":-a}'), (6, "digit"))
        self.assertEqual(err('{"a":1.'), (7, "digit"))

    def test_literal(self):
        self.assertEqual(err('{"a":tru}'), (8, "literal"))
        self.assertEqual(err('{"a":nul'), (8, "literal"))
        self.assertEqual(err('{"a":fals3}'), (9, "literal"))
        self.assertEqual(err('{"a":True}'), (5, "value"))

    def test_string(self):
        self.assertEqual(err('{"a":"x\x01"}'), (7, "string"))
        self.assertEqual(err('{"a":"x\n"}'), (7, "string"))
        self.assertEqual(err('{"a":"abc'), (9, "string"))
        self.assertEqual(err('{"a\x1f":1}'), (3, "string"))

    def test_escape(self):
        self.assertEqual(err(r'{"a":"\q"}'), (7, "escape"))
        self.assertEqual(err(r'{"a":"\u12G4"}'), (10, "escape"))
        self.assertEqual(err('{"a":"\\'), (7, "escape"))
        self.assertEqual(err(r'{"a":"\u12'), (10, "escape"))
        self.assertEqual(err(r'{"a":"\x41"}'), (7, "escape"))
        self.assertEqual(err("{\"a\":\"\\'\"}"), (7, "escape"))

    def test_offsets_count_utf8_bytes(self):
        self.assertEqual(err('{"é":x}'), (6, "value"))             # é is 2 bytes
        self.assertEqual(err('{"😀":x}'), (8, "value"))            # 4 bytes
        self.assertEqual(err('{"\u0800":x}'), (7, "value"))        # 3 bytes
        self.assertEqual(utf8_offset("a\ud800b", 2), 4)            # WTF-8: a surrogate is 3 bytes


class Utf8(unittest.TestCase):
    """The first byte at which bytes stop being the beginning of well-formed UTF-8 (RFC 3629,
    Unicode Table 3-7), as docs/report.md's `utf-8` row describes."""

    def test_well_formed(self):
        for b in (b"", b"{}", "é😀\u0800\uffff\U0010ffff".encode("utf-8"), b"\xef\xbf\xbd"):
            self.assertIsNone(utf8_stop_offset(b))

    def test_examples_of_the_docs(self):
        self.assertEqual(utf8_stop_offset(b"\xe0\x80"), 1)
        self.assertEqual(utf8_stop_offset(b"\xed\xa0\x80"), 1)
        self.assertEqual(utf8_stop_offset(b"\xf4\x90\x80\x80"), 1)
        self.assertEqual(utf8_stop_offset(b'\xef\xbf"'), 2)

    def test_bad_leads_and_truncation(self):
        for lead in (0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF):
            self.assertEqual(utf8_stop_offset(b'{"a":"' + bytes([lead]) + b'"}'), 6, hex(lead))
        self.assertEqual(utf8_stop_offset(b"ab\xc3"), 3)
        self.assertEqual(utf8_stop_offset(b"ab\xf0\x9f\x98"), 5)
        self.assertEqual(utf8_stop_offset(b"\xc3\xa9\xc3x"), 3)
        self.assertEqual(utf8_stop_offset(b"\xf0\x8f\xbf\xbf"), 1)    # overlong 4-byte
        self.assertEqual(utf8_stop_offset(b"\xe1\x80\x41"), 2)        # third byte not a continuation


class ValueTreeAndWriters(unittest.TestCase):
    def test_value_tree_keeps_last_value_at_first_position_and_drops_invalid_keys(self):
        t = to_value_tree(parse(r'{"a":1,"b":2,"a":3,"\ud800":4}'))
        self.assertEqual(list(t.items()), [("a", 3.0), ("b", 2.0)])

    def test_input_value_keeps_unpaired_surrogates_in_strings_and_keys(self):
        # docs/conformance.md, encode's inputJson: the testee's reader keeps a string holding an
        # unpaired surrogate so the writer can refuse it (JSON.parse keeps them, keys too)
        t = to_input_value(parse(r'{"a":["x\ud800",1],"\udc00":"\ud83d\ude00","a":[true],"b":null}', False))
        self.assertEqual(list(t.items()), [("a", [True]), ("\udc00", "\U0001f600"), ("b", None)])
        self.assertEqual(to_input_value(parse(r'["x\ud800",{"k":"\udbff\udbff"}]', False)),
                         ["x\ud800", {"k": "\udbff\udbff"}])
        self.assertEqual(to_input_value(parse(r'"\udfff"', False)), "\udfff")

    def test_number_text(self):
        self.assertEqual(number_text(1784325600000.0), "1784325600000")
        self.assertEqual(number_text(-0.0), "0")
        self.assertEqual(number_text(float("inf")), "1e400")
        self.assertEqual(number_text(float("-inf")), "-1e400")
        self.assertEqual(number_text(0.5), "0.5")
        self.assertEqual(float(number_text(9007199254740992.0)), 9007199254740992.0)

    def test_dumps_ascii(self):
        self.assertEqual(dumps_ascii({"a": ["é\n\"", InvalidStr("\ud800"), None, True, 1.5]}),
                         '{"a":["\\u00e9\\u000a\\"","\\ufffd",null,true,1.5]}')
        self.assertEqual(dumps_ascii("😀"), '"\\ud83d\\ude00"')

    def test_js_number_is_ecmascript_number_to_string(self):
        cases = {0.0: "0", -0.0: "0", 1.0: "1", 100.0: "100", 0.5: "0.5", -1.5: "-1.5",
                 123.456: "123.456", 1e21: "1e+21", 1e20: "100000000000000000000",
                 0.000001: "0.000001", 1e-7: "1e-7", 1.5e300: "1.5e+300", 2 ** 53: "9007199254740992",
                 0.1 + 0.2: "0.30000000000000004", 5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308"}
        for x, want in cases.items():
            self.assertEqual(js_number(x), want, repr(x))

    def test_js_string_is_json_stringify(self):
        self.assertEqual(js_string('a"\\\b\f\n\r\t\x01\x1fé\u2028'),
                         '"a\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001fé\u2028"')


if __name__ == "__main__":
    unittest.main()
