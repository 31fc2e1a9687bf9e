"""An outlined board's cells whose lines glow of the lines' colour hides are the board's.

Synthetic walls rectangular 3700005 (development data since spent): a wide
faint pipe of the animated background, of the pack's line colour and as bright,
hid every line of four cells; refused as cells no flow covers, then as a
classic board with walls. A panel of its own colour over the cells stays refused.
"""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.models import BoardGeometry, Cell
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._outlined_glow import hidden_by_glow
from flowbot.vision._types import Features

LINE = (122, 99, 67)
PITCH = 40


def _board(over: tuple[int, int, int] | None) -> tuple[np.ndarray, BoardGeometry]:
    """A 6x6 board of thin lines on a dark ground, cells (2..3, 2..3) painted ``over``."""
    image = np.zeros((280, 280, 3), np.uint8)
    image[:] = (40, 30, 22)
    at = [20 + PITCH * i for i in range(7)]
    for v in at:
        image[:, v - 1 : v + 1] = LINE
        image[v - 1 : v + 1, :] = LINE
    if over is not None:
        image[at[2] + 2 : at[4] - 2, at[2] + 2 : at[4] - 2] = over
    return image, BoardGeometry(tuple(float(v) for v in at), tuple(float(v) for v in at))


_CELLS = frozenset({Cell(2, 2), Cell(2, 3), Cell(3, 2), Cell(3, 3)})
_SIDES = frozenset(
    (a, b) for a in _CELLS for b in _CELLS if abs(a.row - b.row) + abs(a.col - b.col) == 1
)


@pytest.mark.parametrize(("over", "hidden"), [(LINE, True), ((210, 215, 235), False)])
def test_cells_under_glow_of_the_lines_colour_are_explained_a_panel_is_not(
    over: tuple[int, int, int], hidden: bool
) -> None:
    image, geometry = _board(over)
    found = hidden_by_glow(
        image, geometry, Features(), unseen_sides=_SIDES, cells=_CELLS, covered=frozenset()
    )
    assert found is hidden


def test_a_frame_side_unseen_is_not_explained() -> None:
    image, geometry = _board(LINE)
    sides = _SIDES | {(Cell(2, 0), Cell(2, -1))}
    cells = _CELLS | {Cell(2, 0)}
    assert not hidden_by_glow(
        image, geometry, Features(), unseen_sides=sides, cells=cells, covered=frozenset()
    )


def test_a_walled_board_under_glow_of_its_lines_colour_is_read() -> None:
    shot = sample("rectangular", 3700005, "walls")
    assert read_board(shot.image).puzzle == shot.puzzle.canonical()
