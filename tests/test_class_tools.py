# Class tools: include-matched classes, smolagents Tool and LangChain BaseTool subclasses, read statically.
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import build_wheel, messages, scan_source, tools_of, wheel_files, write_project

SOURCE = '''
from dataclasses import dataclass
from typing import Optional

from langchain_core.callbacks import CallbackManagerForToolRun
from langchain_core.tools import BaseTool
from pydantic import BaseModel, Field
from smolagents import Tool

from clspkg import other


class Calculator:
    """A pocket calculator.

    It keeps a running total.
    """

    def __init__(self, start: float = 0.0) -> None:
        """Create a calculator.

        Args:
            start: The initial total.
        """
        self.total = start

    def add(self, x: float) -> float:
        """Add to the running total.

        Args:
            x: What to add.
        """
        self.total += x
        return self.total

    @staticmethod
    def multiply(a: float, b: float = 2.0) -> float:
        """Multiply two numbers.

        Args:
            a: The first factor.
            b: The second factor.
        """
        return a * b

    @classmethod
    def describe(cls, verbose: bool = False) -> str:
        """Describe the calculator."""
        return cls.__name__ + (" (verbose)" if verbose else "")

    def _hidden(self) -> None:
        """Not exposed."""


class WeatherTool(Tool):
    name = "weather"
    description = "Get the weather in a city."
    inputs = {
        "city": {"type": "string", "description": "The city."},
        "unit": {"type": "string", "description": "The unit.", "nullable": True, "enum": ["c", "f"]},
        "days": {"type": "integer", "description": "Days ahead.", "nullable": True},
    }
    output_type = "string"

    def forward(self, city: str, unit: Optional[str] = "c", days: Optional[int] = None) -> str:
        return f"{city}: 20{unit} for {days or 1} day(s)"


class SearchArgs(BaseModel):
    """Arguments of a search."""

    query: str = Field(description="What to search for.")
    limit: int = Field(10, ge=1, le=50, description="How many results.")


class SearchTool(BaseTool):
    name: str = "search"
    description: str = "Search the web."
    args_schema: type[BaseModel] = SearchArgs

    def _run(self, query: str, limit: int = 10) -> list[str]:
        return [f"{query} #{i}" for i in range(min(limit, 3))]


class Point(BaseModel):
    """A point on a map."""

    label: str


class RouteArgs(BaseModel):
    start: Point
    end: other.Point


class RouteTool(BaseTool):
    name: str = "route"
    description: str = "Plan a route."
    args_schema: type[BaseModel] = RouteArgs

    def _run(self, start: Point, end: other.Point) -> str:
        return f"{start.label} to {end.x}"


@dataclass
class Spot:
    x_pos: int = Field(alias="xPos")


class LocateArgs(BaseModel):
    place: str


class LocateTool(BaseTool):
    name: str = "locate"
    description: str = "Locate a place."
    args_schema: type[BaseModel] = LocateArgs

    def _run(self, place: str) -> Spot:
        return Spot(len(place))


class ProbeTool(BaseTool):
    name: str = "probe"
    description: str = "Probe a service."

    def _run(self, host: str, depth: int = 2, run_manager: Optional[CallbackManagerForToolRun] = None) -> str:
        """Probe.

        Args:
            host: The host to probe.
        """
        return f"{host} to depth {depth}, {type(run_manager).__name__}"


class ForecastBase(Tool):  # not itself selected: its subclass inherits its inputs and forward
    inputs = {"city": {"type": "string", "description": "The city."}}
    output_type = "string"

    def forward(self, city: str) -> str:
        return f"{self.name} for {city}"


class ForecastTool(ForecastBase):
    name = "forecast"
    description = "Forecast the weather."


class MailBase(BaseTool):  # langchain-community's way: `GmailSendMessage(GmailBaseTool)`
    args_schema: type[BaseModel] = SearchArgs

    def _run(self, query: str, limit: int = 10) -> str:
        return f"{self.name}: {query} x{limit}"


class MailSearchTool(MailBase):
    name: str = "mail_search"
    description: str = "Search the mail."
'''
OTHER = "from pydantic import BaseModel\n\n\nclass Point(BaseModel):\n    x: int\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Any]:
    """The document and the generated module of a package with the classes above."""
    tmp = tmp_path_factory.mktemp("classes")
    project = write_project(tmp / "p", {"clspkg/__init__.py": "", "clspkg/tools.py": SOURCE, "clspkg/other.py": OTHER}, name="clspkg",
                            hook='include = ["clspkg.tools:Calculator", "clspkg.tools:*Tool"]')  # fmt: skip
    files = wheel_files(build_wheel(project, tmp / "dist"))
    target = tmp / "site"
    for name, data in files.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(data)
    sys.path.insert(0, str(target))
    import importlib

    return json.loads(files["clspkg/tools.json"]), importlib.import_module("clspkg._tool_schemas")


