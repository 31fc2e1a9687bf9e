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
groups along every direction (``shares_led``), and where each side's clearest
channel (``_hex_faces.FacedInks``) falls in clear groups too they must read the
same walls (``COVERED_ALIKE``). Where they do not, the width at half the lines'
colour (``HalfCoveredInks``) leads where it does (``half_led``): a tint's
smoothed edge under a thin line sums to ink in every measure, but stays fainter
than half the line. Elsewhere every clear measure is heard (``_hex_heard``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Point
from flowbot.vision._hex_board import (
    PEAK_NEAR,
    WALL_PAST,
    HexSides,
    Inks,
    Node,
    _hump_ink,
    sampled,
    side_direction,
    wall_sides,
)
from flowbot.vision._hex_faces import FacedInks
from flowbot.vision._hex_one_ground import one_ground, tells_wide
from flowbot.vision._rule import Rule

#: The ground steps from one side's to the other's over this many pixels across the line's
#: middle (a tint's edge there, as sampling between pixels smooths it).
_STEP = 1.0
#: Shares are scaled by this for the hump's search (its rises are shares of its peak).
_SCALE = 100.0
#: The half-level width (``HalfCoveredInks``): where a pixel is half the lines' colour.
HALF = 0.5
#: ... taken only where the thin lines' typical half-level width is this many px at least:
#: a line a pixel wide drawn solid shows 0.8-1.0 (synthetic hex tiny cells, 1 px lines);
#: a JPEG shot's blurred thin lines reached half their colour nowhere, typically (0-0.1,
#: hex jpeg 300004 solved: every line with any half-level width then in the walls' group).
SOLID = 0.6
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
        self.image = cv2.merge(faced.channels[:3])

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        sides = sides - self.origin
        levels, either = self.faced.looks(sides, across)
        # The lines' colour; each side's ground either side of it, its first side first.
        colour, grounds = np.array(levels[:3]), either[..., :3]
        profiles, offsets = _colour_profiles(self.image, sides, across)
        return np.array(
            [
                self._width(_shares(profile, offsets, ground, colour), offsets)
                for profile, ground in zip(profiles, grounds, strict=True)
            ]
        )

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
        return _half_width(share, offsets)


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
        return FacedInks(self._image, faced.pitch, faced.contrast, self._around, cut_ground=True)

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        local = sides - self.shares.origin
        levels, either = self.shares.faced.looks(local, across)
        colour, grounds = np.array(levels[:3]), either[..., :3]
        profiles, offsets = _colour_profiles(self.shares.image, local, across)
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
    step = np.clip(offsets / _STEP + 0.5, 0.0, 1.0)[:, None]
    ground = (1 - step) * grounds[0] + step * grounds[1]
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
        profiles, offsets = _colour_profiles(cv2.merge(faced.channels[:3]), local, across)
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
    # (the step between the two grounds, as sampling between pixels smooths it)
    step = np.clip(offsets / _STEP + 0.5, 0.0, 1.0)[:, None]
    ground = (1 - step) * grounds[0] + step * grounds[1]
    span = colour[None, :] - ground
    return ((profile - ground) * span).sum(axis=1) / np.maximum((span * span).sum(axis=1), 1.0)


def _half_width(share: np.ndarray, offsets: np.ndarray) -> float:
    """How far across the shares (at half-pixel ``offsets``) stay at ``HALF`` or more
    either side of the line's peak (looked for ``PEAK_NEAR`` either side of the middle),
    each end found between two steps; 0 where the peak stays below."""
    near = np.flatnonzero(np.abs(offsets) <= PEAK_NEAR)
    peak = int(near[np.argmax(share[near])])
    if share[peak] < HALF:
        return 0.0
    step = float(offsets[1] - offsets[0])
    reach = 0.0
    for out in (share[peak::-1], share[peak:]):
        below = np.flatnonzero(out < HALF)
        if not below.size:
            reach += step * (len(out) - 1)
            continue
        k = int(below[0])
        # (the level crossed between steps k - 1 and k)
        reach += step * (k - 1 + (out[k - 1] - HALF) / (out[k - 1] - out[k]))
    return reach


def _colour_profiles(
    image: np.ndarray, sides: np.ndarray, across: float
) -> tuple[np.ndarray, np.ndarray]:
    """``image``'s colour across each side ``(n, 2, 2)``, the median along its middle half,
    in half-pixel steps ``across`` pixels either side (``(n, steps, 3)``), and the steps."""
    offsets = np.arange(-across, across + 0.25, 0.5)
    a, b = sides[:, 0], sides[:, 1]
    length = np.hypot(*(b - a).T)
    # (the normal ``LineMap._profiles`` and ``faces`` take: the first face at minus)
    normal = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
    steps = max(5, int(length.max() / 2))
    along = a[:, None, :] + np.linspace(0.25, 0.75, steps)[None, :, None] * (b - a)[:, None, :]
    points = along[:, :, None, :] + offsets[None, None, :, None] * normal[:, None, None, :]
    flat = points.reshape(-1, len(offsets), 2)
    # (remap takes fewer than 32767 rows at once)
    values = np.concatenate(
        [sampled(image, flat[i : i + 30000]) for i in range(0, len(flat), 30000)]
    ).astype(np.float32)
    return np.median(values.reshape(len(sides), steps, len(offsets), 3), axis=1), offsets


def shares_led(sides: HexSides) -> HexSides | None:
    """``sides`` (measured by ``FacedInks``) with their widths measured as the lines'
    colour's shares (``CoveredInks``), each side's clearest channel kept to check their
    walls by (``COVERED_ALIKE``), where those fall into clear groups along every direction;
    else ``None``."""
    if not isinstance(sides.inks, FacedInks):
        return None
    lead = replace(sides, inks=CoveredInks(sides.inks), inks_faced=sides.inks)
    return lead if lead.clear_groups else None


def half_led(sides: HexSides) -> HexSides | None:
    """``sides`` (measured by ``FacedInks``) measured at half the lines' colour
    (``HalfCoveredInks``), each side's clearest channel kept to check their walls by
    (``COVERED_ALIKE``), where those fall into clear groups along every direction and the
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


def _check_covered_alike(sides: HexSides) -> None:
    if sides.inks_faced is None:
        return
    faced = replace(sides, inks=sides.inks_faced, inks_faced=None)
    if faced.clear_groups and wall_sides(faced) != wall_sides(sides):
        if (
            _faced_off(sides, faced)
            or _alike_where_told(sides, faced)
            or _faced_outvoted(sides, faced)
        ):
            return
        raise UnsureReadingError(COVERED_ALIKE.reason)


def _faced_outvoted(sides: HexSides, faced: HexSides) -> bool:
    """Whether the walls ``faced`` (each side's clearest channel) alone reads, past those of
    ``sides`` (the lines' colour's shares or the width at half of it leading), are each read
    thin by the shares, the half-level width (its thin lines ``SOLID`` there) and the lines'
    lightness's share (where it sees every side between two hexagons), each in clear groups
    along the side's direction: three voices against one; and ``faced`` reads every wall of
    ``sides`` and the same holes.

    A width in one channel over one ground errs wide beside a tint (``_hex_one_ground``),
    and where blur spreads a line (a browser's zoom scaling the canvas) its hump runs on
    into a tint's smoothed edge on one side whatever the faces' spread: synthetic hex
    zoomed 6100001 solved (zoom 1.1), a thin line between a yellow tint and a teal one as
    light in the luma (spread 1.04) 1.60 px there against the boundary 1.41, its red
    falling off over 3 px on the teal side; the shares 1.47 (boundary 1.76), the half-level
    width 1.46 (1.79), the lightness 1.63 (1.86), all clear along it: refused before. The
    half-level width where solid and the lightness never read a wall thin along a direction
    clear in their groups (``benchmarks/hex_wall_voices.py``: 169 and 162 directions)."""
    # (a cycle: the lightness's share is measured as the shares are)
    from flowbot.vision._hex_lightness import sees_every_line  # noqa: PLC0415

    walls, holes = wall_sides(sides)
    faced_walls, faced_holes = wall_sides(faced)
    if holes != faced_holes or not walls <= faced_walls or not isinstance(faced.inks, FacedInks):
        return False
    light = sees_every_line(faced)
    if light is None:
        return False
    voices = (
        (replace(faced, inks=CoveredInks(faced.inks)), 0.0),
        (replace(faced, inks=HalfCoveredInks(faced.inks)), SOLID),
        (replace(faced, inks=light), 0.0),
    )
    return all(_reads_thin(voice, faced_walls - walls, least) for voice, least in voices)


def _reads_thin(voice: HexSides, alone: set[frozenset[Node]], least: float = 0.0) -> bool:
    """Whether ``voice`` (one measure of the sides' widths) reads each of ``alone`` thin,
    its groups clear along the side's direction, their thin lines ``least`` wide or more."""
    inner, _ = voice.widths
    groups = voice.direction_groups
    for side in alone:
        group = groups[side_direction(side)]
        if group is None or not group.clear or group.thin < least or group.is_wide(inner[side]):
            return False
    return True


def _alike_where_told(sides: HexSides, faced: HexSides) -> bool:
    """Whether ``faced`` (each side's clearest channel) reads every side as ``sides`` does
    (wide or thin), but those it measures farther than ``WALL_PAST`` of the way past its
    outline's typical width or short of its thin lines' (log scale, either way): no line
    as the game draws one, the channel not telling it (a wall measures as the outline).

    Glow shafts over a finished board's tints hide a line from its clearest channel (0 px)
    or take their edge in with it (synthetic hex rectangular 6000001 solved, 11x14: two
    sides of a hole 0.00 px, a thin line 5.40 against the outline's 3.77, 1.50 of the way;
    every other measure reading each as the lead did): refused before, read exact."""
    lead, found = sides.groups, faced.groups
    assert lead is not None
    assert found is not None
    inner, _ = sides.widths
    faced_inner, _ = faced.widths
    told = 0
    for side, width in inner.items():
        direction = side_direction(side)
        group, own = lead[direction], found[direction]
        if abs(own.way(faced_inner[side])) > WALL_PAST:
            continue
        if own.is_wide(faced_inner[side]) != group.is_wide(width):
            return False
        told += 1
    return told > 0


def _faced_off(sides: HexSides, faced: HexSides) -> bool:
    """Whether the walls of ``faced`` (each side in its clearest channel) but not of
    ``sides`` (the lines' colour's shares) are all walls it cannot tell, each measured over
    one ground beside a tint (``_hex_one_ground.tells_wide``: a single channel errs wide
    beside a tint, never thin), that the width at half the lines' colour reads thin too
    (``HalfCoveredInks``, blind to a tint's faint spread beside a line; its groups clear,
    its thin lines solid); where that says nothing, that the lines' lightness's share reads
    thin (``_lightness_thin``); and it reads every wall of ``sides`` and the same holes."""
    walls, holes = wall_sides(sides)
    faced_walls, faced_holes = wall_sides(faced)
    if holes != faced_holes or not walls <= faced_walls:
        return False
    assert faced.groups is not None
    half = half_led(faced)
    if half is None:
        return _lightness_thin(faced, faced_walls - walls)
    half_walls, _ = wall_sides(half)
    inner, _ = faced.widths
    seen = one_ground(faced)
    groups = faced.groups
    return all(
        side not in half_walls
        and not tells_wide(seen.get(side), inner[side], groups[side_direction(side)].boundary)
        for side in faced_walls - walls
    )


def _lightness_thin(faced: HexSides, alone: set[frozenset[Node]]) -> bool:
    """Whether the lines' lightness's share (``_hex_lightness``), where it sees every side
    between two hexagons, reads each of ``alone`` (walls of ``faced``, each side's clearest
    channel, that the lines' colour's shares read thin) thin too, its groups clear along
    the side's direction.

    The voice in the half-level width's place where that says nothing (the thin lines
    short of half the lines' colour, ``SOLID``: lines under a pixel, or a mirror's scaling,
    leave them so): it takes each side's ground apart as the shares do, but from the
    lightness alone, which JPEG keeps whole, not from the colours a tint's step or JPEG's
    halved colours run across a line; a single channel beside a tint errs wide. Two such
    voices reading a side thin outweigh one channel reading it wide (dev seeds, hex tiny
    cells, JPEG and mirror, 300000-300007 and 4200000-4300001, started and solved: neither
    read a wall or hole's side thin along a direction where its groups were clear, of
    8780 and 10206 sides; synthetic hex mirror 4200001 solved, a thin line between a red
    tint and a yellow one 1.60 px in blue against the boundary 1.15, the shares 0.03 and
    the lightness -0.09 of the way; tiny cells 4200000 solved, 0.58, 0.08 and 0.49)."""
    # (a cycle: the lightness's share is measured as the shares are)
    from flowbot.vision._hex_lightness import sees_every_line  # noqa: PLC0415

    assert isinstance(faced.inks, FacedInks)
    light = sees_every_line(faced)
    if light is None:
        return False
    return _reads_thin(replace(faced, inks=light), alone)


COVERED_ALIKE: Rule[HexSides] = Rule(
    name="hex walls alike covered and faced",
    refuses="a hexagonal board with pipes drawn whose walls, read from the lines' colour's "
    "share of the pixels across each side (the ground on each side apart), are not the "
    "walls each side's clearest channel reads, where that channel's widths fall into clear "
    "groups too; but for walls that channel alone reads where it cannot tell them "
    "(`_hex_one_ground`: measured over one ground beside a tint, their width over the "
    "spread thin, the line unseen, or two tints overlapping beside it as bright as the line "
    "there) and the width at half the lines' colour reads thin; or, where that width says "
    "nothing (its thin lines short of half the lines' colour), walls that channel alone "
    "reads that the lines' lightness's share reads thin, where it sees every side between "
    "two hexagons and falls in clear groups along their direction; nor walls that channel "
    "alone reads that the shares, the half-level width (its thin lines solid) and the lines' "
    "lightness's share all read thin, each clear along their direction",
    why="Either measure errs somewhere: a channel where a tint beside a line is nearly as "
    "bright as it widens or hides the line; the colour's shares lean on the faces' colours, "
    "which JPEG blurs into the line. Where both can tell, they must tell alike.",
    bounds="Clear groups as `hex widths in two groups` judges them; the faces GROUND_OFF 0.1 "
    "pitch out, the ground stepping from one face's to the other's over a pixel at the "
    "line's middle. Synthetic hex dev seeds 300000-300007 started and solved (240 boards): "
    "the shares' gaps 0.33-0.99 where clear, their walls every board's there; tiny cells "
    "300000 solved 0.46-0.65 (each side's clearest channel 0.16-0.25). Both clear and "
    "apart: zoomed 300004 solved, the shares no wall (right), the channels 6 (gaps "
    "0.38-0.48). A width in one channel over one ground errs wide beside a tint, up to its "
    "spread (the line's contrast over its darker face over that over its brighter, 0.1 "
    "pitch out): synthetic hex phone 300013 started, a thin line between a grey tint with "
    "glow along it and a dark face 6.5 px in red (spread 2.2, boundary 4.3; shares 2.9, "
    "half-level 4.3 against 6.2); zoomed 300018 started, 2.0 px in the luma (spread 1.8, "
    "boundary 1.8; shares 1.9, half-level 1.9 against 2.4); both read right since. Two "
    "tints overlap along a side between two tinted hexagons (each filled smoothed, "
    "reaching past its side), brighter than either: where their steps from the board's "
    "ground summed reach the line's level within the line contrast in that channel, it "
    "cannot tell either (synthetic hex tiny cells 300025 started and solved, no JPEG: a "
    "bluish line between a grey tint and a teal one, each 59 in blue, the line 116 over a "
    "black ground, 1.50 px against the boundary 1.30; the shares 0.46 and the half-level "
    "width 0.40 of the way, both clear: read right since). A wall the shares read and that "
    "channel reads thin is still refused (it errs wide, never thin: web 300018 started, "
    "JPEG's halved colours spread a tint's step over a thin line, the shares 1.33 against "
    "1.19). The lightness in the half-level width's place "
    "(JPEG keeps it whole; it takes each side's ground apart as the shares do): dev seeds "
    "300000-300007 and 4200000-4300001, hex tiny cells, JPEG and mirror, started and "
    "solved, neither it nor the shares read a wall or hole's side thin along a direction "
    "clear in its groups (8780 and 10206 sides); synthetic hex mirror 4200001 solved, a "
    "thin line between a red tint and a yellow one 1.60 px in blue against the boundary "
    "1.15 (the thin lines' half-level width 0), the shares and the lightness 0.03 and "
    "-0.09 of the way; tiny cells 4200000 solved, 0.58 in the channel, 0.08 and 0.49: both "
    "refused before, read exact since. Sides each side's clearest channel measures farther than "
    "WALL_PAST 1.25 of the way past its outline or short of its thin lines (log scale) are "
    "not its to tell, the rest read alike (synthetic hex rectangular 6000001 solved, glow "
    "shafts: two sides of a hole 0.00 px, a thin line 5.40 against the outline's 3.77: "
    "refused before, read exact). Three voices against that channel alone "
    "(blur runs a line's hump into a tint's smoothed edge on one side): synthetic hex zoomed "
    "6100001 solved (zoom 1.1), a thin line between a yellow tint and a teal one 1.60 px in "
    "the luma against 1.41 (spread 1.04), the shares, the half-level width and the lightness "
    "1.47, 1.46, 1.63 against 1.76, 1.79, 1.86, each clear: refused before, read exact.",
    reason="cannot tell whether a line between two hexagons is a wall or not "
    "(the line's colour and its clearest channel disagree)",
    check=_check_covered_alike,
)
