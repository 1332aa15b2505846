# Named types found statically (Enum, TypedDict, dataclass, NamedTuple, BaseModel, aliases) as $defs.
from __future__ import annotations

import ast
import base64
import copy
import inspect
import json
import operator
import re
import sys
from collections import Counter
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import partial
from pathlib import Path
from itertools import islice, takewhile
from typing import Any, Callable, Container, Iterable, Iterator, NamedTuple

import griffe

from .core_schemas import schema_extra_function
from .docstrings import docstring_after, docstring_of
from .model import Returns, ToolSpec
from .report import Located, Report
from .schema import (ALTERNATIVES, ANY_PATHS, BY_NAME, DEFS_PREFIX, DEPRECATED_CALLS, ENUM_BASES, FIELD_CALLS,
                     JSON_MEDIA_TYPE, NUMBER_TEXT, PYTHON_TYPE, REPLACED, URL_KINDS, VALIDATING, VALIDATION, Schema,
                     SchemaBuilder, field_arguments, field_level, keyword_of, noted, refs_in, renamed_refs,
                     skips_json_schema, unrepeated, without_python_types, without_unsound)  # fmt: skip
from .scope import (COMPUTED, KNOWN_CONSTANTS, LONGEST_TEXT, MISSING, ModuleSource, Scope, assignment, bound_names,
                    canonical, computed, constructed, dotted_name, dumped_as_is, finite, indexed, is_missing, iterated,
                    literal, masked, numbers_only, origin, python_order, read_duration, sort_key, sorted_set,
                    substituted, text_method, to_json, type_arguments, without_docstring)

_DOCUMENTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)  # what can have a docstring
_VALUE_BASES = frozenset(("str", "int", "float", "enum.StrEnum", "enum.IntEnum", "enum.IntFlag"))  # equal their values
_KINDS = {
    "typing.TypedDict": "typeddict",
    "typing.NamedTuple": "namedtuple",
    "pydantic.BaseModel": "model",
    "pydantic.RootModel": "rootmodel",
    "pydantic.root_model.RootModel": "rootmodel",
    **dict.fromkeys(ENUM_BASES, "enum"),
    **dict.fromkeys(("pydantic_settings.BaseSettings", "pydantic_settings.main.BaseSettings"), "model"),
}
# what of their own configuration the known model bases give the schema: pydantic-settings' `BaseSettings` forbids
# extra keys (`additionalProperties: false`)
class _BaseDefault(ast.Constant):
    """A configuration value a known model base sets itself (`_BASE_CONFIGS`): a class whose configuration is made
    by a function (prefect's `model_config = build_settings_config(...)`) may set it otherwise, and it is not kept."""


_BASE_CONFIGS = dict.fromkeys(("pydantic_settings.BaseSettings", "pydantic_settings.main.BaseSettings"),
                              {"extra": "forbid"})  # fmt: skip
_DATACLASS_DECORATORS = {"dataclasses.dataclass", "pydantic.dataclasses.dataclass"}
_FIELD_VALIDATORS = ("pydantic.field_validator", "pydantic.functional_validators.field_validator")
_COMPARISONS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Is: operator.is_, ast.IsNot: operator.is_not, ast.Eq: operator.eq, ast.NotEq: operator.ne,
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda item, held: item in held, ast.NotIn: lambda item, held: item not in held,
}  # the comparisons an `if` is decided by (`decided`: in a function the scan reads, and in a class body)
_PLAIN = (str, int, float, bool, type(None))  # the values a local name of a function the scan reads may hold
# The methods by which a module may build up a list or dict constant after assigning it, which the scan applies
_CONTAINER_CHANGES: dict[type, frozenset[str]] = {
    list: frozenset(("append", "extend", "insert", "remove", "pop", "clear", "reverse")),
    dict: frozenset(("update", "setdefault", "pop", "clear")),
}
_ITERATED_MOST = 1000  # items a comprehension the scan reads may go over
# The JSON types under which pydantic's validation keeps a value of each Python type as it is (an int becomes a float)
_VALIDATED_AS_IS = {bool: ("boolean",), int: ("integer", "number"), float: ("number",), str: ("string",),
                    type(None): ("null",)}  # fmt: skip
_EXACT_TYPES = {kind: types[0] for kind, types in _VALIDATED_AS_IS.items()}  # ... and which takes it exactly
_TEXT_BOUNDS = {"str_min_length": "minLength", "str_max_length": "maxLength"}  # a model's, on each of its `str`s
_TAKING = ("dataclass", "typeddict", "namedtuple")  # the kinds that take the configuration of the class they are in
_BY_NAME = ("populate_by_name", "validate_by_name")  # a model's configuration that lets a field be given by its name
_SER_JSON = ("ser_json_timedelta", "ser_json_temporal", "ser_json_bytes")  # how a class writes some types in JSON
# Methods that run as an instance is made, and decorators that leave a method out of making and dumping one
_CONSTRUCTING = frozenset(("__init__", "__new__", "__post_init__", "model_post_init", "__get_pydantic_core_schema__"))
_AFTER_INIT = ("__post_init__", "model_post_init")  # run once the fields are set: one that only checks changes none
_PLAIN_DECORATORS = frozenset(("property", "cached_property", "staticmethod", "classmethod", "abstractmethod",
                               "override", "overload"))  # fmt: skip
REQUIRED = object()  # a Field(...)-like default that gives no value
_MODEL_SERIALIZERS = ("pydantic.model_serializer", "pydantic.functional_serializers.model_serializer")


@dataclass(frozen=True)
class Field:
    name: str  # the key pydantic reads
    schema: Schema
    required: bool
    aliased: bool = False  # named by an alias in a `Field(...)`, which a model's alias generator leaves as it is
    attribute: str = ""  # the name the class gives it
    dumped: str | None = None  # the key a dump by alias writes, where a `Field(...)` gives one
    excluded: bool = False  # `Field(exclude=True)`: left out of a dump
    hidden: bool = False  # `SkipJsonSchema[T]`: left out of the class's schema (a dump still writes it)
    # the default as read, the record instances in it kept (its JSON form is in the schema); or what a
    # `default_factory` makes, where read (`[]` for `list`), for an instance's dump only: the schema shows no default
    value: Any = MISSING


# How pydantic's smart union grades a member's match for a JSON value (pydantic-core's "exactness", measured with
# `validate_json`): EXACT takes it as it is (an integer as an `int`, a `Literal`'s value, a UUID from its text, an
# array as a list), STRICT as strict mode takes it (a text as a `str`, a date or a Path; a float from an integer; an
# array as a tuple or set; an object as a model, or as a dict, whose keys are texts; anything as `Any`), LAX only
# laxly (an Enum from its value, a URL, an `int` key from text). The best-graded member wins, the first of equals.
EXACT, STRICT, LAX = 0, 1, 2
_LAX_KINDS = frozenset(("keys:integer", "keys:number", *URL_KINDS))


# The builtin containers a default may be made with from a value read statically (their constructors run no user code).
_COPIED: dict[str, Callable[..., Any]] = {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}
# The builtin types a `default_factory` may name, each making its empty value.
_FACTORIES: dict[str, Callable[[], Any]] = {**_COPIED, "dict": dict, "str": str, "int": int, "float": float,
                                            "bool": bool}  # fmt: skip


def _recurring(fields: Any) -> str | None:
    """The `$defs` name a class plan's fields stand for, where they are a recursive or large class's (`{"$ref":
    ...}`: its fields' plans are kept once, by that name, in the tool's `python.fields`)."""
    ref = fields.get("$ref") if isinstance(fields, dict) else None
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _alternatives(member: Schema) -> list[Schema]:
    """A union member, and the other Python types it stands for (`ALTERNATIVES`): the same schema, each with its own
    notes."""
    if ALTERNATIVES not in member:
        return [member]
    return [{key: value for key, value in member.items() if key != ALTERNATIVES}, *member[ALTERNATIVES]]


def _plans_of_fields(fields: Any) -> list[Any]:
    """The plans in a class plan's fields, by key or by position (none for a recursive or large class's, kept
    apart)."""
    if fields is None or _recurring(fields) is not None:
        return []
    return list(fields.values()) if isinstance(fields, dict) else fields


def _inner(plan: Any) -> list[Any]:
    """The plans inside a plan: a class's fields' (not a recursive class's, kept apart), a union's members', a fixed
    tuple's positions', a container's items', a dict's keys' and values', `Json[T]`'s value's."""
    if not isinstance(plan, list) or not plan:
        return []
    kind = plan[0]
    if kind == "class":
        return _plans_of_fields(plan[3] if len(plan) > 3 and plan[1] != "tagged" else None)
    if kind == "union":
        return [member[1] for member in plan[1]]
    if kind == "fixed":
        return plan[1]
    return plan[1:] if kind != "literal" else []  # a `Literal`'s Enum members are no plans


def _plans_in(plans: Iterable[Any]) -> Iterator[Any]:
    """Plans and the plans inside them at any depth (`_inner`), each once, in order. A class's field plans are one
    object wherever the class is used: walked as a tree, they would be met once per path to them, which grows
    exponentially with depth (pydantic-core's schemas, a TypedDict in several fields of the next)."""
    seen: set[int] = set()
    waiting = list(plans)[::-1]
    while waiting:
        plan = waiting.pop()
        if id(plan) not in seen:
            seen.add(id(plan))
            yield plan
            waiting += _inner(plan)[::-1]


PLAN_SIZE_KEPT = 200  # the size (`_written_size`) from which a class's field plans are kept apart, named where used


def _written_size(fields: Any) -> int:
    """How many plans a class's field plans hold, at any depth, as JSON writes them: a plan met on several paths
    counts on each. Each plan is looked into once, its size kept, inner plans before those holding them."""
    sizes: dict[int, int] = {}
    waiting = [(plan, False) for plan in _plans_of_fields(fields)]
    while waiting:
        plan, opened = waiting.pop()
        inner = _inner(plan)
        if opened or not inner:
            sizes[id(plan)] = 1 + sum(sizes[id(part)] for part in inner)
        elif id(plan) not in sizes:
            waiting.append((plan, True))
            waiting += [(part, False) for part in inner if id(part) not in sizes]
    return sum(sizes[id(plan)] for plan in _plans_of_fields(fields))


def _adapted(plan: Any) -> bool:
    """Whether a conversion plan has pydantic make a class, at any depth: a TypedDict or dataclass keyed by aliases."""
    for part in _plans_in([plan]):
        if isinstance(part, list) and part[:1] == ["class"]:
            if part[1] == "tagged" and any(found[0] == "adapted" for found in part[2][1].values()):
                return True
            if part[1] == "adapted":
                return True
    return False


def _recursions(plans: Iterable[Any]) -> Iterator[str]:
    """The `$defs` names of the recursive classes whose fields' plans the plans name, at any depth."""
    for plan in _plans_in(plans):
        if isinstance(plan, list) and plan[:1] == ["class"] and len(plan) > 3:
            name = _recurring(plan[3])
            if name is not None:
                yield name


def _sort_key(node: ast.expr, value: Any, scope: Scope, read: Callable[[ast.expr], Any]) -> Any:
    """What pydantic sorts a set default's item by, where its JSON form `value` sorts otherwise: the value a duration
    or decimal stands for (`sort_key`, its arguments as `read` reads them), in a tuple too; else None."""
    if isinstance(node, ast.Call):
        return sort_key(node, scope.path_of(node.func), read)
    if isinstance(node, ast.Tuple) and isinstance(value, tuple) and len(value) == len(node.elts):
        keys = [_sort_key(element, item, scope, read) for element, item in zip(node.elts, value)]
        if any(key is not None for key in keys):
            return tuple(item if key is None else key for key, item in zip(keys, value))
    return None


def _unions(plans: Iterable[Any]) -> Iterator[list[Any]]:
    """The unions in plans, at any depth."""
    return (plan for plan in _plans_in(plans) if isinstance(plan, list) and plan[:1] == ["union"])


def _grader_names(grader: Any) -> list[str]:
    """The `$defs` names of the record classes a grader refers to (its `{"$ref": ...}`), at any depth: not those of
    a nested union's members' schemas."""
    if isinstance(grader, dict):
        return [grader["$ref"].rsplit("/", 1)[-1]]
    if not isinstance(grader, list):
        return []
    kind = grader[0]
    if kind == "union":
        parts = [member for _, member in grader[1]]
    elif kind == "fields":
        parts = list(grader[2].values())
    elif kind in ("items", "fixed"):
        parts = [grader[2]] if kind == "items" else grader[2]
    else:  # "dict": its keys' and values' graders; a value's own (`["int"]`): none
        parts = grader[1:]
    return [name for part in parts for name in _grader_names(part)]


def _docstring_literal(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.Constant | None:
    """The literal that writes a function's or class's own docstring, or None."""
    first = node.body[0] if node.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first.value
    return None


def _checks_only(body: list[ast.stmt]) -> bool:
    """Whether statements only check values, raising on a bad one (livekit's `APIConnectOptions.__post_init__`, `if
    self.timeout < 0: raise ValueError(...)`): `if`s and `assert`s whose tests call nothing but `isinstance` and
    `len`, `raise`, `pass`. Such a method leaves an instance as it was made: the module that makes one has run."""
    for stmt in without_docstring(body):
        if isinstance(stmt, (ast.If, ast.Assert)):
            calls = [node for node in ast.walk(stmt.test) if isinstance(node, (ast.Call, ast.NamedExpr, ast.Await))]
            if any(not (isinstance(c, ast.Call) and dotted_name(c.func) in ("isinstance", "len")) for c in calls):
                return False
            if isinstance(stmt, ast.If) and not (_checks_only(stmt.body) and _checks_only(stmt.orelse)):
                return False
        elif not isinstance(stmt, (ast.Raise, ast.Pass)):
            return False
    return True


def _decorator_paths(cls: griffe.Class, scope: Scope) -> Iterator[str]:
    """The canonical path of each decorator a class carries, called (`@dataclass(frozen=True)`) or not, as `scope`
    (its module's) follows it through re-exports (pipecat's `from typing_extensions import deprecated`, imported
    from its own `utils.deprecation`)."""
    for decorator in cls.decorators:
        target = decorator.value.function if isinstance(decorator.value, griffe.ExprCall) else decorator.value
        dotted = str(target)
        if isinstance(target, (griffe.ExprName, griffe.ExprAttribute)) and dotted.replace(".", "").isidentifier():
            yield scope.qualify(dotted)
        else:
            yield canonical(getattr(target, "canonical_path", dotted))


def _path_name(path: str) -> str:
    """A type's `$defs` name by its dotted path, as pydantic writes it where two types share a name."""
    return re.sub(r"\W", "_", path.replace(".", "__"))


def _default_factory(values: Any) -> str | None:
    """The type pydantic makes a `defaultdict`'s missing values with, by the values' schema: it knows the builtins."""
    if not isinstance(values, dict) or set(values) - {"type", "items", "uniqueItems", "additionalProperties", PYTHON_TYPE}:
        return None
    kind = values.get("type")
    if kind == "array":
        return values.get(PYTHON_TYPE) if values.get(PYTHON_TYPE) in ("set", "frozenset", "tuple") else "list"
    if kind == "object":
        return "dict" if "properties" not in values else None
    return {"integer": "int", "number": "float", "string": "str", "boolean": "bool"}.get(kind)


# A TypedDict's key as a class keying it by aliases reads it: its field's name, the key read, the key its dump writes,
# and whether the name is read too (`populate_by_name`)
_Key = tuple[str, str, str, bool]


class Built(NamedTuple):
    """Named types a registry built: canonical path -> `$defs` name, and by name their schemas, Python types, and
    whether building them reported nothing."""

    names: dict[str, str]
    defs: dict[str, tuple[Schema, frozenset[str]]]
    python: dict[str, tuple[str, Any]]
    quiet: frozenset[str]
    aliased_keys: dict[str, list[_Key]]

    def agrees(self, other: Built) -> bool:
        """Whether `other`, built apart from these (in a forked child, from the same start), holds what building
        both in order would have made: a name both took is the same type's, and `other` built it quietly (built
        in order, it would have been built once, its reports made where it was first used here)."""
        paths = {name: path for path, name in self.names.items()}
        return all(paths[name] == path and name in other.quiet for path, name in other.names.items() if name in paths)


class FunctionalRecord(NamedTuple):
    """A NamedTuple, TypedDict, dataclass or model made by a call: its `__name__`, its kind, and its fields, each a
    name, its annotation (None: any value) and its default (None: none; for a dataclass, a `field(...)` call; for a
    model, a `Field(...)` call too), and the docstring a model is given."""

    name: str
    kind: str  # "namedtuple", "typeddict", "dataclass" or "model"
    fields: list[tuple[str, ast.expr | None, ast.expr | None]]
    total: bool = True
    description: str | None = None


_TOTALITY = {"typing.Required": True, "typing.NotRequired": False}  # a TypedDict key's, over its class's `total`
_AROUND_TOTALITY = ("typing.ReadOnly", "typing.Annotated")  # `ReadOnly[NotRequired[str]]` is not required either


def _totality(annotation: ast.expr, scope: Scope, total: bool) -> bool:
    """Whether a TypedDict's key is required: `Required`/`NotRequired` where given, through `ReadOnly` and
    `Annotated` as pydantic reads them, else its class's `total`."""
    while isinstance(annotation, ast.Subscript):
        outer = scope.path_of(origin(annotation))
        if outer in _TOTALITY:
            return _TOTALITY[outer]
        if outer not in _AROUND_TOTALITY:
            break
        annotation = type_arguments(annotation)[0]
    return total


_RECORD_CALLS = {"typing.NamedTuple": "namedtuple", "collections.namedtuple": "namedtuple", "typing.TypedDict": "typeddict",
                 "dataclasses.make_dataclass": "dataclass", "pydantic.create_model": "model",
                 "pydantic.main.create_model": "model"}  # fmt: skip
# `make_dataclass`'s keywords that change nothing a schema says (`bases=` and `namespace=` could add fields)
_MADE_NEUTRAL = ("init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "kw_only", "slots", "weakref_slot",
                 "module")  # fmt: skip


def called_record(call: ast.Call, function: str) -> FunctionalRecord | None:
    """The record `TypedDict("Movie", {"title": str}, total=False)`, `NamedTuple("Point", [("x", int)])`,
    `namedtuple("Pair", "a b", defaults=[1])` or `make_dataclass("Made", [("x", int)])` makes; None where its arguments
    are not literals."""
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    if _RECORD_CALLS[function] == "model":
        return _created_model(call, keywords)
    name = literal(call.args[0]) if len(call.args) == 2 else None
    if not isinstance(name, str) or None in keywords:
        return None
    read = {"typing.TypedDict": _typeddict_fields, "typing.NamedTuple": _namedtuple_fields,
            "dataclasses.make_dataclass": _made_fields}.get(function, _untyped_fields)  # fmt: skip
    found = read(call.args[1], keywords)  # type: ignore[arg-type]
    return None if found is None else FunctionalRecord(name, _RECORD_CALLS[function], *found)


def _created_model(call: ast.Call, keywords: dict[str, ast.expr | None]) -> FunctionalRecord | None:
    """The model `create_model("Params", query=(str, ...), limit=(int, 10), tags=List[str], __doc__="...")` makes:
    each keyword a field, its annotation alone (required) or with its default (`...`: required; a `Field(...)`);
    None where its name or docstring is not a literal, or it is given a base, a configuration, validators or
    `**fields` (which the scan does not read)."""
    name = literal(call.args[0]) if len(call.args) == 1 else None
    doc = literal(keywords.pop("__doc__", None) or ast.Constant(None))
    keywords.pop("__module__", None)
    if not isinstance(name, str) or any(key is None or key.startswith("__") for key in keywords):  # `**`, `__base__`
        return None
    if doc is not None and not isinstance(doc, str):
        return None
    fields: list[tuple[str, ast.expr | None, ast.expr | None]] = []
    for key, value in keywords.items():
        annotation, default = value.elts if isinstance(value, ast.Tuple) and len(value.elts) == 2 else (value, None)
        required = isinstance(default, ast.Constant) and default.value is Ellipsis
        fields.append((key, annotation, None if required else default))  # type: ignore[arg-type]
    return FunctionalRecord(name, "model", fields, description=inspect.cleandoc(doc) if doc else None)


def _typeddict_fields(spec: ast.expr, keywords: dict[str, ast.expr]) -> tuple[list[Any], bool] | None:
    total = literal(keywords.pop("total", ast.Constant(True)))
    if keywords or not isinstance(spec, ast.Dict) or type(total) is not bool:
        return None
    keys = [literal(key) if key is not None else None for key in spec.keys]  # None: `**other`
    if not all(isinstance(key, str) for key in keys):
        return None
    return [(key, value, None) for key, value in zip(keys, spec.values)], total


def _namedtuple_fields(spec: ast.expr, keywords: dict[str, ast.expr]) -> tuple[list[Any]] | None:
    items = spec.elts if isinstance(spec, (ast.List, ast.Tuple)) and not keywords else None
    pairs = [item.elts for item in items or [] if isinstance(item, ast.Tuple) and len(item.elts) == 2]
    names = [literal(pair[0]) for pair in pairs]
    if items is None or len(pairs) != len(items) or not all(isinstance(name, str) for name in names):
        return None
    return ([(name, pair[1], None) for name, pair in zip(names, pairs)],)


def _made_fields(spec: ast.expr, keywords: dict[str, ast.expr]) -> tuple[list[Any]] | None:
    """`make_dataclass`'s fields: a name (any value), a name and a type, or those and a `field(...)`."""
    items = spec.elts if isinstance(spec, (ast.List, ast.Tuple)) and set(keywords) <= set(_MADE_NEUTRAL) else None
    fields = []
    for item in items or []:
        parts = item.elts if isinstance(item, ast.Tuple) and 2 <= len(item.elts) <= 3 else [item]
        name = literal(parts[0])
        if not isinstance(name, str):
            return None
        fields.append((name, parts[1] if len(parts) > 1 else None, parts[2] if len(parts) > 2 else None))
    return None if items is None else (fields,)


def _untyped_fields(spec: ast.expr, keywords: dict[str, ast.expr]) -> tuple[list[Any]] | None:
    """`collections.namedtuple`'s fields: untyped, the last ones with the defaults given."""
    names = literal(spec)
    names = names.replace(",", " ").split() if isinstance(names, str) else names
    defaults = keywords.pop("defaults", ast.List([]))
    keywords.pop("module", None)
    given = defaults.elts if isinstance(defaults, (ast.List, ast.Tuple)) else None
    if keywords or given is None or not isinstance(names, (list, tuple)) or len(given) > len(names):
        return None
    if not all(isinstance(name, str) for name in names):
        return None
    cut = len(names) - len(given)
    return ([(name, None, given[i - cut] if i >= cut else None) for i, name in enumerate(names)],)


class FunctionalEnum(NamedTuple):
    """An Enum made by a call: its `__name__`, the class called and its members' values (None where the call's
    arguments are not read)."""

    name: str
    base: str
    members: dict[str, Any] | None


def called_enum(call: ast.Call, base: str) -> FunctionalEnum | None:
    """The Enum `Enum("Color", "RED GREEN")` makes, or `IntEnum("Level", ["LOW", "HIGH"], start=0)`,
    `Enum("Mode", {"FAST": "f"})`, `Enum("Mode", [("FAST", "f")])`, `StrEnum(...)`, `Flag(...)`: the members' values
    as the enum module gives them; None where the arguments are not literals, or a mixin `type=` is given."""
    keywords = {keyword.arg: keyword.value for keyword in call.keywords}
    arguments = [*call.args, *([keywords.pop("names")] if "names" in keywords else [])]
    if len(arguments) != 2 or None in keywords or "type" in keywords:  # `**options`, or a mixin
        return None
    name, spec = literal(arguments[0]), literal(arguments[1])
    start = literal(keywords["start"]) if "start" in keywords else 1
    if not isinstance(name, str) or type(start) is not int:
        return None
    if isinstance(spec, str):
        spec = spec.replace(",", " ").split()
    if isinstance(spec, dict):
        pairs = list(spec.items())
    elif isinstance(spec, (list, tuple)) and all(isinstance(item, str) for item in spec):
        pairs, last = [], None
        for item in spec:  # each value as the class's `_generate_next_value_` makes it
            if base == "enum.StrEnum":
                value: Any = item.lower()
            elif last is None:
                value = start
            else:
                value = 2 ** last.bit_length() if base in ("enum.Flag", "enum.IntFlag") else last + 1
            pairs.append((item, value))
            last = value
    elif isinstance(spec, (list, tuple)) and all(isinstance(i, (list, tuple)) and len(i) == 2 for i in spec):
        pairs = [tuple(item) for item in spec]
    else:
        return None
    if not all(isinstance(key, str) for key, _ in pairs):
        return None
    return FunctionalEnum(name, base, dict(pairs))


def _strictly(value: Any, schema: Schema, resolve: Callable[[Schema], Schema], depth: int = 0) -> bool | None:
    """Whether pydantic's serializer takes a JSON value under `schema` (its `$ref`s resolved by `resolve`) in its
    strict check, each part exactly of its type (`1` is no float); None where the value's JSON form does not tell (a
    text for a date, a record's object, a constant)."""
    schema = resolve(schema) if "$ref" in schema else schema
    if depth > 20 or not schema:
        return None if depth > 20 else True  # `Any` takes anything
    if "anyOf" in schema:
        found = [_strictly(value, member, resolve, depth + 1) for member in schema["anyOf"]]
        return True if True in found else None if None in found else False
    kind = schema.get("type")
    if not isinstance(kind, str) or "$ref" in schema or "const" in schema or "enum" in schema or "format" in schema:
        return None
    if schema.get(PYTHON_TYPE) not in (None, "float"):
        return None
    if value is None or isinstance(value, (bool, int, float, str)):
        exact = {type(None): "null", bool: "boolean", int: "integer", float: "number", str: "string"}[type(value)]
        return kind == exact
    if kind == "array" and isinstance(value, list):
        if "prefixItems" in schema or schema.get("uniqueItems") or not isinstance(schema.get("items", {}), dict):
            return None
        return _every(_strictly(item, schema.get("items", {}), resolve, depth + 1) for item in value)
    if kind == "object" and isinstance(value, dict):
        values = schema.get("additionalProperties", {})
        if "properties" in schema or not isinstance(values, dict):
            return None  # a record's fields, or keys pydantic ignores
        return _every(_strictly(item, values, resolve, depth + 1) for item in value.values())
    return False


def _type_parts(node: ast.BinOp | ast.Tuple | ast.List | ast.Subscript, scope: Scope) -> list[ast.expr]:
    """The types a type expression is made of: both sides of `A | B`, the items of a list (`Callable[[A], B]`'s), a
    subscript's arguments (`Annotated`'s first only, none of a `Literal`)."""
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, (ast.Tuple, ast.List)):
        return node.elts
    outer = scope.path_of(node.value)
    return [] if outer == "typing.Literal" else type_arguments(node)[: 1 if outer == "typing.Annotated" else None]


def _every(answers: Iterable[bool | None]) -> bool | None:
    """True where every answer is, False where one is, else None (one does not tell)."""
    found = list(answers)
    return False if False in found else None if None in found else True


def _decimal_text(value: Any) -> Any:
    """What pydantic writes for a `Decimal` it makes of `value`: the Decimal's text (`3` is `"3"`, `1.5` `"1.5"`, `"
    1e3 "` `"1E+3"`), made of an integer, a finite float or a number's text; missing for anything else."""
    value = finite(value)
    if type(value) is float:
        value = repr(value)
    if type(value) is str and NUMBER_TEXT.fullmatch(value.strip()):
        return str(Decimal(value.strip()))
    return str(Decimal(value)) if type(value) is int else MISSING


def _member_name(name: str) -> bool:
    """Whether an Enum makes a member of a name its body assigns, as Python 3.11 and later do: not of a `__dunder__`
    or `_sunder_` name, nor of a private `__name`; of `_name` (a sentinel's `_singleton`), yes."""
    if name.startswith("__"):
        return False
    return not (len(name) > 2 and name[0] == "_" and name[-1] == "_" and name[-2] != "_")


