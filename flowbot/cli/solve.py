"""`flowbot solve FILE...`: solve puzzle files and print, save or draw the answers.

Every file is read (format detected, or --format) before anything is solved,
so bad input ends at once with exit code 2. Each puzzle is then solved in
input order and reported as a header line (name, size, status, solve time)
and a coloured grid (plain text when stdout is not a terminal or NO_COLOR is
set), or as one JSON object per line with --json. Exit code 0 means every
puzzle was solved, 1 that some puzzle is unsolvable or timed out.

A JSON object holds puzzle (FILE, or FILE#k for the k-th puzzle of a
multi-puzzle file), rows, cols, status (solved, unsolvable or timeout), seconds
(in-process solve time) and paths ({label: [[row, col], ...]}, labels as
written in the file; empty unless solved). --count N adds solutions (found,
at most N) and solutions_exact (false when the count stopped at N or timed out).

The CP-SAT reference backends (--backend cpsat-degree, cpsat-distance) forbid
paths that touch themselves; a puzzle they cannot answer is reported with
status needs-touching (and one line on stderr) and the run goes on; the exit
code is then 10 (see flowbot's exit codes).

Boards of the game's other kinds print with a space between cells: # a hole,
+ a bridge, | and - walls, ~ at both ends of a warped row or column; a
hexagonal board takes two lines a row, its odd columns (half a cell higher)
on the first, its walls drawn as -, / or \\ between the cells they part. In
JSON, paths list (row, col) cells as for any board, a bridge in both paths
that cross it.

--svg OUT.svg / --png OUT.png draw each board like the game (the solution
when there is one, the bare puzzle otherwise). With several puzzles, puzzle k
(1-based, input order) goes to OUT with -k before the extension: out.png ->
out-1.png, out-2.png...

FILE may be FILE#k: puzzle k of a multi-puzzle file alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from flowbot.cli._board_text import board_text
from flowbot.cli._paths import output_file, puzzle_file
from flowbot.errors import InputError, NeedsTouchingError
from flowbot.formats import FORMATS, NamedPuzzle, read_puzzles
from flowbot.formats._json import board_record, dots_record
from flowbot.models import Cell, Solution

if TYPE_CHECKING:
    from types import ModuleType

    from flowbot.solve import SolutionCount

#: The largest image side ``--png`` writes; big boards get smaller cells.
MAX_IMAGE_PX = 4096
_CELL_PX = 48
_MIN_CELL_PX = 4  # the renderer's smallest cell
#: The status of a puzzle that a no-touch CP-SAT backend cannot answer.
NEEDS_TOUCHING = "needs-touching"


@dataclass(frozen=True, slots=True)
class _Answer:
    """What the solver said about one puzzle: a ``SolveStatus`` value or ``NEEDS_TOUCHING``."""

    status: str
    solution: Solution | None
    seconds: float


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "solve",
        help="solve puzzle files and print the solutions",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "files", nargs="+", type=puzzle_file, metavar="FILE", help="puzzle files (or FILE#k)"
    )
    parser.add_argument("--format", choices=FORMATS, help="force the input format")
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    parser.add_argument(
        "--timeout", type=_positive_float, metavar="S", help="seconds allowed per puzzle"
    )
    parser.add_argument(
        "--count",
        type=_positive_int,
        metavar="N",
        help="also count solutions, up to N (N=2 checks that a puzzle is unique)",
    )
    parser.add_argument("--backend", metavar="NAME", help="solver backend (default: sat)")
    parser.add_argument(
        "--svg", type=output_file(".svg"), metavar="OUT.svg", help="draw each board as SVG"
    )
    parser.add_argument(
        "--png", type=output_file(".png"), metavar="OUT.png", help="draw each board as PNG"
    )
    parser.set_defaults(handler=run)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def run(args: argparse.Namespace) -> int:
    # The solver's libraries load slowly: only `flowbot solve` should pay for them.
    from flowbot import solve as solver  # noqa: PLC0415

    options: dict[str, Any] = {"timeout": args.timeout}
    if args.backend is not None:
        options["backend"] = args.backend
    # Every file is read before anything is solved: bad input fails at once.
    puzzles = [named for path in args.files for named in read_puzzles(path, args.format)]
    colour = not args.json and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    statuses = set()
    for k, named in enumerate(puzzles, start=1):
        result = _answer(solver, named, options)
        statuses.add(result.status)
        count = None
        if args.count is not None:
            count = solver.count_solutions(named.puzzle, args.count, timeout=args.timeout)
        if args.json:
            print(json.dumps(_record(named, result, count)), flush=True)
        else:
            known = None if count is None else describe_count(count, args.timeout)
            _print_text(named, result, known, colour, sys.stdout)
        suffix = f"-{k}" if len(puzzles) > 1 else ""
        if args.svg is not None:
            _draw(named, result, _numbered(args.svg, suffix), svg=True)
        if args.png is not None:
            _draw(named, result, _numbered(args.png, suffix), svg=False)
    if NEEDS_TOUCHING in statuses:
        return NeedsTouchingError.exit_code
    return 0 if statuses <= {"solved"} else 1


def _answer(solver: ModuleType, named: NamedPuzzle, options: dict[str, Any]) -> _Answer:
    """Solve one puzzle; a no-touch backend's refusal is reported, not raised."""
    start = time.perf_counter()
    try:
        result = solver.solve(named.puzzle, **options)
    except NeedsTouchingError as exc:
        print(f"flowbot: {named.name}: {exc}", file=sys.stderr, flush=True)
        return _Answer(NEEDS_TOUCHING, None, time.perf_counter() - start)
    return _Answer(result.status.value, result.solution, result.seconds)


