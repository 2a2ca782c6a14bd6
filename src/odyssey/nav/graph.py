"""The movement graph, built lazily: tiles of standing places are computed the first time a
search or query touches them, so a city of several square kilometres needs no pass over the
whole map. Nodes are places; their ids index flat arrays that grow as tiles arrive."""

from __future__ import annotations

import math

import numpy as np

from odyssey.nav.doors import SWITCH_DEPTH, face_normal, openers_in
from odyssey.nav.profile import MovementProfile, profile
from odyssey.nav.surfaces import (
    F_DOOR,
    F_IRON,
    TILE,
    compute_tile,
    lattice_offset,
    points_per_tile,
)
from odyssey.nav.tables import nav_tables
from odyssey.world.storage import World

ABOVE_FEET = 0.6  # a place higher than this above the feet is one the player would step up to


class NavGraph:
    """Standing places of one world under one movement profile."""

    def __init__(self, world: World, prof: MovementProfile | str = "odyssey") -> None:
        self.world = world
        self.profile = profile(prof)
        self.tables = nav_tables(world.registry, self.profile)
        self.step = self.profile.lattice
        self.off = lattice_offset(self.step)
        self.points = points_per_tile(self.step)
        self.revision = world.revision
        self._reset()

    def _reset(self) -> None:
        pp = self.points * self.points
        self.tiles: dict[tuple[int, int], int] = {}
        self.slots_used = 0
        self.tile_off = np.zeros((16, pp + 1), np.int32)
        self.tile_origin = np.zeros((16, 2), np.int64)
        self.map_origin = (0, 0)
        self.tile_map = np.full((1, 1), -1, np.int32)
        self.count = 0
        self.garbage = 0  # nodes of tiles computed again after a change
        cap = 1 << 16
        self.node_h = np.zeros(cap, np.float32)
        self.node_c = np.zeros(cap, np.float32)
        self.node_f = np.zeros(cap, np.uint8)
        self.node_gx = np.zeros(cap, np.int32)
        self.node_gz = np.zeros(cap, np.int32)
        self.openers = np.zeros((0, 6), np.float64)
        self.opener_blocks: list[tuple[int, int, int]] = []
        self.iron_tiles: set[tuple[int, int]] = set()

    def refresh(self) -> None:
        """Forget the tiles the world changed since they were computed (a door opened): they
        are computed again when next needed. Their old nodes stay unused in the arrays until
        half of the arrays is such garbage, then everything starts afresh."""
        if self.world.revision == self.revision:
            return
        changes = self.world.changes_since(self.revision)
        self.revision = self.world.revision
        if changes is None or self.garbage * 2 > max(self.count, 1):
            self._reset()
            return
        stale = set()
        for x0, _, z0, x1, _, z1 in changes:
            # places depend on the blocks one beyond their tile (footprints reach over)
            for tx in range((x0 - 1) // TILE, x1 // TILE + 1):
                for tz in range((z0 - 1) // TILE, z1 // TILE + 1):
                    if (tx, tz) in self.tiles:
                        stale.add((tx, tz))
        ox, oz = self.map_origin
        for key in stale:
            slot = self.tiles.pop(key)
            self.garbage += int(self.tile_off[slot, -1] - self.tile_off[slot, 0])
            self.tile_map[key[1] - oz, key[0] - ox] = -1
            self.iron_tiles.discard(key)
        if stale:
            # openers are found again from the tiles that remain and the ones recomputed
            self.openers = np.zeros((0, 6), np.float64)
            self.opener_blocks = []
            for key in list(self.iron_tiles):
                self.iron_tiles.discard(key)
                self._add_openers(*key)

    # -- coordinates ----------------------------------------------------------------------------

    def point_of(self, x: float, z: float) -> tuple[int, int]:
        """The lattice point nearest to (x, z)."""
        return round((x - self.off) / self.step), round((z - self.off) / self.step)

    def coords(self, gx: int, gz: int) -> tuple[float, float]:
        return gx * self.step + self.off, gz * self.step + self.off

    def tile_of(self, gx: int, gz: int) -> tuple[int, int]:
        return gx // self.points, gz // self.points

    # -- tiles ----------------------------------------------------------------------------------

    def ensure(self, tx: int, tz: int) -> int:
        """The slot of tile (tx, tz), computing its places if needed."""
        slot = self.tiles.get((tx, tz))
        if slot is not None:
            return slot
        h, c, f, offsets = compute_tile(
            self.world, self.tables, self.step, self.profile.body_height, tx, tz
        )
        slot = self.slots_used
        self.slots_used += 1
        if slot >= len(self.tile_off):
            self.tile_off = np.concatenate([self.tile_off, np.zeros_like(self.tile_off)])
            self.tile_origin = np.concatenate([self.tile_origin, np.zeros_like(self.tile_origin)])
        n = len(h)
        self._grow(self.count + n)
        s = slice(self.count, self.count + n)
        self.node_h[s], self.node_c[s], self.node_f[s] = h, c, f
        local = np.repeat(np.arange(self.points * self.points), np.diff(offsets))
        self.node_gx[s] = tx * self.points + local % self.points
        self.node_gz[s] = tz * self.points + local // self.points
        self.tile_off[slot] = offsets + self.count
        self.tile_origin[slot] = (tx, tz)
        self.count += n
        self.tiles[(tx, tz)] = slot
        self._place_in_map(tx, tz, slot)
        if n and (f & F_IRON).any():
            self._add_openers(tx, tz)
        return slot

    def _grow(self, need: int) -> None:
        cap = len(self.node_h)
        if need <= cap:
            return
        while cap < need:
            cap *= 2
        for name in ("node_h", "node_c", "node_f", "node_gx", "node_gz"):
            old = getattr(self, name)
            new = np.zeros(cap, old.dtype)
            new[: len(old)] = old
            setattr(self, name, new)

    def _place_in_map(self, tx: int, tz: int, slot: int) -> None:
        ox, oz = self.map_origin
        h, w = self.tile_map.shape
        if not (ox <= tx < ox + w and oz <= tz < oz + h):
            nx0, nz0 = min(ox, tx - 8), min(oz, tz - 8)
            nx1, nz1 = max(ox + w, tx + 9), max(oz + h, tz + 9)
            grown = np.full((nz1 - nz0, nx1 - nx0), -1, np.int32)
            grown[oz - nz0 : oz - nz0 + h, ox - nx0 : ox - nx0 + w] = self.tile_map
            self.tile_map, self.map_origin = grown, (nx0, nz0)
            ox, oz = nx0, nz0
        self.tile_map[tz - oz, tx - ox] = slot

    def _add_openers(self, tx: int, tz: int) -> None:
        """Buttons and levers that open the closed iron doors of this tile."""
        if (tx, tz) in self.iron_tiles:
            return
        self.iron_tiles.add((tx, tz))
        found = openers_in(self.world, tx * TILE, tz * TILE, TILE)
        new = [p for p in found if p not in self.opener_blocks]
        if new:
            self.opener_blocks.extend(new)
            rows = []
            for pos in new:
                n = face_normal(self.world, pos)
                # the front of the button: 2/16 out from the face it sits on
                front = [pos[a] + 0.5 - n[a] * (0.5 - SWITCH_DEPTH) for a in range(3)]
                rows.append((*front, *n))
            self.openers = np.vstack([self.openers, np.array(rows, np.float64)])

    # -- places ---------------------------------------------------------------------------------

    def places_at(self, gx: int, gz: int) -> range:
        """Node ids of the places above lattice point (gx, gz), lowest first."""
        tx, tz = self.tile_of(gx, gz)
        slot = self.ensure(tx, tz)
        local = (gz - tz * self.points) * self.points + (gx - tx * self.points)
        return range(int(self.tile_off[slot, local]), int(self.tile_off[slot, local + 1]))

    def position(self, node: int) -> tuple[float, float, float]:
        x, z = self.coords(int(self.node_gx[node]), int(self.node_gz[node]))
        return (x, float(self.node_h[node]), z)

    def nearest(self, pos: tuple[float, float, float], radius: float = 4.0) -> int | None:
        """The standing place nearest to ``pos`` within ``radius`` blocks (3-D), or None.
        Places at or below the feet come first: a player caught mid-jump beside a wall stands
        on the floor it will land on, not on the wall's top."""
        x, y, z = pos
        gx, gz = self.point_of(x, z)
        reach = math.ceil(radius / self.step)
        best, best_d = None, math.inf
        for dz in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                px, pz = self.coords(gx + dx, gz + dz)
                dh = math.hypot(px - x, pz - z)
                if dh > best_d:
                    continue
                for node in self.places_at(gx + dx, gz + dz):
                    h = float(self.node_h[node])
                    d = math.hypot(dh, h - y)
                    if d > radius + 1e-9:
                        continue
                    if h > y + ABOVE_FEET:
                        d += 2 * radius  # only if nothing lies under the feet
                    if self.node_f[node] & (F_DOOR | F_IRON):
                        d += 4 * radius  # inside a closed door: nobody can stand there
                    if d < best_d - 1e-9:
                        best, best_d = node, d
        return best
