"""A cheap look for another board's dots outside the board read.

A board's grid lines are thin and can fade in the shrunk copy the search
uses (a line one pixel wide keeps a quarter of its contrast at 1/4 scale), but
its dots do not: they are flat, round, saturated discs, all of one size, each
colour drawn exactly twice (a pair's two ends). Such pairs outside the board
read tell where another board may lie; only there is the image searched again,
at full resolution (``_other_boards.another_board``, ``_search.find_boards``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from flowbot.models import BoardGeometry
from flowbot.vision._colour import brightest_channel
from flowbot.vision._grid import MIN_BOARD_SIDE
from flowbot.vision._stats import median_of
from flowbot.vision._types import Settings

#: Least spread between a pixel's brightest and darkest channel for a dot's
#: colour (the palette's coloured dots: 68 for tan up to 250; white and grey
#: dots are left out, a board has coloured pairs enough).
DOT_CHROMA = 60
#: Least brightest channel of a dot (dim glow is no dot).
DOT_BRIGHTNESS = 100


def flow_coloured(image: np.ndarray) -> np.ndarray:
    """Where ``image`` (RGB) is of a flow's colour, its dots' and pipes' (``DOT_CHROMA``,
    ``DOT_BRIGHTNESS``): the cells' dim tints and the screen's greys are not."""
    brightest, spread = _chroma(image)
    return np.asarray((spread >= DOT_CHROMA) & (brightest >= DOT_BRIGHTNESS))


def _chroma(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel of ``image`` (RGB): its brightest channel, and that less its darkest."""
    r, g, b = cv2.split(image)
    brightest = cv2.max(cv2.max(r, g), b)
    return brightest, cv2.subtract(brightest, cv2.min(cv2.min(r, g), b))


#: Twins (a pair's ends) differ by less than this RGB distance ...
TWIN_COLOUR = 40.0
#: ... and in size by less than this share (also: dots of one board).
TWIN_SIZE = 0.25
#: Fewest pairs of one size that make another board likely.
PAIRS = 2
#: Pairs of a finished flow's ends that make another board worth looking for: every
#: level has three flows or more (fewer may be a screen's icons).
FLOW_PAIRS = 3
#: The board around its dots: the search region reaches this many dot sizes
#: past the outermost dots (about three cells: rows with no dot at the edge).
REACH = 5.0


@dataclass(frozen=True, slots=True)
class Region:
    """A rectangle of the image, in full-size pixels: ``x0 <= x < x1``, ``y0 <= y < y1``."""

    x0: int
    y0: int
    x1: int
    y1: int


def other_dots(
    image: np.ndarray,
    board: BoardGeometry,
    step: int,
    min_side: float,
    pairs: int = PAIRS,
    *,
    cut_pairs: int = 0,
) -> Region | None:
    """Where pairs of dots like a board's lie outside ``board``, if anywhere.

    Parameters
    ----------
    image
        ``(H, W, 3)`` ``uint8`` RGB screenshot.
    board
        The board read; it and half a cell around it are left out.
    step
        Every ``step``-th pixel is looked at (a flat dot keeps its colour
        in a nearest-neighbour copy).
    min_side
        Parts of the image narrower than this cannot hold a board (nor
        parts under two of its looked-at pixels).

    Returns
    -------
    Region or None
        The dots' rectangle grown by ``REACH`` dot sizes, within the image;
        None when fewer than ``pairs`` pairs of one size were seen (and,
        with ``cut_pairs``, fewer than that many once discs are cut from
        saturated blobs too: ``CUT_LEAST``).
    """
    parts = _outside(image, board)
    return _dots_region(image, parts, step, min_side, pairs, cut_pairs=cut_pairs)


def dots_outside(
    image: np.ndarray,
    board: BoardGeometry,
    settings: Settings,
    pairs: int = PAIRS,
    *,
    cut_pairs: int = 0,
) -> Region | None:
    """``other_dots`` at the reader's working scale, in parts that can hold a board."""
    h, w = image.shape[:2]
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    min_side = MIN_BOARD_SIDE * settings.min_cell_px
    return other_dots(image, board, step, min_side, pairs, cut_pairs=cut_pairs)


