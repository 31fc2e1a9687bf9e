"""With pipes drawn, each side's width measured in the channel where its line stands clear
of both its faces.

The game lays a tint of each flow's colour over the hexagons it covers, the
lines drawn over it. A side's width is its line's ink over the line's
contrast over the ground it stands on (``_hex_board.side_width``); beside
a tint that ground steps under the line, and in a channel where the tint is
nearly as bright as the line one face of it all but vanishes: the top-hat's
ground there is the tint's or the dark ground's by a pixel's chance, and the
width comes out up to twice the line's (a line beside an orange tint measured
in the luma as a wall) or next to nothing (a line between a white flow's grey
tints, left out as no ink; an outline beside one, read as a thin line: "the
hexagons go on past the board's outline"). A channel where a tint stays dark
measures the line as on the plain ground. No one channel is clear of every
flow's tint, but each side has faces of only two cells: each side is measured
in the channel (red, green, blue or the luma) where the line stands most above
the brighter of its two faces, the luma unless a colour's own channel clears
them ``CLEARER`` times as much (JPEG keeps the luma at full resolution; its
colours ring beside a line at a tint's edge) and by the line contrast at least.
A line darker than both its faces in a channel shows there as one brighter
would: where no channel shows it brighter by the contrast, it is measured in the
channel where it lies most below its darker face, turned over (two tints
brighter than the line in blue, lying either side of it in red, green and the
luma: a wall so left out as no ink, an official walled level read WRONG).
The faces are looked at ``GROUND_OFF`` out, past the line, short of a dot's
rim: a dot within the width's reach is the hump's concern (``_hump_ink``), and
a dot bright in the luma there made a channel in which the line barely shows
taken over it (the red one for a green-grey line over a magenta tint: those
sides left out as no ink, synthetic hex crop 300009 started; a yellow dot's rim
widening a line in the luma is still refused, drift 300002 solved).
A width is the line's share of pixels in any channel linear in the pixels'
colour, so the widths of sides measured in different channels are one measure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cached_property

import cv2
import numpy as np

from flowbot.vision._hex_board import (
    PEAK_NEAR,
    HexSides,
    Inks,
    LineMap,
    colour_profiles,
    line_level,
    sampled,
    side_width,
)
from flowbot.vision._hex_channel import GROUND_OFF

#: The luma's weights of red, green and blue (``cv2.COLOR_RGB2GRAY``'s).
LUMA = (0.299, 0.587, 0.114)
#: A colour's own channel is taken over the luma for a side only where it clears the
#: brighter face this many times as much as the luma does: the luma's faces all but
#: hide the line there (a white flow's grey tint as light as the lines: 5.8-46 times,
#: synthetic hex phone_large 300003, rectangular 300005, preview 300003 solved). JPEG
#: keeps the colours at half resolution: at a cyan tint's edge the red channel rang
#: beside a line and read it as wide as a wall, clearing its faces 2.0 times as much
#: (jpeg 300003 started, read WRONG at 1.3); a white flow's tint beside blurred lines
#: 2.4 times (web 300013 solved, refused as before at 3).
CLEARER = 3.0
#: ... and this many times where the image's edge cuts the side: its line shows a pixel or
#: so inside the edge, and JPEG's halved colour mixes that pixel's colour with its face's
#: (the face's chroma block, upsampled, reaches over it), where the luma keeps it whole.
#: Synthetic hex tiny cells 300001 solved (JPEG 86): a cut outline over a yellow dot's
#: tint 0.71 px in blue (clearing its face 3.06 times as much as the luma) against a
#: thin line's 0.66 and the outline's 1.05 there, 1.21 in the luma. On 80 tight crops
#: (tiny cells and crop, started and solved, dev seeds 300000-300019) colour channels
#: clearing a cut side's face 3.1-4.5 times as much measured it as the luma did (within
#: 0.4 px); where they were needed (a white flow's grey tint as light as the lines,
#: tiny cells 300008 solved) 10.9-37 times.
CUT_CLEARER = 5.0
#: The channels are looked at this many pitches round the hexagons' centres: past a
#: side's faces and its line's reach (0.58 + 0.12 pitch), and the top-hat's (0.24).
MARGIN = 1.2
#: Where the lines stand below both their faces by the line contrast along this share of
#: the sides or more in a colour channel (glow brighter than them there: synthetic hex
#: colour_blind 300048 started, 0.29 in red, 0.20 in blue; a board's lines above their
#: ground, none), their level there is their own value at their middle, read along the
#: sides whose line is brightest in the clearest channel (this quantile up: the line
#: covering its pixels whole; 66 in red there, the lines' own, the top-hat's level 82).
UNDER_SHARE = 0.05
#: ... and in every colour channel where those lines are this many pixels wide at half
#: their peak (the median; in the clearest channel's top-hat) or more: their middle is
#: their own colour through JPEG's colour blocks of 2 px and a blur on either side
#: (synthetic hex crop 3900015 solved, 5.5 px). A narrower blurred line covers no pixel
#: whole and its middle is dimmer than its colour: taken so, tiny cells 300004 and 300005
#: solved (2-2.5 px) fell in no clear groups, mirror 300059 solved (3 px) read a thin line
#: as a wall.
WIDE_LINES = 4.0
SOLID_QUARTER = 0.75
#: A side's middle shows the lines' colour (``_seen_colour``) where the line covers this
#: share of it or more in the clearest channel: below, the faces make most of it, and
#: their noise is divided by the share (phone_large 9500000 solved: 283 of 285 sides).
COVERED = 0.5
#: The lines' colour is read from their ink (``FacedInks.inked_colour``) over the sides
#: where their luma stands this many line contrasts above both faces or more (the luma sees
#: them clearly)...
INK_SEEN = 3.0
#: ... where there are this many such sides at least.
INK_SIDES = 10
#: Where along a side its faces are looked at (its middle half, as its width).
_ALONG = np.linspace(0.25, 0.75, 5)
#: Under a line the ground steps from one face's to the other's over this many pixels
#: across its middle (a tint's edge there, as sampling between pixels smooths it).
FACE_STEP = 1.0


class FacedInks(Inks):
    """The sides' widths, each side's in the channel where its line stands most clear of
    both its faces (``_hex_board.Inks``)."""

    def __init__(
        self,
        image: np.ndarray,
        pitch: float,
        contrast: float,
        around: np.ndarray | None = None,
        *,
        cut_ground: bool = False,
        look: float = GROUND_OFF,
    ) -> None:
        """``around``: the centres ``(n, 2)`` (x, y) of the hexagons measured, when given (the
        channels' top-hats are then taken only within ``MARGIN`` of them); ``cut_ground``: a
        line the image's edge cuts measured over the ground found by the edge
        (``LineMap(cut_ground=True)``, as without pipes); ``look``: how far out the faces
        are looked at, in pitches."""
        self.origin = np.zeros(2)
        if around is not None and len(around):
            h, w = image.shape[:2]
            low = np.maximum(np.floor(around.min(axis=0) - MARGIN * pitch), 0).astype(int)
            high = np.ceil(around.max(axis=0) + MARGIN * pitch).astype(int) + 1
            image = image[low[1] : min(high[1], h), low[0] : min(high[0], w)]
            self.origin = low.astype(np.float64)
        luma = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
        # Red, green, blue, then the luma (the last: taken unless another is clearer).
        self.channels = [*cv2.split(image), luma]
        self.maps = [
            LineMap(channel, pitch, contrast, cut_ground=cut_ground) for channel in self.channels
        ]
        self.cut_ground = cut_ground
        # (each channel turned over, made when a side's line is darker than both its faces)
        self._dark: dict[int, LineMap] = {}
        self.look = look
        self.off = look * pitch
        self.pitch, self.contrast = pitch, contrast
        self._looked: tuple[tuple[bytes, float], list[float], np.ndarray] | None = None
        self._coloured: tuple[tuple[bytes, float], np.ndarray, np.ndarray] | None = None

    def widths(
        self,
        sides: np.ndarray,
        across: float,
        levels: Sequence[float] | None = None,
        cut: np.ndarray | None = None,
    ) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels (over the
        lines' ``levels`` in each channel, when given, and ``cut``: which of the sides the
        image's edge cuts: ``_hex_coverage.CutInks``)."""
        if not len(sides):
            return np.zeros(0)
        sides = sides - self.origin
        own, either = self.looks(sides, across)
        levels = list(levels) if levels is not None else own
        taken = self.taken(levels, either, cut)
        widths = np.zeros(len(sides))
        for which in np.unique(taken):
            mine = taken == which
            lines, level = self._lines(int(which), levels)
            seen = lines.sides(sides[mine], across)
            widths[mine] = [side_width(side, level) for side in seen]
        return widths

    def _lines(self, which: int, levels: list[float]) -> tuple[LineMap, float]:
        """The lines of channel ``which`` (``taken``'s: past the four, a channel turned over)
        and the lines' level in them."""
        channels = len(self.channels)
        if which < channels:
            return self.maps[which], levels[which]
        which -= channels
        if which not in self._dark:
            turned = 255 - self.channels[which]
            self._dark[which] = LineMap(
                turned, self.pitch, self.contrast, cut_ground=self.cut_ground
            )
        return self._dark[which], 255.0 - levels[which]

    def taken(
        self, levels: list[float], either: np.ndarray, cut: np.ndarray | None = None
    ) -> np.ndarray:
        """The channel each side is measured in (0-2 red, green, blue; 3 the luma; 4-7 the
        same turned over, a line darker than both its faces), from the lines' ``levels``
        and each side's faces ``either`` (``looks``), the sides ``cut`` by the image's
        edge (when given) by ``CUT_CLEARER``.

        Turned over only where no channel shows the line brighter than its faces by the
        contrast: an official walled level (synthetic hex rectangular 100001 started), a
        wall (125, 97, 70) between tints (122, 90, 104) and (102, 70, 84), 3 levels over the
        brighter face in red, 2 in the luma, in which its top-hat stood on the brighter
        tint and showed no ink (0.00 px against thin lines' 2.83: a line not seen, or 2.98
        px beside it, thin, vetoing the right wall the lines' colour's shares read); in
        blue it lies 14 below the darker face, and turned over measures 4.76 px, a wall
        (the boundary 3.78, the outline 5.97)."""
        clearer = np.where(cut, CUT_CLEARER, CLEARER) if cut is not None else CLEARER
        (lit, lit_clear), (dark, dark_clear) = self._lit_and_dark(levels, either, clearer)
        # (a line darker than both its faces in a channel shows there as one brighter
        # would: where none shows it brighter by the contrast, that channel turned over)
        turned = (lit_clear < self.contrast) & (dark_clear >= self.contrast)
        return np.where(turned, dark + len(self.channels), lit)

    def stands_clear(self, sides: np.ndarray, across: float) -> np.ndarray:
        """Whether the line along each of the sides ``(n, 2, 2)`` stands clear of both its
        faces by the line contrast in the channel it is measured in: above the brighter, or
        (turned over) below the darker. Where it stands clear of neither in any channel, a
        face as bright as the line hides the line's half over it, and its width is half
        the line's (a cyan tint (72, 100, 88) by green lines (66, 107, 65): an outline side
        1.31 px against the outline's 2.17, synthetic hex mirror 12400001 started)."""
        if not len(sides):
            return np.zeros(0, bool)
        levels, either = self.looks(sides - self.origin, across)
        (_, lit_clear), (_, dark_clear) = self._lit_and_dark(levels, either, CLEARER)
        return np.asarray((lit_clear >= self.contrast) | (dark_clear >= self.contrast))

    def _lit_and_dark(
        self, levels: list[float], either: np.ndarray, clearer: float | np.ndarray
    ) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
        """Per side, the channel where its line stands clearest above its brighter face
        and by how much, then below its darker face (``_clearest``), from the lines'
        ``levels`` and each side's faces ``either`` (``looks``)."""
        line = np.array(levels)[:, None]
        return (
            self._clearest(line - either.max(axis=1).T, clearer),
            self._clearest(either.min(axis=1).T - line, clearer),
        )

    def _clearest(
        self, clearance: np.ndarray, clearer: float | np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Per side, the channel where its line stands clearest of its faces (``clearance``:
        ``(channels, n)``, the luma last) and by how much: the luma unless a colour's own
        channel clears them ``clearer`` times as much and by the line contrast at least
        (JPEG's colours ring beside a line, and halve a cut line's pixel with its face)."""
        rows = np.arange(clearance.shape[1])
        colour = np.argmax(clearance[:3], axis=0)
        best = clearance[colour, rows]
        luma = len(self.channels) - 1
        clear = (best >= clearer * clearance[luma]) & (best >= self.contrast)
        taken = np.where(clear, colour, luma)
        return taken, clearance[taken, rows]

    def looks(self, sides: np.ndarray, across: float) -> tuple[list[float], np.ndarray]:
        """For the sides ``(n, 2, 2)`` (in the channels' own pixels), the lines' level in each
        channel (``line_level``: each line's brightness alone, its ink only in the channel
        taken) and each side's faces in each (``(n, 2, channels)``); the last asked kept
        (``_hex_coverage`` asks again of the same sides)."""
        key = (sides.tobytes(), across)
        if self._looked is None or self._looked[0] != key:
            levels = [line_level(lines.sides(sides, across, inked=False)) for lines in self.maps]
            either = np.stack([faces(channel, sides, self.off) for channel in self.channels], -1)
            levels = self._own_colour(sides, across, levels, either)
            self._looked = (key, levels, either)
        return self._looked[1], self._looked[2]

    @cached_property
    def _colour(self) -> np.ndarray:
        """The image in colour (its red, green and blue channels)."""
        return cv2.merge(self.channels[:3])

    def colours(self, sides: np.ndarray, across: float) -> tuple[np.ndarray, np.ndarray]:
        """The image's colour across each of the sides ``(n, 2, 2)`` (in the channels' own
        pixels) as ``_hex_board.colour_profiles`` takes it, and the steps across; the last
        asked kept (the measures beside pipes, ``_hex_heard.voices``, each ask of the same
        sides)."""
        key = (sides.tobytes(), across)
        if self._coloured is None or self._coloured[0] != key:
            self._coloured = (key, *colour_profiles(self._colour, sides, across))
        return self._coloured[1], self._coloured[2]

    def inked_colour(self, sides: np.ndarray, across: float) -> np.ndarray | None:
        """The lines' colour as their ink across the sides ``(n, 2, 2)`` (in the channels' own
        pixels) shows it: each side's ink in each colour channel (its colour across it over
        the mix of its two faces, summed) against its ink in the luma, seen through the
        lines' luma level; the median over the sides whose luma stands ``INK_SEEN`` line
        contrasts above both faces, brought to the luma of the lines' levels (``looks``);
        ``None`` with fewer than ``INK_SIDES`` such sides.

        Blur and JPEG's colours at half resolution (each 2 px block's colour averaged)
        move a line's ink across it but keep it all, where a thin line's middle loses its
        colour to its faces': a JPEG shot's lines (120, 66, 66) showed (120, 75, 84) at
        the top-hat's brightest tenth and (119, 71, 78) through their cover at their
        middles, their ink against the luma's (kept whole at full resolution) (124, 67, 66),
        (132, 72, 70) at the levels' luma (an official walled level, synthetic hex mirror
        100000 solved). It is no better a level where a side's look holds more than its
        line (taken as the lines' levels, 17 of 363 hexagonal boards in the tests read
        before were refused or read otherwise): ``_hex_heard`` asks it only whether the
        levels lie past it."""
        levels, either = self.looks(sides, across)
        profiles, offsets = self.colours(sides, across)
        ground = ground_across(offsets, either[..., :3])
        ink = ((profiles - ground) * (offsets[1] - offsets[0])).sum(axis=1)
        luma = np.array(LUMA)
        faces_luma = either[..., :3] @ luma
        # (how much of a pixel the line covers, summed: its ink in the luma over its contrast)
        cover = (ink @ luma) / (levels[3] - faces_luma.mean(axis=1))
        seen = (levels[3] - faces_luma.max(axis=1) >= INK_SEEN * self.contrast) & (cover > 0)
        if seen.sum() < INK_SIDES:
            return None
        colour = np.median(either[seen, :, :3].mean(axis=1) + ink[seen] / cover[seen, None], 0)
        return np.asarray(colour * float(np.dot(luma, levels[:3])) / float(np.dot(luma, colour)))

    def _own_colour(
        self, sides: np.ndarray, across: float, levels: list[float], either: np.ndarray
    ) -> list[float]:
        """``levels`` with a colour channel's taken as the lines' own value at their middle
        (where the clearest channel's line peaks, over the quarter of the sides it is
        brightest along, ``SOLID_QUARTER``: the line covering its pixels whole there) where
        the lines stand below both their faces along some of the sides (``UNDER_SHARE``:
        glow brighter than the lines in that channel); in every colour channel where the
        lines are wide (``WIDE_LINES``: they keep their own colour at their middle); and
        in any other colour channel where the lines' middles show them darker than the
        top-hat's level by more than the line contrast (``_seen_colour``).

        ``line_level`` takes a line's brightness from the top-hat (its peak over the ground,
        the 90th percentile over the sides), which a line darker than its ground does not
        keep: there the level is its ground's, and the lines' colour, on the wrong side of
        the glow, is no mix of the ground and itself (synthetic hex colour_blind 300048
        started: green lines (66, 107, 65) under purple glow (95, 54, 68), their levels
        (82, 108, 79); the lines' colour's share of them 0, their hexagons left out as
        showing no ink; mirror 300012 started: red 103 against the lines' 63, the shares'
        walls unlike the clearest channels', refused). Nor where JPEG, keeping the colours
        at half resolution, runs a light tint's colour into the lines beside it: the
        brightest tenth then is the tint's, however few lines stand below both faces
        (synthetic hex crop 3900015 solved, JPEG 77, lines 5.5 px wide at half their
        height, glow under a white flow's grey tint: levels (135, 107, 109) against the
        lines' (125, 97, 70), at their middle (124, 97, 77); a line there, blue 82-86
        between faces of 94 and 125, lay off every mix of the ground and the levels, eight
        hexagons showed no ink on a side and were left out, their sides then judged as the
        outline: refused). A narrow blurred line covers no pixel whole: its middle is
        dimmer than its colour, and the top-hat's brightest tenth nearer it.

        Nor where the lines lie between their faces' levels in a channel: the top-hat's
        peak across a side is then often a face's, where a tint or a glow shaft narrower
        than its square stands brighter than the line, and the brightest tenth is theirs
        (synthetic hex phone_large 9500000 solved: lines (120, 66, 66), 2.3 px; the blue
        level 95.5, the lines' middles seen through their cover 77.5; a wall as wide as the
        outline between a red flow's tint and a grey glow shaft, the faces' mix there near
        the lines' colour so measured in green and blue, fell to a share of 0.36 at its
        middle and measured 1.55 px against thin lines' 2.27: a wall missed, read WRONG;
        seen so, 5.4 px against the outline's 5.07, read exactly). A difference within the
        line contrast is the blur's and the sampling's (the middles seen through a cover
        the clearest channel's own brightest tenth sets), and keeps the top-hat's level.

        The clearest channel is the one where the lines' middles stand most above their
        brighter faces (the median over the sides). The top-hat's levels name one first, to
        find where the lines peak; but where a tint brighter than the lines stands narrower
        than the top-hat's square, a level is the tint's, and the channel so named the
        worst to see the lines' colour through (an official walled level, synthetic hex
        tiny cells 100001 started: green and blue at 96 and 99 against the lines' 66, green
        named, every colour but red kept; walls beside a white flow's grey tint measured in
        blue as thin lines, 0.63-1.06 px against 0.89 and 1.76, read WRONG). Their middles
        stand most above their faces in red: seen through it, the lines are (120, 66, 66)."""
        if not len(sides):
            return levels
        clearest = int(np.argmax(np.array(levels) - np.median(either.max(axis=1), axis=0)))
        typical, offsets, peak, middle = self._middles(sides, across, clearest)
        # (the top-hat's level is a face's where a tint brighter than the lines stands
        # narrower than its square: the clearest channel is where the lines' middles stand
        # most above their brighter faces)
        standing = np.median(np.array(middle).T - either.max(axis=1), axis=0)
        most = int(np.argmax(standing))
        if most != clearest:
            clearest = most
            typical, offsets, peak, middle = self._middles(sides, across, clearest)
        rows = np.arange(len(sides))
        bright = typical[rows, peak]
        solid = bright >= np.quantile(bright, SOLID_QUARTER)
        # (each line's width at half its peak, in the half-pixel steps across it)
        half_width = (typical >= 0.5 * bright[:, None]).sum(axis=1) * (offsets[1] - offsets[0])
        wide = bool(np.median(half_width[solid]) >= WIDE_LINES)
        levels = list(levels)
        seen = _seen_colour(middle, either.mean(axis=1), levels, clearest, self.contrast)
        own = 0
        for c in range(3):
            darker = middle[c] < either[:, :, c].min(axis=1) - self.contrast
            if wide or darker.mean() >= UNDER_SHARE:
                levels[c] = float(np.median(middle[c][solid]))
                own += 1
            elif levels[c] - seen[c] > self.contrast:
                # (the top-hat's peak across the sides was a face brighter than the lines)
                levels[c] = seen[c]
        if own == 3:
            # (the luma then is the lines' own colour's: its top-hat is as wrong)
            levels[3] = float(np.dot(LUMA, levels[:3]))
        return levels

    def _middles(
        self, sides: np.ndarray, across: float, clearest: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[np.ndarray]]:
        """The ``clearest`` channel's top-hat across each of the sides (the median along its
        middle half) at the offsets across them, where each side's line peaks there (the
        offset's index), and every channel's value at that peak."""
        lines = self.maps[clearest]
        profile, offsets = lines._profiles(lines.tophat, sides, across)
        typical = np.median(profile, axis=1)
        near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
        peak = near[np.argmax(typical[:, near], axis=1)]
        rows = np.arange(len(sides))
        middle = [
            np.median(lines._profiles(channel.astype(np.float32), sides, across)[0], axis=1)[
                rows, peak
            ]
            for channel in self.channels
        ]
        return typical, offsets, peak, middle


def _seen_colour(
    middle: list[np.ndarray],
    ground: np.ndarray,
    levels: list[float],
    clearest: int,
    contrast: float,
) -> list[float]:
    """The lines' colour in each channel as the sides' ``middle`` values show it (where
    the clearest channel's line peaks), each seen through the share of it the line covers:
    that share read in the ``clearest`` channel, over the mix of each side's two faces
    (``ground``, ``(n, channels)``), against its level there. Blur and sampling mix a line
    with its faces alike in every channel, so one share serves them all. The median over
    the sides the line covers ``COVERED`` or more and stands out from its faces by the
    ``contrast`` in the clearest channel; ``nan`` where there are none."""
    span = levels[clearest] - ground[:, clearest]
    cover = (middle[clearest] - ground[:, clearest]) / np.maximum(span, 1e-6)
    covered = (span >= contrast) & (cover >= COVERED)
    if not covered.any():
        return [math.nan] * len(middle)
    return [
        float(np.median(ground[covered, c] + (m[covered] - ground[covered, c]) / cover[covered]))
        for c, m in enumerate(middle)
    ]


def ground_across(offsets: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """The ground under a line at each of the ``offsets`` across it (px, its first face at
    minus), from its two faces' ``grounds`` (``(..., 2, channels)``, the first first):
    ``(..., steps, channels)``, stepping from one to the other over ``FACE_STEP``."""
    step = np.clip(offsets / FACE_STEP + 0.5, 0.0, 1.0)[:, None]
    return (1 - step) * grounds[..., None, 0, :] + step * grounds[..., None, 1, :]


def faces(channel: np.ndarray, sides: np.ndarray, off: float) -> np.ndarray:
    """``channel`` either side of each of the sides ``(n, 2, 2)``, ``off`` pixels out from
    it, the median along its middle half: ``(n, 2)``."""
    a, b = sides[:, None, 0], sides[:, None, 1]
    length = np.maximum(np.hypot(*(b - a)[:, 0].T), 1e-6)[:, None, None]
    normal = np.concatenate([-(b - a)[..., 1:], (b - a)[..., :1]], axis=-1) / length
    along = a + _ALONG[None, :, None] * (b - a)
    either = [sampled(channel, (along + s * off * normal).astype(np.float32)) for s in (-1, 1)]
    return np.stack([np.median(side, axis=1) for side in either], axis=1)


def own_face(side: np.ndarray, centre: np.ndarray) -> int:
    """Which of the two faces of ``side`` (``(2, 2)``: its corners) lies towards ``centre``,
    the hexagon's own: 0 the first, at minus along the normal ``faces`` takes, 1 the other."""
    a, b = side
    normal = np.array([-(b - a)[1], (b - a)[0]])
    return 1 if float(np.dot(centre - (a + b) / 2, normal)) > 0 else 0


def board_faced(image: np.ndarray, sides: HexSides) -> FacedInks:
    """The board's sides in their clearest channels of ``image`` (RGB), measured on its
    hexagons; without pipes, a side the image's edge cuts over the ground found by the
    edge (``LineMap.cut_ground``), as the lead measured it."""
    lattice = sides.lattice
    centres = np.array([lattice.centre(*node) for node in sides.cells])
    return FacedInks(
        image, lattice.row_step, sides.lines.contrast, centres, cut_ground=not sides.crossed
    )