def test_static_and_class_methods_are_tools(built: tuple[dict[str, Any], Any]) -> None:
    doc, module = built
    tools = {t["name"]: t for t in doc["tools"]}
    assert {"Calculator_multiply", "Calculator_describe"} <= set(tools)
    assert "Calculator_add" not in tools  # instance methods need an instance: described in the class entry
    assert tools["Calculator_multiply"]["parameters"] == {
        "type": "object",
        "properties": {
            "a": {"type": "number", "description": "The first factor."},
            "b": {"type": "number", "default": 2.0, "description": "The second factor."},
        },
        "required": ["a"],
    }
    assert module.call("Calculator_multiply", {"a": 3}) == 6.0
    assert module.call("Calculator_describe", {"verbose": True}) == "Calculator (verbose)"


def test_class_entry_describes_constructor_and_methods(built: tuple[dict[str, Any], Any]) -> None:
    doc, module = built
    (entry,) = doc["classes"]
    assert module.CLASSES == doc["classes"]
    assert entry["name"] == "Calculator" and entry["callable"] == "clspkg.tools:Calculator"
    assert entry["description"] == "A pocket calculator.\n\nIt keeps a running total."
    methods = {m["name"]: m for m in entry["methods"]}
    assert [m["kind"] for m in entry["methods"]] == ["constructor", "instance", "static", "class"]
    assert methods["__init__"]["parameters"]["properties"]["start"] == {"type": "number", "default": 0.0, "description": "The initial total."}
    assert methods["add"]["signature"] == "(x: float) -> float"
    assert methods["multiply"]["tool"] == "Calculator_multiply"
    assert "_hidden" not in methods


def test_smolagents_tool_class_is_harvested_statically(built: tuple[dict[str, Any], Any]) -> None:
    doc, module = built
    (tool,) = [t for t in doc["tools"] if t["name"] == "weather"]
    assert tool["description"] == "Get the weather in a city."
    assert tool["parameters"]["required"] == ["city"]
    assert tool["parameters"]["properties"]["unit"] == {"enum": ["c", "f"], "type": "string", "default": "c", "description": "The unit."}
    assert tool["smolagents"]["inputs"]["unit"] == {"type": "string", "nullable": True, "enum": ["c", "f"]}  # described in parameters
    assert tool["smolagents"]["output_type"] == "string"
    assert module.call("weather", {"city": "Oslo", "days": 2}) == "Oslo: 20c for 2 day(s)"
    # the same tool, through our smolagents adapter, against smolagents' own view of the class
    from smolagents.models import get_tool_json_schema

    theirs = get_tool_json_schema(module._load("clspkg.tools:WeatherTool")())
    ours = get_tool_json_schema(next(t for t in module.smolagents_tools() if t.name == "weather"))
    assert ours == theirs


def test_tool_classes_derived_through_a_base_of_the_package_inherit_its_attributes(
    built: tuple[dict[str, Any], Any]
) -> None:
    """A smolagents or LangChain tool class may derive from the tool base through a class of its own package, whose
    `inputs`, `forward`, `args_schema` or `_run` it inherits, as both libraries read them: it is that library's
    tool, not a plain class."""
    doc, module = built
    tools = {t["name"]: t for t in doc["tools"]}
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from smolagents.models import get_tool_json_schema

    theirs = get_tool_json_schema(module._load("clspkg.tools:ForecastTool")())
    ours = get_tool_json_schema(next(t for t in module.smolagents_tools() if t.name == "forecast"))
    assert ours == theirs and theirs["function"]["parameters"]["required"] == ["city"]
    assert tools["forecast"]["signature"] == "(city: str) -> str"
    assert module.call("forecast", {"city": "Oslo"}) == "forecast for Oslo"
    theirs = convert_to_openai_tool(module._load("clspkg.tools:MailSearchTool")())["function"]
    assert tools["mail_search"]["description"] == theirs["description"] == "Search the mail."
    assert tools["mail_search"]["parameters"] == theirs["parameters"]
    assert module.call("mail_search", {"query": "q", "limit": 2}) == "mail_search: q x2"
    assert [entry["name"] for entry in doc["classes"]] == ["Calculator"]  # neither is a plain class


