"""``read_board``: screenshot in, puzzle and geometry out, or a refusal with its reason."""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator

import cv2
import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError, VisionError
from flowbot.models import BoardGeometry, Pair, Puzzle, Reading
from flowbot.vision._board_checks import check_lattice
from flowbot.vision._board_line_ends import check_lines_end_at_border
from flowbot.vision._cell_background import foreign_band
from flowbot.vision._cell_dots import classify
from flowbot.vision._cell_marks import check_marks, check_tiles
from flowbot.vision._cell_past_border import check_nothing_past_border
from flowbot.vision._cell_pipes import check_pipes
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import brightest_channel, delta_e
from flowbot.vision._dots_apart import board_dots, other_dots
from flowbot.vision._grid import MIN_BOARD_SIDE, full_size, lies_within, overlap
from flowbot.vision._grow import grown
from flowbot.vision._image import check_image
from flowbot.vision._lattice import Lattice, LineMaps, find_lattices, in_phase
from flowbot.vision._line_positions import place_lines
from flowbot.vision._pairing import pair_by_colour
from flowbot.vision._trim import without_empty_band, without_foreign_sides
from flowbot.vision._types import (
    DEFAULT_SETTINGS,
    MissingEdgesError,
    RunOnError,
    Settings,
    UnsureBoardError,
)

log = logging.getLogger(__name__)


def read_board(image: np.ndarray, settings: Settings = DEFAULT_SETTINGS) -> Reading:
    """Read a Flow Free board from a screenshot.

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
        (shaped or walled boards, pipes already drawn, a cut-off board,
        colours too alike): a refusal is better than a wrong puzzle.
    """
    check_image(image)
    h, w = image.shape[:2]
    if min(h, w) < 5 * settings.min_cell_px:
        raise BoardNotFoundError(f"image of {w}x{h} pixels is too small to hold a board")
    boards = _find_boards(image, settings)
    dotless: UnsureBoardError | None = None
    small: UnsureBoardError | None = None
    split: UnsureBoardError | None = None
    dotted: list[BoardGeometry] = []  # grids seen holding dots
    # Grids doubted for their cells that hold no dots like a board's.
    unsure: list[UnsureBoardError] = []
    while True:
        try:
            geometry, notes, apart, samples = next(boards)
        except VisionError as exc:
            # Nothing read: the refusal is about the most board-like grid met.
            met: list[tuple[UnsureBoardError, bool | None]] = [
                (e, True) for e in (split, small) if e is not None
            ]
            met += [(e, False) for e in (*unsure, dotless) if e is not None]
            if not met:
                raise
            if isinstance(exc, UnsureBoardError):
                met.append((exc, None))
            raise _most_board_like(image, met, settings) from None
        if geometry.cell_size < settings.min_cell_px:
            raise _too_small(geometry, settings)
        try:
            dots, cell_confidence = classify(samples, image, geometry, settings)
        except UnsureReadingError as exc:
            doubt = UnsureBoardError(str(exc), geometry)
            # A board the user may mean (half solved, a tile on it) refuses
            # the screen, whatever else it shows. With fewer clear dots it
            # holds none like a board's either: ``_holds_dots`` would doubt
            # the same samples and count the same clear dots (CLEAR_DOTS).
            if _clear_dots(samples, settings) >= PAIR_LEFT:
                raise doubt from exc
            # No dots like a board's: another window's grid paper holding a
            # picture. Had the board come first, this grid would have been
            # passed over as no other board (``apart``); the next candidate
            # may be the board, if it lies apart from this one.
            unsure.append(doubt)
            continue
        if dots and min(geometry.rows, geometry.cols) < MIN_BOARD_SIDE:
            # No level is this small: a board cut to its last rows, a few
            # cards or keys; the next candidate may be the board.
            small = small or UnsureBoardError(
                f"a {geometry.rows}x{geometry.cols} grid is smaller than any Flow board "
                f"({MIN_BOARD_SIDE}x{MIN_BOARD_SIDE})",
                geometry,
            )
            continue
        if dots:
            others = [other for other in apart if _holds_dots(image, other, settings)]
            if any(not in_phase(_lattice(geometry), _lattice(other)) for other in others):
                # Off this grid's lattice: another board.
                raise UnsureBoardError(_TWO_BOARDS, geometry)
            dotted += others
            if any(not _takes_in(geometry, other) for other in dotted):
                # On its lattice: another board, or a piece of this one cut
                # off by glow that hides the lines between them; a finer or
                # colour copy may find the pieces as one board. Any grid
                # found holding dots, now or before, must lie within it.
                split = split or UnsureBoardError(_TWO_BOARDS, geometry)
                dotted.append(geometry)
                continue
            break
        # Every level has dots: a grid without any (a ruled page, a table) is
        # not the board; the next candidate may be.
        dotless = dotless or UnsureBoardError("no dots on the board", geometry)
    for doubt in unsure:
        if overlap(_lattice(doubt.geometry), _lattice(geometry)) > PIECE_OVERLAP:
            # Passed over, it shares cells with the board: the same board (a
            # solved one, its dots hidden in pipes) or a piece of it.
            raise doubt
    try:
        check_nothing_past_border(image, geometry, settings)
        check_lines_end_at_border(image, geometry, settings)
        check_pipes(samples, image, geometry, dots, settings)
        check_marks(image, geometry, dots)
        check_tiles(samples, image, geometry, dots)
        cells = sorted(dots)
        lab = np.array([samples.core_lab[c] for c in cells])
        pairing = pair_by_colour(
            lab, noise=settings.colour_tolerance, min_margin=settings.min_pair_margin
        )
    except UnsureReadingError as exc:
        raise UnsureBoardError(str(exc), geometry) from exc
    if _another_board(image, geometry, settings):
        raise UnsureBoardError(_TWO_BOARDS, geometry)
    pairs = sorted(
        (tuple(sorted((cells[i], cells[j]))) for i, j in pairing.pairs), key=lambda p: p[0]
    )
    # Pairs are already in reading order, so canonical() only renames them A, B, ...
    puzzle = Puzzle(
        geometry.rows, geometry.cols, tuple(Pair(str(k), a, b) for k, (a, b) in enumerate(pairs))
    ).canonical()
    colours = tuple(
        tuple(int(v) for v in (samples.core_rgb[a].astype(float) + samples.core_rgb[b]) / 2)
        for a, b in pairs
    )
    pair_confidence = 0.5 + 0.5 * min(
        1.0, (pairing.margin - settings.min_pair_margin) / (3 * settings.min_pair_margin)
    )
    confidence = round(min(pair_confidence, cell_confidence), 3)
    log.info(
        "read a %s board with %d colours (confidence %.2f)", puzzle.size, len(pairs), confidence
    )
    return Reading(puzzle, geometry, colours, confidence, tuple(notes))  # type: ignore[arg-type]


