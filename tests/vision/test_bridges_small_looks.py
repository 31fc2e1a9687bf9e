"""Bridge boards in small or enlarged cells, started and finished, read exactly.

Each case is a synthetic shot refused before the mechanism named beside it:
an inner edge's line blended with a flow's tint or a dot's rim in small
cells (``_border_sides.ends_off_ground``), a tile's edge meeting a wide
line of its grey, the ground only past that line (``_bridges.PAST_LINE``);
an empty cell among flows' cells, hidden core and all as the ground's ring,
which thick blurred lines tint off the black cores (``check_background``'s
``piped``); a line past a wall's end blurred onto it
(``_outline_edges._past_outline_ends``); a line whose brightest pixel a dot's
rim lifts in small cells (``_outline_edges._by_colour``); a tile under glow of
nearly its grey on two sides (``_bridges.WEAK_SIDES``: read **without** its bridge
before, a red flow drawn over its deck).
And what must stay refused: an outlined board's wall left unread, judged
at its ends with the ground's lift taken off, is still a wall.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._border_sides import border_of, check_no_outline_inside

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("category", "seed", "state", "why"),
    [
        ("tiny_cells", 300024, "started", "a lime dot's rim and tint on a light green outline"),
        ("tiny_cells", 300024, "solved", "a lime flow's tint under the line it crosses"),
        ("zoomed", 300018, "solved", "a tile meeting a wide line: the ground past the line"),
        ("zoomed", 100081, "started", "an empty cell among flows' cells hidden as the ring"),
        ("zoomed", 100097, "started", "an empty cell among flows' cells hidden as the ring"),
        ("zoomed", 100089, "started", "a wall's end blurred onto the line past its corner"),
        ("zoomed", 100089, "solved", "a wall's end blurred onto the line past its corner"),
        ("tiny_cells", 5700000, "unsolved", "a green dot's rim lifting a line's brightest pixel"),
        ("tiny_cells", 6900000, "started", "a tile under a cloud of its grey on two sides"),
    ],
)
def test_bridge_boards_in_small_and_enlarged_cells_read_exactly(
    reads_exactly: ReadsExactly, category: str, seed: int, state: str, why: str
) -> None:
    # ``why`` names the look each shot once failed (in the test's id).
    reads_exactly(category, seed, "bridges", state)


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [("phone", 0, "unsolved"), ("phone", 0, "solved"), ("tiny_cells", 300001, "solved")],
)
def test_a_wall_left_unread_is_still_refused_judged_at_its_ends(
    category: str, seed: int, state: str
) -> None:
    shot = sample(category, seed, "walls", state)
    assert shot.puzzle.walls
    geometry = read_board(shot.image).geometry
    border = border_of(shot.image, geometry)
    with pytest.raises(UnsureReadingError, match="a wall"):
        check_no_outline_inside(border, image=shot.image, geometry=geometry)
