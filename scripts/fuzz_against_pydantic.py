"""Differential fuzzing: random annotated tools, what the build writes against what the peers make of them at run time.

Each seed writes a module of random classes (models and pydantic dataclasses with random configurations, standard
and generic dataclasses, some of them keyword-only, TypedDicts, NamedTuples) and one tool function, its types nested
at random (unions of two lists or dicts of different items among them, generic aliases and a generic model given any
of them), scans it, and checks:

- `schema`: the tool's parameters against pydantic's schema of the signature (as in `tests/test_conformance.py`);
- `returns`: the return schema against pydantic's `TypeAdapter` of the return type;
- `adapters`: `pydantic_ai_tools()`, `anthropic_tools()` and `TOOLS` against pydantic-ai's `Tool`, the anthropic SDK's
  `@beta_tool` and the Agents SDK's `@function_tool`, and the SDK's strict rewriting leaving our strict schema alone;
- `call`: random values dumped to JSON by pydantic, then `call()` against pydantic's validation of that JSON: the
  same Python values reach the function (types included: `1` is not `1.0`).

A default the scan leaves unshown (with its warning) where pydantic shows one is counted apart, as `unshown`. So are
three kinds of known, documented differences: `collapsed`, a class pydantic validates under several configurations in
one schema, written as one definition, the first use's (ours has one for each: the README lists it); `unsteady`, a
schema that pydantic itself writes otherwise in a process of another hash seed (a set inside a default, or a set
default it cannot sort, such as plain Enum members, comes in the order Python iterates it, which follows hashes; the
scan sorts it) or, before Python 3.12, in the order of None among numbers (None's hash followed its address; the scan
writes 3.12's order), and `lax`, arguments that `call()` refuses where pydantic's own schema, each object that lists
its properties closed as `call()` reads it, refuses them too (a key pydantic ignores, a number for a date, time,
duration or `bool`, a NamedTuple given as an object). Where such a value goes to another member of a union instead
(pydantic takes `1` for `Literal[True]` before `int`, or a TypedDict ignoring a key before a dict), it is `lax` too if
`call()` agrees with pydantic once given the arguments as pydantic read them (dumped back to JSON).

    python scripts/fuzz_against_pydantic.py --seeds 0:300 --out /tmp/fuzz

needs the test extra (pydantic-ai, anthropic, openai-agents). Nothing it finds is fixed by it: each failure is a file
in `--out` with the check, the difference and the module, to turn into a conformance fixture or a test.
"""
from __future__ import annotations

import argparse
import copy
import dataclasses
import importlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import traceback
import typing
import warnings
from pathlib import Path
from typing import Any, Callable

os.environ["HATCH_TOOLSCHEMA_JOBS"] = "1"  # many small scans: a fork each would cost more
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
warnings.filterwarnings("ignore")

from conftest import load_module  # noqa: E402
from test_conformance import comparable, runtime_schema, strip_titles  # noqa: E402

from hatch_toolschema.config import Config  # noqa: E402
from hatch_toolschema.pipeline import generate  # noqa: E402
from hatch_toolschema.schema import renamed_refs  # noqa: E402

