"""An empty cell's glow cloud by thick lines is no dot with a faint pipe.

``no dot at a faint pipe unread`` refuses a cell not read as a dot whose ring shows
a faint band of its core's colour and a dot's crisp rim round the rest. On a board
whose lines are thick (0.18 pitch) a cell's ring lies on the lines' fringe: an empty
cell under a purple glow cloud, its whole inside within half way of that fringe's
colour, showed a "disc" whose rim was the lines' inner edge (synthetic bridges crop
4800001 unsolved, cell (2, 6): refused). The game draws its pipes over its lines and
the background's glow under them: the line between the cell and the one its band
runs into crosses the band as it shows beside it (``under_line``), so the band is
glow and its end no dot.
"""

from __future__ import annotations

from flowbot.models import Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._faint_pipes import under_line


def test_a_glow_cloud_by_thick_lines_is_read_as_an_empty_cell() -> None:
    shot = sample("crop", 4800001, "bridges", "unsolved")
    end, into = Cell(2, 6), Cell(2, 5)
    assert all(end not in (pair.a, pair.b) for pair in shot.puzzle.pairs)
    # The line between the cell and its neighbour shows across the faint band: glow.
    assert under_line(shot.image, shot.geometry, end, into)
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
