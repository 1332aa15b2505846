# A build plugin in everyone's release pipeline: no execution, exact errors, nothing left behind, every layout.
from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from hatch_toolschema.cli import main as cli
from hatch_toolschema.config import Config
from hatch_toolschema.pipeline import generate
from conftest import (build_wheel, child_venv, copy_example, importable, load_module, messages, run, scan_source,
                      tools_of, wheel_files, write_project)  # fmt: skip

TOOL = '''
def ping(host: str) -> bool:
    """Ping a host.

    Args:
        host: The host.
    """
    return True
'''


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# -- no execution -------------------------------------------------------------------------------------


def test_scan_does_not_import_compiled_modules_side_effect_modules_or_raising_init(tmp_path: Path) -> None:
    sentinel = tmp_path / "SENTINEL"
    marker = f"open({str(sentinel)!r}, 'a').write(__name__)\n"
    project = write_project(
        tmp_path / "p",
        {
            "demo/__init__.py": marker + "raise RuntimeError('imported')\n",
            "demo/effects.py": marker + "import sys\nsys.exit(3)\n" + TOOL,
            "demo/sub/__init__.py": marker,
            "demo/sub/tools.py": marker + TOOL.replace("ping", "pong"),
        },
        hook='include = ["demo.*:*"]',
    )
    # a compiled extension module: importing it would load it; its bytes are not even valid
    (project / "demo" / f"fast{'.cpython-311-x86_64-linux-gnu'}.so").write_bytes(b"\x7fELF not really")
    (project / "demo" / "fast.pyd").write_bytes(b"MZ not really")
    wheel = build_wheel(project, tmp_path / "dist")
    assert not sentinel.exists()
    names = [t["name"] for t in json.loads(wheel_files(wheel)["demo/tools.json"])["tools"]]
    assert names == ["ping", "pong"]


# -- exact errors, and nothing left behind ---------------------------------------------------------------


def _failing_build(tmp_path: Path, files: dict[str, str], hook: str, capsys: pytest.CaptureFixture[str]) -> str:
    project = write_project(tmp_path / "p", files, hook=hook)
    before_tree, scratch = _tree(project), tmp_path / "tmp"
    scratch.mkdir()
    with pytest.MonkeyPatch.context() as patch, pytest.raises(SystemExit) as stopped:
        patch.setattr(tempfile, "tempdir", str(scratch))  # this build's own: other test workers build meanwhile
        build_wheel(project, tmp_path / "dist")
    assert stopped.value.code == 1
    assert _tree(project) == before_tree, "a failed build changed the source tree"
    assert not list(scratch.glob("hatch-toolschema-*")), "a failed build left a temporary directory"
    assert not list((tmp_path / "dist").glob("*.whl"))
    return capsys.readouterr().err


def test_syntax_error_fails_with_path_line_col(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _failing_build(tmp_path, {"demo/__init__.py": "", "demo/tools.py": TOOL + "\ndef broken(:\n    pass\n"}, 'include = ["demo.tools:*"]', capsys)
    assert "demo/tools.py:10:12: error: syntax error: invalid syntax" in err
    assert "hatch-toolschema: 1 problem(s) stop the build" in err
    assert "Traceback" not in err


def test_a_package_without_tools_is_warned_about(tmp_path: Path) -> None:
    project = write_project(tmp_path / "p", {"demo/__init__.py": "", "demo/tools.py": TOOL})
    generation = generate(project, Config(), ["demo"])
    assert messages(generation) == [
        "demo/__init__.py:1:1: warning: no tools found in `demo`: decorate functions with `@tool` or name them in `include`"
    ]


def test_folders_without_init_are_namespace_subpackages(tmp_path: Path) -> None:
    """A folder without `__init__.py` inside the package is a namespace subpackage, whose modules Python imports
    (`demo.sub.kinds`): they are scanned, and names lead into them. A file there that does not parse is often no
    module (a template, a script) and is skipped; so is a folder whose name no import can spell."""
    tool = "def tool(function):\n    return function\n"
    decorated = "from demo.marks import tool\n\n\n@tool\ndef {name}() -> int:\n    '''{name}.'''\n    return 1\n"
    files = {
        "demo/__init__.py": "from . import sub\n",  # binds `demo.sub` to the namespace subpackage
        "demo/marks.py": tool,
        "demo/tools.py": "from demo.sub.kinds import Color\n\n\ndef paint(color: Color) -> None:\n    '''Paint.'''\n",
        "demo/sub/kinds.py": "import enum\n\n\nclass Color(enum.Enum):\n    RED = 'red'\n\n\n"
        + decorated.format(name="mix"),
        "demo/sub/deeper/__init__.py": decorated.format(name="deep"),  # a regular package inside a namespace one
        "demo/a/b/c.py": decorated.format(name="nested"),
        "demo/templates/page.py": "{% for x in items %}{{ x }}{% endfor %}\n",  # a template, not a module
        "demo/scripts/broken.py": "def broken(:\n",
        "demo/my-data/x.py": decorated.format(name="unimportable"),
        "demo/class/x.py": decorated.format(name="keyword"),
    }
    project = write_project(tmp_path / "p", files, hook='include = ["demo.tools:*"]')
    generation = generate(project, Config(include=("demo.tools:*",)), ["demo"])
    assert messages(generation) == []
    tools = tools_of(generation)
    callables = {name: t["callable"] for name, t in tools.items()}
    assert callables == {"paint": "demo.tools:paint", "mix": "demo.sub.kinds:mix", "deep": "demo.sub.deeper:deep",
                         "nested": "demo.a.b.c:nested"}  # fmt: skip
    assert tools["paint"]["parameters"]["$defs"] == {"Color": {"enum": ["red"], "type": "string"}}
    code = "import importlib, sys\nfor target in sys.argv[1:]:\n    module, name = target.split(':')\n"
    code += "    assert getattr(importlib.import_module(module), name).__name__ == name\n"
    run(sys.executable, "-c", code, *callables.values(), cwd=project)  # as Python imports them
    names = json.loads(wheel_files(build_wheel(project, tmp_path / "dist"))["demo/tools.json"])["tools"]
    assert sorted(t["name"] for t in names) == sorted(callables)


def test_modules_the_wheel_leaves_out_give_no_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A module the wheel target excludes (or `.gitignore` hides, as hatchling reads it) is not in the wheel, so its
    tools could not be imported: none are shipped, and `hatch-toolschema scan` agrees. An editable install imports
    them from the source tree, so it keeps them."""
    decorated = "from langchain_core.tools import tool\n\n\n@tool\ndef {name}(x: int) -> int:\n    '''{name}.'''\n"
    files = {
        "demo/__init__.py": decorated.format(name="kept"),
        "demo/drafts/__init__.py": decorated.format(name="draft"),
        "demo/private.py": decorated.format(name="private"),
        "demo/scratch.py": decorated.format(name="scratch"),
        ".gitignore": "demo/scratch.py\n",
    }
    project = write_project(tmp_path / "p", files)
    with (project / "pyproject.toml").open("a") as pyproject:
        pyproject.write('[tool.hatch.build.targets.wheel]\nexclude = ["demo/drafts", "demo/private.py"]\n')
    contents = wheel_files(build_wheel(project, tmp_path / "dist"))
    assert "demo/private.py" not in contents and "demo/scratch.py" not in contents  # as hatchling ships it
    names = [t["name"] for t in json.loads(contents["demo/tools.json"])["tools"]]
    assert names == ["kept"]
    assert cli(["scan", str(project)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["kept"]
    editable = wheel_files(build_wheel(project, tmp_path / "editable", version="editable"))
    assert "demo/_tool_schemas.py" not in editable  # written into the source tree instead
    editable_names = [t["name"] for t in json.loads((project / "demo" / "tools.json").read_text())["tools"]]
    assert sorted(editable_names) == ["draft", "kept", "private", "scratch"]


def test_a_package_the_wheel_renames_stops_the_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """hatchling's `sources` can ship `demo/` as `renamed/`: the tools would name `demo` modules the wheel does not
    have, and their schemas would land in a `demo/` of their own. A clear error instead; `sources` that only strip a
    prefix (`src/`) are fine, as the other layouts' tests show."""
    files = {"demo/__init__.py": "", "demo/tools.py": TOOL}
    hook = 'include = ["demo.tools:*"]\n\n[tool.hatch.build.targets.wheel.sources]\n"demo" = "renamed"\n'
    err = _failing_build(tmp_path, files, hook, capsys)
    assert "hatch-toolschema: the wheel ships `demo` as `renamed` (the wheel target's `sources`)" in err


def _scanned_and_imported(tmp_path: Path, source: str, tool: str, name: str) -> tuple[Any, dict[str, Any], Any]:
    """`source` scanned as `demo/tools.py`: the generation, the properties of `tool`'s parameters, and what the module
    binds to `name`, imported (for pydantic's schema of the same code)."""
    generation = scan_source(tmp_path, source)
    ours = tools_of(generation)[tool]["parameters"]["properties"]
    with importable(tmp_path / "proj", "demo"):
        return generation, ours, getattr(importlib.import_module("demo.tools"), name)


def _untitled(properties: dict[str, Any]) -> dict[str, Any]:
    return {name: {k: v for k, v in prop.items() if k != "title"} for name, prop in properties.items()}


def test_builtin_classes_pydantic_only_checks_instances_of_leave_a_union(tmp_path: Path) -> None:
    """`Exception`, `range` and the like have no JSON Schema: a union leaves them out, as pydantic does where it takes
    arbitrary types (LangChain's models of functions), and alone one is reported as such, not as unresolved."""
    import inspect
    import typing

    from pydantic import ConfigDict, create_model

    source = (
        "import builtins\nfrom typing import List, Optional, Union\n\n\n"
        "def f(a: Union[str, Exception, None] = None, b: Union[int, List[ValueError]] = 1,\n"
        "      c: Optional[Union[int, builtins.KeyError, range]] = None, d: Exception = None) -> None:\n"
        "    '''F.'''\n"
    )
    generation, ours, f = _scanned_and_imported(tmp_path, source, "f", "f")
    hints = typing.get_type_hints(f)
    fields = {name: (hints[name], p.default) for name, p in inspect.signature(f).parameters.items() if name != "d"}
    model = create_model("F", __config__=ConfigDict(arbitrary_types_allowed=True), **fields)
    assert _untitled(model.model_json_schema()["properties"]) == {name: p for name, p in ours.items() if name != "d"}
    assert ours["d"] == {"default": None}
    alone = "demo/tools.py:6:68: warning: annotation `Exception` has no JSON Schema; its schema is left open (`{}`)"
    assert alone in messages(generation)


def test_a_class_whose_field_pydantic_cannot_write_leaves_a_union(tmp_path: Path) -> None:
    """A model holding a `Callable` has no JSON Schema, and the warning says why. pydantic leaves it out of a union
    where the class is met once; met twice, or holding itself, it is written in `$defs` apart from the union and
    pydantic cannot write the function at all (the conformance suite has the first case): the scan leaves it out."""
    source = (
        "from typing import Callable, List, Optional, Union\n\nfrom pydantic import BaseModel\n\n\n"
        "class Node(BaseModel):\n    children: List['Node'] = []\n    hook: Optional[Callable[[], None]] = None\n\n\n"
        "def f(a: Union[int, Node], b: Union[str, Node, None] = None) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["f"]["parameters"]["properties"] == {
        "a": {"type": "integer"}, "b": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}}
    why = "has no JSON Schema (pydantic writes none for a type among its fields); the union leaves it out"
    assert messages(generation) == [f"demo/tools.py:11:21: warning: `Node` {why}, as pydantic does",
                                    f"demo/tools.py:11:42: warning: `Node` {why}, as pydantic does"]


