# JSON-like data as Python literal source that black leaves unchanged, without running black over it.
from __future__ import annotations

from functools import lru_cache
from typing import Any

LINE_LENGTH = 88
INDENT = "    "


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
    """One statement. Each container's one-line width is computed once, and its one-line text only if it fits.

    Containers listed in `names` are written as that name, except where they are being defined.
    """

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = names or {}
        self._widths: dict[int, int] = {}  # id(container) -> its one-line width, or any number over LINE_LENGTH
        self._texts: dict[int, str] = {}  # id(container) -> its one-line form

    def width(self, value: Any) -> int:
        """Columns of the one-line form of `value` (a child's name, where it has one), up to just over a line."""
        if id(value) in self.names:
            return len(self.names[id(value)])
        return self._content_width(value)

    def _content_width(self, value: Any) -> int:
        if not isinstance(value, (dict, list)):
            return _width(_atom(value))
        key = id(value)
        known = self._widths.get(key)
        if known is None:  # brackets and separators, then the items until it is sure not to fit any line
            known = 2 * len(value) or 2
            for prefix, item in _entries(value):
                known += _width(prefix) + self.width(item)
                if known > LINE_LENGTH:
                    break
            self._widths[key] = known
        return known

    def text(self, value: Any) -> str:
        """The one-line form of `value` (a child's name, where it has one)."""
        if id(value) in self.names:
            return self.names[id(value)]
        return self._content_text(value)

    def _content_text(self, value: Any) -> str:
        if not isinstance(value, (dict, list)):
            return _atom(value)
        key = id(value)
        known = self._texts.get(key)
        if known is None:
            brackets = "{}" if isinstance(value, dict) else "[]"
            known = brackets[0] + ", ".join(prefix + self.text(item) for prefix, item in _entries(value)) + brackets[1]
            self._texts[key] = known
        return known

    def lines(self, value: Any, prefix: str, suffix: str, depth: int, out: list[str], define: bool = False) -> None:
        indent = INDENT * depth
        if not isinstance(value, (dict, list)):  # atoms never split
            out.append(f"{indent}{prefix}{_atom(value)}{suffix}")
            return
        room = LINE_LENGTH - len(indent) - _width(prefix) - len(suffix)  # indent and suffix are ASCII
        width, text = (self._content_width, self._content_text) if define else (self.width, self.text)
        # an empty container has nothing to split at, and a name is an atom
        if not value or width(value) <= room or (not define and id(value) in self.names):
            out.append(f"{indent}{prefix}{text(value)}{suffix}")
            return
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        out.append(f"{indent}{prefix}{opening}")
        items = _entries(value)
        # black adds a magic trailing comma only where it splits at commas, i.e. with two or more items
        comma = "," if len(items) > 1 else ""
        inner = indent + INDENT
        for key, item in items:
            if isinstance(item, (dict, list)):
                self.lines(item, key, comma, depth + 1, out)
            else:
                out.append(f"{inner}{key}{_atom(item)}{comma}")
        out.append(f"{indent}{closing}{suffix}")


def assignment(name: str, value: Any) -> str:
    """`name = <value>` formatted as black formats it."""
    if not isinstance(value, (dict, list)):
        atom = _atom(value)
        if _width(f"{name} = {atom}") > LINE_LENGTH and _width(INDENT + atom) <= LINE_LENGTH:
            return f"{name} = (\n{INDENT}{atom}\n)"  # black's parentheses, where they make it fit
        return f"{name} = {atom}"
    return statement(f"{name} = ", value)


def statement(prefix: str, value: list[Any] | dict[str, Any], depth: int = 0, share: bool = False) -> str:
    """`<prefix><value>` at an indentation depth (e.g. `return [...]` in a function), as black formats it.

    With `share`, a container that occurs more than once is built once: it is first assigned to a local
    name (`s0 = {"type": "null"}`), and the statement refers to it. The value stays equal; fewer objects
    are built when the code runs, and there is less code to load.
    """
    printer, definitions, value = _sharing(value, depth, "s" if share else "")
    printer.lines(value, prefix, "", depth, definitions, define=True)
    return "\n".join(definitions)


Items = tuple[str, list[str]]  # the lines defining shared containers, and each item's text (lines, with its comma)


def list_items(values: list[Any], depth: int, share_as: str) -> Items:
    """The items of a list literal split one item a line, as black splits a list that does not fit: each at
    `depth + 1`, with a comma. Containers that occur more than once are built once, as in `statement`, and
    named `share_as` and a number: the first text returned defines them, at `depth`.

    A long list can be printed in parts this way, each with its own names, and joined.
    """
    printer, definitions, values = _sharing(values, depth, share_as)
    items = []
    for item in values:
        lines: list[str] = []
        printer.lines(item, "", ",", depth + 1, lines)
        items.append("\n".join(lines))
    return "\n".join(definitions), items


def joined_list(prefix: str, parts: list[Items], depth: int) -> str:
    """`<prefix>[...]` at `depth` holding the items of the parts (`list_items`, two or more items in all), after all
    their definitions."""
    definitions = [text + "\n" for text, _ in parts if text]
    items = "\n".join(item for _, texts in parts for item in texts)
    indent = INDENT * depth
    return "".join(definitions) + f"{indent}{prefix}[\n{items}\n{indent}]"


def _sharing(value: Any, depth: int, share_as: str) -> tuple[_Printer, list[str], Any]:
    """A printer for `value`, the lines that define the containers it shares (none without `share_as`), and the
    value with its shared containers made one object each."""
    if not share_as:
        return _Printer(), [], value
    value, order = _shared(value)
    names = {id(obj): f"{share_as}{index}" for index, obj in enumerate(order)}
    printer = _Printer(names)
    definitions: list[str] = []
    for obj in order:
        printer.lines(obj, f"{names[id(obj)]} = ", "", depth, definitions, define=True)
    return printer, definitions, value


def _shared(value: Any) -> tuple[Any, list[Any]]:
    """A copy of `value` in which equal containers are one object, and those used more than once, children first."""
    table: dict[tuple[Any, ...], Any] = {}  # a container's key -> the one object for it (kept alive, so ids hold)

    def canonical(item: Any) -> tuple[Any, Any]:
        """The one object equal to `item`, and what it contributes to its parent's key."""
        if isinstance(item, dict):
            obj: Any = {}
            key: list[Any] = ["d"]  # then key, child, key, child...: unambiguous, as they alternate
            for name, value in item.items():
                obj[name], child = canonical(value)
                key += (name, child)
        elif isinstance(item, list):
            obj, key = [], ["l"]
            for value in item:
                canonical_value, child = canonical(value)
                obj.append(canonical_value)
                key.append(child)
        elif isinstance(item, str):
            return item, item  # a string is never equal to a container's id
        else:
            return item, (type(item), repr(item))  # keeps 1, 1.0, True, -0.0 and nan apart
        obj = table.setdefault(tuple(key), obj)
        return obj, id(obj)  # a canonical container is known by its id: its key is stored once

    root = canonical(value)[0]
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