Q = chr(39) * 3
HEADER = f'''import dataclasses, datetime, decimal, enum, ipaddress, pathlib, uuid
from typing import (Any, Dict, FrozenSet, Generic, List, Literal, Mapping, NamedTuple, Optional, Sequence, Set, Tuple,
                    TypeVar, Union)
from pydantic import (BaseModel, ByteSize, ConfigDict, Extra, Field, HttpUrl, InstanceOf, NegativeInt, NonNegativeFloat,
                      PositiveInt, SecretStr, StrictInt, StrictStr, conint, conlist, constr)
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic.alias_generators import to_camel, to_pascal
from typing_extensions import Annotated, Doc, TypedDict

LIMIT = 5
NAME = "n"


def camel_custom(name: str) -> str:
    {Q}a2a-sdk's alias generator: a trailing underscore dropped, then camel case.{Q}
    if name.endswith("_"):
        name = name.rstrip("_")
    return to_camel(name)


T = TypeVar("T")
Twice = Tuple[T, T]  # generic aliases, given an argument
OneOrMany = Union[T, List[T]]
Keyed = Dict[str, List[T]]


class Color(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Mood(enum.Enum):
    HAPPY = "h"
    SAD = 2


class Cat(BaseModel):
    kind: Literal["cat"] = "cat"
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog"] = "dog"
    bark: str = "woof"


class Node(BaseModel):
    label: str = ""
    children: List["Node"] = []


class Page(BaseModel, Generic[T]):
    items: List[T] = []
    total: float = 0


class Base(BaseModel):
    {Q}A base model.{Q}

    base_id: int = 1
    note: Optional[str] = None

'''
# Types that need no class of their own: the annotation, then the values that can be written for it (None: none)
ATOMS: dict[str, tuple[str, list[str | None]]] = {
    "int": ("int", ["0", "7", "-3", "LIMIT"]), "float": ("float", ["1", "2.5", "0.25"]),
    "str": ("str", ['""', '"a"', '"x y"', '"ünï"', "NAME"]), "bool": ("bool", ["True", "False"]),
    "lit_s": ('Literal["a", "b"]', ['"a"', '"b"']), "lit_i": ("Literal[1, 2, 3]", ["1", "3"]),
    "lit_mixed": ('Literal[1, "a", None]', ["1", '"a"', "None"]), "lit_enum": ("Literal[Color.RED]", ["Color.RED"]),
    "color": ("Color", ["Color.RED", "Color.BLUE"]), "level": ("Level", ["Level.LOW", "Level.HIGH"]),
    "mood": ("Mood", ["Mood.HAPPY", "Mood.SAD"]), "any": ("Any", ["1", "None", '"s"', "[1]"]),
    "date": ("datetime.date", ["datetime.date(2024, 1, 2)"]), "time": ("datetime.time", ["datetime.time(1, 2)"]),
    "datetime": ("datetime.datetime", ["datetime.datetime(2024, 1, 2, 3, 4)"]),
    "timedelta": ("datetime.timedelta", ["datetime.timedelta(hours=1)", "datetime.timedelta(days=2, seconds=3)"]),
    "uuid": ("uuid.UUID", ['uuid.UUID("12345678-1234-5678-1234-567812345678")']),
    "decimal": ("decimal.Decimal", ['decimal.Decimal("1.5")']), "path": ("pathlib.Path", ['pathlib.Path("a/b")']),
    "bytes": ("bytes", ['b"ab"']), "posint": ("PositiveInt", ["1", "LIMIT"]), "nonneg": ("NonNegativeFloat", ["0", "1.5"]),
    "strict": ("StrictStr", ['"s"', "NAME"]), "secret": ("SecretStr", ['SecretStr("x")']),
    "url": ("HttpUrl", ['HttpUrl("https://a.example/x")']), "size": ("ByteSize", ["ByteSize(1000)"]),
    "conint": ("conint(ge=0, le=10)", ["3"]), "constr": ("constr(min_length=1, max_length=5)", ['"abc"']),
    "ip": ("ipaddress.IPv4Address", ['ipaddress.IPv4Address("1.2.3.4")']), "strict_int": ("StrictInt", ["1", "LIMIT"]),
    "negint": ("NegativeInt", ["-3"]), "conlist": ("conlist(int, min_length=1)", ["[1]", "[0, 7]"]),
    "lit_bool": ("Literal[True]", ["True"]),
    "node": ("Node", ["Node()", 'Node(label="x")', "Node(children=[Node()])"]),
    "pet": ('Annotated[Union[Cat, Dog], Field(discriminator="kind")]', ["Cat()", 'Dog(bark="b")']),
    "page": ("Page[int]", ["Page[int]()", "Page[int](items=[1], total=2)"]), "base": ("Base", ["Base()", 'Base(note="x")']),
}  # fmt: skip
CONTAINERS = ["list", "sequence", "set", "frozenset", "dict", "mapping", "optional", "union", "twin", "tuple", "pair",
              "number", "text", "model", "dataclass", "typeddict", "namedtuple", "pydantic_dataclass", "alias",
              "generic"]  # fmt: skip
FIELD_EXTRAS = ["description='About {0}.'", "alias='{1}'", "serialization_alias='s_{0}'", "title='T'", "examples=[1]",
                "deprecated=True", "validation_alias='v_{0}'"]  # fmt: skip
CONFIGS = ["alias_generator=to_camel", "alias_generator=to_pascal", 'extra="forbid"', 'extra="allow"',
           "populate_by_name=True", "use_enum_values=True", "str_max_length=7", 'title="Custom"', "frozen=True",
           "strict=True", 'ser_json_timedelta="float"', "coerce_numbers_to_str=True"]  # fmt: skip

Type = tuple[str, Callable[[], "str | None"], bool]  # annotation, a value's source (None: none), hashable


