"""`flowbot practice PUZZLE`: open a practice board that plays like Flow Free."""

from __future__ import annotations

import argparse

from flowbot.cli._paths import output_file, puzzle_file
from flowbot.errors import DisplayError, InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "practice",
        help="open a practice board (a window that plays like Flow Free)",
        description="Open a window showing PUZZLE that takes mouse drags like the game "
        "(press on a dot, drag through cells, release). A file holding several puzzles (an "
        "ahle pack) is played as a series: a solved level shows a 'level complete' panel "
        "whose 'next' button brings up the next one. Keys: r resets, q closes.",
    )
    parser.add_argument(
        "puzzle", type=puzzle_file, help="a puzzle file (any supported format), or FILE#k"
    )
    parser.add_argument(
        "--index",
        type=int,
        help="only this puzzle of a multi-puzzle file (1-based); default: all, as a series",
    )
    parser.add_argument("--cell", type=int, default=48, help="cell size in pixels (default 48)")
    parser.add_argument("--at", metavar="X,Y", help="place the window's top-left corner here")
    parser.add_argument(
        "--state",
        type=output_file(".json"),
        metavar="FILE.json",
        help="keep a JSON file with the board's state",
    )
    parser.add_argument(
        "--fill",
        choices=("run", "neighbours"),
        default="run",
        help="a jump of the pointer over several cells: fill the straight run it crossed "
        "(default), or lose it, as games that take only side-by-side cells do",
    )
    parser.add_argument(
        "--panel-delay-ms",
        type=float,
        default=800,
        metavar="MS",
        help="how long after a level is solved its panel appears (default 800, like the game)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from flowbot.formats import read_puzzles  # noqa: PLC0415 - keep `--help` fast

    puzzles = read_puzzles(args.puzzle)
    if args.index is not None and not 1 <= args.index <= len(puzzles):
        raise InputError(f"{args.puzzle} holds {len(puzzles)} puzzle(s), not #{args.index}")
    if args.panel_delay_ms < 0:
        raise InputError("--panel-delay-ms cannot be negative")
    chosen = puzzles if args.index is None else (puzzles[args.index - 1],)
    if not 8 <= args.cell <= 400:
        raise InputError("--cell must be between 8 and 400 pixels")
    at = None
    if args.at:
        try:
            x, y = (int(v) for v in args.at.split(","))
        except ValueError:
            raise InputError(f"--at must be X,Y, got {args.at!r}") from None
        at = (x, y)
    try:
        import tkinter  # noqa: PLC0415 - not every Python has Tk

        from flowbot.practice._window import PracticeWindow  # noqa: PLC0415
    except ImportError as exc:
        raise DisplayError(f"this Python has no Tk (install python3-tk): {exc}") from None
    try:
        window = PracticeWindow(
            [named.puzzle for named in chosen], cell=args.cell, at=at, state_path=args.state,
            fill=args.fill, panel_delay=args.panel_delay_ms / 1000,
        )  # fmt: skip
    except tkinter.TclError as exc:
        raise DisplayError(f"cannot open a window: {exc}") from None
    window.run()
    return 0
