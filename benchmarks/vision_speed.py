"""Median time of ``read_board`` per 1080x2400 phone screenshot, on one core.

Start-up (imports, first call) is excluded; images are decoded before timing.
Times are CPU time of this process (time.process_time), so other processes on
a shared machine do not count; one OpenCV thread.
Uses the real 1080x2400 screenshots in ``../shared/screens`` when present, else
synthetic phone screens rendered at 1080x2400.

    python benchmarks/vision_speed.py [--repeat 5] [--limit 40]

Floor (issue 3): median <= 30 ms. The machine may be shared: quote medians.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from flowbot.errors import VisionError
from flowbot.render import render_board
from flowbot.screens.synthetic import random_puzzle
from flowbot.vision import load_image, read_board

SHARED = Path(os.environ.get("FLOWBOT_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def real_screens(limit: int) -> list[np.ndarray]:
    index = SHARED / "screens" / "INDEX.csv"
    if not index.is_file():
        return []
    with index.open() as fh:
        rows = [r for r in csv.DictReader(fh) if r["pixels"] == "1080x2400"]
    return [load_image(SHARED / "screens" / r["path"]) for r in rows[:limit]]


def synthetic_screens(limit: int) -> list[np.ndarray]:
    images = []
    for seed in range(limit):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(5, 16))
        board = render_board(random_puzzle(rng, n, n), cell_px=1000 / n, margin_px=0)
        screen = np.zeros((2400, 1080, 3), np.uint8)
        h, w = board.shape[:2]
        screen[600 : 600 + h, 40 : 40 + w] = board
        images.append(screen)
    return images


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed reads per image")
    parser.add_argument("--limit", type=int, default=40, help="images to use")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)  # one core
    images = real_screens(args.limit)
    source = "real 1080x2400 screenshots"
    if not images:
        images, source = synthetic_screens(args.limit), "synthetic 1080x2400 screens"
    for image in images[:2]:  # warm-up: lazy initialisation is start-up, not reading
        with contextlib.suppress(VisionError):
            read_board(image)
    per_image = []
    for image in images:
        times = []
        for _ in range(args.repeat):
            start = time.process_time()
            with contextlib.suppress(VisionError):
                read_board(image)
            times.append((time.process_time() - start) * 1000)
        per_image.append(min(times))  # least disturbed by the other processes on the machine
    median = statistics.median(per_image)
    print(
        f"{len(images)} {source}, best of {args.repeat} each, one core: "
        f"median {median:.1f} ms, max {max(per_image):.1f} ms (floor: <= 30 ms)"
    )
    return 0 if median <= 30 else 1


if __name__ == "__main__":
    sys.exit(main())
