"""A board of any kind as terminal text: holes, bridges, walls, warps and hexagons drawn.

A classic board is one character a cell (labels padded when longer). Other
square boards put a space between cells, so walls fit between them: ``|``
between two cells of a row, ``-`` under a cell on a line of its own between
two rows. ``#`` is a hole, ``+`` a bridge (both flows cross it), ``~`` at
both ends of a row or a column a warp joining them. Hexagonal boards take two
lines a row: the odd columns, half a cell higher, on the first, the even ones
on the second, so each cell's six neighbours are the cells around it.
"""

from __future__ import annotations

from collections.abc import Callable

from flowbot.models import Cell, Puzzle, Shape, Solution, link
from flowbot.palette import colour_for

HOLE = "#"
BRIDGE = "+"
WARP = "~"


def board_text(puzzle: Puzzle, solution: Solution | None, colour: bool) -> str:
    """The board, solved when ``solution`` is given, one string ending in a newline."""
    width = max((len(pair.label) for pair in puzzle.pairs), default=1)
    owner: dict[Cell, int] = {}
    if solution is not None:
        for index, path in enumerate(solution.paths):
            owner.update(dict.fromkeys(path, index))
    dots = {cell: index for index, pair in enumerate(puzzle.pairs) for cell in (pair.a, pair.b)}
    owner.update(dots)

    marks = {**dict.fromkeys(puzzle.holes, HOLE), **dict.fromkeys(puzzle.bridges, BRIDGE)}

    def cell_text(cell: Cell) -> str:
        if marks and cell in marks:
            return marks[cell].rjust(width)
        i = owner.get(cell)
        text = (puzzle.pairs[i].label if i is not None else ".").rjust(width)
        if colour and i is not None:
            red, green, blue = colour_for(i).rgb
            if cell in dots:
                return f"\x1b[1;30;48;2;{red};{green};{blue}m{text}\x1b[0m"
            return f"\x1b[38;2;{red};{green};{blue}m{text}\x1b[0m"
        return text

    if puzzle.is_classic:  # one character a cell when labels are one character
        gap = " " if width > 1 else ""
        return "".join(
            gap.join(cell_text(Cell(r, c)) for c in range(puzzle.cols)) + "\n"
            for r in range(puzzle.rows)
        )
    draw = _hex_lines if puzzle.shape is Shape.HEX else _square_lines
    return "".join(line.rstrip() + "\n" for line in draw(puzzle, cell_text, width))


def _square_lines(puzzle: Puzzle, cell_text: Callable[[Cell], str], width: int) -> list[str]:
    rows, cols = puzzle.rows, puzzle.cols
    warped_rows = {a.row for a, b in puzzle.warps if a.row == b.row}
    warped_cols = {a.col for a, b in puzzle.warps if a.col == b.col and a.row != b.row}
    margin = " " if warped_rows else ""

    def across(r: int) -> str:
        """The line between rows ``r`` and ``r + 1``: ``-`` under walled cells."""
        marks = [
            ("-" if link((r, c), (r + 1, c)) in puzzle.walls else " ") * width for c in range(cols)
        ]
        return margin + " ".join(marks)

    def column_warps() -> str:
        return margin + " ".join(
            (WARP if c in warped_cols else " ").rjust(width) for c in range(cols)
        )

    lines = [column_warps()] if warped_cols else []
    for r in range(rows):
        parts = [cell_text(Cell(r, 0))]
        for c in range(1, cols):
            parts.append("|" if link((r, c - 1), (r, c)) in puzzle.walls else " ")
            parts.append(cell_text(Cell(r, c)))
        end = WARP if r in warped_rows else margin
        lines.append(end + "".join(parts) + end)
        if r + 1 < rows and across(r).strip():
            lines.append(across(r))
    if warped_cols:
        lines.append(column_warps())
    return lines


def _hex_lines(puzzle: Puzzle, cell_text: Callable[[Cell], str], width: int) -> list[str]:
    # Line 2r holds row r's odd columns, line 2r + 1 its even ones; slot 2c is column c,
    # slot 2c + 1 the gap between columns c and c + 1.
    slots = [
        [" " * width if k % 2 == 0 else " " for k in range(2 * puzzle.cols)]
        for _ in range(2 * puzzle.rows)
    ]

    def line(cell: Cell) -> int:
        return 2 * cell.row + (cell.col % 2 == 0)

    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            slots[line(Cell(r, c))][2 * c] = cell_text(Cell(r, c))
    for a, b in puzzle.walls:
        if a.col == b.col:  # one above the other: "-" on the line between them
            slots[line(a) + 1][2 * a.col] = "-" * width
        else:  # side by side, half a row apart: on the upper one's line, in the gap
            upper, lower = sorted((a, b), key=line)
            slots[line(upper)][2 * min(a.col, b.col) + 1] = "\\" if upper.col > lower.col else "/"
    return ["".join(parts) for parts in slots]
