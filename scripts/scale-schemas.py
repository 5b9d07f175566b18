#!/usr/bin/env python3
"""Writes large synthetic schemas for timing emit/check/golden emission (docs/scaling.md).

usage: scale-schemas.py OUTDIR [--fields N] [--nested N] [--enum N] [--required N] [--chain N] [--unions N]
  wide.yaml     N fields of mixed kinds (mostly optional/defaulted), in types of 200 under the root
  required.yaml one type with N required (fail-document) fields
  nested.yaml   N object types, each holding the next (a chain N deep) plus a few scalars
  enums.yaml    one enum field with N values
  chain.yaml    N object types in a chain (refused past 511: the time is the validator's)
  unions.yaml   N object types chained through one-variant unions (for the Swift build time)
"""
import os
import sys


def header(name, root):
    return (f"contract: {name}\ndoc: Synthetic scale test.\nstorage-key: {name.replace('-', '_')}\n"
            f"targets:\n  swift: {{namespace: {camel(name)}}}\n"
            f"  kotlin: {{package: dev.scale.{name.replace('-', '')}, object: {camel(name)}}}\n"
            f"  typescript: {{module: {name}}}\n"
            "version:\n  field: v\n  writes: 1\n  accepts: [1]\n  doc: Version 1.\n"
            f"root: {root}\ntypes:\n")


def camel(name):
    return "".join(part.capitalize() for part in name.split("-"))


KINDS = [
    ("string", "optional: true"),
    ("integer\n        min: 0\n        max: 1000", "default: 0"),
    ("bool", "default: false"),
    ("number", "optional: true"),
    ("localDate", "optional: true"),
    ("epochMillis", "optional: true"),
    ("{array: string}", "default: []"),
    ("{map: integer}", "default: {}"),
]


# Fields per type in wide.yaml: Kotlin declares a type as one constructor, and the JVM takes at
# most 255 parameter slots (docs/scaling.md), so N fields are spread over types of 200.
GROUP = 200


def wide(n):
    groups = (n + GROUP - 1) // GROUP
    out = [header("scale-wide", "Wide"), "  Wide:\n    doc: Many fields, in groups.\n    fields:\n"]
    for g in range(groups):
        out.append(f"      g{g}:\n        type: G{g}\n        optional: true\n        doc: Group {g}.\n")
    for g in range(groups):
        out.append(f"  G{g}:\n    doc: Group {g}.\n    fields:\n")
        for i in range(g * GROUP, min(n, (g + 1) * GROUP)):
            kind, presence = KINDS[i % len(KINDS)]
            if i % 50 == 7:
                presence = "required: fail-document"
            out.append(f"      f{i}:\n        type: {kind}\n        {presence}\n        doc: Field {i}.\n")
    return "".join(out) + "observation:\n  style: wrapped\n"


def chain(n):
    """n object types, each holding the next: past 511 it is refused (the 512-level limit)."""
    out = [header("scale-chain", "C0")]
    for i in range(n):
        out.append(f"  C{i}:\n    doc: Level {i}.\n    fields:\n      c:\n        type: integer\n        default: 0\n        doc: Count.\n")
        if i + 1 < n:
            out.append(f"      next:\n        type: C{i + 1}\n        optional: true\n        doc: Next level.\n")
        else:
            out.append("      leaf:\n        type: {array: string}\n        default: []\n        doc: Leaf.\n")
    return "".join(out) + "observation:\n  style: wrapped\n"


def unions(n):
    """n object types, each reaching the next through a one-variant tagged union."""
    out = [header("scale-unions", "T0")]
    for i in range(n):
        out.append(f"  T{i}:\n    doc: Level {i}.\n    fields:\n      c:\n        type: integer\n        default: 0\n        doc: Count.\n")
        if i + 1 < n:
            out.append(f"      next:\n        type: U{i}\n        optional: true\n        doc: Next level.\n")
            out.append(f"  U{i}:\n    doc: Choice {i}.\n    union: {{tag: kind, variants: {{n: T{i + 1}}}}}\n")
        else:
            out.append("      leaf:\n        type: {array: string}\n        default: []\n        doc: Leaf.\n")
    return "".join(out) + "observation:\n  style: wrapped\n"


def required(n):
    out = [header("scale-required", "Req"), "  Req:\n    doc: Many required fields.\n    fields:\n"]
    for i in range(n):
        out.append(f"      r{i}:\n        type: integer\n        required: fail-document\n        doc: Field {i}.\n")
    return "".join(out) + "observation:\n  style: wrapped\n"


def nested(n):
    out = [header("scale-nested", "N0")]
    for i in range(n):
        out.append(f"  N{i}:\n    doc: Level {i}.\n    fields:\n")
        policy = "fail-document" if i == 0 else "drop-element"
        out.append(f"      name:\n        type: string\n        required: {policy}\n        doc: Name.\n")
        out.append("      count:\n        type: integer\n        default: 0\n        doc: Count.\n")
        if i + 1 < n:
            # Mostly plain objects (one level each), every 10th an array, every 10th+5 a map: 400
            # types nest 480 levels, within the 512-level limit.
            shape = 1 if i % 10 == 9 else 2 if i % 10 == 4 else 0
            kind = ["N%d" % (i + 1), "{array: N%d}" % (i + 1), "{map: N%d}" % (i + 1)][shape]
            presence = ["optional: true", "default: []", "default: {}"][shape]
            out.append(f"      next:\n        type: {kind}\n        {presence}\n        doc: Next level.\n")
    return "".join(out) + "observation:\n  style: wrapped\n"


def enums(n):
    values = ", ".join(f"v{i}" for i in range(n))
    # The field is not named `e`: its enum type would be `E`, the type's own name (refused).
    return (header("scale-enums", "E") + "  E:\n    doc: One big enum.\n    fields:\n"
            f"      choice:\n        type: {{enum: [{values}]}}\n        default: v0\n        doc: The enum.\n"
            "observation:\n  style: wrapped\n")


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    outdir = args[0]
    opts = {"--fields": 10000, "--nested": 400, "--enum": 5000, "--required": 2000, "--chain": 3000, "--unions": 100}
    rest = args[1:]
    while rest:
        opts[rest[0]] = int(rest[1])
        rest = rest[2:]
    os.makedirs(outdir, exist_ok=True)
    for name, text in [("wide", wide(opts["--fields"])), ("required", required(opts["--required"])),
                       ("nested", nested(opts["--nested"])), ("enums", enums(opts["--enum"])),
                       ("chain", chain(opts["--chain"])), ("unions", unions(opts["--unions"]))]:
        with open(os.path.join(outdir, name + ".yaml"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
