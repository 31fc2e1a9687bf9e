"""How the lines crossing a border look past it, and the cells outlined there."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import delta_e
from flowbot.vision._edges import (
    NEAR_CORNERS,
    contrast_and_lightness,
    line_polarity,
    search_reach,
)
from flowbot.vision._stats import median_of, quantile_along


@dataclass(frozen=True, slots=True)
class RunOn:
    """Colour contrast of a border's inner lines one pitch past it and one inside it.

    Past it: up to the image's edge, when that edge cuts the cells there.
    """

    beyond: np.ndarray
    inside: np.ndarray
    #: Past a bottom or right border, only just past it (0.2-0.275 pitch):
    #: lines cut short there by something laid over the board (a pop-up)
    #: still show. Past a top or left border, at 0.725-0.8 pitch out and
    #: 0.2-0.275 both (a line goes on from the border): the counters' text
    #: sits just above a board and lines up with most of a small board's
    #: lines at one of them (real screens, 0.2-0.275 pitch out: 4 of 5
    #: lines; a page's title 0.725-0.8 out: 4 of 4), like lines cut short.
    just_past: np.ndarray
    #: Per line, how unlike (CIELAB) its colour past the border is to its
    #: colour inside: its pixel most unlike the pixels beside, near the
    #: cell corners.
    unlike: np.ndarray


def run_on_visibility(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> dict[str, RunOn]:
    """Colour contrast of the inner lines one pitch past and one pitch inside each border.

    Same measure as ``edge_visibility``, per inner line, for the top, bottom,
    left and right borders whose outer strip lies inside the image (or as
    much of it as the image holds, when its edge cuts the cells there); past
    the border only at the line's own position. Most lines as visible beyond as
    inside means the grid goes on past the border (the board is bigger than
    the grid found). Keyed by the border: ``"top"``, ``"bottom"``, ``"left"``
    or ``"right"``.
    """
    h, w = image.shape[:2]
    pitch = cell_pitch(xs, ys)
    reach = search_reach(xs, ys, uncertainty)
    found: dict[str, RunOn] = {}
    for names, lines, spans, size, transposed in (
        (("top", "bottom"), xs, ys, h, False),
        (("left", "right"), ys, xs, w, True),
    ):
        if len(lines) <= 2:
            continue
        for side, border, step in ((names[0], spans[0], -pitch), (names[1], spans[-1], pitch)):
            if 0 <= border + step <= size - 1:
                strip = [border - step, border, border + step]
            else:
                # The image's edge cuts the cells past the border: their
                # lines, if the board goes on, run on to that edge. Looked
                # at clear of the border line, where the sliver is wide enough.
                edge = 0.0 if step < 0 else size - 1.0
                start = border + _CUT_CLEAR * step
                if abs(edge - border) < _CUT_SLIVER * pitch:
                    continue
                strip = [border - step, border, start, edge]
            strip_sorted = np.array(sorted(strip))
            contrast, lighter, lab = contrast_and_lightness(
                image, lines, strip_sorted, reach, transposed=transposed
            )
            if step < 0:
                contrast, lighter, lab = contrast[:, ::-1], lighter[:, ::-1], lab[:, ::-1]
            # One pitch inside, and past the border.
            contrast, lighter, lab = contrast[:, [0, -1]], lighter[:, [0, -1]], lab[:, [0, -1]]
            found[side] = _run_on(*_seen_past(contrast, lighter, lab), toward_board=step < 0)
    return found


def _seen_past(
    contrast: np.ndarray, lighter: np.ndarray, lab: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per line and point, its contrast past a border where it lies inside, and inside.

    ``contrast`` and ``lighter``: ``(lines, 2, points, offsets)``, one span
    inside the border, then one past it; ``lab`` their pixels' CIELAB.
    Past it, a line counts only near its own position inside and of the
    same polarity. Third, per line, how unlike its colour past the border
    is to inside (``RunOn.unlike``).
    """
    inside, beyond = contrast[:, 0], contrast[:, 1]
    # A line that goes on does so where it lies inside, all along; text
    # and clutter show in patches, and another grid's lines a few
    # pixels off it (an editor's ruled page beside a mirror window).
    # Where it lies is taken near the cell corners, as it is judged: a
    # drawn pipe crossing the line covers the middle half of the points
    # along a cell's side (its width, a third of a pitch, of the 0.6
    # looked along), and the median over them all would put it nowhere.
    typical = median_of(inside[:, NEAR_CORNERS], axis=1)  # (lines, offsets)
    at = typical.argmax(axis=1)
    near = np.abs(np.arange(contrast.shape[-1])[None, :] - at[:, None]) <= 1
    # ... and it stays lighter (or darker) than beside it: the dark
    # ruled lines of a white page beside a board of light lines, even
    # in step with its rows, are no run-on.
    index = np.arange(len(at))
    lighter_at = median_of(
        lighter[index, 0][index[:, None], NEAR_CORNERS[None, :], at[:, None]], axis=1
    )
    here = line_polarity(typical[index, at], lighter_at)  # (lines,)
    flipped = here[:, None, None] * line_polarity(beyond, lighter[:, 1]) < 0
    beyond_near = np.where(near[:, None, :] & ~flipped, beyond, 0.0)
    # The line's colour: its pixel most unlike the window's ends, near the
    # cell corners (as the callers judge), the median over those points.
    colours = [
        median_of(np.take_along_axis(part, at[:, :, None, None], axis=2)[:, :, 0], axis=1)
        for part, at in (
            (lab[:, 0][:, NEAR_CORNERS], inside[:, NEAR_CORNERS].argmax(axis=2)),
            (lab[:, 1][:, NEAR_CORNERS], beyond_near[:, NEAR_CORNERS].argmax(axis=2)),
        )
    ]
    # Judged near the cell corners (by the callers): a pipe of a half-solved
    # board crosses a line only in the middle of a cell's side.
    return beyond_near.max(axis=2), inside.max(axis=2), delta_e(*colours)


