"""The forked background work of the build: same result as a plain call, in every way it can end."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from hatch_toolschema import parallel
from hatch_toolschema.model import PackageSpec
from hatch_toolschema.parallel import JOBS_VARIABLE, Background, can_fork

needs_fork = pytest.mark.skipif(
    not can_fork(), reason="no fork in this process (threads: pytest-xdist); the single-threaded rerun below runs it"
)


@pytest.mark.skipif(not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2, reason="no fork here")
def test_this_file_in_a_single_threaded_process() -> None:
    """pytest-xdist workers run threads of their own, so the tests that fork run again in a plain process."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", __file__,
         "-k", "not single_threaded"],
        capture_output=True, text=True, cwd=Path(__file__).parent,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "skipped" not in result.stdout, result.stdout


@needs_fork
def test_work_runs_in_a_child_and_its_result_comes_back() -> None:
    parent = os.getpid()
    assert gc.isenabled()
    with Background(lambda: {"pid": os.getpid(), "collecting": gc.isenabled(), "data": [1, "two", None, {"x": 1.5}]}) as job:
        result = job.result()
    assert result["pid"] != parent
    assert not result["collecting"]  # a child exits without freeing anything: collecting would only cost time
    assert result["data"] == [1, "two", None, {"x": 1.5}]


def test_switched_off_runs_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert not can_fork()
    with Background(os.getpid) as job:
        assert job.result() == os.getpid()


@needs_fork
def test_small_work_runs_in_process() -> None:
    with Background(os.getpid, worth_it=False) as job:
        assert job.result() == os.getpid()


@needs_fork
def test_an_exception_in_the_work_is_raised_by_result_as_by_a_plain_call() -> None:
    calls = []

    def work() -> None:
        calls.append(os.getpid())  # the child's append is lost: only the in-process run counts here
        raise ValueError("bad data")

    with Background(work) as job:
        with pytest.raises(ValueError, match="bad data"):
            job.result()
    assert calls == [os.getpid()]


@needs_fork
def test_a_child_that_dies_is_replaced_by_an_in_process_run() -> None:
    parent = os.getpid()

    def work() -> str:
        if os.getpid() != parent:
            os._exit(3)
        return "done here"

    with Background(work) as job:
        assert job.result() == "done here"


@needs_fork
def test_leaving_early_stops_and_reaps_the_child() -> None:
    with pytest.raises(RuntimeError):
        with Background(lambda: time.sleep(30)) as job:
            pid = job._pid
            assert pid
            raise RuntimeError("the caller failed")
    with pytest.raises(ChildProcessError):  # reaped: no zombie left behind
        os.waitpid(pid, os.WNOHANG)


def test_no_fork_with_other_threads_running(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel.threading, "active_count", lambda: 2)
    assert not can_fork()


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads through /proc")
def test_no_fork_with_a_thread_that_threading_does_not_know(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    started, release = threading.Event(), threading.Event()
    thread = threading.Thread(target=lambda: (started.set(), release.wait()))
    thread.start()
    started.wait()
    try:
        monkeypatch.setattr(parallel.threading, "active_count", lambda: 1)  # as for a thread started by C code
        assert parallel._os_threads() >= 2
        assert not can_fork()
    finally:
        release.set()
        thread.join()


# -- in the render: the model-facing data is printed and checked in the background ---------------------


@pytest.fixture
def example_package() -> PackageSpec:
    from hatch_toolschema.config import config_from_pyproject, default_packages
    from hatch_toolschema.scan import scan

    import tomllib
    from conftest import EXAMPLE

    pyproject = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())
    (package,) = scan(EXAMPLE, default_packages(EXAMPLE, pyproject), config_from_pyproject(pyproject)).packages
    return package