def _ignored_names(body: list[ast.stmt]) -> set[str]:
    """The names an Enum's `_ignore_` lists (a list of texts or one text of names), which become no members."""
    for stmt in body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if any(isinstance(target, ast.Name) and target.id == "_ignore_" for target in targets):
            names = literal(stmt.value)  # type: ignore[union-attr]
            names = names.split() if isinstance(names, str) else names
            return {name for name in names if isinstance(name, str)} if isinstance(names, (list, tuple)) else set()
    return set()


def _named_value(function: ast.FunctionDef) -> Callable[[str, int, list[Any]], Any]:
    """An Enum's own `_generate_next_value_(name, start, count, last_values)` where it returns its name, as it is or
    through a `str` method (`return name.lower()`); else one that gives every value as missing (it is not run)."""
    body = [stmt for stmt in function.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    argument = function.args.posonlyargs + function.args.args
    given = argument[0].arg if argument and argument[0].arg not in ("self", "cls") else None
    returned = body[0].value if len(body) == 1 and isinstance(body[0], ast.Return) else None
    if isinstance(returned, ast.Name) and returned.id == given:
        return lambda name, count, made: name
    changed = returned.func if isinstance(returned, ast.Call) and not returned.args and not returned.keywords else None
    if (isinstance(changed, ast.Attribute) and isinstance(changed.value, ast.Name) and changed.value.id == given
            and changed.attr in _NAME_CHANGES):  # fmt: skip
        return lambda name, count, made: getattr(name, changed.attr)()
    return lambda name, count, made: MISSING


_NAME_CHANGES = ("lower", "upper", "casefold", "title", "capitalize", "swapcase", "strip")


def _enum_schema(name: str, members: dict[str, Any], bases: list[str], where: Located) -> Schema:
    """An Enum's schema, as pydantic writes it: its members' values, and their type."""
    written = {member: to_json(value, nested=True) for member, value in members.items()}  # a tuple as a list
    bad = [member for member, value in written.items() if is_missing(value)]
    if bad:
        where.warn(f"Enum `{name}` has members whose values are not literals: {', '.join(bad)}")
    values = [value for value in written.values() if not is_missing(value)]  # an alias's too, as pydantic lists them
    if bad and not values:  # no value known: left open, not an enum that takes nothing
        return {}
    schema: Schema = {"enum": values}
    if not values:  # it has no members: pydantic gives it no type
        return schema
    kinds = {type(v) for v in values}
    if "str" in bases or "enum.StrEnum" in bases or kinds == {str}:
        schema["type"] = "string"
    elif {"int", "enum.IntEnum", "enum.IntFlag"} & set(bases) or kinds == {int}:
        schema["type"] = "integer"
    elif kinds == {float}:
        schema["type"] = "number"
    elif kinds == {bool}:
        schema["type"] = "boolean"
    elif kinds == {list}:  # tuples too (opik's `DeploymentType`, of pairs)
        schema["type"] = "array"
    return schema


class ClassRegistry:
    """Builds each named type's schema once and hands out `$ref`s with short, collision-free names."""

    def __init__(self, root: Path, nodes: dict[str, ast.AST], report: Report) -> None:
        self.root = root
        self.nodes = nodes
        self.report = report  # where the types' builds report, as the tools' reading does
        self.builder = SchemaBuilder(self)
        self._sources: dict[str, ModuleSource] = {}
        self._names: dict[str, str] = {}  # canonical path -> $defs name
        self._paths: dict[str, str] = {}  # the reverse of `_names`, as far as `pydantic_names` has needed it
        self._taken: set[str] = set()
        self._named_paths: dict[str, str] = {}  # $defs name -> the path pydantic knows its type by (`_short_name`)
        self._defs: dict[str, tuple[Schema, frozenset[str]]] = {}  # $defs name -> (schema, names it uses)
        self._quiet: set[str] = set()  # $defs names whose build reported nothing
        self._qualified: dict[tuple[str, str], str] = {}
        self._expanding: set[str] = set()  # plain aliases being expanded, to notice recursion
        self._planning: set[str] = set()  # aliases named in `$defs` whose conversion is being planned
        self._members: dict[str, dict[str, Any]] = {}  # Enum class path -> its members' values
        self._functional: dict[str, FunctionalEnum | None] = {}  # module attribute path -> the Enum its call makes
        self._records: dict[str, FunctionalRecord | None] = {}  # module attribute path -> the record its call makes
        # $defs name -> (kind, "module:Qualname"), or (kind, [origin, [argument, ...]]) for `Page[Item]`
        self._python: dict[str, tuple[str, Any]] = {}
        self._converting: set[str] = set()  # classes whose field conversions are being planned
        # The field plans of each class planned, by `$defs` name: a class used by many fields and tools is planned
        # once (planning it anew at each use made a wide graph of TypedDicts take seconds), and a recursive class's
        # plan is looked up there where it recurs.
        self._field_plans: dict[str, list[Any] | dict[str, Any] | None] = {}
        self._kept_apart: set[str] = set()  # classes of large field plans: named where used, as a recursive one is
        self._graders: dict[str, Any] = {}  # the graders of record classes in union members, by `$defs` name
        # the keys an alias generator of the scanned code makes of field names (`_generated`), by generator and name:
        # None where what it returns is not read
        self._generated_keys: dict[tuple[ast.expr, str], str | None] = {}
        self._reading: set[str] = set()  # the functions whose result `_function_value` is reading
        # the classes some of whose keys are aliases, each as read where it is (`_variant`): under a model that passes
        # on an alias generator a TypedDict is keyed by aliases, on its own by its fields' names
        self._keyed_by_alias: set[tuple[str, str]] = set()
        # the keys of each TypedDict keyed by aliases, by `$defs` name (`_Key`), and those of each TypedDict while it
        # is built, by `_variant`
        self._aliased_keys: dict[str, list[_Key]] = {}
        self._read_keys: dict[tuple[str, str], list[_Key]] = {}
        self._dumping: set[str] = set()  # the paths of classes whose instance's dump is being read
        self._alias_values: dict[str, tuple[ast.expr, Scope] | None] = {}  # `alias_value`'s, by canonical path
        self._configs: dict[str, dict[str, ast.expr]] = {}  # each class's configuration, by its path (`_config`)
        self._lineages: dict[str, list[griffe.Class]] = {}  # each class's method resolution order, by its path
        self._hooks: dict[tuple[str, str], tuple[griffe.Class, ast.FunctionDef] | None] = {}  # `hook`'s, by both
        self._building: dict[str, griffe.Class] = {}  # the classes whose definitions are being built, by `$defs` name
        # `_validator_inputs`'s, by class path
        self._validator_fields: dict[str, dict[str, tuple[ast.expr | None, griffe.Class]]] = {}
        self._kinds: dict[str, str | None] = {}  # each class's kind (`kind_of`), by its path
        self._dataclass_makers: dict[str, str | None] = {}  # `_made_dataclass`'s, by the function's path
        self._doc_changers: dict[str, str | None] = {}  # `_doc_change`'s, by the function's path
        # the class whose configuration writes each expression in it (an `alias_generator`, a `json_schema_extra`):
        # to read it in that class's module (a subclass's may not import what it names) and to report at
        self._config_owners: dict[ast.expr, griffe.Object] = {}
        self._ignored: list[str] | None = None  # the keywords pydantic ignores in the instances read, where noted
        self._context: list[_Context] = []  # the configurations that the classes being read pass on
        self._kind_handlers: dict[str, Callable[[griffe.Class, ModuleSource, Located], Schema]] = {
            "enum": self._enum,
            "typeddict": self._object,
            "namedtuple": self._namedtuple,
            "model": self._object,
            "dataclass": self._object,
            "rootmodel": self._root_model,
        }

    def scope_of(self, obj: griffe.Object) -> Scope:
        """The scope `obj` was defined in; all scopes of one scan share a resolution cache."""
        return Scope(obj.module, obj.modules_collection, self._qualified)

    def body_scope(self, cls: griffe.Class) -> Scope:
        """The scope of a class's body, where its own nested classes and aliases come first (`BodyScope`)."""
        return self.scope_of(cls).within(cls)

    def source(self, obj: griffe.Object) -> ModuleSource:
        module = obj.module
        if module.path not in self._sources:
            self._sources[module.path] = ModuleSource(module, self.root, self.nodes)
        return self._sources[module.path]

    def docstring(self, obj: griffe.Function | griffe.Class,
                  node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
                  where: Located, exact: bool = False) -> tuple[str, ast.Constant | None]:  # fmt: skip
        """A function's or class's docstring as Python has it once the module has run, and the literal that writes
        it, if any: the text a later statement assigns to its `__doc__` (`tool.__doc__ = TEXT`, `= other.__doc__`),
        where the scan can read it, else its own (`docstring_of`, `exact` or not)."""
        if node.decorator_list:
            self._changing_decorators(node, self.scope_of(obj), obj.kind.value, where)
        assigned = self.source(obj).assigned_doc(obj)
        text = self._assigned_text(assigned.value, self.scope_of(obj)) if assigned is not None else None
        if assigned is not None and text is None:
            where.at(assigned).warn(f"`{obj.name}.__doc__` is given a value the scan cannot read; "
                                    f"the docstring written in the {obj.kind.value} is used")  # fmt: skip
        if text is None:
            return docstring_of(node, exact), _docstring_literal(node)
        return text, assigned.value if isinstance(assigned.value, ast.Constant) else None  # type: ignore[union-attr]

    def _changing_decorators(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, scope: Scope, kind: str,
                             where: Located) -> None:  # fmt: skip
        """Warn of each decorator of the scanned code that changes the docstring of what it decorates as the module
        runs (semantic-kernel's `@experimental` appends a note): the frameworks read the changed one."""
        for decorator in node.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            function = scope.lookup(scope.path_of(called))
            change = self._doc_change(function) if isinstance(function, griffe.Function) else None
            if change is not None:
                where.at(decorator).warn(
                    f"decorator `@{ast.unparse(called)}` changes `__doc__` as the module runs ({change}); the "
                    f"docstring written in the {kind} is used, where pydantic and the frameworks read the changed one"
                )

    def _doc_change(self, function: griffe.Function, depth: int = 0) -> str | None:
        """Where a function of the scanned code, or one it calls, changes an object's `__doc__` (`obj.__doc__ +=
        note`, `setattr(obj, "__doc__", ...)`), as `` `change` (path:line) ``; None where none does. Copying
        another's docstring (`wrapper.__doc__ = func.__doc__`, as `functools.wraps` does) changes nothing. Read once
        per function."""
        if function.path in self._doc_changers:
            return self._doc_changers[function.path]
        self._doc_changers[function.path] = None  # a function calling itself, meanwhile
        source, scope = self.source(function), self.scope_of(function)
        definition = source.definition(function)
        if definition is None:
            return None
        parts = list(ast.walk(definition))
        found = next((f"`{source.segment(part)}`, {source.display_path}:{part.lineno}"  # type: ignore[arg-type]
                      for part in parts if _changes_doc(part, scope)), None)
        calls = (part for part in parts if isinstance(part, ast.Call)) if found is None and depth < 4 else ()
        for call in calls:
            called = scope.lookup(scope.path_of(call.func)) if dotted_name(call.func) else None
            found = self._doc_change(called, depth + 1) if isinstance(called, griffe.Function) else None
            if found is not None:
                break
        self._doc_changers[function.path] = found
        return found

    def class_docstring(self, cls: griffe.Class, where: Located, exact: bool = False) -> str:
        """A class's docstring as Python has it once the module has run (`docstring`); a class made by a call
        (`TypedDict("Point", ...)`) has the one griffe found."""
        definition = self.source(cls).definition(cls)
        if isinstance(definition, ast.ClassDef):
            return self.docstring(cls, definition, where, exact)[0]
        return cls.docstring.value if cls.docstring else ""

    def _assigned_text(self, value: ast.expr, scope: Scope, depth: int = 0) -> str | None:
        """The docstring a value assigned to `__doc__` gives, cleaned as `inspect.getdoc` cleans it: a text (or a
        constant, or texts joined), or another function's or class's docstring (`other.__doc__`); else None."""
        if isinstance(value, ast.Attribute) and value.attr == "__doc__":
            dotted = dotted_name(value.value)
            obj = scope.lookup(scope.qualify(dotted)) if dotted and depth < 8 else None
            if not isinstance(obj, (griffe.Function, griffe.Class)):
                return None
            source = self.source(obj)
            assigned = source.assigned_doc(obj)
            if assigned is not None:
                return self._assigned_text(assigned.value, self.scope_of(obj), depth + 1)
            definition = source.definition(obj)
            return docstring_of(definition) if isinstance(definition, _DOCUMENTED) else None
        text = self.value_of(value, scope)
        return inspect.cleandoc(text) if isinstance(text, str) else None

    def located(self, obj: griffe.Object, report: Report) -> Located:
        """Where `obj` is defined, to report at."""
        return Located(report, self.source(obj).display_path, obj.lineno or 1)

    def built_count(self) -> int:
        """How many named types have been built so far: a mark for `built_since`."""
        return len(self._names)

    def built_since(self, count: int) -> Built:
        """The named types built after the mark `count`, with all this registry keeps of them."""
        names = dict(islice(self._names.items(), count, None))
        python = {name: self._python[name] for name in names.values() if name in self._python}
        quiet = frozenset(self._quiet.intersection(names.values()))
        keys = {name: self._aliased_keys[name] for name in names.values() if name in self._aliased_keys}
        return Built(names, {name: self._defs[name] for name in names.values()}, python, quiet, keys)

    def adopt(self, built: Built) -> None:
        """Take in types another registry built (in a forked child), as if they had been built here."""
        self._names.update(built.names)
        self._taken.update(built.names.values())
        self._defs.update(built.defs)
        self._python.update(built.python)
        self._quiet.update(built.quiet)
        self._aliased_keys.update(built.aliased_keys)

    # -- per-tool bookkeeping ----------------------------------------------------------------------
    def tool_defs(self, roots: Iterable[Schema]) -> tuple[tuple[str, Schema], ...]:
        """The `$defs` these schemas need: what they refer to, and what those refer to, sorted. (A type built on the
        way but not kept, as a base class's field that a subclass's replaces, is not among them.)"""
        needed: set[str] = set()
        pending = [name for root in roots for name in refs_in(root)]
        while pending:
            name = pending.pop()
            if name not in needed and name in self._defs:
                needed.add(name)
                pending.extend(self._defs[name][1])
        return tuple((name, self._defs[name][0]) for name in sorted(needed))

    def pydantic_names(self, defs: dict[str, Schema]) -> dict[str, str]:
        """The `$defs` names pydantic gives these types in one schema, where they differ from this registry's.

        A type is named once per scan, by its own name, or its dotted path where the name was taken (`Item`, then
        `pkg__legacy__Item`, then `pkg__legacy__Item__2` for a third variant of a class). pydantic names them per
        schema: each by its own name, unless another of the schema's types of that name has another schema, and then
        each of those by its dotted path; types of one name and one schema share one definition. Since a schema names
        the types it refers to, that is settled by repeating until nothing changes; recursive types, each referring to
        itself, stay apart. The names of specialized generics are kept, and so are all where pydantic's would not be
        distinct.
        """
        for path, name in islice(self._names.items(), len(self._paths), None):  # the names given since last time
            self._paths[name] = path
        choices: dict[str, tuple[str, ...]] = {}
        for name in defs:
            # as pydantic knows the type (without the configuration a class was read under)
            path = self._named_paths.get(name) or self._paths.get(name, "").partition("|")[0]
            short, dotted = path.rpartition(".")[2], _path_name(path)
            numbered = name.startswith(f"{dotted}__") and name[len(dotted) + 2:].isdigit()  # a third variant's
            choices[name] = (short, dotted) if name in (short, dotted) else (short, dotted, name) * numbered or (name,)
        claimed = Counter(choice for name in defs for choice in set(choices[name]))
        if all(claimed[choices[name][0]] == 1 for name in defs):  # each its first choice, no other type's: no schemas
            return {name: choices[name][0] for name in defs if choices[name][0] != name}  # to compare
        renamed = {name: name for name in defs}
        for _ in range(len(defs) + 1):
            current = {name: without_python_types(renamed_refs(schema, renamed)) for name, schema in defs.items()}
            schemas: dict[str, list[Any]] = {}
            for name in defs:
                for choice in choices[name]:
                    found = schemas.setdefault(choice, [])
                    found.extend([current[name]] if current[name] not in found else [])
            settled = {name: next((c for c in choices[name] if len(schemas[c]) == 1), name) for name in defs}
            if settled == renamed:
                break
            renamed = settled
        merged: dict[str, Schema] = {}
        for name, new in renamed.items():  # a name two types take must be one schema's
            if merged.setdefault(new, current[name]) != current[name]:
                return {}
        return {name: new for name, new in renamed.items() if new != name}

    def named_as_pydantic(self, spec: ToolSpec) -> ToolSpec:
        """`spec` with its `$defs` named as pydantic names them in one schema (`pydantic_names`)."""
        return spec.renamed(self.pydantic_names(dict(spec.defs)))

    def returns(self, schema: Schema, description: str | None = None) -> Returns:
        """A return type: its schema on its own (`standalone`), and whether pydantic must write the result's JSON
        (a TypedDict or dataclass in it is keyed by pydantic's aliases, which only pydantic reads at run time)."""
        return Returns(self.standalone(schema), description, by_alias=_adapted(self.conversion(schema)))

    def standalone(self, schema: Schema) -> Schema:
        """A type's schema on its own, as pydantic's `TypeAdapter` emits it: with the `$defs` it uses, named as
        pydantic names them, and a root that only refers to a definition nothing else refers to unpacked into it."""
        defs = dict(self.tool_defs([schema]))
        name = schema["$ref"].rsplit("/", 1)[-1] if set(schema) == {"$ref"} else ""
        if name in defs and not any(name in self._defs[other][1] for other in defs):
            schema = dict(defs.pop(name))
        renamed = self.pydantic_names(defs)
        if renamed:
            schema = renamed_refs(schema, renamed)
            defs = dict(sorted((renamed.get(key, key), renamed_refs(value, renamed)) for key, value in defs.items()))
        return {**schema, "$defs": defs} if defs else schema

    def conversion(self, schema: Schema) -> list[Any] | None:
        """How `call()` makes what the annotation says of an argument's JSON value, as pydantic does; None where the
        JSON value is it already.

        A plan is a list: `["class", kind, path]` (an Enum from its value, a dataclass, NamedTuple or model, a
        union of models told apart by a tag), with the plans of the fields of a dataclass, NamedTuple or TypedDict
        as a fourth item where they need any (a model builds its own), `[container, items]` (`list`, `set`,
        `frozenset`, `tuple`, `deque`), `["fixed", [item, ...]]` (`tuple[int, str]`), `["dict", keys, values]`,
        `[atom]` (`date`, `uuid`, `decimal`, `bytes`, ...), `["literal", [[value, class, name], ...], lax]` (the
        Enum members of a `Literal`, each from its value; `lax` if one is a plain Enum's), or `["union", [[member
        schema, plan, grader], ...]]` (the graders as `_grader` gives them); a part that needs nothing is None.
        """
        if schema.get(VALIDATION) == "skipped":  # `SkipValidation`: the JSON value as it is
            return None
        members = [s for s in schema.get("anyOf", [schema]) if s != {"type": "null"}]
        # a member that stands for several Python types, each its own (`set | frozenset`)
        options = [option for member in members for option in _alternatives(member)]
        if len(options) != 1:
            plans = [self.conversion(option) for option in options]
            if all(plan == plans[0] for plan in plans):  # alike: a Decimal's number or string
                return plans[0] if plans else None
            # `call()` takes, of the members the value fits and converts to, the best-graded, as pydantic
            return ["union", [[without_python_types(option), plan, self._grader(option, plan, frozenset())]
                              for option, plan in zip(options, plans)]]
        member = options[0]
        if member is not schema:
            return self.conversion(member)
        if "discriminator" in member:  # a union of models told apart by a tag: each tag's class
            tag, mapping = member["discriminator"]["propertyName"], member["discriminator"]["mapping"]
            classes = {value: self._class_named({"$ref": ref}) for value, ref in mapping.items()}
            if all(found is not None and found[0] != "typeddict" for found in classes.values()):
                return ["class", "tagged", [tag, {value: list(found) for value, found in classes.items()}]]
            return None
        if "$ref" in member:
            name = member["$ref"].rsplit("/", 1)[-1]
            if name not in self._python and name in self._defs and name not in self._planning:
                # an alias named in `$defs` (PEP 695's, `TypeAliasType`'s): what it stands for, once at any depth
                self._planning.add(name)
                try:
                    return self.conversion(self._defs[name][0])
                finally:
                    self._planning.discard(name)
            found = self._python.get(name) if set(member) <= {"$ref", "default", "description"} else None
            if found is None:
                return None
            fields = self._field_conversions(name) if found[0] in ("dataclass", "namedtuple", "typeddict") else None
            if fields is not None:
                return ["class", *found, fields]
            return ["class", *found] if found[0] != "typeddict" else None
        kind = member.get(PYTHON_TYPE)
        if member.get("contentMediaType") == JSON_MEDIA_TYPE and isinstance(member.get("contentSchema"), dict):
            return ["json", self.conversion(member["contentSchema"])]  # `Json[T]`: the text read, then made a `T`
        if member.get("type") == "array":
            if "prefixItems" in member:
                return ["fixed", [self.conversion(item) for item in member["prefixItems"]]]
            items = self.conversion(member["items"]) if isinstance(member.get("items"), dict) else None
            return [kind or "list", items] if items is not None or kind is not None else None
        if member.get("type") == "object" and "properties" not in member:
            return self._dict_conversion(member, kind)
        if isinstance(kind, list):  # the plan itself: a `Literal`'s Enum members
            return kind
        return [kind] if kind is not None else None

    def _grader(self, schema: Schema, plan: list[Any] | None, seen: frozenset[str]) -> Any:
        """How pydantic grades a union member's match for a JSON value (EXACT, STRICT or LAX, above), `plan` making
        it: the worst grade of its parts. The grade itself where every value the member takes gets the same one,
        else how `call()` grades the value (`_grade_of`): `["int"]` (a float as an `int`: LAX), `["float"]` (an
        integer as a `float`: STRICT), `["pydantic"]` (one of pydantic's types: STRICT from a text, EXACT from an
        integer, LAX from a float), `["date"]` and `["datetime"]` (a date from a text with a time, a datetime from a
        date alone: LAX), `["items", floor, item]`, `["fixed", floor, [position, ...]]`, `["fields", floor, {key:
        field}]` (the keys given), `["dict", key, value]` (a container is graded by what it holds, if anything),
        `["union", [[schema, member], ...]]` (the best of the members that take the value) and a record class's
        `{"$ref": ...}`: its grader, kept once in the tool's `python.graders` (`graders`), so that a tree of classes
        or a class met on many paths is written once."""
        kind = plan[0] if plan else None
        if kind == "union":
            return _best([[member[0], member[2]] for member in plan[1]])  # type: ignore[index]
        members = [s for s in schema.get("anyOf", [schema]) if s != {"type": "null"}]
        if kind is None and len(members) > 1:  # as it is: the best of its members that take the value
            return _best([[without_python_types(m), self._grader(m, None, seen)] for m in members])
        member = members[0] if len(members) == 1 else schema
        if "$ref" in member:
            name = member["$ref"].rsplit("/", 1)[-1]
            found = self._python.get(name)
            if name in seen or name not in self._defs:
                return STRICT
            if found is None:  # no class: an alias's schema
                return self._grader(self._defs[name][0], plan, seen | {name})
            if found[0] == "enum":
                return LAX
            if name not in self._graders:
                self._graders[name] = STRICT  # where it recurs, it is referred to by name all the same
                self._graders[name] = self._record_grader(name, found[0])
            return {"$ref": DEFS_PREFIX + name}
        if kind in _LAX_KINDS or kind == "class" and plan[1] == "enum":  # type: ignore[index]
            return LAX
        if not member:
            return STRICT  # `Any`
        if kind == "literal":  # its Enum members: as their values (`str` mixed in), or laxly
            return LAX if plan[2] else EXACT  # type: ignore[index]
        if "const" in member or "enum" in member or kind == "uuid":
            return EXACT
        if member.get("type") == "array":
            positions = member.get("prefixItems")
            floor = EXACT if kind in (None, "list") and positions is None else STRICT
            if positions is not None:
                subs = plan[1] if kind == "fixed" else [None] * len(positions)  # type: ignore[index]
                graders = [self._grader(part, sub, seen) for part, sub in zip(positions, subs)]
                return _folded(["fixed", floor, graders], graders)
            items = member.get("items", {})
            if not items and floor == EXACT:  # a list of anything: pydantic does not look into it
                return EXACT
            item = self._grader(items, plan[1] if kind else None, seen)  # type: ignore[index]
            return _folded(["items", floor, item], [item])
        if member.get("type") == "object" and "properties" not in member:
            keys, values = (plan[1], plan[2]) if kind == "dict" else (None, None)  # type: ignore[index]
            names, extra = member.get("propertyNames"), member.get("additionalProperties")
            key = self._grader(names if isinstance(names, dict) else {"type": "string"}, keys, seen)
            value = self._grader(extra if isinstance(extra, dict) else {}, values, seen)
            return ["dict", key, value]
        if kind in ("int", "float", "date", "datetime") or kind is None and member.get("type") == "integer":
            return [kind or "int"]
        if kind is not None and kind.startswith("pydantic:"):
            return ["pydantic"]
        if kind is None:
            return STRICT if member.get("type") == "string" else EXACT
        return STRICT

    def _record_grader(self, name: str, kind: str) -> Any:
        """A record class's grader (`_grader`): its fields', for the keys a value gives, or its positions'."""
        definition = self._defs[name][0]
        floor = EXACT if kind == "typeddict" else STRICT  # a model, dataclass or NamedTuple from JSON: strictly
        if "properties" in definition:  # never folded: `call()` counts the fields a value sets, as pydantic does
            fields = {key: self._grader(prop, self.conversion(prop), frozenset())
                      for key, prop in definition["properties"].items()}  # fmt: skip
            return ["fields", floor, fields]
        if "prefixItems" in definition:  # a NamedTuple's
            positions = [self._grader(item, self.conversion(item), frozenset()) for item in definition["prefixItems"]]
            return _folded(["fixed", floor, positions], positions)
        return STRICT

    def graders(self, plans: list[Any]) -> tuple[tuple[str, Any], ...]:
        """The graders of the record classes that the unions in `plans` (and in the field plans of the recursive
        classes they name) refer to, and of those that these refer to, by name (`python.graders`)."""
        found: dict[str, Any] = {}
        plans = plans + [plan for _, fields in self.recursive_plans(plans) for plan in _plans_of_fields(fields)]
        waiting = [name for union in _unions(plans) for member in union[1] for name in _grader_names(member[2])]
        while waiting:
            name = waiting.pop()
            if name not in found:
                found[name] = self._graders[name]
                waiting += _grader_names(found[name])
        return tuple(sorted(found.items()))

    def _dict_conversion(self, schema: Schema, note: str | None) -> list[Any] | None:
        """`["dict", keys, values]`, and the mapping class where it is no `dict`: `Counter`, `OrderedDict`, or
        `["defaultdict", factory]` with the factory pydantic picks for the values (None where it picks none)."""
        _, numbers, mapping = (note or "dict::").split(":")
        keys, values = (schema.get(key) for key in ("propertyNames", "additionalProperties"))
        keys = self.conversion(keys) if isinstance(keys, dict) else [f"keys:{numbers}"] if numbers else None
        plan = ["dict", keys, self.conversion(values) if isinstance(values, dict) else None]
        if mapping == "defaultdict":
            plan.append([mapping, _default_factory(values)])
        elif mapping:
            plan.append(mapping)
        return plan if plan[1:] != [None, None] else None

    def _field_conversions(self, name: str) -> list[Any] | dict[str, Any] | None:
        """The plans for the fields of a dataclass or TypedDict (by key) or a NamedTuple (by position), which
        `call()` applies before it builds the class; None if no field needs one. A class met again inside itself
        (a tree of dataclasses) is `{"$ref": ...}` there, and so is one whose plans are large (`PLAN_SIZE_KEPT`)
        wherever it is used: `call()` finds its plans by that name, in the tool's `python.fields` (see
        `recursive_plans`)."""
        if name in self._kept_apart or name in self._converting:
            return {"$ref": DEFS_PREFIX + name}
        if name in self._field_plans:
            return self._field_plans[name]
        self._converting.add(name)
        try:
            schema = self._defs[name][0]
            fields: list[Any] | dict[str, Any] | None
            if "prefixItems" in schema:
                plans = [self.conversion(item) for item in schema["prefixItems"]]
                fields = plans if any(plan is not None for plan in plans) else None
            else:
                properties = schema.get("properties", {}).items()
                fields = {key: plan for key, prop in properties if (plan := self.conversion(prop)) is not None} or None
        finally:
            self._converting.discard(name)
        self._field_plans[name] = fields
        if _written_size(fields) > PLAN_SIZE_KEPT:  # written out at each use, its plans would grow with each level
            self._kept_apart.add(name)
            return {"$ref": DEFS_PREFIX + name}
        return fields

    def recursive_plans(self, plans: Iterable[Any]) -> tuple[tuple[str, Any], ...]:
        """The field plans of the recursive (or large) classes that `plans` name, and of those that these name, by
        name."""
        found: dict[str, Any] = {}
        waiting = list(_recursions(plans))
        while waiting:
            name = waiting.pop()
            if name not in found:
                fields = found[name] = self._field_plans[name]
                waiting += _recursions(_plans_of_fields(fields))
        return tuple(sorted(found.items()))

    # -- resolution --------------------------------------------------------------------------------
    def validated_by_pydantic(self, schema: Any, seen: frozenset[str] = frozenset()) -> bool:
        """Whether pydantic validates a part of `schema` in a way of its own (`VALIDATION`: a validator an annotation
        names, a `WithJsonSchema`), at any depth, in the classes it names too."""
        if isinstance(schema, list):
            return any(self.validated_by_pydantic(item, seen) for item in schema)
        if not isinstance(schema, dict):
            return False
        if schema.get(VALIDATION) == "pydantic":
            return True
        ref = schema.get("$ref")
        name = ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None
        if name is not None and name not in seen and name in self._defs:
            if self.validated_by_pydantic(self._defs[name][0], seen | {name}):
                return True
        return any(self.validated_by_pydantic(value, seen) for key, value in schema.items() if key != "$ref")

    def definition(self, schema: Schema) -> Schema | None:
        """The definition a `{"$ref": ...}` names, as built so far."""
        ref = schema.get("$ref") if set(schema) == {"$ref"} else None
        return self.definition_named(ref.rsplit("/", 1)[-1]) if isinstance(ref, str) else None

    def definition_named(self, name: str) -> Schema | None:
        """The definition of a `$defs` name, as built so far (`{}` while it is being built)."""
        found = self._defs.get(name)
        return found[0] if found else None

    def tags_while_built(self, schema: Schema, tag: str) -> list[Any]:
        """The values a class whose definition is being built (a tree's node, in a tagged union in its own fields)
        takes for its field `tag`, read from that field's annotation alone: none where the field has an alias."""
        ref = schema.get("$ref")
        cls = self._building.get(ref.rsplit("/", 1)[-1]) if isinstance(ref, str) else None
        if cls is None or "alias_generator" in self._config(cls):
            return []
        for owner in self.lineage(cls):
            for stmt, _ in self._field_statements(owner):
                if stmt.target.id == tag:  # type: ignore[union-attr]
                    if isinstance(stmt.value, ast.Call) and any(k.arg == "alias" for k in stmt.value.keywords):
                        return []
                    # reported as the field's own build reports it, where it is built (the same diagnostics, once)
                    here = self.located(owner, self.report)
                    field = self.builder.schema(stmt.annotation, self.body_scope(owner), here)
                    return [field["const"]] if "const" in field else list(field.get("enum", []))
        return []

    def named(self, path: str, scope: Scope, where: Located) -> Schema | None:
        obj = scope.lookup(path)
        found = self.builder.hook_schema(obj) if isinstance(obj, griffe.Class) else None
        if isinstance(found, dict):  # a class that says its own schema, as pydantic's docs teach (a model's too)
            return self.builder.left_to_pydantic(found)
        if isinstance(obj, griffe.Class) and self.kind_of(obj) is None:
            return self._open_class(obj, where)
        if isinstance(obj, (griffe.Class, griffe.TypeAlias)):  # PEP 695 aliases are named in $defs, as by pydantic
            return self._ref(obj, where)
        if isinstance(obj, griffe.Attribute):
            functional = self.functional_enum(obj)
            if functional is not None:
                return self._functional_ref(obj, functional, where)
            record = self.functional_record(obj)
            if record is not None:
                return self._record_ref(obj, record, where)
            if self._alias_type(obj) is not None:  # `TypeAliasType("X", ...)`: named in $defs, as PEP 695's are
                return self._ref(obj, where)
            if obj.path in self._expanding or canonical(obj.path) in self._names:
                return self._ref(obj, where)  # a recursive alias: named in $defs, so that it can refer to itself
            self._expanding.add(obj.path)
            try:
                return self._alias(obj, where)
            finally:
                self._expanding.discard(obj.path)
        return None

    def _annotated_class(self, path: str, scope: Scope) -> griffe.Object | None:
        """The object at `path`; for an alias of `Annotated[X, ...]`, the class `X`, whose attributes it passes on
        (typer's `RepoTypeOpt = Annotated[RepoType, Option(...)]`, then `RepoTypeOpt.model`)."""
        obj = scope.lookup(path)
        value = self._assigned(obj)
        owner = self.scope_of(obj) if value is not None else scope
        if not isinstance(value, ast.Subscript) or owner.path_of(value.value) != "typing.Annotated":
            return obj
        inner = type_arguments(value)[0]
        return owner.lookup(owner.path_of(inner)) if isinstance(inner, (ast.Name, ast.Attribute)) else None

    def alias_value(self, path: str, scope: Scope) -> tuple[ast.expr, Scope] | None:
        """What a module attribute is assigned (`_AnyCallable = Callable[..., Any]`), with the scope to read it in;
        None for anything else."""
        if path not in self._alias_values:  # asked of every name annotations write: looked up once each
            obj = scope.lookup(path)
            value = self._assigned(obj)
            self._alias_values[path] = None if value is None else (value, self.scope_of(obj))
        return self._alias_values[path]

    def _assigned(self, obj: griffe.Object | None) -> ast.expr | None:
        """What an attribute is assigned; None for any other object."""
        return self.source(obj).assigned_value(obj) if isinstance(obj, griffe.Attribute) else None

    def aliased(self, path: str, scope: Scope, known: Container[str]) -> str | None:
        """The path of the type a module attribute names plainly, where that is one of `known` or a class:
        `SequenceNotStr = Sequence` names `typing.Sequence`, `Pages = Page` the generic model; else None."""
        found = self.alias_value(path, scope)
        if found is None or not isinstance(found[0], (ast.Name, ast.Attribute)):  # `Page[Item]` itself ends here
            return None
        target = found[1].path_of(found[0])
        return target if target in known or isinstance(scope.lookup(target), griffe.Class) else None

    def specialized(self, path: str, args: list[ast.expr], scope: Scope, where: Located) -> Schema | None:
        """`Page[Item]`: a generic model or dataclass with its type variables bound to the arguments, in `$defs`
        under the name pydantic gives it (`Page_Item_`); a generic alias so too (`_specialized_alias`). None where
        `path` is neither."""
        cls = scope.lookup(path)
        if not isinstance(cls, griffe.Class):
            return self._specialized_alias(cls, args, scope, where) if cls is not None else None
        kind = self.kind_of(cls)
        if kind not in ("model", "dataclass", "typeddict"):
            return None
        variables = self._type_variables(cls)
        if not variables or len(variables) != len(args):
            return None
        given = [scope.path_of(arg) for arg in args]
        unbound = not self.builder.bound.keys() & given
        if kind == "model" and given == variables and unbound and not self._own_parameters(cls):
            return self._ref(cls, where)  # `Page[T]` given its own `T`, which nothing binds: pydantic's `Page` itself

        def build(name: str) -> Schema:
            with self.builder.binding(self._class_binding(cls, variables, args, scope, where)):
                schema = self._class_schema(cls, name, where)
            if kind == "model":  # pydantic's specialized model is a subclass without the docstring
                schema.pop("description", None)
                arguments = [self.import_path(arg, scope) for arg in args]
                if all(arguments):  # `call()` specializes the model too, where each argument is a class
                    self._python[name] = ("model", [self._python[name][1], arguments])
                else:  # `Page[date]`, `Page[List[int]]`: pydantic makes it by the function's own annotation
                    self.builder.left_to_pydantic(schema)
            return schema

        return self._specialized_ref(cls.path, cls.name, args, scope, build)

    def _specialized_ref(self, path: str, name: str, args: list[ast.expr], scope: Scope,
                         build: Callable[[str], Schema]) -> Schema:  # fmt: skip
        """A `$ref` to the generic at `path`, called `name`, specialized by `args`: built once by `build`, under the
        name pydantic gives it in `$defs` (`Page_Item_` for `Page[Item]`). As pydantic's `get_defs_ref`: each part
        between brackets and commas loses what comes before its last `.` (`Literal[1.5]` is `Literal_5_`), then `.`
        is `__` (`Tuple[int, ...]`) and any other sign but `-` is `_`."""
        shown = [self.builder.display(arg, scope) for arg in args]

        def specialized_name() -> str:
            parts = re.split(r"([\][,])", f"{name}[{','.join(shown)}]")
            short = "".join(re.sub(r"(?:[^.[\]]+\.)+((?:[^.[\]]+))", r"\1", part) for part in parts)
            found = re.sub(r"[^a-zA-Z0-9.\-_]", "_", short).replace(".", "__")
            self._taken.add(found)
            return found

        return self._defined(f"{canonical(path)}[{','.join(shown)}]", specialized_name, build)

    def _specialized_alias(self, obj: griffe.Object, args: list[ast.expr], scope: Scope,
                           where: Located) -> Schema | None:  # fmt: skip
        """`Pair[int]` for a generic alias: the aliased type with the alias's type variables bound to the arguments.
        A plain one (`Pair = Tuple[T, T]`) is written in place, as pydantic writes it; PEP 695's (`type Pair[T] =
        ...`) and `TypeAliasType`'s are named in `$defs` as pydantic names them (`Pair_int_`). None for any other
        object, or where the arguments are not one for each type variable."""
        variables = self._alias_variables(obj)
        if not variables or len(variables) != len(args):
            return None
        binding = self._binding(variables, args, scope, where)
        named = self._alias_type(obj)
        if not isinstance(obj, griffe.TypeAlias) and named is None:
            if obj.path in self._expanding:  # recursive: left to `named`, which names it in `$defs`
                return None
            self._expanding.add(obj.path)
            try:
                with self.builder.binding(binding, frozenset()):  # `typing` puts them in place
                    return self._alias(obj, where)
            finally:
                self._expanding.discard(obj.path)

        def build(_: str) -> Schema:
            with self.builder.binding(binding):
                return self._alias(obj, where) or {}

        return self._specialized_ref(obj.path, named[0] if named else obj.name, args, scope, build)

    def plain_generic(self, path: str, scope: Scope) -> tuple[list[str], ast.expr, Scope] | None:
        """A plain generic alias's type variables, value and the scope to read it in (`Pair = Tuple[T, T]`); None
        for any other object (PEP 695's and `TypeAliasType`'s are named types)."""
        obj = scope.lookup(path) if path else None
        if not isinstance(obj, griffe.Attribute) or self._alias_type(obj) is not None:
            return None
        value, variables = self._assigned(obj), self._alias_variables(obj)
        return (variables, value, self.scope_of(obj)) if variables and value is not None else None

    def _alias_variables(self, obj: griffe.Object) -> list[str]:
        """The type variables of a generic alias, in order: PEP 695's parameters, `TypeAliasType`'s `type_params`, or
        those a plain alias's value holds, in the order they first appear (Python's `__parameters__`)."""
        scope = self.scope_of(obj)
        if isinstance(obj, griffe.TypeAlias):
            return [scope.qualify(param.name) for param in getattr(self.source(obj).definition(obj), "type_params", [])]
        value = self._assigned(obj)
        if isinstance(value, ast.Call):
            if scope.path_of(value.func) != "typing.TypeAliasType":
                return []
            given = keyword_of(value, "type_params")
            return [scope.path_of(item) for item in given.elts] if isinstance(given, ast.Tuple) else []
        return list(dict.fromkeys(self._free_variables(value, scope))) if value is not None else []

    def _free_variables(self, node: ast.expr, scope: Scope, depth: int = 0) -> list[str]:
        """The type variables a type expression holds, in the order they appear, with repeats: those of a generic
        alias it names without arguments too; none in a subscript's origin (its arguments stand in for them), in
        `Annotated`'s metadata, in a `Literal` or in quotes."""
        if depth > 20:
            return []
        if isinstance(node, (ast.BinOp, ast.Tuple, ast.List, ast.Subscript)):
            return [found for part in _type_parts(node, scope) for found in self._free_variables(part, scope, depth + 1)]
        path = scope.path_of(node)
        obj = scope.lookup(path) if path else None
        value = self._assigned(obj)
        if value is None:
            return []
        owner = self.scope_of(obj)  # type: ignore[arg-type]
        if isinstance(value, ast.Call):
            return [path] if owner.path_of(value.func) == "typing.TypeVar" else []
        return self._free_variables(value, owner, depth + 1)

    def _binding(self, variables: list[str], args: list[ast.expr], scope: Scope, where: Located) -> _Bound:
        """A generic class's type variables bound to the arguments of `Page[Item]`: each to the argument's schema and
        its name as pydantic shows it."""
        shown = [self.builder.display(arg, scope) for arg in args]
        return {var: (self.builder.schema(arg, scope, where), text) for var, arg, text in zip(variables, args, shown)}

    def _class_binding(self, cls: griffe.Class, variables: list[str], args: list[ast.expr], scope: Scope,
                       where: Located) -> _Bound:  # fmt: skip
        """A generic class's `_binding`, its arguments read as its fields are: `Page[Item]`'s TypedDict under `Page`'s
        configuration, not that of a model `Page[Item]` is used in."""
        with self._passing_on(self._read_under(cls, self._config(cls))[0]):
            return self._binding(variables, args, scope, where)

    @contextmanager
    def type_parameters(self, definitions: Iterable[ast.AST], scope: Scope, where: Located) -> Iterator[None]:
        """While the definitions are read, their PEP 695 type parameters (`def f[T: int]`, `class Page[T]`) that no
        specialization bound stand for what pydantic reads an unbound one as (an inner definition's win)."""
        outer = self.builder.bound
        params = [param for node in definitions for param in getattr(node, "type_params", None) or []]
        added = {}
        for param in params:
            path = scope.qualify(param.name)
            if path not in outer:
                bound = getattr(param, "bound", None)  # `T: (int, str)` writes constraints, `T: int` a bound
                constraints = bound.elts if isinstance(bound, ast.Tuple) else []
                schema = self._type_variable(getattr(param, "default_value", None), None if constraints else bound,
                                             constraints, scope, where)  # fmt: skip
                added[path] = (schema, "TypeVar")  # as pydantic shows it in a specialized generic's name
        with self.builder.binding({**outer, **added}, self.builder.replaced):
            yield

    def _type_variable(self, default: ast.expr | None, bound: ast.expr | None, constraints: list[ast.expr], scope: Scope,
                       where: Located) -> Schema:  # fmt: skip
        """A type variable nothing binds, as pydantic reads it: its default, else the union of its constraints, else
        its bound, else any value."""
        if default is not None:
            return self.builder.schema(default, scope, where)
        if constraints:
            return self.builder.union(constraints, scope, where)
        return self.builder.schema(bound, scope, where) if bound is not None else {}

    def import_path(self, node: ast.expr, scope: Scope) -> str | None:
        """`module:Qualname` of a class named by `node`, or `builtins:int` and the like; None for anything else."""
        path = scope.path_of(node)
        if path in ("int", "str", "float", "bool", "bytes"):
            return f"builtins:{path}"
        target = scope.lookup(path)
        return _python_path(target) if isinstance(target, griffe.Class) else None

    def _own_parameters(self, cls: griffe.Class) -> bool:
        """Whether a class declares its type parameters itself (PEP 695's `class Page[T]`), where no name outside it
        can give them."""
        return bool(getattr(self.source(cls).definition(cls), "type_params", None))

    def _type_variables(self, cls: griffe.Class) -> list[str]:
        """The type variables of `class Page(BaseModel, Generic[T])` or `class Page[T](BaseModel)`, in order."""
        node = self.source(cls).definition(cls)
        scope = self.scope_of(cls)
        if self._own_parameters(cls):
            return [scope.qualify(param.name) for param in node.type_params]
        for base in getattr(node, "bases", []):
            if isinstance(base, ast.Subscript) and scope.path_of(base.value) == "typing.Generic":
                return [scope.path_of(arg) for arg in type_arguments(base)]
        return []

    def _alias_type(self, obj: griffe.Object) -> tuple[str, ast.expr] | None:
        """The name and value of `X = TypeAliasType("X", value)` (typing's, or typing_extensions'), which pydantic
        names in `$defs` as it does a PEP 695 `type X = value` (generic too, `type_params=(T,)`); None for anything
        else."""
        value = self._assigned(obj)
        if not isinstance(value, ast.Call) or self.scope_of(obj).path_of(value.func) != "typing.TypeAliasType":
            return None
        keywords = {keyword.arg: keyword.value for keyword in value.keywords}
        arguments = [*value.args, *(keywords[k] for k in ("name", "value") if k in keywords)][:2]
        name = literal(arguments[0]) if arguments else None
        if len(arguments) < 2 or not isinstance(name, str):
            return None
        return name, arguments[1]

    def _alias(self, obj: griffe.Object, where: Located) -> Schema | None:
        """A plain alias (`X = list[int]`, `X: TypeAlias = ...`, NewType, TypeVar, `TypeAliasType("X", ...)`): the
        aliased type's schema."""
        source = self.source(obj)
        value = source.assigned_value(obj)
        named = self._alias_type(obj)
        if named is not None:
            value = named[1]
        if value is None:
            return None
        scope = self.scope_of(obj)
        here = self.located(obj, where.report)
        if isinstance(obj, griffe.TypeAlias):  # `type Pair[T] = ...`: each parameter that nothing binds, as pydantic
            with self.type_parameters([self.source(obj).definition(obj)], scope, here):  # reads it
                return self.builder.schema(value, scope, here)
        if isinstance(value, ast.Name) and value.id == obj.name:
            # `str = str` (requests' compat module): the name, bound only here, was the builtin's until here
            known = self.builder.known(value.id, scope, here)
            return known if known is not None else self.builder.unresolved(value.id, here.at(value))
        if isinstance(value, ast.Call):
            func = scope.path_of(value.func)
            if func == "typing.NewType" and len(value.args) == 2:
                return self.builder.schema(value.args[1], scope, here)
            if func == "typing.TypeVar":
                keywords = {keyword.arg: keyword.value for keyword in value.keywords}
                return self._type_variable(keywords.get("default"), keywords.get("bound"), value.args[1:], scope, here)
        return self.builder.schema(value, scope, here)

    def _ref(self, obj: griffe.Class | griffe.TypeAlias | griffe.Attribute, where: Located) -> Schema:
        def build(name: str) -> Schema:
            if not isinstance(obj, griffe.Class):
                schema = self._alias(obj, where) or {}
                if self._names_only(schema, name):  # `A = "B"`, `B = "A"`: no type at the end of the names
                    where.warn(f"`{obj.name}` names only aliases that name it back; its schema is left open (`{{}}`)")
                    return {}
                return schema
            # an alias met again in its fields is no recursion of the alias's own: the class's `$ref` ends it, so it
            # is written in place there too, as pydantic writes it (prefect's `TriggerTypes` in `CompoundTrigger`)
            outer, self._expanding = self._expanding, set()
            self._building[name] = obj
            try:
                return self._class_schema(obj, name, where)
            finally:
                self._expanding = outer
                del self._building[name]

        key = canonical(obj.path)
        if isinstance(obj, griffe.Class) and self._context and self._context[-1].key:
            context = self._passed_on(obj, self._config(obj))
            key += f"|{context.key}" if context else ""  # a schema of its own under this configuration
        named = self._alias_type(obj)  # `TypeAliasType`'s own name for it
        ref = self._defined(key, lambda: self._short_name(obj.path, named[0] if named else obj.name), build)
        defined = ref["$ref"][len(DEFS_PREFIX):]
        if isinstance(obj, griffe.Class) and defined not in self._building and self._written_in_place(obj):
            return self.builder.left_to_pydantic(copy.deepcopy(self._defs[defined][0]))
        if isinstance(obj, griffe.Class) and self.kind_of(obj) == "enum" and not self.enum_members(obj):
            # an Enum of no members (a base for others, `class CaseInsensitive(str, Enum)`): pydantic checks it with
            # `isinstance`, which it writes in place, `{"enum": []}`
            return copy.deepcopy(self._defs[defined][0])
        return ref

    def _names_only(self, schema: Schema, name: str) -> bool:
        """Whether a schema is a `$ref` to definitions that are each a `$ref` alone, back to `name`'s."""
        for _ in range(20):
            if set(schema) != {"$ref"} or not str(schema["$ref"]).startswith(DEFS_PREFIX):
                return False
            target = schema["$ref"][len(DEFS_PREFIX) :]
            if target == name:
                return True
            schema = self._defs.get(target, ({}, frozenset()))[0]
        return False

    def _written_in_place(self, cls: griffe.Class) -> bool:
        """Whether pydantic writes a model's schema in place, not in `$defs`: its (or a base's)
        `__get_pydantic_core_schema__` puts the schema it makes in a validator function at every return (crewai's
        `BaseTool`). A recursive one pydantic cannot write at all (it recurses without end); here it stays in `$defs`
        where it recurs. `call()` has pydantic run the validator."""
        if self.kind_of(cls) != "model":  # a dataclass's stays in `$defs`
            return False
        found = self.hook(cls, "__get_pydantic_core_schema__")
        return found is not None and _kept_schema(found[1]) == "wrapped"

    def _defined(self, key: str, name: Callable[[], str], build: Callable[[str], Schema]) -> Schema:
        """A `$ref` to the definition of `key`, built once under the name `name()` gives, with the definitions it
        refers to recorded (for `tool_defs`). A placeholder stands first: recursive types see their own `$ref`."""
        if key not in self._names:
            self._names[key] = defined = name()
            self._defs[defined] = ({}, frozenset())
            reported = len(self.report.items)
            schema = build(defined)
            if isinstance(schema.get("properties"), dict):  # a record's fields, as pydantic writes them
                schema = {**schema, "properties": unrepeated(schema["properties"], self.definition_named)}
            self._defs[defined] = (schema, frozenset(refs_in(schema)))
            if len(self.report.items) == reported:
                self._quiet.add(defined)
        return {"$ref": DEFS_PREFIX + self._names[key]}

    def _open_class(self, cls: griffe.Class, where: Located) -> Schema:
        """A class of no kind the scan reads (one that says its own pydantic schema, or one pydantic takes as an
        arbitrary type): `{}` in place, as pydantic writes `any_schema()`, reported where it is used, as an
        annotation that cannot be resolved is. Where it derives from a class of a package the scan does not read
        (`class FileType(protobuf.Enum)`), the warning names that package: `type-packages` may make it readable."""
        unread = self.unread_base(cls)
        if unread is not None:
            where.warn(f"class `{cls.name}` derives from `{unread[0]}`, of `{unread[1]}`, which the scan does not read "
                       "(see `type-packages`); its schema is left open (`{}`)")  # fmt: skip
            return {}
        names = ("__get_pydantic_core_schema__", "__get_pydantic_json_schema__")
        hooks = [f"`{found[0].name}.{name}`" for name in names if (found := self.hook(cls, name)) is not None]
        if hooks and self.builder.hook_schema(cls) is None:
            where.warn(f"class `{cls.name}` says its pydantic schema through {' and '.join(hooks)}, which the scan "
                       "does not read without running it; its schema is left open (`{}`)")  # fmt: skip
            return {}
        where.warn(f"class `{cls.name}` is not an Enum, TypedDict, dataclass, NamedTuple or pydantic BaseModel; its "
                   "schema is left open (`{}`)")  # fmt: skip
        return {}

    def _json_hooked(self, cls: griffe.Class, schema: Schema, where: Located) -> Schema:
        """A class's schema as the nearest `__get_pydantic_json_schema__` of its lineage changes it, where the
        builder reads that hook (`json_hooked`: llama-index's `BaseComponent` adds a `class_name` property, whose
        default each class's `class_name()` returns); else as it is, with the hook reported."""
        found = self.hook(cls, "__get_pydantic_json_schema__")
        if found is None:
            return schema
        changed = self.builder.json_hooked(cls, found, schema)
        if changed is not None:
            return changed
        owner, hook = found
        self.located(owner, where.report).at(hook).warn(
            f"`{owner.name}.__get_pydantic_json_schema__` changes the JSON Schema pydantic writes for it and the "
            "classes derived from it; the scan does not run it and writes the schema of their fields")  # fmt: skip
        return schema

    def unread_base(self, cls: griffe.Class) -> tuple[str, str] | None:
        """The first base class along a class's lineage that comes from a package the scan does not read, with that
        package: what it makes of the class (a pydantic hook, a model) is not known."""
        for owner in self.lineage(cls):
            scope = self.scope_of(owner)
            for base in self.base_paths(owner):
                path = base.partition("[")[0]
                package = scope.unread_package(path)
                if package is not None:
                    return path, package
        return None

    def _class_schema(self, cls: griffe.Class, name: str, where: Located) -> Schema:
        source = self.source(cls)
        here = self.located(cls, where.report)
        kind = self.kind_of(cls)
        assert kind is not None, cls.path  # `named` leaves a class of no kind open (`_open_class`)
        self._python[name] = (kind, _python_path(cls))
        for owner in self.lineage(cls):
            hook = self._method(owner, "__get_pydantic_core_schema__")
            if hook is not None and _kept_schema(hook) is None:
                self.located(owner, where.report).at(hook).warn(
                    f"`{owner.name}.__get_pydantic_core_schema__` says how pydantic validates it and the classes "
                    "derived from it, which may change their JSON Schema; the scan does not run it and writes the "
                    "schema of their fields")  # fmt: skip
        with self.type_parameters([source.definition(cls)], self.scope_of(cls), here):
            schema = self._kind_handlers[kind](cls, source, here)
        schema = self._json_hooked(cls, schema, where)
        aliased = self._variant(cls) in self._keyed_by_alias and kind in ("typeddict", "dataclass")
        if aliased or self._pydantic_dataclass(cls):
            # its keys are not its fields' names (pydantic's aliases), or it is pydantic's own, which passes its
            # configuration on to the classes in its fields: `call()` lets pydantic make it
            self._python[name] = ("adapted", self._python[name][1])
        keys = self._read_keys.pop(self._variant(cls), None)
        if aliased and keys is not None:
            self._aliased_keys[name] = keys
        else:  # a name another variant of the class had (`_short_name` gives each the same long one)
            self._aliased_keys.pop(name, None)
        if kind == "model":
            renames = self._by_name(cls, here)
            if renames:
                schema[BY_NAME] = renames
        described = self.class_docstring(cls, here, exact=True)  # `inspect.cleandoc`'s, as pydantic reads it
        if kind != "namedtuple" and described:  # as pydantic
            schema["description"] = described
        if kind in ("model", "dataclass", "typeddict") and self._decorated_deprecated(cls):  # itself, not a subclass
            schema.setdefault("deprecated", True)
        return schema

    def _decorated_deprecated(self, cls: griffe.Class) -> bool:
        """Whether the class carries PEP 702's `@deprecated(...)` (typing_extensions' or `warnings`')."""
        return any(path in DEPRECATED_CALLS for path in _decorator_paths(cls, self.scope_of(cls)))

    def _by_name(self, cls: griffe.Class, where: Located) -> dict[str, str]:
        """A model's fields that it takes by their names as well as by the keys its schema gives them (an alias),
        under `populate_by_name` or `validate_by_name`: each name to that key."""
        config = self._config(cls)
        generate = self._generator(config)
        if generate is None or not _takes_names(config):
            return {}
        keys = {field.attribute: _read_key(field, generate) for field in self.fields(cls, where)}
        return {attribute: key for attribute, key in keys.items() if attribute != key}

    def _short_name(self, path: str, name: str) -> str:
        """A definition's name: its own, or its dotted path's where another took the name first, as pydantic's; a
        third variant of one class (a TypedDict under a third configuration passed on to it) numbered after that.
        The type at `path` is named `name`, which pydantic knows it by: a NamedTuple, TypedDict, Enum or
        `TypeAliasType` that a call makes is its call's name (`RerankDocument = NamedTuple("Document", ...)` is
        `Document`, or `...rerank__Document` as pydantic dots it), not the attribute's."""
        known = f"{path.rpartition('.')[0]}.{name}"
        if name in self._taken:
            name = dotted = _path_name(known)
            count = 1
            while name in self._taken:
                count += 1
                name = f"{dotted}__{count}"
        self._taken.add(name)
        self._named_paths[name] = known
        return name

    def named_type(self, path: str, schema: Schema) -> Schema:
        """A `$ref` to a type of pydantic's own that pydantic names in `$defs` (`JsonValue`, its `TypeAliasType`;
        `BaseModel` itself)."""
        name = path.rsplit(".", 1)[-1]
        return self._defined(path, lambda: self._short_name(path, name), lambda _: copy.deepcopy(schema))

    def base_paths(self, cls: griffe.Class) -> list[str]:
        """The canonical dotted path of each base class, as written in the class statement."""
        scope = self.scope_of(cls)
        return [scope.qualify(str(getattr(base, "canonical_path", base))) for base in cls.bases]

    def kind_of(self, cls: griffe.Class) -> str | None:
        """`enum`, `typeddict`, `dataclass`, `namedtuple` or `model` for a class that is an argument type (read once
        per class)."""
        if cls.path not in self._kinds:
            self._kinds[cls.path] = self._kind(cls, self.scope_of(cls))
        return self._kinds[cls.path]

    def _kind(self, cls: griffe.Class, scope: Scope, depth: int = 0) -> str | None:
        if self._dataclass_decorator(cls):
            return "dataclass"
        found = None
        for path in self.base_paths(cls):
            kind = _KINDS.get(path)
            parent = scope.lookup(path) if kind is None else None
            if isinstance(parent, griffe.Class) and depth < 20:
                kind = self._kinds.get(parent.path) or self._kind(parent, self.scope_of(parent), depth + 1)
                if kind is not None:  # the parent's own (a search cut off deep finds none, which is not kept)
                    self._kinds[parent.path] = kind
            elif self._typeddict_made(parent) is not None:  # the anthropic SDK's keys no class statement could name
                kind = "typeddict"
            if kind == "rootmodel" and found == "model":  # `V2RootModel(UniversalBaseModel, RootModel)`: a root
                return kind  # model, which pydantic's `RootModel` in its bases makes it
            found = found or kind
            if found not in (None, "model"):
                return found
        return found

    def _typeddict_made(self, obj: griffe.Object | griffe.Alias | None) -> FunctionalRecord | None:
        """The TypedDict a module attribute is made by a call of (`_Keys = TypedDict("_Keys", {"from": str})`), as a
        class may derive from it; else None."""
        record = self.functional_record(obj) if isinstance(obj, griffe.Attribute) else None
        return record if record is not None and record.kind == "typeddict" else None

    def class_body(self, cls: griffe.Class) -> list[ast.stmt]:
        """The statements of a class body that run: those of an `if` whose test is known statically take the place
        of the `if` (the branch that runs, as `if PYDANTIC_V1: ... else: model_config = ...` in a body; never an
        `if TYPE_CHECKING:` block's), and an `if` that is not known is left out, as before."""
        node = self.source(cls).definition(cls)
        return self._running(getattr(node, "body", []), self.scope_of(cls))

    def _running(self, body: list[ast.stmt], scope: Scope) -> list[ast.stmt]:
        statements: list[ast.stmt] = []
        for stmt in body:
            if not isinstance(stmt, ast.If):
                statements.append(stmt)
                continue
            test = self.decided(stmt.test, scope)
            if test is not None:
                statements += self._running(stmt.body if test else stmt.orelse, scope)
        return statements

    # -- enums -------------------------------------------------------------------------------------
    def enum_members(self, cls: griffe.Class) -> dict[str, Any]:
        """The members of an Enum class and their values, read once per class."""
        if cls.path not in self._members:
            self._members[cls.path] = self._read_members(cls)
        return self._members[cls.path]

    def _read_members(self, cls: griffe.Class) -> dict[str, Any]:
        members: dict[str, Any] = {}
        generate, mixed = self._auto(cls)
        made: list[Any] = []  # the values `auto()` sees before each member: those written, and those it made
        written: dict[str, Any] = {}  # each member's name, as the class body binds it: to the value made

        def operand(node: ast.expr) -> Any:  # `TOOLS = AGENT | COMPLETION`: the body's values of earlier members
            if isinstance(node, COMPUTED):
                return computed(node, operand)
            if isinstance(node, ast.Name) and node.id in written:
                return written[node.id]
            value = literal(node)
            return self._constant_member(node, cls, members) if is_missing(value) else value

        body = self.class_body(cls)
        ignored = _ignored_names(body)
        for stmt in body:
            if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:  # `LIGHT: int = 1` is a member too
                stmt = ast.Assign([stmt.target], stmt.value)
            if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
                continue
            target = stmt.targets[0]
            if not isinstance(target, ast.Name) or not _member_name(target.id) or target.id in ignored:
                continue
            value = literal(stmt.value)
            if is_missing(value) and isinstance(stmt.value, COMPUTED):
                value = computed(stmt.value, operand)
            if is_missing(value):  # a module's constant (`TEXT = TEXT_TAG`)
                value = self._constant_member(stmt.value, cls, members)
            if isinstance(stmt.value, ast.Call) and (dotted_name(stmt.value.func) or "").endswith("auto"):
                value = generate(target.id, len(members), made)
            made.append(value)
            written[target.id] = value
            if mixed and (value is None or type(value) in (int, float, bool)):  # `(str, Enum)`: its text
                value = str(value)
            if not is_missing(value):  # equal to an earlier member's, an alias of it: `B = True` after `A = 1.0` is 1.0
                value = next((known for known in members.values() if not is_missing(known) and known == value), value)
            members[target.id] = value
        return members

    def _constant_member(self, node: ast.expr, cls: griffe.Class, members: dict[str, Any]) -> Any:
        """The value of an Enum member written as a module's constant (`TEXT = TEXT_TAG`, `= tags.TEXT`), as
        `member_value` reads it, or as an earlier member's name (`SAME = PLAIN`, an alias); missing for any other name
        (another Enum's member)."""
        dotted = dotted_name(node)
        if dotted in members:  # an earlier member's value, as the class body sees it: an alias
            return members[dotted]
        if not dotted or dotted.partition(".")[0] in members:
            return MISSING
        scope = self.scope_of(cls)
        constant = scope.lookup(scope.qualify(dotted))
        if not (isinstance(constant, griffe.Attribute) and isinstance(constant.parent, griffe.Module)):
            return MISSING
        return self.member_value(node, scope)

    def lineage(self, cls: griffe.Class, depth: int = 0) -> list[griffe.Class]:
        """A class and the classes of the scanned packages it derives from, in Python's method resolution order (C3:
        nearest first, a base after every class derived from it), each once; where the bases admit no such order
        (Python refuses the class), in the order they are met. Bases 20 deep at most."""
        if cls.path in self._lineages:
            return self._lineages[cls.path]
        scope = self.scope_of(cls)
        bases = [base for base in map(scope.lookup, self.base_paths(cls)) if isinstance(base, griffe.Class)]
        bases = [base for base in bases if base.path != cls.path] if depth < 20 else []
        orders = [self.lineage(base, depth + 1) for base in bases] + [bases]
        merged = [cls]
        while orders := [order for order in orders if order]:  # by identity: griffe builds `path` at each use
            tails = {id(later) for order in orders for later in order[1:]}
            head = next((order[0] for order in orders if id(order[0]) not in tails), orders[0][0])
            merged.append(head)
            orders = [[later for later in order if later is not head] for order in orders]
        self._lineages[cls.path] = merged
        return merged

    def hook(self, cls: griffe.Class, name: str) -> tuple[griffe.Class, ast.FunctionDef] | None:
        """The nearest class of `cls`'s lineage whose body defines the method `name` (a pydantic hook, a tool
        class's `forward`), and its `def`. Looked up once per class and name: each union member that is a class
        asks."""
        key = (cls.path, name)
        if key not in self._hooks:
            found = ((owner, self._method(owner, name)) for owner in self.lineage(cls))
            self._hooks[key] = next(((owner, node) for owner, node in found if node is not None), None)
        return self._hooks[key]

    def class_attribute(self, cls: griffe.Class, name: str) -> tuple[griffe.Class, ast.expr | None] | None:
        """The nearest class of `cls`'s lineage whose body binds its attribute `name`, and the value it assigns it
        there once (`max_length: ClassVar[int] = 19`), or None where that body binds it otherwise too, or twice (a
        `def`, an import); None where no class binds it."""
        for owner in self.lineage(cls):
            binding = [stmt for stmt in self.class_body(owner) if _binds(stmt, name)]
            if binding:
                found = binding[0]
                single = len(binding) == 1 and isinstance(found, (ast.Assign, ast.AnnAssign))
                return owner, found.value if single else None  # type: ignore[union-attr]
        return None

    def class_constant(self, cls: griffe.Class, name: str) -> Any:
        """The value of a class's attribute `name` (`cls.max_length` in a hook), as `class_attribute` finds it and
        `value_of` reads it, where the class's body writes it; else missing."""
        found = self.class_attribute(cls, name)
        if found is None or found[1] is None:
            return MISSING
        return self.value_of(found[1], self.body_scope(found[0]))

    def returned_constant(self, cls: griffe.Class, name: str) -> Any:
        """What a class's method `name` (found as `hook` finds it) returns called on the class without arguments
        (`cls.class_name()` in a hook), where it is a class or static method whose body only returns a value
        `value_of` reads in its module (`return "TextNode"`); else missing."""
        found = self.hook(cls, name)
        if found is None:
            return MISSING
        owner, method = found
        body = without_docstring(method.body)
        bound = {"classmethod", "staticmethod"} & {dotted_name(decorator) for decorator in method.decorator_list}
        if not bound or len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            return MISSING
        return self.value_of(body[0].value, self.scope_of(owner))

    def _method(self, cls: griffe.Class, name: str) -> ast.FunctionDef | None:
        """The `def` (or `async def`) of a method that a class's own body writes (that runs: see `class_body`), or
        None."""
        methods = (stmt for stmt in self.class_body(cls) if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)))
        return next((stmt for stmt in methods if stmt.name == name), None)  # type: ignore[arg-type]

    def _auto(self, cls: griffe.Class) -> tuple[Callable[[str, int, list[Any]], Any], bool]:
        """How `auto()` makes an Enum member's value from its name, the number of members before it and the values
        before it: by the class's (or a base's) own `_generate_next_value_` where it returns its name, as it is or
        changed by a `str` method, else as the standard library does (a `StrEnum`'s lowercase name, a `Flag`'s next
        power of two, else the last integer plus one); missing for any other `_generate_next_value_`. And whether
        the value then becomes its text (`class Role(str, Enum)`)."""
        lineage = self.lineage(cls)
        paths = self._enum_bases(cls)
        own = next(filter(None, (self._method(current, "_generate_next_value_") for current in lineage)), None)
        generate = _named_value(own) if own is not None else None
        mixed = bool({"str", "enum.StrEnum"} & paths)
        if generate is not None:
            return generate, mixed
        if "enum.StrEnum" in paths:
            return (lambda name, count, made: name.lower()), False
        numbers = lambda made: [value for value in made if type(value) is int]  # noqa: E731
        if {"enum.Flag", "enum.IntFlag"} & paths:
            return (lambda name, count, made: 2 ** max([0, *numbers(made)]).bit_length()), mixed
        return (lambda name, count, made: ([0, *numbers(made)][-1]) + 1), mixed

    def _enum_bases(self, obj: griffe.Object) -> set[str]:
        """The paths of the bases of an Enum class and of its bases' (a `(str, Enum)` base of no members passes its
        `str` on), or the class an Enum made by a call calls."""
        if isinstance(obj, griffe.Class):
            return {path for current in self.lineage(obj) for path in self.base_paths(current)}
        functional = self.functional_enum(obj) if isinstance(obj, griffe.Attribute) else None
        return {functional.base} if functional is not None else set()

    def _members_of(self, obj: griffe.Object | None) -> dict[str, Any] | None:
        """The members an Enum class, or an Enum made by a call, gives its names; None for another object."""
        if isinstance(obj, griffe.Class):
            return self.enum_members(obj)
        functional = self.functional_enum(obj) if isinstance(obj, griffe.Attribute) else None
        return functional.members if functional is not None else None

    def _enum(self, cls: griffe.Class, source: ModuleSource, where: Located) -> Schema:
        return _enum_schema(cls.name, self.enum_members(cls), self.base_paths(cls), where)

    def functional_enum(self, obj: griffe.Object) -> FunctionalEnum | None:
        """The Enum a module attribute is made by a call of (`Color = Enum("Color", "RED GREEN")`), read once."""
        if obj.path not in self._functional:
            value = self.source(obj).assigned_value(obj)
            found = None
            if isinstance(value, ast.Call):
                base = self.scope_of(obj).path_of(value.func)
                if base in ENUM_BASES:
                    found = called_enum(value, base) or FunctionalEnum(obj.name, base, None)
            self._functional[obj.path] = found
        return self._functional[obj.path]

    def functional_record(self, obj: griffe.Object) -> FunctionalRecord | None:
        """The NamedTuple, TypedDict or dataclass a module attribute is made by a call of, read once."""
        if obj.path not in self._records:
            value = self.source(obj).assigned_value(obj)
            function = self.scope_of(obj).path_of(value.func) if isinstance(value, ast.Call) else None
            made = function in _RECORD_CALLS
            self._records[obj.path] = called_record(value, function) if made else None  # type: ignore[arg-type]
        return self._records[obj.path]

    def _record_ref(self, obj: griffe.Object, record: FunctionalRecord, where: Located) -> Schema:
        """A functional NamedTuple's, TypedDict's or dataclass's `$ref`, its schema as its class statement's would be."""
        scope, here = self.scope_of(obj), self.located(obj, where.report)

        def build(name: str) -> Schema:
            self._python[name] = (record.kind, _python_path(obj))
            given = [f for f in record.fields if record.kind != "dataclass" or not self._never_given(f[2], scope)]
            fields = [self._record_field(field, record.total, scope, here, record.kind) for field in given]
            schema = tuple_schema(fields) if record.kind == "namedtuple" else object_schema(fields)
            return {**schema, "description": record.description} if record.description else schema

        return self._defined(canonical(obj.path), lambda: self._short_name(obj.path, record.name), build)

    def _record_field(self, field: tuple[str, ast.expr | None, ast.expr | None], total: bool, scope: Scope,
                      where: Located, kind: str) -> Field:  # fmt: skip
        name, annotation, node = field
        if kind == "model" and annotation is not None:  # as the class statement's field `name: annotation = node`
            stmt = ast.copy_location(ast.AnnAssign(ast.Name(name, ast.Store()), annotation, node, 1), annotation)
            return self._field(stmt, scope, where.at(annotation), total)
        hidden, where = _skipped_field(annotation, scope, where)
        schema = self.builder.schema(annotation, scope, where.at(annotation)) if annotation is not None else {}
        if node is None:
            required = total if annotation is None else _totality(annotation, scope, total)
            return Field(name, schema, required, hidden=hidden)
        default, keywords = self.default_of(node, scope, where.at(node), ("dataclasses.field",))  # `field(...)` too
        changed = partial(self.constant_change, node, scope)  # asked only where the default is not read
        defaulted = _defaulted(name, schema, default, keywords, where.at(node), changed)
        return replace(defaulted, hidden=True) if hidden else defaulted

    def _functional_ref(self, obj: griffe.Object, enum: FunctionalEnum, where: Located) -> Schema:
        members = enum.members
        if members is None:
            where.warn(f"Enum `{obj.name}` is made by a call whose arguments are not literals (or that gives a "
                       "mixin `type=`); its schema is left open (`{}`)")  # fmt: skip
            return {}

        def build(name: str) -> Schema:
            self._python[name] = ("enum", _python_path(obj))
            return _enum_schema(enum.name, members, [enum.base], self.located(obj, where.report))

        return self._defined(canonical(obj.path), lambda: self._short_name(obj.path, enum.name), build)

    def default_of(self, node: ast.expr, scope: Scope, where: Located,
                   calls: tuple[str, ...] = FIELD_CALLS) -> tuple[Any, dict[str, Any]]:  # fmt: skip
        """What a default expression says, without evaluating it: its value and a `Field(...)`-like call's keywords.

        The value is `REQUIRED` for a call that gives no default (`Field(...)`, or only a `default_factory`),
        an Enum member's value for `Color.RED`, and missing when it is not a literal.
        """
        field = self.is_field_call(node, scope, calls)
        with self._noting_ignored(where):
            keywords = self.builder.field_keywords(node, scope, where) if field else {}
            default = keywords.pop("default", REQUIRED) if field else self.value_of(node, scope)
        return (REQUIRED if field and default is Ellipsis else default), keywords

    def factory_value(self, node: ast.expr | None, scope: Scope) -> Any:
        """What a `default_factory` makes, read without running it: a builtin type called with nothing (`list` makes
        `[]`), or a lambda of no parameters returning what `value_of` reads (`lambda: ["a"]`); else missing."""
        if isinstance(node, ast.Lambda):
            arguments = node.args
            taken = arguments.posonlyargs + arguments.args + arguments.kwonlyargs
            return MISSING if taken or arguments.vararg or arguments.kwarg else self.value_of(node.body, scope)
        made = _FACTORIES.get(scope.path_of(node)) if node is not None and dotted_name(node) else None
        return MISSING if made is None else made()

    def value_of(self, node: ast.expr, scope: Scope, depth: int = 0) -> Any:
        """What a default or a `Field(...)` argument says without running anything: a literal, an Enum member, a
        constant (`member_value`), a standard-library type made from literals (`Path("out")`), a tuple, list, set
        or dict of these, or one made of another (`list(DEFAULTS)`); else missing."""
        value = self.member_value(node, scope, depth)
        if not is_missing(value) or depth > 8:
            return value
        read = partial(self.value_of, scope=scope, depth=depth + 1)
        if isinstance(node, ast.Call):
            text = text_method(node, read)  # `pydantic.VERSION.startswith("1.")`, `name.rstrip("_")`
            if not is_missing(text):
                return text
            if isinstance(node.func, ast.Attribute) and node.func.attr == "join" and len(node.args) == 1:
                return self._joined(node, scope, depth) if not node.keywords else value  # `"".join(BANNED)`
            if isinstance(node.func, ast.Attribute) and node.func.attr == "copy" and not node.args + node.keywords:
                copied = read(node.func.value)  # `BASE.copy()` of a list or dict
                return copy.copy(copied) if type(copied) in (list, dict) else value
            function = scope.path_of(node.func)
            if function in ("str", "repr") and len(node.args) == 1 and not node.keywords:
                conversion = ord(function[0])  # `str(Color.RED)`: `Color.RED`; `repr(...)`: `<Color.RED: 'red'>`
                text = self._member_text(node.args[0], scope, conversion)
                if text is not None:
                    return text
                if function == "repr":  # of a text, number, bool or None
                    given = read(node.args[0])
                    return repr(given) if type(given) in (str, int, float, bool, type(None)) else value
            if function in ALIAS_GENERATORS or function in ("len", "enumerate"):  # `to_camel(name)`, `len(parts)`
                given = read(node.args[0]) if len(node.args) == 1 and not node.keywords else MISSING
                if function == "len":
                    return len(given) if type(given) in (str, list, tuple) else value
                if function == "enumerate":
                    return list(enumerate(given)) if type(given) in (str, list, tuple) else value
                return ALIAS_GENERATORS[function](given) if type(given) is str else value
            if function in _COPIED and len(node.args) <= 1 and not node.keywords:  # `list(DEFAULT_GRANT_TYPES)`
                items = self.value_of(node.args[0], scope, depth + 1) if node.args else ()
                if is_missing(items) and node.args:  # `set(ContentType)`
                    items = self._enum_values(node.args[0], scope)
                if isinstance(items, (frozenset, _RecordSet)) and function in ("set", "frozenset"):
                    return items  # `frozenset({...})`: the set as read, its order kept
                try:
                    return value if is_missing(items) else _COPIED[function](items)
                except TypeError:  # not iterable, or a set of lists
                    return value
            made = constructed(node, function, read)
            if is_missing(made):
                made = self._instance(node, function, scope, depth)
            if made is None:  # `default_name("report")`: what a function of the scanned code returns, read
                made = self._function_value(node, scope, depth)
            return made
        if isinstance(node, ast.Subscript):  # `words[0]`, `name[1:]`
            return indexed(node, read)
        if isinstance(node, ast.IfExp):  # `word if i == 0 else word.capitalize()`
            test = self.decided(node.test, scope)
            return value if test is None else read(node.body if test else node.orelse)
        if isinstance(node, ast.Compare) or isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            test = self.decided(node, scope)  # `PYDANTIC_V2 = PYDANTIC_MAJOR_VERSION >= 2`
            return value if test is None else test
        if isinstance(node, ast.BoolOp):  # `NAME or "default"`: the operand that decides, as Python gives it
            for part in node.values:
                given = read(part)
                if is_missing(given) or isinstance(given, (_RecordSet, _Dump)):  # a record's truth is its class's
                    return value
                if bool(given) is isinstance(node.op, ast.Or) or part is node.values[-1]:
                    return given
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):  # `[word.capitalize() for word in name.split("_")]`
            return self._comprehended(node, scope, depth)
        if isinstance(node, ast.Attribute) and node.attr in ("value", "name"):  # `ChartType.BAR.value` (opik's)
            member = self.enum_member(node.value, scope)
            if member is not None:
                return member[1] if node.attr == "name" else self.value_of(node.value, scope, depth + 1)
        if isinstance(node, ast.Attribute) and node.attr == "pattern":  # `SLUG.pattern`: a compiled pattern's
            text = self.value_of(node.value, scope, depth + 1)  # text, as `re.compile` is read (only a `Pattern`
            return text if type(text) is str else value  # has `.pattern`: a text has none)
        if isinstance(node, ast.JoinedStr):  # an Enum member formatted as Python formats it, not as its value
            node = self._members_formatted(node, scope)
            if node is None:
                return value
        if isinstance(node, COMPUTED):  # `60 * MINUTE`, `string.ascii_letters + string.digits`, `f"{ORIGIN}/v1"`
            return computed(node, lambda operand: self.value_of(operand, scope, depth + 1))
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = [self.value_of(item, scope, depth + 1) for item in node.elts]
            if any(is_missing(item) for item in items):
                return value
            kind = {ast.Tuple: tuple, ast.List: list, ast.Set: set}[type(node)]
            rows = _row_tuples(items) if kind is set else None
            items = items if rows is None else rows  # NamedTuples: what they hold, as pydantic's set compares them
            try:
                made = kind(items)
            except TypeError:  # a set of lists, or of record instances: those all alike are one
                return _RecordSet(items[:1]) if kind is set and _alike_records(items) else value
            if kind is set and len(made) < len(items):  # `{Mood.SAD, 2}`: a plain Enum's member is read as its
                plain = [any(self._plain_member(part, scope) for part in ast.walk(element)) for element in node.elts]
                distinct = {ast.dump(element) if held else ("value", item)  # value, which it does not equal
                            for element, item, held in zip(node.elts, items, plain)}  # fmt: skip
                if len(distinct) != len(made):
                    return value
            if kind is set:  # as pydantic sorts it: by the values its durations and decimals stand for
                keys = [_sort_key(element, item, scope, read) for element, item in zip(node.elts, items)]
                return sorted_set(items, keys) if any(key is not None for key in keys) else made
            return made
        if isinstance(node, ast.Dict) and None not in node.keys:  # not `{**other}`
            keys = [self.value_of(key, scope, depth + 1) for key in node.keys if key is not None]
            values = [self.value_of(item, scope, depth + 1) for item in node.values]
            if not any(is_missing(item) for item in keys + values) and all(isinstance(key, str) for key in keys):
                return dict(zip(keys, values))
        return value

    def _plain_member(self, node: ast.AST, scope: Scope) -> bool:
        """Whether `node` names a member of an Enum that does not equal its value (no `str` or `int` mixin)."""
        found = self.enum_member(node, scope) if isinstance(node, ast.Attribute) else None
        return found is not None and not found[2]

    def _enum_values(self, node: ast.expr, scope: Scope) -> Any:
        """The values iterating the Enum class `node` names gives: its members' values in order, each once (a member
        of an earlier member's value is its alias); missing for another object, a member whose value is not read,
        and a `Flag`, whose iteration leaves out members of more than one bit."""
        dotted = dotted_name(node)
        obj = scope.lookup(scope.qualify(dotted)) if dotted else None
        members = self._members_of(obj)
        if members is None:
            return MISSING
        values: list[Any] = []
        for value in members.values():
            if is_missing(value):
                return MISSING
            if value not in values:
                values.append(value)
        flag = {"enum.Flag", "enum.IntFlag"} & self._enum_bases(obj)  # type: ignore[arg-type]
        return MISSING if flag else tuple(values)

    def _joined(self, call: ast.Call, scope: Scope, depth: int) -> Any:
        """`"".join(BANNED_CHARACTERS)`: a known text joining a known list or tuple of texts (a pattern made of a
        module's constants), where the result stays small; else missing."""
        separator = self.value_of(call.func.value, scope, depth + 1)  # type: ignore[attr-defined]
        items = self.value_of(call.args[0], scope, depth + 1)
        if type(separator) is not str or type(items) not in (list, tuple) or any(type(i) is not str for i in items):
            return MISSING
        size = sum(map(len, items)) + len(separator) * len(items)
        return separator.join(items) if size <= LONGEST_TEXT else MISSING

    def _instance(self, call: ast.Call, function: str, scope: Scope, depth: int) -> Any:
        """`Options(limit=5)` as pydantic writes such a default: its dump by alias, where the call names a record
        class and gives it values that are read (`value_of`); else None.

        A model's or a dataclass's dump is a dict of its fields, with their defaults where the call gives none; a
        NamedTuple's is a list; a TypedDict's call makes a plain dict. A class that runs code of its own as it is made
        or dumped (an `__init__`, a validator, a serializer, a computed field, a base the scan does not read) is not
        read, nor a value that validation would turn into something else than it is (a model for a dict).
        """
        generic = call.func if isinstance(call.func, ast.Subscript) else None  # `Page[int]()`
        cls = scope.lookup(scope.path_of(generic.value) if generic else function)
        if (not isinstance(cls, griffe.Class) or cls.path in self._dumping or depth > 8
                or any(isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords)):
            return None  # fmt: skip
        kind = self.kind_of(cls)
        bound = self.builder.bound
        if generic is not None:  # its fields read with its type variables bound, as in its schema (`Page_int_`)
            variables, args = self._type_variables(cls), type_arguments(generic)
            if not variables or len(variables) != len(args):
                return None
            bound = self._class_binding(cls, variables, args, scope, self.located(cls, self.report))
        given = {k.arg: self.value_of(k.value, scope, depth + 1) for k in call.keywords}
        positional = [self.value_of(arg, scope, depth + 1) for arg in call.args]
        enums = {k.arg: self._enum_paths(k.value, scope) for k in call.keywords}
        enums.update((index, self._enum_paths(arg, scope)) for index, arg in enumerate(call.args))
        if any(is_missing(value) for value in [*given.values(), *positional]):
            return None
        if kind == "typeddict":  # a plain dict at run time, its values as read (a record instance stays one)
            return None if positional or is_missing(to_json(given)) else given
        if kind == "model" and not given and not positional:
            constant = self._serialized_constant(cls)
            if constant is not None:
                return constant
        if kind not in ("model", "dataclass", "namedtuple") or not self._plain(cls):
            return None
        self._dumping.add(cls.path)
        try:
            return self._dump(cls, kind, given, positional, bound, enums=enums)
        finally:
            self._dumping.discard(cls.path)

    def _enum_paths(self, node: ast.expr, scope: Scope, depth: int = 0) -> Any:
        """Where `node` is an Enum member (`Level.LOW`, or a module's constant assigned one), its class's path (as
        `call()` imports it); where it is a list or tuple holding some, a list of what each item is so; else None.
        pydantic's smart union takes a member with its own class exactly: `Level.LOW` for `Union[float, Level]` stays
        a member, dumped as `1`, not `1.0`."""
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self._enum_paths(item, scope, depth) for item in node.elts]
            return items if any(item is not None for item in items) else None
        found = self.enum_member(node, scope)
        if found is not None:
            return found[0]
        dotted = dotted_name(node)  # a constant as `member_value` reads it, where it is not changed in place
        found = self._constant_assigned(dotted, scope) if dotted and depth <= 8 else None
        if found is None or self._change(dotted, scope, found[0]) is not None:  # type: ignore[arg-type]
            return None
        return self._enum_paths(found[1], self.scope_of(found[0]), depth + 1)

    def _dump(self, cls: griffe.Class, kind: str, given: dict[str, Any], positional: list[Any], bound: _Bound,
              passed: _Context | None = None, enums: dict[str | int, Any] | None = None) -> Any:  # fmt: skip
        """The dump of `cls(*positional, **given)`, its type variables `bound` as they are where it is made. A
        standard dataclass's, on its own, is what it holds (pydantic writes it untyped); inside a pydantic class
        (`passed`, that class's configuration) that class's serializer writes it, as it writes a model: typed, keyed
        by alias, under the configuration passed on to it. `enums` tells, by keyword or position, the Enum members
        given (`_enum_paths`), which a pydantic class validates as members of their own class."""
        with self.builder.binding(bound):
            return self._bound_dump(cls, kind, given, positional, passed, enums or {})

    def _bound_dump(self, cls: griffe.Class, kind: str, given: dict[str, Any], positional: list[Any],
                    passed: _Context | None, enums: dict[str | int, Any]) -> Any:  # fmt: skip
        config = self._config(cls)
        validated = kind == "model" or (kind == "dataclass" and self._pydantic_dataclass(cls))
        if passed is not None and not config and not validated:
            config = passed.config
        serialized = validated or passed is not None
        generate, generate_dumped = self._generator(config), self._generator(config, dump=True)
        by_name = validated and _takes_names(config)  # or by its alias
        # the classes in its fields as it reads them (a TypedDict keyed by aliases): a pydantic class's under its own
        # configuration, and a standard one's under the one passed on to it, if any, or where it is read
        with self._passing_on(config) if validated or passed is not None else nullcontext():
            fields = self.fields(cls, self.located(cls, self.report))
        if generate is None or generate_dumped is None or len(positional) > len(fields):
            return None
        if positional and not self._positional(cls, kind):
            return None
        made = (cls, kind, dict(given), positional, self.builder.bound)
        formats = _writing(config) if serialized else {}  # what its `ser_json_*` settings write otherwise
        passing = _Context(config, "")  # to the standard dataclasses in its fields, where it is serialized
        dump: dict[str, Any] = {}
        for index, field in enumerate(fields):
            key = _read_key(field, generate) if validated else field.attribute
            if by_name and key not in given and field.attribute in given:
                key = field.attribute
            enum = None  # the Enum members it is given, if any
            if index < len(positional) or key in given:
                value = positional[index] if index < len(positional) else given.pop(key)
                enum = enums.get(index if index < len(positional) else key)
                if serialized:  # the standard dataclasses in it, as this class writes them
                    value = self._configured(value, passing)
                # a record instance it holds stays one, for the class holding this one to tell its class
                value = self._validated(value, field.schema, enum) if validated else to_json(
                    value, True, (_Dump, _Row)
                )
            elif field.required or ("default" not in field.schema and is_missing(field.value)):
                return None  # missing, or made by a `default_factory` that is not read
            else:
                # not validated, as pydantic leaves defaults; as the instance holds it (a set in it in the order
                # Python iterates it, a record instance kept one, a copy where pydantic copies it), as a value given is
                held = _copied(field.value) if validated else field.value
                value = field.schema["default"] if is_missing(held) else to_json(held, True, (_Dump, _Row))
                if serialized and _only_records(field.value):  # standard dataclasses, as this class writes them
                    value = self._configured(field.value, passing)
                elif serialized and "alias_generator" in config and self._taking(field.schema) and _holds_dict(
                    value if is_missing(field.value) else field.value
                ):  # a TypedDict's (or a list of them), which this class keys by its aliases: written by them, the
                    # standard dataclasses in it as this class writes them
                    value = self._configured(value, passing)
                    value = value if is_missing(value) else self._typed(value, field.schema, written=True)
                found = self._class_named(field.schema)
                if isinstance(value, dict) and found is not None and found[0] == "model":
                    # a record instance's dump, as the schema shows it: a class holding this one takes it so
                    value = _Dump(value, None, _class_path(found))
            if is_missing(value) or (index < len(positional) and key in given):
                return None
            if formats:
                value = self._written(value, field.schema, formats)
                if is_missing(value):
                    return None
            if not (field.excluded and serialized):
                written = (field.dumped or generate_dumped(field.attribute)) if serialized else field.attribute
                dump[written] = self._typed(value, field.schema, enum=enum) if serialized else value
        if given and not self._extra_taken(cls, kind, config, given, fields, dump):
            return None
        if kind == "namedtuple":
            typed = [self._typed(value, field.schema, written=True) for value, field in zip(dump.values(), fields)]
            return _Row(dump.values(), typed)
        return _Dump(dump, None if serialized else made, _python_path(cls))

    def _namedtuple_default(self, field: Field, passed: _Context, where: Located) -> Field:
        """A field whose default is a NamedTuple instance holding standard dataclass instances, which pydantic's schema
        writes through the NamedTuple's type under the configuration of the class the field is in: typed, keyed by
        the aliases that class passes on (a default of another type it writes as it holds it); without it where one
        of those cannot be written so. The typed value has already left out a TypedDict's plain dict whose keys are
        not its aliases."""
        members = [self._class_named(member) for member in field.schema.get("anyOf", [field.schema])]
        if not any(found and found[0] == "namedtuple" for found in members) or not _holds_made(field.value):
            return field
        value = to_json(self._configured(shown(field.value), passed))
        if not is_missing(value):
            return replace(field, schema={**field.schema, "default": value})
        where.warn(f"default of `{field.attribute or field.name}` is not a value the scan can write as pydantic does; "
                   "it is left out of the schema")  # fmt: skip
        return replace(field, schema={key: item for key, item in field.schema.items() if key != "default"})

    def _written_default(self, field: Field, config: dict[str, ast.expr], where: Located) -> Field:
        """A field whose default is shown as its class's `ser_json_*` settings write it; without it where that is
        not sure."""
        if "default" not in field.schema:
            return field
        value = self._written(field.schema["default"], field.schema, _writing(config, dump=False))
        if not is_missing(value):
            return replace(field, schema={**field.schema, "default": value})
        where.warn(f"default of `{field.attribute or field.name}` is written by the class's `ser_json_*` "
                   "configuration in a form the scan does not follow; it is left out of the schema")  # fmt: skip
        return replace(field, schema={key: item for key, item in field.schema.items() if key != "default"})

    def _written(self, value: Any, schema: Schema, formats: dict[str, Callable[[str], Any] | None]) -> Any:
        """A JSON value as a class whose `ser_json_*` settings change how `formats` are written writes it (a
        duration as its seconds under `ser_json_timedelta="float"`), in lists, dicts and the standard dataclasses,
        TypedDicts and NamedTuples the class passes its configuration on to; missing where one of those formats is
        written otherwise (None) or a union leaves it open. A model's dump is its own class's."""
        found = self._class_named(schema)
        keys = self._keys_of(schema)  # a TypedDict keyed by aliases: the value has its fields' names, the schema not
        if found is not None and found[0] not in _TAKING and keys is None:
            return value
        schema = self._resolved(schema)
        members = schema.get("anyOf", schema.get("oneOf"))
        if members is not None:
            # a member that is a record class's `$ref` takes a dict only (not a duration's text)
            taking = [member for member in members if _takes_type(self._resolved(member), value)]
            return _alike([self._written(value, member, formats) for member in taking])
        if schema.get("format") in formats and isinstance(value, str):
            write = formats[schema["format"]]
            try:
                return MISSING if write is None else write(value)
            except ValueError:  # not of that format: a default pydantic does not validate
                return MISSING
        if isinstance(value, list) and schema.get("type") == "array":
            positions = _item_schemas(schema, value)
            items = [self._written(item, position, formats) for item, position in zip(value, positions)]
            return MISSING if any(is_missing(item) for item in items) else items
        if isinstance(value, dict) and schema.get("type") == "object":
            properties = schema.get("properties", {})
            names = {attribute: read for attribute, read, _, _ in keys or ()}
            values = {key: self._written(item, properties.get(names.get(key, key), _value_schema(schema)), formats)
                      for key, item in value.items()}  # fmt: skip
            return MISSING if any(is_missing(item) for item in values.values()) else values
        return value

    def _configured(self, value: Any, passed: _Context) -> Any:
        """`value` with each standard dataclass instance in it (in a list, tuple, dict or NamedTuple too) dumped as
        the pydantic class whose configuration is `passed` writes it: typed, keyed by the aliases that class passes
        on; missing where one cannot be. A model's dump is its own class's, and stays as it is."""
        if isinstance(value, _Dump):
            made = value if value.made is None else self._dump(*value.made, passed=passed)
            return MISSING if made is None else made
        if isinstance(value, (list, tuple)):  # a NamedTuple's dump too, now a list as any other
            items = [self._configured(item, passed) for item in value]
            return MISSING if any(is_missing(item) for item in items) else items
        if isinstance(value, dict):
            values = {key: self._configured(item, passed) for key, item in value.items()}
            return MISSING if any(is_missing(item) for item in values.values()) else values
        return value

    def _extra_taken(self, cls: griffe.Class, kind: str, config: dict[str, ast.expr], given: dict[str, Any],
                     fields: list[Field], dump: dict[str, Any]) -> bool:  # fmt: skip
        """Whether a model (or a pydantic dataclass) takes the keywords that name none of its fields, as pydantic
        does: a model dumps them after its fields under `extra="allow"`, and both ignore them by default (noted, where
        `_noting_ignored` collects: a keyword given by a field's name where pydantic takes its alias is lost so)."""
        extra = _extra(config)
        # a pydantic dataclass leaves them out of its dump, as a model that ignores them (`extra="allow"` keeps
        # them as its attributes only)
        ignored = kind == "dataclass" and extra in ("ignore", "allow") and self._pydantic_dataclass(cls)
        if not ignored and (kind != "model" or extra not in ("ignore", "allow")):
            return False
        if extra == "allow" and kind == "model":
            extras = {key: to_json(value, nested=True) for key, value in given.items()}
            dump.update(extras)
            return not any(is_missing(value) for value in extras.values())
        generate = self._generator(config) or (lambda key: key)
        aliases, name = {field.attribute: _read_key(field, generate) for field in fields}, cls.name
        for key in given if self._ignored is not None else ():
            self._ignored.append(
                f"`{name}(...)` is given `{key}=`, which pydantic ignores: it takes that field by its alias "
                f"`{aliases[key]}` (or by name under `populate_by_name=True`)" if key in aliases else
                f"`{name}(...)` is given `{key}=`, which pydantic ignores: `{name}` has no such field"
            )  # fmt: skip
        return True

    @contextmanager
    def _noting_ignored(self, where: Located) -> Iterator[None]:
        """Warn, at `where`, of the keywords a record instance read meanwhile is given that pydantic ignores."""
        outer, self._ignored = self._ignored, []
        try:
            yield
        finally:
            for message in dict.fromkeys(self._ignored or ()):
                where.warn(f"{message}; the default is shown as pydantic makes it, without it")
            self._ignored = outer

    def _validated(self, value: Any, schema: Schema, enum: Any = None) -> Any:
        """The JSON form of what pydantic's validation makes of `value` under `schema`, where it is sure: a value of
        the type itself (an int for a float becomes a float), a member of an Enum by its value, a record instance's
        dump for a record class, a union's one member that takes it; else missing (a text with a format, a set, a
        dict that would become a record). `enum` is the path of the Enum whose member `value` is (or a list of
        such for a list's items, `_enum_paths`): a union with that Enum takes it as a member of it."""
        found = self._class_named(schema)
        if isinstance(value, _Dump) and found is not None:  # an instance is taken as it is by its own class only
            if _class_path(found) != value.path:
                return MISSING
        keys = self._keys_of(schema)
        schema = self._resolved(schema)
        kind = schema.get("type")
        members = [m for m in schema.get("anyOf", [schema]) if m.get("type") != "null"]
        if value is not None and members and all(member.get(PYTHON_TYPE) == "decimal" for member in members):
            return _decimal_text(value)
        # `Any` takes anything as it is (its `json_schema_extra`'s own words, `unit="u"`, validate nothing)
        if not any(key in VALIDATING or key.startswith("\0") for key in schema):
            return to_json(value, nested=True)
        literal = _literal_values(schema)
        if literal is not None:  # an Enum's member or a Literal's value, looked up by its value: the one equal to it
            return to_json(next((v for v in literal if _equal(value, v)), MISSING))  # (`1` is `True`'s, `1.0` `1`'s)
        members = schema.get("anyOf", schema.get("oneOf"))  # a union (of models told apart by a tag)
        own = self._own_class(members, enum)
        if own is not None:  # an Enum's member, which its own class takes exactly
            return self._validated(value, own)
        if members is not None:  # the first member that takes it most exactly, else the one, or several alike
            taken = [self._validated(value, member) for member in members]
            levels = [self._exactness(value, m) for item, m in zip(taken, members) if not is_missing(item)]
            kept = [item for item in taken if not is_missing(item)]
            if _EXACT in levels:
                return kept[levels.index(_EXACT)]
            if _STRICT in levels and None not in levels:  # (one taken by a function of pydantic's own comes after)
                return kept[levels.index(_STRICT)]
            return _alike(taken)
        if isinstance(value, _Dump):
            return to_json(value) if kind == "object" and "properties" in schema else MISSING
        if type(value) is dict and keys is not None:  # a TypedDict's, under a class that keys it by aliases
            return self._aliased_instance(value, keys, schema)
        if isinstance(value, dict) and found is not None and found[0] == "typeddict":  # a dict it keeps, each value
            properties = schema.get("properties", {})  # validated; a key it does not know, or a missing one, not read
            if set(value) - set(properties) or set(schema.get("required", ())) - set(value):
                return MISSING
            values = {key: self._validated(value[key], prop) for key, prop in properties.items() if key in value}
            return MISSING if any(is_missing(item) for item in values.values()) else values  # in its fields' order
        if isinstance(value, (list, tuple)) and kind == "array" and "uniqueItems" not in schema:
            prefix = schema.get("prefixItems", [])
            if prefix and len(prefix) != len(value):
                return MISSING
            positions = _item_schemas(schema, value)
            items = [self._validated(item, position, _item_enums(enum, index))
                     for index, (item, position) in enumerate(zip(value, positions))]  # fmt: skip
            return MISSING if any(is_missing(item) for item in items) else items
        if isinstance(value, (list, tuple, set, frozenset)) and kind == "array" and "uniqueItems" in schema:
            # durations or decimals: the set validation makes iterates as the one given, their hashes steady
            order = iterated(value) if isinstance(value, (set, frozenset)) else None
            items = [self._validated(item, schema.get("items", {})) for item in (value if order is None else order)]
            if any(is_missing(item) for item in items):
                return MISSING
            made = python_order(items)  # the set validation makes, in the order Python iterates it
            if made is not None:
                return made
            if order is not None:
                return items
            return items[:1] if len(_distinct(items)) == 1 else MISSING  # texts, in an order that varies by run
        if isinstance(value, dict) and kind == "object" and "properties" not in schema:
            values = {key: self._validated(item, _value_schema(schema)) for key, item in value.items()}
            return MISSING if any(is_missing(item) for item in values.values()) else values
        if schema.get("format") == "password" and type(value) is str and kind == "string":  # `SecretStr`, masked
            return masked(value)
        if "format" in schema and type(value) is str and kind == "string":
            return value if dumped_as_is(value, schema["format"]) else MISSING
        # as UTF-8 text, which `_written` writes as a class's `ser_json_bytes` says (a `bytes` field's format then)
        if (schema.get("format") == "binary" or schema.get(PYTHON_TYPE) == "bytes") and type(value) is bytes:
            return to_json(value)
        if "format" in schema or kind not in _VALIDATED_AS_IS.get(type(value), ()):
            return MISSING
        return float(value) if kind == "number" else value

    def _aliased_instance(self, value: dict[str, Any], keys: list[_Key], schema: Schema) -> Any:
        """A TypedDict's instance (a plain dict) that a pydantic class holds, where that class keys the TypedDict
        by aliases: validated, each value under the key pydantic reads or, where the class takes names too, the
        field's name, and then dumped under the keys its dump writes; missing where a key is neither (pydantic
        drops or refuses it), or a required one is not given."""
        properties, required = schema.get("properties", {}), set(schema.get("required", ()))
        # a field's name is read only where the class takes names too; else pydantic drops the key (or refuses it)
        known = {key for attribute, read, _, by_name in keys for key in ((attribute, read) if by_name else (read,))}
        if set(value) - known:
            return MISSING
        dump: dict[str, Any] = {}
        for attribute, read, dumped, _ in keys:
            given = read if read in value else attribute
            if given not in value:
                if read in required:
                    return MISSING
                continue
            dump[dumped] = self._validated(value[given], properties.get(read, {}))
            if is_missing(dump[dumped]):
                return MISSING
        return dump

    def _exactness(self, value: Any, schema: Schema) -> int | None:
        """How exactly pydantic's validation (of a Python value) takes `value` under `schema`, as its smart union ranks
        the members that take it (the first of the most exact wins): `_EXACT`, a `Literal`'s value or a value of the
        type itself (`True` for a `bool`); `_STRICT`, an int for a `float`; `_LAX`, an Enum's member by its value, a
        value pydantic makes with a function of its own (`ByteSize`), a text it parses; None where that is not known
        (`Any`: pydantic takes `3` with `Union[float, Any]` as 3.0, but `[3]` with `Union[List[float], List[Any]]` as
        [3]). A list (or a dict) is as exact as its least exact item (value), so that `[3]` is `List[int]`'s, not
        `List[float]`'s; a union as its most exact member."""
        found = self._class_named(schema)
        schema = self._resolved(schema)
        literal = _literal_values(schema)
        if literal is not None:
            return _EXACT if (found is None or found[0] != "enum") and any(_equal(value, v) for v in literal) else _LAX
        kind, noted = schema.get("type"), PYTHON_TYPE in schema  # a tuple's, a set's, a `Counter`'s: made of it
        if type(value) is list and kind == "array" and not noted and "uniqueItems" not in schema:
            positions = _item_schemas(schema, value)
            return _least(self._exactness(item, position) for item, position in zip(value, positions))
        if type(value) is dict and kind == "object" and not noted and not {"properties", "propertyNames"} & set(schema):
            return _least(self._exactness(item, _value_schema(schema)) for item in value.values())
        if "anyOf" in schema:  # as the member that takes it most exactly
            taking = [member for member in schema["anyOf"] if not is_missing(self._validated(value, member))]
            levels = [self._exactness(value, member) for member in taking]
            return None if None in levels or not levels else max(levels)  # type: ignore[type-var]
        if str(schema.get(PYTHON_TYPE, "")).startswith("pydantic:") or "format" in schema:
            return _LAX
        if kind is not None and kind == _EXACT_TYPES.get(type(value)):
            return _EXACT
        return _STRICT if type(value) is int and kind == "number" else None

    def _typed(self, value: Any, schema: Schema, written: bool = False, enum: Any = None) -> Any:
        """A JSON value as pydantic's serializer writes it under `schema`: an int where a float is expected becomes
        a float, in lists, tuples, dicts and records too, and in a list or dict the one member of a union that
        takes it; a union several members of which take it, or a mismatch, writes it as it is. In
        a value as `written` in the source, a plain dict for a class keyed by aliases (a TypedDict's) whose keys
        are not the class's is missing: they are its fields' names, which the serializer writes as their aliases.
        An Enum's member (`enum`, as `_validated` takes it) is written by its own class where a union has it."""
        found = self._class_named(schema)
        keys = self._keys_of(schema)
        schema = self._resolved(schema)
        own = self._own_class(schema.get("anyOf"), enum)
        if own is not None:
            return self._typed(value, own, written)
        if written and found is not None and found[0] == "adapted" and type(value) is dict:
            properties = schema.get("properties", {})
            if keys is not None:  # a TypedDict's: the serializer writes a field's name as the key its dump writes
                names = {attribute: (read, dumped) for attribute, read, dumped, _ in keys}
                if set(value) - set(names) - set(properties):
                    return MISSING
                return {names[key][1] if key in names else key:
                        self._typed(item, properties.get(names[key][0] if key in names else key, {}), written)
                        for key, item in value.items()}  # fmt: skip
            if set(value) - set(properties):
                return MISSING
        others = [member for member in schema.get("anyOf", []) if member != {"type": "null"}]
        if len(others) > 1 and isinstance(value, (list, dict)):
            # pydantic's union serializer looks for a member that takes it as it is (which writes it as it is), then,
            # where a member makes it try again laxly, for the first that takes it so
            if not any(self._retries_laxly(member) for member in others):
                return value
            strict = [_strictly(value, member, self._resolved) for member in others]
            if True in strict:
                return value
            # the member that alone takes a list or dict writes it (a scalar no member's type is, `1` for
            # `float | str`, is written as it is)
            others = [member for member in others if not is_missing(self._validated(value, member))]
        if len(others) == 1:
            return self._typed(value, others[0], written)
        if len(others) > 1 and type(value) in (int, bool):
            return self._lax_number(value, others)
        kind = schema.get("type")
        if kind == "number" and type(value) is int:
            return float(value)
        if kind == "array" and isinstance(value, list):
            return [self._typed(item, part, written, _item_enums(enum, index))
                    for index, (item, part) in enumerate(zip(value, _item_schemas(schema, value)))]  # fmt: skip
        if kind == "object" and isinstance(value, dict):
            properties = schema.get("properties", {})
            typed = {key: self._typed(item, properties.get(key, _value_schema(schema)), written)
                     for key, item in value.items()}  # fmt: skip
            return _Dump(typed, value.made, value.path) if isinstance(value, _Dump) else typed  # a record's, kept so
        return value

    def _lax_number(self, value: int | bool, members: list[Schema]) -> Any:
        """An integer (or bool) as pydantic's union serializer writes it, where no member takes it as it is: a float,
        where the first member that takes it laxly is a float and a member is one for which pydantic retries laxly
        (a list, tuple or deque; a model, dataclass or NamedTuple); else as it is (`1` for `float | str`)."""
        if not any(self._retries_laxly(member) for member in members):
            return value
        if any(self._takes_strictly(value, member) for member in members):
            return value  # the strict pass writes it: `0` for `float | conint(ge=0)`
        for member in self._union_flattened(members):
            kind = member.get("type")
            if kind == "number" and member.get(PYTHON_TYPE) in (None, "float"):
                return float(value)
            if not isinstance(kind, str) or kind in ("integer", "boolean") or "const" in member or "enum" in member:
                return value  # taken as it is, or by a member that writes it otherwise (an Enum's, a Decimal's)
            if kind == "string" and member.get(PYTHON_TYPE) is not None:
                return value  # a date, a path, a Decimal's text...: not followed
        return value

    def _union_flattened(self, members: list[Schema], depth: int = 0) -> Iterator[Schema]:
        """A union's members, each resolved, and a member that is a union itself (models told apart by a tag) as its
        own members in its place: pydantic's union serializer tries them so in its lax pass."""
        for member in map(self._resolved, members):
            inner = member.get("oneOf", member.get("anyOf"))
            if isinstance(inner, list) and depth < 20:
                yield from self._union_flattened(inner, depth + 1)
            else:
                yield member

    def _takes_strictly(self, value: int | bool, member: Schema) -> bool:
        """Whether a union member's serializer takes an integer (or bool) in pydantic's strict pass: an `int` (a
        constrained one too) or a `bool` for a value of that very type, or a `Literal` holding it; not an Enum, whose
        serializer takes its members only."""
        found = self._class_named(member)
        if found is not None:
            return False
        member = self._resolved(member)
        literal = _literal_values(member)
        if literal is not None:
            return any(_equal(value, item) and type(item) is type(value) for item in literal)
        return member.get("type") == ("boolean" if type(value) is bool else "integer") and "format" not in member

    def _retries_laxly(self, member: Schema, depth: int = 0) -> bool:
        """Whether pydantic's union serializer, given a value no member takes strictly, tries its members again
        laxly because of this one (pydantic-core's `retry_with_lax_check`): an `int` (an `IntEnum`), a tuple, a
        model, dataclass or NamedTuple, or a list, deque or union holding one. A float, a text, a date, a set, a dict,
        a TypedDict or a `Literal` does not make it."""
        found = self._class_named(member)
        if found is not None:
            if found[0] in ("model", "dataclass", "namedtuple"):
                return True
            if found[0] != "enum":
                return False
        member = self._resolved(member)
        if depth > 20 or "const" in member or "enum" in member and member.get("type") != "integer":
            return False
        if member.get("type") == "integer" or "prefixItems" in member or member.get(PYTHON_TYPE) == "tuple":
            return True  # a tuple, whatever it holds
        parts = list(member.get("anyOf", member.get("oneOf", [])))  # a union, or models told apart by a tag
        if member.get("type") == "array" and not member.get("uniqueItems") and isinstance(member.get("items"), dict):
            parts.append(member["items"])
        return any(self._retries_laxly(part, depth + 1) for part in parts)

    def _class_named(self, schema: Schema) -> tuple[str, Any] | None:
        """The kind and path (as `call()` imports it) of the class a schema's `$ref` names, or None."""
        ref = schema.get("$ref")
        return self._python.get(ref.rsplit("/", 1)[-1]) if isinstance(ref, str) else None

    def _own_class(self, members: list[Schema] | None, enum: Any) -> Schema | None:
        """The member of a union (`members`) that names the Enum whose member a value is (`enum`, the Enum's path as
        `_enum_paths` gives it), or None: pydantic's smart union and its serializer take a member with its own class
        before any other."""
        if not isinstance(enum, str):
            return None
        return next((m for m in members or () if (found := self._class_named(m)) and _class_path(found) == enum), None)

    def _keys_of(self, schema: Schema) -> list[_Key] | None:
        """The keys of the TypedDict a schema's `$ref` names, where a class keys it by aliases (`_aliased_keys`)."""
        ref = schema.get("$ref")
        return self._aliased_keys.get(ref.rsplit("/", 1)[-1]) if isinstance(ref, str) else None

    def _taking(self, schema: Schema) -> bool:
        """Whether a schema names a TypedDict or dataclass, which take the configuration of the class they are in:
        itself, or in a union, a list, a tuple or a dict's values."""
        found = self._class_named(schema)
        if found is not None:
            return found[0] in (*_TAKING, "adapted")  # "adapted": keyed by aliases
        members = [*schema.get("anyOf", ()), *schema.get("oneOf", ()), *schema.get("prefixItems", ())]
        inner = [*members, schema.get("items"), schema.get("additionalProperties")]
        return any(self._taking(member) for member in inner if isinstance(member, dict))

    def _resolved(self, schema: Schema) -> Schema:
        """The definition a schema's `$ref` names (beside its default or description), or the schema itself."""
        ref = schema.get("$ref")
        return (self.definition({"$ref": ref}) or schema) if isinstance(ref, str) else schema

    def _serialized_constant(self, cls: griffe.Class) -> Any:
        """What a model made without arguments dumps as where its one serializer is a plain `model_serializer` that
        returns a value of its module (`return UNSET_SENTINEL`, as Speakeasy's SDKs write their `Unset`, whose
        instance is the default of each optional field) and nothing else of the class runs code: that value, as
        pydantic writes it; else None."""
        scope = self.scope_of(cls)
        statements = self.class_body(cls)
        serializers = [stmt for stmt in statements if isinstance(stmt, ast.FunctionDef) and stmt.decorator_list]
        if len(serializers) != 1 or len(serializers[0].decorator_list) != 1:
            return None
        serializer, (decorator,) = serializers[0], serializers[0].decorator_list
        if isinstance(decorator, ast.Call):  # `@model_serializer(mode="plain")`, or no arguments
            if decorator.args or any(k.arg != "mode" or literal(k.value) != "plain" for k in decorator.keywords):
                return None
            decorator = decorator.func
        body = serializer.body[1:] if ast.get_docstring(serializer) is not None else serializer.body
        if scope.path_of(decorator) not in _MODEL_SERIALIZERS or len(body) != 1 or not isinstance(body[0], ast.Return):
            return None
        own = {arg.arg for arg in ast.walk(serializer.args) if isinstance(arg, ast.arg)}
        returned = body[0].value
        if returned is None or any(isinstance(n, ast.Name) and n.id in own for n in ast.walk(returned)):
            return None
        if not self._plain(cls, skipped=serializer):
            return None
        value = self.value_of(returned, scope)
        return None if is_missing(value) or is_missing(to_json(value)) else to_json(value)

    def _plain(self, cls: griffe.Class, depth: int = 0, skipped: ast.stmt | None = None) -> bool:
        """Whether making and dumping an instance runs nothing the class writes: no `__init__`, `__post_init__`,
        validator, serializer or computed field, in it or in a base class, each of which the scan reads. The
        statement `skipped` of the class's own body is not looked at."""
        scope = self.scope_of(cls)
        for path in self.base_paths(cls):
            parent = scope.lookup(path)
            read = isinstance(parent, griffe.Class) and depth < 20 and self._plain(parent, depth + 1)
            if path not in _KINDS and path not in ("object", "typing.Generic", "abc.ABC") and not read:
                return False  # (`abc.ABC`'s metaclass only keeps a class with abstract methods from being made)
        for stmt in self.class_body(cls):
            if stmt is skipped:
                continue
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                decorators = [d.func if isinstance(d, ast.Call) else d for d in stmt.decorator_list]
                checks = stmt.name in _AFTER_INIT and not decorators and _checks_only(stmt.body)
                constructs = stmt.name in _CONSTRUCTING and not checks
                if constructs or not all(self._plain_decorator(d, scope) for d in decorators):
                    return False
            elif isinstance(stmt, ast.AnnAssign) and any(
                (dotted_name(node) or "").endswith(("Validator", "Serializer"))  # `Annotated[str, AfterValidator(f)]`
                for node in ast.walk(stmt.annotation)
            ):
                return False
        return True

    def _plain_decorator(self, node: ast.expr, scope: Scope) -> bool:
        """Whether a method's decorator leaves it a plain method, not one pydantic runs as a validator or serializer
        (which only pydantic's decorators make): a `property`, `classmethod` and the like, one of the standard
        library's (`functools.cache`), or a function of the scanned code (`_plain_function`) that returns a wrapper it
        defines (the Agents SDK's `@_redact_mount_lifecycle_error`)."""
        dotted = dotted_name(node) or ""
        if dotted.rpartition(".")[2] in _PLAIN_DECORATORS:
            return True
        path = scope.path_of(node)
        if path.partition(".")[0] in sys.stdlib_module_names:
            return True
        found = self._plain_function(path, scope) if path else None
        if found is None:
            return False
        _, definition, _ = found
        wrappers = {stmt.name for stmt in definition.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))}
        last = definition.body[-1]
        return isinstance(last, ast.Return) and isinstance(last.value, ast.Name) and last.value.id in wrappers

    def _dataclass_decorator(self, cls: griffe.Class) -> str | None:
        """The path of the dataclass decorator the class itself carries (the standard one or pydantic's), or that a
        function of the scanned code it carries calls on it (`_made_dataclass`), or None."""
        scope = self.scope_of(cls)
        for path in _decorator_paths(cls, scope):
            made = path if path in _DATACLASS_DECORATORS else self._made_dataclass(path, scope)
            if made is not None:
                return made
        return None

    def _made_dataclass(self, path: str, scope: Scope) -> str | None:
        """The dataclass decorator a decorator function of the scanned code calls on the class it is given, as
        huggingface_hub's `@dataclass_with_extra` does (`cls = dataclass(cls)`; `dataclass(frozen=True)(cls)` too):
        its path, or None (read once per function)."""
        if path not in self._dataclass_makers:
            function = scope.lookup(path)
            made = self._dataclass_call(function) if isinstance(function, griffe.Function) else None
            self._dataclass_makers[path] = made
        return self._dataclass_makers[path]

    def _dataclass_call(self, function: griffe.Function) -> str | None:
        """The dataclass decorator a function calls on its first parameter (`_made_dataclass`), or None."""
        node = self.source(function).definition(function)
        given = node.args.posonlyargs + node.args.args if isinstance(node, ast.FunctionDef) else []
        if not given:
            return None
        scope = self.scope_of(function)
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            made = scope.path_of(call.func.func if isinstance(call.func, ast.Call) else call.func)
            if made in _DATACLASS_DECORATORS and [dotted_name(a) for a in call.args] == [given[0].arg]:
                return made
        return None

    def _pydantic_dataclass(self, cls: griffe.Class) -> bool:
        return self._dataclass_decorator(cls) == "pydantic.dataclasses.dataclass"

    def _positional(self, cls: griffe.Class, kind: str) -> bool:
        """Whether the class takes its fields as positional arguments, in order: a NamedTuple does, and a dataclass
        with no `kw_only`, `init=` or `KW_ONLY` anywhere in its statement."""
        node = self.source(cls).definition(cls)
        return kind == "namedtuple" or not any(
            (isinstance(n, ast.keyword) and n.arg in ("kw_only", "init")) or (dotted_name(n) or "").endswith("KW_ONLY")
            for n in ast.walk(node)
        )

    def is_field_call(self, node: ast.expr, scope: Scope, calls: tuple[str, ...] = FIELD_CALLS) -> bool:
        """Whether `node` is a call of `Field(...)` (or of one of `calls`), or of a function that returns one
        (`field_factory`)."""
        node, scope = self.field_factory(node, scope)
        return isinstance(node, ast.Call) and scope.path_of(node.func) in calls

    def field_factory(self, node: ast.expr, scope: Scope) -> tuple[ast.expr, Scope]:
        """`positive("Count")`, a call of a function of the scanned code that returns a `Field(...)`: that
        `Field(...)` call, each of the function's parameters and local names in it replaced by the text, number, bool
        or None it has, and the scope of the function's module, where the call is read. Anything else, and a call
        whose arguments are not such values, as it is.

        The function's body (after its docstring) is read in order (`_returned`): it may give local names
        such values, and take the branch of an `if` its test decides, as docling's `_advanced_field(detail=...)`
        builds its description."""
        path = scope.path_of(node.func) if isinstance(node, ast.Call) else None
        found = self._plain_function(path, scope) if path and path not in FIELD_CALLS else None
        if found is None:
            return node, scope
        _, definition, own = found
        if not any(isinstance(part, ast.Return) and isinstance(part.value, ast.Call)
                   and own.path_of(part.value.func) in FIELD_CALLS for part in ast.walk(definition)):  # fmt: skip
            return node, scope
        given = self._factory_arguments(node, definition.args, scope, own)  # type: ignore[arg-type]
        made = None if given is None else self._returned(definition, given, own)
        if not (isinstance(made, ast.Call) and own.path_of(made.func) in FIELD_CALLS):
            return node, scope
        for part in ast.walk(made):  # reported where the factory is called
            ast.copy_location(part, node)
        return made, own

    def _function_value(self, call: ast.Call, scope: Scope, depth: int) -> Any:
        """What a function of the scanned code returns (`_returned`), called with arguments that are read, where that
        is read in the function's module; else missing."""
        path = scope.path_of(call.func)
        found = self._plain_function(path, scope) if path and depth <= 8 else None
        if found is None or found[0].path in self._reading:  # a function that calls itself is not followed
            return MISSING
        function, definition, own = found
        self._reading.add(function.path)
        try:
            given = self._factory_arguments(call, definition.args, scope, own)
            returned = None if given is None else self._returned(definition, given, own)
            return MISSING if returned is None else self.value_of(returned, own, depth + 1)
        finally:
            self._reading.discard(function.path)

    def returned_calls(self, call: ast.Call, scope: Scope) -> tuple[list[ast.Call], Scope, frozenset[str]] | None:
        """The calls each `return` of the function of the scanned code that `call` calls returns, the scope of its
        module and the names of the functions it defines; None where it returns anything else (or nothing)."""
        found = self._plain_function(scope.path_of(call.func), scope) if dotted_name(call.func) else None
        if found is None:
            return None
        _, definition, own = found
        returned = [stmt.value for stmt in _own_statements(definition.body) if isinstance(stmt, ast.Return)]
        if not returned or not all(isinstance(value, ast.Call) for value in returned):
            return None
        defined = frozenset(stmt.name for stmt in _own_statements(definition.body) if isinstance(stmt, ast.FunctionDef))
        return returned, own, defined  # type: ignore[return-value]

    def _plain_function(self, path: str, scope: Scope) -> tuple[griffe.Function, ast.FunctionDef, Scope] | None:
        """The function of the scanned code at `path`, with its definition and its module's scope, where the scan may
        read what it returns: no decorator (which may change what it does), no `async def` (which returns a
        coroutine); else None."""
        function = scope.lookup(path)
        if not isinstance(function, griffe.Function) or function.decorators:
            return None
        definition = self.source(function).definition(function)
        return (function, definition, self.scope_of(function)) if isinstance(definition, ast.FunctionDef) else None

    def text_function(self, node: ast.expr, scope: Scope) -> Callable[[str], Any] | None:
        """A function of one parameter that `node` names or writes (`lambda name: name.upper()`, a function of the
        scanned code), as a function of a text that reads what it returns (`value_of`, `_returned`): missing where
        that is not read. None for anything else."""
        found = self._plain_function(scope.path_of(node), scope) if dotted_name(node) else None
        if isinstance(node, ast.Lambda):
            definition: ast.Lambda | ast.FunctionDef = node
            own = scope
        elif found is not None:
            _, definition, own = found
        else:
            return None
        signature = definition.args
        names = [arg.arg for arg in signature.posonlyargs + signature.args]
        if len(names) - len(signature.defaults) > 1 or not names or signature.vararg or signature.kwonlyargs:
            return None

        def apply(text: str) -> Any:
            if isinstance(definition, ast.Lambda):
                return self.value_of(substituted(definition.body, {names[0]: text}), own)
            returned = self._returned(definition, {names[0]: text}, own)  # type: ignore[arg-type]
            return MISSING if returned is None else self.value_of(returned, own)

        return apply

    def _comprehended(self, node: ast.ListComp | ast.GeneratorExp, scope: Scope, depth: int) -> Any:
        """The items of a list comprehension or generator expression of one `for` over a known text, list or tuple
        (of at most `_ITERATED_MOST` items), its target a name or a tuple of names, its `if`s decided (`decided`), each
        item read; as a list, else missing."""
        (loop,) = node.generators if len(node.generators) == 1 else (None,)
        items = self.value_of(loop.iter, scope, depth + 1) if loop is not None and not loop.is_async else MISSING
        if type(items) not in (str, list, tuple) or len(items) > _ITERATED_MOST:
            return MISSING
        target = loop.target  # type: ignore[union-attr]
        names = [target.id] if isinstance(target, ast.Name) else [
            part.id for part in target.elts if isinstance(part, ast.Name)] if isinstance(target, ast.Tuple) else []
        if not names or isinstance(target, ast.Tuple) and len(names) != len(target.elts):
            return MISSING
        made = []
        for item in items:
            if len(names) > 1 and not (isinstance(item, tuple) and len(item) == len(names)):
                return MISSING
            values = dict(zip(names, item if len(names) > 1 else (item,)))
            tests = [self.decided(substituted(test, values), scope) for test in loop.ifs]  # type: ignore[union-attr]
            if None in tests:
                return MISSING
            if all(tests):
                made.append(self.value_of(substituted(node.elt, values), scope, depth + 1))
                if is_missing(made[-1]):
                    return MISSING
        return made

    def _returned(self, definition: ast.FunctionDef, given: dict[str, Any], own: Scope) -> ast.expr | None:
        """The expression a function returns given its parameters' values, its names replaced by their values;
        None where its body holds any statement but an assignment of a name, an `if` whose test is known (`decided`)
        and a `return`, or gives a name a value that is not a text, number, bool or None, or a list or tuple of
        these."""
        local = set(bound_names(definition))
        values = dict(given)

        def read(expression: ast.expr) -> ast.expr | None:  # None where it reads a local name not bound yet
            made = substituted(expression, values)
            looping = {part.id for loop in ast.walk(made) if isinstance(loop, ast.comprehension)  # a comprehension's
                       for part in ast.walk(loop.target) if isinstance(part, ast.Name)}  # own names are bound in it
            unbound = any(isinstance(part, ast.Name) and part.id in local - looping for part in ast.walk(made))
            return None if unbound else made

        pending = without_docstring(list(definition.body))
        while pending:
            statement = pending.pop(0)
            if isinstance(statement, ast.If):
                test = read(statement.test)
                decided = None if test is None else self.decided(test, own)
                if decided is None:
                    return None
                pending[:0] = statement.body if decided else statement.orelse
            elif isinstance(statement, ast.Return):
                return read(statement.value) if statement.value is not None else None
            elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and statement.value is not None:
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                value = statement.value  # `label += "s"`: `label + "s"`
                if isinstance(statement, ast.AugAssign):
                    value = ast.BinOp(ast.Name(statement.target.id, ast.Load()), statement.op, value)  # type: ignore
                expression = read(value) if isinstance(targets[0], ast.Name) else None
                if len(targets) != 1 or not isinstance(targets[0], ast.Name) or expression is None:
                    return None
                got = self.value_of(expression, own)
                if type(got) not in _PLAIN and not (type(got) in (list, tuple) and all(type(i) in _PLAIN for i in got)):
                    return None
                values[targets[0].id] = got
            else:
                return None
        return None

    def decided(self, test: ast.expr, scope: Scope) -> bool | None:
        """Whether an `if`'s test holds, where the values it reads are known (`value_of`): their truth, `not`,
        `and`, `or`, and one comparison `is`, `is not`, `==` or `!=`; else None."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self.decided(test.operand, scope)
            return None if inner is None else not inner
        if isinstance(test, ast.BoolOp):
            parts = [self.decided(part, scope) for part in test.values]
            if None in parts:
                return None
            return all(parts) if isinstance(test.op, ast.And) else any(parts)
        if isinstance(test, ast.Compare):
            compare = _COMPARISONS.get(type(test.ops[0])) if len(test.ops) == 1 else None
            left, right = self.value_of(test.left, scope), self.value_of(test.comparators[0], scope)
            known = compare is not None and not is_missing(left) and not is_missing(right)
            if isinstance(test.ops[0], (ast.Is, ast.IsNot)):  # the identity of None, True and False only is known
                known = known and any(side is None or type(side) is bool for side in (left, right))
            if isinstance(test.ops[0], (ast.In, ast.NotIn)):  # in a text, list or tuple
                known = known and type(right) in (str, list, tuple)
            try:
                return bool(compare(left, right)) if known else None  # type: ignore[misc]
            except TypeError:  # `1 < "a"`, `1 in "a"`
                return None
        value = self.value_of(test, scope)
        return None if is_missing(value) or isinstance(value, (_RecordSet, _Dump)) else bool(value)

    def _factory_arguments(self, call: ast.Call, signature: ast.arguments, scope: Scope,
                           own: Scope) -> dict[str, Any] | None:  # fmt: skip
        """The values a field factory's parameters take in `call` (read in `scope`), its defaults (read in `own`)
        where none is given; None where one is not a text, number, bool or None, or the call does not fit."""
        positional = [arg.arg for arg in signature.posonlyargs + signature.args]
        if (signature.vararg or signature.kwarg or len(call.args) > len(positional)
                or any(isinstance(arg, ast.Starred) for arg in call.args)):  # fmt: skip
            return None
        given = {name: self.value_of(arg, scope) for name, arg in zip(positional, call.args)}
        named = positional[len(call.args):] + [arg.arg for arg in signature.kwonlyargs]
        for keyword in call.keywords:
            if keyword.arg not in named or keyword.arg in given:
                return None
            given[keyword.arg] = self.value_of(keyword.value, scope)
        defaults = dict(zip(positional[len(positional) - len(signature.defaults):], signature.defaults))
        defaults.update({arg.arg: d for arg, d in zip(signature.kwonlyargs, signature.kw_defaults) if d is not None})
        for name in positional + [arg.arg for arg in signature.kwonlyargs]:
            if name not in given and name in defaults:
                given[name] = self.value_of(defaults[name], own)
        plain = all(type(value) in (str, int, float, bool, type(None)) for value in given.values())
        return given if plain and len(given) == len(positional) + len(signature.kwonlyargs) else None

    def field_calls_in(self, annotation: ast.expr, scope: Scope, depth: int = 0) -> list[dict[str, Any]]:
        """The literal keywords of each `Field(...)` in `Annotated[T, ...]`, those of `T` first where it is a plain
        alias of another `Annotated` (Python flattens them so), and through such an alias too (prefect's
        `labels: KeyValueLabelsField`, whose `Field(default_factory=dict)` makes the field optional)."""
        outer = scope.path_of(origin(annotation))
        metadata = _metadata(annotation, outer)
        if metadata:
            first = type_arguments(annotation)[0]  # type: ignore[arg-type]
            inner = self.field_calls_in(first, scope, depth + 1) if depth < 8 else []
            return inner + [self._field_call(meta, scope) for meta in metadata]
        found = self.alias_value(outer, scope) if isinstance(annotation, (ast.Name, ast.Attribute)) else None
        return self.field_calls_in(*found, depth + 1) if found is not None and depth < 8 else []

    def _members_formatted(self, node: ast.JoinedStr, scope: Scope) -> ast.JoinedStr | None:
        """An f-string whose Enum members (`f"{Color.RED}/x"`) are replaced by what Python formats them as
        (`_member_text`); None where that depends on the Python version."""
        parts: list[ast.expr] = []
        for part in node.values:
            made = self._member_text(part.value, scope, part.conversion) if isinstance(part, ast.FormattedValue) else None
            if is_missing(made):
                return None
            if made is not None:
                part = ast.FormattedValue(ast.Constant(made), -1, part.format_spec)  # type: ignore[union-attr]
            parts.append(part)
        return ast.JoinedStr(parts)

    def unsteady_member(self, node: ast.expr, scope: Scope) -> str | None:
        """The first Enum member in `node` that an f-string or `str()` makes a text of that differs between Python
        versions (`_member_text`), as written; else None."""
        for part in ast.walk(node):
            if isinstance(part, ast.FormattedValue):
                held, conversion = part.value, part.conversion
            elif isinstance(part, ast.Call) and scope.path_of(part.func) == "str" and len(part.args) == 1:
                held, conversion = part.args[0], ord("s")
            else:
                continue
            if is_missing(self._member_text(held, scope, conversion)):
                return ast.unparse(held)
        return None

    def _member_text(self, node: ast.expr, scope: Scope, conversion: int) -> Any:
        """What Python makes of the Enum member `node` names where it is formatted (`conversion` -1), or converted by
        `str()` (`ord("s")`) or `repr()` (`ord("r")`), on every version the wheel may run on: a plain Enum's
        member is `Color.RED` (its repr `<Color.RED: 'red'>`); a `StrEnum`'s, `IntEnum`'s or `IntFlag`'s is formatted
        as its value, which is what this gives then. Missing where Python versions differ: a member of another Enum
        that mixes in `str` or `int` is formatted as `Color.RED` from Python 3.11 on and as its value before, and an
        `IntEnum`'s `str()` is its value from 3.11 on. None for anything but an Enum member."""
        found = self.enum_member(node, scope) if isinstance(node, ast.Attribute) else None
        if found is None:
            return None
        owner = scope.lookup(scope.qualify(dotted_name(node)).rpartition(".")[0])  # type: ignore[union-attr]
        value, bases = self._members_of(owner)[found[1]], self._enum_bases(owner)  # type: ignore[index, arg-type]
        as_value = bases & {"enum.StrEnum", "enum.IntEnum", "enum.IntFlag", "enum.ReprEnum"}
        if type(value) not in (str, int, float, bool, type(None)):
            return MISSING
        if conversion == ord("r"):
            return f"<{owner.name}.{found[1]}: {value!r}>"  # type: ignore[union-attr]
        if conversion == ord("s"):
            return value if "enum.StrEnum" in bases else MISSING if as_value else f"{owner.name}.{found[1]}"  # type: ignore
        if conversion != -1:
            return MISSING
        return value if as_value else MISSING if found[2] else f"{owner.name}.{found[1]}"  # type: ignore[union-attr]

    def enum_member(self, node: ast.expr, scope: Scope) -> tuple[str, str, bool] | None:
        """The class (as `call()` imports it) and name of the Enum member `SomeEnum.MEMBER` names, and whether the
        member equals its value (its class mixes in `str`, `int` or `float`: pydantic's union takes it as an exact
        match of its value, a plain Enum's member as a lax one); else None."""
        dotted = dotted_name(node)
        if not dotted or "." not in dotted:
            return None
        owner, _, name = scope.qualify(dotted).rpartition(".")
        obj = scope.lookup(owner)
        members = self._members_of(obj)
        if obj is None or members is None or name not in members:
            return None
        return _python_path(obj), name, bool(_VALUE_BASES & self._enum_bases(obj))

    def member_value(self, node: ast.expr, scope: Scope, depth: int = 0) -> Any:
        """The value of `SomeEnum.MEMBER` or of a module's constant (`LIMIT`, `settings.LIMIT`) written as a default
        or a Literal value, or missing.

        A constant is read only where it has one value: its module binds its name once, by an assignment in the
        module's own body, and the module that reads it binds the name it reads by once too (so a class body or a
        second assignment cannot make it mean something else where the default is evaluated).
        """
        dotted = dotted_name(node)
        if not dotted or depth > 8:
            return literal(node)
        path = scope.qualify(dotted)
        if path == "Ellipsis":  # the builtin, as `...`
            return Ellipsis
        if path in KNOWN_CONSTANTS and self.source(scope.module).bound_once(dotted.partition(".")[0]):
            return KNOWN_CONSTANTS[path]
        if "." in dotted:
            owner, _, member = path.rpartition(".")
            members = self._members_of(self._annotated_class(owner, scope))
            if members is not None:
                return members.get(member, literal(node))
        found = self._constant_assigned(dotted, scope)
        if found is None:
            return literal(node)
        constant, value = found
        if self._change(dotted, scope, constant) is not None:
            return self._replayed(value, dotted, scope, constant, depth)
        return self.value_of(value, self.scope_of(constant), depth + 1)

    def _replayed(self, value: ast.expr, dotted: str, scope: Scope, constant: griffe.Attribute, depth: int) -> Any:
        """The value of a list or dict constant that its own module builds up after assigning it, by statements of its
        own body that call a method of the container on values that are read (`ITEMS.append(3)`, `LABELS.update(
        EXTRA)`) or assign or delete an item (`LIMITS["b"] = 2`), each applied in order as Python applies it; missing
        where it is changed otherwise, or by the module that reads it."""
        reader, own = self.source(scope.module), self.source(constant)
        statements = own.replayable(constant.name, getattr(own.nodes.get(constant.path), "end_lineno", None) or 0)
        if statements is None or (reader is not own and reader.change_of(dotted) is not None):
            return MISSING
        where = self.scope_of(constant)
        made = self.value_of(value, where, depth + 1)
        if type(made) not in (list, dict):
            return MISSING
        made = copy.copy(made)  # as read, it may be another constant's: the changes are this one's
        read = partial(self.value_of, scope=where, depth=depth + 1)
        for stmt in statements:
            try:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and not stmt.value.keywords:
                    arguments = [read(arg) for arg in stmt.value.args]
                    method = stmt.value.func.attr  # type: ignore[union-attr]
                    if any(is_missing(a) or isinstance(arg, ast.Starred) for a, arg in zip(arguments, stmt.value.args)):
                        return MISSING
                    if method not in _CONTAINER_CHANGES[type(made)]:
                        return MISSING
                    getattr(made, method)(*arguments)
                elif isinstance(stmt, (ast.Assign, ast.Delete)) and len(stmt.targets) == 1:
                    key = read(stmt.targets[0].slice)  # type: ignore[attr-defined]
                    item = read(stmt.value) if isinstance(stmt, ast.Assign) else None
                    if is_missing(key) or is_missing(item):
                        return MISSING
                    if isinstance(stmt, ast.Assign):
                        made[key] = item
                    else:
                        del made[key]
                else:
                    return MISSING
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # what Python would raise: not read
                return MISSING
        return made

    def _change(self, dotted: str, scope: Scope, constant: griffe.Attribute) -> str | None:
        """Where a module-level constant, written as `dotted` in `scope`, is changed in place (`ITEMS.append(3)`),
        by the module that reads it or by its own, as `path:line` and the change; None where neither changes it. Its
        assignment then does not say its value."""
        for source, name in ((self.source(scope.module), dotted), (self.source(constant), constant.name)):
            change = source.change_of(name)
            if change is not None:
                return f"`{source.segment(change)}` ({source.display_path}:{change.lineno})"
        return None

    def constant_change(self, node: ast.expr, scope: Scope) -> str | None:
        """Where the module-level constant `node` names is changed in place (`_change`), or None."""
        dotted = dotted_name(node)
        constant = self._module_constant(dotted, scope) if dotted else None
        return None if constant is None else self._change(dotted, scope, constant)  # type: ignore[arg-type]

    def _constant_assigned(self, dotted: str, scope: Scope) -> tuple[griffe.Attribute, ast.expr] | None:
        """The module-level constant `dotted` names in `scope`, with the expression its module's one assignment gives
        it, where the module that reads it binds the name it reads by once too (a class body cannot hide it); else
        None."""
        constant = self._module_constant(dotted, scope)
        value = None if constant is None else self.source(constant).constant_value(constant)
        if value is None or not self.source(scope.module).bound_once(dotted.partition(".")[0]):
            return None
        return constant, value  # type: ignore[return-value]

    def _module_constant(self, dotted: str, scope: Scope) -> griffe.Attribute | None:
        """The module-level attribute `dotted` names in `scope` (`LIMIT`, `settings.LIMIT`), or None."""
        constant = scope.lookup(scope.qualify(dotted))
        at_module_level = isinstance(constant, griffe.Attribute) and isinstance(constant.parent, griffe.Module)
        return constant if at_module_level else None  # type: ignore[return-value]

    # -- record-like classes -----------------------------------------------------------------------
    def fields(self, cls: griffe.Class, where: Located, total: bool = True) -> list[Field]:
        """Annotated class attributes, base classes' first, as Python and pydantic gather them. A TypedDict's come from
        its bases in the order written, each with its own `total`, a later base's winning. A model's or dataclass's
        come from its lineage in reverse method resolution order, a nearer class's winning: a model's from every
        class, as pydantic reads their annotations (each then as its first base that has it has it), a dataclass's
        from the dataclasses only. A NamedTuple's are those
        of the class that derives from `NamedTuple` itself (a subclass's annotations make no items). A field is the
        one its attribute names, whatever key an alias gives it."""
        gathered: dict[str, Field] = {}
        kind = self.kind_of(cls)
        lineage = self.lineage(cls)
        bindings = self._base_bindings(cls, lineage, where.report)
        if kind == "typeddict":
            for parent in map(self.scope_of(cls).lookup, self.base_paths(cls)):
                if isinstance(parent, griffe.Class) and parent is not cls:
                    with self.builder.binding(bindings.get(parent.path, self.builder.bound)):
                        inherited = self.fields(parent, where, self._total(parent))
                elif (made := self._typeddict_made(parent)) is not None:
                    scope, here = self.scope_of(parent), self.located(parent, where.report)  # type: ignore[arg-type]
                    inherited = [self._record_field(field, made.total, scope, here, made.kind) for field in made.fields]
                else:
                    continue
                gathered.update((field.attribute or field.name, field) for field in inherited)
            owners = [cls]
        else:
            owners = self._owners(cls, kind, lineage)[::-1]
        by_owner: dict[str, dict[str, Field]] = {}
        for owner in owners:
            with self.builder.binding(bindings.get(owner.path, self.builder.bound)):
                owned = self._own_fields(owner, where.report, total if owner is cls else self._total(owner))
            if kind == "model" and owner is not cls:  # under the keys its own class and those below it give it
                chain = [c for c in lineage[: lineage.index(owner) + 1][::-1] if owner in self.lineage(c)]
                owned = [self._inherited_keys(field, chain) for field in owned]
            by_owner[owner.path] = {field.attribute or field.name: field for field in owned
                                    if kind != "model" or not (field.attribute or field.name).startswith("_")}
            gathered.update(by_owner[owner.path].items())  # (a model's `_name`, a plain base's too, is private)
            for name in self._withdrawn(owner) if kind == "dataclass" else ():
                gathered.pop(name, None)
        if kind == "model":  # in that order, each as the first base that has it has it (pydantic's parent fields)
            owners_of = self._field_owners(cls, by_owner)
            gathered = {attribute: by_owner[owners_of[attribute]][attribute] if attribute in owners_of else field
                        for attribute, field in gathered.items()}  # fmt: skip
        inputs = self._validator_inputs(cls) if kind == "model" or self._pydantic_dataclass(cls) else {}
        if inputs:
            gathered = {attribute: self._validated_field(field, inputs.get(attribute) or inputs.get("*"), where)
                        for attribute, field in gathered.items()}  # fmt: skip
        return list(gathered.values())

    def _validator_inputs(self, cls: griffe.Class) -> dict[str, tuple[ast.expr | None, griffe.Class]]:
        """The fields (`"*"`: every one) whose schema a `@field_validator` of the class's lineage says: a plain one
        (its `json_schema_input_type=`, else `Any`), or a before or wrap one that declares its input type; each with
        that type (None for `Any`) and the class it is written in. Where several do, the last, base classes' first:
        pydantic wraps each validator around the ones before it, and a method that a subclass redefines is the
        subclass's. Read once per class: each dump of an instance asks for the fields."""
        if cls.path in self._validator_fields:
            return self._validator_fields[cls.path]
        methods: dict[str, tuple[ast.Call, griffe.Class]] = {}
        for owner in reversed(self.lineage(cls)):
            scope = self.body_scope(owner)
            for stmt in self.class_body(owner):
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    methods.pop(stmt.name, None)
                    for decorator in stmt.decorator_list:
                        if isinstance(decorator, ast.Call) and scope.path_of(decorator.func) in _FIELD_VALIDATORS:
                            methods[stmt.name] = (decorator, owner)
        found: dict[str, tuple[ast.expr | None, griffe.Class]] = {}
        for decorator, owner in methods.values():
            keywords = {keyword.arg: keyword.value for keyword in decorator.keywords if keyword.arg}
            mode = literal(keywords["mode"]) if "mode" in keywords else "after"
            given = keywords.get("json_schema_input_type")
            if mode == "plain" or (mode in ("before", "wrap") and given is not None):
                found.update((name, (given, owner)) for name in map(literal, decorator.args) if isinstance(name, str))
        self._validator_fields[cls.path] = found
        return found

    def _validated_field(self, field: Field, declared: tuple[ast.expr | None, griffe.Class] | None,
                         where: Located) -> Field:  # fmt: skip
        """A field whose schema a `@field_validator` says (`_validator_inputs`): the type it declares, with the field's
        default and description; `call()` has pydantic validate it."""
        if declared is None:
            return field
        given, owner = declared
        here = self.located(owner, where.report)
        schema = self.builder.schema(given, self.body_scope(owner), here) if given is not None else {}
        kept = {"default": field.schema["default"]} if "default" in field.schema else {}
        return replace(field, schema=self.builder.left_to_pydantic({**schema, **kept, **field_level(field.schema),
                                                                     REPLACED: True}))

    def _owners(self, cls: griffe.Class, kind: str | None, lineage: list[griffe.Class]) -> list[griffe.Class]:
        """The classes, nearest first, whose own annotations are a class's fields: for a NamedTuple the class that
        derives from `NamedTuple` itself, for a dataclass those of its lineage that the decorator made dataclasses
        (a class derived from one without it adds no fields: pydantic-ai's `BaseDurabilityCapability`), for a TypedDict
        the TypedDicts of its lineage, for a model every class of its lineage."""
        if kind == "namedtuple":
            defining = (c for c in lineage if any(_KINDS.get(path) == "namedtuple" for path in self.base_paths(c)))
            return [next(defining, cls)]
        if kind == "dataclass":
            return [c for c in lineage if self._dataclass_decorator(c) is not None]
        return [c for c in lineage if kind != "typeddict" or self.kind_of(c) == kind]

    def field_annotations(self, cls: griffe.Class) -> Iterator[tuple[ast.expr, Scope]]:
        """The annotation of each field a class's schema writes (not those `SkipJsonSchema` hides), with the scope to
        read it in, unread: whether pydantic can write a schema for the class at all follows from them."""
        kind = self.kind_of(cls)
        for owner in self._owners(cls, kind, self.lineage(cls)) if kind != "enum" else []:
            scope = self.body_scope(owner)
            for stmt, _ in self._field_statements(owner):
                if not skips_json_schema(stmt.annotation, scope):
                    yield stmt.annotation, scope

    def _field_owners(self, cls: griffe.Class, by_owner: dict[str, dict[str, Field]], depth: int = 0) -> dict[str, str]:
        """The path of the class whose own field each of a model's attributes is, as pydantic gathers a model's fields
        from its bases' (`parent_fields_lookup`): its own, else its first base's (in the order written) that has it,
        though a later base's may come first in the method resolution order (`class M1(M2, M5)`, where `M5`'s base
        redefines a field `M2`'s base defines)."""
        found: dict[str, str] = {}
        for base in reversed([*map(self.scope_of(cls).lookup, self.base_paths(cls))]):  # an earlier base's win
            if isinstance(base, griffe.Class) and base.path != cls.path and depth < 20:
                found.update(self._field_owners(base, by_owner, depth + 1))
        found.update(dict.fromkeys(by_owner.get(cls.path, {}), cls.path))
        return found

    def _inherited_keys(self, field: Field, chain: list[griffe.Class]) -> Field:
        """A model field a subclass inherits, under the keys pydantic gives it: each class from the one that defines
        it down (`chain`) applies its alias generator, if it has one, to a field that names no alias of its own, and
        to one that names some (`Field(serialization_alias=...)`) only where that left a key open. So a subclass's
        generator, or its `alias_generator=None`, leaves the keys a base's generator filled in as they are."""
        explicit = field.aliased or field.dumped is not None
        read, written = (field.name if field.aliased else None), field.dumped
        for owner in chain:
            config = self._config(owner)
            if "alias_generator" not in config:
                continue
            generate, generate_dumped = self._generator(config), self._generator(config, dump=True)
            if generate is None or generate_dumped is None:  # one that cannot be applied statically: reported where
                return field  # it is set
            key, dumped = generate(field.attribute), generate_dumped(field.attribute)
            read, written = (read or key, written or dumped) if explicit else (key, dumped)
        return field if read is None else replace(field, name=read, aliased=True, dumped=written)

    def _base_bindings(self, cls: griffe.Class, lineage: list[griffe.Class], report: Report) -> dict[str, _Bound]:
        """What the type variables of each class in `cls`'s lineage stand for, as `cls` derives from it: the
        arguments a subclass gives it (`class DatePage(Page[date])`, `class Tagged(Page[List[U]], Generic[U])`),
        read as the subclass reads its own, else what they stand for in the subclass (the same type variables, as
        in `class Keyed(Page, Generic[T])`). The nearest subclass in the method resolution order says."""
        bindings = {cls.path: self.builder.bound}
        for current in lineage:
            bound = bindings.get(current.path, self.builder.bound)
            scope = self.scope_of(current)
            for base in getattr(self.source(current).definition(current), "bases", []):
                target = scope.lookup(scope.path_of(origin(base)))
                if not isinstance(target, griffe.Class) or target.path in bindings:
                    continue
                variables = self._type_variables(target)
                args = type_arguments(base) if isinstance(base, ast.Subscript) else []
                given: _Bound = {}
                if args and len(args) == len(variables):
                    with self.builder.binding(bound):
                        given = self._binding(variables, args, scope, self.located(current, report))
                bindings[target.path] = {**bound, **given}
        return bindings

    def _own_fields(self, cls: griffe.Class, report: Report, total: bool) -> list[Field]:
        """The fields a class's own body annotates, each read as the class reads it, and reported where written."""
        scope, where = self.body_scope(cls), self.located(cls, report)
        owned: list[Field] = []
        flag = self._config(cls).get("use_attribute_docstrings")
        documented = flag is not None and literal(flag) is True
        kind = self.kind_of(cls)
        for stmt, after in self._field_statements(cls):
            if kind == "typeddict" and stmt.value is not None:  # no default: pydantic requires it as the class says
                where.at(stmt.value).warn(f"a TypedDict has no defaults: `{stmt.target.id}`'s value is ignored")
                stmt = ast.copy_location(ast.AnnAssign(stmt.target, stmt.annotation, None, stmt.simple), stmt)
            hidden, here = _skipped_field(stmt.annotation, scope, where.at(stmt))
            field = self._field(stmt, scope, here, total)
            if hidden:
                field = replace(field, hidden=True)
            text = docstring_after(after) if documented else None
            if text and "description" not in field.schema:  # `Field(description=...)` comes first
                field = replace(field, schema={**field.schema, "description": text})
            owned.append(field)
        return owned

    def _field_statements(self, cls: griffe.Class) -> Iterator[tuple[ast.AnnAssign, ast.stmt | None]]:
        """The statements of a class's own body that annotate one of its fields, each with the statement after it
        (its docstring, if any). Not fields: a model's `_name` (a private attribute; a dataclass's is a field), its
        `model_config`, a `ClassVar`, a dataclass's `_: KW_ONLY` or a field of it that takes no value."""
        scope = self.body_scope(cls)
        body = self.class_body(cls)
        kind = self.kind_of(cls)
        names = _ClassNames(cls)
        for stmt, after in zip(body, [*body[1:], None]):
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                names.bind(stmt)
                continue
            if stmt.value is not None:
                value = names.read(stmt.value)
                names.bind(stmt)
                stmt = ast.copy_location(ast.AnnAssign(stmt.target, stmt.annotation, value, stmt.simple), stmt)
            if (kind == "model" and stmt.target.id.startswith("_")) or stmt.target.id == "model_config":
                continue
            if scope.path_of(origin(stmt.annotation)) in ("typing.ClassVar", "dataclasses.KW_ONLY"):
                continue
            if kind == "dataclass" and self._never_given(stmt.value, scope):
                continue
            yield stmt, after

    def _keyword_only_last(self, cls: griffe.Class, fields: list[Field]) -> list[Field]:
        """A dataclass's fields with its keyword-only ones last (each as the class nearest it in its lineage says). An
        instance's dump keeps the order they are written in."""
        told: dict[str, bool] = {}
        for owner in self._owners(cls, "dataclass", self.lineage(cls))[::-1]:
            told.update(self._keyword_only(owner))
        return sorted(fields, key=lambda field: told.get(field.attribute or field.name, False))

    def _keyword_only(self, cls: griffe.Class) -> dict[str, bool]:
        """Whether each field a dataclass's own body annotates is keyword-only: all are under
        `@dataclass(kw_only=True)`, those after a `_: KW_ONLY` are, and `field(kw_only=...)` says so of its own."""
        node, scope, body = self.source(cls).definition(cls), self.scope_of(cls), self.body_scope(cls)
        decorators = node.decorator_list if isinstance(node, ast.ClassDef) else []
        told = [literal(keyword.value) for call in decorators if isinstance(call, ast.Call)
                and scope.path_of(call.func) in _DATACLASS_DECORATORS for keyword in call.keywords
                if keyword.arg == "kw_only"]  # fmt: skip
        after = bool(told) and told[-1] is True
        found: dict[str, bool] = {}
        for stmt in self.class_body(cls):
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            if body.path_of(origin(stmt.annotation)) == "dataclasses.KW_ONLY":
                after = True
                continue
            given = keyword_of(stmt.value, "kw_only") if isinstance(stmt.value, ast.Call) else None
            found[stmt.target.id] = after if given is None else literal(given) is True
        return found

    def names_before(self, cls: griffe.Class, node: ast.stmt) -> _ClassNames:
        """What a class body binds before `node`, one of its statements (a method's `def`, whose defaults see them)."""
        names = _ClassNames(cls)
        for stmt in takewhile(lambda stmt: stmt is not node, self.class_body(cls)):
            names.bind(stmt)
        return names

    def _withdrawn(self, cls: griffe.Class) -> set[str]:
        """The attributes a dataclass declares again as taking no value (`_never_given`): a base's field of that
        name is none of its own (huggingface_hub's `root: str = field(init=False)`)."""
        scope = self.body_scope(cls)
        return {stmt.target.id for stmt in self.class_body(cls) if isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name) and self._never_given(stmt.value, scope)}  # fmt: skip

    def _never_given(self, value: ast.expr | None, scope: Scope) -> bool:
        """Whether a dataclass's field takes no value, so that pydantic leaves it out: `field(init=False)` with no
        default (`__post_init__` sets it) or pydantic's `Field(init_var=True)`. One with a default stays, as pydantic
        lists it; `call()` drops a value given for it, as pydantic ignores one."""
        if not isinstance(value, ast.Call):
            return False
        keywords = {keyword.arg: literal(keyword.value) for keyword in value.keywords if keyword.arg}
        function = scope.path_of(value.func)
        if function == "dataclasses.field":
            return keywords.get("init") is False and not {"default", "default_factory"} & set(keywords)
        return function in FIELD_CALLS and keywords.get("init_var") is True

    def _field(self, stmt: ast.AnnAssign, scope: Scope, where: Located, total: bool) -> Field:
        name = stmt.target.id  # type: ignore[union-attr]
        annotation = stmt.annotation
        outer = scope.path_of(origin(annotation))
        if outer == "dataclasses.InitVar" and isinstance(annotation, ast.Subscript):
            annotation = type_arguments(annotation)[0]  # a parameter of `__init__` only: pydantic lists it too
            outer = scope.path_of(origin(annotation))
        schema = self.builder.schema(annotation, scope, where)
        calls = self.field_calls_in(annotation, scope)
        if stmt.value is not None:
            default, keywords = self.default_of(stmt.value, scope, where, (*FIELD_CALLS, "dataclasses.field"))
            self.builder.apply_field(schema, keywords, where, default=True)
            calls.append(keywords)
        else:  # pydantic takes a default from `Annotated[T, Field(3)]` too, the last one given
            keywords = next((c for c in reversed(calls) if "default" in c or "default_factory" in c), {})
            if not keywords:
                return _named(Field(name, schema, _totality(annotation, scope, total)), calls)
            default = keywords.get("default", REQUIRED)
        default = REQUIRED if default is Ellipsis else default  # `x: int = ...` is required in a model, too
        change = partial(self.constant_change, stmt.value, scope) if stmt.value is not None else None
        return _named(_defaulted(name, schema, default, keywords, where, change), calls)

    def _field_call(self, node: ast.expr, scope: Scope) -> dict[str, Any]:
        """The keywords of a `Field(...)` call (or of a function that returns one), its first argument as `default`
        (no diagnostics: the schema builder reports on them)."""
        node, scope = self.field_factory(node, scope)
        if isinstance(node, ast.Call) and scope.path_of(node.func) in FIELD_CALLS:
            return field_arguments(node, partial(self.value_of, scope=scope))
        return {}

    def _object(self, cls: griffe.Class, source: ModuleSource, where: Located) -> Schema:
        """A model's, dataclass's or TypedDict's object schema, with what its configuration adds."""
        own = self._config(cls)
        config, passed_on = self._read_under(cls, own)
        with self._passing_on(config):
            fields = self.fields(cls, where, self._total(cls))
        generate = self._generator(config)
        if generate is None:
            if not passed_on:  # a generator passed on is reported where its model sets it
                generator = config["alias_generator"]
                written_by = self.located(self._config_owners[generator], where.report)
                written_by.at(generator).warn(f"alias_generator `{ast.unparse(generator)}` cannot be applied "
                                              "statically; the schema names the fields as written")  # fmt: skip
        else:
            named = [replace(f, name=_read_key(f, generate)) for f in fields]
            if any(new.name != old.name for new, old in zip(named, fields)):
                self._keyed_by_alias.add(self._variant(cls))
            node = generate.args[0] if isinstance(generate, partial) else None  # one of the scanned code's
            unread = [f.name for f in fields if not f.aliased and node is not None
                      and self._generated_keys.get((node, f.name), "") is None]  # fmt: skip
            if unread and not passed_on:
                generator = config["alias_generator"]
                shown = ", ".join(f"`{name}`" for name in unread)
                self.located(self._config_owners[generator], where.report).at(generator).warn(
                    f"alias_generator `{ast.unparse(generator)}` is not read statically for {shown}; the schema names "
                    "those fields as written")
            fields = named
        if any(f.aliased for f in fields):
            self._keyed_by_alias.add(self._variant(cls))
        if generate is not None and self.kind_of(cls) == "typeddict":  # how an instance of it is read and written
            by_name = _takes_names(config)
            dumped = self._generator(config, dump=True) or generate
            keys = [(f.attribute, f.name, f.dumped or dumped(f.attribute), by_name) for f in fields]
            self._read_keys[self._variant(cls)] = keys
        if config:  # a NamedTuple default, written through its type under this configuration
            fields = [self._namedtuple_default(f, _Context(config, ""), where) for f in fields]
        if _writing(config, dump=False):  # defaults as pydantic writes them, where a `ser_json_*` setting changes that
            fields = [self._written_default(f, config, where) for f in fields]
        if self.kind_of(cls) == "dataclass":  # as `__init__` takes them, and pydantic's schema lists them
            fields = self._keyword_only_last(cls, fields)
        schema = object_schema(fields)
        extra = _extra(config)
        if extra in ("forbid", "allow"):  # as pydantic writes them; "ignore" says nothing
            schema["additionalProperties"] = extra == "allow"
            extras = self._extras_type(cls, where) if extra == "allow" and self.kind_of(cls) == "model" else None
            if extras is not None:
                schema["additionalProperties"] = extras
        declared = self._extra_items(cls, where) if self.kind_of(cls) == "typeddict" else None
        if declared is not None:
            schema["additionalProperties"] = declared
            if isinstance(declared, dict) and (noted(declared) or refs_in(declared)):
                self.builder.left_to_pydantic(schema)  # values `call()` makes (dates, classes): pydantic makes them
        node = own.get("json_schema_extra")  # never passed on; a dict, a constant's too (`{"examples": EXAMPLES}`)
        owner = self._config_owners[node] if node is not None else None
        added = None if node is None else to_json(self.value_of(node, self.scope_of(owner)), nested=True)  # type: ignore
        if is_missing(added):  # a function pydantic runs on the schema: read where it only sets keys of it
            changed = self._extra_function(node, self.scope_of(owner), schema)  # type: ignore[arg-type]
            if changed is not None:
                added = {key: item for key, item in changed.items() if schema.get(key) != item}
        if isinstance(added, dict):
            here = self.located(owner, where.report).at(node)  # type: ignore[arg-type]
            schema.update(without_unsound(added, f"`json_schema_extra` in `{owner.name}`'s configuration", here))
        elif is_missing(added):  # one that does more (prefect's marks fields required): not run
            self.located(owner, where.report).at(node).warn(  # type: ignore[arg-type]
                f"`json_schema_extra` in `{owner.name}`'s configuration is no literal dict: a function pydantic runs "
                f"on the schema of `{owner.name}` and of the classes deriving from it, which the scan does not run")
        return schema

    def _extra_function(self, node: ast.expr, scope: Scope, schema: Schema) -> Schema | None:
        """The schema a `json_schema_extra` function (a lambda, or a function of the scanned code) leaves of `schema`,
        where it only sets keys of it (`schema_extra_function`); else None."""
        if isinstance(node, ast.Lambda):
            return schema_extra_function(node, schema, partial(self.value_of, scope=scope))
        found = self._plain_function(scope.path_of(node), scope) if dotted_name(node) else None
        if found is None:
            return None
        _, definition, own = found
        return schema_extra_function(definition, schema, partial(self.value_of, scope=own))

    def _extra_items(self, cls: griffe.Class, where: Located) -> Schema | bool | None:
        """What a TypedDict takes beside its keys, as PEP 728 declares it on the class or, as pydantic reads it, on the
        first class of its lineage that says: nothing (`closed=True`, `extra_items=Never`: False), values of a type
        (`extra_items=int`: its schema), or, for `closed=False` or where no class says, None."""
        for owner in self.lineage(cls):
            scope, node = self.scope_of(owner), self.source(owner).definition(owner)
            keywords = {keyword.arg: keyword.value for keyword in getattr(node, "keywords", [])}
            if "extra_items" in keywords:
                given = keywords["extra_items"]
                if scope.path_of(origin(given)) in ("typing.Never", "typing.NoReturn"):
                    return False
                # pydantic writes values of any type (`Any`, `object`) as `true`, not as a schema
                return self.builder.schema(given, scope, self.located(owner, where.report).at(given)) or True
            if "closed" in keywords:
                return False if literal(keywords["closed"]) is True else None
        return None

    def _extras_type(self, cls: griffe.Class, where: Located, depth: int = 0) -> Schema | bool | None:
        """The schema of the extra fields a model with `extra="allow"` takes, where it (or a base) annotates
        `__pydantic_extra__: dict[str, T]`, as pydantic writes it (the anthropic SDK's models: `true` for `Any`);
        None where none does."""
        scope = self.scope_of(cls)
        for stmt in self.class_body(cls):
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
            if isinstance(target, ast.Name) and target.id == "__pydantic_extra__":
                annotation = stmt.annotation  # type: ignore[union-attr]
                is_dict = isinstance(annotation, ast.Subscript) and scope.path_of(annotation.value) in ("dict", "typing.Dict")
                args = type_arguments(annotation) if is_dict else []  # type: ignore[arg-type]
                if len(args) != 2:
                    return None
                if scope.path_of(args[1]) in ANY_PATHS:
                    return True  # pydantic checks no values; `object` it writes `{}`
                return self.builder.schema(args[1], scope, self.located(cls, where.report))
        for path in self.base_paths(cls):
            parent = scope.lookup(path)
            found = self._extras_type(parent, where, depth + 1) if isinstance(parent, griffe.Class) and depth < 20 else None
            if found is not None:
                return found
        return None

    @contextmanager
    def _passing_on(self, config: dict[str, ast.expr]) -> Iterator[None]:
        """While a class's fields are read: the configuration it passes on to the standard dataclasses, TypedDicts
        and NamedTuples in them that have none of their own, as pydantic does (its `extra`, `alias_generator`, and
        the `str_min_length`/`str_max_length` that also bound each `str` of its own fields)."""
        extra = _extra(config)
        generator = self._generator_path(config["alias_generator"]) if "alias_generator" in config else ""
        bounds = {key: literal(config[name]) for name, key in _TEXT_BOUNDS.items() if name in config}
        bounds = {key: value for key, value in bounds.items() if type(value) is int}
        base64 = "ser_json_bytes" in config and literal(config["ser_json_bytes"]) == "base64"
        key = f"{extra if extra in ('forbid', 'allow') else ''},{generator},{bounds or ''}{',base64' * base64}".strip(",")
        self._context.append(_Context(config, key))
        outer = self.builder.text_bounds, self.builder.bytes_base64
        self.builder.text_bounds, self.builder.bytes_base64 = bounds, base64
        try:
            yield
        finally:
            self._context.pop()
            self.builder.text_bounds, self.builder.bytes_base64 = outer

    def _read_under(self, cls: griffe.Class, own: dict[str, ast.expr]) -> tuple[dict[str, ast.expr], bool]:
        """The configuration a class's fields are read under, and whether an enclosing class passed it on
        (`_passed_on`), else the class's own."""
        context = self._passed_on(cls, own)
        return (context.config, True) if context else (own, False)

    def _variant(self, cls: griffe.Class) -> tuple[str, str]:
        """A class as it is read here: its path, and what of the configuration passed on to it makes its schema
        differ (`_Context.key`), if one is."""
        context = self._passed_on(cls, self._config(cls))
        return cls.path, context.key if context else ""

    def _passed_on(self, cls: griffe.Class, own: dict[str, ast.expr]) -> _Context | None:
        """The configuration an enclosing class passes on to this one, if it takes one: a standard dataclass, a
        TypedDict or a NamedTuple with no configuration of its own, inside a class whose configuration says
        something."""
        if own or not self._context or not self._context[-1].key or self.kind_of(cls) not in _TAKING:
            return None
        return None if self._pydantic_dataclass(cls) else self._context[-1]

    def _config(self, cls: griffe.Class, depth: int = 0) -> dict[str, ast.expr]:
        """A pydantic model's, dataclass's or TypedDict's configuration as written, each key's expression; base
        classes' first, as pydantic merges it. From `model_config = ConfigDict(...)` or a dict (a TypedDict's or a
        dataclass's `__pydantic_config__`), class keywords, a pydantic dataclass's `config=`, `@with_config(...)`.
        Read once per class (not to be changed: it is shared)."""
        if cls.path not in self._configs:
            self._configs[cls.path] = self._read_config(cls, depth)
        return self._configs[cls.path]

    def _read_config(self, cls: griffe.Class, depth: int) -> dict[str, ast.expr]:
        scope = self.scope_of(cls)
        config: dict[str, ast.expr] = {}
        for path in self.base_paths(cls):
            parent = scope.lookup(path)
            if isinstance(parent, griffe.Class) and parent is not cls and depth < 20:
                config.update(self._config(parent, depth + 1))
            implied = {key: _BaseDefault(value) for key, value in _BASE_CONFIGS.get(path, {}).items()}
            config.update(implied)
            self._config_owners.update(dict.fromkeys(implied.values(), cls))
        node = self.source(cls).definition(cls)
        if not isinstance(node, ast.ClassDef):
            return config
        # class keywords configure a model; a TypedDict's (`total=False`) say something else
        modelled = self._kind(cls, scope) in ("model", "rootmodel")
        # each item written, with what its expressions are read in: the class, or a module constant it names
        written: list[tuple[dict[str, ast.expr] | ast.keyword, griffe.Object]] = [
            (k, cls) for k in node.keywords if k.arg != "metaclass"] if modelled else []  # fmt: skip
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            given = [k.value for k in decorator.keywords if k.arg == "config"]
            written += [(self._config_items(value, scope) or {}, cls) for value in given]
            if scope.path_of(decorator.func) in _WITH_CONFIG:  # `@with_config(ConfigDict(...))`
                written += [(self._config_items(arg, scope) or {}, cls) for arg in decorator.args]
                written += [(k, cls) for k in decorator.keywords if k.arg]
        for stmt in self.class_body(cls):
            if modelled and isinstance(stmt, ast.ClassDef) and stmt.name == "Config":  # pydantic 1's, which 2 reads
                written.append((dict(filter(None, map(assignment, stmt.body))), cls))
            name, assigned = assignment(stmt) or ("", None)
            if name in _CONFIG_NAMES and assigned is not None:
                value, owner = self._config_constant(assigned, scope) or (assigned, cls)
                items = self._config_items(value, self.scope_of(owner))
                written.append((items or {}, owner))
                if items is None:
                    self.located(cls, self.report).at(assigned).warn(
                        f"the configuration of `{cls.name}`, `{ast.unparse(assigned)}`, is neither a "
                        "`ConfigDict(...)` nor a dict (nor a module constant that is one); it is not read, and the "
                        "schema follows the class's bases' (aliases, `extra`)")  # fmt: skip
                    # made by a function (prefect's settings): what a known base sets itself is not known any more
                    config = {k: v for k, v in config.items() if not isinstance(v, _BaseDefault)}
        for item, owner in written:
            entries = item if isinstance(item, dict) else {item.arg: item.value}
            config.update(entries)
            self._config_owners.update(dict.fromkeys(entries.values(), owner))
            generator = entries.get("alias_generator")
            if generator is not None and literal(generator) is None:  # `alias_generator=None`: none, where a base set one
                del config["alias_generator"]
        return config

    def _generator_path(self, node: ast.expr) -> str:
        """What an `alias_generator` expression names, read in the module of the class whose configuration writes it
        (an `AliasGenerator(...)` call or a lambda: its text)."""
        scope = self.scope_of(self._config_owners[node])
        return ast.unparse(node) if isinstance(node, (ast.Call, ast.Lambda)) else scope.path_of(node)

    def _generator(self, config: dict[str, ast.expr], dump: bool = False) -> Callable[[str], str] | None:
        """A class's `alias_generator` as a function, for the keys it reads (or, `dump`, writes): names as they are
        where none is set; None for one that is not pydantic's own, which cannot be applied statically. pydantic's
        `AliasGenerator(alias=, validation_alias=, serialization_alias=)` gives each its own (semantic-kernel's
        `AliasGenerator(validation_alias=to_camel, serialization_alias=to_snake)`)."""
        node = config.get("alias_generator")
        if node is None:
            return lambda name: name
        scope = self.scope_of(self._config_owners[node])
        if isinstance(node, ast.Call) and scope.path_of(node.func) in _ALIAS_GENERATOR_CLASSES:
            given = dict(zip(("alias", "validation_alias", "serialization_alias"), node.args))
            given.update((keyword.arg, keyword.value) for keyword in node.keywords if keyword.arg)
            chosen = [given.get("serialization_alias" if dump else "validation_alias"), given.get("alias")]
            node = next((n for n in chosen if n is not None and literal(n) is not None), None)  # type: ignore[assignment]
            if node is None:
                return lambda name: name
        known = ALIAS_GENERATORS.get(scope.path_of(node))
        function = self.text_function(node, scope) if known is None else None
        return known or (None if function is None else partial(self._generated, node, function))

    def _generated(self, node: ast.expr, function: Callable[[str], Any], name: str) -> str:
        """The key an alias generator of the scanned code (`text_function`) makes of a field name, read once; the name
        itself where what it returns is not read as a text (`_object` reports it)."""
        key = (node, name)
        if key not in self._generated_keys:
            made = function(name)
            self._generated_keys[key] = made if type(made) is str else None
        return self._generated_keys[key] or name

    def _config_constant(self, node: ast.expr, scope: Scope) -> tuple[ast.expr, griffe.Object] | None:
        """The value of the module constant a class's configuration names (`model_config = SHARED_CONFIG`), with that
        constant, where its value is a configuration that is read; else None."""
        constant = scope.lookup(scope.path_of(node)) if isinstance(node, (ast.Name, ast.Attribute)) else None
        value = self._assigned(constant)
        if value is None or self._config_items(value, self.scope_of(constant)) is None:  # type: ignore[arg-type]
            return None
        return value, constant  # type: ignore[return-value]

    def _config_items(self, node: ast.expr, scope: Scope) -> dict[str, ast.expr] | None:
        """A configuration's items as written, each key's expression: of a `ConfigDict(...)` call or a dict; None
        for one written otherwise (a function's call), which is not read."""
        if isinstance(node, ast.Call) and scope.path_of(node.func) in _CONFIG_CALLS:
            return {k.arg: k.value for k in node.keywords if k.arg}
        if isinstance(node, ast.Dict):
            return {k.value: v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)}
        return None

    def _total(self, cls: griffe.Class) -> bool:
        """False for a TypedDict declared with `total=False`: its own keys are optional."""
        node = self.source(cls).definition(cls)
        return not any(k.arg == "total" and literal(k.value) is False for k in getattr(node, "keywords", []))

    def _root_model(self, cls: griffe.Class, source: ModuleSource, where: Located) -> Schema:
        """A `RootModel`: the schema of its root type, from `RootModel[X]` or a `root: X` field, read under its own
        configuration."""
        with self._passing_on(self._config(cls)):
            return self._root_schema(cls, source, self.scope_of(cls), where)

    def _root_schema(self, cls: griffe.Class, source: ModuleSource, scope: Scope, where: Located) -> Schema:
        for base in getattr(source.definition(cls), "bases", []):
            if isinstance(base, ast.Subscript) and _KINDS.get(scope.path_of(base.value)) == "rootmodel":
                return self.builder.schema(type_arguments(base)[0], scope, where)
        root = [field for field in self.fields(cls, where) if field.name == "root"]
        if root:
            return dict(root[0].schema)
        for path in self.base_paths(cls):  # a subclass of a RootModel subclass
            parent = scope.lookup(path)
            if isinstance(parent, griffe.Class) and parent is not cls and self.kind_of(parent) == "rootmodel":
                return self._root_schema(parent, self.source(parent), self.scope_of(parent), where)
        return {}

    def _namedtuple(self, cls: griffe.Class, source: ModuleSource, where: Located) -> Schema:
        config, _ = self._read_under(cls, {})  # a NamedTuple has no configuration of its own
        with self._passing_on(config):
            return tuple_schema(self.fields(cls, where))


