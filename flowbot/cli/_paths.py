"""File arguments, checked while the command line is parsed: before any work starts.

Each function here is an argparse ``type``: it takes the text given and
returns a ``Path`` (or the text), or raises ``InputError`` with one line that
names the path (argparse lets it through, so it is reported like any other
failure). So a missing folder, an unwritable place or a wrong suffix ends
the run at once, not after minutes of work, and every command words the same
failure the same way. A default picked at run time is checked by calling the
same function.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from flowbot.errors import InputError
from flowbot.formats import numbered_file


def input_file(text: str) -> Path:
    """An existing file to read."""
    path = Path(text)
    if path.is_dir():
        raise InputError(f"{text}: is a folder, not a file")
    if not path.is_file():
        raise InputError(f"{text}: no such file")
    return path


def puzzle_file(text: str) -> str:
    """A puzzle file, or ``FILE#k`` for puzzle k of a multi-puzzle file (kept as text)."""
    input_file(numbered_file(text)[0])
    return text


def output_file(*suffixes: str) -> Callable[[str], Path]:
    """A file to write, in a folder that exists and takes files, ending in one of ``suffixes``.

    The file itself is not made (someone may be waiting for it to appear): a
    run that fails before its end leaves no empty file.
    """

    def check(text: str) -> Path:
        path = Path(text)
        if suffixes and path.suffix.lower() not in suffixes:
            raise InputError(
                f"{text}: must end in {' or '.join(suffixes)} (the format is taken from the name)"
            )
        if path.is_dir():
            raise InputError(f"{text}: is a folder; give a file name")
        _check_folder(path.parent, text)
        if path.exists():
            try:  # the one sure test (root passes every access test); "a" does not truncate
                with path.open("a"):
                    pass
            except OSError as exc:
                raise InputError(f"{text}: cannot write ({_why(exc)})") from None
        return path

    return check


def output_dir(text: str) -> Path:
    """A folder to write files into: existing, or made now under a folder that exists."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise InputError(f"{text}: is a file, not a folder")
    if not path.exists():
        _check_folder(_existing_parent(path), text)
        try:
            path.mkdir(parents=True)
        except OSError as exc:
            raise InputError(f"{text}: cannot make the folder ({_why(exc)})") from None
    else:
        _check_folder(path, text)
    return path


def _existing_parent(path: Path) -> Path:
    for parent in path.absolute().parents:
        if parent.exists():
            return parent
    return Path("/")


def _check_folder(folder: Path, text: str) -> None:
    """``folder`` exists and takes new files (tried for real: root passes every access test)."""
    import tempfile  # noqa: PLC0415 - only when a path is checked: `--help` stays quick

    if not folder.is_dir():
        raise InputError(f"{text}: no such folder {folder}")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise InputError(f"{text}: cannot write in {folder} ({_why(exc)})") from None


def _why(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()