class Program:
    """A random module: classes, then `f_tool`, whose arguments get values written in `values`."""

    def __init__(self, seed: int, returning: bool) -> None:
        self.random = random.Random(seed)
        # for what the fuzzer learned later (text metadata), drawn apart so that earlier seeds still make their programs
        self.later = random.Random(-seed - 1)
        # other spellings of the same types and values (`InstanceOf[Base]`, an Enum member's `.value`, `set(Color)`),
        # drawn apart from both, so that earlier seeds still make their programs
        self.spelling = random.Random(f"spelling {seed}")
        # and later ones (a text made of an Enum member, pydantic 1's `class Config:`, an alias generator of the
        # module's own, `Field`'s extra keywords), apart from those, so that earlier seeds keep their spellings too
        self.respelling = random.Random(f"respelling {seed}")
        self.factories = random.Random(f"factories {seed}")  # a field's default made by a factory: drawn apart too
        self.keywords = random.Random(f"keywords {seed}")  # a dataclass whose fields are keyword-only: apart too
        self.classes: list[str] = []
        self.named: list[tuple[str, str, Callable[[], str | None]]] = []  # models, for reuse
        # each model's, dataclass's or TypedDict's fields, its own and those it inherits, and its ancestors
        self.model_fields: dict[str, dict[str, tuple[str, str | None, Callable[[], str | None]]]] = {}
        self.ancestors: dict[str, set[str]] = {}
        self.count = 0
        returned = self.type(0)[0] if returning and self.random.random() < 0.6 else None
        params = [(f"p{i}", *self.type(0)) for i in range(self.random.randint(1, 4))]
        self.values = {name: self.some(make) for name, _, make, _ in params}
        defaults = {name: make() if self.random.random() < 0.5 else None for name, _, make, _ in params}
        params.sort(key=lambda param: defaults[param[0]] is not None)
        signature = ", ".join(f"{n}: {t}" + (f" = {defaults[n]}" if defaults[n] else "") for n, t, _, _ in params)
        documented = [n for n, _, _, _ in params if self.random.random() < 0.5]
        doc = "A tool." + ("\n\n    Args:\n" + "".join(f"        {n}: About {n}.\n" for n in documented) + "    ") * bool(documented)
        arrow = f" -> {returned}" if returned else ""
        names = "".join(f"{n}, " for n, _, _, _ in params)
        tool = f"def f_tool({signature}){arrow}:\n    {Q}{doc}{Q}\n    return ({names})\n"
        self.source = HEADER + "\n".join(self.classes) + "\n\n" + tool

    def some(self, make: Callable[[], str | None]) -> str | None:
        return next((value for value in (make() for _ in range(6)) if value is not None), None)

    def type(self, depth: int) -> Type:
        r = self.random
        kind = r.choice(list(ATOMS) + (CONTAINERS if depth < 3 else []))
        if kind in ATOMS:
            annotation, values = ATOMS[kind]
            if kind == "base" and self.spelling.random() < 0.3:
                annotation = "InstanceOf[Base]"
            return annotation, lambda: self.spelled(r.choice(values)), kind not in ("any", "node", "pet", "page", "base")
        if kind in ("model", "dataclass", "typeddict", "namedtuple", "pydantic_dataclass"):
            if self.named and r.random() < 0.3:  # a model again (only models: pydantic writes another kind
                name, _, make = r.choice(self.named)  # used both alone and in a configured model as the first)
                return name, make, False
            return self.record(kind, depth + 1)
        inner, make, hashable = self.type(depth + 1)
        if kind in ("list", "sequence", "set", "frozenset"):
            if kind in ("set", "frozenset") and not hashable:
                return self.type(depth)
            outer = {"list": "List", "sequence": "Sequence", "set": "Set", "frozenset": "FrozenSet"}[kind]
            opening, closing = {"set": ("{", "}"), "frozenset": ("frozenset({", "})")}.get(kind, ("[", "]"))
            written = lambda: self.joined([make() for _ in range(r.randint(1, 2))], opening, closing)  # noqa: E731
            if inner in ("Color", "Level", "Mood") and self.spelling.random() < 0.3:  # the Enum's members: its
                made = {"list": "list", "sequence": "tuple", "set": "set", "frozenset": "frozenset"}[kind]
                return f"{outer}[{inner}]", lambda: (written(), f"{made}({inner})")[1], kind == "frozenset"  # draws kept
            return f"{outer}[{inner}]", written, kind == "frozenset"
        if kind in ("dict", "mapping"):
            return f"{'Dict' if kind == 'dict' else 'Mapping'}[str, {inner}]", lambda: self.joined([make()], '{"k": ', "}"), False
        if kind == "optional":
            return f"Optional[{inner}]", lambda: r.choice(["None", make()]), hashable
        if kind == "union":
            other, other_make, other_hashable = self.type(depth + 1)
            if other == inner:
                return inner, make, hashable
            return f"Union[{inner}, {other}]", lambda: r.choice([make, other_make])(), hashable and other_hashable
        if kind == "twin":  # one container of two item types, which pydantic grades by the items the value holds
            other, other_make, _ = self.type(depth + 1)
            if other == inner:
                return inner, make, hashable
            def items() -> list[str | None]:
                return [r.choice([make, other_make])() for _ in range(r.randint(0, 2))]
            if r.random() < 0.5:
                return f"Union[List[{inner}], List[{other}]]", lambda: self.joined(items(), "[", "]"), False
            keyed = lambda: [None if item is None else f'"k{i}": {item}' for i, item in enumerate(items())]  # noqa: E731
            return f"Union[Dict[str, {inner}], Dict[str, {other}]]", lambda: self.joined(keyed(), "{", "}"), False
        if kind == "alias":  # a generic alias given the inner type
            form = r.choice(["Twice", "OneOrMany", "Keyed"])
            if form == "Twice":
                return f"Twice[{inner}]", lambda: self.joined([make(), make()], "(", ")"), hashable
            if form == "Keyed":
                return f"Keyed[{inner}]", lambda: self.joined([self.joined([make()], "[", "]")], '{"k": ', "}"), False
            return f"OneOrMany[{inner}]", lambda: r.choice([make(), self.joined([make()], "[", "]")]), False
        if kind == "generic":
            # a generic model given any type, not only a class; but no `Annotated` one, whose metadata pydantic shows
            # by its repr in the model's name (a documented difference: README)
            if any(mark in inner for mark in ("Annotated", "(", "Positive", "Negative", "Strict")):
                return self.type(depth)
            return f"Page[{inner}]", lambda: self.joined([make()], f"Page[{inner}](items=[", "])"), False
        if kind == "tuple":
            return f"Tuple[{inner}, ...]", lambda: self.joined([make() for _ in range(r.randint(0, 2))], "(", ")"), hashable
        if kind == "pair":
            other, other_make, other_hashable = self.type(depth + 1)
            return f"Tuple[{inner}, {other}]", lambda: self.joined([make(), other_make()], "(", ")"), hashable and other_hashable
        bound = r.randint(1, 5)
        if kind == "number":
            key = r.choice(["ge", "gt", "le", "lt", "multiple_of"])
            valid = {"ge": bound, "gt": bound + 1, "le": bound, "lt": bound - 1, "multiple_of": 2 * bound}[key]
            return f"Annotated[{r.choice(['int', 'float'])}, Field({key}={bound}){self.note()}]", lambda: str(valid), True
        key = r.choice(["min_length", "max_length", "pattern"])
        written = repr("^[a-z]+$") if key == "pattern" else str(bound)
        valid = {"min_length": "a" * bound, "max_length": "a", "pattern": "abc"}[key]
        return f"Annotated[str, Field({key}={written}){self.note()}]", lambda: repr(valid), True

    def spelled(self, value: str) -> str:
        """A value as written, or now and then an Enum member's as its `.value`, or a text as one made of texts and
        Enum members (`str(Mood.HAPPY)`, `f"{Color.RED.value}!"`, `NAME.upper()`)."""
        member = re.fullmatch(r"(Color|Level|Mood)\.[A-Z]+", value)
        if value in ('"a"', '"x y"', "NAME") and self.respelling.random() < 0.3:
            return self.respelling.choice(['str(Mood.HAPPY)', 'f"{Mood.SAD}"', 'f"{Level.LOW:03d}"', 'NAME.upper()',
                                           'f"{Color.RED.value}!"', '"x_y".split("_")[-1]', 'repr(Color.BLUE)'])
        return f"{value}.value" if member and self.spelling.random() < 0.3 else value

    def note(self) -> str:
        """Now and then, text metadata, which describes a parameter and nothing inside a type or on a field."""
        return self.later.choice(["", "", "", ', "A note."', ', Doc("A doc.")'])

    @staticmethod
    def joined(items: list[str | None], opening: str, closing: str) -> str | None:
        """A display of the items (`[a, b]`, `{a}`, `(a, )`), or None where one has no value."""
        if any(item is None for item in items):
            return None
        return opening + "".join(f"{item}, " for item in items) + closing

    def record(self, kind: str, depth: int) -> Type:
        r = self.random
        self.count += 1
        name = f"{kind[0].upper()}{self.count}"
        fields = []
        for i in range(r.randint(1, 4)):
            annotation, make, _ = self.type(depth)
            field = r.choice(["value", "item_count", "label", "x", "some_name"]) + str(i)
            fields.append((field, annotation, make() if r.random() < 0.6 else None, make))
        if kind != "typeddict":  # fields with defaults last
            fields.sort(key=lambda f: f[2] is not None)
        bases = {"model": [r.choice(["BaseModel"] * 6 + ["Base"])], "typeddict": ["TypedDict"]}.get(kind, [])
        if kind == "model" and r.random() < 0.1:  # derived from the generic model, specialized: its `items` typed
            bases = [f"Page[{self.type(depth + 1)[0]}]"]
        derived = kind in ("model", "typeddict", "dataclass") and depth < 3 and r.random() < 0.3
        if derived and kind == "dataclass":  # its own fields after the bases': each with a default
            fields = [(field, annotation, default if default is not None else make(), make)
                      for field, annotation, default, make in fields]  # fmt: skip
            derived = all(default is not None for _, _, default, _ in fields)
        if derived:  # derived from one or two made first
            bases = [self.record(kind, depth + 1)[0] for _ in range(r.choice([1, 2]))]
            if len(bases) == 2 and (bases[0] in self.ancestors[bases[1]] or bases[1] in self.ancestors[bases[0]]):
                bases = bases[:1]  # one derives from the other: no consistent order with it first
        total = "" if r.random() < 0.7 else ", total=False"
        derived_from = f"({', '.join(bases)})" if bases else ""
        lines = {"model": [f"class {name}({', '.join(bases)}):"],
                 "dataclass": ["@dataclasses.dataclass(frozen=True)", f"class {name}{derived_from}:"],
                 "typeddict": [f"class {name}({', '.join(bases)}{total}):"],
                 "namedtuple": [f"class {name}(NamedTuple):"],
                 "pydantic_dataclass": ["@pydantic_dataclass(frozen=True)", f"class {name}:"]}[kind]  # fmt: skip
        if kind in ("dataclass", "pydantic_dataclass") and self.keywords.random() < 0.2:  # listed last by pydantic
            lines[0] = lines[0].replace("(frozen=True", "(frozen=True, kw_only=True")
        if r.random() < 0.4:
            lines.append(f"    {Q}The {name} record.{Q}")
        configured = kind in ("model", "pydantic_dataclass")
        options = sorted({r.choice(CONFIGS) for _ in range(r.randint(0, 3))}) if configured else []
        if options and self.respelling.random() < 0.3:  # the module's own alias generators
            options = [o.replace("to_camel", "camel_custom").replace(
                "to_pascal", 'lambda name: "".join(w.capitalize() for w in name.split("_"))') for o in options]
        if len({o.split("=")[0] for o in options}) == len(options) and options:
            if kind == "model" and self.respelling.random() < 0.3:  # pydantic 1's spelling, which 2 still reads
                lines.append("    class Config:")
                lines += [f"        {o.replace('=', ' = ', 1).replace(chr(34) + 'forbid' + chr(34), 'Extra.forbid')}"
                          for o in options]  # fmt: skip
            elif kind == "model":
                lines.append(f"    model_config = ConfigDict({', '.join(options)})")
            else:  # a pydantic dataclass takes its configuration in its decorator
                lines[0] = lines[0].replace(")", f", config=ConfigDict({', '.join(options)}))")
        for field, annotation, default, _ in fields:
            if kind == "typeddict":
                lines.append(f"    {field}: {annotation}")
            elif kind == "model" and r.random() < 0.3:
                extra = r.choice(FIELD_EXTRAS).format(field, field.upper())
                extra += ", unit='u'" if self.respelling.random() < 0.2 else ""  # `json_schema_extra`'s, to pydantic
                lines.append(f"    {field}: {annotation} = Field({default + ', ' if default else ''}{extra})")
            elif default and kind != "namedtuple" and self.factories.random() < 0.15:  # made by a factory
                call = "dataclasses.field" if kind == "dataclass" else "Field"
                lines.append(f"    {field}: {annotation} = {call}(default_factory=lambda: {default})")
            else:
                lines.append(f"    {field}: {annotation}" + (f" = {default}" if default else ""))
        self.classes.append("\n".join(lines) + "\n")
        # the bases' fields, then the class's own: a model's nearer base (the first listed) wins, as in its MRO; a
        # TypedDict's later base, as `typing` gathers them
        ordered = bases if kind == "typeddict" else reversed(bases)
        every = {k: v for base in ordered for k, v in self.model_fields.get(base, {}).items()}
        every.update({field: (annotation, default, field_make) for field, annotation, default, field_make in fields})
        if kind in ("model", "typeddict", "dataclass"):
            self.model_fields[name] = every
            self.ancestors[name] = {base for base in bases for base in (base, *self.ancestors.get(base, ()))}

        def make() -> str | None:  # an instance: by its fields' names, as an author writes one
            if kind != "typeddict" and all(f[1] for f in every.values()) and r.random() < 0.5:
                return f"{name}()"
            values = [(field, self.some(field_make)) for field, (_, _, field_make) in every.items()]
            if any(value is None for _, value in values):
                return None
            return f"{name}(" + ", ".join(f"{field}={value}" for field, value in values) + ")"

        if kind == "model":
            self.named.append((name, kind, make))
        return name, make, kind == "namedtuple"


