"""``read_board``: screenshot in, puzzle and geometry out, or a refusal with its reason."""

from __future__ import annotations

import logging
from dataclasses import replace

import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError, VisionError
from flowbot.models import Cell, HexGeometry, Pair, Puzzle, Reading, Shape
from flowbot.vision._board_beyond import board_beyond
from flowbot.vision._border_sides import Border, check_no_outline_inside
from flowbot.vision._choose import Board, choose_board
from flowbot.vision._flows_apart import finished_board_beside
from flowbot.vision._grid import overlap
from flowbot.vision._hex_copy import DotsRead
from flowbot.vision._hex_reader import read_hex
from flowbot.vision._hex_sign import HexagonsSeenError
from flowbot.vision._image import check_image
from flowbot.vision._other_boards import (
    another_board,
    as_lattice,
    holds_dots,
    larger_copy,
    square_board_beside,
)
from flowbot.vision._outlined import outlined_board
from flowbot.vision._outlined_alone import dots_beside_outlined
from flowbot.vision._pairing import pair_colours, pair_dots, pairing_confidence
from flowbot.vision._pipes import ALREADY_SOLVED, pipes_of_pairs
from flowbot.vision._rules import CELL_RULES, OUTLINED_CELL_RULES, check_cells, check_features
from flowbot.vision._types import (
    DEFAULT_SETTINGS,
    TWO_BOARDS,
    Settings,
    UnsureBoardError,
)
from flowbot.vision._variant_pipes import border_under_pipes
from flowbot.vision._warp_stubs import UNSEEN
from flowbot.vision._warps import find_warps

log = logging.getLogger(__name__)


def read_board(image: np.ndarray, settings: Settings = DEFAULT_SETTINGS) -> Reading:
    """Read a Flow Free board from a screenshot.

    The read is a pipeline (docs/vision.md draws it): find candidate grids in
    shrunk copies, place each one's lines at full resolution, judge it whole
    by the board rules, sample its cells and read their dots (the dot rules),
    the first board that passes chosen (``choose_board``; refused, a board
    with an outline, then a hexagonal one, is looked for); then the cell
    rules, the warps, the feature rules, the dots paired by colour, and no
    other board beside it. Every rule is listed in ``_rules.py``.

    Parameters
    ----------
    image
        ``(H, W, 3)`` ``uint8`` RGB pixels; not modified.
    settings
        Tolerances; the defaults need no tuning per device.

    Returns
    -------
    Reading
        The puzzle in canonical form (labels A, B, ... in reading order), the
        grid lines in image pixels, each pair's colour and a confidence.

    Raises
    ------
    BoardNotFoundError
        When no board-like grid is in the image.
    UnsureReadingError
        When a board is found but some part of it cannot be read for certain
        (a wall or outline in doubt, pipes on a variant board, a cut-off board,
        colours too alike): a refusal is better than a wrong puzzle.
    """
    check_image(image)
    h, w = image.shape[:2]
    if min(h, w) < 5 * settings.min_cell_px:
        raise BoardNotFoundError(f"image of {w}x{h} pixels is too small to hold a board")
    try:
        return _read(image, settings)
    except VisionError as refusal:
        return _last_look_or(refusal, image, settings)


def _last_look_or(refusal: VisionError, image: np.ndarray, settings: Settings) -> Reading:
    """The board read by the search's last look (``find_boards``: lines thinner than
    a pipe, followed through pipes, at full resolution), where ``refusal`` is about a grid
    holding dots; else ``refusal``. A finished board's pipes, thick bands, swamp its thin
    lines in every look before (bridges jpeg 5000001 solved: a 12x12 board's grid never
    found). Last, so that no screen read before pays for it."""
    if not isinstance(refusal, UnsureBoardError) or not holds_dots(
        image, refusal.geometry, settings
    ):
        raise refusal
    try:
        return _read(image, settings, hexagons=False, last_look=True)
    except VisionError as doubt:
        log.debug("last look: %s; the refusal before: %s", doubt, refusal)
        raise refusal from None


