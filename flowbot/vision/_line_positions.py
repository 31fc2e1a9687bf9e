"""Grid lines placed at full resolution, to a fraction of a pixel.

The grid is found in a copy shrunk up to four times, where a line one or two
pixels wide is a pixel or two off (rounding, and JPEG ringing that widens a
line's map on one side). Cells sampled off-centre look like pipes or doubtful
dots, and the mouse would play off-centre. Here each line is looked at again
in the full image: across it, near the cells' corners (clear of dots and
pipes), its profile's top half is centred between its two half-height
crossings, a symmetric measure that ringing and glow below half the line's
height do not move. A board's lines are equally spaced, so the lines measured
are fitted by one straight lattice per direction (least squares).
"""

from __future__ import annotations

import math

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.vision._colour import channel_sum, pixels_at

#: Points along each span, as fractions of it, where a line is measured: past
#: the crossing line's width, short of the largest dots (radius 0.38 pitch)
#: and of pipes (crossing a span's middle third).
_ALONG = np.array([0.15, 0.2, 0.8, 0.85])
#: Widest reach across a line, as a fraction of the pitch: at 0.22 of a span
#: the largest dot's rim is 0.24 pitch from the line.
_MAX_REACH = 0.22
#: Least height of a line's profile (RGB distance, 0-255 a channel) to be measured.
_MIN_HEIGHT = 8.0
#: A board's lines are equally spaced to within rounding: on real screens a
#: line's own centre lies at most 0.62 px from the lattice fitted through all.
_OUTLIER_PX = 1.0
#: Widest line measured (pitch fraction); wider is no single line (a wall, a band).
_MAX_WIDTH = 0.25
#: Farthest the lines may be moved from the grid found, as a fraction of the
#: pitch, when they are looked for again: the checks of that grid looked at
#: cells' middles, which a move under 0.1 pitch keeps within the cells.
_MOST_MOVED = 0.1


def place_lines(
    image: np.ndarray,
    geometry: BoardGeometry,
    uncertainty: float,
    *,
    elsewhere: bool = False,
    square: bool = False,
) -> BoardGeometry:
    """``geometry`` with its lines placed at full resolution.

    Parameters
    ----------
    image
        ``(H, W, 3)`` uint8 RGB, full resolution.
    geometry
        The grid found, equally spaced, its lines within ``uncertainty``.
    uncertainty
        How far, in pixels, a true line may lie from its given position.
    elsewhere
        Refuse (``UnsureReadingError``) a grid whose lines, measured again around the
        lattice through those measured, hold there (within ``uncertainty``) but lie
        ``_MOST_MOVED`` or more from the grid found: its checks looked at other places
        than the cells (as the search asks; unchanged otherwise).
    square
        The cells are square (the game's): a direction where only two lines show is
        placed through them when they lie the other direction's fitted pitch apart
        (``_fit_two``).

    Returns
    -------
    BoardGeometry
        Per direction, the least-squares lattice through the lines whose
        profile shows clearly; unchanged where fewer than three do, or where
        the fit strays more than ``uncertainty`` from the grid found and,
        measured again around the fit, does not hold.
    """
    pitch = geometry.cell_size
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    # Wide enough for the doubt and the widest lines (0.2 pitch).
    reach = min(math.ceil(uncertainty + 0.1 * pitch + 1), math.floor(_MAX_REACH * pitch))
    if reach < 2:
        return geometry
    measured_xs, measured_ys = _measured(
        image, xs, ys, reach=reach, uncertainty=uncertainty, pitch=pitch
    )
    fitted_xs, fitted_ys = _fit(measured_xs), _fit(measured_ys)
    if square:
        fitted_xs = _fit_two(measured_xs, fitted_ys) if fitted_xs is None else fitted_xs
        fitted_ys = _fit_two(measured_ys, fitted_xs) if fitted_ys is None else fitted_ys
    placed = []
    for lines, other, fitted, transposed in (
        (xs, ys, fitted_xs, False),
        (ys, xs, fitted_ys, True),
    ):
        if fitted is None:
            placed.append(lines)
        elif np.abs(fitted - lines).max() <= uncertainty:
            placed.append(fitted)
        else:
            # A pitch found in a shrunk copy may be a fraction of a pixel off,
            # which adds up over a large board: lines far from those measured
            # lie further off than ``uncertainty``. They are looked for again
            # where the lattice through those measured puts them; the lattice
            # through all those seen then must lie within ``uncertainty`` of
            # it, and under 0.1 pitch from the grid found.
            at = (other, fitted) if transposed else (fitted, other)
            seen = _measured(image, *at, reach=reach, uncertainty=uncertainty, pitch=pitch)
            again = _fit(seen[1] if transposed else seen[0])
            if again is None and square:
                across = placed[0] if transposed else fitted_ys
                again = _fit_two(seen[1] if transposed else seen[0], across)
            if (
                again is not None
                and np.abs(again - fitted).max() <= uncertainty
                and np.abs(again - lines).max() <= _MOST_MOVED * pitch
            ):
                placed.append(again)
            elif elsewhere and again is not None and np.abs(again - fitted).max() <= uncertainty:
                # A pitch found 2.5 % short through a dark flow's pipes (dark flows
                # 300024 (35, 0, 0) 30 px JPEG 60 started: the bottom line 3.2 px up,
                # every line measured on the lattice to 0.1 px): kept, its last row
                # sampled a tenth of a pitch off, its dark dots read empty.
                raise UnsureReadingError(
                    "the grid's lines lie more than a tenth of a cell from where they were found"
                )
            else:
                placed.append(lines)
    return BoardGeometry(tuple(placed[0].tolist()), tuple(placed[1].tolist()))


