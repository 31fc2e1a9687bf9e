"""A bridge's grey tile in small cells, its rim tinted by the lines, is no dot's disc.

The tile is told from a dot's disc (``_bridges.shows_disc``) by its corners:
a disc leaves them to the ground or its tint, a tile shows its own grey
there. Chroma blurs wider than lightness (a phone's video mirrored, JPEG):
in 17.5 px cells the tile's rim takes the green lines' hue, 12.5 chroma,
16.9 Lab from its centre's grey but within 3.4 L* (``_bridges.one_grey``);
the tile was read as a dot and the screen refused.
"""

from __future__ import annotations

import numpy as np

from flowbot.models import Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._bridges import find_bridges, one_grey
from flowbot.vision._cells import sample_cells


def test_a_small_tile_with_a_tinted_rim_is_found_and_the_board_read_exactly() -> None:
    shot = sample("mirror", 4500004, "bridges", "unsolved")
    assert Cell(1, 8) in shot.puzzle.bridges
    found = find_bridges(shot.image, shot.geometry, sample_cells(shot.image, shot.geometry))
    assert found == set(shot.puzzle.bridges)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()


def test_one_grey_takes_a_tiles_tinted_rim_but_no_discs_ground() -> None:
    centre = np.array([44.0, 3.2, -2.6])
    # The tile's rim, the lines' green lent to it (mirror 4500004's cell (1, 8)).
    assert one_grey(np.array([47.4, -9.7, 7.9]), centre)
    # A white or grey dot: the ground or its tint in its corners, far darker.
    assert not one_grey(np.array([14.6, 2.2, -3.4]), np.array([66.3, 5.7, -13.6]))
    assert not one_grey(np.array([23.8, -0.4, 1.2]), np.array([100.0, 0.0, 0.0]))
    # A coloured dot as light as a glow round it: no grey, its hue tells it.
    assert not one_grey(np.array([30.0, 10.0, 10.0]), np.array([28.4, 51.8, -35.4]))
