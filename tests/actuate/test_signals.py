"""Ctrl-C and SIGTERM wait for the pointer call in progress, then interrupt."""

from __future__ import annotations

import os
import signal

import pytest

from flowbot.actuate import handle_interrupts, shielded


def pointer_call(steps: list[str]) -> None:
    """Stands for an X request: the signal arrives in the middle of it."""
    with shielded():
        steps.append("request sent")
        os.kill(os.getpid(), signal.SIGTERM)
        with shielded():  # nested blocks hold it too
            steps.append("nested")
        steps.append("reply read")


def test_sigterm_inside_a_shield_waits_for_its_end() -> None:
    steps: list[str] = []
    with handle_interrupts(), pytest.raises(KeyboardInterrupt):
        pointer_call(steps)
    assert steps == ["request sent", "nested", "reply read"]


def unshielded(steps: list[str]) -> None:
    os.kill(os.getpid(), signal.SIGTERM)
    steps.append("after the signal")


def test_sigterm_outside_a_shield_interrupts_at_once() -> None:
    steps: list[str] = []
    with handle_interrupts(), pytest.raises(KeyboardInterrupt):
        unshielded(steps)
    assert steps == []


def test_handlers_are_restored() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with handle_interrupts():
        assert signal.getsignal(signal.SIGTERM) is not before
    assert signal.getsignal(signal.SIGTERM) is before