def test_a_smolagents_tool_class_is_checked_against_the_forward_it_inherits(tmp_path: Path) -> None:
    source = (
        "from smolagents import Tool\n\n\nclass Base(Tool):\n    def forward(self, town):\n        return town\n\n\n"
        "class T(Base):\n    name = 't'\n    description = 'T.'\n"
        "    inputs = {'city': {'type': 'string', 'description': 'C.'}}\n    output_type = 'string'\n"
    )
    generation = scan_source(tmp_path, source, include=("demo.tools:T",))
    assert "demo/tools.py:9:1: error: smolagents tool class `T`: `forward` takes ['town'], not the inputs' names " \
        "['city'], as smolagents requires" in messages(generation)


def test_langchain_tool_class_reads_its_args_schema(built: tuple[dict[str, Any], Any]) -> None:
    doc, module = built
    (tool,) = [t for t in doc["tools"] if t["name"] == "search"]
    from langchain_core.utils.function_calling import convert_to_openai_tool

    theirs = convert_to_openai_tool(module._load("clspkg.tools:SearchTool")())["function"]
    assert tool["description"] == theirs["description"]
    assert tool["parameters"] == theirs["parameters"]
    assert module.call("search", {"query": "hatch", "limit": 2}) == ["hatch #0", "hatch #1"]
    with pytest.raises(module.ToolArgumentError, match="`limit`: must be at most 50"):
        module.call("search", {"query": "hatch", "limit": 99})


def test_langchain_tool_class_without_args_schema_reads_run(built: tuple[dict[str, Any], Any]) -> None:
    """As LangChain does, a `BaseTool` without `args_schema` takes `_run`'s parameters, the run manager left to it."""
    doc, module = built
    (tool,) = [t for t in doc["tools"] if t["name"] == "probe"]
    from langchain_core.utils.function_calling import convert_to_openai_tool

    theirs = convert_to_openai_tool(module._load("clspkg.tools:ProbeTool")())["function"]
    assert tool["description"] == theirs["description"] == "Probe a service."
    assert tool["parameters"]["properties"].pop("host") == {"type": "string", "description": "The host to probe."}
    assert theirs["parameters"]["properties"].pop("host") == {"type": "string"}  # LangChain reads no docstring here
    assert tool["parameters"] == theirs["parameters"]
    assert tool["python"]["injected"]["run_manager"]["required"] is False
    assert module.call("probe", {"host": "h"}) == "h to depth 2, CallbackManagerForToolRun"
    (adapted,) = [t for t in module.langchain_tools() if t.name == "probe"]
    assert adapted.invoke({"host": "h", "depth": 1}) == "h to depth 1, CallbackManagerForToolRun"


def test_langchain_tool_class_names_two_models_of_one_name_as_pydantic_does(built: tuple[dict[str, Any], Any]) -> None:
    doc, module = built
    (tool,) = [t for t in doc["tools"] if t["name"] == "route"]
    theirs = module._load("clspkg.tools:RouteTool")().args_schema.model_json_schema()
    assert sorted(tool["parameters"]["$defs"]) == sorted(theirs["$defs"]) == ["clspkg__other__Point", "clspkg__tools__Point"]
    assert tool["parameters"]["properties"] == {"start": {"$ref": "#/$defs/clspkg__tools__Point"}, "end": {"$ref": "#/$defs/clspkg__other__Point"}}
    assert module.call("route", {"start": {"label": "home"}, "end": {"x": 3}}) == "home to 3"


SMOL = (
    "from smolagents import Tool\n\n\nclass T(Tool):\n    name = 't'\n    description = 'T.'\n"
    "    inputs = {'x': {'type': %s, 'description': 'X.'}}\n    output_type = %s\n\n"
    "    def forward(self, %s):\n        return x\n"
)


@pytest.mark.parametrize(("kind", "output", "params", "problem"), [
    ("'strung'", "'string'", "x", "input `x` has type 'strung'; smolagents' types are string, integer, number"),
    ("['string', 'nil']", "'string'", "x", "input `x` has type 'nil'; smolagents' types are"),
    ("'string'", "'text'", "x", "`output_type` is 'text'; smolagents' types are"),
    ("'string'", "'string'", "x, y=1", "`forward` takes ['x', 'y'], not the inputs' names ['x'], as smolagents"),
])  # fmt: skip
def test_a_smolagents_tool_class_that_smolagents_refuses_is_an_error(
    kind: str, output: str, params: str, problem: str, tmp_path: Path
) -> None:
    """smolagents checks its tool classes as they are made: types it does not know, or a `forward` whose parameters
    are not the inputs, would fail at run time; the build says so instead."""
    generation = scan_source(tmp_path, SMOL % (kind, output, params), include=("demo.tools:T",))
    assert f"demo/tools.py:4:1: error: smolagents tool class `T`: {problem}" in "\n".join(messages(generation))
    assert not generation.packages


