"""Cell-level checks: what each cell holds, and whether the cells look like a Flow board's."""

from __future__ import annotations

import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import (
    FAINT_ELONGATION,
    FLAT_CORE,
    NEAR,
    OUTLINE_PX,
    RING_INNER,
    RING_LIKE_MAX,
    RING_OUTER,
    CellSamples,
    band_is_soft,
    border_like,
    border_like_sides,
    core_and_ring_lab,
    corner_reach,
    crisp_sides,
    fills_cell,
    interior_reach,
    is_crisp_disc,
    line_colour,
    line_lightness,
    mark_shape,
    mark_widths,
    outline_rays,
    place_past_lines,
    ring_like_core_recentred,
    sharp_marks,
    soft_rays,
    steepest_inside,
    tile_outline,
)
from flowbot.vision._colour import delta_e
from flowbot.vision._edges import against_another_ground
from flowbot.vision._stats import (
    median_along,
    median_of,
    median_of_present,
    pad_with,
    quantile_of,
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
#: A cell far fainter than the dots whose colour fades into its background on
#: this many rays, and changes faster than the whole way in ``GLOW_EDGE_PX``
#: pixels on none, is glow: drawn outlines far fainter than the dots (a dot or
#: pipe on glow of its colour) change within 1.8 px, the background's glow
#: pipes fade over 3.5+ px even in a mirror window a third of the phone's size.
SOFT_GLOW_RAYS, GLOW_EDGE_PX = 2, 3.0
#: A cell as strong as a dot, whose colour runs out to its edge, is glow only
#: when it fades softly on ``SOFT_GLOW_RAYS`` rays and on none faster than
#: the whole way in ``GLOW_WIDE_PX`` pixels (glow cut off by a crop: 7.9 px;
#: pipes of solved boards 3.6 at most, an enlarged candy 3.2, bridges 1.5),
#: and covers ``GLOW_RUNS_ON`` of the border band on both sides of the lines
#: (``border_like``; that glow 0.18, the enlarged candy 0: it ends inside).
GLOW_WIDE_PX, GLOW_RUNS_ON = 6.0, 0.05
#: A band across a grid edge whose lightness changes the whole way from its
#: middle to the ring's in fewer pixels than this, somewhere across its width,
#: is drawn (a pipe's edge: 2.9 px at most, solved boards through JPEG 60-95);
#: the background's glow pipes fade over more (huge_cells 92274: 5.2).
BAND_EDGE_PX = 4.0
#: Least ``sharp_marks`` (grey levels) of an empty cell holding something
#: drawn: glow and JPEG noise in empty cells score 13 at most (synthetic) and 8
#: (real screens), a bridge's tile and rails 63 or more, even on a grey ground
#: the tile's own colour (flow_bridges 97579 and 97587).
SHARP_MARK = 25.0
#: Least ``sharp_marks`` of an empty cell whose marks run both ways
#: (``MarkShape.both_ways`` at least ``MARK_BOTH_WAYS``), as a word's letters
#: do, to be judged like one of ``SHARP_MARK``: crisp marks both ways on good
#: boards' empty cells score 10.5 at most (synthetic 95000-95119: huge_cells
#: 10.5, mirror 10.0, phone 7.9, jpeg 7.6; real screens 8.1), a word drawn
#: dim in an edge cell 16.4-23.3 (flow_edge_objects 204, 232, 101005); crisp
#: marks one way (glow pipes' edges in JPEG or enlarged) reach 17.0 and are
#: left to ``SHARP_MARK``.
TEXT_MARK, MARK_BOTH_WAYS = 15.0, 0.2
#: Fainter still, a word's thin strokes both ways (``MarkShape.thin`` at
#: least ``THIN_MARK``) are judged from ``LINE_MARK`` when they stand out
#: ``LINE_NOISE`` times the board's noise (the 90th percentile of its empty
#: cells' marks): a dim word over glow in 41 px cells scores 4.4-7.1, 3.8-6.0
#: times its board's noise (flow_edge_objects 97023); thin marks both ways
#: on good boards come from JPEG's and small cells' noise, all over the
#: board: 5.0 at most, 2.0 times its noise (tiny_cells 95011, jpeg 95044).
LINE_MARK, LINE_NOISE, THIN_MARK = 4.0, 3.0, 0.6


def classify(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> tuple[set[Cell], float]:
    """The cells holding a dot, and a confidence from how clearly cells split.

    A cell whose centre stands out from its rim less than a dot's but more
    than glow's is a dot only when it looks like one: a flat disc of a dot's
    size with a sharp rim (a dot of nearly the glow's own colour). Fainter
    still, such a disc is a dot only when a clear dot has its colour: else its
    twin may be as faint and missed, and the reading is refused (unless the
    disc is oblong, or its core nearer black than any dot's colour: JPEG or
    glow noise, not a dot).
    """
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    dots: set[Cell] = set()
    faint: list[Cell] = []
    rows, cols = contrast.shape
    flat = samples.flat
    strong = contrast >= settings.dot_contrast
    # A dot's strength is its contrast with the board's background: glow of
    # its colour under it lowers its contrast with its own ring, not that.
    background = median_of(samples.ring_lab.reshape(-1, 3), axis=0)
    flat_dots = delta_e(samples.core_lab, background)[strong & flat]
    faintest = float(flat_dots.min()) if flat_dots.size else 0.0
    glow = _soft_glow(samples, image, geometry, strong & ~flat & (contrast < faintest / 2))
    sure = contrast[strong & ~glow]
    weakest_dot = float(sure.min()) if sure.size else 0.0
    # Between empty and dot, and not far fainter than every dot (those are
    # glow already, below): glow only when soft.
    doubt = (contrast > settings.empty_contrast) & ~strong & (contrast >= weakest_dot / 2)
    glow |= _soft_glow(samples, image, geometry, doubt & ~flat)
    for r in range(rows):
        for c in range(cols):
            k = float(contrast[r, c])
            if glow[r, c] or (
                settings.empty_contrast < k < min(settings.dot_contrast, weakest_dot / 2)
                and not flat[r, c]
            ):
                # Far fainter than any dot here, and soft or running out to the
                # cell's edge as no dot does: glow behind an empty cell.
                continue
            if k >= settings.dot_contrast or (
                k > settings.empty_contrast
                and _crisp_dot(samples, image, geometry, r, c, tolerant=True)
            ):
                if samples.core_uniformity[r, c] < FLAT_CORE and not _crisp_dot(
                    samples, image, geometry, r, c, faint=True
                ):
                    raise UnsureReadingError(
                        f"cell ({r}, {c}) holds something that is not a flat dot"
                    )
                if samples.ring_like_core[r, c] > RING_LIKE_MAX and _runs_to_edge(
                    samples, image, geometry, r, c
                ):
                    if _wide_glow(samples, image, geometry, r, c):
                        # As strong as a dot, yet soft all round: glow.
                        continue
                    raise UnsureReadingError(
                        f"the colour at cell ({r}, {c}) runs out to its edge (a pipe, not a dot)"
                    )
                dots.add(Cell(r, c))
            elif k > settings.empty_contrast:
                raise UnsureReadingError(f"cannot tell whether cell ({r}, {c}) holds a dot")
            elif k >= settings.faint_contrast and _crisp_dot(
                samples, image, geometry, r, c, faint=True
            ):
                faint.append(Cell(r, c))
    clear = tuple(dots)
    for cell in faint:
        # A dot on glow of its own colour is one when a clear dot has its
        # colour (its twin); alone, its twin may be as faint and missed. An
        # oblong "disc" without a twin is JPEG or glow noise in a small cell,
        # and one whose core is the cells' beside it, or nearer black than
        # any dot's colour, is their background.
        # Two faint flat discs of one colour are each other's twins.
        if any(
            delta_e(samples.core_lab[cell], samples.core_lab[d]) <= NEAR for d in clear
        ) or _faint_twin(samples, faint, cell, settings.colour_tolerance):
            dots.add(cell)
        elif _crisp_dot(
            samples, image, geometry, cell.row, cell.col, faint=True, elongation=FAINT_ELONGATION
        ) and not (
            _like_cells_beside(samples.core_lab, float(contrast[cell]), cell)
            or _near_black(samples.core_lab[cell])
        ):
            raise UnsureReadingError(
                f"cell ({cell.row}, {cell.col}) holds a dot of nearly its background's colour"
            )
    if dots:  # a dotless grid is no board: the next candidate may be
        _check_round(samples, image, geometry, dots)
        _check_background(samples, image, geometry, dots, settings)
    dot_min = min((float(contrast[c]) for c in dots), default=255.0)
    empty_max = max(
        (float(contrast[r, c]) for r in range(rows) for c in range(cols) if (r, c) not in dots),
        default=0.0,
    )
    gap = (dot_min - empty_max) / settings.dot_contrast
    return dots, 0.5 + 0.5 * min(1.0, max(0.0, gap - 0.5))


#: Most ``corner_reach`` of a dot: a disc's colour reaches as far along the
#: diagonals as square on (the most of any dot on a board: synthetic 95000+,
#: 1,600 shots of 17 categories, 1.04; real screens 1.01), a square tile's
#: corners ``sqrt(2)`` times as far (flow_edge_objects 257: 1.39, two tiles
#: side by side taken for a pair of dots).
SQUARE_REACH = 1.2


def _check_round(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]
) -> None:
    """Refuse a "dot" whose colour reaches its corners: a square tile, not a disc."""
    cells = sorted(dots)
    centres = np.array([(geometry.centre(c).x, geometry.centre(c).y) for c in cells])
    rows, cols = np.array(cells).T
    reach = corner_reach(
        image,
        centres,
        geometry.cell_size,
        samples.core_lab[rows, cols],
        samples.ring_lab[rows, cols],
    )
    worst = int(np.argmax(reach))
    if reach[worst] > SQUARE_REACH:
        r, c = cells[worst]
        raise UnsureReadingError(f"cell ({r}, {c}) holds a square, not a dot (a tile)")


def _faint_twin(samples: CellSamples, faint: list[Cell], cell: Cell, tolerance: float) -> bool:
    """Whether ``cell`` and exactly one other faint disc are flat and of one colour: twins.

    Both dots of a pair may lie on glow of their colour (the glow is wide,
    the dots' colour dark): each then stands out from its rim too little to
    be clear, yet is a flat disc whose rim shows none of its core's colour
    (``CellSamples.flat``), which the lines' blur or JPEG noise in an empty
    cell is not. Found both, the pair misses nothing; a third of the colour
    leaves the pairing in doubt.
    """
    if not samples.flat[cell]:
        return False
    alike = [
        other
        for other in faint
        if other != cell
        and samples.flat[other]
        and float(delta_e(samples.core_lab[cell], samples.core_lab[other])) <= tolerance
    ]
    return len(alike) == 1


#: A faint disc whose core is within this share of its contrast (plus
#: ``CORE_NOISE`` Lab) of two or more neighbours' cores shows the board's
#: background, not a dot: a dot's core is unlike every neighbour's but its
#: twin's (faint dots on glow of their colour, 18-60 px, JPEG 60+: the second
#: nearest 1.7+ times that far); in small cells the grid lines' blur tints
#: every empty cell's ring, making its core such a "disc" (mirror 80294:
#: 0.2-0.7 times).
BACKGROUND_CORE, CORE_NOISE = 0.25, 1.0


def _like_cells_beside(core_lab: np.ndarray, contrast: float, cell: Cell) -> bool:
    """Whether two or more of ``cell``'s neighbours' cores have its core's colour."""
    rows, cols = core_lab.shape[:2]
    near = BACKGROUND_CORE * contrast + CORE_NOISE
    alike = 0
    for r, c in (
        (cell.row, cell.col + 1),
        (cell.row + 1, cell.col),
        (cell.row, cell.col - 1),
        (cell.row - 1, cell.col),
    ):
        if 0 <= r < rows and 0 <= c < cols:
            alike += float(delta_e(core_lab[cell], core_lab[r, c])) <= near
    return alike >= 2


#: Least Lab distance from black of a dot's core: the game draws its dots in
#: light or saturated colours on a black ground. Its darkest (teal, dark
#: blue, purple) are 54+ Lab from black, 33+ through the synthetic screens'
#: strongest colour drift (gamma 1.35, saturation 0.7, gains 0.85-1.1);
#: measured: real screens 56.7+, drift 40.1+ (7290 dots), faint dots on glow
#: of their colour in 18-50 px cells through JPEG 60-95 54.1+ (190). In a
#: small dark cell JPEG keeps colour at half resolution: the lines' hue tints
#: the ring but not the centre, a "disc" in colour alone whose core is the
#: dark ground, 24.7 Lab from black at most (tiny_cells 97016, 95286, 93219,
#: 92018, 99303, 90367, 90430: 6.6-23.6 where refused).
DOT_FROM_BLACK = 28.0


def _near_black(core: np.ndarray) -> bool:
    """Whether a cell's core colour (Lab) is too near black for any dot's."""
    return float(delta_e(core, np.zeros(3))) < DOT_FROM_BLACK


def _soft_glow(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, candidates: np.ndarray
) -> np.ndarray:
    """Which ``candidates`` are the background's glow, not a dot or a pipe.

    Candidates are not flat and stand out from their ring more than an empty
    cell: less than a dot, or as much yet with less than half the faintest
    flat dot's strength: the animated background's faint pipes (a fifth of
    the screen long, at most a fifth of a colour's strength) ending in or
    crossing a cell under strong glow. A dot's rim is a circle round the
    cell's centre, which every ray from there meets square on; a drawn pipe
    has a sharp outline, which one of the rays meets nearly square on; glow
    fades over more pixels on every ray (``GLOW_EDGE_PX``).
    """
    glow = np.zeros(candidates.shape, bool)
    for r, c in np.argwhere(candidates):
        glow[r, c] = _is_soft_glow(samples, image, geometry, int(r), int(c))
    return glow


def _is_soft_glow(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
    *,
    outline_px: float = GLOW_EDGE_PX,
) -> bool:
    """Whether cell ``(r, c)``'s colour fades into its ring softly on some rays, sharply on none.

    Sharply: the whole way in fewer than ``outline_px`` pixels somewhere.
    """
    point = geometry.centre(Cell(r, c))
    soft, sharp = outline_rays(
        image,
        (point.x, point.y),
        geometry.cell_size,
        samples.core_lab[r, c],
        samples.ring_lab[r, c],
        outline_px=outline_px,
    )
    return soft >= SOFT_GLOW_RAYS and sharp == 0


def _wide_glow(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, r: int, c: int
) -> bool:
    """Whether a cell as strong as a dot whose colour runs out to its edge is glow.

    The background's glow is drawn blurred: its colour fades into the ring
    over ``GLOW_WIDE_PX`` pixels or more on every ray that leaves it, and
    runs on across the grid lines into the cell beside (``border_like``).
    A pipe, a tile or a candy is drawn with an outline, sharper even when
    a screen is enlarged, and a tile or candy ends inside its lines.
    """
    if not _is_soft_glow(samples, image, geometry, r, c, outline_px=GLOW_WIDE_PX):
        return False
    point = geometry.centre(Cell(r, c))
    runs_on = border_like(image, (point.x, point.y), geometry.cell_size, samples.core_lab[r, c])
    return runs_on >= GLOW_RUNS_ON


def _check_background(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    settings: Settings,
) -> None:
    """Refuse cells that do not show one dark background around their dots.

    A Flow board draws light lines on a dark background. Glow tints it
    smoothly, at most about as light as the lines (real screens: 26+ L*
    darker than the lines; heavy synthetic glow: 1+); a dot's surroundings
    match the cells beside it (within 15 Lab on real screens, 20 on synthetic
    ones). Light cards between dark gaps, or a tile in a cell, are something else.
    """
    lines = line_lightness(image, geometry)
    background = float(median_of(samples.ring_lab[..., 0]))
    if lines is not None and background > lines + CELLS_OVER_LINES:
        raise UnsureReadingError(
            f"the cells (L* {background:.0f}) are lighter than the grid lines between them "
            f"(L* {lines:.0f}): no Flow board, whose background is dark"
        )
    _check_outer_bands(samples.ring_lab)
    rows, cols = geometry.rows, geometry.cols
    is_dot = _dot_cells((rows, cols), dots)
    # Each cell's four neighbours' rings (NaN off the board), and which are empty cells.
    padded = pad_with(samples.ring_lab, 1, 1, np.nan)
    empty = pad_with(~is_dot, 1, 1, False)
    shifts = ((0, 1), (2, 1), (1, 0), (1, 2))
    around = np.stack([padded[a : a + rows, b : b + cols] for a, b in shifts], axis=2)
    around_empty = np.stack([empty[a : a + rows, b : b + cols] for a, b in shifts], axis=2)
    # Per cell, the median of its empty neighbours' rings (NaN with none).
    beside = np.where(around_empty[..., None], around, np.nan)  # (rows, cols, 4, 3)
    step = delta_e(samples.ring_lab, median_of_present(np.moveaxis(beside, 2, -1)))
    for cell in sorted(dots):
        if step[cell] > BACKGROUND_STEP and not _ground_runs_on(samples.sector_lab, ~is_dot, cell):
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
    # dots), with the board's typical empty cell: its background.
    typical = (
        median_of(samples.core_lab[~is_dot], axis=0) if (~is_dot).any() else np.full(3, np.nan)
    )
    off_typical = delta_e(samples.core_lab, typical)
    alone = np.isnan(some) & ~is_dot
    some = np.where(alone, off_typical, some)
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
    for r, c in np.argwhere((strong | faint | paired) & ~is_dot):
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
        if rays >= 2 and not fills_cell(
            image, centre, geometry.cell_size, core, background, reach=reach
        ):
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
            sides = crisp_sides(
                image, centre, geometry.cell_size, core, beyond, reach=reach, in_lightness=not dim
            )
            if sides < (PAIRED_SIDES if paired[r, c] else OBJECT_SIDES):
                continue
        raise UnsureReadingError(f"cell ({r}, {c}) holds something that is neither a dot nor empty")


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
#: (``_rim_width``; bridge decks' rays in flow_bridges 98000-98079: the
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
    rim = _rim_width(image, geometry, dots)
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


def check_marks(image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]) -> None:
    """Refuse an empty cell with thin lines or sharp edges drawn near its centre.

    An empty cell shows the board's background, which glow tints smoothly;
    something drawn there (a bridge's rails, a tile's edge, a pipe) is no
    empty cell, even when its colour is the background's on average. In a
    large cell, glow's soft edge changes as much over ``sharp_marks``' tenth
    of a pitch as a drawn one: it is told apart pixel by pixel (``_soft_marks``).
    A word drawn dim (a pop-up's over the board) stands out less; its
    strokes running both ways tell it from a glow pipe's straight edge, and,
    fainter still, its thin strokes standing out of the board's own noise.
    """
    marks = sharp_marks(image, geometry)
    empty = ~_dot_cells(marks.shape, dots)
    if not empty.any():
        return
    noise = float(quantile_of(marks[empty], 0.9))
    rim: float | None = None  # measured once, for the first cell it is needed for
    for r, c in np.argwhere(empty & (marks >= min(TEXT_MARK, max(LINE_MARK, LINE_NOISE * noise)))):
        cell = Cell(int(r), int(c))
        mark, least = float(marks[r, c]), SHARP_MARK
        if mark < SHARP_MARK:
            # Fainter: refused only for strokes both ways, as a word's;
            # fainter still, only for thin ones standing out of the noise.
            shape = mark_shape(image, geometry, cell)
            if shape.both_ways < MARK_BOTH_WAYS:
                continue
            least = TEXT_MARK
            if mark < TEXT_MARK:
                if shape.thin < THIN_MARK or mark < max(LINE_MARK, LINE_NOISE * noise):
                    continue
                least = LINE_MARK
        if rim is None:
            rim = _rim_width(image, geometry, dots)
        if not _soft_marks(image, geometry, cell, rim, least):
            raise UnsureReadingError(
                f"cell ({r}, {c}) holds something drawn (sharp lines or edges), "
                "neither a dot nor empty"
            )


