"""With pipes drawn and no measure in clear groups, each side's width as the middle of what three
measures say of it, each on its own scale.

Beside pipes no one measure of a side's width is clean, and each errs for its
own reason, on its own sides: each side's clearest channel where a tint
beside the line is nearly as bright as it (``_hex_faces``), the lines'
colour's shares where JPEG's halved colours run a tint into the line
(``_hex_coverage.CoveredInks``), the width at half the lines' colour where a
blurred line's edge falls on either side of half (``HalfCoveredInks``). In
small hexagons under JPEG each of them puts a few thin lines high up the way
to the outline's width, enough to leave no clear gap along some direction
(synthetic hex tiny cells 300031 started: each side's clearest channel's gaps
0.53/0.22/0.28, the shares' 0.47/0.53/0.31, the half-level's 0.47/0.44/0.31),
but mostly not the same lines: on 300004 started, 13 thin lines 0.4 of the way
or more in each side's clearest channel, 5 in the shares, 7 at half level; of
the channel's 13, 3 high in the shares, 2 at half level.

A wall is drawn as the outline is, along its whole length, in the lines' own
colour: every measure sees it wide. So each side is placed by each measure on
its way from that measure's typical thin line (0) to its typical outline (1),
along its own direction (log scale, as ``_hex_widths.WidthGroups.way``), and
taken where the middle of the three places it: a thin line one measure alone
widens stays thin, a wall stays wide. The sides so placed are judged as any
widths are (``_hex_widths``: two clear groups along every direction), then by
every rule after; a measure clear along a direction must read the walls there that
the middle voice reads (where one can tell, it is not outvoted), and so must
every rule after (the walls alike in a second channel, ``_hex_walls_alike``; each
side's clearest channel's walls where its groups are clear, ``COVERED_ALIKE``).
A measure whose groups along some direction say nothing (an outline no wider
than its lines; thin lines not reaching half the lines' colour, ``SOLID``)
leaves the board as it was: two voices have no middle.

With four voices (the lightness's share a fourth) the middle is the mean of two, and two
voices that widen the same thin line beside a pipe leave it halfway (synthetic hex JPEG
4700001 started: a white pipe alongside a thin line, each measure's own few thin lines
beside the flows, the mean of the middle two 0.29 along the falling sides). Where that mean
falls in no clear groups, the lower of the two middle voices is taken: a wall is wide in
three measures at least, a thin line widened by two stays thin (``THIN_VOICES``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from flowbot.vision._hex_board import HexSides, Inks, Node
from flowbot.vision._hex_coverage import SOLID, CoveredInks, HalfCoveredInks
from flowbot.vision._hex_directions import corner_direction, walls_along
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_lightness import sees_every_line

#: Where every voice before is unclear, four voices (each side's clearest channel, the
#: lines' colour's shares, the lightness's share and the width at half the lines' colour)
#: take the lower middle one: a wall is wide in three at least. A side it places within
#: THIN_VOICES of the way from the thin lines to the outline (two measures see a thin line
#: there) may be read thin against a clear measure that widens it.
THIN_VOICES = 0.25


class ConsensusInks(Inks):
    """Each side's place on the way from the thin lines' typical width to the outline's, the
    middle of what ``measures`` say, as a width: ``e ** way`` (the thin lines about 1, the
    outline about ``e``; ``_hex_board.Inks``)."""

    def __init__(
        self,
        measures: Sequence[Inks],
        scales: Sequence[Sequence[tuple[float, float]]],
        *,
        lower: bool = False,
    ):
        """``scales``: per measure, per direction (0 flat, 1 rising, 2 falling), the log of
        its thin lines' typical width and of its outline's. ``lower``: the lower of the two
        middle voices (of four) in place of their mean (``consensus_lead``)."""
        self.measures = tuple(measures)
        self.scales = np.array(scales, np.float64)  # (measure, direction, thin/wide)
        self.lower = lower

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, on the scale above."""
        if not len(sides):
            return np.zeros(0)
        which = corner_direction(sides)
        ways = [
            (np.log(np.maximum(inks.widths(sides, across), 1e-6)) - scale[which, 0])
            / (scale[which, 1] - scale[which, 0])
            for inks, scale in zip(self.measures, self.scales, strict=True)
        ]
        voices = np.sort(np.array(ways), axis=0)
        if self.lower:
            return np.asarray(np.exp(voices[(len(voices) - 1) // 2]))
        return np.asarray(np.exp(np.median(voices, axis=0)))


def consensus_lead(sides: HexSides, *, lightness: bool = False) -> HexSides:
    """``sides`` (measured by each side's clearest channel, ``FacedInks``, after
    ``_hex_coverage.covered_lead`` and ``_hex_spill.spilled_lead`` found no measure in clear
    groups) measured by ``ConsensusInks`` over that channel, the lines' colour's shares and
    the width at half of it, where those fall in clear groups along every direction (each
    side's clearest channel kept to check the walls by, ``inks_faced``); else as they are.

    With ``lightness`` (every other measure found no clear groups), the lines' lightness's
    share (``_hex_lightness``) is a voice too, where it sees every side between two
    hexagons, and the width at half the lines' colour only where its thin lines reach it
    (``SOLID``): the shares and the half-level width are both the colour's, and in small
    JPEG hexagons they widen the same thin lines (two of three voices alike); the lightness,
    which JPEG keeps whole, does not."""
    if not isinstance(sides.inks, FacedInks) or sides.groups is None or sides.clear_groups:
        return sides
    faced = sides.inks
    half = HalfCoveredInks(faced)
    measures: list[Inks] = [faced, CoveredInks(faced)]
    if lightness:
        light = sees_every_line(sides)
        if light is None:
            return sides
        measures.append(light)
        if _solid_everywhere(replace(sides, inks=half)):
            measures.append(half)
    else:
        measures.append(half)
    scales = []
    for inks in measures:
        groups = replace(sides, inks=inks).direction_groups
        least = SOLID if inks is half else 0.0
        if any(group is None or group.thin < least for group in groups):
            return sides
        scales.append([(math.log(g.thin), math.log(g.wide)) for g in groups if g is not None])
    lead = replace(sides, inks=ConsensusInks(measures, scales), inks_faced=faced)
    if lead.clear_groups and _heard_alike(lead, measures):
        return lead
    if len(measures) == 4:
        # Four voices: a wall is wide in three at least (THIN_VOICES).
        lower = replace(lead, inks=ConsensusInks(measures, scales, lower=True))
        if lower.clear_groups and _heard_alike(lower, measures, outvoted=_thin_in_two(lower)):
            return lower
    return sides


def _solid_everywhere(half: HexSides) -> bool:
    """Whether the thin lines reach half the lines' colour (``SOLID``) along every direction."""
    return all(group is not None and group.thin >= SOLID for group in half.direction_groups)


def _thin_in_two(lower: HexSides) -> set[frozenset[Node]]:
    """The sides the lower middle voice (``lower``) places within ``THIN_VOICES`` of the way
    from the thin lines to the outline: two of four measures see a thin line there."""
    inner, _ = lower.widths
    return {side for side, width in inner.items() if math.log(width) <= THIN_VOICES}


def _heard_alike(
    lead: HexSides, measures: Sequence[Inks], outvoted: set[frozenset[Node]] | None = None
) -> bool:
    """Whether each of ``measures`` clear along a direction reads there the walls ``lead``
    reads (a measure that can tell a side must not be outvoted on it), but on the sides
    ``outvoted`` (two measures see a thin line there, ``_thin_in_two``)."""
    spared = outvoted or set()
    groups = lead.groups
    assert groups is not None
    for inks in measures:
        each = replace(lead, inks=inks)
        for direction, group in enumerate(each.direction_groups):
            if group is None or not group.clear:
                continue
            heard = walls_along(lead, groups[direction], direction)
            if (walls_along(each, group, direction) - spared) != heard - spared:
                return False
    return True
