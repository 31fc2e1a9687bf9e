"""Run the vision reader over freshly synthesized screenshots, per category.

Usage::

    python benchmarks/vision_synthetic.py [--n 500] [--category phone ...] [--workers 2]
        [--variant walls ... | --variant all] [--state started] [--first 100000]
        [--save-failures DIR] [--slowest 10]

For every category of ``flowbot.screens.synthetic.CATEGORIES`` it reads ``--n``
shots (seeds ``--first`` .. ``--first + n - 1``) and prints how many came out
exact, wrong (size / board / dots / pairs: the worst outcome), refused (second
worst), or raised an unexpected exception (a bug), with the median read time
and the worst grid-line error of the exact readings in cell pitches (hexagonal
boards: the worst cell centre's error). Exits 1 when any answer is wrong or
crashed. ``--slowest N`` lists the N slowest reads (a look that costs seconds on
a few screens shows there, not in the medians).

``--variant`` (repeatable; ``all``: every one) reads the game's other boards
instead of (or, naming ``classic`` too, as well as) classic ones: one row per
variant and category of ``VARIANT_CATEGORIES``. A reading is exact when the
whole canonical puzzle equals the truth (``Puzzle.canonical()``: lattice,
size, holes, walls, bridges, warps, dots and pairs); ``wrong_size`` is another
lattice or size, ``wrong_board`` other holes, walls, bridges or warps; an
exact reading that says which cells pipes cover (``Reading.pipes``) and is
wrong for a colour is ``wrong_pipes`` (the truth: ``SyntheticShot.pipes``); an
exact puzzle placed elsewhere (its grid lines or cell centres ``PLACE_OFF`` of a
pitch or more off: another copy of the board read, a drag would miss it) is
``wrong_place``.
Development used seeds below 100000: ``--first 100000`` measures on seeds never
looked at. ``--official ../shared/official`` draws the game's own levels of
each variant (their shapes, walls, bridges and warps as the packs have them)
instead of generated boards; ``--walled`` only those with walls (the generated
boards are walled as rarely as the packs' levels are: 15 of 200 hexagonal).

Category ``solved`` draws pipes over the board, as does ``--state started``
or ``solved``: the reader reads those too (its dots exact, the pipes it
reports right), so a refusal of one is a failure like any other. The total
covers the rows run, but the ``solved`` category in a run of unsolved boards
(a row apart, so that classic totals stay comparable across sessions).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
from _harness import guarded_read, worker_map
from PIL import Image

from flowbot.formats import format_puzzle
from flowbot.models import BoardGeometry, Cell, Geometry, Point, Puzzle, Reading
from flowbot.screens.synthetic import (
    CATEGORIES,
    STATES,
    VARIANT_CATEGORIES,
    VARIANTS,
    official_levels,
    sample,
)

OUTCOMES = (
    "exact",
    "wrong_size",
    "wrong_board",
    "wrong_dots",
    "wrong_pairs",
    "wrong_pipes",
    "wrong_place",
    "refused",
    "timeout",
    "crashed",
)


@dataclass(frozen=True)
class Outcome:
    category: str  # "CATEGORY", or "VARIANT/CATEGORY" for the game's other boards
    seed: int
    kind: str
    ms: float
    line_error: float  # worst grid-line offset in cell pitches; exact readings only
    detail: str


def compare(truth: Puzzle, read: Puzzle) -> str:
    """``exact`` or which way a reading is wrong, both boards as drawn (``Puzzle.as_drawn``:
    a border row or column of holes only is drawn as nothing)."""
    truth, read = truth.as_drawn().canonical(), read.as_drawn().canonical()
    if (truth.shape, truth.rows, truth.cols) != (read.shape, read.rows, read.cols):
        return "wrong_size"
    board = ("holes", "walls", "bridges", "warps")
    if any(getattr(truth, name) != getattr(read, name) for name in board):
        return "wrong_board"
    if set(truth.dots()) != set(read.dots()):
        return "wrong_dots"
    return "exact" if truth == read else "wrong_pairs"


#: A reading placed this share of a pitch or more off the board's own place is wrong:
#: drags aimed at it would miss the cells (exact readings err by 0.01 at most).
PLACE_OFF = 0.25


def compare_pipes(truth: Puzzle, pipes: tuple[frozenset[Cell], ...], read: Reading) -> str:
    """``exact``, or ``wrong_pipes`` when the reader says which cells pipes cover (it
    looked: ``Reading.pipes`` is not empty) and is wrong for some colour."""
    if not read.pipes:
        return "exact"
    drawn = {frozenset((p.a, p.b)): cells for p, cells in zip(truth.pairs, pipes, strict=True)}
    seen = {
        frozenset((p.a, p.b)): cells for p, cells in zip(read.puzzle.pairs, read.pipes, strict=True)
    }
    return "exact" if drawn == seen else "wrong_pipes"


def is_failure(kind: str) -> bool:
    """Whether an outcome is a reader's failure: anything not exact (a board with pipes
    drawn on it included: the reader reads those too)."""
    return kind != "exact"


def line_error(truth: Geometry, read: Geometry, puzzle: Puzzle | None = None) -> float:
    """The worst grid-line offset (hexagonal boards: cell centre offset) in cell pitches,
    of ``truth``'s board as drawn (``puzzle``'s, ``Puzzle.as_drawn``)."""
    if puzzle is not None:
        truth = drawn_geometry(truth, puzzle)
    pitch = truth.cell_size
    if isinstance(truth, BoardGeometry) and isinstance(read, BoardGeometry):
        dx = max(abs(a - b) for a, b in zip(truth.xs, read.xs, strict=True))
        dy = max(abs(a - b) for a, b in zip(truth.ys, read.ys, strict=True))
        return max(dx, dy) / pitch
    corners = [(0, 0), (0, truth.cols - 1), (truth.rows - 1, 0), (truth.rows - 1, truth.cols - 1)]
    errors = (math.dist(truth.centre(Cell(*c)), read.centre(Cell(*c))) for c in corners)
    return max(errors) / pitch


def drawn_geometry(geometry: Geometry, puzzle: Puzzle) -> Geometry:
    """``puzzle``'s ``geometry`` trimmed to its board as drawn (``Puzzle.as_drawn``)."""
    drawn = puzzle.as_drawn()
    if drawn is puzzle:
        return geometry
    cell = next(puzzle.cells())
    at = puzzle.drawn_place()(cell)
    if isinstance(geometry, BoardGeometry):
        r0, c0 = cell.row - at.row, cell.col - at.col
        return BoardGeometry(
            geometry.xs[c0 : c0 + drawn.cols + 1], geometry.ys[r0 : r0 + drawn.rows + 1]
        )
    # The drawn board's cell (0, 0) lies from ``at`` as the lattice places cells.
    x, y = geometry.centre(cell)
    origin = Point(
        x - at.col * geometry.col_step,
        y - (at.row - at.col % 2 / 2) * geometry.row_step,
    )
    return replace(geometry, origin=origin, rows=drawn.rows, cols=drawn.cols)


