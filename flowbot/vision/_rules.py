"""Every refusal rule, in the order the reader runs them, and the places they run.

A rule is a ``Rule`` next to the code it runs (what it refuses, why, its
measured bounds, its reason); adding one is adding that unit and its line
here. Its row in docs/vision.md is written from the ``Rule`` by
``python3 docs/rule_tables.py`` (a test fails until it is run).

- ``BOARD_RULES`` judge each candidate grid whole, as found in a shrunk copy
  (``check_grid``): the first to refuse passes the grid over, and the search
  may trim, cut or grow it and ask again.
- ``DOT_RULES`` judge the dots read in a grid's cells (``read_cells``).
- ``CELL_RULES`` judge the board chosen, placed at full resolution, with its
  cells and dots (``check_cells``): a refusal refuses the screen.
- ``FEATURE_RULES`` judge the board chosen once its features (holes, walls,
  bridges, warps) and drawn pipes are all found (``check_features``).
- ``HEX_LATTICE_RULES`` judge each piece of the hexagons drawn on a candidate
  lattice (``_hex_reader.read_hex``): a refusal passes the piece over.
- ``HEX_BOARD_RULES`` and ``HEX_DOT_RULES`` judge a hexagonal board, tried when
  no square grid gave a board (``_hex_reader.read_hex``): its drawn hexagons,
  then its cells.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._board_border import BORDER, BORDER_AT_IMAGE_EDGE
from flowbot.vision._board_holes import OUTLINED_HOLES
from flowbot.vision._board_inside import EMPTY_INSIDE
from flowbot.vision._board_line_ends import LINES_END_AT_BORDER
from flowbot.vision._board_lines import ALONE, INNER_EDGES
from flowbot.vision._board_run_on import CELLS_PAST_BORDER, RUN_ON
from flowbot.vision._bridges import Bridged, without_bridges
from flowbot.vision._cell_background import BACKGROUND
from flowbot.vision._cell_bridges import RAILS_UNDER_PIPES
from flowbot.vision._cell_dots import ROUND, read_dots
from flowbot.vision._cell_marks import MARKS, TILES
from flowbot.vision._cell_past_border import NOTHING_PAST_BORDER
from flowbot.vision._cell_pipes import PIPES
from flowbot.vision._cells import CellSamples
from flowbot.vision._faint_pipes import FAINT_DOTS, FAINT_LINKS, FAINT_PIPES
from flowbot.vision._hex_alone import ALONE as HEX_ALONE
from flowbot.vision._hex_bare import BARE as HEX_BARE
from flowbot.vision._hex_board import ONE_PIECE, HexSides
from flowbot.vision._hex_board import WALLS_AS_THE_OUTLINE as HEX_WALLS_AS_OUTLINE
from flowbot.vision._hex_cells import DOT_OR_EMPTY, HexCells
from flowbot.vision._hex_glow import STANDS_OUT_RULE as HEX_STANDS_OUT
from flowbot.vision._hex_half_reach import HALF_REACH as HEX_HALF_REACH
from flowbot.vision._hex_heard import VETO as HEX_VETO
from flowbot.vision._hex_inside import EMPTY as HEX_EMPTY
from flowbot.vision._hex_outline import OUTLINE
from flowbot.vision._hex_thin import LEFT_OUT as HEX_LEFT_OUT
from flowbot.vision._hex_widths import TWO_GROUPS as HEX_TWO_GROUPS
from flowbot.vision._lattice import Lattice, LineMaps
from flowbot.vision._outline_all_round import OUTLINE_ALL_ROUND, lines_end_at_outline
from flowbot.vision._pipes import NO_PIPES, Pipes
from flowbot.vision._rule import Cells, Grid, Rule
from flowbot.vision._types import NO_FEATURES, Features, Settings
from flowbot.vision._variant_pipes import PIPES_FIT
from flowbot.vision._warps import open_at_warps

if TYPE_CHECKING:
    from flowbot.vision._choose import Board

BOARD_RULES: tuple[Rule[Grid], ...] = (
    ALONE,
    INNER_EDGES,
    open_at_warps(BORDER),
    open_at_warps(BORDER_AT_IMAGE_EDGE),
    OUTLINED_HOLES,
    RUN_ON,
    CELLS_PAST_BORDER,
    EMPTY_INSIDE,
)

DOT_RULES: tuple[Rule[Cells], ...] = (
    ROUND,
    BACKGROUND,
)

#: Where lines end, passing a board outlined all round (its lines end at the outline).
_LINES_END = lines_end_at_outline(LINES_END_AT_BORDER)

CELL_RULES: tuple[Rule[Cells], ...] = (
    NOTHING_PAST_BORDER,
    _LINES_END,
    OUTLINE_ALL_ROUND,
    PIPES,
    FAINT_PIPES,
    FAINT_DOTS,
    FAINT_LINKS,
    MARKS,
    TILES,
    RAILS_UNDER_PIPES,
)

#: The cell rules on a board with an outline: its lines end where its
#: outline does, not all at one rectangle's border, and its border is the
#: outline the outlined stage followed round its cells (holes' sides too).
OUTLINED_CELL_RULES: tuple[Rule[Cells], ...] = tuple(
    rule for rule in CELL_RULES if rule not in (_LINES_END, OUTLINE_ALL_ROUND)
)

FEATURE_RULES: tuple[Rule[Board], ...] = (PIPES_FIT,)

HEX_LATTICE_RULES: tuple[Rule[HexSides], ...] = (HEX_EMPTY,)

HEX_BOARD_RULES: tuple[Rule[HexSides], ...] = (
    ONE_PIECE,
    HEX_TWO_GROUPS,
    HEX_WALLS_AS_OUTLINE,
    OUTLINE,
    HEX_VETO,
    HEX_BARE,
    HEX_HALF_REACH,
    HEX_STANDS_OUT,
)

HEX_DOT_RULES: tuple[Rule[HexCells], ...] = (DOT_OR_EMPTY, HEX_ALONE)

#: On a hexagonal board whose outline is as thin as its lines (``_hex_thin``)
#: the widths tell no walls, nor the outline a cut-off board: the board rules
#: but one piece, then after the dot rules the hexagons left out judged.
HEX_THIN_BOARD_RULES: tuple[Rule[HexSides], ...] = (ONE_PIECE,)
HEX_THIN_RULES: tuple[Rule[HexCells], ...] = (HEX_LEFT_OUT,)

#: Every rule, in the order they run on a board that is read (a hexagonal
#: board's last: they run only when no square grid gave a board).
ALL_RULES: tuple[Rule[Grid] | Rule[Cells] | Rule[Board] | Rule[HexSides] | Rule[HexCells], ...] = (
    *BOARD_RULES,
    *DOT_RULES,
    *CELL_RULES,
    *FEATURE_RULES,
    *HEX_LATTICE_RULES,
    *HEX_BOARD_RULES,
    *HEX_DOT_RULES,
    *HEX_THIN_RULES,
)


def check_grid(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    others: list[Lattice],
) -> None:
    """Every board rule on one candidate grid (raises ``UnsureReadingError``)."""
    grid = Grid(lattice, maps, image, factor, settings, others)
    for rule in BOARD_RULES:
        rule.check(grid)


def read_cells(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    settings: Settings,
    features: Features = NO_FEATURES,
) -> tuple[set[Cell], float]:
    """The cells holding a dot, judged by the dot rules, and the cells' confidence.

    A grid with no dot is no board (the next candidate may be): the dot
    rules are not asked.
    """
    dots, confidence, _ = read_cells_bridged(samples, image, geometry, settings, features)
    return dots, confidence


def read_cells_bridged(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    settings: Settings,
    features: Features = NO_FEATURES,
    *,
    pipes: Pipes = NO_PIPES,
) -> tuple[set[Cell], float, Bridged]:
    """``read_cells``, read with the bridges taken off (``without_bridges``) and the cells
    drawn ``pipes`` touch hidden (their dots seen, no bridge), and those."""
    seen = without_bridges(image, geometry, samples, features.holes, pipes.dots)
    if seen.bridges and pipes.flows:
        seen = replace(seen, samples=pipes.hidden(seen.samples))  # sampled again
    dots, confidence = read_dots(
        seen.samples, seen.image, geometry, settings, features.holes, pipe_dots=pipes.dots
    )
    if dots:
        # The bridges taken off too: their painted cores are no ground (``BACKGROUND``).
        bridged = replace(features, bridges=features.bridges | seen.bridges)
        piped = pipes.touched - pipes.dots
        cells = Cells(
            seen.image, geometry, seen.samples, dots, settings, bridged, piped, pipes.dots
        )
        for rule in DOT_RULES:
            rule.check(cells)
    return dots, confidence, seen


def read_cells_through(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    settings: Settings,
    pipes: Pipes,
) -> tuple[Cells, float]:
    """A grid's cells read through its drawn ``pipes`` (``samples`` hidden under them) as
    the board search reads them (``read_cells_bridged``), and their confidence: with the
    bridges found by their tiles or by the flows crossing them, and the cells the pipes
    cover."""
    dots, confidence, seen = read_cells_bridged(samples, image, geometry, settings, pipes=pipes)
    features = Features(bridges=seen.bridges | pipes.bridges)
    piped = pipes.touched - pipes.dots
    cells = Cells(seen.image, geometry, seen.samples, dots, settings, features, piped, pipes.dots)
    return cells, confidence


def check_cells(cells: Cells, rules: tuple[Rule[Cells], ...] = CELL_RULES) -> None:
    """Every cell rule on the board chosen (raises ``UnsureReadingError``)."""
    for rule in rules:
        rule.check(cells)


def check_features(board: Board) -> None:
    """Every feature rule on the board chosen, all found (raises ``UnsureReadingError``)."""
    for rule in FEATURE_RULES:
        rule.check(board)
