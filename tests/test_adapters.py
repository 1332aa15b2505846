# The adapters against the real libraries: LangChain StructuredTool, smolagents Tool and agent, MCP over stdio.
from __future__ import annotations

import asyncio
import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest


def by_name(tools: list[Any], name: str) -> Any:
    return next(t for t in tools if t.name == name)


def inline_refs(schema: Any, defs: dict[str, Any] | None = None) -> Any:
    if isinstance(schema, dict):
        defs = schema.get("$defs", {}) if defs is None else defs
        if "$ref" in schema:
            target = defs[schema["$ref"].rsplit("/", 1)[-1]]
            return inline_refs({**target, **{k: v for k, v in schema.items() if k != "$ref"}}, defs)
        return {k: inline_refs(v, defs) for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, list):
        return [inline_refs(v, defs) for v in schema]
    return schema


class TestLangChain:
    def test_structured_tools_invoke_the_real_functions(self, example_module: Any) -> None:
        from langchain_core.tools import StructuredTool

        tools = example_module.langchain_tools()
        assert all(isinstance(t, StructuredTool) for t in tools)
        forecast = by_name(tools, "get_forecast")
        assert forecast.invoke({"city": "Oslo", "days": 2}) == {"day+1": 19.0, "day+2": 20.0}
        assert forecast.args_schema == example_module.TOOLS[4]["parameters"]
        # as a chat model's tool call: LangChain answers with a ToolMessage for that call
        message = forecast.invoke({"name": "get_forecast", "args": {"city": "Oslo", "days": 1}, "id": "c1", "type": "tool_call"})
        assert (type(message).__name__, message.tool_call_id, message.content) == ("ToolMessage", "c1", '{"day+1": 19.0}')

    def test_ainvoke_awaits_async_tools(self, example_module: Any) -> None:
        page = by_name(example_module.langchain_tools(), "fetch_hotel_page")
        assert asyncio.run(page.ainvoke({"url": "x"})) == "<html><title>Hotel at x</title></html>"
        assert page.invoke({"url": "y"}) == "<html><title>Hotel at y</title></html>"

    def test_convert_to_openai_tool_round_trips(self, example_module: Any) -> None:
        from langchain_core.utils.function_calling import convert_to_openai_tool

        converted = [convert_to_openai_tool(t) for t in example_module.langchain_tools()]
        ours = example_module.openai_tools()
        assert [c for c, o in zip(converted, ours) if "$defs" not in o["function"]["parameters"]] == [
            o for o in ours if "$defs" not in o["function"]["parameters"]
        ]
        # LangChain inlines `$ref`s (and drops `$defs`): equal once ours are inlined too
        assert len([o for o in ours if "$defs" in o["function"]["parameters"]]) == 2
        for c, o in zip(converted, ours):
            assert c["function"]["parameters"] == inline_refs(o["function"]["parameters"])


    def test_bad_arguments_are_reported_by_name(self, example_module: Any) -> None:
        forecast = by_name(example_module.langchain_tools(), "get_forecast")
        with pytest.raises(example_module.ToolArgumentError, match="`days`: expected integer"):
            forecast.invoke({"city": "Oslo", "days": "two"})


class TestSmolagents:
    def test_tools_instantiate_and_pass_smolagents_validation(self, example_module: Any) -> None:
        import smolagents

        tools = example_module.smolagents_tools()
        assert all(isinstance(t, smolagents.Tool) for t in tools)
        for tool in tools:
            tool.validate_arguments()  # smolagents' own checks, run again explicitly

    def test_nullable_and_required(self, example_module: Any) -> None:
        from smolagents.models import get_tool_json_schema

        flights = by_name(example_module.smolagents_tools(), "search_flights")
        assert flights.inputs["airlines"]["nullable"] is True  # Optional[List[str]] = None
        assert flights.inputs["max_stops"]["nullable"] is True  # int = 1
        assert "nullable" not in flights.inputs["origin"]
        schema = get_tool_json_schema(flights)["function"]["parameters"]
        assert schema["required"] == ["origin", "destination", "date"]

    def test_enum_values_are_kept(self, example_module: Any) -> None:
        flights = by_name(example_module.smolagents_tools(), "search_flights")
        # smolagents itself turns an Enum parameter into a bare `object` (its issue #699)
        assert flights.inputs["cabin"] == {
            "type": "string", "description": "The cabin class.", "nullable": True,
            "enum": ["economy", "premium", "business"],
        }  # fmt: skip
        assert flights.output_type == "array"

    def test_calls_run_the_real_functions(self, example_module: Any) -> None:
        tools = example_module.smolagents_tools()
        assert by_name(tools, "get_forecast")(city="Oslo", days=1) == {"day+1": 19.0}
        assert by_name(tools, "fetch_hotel_page")(url="z") == "<html><title>Hotel at z</title></html>"
        assert by_name(tools, "get_forecast")({"city": "Oslo", "days": 1}) == {"day+1": 19.0}
        # a CodeAgent's code may pass Python values: a date, an Enum member, a tuple
        import datetime

        from travel_tools.models import Cabin

        flights = by_name(tools, "search_flights")("LIS", "FRA", datetime.date(2026, 12, 1), Cabin.BUSINESS, ("TP",))
        assert [(f["weekday"], f["cabin"], f["airline"]) for f in flights] == [("Tuesday", "business", "TP")] * 2
        flights = by_name(tools, "search_flights")("LIS", "FRA", "2026-12-01", airlines=(c for c in ["LH"]))
        assert {f["airline"] for f in flights} == {"LH"}  # a generator, as pydantic takes one for a list

    def test_positional_arguments_fill_the_inputs_in_order(self, example_module: Any) -> None:
        """As the function itself would take them: a CodeAgent's code often calls `get_forecast("Oslo", 1)`."""
        forecast = by_name(example_module.smolagents_tools(), "get_forecast")
        assert forecast("Oslo", 1) == {"day+1": 19.0}
        assert forecast("Oslo", days=2, unit="fahrenheit") == {"day+1": 66.2, "day+2": 68.0}
        with pytest.raises(TypeError, match=r"get_forecast\(\) takes 3 positional arguments but 4 were given"):
            forecast("Oslo", 1, "celsius", "extra")
        with pytest.raises(TypeError, match="multiple values for argument 'city'"):
            forecast("Oslo", city="Bergen")
        with pytest.raises(example_module.ToolArgumentError, match="`days`: expected integer"):
            forecast("Oslo", "two")  # positional arguments are checked like any others

    def test_tools_share_one_class(self, example_module: Any) -> None:
        """A class per tool was most of the adapter's cost; each instance carries its own frozen inputs."""
        tools = example_module.smolagents_tools()
        assert len({type(t) for t in tools}) == 1
        assert len({t.name for t in tools}) == len(tools) == len(example_module.TOOLS)
        assert by_name(tools, "get_forecast").inputs != by_name(tools, "search_flights").inputs

    def test_tool_calling_agent_uses_the_tools(self, example_module: Any) -> None:
        from smolagents import ToolCallingAgent
        from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction, MessageRole, Model

        script = [
            ("get_forecast", {"city": "Oslo", "days": 2, "unit": "fahrenheit"}),
            ("final_answer", {"answer": "warm enough"}),
        ]

        class ScriptedModel(Model):
            def generate(self, messages: Any, stop_sequences: Any = None, response_format: Any = None,
                         tools_to_call_from: Any = None, **kwargs: Any) -> ChatMessage:  # fmt: skip
                name, arguments = script.pop(0)
                call = ChatMessageToolCall(ChatMessageToolCallFunction(arguments, name), f"call_{len(script)}", "function")
                return ChatMessage(role=MessageRole.ASSISTANT, content="", tool_calls=[call])

        agent = ToolCallingAgent(tools=example_module.smolagents_tools(), model=ScriptedModel(), max_steps=3)
        assert agent.run("Is Oslo warm?") == "warm enough"
        observations = " ".join(str(step.observations) for step in agent.memory.steps if hasattr(step, "observations"))
        assert "66.2" in observations  # 19 °C in Fahrenheit, computed by the real get_forecast


    def test_code_agent_calls_the_tools_from_its_code(self, example_module: Any) -> None:
        from smolagents import CodeAgent
        from smolagents.models import ChatMessage, MessageRole, Model

        code = 'highs = get_forecast("Oslo", 2, unit="fahrenheit")\nfinal_answer(highs["day+2"])'

        class ScriptedModel(Model):
            def generate(self, messages: Any, stop_sequences: Any = None, response_format: Any = None,
                         tools_to_call_from: Any = None, **kwargs: Any) -> ChatMessage:  # fmt: skip
                return ChatMessage(role=MessageRole.ASSISTANT, content=f"Thought: ask.\n<code>\n{code}\n</code>")

        agent = CodeAgent(tools=example_module.smolagents_tools(), model=ScriptedModel(), max_steps=2)
        assert agent.run("How warm is Oslo in two days, in Fahrenheit?") == 68.0


