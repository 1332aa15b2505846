# Static name resolution (through griffe) and per-module syntax trees (through ast), never importing.
from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import griffe

_MISSING = object()
BUILTIN_NAMES = frozenset(dir(builtins))
# Spellings that mean the same thing to a type checker, folded onto one name.
_PREFIX_ALIASES = (("typing_extensions.", "typing."), ("builtins.", ""), ("_collections_abc.", "collections.abc."))


def canonical(path: str) -> str:
    for prefix, replacement in _PREFIX_ALIASES:
        if path.startswith(prefix):
            return replacement + path[len(prefix) :]
    return path


def dotted_name(node: ast.expr) -> str | None:
    """`a.b.c` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def literal(node: ast.expr) -> Any:
    """The value of a literal expression, or `_MISSING`; never evaluates code."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _MISSING
    return value


def is_missing(value: Any) -> bool:
    return value is _MISSING


def to_json(value: Any) -> Any:
    """The JSON form of a literal Python value (tuples and sets become sorted lists), or missing."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else _MISSING
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_json(item) for item in value]
        if any(item is _MISSING for item in items):
            return _MISSING
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        items = {key: to_json(item) for key, item in value.items()}
        return _MISSING if any(item is _MISSING for item in items.values()) else items
    return _MISSING


class ModuleSource:
    """A module's syntax tree, parsed once, with its definitions indexed by line."""

    def __init__(self, module: griffe.Module, root: Path) -> None:
        self.module = module
        filepath = module.filepath if isinstance(module.filepath, Path) else Path(str(module.filepath))
        self.filepath = filepath
        try:
            self.display_path = filepath.relative_to(root).as_posix()
        except ValueError:
            self.display_path = filepath.as_posix()

    @cached_property
    def tree(self) -> ast.Module:
        return ast.parse(self.filepath.read_text(encoding="utf-8"), filename=str(self.filepath))

    @cached_property
    def _definitions(self) -> dict[int, ast.AST]:
        found: dict[int, ast.AST] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found[node.lineno] = node
                for decorator in node.decorator_list:
                    found.setdefault(decorator.lineno - 1, node)
        return found

    @cached_property
    def _assignments(self) -> dict[int, ast.expr]:
        found: dict[int, ast.expr] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                found[node.lineno] = node.value
            elif type(node).__name__ == "TypeAlias":  # PEP 695, Python 3.12+
                found[node.lineno] = node.value  # type: ignore[attr-defined]
        return found

    def assigned_value(self, obj: griffe.Object) -> ast.expr | None:
        """The right-hand side of the assignment that defines a module attribute."""
        return self._assignments.get(obj.lineno or 0)

    def definition(self, obj: griffe.Object) -> ast.AST | None:
        """The `def`/`class` node for a griffe object, matched by line."""
        node = self._definitions.get(obj.lineno or 0)
        if node is not None and getattr(node, "name", None) == obj.name:
            return node
        for candidate in self._definitions.values():
            if getattr(candidate, "name", None) == obj.name and candidate.lineno >= (obj.lineno or 0):
                return candidate
        return None


@dataclass
class Scope:
    """Resolves names as written in one module to canonical dotted paths and griffe objects."""

    module: griffe.Module
    collection: griffe.ModulesCollection

    def qualify(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        try:
            base = self.module.resolve(head)
        except griffe.NameResolutionError:
            base = head
        path = f"{base}.{rest}" if rest else base
        target = self.lookup(path)
        if isinstance(target, griffe.Object):
            path = target.path
        return canonical(path)

    def lookup(self, path: str) -> griffe.Object | None:
        """The object at a dotted path in the scanned packages, following aliases."""
        try:
            obj = self.collection.get_member(path)
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        for _ in range(20):
            if not isinstance(obj, griffe.Alias):
                return obj
            try:
                obj = obj.target
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                return None
        return None

    def for_object(self, obj: griffe.Object) -> Scope:
        return Scope(obj.module, self.collection)
