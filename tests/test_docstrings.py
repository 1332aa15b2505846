# Docstring styles and griffe's known silent drops, through the whole scan.
from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_toolschema.docstrings import parse_docstring
from conftest import messages, scan_source, tools_of

GOOGLE = '''Get the forecast.

    More detail here.

    Args:
        city: The city.
        days (int, optional): How many days
            ahead, at most 7.

            A second paragraph.

    Returns:
        int: The temperature.

    Raises:
        ValueError: Never leaks into the description.
'''
NUMPY = """Get the forecast.

    More detail here.

    Parameters
    ----------
    city : str
        The city.
    days : int, optional
        How many days ahead, at most 7.

    Returns
    -------
    int
        The temperature.
"""
SPHINX = """Get the forecast.

    More detail here.

    :param city: The city.
    :type city: str
    :param days: How many days ahead, at most 7.
    :returns: The temperature.
    :rtype: int
"""


def _tool(tmp_path: Path, docstring: str, style: str = "auto") -> dict:
    source = f'def forecast(city: str, days: int = 3) -> int:\n    """{docstring}"""\n'
    return tools_of(scan_source(tmp_path, source, docstring_style=style))["forecast"]


@pytest.mark.parametrize("style", ["auto", "explicit"])
@pytest.mark.parametrize(("name", "docstring"), [("google", GOOGLE), ("numpy", NUMPY), ("sphinx", SPHINX)])
def test_each_style_gives_description_params_and_returns(tmp_path: Path, name: str, docstring: str, style: str) -> None:
    tool = _tool(tmp_path, docstring, name if style == "explicit" else "auto")
    assert tool["description"] == "Get the forecast.\n\nMore detail here."
    props = tool["parameters"]["properties"]
    assert props["city"]["description"] == "The city."
    assert props["days"]["description"].startswith("How many days")
    assert tool["returns"] == {"schema": {"type": "integer"}, "description": "The temperature."}


def test_google_multiline_and_multiparagraph(tmp_path: Path) -> None:
    tool = _tool(tmp_path, GOOGLE, "google")
    assert tool["parameters"]["properties"]["days"]["description"] == "How many days\nahead, at most 7.\n\nA second paragraph."
    assert "Raises" not in tool["description"] and "ValueError" not in tool["description"]


@pytest.mark.parametrize("header", ["Args:", "Arguments:", "Parameters:", "Keyword Args:"])
def test_google_header_variants(tmp_path: Path, header: str) -> None:
    tool = _tool(tmp_path, f"Do it.\n\n    {header}\n        city (str, optional): The city.\n        days: Days.\n    ", "google")
    assert tool["parameters"]["properties"]["city"]["description"] == "The city."


def test_no_blank_line_before_sections_loses_nothing(tmp_path: Path) -> None:
    tool = _tool(tmp_path, "Do it.\n    Args:\n        city: The city.\n        days: Days.\n    Returns:\n        The result.\n    ")
    assert tool["description"] == "Do it."
    assert tool["parameters"]["properties"]["city"]["description"] == "The city."
    assert tool["returns"]["description"] == "The result."


@pytest.mark.parametrize(
    ("start", "returns"),
    [("", "\n    Returns:\n        The result."), ("\n    ", "\n    Returns:\n        The result."), ("\n    ", "")],
)  # `"""\n    Args:`, as the OpenAI Agents SDK's docstrings start; `"""Args:` with no other section, its items
# indented from the function's body, loses that indentation to the cleaning of the docstring (`inspect.cleandoc`)
def test_docstring_starting_with_args(tmp_path: Path, start: str, returns: str) -> None:
    # griffe saw `Args:` on the first line as the summary where no other section followed (and black's
    # `parent_type`, all of whose docstring was its Returns section, made it fail)
    source = f'def forecast(city: str, days: int = 3) -> int:\n    """{start}Args:\n        city: The city.\n        days: Days.{returns}\n    """\n'
    generation = scan_source(tmp_path, source)
    tool = tools_of(generation)["forecast"]
    assert tool["description"] == ""
    assert tool["parameters"]["properties"]["days"]["description"] == "Days."
    assert tool.get("returns", {}).get("description") == ("The result." if returns else None)
    assert messages(generation) == [
        "demo/tools.py:1:1: warning: the docstring of tool `forecast` has no text before its sections; the model gets "
        "no description of it"
    ]


