# Docstrings (Google, NumPy, Sphinx) to descriptions, through griffe, minus griffe's known silent drops.
from __future__ import annotations

import ast
import inspect
import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import griffe

from .parallel import Background

_OPTIONS: dict[str, dict[str, bool]] = {
    # `int: the result` is a type and a description, not a value named `int`; and Returns is one block of text (as
    # items, each line at its indent was one, split at its first colon: Google's own example lost `example:` and more)
    "google": {"returns_named_value": False, "returns_multiple_items": False, "warnings": False, "warn_unknown_params": False},
    "numpy": {"warnings": False, "warn_unknown_params": False},
    "sphinx": {"warnings": False, "warn_unknown_params": False},
}
# Google's sections that list names, each with a description
_NAMED_SECTIONS = "Args|Arguments|Params|Parameters|Keyword Args|Keyword Arguments|Other Parameters|Attributes"
_GOOGLE_HEADER = re.compile(
    rf"^({_NAMED_SECTIONS}|Returns?|Yields?|Raises|Exceptions|Warns|Warnings|Examples?|Notes?|See Also|Todo"
    r"|References):\s*$"
)
_GOOGLE_RETURNS = re.compile(r"^([ \t]*)Returns?:[ \t]*$", re.M)
_NUMPY_UNDERLINE = re.compile(r"^-{3,}\s*$")
_CHOICES = re.compile(r"\s*\(choices:\s*(\[.*?\])\s*\)\s*$", re.S)
_ASCII_SPACE = " \t\n\r\f\v"  # str.strip() would also eat \u2028, \x1c and friends, which are text here
# NumPy's underlined headers cannot occur by chance in a Google docstring, but an `Args: ...` line can in a NumPy
# description: so NumPy is tried before Google (griffe's own order is Sphinx, Google, NumPy), where it can match.
_DETECTION_ORDER = [griffe.Parser.sphinx, griffe.Parser.numpy, griffe.Parser.google]
_WITHOUT_UNDERLINES = [griffe.Parser.sphinx, griffe.Parser.google]
_PARAMETER_KINDS = {griffe.DocstringSectionKind.parameters, griffe.DocstringSectionKind.other_parameters}


@dataclass(frozen=True)
class ParsedDocstring:
    description: str = ""
    params: dict[str, str] = field(default_factory=dict)
    choices: dict[str, list[object]] = field(default_factory=dict)
    returns: str | None = None
    style: str | None = None
    unread: str | None = None  # why griffe's parser failed on it (its whole text is then the description)
    repeated: tuple[str, ...] = ()  # names described more than once (the first description is kept)


def _separate_sections(text: str) -> str:
    """Put a blank line before each section header, which griffe needs to see the section at all: the first line
    too (a docstring that starts with `Args:`, as the OpenAI Agents SDK's own do)."""
    lines = text.split("\n")
    out: list[str] = []
    for index, line in enumerate(lines):
        underline = index + 1 < len(lines) and _NUMPY_UNDERLINE.match(lines[index + 1]) and line.strip()
        if (_GOOGLE_HEADER.match(line) or underline) and (not out or out[-1].strip()):
            out.append("")
        out.append(line)
    return "\n".join(out)


_PARAMETER_HEADER = re.compile(rf"^([ \t]*)({_NAMED_SECTIONS}):[ \t]*$")
_NAMED_ITEM = re.compile(r"^([ \t]*\*{0,2}[A-Za-z_]\w*)[ \t]*\(")
_COLON_IN_TYPE = re.compile(r"^[ \t]*\*{0,2}[A-Za-z_]\w*[ \t]*\(.*:.*\):", re.M)


def _untyped_items(text: str) -> str:
    """Each Google parameter item whose type in parentheses holds a colon (Hugging Face's `image (`str`, *optional*,
    defaults to `"python:3.12"`):`) without that type, which griffe would cut at the colon, losing the parameter's
    description; the schema takes the type from the annotation."""
    if not _COLON_IN_TYPE.search(text):  # most docstrings: nothing to do
        return text
    lines = text.split("\n")
    section: int | None = None  # the indent of the parameter section's header, while in one
    items: int | None = None  # the indent of its items
    for index, line in enumerate(lines):
        header = _PARAMETER_HEADER.match(line)
        if header or not line.strip():
            section, items = (len(header.group(1)), None) if header else (section, items)
            continue
        indent = len(line) - len(line.lstrip())
        if section is None or indent <= section:
            section = None
            continue
        items = indent if items is None else items
        named = _NAMED_ITEM.match(line) if indent == items else None
        end = _closing(line, named.end() - 1) if named else None
        if named and end is not None and line[end + 1 : end + 2] == ":" and ":" in line[named.end() : end]:
            lines[index] = named.group(1) + line[end + 1 :]
    return "\n".join(lines)


