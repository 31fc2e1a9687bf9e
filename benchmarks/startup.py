"""Start-up: whole `flowbot` processes timed from launch to exit, as a user waits for them.

    python benchmarks/startup.py [--repeat 10] [--image SHOT.png] [--checkout DIR]

Each command runs ``--repeat`` times in a fresh interpreter (``python -m
flowbot``, this checkout first on the path); the median wall time is compared
with its floor (issue 27):

* ``flowbot --help``                      <= 0.10 s
* ``flowbot solve`` on a 5x5 puzzle       <= 0.15 s
* ``flowbot extract`` on one phone shot   <= 0.35 s

The phone shot is a real 1080x2400 screenshot from ``../shared/screens``
when present, else the synthetic phone fixture. ``python -X importtime -m
flowbot ...`` shows where a slow start goes.

The children may write bytecode caches (``PYTHONDONTWRITEBYTECODE`` is
dropped: an installed flowbot has its ``.pyc`` files), and each command runs
once untimed first. Beside the wall time each child's CPU time (user + system)
is given, and ``python -c pass`` as the interpreter's own floor: on a shared,
busy machine wall time waits for a core, CPU time does not.
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FLOWBOT_SHARED", ROOT.parent / "shared"))
FIXTURE = ROOT / "fixtures" / "screenshots" / "synth_phone_0.png"
PUZZLE_5X5 = "..A.A\n....B\n....C\nB..D.\n..DC.\n"


def phone_shot() -> Path:
    """A real 1080x2400 screenshot with a label (read, not refused), else the fixture."""
    index = SHARED / "screens" / "INDEX.csv"
    if index.is_file():
        with index.open() as fh:
            for row in csv.DictReader(fh):
                path = SHARED / "screens" / row["path"]
                if row["pixels"] == "1080x2400" and path.with_suffix(".txt").is_file():
                    return path
    return FIXTURE


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def time_process(
    command: list[str], repeat: int, checkout: Path = ROOT
) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``repeat`` runs of ``command`` (after one untimed run)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(checkout), env.get("PYTHONPATH")]))
    walls, cpus = [], []
    for run in range(repeat + 1):
        wall, cpu = time.perf_counter(), _cpu()
        # Run from elsewhere: `python -m` puts the working folder first on the path.
        done = subprocess.run(command, env=env, capture_output=True, check=False, cwd="/")
        wall, cpu = time.perf_counter() - wall, _cpu() - cpu
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()}")
        if run:
            walls.append(wall)
            cpus.append(cpu)
    return walls, cpus


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs per command (default 10)")
    parser.add_argument("--image", type=Path, help="the screenshot for extract")
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="time the flowbot of this source tree (default: this one), to compare two",
    )
    args = parser.parse_args()
    shot = args.image or phone_shot()
    with tempfile.TemporaryDirectory() as tmp:
        puzzle = Path(tmp) / "5x5.txt"
        puzzle.write_text(PUZZLE_5X5)
        flowbot = [sys.executable, "-m", "flowbot"]
        flowbot = [sys.executable, "-m", "flowbot"]
        cases = [
            ("python -c pass (no floor)", [sys.executable, "-c", "pass"], None),
            ("flowbot --help", [*flowbot, "--help"], 0.10),
            ("flowbot solve 5x5", [*flowbot, "solve", str(puzzle)], 0.15),
            (f"flowbot extract {shot.name}", [*flowbot, "extract", str(shot)], 0.35),
        ]
        failed = 0
        for label, command, floor in cases:
            walls, cpus = time_process(command, args.repeat, args.checkout)
            wall, cpu = statistics.median(walls), statistics.median(cpus)
            verdict = "" if floor is None else "ok" if wall <= floor else "OVER"
            failed += floor is not None and wall > floor
            limit = "no floor" if floor is None else f"floor {floor:.2f} s"
            print(
                f"{label:34s} wall median {wall:.3f} s (min {min(walls):.3f})  "
                f"cpu median {cpu:.3f} s  ({limit}, {len(walls)} runs)  {verdict}",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
