"""An outline side whose own hexagon's face is nearly the lines' colour (a flow's tint, or
without pipes a dot), measured by how far out its line reaches.

The game lays a tint of each flow's colour over the hexagons it covers; a
white flow's grey tint, lit further by glow or a bright screen, comes out
nearly as light as the lines themselves. Beside it a line stands out on its
other side alone: every measure of its width (the top-hat's ink, the lines'
colour's shares over each face) loses its inner half in the tint, and an
outline side there measured as thin as a line ("the hexagons go on past the
board's outline"; synthetic hex drift 5100001 solved: a grey tint under glow
at (143, 144, 120) beside an outline of (141, 139, 127), 1.8-2.0 px against
thin lines of 2.4 and the outline's 4.9; tiny cells 4900000 solved: a grey
tint 96-102 beside lines of 108, 1.4 px against 1.0 and 2.0).

The outline is drawn centred on the hexagon's side, and its outer edge
stands clear of the ground outside: its reach out from the side (as far as
the lines' colour covers half a pixel unbroken), twice over, is its width
(within 0.3 px of the width measured on every outline side of an exact drift
board). The reach takes in however far the lattice lies off the lines, so
it must pass half way on from the widths' gap to the outline's width
(``_hex_outline``). Such a side is judged so where its tint lies within
``TINTED`` of the lines' colour (as a share of the outside's distance from
it); a thin line facing out past a cut or covered board reaches out half as
far.

Without pipes no tint lies over a hexagon, but a dot as wide as nearly all of
it may touch its side, and lifts the ground the top-hat finds beside the line
as a tint does (synthetic hex zoomed 11400008 unsolved: a flat outline side
over a cyan dot 1.96 px against thin lines of 1.63 and a boundary of 2.25,
its face lifted to 0.62 of the way from the lines' colour to the outside;
its reach 3.15, the outline's 3.25). Without tints, a face so lifted is a dot
or glow within the hexagon itself, never a strip of the next one's tint: such
a side is judged by its reach where its face lies within ``LIFTED`` of the
lines' colour.
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._hex_board import HexSides, OutlineSide
from flowbot.vision._hex_coverage import CutInks
from flowbot.vision._hex_faces import FacedInks, own_face

#: The hexagon's own face lies this near the lines' colour (a share of the outside's
#: distance from it) for its side to be judged by its reach: a white flow's grey tint
#: 0.15-0.25 (synthetic hex drift 5100001, tiny cells 4900000 solved), 0.35 where a darker
#: grey one (56, 56, 56) lies beside green lines (66, 107, 65) round a hole (tiny cells
#: 6400000 solved: 0.94-1.05 px against boundaries of 1.04-1.17, its reach 1.55-1.61); a
#: flow's coloured tint, or the plain ground, far off. Not more: beside a face farther off,
#: a thin line with a strip of the next hexagon's light tint left past it before a panel laid over
#: the board reached out as the outline (synthetic hex drift 5100001 solved covered below
#: a row of flat sides, 4 px past one: 5.9 px against the outline's 5.6), and a white
#: dot's tint at 0.44 (tiny cells 4600004 started) is left refused.
TINTED = 0.4
#: Without pipes, the face lies this near the lines' colour for its side to be judged by its
#: reach: lifted off the outside's ground a quarter of the way to them, by a dot's colour
#: or its glow (a cyan dot touching a flat side: 0.62, synthetic hex zoomed 11400008
#: unsolved). An empty hexagon's face is the outside's ground (1.0).
LIFTED = 0.75
#: The line's outer edge: where the colour is this share of the way from the outside's to
#: the lines'.
EDGE = 0.5


def reach_width(sides: HexSides, edge: OutlineSide) -> float | None:
    """Twice how far out from ``edge`` its line reaches, where its hexagon's face is nearly
    the lines' colour (``TINTED`` with pipes drawn, ``LIFTED`` without); ``None``
    elsewhere, or where no measure looks at each side's faces (``_faced``)."""
    looked = _faced(sides)
    if looked is None:
        return None
    faced, near = looked
    ends, reach = sides.ends
    keys = list(ends)
    other = next((n for n in keys if n[0] == edge.node and ends[n][0] == edge.a), None)
    if other is None:
        return None
    # (the lines' colour over every side, as the widths take it)
    every = np.array(list(ends.values()), np.float64) - faced.origin
    levels, either = faced.looks(every, reach)
    colour = np.array(levels[:3])
    i = keys.index(other)
    inward = own_face(every[i], np.array(sides.lattice.centre(*edge.node)) - faced.origin)
    own, outside = either[i, inward, :3], either[i, 1 - inward, :3]
    span = colour - outside
    if np.linalg.norm(colour - own) > near * np.linalg.norm(span):
        return None
    profile, offsets = faced.colours(every[i : i + 1], reach)
    share = ((profile[0] - outside) * span).sum(axis=1) / max(float((span * span).sum()), 1.0)
    # Out from the side, as far as the line's colour covers half a pixel unbroken (a dot's
    # rim past a gap beyond the line is no line).
    out = offsets if inward == 0 else -offsets
    order = np.argsort(out)
    along, seen = out[order], share[order]
    start = int(np.searchsorted(along, 0.0))
    beyond = np.flatnonzero(seen[start:] < EDGE)
    if not beyond.size or beyond[0] == 0:
        return 0.0
    k = start + int(beyond[0])
    # (the level crossed between the steps k - 1 and k)
    at = along[k - 1] + (along[k] - along[k - 1]) * (seen[k - 1] - EDGE) / (seen[k - 1] - seen[k])
    return 2 * max(float(at), 0.0)


def _faced(sides: HexSides) -> tuple[FacedInks, float] | None:
    """The measure looking at each side's faces in every channel, and how near the lines'
    colour a face lies for its side to be judged by its reach: with pipes drawn, the one
    under the cut measure (``TINTED``); without, the widths' own where each side is measured
    in its clearest channel (``_hex_faced_outline``; ``LIFTED``)."""
    if isinstance(sides.inks_cut, CutInks):
        return sides.inks_cut.shares.faced, TINTED
    if not sides.crossed and isinstance(sides.inks, FacedInks):
        return sides.inks, LIFTED
    return None