def _read(
    image: np.ndarray, settings: Settings, *, hexagons: bool = True, last_look: bool = False
) -> Reading:
    """``read_board`` on a checked image. With ``hexagons``, a hexagonal board is looked
    for too: first when the square search's first look sees one (``HexagonsSeenError``),
    last when no square board is found; without, it has been read already. With
    ``last_look``, only the board the search's last look finds (``_last_look_or``)."""
    rules = CELL_RULES
    try:
        board = choose_board(image, settings, hexagons=hexagons, last_look=last_look)
    except HexagonsSeenError:
        return _hexagonal_first(image, settings)
    except VisionError as refusal:
        if last_look:
            raise
        try:
            # Refused as a classic board, or no grid found (its lines broken by
            # drawn pipes): it may be one with an outline (holes, walls) ...
            board = _outlined_or(refusal, image, settings)
        except VisionError:
            if not hexagons:
                raise refusal from None
            # ... or a hexagonal board.
            return _hexagonal_or(refusal, image, settings)
        rules = OUTLINED_CELL_RULES
    else:
        bigger = _bigger_board(board, image, settings)
        if bigger is not None:
            board, rules = bigger, OUTLINED_CELL_RULES
    cells = board.cells
    try:
        if rules is CELL_RULES:
            board = _cells_checked_or_outlined(board, image, settings)
            cells = board.cells
        else:
            check_cells(cells, rules)
        board, border = _border_checked(board, image, settings)
        cells, features = board.cells, board.features
        # Openings drawn (the outlined stage found its own on the border it measured),
        # and those the pipes running through them hide.
        drawn = (
            features.warps
            if board.border is not None
            else find_warps(
                cells.image, cells.geometry, features.holes, border, through=board.pipes.warps
            )
        )
        warps = drawn | board.pipes.warps
        board = replace(board, features=replace(features, warps=warps), border=border)
        check_features(board)
        pairs, margin = pair_dots(sorted(cells.dots), cells.samples.core_lab, cells.settings)
        pipes = pipes_of_pairs(board.pipes, pairs, cells.dots)
    except UnsureReadingError as exc:
        raise UnsureBoardError(str(exc), cells.geometry) from exc
    outlined = bool(features.holes or features.walls) or border.all_round
    cells = replace(cells, features=features)  # the bridges too: a copy of the board shows them
    if (
        another_board(image, cells)
        or larger_copy(image, cells)
        # Asked of a board with pipes drawn only: a phone screen's coloured text costs it
        # 7 ms a read, and beside a board not yet played a finished preview is the
        # screen before (the level just solved), not a board to play.
        or (bool(cells.piped) and finished_board_beside(image, cells))
        or (outlined and dots_beside_outlined(image, cells))
    ):
        raise UnsureBoardError(TWO_BOARDS, cells.geometry)
    return _reading(board, pairs, margin, pipes)


def _hexagonal_first(image: np.ndarray, settings: Settings) -> Reading:
    """Hexagons drawn whole and no square board in the first look: the hexagonal board,
    read before the square search's slower looks. Read as none, the square search runs on
    as if never asked. Doubted, it hides no square board the slower looks read: the sign
    is the first look's shortcut, not proof (a square walled board cut close, its pipes'
    sides counted as drawn, closed hexagons: synthetic walls crop 300050 started); with
    none read, its doubt is the reason."""
    try:
        hexagonal = _hexagonal(image, settings)
    except VisionError as doubt:
        try:
            return _read(image, settings, hexagons=False)
        except VisionError as square:
            # The square search's own reason, hidden behind the hexagonal doubt.
            log.debug("hexagons seen, doubted (%s); no square board either: %s", doubt, square)
            raise doubt from None
    return hexagonal or _read(image, settings, hexagons=False)


def _hexagonal(image: np.ndarray, settings: Settings) -> Reading | None:
    """``read_hex``, refused where a square board lies beside the hexagonal board read (as
    ``_read`` refuses one beside a square board: ``another_board``)."""
    hexagonal = read_hex(image, settings)
    if hexagonal is None:
        return None
    if square_board_beside(image, DotsRead.of(hexagonal, settings)):
        raise UnsureReadingError(TWO_BOARDS)
    return hexagonal


def _hexagonal_or(refusal: VisionError, image: np.ndarray, settings: Settings) -> Reading:
    """The hexagonal board on the screen; ``refusal`` when there is none. A hexagonal board
    found and doubted gives its own doubt: no square grid draws hexagons whole, so the
    square search's doubt there is about lines among the hexagons taken for a grid."""
    try:
        hexagonal = _hexagonal(image, settings)
    except VisionError as doubt:
        # The square search's own reason, hidden behind the hexagonal doubt.
        log.debug("hexagonal board doubted (%s); the square search's refusal: %s", doubt, refusal)
        raise
    if hexagonal is None:
        raise refusal
    return hexagonal


def _outlined_or(refusal: VisionError, image: np.ndarray, settings: Settings) -> Board:
    """The board with an outline on the screen; ``refusal`` when there is none, or it is doubted."""
    # The grid the classic search refused, if any: the outlined stage tries it last.
    refused = refusal.geometry if isinstance(refusal, UnsureBoardError) else None
    try:
        board = outlined_board(image, settings, refused)
    except UnsureReadingError as doubt:
        log.debug("board with an outline doubted: %s", doubt)
        board = None
    if board is None:
        raise refusal
    return board


