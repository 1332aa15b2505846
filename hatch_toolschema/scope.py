# Static name resolution (through griffe) and per-module syntax trees (through ast), never importing.
from __future__ import annotations

import ast
import copy
import enum
import importlib
import inspect
import ipaddress
import logging
import math
import operator
import re
import string
import sys
import textwrap
from collections import Counter
from dataclasses import dataclass, field, is_dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path, PurePath, PurePosixPath
from typing import Any, Callable, Iterable, is_typeddict
from uuid import UUID

import griffe

from .config import KNOWN_LIBRARIES

MISSING = object()  # a value that is not read statically
# Spellings that mean the same thing to a type checker, folded onto one name.
_PREFIX_ALIASES = (("typing_extensions.", "typing."), ("builtins.", ""), ("_collections_abc.", "collections.abc."),
                   ("pydantic.types.", "pydantic."), ("pydantic.networks.", "pydantic."),
                   ("pydantic.main.", "pydantic."))  # fmt: skip

# The methods by which a list, dict, set or deque changes in place: a constant they are called on anywhere in its module
# is not what its assignment says.
_CHANGERS = frozenset(("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update",
                       "setdefault", "popitem", "add", "discard", "difference_update", "intersection_update",
                       "symmetric_difference_update", "appendleft", "extendleft", "popleft", "rotate", "__setitem__",
                       "__delitem__", "__iadd__", "__ior__"))  # fmt: skip

# the statements that define an object (`ast.TypeAlias`, PEP 695's `type X = ...`, from Python 3.12)
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                *(kind for kind in [getattr(ast, "TypeAlias", None)] if kind))  # fmt: skip


def canonical(path: str) -> str:
    for prefix, replacement in _PREFIX_ALIASES:
        if path.startswith(prefix):
            return replacement + path[len(prefix) :]
    return path


def origin(annotation: ast.expr) -> ast.expr:
    """What an annotation's type arguments are given to: `List` of `List[int]`; the annotation itself without any."""
    return annotation.value if isinstance(annotation, ast.Subscript) else annotation


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def unquoted(annotation: ast.expr) -> ast.expr | None:
    """The annotation a quoted (forward) reference stands for (`"list[Node]"`), parsed; any other as it is; None for a
    text that is no expression."""
    if not (isinstance(annotation, ast.Constant) and isinstance(annotation.value, str)):
        return annotation
    try:
        return ast.parse(annotation.value.strip(), mode="eval").body
    except SyntaxError:
        return None


def type_arguments(node: ast.Subscript) -> list[ast.expr]:
    """The arguments of `X[a, b]`: `[a, b]`; of `X[a]`: `[a]`."""
    return list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]


def literal(node: ast.expr) -> Any:
    """The value of a literal expression (arithmetic on numbers included: `2**31 - 1`), or `MISSING`; never evaluates
    code."""
    if isinstance(node, ast.Constant):  # the common case, without the closures literal_eval makes at each call
        return finite(node.value)
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return computed(node, _constant) if isinstance(node, COMPUTED) else MISSING
    return value if _all_finite(value) else MISSING


def without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    """A function's statements, less its docstring."""
    docstring = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    return body[1:] if docstring else body


def substituted(node: ast.expr, values: dict[str, Any], owner: str | None = None) -> ast.expr:
    """A copy of an expression with names replaced by their values: a field factory's parameters, or, given the
    `owner` name a class method calls its class by, that class's attributes (`cls.max_length`) and what its methods
    called without arguments return (`cls.class_name()`, keyed `"class_name()"`)."""
    return _Substituted(values, owner).visit(copy.deepcopy(node))


class _Substituted(ast.NodeTransformer):
    def __init__(self, values: dict[str, Any], owner: str | None) -> None:
        self.values = values
        self.owner = owner

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return ast.Constant(self.values[node.id]) if self.owner is None and node.id in self.values else node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        if isinstance(node.value, ast.Name) and node.value.id == self.owner and node.attr in self.values:
            return ast.Constant(self.values[node.attr])
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        called = owned_call(node, self.owner)
        return ast.Constant(self.values[f"{called}()"]) if f"{called}()" in self.values else self.generic_visit(node)


def owned_call(node: ast.AST, owner: str | None) -> str | None:
    """The method a call without arguments calls on the class a class method names `owner` (`cls.class_name()`)."""
    if not isinstance(node, ast.Call) or node.args or node.keywords or not isinstance(node.func, ast.Attribute):
        return None
    function = node.func
    return function.attr if isinstance(function.value, ast.Name) and function.value.id == owner else None


def _constant(node: ast.expr) -> Any:
    return finite(node.value) if isinstance(node, ast.Constant) else computed(node, _constant)


def finite(value: Any) -> Any:
    """The value, or missing for a float that is no JSON number (`1e400` is infinite, `nan` no number): no JSON holds
    it."""
    return MISSING if isinstance(value, float) and not math.isfinite(value) else value


def no_json_number(node: ast.expr, path_of: Callable[[ast.expr], str]) -> bool:
    """Whether an expression is a float that no JSON number is, so that no schema can show it: `1e400`,
    `float("inf")`, `-math.inf`, `float("nan")` (pydantic writes `Infinity` or `NaN`, which JSON does not have)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, ast.Constant):
        return isinstance(node.value, float) and not math.isfinite(node.value)
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and path_of(node.func) == "float":
        text = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
        return isinstance(text, str) and text.strip().lstrip("+-").lower() in ("inf", "infinity", "nan")
    return isinstance(node, (ast.Name, ast.Attribute)) and path_of(node) in ("math.inf", "math.nan")


def _all_finite(value: Any) -> bool:
    """Whether a literal holds no float that is no JSON number, at any depth (a dict's keys too)."""
    if isinstance(value, dict):
        return all(_all_finite(key) and _all_finite(item) for key, item in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(_all_finite(item) for item in value)
    return not is_missing(finite(value))


_OPERATORS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow, ast.LShift: operator.lshift,
    ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitAnd: operator.and_, ast.BitXor: operator.xor,
}  # fmt: skip
_UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert,
                                            ast.Not: operator.not_}  # fmt: skip
_LARGEST = 4096  # bits: `2**64`, not `10**10**10`
LONGEST_TEXT = 100_000  # characters of a joined text


def _number(value: Any) -> bool:
    return isinstance(value, (int, float))  # `True` too, an int to Python


COMPUTED = (ast.BinOp, ast.UnaryOp, ast.JoinedStr)  # what `computed` reads

