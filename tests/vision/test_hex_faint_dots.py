"""A hexagon's dot on glow of its own hue: fainter against its ring than ``dot_contrast``,
read by its crisp disc (``_hex_cells._faint_discs``), as square cells' faint dots are."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Point
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_cells import DOT_OR_EMPTY, HexCells, sample_hex_cells
from flowbot.vision._types import DEFAULT_SETTINGS

OLIVE = (84, 78, 24)  # RGB: yellow-olive glow, 35 L*
TAN = (160, 139, 82)  # the tan dot, 25 Lab from that glow


def _board(soft: bool) -> tuple[np.ndarray, HexGeometry]:
    """A 3x3 hexagonal board on olive glow, a tan disc in its middle cell (blurred ``soft``)."""
    geometry = HexGeometry(Point(60, 60), col_step=42, row_step=48.5, rows=3, cols=3)
    image = np.zeros((260, 260, 3), np.uint8)
    image[:] = OLIVE
    centre = geometry.centre(Cell(1, 1))
    disc = np.zeros(image.shape[:2], np.uint8)
    cv2.circle(disc, (round(centre.x * 16), round(centre.y * 16)), 16 * 17, 255, -1, cv2.LINE_AA, 4)
    alpha = disc.astype(np.float64) / 255
    if soft:  # glow: the same colour fading over many pixels, no rim
        alpha = cv2.GaussianBlur(alpha, (0, 0), 6) * 1.6
        alpha = np.clip(alpha, 0, 1)
    image[:] = np.rint(
        np.array(OLIVE) * (1 - alpha[..., None]) + np.array(TAN) * alpha[..., None]
    ).astype(np.uint8)
    return image, geometry


def _cells(soft: bool) -> HexCells:
    image, geometry = _board(soft)
    cells = tuple(Cell(r, c) for r in range(3) for c in range(3))
    return sample_hex_cells(image, geometry, cells, DEFAULT_SETTINGS)


def test_a_crisp_disc_fainter_than_a_dot_is_a_dot() -> None:
    seen = _cells(soft=False)
    k = float(seen.contrast[1, 1])
    assert DEFAULT_SETTINGS.empty_contrast < k < DEFAULT_SETTINGS.dot_contrast
    assert Cell(1, 1) in seen.dots


def test_a_soft_blob_as_faint_is_no_dot() -> None:
    seen = _cells(soft=True)
    assert Cell(1, 1) not in seen.dots


@pytest.mark.parametrize("state", ["unsolved", "started"])
def test_a_tan_dot_on_olive_glow_is_read(state: str) -> None:
    # Synthetic hex twins 400012: a tan dot 25.3 Lab from its glow-lit ring was refused
    # as "not a flat dot".
    shot = sample("twins", 400012, "hex", state)
    truth = shot.puzzle.as_drawn() if state != "unsolved" else shot.puzzle
    assert read_board(shot.image).puzzle.canonical() == truth.canonical()


TEAL_GLOW = (40, 100, 86)  # RGB: a teal glow shaft, 38 L*
TEAL = (44, 131, 117)  # a teal dot 13 Lab from that glow: no more than an empty cell's noise


def _teal_board(clear_twin: bool) -> HexCells:
    """A 3x3 hexagonal board on teal glow, a teal dot in its middle cell; with
    ``clear_twin``, the same teal's dot on black in a corner cell."""
    geometry = HexGeometry(Point(60, 60), col_step=42, row_step=48.5, rows=3, cols=3)
    image = np.zeros((260, 260, 3), np.uint8)
    image[:] = TEAL_GLOW
    dotted = [Cell(1, 1)]
    if clear_twin:
        corner = geometry.centre(Cell(0, 2))
        cv2.circle(image, (round(corner.x), round(corner.y)), 24, (0, 0, 0), -1, cv2.LINE_AA)
        dotted.append(Cell(0, 2))
    for cell in dotted:
        centre = geometry.centre(cell)
        cv2.circle(image, (round(centre.x), round(centre.y)), 16, TEAL, -1, cv2.LINE_AA)
    cells = tuple(Cell(r, c) for r in range(3) for c in range(3))
    return sample_hex_cells(image, geometry, cells, DEFAULT_SETTINGS)


def test_a_dot_as_faint_as_an_empty_cell_with_a_clear_twin_is_a_dot() -> None:
    # Synthetic hex drift 4800004 unsolved: a teal dot on a teal glow shaft, 13 Lab
    # from its ring, was taken for an empty cell and 31 dots were read.
    seen = _teal_board(clear_twin=True)
    assert float(seen.contrast[1, 1]) <= DEFAULT_SETTINGS.empty_contrast
    assert {Cell(1, 1), Cell(0, 2)} <= set(seen.dots)
    DOT_OR_EMPTY.check(seen)


def test_a_dot_as_faint_as_an_empty_cell_alone_is_refused() -> None:
    # Its twin may be as faint and missed: the pair would be left out.
    seen = _teal_board(clear_twin=False)
    assert Cell(1, 1) not in seen.dots
    with pytest.raises(UnsureReadingError, match="nearly its background's colour"):
        DOT_OR_EMPTY.check(seen)


def test_a_teal_dot_on_a_teal_glow_shaft_is_read() -> None:
    shot = sample("drift", 4800004, "hex")
    assert read_board(shot.image).puzzle.canonical() == shot.puzzle.canonical()