def test_a_langchain_tool_class_reads_constants_and_falls_back_to_run_for_a_dict_schema(tmp_path: Path) -> None:
    """A `BaseTool` is a pydantic model: its `name` may be a constant's text; an `args_schema` written as a JSON
    Schema dict names no model, so `_run`'s signature makes the schema, as for `@tool(args_schema=...)`."""
    source = (
        "from langchain_core.tools import BaseTool\n\nPREFIX = 'geo'\n\n\nclass Lookup(BaseTool):\n"
        "    name: str = PREFIX + '_lookup'\n    description: str = f'Look up a {PREFIX} place.'\n"
        "    args_schema: dict = {'type': 'object'}\n\n    def _run(self, place: str) -> str:\n        return place\n"
    )
    generation = scan_source(tmp_path, source, include=("demo.tools:Lookup",))
    tool = tools_of(generation)["geo_lookup"]
    assert tool["description"] == "Look up a geo place."
    assert tool["parameters"] == {"type": "object", "properties": {"place": {"type": "string"}}, "required": ["place"]}
    assert messages(generation) == [
        "demo/tools.py:9:25: warning: `args_schema` names no model known statically; the schema is built from "
        "`_run`'s signature"
    ]


def test_a_constructor_without_a_docstring_is_described_by_its_class(tmp_path: Path) -> None:
    """Google's guide documents `__init__`'s arguments in the class docstring: the class entry's constructor takes
    its description and parameter descriptions from there; with neither docstring, one warning names the class."""
    source = (
        'class Calc:\n    """A calculator.\n\n    Args:\n        base: Where counting starts.\n    """\n\n'
        "    def __init__(self, base: int = 0) -> None:\n        self.base = base\n\n\n"
        "class Bare:\n    def __init__(self, x: int) -> None:\n        self.x = x\n"
    )
    generation = scan_source(tmp_path, source, include=("demo.tools:*",))
    (package,) = generation.packages
    calc, bare = json.loads(package.json)["classes"]
    assert calc["methods"][0]["description"] == "A calculator."
    assert calc["methods"][0]["parameters"]["properties"]["base"]["description"] == "Where counting starts."
    assert bare["methods"][0]["description"] == ""
    assert messages(generation) == [
        "demo/tools.py:13:5: warning: `Bare.__init__` has no docstring, nor has its class; agents get no description "
        "of it"
    ]


def test_non_literal_smolagents_attribute_is_an_error_with_location(tmp_path: Path) -> None:
    from hatch_toolschema.config import Config
    from hatch_toolschema.pipeline import generate

    source = 'from smolagents import Tool\n\nNAME = "w"\n\n\nclass W(Tool):\n    name = NAME\n    description = "d"\n    inputs = {}\n    output_type = "string"\n'
    project = write_project(tmp_path / "p", {"demo/__init__.py": "", "demo/tools.py": source})
    generation = generate(project, Config(include=("demo.tools:W",)), ["demo"])
    assert "demo/tools.py:6:1: error: class attribute `name` of tool class `W` is not a literal; it must be written as a literal" in messages(generation)


def test_variadic_parameters_policy(tmp_path: Path) -> None:
    """`*args: T` is an array argument and `**kwargs: T` an object of T; call() spreads them back."""
    from conftest import scanned_module

    source = "def gather(first: int, *rest: int, scale: float = 1.0, **labels: str) -> dict:\n    '''Gather.'''\n    return {'sum': (first + sum(rest)) * scale, 'labels': labels}\n"
    with scanned_module(tmp_path, source, "variadic") as module:
        (tool,) = module.TOOLS
        assert tool["parameters"]["properties"]["rest"] == {"type": "array", "items": {"type": "integer"}}
        assert tool["parameters"]["properties"]["labels"] == {"type": "object", "additionalProperties": {"type": "string"}}
        assert tool["parameters"]["required"] == ["first"]
        assert tool["python"] == {"var_positional": "rest", "var_keyword": "labels", "convert": {"scale": ["float"]}}
        assert tool["signature"] == "(first: int, *rest: int, scale: float = 1.0, **labels: str) -> dict"
        expected = {"sum": 12.0, "labels": {"a": "b"}}
        assert module.call("gather", {"first": 1, "rest": [2, 3], "scale": 2.0, "labels": {"a": "b"}}) == expected
        (gather,) = module.smolagents_tools()  # as Python would: positional arguments past `first` go to `*rest`
        assert gather(1, 2, 3, scale=2.0, labels={"a": "b"}) == expected
        assert gather(5) == {"sum": 5.0, "labels": {}}


