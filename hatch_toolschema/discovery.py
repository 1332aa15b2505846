# Host side: find every installed tool package; standard library only, so hosts may copy this file.
"""Discover the LLM tools of installed packages through their `agent_tools` entry points.

`installed_tools()` reads each package's `.dist-info/extra_metadata/tools.json` and imports
nothing. `load_module()` imports one package's generated `_tool_schemas` module, for its adapters
(`openai_tools()`, `langchain_tools()`, `call()`, ...).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
from types import ModuleType
from typing import Any, Iterator

GROUP = "agent_tools"


def installed_documents(group: str = GROUP) -> Iterator[dict[str, Any]]:
    """Each installed tool package's `tools.json` document, read from its dist-info; nothing is imported."""
    seen: set[str] = set()
    for entry_point in importlib.metadata.entry_points(group=group):
        dist = entry_point.dist
        key = f"{dist.name}=={dist.version}" if dist is not None else entry_point.value
        if dist is None or key in seen:
            continue
        seen.add(key)
        text = dist.read_text("extra_metadata/tools.json")
        if text is None:
            continue
        data = json.loads(text)
        yield from data if isinstance(data, list) else [data]


def installed_tools(group: str = GROUP) -> Iterator[tuple[str, dict[str, Any]]]:
    """`(package, tool)` for every tool of every installed tool package, importing none of them."""
    for document in installed_documents(group):
        for tool in document["tools"]:
            yield document["package"], tool


def load_module(package: str, group: str = GROUP) -> ModuleType:
    """The generated `_tool_schemas` module of one installed package, with its adapters."""
    for entry_point in importlib.metadata.entry_points(group=group):
        if entry_point.name == package:
            return importlib.import_module(entry_point.module)
    raise LookupError(f"no installed package advertises {package!r} in the {group!r} entry-point group")
