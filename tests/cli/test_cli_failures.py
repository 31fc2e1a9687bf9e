"""Every failure is one line on stderr and its exit code, never a traceback (issue 27).

File arguments are checked while the command line is parsed, so a bad
output path ends the run before any work. ``/proc`` stands for a place no
one may write, root included (root passes every permission test).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from flowbot import __version__
from flowbot.cli import BROKEN_PIPE, main
from flowbot.models import Puzzle
from flowbot.render import render_board

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = Puzzle.from_grid(["..A.A", "....B", "....C", "B..D.", "..DC."])
NO_PROC = not Path("/proc/self").is_dir()


@pytest.fixture
def shot(tmp_path: Path) -> Path:
    path = tmp_path / "shot.png"
    image = render_board(PUZZLE, cell_px=50, margin_px=40)
    assert cv2.imwrite(str(path), cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    return path


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text("\n".join(PUZZLE.to_grid()) + "\n")
    return path


def _one_line(capsys: pytest.CaptureFixture[str], *parts: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith("flowbot"), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for part in parts:
        assert part in err, err
    return err


def _flowbot(*argv: str, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "flowbot", *argv],
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


# --- the cases the issue lists ------------------------------------------------


def test_extract_debug_into_an_existing_file(
    shot: Path, puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["extract", str(shot), "--debug", str(puzzle_file)]) == 2
    _one_line(capsys, f"{puzzle_file}: is a file, not a folder")


@pytest.mark.skipif(NO_PROC, reason="needs /proc")
def test_extract_debug_where_no_folder_can_be_made(
    shot: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["extract", str(shot), "--debug", "/proc/x"]) == 2
    _one_line(capsys, "/proc/x: cannot write in /proc")


@pytest.mark.skipif(NO_PROC, reason="needs /proc")
def test_check_report_that_cannot_be_written_fails_before_the_run(
    shot: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(shot.parent), "--report", "/proc/r.csv"]) == 2
    _one_line(capsys, "/proc/r.csv: cannot write")


def test_play_preview_in_a_missing_folder(
    shot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing_dir" / "p.png"
    assert main(["play", "--image", str(shot), "-o", str(out)]) == 2
    _one_line(capsys, f"{out}: no such folder")


def test_demo_output_in_a_missing_folder_fails_before_the_demo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing_dir" / "d.png"
    assert main(["demo", "-o", str(out)]) == 2
    _one_line(capsys, f"{out}: no such folder")


@pytest.mark.parametrize("command", ["extract", "solve"])
def test_a_closed_pipe_ends_quietly_with_its_own_code(
    command: str, shot: Path, puzzle_file: Path
) -> None:
    read, write = os.pipe()
    os.close(read)  # `flowbot ... | true`: the reader is gone before anything is written
    try:
        done = _flowbot(command, str(shot if command == "extract" else puzzle_file), stdout=write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (BROKEN_PIPE, "")


def test_a_timeout_past_what_a_timer_takes_means_no_limit(puzzle_file: Path) -> None:
    done = _flowbot("solve", str(puzzle_file), "--timeout", "1e12")
    assert (done.returncode, done.stderr) == (0, "")
    assert "solved" in done.stdout


def test_a_truncated_png_is_one_line_of_ours(shot: Path, tmp_path: Path) -> None:
    data = shot.read_bytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[: len(data) // 3])
    damaged = tmp_path / "damaged.png"
    damaged.write_bytes(data[:200] + bytes(b ^ 0xFF for b in data[200:400]) + data[400:])
    done = _flowbot("extract", str(cut), str(damaged))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"flowbot: {cut}: not a readable PNG or JPEG image",
        f"flowbot: {damaged}: not a readable PNG or JPEG image",
    ]


# --- every command: a missing folder, an unwritable path, a closed pipe -------

#: Each command with an output path (OUT stands for it) and the suffix it takes.
WRITERS = {
    "play": (["play", "--image", "SHOT", "-o", "OUT"], ".png"),
    "extract": (["extract", "SHOT", "-o", "OUT"], ".txt"),
    "extract --debug": (["extract", "SHOT", "--debug", "OUT"], ""),
    "check": (["check", "SHOT", "--report", "OUT"], ".csv"),
    "solve --png": (["solve", "PUZZLE", "--png", "OUT"], ".png"),
    "solve --svg": (["solve", "PUZZLE", "--svg", "OUT"], ".svg"),
    "generate": (["generate", "5x5", "--colors", "3", "-o", "OUT"], ""),
    "convert": (["convert", "PUZZLE", "--to", "janko", "-o", "OUT"], ".txt"),
    "calibrate": (["calibrate", "--practice", "-o", "OUT"], ".toml"),
    "practice": (["practice", "PUZZLE", "--state", "OUT"], ".json"),
    "demo": (["demo", "-o", "OUT"], ".png"),
}


def _argv(template: list[str], out: Path, shot: Path, puzzle: Path) -> list[str]:
    given = {"OUT": str(out), "SHOT": str(shot), "PUZZLE": str(puzzle)}
    return [given.get(arg, arg) for arg in template]


@pytest.mark.skipif(NO_PROC, reason="needs /proc")
@pytest.mark.parametrize("command", WRITERS)
@pytest.mark.parametrize("where", ["missing folder", "unwritable"])
def test_every_command_refuses_a_bad_output_path_at_once(  # noqa: PLR0917 - fixtures
    command: str,
    where: str,
    shot: Path,
    puzzle_file: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    template, suffix = WRITERS[command]
    if where == "missing folder":
        # A folder's parent missing still makes a folder; a file's does not.
        out = tmp_path / "missing" / f"out{suffix}" if suffix else Path("/proc/missing/x/y")
    else:
        out = Path(f"/proc/out{suffix}")
    assert main(_argv(template, out, shot, puzzle_file)) == 2
    _one_line(capsys, str(out))
    assert not out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--image", "SHOT"],
        ["extract", "SHOT"],
        ["check", "SHOT", "--report", "OUT"],
        ["solve", "PUZZLE"],
        ["generate", "5x5", "--colors", "3"],
        ["convert", "PUZZLE", "--to", "houston"],
        ["profiles"],
    ],
    ids=lambda argv: argv[0],
)
def test_every_printing_command_ends_quietly_on_a_closed_pipe(
    argv: list[str], shot: Path, puzzle_file: Path, tmp_path: Path
) -> None:
    read, write = os.pipe()
    os.close(read)
    out = tmp_path / "report.csv"
    try:
        done = _flowbot(*_argv(argv, out, shot, puzzle_file), stdout=write)
    finally:
        os.close(write)
    assert done.stderr == "" or "Traceback" not in done.stderr
    assert done.returncode == BROKEN_PIPE, done.stderr


# --- consistency ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "PUZZLE", "--png", "out.jpg"], "out.jpg: must end in .png"),
        (["solve", "PUZZLE", "--svg", "out.png"], "out.png: must end in .svg"),
        (["check", "SHOT", "--report", "r.xlsx"], "r.xlsx: must end in .csv or .json"),
        (["demo", "-o", "d.gif"], "d.gif: must end in .png"),
        (["play", "--image", "SHOT", "-o", "p.jpg"], "p.jpg: must end in .png"),
    ],
)
def test_an_output_in_a_format_not_written_is_refused(
    argv: list[str],
    message: str,
    shot: Path,
    puzzle_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(_argv(argv, Path("unused"), shot, puzzle_file)) == 2
    _one_line(capsys, message)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "MISSING"],
        ["convert", "MISSING", "--to", "grid"],
        ["practice", "MISSING"],
        ["demo", "--puzzle", "MISSING"],
        ["extract", "MISSING"],
        ["play", "--image", "MISSING"],
        ["solve", "MISSING#2"],
    ],
    ids=" ".join,
)
def test_one_wording_for_a_missing_file(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "gone.txt"
    argv = [a.replace("MISSING", str(missing)) for a in argv]
    assert main(argv) == 2
    _one_line(capsys, f"flowbot: {missing}: no such file")


def test_puzzle_k_of_a_file_is_taken_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = tmp_path / "many.txt"
    many.write_text("3 1\nA.A\n2 2\nBB\n..\n0 0\n")
    assert main(["solve", "--json", f"{many}#2"]) == 0
    out = capsys.readouterr().out
    assert f'"puzzle": "{many}#2"' in out
    assert '"rows": 2' in out
    assert main(["solve", f"{many}#3"]) == 2
    _one_line(capsys, f"{many} holds 2 puzzle(s), not #3")


def test_count_says_what_it_knows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # (What a count cut short says is in describe_count's doctest.)
    unique = tmp_path / "unique.txt"
    unique.write_text("A.A\n")
    assert main(["solve", str(unique), "--count", "2", "--timeout", "10"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header.endswith("  1 solution")


def test_verbose_goes_before_or_after_the_command(
    puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(puzzle_file), "-vv"]) == 0
    assert "DEBUG" in capsys.readouterr().err
    assert main(["-v", "solve", "-v", str(puzzle_file)]) == 0
    assert "DEBUG" in capsys.readouterr().err  # -v and -v: -vv
    assert main(["solve", "-v", str(puzzle_file)]) == 0
    assert "DEBUG" not in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"flowbot {__version__}\n"


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve"]) == 2
    _one_line(capsys, "flowbot solve: ", "(see flowbot solve --help)")
    assert main(["no-such-command"]) == 2
    _one_line(capsys, "flowbot: ")


def test_every_command_says_what_it_wrote(
    shot: Path, puzzle_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = {
        "extract": ["extract", str(shot), "-o", str(tmp_path / "e.txt")],
        "solve": ["solve", str(puzzle_file), "--png", str(tmp_path / "s.png")],
        "convert": ["convert", str(puzzle_file), "--to", "ahle", "-o", str(tmp_path / "c.txt")],
        "play": ["play", "--image", str(shot), "-o", str(tmp_path / "p.png")],
        "generate": ["generate", "5x5", "--colors", "3", "-o", str(tmp_path / "g")],
    }
    for name, argv in runs.items():
        assert main(argv) == 0, name
        said = capsys.readouterr()
        out = argv[argv.index("-o" if "-o" in argv else "--png") + 1]
        assert "wrote" in said.out + said.err, name
        assert out in said.out + said.err, name


def test_an_unforeseen_failure_is_one_line_and_code_70(
    monkeypatch: pytest.MonkeyPatch, puzzle_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import flowbot.cli.solve as solve_command  # noqa: PLC0415

    def broken(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(solve_command, "run", broken)
    assert main(["solve", str(puzzle_file)]) == 70
    _one_line(capsys, "internal error, a bug: RuntimeError: a bug; -vv shows where")
