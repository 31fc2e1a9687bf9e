"""The solver at scale: generated boards of 14x14 to 60x60, and uniqueness counts.

Solves boards made by ``flowbot.generate`` (a ``size`` x ``size`` board with
``size`` colours, fixed seeds 0..N-1; game-like by default, ``--touching``
for hidden solutions whose paths touch themselves, the open boards the solver
finds hardest) in one process, validates every answer, and prints per size
how many were solved and the median and maximum in-process seconds.

``--count`` instead runs ``count_solutions(puzzle, 2)`` on the zucker puzzles
of ``$FLOWBOT_SHARED/puzzles`` or ``../shared/puzzles`` (skipped when absent)
and on unique generated boards (``generate(..., unique=True)``, sizes 14..20),
and prints how many counts finished and their median and maximum seconds.

Usage::

    python benchmarks/solve_scale.py [--sizes 30 40 60] [--seeds 10] [--timeout 60] [--touching]
    python benchmarks/solve_scale.py --count [--shared ../shared] [--seeds 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from flowbot.formats import iter_puzzle_files, read_puzzles
from flowbot.generate import generate
from flowbot.models import Puzzle, SolveStatus
from flowbot.solve import count_solutions, solve

REPO = Path(__file__).resolve().parent.parent
#: The public corpora: ``$FLOWBOT_SHARED`` (as in the tests), else ``../shared``.
SHARED = Path(os.environ.get("FLOWBOT_SHARED", REPO.parent / "shared"))


def solve_sizes(sizes: list[int], seeds: int, timeout: float, *, touching: bool = False) -> bool:
    """Solve ``seeds`` generated boards per size; True when every one was solved."""
    all_solved = True
    for size in sizes:
        seconds = []
        solved = 0
        for seed in range(seeds):
            puzzle = generate(size, size, size, seed=seed, touching=touching).puzzle
            result = solve(puzzle, timeout=timeout)
            if result.status is SolveStatus.SOLVED:
                result.solution.validate()  # type: ignore[union-attr]
                solved += 1
            seconds.append(result.seconds)
            print(
                f"  {size}x{size} seed {seed}: {result.status.value} {result.seconds:.3f}s",
                file=sys.stderr,
                flush=True,
            )
        all_solved &= solved == seeds
        print(
            f"{size}x{size}: {solved}/{seeds} solved, median {statistics.median(seconds):.3f} s,"
            f" max {max(seconds):.3f} s",
            flush=True,
        )
    return all_solved


def count_boards(shared: Path, seeds: int, timeout: float) -> bool:
    """Count to 2 on the zucker puzzles and unique generated boards; True when all finished."""
    zucker = [
        (named.name, named.puzzle)
        for path in iter_puzzle_files(shared / "puzzles")
        if "zucker" in str(path)
        for named in read_puzzles(path)
    ]
    finished = count_group("zucker", zucker, timeout)

    def unique_boards() -> Iterator[tuple[str, Puzzle]]:
        for seed in range(seeds):
            size = 14 + seed % 7
            made = generate(size, size, size, unique=True, seed=seed, unique_timeout=timeout)
            yield f"{size}x{size} seed {seed}", made.puzzle

    return count_group("unique 14..20", unique_boards(), timeout) and finished


def count_group(group: str, puzzles: Iterable[tuple[str, Puzzle]], timeout: float) -> bool:
    """Count each puzzle's solutions to 2; print the group's figures; True when all finished."""
    seconds = []
    finished = 0
    for name, puzzle in puzzles:
        start = time.perf_counter()
        counted = count_solutions(puzzle, 2, timeout=timeout)
        took = time.perf_counter() - start
        finished += not counted.timed_out
        seconds.append(took)
        print(
            f"  {name}: {counted.count} exact={counted.exact} {took:.3f}s",
            file=sys.stderr,
            flush=True,
        )
    if not seconds:
        print(f"{group}: no puzzles (skipped)")
        return True
    print(
        f"{group}: {finished}/{len(seconds)} counts finished, median "
        f"{statistics.median(seconds):.3f} s, max {max(seconds):.3f} s",
        flush=True,
    )
    return finished == len(seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 20, 30, 40, 60])
    parser.add_argument("--seeds", type=int, default=10, help="boards per size (seeds 0..N-1)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per board")
    parser.add_argument("--count", action="store_true", help="count to 2 instead of solving")
    parser.add_argument(
        "--touching", action="store_true", help="boards whose hidden paths touch themselves"
    )
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args(argv)
    solve(Puzzle.from_grid(["AA"]))  # load the solver outside the timings
    if args.count:
        ok = count_boards(args.shared, args.seeds, args.timeout)
    else:
        ok = solve_sizes(args.sizes, args.seeds, args.timeout, touching=args.touching)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
