"""Listing every tool of N installed tool packages through their dist-info copies, importing none of them."""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from workload import write_workload  # noqa: E402

LIST_TOOLS = """
import importlib.metadata as md, json, sys, time
t0 = time.perf_counter()
names = []
for ep in md.entry_points(group="agent_tools"):
    data = json.loads(ep.dist.read_text("extra_metadata/tools.json"))
    for doc in data if isinstance(data, list) else [data]:
        names += [tool["name"] for tool in doc["tools"]]
elapsed = (time.perf_counter() - t0) * 1e3
imported = [m for m in sys.modules if m.startswith("pkg_")]
print(json.dumps({"ms": elapsed, "tools": len(names), "imported": imported}))
"""


def install(site: Path, packages: int, tools_each: int) -> None:
    """Build `packages` tool packages in-process and unpack their wheels into `site`, as pip would."""
    from hatchling.builders.wheel import WheelBuilder

    with tempfile.TemporaryDirectory() as tmp:
        for index in range(packages):
            project = write_workload(Path(tmp) / f"p{index}", tools_each, 2, name=f"pkg_{index}")
            wheel = next(WheelBuilder(str(project)).build(directory=str(Path(tmp) / "dist")))
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(site)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--packages", type=int, default=50)
    parser.add_argument("--tools-each", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as site:
        install(Path(site), args.packages, args.tools_each)
        runs = []
        for _ in range(args.repeats):
            out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {site!r})\n" + LIST_TOOLS],
                                 check=True, capture_output=True, text=True)  # fmt: skip
            runs.append(json.loads(out.stdout))
        assert all(not r["imported"] for r in runs), "a tool package was imported"
        ms = statistics.median(r["ms"] for r in runs)
        print(f"| {args.packages} packages | {runs[0]['tools']} tools | {ms:.1f} ms | no package imported |")


if __name__ == "__main__":
    main()
