"""Random Flow Free puzzles with a known (hidden) solution, on every kind of board.

How a puzzle is made
--------------------
1. **The board** (``_board``): its lattice (square or hexagonal cells) and
   the features that shape a solution, drawn at random: holes (small blobs,
   mostly eating the outline, the rest of the board kept in one piece, every
   border row and column keeping a cell: the game draws one of holes only as
   nothing, ``Puzzle.as_drawn``),
   bridges (inner cells two flows cross) and warps (links joining the two ends
   of a row or column).
2. **A random path cover** of its cells (``_cover``): a greedy start mixed by
   a Markov chain of endpoint moves. By default it is *game-like*, as the
   game's own levels are: no path runs beside itself and no colour's two dots
   sit side by side. Paths that never touch themselves are kept so by
   construction (each move is checked where it changes the board), so even a
   60x60 board takes seconds, not minutes.
3. **The puzzle** keeps each path's two ends as its dots (canonical form:
   pairs in reading order, labels A, B, C, ...); the cover is its solution.
   Walls are then put between cells the solution does not step between, and
   warps no path uses are dropped.
4. **Uniqueness** (``unique=True``) is proved under the game's full rules
   (paths may touch). A second solution is looked for first in windows of
   the board (``_unique``: 7x7, then 11x11, each a board of a few pairs,
   solved in milliseconds; one found there is a second solution of the whole
   puzzle), then, once the windows are clean, in every two neighbouring
   paths freed together (a second solution re-routing two long paths round
   each other, which no window holds and the count often misses), then by
   counting the whole board's solutions up to 2 with the solver. A second
   solution is *repaired where it lies* by a change that only ever takes
   solutions away: on a walled board walls across steps only it takes, else
   a cut of a path there into two (a new pair of dots; every solution of the
   cut puzzle, joined again at the cut, is one of the puzzle before). So
   windows once clean stay clean, and each repair is progress.
   The cover is drawn with fewer paths than wanted (``_START_SHARE``) to
   leave room for the cuts, and paths that wind little (``_MOST_SLACK``,
   where the board has room for such paths): what a proof costs grows with
   the freedom a cover leaves. Once the windows are clean the rest of the
   cuts are made but one, each where it takes the most slack out of its
   path, and once the puzzle is proved unique the last, which keeps it
   unique. A count that does not finish within its conflict budget (or in
   time) proves nothing and the cover is given up.
   Big open square boards (``_STRAIGHT_CELLS``) are drawn instead from
   covers whose paths run nearly straight: the chain starts from the board's
   rows (or columns) and counts every step of slack as energy, and a cover
   is taken once the paths' slack adds up to at most ``_MOST_TOTAL_SLACK``.
   Every solution fills every cell, so its paths' slack adds up to the same
   total (``Model.slack_bound``): no winding second solution is left for a
   proof to wade through, and such a cover's count is cheap enough to come
   first, without the windows.

Everything random comes from one ``random.Random(seed)``: the same seed gives
the same puzzle on every machine and Python version that keeps ``random``'s
documented reproducibility.

Long work reports how it is going through the ``progress`` callback (and the
log), and stops at ``timeout``.
"""

from __future__ import annotations

import itertools
import logging
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from flowbot.errors import InputError
from flowbot.generate._board import Board, add_walls, make_board
from flowbot.generate._cover import CoverChain, OutOfTimeError
from flowbot.generate._unique import Region, path_pairs, region_puzzle, window, windows
from flowbot.models import Cell, Link, Puzzle, Shape, Solution, link
from flowbot.solve import solutions

__all__ = [
    "MAX_CELLS",
    "MAX_COLOURS",
    "GeneratedPuzzle",
    "default_colours",
    "generate",
]

log = logging.getLogger(__name__)

#: One-character labels exist for this many colours (A-Z, a-z, 0-9): the
#: grid format, and the canonical form every format writes, need one each.
MAX_COLOURS = 62
#: The biggest board made: 200x200. With at most 62 colours a bigger board's
#: paths run to thousands of cells (nothing like a game's level), and its cover
#: takes minutes.
MAX_CELLS = 40_000

