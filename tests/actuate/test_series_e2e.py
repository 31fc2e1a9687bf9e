"""End to end: a pack of ten practice boards played in a row, unattended.

The practice window plays the pack as a series (a solved level is covered by a
"level complete" panel whose "next" button brings up the next board); the bot
runs ``play_loop`` with the practice profile, whose ``[next]`` section clicks
that button once the panel shows. Only the window's own state says whether
every level was solved.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from flowbot.actuate import (
    MssScreen,
    PlayReport,
    PyAutoGuiPointer,
    load_profile,
    play_loop,
)
from flowbot.cli import main
from flowbot.errors import FlowbotError
from flowbot.formats import write_puzzles
from flowbot.practice import PracticeProcess, practice_pack

pytestmark = [pytest.mark.gui, pytest.mark.slow]

SIZES = (5, 6, 7, 8, 9, 9, 8, 7, 6, 5)


def test_play_loop_runs_a_pack_of_ten_boards_unattended(xdisplay: str) -> None:
    levels = practice_pack(SIZES, seed=2800)
    results: list[PlayReport | FlowbotError] = []

    def keep(result: PlayReport | FlowbotError) -> None:
        # An error would leave the loop waiting for a board no one brings: stop at once.
        assert not isinstance(result, FlowbotError), f"board {len(results) + 1}: {result}"
        results.append(result)

    settings = load_profile("practice").settings
    # The panel comes 1.5 s after a level is solved (the game's is nearer 1 s): the bot
    # must have seen the drawn board before it, even when the machine stalls.
    with PracticeProcess(levels, cell=40, at=(80, 60), panel_delay=1.5) as window:
        screen = MssScreen()
        try:
            solved = play_loop(
                screen, PyAutoGuiPointer(), settings=settings, on_report=keep,
                boards=len(levels),
            )  # fmt: skip
        finally:
            screen.close()
        assert window.wait_solved(timeout=5.0)
        state = window.state()
    assert solved == len(levels)
    assert (state["level"], state["levels"]) == (len(levels), len(levels))
    sizes = [r.puzzle.rows for r in results if isinstance(r, PlayReport)]
    assert sizes == list(SIZES)


def test_practice_refuses_a_level_the_pack_does_not_hold(tmp_path: Path) -> None:
    path = tmp_path / "pack.txt"
    write_puzzles(path, practice_pack((5, 6), seed=2900), "ahle")
    assert main(["practice", str(path), "--index", "3"]) == 2  # the pack holds two
