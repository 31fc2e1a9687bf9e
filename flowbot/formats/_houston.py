"""HoustonWeHaveABug/FlowFree files: ``COLOURS COLS ROWS`` then ``(x, y) (x, y)`` per colour.

``x`` is the column and ``y`` the row, both 0-based. The format has no labels:
colour ``i`` (its 0-based line index) is labelled ``str(i)``.
"""

from __future__ import annotations

import re

from flowbot.errors import PuzzleFormatError
from flowbot.formats._common import DotCollector, Line, build_puzzle, check_size, is_int
from flowbot.models import Cell, Puzzle

_POINT = r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)"
_COLOUR_LINE = re.compile(rf"{_POINT}\s*{_POINT}")


def read(lines: list[Line], path: str) -> list[Puzzle]:
    """The single puzzle of a houston file."""
    content = [line for line in lines if line.text.strip()]
    header, body = content[0], content[1:]
    tokens = header.text.split()
    if len(tokens) != 3 or not all(is_int(t) for t in tokens):
        raise PuzzleFormatError(
            f"bad header {header.text.strip()!r}: expected 'COLOURS COLS ROWS'",
            path=path,
            line=header.number,
        )
    count, cols, rows = (int(t) for t in tokens)
    check_size(rows, cols, path, header.number)
    if body and len(body[0].text.split()) == 4 and all(is_int(t) for t in body[0].text.split()):
        raise PuzzleFormatError(
            "generator settings, not a puzzle (houston's flowfree generator input)",
            path=path,
            line=body[0].number,
        )
    if len(body) != count:
        where = body[count].number if len(body) > count else header.number
        raise PuzzleFormatError(
            f"the header says {count} colours but the file has {len(body)} colour lines",
            path=path,
            line=where,
        )
    dots = DotCollector(path)
    for index, line in enumerate(body):
        match = _COLOUR_LINE.fullmatch(line.text.strip())
        if match is None:
            raise PuzzleFormatError(
                f"bad colour line {line.text.strip()!r}: expected '(x, y) (x, y)'",
                path=path,
                line=line.number,
            )
        x1, y1, x2, y2 = (int(g) for g in match.groups())
        for x, y in ((x1, y1), (x2, y2)):
            if not (x < cols and y < rows):
                raise PuzzleFormatError(
                    f"dot ({x}, {y}) is outside the board ({cols} columns x {rows} rows; "
                    "x is the column, y the row)",
                    path=path,
                    line=line.number,
                )
            dots.add(str(index), Cell(y, x), line.number)
    return [build_puzzle(rows, cols, dots.pairs(), path, header.number)]


def write(puzzle: Puzzle) -> str:
    """Houston text; labels are not stored (colour ``i`` reads back as ``str(i)``)."""
    lines = [f"{len(puzzle.pairs)} {puzzle.cols} {puzzle.rows}"]
    lines += [f"({p.a.col}, {p.a.row}) ({p.b.col}, {p.b.row})" for p in puzzle.pairs]
    return "".join(line + "\n" for line in lines)
