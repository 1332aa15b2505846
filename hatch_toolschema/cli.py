# The command line: `scan` prints what a build would ship, `check` its diagnostics, `show` a wheel's tools.
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from .config import Config, ConfigError, config_from_pyproject, default_packages
from .pipeline import Generation, generate
from .render import combined_json
from .scan import unshipped


def _load_project(root: Path) -> tuple[Config, list[str], frozenset[str]]:
    """The hook's configuration, the wheel's packages and the module files it leaves out, read the way the build
    hook reads them."""
    import tomllib

    from hatchling.builders.wheel import WheelBuilder

    pyproject_path = root / "pyproject.toml"
    if not pyproject_path.is_file():
        raise ConfigError(f"{pyproject_path}: no pyproject.toml in the project directory")
    pyproject = tomllib.loads(pyproject_path.read_text(encoding="utf-8"))
    config = config_from_pyproject(pyproject)
    try:
        wheel = WheelBuilder(str(root)).config
        packages = list(config.packages) if config.packages is not None else list(wheel.packages)
        return config, packages, unshipped(root, packages, wheel.include_path)
    except (ValueError, TypeError):  # a wheel target hatchling cannot read: the build reports it
        packages = list(config.packages) if config.packages is not None else default_packages(root, pyproject)
        return config, packages, frozenset()


def _run(root: Path, strict: bool = False) -> Generation:
    config, packages, left_out = _load_project(root.resolve())
    if strict:
        config = Config(**{**config.__dict__, "strict": True})
    return generate(root.resolve(), config, packages, left_out)


def _print_diagnostics(generation: Generation) -> None:
    for diagnostic in generation.diagnostics:
        print(diagnostic, file=sys.stderr)


def cmd_scan(args: argparse.Namespace) -> int:
    generation = _run(Path(args.project_dir))
    _print_diagnostics(generation)
    if generation.failures:
        return 1
    sys.stdout.write(combined_json([generated.json for generated in generation.packages]))  # as the wheel has it
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    generation = _run(Path(args.project_dir), strict=args.strict)
    for diagnostic in generation.diagnostics:
        print(diagnostic)
    errors, warnings = len(generation.errors), len(generation.diagnostics) - len(generation.errors)
    print(f"{generation.tools_found} tool(s), {errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if generation.failures else 0


def cmd_show(args: argparse.Namespace) -> int:
    """List the tools a built wheel ships, from its dist-info copy, without installing or importing it."""
    import zipfile

    with zipfile.ZipFile(args.wheel) as archive:
        copies = [n for n in archive.namelist() if n.endswith(".dist-info/extra_metadata/tools.json")]
        if not copies:
            print(f"hatch-toolschema: {args.wheel} carries no tool schemas", file=sys.stderr)
            return 1
        data = json.loads(archive.read(copies[0]))
    for doc in data if isinstance(data, list) else [data]:
        print(f"{doc['package']}: {len(doc['tools'])} tool(s)")
        for tool in doc["tools"]:
            summary = tool["description"].split("\n", 1)[0]
            marker = "async " if tool["async"] else ""
            print(f"  {marker}{tool['name']}{tool['signature']}\n      {summary}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hatch-toolschema", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    scan = commands.add_parser("scan", help="print the tools.json a wheel build would ship")
    scan.add_argument("project_dir")
    scan.set_defaults(handler=cmd_scan)
    check = commands.add_parser("check", help="print diagnostics as path:line:col: level: message")
    check.add_argument("project_dir")
    check.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    check.set_defaults(handler=cmd_check)
    show = commands.add_parser("show", help="list the tools a built wheel ships")
    show.add_argument("wheel")
    show.set_defaults(handler=cmd_show)
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except ConfigError as error:
        print(f"hatch-toolschema: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
