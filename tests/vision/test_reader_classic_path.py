"""A classic board's read does not pay for the checks of the game's other boards."""

from __future__ import annotations

import pytest

import flowbot.vision._reader as reader
from flowbot.practice import builtin_board
from flowbot.render import render_board
from flowbot.screens.synthetic import sample
from flowbot.vision import read_board

NINE = builtin_board("9x9")


def _counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the outlined boards' own checks run during reads."""
    calls = {"check_no_outline_inside": 0, "dots_beside_outlined": 0}
    for name in calls:
        check = getattr(reader, name)

        def counted(
            *args: object, _name: str = name, _check: object = check, **kwargs: object
        ) -> object:
            calls[_name] += 1
            return _check(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(reader, name, counted)
    return calls


def test_a_classic_board_skips_the_outlined_boards_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counted(monkeypatch)
    reading = read_board(render_board(NINE, cell_px=48, margin_px=48))
    assert reading.puzzle == NINE.canonical()
    assert calls == {"check_no_outline_inside": 0, "dots_beside_outlined": 0}


def test_a_board_outlined_all_round_runs_them(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    shot = sample("phone", 0, variant="walls")
    reading = read_board(shot.image)
    assert reading.puzzle == shot.puzzle.canonical()
    assert calls == {"check_no_outline_inside": 1, "dots_beside_outlined": 1}
