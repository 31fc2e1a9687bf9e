"""Drawn pipes through bridges and warps: flows crossing a bridge straight, or leaving
the board by a warp's opening and coming back across it.

On a bridge two flows may cross: the game draws one over the tile's deck
(between its rails) and hides the other under the tile, which shows only in
the strip between the tile's edge (0.4 pitch from the middle) and the cell's
line; a solutions site draws both, one over the other, with no tile. Either
way a flow crosses a bridge straight, and never ends on one.

So, beside the links ``_pipes`` reads between cell centres, a bridge's cell
is read as two places, one per axis: a flow runs along an axis through it
where a band of one colour comes in from both neighbours on that axis, up to
the tile (``_half_link``; the tile itself is never looked at); or, with no
tile, where links of one colour reach it from both sides along an axis and
of another along the other axis (two flows crossing: a bridge the image
shows by its crossing, with no tile drawn).

A flow through a warp runs out of the board by the opening beside a border
cell, hiding it, and comes back in at the other end of that row or column:
a loose end on the border whose colour goes on through the border's line
(``_variant_pipes.runs_out``) is joined to its partner across the board (a
pipe running out there too, or only the stub of a flow let go just past the
warp), and the two make a warp of the puzzle.

Flows are then followed as on any board; a flow ending on a bridge, a pipe
going into a bridge and not out, an opening without its partner, or anything
else is refused (the board is read as if no pipe were drawn, and the cell
rules refuse its pipes).
"""

from __future__ import annotations

import functools
import logging
import math
from dataclasses import replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Geometry, Link, link
from flowbot.vision._border_sides import border_of
from flowbot.vision._bridges import corner_colours, find_bridges, shows_disc
from flowbot.vision._cell_pipes import BAND_EDGE_PX
from flowbot.vision._cells import NEAR, CellSamples
from flowbot.vision._colour import delta_e
from flowbot.vision._faint_pipes import (
    DRAWN_SHARE,
    FAINTER,
    FAINTEST,
    WIDEST,
    colour_outline_px,
    drawn_share,
    ends_in_dots,
)
from flowbot.vision._glow_links import Links, without_glow
from flowbot.vision._pipes import (
    BAND_NEAR,
    BAND_SHARE,
    BESIDE_APART,
    NO_PIPES,
    Pipes,
    Sampled,
    band_links,
    check_links_meet,
    dot_at_end,
    edges_off,
    ground_beside,
    lab_at,
    read_pipes,
    step,
)
from flowbot.vision._stats import median_of
from flowbot.vision._variant_pipes import letter_free, runs_out, sides_of
from flowbot.vision._warp_stubs import stub_out

log = logging.getLogger(__name__)

#: From a neighbour's centre towards a bridge's (pitches along): the band
#: from past the neighbour's dot, if any (0.22, as ``_pipes``), to near the
#: tile's edge (``_HALF_TILE_EDGE``: the tile is 0.8 pitch wide; JPEG blurs its
#: grey 0.05 pitch into the band in 30 px cells), ``_HALF_TILE_BLUR_PX`` short
#: of it at least (the blur is the scaler's and JPEG's, in pixels: in 18 px
#: cells the grey reached 0.49 pitch along, 27 Lab off the band, and the
#: flow into the tile was lost, synthetic bridges tiny cells 4000001 solved);
#: across it, inside any pipe.
_HALF_START, _HALF_END, _HALF_POINTS = 0.22, 0.54, 7
_HALF_TILE_EDGE, _HALF_TILE_BLUR_PX = 0.6, 2.5
_HALF_ACROSS = (-0.07, 0.0, 0.07)
#: Beside that band, in the neighbour (as ``_pipes``' beside points).
_HALF_BESIDE_ALONG, _HALF_BESIDE_ACROSS = (0.3,), 0.32

#: A place a flow runs through: a cell, or a bridge's cell along an axis
#: (0 along the row, 1 along the column; -1 a plain cell).
Node = tuple[Cell, int]


