"""`flowbot generate`: random puzzles with a hidden solution.

Puzzle ``i`` (0-based) of a run with ``--seed S`` is made with seed ``S + i``,
so ``-n 1 --seed S+i`` makes it again on its own. Without ``-o`` the puzzles
are printed (several: each after a ``# puzzle: ROWSxCOLS-cK-sSEED`` line,
which flowbot reads back); with ``-o DIR`` each goes to its own file
``ROWSxCOLS-cK-sSEED.txt``.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import sys
from typing import TYPE_CHECKING

from flowbot.cli._paths import output_dir
from flowbot.errors import InputError
from flowbot.formats import FORMATS, NamedPuzzle, format_puzzles, write_puzzles

if TYPE_CHECKING:
    from flowbot.models import Puzzle

log = logging.getLogger(__name__)

_SIZE = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*|\s*(\d+)\s*")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "generate",
        help="make random puzzles (optionally with exactly one solution)",
        description=(
            "Make random puzzles from random path covers. Same --seed, same puzzles. "
            "Puzzle i of a run is made with seed SEED+i."
        ),
    )
    parser.add_argument("size", metavar="ROWSxCOLS", help="board size, e.g. 10x10 (or 10)")
    parser.add_argument(
        "--colors", "--colours", dest="colours", type=int, required=True, metavar="K",
        help="number of colours (dot pairs)",
    )  # fmt: skip
    parser.add_argument(
        "--unique", action="store_true", help="exactly one solution (touching allowed), proved"
    )
    parser.add_argument(
        "--no-touch", action="store_true", help="no path of the hidden solution runs beside itself"
    )
    parser.add_argument(
        "--min-distance", type=int, default=0, metavar="D",
        help="each pair's dots at least D apart (Manhattan)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, help="seed of the first puzzle (default: random)")
    parser.add_argument("-n", type=int, default=1, metavar="N", help="how many puzzles (1)")
    parser.add_argument(
        "-o", "--output", type=output_dir, metavar="DIR", help="write one file each here"
    )
    parser.add_argument(
        "--format", choices=FORMATS, default="grid", help="puzzle file format (grid)"
    )
    parser.set_defaults(handler=run)


def parse_size(text: str) -> tuple[int, int]:
    """``"10x12"`` -> ``(10, 12)``; a lone ``"10"`` is square.

    >>> parse_size("10x12"), parse_size("7")
    ((10, 12), (7, 7))
    """
    match = _SIZE.fullmatch(text)
    if match is None:
        raise InputError(f"bad board size {text!r}: expected ROWSxCOLS, e.g. 10x10")
    rows, cols, side = match.groups()
    return (int(side), int(side)) if side else (int(rows), int(cols))


def run(args: argparse.Namespace) -> int:
    # Loaded here, not at import: building the parser (`flowbot --help`) must stay quick.
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import Progress  # noqa: PLC0415

    from flowbot.generate import generate  # noqa: PLC0415

    rows, cols = parse_size(args.size)
    if args.n < 1:
        raise InputError(f"-n must be at least 1, got {args.n}")
    if args.output is not None and args.output.exists() and not args.output.is_dir():
        raise InputError(f"{args.output} is a file; -o takes a directory")
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    log.info("seeds %d..%d", first, first + args.n - 1)
    console = Console(stderr=True)
    made: list[tuple[int, Puzzle]] = []
    with Progress(console=console, disable=not (console.is_terminal and args.n > 1)) as bar:
        task = bar.add_task("generating", total=args.n)
        for seed in range(first, first + args.n):
            puzzle = generate(
                rows,
                cols,
                args.colours,
                unique=args.unique,
                no_touch=args.no_touch,
                min_distance=args.min_distance,
                seed=seed,
            ).puzzle
            made.append((seed, puzzle))
            bar.advance(task)

    if args.output is not None:
        args.output.mkdir(parents=True, exist_ok=True)
        for seed, puzzle in made:
            write_puzzles(
                args.output / f"{rows}x{cols}-c{args.colours}-s{seed}.txt", [puzzle], args.format
            )
        print(f"wrote {len(made)} puzzle{'s' * (len(made) != 1)} to {args.output}")
    else:  # several puzzles go each under its name, which every command reads back
        named = [NamedPuzzle(f"{rows}x{cols}-c{args.colours}-s{seed}", p) for seed, p in made]
        sys.stdout.write(format_puzzles(named, args.format))
    return 0
