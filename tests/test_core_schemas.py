# A class's own `__get_pydantic_core_schema__`, read without running it, against pydantic's JSON Schema of the class.
from __future__ import annotations

import ast
import json
import textwrap
from typing import Any

import pytest
from pydantic import PydanticInvalidForJsonSchema, TypeAdapter
from pydantic_core import core_schema

from hatch_toolschema.core_schemas import UNWRITTEN, hook_schema, json_hook_schema

HOOKS = [
    "return core_schema.any_schema()",
    "return core_schema.str_schema(min_length=2, max_length=9, pattern='^[a-z]+$', strict=True)",
    "return core_schema.int_schema(gt=0, le=10, multiple_of=2)",
    "return core_schema.float_schema(ge=-273.15, allow_inf_nan=False)",
    "return core_schema.no_info_after_validator_function(cls, core_schema.str_schema())",
    "return core_schema.with_info_before_validator_function(lambda v, i: v, core_schema.int_schema(),"
    " json_schema_input_schema=core_schema.str_schema())",
    "return core_schema.no_info_wrap_validator_function(lambda v, h: h(v), core_schema.bool_schema())",
    "number = core_schema.chain_schema([core_schema.float_schema(),"
    " core_schema.no_info_plain_validator_function(cls)])\n"
    "return core_schema.json_or_python_schema(json_schema=number,"
    " python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), number]))",
    "return core_schema.union_schema([core_schema.is_instance_schema(cls), core_schema.str_schema(),"
    " core_schema.union_schema([core_schema.int_schema(), core_schema.str_schema()])])",
    "return core_schema.nullable_schema(core_schema.list_schema(core_schema.date_schema()))",
    "return core_schema.list_schema()",
    "return core_schema.nullable_schema(core_schema.none_schema())",
    "return core_schema.no_info_plain_validator_function(cls, json_schema_input_schema=core_schema.uuid_schema())",
    "return core_schema.union_schema([core_schema.is_instance_schema(cls), core_schema.callable_schema()])",
    "return core_schema.literal_schema(['a', 'b'])",
    "return core_schema.literal_schema([3])",
    "keys = core_schema.typed_dict_schema({'message': core_schema.typed_dict_field(core_schema.str_schema()),"
    " 'kind': core_schema.typed_dict_field(core_schema.literal_schema(['retry']))})\n"
    "return core_schema.no_info_after_validator_function(cls, keys)",
    "return core_schema.typed_dict_schema({'a': core_schema.typed_dict_field(core_schema.int_schema(), required=True),"
    " 'b': core_schema.typed_dict_field(core_schema.int_schema())}, total=False)",
    "return core_schema.typed_dict_schema({'a': core_schema.typed_dict_field(core_schema.int_schema(),"
    " required=False)})",
    # livekit's `AudioFrame`: model fields from JSON, then a function that makes the frame
    "fields = core_schema.model_fields_schema({'data': core_schema.model_field(core_schema.str_schema()),"
    " 'rate': core_schema.model_field(core_schema.int_schema(), frozen=True)}, model_name='Frame')\n"
    "return core_schema.json_or_python_schema(json_schema=core_schema.chain_schema([fields,"
    " core_schema.no_info_plain_validator_function(cls)]), python_schema=core_schema.is_instance_schema(cls))",
    # Speakeasy's SDKs (mistralai): a text a Literal union falls back to in lax mode only
    "return core_schema.lax_or_strict_schema(lax_schema=core_schema.chain_schema([core_schema.str_schema(),"
    " core_schema.no_info_plain_validator_function(cls)]), strict_schema=core_schema.none_schema())",
    "return core_schema.lax_or_strict_schema(core_schema.int_schema(), core_schema.str_schema(), strict=True)",
    "return core_schema.lax_or_strict_schema(core_schema.int_schema(), core_schema.str_schema(), strict=False)",
]


def _hooked(body: str) -> tuple[ast.FunctionDef, type]:
    source = "def __get_pydantic_core_schema__(cls, source, handler):\n" + textwrap.indent(body, "    ") + "\n"
    namespace: dict[str, Any] = {"core_schema": core_schema}
    exec(source, namespace)  # noqa: S102 - the test's own hooks, run by pydantic for its side of the comparison
    cls = type("Hooked", (), {"__get_pydantic_core_schema__": classmethod(namespace["__get_pydantic_core_schema__"])})
    return ast.parse(source).body[0], cls  # type: ignore[return-value]


def _qualify(dotted: str) -> str:
    head, dot, rest = dotted.partition(".")
    return f"pydantic_core.core_schema{dot}{rest}" if head == "core_schema" else dotted


@pytest.mark.parametrize("body", HOOKS)
def test_a_hooks_schema_is_pydantics(body: str) -> None:
    node, cls = _hooked(body)
    theirs = _untitled(TypeAdapter(cls).json_schema())  # a typed dict's keys get titles, which we never write
    ours = hook_schema(node, _qualify)
    assert ours == ({} if theirs == {"anyOf": []} else theirs)


