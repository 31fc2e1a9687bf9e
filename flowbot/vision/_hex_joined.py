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

With pipes drawn the same holds where a side hides between two flows' tints:
where each tint is, in its own channels, nearly as bright as the line, the line
stands out from both its faces in no one channel, and the hexagons there are
not found drawn all round (synthetic hex phone 300036 solved: three cells of a
finished board between an orange and a magenta tint, the board refused as going
on past its outline). Yet the line still shows in its own colour: a hexagon whose
every side shows the lines' colour (``_hex_coverage.ColouredShares``, half the
board's typical share at least: a line's 0.83-0.94 of a pixel there, the ground past
an outline's 0.00-0.12) or is crossed by a drawn pipe, joined to the board across
a thin side, is one of its cells (``_joined_beside_pipes``).
"""

from __future__ import annotations

import copy
import statistics
from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import (
    _SIDES,
    ACROSS_PLACED,
    HexSides,
    LineMap,
    Node,
    _corners,
    _direction,
    _drawn,
    neighbours,
    side_direction,
)
from flowbot.vision._hex_coverage import ColouredShares
from flowbot.vision._hex_faces import FacedInks

#: Rounds of growing: a gap of hexagons some of which touch the board only through
#: others of the gap.
ROUNDS = 3
#: With pipes drawn, a side shows a line where the lines' colour covers this share of
#: the board's typical (along its direction) of a pixel near it at least
#: (``ColouredShares``): lines between two flows' tints 0.9-1.0 of it, the ground past
#: the outline 0.00-0.13 (synthetic hex phone 300036 solved).
SHOWN_SHARE = 0.5


def joined(sides: HexSides) -> HexSides:
    """``sides`` with the hexagons beside the board drawn all round in the widths'
    channel (``inks``) and joined to it across a side in the thin lines' group
    (``sides`` itself when there are none, or no groups to tell a thin side by, or
    the widths are measured side by side in their faces' channels, beside pipes)."""
    groups = sides.direction_groups
    if None in groups:
        return sides
    if isinstance(sides.inks, FacedInks) and sides.lines.pipes is not None:
        return _joined_beside_pipes(sides)
    if not isinstance(sides.inks, LineMap):
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


def _joined_beside_pipes(sides: HexSides) -> HexSides:
    """``sides`` (with pipes drawn, measured by ``FacedInks``) with the hexagons beside the
    board whose every side a drawn pipe crosses or shows the lines' colour
    (``SHOWN_SHARE``), joined to it across a side in the thin lines' group."""
    assert isinstance(sides.inks, FacedInks) and sides.lines.pipes is not None
    groups = sides.direction_groups
    board_ends, reach = sides.ends
    board_sides = np.array(list(board_ends.values()), np.float64)
    measured = ColouredShares(sides.inks).widths(board_sides, reach)
    # (the lines' colour the board's: the sides looked at beside it are mostly its
    # ground's, and a few over a flow's tint moved the 90th percentile of a channel's
    # lines, 68 to 92 in red, where the board's lines lay at 66)
    levels, _ = sides.inks.looks(board_sides - sides.inks.origin, reach)
    shares = ColouredShares(sides.inks, tuple(levels))
    typical = {}
    for direction in range(3):
        mine = [
            float(share)
            for (node, other), share in zip(board_ends, measured, strict=True)
            if other in sides.cells and side_direction(frozenset((node, other))) == direction
        ]
        if not mine:
            return sides
        typical[direction] = statistics.median(mine)
    lattice, pipes = sides.lattice, sides.lines.pipes
    board, crossed = set(sides.cells), set(sides.crossed)
    for _ in range(ROUNDS):
        around = sorted({other for node in board for other in neighbours(node)} - board)
        if not around:
            break
        ends, pairs, names = [], [], []
        for node in around:
            corners = _corners(lattice, node)
            x, y = lattice.centre(*node)
            for (dj, dk), a, b in _SIDES:
                other = (node[0] + dj, node[1] + dk)
                ends.append((corners[a], corners[b]))
                pairs.append(((x, y), lattice.centre(*other)))
                names.append((node, other, _direction((dj, dk))))
        seen = shares.widths(np.array(ends, np.float64), reach)
        piped = pipes.crossed(np.array(pairs, np.float64), lattice.row_step)
        beside: set[Node] = set()
        crossing: set[frozenset[Node]] = set()
        for i, node in enumerate(around):
            mine = range(6 * i, 6 * i + 6)
            if all(piped[j] or seen[j] >= SHOWN_SHARE * typical[names[j][2]] for j in mine):
                beside.add(node)
                crossing |= {frozenset(names[j][:2]) for j in mine if piped[j]}
        if not beside:
            break
        crossed |= crossing
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
