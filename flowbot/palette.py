"""Flow Free's colours, in the order the game hands them out.

One table for everything that draws a board (renders, the practice window,
terminal output) and for vision tests that need realistic colours. Vision does
not depend on these exact values: real screens drift from them.
"""

from __future__ import annotations

from typing import NamedTuple


class Colour(NamedTuple):
    name: str
    rgb: tuple[int, int, int]
    #: The letter mzucker/flow_solver's puzzle files use for this colour.
    mnemonic: str


GAME_COLOURS: tuple[Colour, ...] = (
    Colour("red", (234, 51, 35), "R"),
    Colour("green", (61, 137, 40), "G"),
    Colour("blue", (20, 41, 245), "B"),
    Colour("yellow", (232, 224, 73), "Y"),
    Colour("orange", (235, 142, 52), "O"),
    Colour("cyan", (117, 251, 253), "C"),
    Colour("magenta", (234, 53, 193), "M"),
    Colour("maroon", (151, 52, 48), "m"),
    Colour("purple", (116, 20, 123), "P"),
    Colour("white", (255, 255, 255), "W"),
    Colour("grey", (166, 166, 166), "A"),
    Colour("lime", (117, 249, 77), "g"),
    Colour("tan", (161, 141, 93), "T"),
    Colour("navy", (51, 47, 193), "b"),
    Colour("teal", (54, 127, 128), "c"),
    Colour("pink", (234, 117, 175), "p"),
)

BACKGROUND = (0, 0, 0)
GRID_LINE = (90, 90, 90)


def colour_for(index: int) -> Colour:
    """The game's colour for the ``index``-th pair (cycling past 16)."""
    return GAME_COLOURS[index % len(GAME_COLOURS)]
