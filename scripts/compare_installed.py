"""Real-world conformance: the scan's schema of every public function of installed packages against pydantic's.

For each package named, the script copies its sources out of site-packages, scans them statically as a build would
(every public function of every module is a tool), then imports each function and asks pydantic for the schema of its
signature (as in `tests/test_conformance.py`); a LangChain `BaseTool` class is compared with its `args_schema` model's
schema. It prints, per package, how many functions agree, differ, have no pydantic schema (pydantic refuses the
signature) or are methods (left out), and writes each difference to `--out`.

    python scripts/compare_installed.py httpx langchain_core huggingface_hub --out /tmp/compare

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


def compare(package: str, work: Path, out: Path, type_packages: tuple[str, ...] = ()) -> dict[str, int]:
    top = package.partition(".")[0]  # `google.adk`: the whole `google` folder is read, its part's functions compared
    source = Path(sysconfig.get_paths()["purelib"]) / top
    root = work / package
    shutil.copytree(source, root / top, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (root / "pyproject.toml").write_text(f'[project]\nname = "{top}"\nversion = "0"\n')
    result = scan(root, [top], Config(include=(f"{package}.*:*", f"{package}:*"), type_packages=type_packages))
    tally = {"same": 0, "differ": 0, "no pydantic schema": 0, "method": 0}
    lines = []
    for spec in (tool for found in result.packages for tool in found.tools):
        module, _, qualname = spec.callable.partition(":")
        if "." in qualname:
            tally["method"] += 1
            continue
        try:
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
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shown = os.fdopen(os.dup(sys.stdout.fileno()), "w")  # a module may send fd 1 to /dev/null as it is imported (dspy's)
    with tempfile.TemporaryDirectory() as work:
        for package in args.packages:
            tally = compare(package, Path(work), args.out, tuple(args.type_packages))
            print(package, json.dumps(tally), file=shown, flush=True)
    print("->", args.out, file=shown, flush=True)


if __name__ == "__main__":
    main()