#: A finished flow is one saturated blob: its two dots joined by its pipe, narrower
#: than them (half-width 0.15-0.17 pitch, a dot's radius 0.25-0.35: ``render``).
#: Only within its dots does the blob reach this share of its widest (its distance
#: from the blob's rim), so the places past it are its two ends' centres.
ENDS_CORE = 0.8
#: Blobs shorter than this on their longer side (in the copy looked at) are not
#: looked into: a flow spans two dots at least; a title's letters by the tens are less.
_ENDS_LEAST = 6


def flow_ends_outside(
    image: np.ndarray, board: BoardGeometry, settings: Settings, pairs: int, least: float = 0.0
) -> np.ndarray:
    """Finished flows' ends outside ``board`` paired as a board's dots (x, y, size, R, G, B
    rows: ``pairs_of_one_size``), none when fewer than ``pairs`` pairs; ends under ``least``
    px across are left out before pairing.

    ``dots_outside`` sees round discs alone: on a finished board (or its screenshot
    preview beside another board) every dot is joined to its pipe, no disc, and the
    cheap look sees no other board there (a finished board beside another finished
    board's preview: decoy flow_other_solved_preview). Each flow is then a blob of one
    colour with exactly two widest places, its dots (``ENDS_CORE``), of one size.
    """
    h, w = image.shape[:2]
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    min_side = MIN_BOARD_SIDE * settings.min_cell_px
    ends = [
        end
        for part in _outside(image, board)
        if min(part.x1 - part.x0, part.y1 - part.y0) >= max(min_side, 2 * step)
        for end in _look(image, part, step).ends(image)
    ]
    dots = _paired([end for end in ends if end[2] >= least], pairs)
    return dots if len(dots) >= 2 * pairs else dots[:0]


def around(image: np.ndarray, dots: np.ndarray, reach: float = REACH) -> Region:
    """The rectangle of ``dots`` (x, y, size rows) grown by ``reach`` dot sizes, within
    ``image``: the board round them."""
    h, w = image.shape[:2]
    past = reach * float(median_of(dots[:, 2]))
    return Region(
        max(0, int(dots[:, 0].min() - past)),
        max(0, int(dots[:, 1].min() - past)),
        min(w, math.ceil(dots[:, 0].max() + past)),
        min(h, math.ceil(dots[:, 1].max() + past)),
    )


def flow_ends(blob: np.ndarray) -> list[tuple[float, float, float]] | None:
    """A finished flow's two ends in ``blob`` (a mask of one blob): x, y, size each, or
    ``None`` when it has not exactly two widest places, each no longer than a dot."""
    # Padded: past the image's edge counts as inside for the transform.
    inside = cv2.distanceTransform(np.pad(blob, 1), cv2.DIST_L2, 5)[1:-1, 1:-1]
    widest = float(inside.max())
    if widest < 2:
        return None
    cores = (inside >= ENDS_CORE * widest).astype(np.uint8)
    n, _, stats, centres = cv2.connectedComponentsWithStats(cores)
    if n != 3:  # the ground and two ends
        return None
    ends = []
    for k in (1, 2):
        # A dot's core is a small disc; a pipe as wide as its dots is no flow of the game's.
        if max(stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]) > widest:
            return None
        ends.append((float(centres[k][0]), float(centres[k][1]), 2 * widest))
    (x0, y0, _), (x1, y1, _) = ends
    # Two dots apart, joined by a pipe: one dot with a notch is no flow.
    return ends if math.hypot(x1 - x0, y1 - y0) >= 2 * widest else None


def _outside(image: np.ndarray, board: BoardGeometry) -> list[Region]:
    """The image less ``board`` and half a cell around it, as four parts."""
    h, w = image.shape[:2]
    m = board.cell_size / 2
    left, right = max(0, int(board.left - m)), min(w, math.ceil(board.right + m))
    top, bottom = max(0, int(board.top - m)), min(h, math.ceil(board.bottom + m))
    return [
        Region(0, 0, w, top),
        Region(0, bottom, w, h),
        Region(0, top, left, bottom),
        Region(right, top, w, bottom),
    ]


def board_dots(
    image: np.ndarray, step: int, min_side: float, *, split: bool = False, reach: float = REACH
) -> Region | None:
    """Where pairs of dots like a board's lie anywhere in ``image``, if anywhere.

    As ``other_dots``, over the whole image: a board whose thin lines fade
    in every shrunk copy still shows its dots. ``split``: see ``round_blobs``
    (a hexagonal board's outline in its pack's colour runs into the dots
    beside it once shrunk). ``reach``: how many dot sizes the region reaches past the
    outermost dots.
    """
    h, w = image.shape[:2]
    return _dots_region(image, [Region(0, 0, w, h)], step, min_side, split=split, reach=reach)


