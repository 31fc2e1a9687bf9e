"""A flow's stub past a thin border: a warp the image draws without its opening.

The game leaves the border open where a warp is and a flow through it runs
out there (``_variant_pipes.runs_out``). A drawing may keep the border a
thin line like the grid's all round and show the warp only by the flow: a
short stub of its colour going on past the line, fading into the ground
beyond (a solutions site's look). Such a stub is a band of the flow's colour
blended over the ground just past the line, as wide as the pipe: beside it,
past the line too, the ground alone shows. A glow of the flow's hue past the
board, or a dot beside the border, shows no such narrow band.

Only a board whose border is no outline (the game's other boards draw one,
open at their warps) is read so; warps no flow runs through are not drawn
there at all, nor walls, and the reading says so (``UNSEEN``).
"""

from __future__ import annotations

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._grid import past_side
from flowbot.vision._stats import median_of

#: Past the border line (pitches out from its middle): beyond a thin line's
#: half width, within a fading stub (a site's: 0.13 pitch to the image's
#: edge); across the stub's middle (pipes' half-widths 0.15-0.2), and beside
#: it, where only the ground shows.
_OUT = (0.05, 0.08)
_ACROSS = (-0.05, 0.0, 0.05)
_BESIDE = 0.45
#: Least share of the flow's colour over the ground (a blend, ``alpha``) at
#: every point of the stub: a site's stub 0.27-0.57 there; beside it, most.
STUB_ALPHA, GROUND_ALPHA = 0.2, 0.1
#: Most distance (a share of the flow's from the ground, RGB) of a stub's
#: point from the blend of the two: a fade keeps the flow's hue.
BLEND_OFF = 0.15
#: Least distance (RGB) of the flow's colour from the ground for a blend to
#: be told at all.
APART = 60.0

#: The note of a reading whose warps are told by flows' stubs alone.
UNSEEN = "warps seen only where a flow runs through them (no opening drawn); walls not drawn"


def stub_out(image: np.ndarray, geometry: BoardGeometry, cell: Cell, side: str) -> bool:
    """Whether the flow at ``cell``'s centre goes on past the board's ``side`` beside it as a
    stub fading into the ground (``False`` where the image ends too soon to tell)."""
    centre = geometry.centre(cell)
    pitch = geometry.cell_size
    h, w = image.shape[:2]
    stub = np.array([past_side(geometry, cell, side, t, s) for t in _OUT for s in _ACROSS])
    beside = np.array(
        [past_side(geometry, cell, side, t, s * _BESIDE) for t in _OUT for s in (-1.0, 1.0)]
    )
    points = np.concatenate([stub, beside])
    if (points < 0).any() or (points[:, 0] > w - 1).any() or (points[:, 1] > h - 1).any():
        return False
    d = 0.05 * pitch
    core = [(centre.x + a, centre.y + b) for a in (-d, 0, d) for b in (-d, 0, d)]
    flow = median_of(_rgb_at(image, np.array(core)), axis=0)
    ground_points = _rgb_at(image, beside)
    ground = median_of(ground_points, axis=0)
    span = flow - ground
    size = float(np.linalg.norm(span))
    if size < APART:
        return False

    def alpha(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """How much of the flow each pixel holds over the ground, and how far off that blend."""
        share = (rgb - ground) @ span / size**2
        off = np.linalg.norm(rgb - (ground + share[:, None] * span), axis=1) / size
        return share, off

    stub_share, stub_off = alpha(_rgb_at(image, stub))
    beside_share, _ = alpha(ground_points)
    return bool(
        (stub_share >= STUB_ALPHA).all()
        and (stub_off <= BLEND_OFF).all()
        and (np.abs(beside_share) <= GROUND_ALPHA).all()
    )


def _rgb_at(image: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """RGB (float) of the pixels nearest points ``xy`` (``(n, 2)`` x, y)."""
    h, w = image.shape[:2]
    px = np.clip(np.rint(xy[:, 0]), 0, w - 1).astype(np.intp)
    py = np.clip(np.rint(xy[:, 1]), 0, h - 1).astype(np.intp)
    return image[py, px].astype(float)
