# The frozen model to file contents: tools.json, and _tool_schemas.py through Jinja2 (black-clean by construction).
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from . import __version__
from .dialects import smolagents_dialect
from .model import PackageSpec, ToolSpec
from .pyliteral import assignment

FORMAT = "hatch-toolschema/1"
MODULE_NAME = "_tool_schemas"


def tool_data(spec: ToolSpec) -> dict[str, Any]:
    """One entry of `TOOLS`/`tools.json`: the contract's keys, then the adapters' frozen payloads."""
    data = spec.as_json()
    data["smolagents"] = smolagents_dialect(spec)
    return data


def document(package: PackageSpec) -> dict[str, Any]:
    """The `tools.json` document; `TOOLS` is its `tools` list."""
    return {"format": FORMAT, "package": package.import_name, "tools": [tool_data(t) for t in package.tools]}


def tools_json(doc: dict[str, Any]) -> str:
    """`tools.json`: one tool per line (diff-friendly, and json's fast C encoder); deterministic."""
    head = json.dumps({"format": doc["format"], "package": doc["package"]}, ensure_ascii=False)
    lines = [json.dumps(tool, ensure_ascii=False) for tool in doc["tools"]]
    text = head[:-1] + ', "tools": [\n' + ",\n".join(lines) + "\n]}\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: only an ASCII escape keeps them exact
        return json.dumps(doc, ensure_ascii=True) + "\n"
    return text


def _templates_dir() -> Path:
    installed = Path(__file__).parent / "templates"  # force-included into the wheel
    return installed if installed.is_dir() else Path(__file__).parent.parent / "templates"


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_templates_dir())),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


@lru_cache(maxsize=8)
def _module_code(import_name: str) -> str:
    """The module's code around a placeholder `TOOLS = []`.

    The template is written black-clean and only the package name varies, in places black does not
    reflow; the tests run black over modules for short, long and dotted names. Running black here
    would cost more than the rest of the hook for a large package.
    """
    if not all(part.isidentifier() for part in import_name.split(".")):
        raise ValueError(f"not an importable package name: {import_name!r}")
    return _environment().get_template(f"{MODULE_NAME}.py.j2").render(
        version=__version__,
        package=import_name,
        package_assignment=assignment("PACKAGE", import_name),
        tools_assignment="TOOLS = []",
    )


def module_source(doc: dict[str, Any]) -> str:
    """`_tool_schemas.py`: black-clean code with `TOOLS` as literal data, checked to compile."""
    code = _module_code(doc["package"])
    head, marker, tail = code.partition("\nTOOLS = []\n")
    if not marker:
        raise RuntimeError("the module template lost its `TOOLS` placeholder")
    source = f"{head}\n{assignment('TOOLS', doc['tools'])}\n{tail}"
    compile(source, f"{doc['package']}/{MODULE_NAME}.py", "exec")
    return source
