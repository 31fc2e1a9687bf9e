"""The practice board without a window: a screen and a pointer in one object.

``SimulatedBoard`` renders the game state with Pillow onto an otherwise black
desktop and feeds pointer actions through the same rules as the window, so the
whole play loop (real vision, real solver, real planning and drawing) runs
offline and deterministically. It can place the board anywhere, emulate a
HiDPI screen (``scale`` capture pixels per pointer unit), ignore the first few
presses, like a game that is not ready yet, and read the pointer only once per
``frame`` of a clock, like a browser or a phone: of the moves made within one
frame, only the last is seen, while a press or a release is taken at once
(with the pointer's place then). A game that ``polls`` reads the button once
per frame too, as some game engines do: a press and the next move within one
frame look like a press at the move's place, a release and the next press like
one long drag.
"""

from __future__ import annotations

import numpy as np

from flowbot.actuate import ArrayScreen, Capture, Clock, Region
from flowbot.models import Cell, Point, Puzzle
from flowbot.practice._game import FillMode, GameState, drag_to, new_game, press, release
from flowbot.practice._hit import cell_under
from flowbot.practice._render import Layout, render


class SimulatedBoard:
    """A practice board on a virtual desktop (implements ``Screen`` and ``Pointer``).

    Parameters
    ----------
    puzzle
        The board.
    desktop
        Desktop size in pointer units.
    at
        The window's top-left corner in pointer units.
    cell
        Cell pitch in capture pixels.
    scale
        Capture pixels per pointer unit (2 for a Retina screen).
    ignore_presses
        How many presses (from the first) the game ignores.
    frame, clock
        With ``frame`` > 0, the pointer is read once per ``frame`` seconds of
        ``clock`` (pass the clock that paces the drawing).
    polls
        With ``frame``: the button is read once per frame too (see the module doc).
    fill
        How a jump over several cells is taken (see ``drag_to``).
    tap_clears
        Whether a tap on a dot (press and release, no move) clears its pipe,
        as in Flow Free; some web versions keep it (pressing on the dot and
        drawing still replaces it). The key ``r`` always clears the board.
    reset_button
        Where a reset button lies, as fractions of the board (x0, y0, x1, y1;
        it may lie outside it): a press there clears the board.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        desktop: tuple[int, int] = (800, 700),
        at: tuple[int, int] = (50, 40),
        cell: int = 40,
        scale: float = 1.0,
        ignore_presses: int = 0,
        frame: float = 0.0,
        clock: Clock | None = None,
        fill: FillMode = "run",
        tap_clears: bool = True,
        reset_button: tuple[float, float, float, float] | None = None,
        polls: bool = False,
    ) -> None:
        if frame > 0 and clock is None:
            raise ValueError("reading once per frame needs the clock")
        if polls and frame <= 0:
            raise ValueError("polling the button needs a frame")
        self.state: GameState = new_game(puzzle)
        self.layout = Layout.for_puzzle(puzzle, cell=cell)
        self.desktop = desktop
        self.at = at
        self.scale = scale
        self.ignore_presses = ignore_presses
        self.presses = 0
        self._down = False
        self.frame = frame
        self.clock = clock
        self.fill: FillMode = fill
        self.tap_clears = tap_clears
        self._before_press: GameState | None = None  # to undo a tap that does not clear
        self.keys: list[str] = []
        self.reset_button = reset_button
        self._pending: tuple[int, Point] | None = None  # (frame number, last point in it)
        self.polls = polls
        self._held: tuple[bool, Point | None] = (False, None)  # the button and pointer now
        self._polled: tuple[int, bool] = (-1, False)  # the last frame read, the button then

    # Screen
    def grab(self, region: Region | None = None) -> Capture:
        self._poll()
        w, h = (round(v * self.scale) for v in self.desktop)
        image = np.zeros((h, w, 3), np.uint8)
        board = render(self.state, self.layout)
        x, y = round(self.at[0] * self.scale), round(self.at[1] * self.scale)
        bh, bw = board.shape[:2]
        image[y : y + bh, x : x + bw] = board[: h - y, : w - x]
        return ArrayScreen(image, scale=self.scale).grab(region)

    # Pointer
    def _cell(self, point: Point) -> Cell | None:
        x = point.x * self.scale - round(self.at[0] * self.scale)
        y = point.y * self.scale - round(self.at[1] * self.scale)
        return cell_under(self.state.puzzle, self.layout, x, y)

    def press(self, point: Point) -> None:
        if self.polls:
            self._poll()
            self._held = (True, point)
        else:
            self._press(point)

    def move(self, point: Point) -> None:
        if self.polls:
            self._poll()
            self._held = (self._held[0], point)
        else:
            self._move(point)

    def release(self) -> None:
        if self.polls:
            self._poll()
            self._held = (False, self._held[1])
        else:
            self._release()

    def _poll(self) -> None:
        """A polling game's frames since the last event: it sees the button and the
        pointer as they are now, and compares with the frame before."""
        if not self.polls or self.clock is None:
            return
        number = int(self.clock.now() // self.frame)
        if number == self._polled[0]:
            return
        (down, at), was_down = self._held, self._polled[1]
        if down and at is not None and was_down:
            self._move(at)
        elif down and at is not None:
            self._press(at)
        elif was_down:
            self._release()
        self._polled = (number, down)

    def _press(self, point: Point) -> None:
        self.presses += 1
        if self.presses <= self.ignore_presses:
            return
        if self._on_reset_button(point):
            self.state = new_game(self.state.puzzle)
            return
        self._down = True
        self._before_press = self.state
        self.state = press(self.state, self._cell(point))

    def _on_reset_button(self, point: Point) -> bool:
        if self.reset_button is None:
            return False
        g = self.layout.geometry
        fx = (point.x * self.scale - round(self.at[0] * self.scale) - g.left) / (g.right - g.left)
        fy = (point.y * self.scale - round(self.at[1] * self.scale) - g.top) / (g.bottom - g.top)
        x0, y0, x1, y1 = self.reset_button
        return x0 <= fx < x1 and y0 <= fy < y1

    def _move(self, point: Point) -> None:
        if not self._down:
            return
        self._before_press = None  # a drag, not a tap
        if self.frame <= 0 or self.clock is None or self.polls:
            self.state = drag_to(self.state, self._cell(point), fill=self.fill)
            return
        number = int(self.clock.now() // self.frame)
        if self._pending is not None and self._pending[0] != number:
            self._flush()  # a new frame began: the game saw the last move of the old one
        self._pending = (number, point)

    def _flush(self) -> None:
        if self._pending is not None:
            self.state = drag_to(self.state, self._cell(self._pending[1]), fill=self.fill)
            self._pending = None

    def _release(self) -> None:
        if self._down:
            self._flush()
            self.state = release(self.state)
            if not self.tap_clears and self._before_press is not None:
                self.state = self._before_press
        self._down = False

    # Keyboard
    def key(self, name: str) -> None:
        self.keys.append(name)
        if name == "r":
            self.state = new_game(self.state.puzzle)
