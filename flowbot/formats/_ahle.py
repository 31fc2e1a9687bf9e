"""thomasahle/numberlink files: many ``W H`` + grid blocks, ``#`` comments, ``0 0`` ends."""

from __future__ import annotations

from flowbot.errors import PuzzleFormatError
from flowbot.formats._common import Line, check_size, grid_puzzle, is_int
from flowbot.models import Puzzle


def read(lines: list[Line], path: str) -> list[Puzzle]:
    """Every puzzle of the file, in order, up to a ``0 0`` line or the end."""
    puzzles: list[Puzzle] = []
    i = 0
    while i < len(lines):
        header = lines[i]
        i += 1
        text = header.text.strip()
        if not text or text.startswith("#"):
            continue
        tokens = text.split()
        if len(tokens) != 2 or not all(is_int(t) for t in tokens):
            raise PuzzleFormatError(
                f"bad header {text!r}: expected 'WIDTH HEIGHT'", path=path, line=header.number
            )
        cols, rows = int(tokens[0]), int(tokens[1])
        if rows == cols == 0:
            break  # the terminator: anything after it is ignored
        check_size(rows, cols, path, header.number)
        block = lines[i : i + rows]
        if len(block) < rows:
            raise PuzzleFormatError(
                f"the header asks for {rows} rows but the file ends after {len(block)}",
                path=path,
                line=header.number,
            )
        puzzles.append(grid_puzzle(block, cols, path))
        i += rows
    if not puzzles:
        raise PuzzleFormatError("no puzzle in the file", path=path)
    return puzzles


def write(puzzle: Puzzle) -> str:
    """One ``W H`` block (no terminator) of a puzzle with one-character labels."""
    return f"{puzzle.cols} {puzzle.rows}\n" + "".join(row + "\n" for row in puzzle.to_grid())
