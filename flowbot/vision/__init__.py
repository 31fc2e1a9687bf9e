"""The vision stage: a screenshot in, the puzzle and its board geometry out.

``read_board(image)`` finds the board from the image alone (grid lines of one
pitch, the board's own background and dot colours), reads every cell and pairs
the dots by colour, or refuses with a one-line reason when any step is
doubtful. ``load_image(path)`` reads PNG or JPEG files for it.
"""

from flowbot.vision._check import (
    EXACT,
    MISREAD,
    REFUSED,
    REFUSED_OK,
    UNREADABLE,
    WRONG_BOARD,
    WRONG_DOTS,
    WRONG_PAIRS,
    WRONG_SIZE,
    CaseResult,
    SourceSummary,
    check_images,
    find_images,
    label_for,
    load_labels,
    summarise,
)
from flowbot.vision._debug import draw_reading
from flowbot.vision._image import load_image
from flowbot.vision._pipes import ALREADY_SOLVED
from flowbot.vision._reader import read_board
from flowbot.vision._types import DEFAULT_SETTINGS, Settings, UnsureBoardError

__all__ = [
    "ALREADY_SOLVED",
    "DEFAULT_SETTINGS",
    "EXACT",
    "MISREAD",
    "REFUSED",
    "REFUSED_OK",
    "UNREADABLE",
    "WRONG_BOARD",
    "WRONG_DOTS",
    "WRONG_PAIRS",
    "WRONG_SIZE",
    "CaseResult",
    "Settings",
    "SourceSummary",
    "UnsureBoardError",
    "check_images",
    "draw_reading",
    "find_images",
    "label_for",
    "load_image",
    "load_labels",
    "read_board",
    "summarise",
]