_Bound = dict[str, tuple[Schema, str]]  # type variables' paths, each bound to a schema and its name as pydantic shows it


class _Context(NamedTuple):
    """A class's configuration, which it passes on to the standard dataclasses, TypedDicts and NamedTuples in its
    fields, and `key`, what of it makes their schemas differ (empty where nothing does)."""

    config: dict[str, ast.expr]
    key: str


class _RecordSet(tuple):  # type: ignore[type-arg]
    """A set display of record instances that are all equal, as its one item (a set of several iterates by their
    hashes, which the scan does not follow)."""


def _copied(value: Any) -> Any:
    """A field's default as an instance of a model (or a pydantic dataclass) holds it: pydantic copies one it cannot
    hash (`copy.deepcopy`), and the copy rebuilds each set in it from the items in the order the original iterates
    them, which gives an order of its own where their hashes collide (`{5, -3}` iterates -3, 5; its copy 5, -3). One
    it can hash (a frozenset, a tuple of them) is the object itself."""
    try:
        hash(value)
        return value
    except TypeError:
        return _rebuilt(value)


def _rebuilt(value: Any) -> Any:
    """`value` deep-copied, for the order of the sets of numbers in it (those whose order is known)."""
    if type(value) in (set, frozenset) and numbers_only(value):
        return type(value)(list(value))
    if type(value) in (list, tuple):
        return type(value)(_rebuilt(item) for item in value)
    if type(value) is dict:
        return {key: _rebuilt(item) for key, item in value.items()}
    return value


