"""`flowbot demo`: open a practice board and solve it live with the real pipeline."""

from __future__ import annotations

import argparse

from flowbot.cli._paths import output_file, puzzle_file
from flowbot.cli._screen import PracticeBoards, interruptible
from flowbot.cli.play import describe_report
from flowbot.errors import InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "demo",
        help="solve a practice board live (starts a virtual display if there is none)",
        description="Open a practice window and solve it with the real pipeline: screen "
        "capture, vision, solver, mouse. Without a display, Xvfb is started for the run. "
        "Saves a PNG (and a GIF) of the result.",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--board",
        choices=PracticeBoards(),
        default="9x9",
        metavar="BOARD",
        help="a built-in board: %(choices)s (default 9x9)",
    )
    which.add_argument(
        "--puzzle", type=puzzle_file, metavar="FILE", help="a puzzle file (or FILE#k) instead"
    )
    parser.add_argument(
        "-o",
        "--output",
        type=output_file(".png"),
        default="flowbot-demo.png",
        metavar="PNG",
        help="PNG to write, the GIF beside it (default %(default)s)",
    )
    parser.add_argument("--no-gif", action="store_true", help="skip the GIF beside the PNG")
    parser.add_argument("--cell", type=int, default=40, help="cell size in pixels (default 40)")
    parser.add_argument(
        "--profile", default="practice", metavar="NAME", help="play settings (default practice)"
    )
    parser.set_defaults(handler=run)


@interruptible
def run(args: argparse.Namespace) -> int:
    # Loaded here, not at import: building the parser must stay quick.
    from flowbot.actuate import load_profile  # noqa: PLC0415
    from flowbot.practice import builtin_board  # noqa: PLC0415
    from flowbot.practice._demo import run_demo  # noqa: PLC0415 - pulls in the stages

    if args.puzzle:
        from flowbot.formats import read_puzzles  # noqa: PLC0415

        puzzle = read_puzzles(args.puzzle)[0].puzzle
    else:
        puzzle = builtin_board(args.board)
    if not 8 <= args.cell <= 200:
        raise InputError("--cell must be between 8 and 200 pixels")
    settings = load_profile(args.profile).settings
    gif = None if args.no_gif else args.output.with_suffix(".gif")
    result = run_demo(puzzle, png=args.output, gif=gif, cell=args.cell, settings=settings)
    if result.started_display:
        print(f"no display here: ran on a virtual one (Xvfb {result.display})")
    print(describe_report(result.report))
    print("the practice window reports the board solved")
    print(f"wrote {result.png}" + (f" and {result.gif}" if result.gif else ""))
    return 0
