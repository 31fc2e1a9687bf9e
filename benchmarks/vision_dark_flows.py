"""Dark flows on the game's black ground, through JPEG: read exactly or refused, never wrong.

Usage::

    python benchmarks/vision_dark_flows.py [--seeds 2] [--first 0] [--workers 1] [--verbose]
        [--save-failures DIR] [--blur PX] [--cell-px PX ...] [--quality Q ...]
        [--rgb R G B ...] [--state started|solved]

A 6x6 board (``snake_solution``), one flow drawn in a dark colour only a few
L* above black (dark purples, a dark red, dark blues), started (its first link
only) or whole, in cells of 30, 45 and 60 px, lossless and through JPEG 75 and
60: 108 renders per seed (``--blur``: each blurred first, as a phone's camera or
scaler blurs). Such a flow's band stands out from black in colour
far more than in lightness, and JPEG halves the colours' resolution: its
pipe can pass for glow and its dots be left out or paired wrongly. Each render
comes out ``exact`` (the puzzle and the cells each flow covers), ``refused``
(a ``VisionError``: acceptable), ``wrong`` (another puzzle, or other pipes:
the outcome that must not happen), ``timeout`` or ``crashed``. Exits 1 on any
wrong, timeout or crash.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from _harness import guarded_read, worker_map
from PIL import Image

from flowbot.models import Solution
from flowbot.render import render_board
from flowbot.screens.synthetic import PALETTES, snake_solution

#: Dark flow colours: 12-21 Lab from black, under 5 L* above it.
DARK = ((25, 0, 25), (35, 0, 0), (30, 0, 30), (0, 20, 40), (20, 20, 40), (40, 0, 20))
CELLS_PX = (30, 45, 60)
QUALITIES = (60, 75, None)
OUTCOMES = ("exact", "refused", "wrong", "timeout", "crashed")


@dataclass(frozen=True)
class Case:
    seed: int
    rgb: tuple[int, int, int]
    cell_px: int
    quality: int | None
    whole: bool
    blur: float = 0.0

    def __str__(self) -> str:
        q = f"jpeg{self.quality}" if self.quality else "png"
        state = "solved" if self.whole else "started"
        blurred = f" blur{self.blur:g}" if self.blur else ""
        return f"seed {self.seed} rgb {self.rgb} {self.cell_px}px{blurred} {q} {state}"


@dataclass(frozen=True)
class Outcome:
    case: Case
    outcome: str
    detail: str


def render(case: Case) -> tuple[np.ndarray, object, set[frozenset]]:
    """The image, the puzzle and the cells each flow covers (its dots left out)."""
    solution = snake_solution(np.random.default_rng(case.seed), 6, 6, 5)
    puzzle = solution.puzzle
    dark = case.seed % 5
    paths = tuple(p if case.whole or i != dark else p[:2] for i, p in enumerate(solution.paths))
    colours = [c.rgb for c in PALETTES["game"][:5]]
    colours[dark] = case.rgb
    image = render_board(puzzle, Solution(puzzle, paths), cell_px=case.cell_px, colours=colours)
    if case.blur:
        image = cv2.GaussianBlur(image, (0, 0), case.blur)
    if case.quality:
        ok, buf = cv2.imencode(".jpg", image[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, case.quality])
        assert ok
        image = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1].copy()
    covered = {frozenset(p) - {pair.a, pair.b} for p, pair in zip(paths, puzzle.pairs, strict=True)}
    return image, puzzle, covered


def run_one(job: tuple[Case, str | None]) -> Outcome:
    case, save_dir = job
    image, puzzle, covered = render(case)
    read = guarded_read(image)
    if read.reading is None:
        outcome, detail = read.failure, read.detail
    elif read.reading.puzzle != puzzle.canonical():  # type: ignore[attr-defined]
        outcome, detail = "wrong", "/".join(read.reading.puzzle.to_grid())
    elif set(read.reading.pipes) != covered:
        outcome, detail = "wrong", "pipes differ"
    else:
        outcome, detail = "exact", ""
    if save_dir and outcome != "exact":
        name = str(case).replace(" ", "_").replace(",", "").replace("(", "").replace(")", "")
        Image.fromarray(image).save(Path(save_dir) / f"{name}.png")
    return Outcome(case, outcome, detail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="boards per colour and size")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save-failures", metavar="DIR", help="save every render not read exactly")
    parser.add_argument(
        "--blur", type=float, default=0.0, help="a Gaussian blur (px) before JPEG (a phone's)"
    )
    parser.add_argument("--cell-px", type=int, nargs="+", default=CELLS_PX, help="cell sizes")
    parser.add_argument(
        "--quality", type=int, nargs="+", help="JPEG qualities (0: lossless; default all)"
    )
    parser.add_argument(
        "--rgb",
        type=int,
        nargs=3,
        action="append",
        metavar=("R", "G", "B"),
        help="a dark flow colour (repeatable; default the six of DARK)",
    )
    parser.add_argument(
        "--state", choices=("started", "solved"), help="one state only (default both)"
    )
    parser.add_argument("--verbose", action="store_true", help="print every refusal too")
    args = parser.parse_args(argv)
    colours = [tuple(c) for c in args.rgb] if args.rgb else DARK
    states = [args.state == "solved"] if args.state else [False, True]
    if args.save_failures:
        Path(args.save_failures).mkdir(parents=True, exist_ok=True)
    cases = [
        Case(seed, rgb, px, q, whole, args.blur)
        for seed in range(args.first, args.first + args.seeds)
        for rgb in colours
        for px in args.cell_px
        for q in ([q or None for q in args.quality] if args.quality else QUALITIES)
        for whole in states
    ]
    start = time.perf_counter()
    with worker_map(args.workers) as pmap:
        outcomes = pmap(run_one, [(c, args.save_failures) for c in cases])
    counts = Counter(o.outcome for o in outcomes)
    for o in outcomes:
        if o.outcome != "exact" and (args.verbose or o.outcome != "refused"):
            print(f"  {o.case}: {o.outcome}: {o.detail}")
    print("  ".join(f"{k} {counts[k]}" for k in OUTCOMES), f"of {len(outcomes)}")
    print(f"{len(outcomes)} renders in {time.perf_counter() - start:.0f} s wall")
    return 1 if counts["wrong"] or counts["timeout"] or counts["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
