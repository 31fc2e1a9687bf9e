"""The board a puzzle is generated on: its shape, holes, bridges and warps, as a graph.

Features that shape the solution (holes, bridges, warps, hexagons) are chosen
before the cover is drawn; walls, which only take moves away, are put after
it, between cells the solution does not step between (so it stays valid).
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from dataclasses import dataclass, field

from flowbot.generate._cover import Graph
from flowbot.models import Cell, Link, Pair, Puzzle, Shape, Solution, link, step_axis


@dataclass(frozen=True, slots=True)
class Board:
    """A board with no dots yet, and its graph: ``nodes[v]`` is node ``v``'s cell."""

    empty: Puzzle
    nodes: tuple[Cell, ...]
    graph: Graph
    index: dict[tuple[Cell, int], int] = field(repr=False)  # (cell, passage) -> node

    def solution(self, paths: list[list[int]], walls: frozenset[Link] = frozenset()) -> Solution:
        """The canonical puzzle of a cover (dots at the ends of its paths) and its solution.

        Pairs are ordered by their first dot, as ``Puzzle.canonical`` orders them.
        """
        cells = [[self.nodes[v] for v in p] for p in paths]
        oriented = sorted(p if p[0] < p[-1] else p[::-1] for p in cells)
        numbered = Puzzle(
            self.empty.rows,
            self.empty.cols,
            tuple(Pair(str(i), p[0], p[-1]) for i, p in enumerate(oriented)),
            shape=self.empty.shape,
            holes=self.empty.holes,
            walls=walls,
            bridges=self.empty.bridges,
            warps=_used(self.empty.warps, oriented),
        )
        puzzle = numbered.canonical()
        solution = Solution(puzzle, tuple(tuple(p) for p in oriented))
        solution.validate()
        return solution


def _used(warps: frozenset[Link], paths: list[list[Cell]]) -> frozenset[Link]:
    """The warps some path steps across (an unused warp would only be decoration)."""
    steps = {link(a, b) for p in paths for a, b in itertools.pairwise(p)}
    return warps & steps


def make_board(
    rng: random.Random,
    rows: int,
    cols: int,
    *,
    shape: Shape = Shape.SQUARE,
    holes: int = 0,
    bridges: int = 0,
    warps: int = 0,
) -> Board:
    """A random board with the features asked for (fewer where the board has no room)."""
    empty = Puzzle(rows, cols, (), shape=shape)
    hole_cells = _holes(rng, empty, holes)
    empty = Puzzle(rows, cols, (), shape=shape, holes=hole_cells)
    warp_links = _warps(rng, empty, warps)
    bridge_cells = _bridges(rng, empty, warp_links, bridges)
    empty = Puzzle(
        rows, cols, (), shape=shape, holes=hole_cells, bridges=bridge_cells, warps=warp_links
    )
    return _graph(empty)


def _graph(empty: Puzzle) -> Board:
    nodes: list[Cell] = []
    index: dict[tuple[Cell, int], int] = {}
    for cell in empty.cells():
        for passage in (0, 1) if cell in empty.bridges else (0,):
            index[cell, passage] = len(nodes)
            nodes.append(cell)

    def node(towards: Cell, frm: Cell) -> int:
        # A bridge is entered on the passage of the step's axis.
        return index[towards, step_axis(frm, towards) if towards in empty.bridges else 0]

    step: list[tuple[int, ...]] = []
    touch: list[tuple[int, ...]] = []
    is_passage: list[bool] = []
    for v, cell in enumerate(nodes):
        is_bridge = cell in empty.bridges
        axis = v - index[cell, 0]
        nbrs = [n for n in empty.neighbours(cell) if not is_bridge or step_axis(cell, n) == axis]
        step.append(tuple(node(n, cell) for n in nbrs))
        beside = {
            index[n, p]
            for n in [*empty.lattice_neighbours(cell), *empty.neighbours(cell)]
            if empty.is_playable(n)
            for p in ((0, 1) if n in empty.bridges else (0,))
        }
        if is_bridge:
            beside.add(index[cell, 1 - axis])
        touch.append(tuple(sorted(beside)))
        is_passage.append(is_bridge)

    hexagonal = empty.shape is Shape.HEX

    def distance(u: int, w: int) -> int:
        return lattice_distance(nodes[u], nodes[w], hexagonal=hexagonal)

    graph = Graph(tuple(step), tuple(touch), tuple(is_passage), distance)
    return Board(empty, tuple(nodes), graph, index)


