"""The rules of drawing on a Flow Free board, as pure functions on an immutable state.

How the game takes a drag, and so how this board does:

* press on a dot: that colour's pipe is cleared and a new one starts there;
  press on a pipe (its end or anywhere along it): the pipe is cut back to
  that cell and drawing carries on from it; press anywhere else: nothing;
* drag into a side-by-side cell: the pipe grows; into a cell of its own pipe:
  it shrinks back to that cell (backtracking); into another colour's dot, or
  on past its own far dot: refused;
* crossing another colour's pipe cuts that pipe where it was crossed, but
  only for as long as the drag covers it: backing off restores it, and the
  cut becomes final on release;
* a jump of several cells in one motion event is filled in along the straight
  line, one side-by-side step at a time, stopping at the first refused step
  (or, when the line would cut another pipe, along an L-shaped route that
  would not: a forgiving reading of a fast drag round a corner); games that
  take only side-by-side cells lose such a jump (``fill="neighbours"``);
* solved: every colour joins its two dots and every cell is filled.

The game's other boards (``Puzzle.neighbours`` says where a step may go):

* a step never crosses a wall nor enters a hole; on a hexagonal board it goes
  to any of the six hexagons around, and a jump is filled along the line of
  hexagons between the two centres;
* a bridge has two passages, one along its row and one along its column: a
  pipe crosses it straight (it may not turn or stop there), and another pipe,
  or the same one, may cross it the other way; crossing a passage another
  colour holds cuts that colour as crossing any cell does;
* a warp is a step like any other: the pointer reaches the cell across the
  board by leaving through the warp's opening (``_hit.cell_under`` gives the
  cell just off the board there, which stands for the warp's other end), and
  the pipe carries on from there, as from any pipe end it is pressed on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from flowbot.models import Cell, Puzzle, Shape, step_axis

Path = tuple[Cell, ...]
#: A place a pipe holds: its cell, or on a bridge the cell and the passage crossed
#: (``step_axis``: 0 along the row, 1 down the column).
Slot = Cell | tuple[Cell, int]

#: How a game takes a jump of the pointer over several cells: fills the cells
#: between ("run"), or loses it ("neighbours": only side-by-side cells count).
FillMode = Literal["run", "neighbours"]
FILL_MODES: tuple[FillMode, ...] = ("run", "neighbours")


@dataclass(frozen=True, slots=True)
class GameState:
    """A board being played.

    ``paths[i]`` is pair ``i``'s pipe as drawn, starting at one of its dots
    (empty when not drawn). ``active`` is the pair being dragged, if any;
    ``before`` holds the pipes as they were when that drag started, so cuts
    stay tentative until release. ``moves`` counts drags that changed a pipe.
    """

    puzzle: Puzzle
    paths: tuple[Path, ...]
    active: int | None = None
    before: tuple[Path, ...] = ()
    moves: int = 0


def new_game(puzzle: Puzzle) -> GameState:
    """An empty board."""
    return GameState(puzzle, tuple(() for _ in puzzle.pairs))


def _dot_owner(state: GameState, cell: Cell) -> int | None:
    for i, pair in enumerate(state.puzzle.pairs):
        if cell in (pair.a, pair.b):
            return i
    return None


def press(state: GameState, cell: Cell | None) -> GameState:
    """The button goes down over ``cell`` (``None``: off the board)."""
    if cell is None:
        return state
    cell = _through_edge(state.puzzle, cell)[-1]
    dot = _dot_owner(state, cell)
    if dot is not None:
        paths = _with(state.paths, dot, (cell,))
        return replace(state, paths=paths, active=dot, before=paths)
    for i, path in enumerate(state.paths):
        if cell in path:
            paths = _with(state.paths, i, path[: path.index(cell) + 1])
            return replace(state, paths=paths, active=i, before=paths)
    return state


def drag_to(state: GameState, cell: Cell | None, *, fill: FillMode = "run") -> GameState:
    """The pointer, button down, is now over ``cell``; fill in any jump.

    A jump is filled along the straight line; when that would cut another
    pipe or stop at a dot, along whichever L-shaped route (row first, or
    column first) would not, if one exists. A fast drag round a corner then
    keeps to the empty cells, as the player meant. With ``fill="neighbours"``
    a jump to a cell neither side by side with the pipe's end nor on the pipe
    is lost.
    """
    if state.active is None or cell is None:
        return state
    head = state.paths[state.active][-1]
    puzzle = state.puzzle
    through = _through_edge(puzzle, cell)
    if cell in puzzle.neighbours(head) or through[0] == head:  # one step, also by a warp
        return _walk(state, [through[-1]])[0]
    if fill == "neighbours" and cell not in state.paths[state.active]:
        return state  # a jump, lost by games that take only side-by-side cells
    if len(through) == 2:  # past a warp's opening: up to it, then across
        end, partner = through
        return _walk(state, [*line_cells(head, end), partner])[0]
    if puzzle.shape is Shape.HEX:
        return _walk(state, list(hex_line_cells(head, cell)))[0]
    routes = [list(line_cells(head, cell))]
    if head.row != cell.row and head.col != cell.col:
        corners = (Cell(cell.row, head.col), Cell(head.row, cell.col))
        routes += [[*line_cells(head, c), *line_cells(c, cell)] for c in corners]
    best = None
    for route in routes:
        moved, clean = _walk(state, route)
        if clean:
            return moved
        best = best or moved
    assert best is not None
    return best


def _walk(state: GameState, route: list[Cell]) -> tuple[GameState, bool]:
    """Take the steps of ``route`` until one is refused; also say whether every
    step was taken without cutting another pipe."""
    start = state
    for step in route:
        moved = _step(state, step)
        if moved is state:
            return state, False
        state = moved
    k = start.active
    cut = any(
        len(after) < len(before)
        for i, (before, after) in enumerate(zip(start.paths, state.paths, strict=True))
        if i != k
    )
    return state, not cut


def _through_edge(puzzle: Puzzle, cell: Cell) -> tuple[Cell, ...]:
    """For a cell just off the board past a warp's opening: the warp's end beside it and
    the other end it stands for; for a cell of the board: that cell."""
    if 0 <= cell.row < puzzle.rows and 0 <= cell.col < puzzle.cols:
        return (cell,)
    end = Cell(min(max(cell.row, 0), puzzle.rows - 1), min(max(cell.col, 0), puzzle.cols - 1))
    return end, Cell(cell.row % puzzle.rows, cell.col % puzzle.cols)


def release(state: GameState) -> GameState:
    """The button goes up: the drag's cuts become final."""
    if state.active is None:
        return state
    changed = state.paths != state.before or len(state.paths[state.active]) > 1
    return replace(state, active=None, before=(), moves=state.moves + changed)


