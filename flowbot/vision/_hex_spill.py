"""With pipes drawn, each side's width as the lines' colour's share of the pixels across it, the
ground under the line any mix of the board's ground and its two faces' tints.

The game lays each flow's tint over the hexagons it covers, a polygon filled
smoothed, then draws the lines over it. A smoothed fill reaches a little past
its side: along a side between two tinted hexagons both tints lie under the
line and beside it, one over the other, and along a side between a tinted
hexagon and the plain ground the tint runs past the line onto the other face.
So the ground beside a thin line is neither face's: two tints overlapping are
brighter than either, and where that mix leans towards the lines' colour the
line's shares over a ground stepping from one face to the other
(``_hex_coverage.CoveredInks``) grow by it: 1 px lines in small hexagons
measured 1.3-1.6 px against the outline's 1.7-1.9 (synthetic hex tiny cells
300016 started, a grey tint over a yellow one under a greenish grey line).

A tint laid over a pixel at any coverage moves it from what lies under it
towards the flow's colour; over the board's ground ``B`` each face's tint is
its step from ``B`` (``g - B``), and one tint over another moves the pixel by
the second's step less a share of the first's, still along the two. So a
pixel across the side, the line's colour ``L`` over a share ``s`` of it, is
``B + s (L - B)`` plus some of each face's step whatever the tints' coverage
there: the share is the pixel's component along ``L - B`` away from the faces'
steps (least squares over the three channels). Where the lines' colour lies
along the faces' steps (a grey line beside a white flow's grey tint), within
the line contrast, colour cannot tell the line from a tint: that side is
measured as ``CoveredInks`` does.

The board's ground is where no tint lies: the faces of hexagons no pipe
touches and past the outline (the median of them all).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from flowbot.vision._hex_board import PEAK_NEAR, HexSides, _hump_ink
from flowbot.vision._hex_coverage import _SCALE, CoveredInks, _colour_profiles, _shares
from flowbot.vision._hex_faces import FacedInks


class SpilledInks(CoveredInks):
    """The sides' widths as the lines' colour's share of each pixel across them, over the
    board's ``ground`` and any of their two faces' tints (``_hex_board.Inks``)."""

    def __init__(self, faced: FacedInks, ground: np.ndarray, colour: np.ndarray) -> None:
        """``ground``: the board's ground colour (``board_ground``); ``colour``: the lines'
        (``outline_colour``)."""
        super().__init__(faced)
        self.ground = np.asarray(ground, np.float64)
        self.colour = np.asarray(colour, np.float64)

    def widths(self, sides: np.ndarray, across: float) -> np.ndarray:
        """The width of the line along each of the sides ``(n, 2, 2)``, in pixels."""
        if not len(sides):
            return np.zeros(0)
        sides = sides - self.origin
        _, either = self.faced.looks(sides, across)
        profiles, offsets = _colour_profiles(self.image, sides, across)
        return np.array(
            [
                self._width(self._spilled(profile, ground, offsets), offsets)
                for profile, ground in zip(profiles, either[..., :3], strict=True)
            ]
        )

    def _spilled(self, profile: np.ndarray, faces: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """The lines' colour's share of each step of ``profile`` over the ground and any
        of the tints of its two ``faces``; as ``_hex_coverage._shares`` where colour cannot
        tell the line from the tints."""
        line = self.colour - self.ground
        # (the faces' steps from the ground, as many apart as their colours tell)
        steps, strength, _ = np.linalg.svd((faces - self.ground).T, full_matrices=False)
        tints = steps[:, strength >= self.faced.contrast]
        away = line - tints @ (tints.T @ line)
        if np.linalg.norm(away) < self.faced.contrast:
            return _shares(profile, offsets, faces, self.colour)
        basis = np.concatenate([tints, line[:, None]], axis=1)
        found, *_ = np.linalg.lstsq(basis, (profile - self.ground).T, rcond=None)
        return np.asarray(found[-1])

    def _width(self, share: np.ndarray, offsets: np.ndarray) -> float:
        return _hump_ink(np.maximum(share, 0.0) * _SCALE, offsets) / _SCALE


def board_ground(sides: HexSides, faced: FacedInks) -> np.ndarray:
    """The board's ground colour under its tints: the median of the faces of the hexagons
    no drawn pipe touches and of the outline's outer faces (``faced``'s look)."""
    ends, reach = sides.ends
    corners = np.array(list(ends.values()), np.float64) - faced.origin
    _, either = faced.looks(corners, reach)
    touched = {node for side in sides.crossed for node in side}
    plain = []
    # (a side runs clockwise round its first hexagon: its face is the second one)
    for (node, other), faces in zip(ends, either[..., :3], strict=True):
        if other not in sides.cells or other not in touched:
            plain.append(faces[0])
        if node not in touched:
            plain.append(faces[1])
    return np.median(np.array(plain), axis=0)


def spilled_lead(sides: HexSides) -> HexSides:
    """``sides`` (after ``_hex_coverage.covered_lead``) measured by ``SpilledInks`` where
    no measure before fell into clear groups (each side's clearest channel's left to check
    the walls by, ``inks_faced``) and these do; else as they are. A board whose outline the
    sides do not measure wider than its lines along some direction is left as it is: an
    outline as thin as the lines draws no walls (``_hex_thin``), not for this measure to find."""
    if not isinstance(sides.inks, FacedInks) or sides.groups is None or sides.clear_groups:
        return sides
    faced = sides.inks
    inks = SpilledInks(faced, board_ground(sides, faced), outline_colour(sides, faced))
    spilled = replace(sides, inks=inks, inks_faced=faced)
    return spilled if spilled.clear_groups else sides


def outline_colour(sides: HexSides, faced: FacedInks) -> np.ndarray:
    """The lines' own colour, as the outline shows it whole: the median over its sides of the
    step across each (``PEAK_NEAR`` of its middle) farthest from both its faces (``faced``'s
    look). The outline is twice a thin line's width or more, a pixel of it the lines' colour
    alone; a thin line's brightest pixels, in each channel apart (``line_level``), take in a
    tints' overlap beside it, brighter than the line in a channel."""
    _, outline = sides.widths
    ends = np.array([[side.a, side.b] for side in outline], np.float64) - faced.origin
    _, reach = sides.ends
    _, either = faced.looks(ends, reach)
    profiles, offsets = _colour_profiles(cv2.merge(faced.channels[:3]), ends, reach)
    near = np.abs(offsets) <= PEAK_NEAR
    found = []
    for profile, faces in zip(profiles[:, near], either[..., :3], strict=True):
        apart = np.linalg.norm(profile[:, None, :] - faces[None, :, :], axis=2).min(axis=1)
        found.append(profile[int(np.argmax(apart))])
    return np.median(np.array(found), axis=0)
