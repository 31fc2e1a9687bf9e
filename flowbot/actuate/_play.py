"""The play loop: capture, read, solve, plan, check nothing moved, draw, confirm.

``play_once`` chains the stages for one board; ``play_loop`` waits for each new
board and plays it. The stage functions (vision's ``read_board``, the solver's
``solve``) are passed in, defaulting to the real ones, so the loop's own logic
is the only thing here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from flowbot.actuate._advance import Advance, next_level
from flowbot.actuate._area import PlayArea
from flowbot.actuate._confirm import dots_visible, untaken_paths
from flowbot.actuate._draw import Clock, Pacing, SystemClock, draw
from flowbot.actuate._plan import Drag, plan_drags, to_capture, to_screen
from flowbot.actuate._pointer import Pointer
from flowbot.actuate._screen import Capture, Region, Screen
from flowbot.actuate._watch import BoardWatch, Pins, pin_board
from flowbot.errors import (
    BoardMovedError,
    FailSafeError,
    FlowbotError,
    PathNotTakenError,
    SolveTimeoutError,
    UnsolvableError,
    VisionError,
)
from flowbot.models import Geometry, Puzzle, Reading, Solution, SolveResult, SolveStatus

log = logging.getLogger(__name__)

Reader = Callable[[npt.NDArray[np.uint8]], Reading]
Solver = Callable[..., SolveResult]


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything that tunes play for one target (see ``flowbot/profiles/*.toml``).

    Attributes
    ----------
    pacing
        Waits between pointer actions.
    jump
        The most cells one move goes along a straight run (``None``: a whole
        run; see ``plan_drags``): how far the game fills a jump of the pointer.
    region
        Where to look for the board (pointer units); ``None``: the whole screen.
    tolerance
        RGB distance within which a drawn cell counts as its path's colour.
    retries
        How many times to re-draw paths the game did not take.
    settle
        Seconds to let the game redraw before the result is captured.
    confirm_timeout
        Seconds to keep looking for a path before re-drawing it.
    solve_timeout
        Seconds the solver may take (``None``: no limit).
    moved_tolerance
        How far (in cell pitches) the board may shift between two reads.
    advance
        How ``play_loop`` goes on to the next level after a solved board.
    """

    pacing: Pacing = field(default_factory=Pacing)
    jump: int | None = 1
    region: Region | None = None
    tolerance: float = 80.0
    retries: int = 2
    settle: float = 0.05
    confirm_timeout: float = 1.0
    solve_timeout: float | None = 20.0
    moved_tolerance: float = 0.25
    advance: Advance = field(default_factory=Advance)


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """A board read, solved and turned into strokes, before any drawing."""

    capture: Capture
    reading: Reading
    solution: Solution
    board: Geometry  # in pointer coordinates
    drags: tuple[Drag, ...]
    capture_seconds: float
    read_seconds: float
    solve_seconds: float

    @property
    def moves(self) -> int:
        return sum(drag.moves for drag in self.drags)

    @property
    def area(self) -> PlayArea:
        """Where the pointer may be while the button is down (pointer coordinates)."""
        return PlayArea.of(self.reading.puzzle, self.board)

    def drags_of(self, paths: Sequence[int]) -> list[Drag]:
        """The drags that draw the given paths (by index), in order: a path through
        warps takes several."""
        labels = {self.solution.puzzle.pairs[i].label for i in paths}
        return [drag for drag in self.drags if drag.label in labels]


@dataclass(frozen=True, slots=True)
class PlayReport:
    """How one board went. Times in seconds; ``total`` runs from the first capture to
    the confirmed solved board; ``confirm`` is the time spent looking at the drawn
    board (letting the game settle, and again until it shows every path)."""

    puzzle: Puzzle
    drags: int
    moves: int
    redrawn: tuple[str, ...]
    capture_seconds: float
    read_seconds: float
    solve_seconds: float
    draw_seconds: float
    confirm_seconds: float
    total_seconds: float
    board: Geometry  # where it was, pointer coordinates
    pins: Pins  # how it looked (see ``BoardWatch``): for ``next_level``

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.draw_seconds if self.draw_seconds > 0 else float("inf")