def differs(ours: Any, theirs: Any) -> str | None:
    ours, theirs = comparable(ours, theirs)
    a, b = json.dumps(ours, sort_keys=True), json.dumps(theirs, sort_keys=True)
    return None if a == b else f"OURS   {a}\nTHEIRS {b}"


def unshown_only(ours: Any, theirs: Any) -> bool:
    """Whether the two differ only by defaults theirs shows and ours leaves out (the scan warns of each)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        extra = set(theirs) - set(ours)
        return extra <= {"default"} and set(ours) <= set(theirs) and all(unshown_only(ours[k], theirs[k]) for k in ours)
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return all(unshown_only(a, b) for a, b in zip(ours, theirs))
    return ours == theirs


def collapsed(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether the two differ only where pydantic writes a class it validates under several configurations (a
    TypedDict or standard dataclass in models that pass it different alias generators or `extra`) as one definition,
    the first use's, and ours has a definition for each (`pkg__m__D3`, `pkg__m__D3__2`: the README lists it)."""
    ours, theirs = comparable(ours, theirs)
    defs, their_defs = ours.get("$defs", {}), theirs.get("$defs", {})
    variants = {name: short for name in defs if name not in their_defs
                for short in their_defs if re.fullmatch(rf"\w+__{re.escape(short)}(__\d+)?", name)}  # fmt: skip
    if not variants or any(defs[name] == their_defs.get(short) for name, short in variants.items()):
        return False
    merged = copy.deepcopy(ours)
    for name, short in variants.items():
        merged = renamed_refs(merged, {name: short})
        del merged["$defs"][name]
    return json.dumps(merged, sort_keys=True) == json.dumps(theirs, sort_keys=True)


