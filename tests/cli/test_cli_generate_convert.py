"""`flowbot generate` and `flowbot convert` end to end, in process."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from flowbot.cli import main
from flowbot.formats import FORMATS, parse_puzzles, read_puzzles, write_puzzles
from flowbot.generate import generate
from flowbot.models import Puzzle
from flowbot.solve import SolutionCount, count_solutions


def _canonical(path: Path) -> list[Puzzle]:
    return [named.puzzle.canonical() for named in read_puzzles(path)]


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("flowbot: ")
    assert err.count("\n") == 1
    return err


# --- generate ---------------------------------------------------------------


def test_generate_prints_the_library_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "6x7", "--colors", "5", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert [n.puzzle for n in parse_puzzles(out)] == [generate(6, 7, 5, seed=4).puzzle]


def test_generate_n_uses_consecutive_seeds(tmp_path: Path) -> None:
    assert (
        main(["generate", "5x5", "--colors", "4", "--seed", "10", "-n", "3", "-o", str(tmp_path)])
        == 0
    )
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"5x5-c4-s{s}.txt" for s in (10, 11, 12)]
    for seed, file in zip((10, 11, 12), files, strict=True):
        assert _canonical(file) == [generate(5, 5, 4, seed=seed).puzzle]


def test_generate_is_reproducible_and_prints_ahle_as_one_stream(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["generate", "8", "--colors", "6", "--seed", "1", "-n", "4", "--format", "ahle"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert len(parse_puzzles(first, format="ahle")) == 4


def test_generate_unique_min_distance(tmp_path: Path) -> None:
    args = ["generate", "7x7", "--colors", "6", "--unique", "--min-distance", "3"]
    assert main([*args, "--seed", "5", "-n", "2", "-o", str(tmp_path)]) == 0
    for file in tmp_path.iterdir():
        [puzzle] = _canonical(file)
        assert count_solutions(puzzle, 2) == SolutionCount(1, exact=True)
        assert all(abs(p.a.row - p.b.row) + abs(p.a.col - p.b.col) >= 3 for p in puzzle.pairs)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["10by10", "--colors", "3"], "bad board size '10by10'"),
        (["3x3", "--colors", "5"], "at most 3 colours"),
        (["6x6", "--hex", "--bridges"], "bridges and warps need square cells"),
        (["6x6", "--walls", "-2"], "number of walls must be 0 or more"),
        (["30x30", "--unique", "--timeout", "0"], "more colours"),
        (["1000x1000"], "too big"),
        (["3x3", "--colors", "0"], "at least 1 colour"),
        (["4x4", "--colors", "2", "--min-distance", "9"], "9 apart"),
        (["4x4", "--colors", "2", "-n", "0"], "-n must be at least 1"),
    ],
)
def test_generate_refuses_impossible_requests(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", *args]) == 2
    assert message in _one_line_error(capsys)


@pytest.mark.parametrize(
    "flags",
    [["--walls"], ["--holes", "6"], ["--bridges"], ["--warps"], ["--hex", "--holes"],
     ["--walls", "--holes", "--unique"]],
)  # fmt: skip
def test_generate_writes_boards_of_each_kind_that_read_back(
    flags: list[str], tmp_path: Path
) -> None:
    assert main(["generate", "8x8", "--seed", "2", *flags, "-o", str(tmp_path)]) == 0
    [file] = tmp_path.iterdir()
    [named] = read_puzzles(file)
    options = {"walls": 64 // 5, "holes": 6, "bridges": 1, "warps": 3}
    kwargs = {name: options[name] for name in options if f"--{name}" in flags} | {
        "hexagonal": "--hex" in flags,
        "unique": "--unique" in flags,
    }
    if "--holes" in flags and "6" not in flags:
        kwargs["holes"] = 64 // 10
    made = generate(8, 8, seed=2, **kwargs)  # type: ignore[arg-type]
    assert named.puzzle.canonical() == made.puzzle
    assert not made.puzzle.is_classic


def test_generate_help_says_boards_are_game_like_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["generate", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "default: game-like boards" in help_text
    assert "as the game's levels have" in help_text


# --- convert ----------------------------------------------------------------


@pytest.mark.parametrize(("source", "target"), list(itertools.product(FORMATS, FORMATS)))
def test_convert_round_trips_between_every_pair_of_formats(
    source: str, target: str, tmp_path: Path
) -> None:
    # 12 colours: houston labels them 0..11, so grid and ahle must relabel.
    puzzle = generate(9, 11, 12, seed=FORMATS.index(source) * 10 + FORMATS.index(target)).puzzle
    start, there, back = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    write_puzzles(start, [puzzle], source)
    assert main(["convert", str(start), "--to", target, "-o", str(there)]) == 0
    assert main(["convert", str(there), "--to", source, "-o", str(back)]) == 0
    assert _canonical(there) == _canonical(back) == [puzzle]


def test_convert_prints_without_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzle = generate(5, 5, 4, seed=2).puzzle
    write_puzzles(tmp_path / "p.txt", [puzzle], "grid")
    assert main(["convert", str(tmp_path / "p.txt"), "--to", "janko"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:3] == ["4", "5", "5"]
    assert [n.puzzle for n in parse_puzzles(out, format="janko")] == [puzzle]


def _multi(tmp_path: Path) -> tuple[Path, list[Puzzle]]:
    puzzles = [generate(6, 6, 5, seed=s).puzzle for s in range(3)]
    path = tmp_path / "many"
    write_puzzles(path, puzzles, "ahle")
    return path, puzzles


def test_convert_multi_puzzle_file_to_numbered_files(tmp_path: Path) -> None:
    path, puzzles = _multi(tmp_path)
    out = tmp_path / "out"
    assert main(["convert", str(path), "--to", "houston", "-o", f"{out}/"]) == 0
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["many-001.txt", "many-002.txt", "many-003.txt"]
    assert [p for f in files for p in _canonical(f)] == puzzles


def test_convert_multi_puzzle_file_into_a_multi_puzzle_format(tmp_path: Path) -> None:
    path, puzzles = _multi(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    assert main(["convert", str(path), "--to", "ahle", "-o", str(out)]) == 0
    assert _canonical(out / "many.txt") == puzzles


@pytest.mark.parametrize("target", FORMATS)
def test_convert_many_puzzles_into_one_file_reads_back_with_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    path, puzzles = _multi(tmp_path)
    one = tmp_path / "one.txt"
    assert main(["convert", str(path), "--to", target, "-o", str(one)]) == 0
    assert capsys.readouterr().err == f"wrote 3 puzzles to {one}\n"
    back = read_puzzles(one)
    assert [n.puzzle.canonical() for n in back] == puzzles
    assert [n.name for n in back] == [f"{one}#{k}" for k in (1, 2, 3)]
    assert [n.title for n in back] == ["1", "2", "3"]  # as the source named them


@pytest.mark.parametrize("target", FORMATS)
def test_convert_many_puzzles_printed_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    path, puzzles = _multi(tmp_path)
    assert main(["convert", str(path), "--to", target]) == 0
    back = parse_puzzles(capsys.readouterr().out)
    assert [n.puzzle.canonical() for n in back] == puzzles
    assert [n.title for n in back] == ["1", "2", "3"]


def test_puzzles_without_a_title_are_written_under_their_names(tmp_path: Path) -> None:
    path = tmp_path / "plain"
    path.write_text("2 1\nAA\n1 2\nB\nB\n0 0\n")
    assert main(["convert", str(path), "--to", "houston", "-o", str(tmp_path / "h.txt")]) == 0
    assert [n.title for n in read_puzzles(tmp_path / "h.txt")] == [f"{path}#1", f"{path}#2"]


def test_convert_takes_one_puzzle_of_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, puzzles = _multi(tmp_path)
    assert main(["convert", f"{path}#2", "--to", "janko"]) == 0
    [named] = parse_puzzles(capsys.readouterr().out)
    assert named.puzzle.canonical() == puzzles[1]
    assert main(["convert", f"{path}#4", "--to", "janko"]) == 2
    assert "holds 3 puzzle(s), not #4" in _one_line_error(capsys)


def test_convert_reports_bad_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", str(tmp_path / "missing.txt"), "--to", "grid"]) == 2
    assert "missing.txt: no such file" in _one_line_error(capsys)
    (tmp_path / "bad.txt").write_text("A.\n..\n")
    assert main(["convert", str(tmp_path / "bad.txt"), "--to", "ahle"]) == 2
    assert "bad.txt:1" in _one_line_error(capsys)


@pytest.mark.parametrize(
    "name",
    [
        "ahle/janko",
        "ahle/inputs1",
        "houston/flowfree_raetsel_179a.txt",
        "zucker/jumbo_14x14_19.txt",
    ],
)
def test_convert_corpus_files_through_every_format(name: str, shared: Path, tmp_path: Path) -> None:
    source = shared / "puzzles" / name
    original = _canonical(source)
    current = source
    for k, target in enumerate([*FORMATS, "ahle"]):
        out = tmp_path / f"step{k}"
        assert main(["convert", str(current), "--to", target, "-o", f"{out}/"]) == 0
        files = sorted(out.iterdir())
        assert [p for f in files for p in _canonical(f)] == original
        if len(files) > 1:
            # Gather the numbered files again for the next step.
            current = tmp_path / f"gathered{k}"
            write_puzzles(current, [p for f in files for p in _canonical(f)], "ahle")
        else:
            current = files[0]


@pytest.mark.parametrize("target", FORMATS)
def test_generate_several_printed_reads_back_with_names(
    capsys: pytest.CaptureFixture[str], target: str
) -> None:
    assert (
        main(["generate", "5x5", "--colors", "4", "--seed", "3", "-n", "2", "--format", target])
        == 0
    )
    back = parse_puzzles(capsys.readouterr().out)
    assert [n.puzzle.canonical() for n in back] == [
        generate(5, 5, 4, seed=s).puzzle.canonical() for s in (3, 4)
    ]
    assert [n.title for n in back] == ["5x5-c4-s3", "5x5-c4-s4"]


def test_generate_prints_several_walled_boards_that_read_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["generate", "6x6", "--walls", "5", "-n", "2", "--seed", "1"]) == 0
    read = [n.puzzle for n in parse_puzzles(capsys.readouterr().out)]
    assert read == [generate(6, 6, walls=5, seed=s).puzzle for s in (1, 2)]