#: Give up after this many covers in a row whose chain never settled: the rules
#: are then (nearly) impossible, e.g. few paths that may not touch themselves
#: filling a large board.
_MOST_UNSETTLED = 5
#: On a walled board, a puzzle with a second solution gets up to this many more
#: walls, across steps only the second solution takes.
_REPAIR_WALLS = 2
#: Windows a second solution is first looked for in, (side, step) from the smallest,
#: and seconds per window. A second solution found in a 7x7 window is found in
#: milliseconds; many that no small window holds lie in a bigger one, found in tens
#: of milliseconds where the whole board's count takes seconds (window-clean 16x16
#: boards with default colours: 5 of 8 have a second solution in some 11x11 window;
#: 20x20 boards clean in those: 2 of 4 in some 14x14 window, found in under a second
#: for all nine, where the whole board's count met 70k and over 500k conflicts;
#: 20x20 boards clean in those: 2 of 6 in some 17x17 window, one of them where the
#: whole board's count met 220k conflicts unfinished). Covers whose paths wind
#: little (``_MOST_SLACK``) leave bigger windows nothing to find: making ten
#: 20x20 boards, 14x14 and 17x17 windows found no second solution in 156 solves
#: (14.6 s in all, against 23 s for the whole boards' counts), 11x11 ones none
#: in 192 (3.6 s), 7x7 ones 6 in 440 (7.1 s); the two biggest are left out.
#: A window fixes what lies outside it, so its search is far smaller than the
#: whole board's. Only windows up to ``_WINDOW_SHARE`` of the board's side are
#: looked at: a bigger one costs about what the whole board does.
_WINDOWS = ((7, 3), (11, 3))
_WINDOW_SHARE = 0.85
#: Cuts tried for one that leaves the window a second solution was found in clean.
_CUT_TRIES = 8
#: Cuts kept for the whole board's count to spend: the others are made before it,
#: once every window is clean (more dots, a cheaper count).
_KEEP = 1
_WINDOW_TIMEOUT = 1.0
#: Without a limit of its own, one whole-board count takes at most 1/3 of the time left.
_COUNT_SHARE = 3
#: Conflicts a whole-board count may take, times the next term of Luby's
#: sequence (1, 1, 2, 1, 1, 2, 4, 1, ...; a step per count cut short). What a
#: proof costs grows steeply with the cover and is spread wide: one 16x16 board
#: took 66k conflicts in Glucose, 652k in MiniSat, while proving that no other
#: solution *without U-turns* exists took 50-200 on every board tried; of ten
#: window-clean 30x30 covers with 29 colours one was proved in 61k conflicts,
#: none other within 400k (five not within 1M, one not within 10M). So a new
#: cover is likelier to pay than a long proof. Doubling the budget after each
#: count cut short (as before) spent two thirds of 180 CPU-s on counts that
#: proved nothing (30x30, seed 0: 4.9M conflicts, 7 covers); Luby's sequence,
#: within a log factor of the best fixed budget whatever the spread (Luby,
#: Sinclair and Zuckerman 1993), still lets a hard size be made in the end. A
#: bound in conflicts, unlike one in seconds, gives the same board on every
#: machine, and a puzzle made so is counted as fast again (``solve --count``).
_COUNT_CONFLICTS = 60_000
#: A unique puzzle's cover has this share of the colours wanted; cuts bring the rest.
#: Fewer paths that wind little (``_MOST_SLACK``) often leave the chain unsettled
#: (20x20: 14 paths 10 of 10 times, 17 paths 1 of 10), each such chain costs
#: seconds, and the windows of such covers need few repairs.
_START_SHARE = 0.85
#: A unique puzzle's paths take at most this share of their length in steps
#: more than their dots lie apart (``_cover.slack``). Proofs of uniqueness cost
#: what a cover leaves free: official 15x15 levels (16 colours) whose paths
#: wind less were proved in fewer conflicts (rank correlation 0.39, the best
#: of the statistics tried), and 20x20 boards with 20 colours whose paths take
#: at most a third more steps were proved in 2.4k-60k conflicts where the
#: unbounded chain's (slack 0.52 steps per cell) ran past 60k on every board.
_MOST_SLACK = 1 / 3