def see_pipes_through(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    *,
    read: Pipes | None = None,
    holes: frozenset[Cell] = frozenset(),
) -> Pipes:
    """The flows drawn on the board, bridges' cells crossed straight (``Pipes.bridges``:
    those flows cross); ``NO_PIPES`` when none, or in doubt (as ``_pipes.see_pipes``).

    Where cells no flow read touches show bands fainter than ``contrast``
    (``FAINTER`` of it), the board is read again there (``_faint_pipes``: a
    dark flow on a ground of nearly its hue). The fainter read is taken only
    when it keeps every flow read and adds whole ones, drawn with sharp edges.
    ``read``: the flows ``read_pipes_or_fainter`` found (or ``NO_PIPES``), when
    already asked (the search asks). ``holes``: cells left out of the board, which
    hold no flow (``stubs_out``), their rings taken as the board's ground
    (``holes_on_ground``).
    """
    samples = holes_on_ground(samples, holes)
    full = read or read_pipes_through(image, geometry, samples, contrast, holes)
    pipes = full or NO_PIPES
    # Pipes show at the full contrast where flows are read there, or refused.
    shown = full is None or bool(pipes.flows)
    fainter = fainter_flows(image, geometry, samples, contrast, pipes, holes=holes, shown=shown)
    pipes = fainter or pipes
    if holes and pipes.flows:
        # The ground the cells no flow touches show, the holes left out (their rings
        # take in the outline): a finished board's holes are all such cells.
        pipes = replace(pipes, ground=ground_beside(samples, pipes.flows, holes))
    return pipes


def holes_on_ground(samples: CellSamples, holes: frozenset[Cell]) -> CellSamples:
    """``samples`` with the rings of ``holes`` the board's ground: the median ring of its
    empty cells (their core like their ring, within ``NEAR``); as they are where no cell
    is empty (a finished board: its rings its flows' tints).

    The game draws a hole as plain background, outlined on its sides by the bright
    outline; the ring sampled just inside its lines takes that outline in, and against
    it the ground between two holes (no line drawn there, the outline on both sides of
    it) stood out as a dark band, its cells as dark discs: a flow read through holes
    (synthetic walls zoomed 100007: blurred, the outline lights a hole's ring to 54 L*,
    the ground between two holes 0.2). Against the ground, a pipe drawn through a hole
    still stands out (a flow's colour, never the background's), and is refused.
    """
    if not holes:
        return samples
    empty = delta_e(samples.core_lab, samples.ring_lab) <= NEAR
    for hole in holes:
        empty[hole] = False
    if not empty.any():
        return samples
    ground = median_of(samples.ring_lab[empty], axis=0)
    ring = samples.ring_lab.copy()
    for hole in holes:
        ring[hole] = ground
    return replace(samples, ring_lab=ring)


def read_pipes_or_fainter(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    holes: frozenset[Cell] = frozenset(),
) -> Pipes | None:
    """``read_pipes_through``, and where it refuses, the read at ``FAINTER`` of
    ``contrast``, taken as ``see_pipes_through`` takes it (every flow drawn with sharp
    edges or ending in crisp dots); ``None`` when neither reads.

    Part of a dark flow stands out by the full contrast and part only by half
    of it (JPEG's blur, its tint beside a line): read at the full contrast its
    pieces are no flows, a pipe's cell half a disc, and the refusal stood for
    the board's every stage that asks the pipes first (the search's, which
    then neither follows lines through them nor holds the grid back).
    """
    pipes = read_pipes_through(image, geometry, samples, contrast, holes)
    if pipes is not None:
        return pipes
    return fainter_flows(image, geometry, samples, contrast, NO_PIPES, holes=holes, shown=True)


