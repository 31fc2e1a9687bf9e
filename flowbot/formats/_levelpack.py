"""The game's own level-pack format: one level per line, its solution included.

``SIZE,GROUP,NUMBER,FLOWS[,BRIDGES[,HOLES[,WALLS]]];PATH;PATH;...`` (decoded in
``../shared/official/README.md``):

* ``SIZE`` is ``[W_|X_]WIDTH[:HEIGHT][+FLAG[:FLAG]]``: ``W_`` boards wrap round
  (a warp on every edge pair that no wall closes and no hole ends), ``X_``
  boards are hexagonal; the flags ``B`` and ``I`` change nothing in the rules
  and are ignored.
* ``BRIDGES`` and ``HOLES`` are ``:``-separated cell indices (a hole may carry
  the suffix ``_0`` or ``_0B``, drawing hints that are ignored); ``WALLS`` is
  ``:``-separated ``a|b`` pairs.
* Cell index ``i`` is ``Cell(*divmod(i, WIDTH))`` on every kind of board.
* Each ``PATH`` is one flow, its dots its first and last cell; flow ``i`` (0-based,
  in the line's order) is labelled ``str(i)``. A line whose paths cover the
  board also holds the level's solution; a line written by flowbot without one
  holds just the two dots of each flow.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from flowbot.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from flowbot.formats._common import Line, check_size, is_int
from flowbot.models import Cell, Link, Pair, Puzzle, Shape, Solution, link

#: ``[W_|X_]WIDTH[:HEIGHT][+FLAG[:FLAG]]``.
_SIZE = re.compile(
    r"(?P<kind>W_|X_)?(?P<w>[0-9]+)(?::(?P<h>[0-9]+))?(?:\+(?P<flags>[A-Z](?::[A-Z])*))?"
)
#: The flags seen in the game's packs; they change nothing in the rules.
_FLAGS = frozenset("BI")
_HOLE = re.compile(r"([0-9]+)(?:_0B?)?")
_PATH = re.compile(r"[0-9]+(?:,[0-9]+)*")
_WALL = re.compile(r"([0-9]+)\|([0-9]+)")


def looks_like(line: str) -> bool:
    """True when ``line`` starts like a level of the game's packs (for format detection)."""
    fields = line.split(";", 1)[0].split(",")
    return (
        4 <= len(fields) <= 7
        and _SIZE.fullmatch(fields[0]) is not None
        and all(is_int(f) for f in fields[1:4])
    )


@dataclass(frozen=True, slots=True)
class Level:
    """One line's puzzle, and its solution when the line holds one."""

    puzzle: Puzzle
    solution: Solution | None


def read(lines: list[Line], path: str) -> list[Level]:
    """Every level of the file, one per non-blank line."""
    levels = [_level(line, path) for line in lines if line.text.strip()]
    if not levels:
        raise PuzzleFormatError("no puzzle in the file", path=path)
    return levels


def _level(line: Line, path: str) -> Level:
    def fail(problem: str) -> PuzzleFormatError:
        return PuzzleFormatError(problem, path=path, line=line.number)

    header, *path_fields = line.text.strip().split(";")
    fields = header.split(",")
    if not 4 <= len(fields) <= 7:
        raise fail(
            f"bad header {header!r}: expected SIZE,GROUP,NUMBER,FLOWS[,BRIDGES[,HOLES[,WALLS]]]"
        )
    size = _SIZE.fullmatch(fields[0])
    if size is None:
        raise fail(f"bad size {fields[0]!r}: expected [W_|X_]WIDTH[:HEIGHT][+FLAGS]")
    unknown = set((size["flags"] or "").split(":")) - _FLAGS - {""}
    if unknown:
        raise fail(f"unknown size flag {sorted(unknown)[0]!r} (known: B, I)")
    cols = int(size["w"])
    rows = int(size["h"] or cols)
    check_size(rows, cols, path, line.number)
    for name, value in zip(("group", "number", "flow count"), fields[1:4], strict=True):
        if not is_int(value):
            raise fail(f"bad {name} {value!r}: expected a number")
    if int(fields[3]) != len(path_fields):
        raise fail(f"the header says {fields[3]} flows but the line has {len(path_fields)} paths")
    extra = [*fields[4:], "", "", ""][:3]

    board = _board(rows, cols) if rows * cols <= _TABLE_CELLS else _Board(rows, cols)

    def cell(token: str, what: str) -> Cell:
        if not is_int(token) or int(token) >= len(board):
            raise fail(f"bad {what} {token!r}: expected a cell index 0..{len(board) - 1}")
        return board[int(token)]

    def path_cells(k: int, text: str) -> tuple[Cell, ...]:
        tokens = text.split(",")
        if len(tokens) < 2:
            raise fail(f"path {k} has {len(tokens)} cell; a flow needs its two dots")
        if _PATH.fullmatch(text) and max(map(int, tokens)) < len(board):
            return tuple(board[int(t)] for t in tokens)  # one check for the whole path
        return tuple(cell(t, f"cell of path {k}") for t in tokens)

    def items(text: str) -> list[str]:
        return text.split(":") if text else []

    bridges = frozenset(cell(t, "bridge") for t in items(extra[0]))
    holes: set[Cell] = set()
    for token in items(extra[1]):
        match = _HOLE.fullmatch(token)
        holes.add(cell(match[1] if match else token, "hole"))
    pairs_listed: set[Link] = set()
    for token in items(extra[2]):
        match = _WALL.fullmatch(token)
        if match is None:
            raise fail(f"bad wall {token!r}: expected two cell indices as 'a|b'")
        pairs_listed.add(link(cell(match[1], "wall cell"), cell(match[2], "wall cell")))
    paths = []
    for k, text in enumerate(path_fields):
        paths.append(path_cells(k, text))
    shape = Shape.HEX if size["kind"] == "X_" else Shape.SQUARE
    probe = Puzzle(rows, cols, (), shape=shape)
    walls = frozenset(p for p in pairs_listed if p[1] in set(probe.lattice_neighbours(p[0])))
    # A W_ board wraps round: every edge pair is a warp unless a listed pair closes it
    # or a hole ends it; a listed pair across the edge is such a closed warp, not a wall.
    edges = _edge_pairs(rows, cols) if size["kind"] == "W_" else set()
    warps = frozenset(w for w in edges - pairs_listed if not holes.intersection(w))
    for a, b in pairs_listed - walls:
        if (a, b) not in edges:
            raise fail(
                f"wall between row {a.row}, col {a.col} and row {b.row}, col {b.col}: "
                "not neighbours"
            )
    pairs = tuple(Pair(str(k), p[0], p[-1]) for k, p in enumerate(paths))
    try:
        puzzle = Puzzle(
            rows,
            cols,
            pairs,
            shape=shape,
            holes=frozenset(holes),
            # A wall beside a hole changes nothing (no pack lists one): left out.
            walls=frozenset(w for w in walls if not holes.intersection(w)),
            bridges=bridges,
            warps=warps,
        )
    except InvalidPuzzleError as exc:
        raise fail(str(exc)) from exc
    return Level(puzzle, _solution(puzzle, paths))


