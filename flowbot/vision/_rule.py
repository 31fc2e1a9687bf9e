"""What a refusal rule is, and what the rules look at.

A rule refuses one kind of screen the reader must not read (a shaped board,
a pipe drawn, text over a cell, ...): it raises ``UnsureReadingError`` with
its reason, or passes. Each rule is a ``Rule`` next to the code it runs, and
``_rules.py`` lists them all in the order they run. A rule's texts live in
its ``Rule`` alone: ``python3 docs/rule_tables.py`` writes its row in
``docs/vision.md`` from them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, TypeVar

import numpy as np

from flowbot.models import BoardGeometry, Cell
from flowbot.vision._board_edge_colours import EdgeColours
from flowbot.vision._border_sides import Border, border_of
from flowbot.vision._cells import CellSamples
from flowbot.vision._grid import run_on_past
from flowbot.vision._lattice import Lattice, LineMaps
from flowbot.vision._past_border import RunOn
from flowbot.vision._types import NO_FEATURES, Features, Settings

Seen = TypeVar("Seen")


@dataclass(frozen=True, slots=True)
class Rule(Generic[Seen]):
    """One refusal rule; ``check`` raises ``UnsureReadingError`` to refuse what it sees."""

    #: Short name, as in docs/vision.md's table (written by docs/rule_tables.py).
    name: str
    #: What it refuses.
    refuses: str
    #: Why, in a sentence or two.
    why: str
    #: The bounds it uses, with what they were measured on.
    bounds: str
    #: The reason the refusal gives (its start, where it names a cell or side; several
    #: kinds of refusal apart by " / ").
    reason: str
    check: Callable[[Seen], None]


@dataclass(frozen=True)
class Grid:
    """A candidate grid as the board rules see it, found in a copy shrunk ``factor`` times.

    ``others``: the other grids found in that copy. The measurements more
    than one rule uses are made once, when first asked for.
    """

    lattice: Lattice
    maps: LineMaps
    image: np.ndarray
    factor: int
    settings: Settings
    others: list[Lattice]

    @cached_property
    def edges(self) -> EdgeColours:
        """The colours across the grid's edges at full resolution."""
        return EdgeColours(self.lattice, self.image, self.factor)

    @cached_property
    def run_on(self) -> dict[str, RunOn]:
        """How the lines crossing each border look past it."""
        return run_on_past(self.lattice, self.image, self.factor)


@dataclass(frozen=True)
class Cells:
    """A board placed at full resolution, its cells sampled and its dots read.

    What the dot rules and the cell rules see; ``features``: what the board
    holds besides cells and dots (holes are neither dots nor empty cells, and
    no pipe crosses a wall or enters a hole). Its border is measured once,
    when first asked for (as ``Grid``'s measurements).
    """

    image: np.ndarray
    geometry: BoardGeometry
    samples: CellSamples
    dots: set[Cell]
    settings: Settings
    features: Features = NO_FEATURES
    #: Cells a drawn pipe covers (its dots apart): no empty cells (``_pipes``).
    piped: frozenset[Cell] = frozenset()
    #: Dots a drawn flow runs from: their rings hidden as the ground (``Pipes.hidden``).
    pipe_dots: frozenset[Cell] = frozenset()

    @cached_property
    def border(self) -> Border:
        """The board's border and thin lines (``border_of``): the cell rules on an outline
        all round and the reader's border checks after them look at the same one."""
        return border_of(self.image, self.geometry)