def _untitled(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {key: _untitled(value) for key, value in schema.items() if key != "title"}
    return schema  # a union of none: `{}`, as the README says


JSON_HOOKS = [  # pydantic-extra-types' ways, and pydantic's docs'
    "json_schema = handler(schema)\njson_schema.update({'pattern': r'^\\w{2}$'})\nreturn json_schema",
    "return dict(handler(schema))",
    "field_schema: dict[str, Any] = {}\nfield_schema.update(type='string', format='color')\nreturn field_schema",
    "return {'anyOf': [{'type': 'number', 'minimum': -90.0}, {'type': 'string', 'pattern': '^[0-9]+$'}]}",
    "found = handler(schema)\nfound = handler.resolve_ref_schema(found)\nfound['examples'] = ['a', ('b', 1)]\n"
    "found['format'] = 'phone'\nreturn found",
    "'''The schema, with a format.'''\nout = handler(schema)\nout.update(format='x', examples=[None, True])\n"
    "return out",
]
CORE = "return core_schema.with_info_after_validator_function(lambda v, i: v, core_schema.str_schema(to_upper=True))"


def _json_hooked(body: str, core: str = CORE) -> tuple[ast.FunctionDef, ast.FunctionDef, type]:
    json_source = "def __get_pydantic_json_schema__(cls, schema, handler):\n" + textwrap.indent(body, "    ") + "\n"
    namespace: dict[str, Any] = {"Any": Any}
    exec(json_source, namespace)  # noqa: S102 - the test's own hook, as above
    core_node, cls = _hooked(core)
    cls.__get_pydantic_json_schema__ = classmethod(namespace["__get_pydantic_json_schema__"])  # type: ignore
    return ast.parse(json_source).body[0], core_node, cls  # type: ignore[return-value]


@pytest.mark.parametrize("body", JSON_HOOKS)
def test_a_json_hook_changes_the_core_hooks_schema_as_in_pydantic(body: str) -> None:
    node, core_node, cls = _json_hooked(body)
    theirs = json.loads(json.dumps(TypeAdapter(cls).json_schema()))  # a tuple in it, as JSON writes it
    assert json_hook_schema(node, hook_schema(core_node, _qualify)) == theirs


@pytest.mark.parametrize("body", [
    "json_schema = handler(schema)\njson_schema.update(PATTERN)\nreturn json_schema",  # not a literal
    "json_schema = handler(schema)\njson_schema['examples'] = [object()]\nreturn json_schema",
    "json_schema = handler(schema)\nlog(json_schema)\nreturn json_schema",
    "json_schema = handler(schema)\njson_schema.update(**EXTRA)\nreturn json_schema",
    "return handler(other)",
    "return handler(schema) | {'format': 'x'}",
    "json_schema = handler(schema)",  # no return: pydantic fails
])  # fmt: skip
def test_a_json_hook_the_reading_does_not_follow_is_none(body: str) -> None:
    node = ast.parse("def hook(cls, schema, handler):\n" + textwrap.indent(body, "    ") + "\n").body[0]
    assert json_hook_schema(node, {"type": "string"}) is None  # type: ignore[arg-type]


def test_a_json_hook_that_asks_for_a_schema_pydantic_writes_none_of_is_none() -> None:
    node, core_node, cls = _json_hooked("return dict(handler(schema))", "return core_schema.is_instance_schema(cls)")
    with pytest.raises(PydanticInvalidForJsonSchema):
        TypeAdapter(cls).json_schema()
    assert json_hook_schema(node, hook_schema(core_node, _qualify)) is None


@pytest.mark.parametrize("body", [
    "return core_schema.is_instance_schema(cls)",
    "return core_schema.no_info_plain_validator_function(cls)",
])  # fmt: skip
def test_a_hook_pydantic_writes_no_schema_for(body: str) -> None:
    node, cls = _hooked(body)
    with pytest.raises(PydanticInvalidForJsonSchema):
        TypeAdapter(cls).json_schema()
    assert hook_schema(node, _qualify) == UNWRITTEN


@pytest.mark.parametrize("body", [
    "return handler(source)",
    "return core_schema.str_schema(max_length=LIMIT)",
    "return core_schema.str_schema(**options)",
    "return core_schema.int_schema(ge=float('inf'))",
    "return core_schema.tagged_union_schema({'a': core_schema.str_schema()}, 'kind')",
    "return core_schema.typed_dict_schema({'a': core_schema.typed_dict_field(core_schema.int_schema(),"
    " validation_alias='b')})",
    "return core_schema.typed_dict_schema(FIELDS)",
    "return core_schema.model_fields_schema({'a': core_schema.model_field(core_schema.int_schema(),"
    " validation_alias='b')})",
    "return core_schema.model_fields_schema({'a': core_schema.model_field(core_schema.int_schema())},"
    " extra_behavior='forbid')",
    "return core_schema.literal_schema([object()])",
    "print(source)\nreturn core_schema.str_schema()",
])  # fmt: skip
def test_a_hook_the_reading_does_not_follow_is_none(body: str) -> None:
    node = ast.parse("def hook(cls, source, handler):\n" + textwrap.indent(body, "    ") + "\n").body[0]
    assert hook_schema(node, _qualify) is None  # type: ignore[arg-type]
