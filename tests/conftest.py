"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"


def shared_path() -> Path:
    """The public corpora beside the repository (``../shared``), or ``$FLOWBOT_SHARED``."""
    return Path(os.environ.get("FLOWBOT_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def shared() -> Path:
    """``../shared``; tests that need it skip cleanly when it is absent."""
    path = shared_path()
    if not (path / "puzzles").is_dir():
        pytest.skip(f"public corpora not found at {path}")
    return path


@pytest.fixture(scope="session", autouse=True)
def own_config_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A config folder of the tests' own: profiles a user calibrated never change a test.

    (platformdirs follows ``XDG_CONFIG_HOME``; the commands tests run inherit it.)
    """
    folder = tmp_path_factory.mktemp("config")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(folder))
        yield folder


# tryfirst: before pytest-xdist's own hook, which reads the groups into the test ids.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``-n``), the tests on the virtual display run on one worker,
    one after another: each end-to-end test drives a practice window whose pacing a
    second such test beside it would starve (Tk drops pointer moves on a busy machine).
    (Each worker that needs a display starts its own Xvfb, on a number Xvfb picks.)"""
    for item in items:
        if "xdisplay" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("display"))
