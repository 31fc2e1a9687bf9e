"""Every image in ../shared/screens: labelled ones read exactly, unlabelled ones refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from flowbot.vision import check_images, find_images, load_labels

#: Labels of the screens that have none beside them (see its header).
LABELS = Path(__file__).resolve().parents[2] / "fixtures" / "labels" / "screens.txt"


@pytest.mark.slow
def test_every_real_screen(shared: Path) -> None:
    screens = shared / "screens"
    if not screens.is_dir():
        pytest.skip(f"no screenshots at {screens}")
    items = find_images([screens])
    assert len(items) > 400
    results = check_images(items, workers=2, labels=load_labels(LABELS))
    labelled = [r for r in results if r.labelled]
    assert labelled, "no labelled screenshots found"
    bad = [f"{r.outcome}: {r.image} {r.reason}" for r in results if not r.ok]
    assert not bad, f"{len(bad)} of {len(results)} not as labelled:\n" + "\n".join(bad)
