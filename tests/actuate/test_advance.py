"""Going on to the next level, offline: a two-level series of simulated boards.

``PanelSeries`` is the simulated board plus the game's "level complete" panel:
once a level is solved, the next looks at the screen show a panel over the
board's middle, and a click on its button brings up the next level.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from flowbot.actuate import Advance, Capture, FakeClock, PlayReport, Region, Settings, play_loop
from flowbot.errors import FlowbotError
from flowbot.models import Point
from flowbot.practice import SimulatedBoard, builtin_board, is_solved

PANEL = (0.1, 0.3, 0.9, 0.8)  # fractions of the board
BUTTON = (0.3, 0.55, 0.7, 0.7)


class PanelSeries:
    """Levels of simulated boards (implements ``Screen`` and ``Pointer``)."""

    def __init__(self, names: list[str], *, panel: bool = True, flash: int | None = None) -> None:
        self.levels = [SimulatedBoard(builtin_board(n), at=(60, 50)) for n in names]
        self.level, self.panel, self.shows_panel = 0, False, panel
        self.flash = flash  # which look at a solved board shows it flash white
        self.looks_solved = 0
        self.taps_on_board = 0
        self.clicks: list[Point] = []
        self.keys: list[str] = []

    @property
    def sim(self) -> SimulatedBoard:
        return self.levels[self.level]

    def _box(self, f: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        g, (x, y) = self.sim.layout.geometry, self.sim.at
        w, h = g.right - g.left, g.bottom - g.top
        return tuple(  # type: ignore[return-value]
            round(v)
            for v in (x + g.left + f[0] * w, y + g.top + f[1] * h,
                      x + g.left + f[2] * w, y + g.top + f[3] * h)
        )  # fmt: skip

    def grab(self, region: Region | None = None) -> Capture:
        whole = self.sim.grab()
        if self.panel:
            image = whole.image.copy()
            x0, y0, x1, y1 = self._box(PANEL)
            image[y0:y1, x0:x1] = (48, 48, 60)
            bx0, by0, bx1, by1 = self._box(BUTTON)
            image[by0:by1, bx0:bx1] = (52, 152, 219)
            whole = Capture(image)
        elif is_solved(self.sim.state):
            self.looks_solved += 1
            if self.looks_solved == self.flash:
                whole = Capture(np.full_like(whole.image, 255))
            # The panel comes a look after the first (the bot's confirming look),
            # or two after a flash, as in the game.
            elif self.shows_panel and self.looks_solved > (self.flash or 0):
                self.panel = True
        return whole if region is None else Capture(whole.image)

    def press(self, point: Point) -> None:
        if self.panel:
            self.clicks.append(point)
            bx0, by0, bx1, by1 = self._box(BUTTON)
            if bx0 <= point.x < bx1 and by0 <= point.y < by1 and self.level + 1 < len(self.levels):
                self.level, self.panel, self.looks_solved = self.level + 1, False, 0
            return
        self.taps_on_board += is_solved(self.sim.state)
        self.sim.press(point)

    def key(self, name: str) -> None:
        self.keys.append(name)
        if self.panel and name == "space" and self.level + 1 < len(self.levels):
            self.level, self.panel, self.looks_solved = self.level + 1, False, 0

    def move(self, point: Point) -> None:
        self.sim.move(point)

    def release(self) -> None:
        self.sim.release()


NEXT = Settings(advance=Advance("click", (0.5, 0.62), "board", timeout=2.0))


@pytest.mark.parametrize("how", ["click", "key"])
def test_the_loop_goes_on_once_the_panel_shows_and_plays_the_next_board(how: str) -> None:
    game = PanelSeries(["5x5", "9x9"])
    results: list[PlayReport | FlowbotError] = []
    settings = dataclasses.replace(NEXT, advance=dataclasses.replace(NEXT.advance, how=how))
    solved = play_loop(
        game, game, settings=settings, on_report=results.append, clock=FakeClock(), boards=2
    )
    assert solved == 2, results
    assert game.level == 1
    assert is_solved(game.sim.state)
    # One tap on "next" (or one key), none after the last board.
    assert (len(game.clicks), len(game.keys)) == ((1, 0) if how == "click" else (0, 1))


def test_a_panel_that_never_comes_is_reported_and_nothing_is_tapped() -> None:
    game = PanelSeries(["5x5", "9x9"], panel=False)
    results: list[PlayReport | FlowbotError] = []
    clock = FakeClock()
    settings = dataclasses.replace(NEXT, advance=dataclasses.replace(NEXT.advance, timeout=0.5))

    def stop_after_two(result: PlayReport | FlowbotError) -> None:
        results.append(result)
        if len(results) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play_loop(game, game, settings=settings, on_report=stop_after_two, clock=clock)
    assert isinstance(results[0], PlayReport)
    assert "no 'level complete' panel" in str(results[1])
    assert game.clicks == []
    assert game.level == 0


def _no_error(result: PlayReport | FlowbotError) -> None:
    assert not isinstance(result, FlowbotError), result  # else the loop would wait on


def test_a_flash_over_the_solved_board_is_no_panel() -> None:
    game = PanelSeries(["5x5", "9x9"], flash=2)  # the look after the confirming one
    solved = play_loop(game, game, settings=NEXT, on_report=_no_error, clock=FakeClock(), boards=2)
    assert solved == 2
    assert game.taps_on_board == 0
    assert len(game.clicks) == 1
