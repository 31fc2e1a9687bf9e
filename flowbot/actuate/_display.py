"""A virtual X display (Xvfb) for machines with no screen: the demo and the GUI tests."""

from __future__ import annotations

import contextlib
import logging
import os
import select
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from flowbot.errors import DisplayError

log = logging.getLogger(__name__)

#: An Xauthority entry (family, address, display, scheme, data) for no display at all.
_NO_AUTH_ENTRY = struct.pack(">HH0sH0sH4sH0s", 0xFFFF, 0, b"", 0, b"", 4, b"none", 0, b"")
#: The shortest Xauthority entry: five big-endian shorts (family and four empty lengths).
_SHORTEST_ENTRY = 10


@contextlib.contextmanager
def virtual_display(size: tuple[int, int] = (1280, 1024), timeout: float = 10.0) -> Iterator[str]:
    """Start Xvfb on a free display number; yield its name (``":N"``); always stop it.

    Xvfb picks the free number itself (``-displayfd``) and writes it once it
    accepts connections, which is also how we know it is ready. It listens on
    no TCP port and needs no Xauthority.
    """
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise DisplayError("Xvfb is not installed (apt-get install xvfb, or run ./setup.sh)")
    read_fd, write_fd = os.pipe()
    cmd = [xvfb, "-displayfd", str(write_fd), "-screen", "0", f"{size[0]}x{size[1]}x24"]
    cmd += ["-nolisten", "tcp"]
    proc = subprocess.Popen(
        cmd, pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    os.close(write_fd)
    try:
        ready, _, _ = select.select([read_fd], [], [], timeout)
        number = os.read(read_fd, 64).decode().strip() if ready else ""
        if not number:
            proc.kill()
            err = proc.communicate()[1].decode(errors="replace").strip().splitlines()
            raise DisplayError(f"Xvfb did not start: {err[-1] if err else 'no display number'}")
        display = f":{number}"
        log.info("started Xvfb on %s (pid %d)", display, proc.pid)
        yield display
    finally:
        os.close(read_fd)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stderr:
            proc.stderr.close()


@contextlib.contextmanager
def ensure_display(size: tuple[int, int] = (1280, 1024)) -> Iterator[str]:
    """Yield the display to use: ``$DISPLAY`` if set, else a new Xvfb (set as ``$DISPLAY``)."""
    current = os.environ.get("DISPLAY")
    if current or not sys.platform.startswith("linux"):
        yield current or ""
        return
    with virtual_display(size) as display:
        os.environ["DISPLAY"] = display
        try:
            yield display
        finally:
            os.environ.pop("DISPLAY", None)


@contextlib.contextmanager
def xlib_authority() -> Iterator[None]:
    """While inside, ``$XAUTHORITY`` names a file python-xlib can use.

    python-xlib (under pyautogui) fails without an Xauthority file and prints
    warnings into stdout when it holds no entry, though a plain ``Xvfb :N`` or
    a container's display checks no cookie (libX11, under mss and Tk, copes).
    So when the user's file is missing or empty, Xlib is shown one entry that
    matches nothing: it then connects without a cookie, as libX11 would.
    """
    given = os.environ.get("XAUTHORITY") or str(Path("~/.Xauthority").expanduser())
    try:
        usable = Path(given).stat().st_size >= _SHORTEST_ENTRY
    except OSError:
        usable = False
    if usable:
        yield
        return
    saved = os.environ.get("XAUTHORITY")
    with tempfile.TemporaryDirectory(prefix="flowbot-xauth-") as folder:
        xauth = Path(folder) / "Xauthority"
        xauth.write_bytes(_NO_AUTH_ENTRY)
        os.environ["XAUTHORITY"] = str(xauth)
        log.debug("no usable Xauthority at %s: connecting without a cookie", given)
        try:
            yield
        finally:
            if saved is None:
                os.environ.pop("XAUTHORITY", None)
            else:
                os.environ["XAUTHORITY"] = saved
