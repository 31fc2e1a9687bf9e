"""A line on a shoulder is judged by its width at half the lines' colour.

A light band ending along a side (a glow shaft's soft edge or rounded end, a
light flow's smoothed tint reaching past its side) lifts the ground on one side
of the line right up to it: every measure that sums the line's hump takes the
band's slope in with it, and a thin line reads as wide as a wall
(``_hex_board.WALLS_AS_THE_OUTLINE`` refuses a wall standing on such a
shoulder). The width at half the lines' colour (``HalfCoveredInks``) is
blind to the slope: a band fainter than the line never reaches half of it.
A wall is drawn as the outline is, in the lines' own colour, as wide: its
middle reaches half of that colour as the outline's does. So where the
outline's typical half-level width is solid (``SOLID``), a side on a shoulder
the lead reads wide but whose half-level width lies with the thin lines'
(``THIN_PAST``) is a thin line: the lead's width there is taken as its thin
lines' typical width, and every rule after judges the board so. And a side on
a shoulder whose half-level width measures as the outline's (wide in that
width's clear groups, no farther past it than ``WALL_PAST``) is a wall the
shoulder puts in no doubt (``HexSides.unshouldered``): the wall rule does not
refuse it for its shoulder. With pipes drawn or not alike: a board without
them has its sides measured in their clearest channels for this
(``FacedInks``), as one with them is.

Synthetic hex colour_blind 5700000 started and solved (a khaki tint under a
glow shaft beside a green one): thin lines 1.58-1.73 px in the lightness's
share against the boundary 1.24-1.36, on a shoulder, their half-level width
0.00 (the outline's 2.1-2.2): refused before, read exact. Synthetic hex twins
6640004 started (a hole's ground lit by glow along its top wall): the wall
4.70 px on the shoulder, 4.87 at half the colour against the outline's
4.85-4.90: refused before, read exact. Synthetic hex colour_blind 7700005
unsolved and started (no pipes, then a few: a green glow shaft's rounded end
over a thin line): 7.70 px in the lead against the outline's 5.58-5.88, 1.56 at
half the colour against the thin lines' typical 1.48: refused before, read
exact.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import HexSides, Inks, Node, side_direction
from flowbot.vision._hex_coverage import SOLID, HalfCoveredInks
from flowbot.vision._hex_faces import board_faced
from flowbot.vision._hex_heard import faced_of
from flowbot.vision._hex_widths import WALL_PAST


class ThinnedInks(Inks):
    """``inks`` but along the sides ``thinned`` (by their corners), each read at the width
    given (``_hex_board.Inks``)."""

    def __init__(self, inks: Inks, thinned: dict[tuple[float, ...], float]) -> None:
        self.inks = inks
        self.thinned = thinned

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        widths = np.array(self.inks.widths(sides, across), np.float64)
        for i, corners in enumerate(sides):
            width = self.thinned.get(_key(corners))
            if width is not None:
                widths[i] = min(widths[i], width)
        return widths


#: A side on a shoulder is a thin line where its half-level width lies no farther past the
#: thin lines' typical one than this, on the way from it (0) to the outline's (1), log
#: scale, the thin lines solid there (``SOLID``): half the thin lines measure past their
#: typical width. Dev seeds (hex, every category and state, 6640000-6640003): thin lines
#: off any shoulder 0.19-0.22 of the way at the 99th percentile, walls 0.90 at the least.
THIN_PAST = 0.25


def _key(corners: np.ndarray) -> tuple[float, ...]:
    """A side's corners as a key (rounded: the same side's corners computed again)."""
    return tuple(round(float(v), 3) for v in np.asarray(corners).ravel())


def off_the_shoulder(sides: HexSides, image: np.ndarray) -> HexSides:
    """``sides`` with each side on a shoulder their lead reads wide judged by its width at
    half the lines' colour: where its line reaches half that colour no farther past the
    thin lines' typical half-level width than ``THIN_PAST``, read at the thin lines'
    typical width (``ThinnedInks``); where it measures as the outline in that width's
    clear groups (wide, and no farther past the outline's typical width than
    ``WALL_PAST``), a wall the shoulder puts in no doubt (``HexSides.unshouldered``).
    Without pipes the half-level width is measured as beside pipes, each side in its
    clearest channel of ``image`` (``FacedInks``). ``sides`` as they are where no side on
    a shoulder reads wide, or where the outline's half-level width is not solid along
    every direction (``SOLID``)."""
    groups = sides.groups
    if groups is None:
        return sides
    inner, _ = sides.widths
    seen, _ = sides.measured
    doubted = [
        (node, other)
        for (node, other), side in seen.items()
        if side.shouldered
        and (key := frozenset((node, other))) in inner
        and groups[side_direction(key)].is_wide(inner[key])
    ]
    if not doubted:
        return sides  # (its measures kept: the rules after ask them again)
    # (the board's own clearest channels where its lead was measured so, else measured now on
    # its hexagons: without pipes, a side the image's edge cuts over the ground found by the
    # edge, as the lead measured it)
    faced = faced_of(sides) or board_faced(image, sides)
    half = replace(sides, inks=HalfCoveredInks(faced), inks_faced=None)
    half_groups = half.direction_groups
    if any(group is None or group.wide < SOLID for group in half_groups):
        return sides
    half_inner, _ = half.widths
    ends, _ = sides.ends
    thinned: dict[tuple[float, ...], float] = {}
    walls: set[frozenset[Node]] = set()
    for node, other in doubted:
        key = frozenset((node, other))
        direction = side_direction(key)
        group, at_half = groups[direction], half_groups[direction]
        assert at_half is not None
        width = half_inner[key]
        if width <= at_half.thin or (at_half.thin >= SOLID and at_half.way(width) <= THIN_PAST):
            thinned[_key(np.array(ends[node, other], np.float64))] = group.thin
        elif at_half.clear and at_half.is_wide(width) and at_half.way(width) <= WALL_PAST:
            walls.add(key)
    if not thinned and not walls:
        return sides
    inks = ThinnedInks(sides.inks or sides.lines, thinned) if thinned else sides.inks
    return replace(sides, inks=inks, unshouldered=frozenset(walls))
