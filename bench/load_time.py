"""Start-up cost of tool schemas: our frozen module against smolagents' and LangChain's run-time paths."""
from __future__ import annotations

import argparse
import compileall
import json
import marshal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from workload import page_fault_microseconds, write_workload  # noqa: E402

# One throwaway tool per library, made before the clock starts: both finish importing lazily on first use.
WARM_UP = {
    "langchain_core.tools": "langchain_core.tools.StructuredTool(name='w', description='w', "
    "args_schema={'type': 'object', 'properties': {}}, func=lambda: None)",
    "smolagents": "smolagents.tool(load_functions()[0])",  # smolagents reads the source: a function from a file
    "agents": "agents.function_tool(load_functions()[0])",
    "pydantic_ai": "pydantic_ai.Tool(load_functions()[0]).tool_def",
    "anthropic": "anthropic.beta_tool(load_functions()[0]).to_dict()",
}


def _adapter(library: str, adapter: str) -> str:
    """Our adapter's cost alone: the library (warmed up) and our module are loaded before the clock starts."""
    return f"""
import time
import {library}
{WARM_UP[library]}
import benchpkg._tool_schemas as m
t0 = time.perf_counter()
tools = m.{adapter}()
t1 = time.perf_counter()
print(json.dumps({{"tools": (t1 - t0) * 1e3, "n": len(tools)}}))
"""


def _peer(imports: str, make: str) -> str:
    """A library's own path: its import, then the schema of every tool (`make` of `{}`), after a first one."""
    return f"""
import time
t0 = time.perf_counter()
{imports}
t1 = time.perf_counter()
funcs = load_functions()
{make.format("funcs[0]")}
t2 = time.perf_counter()
tools = [{make.format("f")} for f in funcs]
t3 = time.perf_counter()
print(json.dumps({{"import": (t1 - t0) * 1e3, "tools": (t3 - t2) * 1e3, "total": (t3 - t2 + t1 - t0) * 1e3, "n": len(tools)}}))
"""


# Each snippet runs in a fresh interpreter and prints JSON timings in milliseconds.
SNIPPETS = {
    "ours": """
import time
f0 = faults()
t0 = time.perf_counter()
import benchpkg._tool_schemas as m
t1 = time.perf_counter()
tools = m.openai_tools()
t2 = time.perf_counter()
print(json.dumps({"import": (t1 - t0) * 1e3, "tools": (t2 - t1) * 1e3, "total": (t2 - t0) * 1e3, "n": len(tools),
                  "faults": faults() - f0}))
""",
    # The reference the issue names: the same OpenAI payload as one plain dict literal, black-formatted, in its own .pyc.
    "plain_literal": """
import time
f0 = faults()
t0 = time.perf_counter()
from benchpkg._plain_literal import TOOLS
t1 = time.perf_counter()
print(json.dumps({"total": (t1 - t0) * 1e3, "n": len(TOOLS), "faults": faults() - f0}))
""",
    # The floor the issue names: unmarshalling the same payload once, from a file written by `marshal.dumps`.
    "marshal_floor": """
import marshal, time
f0 = faults()
t0 = time.perf_counter()
with open(PAYLOAD + ".marshal", "rb") as file:
    TOOLS = marshal.loads(file.read())
t1 = time.perf_counter()
print(json.dumps({"total": (t1 - t0) * 1e3, "n": len(TOOLS), "faults": faults() - f0}))
""",
    "json_loads": """
import time
t0 = time.perf_counter()
with open(PAYLOAD + ".json", "rb") as file:
    TOOLS = json.loads(file.read())
t1 = time.perf_counter()
print(json.dumps({"total": (t1 - t0) * 1e3, "n": len(TOOLS)}))
""",
    "ours_anthropic": """
import time
t0 = time.perf_counter()
import benchpkg._tool_schemas as m
tools = m.anthropic_tools()
t1 = time.perf_counter()
print(json.dumps({"total": (t1 - t0) * 1e3, "n": len(tools)}))
""",
    "ours_strict": """
import time
t0 = time.perf_counter()
import benchpkg._tool_schemas as m
tools = m.openai_tools(strict=True)
t1 = time.perf_counter()
print(json.dumps({"total": (t1 - t0) * 1e3, "n": len(tools)}))
""",
    "ours_langchain": _adapter("langchain_core.tools", "langchain_tools"),
    "ours_smolagents": _adapter("smolagents", "smolagents_tools"),
    "ours_agents": _adapter("agents", "openai_agents_tools"),
    "ours_pydantic_ai": _adapter("pydantic_ai", "pydantic_ai_tools"),
    "ours_anthropic_runnable": _adapter("anthropic", "anthropic_runnable_tools"),
    "smolagents": _peer("from smolagents import tool\nfrom smolagents.models import get_tool_json_schema",
                        "get_tool_json_schema(tool({}))"),
    # The Agents SDK's strict schemas, as its Runner sends them (`function_tool` builds them eagerly).
    "agents": _peer("from agents import function_tool", "function_tool({}).params_json_schema"),
    "pydantic_ai": _peer("from pydantic_ai import Tool", "Tool({}).tool_def"),
    # The anthropic SDK's decorator for its tool runner, and the tool definition it sends.
    "anthropic": _peer("from anthropic import beta_tool", "beta_tool({}).to_dict()"),
    "langchain": _peer("from langchain_core.tools import tool\n"
                       "from langchain_core.utils.function_calling import convert_to_openai_tool",
                       "convert_to_openai_tool(tool(parse_docstring=True)({}))"),
}
PRELUDE = """
import json, importlib, pkgutil, resource, sys
sys.path.insert(0, {src!r})
PAYLOAD = {payload!r}
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
def load_functions():
    import benchpkg
    funcs = []
    for info in sorted(pkgutil.iter_modules(benchpkg.__path__), key=lambda i: int(i.name.split("_")[1]) if i.name.startswith("tools_") else -1):
        if info.name.startswith("tools_"):
            module = importlib.import_module("benchpkg." + info.name)
            funcs += [getattr(module, n) for n in sorted(dir(module), key=lambda n: (len(n), n)) if n.startswith("tool_")]
    return funcs
"""