def _text(puzzle: Puzzle) -> str:
    if puzzle.is_classic:
        return "\n".join(puzzle.canonical().to_grid()) + "\n"
    return format_puzzle(puzzle.canonical(), "board")


def run_one(
    category: str,
    seed: int,
    save_dir: str | None,
    *,
    variant: str = "classic",
    state: str = "unsolved",
    official: str | None = None,
    walled: bool = False,
) -> Outcome:
    levels = official_levels(official).get(variant, ()) if official else ()
    if walled:
        levels = tuple(level for level in levels if level.puzzle.walls)
    shot = sample(category, seed, variant, state, levels)
    name = category if variant == "classic" else f"{variant}/{category}"
    read = guarded_read(shot.image)
    kind, error, detail = read.failure, float("nan"), read.detail
    if read.reading is not None:
        kind = compare(shot.puzzle, read.reading.puzzle)
        if kind == "exact":
            error = line_error(shot.geometry, read.reading.geometry, shot.puzzle)
            kind = compare_pipes(shot.puzzle, shot.pipes, read.reading)
            if error >= PLACE_OFF:
                kind, detail = "wrong_place", f"placed {error:.2f} pitch off"
        else:
            puzzle = read.reading.puzzle
            detail = f"read {puzzle.size} {_text(puzzle).strip().replace(chr(10), '/')}"
    if save_dir and is_failure(kind):
        path = Path(save_dir) / f"{name.replace('/', '_')}_{seed}_{kind}.png"
        Image.fromarray(shot.image).save(path)
        path.with_suffix(".txt").write_text(_text(shot.puzzle))
    return Outcome(name, seed, kind, read.ms, error, detail)


