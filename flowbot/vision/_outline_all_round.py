"""A square board's outline all round: no stretch of an outlined border drawn as a thin line.

The game outlines its other boards (holes, walls, warps) in one bright line
round the cells it plays, lighter than the thin lines inside (``_border_sides``).
A grid whose border is that outline along most of it, but a thin inner line
along some cells, is a piece of the board: the cells go on past that stretch
(the rows under a shaped board's top cells, its holes' outline taken for the
border beside them). As the hexagonal reader's ``hex outline all round``
refuses a thin line facing out, this refuses such a grid; the reader then asks
the outlined stage, which reads the whole shaped board.

On such a border the thin lines end at the outline, not at the border's
middle: ``lines_end_at_outline`` lets the rule on where lines end pass it.
Both look at the border the cells measured once (``Cells.border``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._border_sides import WALL_OUTLINE_LIGHTER, Border
from flowbot.vision._colour import delta_e
from flowbot.vision._rule import Cells, Rule

#: Most a border cell's colour lies from the thin lines' (CIELAB), as a share of the
#: outline's own distance from them, for it to be drawn as a thin line: a stretch
#: of inner line under a shaped board's top cells 2 off the lines, the outline 45
#: off them (synthetic holes huge_cells 6400001 unsolved).
LIKE_LINES = 1 / 3


def thin_stretches(border: Border) -> list[tuple[str, int]]:
    """The border cells (side, index) drawn as the thin inner lines on a board
    outlined all round, its outline clearly lighter than its lines; none otherwise."""
    if not border.all_round:
        return []
    outline, line = border.outline_colour, border.line_colour
    # A border only a little lighter than the lines (a classic board's in some looks,
    # 12 L*) is no outline to tell a line from: JPEG and a dot's ringing move it as much.
    if float(outline[0] - line[0]) < WALL_OUTLINE_LIGHTER:
        return []
    apart = float(delta_e(outline, line))
    found: list[tuple[str, int]] = []
    for name, side in border.sides.items():
        # Drawn (an opening or a hole's side shows the ground), in the lines' colour.
        like = side.drawn & (delta_e(side.colour, line) <= LIKE_LINES * apart)
        found.extend((name, int(i)) for i in np.flatnonzero(like))
    return found


def check_outline_all_round(border: Border) -> None:
    """Refuse a board outlined all round with a stretch of its border drawn as a thin line."""
    stretches = thin_stretches(border)
    if stretches:
        side, cell = stretches[0]
        raise UnsureReadingError(
            f"{OUTLINE_ALL_ROUND.reason} ({side} border, cell {cell}): part of a bigger board"
        )


OUTLINE_ALL_ROUND: Rule[Cells] = Rule(
    name="square outline all round",
    refuses="a board outlined all round in a colour clearly lighter than its lines, with some "
    "of its border's cells drawn in the thin lines' colour",
    why="The game outlines its other boards round every cell they play; a stretch of border "
    "drawn as an inner line means the cells go on past it: the grid is a piece of a shaped "
    "board (its holes' outline taken for the border beside them). Refused, the outlined "
    "stage reads the whole board.",
    bounds="The outline lighter than the lines by `_border_sides.WALL_OUTLINE_LIGHTER` 18 L* "
    "(a classic render's border 12), every side seen drawn alike (`Border.all_round`); a "
    "border cell drawn (`DRAWN` 12 CIELAB: an opening or a hole's side shows the ground) "
    "within `LIKE_LINES` 1/3 of the outline's distance from the lines' colour (a shaped "
    "board's top row taken for its holes' row: 2 CIELAB off the lines, the outline 45, "
    "synthetic holes huge_cells 6400001 unsolved).",
    reason="a stretch of the outlined border is drawn as a thin inner line",
    check=lambda cells: check_outline_all_round(cells.border),
)


def lines_end_at_outline(rule: Rule[Cells]) -> Rule[Cells]:
    """``rule`` (lines ending together elsewhere than at a border refused), passing a board
    outlined all round: its thin lines end at the outline, which is the border."""

    def check(cells: Cells) -> None:
        try:
            rule.check(cells)
        except UnsureReadingError:
            if not cells.border.all_round:
                raise

    return replace(rule, check=check)