def same_values(a: Any, b: Any, path: str = "$") -> str | None:
    """Where two Python values differ, their types included; None where they are the same."""
    from pydantic import BaseModel

    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} {a!r} != {type(b).__name__} {b!r}"
    if isinstance(a, BaseModel):
        return same_values(dict(a), dict(b), path) or same_values(a.__pydantic_extra__, b.__pydantic_extra__, path)
    if dataclasses.is_dataclass(a):
        return same_values(dataclasses.asdict(a), dataclasses.asdict(b), path)
    if hasattr(a, "_asdict"):
        return same_values(a._asdict(), b._asdict(), path)
    if isinstance(a, dict):
        keys = None if set(a) == set(b) else f"{path}: keys {list(a)} != {list(b)}"
        return keys or next((d for k in a if (d := same_values(a[k], b[k], f"{path}.{k}"))), None)
    if isinstance(a, (list, tuple)):
        length = None if len(a) == len(b) else f"{path}: {a!r} != {b!r}"
        return length or next((d for i, (x, y) in enumerate(zip(a, b)) if (d := same_values(x, y, f"{path}[{i}]"))), None)
    return None if a == b else f"{path}: {a!r} != {b!r}"


def check(seed: int, base: Path, checks: set[str]) -> tuple[str, str, str]:
    """One seed's outcome: `ok`, `skip` (pydantic refuses the module), `unshown`, `unsteady`, or the check that failed."""
    from pydantic import TypeAdapter

    program = Program(seed, returning="returns" in checks)
    package = f"fuzz{seed}"
    root = base / package
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text("")
    (root / package / "m.py").write_text(program.source)
    sys.path.insert(0, str(root))
    try:
        try:
            func = importlib.import_module(f"{package}.m").f_tool
            theirs = runtime_schema(func)
        except Exception as error:  # noqa: BLE001 - a module pydantic refuses is no test of ours
            return "skip", f"{type(error).__name__}: {error}", program.source
        generation = generate(root, Config(include=(f"{package}.m:f_tool",)), [package])
        notes = "\n".join(map(str, generation.diagnostics))
        if generation.errors:
            return "error", notes, program.source
        (tool,) = json.loads(generation.packages[0].json)["tools"]
        found: list[tuple[str, str]] = []
        difference = differs(tool["parameters"], theirs) if "schema" in checks else None
        if difference:
            unshown = unshown_only(*comparable(tool["parameters"], theirs)) and "literal" in notes
            unsteady = older_none_order(tool["parameters"], theirs) or not steady(root, package, theirs)
            kind = "unshown" if unshown else "unsteady" if unsteady else "schema"
            kind = "collapsed" if kind == "schema" and collapsed(tool["parameters"], theirs) else kind
            found.append((kind, difference))
        hints = typing.get_type_hints(func, include_extras=True)
        if "returns" in checks and "return" in hints:
            returned, theirs_returned = tool.get("returns", {}).get("schema"), strip_titles(TypeAdapter(hints["return"]).json_schema())
            if returned != theirs_returned:
                unshown = unshown_only(returned, theirs_returned) and "literal" in notes
                unsteady = older_none_order(returned, theirs_returned) or not steady(root, package, theirs_returned, True)
                kind = "unshown" if unshown else "unsteady" if unsteady else "returns"
                kind = "collapsed" if kind == "returns" and collapsed(returned, theirs_returned) else kind
                found.append((kind, f"OURS   {json.dumps(returned)}\nTHEIRS {json.dumps(theirs_returned)}"))
        module = load_module(generation.packages[0].module, f"fuzz_generated_{seed}")
        if "adapters" in checks:  # their schemas differ as ours does where a default is unshown: descriptions only
            shown = not any(kind in ("unshown", "unsteady", "collapsed") for kind, _ in found)
            found += [("adapters", problem) for problem in adapter_problems(module, func, shown)]
        if "call" in checks and all(v is not None for v in program.values.values()):
            found += call_problems(module, func, hints, program.values)
        if not found:
            return "ok", notes, program.source
        kind = next((k for k, _ in found if k not in ("unshown", "unsteady", "collapsed")), found[0][0])
        return kind, notes + "\n" + "\n".join(f"[{k}] {text}" for k, text in found), program.source
    except Exception:  # noqa: BLE001 - a crash of ours is a finding
        return "crash", traceback.format_exc(), program.source
    finally:
        sys.path.remove(str(root))