OUTDENTED_EXAMPLE = '''def chat(messages: list, model: str = "m") -> str:
    """Ask a model.

    Args:
        messages (`list`):
            The conversation.
        model (`str`, *optional*):
            The model to use.

    Example:
    ```py
    >>> chat([], response_format={"type": "json", "value": '{"a": 1,
"b": 2}'})
    ```
    """
    return ""


def flush(a: int) -> int:
    """Flush left.

Args:
    a: The a.
"""
    return a


def deep(a: int) -> int:
    """Deep first.

        >>> deep(1)
    Args:
        a: The a.
    """
    return a
'''


def test_lines_outdented_below_the_docstring_do_not_hide_its_sections(tmp_path: Path) -> None:
    """A string's continuation at column 0 in an example (Hugging Face's `chat_completion`) made `inspect.cleandoc`
    keep every other line's indentation, so no section was seen (the peers see none either). The docstring is cleaned
    by its other lines; one written flush left, or starting deeper than its sections, is cleaned as before."""
    generation = scan_source(tmp_path, OUTDENTED_EXAMPLE)
    assert messages(generation) == []
    tools = tools_of(generation)
    assert tools["chat"]["description"] == "Ask a model."
    assert [p["description"] for p in tools["chat"]["parameters"]["properties"].values()] == ["The conversation.", "The model to use."]
    assert tools["flush"]["description"] == "Flush left."
    assert tools["deep"]["description"] == "Deep first.\n\n    >>> deep(1)"
    assert tools["flush"]["parameters"] == tools["deep"]["parameters"]
    assert tools["deep"]["parameters"]["properties"]["a"]["description"] == "The a."


def test_sphinx_escaped_stars_name_the_variadic_parameters(tmp_path: Path) -> None:
    """reST escapes `*` (`:param \\*\\*kwargs:`), as dateutil and Pillow write it: the name is still `kwargs`."""
    source = (
        "def show(image: str, *args: int, **options: str) -> bool:\n"
        '    r"""Show.\n\n    :param image: An image.\n    :param \\*args: Sizes.\n    :param \\*\\*options: Viewer options.\n    """\n'
    )
    generation = scan_source(tmp_path, source)
    assert messages(generation) == []
    properties = tools_of(generation)["show"]["parameters"]["properties"]
    assert [properties[name]["description"] for name in ("image", "args", "options")] == ["An image.", "Sizes.", "Viewer options."]


def test_a_docstring_griffe_fails_on_is_the_description_with_a_warning(tmp_path: Path) -> None:
    """griffe's Google parser raises IndexError on a Returns section whose first line is not indented and its
    next one is (black's `parent_type` once met it too). The tool is still built, described by the whole text, and
    the warning says why."""
    source = (
        "def parent_type(node: str) -> str:\n"
        '    """Find the type of the parent of a node.\n\n    Returns:\n    the type of the parent,\n        if there is one.\n    """\n'
    )
    generation = scan_source(tmp_path, source)
    tool = tools_of(generation)["parent_type"]
    assert tool["description"] == inspect.cleandoc(source.split('"""')[1])
    assert messages(generation) == [
        "demo/tools.py:1:1: warning: griffe cannot parse the docstring of `parent_type` (IndexError: list index out of "
        "range); its whole text is the description"
    ]


def test_hugging_face_types_holding_a_colon_keep_the_descriptions() -> None:
    """`image (`str`, *optional*, defaults to `"python:3.12"`):`: griffe cut the item at the colon in its type, and
    the parameter lost its description (Hugging Face's libraries write their docstrings so)."""
    docstring = (
        "Create a sandbox.\n\n"
        "Args:\n"
        '    image (`str`, *optional*, defaults to `"python:3.12"`):\n'
        "        Any Docker image (e.g. `python:3.12`): see hub (a: b): here.\n"
        "    flavor (`str`, *optional*, defaults to `\"cpu-basic\"`):\n"
        "        Hardware flavor.\n"
        "    url (`str`, defaults to `\"https://hf.co\"`): The endpoint (with its scheme: https).\n"
        "Returns:\n"
        "    note (`str`: x): not a parameter."
    )
    parsed = parse_docstring(docstring, "auto")
    assert parsed.params == {
        "image": "Any Docker image (e.g. `python:3.12`): see hub (a: b): here.",
        "flavor": "Hardware flavor.",
        "url": "The endpoint (with its scheme: https).",
    }
    assert parsed.returns == "note (`str`: x): not a parameter."


