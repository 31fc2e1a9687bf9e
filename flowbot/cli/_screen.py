"""What the commands that drive the screen share: `play`, `calibrate` and `demo`.

The actuate and practice packages load numpy, Pillow and mss, so they are
imported when a command runs, never while the parser is built: ``flowbot
--help`` stays quick.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from flowbot.actuate import Settings

Command = Callable[[argparse.Namespace], int]


def add_screen_options(parser: argparse.ArgumentParser) -> argparse._MutuallyExclusiveGroup:
    """Add ``--monitor N`` and ``--region X,Y,W,H`` (one or neither) and return their group.

    A command adds its own alternatives to the group (``--image``, ``--practice``).
    """
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--monitor", type=int, metavar="N", help="only look at monitor N (1, 2...)")
    where.add_argument("--region", metavar="X,Y,W,H", help="only look at this screen rectangle")
    return where


def screen_settings(
    args: argparse.Namespace, settings: Settings, monitor: int
) -> tuple[Settings, int]:
    """``settings`` and ``monitor`` (a profile's) with ``--region`` / ``--monitor`` applied.

    ``--monitor`` looks at the whole of that monitor, so it drops a profile's region.
    """
    from flowbot.actuate import Region  # noqa: PLC0415 - see the module docstring

    if args.region:
        settings = dataclasses.replace(settings, region=Region.parse(args.region))
    if args.monitor is not None:
        monitor = args.monitor
        settings = dataclasses.replace(settings, region=None)
    return settings, monitor


def interruptible(command: Command) -> Command:
    """``command`` run under ``flowbot.actuate.handle_interrupts``.

    Ctrl-C or SIGTERM then stops it between drags, never with the mouse button held.
    """

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        from flowbot.actuate import handle_interrupts  # noqa: PLC0415 - see the module docstring

        with handle_interrupts():
            return command(args)

    return run


class PracticeBoards(Sequence[str]):
    """``flowbot.practice.BUILTIN_BOARDS`` as argparse ``choices``, imported on first use.

    argparse reads choices only to check a value or to print a command's help,
    so building the parser does not load the practice package. An option
    using it needs a ``metavar``: without one argparse lists the choices at once.
    """

    @staticmethod
    def _names() -> tuple[str, ...]:
        from flowbot.practice import BUILTIN_BOARDS  # noqa: PLC0415 - see the class docstring

        return BUILTIN_BOARDS

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())
