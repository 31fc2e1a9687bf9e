from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from flowbot.errors import InputError, PuzzleFormatError
from flowbot.formats import (
    FORMATS,
    MULTI_PUZZLE_FORMATS,
    NamedPuzzle,
    detect_format,
    format_puzzle,
    format_puzzles,
    iter_puzzle_files,
    parse_puzzles,
    read_puzzles,
    write_puzzles,
)
from flowbot.models import Cell, Pair, Puzzle

SAMPLE = Puzzle.from_grid(["R.G.Y", "..B.O", ".....", ".G.Y.", ".RBO."])


#: Formats that store no labels: colour i (0-based, in file order) reads back as str(i).
POSITIONAL = ("houston", "levelpack")


def _houston_labels(puzzle: Puzzle) -> Puzzle:
    return puzzle.relabel([str(i) for i in range(len(puzzle.pairs))])


def _board(puzzle: Puzzle) -> tuple[int, int, frozenset[tuple[str, frozenset[Cell]]]]:
    """A puzzle up to the order of its pairs and of the two dots of each pair."""
    dots = frozenset((p.label, frozenset((p.a, p.b))) for p in puzzle.pairs)
    return puzzle.rows, puzzle.cols, dots


@pytest.mark.parametrize("fmt", FORMATS)
def test_each_format_round_trips_and_is_detected(fmt: str) -> None:
    text = format_puzzle(SAMPLE, fmt)
    assert detect_format(text) == fmt
    [named] = parse_puzzles(text, source="p.txt")
    expected = _houston_labels(SAMPLE) if fmt in POSITIONAL else SAMPLE
    assert named.puzzle == expected
    assert named.name == ("p.txt#1" if fmt in MULTI_PUZZLE_FORMATS else "p.txt")


def test_written_texts_look_like_the_corpora() -> None:
    puzzle = Puzzle.from_grid(["A.B", "...", "B.A"])
    assert format_puzzle(puzzle, "grid") == "A.B\n...\nB.A\n"
    assert format_puzzle(puzzle, "houston") == "2 3 3\n(0, 0) (2, 2)\n(2, 0) (0, 2)\n"
    assert format_puzzle(puzzle, "ahle") == "3 3\nA.B\n...\nB.A\n\n0 0\n"
    assert format_puzzle(puzzle, "janko") == "2\n3\n3\nA - B\n- - -\nB - A\n"


def test_janko_keeps_multi_character_labels() -> None:
    text = "2\n4\n2\n12  -  7 12\n -  -  -  7\n"
    [named] = parse_puzzles(text)
    assert [p.label for p in named.puzzle.pairs] == ["12", "7"]
    assert named.puzzle.pairs[0] == Pair("12", Cell(0, 0), Cell(0, 3))
    assert parse_puzzles(format_puzzle(named.puzzle, "janko"))[0].puzzle == named.puzzle


def test_janko_header_on_one_line_and_copris_header_are_read() -> None:
    one_line = parse_puzzles("1 3 1\n5 - 5\n")[0].puzzle
    copris = parse_puzzles("1\n3\n5 - 5\n")[0].puzzle
    assert one_line == copris == Puzzle(1, 3, (Pair("5", Cell(0, 0), Cell(0, 2)),))


def test_labels_that_do_not_fit_are_written_canonically() -> None:
    puzzle = parse_puzzles("2\n3\n2\n10 - 11\n11 - 10\n")[0].puzzle
    assert format_puzzle(puzzle, "grid") == "A.B\nB.A\n"
    # A dot label is legal in janko but would read as empty in grid text.
    dotted = Puzzle(1, 2, (Pair("-", Cell(0, 0), Cell(0, 1)),))
    assert format_puzzle(dotted, "grid") == "--\n"
    assert format_puzzle(dotted, "janko") == "1\n2\n1\nA A\n"


def test_too_many_colours_for_one_character_labels_is_an_input_error() -> None:
    pairs = tuple(Pair(str(i + 100), Cell(0, 2 * i), Cell(0, 2 * i + 1)) for i in range(63))
    with pytest.raises(InputError, match="62"):
        format_puzzle(Puzzle(1, 126, pairs), "grid")