def steady(root: Path, package: str, theirs: dict[str, Any], returned: bool = False) -> bool:
    """Whether pydantic writes the same schema (of the parameters, or of the return type) in processes of other hash
    seeds: a set default it cannot sort (of plain Enum members, or of texts beside numbers) or a set inside a default
    comes in the order Python iterates it, which follows the hashes of texts, and so varies from run to run."""
    made = ("strip_titles(TypeAdapter(typing.get_type_hints(f, include_extras=True)['return']).json_schema())"
            if returned else "runtime_schema(f)")  # fmt: skip
    code = ("import importlib, json, typing; from pydantic import TypeAdapter; "
            "from test_conformance import runtime_schema, strip_titles; "
            f"f = importlib.import_module('{package}.m').f_tool; print(json.dumps({made}))")
    tests = Path(__file__).resolve().parent.parent / "tests"
    for hash_seed in map(str, range(1, 13)):  # a set of two items may come out alike in a few
        path = os.pathsep.join([str(tests), str(root), *filter(None, [os.environ.get("PYTHONPATH")])])
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment)
        if result.returncode or json.loads(result.stdout) != json.loads(json.dumps(theirs)):
            return False
    return True


def older_none_order(ours: Any, theirs: Any) -> bool:
    """Before Python 3.12, whether the schemas differ only in the order of None among numbers (in a set default):
    None's hash followed its address there, and the scan writes the order of Python 3.12 and later."""

    def ordered(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: ordered(value) for key, value in node.items()}
        if isinstance(node, list):
            items = [ordered(item) for item in node]
            return sorted(items, key=json.dumps) if None in items and len(items) > 1 else items
        return node

    return sys.version_info < (3, 12) and ordered(ours) != ours and differs(ordered(ours), ordered(theirs)) is None


