"""Feature rules: judged on the board chosen once its features and pipes are all found."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flowbot.errors import UnsureReadingError
from flowbot.models import link
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


def test_pipes_where_the_board_lets_them_run_is_a_named_rule() -> None:
    assert [rule.name for rule in FEATURE_RULES] == ["pipes where the board lets them run"]
    assert set(FEATURE_RULES) <= set(ALL_RULES)


def test_pipes_on_a_classic_board_pass() -> None:
    board = _board(drawn=True)
    assert board.pipes.flows
    check_features(board)


def _features(kind: str, board: Board) -> Features:
    """Features putting a hole, a wall or a bridge where a flow drawn runs (and turns)."""
    flow = max(board.pipes.flows, key=len)
    turn = next(
        b
        for a, b, c in zip(flow, flow[1:], flow[2:], strict=False)
        if a.row != c.row and a.col != c.col
    )
    if kind == "hole":
        return Features(holes=frozenset({flow[1]}))
    if kind == "wall":
        return Features(walls=frozenset({link(flow[1], flow[2])}))
    return Features(bridges=frozenset({turn}))


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("hole", "through a wall or a hole"),
        ("wall", "through a wall or a hole"),
        ("bridge", "turns or ends on a bridge"),
    ],
)
def test_pipes_where_the_board_lets_none_run_are_refused(kind: str, reason: str) -> None:
    drawn = _board(drawn=True)
    board = replace(drawn, features=_features(kind, drawn))
    with pytest.raises(UnsureReadingError, match=reason):
        check_features(board)
    # The same board with no pipe drawn passes: only the pipes there are refused.
    check_features(replace(_board(drawn=False), features=board.features))
