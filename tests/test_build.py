# Real wheel builds of the example project: what the wheel carries, and that the source tree stays clean.
from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from conftest import REPO, build_wheel, child_venv, copy_example, run, wheel_files, write_project

GENERATED = ("travel_tools/_tool_schemas.py", "travel_tools/tools.json")


def test_wheel_carries_module_json_and_dist_info_copy(example_wheel: Path) -> None:
    files = wheel_files(example_wheel)
    for name in GENERATED:
        assert name in files
    copy = json.loads(files["travel_tools-1.0.0.dist-info/extra_metadata/tools.json"])
    assert copy == json.loads(files["travel_tools/tools.json"])
    assert copy["format"] == "hatch-toolschema/1"
    assert {t["name"] for t in copy["tools"]} == {
        "get_forecast", "air_quality", "search_flights", "fetch_hotel_page", "convert_currency", "book_trip",
    }  # fmt: skip
    entry_points = files["travel_tools-1.0.0.dist-info/entry_points.txt"].decode()
    assert "[agent_tools]\ntravel_tools = travel_tools._tool_schemas:TOOLS" in entry_points


def test_module_tools_equal_tools_json(example_wheel: Path, example_module) -> None:
    files = wheel_files(example_wheel)
    assert example_module.TOOLS == json.loads(files["travel_tools/tools.json"])["tools"]


def test_standard_build_leaves_git_status_clean(tmp_path: Path) -> None:
    project = copy_example(tmp_path)
    run("git", "init", "-q", cwd=project)
    run("git", "add", "-A", cwd=project)
    run("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x", cwd=project)
    build_wheel(project, tmp_path / "dist")
    status = run("git", "status", "--porcelain", "--ignored", cwd=project).stdout
    assert status == ""


def test_scratch_directory_is_removed_after_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))  # this build's own: other test workers build meanwhile
    build_wheel(copy_example(tmp_path), tmp_path / "dist")
    assert not list(scratch.glob("hatch-toolschema-*"))


def test_scan_never_imports_the_scanned_package(tmp_path: Path) -> None:
    sentinel = tmp_path / "SENTINEL"
    project = write_project(
        tmp_path / "proj",
        {
            "demo/__init__.py": f"open({str(sentinel)!r}, 'w').write('imported')\nraise SystemExit('imported')\n",
            "demo/tools.py": f"""
                open({str(sentinel)!r}, 'w').write('imported')

                def ping(host: str) -> bool:
                    '''Ping a host.

                    Args:
                        host: The host.
                    '''
                    return True
            """,
        },
        hook='include = ["demo.tools:*"]',
    )
    wheel = build_wheel(project, tmp_path / "dist")
    assert not sentinel.exists()
    tools = json.loads(wheel_files(wheel)["demo/tools.json"])["tools"]
    assert [t["name"] for t in tools] == ["ping"]


def test_build_from_sdist_with_python_m_build(tmp_path: Path) -> None:
    project = copy_example(tmp_path)
    run(sys.executable, "-m", "build", "--no-isolation", "-o", tmp_path / "dist", project)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    files = wheel_files(wheel)
    assert all(name in files for name in GENERATED)
    assert "[agent_tools]" in files["travel_tools-1.0.0.dist-info/entry_points.txt"].decode()
    assert not list((project / "src" / "travel_tools").glob("_tool_schemas.py"))


@pytest.fixture(scope="module")
def bare_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv with pip only: no hatch-toolschema, no third-party packages."""
    path = tmp_path_factory.mktemp("bare") / "venv"
    venv.create(path, with_pip=True)
    return path / "bin" / "python"


def test_wheel_works_without_hatch_toolschema(example_wheel: Path, bare_venv: Path) -> None:
    run(bare_venv, "-m", "pip", "install", "-q", "--no-deps", "--no-index", example_wheel)
    script = """
