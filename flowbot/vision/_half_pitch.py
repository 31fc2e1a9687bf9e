"""A grid found at half the board's pitch: the pipes along the cells' middles taken for lines.

In small cells a finished board's pipes (0.3 pitch wide) are as thin as a
line in the shrunk copies the search looks at, and run along the middles of
the cells, rows and columns alike: the line search then finds the board's
lines and the pipes between them as one grid at half the pitch (bridges
JPEG 300068 solved, an 11x11 board in 38.6 px cells in a phone's window on
a 2560 px desktop: a 22x22 grid at 19.3 px). Its "lines" along the middles
are missing wherever no pipe runs, and only there: the grid is refused for
missing edges on every other line, both ways. Every second line is then the
board's own, from border to border.
"""

from __future__ import annotations

from flowbot.vision._lattice import Lattice
from flowbot.vision._types import MissingEdgesError


def every_second_line(
    lattice: Lattice, missing: MissingEdgesError, min_lines: int
) -> Lattice | None:
    """The lattice of ``lattice``'s even lines, where its missing edges all lie on the odd ones.

    ``None`` unless each way its cells are even in number (its border on the
    board's lines, as the pipes run between them), its even lines at least
    ``min_lines`` (a lattice's fewest: a 2x2 grid of text taken at twice its
    pitch is one cell, no grid), and its missing edges lie
    on its odd lines alone, some of them each way. The grid returned must
    pass every board rule as any other, among them that its cells hold no
    lines inside them, judged against ``lattice`` (``_board_inside``): the
    middle lines a real board's holes leave between its lines are whole.
    """
    cols, rows = len(lattice.xs) - 1, len(lattice.ys) - 1
    if cols % 2 or rows % 2 or min(cols, rows) // 2 + 1 < min_lines:
        return None
    # ``vertical[i]`` is inner line i + 1: the odd lines are the even rows of the flags.
    for flags in (missing.vertical, missing.horizontal):
        if flags[1::2].any() or not flags[::2].any():
            return None
    return Lattice(lattice.xs[::2], lattice.ys[::2])
