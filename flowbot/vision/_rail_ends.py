"""A tile's rails in a flow's colour: a grey flow over a bridge's deck.

A bridge's rails run straight across its tile, from edge to edge (0.4 pitch
either side of the middle), 0.27 pitch from the middle (``flowbot.look``); a
flow over the deck runs between them. A flow of nearly the rails' own grey
(the game's grey flow, (166, 166, 166), beside rails of (176, 176, 176))
then shows its colour all round the cell's centre, at the rails and between
them, as a dot's disc does. A disc ends at its rim (0.38 pitch at most); the
rails go on past it to the tile's edge: where the colour shows at both ends
of both rails along one axis, out past any dot's rim, the cell holds rails
(a tile), not a disc. A colour-blind letter's strokes, the other thing that
passes for rails over a dot, stay inside its disc.

A flow over the deck of nearly the rails' colour, its rails a little off it
(colour drift: a lavender flow 10-16 CIELAB from its rails, nearest by its
middle), passes for a disc there too; but the flow runs on through the cell to
both its edges along one axis, where a dot's disc ends at its rim and its own
flow leaves by one side at most (``runs_through``).
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._cells import NEAR
from flowbot.vision._colour import delta_e
from flowbot.vision._pipes import lab_at

#: Along a rail (pitches from the middle): past any dot's rim (0.38 at most)
#: at these points (0.44-0.46 from the centre), inside the tile's edge (0.4).
_ALONG = 0.36
#: Across: where a rail (0.27 from the middle, 0.05 wide, a pixel at least)
#: may lie, a pixel's blur either way.
_ACROSS = (0.24, 0.27, 0.3)


def rails_in_colour(
    image: np.ndarray, geometry: BoardGeometry, cell: Cell, lab: np.ndarray
) -> bool:
    """Whether ``lab`` shows at both ends of two rails along one axis of ``cell``'s tile
    (within ``NEAR``), past any dot's rim: a tile's rails of that colour, not a disc."""
    ends = [
        _points(along, side * np.array(_ACROSS))
        for along in (-_ALONG, _ALONG)
        for side in (-1.0, 1.0)
    ]
    return _shows_at_all(image, geometry, cell, lab, ends)


#: Along an axis (pitches from the middle): past any dot's rim (0.38 at most),
#: inside the grid line (0.45 at the widest, zoomed thick lines), and across it
#: within a pipe's middle (half-widths 0.15-0.17).
_THROUGH_ALONG = 0.42
_THROUGH_ACROSS = (-0.06, 0.0, 0.06)


def runs_through(image: np.ndarray, geometry: BoardGeometry, cell: Cell, lab: np.ndarray) -> bool:
    """Whether ``lab`` shows (within ``NEAR``) by both ends of ``cell`` along one axis,
    past any dot's rim: a flow running through the cell (over a tile's deck), not a dot's
    disc, whose own flow leaves it by one side at most."""
    ends = [
        _points(along, np.array(_THROUGH_ACROSS)) for along in (-_THROUGH_ALONG, _THROUGH_ALONG)
    ]
    return _shows_at_all(image, geometry, cell, lab, ends)


def _points(along: float, across: np.ndarray) -> np.ndarray:
    """Offsets (pitches; along, across) of points at ``along`` and each of ``across``."""
    return np.stack([np.full(len(across), along), across], axis=-1)


def _shows_at_all(
    image: np.ndarray, geometry: BoardGeometry, cell: Cell, lab: np.ndarray, ends: list[np.ndarray]
) -> bool:
    """Whether, along one of ``cell``'s axes, ``lab`` shows (within ``NEAR``) at one point
    at least of every group of offsets in ``ends`` ((along, across) pitches from its centre)."""
    c = geometry.centre(cell)
    centre, pitch = np.array([c.x, c.y]), geometry.cell_size
    h, w = image.shape[:2]

    def shows(offsets: np.ndarray) -> bool:
        return float(delta_e(lab_at(image, centre + offsets * pitch, h, w), lab).min()) <= NEAR

    return any(all(shows(d[:, ::-1] if axis else d) for d in ends) for axis in (0, 1))
