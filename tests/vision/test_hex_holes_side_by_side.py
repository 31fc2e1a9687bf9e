"""Two holes side by side on a hexagonal board: the one drawn whole is a hole too.

A hexagon every side of which is a wall or the board's outline is on no flow, and
the game draws none so: it is a hole whose outline was drawn whole. In small
blurred hexagons the outline round two holes side by side closed round one of them
(synthetic hex tiny_cells 1200003 unsolved: five walls and the outline towards the
other hole), refused before as a cell walled in on every side.
"""

from __future__ import annotations

from flowbot.models import Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


def test_a_hole_drawn_whole_beside_another_hole_reads_as_a_hole() -> None:
    shot = sample("tiny_cells", 1200003, "hex", "unsolved")
    truth = shot.puzzle.as_drawn().canonical()
    assert Cell(7, 7) in truth.holes
    assert read_board(shot.image).puzzle == truth
