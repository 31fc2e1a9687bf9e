"""Pipes fainter than the pipe contrast: read when whole flows, never left out unread."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.models import Cell, Puzzle
from flowbot.render import board_geometry, draw_board
from flowbot.vision import UnsureBoardError, read_board
from flowbot.vision._colour import delta_e, to_lab

PUZZLE = Puzzle.from_grid(["A.B.C", "...D.", "..B..", ".AC..", "D...."])
#: A dark grey-violet on the game's black ground: 18 Lab from it, under the pipe
#: contrast (and under the empty cells' contrast where the band ends in a cell).
FAINT_RGB = (45, 40, 50)


def _with_band(blur: float) -> np.ndarray:
    """The board with a band of ``FAINT_RGB``, a pipe's width, down column 1 (under the
    dot at (3, 1)), from past the board's top to past its bottom."""
    geometry = board_geometry(PUZZLE, cell_px=60, margin_px=40)
    canvas = np.zeros((380, 380, 3), np.uint8)
    x = round(geometry.centre(Cell(0, 1)).x)
    cv2.line(canvas, (x, 0), (x, 379), FAINT_RGB, 18, cv2.LINE_AA)
    if blur:
        canvas = cv2.GaussianBlur(canvas, (0, 0), blur)
    return draw_board(canvas, PUZZLE, geometry)


def test_the_band_is_fainter_than_the_pipe_contrast() -> None:
    lab = to_lab(np.array([[FAINT_RGB]], np.uint8))[0, 0]
    assert 15 < float(delta_e(lab, np.zeros(3))) < 20


def test_a_faint_pipe_no_flow_explains_is_refused() -> None:
    # Through empty cells and under a dot: no flow from a dot, so the pipe
    # stage cannot read it; read as empty cells, the board could be wrong.
    with pytest.raises(UnsureBoardError, match="faint pipe"):
        read_board(_with_band(blur=0))


def test_faint_glow_as_wide_is_no_pipe() -> None:
    # The same band blurred as the background's glow is: it fades softly.
    assert read_board(_with_band(blur=5)).puzzle == PUZZLE.canonical()
