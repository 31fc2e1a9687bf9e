"""Pointers: the mouse, and a recorder that stands in for it in tests."""

from __future__ import annotations

import contextlib
import gc
import io
import logging
import os
import sys
import warnings
from typing import Any, Literal, Protocol

from flowbot.actuate._display import xlib_authority
from flowbot.actuate._signals import shielded
from flowbot.errors import ActuationError, DisplayError, FailSafeError
from flowbot.models import Point

log = logging.getLogger(__name__)

Action = tuple[Literal["press", "move", "release"], Point | None]


class Pointer(Protocol):
    """A mouse that can press at a point, move while pressed, and let go."""

    def press(self, point: Point) -> None:
        """Move to ``point`` and press the left button."""
        ...

    def move(self, point: Point) -> None:
        """Move to ``point`` (the button stays as it is)."""
        ...

    def release(self) -> None:
        """Let go of the left button (harmless when it is already up)."""
        ...


class Keyboard(Protocol):
    """Something that can press a key (``"r"``, ``"space"``, ``"enter"``: pyautogui's names)."""

    def key(self, name: str) -> None:
        """Press and let go of the key ``name``."""
        ...


def as_keyboard(pointer: object) -> Keyboard:
    """``pointer`` as a ``Keyboard``; ``ActuationError`` when it cannot press keys."""
    if not callable(getattr(pointer, "key", None)):
        raise ActuationError("this pointer cannot press keys")
    return pointer  # type: ignore[return-value]


class RecordingPointer:
    """A pointer that only remembers what it was asked to do."""

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.keys: list[str] = []

    def press(self, point: Point) -> None:
        self.actions.append(("press", point))

    def move(self, point: Point) -> None:
        self.actions.append(("move", point))

    def release(self) -> None:
        self.actions.append(("release", None))

    def key(self, name: str) -> None:
        self.keys.append(name)


class PyAutoGuiPointer:
    """The real mouse, driven by pyautogui.

    pyautogui's fail-safe stays on (pointer in a screen corner aborts the run);
    its built-in ``PAUSE`` is set to 0 because ``draw`` paces the moves itself.
    """

    def __init__(self) -> None:
        if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
            raise DisplayError(
                "no display: DISPLAY is not set (run under X, or try 'flowbot demo')"
            )
        said = io.StringIO()  # python-xlib prints its warnings: they are not flowbot's output
        try:
            # pyautogui and the libraries under it open files and X connections at import
            # time and drop some unclosed: collect them here, quietly, not at a random
            # later moment.
            with (
                warnings.catch_warnings(),
                xlib_authority(),
                contextlib.redirect_stdout(said),
            ):
                warnings.simplefilter("ignore", ResourceWarning)
                import pyautogui  # noqa: PLC0415 - it needs a display at import time

                gc.collect()
        except Exception as exc:  # it probes the display at import time
            raise DisplayError(f"cannot drive the mouse: {exc}") from None
        finally:
            if said.getvalue().strip():
                log.debug("while loading pyautogui: %s", said.getvalue().strip())
        pyautogui.FAILSAFE = True
        pyautogui.PAUSE = 0
        self._gui: Any = pyautogui
        self._down = False

    def _call(self, name: str, *args: Any, **kwargs: Any) -> None:
        try:
            with shielded():  # never leave an X request half done
                getattr(self._gui, name)(*args, **kwargs)
        except self._gui.FailSafeException:
            raise FailSafeError("stopped by the fail-safe (pointer in a screen corner)") from None

    def press(self, point: Point) -> None:
        # mouseDown moves there first itself: one call, half the X round trips
        self._call("mouseDown", round(point.x), round(point.y), _pause=False)
        self._down = True

    def move(self, point: Point) -> None:
        self._call("moveTo", round(point.x), round(point.y), _pause=False)

    def key(self, name: str) -> None:
        if name not in self._gui.KEYBOARD_KEYS:
            raise ActuationError(f"no key named {name!r} (pyautogui's key names)")
        self._call("press", name, _pause=False)

    def release(self) -> None:
        # No fail-safe check here: letting go must always work.
        self._gui.FAILSAFE, saved = False, self._gui.FAILSAFE
        try:
            with shielded():
                self._gui.mouseUp(_pause=False)
        finally:
            self._gui.FAILSAFE = saved
        self._down = False