#: Shared area, over the smaller grid's, past which two grids are one board
#: (or one a piece of the other) rather than grids side by side.
PIECE_OVERLAP = 0.1

#: The refusal when a grid holding dots lies beside the board read.
_TWO_BOARDS = "two boards on the screen: another grid apart from this one holds dots"

#: Flat, round, high-contrast cells that make a grid another board even when
#: it cannot be read as a whole (a column of text or a window's edge beside it).
CLEAR_DOTS = 4


def _holds_dots(image: np.ndarray, geometry: BoardGeometry, settings: Settings) -> bool:
    """Whether a grid holds two or more clear dots (another board, not a table or text)."""
    samples = sample_cells(image, geometry)
    try:
        dots, _ = classify(samples, image, geometry, settings)
    except UnsureReadingError:
        # Unsure as a whole, its clear dots still count.
        return _clear_dots(samples, settings) >= CLEAR_DOTS
    return len(dots) >= 2


#: A grid doubted for its cells before any board was read refuses the screen
#: with this many clear dots, fewer than make another board (``CLEAR_DOTS``):
#: a board half solved may have one pair left to join.
PAIR_LEFT = 2


def _clear_dots(samples: CellSamples, settings: Settings) -> int:
    """Cells with a flat core far from its rim, not running out to the cell's edge."""
    clear = (delta_e(samples.core_lab, samples.ring_lab) >= settings.dot_contrast) & (samples.flat)
    return int(clear.sum())


#: A grid holding dots is another board the user may mean even when its cells
#: are somewhat smaller than this reader needs (``min_cell_px``) ...
SMALLER_BOARD = 2 / 3


def _another_board(image: np.ndarray, board: BoardGeometry, settings: Settings) -> bool:
    """Whether another grid holding dots lies outside ``board``.

    The board search stops at the first board it can read; another one whose
    thin lines faded in the shrunk copy is looked for only where pairs of dots
    like a board's lie outside it (a cheap look), at full resolution there.
    """
    h, w = image.shape[:2]
    step = max(1, math.ceil(max(h, w) / settings.work_size))
    region = other_dots(image, board, step, min_side=MIN_BOARD_SIDE * settings.min_cell_px)
    if region is None:
        return False
    crop = image[region.y0 : region.y1, region.x0 : region.x1]
    log.debug("dots like a board's outside it: searching %s", region)
    for source, dark in ((brightest_channel(crop), False), (crop, False), (crop, True)):
        lattices, _ = find_lattices(source, settings.lines(), dark=dark)
        for found in lattices[:6]:
            other = BoardGeometry(
                tuple(x + region.x0 for x in found.xs), tuple(y + region.y0 for y in found.ys)
            )
            if (
                overlap(_lattice(other), _lattice(board)) == 0
                and other.cell_size >= SMALLER_BOARD * settings.min_cell_px
                and _holds_dots(image, other, settings)
            ):
                return True
    return False


