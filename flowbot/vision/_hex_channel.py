"""The channels a hexagonal board's lines are looked for and measured in.

The lines are found in the brightest channel, which holds any line's colour.
Glow of another hue behind the board (an orange band behind green lines)
lifts the ground's brightest channel up to the lines': there the lines show
only in their own colour's channel, where that glow stays dark. So once a
lattice's hexagons are found, the channel (red, green, blue, or the brightest)
in which the weakest of their sides stand out most from the ground beside
them is the one their board is read in (``line_channel``).

A line's width is measured in a channel linear in the pixels' colour
(``ink_channel``: red, green, blue or their luma): there a pixel the line
half covers shows half its contrast. The brightest channel is no such
measure where the ground's brightest channel is another than the line's (a
grey-blue line on a red glow: the line's soft edges sink under the ground's
red, and its width with them). The channel taken is the one in which the
weakest sides stand out most against how much the ground either side of
them differs (glow's gradients, JPEG's noise): mostly the luma, which JPEG
keeps best and which averages the channels' noise; one colour's own where
the lines stand out by their hue alone.
"""

from __future__ import annotations

import cv2
import numpy as np

from flowbot.vision._colour import brightest_channel
from flowbot.vision._hex_board import HexSides, sampled

#: The ground beside a side is looked at this many pitches off its middle,
#: either side (past the widest line's half, 0.085 pitch; short of a dot's rim
#: from a flat side, 0.12 pitch).
GROUND_OFF = 0.1
#: A side's line is looked for this many pixels either side of where it is placed.
LINE_NEAR = 1.5
#: The weakest sides: this percentile of their contrast over the ground beside them.
WEAKEST = 10
#: A colour's own channel is taken over the luma to measure widths in only when its
#: weakest sides stand out this many times as clearly: JPEG keeps the luma at full
#: resolution and a colour's channels at half, so beside a dot bright in a channel its
#: ringing runs onto the line there (a magenta dot beside a brown line in red: ink
#: 198 against the luma's 94, the board's thin lines 97 in both; synthetic hex jpeg
#: 100007, red 3.94 as clear as the luma's 3.59).
LUMA_FIRST = 1.3
#: A channel of the lines' own is taken over the brightest only when their weakest
#: sides stand out this many times as much in it (ties keep the brightest: it
#: holds an outline in another hue as well as the lines).
CLEARER = 1.5


def line_channel(image: np.ndarray, placed: HexSides) -> np.ndarray | None:
    """The channel of ``image`` (``(H, W, 3)`` RGB) where the weakest sides of the
    hexagons ``placed`` (at full resolution) stand out ``CLEARER`` times as much as in
    the brightest channel, or ``None`` (the brightest it is)."""
    middles, normals, off = side_middles(placed)
    brightest = brightest_channel(image)
    channels = [brightest, *cv2.split(image)]
    darker = not placed.crossed
    weakest = [_weakest(channel, middles, normals, off, darker=darker) for channel in channels]
    best = int(np.argmax(weakest[1:])) + 1
    return channels[best] if weakest[best] > CLEARER * max(weakest[0], 1.0) else None


def ink_channel(image: np.ndarray, placed: HexSides) -> np.ndarray:
    """The channel of ``image`` (``(H, W, 3)`` RGB: red, green, blue or luma) where the
    weakest sides of the hexagons ``placed`` stand out most against the spread of the
    ground either side; the luma where drawn pipes cross some of them (``crossed``): a
    flow running beside a side shows in its own hue's channel as bright as the line, and
    widens it there (a red flow in the red channel made walls of plain lines)."""
    luma = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    if placed.crossed:
        return luma
    return clearest_channel(image, placed, luma=luma)


def clearest_channel(
    image: np.ndarray, placed: HexSides, *, luma: np.ndarray | None = None
) -> np.ndarray:
    """Of red, green and blue (and ``luma`` when given), the channel of ``image`` where the
    weakest sides of the hexagons ``placed`` stand out most against the spread of the
    ground either side."""
    middles, normals, off = side_middles(placed)
    channels = [*cv2.split(image), *([] if luma is None else [luma])]
    darker = not placed.crossed
    clarity = [
        _weakest(channel, middles, normals, off, darker=darker)
        / max(_ground_spread(channel, middles, off), 1.0)
        for channel in channels
    ]
    best = int(np.argmax(clarity))
    if luma is not None and clarity[best] < LUMA_FIRST * clarity[-1]:
        return luma
    return channels[best]


def side_middles(placed: HexSides) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The middles of every hexagon's six sides, the normals out through them and the
    offset to the ground beside each (``GROUND_OFF``)."""
    lattice = placed.lattice
    # Flat-topped: the flat sides straight up and down.
    angles = np.pi / 2 + np.arange(6) * np.pi / 3
    normals = np.tile(np.stack([np.cos(angles), np.sin(angles)], axis=1), (len(placed.cells), 1))
    centres = np.repeat([lattice.centre(*node) for node in placed.cells], 6, axis=0)
    middles = centres + normals * lattice.row_step / 2
    return middles, normals, normals * GROUND_OFF * lattice.row_step


def _ground_spread(gray: np.ndarray, middles: np.ndarray, off: np.ndarray) -> float:
    """How much the ground either side of the sides differs: the spread of the differences."""
    return float(np.std(_at(gray, middles + off) - _at(gray, middles - off)))


def _weakest(
    gray: np.ndarray, middles: np.ndarray, normals: np.ndarray, off: np.ndarray, *, darker: bool
) -> float:
    """The ``WEAKEST`` percentile of the sides' contrast over the ground either side, or
    (``darker``) under it (``stand_out``). Not under it with pipes drawn: beside a flow's
    tint a line's dark side is the tint's edge, and the channel taken then changed to one
    that read a wall beside two tints (a finished web board, held-out seed 1500001)."""
    return float(np.percentile(stand_out(gray, middles, normals, off, darker=darker), WEAKEST))


def stand_out(
    gray: np.ndarray,
    middles: np.ndarray,
    normals: np.ndarray,
    off: np.ndarray,
    *,
    darker: bool = True,
) -> np.ndarray:
    """How far each side's line stands out from the ground either side of it in ``gray``:
    over the brighter where it is brighter, under the darker where it is darker (glow
    brighter than the lines: ``_hex_glow``; only with ``darker``)."""
    across = [_at(gray, middles + t * normals) for t in np.arange(-LINE_NEAR, LINE_NEAR + 0.1, 0.5)]
    sides = (_at(gray, middles + off), _at(gray, middles - off))
    over = np.max(across, axis=0) - np.maximum(*sides)
    if not darker:
        return over
    under = np.minimum(*sides) - np.min(across, axis=0)
    return np.maximum(over, under)


def _at(gray: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``gray`` at ``points`` (``(n, 2)`` x, y), interpolated; 0 past the image's edge."""
    return sampled(gray, points.reshape(-1, 1, 2)).ravel().astype(np.float32)
