"""The schema language of docs/schema.md, read from YAML into a small model.

YAML is composed into nodes (``yaml.compose``) and every scalar is interpreted here by where it
stands, so that YAML 1.1 spellings (``yes``, ``on``, …) never turn an enum value or a key into a
boolean behind the model's back. Only what the readers need is checked; the full validator is
``contract-gen check``'s job, but a schema this model cannot understand raises ``SchemaError``.
"""

import re

import yaml


class SchemaError(Exception):
    pass


class Scalar(object):
    __slots__ = ("text", "plain", "line")

    def __init__(self, text, plain, line):
        self.text = text
        self.plain = plain
        self.line = line

    def __repr__(self):
        return "Scalar(%r)" % (self.text,)


def _convert(node):
    if isinstance(node, yaml.MappingNode):
        out = {}
        for k, v in node.value:
            key = _convert(k)
            if not isinstance(key, Scalar):
                raise SchemaError("line %d: a mapping key must be a scalar" % (k.start_mark.line + 1))
            if key.text in out:
                raise SchemaError("line %d: duplicate key %r" % (k.start_mark.line + 1, key.text))
            out[key.text] = _convert(v)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(x) for x in node.value]
    if isinstance(node, yaml.ScalarNode):
        return Scalar(node.value, node.style is None, node.start_mark.line + 1)
    raise SchemaError("unsupported YAML node %r" % (node,))


_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")


def s_text(x, what):
    if not isinstance(x, Scalar):
        raise SchemaError("%s: expected text" % what)
    return x.text


def s_bool(x, what):
    if isinstance(x, Scalar) and x.plain and x.text in ("true", "True", "TRUE"):
        return True
    if isinstance(x, Scalar) and x.plain and x.text in ("false", "False", "FALSE"):
        return False
    raise SchemaError("%s: expected true or false" % what)


def s_int(x, what):
    if isinstance(x, Scalar) and x.plain and _INT.fullmatch(x.text):
        return int(x.text)
    raise SchemaError("%s: expected an integer" % what)


def s_number(x, what):
    if isinstance(x, Scalar) and x.plain:
        if _INT.fullmatch(x.text):
            return int(x.text)
        if _FLOAT.fullmatch(x.text):
            return float(x.text)
    raise SchemaError("%s: expected a number" % what)


def s_map(x, what):
    if not isinstance(x, dict):
        raise SchemaError("%s: expected a mapping" % what)
    return x


def s_list(x, what):
    if not isinstance(x, list):
        raise SchemaError("%s: expected a list" % what)
    return x


SCALAR_KINDS = ("string", "bool", "integer", "number", "localDate", "epochMillis", "dateTime")
STRINGLIKE = ("string", "localDate", "dateTime", "enum")


class TypeRef(object):
    """A field type: kind is a scalar kind, 'enum', 'array', 'map', 'object' or 'union'."""
    __slots__ = ("kind", "values", "value_set", "unknown", "elem", "name", "target")

    def __init__(self, kind):
        self.kind = kind
        self.values = None
        self.value_set = None
        self.unknown = None
        self.elem = None
        self.name = None
        self.target = None   # ObjectType or UnionType, resolved after all types are read

    def describe(self):
        if self.kind == "enum":
            return "{enum: %s}" % self.values
        if self.kind in ("array", "map"):
            return "{%s: %s}" % (self.kind, self.elem.describe())
        if self.kind in ("object", "union"):
            return self.name
        return self.kind


CONSTRAINT_ORDER = ("non-empty", "min", "max", "min-length", "max-length", "min-items", "max-items")


class Field(object):
    __slots__ = ("name", "json", "type", "policy", "default", "explicit_null", "constraints",
                 "derived_lookup", "derived_key", "deprecated", "owner")

    def __init__(self, name):
        self.name = name
        self.json = name
        self.type = None
        self.policy = None        # 'optional' | 'default' | 'drop-element' | 'fail-document' | None (derived)
        self.default = None
        self.explicit_null = False
        self.constraints = []     # [(name, value)] in CONSTRAINT_ORDER
        self.derived_lookup = None
        self.derived_key = None
        self.deprecated = None
        self.owner = None

    @property
    def derived(self):
        return self.derived_lookup is not None

    @property
    def required(self):
        return self.policy in ("drop-element", "fail-document")


