"""Board text (every kind of board, typed by people) and conversions between the formats."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from flowbot.errors import InputError, InvalidPuzzleError, PuzzleFormatError
from flowbot.formats import FORMATS, detect_format, format_puzzle, parse_puzzles
from flowbot.models import Cell, Pair, Puzzle, Shape, link

WALLED = """\
square
A.B.C.
......
.B..D.
......
A.C.D.
......
wall 0,0 0,1
wall 2,2 3,2  4,4 4,5
"""

BRIDGED = """\
square
..A..
.....
B.+.B
.....
..A..
"""

HEXED = """\
hex
#A.B#
.....
..C..
A...C
#B..#
"""

WARPED = """\
square
A...B
.....
B...A
warp 0,0 0,4
warp 0,2 2,2
"""


def _one(text: str) -> Puzzle:
    [named] = parse_puzzles(text, source="b.txt")
    return named.puzzle


def test_a_walled_board_reads_as_typed() -> None:
    puzzle = _one(WALLED)
    assert detect_format(WALLED) == "board"
    assert puzzle.walls == {link((0, 0), (0, 1)), link((2, 2), (3, 2)), link((4, 4), (4, 5))}
    assert [p.label for p in puzzle.pairs] == ["A", "B", "C", "D"]
    assert Cell(0, 1) not in set(puzzle.neighbours(Cell(0, 0)))


def test_bridges_holes_hexes_and_warps_read_as_typed() -> None:
    assert _one(BRIDGED).bridges == {Cell(2, 2)}
    hexed = _one(HEXED)
    assert hexed.shape is Shape.HEX
    assert hexed.holes == {Cell(0, 0), Cell(0, 4), Cell(4, 0), Cell(4, 4)}
    assert hexed.pairs[0] == Pair("A", Cell(0, 1), Cell(3, 0))
    warped = _one(WARPED)
    assert warped.warps == {link((0, 0), (0, 4)), link((0, 2), (2, 2))}
    assert Cell(0, 4) in set(warped.neighbours(Cell(0, 0)))


@pytest.mark.parametrize("text", [WALLED, BRIDGED, HEXED, WARPED])
def test_board_text_round_trips_exactly(text: str) -> None:
    written = format_puzzle(_one(text), "board")
    assert _one(written) == _one(text)
    if text != WALLED:  # the walled board's text puts two walls on one line
        assert written == text


def test_a_classic_board_is_grid_text_under_a_lattice_line() -> None:
    classic = Puzzle.from_grid(["A.B", "A.B"])
    assert format_puzzle(classic, "board") == "square\nA.B\nA.B\n"
    assert _one("square\nA.B\nA.B\n") == classic


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("circle\nAA\n", 1, "bad first line 'circle': expected the lattice, square or hex"),
        ("square\n", 1, "no grid rows after the lattice line"),
        ("square\nA.A\nwall 0,0 0,1\n...\n", 4, "a grid row after the wall and warp lines"),
        ("square\nA.A\n..\n", 3, "ragged rows"),
        ("square\nA.A\n. .\n", 3, "whitespace inside a grid row"),
        ("square\nA.A\nwall 0,0\n", 3, "a wall needs two cells"),
        ("square\nA.A\nwall 0,0 0;1\n", 3, "bad cell '0;1'"),
        ("square\nA.A\n...\nwall 0,0 1,1\n", 4, "wall between row 0, col 0 and row 1, col 1"),
        ("square\nA.A\n...\nwall 0,0 1,1\n", 4, "a hexagonal one starts with 'hex'"),
        ("hex\nA.A\n...\nwall 0,1 1,0\n", 4, "not neighbours"),
        ("square\nA.A\n...\nwall 0,0 5,0\n", 4, "wall at row 5, col 0 is outside the 2x3 board"),
        ("square\nA.#\n...\n.A.\nwall 0,1 0,2\n", 5, "wall at row 0, col 2 touches a hole"),
        ("square\nA...\n....\nA...\nwarp 1,1 1,3\n", 5, "a warp joins the two ends of a row"),
        ("square\nA...\n....\nA...\nwarp 1,0 1,3\nwarp 2,0 1,3\n", 6, "warp between"),
        ("square\nA.+A\n....\n....\n", 2, "bridge at row 0, col 2 is on the border"),
        ("square\nA...\n.+..\n.#.A\n", 3, "bridge at row 1, col 1 is next to a hole"),
        ("hex\nA...\n.+..\n...A\n", 3, "bridges need square cells"),
        ("square\nA.B.\n....\n.A..\n", 2, "label 'B' appears only once"),
    ],
)
def test_bad_board_text_names_file_line_and_problem(text: str, line: int, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        parse_puzzles(text, format="board", source="b.txt")
    assert str(caught.value).startswith(f"b.txt:{line}: ")
    assert problem in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_bridge_on_the_border_is_fine_where_a_warp_crosses_it() -> None:
    text = "square\nA...B\n.....\n+...+\n.....\nB...A\nwarp 2,0 2,4\n"
    assert _one(text).bridges == {Cell(2, 0), Cell(2, 4)}


# --- random boards of every kind ------------------------------------------------------------


@st.composite
def variant_puzzles(draw: st.DrawFn) -> Puzzle:
    """A valid board of any kind: each feature drawn where the others leave room for it."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    shape = draw(st.sampled_from([Shape.SQUARE, Shape.SQUARE, Shape.SQUARE, Shape.HEX]))
    board = Puzzle(rows, cols, (), shape=shape)
    every = [Cell(r, c) for r in range(rows) for c in range(cols)]
    inner = [c for c in every if 0 < c.row < rows - 1 and 0 < c.col < cols - 1]
    bridges: frozenset[Cell] = frozenset()
    if shape is Shape.SQUARE and inner:
        bridges = frozenset(draw(st.lists(st.sampled_from(inner), max_size=2)))
    near = bridges | {n for b in bridges for n in board.lattice_neighbours(b)}
    free = [c for c in every if c not in near]
    holes = frozenset(draw(st.lists(st.sampled_from(free), max_size=4))) if free else frozenset()
    lattice = sorted(
        {
            link(a, b)
            for a in every
            for b in board.lattice_neighbours(a)
            if not {a, b} & (holes | bridges)
        }
    )
    walls = frozenset(draw(st.lists(st.sampled_from(lattice), max_size=4))) if lattice else None
    edges = [link((r, 0), (r, cols - 1)) for r in range(rows) if cols > 2]
    edges += [link((0, c), (rows - 1, c)) for c in range(cols) if rows > 2]
    edges = [e for e in edges if not set(e) & holes]
    warps = None
    if shape is Shape.SQUARE and edges:
        warps = frozenset(draw(st.lists(st.sampled_from(edges), max_size=3)))
    open_cells = draw(st.permutations([c for c in every if c not in holes | bridges]))
    n = draw(st.integers(0, len(open_cells) // 2))
    labels = draw(st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), unique=True))
    pairs = tuple(
        Pair(label, open_cells[2 * i], open_cells[2 * i + 1]) for i, label in enumerate(labels[:n])
    )
    try:
        return Puzzle(
            rows,
            cols,
            pairs,
            shape=shape,
            holes=holes,
            walls=walls or frozenset(),
            warps=warps or frozenset(),
            bridges=bridges,
        )
    except InvalidPuzzleError:
        assume(False)  # all holes, or a wall or warp beside a bridge on a small board
        raise


