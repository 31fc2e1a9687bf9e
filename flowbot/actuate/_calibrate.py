"""Calibration: find how fast, and in how long jumps, a target takes drags reliably.

On the board on the screen: read and solve it once, then draw the solution
again and again, looking each time whether every path was taken. First the
pacing, a move per cell, for each candidate wait after a move, fastest first:
the first that works on every trial wins, and the profile keeps a candidate
or more slower than it (headroom: a pacing that just passed on one board, at
one load, can lose moves on a bigger board or a busier machine). Then, at the
pacing kept, the longest straight jump one move may make: a whole run from
turn to turn first (games that fill the cells a jump crossed), else jumps of
2, 3, 4... cells until one is lost (games that take only side-by-side cells
lose every jump: 1). A lost jump is the jump's only if one-cell moves at
that pacing are still taken and the jump is lost again a candidate slower
(a busy window can merge the moves of a jump it had no time for); with
one-cell moves lost too, the pacing was too fast after all (a busy machine),
and the jump is tried again a candidate slower. Either way a jump taken
slower keeps that slower pacing.

Between trials the board is cleared as the profile says (``clear``):
``"redraw"`` (the default) does nothing, because pressing on a dot and
drawing replaces that colour's pipe in Flow Free and in most versions of it;
``"tap"`` taps each colour's first dot (where a tap clears it),
``"key:NAME"`` presses a reset key and ``"click:X,Y"`` clicks a reset button
(X, Y: fractions of the board's width and height from its top-left corner),
and after any of these the board is read again to make sure it is empty;
a board still not empty is cleared once more (``CLEAR_ATTEMPTS``) before
calibration gives up.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from flowbot.actuate._confirm import untaken_paths
from flowbot.actuate._draw import Clock, Pacing, SystemClock, Watch, draw
from flowbot.actuate._plan import plan_drags, to_capture
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
from flowbot.actuate._pointer import Pointer, as_keyboard
from flowbot.actuate._screen import Screen
from flowbot.errors import ActuationError, PathNotTakenError, VisionError
from flowbot.models import Point, Puzzle

log = logging.getLogger(__name__)

#: Candidate waits after each move, in seconds: from "as fast as possible" to two frames.
CANDIDATE_STEPS = (0.0, 0.002, 0.004, 0.008, 1 / 60, 2 / 60)
#: Candidate jumps, in cells, tried after a whole run (``None``) was lost; the
#: first lost ends the search.
CANDIDATE_JUMPS = (2, 3, 4, 6)
#: How calibration may clear the board between trials (besides ``"key:NAME"`` and
#: ``"click:X,Y"``).
CLEAR_MODES = ("redraw", "tap")
#: Tries at clearing the board before calibration gives up: a busy target can lose a
#: tap or a key as it loses moves, and the clearing is no part of what is measured.
CLEAR_ATTEMPTS = 2


@dataclass(frozen=True, slots=True)
class Trial:
    """One drawing at one pacing and jump: did every path show?"""

    step: float
    jump: int | None
    taken: bool
    missing: tuple[str, ...]
    seconds: float
    #: Pressed and released with no wait of their own (``Pacing`` hold and between 0).
    at_once: bool = False


@dataclass(frozen=True, slots=True)
class Calibration:
    """The fastest pacing and longest jump that worked, every trial made, and the
    settings to keep.

    ``settings.pacing.step`` is the pacing kept: ``step`` plus the headroom, or slower
    where the jumps' trials lost one-cell moves there too or took a jump only slower;
    ``settings.jump`` is ``jump``; with ``at_once`` its hold and between are 0.
    """

    puzzle: Puzzle
    step: float
    jump: int | None
    trials: tuple[Trial, ...]
    settings: Settings
    #: The target took presses and releases with no wait of their own.
    at_once: bool = False


def _button(clear: str) -> tuple[float, float] | None:
    """The reset button's place in ``"click:X,Y"`` (fractions of the board), else ``None``."""
    if not clear.startswith("click:"):
        return None
    try:
        x, y = (float(v) for v in clear.removeprefix("click:").split(","))
    except ValueError:
        return None
    return (x, y)


