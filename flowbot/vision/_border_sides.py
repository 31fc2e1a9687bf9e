"""The board's border, side by side and cell by cell: how strongly it is drawn, in what colour.

Warps leave it open beside some cells (``_warps``). The game's other boards
draw it as one bright outline all round, lighter than the thin lines inside
(``flowbot.look``); the thin lines then end at the outline, not at the
border's middle, which ``_outline_all_round.lines_end_at_outline`` lets the
rule on where lines end take as the border it is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Link, link
from flowbot.vision._colour import delta_e, from_mix, pixels_at, to_lab
from flowbot.vision._grid import SIDES
from flowbot.vision._stats import median_of

#: Points along each border cell's side where the border is looked at across
#: (fractions of the side: its middle, clear of the lines meeting it).
_ALONG = np.array([0.3, 0.4, 0.5, 0.6, 0.7])
#: How far inside the border line it is looked for (pitches: the line found
#: may be a pixel or two off the drawn one, which is as wide inside as out).
_REACH = 0.05
#: Where the ground inside the border is taken: pitches in from the line,
#: past a wide outline (0.1 pitch a side at most), at points along the side
#: where a dot leaves the cell's ground that far in (a dot 0.38 pitch wide
#: at most, in the cell's middle).
_GROUND = (0.15, 0.18, 0.21)
_GROUND_ALONG = np.array([0.2, 0.25, 0.3, 0.7, 0.75, 0.8])

#: Least ink (CIELAB from the ground inside) of a border drawn, at its
#: typical (median) side: below it the border is hidden (a frame, glow, a
#: tight crop) and nothing can be told from it.
DRAWN = 12.0


@dataclass(frozen=True)
class BorderSide:
    """One side of the border, cell by cell (``nan`` where out of the image).

    ``ink``: the most a pixel across the line differs from the ground just
    inside it (CIELAB); ``colour``: that pixel's (Lab, ``(cells, 3)``); both
    the median of points along the cell's side. ``lift``: how much lighter
    (L*) the lightest pixel across the line is than that ground: the outline
    is bright, an opening shows the ground, or a step to another ground past
    the board's edge (whose hue the ink counts). ``ground``: the ground just inside
    (Lab, ``(cells, 3)``) the ink is measured from.
    """

    ink: np.ndarray
    colour: np.ndarray
    lift: np.ndarray
    ground: np.ndarray

    @property
    def drawn(self) -> np.ndarray:
        """Per cell, whether the border is drawn there: its ink ``DRAWN`` or more."""
        return np.isfinite(self.ink) & (self.ink >= DRAWN)


def border_sides(image: np.ndarray, geometry: BoardGeometry) -> dict[str, BorderSide]:
    """The board's top, bottom, left and right border, cell by cell."""
    h, w = image.shape[:2]
    pitch = geometry.cell_size
    reach = max(2, math.ceil(_REACH * pitch))
    # From the line inward: what lies past the border (another window at an
    # opening) is no part of the board.
    offsets = np.arange(0, reach + 1)
    ground_at = np.array(_GROUND) * pitch
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    out: dict[str, BorderSide] = {}
    for side in SIDES:
        vertical = side in ("left", "right")
        lines, spans = (xs, ys) if vertical else (ys, xs)
        at = lines[0] if side in ("top", "left") else lines[-1]
        inward = 1 if side in ("top", "left") else -1
        size = w if vertical else h
        # Cut by the image's edge, the line shows on its inner side only.
        across = np.rint(at + inward * offsets)
        across = across[(across >= 0) & (across <= size - 1)]
        inside = np.rint(at + inward * ground_at)
        # A line drawn up to a pixel past the edge still shows in its first pixel.
        if not -1 <= at <= size or not ((inside >= 0) & (inside <= size - 1)).all():
            n = len(spans) - 1
            none = np.full((n, 3), np.nan)
            out[side] = BorderSide(np.full(n, np.nan), none, np.full(n, np.nan), none)
            continue
        cells = len(spans) - 1
        grounds = _lab_at(image, spans, _GROUND_ALONG, inside, vertical=vertical)
        ground = median_of(grounds.reshape(cells, -1, 3), axis=1)
        lab = _lab_at(
            image, spans, _ALONG, across, vertical=vertical
        )  # (cells, points, offsets, 3)
        ink = delta_e(lab, ground[:, None, None, :])
        inkiest = ink.argmax(axis=2)
        colour = np.take_along_axis(lab, inkiest[:, :, None, None], axis=2)[:, :, 0]
        lift = lab[..., 0].max(axis=2) - ground[:, None, 0]
        out[side] = BorderSide(
            median_of(ink.max(axis=2), axis=1),
            median_of(colour, axis=1),
            median_of(lift, axis=1),
            ground,
        )
    return out


