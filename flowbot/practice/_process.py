"""Running the practice window in its own process, and watching its state file.

The bot and the window must run at once (the window's event loop takes the
drags the bot makes), so programs that drive the board (the demo, the tests,
calibration, the benchmark) start it as a child process of ``flowbot practice``.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flowbot.errors import DisplayError
from flowbot.formats import format_puzzles
from flowbot.models import BoardGeometry, Geometry, HexGeometry, Puzzle, Shape

log = logging.getLogger(__name__)


class PracticeProcess:
    """A practice window in a child process; use as a context manager.

    Parameters
    ----------
    puzzle
        The board to show, or a series of boards (played one after another,
        each solved one covered by a "level complete" panel with a "next" button).
    cell
        Cell pitch in pixels.
    at
        The window's top-left corner on the screen.
    display
        The X display to open it on (``None``: the inherited ``$DISPLAY``).
    fill
        How the window takes a jump over several cells (``flowbot practice --fill``).
    """

    def __init__(
        self,
        puzzle: Puzzle | Sequence[Puzzle],
        *,
        cell: int = 48,
        at: tuple[int, int] = (40, 40),
        display: str | None = None,
        ready_timeout: float = 15.0,
        fill: str = "run",
        panel_delay: float = 0.8,
    ) -> None:
        self.levels = (puzzle,) if isinstance(puzzle, Puzzle) else tuple(puzzle)
        self.puzzle = self.levels[0]
        self._dir = tempfile.TemporaryDirectory(prefix="flowbot-practice-")
        folder = Path(self._dir.name)
        # A pack of any number of puzzles: ahle, or the game's own level lines for the
        # boards ahle cannot hold.
        pack = "ahle" if all(level.is_classic for level in self.levels) else "levelpack"
        puzzle_file = folder / "puzzles.txt"
        puzzle_file.write_text(format_puzzles(self.levels, pack))
        self.state_path = folder / "state.json"
        cmd = [
            sys.executable, "-m", "flowbot", "practice", str(puzzle_file),
            "--cell", str(cell), "--at", f"{at[0]},{at[1]}", "--state", str(self.state_path),
            "--fill", fill, "--panel-delay-ms", str(panel_delay * 1000),
        ]  # fmt: skip
        env = None
        if display is not None:
            import os  # noqa: PLC0415 - only needed here

            env = {**os.environ, "DISPLAY": display}
        self._proc = subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, text=True)
        try:
            self._wait_ready(ready_timeout)
        except BaseException:
            self.close()
            raise

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.state_path.exists():
            if self._proc.poll() is not None:
                err = (self._proc.stderr.read() if self._proc.stderr else "").strip()
                last = err.splitlines()[-1] if err else f"exit code {self._proc.returncode}"
                raise DisplayError(f"the practice window did not open: {last}")
            if time.monotonic() > deadline:
                raise DisplayError(f"the practice window did not open within {timeout:.0f} s")
            time.sleep(0.02)
        # One more beat so the first frame is on the screen before anyone grabs it.
        time.sleep(0.1)

    def state(self) -> dict[str, Any]:
        """The window's last reported state (see ``state_json``)."""
        data: dict[str, Any] = json.loads(self.state_path.read_text())
        return data

    @property
    def board(self) -> Geometry:
        """Where the board's cells are on the screen, from the box the window reports."""
        state = self.state()
        x0, y0, x1, y1 = state["board"]
        p = self.levels[state.get("level", 1) - 1]
        if p.shape is Shape.HEX:  # the box holds rows and a half of hexagons (cols > 1)
            pitch = (y1 - y0) / (p.rows + (0.5 if p.cols > 1 else 0.0))
            return HexGeometry.regular(left=x0, top=y0, pitch=pitch, rows=p.rows, cols=p.cols)
        return BoardGeometry.uniform(
            left=x0, top=y0, width=x1 - x0, height=y1 - y0, rows=state["rows"],
            cols=state["cols"],
        )  # fmt: skip

    def wait_solved(self, timeout: float = 2.0) -> bool:
        """True once the window says the board is solved (polls until ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            if self.state()["solved"]:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)

    def close(self) -> None:
        """Close the window and clean up."""
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._proc.stderr:
            self._proc.stderr.close()
        self._dir.cleanup()

    def __enter__(self) -> PracticeProcess:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
