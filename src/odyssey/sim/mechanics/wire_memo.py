"""What redstone dust computed from its surroundings, kept while those surroundings stay the same
(``wire`` asks here first; a cache only: every answer is the one computing it again would give).

Two kinds of facts:

- *local* ones about one dust that read only blocks within two of it and do not depend on the
  power of other dust (any dust state counts the same in them): its own input from non-dust
  neighbours (``received_power(wires=False)``), the dust it links with, the dust it may link
  with either way, its connection shape. They are kept across changes of the world: a change
  forgets those of dust within two blocks of it (found by 4³ buckets), except a change that only set
  the power of a dust (``wire_only``, marked by the network update that made it). A change of
  one block whose shape class (``WireTables.shape_class``: all that links and shapes read of it)
  is the one last seen there (``classes``) forgets only the dust's own input: an observer
  pulsing or a lamp going on and off leaves links and shapes around them known. The world's
  change log (``World.changes_since``, which every block and block entity change enters) says
  what changed; when it no longer reaches back, everything is forgotten.
- facts about the world as it is at one revision (``target``: a dust's target power,
  ``quiet``: dust whose shape and power were found right), forgotten at any change.
"""

from __future__ import annotations

import weakref

from odyssey.sim.mechanics.wire_shapes import wire_tables

Pos = tuple[int, int, int]
REACH = 2  # blocks a local fact reads around its dust
BUCKET = 2  # bucket edge: 4 blocks (a shift)
MAX_CHANGES = 512  # more changes at once than this: forget everything instead of sorting
MAX_BUCKETS = 64  # a change box touching more buckets: forget everything
MAX_CLASSES = 4096  # positions whose shape class is remembered (more: start afresh)


