# The generated module at run time: stdlib-only import, OpenAI/Anthropic payloads, and call()/acall() checking.
from __future__ import annotations

import ast
import asyncio
import copy
import importlib
import inspect
import json
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any, Dict

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

STRICT_KEYWORDS = {  # as OpenAI documents them for structured outputs
    "type", "properties", "required", "additionalProperties", "enum", "const", "anyOf", "$ref", "$defs",
    "description", "items", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minItems", "maxItems",
}  # fmt: skip


def assert_openai_strict(schema: dict[str, Any], path: str = "$") -> None:
    """OpenAI structured-output rules, at every depth: closed objects, all properties required, known keywords."""
    unknown = set(schema) - STRICT_KEYWORDS
    assert not unknown, f"{path}: keywords not allowed in strict mode: {unknown}"
    if "$ref" in schema:
        assert len(schema) == 1, f"{path}: $ref must stand alone"
    if schema.get("type") == "object" or "properties" in schema:
        assert schema.get("additionalProperties") is False, f"{path}: object not closed"
        assert set(schema.get("required", [])) == set(schema.get("properties", {})), f"{path}: not all required"
    for name, child in schema.get("properties", {}).items():
        assert_openai_strict(child, f"{path}.{name}")
    for name, child in schema.get("$defs", {}).items():
        assert_openai_strict(child, f"{path}.$defs.{name}")
    for index, child in enumerate(schema.get("anyOf", [])):
        assert_openai_strict(child, f"{path}.anyOf[{index}]")
    if isinstance(schema.get("items"), dict):
        assert_openai_strict(schema["items"], f"{path}[]")


def test_import_loads_no_third_party_library(example_module: Any) -> None:
    root = Path(example_module.__file__).parent.parent
    code = (
        "import sys; import travel_tools._tool_schemas as m; m.openai_tools(); m.anthropic_tools(); "
        "m.openai_tools(strict=True); "
        "bad = [n for n in ('langchain_core', 'smolagents', 'mcp', 'openai', 'agents', 'pydantic', 'anyio', 'hatch_toolschema') "
        "if n in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _run_fresh(example_module: Any, code: str) -> str:
    root = Path(example_module.__file__).parent.parent
    return subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True).stdout


def test_built_data_goes_to_the_oldest_generation_and_collection_resumes(example_module: Any) -> None:
    code = (
        "import gc; import travel_tools._tool_schemas as m; tools = m.openai_tools(); data = m.TOOLS; "
        "young = {id(o) for g in (0, 1) for o in gc.get_objects(generation=g)}; "
        "print(id(data) in young, id(data[0]['parameters']) in young, gc.isenabled(), gc.get_freeze_count())"
    )
    assert _run_fresh(example_module, code).split() == ["False", "False", "True", "0"]


def test_objects_the_host_froze_stay_frozen(example_module: Any) -> None:
    code = (
        "import gc; keep = [[i] for i in range(100)]; gc.freeze(); "
        "import travel_tools._tool_schemas as m; m.openai_tools(); m.TOOLS; gc.disable(); m.CLASSES; "
        "tracked = {id(o) for o in gc.get_objects()}; "  # generations 0 to 2: not the frozen ones
        "print(id(keep) in tracked, id(m.TOOLS) in tracked, gc.isenabled())"
    )
    assert _run_fresh(example_module, code).split() == ["False", "True", "False"]


def test_openai_tools_shape(example_module: Any) -> None:
    tools = example_module.openai_tools()
    assert [t["function"]["name"] for t in tools] == [t["name"] for t in example_module.TOOLS]
    forecast = next(t for t in tools if t["function"]["name"] == "get_forecast")
    assert forecast == {"type": "function", "function": {
        "name": "get_forecast",
        "description": "Get the daily high temperature forecast for a city.",
        "parameters": example_module.TOOLS[4]["parameters"],
    }}  # fmt: skip
    assert "strict" not in forecast["function"]


def test_every_strict_schema_follows_openai_rules(example_module: Any) -> None:
    for tool in example_module.openai_tools(strict=True):
        function = tool["function"]
        assert function["strict"] is True, function["name"]
        assert_openai_strict(function["parameters"])


def test_strict_schemas_are_built_once_and_each_call_gets_its_own_dicts(example_module: Any) -> None:
    first, second = example_module.openai_tools(strict=True), example_module.openai_tools(strict=True)
    assert first == second
    assert all(a["function"]["parameters"] is b["function"]["parameters"] for a, b in zip(first, second))
    first[0]["function"]["strict"] = "changed by a host"
    assert example_module.openai_tools(strict=True)[0]["function"]["strict"] is True


def test_strict_defaulted_parameter_becomes_nullable(example_module: Any) -> None:
    (forecast,) = [t["function"] for t in example_module.openai_tools(strict=True) if t["function"]["name"] == "get_forecast"]
    days = forecast["parameters"]["properties"]["days"]
    assert days == {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "How many days ahead to forecast, from 1 to 7."}
    # and call() reads that null as "use the default"
    assert example_module.call("get_forecast", {"city": "Oslo", "days": None, "unit": None}) == example_module.call(
        "get_forecast", {"city": "Oslo"}
    )


def test_responses_and_anthropic_payloads(example_module: Any) -> None:
    (responses,) = [t for t in example_module.openai_responses_tools() if t["name"] == "air_quality"]
    assert responses["type"] == "function" and responses["parameters"]["required"] == ["city"]
    (anthropic,) = [t for t in example_module.anthropic_tools() if t["name"] == "air_quality"]
    assert set(anthropic) == {"name", "description", "input_schema"}
    assert anthropic["input_schema"]["properties"]["include_pollen"]["default"] is False


SAMPLES = {
    "get_forecast": {"city": "Lisbon", "days": 2, "unit": "fahrenheit"},
    "air_quality": {"city": "Oslo", "include_pollen": True},
    "search_flights": {"origin": "LIS", "destination": "FRA", "date": "2026-12-01", "cabin": "business", "airlines": ["TP"]},
    "fetch_hotel_page": {"url": "https://example.org"},
    "convert_currency": {"amount": 10, "from_currency": "USD"},
    "book_trip": {"travellers": [{"name": "Ana", "age": 30}], "destination": "Porto"},
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_validate_with_jsonschema_and_call(name: str, example_module: Any) -> None:
    tool = next(t for t in example_module.TOOLS if t["name"] == name)
    jsonschema.validate(SAMPLES[name], tool["parameters"])
    result = example_module.call(name, json.dumps(SAMPLES[name]))
    assert result is not None


def test_call_converts_enum_and_date_arguments(example_module: Any) -> None:
    flights = example_module.call("search_flights", SAMPLES["search_flights"])
    assert flights[0]["cabin"] == "business"  # the function reads `cabin.value`: it got a Cabin
    assert flights[0]["weekday"] == "Tuesday"  # and `date.strftime`: it got a date


def test_call_builds_classes_inside_lists(example_module: Any) -> None:
    travellers = [{"name": "Ana", "age": 30}, {"name": "Bo", "age": 5, "loyalty_number": "X1"}]
    assert example_module.call("book_trip", {"travellers": travellers, "destination": "Porto"}) == "BK-POR-3-AB"


SHAPES = '''from dataclasses import dataclass
from enum import Enum
from typing import Dict, List, Optional


class Size(str, Enum):
    S = "s"
    L = "l"


@dataclass
class Item:
    name: str


def pack(items: Dict[str, Item], sizes: Optional[List[Size]] = None, first: Optional[Item] = None) -> str:
    """Pack."""
    packed = ",".join(f"{k}={v.name}" for k, v in items.items())
    return packed + "|" + ",".join(s.name for s in sizes or []) + "|" + (first.name if first else "-")
'''


MUTUAL = """from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import List, NamedTuple, Optional

from typing_extensions import TypedDict


@dataclass
class Node:
    made: datetime.date
    children: List[Node] = field(default_factory=list)


class Folder(TypedDict):
    made: datetime.date
    folders: List[Folder]


class Step(NamedTuple):
    made: datetime.date
    after: Optional[Step] = None


def grow(tree: Node, folder: Folder, step: Step) -> str:
    \"\"\"Trees of a dataclass, a TypedDict and a NamedTuple.\"\"\"
    return repr((tree, folder, step))


@dataclass
class Town:
    founded: datetime.date
    street: Optional[Street] = None


@dataclass
class Street:
    paved: datetime.date
    house: Optional[House] = None
    town: Optional[Town] = None


@dataclass
class House:
    built: datetime.date
    street: Optional[Street] = None


def found(town: Town) -> str:
    \"\"\"Found a town.\"\"\"
    return repr(town)


def build(house: House) -> str:
    \"\"\"Build: `House`'s plans name `Street`'s, and those name `Town`'s.\"\"\"
    return repr(house)
"""


PASSED_ON = """\
import dataclasses
from typing import List

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict


class Leaf(TypedDict):
    leaf_name: str


@dataclasses.dataclass
class Branch:
    branch_leaves: List[Leaf]


class Tree(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel)

    main_branch: Branch


def grow(tree: Tree) -> str:
    \"\"\"Grow.\"\"\"
    return repr(tree)


def pick(leaf: Leaf) -> str:
    \"\"\"Pick.\"\"\"
    return repr(leaf)
"""


def test_call_takes_the_keys_a_model_passes_on_to_the_typeddicts_in_it(tmp_path: Path) -> None:
    """Inside `Tree`, `Branch` and `Leaf` take camel-case keys and no others, as `Tree`'s configuration says and
    pydantic reads it; on its own, `Leaf` takes its keys as written."""
    from pydantic import ValidationError, validate_call

    from conftest import scanned_module

    with scanned_module(tmp_path, PASSED_ON, "passed_on") as module:
        functions = importlib.import_module("demo.tools")
        sent = {"tree": {"mainBranch": {"branchLeaves": [{"leafName": "oak"}]}}}
        assert module.call("grow", sent) == validate_call(functions.grow)(**sent)
        assert "leaf_name': 'oak'" in module.call("grow", sent)
        snake = {"tree": {"mainBranch": {"branchLeaves": [{"leaf_name": "oak"}]}}}
        with pytest.raises(module.ToolArgumentError, match="leaf_name"):
            module.call("grow", snake)
        with pytest.raises(ValidationError):
            validate_call(functions.grow)(**snake)
        alone = {"leaf": {"leaf_name": "oak"}}
        assert module.call("pick", alone) == validate_call(functions.pick)(**alone) == "{'leaf_name': 'oak'}"


def test_call_makes_recursive_classes_at_every_level_whichever_tool_planned_them_first(tmp_path: Path) -> None:
    from pydantic import validate_call

    from conftest import scanned_module

    with scanned_module(tmp_path, MUTUAL, "mutual") as module:
        functions = importlib.import_module("demo.tools")
        arguments: dict[str, Any] = {}
        arguments["grow"] = {
            "tree": {"made": "2024-01-01", "children": [{"made": "2024-01-02", "children": [{"made": "2024-01-03"}]}]},
            "folder": {"made": "2024-01-01", "folders": [{"made": "2024-01-02", "folders": [{"made": "2024-01-03", "folders": []}]}]},
            "step": ["2024-01-01", ["2024-01-02", ["2024-01-03", None]]],
        }  # fmt: skip
        street = {"paved": "2024-01-02", "town": {"founded": "2024-01-03", "street": {"paved": "2024-01-04"}}}
        arguments["found"] = {"town": {"founded": "2024-01-01", "street": {**street, "house": {"built": "2024-01-05"}}}}
        arguments["build"] = {"house": {"built": "2024-01-01", "street": street}}
        for name, sent in arguments.items():
            assert module.call(name, sent) == validate_call(getattr(functions, name))(**sent)
            assert "'20" not in module.call(name, sent)  # each date made, at every level
        # each recursive class's field plans are kept once, where it recurs: `House`, planned inside `Street`, names it
        tables = {tool["name"]: sorted(tool["python"]["fields"]) for tool in module.TOOLS}
        assert tables == {"grow": ["Folder", "Node", "Step"], "found": ["Street", "Town"], "build": ["Street", "Town"]}


def test_two_recursive_classes_of_one_name_keep_their_plans_apart(tmp_path: Path) -> None:
    """Where a tool's `$defs` name two `Node`s by their dotted paths, their kept plans are named so too."""
    from pydantic import validate_call

    from conftest import scanned_module

    node = "import datetime\nfrom dataclasses import dataclass, field\nfrom typing import List\n\n\n@dataclass\n" \
           "class Node:\n    made: datetime.{kind}\n    children: List['Node'] = field(default_factory=list)\n"  # fmt: skip
    tools = 'from demo import a, b\n\n\ndef both(x: a.Node, y: b.Node) -> str:\n    """Both."""\n    return repr((x, y))\n'
    with scanned_module(tmp_path, tools, "homonym_trees", {"a": node.format(kind="date"), "b": node.format(kind="time")}) as module:
        (tool,) = module.TOOLS
        assert sorted(tool["python"]["fields"]) == sorted(tool["parameters"]["$defs"]) == ["demo__a__Node", "demo__b__Node"]
        sent = {"x": {"made": "2024-01-02", "children": [{"made": "2024-01-03", "children": [{"made": "2024-01-04"}]}]},
                "y": {"made": "10:00", "children": [{"made": "11:00", "children": [{"made": "12:00"}]}]}}  # fmt: skip
        made = module.call("both", sent)
        assert made == validate_call(importlib.import_module("demo.tools").both)(**sent)
        assert made.count("datetime.date(") == 3 and made.count("datetime.time(") == 3


UNPACKED = """
import datetime

from typing_extensions import Required, TypedDict, Unpack


class Options(TypedDict, total=False):
    \"\"\"Search options.\"\"\"

    depth: Required[int]
    since: datetime.date
    label: str


def search(query: str, **options: Unpack[Options]) -> str:
    \"\"\"Search.

    Args:
        query: What to find.
        depth: How deep to look.
        options: How to search.
    \"\"\"
    return f"{query} {sorted(options.items())}"
"""


def test_keyword_arguments_unpacked_from_a_typeddict_are_its_keys(tmp_path: Path) -> None:
    """`**options: Unpack[Options]` (PEP 692) takes the TypedDict's keys as keyword arguments, as pydantic's
    `validate_call` reads them: each key is a parameter, required as the TypedDict says, made as its type says."""
    from pydantic import ValidationError, validate_call

    from conftest import messages, scan_source, scanned_module, tools_of

    assert not messages(scan_source(tmp_path / "check", UNPACKED))  # `depth` and `options` are documented parameters
    with scanned_module(tmp_path, UNPACKED, "unpacked") as module:
        (tool,) = module.TOOLS
        assert tool["parameters"] == {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to find."},
                "depth": {"type": "integer", "description": "How deep to look."},
                "since": {"type": "string", "format": "date"},
                "label": {"type": "string"},
            },
            "required": ["query", "depth"],
        }
        theirs = validate_call(importlib.import_module("demo.tools").search)
        arguments = {"query": "q", "depth": 2, "since": "2024-01-02"}
        assert module.call("search", arguments) == theirs(**arguments) == "q [('depth', 2), ('since', datetime.date(2024, 1, 2))]"
        with pytest.raises(module.ToolArgumentError, match="`depth`: missing required argument"):
            module.call("search", {"query": "q"})
        with pytest.raises(ValidationError, match="depth"):
            theirs(query="q")

    source = "from dataclasses import dataclass\nfrom typing import Unpack\n\n\n@dataclass\nclass D:\n    x: int\n\n\n" \
             'def f(**kw: Unpack[D]) -> None:\n    """F."""\n'  # fmt: skip
    generation = scan_source(tmp_path / "not_a_typeddict", source)
    assert tools_of(generation)["f"]["parameters"]["properties"] == {"kw": {"type": "object", "additionalProperties": True}}
    assert messages(generation) == [
        "demo/tools.py:10:13: warning: `**kw` is unpacked from `D`, which is no TypedDict known statically; its keys "
        "are left open"
    ]


def test_call_builds_classes_in_every_shape(tmp_path: Path) -> None:
    from conftest import scanned_module

    with scanned_module(tmp_path, SHAPES, "shapes") as module:
        (tool,) = module.TOOLS
        assert tool["python"]["convert"] == {
            "items": ["dict", None, ["class", "dataclass", "demo.tools:Item"]],
            "sizes": ["list", ["class", "enum", "demo.tools:Size"]],
            "first": ["class", "dataclass", "demo.tools:Item"],
        }
        arguments = {"items": {"a": {"name": "x"}}, "sizes": ["l", "s"], "first": {"name": "y"}}
        assert module.call("pack", arguments) == "a=x|L,S|y"
        assert module.call("pack", {"items": {}}) == "||-"


ALIASED = '''from dataclasses import dataclass
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, Field
from typing_extensions import TypedDict


@dataclass
class Spot:
    x_pos: int = Field(alias="xPos")


class Keyed(TypedDict):
    first_name: Annotated[str, Field(alias="firstName")]


@dataclass
class Holder:
    spot: Spot


class Plain(TypedDict):
    name: str


class Model(BaseModel):
    spot: Spot


class Tagged(BaseModel):
    kind: Literal["t"]
'''


