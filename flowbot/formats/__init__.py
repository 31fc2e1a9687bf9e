"""Puzzle files: read and write every supported text format.

Formats (``FORMATS``), detected automatically unless one is forced:

``grid``
    One line per row, ``.`` for an empty cell, one character per colour
    (``../shared/puzzles/zucker``). Square or rectangular.
``houston``
    ``COLOURS COLS ROWS``, then ``(x, y) (x, y)`` per colour, ``x`` the column
    and ``y`` the row. It stores no labels: colour ``i`` (its 0-based line
    index) is labelled ``str(i)``.
``ahle``
    Many puzzles per file: ``WIDTH HEIGHT`` then that many grid rows; ``#``
    comments and blank lines between puzzles; a ``0 0`` line ends the input.
``levelpack``
    The game's own level packs (``../shared/official``): one level per line,
    ``SIZE,GROUP,NUMBER,FLOWS[,BRIDGES[,HOLES[,WALLS]]];PATH;...``, every kind of
    board. Flow ``i`` (0-based) is labelled ``str(i)``; a cell index ``i`` is
    ``Cell(*divmod(i, WIDTH))``. Level k of a file is ``FILE#k``; a line holding
    the level's solution keeps it as ``NamedPuzzle.solution`` (the reference
    answer, never given to the solver).
``board``
    Board text, grid text for every kind of board: a first line naming the
    lattice (``square`` or ``hex``), grid rows with ``#`` for a hole and ``+``
    for a bridge, then ``wall ROW,COL ROW,COL`` and ``warp ROW,COL ROW,COL``
    lines (see ``flowbot.formats._board``).
``janko``
    Copris/janko: ``COLOURS``, ``WIDTH``, ``HEIGHT`` (one per line, or all on the
    first line), then rows of whitespace-separated cells, ``-`` for empty and
    anything else a label (Copris's own ``ROWS``/``COLS`` header is read too).

Labels are kept exactly as written (``Pair.label`` is a string, so janko's
``12`` survives). When writing to a format whose labels cannot hold the
puzzle's (grid and ahle need one character that is not ``.``, ``#`` or
whitespace; janko needs a token without whitespace that is not ``-``), the
whole puzzle is written in its ``Puzzle.canonical()`` form (labels A-Z, a-z,
0-9 in reading order); more than 62 colours then raise ``InputError``.

Several puzzles in one file, in any format: each puzzle's text follows a
line ``# puzzle: NAME`` (``NAME`` says where it came from, such as the
screenshot it was read from; ahle files take these lines as comments). This
is what flowbot writes for several puzzles (``format_puzzles``), and it reads
such files back, each puzzle with its ``title``.

Puzzles read from a file are named ``FILE``, or ``FILE#k`` (1-based) for the
k-th puzzle of a file holding several; ``read_puzzles("FILE#k")`` reads that
one alone. Malformed input raises ``PuzzleFormatError`` naming the file, the
line and the problem.

Examples
--------
>>> [named] = parse_puzzles("1 3 2\\n(0, 0) (2, 1)\\n")
>>> named.puzzle.to_grid()
('0..', '..0')
>>> print(format_puzzle(named.puzzle, "grid"), end="")
0..
..0
>>> [(p.name, p.title) for p in parse_puzzles("# puzzle: a.png\\nA\\nA\\n# puzzle: b.png\\nBB\\n")]
[('<string>#1', 'a.png'), ('<string>#2', 'b.png')]
>>> parse_puzzles("A.\\n..\\n", source="p.txt")
Traceback (most recent call last):
...
flowbot.errors.PuzzleFormatError: p.txt:1: label 'A' appears only once (row 0, col 0); ...
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from flowbot.errors import InputError, InvalidPuzzleError, PuzzleFormatError
from flowbot.formats import _ahle, _board, _grid, _houston, _janko, _levelpack
from flowbot.formats._common import MAX_SIDE, Line, is_int, numbered_lines
from flowbot.models import Puzzle, Solution

__all__ = [
    "FORMATS",
    "MAX_SIDE",
    "PUZZLE_MARK",
    "NamedPuzzle",
    "detect_format",
    "format_puzzle",
    "format_puzzles",
    "iter_puzzle_files",
    "numbered_file",
    "parse_puzzles",
    "read_puzzles",
    "write_puzzles",
]

log = logging.getLogger(__name__)

#: Every format name, for ``--format`` choices.
FORMATS = ("grid", "houston", "ahle", "janko", "board", "levelpack")

#: Formats that hold any number of puzzles per file.
MULTI_PUZZLE_FORMATS = frozenset({"ahle", "levelpack"})

#: A reader gives each puzzle of a file, or a level with the solution the file holds.
_READERS: dict[str, Callable[[list[Line], str], Sequence[Puzzle | _levelpack.Level]]] = {
    "grid": _grid.read,
    "houston": _houston.read,
    "ahle": _ahle.read,
    "janko": _janko.read,
    "board": _board.read,
    "levelpack": _levelpack.read,
}
_WRITERS: dict[str, Callable[[Puzzle], str]] = {
    "grid": _grid.write,
    "houston": _houston.write,
    "ahle": _ahle.write,
    "janko": _janko.write,
    "board": _board.write,
    # levelpack: format_puzzles writes the game's files itself (numbered, with solutions).
}


#: The line that starts each puzzle of a file holding several: ``# puzzle: NAME``.
PUZZLE_MARK = "# puzzle: "
_MARK = re.compile(r"#\s*puzzle:\s*(.*?)\s*")
#: ``FILE#k``: puzzle k (1-based) of a file.
_NUMBERED = re.compile(r"(?s)(.+)#([0-9]+)")


@dataclass(frozen=True, slots=True)
class NamedPuzzle:
    """A puzzle and the name it is reported under: ``FILE`` or ``FILE#k``.

    ``title`` is the name a file holding several puzzles gives it (its
    ``# puzzle: NAME`` line), or empty. ``solution`` is the answer the file
    itself holds (the game's level packs do), kept as reference data; the
    solver never sees it.
    """

    name: str
    puzzle: Puzzle
    title: str = ""
    solution: Solution | None = None


def _check_format(format: str) -> None:
    if format not in _READERS:
        raise InputError(f"unknown puzzle format {format!r}; choose one of {', '.join(FORMATS)}")


def detect_format(text: str) -> str:
    """Guess the format of a puzzle file's text.

    Parameters
    ----------
    text : str
        The whole file.

    Returns
    -------
    str
        One of ``FORMATS``. Anything unrecognised is taken as ``grid``, whose
        reader then says what is wrong.

    Raises
    ------
    PuzzleFormatError
        When the text holds nothing but whitespace.

    Examples
    --------
    >>> [detect_format(t) for t in ("A.A\\n", "1 3 1\\n(0, 0) (2, 0)\\n", "3 1\\nA.A\\n")]
    ['grid', 'houston', 'ahle']
    >>> detect_format("1\\n3\\n1\\n1 - 1\\n")
    'janko'
    """
    content = [line.text.strip() for line in numbered_lines(text) if line.text.strip()]
    if not content:
        raise PuzzleFormatError("empty file")
    first = content[0]
    tokens = first.split()
    if _levelpack.looks_like(first):
        return "levelpack"
    if _board.looks_like(first):
        return "board"
    if first.startswith("#"):
        return "ahle"
    if not all(is_int(t) for t in tokens):
        return "grid"
    following = content[1] if len(content) > 1 else ""
    if len(tokens) == 2:
        return "ahle"
    if len(tokens) == 3:
        # houston colour lines start with "(", its generator settings are 4 numbers.
        settings = following.split()
        generator = len(settings) == 4 and all(is_int(t) for t in settings)
        return "houston" if not following or following.startswith("(") or generator else "janko"
    # A lone number: a janko header (one number per line), unless it is just the
    # first row of a grid of digits.
    if not (len(following.split()) == 1 and is_int(following)):
        return "grid"
    if any(len(line.split()) > 1 or line == _janko.EMPTY for line in content[1:]):
        return "janko"
    # A one-column janko board: three header numbers, its width 1 and the last the rows
    # left (a one-column grid of digits may end its third row so: 1, 0, 1, 0).
    third = content[2] if len(content) > 2 else ""
    one_column = following == "1" and is_int(third) and int(third) == len(content) - 3
    return "janko" if one_column else "grid"


def parse_puzzles(
    text: str, *, format: str | None = None, source: str = "<string>"
) -> tuple[NamedPuzzle, ...]:
    """Parse every puzzle of a file's text.

    Parameters
    ----------
    text : str
        The whole file.
    format : str, optional
        One of ``FORMATS``; detected from the text when not given.
    source : str
        The file name used in puzzle names and error messages.

    Returns
    -------
    tuple of NamedPuzzle
        In file order, named ``source`` or ``source#k`` (multi-puzzle formats).

    Raises
    ------
    PuzzleFormatError
        For malformed input, naming ``source``, the line and the problem.
    InputError
        For an unknown ``format``.
    """
    if format is not None:
        _check_format(format)
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise PuzzleFormatError("empty file", path=source)
    lines = numbered_lines(text)
    sections = _sections(lines, source)
    if sections is None:
        chosen = format or detect_format(text)
        puzzles = [("", *p) for p in _read(lines, chosen, source)]
        several = chosen in MULTI_PUZZLE_FORMATS
    else:
        puzzles = [
            (title, *p)
            for title, section in sections
            for p in _read(section, format or detect_format(_text(section)), source)
        ]
        several = True
    if not several:
        return tuple(NamedPuzzle(source, p, title, s) for title, p, s in puzzles)
    return tuple(
        NamedPuzzle(f"{source}#{k}", p, title, s)
        for k, (title, p, s) in enumerate(puzzles, start=1)
    )


def _read(lines: list[Line], format: str, source: str) -> list[tuple[Puzzle, Solution | None]]:
    """Each puzzle of the lines, with the solution the file holds for it (level packs do)."""
    log.debug("%s: reading as %s", source, format)
    return [
        (item.puzzle, item.solution) if isinstance(item, _levelpack.Level) else (item, None)
        for item in _READERS[format](lines, source)
    ]


def _text(lines: list[Line]) -> str:
    return "".join(line.text + "\n" for line in lines)


def _sections(lines: list[Line], source: str) -> list[tuple[str, list[Line]]] | None:
    """A file's ``# puzzle: NAME`` sections, as (NAME, lines); ``None`` when it has none.

    Only comments and blank lines may come before the first.
    """
    starts = [i for i, line in enumerate(lines) if _MARK.fullmatch(line.text)]
    if not starts:
        return None
    for line in lines[: starts[0]]:
        if line.text.strip() and not line.text.lstrip().startswith("#"):
            raise PuzzleFormatError(
                f"a puzzle line before the first {PUZZLE_MARK.strip()!r} line",
                path=source,
                line=line.number,
            )
    sections = []
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        match = _MARK.fullmatch(lines[start].text)
        assert match is not None  # found above
        body = lines[start + 1 : end]
        if not any(line.text.strip() for line in body):
            raise PuzzleFormatError(
                "no puzzle after this line", path=source, line=lines[start].number
            )
        sections.append((match.group(1), body))
    return sections


def numbered_file(name: str) -> tuple[str, int | None]:
    """``(FILE, k)`` for a name ``FILE#k`` (when no file has that very name), else ``(name, None)``.

    >>> numbered_file("inputs10#3"), numbered_file("plain.txt")
    (('inputs10', 3), ('plain.txt', None))
    """
    match = _NUMBERED.fullmatch(name)
    if match is None or Path(name).exists():
        return name, None
    return match.group(1), int(match.group(2))


def read_puzzles(path: str | Path, format: str | None = None) -> tuple[NamedPuzzle, ...]:
    """Read every puzzle of a file (see ``parse_puzzles``); names start with ``str(path)``.

    ``FILE#k`` (when no file has that very name) reads puzzle k of ``FILE`` alone.

    Raises
    ------
    InputError
        When the file cannot be read or is not UTF-8 text, or has no puzzle k.
    PuzzleFormatError
        For malformed input.
    """
    name = str(path)
    file, k = numbered_file(name)
    if k is not None:
        puzzles = read_puzzles(file, format)
        if not 1 <= k <= len(puzzles):
            raise InputError(f"{file} holds {len(puzzles)} puzzle(s), not #{k}")
        one = puzzles[k - 1]
        return (replace(one, name=name),)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{name}: is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({(exc.strerror or str(exc)).lower()})") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError("not UTF-8 text", path=name) from exc
    return parse_puzzles(text, format=format, source=name)


def _fits(puzzle: Puzzle, format: str) -> bool:
    labels = [pair.label for pair in puzzle.pairs]
    if format in ("grid", "ahle"):
        return all(len(s) == 1 and s not in ".#" and not s.isspace() for s in labels)
    if format == "board":
        return all(len(s) == 1 and s not in _board.RESERVED and not s.isspace() for s in labels)
    if format == "janko":
        return all(s != _janko.EMPTY and not any(ch.isspace() for ch in s) for s in labels)
    return True  # houston stores no labels


#: Formats that hold only classic boards (square cells, no holes, walls, bridges or warps).
_CLASSIC_ONLY = frozenset({"grid", "houston", "ahle", "janko"})


def _writable(puzzle: Puzzle, format: str) -> Puzzle:
    """``puzzle``, or its canonical form when ``format`` cannot hold its labels."""
    if format in _CLASSIC_ONLY and not puzzle.is_classic:
        holders = " or ".join(f for f in FORMATS if f not in _CLASSIC_ONLY)
        raise InputError(
            f"the {format} format holds only classic boards, not a {puzzle.kind} board "
            f"(write it as {holders})"
        )
    if _fits(puzzle, format):
        return puzzle
    try:
        return puzzle.canonical()
    except InvalidPuzzleError as exc:
        raise InputError(f"cannot write a {format} file: {exc}") from exc


def format_puzzles(puzzles: Iterable[Puzzle | NamedPuzzle], format: str) -> str:
    """The text of a file holding ``puzzles`` in ``format``, which flowbot reads back.

    Several puzzles go each after a ``# puzzle: NAME`` line (see the module
    docstring): a ``NamedPuzzle``'s title, else its name, else its number.
    A puzzle whose labels the format cannot hold is written in its canonical
    form. ``ahle`` files end with the ``0 0`` line. A level pack is the game's
    own file, a level a line, each with the solution a ``NamedPuzzle`` holds;
    its ``# puzzle: NAME`` lines are left out when every name is just ``FILE#k``
    (a pack read and written back stays the game's file).

    Raises
    ------
    InputError
        For an unknown format, no puzzle at all, or more than 62 colours
        needing new labels.

    Examples
    --------
    >>> two = [Puzzle.from_grid(["AA"]), Puzzle.from_grid(["B", "B"])]
    >>> print(format_puzzles(two, "houston"), end="")
    # puzzle: 1
    1 2 1
    (0, 0) (1, 0)
    <BLANKLINE>
    # puzzle: 2
    1 1 2
    (0, 0) (0, 1)
    """
    _check_format(format)
    named = [
        p if isinstance(p, NamedPuzzle) else NamedPuzzle(str(k), p)
        for k, p in enumerate(puzzles, start=1)
    ]
    if not named:
        raise InputError("no puzzle to write")
    if format == "levelpack":  # the game's own files: a level a line, its solution if known
        blocks = [
            _levelpack.write(p.puzzle, p.solution, number=k) for k, p in enumerate(named, start=1)
        ]
        # A game file has no names: keep only those that say more than "level k of FILE".
        titled = any(p.title or not _is_numbered(p.name, k) for k, p in enumerate(named, 1))
    else:
        blocks = [_WRITERS[format](_writable(p.puzzle, format)) for p in named]
        titled = True
    if len(blocks) > 1 and titled:
        blocks = [
            f"{PUZZLE_MARK}{_one_line(p.title or p.name)}\n{block}"
            for p, block in zip(named, blocks, strict=True)
        ]
    if format == "ahle":
        blocks.append("0 0\n")
    return ("\n" if titled else "").join(blocks)


def _is_numbered(name: str, k: int) -> bool:
    """True for a name ``FILE#k``: the k-th puzzle of a file, as read."""
    match = _NUMBERED.fullmatch(name)
    return match is not None and int(match.group(2)) == k


def _one_line(name: str) -> str:
    return " ".join(name.split()) or "?"


def format_puzzle(puzzle: Puzzle, format: str) -> str:
    """The text of a one-puzzle file (``format_puzzles`` of one puzzle)."""
    return format_puzzles((puzzle,), format)


def write_puzzles(path: str | Path, puzzles: Iterable[Puzzle | NamedPuzzle], format: str) -> None:
    """Write ``format_puzzles(puzzles, format)`` to ``path`` (UTF-8)."""
    text = format_puzzles(puzzles, format)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}") from exc


def iter_puzzle_files(root: str | Path) -> tuple[Path, ...]:
    """Every puzzle file under ``root``, sorted; skips ``hints/``, hidden and ``*.md`` files.

    A corpus such as ``../shared/puzzles`` keeps hint files (solutions for
    mzucker's solver, not puzzles) in ``hints/`` folders and notes in README.md.
    """
    root = Path(root)
    if root.is_file():
        return (root,)
    if not root.is_dir():
        raise InputError(f"{root}: no such file or folder")
    found = []
    for path in root.rglob("*"):
        parts = path.relative_to(root).parts
        if any(part == "hints" or part.startswith(".") for part in parts):
            continue
        if path.is_file() and path.suffix.lower() != ".md":
            found.append(path)
    return tuple(sorted(found))
