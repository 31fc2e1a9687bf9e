"""Bridges and warps read from phone screens drawn as the game draws them; doubtful ones refused."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.errors import UnsureReadingError, VisionError
from flowbot.generate import generate
from flowbot.models import BoardGeometry, Cell, Puzzle, link
from flowbot.screens.synthetic import ShotOptions, synthesize
from flowbot.vision import read_board
from flowbot.vision._border_sides import border_of
from flowbot.vision._warps import _paired, find_warps

PHONE = ShotOptions(screen=(1080, 2400), line_px=3.0, glow=0.6)


def _shot(
    puzzle: Puzzle, seed: int, options: ShotOptions = PHONE
) -> tuple[np.ndarray, BoardGeometry]:
    shot = synthesize(puzzle, seed=seed, options=options)
    assert isinstance(shot.geometry, BoardGeometry)
    return shot.image, shot.geometry


@pytest.fixture(scope="module")
def bridged() -> Puzzle:
    return generate(8, 8, 7, bridges=3, seed=11).solution.puzzle


@pytest.fixture(scope="module")
def warped() -> Puzzle:
    return generate(7, 7, 6, warps=3, seed=5).solution.puzzle


@pytest.mark.parametrize("seed", [1, 2])
def test_a_bridge_board_is_read_with_its_bridges(bridged: Puzzle, seed: int) -> None:
    image, geometry = _shot(bridged, seed)
    reading = read_board(image)
    assert reading.puzzle == bridged.canonical()
    assert reading.puzzle.bridges == bridged.bridges
    assert isinstance(reading.geometry, BoardGeometry)
    assert np.allclose(reading.geometry.xs, geometry.xs, atol=2)


def test_a_bridge_in_a_small_jpeg_phone_screen(bridged: Puzzle) -> None:
    options = ShotOptions(screen=(540, 1200), line_px=1.5, glow=0.8, jpeg_quality=70)
    image, _ = _shot(bridged, 3, options)
    assert read_board(image).puzzle == bridged.canonical()


def _classic() -> Puzzle:
    return Puzzle.from_grid(
        ["A.....B", ".......", "..C....", ".......", "....C..", ".......", "B.....A"]
    )


def _tile(image: np.ndarray, g: BoardGeometry, cell: Cell, grey: int, rails: str) -> None:
    """A grey tile in ``cell``, with rails along the rows, the columns or none."""
    x, y = g.centre(cell)
    p = g.cell_size
    s = 0.4 * p
    corners = (round(x - s), round(y - s)), (round(x + s), round(y + s))
    cv2.rectangle(image, *corners, (grey,) * 3, -1)
    for d in (-0.26 * p, 0.26 * p):
        if rails == "rows":
            a, b = (x - s, y + d), (x + s, y + d)
        elif rails == "columns":
            a, b = (x + d, y - s), (x + d, y + s)
        else:
            continue
        cv2.line(image, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), (grey + 70,) * 3, 3)


def test_a_bridge_tile_either_way_on_a_classic_board_is_a_bridge() -> None:
    puzzle = _classic()
    image, g = _shot(puzzle, 4)
    image = image.copy()
    _tile(image, g, Cell(3, 3), 90, "rows")
    _tile(image, g, Cell(2, 5), 120, "columns")
    reading = read_board(image)
    assert reading.puzzle.bridges == {Cell(3, 3), Cell(2, 5)}
    bridges = frozenset({Cell(3, 3), Cell(2, 5)})
    assert reading.puzzle == Puzzle(7, 7, puzzle.pairs, bridges=bridges).canonical()


def test_a_tile_without_rails_is_refused() -> None:
    image, g = _shot(_classic(), 4)
    image = image.copy()
    _tile(image, g, Cell(3, 3), 110, "none")
    with pytest.raises(VisionError):
        read_board(image)


def test_a_bridge_on_the_border_is_refused() -> None:
    image, g = _shot(_classic(), 4)
    image = image.copy()
    _tile(image, g, Cell(0, 3), 100, "rows")
    with pytest.raises(UnsureReadingError, match="bridge on the border"):
        read_board(image)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_warp_board_is_read_with_its_warps(warped: Puzzle, seed: int) -> None:
    image, _ = _shot(warped, seed)
    reading = read_board(image)
    assert reading.puzzle == warped.canonical()
    assert reading.puzzle.warps == warped.warps


def test_an_opening_without_its_partner_is_refused(warped: Puzzle) -> None:
    image, g = _shot(warped, 1)
    image = image.copy()
    # Close one end of a warp: draw the border across it in the border's colour.
    a, _ = sorted(warped.warps)[0]
    x0, x1, y0, y1 = g.xs[a.col], g.xs[a.col + 1], g.ys[a.row], g.ys[a.row + 1]
    border = tuple(int(v) for v in image[round(g.ys[0]), round((g.xs[1] + g.xs[2]) / 2)])
    width = max(2, round(0.065 * g.cell_size))
    if a.row == b_row(warped, a):  # a row's end: close its left or right side
        x = g.xs[0] if a.col == 0 else g.xs[-1]
        cv2.line(image, (round(x), round(y0)), (round(x), round(y1)), border, width)
    else:
        y = g.ys[0] if a.row == 0 else g.ys[-1]
        cv2.line(image, (round(x0), round(y)), (round(x1), round(y)), border, width)
    # Refused by the border rules (a gap, unpaired) or by the warps (no partner).
    with pytest.raises(UnsureReadingError, match="border"):
        read_board(image)


def b_row(puzzle: Puzzle, a: Cell) -> int:
    """The row of the other end of the warp at ``a``."""
    return next(b.row if x == a else x.row for x, b in puzzle.warps if a in (x, b))


def test_a_classic_board_has_no_warps_and_no_outline() -> None:
    image, g = _shot(_classic(), 6)
    assert find_warps(image, g) == frozenset()
    assert not border_of(image, g).all_round
    assert read_board(image).puzzle == _classic().canonical()


def test_openings_pair_across_the_board() -> None:
    rows, cols = 5, 6
    closed = {
        "top": np.zeros(cols, bool),
        "bottom": np.zeros(cols, bool),
        "left": np.zeros(rows, bool),
        "right": np.zeros(rows, bool),
    }
    both = {k: v.copy() for k, v in closed.items()}
    both["left"][2] = both["right"][2] = both["top"][0] = both["bottom"][0] = True
    warps, doubt = _paired(both, rows, cols)
    assert not doubt
    assert warps == {link(Cell(2, 0), Cell(2, 5)), link(Cell(0, 0), Cell(4, 0))}
    alone = {k: v.copy() for k, v in closed.items()}
    alone["bottom"][3] = True
    warps, doubt = _paired(alone, rows, cols)
    assert not warps
    assert "bottom border is open beside cell (4, 3)" in doubt