@pytest.mark.parametrize(
    ("returned", "adapted"),
    [("Spot", True), ("Keyed", True), ("Optional[Spot]", True), ("dict[str, Keyed]", True), ("tuple[int, Spot]", True),
     ("Union[int, list[Spot]]", True), ("Holder", True), ("list[Plain]", False), ("Model", False), ("int", False),
     ("Union[Tagged, Plain]", False)],  # fmt: skip
)
def test_results_keyed_by_aliases_are_written_by_pydantic(returned: str, adapted: bool, tmp_path: Path) -> None:
    """A return type holding a TypedDict or dataclass keyed by pydantic's aliases, at any depth, is marked for
    pydantic to write the result (a model writes its own); `call()` makes arguments of such classes the same way."""
    from conftest import scan_source, tools_of

    source = ALIASED + f"\n\ndef get(spot: Spot) -> {returned}:\n    \"\"\"Get.\"\"\"\n"
    python = tools_of(scan_source(tmp_path, source, include=("demo.tools:get",)))["get"]["python"]
    assert python["convert"] == {"spot": ["class", "adapted", "demo.tools:Spot"]}
    assert python.get("returns") == ("adapted" if adapted else None)


DICTS = '''from enum import Enum
from typing import Annotated, Dict, Literal, Optional

from pydantic import Field


class Color(Enum):
    RED = "red"
    BLUE = "blue"


def by_color(a: Dict[Color, int], b: Optional[Dict[Color, str]] = None) -> dict:
    """By colour."""
    return {"a": a, "b": b}


def by_letter(a: Dict[Literal["x", "y"], int]) -> None:
    """By letter."""


def by_word(a: Dict[Annotated[str, Field(pattern=r"^[a-z]+$")], int]) -> None:
    """By word."""


def by_prefix(a: Dict[Annotated[str, Field(min_length=2, pattern="^a")], int]) -> None:
    """By prefix."""


def sized(a: Annotated[Dict[str, int], Field(min_length=1, max_length=2)]) -> None:
    """Sized."""
'''


def test_dict_keys_and_sizes_are_checked_and_built_as_pydantic_does(tmp_path: Path) -> None:
    """What a dict's keys must be (`propertyNames`, `patternProperties`) and how many it holds: `validate()` accepts
    what pydantic accepts, says which key is wrong, and `call()` passes Enum keys as members, as pydantic does."""
    from conftest import scanned_module
    from pydantic import TypeAdapter, ValidationError

    cases = {
        "by_color": [{"red": 1, "blue": 2}, {}, {"green": 1}, {"red": "x"}],
        "by_letter": [{"x": 1}, {"x": 1, "y": 2}, {"z": 1}, {"X": 1}],
        "by_word": [{"abc": 1}, {"ab1": 1}, {"": 1}, {"abc": "1"}, {"Ab": 2}],
        "by_prefix": [{"ab": 1}, {"a": 1}, {"ba": 1}, {"abc": 2.5}],
        "sized": [{}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 3}],
    }
    with scanned_module(tmp_path, DICTS, "dicts") as module:
        import demo.tools as source

        for name, values in cases.items():
            annotation = typing.get_type_hints(getattr(source, name), include_extras=True)["a"]
            for value in values:
                try:
                    TypeAdapter(annotation).validate_json(json.dumps(value), strict=True)
                    expected = True
                except ValidationError:
                    expected = False
                try:
                    module.validate(name, {"a": value})
                    accepted = True
                except module.ToolArgumentError:
                    accepted = False
                assert accepted == expected, (name, value)
        with pytest.raises(module.ToolArgumentError) as raised:
            module.validate("by_letter", {"a": {"z": 1}})
        assert '`a.z`: key \'z\' is not one of "x", "y"' in str(raised.value)
        with pytest.raises(module.ToolArgumentError, match="`a`: must have at most 2 keys"):
            module.validate("sized", {"a": {"a": 1, "b": 2, "c": 3}})

        (color,) = [t for t in module.TOOLS if t["name"] == "by_color"]
        keyed = ["dict", ["class", "enum", "demo.tools:Color"], None]
        assert color["python"]["convert"] == {"a": keyed, "b": keyed}
        called = module.call("by_color", {"a": {"red": 1}, "b": {"blue": "sky"}})
        assert called == {"a": {source.Color.RED: 1}, "b": {source.Color.BLUE: "sky"}}
        assert called["a"] == TypeAdapter(Dict[source.Color, int]).validate_python({"red": 1})
        assert module.call("by_color", {"a": {}}) == {"a": {}, "b": None}


