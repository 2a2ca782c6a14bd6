"""Cameras: where the eye is, where it looks, and how world points land on the screen.

Minecraft's conventions: yaw 0 looks south (+Z), 90 west (-X); pitch + looks down; the FOV
setting is the vertical field of view. Positions are float64 world coordinates; the GL side gets
everything relative to the eye (float32 is exact enough near the eye even at x = -8.5 million).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

NEAR = 0.05  # vanilla's near plane
THIRD_PERSON_DISTANCE = 4.0  # vanilla's camera distance behind the player (F5)

# The six-view composite as Mine Odyssey's panorama lays it out: up, feet, main / left, back, right.
SIX_VIEWS: tuple[tuple[str, float, float], ...] = (
    ("up", 0.0, -90.0),
    ("feet", 0.0, 90.0),
    ("main", 0.0, 0.0),
    ("left", -90.0, 0.0),
    ("back", 180.0, 0.0),
    ("right", 90.0, 0.0),
)


def look_vector(yaw: float, pitch: float) -> np.ndarray:
    """Unit vector of the view direction for a Minecraft yaw and pitch (degrees)."""
    y, p = math.radians(yaw), math.radians(pitch)
    return np.array([-math.sin(y) * math.cos(p), -math.sin(p), math.cos(y) * math.cos(p)])


@dataclass(frozen=True)
class Camera:
    """An eye position (float64), a view direction and a perspective projection."""

    eye: tuple[float, float, float]
    yaw: float
    pitch: float
    fov: float  # vertical, degrees
    aspect: float
    far: float

    def rotation(self) -> np.ndarray:
        """World-to-view rotation (3x3): view x right, y up, z towards the viewer."""
        return _rotation(self.yaw, self.pitch)

    def projection(self) -> np.ndarray:
        return _projection(self.fov, self.aspect, self.far)

    def view_projection(self) -> np.ndarray:
        """Clip-from-eye-relative-world matrix (4x4): feed it positions minus the eye.
        Read-only: it depends only on the direction and the lens, and is cached by them."""
        return _view_projection(self.yaw, self.pitch, self.fov, self.aspect, self.far)

    def project(self, points: np.ndarray, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
        """Screen pixels (x right, y down) of world points, and whether each is in front of the
        eye (behind-the-eye points get meaningless pixels)."""
        rel = np.atleast_2d(np.asarray(points, np.float64)) - np.asarray(self.eye)
        clip = np.c_[rel, np.ones(len(rel))] @ self.view_projection().T
        w = clip[:, 3]
        front = w > NEAR
        safe = np.where(front, w, 1.0)
        sx = (clip[:, 0] / safe * 0.5 + 0.5) * width
        sy = (0.5 - clip[:, 1] / safe * 0.5) * height
        return np.c_[sx, sy], front

    def frustum_planes(self) -> np.ndarray:
        """Six planes (a, b, c, d) in eye-relative world space; inside means a·p + d >= 0."""
        return _frustum_planes(self.yaw, self.pitch, self.fov, self.aspect, self.far)


# The matrices depend on the direction and the lens only (positions are eye-relative), so a
# camera that only moves, or does not change at all between frames, reuses them. A few entries:
# the six-view composite asks for six directions per frame.


def _rotation(yaw: float, pitch: float) -> np.ndarray:
    forward = look_vector(yaw, pitch)
    # right = forward x up, using the yaw alone so that looking straight up or down works
    y = math.radians(yaw)
    r0, r1, r2 = -math.cos(y), 0.0, -math.sin(y)
    f0, f1, f2 = (float(v) for v in forward)
    # right x forward, term by term as np.cross computes it (the same bits, without its overhead)
    up = (r1 * f2 - r2 * f1, r2 * f0 - r0 * f2, r0 * f1 - r1 * f0)
    return np.array([(r0, r1, r2), up, (-f0, -f1, -f2)])


def _projection(fov: float, aspect: float, far: float) -> np.ndarray:
    f = 1.0 / math.tan(math.radians(fov) / 2.0)
    near = NEAR
    return np.array(
        [
            [f / aspect, 0, 0, 0],
            [0, f, 0, 0],
            [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)],
            [0, 0, -1, 0],
        ]
    )


@lru_cache(maxsize=8)
def _view_projection(yaw: float, pitch: float, fov: float, aspect: float, far: float) -> np.ndarray:
    view = np.eye(4)
    view[:3, :3] = _rotation(yaw, pitch)
    vp = _projection(fov, aspect, far) @ view
    vp.flags.writeable = False
    return vp


@lru_cache(maxsize=8)
def _frustum_planes(yaw: float, pitch: float, fov: float, aspect: float, far: float) -> np.ndarray:
    m = _view_projection(yaw, pitch, fov, aspect, far)
    planes = np.array(
        [m[3] + m[0], m[3] - m[0], m[3] + m[1], m[3] - m[1], m[3] + m[2], m[3] - m[2]]
    )
    planes = planes / np.linalg.norm(planes[:, :3], axis=1, keepdims=True)
    planes.flags.writeable = False
    return planes


def boxes_in_frustum(planes: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Which axis-aligned boxes (rows of eye-relative lo/hi corners) touch the frustum."""
    normals = planes[:, :3]
    # the corner of each box furthest along each plane's normal
    far = np.where(normals[None, :, :] >= 0, hi[:, None, :], lo[:, None, :])
    dist = np.einsum("bpk,pk->bp", far, normals) + planes[None, :, 3]
    return np.all(dist >= 0, axis=1)