def _outlined_instead(refusal: UnsureReadingError, image: np.ndarray, settings: Settings) -> Board:
    """The board with an outline on the screen, its cells passing the outlined cell rules,
    in place of a classic board refused for ``refusal``; else ``refusal``."""
    outlined = _outlined_or(refusal, image, settings)
    try:
        check_cells(outlined.cells, OUTLINED_CELL_RULES)
    except UnsureReadingError:
        raise refusal from None
    return outlined


def _bigger_board(board: Board, image: np.ndarray, settings: Settings) -> Board | None:
    """The board with an outline on the screen, when the classic board read has pipes drawn,
    a bigger board shows beyond it (``board_beyond``: a finished board's flows, their dots
    joined to their pipes, leave no lone dots for ``another_board`` to see), and that board
    is bigger and apart from it: the classic board is then the OS's screenshot preview of
    it (warps preview 100000 solved: the preview read, its board's warps keeping it from
    the classic search; only lattices that may hold such a copy are read). ``None``
    otherwise; the outlined board is then judged whole (its preview a smaller copy of it,
    or another board). A board read without pipes pays for no look (lone dots beyond it
    are ``another_board``'s to judge)."""
    geometry = board.cells.geometry
    if not board.pipes.flows or not board_beyond(image, geometry, settings):
        return None
    try:
        outlined = outlined_board(image, settings, copy_of=geometry)
    except UnsureReadingError:
        return None
    if outlined is None:
        return None
    other = outlined.cells.geometry
    if other.area <= geometry.area or overlap(as_lattice(other), as_lattice(geometry)) > 0:
        return None
    return outlined


def _cells_checked_or_outlined(board: Board, image: np.ndarray, settings: Settings) -> Board:
    """``board`` if its cells pass the cell rules, else the board with an outline on the
    screen: the classic search may take a piece of such a board (the columns up to a
    hole at the board's edge, an opening of a warp beside it) for a whole one."""
    try:
        check_cells(board.cells, CELL_RULES)
    except UnsureReadingError as refusal:
        return _outlined_instead(refusal, image, settings)
    return board


def _border_checked(board: Board, image: np.ndarray, settings: Settings) -> tuple[Board, Border]:
    """``board`` and its border, measured once (the outline, warps, pipes and other boards'
    checks look at it), outlined all round with no wall unread. A classic board (its
    border not measured by the outlined stage) whose border shows a wall inside it is the
    board with an outline on the screen (pipes drawn beside a wall may hide it from the
    classic search's lines), if that one reads."""
    cells, features = board.cells, board.features
    border = board.border or border_under_pipes(
        cells.border, cells.image, cells.geometry, board.pipes, features.bridges
    )
    if border.all_round:  # the game's other boards only: a classic read skips it
        try:
            check_no_outline_inside(
                border,
                features.walls,
                features.holes,
                image=cells.image,
                geometry=cells.geometry,
            )
        except UnsureReadingError as refusal:
            if board.border is not None:
                raise
            return _border_checked(_outlined_instead(refusal, image, settings), image, settings)
    return board, border


def _reading(
    board: Board,
    pairs: list[tuple[Cell, Cell]],
    margin: float,
    pipes: tuple[frozenset[Cell], ...] = (),
) -> Reading:
    """The puzzle, its geometry, each pair's colour and the confidence of the whole reading."""
    cells, settings = board.cells, board.cells.settings
    geometry, features = cells.geometry, board.features
    # Pairs are already in reading order, so canonical() only renames them A, B, ...
    puzzle = Puzzle(
        geometry.rows,
        geometry.cols,
        tuple(Pair(str(k), a, b) for k, (a, b) in enumerate(pairs)),
        shape=Shape.HEX if isinstance(geometry, HexGeometry) else Shape.SQUARE,
        holes=features.holes,
        walls=features.walls,
        bridges=features.bridges,
        warps=features.warps,
    ).canonical()
    colours = pair_colours(pairs, cells.samples.core_rgb)
    confidence = round(min(pairing_confidence(margin, settings), board.confidence), 3)
    log.info(
        "read a %s board with %d colours (confidence %.2f)", puzzle.size, len(pairs), confidence
    )
    solved = board.pipes.solved(geometry.rows * geometry.cols - len(features.holes))
    notes = (*board.notes, ALREADY_SOLVED) if solved else board.notes
    if board.pipes.warps and not (board.border and board.border.outlined):
        notes = (*notes, UNSEEN)  # warps told by flows' stubs past a thin border alone
    return Reading(puzzle, geometry, colours, confidence, notes, pipes)  # type: ignore[arg-type]
