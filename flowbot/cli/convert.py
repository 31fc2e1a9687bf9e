"""`flowbot convert`: rewrite a puzzle file in another format.

Where the puzzles go:

* no ``-o``: printed;
* ``-o FILE``: one file;
* ``-o DIR`` (an existing directory, or a path ending in ``/``): a
  multi-puzzle format writes ``DIR/STEM.txt``, a one-puzzle format one file
  per puzzle, ``DIR/STEM.txt`` or ``DIR/STEM-001.txt``, ``STEM-002.txt``, ...

Several puzzles printed or in one file each follow a ``# puzzle: NAME`` line
(their name in IN), which flowbot reads back in any format. IN may be
``FILE#k``: puzzle k of FILE alone.

Labels the target cannot hold (houston stores none; grid needs one
character) are replaced by the canonical ones, A, B, C, ... in reading order.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from flowbot.cli._paths import output_dir, output_file, puzzle_file
from flowbot.formats import (
    FORMATS,
    MULTI_PUZZLE_FORMATS,
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
    parser.add_argument(
        "input", type=puzzle_file, metavar="IN", help="puzzle file to read (or FILE#k)"
    )
    parser.add_argument("--to", required=True, choices=FORMATS, help="format to write")
    parser.add_argument(
        "--from", dest="source_format", choices=FORMATS, help="format of IN (default: detected)"
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="file or directory (default: print)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    into_dir = args.output is not None and (
        Path(args.output).is_dir() or args.output.endswith(("/", "\\"))
    )
    if args.output is not None:  # checked before reading: the work may be long
        (output_dir if into_dir else output_file())(args.output)
    puzzles = read_puzzles(args.input, args.source_format)
    if args.output is None:
        sys.stdout.write(format_puzzles(puzzles, args.to))
        return 0
    if not into_dir:
        files = {Path(args.output): puzzles}
    elif args.to in MULTI_PUZZLE_FORMATS or len(puzzles) == 1:
        files = {Path(args.output) / f"{_stem(args.input)}.txt": puzzles}
    else:
        width = max(3, len(str(len(puzzles))))
        files = {
            Path(args.output) / f"{_stem(args.input)}-{k:0{width}d}.txt": (named,)
            for k, named in enumerate(puzzles, start=1)
        }
    for path, some in files.items():
        write_puzzles(path, some, args.to)
    where = next(iter(files)) if len(files) == 1 else f"{len(files)} files in {args.output}"
    print(f"wrote {_count(len(puzzles))} to {where}", file=sys.stderr)
    return 0


def _stem(name: str) -> str:
    return Path(name).stem


def _count(n: int) -> str:
    return f"{n} puzzle{'s' * (n != 1)}"
