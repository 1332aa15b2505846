# Our static schema for each fixture function equals pydantic's runtime schema for the same signature.
from __future__ import annotations

import ast
import datetime
import importlib
import inspect
import json
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, create_model

from hatch_toolschema.config import Config
from hatch_toolschema.pipeline import generate
from hatch_toolschema.scope import MISSING, constructed, iso_duration

FIXTURE = Path(__file__).parent / "fixtures" / "confpkg"
# Where only the order of `anyOf` members may differ, and why; the README lists these.
ORDER_ONLY: dict[str, str] = {
    "confpkg.basics:f_nested_optional": (
        "typing caches unions by their set of members, so at run time `Optional[Union[int, str]]` may come back "
        "in the order another module first wrote it; the static schema keeps the order of the source"
    ),
}

# Where our schema says otherwise than pydantic's, on purpose; the README lists these.
KEY_PATTERN = (
    "a dict key's `pattern` stays in `propertyNames`: pydantic's `patternProperties` would let any other key "
    "through, where pydantic itself rejects it"
)
AFTER_VALIDATOR = (
    "a number's bound after a validator (`Annotated[int, BeforeValidator(f), Field(gt=0)]`) keeps its JSON Schema "
    "keyword: pydantic writes it under its Python name (`gt`), which JSON Schema ignores, though pydantic checks it"
)
UNION_BOUND = (
    "a number's bound on a union (`Union[int, float] = Field(ge=0)`) is on each member it bounds: pydantic writes it "
    "beside the `anyOf`, under its Python name (`ge`), which JSON Schema ignores, though pydantic checks it"
)
EMPTY_UNION = (
    "a union none of whose members has a schema (callables, a tuple holding a bare `Type`) is `{}`: pydantic writes "
    "`{\"anyOf\": []}`, which JSON Schema does not allow (`anyOf` must not be empty)"
)
ON_PURPOSE = {
    "confpkg.annotated:f_dict_pattern_keys": KEY_PATTERN,
    "confpkg.annotated:f_dict_constrained_keys": KEY_PATTERN,
    "confpkg.annotated:f_bounds_after_validators": AFTER_VALIDATOR,
    "confpkg.annotated:f_bounds_on_a_union": UNION_BOUND,
    "confpkg.annotated:f_callables_in_containers": EMPTY_UNION,
    "confpkg.annotated:f_unwritten_tuples": EMPTY_UNION,
}


@pytest.fixture(scope="module")
def static_tools() -> dict[str, dict[str, Any]]:
    generation = generate(FIXTURE, Config(include=("confpkg.*:f_*",)), ["confpkg"])
    assert not generation.errors, generation.errors
    (package,) = generation.packages
    import json

    return {t["callable"]: t for t in json.loads(package.json)["tools"]}


def _fixture_functions() -> list[str]:
    paths = []
    for module_file in sorted((FIXTURE / "confpkg").rglob("*.py")):  # a folder without `__init__.py` too
        text = module_file.read_text()
        module = ".".join(module_file.relative_to(FIXTURE).with_suffix("").parts)
        paths += [f"{module}:{line[4:].split('(')[0]}" for line in text.splitlines() if line.startswith("def f_")]
    return paths


FUNCTIONS = _fixture_functions()


def runtime_schema(func: Any) -> dict[str, Any]:
    """What pydantic (as LangChain, the Agents SDK and MCP use it) emits for the function's arguments."""
    hints = typing.get_type_hints(func, include_extras=True)
    fields: dict[str, Any] = {}
    for name, param in inspect.signature(func).parameters.items():
        annotation = hints.get(name, Any)
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[name] = (annotation, default)
    return create_model(f"{func.__name__}_arguments", **fields).model_json_schema()


def strip_titles(value: Any, under_properties: bool = False) -> Any:
    if isinstance(value, dict):
        return {
            k: strip_titles(v, k == "properties" and not under_properties)
            for k, v in value.items()
            if under_properties or not (k == "title" and isinstance(v, str))
        }
    if isinstance(value, list):
        return [strip_titles(v) for v in value]
    return value


class AsJson(dict):  # type: ignore[type-arg]
    """A schema that equals another only where both are the same JSON: `1.0` is not `1` there, nor `True` `1`, where
    Python takes them as equal."""

    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, dict) and _typed(self) == _typed(other)

    def __ne__(self, other: object) -> bool:
        return not self == other


