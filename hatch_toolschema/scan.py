# The static scan: load packages with griffe (no imports, no inspection) and select the tools.
from __future__ import annotations

import ast
import fnmatch
import keyword
import logging
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, Sequence

import griffe

from .class_tools import ClassReader
from .classes import Built, ClassRegistry
from .config import MODULE_NAME, Config, PackageRef, package_refs
from .functions import FunctionReader, is_tool_decorator
from .model import ClassSpec, Diagnostic, PackageSpec, ScanResult, ToolSpec
from .parallel import Background
from .report import Located, Report
from .scope import SyntaxTrees, canonical

READ_PARALLEL_MINIMUM = 200  # objects to read: below this, a second process costs more than it saves
# The share of them, the last ones, that a forked child reads, so that both finish together in a real build: the
# parent parses the docstrings of the first files as it reads (the child that parsed ahead took the last ones), and
# both pay for the pages they share, copied at the first write to each (a reference count is enough).
CHILD_SHARE = 0.55
Read = tuple[list[ToolSpec], ClassSpec | None]  # an object's tools, and its entry in `CLASSES`


class ReadApart(NamedTuple):
    """What a forked child read: results, what it reported, and the named types it built."""

    results: list[Read]
    diagnostics: tuple[Diagnostic, ...]
    built: Built


TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


@contextmanager
def _quiet_griffe() -> Iterator[None]:
    logger = logging.getLogger("griffe")
    previous, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = previous


def _folder_name(name: str) -> bool:
    """Whether Python imports a folder of this name as (part of) a package: `import pkg.sub` names it."""
    return name.isidentifier() and not keyword.iskeyword(name)


def _regular(path: Path, top: Path) -> bool:
    """Whether every folder from the package down to this file has an `__init__.py`."""
    folder = path.parent
    while folder != top.parent:
        if not (folder / "__init__.py").is_file():
            return False
        folder = folder.parent
    return True


def _module_files(top: Path) -> list[Path]:
    """The package's module files: the `.py` files Python imports as its modules (not a generated module).

    A folder inside the package without an `__init__.py` is a namespace subpackage, whose modules Python imports
    (`pkg.sub.kinds`), but only where its name can be imported."""
    return [
        path
        for path in sorted(top.rglob("*.py"))
        if path.stem != MODULE_NAME and all(_folder_name(part) for part in path.parent.relative_to(top).parts)
    ]


def _walk(module: griffe.Module) -> Iterator[griffe.Module]:
    """The package and its submodules, in a stable order; imported modules (aliases, maybe cyclic) are skipped."""
    yield module
    for name, child in sorted(module.modules.items()):
        if name != MODULE_NAME and not child.is_alias and child.path == f"{module.path}.{name}":
            yield from _walk(child)  # type: ignore[arg-type]


def _definitions(module: griffe.Module) -> list[griffe.Object]:
    """The functions and classes a module defines (not those it imports: resolving them could fail)."""
    return [m for m in module.members.values() if not m.is_alias and (m.is_function or m.is_class)]


def _is_tool_decorator(decorator: griffe.Decorator) -> bool:
    target = decorator.value.function if isinstance(decorator.value, griffe.ExprCall) else decorator.value
    return is_tool_decorator(canonical(str(getattr(target, "canonical_path", target))))


class _Loader(griffe.GriffeLoader):
    """griffe's loader, taking a folder without `__init__.py` inside a package for the namespace subpackage Python
    imports it as (`pkg.sub.kinds`): griffe skips its files, as scripts, so their tools were missed and names leading
    into them did not resolve."""

    def _get_or_create_parent_module(self, module: griffe.Module, subparts: tuple[str, ...],
                                     subpath: Path) -> griffe.Module:  # fmt: skip
        parts = subparts[:-1]
        folder = subpath.parent.parent if subpath.stem == "__init__" else subpath.parent
        path = folder.parents[len(parts) - 1] if parts else folder
        parent: griffe.Object | griffe.Alias = module
        for part in parts:
            path /= part
            member = parent.members.get(part)
            if (member is None or member.is_alias) and _folder_name(part) and not (path / "__init__.py").is_file():
                # Importing `pkg.sub.kinds` binds `pkg.sub` to the subpackage, over what `pkg` bound to the name
                member = griffe.Module(part, filepath=[path], lines_collection=self.lines_collection,
                                       modules_collection=self.modules_collection)  # fmt: skip
                parent.set_member(part, member)
            if not isinstance(member, griffe.Module):
                break
            parent = member
        return super()._get_or_create_parent_module(module, subparts, subpath)  # type: ignore[misc]


