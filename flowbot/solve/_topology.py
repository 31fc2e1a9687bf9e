"""Boundary-order proofs: dots whose cyclic order no set of disjoint paths can keep.

Think of each path as the polyline through its cells' centres. Paths of
different pairs share no cell, so their polylines do not meet. Two classic
facts about disjoint curves then prove some puzzles unsolvable before any
search (a 1002x1002 board can be settled in milliseconds this way).

Crossing pairs on the border
    Let ``D`` be the rectangle spanned by the cell centres: the centres of the
    board's border cells lie on its boundary, in the order of the border cycle.
    Two disjoint curves inside a closed disk cannot join two pairs of boundary
    points that interleave (``a..b..a..b`` around the boundary), even when
    they touch the boundary elsewhere. So two pairs whose four dots lie on the
    border and interleave along it cannot both be joined.

Order around an island
    An *island* is a 4-connected block of dot cells, none on the board's
    border, whose complement is 4-connected (no hole) and with no *pinch* (a
    2x2 window holding island cells on one diagonal only). Its cells' closed
    squares, thickened by less than half a cell, form a closed disk ``K``
    inside ``D``, and ``A = D - interior(K)`` is a closed annulus. Call a pair
    *spanning* when one dot is on the island and the other on the board's
    border. Its path leaves its island dot through a side that the island
    shares with a non-island cell, and after that never comes within half a
    cell of the island (its cells are not island cells): cut at the first
    point outside ``K``, it is a curve in ``A`` from the outer boundary to the
    inner one. Disjoint curves joining the two boundaries of an annulus keep
    cyclic order: lifted to the universal cover (a strip), any two of them are
    ordered left to right the same way at both edges (else they would join
    interleaved boundary points of a disk), and the order is invariant under
    the deck translation. So the spanning pairs' cyclic order along the border
    (clockwise) must equal their order along the island's outline (clockwise).
    Only the spanning pairs are compared; any other pair's path is just one
    more curve. A dot with several free sides has a unique place in the
    island's order only when no other spanning dot's side lies between its
    sides; when a dot's place is ambiguous the island is not used (sound, not
    complete).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from flowbot.models import Cell, Puzzle

# Clockwise on screen (rows grow downwards): up, right, down, left.
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def boundary_order_conflict(puzzle: Puzzle) -> str | None:
    """Why the dots' order around a boundary makes the puzzle unsolvable, or ``None``.

    ``None`` proves nothing; a reason is a proof (see the module docstring).

    >>> boundary_order_conflict(Puzzle.from_grid(["A.B", "...", "B.A"]))
    "pairs 'A' and 'B' cross on the board's border"
    >>> boundary_order_conflict(Puzzle.from_grid(["A.B", "...", "A.B"])) is None
    True
    """
    if puzzle.rows < 2 or puzzle.cols < 2:
        return None  # a single row or column: no disk, nothing to say
    position = _border_positions(puzzle.rows, puzzle.cols)
    reason = _border_crossing(puzzle, position)
    if reason is not None:
        return reason
    return _island_order(puzzle, position)


def _border_positions(rows: int, cols: int) -> dict[Cell, int]:
    """Each border cell's place along the border cycle, clockwise from the top left."""
    cycle = [Cell(0, c) for c in range(cols)]
    cycle += [Cell(r, cols - 1) for r in range(1, rows)]
    cycle += [Cell(rows - 1, c) for c in range(cols - 2, -1, -1)]
    cycle += [Cell(r, 0) for r in range(rows - 2, 0, -1)]
    return {cell: i for i, cell in enumerate(cycle)}


def _on_border(cell: Cell, rows: int, cols: int) -> bool:
    return cell.row in (0, rows - 1) or cell.col in (0, cols - 1)


def _border_crossing(puzzle: Puzzle, position: dict[Cell, int]) -> str | None:
    chords = []
    for pair in puzzle.pairs:
        if pair.a in position and pair.b in position:
            lo, hi = sorted((position[pair.a], position[pair.b]))
            chords.append((lo, hi, pair.label))
    chords.sort()
    for i, (lo1, hi1, label1) in enumerate(chords):
        for lo2, hi2, label2 in chords[i + 1 :]:
            if lo2 > hi1:
                break  # sorted by lo: no later chord starts inside this one
            if lo1 < lo2 < hi1 < hi2:
                return f"pairs {label1!r} and {label2!r} cross on the board's border"
    return None


