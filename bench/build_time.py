"""The hook's cost in a real `python -m build --wheel --no-isolation`: the same project built with and without it."""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from workload import page_fault_microseconds, write_workload  # noqa: E402


def _without_hook(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    text = re.sub(r"\n\[tool\.hatch\.(build|metadata)\.hooks\.toolschema\]\n(include = .*\n)?", "\n", text)
    pyproject.write_text(text.replace('dynamic = ["entry-points"]\n', ""))


# Installed packages have their bytecode cached; let the builds write (and then reuse) it here too.
_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def _build_seconds(project: Path, out: Path) -> float:
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", str(out), str(project)],
        check=True, capture_output=True, env=_ENV,
    )  # fmt: skip
    return time.perf_counter() - start


def _memory(project: Path) -> tuple[float, float, int]:
    """An in-process wheel build's peak RSS, its largest child's (the hook forks, where it can), and all their page faults."""
    code = (
        "import resource, sys; from hatchling.builders.wheel import WheelBuilder; "
        "next(WheelBuilder(sys.argv[1]).build(directory=sys.argv[2])); "
        "usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]; "
        "print(*(u.ru_maxrss / 1024 for u in usage), sum(u.ru_minflt for u in usage))"
    )
    out = tempfile.mkdtemp()
    result = subprocess.run([sys.executable, "-c", code, str(project), out], check=True, capture_output=True, text=True)
    shutil.rmtree(out)
    own, child, faults = result.stdout.split()
    return float(own), float(child), int(faults)


def measure(tools: int, modules: int, repeats: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        with_hook = write_workload(Path(tmp) / "with", tools, modules)
        without = write_workload(Path(tmp) / "without", tools, modules)
        _without_hook(without)
        timings: dict[str, list[float]] = {"with": [], "without": []}
        _build_seconds(with_hook, Path(tmp) / "out-with")  # warm-up: bytecode caches, file system
        for _ in range(repeats):  # alternate, fresh processes
            timings["with"].append(_build_seconds(with_hook, Path(tmp) / "out-with"))
            timings["without"].append(_build_seconds(without, Path(tmp) / "out-without"))
        result = {name: statistics.median(values) for name, values in timings.items()}
        result["hook"] = result["with"] - result["without"]
        result["peak_mb_with"], result["peak_mb_child"], faults_with = _memory(with_hook)
        result["peak_mb_without"], _, faults_without = _memory(without)
        result["faults"] = faults_with - faults_without
        return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sizes", default="1000:10,2000:100", help="tools:modules pairs")
    args = parser.parse_args()
    fault = page_fault_microseconds()
    print("| tools | modules | build without hook | build with hook | hook adds | peak RSS with / without | forked child "
          "| page faults the hook adds |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for pair in args.sizes.split(","):
        tools, modules = (int(x) for x in pair.split(":"))
        r = measure(tools, modules, args.repeats)
        print(
            f"| {tools} | {modules} | {r['without']:.2f} s | {r['with']:.2f} s | **{r['hook']:.2f} s** "
            f"| {r['peak_mb_with']:.0f} / {r['peak_mb_without']:.0f} MB | {r['peak_mb_child']:.0f} MB "
            f"| {r['faults']:,.0f} (≈ {r['faults'] * fault / 1e6:.2f} s) |",
            flush=True,
        )
    print(f"\nA page fault (a first touch of a page of memory) costs {fault:.1f} µs on this machine.")
