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
a thin side, is one of its cells (``_ShownBeside``). So is a hexagon beside the board that
a pipe coming in from the board runs through, in by one side and out by another
(``THROUGH``): the game draws flows through cells alone, and beside a white flow's grey
tint, nearly the lines' colour, or between two tints, its other sides may show in no
measure (synthetic hex JPEG 8150007 solved, drift 8150000 solved: such a cell left out,
its neighbour's side facing it measured as a thin outline, the board refused as going on
past it).
"""

from __future__ import annotations

import copy
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

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
#: With pipes drawn, a pipe crossing this many sides of a hexagon beside the board runs
#: through it: a cell, whatever its other sides show (a line between two tints, or beside
#: a tint nearly the lines' colour, sinks in every measure).
THROUGH = 2


def joined(sides: HexSides) -> HexSides:
    """``sides`` with the hexagons beside the board drawn all round in the widths'
    channel (``inks``) and joined to it across a side in the thin lines' group
    (``sides`` itself when there are none, or no groups to tell a thin side by, or
    the widths are measured side by side in their faces' channels, beside pipes)."""
    if None in sides.direction_groups:
        return sides
    if isinstance(sides.inks, FacedInks) and sides.lines.pipes is not None:
        # Beside pipes: every side a drawn pipe crosses or shows the lines' colour.
        shown = _ShownBeside.of(sides)
        return sides if shown is None else _grown(sides, shown.all_round)
    if not isinstance(sides.inks, LineMap):
        return sides
    # The widths' channel, looking for pipes where the line map does (a side a
    # pipe crosses counts as drawn there).
    inks = copy.copy(sides.inks)
    inks.pipes = sides.lines.pipes
    return _grown(sides, lambda around: _drawn(inks, sides.lattice, ACROSS_PLACED, among=around))


def _grown(
    sides: HexSides,
    drawn_round: Callable[[Sequence[Node]], tuple[set[Node], set[frozenset[Node]]]],
) -> HexSides:
    """``sides`` with the hexagons beside the board that ``drawn_round`` finds drawn all
    round (with the sides pipes cross there) joined to it across a side in the thin
    lines' group or a side a pipe crosses from it, round after round."""
    groups = sides.direction_groups
    board, crossed = set(sides.cells), set(sides.crossed)
    for _ in range(ROUNDS):
        around = sorted({other for node in board for other in neighbours(node)} - board)
        beside, crossing = drawn_round(around)
        if not beside:
            break
        crossed |= crossing
        grown = replace(
            sides,
            cells=frozenset(board | beside),
            crossed=frozenset(side for side in crossed if side <= board | beside),
        )
        inner, _ = grown.widths
        joining: set[Node] = set()
        for side, width in inner.items():
            group = groups[side_direction(side)]
            assert group is not None
            if len(side & beside) == 1 and side & board and not group.is_wide(width):
                joining |= side & beside
        # A pipe runs only between two cells: one coming in from the board joins it.
        joining |= {node for side in crossing if side & board for node in side & beside}
        if not joining:
            break
        board |= joining
    if len(board) == len(sides.cells):
        return sides
    return replace(
        sides,
        cells=frozenset(board),
        crossed=frozenset(side for side in crossed if side <= board),
    )


@dataclass(frozen=True)
class _ShownBeside:
    """Which sides of hexagons beside a board with pipes drawn show its lines' colour
    (``SHOWN_SHARE`` of the board's typical share along their direction) or a pipe."""

    sides: HexSides
    shares: ColouredShares
    typical: tuple[float, ...]

    @classmethod
    def of(cls, sides: HexSides) -> _ShownBeside | None:
        """The look for the board ``sides`` (``None`` where a direction has no side between
        two of its hexagons)."""
        faced = sides.inks
        assert isinstance(faced, FacedInks)
        ends, reach = sides.ends
        looked = np.array(list(ends.values()), np.float64)
        measured = ColouredShares(faced).widths(looked, reach)
        typical = []
        for direction in range(3):
            mine = [
                float(share)
                for (node, other), share in zip(ends, measured, strict=True)
                if other in sides.cells and side_direction(frozenset((node, other))) == direction
            ]
            if not mine:
                return None
            typical.append(statistics.median(mine))
        # The lines' colour the board's: the sides looked at beside it are mostly its
        # ground's, and a few over a flow's tint moved the 90th percentile of a channel's
        # lines, 68 to 92 in red, where the board's lines lay at 66 (synthetic hex
        # huge_cells 300023 solved).
        levels, _ = faced.looks(looked - faced.origin, reach)
        return cls(sides, ColouredShares(faced, tuple(levels)), tuple(typical))

    def all_round(self, around: Sequence[Node]) -> tuple[set[Node], set[frozenset[Node]]]:
        """The hexagons of ``around`` whose every side shows a line or a pipe, and the sides
        of theirs pipes cross."""
        if not around:
            return set(), set()
        lattice, pipes = self.sides.lattice, self.sides.lines.pipes
        assert pipes is not None
        ends, pairs, names, directions = [], [], [], []
        for node in around:
            corners = _corners(lattice, node)
            centre = lattice.centre(*node)
            for step, a, b in _SIDES:
                other = (node[0] + step[0], node[1] + step[1])
                ends.append((corners[a], corners[b]))
                pairs.append((centre, lattice.centre(*other)))
                names.append(frozenset((node, other)))
                directions.append(_direction(step))
        _, reach = self.sides.ends
        seen = self.shares.widths(np.array(ends, np.float64), reach)
        piped = pipes.crossed(np.array(pairs, np.float64), lattice.row_step)
        least = SHOWN_SHARE * np.array(self.typical)[directions]
        shown = np.asarray((piped | (seen >= least)).reshape(-1, len(_SIDES)).all(axis=1), bool)
        # A pipe running through it, in by one side and out by another (``_grown`` joins it
        # where it comes in from the board).
        shown |= piped.reshape(-1, len(_SIDES)).sum(axis=1) >= THROUGH
        beside = {node for node, whole in zip(around, shown, strict=True) if whole}
        crossed = {
            name
            for name, crossing, whole in zip(
                names, piped, np.repeat(shown, len(_SIDES)), strict=True
            )
            if crossing and whole
        }
        return beside, crossed
