"""Pieces every reader shares: numbered lines, dot collection, error context."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flowbot.errors import InvalidPuzzleError, PuzzleFormatError
from flowbot.models import Cell, Pair, Puzzle

#: The largest board side any reader accepts. The corpora go up to 1002; the cap
#: stops a typo in a header from asking for a board of billions of cells.
MAX_SIDE = 10_000

_INT = re.compile(r"[0-9]+")


@dataclass(frozen=True, slots=True)
class Line:
    """One line of input: its 1-based number and its text without trailing whitespace."""

    number: int
    text: str


def numbered_lines(text: str) -> list[Line]:
    """Split text into numbered lines (any line ending), trailing whitespace removed."""
    return [Line(i, t.rstrip()) for i, t in enumerate(text.splitlines(), start=1)]


def is_int(token: str) -> bool:
    """True for a plain non-negative decimal integer (ASCII digits only)."""
    return _INT.fullmatch(token) is not None


def check_size(rows: int, cols: int, path: str, line: int) -> None:
    """Refuse a board side outside ``1..MAX_SIDE``."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleFormatError(
            f"board size {rows}x{cols} (rows x cols) is out of range: each side must be "
            f"1..{MAX_SIDE}",
            path=path,
            line=line,
        )


class DotCollector:
    """Collects the dots of one board, refusing overlaps and third dots as they come."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._seen: dict[str, list[tuple[Cell, int]]] = {}
        self._owner: dict[Cell, str] = {}

    def add(self, label: str, cell: Cell, line: int) -> None:
        """Record a dot found on input line ``line``."""
        where = f"row {cell.row}, col {cell.col}"
        if cell in self._owner:
            raise PuzzleFormatError(
                f"two dots ({self._owner[cell]!r} and {label!r}) on {where}",
                path=self._path,
                line=line,
            )
        seen = self._seen.setdefault(label, [])
        if len(seen) == 2:
            raise PuzzleFormatError(
                f"label {label!r} appears a third time ({where}); each label must appear "
                "exactly twice",
                path=self._path,
                line=line,
            )
        seen.append((cell, line))
        self._owner[cell] = label

    def pairs(self) -> tuple[Pair, ...]:
        """The pairs in order of first appearance; a lone dot is an error."""
        for label, seen in self._seen.items():
            if len(seen) == 1:
                cell, line = seen[0]
                raise PuzzleFormatError(
                    f"label {label!r} appears only once (row {cell.row}, col {cell.col}); "
                    "each label must appear exactly twice",
                    path=self._path,
                    line=line,
                )
        return tuple(Pair(label, seen[0][0], seen[1][0]) for label, seen in self._seen.items())


def build_puzzle(rows: int, cols: int, pairs: tuple[Pair, ...], path: str, line: int) -> Puzzle:
    """``Puzzle(...)``, with any broken invariant reported against the file and line."""
    try:
        return Puzzle(rows, cols, pairs)
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), path=path, line=line) from exc


def grid_puzzle(rows: list[Line], cols: int, path: str) -> Puzzle:
    """A puzzle from grid rows of exactly ``cols`` characters (``.`` empty)."""
    dots = DotCollector(path)
    for r, line in enumerate(rows):
        if not line.text:
            raise PuzzleFormatError(
                f"blank line inside the grid (expected {len(rows)} rows)",
                path=path,
                line=line.number,
            )
        if len(line.text) != cols:
            raise PuzzleFormatError(
                f"ragged rows: this row has {len(line.text)} cells, expected {cols}",
                path=path,
                line=line.number,
            )
        for c, ch in enumerate(line.text):
            if ch.isspace():
                raise PuzzleFormatError(
                    f"whitespace inside a grid row (column {c + 1})", path=path, line=line.number
                )
            if ch != ".":
                dots.add(ch, Cell(r, c), line.number)
    return build_puzzle(len(rows), cols, dots.pairs(), path, rows[0].number)
