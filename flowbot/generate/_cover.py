"""Random covers of a board's cells by a fixed number of paths (the hidden solutions).

The board is a graph (``Graph``): one node per cell, except a bridge cell,
which is two nodes, one per passage, each stepping only straight across. A
cover is drawn in two steps:

1. **A greedy start.** Paths are grown one after the other from free cells,
   each step to the free neighbour with the fewest free neighbours left (so
   no cell is cut off), never beside the path itself when touching is
   forbidden. The start has every cell covered but not the wanted number of
   paths, and may have paths that are too short.
2. **A Markov chain of local moves** mixes it: a path's end ``e`` takes a
   neighbour ``n`` on another path, which is cut at ``n`` and one half joins
   ``e``; with touching allowed, an end may also "backbite" its own path.
   While there are too many paths two whose ends meet are joined; while there
   are too few the longest is split. When touching is forbidden it is a hard
   rule, checked locally for each move (only the cells that move can start
   touching), so every state keeps it *by construction*: nothing is rejected
   at the end. The soft rules (paths long enough, dots not side by side or
   closer than asked, no path ending inside a bridge) are an energy that the
   chain lowers Metropolis-style at a low temperature, until it is zero.
   With ``most_slack`` a path taking many more steps than its dots lie
   apart (winding, folding round other paths) is one more soft rule.

Everything random comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

#: Chain moves per cell before the energy is looked at: enough to forget the start.
MIXING_MOVES_PER_CELL = 10
#: Further moves per cell allowed for reaching zero energy before giving up on a start.
SETTLING_MOVES_PER_CELL = 150
#: Metropolis temperature: an uphill move by one unit is taken about 4% of the time.
_TEMPERATURE = 0.3
#: How often (in moves) the chain looks at the clock.
_CLOCK_EVERY = 2048
#: With ``total_slack``: moves per cell before a cover is taken (from a start
#: of straight rows, far from random), the temperature (each step of slack a
#: unit of energy: warm enough that paths bend), and how often (in moves) the
#: chain looks whether the rules are met.
STRAIGHT_MIXING_MOVES_PER_CELL = 60
_STRAIGHT_TEMPERATURE = 1.5
_SETTLED_EVERY = 64


class OutOfTimeError(Exception):
    """The deadline passed while drawing a cover."""


@dataclass(frozen=True, slots=True)
class Graph:
    """A board as the chain sees it.

    ``step[v]``: the nodes a path may go to from ``v``; ``touch[v]``: the
    nodes beside ``v`` (a path holding ``v`` and one of these, not one after
    the other, runs beside itself); ``passage[v]``: ``v`` is one passage of a
    bridge (never a path's end); ``distance(u, v)``: how far apart two nodes'
    cells lie on the lattice.
    """

    step: tuple[tuple[int, ...], ...]
    touch: tuple[tuple[int, ...], ...]
    passage: tuple[bool, ...]
    distance: Callable[[int, int], int]

    @property
    def size(self) -> int:
        return len(self.step)


class CoverChain:
    """Draws covers of ``graph`` by ``colours`` paths under the rules asked for."""

    def __init__(
        self,
        graph: Graph,
        colours: int,
        *,
        no_touch: bool,
        min_len: int,
        gap: int,
        most_slack: float | None = None,
        total_slack: int | None = None,
    ) -> None:
        self.graph, self.colours = graph, colours
        self.no_touch, self.min_len, self.gap = no_touch, min_len, gap
        self.most_slack = most_slack
        self.total_slack = total_slack
        self.temperature = _TEMPERATURE if total_slack is None else _STRAIGHT_TEMPERATURE
        mixing = MIXING_MOVES_PER_CELL if total_slack is None else STRAIGHT_MIXING_MOVES_PER_CELL
        self.mixing = mixing * graph.size
        self.settling = SETTLING_MOVES_PER_CELL * graph.size

    # --- energy ---------------------------------------------------------

    def energy(self, path: list[int]) -> int:
        """How far one path is from the soft rules (0: it keeps them all).

        With ``total_slack`` every step of slack counts (the chain keeps the
        cover's paths as straight as it can), but only the other rules must
        be met: a cover is taken once the paths' slack adds up to at most
        ``total_slack``.
        """
        if self.total_slack is not None:
            return self.rules(path) + slack(self.graph, path)
        return self.rules(path)

    def rules(self, path: list[int]) -> int:
        """``energy`` without ``total_slack``'s term."""
        g = self.graph
        a, b = path[0], path[-1]
        energy = max(0, self.min_len - len(path)) + g.passage[a] + (len(path) > 1 and g.passage[b])
        if len(path) > 2 and b in g.step[a]:
            energy += 1  # a colour's two dots side by side
        if self.gap:
            energy += max(0, self.gap - g.distance(a, b))
        if self.most_slack is not None:
            energy += max(0, slack(g, path) - int(self.most_slack * len(path)))
        return energy

    def _beside(
        self, moving: list[int], owner: list[int], path: int, allowed: tuple[int, int]
    ) -> bool:
        """True when a cell of ``moving`` lies beside ``path`` other than across ``allowed``."""
        touch = self.graph.touch
        for x in moving:
            for y in touch[x]:
                if owner[y] == path and (x, y) != allowed:
                    return True
        return False

    # --- the start ------------------------------------------------------

    def start(self, rng: random.Random) -> list[list[int]]:
        """A greedy cover: every node on one path, paths of any length and number."""
        g = self.graph
        free = [True] * g.size
        free_degree = [len(s) for s in g.step]
        owner = [-1] * g.size
        paths: list[list[int]] = []

        def take(v: int, k: int) -> None:
            free[v] = False
            owner[v] = k
            for n in g.step[v]:
                free_degree[n] -= 1

        def fits(v: int, k: int, end: int) -> bool:
            if not free[v]:
                return False
            if self.no_touch:
                return all(owner[y] != k or y == end for y in g.touch[v])
            return True

        def grow(path: list[int], k: int) -> None:
            while True:
                end = path[-1]
                options = []
                for v in g.step[end]:
                    if not fits(v, k, end):
                        continue
                    if g.passage[v]:
                        # A bridge passage goes straight on: take its far side with it.
                        (after,) = (w for w in g.step[v] if w != end)
                        if not fits(after, k, v):
                            continue
                    options.append(v)
                if not options:
                    return
                if len(path) >= length:
                    return
                fewest = min(free_degree[v] for v in options)
                if fewest > 1:  # no cell about to be cut off: wander at random
                    v = rng.choice(options)
                else:
                    v = rng.choice([v for v in options if free_degree[v] == fewest])
                path.append(v)
                take(v, k)
                if g.passage[v]:
                    (after,) = (w for w in g.step[v] if w != end)
                    path.append(after)
                    take(after, k)

        # Paths about as long as wanted (the chain does the rest), never too short.
        length = max(self.min_len, g.size // self.colours)
        order = list(range(g.size))
        rng.shuffle(order)
        order.sort(key=lambda v: (g.passage[v], free_degree[v]))
        for v in order:
            if not free[v]:
                continue
            k = len(paths)
            path = [v]
            take(v, k)
            grow(path, k)
            path.reverse()
            grow(path, k)
            paths.append(path)
        return paths

    # --- the chain ------------------------------------------------------

    def sample(
        self, rng: random.Random, deadline: float | None, start: list[list[int]] | None = None
    ) -> list[list[int]] | None:
        """One cover with zero energy and ``colours`` paths, or ``None`` if the chain stuck.

        The chain starts from ``start`` (a cover of every node) if given, else
        from a greedy cover.
        """
        first = self.start(rng) if start is None else [list(p) for p in start]
        return self._run(first, rng, deadline, self.mixing)

    def _settled(self, paths: list[list[int]], total: int, move: int) -> bool:
        """With ``total_slack``: the rules met and the slack within it (looked at now and
        then). ``total`` is the paths' energy, their rules' and slack's: with the rules met
        it is their slack alone."""
        if self.total_slack is None or total > self.total_slack or move % _SETTLED_EVERY:
            return False
        return not any(self.rules(p) for p in paths)

    def cuts(self, paths: list[list[int]], focus: set[int]) -> list[tuple[int, int]]:
        """Where a path may be cut in two (a new pair of dots) at ``focus``: ``(path, step)``,
        step ``j`` between ``paths[i][j - 1]`` and ``paths[i][j]``.

        The steps into or out of ``focus``; those with both ends in it where
        there are any.
        """
        cuts = self._cuts(paths, lambda path, j: path[j - 1] in focus or path[j] in focus)
        inside = [(i, j) for i, j in cuts if paths[i][j - 1] in focus and paths[i][j] in focus]
        return inside or cuts

    def straightening_cuts(self, paths: list[list[int]]) -> list[tuple[int, int]]:
        """The cuts (as ``cuts``) that take the most slack out of the cover.

        Cutting path ``a..x y..b`` between ``x`` and ``y`` takes
        ``1 + d(a, x) + d(y, b) - d(a, b)`` steps of slack out of it: a cut
        where a path turns back on itself takes the most freedom away.
        """
        d = self.graph.distance
        gains = {
            (i, j): d(paths[i][0], paths[i][j - 1]) + d(paths[i][j], paths[i][-1])
            - d(paths[i][0], paths[i][-1])
            for i, j in self._cuts(paths)
        }  # fmt: skip
        most = max(gains.values(), default=0)
        return [cut for cut, gain in gains.items() if gain == most]

    def _cuts(
        self,
        paths: list[list[int]],
        where: Callable[[list[int], int], bool] = lambda path, j: True,
    ) -> list[tuple[int, int]]:
        """Every cut ``where`` asks for that leaves both pieces within the soft rules."""
        # Two cells a piece at least: the cut's two cells were no dots before.
        # (``where`` first: the pieces' energy is the costly test.)
        return [
            (i, j)
            for i, path in enumerate(paths)
            for j in range(2, len(path) - 1)
            if where(path, j) and not self.rules(path[:j]) and not self.rules(path[j:])
        ]

    @staticmethod
    def cut(paths: list[list[int]], i: int, j: int) -> list[list[int]]:
        """``paths`` with path ``i`` cut before its ``j``-th node."""
        return [p for m, p in enumerate(paths) if m != i] + [paths[i][:j], paths[i][j:]]

    def _run(
        self,
        paths: list[list[int]],
        rng: random.Random,
        deadline: float | None,
        mixing: int,
    ) -> list[list[int]] | None:
        g, k = self.graph, self.colours
        owner = [-1] * g.size
        for i, p in enumerate(paths):
            for v in p:
                owner[v] = i
        energy = [self.energy(p) for p in paths]
        total = sum(energy)
        for move in range(mixing + self.settling):
            if move % _CLOCK_EVERY == 0 and deadline is not None and time.monotonic() > deadline:
                raise OutOfTimeError
            count = len(paths)
            if count == k and move >= mixing and (total == 0 or self._settled(paths, total, move)):
                return paths
            if count < k:
                if max(len(p) for p in paths) < 2:
                    return None  # more paths wanted than there are cells
                total += self._split(paths, energy, owner, rng)
                continue
            i = rng.randrange(count)
            path = paths[i] if rng.random() < 0.5 else paths[i][::-1]
            n = rng.choice(g.step[path[-1]])
            q = owner[n]
            new: dict[int, list[int]]
            if q == i:
                if self.no_touch:
                    continue  # n beside the end would already be touching
                j = path.index(n)
                if j == len(path) - 2:
                    continue
                new = {i: path[: j + 1] + path[:j:-1]}
            else:
                other = paths[q]
                j = other.index(n)
                if count > k and (j == 0 or j == len(other) - 1) and rng.random() < 0.5:
                    taken, kept = (other if j == 0 else other[::-1]), []
                elif rng.random() < 0.5:
                    taken, kept = other[j:], other[:j]
                else:
                    taken, kept = other[j::-1], other[j + 1 :]
                if not kept and count <= k:
                    continue
                if self.no_touch and self._beside(taken, owner, i, (n, path[-1])):
                    continue
                new = {i: path + taken}
                if kept:
                    new[q] = kept
            change = {m: self.energy(p) for m, p in new.items()}
            delta = sum(change.values()) - energy[i] - (energy[q] if q != i else 0)
            if delta > 0 and rng.random() >= math.exp(-delta / self.temperature):
                continue
            for m, p in new.items():
                paths[m] = p
                energy[m] = change[m]
                for v in p:
                    owner[v] = m
            if q != i and q not in new:
                self._drop(paths, energy, owner, q)
            total += delta
        return None

    def _split(
        self, paths: list[list[int]], energy: list[int], owner: list[int], rng: random.Random
    ) -> int:
        """Cut the longest path in two; the energy change."""
        i = max(range(len(paths)), key=lambda m: len(paths[m]))
        path = paths[i]
        low = min(self.min_len, len(path) // 2)
        cut = rng.randint(max(1, low), len(path) - max(1, low))
        first, second = path[:cut], path[cut:]
        paths[i] = first
        paths.append(second)
        for v in second:
            owner[v] = len(paths) - 1
        before = energy[i]
        energy[i] = self.energy(first)
        energy.append(self.energy(second))
        return energy[i] + energy[-1] - before

    @staticmethod
    def _drop(paths: list[list[int]], energy: list[int], owner: list[int], q: int) -> None:
        """Remove the (now empty) path ``q``, moving the last path into its place."""
        last = len(paths) - 1
        if q != last:
            paths[q] = paths[last]
            energy[q] = energy[last]
            for v in paths[q]:
                owner[v] = q
        paths.pop()
        energy.pop()


def slack(graph: Graph, path: list[int]) -> int:
    """How many more steps ``path`` takes than its two ends lie apart on the lattice."""
    return len(path) - 1 - graph.distance(path[0], path[-1])