def prepare(root: Path, tools: int) -> Path:
    """The workload with its generated module in place and compiled, as an installed wheel would have it."""
    from hatch_toolschema.config import Config
    from hatch_toolschema.pipeline import generate
    from hatch_toolschema.pyliteral import assignment

    modules = max(1, min(10, tools // 10))
    project = write_workload(root, tools, modules)
    generation = generate(project, Config(include=("benchpkg.tools_*:tool_*",)), ["src/benchpkg"])
    (generated,) = generation.packages
    package = project / "src" / "benchpkg"
    for name, text in generated.files().items():
        (package / name).write_text(text, encoding="utf-8")
    sys.path.insert(0, str(project / "src"))
    try:
        from benchpkg._tool_schemas import openai_tools

        payload = openai_tools()
        (package / "_plain_literal.py").write_text(assignment("TOOLS", payload) + "\n", encoding="utf-8")
        (project / "payload.marshal").write_bytes(marshal.dumps(payload))
        (project / "payload.json").write_text(json.dumps(payload), encoding="utf-8")
    finally:
        sys.path.remove(str(project / "src"))
        for module in [m for m in sys.modules if m == "benchpkg" or m.startswith("benchpkg.")]:
            del sys.modules[module]
    compileall.compile_dir(str(project / "src"), quiet=1)
    return project / "src"


def run(snippet: str, src: Path) -> dict[str, float]:
    code = PRELUDE.format(src=str(src), payload=str(src.parent / "payload")) + SNIPPETS[snippet]
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(tools: int, repeats: int, snippets: list[str]) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        src = prepare(Path(tmp), tools)
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in snippets}
        for round_ in range(repeats):  # alternate the contenders, each in a fresh process, rotating who goes first
            shift = round_ % len(snippets)
            for name in snippets[shift:] + snippets[:shift]:
                samples[name].append(run(name, src))
        result = {name: {key: statistics.median(s[key] for s in runs) for key in runs[0]} for name, runs in samples.items()}
        for name, runs in samples.items():  # the spread too: this machine's timings are noisy
            totals = [s["total"] for s in runs if "total" in s]
            if len(totals) > 1:
                quartiles = statistics.quantiles(totals, n=4)
                result[name]["q1"], result[name]["q3"] = quartiles[0], quartiles[2]
        return result


def table(tools: int, repeats: int) -> None:
    r = measure(tools, repeats, list(SNIPPETS))
    ours = r["ours"]["total"]
    print(f"{tools} tools, medians of {repeats} fresh processes each, interquartile range in brackets (ms):\n")
    print("| path | library import | schemas for all tools | total | ours is faster by |")
    print("|---|---:|---:|---:|---:|")
    spread = f" ({r['ours']['q1']:.1f}–{r['ours']['q3']:.1f})"
    print(f"| **hatch-toolschema**: import `_tool_schemas` + `openai_tools()` | - | - | **{ours:.1f}**{spread} | |")
    anthropic, strict, plain = r["ours_anthropic"], r["ours_strict"], r["plain_literal"]
    print(f"| hatch-toolschema: import + `anthropic_tools()` | - | - | {anthropic['total']:.1f} ({anthropic['q1']:.1f}–{anthropic['q3']:.1f}) | |")
    print(f"| hatch-toolschema: import + `openai_tools(strict=True)` | - | - | {strict['total']:.1f} ({strict['q1']:.1f}–{strict['q3']:.1f}) | |")
    for name, label in (("plain_literal", "reference: the same OpenAI payload as one plain dict literal"),
                        ("marshal_floor", "floor: `marshal.loads` of the same payload, read from a file"),
                        ("json_loads", "reference: `json.loads` of the same payload, read from a file")):  # fmt: skip
        row = r[name]
        print(f"| {label} | - | - | {row['total']:.1f} ({row['q1']:.1f}–{row['q3']:.1f}) | {row['total'] / ours:.2f}× |")
    for name, label in (("smolagents", "smolagents `@tool` + `get_tool_json_schema`"),
                        ("langchain", "LangChain `@tool(parse_docstring=True)` + `convert_to_openai_tool`"),
                        ("agents", "OpenAI Agents SDK `@function_tool`"),
                        ("pydantic_ai", "pydantic-ai `Tool`"),
                        ("anthropic", "anthropic SDK `@beta_tool`")):  # fmt: skip
        row = r[name]
        print(f"| {label} | {row['import']:.0f} | {row['tools']:.0f} | {row['total']:.0f} | {row['total'] / ours:.0f}× |")
    print("\nAdapters, excluding the library's import (ms):\n")
    print("| objects | ours (from frozen schemas) | the library's own decorator | ratio |")
    print("|---|---:|---:|---:|")
    for ours_key, peer, label in (("ours_langchain", "langchain", "LangChain `StructuredTool`"),
                                  ("ours_smolagents", "smolagents", "smolagents `Tool`"),
                                  ("ours_agents", "agents", "Agents SDK `FunctionTool`"),
                                  ("ours_pydantic_ai", "pydantic_ai", "pydantic-ai `Tool`"),
                                  ("ours_anthropic_runnable", "anthropic", "anthropic SDK tool-runner tools")):  # fmt: skip
        mine, theirs = r[ours_key]["tools"], r[peer]["tools"]
        print(f"| {label} | {mine:.1f} | {theirs:.0f} | {theirs / mine:.1f}× |")
    fault = page_fault_microseconds()
    print(
        f"\nMemory touched for the first time: {r['ours']['faults']:.0f} minor page faults for our path, "
        f"{plain['faults']:.0f} for the plain literal, {r['marshal_floor']['faults']:.0f} for the floor; "
        f"a page fault costs {fault:.1f} µs on this machine, "
        f"so {r['ours']['faults'] * fault / 1e3:.1f} ms of our {ours:.1f} ms."
    )


def scaling(counts: list[int], repeats: int, plot: Path | None) -> None:
    rows = {count: measure(count, repeats, ["ours", "smolagents", "langchain"]) for count in counts}
    print("| tools | hatch-toolschema | smolagents | LangChain |")
    print("|---:|---:|---:|---:|")
    for count, r in rows.items():
        print(f"| {count} | {r['ours']['total']:.1f} | {r['smolagents']['total']:.0f} | {r['langchain']['total']:.0f} |")
    if plot is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4.2))
        for key, label in (("ours", "hatch-toolschema (frozen)"), ("smolagents", "smolagents"), ("langchain", "LangChain")):
            ax.plot(counts, [rows[c][key]["total"] for c in counts], marker="o", label=label)
        ax.set(xscale="log", yscale="log", xlabel="tools", ylabel="start-up to OpenAI tool list (ms, incl. library import)")
        ax.set_title("Time to get tool schemas in a fresh process")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(plot, dpi=110)
        print(f"\nplot written to {plot}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--scaling", default="", help="comma-separated tool counts, e.g. 10,100,1000,5000")
    parser.add_argument("--plot", type=Path, help="with --scaling: write a PNG plot here")
    args = parser.parse_args()
    if args.scaling:
        scaling([int(c) for c in args.scaling.split(",")], args.repeats, args.plot)
    else:
        table(args.tools, args.repeats)