class ObjectType(object):
    def __init__(self, name):
        self.name = name
        self.fields = []
        self.by_key = {}
        self.by_name = {}
        self.stored = []
        self.derived = []
        self.reserved = []


class UnionType(object):
    def __init__(self, name):
        self.name = name
        self.tag = None
        self.tag_json = None
        self.variants = {}      # tag -> ObjectType, in schema order
        self.unknown = None


class Contract(object):
    def __init__(self):
        self.name = None
        self.version_field = None
        self.writes = None
        self.accepts = []
        self.root = None
        self.types = {}
        self.behaviours = {}
        self.observation_style = "wrapped"
        self.observation_omit = []
        self.observation_dropped = False
        self.storage_key = None


def _parse_type(x, where):
    if isinstance(x, Scalar):
        t = x.text
        if t in SCALAR_KINDS:
            return TypeRef(t)
        ref = TypeRef("object")   # object or union, resolved later
        ref.name = t
        return ref
    m = s_map(x, where + ".type")
    if "enum" in m:
        for k in m:
            if k not in ("enum", "unknown"):
                raise SchemaError("%s: unknown key %r in an enum type" % (where, k))
        ref = TypeRef("enum")
        ref.values = [s_text(v, where + ".enum") for v in s_list(m["enum"], where + ".enum")]
        if not ref.values:
            raise SchemaError("%s: an enum needs values" % where)
        if len(set(ref.values)) != len(ref.values):
            raise SchemaError("%s: enum values must be unique" % where)
        ref.value_set = frozenset(ref.values)
        if "unknown" in m:
            ref.unknown = s_text(m["unknown"], where + ".unknown")
            if ref.unknown not in ref.value_set:
                raise SchemaError("%s: 'unknown: %s' must be one of the enum values" % (where, ref.unknown))
        return ref
    if len(m) != 1:
        raise SchemaError("%s: a type mapping has exactly one of enum, array, map" % where)
    (k, v), = m.items()
    if k in ("array", "map"):
        ref = TypeRef(k)
        ref.elem = _parse_type(v, where + "." + k)
        return ref
    raise SchemaError("%s: unknown type key %r" % (where, k))


_FIELD_KEYS = {"type", "json", "doc", "required", "optional", "default", "non-empty", "min", "max",
               "min-length", "max-length", "min-items", "max-items", "derived", "deprecated",
               "explicit-null"}


def _parse_field(name, x, where):
    m = s_map(x, where)
    for k in m:
        if k not in _FIELD_KEYS:
            raise SchemaError("%s: unknown key %r" % (where, k))
    f = Field(name)
    if "type" not in m:
        raise SchemaError("%s: 'type' is required" % where)
    f.type = _parse_type(m["type"], where)
    if "json" in m:
        f.json = s_text(m["json"], where + ".json")
    if "deprecated" in m:
        f.deprecated = s_text(m["deprecated"], where + ".deprecated")
    presence = [k for k in ("required", "optional", "default") if k in m]
    if "derived" in m:
        d = s_map(m["derived"], where + ".derived")
        f.derived_lookup = s_text(d.get("lookup"), where + ".derived.lookup")
        f.derived_key = s_text(d.get("key"), where + ".derived.key")
        if presence:
            raise SchemaError("%s: a derived field takes no presence policy" % where)
    else:
        if len(presence) != 1:
            raise SchemaError("%s: needs exactly one of required, optional, default" % where)
        p = presence[0]
        if p == "required":
            v = s_text(m["required"], where + ".required")
            if v not in ("drop-element", "fail-document"):
                raise SchemaError("%s: required is drop-element or fail-document" % where)
            f.policy = v
        elif p == "optional":
            if not s_bool(m["optional"], where + ".optional"):
                raise SchemaError("%s: 'optional: false' is an error" % where)
            f.policy = "optional"
        else:
            f.policy = "default"
            f.default = m["default"]     # interpreted once types are resolved
    if "explicit-null" in m:
        f.explicit_null = s_bool(m["explicit-null"], where + ".explicit-null")
        if f.explicit_null and f.policy != "optional":
            raise SchemaError("%s: explicit-null needs optional: true" % where)
    cons = {}
    for c in CONSTRAINT_ORDER:
        if c in m:
            if c == "non-empty":
                cons[c] = s_bool(m[c], where + "." + c)
            elif c in ("min", "max"):
                cons[c] = s_number(m[c], where + "." + c)
            else:
                cons[c] = s_int(m[c], where + "." + c)
    f.constraints = [(c, cons[c]) for c in CONSTRAINT_ORDER if c in cons and not (c == "non-empty" and cons[c] is False)]
    return f