#: Least ``tile_outline`` (grey levels) of an empty cell holding a tile: a
#: square's outline closing round its centre, three sides or more. Good
#: boards' empty cells score 1.1 at most (synthetic 95000-95029, all
#: categories: JPEG, drift, tiny and huge cells), 2.35 on real screens (bands
#: and pipes crossing the board, whose edges go on past the lines, score
#: nothing); a tile over glow of nearly its colour, its contrast with its ring
#: too low for a dot, 8-25 (flow_edge_objects 97400, 97491, 97492, 97510,
#: 96237).
TILE_STEP = 5.0
#: Least Lab distance from the board's background of an empty cell's core for
#: ``tile_outline``: a tile one can see stands out from the ground (tiles over
#: glow: 38+, flow_edge_objects 97400-101444), the near-black tint of real
#: screens' empty cells 29.5 at most, 22 but on one cell of the 40 real
#: 1080x2400 screens (speed: the outline is looked for on that one only).
TILE_GROUND = 25.0


def check_tiles(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]
) -> None:
    """Refuse an empty cell holding a tile: a filled square, however near the glow's colour.

    An empty cell shows the board's background, which glow tints smoothly
    and the grid's lines cut; nothing in it ends in a straight step all
    round inside those lines. A tile of nearly the glow's colour around it
    (or reaching the ring) leaves its core and ring alike, and its edges lie
    past ``sharp_marks``' reach.
    """
    background = median_of(samples.ring_lab.reshape(-1, 3), axis=0)
    suspect = delta_e(samples.core_lab, background) > TILE_GROUND
    suspect &= ~_dot_cells(suspect.shape, dots)
    cells = [Cell(int(r), int(c)) for r, c in np.argwhere(suspect)]
    if not cells:
        return
    outline = tile_outline(image, geometry, cells)
    for cell, step in zip(cells, outline, strict=True):
        if step >= TILE_STEP:
            raise UnsureReadingError(
                f"cell ({cell.row}, {cell.col}) holds a tile (a square's outline), "
                "neither a dot nor empty"
            )


