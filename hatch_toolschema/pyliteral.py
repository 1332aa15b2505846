# JSON-like data as Python literal source that black leaves unchanged, without running black over it.
from __future__ import annotations

from functools import lru_cache
from typing import Any

LINE_LENGTH = 88
_INDENT = "    "


def _width(line: str) -> int:
    """Display columns, as black counts them (a wide CJK character is 2); black is only imported for non-ASCII."""
    if line.isascii():
        return len(line)
    from black.strings import str_width

    return int(str_width(line))


@lru_cache(maxsize=4096)
def string(value: str) -> str:
    """A string literal with black's quote choice: double quotes unless single quotes need fewer escapes."""
    text = repr(value)  # C-fast, and escapes exactly the characters Python cannot print
    if '"' not in value:
        return text if text[0] == '"' else f'"{text[1:-1]}"'
    if "'" not in value:
        return text  # repr chose single quotes, which black keeps: double quotes would need escapes
    return _quoted(value, "'" if value.count('"') > value.count("'") else '"')


def _quoted(value: str, quote: str) -> str:
    """The slow path, for text holding both kinds of quote: escape character by character."""
    body = []
    for char in value:
        if char == "\\" or char == quote:
            body.append("\\" + char)
        elif char.isprintable():
            body.append(char)
        else:
            body.append(repr(char)[1:-1])
    return quote + "".join(body) + quote


def _atom(value: Any) -> str:
    if isinstance(value, str):
        return string(value)
    if value is None or isinstance(value, (bool, int)):
        return repr(value)
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        return repr(value).replace("e+", "e")  # black writes 1e16, not 1e+16
    raise TypeError(f"not JSON-like data: {value!r}")


def _entries(value: dict[str, Any] | list[Any]) -> list[tuple[str, Any]]:
    """A container's items, each with the text written before it (`"key": ` in a dict, nothing in a list)."""
    if isinstance(value, dict):
        return [(f"{string(key)}: ", item) for key, item in value.items()]
    return [("", item) for item in value]


class _Printer:
    """One statement: each container's one-line form is built at most once (cached by identity).

    Containers listed in `names` are written as that name, except where they are being defined.
    """

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = names or {}
        self._flat: dict[int, str] = {}  # id(container) -> its whole one-line form
        self._over: dict[int, int] = {}  # id(container) -> a room it is known not to fit in

    def flat(self, value: Any, room: int, define: bool = False) -> str | None:
        """The one-line form of `value`, or None as soon as it is known to take more than `room` columns."""
        if not define and id(value) in self.names:
            return self.names[id(value)]  # a name: an atom, never split
        if not isinstance(value, (dict, list)):
            text = _atom(value)
            return text if _width(text) <= room else None
        if not value:
            return "{}" if isinstance(value, dict) else "[]"  # nothing to split at: always one line
        key = id(value)
        if key in self._flat:
            return self._flat[key] if _width(self._flat[key]) <= room else None
        if self._over.get(key, -1) >= room:
            return None
        parts, used = [], 2
        for prefix, item in _entries(value):
            text = self.flat(item, room - used - _width(prefix))
            if text is None:
                self._over[key] = room
                return None
            parts.append(prefix + text)
            used += _width(prefix) + _width(text) + 2
        brackets = "{}" if isinstance(value, dict) else "[]"
        whole = brackets[0] + ", ".join(parts) + brackets[1]
        self._flat[key] = whole
        return whole if used - 2 <= room else None

    def lines(self, value: Any, prefix: str, suffix: str, depth: int, out: list[str], define: bool = False) -> None:
        indent = _INDENT * depth
        flat = self.flat(value, LINE_LENGTH - _width(indent + prefix + suffix), define)
        if flat is not None or not isinstance(value, (dict, list)):
            out.append(f"{indent}{prefix}{flat if flat is not None else _atom(value)}{suffix}")  # atoms never split
            return
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        out.append(f"{indent}{prefix}{opening}")
        items = _entries(value)
        # black adds a magic trailing comma only where it splits at commas, i.e. with two or more items
        comma = "," if len(items) > 1 else ""
        for key, item in items:
            self.lines(item, key, comma, depth + 1, out)
        out.append(f"{indent}{closing}{suffix}")


def assignment(name: str, value: Any) -> str:
    """`name = <value>` formatted as black formats it."""
    if not isinstance(value, (dict, list)):
        atom = _atom(value)
        if _width(f"{name} = {atom}") > LINE_LENGTH and _width(_INDENT + atom) <= LINE_LENGTH:
            return f"{name} = (\n{_INDENT}{atom}\n)"  # black's parentheses, where they make it fit
        return f"{name} = {atom}"
    return statement(f"{name} = ", value)


def statement(prefix: str, value: list[Any] | dict[str, Any], depth: int = 0, share: bool = False) -> str:
    """`<prefix><value>` at an indentation depth (e.g. `return [...]` in a function), as black formats it.

    With `share`, a container that occurs more than once is built once: it is first assigned to a local
    name (`s0 = {"type": "null"}`), and the statement refers to it. The value stays equal; fewer objects
    are built when the code runs, and there is less code to load.
    """
    names: dict[int, str] = {}
    order: list[Any] = []
    if share:
        value, order = _shared(value)
        names = {id(obj): f"s{index}" for index, obj in enumerate(order)}
    printer = _Printer(names)
    out: list[str] = []
    for obj in order:
        printer.lines(obj, f"{names[id(obj)]} = ", "", depth, out, define=True)
    printer.lines(value, prefix, "", depth, out, define=True)
    return "\n".join(out)


def _shared(value: Any) -> tuple[Any, list[Any]]:
    """A copy of `value` in which equal containers are one object, and those used more than once, children first."""
    table: dict[tuple[Any, ...], Any] = {}

    def canonical(item: Any) -> tuple[tuple[Any, ...], Any]:
        if isinstance(item, dict):
            pairs = [(k, *canonical(v)) for k, v in item.items()]
            key: tuple[Any, ...] = ("d", tuple((k, child_key) for k, child_key, _ in pairs))
            obj: Any = {k: child for k, _, child in pairs}
        elif isinstance(item, list):
            parts = [canonical(v) for v in item]
            key, obj = ("l", tuple(child_key for child_key, _ in parts)), [child for _, child in parts]
        else:  # repr keeps 1, 1.0, True and -0.0 apart
            return ("a", type(item).__name__, repr(item)), item
        return key, table.setdefault(key, obj)

    root = canonical(value)[1]
    uses: dict[int, int] = {}
    order: list[Any] = []

    def visit(item: Any, top: bool) -> None:
        if not isinstance(item, (dict, list)) or not item:
            return
        uses[id(item)] = uses.get(id(item), 0) + 1
        if uses[id(item)] == 1:  # a shared container's children are counted once, where it is defined
            for child in item.values() if isinstance(item, dict) else item:
                visit(child, False)
            if not top:
                order.append(item)

    visit(root, True)
    return root, [item for item in order if uses[id(item)] > 1]
