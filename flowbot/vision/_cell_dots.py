"""Reading the cells: which hold a dot, refusing a cell that is neither a dot nor empty."""

from __future__ import annotations

import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell, Geometry
from flowbot.vision._bands import border_like
from flowbot.vision._cells import (
    FLAT_CORE,
    NEAR,
    RING_LIKE_MAX,
    CellSamples,
    cells_beside,
    grid_pitch,
    ring_pixels,
)
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._discs import FAINT_ELONGATION, is_crisp_disc, ring_like_core_recentred
from flowbot.vision._faint_pipes import under_line
from flowbot.vision._letters import LETTER_REACH
from flowbot.vision._lit_ground import lit_ground
from flowbot.vision._pipes import step
from flowbot.vision._rays import corner_reach, outline_rays
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._stats import (
    median_of,
)
from flowbot.vision._types import Settings

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


#: A cell's colour runs out to its edge as a pipe's does through at most this many of its
#: ring's four sectors (a pipe's end one, a pipe through it two), the others standing off
#: its core past ``empty_contrast``.
PIPE_SECTORS = 2


def _pipe_shaped(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
    *,
    settings: Settings,
) -> bool:
    """Whether cell ``(r, c)``'s core runs out to its edge as a pipe's end or run does, not
    as glow: its colour within ``NEAR`` in one or ``PIPE_SECTORS`` of its ring's sectors,
    every other sector past ``empty_contrast`` off it, and its outline drawn: sharp (the
    whole way within ``GLOW_WIDE_PX``) on more rays than it fades on.

    On a board with pipes drawn, a dot of nearly the ground's colour (a dark purple flow
    on a magenta-lit ground: its dots 22 Lab from their ring against clear dots' 48) has
    its pipe running out of it: no flat disc, far fainter than every dot, and taken for
    glow its pair was left out of a finished board read as a puzzle (synthetic holes
    rectangular 7900000 solved: read WRONG, its start too; 10 rays sharp, 1 soft). The
    background's glow band ending in an empty cell beside the pipes is blurred: 1 sharp,
    6 soft (classic phone 7900001 started)."""
    apart = delta_e(samples.core_lab[r, c], samples.sector_lab[r, c])
    near = int((apart <= NEAR).sum())
    if not (1 <= near <= PIPE_SECTORS and (apart[apart > NEAR] > settings.empty_contrast).all()):
        return False
    core, ring = samples.core_lab[r, c], samples.ring_lab[r, c]
    soft, sharp = _cell_rays(image, geometry, Cell(r, c), core, ring, outline_px=GLOW_WIDE_PX)
    return sharp > soft


