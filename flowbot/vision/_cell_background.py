"""Cell rule: the dots lie on the board's own background, and the empty cells hold nothing."""

from __future__ import annotations

import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._bands import (
    border_like,
    border_like_sides,
    interior_reach,
    line_lightness,
    place_past_lines,
    steepest_inside,
)
from flowbot.vision._cell_marks import dot_cells, rim_width
from flowbot.vision._cells import NEAR, CellSamples, cells_beside
from flowbot.vision._colour import delta_e
from flowbot.vision._grounds import against_another_ground
from flowbot.vision._rays import (
    OUTLINE_PX,
    SOFT_LIGHTNESS,
    crisp_sides,
    fills_cell,
    soft_rays,
)
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._stats import (
    median_along,
    median_of,
    median_of_present,
    pad_with,
)
from flowbot.vision._types import Settings

#: Most L* by which a board's cells may be lighter than its grid lines.
CELLS_OVER_LINES = 15.0


#: Most Lab distance between a dot's surroundings and the empty cells' beside it.
BACKGROUND_STEP = 40.0


#: Least Lab distance from an empty cell's centre to all its neighbours' rings
#: but one for a closer look (an object, or glow?): grey bridge tiles measure
#: 13.9+, real empty cells up to 17 (glow), so the look must decide.
OBJECT_STEP = 10.0


#: Least share of the border band that glow of the centre's colour covers
#: across the lines (``border_like``): objects leave 0-0.24 (a tile 11 Lab
#: from the glow around it), glow that fades nowhere in the cell 0.24+.
GLOW_BORDER = 0.25


#: Least sides on which a faint cell's colour ends in a crisp outline for an
#: object (``crisp_sides``): a band or edge of glow crosses the cell, sharp on
#: two sides at most (good screens: 0-2); a tile is outlined all round, but
#: beside a glow band its colour may end short of the median of the ring
#: beyond (flow_bridges 87044: 0.68 of the way, three sides).
OBJECT_SIDES = 3


#: The same for one of two strong objects side by side, outlined on its three
#: other sides: in a cell under ~26 px the rays end 2 px past a deck's edge
#: and may see two (flow_bridges 88094); glow that stands out as much from
#: all rings but one and neither runs on nor fades is sharp on none
#: (phone_large 42; bridges decoys' glow cells).
PAIRED_SIDES = 2


