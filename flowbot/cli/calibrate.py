"""`flowbot calibrate` (not built yet: its issue's owner replaces this module)."""

from __future__ import annotations

import argparse

from flowbot.errors import FlowbotError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("calibrate", help="(not built yet)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    raise FlowbotError("'flowbot calibrate' is not built yet")