def _dot_cells(shape: tuple[int, ...], dots: set[Cell]) -> np.ndarray:
    """A ``(rows, cols)`` mask of the cells holding ``dots``."""
    is_dot = np.zeros(shape, bool)
    for cell in dots:
        is_dot[cell] = True
    return is_dot


#: Least width of a cell's sharpest mark, in widths of the dots' rims, for
#: glow (``mark_widths``): a drawn line or edge is as sharp as the dots'
#: rims, however the image was scaled (bridge rails in 60-290 px cells,
#: shrunk to 0.35 or enlarged 4 times: 0.75-1.24 rims), the background's
#: glow pipes many times softer (drift 99728's 287 px cells: 6.9; the same
#: shrunk to 0.35-2 times its size: 3.2-6.8, to 0.25: 2.6, still refused).
SOFT_MARK = 3.0


def _rim_width(image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]) -> float:
    """How wide the dots' rims look, in pixels: the median of each dot's ``mark_widths``.

    The game draws the dots as sharply as anything else on its board; an
    image enlarged, or scaled with smoothing, widens all alike. ``nan``
    without dots.
    """
    typical = []
    for dot in dots:
        widths = mark_widths(image, geometry, dot, SHARP_MARK)
        if widths.size:
            typical.append(float(np.median(widths)))
    return float(np.median(typical)) if typical else math.nan


