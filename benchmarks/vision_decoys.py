"""Run the vision reader over decoys (screens with no readable Flow board), per kind.

Usage::

    python benchmarks/vision_decoys.py [--n 50] [--first 0] [--kind sudoku ...] [--workers 2]
        [--save-failures DIR] [--verbose]

For every kind of ``flowbot.screens.decoys.KINDS`` it reads ``--n`` decoys
(seeds ``--first`` .. ``--first + n - 1``) and counts how each came out:
``refused`` (right: a ``VisionError`` with a one-line reason), ``read`` (a
puzzle returned from a screen that holds none: the worst outcome; it is
printed and, with ``--save-failures``, saved), ``multiline`` (refused, but the
reason is not one line), ``timeout`` or ``crashed`` (any other exception: a
bug). Exits 1 on any read, multi-line reason, timeout or crash.

The game's other boards drawn over classic ones (``decoys.READABLE_NOW``:
walls, holes, bridges, hexagons) are no longer decoys, since the reader may
read them; ``vision_synthetic.py --variant all`` reads those boards, drawn as
the game draws them, against their truth. What must still be refused of them
is here: a variant board cut by the image's edge, two of them, one with a
colour seen once or three times or with no dots, and boards the model cannot
hold (Shapes' cubes, round boards).
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

from flowbot.screens.decoys import KINDS, decoy
from flowbot.vision._check import puzzle_lines

OUTCOMES = ("refused", "read", "multiline", "timeout", "crashed")


@dataclass(frozen=True)
class Outcome:
    kind: str
    seed: int
    outcome: str
    ms: float
    detail: str  # the refusal's reason, the puzzle read, or the crash


def run_one(kind: str, seed: int, save_dir: str | None) -> Outcome:
    shot = decoy(kind, seed)
    read = guarded_read(shot.image)
    outcome, detail = read.failure, read.detail
    if read.reading is not None:
        outcome = "read"
        grid = "/".join(puzzle_lines(read.reading.puzzle))
        detail = f"read {read.reading.puzzle.size} ({shot.what}) {grid}"
    elif outcome == "refused" and (not detail or "\n" in detail):
        outcome = "multiline"
    if save_dir and outcome != "refused":
        path = Path(save_dir) / f"{kind}_{seed}_{outcome}.png"
        Image.fromarray(shot.image).save(path)
        path.with_suffix(".txt").write_text(f"{shot.what}\n{shot.why}\n{detail}\n")
    return Outcome(kind, seed, outcome, read.ms, detail)


def _run(args: tuple[str, int, str | None]) -> Outcome:
    return run_one(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=50, help="decoys per kind")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--kind", action="append", choices=sorted(KINDS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save-failures", metavar="DIR", help="save decoys read or crashed here")
    parser.add_argument("--verbose", action="store_true", help="print every refusal's reason too")
    args = parser.parse_args(argv)
    kinds = args.kind or list(KINDS)
    if args.save_failures:
        Path(args.save_failures).mkdir(parents=True, exist_ok=True)
    seeds = range(args.first, args.first + args.n)
    started = time.perf_counter()
    width = max([17] + [len(k) + 1 for k in kinds])
    header = f"{'kind':<{width}}" + "".join(f"{k:>10}" for k in OUTCOMES)
    print(header + f"{'ms med':>9}", flush=True)
    outcomes: list[Outcome] = []
    totals: Counter[str] = Counter()
    with worker_map(args.workers) as run_all:
        for kind in kinds:  # one row at a time, so a long run shows progress
            jobs = [(kind, s, args.save_failures) for s in seeds]
            mine = run_all(_run, jobs)
            outcomes += mine
            counts = Counter(o.outcome for o in mine)
            totals.update(counts)
            med = statistics.median(o.ms for o in mine)
            row = f"{kind:<{width}}" + "".join(f"{counts[k]:>10}" for k in OUTCOMES)
            print(row + f"{med:>9.1f}", flush=True)
    wall = time.perf_counter() - started
    print(f"{'total':<{width}}" + "".join(f"{totals[k]:>10}" for k in OUTCOMES))
    print(
        f"{len(outcomes)} decoys in {wall:.0f} s wall, {args.workers} worker(s); "
        "read times are medians on a shared machine"
    )
    for o in outcomes:
        if o.outcome != "refused" or args.verbose:
            print(f"  {o.kind} seed {o.seed}: {o.outcome}: {o.detail}")
    if args.verbose:
        reasons = Counter(o.detail for o in outcomes if o.outcome == "refused")
        for reason, count in reasons.most_common():
            print(f"  {count:>5}  {reason}")
    return 1 if any(o.outcome != "refused" for o in outcomes) else 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