def check_background(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    settings: Settings,
    *,
    bridges: frozenset[Cell] = frozenset(),
    holes: frozenset[Cell] = frozenset(),
    piped: frozenset[Cell] = frozenset(),
    pipe_dots: frozenset[Cell] = frozenset(),
) -> None:
    """Refuse cells that do not show one dark background around their dots.

    A Flow board draws light lines on a dark background. Glow tints it
    smoothly, at most about as light as the lines (real screens: 26+ L*
    darker than the lines; heavy synthetic glow: 1+); a dot's surroundings
    match the cells beside it (within 15 Lab on real screens, 20 on synthetic
    ones). Light cards between dark gaps, or a tile in a cell, are something else.

    ``bridges``: cells whose tile was painted over with the rings around it
    (``_bridges.take_off``), their cores no core the game drew. ``holes``: cells left out of
    a board with an outline, no cells: not judged as holding an object, nor taken for the
    ground a dot beside them is judged against (their core is the ground past the board,
    their ring its outline; ``_outlined`` refuses a dot in one). Beside a flow's cells,
    hidden as the board's typical ground, a hole's darker core and outlined ring passed for
    a tile (synthetic holes crop 300006 started). ``piped``: cells a drawn pipe covers (its
    dots apart), hidden core and all as the ground ring (``Pipes.hidden``): their cores
    are no core the game drew either, as a painted tile's. ``pipe_dots``: dots a drawn flow
    runs from, their rings hidden as the ground too: no ground the game drew around them
    (a dot under strong glow whose pipe leaves it stood 40+ Lab from its bare neighbours,
    the stand-in against the glow: synthetic walls crop and bridges rectangular 4400000
    started).
    """
    background = float(median_of(samples.ring_lab[..., 0]))
    # The lines (L* 0 or more) measured only where cells that light could be lighter.
    lines = line_lightness(image, geometry) if background > CELLS_OVER_LINES else None
    if lines is not None and background > lines + CELLS_OVER_LINES:
        raise UnsureReadingError(
            f"the cells (L* {background:.0f}) are lighter than the grid lines between them "
            f"(L* {lines:.0f}): no Flow board, whose background is dark"
        )
    _check_outer_bands(samples.ring_lab, holes)
    rows, cols = geometry.rows, geometry.cols
    is_dot = dot_cells((rows, cols), dots)
    is_hole = dot_cells((rows, cols), set(holes))
    showing = ~is_dot & ~is_hole  # cells showing the board's ground (no hole does)
    # Each cell's four neighbours' rings (NaN off the board), and which are empty cells.
    padded = pad_with(samples.ring_lab, 1, 1, np.nan)
    empty = pad_with(showing, 1, 1, False)
    shifts = ((0, 1), (2, 1), (1, 0), (1, 2))
    around = np.stack([padded[a : a + rows, b : b + cols] for a, b in shifts], axis=2)
    # Per cell, the median of its empty neighbours' rings (NaN with none). A cell a
    # drawn pipe covers is none: it shows, hidden, the board's typical ground
    # (``Pipes.hidden``), not the ground the game drew beside the dot. A dot on
    # strong glow among flows' cells stood 40+ Lab from that stand-in (bridges
    # mirror 330003 started, an orange dot on a purple cloud); under a glow patch,
    # two pipes' cells hidden as 6 L* outvoted the dot's one bare neighbour's 34
    # (walls drift 3800000 started; classic crop 400016 started).
    is_piped = dot_cells((rows, cols), set(piped))
    bare = showing & ~is_piped
    around_bare = np.stack(
        [pad_with(bare, 1, 1, False)[a : a + rows, b : b + cols] for a, b in shifts], axis=2
    )
    beside = np.where(around_bare[..., None], around, np.nan)  # (rows, cols, 4, 3)
    ground_beside = median_of_present(np.moveaxis(beside, 2, -1))
    step = delta_e(samples.ring_lab, ground_beside)
    for cell in sorted(dots - pipe_dots):
        if (
            step[cell] > BACKGROUND_STEP
            and not _ground_runs_on(samples.sector_lab, bare, cell)
            and not _ground_within_outline(
                samples.sector_lab, is_hole, cell, ground_beside[cell], bare=bare
            )
        ):
            raise UnsureReadingError(
                f"the background around the dot at cell {tuple(cell)} is unlike its "
                "neighbours' (cards or tiles, not a Flow board)"
            )
    # An empty cell's centre shows the background of some cell beside it. One
    # unlike all of them holds an object, unless its colour runs on to the
    # grid lines and across them as glow does (a bridge's tile: up to 68% of
    # the border band in a small cell, but at most 1% across the lines) or it
    # fades into the background on a few rays from the centre (glow; a tile's
    # outline is crisp all round: no such ray). A fainter object (a grey tile
    # 11-20 Lab from coloured glow), or one beside its twin (two tiles side by
    # side: each is the other's neighbour), is unlike all neighbours but one
    # by less: it must also show a crisp outline on three sides or four
    # (``OBJECT_SIDES``; glow that neither runs on nor fades in the cell is
    # sharp on 0-2 sides), in lightness as well as colour (JPEG's colour
    # blocks outline dim glow beside its twin in colour alone).
    # And unlike its empty neighbours' cores: a thick blurred grid line tints
    # every ring, so that each empty cell's core is unlike its neighbours'
    # rings, but not their cores (a tile's is).
    apart = np.sort(delta_e(samples.core_lab[:, :, None], around), axis=2)  # NaN (off board) last
    unlike, unlike_but_one = apart[..., 0], apart[..., 1]
    cores = pad_with(samples.core_lab, 1, 1, np.nan)
    cores[~empty] = np.nan
    # A bridge's tile is painted over in its neighbours' rings, core and all:
    # where thick blurred lines tint every ring, its core is their tint, not the
    # empty cores' ground, and an empty cell beside it was taken for an object
    # for not matching it (bridges zoomed 300044: a border cell's black core
    # 10.8 Lab from a painted tile's, 0.0 from its other empty neighbours').
    # So is a cell a drawn pipe covers, hidden core and all as the ground's ring
    # (``Pipes.hidden``): where thick blurred lines tint every ring 8-13 Lab off the
    # black cores, an empty cell among flows' cells was taken for an object for not
    # matching their hidden cores (bridges zoomed 100081, 100089, 100097 started:
    # 11.6-13 Lab from them, 0.0 from its one empty neighbour's core).
    for cell in bridges | piped:
        cores[cell.row + 1, cell.col + 1] = np.nan

    def cores_apart_at(offsets: tuple[tuple[int, int], ...]) -> np.ndarray:
        near = np.stack([cores[a : a + rows, b : b + cols] for a, b in offsets], axis=2)
        return np.sort(delta_e(samples.core_lab[:, :, None], near), axis=2)

    cores_apart = cores_apart_at(shifts)
    # All but one of them (its twin, if a tile) when it has two or more. A
    # cell with no empty neighbour (a corner between two dots) is compared
    # with the empty cells diagonal to it: in a blurred small cell a dot's
    # halo tints its ring (zoomed: 10 Lab), which is then no background.
    diagonal = cores_apart_at(((0, 0), (0, 2), (2, 0), (2, 2)))
    compared = np.where(np.isnan(cores_apart[..., :1]), diagonal, cores_apart)
    some = np.where(
        np.isnan(compared[..., 1]),
        compared[..., 0],
        compared[..., 1],
    )
    # With no empty cell beside it nor diagonal to it (an edge cell among
    # dots, or among flows' cells), with the empty cells nearest it that the
    # game drew (a pipe's hidden core none, nor a painted tile's): their
    # ground, which glow and the screen's light vary across the board
    # (bridges drift 7900000 started: a black cell among tinted flows' cells
    # 33.9 Lab from the board's typical empty core, lit purple above, and 4.0
    # from an empty cell three steps off); with none, the board's typical core.
    drawn = ~is_dot & ~is_piped
    drawn = drawn if drawn.any() else ~is_dot
    typical = median_of(samples.core_lab[drawn], axis=0) if drawn.any() else np.full(3, np.nan)
    off_typical = delta_e(samples.core_lab, typical)
    alone = np.isnan(some) & ~is_dot
    drawn_ground = bare & ~dot_cells((rows, cols), set(bridges))
    off_nearest = _off_nearest_ground(samples.core_lab, drawn_ground, alone)
    some = np.where(alone, np.where(np.isnan(off_nearest), off_typical, off_nearest), some)
    faint = (unlike_but_one > OBJECT_STEP) & ~(some <= OBJECT_STEP)
    # Two strong objects side by side: each one's ring (which the other's deck
    # covers) and core are its twin's colour, and no other empty neighbour's
    # core is (flow_bridges: the second nearest 26.7+ Lab away): an empty
    # cell whose blurred lines tint every ring shows the background, as two
    # or more empty neighbours' cores do (zoomed 99274: 0.0 and 0.5 Lab).
    # With one empty neighbour only (a corner or edge cell beside dots), the
    # empty cells diagonal to it count as others too (zoomed 91218: the
    # "twin" and a diagonal cell both 0.0 Lab; a deck's twin beside it in a
    # corner leaves the diagonal cell the background's colour).
    others = np.where(
        np.isnan(cores_apart[..., 1:2]),
        np.sort(np.concatenate([cores_apart, diagonal], axis=2), axis=2)[..., :4],
        cores_apart,
    )
    # Blurred thick lines and a blurred dot's halo tint the rings beside a
    # cell, most of all an edge or corner cell's, which has few others (zoomed
    # 99446, 91218, 93916: a black empty core among dots 20.1-24.5 Lab from
    # them all; 101323: a corner cell 21.2 from its two empty neighbours'
    # rings, 0.2-0.4 from their cores): however unlike them, a cell is empty
    # when its core is the empty cells' around it, diagonal ones included
    # when fewer than two are beside it: two of them, or for a cell among
    # dots as for a faint object, ``some`` (0.0-0.4 Lab; bridge decks drawn
    # in such cells on flow shots 96000-96599: 23.5+ over 529).
    ground = np.where(np.isnan(cores_apart[..., 0]), some, others[..., 1])
    strong = (unlike > settings.empty_contrast) & ~(ground <= OBJECT_STEP)
    # A pair whose cores are the board's typical empty core is two empty
    # cells: a corner cell whose one empty neighbour is the only cell near
    # it not a dot (zoomed 84652: 0.7 Lab from its twin and the typical core,
    # its ring tinted by a thick blurred border and its other ring a dot's).
    paired = (
        (unlike_but_one > settings.empty_contrast)
        & (cores_apart[..., 0] <= OBJECT_STEP)
        & ~(others[..., 1] <= OBJECT_STEP)
        & ~(off_typical <= OBJECT_STEP)
    )
    # The rays look inside the cell only, short of the lines' own pixels,
    # blur and ringing (``interior_reach``, measured once, when a cell needs
    # it): a line's sharp step is no object's outline.
    reach: float | None = None
    outline = OUTLINE_PX
    windowed: tuple[str, ...] | None = None
    judged = (strong | faint | paired) & ~is_dot & ~is_hole
    for r, c in np.argwhere(judged):
        point = geometry.centre(Cell(int(r), int(c)))
        centre = (point.x, point.y)
        core = samples.core_lab[r, c]
        if border_like(image, centre, geometry.cell_size, core) >= GLOW_BORDER:
            continue
        # On the board's border against another window (a mirror window's
        # edge), what lies past the line tells nothing, as past a crop's:
        # a band of glow cut off there, running on across the opposite line,
        # runs on to it too (``_cut_off_glow``).
        outer = _outer_sides(geometry, int(r), int(c))
        if outer:
            if windowed is None:
                windowed = _windowed_sides(image, geometry)
            open_sides = [k for k in outer if _SIDES[k] in windowed]
            if open_sides and _cut_off_glow(image, centre, geometry.cell_size, core, open_sides):
                continue
        if reach is None:
            reach = interior_reach(image, geometry)
            outline = _outline_px(image, geometry, dots)
        background = np.nanmedian(around[r, c], axis=0)
        rays = soft_rays(
            image, centre, geometry.cell_size, core, background, reach=reach, outline_px=outline
        )
        # Rays that end short of half way are judged by the fade they saw
        # (``soft_rays``); but a colour that no ray sees half way out fills
        # the cell to its lines: a tile, whose outline the rays end in (its
        # edge against the line, flow_edge_objects 207: 0.45 of the way),
        # or a cloud of glow wider than the cell, which ``_glow_cloud`` tells.
        fills: bool | None = None
        if rays >= 2:
            fills = fills_cell(image, centre, geometry.cell_size, core, background, reach=reach)
            if not fills:
                continue
        # Beyond each side (right, down, left, up) lies that neighbour's
        # ring; the median ring at the board's edge or beside a twin.
        beyond = np.where(
            (delta_e(around[r, c], core) > OBJECT_STEP)[:, None], around[r, c], background
        )[[3, 1, 2, 0]]
        if _glow_cloud(
            image,
            centre,
            geometry.cell_size,
            core=core,
            background=background,
            beyond=beyond,
            inner=~np.isnan(around[r, c, [3, 1, 2, 0], 0]),
        ):
            continue
        dim = strong[r, c] and _dim(core, samples.ring_lab[r, c], around[r, c])
        if not strong[r, c] or dim:
            needed = PAIRED_SIDES if paired[r, c] else OBJECT_SIDES
            sides = crisp_sides(
                image, centre, geometry.cell_size, core, beyond, reach=reach, in_lightness=not dim
            )
            # A colour filling the cell past the rays' reach has its outline
            # out there, at the lines (a tile as wide as the cell, beside its
            # twin: flow_edge_objects 5800001): its sides are where it stops
            # at a line, its neighbour's own ground just past it. Not in a
            # cell a drawn pipe covers: the game tints such a cell out to its
            # lines (crop 95101 started: a pipe's end cell, two sides so).
            if sides < needed and fills is None and not is_piped[r, c]:
                fills = fills_cell(image, centre, geometry.cell_size, core, background, reach=reach)
            if sides < needed and fills and not is_piped[r, c]:
                ends = _ends_at_lines(
                    image,
                    centre,
                    geometry.cell_size,
                    core,
                    beyond=beyond,
                    inner=~np.isnan(around[r, c, [3, 1, 2, 0], 0]),
                    in_lightness=not dim,
                )
                sides = max(sides, ends)
            if sides < needed:
                continue
        raise UnsureReadingError(f"cell ({r}, {c}) holds something that is neither a dot nor empty")