THREE_STYLES = '''from typing import List, Optional


def f_numpy(city: str, days: int = 3, tags: Optional[List[str]] = None) -> dict:
    \"\"\"Get the forecast.

    Longer text here.

    Parameters
    ----------
    city : str
        The city name.
    days : int, optional
        How many days.
    tags : list of str, optional
        Labels.

    Returns
    -------
    dict
        The forecast.
    \"\"\"


def f_sphinx(city: str, days: int = 3) -> dict:
    \"\"\"Get the forecast.

    :param city: The city name.
    :param days: How many days.
    :returns: The forecast.
    \"\"\"


def f_google(city: str, days: int = 3) -> dict:
    \"\"\"Get the forecast.

    Args:
        city: The city name,
            over two lines.
        days (int): How many days.

    Returns:
        The forecast.
    \"\"\"
'''


class TestOpenAIAgents:
    def test_function_tools_carry_the_strict_schemas(self, example_module: Any) -> None:
        tools = example_module.openai_agents_tools()
        ours = {t["function"]["name"]: t["function"] for t in example_module.openai_tools(strict=True)}
        assert [t.name for t in tools] == list(ours)
        for tool in tools:
            assert tool.params_json_schema == ours[tool.name]["parameters"]
            assert tool.strict_json_schema is ours[tool.name]["strict"]
        loose = example_module.openai_agents_tools(strict=False)
        assert [t.strict_json_schema for t in tools] == [t["function"]["strict"] for t in example_module.openai_tools(strict=True)]
        assert not any(t.strict_json_schema for t in loose)
        assert [t.params_json_schema for t in loose] == [t["parameters"] for t in example_module.TOOLS]

    def test_the_sdk_leaves_our_strict_schemas_as_they_are(self, conformance_module: Any) -> None:
        """`openai_agents_tools()` skips the SDK's strict rewriting, which would change none of our strict schemas."""
        import copy

        from agents.strict_schema import ensure_strict_json_schema

        strict = [t["function"] for t in conformance_module.openai_tools(strict=True) if t["function"]["strict"]]
        assert len(strict) > 100
        for function in strict:
            assert ensure_strict_json_schema(copy.deepcopy(function["parameters"])) == function["parameters"]

    def test_the_sdk_reading_the_functions_at_run_time_agrees(self, example_module: Any) -> None:
        """The Agents SDK's own `@function_tool` (non-strict), importing the example's functions and parsing their
        docstrings at run time, gives the same descriptions and parameter schemas as the frozen ones."""
        from agents import function_tool
        from test_conformance import strip_titles

        for tool in example_module.TOOLS:
            module, _, name = tool["callable"].partition(":")
            func = getattr(importlib.import_module(module), name)
            theirs = function_tool(getattr(func, "func", func), strict_mode=False)  # LangChain's @tool keeps `func`
            assert (theirs.name, theirs.description) == (tool["name"], tool["description"])
            assert strip_titles(theirs.params_json_schema) == tool["parameters"], tool["name"]

    def test_the_sdk_reads_each_docstring_style_as_we_do(self, tmp_path: Path) -> None:
        from agents import function_tool
        from conftest import scanned_module
        from test_conformance import strip_titles

        with scanned_module(tmp_path, THREE_STYLES, "three_styles") as module:
            functions = importlib.import_module("demo.tools")
            for tool in module.TOOLS:
                theirs = function_tool(getattr(functions, tool["name"]), strict_mode=False)
                assert theirs.description == tool["description"]
                assert strip_titles(theirs.params_json_schema) == tool["parameters"], tool["name"]

    def test_an_agent_run_calls_the_real_function(self, example_module: Any) -> None:
        """A real `Runner` and `Agent`, driven by a scripted model: a call with bad arguments comes back to it as
        the error naming them, then a good call reaches `convert_currency`, and its result reaches the model."""
        from agents import Agent, ModelResponse, Runner, Usage, set_tracing_disabled
        from agents.models.interface import Model
        from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

        set_tracing_disabled(True)
        calls = iter([{"amount": "ten"}, {"amount": 11, "from_currency": "USD"}])
        seen: list[str] = []

        class ScriptedModel(Model):
            async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> Any:
                outputs = [item["output"] for item in input if isinstance(item, dict) and item.get("type") == "function_call_output"]
                seen[:] = [str(output) for output in outputs]
                arguments = next(calls, None)
                if arguments is None:
                    text = ResponseOutputText(type="output_text", text=f"done: {seen[-1]}", annotations=[])
                    item: Any = ResponseOutputMessage(id="m", type="message", role="assistant", status="completed", content=[text])
                else:
                    item = ResponseFunctionToolCall(type="function_call", id=f"c{len(outputs)}", call_id=f"c{len(outputs)}",
                                                    name="convert_currency", arguments=json.dumps(arguments))  # fmt: skip
                return ModelResponse(output=[item], usage=Usage(), response_id=None)

            def stream_response(self, *args: Any, **kwargs: Any) -> Any:
                raise NotImplementedError

        agent = Agent(name="travel", model=ScriptedModel(), tools=example_module.openai_agents_tools())
        result = asyncio.run(Runner.run(agent, "Convert 11 USD."))
        assert seen[0] == (
            "invalid arguments for tool 'convert_currency': `from_currency`: missing required argument; "
            "`amount`: expected number, got string 'ten'"
        )
        assert result.final_output == "done: 10.0"