def test_returns_type_is_not_read_as_a_name() -> None:
    parsed = parse_docstring("Do.\n\nReturns:\n    int: the result", "google")
    assert parsed.returns == "the result"


def test_smolagents_choices_become_enum(tmp_path: Path) -> None:
    source = '''def paint(color: str) -> None:
    """Paint.

    Args:
        color: The color to use (choices: ["red", "blue"])
    """
'''
    prop = tools_of(scan_source(tmp_path, source))["paint"]["parameters"]["properties"]["color"]
    assert prop == {"type": "string", "enum": ["red", "blue"], "description": "The color to use"}


def test_description_precedence_docstring_then_field_then_annotated(tmp_path: Path) -> None:
    """`Annotated` text is a string or PEP 727's `Doc("...")`; another call of one argument is not read as one."""
    source = '''from typing import Annotated
import typing_extensions
from pydantic import Field
from typing_extensions import Doc


def f(a: Annotated[int, "from annotated"], b: Annotated[int, Field(description="from field"), "from annotated"],
      c: Annotated[int, Field(description="from field")], d: Annotated[int, Doc("from doc")],
      e: Annotated[int, Field(description="from field"), typing_extensions.Doc("from doc")],
      g: Annotated[int, Doc("from doc")], h: Annotated[int, str("not a description")]) -> None:
    """Do.

    Args:
        c: From the docstring.
        g: From the docstring.
    """
'''
    generation = scan_source(tmp_path, source)
    props = tools_of(generation)["f"]["parameters"]["properties"]
    assert [props[k].get("description") for k in "abcdegh"] == [
        "from annotated", "from field", "From the docstring.", "from doc", "from field", "From the docstring.", None
    ]
    assert [m for m in messages(generation) if "metadata" in m] == [
        "demo/tools.py:10:46: warning: annotation metadata `str('not a description')` is not understood and is ignored"
    ]


def test_annotated_text_describes_a_parameter_only(tmp_path: Path) -> None:
    """`Annotated[T, "text"]` describes a parameter, as LangChain and the Agents SDK read it (the first text, through
    an alias and nested `Annotated` too); inside a type or a class's field pydantic writes no description of it, and
    neither does the scan (LangChain's TypedDict spelling `Annotated[int, ..., "text"]` included)."""
    source = '''from typing import List, Optional
from pydantic import BaseModel
from typing_extensions import Annotated, Doc, TypedDict

Count = Annotated[int, "How many."]


class Args(TypedDict):
    a: Annotated[int, ..., "the a"]


class Options(BaseModel):
    b: Annotated[int, Doc("the b")] = 1


def f(n: Count, m: Annotated[Annotated[int, "inner"], "outer"], items: List[Annotated[str, "an item"]],
      maybe: Optional[Annotated[str, "not read"]], args: Args, options: Options) -> None:
    """Do."""
'''
    generation = scan_source(tmp_path, source)
    parameters = tools_of(generation)["f"]["parameters"]
    props = parameters["properties"]
    assert {name: prop.get("description") for name, prop in props.items()} == {
        "n": "How many.", "m": "inner", "items": None, "maybe": None, "args": None, "options": None}
    inside = [{key: value for key, value in prop.items() if key != "description"} for prop in props.values()]
    assert "description" not in json.dumps([inside, parameters["$defs"]])  # nowhere inside the types