def lattice_distance(a: Cell, b: Cell, *, hexagonal: bool) -> int:
    """Steps between two cells on the open lattice (Manhattan, or hexagonal)."""
    if not hexagonal:
        return abs(a.row - b.row) + abs(a.col - b.col)
    # Even-q offset -> axial coordinates (odd columns sit half a cell higher).
    qa, ra = a.col, a.row - (a.col + (a.col & 1)) // 2
    qb, rb = b.col, b.row - (b.col + (b.col & 1)) // 2
    dq, dr = qb - qa, rb - ra
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _holes(rng: random.Random, empty: Puzzle, count: int) -> frozenset[Cell]:
    """``count`` hole cells in small blobs, mostly eating the outline, the rest staying joined,
    no border row or column all holes (the game draws it as nothing: ``Puzzle.as_drawn``)."""
    holes: set[Cell] = set()
    cells = list(empty.cells())
    border = [c for c in cells if sum(1 for _ in empty.lattice_neighbours(c)) < _full(empty)]
    tries = 0
    while len(holes) < count and tries < 20 * count + 20:
        tries += 1
        seed = rng.choice(border if rng.random() < 0.7 else cells)
        blob = [seed]
        for _ in range(rng.randint(0, 3)):
            nbrs = [n for n in empty.lattice_neighbours(blob[-1]) if n not in holes]
            if nbrs:
                blob.append(rng.choice(nbrs))
        for cell in blob:
            if (
                len(holes) < count
                and cell not in holes
                and _border_kept(empty, holes, cell)
                and _stays_joined(empty, holes, cell)
            ):
                holes.add(cell)
    return frozenset(holes)


def _full(empty: Puzzle) -> int:
    return 6 if empty.shape is Shape.HEX else 4


def _border_kept(empty: Puzzle, holes: set[Cell], cell: Cell) -> bool:
    """True when every border row and column keeps a playable cell with ``cell`` a hole too."""
    last_row, last_col = empty.rows - 1, empty.cols - 1
    for r0, r1, c0, c1 in (
        (0, 0, 0, last_col),
        (last_row, last_row, 0, last_col),
        (0, last_row, 0, 0),
        (0, last_row, last_col, last_col),
    ):
        if r0 <= cell.row <= r1 and c0 <= cell.col <= c1:
            line = itertools.product(range(r0, r1 + 1), range(c0, c1 + 1))
            if all(Cell(*c) in holes or c == cell for c in line):
                return False
    return True


def _stays_joined(empty: Puzzle, holes: set[Cell], cell: Cell) -> bool:
    """True when the board without ``holes`` and ``cell`` is in one piece, no cell a dead end."""
    gone = holes | {cell}
    left = [c for c in empty.cells() if c not in gone]
    if len(left) < 2:
        return False
    seen = {left[0]}
    queue = deque(seen)
    forced: set[Cell] = set()  # cells that can only be a path's end
    while queue:
        c = queue.popleft()
        ways = [n for n in empty.lattice_neighbours(c) if n not in gone]
        if not ways:
            return False
        if not _apart(empty, ways):
            # A dead end, or a hexagon corner whose ways touch: a dot must sit there,
            # and two such cells side by side leave a path no room.
            if any(n in forced for n in ways):
                return False
            forced.add(c)
        for n in ways:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(left)


def _apart(empty: Puzzle, ways: list[Cell]) -> bool:
    """True when two of ``ways`` are not neighbours: a path can pass between them."""
    return any(
        b not in set(empty.lattice_neighbours(a)) for a, b in itertools.combinations(ways, 2)
    )


def _warps(rng: random.Random, empty: Puzzle, count: int) -> frozenset[Link]:
    """Up to ``count`` warps between the two ends of a row or column (both cells playable)."""
    if empty.shape is not Shape.SQUARE or count == 0:
        return frozenset()
    r, c = empty.rows, empty.cols
    options = [link((i, 0), (i, c - 1)) for i in range(r) if c > 2] + [
        link((0, j), (r - 1, j)) for j in range(c) if r > 2
    ]
    options = [w for w in options if empty.is_playable(w[0]) and empty.is_playable(w[1])]
    return frozenset(rng.sample(options, min(count, len(options))))


def _bridges(
    rng: random.Random, empty: Puzzle, warps: frozenset[Link], count: int
) -> frozenset[Cell]:
    """Up to ``count`` bridge cells: inside the board, four playable sides, none side by side."""
    if empty.shape is not Shape.SQUARE or count == 0:
        return frozenset()
    ends = {cell for w in warps for cell in w}
    options = [
        cell
        for cell in empty.cells()
        if cell not in ends
        and 0 < cell.row < empty.rows - 1
        and 0 < cell.col < empty.cols - 1
        and all(empty.is_playable(n) for n in empty.lattice_neighbours(cell))
    ]
    rng.shuffle(options)
    chosen: set[Cell] = set()
    for cell in options:
        if len(chosen) == count:
            break
        if all(abs(cell.row - o.row) + abs(cell.col - o.col) > 2 for o in chosen):
            chosen.add(cell)
    return frozenset(chosen)


def add_walls(
    rng: random.Random, solution: Solution, count: int, taken: frozenset[Link] = frozenset()
) -> frozenset[Link]:
    """``taken`` and up to ``count`` more walls, each between two cells the solution does not
    step between (so the solution stays one), none beside a bridge."""
    puzzle = solution.puzzle
    steps = {link(a, b) for p in solution.paths for a, b in itertools.pairwise(p)}
    options = sorted(
        {
            link(cell, n)
            for cell in puzzle.cells()
            if cell not in puzzle.bridges
            for n in puzzle.lattice_neighbours(cell)
            if puzzle.is_playable(n) and n not in puzzle.bridges
        }
        - steps
        - taken
    )
    return taken | frozenset(rng.sample(options, min(count, len(options))))
