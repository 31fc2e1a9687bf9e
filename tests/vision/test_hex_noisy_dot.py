"""A hexagon's strong dot whose core is not flat (a small saturated dot through a mirror's
scaling and JPEG) is read by its crisp disc (``_hex_cells._noisy_disc``), as square cells'
dots are, its size measured at its rim's middle (JPEG's colour blur starts a small dot's rim
inside its radius); a strong disc of two colours (an icon, text) and a pipe's end so blurred
are still refused."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry, Point, Reading
from flowbot.vision._discs import is_crisp_disc
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


def _blurred_board(*, pipe_end: bool) -> HexCells:
    """A 3x3 board of 18 px hexagons on black, blue dots of 0.34 pitch in two corners and in
    the middle cell a dot of 0.3 pitch (or a pipe's end, 0.16 pitch half-width, running out
    of it), drawn four times as big and shrunk, its colour blurred as JPEG's half-resolution
    chroma blurs it (1.5 px) and its pixels noisy."""
    geometry = HexGeometry(Point(15, 15), col_step=15.8, row_step=18.27, rows=3, cols=3)
    scale, pitch = 4, geometry.row_step

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(y * scale)

    drawn, middle = (np.zeros((70 * scale, 70 * scale, 3), np.uint8) for _ in range(2))
    for cell in (Cell(0, 0), Cell(2, 2)):
        centre = geometry.centre(cell)
        cv2.circle(drawn, at(centre.x, centre.y), round(0.34 * pitch * scale), BLUE, -1)
    centre = geometry.centre(Cell(1, 1))
    if pipe_end:
        end, width = at(centre.x + 12, centre.y), round(0.32 * pitch * scale)
        cv2.line(middle, at(centre.x, centre.y), end, BLUE, width)
        cv2.circle(middle, at(centre.x, centre.y), width // 2, BLUE, -1)
    else:
        cv2.circle(middle, at(centre.x, centre.y), round(0.3 * pitch * scale), BLUE, -1)
    shrunk = cv2.resize(np.maximum(drawn, middle), (70, 70), interpolation=cv2.INTER_AREA)
    shown = cv2.resize(middle, (70, 70), interpolation=cv2.INTER_AREA).any(axis=2, keepdims=True)
    ycc = cv2.cvtColor(shrunk, cv2.COLOR_RGB2YCrCb).astype(np.float32)
    for channel in (1, 2):
        ycc[..., channel] = cv2.GaussianBlur(ycc[..., channel], (0, 0), 1.5)
    blurred = cv2.cvtColor(np.clip(ycc, 0, 255).astype(np.uint8), cv2.COLOR_YCrCb2RGB)
    rng = np.random.default_rng(1)
    noise = np.zeros(blurred.shape, np.float64)
    noise[..., 1] = rng.uniform(-25, 25, blurred.shape[:2])
    noise[..., 2] = rng.uniform(-45, 0, blurred.shape[:2])
    image = np.clip(blurred + noise * shown, 0, 255).astype(np.uint8)
    cells = tuple(Cell(r, c) for r in range(3) for c in range(3))
    return sample_hex_cells(image, geometry, cells, DEFAULT_SETTINGS)


def test_a_small_dot_whose_blurred_rim_starts_inside_the_smallest_dot_is_a_dot() -> None:
    seen = _blurred_board(pipe_end=False)
    assert float(seen.contrast[1, 1]) >= DEFAULT_SETTINGS.dot_contrast
    assert not seen.flat[1, 1]
    centre = seen.geometry.centre(Cell(1, 1))
    # Its rim starts short of the smallest dot's radius (the measure before: refused).
    assert not is_crisp_disc(
        seen.image,
        (centre.x, centre.y),
        seen.geometry.cell_size,
        seen.core_lab[1, 1],
        seen.ring_lab[1, 1],
    )
    DOT_OR_EMPTY.check(seen)
    assert Cell(1, 1) in seen.dots


def test_a_pipes_end_so_blurred_is_still_refused() -> None:
    seen = _blurred_board(pipe_end=True)
    assert float(seen.contrast[1, 1]) >= DEFAULT_SETTINGS.dot_contrast
    assert not seen.flat[1, 1]
    with pytest.raises(UnsureReadingError, match="not a flat dot"):
        DOT_OR_EMPTY.check(seen)


@pytest.mark.parametrize("state", ["unsolved", "started", "solved"])
def test_a_small_blue_dot_in_tiny_hexagons_is_read(reads_exactly: ReadsExactly, state: str) -> None:
    # Synthetic hex tiny cells 12200003: a blue dot in 18 px hexagons, its rim rising past a
    # quarter of the way 4 px out, its middle 5.6 px out (the smallest dot 4.6 px), was
    # refused as "not a flat dot".
    reads_exactly("tiny_cells", 12200003, "hex", state)
