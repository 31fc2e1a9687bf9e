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
from flowbot.vision._outlined import CANDIDATES, _candidates, _may_be_bigger_copy

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


def test_a_bigger_copy_of_a_board_read_is_looked_for_at_a_larger_pitch_apart_from_it() -> None:
    # The classic search read a finished board; a bigger board beyond it may be the board
    # it is the screenshot preview of, at 3-5 times its pitch. Lattices over the board read
    # or at its pitch (a window's ruled grid, the board itself found again) are not read.
    preview = _grid(48, 1790, 40, 5, 5)
    assert _may_be_bigger_copy(_grid(20, 433, 140, 5, 5), preview)
    assert not _may_be_bigger_copy(_grid(40, 1780, 140, 5, 5), preview)  # over it
    assert not _may_be_bigger_copy(_grid(20, 433, 40, 20, 20), preview)  # its pitch, more cells
    assert not _may_be_bigger_copy(_grid(48, 1790, 40, 5, 5), preview)  # itself


def test_a_started_holes_board_beside_its_preview_is_read_exactly(
    reads_exactly: ReadsExactly,
) -> None:
    reads_exactly("preview", 6200000, "holes", "started")