def adapter_problems(module: Any, func: Any, schemas: bool) -> list[str]:
    from agents import function_tool
    from agents.strict_schema import ensure_strict_json_schema
    from anthropic import beta_tool
    from pydantic_ai import Tool

    theirs_ai, (ours_ai,) = Tool(func).tool_def, module.pydantic_ai_tools()
    claude, (ours_claude,) = beta_tool(func).to_dict(), module.anthropic_tools()
    claude_schema = {k: v for k, v in claude["input_schema"].items() if k != "additionalProperties"}  # validate_call's
    agents, (ours,) = function_tool(func, strict_mode=False), module.TOOLS
    pairs = [("pydantic-ai", ours_ai.tool_def.parameters_json_schema, theirs_ai.parameters_json_schema),
             ("anthropic", ours_claude["input_schema"], claude_schema), ("agents", ours["parameters"], agents.params_json_schema)]
    problems = [f"{label}\n{d}" for label, a, b in pairs if schemas and (d := differs(a, b))]
    for label, description in (("pydantic-ai", theirs_ai.description), ("anthropic", claude["description"]),
                               ("agents", agents.description)):  # fmt: skip
        if description != ours["description"]:
            problems.append(f"{label} description {description!r} != {ours['description']!r}")
    (strict,) = module.openai_tools(strict=True)
    parameters = strict["function"]["parameters"]
    if strict["function"]["strict"] and ensure_strict_json_schema(copy.deepcopy(parameters)) != parameters:
        problems.append(f"the Agents SDK rewrites our strict schema {json.dumps(parameters)}")
    return problems


