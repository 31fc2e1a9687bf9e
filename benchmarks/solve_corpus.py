"""Solve every puzzle of ``../shared/puzzles`` in one process and check every answer.

Writes a CSV (puzzle, rows, cols, colours, status, seconds) and prints a summary:
answered (solved or proven unsolvable), solved, unsolvable, timeout, wrong, the
median and maximum in-process seconds for boards up to 15x15, and the wall time.

``--random N`` then also solves N random open boards from ``flowbot.generate``
(seeds 0..N-1: 12x12 to 15x15, 2 to 6 colours, paths that may touch
themselves; far harder for the solver than the corpus's puzzles), each
``--repeat`` times, and prints how many were solved and the median and maximum
of each board's median seconds.

Usage::

    python benchmarks/solve_corpus.py [--shared ../shared] [--csv solve_corpus.csv]
        [--timeout 30] [--backend sat] [--only SUBSTRING] [--random N [--repeat K]]
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from pathlib import Path

from flowbot.errors import InvalidSolutionError
from flowbot.formats import iter_puzzle_files, read_puzzles
from flowbot.generate import generate
from flowbot.models import Puzzle, SolveStatus
from flowbot.solve import solve

REPO = Path(__file__).resolve().parent.parent
SMALL = 15 * 15  # the game's board sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--csv", type=Path, default=Path("solve_corpus.csv"))
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per puzzle")
    parser.add_argument("--backend", default="sat")
    parser.add_argument("--only", default="", help="only puzzles whose name contains this")
    parser.add_argument("--random", type=int, default=0, metavar="N", help="also N random boards")
    parser.add_argument("--repeat", type=int, default=3, metavar="K", help="solves per board")
    args = parser.parse_args(argv)

    wall = time.perf_counter()
    # The solver's modules load on first use: load them outside the timings.
    solve(Puzzle.from_grid(["AA"]))
    rows = []
    wrong = 0
    for path in iter_puzzle_files(args.shared / "puzzles"):
        for named in read_puzzles(path):
            name = str(Path(named.name).relative_to(args.shared / "puzzles"))
            if args.only not in name:
                continue
            p = named.puzzle
            result = solve(p, timeout=args.timeout, backend=args.backend)
            status = result.status.value
            if result.status is SolveStatus.SOLVED:
                try:
                    result.solution.validate()  # type: ignore[union-attr]
                except InvalidSolutionError:
                    status, wrong = "wrong", wrong + 1
            rows.append((name, p.rows, p.cols, len(p.pairs), status, result.seconds))
            if result.seconds > 0.5 or status not in ("solved",):
                print(f"{name} {p.size} {status} {result.seconds:.3f}s", file=sys.stderr)
    wall = time.perf_counter() - wall

    with args.csv.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["puzzle", "rows", "cols", "colours", "status", "seconds"])
        out.writerows((*r[:5], f"{r[5]:.6f}") for r in rows)

    def n(status: str) -> int:
        return sum(r[4] == status for r in rows)

    small = [r[5] for r in rows if r[1] * r[2] <= SMALL]
    print(f"puzzles     {len(rows)}")
    print(f"answered    {n('solved') + n('unsolvable')}")
    print(f"solved      {n('solved')}")
    print(f"unsolvable  {n('unsolvable')}")
    print(f"timeout     {n('timeout')}")
    print(f"wrong       {wrong}")
    if small:
        print(
            f"<=15x15     {len(small)} puzzles, median {1e3 * statistics.median(small):.2f} ms, "
            f"max {1e3 * max(small):.2f} ms"
        )
    print(f"solve total {sum(r[5] for r in rows):.2f} s, wall {wall:.2f} s; csv {args.csv}")
    if args.random:
        wrong += random_boards(args.random, args.repeat, args.timeout, args.backend)
    return 1 if wrong else 0


def random_boards(n: int, repeat: int, timeout: float, backend: str) -> int:
    """Solve ``n`` random open boards ``repeat`` times each; print a summary; return the wrong."""
    medians = []
    solved = wrong = 0
    for seed in range(n):
        size, colours = 12 + seed % 4, 2 + (seed // 4) % 5
        made = generate(size, size, colours, touching=True, seed=seed)
        times = []
        for _ in range(repeat):
            result = solve(made.puzzle, timeout=timeout, backend=backend)
            times.append(result.seconds)
        if result.status is SolveStatus.SOLVED:
            solved += 1
            try:
                result.solution.validate()  # type: ignore[union-attr]
            except InvalidSolutionError:
                wrong += 1
        medians.append(statistics.median(times))
    print(
        f"random      {n} boards 12x12-15x15, 2-6 colours: {solved} solved, {wrong} wrong, "
        f"median {1e3 * statistics.median(medians):.2f} ms, max {1e3 * max(medians):.2f} ms"
    )
    return wrong


if __name__ == "__main__":
    raise SystemExit(main())
