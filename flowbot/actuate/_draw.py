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
    """How long to wait between pointer actions, in seconds.

    ``step`` parts two moves, also across drags (a move that arrives before
    the target's next frame is lost). ``hold`` parts a press from the first
    move and the last move from the release (``None``: a ``step``; 0 for a
    game that takes a button event at once, with the pointer's place when it
    comes, as browsers and phones deliver them, flushing a pending move: then
    no frame goes to the buttons). ``between`` parts a release from the next
    press.
    """

    step: float = FRAME
    between: float = FRAME
    hold: float | None = None

    def __post_init__(self) -> None:
        if self.step < 0 or self.between < 0 or self.held < 0:
            raise ValueError("pacing cannot be negative")

    @property
    def held(self) -> float:
        """``hold`` in seconds (a ``step`` when the profile does not say)."""
        return self.step if self.hold is None else self.hold


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
    Nothing waits after the last release: the caller lets the game settle.
    ``watch`` looks at the board right before each press and each move, and
    stops the drawing by raising. The button is released however the drawing
    ends.
    """
    area.check(drags)
    clock = clock or SystemClock()
    look = watch or (lambda _at: None)
    moves = 0
    press_at = clock.now()
    move_at = press_at  # a step after the last move, once there was one
    at: Point | None = None
    for k, drag in enumerate(drags):
        clock.sleep_until(press_at)
        look(at)  # the button is up here: a look that stops the drawing needs no release
        try:
            pointer.press(drag.points[0])
            at = drag.points[0]
            # The first move waits for the hold and for a step since the last move; the
            # press's own time is spent within that wait when there is one.
            move_at = max(move_at, press_at + pace.held, clock.now())
            for point in drag.points[1:]:
                clock.sleep_until(move_at)
                woke = clock.now()  # later than planned on a busy machine
                look(at)
                pointer.move(point)
                at = point
                moves += 1
                moved_at = move_at
                # A step after this move went out, not after it was due: a late
                # move pushes the next one back instead of both landing in one frame.
                move_at = max(woke + pace.step, clock.now())
            release_at = max(moved_at + pace.held, clock.now())
            clock.sleep_until(release_at)
        finally:
            pointer.release()
        if k + 1 < len(drags):
            press_at = release_at + pace.between
    log.debug("drew %d drags, %d moves", len(drags), moves)
    return moves