def _most_board_like(
    image: np.ndarray, doubts: list[tuple[UnsureBoardError, bool | None]], settings: Settings
) -> UnsureBoardError:
    """The refusal about the grid most like a board, when no board was read.

    One holding dots comes first, then the biggest, then the one with most
    cells; the first met of equals. With each doubt, whether its grid holds
    dots, or ``None`` to look (only then is it worth the time: the screen is
    refused anyway). A grid of cells too small even for another board
    (``SMALLER_BOARD``) is text or a texture and holds none.
    """
    looked: dict[BoardGeometry, bool] = {}

    def likeness(item: tuple[UnsureBoardError, bool | None]) -> tuple[bool, float, int]:
        doubt, dots = item
        g = doubt.geometry
        if dots is None:
            if g not in looked:
                looked[g] = g.cell_size >= SMALLER_BOARD * settings.min_cell_px and _holds_dots(
                    image, g, settings
                )
            dots = looked[g]
        return dots, (g.right - g.left) * (g.bottom - g.top), g.rows * g.cols

    return max(doubts, key=likeness)[0]


def _too_small(geometry: BoardGeometry, settings: Settings) -> UnsureBoardError:
    """The refusal of a grid whose cells are smaller than this reader needs."""
    # One decimal: 11.6 px rounded would read as the 12 px needed.
    return UnsureBoardError(
        f"cells of {geometry.cell_size:.1f} px are too small to read "
        f"(need {settings.min_cell_px:g})",
        geometry,
    )


def _lattice(geometry: BoardGeometry) -> Lattice:
    """A board's grid lines as a ``Lattice`` (to compare grids' phases)."""
    return Lattice(geometry.xs, geometry.ys)


def _takes_in(board: BoardGeometry, other: BoardGeometry) -> bool:
    """Whether most of ``other``'s rectangle lies within ``board``'s."""
    w = min(board.right, other.right) - max(board.left, other.left)
    h = min(board.bottom, other.bottom) - max(board.top, other.top)
    area = (other.right - other.left) * (other.bottom - other.top)
    return w > 0 and h > 0 and w * h > 0.5 * area


