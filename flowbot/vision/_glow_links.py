"""Links of the background's glow: a shaft as wide as a pipe, read as one, that fades softly.

The background's glow shafts are drawn a twentieth of the screen wide: in huge
cells (150-250 px) that is a pipe's width (0.3-0.5 pitch), and a shaft over the
black ground stands out from it by the pipe contrast. Read as a link, it meets a
flow it runs across (three links into a cell) or ends in no dot, and the whole
read is refused. The game draws a pipe with a crisp outline; a shaft fades over
more pixels (``BAND_EDGE_PX``), as the cell rule ``no pipe drawn but those read``
judges it (``_cell_pipes._glow_across``: neither read nor refused).

So, where the links read cannot be followed as flows, those fading softly at
both places looked across and unlike every other link's colour (a flow's links share
their colour) are dropped, and the links read again without them (``without_glow``).
A read that follows is never changed: the look costs nothing there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cell_pipes import BAND_EDGE_PX
from flowbot.vision._cells import NEAR
from flowbot.vision._colour import delta_e, pixels_at, to_lab
from flowbot.vision._rays import band_is_soft
from flowbot.vision._stats import median_of

log = logging.getLogger(__name__)

Links = dict[tuple[Cell, int], np.ndarray]
T = TypeVar("T")

#: Where along a link its band is looked across (from the first cell's centre,
#: pitches), and how far beside its middle what it fades into shows (clear of a
#: pipe's half-width 0.15-0.17), as the faint-pipe rule looks (``_faint_pipes``).
_ALONG = (0.3, 0.7)
_BESIDE = 0.32


def without_glow(
    image: np.ndarray, geometry: BoardGeometry, links: Links, read: Callable[[Links], T]
) -> T:
    """``read(links)``; where it refuses, ``read`` of the links less the glow among them
    (``glow_links``), if any; the first refusal where that refuses too."""
    try:
        return read(links)
    except UnsureReadingError as refusal:
        glow = glow_links(image, geometry, links)
        if not glow:
            raise
        log.debug("links of glow dropped: %s (%s)", sorted(glow), refusal)
        try:
            return read({edge: lab for edge, lab in links.items() if edge not in glow})
        except UnsureReadingError:
            raise refusal from None


def glow_links(image: np.ndarray, geometry: BoardGeometry, links: Links) -> set[tuple[Cell, int]]:
    """The links (``(cell, 0 right | 1 down)``) whose band fades softly into what lies
    beside it (``band_is_soft`` within ``BAND_EDGE_PX``, looked at square to its run at
    each of ``_ALONG``, from its colour there to the median of the colour ``_BESIDE``
    either side: a cell's ring takes in the flow a shaft crosses), its colour more than
    ``NEAR`` from every other link's."""
    pitch = geometry.cell_size
    glow = set()
    for edge, lab in links.items():
        others = [other for key, other in links.items() if key != edge]
        if others and float(delta_e(np.array(others), lab).min()) <= NEAR:
            continue
        cell, k = edge
        p = geometry.centre(cell)
        q = geometry.centre(Cell(cell.row + (k == 1), cell.col + (k == 0)))
        across = np.pi / 2 if k == 0 else 0.0  # square to a run right or down
        dx, dy = np.cos(across) * _BESIDE * pitch, np.sin(across) * _BESIDE * pitch
        soft = True
        for t in _ALONG:
            x, y = p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)
            band, *sides = _lab_at(image, ((x, y), (x - dx, y - dy), (x + dx, y + dy)))
            beside = median_of(np.array(sides), axis=0)
            soft = band_is_soft(
                image, (x, y), pitch, band, beside, across=across, outline_px=BAND_EDGE_PX
            )
            if not soft:
                break
        if soft:
            glow.add(edge)
    return glow


def _lab_at(image: np.ndarray, points: tuple[tuple[float, float], ...]) -> np.ndarray:
    """Lab of the pixels nearest ``points`` (x, y), within the image."""
    h, w = image.shape[:2]
    xy = np.rint(np.array(points))
    cols = np.clip(xy[:, 0], 0, w - 1).astype(np.intp)
    rows = np.clip(xy[:, 1], 0, h - 1).astype(np.intp)
    return to_lab(pixels_at(image, rows, cols))
