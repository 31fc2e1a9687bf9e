"""The practice board: a stand-in for Flow Free that the bot (and people) can play.

Why a package of its own rather than part of ``flowbot.actuate``: it is the
game, not the bot. The bot must never depend on it; it is only a target for
the demo, the end-to-end tests, calibration and the benchmark, and a board for
people to try (``flowbot practice``). The rules are pure functions
(``_game``), the look is a list of shapes drawn by Tk or Pillow (``_render``),
and the window (``_window``, imported lazily: it needs Tk) runs in its own
process for programs that drive it (``PracticeProcess``).
"""

from flowbot.practice._boards import BUILTIN_BOARDS, builtin_board, practice_pack
from flowbot.practice._game import (
    GameState,
    connected,
    drag_to,
    filled,
    is_solved,
    line_cells,
    new_game,
    press,
    release,
)
from flowbot.practice._process import PracticeProcess
from flowbot.practice._render import Layout, render
from flowbot.practice._sim import SimulatedBoard

__all__ = [
    "BUILTIN_BOARDS",
    "GameState",
    "Layout",
    "PracticeProcess",
    "SimulatedBoard",
    "builtin_board",
    "connected",
    "drag_to",
    "filled",
    "is_solved",
    "line_cells",
    "new_game",
    "practice_pack",
    "press",
    "release",
    "render",
]
