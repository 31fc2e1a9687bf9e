"""Calibration profiles: the play settings for one kind of target, kept in TOML.

A profile names a target (a phone mirrored with scrcpy, the web game in a
browser, the desktop app, the practice board) and holds what differs between
them: pacing, how far one move may jump, where to look, how strictly to check
colours, how to go on to the next level and how calibration clears the board.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from flowbot.actuate._advance import Advance
from flowbot.actuate._calibrate import check_clear_mode
from flowbot.actuate._draw import Pacing
from flowbot.actuate._plan import DRAG_STYLES
from flowbot.actuate._play import Settings
from flowbot.actuate._screen import Region
from flowbot.errors import InputError

#: The package whose ``*.toml`` files are the shipped profiles.
SHIPPED_PACKAGE = "flowbot.profiles"


@dataclass(frozen=True, slots=True)
class Profile:
    """A named set of play settings (and, optionally, which monitor to watch).

    ``clear`` is how calibration clears the board between trials (see
    ``calibrate``).
    """

    name: str
    description: str = ""
    settings: Settings = field(default_factory=Settings)
    monitor: int | None = None
    clear: str = "redraw"


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
    known |= {"next", "calibrate"}
    if unknown := set(data) - known:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}")
    pacing = data.get("pacing", {})
    drag = data.get("drag", {})
    screen = data.get("screen", {})
    check = data.get("check", {})
    base = base or Profile(default_name)
    was = base.settings  # what the profile leaves out
    jump = _jump(drag, was.jump)
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
            hold=_ms(pacing.get("hold_ms"), was.pacing.hold),
        ),
        jump=jump,
        region=region,
        tolerance=float(check.get("colour_tolerance", was.tolerance)),
        retries=int(check.get("retries", was.retries)),
        settle=float(check.get("settle_ms", was.settle / ms)) * ms,
        confirm_timeout=float(check.get("confirm_timeout_ms", was.confirm_timeout / ms)) * ms,
        advance=_advance(data.get("next", {}), was.advance),
    )
    if settings.retries < 0 or settings.tolerance <= 0:
        raise ValueError("check.retries must be >= 0 and check.colour_tolerance > 0")
    monitor = screen.get("monitor", base.monitor)
    return Profile(
        str(data.get("name", default_name)),
        str(data.get("description", base.description)),
        settings,
        None if monitor is None else int(monitor),
        check_clear_mode(str(data.get("calibrate", {}).get("clear", base.clear))),
    )


def _advance(section: dict[str, Any], base: Advance) -> Advance:
    """The ``[next]`` section: how ``play --loop`` goes on to the next level."""
    if unknown := set(section) - {"after", "at", "of", "key", "timeout_ms"}:
        raise ValueError(f"unknown key(s) in [next]: {', '.join(sorted(unknown))}")
    at = section.get("at", base.at)
    if not isinstance(at, (list, tuple)) or len(at) != 2:
        raise ValueError("next.at must be [X, Y], fractions of the board or window")
    return Advance(
        how=section.get("after", base.how),
        at=(float(at[0]), float(at[1])),
        of=section.get("of", base.of),
        key=str(section.get("key", base.key)),
        timeout=float(section.get("timeout_ms", base.timeout * 1000)) / 1000,
    )


def _jump(drag: dict[str, Any], default: int | None) -> int | None:
    """``drag.jump`` (cells, or ``"run"``), or the older ``drag.style`` it replaces."""
    if "jump" in drag:
        jump = drag["jump"]
        if jump == "run":
            return None
        if not isinstance(jump, int) or isinstance(jump, bool) or jump < 1:
            raise ValueError(f'drag.jump must be a whole number of cells or "run", not {jump!r}')
        return jump
    style = drag.get("style")
    if style is None:
        return default
    if style not in DRAG_STYLES:
        raise ValueError(f"drag.style must be one of {', '.join(DRAG_STYLES)}, not {style!r}")
    return DRAG_STYLES[style]


def _ms(value: Any, was: float | None) -> float | None:
    """Milliseconds given in a profile, in seconds; ``was`` when not given."""
    return was if value is None else float(value) * 1e-3


def jump_toml(jump: int | None) -> str:
    """A jump as ``drag.jump`` writes it: cells, or ``"run"``."""
    return _q("run") if jump is None else str(jump)


def profile_toml(profile: Profile) -> str:
    """The profile as TOML text that ``load_profile`` reads back."""
    s = profile.settings
    lines = [
        f"name = {_q(profile.name)}",
        f"description = {_q(profile.description)}",
        "",
        "[pacing]",
        "# Milliseconds: between two moves, after each release, and after the press and",
        "# before the release (hold_ms; left out: a step).",
        f"step_ms = {s.pacing.step * 1000:.1f}",
        f"between_ms = {s.pacing.between * 1000:.1f}",
        *([f"hold_ms = {s.pacing.hold * 1000:.1f}"] if s.pacing.hold is not None else []),
        "",
        "[drag]",
        "# The most cells one move goes along a straight run (how far the game fills a",
        '# jump of the pointer); "run": a whole straight run, a move per turn.',
        f"jump = {jump_toml(s.jump)}",
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
        "[next]",
        '# After a solved board (play --loop): "wait" for the next board, "click" at `at`',
        "# (fractions of the board's or window's width and height: `of`), or press `key`.",
        f"after = {_q(s.advance.how)}",
        f"at = [{s.advance.at[0]:g}, {s.advance.at[1]:g}]",
        f"of = {_q(s.advance.of)}",
        f"key = {_q(s.advance.key)}",
        f"timeout_ms = {s.advance.timeout * 1000:.0f}",
        "",
        "[calibrate]",
        '# Between trials: "redraw" (drawing from a dot replaces its pipe), "tap" (a tap',
        '# on a dot clears it), "key:NAME" (a reset key, e.g. "key:r") or "click:X,Y" (a',
        "# reset button; X, Y: fractions of the board's width and height).",
        f"clear = {_q(profile.clear)}",
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
    sections: Mapping[str, Mapping[str, str]] = {},
) -> str:
    """A profile holding only what was measured, over the shipped profile ``based_on``.

    ``pacing`` maps ``step_ms`` / ``between_ms`` / ``hold_ms`` to milliseconds; ``notes``
    become comments (how it was measured). ``sections`` are further measured
    tables (``{"drag": {"jump": "3"}}``), their values TOML already. Without
    ``based_on`` the rest is flowbot's defaults.
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
    for section, values in sections.items():
        lines += [f"[{section}]", *(f"{key} = {value}" for key, value in values.items()), ""]
    return "\n".join(lines)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
