"""A flow's sharp bend on hexagons: two bands meeting at 60 degrees, each covering a side
of the other.

On hexagons a flow may turn into the neighbour next round from the one it
came from (the game's own levels do; a path touching itself), its two links
60 degrees apart. In the bend's cell each band then runs over one side of the
other, where a band's test looks for the ground (``_pipes.BESIDE_ACROSS``):
there it finds the flow's colour, the ground on the other side only. A glow
shaft along a column shows the ground on one side only too, so one side
alone is no band (it read two dots on a render). A side covered is taken
only as a bend's: the link 60 degrees round on that side from the same cell
(to the third cell of the triangle the two links make) is a band of the same
colour, the covered point is that colour, and past that band, on its side
away from this one, the ground shows again. Glow spreads on past where its
edge leaves off: the band it makes towards its covered side runs into more of
it, no ground beyond.
"""

from __future__ import annotations

import math

import numpy as np

from flowbot.vision._cells import NEAR
from flowbot.vision._colour import delta_e
from flowbot.vision._pipes import BAND_NEAR, BAND_SHARE, band_sides

#: The bend's third cell from the middle of a link: this many pitches across it.
_APEX = math.sqrt(3) / 2
#: How far (a share of the pipe stage's ``contrast``) the colour beside a band must stand
#: from it for the ground to show there: a pipe over its own flow's tint stands least from
#: it, lower than on square boards (``_pipes.BESIDE_APART`` 0.6): a teal pipe over its tint
#: under a phone's glow 17.4-17.9 Lab, 0.58-0.60 of it (synthetic hex phone_large 6200000
#: started and solved: the link into its dot lost, the two hexagons it joins left out and
#: their neighbours' sides read as thin lines facing out, refused as a covered board); a
#: dark red pipe over its tint on a red-brown glow 15.9-17.0, 0.53 (synthetic hex twins
#: 12000016 started and solved, a held-out seed: the same refusal). The tint lies between
#: the pipe and the ground, so a pipe whose colour is near the ground's stands little from
#: it; no other band the stage takes changed on 1,200 development boards at 0.5.
GROUND_APART = 0.5


def bent(
    image: np.ndarray,
    ends: np.ndarray,
    band: np.ndarray,
    apart: np.ndarray,
    *,
    pitch: float,
    contrast: float,
) -> np.ndarray:
    """For bands ``band`` (Lab, ``(n, 3)``) between neighbours' centres ``ends``
    (``(n, 2, 2)``) with the colour beside them ``apart`` from it (``_pipes.band_sides``),
    whether in each of its two cells the ground shows beside it on both sides, or on one
    with the other covered by a sharp bend's other band (``(n,)``)."""
    clear: np.ndarray = np.asarray(apart > GROUND_APART * contrast)  # (n, cell, side)
    whole = np.asarray(clear.all(axis=2))
    # One side covered, by the band's own colour: which link would cover it.
    covered = (clear.sum(axis=2) == 1) & (apart.min(axis=2) <= BAND_NEAR)
    link, cell = np.nonzero(covered)
    if not link.size:
        return np.asarray(whole.all(axis=1))
    sign = np.where(clear[link, cell, 0], 1.0, -1.0)  # the covered side
    a, b = ends[link, 0], ends[link, 1]
    across = np.stack([a[:, 1] - b[:, 1], b[:, 0] - a[:, 0]], axis=1)  # (-dy, dx)
    apex = (a + b) / 2 + (sign * _APEX)[:, None] * across
    at, other = ends[link, cell], ends[link, 1 - cell]
    other_band, share, other_apart = band_sides(image, np.stack([at, apex], axis=1), pitch)
    # The other band's sides in the bend's cell: towards this one (covered by
    # it) and away from it (the ground).
    to = apex - at
    towards = (-to[:, 1] * (other - at)[:, 0] + to[:, 0] * (other - at)[:, 1]) > 0
    sides = other_apart[:, 0]
    near_side = np.where(towards, sides[:, 1], sides[:, 0])
    far_side = np.where(towards, sides[:, 0], sides[:, 1])
    bend = (
        (share >= BAND_SHARE)
        & (delta_e(other_band, band[link]) <= NEAR)
        & (near_side <= BAND_NEAR)
        & (far_side > GROUND_APART * contrast)
    )
    whole[link[bend], cell[bend]] = True
    return np.asarray(whole.all(axis=1))
