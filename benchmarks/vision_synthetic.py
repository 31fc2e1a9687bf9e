"""Run the vision reader over freshly synthesized screenshots, per category.

Usage::

    python benchmarks/vision_synthetic.py [--n 500] [--category phone ...] [--workers 2]
        [--save-failures DIR]

For every category of ``flowbot.screens.synthetic.CATEGORIES`` it reads ``--n``
shots (seeds ``--first`` .. ``--first + n - 1``) and prints how many came out
exact, wrong (size / dots / pairs: the worst outcome), refused (second worst),
or raised an unexpected exception (a bug), with the median read time and the
worst grid-line error of the exact readings in cell pitches. Exits 1 when any
answer is wrong or crashed.

Category ``solved`` draws pipes over the board: refusing it is right (reading
its dots exactly is fine too), so its refusals are neither saved nor counted in
the total, which covers the puzzles a reader must read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from _harness import guarded_read, worker_map
from PIL import Image

from flowbot.models import BoardGeometry, Puzzle
from flowbot.screens.synthetic import CATEGORIES, sample

OUTCOMES = ("exact", "wrong_size", "wrong_dots", "wrong_pairs", "refused", "timeout", "crashed")


@dataclass(frozen=True)
class Outcome:
    category: str
    seed: int
    kind: str
    ms: float
    line_error: float  # worst grid-line offset in cell pitches; exact readings only
    detail: str


def compare(truth: Puzzle, read: Puzzle) -> str:
    """``exact`` or which way a reading is wrong."""
    truth, read = truth.canonical(), read.canonical()
    if (truth.rows, truth.cols) != (read.rows, read.cols):
        return "wrong_size"
    if set(truth.dots()) != set(read.dots()):
        return "wrong_dots"
    return "exact" if truth == read else "wrong_pairs"


def is_failure(category: str, kind: str) -> bool:
    """Whether an outcome is a reader's failure: anything not exact, but a refused solved board."""
    return kind != "exact" and (category, kind) != ("solved", "refused")


def line_error(truth: BoardGeometry, read: BoardGeometry) -> float:
    pitch = truth.cell_size
    dx = max(abs(a - b) for a, b in zip(truth.xs, read.xs, strict=True))
    dy = max(abs(a - b) for a, b in zip(truth.ys, read.ys, strict=True))
    return max(dx, dy) / pitch


def run_one(category: str, seed: int, save_dir: str | None) -> Outcome:
    shot = sample(category, seed)
    read = guarded_read(shot.image)
    kind, error, detail = read.failure, float("nan"), read.detail
    if read.reading is not None:
        kind = compare(shot.puzzle, read.reading.puzzle)
        if kind == "exact":
            error = line_error(shot.geometry, read.reading.geometry)
        else:
            puzzle = read.reading.puzzle
            detail = f"read {puzzle.size} {'/'.join(puzzle.canonical().to_grid())}"
    if save_dir and is_failure(category, kind):
        path = Path(save_dir) / f"{category}_{seed}_{kind}.png"
        Image.fromarray(shot.image).save(path)
        truth = shot.puzzle.canonical().to_grid()
        path.with_suffix(".txt").write_text("\n".join(truth) + "\n")
    return Outcome(category, seed, kind, read.ms, error, detail)


def _run(args: tuple[str, int, str | None]) -> Outcome:
    return run_one(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=100, help="shots per category")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--category", action="append", choices=sorted(CATEGORIES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save-failures", metavar="DIR", help="save wrong/refused shots here")
    parser.add_argument("--verbose", action="store_true", help="print every non-exact shot")
    args = parser.parse_args(argv)
    categories = args.category or list(CATEGORIES)
    if args.save_failures:
        Path(args.save_failures).mkdir(parents=True, exist_ok=True)
    seeds = range(args.first, args.first + args.n)
    started = time.perf_counter()
    header = f"{'category':<13}" + "".join(f"{k:>12}" for k in OUTCOMES)
    print(header + f"{'ms med':>9}{'line err':>10}", flush=True)
    outcomes: list[Outcome] = []
    totals: Counter[str] = Counter()
    with worker_map(args.workers) as run_all:
        for category in categories:  # one row at a time, so a long run shows progress
            jobs = [(category, s, args.save_failures) for s in seeds]
            mine = run_all(_run, jobs)
            outcomes += mine
            counts = Counter(o.kind for o in mine)
            if category != "solved":
                totals.update(counts)
            errors = [o.line_error for o in mine if o.kind == "exact"]
            worst = f"{max(errors):.3f}" if errors else "-"
            med = statistics.median(o.ms for o in mine)
            row = f"{category:<13}" + "".join(f"{counts[k]:>12}" for k in OUTCOMES)
            print(row + f"{med:>9.1f}{worst:>10}", flush=True)
    wall = time.perf_counter() - started
    print(f"{'total':<13}" + "".join(f"{totals[k]:>12}" for k in OUTCOMES) + "  (solved left out)")
    print(
        f"{len(outcomes)} shots in {wall:.0f} s wall, {args.workers} worker(s); "
        "read times are medians on a shared machine"
    )
    bad = [o for o in outcomes if is_failure(o.category, o.kind)]
    if args.verbose:
        for o in bad:
            print(f"  {o.category} seed {o.seed}: {o.kind}: {o.detail}")
    worst_kinds = {"wrong_size", "wrong_dots", "wrong_pairs", "timeout", "crashed"}
    return 1 if any(o.kind in worst_kinds for o in bad) else 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