def read_dots(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    settings: Settings,
    holes: frozenset[Cell] = frozenset(),
    *,
    pipe_dots: frozenset[Cell] = frozenset(),
) -> tuple[set[Cell], float]:
    """The cells holding a dot, and a confidence from how clearly cells split.

    Refuses a cell that is neither a dot nor empty; the dot rules
    (``_rules.DOT_RULES``) then judge the dots found.

    A cell whose centre stands out from its rim less than a dot's but more
    than glow's is a dot only when it looks like one: a flat disc of a dot's
    size with a sharp rim (a dot of nearly the glow's own colour). Fainter
    still, such a disc is a dot only when a clear dot has its colour: else its
    twin may be as faint and missed, and the reading is refused (unless the
    disc is oblong, or its core nearer black than any dot's colour: JPEG or
    glow noise, not a dot). A cell whose ring lies on lines wider than it allows
    is empty when its core is the ground (``_lit_ground``). ``holes``: cells
    left out of the board (their ring may show its outline), not looked at.
    ``pipe_dots``: cells the pipe stage saw holding a dot (its disc round a
    pipe's end, ``_pipes``): dots, however faint against the ground (a pipe
    running out of a dot breaks its disc's shape).
    """
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    dots: set[Cell] = set()
    faint: list[Cell] = []
    blurred: list[Cell] = []  # faint, no crisp disc
    doubtful: list[Cell] = []  # fainter than a dot, no crisp disc
    rows, cols = contrast.shape
    flat = samples.flat
    strong = contrast >= settings.dot_contrast
    hole = np.zeros(contrast.shape, bool)
    for cell in holes:
        hole[cell] = True
    strong &= ~hole
    # An empty cell whose ring lies on lines as wide as a fifth of a small pitch (a
    # corner cell's on the outline too) stands out as a dot does, or nearly: the
    # ground, no dot.
    empty = (contrast <= settings.empty_contrast) & ~hole
    lit = lit_ground(
        samples, image, geometry, (contrast > settings.empty_contrast) & ~hole & ~flat, empty
    )
    strong &= ~lit
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
    doubt = (contrast > settings.empty_contrast) & ~strong & (contrast >= weakest_dot / 2) & ~hole
    glow |= _soft_glow(samples, image, geometry, doubt & ~flat)
    for r in range(rows):
        for c in range(cols):
            k = float(contrast[r, c])
            if (r, c) in pipe_dots:
                dots.add(Cell(r, c))
                continue
            if (
                hole[r, c]
                or lit[r, c]
                or glow[r, c]
                or (
                    settings.empty_contrast < k < min(settings.dot_contrast, weakest_dot / 2)
                    and not flat[r, c]
                    and not (
                        pipe_dots
                        and _pipe_shaped(samples, image, geometry, r, c, settings=settings)
                    )
                )
            ):
                # Far fainter than any dot here, and soft or running out to the
                # cell's edge as no dot does: glow behind an empty cell.
                continue
            if k >= settings.dot_contrast or (
                k > settings.empty_contrast
                and _crisp_dot(samples, image, geometry, r, c, tolerant=True)
            ):
                if samples.core_uniformity[r, c] < FLAT_CORE and not _crisp_dot(
                    samples, image, geometry, r, c, faint=True, halfway=True
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
                doubtful.append(Cell(r, c))  # a pipe's dot's twin, or refused (below)
            elif k >= settings.faint_contrast:
                crisp = _crisp_dot(samples, image, geometry, r, c, faint=True)
                (faint if crisp else blurred).append(Cell(r, c))
    clear = tuple(dots)
    faint_flat = [cell for cell in faint if _faint_flat(samples, image, geometry, cell)]
    oblong: list[Cell] = []  # faint discs taken for noise: no twin, not round
    for cell in faint:
        # A dot on glow of its own colour is one when a clear dot has its
        # colour (its twin); alone, its twin may be as faint and missed. An
        # oblong "disc" without a twin is JPEG or glow noise in a small cell,
        # and one whose core is the cells' beside it, or nearer black than
        # any dot's colour in a ring tinted off black, is their background.
        # Two faint flat discs of one colour are each other's twins.
        if any(
            delta_e(samples.core_lab[cell], samples.core_lab[d]) <= NEAR for d in clear
        ) or _faint_twin(samples, faint_flat, cell, settings.colour_tolerance):
            dots.add(cell)
        elif not _crisp_dot(
            samples, image, geometry, cell.row, cell.col, faint=True, elongation=FAINT_ELONGATION
        ):
            oblong.append(cell)
        elif not (
            _like_cells_beside(samples.core_lab, samples.ring_lab, float(contrast[cell]), cell)
            or _tinted_ring(samples.core_lab[cell], samples.ring_lab[cell])
        ):
            raise UnsureReadingError(
                f"cell ({cell.row}, {cell.col}) holds a dot of nearly its background's colour"
            )
    twins = _blurred_twins(samples, dots, pipe_dots, blurred + doubtful)
    in_doubt = _blurred_discs(samples, contrast, blurred, dots | twins, hole)
    # A faint disc taken for noise as oblong may be a dark dot JPEG smeared in a small
    # cell, its twin blurred past a crisp rim: judged with the blurred cells as a pair.
    in_doubt += _blurred_pairs(
        samples, contrast, blurred + oblong, dots | twins, hole, image=image, geometry=geometry
    )
    for r, c in doubtful + in_doubt:
        if Cell(r, c) not in twins:
            raise UnsureReadingError(f"cannot tell whether cell ({r}, {c}) holds a dot")
    dots |= twins
    dot_min = min((float(contrast[c]) for c in dots), default=255.0)
    empty_max = max(
        (
            float(contrast[r, c])
            for r in range(rows)
            for c in range(cols)
            if (r, c) not in dots and not hole[r, c] and not lit[r, c]
        ),
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


def check_round(
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


#: A blurred cell is a pipe's dot's twin only when its core is this many times nearer
#: the dot's colour than its own ring (as ``_pipes._DISC_SIDE`` takes a disc's points):
#: a dark dot on black through JPEG 60 in 30 px cells 1.2-1.6 Lab from its twin's
#: core, 15 from its ring.
TWIN_SIDE = 2.0


def _blurred_twins(
    samples: CellSamples, dots: set[Cell], pipe_dots: frozenset[Cell], blurred: list[Cell]
) -> set[Cell]:
    """The ``blurred`` cells that are the twins of pipes' dots: for each dot the pipe stage
    saw (``pipe_dots``) with no dot of its colour (``NEAR``) among ``dots``, the one cell
    among ``blurred`` (faint, no crisp disc) whose core is its colour and ``TWIN_SIDE``
    times nearer it than the cell's ring; none where two are.

    A flow drawn from a dot proves its colour a dot's on this board, and the game
    draws every colour's two dots: its twin lies in a cell no flow touches. A dark
    dot on black through JPEG 60 in a small cell blurs its colour's rim over pixels
    (the dark flows benchmark: 30 px cells), no crisp disc, and was left out: a dot
    short, refused for an odd count. Any other faint cell of the colour leaves it in
    doubt, as before. ``blurred`` takes in cells standing out more than empty ones
    and still showing no crisp disc, else refused (``read_dots``): such a dot's
    colour, 16 Lab off black, spreads over 4 px, the dot reader's rim allowing 3.8
    (dark flows 100005 (30, 0, 30) 30 px JPEG 60 started).
    """
    core, ring = samples.core_lab, samples.ring_lab
    twins = set()
    for dot in pipe_dots & dots:
        lab = core[dot]
        if any(d != dot and float(delta_e(core[d], lab)) <= NEAR for d in dots):
            continue
        like = [
            c
            for c in blurred
            if float(delta_e(core[c], lab)) <= NEAR
            and float(delta_e(core[c], lab)) * TWIN_SIDE <= float(delta_e(core[c], ring[c]))
        ]
        if len(like) == 1:
            twins.add(like[0])
    return twins


#: A blurred disc stands out from the ground more than its noise when its contrast is
#: this many times the median contrast of the cells read empty (the ground's noise
#: there: JPEG, glow, vignettes), as well as ``Settings.faint_contrast``.
GROUND_NOISE_TIMES = 2.0


def _blurred_discs(
    samples: CellSamples,
    contrast: np.ndarray,
    blurred: list[Cell],
    dots: set[Cell],
    hole: np.ndarray,
) -> list[Cell]:
    """The ``blurred`` cells (faint, no crisp disc) that are flat and stand out from the
    ground ``GROUND_NOISE_TIMES`` past its noise: something drawn there, in doubt.

    A flat cell's core is even and its ring shows none of its colour, as a dot's; its
    rim too soft for a crisp disc is a dot blurred (a dark dot on black through a
    blur and JPEG, 12-15 Lab from its ring, its rim spread over 4+ px: blurred dark
    flows 300102 (25, 0, 25) 30 px, its pipe unread), which read empty leaves its
    colour out of the puzzle: a wrong puzzle. Glow, a vignette, the lines' blur in
    small cells and JPEG noise run into the ring (not flat: none of 339 such cells
    on the guard sets was), or lift the ground of many cells alike (its noise).
    """
    return [cell for cell in _above_noise(contrast, blurred, dots, hole) if samples.flat[cell]]


def _above_noise(
    contrast: np.ndarray, blurred: list[Cell], dots: set[Cell], hole: np.ndarray
) -> list[Cell]:
    """The ``blurred`` cells standing out from their rings ``GROUND_NOISE_TIMES`` past the
    median contrast of the cells read empty (neither ``dots`` nor ``hole``)."""
    if not blurred:
        return []
    empty = ~np.asarray(hole, bool)
    for r, c in dots:
        empty[r, c] = False
    noise = float(np.median(contrast[empty])) if empty.any() else 0.0
    return [cell for cell in blurred if float(contrast[cell]) > GROUND_NOISE_TIMES * noise]


def _blurred_pairs(
    samples: CellSamples,
    contrast: np.ndarray,
    blurred: list[Cell],
    dots: set[Cell],
    hole: np.ndarray,
    *,
    image: np.ndarray,
    geometry: BoardGeometry,
) -> list[Cell]:
    """The ``blurred`` cells (faint, no crisp disc, or a faint disc taken for noise as
    oblong) standing out past the ground's noise (as ``_blurred_discs``) on a ring as
    black as the game's ground (``_ring_on_black``) with another such cell of their
    colour: its core ``TWIN_SIDE`` times nearer theirs than the stronger of the two
    stands from its ring (JPEG blurs one dot more than its twin: a dark pair 4.8 Lab
    apart, 15.1 and 9.2 off their rings, dark flows 300052 (25, 0, 25) 24 px blur 1.2
    JPEG 40 solved). Something drawn there twice, in doubt, flat or not.

    A dark flow on black through a blur and JPEG in small cells stands 13-15 Lab from
    black at its dots, 8-9 along its pipe, no crisp disc, and its pipe, running out of
    its dots, leaves them no flat discs (the ring's pixels lie within ``NEAR`` of so
    faint a core): read empty, its pair was left out of the puzzle (dark flows 300000
    (35, 0, 0) 24 px blur 1.2 JPEG 40 solved, 300002 (25, 0, 25) started). The game
    draws a colour's two dots alike; glow lifts the ring round what it lights, or
    crosses the cell (its colour on two sides of the ring), or lifts many cells alike
    (the noise: synthetic colour_blind 300001, two glow-lit cells 7.0-7.3 Lab from
    black rings where the cells read empty stand 5.8 from theirs).
    """
    standing_out = _above_noise(contrast, blurred, dots, hole)
    if len(standing_out) < 2:
        return []
    core, ring = samples.core_lab, samples.ring_lab
    # A dot ends inside its cell but where its one pipe leaves: its ring's sectors show
    # its colour (nearer the core's than the ring's) on one side, or two side by side
    # (``_crossed``). A glow shaft across the cell shows it on two opposite (a real
    # screen's magenta shafts through two empty cells, migaol trimmed_puzzle: 7-9 Lab
    # from a black ring).
    sides = delta_e(samples.sector_lab, core[:, :, None, :]) < delta_e(
        samples.sector_lab, ring[:, :, None, :]
    )
    on_black = [
        c for c in standing_out if _ring_on_black(core[c], ring[c]) and not _crossed(sides[c])
    ]
    standing = {c: float(delta_e(core[c], ring[c])) for c in on_black}
    return [
        c
        for c in on_black
        if any(
            o != c
            and float(delta_e(core[c], core[o])) * TWIN_SIDE <= max(standing[c], standing[o])
            and not _one_shaft(
                c, o, contrast, core, sides, dots=dots, sector=samples.sector_lab, ring=ring
            )
            and not _one_patch(c, o, sides, image, geometry)
            and not (
                _in_cloud(c, o, core, dots, hole, image=image, geometry=geometry)
                and _in_cloud(o, c, core, dots, hole, image=image, geometry=geometry)
            )
            for o in on_black
        )
    ]


#: A ring lifted off black by what lies beside its cell, not by the cell's own light,
#: still lies on the game's black ground where the cell's core stands this many times
#: as far from black as the ring: in 20 px cells blurred 1.2 px the blur of the bright
#: pipes above and below and of the border tints a dark dot's ring 6.6 Lab off black
#: (its sectors 8.6-14.2, each its neighbour's hue), its core 14.6 (dark flows
#: 4400011 (25, 0, 25) 20 px blur 1.2 JPEG 40 solved: its pair read empty, a wrong
#: puzzle). The lines' hue JPEG spreads over a small cell's ring leaves its core the
#: dark ground, nearer black than that ring (tiny cells, ``TINTED_RING``).
CORE_PAST_RING = 2.0


def _ring_on_black(core: np.ndarray, ring: np.ndarray) -> bool:
    """Whether a blurred cell's ring (Lab) lies on the game's black ground: within
    ``TINTED_RING`` of black, or its ``core`` ``CORE_PAST_RING`` times as far from black
    as it (something drawn in the cell, the ring lifted by its neighbours)."""
    black = np.zeros(3)
    off = float(delta_e(ring, black))
    return off < TINTED_RING or float(delta_e(core, black)) >= CORE_PAST_RING * off


#: The cells between two blurred ends are a shaft's middle, not a pipe's, when they stand
#: out at least this share of the stronger end: a dot is a disc wider than the pipe it
#: ends, its core standing out more (dark flows 300000 (35, 0, 0) 24 px: dots 13-15 Lab
#: off black, their pipe 8-9, 0.6 of them); glow's shaft stands out alike all along
#: (synthetic warps huge_cells 4000001: ends 12.2 and 6.8, the cell between 12.4).
#: A dot drawn over the shaft hides it at its core; its ring's two sectors along the
#: run show it as strongly (synthetic bridges huge_cells 6400005: a purple shaft down
#: a column behind a blue dot, its ends 12.5-12.7 Lab off black rings, the dot's
#: sectors above and below 12.6 off its ring).
SHAFT_EVEN = 0.9


def _one_shaft(
    a: Cell,
    b: Cell,
    contrast: np.ndarray,
    core: np.ndarray,
    sides: np.ndarray,
    *,
    dots: set[Cell],
    sector: np.ndarray,
    ring: np.ndarray,
) -> bool:
    """Whether ``a`` and ``b`` are the two ends of one straight band: in one row or column
    with a cell between, every cell between crossed (``_crossed``) in their colour and
    standing out ``SHAFT_EVEN`` of the stronger end or more, or a dot (``dots``) the band
    runs behind (``_behind_dot``: ``sector`` ``(rows, cols, 4, 3)`` and ``ring`` Lab, the
    ends' rings its ground), or lit whole by it (``_lit_whole``). A glow shaft's rounded
    ends look like two blurred dots of one colour; a dot's pipe thins between them, and
    stops at another colour's dot: a band showing on past a dot, in its ring's two
    sectors along the run, is glow, the dot alone between its ends too (synthetic holes
    crop 10000001 unsolved: a green shaft behind a green dot, its ends 9.0 Lab off black
    rings, the dot's sectors above and below 10.7-11.5 off the ends' ground; read as a
    pair of blurred dots in doubt before)."""
    (ra, ca), (rb, cb) = a, b
    if (ra != rb and ca != cb) or abs(ra - rb) + abs(ca - cb) < 2:
        return False
    dr, dc = np.sign(rb - ra), np.sign(cb - ca)
    between = [
        Cell(int(ra + k * dr), int(ca + k * dc)) for k in range(1, abs(ra - rb) + abs(ca - cb))
    ]
    ends = max(float(contrast[a]), float(contrast[b]))
    colour = (core[a] + core[b]) / 2
    ground = (ring[a] + ring[b]) / 2
    along = list((1, 3) if ca == cb else (0, 2))  # ``sides``' order: right, down, left, up
    least = SHAFT_EVEN * ends

    def in_band(m: Cell) -> bool:
        if m in dots:
            return _behind_dot(sector[m][along], ground, colour, least)
        across = (
            _crossed(sides[m])
            and float(contrast[m]) >= least
            and float(delta_e(core[m], colour)) * TWIN_SIDE <= float(contrast[m])
        )
        # A shaft wider than the ring lights the whole cell, its ring too: it stands out
        # from the ends' ground, not the cell's own ring (synthetic walls drift 9400001:
        # ends 7.6 and 9.7 Lab off black rings, the cells between 0.4-1.1 off theirs and
        # 14-22 off black, brighter than its soft ends).
        return across or _lit_whole(np.vstack([sector[m][along], core[m]]), ground, colour, least)

    return all(in_band(m) for m in between)


def _lit_whole(points: np.ndarray, ground: np.ndarray, colour: np.ndarray, least: float) -> bool:
    """Whether each of ``points`` (Lab: a cell's core and its ring's two sectors along a
    band) shows the band's ``colour`` over its ends' ``ground`` (Lab), as strongly or more:
    ``least`` or more of the way from the ground towards the colour and on past it, and
    ``TWIN_SIDE`` times farther along that way than off it."""
    way = colour - ground
    unit = way / max(float(np.linalg.norm(way)), 1e-6)
    steps = points - ground
    along = steps @ unit
    off = np.linalg.norm(steps - along[:, None] * unit, axis=1)
    return bool(((along >= least) & (off * TWIN_SIDE <= along)).all())


def _behind_dot(sectors: np.ndarray, ground: np.ndarray, colour: np.ndarray, least: float) -> bool:
    """Whether a dot's cell shows a band of ``colour`` (Lab) running behind its dot: both
    ``sectors`` (Lab, the two along the band) standing ``least`` or more off the ``ground``
    the band lies on (its ends' rings) and ``TWIN_SIDE`` times nearer ``colour`` than it,
    as the band's cells do. Not off the dot's own ring: a band as wide as the ring lifts it
    too (synthetic holes colour-blind 9900000 unsolved: a green shaft behind a red dot, its
    sectors above and below 6.3-6.9 Lab off its ring, 13.1-13.7 off the ends' ground)."""
    off = delta_e(sectors, ground)
    return bool(((off >= least) & (delta_e(sectors, colour) * TWIN_SIDE <= off)).all())


def _one_patch(
    a: Cell, b: Cell, sides: np.ndarray, image: np.ndarray, geometry: BoardGeometry
) -> bool:
    """Whether side-by-side ``a`` and ``b`` show one patch of colour under the grid line
    between them: each ring shows the colour towards the other (``sides``), and the line
    crosses it as it shows beside it (``under_line``). The game draws a pipe joining two
    dots over that line, the background's glow under it (a glow shaft's soft end across
    two cells of a column, 6-7 Lab from black rings: holes desktop_app 4600004); two
    dots apart leave their rings between them bare."""
    towards = [k for k in range(4) if step(a, k) == b]  # ``sides``' order: ``STEPS``'
    if not towards:
        return False
    k = towards[0]
    return bool(sides[a][k]) and bool(sides[b][(k + 2) % 4]) and under_line(image, geometry, a, b)


#: Most Lab distance between the cores of two cells side by side under one glow cloud:
#: the background's glow changes smoothly, a few Lab from a cell to the next (a purple
#: cloud over 18.9 px cells, its tinted cells 1.7-5.2 from the cells beside them:
#: synthetic bridges tiny_cells 4600005; a walls board's green cloud over 18.7 px cells,
#: 6.1: walls tiny_cells 6620002), where a dark dot on black stands 8.4+ from
#: the ground beside it (dark flows 300000+ and 4400010+, 20-30 px cells blurred 1.2 px,
#: JPEG 40-60), ``Settings.faint_contrast`` the least a drawn thing stands out.
CLOUD_STEP = 7.0


def _in_cloud(
    cell: Cell,
    partner: Cell,
    core: np.ndarray,
    dots: set[Cell],
    hole: np.ndarray,
    *,
    image: np.ndarray,
    geometry: BoardGeometry,
) -> bool:
    """Whether ``cell`` is one with the ground beside it under a glow cloud: two or more
    neighbours (not ``dots``, holes or its ``partner``), each with its core's colour within
    ``CLOUD_STEP`` and the grid line between them showing across (``under_line``).

    Glow is a smooth cloud drawn under the lines: it tints the empty cells, their rings
    and the lines alike, and in small cells JPEG's half-resolution colour tints a ring
    with the lines' hue, so a cloud's cell stands 6-8 Lab off its ring in hue alone, as
    a blurred dark dot does (its core no lighter than its ring either: the bright pipes'
    blur lifts a dark dot's ring). A dot stands out from the ground beside it, and a
    pipe running out of it is drawn over the line it crosses."""
    beside = cells_beside(cell, *core.shape[:2])
    ground = [n for n in beside if n != partner and n not in dots and not hole[n]]
    return len(ground) >= 2 and all(
        float(delta_e(core[cell], core[n])) <= CLOUD_STEP and under_line(image, geometry, cell, n)
        for n in ground
    )


def _crossed(sides: np.ndarray) -> bool:
    """Whether a cell's ring shows a colour on ``sides`` (right, down, left, up) as a shaft
    crossing it does: on two opposite sides, or on three or more. A dot's pipe leaves one
    side; a second beside it is another flow's blurred tint, as near the ring as the dot's
    core (10.4 Lab from a dark dot's core, 10.8 from its ring: dark flows 300083 (25, 0,
    25) 24 px blur 1.2 JPEG 40 started)."""
    shown = int(sides.sum())
    return shown >= 3 or (shown == 2 and bool(sides[0] == sides[2]))


def _faint_twin(samples: CellSamples, flat: list[Cell], cell: Cell, tolerance: float) -> bool:
    """Whether ``cell`` and exactly one other faint disc are flat and of one colour: twins.

    Both dots of a pair may lie on glow of their colour (the glow is wide,
    the dots' colour dark): each then stands out from its rim too little to
    be clear, yet is a flat disc whose rim shows none of its core's colour
    (``flat``: the faint discs ``_faint_flat`` passes), which the lines' blur
    or JPEG noise in an empty cell is not. Found both, the pair misses
    nothing; a third of the colour leaves the pairing in doubt.
    """
    if cell not in flat:
        return False
    alike = [
        other
        for other in flat
        if other != cell
        and float(delta_e(samples.core_lab[cell], samples.core_lab[other])) <= tolerance
    ]
    return len(alike) == 1


def _faint_flat(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, cell: Cell
) -> bool:
    """Whether a faint disc's core is flat and its ring shows none of the core's colour:
    ``CellSamples.flat``, or for a disc standing out from its ring by less than ``NEAR``
    (there every ring pixel is "like" the core), no more than ``RING_LIKE_MAX`` of its
    ring pixels within half that contrast of the core, and its core unlike the cells'
    beside it (``_like_cells_beside``: the board's background).

    A dot on glow of nearly its colour has a flat ring a whole contrast off all
    round; an empty cell's ring tinted by the lines' blur or JPEG mixes pixels of
    its core's colour in. Bridges twins 4700000: a teal dot on teal glow in a
    53 px cell, 11.2 Lab from its ring, every ring pixel 10.6-11.8 off its core
    (none within half), judged no flat disc; its twin, 18.7 off a darker ring and
    flat, was left with none: refused as "a dot of nearly its background's colour".
    """
    if samples.core_uniformity[cell] < FLAT_CORE:
        return False
    if samples.flat[cell]:
        return True
    contrast = float(delta_e(samples.core_lab[cell], samples.ring_lab[cell]))
    if contrast >= NEAR or _like_cells_beside(samples.core_lab, samples.ring_lab, contrast, cell):
        return False
    ring = ring_pixels(image, np.array([geometry.centre(cell)]), grid_pitch(geometry))[0]
    off = delta_e(to_lab(ring), samples.core_lab[cell])
    return float(np.mean(off <= contrast / 2)) <= RING_LIKE_MAX


#: A faint disc whose core is within this share of its contrast (plus
#: ``CORE_NOISE`` Lab) of two or more neighbours' cores shows the board's
#: background, not a dot: a dot's core is unlike every neighbour's but its
#: twin's (faint dots on glow of their colour, 18-60 px, JPEG 60+: the second
#: nearest 1.7+ times that far); in small cells the grid lines' blur tints
#: every empty cell's ring, making its core such a "disc" (mirror 80294:
#: 0.2-0.7 times). So too when two or more neighbours' cores stand out from
#: their rings by the same step (Lab, core less ring) within that: the lines'
#: tint over glow that changes from cell to cell (a glow cloud about a cell
#: wide where a small crop is the whole screen), which moves every cell's core
#: and ring alike, the step they show kept (synthetic tiny_cells 4500001: green
#: glow in 18.7 px cells, a "disc" 6.1 Lab from its ring, neighbours' cores
#: 0.37-1.35 times that off, their steps 0.06-0.73 times). A dot's step is the
#: tint plus its colour's against the glow: its neighbours' steps lie about a
#: whole contrast off (rectangular 253, 55 px: 0.96+ times; a dot on glow 0.95 of
#: its colour in 18-23 px cells through JPEG 60-92, its twin hidden: the nearest
#: 0.45+, the second 0.56+, where 0.31 or less is alike).
BACKGROUND_CORE, CORE_NOISE = 0.25, 1.0


def _like_cells_beside(
    core_lab: np.ndarray, ring_lab: np.ndarray, contrast: float, cell: Cell
) -> bool:
    """Whether two or more of ``cell``'s neighbours have its core's colour, or two or more
    its step from ring to core (``BACKGROUND_CORE``)."""
    rows, cols = core_lab.shape[:2]
    near = BACKGROUND_CORE * contrast + CORE_NOISE
    step = core_lab[cell] - ring_lab[cell]
    alike = stepped = 0
    for r, c in cells_beside(cell, rows, cols):
        alike += float(delta_e(core_lab[cell], core_lab[r, c])) <= near
        stepped += float(delta_e(step, core_lab[r, c] - ring_lab[r, c])) <= near
    return alike >= 2 or stepped >= 2


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
#: Least Lab distance from black of such a cell's ring: the lines' hue tints
#: it (those cells' rings 8.3-17.0 from black). A faint disc on a ring as
#: black as the game's ground (under ``Settings.faint_contrast`` 6 from it: a
#: dark flow's dot on black, 0.2-3 through JPEG 60-75) is something drawn there.
TINTED_RING = 6.0


def _tinted_ring(core: np.ndarray, ring: np.ndarray) -> bool:
    """Whether a faint disc is the dark ground in a ring JPEG tinted with the lines' hue:
    its core (Lab) too near black for any dot's, its ring off black."""
    black = np.zeros(3)
    return (
        float(delta_e(core, black)) < DOT_FROM_BLACK and float(delta_e(ring, black)) >= TINTED_RING
    )


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


def is_soft_glow(
    image: np.ndarray,
    geometry: Geometry,
    cell: Cell,
    core: np.ndarray,
    ring: np.ndarray,
    *,
    outline_px: float = GLOW_EDGE_PX,
) -> bool:
    """Whether ``cell``'s colour (``core``, Lab) fades into its ``ring`` softly on some rays,
    sharply on none: the background's glow, on a board of either shape.

    Sharply: the whole way in fewer than ``outline_px`` pixels somewhere.
    """
    soft, sharp = _cell_rays(image, geometry, cell, core, ring, outline_px=outline_px)
    return soft >= SOFT_GLOW_RAYS and sharp == 0


def _cell_rays(
    image: np.ndarray,
    geometry: Geometry,
    cell: Cell,
    core: np.ndarray,
    ring: np.ndarray,
    *,
    outline_px: float,
) -> tuple[int, int]:
    """``outline_rays`` from ``cell``'s centre: the rays on which its ``core`` fades into its
    ``ring`` softly, and sharply (the whole way within ``outline_px``)."""
    point = geometry.centre(cell)
    return outline_rays(
        image, (point.x, point.y), geometry.cell_size, core, ring, outline_px=outline_px
    )


def _is_soft_glow(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
    *,
    outline_px: float = GLOW_EDGE_PX,
) -> bool:
    """``is_soft_glow`` of cell ``(r, c)`` of a square board."""
    core, ring = samples.core_lab[r, c], samples.ring_lab[r, c]
    return is_soft_glow(image, geometry, Cell(r, c), core, ring, outline_px=outline_px)


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


def _runs_to_edge(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
) -> bool:
    """Whether the colour at cell ``(r, c)`` joined to its core reaches its ring around the
    colour's own centre (``ring_like_core_recentred``)."""
    centre = geometry.centre(Cell(r, c))
    ring_like = ring_like_core_recentred(
        image,
        (centre.x, centre.y),
        geometry.cell_size,
        samples.core_lab[r, c],
        samples.ring_lab[r, c],
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
    halfway: bool = False,
) -> bool:
    """Whether cell ``(r, c)`` shows a flat disc with a dot's size and sharp rim.

    ``faint``: judged by shape alone, for a disc whose colour is noisier than
    the usual tolerance or closer to its rim's (the ring then looks like the
    core by that tolerance). ``elongation``: most ratio of the disc's long
    axis to its short one. ``tolerant``: for a disc that stands out more
    than noise can, a soft rim and a grid a pixel or two off are allowed.
    ``halfway``: the disc's size measured at its rim's middle (``is_crisp_disc``), for
    one that stands out as a dot does. A lettered dot's letter is left out
    (``LETTER_REACH``).
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
        hollow=LETTER_REACH if samples.lettered[r, c] else 0.0,
        halfway=halfway,
    )


ROUND: Rule[Cells] = Rule(
    name="dots are round",
    refuses="a 'dot' whose colour reaches as far into its cell's corners as square on",
    why="A disc's colour reaches as far along the diagonals as square on; a square tile's "
    "corners about 1.4 times as far (two tiles side by side pass for a pair of dots).",
    bounds="SQUARE_REACH 1.2 of corner_reach: dots at most 1.04 (1,600 synthetic shots, "
    "17 categories) and 1.01 (real screens); a tile 1.39 (flow_edge_objects 257).",
    reason="cell (r, c) holds a square, not a dot (a tile)",
    check=lambda cells: check_round(cells.samples, cells.image, cells.geometry, cells.dots),
)