def _record(named: NamedPuzzle, result: _Answer, count: SolutionCount | None) -> dict[str, Any]:
    """The ``--json`` object of one puzzle."""
    paths: dict[str, tuple[Cell, ...]] = {}
    if result.solution is not None:
        # A Cell is a tuple, so json writes each path as [[row, col], ...] as it is
        # (copying a million-cell path into lists first costs more than the dump).
        paths = {
            pair.label: path
            for pair, path in zip(named.puzzle.pairs, result.solution.paths, strict=True)
        }
    record: dict[str, Any] = {
        "puzzle": named.name,
        **({"title": named.title} if named.title else {}),
        "rows": named.puzzle.rows,
        "cols": named.puzzle.cols,
        "board": board_record(named.puzzle),
        "dots": dots_record(named.puzzle),
        "status": result.status,
        "seconds": round(result.seconds, 6),
        "paths": paths,
    }
    if count is not None:
        record["solutions"] = count.count
        record["solutions_exact"] = count.exact
    return record


def _print_text(
    named: NamedPuzzle, result: _Answer, count: str | None, colour: bool, out: TextIO
) -> None:
    """A header line (``count``: what a count found), then the solved grid.

    The bare puzzle when there is no solution.
    """
    name = f"{named.name} ({named.title})" if named.title else named.name
    header = f"{name}  {named.puzzle.size}  {result.status}  {result.seconds:.3f} s"
    if count is not None:
        header += f"  {count}"
    print(header, file=out)
    out.write(_grid_text(named, result.solution, colour))


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def describe_count(count: SolutionCount, timeout: float | None) -> str:
    """What a count knows, in words.

    >>> from flowbot.solve import SolutionCount
    >>> describe_count(SolutionCount(1, exact=True), None)
    '1 solution'
    >>> describe_count(SolutionCount(2, exact=False), None)
    'at least 2 solutions'
    >>> describe_count(SolutionCount(1, exact=False, timed_out=True), 10)
    '1 found, search for a second cut short at 10 s'
    """
    n = count.count
    if count.exact:
        return f"{n} solution{'s' * (n != 1)}"
    if not count.timed_out:
        return f"at least {n} solution{'s' * (n != 1)}"
    nth = _ORDINALS[n] if n < len(_ORDINALS) else f"number {n + 1}"
    limit = f" at {timeout:g} s" if timeout is not None else ""
    return f"{n} found, search for a {nth} cut short{limit}"


def _grid_text(named: NamedPuzzle, solution: Solution | None, colour: bool) -> str:
    """The board as text: each cell shows its colour's label (padded when labels are long).

    In colour, path cells show their label in the pair's game colour and dots
    show it in black on that colour. Boards of the game's other kinds are
    drawn as ``flowbot.cli._board_text`` says.
    """
    return board_text(named.puzzle, solution, colour)


def _numbered(path: Path, suffix: str) -> Path:
    return path.with_name(f"{path.stem}{suffix}{path.suffix}") if suffix else path


def _draw(named: NamedPuzzle, result: _Answer, out: Path, *, svg: bool) -> None:
    """Save the board as drawn by ``flowbot.render``."""
    # numpy and Pillow load only when a board is drawn.
    from PIL import Image  # noqa: PLC0415

    from flowbot import render  # noqa: PLC0415

    puzzle = named.puzzle
    cell_px = max(_MIN_CELL_PX, min(_CELL_PX, MAX_IMAGE_PX // max(puzzle.rows, puzzle.cols)))
    try:
        if svg:
            out.write_text(render.to_svg(puzzle, result.solution, cell_px=cell_px))
        else:
            image = render.render_board(puzzle, result.solution, cell_px=cell_px)
            Image.fromarray(image).save(out, format="PNG")
    except OSError as exc:
        raise InputError(f"{out}: cannot write ({(exc.strerror or str(exc)).lower()})") from exc
    print(f"wrote {out}", file=sys.stderr)