def _soft_marks(
    image: np.ndarray, geometry: BoardGeometry, cell: Cell, rim: float, least: float
) -> bool:
    """Whether every mark of ``least`` or more in ``cell`` is ``SOFT_MARK`` rims wide or more."""
    widths = mark_widths(image, geometry, cell, least)
    return bool(widths.size) and float(widths.min()) >= SOFT_MARK * rim


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


def _check_outer_bands(ring_lab: np.ndarray) -> None:
    """Refuse an outer row or column whose background is unlike the next one in.

    One background runs under the whole board, tinted smoothly by glow. A
    band unlike it is something beside the board (a white page, another
    window) whose edge fell in step with the grid: read as cells, it would
    add a row or column to the puzzle.
    """
    band = foreign_band(ring_lab)
    if band is not None:
        name, index = band
        raise UnsureReadingError(
            f"the cells of {name} {index} are unlike the board's next to them "
            "(something beside the board lines up with its grid)"
        )


def foreign_band(ring_lab: np.ndarray) -> tuple[str, int] | None:
    """The first outer row or column whose background is unlike the next one in, if any.

    ``("row", index)`` or ``("column", index)``; ``ring_lab`` is the cells'
    ring colours (``CellSamples.ring_lab``).
    """
    # Medians over each band's cells (a dot or pipe lies inside the ring),
    # the outer band and the next one in, in two calls: first, last.
    rows = median_along(ring_lab[[0, 1, -1, -2]], axis=1)
    columns = median_along(ring_lab[:, [0, 1, -1, -2]], axis=0)
    bands = (
        ("row", 0, rows[0], rows[1]),
        ("row", ring_lab.shape[0] - 1, rows[2], rows[3]),
        ("column", 0, columns[0], columns[1]),
        ("column", ring_lab.shape[1] - 1, columns[2], columns[3]),
    )
    for name, index, outer, inner in bands:
        step = float(delta_e(outer, inner))
        if step > BACKGROUND_STEP:
            return name, index
    return None