def call_problems(module: Any, func: Any, hints: dict[str, Any], values: dict[str, str | None]) -> list[tuple[str, str]]:
    """`call()` against pydantic's validation of the same JSON text (as pydantic-ai validates a model's arguments;
    LangChain, the Agents SDK and the `mcp` SDK validate the parsed JSON instead, which differs for a union of text
    and a type made from text: `Union[date, str]` takes "2024-01-02" as a date from JSON, as a `str` from Python).
    Arguments that `call()` refuses where pydantic's own schema, its objects closed, refuses them too are `lax`: a key
    pydantic ignores, a number it takes for a duration, and the like. So is a different value where `call()` agrees
    with pydantic once given the arguments as pydantic read them: a union member that took them laxly."""
    import inspect

    from pydantic import TypeAdapter, create_model

    order = list(inspect.signature(func).parameters)
    try:
        made = {name: eval(source, vars(sys.modules[func.__module__])) for name, source in values.items()}  # noqa: S307
        arguments = {n: TypeAdapter(hints[n]).dump_python(v, mode="json", by_alias=True) for n, v in made.items()}
        model = create_model("arguments", **{name: (hints[name], ...) for name in order})
        validated = model.model_validate_json(json.dumps(arguments))
        expected = tuple(getattr(validated, name) for name in order)
    except Exception:  # noqa: BLE001 - values pydantic itself does not take back: nothing to compare
        return []
    try:
        got = module.call("f_tool", json.loads(json.dumps(arguments)))
    except module.ToolArgumentError as error:
        kind = "lax" if refused(model.model_json_schema(), arguments) else "call"
        return [(kind, f"arguments {json.dumps(arguments)}: {error}")]
    except Exception as error:  # noqa: BLE001
        return [("call", f"arguments {json.dumps(arguments)}: {type(error).__name__}: {error}")]
    difference = same_values(got, expected)
    if not difference:
        return []
    as_read = json.loads(validated.model_dump_json(by_alias=True, exclude_unset=True))
    changed = json.dumps(as_read, sort_keys=True) != json.dumps(arguments, sort_keys=True)  # `true` is not `1`
    try:
        lax = changed and not same_values(module.call("f_tool", as_read), expected)
    except Exception:  # noqa: BLE001 - call() refuses what pydantic read: the difference is call()'s
        lax = False
    return [("lax" if lax else "call", f"arguments {json.dumps(arguments)}: {difference}")]


def refused(schema: Any, arguments: dict[str, Any]) -> bool:
    """Whether a JSON Schema refuses the arguments once each object that lists its properties is closed, as `call()`
    reads it."""
    from jsonschema import Draft202012Validator

    def closed(node: Any) -> Any:
        if isinstance(node, list):
            return [closed(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {key: closed(value) if key not in ("default", "enum", "const") else value for key, value in node.items()}
        if "properties" in node and "additionalProperties" not in node:
            out["additionalProperties"] = False
        return out

    return not Draft202012Validator(closed(schema)).is_valid(arguments)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="0:100", help="first:last (last not included)")
    parser.add_argument("--checks", default="schema,returns,adapters,call")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "hatch-toolschema-fuzz")
    args = parser.parse_args()
    first, last = map(int, args.seeds.split(":"))
    checks = set(args.checks.split(","))
    args.out.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp())
    tally: dict[str, int] = {}
    for seed in range(first, last):
        outcome, text, source = check(seed, base, checks)
        tally[outcome] = tally.get(outcome, 0) + 1
        if outcome not in ("ok", "skip"):
            (args.out / f"{seed}-{outcome}.txt").write_text(f"{text}\n\n{source}")
    print(json.dumps(tally, sort_keys=True), "->", args.out)


if __name__ == "__main__":
    main()