#: Unique square boards of this many cells or more, without holes, bridges or
#: warps, are drawn from covers whose paths' slack (``_cover.slack``) adds up to
#: at most ``_MOST_TOTAL_SLACK`` steps, and their counts are cheap. Every
#: solution fills every cell, so its paths' slack adds up to the same total,
#: ``T``, as the cover's (``Model.slack_bound``): no path of any solution
#: strays further than ``T`` steps from its shortest ways, and the winding
#: second solutions a proof is spent on are gone. Measured on 30x30 boards
#: with 30 colours (2026-11-30): the covers of ``_MOST_SLACK`` had T = 168-186
#: (28 of the 30 colours still allowed on a cell; 0 boards of 10 made within
#: 60 s), covers drawn from straight rows T = 4-18, unique as drawn on 6 of 6,
#: proved in 0-28k conflicts (36k and 79k on the two hardest without the
#: bound); ``generate_speed.py``: 10 of 10 made, median 1.8 s, max 9.1 s.
#: Smaller boards keep the winding covers, whose proofs are cheap already
#: (unique 20x20: median 1.8 s), and whose windows the straight ones skip.
_STRAIGHT_CELLS = 625
_MOST_TOTAL_SLACK = 40

#: Called with a one-line account of long work (a new cover, a count begun...).
Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class GeneratedPuzzle:
    """A generated puzzle and the solution it was made from."""

    puzzle: Puzzle
    solution: Solution