def _lab_at(
    image: np.ndarray, spans: np.ndarray, points: np.ndarray, depths: np.ndarray, *, vertical: bool
) -> np.ndarray:
    """Lab at ``points`` (fractions) along each cell's side, at ``depths`` (image columns of a
    vertical side, rows of a horizontal one) across it: ``(cells, points, depths, 3)``."""
    h, w = image.shape[:2]
    along = spans[:-1, None] + points[None, :] * np.diff(spans)[:, None]
    a = np.clip(np.rint(along), 0, (h if vertical else w) - 1).astype(np.intp)
    c = depths.astype(np.intp)
    if vertical:
        return to_lab(pixels_at(image, a[:, :, None], c[None, None, :]))
    return to_lab(pixels_at(image, c[None, None, :], a[:, :, None]))


#: Where the inner lines' colour is taken: the middle of each cell's sides.
_INNER_ALONG = 0.5


def inner_edge_colours(
    image: np.ndarray, geometry: BoardGeometry, along: float = _INNER_ALONG
) -> list[np.ndarray]:
    """The lightest pixel across each inner edge, at its middle (or ``along`` it: a share of
    its length) (Lab): the vertical edges
    ``(cols - 1, rows, 3)`` (edge ``[i, r]`` right of cell ``(r, i)``), then the horizontal
    ones ``(rows - 1, cols, 3)`` (edge ``[j, c]`` below cell ``(j, c)``)."""
    reach = max(1, math.ceil(_REACH * geometry.cell_size))
    return [
        _pick(lab, lab[..., 0].argmax(axis=2))
        for lab in _across_inner_edges(image, geometry, np.arange(-reach, reach + 1), along)
    ]


def _across_inner_edges(
    image: np.ndarray, geometry: BoardGeometry, offsets: np.ndarray, along: float
) -> list[np.ndarray]:
    """The pixels (Lab) ``offsets`` away across each inner line, ``along`` each edge (a
    share of its length): ``(lines, spans, offsets, 3)`` for the vertical lines, then the
    horizontal ones."""
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    h, w = image.shape[:2]
    labs = []
    for lines, spans, vertical in ((xs, ys, True), (ys, xs, False)):
        middles = spans[:-1] + along * np.diff(spans)
        across = np.rint(lines[1:-1, None] + offsets[None, :])  # (lines, offsets)
        a = np.clip(np.rint(middles), 0, (h if vertical else w) - 1).astype(np.intp)
        c = np.clip(across, 0, (w if vertical else h) - 1).astype(np.intp)
        if vertical:
            pixels = pixels_at(image, a[None, :, None], c[:, None, :])
        else:
            pixels = pixels_at(image, c[:, None, :], a[None, :, None])
        labs.append(to_lab(pixels))
    return labs


