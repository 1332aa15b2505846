# The README's supported-types table is generated from the conformance fixtures: it cannot drift from them.
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from hatch_toolschema.config import Config
from hatch_toolschema.pipeline import generate

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "confpkg"
START, END = "<!-- supported-types:start -->", "<!-- supported-types:end -->"
# One fixture per kind of annotation; each is also checked against pydantic in test_conformance.py.
ROWS = [
    "basics:f_str", "basics:f_int", "basics:f_float", "basics:f_bool", "basics:f_none", "basics:f_any",
    "basics:f_bytes", "basics:f_list_str", "basics:f_list_bare", "basics:f_dict_str_int", "basics:f_dict_bare",
    "annotated:f_dict_literal_keys", "annotated:f_dict_pattern_keys", "spellings:f_counter",
    "basics:f_tuple_fixed", "basics:f_tuple_var", "basics:f_set_str", "basics:f_frozenset_int",
    "basics:f_optional_default", "basics:f_pipe_none", "basics:f_union", "basics:f_literal_str",
    "basics:f_literal_one", "basics:f_literal_mixed", "basics:f_defaults", "constants:f_constant_int", "made:f_made_date",
    "instances:f_instance_small",
    "spellings:f_typing_list", "spellings:f_sequence", "spellings:f_mapping", "spellings:f_typing_tuple_var",
    "spellings:f_datetime", "spellings:f_date", "spellings:f_time", "spellings:f_timedelta", "spellings:f_uuid",
    "spellings:f_path", "spellings:f_decimal", "spellings:f_fraction", "spellings:f_ipv4",
    "named:f_enum_default", "named:f_int_enum", "named:f_typeddict_total_false", "named:f_dataclass",
    "named:f_namedtuple", "named:f_model", "named:f_model_recursive", "named:f_closed_model",
    "pydantic_types:f_positive_int", "pydantic_types:f_http_url", "pydantic_types:f_conlist", "pydantic_types:f_json_list",
    "annotated:f_field_range", "annotated:f_field_str_len", "annotated:f_field_pattern",
    "annotated:f_field_list_len", "annotated:f_field_description", "annotated:f_annotated_types",
    "annotated:f_string_constraints", "annotated:f_len",
    "annotated:f_newtype", "annotated:f_alias", "annotated:f_string_typealias", "generics:f_typevar_constrained",
    "future:f_quoted_nested",
]  # fmt: skip


# What the names in some rows stand for, as the fixtures define them.
DEFINED = {
    "constants:f_constant_int": "LIMIT = 7",
    "annotated:f_newtype": 'UserId = NewType("UserId", int)',
    "annotated:f_alias": "IntList = List[int]",
    "annotated:f_string_typealias": 'Names: TypeAlias = "list[str]"',
    "generics:f_typevar_constrained": 'V = TypeVar("V", int, str)',
    "named:f_enum_default": "class Color(str, Enum)",
    "named:f_int_enum": "class Level(IntEnum)",
    "named:f_typeddict_total_false": "class PartialMovie(TypedDict, total=False)",
    "named:f_dataclass": "@dataclass class Point",
    "named:f_namedtuple": "class Pair(NamedTuple)",
    "named:f_model": "class Address(BaseModel)",
    "named:f_model_recursive": "class Node(BaseModel), children: List[Node]",
    "named:f_closed_model": 'class Closed(BaseModel), model_config = ConfigDict(extra="forbid")',
    "instances:f_instance_small": "class Paging(BaseModel), size: int = 20, ratio: float = 1",
}


def _code(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`"


def supported_types_table() -> str:
    generation = generate(FIXTURE, Config(include=("confpkg.*:f_*",)), ["confpkg"])
    tools = {t["callable"]: t for t in json.loads(generation.packages[0].json)["tools"]}
    lines = ["| parameter as written | `parameters` (titles off, as pydantic emits) |", "|---|---|"]
    for row in ROWS:
        tool = tools[f"confpkg.{row}"]
        written = tool["signature"].split(" -> ")[0][1:-1]
        schema = {k: v for k, v in tool["parameters"].items() if k != "type"}
        note = f" with {_code(DEFINED[row])}" if row in DEFINED else ""
        lines.append(f"| {_code(written)}{note} | {_code(json.dumps(schema, ensure_ascii=False))} |")
    return "\n".join(lines)


def test_readme_supported_types_table_matches_the_suite() -> None:
    readme = REPO / "README.md"
    text = readme.read_text(encoding="utf-8")
    expected = f"{START}\n{supported_types_table()}\n{END}"
    if os.environ.get("UPDATE_README") == "1":
        text = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: expected, text, flags=re.S)
        readme.write_text(text, encoding="utf-8")
    assert expected in text, "README's supported-types table is stale: run `UPDATE_README=1 pytest tests/test_readme.py`"
