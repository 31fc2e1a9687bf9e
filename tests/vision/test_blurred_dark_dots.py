"""A dark dot blurred past a crisp rim stands out from the ground: refused, never read empty.

A dark flow on black through a Gaussian blur (1.5 px) and JPEG 60 leaves a dot 12-15 Lab
from its ring with a rim spread over 4+ px: no crisp disc, fainter than a doubtful cell.
Read empty, its colour dropped out of the puzzle (a wrong puzzle); its cell is flat (an
even core, a ring with none of its colour), which glow and JPEG noise are not.
"""

from __future__ import annotations

import numpy as np

from flowbot.models import Cell
from flowbot.render import board_geometry
from flowbot.vision import UnsureBoardError, read_board
from flowbot.vision._cell_dots import _blurred_discs
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._types import Settings
from tests.vision.test_faint_pipes import _dark_jpeg

# Blurred dark flows sweep (development seeds): read with the (25, 0, 25) pair left out.
SEED, RGB, CELL_PX = 300102, (25, 0, 25), 30


def test_a_blurred_dark_dot_is_refused_or_read_never_left_out() -> None:
    image, puzzle, covered = _dark_jpeg(SEED, RGB, CELL_PX, 60, False, blur=1.5)
    try:
        reading = read_board(image)
    except UnsureBoardError as error:
        refused = str(error)
    else:
        assert reading.puzzle == puzzle.canonical()
        assert set(reading.pipes) == covered
        return
    assert "cannot tell whether cell (3, 0) holds a dot" in refused


def test_a_flat_faint_cell_above_the_grounds_noise_is_in_doubt() -> None:
    image, puzzle, _ = _dark_jpeg(SEED, RGB, CELL_PX, 60, False, blur=1.5)
    samples = sample_cells(image, board_geometry(puzzle, cell_px=CELL_PX))
    settings = Settings()
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    # The other flows' cells are hidden from the dot reader (their pipes seen): none there.
    contrast = np.where(contrast > settings.dot_contrast, 0.0, contrast)
    lone = Cell(3, 0)  # the dark pair's dot no pipe leaves
    faint = [Cell(int(r), int(c)) for r, c in np.argwhere(contrast >= settings.faint_contrast)]
    assert lone in faint
    assert samples.flat[lone]
    assert all(not samples.flat[cell] for cell in faint if cell != lone)  # its pipe's cells
    hole = np.zeros(contrast.shape, bool)
    assert _blurred_discs(samples, contrast, faint, set(), hole) == [lone]
    # The ground lifted as far in every cell (glow, a vignette): its noise, no doubt.
    lifted = np.maximum(contrast, contrast[lone] / 2 + 1.0)
    assert _blurred_discs(samples, lifted, faint, set(), hole) == []
