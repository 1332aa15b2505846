# The frozen model to file contents: tools.json, and _tool_schemas.py through Jinja2 (black-clean by construction).
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from . import __version__
from .config import MODULE_NAME
from .dialects import smolagents_dialect
from .model import PackageSpec, ToolSpec
from .parallel import Background
from .pyliteral import INDENT, Items, assignment, joined_list, list_items, statement

if TYPE_CHECKING:
    import jinja2

FORMAT = "hatch-toolschema/1"
PARALLEL_MINIMUM = 50  # tools: below this, printing the module in a child costs more than it saves
# Of the model-facing data of a larger package, the share (the first tools) printed and checked here once the rest of
# the module is done (Jinja2's import and compiling the template are most of that), while a child prints the rest:
# the two are done at about the same time in a real build.
CORE_SHARE_HERE = 0.2
CHECK_CHUNK = 16_000  # characters of the data's source compiled at a time, to check it
_TAIL_NOTE = "# the last tools' shared parts, printed apart from the first ones' at build time"
_SURROGATE = re.compile("[\ud800-\udfff]")
_CORE_KEYS = ("name", "description", "parameters")  # what the model sees; the module builds it first


def tool_data(spec: ToolSpec) -> dict[str, Any]:
    """One entry of `TOOLS`/`tools.json`: the contract's keys, then the adapters' frozen payloads."""
    data = spec.as_json()
    data["smolagents"] = smolagents_dialect(spec)
    return data


def document(package: PackageSpec) -> dict[str, Any]:
    """The `tools.json` document; `TOOLS` is its `tools` list, `CLASSES` its `classes` list."""
    doc: dict[str, Any] = {"format": FORMAT, "package": package.import_name}
    doc["tools"] = [tool_data(t) for t in package.tools]
    if package.classes:
        doc["classes"] = [c.as_json() for c in package.classes]
    return doc


def tools_json(doc: dict[str, Any]) -> str:
    """`tools.json`: one tool per line (diff-friendly, and json's fast C encoder); deterministic.

    Built with one join: each copy of a megabyte of text is fresh memory to touch, which costs more than copying.
    """
    head = json.dumps({"format": doc["format"], "package": doc["package"]}, ensure_ascii=False)
    pieces = [head[:-1]]
    for key in ("tools", "classes"):
        if key in doc:
            entries = ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in doc[key])
            pieces += [f', "{key}": [\n', entries, "\n]"]
    pieces.append("}\n")
    text = "".join(pieces)
    if not text.isascii() and _SURROGATE.search(text):  # UTF-8 cannot hold them: only an ASCII escape keeps them exact
        return json.dumps(doc, ensure_ascii=True) + "\n"
    return text


def combined_json(texts: Sequence[str]) -> str:
    """Several packages' `tools.json` as one text: the document itself for one package, a JSON list for more."""
    bodies = [text.strip() for text in texts]
    return (bodies[0] if len(bodies) == 1 else "[\n" + ",\n".join(bodies) + "\n]") + "\n"


def _templates_dir() -> Path:
    installed = Path(__file__).parent / "templates"  # force-included into the wheel
    return installed if installed.is_dir() else Path(__file__).parent.parent / "templates"


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    # Imported here, first while a child prints the module's data: off the build's critical path.
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_templates_dir())),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def package_files(package: PackageSpec) -> tuple[str, str]:
    """The texts of `_tool_schemas.py` and of `tools.json`.

    `_tool_schemas.py` is black-clean code with the tools as literal data, checked to compile.

    The template is written black-clean and only literals vary; the tests run black over modules for
    short, long and dotted package names. Running black here would cost more than the rest of the hook.

    The model-facing data is most of the module. From `PARALLEL_MINIMUM` tools on, it is printed in two parts,
    each list item on its own line as black splits a long list: a forked child (where that is safe) prints and
    compile-checks the last tools (making their entries itself, to start at once) while this process makes every
    entry and writes `tools.json`, prints and checks the rest of each tool's entry, compiles the template with stubs
    in place of the data, then prints and checks the first tools. A function body that compiles on its own compiles
    in the template too, so the checks together are the check of the whole module.
    """
    import_name = package.import_name
    if not all(part.isidentifier() for part in import_name.split(".")):
        raise ValueError(f"not an importable package name: {import_name!r}")
    filename = f"{import_name}/{MODULE_NAME}.py"
    split = len(package.tools) >= max(PARALLEL_MINIMUM, 2)
    cut = int(len(package.tools) * CORE_SHARE_HERE)
    tail = package.tools[cut:]
    with Background(lambda: _checked_items([_core(tool_data(t)) for t in tail], "t", filename), split) as tail_job:
        doc = document(package)
        core = [_core(t) for t in doc["tools"]]
        rest = [{k: v for k, v in t.items() if k not in _CORE_KEYS} for t in doc["tools"]]
        json_text = tools_json(doc)
        rest_body = _data_body(rest, filename, split)
        parts = {
            "version": __version__,
            "package": import_name,
            "package_assignment": assignment("PACKAGE", import_name),
            "classes_statement": statement("return ", doc.get("classes", []), depth=1),
        }
        template = _environment().get_template(f"{MODULE_NAME}.py.j2")
        stub = f"{INDENT}return []"
        compile(template.render(parts, core_statement=stub, rest_statement=stub), filename, "exec")
        if split:
            head = _checked_items(core[:cut], "s", filename)  # while the child prints the rest
            tail_definitions, tail_items = tail_job.result()
            if tail_definitions:  # a reader may wonder why `t0` repeats `s0`
                tail_definitions = f"{INDENT}{_TAIL_NOTE}\n{tail_definitions}"
            core_body = joined_list("return ", [head, (tail_definitions, tail_items)], 1)
        else:
            core_body = _data_body(core, filename, large=False)
        return template.render(parts, core_statement=core_body, rest_statement=rest_body), json_text


def _core(tool: dict[str, Any]) -> list[Any]:
    """What the model sees of a tool, in the order the module's `_model_facing` lists it."""
    return [tool[key] for key in _CORE_KEYS]


def _data_body(values: list[Any], filename: str, large: bool) -> str:
    """`return [...]` for a data function of the module, after the containers it shares, checked to compile.
    A large list (`PARALLEL_MINIMUM` items, each more than a line's worth) is split one item a line."""
    if large:
        return joined_list("return ", [_checked_items(values, "s", filename)], 1)
    body = statement("return ", values, depth=1, share=True)
    _check_body(body, filename)
    return body


def _checked_items(values: list[Any], share_as: str, filename: str) -> Items:
    """`list_items` of data for a function of the module, checked to compile as its body a chunk of items at a time:
    `return [<items>]`, after the definitions with the first chunk.

    Items that compile in chunks compile joined (each is a whole expression, with its comma), and so do parts
    that compile on their own: the checks together are the check of the whole list. One compile of a megabyte of
    source touches ten times that in fresh memory, whose pages cost more than the compiling itself.
    """
    definitions, items = list_items(values, 1, share_as)
    first, chunk, size = definitions, [], 0
    for index, item in enumerate(items):
        chunk.append(item)
        size += len(item)
        if size >= CHECK_CHUNK or index == len(items) - 1:
            _check_body(joined_list("return ", [(first, chunk)], 1), filename)
            first, chunk, size = "", [], 0
    return definitions, items


def _check_body(body: str, filename: str) -> None:
    compile(f"def _data():\n{body}\n", filename, "exec")
