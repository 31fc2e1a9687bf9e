"""Regression: the reader gives exactly the labelled puzzle for every fixture screenshot.

The fixtures are ``fixtures/screenshots/*.{png,jpg}`` with ``<stem>.txt`` beside
each (canonical grid text); see that folder's README for how they were made.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from flowbot.errors import VisionError
from flowbot.models import Puzzle
from flowbot.vision import read_board

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "screenshots"
IMAGES = sorted(
    p
    for p in FIXTURES.glob("*")
    if p.suffix.lower() in {".png", ".jpg", ".jpeg"} and p.with_suffix(".txt").is_file()
)

#: Solved and half-solved boards: a refusal is a right answer for these today.
MAY_REFUSE_PREFIX = "synth_solved_"


def test_every_fixture_has_a_valid_label() -> None:
    assert len(IMAGES) >= 30
    for path in IMAGES:
        lines = path.with_suffix(".txt").read_text().split()
        puzzle = Puzzle.from_grid(lines)
        assert puzzle.canonical().to_grid() == tuple(lines), path.name


@pytest.mark.parametrize("path", IMAGES, ids=lambda p: p.name)
def test_reader_reads_the_fixture_exactly(path: Path) -> None:
    image = np.asarray(Image.open(path).convert("RGB"))
    expected = tuple(path.with_suffix(".txt").read_text().split())
    if path.name.startswith(MAY_REFUSE_PREFIX):
        try:
            reading = read_board(image)
        except VisionError:
            return
    else:
        reading = read_board(image)
    assert reading.puzzle.canonical().to_grid() == expected