def _pick(lab: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``lab``'s pixel at ``index`` across each edge: ``(lines, spans, 3)``."""
    return np.take_along_axis(lab, index[:, :, None, None], axis=2)[:, :, 0]


#: Where the ground beside an inner edge is taken (pitches from the line, either
#: side): past the line's blur (a pixel or two in small cells), short of a dot's
#: rim, 0.12 pitch from the line at the least, as ``_outline_edges`` takes it.
_BESIDE_EDGE = (0.09, 0.13)


#: Along an inner edge, where it is looked at again (shares of its length): clear
#: of the lines crossing it at its ends, of a pipe across its middle (half-widths
#: 0.15-0.17) and of any dot beside it (0.58 pitch from a neighbour's centre
#: there, dots 0.38 at most), as ``_variant_pipes`` looks under pipes.
EDGE_ENDS = (0.2, 0.8)


def ends_off_ground(
    image: np.ndarray, geometry: BoardGeometry, outline: np.ndarray, line: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per end of the inner edges (``EDGE_ENDS``), the lightest pixel across each
    (``inner_edge_colours``), its lightness less the lift of the ground beside it
    (``inner_edge_grounds``) over the board's typical ground there (the median edge's;
    none where it lies darker), by less than half the ``outline``'s step over the ``line``.

    In small cells a line a pixel wide blends with what lies beside it: a dot's
    blurred rim at its middle, a flow's tint on both sides of it (a lime flow's
    tint lifted a line 10 L* over the lines, 44 against 34, and gave it the
    tint's green hue, nearer a light green outline's than the grey lines':
    bridges tiny cells 300024 started and solved; a lime dot's rim beside
    another edge's middle did as much). A wall is drawn in the outline's colour
    all along its edge, over whatever lies under it: lowered less than half its
    step over the lines, it stays lighter than them by more than half that
    step and nearer the outline in lightness, its own hue kept.
    """
    cap = max(0.0, float(outline[0] - line[0]) / 2 - 1e-3)
    out = []
    for along in EDGE_ENDS:
        colours = inner_edge_colours(image, geometry, along)
        grounds = inner_edge_grounds(image, geometry, along)
        typical = float(np.median(np.concatenate([g[..., 0].ravel() for g in grounds])))
        lifted = []
        for colour, ground in zip(colours, grounds, strict=True):
            off = colour.copy()
            off[..., 0] -= np.clip(ground[..., 0] - typical, 0.0, cap)
            lifted.append(off)
        out.append((lifted[0], lifted[1]))
    return out


def inner_edge_grounds(
    image: np.ndarray, geometry: BoardGeometry, along: float
) -> list[np.ndarray]:
    """The darkest pixel beside each inner edge (Lab), ``along`` it (a share of its
    length), on either side, past its line (``_BESIDE_EDGE``, a pixel past its reach at
    the least): laid out as ``inner_edge_colours``."""
    pitch = geometry.cell_size
    reach = max(1, math.ceil(_REACH * pitch))
    near = max(reach + 1, round(_BESIDE_EDGE[0] * pitch))
    far = max(near, round(_BESIDE_EDGE[1] * pitch))
    steps = np.arange(near, far + 1)
    return [
        _pick(lab, lab[..., 0].argmin(axis=2))
        for lab in _across_inner_edges(image, geometry, np.concatenate([-steps, steps]), along)
    ]


def check_no_outline_inside(
    border: Border,
    walls: frozenset[Link] = frozenset(),
    holes: frozenset[Cell] = frozenset(),
    *,
    image: np.ndarray | None = None,
    geometry: BoardGeometry | None = None,
) -> None:
    """Refuse an outlined board with an inner edge drawn in the outline's colour: a wall
    not read as one (``walls``: those read; the outline goes round ``holes``). With
    ``image`` and its ``geometry``, only an edge that shows so near both its ends too
    (``ends_off_ground``): a wall is drawn all along its edge."""
    if not border.all_round:
        return  # one light side (another window's edge beside a classic board) is no outline
    outline = border.outline_colour
    line = border.line_colour
    if outline[0] - line[0] < WALL_OUTLINE_LIGHTER:
        # A border only a little lighter than the lines (a classic board's, in some
        # looks): JPEG's ringing beside a bright dot lightens an edge as much.
        return

    def like_outline(edges: np.ndarray) -> np.ndarray:
        return (delta_e(edges, outline) < delta_e(edges, line)) & (
            edges[..., 0] - line[0] >= OUTLINE_LIGHTER / 2
        )

    near = [like_outline(edges) for edges in border.inner]
    if image is not None and geometry is not None and any(n.any() for n in near):
        # (the ends looked at only where a middle is in doubt: most boards show none)
        for ends in ends_off_ground(image, geometry, outline, line):
            near = [n & like_outline(edges) for n, edges in zip(near, ends, strict=True)]
    for axis, step in enumerate(((0, 1), (1, 0))):
        for i, k in np.argwhere(near[axis]):
            a = Cell(int(k), int(i)) if step == (0, 1) else Cell(int(i), int(k))
            b = Cell(a.row + step[0], a.col + step[1])
            if link(a, b) not in walls and a not in holes and b not in holes:
                raise UnsureReadingError(
                    f"the edge between cells ({a.row}, {a.col}) and ({b.row}, {b.col}) is drawn "
                    "in the outline's colour (a wall)"
                )


#: Least lightness (L*) by which an outline is lighter than the thin lines:
#: the game's outline is about twice as bright (20+ L*); a classic board's
#: border is its lines' own colour (within JPEG's and glow's few units).
OUTLINE_LIGHTER = 12.0
#: Least lightness (L*) by which an outline is lighter than the thin lines for an
#: inner edge of its colour to be taken for a wall: the game's outline is 20+ L*
#: lighter; a classic render's border 12 L* (and a dot's JPEG ringing lightens an
#: edge by 9 L*).
WALL_OUTLINE_LIGHTER = 18.0
#: Most spread (CIELAB) between the sides' outline colours: one line all round.
OUTLINE_ALIKE = 15.0
#: ... or, farther apart, one line's colour all the same where only its chroma
#: differs: JPEG keeps lightness at full resolution and colour in 2x2 blocks
#: (and coarser), so a 2 px outline lying on a block's rows keeps its chroma
#: while the sides straddling blocks mix theirs with the ground's. Lightness
#: within ``SAME_LIGHTNESS`` L*, hue within ``SAME_HUE`` degrees and the paler's
#: chroma ``DILUTED`` of the other's at least: a green outline's top side 53.7
#: chroma, the others 36-39, hues 133-137, lightness 79-82 (synthetic warps
#: drift 3500001, 15.3 CIELAB apart).
SAME_LIGHTNESS, SAME_HUE, DILUTED = 5.0, 10.0, 0.5
#: ... or a hue turned farther where the paler lies within ``CHROMA_TURN`` (a*b*)
#: across the other's hue, on its side: JPEG mixes a thin line's chroma with its
#: ground's, of any hue (a dark olive ground in a JPEG 64 mirror window), and
#: quantises it, moving it a few a*b* units every way; at a pale blue outline's
#: chroma of 23 a few units turn its hue past ``SAME_HUE`` (synthetic warps jpeg
#: 4700001: the bottom side 40 chroma, the others' median 23 and 12.5-16.6 degrees
#: off, 4.1-5.3 across; never told outlined, its warp's openings were not, and the
#: board was refused). Boards read exact show up to 6.7 across (warps, six
#: categories, dev seeds 4600000-4600029, three states).
CHROMA_TURN = 8.0
#: ... or one nearer the ground inside the border the other mixed with that ground
#: (``mixed_with_ground``), within ``MIX_NEAR`` (CIELAB) of such a mix and ``MIX_SHARE``
#: of the way from the ground to the other at least: a line a pixel or two wide, scaled,
#: falls across pixels by a side's place, its lightest pixel the line's colour mixed
#: with the ground by how much of it that pixel covers (a browser zoom: a green
#: outline's sides at 67-86 L*, one hue, each a mix of the brightest with the black
#: ground within 0.5 CIELAB, 0.78 of the way at least; synthetic warps zoomed 6300002
#: unsolved: never told outlined, its warp's openings were not, and the board was
#: refused for a gap in its border). A classic board's border is its lines' colour:
#: however mixed, no outline lighter than them.
MIX_NEAR, MIX_SHARE = 5.0, 0.5


@dataclass(frozen=True)
class Border:
    """A board's border side by side and its thin inner lines' colours, measured once
    per board: the reader's checks and the warps all look at them."""

    sides: dict[str, BorderSide]
    #: ``inner_edge_colours``: the vertical edges', then the horizontal ones'.
    inner: tuple[np.ndarray, np.ndarray]

    @cached_property
    def line_colour(self) -> np.ndarray:
        """The thin lines' colour (Lab): the median of the lightest pixel across each edge."""
        return median_of(np.concatenate([e.reshape(-1, 3) for e in self.inner]), axis=0)

    @cached_property
    def side_colours(self) -> list[np.ndarray]:
        """Each side's drawn colour (Lab), the sides drawn somewhere.

        A flow running out of a warp's opening crosses the border there in its own
        colour, as much as the outline's on a short side of several warps: a side's
        colour is its pieces' near the colour most pieces all round share (within
        ``OUTLINE_ALIKE``), or all its pieces' where none is.
        """
        drawn = [side.colour[side.drawn] for side in self.sides.values() if side.drawn.any()]
        if not drawn:
            return []
        pieces = np.concatenate(drawn)
        sharing = (delta_e(pieces[:, None], pieces[None]) <= OUTLINE_ALIKE).sum(axis=1)
        common = pieces[int(np.argmax(sharing))]
        colours = []
        for side in drawn:
            near = side[delta_e(side, common) <= OUTLINE_ALIKE]
            colours.append(median_of(near if len(near) else side, axis=0))
        return colours

    @property
    def outline_colour(self) -> np.ndarray:
        """The border's colour (Lab): the median of the sides drawn (``nan`` with none)."""
        colours = self.side_colours
        return median_of(np.array(colours), axis=0) if colours else np.full(3, np.nan)

    @cached_property
    def outlined(self) -> bool:
        """Whether the sides drawn are one outline, lighter than the inner lines (none: no)."""
        colours = self.side_colours
        if not colours:
            return False
        outline = self.outline_colour
        grounds = [
            median_of(side.ground[side.drawn], axis=0)
            for side in self.sides.values()
            if side.drawn.any()
        ]
        return bool(
            all(
                one_outline(c, outline) or mixed_with_ground(c, outline, ground)
                for c, ground in zip(colours, grounds, strict=True)
            )
            and float(outline[0] - self.line_colour[0]) >= OUTLINE_LIGHTER
        )

    @cached_property
    def all_round(self) -> bool:
        """Whether every side is drawn as one outline, lighter than the lines.

        Sides cut by the image's edge and openings (warps) aside; the sides
        seen must be drawn, alike, and lighter than the inner lines.
        """
        drawn = sum(bool(side.drawn.any()) for side in self.sides.values())
        return drawn >= 3 and self.outlined


def one_outline(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two sides' colours (Lab) are one outline's: within ``OUTLINE_ALIKE``, or
    apart only in chroma as JPEG dilutes a thin line's colour (``SAME_LIGHTNESS``,
    ``SAME_HUE`` or ``CHROMA_TURN``, ``DILUTED``)."""
    if float(delta_e(a, b)) <= OUTLINE_ALIKE:
        return True
    chroma = sorted((math.hypot(a[1], a[2]), math.hypot(b[1], b[2])))
    if abs(float(a[0] - b[0])) > SAME_LIGHTNESS or chroma[1] <= 0:
        return False
    hue = abs(math.degrees(math.atan2(a[2], a[1]) - math.atan2(b[2], b[1])))
    hue = min(hue, 360.0 - hue)
    return bool((hue <= SAME_HUE or _turned_little(a, b)) and chroma[0] >= DILUTED * chroma[1])


def mixed_with_ground(a: np.ndarray, b: np.ndarray, ground: np.ndarray) -> bool:
    """Whether two sides' colours (Lab) are one thin line's, the one nearer ``ground`` (Lab,
    just inside the border) that line mixed with it: within ``MIX_NEAR`` of a mix of the
    ground and the other, ``MIX_SHARE`` of the way to the other or more (``OUTLINE_MIX``)."""
    dim, bright = sorted((a, b), key=lambda c: float(delta_e(c, ground)))
    to_bright = float(delta_e(bright, ground))
    if to_bright <= 0:
        return False
    share = float(np.dot(dim - ground, bright - ground)) / to_bright**2
    return share >= MIX_SHARE and float(from_mix(dim, ground, bright)) <= MIX_NEAR


def _turned_little(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the paler of two colours (Lab) lies within ``CHROMA_TURN`` across the
    more saturated one's hue, on its side (JPEG's chroma noise, not another hue)."""
    pale, vivid = sorted((a[1:], b[1:]), key=lambda ab: math.hypot(ab[0], ab[1]))
    size = math.hypot(vivid[0], vivid[1])
    along = float(pale[0] * vivid[0] + pale[1] * vivid[1]) / size
    across = abs(float(pale[0] * vivid[1] - pale[1] * vivid[0])) / size
    return along > 0 and across <= CHROMA_TURN


def border_of(image: np.ndarray, geometry: BoardGeometry) -> Border:
    """The board's border and inner lines, measured."""
    vertical, horizontal = inner_edge_colours(image, geometry)
    return Border(border_sides(image, geometry), (vertical, horizontal))
