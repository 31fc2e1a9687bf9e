"""Pipes fainter than the pipe contrast: a dark flow on a ground of nearly its hue.

The game draws a flow in its dots' colour over a tint of it; a dark dot on a
ground of nearly its hue (a purple flow on a magenta-lit ground) draws a pipe
that stands out from its tint far less than ``pipe_contrast``, and the dots
at its ends are no flat discs (the pipe runs out of them). Read at the pipe
contrast, such a board would lose that pair: its cells look empty.

So the pipe stage looks again at ``FAINTER`` of the contrast where no flow
read runs (``_pipes_through.see_pipes_through``), and the cell rule here
refuses a band that faint, drawn with a sharp edge, that no flow read
explains. The background's glow is as faint, but fades softly across its
width (``band_is_soft``), or is wider than a pipe (``WIDEST``): it is neither
read nor refused. A band within
``SOFT_LIGHTNESS`` of its ground's lightness (a dark flow on black) is
judged in colour, each edge by its place between the band's colour and its
own side's: a pipe when sharp on both. Left unjudged, such a flow was
neither read nor refused, its pair left out. Where JPEG blurs its edges as
slowly as glow's, a flow ending in dots with a crisp rim is drawn
(``ends_in_dots``: a dot is twice its band's width, glow ends in none), and
such a dot at a faint band no flow read explains refuses (``FAINT_DOTS``).
A band that runs on in line past the board's border is the background's glow
shaft, whatever its edges (``runs_past_board``): the game draws no pipe there.
Nor is a band the grid line crosses as it shows beside it (``under_line``): the
game draws its pipes over its lines, its background's glow under them.
"""

from __future__ import annotations

import functools
import math
from itertools import pairwise

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, link
from flowbot.vision._cell_pipes import BAND_EDGE_PX
from flowbot.vision._cells import NEAR, CellSamples, sample_cells
from flowbot.vision._colour import delta_e
from flowbot.vision._discs import crisp_rim
from flowbot.vision._pipes import band_links, edges_off, lab_at, step
from flowbot.vision._rays import (
    SOFT_LIGHTNESS,
    band_is_soft,
    band_width,
    edges_in_colour,
    edges_px_in_colour,
)
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._stats import median_of

#: The share of the pipe contrast a flow is looked for at again: a dark
#: purple flow on a magenta-lit ground stands 15 Lab from its tint (its dots
#: 29 from the ground); the game's flows on black 23+.
FAINTER = 0.5
#: Where the read at ``FAINTER`` is not taken, the share it is looked for at
#: last, each new flow then both drawn (``DRAWN_SHARE``) and ending in crisp
#: dots (``ends_in_dots``): a teal flow on teal glow 7-14 Lab from its tint
#: (bridges twins 4700000 solved, read at 9 Lab by patches beside it).
FAINTEST = 0.3
#: A faint band is drawn (a pipe) when at least this share of the places
#: looked at along it show an edge sharp across its width: not soft
#: (``band_is_soft`` within ``BAND_EDGE_PX``) in lightness where it steps
#: ``SOFT_LIGHTNESS`` or more to what lies beside it, else in colour (a dark
#: purple flow on black, 21 Lab from it but 3.4 L*). Glow fades softly:
#: neither read nor refused. The purple flow 0.92, glow 0.
DRAWN_SHARE = 0.5
#: Least step (CIELAB) from a band judged in colour to each side of it: the
#: band's least apart from the colour beside it (``_pipes.BESIDE_APART`` of
#: ``FAINTER`` of the pipe contrast: 9); a dark red flow on black 11 from its
#: tint.
COLOUR_STEP = 9.0
#: Where along a link its band is looked across (from the first cell's
#: centre, pitches), and how far beside its middle the tint or ground shows
#: (as ``_pipes``: clear of a pipe's half width 0.15-0.17).
_ALONG = (0.3, 0.7)
_BESIDE = 0.32
#: Widest a band (pitches, between its half-way places either side: ``band_width``)
#: the faint-pipe rule takes for a pipe: the game's pipes are 0.30-0.34 wide, a dot's
#: disc (radius 0.38 at most) 0.47 where the band is looked across 0.3 pitch from its
#: centre; the background's glow shafts, drawn a twentieth of the screen wide, 0.55
#: and more (a phone mirrored small, whose shaft's edges blur over 4 px only).
WIDEST = 0.5


