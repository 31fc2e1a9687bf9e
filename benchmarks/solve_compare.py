"""Compare this tree's solver with another tree's, puzzle by puzzle, in one run.

Two worker processes, one per tree (``PYTHONPATH`` set to each), solve the same
puzzles in turn (the order flips every puzzle, so neither always runs first on
a warm cache). On a shared machine whose load comes and goes, alternating
puzzle by puzzle compares like with like, where two runs one after the other
do not. Prints each tree's median and total in-process seconds and the median
of the per-puzzle differences; ``--csv`` keeps every pair.

The puzzles are the 522 of ``../shared/puzzles`` (``--official`` adds the
7,050 official levels, which the other tree may not read: they are skipped
when it refuses them).

Usage::

    git archive main | tar -x -C /tmp/old
    python benchmarks/solve_compare.py /tmp/old [--shared ../shared] [--official]
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Each worker reads "FILE\tINDEX" lines and answers "STATUS SECONDS" (or "refused").
_WORKER = r"""
import sys
from flowbot.formats import read_puzzles
from flowbot.models import Puzzle
from flowbot.solve import solve
solve(Puzzle.from_grid(["AA"]))  # load the solver outside the timings
cache = {}
for line in sys.stdin:
    name, index = line.rstrip("\n").split("\t")
    try:
        if name not in cache:
            cache = {name: read_puzzles(name)}
        puzzle = cache[name][int(index)].puzzle
    except Exception:
        print("refused", flush=True)
        continue
    result = solve(puzzle, timeout=float(sys.argv[1]))
    print(result.status.value, result.seconds, flush=True)
"""


class Worker:
    """One tree's solver in its own process."""

    def __init__(self, tree: Path, timeout: float) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(timeout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )

    def solve(self, name: str, index: int) -> tuple[str, float] | None:
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        self.proc.stdin.write(f"{name}\t{index}\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().split()
        if not answer or answer[0] == "refused":
            return None
        return answer[0], float(answer[1])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other tree (a checkout of the repo)")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--official", action="store_true", help="also the official levels")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--csv", type=Path, help="write every pair here")
    args = parser.parse_args(argv)

    from flowbot.formats import iter_puzzle_files, read_puzzles  # noqa: PLC0415

    jobs = []
    for path in iter_puzzle_files(args.shared / "puzzles"):
        jobs += [(str(path), k) for k in range(len(read_puzzles(path)))]
    if args.official:
        for path in sorted((args.shared / "official").glob("levelpack_*.txt")):
            jobs += [(str(path), k) for k in range(len(path.read_text().splitlines()))]
    this, that = Worker(REPO, args.timeout), Worker(args.other.resolve(), args.timeout)
    pairs = []
    try:
        for i, (name, k) in enumerate(jobs):
            order = (this, that) if i % 2 == 0 else (that, this)
            answers = {id(w): w.solve(name, k) for w in order}
            mine, theirs = answers[id(this)], answers[id(that)]
            if mine is None or theirs is None:
                continue
            if mine[0] != theirs[0]:
                print(f"{name}#{k + 1}: {mine[0]} here, {theirs[0]} there", file=sys.stderr)
            pairs.append((name, k + 1, mine[0], mine[1], theirs[0], theirs[1]))
    finally:
        this.close()
        that.close()
    if args.csv is not None:
        with args.csv.open("w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["puzzle", "index", "status", "seconds", "other_status", "other_seconds"])
            out.writerows(pairs)
    mine_s = [p[3] for p in pairs]
    theirs_s = [p[5] for p in pairs]
    diffs = [a - b for a, b in zip(mine_s, theirs_s, strict=True)]
    print(f"puzzles      {len(pairs)} ({len(jobs) - len(pairs)} skipped)")
    print(
        f"this tree    median {1e3 * statistics.median(mine_s):.3f} ms, total {sum(mine_s):.2f} s"
    )
    print(
        f"other tree   median {1e3 * statistics.median(theirs_s):.3f} ms, "
        f"total {sum(theirs_s):.2f} s"
    )
    print(
        f"difference   median {1e3 * statistics.median(diffs):+.3f} ms a puzzle "
        f"(this minus other); this faster on {sum(d < 0 for d in diffs)} of {len(diffs)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