# Annotations whose Python value is not the JSON value: `call()` must hand the function what pydantic would, for valid
# JSON arguments (the first values), and reject those pydantic rejects (the rest), naming the argument.
CONVERSIONS: list[tuple[str, list[Any], list[Any]]] = [
    ("datetime.date", ["2024-01-02", "2024-02-29T00:00:00"], ["2024-13-01", "2023-02-29", "20240102", "2024-01-02T10:00:00"]),
    ("datetime.datetime", ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123456+02:00", "2024-01-02 03:04", "2024-01-02"], ["yesterday"]),
    # seconds since 1970 (milliseconds past 2e10), as text too
    ("datetime.datetime", ["1700000000", "-1.5", ".5", "20000000001", "1700000000.123456789"], ["1e3", " 1", "1_000"]),
    ("datetime.date", ["86400", "0"], ["1", "86401.5"]),
    ("datetime.time", ["03:04:05", "03:04:05.5Z", "03:04"], ["25:00:00"]),
    ("datetime.timedelta", ["P1DT2H3M4.5S", "-P1D", "PT0.5S", "P1W", "P1Y2M", "01:02:03", "1 day, 01:02:03", "2 days", "+PT1S",
                            "10:00", "1:02:03", "1d", "2days", "1 Day 10:00", "-1 day, 10:00", "01:02:03.1234567", "10:00:00,5"],
     ["PT", "P", "1 week", "P1H", "1:00", "10:0", "01:02:03.", "1 day, 10"]),
    ("uuid.UUID", ["12345678-1234-5678-1234-567812345678", "12345678123456781234567812345678"], ["xyz"]),
    ("decimal.Decimal", [1.5, "2.25", 3, " 1.5"], ["abc", "NaN", "Infinity"]),
    ("pathlib.Path", ["/tmp/x", "relative/y"], []),
    ("pathlib.PurePath", ["/tmp/x"], []), ("pathlib.PurePosixPath", ["a//b/"], []),  # not the file system: pure paths
    ("os.PathLike", ["a/b"], []), ("os.PathLike[str]", ["/tmp/y"], []), ("typing.AnyStr", ["abc", ""], []),
    ("bytes", ["héllo", ""], []),
    ("complex", ["1+2j", "3"], ["x"]),
    ("ipaddress.IPv4Address", ["10.0.0.1"], ["10.0.0.256", "::1"]),
    ("ipaddress.IPv6Address", ["::1"], ["10.0.0.1"]),
    ("ipaddress.IPv4Network", ["10.0.0.0/24"], ["10.0.0.1/24"]),
    ("ipaddress.IPv4Interface", ["10.0.0.1/24"], []),
    ("pydantic.IPvAnyAddress", ["10.0.0.1", "::1"], ["x"]),
    ("re.Pattern", ["^a+$"], ["("]),
    ("pydantic.UUID4", ["12345678-1234-4678-9234-567812345678"], []),
    ("pydantic.PastDate", ["2000-01-02"], []),
    ("int", [3.0, -0.0], []),
    ("Union[int, float]", [3.0, 3], []),
    ("float", [3, 1.5, -0.0], ["x"]),
    ("pydantic.PositiveFloat", [2], [0]),
    ("Optional[dict[str, float]]", [{"a": 1}, None], []),
    ("pydantic.Json[list[int]]", ["[1, 2]", " [] "], ['[1, "x"]', "[1,", "", 3]),
    ("Optional[pydantic.Json[dict[str, datetime.date]]]", ['{"a": "2024-01-02"}', None], ['{"a": "x"}']),
    ("collections.Counter[str]", [{"a": 2}], []),
    ("typing.Counter[int]", [{"1": 2}], []),
    ("typing.OrderedDict[str, datetime.date]", [{"b": "2024-01-02", "a": "2024-01-03"}], []),
    ("collections.defaultdict[str, int]", [{"a": 1}], []),
    ("typing.DefaultDict[str, list[int]]", [{"a": [1]}], []),
    ("collections.defaultdict[str, set[str]]", [{"a": ["x"]}], []),
    ("collections.defaultdict[int, float]", [{"1": 1}], []),
    # a union takes a member the value is exactly first, then goes in order
    ("Union[float, int]", [3, 3.5], []),
    ("Union[list[float], list[int]]", [[1], [1.5]], []),
    ("Union[Color, str]", ["red", "blue"], []),
    ("Union[set[int], list[int]]", [[1, 2]], []),
    ("Union[tuple[int, ...], list[int]]", [[1]], []),
    ("Union[decimal.Decimal, float]", [1.5], []),
    ("Union[decimal.Decimal, int]", [2], []),
    ("Union[dict[int, int], dict[str, int]]", [{"1": 1}], []),
    ("Union[datetime.date, str]", ["2024-01-02", "x", "2024-01-02T00:00:00"], []),
    ("Union[str, datetime.date]", ["2024-01-02"], []),
    # pydantic grades a member's match: as it is (an integer as an `int`, a `Literal`'s value, a UUID from text, an
    # array as a list), as strict mode takes it (a text as a `str`, a Path or a Decimal, an array as a tuple,
    # anything as `Any`), or laxly (an Enum, a date from a date and time): the best, the first of equals
    ("Union[tuple[int, ...], typing.Any]", [[1]], []),
    ("Union[typing.Any, tuple[int, ...]]", [[1]], []),
    ("Union[set[int], frozenset[int]]", [[1, 2]], []),
    ("Union[frozenset[int], set[int]]", [[1, 2]], []),
    ("Union[typing.Deque[int], list[int]]", [[1]], []),
    ("Union[float, decimal.Decimal]", [1, 1.5, "1.5"], []),
    ("Union[decimal.Decimal, float]", [1, 1.5, "1.5"], []),
    ("Union[decimal.Decimal, str]", ["1.5"], []),
    ("Union[str, uuid.UUID]", ["12345678-1234-5678-1234-567812345678"], []),
    ("Union[str, typing.Literal[Color.RED]]", ["red"], []),  # a plain Enum's member: laxly
    ("Union[pathlib.Path, typing.Literal[Color.RED]]", ["red"], []),
    ("Union[str, typing.Literal[Shade.DARK]]", ["dark"], []),  # equal to its value: as it is
    ("Union[pathlib.Path, typing.Literal[Shade.DARK]]", ["dark"], []),
    ("Union[pathlib.Path, typing.Literal['a']]", ["a", "b"], []),
    ("Union[Color, typing.Any]", ["red"], []),
    ("Union[dict[str, float], typing.Any]", [{"a": 1}], []),
    ("Union[dict[int, int], typing.Any]", [{"1": 1}], []),
    ("Union[datetime.datetime, datetime.date]", ["2024-01-02", "2024-01-02T03:04:05"], []),
    ("Union[datetime.datetime, str]", ["2024-01-02", "1700000000"], []),
    # pydantic's own types: a secret or a size is an equal match for its union, a URL a lesser one
    ("Union[pydantic.SecretStr, str]", ["ab"], []),
    ("Union[str, pydantic.SecretStr]", ["ab"], []),
    ("Union[pydantic.ByteSize, typing.Literal[1, 2, 3]]", [3, 1, "1kb"], []),
    ("Union[pydantic.HttpUrl, str]", ["https://a.example/"], []),
    ("Union[bytes, pydantic.HttpUrl]", ["https://a.example/"], []),
    ("Optional[list[int]]", [[1.0, 2], None], []),
    ("set[int]", [[1, 2], []], []),  # a repeated item breaks `uniqueItems`, as the schema says
    ("frozenset[str]", [["a", "b"]], []),
    ("tuple[int, str]", [[1, "x"]], []),
    ("tuple[datetime.date, ...]", [["2024-01-02", "2024-01-03"], []], [["x"]]),
    ("typing.Tuple[()]", [[]], []),
    ("collections.deque", [[1, "a"]], []),
    ("typing.Deque[uuid.UUID]", [["12345678-1234-5678-1234-567812345678"]], []),
    ("list[datetime.date]", [["2024-01-02"]], [["2024-01-02", "no"]]),
    ("Optional[datetime.date]", ["2024-01-02", None], []),
    ("dict[str, uuid.UUID]", [{"a": "12345678-1234-5678-1234-567812345678"}], [{"a": "x"}]),
    ("dict[Color, set[int]]", [{"red": [1, 2]}], []),
    ("dict[int, str]", [{"1": "a", "-2": "b"}], [{"x": "a"}, {"1.5": "a"}]),
    ("Optional[dict[float, list[datetime.date]]]", [{"1.5": ["2024-01-02"], "2": []}], [{"x": []}]),
    ("list[tuple[int, decimal.Decimal]]", [[[1, "1.5"], [2, 2.5]]], []),
    ("Optional[list[datetime.datetime]]", [["2024-01-02T03:04:05Z"], None], []),
    ("Union[decimal.Decimal, None]", ["1.5", 2, None], []),
    ("Union[Cat, Dog]", [{"name": "Tom"}, {"name": "Rex", "barks": False}], []),
    ("list[Union[Dog, datetime.date, int]]", [[{"name": "Rex"}, "2024-01-02", 3]], []),
    ("Union[datetime.date, datetime.datetime]", ["2024-01-02", "2024-01-02T03:04:05"], ["2024-13-01"]),
    ("Optional[Union[list[datetime.date], str]]", [["2024-01-02"], "x", None], []),
    ("Point", [{"when": "2024-01-02", "tags": ["a"]}], []),
    ("typing.Annotated[str, pydantic.StringConstraints(strip_whitespace=True, to_lower=True)]",
     ["  AbC ", "", "\x1eAbC\u3000\x85"], []),  # Unicode's White_Space is stripped, not the separators \x1c-\x1f
    ("typing.Literal[1, 'a']", [1.0, 1, "a"], [2, "1"]),
    ("pydantic.constr(to_upper=True)", ["abc"], []),
    ("Optional[pydantic.condecimal(gt=0)]", ["1.5", 2], []),
    ("pydantic.condate()", ["2024-01-02"], ["2024-02-30"]),
    ("Trip", [{"stops": [{"day": "2024-01-02", "tags": ["a"]}], "start": "2024-01-02T03:04:05Z"}, {"stops": []}],
     [{"stops": [{"day": "x", "tags": []}]}]),
    ("Span", [["2024-01-02", "2024-01-03"]], [["2024-01-02", "x"]]),
    ("list[Span]", [[["2024-01-02", "2024-01-03"]]], []),
    ("Slot", [{"day": "2024-01-02", "ids": [1, 2]}], []),
    ("Days", [["2024-01-02"]], []),
    ("pydantic.InstanceOf[Point]", [{"when": "2024-01-02", "tags": ["a"]}], [{"when": "x", "tags": []}]),
    ("Held[datetime.date]", [{"item": "2024-01-02", "items": ["2024-01-03"]}], [{"item": "x", "items": []}]),
    ("list[Held[Point]]", [[{"item": {"when": "2024-01-02", "tags": []}, "items": []}]], [[{"item": 1, "items": []}]]),
    # a model class as metadata: pydantic takes the model for the type (a dict is no dict then, but a `Point`)
    ("Annotated[dict, Point]", [{"when": "2024-01-02", "tags": ["a"]}], [{"when": "x", "tags": []}]),
    ("Annotated[Optional[dict], Days]", [["2024-01-02"]], [None]),
    ("Scaled", [{"value": 2, "factor": 3}, {"value": 2}], []),
    # keyed by aliases: pydantic hands the fields' own names (and the dataclass) on
    ("AliasedSlot", [{"firstDay": "2024-01-02", "ids": [1]}], [{"first_day": "2024-01-02", "ids": [1]}]),
    ("CamelSlot", [{"lastDay": "2024-01-02"}], [{"last_day": "2024-01-02"}]),
    ("list[AliasedStop]", [[{"dayOff": "2024-01-02"}]], [[{"day_off": "2024-01-02"}]]),
    ("FieldStop", [{"dayOn": "2024-01-02"}], [{"day_on": "2024-01-02"}]),
    ("CamelStop", [{"dayIn": "2024-01-02"}], [{"day_in": "2024-01-02"}]),
    # `strict=True`, which takes from JSON what it refuses from Python: a time's text, an object for a dataclass
    ("StrictPoint", [{"at": "01:02:00", "stop": {"day": "2024-01-02", "tags": []}}], [{"at": "x", "stop": None}]),
    ("StrictStop", [{"dayOut": "2024-01-02"}], [{"dayOut": 1}]),
    # a pydantic dataclass passes its configuration on to the standard dataclass in it: pydantic makes both
    ("CamelLeg", [{"stop": {"dayOff": "2024-01-02"}}], [{"stop": {"day_off": "2024-01-02"}}]),
]
CONVERSIONS_HEADER = """import collections, dataclasses, datetime, decimal, ipaddress, os, pathlib, re, typing, uuid
from enum import Enum, IntEnum
from typing import Annotated, NamedTuple, Optional, Union

import pydantic
import pydantic.dataclasses
from pydantic import BaseModel
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict


class AliasedSlot(TypedDict):
    first_day: Annotated[datetime.date, pydantic.Field(alias="firstDay")]
    ids: frozenset[int]


@pydantic.with_config(pydantic.ConfigDict(alias_generator=to_camel))
class CamelSlot(TypedDict):
    last_day: datetime.date


@dataclasses.dataclass
class AliasedStop:
    day_off: Annotated[datetime.date, pydantic.Field(alias="dayOff")]


@dataclasses.dataclass
class FieldStop:
    day_on: datetime.date = pydantic.Field(alias="dayOn")


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(alias_generator=to_camel))
class CamelStop:
    day_in: datetime.date


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(alias_generator=to_camel, strict=True))
class StrictStop:
    day_out: datetime.date


@dataclasses.dataclass
class OffDay:
    day_off: datetime.date


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(alias_generator=to_camel))
class CamelLeg:
    stop: OffDay


class Color(Enum):
    RED = "red"


class Shade(str, Enum):
    DARK = "dark"


class Level(IntEnum):
    ONE = 1


class Point(BaseModel):
    when: datetime.date
    tags: set[str]


class StrictPoint(BaseModel):
    model_config = pydantic.ConfigDict(strict=True)

    at: datetime.time
    stop: Optional["Stop"]


class Cat(BaseModel):
    name: str


class Dog(BaseModel):
    name: str
    barks: bool = True


@dataclasses.dataclass
class Stop:
    day: datetime.date
    tags: set[str]


@dataclasses.dataclass
class Trip:
    stops: list[Stop]
    start: Optional[datetime.datetime] = None


class Span(NamedTuple):
    start: datetime.date
    end: datetime.date


class Slot(TypedDict):
    day: datetime.date
    ids: frozenset[int]


class Days(pydantic.RootModel[list[datetime.date]]):
    pass


T = typing.TypeVar("T")


class Held(TypedDict, typing.Generic[T]):
    item: T
    items: list[T]


@dataclasses.dataclass
class Scaled:
    value: int
    factor: dataclasses.InitVar[int] = 1

    def __post_init__(self, factor: int) -> None:
        self.value *= factor
"""


def test_call_makes_python_values_as_pydantic_does(tmp_path: Path) -> None:
    """Dates, UUIDs, Decimals, bytes, IP addresses, sets, tuples and the like, alone, in containers and in
    `Optional`: for each valid JSON value, `call()` passes the function what pydantic's validation of the same
    JSON makes (equal, and of the same types at every depth), and given that Python value itself passes it on
    unchanged; a value pydantic rejects is an argument error."""
    from conftest import scanned_module
    from pydantic import TypeAdapter, ValidationError

    functions = [f"def t_{i}(a: {annotation}):\n    '''T.'''\n    return a" for i, (annotation, _, _) in enumerate(CONVERSIONS)]
    with scanned_module(tmp_path, CONVERSIONS_HEADER + "\n\n" + "\n\n\n".join(functions) + "\n", "conversions") as module:
        import demo.tools as tools

        for i, (annotation, good, bad) in enumerate(CONVERSIONS):
            adapter = TypeAdapter(typing.get_type_hints(getattr(tools, f"t_{i}"), include_extras=True)["a"])
            for value in good:
                expected = adapter.validate_json(json.dumps(value))
                got = module.call(f"t_{i}", {"a": value})
                assert got == expected and same_types(got, expected), (annotation, value, got, expected)
                if "Json" in annotation or "Slot" in annotation:
                    continue  # the text is due, not what it holds; a TypedDict's alias, not its name: to pydantic too
                # the Python value itself, as a CodeAgent's code passes it, makes the same way through
                again = module.call(f"t_{i}", {"a": expected})
                assert again == expected and same_types(again, expected), (annotation, expected, again)
            for value in bad:
                with pytest.raises(ValidationError):
                    adapter.validate_json(json.dumps(value))
                with pytest.raises(module.ToolArgumentError, match="`a"):
                    module.call(f"t_{i}", {"a": value})


# The member types of `test_call_picks_the_union_member_pydantic_picks`, each pair in both orders, and JSON values
# that several of them take.
UNION_MEMBERS = ["str", "int", "float", "bool", "typing.Any", "list[int]", "list[float]", "tuple[int, ...]", "tuple[int]",
                 "set[int]", "frozenset[int]", "typing.Deque[int]", "dict[str, int]", "dict[int, int]",
                 "dict[str, float]", "datetime.date", "datetime.datetime", "datetime.time", "datetime.timedelta",
                 "uuid.UUID", "pathlib.Path", "bytes", "decimal.Decimal", "Color", "Shade", "Level",
                 "typing.Literal[Color.RED]", "typing.Literal[Shade.DARK]", "typing.Literal['red']", "typing.Literal[1]",
                 "Point", "Scaled", "Span", "Slot", "pydantic.HttpUrl", "pydantic.SecretStr", "pydantic.ByteSize"]  # fmt: skip
UNION_VALUES = ['"red"', '"dark"', '"2024-01-02"', '"2024-01-02T00:00:00"', '"2024-01-02T03:04:05"', '"10:00"', '"P1D"',
                '"12345678-1234-5678-1234-567812345678"', '"https://a.example/"', '"1"', '"1.5"', "1", "1.5", "1.0", "0",
                "true", "[1]", "[1, 2]", "[1.5]", "[]", "{}", '{"a": 1}', '{"value": 2}', '{"day": "2024-01-02", "ids": [1]}',
                '{"when": "2024-01-02", "tags": ["a"]}', '["2024-01-02", "2024-01-03"]']  # fmt: skip


# Each member type alone, in a list and as a dict's values: a union of two lists is graded by the worst of what the
# value holds (`[1.0, 2]` is a `list[float]`, as `1.0` is only laxly an `int`), and an empty one by the container.
UNION_WRAPPERS = {
    "{}": UNION_VALUES,
    "list[{}]": ["[]", *(f"[{value}]" for value in UNION_VALUES), "[1, 1.5]", "[1.5, 1]", "[1.0, 2]", "[1, null]",
                 '["2024-01-02", "2024-01-02T00:00:00"]', '["2024-01-02T00:00:00", "2024-01-02"]'],
    "dict[str, {}]": ["{}", *(f'{{"k": {value}}}' for value in UNION_VALUES), '{"a": 1, "b": 1.5}', '{"a": 1.0}'],
}  # fmt: skip


# Known differences (README, "Where we differ"): an IntEnum and an `int` both take a whole float laxly, and pydantic
# takes the first; `call()` has made the float an int by the time it picks, and takes the `int`.
UNION_KNOWN = {("Level", "1.0"), ("list[Level]", "[1.0]"), ("dict[str, Level]", '{"k": 1.0}'),
               ("dict[str, Level]", '{"a": 1.0}')}  # fmt: skip
# So, for the same reason, do a `ByteSize` (laxly) and a `Literal[1]` (as it is): pydantic takes the `Literal`,
# `call()` the first. These pairs of member types are left out on a whole float.
UNION_KNOWN_PAIRS = {frozenset(("pydantic.ByteSize", "typing.Literal[1]"))}


@pytest.mark.parametrize("wrapper", list(UNION_WRAPPERS))
def test_call_picks_the_union_member_pydantic_picks(tmp_path: Path, wrapper: str) -> None:
    """For every pair of member types (each in `wrapper`), in both orders, and each JSON value that several take: the
    member `call()` makes the value into is the one pydantic's smart union picks (by its grades of each match, the
    worst of what the value holds, the first of equals), types included. A value one member alone takes differently
    (pydantic takes a number as a date, or ignores a model's unknown keys; the schema does not) is no test of the
    pick and is left out."""
    import itertools

    from conftest import scanned_module
    from pydantic import TypeAdapter, ValidationError

    members = [wrapper.format(member) for member in UNION_MEMBERS]
    bare = dict(zip(members, UNION_MEMBERS))
    values = UNION_WRAPPERS[wrapper]
    pairs = list(itertools.permutations(members, 2))
    functions = [f"def one_{i}(a: {member}):\n    '''T.'''\n    return a" for i, member in enumerate(members)]
    functions += [f"def pair_{i}(a: Union[{x}, {y}]):\n    '''T.'''\n    return a" for i, (x, y) in enumerate(pairs)]
    with scanned_module(tmp_path, CONVERSIONS_HEADER + "\n\n" + "\n\n\n".join(functions) + "\n", "unions") as module:
        import demo.tools as tools

        def results(name: str, text: str) -> tuple[Any, Any]:
            """What pydantic and `call()` make of the JSON text, or the errors' types."""
            hint = typing.get_type_hints(getattr(tools, name), include_extras=True)["a"]
            try:
                theirs = TypeAdapter(hint).validate_json(text)
            except ValidationError:
                theirs = ValidationError
            try:
                ours = module.call(name, {"a": json.loads(text)})
            except module.ToolArgumentError:
                ours = module.ToolArgumentError
            return theirs, ours

        takes = {(member, text): results(f"one_{i}", text) for i, member in enumerate(members) for text in values}
        alike = {key: (theirs is ValidationError) == (ours is module.ToolArgumentError) for key, (theirs, ours) in takes.items()}
        compared, differences = 0, []
        for i, (x, y) in enumerate(pairs):
            for text in values:
                if not (alike[x, text] and alike[y, text]) or takes[x, text][0] is takes[y, text][0] is ValidationError:
                    continue
                if (x, text) in UNION_KNOWN or (y, text) in UNION_KNOWN:
                    continue
                if frozenset((bare[x], bare[y])) in UNION_KNOWN_PAIRS and "1.0" in text:
                    continue
                theirs, ours = results(f"pair_{i}", text)
                compared += 1
                if not (ours == theirs and same_types(ours, theirs)):
                    differences.append(f"Union[{x}, {y}] {text}: ours {ours!r}, pydantic's {theirs!r}")
        assert not differences, "\n".join(differences)
        assert compared > 2000


TREES = '''from typing import List, Union

from pydantic import BaseModel


class Tree(BaseModel):
    value: int
    children: List["Tree"] = []


class Measured(BaseModel):
    value: float
    children: List["Measured"] = []


class Level0(BaseModel):
    a: "Level1"
    b: "Level1"
    n: int = 0


''' + "".join(f'''class Level{i}(BaseModel):
    a: "Level{i + 1}"
    b: "Level{i + 1}"
    n: int = 0


''' for i in range(1, 16)) + '''class Level16(BaseModel):
    n: int = 0


def grow(tree: Union[Tree, Measured]) -> str:
    """Grow."""
    return type(tree).__name__ + repr(tree.value)


def layer(top: Union[Level0, Measured]) -> str:
    """Layer."""
    return type(top).__name__
'''


def test_call_grades_records_by_what_they_hold_at_every_level(tmp_path: Path) -> None:
    """A union of records is graded by the fields a value gives, down a recursive class's levels too: a whole float
    deep in a tree makes it a `Measured` (an `int` takes it only laxly), as pydantic picks. A record's grader is
    written once per tool, by name: a class met on many paths (2**16 here) makes no larger plan."""
    from pydantic import TypeAdapter

    from conftest import scan_source, scanned_module, tools_of

    with scanned_module(tmp_path, TREES, "trees") as module:
        import demo.tools as tools

        hint = typing.get_type_hints(tools.grow)["tree"]
        for value in ({"value": 1, "children": [{"value": 2}]}, {"value": 1, "children": [{"value": 2.0}]},
                      {"value": 1.0}, {"value": 1, "children": [{"value": 2, "children": [{"value": 3.0}]}]}):  # fmt: skip
            expected = TypeAdapter(hint).validate_json(json.dumps(value))
            assert module.call("grow", {"tree": value}) == type(expected).__name__ + repr(expected.value), value
        assert module.call("grow", {"tree": {"value": 1, "children": [{"value": 2.0}]}}) == "Measured1.0"
        assert module.call("layer", {"top": {"value": 1.5}}) == "Measured"
    layer = tools_of(scan_source(tmp_path / "again", TREES))["layer"]
    assert len(json.dumps(layer["python"])) < 5000
    assert set(layer["python"]["graders"]) == {"Measured", *(f"Level{i}" for i in range(17))}


COUNTED = '''import dataclasses
from typing import Dict, List, NamedTuple, Optional, Union

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict


class One(BaseModel):
    x: int = 0


class Two(BaseModel):
    x: int = 0
    y: int = 0


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")

    x: int = 0


class Named(BaseModel):
    x: int = Field(0, alias="xx")


class Nulls(BaseModel):
    x: Optional[int] = None
    y: Optional[int] = None


class Real(BaseModel):
    x: float = 0


@dataclasses.dataclass
class Short:
    a: int = 0


@dataclasses.dataclass
class Long:
    a: int = 0
    b: int = 0


class Pair(TypedDict, total=False):
    x: int
    y: int


class HoldsOne(TypedDict, total=False):
    a: One


class HoldsTwo(TypedDict, total=False):
    a: Two


class RowOne(NamedTuple):
    a: One


class RowTwo(NamedTuple):
    a: Two


class Either(BaseModel):
    u: Union[One, Two]


class Plain(BaseModel):
    u: One
    v: int = 0
'''

# Each a tool `def name(a: annotation)` that returns its argument
COUNTED_UNIONS = {
    "models": "Union[One, Two]",
    "models_back": "Union[Two, One]",
    "extra": "Union[Loose, Two]",
    "renamed": "Union[Loose, Named]",
    "nulls": "Union[One, Nulls]",
    "model_or_dict": "Union[One, Dict[str, int]]",
    "dict_or_model": "Union[Dict[str, int], One]",
    "deep_dict": "Union[Loose, Dict[str, List[One]]]",
    "lists": "Union[List[One], List[Two]]",
    "dataclasses_": "Union[Short, Long]",
    "typed_dict": "Union[Real, Pair]",
    "typed_dicts": "Union[HoldsOne, HoldsTwo]",
    "rows": "Union[RowOne, RowTwo]",
    "inner_union": "Union[Plain, Either]",
}


COUNTED_VALUES = [
    ("models", {"x": 1, "y": 2}), ("models", {"x": 1.0, "y": 2}), ("models", {"x": 1}), ("models", {}),
    ("models_back", {"x": 1}), ("extra", {"x": 1, "y": 2}), ("extra", {"x": 1, "z": 2}), ("renamed", {"xx": 1}),
    ("nulls", {"x": None, "y": None}),
    ("model_or_dict", {"x": 1}), ("dict_or_model", {"x": 1}), ("deep_dict", {"k": [{"x": 1}]}),
    ("deep_dict", {"k": []}), ("lists", [{"x": 1, "y": 2}, {"x": 1}]), ("lists", [{"x": 1}]), ("lists", []),
    ("dataclasses_", {"a": 1, "b": 2}), ("dataclasses_", {"a": 1}), ("typed_dict", {"x": 1.0, "y": 2.0}),
    ("typed_dict", {"x": 1.0}), ("typed_dicts", {"a": {"x": 1, "y": 2}}), ("typed_dicts", {"a": {"x": 1}}),
    ("rows", [{"x": 1, "y": 2}]), ("inner_union", {"u": {"x": 1, "y": 2}}), ("inner_union", {"u": {"x": 1}}),
]  # fmt: skip


def test_call_picks_the_union_member_that_sets_the_most_fields(tmp_path: Path) -> None:
    """pydantic's smart union counts the fields a member's value sets (a model's, dataclass's or TypedDict's, by the
    keys given, nested ones added up; not a model's extra keys) and takes the member that sets the most before it
    weighs how exactly each matched: `{"x": 1.0, "y": 2}` is a `Two`, though it takes `1.0` as laxly as a `One`
    does, and `{"x": 1.0, "y": 2.0}` the TypedDict of two `int`s rather than a model of one `float`. `call()` makes
    each value into the member pydantic makes it into."""
    from pydantic import TypeAdapter

    from conftest import scanned_module

    functions = [f"def {name}(a: {union}):\n    '''T.'''\n    return a" for name, union in COUNTED_UNIONS.items()]
    with scanned_module(tmp_path, COUNTED + "\n\n" + "\n\n".join(functions) + "\n", "counted") as module:
        import demo.tools as tools

        differences = []
        for name, value in COUNTED_VALUES:
            hint = typing.get_type_hints(getattr(tools, name))["a"]
            theirs = TypeAdapter(hint).validate_json(json.dumps(value))
            ours = module.call(name, {"a": value})
            if not (ours == theirs and same_types(ours, theirs)):
                differences.append(f"{name} {value}: ours {ours!r}, pydantic's {theirs!r}")
        assert not differences, "\n".join(differences)


BY_NAME = '''from typing import List, Optional

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class Query(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    page_size: int = 10
    sort_order: str = Field("asc", validation_alias="order")


class ByAlias(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel)

    page_size: int = 10


def search(query: Query, more: Optional[List[Query]] = None, strict: Optional[ByAlias] = None) -> str:
    """Search."""
    return repr((query, more, strict))
'''


@pytest.mark.parametrize(
    "arguments",
    [{"query": {"page_size": 3, "sort_order": "desc"}}, {"query": {"pageSize": 3, "order": "desc"}},
     {"query": {"page_size": 3, "order": "desc"}}, {"query": {}, "more": [{"sort_order": "desc"}, {"pageSize": 2}]}],
)  # fmt: skip
def test_a_model_that_takes_fields_by_name_takes_them_so_from_call(arguments: dict[str, Any], tmp_path: Path) -> None:
    """Under `populate_by_name`, pydantic takes a field by its name as well as by the alias its schema shows (an alias
    generator's, or `validation_alias`): `call()` does too, nested in lists as well, and hands the function what
    pydantic's validation makes."""
    from conftest import scanned_module
    from pydantic import validate_call

    with scanned_module(tmp_path, BY_NAME, "by_name") as module:
        import demo.tools as tools

        assert module.call("search", arguments) == validate_call(tools.search)(**arguments)
        # a model without it takes only the alias, as the schema says (pydantic would ignore the name, and default)
        with pytest.raises(module.ToolArgumentError, match="`strict.page_size`: unknown property; expected one of: pageSize"):
            module.call("search", {**arguments, "strict": {"page_size": 2}})
        assert "page_size" not in json.dumps(module.TOOLS[0]["parameters"])  # the schema shows the aliases only


FUTURE_ALIASES = """from __future__ import annotations

import dataclasses
import datetime
from typing import Annotated

from pydantic import Field


@dataclasses.dataclass
class Stop:
    day_off: Annotated[datetime.date, Field(alias="dayOff")]


def plan(stop: Stop) -> str:
    \"\"\"Plan.\"\"\"
    return f"{type(stop).__name__} {stop.day_off!r}"
"""


def test_a_python_value_keyed_by_aliases_in_quoted_annotations_is_taken(tmp_path: Path) -> None:
    """A dataclass whose aliases are in annotations kept as text (`from __future__ import annotations`), passed as
    itself, as a CodeAgent's code does: pydantic takes it, and so does `call()`."""
    import datetime

    from conftest import scanned_module

    with scanned_module(tmp_path, FUTURE_ALIASES, "future_aliases") as module:
        tools = importlib.import_module("demo.tools")
        stop = tools.Stop(day_off=datetime.date(2026, 12, 1))
        assert module.call("plan", {"stop": stop}) == tools.plan(stop) == "Stop datetime.date(2026, 12, 1)"
        assert module.call("plan", {"stop": {"dayOff": "2026-12-01"}}) == "Stop datetime.date(2026, 12, 1)"


def shown(value):  # type: ignore[no-untyped-def] # its source runs on Python 3.9 too
    """`repr`, with a set's items in order (their order changes from process to process), and an OrderedDict's as a
    list of pairs (Python 3.12 shows them as a dict)."""
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}{sorted(value, key=repr)!r}"
    return f"OrderedDict{list(value.items())!r}" if type(value).__name__ == "OrderedDict" else repr(value)