class _SourceFinder(griffe.ModuleFinder):
    """griffe's finder, leaving out the `.pyi` stub beside a `.py` file: the source is what runs and what pydantic reads,
    and griffe merging a stub that overloads a name imported from an unscanned package fails (attrs does that)."""

    def find_package(self, module_name: str) -> griffe.Package | griffe.NamespacePackage:
        package = super().find_package(module_name)
        if isinstance(package, griffe.Package) and package.stubs and package.path.suffix == ".py":
            return griffe.Package(package.name, package.path, None)
        return package

    def iter_submodules(self, path: Path | list[Path], seen: set | None = None) -> Iterator[tuple[tuple[str, ...], Path]]:
        for parts, subpath in super().iter_submodules(path, seen):
            if subpath.suffix != ".pyi" or not subpath.with_suffix(".py").is_file():
                yield parts, subpath


class Scanner:
    def __init__(self, root: Path, config: Config, left_out: frozenset[str] = frozenset()) -> None:
        self.root = root
        self.config = config
        self.left_out = left_out  # module files the wheel does not ship, relative to the root: none of their tools
        self.report = Report()
        self.trees = SyntaxTrees()
        self.registry = ClassRegistry(root, self.trees.nodes, self.report)
        self.reader = FunctionReader(self.registry, config.docstring_style)
        self.classes = ClassReader(self.reader)
        self.matched_patterns: set[str] = set()

    def scan(self, refs: Sequence[PackageRef]) -> ScanResult:
        search_paths = sorted({str(ref.search_path) for ref in refs})
        if self.config.type_packages:  # found where Python would import them from, after the project's own folders
            search_paths += [path for path in dict.fromkeys(sys.path) if path and Path(path).is_dir()]
        loader = _Loader(
            search_paths=search_paths,
            allow_inspection=False,  # never import: compiled modules are skipped, not loaded
            store_source=True,  # keeps each file's lines: signatures show annotations as written
            extensions=griffe.Extensions(self.trees),  # not griffe's dataclasses extension, which computes each MRO
        )
        loader.finder = _SourceFinder(search_paths)
        files = {ref: _module_files(self.root / ref.directory) for ref in refs}
        docstrings = self.reader.docstrings
        with _quiet_griffe(), docstrings.parse_ahead([path for paths in files.values() for path in paths]) as ahead:
            loaded = []
            for ref in refs:
                package = loader.load(ref.import_name)
                if not isinstance(package, griffe.Module):
                    raise TypeError(f"{ref.directory} did not load as a package")
                loaded.append((ref, package))
            self._load_type_packages(loader, refs)
            docstrings.take(ahead)
            packages = []
            for ref, package in loaded:
                self._check_syntax(self.root / ref.directory, files[ref], package)
                packages.append(self._package(ref, package))
        self._check_patterns()
        return ScanResult(tuple(packages), tuple(sorted(self.report.items)))

    def _load_type_packages(self, loader: griffe.GriffeLoader, refs: Sequence[PackageRef]) -> None:
        """Load the `type-packages` beside the scanned ones, so that names leading into them resolve: their source
        is read as the project's is, never imported, and none of their objects is a tool."""
        scanned = {ref.import_name for ref in refs}
        for name in self.config.type_packages:
            problem = ""
            if name in scanned or any(name.startswith(f"{other}.") for other in scanned):
                problem = "a package this build scans already"
            else:
                try:
                    loader.load(name)
                except ImportError:
                    problem = "which is neither in this project nor installed where the build runs"
                    problem += " (list its distribution in `build-system.requires`)"
                except griffe.LoadingError as error:  # its `__init__.py` does not parse
                    problem = f"which cannot be read: {error}"
            if problem:
                line = _option_line(self.root, "type-packages", name)
                self.report.add("error", "pyproject.toml", line, 1, f"`type-packages` names `{name}`, {problem}")

    def _check_syntax(self, top: Path, files: list[Path], package: griffe.Module) -> None:
        """griffe skips modules it cannot parse; a build must fail on them instead, at the parser's position.

        Not on a file in a folder without `__init__.py`: such folders often hold no modules (templates, scripts)."""
        loaded = {str(m.filepath) for m in _walk(package) if isinstance(m.filepath, Path)}
        for path in files:
            if str(path.resolve()) in loaded or str(path) in loaded or not _regular(path, top):
                continue
            try:
                ast.parse(path.read_bytes(), filename=str(path))
            except SyntaxError as error:
                relative = path.relative_to(self.root).as_posix()
                self.report.add("error", relative, error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}")
            except ValueError as error:  # e.g. NUL bytes
                self.report.add("error", path.relative_to(self.root).as_posix(), 1, 1, f"cannot parse: {error}")

    def _package(self, ref: PackageRef, package: griffe.Module) -> PackageSpec:
        tools: dict[str, ToolSpec] = {}
        classes: list[ClassSpec] = []
        selected = [
            (module.path, obj)
            for module in _walk(package)
            if self._shipped(module)
            for obj in sorted(_definitions(module), key=lambda m: m.lineno or 0)
            if self._selected(module.path, obj)
        ]
        for found, entry in self._read_all(selected):
            classes.extend([entry] if entry else [])
            for spec in found:
                self._admit(spec, tools)
        if not tools and not classes:
            self.report.add(
                "warning", f"{ref.directory}/__init__.py", 1, 1,
                f"no tools found in `{ref.import_name}`: decorate functions with `@tool` or name them in `include`",
            )  # fmt: skip
        return PackageSpec(ref.import_name, ref.directory, tuple(tools.values()), tuple(classes))

    def _shipped(self, module: griffe.Module) -> bool:
        """Whether the wheel ships the module's file: a tool of one it leaves out could not be imported."""
        if not self.left_out or not isinstance(module.filepath, Path):
            return True
        try:
            return module.filepath.relative_to(self.root).as_posix() not in self.left_out
        except ValueError:  # not under the project's root
            return True

    def _read_all(self, selected: list[tuple[str, griffe.Object]]) -> list[Read]:
        """Each selected object's tools and class entry, in order; the last ones read by a forked child meanwhile.

        A named type (a `$defs` entry) is built once, at its first use, under a name that depends on the names
        taken before, and reports what it finds there. So the child's results are kept only where reading here
        would give the same (`Built.agrees`): a name both took must be the same type's, built by the child without
        a report. Otherwise the last ones are read again here: the outcome is always that of reading all in order.
        """
        cut = len(selected) - int(len(selected) * CHILD_SHARE) if len(selected) >= READ_PARALLEL_MINIMUM else len(selected)
        first, rest = selected[:cut], selected[cut:]
        mark = self.registry.built_count()
        with Background(lambda: self._read_apart(rest), worth_it=bool(rest), instead=lambda: None) as job:
            results = self._read_each(first)
            apart = job.result()
        if apart is None or not self.registry.built_since(mark).agrees(apart.built):
            return results + self._read_each(rest)
        self.report.extend(apart.diagnostics)
        self.registry.adopt(apart.built)
        return results + apart.results

    def _read_apart(self, selected: list[tuple[str, griffe.Object]]) -> ReadApart:
        mark, reported = self.registry.built_count(), len(self.report.items)
        results = self._read_each(selected)
        return ReadApart(results, tuple(self.report.items[reported:]), self.registry.built_since(mark))

    def _read_each(self, selected: list[tuple[str, griffe.Object]]) -> list[Read]:
        results: list[Read] = []
        for module_path, obj in selected:
            source = self.registry.source(obj)
            where = Located(self.report, source.display_path, obj.lineno or 1, 1)
            try:
                results.append(self._read(obj, module_path, where))
            except RecursionError:  # a limit: types or defaults nested a hundred levels and more
                where.error(
                    f"cannot read `{obj.name}`: its types or defaults nest more deeply than the scan follows "
                    "(RecursionError); if they do not, please report this"
                )
            except Exception as error:  # a bug or a limit of ours: say where, never a traceback
                where.error(f"cannot read `{obj.name}`: {type(error).__name__}: {error} (please report this)")
        return results

    def _read(self, obj: griffe.Object, module_path: str, where: Located) -> Read:
        if isinstance(obj, griffe.Class):
            return self.classes.read(obj, module_path, where)
        spec = self.reader.read(obj, obj.name, f"{module_path}:{obj.name}", where)  # type: ignore[arg-type]
        return ([spec] if spec else []), None

    def _admit(self, spec: ToolSpec, tools: dict[str, ToolSpec]) -> None:
        """Keep a tool whose name OpenAI accepts and no other tool of the package has."""
        here = Located(self.report, spec.path, spec.line, 1)
        if not TOOL_NAME.match(spec.name):
            here.error(f"tool name `{spec.name}` is not valid for OpenAI: it must match {TOOL_NAME.pattern}")
        elif spec.name in tools:
            other = tools[spec.name]
            here.error(f"tool name `{spec.name}` is already used by {other.callable} ({other.path}:{other.line})")
        else:
            tools[spec.name] = spec

    def _selected(self, module_path: str, obj: griffe.Object) -> bool:
        target = f"{module_path}:{obj.name}"
        matched = [p for p in self.config.include if fnmatch.fnmatchcase(target, p)]
        self.matched_patterns.update(matched)
        if any(fnmatch.fnmatchcase(target, p) for p in self.config.exclude):
            return False
        decorated = any(_is_tool_decorator(d) for d in obj.decorators)
        if obj.name.startswith("_"):
            exact = target in self.config.include
            if decorated and not exact:
                source = self.registry.source(obj)
                Located(self.report, source.display_path, obj.lineno or 1, 1).warn(
                    f"`{obj.name}` is decorated as a tool but is private; name it exactly in `include` to ship it"
                )
            return exact
        return decorated or bool(matched)

    def _check_patterns(self) -> None:
        for pattern in self.config.include:
            if pattern not in self.matched_patterns:
                line = _option_line(self.root, "include", pattern)
                self.report.add("warning", "pyproject.toml", line, 1, f"`include` pattern {pattern!r} matches nothing")


