"""The demo: open a practice board and solve it live with the real pipeline.

Everything is real: the window is a Tk process, the screen is grabbed with
mss, the board is read by the vision stage, solved by the solver and drawn
with pyautogui. On a machine without a display a virtual one (Xvfb) is
started for the run. The result is saved as a PNG, and as a GIF with one frame
per drawn path.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image

from flowbot.actuate import (
    MssScreen,
    PlayReport,
    Pointer,
    PyAutoGuiPointer,
    Region,
    Screen,
    Settings,
    ensure_display,
    play_once,
    warm_up,
)
from flowbot.errors import PathNotTakenError
from flowbot.models import Point, Puzzle
from flowbot.practice._process import PracticeProcess
from flowbot.practice._render import Layout

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DemoResult:
    """What the demo did: the play report, the display used and the files written."""

    report: PlayReport
    display: str
    started_display: bool
    png: Path
    gif: Path | None


class _FilmingPointer:
    """A pointer that grabs a frame of the window after each drag (for the GIF)."""

    def __init__(self, pointer: Pointer, screen: Screen, region: Region) -> None:
        self.pointer, self.screen, self.region = pointer, screen, region
        self.frames: list[npt.NDArray[np.uint8]] = [screen.grab(region).image]

    def press(self, point: Point) -> None:
        self.pointer.press(point)

    def move(self, point: Point) -> None:
        self.pointer.move(point)

    def release(self) -> None:
        self.pointer.release()
        self.frames.append(self.screen.grab(self.region).image)


def run_demo(
    puzzle: Puzzle,
    *,
    png: Path,
    gif: Path | None = None,
    cell: int = 40,
    at: tuple[int, int] = (160, 120),
    settings: Settings | None = None,
) -> DemoResult:
    """Show ``puzzle`` in a practice window, solve it on screen, save the result.

    Raises
    ------
    DisplayError
        No display and no Xvfb, or the window would not open.
    PathNotTakenError
        The window itself does not report the board solved.
    """
    settings = settings or Settings()
    had_display = _has_display()
    warm_up()
    with ensure_display() as display, PracticeProcess(puzzle, cell=cell, at=at) as window:
        screen = MssScreen()
        width, height = Layout(puzzle.rows, puzzle.cols, cell=cell).size
        region = Region(at[0], at[1], width, height)
        pointer: Pointer = PyAutoGuiPointer()
        filming = _FilmingPointer(pointer, screen, region) if gif else None
        report = play_once(screen, filming or pointer, settings=settings)
        if not window.wait_solved(timeout=2.0):
            raise PathNotTakenError("the practice window does not report the board solved")
        final = screen.grab(region).image
        Image.fromarray(final).save(png)
        if filming is not None and gif is not None:
            frames = [Image.fromarray(f) for f in [*filming.frames, final]]
            durations = [300] + [120] * (len(frames) - 2) + [2000]
            frames[0].save(gif, save_all=True, append_images=frames[1:], duration=durations, loop=0)
        screen.close()
    return DemoResult(report, display, not had_display, png, gif)


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY"))
