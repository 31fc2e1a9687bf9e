"""``read_board``: screenshot in, puzzle and geometry out, or a refusal with its reason."""

from __future__ import annotations

import itertools
import logging
import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError, VisionError
from flowbot.models import BoardGeometry, Cell, Pair, Puzzle, Reading
from flowbot.vision._cells import (
    NEAR,
    CellSamples,
    border_like,
    delta_e,
    is_crisp_disc,
    line_lightness,
    ring_like_core_recentred,
    sample_cells,
    to_lab,
)
from flowbot.vision._edges import edge_visibility, edge_widths, run_on_visibility
from flowbot.vision._image import check_image
from flowbot.vision._lattice import Lattice, LineMaps, LineSettings, find_lattices, in_phase
from flowbot.vision._pairing import pair_by_colour

log = logging.getLogger(__name__)

#: Most L* by which a board's cells may be lighter than its grid lines.
CELLS_OVER_LINES = 15.0
#: Most Lab distance between a dot's surroundings and the empty cells' beside it.
BACKGROUND_STEP = 40.0


@dataclass(frozen=True, slots=True)
class Settings:
    """The reader's tolerances. Defaults suit any screen; calibration may tune them.

    Colour distances are CIELAB units (about 2.3 is a just-noticeable difference).
    """

    #: Longest side, in pixels, of the downscaled copy used to find the board.
    work_size: int = 800
    #: Least brightness step (0-255) of a grid line over its surroundings.
    line_contrast: float = 10.0
    #: Allowed deviation between grid spacings, as a fraction of the pitch.
    spacing_tolerance: float = 0.08
    #: Smallest readable cell, in image pixels.
    min_cell_px: float = 12.0
    #: A cell whose centre differs from its rim by more than this holds a dot ...
    dot_contrast: float = 30.0
    #: ... by less than this it is empty; in between the reading is refused.
    empty_contrast: float = 20.0
    #: An empty cell at least this far from its rim is looked at for a dot's
    #: shape (a dot hidden in glow of its own colour). Below it lies colour
    #: noise: JPEG on small dark cells reaches 4 Lab and can pass for a disc.
    faint_contrast: float = 6.0
    #: Colour noise between the two dots of one pair (JPEG, glow); a calibration
    #: profile may raise it for a drifting screen.
    colour_tolerance: float = 4.0
    #: Least ratio of the distance to any other dot over the distance to the twin.
    min_pair_margin: float = 2.5
    #: A ring sector this far from its cell's background shows a pipe or wall.
    pipe_contrast: float = 30.0
    #: An edge the line map misses still counts when its colour contrast is at
    #: least this fraction of the typical edge's (a line of another hue on glow).
    edge_colour_ratio: float = 0.4
    #: An inner grid edge this many times brighter than the typical one is a wall.
    wall_ratio: float = 1.8
    #: An inner grid edge whose bright band is this much wider (pitch fraction,
    #: at least 2 px) than the typical line's is a wall (a double or wide line).
    wall_width: float = 0.04
    #: A line goes on past a border only at this share of its contrast inside.
    run_on_ratio: float = 0.4

    def lines(self) -> LineSettings:
        return LineSettings(
            work_size=self.work_size,
            line_contrast=self.line_contrast,
            spacing_tolerance=self.spacing_tolerance,
            run_on_ratio=self.run_on_ratio,
        )


DEFAULT_SETTINGS = Settings()

#: The game's smallest boards are 5x5: a grid with fewer rows or columns is none.
MIN_BOARD_SIDE = 5


class UnsureBoardError(UnsureReadingError):
    """A refusal about a grid that was found: ``geometry`` is that grid.

    Debug overlays draw it, so one can see what the reader looked at.
    """

    def __init__(self, reason: str, geometry: BoardGeometry) -> None:
        super().__init__(reason)
        self.geometry = geometry


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
    while True:
        try:
            geometry, notes, apart = next(boards)
        except VisionError:
            passed_over = small or dotless
            if passed_over is not None:
                raise passed_over from None
            raise
        try:
            if geometry.cell_size < settings.min_cell_px:
                raise UnsureReadingError(
                    f"cells of {geometry.cell_size:.0f} px are too small to read "
                    f"(need {settings.min_cell_px:.0f})"
                )
            samples = sample_cells(image, geometry)
            dots, cell_confidence = _classify(samples, image, geometry, settings)
        except UnsureReadingError as exc:
            raise UnsureBoardError(str(exc), geometry) from exc
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
            if any(_holds_dots(image, other, settings) for other in apart):
                raise UnsureBoardError(
                    "two boards on the screen: another grid apart from this one holds dots",
                    geometry,
                )
            break
        # Every level has dots: a grid without any (a ruled page, a table) is
        # not the board; the next candidate may be.
        dotless = dotless or UnsureBoardError("no dots on the board", geometry)
    try:
        _check_pipes(samples, dots, settings)
        cells = sorted(dots)
        lab = np.array([samples.core_lab[c] for c in cells])
        pairing = pair_by_colour(
            lab, noise=settings.colour_tolerance, min_margin=settings.min_pair_margin
        )
    except UnsureReadingError as exc:
        raise UnsureBoardError(str(exc), geometry) from exc
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


