#!/usr/bin/env python3
"""A testee for `contract-gen conform`: an independent reference model of contract-gen's
documented rules (see README.md in this directory).

    python3 reference-model/testee.py --schemas schema

Protocol (docs/conformance.md, "The testee protocol"): one JSON request per line on stdin, one
JSON response line per request on stdout ({"ok": …}, {"error": …} or {"skipped": …}), flushed.
A request line is read up to LF (a CR right before it is dropped), decoded as UTF-8 with one
U+FFFD per maximal ill-formed subsequence. Empty lines are no requests.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.setrecursionlimit(20000)

from refmodel.schema import load_contract, SchemaError          # noqa: E402
from refmodel.decoder import Decoder, observation, utf8_stop_offset, DecodeResult   # noqa: E402
from refmodel.encoder import Encoder, EncodeRefused             # noqa: E402
from refmodel import calendar as cal                            # noqa: E402
from refmodel import queue as dq                                # noqa: E402
from refmodel.strictjson import dumps_ascii, parse, to_value_tree, to_input_value, JSONSyntaxError   # noqa: E402

SAFE_MAX = 9007199254740991
_HEX_TEXT = re.compile(r"[0-9a-fA-F]*")


class RequestError(Exception):
    pass


# ------------------------------------------------------------------ given validation

def _is_integer(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return -SAFE_MAX <= v <= SAFE_MAX
    if isinstance(v, float):
        return v == v and v not in (float("inf"), float("-inf")) and v == int(v) and -SAFE_MAX <= v <= SAFE_MAX
    return False


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


CHECKS = {
    "string": lambda v: isinstance(v, str),
    "boolean?": lambda v: v is None or isinstance(v, bool),   # absent handled separately; null is not allowed
    "bool": lambda v: isinstance(v, bool),
    "integer": _is_integer,
    "number": _is_number,
    "string-or-null": lambda v: v is None or isinstance(v, str),
    "object-or-null": lambda v: v is None or isinstance(v, dict),
    "any": lambda v: True,
}

# op -> {key: (type, required)}
OPS = {
    "decode": {"blob": ("string", True), "pending": ("object-or-null", False),
               "report": ("bool", False), "bytes": ("bool", False), "lexed": ("bool", False),
               "dropped": ("bool", False)},
    "decodeBytes": {"hex": ("string", True), "report": ("bool", False), "dropped": ("bool", False)},
    "stale": {"blob": ("string", True), "now": ("integer", True)},
    "header": {"blob": ("string", True), "now": ("integer", True), "timeZone": ("string", True)},
    "dayStart": {"dayStr": ("string", True), "timeZone": ("string", True)},
    "validUntil": {"dayStr": ("string", True), "startOfNextDayDiffMs": ("number", True),
                   "timeZone": ("string", True)},
    "queue.set": {"queue": ("string-or-null", False), "taskId": ("string", True), "isDone": ("bool", True)},
    "queue.peek": {"queue": ("string-or-null", False)},
    "queue.drain": {"queue": ("string-or-null", False), "tasks": ("object-or-null", False)},
    "timeline": {"blob": ("string", True), "now": ("integer", True), "timeZone": ("string", True)},
    "encode": {"input": ("any", True), "inputJson": ("string-or-null", False)},
    "civilFromDays": {"days": ("integer", True)},
    "versions": {},
}

OP_BEHAVIOUR = {
    "stale": "staleness", "header": "header", "dayStart": "header", "validUntil": "valid-until",
    "queue.set": "done-queue", "queue.peek": "done-queue", "queue.drain": "done-queue",
    "timeline": "timeline",
}


def check_given(contract, op, given):
    spec = dict(OPS[op])
    if op == "decode" and "overlay" not in contract.behaviours:
        del spec["pending"]
    for k in given:
        if k not in spec:
            raise RequestError("op %s does not take the given key %r" % (op, k))
    for k, (typ, required) in spec.items():
        if k not in given:
            if required:
                raise RequestError("op %s needs the given key %r" % (op, k))
            continue
        if not CHECKS[typ](given[k]):
            raise RequestError("given key %r of op %s has the wrong JSON type" % (k, op))


# ------------------------------------------------------------------ the model

class Model(object):
    def __init__(self, schema_dir):
        self.contracts = {}
        self.broken = {}
        for name in sorted(os.listdir(schema_dir)):
            if not name.endswith(".yaml"):
                continue
            path = os.path.join(schema_dir, name)
            try:
                c = load_contract(path)
            except (SchemaError, Exception) as e:   # a schema the model cannot read
                self.broken[name] = "%s: %s" % (name, e)
                sys.stderr.write("schema %s not loaded: %s\n" % (name, e))
                continue
            if c.name in self.contracts:
                self.broken[name] = "duplicate contract name %r" % c.name
                continue
            self.contracts[c.name] = (c, Decoder(c), Encoder(c))

    def serve(self, req):
        if not isinstance(req, dict):
            raise RequestError("a request is a JSON object")
        for k in req:
            if k not in ("contract", "op", "given"):
                raise RequestError("unknown request key %r" % k)
        cname = req.get("contract")
        op = req.get("op")
        given = req.get("given")
        if not isinstance(cname, str) or not isinstance(op, str):
            raise RequestError("contract and op must be strings")
        entry = self.contracts.get(cname)
        if entry is None:
            raise RequestError("unknown contract %r" % cname)
        c, decoder, encoder = entry
        if op not in OPS:
            raise RequestError("unknown op %r for %s" % (op, cname))
        beh = OP_BEHAVIOUR.get(op)
        if beh is not None and beh not in c.behaviours:
            raise RequestError("op %r is not served by %s (no %s behaviour)" % (op, cname, beh))
        if not isinstance(given, dict):
            raise RequestError("given must be a JSON object")
        check_given(c, op, given)
        return getattr(self, "op_" + op.replace(".", "_"))(c, decoder, encoder, given)

    # -- decode
    def _observe(self, c, decoder, res, given):
        if res.status == "ok" and given.get("pending") is not None:
            decoder.apply_overlay(given["pending"])
        return observation(c, res, given.get("report") is True, given.get("dropped") is True)

    def op_decode(self, c, decoder, encoder, given):
        res = decoder.decode_text(given["blob"])
        return self._observe(c, decoder, res, given)

    def op_decodeBytes(self, c, decoder, encoder, given):
        hx = given["hex"]
        if len(hx) % 2 or _HEX_TEXT.fullmatch(hx) is None:
            raise RequestError("hex must be pairs of hex digits")
        data = bytes.fromhex(hx)
        stop = utf8_stop_offset(data)
        if stop is not None:
            res = DecodeResult("malformed", entries=[{"path": "$", "rule": "malformed", "used": "document",
                                                      "offset": stop, "expected": "utf-8"}])
        else:
            res = decoder.decode_text(data.decode("utf-8"))
        return self._observe(c, decoder, res, given)

    # -- behaviours
    def _stale(self, c, decoder, blob, now):
        res = decoder.decode_text(blob)
        field = c.behaviours["staleness"]["field"]
        if res.status != "ok":
            return res, None, False
        at = res.value.get(field.json)
        return res, at, (at is not None and now >= at)

    def _header(self, c, res, stale, zone):
        if not stale:
            return {"kind": "today"}
        day = res.value.get(c.behaviours["header"]["day"].json)
        ms = cal.day_start_ms(day, zone) if day is not None else None
        return {"kind": "outdated", "dayMs": ms}

    def op_stale(self, c, decoder, encoder, given):
        return self._stale(c, decoder, given["blob"], int(given["now"]))[2]

    def op_header(self, c, decoder, encoder, given):
        res, at, stale = self._stale(c, decoder, given["blob"], int(given["now"]))
        return self._header(c, res, stale, given["timeZone"])

    def op_dayStart(self, c, decoder, encoder, given):
        return cal.day_start_ms(given["dayStr"], given["timeZone"])

    def op_validUntil(self, c, decoder, encoder, given):
        return cal.valid_until_ms(given["dayStr"], given["startOfNextDayDiffMs"], given["timeZone"])

    def op_timeline(self, c, decoder, encoder, given):
        now = int(given["now"])
        zone = given["timeZone"]
        res, at, stale_now = self._stale(c, decoder, given["blob"], now)
        entries = [{"at": now, "header": self._header(c, res, stale_now, zone)}]
        reload_at = None
        if res.status == "ok" and at is not None and now < at:
            entries.append({"at": at, "header": self._header(c, res, True, zone)})
            reload_at = at
        return {"entries": entries, "reloadAt": reload_at}

    def op_queue_set(self, c, decoder, encoder, given):
        text = dq.queue_set(given.get("queue"), given["taskId"], given["isDone"])
        return to_value_tree(parse(text, root_object=False))

    def op_queue_peek(self, c, decoder, encoder, given):
        return dq.queue_peek(given.get("queue"))

    def op_queue_drain(self, c, decoder, encoder, given):
        tasks = given.get("tasks")
        current = {}
        if tasks:
            for k, v in tasks.items():
                if v is True or v is False:
                    current[k] = v
        return dq.queue_drain(given.get("queue"), current)

    # -- always
    def op_encode(self, c, decoder, encoder, given):
        # `inputJson` (docs/conformance.md, op table and "encode"): when a string, the value to
        # write is that JSON text read by the model's own reader, which keeps a string (or key)
        # holding an unpaired surrogate, and `input` is ignored.
        text = given.get("inputJson")
        if isinstance(text, str):
            try:
                value = to_input_value(parse(text, root_object=False))
            except JSONSyntaxError as e:
                raise RequestError("inputJson is not one JSON text: %s" % (e,))
        else:
            value = given["input"]
        try:
            return {"text": encoder.encode(value)}
        except EncodeRefused as e:
            return {"refused": e.path}

    def op_civilFromDays(self, c, decoder, encoder, given):
        return cal.civil_from_days_op(int(given["days"]))

    def op_versions(self, c, decoder, encoder, given):
        return {"accepts": list(c.accepts), "writes": c.writes}


def _reject_constant(name):
    raise ValueError("not JSON: %s" % name)


def read_request(text):
    return json.loads(text, parse_constant=_reject_constant)


def main(argv):
    schema_dir = "schema"
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--schemas" and args:
            schema_dir = args.pop(0)
        else:
            sys.stderr.write("usage: testee.py --schemas DIR\n")
            return 2
    model = Model(schema_dir)
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    while True:
        raw = stdin.readline()
        if not raw:
            break
        if raw.endswith(b"\n"):
            raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
        if not raw:
            continue
        line = raw.decode("utf-8", "replace")
        try:
            req = read_request(line)
            reply = {"ok": model.serve(req)}
        except RequestError as e:
            reply = {"error": str(e)}
        except RecursionError:
            reply = {"error": "request nested too deeply"}
        except Exception as e:   # never crash: answer an error line
            reply = {"error": "%s: %s" % (type(e).__name__, e)}
        try:
            out = dumps_ascii(reply)
        except Exception as e:
            out = dumps_ascii({"error": "cannot write the answer: %s" % e})
        stdout.write(out + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
