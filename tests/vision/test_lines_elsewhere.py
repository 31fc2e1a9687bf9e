"""A grid whose lines, measured at full resolution, lie a tenth of a cell or more from where
the search found them is refused as a candidate, not read where it was found."""

from __future__ import annotations

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.render import board_geometry
from flowbot.vision import read_board
from flowbot.vision._line_positions import place_lines
from tests.vision.test_faint_pipes import _dark_jpeg

# Dark flows (development seeds): the grid followed through the pipes came out with a
# pitch 2.5 % short, its bottom line 3.2 px up; kept as found, the dark flow's row was
# sampled a tenth of a pitch off, its dots read empty and its pair left out (wrong).
SEED, CELL_PX = 300024, 30


@pytest.mark.parametrize("rgb", [(35, 0, 0), (40, 0, 20)])
def test_a_dark_flow_by_the_boards_edge_is_read_on_the_lines_measured(
    rgb: tuple[int, int, int],
) -> None:
    image, puzzle, covered = _dark_jpeg(SEED, rgb, CELL_PX, 60, False)
    reading = read_board(image)
    assert reading.puzzle == puzzle.canonical()
    assert set(reading.pipes) == covered


def test_lines_found_a_tenth_of_a_cell_off_are_refused_where_the_search_asks() -> None:
    image, puzzle, _ = _dark_jpeg(SEED, (35, 0, 0), CELL_PX, 60, False)
    true = board_geometry(puzzle, cell_px=CELL_PX)
    # As the search found it: the columns right, the rows' pitch 29.25 from 5 px down.
    found = BoardGeometry(true.xs, tuple(5.0 + 29.25 * k for k in range(7)))
    kept = place_lines(image, found, uncertainty=2)
    assert kept.ys == found.ys  # unchanged where not asked (as before)
    with pytest.raises(UnsureReadingError, match="tenth of a cell"):
        place_lines(image, found, uncertainty=2, elsewhere=True)
    # Found a pixel off (within the doubt), the lines are placed, not refused.
    near = BoardGeometry(true.xs, tuple(y + 1.0 for y in true.ys))
    placed = place_lines(image, near, uncertainty=2, elsewhere=True)
    assert max(abs(a - b) for a, b in zip(placed.ys, true.ys, strict=True)) < 0.5
