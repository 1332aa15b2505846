# Docstrings (Google, NumPy, Sphinx) to descriptions, through griffe, minus griffe's known silent drops.
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import griffe

from .parallel import Background

_OPTIONS: dict[str, dict[str, bool]] = {
    # `int: the result` is a type and a description, not a value named `int`.
    "google": {"returns_named_value": False, "warnings": False, "warn_unknown_params": False},
    "numpy": {"warnings": False, "warn_unknown_params": False},
    "sphinx": {"warnings": False, "warn_unknown_params": False},
}
_GOOGLE_HEADER = re.compile(
    r"^(Args|Arguments|Params|Parameters|Keyword Args|Keyword Arguments|Other Parameters|Returns?|Yields?"
    r"|Raises|Exceptions|Warns|Warnings|Examples?|Notes?|Attributes|See Also|Todo|References):\s*$"
)
_NUMPY_UNDERLINE = re.compile(r"^-{3,}\s*$")
_CHOICES = re.compile(r"\s*\(choices:\s*(\[.*?\])\s*\)\s*$", re.S)
_ASCII_SPACE = " \t\n\r\f\v"  # str.strip() would also eat \u2028, \x1c and friends, which are text here
_PARAMETER_KINDS = {griffe.DocstringSectionKind.parameters, griffe.DocstringSectionKind.other_parameters}


@dataclass(frozen=True)
class ParsedDocstring:
    description: str = ""
    params: dict[str, str] = field(default_factory=dict)
    choices: dict[str, list[object]] = field(default_factory=dict)
    returns: str | None = None
    style: str | None = None


def _separate_sections(text: str) -> str:
    """Put a blank line before each section header, which griffe needs to see the section at all."""
    lines = text.split("\n")
    out: list[str] = []
    for index, line in enumerate(lines):
        underline = index + 1 < len(lines) and _NUMPY_UNDERLINE.match(lines[index + 1]) and line.strip()
        if (_GOOGLE_HEADER.match(line) or underline) and out and out[-1].strip():
            out.append("")
        out.append(line)
    return "\n".join(out)


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
    sections = None
    if style == "auto":
        docstring = griffe.Docstring(text, lineno=1)
        parser, sections = griffe.infer_docstring_style(docstring, per_style_options=_OPTIONS, default=griffe.Parser.google)
        style = parser.value if isinstance(parser, griffe.Parser) else str(parser or "google")
    if sections is None:
        sections = griffe.Docstring(text, lineno=1, parser=style, parser_options=_OPTIONS[style]).parse()  # type: ignore[arg-type]
    return style, sections


def parse_docstring(text: str, style: str) -> ParsedDocstring:
    """Split a cleaned docstring into the tool description, parameter descriptions and Returns."""
    style, sections = _sections(_separate_sections(text), style)
    description: list[str] = []
    params: dict[str, str] = {}
    choices: dict[str, list[object]] = {}
    returns: list[str] = []
    structured = False
    for section in sections:
        if section.kind is griffe.DocstringSectionKind.text and not structured:
            description.append(section.value.strip(_ASCII_SPACE))
            continue
        structured = True
        if section.kind in _PARAMETER_KINDS:
            for param in section.value:
                cleaned, values = _choices(param.description.strip(_ASCII_SPACE))
                name = param.name.lstrip("*")
                params.setdefault(name, cleaned)
                if values is not None:
                    choices[name] = values
        elif section.kind is griffe.DocstringSectionKind.returns:
            returns.extend(item.description.strip(_ASCII_SPACE) for item in section.value if item.description.strip(_ASCII_SPACE))
    if not structured:  # griffe trims Unicode whitespace too; a plain docstring is kept exactly as Python reads it
        description = [text.strip(_ASCII_SPACE)]
    return ParsedDocstring(
        description="\n\n".join(part for part in description if part),
        params=params,
        choices=choices,
        returns="\n".join(returns) or None,
        style=style,
    )


PARALLEL_MINIMUM = 200  # below this many docstrings, a second process costs more than it saves


class Docstrings:
    """The docstrings of one scan, each parsed once; `prefetch` parses many, half of them in a forked child."""

    def __init__(self, style: str) -> None:
        self.style = style
        self._parsed: dict[str, ParsedDocstring] = {}

    def parse(self, text: str) -> ParsedDocstring:
        found = self._parsed.get(text)
        if found is None:
            found = self._parsed[text] = parse_docstring(text, self.style)
        return found

    def prefetch(self, texts: list[str]) -> None:
        """Parse these ahead of use: parsing is pure, so another core can take half (the output is the same).

        A docstring that fails to parse is left for `parse`, which raises where the tool is read.
        """
        todo = sorted(set(texts) - self._parsed.keys())
        half = len(todo) // 2
        with Background(lambda: self._parse_all(todo[half:]), len(todo) >= PARALLEL_MINIMUM) as second:
            parsed = self._parse_all(todo[:half]) + second.result()
        self._parsed.update((text, doc) for text, doc in zip(todo, parsed) if doc is not None)

    def _parse_all(self, texts: list[str]) -> list[ParsedDocstring | None]:
        parsed: list[ParsedDocstring | None] = []
        for text in texts:
            try:
                parsed.append(parse_docstring(text, self.style))
            except Exception:  # noqa: BLE001 - reported by `parse`, at the tool
                parsed.append(None)
        return parsed
