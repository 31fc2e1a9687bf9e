"""Calibration profiles: the play settings for one kind of target, kept in TOML.

A profile names a target (a phone mirrored with scrcpy, the web game in a
browser, the desktop app, the practice board) and holds what differs between
them: pacing, how far one move may jump, where to look, how strictly to check
colours, how to go on to the next level and how calibration clears the board.
``flowbot play --profile NAME`` looks for ``NAME.toml`` in ``./calibration``,
then in the ``calibration`` folder beside the package; a path works too.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from flowbot.actuate._advance import Advance
from flowbot.actuate._calibrate import check_clear_mode
from flowbot.actuate._draw import Pacing
from flowbot.actuate._plan import DRAG_STYLES
from flowbot.actuate._play import Settings
from flowbot.actuate._screen import Region
from flowbot.errors import InputError

#: The calibration folder of a source checkout (beside the package).
BUILTIN_DIR = Path(__file__).resolve().parents[2] / "calibration"


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


def profile_dirs() -> tuple[Path, ...]:
    """Where ``--profile NAME`` is looked for, in order."""
    return (Path.cwd() / "calibration", BUILTIN_DIR)


def find_profile(name: str) -> Path:
    """The file for profile ``name`` (a name or a path); ``InputError`` when missing."""
    given = Path(name)
    if given.suffix == ".toml" or given.parent != Path():
        if given.is_file():
            return given
        raise InputError(f"no profile file {name}")
    for folder in profile_dirs():
        path = folder / f"{name}.toml"
        if path.is_file():
            return path
    known = sorted({p.stem for d in profile_dirs() if d.is_dir() for p in d.glob("*.toml")})
    raise InputError(f"no profile {name!r}; known: {', '.join(known) or 'none'}")


def load_profile(name: str) -> Profile:
    """Read a profile by name or path.

    Raises
    ------
    InputError
        The file is missing, is not TOML, or holds a bad value (named).
    """
    path = find_profile(name)
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: {exc}") from None
    try:
        return _from_dict(data, default_name=path.stem)
    except (TypeError, ValueError, KeyError) as exc:
        raise InputError(f"{path}: {exc}") from None


def _from_dict(data: dict[str, Any], *, default_name: str) -> Profile:
    known = {"name", "description", "pacing", "drag", "screen", "check", "calibrate", "next"}
    if unknown := set(data) - known:
        raise ValueError(f"unknown key(s) {', '.join(sorted(unknown))}")
    pacing = data.get("pacing", {})
    drag = data.get("drag", {})
    screen = data.get("screen", {})
    check = data.get("check", {})
    base = Settings()
    jump = _jump(drag, base.jump)
    region = screen.get("region")
    if region is not None:
        if len(region) != 4 or any(not isinstance(v, int) for v in region):
            raise ValueError("screen.region must be [X, Y, W, H] in whole pixels")
        region = Region(*region)
    ms = 1e-3
    settings = replace(
        base,
        pacing=Pacing(
            step=float(pacing.get("step_ms", base.pacing.step / ms)) * ms,
            between=float(pacing.get("between_ms", base.pacing.between / ms)) * ms,
        ),
        jump=jump,
        region=region,
        tolerance=float(check.get("colour_tolerance", base.tolerance)),
        retries=int(check.get("retries", base.retries)),
        settle=float(check.get("settle_ms", base.settle / ms)) * ms,
        confirm_timeout=float(check.get("confirm_timeout_ms", base.confirm_timeout / ms)) * ms,
    )
    after = data.get("next", {})
    settings = replace(settings, advance=_advance(after, base.advance))
    if settings.retries < 0 or settings.tolerance <= 0:
        raise ValueError("check.retries must be >= 0 and check.colour_tolerance > 0")
    monitor = screen.get("monitor")
    return Profile(
        str(data.get("name", default_name)),
        str(data.get("description", "")),
        settings,
        None if monitor is None else int(monitor),
        check_clear_mode(str(data.get("calibrate", {}).get("clear", "redraw"))),
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
        "# The most cells one move goes along a straight run (how far the game fills a",
        '# jump of the pointer); "run": a whole straight run, a move per turn.',
        f"jump = {_q('run') if s.jump is None else s.jump}",
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
        '# on a dot clears it) or "key:NAME" (a reset key, e.g. "key:r").',
        f"clear = {_q(profile.clear)}",
        "",
    ]
    return "\n".join(lines)


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


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