#: A faint band judged in colour is drawn with edges up to this many times as soft as
#: the image's own pipes' (``pipes_edge_px``), where that is softer than
#: ``BAND_EDGE_PX``: a phone's blur and JPEG soften every drawn edge alike, and glow
#: fades over twice a pipe's edge or more (huge_cells 92274: 5.2 px against 2.9).
SOFTER = 1.3
#: Fewest places (sides) along bands standing out by the full contrast that measure
#: the image's own pipes' edges; fewer, ``BAND_EDGE_PX`` alone.
EDGE_PLACES = 4


def pipes_edge_px(
    image: np.ndarray, geometry: BoardGeometry, samples: CellSamples, contrast: float
) -> float:
    """How soft the image draws a pipe's edge in colour: the median, over the places
    ``drawn_share`` looks at along the links banded at ``contrast`` (the pipe contrast)
    where the band stands that far from both sides, of the pixels its place takes to go
    the whole way to each side at its steepest (``edges_px_in_colour``); ``nan`` with
    fewer than ``EDGE_PLACES`` such sides.

    The game draws every pipe with the same crisp outline: what a blur or JPEG makes of
    the flows that stand out clearly, it makes of a faint one in the same image.
    """
    h, w = image.shape[:2]
    pitch = geometry.cell_size
    edges: list[float] = []
    for cell, k in band_links(image, geometry, samples, contrast):
        a, b = cell, step(cell, k)
        p, q = geometry.centre(a), geometry.centre(b)
        across = np.pi / 2 if k == 0 else 0.0
        dx, dy = np.cos(across) * _BESIDE * pitch, np.sin(across) * _BESIDE * pitch
        for t in _ALONG:
            x, y = p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)
            band = lab_at(image, np.array([(x, y)]), h, w)[0]
            sides = lab_at(image, np.array([(x - dx, y - dy), (x + dx, y + dy)]), h, w)
            if float(delta_e(sides, band).min()) < contrast:
                continue  # beside another flow's tint or a dot: not its edge alone
            edges.extend(
                edges_px_in_colour(
                    image, (x, y), pitch, band, sides, across=across, reach=_BESIDE
                ).tolist()
            )
    return float(np.median(edges)) if len(edges) >= EDGE_PLACES else math.nan


def colour_outline_px(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    *,
    least: float = BAND_EDGE_PX,
) -> float:
    """The pixels within which a faint band's edge judged in colour is sharp: ``SOFTER``
    times the image's own pipes' (``pipes_edge_px`` at ``contrast``), ``least`` at the
    least (a sharp image's pipes); ``BAND_EDGE_PX`` with none to measure."""
    own = pipes_edge_px(image, geometry, samples, contrast)
    return BAND_EDGE_PX if math.isnan(own) else max(least, SOFTER * own)


def drawn_share(
    image: np.ndarray,
    geometry: BoardGeometry,
    flow: tuple[Cell, ...],
    *,
    widest: float = math.inf,
    colour_outline: float = BAND_EDGE_PX,
) -> float:
    """The share of the places along ``flow``'s links where its band's edge is sharp
    across its width (``DRAWN_SHARE``; 1 with no link: a flow through a warp only).

    A place within ``SOFT_LIGHTNESS`` of the lightness beside it is judged in
    colour, each edge against its own side's colour: sharp on both (a pipe),
    within ``colour_outline`` pixels (``colour_outline_px``: the image's own
    pipes' edges, where a blur softens them).
    With ``widest``, a place whose band is wider than that (``band_width``; in colour as
    ``edges_in_colour`` measures it) is no pipe's, however sharp: in colour too, a dark
    glow shaft on black (a real screen recoloured as another device would, gamma 0.8:
    the Windows app's purple shaft, (19, 0, 20), 0.58 pitch wide, read as a flow between
    two dots at ``FAINTEST``, a pair too many, WRONG).
    """
    h, w = image.shape[:2]
    pitch = geometry.cell_size
    drawn = []
    for a, b in pairwise(flow):
        if abs(a.row - b.row) + abs(a.col - b.col) != 1:
            continue  # through a warp
        p, q = geometry.centre(a), geometry.centre(b)
        across = np.pi / 2 if a.row == b.row else 0.0
        dx, dy = np.cos(across) * _BESIDE * pitch, np.sin(across) * _BESIDE * pitch
        for t in _ALONG:
            x, y = p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)
            band = lab_at(image, np.array([(x, y)]), h, w)[0]
            sides = lab_at(image, np.array([(x - dx, y - dy), (x + dx, y + dy)]), h, w)
            beside = median_of(sides, axis=0)
            if abs(float(beside[0] - band[0])) >= SOFT_LIGHTNESS:
                drawn.append(
                    not band_is_soft(
                        image, (x, y), pitch, band, beside, across=across, outline_px=BAND_EDGE_PX
                    )
                    and (
                        widest == math.inf
                        or band_width(image, (x, y), pitch, band, beside, across=across) <= widest
                    )
                )
                continue
            # In colour, only as far as each side's colour was taken: past it a
            # grid line and a neighbour's tint step in colour however near in
            # lightness.
            moved, sharp, width = edges_in_colour(
                image,
                (x, y),
                pitch,
                band,
                sides,
                across=across,
                outline_px=colour_outline,
                reach=_BESIDE,
            )
            stepped = delta_e(sides, band) >= COLOUR_STEP
            drawn.append(bool((moved & sharp & stepped).all()) and width <= widest)
    return float(np.mean(drawn)) if drawn else 1.0