def check_clear_mode(clear: str) -> str:
    """``clear`` if it names a way to clear the board, else ``ValueError``."""
    if clear in CLEAR_MODES or (clear.startswith("key:") and len(clear) > 4) or _button(clear):
        return clear
    raise ValueError(
        f'clear must be one of {", ".join(CLEAR_MODES)}, "key:NAME" or "click:X,Y", not {clear!r}'
    )


def _click(pointer: Pointer, point: Point, settings: Settings, clock: Clock) -> None:
    try:
        pointer.press(point)
        clock.sleep_until(clock.now() + max(settings.pacing.between, settings.pacing.step))
    finally:
        pointer.release()
    clock.sleep_until(clock.now() + max(settings.pacing.between, settings.pacing.step))


def _clear(
    plan: Plan,
    *,
    how: str,
    screen: Screen,
    pointer: Pointer,
    settings: Settings,
    read: Reader,
    clock: Clock,
) -> None:
    if how == "redraw":
        return  # each trial's strokes start on a dot, which replaces that colour's pipe
    board, button = plan.board, _button(how)
    for attempt in range(1, CLEAR_ATTEMPTS + 1):
        if how == "tap":
            for pair in plan.reading.puzzle.pairs:
                _click(pointer, board.centre(pair.a), settings, clock)
        elif button is not None:
            width, height = board.right - board.left, board.bottom - board.top
            _click(pointer, Point(board.left + button[0] * width, board.top + button[1] * height),
                   settings, clock)  # fmt: skip
        else:
            as_keyboard(pointer).key(how.removeprefix("key:"))
        still = _cleared(plan, screen=screen, settings=settings, read=read, clock=clock)
        if still is None:
            return
        log.info("board not cleared on try %d of %d (%s)", attempt, CLEAR_ATTEMPTS, still)
    raise ActuationError(f"could not clear the board between trials ({still})")


def _cleared(
    plan: Plan, *, screen: Screen, settings: Settings, read: Reader, clock: Clock
) -> str | None:
    """``None`` once the board reads empty, else what was still seen at the deadline."""
    # The target may show the pipes a frame or more after the taps (a busy
    # machine): looked at again until ``confirm_timeout``, as drawn paths are.
    deadline = clock.now() + settings.settle + settings.confirm_timeout
    clock.sleep_until(clock.now() + settings.settle)
    while True:
        try:
            reading = read(screen.grab(settings.region).image)
            if not any(reading.pipes):  # the reader sees pipes still drawn
                if reading.puzzle.canonical() != plan.reading.puzzle.canonical():
                    raise ActuationError("the board changed during calibration")
                return None
            still = "pipes are still drawn"
        except VisionError as exc:
            still = str(exc)
        if clock.now() >= deadline:
            return still
        clock.sleep_until(clock.now() + max(settings.settle, 0.02))


def _trial(
    plan: Plan,
    *,
    screen: Screen,
    pointer: Pointer,
    settings: Settings,
    step: float,
    jump: int | None,
    clock: Clock,
    watch: Watch,
    at_once: bool = False,
) -> Trial:
    pace = _pacing(step, settings, at_once=at_once)
    drags = plan_drags(plan.solution, plan.board, jump=jump)
    t = clock.now()
    draw(drags, pointer, area=plan.area, pace=pace, clock=clock, watch=watch)
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
    labels = tuple(plan.solution.puzzle.pairs[i].label for i in missing)
    return Trial(step, jump, not missing, labels, seconds, at_once)


def _pacing(step: float, settings: Settings, *, at_once: bool) -> Pacing:
    """The pacing of a trial at ``step``: buttons ``at_once``, or held a step and
    released no nearer the next press than a step (or ``settings``' between)."""
    if at_once:
        return Pacing(step=step, between=0.0, hold=0.0)
    return Pacing(step=step, between=max(step, settings.pacing.between))


