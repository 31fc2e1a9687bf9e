"""Feature rule: drawn pipes are read on a classic board only, not on the game's other boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flowbot.errors import UnsureReadingError
from flowbot.vision._border_sides import border_of
from flowbot.vision._rule import Rule

if TYPE_CHECKING:
    from flowbot.vision._choose import Board

#: The refusal of pipes drawn on one of the game's other boards.
PIPES_ON_VARIANT = "pipes drawn on a board with an outline, bridges or warps are not read yet"


def check_pipes_on_classic(board: Board) -> None:
    """Refuse drawn pipes on any board but a classic one.

    A pipe hides what lies under it: a bridge's tile under a straight pipe, a
    warp's opening a pipe runs out of. The pipe stage reads the cells it
    covers as plain cells, which only a classic board's are. The border is the
    one the reader measured (measured here only for a board that has none).
    """
    if not board.pipes.flows:
        return
    features, cells = board.features, board.cells
    border = board.border or border_of(cells.image, cells.geometry)
    if features.bridges or features.warps or features.holes or features.walls or border.all_round:
        raise UnsureReadingError(PIPES_ON_VARIANT)


PIPES_ON_CLASSIC: Rule[Board] = Rule(
    name="pipes on a classic board only",
    refuses="pipes drawn on a board with holes, walls, bridges, warps or a border outlined "
    "all round (the game's other boards)",
    why="A pipe hides what lies under it (a bridge's tile, a warp's opening, an outline's "
    "colour); the pipe stage reads the cells a pipe covers as plain cells, which only a "
    "classic board's are.",
    bounds="Outlined all round: every side seen drawn alike and OUTLINE_LIGHTER 12 L* "
    "lighter than the inner lines (_border_sides); the features as the stages before found "
    "them.",
    reason=PIPES_ON_VARIANT,
    check=check_pipes_on_classic,
)
