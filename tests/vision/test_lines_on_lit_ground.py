"""Grid lines darker than a light shaft lighting the ground on both their sides, in the
brightest channel too: lines, not walls nor doubt.

The game draws its lines over the background's glow. Where a shaft lights the ground
past a dark red line in every channel the line's colour is bright in, the brightest
pixel within the line's reach is the lit ground, and the line is its darkest. Its ink
over the ground was taken against that darkest pixel when the ground's slope lifted one
side a level past the top (read as a window flush against the frame past a dark margin),
four times a line's, a wall's nearly; and judged by the ground's brightness the line was
no line the game draws (synthetic walls phone_large 310025 unsolved, refused).
"""

from __future__ import annotations

import numpy as np

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._outline_edges import Kind, _glow_lit_lines, edge_ink


def test_a_walled_board_with_dark_lines_across_a_light_shaft_is_read_exactly() -> None:
    shot = sample("phone_large", 310025, "walls", "unsolved")
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()


def _lit_line(far_lift: int) -> np.ndarray:
    """A 3 px line of 120 on a ground of 159 whose right side lifts ``far_lift`` levels
    from 7 px out (the glow's slope, quantised), on an 88 px lattice."""
    gray = np.full((200, 200), 159, np.uint8)
    gray[:, 107:] += far_lift
    gray[:, 99:102] = 120
    return gray


def test_a_line_below_a_lit_ground_keeps_no_ink_over_it() -> None:
    xs, ys = np.array([100.0]), np.array([10.0, 98.0, 186.0])
    flat = edge_ink(_lit_line(0), xs, ys, 88.0, 3.0)
    lifted = edge_ink(_lit_line(1), xs, ys, 88.0, 3.0)
    # Below its ground on both sides: no ink above it, one level of slope or none.
    assert float(flat.vertical.max()) < 0.5
    assert float(lifted.vertical.max()) < 0.5
    # Its darkest pixel is the line's own brightness.
    assert np.allclose(lifted.bottom[0], np.log10(121))


def test_a_doubtful_edge_below_a_lit_ground_at_the_lines_colour_is_a_line() -> None:
    line_top, outline_top = np.log10(122), np.log10(256)
    kinds = np.full((1, 3), Kind.DOUBT, np.int8)
    valley = np.full((1, 3), 2.4)  # a line's ink below both its sides
    # The top: the lit ground (159), a wall's (the outline's), the lit ground again.
    top = np.log10(1 + np.array([[159.0, 255.0, 159.0]]))
    # The darkest pixel: the lines' colour, the lines' colour, the ground far darker.
    bottom = np.log10(1 + np.array([[120.0, 120.0, 30.0]]))
    _glow_lit_lines(kinds, valley, top, 2.1, (line_top, outline_top), bottom=bottom)
    assert kinds.tolist() == [[Kind.LINE, Kind.DOUBT, Kind.DOUBT]]