def default_colours(cells: int) -> int:
    """The number of colours a game's level of ``cells`` playable cells has, about.

    The game's square levels have about as many colours as cells along a side
    (5x5: 3 to 6, 9x9: 6 to 10, 14x14: 10 to 16), i.e. the square root of the
    cell count, within 62.

    >>> default_colours(25), default_colours(14 * 14), default_colours(60 * 60)
    (5, 14, 60)
    """
    return max(1, min(MAX_COLOURS, round(math.sqrt(cells)), cells // 3))


def generate(
    rows: int,
    cols: int,
    colours: int | None = None,
    *,
    unique: bool = False,
    touching: bool = False,
    min_distance: int = 0,
    hexagonal: bool = False,
    holes: int = 0,
    walls: int = 0,
    bridges: int = 0,
    warps: int = 0,
    seed: int | None = None,
    max_attempts: int = 200,
    unique_timeout: float | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
) -> GeneratedPuzzle:
    """A random ``rows`` x ``cols`` puzzle with ``colours`` pairs and its hidden solution.

    Parameters
    ----------
    rows, cols
        Board size (at most ``MAX_CELLS`` cells).
    colours
        Number of pairs, from 1 to 62 and a third of the playable cells (half
        with ``touching``); ``None``: ``default_colours`` of the playable cells.
    unique
        Guarantee exactly one solution under the game's full rules (paths may
        touch themselves), proved by the default solver's exact count.
    touching
        Let paths of the hidden solution run beside themselves and a colour's
        two dots sit side by side. Off by default: the game's levels do neither.
        Unique puzzles are always drawn from covers that do not touch, and
        whose paths wind little where the board has room for such paths.
    min_distance
        Each pair's two dots are at least this many steps apart on the lattice.
    hexagonal
        Hexagonal cells (six neighbours, the game's "even-q" columns).
    holes
        Cells cut out of the board (in small blobs, mostly from its outline).
    walls
        Walls between cells the solution does not step between.
    bridges
        Bridge cells (square cells only), each crossed by two flows.
    warps
        Warps tried between the ends of rows or columns (square cells only);
        those no path of the solution steps across are dropped again.
    seed
        Seed of the one random generator used; ``None`` draws a fresh one.
    max_attempts
        Covers to try before giving up.
    unique_timeout
        Seconds one count of the whole board's solutions may take (``None``:
        a third of what ``timeout`` leaves, or no limit); every count also
        stops after a number of conflicts (``_COUNT_CONFLICTS`` times a term of
        Luby's sequence, a step per count cut short). A count that does not
        finish is treated as "not unique".
    timeout
        Seconds for the whole request (``None``: no limit).
    progress
        Called with a one-line account of long work, as it goes.

    Returns
    -------
    GeneratedPuzzle
        The canonical puzzle and its validated hidden solution.

    Raises
    ------
    InputError
        The request is impossible (bad size, colour count or distance), or no
        puzzle meeting it was found in ``max_attempts`` tries or ``timeout``
        seconds; the message says what to change.

    Examples
    --------
    >>> made = generate(4, 4, 3, seed=7)
    >>> len(made.puzzle.pairs), made.solution.puzzle == made.puzzle
    (3, True)
    >>> generate(4, 4, 3, seed=7) == made
    True
    """
    shape = Shape.HEX if hexagonal else Shape.SQUARE
    _check_size(rows, cols)
    for name, value in (("holes", holes), ("walls", walls), ("bridges", bridges), ("warps", warps)):
        if value < 0:
            raise InputError(f"the number of {name} must be 0 or more, got {value}")
    if hexagonal and (bridges or warps):
        raise InputError("bridges and warps need square cells; the game has no hexagonal ones")
    if unique_timeout is not None and not unique_timeout >= 0:
        raise InputError(f"the uniqueness timeout must be 0 or more seconds, got {unique_timeout}")
    if timeout is not None and not 0 <= timeout < 1e9:
        raise InputError(f"the timeout must be 0 or more seconds (and finite), got {timeout}")
    if max_attempts < 1:
        raise InputError(f"need at least 1 attempt, got {max_attempts}")
    if holes >= rows * cols - 1:
        raise InputError(f"a {rows}x{cols} board has room for at most {rows * cols - 2} holes")
    rng = random.Random(seed)
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    request = _Request(rows, cols, colours, unique, touching, min_distance, walls, unique_timeout)

    def say(message: str) -> None:
        log.info("%s", message)
        if progress is not None:
            progress(message)

    board = make_board(rng, rows, cols, shape=shape, holes=holes, bridges=bridges, warps=warps)
    wanted = default_colours(len(list(board.empty.cells()))) if colours is None else colours
    request = replace(request, colours=wanted)
    _check_colours(board, request)

    # A unique puzzle's cover starts with fewer paths (``_unique`` cuts them);
    # where so few cannot fill the board, with more.
    # Big open unique boards: paths nearly as straight as they can be (``_MOST_TOTAL_SLACK``).
    rows_start = (
        unique and shape is Shape.SQUARE and not (holes or bridges or warps)
        and rows * cols >= _STRAIGHT_CELLS and wanted > 1
    )  # fmt: skip
    first = max(1, min(round(wanted * _START_SHARE), wanted - 1)) if unique else wanted
    # Straight covers with fewer paths are rare: one cut to spare.
    start = wanted - 1 if rows_start else first
    straight_misses = 0  # straight covers that did not settle
    # Unique puzzles start from paths that wind little, where the board has room for them.
    straight = unique

    def chain_for(board: Board) -> CoverChain:
        if rows_start:
            return CoverChain(
                board.graph,
                start,
                no_touch=True,
                min_len=3,
                gap=max(min_distance, 0),
                total_slack=_MOST_TOTAL_SLACK,
            )
        return CoverChain(
            board.graph,
            start,
            no_touch=not touching or unique,
            min_len=3 if not touching else min(3, board.graph.size // wanted),
            gap=max(min_distance, 0),
            most_slack=_MOST_SLACK if straight else None,
        )

    chain = chain_for(board)
    budget = _ProofBudget()
    unsettled = 0
    attempt = 0
    try:
        for attempt in range(1, max_attempts + 1):
            say(f"attempt {attempt}: drawing a cover ({_elapsed(started)})")
            paths = chain.sample(rng, deadline, _lines(rng, board) if rows_start else None)
            if paths is None:
                log.debug("attempt %d: the chain did not settle", attempt)
                if rows_start:
                    # Too few colours for straight paths to fill the board (30x30 with
                    # 10, say): after a few misses, paths that wind, as on small boards.
                    straight_misses += 1
                    if straight_misses == _MOST_UNSETTLED:
                        rows_start, start = False, first
                    else:
                        start = min(start + 1, wanted)
                    chain = chain_for(board)
                    continue
                if start < wanted:
                    start += 1
                    chain = chain_for(board)
                    continue
                if straight:  # no room for such straight paths (a small board, few colours)
                    straight, start = False, first
                    chain = chain_for(board)
                    continue
                unsettled += 1
                if unsettled == _MOST_UNSETTLED:
                    break
                if holes:  # the holes may leave no room: try another board
                    board = make_board(rng, rows, cols, shape=shape, holes=holes,
                                       bridges=bridges, warps=warps)  # fmt: skip
                    chain = chain_for(board)
                continue
            unsettled = 0
            solution = board.solution(paths)
            if warps and not solution.puzzle.warps:
                log.debug("attempt %d: no path crosses a warp", attempt)
                continue
            taken = add_walls(rng, solution, walls) if walls else frozenset()
            if unique:
                proved = _unique(rng, board, chain, paths, taken, request, deadline, say, budget,
                                 look_around=chain.total_slack is None)  # fmt: skip
                if proved is None:
                    continue
                solution = proved
            elif taken:
                solution = board.solution(paths, taken)
            puzzle = solution.puzzle
            log.info("generated %s %s, %d colours, in %d attempts (%s)",
                     puzzle.size, puzzle.kind, wanted, attempt, _elapsed(started))  # fmt: skip
            return GeneratedPuzzle(solution.puzzle, solution)
    except OutOfTimeError:
        raise InputError(
            f"no {request.describe()} found in {timeout:g} s ({_attempts(attempt)}); "
            f"{request.hint()}, or allow a longer --timeout"
        ) from None
    if unsettled == _MOST_UNSETTLED:
        rule = "paths that never touch themselves" if not touching or unique else "its rules"
        raise InputError(
            f"no {request.describe()} with {rule} found ({_attempts(attempt)}); {request.hint()}"
        )
    raise InputError(f"no {request.describe()} found in {_attempts(attempt)}; {request.hint()}")


def _lines(rng: random.Random, board: Board) -> list[list[int]]:
    """The board's rows (or, at random, its columns) as straight paths: a start of no slack."""
    empty = board.empty
    across = rng.random() < 0.5
    outer, inner = (empty.rows, empty.cols) if across else (empty.cols, empty.rows)
    return [
        [board.index[Cell(*((i, j) if across else (j, i))), 0] for j in range(inner)]
        for i in range(outer)
    ]


@dataclass(slots=True)
class _ProofBudget:
    """The conflicts the next whole-board count may take (see ``_COUNT_CONFLICTS``)."""

    cut_short: int = 0  # counts that ran out of their budget so far

    @property
    def conflicts(self) -> int:
        return _COUNT_CONFLICTS * _luby(self.cut_short + 1)


def _luby(i: int) -> int:
    """Term ``i`` (from 1) of Luby's sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...

    >>> [_luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    while True:
        k = i.bit_length()  # the smallest k with 2**k - 1 >= i
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


@dataclass(frozen=True, slots=True)
class _Request:
    rows: int
    cols: int
    colours: int | None
    unique: bool
    touching: bool
    min_distance: int
    walls: int
    unique_timeout: float | None

    def describe(self) -> str:
        wanted = ", ".join(
            part
            for part, on in (
                ("unique", self.unique),
                (f"dots at least {self.min_distance} apart", self.min_distance > 0),
            )
            if on
        )
        plural = "s" * (self.colours != 1)
        return (
            f"{self.rows}x{self.cols} puzzle with {self.colours} colour{plural}"
            f"{', ' + wanted if wanted else ''}"
        )

    def hint(self) -> str:
        """What to change for a request that was not met: the likeliest fix first."""
        more = min(MAX_COLOURS, (self.colours or 1) + max(2, (self.colours or 1) // 4))
        ideas = [f"try more colours (--colors {more})"] if more > (self.colours or 0) else []
        if self.min_distance:
            ideas.append("a smaller --min-distance")
        if self.unique:
            ideas.append("--walls" if not self.walls else "more --walls")
        elif not self.touching:
            ideas.append("--touching")
        ideas.append("a smaller board")
        return ", ".join(ideas[:-1]) + " or " + ideas[-1] if len(ideas) > 1 else ideas[0]


def _check_size(rows: int, cols: int) -> None:
    if rows < 1 or cols < 1:
        raise InputError(f"board must be at least 1x1, got {rows}x{cols}")
    if rows * cols > MAX_CELLS:
        raise InputError(
            f"a {rows}x{cols} board is too big: at most {MAX_CELLS} cells (e.g. 200x200), "
            f"as {MAX_COLOURS} colours cannot fill more the way a game's level does"
        )


def _check_colours(board: Board, request: _Request) -> None:
    rows, cols, colours = request.rows, request.cols, request.colours
    assert colours is not None
    if colours < 1:
        raise InputError(f"need at least 1 colour, got {colours}")
    cells = board.graph.size - len(board.empty.bridges)
    per_path = 2 if request.touching else 3
    most = min(cells // per_path, MAX_COLOURS)
    if colours > most:
        why = (
            "two cells each"
            if request.touching
            else "three cells each, as a colour's dots never sit side by side"
        )
        raise InputError(
            f"a {rows}x{cols} board holds at most {most} colours ({why}, "
            f"{MAX_COLOURS} labels), got {colours}"
        )
    if request.min_distance < 0:
        raise InputError(f"minimum distance must be 0 or more, got {request.min_distance}")
    far = max(
        board.graph.distance(0, v) for v in range(board.graph.size)
    ) if board.empty.is_classic else rows + cols - 2  # fmt: skip
    if request.min_distance > rows + cols - 2 or request.min_distance > far:
        raise InputError(
            f"no two cells of a {rows}x{cols} board are {request.min_distance} apart "
            f"(at most {min(far, rows + cols - 2)})"
        )


def _unique(  # noqa: PLR0917 - the state of one request, passed down once
    rng: random.Random,
    board: Board,
    chain: CoverChain,
    paths: list[list[int]],
    walls: frozenset[Link],
    request: _Request,
    deadline: float | None,
    say: Progress,
    budget: _ProofBudget,
    *,
    look_around: bool = True,
) -> Solution | None:
    """A puzzle made from ``paths`` proved unique, repaired where a second solution shows; or None.

    Second solutions are looked for in small windows first (``_unique``:
    milliseconds each), then on the whole board (the expensive proof). Where
    one is found the puzzle is repaired right there, by a change that can
    only take solutions away, never bring new ones: on a walled board walls
    across steps only the other solution takes, else a cut of a path there
    into two (a new pair of dots: every solution of the cut puzzle joined at
    the cut is one of the puzzle before). So windows once clean stay clean and
    every repair is progress. The cover has fewer paths than wanted
    (``_START_SHARE``); the cuts not made for a repair are made where they
    straighten paths the most, and once the puzzle is unique the rest, which
    keeps it unique. Without ``look_around`` the windows and pairs of paths
    are passed over: a cover whose count is cheap (``_MOST_TOTAL_SLACK``) is
    counted at once, and repaired where the count's second solution differs.
    """
    assert request.colours is not None
    clean: set[Region] = set()  # regions with no second solution
    while True:
        solution = board.solution(paths, walls)
        puzzle = solution.puzzle
        region: Region | None = None
        differ: set[Link] = set()
        if look_around:
            say(f"looking for a second solution in windows ({len(paths)} colours)")
            region, differ = _second_in(solution, _windows(puzzle), deadline, clean)
        if not differ and len(paths) < request.colours - _KEEP:
            # Windows clean: the rest of the cuts (but a few) before the costly count.
            options = chain.straightening_cuts(paths)
            if options:
                paths = CoverChain.cut(paths, *rng.choice(options))
                continue
        if not differ and look_around:  # before the costly count, the second solutions it misses
            region, differ = _second_in(solution, path_pairs(solution), deadline, clean)
        if not differ:
            say(f"counting the solutions of the whole {puzzle.size} {puzzle.kind} board")
            listed = solutions(
                puzzle,
                2,
                timeout=_count_budget(deadline, request.unique_timeout),
                conflicts=budget.conflicts,
            )
            found, exact = list(listed.found), listed.exact
            if len(found) == 1 and exact:
                break
            _check_clock(deadline)
            if len(found) < 2:
                budget.cut_short += 1
                log.debug("the count was cut short; the next gets %d conflicts", budget.conflicts)
                return None
            differ = set().union(*(_differences(solution, other) for other in found))
        log.debug("%d colours: a second solution differs in %d steps", len(paths), len(differ))
        taken_steps = _steps(solution)
        blocking = sorted(
            step for step in differ if step not in taken_steps and _wallable(puzzle, step)
        )
        if request.walls and blocking:
            walls |= frozenset(rng.sample(blocking, min(len(blocking), _REPAIR_WALLS)))
            continue
        if len(paths) == request.colours:
            return None
        focus = {board.index[cell, p] for step in differ for cell in step for p in (0, 1)
                 if (cell, p) in board.index}  # fmt: skip
        options = chain.cuts(paths, focus)
        if not options:
            return None
        rng.shuffle(options)
        paths = _best_cut(board, paths, walls, options, region, deadline)
    while len(paths) < request.colours:
        options = chain.straightening_cuts(paths)
        if not options:
            return None
        paths = CoverChain.cut(paths, *rng.choice(options))
    return board.solution(paths, walls)


def _best_cut(  # noqa: PLR0917 - one repair's state
    board: Board,
    paths: list[list[int]],
    walls: frozenset[Link],
    options: list[tuple[int, int]],
    region: Region | None,
    deadline: float | None,
) -> list[list[int]]:
    """``paths`` cut at the first of ``options`` after which ``region`` has one solution.

    Any cut there kills the second solution found, but one that leaves the
    region with no other kills its kin too, so fewer cuts are spent; the
    first option is taken when none of the first ``_CUT_TRIES`` does (or no
    region is known: the whole board's count found it).
    """
    if region is not None:
        for i, j in options[:_CUT_TRIES]:
            cut = CoverChain.cut(paths, i, j)
            small = region_puzzle(board.solution(cut, walls), region)
            if small is None:
                return cut
            listed = solutions(small, 2, timeout=_budget(deadline, _WINDOW_TIMEOUT))
            _check_clock(deadline)
            if len(listed.found) == 1 and listed.exact:
                return cut
    return CoverChain.cut(paths, *options[0])


def _windows(puzzle: Puzzle) -> Iterator[Region]:
    """The square windows a second solution is first looked for in, smallest first."""
    biggest = _WINDOW_SHARE * max(puzzle.rows, puzzle.cols)
    for side, step in _WINDOWS:
        if side > max(biggest, _WINDOWS[0][0]):
            break
        for corner in windows(puzzle, side, step):
            yield window(puzzle, *corner, side)


def _second_in(
    solution: Solution, regions: Iterable[Region], deadline: float | None, clean: set[Region]
) -> tuple[Region | None, set[Link]]:
    """The region where a second solution was found and the steps where it differs
    (``None`` and nothing: none found).

    Regions in ``clean`` are passed over; those found clean are added (a
    repair only takes solutions away, so they stay clean).
    """
    for region in regions:
        if region in clean:
            continue
        small = region_puzzle(solution, region)
        if small is not None:
            found = solutions(small, 2, timeout=_budget(deadline, _WINDOW_TIMEOUT)).found
            _check_clock(deadline)
            if len(found) == 2:
                return region, _differences(*found)
        clean.add(region)
    return None, set()


def _steps(solution: Solution) -> set[Link]:
    return {link(a, b) for path in solution.paths for a, b in itertools.pairwise(path)}


def _differences(one: Solution, other: Solution) -> set[Link]:
    """The steps one of two solutions of a puzzle takes for some colour and the other not."""
    out: set[Link] = set()
    for a, b in zip(one.paths, other.paths, strict=True):
        mine = {link(x, y) for x, y in itertools.pairwise(a)}
        theirs = {link(x, y) for x, y in itertools.pairwise(b)}
        out |= mine ^ theirs
    return out


def _wallable(puzzle: Puzzle, step: Link) -> bool:
    """True when a wall may stand across ``step``: lattice neighbours, no bridge beside it."""
    a, b = step
    return (
        a not in puzzle.bridges
        and b not in puzzle.bridges
        and b in set(puzzle.lattice_neighbours(a))
    )


def _budget(deadline: float | None, most: float | None) -> float | None:
    """Seconds a search may take: at most ``most``, and never past the deadline."""
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    if most is None or left is None:
        return left if most is None else most
    return min(most, left)


def _count_budget(deadline: float | None, most: float | None) -> float | None:
    """Seconds the whole board's count may take: ``most``, else a third of the time left.

    A count that stalls (some boards are slow to prove) then leaves time for
    a fresh cover or two rather than taking all the time there is.
    """
    if most is None and deadline is not None:
        most = max(0.0, deadline - time.monotonic()) / _COUNT_SHARE
    return _budget(deadline, most)


def _check_clock(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTimeError


def _elapsed(started: float) -> str:
    return f"{time.monotonic() - started:.1f} s"


def _attempts(n: int) -> str:
    return f"{n} attempt{'s' * (n != 1)}"
