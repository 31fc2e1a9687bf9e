"""The small immutable values the stages pass to each other.

Conventions, stated once for the whole package:

* Grid positions are ``Cell(row, col)``, 0-based, origin at the top left.
* Image and screen positions are ``Point(x, y)`` in pixels; ``x`` grows to the
  right, ``y`` downwards. Keeping the two tuple types apart stops a row from
  being passed where an ``x`` is meant.
* Images are ``(H, W, 3)`` ``uint8`` RGB arrays, indexed ``[y, x]``.
* Every kind of board numbers its cells as the game does: ``(row, col)`` on a
  ``rows x cols`` index grid. A hexagonal board is a grid of flat-topped
  hexagons stacked in columns, odd columns half a cell higher than even ones
  ("even-q"); its cells have six neighbours (see ``Puzzle.neighbours``).
* Cells missing from a board (``holes``) are still numbered; they are never
  part of a path.

A ``Puzzle`` is checked when it is made: a value that exists is a valid board.
"""

from __future__ import annotations

import bisect
import enum
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from flowbot.errors import InvalidPuzzleError, InvalidSolutionError

#: The character used for an empty cell in grid text.
EMPTY = "."


class Shape(enum.Enum):
    """The board's lattice: square cells (4 neighbours) or hexagons (6)."""

    SQUARE = "square"
    HEX = "hex"


class Cell(NamedTuple):
    """A grid position: ``row`` from the top, ``col`` from the left, both 0-based."""

    row: int
    col: int


class Point(NamedTuple):
    """An image or screen position in pixels (``x`` right, ``y`` down)."""

    x: float
    y: float


#: Two cells joined (a wall between them, a warp through the edge), smaller first.
Link = tuple[Cell, Cell]


def link(a: tuple[int, int], b: tuple[int, int]) -> Link:
    """The unordered pair of two cells, smaller first, as ``Puzzle`` stores it.

    >>> link((2, 1), (1, 1))
    (Cell(row=1, col=1), Cell(row=2, col=1))
    """
    first, second = sorted((Cell(*a), Cell(*b)))
    return first, second