def board_dot_sets(
    image: np.ndarray, step: int, min_side: float, *, split: bool = False
) -> list[np.ndarray]:
    """The pairs of dots like a board's ``board_dots`` looks round (x, y, size, R, G, B
    rows), and each other set of pairs of dots of one size among the discs left, the
    likeliest first (``pairs_of_one_size``).

    A screenshot preview copies the board's dots smaller; a stray disc of a dot's size
    and colour (a hint's bulb beside a yellow pair) leaves the board's set fewer pairs
    than the copy's, the likelier then (synthetic hex preview 4400003).
    """
    h, w = image.shape[:2]
    if min(h, w) < max(min_side, 2 * step):
        return []
    left = np.array(_look(image, Region(0, 0, w, h), step).discs(split=split)).reshape(-1, 6)
    sets = []
    while len(dots := _paired(list(left), PAIRS)) >= 2 * PAIRS:
        sets.append(dots)
        taken = (left[:, None, :] == dots[None, :, :]).all(axis=2).any(axis=1)
        left = left[~taken]
    # A set falling apart: each group of it, after all sets (only such screens pay).
    apart = [group for dots in sets for group in groups_apart(dots)]
    return sets + [group for group in apart if len(group) >= 2 * PAIRS]


#: A board's dots each lie within this many dot sizes of another of its dots (about six
#: cells), a pair's two ends together however far apart: a set of pairs that falls
#: apart farther is more than one group, and each is looked round too. Discs of a dot's
#: size in a window beside a small board (a pink pair 17 dot sizes off a mirrored hex
#: board, colour_blind 4600003) widen the set's region over that window's clutter (a
#: spreadsheet's ruled grid), whose lines outweigh the board's there.
APART = 8.0


def groups_apart(dots: np.ndarray) -> list[np.ndarray]:
    """The groups ``dots`` (x, y, size, R, G, B rows) fall into (``APART``), when more than
    one; none when it is one."""
    centres, size = dots[:, :2], float(np.median(dots[:, 2]))
    near = np.linalg.norm(centres[:, None] - centres[None], axis=2) <= APART * size
    twins = (
        np.linalg.norm(dots[:, None, 3:] - dots[None, :, 3:], axis=2) <= TWIN_COLOUR
    )  # one colour in a set of one size: a pair's ends
    joined = (near | twins).astype(np.int32)
    while not np.array_equal(grown := np.minimum(joined @ joined, 1), joined):
        joined = grown  # joined through one more dot
    groups = np.unique(joined.astype(bool), axis=0)
    return [dots[group] for group in groups] if len(groups) > 1 else []


def _dots_region(
    image: np.ndarray,
    parts: list[Region],
    step: int,
    min_side: float,
    pairs: int = PAIRS,
    *,
    split: bool = False,
    cut_pairs: int = 0,
    reach: float = REACH,
) -> Region | None:
    """``other_dots``' search over the given parts of the image."""
    looks = [
        _look(image, part, step)
        for part in parts
        if min(part.x1 - part.x0, part.y1 - part.y0) >= max(min_side, 2 * step)
    ]
    dots = _paired([disc for look in looks for disc in look.discs(split=split)], pairs)
    if len(dots) < 2 * pairs and cut_pairs:
        # Seen none: discs cut from large saturated blobs too (CUT_LEAST), and lit apart
        # from dim glow (a screenshot preview's glow shaft joined four of its dots to it
        # two by two: decoy flow_other_preview 8500001).
        dots = _paired(
            [disc for look in looks for disc in look.with_cut(CUT_LEAST, both_sides=True)],
            cut_pairs,
        )
        pairs = cut_pairs
    if len(dots) < 2 * pairs:
        return None
    return around(image, dots, reach)


def _paired(discs: list[tuple[float, ...]], pairs: int) -> np.ndarray:
    """Discs paired as a board's dots: x, y, size, R, G, B rows (none under ``pairs``)."""
    if len(discs) < 2 * pairs:
        return np.zeros((0, 6))
    return pairs_of_one_size(np.array(discs))


