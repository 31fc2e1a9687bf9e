"""A hexagonal board's flat sides evened row by row (``_hex_rows``): JPEG shifts a whole row of
flat lines' widths alike.

Constructed widths, and synthetic shots of development seeds.
"""

from __future__ import annotations

import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board
from flowbot.vision._hex_rows import rows_evened

ROW_STEP = 20.0


def _flat(rows: list[list[float]]) -> tuple[dict[str, float], dict[str, float]]:
    """Widths and heights of flat sides, one row of them per list, rows half a step apart."""
    widths, heights = {}, {}
    for r, row in enumerate(rows):
        for i, width in enumerate(row):
            widths[f"{r}.{i}"] = width
            heights[f"{r}.{i}"] = r * ROW_STEP / 2 + 0.01 * i
    return widths, heights


def test_a_row_shifted_by_jpeg_is_evened_to_the_thin_lines() -> None:
    # Rows of thin lines measuring 0.5, 0.75 and 1.0 px (the outline 1.6): each brought to the
    # thin lines' 0.75, a wall in the narrow row kept as far above its row's thin lines.
    widths, heights = _flat([[0.5, 0.5, 0.5, 1.3], [0.75, 0.75, 0.75], [1.0, 1.0, 1.0]])
    evened = rows_evened(widths, heights, [1.6, 1.6], ROW_STEP)
    assert evened["0.0"] == pytest.approx(0.75)
    assert evened["0.3"] == pytest.approx(1.55)
    assert evened["2.1"] == pytest.approx(0.75)


def test_a_row_of_walls_is_no_shift() -> None:
    # A row mostly walls stands a whole way above the thin lines: left as it is.
    widths, heights = _flat([[0.75, 0.75, 0.75], [0.75, 0.75, 0.75], [1.6, 1.6, 0.75]])
    evened = rows_evened(widths, heights, [1.6, 1.6], ROW_STEP)
    assert evened == widths


def test_short_rows_are_left_alone() -> None:
    # Two sides in a row: one of them a wall would be half its median.
    widths, heights = _flat([[0.5, 0.5], [0.75, 0.75, 0.75], [1.0, 1.0]])
    assert rows_evened(widths, heights, [1.6], ROW_STEP) == widths


@pytest.mark.parametrize(
    ("category", "seed", "state"),
    [
        # Zoomed hexagons through JPEG: the flat thin lines of one row 0.41-0.59 px, of
        # another 0.91-1.05, the outline 1.6 ("cannot tell whether a line between two
        # hexagons is a wall or not" before).
        ("zoomed", 4500014, "solved"),
        ("tiny_cells", 4500002, "started"),
    ],
)
def test_boards_whose_flat_rows_jpeg_shifts_are_read(category: str, seed: int, state: str) -> None:
    shot = sample(category, seed, "hex", state)
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical()
