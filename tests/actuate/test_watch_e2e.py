"""End to end: the practice window is moved, or another window raised over it, mid-draw.

The real pipeline (mss, vision, solver, pyautogui) draws a 14x14 practice
board on a private Xvfb; after the 40th move a helper thread moves the window
with xdotool (or raises a window that lay under it) and then watches the
screen itself until the change shows there. From the pointer actions the bot
made (each stamped when it was made) it checks that once the change showed,
the bot made at most the one action (a move, or a press) whose look came just
before it, and let go.

How long the release takes after the change is recorded here but only
loosely bounded (a busy 2-core CI machine can stall any process for tens of
milliseconds); ``benchmarks/watch_practice.py`` measures it against the
issue's 100 ms floor.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import mss
import numpy as np
import pytest

from flowbot.actuate import MssScreen, PyAutoGuiPointer, load_profile, play_once
from flowbot.errors import BoardMovedError
from flowbot.models import BoardGeometry, Point
from flowbot.practice import PracticeProcess, builtin_board

pytestmark = [pytest.mark.gui, pytest.mark.slow]

BOARD = builtin_board("14x14")
CELL, AT = 30, (40, 40)
TRIGGER = 40  # moves made before the window is moved or covered
COVER = (200, 200, 200)


class StampedPointer:
    """The real mouse, with every action kept and stamped (``time.perf_counter``)."""

    def __init__(self, on_move: Callable[[int], None]) -> None:
        self.mouse = PyAutoGuiPointer()
        self.on_move = on_move
        self.actions: list[tuple[float, str, Point | None]] = []

    def press(self, point: Point) -> None:
        self.actions.append((time.perf_counter(), "press", point))
        self.mouse.press(point)

    def move(self, point: Point) -> None:
        self.actions.append((time.perf_counter(), "move", point))
        self.mouse.move(point)
        self.on_move(sum(kind == "move" for _, kind, _ in self.actions))

    def release(self) -> None:
        self.mouse.release()
        self.actions.append((time.perf_counter(), "release", None))


class Change:
    """Runs ``command`` once triggered, then watches the screen at ``point`` until it no
    longer shows ``colour``: ``shown`` is when the change was first seen there."""

    def __init__(self, command: list[str], point: Point, colour: np.ndarray) -> None:
        self.command, self.point, self.colour = command, point, colour
        self.go = threading.Event()
        self.shown: float | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def trigger(self, moves: int) -> None:
        if moves == TRIGGER:
            self.go.set()

    def _run(self) -> None:
        if not self.go.wait(timeout=120):
            return
        subprocess.run(self.command, check=True, timeout=30)
        deadline = time.perf_counter() + 10
        with mss.MSS() as grabber:
            while time.perf_counter() < deadline:
                if np.linalg.norm(_colour_at(self.point, grabber) - self.colour) > 60:
                    self.shown = time.perf_counter()
                    return


def _colour_at(point: Point, grabber: mss.MSS | None = None) -> np.ndarray:
    if grabber is None:
        with mss.MSS() as own:
            return _colour_at(point, own)
    spot = {"left": round(point.x), "top": round(point.y), "width": 1, "height": 1}
    return np.asarray(grabber.grab(spot))[0, 0, 2::-1].astype(float)


def _window_id(title: str) -> str:
    found = subprocess.run(
        ["xdotool", "search", "--name", title], capture_output=True, text=True, check=False
    ).stdout.split()
    assert found, f"no window titled {title!r}"
    return found[0]


_COVER_WINDOW = """
import sys, tkinter as tk
root = tk.Tk(); root.title("cover")
root.geometry(sys.argv[1]); root.configure(bg=sys.argv[2])
root.update()
print("ready", flush=True)
root.mainloop()
"""


@pytest.fixture
def under_window(xdisplay: str) -> Iterator[Callable[[str], None]]:
    """Opens a plain grey window (titled "cover") at a geometry; closes it afterwards."""
    procs: list[subprocess.Popen[str]] = []

    def open_at(geometry: str) -> None:
        proc = subprocess.Popen(
            [sys.executable, "-c", _COVER_WINDOW, geometry, "#{:02x}{:02x}{:02x}".format(*COVER)],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        procs.append(proc)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"

    yield open_at
    for proc in procs:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()


def _play_until_stopped(change: Change) -> StampedPointer:
    settings = load_profile("practice").settings
    pointer = StampedPointer(change.trigger)
    screen = MssScreen()
    try:
        with pytest.raises(BoardMovedError, match="while drawing"):
            play_once(screen, pointer, settings=settings)
    finally:
        screen.close()
    change.thread.join(timeout=15)
    return pointer


def _check_stopped(pointer: StampedPointer, shown: float | None, board: BoardGeometry) -> None:
    assert shown is not None, "the change never showed on the screen"
    after = [(t, kind, p) for t, kind, p in pointer.actions if t > shown]
    kinds = [kind for _, kind, _ in after]
    # The look before each action: only an action whose look came before the change
    # showed can follow it (a move, or a press between two strokes), and only the
    # release after that (none at all when the bot's look saw the change before
    # this test's own did).
    assert kinds in ([], ["release"], ["move", "release"], ["press", "release"]), kinds
    late_moves = [p for _, kind, p in after if kind == "move" and p is not None]
    outside = [p for p in late_moves if not board.contains(p)]
    assert len(outside) <= 1
    release = pointer.actions[-1][0]
    assert pointer.actions[-1][1] == "release"
    print(f"release {1000 * (release - shown):.1f} ms after the change showed")
    assert release - shown < 1.0  # loose: the 100 ms floor is the benchmark's


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_drawing_stops_when_the_window_is_moved(xdisplay: str) -> None:
    with PracticeProcess(BOARD, cell=CELL, at=AT) as window:
        old = window.board
        dot = old.centre(BOARD.pairs[0].a)
        move = ["xdotool", "windowmove", "--sync", _window_id("flowbot practice"), "400", "260"]
        change = Change(move, dot, _colour_at(dot))
        pointer = _play_until_stopped(change)
        deadline = time.monotonic() + 10
        while window.board == old and time.monotonic() < deadline:
            time.sleep(0.05)
        moved = window.board
        assert moved != old
        _check_stopped(pointer, change.shown, moved)
        assert not window.state()["solved"]


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_drawing_stops_when_another_window_is_raised_over_it(
    xdisplay: str, under_window: Callable[[str], None]
) -> None:
    width, height = 260, 240
    # Under the board's top-left part (opened first: the practice window lies over it).
    under_window(f"{width}x{height}+{AT[0] + 10}+{AT[1] + 70}")
    with PracticeProcess(BOARD, cell=CELL, at=AT) as window:
        board = window.board
        covered = [
            board.centre(cell)
            for pair in BOARD.pairs
            for cell in (pair.a, pair.b)
            if board.centre(cell).x < AT[0] + 10 + width
            and board.centre(cell).y < AT[1] + 70 + height
        ]
        assert covered
        dot = covered[0]
        change = Change(["xdotool", "windowraise", _window_id("cover")], dot, _colour_at(dot))
        pointer = _play_until_stopped(change)
        # The board's place now: the part the cover leaves (no move may land on the cover).
        left, top = AT[0] + 10, AT[1] + 70
        late = [p for t, kind, p in pointer.actions if kind == "move" and t > (change.shown or 0)]
        on_cover = [
            p for p in late if p and left <= p.x < left + width and top <= p.y < top + height
        ]
        assert len(on_cover) <= 1
        _check_stopped(pointer, change.shown, board)
        assert not window.state()["solved"]