def _option_line(root: Path, option: str, value: str) -> int:
    """The line of the project's pyproject.toml where an option's array gives `value` (quoted either way), from the
    option's own line on; else that line, else 1."""
    pyproject = root / "pyproject.toml"
    lines = pyproject.read_text(encoding="utf-8").splitlines() if pyproject.is_file() else []
    start = next((i for i, line in enumerate(lines) if re.match(rf"\s*{option}\s*=", line)), None)
    if start is None:
        return 1
    quoted = (f'"{value}"', f"'{value}'")
    return next((i for i, line in enumerate(lines[start:], start + 1) if any(q in line for q in quoted)), start + 1)


def scan(root: Path, package_dirs: Sequence[str], config: Config,
         left_out: frozenset[str] = frozenset()) -> ScanResult:  # fmt: skip
    """Scan the given package directories of the project at `root`, statically; no tool comes from the module files
    in `left_out` (relative to the root: those the wheel leaves out)."""
    root = root.resolve()
    return Scanner(root, config, left_out).scan(package_refs(root, package_dirs))


def _package_files(root: Path, package_dirs: Sequence[str]) -> list[Path]:
    """The module files a scan of these package directories reads (`root` resolved)."""
    return [path for ref in package_refs(root, package_dirs) for path in _module_files(root / ref.directory)]


def unshipped(root: Path, package_dirs: Sequence[str], ships: Callable[[str], bool]) -> frozenset[str]:
    """The module files of these package directories that `ships` says a wheel leaves out (hatchling's
    `include_path`, which reads the target's `exclude`, `.gitignore` and the like), relative to the root."""
    root = root.resolve()
    relatives = (path.relative_to(root).as_posix() for path in _package_files(root, package_dirs))
    return frozenset(relative for relative in relatives if not ships(relative))


def source_bytes(root: Path, package_dirs: Sequence[str]) -> int:
    """The size of the module files a scan of these package directories reads."""
    return sum(path.stat().st_size for path in _package_files(root.resolve(), package_dirs) if path.is_file())
