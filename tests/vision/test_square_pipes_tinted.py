"""Started and finished square boards whose pipes and flows' tints hid what the reader
looks at: a pipe along the board's first row over the lines it judges past the border,
a bridge's tile among a white flow's grey tints of its own grey, and a flow running
out of a warp's opening where a tight crop leaves nothing past the border to see.

(Synthetic shots of development seeds, once refused, and the two mechanisms alone.)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bridges import find_bridges
from flowbot.vision._cells import sample_cells
from flowbot.vision._past_border import run_on_visibility
from flowbot.vision._pipes import ALREADY_SOLVED

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


@pytest.mark.parametrize(
    ("variant", "category", "seed", "state"),
    [
        # Found through pipes three rows short: pipes along the grid's outer rows
        # covered the middle of its lines' spans there, and the run-on look put each
        # line nowhere, so the lines going on past the border were not seen (nor grown).
        ("bridges", "rectangular", 300011, "solved"),
        # A tile among a white flow's grey tints, of the tile's own grey.
        ("bridges", "rectangular", 300048, "solved"),
        # A tight crop through a warp's opening: a white flow runs out to the
        # image's edge, 17 Lab from the lavender outline (nothing past to see).
        ("warps", "crop", 100018, "started"),
        ("warps", "crop", 100018, "solved"),
        # ... 8.6 Lab from a pale outline, in 20 px cells (a held-out seed, session 57).
        ("warps", "tiny_cells", 8200000, "started"),
        ("warps", "tiny_cells", 8200000, "solved"),
    ],
)
def test_pipes_once_refused_are_read(
    reads_exactly: ReadsExactly, variant: str, category: str, seed: int, state: str
) -> None:
    reading = reads_exactly(category, seed, variant, state)
    assert (ALREADY_SOLVED in reading.notes) == (state == "solved")


def test_a_line_a_pipe_crosses_inside_is_seen_going_on_past_the_border() -> None:
    # Lines every 50 px, the board's rows from y = 100; past its top border the
    # vertical lines go on a pitch. A pipe a third of a pitch wide runs along
    # the first row, over the middle of each line's span there.
    image = np.full((300, 300, 3), 30, np.uint8)
    xs = np.array([50.0, 100.0, 150.0, 200.0, 250.0])
    ys = np.array([100.0, 150.0, 200.0, 250.0])
    for x in xs:
        image[50:251, int(x) - 1 : int(x) + 2] = 120
    for y in ys:
        image[int(y) - 1 : int(y) + 2, 50:251] = 120
    image[117:134, 60:241] = (220, 40, 40)
    top = run_on_visibility(image, xs, ys, uncertainty=1.0)["top"]
    assert (top.beyond >= 0.5 * top.inside).all()
    assert (top.inside > 0).all()


def _bridge_board(tile: bool) -> tuple[np.ndarray, BoardGeometry]:
    """A 3x3 board of 60 px cells on a dark ground, every cell but the middle one tinted
    grey (a white flow's tint), the middle cell showing the ground; with ``tile``, the
    game's bridge tile there in the tint's very grey, two light rails across it."""
    ground, grey = (40, 30, 45), (105, 105, 105)
    image = np.full((180, 180, 3), ground, np.uint8)
    for r in range(3):
        for c in range(3):
            if (r, c) != (1, 1):
                image[r * 60 + 4 : r * 60 + 57, c * 60 + 4 : c * 60 + 57] = grey
    image[::60, :] = image[:, ::60] = 90  # the lines
    image[-1, :] = image[:, -1] = 90
    if tile:
        image[66:115, 66:115] = grey
        for y in (74, 105):
            image[y - 1 : y + 2, 68:113] = 200
    return image, BoardGeometry((0.0, 60.0, 120.0, 180.0), (0.0, 60.0, 120.0, 180.0))


def test_a_tile_among_tints_of_its_grey_is_told_by_its_own_margin() -> None:
    image, geometry = _bridge_board(tile=True)
    assert find_bridges(image, geometry, sample_cells(image, geometry)) == {Cell(1, 1)}
    # The cell without its tile shows the ground in its corners as in its margin.
    image, geometry = _bridge_board(tile=False)
    assert not find_bridges(image, geometry, sample_cells(image, geometry))


def test_an_outline_crossed_by_flows_at_its_warps_is_still_an_outline() -> None:
    # A finished warps board in huge cells: flows out of three openings on a side made
    # its colour theirs, the border was taken for a thin one (a solutions site's, walls
    # not drawn) and its three walls were left out (held-out seed 1700001, session 26).
    shot = sample("huge_cells", 1700001, "warps", "solved")
    try:
        reading = read_board(shot.image)
    except UnsureReadingError:
        return
    assert reading.puzzle.canonical() == shot.puzzle.canonical()
