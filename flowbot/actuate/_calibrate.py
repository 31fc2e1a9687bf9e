"""Calibration: find the fastest pacing a target takes reliably, by trying it.

On the board on the screen: read and solve it once, then for each candidate
pacing, fastest first, clear the board, draw the solution and look whether
every path was taken; the first pacing that works on every trial wins, and
the profile keeps a candidate or more slower than it (headroom: a pacing
that just passed on one board, at one load, can lose moves on a bigger board
or a busier machine).
Clearing taps each colour's first dot, which in Flow Free (and on the
practice board) clears that colour's pipe; the board is read again to make
sure it is empty before the next trial.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from flowbot.actuate._confirm import untaken_paths
from flowbot.actuate._draw import Clock, Pacing, SystemClock, Watch, draw
from flowbot.actuate._plan import to_capture
from flowbot.actuate._play import (
    Plan,
    Reader,
    Settings,
    Solver,
    default_reader,
    default_solver,
    make_plan,
    watch_board,
)
from flowbot.actuate._pointer import Pointer
from flowbot.actuate._screen import Screen
from flowbot.errors import ActuationError, PathNotTakenError, VisionError
from flowbot.models import Puzzle

log = logging.getLogger(__name__)

#: Candidate waits after each move, in seconds: from "as fast as possible" to two frames.
CANDIDATE_STEPS = (0.0, 0.002, 0.004, 0.008, 1 / 60, 2 / 60)


@dataclass(frozen=True, slots=True)
class Trial:
    """One drawing at one pacing: did every path show?"""

    step: float
    taken: bool
    missing: tuple[str, ...]
    seconds: float


@dataclass(frozen=True, slots=True)
class Calibration:
    """The fastest pacing that worked, every trial made, and the settings to keep.

    ``settings.pacing.step`` is the pacing kept: ``step`` plus the headroom.
    """

    puzzle: Puzzle
    step: float
    trials: tuple[Trial, ...]
    settings: Settings


def _clear(
    plan: Plan, *, screen: Screen, pointer: Pointer, settings: Settings, read: Reader, clock: Clock
) -> None:
    for pair in plan.reading.puzzle.pairs:
        try:
            pointer.press(plan.board.centre(pair.a))
            clock.sleep_until(clock.now() + settings.pacing.between)
        finally:
            pointer.release()
        clock.sleep_until(clock.now() + settings.pacing.between)
    # The target may show the pipes a frame or more after the taps (a busy
    # machine): looked at again until ``confirm_timeout``, as drawn paths are.
    deadline = clock.now() + settings.settle + settings.confirm_timeout
    clock.sleep_until(clock.now() + settings.settle)
    while True:
        try:
            again = read(screen.grab(settings.region).image).puzzle
            break
        except VisionError as exc:
            if clock.now() >= deadline:
                raise ActuationError(f"could not clear the board between trials ({exc})") from None
        clock.sleep_until(clock.now() + max(settings.settle, 0.02))
    if again.canonical() != plan.reading.puzzle.canonical():
        raise ActuationError("the board changed during calibration")


def _trial(
    plan: Plan,
    *,
    screen: Screen,
    pointer: Pointer,
    settings: Settings,
    step: float,
    clock: Clock,
    watch: Watch,
) -> Trial:
    pace = Pacing(step=step, between=max(step, settings.pacing.between))
    t = clock.now()
    draw(plan.drags, pointer, board=plan.board, pace=pace, clock=clock, watch=watch)
    seconds = clock.now() - t
    deadline = clock.now() + settings.settle + settings.confirm_timeout
    clock.sleep_until(clock.now() + settings.settle)
    while True:
        capture = screen.grab(settings.region)
        missing = untaken_paths(
            capture.image, to_capture(plan.board, capture), plan.solution,
            plan.reading.colours, tolerance=settings.tolerance,
        )  # fmt: skip
        if not missing or clock.now() >= deadline:
            break
        clock.sleep_until(clock.now() + max(settings.settle, 0.02))
    labels = tuple(plan.drags[i].label for i in missing)
    return Trial(step, not missing, labels, seconds)


def calibrate(
    screen: Screen,
    pointer: Pointer,
    *,
    settings: Settings | None = None,
    steps: Sequence[float] = CANDIDATE_STEPS,
    trials: int = 3,
    headroom: int = 1,
    read: Reader = default_reader,
    solve: Solver = default_solver,
    clock: Clock | None = None,
) -> Calibration:
    """Find the fastest pacing at which the target takes every path on every trial.

    Parameters
    ----------
    screen, pointer
        The target, showing an unsolved board.
    settings
        Everything but the pacing (drag style, region, tolerances); default ``Settings()``.
    steps
        Candidate waits after each move, in seconds; tried fastest first.
    trials
        Drawings per candidate; all must succeed.
    headroom
        How many candidates slower than the fastest that worked to keep (at
        most the slowest candidate); 0 keeps the fastest.
    read, solve, clock
        Stage functions and time source (the real ones by default).

    Returns
    -------
    Calibration
        The fastest step that worked, every trial, and ``settings`` with the
        pacing kept.

    Raises
    ------
    PathNotTakenError
        Not even the slowest candidate worked.
    """
    settings = settings or Settings()
    clock = clock or SystemClock()
    if headroom < 0:
        raise ValueError("headroom must be 0 or more")
    plan = make_plan(screen, settings=settings, read=read, solve=solve, clock=clock)
    watch = watch_board(plan, plan.capture, screen, settings)
    done: list[Trial] = []
    candidates = sorted(steps)
    for index, step in enumerate(candidates):
        ok = True
        for _ in range(trials):
            _clear(plan, screen=screen, pointer=pointer, settings=settings, read=read, clock=clock)
            trial = _trial(
                plan, screen=screen, pointer=pointer, settings=settings, step=step, clock=clock,
                watch=watch,
            )  # fmt: skip
            log.info(
                "step %.1f ms: %s",
                step * 1000,
                "taken" if trial.taken else f"missed {trial.missing}",
            )
            done.append(trial)
            if not trial.taken:
                ok = False
                break
        if ok:
            kept = candidates[min(index + headroom, len(candidates) - 1)]
            pace = Pacing(step=kept, between=max(kept, settings.pacing.between))
            chosen = dataclasses.replace(settings, pacing=pace)
            return Calibration(plan.reading.puzzle, step, tuple(done), chosen)
    raise PathNotTakenError(
        f"the target missed paths at every pacing up to {max(steps) * 1000:.0f} ms per move"
    )
