"""The JSON Schema of a class that says its own pydantic core schema, read from its `__get_pydantic_core_schema__`
without running it: the hook pydantic's docs teach for a third-party type (`json_or_python_schema(json_schema=
chain_schema([int_schema(), ...]), python_schema=...)`), a validator function around a plain schema
(`no_info_after_validator_function(cls.parse, core_schema.str_schema())`), `any_schema()`, and the like.

What pydantic's `GenerateJsonSchema` makes of each core schema, in validation mode: a validator function's schema is
the one it wraps (a before validator's, its `json_schema_input_schema` where given), a plain validator has none
unless given one, a `chain_schema` is its first step, a `json_or_python_schema` its JSON side, a union leaves out its
members that have none (`is_instance_schema`), a `lax_or_strict_schema` its lax side unless it says `strict=True`.
Anything else the hook does (calling `handler`, a schema built by a function, metadata that changes the JSON Schema)
is not read: the caller leaves the class open, as before.

A `__get_pydantic_json_schema__` beside it is read too (`json_hook_schema`), where it only takes the JSON Schema of
the core schema from `handler` and sets keys of it, or writes a dict outright: pydantic-extra-types' way.
"""
from __future__ import annotations

import ast
import copy
import math
from typing import Any, Callable

from .scope import MISSING, dotted_name, finite, is_missing, literal, without_docstring

Schema = dict[str, Any]
UNWRITTEN = "unwritten"  # a core schema pydantic writes no JSON Schema for (`is_instance_schema`)
_PREFIX = "pydantic_core.core_schema."

# core schemas of one JSON type, with the keywords that bound them and the JSON Schema keyword each becomes
_ATOMS: dict[str, tuple[Schema, dict[str, str]]] = {
    "any_schema": ({}, {}),
    "none_schema": ({"type": "null"}, {}),
    "bool_schema": ({"type": "boolean"}, {}),
    "int_schema": ({"type": "integer"}, {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum",
                                         "lt": "exclusiveMaximum", "multiple_of": "multipleOf"}),
    "float_schema": ({"type": "number"}, {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum",
                                          "lt": "exclusiveMaximum", "multiple_of": "multipleOf"}),
    "str_schema": ({"type": "string"}, {"min_length": "minLength", "max_length": "maxLength", "pattern": "pattern"}),
    "bytes_schema": ({"type": "string", "format": "binary"}, {"min_length": "minLength", "max_length": "maxLength"}),
    "date_schema": ({"type": "string", "format": "date"}, {}),
    "datetime_schema": ({"type": "string", "format": "date-time"}, {}),
    "time_schema": ({"type": "string", "format": "time"}, {}),
    "uuid_schema": ({"type": "string", "format": "uuid"}, {}),
}
# keywords that leave the JSON Schema as it is, in validation mode
_IGNORED = frozenset(("strict", "ref", "serialization", "allow_inf_nan", "strip_whitespace", "to_lower", "to_upper",
                      "coerce_numbers_to_str", "field_name", "version", "cast"))  # fmt: skip
_WRAPPING = ("no_info_after_validator_function", "with_info_after_validator_function",
             "no_info_wrap_validator_function", "with_info_wrap_validator_function",
             "no_info_before_validator_function", "with_info_before_validator_function")  # fmt: skip
_PLAIN = ("no_info_plain_validator_function", "with_info_plain_validator_function")
# The schemas of an object of named fields, each made by its field function, the keywords read beside `fields`, and
# those read in a field
_FIELDS = {"typed_dict_schema": "typed_dict_field", "model_fields_schema": "model_field"}
_FIELDS_KEYWORDS = {
    "typed_dict_field": (("total", "cls", "strict", "serialization"),
                         ("required", "serialization_alias", "serialization_exclude")),
    "model_field": (("model_name", "strict", "from_attributes"), ("serialization_alias", "serialization_exclude", "frozen")),
}  # fmt: skip