# The methods of a text that are read where the text and their arguments are known (an alias generator's
# `name.rstrip("_")`, `word.capitalize()`, `name.split("_")`, a version test's `VERSION.startswith("1.")`): they change
# nothing and make small values.
TEXT_METHODS = frozenset(("startswith", "endswith", "lower", "upper", "title", "capitalize", "swapcase", "casefold",
                          "strip", "lstrip", "rstrip", "replace", "removeprefix", "removesuffix", "split", "rsplit",
                          "isupper", "islower", "isdigit", "isalpha", "isalnum", "isidentifier"))  # fmt: skip


def text_method(node: ast.Call, operand: Callable[[ast.expr], Any]) -> Any:
    """A method of `TEXT_METHODS` called on a text with positional arguments, each value as `operand` gives it, as
    Python computes it, where the result stays small; else missing."""
    method = node.func.attr if isinstance(node.func, ast.Attribute) else None
    if method not in TEXT_METHODS or node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
        return MISSING
    text, arguments = operand(node.func.value), [operand(arg) for arg in node.args]  # type: ignore[union-attr]
    if type(text) is not str or any(is_missing(argument) for argument in arguments):
        return MISSING
    if method == "replace" and len(arguments) >= 2 and type(arguments[0]) is str and type(arguments[1]) is str:
        inserted = (text.count(arguments[0]) if arguments[0] else len(text) + 1) * len(arguments[1])
        if len(text) + inserted > LONGEST_TEXT:
            return MISSING
    try:
        return getattr(text, method)(*arguments)
    except (TypeError, ValueError):  # arguments of the wrong kind or number
        return MISSING


def indexed(node: ast.Subscript, operand: Callable[[ast.expr], Any]) -> Any:
    """`words[0]`, `name[1:]`, `parts[-1]`: an item or slice of a known text, list or tuple, at known whole
    numbers, each value as `operand` gives it; else missing."""
    value = operand(node.value)
    if type(value) not in (str, list, tuple):
        return MISSING
    if isinstance(node.slice, ast.Slice):
        bounds = [None if part is None else operand(part) for part in (node.slice.lower, node.slice.upper,
                                                                        node.slice.step)]  # fmt: skip
        if not all(bound is None or type(bound) is int for bound in bounds) or bounds[2] == 0:
            return MISSING
        return value[slice(*bounds)]
    index = operand(node.slice)
    return value[index] if type(index) is int and -len(value) <= index < len(value) else MISSING


def computed(node: ast.expr, operand: Callable[[ast.expr], Any]) -> Any:
    """`60 * 60`, `2**31 - 1`, `1 << 3`, `LETTERS + DIGITS`, `" " * 4`, `f"{ORIGIN}/v1"`: arithmetic on numbers, and
    the joining and repeating of texts, as Python computes them, where the result stays small; each operand's value is
    what `operand` gives it. Else missing."""
    if isinstance(node, ast.JoinedStr):
        return _formatted(node, operand)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        value = operand(node.operand)
        if not _number(value) or (isinstance(node.op, ast.Invert) and type(value) is not int):  # `~True` is deprecated
            return MISSING
        return _UNARY[type(node.op)](value)
    if not (isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS):
        return MISSING
    left, right = operand(node.left), operand(node.right)
    if type(left) is str and type(right) is str and isinstance(node.op, ast.Add):
        return left + right if len(left) + len(right) <= LONGEST_TEXT else MISSING
    if isinstance(node.op, ast.Mult) and {type(left), type(right)} == {str, int}:
        text, times = (left, right) if type(left) is str else (right, left)
        return text * times if len(text) * max(times, 0) <= LONGEST_TEXT else MISSING
    if not (_number(left) and _number(right)):
        return MISSING
    if isinstance(node.op, ast.Pow) and isinstance(left, int) and isinstance(right, int):
        if right > 0 and left.bit_length() * right > _LARGEST:
            return MISSING
    if isinstance(node.op, ast.LShift) and isinstance(right, int) and right > _LARGEST:
        return MISSING
    try:
        value = _OPERATORS[type(node.op)](left, right)
    except (ArithmeticError, ValueError, TypeError):  # `1 / 0`, `1.5 << 2`, a float too large
        return MISSING
    if isinstance(value, int) and value.bit_length() > _LARGEST or not isinstance(value, (int, float)):
        return MISSING  # a complex number from `(-8) ** 0.5`
    return finite(value)  # `1e308 * 10` is infinite


def _formatted(node: ast.JoinedStr, operand: Callable[[ast.expr], Any]) -> Any:
    """An f-string's text, where each value it formats is a text, a number, a boolean or None (whose formatting runs
    no code of the program's), and so is its format spec; else missing."""
    pieces = []
    for part in node.values:
        if isinstance(part, ast.Constant) and type(part.value) is str:
            pieces.append(part.value)
            continue
        if not isinstance(part, ast.FormattedValue):
            return MISSING
        value = operand(part.value)
        spec = "" if part.format_spec is None else computed(part.format_spec, operand)
        if type(value) not in _FORMATTED or type(spec) is not str:
            return MISSING
        if any(int(number) > LONGEST_TEXT for number in re.findall(r"\d+", spec)):
            return MISSING  # a width or precision that would make the text too long: `f"{NAME:>999999999}"`
        value = _CONVERSIONS[part.conversion](value) if part.conversion in _CONVERSIONS else value
        try:
            pieces.append(format(value, spec))
        except (ValueError, TypeError):  # a spec the value does not take: `f"{NAME:d}"`, `f"{None:d}"`
            return MISSING
        if sum(map(len, pieces)) > LONGEST_TEXT:
            return MISSING
    return "".join(pieces)


_FORMATTED = (str, int, float, bool, type(None))
_CONVERSIONS: dict[int, Callable[[Any], str]] = {ord("s"): str, ord("r"): repr, ord("a"): ascii}


_IP_TYPES = [f"IPv{version}{kind}" for version in (4, 6) for kind in ("Address", "Network", "Interface")]
_IP_TYPES += ["ip_address", "ip_network", "ip_interface"]
# pydantic's formats of the IP types (`ipv4`, `ipv6network`, `ipvanyaddress`), with the constructor that reads each
_IP_FORMATS = [(f"ipv{version}{'' if kind == 'Address' else kind.lower()}", f"IPv{version}{kind}")
               for version in (4, 6) for kind in ("Address", "Network", "Interface")]  # fmt: skip