def _alike_records(items: list[Any]) -> bool:
    """Whether set items are record instances equal to one another: NamedTuples holding the same (a NamedTuple is
    the tuple of what it holds), or dataclasses of one class holding the same."""
    paths = {item.path if isinstance(item, _Dump) else None for item in items}
    records = all(isinstance(item, (_Row, _Dump)) for item in items) and len(paths) == 1
    return records and len(_distinct(items)) == 1


def _row_tuples(items: list[Any]) -> list[Any] | None:
    """Set items that are NamedTuple instances (or tuples) holding texts, numbers and None only, as the tuples they
    equal, which hash and sort as they do; else None. pydantic writes one as the list of what it holds, untyped."""
    if not any(isinstance(item, _Row) for item in items) or not all(isinstance(item, (_Row, tuple)) for item in items):
        return None
    rows = [tuple(item) for item in items]
    return rows if all(_atoms_only(row) for row in rows) else None


def _atoms_only(row: tuple[Any, ...]) -> bool:
    return all(item is None or type(item) in (str, int, float, bool) or type(item) is tuple and _atoms_only(item)
               for item in row)  # fmt: skip


class _Row(list):  # type: ignore[type-arg]
    """A NamedTuple instance's dump: the list of what it holds, as pydantic writes it inside another default (or a
    standard dataclass), and `typed` by its fields, as pydantic writes one that is a default itself (through its type,
    where an int under a `float` becomes a float)."""

    def __init__(self, items: Iterable[Any], typed: list[Any]) -> None:
        super().__init__(items)
        self.typed = typed