def hook_schema(hook: ast.FunctionDef, qualify: Callable[[str], str],
                value: Callable[[ast.expr], Any] = literal) -> Schema | str | None:  # fmt: skip
    """The JSON Schema of the core schema a `__get_pydantic_core_schema__` returns, `UNWRITTEN` where pydantic writes
    none, or None where the hook does more than the reading follows. `qualify` gives the path a dotted name written
    in the hook names (its own imports included); `value` reads a bound's or a pattern's value (a literal, or a
    constant: `cls.max_length`). The hook's body may name parts first (`from_int = ...`), define validator functions
    and have a docstring; it must end in its one `return`."""
    local: dict[str, ast.expr] = {}
    body = without_docstring(hook.body)
    for stmt in body[:-1]:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            local[stmt.targets[0].id] = stmt.value
        elif isinstance(stmt, ast.Assign) and all(isinstance(t, ast.Tuple) for t in stmt.targets):
            for name in (n for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)):  # `_, _ = a, b`
                local.pop(name.id, None)  # fmt: skip
        elif not isinstance(stmt, (ast.FunctionDef, ast.Import, ast.ImportFrom)):
            return None
    if not body or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return None
    return _CoreReader(qualify, local, value).read(body[-1].value)


def json_hook_schema(hook: ast.FunctionDef, given: Schema | str | None,
                     value: Callable[[ast.expr], Any] = literal) -> Schema | None:  # fmt: skip
    """The JSON Schema a `__get_pydantic_json_schema__(cls, core_schema, handler)` returns, read without running it,
    or None where its body does more than this: take `handler(core_schema)` (the JSON Schema of the class's core
    schema: `given`, as `hook_schema` read it), perhaps through `dict(...)` or `handler.resolve_ref_schema(...)`;
    set keys of it (`.update({...})`, `.update(key=...)`, `schema["key"] = ...`); write a dict outright; return one
    of these. Each value set is one `value` reads, made of JSON's types only."""
    names = [argument.arg for argument in [*hook.args.posonlyargs, *hook.args.args]]
    if len(names) != 3 or hook.args.vararg or hook.args.kwarg:
        return None
    core, handler = names[1:]
    made: dict[str, Schema] = {}

    def schema_of(node: ast.expr) -> Schema | None:
        if isinstance(node, ast.Name):
            return made.get(node.id)
        if isinstance(node, ast.Dict):
            found = _json(value(node))
            return found if isinstance(found, dict) else None
        if not isinstance(node, ast.Call) or node.keywords or len(node.args) != 1:
            return None
        function, (argument,) = dotted_name(node.func), node.args
        if function == handler:
            asked = isinstance(argument, ast.Name) and argument.id == core and isinstance(given, dict)
            return copy.deepcopy(given) if asked else None  # type: ignore[arg-type]
        inner = schema_of(argument) if function in ("dict", f"{handler}.resolve_ref_schema") else None
        return None if inner is None or "$ref" in inner else dict(inner)  # a `$ref` pydantic would follow

    ended = _followed(hook.body, made, schema_of, value)
    return schema_of(ended.value) if isinstance(ended, ast.Return) and ended.value is not None else None


def schema_extra_function(function: ast.FunctionDef | ast.Lambda, given: Schema,
                          value: Callable[[ast.expr], Any] = literal) -> Schema | None:  # fmt: skip
    """The JSON Schema a `json_schema_extra` function leaves, read without running it: pydantic calls it with the
    schema it wrote (`given`), and the class too where it takes two parameters, and keeps what it changed in place
    (crewai-tools' `schema["allOf"] = [...]`). None where its body does more than set keys of that schema (or of a
    name given it), as `json_hook_schema` reads them."""
    arguments = function.args
    names = [argument.arg for argument in [*arguments.posonlyargs, *arguments.args]]
    if not 1 <= len(names) <= 2 or arguments.vararg or arguments.kwarg or arguments.kwonlyargs:
        return None
    made = {names[0]: copy.deepcopy(given)}
    body = [ast.Expr(function.body)] if isinstance(function, ast.Lambda) else function.body

    def read(node: ast.expr) -> Any:  # a value written in it, not one it is given
        given_names = any(isinstance(part, ast.Name) and part.id in names for part in ast.walk(node))
        return MISSING if given_names else value(node)

    ended = _followed(body, made, lambda node: made.get(node.id) if isinstance(node, ast.Name) else None, read)
    return None if ended is _UNREAD else made[names[0]]  # what it returns, pydantic does not use


