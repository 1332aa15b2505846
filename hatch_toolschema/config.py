# Validation of the hooks' TOML tables, in one place, with hatchling-style messages.
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

BUILD_TABLE = "tool.hatch.build.hooks.toolschema"
METADATA_TABLE = "tool.hatch.metadata.hooks.toolschema"
DOCSTRING_STYLES = ("auto", "google", "numpy", "sphinx")
DEFAULT_GROUP = "agent_tools"
MODULE_NAME = "_tool_schemas"  # the generated module, beside tools.json in each package
# Keys hatchling itself reads from every build hook table.
HATCHLING_RESERVED = frozenset(
    {"dependencies", "require-runtime-dependencies", "require-runtime-features", "enable-by-default"}
)
_GROUP_RE = re.compile(r"^[A-Za-z0-9_.-]+$")
_BUILD_OPTIONS = frozenset(
    {"packages", "include", "exclude", "docstring-style", "strict", "entry-point-group", "type-packages"}
)
_DOTTED_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
# Libraries whose names the scan knows by their paths (`pydantic.Field`, `langchain_core.tools.tool`): read as source,
# their re-exports would lead those paths elsewhere. The standard library is known the same way.
KNOWN_LIBRARIES = frozenset(
    {"typing_extensions", "pydantic", "pydantic_core", "annotated_types", "langchain", "langchain_core", "langgraph",
     "smolagents", "mcp", "fastmcp", "agents", "pydantic_ai"}
)  # fmt: skip


class ConfigError(ValueError):
    """A user error in the configuration; the message names the option and its table."""


@dataclass(frozen=True)
class Config:
    packages: tuple[str, ...] | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    docstring_style: str = "auto"
    strict: bool = False
    entry_point_group: str = DEFAULT_GROUP
    type_packages: tuple[str, ...] = ()  # installed packages whose types the scan reads (never imports)


def _string_list(value: Any, option: str, table: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise ConfigError(f"Option `{option}` in `{table}` must be an array of non-empty strings")
    return tuple(value)


def parse_build_config(raw: Mapping[str, Any], table: str = BUILD_TABLE) -> Config:
    """Validate the build hook's table; unknown options are errors."""
    unknown = sorted(set(raw) - HATCHLING_RESERVED - _BUILD_OPTIONS)
    if unknown:
        names = ", ".join(f"`{name}`" for name in unknown)
        allowed = ", ".join(f"`{name}`" for name in sorted(_BUILD_OPTIONS))
        raise ConfigError(f"Unknown option {names} in `{table}`; the options are {allowed}")
    values: dict[str, Any] = {}
    for option in ("packages", "include", "exclude"):
        if option in raw:
            values[option] = _string_list(raw[option], option, table)
    if "docstring-style" in raw:
        style = raw["docstring-style"]
        if style not in DOCSTRING_STYLES:
            choices = ", ".join(f"`{s}`" for s in DOCSTRING_STYLES)
            raise ConfigError(f"Option `docstring-style` in `{table}` must be one of {choices}, not {style!r}")
        values["docstring_style"] = style
    if "strict" in raw:
        if not isinstance(raw["strict"], bool):
            raise ConfigError(f"Option `strict` in `{table}` must be a boolean")
        values["strict"] = raw["strict"]
    if "entry-point-group" in raw:
        group = raw["entry-point-group"]
        if not isinstance(group, str) or not _GROUP_RE.match(group):
            raise ConfigError(
                f"Option `entry-point-group` in `{table}` must be a string of letters, digits, `.`, `_` or `-`"
            )
        values["entry_point_group"] = group
    if "type-packages" in raw:
        values["type_packages"] = _type_packages(raw["type-packages"], table)
    return Config(**values)


def _type_packages(value: Any, table: str) -> tuple[str, ...]:
    names = _string_list(value, "type-packages", table)
    for name in names:
        if not _DOTTED_RE.match(name):
            raise ConfigError(f"Option `type-packages` in `{table}` takes import names (`acme_models`), not {name!r}")
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top in KNOWN_LIBRARIES:
            raise ConfigError(
                f"Option `type-packages` in `{table}` names `{name}`, whose types hatch-toolschema knows already; "
                "leave it out"
            )
    return tuple(sorted(set(names)))


def parse_metadata_config(raw: Mapping[str, Any], table: str = METADATA_TABLE) -> dict[str, dict[str, str]]:
    """Validate the metadata hook's table and return the user's own static entry points.

    With `dynamic = ["entry-points"]`, hatchling forbids `[project.entry-points]`, so
    other entry points move here as `entry-points = {group = {name = "mod:obj"}}`.
    """
    unknown = sorted(set(raw) - {"entry-points"})
    if unknown:
        names = ", ".join(f"`{name}`" for name in unknown)
        raise ConfigError(f"Unknown option {names} in `{table}`; the only option is `entry-points`")
    groups = raw.get("entry-points", {})
    message = f"Option `entry-points` in `{table}` must be a table of tables of strings"
    if not isinstance(groups, dict):
        raise ConfigError(message)
    for entries in groups.values():
        if not isinstance(entries, dict) or not all(isinstance(v, str) for v in entries.values()):
            raise ConfigError(message)
    return {group: dict(entries) for group, entries in groups.items()}


def build_table(pyproject: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]] | None:
    """Find the build hook's table in a parsed pyproject.toml, target-specific first."""
    hatch = pyproject.get("tool", {}).get("hatch", {}).get("build", {})
    target = hatch.get("targets", {}).get("wheel", {}).get("hooks", {})
    if "toolschema" in target:
        return "tool.hatch.build.targets.wheel.hooks.toolschema", target["toolschema"]
    if "toolschema" in hatch.get("hooks", {}):
        return BUILD_TABLE, hatch["hooks"]["toolschema"]
    return None


