"""The ``flowbot`` command line: thin wrappers over the library.

Each subcommand lives in its own module here with two functions:
``register(subparsers)`` adds its parser and ``run(args) -> int`` does the work
by calling the library. This module only parses, sets up logging and is the
one place that turns every failure into one line on stderr and its exit code
(``FlowbotError`` carries its own; see ``_failure``).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from flowbot import __version__
from flowbot.errors import FlowbotError, InputError

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
    "profiles",
)

#: The exit code of a run whose output was closed (``flowbot extract ... | head``):
#: what a shell reports for a process that SIGPIPE ended, 128 + 13.
BROKEN_PIPE = 141
#: The exit code of a failure flowbot did not foresee (a bug): BSD's EX_SOFTWARE.
INTERNAL_ERROR = 70

log = logging.getLogger("flowbot")


class _Parser(argparse.ArgumentParser):
    """argparse with a usage error on one line, like every other failure."""

    def error(self, message: str) -> NoReturn:
        self.exit(InputError.exit_code, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="flowbot",
        description="Play Flow Free from the screen: read the board, solve it, draw it.",
    )
    parser.add_argument("--version", action="version", version=f"flowbot {__version__}")
    verbose = {"action": "count", "help": "more log output (-vv for debug)"}
    parser.add_argument("-v", "--verbose", default=0, **verbose)  # type: ignore[arg-type]
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"flowbot.cli.{name}").register(sub)
    for command in sub.choices.values():
        # Also after the command (`flowbot solve -v F`), counted with those before it.
        command.add_argument("-v", "--verbose", dest="verbose_after", default=0, **verbose)  # type: ignore[arg-type]
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
    verbosity = 0
    try:
        # In the try: a file argument is checked as it is parsed (flowbot.cli._paths).
        args = parser.parse_args(argv)
        verbosity = args.verbose + args.verbose_after
        _setup_logging(verbosity)
        code = int(args.handler(args))
        sys.stdout.flush()  # a closed pipe shows here, not at exit
    except BaseException as exc:  # the one place every failure ends
        return _failure(exc, verbosity)
    return code


def _failure(exc: BaseException, verbosity: int) -> int:
    """Report ``exc`` in one line on stderr (nothing for a closed pipe); return the exit code."""
    if isinstance(exc, BrokenPipeError):
        # The reader left (`flowbot extract ... | head`): stop quietly, as Unix tools do,
        # and keep Python from failing again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    if isinstance(exc, SystemExit):  # argparse's usage errors and --help, already said
        return exc.code if isinstance(exc.code, int) else 0
    if isinstance(exc, FlowbotError):
        message, code = str(exc), exc.exit_code
    elif isinstance(exc, KeyboardInterrupt):
        message, code = "interrupted", 130
    elif isinstance(exc, OSError):
        # A file or folder that failed under us (a full disk, a folder removed mid-run).
        where = f"{exc.filename}: " if exc.filename else ""
        message, code = f"{where}{(exc.strerror or str(exc)).lower()}", InputError.exit_code
    else:
        log.debug("the failure in full", exc_info=exc)
        hint = "" if verbosity >= 2 else "; -vv shows where"
        message = f"internal error, a bug: {type(exc).__name__}: {exc}{hint}"
        code = INTERNAL_ERROR
    print(f"flowbot: {message}", file=sys.stderr)
    return code


def entrypoint() -> None:
    """The console script."""
    sys.exit(main())