def ends_in_dots(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    flow: tuple[Cell, ...],
    dots: frozenset[Cell],
) -> bool:
    """Whether each of ``dots`` at an end of ``flow`` shows a dot's crisp rim where its
    pipe does not run (``crisp_rim``): a drawn flow, however blurred its band's edges.

    JPEG blurs a dark flow's colour edges as slowly as glow's (``drawn_share``
    0), but a dot is twice its band's width with a rim all round: glow
    ending in a cell shows neither.
    """
    ends = [(flow[0], flow[1]), (flow[-1], flow[-2])] if len(flow) > 1 else []
    for end, nxt in ends:
        if end not in dots:
            continue
        if abs(end.row - nxt.row) + abs(end.col - nxt.col) != 1:
            return False  # through a warp: no band to look away from
        p, q = geometry.centre(end), geometry.centre(nxt)
        towards = float(np.arctan2(q.y - p.y, q.x - p.x))
        if not crisp_rim(
            image,
            (p.x, p.y),
            geometry.cell_size,
            samples.core_lab[end],
            samples.ring_lab[end],
            pipes=(towards,),
            denoised=True,
        ):
            return False
    return bool(ends)


#: Where past the board's border (pitches out from its outer line) a band in line with
#: a link is looked for (``runs_past_board``): beyond a warp's pipe stub
#: (``look.WARP_STUB`` 0.3), where the game draws no pipe.
PAST_BORDER = (0.45, 0.6, 0.75, 0.9)
#: Past the border the band stands from both sides at least this share of how far it
#: stands from them across the link: the same band, the ground's noise allowed for (a
#: dark green glow shaft behind a column of 73 px cells: 9.4-14 Lab from its sides); a
#: dark flow's band ends inside the board, black beside black past it.
BAND_ON = 0.5
#: Spread (pitches) of the 3 by 3 patch whose median is taken at each place looked at
#: past the border: the ground's noise and JPEG's (a faint band is a dozen levels of RGB).
_PATCH = 0.04


