"""Placing a hexagonal board's lattice: its origin and steps fitted to every side's line at
once, each line where its own hump lies."""

from __future__ import annotations

import math

import numpy as np

from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Shape
from flowbot.render import RenderStyle, draw_board
from flowbot.vision._colour import brightest_channel
from flowbot.vision._hex_board import _placed, found_hexagons, placed_board
from flowbot.vision._hex_fit import fitted_steps, line_at
from flowbot.vision._hex_lattice import SQRT3, HexLattice

PUZZLE = Puzzle(
    5,
    5,
    (
        Pair("A", Cell(0, 0), Cell(4, 4)),
        Pair("B", Cell(0, 4), Cell(4, 0)),
        Pair("C", Cell(2, 1), Cell(2, 3)),
    ),
    shape=Shape.HEX,
).canonical()
PITCH = 170.0


def _large_board() -> tuple[np.ndarray, HexGeometry]:
    # Hexagons as a phone draws them on a large board: a thin line at a pitch of 170 px.
    geometry = HexGeometry.regular(left=40, top=30, pitch=PITCH, rows=5, cols=5)
    image = np.zeros((1000, 820, 3), np.uint8)
    style = RenderStyle(line_colour=(90, 100, 150))
    return draw_board(image, PUZZLE, geometry, style=style, fill_background=False), geometry


def _worst_off(lattice: HexLattice, geometry: HexGeometry, origin: tuple[int, int]) -> float:
    """The farthest any of the board's centres lies from ``lattice``'s, ``origin`` being
    the lattice's node of cell (0, 0)."""
    worst = 0.0
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            x, y = geometry.centre(Cell(r, c))
            j, k = origin[0] + c, origin[1] + 2 * r - (c % 2)
            lx, ly = lattice.centre(j, k)
            worst = max(worst, math.hypot(lx - x, ly - y))
    return worst


def test_a_lattice_found_a_few_pixels_off_is_placed_on_the_lines_in_one_round() -> None:
    # The shrunk copy's lattice lies a few pixels off at a large pitch, its steps a little
    # short: a slanted side's offset is the columns' and the rows' together, and each
    # line where its own hump lies, not the mean of the band looked across.
    image, geometry = _large_board()
    x, y = geometry.centre(Cell(0, 0))
    col_step = geometry.col_step
    found = HexLattice(x - 6.5, y + 1.0, col_step * 0.993, geometry.row_step * 0.993)
    assert _worst_off(found, geometry, (0, 0)) > 6
    gray = brightest_channel(image)
    pieces = found_hexagons(gray, found, 10)
    assert pieces
    assert len(pieces[0].cells) == 25
    once = _placed(pieces[0].lines, found, set(pieces[0].cells))
    assert once is not None
    assert _worst_off(once, geometry, (0, 0)) < 0.5
    placed = placed_board(pieces[0], lambda piece: True)
    assert placed is not None
    assert len(placed.cells) == 25
    assert _worst_off(placed.lattice, geometry, (0, 0)) < 0.5


def test_a_line_lies_at_its_humps_middle_whatever_else_the_band_holds() -> None:
    offsets = np.arange(-12.0, 12.25, 0.5)
    line = 60 * np.exp(-0.5 * ((offsets - 5.0) / 0.8) ** 2)
    # a dot's rim and glow's edge elsewhere in the band looked across
    clutter = np.where(offsets < -6, 25.0, 0.0)
    profile = line + clutter
    assert abs(line_at(profile, offsets) - 5.0) < 0.1
    mean = float((profile * offsets).sum() / profile.sum())
    assert abs(mean - 5.0) > 3


def test_a_line_between_a_tint_and_the_dark_outside_lies_at_its_own_middle() -> None:
    # A finished board's outline: a 4.6 px line centred 1 px off the side, a flow's tint
    # inside it standing above half the line's height over the dark outside.
    offsets = np.arange(-6.0, 6.25, 0.5)
    fine = np.arange(-8.0, 8.0, 0.05)
    line = np.where(np.abs(fine - 1.0) <= 2.3, 60.0, 0.0)
    for tint in (35.0, 0.0):  # (and between two faces alike)
        drawn = np.where(line > 0, line, np.where(fine < 1.0, tint, 0.0))
        blurred = np.convolve(drawn, np.ones(20) / 20, mode="same")  # a pixel's blur
        profile = np.interp(offsets, fine, blurred)
        assert abs(line_at(profile, offsets) - 1.0) < 0.15


def _sides(x0: float, y0: float, col_step: float, half_row: float) -> tuple[np.ndarray, ...]:
    """Every side of a 4 by 4 block of hexagons of the lattice given: middles, normals
    and indices (flat sides and slanted ones)."""
    middles, normals, index = [], [], []
    slant = np.array([SQRT3 / 2, -0.5])
    for j in range(4):
        for k in range(0, 8):
            if (j + k) % 2:
                continue
            for dj, dk, normal in ((0, 2, (0.0, 1.0)), (1, -1, slant), (1, 1, slant * (1, -1))):
                jj, kk = j + dj / 2, k + dk / 2
                middles.append((x0 + jj * col_step, y0 + kk * half_row))
                normals.append(normal)
                index.append((jj, kk))
    return np.array(middles), np.array(normals, np.float64), np.array(index)


def test_the_steps_are_fitted_to_all_the_sides_a_side_far_off_left_out() -> None:
    truth = (50.0, 40.0, 60.0 * SQRT3 / 2 * 1.0, 30.0)
    middles, normals, index = _sides(*truth)
    # Placed 4 px left and 2 px up, with each side's line seen where it truly lies ...
    placed = middles - (4.0, 2.0)
    seen = ((middles - placed) * normals).sum(axis=1)
    # ... but for one side, where a pipe's edge was taken for its line.
    seen[5] += 7.0
    fitted = fitted_steps(placed, normals, seen, index)
    assert fitted is not None
    assert np.allclose(fitted, truth, atol=1e-6)


def test_too_few_rows_of_flat_sides_fix_no_lattice() -> None:
    middles, normals, index = _sides(50.0, 40.0, 52.0, 30.0)
    flat = np.abs(normals[:, 0]) < 0.5
    keep = ~flat | (index[:, 1] < 2)
    assert fitted_steps(middles[keep], normals[keep], np.zeros(keep.sum()), index[keep]) is None