def _step(state: GameState, cell: Cell) -> GameState:
    """One step of the active pipe to a neighbour of its end; ``state`` itself when refused."""
    k = state.active
    assert k is not None
    puzzle, path = state.puzzle, state.paths[k]
    head = path[-1]
    if cell not in puzzle.neighbours(head):  # a wall, a hole, not side by side
        return state
    slots = _slots(puzzle, path)
    slot = _slot(puzzle, head, cell)
    if slot in slots:  # back along its own pipe
        new = path[: slots.index(slot) + 1]
    else:
        pair = puzzle.pairs[k]
        complete = len(path) > 1 and path[-1] in (pair.a, pair.b)
        owner = _dot_owner(state, cell)
        if complete or (owner is not None and owner != k):
            return state
        if head in puzzle.bridges and len(path) > 1:  # straight across a bridge
            before = path[-2]
            if cell == before or step_axis(before, head) != step_axis(head, cell):
                return state
        new = (*path, cell)
    taken = set(_slots(puzzle, new))
    paths = tuple(
        new if i == k else _cut(puzzle, before, taken) for i, before in enumerate(state.before)
    )
    return replace(state, paths=paths)


def _slot(puzzle: Puzzle, before: Cell | None, cell: Cell) -> Slot:
    """The place a pipe takes stepping from ``before`` into ``cell``."""
    if before is not None and cell in puzzle.bridges:
        return cell, step_axis(before, cell)
    return cell


