# Shared helpers: write small projects from source text, scan them, build them in-process.
from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from hatch_toolschema.config import Config
from hatch_toolschema.pipeline import Generation, generate

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "example_project"


def write_project(root: Path, files: dict[str, str], hook: str = "", name: str = "demo", metadata_hook: bool = True) -> Path:
    """A hatchling project at `root` with `files` (dedented) and the given build-hook table body."""
    dynamic = 'dynamic = ["entry-points"]\n' if metadata_hook else ""
    meta = "[tool.hatch.metadata.hooks.toolschema]\n" if metadata_hook else ""
    pyproject = (
        '[build-system]\nrequires = ["hatchling", "hatch-toolschema"]\nbuild-backend = "hatchling.build"\n\n'
        f'[project]\nname = "{name}"\nversion = "0.1.0"\n{dynamic}\n{meta}\n'
        f"[tool.hatch.build.hooks.toolschema]\n{textwrap.dedent(hook)}\n"
    )
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def scan_source(tmp_path: Path, source: str, modules: dict[str, str] | None = None, **config: Any) -> Generation:
    """Scan one module `demo/tools.py` holding `source`, beside `modules` (`{"a": source}` is `demo/a.py`); every
    public function of `demo/tools.py` is a tool."""
    others = {f"demo/{name}.py": text for name, text in (modules or {}).items()}
    root = write_project(tmp_path / "proj", {"demo/__init__.py": "", "demo/tools.py": source, **others})
    options = {"include": ("demo.tools:*",), **config}
    return generate(root, Config(**options), ["demo"])


def tools_of(generation: Generation) -> dict[str, dict[str, Any]]:
    """The tool dicts of a one-package generation, by name."""
    (package,) = generation.packages
    return {t["name"]: t for t in json.loads(package.json)["tools"]}


def messages(generation: Generation) -> list[str]:
    return [str(d) for d in generation.diagnostics]


def build_wheel(project: Path, out: Path, version: str = "standard") -> Path:
    """Build a wheel in-process with hatchling's WheelBuilder (the plugin is found through its entry point)."""
    from hatchling.builders.wheel import WheelBuilder

    out.mkdir(parents=True, exist_ok=True)
    return Path(next(WheelBuilder(str(project)).build(directory=str(out), versions=[version])))


def wheel_files(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def copy_example(tmp_path: Path) -> Path:
    target = tmp_path / "example_project"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("_tool_schemas.py", "tools.json", "__pycache__", "dist"))
    return target


def run(*args: str | Path, cwd: Path | None = None, check: bool = True, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def load_module(source: str, name: str = "generated_under_test") -> Any:
    """Generated module source, run as a module called `name` (not put in `sys.modules`)."""
    import importlib.util

    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


@contextlib.contextmanager
def scanned_module(tmp_path: Path, source: str, name: str, modules: dict[str, str] | None = None,
                   **config: Any) -> Iterator[Any]:  # fmt: skip
    """The module generated for `source` (as `demo/tools.py`, beside `modules`), with `demo` importable so that
    `call()` reaches it."""
    generation = scan_source(tmp_path, source, modules, **config)
    with importable(tmp_path / "proj", "demo"):
        yield load_module(generation.packages[0].module, name)


def oldest_python() -> str | None:
    """A Python 3.9 interpreter (the oldest the generated module supports), if this machine has one.

    pyenv's `python3.9` shim fails unless 3.9 is selected, so its installs are tried directly too.
    """
    import glob
    import os

    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates = [shutil.which("python3.9"), *sorted(glob.glob(f"{pyenv}/versions/3.9*/bin/python3.9"))]
    for candidate in filter(None, candidates):
        probe = [candidate, "-c", "import sys; assert sys.version_info[:2] == (3, 9)"]
        if subprocess.run(probe, capture_output=True).returncode == 0:
            return candidate
    return None


def forget_modules(package: str) -> None:
    """Drop `package` and its submodules from `sys.modules`: tests build several packages of the same name."""
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]


@contextlib.contextmanager
def importable(root: Path, package: str) -> Iterator[None]:
    """`package` importable from `root` for the duration, and forgotten afterwards."""
    forget_modules(package)
    sys.path.insert(0, str(root))
    try:
        yield
    finally:
        sys.path.remove(str(root))
        forget_modules(package)


def child_venv(path: Path) -> Path:
    """A virtualenv that also sees this test environment's packages (hatchling, pip), through a .pth file."""
    import site
    import sysconfig
    import venv

    venv.create(path, with_pip=False)
    python = path / "bin" / "python"
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    parents = [p for p in site.getsitepackages() + [sysconfig.get_paths()["purelib"]] if Path(p).is_dir()]
    # an `import` line in a .pth runs: addsitedir also honours the parent's own .pth files (editable installs)
    lines = [f"import site; site.addsitedir({p!r})" for p in dict.fromkeys(parents)]
    (Path(purelib) / "_parent_env.pth").write_text("\n".join(lines) + "\n")
    return python


@pytest.fixture
def example(tmp_path: Path) -> Path:
    return copy_example(tmp_path)


@pytest.fixture(scope="session")
def example_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("example")
    return build_wheel(copy_example(tmp), tmp / "dist")


@pytest.fixture(scope="session")
def conformance_source() -> str:
    """The generated module for the conformance fixtures: every schema shape the scanner produces."""
    fixture = Path(__file__).parent / "fixtures" / "confpkg"
    return generate(fixture, Config(include=("confpkg.*:f_*",)), ["confpkg"]).packages[0].module


@pytest.fixture(scope="session")
def conformance_module(conformance_source: str) -> Any:
    return load_module(conformance_source, "confpkg_schemas")


@pytest.fixture(scope="session")
def example_module(example_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The generated `travel_tools._tool_schemas`, imported from the unpacked wheel, with the package importable."""
    target = tmp_path_factory.mktemp("unpacked")
    with zipfile.ZipFile(example_wheel) as archive:
        archive.extractall(target)
    sys.path.insert(0, str(target))
    forget_modules("travel_tools")
    import importlib

    return importlib.import_module("travel_tools._tool_schemas")
