"""Going on to the next level after a solved board, as the game asks.

In Flow Free a solved level is covered, a moment later, by a "level complete"
panel with a button to the next level; time trials put the next board up at
once. A profile's ``[next]`` section says which (``Advance``): wait for the
next board, click at a point given relative to the board or the window, or
press a key. Before tapping, ``next_level`` makes sure the panel appeared (the
solved board's pins changed: something covers it), and after, that a new
board can be read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from flowbot.actuate._draw import Clock
from flowbot.actuate._pointer import Pointer, as_keyboard
from flowbot.actuate._screen import Image, Region, Screen
from flowbot.actuate._watch import BoardWatch, Pins
from flowbot.errors import ActuationError, BoardMovedError, VisionError
from flowbot.models import Geometry, Point, Reading

log = logging.getLogger(__name__)

AdvanceHow = Literal["wait", "click", "key"]
ADVANCE_HOWS: tuple[AdvanceHow, ...] = ("wait", "click", "key")
Frame = Literal["board", "window"]
FRAMES: tuple[Frame, ...] = ("board", "window")


@dataclass(frozen=True, slots=True)
class Advance:
    """How the game goes on to the next level.

    Attributes
    ----------
    how
        ``"wait"``: the next board comes by itself; ``"click"``: click at
        ``at``; ``"key"``: press ``key``.
    at
        Where to click, as fractions of ``of``'s width and height from its
        top-left corner (``(0.5, 1.1)``: centred, a tenth below a board).
    of
        ``"board"`` (the board just solved) or ``"window"`` (the region
        looked at, or the whole screen).
    key
        The key to press (pyautogui's names: ``"space"``, ``"enter"``...).
    timeout
        Seconds to wait for the panel, and then for the next board.
    steady
        Seconds the solved board must stay covered before the panel counts
        as come (a flash or animation over the solved board is no panel).
    """

    how: AdvanceHow = "wait"
    at: tuple[float, float] = (0.5, 0.5)
    of: Frame = "board"
    key: str = "space"
    timeout: float = 5.0
    steady: float = 0.15

    def __post_init__(self) -> None:
        if self.how not in ADVANCE_HOWS:
            raise ValueError(f"next.after must be one of {', '.join(ADVANCE_HOWS)}")
        if self.of not in FRAMES:
            raise ValueError(f"next.of must be one of {', '.join(FRAMES)}")
        if len(self.at) != 2:
            raise ValueError("next.at must be [X, Y], fractions of the board or window")
        if self.timeout <= 0:
            raise ValueError("next.timeout_ms must be positive")


def _point(advance: Advance, board: Geometry, screen: Screen, region: Region | None) -> Point:
    fx, fy = advance.at
    if advance.of == "board":
        left, top = board.left, board.top
        width, height = board.right - board.left, board.bottom - board.top
    else:
        shot = screen.grab(region)
        h, w = shot.image.shape[:2]
        left, top, width, height = shot.left, shot.top, w / shot.scale, h / shot.scale
    return Point(left + fx * width, top + fy * height)


def next_level(
    advance: Advance,
    *,
    board: Geometry,
    pins: Pins,
    screen: Screen,
    pointer: Pointer,
    region: Region | None,
    tolerance: float,
    read: Callable[[Image], Reading],
    clock: Clock,
    poll: float = 0.05,
) -> Reading | None:
    """Go on from the solved ``board`` (whose ``pins`` showed it solved) as ``advance`` says.

    Returns the next board's reading, or ``None`` for ``"wait"`` (nothing to
    do: the caller waits for the next board as usual).

    Raises
    ------
    ActuationError
        No panel came within the timeout (nothing is tapped then), the
        pointer cannot press keys, or no new board came after the tap.
    """
    if advance.how == "wait":
        return None
    watch = BoardWatch(screen, pins, tolerance=tolerance)
    deadline = clock.now() + advance.timeout
    covered_since: float | None = None
    while True:  # the panel: the solved board is covered, and stays so
        try:
            watch(None)
            covered_since = None
        except BoardMovedError:
            covered_since = clock.now() if covered_since is None else covered_since
            if clock.now() - covered_since >= advance.steady:
                break
        if clock.now() >= deadline:
            raise ActuationError(
                f"no 'level complete' panel over the solved board within {advance.timeout:g} s"
            )
        clock.sleep_until(clock.now() + poll)
    if advance.how == "click":
        point = _point(advance, board, screen, region)
        log.info("next level: click at (%.0f, %.0f)", point.x, point.y)
        try:
            pointer.press(point)
            clock.sleep_until(clock.now() + poll)
        finally:
            pointer.release()
    else:
        log.info("next level: key %s", advance.key)
        as_keyboard(pointer).key(advance.key)
    deadline = clock.now() + advance.timeout
    while True:  # the next board
        clock.sleep_until(clock.now() + poll)
        try:
            return read(screen.grab(region).image)
        except VisionError:
            if clock.now() >= deadline:
                raise ActuationError(
                    f"no new board within {advance.timeout:g} s of going on to the next level"
                ) from None
