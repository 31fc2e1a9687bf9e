"""Hexagons joined to the board by a thin line: the board's, though a side hides in one channel.

The board's hexagons are found drawn all round in the brightest channel. A
dot's colour spilling over a line beside it (JPEG halves the colours'
resolution; small cells' blur runs a dot into its sides) lifts the ground
there in the dot's own hue's channel, which is then the brightest: the line
barely stands out in it, while in the channel its width is measured in
(``_hex_channel.ink_channel``, mostly the luma) it shows as every other line.
The hexagon is then left out, a hole whose sides facing the board are thin
lines: ``hex outline all round`` refuses the board. But the game draws a
thin line only between two of the board's cells (the outline and walls are
wide), so a hexagon drawn all round in the widths' channel and joined to the
board across a side as thin as its lines (in that direction's thin group) is
one of the board's cells. Anything else missing stays missing, and the board
rules judge the board so grown as any board.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from flowbot.vision._hex_board import (
    ACROSS_PLACED,
    HexSides,
    LineMap,
    Node,
    _drawn,
    neighbours,
    side_direction,
)

#: Rounds of growing: a gap of hexagons some of which touch the board only through
#: others of the gap.
ROUNDS = 3


def joined(sides: HexSides) -> HexSides:
    """``sides`` with the hexagons beside the board drawn all round in the widths'
    channel (``inks``) and joined to it across a side in the thin lines' group
    (``sides`` itself when there are none, or no groups to tell a thin side by, or
    the widths are measured side by side in their faces' channels, beside pipes)."""
    groups = sides.direction_groups
    if not isinstance(sides.inks, LineMap) or None in groups:
        return sides
    # The widths' channel, looking for pipes where the line map does (a side a
    # pipe crosses counts as drawn there).
    inks = copy.copy(sides.inks)
    inks.pipes = sides.lines.pipes
    board = set(sides.cells)
    crossed = set(sides.crossed)
    for _ in range(ROUNDS):
        around = {other for node in board for other in neighbours(node)} - board
        if not around:
            break
        beside, crossing = _drawn(inks, sides.lattice, ACROSS_PLACED, among=around)
        crossed |= crossing
        if not beside:
            break
        grown = replace(
            sides,
            cells=frozenset(board | beside),
            crossed=frozenset(side for side in crossed if side <= board | beside),
        )
        inner, _ = grown.widths
        thin: set[Node] = set()
        for side, width in inner.items():
            group = groups[side_direction(side)]
            assert group is not None
            if len(side & beside) == 1 and side & board and not group.is_wide(width):
                thin |= side & beside
        if not thin:
            break
        board |= thin
    if len(board) == len(sides.cells):
        return sides
    return replace(
        sides,
        cells=frozenset(board),
        crossed=frozenset(side for side in crossed if side <= board),
    )