def config_from_pyproject(pyproject: Mapping[str, Any]) -> Config:
    """The build hook's configuration as written in a parsed pyproject.toml (defaults when there is no table)."""
    located = build_table(pyproject)
    return parse_build_config(located[1], located[0]) if located else Config()


def _normalize(name: str) -> str:
    return re.sub(r"[^\w\d.]+", "_", name, flags=re.UNICODE)


def default_packages(root: Path, pyproject: Mapping[str, Any]) -> list[str]:
    """The wheel's packages as hatchling would choose them, for callers with no builder."""
    build = pyproject.get("tool", {}).get("hatch", {}).get("build", {})
    wheel = build.get("targets", {}).get("wheel", {})
    for table in (wheel, build):
        if isinstance(table.get("packages"), list):
            return sorted(table["packages"])
    name = _normalize(str(pyproject.get("project", {}).get("name", "")))
    for candidate in (name, name.lower()):
        if (root / candidate / "__init__.py").is_file():
            return [candidate]
        if (root / "src" / candidate / "__init__.py").is_file():
            return [f"src/{candidate}"]
    return []


@dataclass(frozen=True)
class PackageRef:
    import_name: str
    directory: str  # relative to the project root, forward slashes
    search_path: Path


def package_refs(root: Path, directories: Sequence[str]) -> list[PackageRef]:
    """Turn the wheel's package directories into importable packages; namespace dirs expand to their children."""
    refs: list[PackageRef] = []
    for directory in sorted(set(directories)):
        path = (root / directory).resolve()
        if (path / "__init__.py").is_file():
            refs.append(PackageRef(path.name, Path(directory).as_posix(), path.parent))
            continue
        for child in sorted(p for p in path.iterdir() if (p / "__init__.py").is_file()) if path.is_dir() else []:
            refs.append(PackageRef(f"{path.name}.{child.name}", f"{Path(directory).as_posix()}/{child.name}", path.parent))
    return refs
