"""A line between two faces, its colour no mix of theirs: a side on a light tint's edge.

The game lays a flow's tint over the hexagons it covers and draws the lines
over it. A light flow's tint (a white flow's grey) can lie brighter than the
lines in every channel but the lines' own, and only a little below them
there: a side between it and the dark ground then steps from the ground up
to the line and on up to the tint, standing out over neither face and under
neither in any of red, green and blue (synthetic hex mirror 300012: a green
line 53, 89, 65 between the ground 12, 33, 54 and a grey tint 65, 81, 97,
8 over the tint in green), and the hexagons under the tint are never found
drawn. Yet the line is of its own colour, no mix of its faces': a blurred
step between two faces (a tint's edge with no line, glow's) shows only
their mixes, every pixel across it near the segment between the two colours
in RGB. How far a colour lies from that segment is how far it stands out
from both faces along the direction in colour it stands out most (the
distance to a convex set is the largest separation from it), which the
top-hat and black-hat in one channel (``_hex_glow.EitherWay``) each bound
from below. So a side is drawn where a pixel across it lies the line
contrast off the mixes of the faces either side of it (``off_mixes``).
"""

from __future__ import annotations

import numpy as np

from flowbot.vision._hex_board import sampled
from flowbot.vision._hex_channel import GROUND_OFF


def off_mixes(
    rgb: np.ndarray,
    sides: np.ndarray,
    *,
    box: tuple[int, int, int, int],
    pitch: float,
    contrast: float,
    across: float,
    among: np.ndarray | None = None,
) -> np.ndarray:
    """For sides ``(n, 2, 2)`` (two corners' x, y each) of hexagons at a pitch of ``pitch``
    in ``rgb`` (``(H, W, 3)``, float), the share of each one's middle half where a pixel
    within ``across`` of it lies ``contrast`` off the mixes of its faces (``GROUND_OFF``
    out either side), in RGB; both faces within ``box`` (``x0, y0, x1, y1``: past it, or
    past the image's edge, a face is nothing's, and a cut line's sliver no mix of it).
    With ``among`` (indices into ``sides``), those sides' shares alone, each as among all."""
    if not len(sides):
        return np.zeros(0)
    a, b = sides[:, 0], sides[:, 1]
    length = np.maximum(np.hypot(*(b - a).T), 1e-6)
    # (as many points along each as the longest side of all needs)
    steps = max(5, int(length.max() / 2))
    if among is not None:
        a, b, length = a[among], b[among], length[among]
        if not len(a):
            return np.zeros(0)
    normal = np.stack([-(b - a)[:, 1], (b - a)[:, 0]], axis=1) / length[:, None]
    ts = np.linspace(0.25, 0.75, steps)
    along = a[:, None, :] + ts[None, :, None] * (b - a)[:, None, :]  # (n, t, 2)
    off = GROUND_OFF * pitch
    looks = np.concatenate([[-off, off], np.arange(-across, across + 0.25, 0.5)])
    points = along[:, :, None, :] + looks[None, None, :, None] * normal[:, None, None, :]
    flat = points.reshape(-1, len(looks), 2).astype(np.float32)
    # (remap takes fewer than 32767 rows at once)
    seen = np.concatenate(
        [sampled(rgb, flat[i : i + 30000]) for i in range(0, len(flat), 30000)]
    ).reshape(len(a), steps, len(looks), 3)
    near, far, line = seen[:, :, :1], seen[:, :, 1:2], seen[:, :, 2:]
    # Each pixel across the side, its distance from the segment between its faces.
    step = far - near
    share = np.clip(
        ((line - near) * step).sum(axis=3) / np.maximum((step * step).sum(axis=3), 1e-6), 0, 1
    )
    apart = np.linalg.norm(line - near - share[..., None] * step, axis=3)
    x0, y0, x1, y1 = box
    faces = points[:, :, :2]
    within = (
        (faces[..., 0] >= x0)
        & (faces[..., 0] <= x1 - 1)
        & (faces[..., 1] >= y0)
        & (faces[..., 1] <= y1 - 1)
    ).all(axis=2)
    return np.asarray(((apart.max(axis=2) >= contrast) & within).mean(axis=1))