def _slots(puzzle: Puzzle, path: Path) -> Sequence[Slot]:
    """The places a pipe holds, in order (on a board with no bridge: its cells)."""
    if not puzzle.bridges:
        return path
    return [_slot(puzzle, path[i - 1] if i else None, cell) for i, cell in enumerate(path)]


def _cut(puzzle: Puzzle, path: Path, taken: set[Slot]) -> Path:
    for i, slot in enumerate(_slots(puzzle, path)):
        if slot in taken:
            return path[:i]
    return path


def _with(paths: tuple[Path, ...], i: int, path: Path) -> tuple[Path, ...]:
    return (*paths[:i], path, *paths[i + 1 :])


def line_cells(start: Cell, end: Cell) -> Iterator[Cell]:
    """The cells from ``start`` (excluded) to ``end``, one side-by-side step at a time.

    Follows the straight line between the two cell centres; where it crosses
    a corner exactly, the column step comes first.

    >>> [tuple(c) for c in line_cells(Cell(0, 0), Cell(2, 1))]
    [(1, 0), (1, 1), (2, 1)]
    """
    dr, dc = end.row - start.row, end.col - start.col
    nr, nc = abs(dr), abs(dc)
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    r, c = start
    ir = ic = 0
    while ir < nr or ic < nc:
        # Step along whichever axis the line crosses a cell border on first.
        if ic < nc and (ir >= nr or (0.5 + ic) * nr <= (0.5 + ir) * nc):
            c += sc
            ic += 1
        else:
            r += sr
            ir += 1
        yield Cell(r, c)


def hex_line_cells(start: Cell, end: Cell) -> Iterator[Cell]:
    """The hexagons from ``start`` (excluded) to ``end`` along the line between their
    centres, each a neighbour of the one before (on the even-q lattice ``Puzzle`` uses).

    >>> [tuple(c) for c in hex_line_cells(Cell(0, 0), Cell(1, 3))]
    [(1, 1), (0, 2), (1, 3)]
    """
    a, b = _cube(start), _cube(end)
    n = max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))
    for i in range(1, n + 1):
        t = i / n
        # Nudged off the hexagons' shared corners, so ties always break one way.
        q, r, s = (a[j] + (b[j] - a[j]) * t + (1e-6, 2e-6, -3e-6)[j] for j in range(3))
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        yield Cell(rr + (rq + (rq & 1)) // 2, rq)


def _cube(cell: Cell) -> tuple[int, int, int]:
    """Cube coordinates of an even-q cell (Red Blob Games' hexagon guide)."""
    q = cell.col
    r = cell.row - (q + (q & 1)) // 2
    return q, r, -q - r


def connected(state: GameState, i: int) -> bool:
    """True when pair ``i``'s pipe joins its two dots."""
    path = state.paths[i]
    pair = state.puzzle.pairs[i]
    return len(path) > 1 and {path[0], path[-1]} == {pair.a, pair.b}


def filled(state: GameState) -> int:
    """How many cells hold a dot or a pipe (a bridge counts once per passage crossed)."""
    slots = {slot for path in state.paths for slot in _slots(state.puzzle, path)}
    slots.update(state.puzzle.dots())
    return len(slots)


def to_fill(puzzle: Puzzle) -> int:
    """How many cells a solved board fills (a bridge counts twice: once per passage)."""
    if puzzle.is_classic:
        return puzzle.rows * puzzle.cols
    return puzzle.rows * puzzle.cols - len(puzzle.holes) + len(puzzle.bridges)


def is_solved(state: GameState) -> bool:
    """Every pair joined and every cell filled (the game's "level complete")."""
    p = state.puzzle
    return all(connected(state, i) for i in range(len(p.pairs))) and filled(state) == to_fill(p)