@dataclass(frozen=True, slots=True)
class Pair:
    """One colour: its label and its two dots."""

    label: str
    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A Flow Free board: its lattice, its cells, and one pair of dots per colour.

    The pairs keep the order of the input, and labels are kept exactly as
    written there. Every playable cell not holding a dot is empty and must be
    filled. Besides the classic rectangle of square cells, a board may have:

    * ``shape``: ``Shape.HEX`` for hexagonal cells (six neighbours);
    * ``holes``: cells that are not part of the board (shaped boards);
    * ``walls``: links between two neighbouring cells that no path may cross;
    * ``bridges``: square cells two flows cross, one straight across each way
      (each of its two passages is used exactly once);
    * ``warps``: links through the board's edge, joining the two ends of a row
      (``(r, 0)`` and ``(r, cols - 1)``) or of a column (``(0, c)`` and
      ``(rows - 1, c)``), which a path may step across as across any side.

    Links are stored smaller cell first (``link(a, b)``); any order may be
    given. The defaults make a classic board, so ``Puzzle(rows, cols, pairs)``
    keeps its meaning.

    Examples
    --------
    >>> p = Puzzle.from_grid(["A.B", "...", "A.B"])
    >>> p.rows, p.cols, [pair.label for pair in p.pairs]
    (3, 3, ['A', 'B'])
    >>> p.to_grid()
    ('A.B', '...', 'A.B')
    >>> walled = Puzzle(2, 2, p.pairs[:0], walls=frozenset({((0, 1), (0, 0))}))
    >>> sorted(walled.neighbours(Cell(0, 0)))
    [Cell(row=1, col=0)]
    """

    rows: int
    cols: int
    pairs: tuple[Pair, ...]
    shape: Shape = Shape.SQUARE
    holes: frozenset[Cell] = frozenset()
    walls: frozenset[Link] = frozenset()
    bridges: frozenset[Cell] = frozenset()
    warps: frozenset[Link] = frozenset()

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InvalidPuzzleError(f"board must be at least 1x1, got {self.rows}x{self.cols}")
        if not self.is_classic:
            _check_features(self)
        seen: dict[Cell, str] = {}
        labels: set[str] = set()
        for pair in self.pairs:
            if not pair.label or pair.label == EMPTY or pair.label.isspace():
                raise InvalidPuzzleError(f"bad colour label {pair.label!r}")
            if pair.label in labels:
                raise InvalidPuzzleError(f"colour {pair.label!r} appears more than twice")
            labels.add(pair.label)
            for cell in (pair.a, pair.b):
                if not (0 <= cell.row < self.rows and 0 <= cell.col < self.cols):
                    raise InvalidPuzzleError(
                        f"dot {pair.label!r} at row {cell.row}, col {cell.col} is outside "
                        f"the {self.rows}x{self.cols} board"
                    )
                if cell in seen:
                    raise InvalidPuzzleError(
                        f"two dots ({seen[cell]!r} and {pair.label!r}) share row {cell.row}, "
                        f"col {cell.col}"
                    )
                if cell in self.holes:
                    raise InvalidPuzzleError(
                        f"dot {pair.label!r} at row {cell.row}, col {cell.col} is in a hole"
                    )
                if cell in self.bridges:
                    raise InvalidPuzzleError(
                        f"dot {pair.label!r} at row {cell.row}, col {cell.col} is on a bridge"
                    )
                seen[cell] = pair.label

    @property
    def is_classic(self) -> bool:
        """True for a plain rectangle of square cells with no walls, holes, bridges or warps."""
        return (
            self.shape is Shape.SQUARE
            and not self.holes
            and not self.walls
            and not self.bridges
            and not self.warps
        )

    @property
    def kind(self) -> str:
        """The board's features in one word: ``"square"``, ``"hex+holes"``, ``"square+walls"``..."""
        features = [
            name
            for name, present in (
                ("holes", self.holes),
                ("walls", self.walls),
                ("bridges", self.bridges),
                ("warps", self.warps),
            )
            if present
        ]
        return "+".join([self.shape.value, *features])

    @classmethod
    def from_grid(cls, lines: Sequence[str]) -> Puzzle:
        """Build a puzzle from grid text: one string per row, ``.`` for empty.

        Any other character is a dot label and must occur exactly twice.
        Raises ``InvalidPuzzleError`` for ragged rows or unpaired labels.
        """
        if not lines:
            raise InvalidPuzzleError("empty grid")
        cols = len(lines[0])
        found: dict[str, list[Cell]] = {}
        for r, line in enumerate(lines):
            if len(line) != cols:
                raise InvalidPuzzleError(f"row {r + 1} has {len(line)} cells, expected {cols}")
            for c, ch in enumerate(line):
                if ch != EMPTY:
                    found.setdefault(ch, []).append(Cell(r, c))
        pairs = []
        for label, cells in found.items():
            if len(cells) != 2:
                raise InvalidPuzzleError(
                    f"label {label!r} appears {len(cells)} time{'s' * (len(cells) != 1)}, "
                    "expected exactly 2"
                )
            pairs.append(Pair(label, cells[0], cells[1]))
        return cls(len(lines), cols, tuple(pairs))

    def to_grid(self) -> tuple[str, ...]:
        """Grid text, one string per row (labels must be one character each).

        Only a classic board fits plain grid text; see ``flowbot.formats`` for
        the text forms of the others.
        """
        if not self.is_classic:
            raise InvalidPuzzleError(f"a {self.kind} board cannot be written as plain grid text")
        grid = [[EMPTY] * self.cols for _ in range(self.rows)]
        for pair in self.pairs:
            if len(pair.label) != 1:
                raise InvalidPuzzleError(
                    f"label {pair.label!r} is longer than one character; use canonical() first"
                )
            for cell in (pair.a, pair.b):
                grid[cell.row][cell.col] = pair.label
        return tuple("".join(row) for row in grid)

    def canonical(self) -> Puzzle:
        """The same board in the canonical form used by the screenshot labels.

        Pairs are sorted by their first dot (rows top to bottom, left to right)
        and renamed A, B, C, ...; each pair's ``a`` is its earlier dot. Two
        readings of one board compare equal in this form.

        >>> Puzzle.from_grid(["x.y", "y.x"]).canonical().to_grid()
        ('A.B', 'B.A')
        """
        ordered = sorted(
            (Pair(p.label, *sorted((p.a, p.b))) for p in self.pairs), key=lambda p: p.a
        )
        return replace(
            self, pairs=tuple(Pair(_canonical_label(i), p.a, p.b) for i, p in enumerate(ordered))
        )

    def as_drawn(self) -> Puzzle:
        """The board as the game draws it: border rows and columns made only of holes left out.

        The game draws nothing there, so a reader sees the board without
        them. A hexagonal board left without its first column is numbered
        again from its new first column (odd columns still half a cell higher).

        >>> Puzzle(2, 3, (), holes=frozenset({(0, 0), (1, 0)})).as_drawn().size
        '2x2'
        """
        if not self.holes:
            return self
        place = self.drawn_place()
        cells = {place(c) for c in self.cells()}
        rows, cols = max(c.row for c in cells) + 1, max(c.col for c in cells) + 1
        return Puzzle(
            rows,
            cols,
            tuple(Pair(p.label, place(p.a), place(p.b)) for p in self.pairs),
            shape=self.shape,
            holes=frozenset(Cell(r, c) for r in range(rows) for c in range(cols)) - cells,
            walls=frozenset(link(place(a), place(b)) for a, b in self.walls),
            bridges=frozenset(place(c) for c in self.bridges),
            warps=frozenset(link(place(a), place(b)) for a, b in self.warps),
        )

    def drawn_place(self) -> Callable[[Cell], Cell]:
        """Where each cell lies on the board as drawn (``as_drawn``)."""
        first_col = min(c.col for c in self.cells())
        hexagonal = self.shape is Shape.HEX

        def half_row(cell: Cell) -> int:  # from the top, in half rows, on the board as drawn
            if not hexagonal:
                return 2 * cell.row
            return 2 * cell.row - cell.col % 2 + (cell.col - first_col) % 2

        first_half_row = min(half_row(c) for c in self.cells())
        return lambda cell: Cell((half_row(cell) - first_half_row) // 2, cell.col - first_col)

    def relabel(self, labels: Sequence[str]) -> Puzzle:
        """The same board with new labels, given in pair order."""
        if len(labels) != len(self.pairs):
            raise ValueError(f"need {len(self.pairs)} labels, got {len(labels)}")
        return replace(
            self,
            pairs=tuple(Pair(label, p.a, p.b) for label, p in zip(labels, self.pairs, strict=True)),
        )

    def dots(self) -> dict[Cell, str]:
        """Every dot's cell mapped to its label."""
        return {cell: pair.label for pair in self.pairs for cell in (pair.a, pair.b)}

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The playable cells a path may step to from ``cell``.

        The lattice's neighbours (up, left, right, down on square boards; on
        hexagonal ones also the two diagonal cells of the neighbouring columns
        on the side the column is offset towards), less holes and walls, plus
        the cells joined to it by warps.

        >>> hexagonal = Puzzle(3, 3, (), shape=Shape.HEX)
        >>> [tuple(n) for n in sorted(hexagonal.neighbours(Cell(1, 1)))]  # odd: half a cell up
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 1)]
        """
        if self.is_classic:
            r, c = cell
            if r > 0:
                yield Cell(r - 1, c)
            if c > 0:
                yield Cell(r, c - 1)
            if c + 1 < self.cols:
                yield Cell(r, c + 1)
            if r + 1 < self.rows:
                yield Cell(r + 1, c)
            return
        holes, walls = self.holes, self.walls
        for other in self.lattice_neighbours(cell):
            # link() inlined: this is the solvers' and validate()'s inner loop.
            key = (cell, other) if cell < other else (other, cell)
            if other not in holes and key not in walls:
                yield other
        for a, b in self.warps:
            if a == cell:
                yield b
            elif b == cell:
                yield a

    def lattice_neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The cells next to ``cell`` in the board's lattice, ignoring holes, walls and warps."""
        r, c = cell
        steps: tuple[tuple[int, int], ...] = _SQUARE_STEPS
        if self.shape is Shape.HEX:
            steps = _HEX_STEPS_ODD if c % 2 else _HEX_STEPS_EVEN
        for dr, dc in steps:
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                yield Cell(r + dr, c + dc)

    def joins(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """True when a path may step from ``a`` to ``b``: ``b in neighbours(a)``, without the scan.

        >>> walled = Puzzle(1, 3, (), walls=frozenset({((0, 0), (0, 1))}))
        >>> walled.joins((0, 1), (0, 2)), walled.joins((0, 1), (0, 0))
        (True, False)
        """
        if not (self.is_playable(a) and self.is_playable(b)):
            return False
        key = (a, b) if a < b else (b, a)
        if key in self.warps:
            return True
        if key in self.walls:
            return False
        step = (b[0] - a[0], b[1] - a[1])
        if self.shape is Shape.HEX:
            return step in (_HEX_STEPS_ODD if a[1] % 2 else _HEX_STEPS_EVEN)
        return step in _SQUARE_STEPS

    def is_playable(self, cell: tuple[int, int]) -> bool:
        """True for a cell of the board that is not a hole."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and Cell(r, c) not in self.holes

    def cells(self) -> Iterator[Cell]:
        """Every playable cell, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                if Cell(r, c) not in self.holes:
                    yield Cell(r, c)

    def links(self) -> Iterator[Link]:
        """Every pair of cells a path may step between, once each (smaller cell first)."""
        for cell in self.cells():
            for other in self.neighbours(cell):
                if cell < other:
                    yield cell, other

    @property
    def size(self) -> str:
        """``"ROWSxCOLS"``, for messages and reports."""
        return f"{self.rows}x{self.cols}"


def _canonical_label(i: int) -> str:
    # A-Z, then a-z, then digits: 62 one-character labels, as the big corpora use.
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    if i >= len(alphabet):
        raise InvalidPuzzleError(f"more than {len(alphabet)} colours have no one-letter labels")
    return alphabet[i]


_SQUARE_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
# Even-q: odd columns sit half a cell higher, so their diagonal neighbours are a row up.
_HEX_STEPS_ODD = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0))
_HEX_STEPS_EVEN = ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def step_axis(a: Cell, b: Cell) -> int:
    """The axis of a step on a square board: 0 along a row, 1 along a column.

    A warp joins the two ends of a row or of a column, so it has the axis of
    that row or column; this is what decides which of a bridge's two passages
    a step uses.
    """
    return 0 if a.row == b.row else 1


