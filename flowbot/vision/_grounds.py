"""The ground beside a border: the board's own, or another window's meeting it at once."""

from __future__ import annotations

import numpy as np

from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import NEAR, delta_e, to_lab
from flowbot.vision._stats import median_of

#: Where ``ground_across`` looks along each span (fractions of it): its middle.
_ALONG_SPAN = np.linspace(0.2, 0.8, 7)


def ground_across_border(
    image: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    side: str,
    *,
    spans: np.ndarray | None = None,
    along: np.ndarray = _ALONG_SPAN,
) -> tuple[np.ndarray, np.ndarray] | None:
    """``ground_across`` the border on ``side`` (``"top"``, ``"left"``, ...) of grid ``xs``, ``ys``.

    Along the grid's cells by that border, or along ``spans`` (positions
    along it) at ``along`` of each. ``None`` when the image ends short of
    where the ground beyond is looked at.
    """
    reach = ground_reach(cell_pitch(xs, ys))
    vertical = side in ("left", "right")
    lines, cells = (xs, ys) if vertical else (ys, xs)
    column = image if vertical else np.swapaxes(image, 0, 1)
    border, inward = (lines[0], 1) if side in ("top", "left") else (lines[-1], -1)
    if not 0 <= round(border - inward * _FAR_OUT * reach) <= column.shape[1] - 1:
        return None
    return ground_across(
        column, border, cells if spans is None else spans, inward=inward, reach=reach, along=along
    )


def ground_reach(pitch: float) -> int:
    """How far either side of a border ``ground_across`` looks, in pixels: a tenth of a pitch.

    ``OTHER_GROUND`` and ``_ABRUPT`` were measured at this reach.
    """
    return max(2, round(0.1 * pitch))


def ground_across(
    column: np.ndarray,
    line: float,
    spans: np.ndarray,
    *,
    inward: int,
    reach: int,
    along: np.ndarray = _ALONG_SPAN,
) -> tuple[np.ndarray, np.ndarray]:
    """How the ground changes across a border, per span along it.

    ``column`` is an image (transposed for a horizontal border), ``line``
    the border's column in it and ``inward`` the side (+1 or -1) the board
    lies on. ``step``: CIELAB distance between the ground ``reach`` px
    (``ground_reach``) in from the border and as far out; ``beyond``: between that outside ground
    and ``_FAR_OUT`` times as far out. Each ground is the median over points
    ``along`` each span (fractions of it; by default its middle).
    """
    offsets = (inward * reach, -inward * reach, -inward * _FAR_OUT * reach)
    inside, outside, far = grounds_beside(column, line, spans, offsets, along=along)
    return delta_e(inside, outside), delta_e(outside, far)


def grounds_beside(
    column: np.ndarray,
    line: float,
    spans: np.ndarray,
    offsets: tuple[int, ...],
    *,
    along: np.ndarray = _ALONG_SPAN,
) -> list[np.ndarray]:
    """The CIELAB ground ``offsets`` px from a border's column, per span along it.

    As in ``ground_across``: each the median over points ``along`` each span.
    """
    h, w = column.shape[:2]
    points = np.rint(spans[:-1, None] + along[None, :] * np.diff(spans)[:, None]).astype(np.intp)
    points = np.clip(points, 0, h - 1)
    grounds = []
    for offset in offsets:
        at = int(np.clip(round(line) + offset, 0, w - 1))
        grounds.append(median_of(to_lab(column[points, at]), axis=1))
    return grounds


def another_ground(step: np.ndarray, beyond: np.ndarray) -> np.ndarray:
    """Whether another window's ground meets the board at its border (per cell).

    The board's own ground goes on past a border where the board does,
    tinted alike on both sides by any glow. Another window against the
    border (a mirror window's edge on the board's) changes it at the line:
    clearly (by more than ``NEAR``: the colour just outside the border is not the
    one just inside), or less (a dark window beside a dark board)
    but at once (``changes_at_once``). ``step`` and ``beyond`` as
    ``ground_across`` gives them.
    """
    return (step >= NEAR) | changes_at_once(step, beyond)


def changes_at_once(step: np.ndarray, beyond: np.ndarray) -> np.ndarray:
    """Whether the ground changes at the border line, and is flat beyond it (per cell).

    Glow fades over many pixels: beyond the border it changes as much as
    across it. ``step`` and ``beyond`` as ``ground_across`` gives them.
    """
    return (step >= OTHER_GROUND) & (beyond <= _ABRUPT * step)


def against_another_ground(image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str) -> bool:
    """Whether another window's ground meets the board beside every cell along ``side``.

    The ground must change at once beside every cell (``changes_at_once``),
    however clearly: bright glow can change it as much over a tenth of a
    pitch. How flat it is beyond is taken as the median over the cells (a
    disc in a cell past the border reaches that far out).
    """
    across = ground_across_border(image, xs, ys, side)
    if across is None:
        return False
    step, beyond = across
    return bool(changes_at_once(step, np.full_like(step, median_of(beyond))).all())


#: ... and by less than this where it changes at once. Measured: the board's
#: own ground past the top and bottom borders of 200 synthetic shots (mirror,
#: drift, JPEG, crop, large phone) <= 4.7, <= 2.0 where flat beyond; past
#: 262 unseen border pieces of 1600 flow and table decoys <= 2.2 but one
#: (10.6, not flat beyond); a dark window against a dark board's edge >= 7.7
#: (mirror 98085, jpeg 98728: 11.0).
OTHER_GROUND = 6.0


#: Where the ground beyond the border is looked at, in ``reach``es out.
_FAR_OUT = 3


#: Most change of the ground out there, as a share of the step at the
#: border, for another window's: glow changes as much beyond as across
#: (the decoy's 10.6 above: 1.0); a window's ground, with JPEG and text on
#: it, <= 0.3.
_ABRUPT = 0.5
