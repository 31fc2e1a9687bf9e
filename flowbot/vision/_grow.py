"""A piece of a board whose lines glow broke, grown while its lines go on."""

from __future__ import annotations

import logging

import numpy as np

from flowbot.vision._board_run_on import like_lines, same_line_colour
from flowbot.vision._grid import SIDES, full_size_lines, lies_within, run_on_past
from flowbot.vision._lattice import Lattice, equal_spacing, in_phase
from flowbot.vision._past_border import RunOn
from flowbot.vision._pipes_across import pipes_across
from flowbot.vision._stats import (
    median_of,
)
from flowbot.vision._types import Settings

log = logging.getLogger(__name__)


def grown(
    lattice: Lattice,
    image: np.ndarray,
    factor: int,
    settings: Settings,
    *,
    pieces: list[Lattice],
) -> Lattice | None:
    """``lattice`` grown a row or column at a time where its lines go on a pitch, or ``None``.

    Glow that flips from brighter than the lines to darker across a board
    hides them where it is as bright as they are: the line search then finds
    the board in pieces, whose lines go on past their borders (seen at full
    resolution, by colour). Grown while they go on, like the lines of the
    grid first found, and the image reaches; the lines are then fitted to
    those of the grid and of the other ``pieces`` found within it (one pitch
    carried over many rows drifts). The grid grown must then pass every
    check itself.
    """
    f = factor
    h, w = image.shape[:2]
    xs, ys = list(lattice.xs), list(lattice.ys)
    sizes = {"top": h, "bottom": h, "left": w, "right": w}
    run_on = run_on_past(lattice, image, f)
    # What goes on must look like the lines of the grid first found: the
    # rows grown at the last step set no measure (text or a page beyond the
    # board shows ripples like each other, not like the board's lines).
    inside = [band.inside for band in run_on.values()]
    like = float(median_of(np.concatenate(inside))) if inside else 0.0
    if like <= 0:
        return None
    # ... or like that very line inside the grid first found: glow brighter
    # than the lines over part of a board dims them there all along their
    # length (twins 99779: a column at 0.31 of the typical line's contrast
    # inside the grid found goes on at 0.22 of it, then 0.18, under a glow
    # growing lighter).
    first = {side: (_crossing_lines(lattice, side), band.inside) for side, band in run_on.items()}
    # Glow over a line's length hides it from the line search, and dims the
    # lines crossing it below the grid's typical look: the board is found as
    # two grids side by side. Where this one's lines go on past a border (as
    # the check judges) into another grid on its lattice that starts at that
    # border, the lines cross from one into the other: one board.
    taken = _abutting(lattice, image, f, settings, pieces=pieces)
    if taken is not None:
        xs, ys = list(taken.xs), list(taken.ys)
        run_on = run_on_past(taken, image, f)
    stopped: set[str] = set()
    for _ in range(_MOST_GROWTH):
        grid = Lattice(tuple(xs), tuple(ys))
        p = grid.pitch
        going = _sides_going_on(run_on, settings, like=like, first=first, grid=grid)
        # A pipe crossing a border: the board goes on past it, whatever its
        # lines show (a flow's tint along the last column hides them there).
        crossed = pipes_across(*full_size_lines(grid, f), image, settings.pipe_contrast)
        going += [side for side, count in crossed.items() if count and side not in going]
        sides = [side for side in going if side not in stopped]
        stopped |= {"top", "bottom", "left", "right"} - set(sides)
        grew = False
        for side in sides:
            lines = ys if side in ("top", "bottom") else xs
            at = lines[0] - p if side in ("top", "left") else lines[-1] + p
            if not 0 <= f * at + (f - 1) / 2 <= sizes[side] - 1:
                continue  # the image ends first: a board cut off
            if side in ("top", "left"):
                lines.insert(0, at)
            else:
                lines.append(at)
            grew = True
        if not grew:
            break
        run_on = run_on_past(Lattice(tuple(xs), tuple(ys)), image, f)
    if len(xs) == len(lattice.xs) and len(ys) == len(lattice.ys):
        return None
    p = lattice.pitch
    within = [
        piece
        for piece in [lattice, *pieces]
        if abs(piece.pitch - p) <= settings.spacing_tolerance * p
        and lies_within(piece, Lattice(tuple(xs), tuple(ys)))
    ]
    seen_xs = _matched(xs, [piece.xs for piece in within], p)
    seen_ys = _matched(ys, [piece.ys for piece in within], p)
    # Cells are square: a direction grown far past the few lines seen in it
    # takes its pitch from the other's lines too (a piece two columns wide,
    # its pitch a rounded pixel short in the shrunk copy, grown to six).
    fitted = (
        _fitted(xs, seen_xs, across=seen_ys if len(xs) > len(lattice.xs) else None),
        _fitted(ys, seen_ys, across=seen_xs if len(ys) > len(lattice.ys) else None),
    )
    for guess, lines in zip((xs, ys), fitted, strict=True):
        if np.abs(np.asarray(lines) - guess).max() > 0.25 * p:
            return None  # the pieces do not fit one lattice
    xs, ys = fitted
    if (
        min(xs[0], ys[0]) < -0.5
        or f * xs[-1] + (f - 1) / 2 > w - 0.5
        or f * ys[-1] + (f - 1) / 2 > h - 0.5
    ):
        return None
    log.debug(
        "grid grown from %dx%d to %dx%d",
        len(lattice.ys) - 1,
        len(lattice.xs) - 1,
        len(ys) - 1,
        len(xs) - 1,
    )
    return Lattice(tuple(xs), tuple(ys))


