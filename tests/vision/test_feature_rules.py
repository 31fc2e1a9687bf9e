"""Feature rules: judged on the board chosen once its features and pipes are all found."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import Cell
from flowbot.practice import builtin_board
from flowbot.render import render_board
from flowbot.solve import solve
from flowbot.vision._choose import Board, choose_board
from flowbot.vision._rules import ALL_RULES, FEATURE_RULES, check_features
from flowbot.vision._types import DEFAULT_SETTINGS, Features

NINE = builtin_board("9x9")


def _board(drawn: bool) -> Board:
    solution = solve(NINE).solution
    assert solution is not None
    return choose_board(
        render_board(NINE, solution if drawn else None, cell_px=48, margin_px=48),
        DEFAULT_SETTINGS,
    )


def test_pipes_on_a_classic_board_only_is_a_named_rule() -> None:
    assert [rule.name for rule in FEATURE_RULES] == ["pipes on a classic board only"]
    assert set(FEATURE_RULES) <= set(ALL_RULES)


def test_pipes_on_a_classic_board_pass() -> None:
    board = _board(drawn=True)
    assert board.pipes.flows
    check_features(board)


@pytest.mark.parametrize(
    "features",
    [
        Features(bridges=frozenset({Cell(4, 4)})),
        Features(holes=frozenset({Cell(0, 0)})),
        Features(warps=frozenset({(Cell(0, 3), Cell(8, 3))})),
    ],
)
def test_pipes_on_the_games_other_boards_are_refused(features: Features) -> None:
    board = replace(_board(drawn=True), features=features)
    with pytest.raises(UnsureReadingError, match="pipes drawn on a board with"):
        check_features(board)
    # The same board with no pipe drawn passes: only the pipes are not read there.
    check_features(replace(_board(drawn=False), features=features))
