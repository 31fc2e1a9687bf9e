"""`flowbot profiles`: list the calibration profiles and where each comes from."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "profiles",
        help="list the calibration profiles --profile NAME can name",
        description="List every profile: the user's own (written by flowbot calibrate), "
        "looked in first, then the shipped ones (read-only). A user's profile hides a "
        "shipped one of the same name.",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from flowbot.actuate import list_profiles, user_profile_dir  # noqa: PLC0415 - keep --help quick

    rows = [
        (p.name, p.origin + (", hidden by the user's" if p.shadowed else ""), p.location)
        for p in list_profiles()
    ]
    width = [max(len(row[i]) for row in rows) for i in range(2)]
    for name, origin, location in rows:
        print(f"{name:<{width[0]}}  {origin:<{width[1]}}  {location}")
    print(f"(flowbot calibrate writes the user's profiles to {user_profile_dir()})")
    return 0
