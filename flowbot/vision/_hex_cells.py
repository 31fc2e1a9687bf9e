"""The cells of a hexagonal board: each one's core and ring sampled, the dots read.

Sampled as a classic board's cells are (``_cells.py``: a core disc inside
any dot, a ring outside any dot yet inside the lines, at the same fractions
of the pitch, which for hexagons is the distance between neighbours'
centres, twice the distance from a centre to a side). The classic dot rules
look at square cells (their corners, edge sectors, the lines between rows);
a hexagonal board has its own, stricter rule (``DOT_OR_EMPTY``): every cell
is a flat dot or empty, anything between refuses the board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell, HexGeometry
from flowbot.vision._cell_dots import GLOW_WIDE_PX, is_soft_glow
from flowbot.vision._cells import NEAR, RING_LIKE_MAX, flat_cores, sample_round
from flowbot.vision._colour import delta_e
from flowbot.vision._discs import FAINT_ELONGATION, is_crisp_disc
from flowbot.vision._letters import LETTER_REACH
from flowbot.vision._rule import Rule
from flowbot.vision._stats import median_of
from flowbot.vision._types import Settings

#: An empty cell's ring within this (CIELAB) of its neighbours' typical ring:
#: the game's ground is one dark colour, which glow tints smoothly; a pipe, a
#: tile or text in a cell is another colour there (as the classic
#: BACKGROUND_STEP).
GROUND_STEP = 40.0
#: Where every neighbour's ring is a stand-in (a drawn flow touches it), the ground is
#: looked for among the cells this many pitches round (the next ring of hexagons).
AROUND = 2.2


@dataclass(frozen=True, slots=True)
class HexCells:
    """A hexagonal board's playable cells sampled: what the hex dot rule sees.

    Arrays are indexed ``[row, col]`` over the board's index grid (holes too,
    never looked at).
    """

    image: np.ndarray
    geometry: HexGeometry
    cells: tuple[Cell, ...]
    core_lab: np.ndarray
    core_rgb: np.ndarray
    core_uniformity: np.ndarray
    ring_lab: np.ndarray
    ring_like_core: np.ndarray
    settings: Settings
    #: Cells a drawn flow touches: their rings show the board's one ground colour in
    #: place of what is there (``_hex_pipes.hidden``), not the glow round them.
    stand_ins: frozenset[Cell] = frozenset()
    #: Flat cells standing out from their ring less than ``dot_contrast`` yet more
    #: than ``faint_contrast``, showing a dot's crisp disc (``_faint_discs``).
    faint_dots: frozenset[Cell] = frozenset()
    #: Cells the pipe stage saw holding a dot at a flow's end (its disc shown all round
    #: clear of the pipe, ``_pipes.dot_at_end``), as the square cells' dot reader takes them
    #: (``_cell_dots.read_dots``' ``pipe_dots``): a dot's dim colour on a ground lit by glow
    #: stood 23 Lab off it (a teal dot, synthetic hex phone_large 6400000 started), and the
    #: pipe running out of it breaks the disc ``_faint_discs`` looks for.
    pipe_dots: frozenset[Cell] = frozenset()
    #: Cells standing out from their ring as much as a dot does, yet with no flat core nor a
    #: dot's disc, fading into it softly all round (``_strong_glow``): the background's glow.
    glow: frozenset[Cell] = frozenset()

    @property
    def contrast(self) -> np.ndarray:
        return delta_e(self.core_lab, self.ring_lab)

    @property
    def flat(self) -> np.ndarray:
        return flat_cores(self.core_uniformity, self.ring_like_core)

    @property
    def dots(self) -> list[Cell]:
        """The cells standing out from their ring as much as a dot does, and the faint
        discs among them past ``empty_contrast`` or of a clear dot's colour."""
        strong = self.contrast >= self.settings.dot_contrast
        for cell in self.glow:
            strong[cell] = False
        faint = self.faint_dots - self.stand_ins
        shown = faint | self.pipe_dots  # discs seen, by the faint rule or the pipe stage
        clear = [c for c in self.cells if strong[c] or (c in shown and not self.nearly_ground(c))]
        return clear + [c for c in faint if self.nearly_ground(c) and self.twin_clear(c, clear)]

    def nearly_ground(self, cell: Cell) -> bool:
        """Whether ``cell`` stands out from its ring no more than an empty cell may."""
        return float(self.contrast[cell]) <= self.settings.empty_contrast

    def twin_clear(self, cell: Cell, clear: list[Cell]) -> bool:
        """Whether a dot in ``clear`` has ``cell``'s colour: its twin."""
        return any(float(delta_e(self.core_lab[cell], self.core_lab[d])) <= NEAR for d in clear)


