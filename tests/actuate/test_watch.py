"""The watch while drawing, offline: the simulated board moves or is covered mid-stroke.

A look comes right before every press and every move, so once the change is on
the screen the bot makes no further press or move: it only lets go.
"""

from __future__ import annotations

import pytest

from flowbot.actuate import (
    BoardWatch,
    Capture,
    FakeClock,
    Region,
    make_plan,
    pin_board,
    play_once,
    to_screen,
)
from flowbot.errors import BoardMovedError
from flowbot.models import Point
from flowbot.practice import SimulatedBoard, builtin_board
from flowbot.vision import read_board

NINE = builtin_board("9x9")


class LoggingPointer:
    """Passes actions on to the simulated board and keeps them in order."""

    def __init__(self, sim: SimulatedBoard) -> None:
        self.sim, self.actions = sim, list[tuple[str, Point | None]]()

    def press(self, point: Point) -> None:
        self.actions.append(("press", point))
        self.sim.press(point)

    def move(self, point: Point) -> None:
        self.actions.append(("move", point))
        self.sim.move(point)

    def release(self) -> None:
        self.actions.append(("release", None))
        self.sim.release()


class ChangingScreen:
    """The simulated board's screen; once the pointer has made ``after`` actions,
    ``change`` is applied to it (the window moved, or something raised over it)."""

    def __init__(self, sim: SimulatedBoard, pointer: LoggingPointer, after: int, cover: bool):
        self.sim, self.pointer, self.after, self.cover = sim, pointer, after, cover
        self.changed_at: int | None = None  # how many actions had been made then

    def grab(self, region: Region | None = None) -> Capture:
        if self.changed_at is None and len(self.pointer.actions) >= self.after:
            self.changed_at = len(self.pointer.actions)
            if not self.cover:
                self.sim.at = (self.sim.at[0] + 130, self.sim.at[1] + 70)
        capture = self.sim.grab(region)
        if self.cover and self.changed_at is not None:
            image = capture.image.copy()
            image[: image.shape[0] // 2] = (200, 200, 210)  # a window over the top half
            capture = Capture(image, capture.left, capture.top, capture.scale)
        return capture


@pytest.mark.parametrize("cover", [False, True], ids=["moved", "covered"])
@pytest.mark.parametrize("after", [1, 30, 70])
def test_drawing_stops_at_the_first_look_after_the_board_changed(cover: bool, after: int) -> None:
    sim = SimulatedBoard(NINE, at=(50, 40), desktop=(900, 800))
    pointer = LoggingPointer(sim)
    screen = ChangingScreen(sim, pointer, after, cover)
    with pytest.raises(BoardMovedError, match="while drawing") as err:
        play_once(screen, pointer, clock=FakeClock())
    assert err.value.exit_code == 7
    assert screen.changed_at is not None
    # Nothing after the change but letting go, and the button is up.
    assert [kind for kind, _ in pointer.actions[screen.changed_at :]] in ([], ["release"])
    assert pointer.actions[-1][0] == "release"
    assert not sim._down


def test_a_change_seen_before_a_press_stops_with_the_button_already_up() -> None:
    # The change comes right after the first stroke's release: the look before the
    # next press sees it, and nothing follows (not even a needless second release).
    sim = SimulatedBoard(NINE, at=(50, 40), desktop=(900, 800))
    first = make_plan(sim, clock=FakeClock()).to_draw[0]
    pointer = LoggingPointer(sim)
    screen = ChangingScreen(sim, pointer, first.moves + 2, cover=False)
    with pytest.raises(BoardMovedError, match="while drawing"):
        play_once(screen, pointer, clock=FakeClock())
    assert screen.changed_at == first.moves + 2
    assert pointer.actions[screen.changed_at :] == []
    assert pointer.actions[-1][0] == "release"
    assert not sim._down


def test_pins_hold_while_the_board_is_drawn_and_change_when_it_moves() -> None:
    sim = SimulatedBoard(NINE, at=(50, 40), desktop=(900, 800))
    capture = sim.grab()
    board = to_screen(read_board(capture.image).geometry, capture)
    pins = pin_board(capture, board, NINE)
    assert len(pins.points) == 2 * len(NINE.pairs) + 4  # every dot and four corners
    watch = BoardWatch(sim, pins, tolerance=40)
    play_once(sim, sim, clock=FakeClock())  # the board now full of pipes
    watch(None)  # still where it was: no error
    sim.at = (50 + round(board.cell_size / 2), 40)  # half a cell to the right
    with pytest.raises(BoardMovedError):
        watch(None)


def test_a_change_under_the_pointer_is_the_game_s_own_feedback() -> None:
    sim = SimulatedBoard(NINE, at=(50, 40), desktop=(900, 800))
    capture = sim.grab()
    board = to_screen(read_board(capture.image).geometry, capture)
    watch = BoardWatch(sim, pin_board(capture, board, NINE), tolerance=40)
    dot = board.centre(NINE.pairs[0].a)

    class Finger:
        """The board with a translucent disc of another colour under the pointer."""

        def grab(self, region: Region | None = None) -> Capture:
            shot = sim.grab(region)
            image = shot.image.copy()
            x, y = round(dot.x - shot.left), round(dot.y - shot.top)
            image[y - 12 : y + 13, x - 12 : x + 13] = (255, 255, 255)
            return Capture(image, shot.left, shot.top, shot.scale)

    finger = BoardWatch(Finger(), watch.pins, tolerance=40)
    finger(dot)  # under the pointer: the game's feedback, not a change
    with pytest.raises(BoardMovedError):
        finger(None)