def _closing(line: str, start: int) -> int | None:
    """The index of the parenthesis that closes the one at `start`, outside `backticked` text; None if none does."""
    depth, quoted = 0, False
    for index in range(start, len(line)):
        char = line[index]
        if char == "`":
            quoted = not quoted
        elif not quoted and char in "()":
            depth += 1 if char == "(" else -1
            if depth == 0:
                return index
    return None


def _choices(description: str) -> tuple[str, list[object] | None]:
    """smolagents' `(choices: ["a", "b"])` suffix: the cleaned text and the values."""
    match = _CHOICES.search(description)
    if not match:
        return description, None
    try:
        values = json.loads(match.group(1))
    except ValueError:
        return description, None
    if not isinstance(values, list) or not values:
        return description, None
    return description[: match.start()].rstrip(), values


def _sections(text: str, style: str) -> tuple[str, list[griffe.DocstringSection]]:
    """griffe's sections of a docstring, in the given style or the one detected (per docstring) for `auto`."""
    if style == "auto":
        # griffe's patterns want a line break before a header and after a field, and it strips blank lines: a line
        # of its own at each end makes sure a docstring that starts with its section, or ends on its only `:param:`
        # line, is detected
        probe = griffe.Docstring(f".\n{text}\n.", lineno=1)
        order = _DETECTION_ORDER if "---" in text else _WITHOUT_UNDERLINES  # NumPy's search is the slow one
        parser, _ = griffe.infer_docstring_style(probe, style_order=order, default=griffe.Parser.google)
        style = parser.value if isinstance(parser, griffe.Parser) else str(parser or "google")
    sections = griffe.Docstring(text, lineno=1, parser=style, parser_options=_OPTIONS[style]).parse()  # type: ignore[arg-type]
    return style, sections


def parse_docstring(text: str, style: str) -> ParsedDocstring:
    """Split a cleaned docstring into the tool description, parameter descriptions and Returns."""
    try:
        style, sections = _sections(_separate_sections(_untyped_items(text)), style)
    except Exception as error:  # noqa: BLE001 - a bug of griffe's parser (black's `parent_type`): never the build's end
        return ParsedDocstring(description=text.strip(_ASCII_SPACE), unread=f"{type(error).__name__}: {error}")
    description: list[str] = []
    params: dict[str, str] = {}
    choices: dict[str, list[object]] = {}
    returns: list[str] = []
    repeated: list[str] = []
    structured = False
    for section in sections:
        if section.kind is griffe.DocstringSectionKind.text and not structured:
            description.append(section.value.strip(_ASCII_SPACE))
            continue
        structured = True
        if section.kind in _PARAMETER_KINDS:
            for param in section.value:
                cleaned, values = _choices(param.description.strip(_ASCII_SPACE))
                name = param.name.replace("\\", "").lstrip("*")  # `*args`, and reST's escaped `\*\*kwargs`
                if name in params:
                    repeated.append(name)
                params.setdefault(name, cleaned)
                if values is not None:
                    choices[name] = values
        elif section.kind is griffe.DocstringSectionKind.returns:
            for item in section.value:
                described = (_google_returns(text) if style == "google" else None) or item.description
                if described.strip(_ASCII_SPACE):
                    returns.append(described.strip(_ASCII_SPACE))
    if not structured:  # griffe trims Unicode whitespace too; a plain docstring is kept exactly as Python reads it
        description = [text.strip(_ASCII_SPACE)]
    return ParsedDocstring(
        description="\n\n".join(part for part in description if part),
        params=params,
        choices=choices,
        returns="\n".join(returns) or None,
        style=style,
        repeated=tuple(repeated),
    )


def _google_returns(text: str) -> str | None:
    """A Google docstring's Returns text, as written, without a leading `type:`.

    griffe takes whatever stands before the first colon for a type, so `The status: ok` lost `The status`: here it
    is a type only if it reads as one (`int`, `dict[str, float]`, `(list)`).
    """
    header = _GOOGLE_RETURNS.search(text)
    if header is None:
        return None
    indent = len(header.group(1))
    lines = text[header.end() :].split("\n")[1:]
    end = 0
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    block = textwrap.dedent("\n".join(lines[:end]))
    first, newline, rest = block.partition("\n")
    kind, colon, after = first.partition(":")
    if colon and _is_type(kind.strip().lstrip("(").rstrip(")")):
        return after.lstrip() + newline + rest
    return block