_UNREAD = ast.Pass()  # a statement `_followed` does not read


def _followed(body: list[ast.stmt], made: dict[str, Schema], schema_of: Callable[[ast.expr], Schema | None],
              value: Callable[[ast.expr], Any]) -> ast.stmt | None:  # fmt: skip
    """Read a function's statements in order, each setting keys of a schema `made` names (`.update({...})`,
    `.update(key=...)`, `schema["key"] = ...`, `schema["properties"]["key"] = ...`) or naming one (`schema =
    handler(core_schema)`, as `schema_of` reads it), in place, or an `if` that asks whether such a schema has a key
    (`if "properties" in schema:`, llama-index's), whose branch is read so: the `return` statement they end on, None
    at the end of the body, `_UNREAD` at one that does anything else. Each value set is one `value` reads, made of
    JSON's types only."""
    for stmt in without_docstring(body):
        if isinstance(stmt, ast.Return):
            return stmt
        if isinstance(stmt, ast.If):
            holds = _holds(stmt.test, made)
            ended = _UNREAD if holds is None else _followed(stmt.body if holds else stmt.orelse, made, schema_of, value)
            if ended is not None:
                return ended
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, assigned = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:  # `field_schema: dict[str, Any] = {}`
            target, assigned = stmt.target, stmt.value
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and _updated(stmt.value, made):
            call = stmt.value
            given_keys = {keyword.arg: value(keyword.value) for keyword in call.keywords}
            update = _json(value(call.args[0]) if call.args else given_keys)
            if not isinstance(update, dict):
                return _UNREAD
            made[call.func.value.id].update(update)  # type: ignore[attr-defined]
            continue
        else:
            return _UNREAD
        found = schema_of(assigned) if isinstance(target, ast.Name) else None
        if found is not None:
            made[target.id] = found  # type: ignore[union-attr]
        elif isinstance(target, ast.Subscript):  # `schema["format"] = "phone"`
            container, key, item = _within(target.value, made, value), value(target.slice), _json(value(assigned))
            if container is None or type(key) is not str or is_missing(item):
                return _UNREAD
            container[key] = item
        else:
            return _UNREAD
    return None


def _within(node: ast.expr, made: dict[str, Schema], value: Callable[[ast.expr], Any]) -> Schema | None:
    """The dict a schema `made` names holds at a chain of subscripts by text (`schema["properties"]`), or None."""
    if isinstance(node, ast.Name):
        return made.get(node.id)
    if not isinstance(node, ast.Subscript):
        return None
    outer, key = _within(node.value, made, value), value(node.slice)
    found = outer.get(key) if outer is not None and type(key) is str else None
    return found if isinstance(found, dict) else None


def _holds(test: ast.expr, made: dict[str, Schema]) -> bool | None:
    """Whether `"key" in schema` (or `not in`) holds of a schema `made` names; None for any other test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.In, ast.NotIn))):
        return None
    key, (schema,) = test.left, test.comparators
    if not (isinstance(key, ast.Constant) and type(key.value) is str and _named(schema, made)):
        return None
    return (key.value in made[schema.id]) is isinstance(test.ops[0], ast.In)  # type: ignore[attr-defined]


def _named(node: ast.expr, made: dict[str, Schema]) -> bool:
    return isinstance(node, ast.Name) and node.id in made


def _updated(call: ast.Call, made: dict[str, Schema]) -> bool:
    """Whether a call is `schema.update({...})` or `schema.update(key=...)`, on a schema the hook has made."""
    function = call.func
    if not (isinstance(function, ast.Attribute) and function.attr == "update" and _named(function.value, made)):
        return False
    return (len(call.args) == 1 and not call.keywords) or (not call.args and all(k.arg for k in call.keywords))


def _json(value: Any) -> Any:
    """A value as a JSON Schema holds it (a tuple as a list), or missing where it is not made of JSON's types."""
    if isinstance(value, (list, tuple)):
        items = [_json(item) for item in value]
        return MISSING if any(is_missing(item) for item in items) else items
    if isinstance(value, dict):
        pairs = {key: _json(item) for key, item in value.items()}
        plain = all(type(key) is str for key in pairs) and not any(is_missing(item) for item in pairs.values())
        return pairs if plain else MISSING
    if value is None or type(value) in (str, int, bool, float):
        return finite(value)  # `1e400` is no JSON number
    return MISSING