class TestAnthropic:
    """The `anthropic` SDK's own tool runner runs our tools; its HTTP client talks to a stand-in for the API."""

    @staticmethod
    def api(turns: list[list[dict[str, Any]]], requests: list[dict[str, Any]], asynchronous: bool = False) -> Any:
        """A client whose API answers each request with the next turn's content blocks."""
        import anthropic

        try:  # the HTTP client the SDK is built on: `httpx2` from anthropic 2.x on
            import httpx2 as httpx
        except ImportError:
            import httpx

        def reply(request: httpx.Request) -> httpx.Response:
            requests.append(json.loads(request.content))
            content = turns[len(requests) - 1]
            stop = "tool_use" if any(block["type"] == "tool_use" for block in content) else "end_turn"
            message = {"id": f"msg_{len(requests)}", "type": "message", "role": "assistant", "model": "claude-test",
                       "content": content, "stop_reason": stop, "stop_sequence": None,
                       "usage": {"input_tokens": 1, "output_tokens": 1}}
            return httpx.Response(200, json=message)

        transport = httpx.MockTransport(reply)
        if asynchronous:
            return anthropic.AsyncAnthropic(api_key="test", http_client=httpx.AsyncClient(transport=transport))
        return anthropic.Anthropic(api_key="test", http_client=httpx.Client(transport=transport))

    def test_the_tool_runner_calls_the_tools_and_sends_argument_errors_back(self, example_module: Any) -> None:
        from anthropic.lib.tools import BetaBuiltinFunctionTool

        requests: list[dict[str, Any]] = []
        client = self.api([[{"type": "tool_use", "id": "t1", "name": "get_forecast", "input": {"city": "Oslo", "days": 2}},
                            {"type": "tool_use", "id": "t2", "name": "get_forecast", "input": {"city": "Oslo", "days": "2"}},
                            {"type": "tool_use", "id": "t3", "name": "fetch_hotel_page", "input": {"url": "x"}}],
                           [{"type": "text", "text": "Done."}]], requests)
        tools = example_module.anthropic_runnable_tools(strict=True)
        assert all(isinstance(t, BetaBuiltinFunctionTool) for t in tools)
        runner = client.beta.messages.tool_runner(model="claude-test", max_tokens=100, tools=tools,
                                                  messages=[{"role": "user", "content": "Weather in Oslo?"}])
        assert runner.until_done().content[0].text == "Done."
        assert requests[0]["tools"] == example_module.anthropic_tools(strict=True)
        first, second, third = requests[1]["messages"][-1]["content"]
        assert first == {"type": "tool_result", "tool_use_id": "t1", "content": '{"day+1": 19.0, "day+2": 20.0}'}
        assert second["is_error"] is True
        assert second["content"] == "invalid arguments for tool 'get_forecast': `days`: expected integer, got string '2'"
        # an async function, run to completion by the sync runner; a string comes back as it is
        assert third["content"] == "<html><title>Hotel at x</title></html>"

    def test_the_async_runner_awaits_the_tools(self, example_module: Any) -> None:
        from anthropic.lib.tools import BetaAsyncBuiltinFunctionTool

        requests: list[dict[str, Any]] = []
        client = self.api([[{"type": "tool_use", "id": "t1", "name": "fetch_hotel_page", "input": {"url": "x"}},
                            {"type": "tool_use", "id": "t2", "name": "air_quality", "input": {"city": "Oslo"}},
                            {"type": "tool_use", "id": "t3", "name": "air_quality", "input": {"town": "Oslo"}}],
                           [{"type": "text", "text": "Done."}]], requests, asynchronous=True)
        tools = example_module.anthropic_runnable_tools(asynchronous=True)
        assert all(isinstance(t, BetaAsyncBuiltinFunctionTool) for t in tools)

        async def run() -> Any:
            runner = client.beta.messages.tool_runner(model="claude-test", max_tokens=100, tools=tools,
                                                      messages=[{"role": "user", "content": "Hotel?"}])
            return await runner.until_done()

        assert asyncio.run(run()).content[0].text == "Done."
        assert requests[0]["tools"] == example_module.anthropic_tools()
        page, air, wrong = requests[1]["messages"][-1]["content"]
        assert page["content"] == "<html><title>Hotel at x</title></html>"
        assert json.loads(air["content"]) == example_module.call("air_quality", {"city": "Oslo"})
        assert wrong["is_error"] is True
        assert wrong["content"] == ("invalid arguments for tool 'air_quality': `city`: missing required argument; "
                                    "`town`: unknown argument; expected one of: city, include_pollen")

    def test_a_sync_runner_refuses_async_tools(self, example_module: Any) -> None:
        """Each runner takes only its own kind, as the SDK's own `beta_tool` and `beta_async_tool`."""
        client = self.api([], [])
        with pytest.raises(TypeError, match="async tool"):
            client.beta.messages.tool_runner(model="claude-test", max_tokens=100, messages=[],
                                             tools=example_module.anthropic_runnable_tools(asynchronous=True))