def test_multi_puzzle_output_and_names(tmp_path: Path) -> None:
    other = Puzzle.from_grid(["ab", "ab"])
    path = tmp_path / "many.txt"
    write_puzzles(path, [SAMPLE, other], "ahle")
    read = read_puzzles(path)
    assert read == (NamedPuzzle(f"{path}#1", SAMPLE, "1"), NamedPuzzle(f"{path}#2", other, "2"))
    # Several puzzles in a one-puzzle format: each after its '# puzzle:' line, read back.
    both = parse_puzzles(format_puzzles([SAMPLE, other], "grid"))
    assert [(n.puzzle, n.title) for n in both] == [(SAMPLE, "1"), (other, "2")]
    with pytest.raises(InputError, match="unknown puzzle format"):
        format_puzzle(SAMPLE, "png")


def test_ahle_comments_blank_lines_and_terminator() -> None:
    text = "# header\n\n3 1\nA.A\n\n# two\n2 2\nab\nab\n0 0\nthis is ignored\n"
    assert [n.puzzle.to_grid() for n in parse_puzzles(text)] == [("A.A",), ("ab", "ab")]


@pytest.mark.parametrize(
    ("text", "fmt", "line", "problem"),
    [
        ("A.\n..\n", None, 1, "label 'A' appears only once"),
        ("AA.\nA..\n", None, 2, "label 'A' appears a third time"),
        ("A..\n.A\n", None, 2, "ragged rows: this row has 2 cells, expected 3"),
        ("A.\n\n.A\n", None, 2, "blank line inside the grid"),
        ("A .\n. A\n", "grid", 1, "whitespace inside a grid row"),
        ("2 3 3\n(0, 0) (1, 1)\n", None, 1, "the header says 2 colours but the file has 1"),
        ("1 3 3\n(0, 0) (1, 1)\n(2, 2) (0, 2)\n", None, 3, "says 1 colours but the file has 2"),
        ("1 3 3\n(0, 0) (3, 1)\n", None, 2, "dot (3, 1) is outside the board"),
        ("1 3\n(0, 0) (2, 1)\n", "houston", 1, "bad header '1 3'"),
        ("1 3 3\n(0, 0) (1 1)\n", None, 2, "bad colour line"),
        ("2 3 3\n(0, 0) (1, 1)\n(1, 1) (2, 2)\n", None, 3, "two dots ('0' and '1')"),
        ("7 11 9\n0 3 1 1000000\n", None, 2, "generator settings"),
        ("3 1\nA.A\nx y\n", None, 3, "bad header 'x y'"),
        ("3 2\nA.A\n", None, 1, "the header asks for 2 rows but the file ends after 1"),
        ("3 1\nA.B\n", None, 2, "label 'A' appears only once"),
        ("3 1\nA..A\n", None, 2, "ragged rows"),
        ("0 3\n", None, 1, "board size 3x0"),
        ("1\n3\n1\n1 - 1 -\n", None, 4, "ragged rows: this row has 4 cells, expected 3"),
        ("2\n3\n1\n1 - 1\n", None, 1, "the header says 2 colours but the grid has 1"),
        ("1\n3\n2\n1 - 1\n", None, 4, "the header says 2 rows but the file has 1"),
        ("1\n3\n1\n12 - 13\n", None, 4, "label '12' appears only once"),
        ("x\n", "janko", 1, "bad header"),
    ],
)
def test_malformed_input_names_file_line_and_problem(
    text: str, fmt: str | None, line: int, problem: str
) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        parse_puzzles(text, format=fmt, source="bad.txt")
    assert str(caught.value).startswith(f"bad.txt:{line}: ")
    assert problem in str(caught.value)
    assert (caught.value.path, caught.value.line) == ("bad.txt", line)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("", "bad.txt: empty file"), (" \n\n", "bad.txt: empty file"), ("# x\n0 0\n", "no puzzle")],
)
def test_files_without_a_puzzle_are_refused(text: str, problem: str) -> None:
    with pytest.raises(PuzzleFormatError, match=problem):
        parse_puzzles(text, source="bad.txt")


