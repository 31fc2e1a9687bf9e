"""Calibration profiles: the shipped ones load, writing and reading agree, bad files fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from flowbot.actuate import (
    Advance,
    Pacing,
    Profile,
    Region,
    Settings,
    load_profile,
    profile_toml,
)
from flowbot.actuate._profile import BUILTIN_DIR
from flowbot.errors import InputError

SHIPPED = sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def test_every_target_has_a_profile() -> None:
    assert {"scrcpy", "browser", "desktop", "practice"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_profiles_load_and_round_trip(name: str, tmp_path: Path) -> None:
    profile = load_profile(name)
    assert profile.name == name
    assert profile.settings.pacing.step >= 0
    copy = tmp_path / f"{name}.toml"
    copy.write_text(profile_toml(profile))
    assert load_profile(str(copy)) == profile


def test_every_setting_survives_a_round_trip(tmp_path: Path) -> None:
    profile = Profile(
        'odd "name"',
        "a test",
        Settings(
            pacing=Pacing(0.0125, 0.04),
            jump=None,
            region=Region(-1920, 0, 1920, 1080),
            tolerance=55,
            retries=4,
            settle=0.2,
            confirm_timeout=2.5,
            advance=Advance("click", (0.5, 1.25), "window", "enter", 3.0),
        ),
        monitor=2,
        clear="key:r",
    )
    path = tmp_path / "p.toml"
    path.write_text(profile_toml(profile))
    assert load_profile(str(path)) == profile


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[drag]\nstyle = 'zigzag'\n", "drag.style"),
        ("[drag]\njump = 0\n", "drag.jump"),
        ("[calibrate]\nclear = 'wipe'\n", "clear"),
        ("[next]\nafter = 'jump'\n", "next.after"),
        ("[next]\nat = [1]\n", "next.at"),
        ("[next]\nof = 'page'\n", "next.of"),
        ("[next]\nsoon = 1\n", "unknown key"),
        ("[drag]\njump = 'far'\n", "drag.jump"),
        ("[screen]\nregion = [1, 2, 3]\n", "screen.region"),
        ("[check]\nretries = -1\n", "retries"),
        ("[pacing]\nstep_ms = -5\n", "negative"),
        ("speed = 3\n", "unknown key"),
        ("[pacing\n", "p.toml"),
    ],
)
def test_bad_profiles_name_the_file_and_the_problem(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=problem) as err:
        load_profile(str(path))
    assert str(path) in str(err.value)


def test_unknown_profile_lists_the_known_ones() -> None:
    with pytest.raises(InputError, match="practice"):
        load_profile("no-such-target")


@pytest.mark.parametrize(
    ("drag", "jump"), [("style = 'cells'", 1), ("style = 'turns'", None), ("jump = 3", 3)]
)
def test_the_drag_style_of_older_profiles_is_a_jump(
    tmp_path: Path, drag: str, jump: int | None
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(f"[drag]\n{drag}\n")
    assert load_profile(str(path)).settings.jump == jump
