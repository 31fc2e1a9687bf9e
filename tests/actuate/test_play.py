"""The play loop offline: the simulated practice board, the real vision and solver.

``SimulatedBoard`` is the practice board's own rules drawn with Pillow, acting
as both the screen and the pointer, so every step of ``play_once`` runs for
real except the X server; a fake clock keeps the tests from sleeping.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from flowbot.actuate import (
    CANDIDATE_STEPS,
    CLEAR_ATTEMPTS,
    ArrayScreen,
    Capture,
    FakeClock,
    Pacing,
    Region,
    Settings,
    calibrate,
    plan_drags,
    play_loop,
    play_once,
    save_png,
    untaken_paths,
    warm_up,
)
from flowbot.actuate._play import default_solver
from flowbot.cli import main
from flowbot.errors import (
    ActuationError,
    BoardMovedError,
    BoardNotFoundError,
    PathNotTakenError,
    UnsureReadingError,
)
from flowbot.models import Point, Puzzle, Reading, Solution, SolveResult
from flowbot.palette import colour_for
from flowbot.practice import SimulatedBoard, builtin_board, is_solved, render
from flowbot.practice._game import GameState, new_game
from flowbot.practice._render import Layout
from flowbot.vision import load_image, read_board

NINE = builtin_board("9x9")


@pytest.mark.parametrize(("scale", "at"), [(1.0, (0, 0)), (1.5, (123, 45)), (2.0, (301, 7))])
def test_play_once_solves_at_any_offset_and_scale(scale: float, at: tuple[int, int]) -> None:
    sim = SimulatedBoard(NINE, at=at, scale=scale, cell=40, desktop=(900, 800))
    report = play_once(sim, sim, clock=FakeClock())
    assert is_solved(sim.state)
    assert report.puzzle == NINE.canonical()
    assert report.redrawn == ()
    assert report.moves == NINE.rows * NINE.cols - len(NINE.pairs)


def test_paths_the_game_missed_are_drawn_again() -> None:
    sim = SimulatedBoard(NINE, ignore_presses=2)
    report = play_once(sim, sim, clock=FakeClock())
    assert is_solved(sim.state)
    assert len(report.redrawn) == 2


def test_a_game_that_never_takes_a_path_fails_cleanly() -> None:
    sim = SimulatedBoard(NINE, ignore_presses=10_000)
    with pytest.raises(PathNotTakenError) as err:
        play_once(sim, sim, settings=Settings(retries=1), clock=FakeClock())
    assert err.value.exit_code == 8
    assert not sim._down  # the button is up


class MovingScreen:
    """Shows the board, then (from the second grab on) shows it somewhere else."""

    def __init__(self, sim: SimulatedBoard, to: tuple[int, int]) -> None:
        self.sim, self.to, self.grabs = sim, to, 0

    def grab(self, region: Region | None = None) -> Capture:
        self.grabs += 1
        if self.grabs == 2:
            self.sim.at = self.to
        return self.sim.grab(region)


def test_a_board_that_moves_before_drawing_is_not_drawn() -> None:
    sim = SimulatedBoard(NINE, at=(50, 40))
    with pytest.raises(BoardMovedError) as err:
        play_once(MovingScreen(sim, (90, 40)), sim, clock=FakeClock())
    assert err.value.exit_code == 7
    assert sim.presses == 0


class SwappingScreen:
    """Shows one board, then (from the second grab on) another in the same place."""

    def __init__(self, first: SimulatedBoard, second: SimulatedBoard) -> None:
        self.boards, self.grabs = (first, second), 0

    def grab(self, region: Region | None = None) -> Capture:
        self.grabs += 1
        return self.boards[self.grabs > 1].grab(region)


def test_a_board_that_changes_before_drawing_is_not_drawn() -> None:
    sim = SimulatedBoard(NINE)
    # The same dots, but the colours handed out in the other order.
    other = SimulatedBoard(Puzzle(NINE.rows, NINE.cols, tuple(reversed(NINE.pairs))))
    with pytest.raises(BoardMovedError, match="changed"):
        play_once(SwappingScreen(sim, other), sim, clock=FakeClock())
    assert sim.presses == 0


class CoveredScreen:
    """Shows the board until drawing starts, then a panel over it (like "level complete")."""

    def __init__(self, sim: SimulatedBoard) -> None:
        self.sim = sim

    def grab(self, region: Region | None = None) -> Capture:
        capture = self.sim.grab(region)
        if self.sim.presses:
            image = capture.image.copy()
            image[50:-50, 30:-30] = (40, 40, 60)
            capture = Capture(image, capture.left, capture.top, capture.scale)
        return capture


def test_no_re_draw_into_whatever_covered_the_board() -> None:
    sim = SimulatedBoard(NINE, ignore_presses=10_000)
    with pytest.raises(BoardMovedError, match="covered"):
        play_once(CoveredScreen(sim), sim, clock=FakeClock())
    # The watch's first look after the cover came stops the drawing: one press.
    assert sim.presses == 1
    assert not sim._down


def test_confirm_check_spots_a_missing_joint() -> None:
    sim = SimulatedBoard(NINE)
    play_once(sim, sim, clock=FakeClock())
    layout, solution = sim.layout, Solution(NINE, sim.state.paths)
    colours = tuple(colour_for(i).rgb for i in range(len(NINE.pairs)))
    assert untaken_paths(render(sim.state, layout), layout.geometry, solution, colours) == ()
    # Cut pipe 0 in two: every cell keeps its colour except at the break.
    path = sim.state.paths[0]
    half = len(path) // 2
    broken = GameState(NINE, (path[:half], *sim.state.paths[1:]))
    assert untaken_paths(render(broken, layout), layout.geometry, solution, colours) == (0,)


def test_play_loop_plays_each_new_board_once() -> None:
    sim = SimulatedBoard(NINE)
    seen: list[object] = []
    assert play_loop(sim, sim, on_report=seen.append, clock=FakeClock(), boards=1) == 1
    assert is_solved(sim.state)


def test_calibration_finds_one_move_per_frame_on_a_frame_limited_game() -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock)
    result = calibrate(sim, sim, trials=2, clock=clock)
    assert result.step == pytest.approx(1 / 60)
    assert not result.trials[0].taken  # "as fast as possible" lost moves
    assert result.trials[-1].taken
    # One candidate of headroom; the slowest candidate has none left above it.
    assert result.settings.pacing.step == pytest.approx(2 / 60)
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock)
    slowest = calibrate(sim, sim, trials=1, steps=(0.0, 1 / 60), clock=clock)
    assert slowest.settings.pacing.step == pytest.approx(1 / 60)


def test_a_game_that_reads_moves_once_a_frame_takes_presses_and_releases_at_once() -> None:
    # As browsers and phones deliver them: a button event comes at once, with the
    # pointer's place then; only a move waits for the next frame.
    clock = FakeClock()
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock)
    result = calibrate(sim, sim, trials=2, steps=(0.0, 1 / 60), headroom=0, clock=clock)
    assert result.at_once
    assert result.trials[-1].at_once
    pacing = result.settings.pacing
    assert (pacing.step, pacing.hold, pacing.between) == (pytest.approx(1 / 60), 0.0, 0.0)
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock)
    report = play_once(sim, sim, settings=result.settings, clock=clock)
    assert is_solved(sim.state)
    assert report.redrawn == ()
    # Every move a frame of its own, and no frame for anything else.
    assert report.draw_seconds == pytest.approx((report.moves - 1) / 60)


def test_a_game_that_polls_the_button_keeps_a_frame_for_presses_and_releases() -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock, polls=True)
    result = calibrate(sim, sim, trials=2, steps=(0.0, 1 / 60), headroom=0, clock=clock)
    assert not result.at_once
    assert not result.trials[-1].taken
    pacing = result.settings.pacing
    assert pacing.held == pacing.step == pytest.approx(1 / 60)
    assert pacing.between >= pacing.step
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock, polls=True)
    play_once(sim, sim, settings=result.settings, clock=clock)
    assert is_solved(sim.state)
    # Pressed with the first move, released with the last: the game loses paths.
    at_once = dataclasses.replace(result.settings, pacing=Pacing(1 / 60, between=0.0, hold=0.0))
    sim = SimulatedBoard(NINE, frame=1 / 60, clock=clock, polls=True)
    with pytest.raises(PathNotTakenError):
        play_once(sim, sim, settings=at_once, clock=clock)


def test_calibration_takes_the_fastest_pacing_when_every_move_counts() -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE)
    result = calibrate(sim, sim, trials=2, headroom=0, clock=clock)
    assert result.step == result.settings.pacing.step == 0.0
    sim = SimulatedBoard(NINE)
    kept = calibrate(sim, sim, trials=2, clock=clock).settings.pacing.step
    assert kept == CANDIDATE_STEPS[1]


class _ReaderRefusing:
    """``read_board``, but refusing the looks ``refused`` picks (counted from 1) with a pipe."""

    def __init__(self, refused: Callable[[int], bool]) -> None:
        self.refused = refused
        self.looks = 0

    def __call__(self, image: np.ndarray) -> Reading:
        self.looks += 1
        if self.refused(self.looks):
            raise UnsureReadingError("a pipe is drawn at cell (4, 0)")
        return read_board(image)


def test_calibration_looks_again_while_the_board_still_shows_pipes() -> None:
    # Clearing by tapping the dots: a busy machine may repaint the cleared board a
    # frame or more late: the first look after the taps still shows pipes, and the
    # reader refuses it.
    clock = FakeClock()
    sim = SimulatedBoard(NINE)
    late_reader = _ReaderRefusing(lambda look: look == 2)  # the first look after clearing
    result = calibrate(sim, sim, trials=1, steps=(0.0,), clear="tap", read=late_reader, clock=clock)
    assert result.trials[0].taken
    assert late_reader.looks >= 3


def test_calibration_gives_up_on_a_board_that_stays_unreadable() -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE)
    stuck_reader = _ReaderRefusing(lambda look: look >= 2)
    with pytest.raises(ActuationError, match="could not clear the board"):
        calibrate(sim, sim, trials=1, steps=(0.0,), clear="tap", read=stuck_reader, clock=clock)


def _shot(tmp_path: Path, puzzle: Puzzle, name: str) -> Path:
    path = tmp_path / name
    save_png(render(new_game(puzzle), Layout(puzzle.rows, puzzle.cols, cell=40)), path)
    return path


def test_dry_run_on_a_screenshot_prints_the_plan_and_draws_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preview = tmp_path / "plan.png"
    shot = _shot(tmp_path, NINE, "nine.png")
    assert main(["play", "--image", str(shot), "-o", str(preview)]) == 0
    out = capsys.readouterr().out
    assert "board 9x9 with 9 colours" in out
    assert out.count("press (") == len(NINE.pairs)
    before, after = load_image(shot), load_image(preview)
    assert before.shape == after.shape
    assert (before != after).any()


def test_unsolvable_board_exits_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crossed = Puzzle.from_grid(["A...B", ".....", ".....", ".....", "B...A"])
    assert main(["play", "--image", str(_shot(tmp_path, crossed, "x.png"))]) == 4
    assert "no solution" in capsys.readouterr().err


def test_no_board_exits_3(tmp_path: Path) -> None:
    black = tmp_path / "black.png"
    save_png(np.zeros((300, 300, 3), np.uint8), black)
    assert main(["play", "--image", str(black)]) == 3
    with pytest.raises(BoardNotFoundError):
        play_once(ArrayScreen(np.zeros((300, 300, 3), np.uint8)), SimulatedBoard(NINE))


def test_bad_options_exit_2(tmp_path: Path) -> None:
    assert main(["play", "--region", "1,2,3"]) == 2
    assert main(["play", "--profile", "no-such-profile", "--dry-run"]) == 2
    assert main(["play", "--image", str(tmp_path / "missing.png")]) == 2


def test_no_display_exits_9(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["play", "--once"]) == 9
    assert main(["practice", str(_puzzle_file(tmp_path))]) == 9
    assert main(["practice", str(tmp_path / "missing.txt")]) == 2


def _puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text("\n".join(NINE.to_grid()) + "\n")
    return path


def test_warm_up_runs_both_stages_on_a_board_they_take() -> None:
    seen: list[str] = []

    def read(image: np.ndarray) -> Reading:
        reading = read_board(image)
        seen.append("read " + "/".join(reading.puzzle.to_grid()))
        return reading

    def solve(puzzle: Puzzle, *, timeout: float | None = None) -> SolveResult:
        result = default_solver(puzzle, timeout=timeout)
        seen.append(f"solved {result.status.name}")
        return result

    warm_up(read=read, solve=solve)
    assert seen == ["read A...B/..C../...../..C../A...B", "solved SOLVED"]


@pytest.mark.parametrize(("fill", "jump"), [("run", None), ("neighbours", 1)])
def test_calibration_finds_how_far_the_game_fills_a_jump(fill: str, jump: int | None) -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE, fill=fill)  # type: ignore[arg-type]
    result = calibrate(sim, sim, trials=2, steps=(0.0,), headroom=0, clock=clock)
    assert result.jump == result.settings.jump == jump
    assert [t.jump for t in result.trials][:3] == [1, 1, None]
    sim = SimulatedBoard(NINE, fill=fill)  # type: ignore[arg-type]
    report = play_once(sim, sim, settings=result.settings, clock=clock)
    assert is_solved(sim.state)
    whole_runs = plan_drags(Solution(NINE, sim.state.paths), sim.layout.geometry, jump=None)
    if jump is None:  # a move per turn, not per cell
        assert report.moves == sum(d.moves for d in whole_runs)
    else:
        assert report.moves == NINE.rows * NINE.cols - len(NINE.pairs)


def test_calibration_where_a_tap_does_not_clear_redraws_over_the_pipes() -> None:
    clock = FakeClock()
    sim = SimulatedBoard(NINE, tap_clears=False)
    result = calibrate(sim, sim, trials=2, steps=(0.0,), headroom=0, clock=clock)
    assert all(t.taken for t in result.trials)
    # Tapping the dots leaves the pipes there: the board never reads as cleared.
    sim = SimulatedBoard(NINE, tap_clears=False)
    with pytest.raises(ActuationError, match="could not clear"):
        calibrate(sim, sim, trials=2, steps=(0.0,), clear="tap", clock=clock)
    # A reset button (here just above the board's right end) clears it.
    sim = SimulatedBoard(NINE, tap_clears=False, reset_button=(0.8, -0.2, 1.0, -0.05))
    clicked = calibrate(
        sim, sim, trials=2, steps=(0.0,), headroom=0, clear="click:0.9,-0.1", clock=clock
    )
    assert all(t.taken for t in clicked.trials)
    # A reset key does clear it.
    sim = SimulatedBoard(NINE, tap_clears=False)
    keyed = calibrate(sim, sim, trials=2, steps=(0.0,), headroom=0, clear="key:r", clock=clock)
    assert all(t.taken for t in keyed.trials)
    assert sim.keys.count("r") == len(keyed.trials)


class _Busy(SimulatedBoard):
    """A game that takes every move but while its machine is busy, for the presses
    ``during`` (counted from 0): then it reads the pointer once a frame."""

    def __init__(self, puzzle: Puzzle, during: range, clock: FakeClock) -> None:
        super().__init__(puzzle, clock=clock)
        self.during = during

    def press(self, point: Point) -> None:
        self.frame = 1 / 60 if self.presses in self.during else 0.0
        super().press(point)


def test_a_jump_lost_with_one_cell_moves_lost_too_is_tried_again_slower() -> None:
    # The pacing's trials (two drawings of every pipe at 0 ms a move) all taken, then
    # the machine busy: a whole run's jump lost at 0 ms, and one-cell moves too. The
    # loss is the pacing's: a frame a move keeps whole runs (this game fills them).
    clock = FakeClock()
    sim = _Busy(NINE, during=range(2 * len(NINE.pairs), 10**6), clock=clock)
    result = calibrate(sim, sim, trials=2, steps=(0.0, 1 / 60), headroom=0, clock=clock)
    assert result.step == 0.0
    assert result.jump is None
    assert result.settings.pacing.step == pytest.approx(1 / 60)
    # A game that takes only side-by-side cells loses the jump alone, also a candidate
    # slower: one cell, as fast.
    sim = SimulatedBoard(NINE, fill="neighbours")
    result = calibrate(sim, sim, trials=2, steps=(0.0, 1 / 60), headroom=0, clock=clock)
    assert result.jump == 1
    assert result.settings.pacing.step == 0.0
    lost = [(t.step, t.jump) for t in result.trials if not t.taken]
    assert lost == [(0.0, None), (pytest.approx(1 / 60), None), (0.0, 2), (1 / 60, 2)]


def test_a_jump_lost_once_with_one_cell_moves_taken_is_tried_a_candidate_slower() -> None:
    # Busy for the first drawing of whole runs only (a window that merged the moves it
    # had no time for): the one-cell moves after it are taken, so the jump alone looked
    # lost; a candidate slower it is taken, and that pacing is kept with it.
    clock = FakeClock()
    pairs = len(NINE.pairs)
    sim = _Busy(NINE, during=range(2 * pairs, 3 * pairs), clock=clock)
    result = calibrate(sim, sim, trials=2, steps=(0.0, 1 / 60), headroom=0, clock=clock)
    assert result.step == 0.0
    assert result.jump is None
    assert result.settings.pacing.step == pytest.approx(1 / 60)
    tried = [(t.step, t.jump, t.taken) for t in result.trials if not t.at_once]
    assert tried[2:] == [
        (0.0, None, False),
        (0.0, 1, True),
        (0.0, 1, True),
        (pytest.approx(1 / 60), None, True),
        (pytest.approx(1 / 60), None, True),
    ]


class _LosesKeys(SimulatedBoard):
    """A game where a tap never clears a pipe and the reset keys ``lost`` (counted from 1)
    never arrive (a busy window)."""

    def __init__(self, puzzle: Puzzle, lost: range) -> None:
        super().__init__(puzzle, tap_clears=False)
        self.lost = lost

    def key(self, name: str) -> None:
        if len(self.keys) + 1 in self.lost:
            self.keys.append(name)  # pressed, never seen by the game
            return
        super().key(name)


def test_calibration_clears_the_board_again_before_giving_up() -> None:
    # The second key (the first after a drawing) is lost: the board is cleared again.
    clock = FakeClock()
    sim = _LosesKeys(NINE, lost=range(2, 3))
    result = calibrate(sim, sim, trials=2, steps=(0.0,), headroom=0, clear="key:r", clock=clock)
    assert all(t.taken for t in result.trials)
    assert sim.keys.count("r") == len(result.trials) + 1
    # Lost every time it is tried: calibration gives up, and the CLI refuses with that.
    sim = _LosesKeys(NINE, lost=range(2, 2 + CLEAR_ATTEMPTS))
    with pytest.raises(ActuationError, match="could not clear the board between trials"):
        calibrate(sim, sim, trials=2, steps=(0.0,), headroom=0, clear="key:r", clock=clock)
    assert sim.keys.count("r") == 1 + CLEAR_ATTEMPTS


def test_the_cli_refuses_when_no_pacing_takes_the_paths(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Offline: the simulated board stands in for the screen and the pointer, and ignores
    # every press after the first look, so no pacing draws a path.
    import flowbot.actuate  # noqa: PLC0415 - the CLI takes its stage functions from here

    sim = SimulatedBoard(NINE, ignore_presses=10**6)
    monkeypatch.setattr(flowbot.actuate, "MssScreen", lambda monitor: sim)
    monkeypatch.setattr(flowbot.actuate, "PyAutoGuiPointer", lambda: sim)
    fake = functools.partial(calibrate, clock=FakeClock())
    monkeypatch.setattr(flowbot.actuate, "calibrate", fake)
    out = tmp_path / "mine.toml"
    assert main(["calibrate", "--trials", "1", "-o", str(out)]) == PathNotTakenError.exit_code
    slowest = max(CANDIDATE_STEPS) * 1000
    assert capsys.readouterr().err == (
        f"flowbot: the target missed paths at every pacing up to {slowest:.0f} ms per move\n"
    )
    assert not out.exists()