class _Dump(dict):  # type: ignore[type-arg]
    """A record instance's dump, which a field typed as its class (`path`, as `call()` imports it) takes as it is (a
    plain dict it would validate into a record, with its defaults). A standard dataclass's keeps how it was `made`
    (its class, kind and arguments): a pydantic class holding it writes it otherwise."""

    def __init__(self, dump: dict[str, Any], made: tuple[griffe.Class, str, dict[str, Any], list[Any], _Bound] | None,
                 path: str) -> None:  # fmt: skip
        super().__init__(dump)
        self.made = made
        self.path = path


def _python_path(obj: griffe.Object) -> str:
    """`module:Qualname`, as `call()` imports an object."""
    module = obj.module.path
    return f"{module}:{obj.path[len(module) + 1:]}"


def _item_schemas(schema: Schema, items: list[Any] | tuple[Any, ...]) -> list[Schema]:
    """The schema of each position of an array schema, for these items: its `prefixItems`, then its `items`."""
    prefix = schema.get("prefixItems", [])
    return [*prefix, *[schema.get("items", {})] * (len(items) - len(prefix))]


def _literal_values(schema: Schema) -> list[Any] | None:
    """The values a `Literal` or an Enum takes (its `enum`, or its `const`), or None."""
    return schema.get("enum", [schema["const"]] if "const" in schema else None)


