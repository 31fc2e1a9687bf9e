"""Cell rules: no mark (text, a symbol) and no tile in an empty cell."""

from __future__ import annotations

import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import CellSamples
from flowbot.vision._colour import delta_e
from flowbot.vision._marks import mark_shape, mark_widths, sharp_marks, tile_outline
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._stats import (
    median_of,
    quantile_of,
)

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
#: left to ``SHARP_MARK``. A red "!" over red glow in an edge cell against
#: the wallpaper, strokes both ways 0.25, none thin, scores 12.9 (flow_edge_objects
#: 330003, read before): the bound lies between it and the good boards' 10.5.
TEXT_MARK, MARK_BOTH_WAYS = 12.0, 0.2


#: Fainter still, a word's thin strokes both ways (``MarkShape.thin`` at
#: least ``THIN_MARK``) are judged from ``LINE_MARK`` when they stand out
#: ``LINE_NOISE`` times the board's noise (the 90th percentile of its empty
#: cells' marks): a dim word over glow in 41 px cells scores 4.4-7.1, 3.8-6.0
#: times its board's noise (flow_edge_objects 97023); thin marks both ways
#: on good boards come from JPEG's and small cells' noise, all over the
#: board: 5.0 at most, 2.0 times its noise (tiny_cells 95011, jpeg 95044).
LINE_MARK, LINE_NOISE, THIN_MARK = 4.0, 3.0, 0.6


def check_marks(
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    holes: frozenset[Cell] = frozenset(),
) -> None:
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
    empty = ~dot_cells(marks.shape, dots | holes)
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
            rim = rim_width(image, geometry, dots)
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
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    dots: set[Cell],
    holes: frozenset[Cell] = frozenset(),
    *,
    bridges: frozenset[Cell] = frozenset(),
) -> None:
    """Refuse an empty cell holding a tile: a filled square, however near the glow's colour.

    An empty cell shows the board's background, which glow tints smoothly
    and the grid's lines cut; nothing in it ends in a straight step all
    round inside those lines. A tile of nearly the glow's colour around it
    (or reaching the ring) leaves its core and ring alike, and its edges lie
    past ``sharp_marks``' reach. ``bridges``: cells whose tile was found by its
    shape and painted over in one colour, the ground around the cell
    (``_bridges.take_off``); where glow peaks in such a cell the paint's own
    square stands out of it (bridges crop 300130: 8.6), no tile the game drew.
    """
    background = median_of(samples.ring_lab.reshape(-1, 3), axis=0)
    suspect = delta_e(samples.core_lab, background) > TILE_GROUND
    suspect &= ~dot_cells(suspect.shape, dots | holes | bridges)
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


def dot_cells(shape: tuple[int, ...], dots: set[Cell]) -> np.ndarray:
    """A ``(rows, cols)`` mask of the cells holding ``dots``."""
    is_dot = np.zeros(shape, bool)
    for cell in dots:
        is_dot[cell] = True
    return is_dot


#: Least width of a cell's sharpest mark, in widths of the dots' rims, for
#: glow (``mark_widths``): a drawn line or edge is as sharp as the dots'
#: rims, however the image was scaled (bridge rails in 60-290 px cells,
#: shrunk to 0.35 or enlarged 4 times: 0.75-1.24 rims; every flagged cell of
#: flow_bridges/walls/holes/odd_dot/dialog 96000-96199: 1.74 at most, a
#: pop-up's outlined edge in 32 px cells), the background's glow pipes many
#: times softer (drift 99728's 287 px cells: 6.9). Shrinking narrows the two
#: unlike: a glow pipe's edge (about 12 px on a phone's screen) shrinks with
#: the image, a drawn edge no further than a pixel or so, which the rims
#: keep. A phone's screen mirrored into a small window (warps mirror 5100004,
#: 0.4 times: a glow pipe's round end 2.75 rims, refused at 3 before; another
#: there 2.46) or drift 99728 shrunk to 0.25 (2.6) come within 3 rims: the
#: bound lies between the drawn 1.74 and those (2.07, geometric middle). A
#: glow pipe shrunk further still is refused, never read as a mark.
SOFT_MARK = 2.1


def rim_width(image: np.ndarray, geometry: BoardGeometry, dots: set[Cell]) -> float:
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


MARKS: Rule[Cells] = Rule(
    name="no mark in an empty cell",
    refuses="an empty cell with sharp lines or edges near its centre (a bridge's rails, a "
    "word, a tile's edge)",
    why="An empty cell shows the background, which glow tints smoothly; anything drawn there "
    "is no empty cell, even when its colour is the background's on average. A border "
    "cell's steps towards its outer side are judged only to `FRAME_SIDE_REACH` 0.15 pitch "
    "from its centre (compared 0.1 further out): the frame may be drawn thicker than any "
    "line, and a browser's zoom blurs it 0.345 pitch into the cell (bridges zoomed 300044: "
    "a corner cell saw both its frames' edges, 37.8).",
    bounds="SHARP_MARK 25 (empty cells <= 13 synthetic, 8 real; bridges 63+); TEXT_MARK 12 for "
    'marks both ways (good boards <= 10.5, dim words 16.4-23.3, a "!" over glow in an edge '
    "cell 12.9: flow_edge_objects 330003); LINE_MARK 4 at LINE_NOISE 3 times the board's "
    "noise (dim words 3.8-6.0 times, good boards <= 2.0); SOFT_MARK 2.1 rims (glow pipes "
    "2.46-6.9, the softest in a phone's screen shrunk into a mirror window: warps mirror "
    "5100004; drawn lines 0.75-1.74).",
    reason="cell (r, c) holds something drawn (sharp lines or edges), neither a dot nor empty",
    check=lambda cells: check_marks(
        cells.image, cells.geometry, cells.dots | cells.piped, cells.features.holes
    ),
)

TILES: Rule[Cells] = Rule(
    name="no tile in an empty cell",
    refuses="an empty cell holding a filled square, however near the glow's colour",
    why="Nothing in an empty cell ends in a straight step all round inside the lines; a tile "
    "of nearly the glow's colour leaves core and ring alike and its edges past "
    "sharp_marks' reach. A bridge's cell is left to the bridge finder: its tile, found by "
    "its shape, is painted over in one colour (`_bridges.take_off`), and where glow peaks "
    "in that cell the paint's flat square stands out of the glow round it (bridges crop "
    "300130: 8.6).",
    bounds="TILE_STEP 5 grey levels of tile_outline (good boards <= 1.1 synthetic, 2.35 real; "
    "tiles over glow 8-25); only cells TILE_GROUND 25 Lab from the background (tiles 38+, "
    "real empty cells <= 29.5, 22 on all but one).",
    reason="cell (r, c) holds a tile (a square's outline), neither a dot nor empty",
    check=lambda cells: check_tiles(
        cells.samples,
        cells.image,
        cells.geometry,
        cells.dots,
        cells.features.holes,
        bridges=cells.features.bridges,
    ),
)