def _find_boards(
    image: np.ndarray, settings: Settings
) -> Iterator[tuple[BoardGeometry, list[str], list[BoardGeometry], CellSamples]]:
    """Grids that pass the whole-board checks, in full-resolution pixels, best first.

    With each, its notes, the other grids found apart from it and its cells' samples.

    Raises the doubt about the most board-like grid (or ``BoardNotFoundError``)
    once none is left.
    """
    h, w = image.shape[:2]
    # Brightest channel: grid lines of any hue stand out from the dark board.
    gray = brightest_channel(image)
    # Whole-number shrink factors keep INTER_AREA fast and thin lines visible;
    # when nothing is found, a finer copy catches boards with tiny cells, and
    # the colour copy lines brighter in one channel only (grey on a purple glow).
    factor = max(1, math.ceil(max(h, w) / settings.work_size))
    attempts = [(factor, gray, False)]
    if factor > 1:
        attempts.append((factor // 2, gray, False))
    # Last, lines darker than a glow brighter than they are.
    attempts += [(factor, image, False), (factor, image, True)]
    closer = len(attempts)
    if factor > 1:
        # A line one pixel wide fades when shrunk: against glow or a window
        # frame nearly as bright, only full resolution shows it all. Worth
        # the time only when a grid holding dots was seen, and doubted, or
        # a board's dots were (its lines faded in every shrunk copy).
        attempts += [(1, gray, False)] * (factor // 2 > 1) + [(1, image, False), (1, image, True)]
    doubts: list[UnsureBoardError] = []
    doubted: list[BoardGeometry] = []
    for attempt, (f, source, dark) in enumerate(attempts):
        if attempt == closer and not (
            any(_holds_dots(image, g, settings) for g in doubted)
            or board_dots(image, factor, min_side=MIN_BOARD_SIDE * settings.min_cell_px)
        ):
            break
        small = (
            source if f == 1 else cv2.resize(source, (w // f, h // f), interpolation=cv2.INTER_AREA)
        )
        lattices, maps = find_lattices(small, settings.lines(), dark=dark)
        refused: list[Lattice] = []
        for candidate in lattices[:6]:
            # A refused grid's pieces are no new candidates; a separate grid is
            # (a desktop list or a keyboard can out-number the board's cells),
            # and so is one out of step with it (the board, under a grid the
            # line search joined from its lines and another window's rules).
            if any(
                overlap(candidate, other) > PIECE_OVERLAP and in_phase(candidate, other)
                for other in refused
            ):
                continue
            others = [other for other in lattices if other is not candidate]
            best = candidate
            if full_size(best, f).cell_size < settings.min_cell_px:
                # Too fine for a board one could read: text or a texture; a
                # board this small is refused unless a readable one is found.
                doubts.append(_too_small(full_size(best, f), settings))
                continue
            tried: list[Lattice] = []
            try:
                try:
                    best, placed, samples = _checked(
                        candidate, maps, image, f, settings, others=others, tried=tried
                    )
                except UnsureReadingError as exc:
                    # Another window's ruled page or text flush against the
                    # board, in step with its lines: the grid went on over it.
                    cut = without_foreign_sides(candidate, image, f, settings)
                    if cut is None:
                        raise
                    rest = [other for other in others if not lies_within(other, candidate)]
                    try:
                        best, placed, samples = _checked(
                            cut, maps, image, f, settings, others=rest, tried=tried
                        )
                    except UnsureReadingError:
                        raise exc from None
            except UnsureReadingError as exc:
                # A finer or colour copy may see the whole board.
                doubts.append(UnsureBoardError(str(exc), full_size(candidate, f)))
                doubted.append(full_size(candidate, f))
                # Grown where its lines go on, or cut where another window
                # meets it, it is the board as far as seen: its dots, too,
                # make a closer look worth the time.
                doubted += [full_size(grid, f) for grid in tried if grid is not candidate]
                refused.append(candidate)
                continue
            how = ("dark lines in " if dark else "") + (
                "colour" if source.ndim == 3 else "brightest channel"
            )
            notes = [f"board found at 1/{f} scale in {how}"] if attempt else []
            apart = [
                full_size(other, f)
                for other in others
                if overlap(other, best) == 0
                and full_size(other, f).cell_size >= settings.min_cell_px
            ]
            yield placed, notes, apart, samples
            doubted.append(full_size(best, f))
            refused.append(candidate)  # asked for another: this one held no board
    if doubts:
        raise _most_board_like(image, [(d, None) for d in doubts], settings)
    raise BoardNotFoundError("no grid of equally spaced lines found")


def _checked(
    candidate: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    f: int,
    settings: Settings,
    *,
    others: list[Lattice],
    tried: list[Lattice],
) -> tuple[Lattice, BoardGeometry, CellSamples]:
    """The board ``candidate`` (found at 1/``f`` scale) shows, placed, and its cells' samples.

    Every whole-board check passes on it, less a band past its border found
    to be no part of it (header text, another window's edge) or grown where
    glow broke its lines. Each grid checked is added to ``tried``, all but
    one narrowed by ``foreign_band``. Raises
    ``UnsureReadingError``.
    """

    def instead(replacement: Lattice, outline: Lattice, *, counts_as_tried: bool = True) -> Lattice:
        """``replacement`` checked whole; the pieces found within ``outline`` are no other grids."""
        rest = [other for other in others if not lies_within(other, outline)]
        if counts_as_tried:
            tried.append(replacement)
        check_lattice(replacement, maps, image, f, settings, others=rest)
        return replacement

    best = candidate
    tried.append(best)
    try:
        check_lattice(best, maps, image, f, settings, others=others)
    except MissingEdgesError as exc:
        # Header text just past a border can pass for one more row:
        # a band of nothing but missing edges is no part of the board.
        trimmed = without_empty_band(best, exc, image, f, settings)
        if trimmed is None:
            raise
        # Pieces of the grid found, the dropped band with them, are
        # no other grids.
        best = instead(trimmed, best)
    except RunOnError:
        # Glow can break a board's lines into pieces: a piece
        # whose lines go on is grown, and must pass as a whole.
        bigger = grown(best, image, f, settings, pieces=others)
        if bigger is None:
            raise
        best = instead(bigger, bigger)
    # Found in the shrunk copy, a pixel or two off: placed again at full resolution.
    placed = place_lines(image, full_size(best, f), uncertainty=f + 1)
    samples = sample_cells(image, placed)
    band = foreign_band(samples.ring_lab)
    if band is not None:
        # Another window's edge one pitch past a border, its ground
        # unlike the board's: no part of the board, which is the
        # rest (its lines must not go on into that band).
        best = instead(_without_band(best, band), best, counts_as_tried=False)
        placed = place_lines(image, full_size(best, f), uncertainty=f + 1)
        samples = sample_cells(image, placed)
    return best, placed, samples


def _without_band(lattice: Lattice, band: tuple[str, int]) -> Lattice:
    """``lattice`` less one outer row or column (``foreign_band``'s answer)."""
    name, index = band
    xs, ys = lattice.xs, lattice.ys
    if name == "row":
        ys = ys[1:] if index == 0 else ys[:-1]
    else:
        xs = xs[1:] if index == 0 else xs[:-1]
    return Lattice(xs, ys)