def _default_value(f, where):
    """The default as the observation (and the writer) holds it."""
    x = f.default
    k = f.type.kind
    if k == "array":
        if isinstance(x, list) and not x:
            return []
        raise SchemaError("%s: an array's default is []" % where)
    if k == "map":
        if isinstance(x, dict) and not x:
            return {}
        raise SchemaError("%s: a map's default is {}" % where)
    if k == "bool":
        return s_bool(x, where)
    if k == "integer":
        return s_int(x, where)
    if k == "number":
        v = s_number(x, where)
        return v
    if k == "string":
        return s_text(x, where)
    if k == "enum":
        v = s_text(x, where)
        if v not in f.type.value_set:
            raise SchemaError("%s: an enum's default must be one of its values" % where)
        return v
    raise SchemaError("%s: a %s field takes no default" % (where, k))


def _resolve(ref, types, where):
    if ref.kind in ("array", "map"):
        _resolve(ref.elem, types, where)
    elif ref.kind == "object":
        t = types.get(ref.name)
        if t is None:
            raise SchemaError("%s: unknown type %r" % (where, ref.name))
        ref.target = t
        if isinstance(t, UnionType):
            ref.kind = "union"


def load_contract(path):
    with open(path, "rb") as fh:
        raw = fh.read()
    return load_contract_text(raw.decode("utf-8"))


