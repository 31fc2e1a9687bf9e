"""Seeing drawn pipes: a board the user started or finished.

The game draws a flow as a band (about a third of the pitch wide) of its
dots' colour joining the centres of the cells it covers, a dot at each end it
has reached, over a faint tint of that colour in those cells. Two cells are
*linked* when such a band runs straight from one centre to the other: one
colour all along it and across its middle, strong against the cells beside
it, and narrow (beside the band, in both cells, the colour is gone). A linked
cell is a dot when its colour fills a disc round its centre also away from
its links (a dot is about twice as wide as a pipe), else a pipe's cell.

Linked cells form flows; a flow is believed only when it is one simple path
of one colour with a dot at one end or both, and no dot inside: anything
else (a pipe hiding a dot, colours in doubt) is refused. The cells a flow
touches are then hidden from the dot reader (``hidden``): it reads the dots
of the rest as on an unstarted board, and the pipes' own dots are kept.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypedDict

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Geometry, Link
from flowbot.vision._cells import NEAR, CellSamples
from flowbot.vision._colour import NEAR_RINGING, delta_e, from_mix, pixels_at, to_lab
from flowbot.vision._discs import PIPE_SPREAD, crisp_rim
from flowbot.vision._glow_links import without_glow
from flowbot.vision._rays import SOFT_LIGHTNESS
from flowbot.vision._stats import median_of

#: Along a link, the share of the centre-to-centre segment sampled (its
#: middle part: the ends lie in the cells' cores, dots or bends) and the
#: offsets across it (pitch) still inside any pipe (half-widths 0.15-0.17).
_ALONG = np.linspace(0.22, 0.78, 9)
ACROSS_IN = (-0.07, 0.0, 0.07)
#: Beside a link, in each cell, where no pipe of this link reaches but a
#: tint or the ground shows (0.32 pitch off its run: clear of a dot too,
#: whose rim lies 0.27-0.38 from its centre, at 0.3 along).
BESIDE_ALONG, BESIDE_ACROSS = (0.3, 0.7), 0.32
#: Share of a link's samples that must hold its colour (JPEG's blocks, the
#: grid line's anti-aliasing under a thin pipe's edge), within ``BAND_NEAR``
#: Lab of their median: ``NEAR_RINGING`` (the colour itself is judged by medians,
#: to NEAR).
BAND_SHARE, BAND_NEAR = 0.85, NEAR_RINGING
#: How far (a share of the pipe stage's ``contrast``) the colour beside a
#: link must stand from its band: a dark pipe over its own tint (maroon on
#: maroon) stands 23 Lab from it; the lines and ground beside far more.
BESIDE_APART = 0.6
#: Radii (pitch) where a dot's disc shows and a pipe's band is gone: dots
#: 0.27-0.38, pipes' half-widths 0.15-0.17, the knob the game draws at the
#: end of a flow being drawn 0.24-0.25 (a real partial screen). An
#: angle shows the disc when any of them does: a colour-blind dot's letter
#: (``_letters``) covers the inner ones at some angles (its capitals reach
#: 0.57-0.81 of the dot's radius: up to 0.31 pitch), a small dot's rim the
#: outer ones; one of them lies between the letter and the rim of any dot.
_DISC_RADII = (0.26, 0.30, 0.34)
#: A point nearer a disc's colour than the ground (the cell's ring) by this
#: factor or more shows the disc, within ``BAND_NEAR`` of it, where the colour
#: stands ``_DISC_CLEAR`` Lab or more from the ground (``disc_share``): small
#: dots' blurred rims and JPEG's noise 12-22 Lab off their colour, 32+ from
#: their ring, the colours 45+ apart (tiny cells, colour-blind letters); a dark
#: flow on its own tint 23-27 Lab from it is left to ``NEAR`` alone.
_DISC_SIDE = 2.0
_DISC_CLEAR = 1.5 * BAND_NEAR
#: Angles looked at round a linked cell, and how far from every link's
#: direction they must lie to be clear of its band (a bend's join is round).
_ANGLES = np.arange(16) * (np.pi / 8)
_CLEAR_OF_LINK = np.pi / 2 - 1e-6
#: The angles clear of a link and nearer it than this lie beside it (``_flank_shows``).
_FLANK = 3 * np.pi / 4 - 1e-6
#: A linked cell whose disc shows its colour on at least this share of the
#: angles clear of its links is a dot, on at most ``NO_DISC`` a pipe's cell;
#: in between it is refused.
DISC, NO_DISC = 0.85, 0.15
#: Offsets (pitch) across a faint band, between its edge (half-widths 0.15-0.17) and
#: the place beside it (``BESIDE_ACROSS``), where the ground shows beside a narrow band
#: (``_beside_in_patches``).
GROUND_BETWEEN = (0.22, 0.26)
#: At the faint read (``band_links`` into dots), a band found standing from the single
#: pixels beside it by less than this share of the contrast is judged by patches there
#: too: a dark tint between two pipes stood 9.7-10.1 Lab from one pixel each side (9
#: asked), 1.8-5.4 from patches, JPEG 75's chroma noise in a dark blue, and passed for a
#: band across a U-turn (dark flows 4400000 45 px JPEG 75 started).
NOISY_BESIDE = 1.0
#: Where the share falls in between, each point looked at again as the median of
#: a 3 by 3 patch this far apart (pitch), as ``_discs.PIPE_SPREAD`` looks beside a
#: dot's pipe: a pixel apart in a 30 px cell (``_disc_in_patches``).
PATCH_SPREAD = PIPE_SPREAD
#: There, a disc with a dot's crisp rim is a dot when its colour shows at this share
#: of the angles clear of its link or more (``_disc_in_patches``).
RIM_DISC = 0.5

log = logging.getLogger(__name__)

# Directions as (drow, dcol), index k: right, down, left, up (as the ring's sectors).
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def step(cell: Cell, k: int) -> Cell:
    """The cell beside ``cell`` in direction ``k`` (``STEPS``)."""
    return Cell(cell.row + STEPS[k][0], cell.col + STEPS[k][1])


@dataclass(frozen=True, slots=True)
class Pipes:
    """The flows drawn on a board: each a path of cells, its dots at its ends.

    ``flows[i]`` runs from a dot (``flows[i][0]``) along linked cells; it
    ends in a dot (joined) or in a pipe's cell (a flow being drawn).
    """

    flows: tuple[tuple[Cell, ...], ...]
    #: Cells of each flow that are its dots.
    dots: frozenset[Cell]
    #: The board's ground, Lab: what a hidden cell shows the dot reader.
    ground: tuple[float, float, float]
    #: Bridges' cells the flows cross (``_pipes_through``), their tiles drawn or not.
    bridges: frozenset[Cell] = frozenset()
    #: Warps the flows run through (``_pipes_through``), their openings hidden by them.
    warps: frozenset[Link] = frozenset()

    def solved(self, cells: int) -> bool:
        """Whether every flow joins two dots and the flows cover all ``cells`` cells."""
        joined = all(f[0] in self.dots and f[-1] in self.dots for f in self.flows)
        return bool(self.flows) and joined and len(self.touched) == cells

    @property
    def touched(self) -> frozenset[Cell]:
        return frozenset(c for flow in self.flows for c in flow)

    def covered(self, dot: Cell) -> frozenset[Cell]:
        """The cells other than dots that the flow from ``dot`` covers."""
        for flow in self.flows:
            if dot in flow:
                return frozenset(flow) - self.dots
        return frozenset()

    def hidden(self, samples: CellSamples) -> CellSamples:
        """``samples`` with every cell a flow touches shown as ground, but its dots' cores."""
        if not self.flows:
            return samples
        sector_lab = samples.sector_lab.copy()
        for cell in self.touched:
            sector_lab[cell] = np.asarray(self.ground, dtype=sector_lab.dtype)
        return replace(samples, **self.hidden_cores(samples), sector_lab=sector_lab)

    def hidden_cores(self, samples: Hideable) -> HiddenCores:
        """The cores and rings of ``samples`` (square cells or hexagons) with every cell a
        flow touches shown as ground, but its dots' cores, by field name (``core_lab``,
        ``core_uniformity``, ``ring_lab``, ``ring_like_core``: for ``replace``)."""
        ground = np.asarray(self.ground, dtype=samples.ring_lab.dtype)
        core_lab, core_uniformity = samples.core_lab.copy(), samples.core_uniformity.copy()
        ring_lab, ring_like_core = samples.ring_lab.copy(), samples.ring_like_core.copy()
        for cell in self.touched:
            # A dot keeps its core, flat (the stage saw its disc); a pipe's
            # cell shows the ground all through.
            ring_lab[cell] = ground
            ring_like_core[cell] = 0.0
            core_uniformity[cell] = 1.0
            if cell not in self.dots:
                core_lab[cell] = ground
        return {
            "core_lab": core_lab,
            "core_uniformity": core_uniformity,
            "ring_lab": ring_lab,
            "ring_like_core": ring_like_core,
        }