def fainter_flows(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    pipes: Pipes,
    *,
    holes: frozenset[Cell] = frozenset(),
    shown: bool = True,
) -> Pipes | None:
    """The board read at ``FAINTER`` of ``contrast`` where it keeps every flow of ``pipes``
    and adds whole ones, each drawn with sharp edges or ending in dots with a crisp rim;
    where that read is not taken and pipes are ``shown`` at ``contrast`` (``pipes`` holds
    flows, or the read there refused pipes it could not follow), at ``FAINTEST`` of it,
    each new flow drawn with edges as sharp as the image's own pipes and ending in such
    dots; ``None`` when no band that faint shows where no flow of ``pipes`` runs, or no
    read is taken.

    A flow on glow of its own hue: the game tints its cells with its colour over the
    glow, nearly its colour already, and its pipe stands from that tint by what is
    left (bridges twins 4700000 solved: a teal flow on teal glow, 7-14 Lab from its
    tint, 10-12 from the ground; its edges sharp at 0.64 of the places, its dots crisp).
    That look is for a started or finished board, whose other pipes stand out at the
    full contrast: on a board showing none (an unstarted one) only glow's ramps and
    JPEG's noise stand 0.3 of it from the rings, and the look, 0.4-1.4 ms of a 15 ms
    read on most unstarted 1080x2400 screens, took nothing there.
    """
    for share in (FAINTER, FAINTEST) if shown else (FAINTER,):
        fainter = _fainter_read(
            image, geometry, samples, pipes, contrast=contrast, faint=contrast * share, holes=holes
        )
        if fainter is not None:
            return fainter
    return None


def _fainter_read(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    pipes: Pipes,
    *,
    contrast: float,
    faint: float,
    holes: frozenset[Cell],
) -> Pipes | None:
    """``fainter_flows`` read at ``faint`` (Lab), of the pipe ``contrast``."""
    if not edges_off(pipes.hidden(samples), faint):
        return None
    fainter = read_pipes_through(image, geometry, samples, faint, holes, into_dots=True)
    if fainter is None or not set(pipes.flows) < set(fainter.flows):
        return None
    new = sorted(set(fainter.flows) - set(pipes.flows))
    # Glow fades softly across its width, or is wider than a pipe however sharp (as the
    # faint-pipe rule judges it), and ends in no dot: no flow drawn. Softly means softer
    # than the image's own pipes (a blur softens every drawn edge alike), asked only
    # where a flow is in doubt at the sharp image's edge.
    #
    # Fainter than ``FAINTER`` of the contrast, a flow is taken only as both: JPEG's
    # noise and glow's ramps lie nearer a faint band there, and its edges are judged by
    # the image's own pipes' alone, not ``BAND_EDGE_PX`` too: at 19 px cells glow round
    # a dot fades over 3.4-3.9 px, the pipes over 2.0 (tiny_cells 6593003 started).
    both = faint < contrast * FAINTER
    outline = functools.cache(
        lambda: colour_outline_px(
            image, geometry, samples, contrast, least=0.0 if both else BAND_EDGE_PX
        )
    )

    def drawn(flow: tuple[Cell, ...]) -> bool:
        share = drawn_share(
            image, geometry, flow, widest=WIDEST, colour_outline=outline() if both else BAND_EDGE_PX
        )
        if not both and share < DRAWN_SHARE and outline() > BAND_EDGE_PX:
            share = drawn_share(image, geometry, flow, widest=WIDEST, colour_outline=outline())
        log.debug("fainter flow read: %s, drawn %.2f", flow, share)
        return share >= DRAWN_SHARE

    taken = all(
        (drawn(flow) and ends_in_dots(image, geometry, samples, flow, fainter.dots))
        if both
        else (drawn(flow) or ends_in_dots(image, geometry, samples, flow, fainter.dots))
        for flow in new
    )
    return fainter if taken else None


def read_pipes_through(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    holes: frozenset[Cell] = frozenset(),
    *,
    into_dots: bool = False,
) -> Pipes | None:
    """``see_pipes_through``, but ``None`` when pipes show that cannot be read as flows.

    Bridges' tiles are looked for only where pipes show: a board without
    pipes, or whose flows read as on any board with no tile, is read as
    ``_pipes`` reads it. ``into_dots``: as ``_pipes.band_links``.
    """
    plain = read_pipes(image, geometry, samples, contrast, into_dots=into_dots)
    # A flow through a warp from a dot on the border straight out of it shows no link.
    # A hole at the border is no stub: its core is the ground, its ring the outline on
    # three sides and, past the board, the ground again (synthetic holes zoomed 300030).
    stubs = plain is not None and bool(
        stubs_out(geometry, samples, contrast, plain.touched | holes)
    )
    if plain is not None and not stubs and not plain.flows:
        return plain
    # Tiles looked for even when every flow runs from dot to dot: a flow under
    # a tile between its two dots shows no piece of pipe, one over it reads
    # straight across. A cell read as a pipe's dot is no tile (a colour-blind
    # letter passes for rails).
    tiles = frozenset(find_bridges(image, geometry, samples)) - (plain.dots if plain else set())
    if plain is not None and not tiles and not stubs and not _loose_on_border(plain, geometry):
        return plain
    try:
        return _read(image, geometry, samples, contrast, tiles, holes=holes, into_dots=into_dots)
    except UnsureReadingError as exc:
        log.debug("no pipes read through bridges or warps: %s", exc)
        return None


