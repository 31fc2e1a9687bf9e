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


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {s for action in parser._actions for s in action.option_strings}


def _shown(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", text))


def test_the_readme_shows_commands() -> None:
    assert len(_snippets()) > 20


@pytest.mark.parametrize("line", _snippets())
def test_every_option_shown_exists(line: str) -> None:
    commands = _commands()
    run, _, comment = line.partition("#")
    command = run.split()[1]
    known = _options(build_parser())
    if not command.startswith("-"):  # `flowbot --version` names none
        assert command in commands, f"no command {command!r}: {line}"
        known |= _options(commands[command])
    assert _shown(run) <= known, f"{line}: unknown {sorted(_shown(run) - known)}"
    # A comment names the command's options (`# --json, --count N`), or another's.
    anywhere = set().union(known, *map(_options, commands.values()))
    assert _shown(comment) <= anywhere, f"{line}: unknown {sorted(_shown(comment) - anywhere)}"