def test_unreadable_files_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"missing\.txt: no such file"):
        read_puzzles(tmp_path / "missing.txt")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00A")
    with pytest.raises(PuzzleFormatError, match=r"binary\.txt: not UTF-8 text"):
        read_puzzles(binary)


def test_iter_puzzle_files_skips_hints_and_notes(tmp_path: Path) -> None:
    for name in ("b/2.txt", "a.txt", "hints/h.txt", "README.md", ".hidden"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("A.A\n")
    assert iter_puzzle_files(tmp_path) == (tmp_path / "a.txt", tmp_path / "b" / "2.txt")
    assert iter_puzzle_files(tmp_path / "a.txt") == (tmp_path / "a.txt",)
    with pytest.raises(InputError, match="no such file"):
        iter_puzzle_files(tmp_path / "nowhere")


def test_error_in_a_later_puzzle_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "multi"
    path.write_text("2 1\naa\n\n2 1\nab\n")
    with pytest.raises(PuzzleFormatError, match=rf"^{path}:5: label 'a' appears only once"):
        read_puzzles(path)


# --- the public corpora -------------------------------------------------------

AHLE_COUNTS = {
    "inputs1": 10,
    "inputs2": 3,
    "inputs3": 20,
    "inputs4": 11,
    "inputs5": 20,
    "inputs6": 4,
    "inputs7": 1,
    "inputs8": 1,
    "inputs9": 101,
    "inputs10": 11,
    "janko": 270,
}


def test_corpus_parses_with_the_right_counts(shared: Path) -> None:
    files = iter_puzzle_files(shared / "puzzles")
    assert not any("hints" in f.parts or f.suffix == ".md" for f in files)
    by_set: dict[str, list[NamedPuzzle]] = {}
    for path in files:
        by_set.setdefault(path.parent.name, []).extend(read_puzzles(path))
    assert {k: len(v) for k, v in by_set.items()} == {"zucker": 29, "houston": 41, "ahle": 452}
    ahle = {f.name: len(read_puzzles(f)) for f in files if f.parent.name == "ahle"}
    assert ahle == AHLE_COUNTS
    sizes = {n.name.rsplit("/", 1)[-1]: n.puzzle for ns in by_set.values() for n in ns}
    assert sizes["flowfree_nikoli_2010_88.txt"].size == "20x36"
    assert len(sizes["flowfree_large.txt"].pairs) == 62
    assert sizes["janko#270"].rows >= 8


def test_corpus_examples_read_as_documented(shared: Path) -> None:
    puzzles = shared / "puzzles"
    [zucker] = read_puzzles(puzzles / "zucker" / "regular_5x5_01.txt")
    assert zucker.puzzle == SAMPLE
    [houston] = read_puzzles(puzzles / "houston" / "flowfree_example1.txt")
    assert houston.puzzle.pairs[0] == Pair("0", Cell(0, 1), Cell(3, 0))
    assert (houston.puzzle.rows, houston.puzzle.cols) == (5, 5)
    inputs5 = read_puzzles(puzzles / "ahle" / "inputs5")
    assert inputs5[1].name.endswith("inputs5#2")
    assert inputs5[1].puzzle.to_grid() == ("a.b", "a.b")


@pytest.mark.parametrize("name", ["jumbo_14x14_19.txt", "jumbo_14x14_19_C_only.txt"])
def test_hint_files_are_not_puzzles(shared: Path, name: str) -> None:
    with pytest.raises(PuzzleFormatError, match="appears a third time"):
        read_puzzles(shared / "puzzles" / "zucker" / "hints" / name)


# --- property tests -----------------------------------------------------------

_FUZZ_ALPHABET = "0123456789 \n().,-#ABab\t\r"
_PLAIN_LABEL = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def _parses_or_refuses(text: str, fmt: str | None) -> None:
    try:
        result = parse_puzzles(text, format=fmt, source="f")
    except InputError as exc:  # PuzzleFormatError is an InputError
        message = str(exc)
    else:
        assert result
        assert all(isinstance(n.puzzle, Puzzle) for n in result)
        return
    assert message
    assert "\n" not in message


@pytest.mark.parametrize("fmt", [None, *FORMATS])
@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=_FUZZ_ALPHABET, max_size=80) | st.text(max_size=40))
def test_fuzzed_text_parses_or_raises_a_format_error(fmt: str | None, text: str) -> None:
    _parses_or_refuses(text, fmt)