#: The note a reading carries when every flow joins its dots and every cell is covered.
ALREADY_SOLVED = "already solved"

NO_PIPES = Pipes((), frozenset(), (0.0, 0.0, 0.0))


def see_pipes(
    image: np.ndarray, geometry: BoardGeometry, samples: CellSamples, contrast: float
) -> Pipes:
    """The flows drawn on the board; ``NO_PIPES`` when none, or when in doubt.

    ``contrast``: how far (Lab) a pipe stands out from the cells beside it.
    In doubt the board is read as if no pipe were drawn: the dot and cell
    rules then refuse whatever pipe or band it shows (``_cell_pipes``).
    """
    return read_pipes(image, geometry, samples, contrast) or NO_PIPES


def read_pipes(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    *,
    into_dots: bool = False,
) -> Pipes | None:
    """The flows drawn on the board (``NO_PIPES`` when none); ``None`` when pipes show
    that cannot be read as flows (``see_pipes``). ``into_dots``: as ``band_links``."""
    try:
        return _see_pipes(image, geometry, samples, contrast, into_dots=into_dots)
    except UnsureReadingError as exc:
        log.debug("no pipes read: %s", exc)
        return None


def hide_pipes(
    image: np.ndarray, geometry: BoardGeometry, samples: CellSamples, contrast: float
) -> CellSamples:
    """``samples`` with the cells drawn pipes touch hidden (``Pipes.hidden``)."""
    return see_pipes(image, geometry, samples, contrast).hidden(samples)


def _see_pipes(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    *,
    into_dots: bool = False,
) -> Pipes:
    # The sectors alike as a band's samples are (``BAND_NEAR``): in small cells a
    # bend's sector takes in its tint and the line beside the pipe, 14 Lab off the
    # straight sector across the edge (tiny cells 100011 solved); the band is
    # judged on its own colour next. (The faint-pipe rule keeps to NEAR: glow
    # blurred over thick lines passed for its bands, zoomed 76001.)
    links = band_links(image, geometry, samples, contrast, alike=BAND_NEAR, into_dots=into_dots)
    if not links:
        return NO_PIPES
    return without_glow(
        image, geometry, links, lambda found: _follow(image, geometry, samples, found)
    )


def _follow(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    links: dict[tuple[Cell, int], np.ndarray],
) -> Pipes:
    """The flows the links ``links`` found make (``_see_pipes``)."""
    colour_of: dict[Cell, list[np.ndarray]] = {}
    linked: dict[Cell, list[int]] = {}
    for (cell, k), lab in links.items():
        other = step(cell, k)
        for c, d in ((cell, k), (other, (k + 2) % 4)):
            linked.setdefault(c, []).append(d)
            colour_of.setdefault(c, []).append(lab)
    dots: set[Cell] = set()
    for cell, ks in linked.items():
        colours = colour_of[cell]
        check_links_meet(cell, colours)
        if dot_at_end(
            image, geometry, samples, cell, towards=[k * np.pi / 2 for k in ks], labs=colours
        ):
            dots.add(cell)
    flows = _flows(linked, dots)
    return Pipes(tuple(flows), frozenset(dots), ground_beside(samples, flows))


class Sampled(Protocol):
    """A board's cells sampled, as the flows are judged: each cell's core and ring (Lab),
    indexed ``[row, col]`` (``CellSamples``, a hexagonal board's ``HexCells``)."""

    @property
    def core_lab(self) -> np.ndarray: ...

    @property
    def ring_lab(self) -> np.ndarray: ...


class HiddenCores(TypedDict):
    """The fields ``Pipes.hidden_cores`` gives, as ``Hideable`` names them."""

    core_lab: np.ndarray
    core_uniformity: np.ndarray
    ring_lab: np.ndarray
    ring_like_core: np.ndarray


class Hideable(Sampled, Protocol):
    """Cells sampled as the dot reader sees them: also how flat each core is, and how much
    of each ring is the core's colour."""

    @property
    def core_uniformity(self) -> np.ndarray: ...

    @property
    def ring_like_core(self) -> np.ndarray: ...