def _check_features(p: Puzzle) -> None:
    """Normalise and check the board features of a non-classic puzzle (one-line errors)."""

    def where(cell: Cell) -> str:
        return f"row {cell.row}, col {cell.col}"

    def cells(name: str, values: frozenset[Cell]) -> frozenset[Cell]:
        out = frozenset(Cell(*v) for v in values)
        for cell in out:
            if not (0 <= cell.row < p.rows and 0 <= cell.col < p.cols):
                raise InvalidPuzzleError(f"{name} at {where(cell)} is outside the {p.size} board")
        return out

    def links(name: str, values: frozenset[Link]) -> frozenset[Link]:
        out = frozenset(link(a, b) for a, b in values)
        for a, b in out:
            for cell in (a, b):
                if not (0 <= cell.row < p.rows and 0 <= cell.col < p.cols):
                    raise InvalidPuzzleError(
                        f"{name} at {where(cell)} is outside the {p.size} board"
                    )
                if cell in holes:
                    raise InvalidPuzzleError(f"{name} at {where(cell)} touches a hole")
        return out

    try:
        object.__setattr__(p, "shape", Shape(p.shape))
    except ValueError:
        raise InvalidPuzzleError(f"unknown lattice {p.shape!r}: square or hex") from None
    holes = cells("hole", p.holes)
    object.__setattr__(p, "holes", holes)
    object.__setattr__(p, "bridges", cells("bridge", p.bridges))
    object.__setattr__(p, "walls", links("wall", p.walls))
    object.__setattr__(p, "warps", links("warp", p.warps))
    if len(holes) == p.rows * p.cols:
        raise InvalidPuzzleError("every cell of the board is a hole")
    for a, b in p.walls:
        if b not in set(p.lattice_neighbours(a)):
            raise InvalidPuzzleError(f"wall between {where(a)} and {where(b)}: not neighbours")
    if p.shape is not Shape.SQUARE and (p.warps or p.bridges):
        raise InvalidPuzzleError(f"warps and bridges need square cells, not {p.shape.value}")
    for a, b in p.warps:
        across_row = a.row == b.row and a.col == 0 and b.col == p.cols - 1 and p.cols > 2
        across_col = a.col == b.col and a.row == 0 and b.row == p.rows - 1 and p.rows > 2
        if not (across_row or across_col):
            raise InvalidPuzzleError(
                f"warp between {where(a)} and {where(b)}: a warp joins the two ends of a row "
                "or of a column"
            )
    for cell in p.bridges:
        if cell in holes:
            raise InvalidPuzzleError(f"bridge at {where(cell)} is in a hole")
        ways = [step_axis(cell, other) for other in p.neighbours(cell)]
        if ways.count(0) != 2 or ways.count(1) != 2:
            lattice = set(p.lattice_neighbours(cell))
            if lattice & holes:
                why = "is next to a hole"
            elif any(link(cell, other) in p.walls for other in lattice):
                why = "is against a wall"
            else:
                why = "is on the border"
            raise InvalidPuzzleError(
                f"bridge at {where(cell)} {why}: a bridge needs a way on across each of its "
                "four sides"
            )