def test_a_class_body_name_bound_otherwise_is_not_the_modules(tmp_path: Path) -> None:
    """A name a class body binds by a `def` or an import shadows the module's name of it there: such a default, a
    field's or a method's, is reported as unreadable (as the class's attribute), not read as the module's value."""
    source = (
        "from pydantic import BaseModel\n\nlimit = 3\n\n\n"
        "class Options(BaseModel):\n    def limit(self) -> int:\n        return 1\n\n    size: int = limit\n\n\n"
        "class Picker:\n    '''Picker.'''\n\n    def limit(self) -> int:\n        '''Limit.'''\n\n"
        "    @staticmethod\n    def pick(n: int = limit) -> None:\n        '''Pick.'''\n\n\n"
        "def f(a: Options) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["f"]["parameters"]["$defs"]["Options"]["properties"] == {"size": {"type": "integer"}}
    assert tools_of(generation)["Picker_pick"]["parameters"]["properties"] == {"n": {"type": "integer"}}
    assert messages(generation) == [
        "demo/tools.py:10:5: warning: default of `size` is not a value the scan can write as pydantic does; it is "
        "left out of the schema",
        "demo/tools.py:20:23: warning: default of `n` (`Picker.limit`) is not a literal or a constant assigned once "
        "in its module's body; the parameter is optional but its default is not shown",
    ]


def test_a_constant_changed_in_place_is_reported(tmp_path: Path) -> None:
    """A constant changed in place otherwise than by its own module's body building up a list or dict (`LIMITS["b"]
    = 2` in a function, `OPTIONS.timeout = 5`, `consts.BASE.extend(...)` in the module that reads it, a set's `add`)
    does not hold what its assignment says: its default is reported with the change, not shown as assigned. A
    constant whose copy is changed keeps its default; `ITEMS.append(3)` in its module's body is followed."""
    consts = "BASE = [1]\nKEPT = [1]\nOWN = {'a'}\nOWN.add('b')\n"
    source = (
        "import dataclasses\nfrom typing import Dict, List, Set\n\nfrom pydantic import BaseModel\n\n"
        "from . import consts\nfrom .consts import OWN\n\n\n"
        "@dataclasses.dataclass\nclass Options:\n    timeout: int = 1\n\n\n"
        "ITEMS = [1, 2]\nITEMS.append(3)\nLIMITS = {'a': 1}\nOPTIONS = Options()\nOPTIONS.timeout = 5\n"
        "COPIED = [1]\nCOPY = [2]\nconsts.BASE.extend([2])\n\n\n"
        "def _later() -> None:\n    LIMITS['b'] = 2\n    copy = list(COPIED)\n    copy.append(2)\n\n\n"
        "class Holder(BaseModel):\n    limits: Dict[str, int] = LIMITS\n    copied: List[int] = COPIED\n\n\n"
        "def f(a: Holder, items: List[int] = ITEMS, options: Options = OPTIONS, base: List[int] = consts.BASE,\n"
        "      kept: List[int] = consts.KEPT, own: Set[str] = OWN) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source, {"consts": consts})
    parameters = tools_of(generation)["f"]["parameters"]
    assert parameters["$defs"]["Holder"]["properties"] == {
        "limits": {"type": "object", "additionalProperties": {"type": "integer"}},
        "copied": {"type": "array", "items": {"type": "integer"}, "default": [1]}}
    assert {name: "default" in schema for name, schema in parameters["properties"].items()} == {
        "a": False, "items": True, "options": False, "base": False, "kept": True, "own": False}
    assert parameters["properties"]["items"]["default"] == [1, 2, 3]
    changed = "is changed in place after its assignment, by"
    shown = "the parameter is optional but its default is not shown"
    assert messages(generation) == [
        f"demo/tools.py:32:5: warning: default of `limits` {changed} `LIMITS['b'] = 2` (demo/tools.py:26); it is left "
        "out of the schema",
        f"demo/tools.py:36:63: warning: default of `options` (`OPTIONS`) {changed} `OPTIONS.timeout = 5` "
        f"(demo/tools.py:19); {shown}",
        f"demo/tools.py:36:90: warning: default of `base` (`consts.BASE`) {changed} `consts.BASE.extend([2])` "
        f"(demo/tools.py:22); {shown}",
        f"demo/tools.py:37:54: warning: default of `own` (`OWN`) {changed} `OWN.add('b')` (demo/consts.py:4); {shown}",
    ]


def _subjects(found: list[str]) -> list[str]:
    """What each warning is about, as its text starts (`default of `a``), without where it is or why."""
    return [message.split(": warning: ")[1].split(" (")[0] for message in found]


def test_a_constant_built_up_by_its_modules_body_is_read_as_python_builds_it(tmp_path: Path) -> None:
    """A list or dict constant that its module's own body builds up after assigning it (a copy of another first) is
    read as Python builds it, each change in order: `append`, `extend`, `insert`, `remove`, `update`, `setdefault`,
    `pop`, an item assigned or deleted. pydantic shows what the module holds once it is imported."""
    from conftest import importable

    source = (
        "from typing import Dict, List\n\n"
        "BASE = ['a', 'b']\nNAMES = BASE.copy()\nNAMES.extend(['c', 'd'])\nNAMES.insert(0, 'z')\nNAMES.remove('b')\n"
        "LIMITS = {'a': 1, 'b': 2}\nLIMITS['c'] = 3\ndel LIMITS['a']\nLIMITS.update({'d': 4})\n"
        "LIMITS.setdefault('b', 9)\nLIMITS.pop('d')\nROWS = [[1]]\nROWS[0].append(2)\n\n\n"
        "def tool(names: List[str] = NAMES, base: List[str] = BASE, limits: Dict[str, int] = LIMITS,\n"
        "         rows: List[List[int]] = ROWS) -> None:\n    '''T.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert _subjects(messages(generation)) == ["default of `rows`"]
    properties = tools_of(generation)["tool"]["parameters"]["properties"]
    assert "default" not in properties.pop("rows")  # an item's change (`ROWS[0].append(2)`): reported, not followed
    assert {name: schema["default"] for name, schema in properties.items()} == {
        "names": ["z", "a", "c", "d"], "base": ["a", "b"], "limits": {"b": 2, "c": 3}}
    with importable(tmp_path / "proj", "demo"):
        import demo.tools as module

        assert (module.NAMES, module.BASE, module.LIMITS) == (["z", "a", "c", "d"], ["a", "b"], {"b": 2, "c": 3})


def test_a_records_truth_is_not_guessed(tmp_path: Path) -> None:
    """`and`/`or` give the operand that decides, as Python does (`"" or "named"`), but a record instance's truth is
    its class's to say, not its dump's (an empty model's dump is an empty dict, which is false; the instance is
    true): such a default is reported, not read as the other operand."""
    source = (
        "from pydantic import BaseModel\n\n\nclass Empty(BaseModel):\n    pass\n\n\n"
        "PICKED = Empty() or 'fallback'\nNAME = '' or 'named'\nBOTH = 'a' and 0\n\n\n"
        "def tool(a: object = PICKED, b: str = NAME, c: int = BOTH) -> None:\n    '''T.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["tool"]["parameters"]["properties"] == {
        "a": {}, "b": {"type": "string", "default": "named"}, "c": {"type": "integer", "default": 0}}
    assert _subjects(messages(generation)) == ["default of `a`"]


def test_a_default_from_a_function_that_calls_itself_is_reported(tmp_path: Path) -> None:
    """A default that a function of the package returns is read (the conformance suite has `_label("tag")`), but
    not through a function that calls itself, directly or through another, however its recursion ends: reported,
    and the scan goes on."""
    source = (
        "def _loop(n):\n    y = _again(n)\n    return y\n\n\n"
        "def _again(n):\n    y = _loop(n)\n    return y\n\n\n"
        "def _deep(n):\n    if n == 0:\n        return 'x'\n    return _deep(n - 1) + 'x'\n\n\n"
        "def _plain(n):\n    return 'x' * n\n\n\n"
        "def tool(a: str = _loop(1), b: str = _deep(3), c: str = _plain(3)) -> None:\n    '''T.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["tool"]["parameters"]["properties"] == {
        "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string", "default": "xxx"}}
    assert _subjects(messages(generation)) == ["default of `a`", "default of `b`"]


def test_a_flag_iterated_is_reported(tmp_path: Path) -> None:
    """`list(SomeEnum)` is its members (the conformance suite has it); a `Flag`'s iteration leaves out its members
    of more than one bit from Python 3.11 on, and not before: its default is reported, not guessed."""
    source = (
        "import enum\n\n\nclass Perm(enum.Flag):\n    R = 1\n    W = 2\n    RW = 3\n\n\n"
        "class Kind(enum.Enum):\n    A = 1\n    B = 2\n\n\n"
        "def f(a: list = list(Perm), b: list = list(Kind)) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["f"]["parameters"]["properties"] == {
        "a": {"type": "array", "items": {}}, "b": {"type": "array", "items": {}, "default": [1, 2]}}
    assert messages(generation) == [
        "demo/tools.py:15:17: warning: default of `a` (`list(Perm)`) is not a literal; the parameter is optional "
        "but its default is not shown"
    ]


def test_a_set_of_a_plain_enums_member_and_its_value_is_reported(tmp_path: Path) -> None:
    """A plain Enum's member is read as its value, which it does not equal: a set holding both has two items, where
    the values read would make one; such a default is reported, not shown with one (fuzzer seed 341212). A member of
    a `str` Enum equals its value, and a member written twice is one: those sets have one item."""
    source = (
        "import enum\nfrom typing import Set, Union\n\n\nclass Mood(enum.Enum):\n    SAD = 2\n\n\n"
        "class Tone(str, enum.Enum):\n    LOW = 'low'\n\n\n"
        "def f(a: Set[Union[Mood, int]] = {Mood.SAD, Mood.SAD.value}, b: Set[str] = {Tone.LOW, 'low'},\n"
        "      c: Set[Mood] = {Mood.SAD, Mood.SAD}) -> None:\n"
        "    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    properties = tools_of(generation)["f"]["parameters"]["properties"]
    assert "default" not in properties["a"] and properties["b"]["default"] == ["low"]
    assert properties["c"]["default"] == [2]
    assert [m.split(": ", 1)[1][:20] for m in messages(generation)] == ["warning: default of "]


@pytest.mark.parametrize("body", ["if self.a < 0:\n            self.a = 0", "if self.ok():\n            raise ValueError",
                                  "self.check()", "if (b := self.a) < 0:\n            raise ValueError"])  # fmt: skip
def test_an_instance_whose_post_init_may_change_it_is_reported(body: str, tmp_path: Path) -> None:
    """A `__post_init__` that only checks (the conformance suite has one) leaves the instance as made; one that
    assigns, or calls anything but `isinstance` and `len`, may change it: such a default is reported."""
    source = (
        "import dataclasses\n\n\n@dataclasses.dataclass\nclass Options:\n    a: int = 1\n\n"
        f"    def __post_init__(self) -> None:\n        {body}\n\n    def ok(self) -> bool:\n        return True\n\n"
        "    def check(self) -> None:\n        pass\n\n\n"
        "def f(o: Options = Options(a=2)) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert "default" not in tools_of(generation)["f"]["parameters"]["properties"]["o"]
    assert "default of `o` (`Options(a=2)`) is not a literal" in "\n".join(messages(generation))


def test_a_methods_defaults_are_read_in_its_class_body(tmp_path: Path) -> None:
    """A static method's default naming its class's constant is that constant, not the module's name (Python
    evaluates the default in the class body), as pydantic shows it."""
    from pydantic import TypeAdapter

    source = (
        "LIMIT = 1\n\n\nclass Tools:\n    '''Tools.'''\n\n    LIMIT = 5\n    UNITS = ('c', 'f')\n\n"
        "    @staticmethod\n"
        "    def search(q: str, limit: int = LIMIT, units: tuple = UNITS, top: int = LIMIT * 2) -> None:\n"
        "        '''Search.'''\n"
    )
    generation, ours, tools = _scanned_and_imported(tmp_path, source, "Tools_search", "Tools")
    assert ours == _untitled(TypeAdapter(tools.search).json_schema()["properties"])
    assert ours["limit"] == {"type": "integer", "default": 5} and messages(generation) == []


def test_a_core_schema_hook_on_a_model_is_reported_unless_it_keeps_the_schema(tmp_path: Path) -> None:
    """A model's or dataclass's `__get_pydantic_core_schema__` may make it validate as something else (pydantic-ai's
    `AbstractNativeTool`: a union of its subclasses): reported, as the scan writes its fields. One that returns what
    the handler makes of the class, or a validator function around it (named first, as pydantic-ai's `UsageBase`
    does), keeps the JSON Schema: not reported."""
    source = (
        "from dataclasses import dataclass\nfrom typing import Any\n\nfrom pydantic import BaseModel\n"
        "from pydantic_core import core_schema\n\n\n"
        "class Kept(BaseModel):\n    x: int = 0\n\n    @classmethod\n"
        "    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:\n"
        "        def check(value: Any, inner: Any) -> Any:\n            return inner(value)\n\n"
        "        if source is not cls:\n            return handler(source)\n        schema = handler(cls)\n"
        "        return core_schema.no_info_wrap_validator_function(check, schema)\n\n\n"
        "@dataclass\nclass Replaced:\n    kind: str = ''\n\n    @classmethod\n"
        "    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:\n"
        "        return handler(int)\n\n\n"
        "def f(a: Kept, b: Replaced) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert messages(generation) == [
        "demo/tools.py:27:5: warning: `Replaced.__get_pydantic_core_schema__` says how pydantic validates it and the "
        "classes derived from it, which may change their JSON Schema; the scan does not run it and writes the schema "
        "of their fields"
    ]


def test_a_class_whose_hooks_are_not_read_is_reported_by_its_hooks(tmp_path: Path) -> None:
    """pydantic-extra-types' `ISO4217` sets `enum` to a list made at import: left open, with a warning that names the
    hooks it was not read through, not one that calls it a class of no kind; a value read from the class (`cls.size`)
    that it does not bind once is not read either."""
    source = (
        "from typing import Any\n\nfrom pydantic_core import core_schema\n\nCODES = sorted(load())\n\n\n"
        "class Code(str):\n    @classmethod\n"
        "    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:\n"
        "        return core_schema.str_schema()\n\n    @classmethod\n"
        "    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Any:\n"
        "        json_schema = handler(schema)\n        json_schema.update({'enum': CODES})\n"
        "        return json_schema\n\n\n"
        "class Sized(str):\n    size = 2\n    size = 3\n\n    @classmethod\n"
        "    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:\n"
        "        return core_schema.str_schema(max_length=cls.size)\n\n\n"
        "def f(a: Code, b: Sized) -> None:\n    '''F.'''\n"
    )
    generation = scan_source(tmp_path, source)
    assert messages(generation) == [
        "demo/tools.py:29:10: warning: class `Code` says its pydantic schema through "
        "`Code.__get_pydantic_core_schema__` and `Code.__get_pydantic_json_schema__`, which the scan does not read "
        "without running it; its schema is left open (`{}`)",
        "demo/tools.py:29:19: warning: class `Sized` says its pydantic schema through "
        "`Sized.__get_pydantic_core_schema__`, which the scan does not read without running it; its schema is left "
        "open (`{}`)",
    ]


def test_names_a_class_body_binds_are_its_own_in_annotations(tmp_path: Path) -> None:
    """A method's annotations and a model's fields name the class's nested classes and aliases first, as Python
    reads a class body; a name only `__init__` assigns (`self.date`) is no such name."""
    from pydantic import TypeAdapter

    source = (
        "import datetime\nimport enum\nfrom datetime import date\nfrom typing import List, Literal\n\n"
        "from pydantic import BaseModel\n\n\n"
        "class Tools:\n    '''Tools.'''\n\n"
        "    class Unit(str, enum.Enum):\n        C = 'c'\n        F = 'f'\n\n"
        "    Mode = Literal['fast', 'slow']\n\n"
        "    class Query(BaseModel):\n        day: date = datetime.date(2024, 1, 2)\n\n"
        "    def __init__(self) -> None:\n        self.date = date.today()\n\n"
        "    @staticmethod\n"
        "    def search(q: Query, unit: Unit = Unit.C, mode: Mode = 'fast', units: List[Unit] = [], on: date = None)"
        " -> None:\n        '''Search.'''\n"
    )
    generation, ours, tools = _scanned_and_imported(tmp_path, source, "Tools_search", "Tools")
    theirs = TypeAdapter(tools.search).json_schema()
    assert ours == _untitled(theirs["properties"])
    assert messages(generation) == []  # the class's docstring describes its `__init__`


def test_the_enum_base_classes_as_types_are_reported_for_what_they_are(tmp_path: Path) -> None:
    source = "import enum\n\n\ndef f(a: enum.Enum, b: enum.IntFlag = None) -> None:\n    '''F.'''\n"
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["f"]["parameters"]["properties"] == {"a": {}, "b": {"default": None}}
    why = 'is the base of every Enum and has no members (pydantic writes `{"enum": []}`, which no value meets)'
    assert messages(generation) == [
        f"demo/tools.py:4:10: warning: annotation `enum.Enum` {why}; its schema is left open (`{{}}`)",
        f"demo/tools.py:4:24: warning: annotation `enum.IntFlag` {why}; its schema is left open (`{{}}`)",
    ]


def test_duplicate_and_invalid_tool_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = {
        "demo/__init__.py": "",
        "demo/a.py": TOOL,
        "demo/b.py": TOOL + '\nfrom langchain_core.tools import tool\n\n\n@tool("bad name!")\ndef odd(x: int) -> int:\n    """Odd."""\n',
    }
    err = _failing_build(tmp_path, files, 'include = ["demo.*:*"]', capsys)
    assert "demo/b.py:2:1: error: tool name `ping` is already used by demo.a:ping (demo/a.py:2)" in err
    assert "demo/b.py:14:1: error: tool name `bad name!` is not valid for OpenAI: it must match ^[a-zA-Z0-9_-]{1,64}$" in err


def test_include_pattern_matching_nothing_is_a_warning_that_strict_makes_fatal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = {"demo/__init__.py": "", "demo/tools.py": TOOL}
    hook = 'include = ["demo.tools:*", "demo.tool:*"]\nstrict = true'
    err = _failing_build(tmp_path, files, hook, capsys)
    assert "pyproject.toml:13:1: warning: `include` pattern 'demo.tool:*' matches nothing" in err
    assert "warnings count as errors under `strict = true`" in err


def test_arithmetic_in_defaults_is_computed_only_while_it_stays_small(tmp_path: Path) -> None:
    """`2**31 - 1` is read as Python computes it; `10**10**10` would take the build's memory and time, so it is not
    computed (a child process, so that a regression fails instead of hanging)."""
    source = f'HALF = "{"x" * 60_000}"\nWHOLE = HALF + HALF\n\n\n'  # a text joined of constants: up to 100,000 characters
    source += "def f(a: int = 2**31 - 1, b: int = 10**10**10, c: int = 2**5000, d: float = 1e308 * 10, e: str = WHOLE, "
    source += "g: str = HALF + 'y') -> None:\n    '''F.'''\n"
    code = (
        "import json, sys\nfrom pathlib import Path\nsys.path.insert(0, sys.argv[1])\n"
        "from conftest import messages, scan_source, tools_of\n"
        "generation = scan_source(Path(sys.argv[2]), sys.argv[3])\n"
        "print(json.dumps([tools_of(generation)['f']['parameters']['properties'], messages(generation)]))\n"
    )
    tests = str(Path(__file__).parent)
    out = subprocess.run([sys.executable, "-c", code, tests, str(tmp_path), source], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    properties, found = json.loads(out.stdout)
    assert properties == {"a": {"type": "integer", "default": 2**31 - 1}, "b": {"type": "integer"}, "c": {"type": "integer"},
                          "d": {"type": "number"}, "e": {"type": "string"}, "g": {"type": "string", "default": "x" * 60_000 + "y"}}  # fmt: skip
    assert _subjects(found) == ["default of `b`", "default of `c`", "default of `d`", "default of `e`"]


def test_unresolvable_annotation_warns_with_location_and_is_open(tmp_path: Path) -> None:
    source = "from somewhere_else import Thing\n\n\ndef use(a: Thing, b: 'list[Thing]') -> None:\n    '''Use.'''\n"
    generation = scan_source(tmp_path, source)
    props = tools_of(generation)["use"]["parameters"]["properties"]
    assert props == {"a": {}, "b": {"type": "array", "items": {}}}
    unread = "comes from `somewhere_else`, which the scan does not read (see `type-packages`)"
    assert f"demo/tools.py:4:12: warning: annotation `Thing` {unread}; its schema is left open (`{{}}`)" in messages(generation)
    strict = scan_source(tmp_path / "strict", source, strict=True)
    assert strict.failures and not strict.packages


def test_pydantic_metadata_that_keeps_the_schema_is_not_reported_and_what_is_not_followed_is(tmp_path: Path) -> None:
    source = (
        "from pydantic import PlainSerializer, Strict, WithJsonSchema\n"
        "from pydantic.json_schema import SkipJsonSchema\n"
        "from typing_extensions import Annotated, Optional\n"
        "SCHEMA = {'type': 'string'}\n\n\n"
        "def use(a: Annotated[int, Strict(), PlainSerializer(str)], b: Annotated[int, WithJsonSchema(SCHEMA)] = 1,\n"
        "        e: Annotated[int, WithJsonSchema(dict(SCHEMA))] = 4,\n"
        "        c: SkipJsonSchema[int] = 2, d: Annotated[int, WithJsonSchema({'type': 'string'}, mode='serialization')] = 3,\n"
        "        f: 'list[SkipJsonSchema[int]]' = [], g: Optional[SkipJsonSchema[int]] = None,\n"
        "        h: Annotated[SkipJsonSchema[int], 'text'] = 5, i: 'dict[str, Annotated[int, WithJsonSchema(None)]]' = {},\n"
        "        *, j: SkipJsonSchema[int], k: Annotated[int, WithJsonSchema(None)]) -> None:\n"
        "    '''Use.'''\n"
    )
    generation = scan_source(tmp_path, source)
    props = tools_of(generation)["use"]["parameters"]["properties"]
    # a parameter with a default that pydantic leaves out (`f`, `i`: through a list, a dict too) is none; a required
    # one is kept, reported
    assert props == {"a": {"type": "integer"}, "b": {"type": "string", "default": 1}, "e": {"type": "integer", "default": 4},
                     "d": {"type": "integer", "default": 3}, "j": {"type": "integer"}, "k": {"type": "integer"}}  # fmt: skip
    followed = ("is followed only where it leaves out a field, a parameter that has a default or a member of a union; "
                "here the schema keeps the type, where pydantic leaves it out")  # fmt: skip
    assert messages(generation) == [
        "demo/tools.py:8:12: warning: `WithJsonSchema(dict(SCHEMA))` gives no literal dict; the type's own schema stays",
        f"demo/tools.py:12:15: warning: `SkipJsonSchema[...]` {followed}",
        f"demo/tools.py:12:39: warning: `WithJsonSchema(None)` {followed}",
    ]


def test_a_submodule_named_like_a_builtin_does_not_shadow_it(tmp_path: Path) -> None:
    """LangChain has `output_parsers/list.py` and `prompts/dict.py`: griffe looks names up in the packages above a
    module too, where `list` was that submodule, and `list[dict[str, Any]]` was left open."""
    source = "from typing import Any\n\n\ndef parse(calls: list[dict[str, Any]], names: set[str] = set()) -> None:\n    '''Parse.'''\n"
    generation = scan_source(tmp_path, source, {"list": "X = 1\n", "dict": "Y = 2\n", "set": ""})
    props = tools_of(generation)["parse"]["parameters"]["properties"]
    assert props == {
        "calls": {"type": "array", "items": {"type": "object", "additionalProperties": True}},
        "names": {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "default": []},
    }
    assert messages(generation) == []


def test_a_finding_at_a_type_alias_is_reported_once_however_many_tools_use_it(tmp_path: Path) -> None:
    uses = "".join(f'\n\ndef use_{i}(a: Things) -> None:\n    """Use."""\n' for i in range(3))
    generation = scan_source(tmp_path, "from somewhere_else import Thing\n\nThings = list[Thing]\n" + uses)
    assert sorted(tools_of(generation)) == ["use_0", "use_1", "use_2"]
    assert messages(generation) == [
        "demo/tools.py:3:15: warning: annotation `Thing` comes from `somewhere_else`, which the scan does not read (see "
        "`type-packages`); its schema is left open (`{}`)"
    ]


SHOUTING = '''from humps import camelize
from pydantic import BaseModel, ConfigDict


class Shout(BaseModel):
    model_config = ConfigDict(alias_generator=camelize)
    word: str


def use(a: Shout) -> None:
    """Use."""
'''


def test_alias_generator_that_cannot_run_statically_warns_at_it(tmp_path: Path) -> None:
    generation = scan_source(tmp_path, SHOUTING)
    assert tools_of(generation)["use"]["parameters"]["$defs"]["Shout"]["properties"] == {"word": {"type": "string"}}
    assert (
        "demo/tools.py:6:47: warning: alias_generator `camelize` cannot be applied statically; "
        "the schema names the fields as written" in messages(generation)
    )


def test_an_inherited_alias_generator_that_cannot_run_statically_warns_where_the_base_sets_it(tmp_path: Path) -> None:
    subclass = "from .shouting import Shout\n\n\nclass Louder(Shout):\n    extra_word: str\n\n\n"
    generation = scan_source(tmp_path, subclass + 'def use_louder(a: Louder) -> None:\n    """Use."""\n',
                             {"shouting": SHOUTING.replace("def use(", "def _use(")})  # fmt: skip
    properties = tools_of(generation)["use_louder"]["parameters"]["$defs"]["Louder"]["properties"]
    assert list(properties) == ["word", "extra_word"]
    assert messages(generation) == [
        "demo/shouting.py:6:47: warning: alias_generator `camelize` cannot be applied statically; "
        "the schema names the fields as written"
    ]


def test_an_enum_whose_auto_values_come_from_a_function_the_scan_cannot_follow_is_reported(tmp_path: Path) -> None:
    source = ("from enum import Enum, auto\n\n\nclass TenBase(Enum):\n    def _generate_next_value_(name, start, count, last):\n"
              "        return count * 10\n\n\nclass Tens(TenBase):\n    ONE = auto()\n    FIXED = 5\n\n\n"
              "class Only(TenBase):\n    TWO = auto()\n\n\n"
              'def use(a: Tens, b: Only) -> None:\n    """Use."""\n')  # fmt: skip
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["use"]["parameters"]["$defs"] == {"Tens": {"enum": [5], "type": "integer"}, "Only": {}}
    assert [m for m in messages(generation) if "Enum" in m] == [
        "demo/tools.py:9:1: warning: Enum `Tens` has members whose values are not literals: ONE",
        "demo/tools.py:14:1: warning: Enum `Only` has members whose values are not literals: TWO",
    ]


def test_a_class_whose_json_schema_a_hook_changes_is_reported_at_the_hook(tmp_path: Path) -> None:
    """dspy's `ToolCall.__get_pydantic_json_schema__` pops a property from every subclass's schema: only running it
    could follow that, so the scan says it writes the fields' schema, once, at the hook."""
    base = ("from pydantic import BaseModel\n\n\nclass Component(BaseModel):\n    @classmethod\n"
            "    def __get_pydantic_json_schema__(cls, core_schema, handler):\n        schema = handler(core_schema)\n"
            '        schema["properties"].pop("text")\n        return schema\n')
    source = ("from .base import Component\n\n\nclass Node(Component):\n    text: str\n\n\nclass Leaf(Node):\n    size: int\n\n\n"
              'def use(a: Node, b: Leaf) -> None:\n    """Use."""\n')  # fmt: skip
    generation = scan_source(tmp_path, source, {"base": base})
    assert tools_of(generation)["use"]["parameters"]["$defs"]["Leaf"]["properties"] == {
        "text": {"type": "string"}, "size": {"type": "integer"}}  # fmt: skip
    assert messages(generation) == [
        "demo/base.py:6:5: warning: `Component.__get_pydantic_json_schema__` changes the JSON Schema pydantic writes for "
        "it and the classes derived from it; the scan does not run it and writes the schema of their fields"
    ]


def test_a_base_class_field_is_reported_in_the_base_class_file(tmp_path: Path) -> None:
    """A field a base class in another module annotates is reported where it is written: the base's file, at the
    base's line (it was the derived class's file, at the base's line)."""
    base = 'from pydantic import BaseModel\n\n\nclass Base(BaseModel):\n    first: int\n    odd: "Nowhere"\n'
    source = ("from .base import Base\n\n\nclass Derived(Base):\n    second: int\n\n\n"
              'def use(a: Derived) -> None:\n    """Use."""\n')  # fmt: skip
    generation = scan_source(tmp_path, source, {"base": base})
    assert list(tools_of(generation)["use"]["parameters"]["$defs"]["Derived"]["properties"]) == ["first", "odd", "second"]
    assert messages(generation) == [
        "demo/base.py:6:10: warning: annotation `Nowhere` cannot be resolved statically; its schema is left open (`{}`)"
    ]


RECURSIVE_ALIAS = '''from typing import Dict, List, Union

Json = Union[str, int, None, List["Json"], Dict[str, "Json"]]


def store(value: Json) -> None:
    """Store a JSON value."""
'''


def test_recursive_alias_becomes_a_self_referencing_def(tmp_path: Path) -> None:
    generation = scan_source(tmp_path, RECURSIVE_ALIAS)
    assert messages(generation) == []
    parameters = tools_of(generation)["store"]["parameters"]
    members = [{"type": "string"}, {"type": "integer"}, {"type": "array", "items": {"$ref": "#/$defs/Json"}},
               {"type": "object", "additionalProperties": {"$ref": "#/$defs/Json"}}, {"type": "null"}]  # fmt: skip
    assert parameters["$defs"] == {"Json": {"anyOf": members}}
    assert parameters["properties"]["value"] == {"anyOf": members}
    jsonschema.validate({"value": {"a": [1, "b", None, {"c": []}]}}, parameters)


def test_a_typeddict_given_by_names_where_its_holder_reads_aliases_only_leaves_the_default_unshown(
        tmp_path: Path) -> None:  # fmt: skip
    # pydantic drops `item_count` (the TypedDict reads `itemCount` only), and would show `{"counts": {}}`
    source = (
        "from pydantic import BaseModel, ConfigDict\nfrom pydantic.alias_generators import to_camel\n"
        "from typing_extensions import TypedDict\n\n\nclass Counts(TypedDict, total=False):\n    item_count: int\n\n\n"
        "class Holder(BaseModel):\n    model_config = ConfigDict(alias_generator=to_camel)\n"
        "    counts: Counts = {}\n\n\n"
        "def use(h: Holder = Holder(counts=Counts(item_count=1))) -> None:\n    '''Use.'''\n"
    )  # fmt: skip
    generation = scan_source(tmp_path, source)
    assert "default" not in tools_of(generation)["use"]["parameters"]["properties"]["h"]
    assert [m for m in messages(generation) if "default of `h`" in m]


def test_fastapis_parameter_functions_are_read_as_pydantic_reads_their_field_infos(tmp_path: Path) -> None:
    # FastAPI is not a test dependency; the expected schema is what pydantic 2.14 wrote for this function (with
    # FastAPI 0.150 installed), the docstring's description aside, which comes first here
    source = (
        "from typing import List, Optional\nfrom fastapi import Body, Header, Path, Query\n\n\n"
        "def search(q: str = Query(..., min_length=2), limit: int = Query(10, ge=1, le=100),\n"
        "           item_id: int = Path(..., gt=0), agent: Optional[str] = Header(None, alias='User-Agent'),\n"
        "           tags: List[str] = Body(default=[], max_length=3, description='Tags.', embed=True)) -> None:\n"
        "    '''Search.'''\n"
    )  # fmt: skip
    generation = scan_source(tmp_path, source)
    assert messages(generation) == []
    assert tools_of(generation)["search"]["parameters"] == {
        "type": "object",
        "properties": {
            "q": {"type": "string", "minLength": 2},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10},
            "item_id": {"type": "integer", "exclusiveMinimum": 0},
            "User-Agent": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3, "default": [],
                     "description": "Tags."},
        },
        "required": ["q", "item_id"],
    }


def test_a_json_schema_extra_function_is_reported_once_where_the_configuration_sets_it(tmp_path: Path) -> None:
    source = (
        "from functools import partial\nfrom pydantic import BaseModel, ConfigDict\n\n\n"
        "def _required(names, schema, model):\n    schema['required'] = names\n\n\n"
        "class Base(BaseModel):\n    model_config = ConfigDict(json_schema_extra=partial(_required, ['id']))\n"
        "    id: int = 0\n\n\nclass Thing(Base):\n    name: str\n\n\n"
        "def use(t: Thing, b: Base) -> None:\n    '''Use.'''\n"
    )  # fmt: skip
    generation = scan_source(tmp_path, source)
    assert messages(generation) == [
        "demo/tools.py:10:49: warning: `json_schema_extra` in `Base`'s configuration is no literal dict: a function "
        "pydantic runs on the schema of `Base` and of the classes deriving from it, which the scan does not run"]
    assert tools_of(generation)["use"]["parameters"]["$defs"]["Thing"]["required"] == ["name"]


def test_aliases_naming_only_each_other_are_reported_and_left_open(tmp_path: Path) -> None:
    generation = scan_source(tmp_path, "A = 'B'\nB = 'A'\n\n\ndef f(a: A, b: B = None) -> None:\n    '''F.'''\n")
    assert messages(generation) == [
        "demo/tools.py:2:5: warning: `A` names only aliases that name it back; its schema is left open (`{}`)"]
    parameters = tools_of(generation)["f"]["parameters"]
    assert parameters["$defs"] == {"A": {}, "B": {"$ref": "#/$defs/A"}}  # no loop of `$ref`s alone


def test_unions_naming_each_other_and_constraints_that_do_not_fit_give_a_build_not_a_crash(tmp_path: Path) -> None:
    source = (
        "from typing import Annotated, Union\nfrom pydantic import Field\n\n"
        "Ping = Union[int, 'Pong']\nPong = Union[str, 'Ping']\n\n\n"
        "def play(ball: Ping = 1, speed: Annotated[int, Field(ge='fast', le=1.5)] = 0, "
        "name: Annotated[str, Field(min_length='3', pattern=5)] = 'abc') -> None:\n    '''Play.'''\n"
    )  # fmt: skip
    generation = scan_source(tmp_path, source)
    tool = tools_of(generation)["play"]
    assert tool["smolagents"]["inputs"]["ball"]["type"] == "any"  # each union entered once
    assert tool["parameters"]["properties"]["speed"] == {"type": "integer", "default": 0}
    assert tool["parameters"]["properties"]["name"] == {"type": "string", "default": "abc"}
    left_out = "which the schema can show; it is left out (pydantic refuses most such values as it builds the schema)"
    assert [m for m in messages(generation) if "left out (pydantic" in m] == [
        f"demo/tools.py:8:33: warning: `ge='fast'` is not a number, {left_out}",
        f"demo/tools.py:8:33: warning: `le=1.5` is not an integer, {left_out}",
        f"demo/tools.py:8:85: warning: `min_length='3'` is not an integer, {left_out}",
        f"demo/tools.py:8:85: warning: `pattern=5` is not a text, {left_out}",
    ]


def test_infinite_numbers_and_patterns_that_do_not_compile_give_a_build_not_a_crash(tmp_path: Path) -> None:
    """`1e400` is infinite, which no JSON holds: as a bound, an Enum member's value, an example or a default, it is
    left out with a warning (pydantic writes no infinite bound either). A pattern that does not compile is left out
    too: pydantic refuses it, and `call()` would fail on it."""
    source = (
        "import enum\nfrom decimal import Decimal\nfrom typing import Annotated, List\nfrom pydantic import Field\n\n"
        "INF = 1e400\n\n\nclass Speed(float, enum.Enum):\n    WARP = 1e400\n    SLOW = 2.0\n\n\n"
        "def fly(a: Annotated[float, Field(le=1e400, ge=-INF, examples=[1e400])] = 1.0, b: Speed = Speed.SLOW, "
        "c: List[float] = [1.0, -(1e400)], d: Annotated[Decimal, Field(le=Decimal('1e400'))] = Decimal(1), "
        "e: Annotated[str, Field(pattern='(')] = 'x', f: float = float('-inf'), g: float = -math.inf, "
        "h: float = float(' NaN')) -> None:\n    '''Fly.'''\n"
    )  # fmt: skip
    source = "import math\n" + source
    generation = scan_source(tmp_path, source)
    parameters = tools_of(generation)["fly"]["parameters"]
    assert parameters["properties"]["a"] == {"type": "number", "default": 1.0}
    assert parameters["$defs"]["Speed"] == {"enum": [2.0], "type": "number"}
    assert parameters["properties"]["c"] == {"type": "array", "items": {"type": "number"}}
    assert "maximum" not in str(parameters["properties"]["d"])
    assert parameters["properties"]["e"] == {"type": "string", "default": "x"}
    found = "\n".join(messages(generation))
    for expected in (
        ":15:12: warning: `le=` in `Field(le=1e309, ge=-INF, examples=[1e309])` is not a literal and is ignored",
        ":15:12: warning: `ge=` in",
        ":15:12: warning: `examples=` in",
        ":10:1: warning: Enum `Speed` has members whose values are not literals: WARP",
        "default of `c` (`[1.0, -1e309]`) holds a number that is not finite, which JSON cannot hold",
        "default of `f` (`float('-inf')`) is not a finite number, which JSON cannot hold",
        "default of `g` (`-math.inf`) is not a finite number, which JSON cannot hold",
        "default of `h` (`float(' NaN')`) is not a finite number, which JSON cannot hold",
        "warning: `le='1E+400'` is not a number, which the schema can show",
        "warning: `pattern='('` is not a valid regular expression, which the schema can show",
    ):
        assert expected in found


def test_types_nested_beyond_the_recursion_limit_give_a_clear_error(tmp_path: Path) -> None:
    """Four hundred nested `Optional`s are more than the scan follows: an error at the tool, saying so (the build
    fails), and nothing about the other tools."""
    chain = "A0 = int\n" + "".join(f"A{i} = Optional[A{i - 1}]\n" for i in range(1, 400))
    source = (
        f"from typing import Optional\n\n{chain}\n\ndef deep(a: A399 = None) -> None:\n    '''Deep.'''\n\n\n"
        "def flat(a: int) -> None:\n    '''Flat.'''\n"
    )
    assert messages(scan_source(tmp_path, source)) == [
        "demo/tools.py:405:1: error: cannot read `deep`: its types or defaults nest more deeply than the scan follows "
        "(RecursionError); if they do not, please report this"
    ]


FACTORIES = '''import functools
from typing import Annotated
from pydantic import Field


def described(text, low=0):
    return Field(description=text, ge=low)


@functools.lru_cache
def cached(text):
    return Field(description=text)


def passing(**options):
    return Field(**options)


def busy(text):
    text = text.encode()
    return Field(description=text)


def unsure(text):
    if text.count("a"):
        return Field(description=text)
    return Field(title=text)


def unbound(text):
    if text:
        note = text
    return Field(description=note)


async def awaited(text):
    return Field(description=text)


def looping(text):
    for _ in range(2):
        text = text + text
    return Field(description=text)


'''


@pytest.mark.parametrize("metadata", ["described(ascii(1))", "described('a', low=[1])", "described('a', 1, 2)",
                                      "described(txt='a')", "cached('a')", "passing(ge=1)", "busy('a')",
                                      "unsure('a')", "unbound('')", "awaited('a')", "looping('a')"])  # fmt: skip
def test_a_field_factory_the_scan_does_not_follow_is_reported(metadata: str, tmp_path: Path) -> None:
    """A function that returns a `Field(...)` is read where it has no decorator, its arguments are texts, numbers,
    bools or None, and its body gives local names such values and takes the branch of an `if` their values decide;
    otherwise its call is reported, as any other metadata."""
    source = FACTORIES + f"def count(a: Annotated[int, {metadata}] = 1) -> None:\n    '''Count.'''\n"
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["count"]["parameters"]["properties"]["a"] == {"type": "integer", "default": 1}
    assert f"warning: annotation metadata `{metadata}` is not understood and is ignored" in "\n".join(
        messages(generation)
    )
    followed = scan_source(tmp_path / "followed", FACTORIES + "def count(a: Annotated[int, described('A.', 2)] = 3):\n"
                           "    '''Count.'''\n")  # fmt: skip
    assert tools_of(followed)["count"]["parameters"]["properties"]["a"] == {
        "type": "integer", "minimum": 2, "default": 3, "description": "A."
    }


# attrs' layout: a module re-exports a name from another package, and its stub gives that name overloads.
OVERLOADS = (
    "from typing import overload\nfrom elsewhere import field as field\n\n"
    "@overload\ndef field(x: int) -> int: ...\n@overload\ndef field(x: str) -> str: ...\n"
)
STUBBED = {
    "demo/__init__.py": "from elsewhere import field\n",
    "demo/__init__.pyi": OVERLOADS,
    # Two modules, since griffe meets a module's two files in the order of the directory's listing.
    **{f"demo/{name}.py": "from elsewhere import field\n" + TOOL.replace("ping", f"ping_{name}") for name in ("m", "tools")},
    **{f"demo/{name}.pyi": OVERLOADS + f"def ping_{name}(host: bytes) -> bool: ...\n" for name in ("m", "tools")},
}


def test_stubs_beside_the_sources_are_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The source is what runs: its docstring and annotations make the tool, and a stub griffe cannot merge is no crash."""
    project = write_project(tmp_path / "p", STUBBED, hook='include = ["demo.*:ping_*"]')
    files = wheel_files(build_wheel(project, tmp_path / "dist"))
    tools = json.loads(files["demo/tools.json"])["tools"]
    assert [tool["name"] for tool in tools] == ["ping_m", "ping_tools"]
    for tool in tools:
        assert tool["description"] == "Ping a host."
        assert tool["parameters"]["properties"] == {"host": {"type": "string", "description": "The host."}}
    assert cli(["check", str(project)]) == 0
    assert capsys.readouterr().out == ""



def test_an_ellipsis_default_in_a_stub_leaves_the_parameter_optional(tmp_path: Path) -> None:
    """In a `.py` file `x: int = ...` makes `x` required, as pydantic reads it; in a stub, the only source of a
    compiled module (fastavro's `_read.pyi`), `...` stands for a default the stub does not show."""
    stub = 'def read(fo: bytes, strict: bool = ..., limit: int = ...) -> int:\n    """Read."""\n'
    source = 'def parse(text: str, strict: bool = ...) -> int:\n    """Parse."""\n'
    root = write_project(tmp_path / "proj", {"demo/__init__.py": "", "demo/fast.pyi": stub, "demo/tools.py": source})
    generation = generate(root, Config(include=("demo.*:*",)), ["demo"])
    tools = tools_of(generation)
    assert tools["read"]["parameters"]["required"] == ["fo"]
    assert tools["parse"]["parameters"]["required"] == ["text", "strict"]
    assert [m for m in messages(generation) if "strict" in m] == [
        "demo/fast.pyi:1:36: warning: default of `strict` (`...`) is not a literal; the parameter is optional but its "
        "default is not shown"
    ]

def test_failed_editable_build_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "p", {"demo/__init__.py": "", "demo/tools.py": TOOL + "\ndef broken(:\n"}, hook='include = ["demo.tools:*"]')
    before = _tree(project)
    with pytest.raises(SystemExit):
        build_wheel(project, tmp_path / "dist", version="editable")
    assert _tree(project) == before


# -- hatch-toolschema check ------------------------------------------------------------------------------


def test_check_prints_diagnostics_and_sets_the_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "p", {"demo/__init__.py": "", "demo/tools.py": "def bare(a: int) -> int:\n    return a\n"}, hook='include = ["demo.tools:*"]')
    assert cli(["check", str(project)]) == 0
    out = capsys.readouterr()
    assert out.out == "demo/tools.py:1:1: warning: tool `bare` has no docstring; the model gets no description of it\n"
    assert "1 tool(s), 0 error(s), 1 warning(s)" in out.err
    assert cli(["check", "--strict", str(project)]) == 1
    (project / "demo" / "tools.py").write_text("def bare(:\n")
    assert cli(["check", str(project)]) == 1
    assert "demo/tools.py:1:10: error: syntax error: invalid syntax" in capsys.readouterr().out


def test_scan_cli_prints_what_the_build_ships(example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["scan", str(example)]) == 0
    printed = json.loads(capsys.readouterr().out)
    shipped = json.loads(wheel_files(build_wheel(example, tmp_path / "dist"))["travel_tools/tools.json"])
    assert printed == shipped


def test_cli_reports_bad_configuration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "p", {"demo/__init__.py": ""}, hook="docstring-style = 'rst'")
    assert cli(["check", str(project)]) == 2
    assert "Option `docstring-style` in `tool.hatch.build.hooks.toolschema` must be one of" in capsys.readouterr().err


# -- layouts ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("files", "hook", "wheel_packages", "shipped"),
    [
        pytest.param({"src/demo/__init__.py": "", "src/demo/tools.py": TOOL}, 'include = ["demo.tools:*"]', None, ["demo"], id="src-layout"),
        pytest.param({"demo/__init__.py": "", "demo/tools.py": TOOL}, 'include = ["demo.tools:*"]', None, ["demo"], id="flat-layout"),
        pytest.param(
            {"demo/__init__.py": "", "demo/tools.py": TOOL, "other/__init__.py": "", "other/tools.py": TOOL.replace("ping", "pong")},
            'include = ["*.tools:*"]', '["demo", "other"]', ["demo", "other"], id="two-packages",
        ),
        pytest.param({"ns/demo/__init__.py": "", "ns/demo/tools.py": TOOL}, 'include = ["ns.demo.tools:*"]', '["ns"]', ["ns.demo"], id="namespace"),
    ],
)
def test_layouts(files: dict[str, str], hook: str, wheel_packages: str | None, shipped: list[str], tmp_path: Path) -> None:
    project = write_project(tmp_path / "p", files, hook=hook)
    if wheel_packages:
        pyproject = project / "pyproject.toml"
        pyproject.write_text(pyproject.read_text() + f"\n[tool.hatch.build.targets.wheel]\npackages = {wheel_packages}\n")
    files_in_wheel = wheel_files(build_wheel(project, tmp_path / "dist"))
    entry_points = files_in_wheel["demo-0.1.0.dist-info/entry_points.txt"].decode()
    for name in shipped:
        directory = name.replace(".", "/")
        assert f"{directory}/_tool_schemas.py" in files_in_wheel
        assert f"{name} = {name}._tool_schemas:TOOLS" in entry_points
    copy = json.loads(files_in_wheel["demo-0.1.0.dist-info/extra_metadata/tools.json"])
    assert [d["package"] for d in (copy if isinstance(copy, list) else [copy])] == shipped


