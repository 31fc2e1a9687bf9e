"""With pipes drawn, a wall must reach half the lines' colour across a wall's width.

The game draws a wall as it draws the outline: solid, in the lines' own
colour, only wider than a thin line. So wherever a thin line reaches half the
lines' colour (its typical half-level width ``SOLID`` or more: drawn solid,
not sunk by blur), a wall does so across the outline's width
(``_hex_coverage.HalfCoveredInks``). What lies beside a thin line fainter than
half of it sums to ink in every other measure: JPEG keeps the colours at half
resolution, and where a thin line runs between a band or a dot a few pixels
past it (its face a narrow strip), the colours ring across that strip and
leave a tail of the lines' colour falling off over 2-3 px beside the line.
The lines' colour's shares summed that tail into a wall (synthetic hex JPEG,
official level 100025 solved: a thin line between a green band and a yellow
dot 4.5 px past it, 1.46 px against the shares' thin lines' 1.03 and outline's
1.85, in the walls' group along its direction, only four thin lines measured
there, the others crossed by pipes); each side's clearest channel, over one
ground beside the yellow tint, and the colour channel read it wide too. At
half the lines' colour it measured 1.25 against the thin lines' 0.91 and the
outline's 1.90: nearer its thin lines. So every wall read beside pipes must
lie past halfway from the thin lines' half-level width to the outline's
(``HALF_WAY``, log scale, along its direction) where the thin lines are solid.
"""

from __future__ import annotations

from dataclasses import replace

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, side_direction, wall_sides
from flowbot.vision._hex_coverage import SOLID, CoveredInks, HalfCoveredInks
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_heard import HeardInks
from flowbot.vision._rule import Rule

#: A wall read beside pipes lies at least this share of the way from the thin lines'
#: typical half-level width to the outline's (log scale): walls read right on the game's
#: hexagonal levels through JPEG, phone, mirror and tiny cells solved (seeds
#: 100000-100039, 280 walls) 0.66 and up, mostly 0.8-1.1; the tail beside a thin line
#: 0.43 (JPEG 100025 solved).
HALF_WAY = 0.5


def _faced(sides: HexSides) -> FacedInks | None:
    """The sides measured each in its clearest channel (``_hex_faces``), as the lead's
    measures beside pipes hold them; ``None`` without pipes."""
    for inks in (sides.inks_faced, sides.inks):
        if isinstance(inks, FacedInks):
            return inks
        if isinstance(inks, CoveredInks | HeardInks):
            return inks.faced
    return None


def _check_half_reach(sides: HexSides) -> None:
    if not sides.crossed or isinstance(sides.inks, HalfCoveredInks) or sides.groups is None:
        return
    walls, _ = wall_sides(sides)
    faced = _faced(sides)
    if not walls or faced is None:
        return
    inks = HalfCoveredInks(faced)
    half = replace(sides, inks=inks, inks_faced=None)
    groups = half.direction_groups
    inner, _ = half.widths
    for side in walls:
        group = groups[side_direction(side)]
        # (no word where the outline is no wider there, or blur sinks the thin lines)
        if group is None or group.thin < SOLID:
            continue
        if group.way(inner[side]) < HALF_WAY:
            raise UnsureReadingError(HALF_REACH.reason)


HALF_REACH: Rule[HexSides] = Rule(
    name="hex walls reach half the lines' colour",
    refuses="a hexagonal board with pipes drawn with a wall whose width at half the lines' "
    "colour (the lines' colour's share of each pixel across it, the ground on each side "
    "apart, HALF 0.5 or more) lies less than HALF_WAY of the way from the thin lines' "
    "typical half-level width to the outline's along its direction, where those thin lines "
    "reach half the lines' colour (SOLID)",
    why="The game draws a wall as the outline, solid in the lines' colour: where a thin line "
    "reaches half that colour, a wall does across the outline's width. A faint spread beside "
    "a thin line sums to ink in every other measure: JPEG's halved colours ring across a "
    "narrow face between a line and a band or dot a few pixels past it, a tail of the "
    "lines' colour falling off over 2-3 px.",
    bounds="HALF_WAY 0.5 (log scale, along the side's direction); SOLID 0.6 px as "
    "`_hex_coverage` takes it. The game's hexagonal levels through JPEG, phone, mirror and "
    "tiny cells solved, seeds 100000-100039: 280 walls read right, 0.66 and up (mostly "
    "0.8-1.1). JPEG official level 100025 solved: a thin line between a green band and a "
    "yellow dot 4.5 px past it, the shares 1.46 px against thin 1.03 and outline 1.85 (a "
    "wall, four thin lines measured along that direction), each side's clearest channel "
    "and the colour channel wide too; at half level 1.25 against 0.91 and 1.90, 0.43 of "
    "the way: read with a wall, WRONG, before.",
    reason="cannot tell whether a line between two hexagons is a wall or not (it does not "
    "reach half the lines' colour as widely as a wall)",
    check=_check_half_reach,
)
