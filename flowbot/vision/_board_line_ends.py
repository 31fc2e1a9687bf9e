"""Board rule: the lines end together at the border (nothing laid over the board)."""

from __future__ import annotations

import logging

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.vision._cells import cell_pitch
from flowbot.vision._colour import delta_e, to_lab
from flowbot.vision._ends import line_ends, outline_past_corners
from flowbot.vision._grid import SIDES
from flowbot.vision._grounds import against_another_ground, changes_at_once, ground_across_border
from flowbot.vision._rule import Cells, Rule
from flowbot.vision._stats import (
    median_of,
    median_of_few,
)
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)


def check_lines_end_at_border(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> None:
    """Refuse a board whose lines end together elsewhere than at one border: something covers it.

    The game draws each line from border to border, so the lines crossing
    every border end where that border is drawn, alike on all sides. A flat
    box laid over the board (a pop-up) cuts its lines at its own straight
    edge: under a border found where the lattice goes on (its rows beyond
    hidden), or a little past one, the cells beyond it hidden. All the
    lines crossing that border then end together, apart from where the
    board's lines end at its other borders.
    """
    side, apart = lines_end_apart(image, geometry, settings)
    if _ends_apart(apart, geometry.cell_size):
        how = "past" if apart > 0 else "short of"
        raise UnsureReadingError(
            f"the board's lines end together {how} its {side} border: "
            "something laid over the board hides part of it"
        )
    # A box whose edge lies along a line leaves the lines crossing it no
    # stubs; beside the box, the outline goes on: the outer line (its side
    # border) a pitch on, and the next line across there, by the corner,
    # both like the board's lines (an editor's ruled page beside the board,
    # a rule in line with its border, is far brighter).
    # The board's ground goes on in that cell too: another window's ruled
    # page against a mirror window's edge lines up with the outline as well.
    # A dark one's ground may pass for the board's; but it changes at once
    # at the border, beside the corner cell, and is flat beyond it.
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    for side, shares in outline_past_corners(image, xs, ys, uncertainty=1.0).items():
        like = (shares >= settings.edge_colour_ratio) & (shares <= 2.0)
        ends = [end for end in (0, 1) if like[end].all()]
        ends = [end for end in ends if not _ground_changes_at_corner(image, xs, ys, side, end)]
        if any(_ground_goes_on(image, xs, ys, side, end, settings=settings) for end in ends):
            raise UnsureReadingError(
                f"the board's outline goes on a cell past its {side} border by a corner: "
                "something laid over the board hides part of it"
            )


def _ground_goes_on(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str, end: int, *, settings: Settings
) -> bool:
    """Whether the cell past ``side``'s border at corner ``end`` shows the board's ground.

    Compared near the corner (clear of a dot, which reaches no cell's
    corner), with the same place in the corner cell inside, a pitch across.
    """
    pitch = cell_pitch(xs, ys)
    spans, lines = (ys, xs) if side in ("top", "bottom") else (xs, ys)
    border = spans[0] if side in ("top", "left") else spans[-1]
    out = -1.0 if side in ("top", "left") else 1.0
    outer, inward = (lines[0], 1.0) if end == 0 else (lines[-1], -1.0)
    near = np.linspace(*_CORNER_PATCH, 4) * pitch
    along = outer + inward * near  # across the cell, from the outer line
    h, w = image.shape[:2]
    patches = []
    for way in (out, -out):
        past = border + way * near
        a, b = np.meshgrid(along, past)
        x, y = (a, b) if side in ("top", "bottom") else (b, a)
        if x.min() < 0 or y.min() < 0 or x.max() > w - 1 or y.max() > h - 1:
            return False
        patches.append(
            median_of(
                to_lab(image[np.rint(y).astype(int), np.rint(x).astype(int)]).reshape(-1, 3), axis=0
            )
        )
    return float(delta_e(patches[0], patches[1])) <= settings.empty_contrast


def _ground_changes_at_corner(
    image: np.ndarray, xs: np.ndarray, ys: np.ndarray, side: str, end: int
) -> bool:
    """Whether the ground changes at once across ``side``'s border by corner ``end``.

    ``changes_at_once``, looked at where ``_ground_goes_on`` compares the
    grounds (along the border, as far from the outer line): another
    window's ground meets the board there.
    """
    pitch = cell_pitch(xs, ys)
    spans = ys if side in ("left", "right") else xs
    outer, toward = (spans[0], 1.0) if end == 0 else (spans[-1], -1.0)
    across = ground_across_border(
        image,
        xs,
        ys,
        side,
        spans=np.array([outer, outer + toward * pitch]),
        along=np.linspace(*_CORNER_PATCH, 4),
    )
    return across is not None and bool(changes_at_once(*across)[0])


#: Where a cell's ground is sampled near a corner (pitch from both lines).
_CORNER_PATCH = (0.12, 0.22)


def lines_end_apart(
    image: np.ndarray, geometry: BoardGeometry, settings: Settings
) -> tuple[str, float]:
    """The border whose lines end farthest (pitch, out: positive) from where the others' do.

    Only borders all of whose crossing lines end together count, each
    against the median of the others'; ``("", 0.0)`` when fewer than two do.
    """
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    pitch = cell_pitch(xs, ys)

    def farthest(same_colour: list[str]) -> tuple[str, float]:
        ends = line_ends(
            image,
            xs,
            ys,
            uncertainty=1.0,
            ratio=settings.edge_colour_ratio,
            same_colour=same_colour,
        )
        return _farthest_apart(ends, pitch)

    worst = farthest([])
    if not _ends_apart(worst[1], geometry.cell_size):
        return worst
    # Against another window's ground (all along a border), a line goes on
    # only in its own colour: that window's text lines up with the lines.
    # Looked at only when the lines seem to end apart (a few ms a board).
    windowed = [side for side in SIDES if against_another_ground(image, xs, ys, side)]
    return farthest(windowed) if windowed else worst


def _farthest_apart(ends: dict[str, np.ndarray], pitch: float) -> tuple[str, float]:
    """``lines_end_apart`` from the lines' ends past each border (``line_ends``)."""
    where: dict[str, float] = {}
    for side, measured in ends.items():
        found = measured[~np.isnan(measured)]
        if len(found) < _ENDS_LINES:
            continue
        end = median_of_few(found.tolist())
        together = np.abs(found - end) <= max(_ENDS_TOGETHER, 1.5 / pitch)
        if together.sum() >= _ENDS_SHARE * len(found):
            where[side] = end
    log.debug("grid lines end at %s pitch past the borders", where)
    worst = ("", 0.0)
    # Farthest from its border first: with two sides to compare, the one off.
    for side, end in sorted(where.items(), key=lambda item: -abs(item[1])):
        others = [v for k, v in where.items() if k != side]
        if others:
            apart = end - median_of_few(others)
            if abs(apart) > abs(worst[1]):
                worst = (side, apart)
    return worst


def _ends_apart(apart: float, pitch: float) -> bool:
    """Whether lines ending ``apart`` (pitch) from the others' ends are cut by something."""
    return abs(apart) >= max(_ENDS_APART, _ENDS_APART_PX / pitch)


#: Least lines crossing a border to judge where they end ...
_ENDS_LINES = 3


#: ... and the share of them ending together (within this, pitch; 1.5 px at
#: least) to end as one: all. A box laid over the board cuts every line
#: crossing its edge; text beside a border lines up with some (real
#: variant mirror 5x5.2: glyphs 0.06 pitch past 3 of 4 lines' ends).
_ENDS_SHARE = 1.0


_ENDS_TOGETHER = 0.03


#: Lines end this far (pitch, and pixels) from where the others end only
#: where something covers them: measured (see the tests' notes).
_ENDS_APART = 0.07


_ENDS_APART_PX = 3.0


LINES_END_AT_BORDER: Rule[Cells] = Rule(
    name="lines end at the border",
    refuses="a board whose lines crossing one border all end together elsewhere than where "
    "the other borders' lines end",
    why="The game draws every line from border to border; a box laid over the board (a "
    "pop-up) cuts them at its own straight edge, hiding the cells beyond.",
    bounds="At least _ENDS_LINES 3 lines, all (_ENDS_SHARE 1.0) ending within _ENDS_TOGETHER 0.03 "
    "pitch (1.5 px) of each other, _ENDS_APART 0.07 pitch and 3 px from the others; text "
    "beside a border lines up with some (real mirror variant: 3 of 4 lines). Each line is "
    "followed out from where it first shows inside the border (from 0.3 pitch in, "
    "`_ends.line_ends`): a pipe along the last row drawn wider than the game's hides its "
    "first points (a solutions site's 0.43 pitch pipe reaches 0.28 in; in its 25 px cells "
    "two of ten points, the share left short: 23 of its 760 images refused, jumboCourtyard "
    "32 among them).",
    reason="the board's lines end together ... its <side> border: something laid over the "
    "board hides part of it",
    check=lambda cells: check_lines_end_at_border(cells.image, cells.geometry, cells.settings),
)
