"""Boards that come with flowbot, for the demo, the tests and calibration.

Made for this project with ``flowbot.generate`` (seeded, no self-touching
paths, dots at least 3 apart), not taken from any game.
"""

from __future__ import annotations

from collections.abc import Sequence

from flowbot.errors import InputError
from flowbot.models import Puzzle

_BOARDS: dict[str, tuple[str, ...]] = {
    "5x5": (
        "A..BC",
        ".BC..",
        ".D..D",
        "....A",
        "E...E",
    ),
    "9x9": (
        "A..B....A",
        ".........",
        "...C..DE.",
        ".B.......",
        "....F....",
        "....C..F.",
        ".D..G..EH",
        ".......I.",
        "...GI..H.",
    ),
    "10x10": (
        "......A...",
        ".B........",
        "..........",
        "..C...DB..",
        "..........",
        ".....A....",
        ".EDC......",
        "..F...G...",
        "H.EI..FI.H",
        "J..J.....G",
    ),
    "8x12": (
        "...........A",
        ".B...BC..C..",
        "............",
        "........D.E.",
        ".......F....",
        "...GFH..GI.H",
        "...D..I...A.",
        "E...........",
    ),
    "14x14": (
        ".....A......AB",
        "...C..........",
        "..D.E.........",
        "..F.....D..GH.",
        "...C.I........",
        "..............",
        "...F...IE.J...",
        "..............",
        "G..........K..",
        "..............",
        ".....B.L....H.",
        ".MNJ.......KL.",
        "........M.....",
        ".N............",
    ),
}

#: The names of the built-in boards, smallest first.
BUILTIN_BOARDS = tuple(_BOARDS)


def builtin_board(name: str) -> Puzzle:
    """A built-in board by name (``"9x9"``...); ``InputError`` for an unknown one."""
    if name not in _BOARDS:
        raise InputError(f"no built-in board {name!r}; choose from {', '.join(_BOARDS)}")
    return Puzzle.from_grid(_BOARDS[name])


def practice_pack(sizes: Sequence[int], *, seed: int) -> list[Puzzle]:
    """A pack of generated boards, one per size in ``sizes`` (n x n with n - 1
    colours, made like the built-in ones: no self-touching path, dots 3 or more
    apart); the same ``seed`` gives the same pack."""
    from flowbot.generate import generate  # noqa: PLC0415 - only packs need the generator

    return [
        generate(n, n, n - 1, min_distance=3, seed=seed + i).puzzle for i, n in enumerate(sizes)
    ]