def are_adjacent(a: Cell, b: Cell) -> bool:
    """True when two cells share a side."""
    return abs(a.row - b.row) + abs(a.col - b.col) == 1


@dataclass(frozen=True, slots=True)
class Solution:
    """One ordered path of cells per colour, from dot ``a`` to dot ``b``.

    ``paths[i]`` belongs to ``puzzle.pairs[i]``. A ``Solution`` is only a
    claim until ``validate()`` has checked it against every rule.

    Examples
    --------
    >>> p = Puzzle.from_grid(["A.B", "A.B"])
    >>> s = Solution(p, ((Cell(0, 0), Cell(1, 0)), (Cell(0, 2), Cell(1, 2))))
    >>> s.validate()
    Traceback (most recent call last):
    ...
    flowbot.errors.InvalidSolutionError: cell (0, 1) is on no path
    """

    puzzle: Puzzle
    paths: tuple[tuple[Cell, ...], ...]

    def validate(self) -> None:
        """Check every rule; raise ``InvalidSolutionError`` naming the first broken one.

        Each path runs from its pair's dot ``a`` to dot ``b`` (or the reverse),
        every step to one of the cell's ``Puzzle.neighbours`` (never through a
        wall or into a hole; across a warp as across a side); every playable
        cell is on exactly one path, except a bridge, whose two passages are
        each crossed exactly once, straight through. Paths may touch themselves
        (the game allows it).
        """
        p = self.puzzle
        if len(self.paths) != len(p.pairs):
            raise InvalidSolutionError(f"{len(self.paths)} paths for {len(p.pairs)} colours")
        if not p.is_classic:
            _validate_features(self)
            return
        if p.rows * p.cols > _ARRAY_CELLS:
            _validate_arrays(self)
            return
        owner: dict[Cell, str] = {}
        for pair, path in zip(p.pairs, self.paths, strict=True):
            if len(path) < 2 or {path[0], path[-1]} != {pair.a, pair.b}:
                raise InvalidSolutionError(f"path {pair.label!r} does not join its two dots")
            for i, cell in enumerate(path):
                if not (0 <= cell.row < p.rows and 0 <= cell.col < p.cols):
                    raise InvalidSolutionError(f"path {pair.label!r} leaves the board at {cell}")
                if i and not are_adjacent(path[i - 1], cell):
                    raise InvalidSolutionError(
                        f"path {pair.label!r} jumps from {tuple(path[i - 1])} to {tuple(cell)}"
                    )
                if cell in owner:
                    raise InvalidSolutionError(
                        f"cell {tuple(cell)} is on path {owner[cell]!r} and {pair.label!r}"
                    )
                owner[cell] = pair.label
        for r in range(p.rows):
            for c in range(p.cols):
                if (r, c) not in owner:
                    raise InvalidSolutionError(f"cell {(r, c)} is on no path")

    def grid(self) -> tuple[str, ...]:
        """The filled board as grid text: every cell shows its path's label."""
        grid = [[EMPTY] * self.puzzle.cols for _ in range(self.puzzle.rows)]
        for pair, path in zip(self.puzzle.pairs, self.paths, strict=True):
            for cell in path:
                grid[cell.row][cell.col] = pair.label
        return tuple("".join(row) for row in grid)

    def touches_itself(self) -> bool:
        """True when some path runs beside itself (needs the game's relaxed rule)."""
        for path in self.paths:
            index = {cell: i for i, cell in enumerate(path)}
            for i, cell in enumerate(path):
                for other in self.puzzle.neighbours(cell):
                    j = index.get(other)
                    if j is not None and abs(i - j) > 1:
                        return True
        return False