def test_positional_only_parameters_left_out_keep_their_place(tmp_path: Path) -> None:
    """`call()` passes positional-only parameters by position: one left out before a given one gets its default."""
    from conftest import scanned_module

    source = (
        "START = 7\n\n\n"
        "def scale(value: float = 1.0, factor: float = 2.0, /, *, offset: float = 0.0) -> float:\n"
        "    '''Scale.'''\n    return value * factor + offset\n\n\n"
        "def shift(start: int = int('7'), step: int = 1, /) -> int:\n    '''Shift.'''\n    return start + step\n\n\n"
        "def advance(start: int = START, step: int = 1, /) -> int:\n    '''Advance.'''\n    return start + step\n"
        "\n\nfrom pydantic import BaseModel, Field\n\n\n"
        "class Window(BaseModel):\n    width: int = Field(serialization_alias='w')\n\n\n"
        "def span(window: Window = Window(width=4), stop: int = 0, /) -> tuple:\n    '''Span.'''\n"
        "    return window, stop\n"
    )
    with scanned_module(tmp_path, source, "positional_only") as module:
        assert module.call("scale", {"factor": 3.0}) == 3.0
        assert module.call("scale", {"value": 5.0, "offset": 1.0}) == 11.0
        assert module.call("scale", {}) == 2.0
        assert module.call("shift", {"start": 1}) == 2
        # the default the function has, also where the schema cannot hold it (a call) or holds its dump
        assert module.call("shift", {"step": 2}) == 9
        assert module.call("shift", {}) == 8
        assert module.call("advance", {"step": 2}) == 9
        (span,) = [t for t in module.TOOLS if t["name"] == "span"]
        assert span["parameters"]["properties"]["window"]["default"] == {"w": 4}
        window, stop = module.call("span", {"stop": 3})
        assert (type(window).__name__, window.width, stop) == ("Window", 4, 3)
        assert window is module.call("span", {})[0]  # Python's one default object, as a plain call gets it


def test_langchain_tool_class_result_keyed_by_aliases_is_served_as_its_schema_says(built: tuple[dict[str, Any], Any]) -> None:
    """A result whose keys are pydantic's aliases (of a dataclass `_run` returns) is written by pydantic, over MCP."""
    import asyncio

    mcp = pytest.importorskip("mcp")
    if not hasattr(mcp, "Client"):
        pytest.skip("needs mcp 2: its in-process Client")
    doc, module = built
    (tool,) = [t for t in doc["tools"] if t["name"] == "locate"]
    assert tool["returns"]["schema"]["properties"] == {"xPos": {"type": "integer"}}

    async def locate() -> Any:
        async with mcp.Client(module.mcp_server()) as client:
            return await client.call_tool("locate", {"place": "Oslo"})

    result = asyncio.run(locate())
    assert not result.is_error, result.content
    assert result.structured_content == {"xPos": 4}


def test_a_class_docstring_assigned_after_the_class_describes_its_entry(tmp_path: Path) -> None:
    """`Counter.__doc__ = ...` after the class is the docstring the class has once its module has run, as for
    functions; one the scan cannot read is reported, and the class's own is used."""
    source = '''class Counter:
    """Its own docstring."""

    @staticmethod
    def step(by: int) -> int:
        return by


class Timer:
    """Kept."""


Counter.__doc__ = """Counts things.

    One at a time."""
Timer.__doc__ = ascii(3)
'''
    generation = scan_source(tmp_path, source)
    (package,) = generation.packages
    entries = {entry["name"]: entry["description"] for entry in json.loads(package.json)["classes"]}
    assert entries == {"Counter": "Counts things.\n\nOne at a time.", "Timer": "Kept."}
    assert messages(generation) == [
        "demo/tools.py:5:5: warning: tool `Counter_step` has no docstring; the model gets no description of it",
        "demo/tools.py:16:1: warning: `Timer.__doc__` is given a value the scan cannot read; the docstring written in "
        "the class is used",
    ]