def load_contract_text(text):
    doc = _convert(yaml.compose(text, Loader=yaml.SafeLoader))
    top = s_map(doc, "schema")
    for k in top:
        if k not in ("contract", "doc", "storage-key", "targets", "version", "root", "types",
                     "behaviours", "observation"):
            raise SchemaError("unknown top-level key %r" % k)
    c = Contract()
    c.name = s_text(top.get("contract"), "contract")
    if "storage-key" in top:
        c.storage_key = s_text(top["storage-key"], "storage-key")
    ver = s_map(top.get("version"), "version")
    c.version_field = s_text(ver.get("field"), "version.field")
    c.writes = s_int(ver.get("writes"), "version.writes")
    c.accepts = [s_int(v, "version.accepts") for v in s_list(ver.get("accepts"), "version.accepts")]
    if not c.accepts or c.writes not in c.accepts:
        raise SchemaError("version.accepts must be non-empty and contain writes")
    types_map = s_map(top.get("types"), "types")
    for tname, tdef in types_map.items():
        td = s_map(tdef, "types." + tname)
        if "union" in td:
            u = UnionType(tname)
            ud = s_map(td["union"], "types.%s.union" % tname)
            u.tag = s_text(ud.get("tag"), "union.tag")
            u.tag_json = s_text(ud["tag-json"], "union.tag-json") if "tag-json" in ud else u.tag
            variants = s_map(ud.get("variants"), "union.variants")
            u._variant_names = [(tag, s_text(v, "union.variants." + tag)) for tag, v in variants.items()]
            if "unknown" in ud:
                u.unknown = s_text(ud["unknown"], "union.unknown")
                if u.unknown not in variants:
                    raise SchemaError("types.%s: union unknown must be one of the tags" % tname)
            c.types[tname] = u
        else:
            o = ObjectType(tname)
            fields = s_map(td.get("fields"), "types.%s.fields" % tname)
            for fname, fdef in fields.items():
                f = _parse_field(fname, fdef, "field '%s.%s'" % (tname, fname))
                f.owner = o
                o.fields.append(f)
                o.by_name[fname] = f
                if f.derived:
                    o.derived.append(f)
                else:
                    if f.json in o.by_key:
                        raise SchemaError("two fields of %s read the key %r" % (tname, f.json))
                    o.by_key[f.json] = f
                    o.stored.append(f)
            if "reserved" in td:
                o.reserved = [s_text(r, "reserved") for r in s_list(td["reserved"], "reserved")]
            c.types[tname] = o
    for t in c.types.values():
        if isinstance(t, UnionType):
            for tag, vname in t._variant_names:
                vt = c.types.get(vname)
                if not isinstance(vt, ObjectType):
                    raise SchemaError("union %s: variant %r must name an object type" % (t.name, vname))
                t.variants[tag] = vt
        else:
            for f in t.fields:
                where = "field '%s.%s'" % (t.name, f.name)
                _resolve(f.type, c.types, where)
                if f.policy == "default":
                    f.default = _default_value(f, where)
    root_name = s_text(top.get("root"), "root")
    c.root = c.types.get(root_name)
    if not isinstance(c.root, ObjectType):
        raise SchemaError("root must name an object type")
    if c.version_field in c.root.by_key:
        raise SchemaError("the version key is not a field of the root type")
    for t in c.types.values():
        if isinstance(t, ObjectType):
            for f in t.derived:
                lookup = c.root.by_name.get(f.derived_lookup)
                key = t.by_name.get(f.derived_key)
                if lookup is None or lookup.type.kind != "map":
                    raise SchemaError("derived %s.%s: lookup must name a map field of the root" % (t.name, f.name))
                if key is None or key.type.kind != "string" or key.derived:
                    raise SchemaError("derived %s.%s: key must name a stored string field" % (t.name, f.name))
                f.derived_lookup = lookup
                f.derived_key = key
    beh = s_map(top.get("behaviours", {}), "behaviours") if "behaviours" in top else {}
    for bname, bdef in beh.items():
        bd = s_map(bdef, "behaviours." + bname)
        if bname in ("overlay", "done-queue"):
            bt = c.types.get(s_text(bd.get("type"), bname + ".type"))
            if not isinstance(bt, ObjectType):
                raise SchemaError("%s.type must name an object type" % bname)
            idf = bt.by_name.get(s_text(bd.get("id"), bname + ".id"))
            flag = bt.by_name.get(s_text(bd.get("flag"), bname + ".flag"))
            if idf is None or flag is None:
                raise SchemaError("%s: id and flag must be fields of %s" % (bname, bt.name))
            c.behaviours[bname] = {"type": bt, "id": idf, "flag": flag}
        elif bname == "staleness":
            f = c.root.by_name.get(s_text(bd.get("field"), "staleness.field"))
            if f is None or f.type.kind != "epochMillis":
                raise SchemaError("staleness.field must be an epochMillis field of the root")
            c.behaviours[bname] = {"field": f}
        elif bname in ("header", "valid-until"):
            f = c.root.by_name.get(s_text(bd.get("day"), bname + ".day"))
            if f is None or f.type.kind != "localDate":
                raise SchemaError("%s.day must be a localDate field of the root" % bname)
            c.behaviours[bname] = {"day": f}
        elif bname == "timeline":
            c.behaviours[bname] = {}
        else:
            raise SchemaError("unknown behaviour %r" % bname)
    if "header" in c.behaviours and "staleness" not in c.behaviours:
        raise SchemaError("header needs staleness")
    if "timeline" in c.behaviours and ("staleness" not in c.behaviours or "header" not in c.behaviours):
        raise SchemaError("timeline needs staleness and header")
    if "observation" in top:
        ob = s_map(top["observation"], "observation")
        c.observation_style = s_text(ob.get("style", Scalar("wrapped", True, 0)), "observation.style")
        if c.observation_style not in ("wrapped", "flat"):
            raise SchemaError("observation.style is wrapped or flat")
        if c.observation_style == "flat":
            if "omit" in ob:
                c.observation_omit = [s_text(x, "observation.omit") for x in s_list(ob["omit"], "omit")]
                for nm in c.observation_omit:
                    if nm not in c.root.by_name:
                        raise SchemaError("observation.omit: unknown root field %r" % nm)
            if "dropped" in ob:
                c.observation_dropped = s_bool(ob["dropped"], "observation.dropped")
        elif len(ob) > 1:
            raise SchemaError("a wrapped observation takes no other keys")
    return c
