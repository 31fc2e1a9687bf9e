"""Actuation stage: from a solution to mouse drags on the real screen, and the play loop.

Screens (``MssScreen``, ``FileScreen``, ``ArrayScreen``) and pointers
(``PyAutoGuiPointer``, ``RecordingPointer``) are the I/O edges, behind small
protocols; planning (``to_screen``, ``plan_drags``) is pure; ``draw`` replays a
plan with pacing; ``play_once`` chains capture, vision, solver, drawing and the
check that the game took every path.
"""

from flowbot.actuate._advance import ADVANCE_HOWS, Advance, next_level
from flowbot.actuate._area import PlayArea
from flowbot.actuate._calibrate import (
    CANDIDATE_JUMPS,
    CANDIDATE_STEPS,
    CLEAR_ATTEMPTS,
    CLEAR_MODES,
    Calibration,
    Trial,
    calibrate,
    check_clear_mode,
)
from flowbot.actuate._confirm import untaken_paths
from flowbot.actuate._display import ensure_display, virtual_display
from flowbot.actuate._draw import FRAME, Clock, FakeClock, Pacing, SystemClock, Watch, draw
from flowbot.actuate._plan import (
    DRAG_STYLES,
    Drag,
    DragStyle,
    plan_drags,
    to_capture,
    to_screen,
)
from flowbot.actuate._play import (
    Plan,
    PlayReport,
    Settings,
    make_plan,
    moves_floor,
    play_loop,
    play_once,
    warm_up,
)
from flowbot.actuate._pointer import (
    FailSafeError,
    Keyboard,
    Pointer,
    PyAutoGuiPointer,
    RecordingPointer,
)
from flowbot.actuate._preview import preview_image
from flowbot.actuate._profile import (
    Profile,
    ProfileFile,
    is_shipped,
    jump_toml,
    list_profiles,
    load_profile,
    measured_toml,
    profile_toml,
    shipped_base,
    user_profile_dir,
)
from flowbot.actuate._screen import (
    ArrayScreen,
    Capture,
    FileScreen,
    MssScreen,
    Region,
    Screen,
    save_png,
)
from flowbot.actuate._signals import handle_interrupts, shielded
from flowbot.actuate._watch import BoardWatch, Pins, pin_board

__all__ = [
    "ADVANCE_HOWS",
    "CANDIDATE_JUMPS",
    "CANDIDATE_STEPS",
    "CLEAR_ATTEMPTS",
    "CLEAR_MODES",
    "DRAG_STYLES",
    "FRAME",
    "Advance",
    "ArrayScreen",
    "BoardWatch",
    "Calibration",
    "Capture",
    "Clock",
    "Drag",
    "DragStyle",
    "FailSafeError",
    "FakeClock",
    "FileScreen",
    "Keyboard",
    "MssScreen",
    "Pacing",
    "Pins",
    "Plan",
    "PlayArea",
    "PlayReport",
    "Pointer",
    "Profile",
    "ProfileFile",
    "PyAutoGuiPointer",
    "RecordingPointer",
    "Region",
    "Screen",
    "Settings",
    "SystemClock",
    "Trial",
    "Watch",
    "calibrate",
    "check_clear_mode",
    "draw",
    "ensure_display",
    "handle_interrupts",
    "is_shipped",
    "jump_toml",
    "list_profiles",
    "load_profile",
    "make_plan",
    "measured_toml",
    "moves_floor",
    "next_level",
    "pin_board",
    "plan_drags",
    "play_loop",
    "play_once",
    "preview_image",
    "profile_toml",
    "save_png",
    "shielded",
    "shipped_base",
    "to_capture",
    "to_screen",
    "untaken_paths",
    "user_profile_dir",
    "virtual_display",
    "warm_up",
]