class TestMCP:
    @pytest.mark.parametrize("flags", [[], ["--inline-refs"]])
    def test_stdio_server_lists_and_calls_tools(self, flags: list[str], example_module: Any) -> None:
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        root = Path(example_module.__file__).parent.parent

        async def session() -> tuple[Any, ...]:
            args = ["-m", "travel_tools._tool_schemas", "mcp", *flags]
            params = StdioServerParameters(command=sys.executable, args=args, cwd=str(root))
            async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
                await client.initialize()
                listed = await client.list_tools()
                sync = await client.call_tool("convert_currency", {"amount": 11, "from_currency": "USD"})
                coroutine = await client.call_tool("fetch_hotel_page", {"url": "m"})
                bad = await client.call_tool("get_forecast", {"days": 1})
                return listed, sync, coroutine, bad

        listed, sync, coroutine, bad = asyncio.run(asyncio.wait_for(session(), 60))
        schemas = {t.name: (t.inputSchema if hasattr(t, "inputSchema") else t.input_schema) for t in listed.tools}
        expected = [f["parameters"] for f in example_module._functions(False, inline_refs=bool(flags))]
        assert schemas == {t["name"]: parameters for t, parameters in zip(example_module.TOOLS, expected)}
        assert ("$ref" in json.dumps(schemas)) is not bool(flags)
        assert sync.content[0].text == "10.0"
        assert coroutine.content[0].text == "<html><title>Hotel at m</title></html>"
        assert getattr(bad, "isError", getattr(bad, "is_error", None)) is True
        assert "`city`: missing required argument" in bad.content[0].text


RETURNING = """
import datetime
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, List, Optional

from pydantic import BaseModel, Field
from pydantic.dataclasses import dataclass as pydantic_dataclass
from typing_extensions import TypedDict


class Unit(Enum):
    C = "c"


@dataclass
class Reading:
    \"\"\"A reading.\"\"\"

    city: str
    temp: float
    unit: Unit = Unit.C
    taken: Optional[datetime.date] = None


class Trip(BaseModel):
    \"\"\"A trip.\"\"\"

    where: str = Field(alias="destination")
    nights: int = 1


def reading(city: str) -> Reading:
    \"\"\"A dataclass.\"\"\"
    return Reading(city, 21.5, taken=datetime.date(2026, 1, 2))


def trip(where: str) -> Trip:
    \"\"\"A pydantic model, written with its aliases.\"\"\"
    return Trip(destination=where, nights=2)


def readings(n: int) -> List[Reading]:
    \"\"\"A list: wrapped.\"\"\"
    return [Reading("a", 1.0, Unit.C)] * n


def maybe(city: str) -> Optional[Reading]:
    \"\"\"An Optional: wrapped.\"\"\"
    return None


def label(n: int) -> str:
    \"\"\"A string: wrapped, and the text as it is.\"\"\"
    return f"#{n}"


def nothing() -> None:
    \"\"\"None: wrapped.\"\"\"


def by_day(days: int) -> dict[str, float]:
    \"\"\"A dict with string keys: an object as it is.\"\"\"
    return {f"d{i}": 1.5 for i in range(days)}


def liar(n: int) -> int:
    \"\"\"Breaks its promise.\"\"\"
    return "not a number"


class Summary(TypedDict):
    city: str
    high: float


def summary(city: str) -> Summary:
    \"\"\"A TypedDict, returned with a key it does not declare: dropped, as the SDK drops it.\"\"\"
    return {"city": city, "high": 3.5, "note": "not declared"}


def untyped(n: int):
    \"\"\"No return type: no structured output.\"\"\"
    return {"n": n, "when": datetime.timedelta(hours=1)}


@dataclass
class Spot:
    x_pos: int = Field(alias="xPos")
    y_pos: int = Field(0, alias="yPos")


def spot(x: int) -> Spot:
    \"\"\"A dataclass keyed by pydantic's aliases.\"\"\"
    return Spot(x, 2)


@pydantic_dataclass
class Mark:
    at_time: str = Field(alias="atTime")


class Keyed(TypedDict):
    first_name: Annotated[str, Field(alias="firstName")]
    mark: Mark


def keyed(name: str) -> List[Keyed]:
    \"\"\"TypedDicts keyed by aliases, holding a pydantic dataclass keyed by one: wrapped.\"\"\"
    return [{"first_name": name, "mark": Mark(atTime="noon")}]
"""
CALLS = {"reading": {"city": "Oslo"}, "trip": {"where": "Faro"}, "readings": {"n": 2}, "maybe": {"city": "x"},
         "label": {"n": 3}, "nothing": {}, "by_day": {"days": 2}, "liar": {"n": 1}, "untyped": {"n": 1},
         "summary": {"city": "Oslo"}, "spot": {"x": 1}, "keyed": {"name": "Ada"}}  # fmt: skip


