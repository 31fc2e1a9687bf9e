"""A hexagon's strong dot whose core is not flat (a small saturated dot through a mirror's
scaling and JPEG) is read by its crisp disc (``_hex_cells._noisy_disc``), as square cells'
dots are; a strong disc of two colours (an icon, text) is still refused."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Point, Reading
from flowbot.vision._hex_cells import DOT_OR_EMPTY, HexCells, sample_hex_cells
from flowbot.vision._types import DEFAULT_SETTINGS

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]

BLUE = (14, 43, 249)  # RGB: the game's blue dot
RED = (230, 40, 30)


def _board(halves: bool) -> HexCells:
    """A 3x3 hexagonal board on black, blue dots in two corners and one in the middle cell
    whose core is noisy (each channel spread per pixel, as JPEG leaves a small one); with
    ``halves``, the middle one's upper half red (an icon's disc, no dot's)."""
    geometry = HexGeometry(Point(60, 60), col_step=42, row_step=48.5, rows=3, cols=3)
    image = np.zeros((260, 260, 3), np.uint8)
    for cell in (Cell(0, 0), Cell(2, 2)):
        centre = geometry.centre(cell)
        cv2.circle(image, (round(centre.x), round(centre.y)), 16, BLUE, -1, cv2.LINE_AA)
    middle = np.zeros_like(image)
    centre = geometry.centre(Cell(1, 1))
    cv2.circle(middle, (round(centre.x), round(centre.y)), 16, BLUE, -1, cv2.LINE_AA)
    if halves:
        upper = middle[: round(centre.y)]
        upper[upper.any(axis=2)] = RED
    rng = np.random.default_rng(5800000)
    noise = np.zeros(image.shape, np.float64)
    noise[..., 0] = rng.uniform(-8, 8, image.shape[:2])
    noise[..., 1] = rng.uniform(-25, 25, image.shape[:2])
    noise[..., 2] = rng.uniform(-45, 0, image.shape[:2])
    shown = middle.any(axis=2, keepdims=True)  # (the noise where the dot shows)
    middle = np.clip(middle + noise * shown, 0, 255).astype(np.uint8)
    image = np.maximum(image, middle)
    cells = tuple(Cell(r, c) for r in range(3) for c in range(3))
    return sample_hex_cells(image, geometry, cells, DEFAULT_SETTINGS)


def test_a_strong_dot_with_a_noisy_core_is_a_dot() -> None:
    seen = _board(halves=False)
    assert float(seen.contrast[1, 1]) >= DEFAULT_SETTINGS.dot_contrast
    assert not seen.flat[1, 1]  # (its core spread past NEAR: refused before)
    DOT_OR_EMPTY.check(seen)
    assert Cell(1, 1) in seen.dots


def test_a_strong_disc_of_two_colours_is_refused() -> None:
    seen = _board(halves=True)
    assert float(seen.contrast[1, 1]) >= DEFAULT_SETTINGS.dot_contrast
    assert not seen.flat[1, 1]
    with pytest.raises(UnsureReadingError, match="not a flat dot"):
        DOT_OR_EMPTY.check(seen)


def test_a_small_blue_dot_through_a_mirror_is_read(reads_exactly: ReadsExactly) -> None:
    # Synthetic hex mirror 5800000: a blue dot in 18 px hexagons, 0.73 of its core near its
    # median, was refused as "not a flat dot".
    reads_exactly("mirror", 5800000, "hex", "unsolved")