def _shows_dot(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    cell: Cell,
    corner: np.ndarray,
    *,
    contrast: float,
) -> bool:
    """Whether ``cell`` shows a dot rather than a tile: a band coming in from one side at
    most (``_half_link``), its core's colour (a colour-blind letter left out) all round
    its centre clear of it, but not in its ``corner`` (Lab: ``corner_colours``;
    ``shows_disc``).

    Flows come into a tile from both sides along an axis, over or under it;
    a tile is square, its grey reaching its corners.
    """
    ks = [
        k
        for k in range(4)
        if _half_link(image, geometry, samples, cell, k, contrast=contrast) is not None
    ]
    if len(ks) > 1:
        return False
    links = [k * np.pi / 2 for k in ks]
    return shows_disc(
        image,
        geometry,
        cell,
        samples.core_lab[cell],
        corner,
        ring=samples.ring_lab[cell],
        links=links,
    )


def _read(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    tiles: frozenset[Cell],
    *,
    holes: frozenset[Cell] = frozenset(),
    into_dots: bool = False,
) -> Pipes:
    links = band_links(
        image, geometry, samples, contrast, either=True, alike=BAND_NEAR, into_dots=into_dots
    )

    def read(links: Links) -> Pipes:
        return _read_links(image, geometry, samples, contrast, links, tiles=tiles, holes=holes)

    return without_glow(image, geometry, links, read)


def _read_links(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    links: Links,
    *,
    tiles: frozenset[Cell],
    holes: frozenset[Cell],
) -> Pipes:
    """``_read`` of the links ``links`` found."""
    by_cell: dict[Cell, dict[int, np.ndarray]] = {}
    for (cell, k), lab in links.items():
        other = step(cell, k)
        by_cell.setdefault(cell, {})[k] = lab
        by_cell.setdefault(other, {})[(k + 2) % 4] = lab
    # A dot's letter (the colour-blind setting) passes for a tile's rails.
    if tiles:
        corners = corner_colours(image, geometry)
        tiles = frozenset(
            t
            for t in tiles
            if not _shows_dot(image, geometry, samples, t, corners[t], contrast=contrast)
        )
    # Crossings with no tile: links of one colour along each axis, two colours.
    crossings = set()
    for cell, ks in by_cell.items():
        if len(ks) == 4 and cell not in tiles:
            if not all(float(delta_e(ks[k], ks[k + 2])) <= NEAR for k in (0, 1)):
                raise UnsureReadingError(f"pipes meet at cell {tuple(cell)}: colours in doubt")
            crossings.add(cell)
    edges: dict[frozenset[Node], np.ndarray] = {}
    for (cell, k), lab in links.items():
        other = step(cell, k)
        if cell in tiles or other in tiles:
            continue  # a tile breaks the band: judged by halves below
        edges[frozenset({_node(cell, k, crossings), _node(other, k, crossings)})] = lab
    for bridge in tiles:
        for axis in (0, 1):
            one, two = (
                _half_link(image, geometry, samples, bridge, k, contrast=contrast)
                for k in (axis, axis + 2)
            )
            if one is None and two is None:
                continue
            if (one is None) != (two is None):
                # A dark flow over its own tint stands out from it by little: the
                # band in its colour on the other side is the flow coming out.
                k = axis if one is None else axis + 2
                found = two if one is None else one
                again = _half_link(
                    image, geometry, samples, bridge, k, contrast=contrast, like=found
                )
                one, two = (again, two) if one is None else (one, again)
            if one is None or two is None or float(delta_e(one, two)) > NEAR:
                raise UnsureReadingError(
                    f"a pipe goes into the bridge at cell {tuple(bridge)} and not out"
                )
            for k, lab in ((axis, one), (axis + 2, two)):
                edges[frozenset({(bridge, axis), (step(bridge, k), -1)})] = lab
    warps = _through_warps(image, geometry, edges, samples, contrast, holes=holes)
    if not edges:
        return NO_PIPES
    return follow_flows(image, geometry, samples, edges, tiles | crossings, warps=warps)