def round_blobs(
    image: np.ndarray, part: Region, step: int, *, split: bool = False
) -> list[tuple[float, ...]]:
    """Round, filled, saturated blobs in one part: x, y, size, R, G, B (full-size pixels).

    With ``split``, also discs touching saturated blobs of another colour, cut
    from them at their rims (``_Look.cut``): another board's dots beside a
    square board read, in glow or on a saturated wallpaper (a screenshot preview's).
    """
    return _look(image, part, step).discs(split=split)


#: A disc ringed by light over this share of a ring ``RING_OUT`` px past its rim is a
#: letter's counter, no dot: the hole of an "o" or a "6" in white text over a coloured
#: panel or glow, ringed 0.94-1.0 by the stroke (synthetic hex colour-blind 12500008
#: unsolved: the counts' "6" and "o" over orange glow and an advert's "o"s over its
#: blue panel, two pairs of one size, refused as two boards). The game draws its dots
#: on its dark ground: a dot's ring there is the ground, or its own pipe.
RINGED = 0.75
#: ... the ring looked at this many pixels past the disc's rim (a stroke of a letter
#: large enough to hold a counter of a dot's size is 3 px or more) ...
RING_OUT = 1.5
#: ... and light where every channel is this bright or more (white or light grey text).
LIGHT = 170


def counters(image: np.ndarray, discs: np.ndarray) -> np.ndarray:
    """For discs ``(n, 3+)`` (x, y, size across, in ``image``'s pixels), whether each is a
    letter's counter: ringed by light (``RINGED``, ``RING_OUT``, ``LIGHT``)."""
    if not len(discs):
        return np.zeros(0, bool)
    h, w = image.shape[:2]
    angles = np.linspace(0.0, 2 * math.pi, 32, endpoint=False)
    radius = discs[:, 2:3] / 2 + RING_OUT
    xs = np.clip(np.round(discs[:, 0:1] + radius * np.cos(angles)), 0, w - 1).astype(int)
    ys = np.clip(np.round(discs[:, 1:2] + radius * np.sin(angles)), 0, h - 1).astype(int)
    light = image[ys, xs].min(axis=-1) >= LIGHT
    return np.asarray(light.mean(axis=1) >= RINGED)


#: A blob's bounding rectangle in the copy looked at: x, y, width, height.
Rect = Sequence[int]