def runs_past_board(cells: Cells, a: Cell, b: Cell) -> bool:
    """Whether the band across the link ``a``-``b`` runs on in line with it out past the
    board's border: the background's glow (a shaft behind a row or column), never a pipe.

    The game draws pipes inside the board (a warp's stub reaches ``look.WARP_STUB`` past
    it); the glow behind the board is the background's and runs on under the border. So
    the band is glow when, towards one end of its row or column, every cell up to the
    border that no dot or pipe read covers shows its colour in its core (within
    ``NEAR``), and past the border, at each of ``PAST_BORDER``, its colour (within
    ``NEAR``) stands from both sides (``_BESIDE`` across) ``BAND_ON`` as far as across
    the link at least: a dark flow's band ends in its dot inside the board.
    """
    a, b = sorted((a, b))  # the upper or left one first
    image, geometry, samples = cells.image, cells.geometry, cells.samples
    h, w = image.shape[:2]
    pitch = geometry.cell_size
    p, q = geometry.centre(a), geometry.centre(b)
    # The band where ``drawn_share`` looks across it, in the cell that holds no dot.
    t = _ALONG[0] if a not in cells.dots else _ALONG[1]
    mid = np.array([(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y))])
    steps = np.array([-_PATCH, 0.0, _PATCH]) * pitch
    offsets = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)

    def seen(points: np.ndarray) -> np.ndarray:
        return median_of(lab_at(image, points[:, None, :] + offsets, h, w), axis=1)

    vertical = a.col == b.col
    beside = (np.array([1.0, 0.0]) if vertical else np.array([0.0, 1.0])) * _BESIDE * pitch
    band = seen(mid)[0]
    stands = float(delta_e(np.stack([seen(mid - beside)[0], seen(mid + beside)[0]]), band).min())
    for outward in (-1, 1):
        if vertical:
            line = [Cell(r, a.col) for r in range(geometry.rows)]
            edge = geometry.top if outward < 0 else geometry.bottom
        else:
            line = [Cell(a.row, c) for c in range(geometry.cols)]
            edge = geometry.left if outward < 0 else geometry.right
        start = line.index(a if outward < 0 else b)
        towards = line[: start + 1] if outward < 0 else line[start:]
        shown = [
            float(delta_e(samples.core_lab[cell], band)) <= NEAR
            for cell in towards
            if cell not in cells.dots and cell not in cells.piped
        ]
        if not all(shown):
            continue
        out = edge + outward * np.array(PAST_BORDER) * pitch
        centre = (
            np.stack([np.full(out.size, mid[0, 0]), out], 1)
            if vertical
            else np.stack([out, np.full(out.size, mid[0, 1])], 1)
        )
        inside = (centre[:, 0] >= 0) & (centre[:, 0] < w) & (centre[:, 1] >= 0) & (centre[:, 1] < h)
        if not inside.all():
            continue
        core = seen(centre)
        sides = np.stack([seen(centre - beside), seen(centre + beside)])
        if (delta_e(core, band) <= NEAR).all() and (
            delta_e(sides, core[None]) >= BAND_ON * stands
        ).all():
            return True
    return False


#: Where the grid line between a link's cells is looked for across its band
#: (``under_line``): within this many pitches of the edge along the link (``_LINE_PX``
#: at the least: the geometry a pixel off), the line's colour taken as the median
#: over ``LINE_ALONG`` either side along the line (the band's middle: a pipe's half
#: width is 0.15), against the band's either side ``LINE_BAND`` along the link (past
#: a thick line's half width, 0.1).
LINE_REACH = 0.05
_LINE_PX = 2.0
LINE_ALONG = 0.08
LINE_BAND = 0.2
#: Along the line, this many pitches from the link either way, the line's standing
#: beside the band: clear of a dot (radius 0.38) and of the lines crossing at corners.
LINE_BESIDE = 0.35
#: The line across the band stands from it at least this share of how far it stands
#: beside the band (the clearer side), and ``NEAR`` at least: a pipe drawn over the
#: line shows none of it but JPEG's noise.
LINE_KEPT = 0.5


def under_line(image: np.ndarray, geometry: BoardGeometry, a: Cell, b: Cell) -> bool:
    """Whether the grid line between ``a`` and ``b`` shows across the band there as
    beside it: the band lies under the board's lines, the background's glow.

    The game draws its pipes over the grid lines (a drawn flow hides the line it
    crosses) and the background's glow under them: a glow shaft that ends inside the
    board, or on a board cut at the screen's edge, cannot be seen to run past the border
    (``runs_past_board``), but the lines cross it (bridges drift 4300003, a dark green
    shaft down a cropped board's last column into row 2).
    """
    h, w = image.shape[:2]
    pitch = geometry.cell_size
    p, q = geometry.centre(a), geometry.centre(b)
    edge = np.array([(p.x + q.x) / 2, (p.y + q.y) / 2])
    along = np.array([q.x - p.x, q.y - p.y]) / pitch
    square = np.array([-along[1], along[0]])
    reach = max(_LINE_PX, LINE_REACH * pitch)
    spread = np.linspace(-LINE_ALONG, LINE_ALONG, 5) * pitch

    def standing(centre: np.ndarray) -> float:
        def seen(offsets: np.ndarray) -> np.ndarray:
            points = centre + offsets[:, None, None] * along + spread[None, :, None] * square
            return median_of(lab_at(image, points, h, w), axis=1)

        line = seen(np.arange(-reach, reach + 0.5, 1.0))
        band = seen(np.array([-LINE_BAND, LINE_BAND]) * pitch)
        return float(delta_e(line[:, None, :], band[None]).min(axis=1).max())

    across = standing(edge)
    beside = max(standing(edge + side * LINE_BESIDE * pitch * square) for side in (-1, 1))
    return across >= NEAR and across >= LINE_KEPT * beside


