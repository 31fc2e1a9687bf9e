"""A virtual X display for the GUI tests of the actuation stage.

The end-to-end tests move the real mouse, so they always run on a private
Xvfb started here (never on the desktop you are sitting at); they skip with a
clear reason when Xvfb or Tk is missing.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from flowbot.actuate import ensure_display


@pytest.fixture(scope="session")
def xdisplay() -> Iterator[str]:
    """The name of a private Xvfb display, set as ``$DISPLAY`` for the session."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb, or ./setup.sh)")
    try:
        import tkinter  # noqa: F401, PLC0415
    except ImportError:
        pytest.skip("this Python has no Tk (python3-tk) for the practice window")
    saved = os.environ.pop("DISPLAY", None)
    try:
        with ensure_display() as display:
            yield display
    finally:
        if saved is not None:
            os.environ["DISPLAY"] = saved
