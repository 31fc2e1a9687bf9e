"""A bigger grid apart from the outlined stage's first candidates is tried too.

The outlined stage tries the first few grids found, most cells first. The OS's
screenshot preview draws a small board's lines at its pitch and finer ones (its
cells' middles, its pipes' edges): those lattices, up to 80 cells, fill every
place before the board it shows, a 5x5 of large cells. Found only in the preview,
the board read was the preview, a copy of a larger board, and the screen refused
(synthetic holes preview 6200000 started: "two boards on the screen").
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import BoardGeometry, Reading
from flowbot.vision._outlined import CANDIDATES, _candidates

#: The ``reads_exactly`` fixture (``conftest``): a synthetic shot read exactly, pipes too.
ReadsExactly = Callable[[str, int, str, str], Reading]


def _grid(left: float, top: float, pitch: float, rows: int, cols: int) -> BoardGeometry:
    return BoardGeometry.uniform(
        left=left, top=top, width=cols * pitch, height=rows * pitch, rows=rows, cols=cols
    )


def test_the_biggest_grid_apart_from_the_first_ones_is_tried_too() -> None:
    preview = [_grid(48, 1790, 30, 8, 10), _grid(48, 1790, 30, 8, 8), _grid(48, 1790, 30, 6, 10)]
    text = _grid(600, 1800, 20, 4, 12)  # apart, smaller than the first: not taken
    board = _grid(20, 433, 207.6, 5, 5)
    assert _candidates([*preview, text, board]) == [*preview, board]


def test_a_grid_over_the_first_ones_is_not_taken() -> None:
    first = [_grid(20, 433, 30, 8, 10)] * CANDIDATES
    over = _grid(10, 420, 210, 5, 5)  # bigger, but over them
    assert _candidates([*first, over]) == first


def test_a_started_holes_board_beside_its_preview_is_read_exactly(
    reads_exactly: ReadsExactly,
) -> None:
    reads_exactly("preview", 6200000, "holes", "started")
