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

And a wall's half-level span lies centred on its side, as the outline's does:
a glow band lighting a face up to a thin line lifts it past half the lines'
colour where that face is already near it, and every measure then reads the
line as wide as a wall, the half-level width too (synthetic hex huge cells
10400003 started and solved: a thin line's half-level span from 1.4 px on one
side of it to 10.2 on the other, 11.6 px against the outline's 11.1, both
faces within a third of the ground's distance of the lines' colour). Its
middle lay 4.4 px off the side, 0.53 of the way from the thin lines' width
to the outline's; a wall's lies within half a pixel, where drawing on whole
pixels puts it, and ``CENTRED`` of that way.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, side_direction, wall_sides
from flowbot.vision._hex_coverage import SOLID, HalfCoveredInks
from flowbot.vision._hex_heard import faced_of
from flowbot.vision._rule import Rule

#: A wall read beside pipes lies at least this share of the way from the thin lines'
#: typical half-level width to the outline's (log scale): walls read right on the game's
#: hexagonal levels through JPEG, phone, mirror and tiny cells solved (seeds
#: 100000-100039, 280 walls) 0.66 and up, mostly 0.8-1.1; the tail beside a thin line
#: 0.43 (JPEG 100025 solved).
HALF_WAY = 0.5
#: A wall's half-level span's middle lies within ``SNAP`` px of its side (lines drawn on
#: whole pixels) and this share of the way from the thin lines' typical half-level width
#: to the outline's (along its direction) past that: walls read right on hexagonal boards
#: with pipes drawn (synthetic, every category started and solved, seeds 8100000-8100009,
#: 100000-100009, 300000-300009, 10000000-10000009, 10400000-10400009: 1,200 boards) 0.06
#: at most; the glow-lit thin line read as a wall 0.47 (huge cells 10400003).
CENTRED = 0.25
#: Drawn on whole pixels, a line's middle lies up to half a pixel off its side.
SNAP = 0.5


def _check_half_reach(sides: HexSides) -> None:
    if not sides.crossed or sides.groups is None:
        return
    walls, _ = wall_sides(sides)
    faced = faced_of(sides)
    if not walls or faced is None:
        return
    inks = HalfCoveredInks(faced)
    half = replace(sides, inks=inks, inks_faced=None)
    groups = half.direction_groups
    inner, _ = half.widths
    ends, reach = sides.ends
    keys = [key for key in ends if frozenset(key) in walls]
    middles = inks.middles(np.array([ends[key] for key in keys], np.float64), reach)
    led = isinstance(sides.inks, HalfCoveredInks)
    for key, middle in zip(keys, middles, strict=True):
        side = frozenset(key)
        group = groups[side_direction(side)]
        if group is None:
            continue  # (no word where the outline is no wider there)
        # (no word on the reach where blur sinks the thin lines, or it led the widths)
        if not led and group.thin >= SOLID and group.way(inner[side]) < HALF_WAY:
            raise UnsureReadingError(HALF_REACH.reason)
        if abs(middle) > SNAP + CENTRED * (group.wide - group.thin):
            raise UnsureReadingError(HALF_REACH.reason)


HALF_REACH: Rule[HexSides] = Rule(
    name="hex walls reach half the lines' colour",
    refuses="a hexagonal board with pipes drawn with a wall whose width at half the lines' "
    "colour (the lines' colour's share of each pixel across it, the ground on each side "
    "apart, HALF 0.5 or more) lies less than HALF_WAY of the way from the thin lines' "
    "typical half-level width to the outline's along its direction, where those thin lines "
    "reach half the lines' colour (SOLID), or whose span at that level lies off its side "
    "by more than SNAP px and CENTRED of that way",
    why="The game draws a wall as the outline, solid in the lines' colour: where a thin line "
    "reaches half that colour, a wall does across the outline's width. A faint spread beside "
    "a thin line sums to ink in every other measure: JPEG's halved colours ring across a "
    "narrow face between a line and a band or dot a few pixels past it, a tail of the "
    "lines' colour falling off over 2-3 px. And a wall lies centred on its side, as the "
    "outline does: a glow band lighting a face already near the lines' colour up to a thin "
    "line lifts it past half that colour on that side alone, and every measure, the "
    "half-level width too, reads the line as wide as a wall.",
    bounds="HALF_WAY 0.5 (log scale, along the side's direction); SOLID 0.6 px as "
    "`_hex_coverage` takes it. The game's hexagonal levels through JPEG, phone, mirror and "
    "tiny cells solved, seeds 100000-100039: 280 walls read right, 0.66 and up (mostly "
    "0.8-1.1). JPEG official level 100025 solved: a thin line between a green band and a "
    "yellow dot 4.5 px past it, the shares 1.46 px against thin 1.03 and outline 1.85 (a "
    "wall, four thin lines measured along that direction), each side's clearest channel "
    "and the colour channel wide too; at half level 1.25 against 0.91 and 1.90, 0.43 of "
    "the way: read with a wall, WRONG, before. SNAP 0.5 px, CENTRED 0.25: walls read right "
    "with pipes drawn on 1,200 synthetic hexagonal boards (every category started and "
    "solved, five sets of seeds) 0.06 at most; huge cells 10400003 started and solved: a "
    "thin line's half-level span from 1.4 px on one side to 10.2 on the other (11.6 px "
    "against the outline's 11.1), its middle 4.4 px off, 0.47: read with a wall, WRONG, "
    "before.",
    reason="cannot tell whether a line between two hexagons is a wall or not (it does not "
    "reach half the lines' colour as a wall does: as widely, centred on its side)",
    check=_check_half_reach,
)
