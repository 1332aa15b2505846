"""Real-world conformance: the scan's schema of every public function of installed packages against pydantic's.

For each package named, the script copies its sources out of site-packages, scans them statically as a build would
(every public function of every module is a tool), then imports each function and asks pydantic for the schema of its
signature (as in `tests/test_conformance.py`); a LangChain `BaseTool` class is compared with its `args_schema` model's
schema. It prints, per package, how many functions agree, differ, have no pydantic schema (pydantic refuses the
signature) or are methods (left out), and writes each difference to `--out`.

    python scripts/compare_installed.py httpx langchain_core huggingface_hub --out /tmp/compare

With `--classes`, each public model, dataclass, TypedDict, NamedTuple and Enum the package's modules define is compared
too, as the one parameter of a function (`def f(x: Model)`), written into the copy as the module `hts_classes`
(in a namespace package, in its first regular package).

Expect differences that are not the scan's: `*args`/`**kwargs` (pydantic's `create_model` reads them as fields;
`validate_call`, which the scan follows, does not), parameters whose names start with `_` (`create_model` drops
them), types from packages the scan is not told to read (`type-packages`), and defaults computed at import time.
It imports the packages it compares; the build never does.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
warnings.filterwarnings("ignore")

from test_conformance import comparable, runtime_schema  # noqa: E402

from hatch_toolschema.config import Config  # noqa: E402
from hatch_toolschema.render import tool_data  # noqa: E402
from hatch_toolschema.scan import scan  # noqa: E402


def compare(package: str, work: Path, out: Path, type_packages: tuple[str, ...] = (),
            classes: bool = False) -> dict[str, int]:  # fmt: skip
    top = package.partition(".")[0]  # `google.adk`: the whole `google` folder is read, its part's functions compared
    source = Path(sysconfig.get_paths()["purelib"]) / top
    root = work / package
    shutil.copytree(source, root / top, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (root / "pyproject.toml").write_text(f'[project]\nname = "{top}"\nversion = "0"\n')
    where, taking = _class_functions(package, root) if classes else ("", {})
    result = scan(root, [top], Config(include=(f"{package}.*:*", f"{package}:*"), type_packages=type_packages))
    tally = {"same": 0, "differ": 0, "no pydantic schema": 0, "method": 0}
    lines = []
    for spec in (tool for found in result.packages for tool in found.tools):
        module, _, qualname = spec.callable.partition(":")
        if "." in qualname:
            tally["method"] += 1
            continue
        try:
            if module == where:
                theirs = runtime_schema(taking[qualname])
            else:
                theirs = _their_schema(getattr(importlib.import_module(module), qualname), spec.call_style)
        except BaseException:  # noqa: BLE001 - pydantic refuses the signature, or the module will not import
            tally["no pydantic schema"] += 1
            continue
        ours, theirs = comparable(json.loads(json.dumps(tool_data(spec)["parameters"])), theirs)
        if json.dumps(ours, sort_keys=True) == json.dumps(theirs, sort_keys=True):
            tally["same"] += 1
        else:
            tally["differ"] += 1
            lines += [f"== {spec.callable}", f"OURS   {json.dumps(ours, sort_keys=True)}", f"THEIRS {json.dumps(theirs, sort_keys=True)}"]
    (out / f"{package}.txt").write_text("\n".join(lines) + "\n")
    return tally


_CLASSES = "hts_classes"  # the module of functions that take the classes compared


def _class_functions(package: str, root: Path) -> tuple[str, dict[str, object]]:
    """Writes `hts_classes.py` into the copy of `package` (of a namespace package, its first regular package), a
    function per public record class or Enum its modules define (`def f3(x: Model): ...`, the class imported from
    its module), and returns that module's name and the same functions, made here around the classes as imported."""
    import dataclasses
    import enum
    import pkgutil
    import typing

    from pydantic import BaseModel

    def record(obj: object) -> bool:
        return isinstance(obj, type) and (
            issubclass(obj, (BaseModel, enum.Enum)) or dataclasses.is_dataclass(obj) or typing.is_typeddict(obj)
            or (issubclass(obj, tuple) and hasattr(obj, "_fields"))
        )  # fmt: skip

    names, waiting = [], [package]
    while waiting:  # every module, as `pkgutil.walk_packages` finds them, past a package that fails to import
        name = waiting.pop(0)
        names.append(name)
        try:
            folders = getattr(importlib.import_module(name), "__path__", [])
        except BaseException:  # noqa: BLE001 - its modules cannot be imported either
            continue
        waiting += [info.name for info in pkgutil.iter_modules(folders, f"{name}.")]
    lines, made = [], {}
    for name in names:
        try:
            module = importlib.import_module(name)
        except BaseException:  # noqa: BLE001 - a module that will not import is not compared
            continue
        for attribute, obj in sorted(vars(module).items()):
            public = attribute.isidentifier() and not attribute.startswith("_")  # not a `globals()` key of a generic's
            if not public or not record(obj) or obj.__module__ != name or obj is BaseModel:
                continue
            function = f"f{len(made)}"
            lines.append(f"from {name} import {attribute} as _{function}\n\n\ndef {function}(x: _{function}):\n"
                         f"    '''{name}.{attribute}'''\n\n\n")  # fmt: skip
            namespace: dict[str, object] = {f"_{function}": obj}
            exec(f"def {function}(x: _{function}): ...", namespace)  # noqa: S102 - the script's own function
            made[function] = namespace[function]
    folder = root / Path(*package.split("."))
    if not (folder / "__init__.py").exists():  # a namespace package: the scan reads its regular packages
        folder = min(path.parent for path in folder.glob("*/__init__.py"))
    folder.joinpath(f"{_CLASSES}.py").write_text("".join(lines))
    return ".".join(folder.relative_to(root).parts + (_CLASSES,)), made


def _their_schema(obj: object, call_style: str | None) -> dict:
    """pydantic's schema of a function's signature; for a LangChain `BaseTool` class, its `args_schema` model's, less
    the model's own description, which LangChain's `convert_to_openai_tool` drops (a class without such a model, or a
    smolagents tool class, raises: it is counted as having no pydantic schema)."""
    if not isinstance(obj, type):
        return runtime_schema(obj)
    from pydantic import BaseModel

    model = obj.model_fields["args_schema"].default if call_style == "langchain" else None  # type: ignore[attr-defined]
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"{obj.__name__} names no args_schema model")
    schema = model.model_json_schema()
    schema.pop("description", None)
    return schema


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="+", help="import names of installed packages (`google.adk`: a part of one)")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "hatch-toolschema-compare")
    parser.add_argument("--type-packages", nargs="*", default=[], help="installed packages whose types the scan reads")
    parser.add_argument("--classes", action="store_true", help="compare the package's record classes and Enums too")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shown = os.fdopen(os.dup(sys.stdout.fileno()), "w")  # a module may send fd 1 to /dev/null as it is imported (dspy's)
    with tempfile.TemporaryDirectory() as work:
        for package in args.packages:
            tally = compare(package, Path(work), args.out, tuple(args.type_packages), args.classes)
            print(package, json.dumps(tally), file=shown, flush=True)
    print("->", args.out, file=shown, flush=True)


if __name__ == "__main__":
    main()