def ground_beside(
    samples: Sampled,
    flows: Sequence[tuple[Cell, ...]],
    holes: frozenset[Cell] = frozenset(),
) -> tuple[float, float, float]:
    """The ground (Lab) the cells no flow touches show, ``holes`` left out.

    On a board covered whole, none shows it: black (the game's) stands for
    it, far from every dot's colour, where the rings' tints may lie near a
    dark dot's own. A hole is no cell showing the ground: its ring takes in
    the bright outline round it (a finished board with holes: its holes'
    rings, the only cells no flow touched, gave a ground of 50 L*, and every
    dot's ring hidden so stood 54 Lab from the black holes beside it, refused
    as a dot on a background unlike its neighbours': synthetic holes
    phone_large 300079 solved).
    """
    rings = samples.ring_lab
    free = np.ones(rings.shape[:2], bool)
    for flow in flows:
        for cell in flow:
            free[cell] = False
    for hole in holes:
        free[hole] = False
    ground = median_of(rings[free], axis=0) if free.any() else np.zeros(3)
    return float(ground[0]), float(ground[1]), float(ground[2])


def _flows(linked: dict[Cell, list[int]], dots: set[Cell]) -> list[tuple[Cell, ...]]:
    """Each linked group as one path from a dot; refused unless it is one."""
    seen: set[Cell] = set()
    flows = []
    for start in sorted(linked):
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            cell = todo.pop()
            for k in linked[cell]:
                nxt = step(cell, k)
                if nxt not in group:
                    group.add(nxt)
                    todo.append(nxt)
        seen |= group
        ends = sorted(c for c in group if len(linked[c]) == 1)
        own_dots = sorted(group & dots)
        if len(ends) != 2 or not own_dots or any(d not in ends for d in own_dots):
            where = tuple(min(group))
            raise UnsureReadingError(
                f"a pipe at cell {where} does not run from a dot: the drawing is unclear"
            )
        path = [own_dots[0]]
        while len(path) < len(group):
            cell = path[-1]
            nxt = next(n for k in linked[cell] if (n := step(cell, k)) not in path)
            path.append(nxt)
        flows.append(tuple(path))
    return flows


def band_links(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    *,
    either: bool = False,
    alike: float = NEAR,
    into_dots: bool = False,
    pixels_suffice: bool = False,
) -> dict[tuple[Cell, int], np.ndarray]:
    """Edges a band of one colour crosses from centre to centre: ``(cell, 0 right | 1 down)``.

    ``either``: looked at where one cell's sector facing the edge is unlike its ring, not
    both (two flows crossing in a cell tint its ring the colour of the one drawn over).
    ``alike``: how near (Lab) the two sectors must be to be looked at (``edges_off``).
    ``into_dots``: a band whose colour beside it is near it in one cell only, that cell
    showing a dot of its colour (``disc_share``), is judged narrow by the other cell; and
    one whose colour beside it is near it only on a bend's inner side, where a link of
    its colour leaves that cell (``_round_bends``), is judged narrow by the other places;
    and one found standing from the single pixels beside it by little (``NOISY_BESIDE``)
    is judged by patches there too, unless ``pixels_suffice`` (a rule refusing what may
    be a band).
    """
    edges = edges_off(samples, contrast, either=either, alike=alike)
    if not edges:
        return {}
    ends = np.array(
        [(geometry.centre(cell), geometry.centre(step(cell, k))) for cell, k in edges],
        np.float64,
    )
    band, share, apart, halves = _band_parts(image, ends, geometry.cell_size)
    found = _is_band(share, apart, halves, contrast)
    # One pixel beside a faint band lies as near it, or as far, as JPEG's noise.
    faint = (
        np.zeros_like(found)
        if pixels_suffice
        else found & (apart.min(axis=(1, 2)) < NOISY_BESIDE * contrast)
    )
    if into_dots and not (found & ~faint).all():
        near = apart <= BESIDE_APART * contrast  # (edges, cell, side)
        # Looked at again in patches, against the cells' rings too (``_beside_in_patches``),
        # those not found and those found standing from single pixels beside by little.
        again = np.flatnonzero((~found | faint) & (share >= BAND_SHARE))
        if again.size:
            looked = [edges[i] for i in again]
            apart[again], near[again] = _beside_in_patches(
                image, geometry, samples, looked, band=band[again], contrast=contrast
            )
            standing = apart[again].min(axis=(1, 2))
            found[again] = ~near[again].any(axis=(1, 2)) & halves_alike(halves[again], standing)
        # Its halves one colour, as every band's, by the places that judge it narrow.
        one_colour = halves_alike(halves, np.where(near, np.inf, apart).min(axis=(1, 2)))
        for i in np.flatnonzero(~found & (share >= BAND_SHARE) & one_colour):
            found[i] = _into_dot(
                image, geometry, samples, edges[i], lab=band[i], near=near[i].any(axis=1)
            )
        _round_bends(edges, band, near, found, found | ((share >= BAND_SHARE) & one_colour))
    return {edge: band[i] for i, edge in enumerate(edges) if found[i]}


#: The directions (``STEPS`` index) of the places beside a link (``_band_samples``: its
#: first side, ``-1`` times ``(-dy, dx)``, then its second) for a link right (up, down)
#: and down (right, left).
_SIDE_STEPS = ((3, 1), (0, 2))


def _round_bends(
    edges: list[tuple[Cell, int]],
    band: np.ndarray,
    near: np.ndarray,
    found: np.ndarray,
    looked: np.ndarray,
) -> None:
    """Mark in ``found`` the ``looked`` edges (one colour along them, halves alike) whose
    colour beside them is near theirs (``near``: ``(edges, cell, side)``) only where a
    link found of their colour (within ``NEAR``) leaves that cell on that side: a bend's
    inner side, looked at 0.2 pitch off the other link's run (its pipe's half-width
    0.15-0.17), where the round join and JPEG's halved colour resolution spread a dark
    flow's colour (8.6 Lab from the band there, 10-14 at the other places, 9 needed:
    dark flows 300002 (25, 0, 25) 45 px JPEG 60 solved). The places beside it on the
    bend's outer side, and in the other cell, still judge it narrow; glow or a band wider
    than a pipe shows its colour on both sides. Links so found may explain the next."""
    index = {edge: i for i, edge in enumerate(edges)}

    def leaves(cell: Cell, k: int, lab: np.ndarray) -> bool:
        key = (cell, k) if k < 2 else (step(cell, k), k - 2)
        i = index.get(key)
        return i is not None and bool(found[i]) and float(delta_e(band[i], lab)) <= NEAR

    grown = True
    while grown:
        grown = False
        for i in np.flatnonzero(looked & ~found & near.any(axis=(1, 2))):
            cell, k = edges[i]
            cells = (cell, step(cell, k))
            if all(
                leaves(cells[j], _SIDE_STEPS[k][side], band[i]) for j, side in np.argwhere(near[i])
            ):
                found[i] = grown = True