def check_no_faint_pipes(cells: Cells) -> None:
    """Refuse a faint band drawn across an edge between cells no flow read touches."""
    features = cells.features
    links = band_links(
        cells.image,
        cells.geometry,
        cells.samples,
        cells.settings.pipe_contrast * FAINTER,
        into_dots=True,
        pixels_suffice=True,  # refusing: a band by the pixels is enough
    )
    # A blur softens every drawn edge alike: a band no softer than the image's own
    # pipes is drawn (asked only where a band is in doubt at the sharp image's edge;
    # the pipes read are hidden in ``cells.samples``: sampled again).
    outline = functools.cache(
        lambda: colour_outline_px(
            cells.image,
            cells.geometry,
            sample_cells(cells.image, cells.geometry),
            cells.settings.pipe_contrast,
        )
    )
    for cell, k in sorted(links):
        other = step(cell, k)
        if {cell, other} & features.holes or link(cell, other) in features.walls:
            continue  # no pipe runs there: the outline's colour
        if {cell, other} <= cells.dots:
            continue  # two dots of a pair side by side, blurred into one band
        # Wider than a pipe: the background's glow, its edges however sharp.
        share = drawn_share(cells.image, cells.geometry, (cell, other), widest=WIDEST)
        if share < DRAWN_SHARE and outline() > BAND_EDGE_PX:
            share = drawn_share(
                cells.image, cells.geometry, (cell, other), widest=WIDEST, colour_outline=outline()
            )
        if (
            share >= DRAWN_SHARE
            and not runs_past_board(cells, cell, other)
            and not under_line(cells.image, cells.geometry, cell, other)
        ):
            raise UnsureReadingError(
                f"a faint pipe is drawn at cell ({cell.row}, {cell.col}) and not read"
            )


