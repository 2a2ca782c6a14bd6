"""What redstone dust computed from its surroundings, kept while those surroundings stay the same
(``wire`` asks here first; a cache only: every answer is the one computing it again would give).

Two kinds of facts:

- *local* ones about one dust that read only blocks within two of it and do not depend on the
  power of other dust (any dust state counts the same in them): its own input from non-dust
  neighbours (``received_power(wires=False)``), the dust it links with, the dust it may link
  with either way, its connection shape. They are kept across changes of the world: a change
  forgets those of dust within two blocks of it (found by 4³ buckets), except a change that only set
  the power of a dust (``wire_only``, marked by the network update that made it). The world's
  change log (``World.changes_since``, which every block and block entity change enters) says
  what changed; when it no longer reaches back, everything is forgotten.
- facts about the world as it is at one revision (``target``: a dust's target power,
  ``quiet``: dust whose shape and power were found right), forgotten at any change.
"""

from __future__ import annotations

import weakref

Pos = tuple[int, int, int]
REACH = 2  # blocks a local fact reads around its dust
BUCKET = 2  # bucket edge: 4 blocks (a shift)
MAX_CHANGES = 512  # more changes at once than this: forget everything instead of sorting
MAX_BUCKETS = 64  # a change box touching more buckets: forget everything


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
        self.wire_only: set[int] = set()  # revisions that only set a dust's power
        self.target: dict[Pos, int] = {}
        self.quiet: dict[Pos, int] = {}

    def add(self, pos: Pos) -> None:
        """Note that ``pos`` has local facts (so a change near forgets them)."""
        if pos not in self.known:
            self.known.add(pos)
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
            return
        if changes is None or len(changes) > MAX_CHANGES:
            self.forget_all()
            return
        for i, box in enumerate(changes):
            if first + i not in wire_only and not self.forget(box):
                self.forget_all()
                return

    def forget(self, box: tuple[int, int, int, int, int, int]) -> bool:
        """Forget the local facts of dust within ``REACH`` of a changed box; False when the box
        is too large to go through bucket by bucket."""
        x0, y0, z0, x1, y1, z1 = box
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
        self.own.clear()
        self.linked.clear()
        self.candidates.clear()
        self.shape.clear()
        self.buckets.clear()
        self.known.clear()


_MEMO: list[WireMemo | None] = [None]


def memo(world) -> WireMemo:
    """The world's memo, caught up with its changes (one world at a time: another forgets)."""
    found = _MEMO[0]
    if found is None or found.world() is not world:
        found = _MEMO[0] = WireMemo(world)
    elif found.revision != world.revision:
        found.sync(world)
    return found


def mark_wire_only(world, first: int, last: int) -> None:
    """Revisions ``first..last`` of ``world`` only set the power of dust (same shape)."""
    found = _MEMO[0]
    if found is not None and found.world() is world and found.revision < first:
        found.wire_only.update(range(first, last + 1))
