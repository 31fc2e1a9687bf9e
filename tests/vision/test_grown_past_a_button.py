"""A board grown a row past its border, over a round button below it (session 47).

Classic mirror 6200000 solved: an 8x8 board's faint lines, broken by the flows'
tints, were found as a 7x4 piece and grown while its lines went on; a glow
stripe below the board showed two of four lines going on at half their
contrast, and the grid grew a ninth row, refused for the missing edges there
("some inner grid lines are missing"). That empty band is now dropped as from
any grid found (``_trim.without_empty_band``). The 8x8 grid was then refused for
a cell outlined past its border: the hint button's circle took the place of the
side lines, and its bulb icon, 28 Lab off the border's colour, of the next line
across. The game draws every line in one colour: that line must be in it.
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Reading

ReadsExactly = Callable[[str, int, str, str], Reading]


def test_the_solved_mirror_board_reads_exactly(reads_exactly: ReadsExactly) -> None:
    reads_exactly("mirror", 6200000, "classic", "solved")
