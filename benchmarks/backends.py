"""Compare the solver backends on the public corpora, and time the generator.

Usage::

    python benchmarks/backends.py [--shared ../shared] [--timeout 10] [--max-cells 256]
                                  [--corpus zucker houston ahle] [--backend NAME ...]
                                  [--every K] [--generator-only | --no-generator]

For each corpus and backend it prints how many puzzles ended solved,
unsolvable, "needs touching" (the CP-SAT models' ``NeedsTouchingError``:
no non-touching solution) or timed out, and the median and 90th percentile
of the wall time per puzzle (a timeout counts as its full budget). Boards with
more than ``--max-cells`` cells are left out (the CP-SAT models are far too
slow on them); ``--every K`` keeps every K-th puzzle of a corpus. Every
answer is validated, and a backend that disagrees with another on whether a
puzzle can be solved is reported by name.

The generator benchmark times ``generate(10, 10, 9, unique=True)`` for seeds
0..9 and prints the median. Timings are wall clock on a shared machine: noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from flowbot.errors import NeedsTouchingError
from flowbot.formats import iter_puzzle_files, read_puzzles
from flowbot.generate import generate
from flowbot.models import Puzzle
from flowbot.solve import BACKENDS

REPO = Path(__file__).resolve().parent.parent
OUTCOMES = ("solved", "unsolvable", "needs-touching", "timeout")


def corpus_puzzles(root: Path, max_cells: int, every: int) -> list[tuple[str, Puzzle]]:
    found = [
        (named.name, named.puzzle)
        for path in iter_puzzle_files(root)
        for named in read_puzzles(path)
        if named.puzzle.rows * named.puzzle.cols <= max_cells
    ]
    return found[::every]


def run_one(backend: str, puzzle: Puzzle, timeout: float) -> tuple[str, float]:
    started = time.perf_counter()
    try:
        result = BACKENDS[backend](puzzle, timeout=timeout)
    except NeedsTouchingError:
        return "needs-touching", time.perf_counter() - started
    seconds = time.perf_counter() - started
    if result.solution is not None:
        result.solution.validate()
    return result.status.value, seconds


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench_backends(args: argparse.Namespace) -> None:
    print(
        f"per-puzzle timeout {args.timeout:g} s, boards up to {args.max_cells} cells, "
        f"every {args.every} puzzle(s)\n"
    )
    print("| corpus | backend | puzzles | solved | unsolvable | needs touching | timeout "
          "| median s | p90 s |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for corpus in args.corpus:
        puzzles = corpus_puzzles(args.shared / "puzzles" / corpus, args.max_cells, args.every)
        outcomes: dict[str, dict[str, str]] = defaultdict(dict)
        for backend in args.backend:
            counts: Counter[str] = Counter()
            seconds = []
            for name, puzzle in puzzles:
                outcome, spent = run_one(backend, puzzle, args.timeout)
                counts[outcome] += 1
                seconds.append(min(spent, args.timeout))
                outcomes[name][backend] = outcome
            cells = " | ".join(str(counts[o]) for o in OUTCOMES)
            print(
                f"| {corpus} | {backend} | {len(puzzles)} | {cells} | "
                f"{statistics.median(seconds):.3f} | {percentile(seconds, 0.9):.3f} |",
                flush=True,
            )
        for name, by_backend in outcomes.items():
            decided = {o for o in by_backend.values() if o in ("solved", "unsolvable")}
            if len(decided) > 1:
                print(f"  note: {name}: {by_backend}", file=sys.stderr)


def bench_generator() -> None:
    seconds = []
    for seed in range(10):
        started = time.perf_counter()
        generate(10, 10, 9, unique=True, seed=seed)
        seconds.append(time.perf_counter() - started)
    print(
        f"\ngenerate 10x10, 9 colours, --unique: median {statistics.median(seconds):.3f} s, "
        f"max {max(seconds):.3f} s over seeds 0..9"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--max-cells", type=int, default=256)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--corpus", nargs="+", default=["zucker", "houston", "ahle"])
    parser.add_argument("--backend", nargs="+", default=sorted(BACKENDS))
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--generator-only", action="store_true")
    what.add_argument("--no-generator", action="store_true")
    args = parser.parse_args()
    if not args.generator_only:
        bench_backends(args)
    if not args.no_generator:
        bench_generator()


if __name__ == "__main__":
    main()
