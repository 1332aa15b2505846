"""The benchmark scripts still run, on tiny workloads (their figures are for the README, not for tests)."""

from __future__ import annotations

import re
import sys

from conftest import REPO, run

BENCH = REPO / "bench"


def test_build_time_prints_a_row() -> None:
    out = run(sys.executable, BENCH / "build_time.py", "--sizes", "20:2", "--repeats", "1").stdout
    assert re.search(r"^\| 20 \| 2 \| [\d.]+ s \| [\d.]+ s \| \*\*-?[\d.]+ s\*\* \| \d+ / \d+ MB \| \d+ MB \| [\d,]+ \(≈ [\d.]+ s\) \|$", out, re.M), out


def test_load_time_prints_both_tables() -> None:
    out = run(sys.executable, BENCH / "load_time.py", "--tools", "10", "--repeats", "2").stdout
    assert re.search(r"\*\*hatch-toolschema\*\*.*\| \*\*[\d.]+\*\* \([\d.]+–[\d.]+\) \|", out), out
    assert re.search(r"^\| LangChain `@tool.* \| \d+× \|$", out, re.M), out
    assert re.search(r"^\| reference: the same OpenAI payload as one plain dict literal .* \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| floor: `marshal.loads` of the same payload, .* \| [\d.]+ \([\d.]+–[\d.]+\) \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| reference: `json.loads` of the same payload, .* \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| smolagents `Tool` \| [\d.]+ \| \d+ \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| pydantic-ai `Tool` \| [\d.]+ \| \d+ \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| pydantic-ai `Tool` \| \d+ \| \d+ \| \d+ \| \d+× \|$", out, re.M), out
    assert re.search(r"^\| anthropic SDK tool-runner tools \| [\d.]+ \| \d+ \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| anthropic SDK `@beta_tool` \| \d+ \| \d+ \| \d+ \| \d+× \|$", out, re.M), out
    assert re.search(r"^Memory touched .*: \d+ minor page faults .* costs [\d.]+ µs .* so [\d.]+ ms of our", out, re.M), out


def test_discovery_lists_every_tool() -> None:
    out = run(sys.executable, BENCH / "discovery.py", "--packages", "3", "--tools-each", "2", "--repeats", "1").stdout
    assert re.search(r"^\| 3 packages \| 6 tools \| [\d.]+ ms \| no package imported \|$", out, re.M), out
