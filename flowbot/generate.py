"""Random Flow Free puzzles with a known (hidden) solution.

How a puzzle is made
--------------------
1. **A random path cover.** The board is cut into ``colours`` paths that
   fill it: a snake through every cell, cut into equal pieces, then shuffled
   by a Markov chain of endpoint moves. A move takes a path's end ``e`` and a
   neighbour ``n`` of it: when ``n`` lies on the same path the path is
   "backbitten" (joined to ``n``, the loop it closes opened on the other side);
   when ``n`` lies on another path, that path is cut at ``n`` and one of its
   halves joins ``e``. Every state is a valid cover with the same number of
   paths, each of at least ``min(3, cells // colours)`` cells.
2. **Constraints as energy.** Self-touching cells (``Solution.touches_itself``)
   and dots closer than ``min_distance`` count as energy; the chain accepts
   moves Metropolis-style at a low temperature and runs until the energy is 0.
3. **The puzzle** keeps each path's two ends as the dots, in the canonical form
   (pairs in reading order, labels A, B, C, ...); the cover is its solution.
4. **Uniqueness** (``unique=True``) is then checked by counting the puzzle's
   solutions up to 2 with the default solver (``flowbot.solve.count_solutions``),
   exactly and under the game's full rules; a puzzle with a second solution is
   thrown away and a new cover drawn. So is one whose count did not finish
   within ``unique_timeout`` seconds (open boards can make counting slow):
   not proven unique is not unique.

A path that runs beside itself nearly always leaves room for a second
solution, so unique puzzles are always drawn from non-touching covers (with
touching allowed, 0 of 50 random 10x10 covers with 9 colours were unique;
without, about half). ``no_touch`` therefore changes only non-unique puzzles.

Everything random comes from one ``random.Random(seed)``: the same seed gives
the same puzzle on every machine and Python version that keeps ``random``'s
documented reproducibility.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass

from flowbot.errors import InputError
from flowbot.models import Cell, Pair, Puzzle, Solution
from flowbot.solve import count_solutions

__all__ = ["MAX_COLOURS", "GeneratedPuzzle", "generate"]

log = logging.getLogger(__name__)

#: One-character labels exist for this many colours (A-Z, a-z, 0-9).
MAX_COLOURS = 62

#: Chain moves per cell before the energy is looked at: enough to forget the snake.
_MIXING_MOVES_PER_CELL = 10
#: Further moves per cell allowed for reaching zero energy before starting over.
_SETTLING_MOVES_PER_CELL = 150
#: Give up after this many covers in a row that never reached zero energy:
#: the constraints are then (nearly) impossible, e.g. one non-touching path
#: filling a large board.
_MOST_UNSETTLED = 20
#: Metropolis temperature: an uphill move by one unit is taken about 4% of the time.
_TEMPERATURE = 0.3


@dataclass(frozen=True, slots=True)
class GeneratedPuzzle:
    """A generated puzzle and the solution it was made from."""

    puzzle: Puzzle
    solution: Solution


def generate(
    rows: int,
    cols: int,
    colours: int,
    *,
    unique: bool = False,
    no_touch: bool = False,
    min_distance: int = 0,
    seed: int | None = None,
    max_attempts: int = 200,
    unique_timeout: float = 10.0,
) -> GeneratedPuzzle:
    """A random ``rows`` x ``cols`` puzzle with ``colours`` pairs and its hidden solution.

    Parameters
    ----------
    rows, cols
        Board size.
    colours
        Number of pairs, from 1 to ``min(rows * cols // 2, 62)``.
    unique
        Guarantee exactly one solution under the game's full rules (paths may
        touch themselves), proved by the default solver's exact count.
    no_touch
        No path of the hidden solution runs beside itself.
    min_distance
        Each pair's two dots are at least this far apart (Manhattan distance).
    seed
        Seed of the one random generator used; ``None`` draws a fresh one.
    max_attempts
        Covers to try before giving up on the request (fewer when 20 covers
        in a row cannot meet ``no_touch`` / ``min_distance``).
    unique_timeout
        Seconds the uniqueness count of one puzzle may take; a puzzle whose
        count does not finish in time is rejected like a non-unique one.

    Returns
    -------
    GeneratedPuzzle
        The canonical puzzle and its validated hidden solution.

    Raises
    ------
    InputError
        The request is impossible (bad size, colour count or distance), or no
        puzzle meeting it was found in ``max_attempts`` tries.

    Examples
    --------
    >>> made = generate(4, 4, 3, seed=7)
    >>> len(made.puzzle.pairs), made.solution.puzzle == made.puzzle
    (3, True)
    >>> generate(4, 4, 3, seed=7) == made
    True
    """
    _check_request(rows, cols, colours, min_distance, max_attempts)
    if not unique_timeout >= 0:
        raise InputError(f"the uniqueness timeout must be 0 or more seconds, got {unique_timeout}")
    rng = random.Random(seed)
    sampler = _CoverSampler(rows, cols, colours, no_touch=no_touch or unique, gap=min_distance)
    unsettled = 0
    for attempt in range(1, max_attempts + 1):
        paths = sampler.sample(rng)
        if paths is None:
            log.debug("attempt %d: the chain did not settle", attempt)
            unsettled += 1
            if unsettled == _MOST_UNSETTLED:
                break
            continue
        unsettled = 0
        made = _as_generated(rows, cols, paths)
        if unique and not _is_unique(made.puzzle, unique_timeout):
            log.debug("attempt %d: not proven unique", attempt)
            continue
        log.debug("generated %s with %d colours in %d attempts", made.puzzle.size, colours, attempt)
        return made
    wanted = ", ".join(
        part
        for part, on in (
            ("unique", unique),
            ("no touching", no_touch),
            (f"dots at least {min_distance} apart", min_distance > 0),
        )
        if on
    )
    plural = "s" * (colours != 1)
    raise InputError(
        f"no {rows}x{cols} puzzle with {colours} colour{plural}{', ' + wanted if wanted else ''} "
        f"found in {attempt} attempts; ask for something easier"
    )


def _check_request(rows: int, cols: int, colours: int, min_distance: int, attempts: int) -> None:
    if rows < 1 or cols < 1:
        raise InputError(f"board must be at least 1x1, got {rows}x{cols}")
    if colours < 1:
        raise InputError(f"need at least 1 colour, got {colours}")
    most = min(rows * cols // 2, MAX_COLOURS)
    if colours > most:
        raise InputError(
            f"a {rows}x{cols} board holds at most {most} colours (two cells each, "
            f"{MAX_COLOURS} labels), got {colours}"
        )
    if min_distance < 0:
        raise InputError(f"minimum distance must be 0 or more, got {min_distance}")
    if min_distance > rows + cols - 2:
        raise InputError(
            f"no two cells of a {rows}x{cols} board are {min_distance} apart "
            f"(at most {rows + cols - 2})"
        )
    if attempts < 1:
        raise InputError(f"need at least 1 attempt, got {attempts}")


def _is_unique(puzzle: Puzzle, timeout: float) -> bool:
    counted = count_solutions(puzzle, 2, timeout=timeout)
    return counted.count == 1 and counted.exact  # a count cut short proves nothing


def _as_generated(rows: int, cols: int, paths: list[list[int]]) -> GeneratedPuzzle:
    """The canonical puzzle of a cover (cells numbered ``row * cols + col``) and its solution."""
    oriented = sorted(p if p[0] < p[-1] else p[::-1] for p in paths)
    cell_paths = tuple(tuple(Cell(*divmod(i, cols)) for i in p) for p in oriented)
    numbered = Puzzle(
        rows, cols, tuple(Pair(str(i), p[0], p[-1]) for i, p in enumerate(cell_paths))
    )
    # canonical() orders pairs by their first dot, the order ``oriented`` has.
    puzzle = numbered.canonical()
    solution = Solution(puzzle, cell_paths)
    solution.validate()
    return GeneratedPuzzle(puzzle, solution)


class _CoverSampler:
    """The Markov chain over covers of a board by a fixed number of paths."""

    def __init__(self, rows: int, cols: int, colours: int, *, no_touch: bool, gap: int) -> None:
        self.rows, self.cols, self.colours = rows, cols, colours
        self.no_touch = no_touch
        self.gap = gap
        cells = rows * cols
        self.min_len = min(3, cells // colours)
        self.neighbours = [self._around(i) for i in range(cells)]
        self.mixing = _MIXING_MOVES_PER_CELL * cells
        self.settling = _SETTLING_MOVES_PER_CELL * cells

    def _around(self, i: int) -> list[int]:
        r, c = divmod(i, self.cols)
        out = []
        if r > 0:
            out.append(i - self.cols)
        if c > 0:
            out.append(i - 1)
        if c + 1 < self.cols:
            out.append(i + 1)
        if r + 1 < self.rows:
            out.append(i + self.cols)
        return out

    def _energy(self, path: list[int]) -> int:
        """Self-touching neighbour pairs (when forbidden) plus the dots' distance shortfall."""
        energy = 0
        if self.gap:
            (r0, c0), (r1, c1) = divmod(path[0], self.cols), divmod(path[-1], self.cols)
            energy += max(0, self.gap - abs(r0 - r1) - abs(c0 - c1))
        if self.no_touch:
            index = {cell: k for k, cell in enumerate(path)}
            for k, cell in enumerate(path):
                for n in self.neighbours[cell]:
                    if index.get(n, k) > k + 1:
                        energy += 1
        return energy

    def sample(self, rng: random.Random) -> list[list[int]] | None:
        """One cover with zero energy, or ``None`` when the chain did not get there."""
        rows, cols, k = self.rows, self.cols, self.colours
        snake = [
            r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)
        ]
        cuts = [round(i * len(snake) / k) for i in range(k + 1)]
        paths = [snake[cuts[i] : cuts[i + 1]] for i in range(k)]
        owner = [0] * len(snake)
        for i, path in enumerate(paths):
            for cell in path:
                owner[cell] = i
        energy = [self._energy(p) for p in paths]
        total = sum(energy)
        for move in range(self.mixing + self.settling):
            if total == 0 and move >= self.mixing:
                return paths
            i = rng.randrange(k)
            path = paths[i] if rng.random() < 0.5 else paths[i][::-1]
            n = rng.choice(self.neighbours[path[-1]])
            q = owner[n]
            if q == i:
                # Backbite: join the end to n and reverse what lay beyond n.
                j = path.index(n)
                if j == len(path) - 2:
                    continue
                new = {i: path[: j + 1] + path[:j:-1]}
            else:
                other = paths[q]
                j = other.index(n)
                taken, kept = (
                    (other[j:], other[:j]) if rng.random() < 0.5 else (other[j::-1], other[j + 1 :])
                )
                if len(kept) < self.min_len:
                    continue
                new = {i: path + taken, q: kept}
            change = {m: self._energy(p) for m, p in new.items()}
            delta = sum(change[m] - energy[m] for m in new)
            if delta > 0 and rng.random() >= math.exp(-delta / _TEMPERATURE):
                continue
            for m, p in new.items():
                paths[m] = p
                energy[m] = change[m]
                for cell in p:
                    owner[cell] = m
            total += delta
        return paths if total == 0 else None