def test_diagnostics_name_file_and_line(tmp_path: Path) -> None:
    source = '''def undocumented(a: int) -> int:
    return a


def ghost(city: str) -> str:
    """Look up a city.

    Args:
        town: Not a parameter.
    """


def dropped(city: str, days: int) -> str:
    """Look up a city for some days.

    Arguments
        city - the city
        days - the days
    """
'''
    found = messages(scan_source(tmp_path, source))
    assert "demo/tools.py:1:1: warning: tool `undocumented` has no docstring; the model gets no description of it" in found
    assert "demo/tools.py:9:9: warning: docstring documents `town`, which is not a parameter of `ghost`" in found
    assert "demo/tools.py:17:9: warning: parameter `city` has no description, but the docstring mentions it: check the docstring's section layout" in found
    assert "demo/tools.py:18:9: warning: parameter `days` has no description, but the docstring mentions it: check the docstring's section layout" in found
    # a word in a sentence is no dropped description: `Look up a city` in the summary alone warns about nothing
    assert not any("`undocumented`" in m and "mentions" in m for m in found)


@pytest.mark.parametrize("entries", ["@param city: The city.\n    @param days: Days.",
                                     "**Args:**\n    - `city`: The city.\n    - `days`: Days."])
def test_entries_in_a_style_griffe_does_not_read_are_reported(tmp_path: Path, entries: str) -> None:
    """epytext and Markdown lists describe the parameters where no parser looks: each is reported, at its entry."""
    source = f'def forecast(city: str, days: int = 1) -> str:\n    """Forecast.\n\n    {entries}\n    """\n'
    found = messages(scan_source(tmp_path, source))
    assert [m.split(": warning: ")[1] for m in found] == [
        f"parameter `{name}` has no description, but the docstring mentions it: check the docstring's section layout"
        for name in ("city", "days")
    ]
    first = 4 if entries.startswith("@") else 5  # the Markdown list starts under its header
    assert [m.split(":")[1] for m in found] == [str(first), str(first + 1)]


@pytest.mark.parametrize(
    "docstring, line",
    [
        ("Args:\n        city: The city.\n        days: Days.\n        city: The town.", 7),
        ("Parameters\n    ----------\n    city : str\n        The city.\n    city : str\n        The town.", 8),
    ],
)  # (griffe's Sphinx parser keeps one `:param city:` of two itself)
def test_a_parameter_described_twice_is_reported_and_its_first_description_used(
    tmp_path: Path, docstring: str, line: int
) -> None:
    source = f'def forecast(city: str, days: int = 1) -> str:\n    """Forecast.\n\n    {docstring}\n    """\n'
    generation = scan_source(tmp_path, source)
    assert tools_of(generation)["forecast"]["parameters"]["properties"]["city"]["description"] == "The city."
    assert messages(generation) == [
        f"demo/tools.py:{line}:{5 if line != 7 else 9}: warning: docstring describes `city` more than once; "
        "the first description is used"
    ]


def test_a_parameter_named_like_a_common_word_is_not_flagged(tmp_path: Path) -> None:
    source = 'def store(value: int) -> None:\n    """Store a value for later."""\n'
    assert messages(scan_source(tmp_path, source)) == []


@pytest.mark.parametrize(
    ("docstring", "style", "summary", "city"),
    [
        ("Get the forecast.\n\n    :param city: The city.\n    ", "sphinx", "Get the forecast.", "The city."),  # ends on its field
        ("Parameters\n    ----------\n    city : str\n        The city.\n    ", "numpy", "", "The city."),  # starts with it
        ("Get the forecast.\n\n    Parameters\n    ----------\n    city : str\n        Args: the city,\n        as named.\n    ",
         "numpy", "Get the forecast.", "Args: the city,\nas named."),  # a Google-like line inside
    ],
)  # fmt: skip
def test_style_detection_edge_cases(tmp_path: Path, docstring: str, style: str, summary: str, city: str) -> None:
    """griffe's detection wants a line break before a header and after a field, and tries Google before NumPy:
    these docstrings were read as Google ones with no sections, and their parameter descriptions were lost."""
    tool = _tool(tmp_path, docstring)
    assert (tool["description"], tool["parameters"]["properties"]["city"]["description"]) == (summary, city)
    assert parse_docstring(inspect.cleandoc(docstring), "auto").style == style


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789.,;:()[]'\"-/%=<>*`", min_size=1, max_size=8)
SENTENCES = st.lists(WORDS.filter(lambda w: w.strip() == w), min_size=1, max_size=6).map(" ".join).filter(
    lambda line: line.strip("- ")  # a line of dashes alone is a NumPy underline, in a description too
    and not line.startswith("```")  # a code fence, which griffe rightly reads on to its end: never closed here
)


