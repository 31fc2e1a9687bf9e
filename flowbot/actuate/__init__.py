"""Actuation stage: from a solution to mouse drags on the real screen, and the play loop.

Screens (``MssScreen``, ``FileScreen``, ``ArrayScreen``) and pointers
(``PyAutoGuiPointer``, ``RecordingPointer``) are the I/O edges, behind small
protocols; planning (``to_screen``, ``plan_drags``) is pure; ``draw`` replays a
plan with pacing; ``play_once`` chains capture, vision, solver, drawing and the
check that the game took every path.
"""

from flowbot.actuate._draw import FRAME, Clock, FakeClock, Pacing, SystemClock, draw
from flowbot.actuate._plan import DRAG_STYLES, Drag, DragStyle, check_inside, plan_drags, to_screen
from flowbot.actuate._pointer import FailSafeError, Pointer, PyAutoGuiPointer, RecordingPointer
from flowbot.actuate._screen import (
    ArrayScreen,
    Capture,
    FileScreen,
    MssScreen,
    Region,
    Screen,
    load_rgb,
    save_png,
)

__all__ = [
    "DRAG_STYLES",
    "FRAME",
    "ArrayScreen",
    "Capture",
    "Clock",
    "Drag",
    "DragStyle",
    "FailSafeError",
    "FakeClock",
    "FileScreen",
    "MssScreen",
    "Pacing",
    "Pointer",
    "PyAutoGuiPointer",
    "RecordingPointer",
    "Region",
    "Screen",
    "SystemClock",
    "check_inside",
    "draw",
    "load_rgb",
    "plan_drags",
    "save_png",
    "to_screen",
]