def _is_type(text: str) -> bool:
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return isinstance(tree.body, (ast.Name, ast.Attribute, ast.Subscript, ast.BinOp, ast.BoolOp))  # not `True`, `0`


PARALLEL_MINIMUM = 100_000  # bytes of source: below this, a second process costs more than it saves
AHEAD_SHARE = 0.75  # of the source, by size, whose docstrings a child parses while griffe loads it all


def docstring_of(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, exact: bool = False) -> str:
    """The docstring as `inspect.cleandoc` reads it, to the last character, but for lines outdented below the
    docstring's own statement (`_outdented`), which griffe would read no sections in; `exact`, with those too (a
    class's description, as pydantic writes it)."""
    text = ast.get_docstring(node) or ""
    if text and "\n" in text and not exact:
        return _outdented(node.body[0].value.value, node.body[0].col_offset) or text  # type: ignore[attr-defined]
    return text


def _outdented(raw: str, column: int) -> str | None:
    """A docstring cleaned by the indentation of its other lines where a few lines are outdented below the
    statement itself, which `inspect.cleandoc` takes for the margin: the continuation lines of a string in an
    example, at column 0 (Hugging Face's `chat_completion`), or a `"\\n"` in a docstring that is not raw. Every
    section below would keep its indentation, and griffe would see none. None where no line is outdented, the text
    starts flush left, or tabs make the columns unclear."""
    lines = raw.split("\n")
    widths = [len(line) - len(line.lstrip()) if line.strip() else None for line in lines[1:]]
    body = [width for width in widths if width is not None]
    if not body or min(body) >= column or body[0] < column or "\t" in raw:
        return None
    margin = min(width for width in body if width >= column)
    kept = [line[margin:] if width is not None and width >= margin else line.lstrip()
            for line, width in zip(lines[1:], widths)]
    return inspect.cleandoc("\n".join([lines[0], *kept]))


def docstring_after(stmt: ast.stmt | None) -> str | None:
    """An attribute's docstring: the string statement after its annotated assignment, as pydantic's
    `use_attribute_docstrings` reads it (`inspect.cleandoc`), or None."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
        return inspect.cleandoc(stmt.value.value)
    return None


class Docstrings:
    """The docstrings of one scan, each parsed once, many of them ahead of time by another core."""

    def __init__(self, style: str) -> None:
        self.style = style
        self._parsed: dict[str, ParsedDocstring] = {}

    def parse(self, text: str) -> ParsedDocstring:
        found = self._parsed.get(text)
        if found is None:
            found = self._parsed[text] = parse_docstring(text, self.style)
        return found

    def parse_ahead(self, paths: list[Path]) -> Background[dict[str, ParsedDocstring]]:
        """Start parsing the docstrings of the functions and methods in most of these files, in a forked child.

        The caller loads the same files with griffe meanwhile, then hands the job to `take`. The child takes
        the last files, three quarters of the source by size: it parses them in less time than griffe
        loads all, so it is done when its results are wanted, and the docstrings of the first files are
        parsed as their tools are read. Parsing is pure, so the output is the same. The work is speculative
        (most functions of a package may be no tools): without a child it is not done at all.
        """
        sizes = [path.stat().st_size for path in paths]
        total = sum(sizes)
        cut, taken = len(paths), 0
        while cut > 0 and taken < AHEAD_SHARE * total:
            cut -= 1
            taken += sizes[cut]
        return Background(lambda: self._parse_files(paths[cut:]), total >= PARALLEL_MINIMUM, instead=dict)

    def take(self, job: Background[dict[str, ParsedDocstring]]) -> None:
        self._parsed.update(job.result())

    def _parse_files(self, paths: list[Path]) -> dict[str, ParsedDocstring]:
        parsed: dict[str, ParsedDocstring] = {}
        for path in paths:
            try:
                tree = ast.parse(path.read_bytes(), filename=str(path))
            except (SyntaxError, ValueError):  # reported by the scan
                continue
            classes = [node.body for node in tree.body if isinstance(node, ast.ClassDef)]
            for node in (node for body in [tree.body, *classes] for node in body):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    text = docstring_of(node)
                    try:
                        parsed.setdefault(text, parse_docstring(text, self.style))
                    except Exception:  # noqa: BLE001 - raised again by `parse`, and reported, at the tool
                        continue
        return parsed