def _validate_features(solution: Solution) -> None:
    """``Solution.validate`` for boards with holes, walls, bridges, warps or hexagons."""
    p = solution.puzzle
    owner: dict[tuple[Cell, int], str] = {}  # (cell, passage): a bridge has passages 0 and 1
    for pair, path in zip(p.pairs, solution.paths, strict=True):
        if len(path) < 2 or {path[0], path[-1]} != {pair.a, pair.b}:
            raise InvalidSolutionError(f"path {pair.label!r} does not join its two dots")
        for i, cell in enumerate(path):
            if not p.is_playable(cell):
                where = "enters the hole" if cell in p.holes else "leaves the board"
                raise InvalidSolutionError(f"path {pair.label!r} {where} at {tuple(cell)}")
            if i and not p.joins(path[i - 1], cell):
                raise InvalidSolutionError(
                    f"path {pair.label!r} jumps from {tuple(path[i - 1])} to {tuple(cell)}"
                )
            passage = 0
            if cell in p.bridges:
                if i == 0 or i == len(path) - 1:
                    raise InvalidSolutionError(f"path {pair.label!r} ends on the bridge {cell}")
                before, after = path[i - 1], path[i + 1]
                passage = step_axis(before, cell)
                if before == after or step_axis(cell, after) != passage:
                    raise InvalidSolutionError(
                        f"path {pair.label!r} turns on the bridge at {tuple(cell)}"
                    )
            if (cell, passage) in owner:
                raise InvalidSolutionError(
                    f"cell {tuple(cell)} is on path {owner[cell, passage]!r} and {pair.label!r}"
                )
            owner[cell, passage] = pair.label
    if len(owner) != p.rows * p.cols - len(p.holes) + len(p.bridges):
        for cell in p.cells():
            for passage in (0, 1) if cell in p.bridges else (0,):
                if (cell, passage) not in owner:
                    raise InvalidSolutionError(f"cell {tuple(cell)} is on no path")