def render_docstring(style: str, summary: str, params: list[tuple[str, str]], returns: str | None) -> str:
    """A docstring in the given style, written as its style guide shows, continuation lines indented."""
    lines = summary.split("\n")
    if style == "google":
        lines += ["", "Args:"]
        for name, text in params:
            first, *more = text.split("\n")
            lines += [f"    {name}: {first}", *(f"        {line}" for line in more)]
        lines += ["", "Returns:", *(f"    {line}" for line in returns.split("\n"))] if returns else []
    elif style == "numpy":
        lines += ["", "Parameters", "----------"]
        for name, text in params:
            lines += [f"{name} : int", *(f"    {line}" for line in text.split("\n"))]
        lines += ["", "Returns", "-------", "int", *(f"    {line}" for line in returns.split("\n"))] if returns else []
    else:
        lines += [""]
        for name, text in params:
            first, *more = text.split("\n")
            lines += [f":param {name}: {first}", *(f"    {line}" for line in more)]
        first, *more = (returns or "").split("\n")
        lines += [f":returns: {first}", *(f"    {line}" for line in more)] if returns else []
    return "\n".join(lines)


@settings(max_examples=400, deadline=None)
@given(
    style=st.sampled_from(["google", "numpy", "sphinx"]),
    detect=st.booleans(),
    summary=st.lists(SENTENCES, min_size=1, max_size=2).map("\n\n".join),
    params=st.lists(st.tuples(st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), st.lists(SENTENCES, min_size=1, max_size=2).map("\n".join)),
                    min_size=1, max_size=3, unique_by=lambda p: p[0]),
    returns=st.none() | st.lists(SENTENCES, min_size=1, max_size=2).map(lambda lines: "The result " + "\n".join(lines)),
)  # fmt: skip
def test_docstrings_round_trip(style: str, detect: bool, summary: str, params: list[tuple[str, str]], returns: str | None) -> None:
    """Random text in each style, detected or named, comes back exactly: summary, each parameter, Returns.

    Returns starts with prose: `Word: text` on a Google Returns line is `type: description`, by that style's rule.
    """
    parsed = parse_docstring(render_docstring(style, summary, params, returns), "auto" if detect else style)
    assert (parsed.style, parsed.description, parsed.params, parsed.returns) == (style, summary, dict(params), returns)


GOOGLE_GUIDE_RETURNS = """A dict mapping keys to the corresponding table row data
fetched. Each row is represented as a tuple of strings. For
example:

{b'Serak': ('Rigel VII', 'Preparer'),
 b'Zim': ('Irk', 'Invader')}

Returned keys are always bytes."""


@pytest.mark.parametrize(
    ("returns", "expected"),
    [
        (GOOGLE_GUIDE_RETURNS, GOOGLE_GUIDE_RETURNS),  # the example in Google's style guide
        ("The status: ok\nor failed.", "The status: ok\nor failed."),
        ("dict[str, float]: The forecast,\nby day.", "The forecast,\nby day."),
        ("True: if it worked.", "True: if it worked."),
    ],
)
def test_google_returns_text_is_kept_as_written(returns: str, expected: str) -> None:
    """griffe read each line of a Google Returns section as an item and cut it at its first colon: the example of
    Google's own style guide lost `example:` and a line of its dict. Only a leading type is taken off now."""
    indented = "\n".join(f"    {line}" if line else "" for line in returns.split("\n"))
    docstring = f"Do.\n\nReturns:\n{indented}\n\nRaises:\n    IOError: An error occurred."
    assert parse_docstring(docstring, "auto").returns == expected


ASSIGNED_SHARED = '''TEXT = """Share.

Args:
    a: An a.
    b: A b.
"""


class Reader:
    def read(self, path: str) -> str:
        """Read a file.

        Args:
            path: Where it is.
        """


def base(a: int, b: int) -> int:
    """Base.

    Args:
        a: The base a.
        b: The base b.
    """
'''

