"""`flowbot convert`: rewrite a puzzle file in another format.

Where the puzzles go:

* no ``-o``: printed (several puzzles in a one-puzzle format: one after the
  other, a blank line between);
* ``-o FILE``: one file; several puzzles need a multi-puzzle format (``ahle``);
* ``-o DIR`` (an existing directory, or a path ending in ``/``): a
  multi-puzzle format writes ``DIR/STEM.txt``, a one-puzzle format one file
  per puzzle, ``DIR/STEM.txt`` or ``DIR/STEM-001.txt``, ``STEM-002.txt``, ...

Labels the target cannot hold (houston stores none; grid needs one
character) are replaced by the canonical ones, A, B, C, ... in reading order.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from flowbot.errors import InputError
from flowbot.formats import (
    FORMATS,
    MULTI_PUZZLE_FORMATS,
    format_puzzle,
    format_puzzles,
    read_puzzles,
    write_puzzles,
)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "convert",
        help="rewrite a puzzle file in another format",
        description=(
            "Convert puzzle files between formats, puzzle by puzzle. "
            "-o DIR (existing, or ending in /) writes numbered files for a one-puzzle format."
        ),
    )
    parser.add_argument("input", type=Path, metavar="IN", help="puzzle file to read")
    parser.add_argument("--to", required=True, choices=FORMATS, help="format to write")
    parser.add_argument(
        "--from", dest="source_format", choices=FORMATS, help="format of IN (default: detected)"
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="file or directory (default: print)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    puzzles = [named.puzzle for named in read_puzzles(args.input, args.source_format)]
    multi = args.to in MULTI_PUZZLE_FORMATS
    if args.output is None:
        if multi:
            sys.stdout.write(format_puzzles(puzzles, args.to))
        else:
            sys.stdout.write("\n".join(format_puzzle(p, args.to) for p in puzzles))
        return 0
    out = Path(args.output)
    if not (out.is_dir() or args.output.endswith(("/", "\\"))):
        if len(puzzles) > 1 and not multi:
            raise InputError(
                f"{args.input} holds {len(puzzles)} puzzles and the {args.to} format one per "
                f"file: give -o DIR/ for numbered files, or --to {min(MULTI_PUZZLE_FORMATS)}"
            )
        write_puzzles(out, puzzles, args.to)
        return 0
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out}: cannot make the directory: {exc.strerror or exc}") from exc
    stem = args.input.stem
    if multi or len(puzzles) == 1:
        write_puzzles(out / f"{stem}.txt", puzzles, args.to)
        return 0
    width = max(3, len(str(len(puzzles))))
    for k, puzzle in enumerate(puzzles, start=1):
        write_puzzles(out / f"{stem}-{k:0{width}d}.txt", [puzzle], args.to)
    return 0
