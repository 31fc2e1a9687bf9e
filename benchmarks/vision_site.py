"""Read a solutions site's images of solved official levels, judged on what they draw.

Usage::

    python benchmarks/vision_site.py [--root ../shared/variants] [PACK ...] [--workers 2]

``--root`` defaults to ``shared/variants`` beside the checkout (``/work/shared/variants``
for a worktree under ``/work/wt``: give it).

Each ``<pack>/<n>.png`` there is a solved level beside its level line
(``<n>.txt``; the folder's README says how the site draws). The site draws
no walls, holes as plain empty cells, bridges only as two flows crossing
(no tile), and warps only as stubs of the flows through them: the reader is
never asked to see what is not drawn. A reading is:

- ``exact``: its size and shape, dots and pairs are the level's; it claims no
  hole, wall, bridge or warp the level lacks; it has every bridge two flows
  cross and every warp a flow takes; the pipes it reports are the solution's;
- ``wrong_size``, ``wrong_dots`` (dots or pairs), ``wrong_board`` (a hole, wall,
  bridge or warp the level lacks, or one drawn and missed), ``wrong_pipes``;
- ``refused`` (or ``timeout``, ``crashed``).

Holes drawn as empty cells leave the board unfilled there: no reading says
"already solved" of such a level, which is judged as a board with pipes on
it. Exits 1 when any reading is wrong.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

from _harness import guarded_read, worker_map

from flowbot.formats import read_puzzles
from flowbot.models import Cell, Puzzle, Solution, link
from flowbot.vision import load_image

ROOT = Path(__file__).resolve().parents[2] / "shared" / "variants"
OUTCOMES = (
    "exact",
    "wrong_size",
    "wrong_dots",
    "wrong_board",
    "wrong_pipes",
    "refused",
    "timeout",
    "crashed",
)


def judge(png: str) -> tuple[str, str, str]:
    """(pack, outcome, detail) for one image."""
    path = Path(png)
    [level] = read_puzzles(path.with_suffix(".txt"), "levelpack")
    want, solution = level.puzzle.canonical(), level.solution
    read = guarded_read(load_image(path))
    if read.reading is None:
        return path.parent.name, read.failure, f"{path}: {read.detail}"
    got = read.reading.puzzle.canonical()
    if (got.rows, got.cols, got.shape) != (want.rows, want.cols, want.shape):
        return path.parent.name, "wrong_size", f"{path}: {got.rows}x{got.cols}"
    if {tuple(sorted((p.a, p.b))) for p in got.pairs} != {
        tuple(sorted((p.a, p.b))) for p in want.pairs
    }:
        return path.parent.name, "wrong_dots", str(path)
    drawn_bridges, used_warps = _drawn(want, solution)
    if not (
        got.holes <= want.holes
        and got.walls <= want.walls
        and drawn_bridges <= got.bridges <= want.bridges
        and used_warps <= got.warps <= want.warps
    ):
        return path.parent.name, "wrong_board", str(path)
    if solution is not None and read.reading.pipes and not _pipes_right(read.reading, solution):
        return path.parent.name, "wrong_pipes", str(path)
    return path.parent.name, "exact", ""


def _drawn(puzzle: Puzzle, solution: Solution | None) -> tuple[frozenset[Cell], frozenset]:
    """The bridges two flows cross, and the warps a flow takes (what the site draws)."""
    if solution is None:
        return frozenset(), frozenset()
    crossed = Counter(c for path in solution.paths for c in path if c in puzzle.bridges)
    steps = {link(a, b) for path in solution.paths for a, b in pairwise(path)}
    return frozenset(c for c, n in crossed.items() if n > 1), frozenset(puzzle.warps & steps)


def _pipes_right(reading: object, solution: Solution) -> bool:
    """Whether each pair's reported pipe covers its solution path's cells but the dots."""
    puzzle = reading.puzzle  # type: ignore[attr-defined]
    pipes = reading.pipes  # type: ignore[attr-defined]
    want = {
        frozenset((p.a, p.b)): frozenset(path[1:-1])
        for p, path in zip(solution.puzzle.pairs, solution.paths, strict=True)
    }
    return all(
        want.get(frozenset((p.a, p.b))) == covered
        for p, covered in zip(puzzle.pairs, pipes, strict=True)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("packs", nargs="*", help="pack folders to read (default: every one)")
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not args.root.is_dir():
        print(f"no images at {args.root}: skipped")
        return 0
    pngs = sorted(args.root.glob("*/*.png"))
    if args.packs:
        pngs = [p for p in pngs if p.parent.name in args.packs]
    counts: Counter[tuple[str, str]] = Counter()
    with worker_map(args.workers) as run:
        for pack, outcome, detail in run(judge, [str(p) for p in pngs]):
            counts[(pack, outcome)] += 1
            if outcome != "exact":
                print(f"  {outcome}: {detail}", flush=True)
    packs = sorted({pack for pack, _ in counts})
    print(f"{'pack':16}" + "".join(f"{o:>12}" for o in OUTCOMES))
    for pack in packs:
        print(f"{pack:16}" + "".join(f"{counts[(pack, o)]:>12}" for o in OUTCOMES))
    wrong = sum(n for (_, o), n in counts.items() if o.startswith("wrong"))
    print(f"{len(pngs)} images, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