def check_nothing_past_border(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> None:
    """Refuse a board with a dot one cell past its border: the board goes on.

    Glow as bright as the lines can hide a whole outer row of the board,
    lines and all; its dots, centred on the grid's columns (or rows), still
    show, if faintly. No header, counter or button is a flat disc there;
    nor is a disc in another window whose ground meets the board all along
    that border (clutter beside a mirror window whose edge is the board's).
    """
    h, w = image.shape[:2]
    xs, ys, pitch = geometry.xs, geometry.ys, geometry.cell_size
    bands = {
        "top": BoardGeometry(xs, (ys[0] - pitch, ys[0])),
        "bottom": BoardGeometry(xs, (ys[-1], ys[-1] + pitch)),
        "left": BoardGeometry((xs[0] - pitch, xs[0]), ys),
        "right": BoardGeometry((xs[-1], xs[-1] + pitch), ys),
    }
    for side, band in bands.items():
        if band.left < 0 or band.top < 0 or band.right > w - 1 or band.bottom > h - 1:
            continue
        core_lab, ring_lab = core_and_ring_lab(image, band)
        contrast = delta_e(core_lab, ring_lab)
        discs = (
            is_crisp_disc(
                image, band.centre(Cell(int(r), int(c))), pitch, core_lab[r, c], ring_lab[r, c]
            )
            for r, c in np.argwhere(contrast >= settings.faint_contrast)
        )
        if any(discs) and not against_another_ground(image, np.asarray(xs), np.asarray(ys), side):
            raise UnsureReadingError(
                f"a dot lies one cell past the board's {side} border (the board goes on)"
            )


def _runs_to_edge(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, r: int, c: int
) -> bool:
    """Whether the colour at cell ``(r, c)`` reaches its ring around the colour's own centre."""
    centre = geometry.centre(Cell(r, c))
    ring_like = ring_like_core_recentred(
        image, (centre.x, centre.y), geometry.cell_size, samples.core_lab[r, c]
    )
    return ring_like > RING_LIKE_MAX


def _crisp_dot(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
    *,
    faint: bool = False,
    elongation: float = math.inf,
    tolerant: bool = False,
) -> bool:
    """Whether cell ``(r, c)`` shows a flat disc with a dot's size and sharp rim.

    ``faint``: judged by shape alone, for a disc whose colour is noisier than
    the usual tolerance or closer to its rim's (the ring then looks like the
    core by that tolerance). ``elongation``: most ratio of the disc's long
    axis to its short one. ``tolerant``: for a disc that stands out more
    than noise can, a soft rim and a grid a pixel or two off are allowed.
    """
    if not faint and not samples.flat[r, c]:
        return False
    centre = geometry.centre(Cell(r, c))
    return is_crisp_disc(
        image,
        (centre.x, centre.y),
        geometry.cell_size,
        samples.core_lab[r, c],
        samples.ring_lab[r, c],
        elongation=elongation,
        tolerant=tolerant,
    )


def check_pipes(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    settings: Settings,
) -> None:
    """Refuse when colour crosses a grid edge: pipes are drawn (solved or half-solved).

    A pipe has one colour on both sides of the edge, its dots' colour and
    strength. Two dots of other colours each reaching a side of the edge (a
    grid found a pixel off in a small cell) are none, nor is a band of glow
    both unlike every dot's colour and far fainter than the dots, nor the
    grid line itself, nearer a mix of it and the background than any dot's
    colour (``line_colour``): a line up to a fifth of a cell wide, or a
    grid found a pixel off in a small cell, reaches into the ring, where a
    sector shows the line or a mix of it and the background. A pipe's sector
    is its dots' colour (within 3 Lab), 21+ from any such mix. A band unlike
    every dot's colour yet as strong, that fades softly across its width, is
    the background's glow too (``band_is_soft``).
    """
    # Sector k of a cell faces right, down, left, up; a pipe shows on both sides of an edge.
    contrast = delta_e(samples.sector_lab, samples.ring_lab[:, :, None, :])
    off = contrast > settings.pipe_contrast
    line_lab = line_colour(image, geometry)
    if dots and off.any():
        dot_lab = np.array([samples.core_lab[c] for c in dots])
        weakest = min(float(delta_e(samples.core_lab[c], samples.ring_lab[c])) for c in dots)
        unlike = delta_e(samples.sector_lab[..., None, :], dot_lab).min(axis=-1)
        strong = contrast >= weakest / 2
        of_no_dot = unlike > settings.pipe_contrast
        off &= ~of_no_dot | strong
        if line_lab is not None:
            # The line, or a mix of it and the ring, nearer than any dot's
            # colour: a thick line (0.13 pitch) fills half a sector's width.
            ring = np.broadcast_to(samples.ring_lab[:, :, None, :], samples.sector_lab.shape)
            mix = _from_mix(samples.sector_lab, ring, line_lab)
            off &= (mix > NEAR) | (unlike < mix)
    sectors = samples.sector_lab
    across = off[:, :-1, 0] & off[:, 1:, 2]
    across &= delta_e(sectors[:, :-1, 0], sectors[:, 1:, 2]) <= NEAR
    down = off[:-1, :, 1] & off[1:, :, 3]
    down &= delta_e(sectors[:-1, :, 1], sectors[1:, :, 3]) <= NEAR
    for (r, c), (r2, c2), side in (
        *(((r, c), (r, c + 1), 0) for r, c in np.argwhere(across)),
        *(((r, c), (r + 1, c), 1) for r, c in np.argwhere(down)),
    ):
        if (
            dots
            and of_no_dot[r, c, side]
            and of_no_dot[r2, c2, side + 2]
            and _glow_across(samples, image, geometry, ((int(r), int(c)), (int(r2), int(c2))), side)
        ):
            continue
        raise UnsureReadingError(
            f"a pipe is drawn at cell ({r}, {c}): the board is solved or in progress"
        )


def _glow_across(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    edge: tuple[tuple[int, int], tuple[int, int]],
    side: int,
) -> bool:
    """Whether the band across ``edge`` (two cells) fades softly: glow.

    Looked at where it crosses each cell's ring (``side`` of the first: 0
    right, 1 down), square to its run, from its colour there to the ring's.
    """
    first, second = edge
    pitch = geometry.cell_size
    step = (RING_INNER + RING_OUTER) / 2 * pitch  # the sectors' middle
    across = np.pi / 2 if side == 0 else 0.0  # square to a run right or down
    for cell, towards, sector in ((first, 1.0, side), (second, -1.0, side + 2)):
        point = geometry.centre(Cell(*cell))
        dx, dy = (towards * step, 0.0) if side == 0 else (0.0, towards * step)
        if not band_is_soft(
            image,
            (point.x + dx, point.y + dy),
            pitch,
            samples.sector_lab[cell][sector],
            samples.ring_lab[cell],
            across=across,
            outline_px=BAND_EDGE_PX,
        ):
            return False
    return True


def _from_mix(colour: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Lab distance from ``colour`` to the nearest mix of ``a`` and ``b`` (last axis Lab)."""
    span = np.subtract(b, a)
    t = np.sum((colour - a) * span, axis=-1) / np.maximum(np.sum(span * span, axis=-1), 1e-6)
    mix = a + np.clip(t, 0.0, 1.0)[..., None] * span
    return delta_e(colour, mix)
