"""Grid text: one line per row, ``.`` empty, one character per colour (zucker's files)."""

from __future__ import annotations

from flowbot.formats._common import Line, check_size, grid_puzzle
from flowbot.models import Puzzle


def read(lines: list[Line], path: str) -> list[Puzzle]:
    """The single puzzle of a grid file; blank lines around the grid are ignored."""
    first = next(i for i, line in enumerate(lines) if line.text)
    last = max(i for i, line in enumerate(lines) if line.text)
    rows = lines[first : last + 1]
    check_size(len(rows), len(rows[0].text), path, rows[0].number)
    return [grid_puzzle(rows, len(rows[0].text), path)]


def write(puzzle: Puzzle) -> str:
    """Grid text of a puzzle whose labels are one character each."""
    return "".join(row + "\n" for row in puzzle.to_grid())
