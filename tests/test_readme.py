"""The README's commands exist: every `flowbot COMMAND --option` it shows is one the CLI takes."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from flowbot.cli import build_parser

README = Path(__file__).resolve().parent.parent / "README.md"


def _snippets() -> list[str]:
    """Each command line of the README's code blocks and inline code that runs flowbot."""
    text = README.read_text()
    blocks = re.findall(r"```bash\n(.*?)```", text, flags=re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    lines += re.findall(r"`(flowbot [^`]+)`", text)
    return [line.strip() for line in lines if line.strip().startswith("flowbot ")]


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_the_readme_shows_commands() -> None:
    assert len(_snippets()) > 20


@pytest.mark.parametrize("line", _snippets())
def test_every_option_shown_exists(line: str) -> None:
    commands = _commands()
    command = line.split()[1]
    assert command in commands, f"no command {command!r}: {line}"
    known = {s for action in commands[command]._actions for s in action.option_strings}
    known |= {s for action in build_parser()._actions for s in action.option_strings}
    # Options shown in the command and in its comment (`# --json, --count N`).
    shown = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", line))
    assert shown <= known, f"{line}: unknown {sorted(shown - known)}"
