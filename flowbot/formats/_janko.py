"""Copris/janko files: a header of integers, then rows of whitespace-separated cells.

A cell is ``-`` (empty) or a label (usually a number, kept as written). The
header is ``COLOURS WIDTH HEIGHT``, one number per line or all on the first
line. Copris's own two-line header, ``ROWS`` then ``COLS`` (no colour count), is
read too.
"""

from __future__ import annotations

from flowbot.errors import PuzzleFormatError
from flowbot.formats._common import DotCollector, Line, build_puzzle, check_size, is_int
from flowbot.models import Cell, Puzzle

EMPTY = "-"


def _single_int(line: Line) -> bool:
    tokens = line.text.split()
    return len(tokens) == 1 and is_int(tokens[0])


def _split_header(content: list[Line], path: str) -> tuple[int | None, int, int, list[Line]]:
    """``(colours or None, rows, cols, row lines)`` from the non-blank lines."""
    first = content[0].text.split()
    if len(first) == 3 and all(is_int(t) for t in first):
        return int(first[0]), int(first[2]), int(first[1]), content[1:]
    lead = 0
    while lead < min(3, len(content)) and _single_int(content[lead]):
        lead += 1
    values = [int(line.text) for line in content[:lead]]
    if lead == 3:
        count, cols, rows = values
        # A one-column board's rows can be lone numbers too: prefer the documented
        # three-number header, and fall back to Copris's when only that fits.
        if len(content) - 3 != rows and len(content) - 2 == values[0]:
            return None, values[0], values[1], content[2:]
        return count, rows, cols, content[3:]
    if lead == 2:
        return None, values[0], values[1], content[2:]
    raise PuzzleFormatError(
        "bad header: expected COLOURS, WIDTH and HEIGHT (one number per line or all on "
        "the first line)",
        path=path,
        line=content[min(lead, len(content) - 1)].number,
    )


def read(lines: list[Line], path: str) -> list[Puzzle]:
    """The single puzzle of a janko file."""
    content = [line for line in lines if line.text.strip()]
    count, rows, cols, body = _split_header(content, path)
    header_line = content[0].number
    check_size(rows, cols, path, header_line)
    if len(body) != rows:
        where = body[rows].number if len(body) > rows else content[-1].number
        raise PuzzleFormatError(
            f"the header says {rows} rows but the file has {len(body)}", path=path, line=where
        )
    dots = DotCollector(path)
    for r, line in enumerate(body):
        cells = line.text.split()
        if len(cells) != cols:
            raise PuzzleFormatError(
                f"ragged rows: this row has {len(cells)} cells, expected {cols}",
                path=path,
                line=line.number,
            )
        for c, token in enumerate(cells):
            if token != EMPTY:
                dots.add(token, Cell(r, c), line.number)
    pairs = dots.pairs()
    if count is not None and count != len(pairs):
        raise PuzzleFormatError(
            f"the header says {count} colours but the grid has {len(pairs)}",
            path=path,
            line=header_line,
        )
    return [build_puzzle(rows, cols, pairs, path, header_line)]


def write(puzzle: Puzzle) -> str:
    """Janko text: colours, width and height on their own lines, then aligned rows."""
    grid = [[EMPTY] * puzzle.cols for _ in range(puzzle.rows)]
    for pair in puzzle.pairs:
        for cell in (pair.a, pair.b):
            grid[cell.row][cell.col] = pair.label
    width = max(len(token) for row in grid for token in row)
    lines = [str(len(puzzle.pairs)), str(puzzle.cols), str(puzzle.rows)]
    lines += [" ".join(token.rjust(width) for token in row) for row in grid]
    return "".join(line + "\n" for line in lines)