def test_the_module_is_the_same_with_and_without_a_second_process(example_package: PackageSpec, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import render
    from hatch_toolschema.render import package_files

    monkeypatch.setattr(render, "PARALLEL_MINIMUM", 0)  # the example has only 6 tools
    forked = package_files(example_package)
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert package_files(example_package) == forked


@pytest.mark.parametrize("jobs", ["1", ""])
@pytest.mark.parametrize("part", ["head", "tail", "rest"])  # printed here, by the child, the rest of each entry
def test_data_that_does_not_compile_fails_the_render(
    example_package: PackageSpec, monkeypatch: pytest.MonkeyPatch, jobs: str, part: str
) -> None:
    from hatch_toolschema import render

    monkeypatch.setenv(JOBS_VARIABLE, jobs)
    monkeypatch.setattr(render, "PARALLEL_MINIMUM", 0)
    real = render.list_items

    def broken(values: list, depth: int, share_as: str) -> tuple[str, list[str]]:
        definitions, items = real(values, depth, share_as)
        printed = "rest" if isinstance(values[0], dict) else {"s": "head", "t": "tail"}[share_as]
        return definitions, items[:-1] + [items[-1] + (" +" if printed == part else "")]

    monkeypatch.setattr(render, "list_items", broken)
    with pytest.raises(SyntaxError):
        render.package_files(example_package)


# -- in the scan: docstrings are parsed ahead, by a child, while griffe loads the modules --------------------


def _tool_files(root: Path, count: int, extra: str = "") -> list[Path]:
    root.mkdir()
    body = "".join(
        f'def tool_{i}(x: int) -> int:\n    """Tool {i}.\n\n    Args:\n        x: the x of tool {i}.\n    """\n\n\n'
        for i in range(count)
    )
    methods = 'class Box:\n    def open(self):\n        """Open it.\n\n        Returns:\n            Whether it opened.\n        """\n'
    (root / "tools.py").write_text(body + methods + extra)
    return [root / "tools.py"]


@needs_fork
def test_docstrings_parsed_ahead_are_the_plain_parses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import docstrings

    monkeypatch.setattr(docstrings, "PARALLEL_MINIMUM", 0)
    cache = docstrings.Docstrings("auto")
    with cache.parse_ahead(_tool_files(tmp_path / "pkg", 30)) as job:
        cache.take(job)
    texts = [f"Tool {i}.\n\nArgs:\n    x: the x of tool {i}." for i in range(30)] + ["Open it.\n\nReturns:\n    Whether it opened."]
    assert sorted(cache._parsed) == sorted(texts)
    assert all(cache.parse(text) == docstrings.parse_docstring(text, "auto") for text in texts)


def test_without_a_child_nothing_is_parsed_ahead(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import docstrings

    monkeypatch.setattr(docstrings, "PARALLEL_MINIMUM", 0)
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    cache = docstrings.Docstrings("auto")
    with cache.parse_ahead(_tool_files(tmp_path / "pkg", 30)) as job:
        cache.take(job)
    assert cache._parsed == {}  # speculative work is not done in-process: `parse` does what is needed


@needs_fork
def test_a_docstring_that_fails_to_parse_fails_where_it_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import docstrings

    real = docstrings.parse_docstring

    def fragile(text: str, style: str) -> docstrings.ParsedDocstring:
        if "poison" in text:
            raise RuntimeError("cannot parse")
        return real(text, style)

    monkeypatch.setattr(docstrings, "parse_docstring", fragile)
    monkeypatch.setattr(docstrings, "PARALLEL_MINIMUM", 0)
    cache = docstrings.Docstrings("google")
    files = _tool_files(tmp_path / "pkg", 5, extra='\n\ndef bad():\n    """poison"""\n')
    with cache.parse_ahead(files) as job:
        cache.take(job)  # no error here: it is the tool's to report
    assert "poison" not in cache._parsed and "Open it.\n\nReturns:\n    Whether it opened." in cache._parsed
    with pytest.raises(RuntimeError, match="cannot parse"):
        cache.parse("poison")


@needs_fork
def test_interrupted_while_waiting_stops_and_reaps_the_child(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    with Background(lambda: time.sleep(30)) as job:
        pid = job._pid

        def interrupted(*args: object) -> io.BufferedReader:
            raise KeyboardInterrupt

        monkeypatch.setattr(parallel.os, "fdopen", interrupted)
        with pytest.raises(KeyboardInterrupt):
            job.result()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


@needs_fork
def test_the_child_takes_the_last_three_quarters_of_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import docstrings

    monkeypatch.setattr(docstrings, "PARALLEL_MINIMUM", 0)
    files = []
    for index in range(4):  # four files of the same size
        path = tmp_path / f"m{index}.py"
        path.write_text(f'def f():\n    """Function of module {index}."""\n')
        files.append(path)
    cache = docstrings.Docstrings("auto")
    with cache.parse_ahead(files) as job:
        cache.take(job)
    assert sorted(cache._parsed) == [f"Function of module {index}." for index in (1, 2, 3)]


# -- in the scan: the last tools are read by a child while this process reads the first ones ----------------

_MODEL = "from pydantic import BaseModel\n\n\nclass {name}(BaseModel):\n    \"\"\"A {name} of module {module}.\"\"\"\n\n    x: int\n\n\n"


def _split_project(root: Path, first: str, last: str, last_model: str = "Item") -> Path:
    """Six tools in `pkg.a` (read here) and four in `pkg.b` (read by the child); `first`/`last` annotate their `v`."""
    from conftest import write_project

    tools = "".join(f"def tool_{{m}}{i}(v: {{t}}, n: str = 'x') -> int:\n    \"\"\"Tool {i}.\n\n    Args:\n        v: its v.\n    \"\"\"\n    return 1\n\n\n" for i in range(6))  # noqa: E501
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": _MODEL.format(name="Item", module="a") + "class Plain:\n    pass\n\n\n"
        + "class Loud(BaseModel):\n    x: Unknown\n\n\n" + tools.format(m="a", t=first),
        "pkg/b.py": "from pkg.a import Item, Loud, Plain\n" + _MODEL.format(name=last_model, module="b").replace("class Item(", "class Thing(")
        + tools.format(m="b", t=last).replace("def tool_b4", "def _b4").replace("def tool_b5", "def _b5"),
    }  # fmt: skip
    return write_project(root, files, hook='include = ["pkg.*:tool_*"]')


@needs_fork
@pytest.mark.parametrize(
    ("first", "last", "kept"),
    [
        ("int", "bool", True),  # no named types at all
        ("Item", "Thing", True),  # each side builds its own type
        ("Item", "Item", True),  # both sides build `Item`, the same, quietly: as if the child had found it built
        ("Loud", "Loud", False),  # both build `Loud` and warn where they first use it: read again here
        ("Plain", "Plain", True),  # a plain class is no named type: left open where it is used, reported there
        ("int", "Item", True),  # only the child builds it: adopted, as if built here
        ("Item", "list[Thing] | None", True),
    ],
)
def test_reading_in_two_processes_gives_what_reading_in_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: str, last: str, kept: bool
) -> None:
    from hatch_toolschema import scan as scan_module
    from hatch_toolschema.config import Config

    project = _split_project(tmp_path / "proj", first, last)
    split, here = _scan_split(project, monkeypatch)
    assert here == ([6] if kept else [6, 4])  # the child's reads are not seen here
    assert len(split.packages[0].tools) == 10
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert split == scan_module.scan(project, ["pkg"], Config(include=("pkg.*:tool_*",)))


@needs_fork
def test_a_name_both_processes_took_for_different_types_is_read_again_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import scan as scan_module
    from hatch_toolschema.config import Config

    # `pkg.b` has its own `Item`: read in order, the registry names it `pkg__b__Item`, as `Item` is taken by then
    project = _split_project(tmp_path / "proj", "Item", "Thing", last_model="Item")
    (project / "pkg" / "b.py").write_text((project / "pkg" / "b.py").read_text().replace("from pkg.a import Item, Plain\n", "").replace("class Thing(", "class Item(").replace("v: Thing", "v: Item"))
    split, here = _scan_split(project, monkeypatch)
    assert here == [6, 4]
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert split == scan_module.scan(project, ["pkg"], Config(include=("pkg.*:tool_*",)))
    # named apart in the registry (`pkg__b__Item` was given to the second), each tool's `$defs` names its own `Item`
    assert {name for tool in split.packages[0].tools for name, _ in tool.defs} == {"Item"}


@needs_fork
def test_what_the_child_reports_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import scan as scan_module
    from hatch_toolschema.config import Config

    project = _split_project(tmp_path / "proj", "int", "Unknown")  # an annotation that resolves to nothing
    split, here = _scan_split(project, monkeypatch)
    assert here == [6]
    assert [d.path for d in split.diagnostics] == ["pkg/b.py"] * 4
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert split == scan_module.scan(project, ["pkg"], Config(include=("pkg.*:tool_*",)))


def _read_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child reads the last 40% of the objects to read, however few: the four tools of `pkg.b` in `_split_project`."""
    from hatch_toolschema import scan as scan_module

    monkeypatch.setattr(scan_module, "READ_PARALLEL_MINIMUM", 0)
    monkeypatch.setattr(scan_module, "CHILD_SHARE", 0.4)


def _scan_split(project: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, list[int]]:
    """The scan with the child reading the last four of ten tools, and how many objects each read here had."""
    from hatch_toolschema import scan as scan_module
    from hatch_toolschema.config import Config

    _read_split(monkeypatch)
    here: list[int] = []
    real = scan_module.Scanner._read_each
    monkeypatch.setattr(scan_module.Scanner, "_read_each", lambda self, selected: here.append(len(selected)) or real(self, selected))
    return scan_module.scan(project, ["pkg"], Config(include=("pkg.*:tool_*",))), here


@needs_fork
def test_types_the_child_built_are_known_to_the_packages_read_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_toolschema import scan as scan_module
    from hatch_toolschema.classes import ClassRegistry
    from hatch_toolschema.config import Config

    project = _split_project(tmp_path / "proj", "int", "Thing")  # the child builds `Thing`
    tool = "def tool_other(v: Thing, w: pkg.b.Thing) -> int:\n    return 1\n"
    (project / "pkg2").mkdir()
    (project / "pkg2" / "__init__.py").write_text("")
    (project / "pkg2" / "c.py").write_text("import pkg.b\n" + _MODEL.format(name="Thing", module="c") + tool)
    config = Config(include=("pkg.*:tool_*", "pkg2.*:tool_*"))
    _read_split(monkeypatch)
    built_here: list[str] = []  # what a child builds is not recorded here
    real = ClassRegistry._class_schema
    monkeypatch.setattr(ClassRegistry, "_class_schema", lambda self, cls, *args: built_here.append(cls.path) or real(self, cls, *args))
    split = scan_module.scan(project, ["pkg", "pkg2"], config)
    assert "pkg.b.Thing" not in built_here and "pkg2.c.Thing" in built_here  # the child's was taken in, not rebuilt
    (other,) = split.packages[1].tools
    assert [name for name, _ in other.defs] == ["pkg2__c__Thing", "pkg__b__Thing"]  # two `Thing`s in one tool
    monkeypatch.setattr(scan_module, "READ_PARALLEL_MINIMUM", 10**9)
    assert split == scan_module.scan(project, ["pkg", "pkg2"], config)


def _generating_processes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[], set[int]]:
    """The processes `pipeline._generate` runs in, from now on (a child's own record would not come back)."""
    from hatch_toolschema import pipeline

    real = pipeline._generate

    def recorded(*args: object) -> object:
        (tmp_path / f"generated-in-{os.getpid()}").touch()
        return real(*args)

    monkeypatch.setattr(pipeline, "_generate", recorded)
    return lambda: {int(path.name.rsplit("-", 1)[1]) for path in tmp_path.glob("generated-in-*")}


@needs_fork
def test_the_conformance_package_generates_the_same_with_and_without_children(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """All four children at once (the whole generation, and in it: docstrings, reading, printing), on the 432 tools
    and their many named types."""
    from conftest import REPO

    from hatch_toolschema import docstrings, pipeline
    from hatch_toolschema.config import Config

    monkeypatch.setattr(docstrings, "PARALLEL_MINIMUM", 0)
    monkeypatch.setattr(pipeline, "CHILD_MINIMUM_BYTES", 0)
    processes = _generating_processes(monkeypatch, tmp_path)
    root, config = REPO / "tests" / "fixtures" / "confpkg", Config(include=("confpkg.*:f_*",))
    forked = pipeline.generate(root, config, ["confpkg"])
    assert forked.tools_found > 200 and forked.packages
    assert len(processes()) == 1 and os.getpid() not in processes()
    monkeypatch.setenv(JOBS_VARIABLE, "1")
    assert pipeline.generate(root, config, ["confpkg"]) == forked
    assert os.getpid() in processes()


@needs_fork
def test_a_small_package_is_generated_in_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A fork costs more than it saves for a few tools: the example's 6 are generated here."""
    import tomllib
    from conftest import EXAMPLE

    from hatch_toolschema.config import config_from_pyproject, default_packages
    from hatch_toolschema.pipeline import CHILD_MINIMUM_BYTES, generate
    from hatch_toolschema.scan import source_bytes

    processes = _generating_processes(monkeypatch, tmp_path)
    pyproject = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())
    packages = default_packages(EXAMPLE, pyproject)
    assert 1000 < source_bytes(EXAMPLE, packages) < CHILD_MINIMUM_BYTES
    assert generate(EXAMPLE, config_from_pyproject(pyproject), packages).tools_found == 6
    assert processes() == {os.getpid()}


def test_no_fork_where_the_kernel_reaps_children(monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGCHLD ignored, as a supervisor may leave it for the processes it starts: a child's status could not be read."""
    import signal

    monkeypatch.setattr(parallel.signal, "getsignal", lambda number: signal.SIG_IGN if number == signal.SIGCHLD else None)
    assert not can_fork()


@needs_fork
def test_a_child_reaped_by_someone_else_is_replaced_by_an_in_process_run(monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.waitpid
    reaped = []

    def reaped_first(pid: int, options: int) -> tuple[int, int]:  # as a host's SIGCHLD handler would have done
        reaped.append(real(pid, options))
        raise ChildProcessError(10, "No child processes")

    with Background(os.getpid) as job:
        monkeypatch.setattr(parallel.os, "waitpid", reaped_first)
        assert job.result() == os.getpid()
    assert reaped