ASSIGNED = '''from .shared import TEXT, Reader, base


def add(a: int, b: int) -> int:
    return a + b


add.__doc__ = """Add two numbers.

    Args:
        a: The first.
        b: The second.
        c: Not a parameter.
    """


def shared(a: int, b: int) -> int:
    """Its own docstring, replaced below."""


shared.__doc__ = TEXT


def copied(path: str) -> str:
    return path


copied.__doc__ = Reader.read.__doc__


def chained(a: int, b: int) -> int:
    return a + b


chained.__doc__ = shared.__doc__


def made(a: int) -> int:
    """Kept."""


made.__doc__ = "x".center(3)
'''


def test_a_docstring_assigned_to_dunder_doc_is_the_one_read(tmp_path: Path) -> None:
    """`tool.__doc__ = ...` after the `def` (nltk's `path_similarity.__doc__ = Synset.path_similarity.__doc__`) is
    the docstring every peer reads at run time: a text, a constant, or another function's or method's docstring,
    followed through assignments. A value the scan cannot read is reported, and the function's own is used."""
    generation = scan_source(tmp_path, ASSIGNED, {"shared": ASSIGNED_SHARED})
    tools = tools_of(generation)
    described = {name: (tool["description"], {k: p.get("description") for k, p in tool["parameters"]["properties"].items()})
                 for name, tool in tools.items()}  # fmt: skip
    assert described == {
        "add": ("Add two numbers.", {"a": "The first.", "b": "The second."}),
        "shared": ("Share.", {"a": "An a.", "b": "A b."}),
        "copied": ("Read a file.", {"path": "Where it is."}),
        "chained": ("Share.", {"a": "An a.", "b": "A b."}),
        "made": ("Kept.", {"a": None}),
    }
    assert messages(generation) == [
        "demo/tools.py:13:9: warning: docstring documents `c`, which is not a parameter of `add`",
        "demo/tools.py:42:1: warning: `made.__doc__` is given a value the scan cannot read; the docstring written in "
        "the function is used",
    ]


DECORATED = r'''import functools
from pydantic import BaseModel


def _update_docstring(obj, note):
    if obj.__doc__:
        obj.__doc__ += f"\n\n{note}"
    else:
        obj.__doc__ = note


def _stage(status="experimental"):
    def decorator(obj):
        _update_docstring(obj, f"Note: This is marked as '{status}'.")
        return obj
    return decorator


def _experimental(obj):
    return _stage(status="experimental")(obj)


def _wrapped(func):
    @functools.wraps(func)
    def inner(*args, **kwargs):
        return func(*args, **kwargs)
    inner.__doc__ = func.__doc__
    return inner


def _set_doc(obj):
    setattr(obj, "__doc__", "replaced")
    return obj


@_experimental
class Options(BaseModel):
    """Options."""
    a: int = 1


@_wrapped
def plain(o: Options) -> None:
    """Plain."""


@_experimental
def marked(x: int) -> None:
    """Marked."""


@_set_doc
def replaced(x: int) -> None:
    """Original."""
'''


def test_a_decorator_that_changes_the_docstring_is_reported(tmp_path: Path) -> None:
    """A decorator of the scanned code that changes `__doc__` as the module runs (semantic-kernel's `@experimental`
    appends a note, through the functions it calls) is reported at the decorator, for a tool and for a class whose
    description the docstring gives: the frameworks read the changed docstring, the scan the one written. One that
    copies the docstring (`inner.__doc__ = func.__doc__`, `functools.wraps`) changes nothing."""
    generation = scan_source(tmp_path, DECORATED)
    tools = tools_of(generation)
    assert tools["marked"]["description"] == "Marked."
    assert tools["plain"]["parameters"]["$defs"]["Options"]["description"] == "Options."
    change = "the module runs (`obj.__doc__ += f\"\\n\\n{note}\"`, demo/tools.py:7); the docstring written in the"
    assert messages(generation) == [
        f"demo/tools.py:36:2: warning: decorator `@_experimental` changes `__doc__` as {change} class is used, where "
        "pydantic and the frameworks read the changed one",
        f"demo/tools.py:47:2: warning: decorator `@_experimental` changes `__doc__` as {change} function is used, "
        "where pydantic and the frameworks read the changed one",
        "demo/tools.py:52:2: warning: decorator `@_set_doc` changes `__doc__` as the module runs (`setattr(obj, "
        "\"__doc__\", \"replaced\")`, demo/tools.py:32); the docstring written in the function is used, where "
        "pydantic and the frameworks read the changed one",
    ]
