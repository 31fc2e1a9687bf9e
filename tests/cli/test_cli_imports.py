"""Registering a command loads no heavy library: `flowbot --help` stays quick."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

#: Libraries (and flowbot stages) that take tens to hundreds of milliseconds to import.
HEAVY = ("cv2", "numpy", "ortools", "PIL", "pysat", "rich", "scipy", "skimage", "mss")
STAGES = ("flowbot.actuate", "flowbot.practice", "flowbot.render", "flowbot.solve")

PROBE = """
import argparse, importlib, json, sys
sub = argparse.ArgumentParser().add_subparsers()
importlib.import_module("flowbot.cli." + sys.argv[1]).register(sub)
print(json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("command", ["play", "calibrate", "demo", "convert", "generate", "solve"])
def test_registering_a_command_imports_nothing_heavy(command: str) -> None:
    # A fresh interpreter: this one has long since imported everything.
    done = subprocess.run(
        [sys.executable, "-c", PROBE, command], capture_output=True, text=True, check=True
    )
    loaded = set(json.loads(done.stdout))
    tops = {name.split(".")[0] for name in loaded}
    assert not tops & set(HEAVY)
    assert not {name for name in loaded if name.startswith(STAGES)}


def test_practice_board_choices_still_check_values() -> None:
    from flowbot.cli._screen import PracticeBoards  # noqa: PLC0415
    from flowbot.practice import BUILTIN_BOARDS  # noqa: PLC0415

    assert tuple(PracticeBoards()) == BUILTIN_BOARDS
    parser = argparse.ArgumentParser()
    parser.add_argument("--board", choices=PracticeBoards(), metavar="BOARD")
    assert parser.parse_args(["--board", BUILTIN_BOARDS[0]]).board == BUILTIN_BOARDS[0]
    with pytest.raises(SystemExit):
        parser.parse_args(["--board", "no-such-board"])