def _loose_on_border(pipes: Pipes, geometry: BoardGeometry) -> bool:
    """Whether a flow ends on the board's border short of a dot (through a warp, maybe)."""
    return any(
        end not in pipes.dots and sides_of(end, geometry)
        for flow in pipes.flows
        for end in (flow[0], flow[-1])
    )


def _through_warps(
    image: np.ndarray,
    geometry: BoardGeometry,
    edges: dict[frozenset[Node], np.ndarray],
    samples: CellSamples,
    contrast: float,
    *,
    holes: frozenset[Cell] = frozenset(),
) -> frozenset[Link]:
    """Pipes running out of the board through warps' openings, joined across it (in place
    in ``edges``), and those warps.

    A pipe's loose end on the border whose colour goes on out past the
    border (``runs_out``) leaves by a warp's opening; it comes back in at the
    other end of its row or column, where a pipe of its colour runs out too.
    An opening without that partner is refused. A border cell no link reaches
    whose colour runs out to the border (``stubs_out``: a dot whose flow leaves
    at once, or a flow's end just past the warp) is such an end too.
    """
    degree: dict[Node, int] = {}
    for pair in edges:
        for node in pair:
            degree[node] = degree.get(node, 0) + 1
    loose = [node[0] for node, n in degree.items() if n == 1 and node[1] < 0]
    loose = [cell for cell in loose if sides_of(cell, geometry)]
    linked = {node[0] for node in degree}
    loose += stubs_out(geometry, samples, contrast, linked | holes)
    if not loose:
        return frozenset()
    border = border_of(image, geometry)
    outline = border.outline_colour

    def leaves(cell: Cell, side: str) -> bool:
        """Whether the flow at ``cell`` runs out past ``side``: through an opening in the
        outline, or as a stub past a thin border (``stub_out``)."""
        colour = letter_free(samples, cell)
        if not np.isnan(outline).any() and runs_out(
            image, geometry, cell, side, outline, colour=colour, loose_end=True
        ):
            return True
        return not border.outlined and stub_out(image, geometry, cell, side)

    out: dict[tuple[str, int], Cell] = {}
    for cell in loose:
        for side in sides_of(cell, geometry):
            if leaves(cell, side):
                out[(side, cell.row if side in ("left", "right") else cell.col)] = cell
    warps = set()
    pending = list(out.items())
    while pending:
        (side, k), cell = pending.pop(0)
        across = _ACROSS_BOARD[side]
        other = out.get((across, k))
        if other is None:
            # A flow let go just past the warp: only a stub from the opening; or
            # a corner cell the flow crosses from one warp to another, out of
            # its other side too.
            far = _across(cell, side, geometry)
            if (far, -1) not in degree and leaves(far, across):
                other = out[(across, k)] = far
                for more in sides_of(far, geometry):
                    key = (more, far.row if more in ("left", "right") else far.col)
                    if more != across and key not in out and leaves(far, more):
                        out[key] = far
                        pending.append((key, far))
        if other is None:
            raise UnsureReadingError(
                f"a pipe runs out of the board at cell {tuple(cell)} with no pipe across from it"
            )
        if link(cell, other) in warps:
            continue
        colours = [lab for pair, lab in edges.items() if (cell, -1) in pair]
        colours += [lab for pair, lab in edges.items() if (other, -1) in pair]
        # A stub's cell no link reaches: its core's colour.
        colours = colours or [samples.core_lab[cell]]
        colours += [samples.core_lab[other]] if (other, -1) not in degree else []
        if float(delta_e(colours[0], colours[-1])) > NEAR:
            raise UnsureReadingError(
                f"two pipe colours meet through the warp at cell {tuple(cell)}"
            )
        edges[frozenset({(cell, -1), (other, -1)})] = colours[0]
        warps.add(link(cell, other))
    return frozenset(warps)