def default_reader(image: npt.NDArray[np.uint8]) -> Reading:
    """The vision stage's ``read_board``."""
    from flowbot.vision import read_board  # noqa: PLC0415 - the stage loads its models lazily

    return read_board(image)


def default_solver(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
    """The solve stage's ``solve``."""
    from flowbot.solve import solve  # noqa: PLC0415

    return solve(puzzle, timeout=timeout)


#: A board every stage can take, for ``warm_up``.
_WARM_UP_BOARD = ("A...B", "..C..", ".....", "..C..", "A...B")


def warm_up(
    screen: Screen | None = None,
    region: Region | None = None,
    *,
    read: Reader = default_reader,
    solve: Solver = default_solver,
) -> None:
    """Grab ``screen`` once, and run the vision and solve stages once on a small
    drawn board, untimed.

    Their first call imports libraries, fills caches and sets up shared memory
    (about a second, which the first board's timings would otherwise report as
    capturing, reading and solving).
    """
    from flowbot.render import render_board  # noqa: PLC0415 - only needed here

    if screen is not None:
        screen.grab(region)
    try:
        reading = read(render_board(Puzzle.from_grid(_WARM_UP_BOARD), cell_px=40))
        solve(reading.puzzle, timeout=5.0)
    except FlowbotError as exc:  # a warm-up that fails costs nothing but the time
        log.warning("warming up failed: %s", exc)


def make_plan(
    screen: Screen,
    *,
    settings: Settings = Settings(),  # frozen: a shared default is safe
    read: Reader = default_reader,
    solve: Solver = default_solver,
    clock: Clock | None = None,
) -> Plan:
    """Capture the screen, read the board, solve it and plan the strokes.

    Raises
    ------
    VisionError
        No board, or one the vision stage will not vouch for.
    UnsolvableError, SolveTimeoutError
        The solver found no solution.
    """
    clock = clock or SystemClock()
    t0 = clock.now()
    capture = screen.grab(settings.region)
    t_read = clock.now()
    reading = read(capture.image)
    t1 = clock.now()
    log.info("read a %s board with %d colours", reading.puzzle.size, len(reading.puzzle.pairs))
    result = solve(reading.puzzle, timeout=settings.solve_timeout)
    t2 = clock.now()
    if result.status is SolveStatus.UNSOLVABLE:
        raise UnsolvableError(f"the {reading.puzzle.size} board on screen has no solution")
    if result.status is SolveStatus.TIMEOUT or result.solution is None:
        raise SolveTimeoutError(f"no solution within {settings.solve_timeout} s")
    board = to_screen(reading.geometry, capture)
    drags = plan_drags(result.solution, board, jump=settings.jump)
    return Plan(capture, reading, result.solution, board, drags, t_read - t0, t1 - t_read, t2 - t1)


def _board_pixels(capture: Capture, board: Geometry) -> npt.NDArray[np.uint8]:
    g = to_capture(board, capture)
    h, w = capture.image.shape[:2]
    x0, y0 = max(0, int(g.left)), max(0, int(g.top))
    x1, y1 = min(w, int(np.ceil(g.right)) + 1), min(h, int(np.ceil(g.bottom)) + 1)
    return capture.image[y0:y1, x0:x1]


def _check_unmoved(plan: Plan, screen: Screen, settings: Settings, read: Reader) -> Capture:
    """Raise ``BoardMovedError`` unless the board is where and what it was when read;
    return the capture that shows it so.

    Fast path: the board's pixels are unchanged. Otherwise (an animation, a
    repaint) the board is read again and compared.
    """
    capture = screen.grab(settings.region)
    before = _board_pixels(plan.capture, plan.board)
    after = _board_pixels(capture, plan.board)
    if before.shape == after.shape and (
        np.abs(before.astype(np.int16) - after).max(initial=0) <= 8
    ):
        return capture
    try:
        again = read(capture.image)
    except VisionError as exc:
        raise BoardMovedError(f"the board went away before drawing ({exc})") from None
    if again.puzzle.canonical() != plan.reading.puzzle.canonical():
        raise BoardMovedError("the board changed before drawing")
    recoloured = np.linalg.norm(
        np.subtract(again.colours, plan.reading.colours, dtype=np.float64), axis=1
    )
    if recoloured.max(initial=0) > settings.tolerance / 2:
        raise BoardMovedError("the board changed colours before drawing")
    if type(again.geometry) is not type(plan.reading.geometry):
        raise BoardMovedError("the board changed before drawing")
    limit = settings.moved_tolerance * plan.board.cell_size
    shift = _shift(to_screen(again.geometry, capture), plan.board, plan.reading.puzzle)
    if shift > limit:
        raise BoardMovedError(f"the board moved by {shift:.0f} pixels before drawing")
    return capture


def _shift(a: Geometry, b: Geometry, puzzle: Puzzle) -> float:
    """How far apart two geometries of one board put any corner of any cell."""
    return max(
        max(abs(p.x - q.x), abs(p.y - q.y))
        for cell in puzzle.cells()
        for p, q in zip(a.polygon(cell), b.polygon(cell), strict=True)
    )


def watch_board(plan: Plan, capture: Capture, screen: Screen, settings: Settings) -> BoardWatch:
    """A watch that stops drawing once the board no longer looks as ``capture`` shows it."""
    pins = pin_board(capture, plan.board, plan.reading.puzzle)
    return BoardWatch(screen, pins, tolerance=settings.tolerance / 2)


def _untaken(plan: Plan, screen: Screen, settings: Settings, clock: Clock) -> tuple[int, ...]:
    """Paths not (yet) shown, looking again until ``confirm_timeout``.

    Raises ``BoardMovedError`` when paths are missing because the board
    itself is gone or covered: re-drawing there could press anything.
    """
    deadline = clock.now() + settings.settle + settings.confirm_timeout
    clock.sleep_until(clock.now() + settings.settle)
    while True:
        capture = screen.grab(settings.region)
        board = to_capture(plan.board, capture)
        colours = plan.reading.colours
        missing = untaken_paths(
            capture.image, board, plan.solution, colours, tolerance=settings.tolerance
        )
        if not missing:
            return missing
        if clock.now() >= deadline:
            puzzle = plan.reading.puzzle
            if not dots_visible(
                capture.image, board, puzzle, colours, tolerance=settings.tolerance
            ):
                raise BoardMovedError("the board moved or was covered while drawing")
            return missing
        clock.sleep_until(clock.now() + max(settings.settle, 0.02))


def play_once(
    screen: Screen,
    pointer: Pointer,
    *,
    settings: Settings = Settings(),
    read: Reader = default_reader,
    solve: Solver = default_solver,
    clock: Clock | None = None,
) -> PlayReport:
    """Solve the board on ``screen`` with ``pointer`` and confirm the game took it.

    Parameters
    ----------
    screen, pointer
        Where to look and what to drive.
    settings
        Pacing, jump, search region, tolerances and retries.
    read, solve
        The vision and solver stages (the real ones by default).
    clock
        Time source (tests pass a fake one).

    Returns
    -------
    PlayReport
        Counts and timings; ``total_seconds`` runs from the first capture to
        the confirmed solved board.

    Raises
    ------
    VisionError
        No readable board on the screen.
    UnsolvableError, SolveTimeoutError
        The solver found no solution.
    BoardMovedError
        The board moved or changed between reading and drawing.
    PathNotTakenError
        Some path still does not show after ``settings.retries`` re-draws.
    ActuationError
        A point fell outside the board, or the fail-safe fired.
    """
    clock = clock or SystemClock()
    t0 = clock.now()
    plan = make_plan(screen, settings=settings, read=read, solve=solve, clock=clock)
    watch = watch_board(plan, _check_unmoved(plan, screen, settings, read), screen, settings)
    area, drags = plan.area, len(plan.drags)
    t_draw = clock.now()
    moves = draw(plan.drags, pointer, area=area, pace=settings.pacing, clock=clock, watch=watch)
    draw_seconds = clock.now() - t_draw
    confirm_seconds = 0.0
    redrawn: list[str] = []
    for attempt in range(settings.retries + 1):
        t = clock.now()
        missing = _untaken(plan, screen, settings, clock)
        confirm_seconds += clock.now() - t
        if not missing:
            break
        labels = [plan.solution.puzzle.pairs[i].label for i in missing]
        if attempt == settings.retries:
            raise PathNotTakenError(
                f"the game did not take path(s) {', '.join(labels)} "
                f"after {settings.retries} re-draw(s)"
            )
        log.info("re-drawing %s", ", ".join(labels))
        redrawn += labels
        t = clock.now()
        again = plan.drags_of(missing)
        drags += len(again)
        moves += draw(again, pointer, area=area, pace=settings.pacing, clock=clock, watch=watch)
        draw_seconds += clock.now() - t
    total = clock.now() - t0
    report = PlayReport(
        plan.reading.puzzle,
        drags,
        moves,
        tuple(redrawn),
        plan.capture_seconds,
        plan.read_seconds,
        plan.solve_seconds,
        draw_seconds,
        confirm_seconds,
        total,
        plan.board,
        watch.pins,
    )
    log.info("solved %s in %.2f s (%d moves)", report.puzzle.size, total, moves)
    return report


def play_loop(
    screen: Screen,
    pointer: Pointer,
    *,
    settings: Settings = Settings(),
    on_report: Callable[[PlayReport | FlowbotError], None] = lambda _r: None,
    read: Reader = default_reader,
    solve: Solver = default_solver,
    clock: Clock | None = None,
    poll: float = 0.3,
    boards: int | None = None,
) -> int:
    """Play each new board as it appears; return how many were solved.

    Runs until Ctrl-C, the fail-safe (``FailSafeError`` propagates), or
    ``boards`` boards have been tried. After a solved board it goes on to the
    next level as ``settings.advance`` says (``next_level``: waits for the
    "level complete" panel, taps, sees a new board); otherwise, or when that
    fails, it waits until the screen shows something else (no board, or a
    different puzzle) before playing again, so a solved board left on screen
    is not played twice. Errors other than the fail-safe are passed to
    ``on_report`` and the loop carries on.
    """
    clock = clock or SystemClock()
    solved = tried = 0
    last: Puzzle | None = None
    while boards is None or tried < boards:
        try:
            reading = read(screen.grab(settings.region).image)
        except VisionError:
            last = None
            clock.sleep_until(clock.now() + poll)
            continue
        current = reading.puzzle.canonical()
        if current == last:
            clock.sleep_until(clock.now() + poll)
            continue
        last = current
        tried += 1
        try:
            report = play_once(
                screen, pointer, settings=settings, read=read, solve=solve, clock=clock
            )
        except FailSafeError:
            raise
        except FlowbotError as exc:
            on_report(exc)
            continue
        solved += 1
        on_report(report)
        if tried == boards:
            continue  # no more boards wanted: do not go on to the next
        try:
            following = next_level(
                settings.advance, board=report.board, pins=report.pins, screen=screen,
                pointer=pointer, region=settings.region, tolerance=settings.tolerance / 2,
                read=read, clock=clock,
            )  # fmt: skip
        except FailSafeError:
            raise
        except FlowbotError as exc:
            on_report(exc)
            continue
        if following is not None:
            last = None  # a new board came: play it, even if it is like the last
    return solved


def moves_floor(drags: Sequence[Drag], frame: float) -> float:
    """The least time the drags can take at one move per frame."""
    return sum(drag.moves for drag in drags) * frame
