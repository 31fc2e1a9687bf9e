"""Board rules: no line goes on past the border, no cell outlined like the board's past it."""

from __future__ import annotations

import numpy as np

from flowbot.errors import UnsureReadingError
from flowbot.vision._board_hidden_lines import SAME_LINE
from flowbot.vision._grid import full_size_lines
from flowbot.vision._grounds import OTHER_GROUND, changes_at_once, ground_across_border
from flowbot.vision._lattice import Lattice
from flowbot.vision._past_border import RunOn, cells_past_border
from flowbot.vision._rule import Grid, Rule
from flowbot.vision._stats import (
    median_of,
)
from flowbot.vision._types import RunOnError, Settings


def check_run_on_by_colour(run_ons: dict[str, RunOn], settings: Settings) -> None:
    """Refuse a grid whose inner lines go on past a border in full-resolution colour.

    Glow as bright as the lines hides them from the line map, and with them
    whole rows of the board; so do pipes and their tint on a half-solved
    board. The grid found would then be too small: a wrong puzzle.
    ``run_ons``: how the lines crossing each border look past it.
    """
    ratio = settings.edge_colour_ratio
    for run_on in run_ons.values():
        # A line that goes on looks as it does inside; half the lines or more
        # (pipes on a half-solved board hide some), as text or a window beside
        # the board (of another contrast) lines up with a few at most.
        inside = run_on.inside
        like = like_lines(run_on.beyond, inside, ratio)
        seen = like & same_line_colour(run_on)
        # (Its next line one pitch out cannot be asked for as well: the pipes
        # of a half-solved board hide most of it, and a corner of such a
        # board would be read as a small puzzle.) Lines that go on only a
        # little way, up to a pop-up laid over the board's last rows, go on
        # too: nearly all of them, as glyphs of the counters' text just past
        # a border line up with a few.
        stub = like_lines(run_on.just_past, inside, ratio)
        if seen.mean() >= 0.5 or stub.mean() >= 0.8:
            raise RunOnError


def some_line_goes_on(run_ons: dict[str, RunOn], settings: Settings) -> bool:
    """Whether any inner line goes on past a border, in whatever colour.

    Such a line earns the closer look for cells outlined past the border
    (beside a pop-up, its frame along a line tints it).
    """
    ratio = settings.edge_colour_ratio
    return any(bool(like_lines(r.beyond, r.inside, ratio).any()) for r in run_ons.values())


def like_lines(contrast: np.ndarray, lines: np.ndarray | float, ratio: float) -> np.ndarray:
    """Whether a colour contrast past the border is the board's ``lines``' own.

    At least ``ratio`` of it, as a line going on shows; at most twice it: an
    editor's ruled lines or a window's frame beside the board are brighter.
    """
    return (contrast >= ratio * lines) & (contrast <= 2.0 * lines)


def same_line_colour(run_on: RunOn) -> np.ndarray:
    """Whether each line past a border keeps its colour inside: the board's line going on.

    The game draws every line in one colour; another window's ruled lines
    or text against a mirror window's edge, in step with some of the
    board's lines, are of their own (white rules beside grey lines).
    """
    return run_on.unlike <= SAME_LINE


def other_lines_past(run_on: RunOn, settings: Settings) -> np.ndarray:
    """Whether each line past a border is clearly another's: seen there, of another colour.

    The line map takes in any thin bright line: another window's ruled rows
    beside a mirror window, in step with the board's every third row (white
    rules 21 px apart beside a board's green lines 63 px apart, 53 CIELAB
    off them), pass there for the board's lines going on. Only a line seen
    a pitch past the border as clearly as a line (``like_lines``) is judged
    by its colour: where none shows there, its colour is noise's.
    """
    seen = like_lines(run_on.beyond, run_on.inside, settings.edge_colour_ratio)
    return seen & ~same_line_colour(run_on)