def _measured(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    *,
    reach: int,
    uncertainty: float,
    pitch: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Each line's centre measured within ``uncertainty`` of it (``nan``: not clear)."""
    h, w = image.shape[:2]
    lines = np.concatenate([xs, ys])
    base = np.rint(lines).astype(np.intp)
    size = np.array([w] * len(xs) + [h] * len(ys))
    profiles = np.concatenate(
        [
            _profiles(image, base[: len(xs)], ys, reach, transposed=False),
            _profiles(image, base[len(xs) :], xs, reach, transposed=True),
        ]
    )
    centres = base - reach + _middles(profiles, lines - base + reach, uncertainty, pitch)
    # Cut by the image's edge: no background on one side.
    centres[(base - reach < 0) | (base + reach > size - 1)] = np.nan
    return centres[: len(xs)], centres[len(xs) :]


def _profiles(
    image: np.ndarray, base: np.ndarray, spans: np.ndarray, reach: int, *, transposed: bool
) -> np.ndarray:
    """``[line, offset]``: each line's look across it, ``offset - reach`` from ``base``.

    Per point along the line, how far each pixel's colour (RGB distance) is
    from the mean of the window's two ends: linear in the line's coverage of
    the pixel (anti-aliasing, blur), whatever its hue. (The brightest channel
    is not: a pixel half dark-red line, half teal ground is darker in it than
    either, and a line's centre so measured moves up to a pixel with its
    phase.) The median over the points: dots, pipes and text at a few of
    them move nothing.
    """
    h, w = image.shape[:2]
    if transposed:
        h, w = w, h
    offsets = np.arange(-reach, reach + 1)
    along = (spans[:-1, None] + np.diff(spans)[:, None] * _ALONG[None, :]).ravel()
    # (lines, offsets, points): the median over points runs along memory.
    across = np.clip(base[:, None, None] + offsets[None, :, None], 0, w - 1)
    at = np.clip(np.rint(along), 0, h - 1).astype(np.intp)[None, None, :]
    row, col = (across, at) if transposed else (at, across)
    rgb = pixels_at(image, row, col).astype(np.int32)  # (lines, offsets, points, 3)
    d = 2 * rgb - rgb[:, :1] - rgb[:, -1:]  # doubled: integers
    squared = channel_sum(d * d)
    middle = len(along) // 2
    # The median of the squares is the square of the median: one root per line and offset.
    return np.sqrt(np.partition(squared, middle, axis=2)[..., middle]) / 2


def _middles(
    profiles: np.ndarray, expected: np.ndarray, uncertainty: float, pitch: float
) -> np.ndarray:
    """Per profile, the middle of its top's half-height crossings (``nan``: no clear line).

    The top is looked for within ``uncertainty`` of ``expected`` (window index).
    """
    n = profiles.shape[1]
    index = np.arange(n)
    rows = np.arange(len(profiles))
    near = np.abs(index[None, :] - expected[:, None]) <= uncertainty + 0.5
    top = np.where(near, profiles, -1.0).argmax(axis=1)
    height = profiles[rows, top] - profiles.min(axis=1)
    level = profiles[rows, top] - height / 2
    below = profiles < level[:, None]
    # The last pixel below half height before the top, the first after it.
    a = np.where(below & (index < top[:, None]), index, -1).max(axis=1)
    b = np.where(below & (index > top[:, None]), index, n).min(axis=1)
    a, b = np.clip(a, 0, n - 2), np.clip(b, 1, n - 1)
    pa, pb = profiles[rows, a], profiles[rows, b]
    with np.errstate(divide="ignore", invalid="ignore"):
        # Half-height crossings, linear between pixels.
        start = a + (level - pa) / (profiles[rows, a + 1] - pa)
        end = b - (level - pb) / (profiles[rows, b - 1] - pb)
        clear = (
            (pa < level)
            & (pb < level)
            & (height >= _MIN_HEIGHT)
            & (end - start <= _MAX_WIDTH * pitch)
        )
        # A flat run beside the top makes a crossing infinite (no warning for it).
        return np.where(clear, (start + end) / 2, np.nan)


def _fit_two(measured: np.ndarray, other: np.ndarray | None) -> np.ndarray | None:
    """The lattice at ``other``'s pitch through exactly two measured lines that lie that
    pitch apart (to ``_OUTLIER_PX``), or ``None``.

    The game's cells are square, so the other direction's pitch checks the two as a third
    line would. A grid found over two rows of a board cut by the image's edge has its
    third line, the outline, cut there: unmeasured, the two left fit no lattice, and the
    pitch found, 1 % short with the cut line's half taken for its middle, was carried
    over the whole board (synthetic holes huge cells 5000004: 158.7 px cells found at
    157, the far border 8 px off, read as open).
    """
    index = np.flatnonzero(~np.isnan(measured))
    if other is None or len(index) != 2 or len(other) < 2:
        return None
    pitch = float(other[1] - other[0])
    at = measured[index]
    if abs((at[1] - at[0]) - pitch * (index[1] - index[0])) > _OUTLIER_PX:
        return None
    lines = np.arange(len(measured))
    return float(np.mean(at - pitch * index)) + pitch * lines


def _fit(measured: np.ndarray) -> np.ndarray | None:
    """The least-squares straight lattice through the lines that agree, or ``None``.

    A frame or a glow band taken for a line lies pixels off, often at a
    board's end, where it tilts a least-squares fit past several good lines
    (mirror 99964, 89022). So the lines that agree are found first: of the
    lattices through every two measured lines, the one that most lines lie
    within ``_OUTLIER_PX`` of (between equals, the nearest, each line's
    distance capped at that bound); then the least-squares lattice through
    those, until the lines within ``_OUTLIER_PX`` of it stay the same.
    ``None`` when fewer than three agree, or they never settle.
    """
    index = np.flatnonzero(~np.isnan(measured))
    if len(index) < 3:
        return None
    at = measured[index]
    a, b = np.triu_indices(len(index), 1)
    slope = (at[b] - at[a]) / (index[b] - index[a])
    through = at[a, None] + slope[:, None] * (index[None, :] - index[a, None])
    capped = np.minimum(np.abs(through - at), _OUTLIER_PX).sum(axis=1)
    agree = np.abs(through[capped.argmin()] - at) <= _OUTLIER_PX
    lines = np.arange(len(measured))
    for _ in range(3):
        if agree.sum() < 3:
            return None
        i, y = index[agree], at[agree]
        di = i - i.mean()
        fitted = y.mean() + (di * y).sum() / (di * di).sum() * (lines - i.mean())
        now = np.abs(fitted[index] - at) <= _OUTLIER_PX
        if (now == agree).all():
            return fitted
        agree = now
    return None