class _CoreReader:
    def __init__(self, qualify: Callable[[str], str], local: dict[str, ast.expr],
                 value: Callable[[ast.expr], Any]) -> None:  # fmt: skip
        self.qualify = qualify
        self.local = local
        self.value = value

    def read(self, node: ast.expr, depth: int = 0) -> Schema | str | None:
        if depth > 20:
            return None
        if isinstance(node, ast.Name) and node.id in self.local:
            return self.read(self.local[node.id], depth + 1)
        if not isinstance(node, ast.Call):
            return None
        dotted = dotted_name(node.func)
        path = self.qualify(dotted) if dotted else ""
        if not path.startswith(_PREFIX):
            return None
        name = path[len(_PREFIX):]
        keywords = {keyword.arg: keyword.value for keyword in node.keywords if keyword.arg}
        if len(keywords) != len(node.keywords):  # `**options`
            return None
        if name in _ATOMS:
            return self._atom(name, node.args, keywords)
        if name in ("is_instance_schema", "callable_schema"):
            return UNWRITTEN
        if name in _WRAPPING:
            given = keywords.get("json_schema_input_schema") if "before" in name else None
            inner = given or self._argument(node, keywords, 1, "schema")
            return None if inner is None else self.read(inner, depth + 1)
        if name in _PLAIN:
            given = keywords.get("json_schema_input_schema")
            return UNWRITTEN if given is None else self.read(given, depth + 1)
        if name == "json_or_python_schema":
            inner = self._argument(node, keywords, 0, "json_schema")
            return None if inner is None else self.read(inner, depth + 1)
        if name == "lax_or_strict_schema":  # pydantic writes the lax side unless the schema says `strict=True`
            strict = self.value(keywords.get("strict", ast.Constant(False)))
            side = (1, "strict_schema") if strict is True else (0, "lax_schema")
            inner = self._argument(node, keywords, *side)
            return None if inner is None or strict not in (True, False, None) else self.read(inner, depth + 1)
        if name == "chain_schema":
            steps = self._argument(node, keywords, 0, "steps")
            listed = isinstance(steps, (ast.List, ast.Tuple)) and steps.elts
            return self.read(steps.elts[0], depth + 1) if listed else None  # type: ignore[union-attr]
        if name == "nullable_schema":
            inner = self._argument(node, keywords, 0, "schema")
            found = None if inner is None else self.read(inner, depth + 1)
            if not isinstance(found, dict) or found == {"type": "null"}:
                return found
            return _any_of([found, {"type": "null"}])
        if name == "union_schema":
            return self._union(self._argument(node, keywords, 0, "choices"), depth)
        if name == "list_schema":
            inner = self._argument(node, keywords, 0, "items_schema")
            items = {} if inner is None else self.read(inner, depth + 1)
            return {"type": "array", "items": items} if isinstance(items, dict) else items
        if name == "literal_schema":
            values = self.value(self._argument(node, keywords, 0, "expected") or ast.Constant(None))
            plain = isinstance(values, list) and values and all(type(v) in (str, int, float, bool) for v in values)
            return literal_schema(values) if plain and set(keywords) <= {"expected", *_IGNORED} else None
        if name in _FIELDS:
            return self._fields(self._argument(node, keywords, 0, "fields"), keywords, _FIELDS[name], depth)
        return None

    def _fields(self, fields: ast.expr | None, keywords: dict[str, ast.expr], field: str, depth: int) -> Schema | None:
        """`typed_dict_schema({"message": typed_dict_field(str_schema())})`: an object of those keys, each required
        unless its field says `required=False` (or the schema `total=False` and the field says nothing);
        `model_fields_schema({"data": model_field(str_schema())})` (livekit's `AudioFrame`) so too, each field
        required (a default is a `with_default_schema`, not read)."""
        total = self.value(keywords.get("total", ast.Constant(True)))
        outer, inner_keywords = _FIELDS_KEYWORDS[field]
        if not isinstance(fields, ast.Dict) or set(keywords) - {"fields", *outer}:
            return None
        properties: Schema = {}
        required = []
        for key, value in zip(fields.keys, fields.values):
            name = self.value(key) if key is not None else None
            dotted = dotted_name(value.func) if isinstance(value, ast.Call) else None
            if type(name) is not str or not dotted or self.qualify(dotted) != _PREFIX + field:
                return None
            given = {keyword.arg: keyword.value for keyword in value.keywords}  # type: ignore[attr-defined]
            inner = self._argument(value, given, 0, "schema")  # type: ignore[arg-type]
            needed = self.value(given.get("required", ast.Constant(None)))
            if inner is None or set(given) - {"schema", *inner_keywords}:
                return None
            found = self.read(inner, depth + 1)
            if not isinstance(found, dict) or needed not in (True, False, None) or total not in (True, False):
                return None
            properties[name] = found
            if needed or (needed is None and total):
                required.append(name)
        return {"type": "object", "properties": properties, **({"required": required} if required else {})}

    def _atom(self, name: str, args: list[ast.expr], keywords: dict[str, ast.expr]) -> Schema | None:
        schema, bounds = _ATOMS[name]
        if args:
            return None
        out = dict(schema)
        for key, node in keywords.items():
            if key in _IGNORED:
                continue
            value = self.value(node)
            if key not in bounds or not _bound(value, text=key == "pattern"):
                return None
            if value is not None:
                out[bounds[key]] = value
        return out

    def _union(self, choices: ast.expr | None, depth: int) -> Schema | str | None:
        if not isinstance(choices, (ast.List, ast.Tuple)):
            return None
        members: list[Schema] = []
        for choice in choices.elts:
            if isinstance(choice, ast.Tuple) and len(choice.elts) == 2:  # `(schema, "label")`
                choice = choice.elts[0]
            found = self.read(choice, depth + 1)
            if found is None:
                return None
            if isinstance(found, dict):  # one pydantic writes no schema for is left out
                members.append(found)
        return _any_of(members) if members else {}  # pydantic's `{"anyOf": []}`, which JSON Schema does not allow

    @staticmethod
    def _argument(node: ast.Call, keywords: dict[str, ast.expr], index: int, name: str) -> ast.expr | None:
        return node.args[index] if len(node.args) > index else keywords.get(name)


def _bound(value: Any, text: bool) -> bool:
    """Whether a keyword's literal value can be written as the bound it gives (a finite number, or a pattern's text)."""
    if is_missing(value) or value is None:
        return not is_missing(value)
    if text:
        return isinstance(value, str)
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _any_of(members: list[Schema]) -> Schema:
    """A union of JSON Schemas as pydantic writes one: the members of a member that is only a union in its place, each
    once."""
    flat: list[Schema] = []
    for member in members:
        for inner in member["anyOf"] if list(member) == ["anyOf"] else [member]:
            if inner not in flat:
                flat.append(inner)
    return flat[0] if len(flat) == 1 else {"anyOf": flat}


def literal_schema(values: list[Any]) -> Schema:
    """`Literal[...]` as pydantic renders it: `const` for one value, else `enum`, with a type when uniform."""
    kinds = {_json_type(value) for value in values}
    schema: Schema = {"const": values[0]} if len(values) == 1 else {"enum": values}
    if len(kinds) == 1:
        schema["type"] = kinds.pop()
    return schema


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"