def _up_to_order(puzzle: Puzzle) -> Puzzle:
    """The board with its pairs sorted and each pair's dots in reading order."""
    pairs = sorted((Pair(p.label, *sorted((p.a, p.b))) for p in puzzle.pairs), key=lambda p: p.a)
    return Puzzle(
        puzzle.rows,
        puzzle.cols,
        tuple(pairs),
        shape=puzzle.shape,
        holes=puzzle.holes,
        walls=puzzle.walls,
        bridges=puzzle.bridges,
        warps=puzzle.warps,
    )


@settings(max_examples=150, deadline=None)
@given(puzzle=variant_puzzles())
def test_any_board_round_trips_through_board_text_and_the_game_format(puzzle: Puzzle) -> None:
    text = format_puzzle(puzzle, "board")
    assert detect_format(text) == "board"
    assert _up_to_order(_one(text)) == _up_to_order(puzzle)
    [again] = parse_puzzles(format_puzzle(puzzle, "levelpack"))
    assert again.puzzle == puzzle.relabel([str(i) for i in range(len(puzzle.pairs))])


@settings(max_examples=100, deadline=None)
@given(puzzle=variant_puzzles(), fmt=st.sampled_from(FORMATS))
def test_every_format_holds_the_board_or_says_so_in_one_line(puzzle: Puzzle, fmt: str) -> None:
    try:
        text = format_puzzle(puzzle, fmt)
    except InputError as exc:
        message = str(exc)
    else:
        [again] = parse_puzzles(text, format=fmt)
        assert again.puzzle.kind == puzzle.kind
        assert set(again.puzzle.cells()) == set(puzzle.cells())
        return
    assert not puzzle.is_classic
    assert "holds only classic boards" in message
    assert "\n" not in message


def test_the_readme_examples_read_as_the_readme_says() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    block = readme.split("```\nsquare                 square                 hex\n", 1)[1]
    lines = [
        "square                 square                 hex",
        *block.split("```")[0].splitlines(),
    ]
    columns = [[line[i : i + 23].strip() for line in lines] for i in (0, 23, 46)]
    texts = [
        "\n".join(c for c in column if (c and " " not in c) or c.startswith(("wall", "warp")))
        for column in columns
    ]
    walled, bridged, hexed = (_one(text + "\n") for text in texts)
    assert (walled.kind, walled.size, len(walled.walls)) == ("square+walls", "6x6", 4)
    assert (bridged.kind, bridged.size) == ("square+bridges", "5x5")
    assert (hexed.kind, hexed.size) == ("hex+holes", "5x5")