def _equal(value: Any, member: Any) -> bool:
    """Whether a value is a `Literal`'s or an Enum's member to pydantic, which looks it up in a dict: equal, as numbers
    are to one another (`True` is `1`, `1.0` is `1`), or of one type."""
    numbers = (bool, int, float)
    return (type(value) is type(member) or type(value) in numbers and type(member) in numbers) and value == member


def _best(members: list[list[Any]]) -> Any:
    """The grader of a union inside a union member (`[schema, grader]` each): the grade all its members share, else
    `["union", members]`, the best of those that take the value."""
    graders = [grader for _, grader in members]
    return graders[0] if all(type(g) is int and g == graders[0] for g in graders) else ["union", members]


def _folded(grader: list[Any], parts: Iterable[Any]) -> Any:
    """A container's or record's grader, as its floor alone where none of its parts can grade worse (whether or not
    it holds any)."""
    return grader[1] if all(type(part) is int and part <= grader[1] for part in parts) else grader


def _only_records(value: Any) -> bool:
    """Whether a default as read holds a standard dataclass instance, and no dict but record instances' dumps (a
    TypedDict's is a plain dict, whose keys its class cannot tell)."""
    found, stack = False, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Dump):
            found = found or item.made is not None
        elif isinstance(item, dict):
            return False
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def _holds_made(value: Any) -> bool:
    """Whether a default as read holds a standard dataclass instance (a dump that keeps how it was made), which the
    pydantic class holding it writes under its own configuration."""
    if isinstance(value, _Dump):
        return value.made is not None
    if isinstance(value, dict):
        return any(_holds_made(item) for item in value.values())
    return isinstance(value, (list, tuple)) and any(_holds_made(item) for item in value)