_IP_FORMATS += [(f"ipvany{kind}", f"ip_{kind}") for kind in ("address", "network", "interface")]


# Standard-library types whose defaults are written as a call with literal arguments (`Path("out")`): the value's JSON
# form, as pydantic writes such a default, made by the standard library alone from those literals.
_CONSTRUCTED: dict[str, tuple[tuple[type, ...], Callable[..., Any]]] = {
    **dict.fromkeys(("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath"),
                    ((str,), lambda *parts: str(PurePosixPath(*parts)))),
    "decimal.Decimal": ((str, int), lambda *value: str(Decimal(*value))),
    # the builtins' conversions of a literal (`float("1e-3")`, `int("ff", 16)`); `float("inf")` is no JSON number
    "float": ((str, int, float), lambda value: finite(float(value))),
    "int": ((str, int, float), lambda *value: int(*value)),
    "str": ((str, int, float), lambda value: str(value)),
    # a text's indentation taken out (`Field(description=inspect.cleandoc("""..."""))`, fastmcp's settings)
    "inspect.cleandoc": ((str,), inspect.cleandoc),
    "textwrap.dedent": ((str,), textwrap.dedent),
    "fractions.Fraction": ((str, int), lambda *value: str(Fraction(*value))),  # `Fraction(1, 3)` is "1/3"
    "uuid.UUID": ((str, int), lambda *value, **named: str(UUID(*value, **named))),  # `UUID(int=1)` too
    "datetime.date": ((int,), lambda *fields, **named: date(*fields, **named).isoformat()),
    "datetime.datetime": ((int,), lambda *fields, **named: datetime(*fields, **named).isoformat()),
    "datetime.time": ((int,), lambda *fields, **named: time(*fields, **named).isoformat()),
    "datetime.timedelta": ((int, float), lambda *fields, **named: iso_duration(timedelta(*fields, **named))),
    "re.compile": ((str, int), lambda pattern, flags=0: re.compile(pattern, flags).pattern),  # written as its text
    **{f"ipaddress.{name}": ((str, int), lambda value, name=name: str(getattr(ipaddress, name)(value)))
       for name in _IP_TYPES},  # `IPv4Address("10.0.0.1")`, `ip_network("10.0.0.0/8")`
    # pydantic's own types, as its dump writes them: a secret masked, a size its number, a web URL normalized
    **dict.fromkeys(("pydantic.SecretStr", "pydantic.types.SecretStr"), ((str,), lambda secret: masked(secret))),
    **dict.fromkeys(("pydantic.SecretBytes", "pydantic.types.SecretBytes"), ((bytes,), lambda secret: masked(secret))),
    **dict.fromkeys(("pydantic.ByteSize", "pydantic.types.ByteSize"), ((int,), lambda number: number)),
    **dict.fromkeys((f"pydantic.{module}{name}" for module in ("", "networks.") for name in ("AnyUrl", "AnyHttpUrl",
                     "HttpUrl")), ((str,), lambda text: _web_url(text))),
}  # fmt: skip
# A web URL that the URL standard's parser only normalizes plainly: an ASCII host, a port, a path without dot segments
# or characters to escape, a query and fragment; no user, no IPv4 shorthand (`1.2.3`)
_WEB_URL = re.compile(r"(https?)://((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.?\b){4}(?<!\.))"
                      r"(?::([1-9]\d{0,4}))?((?:/(?!\.\.?(?:/|$|[?#]))[\w.~!$&'()*+,;=:@%-]*)*)"
                      r"(\?[\w.~!$&()*+,;=:@%/?-]*)?(#[\w.~!$&'()*+,;=:@%/?-]*)?", re.ASCII | re.IGNORECASE)


def masked(secret: str | bytes) -> str:
    """A secret as pydantic dumps it: ten stars, or nothing for an empty one."""
    return "*" * 10 if secret else ""


def _web_url(text: str) -> str:
    """`HttpUrl(text)`'s text, for a URL `_WEB_URL` takes: the scheme and host in lower case, the scheme's own port
    left out, an empty path `/`. Else an error: the default is not shown."""
    match = _WEB_URL.fullmatch(text)
    if match is None or len(text) > 2083:
        raise ValueError(text)
    scheme, host, port, path, query, fragment = match.groups()
    scheme, host = scheme.lower(), host.lower()
    if port is not None and int(port) > 65535:
        raise ValueError(text)
    port = "" if port is None or port == {"http": "80", "https": "443"}[scheme] else f":{port}"
    return f"{scheme}://{host}{port}{path or '/'}{query or ''}{fragment or ''}"


PYDANTIC_2 = "2.14.0"  # the version whose dialect the schemas follow


