"""The screen options shared by `play`, `calibrate` and `demo`."""

from __future__ import annotations

import argparse

import pytest

from flowbot.actuate import Region, Settings
from flowbot.cli._screen import add_screen_options, screen_settings
from flowbot.errors import InputError


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_screen_options(parser).add_argument("--image")
    return parser.parse_args(argv)


def test_region_and_monitor_override_the_profile() -> None:
    profile = Settings(region=Region(1, 2, 30, 40))
    assert screen_settings(_parse(), profile, 2) == (profile, 2)
    settings, monitor = screen_settings(_parse("--region", "5,6,70,80"), profile, 2)
    assert (settings.region, monitor) == (Region(5, 6, 70, 80), 2)
    # A monitor is looked at whole: the profile's region goes.
    settings, monitor = screen_settings(_parse("--monitor", "1"), profile, 2)
    assert (settings.region, monitor) == (None, 1)
    assert settings.pacing == profile.pacing


def test_screen_options_exclude_each_other_and_the_commands_own() -> None:
    for argv in (("--monitor", "1", "--region", "1,2,3,4"), ("--monitor", "1", "--image", "x")):
        with pytest.raises(SystemExit):
            _parse(*argv)
    with pytest.raises(InputError, match="region"):
        screen_settings(_parse("--region", "1,2,3"), Settings(), 0)


def _play_args(*argv: str) -> argparse.Namespace:
    from flowbot.cli.play import register  # noqa: PLC0415

    sub = argparse.ArgumentParser().add_subparsers()
    register(sub)
    return sub.choices["play"].parse_args(argv)


@pytest.mark.parametrize(("profile", "at_once"), [("practice", True), ("browser", False)])
def test_step_ms_paces_the_moves_and_keeps_the_profiles_buttons(
    profile: str, at_once: bool
) -> None:
    from flowbot.cli.play import _settings  # noqa: PLC0415

    settings, _ = _settings(_play_args("--profile", profile, "--step-ms", "20"))
    pacing = settings.pacing
    assert pacing.step == pytest.approx(0.02)
    # Where the profile found presses and releases taken at once, they stay so.
    assert (pacing.held, pacing.between) == ((0.0, 0.0) if at_once else (0.02, 0.02))