@st.composite
def puzzles(draw: st.DrawFn, labels: st.SearchStrategy[str]) -> Puzzle:
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, 6))
    n = draw(st.integers(0, rows * cols // 2))
    cells = draw(st.permutations([Cell(r, c) for r in range(rows) for c in range(cols)]))
    names = draw(st.lists(labels, min_size=n, max_size=n, unique=True))
    return Puzzle(
        rows, cols, tuple(Pair(s, cells[2 * i], cells[2 * i + 1]) for i, s in enumerate(names))
    )


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_mutated_files_parse_or_raise_a_format_error(fmt: str, data: st.DataObject) -> None:
    # Near-valid input reaches the deep checks that random text rarely gets to.
    text = format_puzzle(data.draw(puzzles(_PLAIN_LABEL)), fmt)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 3)))
        text = text[:i] + data.draw(st.text(alphabet=_FUZZ_ALPHABET, max_size=3)) + text[j:]
    _parses_or_refuses(text, data.draw(st.sampled_from([None, fmt])))


_ANY_LABEL = st.text(min_size=1, max_size=3).filter(lambda s: s != "." and not s.isspace())


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=60, deadline=None)
@given(puzzle=puzzles(_ANY_LABEL))
def test_any_puzzle_survives_format_then_parse(fmt: str, puzzle: Puzzle) -> None:
    [named] = parse_puzzles(format_puzzle(puzzle, fmt), format=fmt)
    if fmt in POSITIONAL:
        assert named.puzzle == _houston_labels(puzzle)  # these keep pair and dot order
    else:
        assert _board(named.puzzle) in (_board(puzzle), _board(puzzle.canonical()))


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=60, deadline=None)
@given(puzzle=puzzles(_PLAIN_LABEL | st.integers(1, 999).map(str)))
# A one-column grid of digits whose third row is the rows left, read as janko's header.
@example(
    puzzle=Puzzle(4, 1, (Pair("1", Cell(0, 0), Cell(2, 0)), Pair("0", Cell(1, 0), Cell(3, 0))))
)
def test_written_files_are_detected_and_keep_their_labels(fmt: str, puzzle: Puzzle) -> None:
    text = format_puzzle(puzzle, fmt)
    assert detect_format(text) == fmt
    [named] = parse_puzzles(text)
    if fmt in POSITIONAL:
        assert named.puzzle == _houston_labels(puzzle)
    elif fmt == "janko" or all(len(p.label) == 1 for p in puzzle.pairs):
        assert _board(named.puzzle) == _board(puzzle)
    else:
        assert named.puzzle == puzzle.canonical()


@pytest.mark.parametrize("target", ["grid", "houston", "ahle", "janko"])
def test_several_puzzles_in_any_format_read_back_with_their_names(target: str) -> None:
    puzzles = [
        NamedPuzzle("a", SAMPLE, "shot 1.png"),
        NamedPuzzle("b", Puzzle.from_grid(["ab", "ab"])),
    ]
    back = parse_puzzles(format_puzzles(puzzles, target), source="f.txt")
    assert [n.name for n in back] == ["f.txt#1", "f.txt#2"]
    assert [n.title for n in back] == ["shot 1.png", "b"]  # a title, else the name
    assert [n.puzzle.canonical() for n in back] == [p.puzzle.canonical() for p in puzzles]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("A.A\n# puzzle: x\nB.B\n", "f.txt:1: a puzzle line before the first '# puzzle:' line"),
        ("# puzzle: x\n\n# puzzle: y\nB.B\n", "f.txt:1: no puzzle after this line"),
        ("# puzzle: x\nA.A\n# puzzle: y\nB.C\n", "f.txt:4: label 'B' appears only once"),
    ],
)
def test_bad_named_sections_name_the_line(text: str, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as err:
        parse_puzzles(text, source="f.txt")
    assert str(err.value).startswith(problem)