@dataclass(frozen=True)
class _Look:
    """One part of the image looked at: its copy, saturated blobs, and the discs among them."""

    part: Region
    step: int
    small: np.ndarray
    mask: np.ndarray
    brightest: np.ndarray
    found: list[tuple[float, ...]]
    #: Bounding rectangles of the saturated blobs that are no disc.
    failed: list[Rect]

    def discs(self, *, split: bool) -> list[tuple[float, ...]]:
        """The discs found whole, and with ``split`` those cut from blobs ``_SPLIT_LEAST``
        px or more on their longer side (``round_blobs``), and those lit apart from dim
        glow (``lit``)."""
        if not split:
            return self.found
        return self.with_cut(_SPLIT_LEAST)

    def with_cut(self, least: int, *, both_sides: bool = False) -> list[tuple[float, ...]]:
        """The discs found whole or lit apart (``unlit``), and those ``cut`` from blobs (as
        it takes ``least`` and ``both_sides``) where none of those lies: each disc once (a
        dot lit apart from glow is cut from it too; twice over, a pair's ends were three,
        no pair: decoy flow_other_preview 10700001, a preview's two pairs on its glow)."""
        found = self.unlit()
        for disc in self.cut(least, both_sides=both_sides):
            if all(math.hypot(disc[0] - x, disc[1] - y) > size / 2 for x, y, size, *_ in found):
                found.append(disc)
        return found

    def unlit(self) -> list[tuple[float, ...]]:
        """The discs found whole, and those lit apart from dim glow (``lit``) in place of
        the blobs of glow round them."""
        found = list(self.found)
        for disc in self.lit(found):
            # Lying in a disc found whole: the same dot, or glow round it (a blob of
            # another size, the lit dot the one drawn).
            within = [f for f in found if math.hypot(disc[0] - f[0], disc[1] - f[1]) <= f[2] / 2]
            if any(abs(f[2] - disc[2]) <= TWIN_SIZE * max(f[2], disc[2]) for f in within):
                continue
            found = [f for f in found if f not in within] + [disc]
        return found

    def lit(self, whole: list[tuple[float, ...]]) -> list[tuple[float, ...]]:
        """Discs among the blobs that are no disc (and within the discs found whole,
        ``whole``), once their pixels dimmer than a dot (``DOT_BRIGHTNESS``) are left out.

        Dim glow of a saturated hue round a board (a mirrored phone's backdrop: a dark
        brown glow 52 apart in its channels, 55 bright) passes the chroma test and joins
        every dot into one blob, or into a disc of glow round a few dots (found whole:
        synthetic hex mirror 300549, no board's dots found, its lattice never looked for
        round them); its colour shades smoothly, so no rim cuts the dots from it
        (``cut``). Every dot is brighter than the glow.
        """
        bright = self.mask & (self.brightest >= DOT_BRIGHTNESS).astype(np.uint8)
        part, step = self.part, self.step
        found: list[tuple[float, ...]] = []
        # The discs found whole, back in the copy's pixels (a pixel's margin round them).
        step_back = [
            (
                max(0, round((cx - part.x0) / step - size / step / 2)),
                max(0, round((cy - part.y0) / step - size / step / 2)),
                round(size / step) + 1,
                round(size / step) + 1,
            )
            for cx, cy, size, *_ in whole
        ]
        for x, y, w, h in [*self.failed, *step_back]:
            box = (slice(y, y + h), slice(x, x + w))
            at = Region(part.x0 + x * step, part.y0 + y * step, part.x1, part.y1)
            for outline in _outlines(bright[box]):
                disc = _disc(
                    cv2.boundingRect(outline),
                    bright[box],
                    self.small[box],
                    self.brightest[box],
                    part=at,
                    step=step,
                )
                if disc is not None:
                    found.append(disc)
        return found

    def cut(self, least: int, *, both_sides: bool = False) -> list[tuple[float, ...]]:
        """Discs cut from the blobs that are no disc, ``least`` px or more (in the copy)
        on their longer side, or with ``both_sides`` on both; those found whole left out.

        A saturated blob that is no disc: dots may touch glow or a saturated
        wallpaper of another colour. A dot is one flat colour, cut from them
        at its rim: the blob's box less pixels unlike a neighbour finds it
        (a pixel narrower each side: grown back), where not found whole.
        """
        found = list(self.found)
        part, step = self.part, self.step
        for x, y, w, h in self.failed:
            if (min(w, h) if both_sides else max(w, h)) < least:
                continue
            box = (slice(y, y + h), slice(x, x + w))
            flat = self.mask[box] & _one_colour(self.small[box])
            at = Region(part.x0 + x * step, part.y0 + y * step, part.x1, part.y1)
            for inner in _outlines(flat):
                disc = _disc(
                    cv2.boundingRect(inner),
                    flat,
                    self.small[box],
                    self.brightest[box],
                    part=at,
                    step=step,
                )
                if disc is None:
                    continue
                cx, cy, width, *rgb = disc
                if all(math.hypot(cx - fx, cy - fy) > fw / 2 for fx, fy, fw, *_ in found):
                    found.append((cx, cy, width + 2 * step, *rgb))
        return found[len(self.found) :]

    def ends(self, image: np.ndarray) -> list[tuple[float, ...]]:
        """Finished flows' ends among the blobs that are no disc (``flow_ends``), looked at
        in ``image`` at full resolution: x, y, size, R, G, B (full-size pixels).

        In each such blob's box, each flow's colour is looked at alone (``_flows``): a
        glow or the cells' tints round a preview join its flows into one blob of chroma."""
        found: list[tuple[float, ...]] = []
        part, step = self.part, self.step
        least = _ENDS_LEAST * step
        # And the discs found whole, a copy's pixel round them: a preview's tinted board
        # under its flows may fill a round enough blob of chroma (decoy
        # flow_other_solved_preview 300001: a 6x6 preview's, 110 px, taken for a disc).
        whole = [
            (
                max(0, round((cx - part.x0 - size / 2) / step) - 1),
                max(0, round((cy - part.y0 - size / 2) / step) - 1),
                round(size / step) + 2,
                round(size / step) + 2,
            )
            for cx, cy, size, *_ in self.found
        ]
        for x, y, w, h in [*self.failed, *whole]:
            if max(w, h) < _ENDS_LEAST:
                continue
            x0, y0 = part.x0 + max(0, x - 1) * step, part.y0 + max(0, y - 1) * step
            x1 = min(part.x1, part.x0 + (x + w + 1) * step)
            y1 = min(part.y1, part.y0 + (y + h + 1) * step)
            crop = image[y0:y1, x0:x1]
            for blob, (bx, by), colour in _flows(crop, least, flow_coloured(crop)):
                for cx, cy, size in flow_ends(blob) or ():
                    at = (x0 + bx + cx, y0 + by + cy)
                    # Boxes of blobs may overlap: each end once. An end within the
                    # smaller's radius of one found is that one; a flow's thin
                    # anti-aliased rim, its own colour bin, may end a few pixels off a
                    # dot, and must not hide it (decoy flow_other_solved_preview
                    # 12300000: a 4 px "end" 10.3 px off a 21 px dot).
                    if any(
                        math.hypot(at[0] - f[0], at[1] - f[1]) < min(size, f[2]) / 2 for f in found
                    ):
                        continue
                    found.append((*at, size, *colour))
        return found


