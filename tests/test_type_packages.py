# `type-packages`: argument types read from another package (installed, or in the project), statically, as the
# project's own are; without the option, the warning names that package.
from __future__ import annotations

import json
import os
import sys
import textwrap
import tomllib
from pathlib import Path
from typing import Iterator

import pytest

from hatch_toolschema.config import config_from_pyproject
from hatch_toolschema.pipeline import generate
from conftest import (build_wheel, forget_modules, importable, messages, run, scan_source, scanned_module, tools_of,
                      wheel_files, write_project)  # fmt: skip
from test_conformance import comparable, runtime_schema

# A package the project's tools take their types from; importing it leaves a mark, which no scan may leave.
MODELS = {
    "acme_models/__init__.py": """\
        from pathlib import Path

        from .models import DEFAULT_LIMIT, Color, Order

        Path(__file__).with_name("IMPORTED").write_text("imported")
        """,
    "acme_models/models.py": """\
        import enum
        from dataclasses import dataclass, field

        from pydantic import BaseModel, Field

        from acme_models.types.address import Address

        DEFAULT_LIMIT = 25


        class Color(str, enum.Enum):
            \"\"\"A colour.\"\"\"

            RED = "red"
            BLUE = "blue"


        @dataclass
        class Line:
            sku: str
            qty: int = 1


        class Order(BaseModel):
            \"\"\"An order.\"\"\"

            id: int = Field(ge=1, description="The order's id")
            color: Color = Color.RED
            lines: list[Line] = Field(default_factory=list)
            ship_to: Address | None = None


        def tool(function):
            return function


        @tool
        def not_ours(x: int) -> int:
            \"\"\"A tool of the other package: never one of the project's.\"\"\"
            return x
        """,
    # a class of pydantic hooks, which a class of the project derives from (prefect's `DateTime`, pendulum's)
    "acme_models/stamps.py": """\
        from pydantic_core import core_schema


        class Stamp(str):
            @classmethod
            def __get_pydantic_core_schema__(cls, source, handler):
                return core_schema.no_info_after_validator_function(cls, core_schema.str_schema())
        """,
    # a folder without `__init__.py`, which Python imports as a namespace subpackage (litellm's `types`)
    "acme_models/types/address.py": """\
        from typing_extensions import TypedDict


        class Address(TypedDict):
            street: str
            zip: int
        """,
}

TOOLS = """\
    from acme_models import DEFAULT_LIMIT, Color, Order
    import acme_models.models as am


    def place(order: Order, color: Color = Color.BLUE, limit: int = DEFAULT_LIMIT, line: am.Line | None = None) -> str:
        \"\"\"Place an order.\"\"\"
        return f"{type(order).__name__} {order.id} {order.color.value} {order.lines} {color} {limit} {line}"
    """


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on `sys.path` holding `acme_models`, as a build environment's site-packages would."""
    folder = tmp_path / "site"
    for relative, text in MODELS.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    forget_modules("acme_models")
    yield folder
    forget_modules("acme_models")


def test_types_of_a_type_package_are_read_statically_as_pydantic_reads_them(tmp_path: Path, site: Path) -> None:
    generation = scan_source(tmp_path, TOOLS, type_packages=("acme_models",))
    assert messages(generation) == []
    assert not (site / "acme_models" / "IMPORTED").exists()
    tools = tools_of(generation)
    assert list(tools) == ["place"]
    parameters = tools["place"]["parameters"]
    assert set(parameters["$defs"]) == {"Address", "Color", "Line", "Order"}
    assert parameters["properties"]["limit"] == {"type": "integer", "default": 25}
    with importable(tmp_path / "proj", "demo"):
        from demo.tools import place

        ours, theirs = comparable(parameters, runtime_schema(place))
    assert ours == theirs


