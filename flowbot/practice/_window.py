"""The practice board: a real Tk window that plays like Flow Free.

It reports its state to a JSON file (written atomically at start and after
every release, by a thread of its own: see ``_state_file``) so a test, the
demo or calibration can confirm from the window itself that the board is
solved. Keys: ``r`` resets the board, ``q`` or ``Escape`` closes the window.
"""

from __future__ import annotations

import logging
import os
import tkinter as tk
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from flowbot.models import Cell, Puzzle
from flowbot.practice._game import (
    FillMode,
    GameState,
    drag_to,
    is_solved,
    new_game,
    press,
    release,
)
from flowbot.practice._hit import cell_under
from flowbot.practice._panel import in_next_button, panel_shapes
from flowbot.practice._render import (
    Disc,
    Layout,
    Pipe,
    Polygon,
    Rect,
    Segment,
    Shape,
    board_shapes,
    bridge_shapes,
    dot_shapes,
    hex_colour,
    over_shapes,
    pipe_shapes,
    segment_corners,
    status_shape,
    tint_shapes,
)
from flowbot.practice._state_file import StateFile

log = logging.getLogger(__name__)


def state_json(
    state: GameState,
    board: tuple[int, int, int, int] | None,
    *,
    level: int = 1,
    levels: int = 1,
    panel: bool = False,
) -> dict[str, Any]:
    """The window's state as JSON-ready data (``board``: x0, y0, x1, y1 on screen;
    ``level`` of ``levels`` in a series, 1-based; ``panel``: "level complete" shown)."""
    return {
        "level": level,
        "levels": levels,
        "panel": panel,
        "rows": state.puzzle.rows,
        "cols": state.puzzle.cols,
        "labels": [pair.label for pair in state.puzzle.pairs],
        "paths": [[list(cell) for cell in path] for path in state.paths],
        "solved": is_solved(state),
        "moves": state.moves,
        "board": list(board) if board else None,
        "pid": os.getpid(),
    }


