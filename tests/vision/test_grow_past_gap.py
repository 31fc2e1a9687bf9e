"""A finished board found in part, its last line taken for a border with gaps where pipes cross it.

Glow over a finished board's lower rows hid their lines: the line search found
its top 4 rows of 8. The grid's bottom line, crossed by the flows' pipes, shows
a gap beside each, and the border rule refused it as a shaped board's outline.
The game draws no flow out of a classic board: pipes crossing a border say the
board goes on: a refused piece is grown (``_grow.grown``, ``_search._checked``), then judged whole.
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_a_board_found_in_part_under_glow_is_grown_past_the_pipes(
    reads_exactly: ReadsExactly,
) -> None:
    # 8x9, 36 px cells in a phone mirror window; the grid found in full
    # resolution through the pipes held the top 4 rows (classic colour_blind
    # 5400004 solved). Grown, an edge glow dims under the line contrast where
    # the blue pipe crosses it is judged by its ends, as its weak neighbours.
    reading = reads_exactly("colour_blind", 5400004, "classic", "solved")
    assert (reading.puzzle.rows, reading.puzzle.cols) == (8, 9)