def _abutting(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings, *, pieces: list[Lattice]
) -> Lattice | None:
    """``lattice`` taking in a grid of ``pieces`` that its lines go on into, or ``None``.

    Such a grid lies on ``lattice``'s lattice past one of its borders, its
    lines across that border the same (within a quarter pitch); and from the
    border up to it, a pitch at a time, half or more of the inner lines go
    on past each border in turn, as ``check_run_on_by_colour`` judges.
    """
    ratio = settings.edge_colour_ratio
    p = lattice.pitch
    for piece in pieces:
        if piece == lattice or not in_phase(lattice, piece):
            continue
        for side in SIDES:
            crosswise = side in ("top", "bottom")
            along, theirs = (lattice.xs, piece.xs) if crosswise else (lattice.ys, piece.ys)
            if len(theirs) != len(along) or np.abs(np.subtract(theirs, along)).max() > 0.25 * p:
                continue
            mine, their_across = (lattice.ys, piece.ys) if crosswise else (lattice.xs, piece.xs)
            out = -1 if side in ("top", "left") else 1
            border = mine[0] if out < 0 else mine[-1]
            near = their_across[-1] if out < 0 else their_across[0]
            apart = out * (near - border) / p
            if not -0.25 <= apart <= _MOST_GROWTH or abs(apart - round(apart)) > 0.25:
                continue
            xs, ys = list(lattice.xs), list(lattice.ys)
            lines = ys if crosswise else xs
            steps = round(apart)
            # Past each border up to the grid's first line (at least once).
            for k in range(max(1, steps)):
                band = run_on_past(Lattice(tuple(xs), tuple(ys)), image, factor).get(side)
                if band is None:
                    break
                seen = like_lines(band.beyond, band.inside, ratio) & same_line_colour(band)
                if seen.mean() < 0.5:
                    break
                if k < steps:
                    _extend(lines, out, 1, p)
            else:
                # Then on across the grid.
                _extend(lines, out, len(their_across) - 1, p)
                return Lattice(tuple(xs), tuple(ys))
    return None


def _extend(lines: list[float], out: int, count: int, pitch: float) -> None:
    """Add ``count`` lines a ``pitch`` apart past the last of ``lines`` (``out`` +1) or first."""
    for _ in range(count):
        if out > 0:
            lines.append(lines[-1] + pitch)
        else:
            lines.insert(0, lines[0] - pitch)


