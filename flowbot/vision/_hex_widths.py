"""A hexagonal board's side widths in two groups: its thin lines, and its outline with the walls.

The game draws the lines between two hexagons thin, the outline (and a wall)
wider. How much wider a side measures depends on how it is drawn and what
was done to the screen since: the game's slanted lines carry a little more
ink than its flat ones (a real screen: 2.3 px against 1.95), a mirror's
scaling and JPEG spread a line over more pixels, the outline's ratio to the
lines runs from about 1.5 (a zoomed page's thick lines) to 3 (the game). So
no fixed ratio tells a wall from a line; the board's own sides do. Along each of the three
directions apart, the sides between two hexagons (mostly thin) and the
outline's sides (all wide) give two typical widths; between them the widths
must leave one clear gap, a good share of the way from one to the other,
and a side is thin below its middle, outline or wall above it. Widths
spread over the whole way (blur, JPEG, glow) leave no such gap: refused.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._rule import Rule

if TYPE_CHECKING:
    from flowbot.vision._hex_board import HexSides

#: The outline's typical width must be this many times the thin lines' at least
#: (the game about 3; renders 1.44-2.9; a board with no wider outline would hide
#: its walls).
OUTLINE_WIDTH = 1.15
#: The gap between the two groups must span this share of the way from the thin
#: lines' typical width to the outline's (on a log scale), and be DOMINANT times
#: the next widest gap there above a side between two hexagons (such a side alone
#: between two like gaps is a guess; an outline side there is judged by its rule).
#: Measured before the widths' own channel and the hump's level end (session 21):
#: renders' boards read right at 0.30 and more, the next gap at most half as wide;
#: groups put a side in the wrong group only at 0.26 and less (JPEG, a mirror's
#: blur, thick zoomed lines), the next gap as wide there. Since (session 22, 75
#: boards of every kind, seeds 350000+): every board's walls right, gaps 0.37
#: (tiny cells) and 0.65-0.98, next gaps 0.09 at most; under 0.30 only thick
#: zoomed lines a dot touches (0.17, refused).
#: Session 23, thin lines as the game draws them (pipes drawn too, 300 boards):
#: a solved zoomed board read a wall at 0.302 (a tint step beside a line), every
#: exact reading at 0.343 and up.
CLEAR_GAP = 0.32
DOMINANT = 1.5
#: A wall is drawn as the outline: measured no farther past the outline's typical
#: width than this, on the way from the thin lines' (0) to it (1), log scale.
#: Walls read right on dev seeds (hexagonal boards of every category, with and
#: without pipes, 300000-300003 and 100000-100007): 1.09 at the most; a thin line
#: a dot's blurred rim ran into (no valley between them in 18 px hexagons) 1.39,
#: one a band of glow ended along 1.19. A measure sees a line at all no farther
#: short of the thin lines' typical width (``WidthGroups.sees``).
WALL_PAST = 1.25


@dataclass(frozen=True, slots=True)
class WidthGroups:
    """One direction's side widths in two groups: the thin lines' typical width, the
    outline's, and the middle of the gap between them (``boundary``), with the gap's
    share of the way from one to the other (``gap``, on a log scale)."""

    thin: float
    wide: float
    boundary: float
    gap: float
    next_gap: float

    @property
    def clear(self) -> bool:
        """Whether the gap between the groups is clear: wide, and wider than any other."""
        return self.gap >= CLEAR_GAP and self.gap >= DOMINANT * self.next_gap

    def is_wide(self, width: float) -> bool:
        """Whether a side ``width`` wide is in the outline's group (an inner one: a wall)."""
        return width >= self.boundary

    def way(self, width: float) -> float:
        """How far a side ``width`` wide lies on the way from the thin lines' typical width
        (0) to the outline's (1), on a log scale."""
        return math.log(max(width, 1e-6) / self.thin) / math.log(self.wide / self.thin)

    def sees(self, widths: float | np.ndarray) -> np.ndarray:
        """Whether the measure sees a line of each of ``widths`` at all: measured no farther
        than ``WALL_PAST`` of the way short of the thin lines' typical width (log scale). A
        line it does not see says nothing of its side (a glow shaft over a side hid it from
        each side's clearest channel, 0 px: synthetic hex rectangular 6000001 solved)."""
        ways = np.log(np.maximum(widths, 1e-6) / self.thin) / math.log(self.wide / self.thin)
        return ways >= -WALL_PAST

    def cut(self, shown: float) -> WidthGroups:
        """The groups as a line cut by the image's edge to ``shown`` of its width shows."""
        return WidthGroups(
            self.thin * shown,
            self.wide * shown,
            self.boundary * shown,
            self.gap,
            self.next_gap,
        )


def width_groups(inner: Sequence[float], outline: Sequence[float]) -> WidthGroups | None:
    """The two groups of one direction's widths (``inner``: between two hexagons;
    ``outline``: its whole sides), or ``None`` when the outline is not wider."""
    if not len(inner) or not len(outline):
        return None
    lines = np.log(np.maximum(np.asarray(inner, np.float64), 1e-6))
    edges = np.log(np.maximum(np.asarray(outline, np.float64), 1e-6))
    thin, wide = float(np.median(lines)), float(np.median(edges))
    if wide - thin < math.log(OUTLINE_WIDTH):
        return None
    values = np.concatenate([lines, edges, [thin, wide]])
    inside = np.concatenate([np.ones(len(lines) + 1, bool), np.zeros(len(edges) + 1, bool)])
    order = np.argsort(values, kind="stable")
    values, inside = values[order], inside[order]
    keep = (values >= thin) & (values <= wide)
    between, lower_inner = values[keep], inside[keep][:-1]
    gaps = np.diff(between)
    widest = int(np.argmax(gaps))
    boundary = float(between[widest] + between[widest + 1]) / 2
    # Another gap as wide matters above a side between two hexagons (it alone would
    # stand between two like gaps); above an outline side, it does not.
    others = np.delete(gaps, widest)[np.delete(lower_inner, widest)]
    second = float(others.max()) if others.size else 0.0
    return WidthGroups(
        math.exp(thin),
        math.exp(wide),
        math.exp(boundary),
        float(gaps[widest]) / (wide - thin),
        second / (wide - thin),
    )


