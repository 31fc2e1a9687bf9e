"""Calibration profiles: the play settings for one kind of target, kept in TOML.

A profile names a target (a phone mirrored with scrcpy, the web game in a
browser, the desktop app, the practice board) and holds what differs between
them: pacing, drag style, where to look and how strictly to check colours.

Profiles live in two places. The shipped ones (``flowbot/profiles/*.toml``,
package data read with ``importlib.resources``) are read-only; the user's own
(``user_profile_dir()``, the platform's config folder) are where ``flowbot
calibrate`` writes. ``--profile NAME`` looks in the user's folder first, then
among the shipped ones; a path to a TOML file works too.

A profile may start from a shipped one (``based_on = "practice"``) and hold
only what differs: a calibrated profile holds the pacing it measured and
nothing it did not.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from flowbot.actuate._draw import Pacing
from flowbot.actuate._plan import DRAG_STYLES
from flowbot.actuate._play import Settings
from flowbot.actuate._screen import Region
from flowbot.errors import InputError

#: The package whose ``*.toml`` files are the shipped profiles.
SHIPPED_PACKAGE = "flowbot.profiles"


@dataclass(frozen=True, slots=True)
class Profile:
    """A named set of play settings (and, optionally, which monitor to watch)."""

    name: str
    description: str = ""
    settings: Settings = field(default_factory=Settings)
    monitor: int | None = None


@dataclass(frozen=True, slots=True)
class ProfileFile:
    """Where a profile comes from: ``origin`` is ``"user"`` or ``"shipped"``.

    ``shadowed`` marks a shipped profile that a user's one of the same name hides.
    """

    name: str
    origin: str
    location: str
    shadowed: bool = False


def user_profile_dir() -> Path:
    """The user's profiles: ``flowbot/profiles`` in the platform's config folder.

    (``~/.config/flowbot/profiles`` on Linux, following ``XDG_CONFIG_HOME``.)
    """
    from platformdirs import user_config_path  # noqa: PLC0415 - only when a profile is used

    return user_config_path("flowbot", appauthor=False) / "profiles"


def _shipped() -> dict[str, Traversable]:
    files = resources.files(SHIPPED_PACKAGE).iterdir()
    return {f.name.removesuffix(".toml"): f for f in files if f.name.endswith(".toml")}


def _user() -> dict[str, Path]:
    folder = user_profile_dir()
    return {p.stem: p for p in folder.glob("*.toml")} if folder.is_dir() else {}


def is_shipped(path: Path) -> bool:
    """Whether ``path`` is one of the shipped profiles (which are never written over)."""
    shipped = (Path(str(f)).resolve() for f in _shipped().values())
    return path.resolve() in set(shipped)


def list_profiles() -> tuple[ProfileFile, ...]:
    """Every profile ``--profile NAME`` can name, the user's first, each name's in order."""
    user, shipped = _user(), _shipped()
    found = [ProfileFile(name, "user", str(path)) for name, path in sorted(user.items())]
    found += [
        ProfileFile(name, "shipped", str(f), shadowed=name in user)
        for name, f in sorted(shipped.items())
    ]
    return tuple(found)


def find_profile(name: str, *, shipped_only: bool = False) -> Traversable:
    """The file for profile ``name`` (a name or a path); ``InputError`` when missing.

    A name is looked for among the user's profiles first (unless ``shipped_only``).
    """
    given = Path(name)
    if given.suffix == ".toml" or given.parent != Path():
        if given.is_file():
            return given
        raise InputError(f"{name}: no such file")
    places: list[dict[str, Any]] = [] if shipped_only else [_user()]
    places.append(_shipped())
    for place in places:
        if name in place:
            found: Traversable = place[name]
            return found
    known = sorted({n for place in places for n in place})
    raise InputError(f"no profile {name!r}; known: {', '.join(known) or 'none'} (flowbot profiles)")


def shipped_base(name: str) -> str | None:
    """The shipped profile that profile ``name`` (a name or a path) rests on, if any.

    A shipped profile rests on itself; a user's one on its ``based_on``.
    """
    path = find_profile(name)
    if not isinstance(path, Path) or is_shipped(path):
        return path.name.removesuffix(".toml")
    try:
        based_on = tomllib.loads(path.read_text(encoding="utf-8")).get("based_on")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: {exc}") from None
    return based_on if isinstance(based_on, str) else None


def load_profile(name: str, *, shipped_only: bool = False) -> Profile:
    """Read a profile by name or path (see the module docstring for where names are looked).

    Raises
    ------
    InputError
        The file is missing, is not TOML, or holds a bad value (named).
    """
    path = find_profile(name, shipped_only=shipped_only)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: {exc}") from None
    base = None
    if "based_on" in data:
        if not isinstance(data["based_on"], str):
            raise InputError(f"{path}: based_on must name a shipped profile")
        base = load_profile(data["based_on"], shipped_only=True)
    try:
        return _from_dict(data, default_name=path.name.removesuffix(".toml"), base=base)
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{path}: {exc}") from None


def _from_dict(data: dict[str, Any], *, default_name: str, base: Profile | None) -> Profile:
    known = {"name", "description", "based_on", "pacing", "drag", "screen", "check"}
    if unknown := set(data) - known:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}")
    pacing = data.get("pacing", {})
    drag = data.get("drag", {})
    screen = data.get("screen", {})
    check = data.get("check", {})
    base = base or Profile(default_name)
    was = base.settings  # what the profile leaves out
    style = drag.get("style", was.style)
    if style not in DRAG_STYLES:
        raise ValueError(f"drag.style must be one of {', '.join(DRAG_STYLES)}, not {style!r}")
    region = screen.get("region", was.region)
    if region is not None and not isinstance(region, Region):
        if len(region) != 4 or any(not isinstance(v, int) for v in region):
            raise ValueError("screen.region must be [X, Y, W, H] in whole pixels")
        region = Region(*region)
    ms = 1e-3
    settings = replace(
        was,
        pacing=Pacing(
            step=float(pacing.get("step_ms", was.pacing.step / ms)) * ms,
            between=float(pacing.get("between_ms", was.pacing.between / ms)) * ms,
        ),
        style=style,
        region=region,
        tolerance=float(check.get("colour_tolerance", was.tolerance)),
        retries=int(check.get("retries", was.retries)),
        settle=float(check.get("settle_ms", was.settle / ms)) * ms,
        confirm_timeout=float(check.get("confirm_timeout_ms", was.confirm_timeout / ms)) * ms,
    )
    if settings.retries < 0 or settings.tolerance <= 0:
        raise ValueError("check.retries must be >= 0 and check.colour_tolerance > 0")
    monitor = screen.get("monitor", base.monitor)
    return Profile(
        str(data.get("name", default_name)),
        str(data.get("description", base.description)),
        settings,
        None if monitor is None else int(monitor),
    )


def profile_toml(profile: Profile) -> str:
    """The profile as TOML text that ``load_profile`` reads back."""
    s = profile.settings
    lines = [
        f"name = {_q(profile.name)}",
        f"description = {_q(profile.description)}",
        "",
        "[pacing]",
        "# Milliseconds: wait after the press and each move, and after each release.",
        f"step_ms = {s.pacing.step * 1000:.1f}",
        f"between_ms = {s.pacing.between * 1000:.1f}",
        "",
        "[drag]",
        '# "cells": a move per cell; "turns": only where the path turns.',
        f"style = {_q(s.style)}",
        "",
        "[screen]",
    ]
    if s.region is not None:
        lines.append(f"region = [{', '.join(str(v) for v in s.region)}]")
    else:
        lines.append("# region = [X, Y, W, H]  # leave out to search the whole screen")
    if profile.monitor is not None:
        lines.append(f"monitor = {profile.monitor}")
    lines += [
        "",
        "[check]",
        f"colour_tolerance = {s.tolerance:g}",
        f"settle_ms = {s.settle * 1000:.0f}",
        f"confirm_timeout_ms = {s.confirm_timeout * 1000:.0f}",
        f"retries = {s.retries}",
        "",
    ]
    return "\n".join(lines)


def measured_toml(
    name: str,
    description: str,
    pacing: dict[str, float],
    *,
    based_on: str | None,
    notes: Sequence[str] = (),
) -> str:
    """A profile holding only what was measured, over the shipped profile ``based_on``.

    ``pacing`` maps ``step_ms`` / ``between_ms`` to milliseconds; ``notes``
    become comments (how it was measured). Without ``based_on`` the rest is
    flowbot's defaults.
    """
    rest = f"the shipped profile {based_on!r}" if based_on else "flowbot's defaults"
    lines = [
        f"name = {_q(name)}",
        f"description = {_q(description)}",
        f"# Everything not set here comes from {rest}.",
        *([f"based_on = {_q(based_on)}"] if based_on else []),
        "",
        "[pacing]",
        *(f"# {note}" for note in notes),
        *(f"{key} = {value:.1f}" for key, value in pacing.items()),
        "",
    ]
    return "\n".join(lines)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
