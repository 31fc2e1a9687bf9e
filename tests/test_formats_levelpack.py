"""The game's level-pack format: reading, writing, and every official level's reference solution."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flowbot.errors import InputError, PuzzleFormatError
from flowbot.formats import (
    NamedPuzzle,
    detect_format,
    format_puzzle,
    format_puzzles,
    parse_puzzles,
    read_puzzles,
)
from flowbot.models import Cell, Pair, Puzzle, Shape, Solution, link

#: The README's example: pack 15, level 1 (a bridge in the middle, holes in the corners).
BRIDGED = "5,0,1,5,12,0:4:20:24;2,7,12,17;1,6,5;3,8,9;10,11,12,13,14;15,16,21,22,23,18,19\n"
#: Pack 27 (warps), level 2: a 5 wide, 3 high board wrapping only across row 1.
WARPED = "W_5:3,0,2,4,,,0|10:1|11:2|12:3|13:4|14:0|4:10|14;0,1,2,3,4;8,13,14;10,11,12,7;6,5,9\n"
#: Pack 23 (hexes), level 1.
HEXED = "X_5,0,1,5,,1:3:0:20:4:24;16,11,6,2;22,23,19,14;5,10,15,21;8,7,12;17,18,13,9\n"


def _one(text: str) -> NamedPuzzle:
    [named] = parse_puzzles(text, source="pack.txt")
    return named


def test_the_readme_example_reads_as_drawn_there() -> None:
    named = _one(BRIDGED)
    puzzle = named.puzzle
    assert detect_format(BRIDGED) == "levelpack"
    assert named.name == "pack.txt#1"
    assert (puzzle.rows, puzzle.cols, puzzle.shape) == (5, 5, Shape.SQUARE)
    assert puzzle.bridges == {Cell(2, 2)}
    assert puzzle.holes == {Cell(0, 0), Cell(0, 4), Cell(4, 0), Cell(4, 4)}
    assert [p.label for p in puzzle.pairs] == ["0", "1", "2", "3", "4"]
    assert puzzle.pairs[0] == Pair("0", Cell(0, 2), Cell(3, 2))
    assert named.solution is not None
    assert named.solution.paths[0] == (Cell(0, 2), Cell(1, 2), Cell(2, 2), Cell(3, 2))
    named.solution.validate()


def test_a_wrapping_board_warps_on_every_edge_pair_no_wall_closes() -> None:
    puzzle = _one(WARPED).puzzle
    assert puzzle.warps == {link((1, 0), (1, 4))}
    assert not puzzle.walls  # the listed pairs all lie across the edge: they close warps
    assert set(puzzle.neighbours(Cell(1, 4))) == {Cell(0, 4), Cell(2, 4), Cell(1, 3), Cell(1, 0)}


def test_a_wrapping_board_has_no_warp_into_a_hole() -> None:
    text = "W_6:3,0,1,4,,0_0:4_0:5_0:12_0:16_0:17_0,3|15:2|14:1|13;10,11,6;1,2,3;7,8,9;13,14,15\n"
    named = _one(text)
    # Rows 0 and 2 end in holes; columns 1, 2 and 3 are closed by walls.
    assert named.puzzle.warps == {link((1, 0), (1, 5))}
    assert named.puzzle.holes == {
        Cell(0, 0),
        Cell(0, 4),
        Cell(0, 5),
        Cell(2, 0),
        Cell(2, 4),
        Cell(2, 5),
    }
    assert named.solution is not None
    named.solution.validate()


def test_a_hex_board_numbers_cells_row_major() -> None:
    named = _one(HEXED)
    assert named.puzzle.shape is Shape.HEX
    assert named.puzzle.holes == {
        Cell(0, 1),
        Cell(0, 3),
        Cell(0, 0),
        Cell(4, 0),
        Cell(0, 4),
        Cell(4, 4),
    }
    assert named.solution is not None
    named.solution.validate()
    # Path 0 steps 6 -> 2, (1, 1) to (0, 2): an odd column's upper-right neighbour.
    assert named.solution.paths[0][-2:] == (Cell(1, 1), Cell(0, 2))


@pytest.mark.parametrize("size", ["6+B", "6+B:I", "6+I:B"])
def test_size_flags_change_nothing(size: str) -> None:
    plain = _one("6,0,1,1;0,1\n").puzzle
    flagged = _one(f"{size},0,1,1;0,1\n").puzzle
    assert flagged == plain


def test_hole_suffixes_are_holes() -> None:
    puzzle = _one("3,0,1,1,,0:1_0:2_0B;3,4,5,8,7,6\n").puzzle
    assert puzzle.holes == {Cell(0, 0), Cell(0, 1), Cell(0, 2)}


def test_several_levels_are_named_by_line_and_keep_their_solutions(tmp_path: Path) -> None:
    path = tmp_path / "pack.txt"
    path.write_text(BRIDGED + WARPED + HEXED)
    read = read_puzzles(path)
    assert [n.name for n in read] == [f"{path}#{k}" for k in (1, 2, 3)]
    assert all(n.solution is not None for n in read)


def test_written_lines_read_back_with_or_without_the_solution() -> None:
    for text in (BRIDGED, WARPED, HEXED):
        named = _one(text)
        assert named.solution is not None
        bare = format_puzzle(named.puzzle, "levelpack")
        again = _one(bare)
        assert again.puzzle == named.puzzle
        assert again.solution is None
    # A classic board from another format gets positional labels.
    classic = Puzzle.from_grid(["A.B", "...", "A.B"])
    assert format_puzzle(classic, "levelpack") == "3,0,1,2;0,6;2,8\n"
    # Puzzles without names get '# puzzle: k' lines, as in every format; a pack read
    # from a file is written back as the game's file, a level a line, solutions kept.
    assert format_puzzles([classic, classic], "levelpack").startswith("# puzzle: 1\n3,0,1,2;")
    pack = parse_puzzles(BRIDGED + WARPED, source="pack.txt")
    written = format_puzzles(pack, "levelpack")
    assert written.count("\n") == 2
    assert written.startswith(BRIDGED)
    again = parse_puzzles(written, source="pack.txt")
    assert [(n.puzzle, n.solution) for n in again] == [(n.puzzle, n.solution) for n in pack]


def test_a_board_of_nothing_but_adjacent_dots_is_its_own_solution() -> None:
    named = _one("2:1,0,1,1;0,1\n")
    assert named.solution == Solution(named.puzzle, ((Cell(0, 0), Cell(0, 1)),))
    # Two dots each, covering the board but not joined: dots only.
    assert _one("4:1,0,1,2;0,3;1,2\n").solution is None


def test_variant_boards_cannot_be_written_as_classic_formats() -> None:
    puzzle = _one(BRIDGED).puzzle
    for fmt in ("grid", "houston", "ahle", "janko"):
        with pytest.raises(InputError, match=f"the {fmt} format holds only classic boards"):
            format_puzzle(puzzle, fmt)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("5,0,1\n", "bad header"),
        ("Y_5,0,1,1;0,1\n", "bad size 'Y_5'"),
        ("5+Q,0,1,1;0,1\n", "unknown size flag 'Q'"),
        ("5,0,x,1;0,1\n", "bad number 'x'"),
        ("5,0,1,2;0,1\n", "the header says 2 flows but the line has 1 paths"),
        ("5,0,1,1;0\n", "path 0 has 1 cell"),
        ("5,0,1,1;0,25\n", "bad cell of path 0 '25'"),
        ("5,0,1,1;0,-1\n", "bad cell of path 0 '-1'"),
        ("5,0,1,1,,,0|2;0,1\n", "wall between row 0, col 0 and row 0, col 2: not neighbours"),
        ("5,0,1,1,,,0|4;0,1\n", "not neighbours"),  # an edge pair, but the board does not wrap
        ("5,0,1,1,,,0/1;0,1\n", "bad wall '0/1'"),
        ("5,0,1,1,,0;0,1\n", "dot '0' at row 0, col 0 is in a hole"),
        ("5,0,1,1,,0_1;1,2\n", "bad hole '0_1'"),
        ("5,0,1,1,0;1,2\n", "bridge at row 0, col 0 is on the border"),
        ("X_5,0,1,1,12;0,1\n", "warps and bridges need square cells"),
        ("X_5,0,1,1,,,0|7;1,2\n", "wall between row 0, col 0 and row 1, col 2: not neighbours"),
    ],
)
def test_bad_lines_name_file_line_and_problem(text: str, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        parse_puzzles("3,0,1,1;0,1\n" + text, source="pack.txt")
    assert str(caught.value).startswith("pack.txt:2: ")
    assert problem in str(caught.value)
    assert "\n" not in str(caught.value)


_FUZZ_ALPHABET = "0123456789,;:|_+BIWX\n-.# hexsquarewalp"
#: A walled 6x6 (the README's), besides the three levels above.
WALLED = "6,0,1,5,,,2|8:5|11:12|18:21|22;15,10;12,25;5,26;35,18;28,11\n"


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_mutated_levels_and_board_texts_parse_or_raise_a_format_error(
    data: st.DataObject,
) -> None:
    # Near-valid input reaches the deep checks that random text rarely gets to.
    fmt = data.draw(st.sampled_from(["levelpack", "board"]))
    text = data.draw(st.sampled_from([BRIDGED, WARPED, HEXED, WALLED]))
    if fmt == "board":
        text = format_puzzle(_one(text).puzzle, "board")
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 3)))
        text = text[:i] + data.draw(st.text(alphabet=_FUZZ_ALPHABET, max_size=3)) + text[j:]
    try:
        read = parse_puzzles(text, format=data.draw(st.sampled_from([None, fmt])))
    except InputError as exc:
        message = str(exc)
    else:
        assert all(isinstance(n.puzzle, Puzzle) for n in read)
        return
    assert message
    assert "\n" not in message


# --- the official levels -----------------------------------------------------------------


@pytest.fixture(scope="module")
def official(shared: Path) -> dict[str, tuple[NamedPuzzle, ...]]:
    folder = shared / "official"
    if not folder.is_dir():
        pytest.skip(f"official levels not found at {folder}")
    return {path.stem: read_puzzles(path) for path in sorted(folder.glob("levelpack_*.txt"))}


def test_every_official_reference_solution_validates(
    official: dict[str, tuple[NamedPuzzle, ...]],
) -> None:
    levels = [named for pack in official.values() for named in pack]
    assert len(official) == 48
    assert len(levels) == 7050
    for named in levels:
        assert named.solution is not None, named.name
        named.solution.validate()


def test_official_packs_hold_the_kinds_the_readme_counts(
    official: dict[str, tuple[NamedPuzzle, ...]],
) -> None:
    def kinds(pack: str) -> dict[str, int]:
        return dict(collections.Counter(n.puzzle.kind for n in official[pack]))

    assert kinds("levelpack_23_hexes") == {"hex+holes": 150}
    assert kinds("levelpack_15") == {"square+bridges": 149, "square+holes+bridges": 1}
    assert kinds("levelpack_27_warps") == {"square+warps": 149, "square+holes+warps": 1}
    # The README's "rect" and "square" are both square cells here.
    assert kinds("levelpack_33_variety") == {
        "square+holes": 66,
        "square+walls": 64,
        "square+holes+walls": 20,
    }
    assert kinds("levelpack_28_party") == {
        "hex+holes": 35,
        "square+holes+warps": 20,
        "square+holes": 25,
        "hex+holes+walls": 15,
        "square+holes+walls": 15,
        "square+walls+bridges": 10,
        "square+walls+bridges+warps": 10,
        "square+walls+warps": 5,
        "square+warps": 5,
        "square+holes+walls+warps": 5,
        "square+bridges+warps": 5,
    }


def test_every_official_level_survives_writing(
    official: dict[str, tuple[NamedPuzzle, ...]],
) -> None:
    for pack in official.values():
        for named in pack:
            again = _one(format_puzzle(named.puzzle, "levelpack"))
            assert again.puzzle == named.puzzle, named.name
    for named in official["levelpack_28_party"]:
        from flowbot.formats import _levelpack  # noqa: PLC0415 - the writer with a solution

        [again] = parse_puzzles(_levelpack.write(named.puzzle, named.solution))
        assert again.solution == named.solution