# -- frontends --------------------------------------------------------------------------------------------


def test_python_m_build_wheel_only(example: Path, tmp_path: Path) -> None:
    run(sys.executable, "-m", "build", "--no-isolation", "--wheel", "-o", tmp_path / "dist", example)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert "travel_tools/_tool_schemas.py" in wheel_files(wheel)


def test_pip_install_and_editable_reinstall_after_tools_change(example: Path, tmp_path: Path) -> None:
    python = child_venv(tmp_path / "venv")
    pip = (python, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps")
    count = "from travel_tools._tool_schemas import TOOLS; print(len(TOOLS))"
    run(*pip, example)
    assert run(python, "-c", count, cwd=tmp_path).stdout.strip() == "6"
    assert not (example / "src" / "travel_tools" / "_tool_schemas.py").exists()
    run(*pip, "-e", example)
    assert run(python, "-c", count, cwd=tmp_path).stdout.strip() == "6"
    trips = example / "src" / "travel_tools" / "weather.py"
    trips.write_text(trips.read_text() + '\n\ndef sunrise(city: str) -> str:\n    """Sunrise time."""\n    return "06:00"\n')
    run(*pip, "-e", example)
    assert run(python, "-c", count, cwd=tmp_path).stdout.strip() == "7"


def test_uv_build(example: Path, tmp_path: Path) -> None:
    uv = Path(sys.executable).parent / "uv"
    if not uv.exists():
        pytest.skip("uv is not installed in this environment")
    env = {**os.environ, "UV_OFFLINE": "1", "UV_NO_CACHE": "1"}
    run(uv, "build", "--no-build-isolation", "--python", sys.executable, "-o", tmp_path / "dist", example, env=env)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert "travel_tools/tools.json" in wheel_files(wheel)


# -- reproducible -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("epoch", [None, "1700000000"])
def test_two_builds_are_byte_identical(tmp_path: Path, epoch: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if epoch is None:
        monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    else:
        monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    digests = set()
    for attempt in ("one", "two"):
        project = copy_example(tmp_path / attempt)
        wheel = build_wheel(project, tmp_path / attempt / "dist")
        digests.add(hashlib.sha256(wheel.read_bytes()).hexdigest())
    assert len(digests) == 1


@pytest.fixture(scope="module")
def plugin_wheel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This plugin built as a wheel, for frontends that install build requirements themselves."""
    directory = tmp_path_factory.mktemp("plugin")
    build_wheel(Path(__file__).resolve().parent.parent, directory)
    return directory


def test_hatch_build(example: Path, tmp_path: Path, plugin_wheel_dir: Path) -> None:
    hatch = Path(sys.executable).parent / "hatch"
    if not hatch.exists():
        pytest.skip("hatch is not installed in this environment")
    env = {**os.environ, "HATCH_DATA_DIR": str(tmp_path / "data"), "HATCH_CACHE_DIR": str(tmp_path / "cache"),
           "PIP_FIND_LINKS": str(plugin_wheel_dir), "UV_FIND_LINKS": str(plugin_wheel_dir)}  # fmt: skip
    result = run(hatch, "build", cwd=example, env=env)
    assert "hatch-toolschema: froze 6 tool schema(s) for travel_tools" in result.stdout + result.stderr
    (wheel,) = (example / "dist").glob("*.whl")
    assert "travel_tools/_tool_schemas.py" in wheel_files(wheel)
    assert "[agent_tools]" in wheel_files(wheel)["travel_tools-1.0.0.dist-info/entry_points.txt"].decode()


def test_isolated_build_like_a_users_ci(example: Path, tmp_path: Path, plugin_wheel_dir: Path) -> None:
    """`python -m build` with build isolation: pip installs hatchling from the index and this plugin from its wheel."""
    env = {**os.environ, "PIP_FIND_LINKS": str(plugin_wheel_dir)}
    run(sys.executable, "-m", "build", "-o", tmp_path / "dist", example, env=env)
    wheels = list((tmp_path / "dist").glob("*.whl"))
    assert len(wheels) == 1 and "travel_tools/_tool_schemas.py" in wheel_files(wheels[0])


def test_a_configuration_that_is_not_read_is_reported(tmp_path: Path) -> None:
    """`model_config = build_config(...)` (prefect's settings) is not run: the class is read with its bases'
    configuration, and the warning says so; a module constant that is a `ConfigDict(...)` is read."""
    source = (
        "from pydantic import BaseModel, ConfigDict\n"
        "SHARED = ConfigDict(extra='forbid')\n\n\n"
        "def _build_config(**options):\n    return ConfigDict(**options)\n\n\n"
        "class Made(BaseModel):\n    model_config = _build_config(extra='forbid')\n    size: int = 1\n\n\n"
        "class Shared(BaseModel):\n    model_config = SHARED\n    size: int = 1\n\n\n"
        "def use(made: Made, shared: Shared) -> None:\n    '''Use.'''\n"
    )
    generation = scan_source(tmp_path, source)
    defs = tools_of(generation)["use"]["parameters"]["$defs"]
    assert "additionalProperties" not in defs["Made"] and defs["Shared"]["additionalProperties"] is False
    assert messages(generation) == [
        "demo/tools.py:10:20: warning: the configuration of `Made`, `_build_config(extra='forbid')`, is neither a "
        "`ConfigDict(...)` nor a dict (nor a module constant that is one); it is not read, and the schema follows the "
        "class's bases' (aliases, `extra`)"
    ]


def test_classes_each_used_twice_by_the_next_are_walked_and_written_once_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A class used in two fields of the next, sixteen deep, makes 65,536 paths to the last one. `call()`'s plans
    share each class's field plans, and the scan walked them as a tree, once per path: with pydantic-core's schemas
    (`type-packages`), a scan of pydantic-ai grew to 9.6 GB and did not end. Each plan is looked into once now. The
    plans were written out as a tree too (6.3 MB of `tools.json` here, 1.6 GB at 24 levels): a class whose plans are
    large is now named where it is used, as a recursive class is, and `call()` finds its plans by that name."""
    import datetime

    import hatch_toolschema.classes as classes

    levels = "".join(f"@dataclass\nclass L{n}:\n    a: L{n + 1}\n    b: Optional[L{n + 1}] = None\n\n\n"
                     for n in reversed(range(16)))  # fmt: skip
    source = (
        "import datetime\nfrom dataclasses import dataclass\nfrom typing import Optional, Union\n\n\n"
        f"@dataclass\nclass L16:\n    u: Union[int, str]\n    day: datetime.date\n\n\n{levels}"
        'def f(x: L0) -> L0:\n    """F."""\n    return x\n'
    )
    calls = 0
    inner = classes._inner

    def counted(plan: Any) -> list[Any]:
        nonlocal calls
        calls += 1
        return inner(plan)

    monkeypatch.setattr(classes, "_inner", counted)
    monkeypatch.setenv("HATCH_TOOLSCHEMA_JOBS", "1")  # counted here, not in a forked child
    generation = scan_source(tmp_path, source)
    assert messages(generation) == []
    (package,) = generation.packages
    assert len(tools_of(generation)["f"]["parameters"]["$defs"]) == 17
    assert calls < 5_000
    assert len(package.json) < 100_000
    chain: dict[str, Any] = {"u": 1, "day": "2024-01-02"}
    for _ in range(16):
        chain = {"a": chain}
    with importable(tmp_path / "proj", "demo"):
        made = load_module(package.module, "deep_plans").call("f", {"x": chain})
    for _ in range(16):
        made = made.a
    assert made.day == datetime.date(2024, 1, 2)
