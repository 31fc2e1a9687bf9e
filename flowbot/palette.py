"""Flow Free's colours, in the order the game hands them out.

One table for everything that draws a board (renders, the practice window,
terminal output) and for vision tests that need realistic colours. Vision does
not depend on these exact values: real screens drift from them.

The values were sampled from the centres of dots in real screenshots
(``../shared/screens``). The game ships two palettes: ``GAME_COLOURS`` is the
current one (iOS and macOS captures, lossless PNG), ``CLASSIC_COLOURS`` the
older web-colour one still drawn by the Windows app and older Android builds.
``ANDROID_COLOURS`` is the current Android build's: close to the classic
one, slightly shifted.
"""

from __future__ import annotations

from typing import NamedTuple

RGB = tuple[int, int, int]


class Colour(NamedTuple):
    name: str
    rgb: RGB
    #: The letter mzucker/flow_solver's puzzle files use for this colour.
    mnemonic: str


GAME_COLOURS: tuple[Colour, ...] = (
    Colour("red", (234, 51, 35), "R"),
    Colour("green", (61, 138, 38), "G"),
    Colour("blue", (20, 41, 244), "B"),
    Colour("yellow", (232, 224, 74), "Y"),
    Colour("orange", (235, 142, 52), "O"),
    Colour("cyan", (117, 251, 253), "C"),
    Colour("magenta", (234, 53, 195), "M"),
    Colour("maroon", (151, 52, 48), "m"),
    Colour("purple", (116, 20, 123), "P"),
    Colour("white", (255, 255, 255), "W"),
    # Current builds draw the 11th colour as a lavender grey; older ones as (166, 166, 166).
    Colour("grey", (159, 159, 187), "A"),
    Colour("lime", (117, 251, 76), "g"),
    Colour("tan", (157, 138, 89), "T"),
    Colour("navy", (53, 41, 172), "b"),
    # Teal and pink were not found in the lossless captures; these are estimates.
    Colour("teal", (54, 127, 128), "c"),
    Colour("pink", (234, 117, 175), "p"),
)

#: The older palette (Windows app, old Android builds): plain web colours, same order.
CLASSIC_COLOURS: tuple[Colour, ...] = (
    Colour("red", (255, 0, 0), "R"),
    Colour("green", (0, 128, 0), "G"),
    Colour("blue", (0, 0, 255), "B"),
    Colour("yellow", (238, 238, 0), "Y"),
    Colour("orange", (255, 127, 0), "O"),
    Colour("cyan", (0, 255, 255), "C"),
    Colour("magenta", (255, 0, 255), "M"),
    Colour("maroon", (165, 42, 42), "m"),
    Colour("purple", (128, 0, 128), "P"),
    Colour("white", (255, 255, 255), "W"),
    Colour("grey", (166, 166, 166), "A"),
    Colour("lime", (0, 255, 0), "g"),
    Colour("tan", (189, 183, 107), "T"),
    Colour("navy", (0, 0, 139), "b"),
    Colour("teal", (0, 128, 128), "c"),
    Colour("pink", (255, 20, 147), "p"),
)

#: The current Android build (1080x2400 screenshots, JPEG): same order.
ANDROID_COLOURS: tuple[Colour, ...] = (
    Colour("red", (254, 0, 0), "R"),
    Colour("green", (0, 141, 0), "G"),
    Colour("blue", (12, 42, 254), "B"),
    Colour("yellow", (233, 224, 0), "Y"),
    Colour("orange", (250, 137, 0), "O"),
    Colour("cyan", (0, 255, 255), "C"),
    Colour("magenta", (254, 9, 200), "M"),
    Colour("maroon", (163, 43, 42), "m"),
    Colour("purple", (129, 0, 126), "P"),
    Colour("white", (255, 255, 255), "W"),
    Colour("grey", (159, 159, 187), "A"),
    Colour("lime", (4, 255, 2), "g"),
    Colour("tan", (160, 139, 82), "T"),
    Colour("navy", (57, 41, 174), "b"),
    Colour("teal", (1, 129, 132), "c"),
    # Not seen in the captures; an estimate between the other two palettes' pinks.
    Colour("pink", (250, 80, 160), "p"),
)

BACKGROUND: RGB = (0, 0, 0)
#: The classic pack's dim green grid line (other packs tint it red, blue, violet or tan).
GRID_LINE: RGB = (66, 107, 65)
#: A bridge's raised tile and its rails (Flow Free: Bridges); a grey of no pack's hue.
BRIDGE_TILE: RGB = (104, 104, 104)
BRIDGE_RAIL: RGB = (176, 176, 176)


def colour_for(index: int) -> Colour:
    """The game's colour for the ``index``-th pair (cycling past 16)."""
    return GAME_COLOURS[index % len(GAME_COLOURS)]