def sample_hex_cells(
    image: np.ndarray, geometry: HexGeometry, cells: tuple[Cell, ...], settings: Settings
) -> HexCells:
    """Every cell of ``geometry``'s index grid sampled at its centre."""
    rows, cols = geometry.rows, geometry.cols
    centres = np.array(
        [geometry.centre(Cell(r, c)) for r in range(rows) for c in range(cols)], np.float64
    )
    found = sample_round(image, centres, geometry.cell_size)  # as a square board's cells
    seen = HexCells(
        image,
        geometry,
        cells,
        found.core_lab.reshape(rows, cols, 3),
        found.core_rgb.reshape(rows, cols, 3),
        found.core_uniformity.reshape(rows, cols),
        found.ring_lab.reshape(rows, cols, 3),
        found.ring_like_core.reshape(rows, cols),
        settings,
    )
    lettered = {Cell(int(i) // cols, int(i) % cols) for i in found.lettered}
    return replace(seen, faint_dots=_faint_discs(seen, lettered), glow=_strong_glow(seen))


def _strong_glow(seen: HexCells) -> frozenset[Cell]:
    """The cells standing out from their ring as much as a dot does whose core is not flat,
    showing no dot's disc (``_noisy_disc``), that fade into their ring softly on some rays and
    within ``GLOW_WIDE_PX`` on none: glow, as a square board's cell so strong is
    (``_cell_dots._wide_glow``; a dot's rim, a pipe's edges change within 3.6 px).

    A glow shaft a quarter of a hexagon wide across its centre, 31 Lab from its ring, 6 soft
    rays and no sharp one (synthetic hex huge cells 11500008 unsolved, refused as not a
    flat dot)."""
    strong = seen.contrast >= seen.settings.dot_contrast
    return frozenset(
        cell
        for cell in seen.cells
        if strong[cell]
        and not seen.flat[cell]
        and not _noisy_disc(seen, cell)
        and is_soft_glow(
            seen.image,
            seen.geometry,
            cell,
            seen.core_lab[cell],
            seen.ring_lab[cell],
            outline_px=GLOW_WIDE_PX,
        )
    )


def _faint_discs(seen: HexCells, lettered: set[Cell]) -> frozenset[Cell]:
    """The flat cells standing out from their ring by more than ``faint_contrast`` but
    less than ``dot_contrast`` that show a dot's flat disc with a crisp rim
    (``_discs.is_crisp_disc``, tolerant, as the square cells' dot reader takes such a
    disc: ``_cell_dots.read_dots``; a lettered one's letter left out), round
    (``FAINT_ELONGATION``) where no more than ``empty_contrast`` from the ring.

    Glow of a dot's own hue under it lifts its ring toward its colour: a tan dot on
    yellow-olive glow stood 25.3 Lab from its ring, 58 L* against the ring's 35
    (synthetic hex twins 400012 unsolved and started, refused as not a flat dot); a
    teal dot on a teal glow shaft 13 Lab, no more than an empty cell's noise may (hex
    drift, a 31st dot). Glow, a pipe's end and empty cells' noise show no crisp disc
    with a flat core inside a ring free of its colour.
    """
    settings, pitch = seen.settings, seen.geometry.cell_size
    contrast, flat = seen.contrast, seen.flat
    found = set()
    for cell in seen.cells:
        k = float(contrast[cell])
        if not (settings.faint_contrast < k < settings.dot_contrast and flat[cell]):
            continue
        centre = seen.geometry.centre(cell)
        if is_crisp_disc(
            seen.image,
            (centre.x, centre.y),
            pitch,
            seen.core_lab[cell],
            seen.ring_lab[cell],
            tolerant=True,
            hollow=LETTER_REACH if cell in lettered else 0.0,
            elongation=FAINT_ELONGATION if k <= settings.empty_contrast else np.inf,
        ):
            found.add(cell)
    return frozenset(found)


def _check_dot_or_empty(seen: HexCells) -> None:
    settings = seen.settings
    contrast, flat = seen.contrast, seen.flat
    ground = _ground_around(seen)
    typical = _typical_ground(seen)
    # Faint discs are dots but those within empty_contrast with no clear dot of their
    # colour (``HexCells.dots``).
    alone = {c for c in seen.faint_dots if seen.nearly_ground(c)} - set(seen.dots)
    for cell in seen.cells:
        k = float(contrast[cell])
        r, c = cell
        if (k >= settings.dot_contrast and flat[cell]) or cell in seen.faint_dots - alone:
            continue
        if cell in seen.pipe_dots and not seen.nearly_ground(cell):
            continue
        if k >= settings.dot_contrast and _noisy_disc(seen, cell):
            continue
        if cell in seen.glow:
            # As strong as a dot, yet soft all round: glow, as on a square board.
            continue
        if cell in seen.faint_dots and cell not in seen.stand_ins:
            # A dot's crisp disc on glow of its colour, no clear dot of it: its twin
            # may be as faint and missed, and the pair left out of the puzzle.
            raise UnsureReadingError(
                f"cell ({r}, {c}) holds a dot of nearly its background's colour"
            )
        if (
            settings.empty_contrast < k < settings.dot_contrast
            and not flat[cell]
            and is_soft_glow(
                seen.image, seen.geometry, cell, seen.core_lab[cell], seen.ring_lab[cell]
            )
        ):
            # Fainter than a dot and soft all round, as on a square board: the
            # background's glow (a shaft's rounded end in a hexagon, synthetic hex
            # phone 4400001 unsolved).
            continue
        if k > settings.empty_contrast:
            raise UnsureReadingError(f"cell ({r}, {c}) holds something that is not a flat dot")
        # (a stand-in's ring is the board's ground by construction: nothing seen to judge)
        if cell in seen.stand_ins:
            continue
        if (
            min(float(delta_e(seen.ring_lab[cell], g)) for g in (ground[cell], typical))
            > GROUND_STEP
        ):
            raise UnsureReadingError(
                f"cell ({r}, {c}) is unlike the board's ground (a pipe, a tile or text)"
            )
    if len(seen.dots) < 2:
        raise UnsureReadingError("no dots on the board")


def _noisy_disc(seen: HexCells, cell: Cell) -> bool:
    """Whether ``cell``, standing out as a dot, shows a dot's crisp disc though its core is
    not flat: its ring free of the core's colour, the disc judged by its shape alone (as the
    square cells' dot reader takes a strong dot with a noisy core: ``_cell_dots._crisp_dot``
    with ``faint``).

    A small saturated dot's core through a mirror's scaling and JPEG spreads past NEAR
    in CIELAB: a blue dot (14, 43, 249) in 18 px hexagons, green 32-61 and blue 207-255
    across it, 0.73 of its core near its median (synthetic hex mirror 5800000 unsolved).
    A pipe's end or a flow's bend shows no disc climbing to its ring all round.

    The disc's size is measured at its rim's middle (``halfway``): JPEG keeps colour at
    half resolution, and a small saturated dot's rim blurred so starts inside its radius
    (a blue dot in 18 px hexagons: a quarter of the way to its ring 4 px out, half way 5.6
    px out, the smallest dot's radius 4.6; synthetic hex tiny cells 12200003 unsolved and
    started). A pipe's end (half-width 0.15-0.17 pitch) stays well under it."""
    if float(seen.ring_like_core[cell]) > RING_LIKE_MAX:
        return False
    centre = seen.geometry.centre(cell)
    return is_crisp_disc(
        seen.image,
        (centre.x, centre.y),
        seen.geometry.cell_size,
        seen.core_lab[cell],
        seen.ring_lab[cell],
        halfway=True,
    )


def _typical_ground(seen: HexCells) -> np.ndarray:
    """The board's ground as its empty cells show it most (the median of their rings, a
    drawn flow's stand-ins left out): the ground glow has not tinted, where it is.

    A glow shaft narrower than two hexagons tints an edge cell's neighbours but not the
    cell: its ring, the board's plain ground, lay 44 Lab from their median, two of its
    three neighbours under the shaft (synthetic hex jpeg 11300017 unsolved)."""
    empty = [c for c in seen.cells if c not in seen.stand_ins and seen.nearly_ground(c)]
    rings = np.array([seen.ring_lab[c] for c in empty or seen.cells])
    return median_of(rings, axis=0)


def _ground_around(seen: HexCells) -> dict[Cell, np.ndarray]:
    """Each cell's neighbours' typical ring colour (glow tints the ground slowly).

    Neighbours a drawn flow touches show the board's one ground colour in place of
    theirs (``stand_ins``): under strong glow it lies far from a corner's own, and an
    empty cell among flows was refused as unlike its ground (synthetic hex jpeg 300009
    started: a top-row cell by two tinted dot cells, its ring 40 off the stand-in). Their
    rings count only where no neighbour within ``AROUND`` pitches shows its own.
    """
    centres = np.array([seen.geometry.centre(c) for c in seen.cells])
    apart = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    pitch = seen.geometry.cell_size
    shown = np.array([c not in seen.stand_ins for c in seen.cells])
    beside = (apart > 0) & (apart < 1.2 * pitch)
    around = (apart > 0) & (apart < AROUND * pitch) & shown[None, :]
    rings = np.array([seen.ring_lab[c] for c in seen.cells])
    ground = {}
    for i, cell in enumerate(seen.cells):
        # The first of these that holds a cell: neighbours showing their own ring, cells
        # around showing theirs, any neighbour.
        near = next((n for n in (beside[i] & shown, around[i]) if n.any()), beside[i])
        ground[cell] = median_of(rings[near], axis=0) if near.any() else rings[i]
    return ground


DOT_OR_EMPTY: Rule[HexCells] = Rule(
    name="hex cells dot or empty",
    refuses="a hexagonal board with a cell neither a flat dot nor empty on the board's ground",
    why="A hexagon is read by its centre and its rim alone (the classic dot rules look at "
    "square cells' corners and sides): anything between a dot and an empty cell, or an "
    "empty cell on another ground (a pipe, a tile, text), is refused rather than guessed.",
    bounds="dot_contrast 30 and a flat core (FLAT_CORE 0.8, RING_LIKE_MAX 0.1) for a dot, or a "
    "core not flat in a ring free of its colour showing a dot's crisp disc by its shape "
    "alone, as the square cells' dot reader takes a strong one (`_hex_cells._noisy_disc`, "
    "`_discs.is_crisp_disc`: a small blue dot through a mirror's scaling and JPEG, green "
    "32-61 and blue 207-255 across it, 0.73 of its core near its median, synthetic hex "
    "mirror 5800000 unsolved; a disc of two colours shows none; its size, DOT_RADII 0.25 "
    "pitch at least, measured at its rim's middle between the rings, `halfway`: JPEG's "
    "colour blur starts a small dot's rim inside its radius, a blue dot in 18 px hexagons "
    "a quarter of the way to its ring 4 px out, half way 5.6 px out, the smallest dot 4.6, "
    "synthetic hex tiny cells 12200003 unsolved and started; a pipe's end, 0.15-0.17 "
    "pitch half-width, stays under it), or past empty_contrast "
    "20, flat and showing a dot's crisp disc as the square cells' dot reader takes a faint "
    "one (`_hex_cells._faint_discs`, `_discs.is_crisp_disc` tolerant, a lettered dot's "
    "letter left out: glow of a dot's hue under it lifts its ring toward its colour, a tan "
    "dot on yellow-olive glow 25.3 Lab from its ring, synthetic hex twins 400012 unsolved "
    "and started; glow, a pipe's end and empty cells' noise show no crisp disc with a flat "
    "core in a ring free of its colour), or past empty_contrast where the pipe stage saw a "
    "dot's disc at a flow's end (`_pipes.dot_at_end`, as the square cells' dot reader "
    "takes such `pipe_dots`: a teal dot 23 Lab off the ground lit by glow, its pipe "
    "breaking the disc the faint rule looks for, synthetic hex phone_large 6400000 "
    "started); a disc past faint_contrast 6 yet within "
    "empty_contrast round as well (FAINT_ELONGATION 1.25) and a dot only where a clear dot "
    "has its colour (NEAR 12), else refused as a dot of nearly its background's colour, "
    "its twin perhaps as faint and missed (a teal dot on a teal glow shaft 13 Lab from its "
    "ring, in a phone screenshot drifted: it was taken for an empty cell, 31 dots read), "
    "empty_contrast 20 at most for an empty cell (or, fainter than a dot and not flat, "
    "soft glow as on a square board's cells: `_cell_dots.is_soft_glow`, SOFT_GLOW_RAYS 2 "
    "rays fading softly and none within GLOW_EDGE_PX 3 px; a glow shaft's rounded end in "
    "an empty hexagon, 27 Lab from its ring, 12 soft rays and no sharp one, synthetic hex "
    "phone 4400001 unsolved; as strong as a dot, its core not flat and no dot's disc, "
    "fading softly and within GLOW_WIDE_PX 6 px on no ray, as a square board's cell so "
    "strong: `_hex_cells._strong_glow`, a glow shaft a quarter of a hexagon wide across "
    "one's centre 31 Lab from its ring, synthetic hex huge cells 11500008, all three "
    "states), its ring within GROUND_STEP 40 CIELAB of its neighbours' "
    "median ring (neighbours a drawn flow touches left out, their rings the board's one "
    "ground colour in place of theirs: the cells within AROUND 2.2 pitches showing their "
    "own where no neighbour does; such cells' own rings not judged: synthetic hex jpeg "
    "300009 started, a top-row cell under strong glow by two tinted dot cells, 40 off the "
    "stand-in) or of the board's typical ground, its empty cells' median ring (a glow "
    "shaft narrower than two hexagons lit an edge cell's neighbours but not the cell: "
    "its ring 44 Lab from theirs, the plain ground, synthetic hex jpeg 11300017 "
    "unsolved).",
    reason="cell (r, c) holds something that is not a flat dot / is unlike the board's ground "
    "/ holds a dot of nearly its background's colour",
    check=_check_dot_or_empty,
)
