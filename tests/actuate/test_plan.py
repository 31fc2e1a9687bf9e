"""Coordinate mapping, drag plans and paced replay, all offline."""

from __future__ import annotations

import numpy as np
import pytest

from flowbot.actuate import (
    ArrayScreen,
    Capture,
    Drag,
    FakeClock,
    Pacing,
    PlayArea,
    RecordingPointer,
    Region,
    draw,
    plan_drags,
    to_capture,
    to_screen,
)
from flowbot.errors import ActuationError, InputError
from flowbot.models import BoardGeometry, Cell, Point, Puzzle, Solution

C = Cell
SOLUTION = Solution(
    Puzzle.from_grid(["A..A", "B..C", "B..C"]),
    (
        (C(0, 0), C(0, 1), C(0, 2), C(0, 3)),
        (C(1, 0), C(1, 1), C(2, 1), C(2, 0)),
        (C(1, 3), C(1, 2), C(2, 2), C(2, 3)),
    ),
)
GEOMETRY = BoardGeometry.uniform(left=100, top=200, width=400, height=300, rows=3, cols=4)
AREA = PlayArea.of(SOLUTION.puzzle, GEOMETRY)


def test_solution_is_valid() -> None:
    SOLUTION.validate()


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_to_screen_maps_capture_pixels_through_offset_and_scale(scale: float) -> None:
    capture = Capture(np.zeros((10, 10, 3), np.uint8), left=-1920, top=40, scale=scale)
    pixels = BoardGeometry.uniform(left=300, top=600, width=600, height=450, rows=3, cols=4)
    screen = to_screen(pixels, capture)
    for r in range(3):
        for c in range(4):
            px = pixels.centre(C(r, c))
            pt = screen.centre(C(r, c))
            assert pt.x == pytest.approx(-1920 + px.x / scale)
            assert pt.y == pytest.approx(40 + px.y / scale)
    assert screen.right - screen.left == pytest.approx(600 / scale)
    back = to_capture(screen, capture)
    assert back.xs == pytest.approx(pixels.xs)
    assert back.ys == pytest.approx(pixels.ys)


def test_array_screen_region_keeps_pointer_coordinates() -> None:
    image = np.zeros((200, 400, 3), np.uint8)
    image[100, 250] = (255, 0, 0)
    screen = ArrayScreen(image, left=1000, top=0, scale=2)
    cap = screen.grab(Region(1100, 20, 50, 50))  # pointer units: pixels 200..300, 40..140
    assert cap.image.shape == (100, 100, 3)
    assert (cap.left, cap.top, cap.scale) == (1100, 20, 2)
    # The red pixel: image (250, 100) -> capture (50, 60), pointer (1125, 50) both ways.
    assert tuple(cap.image[60, 50]) == (255, 0, 0)
    with pytest.raises(InputError):
        screen.grab(Region(0, 0, 10, 10))


def test_region_parse_rejects_garbage() -> None:
    with pytest.raises(InputError):
        Region.parse("1,2,3")
    with pytest.raises(InputError):
        Region.parse("1,2,0,4")


def test_cells_style_visits_every_cell_centre_in_order() -> None:
    drags = plan_drags(SOLUTION, GEOMETRY)
    assert [d.label for d in drags] == ["A", "B", "C"]
    for drag, path in zip(drags, SOLUTION.paths, strict=True):
        assert drag.points == tuple(GEOMETRY.centre(cell) for cell in path)
        assert all(GEOMETRY.contains(p) for p in drag.points)


def test_whole_run_jumps_keep_only_ends_and_corners() -> None:
    drags = plan_drags(SOLUTION, GEOMETRY, jump=None)
    g = GEOMETRY.centre
    assert drags[0].points == (g(C(0, 0)), g(C(0, 3)))
    assert drags[1].points == tuple(g(c) for c in SOLUTION.paths[1])  # turns at every cell
    assert sum(d.moves for d in drags) == 1 + 3 + 3


def test_jumps_of_two_cells_stop_every_other_cell_and_at_every_corner() -> None:
    drags = plan_drags(SOLUTION, GEOMETRY, jump=2)
    g = GEOMETRY.centre
    assert drags[0].points == (g(C(0, 0)), g(C(0, 2)), g(C(0, 3)))
    assert drags[1].points == tuple(g(c) for c in SOLUTION.paths[1])


def test_a_jump_under_one_cell_is_refused() -> None:
    with pytest.raises(ValueError, match="jump"):
        plan_drags(SOLUTION, GEOMETRY, jump=0)


