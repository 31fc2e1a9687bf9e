"""Every error flowbot raises on purpose derives from ``FlowbotError``.

Each class carries the process exit code the CLI uses for it, so the mapping
from failure to exit status lives in one place. Messages are one line, fit for
showing to a user as they are.
"""

from __future__ import annotations


class FlowbotError(Exception):
    """Base class; ``exit_code`` is what ``flowbot`` exits with."""

    exit_code = 1


class InputError(FlowbotError):
    """Bad input from the user: a malformed file, an unreadable image, a bad option."""

    exit_code = 2


class InvalidPuzzleError(InputError, ValueError):
    """A board that breaks the puzzle's invariants (unpaired dot, dot off the board...)."""


class PuzzleFormatError(InputError):
    """A puzzle file that cannot be parsed; names the file and line.

    >>> str(PuzzleFormatError("bad header", path="p.txt", line=1))
    'p.txt:1: bad header'
    """

    def __init__(self, problem: str, *, path: str | None = None, line: int | None = None):
        self.problem = problem
        self.path = path
        self.line = line
        where = ":".join(str(part) for part in (path, line) if part is not None)
        super().__init__(f"{where}: {problem}" if where else problem)


class InvalidSolutionError(FlowbotError):
    """A claimed solution that breaks a rule of the game."""


class VisionError(FlowbotError):
    """The vision stage could not read a board it can vouch for."""

    exit_code = 3


class BoardNotFoundError(VisionError):
    """No Flow Free board was found in the image."""


class UnsureReadingError(VisionError):
    """A board was found but the reading is doubtful, so it is refused rather than guessed."""


class UnsolvableError(FlowbotError):
    """The puzzle has no solution."""

    exit_code = 4


class SolveTimeoutError(FlowbotError):
    """The solver ran out of time."""

    exit_code = 5


class NeedsTouchingError(FlowbotError):
    """A no-touch backend (``cpsat-degree``, ``cpsat-distance``) cannot answer this puzzle.

    Those models forbid a path from running beside itself, so finding nothing
    proves only that no *non-touching* solution exists: the puzzle needs a
    self-touching path, or has no solution at all. It is never reported as
    unsolvable; the default backend decides.
    """

    exit_code = 10


class ActuationError(FlowbotError):
    """Driving the mouse failed."""

    exit_code = 6


class BoardMovedError(ActuationError):
    """The board moved or changed between reading it and drawing on it."""

    exit_code = 7


class PathNotTakenError(ActuationError):
    """The game did not take a drawn path, even after retries."""

    exit_code = 8


class DisplayError(ActuationError):
    """No screen to capture or pointer to drive (no display, Xvfb missing...)."""

    exit_code = 9


class FailSafeError(ActuationError):
    """The user stopped the bot by moving the pointer into a screen corner (fail-safe)."""

    exit_code = 11
