"""Cameras: where the eye is, where it looks, and how world points land on the screen.

Minecraft's conventions: yaw 0 looks south (+Z), 90 west (-X); pitch + looks down; the FOV
setting is the vertical field of view. Positions are float64 world coordinates; the GL side gets
everything relative to the eye (float32 is exact enough near the eye even at x = -8.5 million).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
        forward = look_vector(self.yaw, self.pitch)
        # right = forward x up, using the yaw alone so that looking straight up or down works
        y = math.radians(self.yaw)
        right = np.array([-math.cos(y), 0.0, -math.sin(y)])
        up = np.cross(right, forward)
        return np.stack([right, up, -forward])

    def projection(self) -> np.ndarray:
        f = 1.0 / math.tan(math.radians(self.fov) / 2.0)
        near, far = NEAR, self.far
        return np.array(
            [
                [f / self.aspect, 0, 0, 0],
                [0, f, 0, 0],
                [0, 0, (far + near) / (near - far), 2 * far * near / (near - far)],
                [0, 0, -1, 0],
            ]
        )

    def view_projection(self) -> np.ndarray:
        """Clip-from-eye-relative-world matrix (4x4): feed it positions minus the eye."""
        view = np.eye(4)
        view[:3, :3] = self.rotation()
        return self.projection() @ view

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
        m = self.view_projection()
        planes = np.array(
            [m[3] + m[0], m[3] - m[0], m[3] + m[1], m[3] - m[1], m[3] + m[2], m[3] - m[2]]
        )
        return planes / np.linalg.norm(planes[:, :3], axis=1, keepdims=True)


def boxes_in_frustum(planes: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Which axis-aligned boxes (rows of eye-relative lo/hi corners) touch the frustum."""
    normals = planes[:, :3]
    # the corner of each box furthest along each plane's normal
    far = np.where(normals[None, :, :] >= 0, hi[:, None, :], lo[:, None, :])
    dist = np.einsum("bpk,pk->bp", far, normals) + planes[None, :, 3]
    return np.all(dist >= 0, axis=1)