def test_draw_presses_moves_releases_in_order_with_frame_pacing() -> None:
    drags = plan_drags(SOLUTION, GEOMETRY)
    clock = FakeClock()
    times: list[float] = []

    class TimedPointer(RecordingPointer):
        def press(self, point: Point) -> None:
            times.append(clock.now())
            super().press(point)

        def move(self, point: Point) -> None:
            times.append(clock.now())
            super().move(point)

    pointer = TimedPointer()
    moves = draw(drags, pointer, area=AREA, pace=Pacing(step=0.02, between=0.05), clock=clock)
    assert moves == 9
    kinds = [kind for kind, _ in pointer.actions]
    assert kinds == (["press"] + ["move"] * 3 + ["release"]) * 3
    points = [p for _, p in pointer.actions if p is not None]
    assert points == [p for d in drags for p in d.points]
    # Within a drag, moves are one step apart; drags are separated by the pause.
    assert np.diff(times[:4]) == pytest.approx([0.02] * 3)
    assert times[4] - times[3] == pytest.approx(0.02 + 0.05)
    # Nothing waits after the last release: the confirming look lets the game settle.
    assert clock.now() == pytest.approx(3 * 4 * 0.02 + 2 * 0.05)


def test_a_move_made_late_pushes_the_next_one_back_a_whole_step() -> None:
    # A busy machine wakes the drawing late for one move: the moves after it
    # must still be a step apart (a game reading the pointer once a frame would
    # lose one of two moves in one frame), not hurry to catch up the plan.
    class LateOnce(FakeClock):
        calls = 0

        def sleep_until(self, deadline: float) -> None:
            super().sleep_until(deadline)
            LateOnce.calls += 1
            if LateOnce.calls == 3:
                self.t += 0.015

    clock = LateOnce()
    times: list[float] = []

    class TimedPointer(RecordingPointer):
        def move(self, point: Point) -> None:
            times.append(clock.now())
            super().move(point)

    draw(
        plan_drags(SOLUTION, GEOMETRY),
        TimedPointer(),
        area=AREA,
        pace=Pacing(step=0.02),
        clock=clock,
    )
    assert min(np.diff(times[:3])) >= 0.02 - 1e-9
    assert np.diff(times[:3])[1] == pytest.approx(0.02)


def _timed_draw(pace: Pacing) -> list[tuple[str, float]]:
    """What ``draw`` does and when, on a fake clock."""
    clock = FakeClock()
    events: list[tuple[str, float]] = []

    class TimedPointer(RecordingPointer):
        def press(self, point: Point) -> None:
            events.append(("press", clock.now()))

        def move(self, point: Point) -> None:
            events.append(("move", clock.now()))

        def release(self) -> None:
            events.append(("release", clock.now()))

    draw(plan_drags(SOLUTION, GEOMETRY), TimedPointer(), area=AREA, pace=pace, clock=clock)
    return events


def test_a_game_that_takes_button_events_at_once_gives_every_move_a_frame_and_no_more() -> None:
    events = _timed_draw(Pacing(step=0.02, between=0.0, hold=0.0))
    moves = [t for kind, t in events if kind == "move"]
    # Moves a step apart, across drags too: the nine moves take eight steps.
    assert np.diff(moves) == pytest.approx([0.02] * 8)
    # Each release comes with its drag's last move, the next press at once after it.
    presses = [t for kind, t in events if kind == "press"]
    releases = [t for kind, t in events if kind == "release"]
    assert presses == pytest.approx([moves[0], moves[2], moves[5]])
    assert releases == pytest.approx([moves[2], moves[5], moves[8]])


def test_hold_parts_a_press_from_the_first_move_and_the_last_move_from_the_release() -> None:
    events = _timed_draw(Pacing(step=0.02, between=0.05, hold=0.01))
    kinds = [kind for kind, _ in events]
    times = [t for _, t in events]
    assert kinds[:6] == ["press", "move", "move", "move", "release", "press"]
    assert np.diff(times[:6]) == pytest.approx([0.01, 0.02, 0.02, 0.01, 0.05])


def test_draw_refuses_points_off_the_board_before_pressing() -> None:
    pointer = RecordingPointer()
    bad = Drag("A", (GEOMETRY.centre(C(0, 0)), Point(GEOMETRY.right + 5, 250)))
    with pytest.raises(ActuationError, match="outside the board"):
        draw([bad], pointer, area=AREA, clock=FakeClock())
    assert pointer.actions == []


def test_draw_releases_the_button_when_the_pointer_fails() -> None:
    class Failing(RecordingPointer):
        def move(self, point: Point) -> None:
            if len(self.actions) > 2:
                raise ActuationError("fail-safe")
            super().move(point)

    pointer = Failing()
    with pytest.raises(ActuationError):
        draw(plan_drags(SOLUTION, GEOMETRY), pointer, area=AREA, clock=FakeClock())
    assert pointer.actions[-1] == ("release", None)
    assert [k for k, _ in pointer.actions].count("press") == 1