FAINT_PIPES: Rule[Cells] = Rule(
    name="no faint pipe unread",
    refuses="a band fainter than the pipe contrast (down to `FAINTER` 0.5 of it) running from "
    "centre to centre between cells no flow read touches, drawn with a sharp edge",
    why="A dark flow on a ground of nearly its hue stands out from its tint less than the pipe "
    "contrast, and its dots, a pipe running out of them, are no flat discs: unread, its "
    "pair would be left out of the puzzle. The pipe stage reads such flows when whole "
    "(`_faint_pipes`); a faint pipe it could not read is a drawing in doubt. Glow fades "
    "softly across its width and is no pipe; nor is a band wider than a pipe (`WIDEST` "
    "0.5 pitch between its half-way places either side, `_rays.band_width`; in colour "
    "`_rays.edges_in_colour`), however sharp its edges: the background's glow shaft, a "
    "twentieth of the screen wide, in a phone mirrored small blurs over 4 px only; a dark "
    "purple one on black, judged in colour, 0.58 pitch wide, read as a flow between two "
    "dots before (a real screen recoloured by another device's gamma 0.8). A band "
    "within SOFT_LIGHTNESS of its ground's lightness (a dark flow on black; else neither "
    "read nor refused, its pair left out) is judged in colour, each edge against its own "
    "side's colour, out to where that was taken: a pipe when sharp on both sides (read, or "
    "refused unread; where JPEG blurs one edge as slow as glow's, read when its dots show "
    "a crisp rim, `_faint_pipes.ends_in_dots`, else refused by the next rule). A link into "
    "a dot is seen as the faint read sees it: narrow by its other cell alone where the "
    "colour beside it is near the band's in the dot's cell only (`_pipes.band_links` "
    "`into_dots`), and a link round a bend narrow by its other places where the colour "
    "beside it is near the band's only on the bend's inner side (`_round_bends`); a place "
    "beside a band near its colour is none where the ground shows between them and the "
    "colour rises again past it (`GROUND_BETWEEN`: the next row's flow's tint JPEG spread "
    "over the line). A band that runs on in line past the board's border, every cell on "
    "the way that no dot or pipe read covers showing its colour in its core, is the "
    "background's glow shaft however sharp its edges seem "
    "(`_faint_pipes.runs_past_board`): the game draws no pipe past the border but a warp's "
    "stub; in colour on a dark ground one level of noise over a shaft's 12-level ramp is a "
    "step as steep as a pipe's edge (a dark green shaft behind a column of a phone's 73 px "
    "cells was refused so). A band the grid line between its cells crosses as it shows "
    "beside it lies under the board's lines: the game draws its pipes over its lines (a "
    "drawn flow hides the line it crosses, real solved screens) and the background's glow "
    "under them (real screens' shafts, migaol trimmed_puzzle), so it is glow wherever it "
    "ends and however the screen cuts the board (`_faint_pipes.under_line`: a shaft ending "
    "inside the board, or on a board cut at the screen's edge, shows no run past the "
    "border).",
    bounds="`FAINTER` 0.5 of `pipe_contrast` 30 (a purple flow on a magenta-lit ground 15 Lab "
    "from its tint); `DRAWN_SHARE` 0.5 of the places looked at with an edge not soft "
    "within BAND_EDGE_PX 4, in lightness where it steps SOFT_LIGHTNESS 5 L* or more, else "
    "in colour (`COLOUR_STEP` 9 Lab to each side at least) (that flow 0.92; glow ending in "
    "a cell 0; dark flows on black 12-21 Lab from it under 5 L*, lossless and JPEG 60-80, "
    "24-60 px cells: read or refused, `benchmarks/vision_dark_flows.py` 648 renders 0 "
    "wrong); none on the 509 real screens; in colour sharp within SOFTER 1.3 times the "
    "image's own pipes' edges where those are softer than BAND_EDGE_PX "
    "(`_faint_pipes.pipes_edge_px`: 4.4-4.6 px in 24 px cells blurred 1.2 px through JPEG "
    "40-50, a dark flow's 0.6-1.2 times that; glow fades over twice a pipe's edge: "
    "huge_cells 92274 5.2 px against 2.9); widths: the game's pipes 0.30-0.34 pitch, a "
    "dot's disc 0.47 where looked across (0.3 pitch from its centre, radius 0.38), that "
    "glow shaft 0.55 (walls mirror 100011); past the border at `PAST_BORDER` 0.45-0.9 "
    "pitch out (a warp's stub reaches 0.3), a 3x3 patch median within NEAR 12 of the band "
    "and standing from both sides `BAND_ON` 0.5 as far as across the link at least (a dark "
    "green shaft, core (0, 29, 0) half a pitch wide with 16 px ramps, behind a column of "
    "73 px cells: 12-14 Lab in and out; phone_large boards with such a shaft painted "
    "behind a column, dev seeds 300000-300007 warps: 1 exact 7 refused -> 8 exact); the "
    "line across the band looked for within `LINE_REACH` 0.05 pitch of the edge (2 px at "
    "least), medians over `LINE_ALONG` 0.08 pitch along the line (inside a pipe's half "
    "width 0.15), against the band `LINE_BAND` 0.2 pitch either side along the link, "
    "standing `NEAR` 12 at least and `LINE_KEPT` 0.5 of its standing `LINE_BESIDE` 0.35 "
    "pitch along the line either way (the clearer) (bridges drift 4300003: a shaft down a "
    "cropped board's last column into row 2, refused before).",
    reason="a faint pipe is drawn at cell (r, c) and not read",
    check=check_no_faint_pipes,
)


def check_no_faint_dots(cells: Cells) -> None:
    """Refuse a disc with a dot's crisp rim at the end of a faint band, not read as a dot."""
    samples, geometry, features = cells.samples, cells.geometry, cells.features
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    for cell, k in edges_off(samples, cells.settings.pipe_contrast * FAINTER):
        other = step(cell, k)
        for end, side in ((cell, k), (other, (k + 2) % 4)):
            if (
                end in cells.dots
                or end in features.holes
                or contrast[end] < cells.settings.faint_contrast
                # The band runs out of the disc in the disc's colour.
                or float(delta_e(samples.core_lab[end], samples.sector_lab[end][side])) > NEAR
            ):
                continue
            # The game draws a dot's pipe over the line it crosses, the background's glow
            # under it: a band the line crosses as it shows beside it is glow, and the
            # "disc" at its end the glow's cloud, its rim the thick lines' fringe (a
            # purple cloud over an empty cell by 0.18 pitch lines, 31 px: synthetic
            # bridges crop 4800001 unsolved, refused).
            if under_line(cells.image, geometry, end, step(end, side)):
                continue
            centre = geometry.centre(end)
            if crisp_rim(
                cells.image,
                (centre.x, centre.y),
                geometry.cell_size,
                samples.core_lab[end],
                samples.ring_lab[end],
                pipes=(side * np.pi / 2,),
            ):
                raise UnsureReadingError(
                    f"cell ({end.row}, {end.col}) holds a dot with a faint pipe, not read"
                )


