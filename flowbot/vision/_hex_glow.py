"""Lines darker than their ground: glow brighter than a hexagonal board's lines.

The hexagons are found in a top-hat of the brightest channel: lines brighter
than the ground beside them. Glow (a cloud of the backdrop round the dots, a
shaft of light, the game's tints) can light the ground past the lines' own
brightness, in every channel where the glow is brighter than they are: there
the lines stand out darker than their ground, the top-hat sees nothing, and
the hexagons under the glow are left out of the board (read as holes, or as
a board cut off). Yet a line still stands out from the ground either side of
it, one way or the other, in some channel: brighter where the glow is darker
or of another hue, darker where it is brighter. So once the board's lattice
is placed, its hexagons are found again in the lines standing out either way
in each of red, green and blue (``EitherWay``), and the pieces that hold the
board's hexagons are its board (``with_darker_lines``).

A line's width is its ink over its contrast, in one channel linear in the
pixels' colour; where the glow's brightness crosses the lines' in that
channel, a line there stands out from neither side and its width is noise.
The lines are one colour; the grounds they lie on (black, glow of the dots'
hues) are others. Along some direction in colour the lines may stand out
brighter than every ground they lie on: where the channel the widths would
be measured in (``_hex_channel.ink_channel``) leaves a side's ground within
``STANDS_OUT`` of the lines' level, the widths are measured along the lines'
own hue instead (``hue_channel``), if every side stands out more
there (``along_hue``). With no pipes drawn (beside a flow's tint a line's
dark side is the tint's edge), a side measures its ink on the side it stands
out (``SignedLines``): below its ground where it shows no line brighter
than it but one darker, its width that ink over how far its ground lies above
the lines' level.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import cached_property

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import (
    ACROSS_FOUND,
    ACROSS_PLACED,
    HexSides,
    LineMap,
    Node,
    Side,
    hexagons_drawn,
    line_kernel,
    sampled,
)
from flowbot.vision._hex_channel import side_middles
from flowbot.vision._hex_lattice import HexLattice
from flowbot.vision._hex_pipes import Crossings
from flowbot.vision._hex_unmixed import off_mixes
from flowbot.vision._rule import Rule

log = logging.getLogger(__name__)

#: Every side must stand out from its ground by this much, in grey levels, over or
#: under it, in the channel the widths are measured in (the lines' contrast).
STANDS_OUT = 10.0
#: Directions in colour tried for the lines' own hue (evenly over the sphere).
DIRECTIONS = 600
#: The hue's direction is the one where this percentile of the sides' contrast over
#: either ground beside them is highest (a few sides beside a dot's rim stand out
#: against its colour, not the ground's).
HUE_LOW = 1.0
#: Sides whose ground either side lies within this distance in RGB of the other's are
#: judged (a side beside a dot has the dot's colour on one side).
ALIKE = 30.0
#: Hexagons hidden by glow are looked for this many pitches round those found, and
#: round those that adds until it adds none.
REACH = 3.0


class EitherWay(LineMap):
    """The lines of an RGB image standing out from the ground beside them, brighter
    (top-hat) or darker (black-hat), in whichever of red, green and blue they do most,
    within ``box`` (``x0, y0, x1, y1``; nothing outside it), or in a colour no mix of the
    faces either side (``_hex_unmixed``): where the hexagons are drawn (``drawn``), not how
    wide."""

    def __init__(
        self,
        image: np.ndarray,
        pitch: float,
        contrast: float,
        pipes: Crossings | None = None,
        box: tuple[int, int, int, int] | None = None,
        *,
        rgb: np.ndarray | None = None,
        tophat: np.ndarray | None = None,
    ) -> None:
        # (``rgb``, ``tophat``: the image as floats and its top-hat at this pitch's kernel,
        # when already made for the read: ``EitherWays``)
        h, w = image.shape[:2]
        self.box = box or (0, 0, w, h)
        self.tophat = either_tophat(image, pitch, self.box) if tophat is None else tophat
        self.ground = np.zeros_like(self.tophat)
        self.contrast = contrast
        self.pipes = pipes
        # (its sides placed as found ones' are: ``EitherWays``)
        self.cut_ground = False
        self.rgb = image.astype(np.float32) if rgb is None else rgb
        self.pitch = pitch

    #: (its second look: ``drawn_again``)
    looks_again = True

    def drawn_again(self, sides: np.ndarray, across: float, among: np.ndarray) -> np.ndarray:
        """For the sides ``among`` (indices into ``sides``, ``(n, 2, 2)``), the share of each
        one's middle half where its colour is no mix of its faces' (a side on a light tint's
        edge: ``_hex_unmixed``); ``drawn``, the first look, sees the lines standing out by
        the contrast in one channel."""
        return off_mixes(
            self.rgb,
            sides,
            box=self.box,
            pitch=self.pitch,
            contrast=self.contrast,
            across=across,
            among=among,
        )


def either_tophat(image: np.ndarray, pitch: float, box: tuple[int, int, int, int]) -> np.ndarray:
    """The lines of ``image`` (RGB) at a pitch of ``pitch`` standing out from the ground
    beside them, brighter (top-hat) or darker (black-hat), in whichever of red, green and
    blue they do most, within ``box`` (``x0, y0, x1, y1``; 0 outside it)."""
    # (no brightest channel's top-hat first: the three channels' hold it)
    h, w = image.shape[:2]
    x0, y0, x1, y1 = box
    kernel = line_kernel(pitch)
    tophat = np.zeros((h, w), np.float32)
    inside = tophat[y0:y1, x0:x1]
    # A line darker than its ground needs its ground in view on both sides: by the
    # image's edge the black-hat takes what lies past it for brighter ground, and a
    # cut line's sliver for a dark line there (a hexagon past the edge found drawn).
    band = kernel.shape[0] // 2
    edge = np.ones(inside.shape, bool)
    edge[
        band * (y0 == 0) : inside.shape[0] - band * (y1 == h),
        band * (x0 == 0) : inside.shape[1] - band * (x1 == w),
    ] = False
    for channel in cv2.split(np.ascontiguousarray(image[y0:y1, x0:x1])):
        np.maximum(inside, cv2.morphologyEx(channel, cv2.MORPH_TOPHAT, kernel), out=inside)
        darker = cv2.morphologyEx(channel, cv2.MORPH_BLACKHAT, kernel)
        darker[edge] = 0
        np.maximum(inside, darker, out=inside)
    return tophat


class SignedLines(LineMap):
    """The lines of one channel, measured brighter than their ground where they show so
    (a top-hat's peak of the contrast), else darker than it (``Side.peak`` below 0,
    ``Side.ground`` the ground above them)."""

    def __init__(
        self,
        gray: np.ndarray,
        pitch: float,
        contrast: float,
        pipes: Crossings | None = None,
        *,
        cut_ground: bool = False,
    ) -> None:
        super().__init__(gray, pitch, contrast, pipes, cut_ground=cut_ground)
        self.gray, self.pitch = gray, pitch

    @cached_property
    def dark(self) -> LineMap:
        """Dark lines as the bright lines of the channel turned over."""
        return LineMap(255 - self.gray, self.pitch, self.contrast)

    def sides(self, sides: np.ndarray, across: float, *, inked: bool = True) -> list[Side]:
        seen = super().sides(sides, across, inked=inked)
        # (only sides showing no line brighter than their ground are looked at again)
        faint = [i for i, side in enumerate(seen) if side.peak < self.contrast]
        if faint:
            dark = self.dark.sides(sides[faint], across, inked=inked)
            for i, d in zip(faint, dark, strict=True):
                if d.peak >= self.contrast:
                    seen[i] = replace(d, peak=-d.peak, ground=255.0 - d.ground)
        return seen


def with_darker_lines(
    image: np.ndarray, sides: HexSides, contrast: float, pipes: Crossings
) -> HexSides:
    """The board ``sides`` (placed at full resolution in ``image``, RGB) with the hexagons
    drawn whole on its lattice in lines standing out either way (``EitherWay``), in the
    pieces holding its own; ``sides`` itself when that adds none.

    The hexagons glow hid are looked for ``REACH`` pitches round those found, and again
    round those that adds until it adds none: glow over half a board hid all but its top
    rows (synthetic hex mirror 300027 solved: 20 of 94 hexagons found, the rest lying up
    to eight rows below them), flows' red tints all but its bottom third (synthetic hex
    tiny cells 11500007 solved: 53 of 204 found, the rest up to 15 rows above; four
    rounds, as many as were once taken, left its top row out, the board then cut off)."""
    cells, crossed = sides.cells, sides.crossed
    while True:
        # (the box looked in grows each round: the image bounds it)
        pieces = _drawn_either_way(image, sides.lattice, cells, contrast, pipes)
        grown = cells.union(*(piece.cells for piece in pieces))
        crossed = crossed.union(*(piece.crossed for piece in pieces))
        if grown == cells:
            break
        cells = grown
    if cells == sides.cells:
        return sides
    return replace(sides, cells=cells, crossed=frozenset(side for side in crossed if side <= cells))


def _drawn_either_way(
    image: np.ndarray,
    lattice: HexLattice,
    cells: frozenset[Node],
    contrast: float,
    pipes: Crossings,
) -> list[HexSides]:
    """The pieces of hexagons drawn whole on ``lattice`` in lines standing out either way
    (``EitherWay``) within ``REACH`` pitches of ``cells`` that hold some of them."""
    h, w = image.shape[:2]
    centres = np.array([lattice.centre(*node) for node in cells])
    # (the hexagons glow hid lie round those found: REACH pitches past them at most)
    margin = REACH * lattice.row_step
    (x0, y0), (x1, y1) = centres.min(axis=0) - margin, centres.max(axis=0) + margin
    box = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1) + 1), min(h, int(y1) + 1))
    lines = EitherWay(image, lattice.row_step, contrast, pipes, box)
    drawn = hexagons_drawn(lines, lattice, ACROSS_PLACED)
    return [piece for piece in drawn if piece.cells & cells]


class EitherWays:
    """The hexagons drawn in lines standing out either way (``EitherWay``) over the whole of
    one image, for one read: asked on the lattices of the dots and of the flows alike, each
    lattice's pieces are found once, and each top-hat made once for every pitch its kernel
    serves (the maps are read-only once made)."""

    def __init__(self, image: np.ndarray, contrast: float, pipes: Crossings) -> None:
        self.image, self.contrast, self.pipes = image, contrast, pipes
        self._rgb: np.ndarray | None = None
        self._tophats: dict[int, np.ndarray] = {}
        self._pieces: dict[HexLattice, list[HexSides]] = {}

    def drawn(self, lattice: HexLattice) -> list[HexSides]:
        """The pieces of a board's worth of hexagons drawn whole on ``lattice`` as found
        (looked for ``ACROSS_FOUND`` across) in lines standing out either way over the
        whole image, the biggest first."""
        if lattice not in self._pieces:
            self._pieces[lattice] = hexagons_drawn(
                self._lines(lattice.row_step), lattice, ACROSS_FOUND
            )
        return list(self._pieces[lattice])

    def _lines(self, pitch: float) -> EitherWay:
        h, w = self.image.shape[:2]
        if self._rgb is None:
            self._rgb = self.image.astype(np.float32)
        size = line_kernel(pitch).shape[0]
        if size not in self._tophats:
            self._tophats[size] = either_tophat(self.image, pitch, (0, 0, w, h))
        return EitherWay(
            self.image,
            pitch,
            self.contrast,
            self.pipes,
            rgb=self._rgb,
            tophat=self._tophats[size],
        )


def along_hue(image: np.ndarray, sides: HexSides) -> HexSides:
    """``sides`` with their widths measured along the lines' own hue (``hue_channel``) where
    a side's ground lies within ``STANDS_OUT`` of the lines' level in the channel they are
    measured in (``HexSides.inks``), if every side stands out more there."""
    least = faintest(sides)
    if least >= STANDS_OUT:
        return sides
    line, grounds = _looks(image, sides)
    # (a side beside a dot has the dot's colour on one side)
    alike = np.linalg.norm(grounds[0] - grounds[1], axis=1) <= ALIKE
    if not alike.any():
        return sides
    hue = hue_channel(image, line[alike], grounds[:, alike])
    # (the ground by the image's edges found as in the channel it replaces)
    cut_ground = isinstance(sides.inks, LineMap) and sides.inks.cut_ground
    inks = SignedLines(hue, sides.lattice.row_step, sides.lines.contrast, cut_ground=cut_ground)
    again = replace(sides, inks=inks)
    log.debug("sides' least contrast %.1f, along the lines' hue %.1f", least, faintest(again))
    return again if faintest(again) > least else sides


def faintest(sides: HexSides) -> float:
    """How near the lines' level the ground of the side nearest it lies, in the channel the
    widths of ``sides`` are measured in: of the sides whose line stands out from their
    ground by no more than ``STANDS_OUT`` past that, brighter (by more, something brighter
    than the lines lies beside it: a dot's rim lifts the top-hat's ground under a bright
    line). Sides measured each in their own faces' channel (``_hex_faces``, beside pipes)
    are not judged here."""
    if sides.inks is not None and not isinstance(sides.inks, LineMap):
        return np.inf
    seen, level = sides.measured
    apart = (abs(level - side.ground) for side in seen.values())
    lines = [a for a, side in zip(apart, seen.values(), strict=True) if side.peak < a + STANDS_OUT]
    return min(lines, default=np.inf)


def hue_channel(image: np.ndarray, line: np.ndarray, grounds: np.ndarray) -> np.ndarray:
    """``image`` (RGB) seen along the direction in colour where lines of the colours
    ``line`` (``(n, 3)``) stand out brighter than the ``grounds`` either side of each
    (``(2, n, 3)``) most clearly (``HUE_LOW``): a channel linear in the pixels' colour,
    as widths need."""
    steps = (line[None] - grounds).reshape(-1, 3)
    contrast = np.percentile(steps @ _DIRECTIONS.T, HUE_LOW, axis=0)
    direction = _DIRECTIONS[int(np.argmax(contrast))]
    return np.asarray(image.astype(np.float32) @ direction, np.float32)


def _looks(image: np.ndarray, sides: HexSides) -> tuple[np.ndarray, np.ndarray]:
    """The colour of every side's line (``(n, 3)``: its pixel across it farthest from the
    ground in colour) and of the ground either side of it (``(2, n, 3)``)."""
    middles, normals, off = side_middles(sides)
    rgb = image.astype(np.float32)
    across = np.stack([_rgb_at(rgb, middles + t * normals) for t in np.arange(-1.5, 1.6, 0.5)])
    grounds = np.stack([_rgb_at(rgb, middles + off), _rgb_at(rgb, middles - off)])
    far = np.linalg.norm(across - grounds.mean(axis=0), axis=2).argmax(axis=0)
    return across[far, np.arange(len(middles))], grounds


def _sphere(n: int) -> np.ndarray:
    """``n`` unit vectors spread evenly over the sphere (a Fibonacci lattice)."""
    i = np.arange(n) + 0.5
    z = 1 - 2 * i / n
    angle = np.pi * (1 + 5**0.5) * i
    r = np.sqrt(1 - z**2)
    return np.stack([r * np.cos(angle), r * np.sin(angle), z], axis=1).astype(np.float32)


_DIRECTIONS = _sphere(DIRECTIONS)


def _rgb_at(rgb: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``rgb`` at ``points`` (``(n, 2)`` x, y), interpolated: ``(n, 3)``."""
    return sampled(rgb, points.reshape(-1, 1, 2)).reshape(-1, 3)


