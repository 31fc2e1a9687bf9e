"""Read the real screenshots again after changing them as other devices and users would.

Usage::

    python benchmarks/vision_real_variants.py [SCREENS_DIR] [--variant scaled ...]
        [--first 0] [--k 1] [--workers 2] [--save-failures DIR] [--verbose]

The synthetic benchmark draws every screen with flowbot's own renderer; this
one starts from the game's real pixels (its glow, fonts, anti-aliasing and the
phones' own scaling) and changes them in ways that keep the puzzle the same:

- ``scaled``: shrunk (area-averaged) to 35-95% while cells stay >= 20 px;
- ``jpeg``: saved again through JPEG at quality 50-90;
- ``drift``: another device's colours (gamma, channel gains, saturation);
- ``crop``: cut down to the board with 0.05-0.4 cells of margin (labelled only);
- ``mirror``: shrunk into a window on a cluttered desktop;
- ``combo``: shrunk, drifted and saved through JPEG.

A labelled image must still read exactly; an unlabelled one (a shaped, walled,
solved or hex board) must still be refused. Prints a table per variant and
exits 1 when any reading is wrong or a read crashed. ``--k`` variants of each
kind are drawn per image, from seeds ``--first``.. (deterministic per image).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from _harness import guarded_read, worker_map
from PIL import Image

from flowbot.screens.synthetic import Drift, _apply_drift, _desktop, _jpeg
from flowbot.vision import find_images, load_image, read_board
from flowbot.vision._check import compare, label_for, load_labels, puzzle_lines

#: Labels of the screens that have none beside them.
LABELS = load_labels(Path(__file__).resolve().parent.parent / "fixtures" / "labels" / "screens.txt")
VARIANTS = ("scaled", "jpeg", "drift", "crop", "mirror", "combo")
#: Smallest cell pitch a variant may shrink a board to (the issue's ~20 px).
MIN_PITCH = 20.0
OUTCOMES = ("exact", "wrong", "refused", "crashed")


@dataclass(frozen=True)
class Outcome:
    variant: str
    image: str
    seed: int
    kind: str  # one of OUTCOMES, or "skipped" when the variant cannot apply
    ms: float
    detail: str


def _shrink(image: np.ndarray, scale: float) -> np.ndarray:
    h, w = image.shape[:2]
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.uint8)


def _scale_for(rng: np.random.Generator, pitch: float | None, low: float, high: float) -> float:
    """A random shrink factor in [low, high] keeping cells >= MIN_PITCH (1 when none does)."""
    lowest = max(low, MIN_PITCH / pitch) if pitch else low
    return float(rng.uniform(lowest, high)) if lowest < high else 1.0


def _drift(rng: np.random.Generator) -> Drift:
    gains = tuple(float(g) for g in rng.uniform(0.88, 1.1, 3))
    return Drift(float(rng.uniform(0.8, 1.25)), gains, float(rng.uniform(0.75, 1.2)))  # type: ignore[arg-type]


def make_variant(
    image: np.ndarray, variant: str, rng: np.random.Generator, board: tuple[float, ...] | None
) -> np.ndarray | None:
    """``image`` changed by ``variant``; ``None`` when it cannot apply.

    ``board`` is the original reading's ``(left, top, right, bottom, pitch)``
    (``None`` for an unlabelled image).
    """
    pitch = board[4] if board else None
    if variant == "scaled":
        return _shrink(image, _scale_for(rng, pitch, 0.35, 0.95))
    if variant == "jpeg":
        return _jpeg(image, int(rng.integers(50, 91)))
    if variant == "drift":
        return _apply_drift(image, _drift(rng))
    if variant == "crop":
        if board is None:
            return None
        left, top, right, bottom = (
            round(v + s * pitch * rng.uniform(0.05, 0.4))
            for v, s in zip(board[:4], (-1, -1, 1, 1), strict=True)
        )
        h, w = image.shape[:2]
        return image[max(0, top) : min(h, bottom + 1), max(0, left) : min(w, right + 1)].copy()
    if variant == "mirror":
        small = _shrink(image, _scale_for(rng, pitch, 0.35, 0.8))
        sh, sw = small.shape[:2]
        width, height = (2560, 1440) if max(sh, sw) > 1000 else (1920, 1080)
        if sh > height - 60 or sw > width:
            small = _shrink(small, min((height - 60) / sh, width / sw))
            sh, sw = small.shape[:2]
        desk = _desktop(rng, width, height, clutter=True)
        x = int(rng.integers(0, width - sw + 1))
        y = int(rng.integers(30, height - sh - 29))
        desk[y - 30 : y] = (40, 40, 40)  # the mirror window's title bar
        desk[y : y + sh, x : x + sw] = small
        return desk
    if variant == "combo":
        small = _shrink(image, _scale_for(rng, pitch, 0.5, 0.95))
        return _jpeg(_apply_drift(small, _drift(rng)), int(rng.integers(60, 91)))
    raise ValueError(f"unknown variant {variant!r}")


def run_one(job: tuple[str, str, int, str | None]) -> Outcome:
    path, variant, seed, save_dir = job
    expected = label_for(Path(path), LABELS)
    image = load_image(path)
    board = None
    if expected is not None:
        g = read_board(image).geometry  # exact on every labelled screen (flowbot check)
        board = (g.left, g.top, g.right, g.bottom, g.cell_size)
    rng = np.random.default_rng([seed, zlib.crc32(path.encode())])
    changed = make_variant(image, variant, rng, board)
    if changed is None:
        return Outcome(variant, path, seed, "skipped", 0.0, "")
    read = guarded_read(changed)
    kind, detail = read.failure, read.detail
    if kind in ("timeout", "crashed"):
        kind = "crashed"
    elif read.reading is not None:
        puzzle = read.reading.puzzle
        ok = expected is not None and compare(expected, puzzle) == "exact"
        kind = "exact" if ok else "wrong"
        detail = "" if ok else f"read {puzzle.size} {'/'.join(puzzle_lines(puzzle.canonical()))}"
    elif expected is None:
        kind = "exact"  # refused, as an unlabelled screen must be
    if save_dir and kind != "exact":
        name = f"{variant}_{seed}_{kind}_{Path(path).stem}"
        Image.fromarray(changed).save(Path(save_dir) / f"{name}.png")
    return Outcome(variant, path, seed, kind, read.ms, detail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_dir = Path(__file__).resolve().parents[1].parent / "shared" / "screens"
    parser.add_argument("screens", nargs="?", default=str(default_dir))
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--k", type=int, default=1, help="variants of each kind per image")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save-failures", metavar="DIR", help="save the changed images here")
    parser.add_argument("--verbose", action="store_true", help="print every non-exact reading")
    args = parser.parse_args(argv)
    if not Path(args.screens).is_dir():
        print(f"{args.screens}: no such folder (the shared screenshots)", file=sys.stderr)
        return 2
    if args.save_failures:
        Path(args.save_failures).mkdir(parents=True, exist_ok=True)
    paths = [str(p) for p, _ in find_images([args.screens])]
    started = time.perf_counter()
    print(f"{'variant':<9}" + "".join(f"{k:>10}" for k in OUTCOMES) + f"{'ms med':>9}", flush=True)
    outcomes: list[Outcome] = []
    with worker_map(args.workers) as run_all:
        for variant in args.variant or VARIANTS:  # one row at a time, to show progress
            seeds = range(args.first, args.first + args.k)
            jobs = [(p, variant, s, args.save_failures) for s in seeds for p in paths]
            mine = [o for o in run_all(run_one, jobs) if o.kind != "skipped"]
            outcomes += mine
            counts = Counter(o.kind for o in mine)
            med = statistics.median(o.ms for o in mine) if mine else 0.0
            row = "".join(f"{counts[k]:>10}" for k in OUTCOMES)
            print(f"{variant:<9}{row}{med:>9.1f}", flush=True)
    total = Counter(o.kind for o in outcomes)
    print(f"{'total':<9}" + "".join(f"{total[k]:>10}" for k in OUTCOMES))
    print(f"{len(outcomes)} readings in {time.perf_counter() - started:.0f} s wall")
    if args.verbose:
        for o in outcomes:
            if o.kind != "exact":
                print(f"  {o.variant} seed {o.seed} {o.image}: {o.kind}: {o.detail}")
    return 1 if total["wrong"] or total["crashed"] else 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    sys.exit(main())
