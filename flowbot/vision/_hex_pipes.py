"""Pipes drawn on a hexagonal board: the sides they cross, the flows they make.

The game draws a flow on hexagons as on square cells (``_pipes``): a band of
its dots' colour from centre to centre, a dot at each end it has reached. A
band crossing a side hides the middle of that side's line, so on a started
or finished board the hexagons under a flow are not drawn all round: a side
counts as drawn where such a band crosses it (``Crossings``), and the board
is found as on an unstarted one (a band needs the ground beside it on both
sides in each cell, as on square boards, or on one with the other covered by
a flow's sharp bend, ``_hex_bends``). Its cells' links are then followed into
flows as on a square board (``_pipes_through.follow_flows``: simple paths
from a dot, no dot inside one), and the cells a flow touches hidden from the
dot reader (``hidden``), its dots kept.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry
from flowbot.vision._cells import NEAR, ring_pixels
from flowbot.vision._colour import delta_e, pixels_round, to_lab
from flowbot.vision._hex_bends import bent
from flowbot.vision._hex_cells import HexCells
from flowbot.vision._letters import lettered_discs
from flowbot.vision._pipes import (
    ACROSS_IN,
    BAND_NEAR,
    BAND_SHARE,
    BESIDE_ACROSS,
    BESIDE_ALONG,
    DISC,
    NO_PIPES,
    Pipes,
    band_sides,
    discs_show,
    lab_at,
)
from flowbot.vision._pipes_through import follow_flows
from flowbot.vision._stats import median_of

log = logging.getLogger(__name__)

#: The quick look: a band's middle stands this share of the contrast from the
#: cells beside it (measured whole by ``_pipes.band_sides`` and judged by ``_hex_bends.bent``
#: then, to ``BESIDE_APART`` 0.6).
_QUICK_APART = 0.3
#: Along a link, either side of where it crosses the side between its cells
#: (pitch; at least 2 px), looked at every ``_STEP`` px.
_ON_SIDE, _STEP = 0.1, 0.7
#: A link's band is the colour at both its cells' centres: the median of every pixel
#: within this many pitches of each (a pipe's half-width is 0.15-0.17, its round end's
#: too; the lattice lies within a few hundredths of a pitch). ``_pipes.centres_lab``'s
#: five pixels of a small hexagon (18-24 px) are noise's: a teal pipe's bend 13 Lab off
#: its band there (its twenty-nine 5; synthetic hex tiny cells 300033 started).
CENTRE_DISC = 0.12


@dataclass(frozen=True, slots=True)
class Crossings:
    """Where pipes cross a lattice's sides (``pipe_bands``), standing ``contrast`` Lab from
    the cells beside them."""

    image: np.ndarray
    contrast: float
    #: Sides are looked at only round hexagons with this many of their six drawn at
    #: least: a flow passes through a cell once, crossing two of its sides (one at its
    #: dot), so a hexagon with fewer drawn is no cell wherever pipes run (0: every side).
    least_drawn: int = 0

    def crossed(self, centres: np.ndarray, pitch: float) -> np.ndarray:
        """For pairs of neighbours' centres ``(n, 2, 2)`` (x, y), whether a pipe runs
        between them."""
        return pipe_bands(self.image, centres, pitch, self.contrast)[1]


def pipe_bands(
    image: np.ndarray, centres: np.ndarray, pitch: float, contrast: float
) -> tuple[np.ndarray, np.ndarray]:
    """For pairs of neighbours' centres ``(n, 2, 2)`` (x, y), the colour (Lab) between them
    and whether a pipe runs there: a band of one colour (``_pipes.band_sides``) that is the
    colour at both centres too, or all round one (a lettered dot's disc): a hole's ground
    beside a dark tint, or two tints side by side, pass for a band of their median
    colour."""
    band, found = np.zeros((len(centres), 3), np.float32), np.zeros(len(centres), bool)
    if not len(centres):
        return band, found
    # A quick look first (most sides looked at lie on a plain ground): the
    # middle of the segment unlike the cells beside it (where ``band_sides`` looks).
    a, b = centres[:, None, 0], centres[:, None, 1]
    across = np.stack([a[..., 1] - b[..., 1], b[..., 0] - a[..., 0]], axis=-1)  # a pitch
    beside = [a + t * (b - a) + s * BESIDE_ACROSS * across for t in BESIDE_ALONG for s in (-1, 1)]
    points = np.concatenate([(a + b) / 2, *beside], axis=1)
    h, w = image.shape[:2]
    lab = lab_at(image, points, h, w)
    # (in each cell on one side at least: a sharp bend covers the other, ``_hex_bends``)
    quick = delta_e(lab[:, 1:], lab[:, :1]).reshape(-1, len(BESIDE_ALONG), 2).max(axis=2)
    look = np.flatnonzero(quick.min(axis=1) > _QUICK_APART * contrast)
    if not look.size:
        return band, found
    band[look], share, apart = band_sides(image, centres[look], pitch)
    found[look] = (share >= BAND_SHARE) & bent(
        image, centres[look], band[look], apart, pitch=pitch, contrast=contrast
    )
    # Its colour all across the side: a pipe hides the line there (the band's
    # share leaves room for a line crossing the ground between empty cells).
    a, b = centres[look, None, 0], centres[look, None, 1]
    across = np.stack([a[..., 1] - b[..., 1], b[..., 0] - a[..., 0]], axis=-1) / pitch
    # (every ``_STEP`` px up to ``_ON_SIDE`` pitch from it: the lattice looked on
    # may lie a pixel or two off, and a line is a pixel wide)
    reach = max(2.0, _ON_SIDE * pitch)
    on = 0.5 + np.arange(-reach, reach + _STEP / 2, _STEP) / pitch
    side = [a + t * (b - a) + s * pitch * across for t in on for s in ACROSS_IN]
    on_side = lab_at(image, np.concatenate(side, axis=1), h, w)
    # (a line across the link lies along the side, through all three offsets across
    # at once; one offset alone off is a pixel of JPEG's ringing on the band: a blue
    # band 24.8 Lab off at its middle there, 2.6 and 0.8 either side, synthetic hex
    # JPEG 4100000 started)
    off = delta_e(on_side, band[look, None]).reshape(len(look), len(on), len(ACROSS_IN))
    found[look] &= np.median(off, axis=2).max(axis=1) <= BAND_NEAR
    # A flow's colour, far from the game's black ground (a band of the ground
    # between empty hexagons, or a hole's, with lines beside it in small ones).
    found[look] &= np.hypot.reduce(band[look], axis=1) > contrast
    # (or all round it: a colour-blind dot's letter covers its centre; a pipe's
    # tint shows round a pipe's cell between its links, no band of it)
    # (looked at only where all else found a pipe: most links looked at have none)
    for end in (0, 1):
        still = look[found[look]]
        at = centres[still, end]
        centre = delta_e(band[still], centre_colours(image, at, pitch)) <= NEAR
        shown = centre | (discs_show(image, at, pitch, band[still]) >= DISC)
        # (a letter's corners reach past the radii looked at, blurred into its rim: the
        # disc told whole, as the dot reader tells it, looked for only there)
        doubt = ~shown
        if doubt.any():
            shown[doubt] = lettered_of(image, at[doubt], pitch, band[still][doubt])
        found[still] &= shown
    return band, found


def lettered_of(
    image: np.ndarray, centres: np.ndarray, pitch: float, lab: np.ndarray
) -> np.ndarray:
    """For cells' centres ``(n, 2)`` (x, y), whether each holds a colour-blind dot's lettered
    disc (``_letters.lettered_discs``, as the dot reader finds one) of its ``lab`` (within
    ``BAND_NEAR``: the disc's colour is its band's between the letter and the rim, a pixel
    or two from each, where JPEG rings and the blur dulls it, 12.8 Lab off its pipe's in
    the case below), standing out from its ring as a dot does (``NEAR``).

    A pipe into a lettered dot is its disc's colour all round the letter, but for a
    letter's corners: N, M, W reach 0.57-0.81 of the disc's radius, and blurred, with
    the rim, a pixel or two on, they leave no radius ``discs_show`` looks at showing the
    disc's colour at three of its 16 angles (synthetic hex colour_blind 300052 started:
    an N on blue 13-22 Lab off at 45 and 315 degrees, 0.81 of the angles shown; the side
    the pipe crosses was then taken for a line with no ink, its hexagons left out)."""
    ring = median_of(to_lab(ring_pixels(image, centres, pitch)), axis=1)
    found = lettered_discs(image, centres, pitch, ring)
    return (
        found.lettered & (delta_e(found.lab, lab) <= BAND_NEAR) & (delta_e(found.lab, ring) > NEAR)
    )


def centre_colours(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """The median colour (Lab) within ``CENTRE_DISC`` pitches of each of the centres
    ``(n, 2)`` (x, y): of the pixels nearest the 29 points of a 7 by 7 grid across it that
    lie within it (a small hexagon's every pixel there, a large one's spread over it)."""
    reach = max(CENTRE_DISC * pitch, 1.0)
    xs, ys = np.meshgrid(*2 * [np.linspace(-reach, reach, 7)])
    disc = np.hypot(xs, ys) <= reach * 1.01
    offsets = np.stack([xs[disc], ys[disc]], axis=1)
    return median_of(to_lab(pixels_round(image, centres, offsets)), axis=1)


def see_hex_pipes(image: np.ndarray, cells: HexCells, contrast: float) -> Pipes:
    """The flows drawn on the board; ``NO_PIPES`` when none, or when in doubt (its cells
    are then judged as drawn: the dot rule refuses a pipe)."""
    geometry = cells.geometry
    playable = set(cells.cells)
    links = [
        (a, b)
        for a in sorted(playable)
        for b in (Cell(a.row + dr, a.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
        if a < b and b in playable and _neighbours(geometry, a, b)
    ]
    centres = np.array([(geometry.centre(a), geometry.centre(b)) for a, b in links], np.float64)
    band, found = pipe_bands(image, centres.reshape(-1, 2, 2), geometry.cell_size, contrast)
    edges = {frozenset(((a, -1), (b, -1))): band[i] for i, (a, b) in enumerate(links) if found[i]}
    if not edges:
        return NO_PIPES
    try:
        pipes = follow_flows(image, geometry, cells, edges)
    except UnsureReadingError as exc:
        log.debug("no pipes read on the hexagons: %s", exc)
        return NO_PIPES
    # The ground the cells no flow covers show (the holes' outside left out).
    free = [c for c in cells.cells if c not in pipes.touched]
    if free:
        ground = median_of(np.array([cells.ring_lab[c] for c in free]), axis=0)
        pipes = replace(pipes, ground=(float(ground[0]), float(ground[1]), float(ground[2])))
    return pipes


def hidden(cells: HexCells, pipes: Pipes) -> HexCells:
    """``cells`` with every cell a flow touches shown as the ground, but its dots' cores
    (``Pipes.hidden_cores``, as on square cells), and the dots the flows end at."""
    if not pipes.flows:
        return cells
    return replace(
        cells, **pipes.hidden_cores(cells), stand_ins=pipes.touched, pipe_dots=pipes.dots
    )


def _neighbours(geometry: HexGeometry, a: Cell, b: Cell) -> bool:
    """Whether hexagons ``a`` and ``b`` share a side (their centres a pitch apart)."""
    pa, pb = geometry.centre(a), geometry.centre(b)
    return bool(np.hypot(pa.x - pb.x, pa.y - pb.y) < 1.2 * geometry.cell_size)
