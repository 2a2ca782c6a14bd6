"""The local map projection: metres east and south of an origin, one block per metre.

An equirectangular projection on the WGS 84 ellipsoid, scaled at the origin's latitude by the
ellipsoid's radii of curvature there. Over the few kilometres of a map its scale error stays
below 0.1 %, well under a block, and it needs no projection library.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

WGS84_A = 6378137.0
WGS84_E2 = 6.69437999014e-3
PROJECTION_NAME = "local-equirectangular-wgs84"


@dataclass(frozen=True)
class LocalProjection:
    """Block coordinates (x east, z south, metres) around (lat0, lon0)."""

    lat0: float
    lon0: float

    @property
    def metres_per_degree(self) -> tuple[float, float]:
        """Metres per degree of longitude (east) and of latitude (north) at the origin."""
        phi = math.radians(self.lat0)
        w = math.sqrt(1.0 - WGS84_E2 * math.sin(phi) ** 2)
        prime_vertical = WGS84_A / w
        meridional = WGS84_A * (1.0 - WGS84_E2) / w**3
        return math.radians(1) * prime_vertical * math.cos(phi), math.radians(1) * meridional

    def to_xz(self, lonlat: np.ndarray) -> np.ndarray:
        """(n, 2) lon/lat degrees to (n, 2) x, z metres."""
        kx, kz = self.metres_per_degree
        lonlat = np.asarray(lonlat, dtype=np.float64).reshape(-1, 2)
        return np.stack([(lonlat[:, 0] - self.lon0) * kx, (self.lat0 - lonlat[:, 1]) * kz], 1)

    def to_lonlat(self, xz: np.ndarray) -> np.ndarray:
        """(n, 2) x, z metres back to lon/lat degrees."""
        kx, kz = self.metres_per_degree
        xz = np.asarray(xz, dtype=np.float64).reshape(-1, 2)
        return np.stack([self.lon0 + xz[:, 0] / kx, self.lat0 - xz[:, 1] / kz], 1)


def projection_for_box(box: tuple[float, float, float, float]) -> LocalProjection:
    """The projection centred on a lon/lat box (min lon, min lat, max lon, max lat)."""
    return LocalProjection(lat0=(box[1] + box[3]) / 2.0, lon0=(box[0] + box[2]) / 2.0)
