"""The model on schemas other than the bundled three: docs/schema.md's "complete small schema"
(reading-list) and its tagged-union example, with expectations read off docs/schema.md,
docs/conformance.md (observations) and docs/report.md (entries).
Run: cd reference-model/tests && python3 -m unittest
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from refmodel.schema import load_contract_text  # noqa: E402
from refmodel.decoder import Decoder, observation  # noqa: E402
from refmodel.encoder import Encoder, EncodeRefused  # noqa: E402

READING_LIST = """
contract: reading-list
doc: The books a reading-list widget shows.
storage-key: reading_list
targets:
  swift: {namespace: ReadingList}
  kotlin: {package: com.example.reading, object: ReadingList}
  typescript: {module: reading-list}
version: {field: v, writes: 1, accepts: [1]}
root: Shelf
types:
  Shelf:
    doc: The whole blob.
    fields:
      day: {type: localDate, optional: true, doc: The day the list was made for.}
      expiresAt: {type: epochMillis, optional: true}
      books: {type: {array: Book}, default: []}
      genreColors: {type: {map: string}, default: {}}
      pages: {type: integer, min: 0, required: fail-document}
      mood: {type: {enum: [calm, busy]}, default: calm}
      rating: {type: number, min: 0, max: 5, optional: true}
      owner: {type: Person, optional: true}
  Book:
    fields:
      id: {type: string, required: drop-element}
      title: {type: string, non-empty: true, required: drop-element}
      isRead: {type: bool, default: false}
      genre: {type: string, optional: true}
      genreColor: {type: string, derived: {lookup: genreColors, key: genre}}
  Person:
    fields:
      name: {type: string, required: drop-element}
behaviours:
  overlay: {type: Book, id: id, flag: isRead}
  staleness: {field: expiresAt}
  header: {day: day}
  valid-until: {day: day}
  done-queue: {type: Book, id: id, flag: isRead, storage-key: reading_list_done}
  timeline: {}
observation: {style: flat, omit: [genreColors], dropped: true}
"""

UNIONS = """
contract: attachments
version: {field: v, writes: 2, accepts: [1, 2]}
root: Event
types:
  Event:
    fields:
      attachments: {type: {array: Attachment}, default: []}
      byName: {type: {map: Attachment}, default: {}}
      main: {type: Attachment, optional: true}
      note: {type: string, optional: true, explicit-null: true}
  Attachment:
    union:
      tag: kind
      tag-json: type
      variants: {photo: Photo, link: Link, place: PlaceRef}
      unknown: link
  Photo: {fields: {url: {type: string, required: drop-element}, width: {type: integer, optional: true}}}
  Link: {fields: {url: {type: string, required: drop-element}, title: {type: string, optional: true}}}
  PlaceRef: {fields: {latitude: {type: number, required: drop-element}, longitude: {type: number, required: drop-element}}}
