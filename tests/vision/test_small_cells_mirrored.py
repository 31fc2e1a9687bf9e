"""Small cells in a mirror window: a dot's rim between two rings, a line's width by its ground.

In a 12.7 px cell one ring of pixels is 0.08 pitch: a dot's rim measured at the
rings' starts lies up to a ring short of its middle, and the rim's blur covers the
radii where a dot's colour is looked for. A line whose blur spreads over two
pixels at nearly half its peak reads two pixels over the black ground and one
over a flow's tint: judged against its own line's median it was taken for a wall.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._board_lines import _along_own_line_alike
from flowbot.vision._discs import _disc_at

_PITCH = 12.7
_YY, _XX = np.mgrid[0:21, 0:21].astype(float)


def _rings(places: list[float]) -> np.ndarray:
    """Each pixel's place (0 the disc's colour, 1 the ground's) by its 1 px ring round
    (10, 10): ``places[b]`` for radii in [b, b + 1), the ground past the last."""
    ring = np.floor(np.hypot(_XX - 10, _YY - 10)).astype(int)
    return np.asarray([*places, 1.0])[np.minimum(ring, len(places))]


def _is_rim(places: list[float], *, halfway: bool) -> bool:
    return _disc_at(
        _rings(places),
        _XX,
        _YY,
        (10.0, 10.0),
        pitch=_PITCH,
        k=1,
        elongation=np.inf,
        tolerant=True,
        hollow=0.0,
        halfway=halfway,
    )


def test_a_small_dots_rim_is_measured_between_its_rings() -> None:
    # Halfway out between the rings at 3 and 4 px (3.7 px, 0.29 pitch): a dot's
    # rim, which the rings' starts put at 3 px (0.24 pitch, under the smallest dot's).
    dot = [0.0, 0.05, 0.14, 0.36, 0.96]
    assert not _is_rim(dot, halfway=False)
    assert _is_rim(dot, halfway=True)


@pytest.mark.parametrize("places", [[0.0, 0.1, 0.6, 0.97], [0.0, 0.05, 0.3, 0.9]])
def test_a_pipes_end_is_no_rim_between_its_rings(places: list[float]) -> None:
    # Halfway out at 2.3-2.8 px (0.18-0.22 pitch): a pipe's end, half as wide as a dot.
    assert not _is_rim(places, halfway=True)


def test_an_edge_is_judged_against_its_own_line_over_a_like_ground() -> None:
    # A board of 6 rows and 3 columns: its second inner vertical line reads 2 px over
    # the black ground (3-5), 1 px over tints (33-50); its edge flagged, on black, is
    # judged against the black edges of its line alone.
    shape = (4, 7)  # 4 vertical lines (2 inner), 7 horizontal
    n_vertical = 2 * 6
    width = np.ones(n_vertical + 5 * 3)
    ground = np.full_like(width, 40.0)
    width[6:12] = [1, 2, 1, 2, 1, 2]
    ground[6:12] = [45, 3, 50, 4, 33, 5]
    flagged = np.zeros(width.size, bool)
    flagged[11] = True
    alike = _along_own_line_alike(width, flagged, shape, ground, 15.0)
    assert alike[11] == 2.0
    assert np.isnan(alike[:11]).all()
    assert np.isnan(alike[12:]).all()
    ground[6:11] = 40.0  # nothing on the line on a like ground: NaN (its line's median)
    assert np.isnan(_along_own_line_alike(width, flagged, shape, ground, 15.0)[11])


def test_a_small_blurred_dot_ending_a_finished_flow_is_read() -> None:
    # Mirror 300054 solved (12.7 px cells): an orange dot's rim 0.29 pitch out
    # (0.24 by the rings' starts), a lime dot's colour at 0.26-0.34 pitch 25-35 Lab
    # off (a quarter of its 106 Lab step to the ground) within its crisp rim.
    shot = sample("mirror", 300054, state="solved")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_a_line_two_pixels_wide_over_black_among_tints_is_no_wall() -> None:
    # Mirror 300019 started: a line 2 px wide wherever both its cells are black and
    # 1 px over the flows' tints; an edge of it between black cells, stronger in the
    # line filter than its tinted neighbours, is no wall.
    shot = sample("mirror", 300019, state="started")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
