"""Bridge boards read exactly where a board's edge or an inner edge shows only near its ends.

A tight crop 4 px past a wide outline: the closing along the lines carries
them on to the image's edge, 7.5 px past the outline's middle, and the end
line must still meet them (``_lattice._close_ends``). A flow over a bright
glow hides the middle of each inner edge it crosses, its faint line showing
only near the edge's ends: judged there in colour too, as the line map
judges it (``_board_hidden_lines.unseen_by_colour``). And what must stay
refused: an edge no line is drawn on shows none near its ends either.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import Settings, read_board
from flowbot.vision._colour import brightest_channel
from flowbot.vision._edges import edge_visibility
from flowbot.vision._lattice import _close_ends, find_lattices


@pytest.mark.parametrize(
    ("category", "seed", "state", "why"),
    [
        ("crop", 100132, "unsolved", "a tight crop past a wide outline: lines carried to the edge"),
        ("rectangular", 300011, "started", "a teal flow over bright glow hides its edges' middles"),
    ],
)
def test_bridge_boards_seen_near_their_edges_ends_read_exactly(
    category: str, seed: int, state: str, why: str
) -> None:
    shot = sample(category, seed, "bridges", state)
    assert read_board(shot.image).puzzle == shot.puzzle.as_drawn().canonical(), why


def test_a_lattice_is_found_when_its_lines_are_carried_on_to_the_image_edge() -> None:
    shot = sample("crop", 100132, "bridges", "unsolved")
    lattices, _ = find_lattices(brightest_channel(shot.image), Settings().lines())
    assert lattices, "no lattice: the lines' extent at the edge met no end line"
    best = lattices[0]
    assert (len(best.xs), len(best.ys)) == (len(shot.geometry.xs), len(shot.geometry.ys))
    assert abs(best.xs[0] - shot.geometry.xs[0]) < 1.0


def test_an_end_line_meets_a_carried_extent_only_at_the_image_edge() -> None:
    lines = [7.5 + 41.0 * k for k in range(12)]
    # At the image's edge (0 and 468 of 469): the closing may have carried the extent there.
    assert _close_ends(list(lines), 0.0, 468.0, 41.0, 469) == lines
    # Inside the image an extent 7.5 px past its end line is no board's.
    assert _close_ends(list(lines), 0.0, 480.0, 41.0, 500) is None
    assert _close_ends([p + 20 for p in lines], 20.0, 488.0, 41.0, 520) is None
    # Farther than the closing's reach from the edge: none either.
    assert _close_ends([p + 5 for p in lines], 0.0, 473.0, 41.0, 474) is None


def test_an_inner_edge_under_a_pipe_shows_its_line_near_its_ends() -> None:
    shot = sample("rectangular", 300011, "bridges", "started")
    xs, ys = np.asarray(shot.geometry.xs), np.asarray(shot.geometry.ys)
    middle = edge_visibility(shot.image, xs, ys, 1.5)
    ends = edge_visibility(shot.image, xs, ys, 1.5, near_corners=True)
    # Inner vertical line 5 along row 12, inner horizontal line 12 along column 0: a teal
    # flow crosses both, over glow as bright as the lines.
    for block, at in ((0, (4, 12)), (1, (11, 0))):
        assert middle[block][at] < 1.0
        assert ends[block][at] > 12.0


def test_an_edge_with_no_line_shows_none_near_its_ends() -> None:
    shot = sample("rectangular", 300011, "bridges", "started")
    image = shot.image.copy()
    xs, ys = np.asarray(shot.geometry.xs), np.asarray(shot.geometry.ys)
    # Paint one inner edge's line over with the ground just beside it, as a hole's edge shows.
    x, top, bottom = round(xs[5]), round(ys[12]) + 4, round(ys[13]) - 4
    image[top:bottom, x - 4 : x + 5] = image[top:bottom, x - 8 : x - 7]
    ends = edge_visibility(image, xs, ys, 1.5, near_corners=True)
    assert ends[0][4, 12] < 5.0