def check_no_faint_links(cells: Cells) -> None:
    """Refuse a faint band running from a dot read into a cell no flow read covers, that
    cell's core of the dot's colour and standing out from its ring."""
    samples = cells.samples
    core, sectors = samples.core_lab, samples.sector_lab
    contrast = delta_e(core, samples.ring_lab)
    for cell, k in edges_off(samples, cells.settings.pipe_contrast * FAINTER):
        other = step(cell, k)
        for dot, end, side in ((cell, other, (k + 2) % 4), (other, cell, k)):
            if (
                dot not in cells.dots
                or end in cells.dots
                or end in cells.piped
                or end in cells.features.holes
                or contrast[end] < cells.settings.faint_contrast
            ):
                continue
            towards = (k if dot == cell else (k + 2) % 4, side)
            # The band leaves the dot in its colour, and the cell's core and its side
            # facing the dot show that colour: a pipe's end, as drawn from the dot.
            seen = np.stack([sectors[dot][towards[0]], sectors[end][towards[1]], core[end]])
            if (delta_e(seen, core[dot]) <= NEAR).all():
                raise UnsureReadingError(
                    f"a faint pipe is drawn at cell ({end.row}, {end.col}) and not read"
                )


FAINT_LINKS: Rule[Cells] = Rule(
    name="no faint link from a dot unread",
    refuses="a dot read whose ring sector facing a neighbour no flow read covers shows a band "
    "(fainter than the pipe contrast, down to `FAINTER` of it) of the dot's colour, the "
    "neighbour's facing sector and core of that colour too, its core standing out from its "
    "ring",
    why="A dark flow on black started from a dot, through JPEG, reads its dots (one a disc "
    "alone) but not its first link, too blurred for a sharp band: the drawing would be read "
    "without that pipe. Glow lifts the neighbour's ring with its core; a dot's blur reaches "
    "the facing sector, not the neighbour's core.",
    bounds="FAINTER 0.5 of pipe_contrast 30; the three colours within NEAR 12 of the dot's core; "
    "the neighbour's core `Settings.faint_contrast` 6 from its ring (dark flows 300232 "
    "(25, 0, 25) 24 px JPEG 40 started: 12.4, its colour 6.8 from the dot's, the sides "
    "8.0-8.3).",
    reason="a faint pipe is drawn at cell (r, c) and not read",
    check=check_no_faint_links,
)


FAINT_DOTS: Rule[Cells] = Rule(
    name="no dot at a faint pipe unread",
    refuses="a cell not read as a dot whose ring sector facing a neighbour shows a band of its "
    "core's colour (fainter than the pipe contrast, down to `FAINTER` of it), and that "
    "shows a dot's flat disc with a crisp rim everywhere the band does not run "
    "(`_discs.crisp_rim`)",
    why="A dark flow on black, through JPEG, blurs its band's colour into the ground beside "
    "it: neither read as a pipe nor refused as one, its dots (a pipe running out of them: "
    "no flat discs) were left out of the puzzle, a pair short. A dot is twice its band's "
    "width with a rim all round; glow fades softly and a pipe's end is as wide as its "
    "band. A band the grid line between the two cells crosses as it shows beside it "
    "(`under_line`) is the background's glow, the game drawing its pipes over its lines: "
    "its end's \"disc\" is the glow's cloud, whose rim may be thick lines' fringe (an empty "
    "cell's cloud by 0.18 pitch lines showed a disc's rim: synthetic bridges crop 4800001 "
    "unsolved, refused).",
    bounds="FAINTER 0.5 of pipe_contrast 30; the core within NEAR 12 of the facing sector; a flat "
    "disc (`DOT_RADII` 0.25-0.4 pitch) with a rim within `RIM_PX` 2 + `RIM_PITCH` 0.06 "
    "pitch, `COLOUR_RIM_SCALE` 2 times that seen in colour alone (dark flows (25, 0, "
    "25)-(40, 0, 20) in 30-60 px cells through JPEG 60-75: 4 px in 30 px cells), "
    "`CLEAR_OF_PIPE` 60 degrees either side of the band left out "
    "(`benchmarks/vision_dark_flows.py`).",
    reason="cell (r, c) holds a dot with a faint pipe, not read",
    check=check_no_faint_dots,
)