#: Bigger boards are validated with numpy: the same checks in the same order,
#: so the same first error, but a 1002x1002 board takes 0.1 s instead of 2 s.
_ARRAY_CELLS = 10_000


def _validate_arrays(solution: Solution) -> None:
    import numpy as np  # noqa: PLC0415 - only big boards need it; keeps imports light

    p = solution.puzzle
    owner = np.full(p.rows * p.cols, -1, dtype=np.int64)
    for k, (pair, path) in enumerate(zip(p.pairs, solution.paths, strict=True)):
        if len(path) < 2 or {path[0], path[-1]} != {pair.a, pair.b}:
            raise InvalidSolutionError(f"path {pair.label!r} does not join its two dots")
        flat = itertools.chain.from_iterable(path)
        rc = np.fromiter(flat, dtype=np.int64, count=2 * len(path)).reshape(-1, 2)
        r, c = rc[:, 0], rc[:, 1]
        outside = np.flatnonzero((r < 0) | (r >= p.rows) | (c < 0) | (c >= p.cols))
        stop = int(outside[0]) if len(outside) else len(path)
        steps = np.abs(np.diff(r[: stop + 1])) + np.abs(np.diff(c[: stop + 1]))
        jumps = np.flatnonzero(steps != 1) + 1
        jump = int(jumps[0]) if len(jumps) else len(path)
        ids = r[:stop] * p.cols + c[:stop]
        taken = owner[ids] >= 0
        if taken.any() or np.bincount(ids, minlength=len(owner)).max() > 1:
            _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
            again = taken | (np.arange(len(ids)) != first[inverse])
            twice = int(np.flatnonzero(again)[0])
        else:
            twice = len(path)
        # The loop's order: at one index, "leaves" before "jumps" before "twice".
        i = min(stop, jump, twice)
        if i == len(path):
            owner[ids] = k
            continue
        cell = path[i]
        if i == stop:
            raise InvalidSolutionError(f"path {pair.label!r} leaves the board at {cell}")
        if i == jump:
            raise InvalidSolutionError(
                f"path {pair.label!r} jumps from {tuple(path[i - 1])} to {tuple(cell)}"
            )
        first_owner = int(owner[ids[i]])
        label = pair.label if first_owner < 0 else p.pairs[first_owner].label
        raise InvalidSolutionError(f"cell {tuple(cell)} is on path {label!r} and {pair.label!r}")
    empty = np.flatnonzero(owner < 0)
    if len(empty):
        row, col = divmod(int(empty[0]), p.cols)
        raise InvalidSolutionError(f"cell {(row, col)} is on no path")