def _distinct(values: list[Any]) -> list[Any]:
    """JSON values without repeats, the first of each: `1` and `1.0` are two, as they are written."""
    return list({json.dumps(value): value for value in values}.values())


_EXACT, _STRICT, _LAX = 2, 1, 0  # how exactly pydantic's smart union takes a value with a member (`_exactness`)


def _least(levels: Iterable[int | None]) -> int | None:
    """The least of the exactness of a container's items (exact for none), None where one is not known."""
    found = list(levels)
    return None if None in found else min(found, default=_EXACT)  # type: ignore[type-var]


def _alike(taken: list[Any]) -> Any:
    """What the members of a union that take a value make of it (missing where one does not): the one JSON value
    they all make, else missing."""
    taken = [item for item in taken if not is_missing(item)]
    return taken[0] if taken and len(_distinct(taken)) == 1 else MISSING


def _holds_dict(value: Any) -> bool:
    """Whether a default (as read, else its JSON form) is a dict or holds one that no class has dumped: a TypedDict's,
    or one that stands for a record (a model's or pydantic dataclass's dump was written by its own class)."""
    if isinstance(value, (list, tuple)):
        return any(_holds_dict(item) for item in value)
    return isinstance(value, dict) and not (isinstance(value, _Dump) and value.made is None)