class WireMemo:
    """The facts of one world (see the module docstring)."""

    def __init__(self, world) -> None:
        self.world = weakref.ref(world)
        self.revision = world.revision
        self.own: dict[Pos, int] = {}
        self.linked: dict[Pos, list[Pos]] = {}
        self.candidates: dict[Pos, list[Pos]] = {}
        self.shape: dict[tuple[Pos, bool], int] = {}  # shape with power 0, by was_dot
        self.buckets: dict[Pos, list[Pos]] = {}  # bucket -> dust with local facts in it
        self.known: set[Pos] = set()  # dust with local facts
        self.bounds: list[int] = []  # x0, y0, z0, x1, y1, z1 around ``known`` (may be larger)
        self.wire_only: set[int] = set()  # revisions that only set a dust's power
        self.target: dict[Pos, int] = {}
        self.quiet: dict[Pos, int] = {}
        # changed position -> the shape class there at the last sync (every fact kept was
        # found with that class there)
        self.classes: dict[Pos, int] = {}

    def add(self, pos: Pos) -> None:
        """Note that ``pos`` has local facts (so a change near forgets them)."""
        if pos not in self.known:
            self.known.add(pos)
            x, y, z = pos
            b = self.bounds
            if not b:
                b.extend((x, y, z, x, y, z))
            else:
                b[0], b[1], b[2] = min(b[0], x), min(b[1], y), min(b[2], z)
                b[3], b[4], b[5] = max(b[3], x), max(b[4], y), max(b[5], z)
            key = (pos[0] >> BUCKET, pos[1] >> BUCKET, pos[2] >> BUCKET)
            found = self.buckets.get(key)
            if found is None:
                self.buckets[key] = [pos]
            else:
                found.append(pos)

    def sync(self, world) -> None:
        """Catch up with the world's changes since the last look."""
        self.target = {}
        self.quiet = {}
        changes = world.changes_since(self.revision)
        first = self.revision + 1
        self.revision = world.revision
        wire_only, self.wire_only = self.wire_only, set()
        if not self.known:
            self.classes.clear()  # no facts to keep: classes seen before may go stale
            return
        if changes is None or len(changes) > MAX_CHANGES:
            self.forget_all()
            return
        if len(self.classes) > MAX_CLASSES:
            self.classes.clear()
        shape_class = wire_tables(world.registry).shape_class
        for i, box in enumerate(changes):
            if first + i in wire_only:
                continue
            x0, y0, z0, x1, y1, z1 = box
            if x1 - x0 == 1 and y1 - y0 == 1 and z1 - z0 == 1:
                now = _class_at(world, shape_class, x0, y0, z0)
                own_only = now is not None and self.classes.get((x0, y0, z0)) == now
                if now is None:
                    self.classes.pop((x0, y0, z0), None)
                else:
                    self.classes[(x0, y0, z0)] = now
                if self.forget(box, own_only):
                    continue
            else:
                self.classes.clear()  # positions inside a box: classes unknown
                if self.forget(box):
                    continue
            self.forget_all()
            return

    def forget(self, box: tuple[int, int, int, int, int, int], own_only: bool = False) -> bool:
        """Forget the local facts of dust within ``REACH`` of a changed box (``own_only``: only
        their own inputs); False when the box is too large to go through bucket by bucket."""
        x0, y0, z0, x1, y1, z1 = box
        b = self.bounds
        if not b or (x1 + REACH <= b[0] or x0 - REACH > b[3] or y1 + REACH <= b[1]
                     or y0 - REACH > b[4] or z1 + REACH <= b[2] or z0 - REACH > b[5]):  # fmt: skip
            return True  # no dust with facts near
        xs = range((x0 - REACH) >> BUCKET, ((x1 - 1 + REACH) >> BUCKET) + 1)
        ys = range((y0 - REACH) >> BUCKET, ((y1 - 1 + REACH) >> BUCKET) + 1)
        zs = range((z0 - REACH) >> BUCKET, ((z1 - 1 + REACH) >> BUCKET) + 1)
        if len(xs) * len(ys) * len(zs) > MAX_BUCKETS:
            return False
        buckets = self.buckets
        x0, y0, z0 = x0 - REACH, y0 - REACH, z0 - REACH
        x1, y1, z1 = x1 + REACH, y1 + REACH, z1 + REACH
        for bx in xs:
            for by in ys:
                for bz in zs:
                    found = buckets.get((bx, by, bz))
                    if found is None:
                        continue
                    if own_only:
                        for pos in found:
                            x, y, z = pos
                            if x0 <= x < x1 and y0 <= y < y1 and z0 <= z < z1:
                                self.own.pop(pos, None)
                        continue
                    kept = []
                    for pos in found:
                        x, y, z = pos
                        if x0 <= x < x1 and y0 <= y < y1 and z0 <= z < z1:
                            self._drop(pos)
                        else:
                            kept.append(pos)
                    if kept:
                        buckets[(bx, by, bz)] = kept
                    else:
                        del buckets[(bx, by, bz)]
        return True

    def _drop(self, pos: Pos) -> None:
        self.known.discard(pos)
        self.own.pop(pos, None)
        self.linked.pop(pos, None)
        self.candidates.pop(pos, None)
        self.shape.pop((pos, False), None)
        self.shape.pop((pos, True), None)

    def forget_all(self) -> None:
        self.classes.clear()
        self.own.clear()
        self.linked.clear()
        self.candidates.clear()
        self.shape.clear()
        self.buckets.clear()
        self.known.clear()
        self.bounds.clear()


def _class_at(world, shape_class: list[int], x: int, y: int, z: int) -> int | None:
    """The shape class of the block at (x, y, z); None when its chunk is not in memory (never
    loaded for this)."""
    chunk = world.loaded_chunk(x >> 4, z >> 4)
    if chunk is None:
        return None
    section = chunk.sections.get(y >> 4)
    state = 0 if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))
    return shape_class[state]


# the memo of the one world being worked on: read directly by wire.neighbour_changed's hot path
# when it is up to date (``memo(world)`` otherwise)
CURRENT: list[WireMemo | None] = [None]


def memo(world) -> WireMemo:
    """The world's memo, caught up with its changes (one world at a time: another forgets)."""
    found = CURRENT[0]
    if found is None or found.world() is not world:
        found = CURRENT[0] = WireMemo(world)
    elif found.revision != world.revision:
        found.sync(world)
    return found


def mark_wire_only(world, first: int, last: int) -> None:
    """Revisions ``first..last`` of ``world`` only set the power of dust (same shape)."""
    found = CURRENT[0]
    if found is not None and found.world() is world and found.revision < first:
        found.wire_only.update(range(first, last + 1))