def _check_stands_out(sides: HexSides) -> None:
    if faintest(sides) < STANDS_OUT:
        raise UnsureReadingError(STANDS_OUT_RULE.reason)


STANDS_OUT_RULE: Rule[HexSides] = Rule(
    name="hex lines stand out from their ground",
    refuses="a hexagonal board with a side (between two hexagons, or on the outline) whose "
    "ground lies within STANDS_OUT of the lines' level in the channel its width is measured "
    "in, the lines' own hue too",
    why="A side's width is its ink over how far the lines stand out from its ground. Glow "
    "as bright as the lines, in that channel, leaves a line standing out from neither side: "
    "its width is noise, and a wall there could read as a thin line.",
    bounds="STANDS_OUT 10 grey levels (the lines' contrast): the lines' level the 90th "
    "percentile of the brightest pixel of the sides brighter than their ground, each side's "
    "ground under its line the median along its middle half of the top-hat's (over) or the "
    "black-hat's (under); sides whose line stands out past that by STANDS_OUT more left out "
    "(a dot's rim beside a bright line lifts its ground: synthetic hex mirror 320009). "
    "Measured on 90 dev boards read exactly (seeds 300000-300005, 15 categories): the "
    "nearest side 30.6-127, the lines' hue never asked; glow crossing the lines' brightness "
    "in the channel taken: 0.1-5.5 (synthetic hex colour_blind 300028, 100022, drift "
    "100021), along the lines' hue 27-58.",
    reason="a line between two hexagons is as bright as the glow round it: its width "
    "cannot be measured",
    check=_check_stands_out,
)