def _known_constants() -> dict[str, Any]:
    """Constants of other modules that a default or a test may name, with their values in the JSON form pydantic
    writes: the standard library's that are the same on every platform and Python version (`level: int =
    logging.INFO`, `alphabet: str = string.ascii_letters`, `start: date = date.min`, `flags: int = re.IGNORECASE`;
    `sys.maxsize` as on a 64-bit one),
    `TYPE_CHECKING` as it is at run time, and pydantic's version."""
    levels = ("CRITICAL", "FATAL", "ERROR", "WARNING", "WARN", "INFO", "DEBUG", "NOTSET")
    texts = ("ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits", "octdigits", "punctuation",
             "whitespace", "printable")  # fmt: skip
    values: dict[str, Any] = {f"logging.{name}": getattr(logging, name) for name in levels}
    values.update({f"string.{name}": getattr(string, name) for name in texts})
    values.update({f"math.{name}": getattr(math, name) for name in ("pi", "e", "tau")})
    values.update({"os.F_OK": 0, "os.R_OK": 4, "os.W_OK": 2, "os.X_OK": 1})  # Windows' too
    values.update({f"{module}.{name}": text for module in ("os", "os.path")
                   for name, text in (("curdir", "."), ("pardir", ".."), ("extsep", "."))})  # fmt: skip - Windows' too
    values.update({f"{module}.SEEK_{end}": i for module in ("os", "io") for i, end in enumerate(("SET", "CUR", "END"))})
    values.update({"datetime.MINYEAR": 1, "datetime.MAXYEAR": 9999})
    values["sys.maxsize"] = 2**63 - 1  # `limit: int = sys.maxsize`, "no limit": its value on every 64-bit platform
    # `flags: int = re.IGNORECASE | re.MULTILINE` (or as `re.RegexFlag` members), `quoting: int = csv.QUOTE_ALL`
    flags = {"ASCII": 256, "A": 256, "IGNORECASE": 2, "I": 2, "LOCALE": 4, "L": 4, "MULTILINE": 8, "M": 8,
             "DOTALL": 16, "S": 16, "UNICODE": 32, "U": 32, "VERBOSE": 64, "X": 64, "DEBUG": 128, "NOFLAG": 0}  # fmt: skip
    values.update({f"re.{prefix}{name}": value for prefix in ("", "RegexFlag.") for name, value in flags.items()})
    quoting = ("QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "QUOTE_STRINGS", "QUOTE_NOTNULL")
    values.update({f"csv.{name}": value for value, name in enumerate(quoting)})
    for kind in (date, datetime, time):
        values.update({f"datetime.{kind.__name__}.{end}": getattr(kind, end).isoformat() for end in ("min", "max")})
    for end in ("min", "max", "resolution"):
        values[f"datetime.timedelta.{end}"] = iso_duration(getattr(timedelta, end))
    values["typing.TYPE_CHECKING"] = False  # at run time, where pydantic reads a class
    # the dialect is pydantic 2's: a compatibility test such as `PYDANTIC_V1 = pydantic.VERSION.startswith("1.")`
    # reads as it does under pydantic 2
    values.update(dict.fromkeys(("pydantic.VERSION", "pydantic.version.VERSION", "pydantic.__version__"), PYDANTIC_2))
    return values


def iso_duration(value: timedelta) -> str:
    """A duration in ISO 8601, as pydantic writes it: `P1Y36DT2H1M1.5S` (a year is 365 days), `-PT1S`, `PT0S`."""
    size = abs(value)
    seconds, micros = size.seconds, size.microseconds
    years, days = divmod(size.days, 365)
    text = ("-P" if value < timedelta(0) else "P") + f"{years}Y" * bool(years) + f"{days}D" * bool(days)
    if seconds or micros:
        hours, minutes, seconds = seconds // 3600, seconds // 60 % 60, seconds % 60
        text += "T" + f"{hours}H" * bool(hours) + f"{minutes}M" * bool(minutes)
        if seconds or micros:
            text += (f"{seconds}.{micros:06d}".rstrip("0") if micros else str(seconds)) + "S"
    return text if size else "PT0S"


KNOWN_CONSTANTS = _known_constants()


def sort_key(call: ast.Call, function: str, read: Callable[[ast.expr], Any] = literal) -> Any:
    """The Python value a duration's or decimal's constructor call on literals makes, by which pydantic sorts a set
    default that holds it (`timedelta(days=1)` after `timedelta(hours=2)`, unlike their texts); else None."""
    make = {"datetime.timedelta": timedelta, "decimal.Decimal": Decimal}.get(function)
    if make is None or is_missing(constructed(call, function, read)):
        return None
    return make(*[read(arg) for arg in call.args], **{k.arg: read(k.value) for k in call.keywords})  # type: ignore[misc]


def constructed(call: ast.Call, function: str, read: Callable[[ast.expr], Any] = literal) -> Any:
    """The JSON form of `function(...)` (a qualified name) called with literal arguments (or, as `read` reads them,
    constants: `Path(BASE)`, `re.compile(PATTERN, re.I)`), for the types above; or missing. Nothing of the scanned
    code runs: only the standard library's own constructor, on those values."""
    if function not in _CONSTRUCTED:
        return MISSING
    kinds, make = _CONSTRUCTED[function]
    args = [read(arg) for arg in call.args]
    named = {keyword.arg: read(keyword.value) for keyword in call.keywords}  # `**options` is never a literal here
    if not all(type(value) in kinds for value in [*args, *named.values()]):  # `*parts` neither, nor `True` an int
        return MISSING
    try:
        return make(*args, **named)
    except Exception:  # noqa: BLE001 - whatever the constructor rejects (`UUID(1)` raises AttributeError) is not read
        return MISSING


# The string formats whose values pydantic validates into a standard-library value, with a test that a text is written
# as pydantic dumps that value again: its canonical form.
_CANONICAL: dict[str, Callable[[str], bool]] = {
    "date": lambda text: date.fromisoformat(text).isoformat() == text,
    "date-time": lambda text: (made := datetime.fromisoformat(text)).tzinfo is None and made.isoformat() == text,
    "time": lambda text: (made := time.fromisoformat(text)).tzinfo is None and made.isoformat() == text,
    "uuid": lambda text: str(UUID(text)) == text,
    **{format: (lambda text, made=getattr(ipaddress, name): str(made(text)) == text) for format, name in _IP_FORMATS},
    "path": lambda text: str(PurePosixPath(text)) == text,
    "duration": lambda text: iso_duration(read_duration(text)) == text,
    "uri": lambda text: _web_url(text) == text,  # a web URL; another kind is not read
    "binary": lambda text: True,  # bytes, made of the text's UTF-8 and written so again
}
_DURATION = re.compile(r"(-?)P(?:(\d+)Y)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?")


def read_duration(text: str) -> timedelta:
    """A duration as `iso_duration` writes it (a year is 365 days), read back."""
    match = _DURATION.fullmatch(text)
    if match is None:
        raise ValueError(text)
    sign, years, days, hours, minutes, seconds = match.groups()
    value = timedelta(days=365 * int(years or 0) + int(days or 0), hours=int(hours or 0), minutes=int(minutes or 0),
                      seconds=float(seconds or 0))  # fmt: skip
    return -value if sign else value


def dumped_as_is(text: str, format: str) -> bool:
    """Whether pydantic, validating `text` under a string schema of this `format` (`"2024-01-02"` for a date, or the
    date itself: `constructed` writes it so), dumps the same text again."""
    try:
        return format in _CANONICAL and _CANONICAL[format](text)
    except ValueError:
        return False


def is_missing(value: Any) -> bool:
    return value is MISSING


def to_json(value: Any, nested: bool = False, kept: tuple[type, ...] = ()) -> Any:
    """The JSON form of a literal Python value (tuples and sets become lists), or missing; values of the `kept` types
    stay as they are, at any depth. A set's items are sorted, as pydantic sorts a default that is a set; a set
    `nested` in a default, which pydantic writes in the order Python iterates it, comes in that order where it holds
    numbers only (whose hashes are the same in every process), and sorted otherwise (`_sorted_items`)."""
    if isinstance(value, kept):
        return value
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return finite(value)
    if isinstance(value, bytes):  # as pydantic writes bytes in JSON: UTF-8 text
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return MISSING
    if isinstance(value, (list, tuple, set, frozenset)):
        if isinstance(value, (set, frozenset)):
            order = iterated(value) if nested else None
            value = _sorted_items(value) if order is None else order
        items = [to_json(item, True, kept) for item in value]
        return MISSING if any(item is MISSING for item in items) else items
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        items = {key: to_json(item, True, kept) for key, item in value.items()}
        return MISSING if any(item is MISSING for item in items.values()) else items
    return MISSING


def numbers_only(items: Any) -> bool:
    """Whether a set holds only numbers, or tuples of them: what iterates alike in every process."""
    return all(type(item) in (int, float, bool) or (type(item) is tuple and numbers_only(item)) for item in items)


def iterated(items: set[Any] | frozenset[Any]) -> list[Any] | None:
    """A set's items in the order Python iterates it, where that is the same in every process: a set of numbers (None
    among them: `python_order`), or of durations or decimals (`SortedSet`), whose hashes do not vary from run to run as
    a text's do; else None."""
    if numbers_only(items):
        return list(items)
    order = python_order(items)  # None among numbers
    if order is not None:
        return order
    return items.iterated if isinstance(items, SortedSet) else None


_NONE_HASH = 0xFCA86420  # `hash(None)` from Python 3.12 on; before, it followed None's address, which varies by run
_FREE = object()


def python_order(items: Iterable[Any]) -> list[Any] | None:
    """The order Python iterates a set made of `items` in this order, where it is the same in every process: numbers,
    durations or decimals (or tuples of them), whose hashes are; or None among them, as Python 3.12 and later iterate
    them, where that does not depend on the order the set was made in: up to four items, each in a slot of its own of
    the set's table of eight (the compiler and `marshal` make a set display's constants in orders of their own). None
    otherwise."""
    items = list(items)
    if _steady(items):
        return list(set(items))
    others = [item for item in items if item is not None]
    if len(others) == len(items) or not _steady(others):
        return None
    table: list[Any] = [_FREE] * 8
    placed: list[Any] = []
    for item in items:
        if any(item == other for other in placed):  # `1` and `1.0` are one
            continue
        slot = (_NONE_HASH if item is None else hash(item)) & 7
        if len(placed) == 4 or table[slot] is not _FREE:
            return None
        placed.append(item)
        table[slot] = item
    return [item for item in table if item is not _FREE]


_STEADY = (int, float, bool, timedelta, Decimal)  # their hashes are the same in every process


def _steady(items: Iterable[Any]) -> bool:
    """Whether each item's hash is the same in every process: a number, duration or decimal, or a tuple of them."""
    return all(type(item) in _STEADY or type(item) is tuple and _steady(item) for item in items)


class SortedSet(frozenset):  # type: ignore[type-arg]
    """A set whose items pydantic sorts by the Python values they stand for, which their JSON texts do not follow
    (durations, decimals): `order` lists them so; `iterated` as Python iterates the set of those values, where their
    hashes are steady (None otherwise), as pydantic writes such a set inside another value."""

    order: list[Any]
    iterated: list[Any] | None


def sorted_set(items: list[Any], keys: list[Any]) -> frozenset[Any]:
    """The set of `items` (JSON forms), in the order of the Python values `keys` (None: the item itself), as pydantic
    sorts a default set; a plain set where those do not compare."""
    made = SortedSet(items)
    by_item = {}
    for item, key in zip(items, keys):
        by_item.setdefault(item, item if key is None else key)
    values = list(by_item.values())
    item_of = {value: item for item, value in by_item.items()}
    order = python_order(values) if len(item_of) == len(values) else None
    made.iterated = None if order is None else [item_of[value] for value in order]
    try:
        made.order = sorted(by_item, key=by_item.__getitem__)
    except TypeError:  # a duration beside a text or a number: pydantic keeps the order Python iterates them in
        if made.iterated is None:  # which varies by run
            return frozenset(items)
        made.order = made.iterated
    return made


def _sorted_items(items: set[Any] | frozenset[Any]) -> list[Any]:
    """A set's items sorted, as pydantic sorts a default that is a set (by the values they stand for: `SortedSet`).
    It writes a set inside a default in the order Python iterates it, which follows hashes (a text's vary from one run
    to the next): sorted too, so that a build gives the same output every time."""
    if isinstance(items, SortedSet):
        return items.order
    try:
        return sorted(items)
    except TypeError:  # items that do not compare: pydantic keeps the order Python iterates them in, where steady
        order = python_order(items)
        return sorted(items, key=repr) if order is None else order


# Nodes that bind the name in their `name` field (the PEP 695 ones exist from Python 3.12 on).
_NAMED = tuple(getattr(ast, kind) for kind in ("FunctionDef", "AsyncFunctionDef", "ClassDef", "ExceptHandler", "MatchAs",
                                               "MatchStar", "TypeVar", "ParamSpec", "TypeVarTuple") if hasattr(ast, kind))  # fmt: skip


def bound_names(tree: ast.AST) -> Counter[str]:
    """How often each name is bound anywhere in a module, in any scope: assigned, deleted, imported (`*` for a star
    import), defined, a parameter. A name bound once, by a statement of the module's own body, has one value wherever
    the module reads it. `import a` and `import a.b` bind `a` to one module, one meaning however often they occur."""
    counts: Counter[str] = Counter()
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            counts[node.id] += 1
        elif isinstance(node, ast.arg):
            counts[node.arg] += 1
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is None:
                    modules.add(alias.name.partition(".")[0])
                else:
                    counts[alias.asname] += 1
        elif isinstance(node, ast.ImportFrom):
            counts.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            counts[node.rest] += 1
        elif isinstance(node, _NAMED) and isinstance(node.name, str):
            counts[node.name] += 1
    counts.update(modules)
    return counts


class SyntaxTrees(griffe.Extension):
    """Keeps the syntax node griffe visited for each object, so that no module is parsed twice."""

    def __init__(self) -> None:
        super().__init__()
        self.nodes: dict[str, ast.AST] = {}
        # the classes, functions and imports each module-level statement made, and back (`_first_branch`)
        self._made: dict[ast.AST, list[griffe.Object | griffe.Alias]] = {}
        self._maker: dict[int, ast.AST] = {}

    def on_instance(self, *, node: ast.AST | griffe.ObjectNode, obj: griffe.Object, **kwargs: Any) -> None:
        if isinstance(node, ast.AST):
            self.nodes[obj.path] = node
            if isinstance(obj, (griffe.Class, griffe.Function)) and isinstance(obj.parent, griffe.Module):
                self._made[node] = [obj]
                self._maker[id(obj)] = node

    def on_alias_instance(self, *, node: ast.AST | griffe.ObjectNode, alias: griffe.Alias, **kwargs: Any) -> None:
        if isinstance(node, ast.AST) and isinstance(alias.parent, griffe.Module):
            self._made.setdefault(node, []).append(alias)
            self._maker[id(alias)] = node

    def on_module_members(self, *, node: ast.AST | griffe.ObjectNode, mod: griffe.Module, **kwargs: Any) -> None:
        """A module-level name bound under `if TYPE_CHECKING:` and assigned again under its `else:` is, at run time,
        where pydantic reads it, the `else:` value; griffe keeps the first binding (`from _typeshed import StrPath`).
        An `elif` after it is the first of the branches that run, and its value is kept as any other `if` keeps its
        first branch's (google-genai's `elif sys.version_info >= (3, 14):`). Under any other `if` or `try`, the first
        branch's binding is kept (`_first_branch`)."""
        if not isinstance(node, ast.Module):
            return
        for stmt in node.body:
            if not (isinstance(stmt, ast.If) and _is_type_checking(stmt.test)):
                if isinstance(stmt, (ast.If, ast.Try)):
                    self._first_branch(stmt, mod)
                continue
            branches = stmt.orelse
            while len(branches) == 1 and isinstance(branches[0], ast.If):  # `elif`
                branches = branches[0].body
            for branch in branches:
                target, assigned = assignment(branch) or ("", None)
                if assigned is None or target not in mod.members or self.nodes.get(f"{mod.path}.{target}") is branch:
                    continue
                value = griffe.safe_get_expression(assigned, parent=mod, parse_strings=False)
                attribute = griffe.Attribute(target, value=value, lineno=branch.lineno, endlineno=branch.end_lineno,
                                             analysis="static")  # fmt: skip
                mod.set_member(target, attribute)
                self.nodes[attribute.path] = branch

    def _first_branch(self, stmt: ast.If | ast.Try, mod: griffe.Module) -> None:
        """A class, function or import of an `if`'s first branch (a `try`'s body) that its `else:` (`elif`, `except`)
        binds again is the one kept, as griffe keeps an assignment: `if is_pydantic_available(): from pydantic import
        BaseModel` then `else: class BaseModel: ...` (huggingface_hub), `if PYDANTIC_V2: def ...`; which runs is not
        known without running it, and the first is the one meant (griffe keeps the last)."""
        others = stmt.orelse if isinstance(stmt, ast.If) else stmt.handlers
        rebinding = {node for other in others for node in ast.walk(other)}
        for made in (obj for first in stmt.body for obj in self._made.get(first, ())):
            current = mod.members.get(made.name)
            if current is made or self._maker.get(id(current)) not in rebinding:
                continue
            mod.set_member(made.name, made)
            if isinstance(made, griffe.Alias):
                self.nodes.pop(made.path, None)
            else:
                self.nodes[made.path] = self._maker[id(made)]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def assignment(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """The one name a plain assignment (`X = ...`, `X: T = ...`) binds, with the value's expression; else None."""
    target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
    value = getattr(stmt, "value", None)
    return (target.id, value) if isinstance(target, ast.Name) and value is not None else None


class ModuleSource:
    """Where a module's objects are written: their syntax nodes and the file's display path."""

    def __init__(self, module: griffe.Module, root: Path, nodes: dict[str, ast.AST]) -> None:
        self.module = module
        self.nodes = nodes
        filepath = module.filepath if isinstance(module.filepath, Path) else Path(str(module.filepath))
        try:
            self.display_path = filepath.relative_to(root).as_posix()
        except ValueError:
            self.display_path = filepath.as_posix()

    @cached_property
    def lines(self) -> list[str]:
        return list(self.module.lines)

    def segment(self, node: ast.expr) -> str:
        """An expression as written in the file (on one line), or as `ast.unparse` renders it."""
        end_line, end_col = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
        if node.lineno == end_line and end_col is not None and 0 < node.lineno <= len(self.lines):
            line = self.lines[node.lineno - 1]
            if line.isascii():
                return line[node.col_offset : end_col]
            return line.encode("utf-8")[node.col_offset : end_col].decode("utf-8", errors="replace")
        return ast.unparse(node)

    def definition(self, obj: griffe.Object) -> ast.AST | None:
        """The `def`, `class` or PEP 695 `type` statement of a griffe object."""
        node = self.nodes.get(obj.path)
        return node if isinstance(node, _DEFINITIONS) else None

    @cached_property
    def _tree(self) -> ast.Module | None:
        tree = self.nodes.get(self.module.path)
        return tree if isinstance(tree, ast.Module) else None

    @cached_property
    def _bindings(self) -> Counter[str]:
        return bound_names(self._tree) if self._tree is not None else Counter()

    def bound_once(self, name: str) -> bool:
        """Whether the module binds `name` once in all, and imports nothing with `*` after the statement that binds it
        (in its own body, where a star import can be): it then means one thing from that statement on. A name the
        module never binds itself, where it has one star import, is that import's (as griffe follows it)."""
        if self._bindings[name] == 0:
            return self._bindings["*"] == 1
        if self._bindings[name] != 1:
            return False
        if "*" not in self._bindings:
            return True
        line = self._first_lines.get(name)
        return line is not None and all(star < line for star in self._star_lines)

    @cached_property
    def _star_lines(self) -> list[int]:
        """The lines of the module's star imports, which only its own body can hold."""
        body = self._tree.body if self._tree is not None else []
        return [stmt.lineno for stmt in body if isinstance(stmt, ast.ImportFrom) and stmt.names[0].name == "*"]

    @cached_property
    def _first_lines(self) -> dict[str, int]:
        """The line of the first of the module's own statements that binds each name: an import, an assignment, a
        definition."""
        lines: dict[str, int] = {}
        for stmt in self._tree.body if self._tree is not None else []:
            for bound in bound_names(stmt):
                lines.setdefault(bound, stmt.lineno)
        return lines

    @cached_property
    def _docs_assigned(self) -> dict[str, ast.Assign]:
        """The statements of the module's own body and its classes' bodies that assign an object's docstring
        (`tool.__doc__ = TEXT`, `Reader.read.__doc__ = ...`), the last one for each object, by its path."""
        found: list[tuple[ast.Assign, str]] = []
        body = self._tree.body if self._tree is not None else []
        classes = [(f"{self.module.path}.{stmt.name}", stmt.body) for stmt in body if isinstance(stmt, ast.ClassDef)]
        for owner, statements in [(self.module.path, body), *classes]:
            for stmt in statements:
                target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
                documented = isinstance(target, ast.Attribute) and target.attr == "__doc__"
                named = dotted_name(target.value) if documented else None  # type: ignore[union-attr]
                if named:
                    found.append((stmt, f"{owner}.{named}"))  # type: ignore[arg-type]
        return {path: stmt for stmt, path in sorted(found, key=lambda item: item[0].lineno)}

    def assigned_doc(self, obj: griffe.Object) -> ast.Assign | None:
        """The statement that last assigns `obj.__doc__`, where it runs after `obj`'s definition; else None."""
        stmt = self._docs_assigned.get(obj.path)
        return stmt if stmt is not None and stmt.lineno > (obj.lineno or 0) else None

    @cached_property
    def _changes(self) -> list[tuple[str, ast.expr]]:
        """The objects the module changes in place, anywhere in it, by the dotted names it reaches them by, each with
        the change as written, in the order written: by a method that changes a container (`LABELS.update(...)`,
        `consts.ITEMS.append(3)`), or by assigning or deleting an item or attribute (`LIMITS["a"] = 1`,
        `OPTIONS.timeout = 5`, `TABLE["a"].x = 1`, which changes `TABLE`)."""
        found: list[tuple[str, ast.AST]] = []
        for node in ast.walk(self._tree) if self._tree is not None else ():
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CHANGERS:
                changed: list[ast.expr | None] = [node.func.value]
            elif isinstance(node, (ast.Assign, ast.Delete, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                changed = [part.value for target in targets for part in ast.walk(target)  # `X[0], Y = ...` too
                           if isinstance(part, (ast.Subscript, ast.Attribute)) and not isinstance(part.ctx, ast.Load)]
            else:
                continue
            for item in changed:
                while item is not None and dotted_name(item) is None:
                    item = item.value if isinstance(item, (ast.Subscript, ast.Attribute)) else None
                if item is not None:
                    found.append((dotted_name(item), node))  # type: ignore[arg-type]
        return sorted(found, key=lambda item: (item[1].lineno, item[1].col_offset))  # type: ignore[attr-defined]

    def change_of(self, dotted: str) -> ast.expr | None:
        """The first change the module makes in place (`_changes`) to the object it reaches by `dotted`, or to part of
        it (`consts.ITEMS.append(3)` changes `consts.ITEMS`); None where it makes none."""
        return next((node for name, node in self._changes if name == dotted or name.startswith(dotted + ".")), None)

    def replayable(self, name: str, after: int) -> list[ast.stmt] | None:
        """The statements by which the module changes the object its name `name` holds (`_changes`), in order, where
        each is a statement of the module's own body after line `after` that changes that object itself: a method
        called on it (`ITEMS.append(3)`), or an item assigned or deleted (`LIMITS["b"] = 2`). None where another
        change is made (in a function, under an `if`, to an attribute or an item's item)."""
        body = self._tree.body if self._tree is not None else []
        top = {id(stmt.value if isinstance(stmt, ast.Expr) else stmt): stmt for stmt in body}
        statements = []
        for dotted, node in self._changes:
            if dotted != name and not dotted.startswith(name + "."):
                continue
            stmt = top.get(id(node))
            if isinstance(node, ast.Call):  # a method of the object itself, not of an item's (`ROWS[0].append(2)`)
                itself = isinstance(node.func.value, ast.Name)  # type: ignore[attr-defined]
            else:  # an item of the object itself assigned or deleted
                targets = getattr(node, "targets", [])
                itself = all(isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) for t in targets)
            if dotted != name or stmt is None or stmt.lineno <= after or not itself:
                return None
            statements.append(stmt)
        return statements

    def constant_value(self, obj: griffe.Object) -> ast.expr | None:
        """The value assigned to a module's attribute by the one statement in the module that binds its name, in the
        module's own body (not under an `if` or a `try`). griffe makes no attribute of an unpacking assignment."""
        node = self.nodes.get(obj.path)
        if self._tree is None or not self.bound_once(obj.name) or not any(node is stmt for stmt in self._tree.body):
            return None
        return node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None

    def assigned_value(self, obj: griffe.Object) -> ast.expr | None:
        """The right-hand side of the assignment (or PEP 695 `type` statement) that defines an attribute."""
        return getattr(self.nodes.get(obj.path), "value", None)


@dataclass
class Scope:
    """Resolves names as written in one module to canonical dotted paths and griffe objects."""

    module: griffe.Module
    collection: griffe.ModulesCollection
    cache: dict[tuple[str, str], str] = field(default_factory=dict)  # shared by one scan's scopes

    def path_of(self, node: ast.expr) -> str:
        """The canonical dotted path that a name or attribute chain written here refers to, or "" for another node."""
        dotted = dotted_name(node)
        return self.qualify(dotted) if dotted else ""  # `qualify` gives canonical paths

    def qualify(self, dotted: str) -> str:
        key = (self.module.path, dotted)
        if key not in self.cache:
            self.cache[key] = self._qualify(dotted)
        return self.cache[key]

    def _qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        # a module's own names (`typing` star-imported from a module importing it too); griffe would look in the
        # packages above it as well, where a submodule `list.py` beside this module named `list` (LangChain's
        # `output_parsers/list.py`), which here is the builtin
        try:
            base = self._followed(self.module.resolve(head))[1] if head in self.module.members else head
        except griffe.NameResolutionError:
            base = head
        if head not in self.module.members:  # `from typing import *`
            base = self._star_imported(head) or head
        return canonical(self._followed(f"{base}.{rest}")[1] if rest else base)

    def _star_imported(self, name: str) -> str | None:
        """The path of `name` where a star import of a standard-library module of types binds it (`from typing
        import *`): the last such import that exports it, as Python binds them in order. griffe expands a star import
        of a scanned module itself, and keeps one of any other as a member `typing/*`; the standard library's own
        module says what it exports (it is not the code scanned, and importing it runs nothing of the project's)."""
        found = None
        for key in self.module.members:
            module = key[:-2] if key.endswith("/*") else ""
            if name in _stdlib_exports(module):
                found = f"{module}.{name}"
        return found

    def within(self, cls: griffe.Class) -> Scope:
        """The scope of `cls`'s body, a class of this module."""
        return BodyScope(self.module, self.collection, self.cache, cls)

    def unread_package(self, path: str) -> str | None:
        """The top-level package a dotted path leads into, where the scan reads none of it and could: not the
        standard library nor a library known by name. The `type-packages` option can name it."""
        head, dot, _ = path.partition(".")
        if not dot or head in self.collection.members or head in sys.stdlib_module_names or head in KNOWN_LIBRARIES:
            return None
        return head

    def lookup(self, path: str) -> griffe.Object | None:
        """The object at a dotted path in the scanned packages, following aliases."""
        return self._followed(path)[0]

    def _followed(self, path: str) -> tuple[griffe.Object | None, str]:
        """The object at a dotted path in the scanned packages, following aliases, and its own path; None and the
        path the last alias names where they lead out of the scanned packages (`from .compat import Mapping`)."""
        try:
            obj = self.collection.get_member(path)
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None, path
        for _ in range(20):
            imported = _reexported(obj)
            if imported is not None:  # `Playwright = Playwright`: what the import bound
                try:
                    obj = self.collection.get_member(imported)
                except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                    return None, imported
                continue
            if not isinstance(obj, griffe.Alias):
                return obj, obj.path
            try:
                obj = obj.target
            except griffe.AliasResolutionError:
                return None, obj.target_path
            except griffe.CyclicAliasError:
                break
        return None, path


def _reexported(obj: griffe.Object | griffe.Alias) -> str | None:
    """The path an import bound a module's name to, where the module then assigns the name itself (browser-use's
    `Playwright = Playwright`, a re-export): griffe keeps the assignment alone, whose value names the import."""
    if obj.is_alias or not isinstance(obj, griffe.Attribute) or not isinstance(obj.parent, griffe.Module):
        return None
    value = obj.value
    named = isinstance(value, griffe.ExprName) and value.name == obj.name
    return obj.parent.imports.get(obj.name) if named else None


# The standard library's modules of types, whose star imports are followed (`antigravity` would open a browser)
_STARRED_STDLIB = frozenset(("typing", "collections", "collections.abc", "datetime", "decimal", "enum", "dataclasses",
                             "pathlib", "uuid", "ipaddress", "fractions", "re", "types"))  # fmt: skip


@lru_cache(maxsize=None)
def _stdlib_exports(module: str) -> frozenset[str]:
    """The names `from <module> import *` binds, for a standard-library module of types (typing_extensions as
    `typing`); none for any other."""
    module = "typing" if module == "typing_extensions" else module
    if module not in _STARRED_STDLIB:
        return frozenset()
    found = importlib.import_module(module)
    exported = getattr(found, "__all__", None)
    return frozenset(exported if exported is not None else (n for n in vars(found) if not n.startswith("_")))


# Standard-library modules never imported to look a class up, since importing them does something (`antigravity` opens
# a browser, `idlelib.idle` starts IDLE); nor is any `__main__` module
_UNIMPORTED = frozenset(("antigravity", "this", "__hello__", "__phello__", "idlelib", "turtledemo"))


@lru_cache(maxsize=None)
def instance_checked(path: str) -> str | None:
    """The path where a class of the standard library that pydantic only checks instances of (under
    `arbitrary_types_allowed`, and so writes no JSON Schema for) is defined, where a dotted path names one:
    `asyncio.Queue` (`asyncio.queues.Queue`), `logging.Logger`, `typing.Iterator` (`collections.abc.Iterator`). Any
    class pydantic knows no schema for is one, unless it is an Enum, a NamedTuple, a dataclass or a TypedDict, or has
    pydantic's hooks; a subclass of a builtin type is left to the caller too, and so are the classes pydantic knows
    (`pathlib.WindowsPath`) or the caller does, by this path or the one returned (`sqlite3.Date` is `datetime.date`).
    The module is imported: it is the standard library's, not the code scanned."""
    module, _, name = path.rpartition(".")
    parts = module.split(".")
    if not module or parts[0] not in sys.stdlib_module_names or parts[0] in _UNIMPORTED or "__main__" in parts:
        return None
    try:
        found = getattr(importlib.import_module(module), name, None)
    except Exception:  # noqa: BLE001 - ImportError, or a module this platform lacks its parts for
        return None
    if not isinstance(found, type):  # `typing.Iterator`: `collections.abc.Iterator`
        found = getattr(found, "__origin__", None)
    builtin = (tuple, dict, list, set, frozenset, str, bytes, bytearray, int, float, complex, PurePath, enum.Enum)
    if not isinstance(found, type) or issubclass(found, builtin) or is_dataclass(found):
        return None
    hooks = ("__get_pydantic_core_schema__", "__get_pydantic_json_schema__")
    if is_typeddict(found) or any(hasattr(found, hook) for hook in hooks) or path in _NOT_INSTANCE_CHECKED:
        return None
    return canonical(f"{found.__module__}.{found.__qualname__}")


# Classes of the standard library that `instance_checked` leaves to the caller, which no other rule of it tells: one
# pydantic writes a schema for, and those that only mark or make types (`InitVar[int]` is an `int` field)
_NOT_INSTANCE_CHECKED = frozenset(("zoneinfo.ZoneInfo", "dataclasses.InitVar", "typing.Generic", "typing.Protocol",
                                   "typing.Annotated", "abc.ABC"))


@dataclass
class BodyScope(Scope):
    """The scope of a class's body, where its annotations, defaults and decorators are read: a name its own nested
    classes or plain (unannotated) assignments bind is the class's, as Python reads a name there first (`unit: Unit`
    for a nested `class Unit(Enum)`); any other, the module's. Its fields are no such names: `date: date` names the
    module's `date`, as Python reads it (the annotation runs before the field is assigned)."""

    owner: griffe.Class | None = None

    def qualify(self, dotted: str) -> str:
        head = dotted.partition(".")[0]
        member = self.owner.members.get(head) if self.owner is not None else None
        assigned = isinstance(member, griffe.Attribute) and "class-attribute" in member.labels  # not `self.x = ...`
        if isinstance(member, griffe.Class) or (assigned and member.annotation is None):
            return canonical(self._followed(f"{self.owner.path}.{dotted}")[1])
        return super().qualify(dotted)
