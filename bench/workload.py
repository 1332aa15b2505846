"""Generates benchmark packages: N tools with five typed parameters and Google docstrings, over M modules."""
from __future__ import annotations

import argparse
import mmap
import resource
import textwrap
import time
from pathlib import Path

TOOL = '''
def {name}(city: str, days: int = 3, unit: Literal["c", "f"] = "c", tags: Optional[List[str]] = None, limit: float = 1.5) -> Dict[str, float]:
    """Tool number {index}: get the forecast for a city.

    Args:
        city: The city name for tool {index}.
        days: How many days ahead, for tool {index}.
        unit: The temperature unit for tool {index}.
        tags: Optional labels to filter by, for tool {index}.
        limit: The largest value tool {index} reports.

    Returns:
        The forecast of tool {index}, by day.
    """
    return {{"day": float(days)}}
'''

HEADER = "from typing import Dict, List, Literal, Optional\n"


def page_fault_microseconds(megabytes: int = 16) -> float:
    """What a first touch of a page of memory costs here: much of a fresh process's time, and it varies by machine."""
    size = megabytes << 20
    memory = mmap.mmap(-1, size)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    start = time.perf_counter()
    for offset in range(0, size, mmap.PAGESIZE):
        memory[offset] = 1
    elapsed = time.perf_counter() - start
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    memory.close()
    return elapsed * 1e6 / max(faults, 1)


def write_workload(root: Path, tools: int, modules: int = 10, name: str = "benchpkg") -> Path:
    """A hatchling project at `root` with `tools` tool functions spread over `modules` modules."""
    package = root / "src" / name
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    per_module = max(1, -(-tools // modules))
    for module_index in range(modules):
        start, stop = module_index * per_module, min(tools, (module_index + 1) * per_module)
        if start >= stop:
            break
        body = "".join(TOOL.format(name=f"tool_{i}", index=i) for i in range(start, stop))
        (package / f"tools_{module_index}.py").write_text(HEADER + body)
    (root / "pyproject.toml").write_text(textwrap.dedent(f'''\
        [build-system]
        requires = ["hatchling>=1.22.5", "hatch-toolschema"]
        build-backend = "hatchling.build"

        [project]
        name = "{name}"
        version = "0.1.0"
        dynamic = ["entry-points"]

        [tool.hatch.metadata.hooks.toolschema]

        [tool.hatch.build.hooks.toolschema]
        include = ["{name}.tools_*:tool_*"]
    '''))
    return root


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path)
    parser.add_argument("--tools", type=int, default=1000)
    parser.add_argument("--modules", type=int, default=10)
    args = parser.parse_args()
    write_workload(args.root, args.tools, args.modules)