class PracticeWindow:
    """A Tk window showing ``puzzle`` and taking mouse drags like the game.

    Parameters
    ----------
    puzzle
        The board to play, or a series of boards: each solved one is covered,
        ``panel_delay`` seconds later, by a "level complete" panel whose
        "next" button brings up the next board (see ``_panel``).
    cell
        Cell pitch in pixels.
    at
        The window's top-left corner on the screen (``None``: let the system place it).
    state_path
        Where to keep the JSON state file, if anywhere.
    fill
        How a jump of the pointer over several cells is taken (see ``drag_to``).
    """

    def __init__(
        self,
        puzzle: Puzzle | Sequence[Puzzle],
        *,
        cell: int = 48,
        at: tuple[int, int] | None = None,
        state_path: Path | None = None,
        title: str = "flowbot practice",
        fill: FillMode = "run",
        panel_delay: float = 0.8,
    ) -> None:
        self.fill: FillMode = fill
        self.levels = (puzzle,) if isinstance(puzzle, Puzzle) else tuple(puzzle)
        self.level = 0  # index into levels
        self.panel_delay = panel_delay
        self.panel = False  # the "level complete" panel is shown
        puzzle = self.levels[0]
        self.state = new_game(puzzle)
        self.layout = Layout.for_puzzle(puzzle, cell=cell)
        self.state_path = state_path
        self._state_file = StateFile(state_path) if state_path is not None else None
        self.root = tk.Tk()
        self.root.title(f"{title} ({puzzle.size})")
        self.root.resizable(False, False)
        width, height = self.layout.size
        place = f"+{at[0]}+{at[1]}" if at else ""
        self.root.geometry(f"{width}x{height}{place}")
        self.canvas = tk.Canvas(
            self.root, width=width, height=height, highlightthickness=0, bd=0, bg="#000000"
        )
        self.canvas.pack()
        self.canvas.bind("<ButtonPress-1>", self._on_press)
        self.canvas.bind("<B1-Motion>", self._on_motion)
        self.canvas.bind("<ButtonRelease-1>", self._on_release)
        self.root.bind("<KeyPress-r>", lambda _e: self._reset())
        for key in ("<KeyPress-q>", "<Escape>"):
            self.root.bind(key, lambda _e: self.root.destroy())
        # Moved (by the user or a window manager): say where the board is now.
        self.root.bind("<Configure>", self._on_configure)
        self._reported_at: tuple[int, int, int, int] | None = None
        self._last: Cell | None = None
        self._drawn: list[tuple[Cell, ...]] = []
        self._status = 0
        self._redraw()
        self.root.after(50, self._when_mapped)

    def run(self) -> None:
        """Show the window until it is closed."""
        try:
            self.root.mainloop()
        finally:
            if self._state_file is not None:
                self._state_file.close()

    def _when_mapped(self) -> None:
        if not self.root.winfo_ismapped():
            self.root.after(20, self._when_mapped)
            return
        self.root.update_idletasks()
        self._report()

    def _board_on_screen(self) -> tuple[int, int, int, int]:
        g = self.layout.geometry
        x, y = self.canvas.winfo_rootx(), self.canvas.winfo_rooty()
        return (x + round(g.left), y + round(g.top), x + round(g.right), y + round(g.bottom))

    def _report(self) -> None:
        if self._state_file is not None:
            self._reported_at = self._board_on_screen()
            level, levels = self.level + 1, len(self.levels)
            data = state_json(
                self.state, self._reported_at, level=level, levels=levels, panel=self.panel
            )
            self._state_file.put(data)  # never waits on the disk: see _state_file

    def _on_configure(self, _event: tk.Event) -> None:
        if self._reported_at is not None and self._board_on_screen() != self._reported_at:
            self._report()

    def _set(self, state: GameState, *, report: bool = False) -> None:
        if state != self.state:
            self.state = state
            self._redraw()
        if report:
            self._report()

    @property
    def _series(self) -> bool:
        return len(self.levels) > 1

    def _cell(self, event: tk.Event) -> Cell | None:
        return cell_under(self.state.puzzle, self.layout, event.x, event.y)

    def _on_press(self, event: tk.Event) -> None:
        if self._series and is_solved(self.state):  # done: only the panel's button counts
            last = self.level + 1 >= len(self.levels)
            if self.panel and not last and in_next_button(self.layout, event.x, event.y):
                self._next_level()
            return
        self._last = self._cell(event)
        self._set(press(self.state, self._last))

    def _on_motion(self, event: tk.Event) -> None:
        if self.state.active is None:
            return
        cell = self._cell(event)
        if cell is not None and cell != self._last:
            self._last = cell
            self._set(drag_to(self.state, cell, fill=self.fill))

    def _on_release(self, event: tk.Event) -> None:
        dragging = self.state.active is not None
        self._on_motion(event)
        self._set(release(self.state), report=True)
        if dragging and is_solved(self.state):
            log.info("solved in %d moves", self.state.moves)
            if self._series:
                self.root.after(round(self.panel_delay * 1000), self._show_panel)

    def _reset(self) -> None:
        """The ``r`` key: the level starts again (its panel, if shown, goes)."""
        self.canvas.delete("panel")
        self.panel = False
        self._set(new_game(self.state.puzzle), report=True)

    def _show_panel(self) -> None:
        if not is_solved(self.state) or self.panel:
            return  # reset meanwhile, or already shown
        self._create(panel_shapes(self.layout, self.level + 1, len(self.levels)), "panel")
        self.panel = True
        self._report()

    def _next_level(self) -> None:
        self.level += 1
        puzzle = self.levels[self.level]
        self.state = new_game(puzzle)
        self.layout = Layout.for_puzzle(puzzle, cell=self.layout.cell)
        width, height = self.layout.size
        self.canvas.configure(width=width, height=height)
        self.root.geometry(f"{width}x{height}")
        self.root.title(f"{self.root.title().rsplit(' (', 1)[0]} ({puzzle.size})")
        self.panel = False
        self._drawn = []  # a full redraw
        self._redraw()
        self.root.update_idletasks()
        self._report()

    def _redraw(self) -> None:
        """Redraw only the pipes that changed: a full redraw of a big board is too slow
        to keep up with a fast drag, and Tk would then merge the motion events."""
        c, layout, puzzle = self.canvas, self.layout, self.state.puzzle
        # Layers, back to front: tints, grid, pipes, bridge tiles, pipes over bridges, dots.
        under = "bridge" if puzzle.bridges else "dot"
        if not self._drawn:
            c.delete("all")
            width, height = layout.size
            c.create_rectangle(0, 0, width, height, fill="#000000", outline="", tags="bg")
            self._create(board_shapes(puzzle, layout), "grid")
            self._create(bridge_shapes(puzzle, layout), "bridge")
            self._create(dot_shapes(puzzle, layout), "dot")
            self._status = self._create([status_shape(self.state, layout)], "status")[0]
            self._drawn = [()] * len(self.state.paths)
        for i, path in enumerate(self.state.paths):
            if path == self._drawn[i]:
                continue
            c.delete(f"tint{i}", f"pipe{i}", f"over{i}")
            if self._create(tint_shapes(i, path, layout, puzzle), f"tint{i}"):
                c.tag_lower(f"tint{i}", "grid")
            if self._create(pipe_shapes(i, path, layout, puzzle), f"pipe{i}"):
                c.tag_lower(f"pipe{i}", under)
            if self._create(over_shapes(i, path, layout, puzzle), f"over{i}"):
                c.tag_lower(f"over{i}", "dot")
            self._drawn[i] = path
        status = status_shape(self.state, layout)
        c.itemconfigure(self._status, text=status.text)

    def _create(self, items: list[Shape], tag: str) -> list[int]:
        c, ids = self.canvas, []
        for shape in items:
            if isinstance(shape, Rect):
                ids.append(
                    c.create_rectangle(
                        *shape.box, fill=hex_colour(shape.fill), outline="", width=0, tags=tag
                    )
                )
            elif isinstance(shape, Pipe):
                ids.append(
                    c.create_line(
                        *[v for point in shape.points for v in point],
                        width=shape.width,
                        fill=hex_colour(shape.fill),
                        capstyle=tk.ROUND,
                        joinstyle=tk.ROUND,
                        tags=tag,
                    )
                )
            elif isinstance(shape, Disc):
                (x, y), r = shape.centre, shape.radius
                ids.append(
                    c.create_oval(
                        x - r, y - r, x + r, y + r, fill=hex_colour(shape.fill), outline="",
                        tags=tag,
                    )
                )  # fmt: skip
            elif isinstance(shape, Segment) and shape.width <= 1:
                # A pixel-wide band filled as a polygon leaves a steep line's
                # pixels apart (a dotted line); Tk's own line joins them.
                ids.append(
                    c.create_line(
                        *shape.a, *shape.b, width=1, fill=hex_colour(shape.fill), tags=tag
                    )
                )
            elif isinstance(shape, Polygon | Segment):
                points = shape.points if isinstance(shape, Polygon) else segment_corners(shape)
                ids.append(
                    c.create_polygon(
                        *[v for point in points for v in point], fill=hex_colour(shape.fill),
                        outline="", tags=tag,
                    )
                )  # fmt: skip
            else:
                ids.append(
                    c.create_text(
                        *shape.at,
                        text=shape.text,
                        fill=hex_colour(shape.fill),
                        anchor="w",
                        font=("TkDefaultFont", shape.size),
                        tags=tag,
                    )
                )
        return ids
