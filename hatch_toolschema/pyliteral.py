# JSON-like data as Python literal source that black leaves unchanged, without running black over it.
from __future__ import annotations

from typing import Any

try:  # black measures lines in display columns (a wide CJK character is 2); measure as black does
    from black.strings import str_width as _width
except ImportError:  # pragma: no cover - older black: plain length
    _width = len

LINE_LENGTH = 88
_INDENT = "    "


def string(value: str) -> str:
    """A string literal with black's quote choice: double quotes unless single quotes need fewer escapes."""
    quote = "'" if value.count('"') > value.count("'") else '"'
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
    raise TypeError(f"not JSON-like data: {type(value).__name__}")


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{string(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return _atom(value)


def _lines(value: Any, prefix: str, suffix: str, depth: int, out: list[str]) -> None:
    indent = _INDENT * depth
    flat = _flat(value)
    fits = _width(f"{indent}{prefix}{flat}{suffix}") <= LINE_LENGTH
    if fits or not isinstance(value, (dict, list)) or not value:
        out.append(f"{indent}{prefix}{flat}{suffix}")
        return
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    out.append(f"{indent}{prefix}{opening}")
    items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
    # black adds a magic trailing comma only where it splits at commas, i.e. with two or more items
    comma = "," if len(items) > 1 else ""
    for key, item in items:
        _lines(item, "" if key is None else f"{string(key)}: ", comma, depth + 1, out)
    out.append(f"{indent}{closing}{suffix}")


def assignment(name: str, value: Any) -> str:
    """`name = <value>` formatted as black formats it."""
    out: list[str] = []
    _lines(value, f"{name} = ", "", 0, out)
    return "\n".join(out)