def check_cells_past_border(
    lattice: Lattice, image: np.ndarray, factor: int, settings: Settings
) -> None:
    """Refuse a grid with a cell past its border outlined as the board's cells are.

    Something laid over the board (a pop-up) hides most of its last rows'
    lines, so few run on; beside it a whole cell may still show: its side
    lines going on a pitch past the border and the next line across them
    there, each like the board's lines. Text and clutter beside a board
    draw no such box in step with its grid. (Such a cell has an inner line
    going on past the border: only then is it looked for.)
    """
    f = factor
    xs, ys = full_size_lines(lattice, f)
    ratio = settings.edge_colour_ratio
    bands = cells_past_border(image, xs, ys, uncertainty=f / 2 + 1)
    if not bands:
        return
    # The board's lines all round: a pop-up hides the lines inside one side.
    typical = float(median_of(np.concatenate([band.crossing.inside for band in bands])))
    for band in bands:
        crossing, far = band.crossing, band.far
        seen = like_lines(crossing.beyond, crossing.inside, ratio)
        # ... in the board's lines' colour: the game draws every line in one (a round
        # button a pitch below a mirror window's board, its icon across the "cell" 28
        # Lab off the border's colour, mirror 6200000 solved).
        far_seen = like_lines(far.beyond, typical, ratio) & same_line_colour(far)
        # A side at the image's edge cannot be seen; the others must all be.
        sides = seen | band.off_image
        outlined = far_seen & sides[:-1] & sides[1:] & (seen[:-1] | seen[1:])
        if outlined.any():
            # ... on the board's ground: another window's (a box in it in
            # step with the board's cells) changes at once at the border.
            across = ground_across_border(image, xs, ys, band.side)
            if across is not None:
                step, beyond = across
                other = changes_at_once(step, beyond)
                # Its ruled page may stand a rule where the ground beyond is
                # looked at; but its rules are of their own colour on both
                # sides of the box (white beside dark green lines: 53-57
                # CIELAB), where the board's lines going on keep theirs (the
                # game draws every line in one colour; a pop-up's frame along
                # one side tints that one), and its ground steps at the
                # border (a pop-up's cells lie on the board's).
                kept = seen & same_line_colour(crossing)
                other |= ~(kept[:-1] | kept[1:]) & (step >= OTHER_GROUND)
                outlined &= ~other
        if outlined.any():
            raise UnsureReadingError(
                "cells like the board's go on past its border (part of a board)"
            )


def _check_cells_past(grid: Grid) -> None:
    # Looked for only where some inner line goes on past the border.
    if some_line_goes_on(grid.run_on, grid.settings):
        check_cells_past_border(grid.lattice, grid.image, grid.factor, grid.settings)


RUN_ON: Rule[Grid] = Rule(
    name="lines stop at the border",
    refuses="a grid whose inner lines go on past a border, in full-resolution colour, at half "
    "or more of them, or nearly all (4/5) for a little way",
    why="Glow as bright as the lines, or a half-solved board's pipes, hide whole rows from "
    "the line map: the grid found would be too small, a wrong puzzle. Text or a window beside "
    "the board lines up with a few lines at most.",
    bounds="A line goes on at edge_colour_ratio 0.4 to 2 times its contrast inside and in its own "
    "colour (`_board_hidden_lines.SAME_LINE` 24 CIELAB: two lines seen on one board 12 "
    "apart; a line's stub further in, `_ends`, too); the line map's run-on, asked first "
    "with the inner edges, leaves out a line seen a pitch past the border in colour as a "
    "line of another colour, past SAME_LINE (`_board_run_on.other_lines_past`: an editor's "
    "white rules a third of the pitch apart beside a mirror window, in step with four of a "
    "board's six rows, 53 Lab off its green lines, bridges colour_blind 1200002 unsolved).",
    reason="grid lines run on past the board's border (a cut-off or irregular board)",
    check=lambda grid: check_run_on_by_colour(grid.run_on, grid.settings),
)

CELLS_PAST_BORDER: Rule[Grid] = Rule(
    name="no cell outlined past the border",
    refuses="a cell past the border outlined as the board's cells are, on the board's ground",
    why="A pop-up laid over the board's last rows hides most of their lines, so few run on; "
    "beside it a whole cell may still show. Text and clutter draw no box in step with the "
    "grid, and another window's box changes ground at once at the border.",
    bounds="Side and far lines like the board's (edge_colour_ratio 0.4 to 2 times their "
    "contrast), the far line in its colour (SAME_LINE 24 CIELAB: a button's icon below a "
    "mirror window's board 28, mirror 6200000 solved); another window's ground: OTHER_GROUND "
    "6 CIELAB step at the border.",
    reason="cells like the board's go on past its border (part of a board)",
    check=_check_cells_past,
)