def test_mcp_structured_output_equals_the_sdk_server(tmp_path: Path) -> None:
    """`outputSchema` and `structuredContent` as the `mcp` SDK's own server gives them for the same functions,
    through the SDK's client, which checks the content against the schema. A result that breaks its return type
    is an error in both."""
    mcp = pytest.importorskip("mcp")
    if not hasattr(mcp, "Client"):
        pytest.skip("needs mcp 2: its in-process Client")
    from conftest import scanned_module
    from mcp.server.mcpserver import MCPServer
    from test_conformance import strip_titles

    with scanned_module(tmp_path, RETURNING, "structured_demo") as module:
        sdk = MCPServer("sdk")
        for name in CALLS:
            sdk.add_tool(getattr(importlib.import_module("demo.tools"), name))

        async def session(server: Any) -> tuple[dict[str, Any], dict[str, Any]]:
            async with mcp.Client(server) as client:
                listed = {t.name: t.output_schema for t in (await client.list_tools()).tools}
                results = {name: await client.call_tool(name, arguments) for name, arguments in CALLS.items()}
                return listed, results

        ours, our_results = asyncio.run(session(module.mcp_server()))
        theirs, their_results = asyncio.run(session(sdk))
        inlined, _ = asyncio.run(session(module.mcp_server(inline_refs=True)))

    from langchain_core.utils.json_schema import dereference_refs

    assert "$ref" in json.dumps(ours) and "$ref" not in json.dumps(inlined)
    def flat(schema: Any) -> Any:  # as LangChain inlines, without the `$defs` left unused
        return schema and {k: v for k, v in dereference_refs(schema).items() if k != "$defs"}

    assert inlined == {name: flat(schema) for name, schema in ours.items()}

    # The SDK's server rebuilds a dataclass as a model of its own: the docstring is lost.
    assert ours["reading"].pop("description") == "A reading."
    assert ours == strip_titles(theirs)
    for name in CALLS:
        mine, sdk_result = our_results[name], their_results[name]
        assert mine.is_error == sdk_result.is_error, name
        if not mine.is_error:
            assert mine.structured_content == sdk_result.structured_content, name
    assert our_results["reading"].structured_content == {"city": "Oslo", "temp": 21.5, "unit": "c", "taken": "2026-01-02"}
    assert our_results["trip"].structured_content == {"destination": "Faro", "nights": 2}
    assert our_results["summary"].structured_content == {"city": "Oslo", "high": 3.5}
    assert our_results["spot"].structured_content == {"xPos": 1, "yPos": 2}
    assert our_results["keyed"].structured_content == {"result": [{"firstName": "Ada", "mark": {"atTime": "noon"}}]}
    assert our_results["label"].content[0].text == "#3"
    assert our_results["untyped"].content[0].text == '{"n": 1, "when": "PT1H"}'
    assert our_results["liar"].content[0].text == (
        "tool 'liar' returned a value that does not match its return type: "
        "`result`: expected integer, got string 'not a number'"
    )


DECLARED = """
from langchain_core.tools import tool
from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

server = MCPServer("sdk")
SHORT = "Read a value (from a constant)."


@tool("read-value", description="Read a value, as the decorator says.", parse_docstring=True, return_direct=True,
      response_format="content_and_artifact")
def read(key: str) -> tuple:
    \"\"\"What the docstring says.

    Args:
        key: The key.
    \"\"\"
    return f"value of {key}", {"key": key}


@server.tool(name="peek_value", description=SHORT, title="Peek at a value",
             annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False), structured_output=False)
def peek(key: str) -> int:
    return len(key)


@server.tool("lookup", annotations={"destructiveHint": False})
def find(key: str) -> int:
    \"\"\"Find a key.\"\"\"
    return len(key)
"""


def test_what_a_tool_decorator_declares_is_kept(tmp_path: Path) -> None:
    """The name, description and options given to LangChain's `@tool(...)` and to the `mcp` SDK's `@server.tool(...)`
    are what our adapters show, as the libraries show them for the same functions."""
    mcp = pytest.importorskip("mcp")
    if not hasattr(mcp, "Client"):
        pytest.skip("needs mcp 2: its in-process Client and MCPServer")
    from langchain_core.messages import ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from conftest import messages, scan_source, scanned_module
    from test_conformance import strip_titles

    assert not messages(scan_source(tmp_path / "check", DECLARED))  # `peek` needs no docstring: it has a description
    with scanned_module(tmp_path, DECLARED, "declared_demo") as module:
        functions = importlib.import_module("demo.tools")
        assert [tool["name"] for tool in module.TOOLS] == ["read-value", "peek_value", "lookup"]

        theirs = convert_to_openai_tool(functions.read)["function"]
        assert module.openai_tools()[0]["function"] == theirs
        ours = by_name(module.langchain_tools(), "read-value")
        assert (ours.description, ours.return_direct, ours.response_format) == (
            functions.read.description, True, "content_and_artifact"
        )
        call = {"name": "read-value", "args": {"key": "k"}, "id": "c1", "type": "tool_call"}
        for made in (ours, functions.read):  # the content goes to the model, the artifact stays with the host
            message = made.invoke(call)
            assert isinstance(message, ToolMessage)
            assert (message.content, message.artifact) == ("value of k", {"key": "k"})

        async def listing(server: Any) -> dict[str, Any]:
            async with mcp.Client(server) as client:
                listed = (await client.list_tools()).tools
                tools = {t.name: t.model_dump(exclude={"input_schema"}, exclude_none=True) for t in listed}
                for tool in tools.values():
                    if "output_schema" in tool:
                        tool["output_schema"] = strip_titles(tool["output_schema"])
                return tools

        assert module.TOOLS[1]["python"] == {"mcp": {
            "title": "Peek at a value", "annotations": {"readOnlyHint": True, "openWorldHint": False},
            "structured_output": False,
        }}  # fmt: skip  (annotations keyed as MCP sends them, whatever the SDK version)
        ours_listed = asyncio.run(listing(module.mcp_server()))
        assert ours_listed.pop("read-value")["description"] == "Read a value, as the decorator says."
        assert ours_listed == asyncio.run(listing(functions.server))
        assert ours_listed["peek_value"] == {
            "name": "peek_value", "title": "Peek at a value", "description": "Read a value (from a constant).",
            "annotations": {"read_only_hint": True, "open_world_hint": False},
        }  # fmt: skip


ARGS_SCHEMA = """
import datetime

from langchain_core.tools import tool
from pydantic import BaseModel, Field


class Leg(BaseModel):
    \"\"\"One leg of a trip.\"\"\"

    to: str


class TripInput(BaseModel):
    \"\"\"What a trip needs.\"\"\"

    city: str = Field(description="Where to.")
    start: datetime.date = Field(description="The first day.")
    legs: list[Leg] = Field(default_factory=list, description="The legs.")
    nights: int = Field(1, ge=1, description="How long.")


@tool("plan-trip", args_schema=TripInput)
def plan(city: str, start: datetime.date, legs: list[Leg], nights: int = 1) -> str:
    \"\"\"Plan a trip.\"\"\"
    return f"{city} from {start!r} for {nights}: {[type(leg).__name__ for leg in legs]}"
"""


