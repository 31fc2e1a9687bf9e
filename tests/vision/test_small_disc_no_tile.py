"""A small dot through JPEG is no bridge tile: its disc is judged against its own ring.

In 24 px cells the grid lines' blur reaches a cell's margin, so an empty cell's
black passes for a tile apart from it, and JPEG's ripple across a small dot's
disc passes for a rail on its deck. The dot's disc (0.28 pitch) is what tells it
from a tile (``_bridges.shows_disc``), but JPEG spreads its colour past NEAR at
the radii looked at: there its points are judged against the cell's ring too, as
a dot's are elsewhere (``_pipes.disc_share``'s ``ground``), which a tile's own
grey, its ring, never passes.
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import BoardGeometry, Cell, Reading
from flowbot.screens.synthetic import sample
from flowbot.vision._bridges import find_bridges
from flowbot.vision._cells import sample_cells

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_small_orange_dot_through_jpeg_is_no_tile_and_the_holed_board_reads_exactly(
    reads_exactly: ReadsExactly,
) -> None:
    # Refused before: "15 dots found, an odd number", the dot at (5, 3) taken off as a tile.
    shot = sample("jpeg", 5800004, "holes", "unsolved")
    geometry = shot.geometry
    assert isinstance(geometry, BoardGeometry)
    assert Cell(5, 3) in shot.puzzle.dots()
    assert not find_bridges(shot.image, geometry, sample_cells(shot.image, geometry))
    reads_exactly("jpeg", 5800004, "holes", "unsolved")


def test_bridge_tiles_through_jpeg_are_still_found() -> None:
    for seed in (5100000, 5100001):
        shot = sample("jpeg", seed, "bridges", "unsolved")
        geometry = shot.geometry
        assert isinstance(geometry, BoardGeometry)
        assert shot.puzzle.bridges
        found = find_bridges(shot.image, geometry, sample_cells(shot.image, geometry))
        assert found == shot.puzzle.bridges