def stubs_out(
    geometry: BoardGeometry,
    samples: CellSamples,
    contrast: float,
    taken: set[Cell] | frozenset[Cell],
) -> list[Cell]:
    """Border cells not in ``taken`` whose core stands ``contrast`` from their ring and
    whose ring's sector facing out of the board shows the core's colour (within ``NEAR``):
    a band from the centre out to the border, a flow leaving by a warp's opening (or only
    its stub, let go just past it). Not a dot alone, whose ring is the ground all round."""
    found = {cell for _, cell in stubs_by_side(geometry, samples, contrast)}
    return sorted(found - set(taken))


def stubs_by_side(
    geometry: BoardGeometry, samples: CellSamples, contrast: float
) -> list[tuple[str, Cell]]:
    """``stubs_out`` (none taken), each with the side it runs out by."""
    rows, cols = geometry.rows, geometry.cols
    # Per side: the cells along it and the ring's sector facing out (``sector_lab``).
    along = [
        ("top", np.zeros(cols, int), np.arange(cols), 3),
        ("bottom", np.full(cols, rows - 1), np.arange(cols), 1),
        ("left", np.arange(rows), np.zeros(rows, int), 2),
        ("right", np.arange(rows), np.full(rows, cols - 1), 0),
    ]
    r = np.concatenate([a[1] for a in along])
    c = np.concatenate([a[2] for a in along])
    k = np.concatenate([np.full(len(a[1]), a[3]) for a in along])
    side = np.concatenate([np.full(len(a[1]), a[0]) for a in along])
    core = samples.core_lab[r, c]
    out = (delta_e(core, samples.ring_lab[r, c]) >= contrast) & (
        delta_e(samples.sector_lab[r, c, k], core) <= NEAR
    )
    return [
        (str(s), Cell(int(a), int(b))) for s, a, b in zip(side[out], r[out], c[out], strict=True)
    ]


def _across(cell: Cell, side: str, geometry: BoardGeometry) -> Cell:
    """The cell at the other end of ``cell``'s row (``side`` left or right) or column."""
    if side in ("left", "right"):
        return Cell(cell.row, geometry.cols - 1 - cell.col)
    return Cell(geometry.rows - 1 - cell.row, cell.col)


_ACROSS_BOARD = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


def _node(cell: Cell, k: int, crossings: set[Cell]) -> Node:
    return (cell, k % 2) if cell in crossings else (cell, -1)


def _half_along(pitch: float) -> np.ndarray:
    """Where along from a bridge's neighbour's centre to its own (pitches) its band is looked at."""
    end = min(_HALF_END, _HALF_TILE_EDGE - _HALF_TILE_BLUR_PX / pitch)
    return np.linspace(_HALF_START, end, _HALF_POINTS)


