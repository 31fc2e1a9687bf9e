"""Ctrl-C and SIGTERM that never cut an X request in half.

Python raises ``KeyboardInterrupt`` wherever the program happens to be. If
that is inside python-xlib (under pyautogui) waiting for a reply, the
connection is left out of step, and the ``mouseUp`` in the ``finally`` that
must let go of the button then waits forever. So while ``handle_interrupts``
is active, Ctrl-C and SIGTERM raise ``KeyboardInterrupt`` at once, except
inside ``shielded()`` blocks (each pointer call), where they are held until
the block ends. SIGTERM behaving like Ctrl-C also means cleanups (button up,
Xvfb and the practice window stopped) run when the bot is killed.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


class _Shield:
    depth = 0  # how many shielded() blocks we are in
    pending = False  # an interrupt arrived inside one


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    if _Shield.depth:
        _Shield.pending = True
        return
    raise KeyboardInterrupt


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block ends (then raise ``KeyboardInterrupt``)."""
    _Shield.depth += 1
    try:
        yield
    finally:
        _Shield.depth -= 1
        if not _Shield.depth and _Shield.pending:
            _Shield.pending = False
            raise KeyboardInterrupt


@contextlib.contextmanager
def handle_interrupts() -> Iterator[None]:
    """Install the shield-aware handler for SIGINT and SIGTERM while inside."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