def calibrate(
    screen: Screen,
    pointer: Pointer,
    *,
    settings: Settings | None = None,
    steps: Sequence[float] = CANDIDATE_STEPS,
    jumps: Sequence[int] = CANDIDATE_JUMPS,
    trials: int = 3,
    headroom: int = 1,
    clear: str = "redraw",
    read: Reader = default_reader,
    solve: Solver = default_solver,
    clock: Clock | None = None,
) -> Calibration:
    """Find the fastest pacing, and then the longest straight jump, at which the
    target takes every path on every trial; then whether it takes presses and
    releases at once (no wait of their own: browsers and phones deliver button
    events as they come, a move only once per frame).

    Parameters
    ----------
    screen, pointer
        The target, showing an unsolved board (``pointer`` must also be a
        ``Keyboard`` for ``clear="key:NAME"``).
    settings
        Everything but the pacing and jump (region, tolerances); default ``Settings()``.
    steps
        Candidate waits after each move, in seconds; tried fastest first.
    jumps
        Candidate jumps in cells, tried shortest first after a whole run was lost.
    trials
        Drawings per candidate; all must succeed.
    headroom
        How many candidates slower than the fastest that worked to keep (at
        most the slowest candidate); 0 keeps the fastest.
    clear
        How to clear the board between trials: ``"redraw"``, ``"tap"`` or
        ``"key:NAME"`` (see the module docstring).
    read, solve, clock
        Stage functions and time source (the real ones by default).

    Returns
    -------
    Calibration
        The fastest step and longest jump that worked, every trial, and
        ``settings`` with the pacing and jump kept.

    Raises
    ------
    PathNotTakenError
        Not even the slowest candidate pacing worked.
    """
    settings = settings or Settings()
    clock = clock or SystemClock()
    if headroom < 0:
        raise ValueError("headroom must be 0 or more")
    how = check_clear_mode(clear)
    plan = make_plan(screen, settings=settings, read=read, solve=solve, clock=clock)
    watch = watch_board(plan, plan.capture, screen, settings)
    done: list[Trial] = []

    def passes(step: float, jump: int | None, at_once: bool = False) -> bool:
        for _ in range(trials):
            _clear(
                plan, how=how, screen=screen, pointer=pointer, settings=settings, read=read,
                clock=clock,
            )  # fmt: skip
            trial = _trial(
                plan, screen=screen, pointer=pointer, settings=settings, step=step, jump=jump,
                clock=clock, watch=watch, at_once=at_once,
            )  # fmt: skip
            log.info(
                "step %.1f ms, jump %s%s: %s",
                step * 1000,
                "a whole run" if jump is None else jump,
                ", buttons at once" if at_once else "",
                "taken" if trial.taken else f"missed {trial.missing}",
            )
            done.append(trial)
            if not trial.taken:
                return False
        return True

    candidates = sorted(steps)
    fastest = next((i for i, step in enumerate(candidates) if passes(step, 1)), None)
    if fastest is None:
        raise PathNotTakenError(
            f"the target missed paths at every pacing up to {max(steps) * 1000:.0f} ms per move"
        )
    at = min(fastest + headroom, len(candidates) - 1)

    def taken(jump: int | None) -> bool:
        """Whether the target takes jumps of ``jump`` at the pacing kept. A miss that the
        one-cell moves repeat at that pacing is the pacing's (a busy machine, a frame the
        game dropped), not the jump's: the pacing is slowed a candidate, the jump tried
        again. A miss the one-cell moves do not repeat may still be a moment's load (a
        window that merged moves it had no time for): the jump is tried once more a
        candidate slower, which is kept if it takes the jump, before ruling it out."""
        nonlocal at
        while not passes(candidates[at], jump):
            if at == len(candidates) - 1:
                return False
            if passes(candidates[at], 1):
                if not passes(candidates[at + 1], jump):
                    return False
                at += 1
                return True
            at += 1
        return True

    jump: int | None = 1
    if taken(None):
        jump = None
    else:
        for longer in sorted(jumps):
            if not taken(longer):
                break
            jump = longer
    kept = candidates[at]
    at_once = passes(kept, jump, at_once=True)
    pace = _pacing(kept, settings, at_once=at_once)
    chosen = dataclasses.replace(settings, pacing=pace, jump=jump)
    return Calibration(plan.reading.puzzle, candidates[fastest], jump, tuple(done), chosen, at_once)