def _into_dot(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    edge: tuple[Cell, int],
    *,
    lab: np.ndarray,
    near: np.ndarray,
) -> bool:
    """Whether the band across ``edge`` (colour ``lab``), beside it near its colour in the
    cells ``near`` (first, second), is so in one cell only, which shows a dot of its
    colour all round clear of the band (``disc_share``, against the cell's ring).

    A dot is wider than the band: beside a link into it, in its cell, the colour is
    looked at 0.09 pitch past its rim (radius 0.35), where JPEG's halved colour
    resolution spreads a dark dot's colour (its 16 px colour blocks fall unevenly:
    9.0 Lab there, 11-12 at the other places, against 9 needed in the faint read).
    Glow, or a band wider than a pipe, runs on beside it in both cells.
    """
    if near.all() or not near.any():
        return False
    cell, k = edge
    if near[0]:
        dot, towards = cell, k
    else:
        dot, towards = step(cell, k), (k + 2) % 4
    share = disc_share(
        image,
        geometry,
        dot,
        [towards * np.pi / 2],
        lab,
        core=samples.core_lab[dot],
        ground=samples.ring_lab[dot],
    )
    return share >= DISC


def _band_parts(
    image: np.ndarray, ends: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``band_sides``' measures of segments ``ends``, sampled once, and how far apart (Lab)
    each one's two halves are (``halves_alike``)."""
    lab_in, lab_beside = _band_samples(image, ends, pitch)
    band, share, apart = _band_measures(lab_in, lab_beside)
    share[_broken(lab_in, lab_beside, band)] = 0.0
    first, second = (lab_in[:, np.repeat(part, len(ACROSS_IN))] for part in _HALVES)
    halves = delta_e(median_of(first, axis=1), median_of(second, axis=1))
    return band, share, apart, np.asarray(halves)


def _broken(lab_in: np.ndarray, lab_beside: np.ndarray, band: np.ndarray) -> np.ndarray:
    """Whether each segment's band (``band``, from its samples ``lab_in``) shows, at some
    place along it, the colour beside it (``lab_beside``) across its whole width: each
    sample there ``_DISC_SIDE`` times as near one place beside as the band's median.

    A pipe runs from centre to centre unbroken. Where the band is faint, ``BAND_NEAR``
    (the ringing's allowance) takes in the ground itself: between a tiny cell's black
    centre and a dot beside it, black, a grid line and the dot's blurred rim made a
    median 18 Lab from black, the black within BAND_NEAR of it (0.9 of the samples), and
    passed for a faint band (12.7 px cells, mirror 300054 started).

    Only the places clear of a colour-blind dot's letter at either end are looked at
    (``_CLEAR_OF_LETTERS``): a dark stroke 0.22 pitch from a lettered dot's centre
    is as near the black ground as the ground is (colour-blind 300001 started)."""
    n = len(band)
    to_band = delta_e(lab_in, band[:, None, :])  # (n, samples)
    to_side = delta_e(lab_in[:, :, None, :], lab_beside[:, None, :, :]).min(axis=2)
    ground = (_DISC_SIDE * to_side <= to_band).reshape(n, len(_ALONG), len(ACROSS_IN))
    return np.asarray(ground[:, _CLEAR_OF_LETTERS].all(axis=2).any(axis=1))


#: The places along a link (``_ALONG``) farther than a colour-blind dot's letter reaches
#: from either centre (0.31 pitch at most): 0.36-0.64.
_CLEAR_OF_LETTERS = (_ALONG > 0.32) & (_ALONG < 0.68)


def _is_band(
    share: np.ndarray, apart: np.ndarray, halves: np.ndarray, contrast: float
) -> np.ndarray:
    """Whether a band runs along each segment measured (``_band_parts``): one colour along
    it, standing ``BESIDE_APART`` of ``contrast`` from the colour beside it in both cells,
    its halves alike. (Halves of one colour: dark tints, the line between them and JPEG's
    noise all lie within BAND_NEAR of a median mixed from them: twins 300010 solved, a
    teal tint, a brown line and a navy tint between two pipes, 30 Lab from tint to tint,
    passed for a band and made pipes meet.)"""
    standing = apart.min(axis=(1, 2))
    stands = standing > BESIDE_APART * contrast
    return (share >= BAND_SHARE) & stands & halves_alike(halves, standing)


#: Along a link, the samples each side of the line its halves are compared by (0.36-0.43,
#: 0.57-0.64): clear of a colour-blind dot's letter (0.31 pitch from its centre at most)
#: and of the line; their medians at most ``HALVES_APART`` Lab apart: links read, dev
#: seeds 300020-300023 (tiny cells, JPEG, twins, mirror, colour-blind; 4,000 links)
#: 0-4.4, an orange pipe through tiny cells' chroma noise 13.3 (tiny cells 100011
#: solved); a teal tint and a navy one either side of a line between two pipes 26.2.
_HALVES = ((_ALONG > 0.3) & (_ALONG < 0.5), (_ALONG > 0.5) & (_ALONG < 0.7))
HALVES_APART = 1.5 * NEAR


def halves_alike(halves: np.ndarray, standing: np.ndarray) -> np.ndarray:
    """Whether each band's two halves, ``halves`` Lab apart, are one colour: within
    ``HALVES_APART``, and no farther apart than the band stands from its sides
    (``standing``: the least of ``band_sides``' distances, where they judge it).

    Halves farther apart than that are two things side by side, not one band: at
    half the pipe contrast every dark colour lies near every other, and a dark dot's
    rim and black in one cell with a green flow's dark tint in the next (15 Lab
    apart, each 9 from the sides) passed for a band into the dot, and made pipes
    meet (dark flows 300000 (25, 0, 25) 30 px JPEG 75 started: its faint flow lost,
    its lone dot refused for want of a twin). A bright band stands far from its
    sides: JPEG's noise between its halves (9-13 Lab at 45 px, JPEG 60) stays within
    ``HALVES_APART`` as before (a bound by the contrast alone, 9 at half of it,
    lost them: dark flows 100010 45 px JPEG 60).
    """
    return np.asarray(halves <= np.minimum(HALVES_APART, standing))


def band_sides(
    image: np.ndarray, ends: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For segments ``ends`` (``(n, 2, 2)``), the median colour (Lab) along each one's
    middle, the share of its samples within ``BAND_NEAR`` of it, and how far (Lab) the
    colour beside it stands from it, ``(n, 2, 2)``: in its first cell and its second
    (``BESIDE_ALONG``), on either side (``-1``, ``+1`` times ``(-dy, dx)`` of the
    segment)."""
    return _band_measures(*_band_samples(image, ends, pitch))


def _band_measures(
    lab_in: np.ndarray, lab_beside: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``band_sides`` from the samples along the segments and beside them."""
    band = median_of(lab_in, axis=1)
    share = (delta_e(lab_in, band[:, None]) <= BAND_NEAR).mean(axis=1)
    apart = delta_e(lab_beside, band[:, None]).reshape(-1, len(BESIDE_ALONG), 2)
    return band, share, apart


def _beside_in_patches(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    edges: list[tuple[Cell, int]],
    *,
    band: np.ndarray,
    contrast: float,
) -> tuple[np.ndarray, np.ndarray]:
    """For ``edges`` with bands of colour ``band``, how far (Lab) the colour beside each
    stands from it, each place the median of a 3 by 3 patch ``PATCH_SPREAD`` apart round
    it, and where it is near the band: within ``BESIDE_APART`` of ``contrast`` of it, but
    not where the band stands that far from its cell's ring and the place ``_DISC_SIDE``
    times as near the ring as the band (``(n, 2, 2)`` each, as ``band_sides``' ``apart``).

    A dark flow on black stands 11-14 Lab from it, 9 needed at half the pipe
    contrast: beside its band one pixel lay 8.1 from it (the colour's 16 px JPEG
    blocks, ringing), three links of a straight flow lost (dark flows 102 (25, 0,
    25) 30 px JPEG 60), and JPEG spread its colour there 8.5-8.8 from it over a
    patch, yet twice as near the ground (4.0-4.1). The ground beside a narrow band
    shows so however faint the band; glow wider than a pipe shows the band's colour
    there, nearer it than the ground. A "band" along a tint between two pipes (its
    ring's colour) stands from its ring too little to be told from it so.

    A place near the band is none either where, between the band and it (``GROUND_BETWEEN``),
    the ground shows (twice as near the ring as the band) and the colour rises again past it
    (the place twice as far from the ring as there): the band's edge, the place another
    colour. JPEG spread the next row's blue flow's tint over the line onto the place below a
    straight dark flow, 6-8 Lab from the band, the ground between 0.5-1 Lab from the ring
    (dark flows 150001 (20, 20, 40) 45 px JPEG 60 solved); glow wider than a pipe fades
    into the place with no ground between.
    """
    pitch = geometry.cell_size
    ends = np.array(
        [(geometry.centre(cell), geometry.centre(step(cell, k))) for cell, k in edges],
        np.float64,
    )
    h, w = image.shape[:2]
    _, beside = _band_points(ends, pitch)  # (n, 4, 2): along first, then side
    steps = np.array([-PATCH_SPREAD, 0.0, PATCH_SPREAD]) * pitch
    offsets = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)

    def patches(points: np.ndarray) -> np.ndarray:
        seen = median_of(lab_at(image, points[:, :, None, :] + offsets, h, w), axis=2)
        return seen.reshape(len(edges), len(BESIDE_ALONG), 2, 3)

    seen = patches(beside)
    rings = np.array(
        [(samples.ring_lab[cell], samples.ring_lab[step(cell, k)]) for cell, k in edges]
    )  # (n, 2, 3): the first cell's, the second's (BESIDE_ALONG 0.3, 0.7)
    least = BESIDE_APART * contrast
    apart = delta_e(seen, band[:, None, None, :])
    to_ring = delta_e(seen, rings[:, :, None, :])
    # The ground between the band and a place beside it, the colour rising again past
    # it: the band's edge, the place another colour (``GROUND_BETWEEN``).
    sides = beside.reshape(len(edges), len(BESIDE_ALONG), 2, 2)
    runs = sides.mean(axis=2, keepdims=True)  # the band's middle at each place along it
    out = sides - runs
    dips = [
        patches((runs + out * (across / BESIDE_ACROSS)).reshape(len(edges), -1, 2))
        for across in GROUND_BETWEEN
    ]
    edged = np.zeros(apart.shape, bool)
    for dip in dips:
        dip_to_ring = delta_e(dip, rings[:, :, None, :])
        edged |= (delta_e(dip, band[:, None, None, :]) >= _DISC_SIDE * dip_to_ring) & (
            to_ring >= _DISC_SIDE * dip_to_ring
        )
    # The ground only beside a band that stands from the ring as far as asked (a
    # tint between two pipes is as near its ring as the "band" along it), and in
    # colour alone, within SOFT_LIGHTNESS of the ring's lightness (a dark flow on
    # black): JPEG halves the colours' resolution, not the lightness's; a soft glow
    # band lighter than its ground fades as far by 0.32 pitch (crop 50097: 8.6 from
    # it, 4.3 from the ground, 12 L* above it).
    apart_from_ring = delta_e(band[:, None, :], rings) >= least  # (n, 2)
    stands = apart_from_ring & (np.abs(band[:, None, 0] - rings[..., 0]) < SOFT_LIGHTNESS)
    ground = (apart >= _DISC_SIDE * to_ring) & stands[:, :, None]
    ground |= edged & apart_from_ring[:, :, None]
    return apart, (apart <= least) & ~ground


def _band_points(ends: np.ndarray, pitch: float) -> tuple[np.ndarray, np.ndarray]:
    """The places (x, y) ``_band_samples`` looks at: along each segment ``(n, 27, 2)``,
    beside it ``(n, 4, 2)``."""
    a, b = ends[:, 0, None, :], ends[:, 1, None, :]  # (n, 1, 2)
    along = b - a  # one pitch
    across = np.stack([-along[..., 1], along[..., 0]], axis=-1) / pitch  # unit
    t_in, s_in = np.meshgrid(_ALONG, ACROSS_IN, indexing="ij")
    inside = a + t_in.ravel()[:, None] * along + (s_in.ravel() * pitch)[:, None] * across
    t_out, s_out = np.meshgrid(BESIDE_ALONG, (-1.0, 1.0), indexing="ij")
    off = s_out.ravel() * BESIDE_ACROSS * pitch
    beside = a + t_out.ravel()[:, None] * along + off[:, None] * across
    return inside, beside


def _band_samples(
    image: np.ndarray, ends: np.ndarray, pitch: float
) -> tuple[np.ndarray, np.ndarray]:
    """Lab along each segment's middle (``(n, len(_ALONG) * len(ACROSS_IN), 3)``, along
    first) and beside it (``(n, 4, 3)``) for ``band_sides``."""
    h, w = image.shape[:2]
    inside, beside = _band_points(ends, pitch)
    return lab_at(image, inside, h, w), lab_at(image, beside, h, w)


def edges_off(
    samples: CellSamples, contrast: float, *, either: bool = False, alike: float = NEAR
) -> list[tuple[Cell, int]]:
    """The quick look for ``band_links``: edges whose two cells' ring sectors facing it are
    alike (within ``alike`` Lab) and unlike their rings (an unstarted board has none, or a
    few by its dots); ``either``: one cell's sector unlike its ring is enough."""
    sectors, rings = samples.sector_lab, samples.ring_lab
    off = delta_e(sectors, rings[:, :, None, :]) > contrast / 2
    both = np.logical_or if either else np.logical_and
    right = both(off[:, :-1, 0], off[:, 1:, 2])
    right &= delta_e(sectors[:, :-1, 0], sectors[:, 1:, 2]) <= alike
    down = both(off[:-1, :, 1], off[1:, :, 3])
    down &= delta_e(sectors[:-1, :, 1], sectors[1:, :, 3]) <= alike
    edges = [(Cell(int(r), int(c)), 0) for r, c in np.argwhere(right)]
    return edges + [(Cell(int(r), int(c)), 1) for r, c in np.argwhere(down)]


#: Offsets (pitch) round a cell's centre where a pipe ending there shows its
#: colour: well within its round end (half-widths 0.15-0.17), where a small
#: cell's core takes in the end's blurred rim too (tiny cells: 14 Lab off).
_CENTRE = 0.06


def centre_lab(image: np.ndarray, geometry: Geometry, cell: Cell) -> np.ndarray:
    """The median colour (Lab) at a cell's very centre (``_CENTRE``)."""
    centre = geometry.centre(cell)
    return centres_lab(image, np.array([[centre.x, centre.y]]), geometry.cell_size)[0]


def centres_lab(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """The median colour (Lab) at each of the cells' very centres ``(n, 2)`` (x, y)."""
    d = _CENTRE * pitch
    offsets = np.array(((0.0, 0.0), (d, 0.0), (-d, 0.0), (0.0, d), (0.0, -d)))
    points = centres[:, None, :] + offsets[None, :, :]
    h, w = image.shape[:2]
    return median_of(lab_at(image, points, h, w), axis=1)


#: Radii (pitch) where a dot's disc is taken whole for its colour: past a
#: colour-blind letter's strokes at most angles (0.31 at most), inside the
#: rim of all but the smallest dots (0.27-0.38).
_DISC_COLOUR_RADII = (0.27, 0.3)


def check_links_meet(cell: Cell, colours: Sequence[np.ndarray]) -> None:
    """Refuse the links into ``cell`` (each link's colour in ``colours``) where they cannot
    be one flow's: more than two, or two of unlike colours."""
    where = tuple(cell)
    if len(colours) > 2:
        raise UnsureReadingError(f"pipes meet at cell {where}: the drawing is unclear")
    if len(colours) == 2 and float(delta_e(colours[0], colours[1])) > NEAR:
        raise UnsureReadingError(f"two pipe colours meet at cell {where}")


def dot_at_end(
    image: np.ndarray,
    geometry: Geometry,
    samples: Sampled,
    cell: Cell,
    *,
    towards: Sequence[float],
    labs: Sequence[np.ndarray],
) -> bool:
    """Whether the links into ``cell`` (their directions ``towards``, radians, y down; their
    colours ``labs``, one flow's: ``check_links_meet``) end at a dot there: its disc shows
    all round clear of them (``DISC``). Refused where the links' colour is unlike the
    cell's centre (``unlike_centre``), a pipe runs on through a dot, or a dot is not told
    from a pipe (between ``NO_DISC`` and ``DISC``)."""
    where = tuple(cell)
    if unlike_centre(image, geometry, samples, cell, labs):
        raise UnsureReadingError(f"the pipe at cell {where} is unlike the cell's centre")
    lab = labs[0]
    disc = disc_share(
        image,
        geometry,
        cell,
        towards,
        lab,
        core=samples.core_lab[cell],
        ground=samples.ring_lab[cell],
    )
    if NO_DISC < disc < DISC:
        disc = _disc_in_patches(image, geometry, samples, cell, towards=towards, lab=lab)
    if disc >= DISC:
        if len(towards) > 1:
            raise UnsureReadingError(f"a pipe runs through the dot at cell {where}")
        return True
    if disc > NO_DISC:
        raise UnsureReadingError(f"cannot tell a dot from a pipe at cell {where}")
    return False


def _disc_in_patches(
    image: np.ndarray,
    geometry: Geometry,
    samples: Sampled,
    cell: Cell,
    *,
    towards: Sequence[float],
    lab: np.ndarray,
) -> float:
    """``disc_share`` looked at again where one pixel per point left it in doubt: each
    point the median of its patch (``PATCH_SPREAD``), and the disc's rim measured ring
    by ring (``_discs.crisp_rim``, the pixels median-filtered too). A dot (1) where
    its rim is a dot's, crisp, and its colour shows in patches at ``RIM_DISC`` of the
    angles or more; a pipe's cell (the share) where neither; else in doubt (0.5).

    A dark flow on black through JPEG stands 11-21 Lab from the ground, and one
    pixel's noise (ringing, the colour's 16 px blocks) is half that: one point
    by a pipe's bend lay nearer the flow than the ground (share 0.2 of 5 angles,
    dark flows 100001 (25, 0, 25) 30 px JPEG 60). JPEG's blur reaches a 30 px
    cell's dot 0.26 pitch from its centre, 2.7 px inside its rim (0.35): halfway
    there at two or three of 9 angles (0.78 and 0.67, 100003 and 300006); its rim,
    measured ring by ring, still lies where a dot's does, within a rim's allowance.
    A pipe's end is as wide as its band (half-width 0.15-0.17): no dot's rim.
    """
    centre = geometry.centre(cell)
    rim = crisp_rim(
        image,
        (centre.x, centre.y),
        geometry.cell_size,
        samples.core_lab[cell],
        samples.ring_lab[cell],
        pipes=tuple(towards),
        denoised=True,
    )
    share = disc_share(
        image,
        geometry,
        cell,
        towards,
        lab,
        core=samples.core_lab[cell],
        ground=samples.ring_lab[cell],
        patches=True,
        rimmed=rim,
    )
    if (
        rim
        and share >= RIM_DISC
        and _flank_shows(image, geometry, samples, cell, towards=towards, lab=lab)
    ):
        return 1.0
    if not rim and share <= NO_DISC:
        return share
    return 0.5


def _flank_shows(
    image: np.ndarray,
    geometry: Geometry,
    samples: Sampled,
    cell: Cell,
    *,
    towards: Sequence[float],
    lab: np.ndarray,
) -> bool:
    """Whether a rimmed disc's colour shows, in patches, at an angle beside its link
    (``_FLANK``): a dot's disc reaches there twice as far as its band's half-width, a
    pipe's end shows the ground. In 24 px cells through JPEG 40-50 a dark flow's pipe
    ends with a crisp rim showed their colour at 3-4 of the 5 angles away from their
    link, none beside it (4/9 of the angles clear of it, ``RIM_DISC`` 5/9); the dots
    in doubt so at one of the four beside it or more (dark flows (25, 0, 25) 24 px,
    seeds 300000-300150: 20 such ends, 193 dots)."""
    flank = disc_share(
        image,
        geometry,
        cell,
        towards,
        lab,
        core=samples.core_lab[cell],
        ground=samples.ring_lab[cell],
        patches=True,
        rimmed=True,
        flanks=True,
    )
    return flank > 0


def unlike_centre(
    image: np.ndarray,
    geometry: Geometry,
    samples: Sampled,
    cell: Cell,
    labs: Sequence[np.ndarray],
) -> bool:
    """Whether the colours ``labs`` of the links into ``cell`` (one flow's) are each unlike
    what ``cell`` shows at its centre: its core (a colour-blind letter left out), its very
    centre (a pipe's end in a small cell), or the disc round them (a small lettered dot,
    whose core the letter's edges blur).

    Each link measures the flow's colour along its own run; in a small cell blurred
    (a mirror window scaled down) a bend's centre takes in the ground inside the bend as
    one run does where it turns, and the straight run beside it keeps its full colour:
    an orange bend's centre 3.6 Lab from the run that turns there, 12.4 from the other
    (12.7 px cells, synthetic mirror 300054 solved). The centre shows the flow where it
    shows the colour of one of its links.

    JPEG keeps the lightness at full resolution and the colour at half, in 16 px blocks:
    in such a small cell a pipe's round end at the centre takes in the colour of the
    cells round it, its lightness its own (an orange end 18 Lab off its run, 1.4 L*,
    12.7 px cells through JPEG 76: mirror 300054 started). A centre of a link's
    lightness (within ``SOFT_LIGHTNESS``) shows it within ``BAND_NEAR`` too, where it
    stands ``_DISC_SIDE`` times as near the link's colour as the cell's ring: the
    game's colours of one lightness lie 33 Lab apart and more.
    """
    centre = geometry.centre(cell)
    disc = discs_lab(image, np.array([[centre.x, centre.y]]), geometry.cell_size)[0]
    seen = np.stack([samples.core_lab[cell], centre_lab(image, geometry, cell), disc])
    return not shows_a_link(seen, np.stack(labs), samples.ring_lab[cell])


def shows_a_link(seen: np.ndarray, links: np.ndarray, ring: np.ndarray) -> bool:
    """Whether any colour ``seen`` at a cell's centre (``(n, 3)`` Lab) shows one of the
    ``links``' colours (``(m, 3)``): within ``NEAR`` of it, or of its lightness (within
    ``SOFT_LIGHTNESS``) and within ``BAND_NEAR`` of it, ``_DISC_SIDE`` times as near it
    as the cell's ``ring`` (``unlike_centre``: JPEG's colour in blocks)."""
    apart = delta_e(seen[:, None, :], links[None, :, :])  # (seen, links)
    lit = np.abs(seen[:, None, 0] - links[None, :, 0]) <= SOFT_LIGHTNESS
    to_ring = delta_e(seen, ring)[:, None]
    near = (apart <= BAND_NEAR) & (_DISC_SIDE * apart <= to_ring)
    blocky = lit & near
    # On the line from the ring to the link's colour, nearer the link: mostly its disc.
    mostly = (apart <= BAND_NEAR) & (apart < to_ring)
    return bool(((apart <= NEAR) | blocky | (mostly & _rimmed(seen, links, ring))).any())


def _rimmed(seen: np.ndarray, links: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """Whether each colour ``seen`` (``(n, 3)`` Lab) is within ``SOFT_LIGHTNESS`` of a mix of
    the cell's ``ring`` and each of the ``links``' colours (``(m, 3)``), ``(n, m)``.

    A small dot's disc, looked at clear of its colour-blind letter, lies within a blur of
    its rim, where the ground mixes in: a red dot in 23.4 px cells 12.6 Lab and 5.4 L*
    off its pipe, 0.85 of the way from the tinted ring to it and 1.1 Lab off that line
    (warps colour_blind 320000 solved). Another flow's colour is no such mix. On a dark
    flow's own tint the line is short: a maroon dot in 23.7 px cells, its white letter's
    blur in it too, 13.1 Lab off its pipe and 23.8 from the tint, 4.6 off the line
    (colour_blind 6200003 started): ``shows_a_link`` takes any seen colour nearer the link
    than the ring there (the game's colours lie 32+ Lab apart, past ``BAND_NEAR``).
    """
    return from_mix(seen[:, None, :], ring, links[None, :, :]) <= SOFT_LIGHTNESS


def discs_lab(image: np.ndarray, centres: np.ndarray, pitch: float) -> np.ndarray:
    """The median colour (Lab) round each of the cells' centres ``(n, 2)`` (x, y), at
    ``_DISC_COLOUR_RADII``: a dot's, its colour-blind letter left out."""
    r = np.array(_DISC_COLOUR_RADII)[:, None] * pitch
    ring = np.stack([r * np.cos(_ANGLES), r * np.sin(_ANGLES)], axis=-1).reshape(-1, 2)
    h, w = image.shape[:2]
    seen = lab_at(image, centres[:, None, :] + ring[None], h, w)
    return median_of(seen, axis=1)


def discs_show(image: np.ndarray, centres: np.ndarray, pitch: float, lab: np.ndarray) -> np.ndarray:
    """For cells' centres ``(n, 2)`` (x, y), the share of the angles round each where a
    point at one of ``_DISC_RADII`` shows its ``lab`` (``(n, 3)``, within ``NEAR``): all
    round a dot of that colour, its colour-blind letter or not; half or so round a
    pipe's cell, whose tint shows between its links."""
    r = np.array(_DISC_RADII)[:, None] * pitch
    ring = np.stack([r * np.cos(_ANGLES), r * np.sin(_ANGLES)], axis=-1)  # (radii, angles, 2)
    h, w = image.shape[:2]
    seen = lab_at(image, centres[:, None, None, :] + ring[None], h, w)
    shows = delta_e(seen, lab[:, None, None, :]) <= NEAR
    return shows.any(axis=1).mean(axis=1)


def disc_share(
    image: np.ndarray,
    geometry: Geometry,
    cell: Cell,
    links: Sequence[float],
    lab: np.ndarray,
    *,
    core: np.ndarray | None = None,
    ground: np.ndarray | None = None,
    patches: bool = False,
    rimmed: bool = False,
    flanks: bool = False,
) -> float:
    """Share of the angles clear of ``links`` (their directions from the cell's centre,
    radians, y down) where a point at one of ``_DISC_RADII`` shows ``lab``, or the cell's
    ``core`` colour when that is near ``lab`` (``BAND_NEAR``: JPEG blurs a small lettered
    dot's letter, or a thin band's edges, into its colour); 0 when no angle looked at is
    clear (a hexagon's straight pipe). With ``ground`` (the cell's ring), a point nearer
    it than ``lab`` shows the ground: a dark flow lies within ``NEAR`` of black, so
    black round its pipe's end passed for its dot. ``patches``: each point the median
    of a 3 by 3 patch ``PATCH_SPREAD`` apart round it (``_disc_in_patches``). ``rimmed``:
    the cell shows a dot's crisp rim (``crisp_rim``), and a point a third of the way
    to the ground at most shows the disc however far that is in Lab (``_DISC_SIDE``
    without ``BAND_NEAR``). ``flanks``: only the angles clear of the links but within
    ``_FLANK`` of one (beside it: ``_flank_shows``)."""
    directions = np.array(links)
    gap = np.abs((_ANGLES[:, None] - directions[None, :] + np.pi) % (2 * np.pi) - np.pi)
    kept = (gap >= _CLEAR_OF_LINK).all(axis=1)
    if flanks:
        kept &= (gap < _FLANK).any(axis=1)
    clear = _ANGLES[kept]
    if not clear.size:
        return 0.0
    centre = geometry.centre(cell)
    r = np.array(_DISC_RADII)[:, None] * geometry.cell_size  # (radii, 1)
    points = np.stack([centre.x + r * np.cos(clear), centre.y + r * np.sin(clear)], axis=-1)
    h, w = image.shape[:2]
    if patches:
        steps = np.array([-PATCH_SPREAD, 0.0, PATCH_SPREAD]) * geometry.cell_size
        offsets = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 2)
        spread = lab_at(image, points[..., None, :] + offsets, h, w)
        seen = median_of(spread, axis=-2)  # (radii, angles, 3)
    else:
        seen = lab_at(image, points, h, w)  # (radii, angles, 3)
    shows = delta_e(seen, lab) <= NEAR
    if core is not None and float(delta_e(core, lab)) <= BAND_NEAR:
        shows |= delta_e(seen, core) <= NEAR
    if ground is not None:
        to_ground, to_lab = delta_e(seen, ground), delta_e(seen, lab)
        shows &= to_ground > to_lab
        if float(delta_e(lab, ground)) >= _DISC_CLEAR:
            # A small dot's soft rim, JPEG's noise in its disc: its colour within
            # BAND_NEAR (as a band's samples), a third of the way to the ground at
            # most, where the two stand well apart (not a dark flow on its tint).
            # Inside a dot's crisp rim, the rim's blur alone: in a 12.7 px cell the
            # radii looked at (3.3-4.3 px) lie within a mirror's blur of its rim (at
            # 3.9 px), a bright dot's colour there a quarter of its 106 Lab step out,
            # 25-35 Lab off, 71-92 from the ground (mirror 300054 solved).
            near_lab = to_lab <= BAND_NEAR if not rimmed else True
            shows |= near_lab & (to_lab * _DISC_SIDE <= to_ground)
            if rimmed and abs(float(lab[0] - ground[0])) >= BAND_NEAR:
                # JPEG keeps the lightness at full resolution and the colour in
                # blocks: inside a crisp rim, a small dot's disc keeps its lightness
                # where its colour took in the ground's (a dark red dot in a 19.8 px
                # mirror cell: 0.26 pitch out, within 5 L* of it, 12-24 Lab off;
                # synthetic classic mirror 3600004 started). A pipe's end shows the
                # ground's lightness there, 0.1 pitch past its band's edge.
                l_seen = seen[..., 0]
                shows |= np.abs(l_seen - lab[0]) * _DISC_SIDE <= np.abs(l_seen - ground[0])
    return float(shows.any(axis=0).mean())


def lab_at(image: np.ndarray, xy: np.ndarray, h: int, w: int) -> np.ndarray:
    """Lab of the pixels nearest points ``xy`` (``(..., 2)`` x, y)."""
    px = np.clip(np.rint(xy[..., 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(xy[..., 1]), 0, h - 1).astype(np.intp)
    return to_lab(pixels_at(image, py, px))


def pipes_of_pairs(
    pipes: Pipes, pairs: list[tuple[Cell, Cell]], dots: set[Cell]
) -> tuple[frozenset[Cell], ...]:
    """Per pair, the cells other than dots its flow covers; ``()`` with no pipe drawn.

    Refuses flows the pairing does not explain: a pipe's dot the dot reader
    did not see, a flow joining dots of two pairs, or one pair's flow in two
    pieces (the game keeps one pipe per colour: two pieces are joined where
    the reader cannot see, through a warp's openings or under something).
    """
    if not pipes.flows:
        return ()
    if not pipes.dots <= dots:
        raise UnsureReadingError("a pipe's dot is not read as a dot: the drawing is unclear")
    pair_of = {cell: i for i, pair in enumerate(pairs) for cell in pair}
    covered: list[set[Cell]] = [set() for _ in pairs]
    drawn: set[int] = set()
    for flow in pipes.flows:
        ends = {pair_of[c] for c in flow if c in pipes.dots}
        if len(ends) != 1:
            raise UnsureReadingError(
                f"the pipe from cell {tuple(flow[0])} joins dots of two colours"
            )
        pair = ends.pop()
        if pair in drawn:
            raise UnsureReadingError(
                f"the pipe from cell {tuple(flow[0])} is one of two pieces of a flow"
            )
        drawn.add(pair)
        covered[pair] |= set(flow) - pipes.dots
    return tuple(frozenset(c) for c in covered)
