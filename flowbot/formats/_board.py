"""Board text: grid text for every kind of board, typed and read by people.

::

    square            <- the lattice: "square" or "hex"
    A.B.#             <- grid rows: "." empty, "#" hole, "+" bridge, a dot's label
    ..+..
    #.A.B
    wall 0,1 1,1      <- no step between (row 0, col 1) and (row 1, col 1)
    warp 1,0 1,4      <- a step across the edge, between the two ends of row 1

The first line names the lattice. Grid rows follow, one character per cell,
as in grid text, with ``#`` for a hole (a cell the board does not have) and
``+`` for a bridge. Then one line per wall and per warp, each naming its two
cells as ``ROW,COL`` (0-based; several pairs may share a line). A wall lies
between two cells next to each other in the lattice; a warp joins the two ends
of a row (``r,0`` and ``r,COLS-1``) or of a column (``0,c`` and ``ROWS-1,c``).
On a hexagonal board odd columns sit half a cell higher than even ones, so
cell ``(r, c)`` of an odd column touches ``(r-1, c-1)`` and ``(r-1, c+1)``, of
an even one ``(r+1, c-1)`` and ``(r+1, c+1)``, besides the cells above, below,
left and right of it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from flowbot.errors import InvalidPuzzleError, PuzzleFormatError
from flowbot.formats._common import DotCollector, Line, check_size
from flowbot.models import EMPTY, Cell, Link, Puzzle, Shape, link

HOLE = "#"
BRIDGE = "+"
#: The grid characters that are not labels.
RESERVED = frozenset((EMPTY, HOLE, BRIDGE))
_SHAPES = {shape.value: shape for shape in Shape}
_KEYWORDS = ("wall ", "warp ")
_CELL = re.compile(r"([0-9]+),([0-9]+)")


def looks_like(first_line: str) -> bool:
    """True when a file's first non-blank line names a lattice (for format detection)."""
    return first_line.strip() in _SHAPES


def read(lines: list[Line], path: str) -> list[Puzzle]:
    """The single puzzle of a board-text file."""

    def fail(problem: str, line: Line) -> PuzzleFormatError:
        return PuzzleFormatError(problem, path=path, line=line.number)

    content = [line for line in lines if line.text.strip()]
    header, body = content[0], content[1:]
    shape = _SHAPES.get(header.text.strip())
    if shape is None:
        raise fail(
            f"bad first line {header.text.strip()!r}: expected the lattice, {' or '.join(_SHAPES)}",
            header,
        )
    split = next((i for i, ln in enumerate(body) if ln.text.startswith(_KEYWORDS)), len(body))
    rows, links = body[:split], body[split:]
    if not rows:
        raise fail("no grid rows after the lattice line", header)
    for line in links:
        if not line.text.startswith(_KEYWORDS):
            raise fail("a grid row after the wall and warp lines", line)
    cols = len(rows[0].text)
    check_size(len(rows), cols, path, rows[0].number)
    dots = DotCollector(path)
    holes: set[Cell] = set()
    bridges: dict[Cell, Line] = {}
    for r, line in enumerate(rows):
        if len(line.text) != cols:
            raise fail(f"ragged rows: this row has {len(line.text)} cells, expected {cols}", line)
        for c, ch in enumerate(line.text):
            if ch.isspace():
                raise fail(
                    f"whitespace inside a grid row (column {c + 1}): one character a cell, "
                    "hexagonal boards too (row r's cells left to right, none offset)",
                    line,
                )
            if ch == HOLE:
                holes.add(Cell(r, c))
            elif ch == BRIDGE:
                bridges[Cell(r, c)] = line
            elif ch != EMPTY:
                dots.add(ch, Cell(r, c), line.number)
    board = Puzzle(len(rows), cols, (), shape=shape, holes=frozenset(holes))
    found: dict[str, dict[Link, Line]] = {"wall": {}, "warp": {}}
    for line in links:
        keyword, *cells = line.text.split()
        if not cells or len(cells) % 2:
            raise fail(f"a {keyword} needs two cells, 'ROW,COL ROW,COL'", line)
        for a, b in zip(cells[::2], cells[1::2], strict=True):
            pair = link(_cell(a, line, path), _cell(b, line, path))
            # A board with just this link says what is wrong with it, in the model's words.
            _build(board, line, path, **{keyword + "s": frozenset({pair})})
            found[keyword][pair] = line
    walls, warps = frozenset(found["wall"]), frozenset(found["warp"])
    for cell, line in bridges.items():
        _build(board, line, path, walls=walls, warps=warps, bridges=frozenset({cell}))
    complete = _build(board, rows[0], path, walls=walls, warps=warps, bridges=frozenset(bridges))
    return [_build(complete, rows[0], path, pairs=dots.pairs())]


def _cell(token: str, line: Line, path: str) -> Cell:
    match = _CELL.fullmatch(token)
    if match is None:
        raise PuzzleFormatError(
            f"bad cell {token!r}: expected ROW,COL (0-based)", path=path, line=line.number
        )
    return Cell(int(match[1]), int(match[2]))


def _build(board: Puzzle, line: Line, path: str, **changes: Any) -> Puzzle:
    """``board`` with ``changes``, any broken rule reported against ``line``."""
    try:
        return replace(board, **changes)
    except InvalidPuzzleError as exc:
        message = str(exc)
        if board.shape is Shape.SQUARE and "not neighbours" in message:
            message += " (on a square board; a hexagonal one starts with 'hex')"
        raise PuzzleFormatError(message, path=path, line=line.number) from exc


def write(puzzle: Puzzle) -> str:
    """Board text of a puzzle whose labels are one character each, none of ``.#+``."""
    grid = [[EMPTY] * puzzle.cols for _ in range(puzzle.rows)]
    for cell in puzzle.holes:
        grid[cell.row][cell.col] = HOLE
    for cell in puzzle.bridges:
        grid[cell.row][cell.col] = BRIDGE
    for pair in puzzle.pairs:
        for cell in (pair.a, pair.b):
            grid[cell.row][cell.col] = pair.label
    lines = [puzzle.shape.value, *("".join(row) for row in grid)]
    for keyword, links in (("wall", puzzle.walls), ("warp", puzzle.warps)):
        lines += [f"{keyword} {a.row},{a.col} {b.row},{b.col}" for a, b in sorted(links)]
    return "".join(line + "\n" for line in lines)
