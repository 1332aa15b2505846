# The Hugging Face (smolagents) dialect of a tool, frozen at build time from the pydantic-dialect schema.
from __future__ import annotations

from typing import Any

from .model import ToolSpec

_HF_TYPES = ("string", "boolean", "integer", "number", "array", "object", "null")


def _resolve(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        target = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
        return {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _members(schema: dict[str, Any], defs: dict[str, Any], seen: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """A union's members, those of the unions in it too, each named one resolved (`seen`: the names of the unions
    this one is inside: a recursive union, `Json = Union[int, List["Json"]]` and the like, is not entered again)."""
    ref = schema.get("$ref")
    if ref in seen:
        return [{}]
    schema = _resolve(schema, defs)
    options = schema.get("anyOf", schema.get("oneOf"))  # `oneOf`: a union of models told apart by a tag
    if options is not None:
        inside = seen | {ref} if isinstance(ref, str) else seen
        return [m for member in options for m in _members(member, defs, inside)]
    return [schema]


def _hf_type(members: list[dict[str, Any]]) -> str | list[str]:
    kinds: list[str] = []
    for member in members:
        kind = member.get("type")
        if kind is None and "enum" in member:
            kind = "string" if all(isinstance(v, str) for v in member["enum"]) else None
        for single in kind if isinstance(kind, list) else [kind]:
            if single not in _HF_TYPES:
                return "any"
            if single != "null" and single not in kinds:
                kinds.append(single)
    if not kinds:
        return "null" if members else "any"
    return kinds[0] if len(kinds) == 1 else kinds


def _hf_schema(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """One value in smolagents' dialect, as its `@tool` writes it: a type (a list for a union), `nullable` for
    Optional, `enum`, and for containers the `items`, `prefixItems` or `additionalProperties` inside, in the same
    dialect. A named class stays `object`, as smolagents leaves it."""
    members = _members(schema, defs)
    entry: dict[str, Any] = {"type": _hf_type(members)}
    values = [m for m in members if m.get("type") != "null"]
    if len(values) < len(members):
        entry["nullable"] = True
    if values and all("enum" in m for m in values):  # `Literal[...] | str` takes any string: no enum
        entry["enum"] = []
        for value in (v for m in values for v in m["enum"]):
            if not any(value == known and type(value) is type(known) for known in entry["enum"]):
                entry["enum"].append(value)
    if len(values) == 1 and depth < 16 and "properties" not in values[0]:
        inner = values[0]
        if isinstance(inner.get("items"), dict) and inner["items"]:
            entry["items"] = _hf_schema(inner["items"], defs, depth + 1)
        if inner.get("prefixItems"):
            entry["prefixItems"] = [_hf_schema(item, defs, depth + 1) for item in inner["prefixItems"]]
        if isinstance(inner.get("additionalProperties"), dict) and inner["additionalProperties"]:
            entry["additionalProperties"] = _hf_schema(inner["additionalProperties"], defs, depth + 1)
    return entry


def smolagents_dialect(spec: ToolSpec) -> dict[str, Any]:
    """`inputs` and `output_type` as smolagents wants them: `nullable` for defaulted or Optional inputs, enums kept.

    Descriptions are not repeated here (they would double the strings the module loads): the adapter
    takes each input's description from `parameters`.
    """
    defs = dict(spec.defs)
    inputs: dict[str, Any] = {}
    for param in spec.params:
        entry = _hf_schema(param.schema, defs)
        if not param.description:  # smolagents requires one; otherwise the adapter takes the parameter's
            entry["description"] = f"The `{param.name}` argument."
        if not param.required:  # smolagents' `nullable` also means "may be left out"
            entry["nullable"] = True
        inputs[param.name] = entry
    output = _hf_type(_members(spec.returns.schema, spec.returns.schema.get("$defs", {}))) if spec.returns else "any"
    return {"inputs": inputs, "output_type": output if isinstance(output, str) else "any"}
