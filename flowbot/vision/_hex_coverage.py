"""With pipes drawn, each side's width as how much of each pixel across it the line's colour covers.

The game draws a hexagon's sides over the tints it lays under flows, the
outline and walls in the lines' own colour, only wider. Beside a tint the
ground steps under the line, and in any one channel where the tint is
nearly as bright as the line the line's ink there (over one ground taken for
both sides, ``_hex_board.side_width``) grows or shrinks by the step: two
flows' tints side by side widened thin lines in every channel towards a
wall's width (synthetic hex tiny cells: 1.5-1.65 px lines between 1.12 and
1.89, zoomed, web), and no one channel told them apart. A pixel across the
line is the line's colour over the share it covers and the ground on its own
side of the line over the rest; so, with the ground on each side of the line
taken apart (its faces, ``_hex_faces.faces``), each pixel's share is its
step from that side's ground towards the line's colour, in all three
channels at once (the least-squares share: the channels where the line
stands far from that ground weigh most, a tint of nearly the line's colour in
one channel leaves the others). The line's width is those shares summed over
its hump (``_hump_ink``: a dot's rim past the line is no line). Measured so,
a tint's step is no ink: it lies wholly on one side of the line, at that
side's ground.

A line the image's edge cuts is measured apart (``CutInks``): past the edge the
faces and the shares are nothing's, and the part of a line shown is told in
pixels, which a share is not.

JPEG keeps the colours at half resolution: a tint's colour runs a few pixels
into the line and its faces there, and the shares come out uneven (hex jpeg
300004 started: a grey-blue line beside an orange tint 1.5-1.8 px between
0.88 and 2.3). So the coverage leads only where its widths fall into clear
groups along every direction (``shares_led``), and none of their walls may be
read thin by another measure (``_hex_heard.voices``: each side's clearest channel,
``_hex_faces.FacedInks``, and the rest) where it is clear along the wall's
direction (``_hex_heard.VETO``: every measure errs wide).
Where they do not, the width at half the lines' colour (``HalfCoveredInks``)
leads where it does (``half_led``): a tint's smoothed edge under a thin line sums
to ink in every measure, but stays fainter than half the line. Elsewhere every
clear measure is heard (``_hex_heard``), among them the shares summed between the
feet of the line's own edges (``EdgedInks``), blind to glow rising slowly to a line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from flowbot.models import Point
from flowbot.vision._hex_board import (
    PEAK_NEAR,
    HexSides,
    Inks,
    _hump_ink,
    hump_span,
    ink_between,
)
from flowbot.vision._hex_faces import FacedInks, ground_across

#: Shares are scaled by this for the hump's search (its rises are shares of its peak).
_SCALE = 100.0
#: The half-level width (``HalfCoveredInks``): where a pixel is half the lines' colour.
HALF = 0.5
#: ... taken only where the thin lines' typical half-level width is this many px at least:
#: a line a pixel wide drawn solid shows 0.8-1.0 (synthetic hex tiny cells, 1 px lines);
#: a JPEG shot's blurred thin lines reached half their colour nowhere, typically (0-0.1,
#: hex jpeg 300004 solved: every line with any half-level width then in the walls' group).
SOLID = 0.6
#: A step's share past the lines' colour by more than this (the colour's own distance from
#: the ground) is no line's, at half level: a line's pixels lie on the way from its ground
#: to its colour, a darker or lighter stroke of it only a little past (true outline sides
#: beside a flow's tint close to the lines' colour 1.5-1.8); a white dot's cap two pixels
#: past a thin line 4.7-5.4, which took the line's peak and ran its half-level span into
#: the dot (synthetic hex tiny cells 10900005 started: 2.4 px against the outline's 1.9,
#: a wall, read WRONG).
PAST_COLOUR = 1.0
#: A line's flank that runs on past half its peak by more than this many pixels farther than
#: its other flank has something beside it (``EdgedInks``): a line drawn on whole pixels
#: and sampled between them runs on a pixel farther on one side at most.
LOPSIDED = 1.0
#: ... and there the line's own edge ends, out from its peak, after the last step whose
#: shares fall by this share of the flank's steepest fall or more.
EDGE_FOOT = 0.5
#: A step across a cut side is the lines' colour where it lies off the mix of it and the
#: ground by this share of their distance at most (``_line_coloured``).
OFF_LINE = 0.35


class CoveredInks(Inks):
    """The sides' widths as the shares of the pixels across each that the lines' colour
    covers, over the ground on each side of it apart (``_hex_board.Inks``)."""

    def __init__(self, faced: FacedInks) -> None:
        """Over the image as ``faced`` looks at it: its colour channels (each's top-hat
        gives the lines' own level in it, their colour)."""
        self.faced = faced
        self.origin = faced.origin

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        shares, offsets = self._shares_across(sides, across)
        return np.array([self._width(share, offsets) for share in shares])

    def _shares_across(self, sides: np.ndarray, across: float) -> tuple[np.ndarray, np.ndarray]:
        """Each side's shares of the lines' colour across it ``(n, steps)``, in half-pixel
        steps ``across`` pixels either side of it, and the steps."""
        if not len(sides):
            return np.zeros((0, 0)), np.zeros(0)
        sides = sides - self.origin
        levels, either = self.faced.looks(sides, across)
        # The lines' colour; each side's ground either side of it, its first side first.
        colour, grounds = np.array(levels[:3]), either[..., :3]
        profiles, offsets = self.faced.colours(sides, across)
        shares = [
            _shares(profile, offsets, ground, colour)
            for profile, ground in zip(profiles, grounds, strict=True)
        ]
        return np.array(shares), offsets

    def _width(self, share: np.ndarray, offsets: np.ndarray) -> float:
        """The line's width from its shares across it: summed over its hump, no share below
        nothing.

        A pixel farther from the lines' colour than its face's ground holds no line: a
        pipe's band or a dot of a colour away from it rising past the face. Taken as
        less, that slope sank the hump's straight base under the line (``_hump_ink``),
        summed as ink: thin lines 1 px wide beside another flow's band measured 1.5-1.8
        px, a wall's width (synthetic hex tiny cells 300017 solved, 18 px hexagons, a
        blue band 2 px past a line's face: 1.82 px, its own hump 1.13), in no clear
        groups; so did the ground right beside a blurred line lying darker than its face
        sampled ``GROUND_OFF`` out (a tint's or glow's slope: colour_blind 300011 solved,
        33 px hexagons, thin lines 1.0-1.4 px against the outline's 1.75)."""
        return _hump_ink(np.maximum(share, 0.0) * _SCALE, offsets) / _SCALE


class HalfCoveredInks(CoveredInks):
    """The sides' widths as how far across each the lines' colour covers half of every
    pixel or more (``CoveredInks``' shares): the width at half the lines' contrast.

    A line drawn solid reaches the lines' colour across its width, and its half-level
    width is its width, what lies beside it fainter than half of it counting only where
    sampling between pixels mixes it with the line's edge; its ink (summed shares) takes
    that in whole. At a flow's tint edge under a thin line (the tints of two hexagons
    each laid a little past their side, smoothed) the shares beside the line rose a
    third of the way and summed a line a pixel wide to 1.4-1.6 against walls of 2
    (synthetic hex tiny cells 300011 started, no clear groups in any measure); at half
    the lines' colour 1.0-1.5 against the outline's 1.87-2.04. A thin line smoothed
    over two pixels may reach half its colour nowhere: no width, thin as it is.
    """

    def _width(self, share: np.ndarray, offsets: np.ndarray) -> float:
        span = _half_span(share, offsets)
        return 0.0 if span is None else span[1] - span[0]

    def middles(self, sides: np.ndarray, across: float) -> np.ndarray:
        """How far the middle of each side's half-level span lies off the side ``(n, 2,
        2)``, in pixels, towards its first face (``_hex_faces.faces``) below nought; NaN
        where the line reaches half its colour nowhere."""
        shares, offsets = self._shares_across(sides, across)
        spans = [_half_span(share, offsets) for share in shares]
        return np.array([np.nan if span is None else (span[0] + span[1]) / 2 for span in spans])


class EdgedInks(CoveredInks):
    """The sides' widths as the lines' colour's shares summed between the feet of the line's
    own edges (``CoveredInks``): a soft rise beside a line is no ink.

    The game draws a line with sharp edges: its shares fall from its top to its ground
    within its blur, steepest at its edge. Glow ending along a line rises to it slowly,
    and its hump (down to its valleys) holds that rise: a thin line between a magenta
    tint and a cyan one, glow rising over 4 px on the magenta side, summed to 1.74 px
    against the thin lines' 0.79 and the outline's 2.18, and every measure read it as a
    wall (synthetic hex drift 10000010 started, WRONG). A line is drawn alike on both
    sides: a flank running on past half its peak farther than the other by more than
    ``LOPSIDED`` has something beside it, and there the line's edge ends after the last
    step whose shares fall by ``EDGE_FOOT`` of the flank's steepest fall or more (one
    whose fall pauses, JPEG's ripple, keeps all it falls steeply after the pause: a
    measure beside pipes must err wide, never thin, ``_hex_heard``); past it, all that
    falls on slowly is beside the line. Flanks alike are summed whole, as
    ``CoveredInks`` sums them: cut at their feet too, a blurred outline side beside a
    white flow's grey tint lost a third of its ink, 0.60 of the outline's typical width,
    and the heard widths fell in no clear groups (synthetic hex preview 8150003
    started)."""

    def _width(self, share: np.ndarray, offsets: np.ndarray) -> float:
        profile = np.maximum(share, 0.0) * _SCALE
        lo, peak, hi = hump_span(profile, offsets)
        flanks = [profile[lo : peak + 1][::-1], profile[peak : hi + 1]]
        reach = [_past_half(flank) for flank in flanks]
        step = float(offsets[1] - offsets[0])
        cut = [
            _edge_foot(flank) if (length - other) * step > LOPSIDED else len(flank) - 1
            for flank, length, other in zip(flanks, reach, reach[::-1], strict=True)
        ]
        return ink_between(profile, peak - cut[0], peak + cut[1]) / _SCALE


def _past_half(flank: np.ndarray) -> float:
    """How many steps ``flank`` (from a line's peak to its valley) runs on past where it
    first falls below half its peak."""
    below = np.flatnonzero(flank < flank[0] / 2)
    return float(len(flank) - 1 - below[0]) if below.size else 0.0


def _edge_foot(flank: np.ndarray) -> int:
    """Where out along ``flank`` (from a line's peak to its valley) its edge ends: after the
    last step falling by ``EDGE_FOOT`` of its steepest fall or more, as a step of
    ``flank``."""
    falls = flank[:-1] - flank[1:]
    if not falls.size or falls.max() <= 0:
        return 0
    steep = np.flatnonzero(falls >= EDGE_FOOT * falls.max())
    return int(steep[-1]) + 1


class CutInks(Inks):
    """The widths of the sides the image's edge cuts, with pipes drawn (``_hex_board.Inks``):
    each side's in its clearest channel with the ground by the edge found as without pipes
    (``FacedInks(cut_ground=True)``), none where the lines' colour covers half a pixel
    nowhere across it (``HALF`` of ``CoveredInks``' shares).

    The colour's shares and the faces past the image's edge are nothing's, and a share
    is no pixel: the shares measured a cut outline beside a flow's tint a fifth to a
    half short of what the lattice says it shows (synthetic hex tiny cells 300011,
    300014 solved, 300015 started; without pipes, read in one channel so, right). But a
    single channel counts whatever stands out across the side: a flow's band running
    out of the image through a cut thin line (onto a hexagon past the edge) hides that
    line, and measured as a wide outline there. No flow crosses the outline: a side
    whose middle is a band of a flow's colour shows no line of the lines' colour.
    """

    def __init__(self, faced: FacedInks, image: np.ndarray, around: np.ndarray) -> None:
        """``faced``: the colour's shares' look (the lines' colour and faces); the channels
        of ``image`` with the ground by the edge found are looked at round the hexagons'
        centres ``around`` as ``faced`` looks (only once asked: most boards are cut
        nowhere)."""
        self.shares = CoveredInks(faced)
        self._image, self._around = image, around

    @cached_property
    def cut(self) -> FacedInks:
        """Each side's clearest channel, the ground by the image's edge found."""
        faced = self.shares.faced
        return FacedInks(
            self._image, faced.pitch, faced.contrast, self._around, cut_ground=True, look=faced.look
        )

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        local = sides - self.shares.origin
        levels, either = self.shares.faced.looks(local, across)
        colour, grounds = np.array(levels[:3]), either[..., :3]
        profiles, offsets = self.shares.faced.colours(local, across)
        # (the sides the image's edge reaches within ``across`` either side, as
        # ``_hex_outline._check_outline`` takes them, alone: the rest as measured)
        inside = self.cut.maps[0]
        cut = [inside.shown(Point(*a), Point(*b), 2 * across) < 1 for a, b in local]
        shown = np.array(
            [
                not edge or _line_coloured(profile, offsets, ground, colour)
                for profile, ground, edge in zip(profiles, grounds, cut, strict=True)
            ]
        )
        # (over the lines' level as the ground is found elsewhere: by the image's edge the
        # wider square leaves a pipe or a dot there standing in the top-hat, and the 90th
        # percentile of the lines' brightness with it, 169 in red against the lines' 124, a
        # cut outline beside an orange pipe measured half its width: synthetic hex
        # huge_cells 300024 solved)
        widths = self.cut.widths(sides, across, levels, np.array(cut))
        # A line below its brighter face in every channel shows in no channel's top-hat:
        # there the shares, which see a line either way, measure it (a yellow flow's tint
        # lighter than dark green lines in red, green and blue alike: its cut outline 0 px in
        # the luma, 5.9 px in the shares against the outline's 8.6, synthetic hex huge_cells
        # 5600000 solved).
        hidden = (np.array(levels)[:, None] - either.max(axis=1).T < self.cut.contrast).all(axis=0)
        if hidden.any():
            widths[hidden] = self.shares.widths(sides[hidden], across)
        return np.where(shown, widths, 0.0)


def _line_coloured(
    profile: np.ndarray, offsets: np.ndarray, grounds: np.ndarray, colour: np.ndarray
) -> bool:
    """Whether a step across ``profile`` (as ``_shares`` takes it) near the side is the lines'
    ``colour`` over half its pixel or more on the ground there: its share ``HALF`` or more,
    and off the mix of the two by ``OFF_LINE`` of the line's contrast over that ground at
    most (a flow's band's colour has a share of any colour it leans towards)."""
    return _coloured_share(profile, offsets, grounds, colour) >= HALF


def _coloured_share(
    profile: np.ndarray, offsets: np.ndarray, grounds: np.ndarray, colour: np.ndarray
) -> float:
    """The largest share of the lines' ``colour`` (as ``_shares`` takes it) over a step
    across ``profile`` near the side that lies off the mix of it and the ground there by
    ``OFF_LINE`` of the line's contrast over that ground at most; 0 where none does."""
    ground = ground_across(offsets, grounds)
    span = colour[None, :] - ground
    share = _shares(profile, offsets, grounds, colour)
    off = np.linalg.norm(profile - ground - share[:, None] * span, axis=1)
    contrast = np.linalg.norm(span, axis=1)
    mixed = (np.abs(offsets) <= PEAK_NEAR) & (off <= OFF_LINE * contrast)
    return float(share[mixed].max()) if mixed.any() else 0.0


@dataclass(frozen=True)
class ColouredShares(Inks):
    """Measures each side by how much of a pixel near it the lines' colour covers at most,
    where the pixel is a mix of it and the ground there (``_coloured_share``, over the
    lines' colour and faces as ``faced`` looks at them), in place of its width: a line's,
    whatever tint lies beside it; next to nothing where the side shows only the ground, or
    something of another colour (a window's text, a page's white)."""

    faced: FacedInks
    #: The lines' level in each channel (``FacedInks.looks``), when not that of the sides
    #: measured: sides off the board measured by the board's own.
    levels: tuple[float, ...] | None = None

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The share for each of the sides ``(n, 2, 2)`` (``Inks``)."""
        if not len(sides):
            return np.zeros(0)
        faced = self.faced
        local = sides - faced.origin
        levels, either = faced.looks(local, across)
        levels = list(self.levels) if self.levels is not None else levels
        colour, grounds = np.array(levels[:3]), either[..., :3]
        profiles, offsets = faced.colours(local, across)
        return np.array(
            [
                _coloured_share(profile, offsets, ground, colour)
                for profile, ground in zip(profiles, grounds, strict=True)
            ]
        )


def _shares(
    profile: np.ndarray, offsets: np.ndarray, grounds: np.ndarray, colour: np.ndarray
) -> np.ndarray:
    """Each step's share of the line's ``colour`` across ``profile`` (``(steps, 3)`` at
    ``offsets``) over the ground on its side (``grounds``: ``(2, 3)``)."""
    ground = ground_across(offsets, grounds)
    span = colour[None, :] - ground
    return ((profile - ground) * span).sum(axis=1) / np.maximum((span * span).sum(axis=1), 1.0)


def _half_span(share: np.ndarray, offsets: np.ndarray) -> tuple[float, float] | None:
    """Where across the shares (at half-pixel ``offsets``) the line's colour covers
    ``HALF`` or more unbroken either side of the line's peak (looked for ``PEAK_NEAR``
    either side of the middle), each end found between two steps: its first end and its
    last; ``None`` where the peak stays below. A step past the lines' colour by more than
    ``PAST_COLOUR`` holds none of it."""
    share = np.where(share <= 1.0 + PAST_COLOUR, share, 0.0)
    near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
    peak = int(near[np.argmax(share[near])])
    if share[peak] < HALF:
        return None
    step = float(offsets[1] - offsets[0])
    reaches = []
    for out in (share[peak::-1], share[peak:]):
        below = np.flatnonzero(out < HALF)
        if not below.size:
            reaches.append(step * (len(out) - 1))
            continue
        k = int(below[0])
        # (the level crossed between steps k - 1 and k)
        reaches.append(step * (k - 1 + (out[k - 1] - HALF) / (out[k - 1] - out[k])))
    return float(offsets[peak]) - reaches[0], float(offsets[peak]) + reaches[1]


def shares_led(sides: HexSides) -> HexSides | None:
    """``sides`` (measured by ``FacedInks``) with their widths measured as the lines'
    colour's shares (``CoveredInks``), each side's clearest channel kept to check their
    walls by (``_hex_heard.VETO``), where those fall into clear groups along every direction;
    else ``None``."""
    if not isinstance(sides.inks, FacedInks):
        return None
    lead = replace(sides, inks=CoveredInks(sides.inks), inks_faced=sides.inks)
    return lead if lead.clear_groups else None


def half_led(sides: HexSides) -> HexSides | None:
    """``sides`` (measured by ``FacedInks``) measured at half the lines' colour
    (``HalfCoveredInks``), each side's clearest channel kept to check their walls by
    (``_hex_heard.VETO``), where those fall into clear groups along every direction and the
    thin lines reach half their colour (``SOLID``); else ``None``."""
    if not isinstance(sides.inks, FacedInks):
        return None
    lead = replace(sides, inks=HalfCoveredInks(sides.inks), inks_faced=sides.inks)
    return lead if _clear_and_solid(lead) else None


def _clear_and_solid(half: HexSides) -> bool:
    """Whether the half-level widths ``half`` fall in clear groups, thin lines solid."""
    return half.clear_groups and _solid(half)


def _solid(sides: HexSides) -> bool:
    """Whether the thin lines reach half the lines' colour as drawn solid do, their typical
    half-level width ``SOLID`` px at least along every direction (JPEG and blur smooth a
    thin line below half its colour: no width, the groups then split the lines)."""
    groups = sides.groups
    return groups is not None and all(group.thin >= SOLID for group in groups)