#: The refusals: no wider outline to tell walls by, or widths in no clear groups.
OUTLINE_AS_THIN = (
    "the board's outline looks like the lines between its hexagons (walls would not show)"
)
NO_CLEAR_GROUPS = "cannot tell whether a line between two hexagons is a wall or not"


def _check_two_groups(sides: HexSides) -> None:
    groups = sides.groups
    if groups is None:
        raise UnsureReadingError(OUTLINE_AS_THIN)
    if not sides.clear_groups:
        raise UnsureReadingError(NO_CLEAR_GROUPS)


TWO_GROUPS: Rule[HexSides] = Rule(
    name="hex widths in two groups",
    refuses="a hexagonal board whose outline is no wider than its thin lines, or whose side "
    "widths along some direction do not fall into two groups apart (thin lines; the outline "
    "and walls)",
    why="A wall is told from a thin line only by its width, and how wide a line of either "
    "kind measures depends on how it is drawn: a line a pixel wide drawn smoothed along a "
    "slant shows nearly the outline's ink in small hexagons. The board's own sides give the "
    "two widths along each direction; a side between them, neither clearly one nor the "
    "other, would be a guess. Glow as light as the lines in the luma, from which they stand "
    "out by their hue alone, hides a line's width in every channel under JPEG: it keeps the "
    "colours at half resolution and runs the glow's into the line, whose peak there falls "
    "to 0.35-0.85 of its contrast over that ground (the outline's elsewhere: 1.0). The "
    "outline's sides under such glow then measure as thin as the lines, and a wall there "
    "would too. With no pipes drawn, the lines' colour's shares (each pixel's step from its "
    "own side's ground towards the lines' colour, as beside pipes: a glow's ground is no ink) "
    "then lead where they fall in clear groups along every direction and the lead's do not, "
    "judged as beside pipes (`_hex_unpiped_shares`; synthetic hex JPEG 5500003 unsolved: an "
    "orange glow over green lines, the outline 1.14-2.07 px along the lines' hue against "
    "thin lines 0.59-1.13 and the outline's 2.46-3.13 elsewhere, no clear gap; in the shares "
    "gaps 0.52-0.78, read exactly); else the board is refused (5500005, a yellow glow by "
    "two holes, 0.91 px against thin lines 1.14, in the shares 0.48-0.96 against "
    "1.04-1.10).",
    bounds="Widths: a line's ink over the lines' contrast, in the channel (red, green, blue, "
    "luma) where the weakest sides stand out most over the ground's spread, summed over "
    "its own hump across the side (down to the valleys either side, below VALLEY 0.5 of "
    "its peak, past which anything rises again by HUMP_RISE 0.05 of it: a dot's rim a "
    "pixel or two off a line in small hexagons, not a wide line's plateau rippled by JPEG; "
    "or where it falls no further by that over FLAT_AHEAD 2 half-pixels: JPEG's ringing), "
    "the peak looked for PEAK_NEAR 1.5 px either side (the brightest there, but a slope "
    "rising on past the look beyond a valley from a hump's top within it, that top at least "
    "half as bright: another hump's, a white dot's cap two pixels off a small hexagon's "
    "side, 71 against its line's 37, read as a wall before, synthetic hex mirror 8120003 "
    "unsolved); along each of the three directions "
    "apart. OUTLINE_WIDTH 1.15: the outline's median over the thin lines' (the game about "
    "3, renders 1.44-2.9); CLEAR_GAP 0.32: the widest gap between the two medians spans "
    "this share of the way (log scale) between them, DOMINANT 1.5 times the next widest "
    "there above a side between two hexagons (a lone outline side between two like gaps is "
    "judged by `hex outline all round`): renders read right 0.30 and up, groups split "
    "wrongly only at 0.26 and less (JPEG, a mirror's blur, zoomed thick lines; session "
    "21); widths measured in their own channel with the hump ending where the ground "
    "levels off, every board's walls right at 0.37 and 0.65-0.98 (75 boards), under 0.30 "
    "only thick zoomed lines a dot touches; with thin lines as the game draws them and "
    "pipes drawn (session 23, 300 boards), a solved zoomed board's tint step beside a line "
    "read as a wall at 0.302, every exact reading 0.343 and up. "
    "Without pipes, where the widths fall in no clear groups, each side "
    "whose ground stands LIFTED 0.25 of the lines' contrast above the board's (a big dot "
    "touching a thick line, its rim as bright as the line in the dot's own channel, lifts "
    "the top-hat's ground to the line's edge) is measured in the colour channel where its "
    "ground stays lowest, below CLEAR 0.1 there, if the groups are clear then "
    "(`_hex_lifted`; synthetic hex zoomed 5800000 unsolved: outline sides beside blue dots "
    "1.66-2.43 px in blue against thin lines 1.71 and the outline 3.29, 2.9 and up in red; "
    "refused before).",
    reason=f"{OUTLINE_AS_THIN} / {NO_CLEAR_GROUPS}",
    check=_check_two_groups,
)