def comparable(ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[AsJson, AsJson]:
    """Titles removed; descriptions that came from docstrings (pydantic cannot see them) removed from ours; each
    compared as JSON (`AsJson`)."""
    theirs = strip_titles(theirs)
    ours = strip_titles(ours)
    for name, prop in ours.get("properties", {}).items():
        if "description" not in theirs.get("properties", {}).get(name, {}):
            prop.pop("description", None)
    return AsJson(ours), AsJson(theirs)


@pytest.fixture(scope="module", autouse=True)
def importable() -> Any:
    sys.path.insert(0, str(FIXTURE))
    yield
    sys.path.remove(str(FIXTURE))


def test_the_builders_notes_on_python_types_reach_no_output() -> None:
    """The schema builder notes which values `call()` turns into dates, sets and the like; no output keeps a note."""
    generation = generate(FIXTURE, Config(include=("confpkg.*:f_*",)), ["confpkg"])
    (package,) = generation.packages
    assert '"convert": {' in package.json  # the notes were there, and became `call()` plans
    assert "\\u0000python" not in package.json and "\\x00python" not in package.module


def test_suite_is_large_enough() -> None:
    assert len(FUNCTIONS) >= 100


@pytest.mark.parametrize("path", FUNCTIONS)
def test_static_schema_equals_pydantic(path: str, static_tools: dict[str, dict[str, Any]]) -> None:
    module, _, name = path.partition(":")
    func = getattr(importlib.import_module(module), name)
    ours, theirs = comparable(static_tools[path]["parameters"], runtime_schema(func))
    if path in ORDER_ONLY:
        ours, theirs = sort_any_of(ours), sort_any_of(theirs)
    if path in ON_PURPOSE:
        assert ours != theirs
        theirs = as_we_write(theirs)
    assert ours == theirs
    assert _typed(ours) == _typed(theirs)  # and as JSON: `1.0` is not `1` there, where Python takes them as equal


def _typed(schema: Any) -> str:
    return json.dumps(schema, sort_keys=True)


# Where pydantic-ai's own tool schema differs from what `pydantic_ai_tools()` gives, and why; the README lists these.
REQUIRED_FIELD = (
    "pydantic-ai marks a parameter whose default is `Field(...)` without a value as not required, though the "
    "function cannot be called without it; pydantic (and so the Agents SDK and LangChain) requires it"
)
PYDANTIC_AI_DIFFERS = {
    "confpkg.annotated:f_parameter_aliases": REQUIRED_FIELD,
    "confpkg.named:f_tagged_union_default": REQUIRED_FIELD,
    "confpkg.field_defaults:f_ellipsis_defaults": (
        "pydantic-ai marks a parameter whose default is `...` as not required; pydantic (and so the Agents SDK, "
        "LangChain and MCP) reads `...` as no default and requires it"
    ),
    "confpkg.homonyms:f_homonym_alone": (
        "a single class parameter is unwrapped: pydantic-ai names the one `Point` left by its short name, where we "
        "keep the name it has among the parameters"
    ),
    "confpkg.field_defaults:f_descriptions_the_definition_has": (
        "a parameter's description beside a `$ref` that its definition has alike is left out of a pydantic model's "
        "schema (LangChain's, the Agents SDK's, MCP's), as ours; pydantic-ai's schema of a signature keeps it"
    ),
}


@pytest.fixture(scope="module")
def pydantic_ai_tools(conformance_module: Any) -> dict[str, Any]:
    return {tool.name: tool for tool in conformance_module.pydantic_ai_tools()}


@pytest.mark.parametrize("path", FUNCTIONS)
def test_pydantic_ai_tools_have_pydantic_ais_own_schemas(path: str, pydantic_ai_tools: dict[str, Any]) -> None:
    """What `pydantic_ai_tools()` gives equals pydantic-ai's own `Tool` for the same function: closed, and a single
    model, dataclass or TypedDict parameter unwrapped into that class's schema."""
    from pydantic_ai import Tool

    module, _, name = path.partition(":")
    their_tool, our_tool = Tool(getattr(importlib.import_module(module), name)).tool_def, pydantic_ai_tools[name].tool_def
    assert our_tool.description == their_tool.description  # a class's docstring, for an undocumented function
    ours, theirs = comparable(our_tool.parameters_json_schema, their_tool.parameters_json_schema)
    if path in ORDER_ONLY:
        ours, theirs = sort_any_of(ours), sort_any_of(theirs)
    if path in ON_PURPOSE:
        theirs = as_we_write(theirs)
    assert (ours != theirs) is (path in PYDANTIC_AI_DIFFERS)


# Where the anthropic SDK's own `@beta_tool` differs from `anthropic_tools()`, and why; the README lists these.
ANTHROPIC_DIFFERS = {
    "confpkg.basics:f_posonly": (
        "`@beta_tool` writes positional-only parameters as an array (`prefixItems`), where the API takes only an "
        "object; ours are named properties, and `call()` passes them by position"
    ),
    "confpkg.basics:f_mixed_kinds": "`@beta_tool` raises on positional-only and keyword-only parameters together",
    "confpkg.annotated:f_alias_choices": (
        "`@beta_tool` (pydantic's `validate_call`) keys a parameter whose `validation_alias` gives choices by its "
        "name; pydantic's model schema (LangChain's, the Agents SDK's, pydantic-ai's) by the first choice, as ours"
    ),
    "confpkg.annotated:f_omitted_fields": (
        "`@beta_tool` (pydantic's `validate_call`) raises `PydanticOmit` on a parameter that pydantic's schema leaves "
        "out (`SkipJsonSchema`, `WithJsonSchema(None)`), where pydantic's model schema, LangChain, the Agents SDK "
        "and pydantic-ai leave it out, as ours"
    ),
    "confpkg.field_defaults:f_descriptions_the_definition_has": (
        "a parameter's description beside a `$ref` that its definition has alike is left out of a pydantic model's "
        "schema (LangChain's, the Agents SDK's, MCP's), as ours; `@beta_tool` (pydantic's `validate_call`) keeps it"
    ),
}


@pytest.mark.parametrize("path", FUNCTIONS)
def test_anthropic_tools_are_the_anthropic_sdks_own(path: str, conformance_module: Any) -> None:
    """What `anthropic_tools()` gives equals the anthropic SDK's own `@beta_tool` for the same function, which reads
    the docstring with `docstring_parser` and the signature with pydantic's `validate_call`: the same name and
    description, and the same schema once titles go and the root's `additionalProperties: false` (pydantic's
    `validate_call` closes it; ours stays open as pydantic's model schema is, and `call()` refuses unknown
    arguments anyway)."""
    from anthropic import beta_tool

    module, _, name = path.partition(":")
    (ours,) = [tool for tool in conformance_module.anthropic_tools() if tool["name"] == name]
    try:
        theirs = beta_tool(getattr(importlib.import_module(module), name)).to_dict()
    except Exception:
        assert path in ANTHROPIC_DIFFERS
        return
    schema = dict(theirs["input_schema"])
    assert schema.pop("additionalProperties", False) is False  # closed by `validate_call`, or left open
    assert (theirs["name"], theirs["description"]) == (ours["name"], ours["description"])
    ours_schema, theirs_schema = comparable(ours["input_schema"], schema)
    if path in ORDER_ONLY:
        ours_schema, theirs_schema = sort_any_of(ours_schema), sort_any_of(theirs_schema)
    if path in ON_PURPOSE:
        theirs_schema = as_we_write(theirs_schema)
    assert (ours_schema != theirs_schema) is (path in ANTHROPIC_DIFFERS)


@pytest.mark.parametrize("path", [path for path in FUNCTIONS if path.startswith("confpkg.returned:") or ":f_returns_" in path])
def test_return_schema_equals_pydantic(path: str, static_tools: dict[str, dict[str, Any]]) -> None:
    """`returns.schema` stands alone, as pydantic's `TypeAdapter` emits the return type: its own `$defs`, and a
    root model unpacked unless it is recursive. The parameters' `$defs` hold only what the parameters use."""
    module, _, name = path.partition(":")
    func = getattr(importlib.import_module(module), name)
    theirs = strip_titles(TypeAdapter(typing.get_type_hints(func, include_extras=True)["return"]).json_schema())
    assert static_tools[path]["returns"]["schema"] == theirs


def test_durations_are_written_as_pydantic_writes_them(example_module: Any) -> None:
    """ISO 8601 text of a duration, by the build (a `timedelta(...)` default) and by the generated module (a result),
    over random durations of either sign, the largest and the least."""
    from datetime import timedelta

    from hypothesis import given, settings
    from hypothesis import strategies as st

    adapter = TypeAdapter(timedelta)

    @settings(max_examples=2000, deadline=None)
    @given(st.timedeltas() | st.sampled_from([timedelta.max, timedelta.min, timedelta.resolution, timedelta(0)]))
    def check(value: timedelta) -> None:
        assert iso_duration(value) == example_module._duration(value) == adapter.dump_python(value, mode="json")

    check()


def test_web_url_defaults_are_written_as_pydantic_writes_them() -> None:
    """A `HttpUrl(...)` or `AnyUrl(...)` default's text, as the build writes it, over random web URLs: the same as
    pydantic's, or not written at all (a URL it would normalize otherwise: dot segments, characters to escape, a
    user, an IPv4 shorthand)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from pydantic import AnyUrl, HttpUrl, ValidationError

    from hatch_toolschema.scope import constructed

    parts = st.text(alphabet="aZ09.-_~%é /?#:@!$&'()*+,;=", max_size=12)
    hosts = st.sampled_from(["a.example", "API.Example.COM", "localhost", "1.2.3.4", "1.2.3", "01.2.3.4", "a.0x1",
                             "a_b.example", "Bücher.example", "a.example.", "-a.example", "255.255.255.255"])

    @settings(max_examples=3000, deadline=None)
    @given(st.sampled_from(["http", "https", "HTTPS", "ftp"]), hosts,
           st.sampled_from(["", ":80", ":443", ":8080", ":0", ":065535", ":65536"]), parts)
    def check(scheme: str, host: str, port: str, rest: str) -> None:
        text = f"{scheme}://{host}{port}{rest}"
        for name, made in (("HttpUrl", HttpUrl), ("AnyUrl", AnyUrl)):
            ours = constructed(ast.parse(f"{name}({text!r})", mode="eval").body, f"pydantic.{name}")  # type: ignore[arg-type]
            if ours is MISSING:
                continue
            try:
                theirs = str(made(text))
            except ValidationError:
                theirs = None
            assert ours == theirs, (text, name)

    check()


NAMES = ["first_name", "name", "a", "field_1", "a1b", "x_y_z", "already_Camel", "camelCase", "HTTP_server",
         "with__double", "trailing_", "get_2nd_value", "ip_v4", "PascalCase", "snake_case_99", "URL", "a_b",
         "firstName", "HTTPResponse", "getHTTPResponseCode", "item2Count", "kebab-case-name", "v2Beta", "A1B2",
         "HTML5Parser", "IPv4Address", "iOS", "trailingCAPS", "abc123Def", "Übergröße"]  # fmt: skip


def test_alias_generators_name_fields_as_pydantic_does() -> None:
    from pydantic.alias_generators import to_camel, to_pascal, to_snake

    from hatch_toolschema.classes import ALIAS_GENERATORS

    for generator in (to_camel, to_pascal, to_snake):
        ours = ALIAS_GENERATORS[f"pydantic.alias_generators.{generator.__name__}"]
        assert [ours(name) for name in NAMES] == [generator(name) for name in NAMES]


_BOUNDS = {"gt": "exclusiveMinimum", "ge": "minimum", "lt": "exclusiveMaximum", "le": "maximum",
           "multiple_of": "multipleOf"}  # fmt: skip


def as_we_write(value: Any) -> Any:
    """pydantic's schema where ours differs on purpose (`ON_PURPOSE`), as we write it: `{"patternProperties": {P: V},
    "propertyNames": N}` as `{"additionalProperties": V, "propertyNames": {**N, "pattern": P}}`, a number's
    `{"type": "integer", "ge": 0}` as `{"type": "integer", "minimum": 0}` (on a union's, `{"anyOf": [...], "ge": 0}`, on
    each of its numbers, a union alone in a member its members), and an empty `anyOf` left out (`{}` for
    `{"anyOf": []}`)."""
    if isinstance(value, list):
        return [as_we_write(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: as_we_write(v) for k, v in value.items()}
    if "patternProperties" in out:
        ((pattern, values),) = out.pop("patternProperties").items()
        out["additionalProperties"] = values or True
        out["propertyNames"] = {**out.get("propertyNames", {}), "pattern": pattern}
    bounds = {_BOUNDS[k]: out.pop(k) for k in list(out) if k in _BOUNDS and "anyOf" in out}
    for member in out.get("anyOf", []) if bounds else []:
        member.update(bounds if member.get("type") in ("integer", "number") else {})
    if "anyOf" in out:  # a union alone in a union's member is its members
        members = [member["anyOf"] if list(member) == ["anyOf"] else [member] for member in out["anyOf"]]
        out["anyOf"] = [inner for held in members for inner in held]
    if out.get("type") in ("integer", "number"):
        out = {_BOUNDS.get(k, k): v for k, v in out.items()}
    return {k: v for k, v in out.items() if (k, v) != ("anyOf", [])}


def sort_any_of(value: Any) -> Any:
    if isinstance(value, dict):
        out = {k: sort_any_of(v) for k, v in value.items()}
        if "anyOf" in out:
            out["anyOf"] = sorted(out["anyOf"], key=repr)
        return out
    return [sort_any_of(v) for v in value] if isinstance(value, list) else value


KW_ONLY_SOURCE = '''import dataclasses
from dataclasses import KW_ONLY, dataclass


@dataclass
class Window:
    width: int
    _: KW_ONLY
    title: str = "untitled"
    _z: int = 0


def open_window(w: Window) -> str:
    """Open a window."""
    return repr(w)
'''


def test_a_dataclasss_kw_only_marker_is_no_field(tmp_path: Path) -> None:
    """`_: KW_ONLY` only makes the fields after it keyword-only; `_z` is a field (a dataclass has no private ones)."""
    from pydantic import validate_call

    from conftest import importable, load_module, messages, scan_source, tools_of

    generation = scan_source(tmp_path, KW_ONLY_SOURCE)
    assert messages(generation) == []
    ours = tools_of(generation)["open_window"]["parameters"]
    assert ours["$defs"]["Window"]["properties"] == {
        "width": {"type": "integer"}, "title": {"type": "string", "default": "untitled"}, "_z": {"type": "integer", "default": 0}
    }  # fmt: skip
    with importable(tmp_path / "proj", "demo"):
        function = importlib.import_module("demo.tools").open_window
        mine, theirs = comparable(ours, runtime_schema(function))
        assert mine == theirs
        module = load_module(generation.packages[0].module, "kw_only")
        sent = {"w": {"width": 3, "title": "t", "_z": 1}}
        assert module.call("open_window", sent) == validate_call(function)(**sent) == "Window(width=3, title='t', _z=1)"


INIT_FALSE_SOURCE = '''import dataclasses
from dataclasses import dataclass, field
from typing import List

import pydantic
from pydantic import Field


@dataclass
class Order:
    count: int
    total: int = field(init=False)
    status: str = field(init=False, default="new")
    notes: List[str] = dataclasses.field(init=False, default_factory=list)

    def __post_init__(self):
        self.total = self.count * 2


@pydantic.dataclasses.dataclass
class Ticket:
    seat: int
    price: int = field(init=False)
    row: int = Field(init=False, default=4)
    code: int = Field(init_var=True, default=5)


def book(order: Order, ticket: Ticket) -> str:
    """Book."""
    return repr(order) + " " + repr(ticket.row)
'''


def test_a_dataclass_field_that_init_never_takes_is_left_out(tmp_path: Path) -> None:
    """`field(init=False)` with no default (`__post_init__` sets it) and `Field(init_var=True)` are no fields, as
    pydantic has them; they were required, and `call()` passed them to `__init__`. One with a default is listed, as
    pydantic lists it, and `call()` drops a value given for it, as pydantic ignores one."""
    from pydantic import validate_call

    from conftest import importable, load_module, messages, scan_source, tools_of

    generation = scan_source(tmp_path, INIT_FALSE_SOURCE)
    assert messages(generation) == []
    ours = tools_of(generation)["book"]["parameters"]
    assert (ours["$defs"]["Order"]["required"], ours["$defs"]["Ticket"]["required"]) == (["count"], ["seat"])
    assert list(ours["$defs"]["Order"]["properties"]) == ["count", "status", "notes"]
    assert list(ours["$defs"]["Ticket"]["properties"]) == ["seat", "row"]
    with importable(tmp_path / "proj", "demo"):
        function = importlib.import_module("demo.tools").book
        mine, theirs = comparable(ours, runtime_schema(function))
        assert mine == theirs
        module = load_module(generation.packages[0].module, "init_false")
        sent = {"order": {"count": 3, "status": "paid", "notes": ["x"]}, "ticket": {"seat": 1, "row": 9}}
        made = "Order(count=3, total=6, status='new', notes=[]) 4"
        assert module.call("book", sent) == validate_call(function)(**sent) == made


TYPEDDICT_IN_NAMEDTUPLE_SOURCE = '''from typing import NamedTuple

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict


class Named(TypedDict, total=False):
    some_name: str


class Pair(NamedTuple):
    named: Named
    ratio: float


class Holder(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel)

    pair: Pair = Pair({"some_name": "a"}, 2)


def hold(holder: Holder) -> str:
    """Hold."""
    return repr(holder)
'''


def test_a_typeddict_keyed_by_aliases_in_a_namedtuple_default_is_written_by_its_aliases(tmp_path: Path) -> None:
    """pydantic writes a NamedTuple default through its type: the TypedDict in it, which the model keys by the
    aliases it passes on, comes out with other keys than the dict as written (its fields' names), and so does the
    scan's (it left it out, with a warning, before it knew each variant's keys)."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, TYPEDDICT_IN_NAMEDTUPLE_SOURCE)
    assert messages(generation) == []
    ours = tools_of(generation)["hold"]["parameters"]
    assert ours["$defs"]["Holder"]["properties"]["pair"] == {"$ref": "#/$defs/Pair", "default": [{"someName": "a"}, 2.0]}
    with importable(tmp_path / "proj", "demo"):
        holder = importlib.import_module("demo.tools").Holder
        assert holder.model_json_schema()["properties"]["pair"]["default"] == [{"someName": "a"}, 2.0]


THREE_VARIANTS_SOURCE = '''from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel, to_pascal
from typing_extensions import TypedDict


class Leaf(TypedDict):
    leaf_name: str


class Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel)
    leaf: Leaf


class Pascal(BaseModel):
    model_config = ConfigDict(alias_generator=to_pascal)
    leaf: Leaf


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    leaf: Leaf


def grow(camel: Camel, pascal: Pascal, closed: Closed, leaf: Leaf) -> None:
    """Grow."""
'''


def test_one_typeddict_under_several_configurations_gets_a_definition_for_each(tmp_path: Path) -> None:
    """A TypedDict takes the configuration of each model it is in: here four ways, each its own definition, as
    pydantic validates them. pydantic's own schema writes all four as the first (`leafName` where `Pascal` takes
    only `LeafName`), a difference the README lists. The third and fourth shared one name, and the later
    overwrote the earlier's definition."""
    from conftest import importable, scan_source, tools_of

    parameters = tools_of(scan_source(tmp_path, THREE_VARIANTS_SOURCE))["grow"]["parameters"]
    defs = parameters["$defs"]
    keys = {model: defs[defs[model]["properties"]["Leaf" if model == "Pascal" else "leaf"]["$ref"].rsplit("/", 1)[-1]]
            for model in ("Camel", "Pascal", "Closed")}  # fmt: skip
    assert {model: list(leaf["properties"]) for model, leaf in keys.items()} == {
        "Camel": ["leafName"], "Pascal": ["LeafName"], "Closed": ["leaf_name"]}
    assert keys["Closed"]["additionalProperties"] is False
    plain = defs[parameters["properties"]["leaf"]["$ref"].rsplit("/", 1)[-1]]
    assert plain == {"type": "object", "properties": {"leaf_name": {"type": "string"}}, "required": ["leaf_name"]}
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        module.Pascal.model_validate({"Leaf": {"LeafName": "x"}})  # as the scan's schema says
        with pytest.raises(ValueError):
            module.Pascal.model_validate({"Leaf": {"leafName": "x"}})  # as pydantic's own schema says


ALIAS_TYPES = '''import datetime
from typing import Dict, List, Literal, Optional, Union

from typing_extensions import TypeAliasType

Granularity = TypeAliasType("Granularity", Literal["word", "segment"])
JsonValue = TypeAliasType("JsonValue", Union[Dict[str, "JsonValue"], List["JsonValue"], str, int, float, bool, None])
Dates = TypeAliasType("Dates", List[datetime.date])


def speak(granularity: Granularity = "word", data: Optional[JsonValue] = None, days: Dates = []):
    """Aliases named by TypeAliasType."""
    return (granularity, data, days)
'''


def test_type_alias_types_are_named_in_defs_and_converted_as_pydantic_does(tmp_path: Path) -> None:
    """`X = TypeAliasType("X", ...)` (pydantic's way to a recursive JSON type before PEP 695): named in `$defs`, as
    pydantic names it; it was left open. `call()` makes what the alias stands for (dates), as for PEP 695's."""
    from pydantic import validate_call

    from conftest import scanned_module

    with scanned_module(tmp_path, ALIAS_TYPES, "alias_types") as module:
        speak = importlib.import_module("demo.tools").speak
        (tool,) = module.TOOLS
        assert sorted(tool["parameters"]["$defs"]) == ["Dates", "Granularity", "JsonValue"]
        mine, theirs = comparable(tool["parameters"], runtime_schema(speak))
        assert mine == theirs
        sent = {"granularity": "segment", "data": {"a": [1, "x", None, {"b": 2.5}]}, "days": ["2024-01-02"]}
        assert module.call("speak", sent) == validate_call(speak)(**sent)
        assert module.call("speak", sent)[2] == [datetime.date(2024, 1, 2)]


@pytest.mark.skipif(sys.version_info < (3, 12), reason="PEP 695 `type` statements need Python 3.12 to parse")
def test_pep695_aliases_equal_pydantic(tmp_path: Path) -> None:
    from conftest import scan_source, tools_of

    source = (
        "from typing import Literal\n\ntype Unit = Literal['c', 'f']\ntype Names = list[str]\n\n\n"
        "def forecast(city: str, unit: Unit = 'c', tags: Names | None = None) -> None:\n    '''Forecast.'''\n"
    )
    ours = tools_of(scan_source(tmp_path, source))["forecast"]["parameters"]
    namespace: dict[str, Any] = {}
    exec(compile(source, "<pep695>", "exec"), namespace)
    assert ours["$defs"] == {"Names": {"type": "array", "items": {"type": "string"}}, "Unit": {"enum": ["c", "f"], "type": "string"}}
    mine, theirs = comparable(ours, runtime_schema(namespace["forecast"]))
    assert mine == theirs


@pytest.mark.skipif(sys.version_info < (3, 12), reason="PEP 695 `type` statements need Python 3.12 to parse")
def test_pep695_aliases_are_converted_by_call(tmp_path: Path) -> None:
    """`call()` makes what a PEP 695 alias stands for: its dates were passed on as text."""
    from conftest import scanned_module

    source = "import datetime\n\ntype Days = list[datetime.date]\n\n\ndef plan(days: Days) -> list:\n    '''Plan.'''\n    return days\n"
    with scanned_module(tmp_path, source, "pep695_call") as module:
        assert module.call("plan", {"days": ["2024-01-02"]}) == [datetime.date(2024, 1, 2)]


PEP695_GENERICS = '''from typing import Optional

from pydantic import BaseModel


class Item(BaseModel):
    name: str


class Page[T](BaseModel):
    items: list[T]
    next: Optional[str] = None


class Pair[A, B: int](BaseModel):
    first: A
    second: B


def specialized(p: Page[Item], q: Pair[str, int]) -> None:
    \'\'\'Specialized.\'\'\'


def unspecialized(p: Page, q: Pair) -> None:
    \'\'\'Unspecialized: `B` is its bound.\'\'\'


class Pick[C: (int, str)](BaseModel):
    value: C


def generic_function[A: (int, str), B: float, D](a: A, b: B, d: D, items: list[A], pick: Pick) -> None:
    \'\'\'A function's own type parameters: constraints, a bound, neither.\'\'\'


type Both[T] = tuple[T, T]
type Tree[T] = list[T | Tree[T]]
type Limited[T: int] = list[T]


class Box[T](BaseModel):
    pair: Both[T]


def aliased(a: Both[int], b: Both[Item], c: Tree[str], d: Both, f: Limited, g: Box[str],
            e: Optional[Both[Page[Item]]] = None) -> None:
    \'\'\'Generic aliases, named in `$defs` each time they are specialized, as pydantic names them.\'\'\'


def alias_of_parameter[A](a: Both[A], b: Tree[list[A]]) -> None:
    \'\'\'A generic alias given a function's own type parameter.\'\'\'


class ItemPage(Page[Item]):
    count: int = 0


class Keyed[K, V](Page[K]):
    keys: dict[str, V] = {}


class Nested[U](Page[list[U]]):
    tag: str = ""


def derived(a: ItemPage, b: Keyed[int, str], c: Nested[float]) -> None:
    \'\'\'Classes derived from a specialized generic one.\'\'\'
'''


ALIAS_FUNCTIONS = '''from typing import List

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict

PARTS = ["alpha", "beta"]
NAME = "Report"


def _to_camel_custom(snake: str) -> str:
    """a2a-sdk's: a trailing underscore (`in_`) dropped first."""
    if snake.endswith("_"):
        snake = snake.rstrip("_")
    return to_camel(snake)


def _to_camel_v1(string: str) -> str:
    """pydantic v1's documented example."""
    return "".join(word.capitalize() for word in string.split("_"))


def _lower_camel(string: str) -> str:
    words = string.split("_")
    return words[0] + "".join(w.capitalize() for w in words[1:])


def _by_position(string: str) -> str:
    return "".join(w if i == 0 else w.upper() for i, w in enumerate(string.split("_")) if w)


def _shout(string: str) -> str:
    return _upper(string) + "!" if len(string) > 2 else string


def _upper(text: str) -> str:
    return text.upper()


def _label(kind: str, plural: bool = False) -> str:
    label = f"{kind}-label"
    if plural:
        label += "s"
    return label


class Custom(BaseModel):
    model_config = ConfigDict(alias_generator=_to_camel_custom, populate_by_name=True)

    message_id: str
    in_: str = "header"


class Documented(BaseModel):
    model_config = ConfigDict(alias_generator=_to_camel_v1)

    message_id: str


class Leaf(TypedDict):
    leaf_name: str


class Kebab(BaseModel):
    model_config = ConfigDict(alias_generator=lambda name: name.replace("_", "-"))

    message_id: str
    task__id: int = 0
    leaf: Leaf  # passed on to the TypedDict: `leaf-name`


class Lower(BaseModel):
    model_config = ConfigDict(alias_generator=_lower_camel)

    message_id: str
    x: int = 0


class Positioned(BaseModel):
    model_config = ConfigDict(alias_generator=_by_position)

    first__second_third: str


class Shouted(BaseModel):
    model_config = ConfigDict(alias_generator=_shout)

    ab: int
    abc: int


def generated(a: Custom, b: Documented, c: Kebab, d: Lower, e: Positioned, f: Shouted) -> None:
    """Fields named by the package's own alias generators."""


def defaults(a: str = NAME.lower(), b: List[str] = "x,y".split(","), c: str = PARTS[-1], d: List[str] = PARTS[:1],
             e: str = _label("tag"), f: str = _label("tag", plural=True), g: List[str] = [p.title() for p in PARTS],
             h: str = NAME.replace("R", "r") if NAME else "none") -> None:
    """Defaults computed from texts and the package's own functions."""
'''


def test_alias_generators_and_text_functions_of_the_package_equal_pydantic(tmp_path: Path) -> None:
    """An alias generator of the scanned code (a function of one text, or a lambda) names the fields as pydantic
    names them: its body is read as a field factory's is (local names, decided `if`s), with a text's pure methods
    (`rstrip`, `split`, `capitalize`, `replace`), items and slices, comprehensions over a known list, `enumerate`,
    `len`, pydantic's own generators and the package's other such functions. Defaults are read the same way
    (`NAME.lower()`, `_label("tag", plural=True)`). `call()` takes the keys it makes."""
    from conftest import importable, messages, scan_source, scanned_module, tools_of

    generation = scan_source(tmp_path, ALIAS_FUNCTIONS)
    assert not [m for m in messages(generation) if "alias_generator" in m or "default" in m]
    tools = tools_of(generation)
    assert list(tools["generated"]["parameters"]["$defs"]["Custom"]["properties"]) == ["messageId", "in"]
    assert tools["defaults"]["parameters"]["properties"]["f"]["default"] == "tag-labels"
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        for name, tool in tools.items():
            mine, theirs = comparable(tool["parameters"], runtime_schema(getattr(module, name)))
            assert mine == theirs, name
    with scanned_module(tmp_path / "call", ALIAS_FUNCTIONS, "aliased") as generated:
        assert generated.call("generated", {
            "a": {"messageId": "m", "in": "query"}, "b": {"MessageId": "m"}, "c": {"message-id": "m", "task--id": 2, "leaf": {"leaf-name": "x"}},
            "d": {"messageId": "m"}, "e": {"firstSECONDTHIRD": "x"}, "f": {"ab": 1, "ABC!": 2}}) is None


def test_an_alias_generator_that_is_not_read_is_reported(tmp_path: Path) -> None:
    """A generator whose body the scan does not read for a field (an unpacking assignment here) leaves that field
    named as written, and says so where the generator is set."""
    from conftest import messages, scan_source, tools_of

    source = (
        "from pydantic import BaseModel, ConfigDict\n\n\n"
        "def _camel(string: str) -> str:\n    first, *rest = string.split('_')\n"
        "    return first + ''.join(w.title() for w in rest)\n\n\n"
        "class Model(BaseModel):\n    model_config = ConfigDict(alias_generator=_camel)\n\n    message_id: str\n\n\n"
        "def f(m: Model) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert list(tools_of(generation)["f"]["parameters"]["$defs"]["Model"]["properties"]) == ["message_id"]
    assert messages(generation) == [
        "demo/tools.py:10:47: warning: alias_generator `_camel` is not read statically for `message_id`; the schema "
        "names those fields as written"
    ]


MEMBER_TEXTS = '''import enum


class Api(str, enum.Enum):
    V1 = "/api/v1"


class Level(enum.IntEnum):
    LOW = 1


class Mode(enum.StrEnum):
    FAST = "fast"


class Plain(enum.Enum):
    ONE = "one"


def texts(a: str = str(Api.V1), b: str = f"{Level.LOW:03d}", c: str = f"{Mode.FAST}!", d: str = Api.V1 + "/x",
          e: str = f"{Plain.ONE}", f: str = f"{Api.V1.value}", g: str = f"{Api.V1!r}", h: str = str(Mode.FAST),
          i: str = f"{Plain.ONE:>6}", j: str = f"{Plain.ONE!s}", k: str = repr(Level.LOW), m: str = repr(2.5)) -> None:
    """Enum members made texts."""


def unsteady(a: str = f"{Api.V1}/x", b: str = str(Level.LOW)) -> None:
    """Texts that differ between Python versions."""
'''


def test_enum_members_made_texts_equal_pydantic(tmp_path: Path) -> None:
    """An Enum member in an f-string, `str()` or `repr()` is the text Python makes of it, not its value: a plain
    Enum's is `Plain.ONE`, a `StrEnum`'s or `IntEnum`'s its value, its repr `<Api.V1: '/api/v1'>`. Where Python versions
    differ (a `(str, Enum)` member formatted, an `IntEnum`'s `str()`), the default is reported, not guessed: the
    wheel may run on a version before 3.11."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, MEMBER_TEXTS)
    tools = tools_of(generation)
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(tools["texts"]["parameters"], runtime_schema(importlib.import_module("demo.tools").texts))
    assert mine == theirs
    assert mine["properties"]["e"]["default"] == "Plain.ONE"
    assert tools["unsteady"]["parameters"]["properties"] == {"a": {"type": "string"}, "b": {"type": "string"}}
    why = "which differs between Python versions (3.11 changed the text of an Enum member that mixes in `str` or `int`)"
    assert messages(generation) == [
        f"demo/tools.py:26:23: warning: default of `a` (`f'{{Api.V1}}/x'`) makes a text of `Api.V1`, {why}; the "
        "parameter is optional but its default is not shown",
        f"demo/tools.py:26:47: warning: default of `b` (`str(Level.LOW)`) makes a text of `Level.LOW`, {why}; the "
        "parameter is optional but its default is not shown",
    ]


FIELD_EXTRAS = '''from typing import List

from pydantic import BaseModel, ConfigDict, Field


class Legacy(BaseModel):
    model_config = ConfigDict(json_schema_extra={"x-kind": "legacy"})

    name: str = Field(example="Ada", unit=None)
    tags: List[str] = Field([], min_items=1, max_items=3, examples=[["a"]])
    kept: int = Field(0, json_schema_extra={"x-own": 1}, ignored="yes")


def legacy(a: Legacy, b: int = Field(1, example=2, min_items=5)) -> None:
    """pydantic 1's Field keywords."""
'''


def test_fields_extra_keywords_equal_pydantic(tmp_path: Path) -> None:
    """`Field`'s keywords it has no parameter for (pydantic 1's `example=`) are its `json_schema_extra` where none is
    given, which pydantic writes into the schema; `min_items`/`max_items` are `min_length`/`max_length`."""
    import warnings

    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, FIELD_EXTRAS)
    assert not messages(generation)
    ours = tools_of(generation)["legacy"]["parameters"]
    assert ours["$defs"]["Legacy"]["properties"]["name"] == {"type": "string", "example": "Ada", "unit": None}
    with importable(tmp_path / "proj", "demo"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic's deprecation warnings
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").legacy))
    assert mine == theirs


def test_a_json_schema_extra_json_schema_does_not_allow_is_left_out(tmp_path: Path) -> None:
    """A `json_schema_extra` (or `Field`'s extra keywords) that gives a JSON Schema keyword a value it does not allow
    (`required=True`, pydantic 1's way of saying required) makes a schema the hosts refuse, and `call()` cannot check
    by: such keywords are left out, reported, and so are `WithJsonSchema`'s. `call()` then takes the arguments."""
    from conftest import messages, scan_source, scanned_module, tools_of

    source = (
        "from typing import Annotated\n\nfrom pydantic import BaseModel, ConfigDict, Field, WithJsonSchema\n\n\n"
        "class Scores(BaseModel):\n    model_config = ConfigDict(json_schema_extra={'required': 'all', 'x-kind': 1})\n\n"
        "    scores: dict = Field(required=True, description='By example.')\n"
        "    n: int = Field(0, json_schema_extra={'maximum': 'high', 'properties': {'a': {'type': 'thing'}}})\n\n\n"
        "def rank(a: Scores, b: Annotated[int, WithJsonSchema({'type': 'integer', 'minimum': '0'})] = 1) -> str:\n"
        "    '''Rank.'''\n    return repr(a) + repr(b)\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["rank"]["parameters"]["$defs"]["Scores"] == {
        "type": "object", "properties": {
            "scores": {"type": "object", "additionalProperties": True, "description": "By example."},
            "n": {"type": "integer", "default": 0}},
        "required": ["scores"], "x-kind": 1}
    why = "a value JSON Schema does not allow there; left out of the schema (pydantic writes it, and hosts refuse such a schema)"
    assert messages(generation) == [
        f"demo/tools.py:7:49: warning: `json_schema_extra` in `Scores`'s configuration gives `required` {why}",
        f"demo/tools.py:9:5: warning: `json_schema_extra` gives `required` {why}",
        f"demo/tools.py:10:5: warning: `json_schema_extra` gives `maximum`, `properties` {why}",
        f"demo/tools.py:13:24: warning: `WithJsonSchema` gives `minimum` {why}",
    ]
    assert tools_of(generation)["rank"]["parameters"]["properties"]["b"] == {"type": "integer", "default": 1}
    with scanned_module(tmp_path / "call", source, "unsound") as module:
        assert module.call("rank", {"a": {"scores": {"x": 1}, "n": 5}, "b": 2}) == "Scores(scores={'x': 1}, n=5)2"


CLASS_CONFIG = '''from typing import Optional

from pydantic import BaseModel, Extra
from pydantic.alias_generators import to_camel


class LogEntry(BaseModel):
    """A log entry."""

    level: Optional[str] = None

    class Config:
        extra = "allow"


class Person(BaseModel):
    first_name: str = ""

    class Config:
        extra = Extra.forbid
        alias_generator = to_camel
        populate_by_name = True
        orm_mode = True
        schema_extra = {"ignored": "renamed in pydantic 2, which warns and ignores it"}
        json_schema_extra = {"examples": [{"firstName": "Ada"}]}
        str_max_length = 5


class Derived(Person):
    last_name: str = ""


def configured(a: LogEntry, b: Person, c: Derived) -> None:
    """Models configured by pydantic 1's `class Config`."""
'''


def test_a_models_class_config_equals_pydantic(tmp_path: Path) -> None:
    """pydantic 1's `class Config:` inside a model, which pydantic 2 still reads (with a deprecation warning), is
    the model's configuration: its keys as pydantic 2 names them (a key pydantic 1 named otherwise, `orm_mode`,
    `schema_extra`, is ignored, as pydantic 2 ignores it), `Extra.forbid` as `"forbid"`, passed on to subclasses."""
    import warnings

    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, CLASS_CONFIG)
    assert not messages(generation)
    ours = tools_of(generation)["configured"]["parameters"]
    assert ours["$defs"]["LogEntry"]["additionalProperties"] is True
    with importable(tmp_path / "proj", "demo"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic's deprecation warnings
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").configured))
    assert mine == theirs


COMPAT = '''from typing import Any, List, Optional

from pydantic import BaseModel, ConfigDict, Field
from pydantic.version import VERSION as PYDANTIC_VERSION

PYDANTIC_MAJOR_VERSION = int(PYDANTIC_VERSION.split(".", 1)[0])
PYDANTIC_V2 = PYDANTIC_MAJOR_VERSION >= 2
LEGACY = not PYDANTIC_V2
LABEL = "" or "fallback"
EXAMPLES = [{"url": "https://example.com"}]


def _min_length_arg(min_length: int) -> dict:
    if PYDANTIC_V2:
        return {"min_length": min_length}
    return {"min_items": min_length}


class Document(BaseModel):
    """openapi-pydantic's way of supporting both pydantic 1 and 2."""

    url: str
    values: Optional[List[Any]] = Field(default=None, **_min_length_arg(1))
    label: str = LABEL
    legacy: bool = LEGACY

    if PYDANTIC_V2:
        model_config = ConfigDict(extra="allow", json_schema_extra={"examples": EXAMPLES})
    else:

        class Config:
            extra = "forbid"
'''


def test_a_compatibility_layer_for_both_pydantics_equals_pydantic(tmp_path: Path) -> None:
    """A module that supports pydantic 1 and 2 the way openapi-pydantic does reads as pydantic 2 reads it: the version
    taken apart (`int(VERSION.split(".", 1)[0]) >= 2`) decides the class body's `if`, a `Field` takes the keywords
    of a dict a function of the package returns (`**_min_length_arg(1)`), and the configuration's
    `json_schema_extra` may name a constant."""
    from conftest import importable, messages, scan_source, tools_of

    source = COMPAT + "\n\ndef read(document: Document) -> None:\n    '''Read.'''\n"
    generation = scan_source(tmp_path, source)
    assert not messages(generation)
    ours = tools_of(generation)["read"]["parameters"]
    assert ours["$defs"]["Document"]["additionalProperties"] is True
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").read))
    assert mine == theirs


ENUM_MEMBERS_GIVEN = '''import enum
from typing import List, Optional, Tuple, Union

from pydantic import BaseModel
from pydantic.dataclasses import dataclass


class Level(enum.IntEnum):
    LOW = 1


class Mood(enum.Enum):
    A = 1


FAVOURITE = Level.LOW
FAVOURITES = [FAVOURITE, 2]


class Holder(BaseModel):
    first: Union[Level, float] = 2
    later: Union[float, Level] = 2
    plain: float = 0
    items: List[Union[float, Level]] = []
    pair: Tuple[Union[float, Level], int] = (0, 0)
    mood: Optional[Union[float, Mood]] = None
    nested: List[List[Union[float, Level]]] = []
    named: Union[float, Level] = 2


@dataclass
class Checked:
    a: Union[float, Level]
    b: Union[float, Level] = 0


def hold(h: Holder = Holder(first=Level.LOW, later=Level.LOW, plain=Level.LOW, items=FAVOURITES,
                            pair=(Level.LOW, 1), mood=Mood.A, nested=[[Level.LOW]], named=FAVOURITE),
         c: Checked = Checked(Level.LOW, b=Level.LOW)) -> None:
    """Hold."""
'''


def test_an_enum_member_given_to_a_record_is_taken_by_its_own_class(tmp_path: Path) -> None:
    """pydantic's smart union validates an Enum's member with the Enum itself, wherever that is in the union, and its
    serializer writes it so: `Level.LOW` for `Union[float, Level]` stays a member and is dumped as `1`, where the
    same value as a plain int becomes `1.0`. As a list's or tuple's item too, and named by a constant; a plain `float`
    field makes it `1.0`."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, ENUM_MEMBERS_GIVEN)
    assert messages(generation) == []
    ours = tools_of(generation)["hold"]["parameters"]
    assert _typed(ours["properties"]["h"]["default"]) == _typed(
        {"first": 1, "later": 1, "plain": 1.0, "items": [1, 2.0], "pair": [1, 1], "mood": 1, "nested": [[1]],
         "named": 1}
    )
    assert _typed(ours["properties"]["c"]["default"]) == _typed({"a": 1, "b": 1})
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").hold))
    assert mine == theirs


SERIALIZED_CONSTANT = '''from typing import Any, Literal, Optional, TypeVar, Union
from pydantic import BaseModel, model_serializer
from typing_extensions import TypeAliasType


class Unset(BaseModel):
    @model_serializer(mode="plain")
    def serialize_model(self):
        return UNSET_SENTINEL

    def __bool__(self) -> Literal[False]:
        return False


UNSET = Unset()
UNSET_SENTINEL = "~?~unset~?~sentinel~?~"
T = TypeVar("T")
Nullable = TypeAliasType("Nullable", Union[T, None], type_params=(T,))
OptionalNullable = TypeAliasType("OptionalNullable", Union[Optional[Nullable[T]], Unset], type_params=(T,))


class ImageURL(BaseModel):
    url: str
    detail: OptionalNullable[str] = UNSET


def t(image: ImageURL = ImageURL(url="x"), other: Unset = Unset(), listed: list = [UNSET],
      detail: OptionalNullable[str] = UNSET) -> None:
    """T."""


class Doc(BaseModel):
    """Doc."""
    @model_serializer
    def ser(self) -> str:
        """Plain."""
        return "fixed"


class Own(BaseModel):
    a: int = 1
    @model_serializer(mode="plain")
    def ser(self) -> dict:
        return {"a": self.a}


def u(d: Doc = Doc(), o: Own = Own()) -> None:
    """U."""
'''


def test_a_model_serialized_as_a_constant_is_written_so(tmp_path: Path) -> None:
    """A model whose only code is a plain `model_serializer` returning a module's constant dumps as that constant:
    Speakeasy's SDKs (mistralai) default each optional field to such an `Unset()`, which pydantic writes as
    `"~?~unset~?~sentinel~?~"`. A serializer that reads the instance is not run: that default is reported."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, SERIALIZED_CONSTANT)
    assert messages(generation) == [
        "demo/tools.py:47:32: warning: default of `o` (`Own()`) is not a literal; the parameter is optional but its "
        "default is not shown"
    ]
    tools = tools_of(generation)
    assert tools["t"]["parameters"]["properties"]["detail"]["default"] == "~?~unset~?~sentinel~?~"
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        for name in ("t", "u"):
            mine, theirs = comparable(tools[name]["parameters"], runtime_schema(getattr(module, name)))
            if name == "u":  # `Own()`'s default, reported
                del theirs["properties"]["o"]["default"]
            assert mine == theirs


CALL_NAMED_OTHER = '''import enum
from typing import NamedTuple, Union
from typing_extensions import TypedDict, TypeAliasType
RerankDocument = NamedTuple("Document", [("text", str)])
Shade = enum.Enum("Colour", ["RED", "BLUE"])
Movie = TypedDict("Film", {"name": str})
Alias = TypeAliasType("Numbers", Union[int, str])
'''

CALL_NAMED_TOOLS = '''import enum
from typing import NamedTuple, Union
from typing_extensions import TypedDict, TypeAliasType
from demo.other import RerankDocument, Shade, Movie, Alias
class Document(NamedTuple):
    title: int
class Colour(enum.Enum):
    X = "x"
class Film(TypedDict):
    year: int
Numbers = TypeAliasType("Numbers", Union[int, bytes])
def v(b: Document, d: Colour, f: Film, h: Numbers) -> None:
    """V."""
def u(a: RerankDocument, c: Shade, e: Movie, g: Alias) -> None:
    """U."""
def t(a: RerankDocument, b: Document, c: Shade, d: Colour, e: Movie, f: Film, g: Alias, h: Numbers) -> None:
    """T."""
'''


def test_a_type_a_call_makes_is_named_by_its_calls_name(tmp_path: Path) -> None:
    """A NamedTuple, Enum, TypedDict or `TypeAliasType` that a call makes is named in `$defs` by the name given to
    the call, as pydantic names it (cohere's `RerankDocument = NamedTuple("Document", ...)` is `Document`), and by
    its module and that name where another type takes it too (`demo__other__Document`), not by the attribute's."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, CALL_NAMED_TOOLS, {"other": CALL_NAMED_OTHER})
    assert messages(generation) == []
    tools = tools_of(generation)
    assert sorted(tools["u"]["parameters"]["$defs"]) == ["Colour", "Document", "Film", "Numbers"]
    assert "demo__other__Document" in tools["t"]["parameters"]["$defs"]
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        for name in ("t", "u", "v"):
            mine, theirs = comparable(tools[name]["parameters"], runtime_schema(getattr(module, name)))
            assert mine == theirs


ALIASED_ARGUMENTS = '''from typing import Generic, List, Optional, TypeVar, Union
from pydantic import BaseModel
from typing_extensions import TypeAliasType
T = TypeVar("T")
class Wandb(BaseModel):
    a: int = 1
Integrations = Wandb
Again = Integrations
Nullable = TypeAliasType("Nullable", Union[T, None], type_params=(T,))
class Page(BaseModel, Generic[T]):
    items: List[T] = []
def t(a: Nullable[List[Integrations]], b: Page[Again], c: Page[Optional[Integrations]] = None) -> None:
    """T."""
'''


def test_a_generics_argument_named_by_a_plain_alias_shows_the_type_it_names(tmp_path: Path) -> None:
    """A specialized generic's `$defs` name shows its arguments as they are at run time: a plain alias of a class
    (mistralai's `ClassifierDetailedJobOutIntegrations = WandbIntegrationOut`) is the class, so
    `Nullable[List[Integrations]]` is `Nullable_List_Wandb__`, as pydantic names it."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, ALIASED_ARGUMENTS)
    assert messages(generation) == []
    ours = tools_of(generation)["t"]["parameters"]
    assert {"Nullable_List_Wandb__", "Page_Wandb_"} <= set(ours["$defs"])
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").t))
    assert mine == theirs


REEXPORTED_TYPES = '''from ipaddress import IPv4Address as Address, IPv6Address

from demo.models import Item as Item

Address = Address  # a re-export, as browser-use's `Playwright = Playwright`
Item = Item
Either = Address | IPv6Address
'''

REEXPORTED_MODELS = '''from pydantic import BaseModel


class Item(BaseModel):
    name: str
'''

REEXPORT_USER = '''from typing import List, Optional

from demo.types import Address, Either, Item


def t(a: Address, b: Optional[Either] = None, items: List[Item] = []) -> None:
    """T."""
'''


def test_a_name_assigned_itself_after_its_import_is_what_the_import_bound(tmp_path: Path) -> None:
    """`from x import A as A` then `A = A`: griffe keeps the assignment, whose value named the assignment itself, so
    that the scan left the type open (`{}`) with "cannot be resolved statically", in the module and where it is
    imported from it. It is what the import bound."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, REEXPORT_USER, {"types": REEXPORTED_TYPES, "models": REEXPORTED_MODELS})
    assert messages(generation) == []
    ours = tools_of(generation)["t"]["parameters"]
    assert ours["properties"]["a"] == {"type": "string", "format": "ipv4"}
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").t))
    assert mine == theirs


EXTRA_FUNCTIONS = '''from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict

KINDS = ["read", "write"]


def _conditions(schema: dict[str, Any]) -> None:
    """Say which fields each action needs."""
    schema["allOf"] = [{"if": {"properties": {"action": {"enum": KINDS}}}, "then": {"required": ["path"]}}]
    schema.update({"examples": [{"action": "read", "path": "a"}]})
    return


def _shown(schema, cls):
    shown = schema
    shown["x-shown"] = True


class FileSchema(BaseModel):
    model_config = {"json_schema_extra": _conditions}
    action: Literal["read", "write", "list"]
    path: Optional[str] = None


class Kept(BaseModel):
    model_config = ConfigDict(json_schema_extra=lambda schema: schema.update(deprecated=True))
    a: int = 1


class Shown(Kept):
    model_config = ConfigDict(json_schema_extra=_shown)


def f(file: FileSchema, kept: Kept, shown: Shown) -> None:
    """F."""
'''


def test_a_json_schema_extra_function_that_sets_keys_is_read(tmp_path: Path) -> None:
    """A configuration's `json_schema_extra` function that only sets keys of the schema it is given (crewai-tools'
    `schema["allOf"] = [...]`, `.update(...)`, a lambda, through another name) changes the schema as pydantic's
    call of it does; it was reported as a function not run, and left out."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, EXTRA_FUNCTIONS)
    assert messages(generation) == []
    ours = tools_of(generation)["f"]["parameters"]
    assert ours["$defs"]["FileSchema"]["allOf"][0]["if"]["properties"]["action"]["enum"] == ["read", "write"]
    assert ours["$defs"]["Shown"]["x-shown"] is True and "deprecated" not in ours["$defs"]["Shown"]
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").f))
    assert mine == theirs


FACTORY_FIELDS = '''import abc
import dataclasses
from typing import Dict, List, Literal

from pydantic import BaseModel, Field


def _fresh() -> List[str]:
    return ["x"]


class Pattern(BaseModel, abc.ABC):
    @abc.abstractmethod
    def apply(self) -> None:
        raise NotImplementedError


class Rclone(Pattern):
    mode: Literal["fuse", "nfs"] = "fuse"
    extra_args: List[str] = Field(default_factory=list)
    options: Dict[str, int] = Field(default_factory=lambda: {"retries": 3})

    def apply(self) -> None:
        return None


@dataclasses.dataclass
class Mount:
    paths: List[str] = dataclasses.field(default_factory=list)


class Computed(BaseModel):
    names: List[str] = Field(default_factory=_fresh)


class Strategy(BaseModel):
    pattern: Rclone = Rclone(mode="nfs")
    mount: Mount = Mount()
    computed: Computed = Computed()
'''

FACTORY_USER = '''from demo.models import Strategy


def t(strategy: Strategy) -> None:
    """T."""
'''


def test_an_instance_default_holds_what_its_fields_factories_make(tmp_path: Path) -> None:
    """A model or dataclass instance as a default, a field of which has a `default_factory` of a builtin type or a
    lambda returning a literal: its dump holds what the factory makes, as pydantic's does (the openai Agents SDK's
    `RcloneMountPattern(mode="fuse")`, whose abstract base derives from `abc.ABC` too). Such an instance was reported
    as a default not shown; one whose factory is a function of the package still is."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, FACTORY_USER, {"models": FACTORY_FIELDS})
    assert messages(generation) == [
        "demo/models.py:39:5: warning: default of `computed` is not a value the scan can write as pydantic does; it is "
        "left out of the schema"
    ]
    ours = tools_of(generation)["t"]["parameters"]
    shown = ours["$defs"]["Strategy"]["properties"]
    assert shown["pattern"]["default"] == {"mode": "nfs", "extra_args": [], "options": {"retries": 3}}
    assert shown["mount"]["default"] == {"paths": []}
    assert "default" not in ours["$defs"]["Rclone"]["properties"]["extra_args"]  # pydantic shows no factory's value
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").t))
    del theirs["$defs"]["Strategy"]["properties"]["computed"]["default"]
    assert mine == theirs


ANY_WITH_EXTRAS = '''from typing import Any
from pydantic import BaseModel, Field

class M(BaseModel):
    a: Any = Field([1], description="About a.", unit="u")
    b: Any = Field(None, json_schema_extra={"x-kind": "free"})
    c: Any = Field(None, json_schema_extra={"type": "string"})

def f(m: M = M(a="s", b=[1, 2])) -> None:
    """F."""
def g(m: M = M(c="s")) -> None:
    """G."""
'''


def test_a_record_instance_gives_an_any_field_with_words_of_its_own_anything(tmp_path: Path) -> None:
    """A record instance's value for an `Any` field is kept as it is, as pydantic keeps it, where the field's
    `json_schema_extra` (or `Field`'s extra keywords, `unit="u"`) adds words that validate nothing: the default was
    reported as not read (fuzzer seed 364495)."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, ANY_WITH_EXTRAS)
    assert messages(generation) == []
    tools = tools_of(generation)
    assert tools["f"]["parameters"]["properties"]["m"]["default"]["a"] == "s"
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        for name in ("f", "g"):
            mine, theirs = comparable(tools[name]["parameters"], runtime_schema(getattr(module, name)))
            assert mine == theirs


MIXED_SETS = '''import datetime
from decimal import Decimal
from typing import FrozenSet, Optional, Set, Union

from pydantic import NegativeInt


def f(durations: Set[Union[datetime.timedelta, NegativeInt]] = {datetime.timedelta(days=2, seconds=3), -3},
      decimals: FrozenSet[Union[Decimal, int]] = frozenset({Decimal("1.5"), 7, 2})) -> None:
    """F."""


def g(maybe: FrozenSet[Optional[Decimal]] = frozenset({None, Decimal("1.5")})) -> None:
    """G."""
'''


def test_a_default_set_of_values_that_do_not_compare_is_in_pythons_order(tmp_path: Path) -> None:
    """pydantic sorts a default set, but keeps the order Python iterates it in where its items do not compare (a
    duration beside a number): that order is the same in every run where their hashes are, and is the one written
    (fuzzer seed 365275). So is a decimal beside None, as Python 3.12 and later iterate it (None's hash followed its
    address before; seed 368800)."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, MIXED_SETS)
    assert messages(generation) == []
    tools = tools_of(generation)
    assert tools["f"]["parameters"]["properties"]["durations"]["default"] == [-3, "P2DT3S"]
    assert tools["g"]["parameters"]["properties"]["maybe"]["default"] == [None, "1.5"]
    with importable(tmp_path / "proj", "demo"):
        module = importlib.import_module("demo.tools")
        for name in ("f", "g") if sys.version_info >= (3, 12) else ("f",):
            mine, theirs = comparable(tools[name]["parameters"], runtime_schema(getattr(module, name)))
            assert mine == theirs


NAMEDTUPLE_SETS = '''from typing import FrozenSet, List, NamedTuple, Set

from pydantic import BaseModel


class Pair(NamedTuple):
    """A pair."""

    n: int
    word: str


class Point(NamedTuple):
    """A point."""

    x: float
    y: int


class Shape(BaseModel):
    corners: Set[Point] = {Point(3, 2), Point(0, 2), Point(0.0, 2)}


def f(pairs: Set[Pair] = {Pair(1, "b"), Pair(1, "a"), Pair(0, "z")},
      points: FrozenSet[Point] = frozenset({Point(1.5, 2), Point(0.5, 3)}),
      layers: List[Set[Point]] = [{Point(1, 2), Point(0, 2)}], shape: Shape = Shape()) -> None:
    """F."""
'''


def test_a_default_set_of_namedtuples_is_sorted_as_tuples(tmp_path: Path) -> None:
    """A NamedTuple equals and sorts as the tuple of what it holds: pydantic writes a default set of them sorted, each
    as the list it holds, untyped (`Point(3, 2)` under `x: float` is `[3, 2]`), the equal ones once. The scan reported
    such a default as not shown, the fuzzer's most frequent `unshown`."""
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, NAMEDTUPLE_SETS)
    assert messages(generation) == []
    ours = tools_of(generation)["f"]["parameters"]
    assert ours["properties"]["pairs"]["default"] == [[0, "z"], [1, "a"], [1, "b"]]
    assert ours["$defs"]["Shape"]["properties"]["corners"]["default"] == [[0, 2], [3, 2]]
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").f))
    assert mine == theirs


def test_a_private_name_of_a_models_plain_base_is_no_field(tmp_path: Path) -> None:
    """A model's fields come from the annotations of every class it derives from, plain ones too (beanie's `View`
    and its `FindInterface`), but a name starting with `_` is a private attribute wherever it is written."""
    from conftest import importable, scan_source, tools_of

    source = (
        "from typing import ClassVar\n\nfrom pydantic import BaseModel\n\n\n"
        "class Mixin:\n    _inited: bool = False\n    plain: int = 3\n    kept: ClassVar[int] = 1\n\n\n"
        "class View(BaseModel, Mixin):\n    _own: int = 0\n    name: str = ''\n\n\n"
        "def show(v: View) -> None:\n    '''Show.'''\n"
    )
    generation = scan_source(tmp_path, source)
    ours = tools_of(generation)["show"]["parameters"]
    assert list(ours["$defs"]["View"]["properties"]) == ["plain", "name"]
    with importable(tmp_path / "proj", "demo"):
        mine, theirs = comparable(ours, runtime_schema(importlib.import_module("demo.tools").show))
    assert mine == theirs


@pytest.mark.skipif(sys.version_info < (3, 12), reason="PEP 695 generic classes need Python 3.12 to parse")
def test_pep695_generic_models_equal_pydantic(tmp_path: Path) -> None:
    from conftest import importable, messages, scan_source, tools_of

    generation = scan_source(tmp_path, PEP695_GENERICS)
    assert not [m for m in messages(generation) if "cannot be resolved" in m]
    with importable(tmp_path / "proj", "demo"):  # pydantic specializes in the module's namespace: a real module
        module = importlib.import_module("demo.tools")
        for name, tool in tools_of(generation).items():
            mine, theirs = comparable(tool["parameters"], runtime_schema(getattr(module, name)))
            assert mine == theirs, name


@pytest.mark.skipif(sys.version_info < (3, 12), reason="PEP 695 generic classes need Python 3.12 to parse")
def test_pep695_a_method_reads_its_classs_type_parameters(tmp_path: Path) -> None:
    from conftest import messages, scan_source

    source = "class Stack[T: int]:\n    def push[U: str](self, item: T, label: U) -> None:\n        '''Push.'''\n"
    generation = scan_source(tmp_path, source)
    assert not [m for m in messages(generation) if "cannot be resolved" in m]
    (entry,) = json.loads(generation.packages[0].json)["classes"]
    (push,) = entry["methods"]
    assert push["parameters"]["properties"] == {"item": {"type": "integer"}, "label": {"type": "string"}}


@pytest.mark.skipif(sys.version_info < (3, 13), reason="PEP 696 type parameter defaults need Python 3.13 to parse")
def test_pep696_type_parameter_defaults_equal_pydantic(tmp_path: Path) -> None:
    from conftest import importable, scan_source, tools_of

    source = "def defaults[A: int = bool, B = str](a: A, b: list[B]) -> None:\n    '''The default wins.'''\n"
    generation = scan_source(tmp_path, source)
    with importable(tmp_path / "proj", "demo"):
        theirs = runtime_schema(importlib.import_module("demo.tools").defaults)
    ours = tools_of(generation)["defaults"]["parameters"]
    assert ours["properties"] == {"a": {"type": "boolean"}, "b": {"type": "array", "items": {"type": "string"}}}
    mine, theirs = comparable(ours, theirs)
    assert mine == theirs


# -- Random annotations: the same comparison on compositions nobody wrote by hand --------------------------------------

RANDOM_HEADER = '''from __future__ import annotations

import collections.abc
import dataclasses
import datetime
import decimal
import enum
import pathlib
import typing
import uuid
import pydantic
from typing import Any, Annotated, Dict, FrozenSet, List, Literal, Mapping, NamedTuple, Optional, Sequence, Set, Tuple, Union

from pydantic import BaseModel, Field, RootModel, StringConstraints
from typing_extensions import NotRequired, TypedDict


class Color(enum.Enum):
    """A color."""

    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@dataclasses.dataclass
class Point:
    """A point."""

    x: int
    y: float = 0.0


class Box(BaseModel):
    """A box."""

    size: Annotated[int, Field(ge=1)]
    color: Color = Color.BLUE
    label: Optional[str] = None


class Movie(TypedDict):
    title: str
    year: int


class Pair(NamedTuple):
    left: int
    right: str = "r"


class Ordered(TypedDict, total=False):
    first: int
    second: NotRequired[str]


@dataclasses.dataclass
class Inventory:
    items: list[Point] = dataclasses.field(default_factory=list)
    owner: Optional[Box] = None


class Tree(BaseModel):
    value: int
    children: list[Tree] = []


class Ids(RootModel[List[int]]):
    """Some ids."""


class Settings(BaseModel):
    size: Annotated[int, Field(2, ge=0)]
    tags: Annotated[list[str], Field(default_factory=list)]


class Spot(NamedTuple):
    x: int = 0


LIMIT = 7
FAVOURITE = Color.RED
PAIR = (LIMIT, "x")
'''
RANDOM_LEAVES = [
    "int", "str", "float", "bool", "None", "Any", "object", "dict", "list", "bytes", "decimal.Decimal", "pathlib.Path",
    "datetime.date", "datetime.datetime", "datetime.time", "datetime.timedelta", "uuid.UUID",
    "Color", "Level", "Point", "Box", "Movie", "Pair", "Tree", "Ordered", "Inventory", "typing.Any", "set",
    "tuple", "float | int", "Literal[Color.RED]", "Literal[Level.HIGH, Level.LOW]",
    "Annotated[int, Field(ge=0, le=9)]", "Annotated[float, Field(gt=0.5, multiple_of=0.5)]",
    "Annotated[str, Field(min_length=2, pattern='^a')]", "Annotated[list[int], Field(max_length=3)]",
    "Annotated[Color, Field(description='c')]", "Annotated[decimal.Decimal, Field(ge=1)]", "pydantic.PositiveInt",
    "pydantic.HttpUrl", "pydantic.SecretStr", "pydantic.conint(ge=1, le=5)", "pydantic.constr(max_length=4)",
    "Ids", "typing.Counter[str]", "Annotated[str, StringConstraints(min_length=1, to_lower=True)]",
    "pydantic.Json[list[int]]", "pydantic.Json", "collections.OrderedDict[str, int]", "collections.defaultdict[str, list[int]]",
    "Settings", "Spot",
]  # fmt: skip
RANDOM_DEFAULTS = ["", " = None", " = 1", " = -1", " = 1e3", " = 'a'", " = 'a\\nb'", " = b'x'", " = 2.5", " = True",
                   " = ()", " = (1, 2)", " = [1]", " = {}", " = Color.RED", " = Level.LOW", " = Field(default=3)",
                   " = Field(None, description='fd')", " = LIMIT", " = FAVOURITE", " = Field(LIMIT)",
                   " = pathlib.Path('a//b/')", " = datetime.date(2024, 2, 29)", " = decimal.Decimal('1.50')",
                   " = uuid.UUID(int=1)", " = datetime.time(1, 2, 3, 4)", " = Field(default_factory=list)",
                   " = Field(FAVOURITE, description='f')", " = PAIR", " = datetime.datetime(2024, 1, 2, 3, 4)",
                   " = datetime.timedelta(400, -0.5, hours=3)"]  # fmt: skip


def random_annotation() -> Any:
    from hypothesis import strategies as st

    # no 0 or 1 beside the booleans: with `Literal[0, None]` and `Literal[False, None]` in one union (0 == False),
    # pydantic keeps one or both depending on what the process built before (seen on Python 3.12, 1 run in 30)
    literal = st.lists(st.sampled_from([-3, -2, -1, 2, 3, "a", "b", "x y"]) | st.booleans() | st.none(),
                       min_size=1, max_size=3, unique_by=repr).map(lambda v: f"Literal[{', '.join(map(repr, v))}]")  # fmt: skip
    one = ["list[{}]", "List[{}]", "Sequence[{}]", "collections.abc.Sequence[{}]", "set[{}]", "Set[{}]", "frozenset[{}]",
           "FrozenSet[{}]", "tuple[{}, ...]", "Tuple[{}, ...]", "dict[str, {}]", "Dict[str, {}]", "Mapping[str, {}]",
           "Optional[{}]", "typing.Optional[{}]", "{} | None", "Annotated[{}, Field(description='w')]",
           "dict[Color, {}]", "Dict[Literal['k', 'v'], {}]"]  # fmt: skip
    two = ["Union[{}, {}]", "typing.Union[{}, {}]", "{} | {}", "tuple[{}, {}]", "Tuple[{}, {}]"]

    def compose(inner: Any) -> Any:
        wrapped = st.tuples(st.sampled_from(one), inner).map(lambda t: t[0].format(t[1]))
        paired = st.tuples(st.sampled_from(two), inner, inner).map(lambda t: t[0].format(t[1], t[2]))
        return (wrapped | paired).filter(lambda text: "None | None" not in text)  # fails in Python itself

    return st.recursive(st.sampled_from(RANDOM_LEAVES) | literal, compose, max_leaves=4)


def unordered(value: Any) -> Any:
    """`enum` and `anyOf` members sorted: typing caches `Literal` and `Union` objects by their set of members, so at run
    time a module may get back the order another annotation wrote (see ORDER_ONLY); the fixed suite checks order."""
    import json

    if isinstance(value, list):
        return [unordered(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: unordered(v) for k, v in value.items()}
    for key in ("enum", "anyOf"):
        if key in out:
            out[key] = sorted(out[key], key=lambda v: json.dumps(v, sort_keys=True))
    return out


def describes_tree(annotation: str, default: str) -> bool:
    """A description given to the recursive model, or beside it. pydantic (2.14) writes such a description into the
    model's shared reference, and later schemas in the process that refer to the model show it (1 run in 25)."""
    return "Tree" in annotation and "description=" in annotation + default


def test_random_annotations_equal_pydantic(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Random compositions of the supported types, classes and defaults: each static schema equals pydantic's."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    from conftest import importable, scan_source, tools_of

    parameter = st.tuples(random_annotation(), st.sampled_from(RANDOM_DEFAULTS)).filter(lambda p: not describes_tree(*p))

    # no shrinking: each step is a scan, and the failure names the annotation anyway
    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None,
              phases=[Phase.generate])  # fmt: skip
    @given(st.lists(parameter, min_size=12, max_size=12))
    def check(parameters: list[tuple[str, str]]) -> None:
        source = RANDOM_HEADER + "".join(
            f"\n\ndef f_{i}(a: {annotation}{default}) -> {annotation}:\n    '''F.'''\n"
            for i, (annotation, default) in enumerate(parameters)
        )
        root = tmp_path_factory.mktemp("random")
        tools = tools_of(scan_source(root, source, include=("demo.tools:f_*",)))
        with importable(root / "proj", "demo"):
            module = importlib.import_module("demo.tools")
            for i, (annotation, default) in enumerate(parameters):
                func = getattr(module, f"f_{i}")
                ours, theirs = comparable(tools[f"f_{i}"]["parameters"], runtime_schema(func))
                assert unordered(ours) == unordered(theirs), f"a: {annotation}{default}"
                returned = strip_titles(TypeAdapter(typing.get_type_hints(func, include_extras=True)["return"]).json_schema())
                assert unordered(tools[f"f_{i}"]["returns"]["schema"]) == unordered(returned), f"-> {annotation}"

    check()


# -- Random classes: fields written every way pydantic reads them ---------------------------------------------------

CLASS_KINDS = {
    "model": "class C{i}(BaseModel):\n{config}",
    "dataclass": "@dataclasses.dataclass(kw_only=True)\nclass C{i}:\n{config}",  # fields in any order
    "typeddict": "class C{i}(TypedDict{total}):\n{config}",
    "pydantic_dataclass": "@pydantic.dataclasses.dataclass(kw_only=True{settings})\nclass C{i}:\n{config}",
    "namedtuple": "class C{i}(NamedTuple):\n{config}",
}
FIELD_TYPES = ["int", "str", "Optional[float]", "list[int]", "Color", "Literal['a', 'b']", "datetime.date", "Pair"]
FIELD_METADATA = ["", "Field(description='m')", "Field(3)", "Field(default='d')", "Field(alias='renamed')",
                  "Field(description=TEXT)", "Field(default_factory=list)", "Field(examples=[1])"]  # fmt: skip
FIELD_VALUES = ["", " = None", " = 1", " = 'v'", " = LIMIT", " = Color.RED", " = Field(2, description='f')",
                " = Field(LIMIT)", " = Field(default_factory=list)"]  # fmt: skip
CONFIGS = ["", "use_attribute_docstrings=True", "extra='forbid'", "alias_generator=to_camel",
           "use_attribute_docstrings=True, extra='allow'"]  # fmt: skip


def random_class(index: int, kind: str, config: str, total: bool, fields: list[tuple[str, str, str, bool]]) -> str:
    """A class of the given kind; each field is (type, `Field` metadata, value, docstring)."""
    lines = []
    if kind == "namedtuple":
        config = ""  # a NamedTuple takes no configuration
    if config and kind != "pydantic_dataclass":
        name = "model_config" if kind == "model" else "__pydantic_config__"
        lines.append(f"    {name} = ConfigDict({config})")
    for number, (annotation, metadata, value, documented) in enumerate(fields):
        metadata = metadata.replace("'renamed'", f"'renamed{number}'")
        if kind == "typeddict" or (kind == "namedtuple" and "Field" in value):
            value = ""  # a TypedDict's fields take no values; a NamedTuple's, no `Field`
        if kind == "namedtuple" and any(earlier[2] and "Field" not in earlier[2] for earlier in fields[:number]):
            value = value or " = None"  # after a field with a default, each has one
        if value and any(given in metadata for given in ("Field(3)", "default=", "default_factory")):
            metadata = ""  # pydantic refuses two defaults
        written = f"Annotated[{annotation}, {metadata}]" if metadata else annotation
        lines.append(f"    f{number}: {written}{value}")
        if documented:
            lines.append(f"    '''Field {number} of class {index}.'''")
    body = "\n".join(lines) or "    pass"
    settings = f", config=ConfigDict({config})" if config and kind == "pydantic_dataclass" else ""
    return CLASS_KINDS[kind].format(i=index, config=body + "\n", total="" if total else ", total=False", settings=settings)


def test_random_classes_equal_pydantic(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Random models, dataclasses and TypedDicts, their fields given defaults, `Field`s, aliases, docstrings and
    configuration in the ways pydantic reads them: each static schema equals pydantic's."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    from conftest import importable, scan_source, tools_of

    field = st.tuples(st.sampled_from(FIELD_TYPES), st.sampled_from(FIELD_METADATA), st.sampled_from(FIELD_VALUES),
                      st.booleans())  # fmt: skip
    cls = st.tuples(st.sampled_from(sorted(CLASS_KINDS)), st.sampled_from(CONFIGS), st.booleans(),
                    st.lists(field, min_size=1, max_size=4))  # fmt: skip

    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None,
              phases=[Phase.generate])  # fmt: skip
    @given(st.lists(cls, min_size=8, max_size=8))
    def check(classes: list[tuple[str, str, bool, list[tuple[str, str, str, bool]]]]) -> None:
        header = RANDOM_HEADER + "\nfrom pydantic import ConfigDict\nfrom pydantic.alias_generators import to_camel\n\nTEXT = 'a constant'\n"
        source = header + "".join(
            f"\n\n{random_class(i, *spec)}\n\ndef f_{i}(a: C{i}) -> None:\n    '''F.'''\n" for i, spec in enumerate(classes)
        )
        root = tmp_path_factory.mktemp("classes")
        tools = tools_of(scan_source(root, source, include=("demo.tools:f_*",)))
        with importable(root / "proj", "demo"):
            module = importlib.import_module("demo.tools")
            for i in range(len(classes)):
                ours, theirs = comparable(tools[f"f_{i}"]["parameters"], runtime_schema(getattr(module, f"f_{i}")))
                assert unordered(ours) == unordered(theirs), random_class(i, *classes[i])

    check()