def _half_link(
    image: np.ndarray,
    geometry: BoardGeometry,
    samples: CellSamples,
    bridge: Cell,
    k: int,
    *,
    contrast: float,
    like: np.ndarray | None = None,
) -> np.ndarray | None:
    """The colour of a band coming into ``bridge`` from its neighbour on side ``k`` (0 right,
    1 down, 2 left, 3 up) up to its tile, or None; ``like``: the band found on the other
    side, whose colour (within ``NEAR``) it is enough to show, standing out from beside it
    by more than ``NEAR``."""
    rows, cols = samples.core_lab.shape[:2]
    near = step(bridge, k)
    if not (0 <= near.row < rows and 0 <= near.col < cols):
        return None
    a, b = geometry.centre(near), geometry.centre(bridge)
    pitch = geometry.cell_size
    ux, uy = b.x - a.x, b.y - a.y
    nx, ny = -uy / pitch, ux / pitch
    inside = [
        (a.x + t * ux + s * pitch * nx, a.y + t * uy + s * pitch * ny)
        for t in _half_along(pitch)
        for s in _HALF_ACROSS
    ]
    beside = [
        (
            a.x + t * ux + s * _HALF_BESIDE_ACROSS * pitch * nx,
            a.y + t * uy + s * _HALF_BESIDE_ACROSS * pitch * ny,
        )
        for t in _HALF_BESIDE_ALONG
        for s in (-1.0, 1.0)
    ]
    h, w = image.shape[:2]
    lab_in = lab_at(image, np.array(inside), h, w)
    # The band's colour is one its samples show (the one nearest the most of them):
    # a median taken channel by channel may mix a neighbour's dot with the grid line
    # past it into a colour near both (synthetic bridges web 4300001 started).
    band = lab_in[int(np.argmin(np.median(delta_e(lab_in[:, None], lab_in[None]), axis=1)))]
    share = float((delta_e(lab_in, band) <= BAND_NEAR).mean())
    apart = float(delta_e(lab_at(image, np.array(beside), h, w), band).min())
    if like is not None:
        if share >= BAND_SHARE and float(delta_e(band, like)) <= NEAR and apart > NEAR:
            return band
        return None
    if share >= BAND_SHARE and apart > BESIDE_APART * contrast:
        return band
    return None


def follow_flows(
    image: np.ndarray,
    geometry: Geometry,
    samples: Sampled,
    edges: dict[frozenset[Node], np.ndarray],
    bridges: frozenset[Cell] = frozenset(),
    *,
    warps: frozenset[Link] = frozenset(),
) -> Pipes:
    """The flows the links ``edges`` make: each a simple path from a dot, bridges crossed
    straight, ``warps`` taken; refused unless every one is (square cells or hexagons)."""
    around: dict[Node, list[Node]] = {}
    colours: dict[Node, list[np.ndarray]] = {}
    for pair, lab in edges.items():
        a, b = tuple(pair)
        for x, y in ((a, b), (b, a)):
            around.setdefault(x, []).append(y)
            colours.setdefault(x, []).append(lab)
    dots: set[Cell] = set()
    for node, near in around.items():
        cell, axis = node
        check_links_meet(cell, colours[node])
        if axis >= 0:
            if len(near) < 2:
                raise UnsureReadingError(f"a flow ends on the bridge at cell {tuple(cell)}")
            continue  # the tile, or the other flow over it, covers the middle
        towards = [_towards(cell, other[0], geometry) for other in near]
        if dot_at_end(image, geometry, samples, cell, towards=towards, labs=colours[node]):
            dots.add(cell)
    flows = []
    seen: set[Node] = set()
    for start in sorted(around):
        if start in seen or len(around[start]) != 1:
            continue
        path = [start]
        while True:
            nxt = [n for n in around[path[-1]] if n not in path]
            if not nxt:
                break
            path.append(nxt[0])
        seen |= set(path)
        cells = [cell for cell, _ in path]
        ends = {cells[0], cells[-1]}
        own = [c for c, axis in path if axis < 0 and c in dots]
        if not own or any(c not in ends for c in own):
            raise UnsureReadingError(
                f"a pipe at cell {tuple(min(cells))} does not run from a dot: drawing unclear"
            )
        flows.append(tuple(cells) if cells[0] in dots else tuple(reversed(cells)))
    if set(around) - seen:
        raise UnsureReadingError("a pipe runs round in a loop: the drawing is unclear")
    touched = {c for flow in flows for c in flow}
    ground = ground_beside(samples, flows)
    return Pipes(tuple(sorted(flows)), frozenset(dots), ground, bridges & touched, warps)


def _towards(cell: Cell, other: Cell, geometry: Geometry) -> float:
    """The direction (radians, y down) from ``cell``'s centre of its link to ``other``:
    towards a neighbour, away from a cell across the board (a warp leaves by the side away
    from it)."""
    a, b = geometry.centre(cell), geometry.centre(other)
    dx, dy = b.x - a.x, b.y - a.y
    if math.hypot(dx, dy) > 1.5 * geometry.cell_size:  # through a warp
        dx, dy = -float(np.sign(dx)), -float(np.sign(dy))
    return math.atan2(dy, dx)