#: Flows' colours are told apart in bins of this many levels per channel (a flow is
#: one flat colour; JPEG's noise spreads it by under 20: ``_EDGE_STEP``).
_COLOUR_BIN = 16
#: At most this many colours are looked at in one box (a preview's flows: 3-16).
_MOST_COLOURS = 16


def _flows(
    crop: np.ndarray, least: int, coloured: np.ndarray
) -> Iterator[tuple[np.ndarray, tuple[int, int], tuple[float, ...]]]:
    """Blobs of one flow's colour in ``crop`` (RGB), ``least`` px or more on their longer
    side: each as a 0/1 mask of its box, the box's corner, its colour. The colours: the
    commonest among the pixels of a flow's chroma and brightness (``flow_coloured``),
    a flow's flat colour, each taking in the pixels within ``TWIN_COLOUR`` of it.
    ``coloured``: where to look, of a flow's colour (``flow_coloured``)."""
    pixels = crop[coloured].astype(np.int32)
    area = least * least / 2  # two dots' at least
    if len(pixels) < area:
        return
    bins = pixels // _COLOUR_BIN
    keys = (bins[:, 0] * 256 + bins[:, 1]) * 256 + bins[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    order = np.argsort(-counts, kind="stable")[:_MOST_COLOURS]
    taken: list[np.ndarray] = []
    for key in values[order[counts[order] >= area / 4]]:
        colour = pixels[keys == key].mean(axis=0)
        if any(np.linalg.norm(colour - t) <= TWIN_COLOUR for t in taken):
            continue
        taken.append(colour)
        # Judged among the flow-coloured pixels alone (few of a large box, often).
        near = np.zeros(coloured.shape, bool)
        near[coloured] = np.sum((pixels - colour) ** 2, axis=1) <= TWIN_COLOUR**2
        if np.count_nonzero(near) < area:
            continue
        n, labels, stats, _ = cv2.connectedComponentsWithStats(near.astype(np.uint8))
        for k in range(1, n):
            bx, by, bw, bh = (int(v) for v in stats[k, :4])
            if max(bw, bh) >= least:
                blob = (labels[by : by + bh, bx : bx + bw] == k).astype(np.uint8)
                yield blob, (bx, by), tuple(colour.tolist())


def _look(image: np.ndarray, part: Region, step: int) -> _Look:
    """``part`` of ``image`` shrunk ``step`` times, its saturated blobs and the discs among them."""
    crop = image[part.y0 : part.y1, part.x0 : part.x1]
    size = ((part.x1 - part.x0) // step, (part.y1 - part.y0) // step)
    small = cv2.resize(crop, size, interpolation=cv2.INTER_NEAREST)
    brightest, spread = _chroma(small)
    mask = cv2.threshold(spread, DOT_CHROMA - 1, 1, cv2.THRESH_BINARY)[1]
    found: list[tuple[float, ...]] = []
    failed = []
    for outline in _outlines(mask):
        rect = cv2.boundingRect(outline)
        disc = _disc(rect, mask, small, brightest, part=part, step=step)
        if disc is None:
            failed.append(rect)
        else:
            found.append(disc)
    return _Look(part, step, small, mask, brightest, found, failed)


#: A blob narrower and lower than this (in the copy looked at) is not split: a
#: disc (2 px or more), its rim and what it touches span more (a preview's dots
#: in glow 6 px and more, flow_other_preview 170205); text and icons beside a
#: board make blobs of 4-6 px by the tens, each split at a cost.
_SPLIT_LEAST = 8
#: Looking for another board beside the one read, only blobs this many px or
#: more on both sides (in the copy looked at, 800 px long: a tenth of a phone
#: screen's width) are cut: a screenshot preview's saturated ground or glow
#: holding its dots measures 66-144 px (flow_other_preview 170163, 170205). On
#: real phone screens a level's coloured title makes blobs of 8-21 px by the
#: tens, an advert's banner and icons 24-44 px (cut: +0.2 ms a read at 16 px,
#: +0.1 at 32, and from 8 px pairs cut from letters and icons on 17 of 510 real
#: screens, each then searched at full resolution); at 48 the look costs what
#: it did (phone screens: 0.43-0.48 ms either way).
CUT_LEAST = 48

#: A pixel whose colour differs from a neighbour's (in the copy looked at) by
#: more than this in some channel lies on a colour's edge: a dot's rim.
#: Inside a dot, JPEG's noise moves channels by under 20 (quality 60).
_EDGE_STEP = 40


def _one_colour(small: np.ndarray) -> np.ndarray:
    """1 where a pixel's and its four neighbours' colours span at most ``_EDGE_STEP`` in
    every channel, else 0."""
    spread = cv2.morphologyEx(small, cv2.MORPH_GRADIENT, _CROSS)
    return cv2.threshold(brightest_channel(spread), _EDGE_STEP, 1, cv2.THRESH_BINARY_INV)[1]


_CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))


