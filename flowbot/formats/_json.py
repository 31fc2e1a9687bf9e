"""The JSON objects ``extract --json`` and ``solve --json`` give for a board and its geometry.

Cells are ``[row, col]`` as the game's level packs lay them out (for a
hexagonal board, its index grid with odd columns half a cell higher); links
(walls, warps) are ``[[row, col], [row, col]]``, smaller cell first. Every
kind of board has every key, so a reader of the output need not know which
kinds exist.
"""

from __future__ import annotations

from typing import Any

from flowbot.models import BoardGeometry, Geometry, Puzzle


def board_record(puzzle: Puzzle) -> dict[str, Any]:
    """The board without its dots: lattice, size, holes, walls, bridges, warps."""
    return {
        "shape": puzzle.shape.value,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "holes": [list(c) for c in sorted(puzzle.holes)],
        "walls": [[list(a), list(b)] for a, b in sorted(puzzle.walls)],
        "bridges": [list(c) for c in sorted(puzzle.bridges)],
        "warps": [[list(a), list(b)] for a, b in sorted(puzzle.warps)],
    }


def dots_record(puzzle: Puzzle) -> dict[str, list[list[int]]]:
    """Each colour's two dots, by label."""
    return {pair.label: [list(pair.a), list(pair.b)] for pair in puzzle.pairs}


def geometry_record(puzzle: Puzzle, geometry: Geometry) -> dict[str, Any]:
    """Where the board sits in the image, and every playable cell's centre in pixels.

    ``centres`` holds ``[row, col, x, y]`` per playable cell, so drags can be
    planned without knowing the lattice; a square board also gives its grid
    lines (``xs``, ``ys``), a hexagonal one its ``origin`` and steps.
    """
    record: dict[str, Any] = {
        "left": round(geometry.left, 1),
        "top": round(geometry.top, 1),
        "right": round(geometry.right, 1),
        "bottom": round(geometry.bottom, 1),
        "cell_size": round(geometry.cell_size, 2),
    }
    if isinstance(geometry, BoardGeometry):
        record["xs"] = [round(x, 1) for x in geometry.xs]
        record["ys"] = [round(y, 1) for y in geometry.ys]
    else:
        record["origin"] = [round(geometry.origin.x, 1), round(geometry.origin.y, 1)]
        record["col_step"] = round(geometry.col_step, 2)
        record["row_step"] = round(geometry.row_step, 2)
    record["centres"] = [
        [cell.row, cell.col, round(p.x, 1), round(p.y, 1)]
        for cell in puzzle.cells()
        for p in (geometry.centre(cell),)
    ]
    return record
