# The frozen model to file contents: tools.json, and _tool_schemas.py through Jinja2 (black-clean by construction).
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from . import __version__
from .config import MODULE_NAME
from .dialects import smolagents_dialect
from .model import PackageSpec, ToolSpec
from .parallel import Background
from .pyliteral import INDENT, assignment, joined_list, list_items, statement

if TYPE_CHECKING:
    import jinja2

FORMAT = "hatch-toolschema/1"
PARALLEL_MINIMUM = 50  # tools: below this, printing the module in a child costs more than it saves
# Of the model-facing data of a larger package, the share (the first tools) printed and checked here once the rest of
# the module is done (Jinja2's import and compiling the template are most of that), while a child prints the rest:
# the two are done at about the same time in a real build.
CORE_SHARE_HERE = 0.2
_TAIL_NOTE = "# the last tools' shared parts, printed apart from the first ones' at build time"
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
    """`tools.json`: one tool per line (diff-friendly, and json's fast C encoder); deterministic."""
    head = json.dumps({"format": doc["format"], "package": doc["package"]}, ensure_ascii=False)
    lines = [json.dumps(tool, ensure_ascii=False) for tool in doc["tools"]]
    text = head[:-1] + ', "tools": [\n' + ",\n".join(lines) + "\n]"
    if "classes" in doc:
        text += ', "classes": [\n' + ",\n".join(json.dumps(c, ensure_ascii=False) for c in doc["classes"]) + "\n]"
    text += "}\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: only an ASCII escape keeps them exact
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


def package_files(doc: dict[str, Any]) -> tuple[str, str]:
    """The texts of `_tool_schemas.py` and of `tools.json`.

    `_tool_schemas.py` is black-clean code with the tools as literal data, checked to compile.

    The template is written black-clean and only literals vary; the tests run black over modules for
    short, long and dotted package names. Running black here would cost more than the rest of the hook.

    The model-facing data is most of the module. From `PARALLEL_MINIMUM` tools on, it is printed in two parts,
    each list item on its own line as black splits a long list: a forked child (where that is safe) prints and
    compile-checks the last tools while this process writes `tools.json`, prints the rest of the module and
    compiles it with a stub in place of the data, then prints and checks the first tools. A function body that
    compiles on its own compiles in the template too, so the checks together are the check of the whole module.
    """
    import_name = doc["package"]
    if not all(part.isidentifier() for part in import_name.split(".")):
        raise ValueError(f"not an importable package name: {import_name!r}")
    filename = f"{import_name}/{MODULE_NAME}.py"
    core = [[t["name"], t["description"], t["parameters"]] for t in doc["tools"]]
    rest = [{k: v for k, v in t.items() if k not in _CORE_KEYS} for t in doc["tools"]]
    split = len(core) >= max(PARALLEL_MINIMUM, 2)
    cut = int(len(core) * CORE_SHARE_HERE)
    with Background(lambda: _checked_items(core[cut:], "t", filename), split) as tail_job:
        json_text = tools_json(doc)
        parts = {
            "version": __version__,
            "package": import_name,
            "package_assignment": assignment("PACKAGE", import_name),
            "rest_statement": statement("return ", rest, depth=1, share=True),
            "classes_statement": statement("return ", doc.get("classes", []), depth=1),
        }
        template = _environment().get_template(f"{MODULE_NAME}.py.j2")
        compile(template.render(parts, core_statement=f"{INDENT}return []"), filename, "exec")
        if split:
            head = _checked_items(core[:cut], "s", filename)  # while the child prints the rest
            tail_definitions, tail_items = tail_job.result()
            if tail_definitions:  # a reader may wonder why `t0` repeats `s0`
                tail_definitions = f"{INDENT}{_TAIL_NOTE}\n{tail_definitions}"
            body = joined_list("return ", [head, (tail_definitions, tail_items)], 1)
        else:
            body = statement("return ", core, depth=1, share=True)
            _check_body(body, filename)
        return template.render(parts, core_statement=body), json_text


def _checked_items(values: list[Any], share_as: str, filename: str) -> tuple[str, str]:
    """`list_items` of part of the model-facing data, checked to compile as the body of a function in the module:
    parts that each compile as `return [<items>]` after their definitions compile joined too."""
    printed = list_items(values, 1, share_as)
    _check_body(joined_list("return ", [printed], 1), filename)
    return printed


def _check_body(body: str, filename: str) -> None:
    compile(f"def _model_facing():\n{body}\n", filename, "exec")
