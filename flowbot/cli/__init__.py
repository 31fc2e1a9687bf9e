"""The ``flowbot`` command line: thin wrappers over the library.

Each subcommand lives in its own module here with two functions:
``register(subparsers)`` adds its parser and ``run(args) -> int`` does the work
by calling the library. This module only parses, sets up logging and turns
``FlowbotError`` into a one-line message and its exit code.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from flowbot.errors import FlowbotError

#: Subcommands in the order ``--help`` lists them: the three jobs first.
COMMANDS = (
    "play",
    "extract",
    "check",
    "solve",
    "generate",
    "convert",
    "calibrate",
    "practice",
    "demo",
)

log = logging.getLogger("flowbot")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="flowbot",
        description="Play Flow Free from the screen: read the board, solve it, draw it.",
    )
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="more log output (-vv for debug)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"flowbot.cli.{name}").register(sub)
    return parser


def _setup_logging(verbosity: int) -> None:
    level = (logging.WARNING, logging.INFO, logging.DEBUG)[min(verbosity, 2)]
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    log.handlers[:] = [handler]
    log.setLevel(level)
    log.propagate = False


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``flowbot`` with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _setup_logging(args.verbose)
    try:
        return int(args.handler(args))
    except FlowbotError as exc:
        print(f"flowbot: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("flowbot: interrupted", file=sys.stderr)
        return 130


def entrypoint() -> None:
    """The console script."""
    sys.exit(main())
