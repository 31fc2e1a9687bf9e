"""How long ``flowbot.generate`` takes per board, in one process: median over fixed seeds.

Each case makes one board per seed (0..9 unless ``--seeds``), checks it
(``Solution.validate()``, the case's rules: game-like paths and, for unique
cases, an exact count of 1 by the solver, timed apart), and prints the median
and maximum seconds against the case's floor (issues 25 and 27). A board not
made within ``--limit`` times its floor counts as infinitely slow (``inf``):
a median of ``inf`` means half the seeds or more made nothing in time.

Usage::

    python benchmarks/generate_speed.py [--only SUBSTRING] [--seeds 10] [--limit 3]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from flowbot.errors import InputError
from flowbot.generate import generate
from flowbot.solve import SolutionCount, count_solutions


@dataclass(frozen=True)
class Case:
    name: str
    size: int
    floor_s: float
    options: dict[str, Any] = field(default_factory=dict)


CASES = (
    Case("60x60, paths never touch themselves", 60, 10.0),
    Case("unique 10x10 walled", 10, 2.0, {"unique": True, "walls": 20}),
    Case("unique 10x10 holed", 10, 2.0, {"unique": True, "holes": 10}),
    Case("unique 20x20", 20, 10.0, {"unique": True}),
    Case("unique 30x30", 30, 60.0, {"unique": True}),
    # Denser boards (about as many cells per colour as the game's 14x14 and 15x15 levels):
    Case("unique 20x20, 30 colours", 20, 10.0, {"unique": True, "colours": 30}),
    Case("unique 30x30, 62 colours", 30, 60.0, {"unique": True, "colours": 62}),
)


def run(case: Case, seeds: int, limit: float) -> tuple[list[float], int]:
    """Seconds per seed (infinity where none was made within the limit) and how many were made."""
    times, made_count = [], 0
    for seed in range(seeds):
        options = dict(case.options)
        colours = options.pop("colours", None)
        start = time.perf_counter()
        try:
            made = generate(case.size, case.size, colours, seed=seed, timeout=limit, **options)
        except InputError as error:
            seconds = time.perf_counter() - start
            print(f"  seed {seed}: none in {seconds:.1f} s ({error})", flush=True)
            times.append(math.inf)
            continue
        seconds = time.perf_counter() - start
        made.solution.validate()
        assert not made.solution.touches_itself()
        if case.options.get("unique"):
            assert count_solutions(made.puzzle, 2) == SolutionCount(1, exact=True)
        made_count += 1
        times.append(seconds)
        print(f"  seed {seed}: {seconds:.2f} s ({made.puzzle.kind})", flush=True)
    return times, made_count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only cases whose name contains this")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--limit", type=float, default=3.0, help="give up at this many floors")
    args = parser.parse_args(argv)
    generate(5, 5, seed=0, unique=True)  # load the solver outside the timings
    rows = []
    for case in CASES:
        if args.only not in case.name:
            continue
        print(case.name, flush=True)
        times, made = run(case, args.seeds, args.limit * case.floor_s)
        # A board not made counts as infinitely slow: with --limit 1 it used to
        # count at the floor itself, and 0 boards made read "ok".
        median = statistics.median(times)
        rows.append((case, made, median, max(times)))
    print(f"\n{'case':40} {'made':>6} {'median s':>9} {'max s':>8} {'floor s':>8}")
    for case, made, median, most in rows:
        verdict = "ok" if median <= case.floor_s else "SHORT"
        print(
            f"{case.name:40} {made:>3}/{args.seeds:<2} {median:9.2f} {most:8.2f} "
            f"{case.floor_s:8.1f} {verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