def _holds_dots(image: np.ndarray, geometry: BoardGeometry, settings: Settings) -> bool:
    """Whether a grid holds two or more clear dots (another board, not a table or text)."""
    try:
        samples = sample_cells(image, geometry)
        dots, _ = _classify(samples, image, geometry, settings)
    except UnsureReadingError:
        return False
    return len(dots) >= 2


def _find_boards(
    image: np.ndarray, settings: Settings
) -> Iterator[tuple[BoardGeometry, list[str], list[BoardGeometry]]]:
    """Grids that pass the whole-board checks, in full-resolution pixels, best first.

    With each, its notes and the other grids found apart from it.

    Raises the first doubt (or ``BoardNotFoundError``) once none is left.
    """
    h, w = image.shape[:2]
    # Brightest channel: grid lines of any hue stand out from the dark board.
    gray = cv2.max(cv2.max(image[..., 0], image[..., 1]), image[..., 2])
    # Whole-number shrink factors keep INTER_AREA fast and thin lines visible;
    # when nothing is found, a finer copy catches boards with tiny cells, and
    # the colour copy lines brighter in one channel only (grey on a purple glow).
    factor = max(1, math.ceil(max(h, w) / settings.work_size))
    attempts = [(factor, gray, False)]
    if factor > 1:
        attempts.append((factor // 2, gray, False))
    # Last, lines darker than a glow brighter than they are.
    attempts += [(factor, image, False), (factor, image, True)]
    doubt: UnsureBoardError | None = None
    for attempt, (f, source, dark) in enumerate(attempts):
        small = (
            source if f == 1 else cv2.resize(source, (w // f, h // f), interpolation=cv2.INTER_AREA)
        )
        lattices, maps = find_lattices(small, settings.lines(), dark=dark)
        refused: list[Lattice] = []
        for candidate in lattices[:6]:
            # A refused grid's pieces are no new candidates; a separate grid is
            # (a desktop list or a keyboard can out-number the board's cells).
            if any(_overlap(candidate, other) > 0.1 for other in refused):
                continue
            others = [other for other in lattices if other is not candidate]
            best = candidate
            if _full_size(best, f).cell_size < settings.min_cell_px:
                # Too fine for a board one could read: text or a texture; a
                # board this small is refused unless a readable one is found.
                doubt = doubt or UnsureBoardError(
                    f"cells of {_full_size(best, f).cell_size:.0f} px are too small to read "
                    f"(need {settings.min_cell_px:.0f})",
                    _full_size(best, f),
                )
                continue
            try:
                try:
                    _check_lattice(best, maps, image, f, settings, others=others)
                except _MissingEdgesError as exc:
                    # Header text just past a border can pass for one more row:
                    # a band of nothing but missing edges is no part of the board.
                    trimmed = _without_empty_band(best, exc, image, f, settings)
                    if trimmed is None:
                        raise
                    # Pieces of the grid found, the dropped band with them, are
                    # no other grids.
                    rest = [other for other in others if not _inside(other, best)]
                    _check_lattice(trimmed, maps, image, f, settings, others=rest)
                    best = trimmed
            except UnsureReadingError as exc:
                # A finer or colour copy may see the whole board.
                doubt = doubt or UnsureBoardError(str(exc), _full_size(candidate, f))
                refused.append(candidate)
                continue
            how = ("dark lines in " if dark else "") + (
                "colour" if source.ndim == 3 else "brightest channel"
            )
            notes = [f"board found at 1/{f} scale in {how}"] if attempt else []
            apart = [
                _full_size(other, f)
                for other in others
                if _overlap(other, best) == 0
                and _full_size(other, f).cell_size >= settings.min_cell_px
            ]
            yield _full_size(best, f), notes, apart
            refused.append(candidate)  # asked for another: this one held no board
    if doubt is not None:
        raise doubt
    raise BoardNotFoundError("no grid of equally spaced lines found")


def _check_lattice(
    lattice: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    others: list[Lattice],
) -> None:
    """Every whole-board check of one candidate grid (raises ``UnsureReadingError``)."""
    _check_alone(lattice, others)
    _check_edges(lattice, maps, image, factor, settings)
    _check_border(lattice, maps, image, factor, settings)
    _check_outlined_holes(lattice, image, factor)
    _check_run_on_by_colour(lattice, image, factor, settings)


def _without_empty_band(
    lattice: Lattice,
    missing: _MissingEdgesError,
    image: np.ndarray,
    factor: int,
    settings: Settings,
) -> Lattice | None:
    """``lattice`` less the outer rows and columns that are no part of the board, or ``None``.

    Such a band (the counters' text above a board, buttons below it) shows
    missing crossing edges and nothing solid in any cell: no dot, no pipe.
    Every missing edge must lie in a band so dropped; the grid left must then
    pass every check again (its lines must not run on into the band).
    """
    vertical, horizontal = missing.vertical, missing.horizontal
    xs, ys = lattice.xs, lattice.ys
    top, bottom = int(vertical[:, 0].any()), int(vertical[:, -1].any())
    left, right = int(horizontal[:, 0].any()), int(horizontal[:, -1].any())
    rows, cols = len(ys) - 1, len(xs) - 1
    if (
        vertical[:, top : rows - bottom].any()
        or horizontal[:, left : cols - right].any()
        or rows - top - bottom < 2
        or cols - left - right < 2
    ):
        return None
    bands = [(xs, ys[:2])] * top + [(xs, ys[-2:])] * bottom
    bands += [(xs[:2], ys)] * left + [(xs[-2:], ys)] * right
    f = factor
    for band_xs, band_ys in bands:
        geometry = BoardGeometry(
            tuple(f * x + (f - 1) / 2 for x in band_xs), tuple(f * y + (f - 1) / 2 for y in band_ys)
        )
        samples = sample_cells(image, geometry)
        if (delta_e(samples.core_lab, samples.ring_lab) > settings.empty_contrast).any():
            return None
    log.debug("dropped %d empty outer bands of missing edges", len(bands))
    return Lattice(xs[left : len(xs) - right], ys[top : len(ys) - bottom])


def _full_size(lattice: Lattice, factor: int) -> BoardGeometry:
    """A grid found in a copy shrunk ``factor`` times, in full-size pixels."""
    # Pixel i of the copy covers full-size pixels f*i .. f*i + f - 1.
    f = factor
    return BoardGeometry(
        tuple(f * x + (f - 1) / 2 for x in lattice.xs),
        tuple(f * y + (f - 1) / 2 for y in lattice.ys),
    )


def _overlap(a: Lattice, b: Lattice) -> float:
    """Shared area of two grids' rectangles over the smaller one's area."""
    w = min(a.xs[-1], b.xs[-1]) - max(a.xs[0], b.xs[0])
    h = min(a.ys[-1], b.ys[-1]) - max(a.ys[0], b.ys[0])
    if w <= 0 or h <= 0:
        return 0.0
    area = min(
        (a.xs[-1] - a.xs[0]) * (a.ys[-1] - a.ys[0]), (b.xs[-1] - b.xs[0]) * (b.ys[-1] - b.ys[0])
    )
    return w * h / area


def _inside(inner: Lattice, outer: Lattice) -> bool:
    """Whether ``inner``'s rectangle lies within ``outer``'s (a quarter cell of slack)."""
    slack = 0.25 * outer.pitch
    return (
        inner.xs[0] > outer.xs[0] - slack
        and inner.xs[-1] < outer.xs[-1] + slack
        and inner.ys[0] > outer.ys[0] - slack
        and inner.ys[-1] < outer.ys[-1] + slack
    )


def _check_alone(best: Lattice, others: list[Lattice]) -> None:
    """Refuse when another grid overlaps or adjoins the chosen one (walls, shapes, clones)."""
    p = best.pitch
    for other in others:
        if abs(other.pitch - p) > 0.15 * p:
            continue
        same = (
            len(other.xs) == len(best.xs)
            and len(other.ys) == len(best.ys)
            and abs(other.xs[0] - best.xs[0]) < 0.25 * p
            and abs(other.ys[0] - best.ys[0]) < 0.25 * p
        )
        if same or _inside(other, best):
            continue  # the same board, or a piece of it (lines broken by a bright band)
        shared_x = min(other.xs[-1], best.xs[-1]) - max(other.xs[0], best.xs[0])
        shared_y = min(other.ys[-1], best.ys[-1]) - max(other.ys[0], best.ys[0])
        if min(shared_x, shared_y) < 0.5 * p and not in_phase(best, other):
            # A grid beside the board, out of step with its lines (an editor's
            # ruled page behind a mirror window), is something else; a wall or
            # a shape continues the board's own lattice.
            continue
        gap_x = max(other.xs[0] - best.xs[-1], best.xs[0] - other.xs[-1])
        gap_y = max(other.ys[0] - best.ys[-1], best.ys[0] - other.ys[-1])
        if max(gap_x, gap_y) < 1.5 * p:
            raise UnsureReadingError(
                "several grids meet here (a board with walls or an irregular shape)"
            )


def _check_edges(
    lattice: Lattice, maps: LineMaps, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse boards whose inner grid edges are missing, doubled as walls, or run on outside."""
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    p = lattice.pitch
    # Inner lines running on past the border: the board is cut by the image edge
    # or shaped. A run-on looks as the lines do inside; the faint ripples in a
    # white window's text beside the board do not.
    for positions, spans, binary, strength in (
        (xs, ys, maps.vertical, maps.vertical_strength),
        (ys, xs, maps.horizontal.T, maps.horizontal_strength.T),
    ):
        inner = [round(v) for v in positions[1:-1]]
        if not inner:
            continue
        size = binary.shape[0]
        first, last = max(0, round(spans[0])), min(size, round(spans[-1]) + 1)
        seen = binary[first:last][:, inner] > 0
        if not seen.any():
            continue
        typical = float(np.median(strength[first:last][:, inner][seen]))
        least, most = settings.run_on_ratio * typical, typical / settings.run_on_ratio
        for a, b in (
            (spans[0] - 0.85 * p, spans[0] - 0.15 * p),
            (spans[-1] + 0.15 * p, spans[-1] + 0.85 * p),
        ):
            lo, hi = max(0, round(a)), min(size, round(b))
            if hi - lo < max(2, 0.3 * p):
                continue
            contrast = strength[lo:hi][:, inner]
            line = (binary[lo:hi][:, inner] > 0) & (contrast >= least) & (contrast <= most)
            run_on = line.mean()
            if run_on >= 0.5:
                raise UnsureReadingError(
                    "grid lines run on past the board's border (a cut-off or irregular board)"
                )
    # Every inner edge, one cell long: present, and not much stronger than the rest.
    strengths = []
    for positions, spans, strength in (
        (xs, ys, maps.vertical_strength),
        (ys, xs, maps.horizontal_strength.T),
    ):
        for v in positions[1:-1]:
            col = round(v)
            band = strength[:, max(0, col - 1) : col + 2].max(axis=1)
            for a, b in itertools.pairwise(spans):
                lo, hi = round(a + 0.2 * (b - a)), round(b - 0.2 * (b - a))
                strengths.append(float(np.median(band[lo : hi + 1])) if hi > lo else 0.0)
    if not strengths:
        return
    values = np.array(strengths)
    typical = float(np.median(values))
    if typical < settings.line_contrast:
        raise UnsureReadingError("the grid's inner lines are too faint to trust")
    # Missing means not visible at all; glow and anti-aliasing only dim a line.
    faint = values < max(settings.line_contrast, 0.15 * typical)
    if faint.any():
        missing = _unseen_by_colour(faint, image, lattice, factor, settings)
        if missing.any():
            rows, cols = len(ys) - 1, len(xs) - 1
            split = (len(xs) - 2) * rows
            raise _MissingEdgesError(
                missing[:split].reshape(len(xs) - 2, rows),
                missing[split:].reshape(len(ys) - 2, cols),
            )
    n_vertical = (len(xs) - 2) * (len(ys) - 1)
    local = np.concatenate(
        [
            _nearby_median(values[:n_vertical].reshape(len(xs) - 2, len(ys) - 1)).ravel(),
            _nearby_median(values[n_vertical:].reshape(len(ys) - 2, len(xs) - 1)).ravel(),
        ]
    )
    if (values > settings.wall_ratio * local + settings.line_contrast).any():
        raise UnsureReadingError("some inner grid edges are drawn as walls")
    _check_wall_widths(lattice, image, factor, settings)


def _check_wall_widths(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a grid with an inner edge drawn much wider than its lines: a wall.

    The game draws walls as a bright double line (or a wide band) along an
    edge; the line filter, tuned to thin lines, sees it no stronger than a
    line, or not at all. Its width across the edge, at full resolution,
    gives it away: the board's own lines set the typical width.
    """
    f = factor
    xs = f * np.asarray(lattice.xs) + (f - 1) / 2
    ys = f * np.asarray(lattice.ys) + (f - 1) / 2
    widths, peaks = edge_widths(image, xs, ys)
    if widths.size == 0:
        return
    typical_peak = float(np.median(peaks))
    if typical_peak < settings.line_contrast:
        return  # the lines do not show here: their width says nothing
    # A dim band (glow, a shadow) is no wall: only edges about as bright as a line.
    bold = peaks >= 0.5 * typical_peak
    margin = max(2.0, settings.wall_width * lattice.pitch * f)
    if (bold & (widths >= float(np.median(widths)) + margin)).any():
        raise UnsureReadingError("some inner grid edges are drawn as walls (wide or double lines)")


def _check_border(
    lattice: Lattice, maps: LineMaps, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a board whose drawn border has a gap: a shaped board's cells left out.

    Each border line, one cell at a time, as the inner edges are checked. A
    border hidden by a tight crop or a bright frame is missing all along, and
    that is allowed; a border drawn along most of its length but not at all
    beside some cells (in the line map nor by colour) is the outline of a
    board with cells left out.
    """
    xs, ys = np.asarray(lattice.xs), np.asarray(lattice.ys)
    for vertical, (positions, spans, strength) in enumerate(
        ((ys, xs, maps.horizontal_strength.T), (xs, ys, maps.vertical_strength))
    ):
        size = strength.shape[1]
        for end in (0, -1):
            col = round(positions[end])
            if col < 2 or col > size - 3:
                continue  # at the image's edge: cropped, nothing to see
            band = strength[:, col - 1 : col + 2].max(axis=1)
            segments = []
            for a, b in itertools.pairwise(spans):
                lo, hi = round(a + 0.2 * (b - a)), round(b - 0.2 * (b - a))
                segments.append(float(np.median(band[lo : hi + 1])) if hi > lo else 0.0)
            values = np.array(segments)
            drawn = float(np.percentile(values, 75))
            if drawn < 1.5 * settings.line_contrast:
                continue  # hidden all along (a frame or glow): inferred, not drawn
            faint = values < max(0.5 * settings.line_contrast, 0.15 * drawn)
            if not faint.any():
                continue
            # Glow or a bright band hides a line from the line map, not from colour.
            f, p = factor, lattice.pitch
            line = (
                f * np.array([positions[end] - p, positions[end], positions[end] + p]) + (f - 1) / 2
            )
            across = f * spans + (f - 1) / 2
            xs_full, ys_full = (line, across) if vertical else (across, line)
            seen = edge_visibility(image, xs_full, ys_full, uncertainty=f / 2 + 1)[1 - vertical]
            visibility = seen.ravel()
            typical = float(np.median(visibility[~faint]))
            if (faint & (visibility < settings.edge_colour_ratio * typical)).any():
                raise UnsureReadingError(
                    "the board's border has a gap (a shaped board with cells left out)"
                )


def _edge_colours(
    image: np.ndarray, lines: np.ndarray, spans: np.ndarray, reach: int
) -> np.ndarray:
    """CIELAB of the inner lines ``lines[1:-1]`` (image columns), ``[line, span]``.

    Per span, the median over points along it of the brightest pixel across
    the line: the line's own colour, not the background's.
    """
    h, w = image.shape[:2]
    t = np.array([0.3, 0.5, 0.7])
    along = (spans[:-1, None] + t[None, :] * np.diff(spans)[:, None]).ravel()
    offsets = np.arange(-reach, reach + 1)
    px = np.clip(np.rint(lines[1:-1])[:, None] + offsets[None, :], 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(along), 0, h - 1).astype(np.intp)
    pixels = image[py[None, :, None], px[:, None, :]]  # (lines, points, offsets, 3)
    brightest = pixels.astype(np.int32).sum(axis=3).argmax(axis=2)
    rgb = np.take_along_axis(pixels, brightest[:, :, None, None], axis=2)[:, :, 0]
    rgb = np.median(rgb.reshape(len(lines) - 2, len(spans) - 1, len(t), 3), axis=2)
    return to_lab(rgb.astype(np.uint8))


def _check_outlined_holes(lattice: Lattice, image: np.ndarray, factor: int) -> None:
    """Refuse a cell left out of a shaped board: outlined all round in a colour unlike the lines.

    The game draws no lines inside a cell it leaves out and outlines it, where
    it meets playable cells, in a bright colour of its own; inside it is plain
    background like an empty cell. A pipe crossing a line tints it too, but
    never a cell's every side, and the cell it fills is not background.
    """
    f = factor
    xs = f * np.asarray(lattice.xs) + (f - 1) / 2
    ys = f * np.asarray(lattice.ys) + (f - 1) / 2
    rows, cols = len(ys) - 1, len(xs) - 1
    if rows < 2 or cols < 2:
        return
    p = float(min(np.diff(xs).min(), np.diff(ys).min()))
    reach = max(1, min(math.ceil(f / 2 + 1), math.floor(0.1 * p)))
    unlike = 25.0  # CIELAB: another colour, not the same line dimmed or tinted by glow
    # Every such cell has sides both ways: no vertical side unlike the lines, no hole.
    vertical = _edge_colours(image, xs, ys, reach)  # (cols - 1, rows)
    v_off = delta_e(vertical, np.median(vertical.reshape(-1, 3), axis=0)) > unlike
    if not v_off.any():
        return
    horizontal = _edge_colours(np.swapaxes(image, 0, 1), ys, xs, reach)  # (rows - 1, cols)
    edges = np.concatenate([vertical.reshape(-1, 3), horizontal.reshape(-1, 3)])
    line = np.median(edges, axis=0)
    # The outline is bright: lighter than the lines (a glow brighter than the
    # lines is no outline, it only hides them).
    v_off = (delta_e(vertical, line) > unlike) & (vertical[..., 0] > line[0] + 10.0)
    h_off = (delta_e(horizontal, line) > unlike) & (horizontal[..., 0] > line[0] + 10.0)
    if not (v_off.any() and h_off.any()):
        return
    cx = np.clip(np.rint((xs[:-1] + xs[1:]) / 2), 0, image.shape[1] - 1).astype(np.intp)
    cy = np.clip(np.rint((ys[:-1] + ys[1:]) / 2), 0, image.shape[0] - 1).astype(np.intp)
    centres = to_lab(image[cy[:, None], cx[None, :]])  # (rows, cols, 3)
    dark = centres[..., 0] <= np.median(centres[..., 0])
    background = np.median(centres[dark], axis=0)
    for r, c in zip(*np.nonzero(delta_e(centres, background) < 10.0), strict=True):
        sides = []
        if c > 0:
            sides.append((v_off[c - 1, r], vertical[c - 1, r]))
        if c < cols - 1:
            sides.append((v_off[c, r], vertical[c, r]))
        if r > 0:
            sides.append((h_off[r - 1, c], horizontal[r - 1, c]))
        if r < rows - 1:
            sides.append((h_off[r, c], horizontal[r, c]))
        if len(sides) < 2 or not all(off for off, _ in sides):
            continue
        colours = np.array([lab for _, lab in sides])
        bright = colours[:, 0].min() > centres[r, c, 0] + 30.0  # a line, not a tint
        if bright and delta_e(colours, colours.mean(axis=0)).max() < 15.0:
            raise UnsureReadingError(
                f"cell ({r}, {c}) is outlined in another colour than the grid lines: "
                "left out of a shaped board"
            )


def _nearby_median(strengths: np.ndarray) -> np.ndarray:
    """Per edge, how strong the edges beside it are: the stronger side's median.

    ``strengths[i, k]`` is the edge on line ``i`` over span ``k``; a side is
    the two parallel lines on that side, over spans ``k - 1 .. k + 1``. A wall
    is stronger than the lines on both sides of it; glow dims or brightens a
    region of the board, so one side or the other looks like the edge.
    """
    lines, spans = strengths.shape
    padded = np.pad(strengths.astype(float), ((2, 2), (1, 1)), constant_values=np.nan)
    window = np.lib.stride_tricks.sliding_window_view(padded, (5, 3))  # (lines, spans, 5, 3)
    sides = np.stack([window[:, :, :2], window[:, :, 3:]]).reshape(2, lines, spans, 6)
    before, after = _median_of_present(sides)
    # Beside the border only one side is inside: the board's typical edge
    # stands in for the other.
    typical = float(np.median(strengths))
    before[0], after[-1] = np.fmax(before[0], typical), np.fmax(after[-1], typical)
    return np.fmax(before, after)


def _median_of_present(values: np.ndarray) -> np.ndarray:
    """Median along the last axis ignoring NaN (NaN where none is present); fast on small axes."""
    ordered = np.sort(values, axis=-1)  # NaN sorts last
    count = (~np.isnan(values)).sum(axis=-1, keepdims=True)
    lo = np.take_along_axis(ordered, np.maximum(count - 1, 0) // 2, axis=-1)
    hi = np.take_along_axis(ordered, np.minimum(count // 2, values.shape[-1] - 1), axis=-1)
    return np.where(count > 0, (lo + hi) / 2, np.nan)[..., 0]


class _MissingEdgesError(UnsureReadingError):
    """Inner grid edges that show neither in the line map nor by colour.

    ``vertical[i, r]``: the edge of inner vertical line ``i + 1`` along row
    ``r``; ``horizontal[j, c]``: that of inner horizontal line ``j + 1`` along
    column ``c``.
    """

    def __init__(self, vertical: np.ndarray, horizontal: np.ndarray) -> None:
        super().__init__("some inner grid lines are missing (holes or walls in the board)")
        self.vertical = vertical
        self.horizontal = horizontal


def _unseen_by_colour(
    faint: np.ndarray, image: np.ndarray, lattice: Lattice, factor: int, settings: Settings
) -> np.ndarray:
    """Which of the edges the line map missed do not show in full-resolution colour either.

    ``faint`` flags the inner edges in ``_check_edges`` order (vertical lines
    first, each line's edges top to bottom, then horizontal ones). A line of
    another hue over a band of glow as bright as itself is visible by colour
    alone; the edges the line map did see set what "visible" means here.
    """
    if faint.mean() > 0.5:
        return faint  # too few edges seen to say what a visible one looks like
    f = factor
    xs = f * np.asarray(lattice.xs) + (f - 1) / 2
    ys = f * np.asarray(lattice.ys) + (f - 1) / 2
    vertical, horizontal = edge_visibility(image, xs, ys, uncertainty=f / 2 + 1)
    visibility = np.concatenate([vertical.ravel(), horizontal.ravel()])
    typical = float(np.median(visibility[~faint]))
    log.debug("faint edges: colour %s, typical %.1f", np.round(visibility[faint], 1), typical)
    if (faint & (visibility > settings.wall_ratio * typical)).any():
        # Missed by the line filter yet far bolder than a line: a wall too
        # wide for the filter.
        raise UnsureReadingError("some inner grid edges are drawn as walls")
    return faint & (visibility < settings.edge_colour_ratio * typical)


def _check_run_on_by_colour(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a grid whose inner lines go on past a border in full-resolution colour.

    Glow as bright as the lines hides them from the line map, and with them
    whole rows of the board; so do pipes and their tint on a half-solved
    board. The grid found would then be too small: a wrong puzzle.
    """
    f = factor
    xs = f * np.asarray(lattice.xs) + (f - 1) / 2
    ys = f * np.asarray(lattice.ys) + (f - 1) / 2
    ratio = settings.edge_colour_ratio
    for run_on in run_on_visibility(image, xs, ys, uncertainty=f / 2 + 1):
        # A line that goes on looks as it does inside; half the lines or more
        # (pipes on a half-solved board hide some), as text or a window beside
        # the board (of another contrast) lines up with a few at most.
        # An editor's ruled lines beside the board are brighter than twice it.
        inside = run_on.inside
        seen = (run_on.beyond >= ratio * inside) & (run_on.beyond <= 2.0 * inside)
        # (Its next line one pitch out cannot be asked for as well: the pipes
        # of a half-solved board hide most of it, and a corner of such a
        # board would be read as a small puzzle.)
        if seen.mean() >= 0.5:
            raise UnsureReadingError(
                "grid lines run on past the board's border (a cut-off or irregular board)"
            )


def _classify(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> tuple[set[Cell], float]:
    """The cells holding a dot, and a confidence from how clearly cells split.

    A cell whose centre stands out from its rim less than a dot's but more
    than glow's is a dot only when it looks like one: a flat disc of a dot's
    size with a sharp rim (a dot of nearly the glow's own colour).
    """
    contrast = delta_e(samples.core_lab, samples.ring_lab)
    dots: set[Cell] = set()
    rows, cols = contrast.shape
    sure = contrast[contrast >= settings.dot_contrast]
    weakest_dot = float(sure.min()) if sure.size else 0.0
    for r in range(rows):
        for c in range(cols):
            k = float(contrast[r, c])
            if settings.empty_contrast < k < min(settings.dot_contrast, weakest_dot / 2) and (
                samples.core_uniformity[r, c] < 0.8 or samples.ring_like_core[r, c] > 0.1
            ):
                # Far fainter than any dot here, and soft or running out to the
                # cell's edge as no dot does: glow behind an empty cell.
                continue
            if k >= settings.dot_contrast or (
                k > settings.empty_contrast and _crisp_dot(samples, image, geometry, r, c)
            ):
                if samples.core_uniformity[r, c] < 0.8 and not _crisp_dot(
                    samples, image, geometry, r, c, faint=True
                ):
                    raise UnsureReadingError(
                        f"cell ({r}, {c}) holds something that is not a flat dot"
                    )
                if samples.ring_like_core[r, c] > 0.1 and _runs_to_edge(
                    samples, image, geometry, r, c
                ):
                    raise UnsureReadingError(
                        f"the colour at cell ({r}, {c}) runs out to its edge (a pipe, not a dot)"
                    )
                dots.add(Cell(r, c))
            elif k > settings.empty_contrast:
                raise UnsureReadingError(f"cannot tell whether cell ({r}, {c}) holds a dot")
            elif k >= settings.faint_contrast and _crisp_dot(
                samples, image, geometry, r, c, faint=True
            ):
                # A dot on glow of its own colour: it may have a twin as faint.
                raise UnsureReadingError(
                    f"cell ({r}, {c}) holds a dot of nearly its background's colour"
                )
    if dots:  # a dotless grid is no board: the next candidate may be
        _check_background(samples, image, geometry, dots, settings)
    dot_min = min((float(contrast[c]) for c in dots), default=255.0)
    empty_max = max(
        (float(contrast[r, c]) for r in range(rows) for c in range(cols) if (r, c) not in dots),
        default=0.0,
    )
    gap = (dot_min - empty_max) / settings.dot_contrast
    return dots, 0.5 + 0.5 * min(1.0, max(0.0, gap - 0.5))


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
    background = float(np.median(samples.ring_lab[..., 0]))
    if lines is not None and background > lines + CELLS_OVER_LINES:
        raise UnsureReadingError(
            f"the cells (L* {background:.0f}) are lighter than the grid lines between them "
            f"(L* {lines:.0f}): no Flow board, whose background is dark"
        )
    rows, cols = geometry.rows, geometry.cols
    is_dot = np.zeros((rows, cols), bool)
    for cell in dots:
        is_dot[cell] = True
    # Each cell's four neighbours' rings (NaN off the board), and which are empty cells.
    padded = np.pad(samples.ring_lab, ((1, 1), (1, 1), (0, 0)), constant_values=np.nan)
    empty = np.pad(~is_dot, 1, constant_values=False)
    shifts = ((0, 1), (2, 1), (1, 0), (1, 2))
    around = np.stack([padded[a : a + rows, b : b + cols] for a, b in shifts], axis=2)
    around_empty = np.stack([empty[a : a + rows, b : b + cols] for a, b in shifts], axis=2)
    for cell in sorted(dots):
        beside = around[cell][around_empty[cell]]
        if beside.size and delta_e(samples.ring_lab[cell], np.median(beside, axis=0)) > (
            BACKGROUND_STEP
        ):
            raise UnsureReadingError(
                f"the background around the dot at cell {tuple(cell)} is unlike its "
                "neighbours' (cards or tiles, not a Flow board)"
            )
    # An empty cell's centre shows the background of some cell beside it. One
    # unlike all of them holds an object, unless its colour runs on to the
    # grid lines as glow does (synthetic glow: 58%+ of the border band; a
    # bridge's tile: under 12%, 37% in a small cell's blur).
    unlike = np.fmin.reduce(delta_e(samples.core_lab[:, :, None], around), axis=2)
    for r, c in np.argwhere((unlike > settings.empty_contrast) & ~is_dot):
        centre = geometry.centre(Cell(int(r), int(c)))
        core = samples.core_lab[r, c]
        if border_like(image, (centre.x, centre.y), geometry.cell_size, core) < 0.25:
            raise UnsureReadingError(
                f"cell ({r}, {c}) holds something that is neither a dot nor empty"
            )


def _runs_to_edge(
    samples: CellSamples, image: np.ndarray, geometry: BoardGeometry, r: int, c: int
) -> bool:
    """Whether the colour at cell ``(r, c)`` reaches its ring around the colour's own centre."""
    centre = geometry.centre(Cell(r, c))
    ring_like = ring_like_core_recentred(
        image, (centre.x, centre.y), geometry.cell_size, samples.core_lab[r, c]
    )
    return ring_like > 0.1


def _crisp_dot(
    samples: CellSamples,
    image: np.ndarray,
    geometry: BoardGeometry,
    r: int,
    c: int,
    *,
    faint: bool = False,
) -> bool:
    """Whether cell ``(r, c)`` shows a flat disc with a dot's size and sharp rim.

    ``faint``: judged by shape alone, for a disc whose colour is noisier than
    the usual tolerance or closer to its rim's (the ring then looks like the
    core by that tolerance).
    """
    if not faint and (samples.core_uniformity[r, c] < 0.8 or samples.ring_like_core[r, c] > 0.1):
        return False
    centre = geometry.centre(Cell(r, c))
    return is_crisp_disc(
        image,
        (centre.x, centre.y),
        geometry.cell_size,
        samples.core_lab[r, c],
        samples.ring_lab[r, c],
    )


def _check_pipes(samples: CellSamples, dots: set[Cell], settings: Settings) -> None:
    """Refuse when colour crosses a grid edge: pipes are drawn (solved or half-solved).

    A pipe has one colour on both sides of the edge, its dots' colour and
    strength. Two dots of other colours each reaching a side of the edge (a
    grid found a pixel off in a small cell) are none, nor is a band of glow
    both unlike every dot's colour and far fainter than the dots.
    """
    # Sector k of a cell faces right, down, left, up; a pipe shows on both sides of an edge.
    contrast = delta_e(samples.sector_lab, samples.ring_lab[:, :, None, :])
    off = contrast > settings.pipe_contrast
    if dots and off.any():
        dot_lab = np.array([samples.core_lab[c] for c in dots])
        weakest = min(float(delta_e(samples.core_lab[c], samples.ring_lab[c])) for c in dots)
        unlike = delta_e(samples.sector_lab[..., None, :], dot_lab).min(axis=-1)
        off &= (unlike <= settings.pipe_contrast) | (contrast >= weakest / 2)
    sectors = samples.sector_lab
    across = off[:, :-1, 0] & off[:, 1:, 2]
    across &= delta_e(sectors[:, :-1, 0], sectors[:, 1:, 2]) <= NEAR
    down = off[:-1, :, 1] & off[1:, :, 3]
    down &= delta_e(sectors[:-1, :, 1], sectors[1:, :, 3]) <= NEAR
    if across.any() or down.any():
        r, c = np.argwhere(across)[0] if across.any() else np.argwhere(down)[0]
        raise UnsureReadingError(
            f"a pipe is drawn at cell ({r}, {c}): the board is solved or in progress"
        )