def _island_order(puzzle: Puzzle, position: dict[Cell, int]) -> str | None:
    rows, cols = puzzle.rows, puzzle.cols
    pair_of = {cell: k for k, pair in enumerate(puzzle.pairs) for cell in (pair.a, pair.b)}
    # A spanning pair: one dot on the border, the other (then off it) in the middle.
    spanning: dict[Cell, int] = {}
    for k, pair in enumerate(puzzle.pairs):
        for inner, outer in ((pair.a, pair.b), (pair.b, pair.a)):
            if outer in position and inner not in position:
                spanning[inner] = k
    seen: set[Cell] = set()
    for start in spanning:
        if start in seen:
            continue
        island = _component(start, pair_of)
        seen |= island
        members = [spanning[c] for c in island if c in spanning]
        if len(members) < 3 or any(_on_border(c, rows, cols) for c in island):
            continue  # two or fewer pairs: every cyclic order is the same one
        around = _outline_order(island, spanning, rows, cols)
        if around is None or set(around) != set(members):
            continue  # not a disk, an ambiguous place, or a dot walled in by others
        along = sorted(members, key=lambda k: position[_outer_dot(puzzle, k, position)])
        if not _same_cycle(along, around):
            labels = ", ".join(repr(puzzle.pairs[k].label) for k in along)
            return (
                f"pairs {labels} meet the border and the island of dots at "
                f"{tuple(start)} in different cyclic orders"
            )
    return None


def _outer_dot(puzzle: Puzzle, k: int, position: dict[Cell, int]) -> Cell:
    pair = puzzle.pairs[k]
    return pair.a if pair.a in position else pair.b


def _component(start: Cell, dots: dict[Cell, int]) -> set[Cell]:
    """The 4-connected block of dot cells holding ``start``."""
    block = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in _STEPS:
            n = Cell(r + dr, c + dc)
            if n in dots and n not in block:
                block.add(n)
                todo.append(n)
    return block


def _outline_order(
    island: set[Cell], spanning: dict[Cell, int], rows: int, cols: int
) -> list[int] | None:
    """The spanning pairs in clockwise order around the island, or ``None``.

    ``None`` when the island is not a disk (a hole or a pinch) or when some
    spanning dot's place in the order is ambiguous.
    """
    r0 = min(c.row for c in island) - 1
    c0 = min(c.col for c in island) - 1
    h = max(c.row for c in island) - r0 + 2
    w = max(c.col for c in island) - c0 + 2
    mask = np.zeros((h, w), dtype=bool)  # a frame of free cells all around
    for cell in island:
        mask[cell.row - r0, cell.col - c0] = True
    windows = np.stack([mask[:-1, :-1], mask[:-1, 1:], mask[1:, :-1], mask[1:, 1:]])
    diagonal = (windows[0] & windows[3] & ~windows[1] & ~windows[2]) | (
        windows[1] & windows[2] & ~windows[0] & ~windows[3]
    )
    if diagonal.any() or not _free_connected(mask):
        return None
    # Directed sides with the island on the right, between lattice corners:
    # walking them corner to corner goes clockwise round the outline.
    nxt: dict[tuple[int, int], tuple[tuple[int, int], Cell]] = {}
    for cell in island:
        r, c = cell.row, cell.col
        corners = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
        for d, (dr, dc) in enumerate(_STEPS):
            if Cell(r + dr, c + dc) not in island:
                nxt[corners[d]] = (corners[(d + 1) % 4], cell)
    first = next(iter(nxt))
    order: list[int] = []
    corner, steps = first, 0
    while True:
        corner, cell = nxt[corner]
        steps += 1
        if cell in spanning:
            order.append(spanning[cell])
        if corner == first:
            break
    if steps != len(nxt):
        return None  # pragma: no cover - a disk has one outline
    return _collapse(order)


def _free_connected(mask: np.ndarray) -> bool:
    """True when the free cells of the framed window are one 4-connected region."""
    h, w = mask.shape
    free = {(r, c) for r in range(h) for c in range(w) if not mask[r, c]}
    todo = [(0, 0)]
    reached = {(0, 0)}
    while todo:
        r, c = todo.pop()
        for dr, dc in _STEPS:
            n = (r + dr, c + dc)
            if n in free and n not in reached:
                reached.add(n)
                todo.append(n)
    return len(reached) == len(free)


def _collapse(order: list[int]) -> list[int] | None:
    """Merge each run of one pair (cyclically); ``None`` if a pair is left twice."""
    runs = [k for i, k in enumerate(order) if k != order[i - 1]] if order else []
    if not runs and order:
        runs = [order[0]]
    if len(set(runs)) != len(runs):
        return None
    return runs


def _same_cycle(a: Sequence[int], b: Sequence[int]) -> bool:
    """True when two sequences of the same items are one cyclic order."""
    if len(a) != len(b) or set(a) != set(b):
        return False
    shift = list(b).index(a[0])
    return list(a) == list(b[shift:]) + list(b[:shift])
