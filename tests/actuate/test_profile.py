"""Calibration profiles: the shipped ones load, writing and reading agree, bad files fail.

The user's profiles are looked for under ``XDG_CONFIG_HOME``, which the
``user_dir`` fixture points at a fresh folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from flowbot.actuate import (
    Advance,
    Pacing,
    Profile,
    Region,
    Settings,
    list_profiles,
    load_profile,
    measured_toml,
    profile_toml,
    shipped_base,
    user_profile_dir,
)
from flowbot.cli import main
from flowbot.errors import InputError

SHIPPED = sorted(p.name for p in list_profiles() if p.origin == "shipped")


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = user_profile_dir()
    assert folder == tmp_path / "config" / "flowbot" / "profiles"
    return folder


def test_every_target_has_a_profile() -> None:
    assert {"scrcpy", "browser", "desktop", "practice"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_profiles_load_and_round_trip(name: str, tmp_path: Path) -> None:
    profile = load_profile(name)
    assert profile.name == name
    assert profile.settings.pacing.step >= 0
    # Only the practice board is known to take a press and a release at once.
    assert (profile.settings.pacing.hold == 0) == (name == "practice")
    copy = tmp_path / f"{name}.toml"
    copy.write_text(profile_toml(profile))
    assert load_profile(str(copy)) == profile


def test_every_setting_survives_a_round_trip(tmp_path: Path) -> None:
    profile = Profile(
        'odd "name"',
        "a test",
        Settings(
            pacing=Pacing(0.0125, 0.04, hold=0.003),
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
        ("[calibrate]\nclear = 'click:half,1'\n", "clear"),
        ("[next]\nafter = 'jump'\n", "next.after"),
        ("[next]\nat = [1]\n", "next.at"),
        ("[next]\nof = 'page'\n", "next.of"),
        ("[next]\nsoon = 1\n", "unknown key"),
        ("[drag]\njump = 'far'\n", "drag.jump"),
        ("[screen]\nregion = [1, 2, 3]\n", "screen.region"),
        ("[check]\nretries = -1\n", "retries"),
        ("[pacing]\nstep_ms = -5\n", "negative"),
        ("[pacing]\nhold_ms = -1\n", "negative"),
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


def test_shipped_profiles_are_package_data() -> None:
    from importlib import resources  # noqa: PLC0415

    names = sorted(f.name for f in resources.files("flowbot.profiles").iterdir())
    assert {"scrcpy.toml", "browser.toml", "desktop.toml", "practice.toml"} <= set(names)


def test_a_users_profile_comes_first_and_rests_on_the_shipped_one(
    user_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = load_profile("practice")
    user_dir.mkdir(parents=True)
    (user_dir / "practice.toml").write_text(
        measured_toml("practice", "mine", {"step_ms": 4.0}, based_on="practice")
    )
    mine = load_profile("practice")
    assert mine.settings.pacing.step == pytest.approx(0.004)
    assert mine.settings.pacing.between == shipped.settings.pacing.between
    assert mine.settings.pacing.hold == shipped.settings.pacing.hold == 0.0
    assert mine.settings.tolerance == shipped.settings.tolerance
    assert mine.settings.retries == shipped.settings.retries
    assert mine.description == "mine"
    assert load_profile("practice", shipped_only=True) == shipped
    assert shipped_base("practice") == "practice"
    origins = [(p.name, p.origin, p.shadowed) for p in list_profiles() if p.name == "practice"]
    assert origins == [("practice", "user", False), ("practice", "shipped", True)]
    assert main(["profiles"]) == 0
    out = capsys.readouterr().out
    assert "practice  user" in out
    assert str(user_dir / "practice.toml") in out
    assert "hidden by the user's" in out


def test_based_on_names_a_shipped_profile(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "mine.toml").write_text('based_on = "nowhere"\n')
    with pytest.raises(InputError, match="no profile 'nowhere'"):
        load_profile("mine")


def test_a_missing_profile_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"gone\.toml: no such file"):
        load_profile(str(tmp_path / "gone.toml"))


def test_calibrate_never_writes_over_a_shipped_profile(
    user_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib import resources  # noqa: PLC0415

    shipped = resources.files("flowbot.profiles") / "practice.toml"
    before = shipped.read_text()
    assert main(["calibrate", "--practice", "5x5", "-o", str(shipped)]) == 2
    assert "never written over" in capsys.readouterr().err
    assert shipped.read_text() == before
