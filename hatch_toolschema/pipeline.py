# The one path from a project tree to generated files, shared by the build hook and the CLI.
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from .config import MODULE_NAME, Config
from .model import Diagnostic, PackageSpec, errors_among
from .parallel import Background
from .render import package_files
from .scan import scan, source_bytes

CHILD_MINIMUM_BYTES = 100_000  # about 180 tools with Google docstrings


@dataclass(frozen=True)
class GeneratedPackage:
    import_name: str
    directory: str  # relative to the project root, with forward slashes
    tools: int  # how many tools it ships
    module: str  # the source of _tool_schemas.py
    json: str  # the text of tools.json

    def files(self) -> dict[str, str]:
        """Paths relative to the package directory, with their contents."""
        return {f"{MODULE_NAME}.py": self.module, "tools.json": self.json}


@dataclass(frozen=True)
class Generation:
    """What a build needs of a scan: its findings, and the files (none when something fails)."""

    diagnostics: tuple[Diagnostic, ...]
    packages: tuple[GeneratedPackage, ...]
    strict: bool
    tools_found: int  # also when the build fails

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return errors_among(self.diagnostics)

    @property
    def failures(self) -> tuple[Diagnostic, ...]:
        """What fails the build: errors, and warnings too under `strict`."""
        return self.diagnostics if self.strict else self.errors


@contextmanager
def _collection_paused() -> Iterator[None]:
    """No cyclic garbage collection while the scan builds its trees: they all live until the end anyway.

    The collector would otherwise walk griffe's growing object graph again and again (about a third of the
    hook's time for 1000 tools); it runs as usual once the generation is done.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def generate(root: Path, config: Config, package_dirs: Sequence[str],
             left_out: frozenset[str] = frozenset()) -> Generation:  # fmt: skip
    """Scan statically and, if nothing fails, render every package's files in memory. No tool comes from the module
    files in `left_out` (`scan.unshipped`: those the wheel leaves out).

    From `CHILD_MINIMUM_BYTES` of source on, or with type packages, this runs in a forked child where that is safe
    (it forks again for parts of the work). What the scan leaves behind, griffe's trees with their reference cycles
    (about 120,000 objects per 1000 tools), then ends with the child: this process would spend about 0.1 s per 1000
    tools collecting it, and it stays as small as it was. Below that size, the pages the child copies as it writes
    to them cost more than the collection. Type packages are read whole: with the openai SDK's types, this process
    grew to 322 MB (32 MB with the child) and took 0.4 s to collect.
    """
    large = bool(config.type_packages) or source_bytes(root, package_dirs) >= CHILD_MINIMUM_BYTES
    with Background(lambda: _generate(root, config, package_dirs, left_out), large) as job:
        return job.result()


def _generate(root: Path, config: Config, package_dirs: Sequence[str], left_out: frozenset[str]) -> Generation:
    with _collection_paused():
        result = scan(root, package_dirs, config, left_out)
        failing = result.diagnostics if config.strict else result.errors
        packages = () if failing else tuple(_render(package) for package in result.packages)
    found = sum(len(package.tools) for package in result.packages)
    return Generation(result.diagnostics, packages, config.strict, found)


def _render(package: PackageSpec) -> GeneratedPackage:
    return GeneratedPackage(package.import_name, package.directory, len(package.tools), *package_files(package))
