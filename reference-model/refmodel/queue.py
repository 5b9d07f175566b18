"""The done-queue (docs/schema.md "done-queue", docs/runtime-api.md §5, docs/conformance.md ops
queue.set / queue.peek / queue.drain, docs/semantics.md rows 5, 6, 10)."""

from .strictjson import parse, JSONSyntaxError, JObj, to_value_tree, dumps_ascii


def _queue_object(text):
    """The queue as an insertion-ordered dict (each key once: the last value at the first
    position; invalid keys dropped), or None when it is not a JSON object."""
    if text is None:
        return None
    try:
        tree = parse(text, root_object=False)
    except JSONSyntaxError:
        return None
    if not isinstance(tree, JObj):
        return None
    return to_value_tree(tree)


def queue_set(text, task_id, is_done):
    """The new queue text."""
    q = _queue_object(text)
    if q is None:
        q = {}
    q[task_id] = bool(is_done)          # an existing key keeps its place
    return dumps_ascii(q)


def queue_peek(text):
    q = _queue_object(text)
    if q is None:
        return {}
    return {k: v for k, v in q.items() if v is True or v is False}


def utf16_key(s):
    return s.encode("utf-16-be", "surrogatepass")


def queue_drain(text, current):
    """``current``: dict id -> bool (or None)."""
    q = _queue_object(text)
    if q is None or not current:
        return []
    out = []
    for k, v in q.items():
        if (v is True or v is False) and k in current:
            cur = current[k]
            if v != cur:
                out.append({"id": k, "isDone": v})
    out.sort(key=lambda e: utf16_key(e["id"]))
    return out
