"""Finding the board: candidate grids, placed at full resolution and judged by the board rules."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from flowbot.errors import BoardNotFoundError, UnsureReadingError
from flowbot.models import BoardGeometry
from flowbot.vision._cell_background import foreign_band
from flowbot.vision._cells import CellSamples, sample_cells
from flowbot.vision._colour import brightest_channel
from flowbot.vision._dots_apart import board_dots
from flowbot.vision._grid import MIN_BOARD_SIDE, full_size, lies_within, overlap, shrunk
from flowbot.vision._grow import grown
from flowbot.vision._grow_past_pipes import one_more, sides_pipes_leave
from flowbot.vision._hex_sign import HexagonsSeenError, hexagons_seen
from flowbot.vision._lattice import ACROSS, Lattice, LineMaps, find_lattices, in_phase
from flowbot.vision._line_positions import place_lines
from flowbot.vision._other_boards import as_lattice, holds_dots, most_board_like, too_small
from flowbot.vision._pipes import NO_PIPES, Pipes
from flowbot.vision._pipes_through import read_pipes_or_fainter
from flowbot.vision._rules import check_grid
from flowbot.vision._trim import every_other_line, without_empty_band, without_foreign_sides
from flowbot.vision._types import (
    GridsMeetError,
    MissingEdgesError,
    Settings,
    UnsureBoardError,
)

#: Shared area, over the smaller grid's, past which two grids are one board
#: (or one a piece of the other) rather than grids side by side.
PIECE_OVERLAP = 0.1

#: The line filter's width across a line in the reader's last look (``find_boards``):
#: a grid line is a pixel or two wide, JPEG's blur a pixel more; a pipe, a third of
#: a pitch, drops out.
THIN_ACROSS = 3

#: One look of the search: the shrink factor, the copy (grey or colour), dark lines.
Attempt = tuple[int, np.ndarray, bool]


def find_boards(
    image: np.ndarray, settings: Settings, *, hexagons: bool = True, last_look: bool = False
) -> Iterator[tuple[BoardGeometry, list[str], list[BoardGeometry], CellSamples, Pipes]]:
    """Grids that pass the whole-board checks, in full-resolution pixels, best first.

    With each, its notes, the other grids found apart from it, its cells' samples and
    the pipes drawn on it (``read_pipes_or_fainter``; ``NO_PIPES`` where none is read).

    Raises the doubt about the most board-like grid (or ``BoardNotFoundError``)
    once none is left; with ``hexagons``, ``HexagonsSeenError`` at once when the first
    copy shows no board but a hexagonal one's lattice drawn whole (``_hex_sign``).
    With ``last_look``, the reader's last look alone (``_reader._last_look_or``):
    lines thinner than ``THIN_ACROSS`` px followed through pipes at full resolution.
    """
    h, w = image.shape[:2]
    # Brightest channel: grid lines of any hue stand out from the dark board.
    gray = brightest_channel(image)
    # Whole-number shrink factors keep INTER_AREA fast and thin lines visible;
    # when nothing is found, a finer copy catches boards with tiny cells, and
    # the colour copy lines brighter in one channel only (grey on a purple glow).
    factor = max(1, math.ceil(max(h, w) / settings.work_size))
    if last_look:
        # Pipes (a third of a pitch) dropped by a thin line filter, the lines
        # under them bridged, at full resolution: a board finished, its pipes
        # swamping its lines in every look before (bridges jpeg 5000001 solved).
        # In the brightest channel: in colour, an editor's ruled page beside the
        # board went on its lines, a grid reaching past it.
        attempts: list[Attempt] = [(1, gray, False)]
        bridging: tuple[int, ...] = (0,)
        closer, through, across = 1, {0}, THIN_ACROSS
    else:
        attempts, bridging, closer, through = _attempts(image, gray, factor)
        across = ACROSS
    # The first copy, and whether it gave a board (else it is looked at for hexagons).
    first: np.ndarray | None = None
    given = False
    look_closer = False
    doubts: list[UnsureBoardError] = []
    doubted: list[BoardGeometry] = []
    piped: list[BoardGeometry] = []  # grids found through pipes
    # Grids showing pipes (and those found after them in the same copy), held
    # back until the grids followed through pipes are tried: placed, samples,
    # pipes, as found, at 1/f, others.
    held: list[tuple[BoardGeometry, CellSamples, Pipes, Lattice, int, list[Lattice]]] = []
    for attempt, (f, source, dark) in enumerate(attempts):
        if (
            hexagons
            and attempt == 1
            and first is not None
            and not (given or held)
            and hexagons_seen(image, gray, first, settings)
        ):
            # No square board in the first copy, hexagons drawn whole there:
            # the slower copies wait for a hexagonal board's reader.
            raise HexagonsSeenError("no square grid: hexagons drawn whole")
        if attempt == closer:
            look_closer = any(holds_dots(image, g, settings) for g in doubted) or bool(
                board_dots(image, factor, min_side=MIN_BOARD_SIDE * settings.min_cell_px)
            )
        if attempt >= closer and not look_closer and not (attempt in through and piped):
            # Followed through pipes at full resolution, worth the time also where
            # a grid was found through pipes (a finished board's dots are all
            # joined to pipes, none seen alone).
            continue
        small = shrunk(source, f)
        if attempt == 0:
            first = small
        lattices, maps = find_lattices(
            small, settings.lines(), dark=dark, bridge=attempt in through, across=across
        )
        refused: list[Lattice] = []
        # Through pipes, a grid is a board only with pipes drawn on it: what
        # else this copy finds or doubts is left to the copies after it.
        before = (doubts[:], doubted[:])
        for candidate in lattices[:6]:
            # A refused grid's pieces are no new candidates; a separate grid is
            # (a desktop list or a keyboard can out-number the board's cells),
            # and so is one out of step with it (the board, under a grid the
            # line search joined from its lines and another window's rules).
            # Followed through pipes, a grid may be the whole of one refused
            # as a piece (its lines broken where pipes cross them).
            if any(
                (
                    lies_within(candidate, other)
                    if attempt in through
                    else overlap(candidate, other) > PIECE_OVERLAP
                )
                and in_phase(candidate, other)
                for other in refused
            ):
                continue
            others = [other for other in lattices if other is not candidate]
            best = candidate
            if full_size(best, f).cell_size < settings.min_cell_px:
                # Too fine for a board one could read: text or a texture; a
                # board this small is refused unless a readable one is found.
                doubts.append(too_small(full_size(best, f), settings))
                continue
            tried: list[Lattice] = []
            about = candidate
            try:
                try:
                    best, placed, samples, pipes = _checked(
                        candidate,
                        maps,
                        image,
                        f,
                        settings,
                        others=others,
                        tried=tried,
                        through_pipes=attempt in through,
                    )
                except UnsureReadingError as exc:
                    # The refusal is about the last grid checked: the candidate
                    # grown or trimmed, the board as far as seen.
                    about = tried[-1]
                    # Another window's ruled page or text flush against the
                    # board, in step with its lines: the grid went on over it.
                    cut = without_foreign_sides(candidate, image, f, settings)
                    if cut is None:
                        raise
                    rest = [other for other in others if not lies_within(other, candidate)]
                    try:
                        best, placed, samples, pipes = _checked(
                            cut,
                            maps,
                            image,
                            f,
                            settings,
                            others=rest,
                            tried=tried,
                            through_pipes=attempt in through,
                        )
                    except UnsureReadingError:
                        raise exc from None
            except UnsureReadingError as exc:
                # A finer or colour copy may see the whole board (and the
                # outlined stage tries the grid doubted last).
                doubts.append(UnsureBoardError(str(exc), full_size(about, f)))
                doubted.append(full_size(candidate, f))
                # Grown where its lines go on, or cut where another window
                # meets it, it is the board as far as seen: its dots, too,
                # make a closer look worth the time.
                doubted += [full_size(grid, f) for grid in tried if grid is not candidate]
                refused.append(candidate)
                continue
            if attempt in through and not (pipes and pipes.flows):
                refused.append(candidate)
                continue
            if attempt in through and _short_of_held(placed, held):
                # A grid held back takes it in with more cells, its own lines passing
                # every board rule: the board as far as seen. Lines beside a dark
                # flow along the last row, over black, stood out twice as much as
                # inside beside a bright flow's tint, and the lines-run-on rule let
                # the row go (dark flows 300044 (25, 0, 25) 24 px JPEG 40 started).
                refused.append(candidate)
                continue
            if attempt < bridging[0] and (held or pipes is None or pipes.flows):
                # Pipes show: the rest of the board's lines may hide under a
                # pipe's tint past the grid found (then some pipe cannot be
                # read as a flow, or the lines seem to end past the border).
                # The grids followed through pipes are tried first (and this
                # copy's grids after it keep their places behind it).
                held.append((placed, samples, pipes or NO_PIPES, best, f, others))
                doubted.append(full_size(best, f))
                refused.append(candidate)
                continue
            how = ("dark lines in " if dark else "") + (
                "colour" if source.ndim == 3 else "brightest channel"
            )
            how += " through drawn pipes" if attempt in through else ""
            notes = [f"board found at 1/{f} scale in {how}"] if attempt else []
            # A grid with pipes drawn may be a smaller copy (the OS's screenshot
            # preview) of a board whose lines only show followed through its pipes.
            if not piped and pipes and pipes.flows:
                found, _ = find_lattices(shrunk(image, factor), settings.lines(), bridge=True)
                piped = [full_size(grid, factor) for grid in found[:6]]
            apart = _apart(placed, best, f, others=others, piped=piped)
            given = True
            apart = [g for g in apart if g.cell_size >= settings.min_cell_px]
            yield placed, notes, apart, samples, pipes or NO_PIPES
            doubted.append(full_size(best, f))
            refused.append(candidate)  # asked for another: this one held no board
        if attempt in through:
            doubts[:], doubted[:] = before
            piped += [full_size(grid, f) for grid in lattices[:6]]
            # No grid through the pipes held a board: the grids held back are tried.
            while attempt == bridging[-1] and held:
                kept, kept_samples, kept_pipes, kept_best, kept_f, kept_others = held.pop(0)
                apart = _apart(kept, kept_best, kept_f, others=kept_others, piped=piped)
                apart = [g for g in apart if g.cell_size >= settings.min_cell_px]
                yield kept, [], apart, kept_samples, kept_pipes
    if doubts:
        raise most_board_like(image, [(d, None) for d in doubts], settings)
    raise BoardNotFoundError("no grid of equally spaced lines found")


def _short_of_held(
    placed: BoardGeometry,
    held: list[tuple[BoardGeometry, CellSamples, Pipes, Lattice, int, list[Lattice]]],
) -> bool:
    """Whether a grid held back for pipes (``find_boards``) takes ``placed`` in, in phase
    with it and with more cells: ``placed`` is that board short of some rows or columns."""
    inner = as_lattice(placed)
    return any(
        lies_within(inner, as_lattice(kept))
        and in_phase(inner, as_lattice(kept))
        and kept.rows * kept.cols > placed.rows * placed.cols
        for kept, *_ in held
    )


def _apart(
    placed: BoardGeometry,
    best: Lattice,
    f: int,
    *,
    others: list[Lattice],
    piped: list[BoardGeometry],
) -> list[BoardGeometry]:
    """The grids found apart from the board ``best`` (found at 1/``f`` scale; ``placed`` at
    full resolution), in full-size pixels: among ``others`` and those through pipes."""
    apart = [full_size(other, f) for other in others if overlap(other, best) == 0]
    return apart + [g for g in piped if overlap(as_lattice(g), as_lattice(placed)) == 0]


def _checked(
    candidate: Lattice,
    maps: LineMaps,
    image: np.ndarray,
    f: int,
    settings: Settings,
    *,
    others: list[Lattice],
    tried: list[Lattice],
    through_pipes: bool = False,
) -> tuple[Lattice, BoardGeometry, CellSamples, Pipes | None]:
    """The board ``candidate`` (found at 1/``f`` scale) shows, placed, its cells' samples and
    the pipes drawn on it (``read_pipes_or_fainter``).

    Every whole-board check passes on it, less a band past its border found
    to be no part of it (header text, another window's edge) or grown where
    glow broke its lines, or, found ``through_pipes``, at twice its pitch
    where pipes along the cells' middles passed for lines (``every_other_line``).
    Each grid checked is added to ``tried``, all but one narrowed by
    ``foreign_band``. Raises ``UnsureReadingError``.
    """

    def instead(replacement: Lattice, outline: Lattice, *, counts_as_tried: bool = True) -> Lattice:
        """``replacement`` checked whole; the pieces found within ``outline`` are no other grids."""
        rest = [other for other in others if not lies_within(other, outline)]
        if counts_as_tried:
            tried.append(replacement)
        check_grid(replacement, maps, image, f, settings, others=rest)
        return replacement

    def read_on(lattice: Lattice) -> tuple[BoardGeometry, CellSamples, Pipes | None]:
        """``lattice`` placed again at full resolution (found in the shrunk copy, a pixel
        or two off), its cells' samples and the pipes drawn on it."""
        placed = place_lines(image, full_size(lattice, f), uncertainty=f + 1, elsewhere=True)
        samples = sample_cells(image, placed)
        # A row a pipe runs along is tinted its colour: judged with the pipes hidden
        # (through bridges and warps too: a row a warp's flow runs along is tinted as well).
        pipes = read_pipes_or_fainter(image, placed, samples, settings.pipe_contrast)
        return placed, samples, pipes

    best = candidate
    tried.append(best)
    try:
        check_grid(best, maps, image, f, settings, others=others)
    except MissingEdgesError as exc:
        # Header text just past a border can pass for one more row:
        # a band of nothing but missing edges is no part of the board.
        trimmed = without_empty_band(best, exc, image, f, settings)
        if trimmed is None and through_pipes:
            # Followed through pipes: pipes along the cells' middles may
            # have passed for lines, the grid at half the board's pitch.
            trimmed = every_other_line(best, exc)
        if trimmed is None:
            raise
        # Pieces of the grid found, the dropped band with them, are
        # no other grids.
        best = instead(trimmed, best)
    except UnsureReadingError as exc:
        # Glow can break a board's lines into pieces, and so can the pipes
        # crossing a finished board's faint lines under JPEG: a piece whose
        # lines go on is grown, and must pass as a whole. A piece of pipes is
        # refused for what it cuts across (other pieces on its lattice, a wall's
        # end at its border, its border's gaps) before its lines are seen going on.
        if isinstance(exc, GridsMeetError) and not exc.in_step:
            raise
        bigger = grown(best, image, f, settings, pieces=others)
        if bigger is None:
            raise
        try:
            best = instead(bigger, bigger)
        except MissingEdgesError as grown_exc:
            # Grown a row past the board (a glow stripe below it showed two of four
            # lines going on: mirror 6200000 solved): an empty band of missing
            # edges is dropped as from any grid found (``without_empty_band``).
            trimmed = without_empty_band(bigger, grown_exc, image, f, settings)
            if trimmed is None:
                raise
            best = instead(trimmed, bigger)
    placed, samples, pipes = read_on(best)
    band = foreign_band((pipes or NO_PIPES).hidden(samples).ring_lab)
    if band is not None:
        # Another window's edge one pitch past a border, its ground
        # unlike the board's: no part of the board, which is the
        # rest (its lines must not go on into that band).
        best = instead(_without_band(best, band), best, counts_as_tried=False)
        placed, samples, pipes = read_on(best)
    if pipes is None:
        # Pipes running out past a border no flow leaves: the last row a
        # flow's tint hides, grown a pitch there (``_grow_past_pipes``).
        for side in sides_pipes_leave(placed, samples, settings.pipe_contrast):
            bigger = one_more(best, side, (image.shape[0] // f, image.shape[1] // f))
            if bigger is None:
                continue
            try:
                instead(bigger, bigger, counts_as_tried=False)
            except UnsureReadingError:
                continue
            grown_placed, grown_samples, grown_pipes = read_on(bigger)
            if grown_pipes is not None:
                return bigger, grown_placed, grown_samples, grown_pipes
    return best, placed, samples, pipes


def _without_band(lattice: Lattice, band: tuple[str, int]) -> Lattice:
    """``lattice`` less one outer row or column (``foreign_band``'s answer)."""
    name, index = band
    xs, ys = lattice.xs, lattice.ys
    if name == "row":
        ys = ys[1:] if index == 0 else ys[:-1]
    else:
        xs = xs[1:] if index == 0 else xs[:-1]
    return Lattice(xs, ys)


def _attempts(
    image: np.ndarray, gray: np.ndarray, factor: int
) -> tuple[list[Attempt], tuple[int, ...], int, set[int]]:
    """``find_boards``'s looks in order (scale, copy, dark lines), the first of those
    that follow lines through pipes, the first worth the time only on a closer look, and
    every one that follows lines through pipes."""
    attempts: list[Attempt] = [(factor, gray, False)]
    # The same copy, lines broken by drawn pipes followed through them
    # (_pipe_lines): before the copies below, where a smaller copy of the
    # board (the OS's screenshot preview) may show whole lines first. In
    # colour first: a line beside a pipe's tint may stand out from it in
    # some channel only (grey beside blue); then in the brightest channel,
    # where colour may join a pipe's edge to the lines into a grid that is none.
    attempts += [(factor, image, False), (factor, gray, False)]
    if factor > 1:
        # And in the finer copy: in small cells a pipe (a third of a pitch)
        # is as thin there as the line filter's kernel, and passes for a line.
        attempts += [(factor // 2, image, False), (factor // 2, gray, False)]
    bridging = tuple(range(1, len(attempts)))
    if factor > 1:
        attempts.append((factor // 2, gray, False))
    # Last, lines darker than a glow brighter than they are.
    attempts += [(factor, image, False), (factor, image, True)]
    closer = len(attempts)
    if factor > 1:
        # A line one pixel wide fades when shrunk: against glow or a window
        # frame nearly as bright, only full resolution shows it all. Worth
        # the time only when a grid holding dots was seen, and doubted, or
        # a board's dots were (its lines faded in every shrunk copy).
        attempts += [(1, gray, False)] * (factor // 2 > 1) + [(1, image, False), (1, image, True)]
        # Last, lines followed through pipes at full resolution: in every
        # shrunk copy a pipe (a third of a pitch) is as thin as the line
        # filter's kernel and passes for a line, its bands and edges a grid
        # at the wrong pitch (or none), while the board's own faint lines,
        # a pixel wide, are cut into pieces of every extent by the pipes
        # crossing them (a finished board: classic mirror 300111 solved).
        attempts.append((1, image, False))
    # The copies whose lines are followed through pipes (the held grids wait
    # for the first run of them only).
    through = set(bridging) | ({len(attempts) - 1} if factor > 1 else set())
    return attempts, bridging, closer, through
