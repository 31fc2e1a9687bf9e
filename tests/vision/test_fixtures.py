"""Regression: the reader gives exactly the labelled puzzle for every fixture screenshot.

The fixtures are ``fixtures/screenshots/*.{png,jpg}`` with ``<stem>.txt`` beside
each (canonical grid text); see that folder's README for how they were made.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import flowbot.vision
from flowbot.errors import VisionError
from flowbot.models import Puzzle

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "screenshots"
IMAGES = sorted(
    p
    for p in FIXTURES.glob("*")
    if p.suffix.lower() in {".png", ".jpg", ".jpeg"} and p.with_suffix(".txt").is_file()
)

#: Fixtures the reader refused when they were made (see /work/notes/vision_synth_findings.md).
#: Only a refusal is let through for these (``raises=VisionError``): a wrong puzzle still fails,
#: and a right one shows as XPASS, the cue to delete its line here.
KNOWN_REFUSALS: dict[str, str] = {
    "synth_tiny_cells_2.png": "some inner grid lines are missing",
}


#: Solved and half-solved boards: a refusal is a right answer for these today.
MAY_REFUSE_PREFIX = "synth_solved_"


def _cases() -> list[pytest.param]:  # type: ignore[valid-type]
    cases = []
    for path in IMAGES:
        marks = []
        if path.name in KNOWN_REFUSALS:
            # Only a refusal counts as the expected failure: a wrong answer still fails.
            reason = KNOWN_REFUSALS[path.name]
            marks.append(pytest.mark.xfail(reason=reason, raises=VisionError, strict=False))
        cases.append(pytest.param(path, id=path.name, marks=marks))
    return cases


def test_every_fixture_has_a_valid_label() -> None:
    assert len(IMAGES) >= 30
    for path in IMAGES:
        lines = path.with_suffix(".txt").read_text().split()
        puzzle = Puzzle.from_grid(lines)
        assert puzzle.canonical().to_grid() == tuple(lines), path.name


@pytest.mark.parametrize("path", _cases())
def test_reader_reads_the_fixture_exactly(path: Path) -> None:
    read_board = getattr(flowbot.vision, "read_board", None)
    if read_board is None:
        pytest.skip("flowbot.vision.read_board is not built yet")
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
