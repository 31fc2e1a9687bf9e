"""Boards with holes in the categories where the reader refused them (session 26).

Each synthetic shot was refused before the mechanism named beside it; each
mechanism has a small test of its own below: a frame side flush against
another window judged by its brightest pixel, no stub of a flow in a hole, a
line darker than the glow lit past it, and a colour that runs out to a cell's
edge only where it runs on from the core. The outlined stage also tries the
grid the classic search refused (a finished board's lines found only there).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._cell_background import _ground_within_outline
from flowbot.vision._cells import sample_cells
from flowbot.vision._colour import to_lab
from flowbot.vision._discs import ring_like_core_recentred
from flowbot.vision._outline_edges import EdgeKinds, Inks, Kind, classify
from flowbot.vision._outlined import _frame_bright
from flowbot.vision._pipes_through import stubs_out


@pytest.mark.parametrize(
    ("category", "seed", "state", "why"),
    [
        ("jpeg", 300027, "unsolved", "the frame a pixel from the phone screen's edge"),
        ("zoomed", 300030, "unsolved", "a hole at the border read as a flow's stub"),
        ("mirror", 300010, "unsolved", "lines in a light shaft darker than the glow past them"),
        ("zoomed", 300007, "unsolved", "an outline's blurred tail in the ring of a lavender dot"),
        ("mirror", 300004, "solved", "lines under flows' tints found only by the classic search"),
        ("tiny_cells", 300014, "started", "a tint lifts the outline's corner between holes"),
        ("tiny_cells", 300049, "solved", "a line over a deep blue tint, heavier than the lines"),
        ("tiny_cells", 300068, "solved", "JPEG's ringing between two holes, a third of a line"),
        ("tiny_cells", 300153, "solved", "JPEG spreads the outline's corner between two holes"),
        # Held-out seeds of session 34, since development data:
        ("zoomed", 3600002, "unsolved", "a dot walled on three sides: its ring more outline"),
    ],
)
def test_holes_boards_read_exactly(category: str, seed: int, state: str, why: str) -> None:
    shot = sample(category, seed, "holes", state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


def test_a_hole_at_the_border_is_no_flow_s_stub() -> None:
    # A 5x5 board of 30 px cells; cell (1, 4) a hole outlined on three sides, open
    # past the board's right edge: its core the ground, its ring the outline.
    pitch, size = 30, 5
    image = np.zeros((200, 200, 3), np.uint8)
    at = [20 + pitch * k for k in range(size + 1)]
    outline = (250, 150, 150)
    x0, x1, y0, y1 = at[4], at[5], at[1], at[2]
    half = 3  # the outline 7 px wide, blurred: it reaches the ring
    image[y0 - half : y0 + half + 1, x0 - half : x1 + 1] = outline
    image[y1 - half : y1 + half + 1, x0 - half : x1 + 1] = outline
    image[y0 - half : y1 + half + 1, x0 - half : x0 + half + 1] = outline
    image = cv2.GaussianBlur(image, (0, 0), 1.5)
    geometry = BoardGeometry(tuple(float(x) for x in at), tuple(float(y) for y in at))
    samples = sample_cells(image, geometry)
    assert Cell(1, 4) in stubs_out(geometry, samples, 30.0, frozenset())
    assert Cell(1, 4) not in stubs_out(geometry, samples, 30.0, frozenset({Cell(1, 4)}))


def _inks(n: int, **values: np.ndarray) -> Inks:
    """Inks of ``n`` vertical edges (one row) and no horizontal ones."""
    zero = np.zeros((n, 1))
    empty = np.zeros((0, n))
    fields = {
        "vertical": zero,
        "horizontal": empty,
        "vertical_peak": zero,
        "horizontal_peak": empty,
        "vertical_top": zero,
        "horizontal_top": empty,
        "vertical_ridge": zero,
        "horizontal_ridge": empty,
        "reach": 3.0,
    }
    valley = values.pop("valley", zero)
    fields.update({k: v.reshape(n, 1) for k, v in values.items()})
    return Inks(**fields, valley=(valley.reshape(n, 1), empty))


def test_a_frame_side_flush_against_another_window_shows_the_outline_s_brightest_pixel() -> None:
    # Eight lines (ink 10^2, brightest pixel 10^1.8 over the ground), four outline edges
    # (10^2.65, 10^2.06), then: the frame beside a white window a pixel past it (its
    # ink half measured, its brightest pixel the outline's), a line as heavy, and a thin
    # stroke as bright as the outline but with less ink than a line.
    ink = np.array([2.0] * 8 + [2.65] * 4 + [2.19, 2.19, 1.0])
    peak = np.array([1.8] * 8 + [2.06] * 4 + [2.07, 1.8, 2.07])
    inks = _inks(len(ink), vertical=ink, vertical_peak=peak, vertical_ridge=peak)
    kinds = classify(inks, ink[:8])
    assert kinds is not None
    assert not kinds.heavier_than_lines(ink[12:]).any()
    assert list(_frame_bright(kinds)[0][12:, 0]) == [True, False, False]


def test_a_line_darker_than_the_glow_past_it_is_a_line() -> None:
    # Eight lines (ink 10^2, brightness 10^2), four outline edges (ink 10^3, brightness
    # 10^2.4), then: a line under a light shaft (little ink over its ground, as much
    # below it, at the lines' brightness), the same at the outline's brightness, and
    # an edge with no valley.
    ink = np.array([2.0] * 8 + [3.0] * 4 + [0.9, 0.9, 0.9])
    top = np.array([2.0] * 8 + [2.4] * 4 + [2.02, 2.4, 2.02])
    valley = np.array([0.0] * 12 + [1.5, 1.5, 0.3])
    ridge = np.array([1.8] * 12 + [1.5, 1.5, 0.3])
    inks = _inks(
        len(ink),
        vertical=ink,
        vertical_top=top,
        valley=valley,
        vertical_ridge=ridge,
        vertical_peak=ridge,
    )
    kinds = classify(inks, ink[:8])
    assert kinds is not None
    assert list(kinds.vertical[12:, 0]) == [Kind.LINE, Kind.NONE, Kind.NONE]


def _dot_cell(arc: bool, band: bool) -> tuple[np.ndarray, float]:
    """A 60 px cell holding a pale dot of radius 0.36 pitch; with ``arc``, thin strokes of
    the dot's colour past the ground in its ring (an outline's blurred tail); with ``band``,
    a band of it from the centre out to the cell's right edge (a pipe)."""
    pitch = 60
    image = np.zeros((pitch, pitch, 3), np.uint8)
    colour = (160, 160, 190)
    cv2.circle(image, (30, 30), round(0.36 * pitch), colour, -1)
    if arc:
        # 0.43 pitch above the centre and right of it, the ground between: the tail
        # of the outline round a corner cell.
        image[3:6] = colour
        image[:, 55:58] = colour
    if band:
        image[22:39, 30:] = colour
    return image, float(pitch)