import importlib.metadata as md, json, sys
from travel_tools._tool_schemas import TOOLS
dist = md.distribution("travel-tools")
copy = json.loads(dist.read_text("extra_metadata/tools.json"))
assert TOOLS == copy["tools"], "TOOLS differs from the dist-info copy"
(ep,) = md.entry_points(group="agent_tools")
assert ep.value == "travel_tools._tool_schemas:TOOLS"
assert ep.load() == TOOLS
assert "hatch_toolschema" not in sys.modules
try:
    import hatch_toolschema
    raise SystemExit("hatch_toolschema should not be installed here")
except ImportError:
    pass
print(len(TOOLS))
"""
    assert run(bare_venv, "-c", script, cwd=bare_venv.parent).stdout.strip() == "6"


def test_dist_info_copy_reads_without_importing(example_wheel: Path, bare_venv: Path) -> None:
    run(bare_venv, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--force-reinstall", example_wheel)
    script = """
import importlib.metadata as md, json, sys
names = []
for ep in md.entry_points(group="agent_tools"):
    names += [t["name"] for t in json.loads(ep.dist.read_text("extra_metadata/tools.json"))["tools"]]
assert not any(m.startswith("travel_tools") for m in sys.modules), "a package was imported"
print(sorted(names))
"""
    assert "get_forecast" in run(bare_venv, "-c", script, cwd=bare_venv.parent).stdout


def test_editable_install_imports_generated_module(tmp_path: Path) -> None:
    project = copy_example(tmp_path)
    python = child_venv(tmp_path / "venv")
    run(python, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps", "-e", project)
    out = run(python, "-c", "from travel_tools._tool_schemas import TOOLS; print(len(TOOLS))", cwd=tmp_path).stdout
    assert out.strip() == "6"
    generated = project / "src" / "travel_tools" / "_tool_schemas.py"
    assert generated.is_file()
    # hatch clean removes what the editable build wrote, and nothing else
    from hatchling.builders.wheel import WheelBuilder

    list(WheelBuilder(str(project)).build(directory=str(tmp_path / "dist"), versions=["editable"], clean_only=True))
    assert not generated.exists()
    assert (project / "src" / "travel_tools" / "trips.py").is_file()


def test_missing_metadata_hook_explains_discovery(tmp_path: Path) -> None:
    project = write_project(
        tmp_path / "proj",
        {"demo/__init__.py": "", "demo/tools.py": "def ping(host: str) -> bool:\n    '''Ping.'''\n"},
        hook='include = ["demo.tools:*"]',
        metadata_hook=False,
    )
    code = f"""
from hatchling.builders.wheel import WheelBuilder
next(WheelBuilder({str(project)!r}).build(directory={str(tmp_path / 'dist')!r}))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("agent hosts cannot discover these tools") == 1
    assert '"entry-points"' in result.stderr and "project.dynamic" in result.stderr


def test_repo_templates_are_the_packaged_ones() -> None:
    from hatch_toolschema import render

    assert render._templates_dir().resolve() in {(REPO / "templates").resolve(), (Path(render.__file__).parent / "templates").resolve()}


def test_discovery_helper_lists_without_importing_then_loads_adapters(example_wheel: Path, bare_venv: Path) -> None:
    run(bare_venv, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--force-reinstall", example_wheel)
    helper = REPO / "hatch_toolschema" / "discovery.py"
    script = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("discovery", {str(helper)!r})
discovery = importlib.util.module_from_spec(spec); spec.loader.exec_module(discovery)
names = sorted(tool["name"] for _, tool in discovery.installed_tools())
assert not any(m.startswith("travel_tools") for m in sys.modules), "listing imported a tool package"
module = discovery.load_module("travel_tools")
print(names[0], len(names), module.openai_tools()[0]["function"]["name"])
"""
    assert run(bare_venv, "-c", script, cwd=bare_venv.parent).stdout.split() == ["air_quality", "6", "search_flights"]
