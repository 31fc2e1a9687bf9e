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
        "--colors", "--colours", dest="colours", type=int, metavar="K",
        help="number of colours (dot pairs); default: about one per cell along a side, "
        "as the game's levels have (20 on a 20x20 board)",
    )  # fmt: skip
    parser.add_argument(
        "--unique", action="store_true", help="exactly one solution (touching allowed), proved"
    )
    parser.add_argument(
        "--touching", action="store_true",
        help="let paths run beside themselves and a colour's dots sit side by side "
        "(default: game-like boards, where neither happens)",
    )  # fmt: skip
    parser.add_argument(
        "--min-distance", type=int, default=0, metavar="D",
        help="each pair's dots at least D steps apart",
    )  # fmt: skip
    parser.add_argument("--hex", action="store_true", help="hexagonal cells")
    for name, default, what in (
        ("holes", "a tenth of the cells", "cells cut out of the board, shaping it"),
        ("walls", "a fifth of the cells", "walls between cells the solution does not join"),
        ("bridges", "one per 40 cells", "bridge cells two flows cross (square cells)"),
        ("warps", "3", "warps joining the two ends of a row or column (square cells)"),
    ):
        parser.add_argument(
            f"--{name}", type=int, nargs="?", const=None, default=0, metavar="N",
            help=f"{what}; N of them, or {default} without N",
        )  # fmt: skip
    parser.add_argument("--seed", type=int, help="seed of the first puzzle (default: random)")
    parser.add_argument("-n", type=int, default=1, metavar="N", help="how many puzzles (1)")
    parser.add_argument(
        "-o", "--output", type=output_dir, metavar="DIR", help="write one file each here"
    )
    parser.add_argument(
        "--format", choices=FORMATS,
        help="puzzle file format (default: grid, or board for boards with walls, holes...)",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=float, default=300.0, metavar="S",
        help="give up on a puzzle after S seconds (300)",
    )  # fmt: skip
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


def _features(args: argparse.Namespace, cells: int) -> dict[str, int]:
    """How many holes, walls, bridges and warps; a flag given without N takes a game-like amount."""
    defaults = {
        "holes": cells // 10,
        "walls": cells // 5,
        "bridges": max(1, cells // 40),
        "warps": 3,
    }
    return {
        name: default if getattr(args, name) is None else getattr(args, name)
        for name, default in defaults.items()
    }


def run(args: argparse.Namespace) -> int:
    # Loaded here, not at import: building the parser (`flowbot --help`) must stay quick.
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import (  # noqa: PLC0415
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    from flowbot.generate import generate  # noqa: PLC0415

    rows, cols = parse_size(args.size)
    if args.n < 1:
        raise InputError(f"-n must be at least 1, got {args.n}")
    if args.output is not None and args.output.exists() and not args.output.is_dir():
        raise InputError(f"{args.output} is a file; -o takes a directory")
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    log.info("seeds %d..%d", first, first + args.n - 1)
    features = _features(args, rows * cols)
    console = Console(stderr=True)
    made: list[tuple[int, Puzzle]] = []
    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), console=console, disable=not console.is_terminal,
    ) as bar:  # fmt: skip
        task = bar.add_task("generating", total=args.n)
        for seed in range(first, first + args.n):

            def show(message: str, seed: int = seed) -> None:
                bar.update(task, description=f"seed {seed}: {message}")

            puzzle = generate(
                rows,
                cols,
                args.colours,
                unique=args.unique,
                touching=args.touching,
                min_distance=args.min_distance,
                seed=seed,
                timeout=args.timeout,
                progress=show,
                hexagonal=args.hex,
                **features,
            ).puzzle
            made.append((seed, puzzle))
            bar.advance(task)

    chosen = args.format or ("grid" if all(p.is_classic for _, p in made) else "board")
    if args.output is not None:
        args.output.mkdir(parents=True, exist_ok=True)
        for seed, puzzle in made:
            name = f"{rows}x{cols}-c{len(puzzle.pairs)}-s{seed}.txt"
            write_puzzles(args.output / name, [puzzle], chosen)
        print(f"wrote {len(made)} puzzle{'s' * (len(made) != 1)} to {args.output}")
    else:  # several puzzles go each under its name, which every command reads back
        named = [NamedPuzzle(f"{rows}x{cols}-c{len(p.pairs)}-s{seed}", p) for seed, p in made]
        sys.stdout.write(format_puzzles(named, chosen))
    return 0
