"""What the vision benchmarks share: one guarded, timed read, and worker processes.

A read that raises something other than a ``VisionError`` is a finding (a
crash), not the end of a run, and a read that hangs is cut off after
``READ_LIMIT_S`` seconds (``FLOWBOT_READ_LIMIT_S`` in the environment sets
it, for a machine busy with other work).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from flowbot.errors import VisionError
from flowbot.models import Reading
from flowbot.vision import read_board

#: Seconds one read may take before it counts as a timeout (the floor is 30 ms).
READ_LIMIT_S = int(os.environ.get("FLOWBOT_READ_LIMIT_S", "10"))

#: ``map(fn, jobs) -> list``, run wherever ``worker_map`` says.
MapFn = Callable[[Callable[[Any], Any], Iterable[Any]], list[Any]]


@dataclass(frozen=True)
class Read:
    """What one ``read_board`` call gave."""

    reading: Reading | None  # None unless the board was read
    failure: str  # "" when read, else "refused", "timeout" or "crashed"
    detail: str  # the refusal's reason, or what crashed and where
    ms: float


class _TooSlowError(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooSlowError


def guarded_read(image: np.ndarray) -> Read:
    """Read ``image``, catching refusals, crashes and hangs."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(READ_LIMIT_S)
    start = time.perf_counter()
    reading, failure, detail = None, "", ""
    try:
        try:
            reading = read_board(image)
        finally:  # before any handler runs: an alarm after this point cannot fire
            signal.alarm(0)
    except _TooSlowError:
        failure, detail = "timeout", f"no answer after {READ_LIMIT_S} s"
    except VisionError as exc:
        failure, detail = "refused", str(exc)
    except Exception as exc:  # a crash is a finding, not the end of the run
        where = traceback.extract_tb(exc.__traceback__)[-1]
        failure = "crashed"
        detail = f"{type(exc).__name__}: {exc} at {where.filename}:{where.lineno}"
    return Read(reading, failure, detail, (time.perf_counter() - start) * 1000)


def quiet() -> None:
    """Set a process up for reading: one OpenCV thread, no numpy warnings."""
    cv2.setNumThreads(1)  # the workers are the parallelism
    np.seterr(all="ignore")


@contextlib.contextmanager
def worker_map(workers: int) -> Iterator[MapFn]:
    """A ``map`` spread over ``workers`` processes (this one when under 2)."""
    if workers < 2:
        yield lambda fn, jobs: [fn(job) for job in jobs]
        return
    # Spawned, not forked: OpenCV's thread pool does not survive a fork.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=quiet)
    try:
        yield lambda fn, jobs: list(pool.map(fn, jobs))
    finally:
        pool.shutdown(cancel_futures=True)