@dataclass(frozen=True, slots=True)
class BandCells:
    """The cells one pitch past a border, as the board's lines would outline them.

    ``crossing`` per line crossing the border (the borders beside it too),
    ``far`` per cell: the line one pitch out along it. ``off_image`` flags
    crossing lines too near the image's edge to be looked at.
    """

    crossing: RunOn
    far: RunOn
    off_image: np.ndarray
    #: The border: ``"top"``, ``"bottom"``, ``"left"`` or ``"right"``.
    side: str


def cells_past_border(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, uncertainty: float
) -> list[BandCells]:
    """How the board's lines would outline a row of cells past each border.

    For each border whose next parallel line (one pitch out) lies inside the
    image: the crossing lines, all of them, past the border (as in
    ``run_on_visibility``), and that next line along each cell's side,
    where the border line lies across it.
    """
    h, w = image.shape[:2]
    pitch = cell_pitch(xs, ys)
    reach = search_reach(xs, ys, uncertainty)
    found = []
    for names, lines, spans, size, across, transposed in (
        (("top", "bottom"), xs, ys, h, w, False),
        (("left", "right"), ys, xs, w, h, True),
    ):
        padded = np.concatenate([[lines[0] - pitch], lines, [lines[-1] + pitch]])
        off_image = (lines < reach) | (lines > across - 1 - reach)
        for side, border, step in ((names[0], spans[0], -pitch), (names[1], spans[-1], pitch)):
            far = border + step
            if not reach <= far <= size - 1 - reach:
                continue
            strip = np.array(sorted((border - step, border, far)))
            contrast, lighter, lab = contrast_and_lightness(
                image, padded, strip, reach, transposed=transposed
            )
            if step < 0:
                contrast, lighter, lab = contrast[:, ::-1], lighter[:, ::-1], lab[:, ::-1]
            crossing = _run_on(*_seen_past(contrast, lighter, lab))
            # The border, then the next line out, along each cell: (2, cells, ...).
            rows = np.array([border - step, border, far, far + step])
            contrast, lighter, lab = contrast_and_lightness(
                image, rows, lines, reach, transposed=not transposed
            )
            far_line = _run_on(
                *_seen_past(*(np.swapaxes(a, 0, 1) for a in (contrast, lighter, lab)))
            )
            found.append(BandCells(crossing, far_line, off_image, side))
    return found


def _run_on(
    beyond_seen: np.ndarray,
    inside_seen: np.ndarray,
    unlike: np.ndarray,
    *,
    toward_board: bool = False,
) -> RunOn:
    """``_seen_past``'s measures, judged near the cell corners.

    ``toward_board``: the points along the spans past the border run toward
    it (a top or left border).
    """
    return RunOn(
        quantile_along(beyond_seen[:, NEAR_CORNERS], 0.1),
        quantile_along(inside_seen[:, NEAR_CORNERS], 0.1),
        beyond_seen[:, NEAR_CORNERS if toward_board else NEAR_CORNERS[:2]].min(axis=1),
        unlike,
    )


#: Past a border cut by the image's edge, the lines are looked at from this
#: far out (pitch fraction: clear of the border line's width and blur) ...
_CUT_CLEAR = 0.1


#: ... when the image holds at least this much past the border: the game's
#: boards sit whole on the screen, a cut through cells leaves this or more.
_CUT_SLIVER = 0.2