class SolveStatus(enum.Enum):
    """How a solve ended."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What the solver says about one puzzle.

    ``solution`` is set exactly when ``status`` is ``SOLVED``; ``seconds`` is
    the in-process solve time.
    """

    status: SolveStatus
    solution: Solution | None = None
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if (self.status is SolveStatus.SOLVED) != (self.solution is not None):
            raise ValueError("a solution is given exactly when the status is SOLVED")


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where a board sits in an image: its grid lines in pixels.

    ``xs`` holds the ``cols + 1`` vertical grid-line positions, left to right;
    ``ys`` the ``rows + 1`` horizontal ones, top to bottom. Cell ``(r, c)``
    spans ``xs[c]..xs[c+1]`` by ``ys[r]..ys[r+1]``. Lines need not be evenly
    spaced, so a slightly distorted capture is still described exactly.

    Examples
    --------
    >>> g = BoardGeometry.uniform(left=10, top=20, width=300, height=300, rows=3, cols=3)
    >>> g.centre(Cell(1, 2))
    Point(x=260.0, y=170.0)
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __post_init__(self) -> None:
        for name, lines in (("xs", self.xs), ("ys", self.ys)):
            if len(lines) < 2 or any(b <= a for a, b in itertools.pairwise(lines)):
                raise ValueError(f"{name} must be at least two increasing positions")

    @classmethod
    def uniform(
        cls, *, left: float, top: float, width: float, height: float, rows: int, cols: int
    ) -> BoardGeometry:
        """Evenly spaced grid lines over the given rectangle."""
        return cls(
            tuple(float(left + width * i / cols) for i in range(cols + 1)),
            tuple(float(top + height * i / rows) for i in range(rows + 1)),
        )

    @property
    def rows(self) -> int:
        return len(self.ys) - 1

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def left(self) -> float:
        return self.xs[0]

    @property
    def top(self) -> float:
        return self.ys[0]

    @property
    def right(self) -> float:
        return self.xs[-1]

    @property
    def bottom(self) -> float:
        return self.ys[-1]

    @property
    def area(self) -> float:
        """The board's rectangle's area in square pixels."""
        return (self.right - self.left) * (self.bottom - self.top)

    @property
    def cell_size(self) -> float:
        """The mean cell pitch in pixels (the smaller of width and height)."""
        return min((self.right - self.left) / self.cols, (self.bottom - self.top) / self.rows)

    def centre(self, cell: Cell) -> Point:
        """The pixel centre of a cell."""
        r, c = cell
        return Point((self.xs[c] + self.xs[c + 1]) / 2, (self.ys[r] + self.ys[r + 1]) / 2)

    def contains(self, point: Point) -> bool:
        """True when a point lies inside the board's rectangle."""
        return self.left <= point.x <= self.right and self.top <= point.y <= self.bottom

    def shifted(self, dx: float, dy: float, scale: float = 1.0) -> BoardGeometry:
        """The same grid moved by ``(dx, dy)`` after scaling by ``scale``."""
        return BoardGeometry(
            tuple(x * scale + dx for x in self.xs), tuple(y * scale + dy for y in self.ys)
        )

    def polygon(self, cell: Cell) -> tuple[Point, ...]:
        """The cell's outline: its four corners, clockwise from the top left."""
        r, c = cell
        x0, x1, y0, y1 = self.xs[c], self.xs[c + 1], self.ys[r], self.ys[r + 1]
        return Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)

    def cell_at(self, point: Point) -> Cell | None:
        """The cell of the grid containing ``point`` (``None`` outside the board).

        >>> BoardGeometry.uniform(left=0, top=0, width=30, height=20, rows=2, cols=3).cell_at(
        ...     Point(25, 3))
        Cell(row=0, col=2)
        """
        if not self.contains(point):
            return None
        c = min(bisect.bisect_right(self.xs, point.x) - 1, self.cols - 1)
        r = min(bisect.bisect_right(self.ys, point.y) - 1, self.rows - 1)
        return Cell(r, c)


