"""Any X display: flowbot drives the mouse where screen capture works, and prints only its own.

python-xlib (under pyautogui) needs an Xauthority file holding an entry and
prints warnings into stdout otherwise; a plain ``Xvfb :N`` or a container has
none. ``flowbot play`` runs in a fresh process here, so pyautogui is loaded
the way a user's first run loads it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.gui]


@pytest.mark.parametrize("xauthority", ["missing", "empty"])
def test_play_drives_a_display_without_an_xauthority_file(
    xdisplay: str, tmp_path: Path, xauthority: str
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "XAUTHORITY"}
    env["HOME"] = str(tmp_path)  # no ~/.Xauthority there
    env["DISPLAY"] = xdisplay
    if xauthority == "empty":
        empty = tmp_path / "empty-xauthority"
        empty.write_bytes(b"")
        env["XAUTHORITY"] = str(empty)
    run = subprocess.run(
        [sys.executable, "-m", "flowbot", "play", "--once"],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    # The mouse is taken before the screen is read, so "no board" (3), not "no display" (9).
    assert run.returncode == 3, run.stderr
    assert run.stdout == ""
    assert run.stderr.startswith("flowbot: ")
    assert len(run.stderr.splitlines()) == 1