def test_call_makes_the_classes_of_a_type_package(tmp_path: Path, site: Path) -> None:
    arguments = {"order": {"id": 7, "lines": [{"sku": "a"}]}, "line": {"sku": "b", "qty": 2}}
    with scanned_module(tmp_path, TOOLS, "type_packages_call", type_packages=("acme_models",)) as module:
        result = module.call("place", arguments)
        with pytest.raises(module.ToolArgumentError, match=r"`order.id`: must be at least 1, got 0"):
            module.call("place", {"order": {"id": 0}})
    assert result == "Order 7 red [Line(sku='a', qty=1)] Color.BLUE 25 Line(sku='b', qty=2)"


def test_without_the_option_the_warning_names_the_package(tmp_path: Path, site: Path) -> None:
    generation = scan_source(tmp_path, TOOLS)
    found = messages(generation)
    unread = "comes from `acme_models`, which the scan does not read (see `type-packages`); its schema is left open (`{}`)"
    assert f"demo/tools.py:5:18: warning: annotation `Order` {unread}" in found
    assert f"demo/tools.py:5:86: warning: annotation `am.Line` {unread}" in found
    # a class of the project deriving from one of that package (e2b's `class FileType(protobuf.Enum)`), which the
    # option would let the scan read
    derived = "import acme_models.models as am\n\nclass Rush(am.Order):\n    hours: int = 4\n\n"
    derived += "def place(order: Rush) -> None:\n    '''Place.'''\n"
    assert messages(scan_source(tmp_path / "derived", derived)) == [
        "demo/tools.py:6:18: warning: class `Rush` derives from `acme_models.models.Order`, of `acme_models`, which "
        "the scan does not read (see `type-packages`); its schema is left open (`{}`)"
    ]
    generation = scan_source(tmp_path / "read", derived, type_packages=("acme_models",))
    assert messages(generation) == []
    assert set(tools_of(generation)["place"]["parameters"]["$defs"]["Rush"]["properties"]) == {"id", "color", "lines",
                                                                                                 "ship_to", "hours"}
    # the standard library and the libraries read by name are not the option's business
    source = "import socket\nfrom langchain_core.messages import BaseMessage as Message\n\n"
    source += "def f(s: socket.socket, m: Message) -> None:\n    '''Doc.'''\n"
    generation = scan_source(tmp_path / "std", source)
    unknown = "that the scan knows no schema for; its schema is left open (`{}`)"
    assert messages(generation) == [
        "demo/tools.py:4:10: warning: annotation `socket.socket` is a class pydantic only checks instances of: it has "
        "no JSON Schema; its schema is left open (`{}`)",
        f"demo/tools.py:4:28: warning: annotation `Message` is `langchain_core.messages.BaseMessage`, a type of "
        f"`langchain_core` {unknown}",
    ]


def test_a_class_derived_from_an_unread_package_stays_in_a_union(tmp_path: Path, site: Path) -> None:
    """A model holding a class of the project derived from a class of a package the scan does not read (prefect's
    `DateTime`, derived from pydantic-extra-types' pendulum one) is not taken for a model pydantic cannot write: that
    base may give it a schema, as it does here. The union keeps the model; the warning names the package."""
    source = textwrap.dedent("""\
        from typing import Union

        from acme_models.stamps import Stamp
        from pydantic import BaseModel, ConfigDict


        class Local(Stamp):
            pass


        class Holder(BaseModel):
            model_config = ConfigDict(arbitrary_types_allowed=True)
            stamp: Local


        def keep(value: Union[Holder, int]) -> None:
            '''Keep.'''
        """)
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["keep"]["parameters"]["properties"]["value"]["anyOf"] == [
        {"$ref": "#/$defs/Holder"}, {"type": "integer"}
    ]
    assert messages(generation) == [
        "demo/tools.py:13:12: warning: class `Local` derives from `acme_models.stamps.Stamp`, of `acme_models`, which "
        "the scan does not read (see `type-packages`); its schema is left open (`{}`)"
    ]
    with importable(tmp_path / "proj", "demo"):
        from demo.tools import keep

        theirs = runtime_schema(keep)
    assert [member.get("$ref") for member in theirs["properties"]["value"]["anyOf"]] == ["#/$defs/Holder", None]