def _off_nearest_ground(cores: np.ndarray, ground: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Per cell of ``cells``, how far (CIELAB) its core lies from the likest core of the
    ``ground`` cells nearest it (fewest steps along rows and columns); NaN elsewhere, or
    with no ground cell at all."""
    apart = np.full(cells.shape, np.nan)
    at = np.argwhere(ground)
    for r, c in np.argwhere(cells):
        others = at[(at[:, 0] != r) | (at[:, 1] != c)]
        if not len(others):
            continue
        steps = np.abs(others - (r, c)).sum(axis=1)
        nearest = others[steps == steps.min()]
        apart[r, c] = float(delta_e(cores[r, c], cores[nearest[:, 0], nearest[:, 1]]).min())
    return apart


def _ends_at_lines(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    core: np.ndarray,
    *,
    beyond: np.ndarray,
    inner: np.ndarray,
    in_lightness: bool,
) -> int:
    """On how many inner sides a colour filling the cell stops at the line, as a tile's does.

    ``beyond``: the colours past the sides (right, down, left, up); ``inner``:
    which sides have a neighbour. A side counts where that neighbour's colour
    lies more than ``OBJECT_STEP`` from ``core`` and just across the line
    (``place_past_lines``) it is past ``CLOUD_BEYOND`` of the way there: glow,
    continuous across the lines, still shows part of its colour there. With
    ``in_lightness``, in L* as well, stepping ``SOFT_LIGHTNESS`` or more (JPEG
    blocks give dim glow steps in colour alone, as ``crisp_sides`` says).
    """
    apart = inner & (delta_e(beyond, core) > OBJECT_STEP)
    ends = apart & (place_past_lines(image, centre, pitch, core, beyond) > CLOUD_BEYOND)
    if in_lightness:
        lit = np.abs(beyond[:, 0] - core[0]) >= SOFT_LIGHTNESS
        past = place_past_lines(image, centre, pitch, core, beyond, in_lightness=True)
        ends &= lit & (past > CLOUD_BEYOND)
    return int(np.count_nonzero(ends))


#: The sides of a cell, as ``border_like`` numbers them.
_SIDES = ("right", "bottom", "left", "top")


def _outer_sides(geometry: BoardGeometry, r: int, c: int) -> tuple[int, ...]:
    """The sides (0 right, 1 down, 2 left, 3 up) on which cell ``(r, c)`` lies on the border."""
    on = (c == geometry.cols - 1, r == geometry.rows - 1, c == 0, r == 0)
    return tuple(k for k, border in enumerate(on) if border)


def _windowed_sides(image: np.ndarray, geometry: BoardGeometry) -> tuple[str, ...]:
    """The board's borders against another window's ground (``against_another_ground``)."""
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    return tuple(side for side in _SIDES if against_another_ground(image, xs, ys, side))


#: Least share of the border band's side opposite a windowed border across
#: whose line glow cut off at that border runs on (``_cut_off_glow``): jpeg
#: 99266's band 0.79; an object ends inside its lines (a bridge's tile may
#: cover 68% of a small cell's band, short of the lines). Cells the check
#: looks at in flow decoys 97000-97059 (bridges, walls, walled, hex, odd
#: dot, dialog, holes): 0.48 at most (a dark corner cell's own ground),
#: but for glow past a border (0.94).
CUT_OFF_RUNS_ON = 0.5


def _cut_off_glow(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    core: np.ndarray,
    open_sides: list[int],
) -> bool:
    """Whether an edge cell's colour is glow cut off at a border against another window.

    ``open_sides``: the cell's sides on such borders (0 right, 1 down, 2
    left, 3 up). Each counts the border band's pixels of the colour beside
    its line whatever lies past it, as a crop's edge does in
    ``border_like``, when the colour runs on across the opposite side's line
    (``CUT_OFF_RUNS_ON``): a band of glow through the cell. Glow covers
    ``GLOW_BORDER`` of the band so counted (jpeg 99266: 0.39, 0.20 without).
    """
    inside, across = border_like_sides(image, centre, pitch, core)
    shares = across.copy()
    for k in open_sides:
        if across[(k + 2) % 4] >= CUT_OFF_RUNS_ON:
            shares[k] = inside[k]
    return bool(shares.mean() >= GLOW_BORDER)


#: An outline drawn on the board is as sharp as the dots' rims, however the
#: image was scaled: it goes the whole way within ``GLOW_RIMS`` rim widths
#: (``rim_width``; bridge decks' rays in flow_bridges 98000-98079: the
#: second widest of a cell's 1.60 at most), where the background's glow,
#: drawn soft, takes more (mirror 100187's glow band: 2.2-2.6, its edges
#: 3.4-4.1 px against ``OUTLINE_PX``).
GLOW_RIMS = 2.0


def _outline_px(image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]) -> float:
    """Most pixels an outline on this board takes the whole way, for ``soft_rays``.

    ``OUTLINE_PX``, or ``GLOW_RIMS`` of the dots' rims when that is less
    (a small or sharp image, whose glow's edges are as narrow in pixels as
    a large image's outlines).
    """
    rim = rim_width(image, geometry, dots)
    return min(OUTLINE_PX, GLOW_RIMS * rim) if math.isfinite(rim) else OUTLINE_PX


#: A cell nearly black (core L* at most ``DIM_CORE``) and within ``DIM_STEP``
#: L* of its ring and every neighbour's is judged as a faint one, however far
#: in Lab: an object when crisp on ``OBJECT_SIDES`` sides. Near black, Lab
#: stretches a few RGB levels of hue into 20+ (dim glow: mirror 98388's
#: (47, 3, 0) core in a (16, 2, 0) ring, 24 Lab; drift 95578's 23-28; core L*
#: 4.7-14.1, 3.1-10.1 L* from its surroundings at most, with crop 85148 and
#: huge_cells 80227; crisp in colour on 0-2 sides). Its outline is looked for
#: in colour alone: a dark tile on black (navy (0, 0, 60): L* 2.9) steps by
#: less than ``SOFT_LIGHTNESS``, but is crisp in colour all round. Cells the
#: strong rule looks at in flow decoys (bridges, holes, walls 96000-96199) are
#: 17.5+ L* light; those it refuses 29.6+, and 11.6+ L* from some ring.
DIM_CORE, DIM_STEP = 15.0, 11.0


def _dim(core: np.ndarray, ring: np.ndarray, around: np.ndarray) -> bool:
    """Whether a cell's ``core`` (Lab) is nearly black and as dark as its ``ring`` and ``around``.

    ``around``: the four neighbours' rings (NaN off the board).
    """
    lightness = np.append(around[~np.isnan(around[:, 0]), 0], ring[0])
    return bool(core[0] <= DIM_CORE and np.abs(lightness - core[0]).max() <= DIM_STEP)


def _ground_runs_on(sector_lab: np.ndarray, empty: np.ndarray, cell: Cell) -> bool:
    """Whether the ground around the dot at ``cell`` runs on across the lines beside it.

    Strong glow may tint a dot's cell far from the cells beside it, but it
    is continuous: just across each grid line, the empty neighbour's ring
    sector facing the dot has the colour of the dot's sector facing it
    (within ``NEAR``; phone_large 96132: 8 Lab). A card or tile's ground
    ends at its edge (memory cards: 66+ Lab across the gap).
    """
    rows, cols = empty.shape
    seen = False
    for side, (dr, dc) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
        r, c = cell.row + dr, cell.col + dc
        if 0 <= r < rows and 0 <= c < cols and empty[r, c]:
            seen = True
            facing = sector_lab[r, c, (side + 2) % 4]
            if float(delta_e(sector_lab[cell.row, cell.col, side], facing)) > NEAR:
                return False
    return seen


def _ground_within_outline(
    sector_lab: np.ndarray,
    is_hole: np.ndarray,
    cell: Cell,
    ground_beside: np.ndarray,
    *,
    bare: np.ndarray | None = None,
) -> bool:
    """Whether the dot at ``cell``, beside a hole or the board's edge, shows its
    neighbours' ground on the sides that face the board's cells.

    A board with holes draws its outline round them as a thick bright line, on the cells'
    edges: a cell outlined on three sides (a hole or the board's edge there) shows more
    outline than ground in its ring (synthetic holes zoomed 3600002: ring L* 39.5, its
    one neighbour's 1.2), and its neighbour's sector facing it holds the outline's
    corners. Its sectors facing the board's other cells show its own ground, which must
    be its neighbours' (a card's or a tile's ground covers those too).

    In a small cell those sectors lie on the line's blurred skirt (0.41-0.46 pitch out,
    a line reaching 3 px at a 25.6 px pitch): they are judged against the same sectors
    of the empty cells beside it (``bare``), which lie as near their own lines, too
    (synthetic warps twins 4100002: a dot outlined on three sides, its sector facing
    the board 34 L*, the line's, its neighbour's ring 0, the same sector there 25).
    """
    rows, cols = is_hole.shape
    facing_board, sides = [], []
    for side, (dr, dc) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
        r, c = cell.row + dr, cell.col + dc
        if 0 <= r < rows and 0 <= c < cols and not is_hole[r, c]:
            facing_board.append(sector_lab[cell.row, cell.col, side])
            sides.append(side)
    # Some side faces the outline (a hole, or the board's edge), some the board.
    if not 0 < len(sides) < 4 or np.isnan(ground_beside).any():
        return False
    ground = np.median(np.array(facing_board), axis=0)
    if float(delta_e(ground, ground_beside)) <= BACKGROUND_STEP:
        return True
    if bare is None:
        return False
    same = [
        sector_lab[r, c, side]
        for r, c in cells_beside(cell, rows, cols)
        if bare[r, c]
        for side in sides
    ]
    if not same:
        return False
    return float(delta_e(ground, np.median(np.array(same), axis=0))) <= BACKGROUND_STEP


#: A cloud of glow peaking in a cell fades softly inside it (at its steepest,
#: the whole way over ``CLOUD_PX`` pixels or more, in RGB: huge_cells glow
#: 52+, a dim cloud cut off by a crop 15.6; objects in decoys, 2.8 at most
#: among those that run on past the lines) and runs on across every grid line
#: between it and a neighbour, still short of the neighbour's colour (place
#: at most ``CLOUD_BEYOND``: glow 0.52-0.80, past a tile 0.88+).
CLOUD_PX, CLOUD_BEYOND = 12.0, 0.85


def _glow_cloud(
    image: np.ndarray,
    centre: tuple[float, float],
    pitch: float,
    *,
    core: np.ndarray,
    background: np.ndarray,
    beyond: np.ndarray,
    inner: np.ndarray,
) -> bool:
    """Whether a cell unlike the cells beside it shows a soft cloud of glow there, not an object.

    The game's glow clouds are often wider than a cell: one peaking in a
    cell is unlike every neighbour's ring, fades too little inside the cell
    for ``soft_rays`` and too much to run on in the core's own colour
    (``border_like``). An object drawn in the cell has an outline inside
    its lines and ends there. ``beyond``: the neighbours' colours (right,
    down, left, up); ``inner``: which sides have a neighbour.
    """
    if steepest_inside(image, centre, pitch, core, background) < CLOUD_PX:
        return False
    past = place_past_lines(image, centre, pitch, core, beyond)
    seen = inner & ~np.isnan(past)
    return bool(seen.any() and (past[seen] <= CLOUD_BEYOND).all())


def _check_outer_bands(ring_lab: np.ndarray, holes: frozenset[Cell] = frozenset()) -> None:
    """Refuse an outer row or column whose background is unlike the next one in.

    One background runs under the whole board, tinted smoothly by glow. A
    band unlike it is something beside the board (a white page, another
    window) whose edge fell in step with the grid: read as cells, it would
    add a row or column to the puzzle.
    """
    band = foreign_band(ring_lab, holes)
    if band is not None:
        name, index = band
        raise UnsureReadingError(
            f"the cells of {name} {index} are unlike the board's next to them "
            "(something beside the board lines up with its grid)"
        )


def foreign_band(
    ring_lab: np.ndarray, holes: frozenset[Cell] = frozenset()
) -> tuple[str, int] | None:
    """The first outer row or column whose background is unlike the next one in, if any.

    ``("row", index)`` or ``("column", index)``; ``ring_lab`` is the cells'
    ring colours (``CellSamples.ring_lab``). ``holes``: cells left out of the board,
    no band's ground: their rings show the ground past the board and its outline
    (synthetic holes rectangular 3700001 solved: a bottom row of five holes over a
    bright green glow and three cells, taken for something beside the board).
    """
    ring = ring_lab
    if holes:
        ring = ring_lab.astype(np.float64)
        for hole in holes:
            ring[hole.row, hole.col] = np.nan
    bands = []
    for name, axis in (("row", 0), ("column", 1)):
        count = ring.shape[axis]
        if count < 2:
            continue  # a grid one cell wide: no band inside its outer one to compare
        # The outer band and the next one in, first and last: each one's median (over
        # its cells left, NaN where it holds none; else over all: a dot or pipe lies
        # inside the ring).
        four = np.take(ring, [0, 1, -1, -2], axis=axis)
        across = 1 - axis
        if holes:
            medians = median_of_present(np.moveaxis(four, across, 2))
        else:
            medians = median_along(four, axis=across)
        bands += [(name, 0, medians[0], medians[1]), (name, count - 1, medians[2], medians[3])]
    for name, index, outer, inner in bands:
        if np.isnan(outer).any() or np.isnan(inner).any():
            continue  # a band of holes alone: none of the board's ground to compare
        step = float(delta_e(outer, inner))
        if step > BACKGROUND_STEP:
            return name, index
    return None


BACKGROUND: Rule[Cells] = Rule(
    name="one dark background",
    refuses="cells lighter than the lines between them, a dot on a background unlike its "
    "neighbours', an empty cell holding an object, an outer band unlike the next one in",
    why="A Flow board draws light lines on one dark background that glow tints smoothly; light "
    "cards between dark gaps, a tile in a cell or another window's edge in step with the "
    "grid are something else, and read as cells they would change the puzzle. A bridge's "
    "tile, painted over in its neighbours' rings core and all, gives no empty core to "
    "compare with: thick blurred lines tint every ring (bridges zoomed 300044: a black "
    "core 10.8 Lab from the painted one, 0.0 from its other empty neighbours'); nor does a "
    "cell a drawn pipe covers, hidden core and all as the ground's ring (`piped`: bridges "
    "zoomed 100081, 100089, 100097 started, an empty cell among flows' cells 11.6-13 Lab "
    "from their hidden cores, 0.0 from its one empty neighbour's). An empty cell with no "
    "empty cell beside it nor diagonal to it is judged against the likest of the nearest "
    "empty cells the game drew: glow and the screen's light vary the ground across the "
    "board (bridges drift 7900000 started: a black cell among flows' tinted cells, 33.9 "
    "Lab from the board's typical empty core, lit purple above, 4.0 from an empty cell "
    "three steps off). A band's holes are left "
    "out of its ground (their rings show the ground past the board and its outline: a "
    "bottom row of five holes over a bright green glow and three cells, holes rectangular "
    "3700001 solved). A board's holes are no cells: not judged as holding an object (their "
    "core the ground past the board, their ring its outline; a dot in one is refused "
    "apart), as a hole whose neighbours are all flows' cells, hidden as the typical "
    "ground, stood out as a tile (holes crop 300006 started). Nor is a cell a drawn pipe "
    "covers a neighbour whose ground a dot is judged against: hidden as the board's "
    "typical ground, it stood 40+ Lab from an orange dot on a purple cloud among flows' "
    "cells (bridges mirror 330003 started), and two such cells outvoted the glow a dot lay "
    "under (walls drift 3800000 started: ring L* 34, its one empty neighbour's 34, two "
    "pipes' cells hidden as 6; classic crop 400016 started). Nor is a dot a drawn flow "
    "runs from judged by its own ring: hidden as the typical ground too (`pipe_dots`), it "
    "stood 40+ Lab from its bare neighbours' glow (walls crop and bridges rectangular "
    "4400000 started: a blue dot under purple glow, a purple one under green). A dot "
    "beside a hole or the board's edge, outlined there, shows more outline than ground in "
    "its ring: it is judged by its sectors facing the board's "
    "cells, which show its ground (`_ground_within_outline`; holes zoomed 3600002: ring L* "
    "39.5, its one neighbour's 1.2; a card's ground covers those sectors too), or against "
    "the same sectors of its empty neighbours: in a small cell they lie on the line's "
    "blurred skirt, 0.41-0.46 pitch out, as every cell's there do (warps twins 4100002: a "
    "dot between two holes in 25.6 px cells, its sector facing the board 34 L*, the "
    "line's, its neighbour's ring 0, the same sector there 25; walls zoomed 6800000: a "
    "cyan dot in the corner of a board whose outline a zoom blurred onto half its ring, "
    "ring L* 79, its one empty neighbour's 13). A faint or paired object "
    "whose colour fills the cell past the rays' reach has its outline at the lines, where "
    "no ray looks: its sides are the inner ones where it stops at the line, the "
    "neighbour's own ground just past it in Lab and L* (`_ends_at_lines`; glow runs on "
    "across; not in a cell a drawn pipe covers, which the game tints out to its lines: "
    "crop 95101 started; two tiles as wide as their cells side by side, flow_edge_objects "
    "5800001, read before).",
    bounds="CELLS_OVER_LINES 15 L* (real screens 26+ darker than the lines, heavy synthetic "
    "glow 1+); BACKGROUND_STEP 40 Lab (real within 15, synthetic 20); OBJECT_STEP 10 (bridge "
    "tiles 13.9+, real empty cells up to 17: the look decides); GLOW_BORDER 0.25 (objects "
    "0-0.24); OBJECT_SIDES 3, PAIRED_SIDES 2 (glow bands sharp on 0-2 sides); a side ending at "
    "its line past CLOUD_BEYOND 0.85 of the way (tiles 0.97-0.99; glow 0.72 at most).",
    reason="the cells (L* ..) are lighter than the grid lines between them / the background "
    "around the dot at cell .. is unlike its neighbours' / cell (r, c) holds something that "
    "is neither a dot nor empty / the cells of row or column k are unlike the board's next to them",
    check=lambda cells: check_background(
        cells.samples,
        cells.image,
        cells.geometry,
        cells.dots,
        cells.settings,
        bridges=cells.features.bridges,
        holes=cells.features.holes,
        piped=cells.piped,
        pipe_dots=cells.pipe_dots,
    ),
)
