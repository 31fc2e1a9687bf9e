"""Watching the board while drawing: a cheap look at a few pixels that pin it.

The window may be moved, or another window raised over the board, while the
bot draws: every later stroke would then land on whatever is there now. So
before each press and each move, ``BoardWatch`` grabs the small rectangle
that holds its pins and compares them with how they looked when the board was
read. The pins are pixels that drawing never changes: the centre of every
dot (pipes run under the dots) and the ground just outside the four corners
of the box around the board (of any shape: a hexagonal board's too). Moving
the window shifts them, covering it hides some of them.

A look is one grab of the pins' bounding box and a median over 3x3 pixels
per pin: about 0.3 ms for a 14x14 board on X11 (mss uses shared memory),
taken inside the wait that paces the moves.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from flowbot.actuate._screen import Capture, Region, Screen
from flowbot.errors import BoardMovedError
from flowbot.models import Geometry, Point, Puzzle

log = logging.getLogger(__name__)

#: How far outside the board's corners, in cell pitches, its ground is pinned.
OUTSIDE = 0.25
#: Pins this close to the pointer, in cell pitches, are not judged: a game may
#: draw feedback under the finger (a translucent disc of the colour being drawn).
UNDER_POINTER = 1.5
#: The 3x3 neighbourhood each pin is sampled over (a median: robust to noise).
_NEIGHBOURS = np.array([(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])


@dataclass(frozen=True, slots=True, eq=False)
class Pins:
    """Pixels that pin the board, in pointer coordinates, and their colours when read."""

    points: tuple[Point, ...]
    colours: npt.NDArray[np.float64]  # (N, 3) RGB
    region: Region  # the rectangle a look grabs: every pin with its neighbours
    pitch: float  # the board's cell pitch, pointer units


def _sample(capture: Capture, points: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The median colour of the 3x3 capture pixels around each point (pointer units)."""
    h, w = capture.image.shape[:2]
    x = np.rint((points[:, 0] - capture.left) * capture.scale).astype(np.intp)
    y = np.rint((points[:, 1] - capture.top) * capture.scale).astype(np.intp)
    xs = np.clip(x[:, None] + _NEIGHBOURS[:, 0], 0, w - 1)
    ys = np.clip(y[:, None] + _NEIGHBOURS[:, 1], 0, h - 1)
    return np.median(capture.image[ys, xs], axis=1)


def pin_board(capture: Capture, board: Geometry, puzzle: Puzzle) -> Pins:
    """The pins of ``board`` (pointer coordinates) as ``capture`` shows them.

    Corner pins that fall outside the capture (a board flush with its edge)
    are left out; the dots are always inside.
    """
    points = [board.centre(cell) for pair in puzzle.pairs for cell in (pair.a, pair.b)]
    reach = OUTSIDE * board.cell_size
    h, w = capture.image.shape[:2]
    area = (
        capture.left,
        capture.top,
        capture.left + w / capture.scale,
        capture.top + h / capture.scale,
    )
    for x, dx in ((board.left, -reach), (board.right, reach)):
        for y, dy in ((board.top, -reach), (board.bottom, reach)):
            p = Point(x + dx, y + dy)
            if area[0] + 1 <= p.x < area[2] - 1 and area[1] + 1 <= p.y < area[3] - 1:
                points.append(p)
    xy = np.array([(p.x, p.y) for p in points], dtype=np.float64)
    margin = 2 / capture.scale
    x0, y0 = np.maximum(np.floor(xy.min(axis=0) - margin), np.floor(area[:2]))
    x1, y1 = np.minimum(np.ceil(xy.max(axis=0) + margin), np.floor(area[2:]) - 1)
    region = Region(int(x0), int(y0), int(x1 - x0) + 1, int(y1 - y0) + 1)
    return Pins(tuple(points), _sample(capture, xy), region, board.cell_size)


class BoardWatch:
    """Raises ``BoardMovedError`` when a look finds the pins changed (see the module doc).

    Call it with where the pointer is (``None``: not over the board yet)
    before each press and each move; ``tolerance`` is the largest RGB
    distance a pin may drift (a mirrored phone's video is noisy).
    """

    def __init__(self, screen: Screen, pins: Pins, *, tolerance: float) -> None:
        self.screen, self.pins, self.tolerance = screen, pins, tolerance
        self._xy = np.array([(p.x, p.y) for p in pins.points], dtype=np.float64)
        self.looks = 0

    def __call__(self, pointer: Point | None) -> None:
        self.looks += 1
        capture = self.screen.grab(self.pins.region)
        drift = np.linalg.norm(_sample(capture, self._xy) - self.pins.colours, axis=1)
        changed = drift > self.tolerance
        if pointer is not None:
            near = np.hypot(self._xy[:, 0] - pointer.x, self._xy[:, 1] - pointer.y)
            changed &= near > UNDER_POINTER * self.pins.pitch
        if changed.any():
            log.info("%d of %d pins changed: stopping", int(changed.sum()), len(changed))
            raise BoardMovedError(
                f"the board moved or was covered while drawing ({int(changed.sum())} of "
                f"{len(changed)} pinned pixels changed); stopped"
            )
