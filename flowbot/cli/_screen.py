"""What the commands that drive the screen share: `play`, `calibrate` and `demo`.

The actuate and practice packages load numpy, Pillow and mss, so they are
imported when a command runs, never while the parser is built: ``flowbot
--help`` stays quick.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

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