"""


def decode(contract, text, report=True, dropped=False):
    d = Decoder(contract)
    return observation(contract, d.decode_text(text), report, dropped)


class ReadingList(unittest.TestCase):
    c = load_contract_text(READING_LIST)

    def test_ok_flat_observation_with_a_derived_field(self):
        obs = decode(self.c, '{"v":1,"pages":3,"books":[{"id":"b1","title":"T","genre":"g"}],"genreColors":{"g":"#fff"}}')
        self.assertEqual(obs, {"status": "ok", "day": None, "expiresAt": None,
                               "books": [{"id": "b1", "title": "T", "isRead": False, "genre": "g", "genreColor": "#fff"}],
                               "pages": 3, "mood": "calm", "rating": None, "owner": None, "dropped": 0, "report": []})

    def test_fail_document_and_the_empty_flat_observation(self):
        obs = decode(self.c, '{"v":1,"books":[{"id":"b1","title":"T"}]}')
        self.assertEqual(obs, {"status": "invalid", "day": None, "expiresAt": None, "books": [], "pages": None,
                               "mood": None, "rating": None, "owner": None, "dropped": 0,
                               "report": [{"path": "$.pages", "rule": "missing", "used": "document"}]})

    def test_degradations(self):
        obs = decode(self.c, '{"v":1,"pages":1,"owner":{"name":5},"mood":"Calm","rating":6,'
                             '"books":[{"id":"a","title":""},{"id":"b","title":"B","isRead":1}]}')
        self.assertEqual(obs["owner"], None)
        self.assertEqual(obs["mood"], "calm")
        self.assertEqual(obs["rating"], None)
        self.assertEqual(obs["dropped"], 1)
        self.assertEqual(obs["report"], [
            {"path": "$.owner", "rule": "invalid-field", "field": "name", "used": "null"},
            {"path": "$.owner.name", "rule": "wrong-type", "found": "number", "used": "parent"},
            {"path": "$.mood", "rule": "unknown-enum-value", "used": "default"},
            {"path": "$.rating", "rule": "constraint", "constraint": "max", "used": "null"},
            {"path": "$.books[0]", "rule": "invalid-field", "field": "title", "used": "dropped"},
            {"path": "$.books[0].title", "rule": "constraint", "constraint": "non-empty", "used": "parent"},
            {"path": "$.books[1].isRead", "rule": "wrong-type", "found": "number", "used": "default"}])

    def test_overlay(self):
        d = Decoder(self.c)
        res = d.decode_text('{"v":1,"pages":0,"books":[{"id":"a","title":"A"},{"id":"b","title":"B","isRead":true}]}')
        d.apply_overlay({"a": True, "b": "no"})
        self.assertEqual([b["isRead"] for b in res.value["books"]], [True, True])

    def test_encode(self):
        e = Encoder(self.c)
        self.assertEqual(e.encode({"pages": 2, "books": [{"id": "a", "title": "A", "genreColor": "x"}], "rating": None}),
                         '{"v":1,"books":[{"id":"a","title":"A","isRead":false}],"genreColors":{},"pages":2,"mood":"calm"}')
        with self.assertRaises(EncodeRefused) as cm:
            e.encode({"pages": 2, "books": [{"id": "a"}]})
        self.assertEqual(cm.exception.path, "$.books[0].title")


class Unions(unittest.TestCase):
    c = load_contract_text(UNIONS)

    def test_the_docs_examples(self):
        obs = decode(self.c, '{"v":2,"attachments":[{"type":"photo","url":"p.jpg","width":640},'
                             '{"type":"video","url":"v"},{"url":"p.jpg"}]}', dropped=True)
        self.assertEqual(obs["value"]["attachments"], [{"url": "p.jpg", "width": 640, "type": "photo"},
                                                       {"url": "v", "title": None, "type": "link"}])
        self.assertEqual(obs["dropped"], 1)
        self.assertEqual(obs["report"], [
            {"path": "$.attachments[1]", "rule": "unknown-union-tag", "field": "type", "fallback": "link", "used": "fallback"},
            {"path": "$.attachments[2]", "rule": "missing", "field": "type", "used": "dropped"}])

    def test_map_of_unions_explicit_null_and_version_list(self):
        obs = decode(self.c, '{"v":1,"byName":{"a":{"type":"place","latitude":1},"b":{"type":7},"c":{"type":"link","url":"u"}},'
                             '"main":{"type":"photo","url":"x","type":"link"},"note":null}')
        v = obs["value"]
        self.assertEqual(v["byName"], {"c": {"url": "u", "title": None, "type": "link"}})
        self.assertEqual(v["main"], {"url": "x", "title": None, "type": "link"})    # the last tag wins
        self.assertIsNone(v["note"])
        self.assertEqual(obs["report"], [
            {"path": "$.byName[#0]", "rule": "invalid-field", "field": "longitude", "used": "ignored"},
            {"path": "$.byName[#0].longitude", "rule": "missing", "used": "parent"},
            {"path": "$.byName[#1]", "rule": "wrong-type", "found": "number", "field": "type", "used": "ignored"}])
        obs = decode(self.c, '{"v":2,"note":5}')
        self.assertNotIn("note", obs["value"])                                        # invalid → absent
        self.assertEqual(obs["report"], [{"path": "$.note", "rule": "wrong-type", "found": "number", "used": "absent"}])
        self.assertEqual(decode(self.c, '{"v":3}')["status"], "unsupportedVersion")

    def test_encode_union(self):
        e = Encoder(self.c)
        self.assertEqual(e.encode({"attachments": [{"kind": "link", "url": "u"}], "note": None}),
                         '{"v":2,"attachments":[{"type":"link","url":"u"}],"byName":{},"note":null}')
        with self.assertRaises(EncodeRefused) as cm:
            e.encode({"attachments": [{"url": "u"}, {"kind": "video"}]})
        self.assertEqual(cm.exception.path, "$.attachments[0].kind")


NESTED = """
contract: nested
version: {field: v, writes: 1, accepts: [1]}
root: Root
types:
  Root:
    fields:
      count: {type: integer, required: fail-document}
      revision: {type: integer, required: fail-document}
      badges: {type: {map: integer}, default: {}}
      rows: {type: {array: Row}, default: []}
      byKey: {type: {map: Row}, default: {}}
      sync: {type: {enum: [idle, busy]}, default: idle}
      label: {type: string, optional: true}
      colors: {type: {map: string}, default: {}}
  Row:
    fields:
      id: {type: string, required: drop-element}
      a: {type: integer, required: fail-document}
      b: {type: integer, required: fail-document}
      color: {type: string, derived: {lookup: colors, key: id}}
