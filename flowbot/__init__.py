"""flowbot: plays Flow Free (Numberlink) straight from the screen.

The pipeline has three stages, each usable alone:

* ``flowbot.vision``: screenshot -> ``Reading`` (puzzle + board geometry);
* ``flowbot.solve``: ``Puzzle`` -> ``SolveResult`` (one path per colour);
* ``flowbot.actuate``: paths + geometry -> mouse drags on the screen.
"""

from flowbot.errors import (
    ActuationError,
    BoardMovedError,
    BoardNotFoundError,
    DisplayError,
    FailSafeError,
    FlowbotError,
    InputError,
    InvalidPuzzleError,
    InvalidSolutionError,
    NeedsTouchingError,
    PathNotTakenError,
    PuzzleFormatError,
    SolveTimeoutError,
    UnsolvableError,
    UnsureReadingError,
    VisionError,
)
from flowbot.models import (
    BoardGeometry,
    Cell,
    Pair,
    Point,
    Puzzle,
    Reading,
    Solution,
    SolveResult,
    SolveStatus,
)

__version__ = "0.1.0"

__all__ = [
    "ActuationError",
    "BoardGeometry",
    "BoardMovedError",
    "BoardNotFoundError",
    "Cell",
    "DisplayError",
    "FailSafeError",
    "FlowbotError",
    "InputError",
    "InvalidPuzzleError",
    "InvalidSolutionError",
    "NeedsTouchingError",
    "Pair",
    "PathNotTakenError",
    "Point",
    "Puzzle",
    "PuzzleFormatError",
    "Reading",
    "Solution",
    "SolveResult",
    "SolveStatus",
    "SolveTimeoutError",
    "UnsolvableError",
    "UnsureReadingError",
    "VisionError",
    "__version__",
]
