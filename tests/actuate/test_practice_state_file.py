"""The practice window's state file never holds up the window's pointer events.

On a fresh clone's first `flowbot demo`, replacing the state file after a
release stalled up to 0.9 s (the disk busy writing ``__pycache__``); the
window's event loop waited, Tk merged the motions queued meanwhile, and the
board lost the next strokes (the demo "re-drew D, E, F").
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from flowbot.practice import builtin_board
from flowbot.practice._state_file import StateFile
from flowbot.solve import solve


def test_the_state_file_takes_a_state_at_once_and_keeps_the_latest(tmp_path: Path) -> None:
    written: list[dict[str, Any]] = []
    writing, disk_free = threading.Event(), threading.Event()

    def slow_write(_path: Path, data: dict[str, Any]) -> None:
        writing.set()
        disk_free.wait(5.0)
        written.append(data)

    state_file = StateFile(tmp_path / "state.json", slow_write)
    state_file.put({"moves": 1})
    assert writing.wait(5.0)  # the first write is under way, held up by the disk
    t0 = time.perf_counter()
    state_file.put({"moves": 2})
    state_file.put({"moves": 3})
    assert time.perf_counter() - t0 < 0.5  # did not wait for the disk
    disk_free.set()
    state_file.close()
    assert written == [{"moves": 1}, {"moves": 3}]  # the one overtaken is never written


def test_the_state_file_holds_the_last_state_once_closed(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    state_file = StateFile(path)
    for moves in range(5):
        state_file.put({"moves": moves})
    state_file.close()
    assert json.loads(path.read_text()) == {"moves": 4}
    assert not path.with_name("state.json.tmp").exists()


def test_a_stalled_state_file_does_not_hold_up_the_window(
    xdisplay: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk stalls every file replace; a whole stroke (press, moves, release) still
    goes through the window at once, and the state lands once the disk is free."""
    from flowbot.practice._window import PracticeWindow  # noqa: PLC0415 - needs Tk

    disk_free = threading.Event()
    replace = Path.replace

    def stalled_replace(self: Path, target: Path) -> Path:
        disk_free.wait(5.0)
        return replace(self, target)

    monkeypatch.setattr(Path, "replace", stalled_replace)
    puzzle = builtin_board("5x5")
    solution = solve(puzzle).solution
    assert solution is not None
    path = solution.paths[0]
    state_path = tmp_path / "state.json"
    window = PracticeWindow(puzzle, cell=40, at=(0, 0), state_path=state_path)
    try:
        deadline = time.monotonic() + 5.0
        while window._reported_at is None and time.monotonic() < deadline:  # mapped, reported
            window.root.update()
            time.sleep(0.01)
        assert window._reported_at is not None
        centres = [window.layout.geometry.centre(cell) for cell in path]
        canvas = window.canvas
        t0 = time.perf_counter()
        canvas.event_generate("<ButtonPress-1>", x=round(centres[0].x), y=round(centres[0].y))
        for p in centres[1:]:
            canvas.event_generate("<B1-Motion>", x=round(p.x), y=round(p.y))
        end = centres[-1]
        canvas.event_generate("<ButtonRelease-1>", x=round(end.x), y=round(end.y))
        took = time.perf_counter() - t0
        assert window.state.paths[0] == path
        assert took < 1.0, f"the stroke waited {took:.1f} s for the disk"
    finally:
        disk_free.set()
        window.root.after(0, window.root.destroy)
        window.run()  # returns once closed, with the state file written
    state = json.loads(state_path.read_text())
    assert state["paths"][0] == [list(cell) for cell in path]
    assert state["moves"] == 1