def _outlines(mask: np.ndarray) -> list[np.ndarray]:
    """Each blob's outer outline, also of blobs lying in another's hole: a board's
    dots inside a saturated wallpaper that frames the board."""
    # Outlines only (no labelling of every pixel): few blobs pass the shape test.
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    return [
        contour
        for contour, (*_, parent) in zip(contours, hierarchy[0] if contours else (), strict=True)
        if parent < 0  # else a hole's outline
    ]


def _disc(
    rect: Rect,
    mask: np.ndarray,
    small: np.ndarray,
    brightest: np.ndarray,
    *,
    part: Region,
    step: int,
) -> tuple[float, ...] | None:
    """The blob of ``mask`` in its bounding ``rect`` (in ``part`` shrunk ``step`` times) as
    a disc: x, y, size, R, G, B (full-size pixels); ``None`` when it is none."""
    x, y, w, h = rect
    # A disc: as wide as high, filling pi/4 of its box (a square or an
    # icon tile fills it all, once big enough to tell), bright and of its
    # colour at its centre (no ring, no dim glow).
    if min(w, h) < 2 or abs(w - h) > max(1, 0.25 * max(w, h)):
        return None
    fill = cv2.countNonZero(mask[y : y + h, x : x + w]) / (w * h)
    cx, cy = x + (w - 1) / 2, y + (h - 1) / 2
    i, j = round(cy), round(cx)
    if (
        fill < 0.6
        or (fill > 0.9 and min(w, h) >= 5)
        or not mask[i, j]
        or brightest[i, j] < DOT_BRIGHTNESS
    ):
        return None
    return (
        part.x0 + cx * step,  # pixel i of the copy is pixel i * step
        part.y0 + cy * step,
        (w + h) / 2 * step,
        *small[i, j].tolist(),
    )


def pairs_of_one_size(blobs: np.ndarray) -> np.ndarray:
    """The biggest set of blobs of one size, each with exactly one twin among them.

    A twin: nearly the same colour and size (a pair's other end). A row of
    like icons or a lamp's rays come in threes or more; a board's dots are
    all of one size.
    """
    if len(blobs) < 2:
        return blobs[:0]
    size = blobs[:, 2]
    alike_size = np.abs(size[:, None] - size[None, :]) <= TWIN_SIZE * np.maximum(
        size[:, None], size[None, :]
    )
    colours = blobs[:, 3:]
    alike_colour = np.linalg.norm(colours[:, None, :] - colours[None, :, :], axis=2) <= TWIN_COLOUR
    twins = alike_size & alike_colour
    paired = twins.sum(axis=1) == 2  # itself and one other
    if not paired.any():
        return blobs[:0]
    # For each paired blob, the paired blobs of its size: the largest such set (of
    # two as large, the bigger dots': a screenshot preview copies the board's).
    groups = alike_size[paired][:, paired]
    counts = groups.sum(axis=1)
    best = int(np.argmax(np.where(counts == counts.max(), size[paired], -1.0)))
    return blobs[paired][groups[best]]