@dataclass(frozen=True, slots=True)
class HexGeometry:
    """Where a hexagonal board sits in an image: the centre of every hexagon.

    The board's cells are flat-topped hexagons in columns, odd columns half a
    row higher ("even-q", as ``Puzzle`` numbers them). ``origin`` is the
    centre of cell ``(0, 0)``; ``col_step`` the horizontal distance between
    neighbouring columns' centres, ``row_step`` the vertical distance between
    a column's centres (regular hexagons: ``row_step = col_step * 2 / sqrt(3)``,
    also the distance between any two neighbours' centres). A hexagon reaches
    ``2/3 col_step`` left and right of its centre and ``row_step / 2`` up and
    down, so neighbouring hexagons share their sides exactly.

    Examples
    --------
    >>> g = HexGeometry(Point(50, 60), col_step=30, row_step=40, rows=3, cols=3)
    >>> g.centre(Cell(0, 1))  # odd column: half a row higher
    Point(x=80.0, y=40.0)
    >>> g.cell_at(Point(82, 45))
    Cell(row=0, col=1)
    """

    origin: Point
    col_step: float
    row_step: float
    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.col_step <= 0 or self.row_step <= 0:
            raise ValueError("col_step and row_step must be positive")
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a hex board must be at least 1x1, got {self.rows}x{self.cols}")

    @classmethod
    def regular(cls, *, left: float, top: float, pitch: float, rows: int, cols: int) -> HexGeometry:
        """Regular hexagons ``pitch`` apart (centre to centre), their box at ``(left, top)``."""
        col_step = pitch * math.sqrt(3) / 2
        up = pitch if cols > 1 else pitch / 2  # odd columns reach half a row higher
        return cls(Point(left + col_step * 2 / 3, top + up), col_step, pitch, rows, cols)

    @property
    def radius(self) -> float:
        """How far a hexagon reaches left and right of its centre (its corner)."""
        return self.col_step * 2 / 3

    @property
    def left(self) -> float:
        return self.origin.x - self.radius

    @property
    def right(self) -> float:
        return self.origin.x + (self.cols - 1) * self.col_step + self.radius

    @property
    def top(self) -> float:
        return self.origin.y - self.row_step * (1.0 if self.cols > 1 else 0.5)

    @property
    def bottom(self) -> float:
        return self.origin.y + (self.rows - 0.5) * self.row_step

    @property
    def cell_size(self) -> float:
        """The distance between neighbouring centres (the pitch pipes and dots scale with)."""
        return min(self.row_step, math.hypot(self.col_step, self.row_step / 2))

    def centre(self, cell: Cell) -> Point:
        """The pixel centre of a hexagon."""
        r, c = cell
        return Point(
            float(self.origin.x + c * self.col_step),
            float(self.origin.y + (r - (c % 2) / 2) * self.row_step),
        )

    def polygon(self, cell: Cell) -> tuple[Point, ...]:
        """The hexagon's six corners, clockwise from the left one."""
        x, y = self.centre(cell)
        rx, hy = self.radius, self.row_step / 2
        return (
            Point(x - rx, y),
            Point(x - rx / 2, y - hy),
            Point(x + rx / 2, y - hy),
            Point(x + rx, y),
            Point(x + rx / 2, y + hy),
            Point(x - rx / 2, y + hy),
        )

    def cell_at(self, point: Point) -> Cell | None:
        """The cell whose hexagon contains ``point`` (``None`` outside the lattice).

        Hexagons are the regions nearest each centre, so this is the nearest
        centre among the lattice cells around the point, kept only if that
        cell is on the board.
        """
        c0 = round((point.x - self.origin.x) / self.col_step)
        best: tuple[float, int, int] | None = None
        for c in (c0 - 1, c0, c0 + 1):
            r0 = round((point.y - self.origin.y) / self.row_step + (c % 2) / 2)
            for r in (r0 - 1, r0, r0 + 1):
                x, y = self.centre(Cell(r, c))
                # Scaled so a stretched lattice still splits at its hexagons' sides.
                u, v = (point.x - x) / self.col_step, (point.y - y) / self.row_step
                d = 0.75 * u * u + v * v
                if best is None or d < best[0]:
                    best = (d, r, c)
        assert best is not None
        _, r, c = best
        return Cell(r, c) if 0 <= r < self.rows and 0 <= c < self.cols else None

    def contains(self, point: Point) -> bool:
        """True when a point lies inside one of the lattice's hexagons."""
        return self.cell_at(point) is not None

    def shifted(self, dx: float, dy: float, scale: float = 1.0) -> HexGeometry:
        """The same lattice moved by ``(dx, dy)`` after scaling by ``scale``."""
        return HexGeometry(
            Point(self.origin.x * scale + dx, self.origin.y * scale + dy),
            self.col_step * scale,
            self.row_step * scale,
            self.rows,
            self.cols,
        )


#: Where a board's cells sit in an image: a grid of squares or a hexagon lattice. Both give
#: ``rows``, ``cols``, ``cell_size``, ``left/top/right/bottom``, ``centre(cell)``,
#: ``polygon(cell)``, ``cell_at(point)``, ``contains(point)`` and ``shifted(...)``.
Geometry = BoardGeometry | HexGeometry


@dataclass(frozen=True, slots=True)
class Reading:
    """What the vision stage read from one image.

    ``colours[i]`` is the mean RGB of ``puzzle.pairs[i]``'s dots as seen;
    ``pipes[i]`` the cells other than its dots that a pipe of that colour
    already covers (a board the user started or finished; empty when none
    is drawn, and ``()`` when the reader did not look); ``confidence`` is in
    ``[0, 1]`` (1: every check passed with margin).
    """

    puzzle: Puzzle
    geometry: Geometry
    colours: tuple[tuple[int, int, int], ...]
    confidence: float
    notes: tuple[str, ...] = field(default=())
    pipes: tuple[frozenset[Cell], ...] = field(default=())

    def __post_init__(self) -> None:
        if (self.geometry.rows, self.geometry.cols) != (self.puzzle.rows, self.puzzle.cols):
            raise ValueError("geometry and puzzle disagree on the board size")
        if isinstance(self.geometry, HexGeometry) != (self.puzzle.shape is Shape.HEX):
            raise ValueError("geometry and puzzle disagree on the board's shape")
        if len(self.colours) != len(self.puzzle.pairs):
            raise ValueError("one colour per pair")
        if self.pipes and len(self.pipes) != len(self.puzzle.pairs):
            raise ValueError("one set of pipe cells per pair, or none")

    @property
    def covered(self) -> dict[Cell, str]:
        """Every cell a pipe covers, with its pair's label (dots not included)."""
        return {
            cell: pair.label
            for pair, cells in zip(self.puzzle.pairs, self.pipes, strict=False)
            for cell in cells
        }