def _solution(puzzle: Puzzle, paths: list[tuple[Cell, ...]]) -> Solution | None:
    """The line's paths as a solution, or None when they only give the dots.

    Paths that do not cover the board are dots only; so are bare dots that do
    not make a valid solution (a board of nothing but dots, written without one).
    """
    covered = sum(len(p) for p in paths)
    if covered != puzzle.rows * puzzle.cols - len(puzzle.holes) + len(puzzle.bridges):
        return None
    solution = Solution(puzzle, tuple(paths))
    if all(len(p) == 2 for p in paths):
        try:
            solution.validate()
        except InvalidSolutionError:
            return None
    return solution


#: Boards up to this many cells look their cells up in a table made once per size.
_TABLE_CELLS = 1 << 16


class _Board:
    """Cells by index without a table (huge boards: a typo in a size must not cost memory)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.cols, self.cells = cols, rows * cols

    def __len__(self) -> int:
        return self.cells

    def __getitem__(self, index: int) -> Cell:
        if not 0 <= index < self.cells:
            raise IndexError(index)
        return Cell(*divmod(index, self.cols))


@functools.lru_cache(maxsize=64)
def _board(rows: int, cols: int) -> tuple[Cell, ...]:
    """Every cell by its index (packs repeat a few sizes: made once per size)."""
    return tuple(Cell(*divmod(i, cols)) for i in range(rows * cols))


def _edge_pairs(rows: int, cols: int) -> set[Link]:
    """Every pair of cells facing each other across the board's edge (sides of 3 or more)."""
    pairs = set()
    if cols > 2:
        pairs |= {link((r, 0), (r, cols - 1)) for r in range(rows)}
    if rows > 2:
        pairs |= {link((0, c), (rows - 1, c)) for c in range(cols)}
    return pairs


def write(puzzle: Puzzle, solution: Solution | None = None, number: int = 1) -> str:
    """One level line; with ``solution``, its paths, else each flow's two dots."""
    cols = puzzle.cols

    def index(cell: Cell) -> str:
        return str(cell.row * cols + cell.col)

    prefix = {Shape.HEX: "X_"}.get(puzzle.shape, "W_" if puzzle.warps else "")
    size = f"{prefix}{cols}" + (f":{puzzle.rows}" if puzzle.rows != cols else "")
    walls = set(puzzle.walls)
    if puzzle.warps:
        open_pairs = {p for p in _edge_pairs(puzzle.rows, cols) if not (set(p) & puzzle.holes)}
        walls |= open_pairs - puzzle.warps
    extra = [
        ":".join(index(c) for c in sorted(puzzle.bridges)),
        ":".join(index(c) for c in sorted(puzzle.holes)),
        ":".join(f"{index(a)}|{index(b)}" for a, b in sorted(walls)),
    ]
    while extra and not extra[-1]:
        extra.pop()
    header = ",".join([size, "0", str(number), str(len(puzzle.pairs)), *extra])
    paths = solution.paths if solution is not None else [(p.a, p.b) for p in puzzle.pairs]
    return ";".join([header, *(",".join(index(c) for c in path) for path in paths)]) + "\n"