def test_a_langchain_args_schema_gives_the_parameters(tmp_path: Path) -> None:
    """`@tool(args_schema=Model)`, as LangChain's guide writes custom tools: the model's fields are the parameters,
    as LangChain shows them, and `call()` passes them as LangChain does, made as their types say."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from conftest import messages, scan_source, scanned_module

    assert not messages(scan_source(tmp_path / "check", ARGS_SCHEMA))
    with scanned_module(tmp_path, ARGS_SCHEMA, "args_schema_demo") as module:
        functions = importlib.import_module("demo.tools")
        (tool,) = module.TOOLS
        assert list(tool["parameters"]["$defs"]) == ["Leg"]  # the model itself is unwrapped
        (inlined,) = module.openai_tools(inline_refs=True)  # LangChain inlines `$ref`s
        assert inlined == convert_to_openai_tool(functions.plan)
        arguments = {"city": "Faro", "start": "2026-12-01", "legs": [{"to": "Lagos"}], "nights": 2}
        assert module.call("plan-trip", arguments) == functions.plan.invoke(arguments) == (
            "Faro from datetime.date(2026, 12, 1) for 2: ['Leg']"
        )
        with pytest.raises(module.ToolArgumentError, match="`nights`: must be at least 1"):
            module.call("plan-trip", {**arguments, "nights": 0})
        # what is left out gets the model's default (its factory's too), as LangChain passes it: `plan` has none
        least = {"city": "Faro", "start": "2026-12-01"}
        assert module.call("plan-trip", least) == functions.plan.invoke(least) == "Faro from datetime.date(2026, 12, 1) for 1: []"
        assert tool["python"]["defaults_from"] == "demo.tools:TripInput"


def test_what_a_tool_decorator_declares_must_be_known_statically(tmp_path: Path) -> None:
    from conftest import messages, scan_source, tools_of

    source = (
        "from langchain_core.tools import tool\nfrom mcp.server.mcpserver import MCPServer\n\nserver = MCPServer('s')\n"
        "NAME = 'named'\n\n\n"
        "@tool(NAME.encode(), description=NAME * 2.5, args_schema=dict, response_format='both', return_direct=1)\n"
        "def one(a: int) -> int:\n    \"\"\"One.\"\"\"\n\n\n"
        "@server.tool(None, name=NAME, title=3, description=None, annotations={'readOnly': True}, structured_output=False)\n"
        "def two(a: int) -> int:\n    return a\n"
    )
    generation = scan_source(tmp_path, source)
    one, two = tools_of(generation).values()
    assert (one["name"], one["description"], "python" in one) == ("one", "One.", False)
    assert (two["name"], two["description"], two["python"]) == ("named", "", {"mcp": {"structured_output": False}})
    expected = {
        "8:7": "`name` of the tool decorator is not a string, written as a literal or a constant: the function's name "
        "is used instead",
        "8:34": "`description` of the tool decorator is not a string, written as a literal or a constant: the "
        "docstring is used instead",
        "8:58": "`args_schema` names no model known statically; the schema is built from the signature",
        "8:80": "`response_format` of the tool decorator is not 'content' or 'content_and_artifact', written as a "
        "literal or a constant: it is left out",
        "8:102": "`return_direct` of the tool decorator is not True or False, written as a literal or a constant: it "
        "is left out",
        "13:37": "`title` of the tool decorator is not a string, written as a literal or a constant: it is left out",
        "13:70": "`annotations` of the tool decorator is not `ToolAnnotations(...)` or a dict of title, readOnlyHint, "
        "destructiveHint, idempotentHint, openWorldHint (a string, then booleans), written as a literal or a "
        "constant: it is left out",
        "14:1": "tool `named` has no docstring; the model gets no description of it",
    }
    assert messages(generation) == [f"demo/tools.py:{at}: warning: {text}" for at, text in expected.items()]


PYDANTIC_AI = """
from dataclasses import dataclass
from typing import Literal, Optional

from pydantic_ai import Agent, RunContext

agent = Agent("test", deps_type=str)


@agent.tool
def forecast(ctx: RunContext[str], city: str, days: int = 3, unit: Literal["c", "f"] = "c") -> str:
    \"\"\"Get the forecast.

    Args:
        city: The city.
        days: How many days ahead.
    \"\"\"
    return f"for {ctx.deps}: {city}, {days} days, in {unit}"


async def convert(amount: float, currency: Optional[str] = None) -> float:
    \"\"\"Convert an amount.

    Args:
        amount: How much.
        currency: From which currency.
    \"\"\"
    return amount * 2


@dataclass
class Trip:
    \"\"\"A trip.\"\"\"

    city: str
    nights: int = 1


def book(trip: Trip) -> str:
    \"\"\"Book a trip.

    Args:
        trip: Where, and for how long.
    \"\"\"
    return f"{type(trip).__name__} to {trip.city} for {trip.nights}"