def same_types(a: Any, b: Any) -> bool:
    """The same types at every depth: a `set` is not a `list`, a `date` not a `str`."""
    if type(a) is not type(b) or getattr(a, "default_factory", None) is not getattr(b, "default_factory", None):
        return False
    if isinstance(a, dict):
        return all(same_types(x, y) for x, y in zip(a, b)) and all(same_types(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return all(same_types(x, y) for x, y in zip(a, b))
    return True


TAGGED = '''from typing import List, Literal, Optional, Union

from pydantic import BaseModel, Field
from typing_extensions import Annotated


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = 9


class Dog(BaseModel):
    kind: Literal["dog", "puppy"]


class Hen(BaseModel):
    kind: Literal["hen"] = "hen"  # a tag with a default


class Duck(BaseModel):
    kind: Literal["duck"] = "duck"


Pet = Annotated[Union[Cat, Dog], Field(discriminator="kind")]


def adopt(pet: Pet, others: List[Pet], spare: Optional[Pet] = None) -> str:
    """Adopt."""
    return ",".join(type(p).__name__ for p in [pet, *others, spare])


def feed(bird: Annotated[Union[Hen, Duck], Field(discriminator="kind")]) -> str:
    """Feed."""
    return type(bird).__name__
'''


def test_call_builds_the_tagged_member_of_a_union(tmp_path: Path) -> None:
    """`Field(discriminator=...)`: the schema says `oneOf` with the tags, as pydantic, and `call()` builds each
    value as the class its tag names; OpenAI's strict mode gets the same union as `anyOf`."""
    from conftest import scanned_module

    with scanned_module(tmp_path, TAGGED, "tagged") as module:
        tool, _ = module.TOOLS
        pet = tool["parameters"]["properties"]["pet"]
        assert pet["discriminator"] == {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog", "puppy": "#/$defs/Dog"}}
        arguments = {"pet": {"kind": "puppy"}, "others": [{"kind": "cat"}], "spare": {"kind": "cat", "lives": 3}}
        assert module.call("adopt", arguments) == "Dog,Cat,Cat"
        with pytest.raises(module.ToolArgumentError, match="`pet`: expected Cat or Dog, got object"):
            module.call("adopt", {"pet": {"kind": "cow"}, "others": []})
        with pytest.raises(module.ToolArgumentError, match="`spare`: expected Cat or Dog or null, got string"):
            module.call("adopt", {"pet": {"kind": "cat"}, "others": [], "spare": "cat"})
        # a value that fits no member: the errors of the member its tag names (through `Optional` too)
        with pytest.raises(module.ToolArgumentError, match="`pet.lives`: expected integer, got string 'x'"):
            module.call("adopt", {"pet": {"kind": "cat", "lives": "x"}, "others": []})
        with pytest.raises(module.ToolArgumentError, match="`spare.lives`: expected integer, got string 'x'"):
            module.call("adopt", {"pet": {"kind": "cat"}, "others": [], "spare": {"kind": "cat", "lives": "x"}})
        # pydantic reads the tag from the value given, though the tag's field has a default: `{}` fits the schema
        assert module.call("feed", {"bird": {"kind": "duck"}}) == "Duck"
        with pytest.raises(module.ToolArgumentError, match="`bird`: `kind` is missing: it tells the members apart"):
            module.call("feed", {"bird": {}})
        strict, _ = module.openai_tools(strict=True)
        assert strict["function"]["strict"] is True
        assert_openai_strict(strict["function"]["parameters"])


FISH = '''from typing import List, Optional, Union

from pydantic import BaseModel, Discriminator, Field, Tag
from typing_extensions import Annotated


class Trout(BaseModel):
    name: str = ""


class Salmon(BaseModel):  # the same fields: only the function tells them apart
    name: str = ""


def _kind(value):
    name = value.get("name", "") if isinstance(value, dict) else getattr(value, "name", "")
    return "salmon" if name.startswith("s") else "trout"


Fish = Annotated[Union[Annotated[Trout, Tag("trout")], Annotated[Salmon, Tag("salmon")]], Discriminator(_kind)]


Tagged = Union[Annotated[Trout, Tag("trout")], Annotated[Salmon, Tag("salmon")]]


def catch(fish: Fish, school: List[Fish] = [], lone: Annotated[Tagged, Field(discriminator=Discriminator(lambda v: _kind(v)))] = None,
          maybe: Optional[Fish] = None):
    """Catch a fish."""
    return fish, school, lone, maybe
'''


def test_call_has_a_function_discriminator_pick_the_member(tmp_path: Path) -> None:
    """`Discriminator(func)`, its members `Tag`ged: the schema says `oneOf`, as pydantic writes it, and `call()` has
    pydantic pick the member by the function, though every value here fits both members. `call()` refused such a value
    as fitting more than one member, and the `Tag`s were "not understood"."""
    from pydantic import validate_call

    from conftest import importable, load_module, messages, scan_source
    from test_conformance import comparable, runtime_schema

    generation = scan_source(tmp_path, FISH)
    assert messages(generation) == []
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "fish")
        (tool,) = module.TOOLS
        assert tool["parameters"]["properties"]["fish"] == {"oneOf": [{"$ref": "#/$defs/Trout"}, {"$ref": "#/$defs/Salmon"}]}
        catch = importlib.import_module("demo.tools").catch
        ours, theirs = comparable(tool["parameters"], runtime_schema(catch))
        assert ours == theirs  # `Field(discriminator=Discriminator(...))`, a lambda, too
        arguments = {"fish": {"name": "sam"}, "school": [{"name": "tom"}, {"name": "sue"}, {}], "lone": {"name": "sid"},
                     "maybe": {"name": "sal"}}  # fmt: skip
        fish, school, lone, maybe = module.call("catch", arguments)
        assert (fish, school, lone, maybe) == validate_call(catch)(**arguments)
        assert [type(f).__name__ for f in [fish, *school, lone, maybe]] == ["Salmon", "Trout", "Salmon", "Trout", "Salmon", "Salmon"]
        assert module.call("catch", {"fish": {}, "maybe": None})[3] is None


ROUTED = '''from typing import Any, Literal, Type, Union

from pydantic import BaseModel, Discriminator, Field, Tag
from typing_extensions import Annotated

UNKNOWN = "__unknown__"


def _by_tag(field_name: str, *variants: Type[BaseModel]) -> Discriminator:
    known = frozenset(variant.model_fields[field_name].default for variant in variants)

    def discriminate(value: Any) -> str:
        tag = value.get(field_name) if isinstance(value, dict) else getattr(value, field_name, None)
        return tag if tag in known else UNKNOWN

    return Discriminator(discriminate)


def _by_field(name: str) -> Discriminator:
    return Discriminator(name)


class Think(BaseModel):
    type: Literal["think"] = "think"
    thought: str


class Other(BaseModel):
    type: str


class Say(BaseModel):
    type: Literal["say"] = "say"


Operation = Annotated[Union[Annotated[Think, Tag("think")], Annotated[Other, Tag(UNKNOWN)]], _by_tag("type", Think)]


def run(op: Operation, again: Union[Annotated[Think, Tag("think")], Annotated[Other, Tag(UNKNOWN)]] = Field(
        None, discriminator=_by_tag("type", Think)), named: Annotated[Union[Think, Say], _by_field("type")] = None):
    """Run an operation."""
    return op, again
'''


def test_a_function_returning_a_function_discriminator_is_one(tmp_path: Path) -> None:
    """exa-py's `tag_discriminator("type", A, B)` returns `Discriminator(f)` of a function it defines: the members
    exclude each other (`oneOf`, as pydantic writes it) and `call()` has pydantic pick one. The scan called the
    metadata "not understood" and wrote `anyOf`. A function returning `Discriminator(name)` is still reported: the
    field it names is not read."""
    from conftest import importable, load_module, messages, scan_source
    from test_conformance import comparable, runtime_schema

    generation = scan_source(tmp_path, ROUTED)
    assert messages(generation) == [
        "demo/tools.py:40:61: warning: annotation metadata `_by_field('type')` is not understood and is ignored"
    ]
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "routed")
        (tool,) = module.TOOLS
        properties = tool["parameters"]["properties"]
        assert properties["op"] == {"oneOf": [{"$ref": "#/$defs/Think"}, {"$ref": "#/$defs/Other"}]}
        ours, theirs = comparable(tool["parameters"], runtime_schema(importlib.import_module("demo.tools").run))
        for schema in (ours, theirs):  # pydantic's is told apart by `type`, in a mapping
            del schema["properties"]["named"], schema["$defs"]["Say"]
        assert ours == theirs
        op, again = module.call("run", {"op": {"type": "think", "thought": "t"}, "again": {"type": "say"}})
        assert (type(op).__name__, type(again).__name__) == ("Think", "Other")


LEGACY_PARTS = '''from typing import Any, List, Literal

import pydantic
from pydantic import BaseModel, Discriminator, Tag
from typing_extensions import Annotated


class Call(BaseModel):
    kind: Literal["call"] = "call"
    name: str = ""


class Reply(BaseModel):
    kind: Literal["reply"] = "reply"


def _upgraded(value: Any) -> Any:
    return {**value, "kind": "call"} if isinstance(value, dict) else value


def _tag(value: Any) -> str:
    kind = value.get("kind", "") if isinstance(value, dict) else value.kind
    return kind if kind in ("call", "reply") else "legacy"


Part = Annotated[
    Annotated[Call, Tag("call")]
    | Annotated[Reply, Tag("reply")]
    | Annotated[pydantic.SerializeAsAny[Call], pydantic.BeforeValidator(_upgraded), Tag("legacy")],
    Discriminator(_tag),
]


def send(parts: List[Part]):
    \"\"\"Send parts.\"\"\"
    return parts
'''


def test_a_tagged_union_lists_a_member_written_alike_once(tmp_path: Path) -> None:
    """pydantic-ai's `ModelRequestPart` tags `ToolReturnPart` twice, once behind a validator that upgrades legacy
    parts: pydantic's `oneOf` lists each schema once. The scan listed it twice, the validator's note making the two
    unlike."""
    from conftest import importable, load_module, messages, scan_source
    from test_conformance import comparable, runtime_schema

    generation = scan_source(tmp_path, LEGACY_PARTS)
    assert messages(generation) == []
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "legacy_parts")
        parts = module.TOOLS[0]["parameters"]["properties"]["parts"]
        assert parts["items"] == {"oneOf": [{"$ref": "#/$defs/Call"}, {"$ref": "#/$defs/Reply"}]}
        send = importlib.import_module("demo.tools").send
        ours, theirs = comparable(module.TOOLS[0]["parameters"], runtime_schema(send))
        assert ours == theirs
        sent = module.call("send", {"parts": [{"kind": "reply"}, {"kind": "call", "name": "n"}]})
        assert [type(part).__name__ for part in sent] == ["Reply", "Call"]


RECORDS = '''import collections
import dataclasses
from typing import List, NamedTuple, Optional

from typing_extensions import NotRequired, TypedDict

Headers = TypedDict("Headers", {"Content-Type": str, "X-Retries": NotRequired[int]})
Coord = NamedTuple("Coord", [("lat", float), ("lon", float)])
Span = collections.namedtuple("Span", "start end", defaults=[0])
Stop = dataclasses.make_dataclass("Stop", [("name", str), ("wait", float, dataclasses.field(default=1))])


def fetch(headers: Headers, route: List[Coord], span: Optional[Span] = None, stops: List[Stop] = []):
    """Records made by a call."""
    return headers, route, span, stops
'''


def test_call_makes_records_made_by_a_call(tmp_path: Path) -> None:
    """`TypedDict("Headers", {...})`, `NamedTuple("Coord", [...])`, `collections.namedtuple("Span", "start end")` and
    `dataclasses.make_dataclass("Stop", [...])` are read as their class statements would be, and `call()` makes them as pydantic does; they were left open, with
    a warning each."""
    from pydantic import validate_call

    from conftest import importable, load_module, messages, scan_source

    generation = scan_source(tmp_path, RECORDS)
    assert messages(generation) == []
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "records")
        (tool,) = module.TOOLS
        assert sorted(tool["parameters"]["$defs"]) == ["Coord", "Headers", "Span", "Stop"]
        arguments = {"headers": {"Content-Type": "text/plain"}, "route": [[1, 2.5]], "span": [3], "stops": [{"name": "a"}]}
        made = module.call("fetch", arguments)
        assert made == validate_call(importlib.import_module("demo.tools").fetch)(**arguments)
        assert [type(made[1][0]).__name__, type(made[2]).__name__, made[2].end] == ["Coord", "Span", 0]
        assert [type(made[3][0]).__name__, made[3][0].wait] == ["Stop", 1.0]
        with pytest.raises(module.ToolArgumentError, match="`headers.Content-Type`: missing required property"):
            module.call("fetch", {"headers": {"X-Retries": 2}, "route": []})


FRACTIONS = '''from fractions import Fraction
from typing import List, Optional


def scale(by: Fraction, steps: List[Fraction] = [], cap: Optional[Fraction] = None) -> Fraction:
    """Scale."""
    return by * sum(steps, Fraction(1)) if cap is None else min(cap, by)
'''


def test_call_makes_fractions_as_pydantic_reads_json(tmp_path: Path) -> None:
    """`fractions.Fraction`: a number or its text (`"1/3"`), as pydantic writes it; `call()` makes the `Fraction` as
    pydantic reads JSON (`0.1` is 1/10, not the float's binary value), and a text that is none is an argument error. It
    was left open, and the function got the JSON value."""
    from fractions import Fraction

    from pydantic import TypeAdapter

    from conftest import importable, load_module, messages, scan_source

    generation = scan_source(tmp_path, FRACTIONS)
    assert messages(generation) == []
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "fractions_module")
        assert module.call("scale", {"by": "1/3", "steps": [2, 0.5, "1/4"]}) == Fraction(1, 3) * Fraction(15, 4)
        assert module.call("scale", {"by": 0.1, "cap": 1}) == Fraction(1, 10) == TypeAdapter(Fraction).validate_json("0.1")
        with pytest.raises(module.ToolArgumentError, match="`by`: not a valid fraction: '1/0'"):
            module.call("scale", {"by": "1/0"})
        assert module.TOOLS[0]["returns"]["schema"] == TypeAdapter(Fraction).json_schema()
        (tool,) = module.anthropic_runnable_tools()  # a result is written as pydantic writes it: its text
        assert tool.call({"by": "1/3", "steps": [1]}) == TypeAdapter(Fraction).dump_json(Fraction(2, 3)).decode() == '"2/3"'
        assert module.call("scale", {"by": Fraction(1, 3)}) == Fraction(1, 3)  # a Python caller's (a CodeAgent's)


