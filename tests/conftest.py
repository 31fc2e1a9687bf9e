"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
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
