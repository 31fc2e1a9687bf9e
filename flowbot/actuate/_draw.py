"""Replaying drags on a pointer, paced for the target's frame rate."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from flowbot.actuate._area import PlayArea
from flowbot.actuate._plan import Drag
from flowbot.actuate._pointer import Pointer
from flowbot.models import Point

log = logging.getLogger(__name__)

#: One frame at 60 Hz: browsers and phone mirrors read the pointer once per frame.
FRAME = 1 / 60

#: A look at the board before each press and move, given where the pointer is
#: (``None``: before the first press); raises ``BoardMovedError`` to stop drawing.
Watch = Callable[[Point | None], None]


@dataclass(frozen=True, slots=True)
class Pacing:
    """How long to wait after each pointer action, in seconds.

    ``step`` follows the press and every move (a move that arrives before the
    target's next frame is lost); ``between`` follows each release, before the
    next drag starts.
    """

    step: float = FRAME
    between: float = FRAME

    def __post_init__(self) -> None:
        if self.step < 0 or self.between < 0:
            raise ValueError("pacing cannot be negative")


class Clock(Protocol):
    """Time, injectable so tests never sleep."""

    def now(self) -> float: ...

    def sleep_until(self, deadline: float) -> None: ...


class SystemClock:
    """The real clock (``time.perf_counter``)."""

    def now(self) -> float:
        return time.perf_counter()

    def sleep_until(self, deadline: float) -> None:
        remaining = deadline - time.perf_counter()
        if remaining > 0:
            time.sleep(remaining)


class FakeClock:
    """A clock that jumps instead of sleeping, for tests."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def sleep_until(self, deadline: float) -> None:
        self.t = max(self.t, deadline)


def draw(
    drags: Sequence[Drag],
    pointer: Pointer,
    *,
    area: PlayArea,
    pace: Pacing = Pacing(),  # frozen, so sharing the default is safe
    clock: Clock | None = None,
    watch: Watch | None = None,
) -> int:
    """Replay ``drags`` on ``pointer``; return the number of moves made.

    Every point and every move is checked to lie in ``area`` (the board's
    playable cells) before the first press (``ActuationError`` otherwise).
    Deadlines are absolute, so time spent in the pointer calls (and in
    ``watch``'s looks) counts toward the pacing instead of adding to it.
    ``watch`` looks at the board right before each press and each move, and
    stops the drawing by raising. The button is released however the drawing
    ends.
    """
    area.check(drags)
    clock = clock or SystemClock()
    look = watch or (lambda _at: None)
    moves = 0
    t = clock.now()
    at: Point | None = None
    for drag in drags:
        try:
            look(at)
            pointer.press(drag.points[0])
            at = drag.points[0]
            t = max(t + pace.step, clock.now())
            for point in drag.points[1:]:
                clock.sleep_until(t)
                look(at)
                pointer.move(point)
                at = point
                moves += 1
                t = max(t + pace.step, clock.now())
            clock.sleep_until(t)
        finally:
            pointer.release()
        t += pace.between
        clock.sleep_until(t)
    log.debug("drew %d drags, %d moves", len(drags), moves)
    return moves
