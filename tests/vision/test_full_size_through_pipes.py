"""A finished board whose grid shows only at full resolution, its lines followed through its
pipes (``_search.find_boards``' last look): in every shrunk copy a pipe, a third of a pitch,
is as thin as the line filter's kernel and passes for a line, while the board's faint lines,
a pixel wide, are cut by the pipes crossing them into pieces of every extent."""

from __future__ import annotations

import pytest

from flowbot.screens.synthetic import sample
from flowbot.vision import read_board


@pytest.mark.parametrize(
    ("category", "seed", "variant"),
    [
        # 36 px cells on a purple glow, every cell a pipe's: no shrunk copy proposed it.
        ("mirror", 300111, "classic"),
        # Beside a text window whose ruled rows line up with the board's: the grid found
        # in the shrunk copies ran two columns into it (refused), the board itself never.
        ("mirror", 500003, "bridges"),
    ],
)
def test_a_finished_board_seen_only_at_full_resolution_is_read(
    category: str, seed: int, variant: str
) -> None:
    shot = sample(category, seed, variant, "solved")
    reading = read_board(shot.image)
    assert reading.puzzle.canonical() == shot.puzzle.as_drawn().canonical()
    assert reading.pipes == shot.pipes