def test_a_collection_is_an_array_that_call_passes_as_a_list(tmp_path: Path) -> None:
    """`Collection[T]`, which pydantic has no schema for (it refuses the signature), is an array of `T` on purpose
    (the README's table of differences): `call()` checks its items and passes a list."""
    from pydantic import PydanticSchemaGenerationError, TypeAdapter

    from conftest import scanned_module

    source = "from typing import Collection\n\ndef total(items: Collection[int]) -> int:\n    '''Sum.'''\n"
    source += "    return sum(items) if isinstance(items, list) else -1\n"
    with scanned_module(tmp_path, source, "collections_module") as module:
        assert module.TOOLS[0]["parameters"]["properties"]["items"] == {"type": "array", "items": {"type": "integer"}}
        assert module.call("total", {"items": [1, 2]}) == 3
        with pytest.raises(module.ToolArgumentError, match="items"):
            module.call("total", {"items": ["a"]})
    with pytest.raises(PydanticSchemaGenerationError):
        TypeAdapter(typing.Collection[int])


GENERIC = '''import datetime
from typing import Generic, List, Optional, Tuple, TypeVar, Union

from pydantic import BaseModel

T = TypeVar("T")
Both = Tuple[T, T]
OneOrMany = Union[T, List[T]]


class Item(BaseModel):
    name: str


class Page(BaseModel, Generic[T]):
    items: List[T]


def first(page: Page[Item], counts: Optional[Page[int]] = None) -> str:
    """First."""
    return f"{type(page).__name__}:{type(page.items[0]).__name__}:{counts.items if counts else None}"


def span(days: Both[datetime.date], stops: OneOrMany[datetime.date], pages: List[Page[datetime.date]]) -> str:
    """Span."""
    return repr((days, stops, pages))
'''


INHERITED = '''from dataclasses import dataclass
from typing import Generic, List, TypeVar

from pydantic.dataclasses import dataclass as pydantic_dataclass

T = TypeVar("T")
C = TypeVar("C", int, str)


@dataclass
class Meta:
    score: float = 0.0


@dataclass
class Base(Generic[T, C]):
    meta: T
    code: C


@dataclass
class Hit(Base[Meta, int]):
    name: str


@pydantic_dataclass
class Row(Base[List[int], str]):
    label: str = ""


def find(hit: Hit, row: Row):
    """Find."""
    return hit, row
'''


def test_a_dataclass_field_from_a_specialized_generic_base_has_the_base_arguments_type(tmp_path: Path) -> None:
    """`class Hit(Base[Meta, int])`: the fields `Hit` takes from `Base` are typed by its arguments, as a type checker
    reads them, and `call()` makes them so. pydantic leaves a standard or pydantic dataclass's inherited type variables
    unbound (any value; a constrained one the union of its constraints): its open issues 10648 and 11363."""
    from conftest import importable, load_module, messages, scan_source
    from test_conformance import comparable, runtime_schema

    generation = scan_source(tmp_path, INHERITED)
    assert messages(generation) == []
    with importable(tmp_path / "proj", "demo"):
        module = load_module(generation.packages[0].module, "inherited")
        definitions = module.TOOLS[0]["parameters"]["$defs"]
        find = importlib.import_module("demo.tools").find
        ours, theirs = comparable(module.TOOLS[0]["parameters"], runtime_schema(find))
        unbound = {"meta": {}, "code": {"anyOf": [{"type": "integer"}, {"type": "string"}]}}
        assert [theirs["$defs"][name]["properties"][field] for name in ("Hit", "Row") for field in unbound] == [
            *unbound.values(), *unbound.values()
        ]
        assert definitions["Hit"]["properties"]["meta"] == {"$ref": "#/$defs/Meta"}
        assert definitions["Row"]["properties"]["code"] == {"type": "string"}
        for name in ("Hit", "Row"):
            for field in unbound:
                theirs["$defs"][name]["properties"][field] = ours["$defs"][name]["properties"][field]
        assert "Meta" not in theirs["$defs"]
        assert ours == {**theirs, "$defs": {**theirs["$defs"], "Meta": ours["$defs"]["Meta"]}}  # the rest alike
        row = {"meta": [1], "code": "x"}
        hit, row = module.call("find", {"hit": {"meta": {"score": 1}, "code": 3, "name": "n"}, "row": row})
        assert (type(hit.meta).__name__, hit.meta.score, row.meta) == ("Meta", 1.0, [1])
        with pytest.raises(module.ToolArgumentError, match="`hit.code`: expected integer"):
            module.call("find", {"hit": {"meta": {}, "code": "x", "name": "n"}, "row": {"meta": [1], "code": "x"}})


def test_call_specializes_generic_models(tmp_path: Path) -> None:
    from conftest import scanned_module

    with scanned_module(tmp_path, GENERIC, "generic") as module:
        tool = module.TOOLS[0]
        assert list(tool["parameters"]["$defs"]) == ["Item", "Page_Item_", "Page_int_"]
        arguments = {"page": {"items": [{"name": "a"}]}, "counts": {"items": ["2"]}}
        with pytest.raises(module.ToolArgumentError, match=r"`counts.items\[0\]`: expected integer, got string '2'"):
            module.call("first", arguments)
        assert module.call("first", {**arguments, "counts": {"items": [2]}}) == "Page[Item]:Item:[2]"


def test_call_makes_generic_aliases_and_models_specialized_by_any_type_as_pydantic_does(tmp_path: Path) -> None:
    """A generic alias's type variables bound to its arguments (dates, in a tuple or a union); a generic model given
    a type `call()` cannot import as a class (`Page[date]`): pydantic makes it by the function's annotation. Its
    dates were left as text, in a `Page` of anything."""
    import datetime

    from conftest import scanned_module

    with scanned_module(tmp_path, GENERIC, "generic_span") as module:
        arguments = {"days": ["2024-01-01", "2024-01-02"], "stops": "2024-01-03", "pages": [{"items": ["2024-01-04"]}]}
        page = importlib.import_module("demo.tools").Page[datetime.date](items=[datetime.date(2024, 1, 4)])
        expected = ((datetime.date(2024, 1, 1), datetime.date(2024, 1, 2)), datetime.date(2024, 1, 3), [page])
        assert module.call("span", arguments) == repr(expected)
        with pytest.raises(module.ToolArgumentError, match=r"`pages.0.items.0`: Input should be a valid date"):
            module.call("span", {**arguments, "pages": [{"items": ["2024-02-30"]}]})


def test_call_runs_sync_and_async_tools(example_module: Any) -> None:
    assert example_module.call("convert_currency", {"amount": 11, "from_currency": "USD", "to_currency": "EUR"}) == 10.0
    assert example_module.call("fetch_hotel_page", {"url": "u"}) == "<html><title>Hotel at u</title></html>"
    assert asyncio.run(example_module.acall("fetch_hotel_page", '{"url": "v"}')).endswith("Hotel at v</title></html>")
    assert asyncio.run(example_module.acall("air_quality", {"city": "Oslo"})) == {"aqi": 113}


def test_call_inside_running_loop_asks_for_acall(example_module: Any) -> None:
    async def inside() -> None:
        with pytest.raises(example_module.ToolError, match=r"use `await acall\(\.\.\.\)`"):
            example_module.call("fetch_hotel_page", {"url": "u"})

    asyncio.run(inside())


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("get_forecast", {}, "`city`: missing required argument"),
        ("get_forecast", {"city": "x", "weeks": 2}, "`weeks`: unknown argument; expected one of: city, days, unit"),
        ("get_forecast", {"city": 3}, "`city`: expected string, got integer 3"),
        ("get_forecast", {"city": "x", "days": "3"}, "`days`: expected integer, got string '3'"),
        ("get_forecast", {"city": "x", "days": True}, "`days`: expected integer, got boolean True"),
        ("get_forecast", {"city": "x", "unit": "kelvin"}, '`unit`: \'kelvin\' is not one of "celsius", "fahrenheit"'),
        ("search_flights", {**SAMPLES["search_flights"], "cabin": "first"}, '`cabin`: \'first\' is not one of "economy", "premium", "business"'),
        ("search_flights", {**SAMPLES["search_flights"], "airlines": ["TP", 7]}, "`airlines[1]`: expected string, got integer 7"),
        ("search_flights", {**SAMPLES["search_flights"], "airlines": "TP"}, "`airlines`: expected array of string or null, got string 'TP'"),
        ("book_trip", {"travellers": [{"name": "Ana", "age": "old"}], "destination": "x"}, "`travellers[0].age`: expected integer, got string 'old'"),
        ("book_trip", {"travellers": [{"age": 3}], "destination": "x"}, "`travellers[0].name`: missing required property"),
        ("get_forecast", "{not json", "arguments are not valid JSON"),
        ("get_forecast", "[1, 2]", "arguments must be a JSON object, got array"),
        ("get_forecast", "[" * 100_000 + "]" * 100_000, "arguments are not valid JSON"),
        ("book_trip", {"travellers": json.loads("[" * 200 + "]" * 200), "destination": "x"}, "`travellers[0]`: expected object, got array"),
    ],
)
def test_call_rejects_bad_arguments_naming_them(name: str, arguments: Any, message: str, example_module: Any) -> None:
    with pytest.raises(example_module.ToolArgumentError) as caught:
        example_module.call(name, arguments)
    assert message in str(caught.value)


def test_a_union_error_tells_lists_and_dicts_apart_by_what_they_hold(tmp_path: Path) -> None:
    """A value that no member takes, where several members are of its JSON type: the error says what each holds."""
    from conftest import scanned_module

    source = "from typing import Dict, List, Union\n\n\ndef tally(counts: Union[Dict[str, int], Dict[str, List[str]]],\n"
    source += "          ids: Union[List[int], List[Union[str, bool]]]) -> str:\n    '''Tally.'''\n    return ''\n"
    with scanned_module(tmp_path, source, "holding") as module:
        with pytest.raises(module.ToolArgumentError) as caught:
            module.call("tally", {"counts": {"a": 1.5}, "ids": [None]})
    assert caught.value.errors == [
        "`counts`: expected object of integer or object of array of string, got object {'a': 1.5}",
        "`ids`: expected array of integer or array of (string or boolean), got array [None]",
    ]


def test_results_become_json_as_pydantic_writes_them(example_module: Any) -> None:
    """MCP's text and structured content: a tool's result as pydantic writes it in JSON mode, without pydantic."""
    import collections
    import dataclasses
    import datetime as dt
    import decimal
    import enum
    import ipaddress
    import pathlib
    import re
    import uuid
    from typing import NamedTuple

    from pydantic import BaseModel, Field, TypeAdapter

    class Pair(NamedTuple):
        left: int
        right: str

    @dataclasses.dataclass
    class Node:
        value: int
        children: list[Node]
        when: dt.date

    class Trip(BaseModel):
        where: str = Field(alias="destination")
        stay: dt.timedelta

    class Level(enum.IntEnum):
        HIGH = 3

    utc, plus_one = dt.timezone.utc, dt.timezone(dt.timedelta(hours=1))
    durations = [dt.timedelta(days=1, hours=2, minutes=30), dt.timedelta(seconds=0.5), dt.timedelta(seconds=-1),
                 dt.timedelta(0), dt.timedelta(days=-1, seconds=5), dt.timedelta(days=3), dt.timedelta(microseconds=10)]  # fmt: skip
    values = [
        None, True, 3, 2.5, "text", float("nan"), float("-inf"), Level.HIGH, [Level.HIGH], {Level.HIGH: 1},
        dt.datetime(2026, 1, 2, 3, 4, 5, 123000), dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=utc),
        dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=plus_one), dt.time(3, 4, 5, tzinfo=utc), dt.date(2026, 1, 2),
        *durations, uuid.UUID(int=5), decimal.Decimal("1.50"), pathlib.Path("a/b"),
        ipaddress.ip_address("10.0.0.1"), b"bytes", {7}, frozenset({8}), (1, "a"), Pair(1, "r"),
        Node(1, [Node(2, [], dt.date(2026, 5, 6))], dt.date(2026, 1, 2)),
        Trip(destination="Faro", stay=dt.timedelta(days=2)), [Trip(destination="x", stay=dt.timedelta(0))],
        {1: "a", None: "b", 2.5: "c", "d": {False: [Pair(2, "s")]}},
        re.compile("^a+$"), complex(1, -2), 2j, ipaddress.ip_network("10.0.0.0/24"), ipaddress.ip_interface("::1/64"),
        collections.deque([1, dt.date(2026, 1, 2)]),
    ]  # fmt: skip
    for value in values:
        expected = TypeAdapter(Any).dump_python(value, mode="json", by_alias=True)
        assert example_module._jsonable(value, 0) == expected, value
    looped: list[Any] = []
    looped.append(looped)
    with pytest.raises(example_module.ToolError, match="nested deeper than 64 levels"):
        example_module._jsonable(looped, 0)


def test_deep_nesting_through_a_recursive_schema_is_bounded(example_module: Any) -> None:
    node = {"type": "object", "properties": {"c": {"type": "array", "items": {"$ref": "#/$defs/N"}}}}
    deep: Any = {}
    for _ in range(5000):
        deep = {"c": [deep]}
    errors: list[str] = []
    example_module._check({"$ref": "#/$defs/N"}, deep, "", {"N": node}, errors, 0)
    assert len(errors) == 1 and errors[0].endswith(": nested deeper than 64 levels")


def test_huge_string_is_accepted_and_the_process_keeps_running(example_module: Any) -> None:
    huge = "x" * 5_000_000
    assert example_module.call("fetch_hotel_page", {"url": huge}).startswith("<html>")
    with pytest.raises(example_module.ToolArgumentError, match="expected string, got integer"):
        example_module.call("fetch_hotel_page", {"url": 1, "timeout": huge})


def test_unknown_tool_lists_the_known_ones(example_module: Any) -> None:
    with pytest.raises(example_module.UnknownToolError, match=r"unknown tool 'nope'; the tools are: air_quality, book_trip, "):
        example_module.call("nope", {})


def test_module_command_line_lists_tools(example_module: Any) -> None:
    root = Path(example_module.__file__).parent.parent
    out = subprocess.run([sys.executable, "-m", "travel_tools._tool_schemas", "list"], cwd=root, capture_output=True, text=True, check=True)
    assert 'get_forecast(city: str, days: int = 3, unit: Unit = "celsius") -> dict[str, float]' in out.stdout


def limits_source() -> str:
    """Tools on either side of each limit OpenAI documents for one strict schema."""
    def literal(count: int, width: int, tag: str = "") -> str:
        return "Literal[" + ", ".join(repr(f"{tag}{i:0{width - len(tag)}d}") for i in range(count)) + "]"

    def chain(prefix: str, count: int) -> str:
        models = [f"class {prefix}{count}(BaseModel):\n    x: int\n"]
        models += [f"class {prefix}{i}(BaseModel):\n    inner: {prefix}{i + 1}\n" for i in range(count - 1, 0, -1)]
        return "\n\n".join(models)

    def wide(name: str, count: int) -> str:
        return f"class {name}(TypedDict):\n" + "".join(f"    {name.lower()}_{i}: int\n" for i in range(count))

    enums = ", ".join(f"{name}: {literal(250, 119, name)}" for name in "bcd")
    enums = f"{literal(250, 119)}, {enums}"
    return f"""from typing import Literal
from pydantic import BaseModel
from typing_extensions import TypedDict

{chain("Ten", 9)}

{chain("Eleven", 10)}

{wide("Left", 2499)}

{wide("Right", 2499)}

{wide("Shared", 1700)}


def enum_1000(a: {literal(500, 3)}, b: {literal(500, 3, "b")}):
    "At the limit."


def enum_1001(a: {literal(500, 3)}, b: {literal(501, 3, "b")}):
    "One over."


def long_enum_ok(a: {literal(251, 59)}):
    "251 values, 14,809 characters."


def long_enum_over(a: {literal(251, 60)}):
    "251 values, 15,060 characters."


def text_ok(a: {enums}, {"n" * 996}: int):
    "119,000 characters of enum values, 1,000 of property names."


def text_over_by_name(a: {enums}, {"n" * 997}: int):
    "One more in a property's name."


class {"D" * 500}(BaseModel):
    x: int


def text_over_by_definition(a: {enums}, {"n" * 496}: {"D" * 500}):
    "One more, in a definition's name."


def depth_10(a: Ten1):
    "The root and nine models."


def depth_11(a: Eleven1):
    "The root and ten models."


class Tree(BaseModel):
    children: list["Tree"]


def recursive_depth_10(a: Ten1, b: Tree):
    "Recursion counts once."


def properties_5000(l: Left, r: Right):
    "2 + 2 x 2499 properties."


def properties_5001(l: Left, r: Right, o: int):
    "One more."


def properties_3_x_1700(a: Shared, b: Shared, c: Shared):
    "1,703 properties, or 5,103 with the definition inlined thrice."
"""


def test_a_schema_beyond_openais_limits_stays_non_strict(tmp_path: Path) -> None:
    """Beyond the limits OpenAI documents for one strict schema the API refuses the request, so such a tool stays
    non-strict, like one that strict mode cannot express; each limit is met exactly by one tool and passed by another."""
    from conftest import scanned_module

    with scanned_module(tmp_path, limits_source(), "limits") as module:
        strict = {t["function"]["name"]: t["function"]["strict"] for t in module.openai_tools(strict=True)}
        assert strict == {"enum_1000": True, "enum_1001": False, "long_enum_ok": True, "long_enum_over": False,
                          "text_ok": True, "text_over_by_name": False, "text_over_by_definition": False,
                          "depth_10": True, "depth_11": False, "recursive_depth_10": True,
                          "properties_5000": True, "properties_5001": False, "properties_3_x_1700": True}
        agents = {t.name: t.strict_json_schema for t in module.openai_agents_tools()}
        assert agents == strict
        inlined = {t["function"]["name"]: t["function"]["strict"]
                   for t in module.openai_tools(strict=True, inline_refs=True)}
        # each copy of an inlined definition counts, and the definitions' names are gone
        assert inlined == {**strict, "properties_3_x_1700": False, "text_over_by_definition": True}