def _value_schema(schema: Schema) -> Schema:
    """The schema of a dict's values (any value where `additionalProperties` is not a schema)."""
    extra = schema.get("additionalProperties", {})
    return extra if isinstance(extra, dict) else {}


def _changes_doc(node: ast.AST, scope: Scope) -> bool:
    """Whether a statement or call gives an object's `__doc__` a value other than another's docstring (which
    `functools.wraps` copies): `obj.__doc__ = note`, `obj.__doc__ += note`, `setattr(obj, "__doc__", note)`."""
    def doc(part: ast.AST) -> bool:
        return isinstance(part, ast.Attribute) and part.attr == "__doc__"

    if isinstance(node, ast.Assign) and any(doc(target) for target in node.targets):
        return not doc(node.value)
    if isinstance(node, ast.AugAssign):
        return doc(node.target)
    setter = isinstance(node, ast.Call) and scope.path_of(node.func) == "setattr" and len(node.args) == 3
    return setter and literal(node.args[1]) == "__doc__" and not doc(node.args[2])  # type: ignore[attr-defined]


def _item_enums(enums: Any, index: int) -> Any:
    """What the item at `index` of a list is of the Enum members given (`_enum_paths`): the path of its Enum, a list
    of such, or None."""
    return enums[index] if isinstance(enums, list) and index < len(enums) else None


def _class_path(found: tuple[str, Any]) -> str:
    """The path (as `call()` imports it) of a class the registry knows by its kind and path: a generic's without the
    type arguments that follow it."""
    return found[1][0] if isinstance(found[1], list) else found[1]


def _takes_names(config: dict[str, ast.expr]) -> bool:
    """Whether a model's configuration lets a field be given by its name as well as by its alias."""
    return any(literal(config[key]) is True for key in _BY_NAME if key in config)


def _read_key(field: Field, generate: Callable[[str], str]) -> str:
    """The key a pydantic class reads a field by: its own alias, else its name as the alias generator makes it."""
    return field.name if field.aliased else generate(field.name)


def _writing(config: dict[str, ast.expr], dump: bool = True) -> dict[str, Callable[[str], Any] | None]:
    """The string formats a class's `ser_json_*` settings write otherwise than as text, each with how (None where the
    scan does not follow it): bytes under `ser_json_bytes` (URL-safe base64, in the `base64url` format pydantic's
    schema then gives them, or hex digits); in a `dump` of an instance (not in its fields' defaults, which pydantic's
    schema writes without them), a duration as seconds under `ser_json_timedelta="float"`, and the dates, times and
    durations under `ser_json_temporal`."""
    formats: dict[str, Callable[[str], Any] | None] = {}
    settings = {key: literal(config[key]) if key in config else None for key in _SER_JSON}
    if settings["ser_json_bytes"] == "base64":  # the bytes' JSON form is their UTF-8 text; read outside the class's
        formats["base64url"] = formats["binary"] = (  # own configuration, its fields' bytes are still `binary`
            lambda text: base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii")
        )
    elif settings["ser_json_bytes"] == "hex":
        formats["binary"] = lambda text: text.encode("utf-8").hex()
    elif settings["ser_json_bytes"] not in (None, "utf8"):
        formats["binary"] = None
    if not dump:
        return formats
    if settings["ser_json_timedelta"] not in (None, "iso8601"):
        seconds = settings["ser_json_timedelta"] == "float"
        formats["duration"] = (lambda text: read_duration(text).total_seconds()) if seconds else None
    if settings["ser_json_temporal"] not in (None, "iso8601"):
        formats.update(dict.fromkeys(("date-time", "date", "time", "duration")))
    return formats


def _takes_type(schema: Schema, value: Any) -> bool:
    """Whether a union's member may take a JSON value by its type (a `$ref`, or no type, may)."""
    kinds = {"string": str, "array": list, "object": dict, "boolean": bool, "null": type(None), "integer": int,
             "number": (int, float)}  # fmt: skip
    kind = schema.get("type")
    if kind in ("integer", "number") and isinstance(value, bool):  # a JSON `true` is no number
        return False
    return not isinstance(kind, str) or kind not in kinds or isinstance(value, kinds[kind])


def _extra(config: dict[str, ast.expr]) -> Any:
    """A class's `extra` as written (pydantic's default, `"ignore"`, where none is set; missing where it is not a
    literal, or pydantic 1's `Extra.allow`, which 2 still takes)."""
    node = config.get("extra")
    if isinstance(node, ast.Attribute) and dotted_name(node.value) in ("Extra", "pydantic.Extra", "pydantic.config.Extra"):
        return node.attr if node.attr in ("allow", "forbid", "ignore") else MISSING
    return literal(node) if node is not None else "ignore"


def _to_pascal(name: str) -> str:
    """`first_name` as `FirstName`, as pydantic's `to_pascal` writes it: title case, then no `_` between a letter or
    digit and a capital or digit."""
    return re.sub(r"(?<=[0-9A-Za-z])_(?=[0-9A-Z])", "", name.title())


def _to_camel(name: str) -> str:
    """`first_name` as `firstName`, as pydantic's `to_camel`; a name that is camel case already stays."""
    if re.fullmatch(r"[a-z]+[A-Za-z0-9]*", name) and not re.search(r"[0-9][a-z]", name):
        return name
    return re.sub(r"^_*[A-Z]", lambda match: match.group(0).lower(), _to_pascal(name))


def _to_snake(name: str) -> str:
    """`firstName` as `first_name`, as pydantic's `to_snake`: `_` before a capital that starts a word (after a lower
    case letter or a digit, or ending a run of capitals), and between a lower case letter and a digit; `-` as `_`."""
    name = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])|(?<=[a-z])(?=[0-9])", "_", name)
    return name.replace("-", "_").lower()


ALIAS_GENERATORS = {"pydantic.alias_generators.to_camel": _to_camel, "pydantic.alias_generators.to_pascal": _to_pascal,
                    "pydantic.alias_generators.to_snake": _to_snake}  # fmt: skip
_ALIAS_GENERATOR_CLASSES = ("pydantic.AliasGenerator", "pydantic.aliases.AliasGenerator")
_CONFIG_CALLS = ("pydantic.ConfigDict", "pydantic.config.ConfigDict", "pydantic_settings.SettingsConfigDict",
                 "pydantic_settings.main.SettingsConfigDict")  # fmt: skip
_WITH_CONFIG = ("pydantic.with_config", "pydantic.config.with_config")
# a model's `model_config`; a TypedDict's or a standard dataclass's `__pydantic_config__`
_CONFIG_NAMES = ("model_config", "__pydantic_config__")


def _named(field: Field, field_calls: list[dict[str, Any]]) -> Field:
    """The field under the key pydantic reads, with the key it writes and whether it writes it at all."""
    alias = alias_in(field_calls)
    dumped = alias_in(field_calls, ("serialization_alias", "alias"))
    excluded = any(keywords.get("exclude") is True for keywords in field_calls)
    field = replace(field, attribute=field.name, dumped=dumped, excluded=excluded)
    return field if alias is None else replace(field, name=alias, aliased=True)


def alias_in(field_calls: list[dict[str, Any]], keys: tuple[str, str] = ("validation_alias", "alias")) -> str | None:
    """The key pydantic reads, from the keywords of `Field(...)` calls in order: the last `validation_alias`, else
    `alias`, given as a string (with `keys` naming `serialization_alias` first: the key it writes)."""
    for keywords in reversed(field_calls):
        for alias in (keywords.get(keys[0]), keywords.get(keys[1])):
            if isinstance(alias, str):
                return alias
    return None


def _metadata(annotation: ast.expr, origin: str) -> list[ast.expr]:
    """The metadata of `Annotated[T, ...]`."""
    if origin != "typing.Annotated" or not isinstance(annotation, ast.Subscript):
        return []
    return type_arguments(annotation)[1:]


def _defaulted(name: str, schema: Schema, default: Any, keywords: dict[str, Any], where: Located,
               changed: Callable[[], str | None] | None = None) -> Field:  # fmt: skip
    """A field by its default as `ClassRegistry.default_of` reads it: optional with none shown where a
    `default_factory` makes it, required where none is given (`REQUIRED`), else shown as pydantic writes it; where the
    scan cannot write it so, optional with none shown, reported (`changed`: asked there, where a constant it names is
    changed in place, `ClassRegistry.constant_change`)."""
    if "default_factory" in keywords:  # what it makes, where read, only for an instance's dump
        return Field(name, schema, False, value=keywords["default_factory"])
    if default is REQUIRED:
        return Field(name, schema, True)
    if is_missing(to_json(shown(default))):
        change = changed() if changed is not None else None
        why = f"is changed in place after its assignment, by {change}" if change else "is not a value the scan can write"
        where.warn(f"default of `{name}` {why}{'' if change else ' as pydantic does'}; it is left out of the schema")
        return Field(name, schema, False)
    return Field(name, with_default(schema, shown(default)), False, value=default)


def tuple_schema(fields: list[Field]) -> Schema:
    """A NamedTuple's schema, its fields by position."""
    items = [dict(f.schema) for f in fields]
    required = sum(1 for f in fields if f.required)
    schema: Schema = {"type": "array", "prefixItems": items, "minItems": required, "maxItems": len(items)}
    return {key: value for key, value in schema.items() if value or key == "maxItems"}  # as pydantic: no 0 minimum


def _skipped_field(annotation: ast.expr | None, scope: Scope, where: Located) -> tuple[bool, Located]:
    """Whether pydantic's schema of a class leaves out a field of this annotation (`SkipJsonSchema[T]`, `Field.hidden`),
    and where to report on reading it: nowhere then, since nothing about its type reaches the schema."""
    hidden = annotation is not None and skips_json_schema(annotation, scope)
    return hidden, where._replace(report=Report()) if hidden else where


def _kept_schema(hook: ast.FunctionDef) -> str | None:
    """Whether a class's `__get_pydantic_core_schema__` returns only the schema pydantic would make anyway
    (`handler(source)`), or a validator function around it (`core_schema.no_info_wrap_validator_function(f,
    handler(cls))`), whose JSON Schema is the same: "wrapped" where every return is such a function (around a model,
    pydantic then writes its schema in place), "kept" where some return the schema itself; None for another hook."""
    names = [arg.arg for arg in hook.args.posonlyargs + hook.args.args]
    if len(names) != 3:  # `cls`, the source type and the handler
        return None
    cls, source, handler = names

    kinds: dict[str, str] = {}  # names the hook binds to what the handler makes (`schema = handler(source)`), and how

    def made(node: ast.expr | None) -> str | None:
        if isinstance(node, ast.Name):
            return kinds.get(node.id)
        if not isinstance(node, ast.Call):
            return None
        if isinstance(node.func, ast.Name) and node.func.id == handler:
            kept = len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.args[0].id in (cls, source)
            return "kept" if kept else None
        wrapping = (dotted_name(node.func) or "").endswith("_validator_function")
        inner = [*node.args, *(keyword.value for keyword in node.keywords)]
        return "wrapped" if wrapping and any(made(arg) for arg in inner) else None

    statements = list(_own_statements(hook.body))
    for stmt in statements:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            found = made(stmt.value)
            if found is None:
                kinds.pop(stmt.targets[0].id, None)
            else:
                kinds[stmt.targets[0].id] = found
    returned = [made(stmt.value) for stmt in statements if isinstance(stmt, ast.Return)]
    if not returned or None in returned:
        return None
    return "wrapped" if set(returned) == {"wrapped"} else "kept"


def _own_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a function's body, those of its blocks too, but not of the functions or classes in it."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for inner in getattr(stmt, field, []):
                blocks = inner.body if isinstance(inner, (ast.ExceptHandler, ast.match_case)) else [inner]
                yield from _own_statements(blocks)


def _binds(stmt: ast.stmt, name: str) -> bool:
    """Whether a statement of a class body binds `name` in it (a method's own names are not the class's)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return stmt.name == name
    if isinstance(stmt, ast.AnnAssign) and stmt.value is None:  # `name: str` binds nothing
        return False
    return name in bound_names(stmt)


class _ClassNames(ast.NodeTransformer):
    """The names a class body has bound so far, and, as a transformer, a value written in it with each such name
    replaced by what it was bound to: Python reads a name in a class body from the class's namespace first
    (LangChain's `deployment: str = model`, after `model: str = "text-embedding-ada-002"`). A name bound otherwise
    than by assigning a value (a `def`, an import) becomes the class's attribute (`Tools.helper`), which is how the
    scan finds it, and how a message shows it. A lambda or comprehension is left as it is: its own scope skips the
    class's."""

    def __init__(self, cls: griffe.Class) -> None:
        self.bound: dict[str, ast.expr | None] = {}
        self.owner = cls.path[len(cls.module.path) + 1 :]  # `Tools`, `Outer.Inner`

    def bind(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            self.bound[stmt.target.id] = stmt.value
        elif isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    self.bound[target.id] = stmt.value
        elif isinstance(stmt, ast.ClassDef):  # read as the class's own, through `BodyScope`
            self.bound.pop(stmt.name, None)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.bound[stmt.name] = None
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            self.bound.update((alias.asname or alias.name.partition(".")[0], None) for alias in stmt.names)

    def read(self, value: ast.expr) -> ast.expr:
        """`value` as the class body reads it, its names bound there replaced by their values."""
        named = self.bound and any(isinstance(node, ast.Name) and node.id in self.bound for node in ast.walk(value))
        return self.visit(copy.deepcopy(value)) if named else value

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id not in self.bound:
            return node
        value = self.bound[node.id]
        if value is None:
            value = ast.parse(f"{self.owner}.{node.id}", mode="eval").body
            for part in ast.walk(value):  # where the name is written
                ast.copy_location(part, node)
        return ast.copy_location(copy.deepcopy(value), node)

    def visit_Lambda(self, node: ast.expr) -> ast.expr:
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_Lambda


def object_schema(fields: list[Field]) -> Schema:
    fields = [f for f in fields if not f.hidden]
    schema: Schema = {"type": "object", "properties": {f.name: f.schema for f in fields}}
    required = [f.name for f in fields if f.required]
    if required:
        schema["required"] = required
    return schema


def shown(default: Any) -> Any:
    """A default as read, as pydantic's schema shows it: a NamedTuple instance through its type (an int under a
    `float` a float), which writes it so where it is the default itself; held in another record instance, the
    instance holds it as it is."""
    return default.typed if isinstance(default, _Row) else default


def with_default(schema: Schema, default: Any) -> Schema:
    """The schema with `default` placed before any description, as a JSON value."""
    description = schema.pop("description", None)
    schema["default"] = to_json(default)
    if description is not None:
        schema["description"] = description
    return schema

