"""A grid found in a shrunk copy, in full-size pixels, and how grids lie to each other."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import cv2
import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._lattice import Lattice
from flowbot.vision._past_border import RunOn, run_on_visibility

#: A row (an int) or a column (``np.s_[:, k]``) of a cells' samples array, or a band of them.
CellIndex = int | slice | tuple[slice, int | slice]


#: The game's smallest boards are 5x5: a grid with fewer rows or columns is none.
MIN_BOARD_SIDE = 5


def shrunk(image: np.ndarray, factor: int) -> np.ndarray:
    """``image`` shrunk ``factor`` times (``image`` itself at 1): each pixel the mean of a
    ``factor`` square, so a thin line fades but stays (whole-number factors keep
    ``INTER_AREA`` fast). ``full_size`` takes what is found there back."""
    if factor == 1:
        return image
    h, w = image.shape[:2]
    return cv2.resize(image, (w // factor, h // factor), interpolation=cv2.INTER_AREA)


def full_size(lattice: Lattice, factor: int) -> BoardGeometry:
    """A grid found in a copy shrunk ``factor`` times, in full-size pixels."""
    # Pixel i of the copy covers full-size pixels f*i .. f*i + f - 1.
    f = factor
    return BoardGeometry(
        tuple(f * x + (f - 1) / 2 for x in lattice.xs),
        tuple(f * y + (f - 1) / 2 for y in lattice.ys),
    )


def full_size_lines(lattice: Lattice, factor: int) -> tuple[np.ndarray, np.ndarray]:
    """A grid's lines found in a copy shrunk ``factor`` times, in full-size pixels (as arrays)."""
    f = factor
    return f * np.asarray(lattice.xs) + (f - 1) / 2, f * np.asarray(lattice.ys) + (f - 1) / 2


def run_on_past(lattice: Lattice, image: np.ndarray, factor: int) -> dict[str, RunOn]:
    """``run_on_visibility`` of a grid found in a copy shrunk ``factor`` times."""
    xs, ys = full_size_lines(lattice, factor)
    return run_on_visibility(image, xs, ys, uncertainty=factor / 2 + 1)


def overlap(a: Lattice, b: Lattice) -> float:
    """Shared area of two grids' rectangles over the smaller one's area."""
    w = min(a.xs[-1], b.xs[-1]) - max(a.xs[0], b.xs[0])
    h = min(a.ys[-1], b.ys[-1]) - max(a.ys[0], b.ys[0])
    if w <= 0 or h <= 0:
        return 0.0
    area = min(
        (a.xs[-1] - a.xs[0]) * (a.ys[-1] - a.ys[0]), (b.xs[-1] - b.xs[0]) * (b.ys[-1] - b.ys[0])
    )
    return w * h / area


def lies_within(inner: Lattice, outer: Lattice) -> bool:
    """Whether ``inner``'s rectangle lies within ``outer``'s (a quarter cell of slack)."""
    slack = 0.25 * outer.pitch
    return (
        inner.xs[0] > outer.xs[0] - slack
        and inner.xs[-1] < outer.xs[-1] + slack
        and inner.ys[0] > outer.ys[0] - slack
        and inner.ys[-1] < outer.ys[-1] + slack
    )


#: Two grids' pitches in a whole ratio (2 or more), within this share of one.
WHOLE = 0.1


def whole_multiple(lattice: Lattice, finer: Lattice) -> bool:
    """Whether ``lattice``'s pitch is a whole multiple (2 or more, within ``WHOLE``) of
    ``finer``'s."""
    ratio = lattice.pitch / finer.pitch
    return round(ratio) >= 2 and abs(ratio - round(ratio)) <= WHOLE


#: The coarser grid's line lies on one of the finer's within this share of the finer's
#: pitch (or 2 px): a line found in a shrunk copy is a pixel or two off.
ON_FINER_LINE = 0.15


def board_at_other_pitch(lattice: Lattice, board: Lattice) -> bool:
    """Whether ``lattice`` is ``board``'s own lines at a whole multiple or fraction of its
    pitch, lying on it: not another board.

    Coarser, it takes every second or third of the board's lines (drawn pipes broke
    those between in the copy it was found in); finer, it holds the board's lines and
    lines between them (the cells' middles where the dots' rows pass for lines, or its
    pipes' edges). Either way the pitches are in a whole ratio (``whole_multiple``),
    every line of the coarser that lies over the finer is one of the finer's
    (``ON_FINER_LINE``), and ``lattice`` lies within ``board``'s rectangle to half the
    finer pitch.
    """
    if whole_multiple(lattice, board):
        coarse, fine = lattice, board
    elif whole_multiple(board, lattice):
        coarse, fine = board, lattice
    else:
        return False
    p = fine.pitch
    for theirs, mine in ((coarse.xs, fine.xs), (coarse.ys, fine.ys)):
        steps = in_finer_steps(theirs, mine, p)
        last = len(mine) - 1
        if coarse is lattice:
            inside = steps.min() >= -0.5 and steps.max() <= last + 0.5
        else:
            inside = steps.min() <= 0.5 and steps.max() >= last - 0.5
        if not inside or lines_over_finer(steps, len(mine), p) is None:
            return False
    return True


def in_finer_steps(coarse: Sequence[float], fine: Sequence[float], pitch: float) -> np.ndarray:
    """The coarser grid's lines in the finer's steps: the finer's lines lie at 0 .. len - 1."""
    return (np.asarray(coarse) - fine[0]) / pitch


def lines_over_finer(steps: np.ndarray, lines: int, pitch: float) -> np.ndarray | None:
    """Of the coarser grid's lines (``steps``, ``in_finer_steps``), those over the finer's
    ``lines`` lines (to half its pitch); ``None`` when one of them lies off every finer
    line by more than ``ON_FINER_LINE`` of the pitch (or 2 px)."""
    over = steps[(steps >= -0.5) & (steps <= lines - 1 + 0.5)]
    if np.abs(over - np.rint(over)).max(initial=0.0) * pitch > max(2.0, ON_FINER_LINE * pitch):
        return None
    return over


def span_middles(spans: np.ndarray) -> list[tuple[int, int]]:
    """The middle of each span (0.2-0.8 of it, clear of the crossing lines), as pixel bounds."""
    return [
        (round(a + 0.2 * (b - a)), round(b - 0.2 * (b - a))) for a, b in itertools.pairwise(spans)
    ]


#: The borders, as ``line_ends`` names them.
SIDES = ("top", "bottom", "left", "right")
#: Per border, the step out of the board from a cell along it (drow, dcol).
OUTWARD = {"top": (-1, 0), "bottom": (1, 0), "left": (0, -1), "right": (0, 1)}


def past_side(
    geometry: BoardGeometry, cell: Cell, side: str, out: float, along: float
) -> tuple[float, float]:
    """The point (x, y) ``out`` pitches past the middle of ``cell``'s side on the board's
    ``side`` border, and ``along`` pitches along that border."""
    dr, dc = OUTWARD[side]
    centre = geometry.centre(cell)
    pitch = geometry.cell_size
    edge_x, edge_y = centre.x + dc * pitch / 2, centre.y + dr * pitch / 2
    return edge_x + (dc * out + dr * along) * pitch, edge_y + (dr * out + dc * along) * pitch
