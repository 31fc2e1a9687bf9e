"""The practice window's state file, written off the window's event loop.

Why a thread: replacing a file can stall for as long as the disk is busy
(on ext4 a rename over an existing file starts writing the new one out, and
waits behind whatever else is being written: measured up to 0.9 s on a fresh
clone's first run, while Python writes its ``__pycache__``). Done in the
window's event loop, that stall holds up the pointer events behind it, and
Tk merges the queued motions into one: the board then sees a jump across a
turn, fills the wrong cells and the stroke is lost. The window only hands
the state over; a thread writes the latest one.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write JSON so readers never see half a file."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


class StateFile:
    """Keeps ``path`` holding the last state ``put``; never makes the caller wait on the disk.

    States put while a write is under way are not all written: only the
    latest (readers poll the file for the current state, not for a history).
    ``close`` writes what is still pending.
    """

    def __init__(
        self, path: Path, write: Callable[[Path, dict[str, Any]], None] = write_json_atomic
    ) -> None:
        self.path, self._write = path, write
        self._changed = threading.Condition()
        self._pending: dict[str, Any] | None = None
        self._closing = False
        # A daemon: a window killed mid-write must not hang on it.
        self._thread = threading.Thread(target=self._run, name="practice-state", daemon=True)
        self._thread.start()

    def put(self, data: dict[str, Any]) -> None:
        """Have ``data`` written soon (it replaces any state not written yet)."""
        with self._changed:
            self._pending = data
            self._changed.notify()

    def close(self, timeout: float = 5.0) -> None:
        """Write the pending state, if any, and stop the thread."""
        with self._changed:
            self._closing = True
            self._changed.notify()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None or self._closing)
                data, self._pending = self._pending, None
                if data is None:  # closing, nothing left to write
                    return
            try:
                self._write(self.path, data)
            except OSError as exc:  # the next state may well get through
                log.warning("cannot write the state file %s: %s", self.path, exc)
