"""The small immutable values the stages pass to each other.

Conventions, stated once for the whole package:

* Grid positions are ``Cell(row, col)``, 0-based, origin at the top left.
* Image and screen positions are ``Point(x, y)`` in pixels; ``x`` grows to the
  right, ``y`` downwards. Keeping the two tuple types apart stops a row from
  being passed where an ``x`` is meant.
* Images are ``(H, W, 3)`` ``uint8`` RGB arrays, indexed ``[y, x]``.

A ``Puzzle`` is checked when it is made: a value that exists is a valid board.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from flowbot.errors import InvalidPuzzleError, InvalidSolutionError

#: The character used for an empty cell in grid text.
EMPTY = "."


class Cell(NamedTuple):
    """A grid position: ``row`` from the top, ``col`` from the left, both 0-based."""

    row: int
    col: int


class Point(NamedTuple):
    """An image or screen position in pixels (``x`` right, ``y`` down)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Pair:
    """One colour: its label and its two dots."""

    label: str
    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A rectangular Flow Free board: its size and one pair of dots per colour.

    The pairs keep the order of the input, and labels are kept exactly as
    written there. Every cell not holding a dot is empty and must be filled.

    Examples
    --------
    >>> p = Puzzle.from_grid(["A.B", "...", "A.B"])
    >>> p.rows, p.cols, [pair.label for pair in p.pairs]
    (3, 3, ['A', 'B'])
    >>> p.to_grid()
    ('A.B', '...', 'A.B')
    """

    rows: int
    cols: int
    pairs: tuple[Pair, ...]
    # Later board features (walls, holes, bridges) become new fields here with
    # empty defaults, so that every existing puzzle keeps its meaning.

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InvalidPuzzleError(f"board must be at least 1x1, got {self.rows}x{self.cols}")
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
                seen[cell] = pair.label

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
        """Grid text, one string per row (labels must be one character each)."""
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
        return Puzzle(
            self.rows,
            self.cols,
            tuple(Pair(_canonical_label(i), p.a, p.b) for i, p in enumerate(ordered)),
        )

    def relabel(self, labels: Sequence[str]) -> Puzzle:
        """The same board with new labels, given in pair order."""
        if len(labels) != len(self.pairs):
            raise ValueError(f"need {len(self.pairs)} labels, got {len(labels)}")
        return Puzzle(
            self.rows,
            self.cols,
            tuple(Pair(label, p.a, p.b) for label, p in zip(labels, self.pairs, strict=True)),
        )

    def dots(self) -> dict[Cell, str]:
        """Every dot's cell mapped to its label."""
        return {cell: pair.label for pair in self.pairs for cell in (pair.a, pair.b)}

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The cells orthogonally next to ``cell`` on this board."""
        r, c = cell
        if r > 0:
            yield Cell(r - 1, c)
        if c > 0:
            yield Cell(r, c - 1)
        if c + 1 < self.cols:
            yield Cell(r, c + 1)
        if r + 1 < self.rows:
            yield Cell(r + 1, c)

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

        Each path runs from its pair's dot ``a`` to dot ``b`` (or the reverse)
        through side-by-side cells inside the board; every cell of the board is
        on exactly one path. Paths may touch themselves (the game allows it).
        """
        p = self.puzzle
        if len(self.paths) != len(p.pairs):
            raise InvalidSolutionError(f"{len(self.paths)} paths for {len(p.pairs)} colours")
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


@dataclass(frozen=True, slots=True)
class Reading:
    """What the vision stage read from one image.

    ``colours[i]`` is the mean RGB of ``puzzle.pairs[i]``'s dots as seen;
    ``confidence`` is in ``[0, 1]`` (1: every check passed with margin).
    """

    puzzle: Puzzle
    geometry: BoardGeometry
    colours: tuple[tuple[int, int, int], ...]
    confidence: float
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if (self.geometry.rows, self.geometry.cols) != (self.puzzle.rows, self.puzzle.cols):
            raise ValueError("geometry and puzzle disagree on the board size")
        if len(self.colours) != len(self.puzzle.pairs):
            raise ValueError("one colour per pair")