def test_a_type_package_in_the_project_is_read_without_being_installed(tmp_path: Path) -> None:
    files = {f"src/{name}": text for name, text in MODELS.items()}
    project = write_project(
        tmp_path / "proj",
        {**files, "src/demo/__init__.py": "", "src/demo/tools.py": TOOLS},
        hook='packages = ["src/demo"]\ninclude = ["demo.tools:*"]\ntype-packages = ["acme_models"]',
    )
    wheel = build_wheel(project, tmp_path / "dist")
    shipped = wheel_files(wheel)
    assert not any(name.startswith("acme_models/") for name in shipped)
    (tool,) = json.loads(shipped["demo/tools.json"])["tools"]
    assert tool["parameters"]["properties"]["order"] == {"$ref": "#/$defs/Order"}
    assert tool["parameters"]["$defs"]["Order"]["description"] == "An order."
    assert not (project / "src" / "acme_models" / "IMPORTED").exists()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("acme_missing", "which is neither in this project nor installed where the build runs (list its distribution in `build-system.requires`)"),
        ("demo", "a package this build scans already"),
        ("acme_broken", "which cannot be read: Syntax error: invalid syntax (__init__.py, line 1)"),
    ],
)
def test_a_type_package_that_cannot_be_read_fails_at_its_line(tmp_path: Path, name: str, problem: str) -> None:
    root = write_project(
        tmp_path / "proj",
        {"demo/__init__.py": "", "demo/tools.py": "def f(x: int) -> int:\n    '''Doc.'''\n    return x\n",
         "acme_broken/__init__.py": "def (:\n"},
        hook=f'include = ["demo.tools:*"]\ntype-packages = [\n    "{name}",\n]',
    )
    pyproject = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    generation = generate(root, config_from_pyproject(pyproject), ["demo"])
    line = (root / "pyproject.toml").read_text(encoding="utf-8").splitlines().index(f'    "{name}",') + 1
    assert messages(generation) == [f"pyproject.toml:{line}:1: error: `type-packages` names `{name}`, {problem}"]
    assert generation.packages == ()


def test_a_real_build_finds_a_type_package_where_python_imports_from(tmp_path: Path, site: Path) -> None:
    """`python -m build`, whose backend sees the package on its `sys.path` as it would in its build environment."""
    project = write_project(
        tmp_path / "proj",
        {"demo/__init__.py": "", "demo/tools.py": TOOLS},
        hook='include = ["demo.tools:*"]\ntype-packages = ["acme_models"]\nstrict = true',
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    run(sys.executable, "-m", "build", "--no-isolation", "--wheel", "-o", tmp_path / "dist", project, env=env)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    (tool,) = json.loads(wheel_files(wheel)["demo/tools.json"])["tools"]
    assert sorted(tool["parameters"]["$defs"]) == ["Address", "Color", "Line", "Order"]
    assert not (site / "acme_models" / "IMPORTED").exists()


def test_a_scan_reading_type_packages_runs_in_a_child(tmp_path: Path, site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """However small the project: a type package is read whole, and its trees end with the child."""
    import hatch_toolschema.pipeline as pipeline

    forked: list[bool] = []
    background = pipeline.Background
    monkeypatch.setattr(pipeline, "Background", lambda work, worth_it: forked.append(worth_it) or background(work, worth_it))
    scan_source(tmp_path / "plain", "def f(x: int) -> int:\n    '''F.'''\n    return x\n")
    assert tools_of(scan_source(tmp_path / "typed", TOOLS, type_packages=("acme_models",)))["place"]["parameters"]["$defs"]
    assert forked == [False, True]