def _run(args: tuple[str, int, str | None, str, str, str | None, bool]) -> Outcome:
    category, seed, save_dir, variant, state, official, walled = args
    return run_one(
        category, seed, save_dir, variant=variant, state=state, official=official, walled=walled
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=100, help="shots per category")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--category", action="append", choices=sorted(CATEGORIES))
    parser.add_argument(
        "--variant",
        action="append",
        choices=["classic", *VARIANTS, "all"],
        help="board kinds to draw (default: classic; 'all': every variant but classic)",
    )
    parser.add_argument(
        "--state", choices=STATES, default="unsolved", help="pipes drawn on every board"
    )
    parser.add_argument(
        "--official",
        metavar="DIR",
        help="draw the game's own levels of each variant from the level packs in DIR "
        "(such as ../shared/official) instead of generated ones",
    )
    parser.add_argument(
        "--walled",
        action="store_true",
        help="with --official, only the levels with walls (15 of the 200 hexagonal ones)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save-failures", metavar="DIR", help="save wrong/refused shots here")
    parser.add_argument("--verbose", action="store_true", help="print every non-exact shot")
    parser.add_argument(
        "--slowest", type=int, default=0, metavar="N", help="print the N slowest reads"
    )
    args = parser.parse_args(argv)
    if args.official and not official_levels(args.official):
        parser.error(f"no level packs (levelpack_*.txt) with variant boards in {args.official}")
    if args.walled and not args.official:
        parser.error("--walled draws official levels: give --official DIR too")
    variants = args.variant or ["classic"]
    if "all" in variants:
        variants = [v for v in variants if v not in ("all", *VARIANTS)] + list(VARIANTS)
    rows: list[tuple[str, str]] = []  # (variant, category)
    for variant in variants:
        allowed = CATEGORIES if variant == "classic" else VARIANT_CATEGORIES
        if args.state != "unsolved":
            allowed = [c for c in allowed if c != "solved"]
        rows += [(variant, c) for c in (args.category or allowed) if c in allowed]
    if args.save_failures:
        Path(args.save_failures).mkdir(parents=True, exist_ok=True)
    seeds = range(args.first, args.first + args.n)
    started = time.perf_counter()
    width = max([13] + [len(f"{v}/{c}") + 1 for v, c in rows if v != "classic"])
    header = f"{'category':<{width}}" + "".join(f"{k:>12}" for k in OUTCOMES)
    print(header + f"{'ms med':>9}{'line err':>10}", flush=True)
    outcomes: list[Outcome] = []
    totals: Counter[str] = Counter()
    with worker_map(args.workers) as run_all:
        for variant, category in rows:  # one row at a time, so a long run shows progress
            jobs = [
                (category, s, args.save_failures, variant, args.state, args.official, args.walled)
                for s in seeds
            ]
            mine = run_all(_run, jobs)
            outcomes += mine
            counts = Counter(o.kind for o in mine)
            if category != "solved" or args.state != "unsolved":
                totals.update(counts)
            errors = [o.line_error for o in mine if o.kind == "exact"]
            worst = f"{max(errors):.3f}" if errors else "-"
            med = statistics.median(o.ms for o in mine)
            name = category if variant == "classic" else f"{variant}/{category}"
            row = f"{name:<{width}}" + "".join(f"{counts[k]:>12}" for k in OUTCOMES)
            print(row + f"{med:>9.1f}{worst:>10}", flush=True)
    wall = time.perf_counter() - started
    left_out = "solved left out" if args.state == "unsolved" else f"all {args.state}"
    print(f"{'total':<{width}}" + "".join(f"{totals[k]:>12}" for k in OUTCOMES) + f"  ({left_out})")
    print(
        f"{len(outcomes)} shots in {wall:.0f} s wall, {args.workers} worker(s); "
        "read times are medians on a shared machine"
    )
    if args.slowest:
        print(f"the {args.slowest} slowest reads:")
        for o in sorted(outcomes, key=lambda o: -o.ms)[: args.slowest]:
            print(f"  {o.category} seed {o.seed}: {o.ms:.0f} ms ({o.kind})")
    bad = [o for o in outcomes if is_failure(o.kind)]
    if args.verbose:
        for o in bad:
            print(f"  {o.category} seed {o.seed}: {o.kind}: {o.detail}")
    worst_kinds = {
        *("wrong_size", "wrong_board", "wrong_dots", "wrong_pairs", "wrong_pipes", "wrong_place"),
        *("timeout", "crashed"),
    }
    return 1 if any(o.kind in worst_kinds for o in bad) else 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