"""

E_ACUTE = "\u00e9"            # precomposed
E_COMB = "e\u0301"            # e + combining acute: canonically equivalent
KELVIN = "\u212a"             # KELVIN SIGN, NFC is "K"


def jtext(obj):
    import json
    return json.dumps(obj)    # ASCII escapes: the blob spells the keys with \\u escapes


class CanonicalMapKeys(unittest.TestCase):
    """semantics.md row 15, schema.md "Arrays and maps of anything", report.md duplicate-key."""
    c = load_contract_text(NESTED)

    def blob(self, **fields):
        d = {"v": 1, "count": 1, "revision": 1}
        d.update(fields)
        return jtext(d)

    def test_equivalent_spellings_are_one_key_the_later_spelling_wins(self):
        for first, later in ((E_ACUTE, E_COMB), (E_COMB, E_ACUTE), ("K", KELVIN), (KELVIN, "K"),
                             ("\u2126", "\u03a9")):      # OHM SIGN / GREEK CAPITAL OMEGA
            text = '{"v":1,"count":1,"revision":1,"badges":{%s:1,%s:2}}' % (jtext(first), jtext(later))
            obs = decode(self.c, text)
            self.assertEqual(obs["value"]["badges"], {later: 2}, (first, later))
            self.assertEqual(obs["report"], [{"path": "$.badges[#0]", "rule": "duplicate-key", "used": "last"}])

    def test_last_wins_even_when_invalid(self):
        text = '{"v":1,"count":1,"revision":1,"badges":{%s:1,%s:"x"}}' % (jtext(E_ACUTE), jtext(E_COMB))
        obs = decode(self.c, text)
        self.assertEqual(obs["value"]["badges"], {})
        self.assertEqual(obs["report"], [
            {"path": "$.badges[#0]", "rule": "duplicate-key", "used": "last"},
            {"path": "$.badges[#1]", "rule": "wrong-type", "found": "string", "used": "ignored"}])

    def test_twins_around_an_exact_repeat_and_distinct_keys(self):
        text = '{"v":1,"count":1,"revision":1,"badges":{%s:1,"a":5,%s:2,%s:3,"A":6}}' % (
            jtext(E_ACUTE), jtext(E_COMB), jtext(E_ACUTE))
        obs = decode(self.c, text)
        self.assertEqual(obs["value"]["badges"], {E_ACUTE: 3, "a": 5, "A": 6})   # no case folding
        self.assertEqual([e["path"] for e in obs["report"]], ["$.badges[#0]", "$.badges[#2]"])

    def test_a_derived_lookup_uses_the_exact_kept_key(self):
        # The map keeps the later spelling only; the lookup compares exactly (row 11).
        text = self.blob(colors={E_ACUTE: "#111", E_COMB: "#222"},
                         rows=[{"id": E_ACUTE, "a": 1, "b": 1}, {"id": E_COMB, "a": 1, "b": 1}])
        obs = decode(self.c, text)
        self.assertEqual([r["color"] for r in obs["value"]["rows"]], [None, "#222"])

    def test_other_strings_stay_exact(self):
        # Enum values and derived keys are not normalised (rows 15, 18).
        obs = decode(self.c, self.blob(sync="b\u00fcsy"))
        self.assertEqual(obs["value"]["sync"], "idle")

    def test_the_writer_refuses_two_equivalent_keys(self):
        e = Encoder(self.c)
        for first, later in ((E_ACUTE, E_COMB), ("K", KELVIN)):
            with self.assertRaises(EncodeRefused) as cm:
                e.encode({"count": 0, "revision": 0, "badges": {first: 1, later: 2}})
            # The path names the later key (FINDINGS F14: the docs do not say which).
            self.assertEqual(cm.exception.path, '$.badges["%s"]' % later)
        self.assertEqual(e.encode({"count": 0, "revision": 0, "badges": {E_ACUTE: 1, "e": 2, "k": 3, "K": 4}}),
                         '{"v":1,"count":0,"revision":0,"badges":{"K":4,"e":2,"k":3,"\u00e9":1},'
                         '"rows":[],"byKey":{},"sync":"idle","colors":{}}')   # UTF-16 key order (row 23)


class WriterMapOrder(unittest.TestCase):
    """semantics.md row 23 and schema.md "Encoding, in every language" / "The canonical document":
    map entries in UTF-16 code-unit order of their keys, whatever order the map keeps; every key
    checked before any value; of two canonically equivalent keys the later in the map's own order
    is refused; otherwise the first bad value in that writing order."""
    c = load_contract_text(NESTED)

    def badges(self, badges):
        return Encoder(self.c).encode({"count": 0, "revision": 0, "badges": badges})

    def refused(self, badges, field="badges"):
        with self.assertRaises(EncodeRefused) as cm:
            Encoder(self.c).encode({"count": 0, "revision": 0, field: badges})
        return cm.exception.path

    def written(self, badges):
        text = self.badges(badges)
        head = '{"v":1,"count":0,"revision":0,"badges":'
        tail = ',"rows":[],"byKey":{},"sync":"idle","colors":{}}'
        self.assertTrue(text.startswith(head) and text.endswith(tail), text)
        return text[len(head):-len(tail)]

    def test_the_docs_example(self):
        # schema.md: {b: 1, "10": 2, "2": 3} is written {"10":2,"2":3,"b":1}, not JS own-key order.
        self.assertEqual(self.written({"b": 1, "10": 2, "2": 3}), '{"10":2,"2":3,"b":1}')

    def test_whatever_order_the_map_keeps(self):
        for given in ({"b": 1, "a": 2, "B": 3}, {"B": 3, "b": 1, "a": 2}, {"a": 2, "B": 3, "b": 1}):
            self.assertEqual(self.written(given), '{"B":3,"a":2,"b":1}')

    def test_utf16_code_units_not_code_points(self):
        # schema.md: "😀" (D83D DE00) sorts before "ｚ" (FF5A); code-point order would differ.
        self.assertEqual(self.written({"\uff5a": 1, "\U0001F600": 2, "\u00e9": 3, "z": 4}),
                         '{"z":4,"\u00e9":3,"\U0001F600":2,"\uff5a":1}')

    def test_array_index_keys_are_strings_like_the_others(self):
        self.assertEqual(self.written({"10": 1, "9": 2, "1": 3, "01": 4, "": 5}),
                         '{"":5,"01":4,"1":3,"10":1,"9":2}')

    def test_the_first_bad_value_in_writing_order_is_refused(self):
        # b is given first but "a" < "b": the entry written first is refused first.
        self.assertEqual(self.refused({"b": "x", "a": 2 ** 53}), '$.badges["a"]')
        self.assertEqual(self.refused({"b": 1.5, "10": True, "2": "x"}), '$.badges["10"]')
        self.assertEqual(self.refused({"\uff5a": "x", "\U0001F600": "y"}), '$.badges["\U0001F600"]')
        rows = {"z": {"id": "z", "a": 1, "b": 1}, "m": {"id": "m", "a": "x", "b": 1}, "y": {"id": "y"}}
        self.assertEqual(self.refused(rows, field="byKey"), '$.byKey["m"].a')

    def test_equivalent_keys_refused_at_the_later_in_the_maps_own_order(self):
        # The later key in the map's own order, not the later in UTF-16 order.
        self.assertEqual(self.refused({E_COMB: 1, E_ACUTE: 2}), '$.badges["%s"]' % E_ACUTE)
        self.assertEqual(self.refused({E_ACUTE: 1, E_COMB: 2}), '$.badges["%s"]' % E_COMB)
        self.assertEqual(self.refused({KELVIN: 1, "K": 2}), '$.badges["K"]')

    def test_keys_are_checked_before_any_value(self):
        # "a" holds a bad value and is written first, but the key collision is refused first.
        self.assertEqual(self.refused({"a": "x", E_ACUTE: 1, E_COMB: 2}), '$.badges["%s"]' % E_COMB)
        self.assertEqual(self.refused({"a": "x", "\ud800": 1}), '$.badges["\\ud800"]')

    def test_of_several_refused_keys_the_first_in_writing_order(self):
        # The model's reading (FINDINGS F16, README C21): "the first such value in that writing
        # order" applied to the key checks. Own order would name KELVIN; UTF-16 order names E_COMB.
        self.assertEqual(self.refused({"K": 1, KELVIN: 2, E_ACUTE: 3, E_COMB: 4}), '$.badges["%s"]' % E_COMB)
        self.assertEqual(self.refused({"z\ud800": 1, E_ACUTE: 2, E_COMB: 3}), '$.badges["%s"]' % E_COMB)


class WriterNull(unittest.TestCase):
    """schema.md, the writer: null is a left-out value."""
    c = load_contract_text(NESTED)

    def test_null_defaulted_fields_write_their_defaults(self):
        e = Encoder(self.c)
        self.assertEqual(e.encode({"count": 1, "revision": 2, "sync": None, "badges": None, "rows": None,
                                   "label": None}),
                         '{"v":1,"count":1,"revision":2,"badges":{},"rows":[],"byKey":{},"sync":"idle","colors":{}}')
        self.assertEqual(e.encode({"count": 1, "revision": 2, "rows": [{"id": "r", "a": 1, "b": 2}]}),
                         '{"v":1,"count":1,"revision":2,"badges":{},"rows":[{"id":"r","a":1,"b":2}],'
                         '"byKey":{},"sync":"idle","colors":{}}')

    def test_null_required_field_is_refused_as_a_missing_one(self):
        e = Encoder(self.c)
        for given in ({"count": None, "revision": 2}, {"revision": 2}):
            with self.assertRaises(EncodeRefused) as cm:
                e.encode(given)
            self.assertEqual(cm.exception.path, "$.count")


class FirstFailingFailDocumentField(unittest.TestCase):
    """report.md "An invalid document", schema.md `required: fail-document`, semantics.md row 22."""
    c = load_contract_text(NESTED)

    def test_the_docs_examples(self):
        self.assertEqual(decode(self.c, '{"v":1,"revision":1,"sync":"x"}')["report"],
                         [{"path": "$.count", "rule": "missing", "used": "document"}])
        obs = decode(self.c, '{"v":1,"sync":1}')
        self.assertEqual(obs["status"], "invalid")
        self.assertEqual(obs["report"], [{"path": "$.count", "rule": "missing", "used": "document"}])
        self.assertEqual(decode(self.c, '{"v":1,"count":1,"count":"x","revision":1}')["report"],
                         [{"path": "$.count", "rule": "wrong-type", "found": "string", "used": "document"}])

    def test_first_in_declaration_order_not_text_order(self):
        obs = decode(self.c, '{"v":1,"revision":"r","count":"c"}')
        self.assertEqual(obs["report"], [{"path": "$.count", "rule": "wrong-type", "found": "string", "used": "document"}])

    def test_each_object_reports_its_own_first_failing_field(self):
        obs = decode(self.c, '{"v":1,"rows":[{"id":"r"},{"a":1,"b":"x"},{"id":"s","a":1,"b":2}]}')
        self.assertEqual(obs["status"], "invalid")
        self.assertEqual(obs["report"], [
            {"path": "$.rows[0].a", "rule": "missing", "used": "document"},
            {"path": "$.rows[1].b", "rule": "wrong-type", "found": "string", "used": "document"},
            {"path": "$.count", "rule": "missing", "used": "document"}])

    def test_an_invalid_key_member_is_still_read(self):
        obs = decode(self.c, '{"v":1,"count":1,"revision":1,"byKey":{"\\ud800":{"id":"x","a":1}}}')
        self.assertEqual(obs["status"], "invalid")
        self.assertEqual(obs["report"], [{"path": "$.byKey[#0].b", "rule": "missing", "used": "document"}])
        obs = decode(self.c, '{"v":1,"count":1,"revision":1,"byKey":{"\\ud800":{"id":"x","a":1,"b":2}}}')
        self.assertEqual(obs["status"], "ok")
        self.assertEqual(obs["report"], [{"path": "$.byKey[#0]", "rule": "invalid-key", "used": "ignored"}])


if __name__ == "__main__":
    unittest.main()