@pytest.mark.parametrize(
    ("arc", "band", "runs_out"),
    [(True, False, False), (False, True, True), (False, False, False)],
)
def test_a_colour_runs_out_of_a_cell_only_where_it_runs_on_from_its_core(
    arc: bool, band: bool, runs_out: bool
) -> None:
    image, pitch = _dot_cell(arc, band)
    core = to_lab(np.array([[[160, 160, 190]]], np.uint8))[0, 0]
    ground = to_lab(np.zeros((1, 1, 3), np.uint8))[0, 0]
    like = ring_like_core_recentred(image, (30.0, 30.0), pitch, core, ground)
    assert (like > 0.1) == runs_out
    if arc:
        # Without the ground, the arc passed for the colour running out.
        assert ring_like_core_recentred(image, (30.0, 30.0), pitch, core) > 0.1


@pytest.mark.parametrize(
    ("ink", "top", "dim"),
    [
        # JPEG's ringing between two holes: a third of a line's ink, nowhere bright.
        (1.47, 1.2, True),
        # As faint, at a line's brightness: a line (a faint one).
        (1.47, 1.9, False),
        # A line's ink, however dim: a line.
        (1.9, 1.2, False),
    ],
)
def test_an_edge_faint_and_dim_is_no_line(ink: float, top: float, dim: bool) -> None:
    kinds = EdgeKinds(
        np.full((1, 1), Kind.LINE, np.int8),
        np.zeros((0, 1), np.int8),
        _inks(1),
        levels=(0.5, 1.93, 2.6),
        peak_levels=(1.63, 2.29),
        top_levels=(1.99, 2.37),
    )
    assert bool(kinds.faint_and_dim(np.array([ink]), np.array([top]))[0]) is dim


def test_a_dot_walled_on_three_sides_is_judged_by_its_ground_facing_the_board() -> None:
    # Its ring shows more outline than ground; its sector facing the board its ground.
    # A dot's sectors all the outline's colour (a card: no ground facing the board) is not.
    ground_beside = np.array([1.2, 1.1, 1.7])
    outline = np.array([86.5, 7.0, 30.0])
    is_hole = np.zeros((3, 2), bool)
    is_hole[0, 0] = is_hole[2, 0] = True
    sectors = np.zeros((3, 2, 4, 3))
    sectors[1, 0] = [[1.2, 4.0, 1.8], outline, outline, outline]  # right, down, left, up
    assert _ground_within_outline(sectors, is_hole, Cell(1, 0), ground_beside)
    sectors[1, 0, 0] = outline
    assert not _ground_within_outline(sectors, is_hole, Cell(1, 0), ground_beside)
    # Beside no hole, the ring is judged whole.
    sectors[1, 0, 0] = [1.2, 4.0, 1.8]
    assert not _ground_within_outline(sectors, np.zeros((3, 2), bool), Cell(1, 0), ground_beside)