def _sides_going_on(
    run_on: dict[str, RunOn],
    settings: Settings,
    *,
    like: float,
    first: dict[str, tuple[np.ndarray, np.ndarray]],
    grid: Lattice,
) -> list[str]:
    """The borders of ``grid`` past which half the inner lines or more go on a whole pitch.

    As ``check_run_on_by_colour`` judges, and at a contrast like ``like``
    (the typical line's inside the grid first found) or, if dimmer, like
    the same line's there (``first``: per border, its crossing lines'
    positions and contrasts inside it).
    """
    ratio = settings.edge_colour_ratio
    found = []
    for side, band in run_on.items():
        # Like the line inside the border, or, where a pipe's tint in the
        # border's cells dims it there, like the grid's typical line: past
        # the tint, on the plain ground, the line shows as the others do
        # (a started board's yellow and orange runs tinting the next-to-last
        # column dimmed its rows' lines to 4-7 against 10-18 past it, and
        # the ``at most twice`` bound stopped the board a column short:
        # classic jpeg 4700004 started, a mirror window's 10x7 board).
        dimmed = band.inside < like
        seen = (
            like_lines(band.beyond, band.inside, ratio)
            | (dimmed & like_lines(band.beyond, like, ratio))
        ) & same_line_colour(band)
        own = np.full(len(band.beyond), like)
        if side in first:
            at, contrast = first[side]
            lines = _crossing_lines(grid, side)
            apart = np.abs(lines[:, None] - at[None, :])
            nearest = apart.argmin(axis=1)
            kept = apart[np.arange(len(lines)), nearest] < 0.25 * grid.pitch
            own[kept] = contrast[nearest[kept]]
            # A line must show there to be followed: at least as a line
            # dimmed past a border (``ratio``) of one itself as dim
            # (``ratio`` of the typical line) shows; fainter, it is noise
            # (a line that shows nowhere is like any other).
            own[own < ratio * ratio * like] = like
        # (Dimmer only: a line brighter than the typical one at the grid's
        # border is no board's line dimmed, but another window's rule.)
        seen &= like_lines(band.beyond, like, ratio) | like_lines(
            band.beyond, np.minimum(own, like), ratio
        )
        # A line hidden inside the border (under a pipe's tint as light as
        # it, run along the border's cells) says nothing of where the board
        # ends: judged by the lines that show there (a started board's
        # white flow along two columns hid 6 of 11 rows' lines on both
        # sides of a border, the board's half grown, synthetic mirror
        # 300015 started).
        shown = band.inside >= ratio * ratio * like
        if shown.sum() >= _LEAST_SHOWN * len(shown) and seen[shown].mean() >= 0.5:
            found.append(side)
    return found


#: A border is judged by the lines showing inside it when at least this share
#: of its lines show: fewer say too little (text beside the board lines up with
#: a few).
_LEAST_SHOWN = 0.5


def _crossing_lines(lattice: Lattice, side: str) -> np.ndarray:
    """The inner lines of ``lattice`` crossing its ``side`` border, in ``RunOn``'s order."""
    lines = lattice.xs if side in ("top", "bottom") else lattice.ys
    return np.asarray(lines[1:-1], dtype=float)


def _matched(
    lines: list[float], seen: list[tuple[float, ...]], pitch: float
) -> tuple[np.ndarray, np.ndarray]:
    """The lines ``seen`` that lie near one of ``lines``: that line's index, and where seen."""
    guess = np.asarray(lines)
    index, at = [], []
    for positions in seen:
        for v in positions:
            k = int(np.abs(guess - v).argmin())
            if abs(guess[k] - v) < 0.3 * pitch:
                index.append(k)
                at.append(v)
    return np.asarray(index, dtype=int), np.asarray(at, dtype=float)


def _fitted(
    lines: list[float],
    seen: tuple[np.ndarray, np.ndarray],
    *,
    across: tuple[np.ndarray, np.ndarray] | None = None,
) -> list[float]:
    """Equally spaced ``lines`` fitted to the lines ``seen`` (``_matched``; Theil-Sen).

    With ``across`` (the other direction's lines seen), the pitch is the
    median slope over the pairs of both directions' lines: cells are square.
    """
    index, at = seen
    if len(set(index.tolist())) < 2:
        return lines
    start, step = equal_spacing(index, at)
    if across is not None and len(set(across[0].tolist())) >= 2:
        slopes = [_pair_slopes(*seen), _pair_slopes(*across)]
        step = float(median_of(np.concatenate(slopes)))
        start = float(median_of(at - step * index))
    return [start + step * n for n in range(len(lines))]


def _pair_slopes(index: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The spacing between every two lines seen at different indices."""
    i, j = np.triu_indices(len(index), k=1)
    apart = index[j] != index[i]
    return (at[j] - at[i])[apart] / (index[j] - index[i])[apart]


#: Rows and columns a grid may grow by in all (no board is larger).
_MOST_GROWTH = 20
