# Diagnostics as data: collected while scanning, located at path:line:col.
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

from .model import Diagnostic, Level


@dataclass
class Report:
    items: list[Diagnostic] = field(default_factory=list)
    _seen: set[Diagnostic] = field(default_factory=set)  # the items, for a constant-time test (a package may give 10,000)

    def add(self, level: Level, path: str, line: int, col: int, message: str) -> None:
        self.extend([Diagnostic(path, line, col, level, message)])

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Add each diagnostic that is not there yet."""
        for diagnostic in diagnostics:
            if diagnostic not in self._seen:
                self._seen.add(diagnostic)
                self.items.append(diagnostic)


class Located(NamedTuple):
    """A place in a scanned file, to report at; `at(node)` moves it to a node (made often: a tuple is cheap)."""

    report: Report
    path: str
    line: int = 1
    col: int = 1
    node: ast.AST | None = None

    def at(self, node: ast.AST) -> Located:
        line = getattr(node, "lineno", None)
        if line is None:
            return Located(self.report, self.path, self.line, self.col, node)
        return Located(self.report, self.path, line, getattr(node, "col_offset", 0) + 1, node)

    def text(self) -> str:
        return ast.unparse(self.node) if isinstance(self.node, ast.expr) else ""

    def warn(self, message: str) -> None:
        self.report.add("warning", self.path, self.line, self.col, message)

    def error(self, message: str) -> None:
        self.report.add("error", self.path, self.line, self.col, message)