def test_strict_rules_hold_across_the_conformance_suite(conformance_module: Any) -> None:
    """Every tool of the conformance fixtures either follows OpenAI's strict rules or stays non-strict."""
    strict = [t["function"] for t in conformance_module.openai_tools(strict=True)]
    for function in strict:
        if function["strict"]:
            assert_openai_strict(function["parameters"], function["name"])
    names = {f["name"] for f in strict if f["strict"]}
    assert {"f_model_recursive", "f_enum_default", "f_two_models", "f_field_range", "f_optional_literal"} <= names
    assert {"f_any", "f_dict_bare", "f_tuple_fixed", "f_set_str", "f_field_str_len"}.isdisjoint(names)
    assert "f_field_examples" in names  # `examples` is informational: dropped, the tool stays strict
    assert len(names) > 80


def test_anthropic_strict_schemas_are_the_anthropic_sdks_own(conformance_module: Any) -> None:
    """Each conformance tool that Anthropic's strict tool use can take gets what the `anthropic` SDK's own
    `transform_schema` makes of its parameters (the keywords strict mode lacks written into the description), once a
    `$ref` with keywords beside it is inlined (the SDK's transform drops a field's description there). The others
    (recursion, a dict, `Any`, extra keys, a tuple) stay non-strict, where the SDK would close a dict to `{}`."""
    from anthropic import transform_schema

    def inline_siblings(node: Any, defs: dict[str, Any]) -> Any:
        if isinstance(node, list):
            return [inline_siblings(item, defs) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node and len(node) > 1:
            node = {**defs[node["$ref"].rsplit("/", 1)[-1]], **{k: v for k, v in node.items() if k != "$ref"}}
        return {k: v if k in ("default", "enum", "const") else inline_siblings(v, defs) for k, v in node.items()}

    tools = conformance_module.anthropic_tools(strict=True)
    for tool, plain in zip(tools, conformance_module.TOOLS):
        assert (tool["name"], tool["description"]) == (plain["name"], plain["description"])
        parameters = plain["parameters"]
        if tool["strict"]:
            assert tool["input_schema"] == transform_schema(inline_siblings(parameters, parameters.get("$defs", {})))
        else:
            assert tool["input_schema"] is parameters
    names = {t["name"] for t in tools if t["strict"]}
    assert {"f_enum_default", "f_two_models", "f_field_range", "f_set_str", "f_field_str_len", "f_urls"} <= names
    assert {"f_any", "f_dict_bare", "f_dict_str_int", "f_model_extra", "f_tuple_fixed", "f_model_recursive"}.isdisjoint(names)
    assert len(names) > 200
    (ranged,) = [t["input_schema"] for t in tools if t["name"] == "f_field_range"]
    assert ranged["properties"]["a"] == {"type": "integer", "description": "{minimum: 0, exclusiveMaximum: 10}"}
    inlined = conformance_module.anthropic_tools(strict=True, inline_refs=True)
    assert [t["strict"] for t in inlined] == [t["strict"] for t in tools]
    assert not any(refs_in(t["input_schema"]) for t in inlined if t["strict"])


def refs_in(schema: Any) -> set[str]:
    """The `$ref` targets anywhere in a schema."""
    if isinstance(schema, dict):
        own = {schema["$ref"]} if isinstance(schema.get("$ref"), str) else set()
        return own.union(*(refs_in(v) for k, v in schema.items() if k not in ("default", "enum", "const")))
    return set().union(*(refs_in(v) for v in schema)) if isinstance(schema, list) else set()


def without_mappings(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: ({**v, "mapping": None} if k == "discriminator" else without_mappings(v)) for k, v in schema.items()}
    return [without_mappings(v) for v in schema] if isinstance(schema, list) else schema


def test_inlined_refs_are_langchains_and_keep_recursion(conformance_module: Any) -> None:
    """`inline_refs=True` gives, for each conformance tool, what LangChain's `dereference_refs` gives, but without
    `$defs` and without a discriminator's `mapping` to the definitions gone; a recursive class keeps its `$ref`s,
    where LangChain cuts the recursion to `{}` (its issue #30797)."""
    from langchain_core.utils.json_schema import dereference_refs

    plain = [t["function"] for t in conformance_module.openai_tools()]
    inlined = [t["function"] for t in conformance_module.openai_tools(inline_refs=True)]
    assert [t["input_schema"] for t in conformance_module.anthropic_tools(inline_refs=True)] == [f["parameters"] for f in inlined]
    recursive = set()
    for before, after in zip(plain, inlined):
        assert (before["name"], before["description"]) == (after["name"], after["description"])
        kept = after["parameters"].get("$defs", {})
        assert refs_in(after["parameters"]) <= {f"#/$defs/{name}" for name in kept}, after["name"]
        if kept:
            recursive.add(after["name"])
            assert all(refs_in(definition) for definition in kept.values())
            continue
        theirs = dereference_refs(before["parameters"])
        theirs.pop("$defs", None)
        assert without_mappings(after["parameters"]) == without_mappings(theirs), after["name"]
        if "mapping" in json.dumps(before["parameters"]):
            assert "mapping" not in json.dumps(after["parameters"])
    assert recursive == {"f_model_recursive", "f_generic_recursive", "f_instance_recursive", "f_alias_through_a_model",
                         "f_descriptions_the_definition_has", "f_model_json_schema_hook"}  # fmt: skip
    (node,) = [f["parameters"] for f in inlined if f["name"] == "f_model_recursive"]
    validator = jsonschema.Draft202012Validator(node)
    assert validator.is_valid({"a": {"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]}})
    assert not validator.is_valid({"a": {"value": 1, "children": [{"value": 2, "children": [{"value": "3"}]}]}})

    strict = [t["function"] for t in conformance_module.openai_tools(strict=True)]
    strict_inlined = [t["function"] for t in conformance_module.openai_tools(strict=True, inline_refs=True)]
    for function, inlined_function in zip(strict, strict_inlined):
        assert function["strict"] == inlined_function["strict"], function["name"]
        if function["strict"]:
            assert_openai_strict(inlined_function["parameters"], function["name"])
        if function["name"] not in recursive:
            assert not refs_in(inlined_function["parameters"]), function["name"]


def test_inlining_reads_schemas_by_structure_never_data(conformance_module: Any) -> None:
    """Properties may be named like keywords, and data may look like a `$ref`: both come out as written."""
    schema = {
        "type": "object",
        "properties": {
            "default": {"$ref": "#/$defs/Alias", "description": "A property named like a keyword."},
            "$ref": {"type": "string", "default": {"$ref": "#/$defs/Alias"}, "enum": [{"$ref": "#/$defs/Alias"}]},
        },
        "$defs": {"Alias": {"$ref": "#/$defs/Point"}, "Point": {"type": "object", "properties": {"x": {"type": "integer"}}}},
    }
    point = {"type": "object", "properties": {"x": {"type": "integer"}}}
    assert conformance_module._dereferenced(schema) == {
        "type": "object",
        "properties": {
            "default": {**point, "description": "A property named like a keyword."},
            "$ref": {"type": "string", "default": {"$ref": "#/$defs/Alias"}, "enum": [{"$ref": "#/$defs/Alias"}]},
        },
    }
    # a recursive class keeps its `$ref`s; what it refers to besides itself is inlined
    tree = {"type": "object", "properties": {"at": {"$ref": "#/$defs/Alias"}, "kids": {"items": {"$ref": "#/$defs/Tree"}}}}
    schema = {"properties": {"t": {"$ref": "#/$defs/Tree"}}, "$defs": {**schema["$defs"], "Tree": tree}}
    assert conformance_module._dereferenced(schema) == {
        "properties": {"t": {"$ref": "#/$defs/Tree"}},
        "$defs": {"Tree": {"type": "object", "properties": {"at": point, "kids": {"items": {"$ref": "#/$defs/Tree"}}}}},
    }


JSON_LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=4)
BOUND_KEYWORDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength"}
CONFORMANCE_TOOLS = sorted(  # the fixtures' names, read without importing them
    node.name
    for path in (Path(__file__).parent / "fixtures" / "confpkg" / "confpkg").glob("*.py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("f_")
)


def landmarks(schema: dict[str, Any]) -> tuple[list[Any], list[str]]:
    """What a schema singles out, so that random arguments reach its checks: values (enum members, defaults, bounds and
    their neighbours, and JSON's look-alikes `true`, `1` and `1.0`) and the property names at every depth."""
    values: list[Any] = [True, False, 0, 1, 1.0, -1, 0.5, "", None]
    names: set[str] = set()
    nodes: list[Any] = [schema]
    while nodes:
        node = nodes.pop()
        if isinstance(node, list):
            nodes.extend(node)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    names.update(value)
                elif key == "enum":
                    values.extend(value)
                    names.update(item for item in value if isinstance(item, str))  # keys, where propertyNames asks
                elif key in ("const", "default"):
                    values.append(value)
                elif key in BOUND_KEYWORDS and type(value) in (int, float):
                    values.extend([value, value + 1, value - 1, value * 3, value * 3 + 0.5, float(value)])
                nodes.append(value)
    return values, sorted(names)


def random_arguments(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    values, names = landmarks(schema)
    leaves = JSON_LEAVES | st.sampled_from(values)
    keys = st.text(max_size=3) | st.sampled_from(names or ["x"])
    nested = st.recursive(leaves, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3), max_leaves=6)
    return st.dictionaries(st.sampled_from(sorted(schema.get("properties", {})) or ["x"]), leaves | nested)


def as_validate_reads(schema: Any) -> Any:
    """A copy that says what `validate` accepts, at every depth: an object that lists its properties takes no others,
    an optional property takes `null`, which means "the default", and a `oneOf` is an `anyOf`, as pydantic reads it
    (a function as the discriminator picks one member where several fit)."""
    if isinstance(schema, list):
        return [as_validate_reads(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    copy = {}
    for key, value in schema.items():
        if key in ("properties", "$defs", "patternProperties"):
            copy[key] = {name: as_validate_reads(child) for name, child in value.items()}
        elif key in ("items", "prefixItems", "additionalProperties", "anyOf", "propertyNames"):
            copy[key] = as_validate_reads(value)
        elif key == "oneOf":
            copy["anyOf"] = as_validate_reads(value)
        else:
            copy[key] = value
    if "properties" in schema:
        copy.setdefault("additionalProperties", False)
        for name, child in copy["properties"].items():
            if name not in schema.get("required", []) and not takes_null(child):
                copy["properties"][name] = {"anyOf": [child, {"type": "null"}]}
    return copy


def taking_names(schema: dict[str, Any], by_name: dict[str, dict[str, str]]) -> dict[str, Any]:
    """`schema` (as `as_validate_reads` made it) where a model takes a field by its name as well as by its key
    (`populate_by_name`; the tool's `by_name`): the name is a property too, where the key is not given."""
    schema = copy.deepcopy(schema)
    for model, renames in by_name.items():
        target = schema.get("$defs", {}).get(model, {})
        required = target.get("required", [])
        for name, key in renames.items():
            target["properties"][name] = target["properties"][key]
            target.setdefault("dependentSchemas", {})[name] = {"not": {"required": [key]}}
            if key in required:  # one of the two
                required.remove(key)
                target.setdefault("allOf", []).append({"anyOf": [{"required": [key]}, {"required": [name]}]})
    return schema


def _json_content(validator: Any, content_schema: Any, instance: Any, schema: dict[str, Any]) -> Any:
    if schema.get("contentMediaType") != "application/json" or not isinstance(instance, str):
        return
    try:
        content = json.loads(instance)
    except ValueError:
        yield jsonschema.ValidationError(f"not JSON: {instance!r}")
        return
    yield from validator.descend(content, content_schema)


# jsonschema's 2020-12 validator, asserting `contentSchema` where the media type is JSON
JSON_CONTENT_ASSERTED = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"contentSchema": _json_content})


def takes_null(schema: dict[str, Any]) -> bool:
    kinds = schema.get("type")
    return kinds == "null" or (isinstance(kinds, list) and "null" in kinds) or any(map(takes_null, schema.get("anyOf", [])))


_MADE: dict[str, Any] = {}
CONFPKG = Path(__file__).parent / "fixtures" / "confpkg"


def once(key: str, make: Any) -> Any:
    """`make()`, once per key: strategies and jsonschema validators cost more to make than to use."""
    if key not in _MADE:
        _MADE[key] = make()
    return _MADE[key]


@pytest.mark.parametrize("name", CONFORMANCE_TOOLS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_validate_agrees_with_jsonschema(name: str, conformance_module: Any, data: st.DataObject) -> None:
    """On random arguments, `validate` accepts exactly what jsonschema accepts, for every conformance schema; and
    `call()` of what it accepts raises nothing but an argument error (the fixture functions do nothing).

    The documented differences aside (`as_validate_reads`): `null` for an optional property means "the default", an
    object that lists its properties takes no others (an unknown key is usually a typo), a field given by its name
    is taken where pydantic takes it so (`taking_names`), and a `oneOf` is read as an `anyOf`, as pydantic reads it. And the
    text of a `Json[...]` must hold JSON that fits its `contentSchema`, as pydantic requires, where JSON Schema
    takes `contentSchema` for an annotation.
    """
    tool = next(t for t in conformance_module.TOOLS if t["name"] == name)
    schema, by_name = tool["parameters"], tool.get("python", {}).get("by_name", {})
    arguments = data.draw(once(f"arguments {name}", lambda: random_arguments(schema)))
    expected = once(name, lambda: JSON_CONTENT_ASSERTED(taking_names(as_validate_reads(schema), by_name))).is_valid(arguments)
    try:
        conformance_module.validate(name, arguments)
        accepted, reason = True, "accepted"
    except conformance_module.ToolArgumentError as error:
        accepted, reason = False, str(error)
    assert accepted == expected, f"{arguments!r}: {reason}"
    # Anthropic's strict mode never keeps the model from sending what the tool takes as JSON Schema reads it
    claude = once(f"anthropic {name}", lambda: next(t for t in conformance_module.anthropic_tools(strict=True)
                                                    if t["name"] == name))  # fmt: skip
    if accepted and claude["strict"] and once(f"plain {name}", lambda: JSON_CONTENT_ASSERTED(schema)).is_valid(arguments):
        assert once(f"strict {name}", lambda: jsonschema.Draft202012Validator(claude["input_schema"])).is_valid(arguments)
    if accepted:  # then `call()` converts the arguments and runs the function, or says which argument is wrong
        if str(CONFPKG) not in sys.path:
            sys.path.append(str(CONFPKG))
        try:
            conformance_module.call(name, arguments)
        except conformance_module.ToolArgumentError:
            pass


JSON_COMPARISONS = '''
from typing import Annotated, Any, Literal
from pydantic import Field


def mixed(a: Literal[1, "a"]) -> None:
    """Mixed."""


def distinct(a: set[Any]) -> None:
    """Distinct."""


def fives(a: Annotated[int, Field(multiple_of=5)]) -> None:
    """Fives."""


def counts(a: list[int]) -> None:
    """Counts."""


def tenths(a: Annotated[float, Field(multiple_of=0.1)]) -> None:
    """Tenths."""
'''


def test_validate_compares_values_as_json_does(tmp_path: Path) -> None:
    """JSON's `true` is not `1` (Python's is), `1` is `1.0`, and `multipleOf` holds: as jsonschema has it."""
    from conftest import scanned_module

    cases = [  # tool, accepted, rejected, the message
        ("mixed", 1, True, '`a`: True is not one of 1, "a"'),  # no `type` beside this enum to catch `true`
        ("distinct", [1, True, [1], [True], 0, False], [1, 1.0], "`a`: items must be unique; 1.0 repeats"),
        ("fives", -15, 7, "`a`: must be a multiple of 5, got 7"),
        ("fives", 10.0, 1.7976931348623157e308, "`a`: must be a multiple of 5, got 179769313486231570"),  # an int now
        ("tenths", 0.3, 0.35, "`a`: must be a multiple of 0.1, got 0.35"),  # 0.3 / 0.1 is 2.9999999999999996
        ("fives", 10**5000, 10**5000 + 1, "`a`: must be a multiple of 5, got an integer of 16610 bits"),  # repr() fails
        ("counts", [10**5000], [[10**5000]], "`a[0]`: expected integer, got array [an integer of 16610 bits]"),
    ]
    with scanned_module(tmp_path, JSON_COMPARISONS, "json_comparisons") as module:
        schemas = {t["name"]: t["parameters"] for t in module.TOOLS}
        for name, good, bad, message in cases:
            assert module.validate(name, {"a": good}) == {"a": good}
            with pytest.raises(module.ToolArgumentError) as raised:
                module.validate(name, {"a": bad})
            assert message in str(raised.value)
            if "bits" not in message:  # jsonschema fails to print such a number
                assert not jsonschema.Draft202012Validator(schemas[name]).is_valid({"a": bad})
        assert jsonschema.Draft202012Validator(schemas["distinct"]).is_valid({"a": [1, True, [1], [True], 0, False]})
        deep: list[Any] = []
        for _ in range(5000):  # deeper than Python's recursion limit
            deep = [deep]
        assert module.validate("distinct", {"a": [deep, deep]})  # too deep to compare: no crash
        with pytest.raises(module.ToolArgumentError, match="is not one of"):
            module.validate("mixed", {"a": deep})


def test_generated_modules_run_on_python_3_9(
    example_module: Any, conformance_source: str, conformance_module: Any, tmp_path: Path
) -> None:
    """The contract's oldest Python computes the same payloads, `TOOLS` and `call()` results as this one."""
    from conftest import oldest_python

    python = oldest_python()
    if python is None:
        pytest.skip("no Python 3.9 interpreter on this machine")
    (tmp_path / "confpkg_schemas.py").write_text(conformance_source, encoding="utf-8")
    from conftest import importable, load_module, scan_source

    # the stdlib conversions of `call()`, on arguments given as JSON: dates with `Z`, durations, sets...
    classes = ("pydantic", "Color", "Point", "Trip", "Span", "Slot", "Days", "Scaled", "Cat", "Dog", "Aliased", "Stop", "Shade",
               "Leg", "Held")
    stdlib = [(a, good) for a, good, _ in CONVERSIONS if not any(n in a for n in classes)]
    functions = [f"def t_{i}(a: {annotation}):\n    'T.'\n    return a" for i, (annotation, _) in enumerate(stdlib)]
    header = "import collections, datetime, decimal, ipaddress, os, pathlib, re, typing, uuid\nfrom typing import Optional, Union\n"
    generation = scan_source(tmp_path / "conv", header + "\n\n" + "\n\n\n".join(functions) + "\n")
    (tmp_path / "conv_schemas.py").write_text(generation.packages[0].module, encoding="utf-8")
    calls = [(f"t_{i}", value) for i, (_, good) in enumerate(stdlib) for value in good]
    script = """
import json, sys
import travel_tools._tool_schemas as ex
import confpkg_schemas as conf
import conv_schemas as conv
SHOWN
out = {"example": [ex.openai_tools(), ex.openai_tools(strict=True), ex.openai_responses_tools(True),
                   ex.anthropic_tools(), ex.TOOLS],
       "conformance": [conf.openai_tools(strict=True), conf.anthropic_tools(True, True), conf.TOOLS],
       "call": ex.call("get_forecast", '{"city": "Oslo", "days": 2, "unit": "fahrenheit"}'),
       "converted": [shown(conv.call(name, {"a": value})) for name, value in CALLS]}
try:
    ex.call("get_forecast", {"city": 1, "weeks": 2})
except ex.ToolArgumentError as error:
    out["error"] = str(error)
print(json.dumps(out))
"""
    site = Path(example_module.__file__).parent.parent
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": f"{site}:{tmp_path}:{tmp_path / 'conv' / 'proj'}"}
    script = script.replace("CALLS", repr(calls)).replace("SHOWN", inspect.getsource(shown))
    result = subprocess.run([python, "-c", script], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)

    ex, conf = example_module, conformance_module
    here = [ex.openai_tools(), ex.openai_tools(strict=True), ex.openai_responses_tools(True), ex.anthropic_tools(), ex.TOOLS]
    assert out["example"] == json.loads(json.dumps(here))
    assert out["conformance"] == json.loads(json.dumps([conf.openai_tools(strict=True), conf.anthropic_tools(True, True), conf.TOOLS]))
    assert out["call"] == {"day+1": 66.2, "day+2": 68.0}
    with importable(tmp_path / "conv" / "proj", "demo"):
        conv = load_module(generation.packages[0].module, "conv_here")
        assert out["converted"] == [shown(conv.call(name, {"a": value})) for name, value in calls]
    assert "datetime.timezone.utc" in " ".join(out["converted"])  # from a `Z`, which Python 3.9 does not read itself
    assert out["error"] == "invalid arguments for tool 'get_forecast': `city`: expected string, got integer 1; `weeks`: unknown argument; expected one of: city, days, unit"


NESTED_DEFAULTS = '''
import dataclasses
from typing import Optional

from pydantic import BaseModel


class Box(BaseModel):
    """A box."""

    size: int
    label: str = "plain"
    weight: Optional[float] = None


@dataclasses.dataclass
class Point:
    x: int
    y: int = 0


def pack(boxes: list[Box], at: Optional[Point] = None, note: str = "n") -> str:
    """Pack."""
    where = f"{at.x},{at.y}" if at else "-"
    return "|".join(f"{b.size}/{b.label}/{b.weight}" for b in boxes) + f"@{where}/{note}"
'''


def test_strict_nulls_mean_defaults_at_every_depth(tmp_path: Path) -> None:
    """Strict mode makes every property of every object required, and the defaulted ones nullable: a model sends null
    for each default it does not set, nested ones too, and `call()` reads each as "use the default"."""
    from conftest import scanned_module

    with scanned_module(tmp_path, NESTED_DEFAULTS, "nested_defaults") as module:
        (function,) = [t["function"] for t in module.openai_tools(strict=True)]
        assert function["strict"] is True
        box = function["parameters"]["$defs"]["Box"]
        assert box["required"] == ["size", "label", "weight"]
        assert box["properties"]["label"] == {"anyOf": [{"type": "string"}, {"type": "null"}]}
        arguments = {"boxes": [{"size": 2, "label": None, "weight": None}], "at": {"x": 1, "y": None}, "note": None}
        jsonschema.validate(arguments, function["parameters"])  # what a strict-mode model may send
        assert module.call("pack", arguments) == "2/plain/None@1,0/n"
        assert module.call("pack", {"boxes": [{"size": 3, "weight": None}], "at": None}) == "3/plain/None@-/n"
        with pytest.raises(module.ToolArgumentError, match="`boxes\\[0\\].size`: expected integer, got null"):
            module.call("pack", {"boxes": [{"size": None}]})  # a required field takes no null


ALIASES = '''from typing import Annotated, List

from pydantic import Field


def route(from_: str = Field(alias="from"), to: Annotated[str, Field(alias="to_city")] = "FRA", *,
          class_: str = Field("economy", alias="class")) -> str:
    """Route.

    Args:
        from_: Where from.
        to: Where to.
        class_: The cabin.
    """
    return f"{from_}-{to}-{class_}"


def count(n: int = Field(3, ge=0), tags: List[str] = Field(default_factory=list)) -> str:
    """Count."""
    return repr((n, tags))
'''


def test_parameters_named_by_an_alias_or_defaulted_by_field_are_passed_as_pydantic_passes_them(tmp_path: Path) -> None:
    """`from_: str = Field(alias="from")`, as pydantic (and so LangChain and the Agents SDK) name it: the model sees
    `from`, and the function gets `from_`. A parameter left out whose default is `Field(...)` gets the default, or
    what the factory makes, not the `FieldInfo` a bare call would pass."""
    from conftest import messages, scan_source, scanned_module

    assert not [m for m in messages(scan_source(tmp_path / "scan", ALIASES)) if "docstring" in m]
    with scanned_module(tmp_path, ALIASES, "aliases") as module:
        tool = module.TOOLS[0]
        assert list(tool["parameters"]["properties"]) == ["from", "to_city", "class"]
        assert tool["parameters"]["properties"]["from"]["description"] == "Where from."
        assert module.call("route", {"from": "LIS", "class": "business"}) == "LIS-FRA-business"
        with pytest.raises(module.ToolArgumentError, match="`from_`: unknown argument"):
            module.call("route", {"from_": "LIS"})
        assert module.call("route", {"from": "LIS"}) == "LIS-FRA-economy"
        assert module.call("count", {}) == "(3, [])"
        assert module.call("count", {"n": 5, "tags": ["a"]}) == "(5, ['a'])"


def test_call_builds_each_of_two_classes_of_one_name_from_a_union(conformance_source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tool whose schema holds two `Point`s names them by their dotted paths, as pydantic does, in its `$defs`,
    in its `$ref`s and in what `call()` follows to tell the union's members apart."""
    from conftest import REPO, importable, load_module

    with importable(REPO / "tests" / "fixtures" / "confpkg", "confpkg"):
        from confpkg import homonyms, models

        monkeypatch.setattr(homonyms, "f_homonym_in_union", lambda a=None: a)
        module = load_module(conformance_source, "homonym_calls")
        (tool,) = [tool for tool in module.TOOLS if tool["name"] == "f_homonym_in_union"]
        assert sorted(tool["parameters"]["$defs"]) == ["confpkg__homonyms__Point", "confpkg__models__Point"]
        assert module.call("f_homonym_in_union", {"a": {"label": "here", "near": {"x": 2}}}) == homonyms.Point("here", models.Point(2))
        assert module.call("f_homonym_in_union", {"a": {"x": 1}}) == models.Point(1)
        assert module.call("f_homonym_in_union", {}) is None


def test_every_ref_of_a_tool_names_one_of_its_defs(conformance_module: Any) -> None:
    """In the parameters and in what `call()` follows (its plans), each `$ref` names an entry of the tool's own
    `$defs`; each returned type's, one of its own."""

    def refs(value: Any) -> list[str]:
        if isinstance(value, dict):
            own = [value["$ref"]] if isinstance(value.get("$ref"), str) else []
            return own + [ref for item in value.values() for ref in refs(item)]
        return [ref for item in value for ref in refs(item)] if isinstance(value, list) else []

    checked = 0
    for tool in conformance_module.TOOLS:
        returned = tool.get("returns", {}).get("schema", {})
        for value, defs in ((tool["parameters"], tool["parameters"]), (tool.get("python", {}), tool["parameters"]), (returned, returned)):
            for ref in refs(value):
                assert ref.startswith("#/$defs/") and ref[len("#/$defs/") :] in defs.get("$defs", {}), (tool["name"], ref)
                checked += 1
    assert checked > 100


def test_validate_applies_the_keywords_beside_a_union(conformance_module: Any) -> None:
    """`{"anyOf": [...], "minLength": 2}` (here from `json_schema_extra`): the value must fit a member and the rest."""
    conformance_module.validate("f_schema_extras", {"a": {"note": "ok"}})
    conformance_module.validate("f_schema_extras", {"a": {"note": None}})  # `minLength` says nothing of `null`
    with pytest.raises(conformance_module.ToolArgumentError, match="`a.note`: .*2"):
        conformance_module.validate("f_schema_extras", {"a": {"note": "x"}})


def test_call_reports_what_a_models_own_validation_refuses_as_an_argument_error(conformance_module: Any) -> None:
    """JSON Schema lets any text by for a date inside a model (`format` is an annotation); pydantic's validation of the
    model refuses it, and `call()` says so as of any other argument, where it is: never pydantic's own error."""
    if str(CONFPKG) not in sys.path:
        sys.path.append(str(CONFPKG))
    conformance_module.validate("f_instance_formats", {"made": {"at": "soon", "day": "2024-13-01"}})
    with pytest.raises(conformance_module.ToolArgumentError) as raised:
        conformance_module.call("f_instance_formats", {"made": {"at": "soon", "day": "2024-13-01"}})
    message = str(raised.value)
    assert "`made.day`: Input should be a valid date" in message and "`made.at`: Input should be a valid datetime" in message
    conformance_module.call("f_instance_formats", {"made": {"at": "2024-01-02T03:04:05", "day": "2024-12-01"}})


def test_call_takes_a_property_a_models_json_schema_hook_adds(conformance_module: Any) -> None:
    """llama-index's `BaseComponent` hook adds `class_name` to every derived model's schema, each with its own
    `class_name()` as the default: the model may send it back, and `call()` makes the model, which ignores it as
    pydantic does."""
    if str(CONFPKG) not in sys.path:
        sys.path.append(str(CONFPKG))
    (tool,) = [tool for tool in conformance_module.TOOLS if tool["name"] == "f_model_json_schema_hook"]
    defs = tool["parameters"]["$defs"]
    assert defs["ImageChunk"]["properties"]["class_name"]["default"] == "TextChunk"
    assert defs["Component"]["properties"]["class_name"]["default"] == "base_component"
    sent = {"chunk": {"text": "a", "class_name": "TextChunk"}, "image": {"url": "u", "class_name": "x"}}
    chunk, image, base = conformance_module.call("f_model_json_schema_hook", sent)
    assert (type(chunk).__name__, chunk.text, type(image).__name__, image.url, base) == ("TextChunk", "a", "ImageChunk",
                                                                                        "u", None)  # fmt: skip

def test_length_errors_count_in_words_and_say_the_length_given(tmp_path: Path) -> None:
    from conftest import scanned_module

    source = (
        "from typing import Annotated\n\nfrom pydantic import Field\n\n\n"
        "def f(a: Annotated[str, Field(min_length=1, max_length=3)], b: Annotated[list[int], Field(min_length=2, max_length=2)]) -> None:\n"
        "    '''Do.'''\n"
    )
    with scanned_module(tmp_path, source, "lengths") as module:
        with pytest.raises(module.ToolArgumentError) as short:
            module.validate("f", {"a": "", "b": [1]})
        assert str(short.value).endswith("`a`: must have at least 1 character, got 0; `b`: must have at least 2 items, got 1")
        with pytest.raises(module.ToolArgumentError) as long:
            module.validate("f", {"a": "abcd", "b": [1, 2, 3]})
        assert str(long.value).endswith("`a`: must have at most 3 characters, got 4; `b`: must have at most 2 items, got 3")


def test_a_parameter_named_with_an_underscore_is_a_parameter(tmp_path: Path) -> None:
    """As pydantic's `validate_call` and smolagents read it (LangChain's own `@tool` hides it, see the README)."""
    from conftest import scanned_module

    source = "def f(a: int, _b: int = 3) -> int:\n    '''F.'''\n    return a * 10 + _b\n"
    with scanned_module(tmp_path, source, "underscored") as module:
        assert module.TOOLS[0]["parameters"]["properties"]["_b"] == {"type": "integer", "default": 3}
        assert (module.call("f", {"a": 1}), module.call("f", {"a": 1, "_b": 5})) == (13, 15)
        assert module.langchain_tools()[0].invoke({"a": 1, "_b": 7}) == 17


FUNCTIONAL_ENUMS = '''
import enum

Shade = enum.Enum("Shade", "LIGHT DARK")
Flags = enum.IntFlag("Flags", ["A", "B", "C"], start=2)
Speed = enum.Enum("RunMode", names={"FAST": "f", "QUICK": "f"})


def paint(a: Shade, b: Flags = Flags.B, c: Speed = Speed.QUICK) -> str:
    """Paint."""
    return f"{a!r} {b!r} {c!r}"
'''


def test_call_makes_the_members_of_enums_made_by_a_call(tmp_path: Path) -> None:
    from conftest import scanned_module

    with scanned_module(tmp_path, FUNCTIONAL_ENUMS, "functional_enums") as module:
        (tool,) = module.TOOLS
        assert tool["parameters"]["$defs"] == {
            "Shade": {"enum": [1, 2], "type": "integer"},
            "Flags": {"enum": [2, 4, 8], "type": "integer"},
            "RunMode": {"enum": ["f", "f"], "type": "string"},
        }
        assert tool["parameters"]["properties"]["b"]["default"] == 4
        assert tool["parameters"]["properties"]["c"]["default"] == "f"
        shown = module.call("paint", {"a": 2, "b": 8, "c": "f"})
    assert shown == "<Shade.DARK: 2> <Flags.C: 8> <RunMode.FAST: 'f'>"


def test_null_is_the_value_where_the_schema_takes_it_and_the_default_elsewhere(tmp_path: Path) -> None:
    """`null` for an optional parameter means "use the default" only where its schema takes no `null` (strict mode
    sends it so); `Any` and `Literal["x", None]` take it, and the function gets `None`, as pydantic passes it."""
    from conftest import scanned_module

    source = (
        "from typing import Any, Literal\n\n\n"
        "def f(a: Any = 1, b: Literal['x', None] = 'x', c: int = 3) -> tuple:\n    '''Do.'''\n    return (a, b, c)\n"
    )
    with scanned_module(tmp_path, source, "nulls") as module:
        assert module.call("f", {"a": None, "b": None, "c": None}) == (None, None, 3)
        assert module.call("f", {}) == (1, "x", 3)


NULL_IN_UNION = (
    "from typing import Optional, Union\n\nfrom pydantic import BaseModel\n\n\n"
    "class One(BaseModel):\n    x: int = 1\n\n\nclass Nulls(BaseModel):\n    x: Optional[int] = 5\n\n\n"
    "class Two(BaseModel):\n    x: int = 2\n\n\n"
    "def pick(v: Union[One, Nulls]) -> str:\n    '''Pick.'''\n    return repr(v)\n\n\n"
    "def both(v: Union[One, Two]) -> str:\n    '''Both.'''\n    return repr(v)\n"
)


def test_a_union_member_that_takes_a_null_comes_before_one_that_reads_it_as_its_default(tmp_path: Path) -> None:
    """In a union, a member whose field takes `null` as it is wins over an earlier one for which the `null` would
    mean its default, as pydantic's validation refuses the `null` there and picks the later member; where no member
    takes it, the null still means the default of the first."""
    from pydantic import validate_call

    from conftest import scanned_module

    with scanned_module(tmp_path, NULL_IN_UNION, "null_in_union") as module:
        pick = importlib.import_module("demo.tools").pick
        for given in ({"x": None}, {"x": 3}, {}):
            assert module.call("pick", {"v": given}) == validate_call(pick)(given)
        assert module.call("pick", {"v": {"x": None}}) == "Nulls(x=None)"
        assert module.call("both", {"v": {"x": None}}) == "One(x=1)"


PYDANTIC_VALUES = """
from typing import Callable, List, Optional, Union

from pydantic import AnyUrl, Base64Str, ByteSize, HttpUrl, ImportString, SecretStr, UrlConstraints
from pydantic_core import MultiHostUrl, Url
from typing_extensions import Annotated

HttpsUrl = Annotated[AnyUrl, UrlConstraints(max_length=40, allowed_schemes=["https"])]


def fetch(url: HttpUrl, key: SecretStr, size: ByteSize, data: Base64Str, mirrors: Optional[List[HttpUrl]] = None,
          name: Optional[ImportString] = None, hook: Optional[ImportString[Callable[[], None]]] = None) -> str:
    QQQFetch.QQQ
    return repr((url, key.get_secret_value(), size, data, mirrors, name, hook))


def reach(core: Union[Url, int], hosts: MultiHostUrl, secure: Optional[HttpsUrl] = None) -> str:
    QQQReach.QQQ
    return repr((core, hosts, secure))
""".replace("QQQ", chr(39) * 3)


def test_call_makes_pydantics_own_types_as_pydantic_does(tmp_path: Path) -> None:
    """A URL, a secret, a size in text, base64 text: the function gets what pydantic's validation makes of them (an
    `HttpUrl`, a `SecretStr` it can read, a `ByteSize`, the decoded text). An `ImportString` stays text: `call()`
    never imports what a model names; `ImportString[T]` is one too, whatever `T` is."""
    from pydantic import AnyUrl, ByteSize, HttpUrl
    from pydantic_core import MultiHostUrl, Url

    from conftest import scanned_module

    with scanned_module(tmp_path, PYDANTIC_VALUES, "pydantic_values") as module:
        arguments = {"url": "https://a.example/x", "key": "k", "size": "1kb", "data": "aGk=", "mirrors": ["https://b.example"],
                     "name": "os.system", "hook": "os.abort"}  # fmt: skip
        url, mirrors = HttpUrl("https://a.example/x"), [HttpUrl("https://b.example")]
        expected = (url, "k", ByteSize(1000), "hi", mirrors, "os.system", "os.abort")
        assert module.call("fetch", arguments) == repr(expected)
        (fetch,) = [tool for tool in module.TOOLS if tool["name"] == "fetch"]
        assert fetch["parameters"]["properties"]["hook"] == {"anyOf": [{"type": "string"}, {"type": "null"}],
                                                             "default": None}
        with pytest.raises(module.ToolArgumentError, match="`url`: not a valid HttpUrl"):
            module.call("fetch", {**arguments, "url": "nope"})
        # pydantic_core's own URLs, and a URL's constraints, which pydantic checks (semantic-kernel's `HttpsUrl`)
        (tool,) = [tool for tool in module.TOOLS if tool["name"] == "reach"]
        assert tool["parameters"]["properties"]["secure"] == {
            "anyOf": [{"type": "string", "format": "uri", "minLength": 1, "maxLength": 40}, {"type": "null"}], "default": None}
        reached = {"core": "https://a.example", "hosts": "postgres://u@h1,h2/db", "secure": "https://b.example"}
        expected = (Url("https://a.example"), MultiHostUrl("postgres://u@h1,h2/db"), AnyUrl("https://b.example"))
        assert module.call("reach", reached) == repr(expected)
        with pytest.raises(module.ToolArgumentError, match="`secure`: URL scheme should be 'https'"):
            module.call("reach", {**reached, "secure": "http://b.example"})


ANY_MODEL = """
from typing import List, Union

from pydantic import BaseModel


def keep(a: BaseModel, b: List[Union[BaseModel, int]]) -> str:
    QQQKeep.QQQ
    return repr((a, b))
""".replace("QQQ", chr(39) * 3)


def test_call_passes_an_object_for_bare_base_model_as_it_is(tmp_path: Path) -> None:
    """pydantic names `BaseModel` itself in `$defs`, an object with no fields, but makes of one an instance that
    raises at every use ("BaseModel cannot be instantiated directly"): the function gets the object as the model sent
    it. A key in it is refused, as in any model's (pydantic ignores it; docs/calling.md)."""
    from conftest import scanned_module

    with scanned_module(tmp_path, ANY_MODEL, "any_model") as module:
        (tool,) = module.TOOLS
        assert tool["parameters"]["$defs"] == {"BaseModel": {"type": "object", "properties": {}}}
        assert module.call("keep", {"a": {}, "b": [{}, 2]}) == repr(({}, [{}, 2]))
        with pytest.raises(module.ToolArgumentError, match="`a.x`: unknown property"):
            module.call("keep", {"a": {"x": 1}, "b": []})
        with pytest.raises(module.ToolArgumentError, match="`a`"):
            module.call("keep", {"a": 1, "b": []})


GENERATORS = """
import datetime
from typing import Generator, Optional


def days(starts: Generator[datetime.date, None, None], step: Optional[Generator[int, None, None]] = None) -> Generator[datetime.date, None, None]:
    QQQDays.QQQ
    first = next(starts)  # an iterator, as pydantic's lazy generator
    yield first
    yield from starts
""".replace("QQQ", chr(39) * 3)


def test_call_gives_a_generator_parameter_an_iterator_and_writes_a_generated_result_as_its_items(tmp_path: Path) -> None:
    """`Generator[T, ...]` is an array of `T`, as pydantic writes it; the function gets an iterator of `T`s (it
    called `next()` on a list before), and a generator it returns is written as the items it gives."""
    import datetime

    from conftest import scanned_module

    with scanned_module(tmp_path, GENERATORS, "generators") as module:
        (tool,) = module.TOOLS
        assert tool["parameters"]["properties"]["starts"] == {"type": "array", "items": {"type": "string", "format": "date"}}
        assert list(module.call("days", {"starts": ["2024-01-02", "2024-01-03"]})) == [
            datetime.date(2024, 1, 2), datetime.date(2024, 1, 3)]  # fmt: skip
        (runnable,) = module.anthropic_runnable_tools()
        assert runnable.call({"starts": ["2024-01-02"]}) == '["2024-01-02"]'


EXTRA_ITEMS = """
import datetime

from typing_extensions import TypedDict


class Dated(TypedDict, extra_items=datetime.date):
    label: str


def plan(days: Dated) -> str:
    QQQPlan.QQQ
    return repr(days)
""".replace("QQQ", chr(39) * 3)


def test_call_makes_the_values_a_typeddicts_extra_items_name(tmp_path: Path) -> None:
    """PEP 728's `extra_items=date`: the dates under keys the TypedDict does not list are made, as pydantic makes
    them (they stayed text)."""
    import datetime

    from conftest import scanned_module

    with scanned_module(tmp_path, EXTRA_ITEMS, "extra_items") as module:
        assert module.call("plan", {"days": {"label": "x", "start": "2024-01-02"}}) == repr(
            {"label": "x", "start": datetime.date(2024, 1, 2)})  # fmt: skip
        with pytest.raises(module.ToolArgumentError, match="`days.start`"):
            module.call("plan", {"days": {"label": "x", "start": "soon"}})


LITERAL_MEMBERS = """
import enum
from enum import Enum
from typing import Literal, Optional


class Color(str, enum.Enum):
    RED = "red"


class Mood(enum.Enum):
    SAD = 2


Shade = Enum("Shade", "LIGHT DARK")


def pick(a: Literal[Color.RED, "x"], b: Literal[Mood.SAD], c: Optional[Literal[Shade.DARK]] = None) -> str:
    QQQPick.QQQ
    return " ".join(f"{type(value).__name__}:{value!r}" for value in (a, b, c))
""".replace("QQQ", chr(39) * 3)


def test_call_passes_the_enum_members_of_a_literal_as_members(tmp_path: Path) -> None:
    """`Literal[Color.RED]` takes the member's value and hands the function the member, as pydantic does (for a
    plain Enum, whose member is no equal of its value, pydantic refuses the very value its schema names)."""
    from conftest import scanned_module

    with scanned_module(tmp_path, LITERAL_MEMBERS, "literal_members") as module:
        properties = module.TOOLS[0]["parameters"]["properties"]
        assert properties["a"] == {"enum": ["red", "x"], "type": "string"}
        assert properties["b"] == {"const": 2, "type": "integer"}
        assert module.call("pick", {"a": "red", "b": 2, "c": 2}) == "Color:<Color.RED: 'red'> Mood:<Mood.SAD: 2> Shade:<Shade.DARK: 2>"
        assert module.call("pick", {"a": "x", "b": 2}) == "str:'x' Mood:<Mood.SAD: 2> NoneType:None"
        with pytest.raises(module.ToolArgumentError):
            module.call("pick", {"a": "red", "b": "2"})


@pytest.mark.parametrize(
    "call",
    [
        'Enum("E", "A B", type=str)',  # a mixin changes the values
        'Enum("E", "A B", **OPTIONS)',
        'Enum("E", {k: k for k in "AB"})',
        'Enum(NAME, "A B")',
        'Enum("E", "A B", start=START)',
        'Enum("E", [1, 2])',
        'Enum("E")',
    ],
)
def test_an_enum_made_by_a_call_whose_arguments_are_not_literals_is_left_open(tmp_path: Path, call: str) -> None:
    from conftest import messages, scan_source, tools_of

    source = f"from enum import Enum\n\nE = {call}\n\n\ndef f(a: E) -> None:\n    '''F.'''\n"
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["f"]["parameters"]["properties"]["a"] == {}
    unread = "is made by a call whose arguments are not literals (or that gives a mixin `type=`)"
    assert messages(generation) == [f"demo/tools.py:6:10: warning: Enum `E` {unread}; its schema is left open (`{{}}`)"]


HOMONYMS = '''
from dataclasses import dataclass


@dataclass
class Tagged:
    """Tagged."""

    name: str
'''


def test_two_classes_of_one_name_and_schema_share_a_definition_and_call_makes_each(tmp_path: Path) -> None:
    """pydantic names two such classes by their name, with one definition; `call()` still makes each its own class."""
    from conftest import scanned_module

    source = "from . import other\nfrom .other import Tagged as Theirs\n" + HOMONYMS + (
        "\n\ndef f(a: Tagged, b: Theirs, c: other.Tagged) -> str:\n    '''F.'''\n"
        "    return ' '.join(type(x).__module__ for x in (a, b, c))\n"
    )
    with scanned_module(tmp_path, source, "homonyms_alike", {"other": HOMONYMS}) as module:
        (tool,) = module.TOOLS
        assert tool["parameters"]["$defs"] == {
            "Tagged": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"], "description": "Tagged."}
        }
        assert module.call("f", {"a": {"name": "x"}, "b": {"name": "y"}, "c": {"name": "z"}}) == "demo.tools demo.other demo.other"


RECURSIVE_HOMONYM = '''
from dataclasses import dataclass
from typing import Optional


@dataclass
class Node:
    """Node."""

    next: Optional["Node"] = None
'''


def test_two_recursive_classes_of_one_name_and_schema_keep_a_definition_each(tmp_path: Path) -> None:
    """As pydantic names them: each refers to itself, so their schemas are never one (and `call()`, which finds a
    recursive class's plans by its definition's name, makes each its own class)."""
    from conftest import scanned_module

    source = "from . import other\n" + RECURSIVE_HOMONYM + (
        "\n\ndef f(a: Node, b: other.Node) -> str:\n    '''F.'''\n"
        "    return ' '.join(type(x).__module__ for x in (a, a.next, b, b.next))\n"
    )
    with scanned_module(tmp_path, source, "recursive_homonyms", {"other": RECURSIVE_HOMONYM}) as module:
        (tool,) = module.TOOLS
        assert sorted(tool["parameters"]["$defs"]) == ["demo__other__Node", "demo__tools__Node"]
        made = module.call("f", {"a": {"next": {}}, "b": {"next": {}}})
    assert made == "demo.tools demo.tools demo.other demo.other"


FUNCTIONAL = '''import datetime
from dataclasses import dataclass
from typing import Dict, List, Optional, Union

import annotated_types
from pydantic import AfterValidator, BaseModel, BeforeValidator, PlainValidator, Secret, SkipValidation, WithJsonSchema
from pydantic.json_schema import SkipJsonSchema
from typing_extensions import Annotated, TypedDict


def _positive(value: int) -> int:
    if value <= 0:
        raise ValueError("must be positive")
    return value


class Item(BaseModel):
    name: str = ""


Lower = Annotated[str, AfterValidator(str.lower)]


def plan(city: Lower, days: Annotated[int, AfterValidator(_positive)] = 1, tags: List[Lower] = []):
    """Validators the annotations run."""
    return (city, days, tags)


def keep(raw: SkipValidation[Item], when: SkipValidation[datetime.date], other: Optional[Annotated[Item, SkipValidation()]] = None):
    """Values pydantic does not validate."""
    return (raw, when, other)


def coded(code: Annotated[int, BeforeValidator(int), WithJsonSchema({"type": "string", "pattern": "^[0-9]+$"})],
          anything: Annotated[datetime.date, PlainValidator(lambda value: ("plain", value))] = None):
    """Schemas the annotations write."""
    return (code, anything)


Name = Annotated[str, AfterValidator(str.lower), WithJsonSchema({"type": "string"})]


def named(counts: Dict[Name, int]):
    """Keys a validator runs on, shown as any text (logfire's `dict[VariableName, ...]`)."""
    return counts


def limited(limit: Union[int, SkipJsonSchema[None]] = None, hidden: SkipJsonSchema[int] = 7):
    """A union member and a parameter the schema leaves out."""
    return (limit, hidden)


@dataclass
class Place:
    city: Lower
    days: int = 1


class Box(TypedDict):
    label: Annotated[str, AfterValidator(str.upper)]


def go(place: Place, boxes: List[Box] = []):
    """Validators in the fields of a dataclass and a TypedDict."""
    return (place, boxes)


def checked(code: annotated_types.LowerCase[str], word: Annotated[str, annotated_types.Predicate(str.isalpha)],
            pin: Optional[Secret[int]] = None):
    """A predicate pydantic checks, and a secret it makes."""
    return (code, word, pin)
'''


def test_call_has_pydantic_run_the_validators_an_annotation_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`AfterValidator`, `BeforeValidator`, `PlainValidator` and `WithJsonSchema`: pydantic validates the argument by
    the function's own annotation, as LangChain, the Agents SDK and the `mcp` SDK do; `SkipValidation`: the function
    gets the JSON value; the schemas are pydantic's."""
    from pydantic import validate_call

    from conftest import scanned_module
    from test_conformance import comparable, runtime_schema

    with scanned_module(tmp_path, FUNCTIONAL, "functional") as module:
        functions = importlib.import_module("demo.tools")
        for tool in module.TOOLS:
            ours, theirs = comparable(tool["parameters"], runtime_schema(getattr(functions, tool["name"])))
            assert ours == theirs, tool["name"]
        calls = [
            ("plan", {"city": "PARIS", "tags": ["A", "b"]}),
            ("keep", {"raw": {"name": "x"}, "when": "2024-01-02", "other": {"name": "y"}}),
            ("coded", {"code": "0042", "anything": "2024"}),
            ("limited", {"limit": 3}),
            ("limited", {}),
            ("go", {"place": {"city": "PARIS"}, "boxes": [{"label": "a"}]}),
            ("checked", {"code": "ab", "word": "xy", "pin": 1234}),
            ("named", {"counts": {"A": 1}}),
        ]
        for name, arguments in calls:
            assert module.call(name, arguments) == validate_call(getattr(functions, name))(**arguments), name
        assert module.call("plan", {"city": "PARIS"}) == ("paris", 1, [])
        assert module.call("keep", {"raw": {"name": "x"}, "when": "2024-01-02"}) == ({"name": "x"}, "2024-01-02", None)
        assert module.call("checked", {"code": "ab", "word": "xy", "pin": 1234})[2].get_secret_value() == 1234
        with pytest.raises(module.ToolArgumentError, match="`code`: Predicate 'str.islower' failed"):
            module.call("checked", {"code": "AB", "word": "xy"})
        with pytest.raises(module.ToolArgumentError, match="`days`: Value error, must be positive"):
            module.call("plan", {"city": "x", "days": -2})
        with pytest.raises(module.ToolArgumentError, match=r"`tags\[1\]`: expected string, got integer 3"):  # the schema
            module.call("plan", {"city": "x", "tags": ["a", 3]})
        with pytest.raises(module.ToolArgumentError, match="must match the pattern"):  # the schema it writes
            module.call("coded", {"code": "x"})
        assert module.call("named", {"counts": {"A": 1}}) == {"a": 1}
        assert module.TOOLS[4]["parameters"]["properties"] == {"limit": {"type": "integer", "default": None}}
        assert module.call("go", {"place": {"city": "PARIS"}, "boxes": [{"label": "a"}]})[1] == [{"label": "A"}]
        read = []  # each annotation is read once: later calls reuse its validator
        real = typing.get_type_hints
        monkeypatch.setattr(typing, "get_type_hints", lambda *args, **kwargs: read.append(args) or real(*args, **kwargs))
        assert module.call("plan", {"city": "ROME", "days": 2}) == ("rome", 2, [])
        assert module.call("plan", {"city": "ROME", "tags": ["X"]}) == ("rome", 1, ["x"])
        assert read == []