"""


def test_pydantic_ai_tools_are_pydantic_ais_own(tmp_path: Path) -> None:
    """Our `pydantic_ai.Tool`s have the schemas pydantic-ai makes itself for the same functions; an agent runs them,
    the `RunContext` filled in, and arguments that do not fit send the model our message naming them, to retry."""
    from pydantic_ai import Agent, Tool
    from pydantic_ai.messages import ModelResponse, RetryPromptPart, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel
    from pydantic_ai.models.test import TestModel

    from conftest import scanned_module
    from test_conformance import strip_titles

    with scanned_module(tmp_path, PYDANTIC_AI, "pydantic_ai_demo") as module:
        functions = importlib.import_module("demo.tools")
        tools = {tool.name: tool for tool in module.pydantic_ai_tools()}
        assert module.TOOLS[0]["python"]["injected"] == {
            "ctx": {"framework": "pydantic_ai", "type": "pydantic_ai.RunContext", "required": True}
        }
        theirs = {name: Tool(getattr(functions, name)) for name in tools}
        assert theirs["forecast"].tool_def == functions.agent._function_toolset.tools["forecast"].tool_def
        for name, tool in tools.items():  # pydantic-ai keeps the title of a class whose schema it unwraps
            assert tool.tool_def.parameters_json_schema == strip_titles(theirs[name].tool_def.parameters_json_schema), name
            assert (tool.tool_def.description, tool.takes_ctx) == (theirs[name].tool_def.description, name == "forecast")
            assert tool.function_schema.is_async is theirs[name].function_schema.is_async  # sync runs in a thread
        assert "trip" not in tools["book"].tool_def.parameters_json_schema["properties"]  # the dataclass's fields
        with pytest.raises(module.ToolError, match="needs `ctx` .*, which its pydantic-ai agent fills in"):
            module.call("forecast", {"city": "Oslo"})

        def returned(made: list[Any]) -> dict[str, Any]:  # TestModel calls each tool with arguments fitting its schema
            run = Agent(TestModel(), tools=made, deps_type=str).run_sync("go", deps="Ada")
            return {p.tool_name: p.content for m in run.all_messages() for p in m.parts if isinstance(p, ToolReturnPart)}

        ours = returned(list(tools.values()))
        assert ours == returned(list(theirs.values()))
        assert ours["forecast"].startswith("for Ada: ") and ours["book"].startswith("Trip to ")

        def model(messages: list[Any], info: Any) -> ModelResponse:
            # what the model is told after a `ModelRetry`: a retry prompt, or (pydantic-ai 2) the tool's return
            told = [p for m in messages for p in m.parts if isinstance(p, (RetryPromptPart, ToolReturnPart))]
            if told:
                return ModelResponse(parts=[TextPart(str(told[0].content))])
            return ModelResponse(parts=[ToolCallPart("forecast", {"city": "Oslo", "days": "x"})])

        answer = Agent(FunctionModel(model), tools=list(tools.values()), deps_type=str).run_sync("go", deps="Ada")
        assert "invalid arguments for tool 'forecast': `days`: expected integer, got string 'x'" in answer.output


def test_the_agents_sdk_decorator_is_reported_since_nothing_could_call_the_tool(tmp_path: Path) -> None:
    from conftest import messages, scan_source, scanned_module

    source = 'from agents import function_tool\n\n\n@function_tool(name_override="b")\ndef a(q: str) -> str:\n    """A."""\n'
    assert messages(scan_source(tmp_path / "check", source)) == [
        "demo/tools.py:4:2: warning: `@function_tool` makes `a` the Agents SDK's `FunctionTool`, which `call()` and "
        "the other adapters cannot call; keep `a` a plain function and write `function_tool(a)` where the agent is "
        "built, or use `openai_agents_tools()`"
    ]
    with scanned_module(tmp_path, source, "function_tool_demo") as module, pytest.raises(TypeError, match="not callable"):
        module.call("a", {"q": "x"})


def test_decorated_tools_and_smolagents_identifier_names(tmp_path: Path) -> None:
    from conftest import scanned_module

    source = (
        'from langchain_core.tools import tool\n\n\n@tool("get-time")\ndef now(zone: str = "UTC") -> str:\n'
        '    """The time."""\n    return zone\n\n\n@tool\nasync def later(zone: str) -> str:\n    """Later."""\n'
        '    return zone + "+1"\n'
    )
    with scanned_module(tmp_path, source, "dash_names") as module:
        tool = next(t for t in module.smolagents_tools() if t.name == "get_time")
        assert tool(zone="CET") == "CET"  # the module attribute is LangChain's StructuredTool: call() unwraps it
        assert module.call("later", {"zone": "CET"}) == "CET+1"
        assert asyncio.run(module.acall("later", {"zone": "UTC"})) == "UTC+1"


def test_smolagents_names_are_unique_identifiers(tmp_path: Path) -> None:
    """OpenAI's names allow `-` and a leading digit, smolagents' do not: names that are identifiers stay, and the
    others get one that no other tool has, so an agent accepts them all (it rejects duplicate names)."""
    from smolagents import ToolCallingAgent
    from smolagents.models import Model

    from conftest import scanned_module

    source = (
        'from langchain_core.tools import tool\n\n\n@tool("get-time")\ndef dashed() -> str:\n    """Dashed."""\n'
        '    return "dashed"\n\n\ndef get_time() -> str:\n    """Plain."""\n    return "plain"\n\n\n'
        '@tool("3d-view")\ndef view() -> str:\n    """View."""\n    return "view"\n\n\n'
        '@tool("class")\ndef keyword() -> str:\n    """Keyword."""\n    return "keyword"\n'
    )
    with scanned_module(tmp_path, source, "identifiers", include=("demo.tools:get_time",)) as module:
        tools = module.smolagents_tools()
        assert [t["name"] for t in module.TOOLS] == ["get-time", "get_time", "3d-view", "class"]
        assert [t.name for t in tools] == ["get_time_2", "get_time", "tool_3d_view", "tool_class"]
        assert [t() for t in tools] == ["dashed", "plain", "view", "keyword"]
        ToolCallingAgent(tools=tools, model=Model())  # no "duplicate names" error


SMOLAGENTS_NESTED = '''from typing import Literal, Optional, Union

from smolagents import tool


@tool
def plan(a: list[Optional[int]], b: dict[str, list[str]], c: Union[int, str], d: list[Union[int, str]],
         e: list[Literal["x", "y"]], f: Optional[dict[str, Optional[float]]] = None, g: Union[Literal["x"], str] = "x") -> str:
    """Plan.

    Args:
        a: A.
        b: B.
        c: C.
        d: D.
        e: E.
        f: F.
        g: G.
    """
    return "planned"
'''


def test_smolagents_inputs_equal_smolagents_own_for_nested_types(tmp_path: Path) -> None:
    """Containers keep their `items` and `additionalProperties`, unions their list of types, as smolagents' `@tool`
    writes them. A `Literal["x"] | str` takes any string: no `enum`, and one `string` where smolagents repeats it."""
    from smolagents.models import get_tool_json_schema

    from conftest import scanned_module

    with scanned_module(tmp_path, SMOLAGENTS_NESTED, "smolagents_nested", include=()) as module:
        (ours,) = module.smolagents_tools()
        theirs = importlib.import_module("demo.tools").plan
        assert {k: v for k, v in ours.inputs.items() if k != "g"} == {k: v for k, v in theirs.inputs.items() if k != "g"}
        assert ours.inputs["a"] == {"type": "array", "items": {"type": "integer", "nullable": True}, "description": "A."}
        assert ours.inputs["g"] == {"type": "string", "nullable": True, "description": "G."}
        assert theirs.inputs["g"]["type"] == ["string", "string"]
        assert get_tool_json_schema(ours)["function"]["parameters"]["required"] == ["a", "b", "c", "d", "e"]


def test_call_works_for_smolagents_decorated_functions(tmp_path: Path) -> None:
    from conftest import scanned_module

    source = (
        "from smolagents import tool\n\n\n@tool\ndef shout(text: str, times: int = 1) -> str:\n"
        '    """Shout.\n\n    Args:\n        text: What to shout.\n        times: How often.\n    """\n'
        "    return (text.upper() + '!') * times\n"
    )
    with scanned_module(tmp_path, source, "smol_decorated", include=()) as module:
        assert [t["name"] for t in module.TOOLS] == ["shout"]  # selected by its decorator alone
        assert module.call("shout", {"text": "hi", "times": 2}) == "HI!HI!"


@pytest.mark.parametrize(("library", "distribution", "adapter"), [("smolagents", "smolagents", "smolagents_tools"),
                                                              ("pydantic_ai", "pydantic-ai-slim", "pydantic_ai_tools"),
                                                              ("anthropic", "anthropic", "anthropic_runnable_tools")])
def test_missing_library_names_the_package_to_install(library: str, distribution: str, adapter: str, example_module: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setitem(sys.modules, library, None)  # makes `import library` fail
    with pytest.raises(ImportError, match=f"this adapter needs '{distribution}': pip install {distribution}"):
        getattr(example_module, adapter)()


INJECTED = '''
from typing import Annotated, Any, Optional

from agents import RunContextWrapper
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import InjectedToolArg, InjectedToolCallId, tool
from mcp.server.mcpserver import Context, MCPServer

server = MCPServer("sdk")


@server.tool()
async def fetch(url: str, ctx: Context) -> str:
    """Fetch a page.

    Args:
        url: The page.
        ctx: The request's context (documented, yet no parameter of the schema).
    """
    await ctx.report_progress(1, 2)
    return f"{url} in request {ctx.request_id}"


@server.tool()
def peek(ctx: "Optional[Context[Any, Any]]" = None, depth: int = 1) -> str:
    """Peek."""
    return f"{type(ctx).__name__} {depth}"


@tool(parse_docstring=True)
def lookup(query: str, user: Annotated[str, InjectedToolArg], call_id: Annotated[str, InjectedToolCallId()],
           config: RunnableConfig) -> str:
    """Look up.

    Args:
        query: What to look up.
    """
    return f"{query} for {user} ({call_id}, {sorted(config)})"


def count(context: RunContextWrapper[Any], word: str) -> str:
    """Count.

    Args:
        word: The word.
    """
    return f"{word} in {type(context).__name__} {context.tool_name}"
'''


def test_parameters_a_framework_fills_in_are_left_to_it(tmp_path: Path) -> None:
    """An MCP `Context`, LangChain's injected arguments and `RunnableConfig`, and the Agents SDK's run context are
    not in the schema, as each framework leaves them out. Our MCP server and Agents SDK tools fill them in, as the
    frameworks do; `call()` takes them from the host in `injected`, never from the model."""
    mcp = pytest.importorskip("mcp")
    if not hasattr(mcp, "Client"):
        pytest.skip("needs mcp 2: its in-process Client and MCPServer")
    from agents import function_tool
    from agents.tool_context import ToolContext
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from conftest import messages, scan_source, scanned_module
    from test_conformance import strip_titles

    assert not messages(scan_source(tmp_path / "check", INJECTED))  # a documented `ctx` is no stray entry
    with scanned_module(tmp_path, INJECTED, "injected_demo") as module:
        tools = {tool["name"]: tool for tool in module.TOOLS}
        functions = importlib.import_module("demo.tools")

        async def session(server: Any) -> tuple[dict[str, Any], Any, Any]:
            async with mcp.Client(server) as client:
                listed = {t.name: t.input_schema for t in (await client.list_tools()).tools}
                return listed, await client.call_tool("fetch", {"url": "u"}), await client.call_tool("peek", {})

        ours, fetched, peeked = asyncio.run(session(module.mcp_server()))
        theirs, _, _ = asyncio.run(session(functions.server))
        for name in ("fetch", "peek"):  # the SDK's server shows no parameter's docs
            assert {key: {k: v for k, v in value.items() if k != "description"} for key, value in ours[name]["properties"].items()} == (
                strip_titles(theirs[name])["properties"]
            )
            assert ours[name].get("required") == theirs[name].get("required")
        assert list(ours["fetch"]["properties"]) == ["url"]
        assert fetched.content[0].text.startswith("u in request ") and not fetched.is_error
        assert peeked.content[0].text == "Context 1"  # an optional `Context` is filled in too, as the SDK does
        assert tools["lookup"]["parameters"] == convert_to_openai_tool(functions.lookup)["function"]["parameters"]
        assert tools["count"]["parameters"] == strip_titles(function_tool(functions.count, strict_mode=False).params_json_schema)
        assert tools["fetch"]["python"]["injected"] == {
            "ctx": {"framework": "mcp", "type": "mcp.server.mcpserver.Context", "required": True}
        }

        (agents_count,) = [t for t in module.openai_agents_tools() if t.name == "count"]
        context = ToolContext(context=None, tool_name="count", tool_call_id="c1", tool_arguments='{"word": "w"}')
        assert asyncio.run(agents_count.on_invoke_tool(context, '{"word": "w"}')) == "w in ToolContext count"

        assert module.call("lookup", {"query": "q"}, injected={"user": "ada", "call_id": "c7", "config": {"tags": []}}) == (
            "q for ada (c7, ['tags'])"
        )
        with pytest.raises(module.ToolError, match=r"needs `user` \(langchain_core.tools.InjectedToolArg\), which its "
                                                   r"LangChain runtime fills in: pass it in `injected`"):  # fmt: skip
            module.call("lookup", {"query": "q"})
        with pytest.raises(module.ToolError, match="has no injected parameter query"):
            module.call("lookup", {}, injected={"query": "q"})
        with pytest.raises(module.ToolArgumentError, match="`user`: unknown argument"):  # never from the model
            module.call("lookup", {"query": "q", "user": "mallory"}, injected={"user": "ada", "call_id": "c", "config": {}})
